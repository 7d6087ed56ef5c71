"""The generic reader: a parsed TOML document checked against its Description.

Each description is compiled once into nested reader functions (lookup
tables and message texts prepared, nothing built per value on the happy
path); a value that does not fit raises a ``DataError`` located at its key
path: ``FILE:LINE: key.path: …``, then one whole sentence per case: a wrong
value (named by ``refcli.reading.tables.describe``, as the games' own checks name
it), a missing key, a wrong count, or a sentence of its own (``refcli.reading.tables``
says why the cases).
A document is first read by the description's fast path
(``refcli.reading.formats.fast``: the same checks in one function, no call per
value); only a document it does not accept goes through the nested readers,
which then say where and why.

Keys that name one of the players are read after the key that lists the
players (the roster), wherever they are declared: the names they must be
among are known by then.

A description is read with its game's Spanish words (``refcli.reading.formats.spanish``):
a choice, a constant (``game``, ``situation``) or an event's type may be one
of them, or another of the game's names, matched ignoring case, accents and
blanks; the value read is the English word.

Messages are written when a value fails, in the language of the moment
(``refcli.language.i18n``): the fragments a description gives (``what``, ``expected``,
``number``, ``missing``, a player's ``role``; marked ``N_`` where written) are
translated where they are put in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from refcli.language.folding import fold as fold_word
from refcli.language.forms import meaning as other_form
from refcli.language.i18n import N_, _, language, ngettext
from refcli.language.suggestions import hint
from refcli.language.visible import clip, visible
from refcli.model.errors import DataError
from refcli.reading import player_names as naming
from refcli.reading.documents import Document
from refcli.reading.formats.description import Description, Field, Type, folded_synonyms, reading_order
from refcli.reading.formats.fast import FastReader, compile_fast
from refcli.reading.formats.spanish import with_words as with_spanish_words
from refcli.reading.locate import KeyPath, PathPart, format_path
from refcli.reading.tables import MAX_NAME_LENGTH, describe, expected_only, missing_key, wrong_count, wrong_value
from refcli.reading.tables import not_among as not_among_choices
from refcli.reading.tables import out_of_range as out_of_range_of

if TYPE_CHECKING:
    from refcli.model.game import Game

# The plural of a map key's ``what``, as counts say it ("at most 5 currencies"): never an "s" glued on.
PLURAL_WHAT = {"currency": N_("currencies")}
NAME_EXPECTED = N_("a player's name (a non-empty string)")

Reader = Callable[[Any, "Context", KeyPath, PathPart | None], Any]


class Context:
    """What one reading of one document shares: the document (for errors) and the roster."""

    __slots__ = ("doc", "names")

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.names: list[str] | None = None

    def fail(self, path: KeyPath, expected: str, found: str | None = None, said: str = "") -> DataError:
        """A wrong value: ``found`` names the one value; both already in the language of the moment.

        ``said``: a did-you-mean (``refcli.language.suggestions.hint``), put after the sentence.
        """
        expected = self.named(expected)
        message = expected_only(expected) if found is None else wrong_value(expected, found)
        return self.located(path, message + said, found)

    def not_among(self, path: KeyPath, choices: str, found: str, said: str = "") -> DataError:
        """A word that is none of the choices (``choices``: already listed in the language of the moment)."""
        return self.located(path, not_among_choices(choices, found) + said, found)

    def out_of_range(self, path: KeyPath, expected: str, found: str) -> DataError:
        """An integer outside its range (``expected``: the range)."""
        return self.located(path, out_of_range_of(expected, found), found)

    def missing(self, path: KeyPath, expected: str) -> DataError:
        """A required key left out; ``expected``: what it should hold."""
        return self.located(path, missing_key(self.named(expected)), None)

    def count(self, path: KeyPath, expected: str, count: int) -> DataError:
        """Too few or too many items (``count`` of them); ``expected``: how many there must be."""
        return self.located(path, wrong_count(self.named(expected), count), None)

    def sentence(self, path: KeyPath, message: str) -> DataError:
        """A whole sentence of its own about the value at ``path`` (already translated)."""
        return self.located(path, message, None)

    def named(self, expected: str) -> str:
        return expected.replace("{names}", ", ".join(self.roster())) if "{names}" in expected else expected

    def located(self, path: KeyPath, message: str, found: str | None) -> DataError:
        line = self.doc.locator().line_of(path)
        return DataError(message, file=self.doc.name, line=line, path=format_path(path), found=found)

    def roster(self) -> list[str]:
        if self.names is None:  # a description that uses players before listing them: a bug, not bad input
            raise RuntimeError("a player key was read before the key listing the players")
        return self.names


def at(parent: KeyPath, key: PathPart | None) -> KeyPath:
    return parent if key is None else parent + (key,)


def read_document(
    desc: Description,
    doc: Document,
    data: dict[str, Any] | None = None,
    path: KeyPath = (),
    *,
    game: Game | None = None,
) -> dict[str, Any]:
    """The values of ``data`` (default: the whole document) as ``desc`` describes them.

    ``game``: the declaration of ``desc``'s game, when the caller has it (``refcli.reading.formats.read``).
    """
    compiled = _COMPILED.get(id(desc))
    if compiled is None or compiled[0] is not desc:
        compiled = compile_description(desc, game)
    value = doc.data if data is None else data
    try:  # the happy path, in one function (refcli.reading.formats.fast)
        return compiled[2](value, Context(doc))
    except Exception:  # noqa: BLE001 - any value it does not take is read again, the located way
        pass
    values: dict[str, Any] = compiled[1](value, Context(doc), path, None)
    return values


def compile_description(desc: Description, game: Game | None = None) -> tuple[Description, Reader, FastReader]:
    """``desc``'s nested readers (located errors) and its fast reader, compiled once and kept.

    ``game``: the declaration of ``desc``'s game (its Spanish words), else the registry is asked for it.
    """
    if len(_COMPILED) >= MAX_COMPILED:  # descriptions built per document (a bound range): never a leak
        _COMPILED.clear()
    worded = with_spanish_words(desc, game)
    compiled = (desc, table_reader(worded.fields, ""), compile_fast(worded, compile_type, roster_of))
    _COMPILED[id(desc)] = compiled
    return compiled


# Compiled once per description object (kept with it, so its id stays its own).
_COMPILED: dict[int, tuple[Description, Reader, FastReader]] = {}
MAX_COMPILED = 512


# -- what a message says (in the language of the moment: built only when a value fails) ------------
def integer_expected(t: Type) -> str:
    """``"an integer from 0 to 4"``, after the description's ``what`` when it gives one."""
    lo, hi = t.minimum or 0, t.maximum or 0
    if t.what:  # "a chip," as descriptions write it: a label here, before a colon
        what = _(t.what).rstrip(", ")
        if lo <= -ANY_INTEGER and hi >= ANY_INTEGER:  # any integer: the rules check its range, and say so
            return _("{what}: an integer").format(what=what)
        if hi == lo + 1:
            return _("{what}: an integer {minimum} or {maximum}").format(what=what, minimum=lo, maximum=hi)
        return _("{what}: an integer from {minimum} to {maximum}").format(what=what, minimum=lo, maximum=hi)
    if lo <= -ANY_INTEGER and hi >= ANY_INTEGER:
        return _("an integer")
    if hi == lo + 1:
        return _("an integer {minimum} or {maximum}").format(minimum=lo, maximum=hi)
    return _("an integer from {minimum} to {maximum}").format(minimum=lo, maximum=hi)


# A range this wide means "any integer": the value is read, and the rules judge it (a chip called as 2).
ANY_INTEGER = 10**6


def quoted_or(words: tuple[str, ...] | list[str]) -> str:
    quoted = [f'"{word}"' for word in words]
    if len(quoted) == 1:
        return quoted[0]
    return _("{words} or {last}").format(words=", ".join(quoted[:-1]), last=quoted[-1])


def one_of(words: tuple[str, ...] | list[str]) -> str:
    return _("one of {words}").format(words=", ".join(words))


def player_named(t: Type) -> str:
    """``"the auctioneer's name, one of {names}"`` (``{names}``: the players, put in by ``Context.fail``)."""
    return _("the {role}'s name, one of {names}").format(role=_(t.role), names="{names}")


def shape_expected(t: Type, key: str = "") -> str:
    """What a value of ``t`` is, as "expected …" says it when the value has the wrong shape."""
    kind = t.kind
    if t.expected and kind not in ("integer",):
        return _(t.expected)
    if kind == "integer":
        return integer_expected(t)
    if kind == "boolean":
        return _("true or false")
    if kind == "choice":
        return one_of(t.choices)
    if kind == "name":
        return _(NAME_EXPECTED)
    if kind == "player":
        return player_named(t)
    if kind == "names":
        return _("an array of {minimum} to {maximum} player names in seating order").format(
            minimum=t.minimum, maximum=t.maximum
        )
    if kind == "array":
        assert t.item is not None
        return _("an array of {what}").format(what=_(t.what) if t.what else shape_expected(t.item))
    if kind == "tables":
        return _("[[{key}]] tables ({what})").format(key=key, what=_(t.what))
    if kind == "union":
        return union_expected(t)
    if kind == "either":
        return _(t.phrase) if t.phrase else _(" or ").join(shape_expected(item, key) for item in t.items)
    return _("a table")  # table, map


def union_expected(t: Type) -> str:
    return _("the {what}: {words}").format(what=_(t.what), words=quoted_or([v.key for v in t.variants]))


def missing_expected(field: Field) -> str:
    """What a required key left out should hold, in the language of the moment."""
    t = field.type
    if field.missing:
        return _(field.missing)
    if t.kind == "tables" and t.minimum:
        return ngettext(
            "at least {minimum} [[{key}]] table ({what})",
            "at least {minimum} [[{key}]] tables ({what})",
            t.minimum,
        ).format(minimum=t.minimum, key=field.key, what=_(t.what))
    if t.kind == "integer":
        return integer_expected(t)
    if t.kind == "either" and not t.phrase:  # the last alternative is the one messages describe
        return missing_expected(field._replace(type=t.items[-1]))
    return shape_expected(t, field.key)


def count_expected(t: Type, noun: str) -> str:
    """How many items there must be; ``noun`` (what they are) is already translated."""
    if t.number:
        return _(t.number)
    if t.maximum is None:
        return _("at least {minimum} {items}").format(minimum=t.minimum, items=noun)
    if not t.minimum:
        return _("at most {maximum} {items}").format(maximum=t.maximum, items=noun)
    return _("{minimum} to {maximum} {items}").format(minimum=t.minimum, maximum=t.maximum, items=noun)


def suggestions(t: Type, words: tuple[str, ...] | list[str]) -> tuple[list[str], list[str]]:
    """The words "did you mean" picks among: ``words``, and the type's Spanish words (offered first to a Spanish
    run or Spanish-looking input, ``refcli.language.suggestions``)."""
    return list(words), [word for word, english in t.synonyms if word != english]


# -- compiling ----------------------------------------------------------------------
def compile_type(t: Type, key: str) -> Reader:
    """The reader of a value of ``t``; ``key`` is the field's key (messages about ``[[key]]`` tables use it)."""
    builder = _BUILDERS.get(t.kind)
    if builder is None:
        raise ValueError(f"unknown type kind {t.kind!r}")
    return builder(t, key)


def integer_reader(t: Type, key: str) -> Reader:
    lo, hi = t.minimum, t.maximum
    assert lo is not None and hi is not None

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        if type(value) is int and lo <= value <= hi:
            return value
        if type(value) is int:
            raise ctx.out_of_range(at(parent, k), integer_expected(t), describe(value))
        raise ctx.fail(at(parent, k), integer_expected(t), describe(value))

    return read


def boolean_reader(t: Type, key: str) -> Reader:
    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        if value is True or value is False:
            return value
        raise ctx.fail(at(parent, k), _("true or false"), describe(value))

    return read


def string_reader(t: Type, key: str) -> Reader:
    expected = t.expected or N_("a string")

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        if type(value) is str:
            return value
        raise ctx.fail(at(parent, k), _(expected), describe(value))

    return read


def choice_reader(t: Type, key: str) -> Reader:
    words = frozenset(t.choices)
    fold = t.fold
    synonyms = folded_synonyms(t)
    near = suggestions(t, t.choices)

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        if type(value) is str:
            word = value.strip().casefold() if fold else value
            if word in words:
                return word
            if synonyms:  # a Spanish word, or an English one in another case (the fast path does the same)
                found = synonyms.get(fold_word(value))
                if found is not None:
                    return found
                found = other_form(value, synonyms)  # a plural: "Dobles", "gatos"
                if found is not None:
                    return found
        if type(value) is str and not t.expected:
            raise ctx.not_among(at(parent, k), ", ".join(t.choices), describe(value), hint(value, *near))
        raise ctx.fail(at(parent, k), shape_expected(t), describe(value), hint(value, *near))

    return read


def read_name(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> str:
    """A new player's name: non-empty, printable, on one line, short enough for a table; NFC (``refcli.reading.player_names``).

    Each name read is noted on the document: names that only look different are warned about once it is read.
    """
    if type(value) is str:
        name = naming.normal(value)
        if name and len(name) <= MAX_NAME_LENGTH and name.isprintable():
            ctx.doc.names[name] = None
            return name
    if not isinstance(value, str) or not value.strip():
        raise ctx.fail(at(parent, k), _(NAME_EXPECTED), describe(value))
    name = naming.normal(value)
    if naming.has_control(name):
        raise ctx.fail(at(parent, k), _("a name without control characters"), describe(value))
    if naming.has_line_break(name):
        raise ctx.fail(at(parent, k), _("a name on one line (no line or paragraph separator)"), describe(value))
    if len(name) > MAX_NAME_LENGTH:
        raise ctx.sentence(
            at(parent, k),
            _("the name has {count} characters; a name has at most {maximum}").format(
                count=len(name), maximum=MAX_NAME_LENGTH
            ),
        )
    ctx.doc.names[name] = None
    return name  # printable by the rules (e.g. a no-break space), if not by str.isprintable


def name_reader(t: Type, key: str) -> Reader:
    return read_name


def player_reader(t: Type, key: str) -> Reader:
    def wrong() -> str:
        if t.expected:
            return _(t.expected)
        return _("the {role}: one of the players ({names})").format(role=_(t.role), names="{names}")

    def not_text() -> str:
        return _(t.expected) if t.expected else player_named(t)

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        names = ctx.names
        if names is not None and value in names:  # the usual case: before any message is built
            return listed(value, names)
        names = ctx.roster()
        if type(value) is not str:
            raise ctx.fail(at(parent, k), not_text(), describe(value))
        return the_player(value, names, ctx, at(parent, k), wrong)

    return read


def listed(value: str, names: list[str]) -> str:
    """The roster's own string for ``value``, a name equal to one of ``names``.

    Every player a record names is then one object, the one in the list of players, whichever path read it
    (the fast reader looks it up so): a replay's comparisons and lookups of that name find it first.
    """
    return names[names.index(value)]


def the_player(value: str, names: list[str], ctx: Context, here: KeyPath, wrong: Callable[[], str]) -> str:
    """The one player ``value`` names (``refcli.reading.player_names.named``); ``wrong()`` is what is expected when it names none."""
    found = naming.named(value, names)
    if len(found) == 1:
        return found[0]
    if found:  # "ANA" when Ana and ana both play: refused rather than guessed
        raise ctx.fail(here, naming.ambiguous(found), describe(value))
    raise ctx.fail(here, wrong(), describe(value), hint(value, names))


def names_reader(t: Type, key: str) -> Reader:
    lo, hi = t.minimum or 0, t.maximum or 0
    # The names read from a list written so before, and the same as the document's noted names: a batch's
    # records list the same few tables of players again and again, and each name is normalised and checked
    # as it is read. Only lists read without fault are kept (they hold strings), and a few hundred of them.
    known: dict[tuple[Any, ...], tuple[tuple[str, ...], dict[str, None]]] = {}

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        here = at(parent, k)
        if type(value) is not list or not value:
            raise ctx.fail(here, shape_expected(t), describe(value))
        if not lo <= len(value) <= hi:
            raise ctx.count(here, _("{minimum} to {maximum} player names").format(minimum=lo, maximum=hi), len(value))
        written = tuple(value)
        try:
            kept = known.get(written)
        except TypeError:  # an item that cannot be hashed: read (and refused) below
            kept = None
        if kept is not None:
            ctx.doc.names.update(kept[1])
            return list(kept[0])
        found = read_names(written, ctx, here)
        if len(known) < MAX_KNOWN_ROSTERS:
            known[written] = (tuple(found), dict.fromkeys(found))
        return found

    def read_names(value: tuple[Any, ...], ctx: Context, here: KeyPath) -> list[str]:
        found: list[str] = []
        for index, item in enumerate(value, 1):
            name = read_name(item, ctx, here, index)  # NFC: the same name however typed; in another case, another
            if name in found:
                raise ctx.sentence(
                    here + (index,),
                    _("{name} is written twice; each player has a name of their own").format(name=describe(name)),
                )
            found.append(name)
        return found

    return read


MAX_KNOWN_ROSTERS = 256


def array_reader(t: Type, key: str) -> Reader:
    assert t.item is not None
    item = compile_type(t.item, key)
    lo, hi = t.minimum or 0, t.maximum
    # Arrays of plain integers (money cards, dice) and of game values (cards) are
    # read in one pass first; only a bad item goes the way that locates it.
    ints = (t.item.minimum, t.item.maximum) if t.item.kind == "integer" else None
    parse = t.item.parse if t.item.kind == "custom" else None

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        if type(value) is not list:
            raise ctx.fail(at(parent, k), shape_expected(t), describe(value))
        if len(value) < lo or (hi is not None and len(value) > hi):
            raise ctx.count(at(parent, k), count_expected(t, _(t.what) if t.what else _("items")), len(value))
        if ints is not None:
            low, high = ints
            if all(type(v) is int and low <= v <= high for v in value):  # type: ignore[operator]
                return list(value)
        elif parse is not None:
            try:
                return [parse(v) for v in value]
            except (ValueError, TypeError):
                pass
        here = parent if k is None else parent + (k,)
        return [item(v, ctx, here, index) for index, v in enumerate(value, 1)]

    return read


def tuple_reader(t: Type, key: str) -> Reader:
    items = [compile_type(item, key) for item in t.items]
    size = len(items)

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        here = at(parent, k)
        if type(value) is not list or len(value) != size:
            shape = _(t.expected) if t.expected else _("an array of {count} values").format(count=size)
            raise ctx.fail(here, shape, describe(value))
        return tuple(reader(v, ctx, here, index) for index, (reader, v) in enumerate(zip(items, value), 1))

    return read


def unknown_key(ctx: Context, here: KeyPath, value: dict[str, Any], allowed: list[str]) -> DataError:
    import difflib  # only for a key that is wrong: kept off a batch's start-up

    key = next(k for k in value if k not in allowed)
    close = difflib.get_close_matches(key, allowed, n=1)
    keys = ", ".join(allowed)
    if close:
        message = _('no such key (did you mean "{word}"?); the keys here are {keys}').format(word=close[0], keys=keys)
    else:
        message = _("no such key; the keys here are {keys}").format(keys=keys)
    return ctx.sentence(here + (key,), message)


def table_reader(fields: tuple[Field, ...], expected: str) -> Reader:
    allowed = [f.key for f in fields]
    allowed_set = frozenset(allowed)
    shape = expected or N_("a table")
    if not any(f.roster for f in fields):
        return plain_table_reader(fields, allowed, allowed_set, shape)
    steps = [
        (f.key, compile_type(f.type, f.key), f.required, f.default, f, roster_of(f)) for f in reading_order(fields)
    ]

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        """A table that lists the players: read in declared order, the roster before the names."""
        here = parent if k is None else parent + (k,)
        if type(value) is not dict:
            raise ctx.fail(here, _(shape), describe(value))
        if not allowed_set.issuperset(value):
            raise unknown_key(ctx, here, value, allowed)
        out: dict[str, Any] = {}
        for key, reader, required, default, field, roster in steps:
            if key in value:
                got = reader(value[key], ctx, here, key)
                if roster is not None:
                    ctx.names = roster(got, ctx, here)
            elif required:
                raise ctx.missing(here + (key,), missing_expected(field))
            else:
                got = default.copy() if type(default) in (list, dict) else default  # never the description's own
            out[key] = got
        return out

    return read


def plain_table_reader(
    fields: tuple[Field, ...], allowed: list[str], allowed_set: frozenset[str], shape: str
) -> Reader:
    """A table without a roster (an event, a player's holding): its keys in the order written, then the absent ones."""
    readers = {f.key: compile_type(f.type, f.key) for f in fields}
    required = [(f.key, f) for f in fields if f.required]
    required_keys = frozenset(key for key, _field in required)
    defaults = {f.key: f.default for f in fields if not f.required and type(f.default) not in (list, dict)}
    fresh = [(f.key, f.default) for f in fields if not f.required and type(f.default) in (list, dict)]
    size = len(fields)

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        here = parent if k is None else parent + (k,)
        if type(value) is not dict:
            raise ctx.fail(here, _(shape), describe(value))
        if not allowed_set.issuperset(value):
            raise unknown_key(ctx, here, value, allowed)
        out = {key: readers[key](item, ctx, here, key) for key, item in value.items()}
        if len(out) < size:
            if not required_keys.issubset(out):
                key, field = next((key, field) for key, field in required if key not in out)
                raise ctx.missing(here + (key,), missing_expected(field))
            out = {**defaults, **out}
            for key, default in fresh:  # a list or table default: a copy, never the description's own
                if key not in out:
                    out[key] = default.copy()
        return out

    return read


def roster_of(field: Field) -> Callable[[Any, Context, KeyPath], list[str]] | None:
    """For a key listing the players: how to get the names from its value (and check they differ)."""
    if not field.roster:
        return None
    t = field.type
    if t.kind == "names":
        return lambda value, ctx, here: list(value)
    if t.kind == "map":
        return lambda value, ctx, here: list(value)
    if t.kind == "tables":
        name_key = next(f.key for f in t.fields if f.type.kind == "name")
        key = field.key

        def from_tables(value: Any, ctx: Context, here: KeyPath) -> list[str]:
            seen: dict[str, int] = {}
            found: list[str] = []
            for index, item in enumerate(value, 1):
                name = item[name_key]  # NFC (read_name): one player however typed; in another case, another
                if name in seen:
                    raise ctx.sentence(
                        here + (key, index, name_key),
                        _("{name} is already the name of {key}[{index}]; each player has a name of their own").format(
                            name=describe(name), key=key, index=seen[name]
                        ),
                    )
                seen[name] = index
                found.append(name)
            return found

        return from_tables
    raise ValueError(f"{field.key}: a roster is a list of names, a map keyed by names or tables with a name")


def table_type_reader(t: Type, key: str) -> Reader:
    return table_reader(t.fields, t.expected)


def map_reader(t: Type, key: str) -> Reader:
    assert t.key is not None and t.item is not None
    value_reader = compile_type(t.item, key)
    key_type = t.key
    shape = t.expected or N_("a table")
    lo, hi = t.minimum or 0, t.maximum

    def noun() -> str:
        """What the keys are ("players", "currencies"), in the language of the moment."""
        if key_type.what:
            plural = PLURAL_WHAT.get(key_type.what, key_type.what)
            return _(plural)
        if key_type.kind in ("name", "player"):
            return _("players")
        return _("keys")

    if key_type.kind == "player":

        def read_key(k: str, ctx: Context, here: KeyPath) -> Any:
            if ctx.names is not None and k in ctx.names:  # the usual case
                return listed(k, ctx.names)
            return the_player(k, ctx.roster(), ctx, here + (k,), lambda: _("a player's name ({names})"))
    elif key_type.kind == "name":

        def read_key(k: str, ctx: Context, here: KeyPath) -> Any:
            return read_name(k, ctx, here, k)
    elif key_type.kind == "custom":
        parse = key_type.parse
        assert parse is not None
        key_expected = key_type.expected
        key_words, key_spanish = key_type.words, key_type.spanish_words

        def read_key(k: str, ctx: Context, here: KeyPath) -> Any:
            try:
                return parse(k)
            except (ValueError, TypeError) as error:
                said = suggested(error) or hint(k, key_words, key_spanish)
                raise ctx.fail(here + (k,), _(key_expected), describe(k), said) from None
    else:
        raise ValueError(f"map keys are names, players or custom values, not {key_type.kind}")

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        here = at(parent, k)
        if type(value) is not dict:
            raise ctx.fail(here, _(shape), describe(value))
        out: dict[Any, Any] = {}
        written: dict[Any, str] = {}
        for written_key, item in value.items():
            parsed = read_key(written_key, ctx, here)  # a name in NFC, the player it names, or a custom value
            if parsed in written:
                raise ctx.sentence(
                    here + (written_key,),
                    _('"{first}" and "{second}" both name {value}: write it once').format(
                        value=visible(clip(parsed)),
                        first=visible(clip(written[parsed])),
                        second=visible(clip(written_key)),
                    ),
                )
            written[parsed] = written_key
            out[parsed] = value_reader(item, ctx, here, written_key)
        if len(out) < lo or (hi is not None and len(out) > hi):
            raise ctx.count(here, count_expected(t, noun()), len(out))
        return out

    return read


def tables_reader(t: Type, key: str) -> Reader:
    item = compile_type(t.item, key) if t.item is not None else table_reader(t.fields, "")
    lo, hi = t.minimum or 0, t.maximum

    def too_few() -> str:
        return (
            _(t.number)
            if t.number
            else _("at least {minimum} [[{key}]] tables ({what})").format(minimum=lo, key=key, what=_(t.what))
        )

    def too_many() -> str:
        return (
            _(t.number)
            if t.number
            else _("at most {maximum} [[{key}]] tables ({what})").format(maximum=hi, key=key, what=_(t.what))
        )

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        here = at(parent, k)
        if type(value) is not list or not all(type(entry) is dict for entry in value):
            raise ctx.fail(here, shape_expected(t, key), describe(value))
        if len(value) < lo:
            raise ctx.count(here, too_few(), len(value))
        if hi is not None and len(value) > hi:
            raise ctx.count(here, too_many(), len(value))
        return [item(entry, ctx, here, index) for index, entry in enumerate(value, 1)]

    return read


def union_reader(t: Type, key: str) -> Reader:
    variants = {v.key: made(table_reader(v.type.fields, v.type.expected), v.type) for v in t.variants}
    words = [v.key for v in t.variants]
    synonyms = folded_synonyms(t)
    near = suggestions(t, words)
    tag = t.tag

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        if type(value) is not dict:
            raise ctx.fail(at(parent, k), _("a table"), describe(value))
        kind = value.get(tag)
        reader = variants.get(kind) if type(kind) is str else None
        if reader is None and synonyms and type(kind) is str:  # a Spanish word (its const reads it as English)
            reader = variants.get(synonyms.get(fold_word(kind), ""))
        if reader is None and synonyms and type(kind) is str:  # a plural, another form: "puja", "desafíos"
            reader = variants.get(other_form(kind, synonyms) or "")
        if reader is None:
            here = at(parent, k)
            if tag not in value:
                raise ctx.missing(here + (tag,), union_expected(t))
            if type(kind) is not str:
                raise ctx.fail(here + (tag,), union_expected(t), describe(kind))
            raise ctx.not_among(here + (tag,), tag_words(words, t), describe(kind), hint(kind, *near))
        return reader(value, ctx, parent, k)

    return read


def tag_words(words: list[str], t: Type) -> str:
    """The words a union's tag may be, quoted, as the run speaks: in Spanish, the game's first Spanish word for
    each (the reader takes it as well as the English id), so that a Spanish refusal lists Spanish words."""
    if language() != "en":
        spanish: dict[str, str] = {}
        for word, english in t.synonyms:
            if word != english:
                spanish.setdefault(english, word)
        words = [spanish.get(word, word) for word in words]
    return ", ".join(f'"{word}"' for word in words)


def made(reader: Reader, t: Type) -> Reader:
    """``reader`` of a table, giving what ``t.make`` makes of its values when ``t`` has a maker."""
    make = t.make
    if make is None:
        return reader
    keys = [f.key for f in t.fields]

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        values = reader(value, ctx, parent, k)
        return make(*[values[key] for key in keys])

    return read


def _shape(t: Type) -> Callable[[Any], bool]:
    """Which TOML values an alternative of an ``either`` takes."""
    kind = t.kind
    if kind == "integer":
        return lambda v: type(v) is int
    if kind == "boolean":
        return lambda v: type(v) is bool
    if kind in ("array", "names", "tuple", "tables"):
        return lambda v: type(v) is list
    if kind in ("table", "map", "union"):
        return lambda v: type(v) is dict
    if kind == "custom":
        return lambda v: True
    return lambda v: type(v) is str


def either_reader(t: Type, key: str) -> Reader:
    options = [(_shape(item), compile_type(item, key)) for item in t.items]
    last = options[-1][1]

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        for fits, reader in options:
            if fits(value):
                return reader(value, ctx, parent, k)
        return last(value, ctx, parent, k)

    return read


def const_reader(t: Type, key: str) -> Reader:
    word = t.value
    synonyms = folded_synonyms(t)
    near = suggestions(t, [word])

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        if value == word or (type(value) is str and value.strip().casefold() == word):
            return word
        if synonyms and type(value) is str and synonyms.get(fold_word(value)) == word:
            return word  # another of the game's names, a Spanish word (the fast path does the same)
        if synonyms and type(value) is str and other_form(value, synonyms) == word:
            return word  # a plural, another form
        expected = _(t.expected).replace("{value}", word) if t.expected else f'"{word}"'
        raise ctx.fail(at(parent, k), expected, describe(value), hint(value, *near))

    return read


def suggested(error: Exception) -> str:
    """What a custom value's parser suggests instead (its error's ``suggestion``: `` (…)``, translated), or ''."""
    suggestion = getattr(error, "suggestion", "")
    return suggestion if isinstance(suggestion, str) else ""


def custom_reader(t: Type, key: str) -> Reader:
    parse = t.parse
    assert parse is not None
    words, spanish = t.words, t.spanish_words

    def read(value: Any, ctx: Context, parent: KeyPath, k: PathPart | None) -> Any:
        try:
            return parse(value)
        except (ValueError, TypeError) as error:
            said = suggested(error) or hint(value, words, spanish)
            raise ctx.fail(at(parent, k), _(t.expected), describe(value), said) from None

    return read


_BUILDERS: dict[str, Callable[[Type, str], Reader]] = {
    "integer": integer_reader,
    "boolean": boolean_reader,
    "string": string_reader,
    "choice": choice_reader,
    "name": name_reader,
    "player": player_reader,
    "names": names_reader,
    "array": array_reader,
    "tuple": tuple_reader,
    "table": table_type_reader,
    "map": map_reader,
    "tables": tables_reader,
    "union": union_reader,
    "either": either_reader,
    "const": const_reader,
    "custom": custom_reader,
}
