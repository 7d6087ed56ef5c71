"""The generic reader's fast path: one straight-line Python function per description.

``refcli.reading.formats.reader`` reads a document with nested reader functions, one
call per value, each ready to name the key path of a value that does not fit.
Most documents fit (a batch of recorded games is thousands of them), and for
those a call per value is most of the reading time. So each description is
also compiled once into the source of a single function that checks the same
things inline and builds the same values, and that knows nothing about
messages: at the first value it does not accept, or anything else it does not
expect, it raises and the nested readers read the document again, which
gives the located error exactly as before.

The contract, tested against the nested readers on fuzzed documents of every
description (``tests/test_formats.py``): whatever this accepts, the nested
readers accept with the same values, in the same key order. Accepting less
is always safe (it only costs the second reading); so a check that is not
plainly the same as the nested reader's is not copied here: the value goes
to that reader (a ``slow`` call), or refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import GetSetDescriptorType
from typing import Any

from refcli.language.folding import fold
from refcli.reading.formats.description import Description, Field, Made, Type, folded_synonyms, reading_order

# (the document's table, the reading context) -> the values; raises anything on a value it does not accept
FastReader = Callable[[Any, Any], dict[str, Any]]


class NotFast(Exception):
    """A value the fast path does not accept: read the document the located way."""


class _Source:
    """The function's source being written, and the objects it refers to by name."""

    def __init__(self, slow: Callable[[Type, str], Any], roster_of: Callable[[Field], Any]) -> None:
        self.slow = slow  # compiles a nested reader (for the values not inlined)
        self.roster_of = roster_of  # how the nested reader gets the names from the key listing the players
        self.lines: list[str] = []
        self.names: dict[str, Any] = {"NotFast": NotFast, "FOLD": fold}
        self.count = 0
        self.memos: dict[Any, tuple[str, str]] = {}  # a custom value's parser -> (its memo, its remembering parser)

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def constant(self, value: Any, stem: str = "K") -> str:
        name = self.fresh(stem)
        self.names[name] = value
        return name

    def line(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)


def compile_fast(desc: Description, slow: Callable[[Type, str], Any], roster_of: Callable[[Field], Any]) -> FastReader:
    """The fast reader of ``desc``; ``slow`` compiles a nested reader (for the values not inlined)."""
    source = _Source(slow, roster_of)
    # the builtins the checks call by the thousand, as locals: a local is loaded in one step, a builtin after
    # the lookups of the module's and the builtins' namespaces (checked, where the interpreter specialises it)
    source.line(0, "def read(value, ctx, type=type, int=int, str=str, list=list, dict=dict, len=len, tuple=tuple):")
    # roster: the players' names as the nested readers take them (a list, or None before it is read); names:
    # each of them by itself once read, as each player key of each event is looked up in it (one hash and one
    # comparison, where a list compares the value with each name before it), and the value read is the
    # roster's own string: the replay's comparisons and lookups of that name then find the same object first
    source.line(1, "roster = names = ctx.names")
    source.line(1, "if type(value) is not dict: raise NotFast")
    result = _table(source, desc.fields, "value", 1)
    source.line(1, f"return {result}")
    text = "\n".join(source.lines) + "\n"
    namespace = dict(source.names)
    exec(compile(text, f"<fast reader of {desc.game} {desc.kind}>", "exec"), namespace)  # noqa: S102 - our own source
    reader: FastReader = namespace["read"]
    return reader


def _value(source: _Source, t: Type, src: str, key: str, depth: int) -> str:
    """Write the lines that check ``src`` (a variable) as a ``t``; return the expression of its value."""
    kind = t.kind
    if kind == "integer":
        source.line(depth, f"if {_not_integer(src, t)}: raise NotFast")
        return src
    if kind == "boolean":
        source.line(depth, f"if {src} is not True and {src} is not False: raise NotFast")
        return src
    if kind == "string":
        source.line(depth, f"if type({src}) is not str: raise NotFast")
        return src
    if kind == "player":
        # names: each of the roster's names by itself once read; None before: the subscript raises, the nested
        # reader decides (and a value that is no name or cannot be hashed raises too). The value read is the
        # roster's own string, as the nested reader gives it (``refcli.reading.formats.reader.listed``)
        source.line(depth, f"{src} = names[{src}]")
        return src
    if kind == "choice":
        return _choice(source, t, src, depth)
    if kind == "const":
        word = source.constant(t.value, "WORD")
        source.line(depth, f"if {src} != {word} and (type({src}) is not str or {src}.strip().casefold() != {word}):")
        if t.synonyms:  # another of the game's names, a Spanish word
            synonyms = _synonyms(source, t)
            source.line(depth + 1, f"if type({src}) is not str or {synonyms}.get(FOLD({src})) != {word}: raise NotFast")
        else:
            source.line(depth + 1, "raise NotFast")
        return word
    if kind == "custom":
        out = source.fresh("c")
        _custom(source, t, src, out, depth)
        return out
    if kind == "array":
        return _array(source, t, src, key, depth)
    if kind == "tuple":
        items = t.items
        source.line(depth, f"if type({src}) is not list: raise NotFast")
        if not items:
            source.line(depth, f"if {src}: raise NotFast")
            return "()"
        items_read = [source.fresh("p") for _ in items]
        # unpacked at once (one opcode, not a len() call and a subscript an item): a list of another length raises
        source.line(depth, f"{''.join(f'{part}, ' for part in items_read)}= {src}")
        parts = [_value(source, item, part, key, depth) for item, part in zip(items, items_read, strict=True)]
        return "(" + "".join(f"{part}, " for part in parts) + ")"
    if kind == "table":
        source.line(depth, f"if type({src}) is not dict: raise NotFast")
        return _table(source, t.fields, src, depth)
    if kind == "map" and t.key is not None and t.key.kind == "player" and t.item is not None:
        return _player_map(source, t, src, key, depth)
    if kind == "tables":
        return _tables(source, t, src, key, depth)
    if kind == "union":
        return _union(source, t, src, depth)
    if kind == "either":
        return _either(source, t, src, key, depth)
    # names, name, other maps: the nested reader (a failure there raises, and all is read again)
    reader = source.constant(source.slow(t, key), "SLOW")
    out = source.fresh("s")
    source.line(depth, "ctx.names = roster")
    source.line(depth, f"{out} = {reader}({src}, ctx, (), None)")
    return out


def _choice(source: _Source, t: Type, src: str, depth: int) -> str:
    """A choice's word, as written when it is one (as most are: one lookup), else folded, else a synonym."""
    words = source.constant(frozenset(t.choices), "WORDS")
    source.line(depth, f"if type({src}) is not str: raise NotFast")
    # A choice that folding changes can never match what the nested reader compares, a folded word: taken as
    # written, it would be accepted here and refused there. Then only the folded word is looked up, as there.
    if t.fold and any(word != word.strip().casefold() for word in t.choices):
        out = source.fresh("w")
        source.line(depth, f"{out} = {src}.strip().casefold()")
        source.line(depth, f"if {out} not in {words}: raise NotFast")
        return out
    # a word as written, in the choices, is what the nested reader reads (folding leaves it as it is)
    source.line(depth, f"if {src} not in {words}:")
    if not t.fold and not t.synonyms:
        source.line(depth + 1, "raise NotFast")
        return src
    out = source.fresh("w")
    inner = depth + 1
    if t.fold:
        source.line(depth + 1, f"{out} = {src}.strip().casefold()")
        source.line(depth + 1, f"if {out} not in {words}:" + ("" if t.synonyms else " raise NotFast"))
        inner = depth + 2
    if t.synonyms:  # a Spanish word: looked up folded, as the nested reader does, only when not English
        source.line(inner, f"{out} = {_synonyms(source, t)}.get(FOLD({src}))")
        source.line(inner, f"if {out} is None: raise NotFast")
    source.line(depth + 1, f"{src} = {out}")
    return src


def _not_integer(src: str, t: Type) -> str:
    """The test that ``src`` is not an integer in ``t``'s range: two comparisons, each one opcode with its jump
    (a chained ``lo <= x <= hi`` copies and swaps the value between them, and integers are checked by the
    thousand)."""
    return f"type({src}) is not int or {src} < {t.minimum!r} or {src} > {t.maximum!r}"


def _custom(source: _Source, t: Type, src: str, out: str, depth: int) -> None:
    """Write the lines that set ``out`` to ``t.parse(src)``: remembered for a string or an integer, unless the
    parser remembers already.

    A game's value is written again and again in a record (an animal, a score, a card), and its parser may fold
    accents and look plurals up each time. A parser gives a value for what it is given alone (``custom``), so
    what it gave a string or an integer is what it gives it again: kept, when nothing can change it (a string,
    an integer, a tuple of those: nothing a replay could change, ``_unchangeable``), in a memo of bounded
    size. The value's exact type is checked first: a
    bool (equal to 1) or a float (1.0) is never looked up. Any other value, and a refusal, is the parser's.
    A value read before costs one subscript (no call: a dict's ``get`` costs one, and so does the subscript of a
    dict of a class of its own, which the interpreter does not specialise); the memo's first miss of a value
    raises KeyError, which is caught.
    """
    parse = t.parse
    assert parse is not None
    if _cached(parse):
        source.line(depth, f"{out} = {source.constant(parse, 'PARSE')}({src})")
        return
    if parse not in source.memos:
        memo: dict[Any, Any] = {}
        source.memos[parse] = (source.constant(memo, "MEMO"), source.constant(_remembering(parse, memo), "PARSE"))
    memo_name, remembering = source.memos[parse]
    source.line(depth, f"if type({src}) is str or type({src}) is int:")
    source.line(depth + 1, "try:")
    source.line(depth + 2, f"{out} = {memo_name}[{src}]")
    source.line(depth + 1, "except KeyError:")
    source.line(depth + 2, f"{out} = {remembering}({src})")
    source.line(depth, "else:")
    source.line(depth + 1, f"{out} = {remembering}({src})")


# distinct strings remembered a parser and a reader; past it, parsed each time. Money!'s cards, each written
# with its serial number ("euro 30 #12"), are a few thousand in a thousand records.
MEMO_SIZE = 4096


def _cached(parse: Any) -> bool:
    """Whether ``parse`` remembers what it gave already: ``functools.lru_cache``, ``functools.cache``, or the
    lookup of a dict that fills itself (the bound ``__getitem__`` of a dict whose class has ``__missing__``, as
    Money! reads its cards: a card read already costs one C call, in ``map`` too, and no memo of ours beside)."""
    if hasattr(parse, "cache_info"):
        return True
    owner = getattr(parse, "__self__", None)
    return (
        isinstance(owner, dict)
        and hasattr(type(owner), "__missing__")
        and getattr(parse, "__name__", None) == "__getitem__"
    )


def _remembering(parse: Callable[[Any], Any], memo: dict[Any, Any]) -> Callable[[Any], Any]:
    """``parse``, keeping in ``memo`` what it gives a string or an integer when that is a string or an integer."""

    def remembering(value: Any) -> Any:
        parsed = parse(value)
        if len(memo) < MEMO_SIZE and type(value) in (str, int) and _unchangeable(parsed):
            memo[value] = parsed
        return parsed

    return remembering


_PLAIN = (str, int, type(None))


def _unchangeable(value: Any) -> bool:
    """Whether nothing can change ``value``, so one may serve every time it is read: a string, an integer, or a
    tuple of those (a NamedTuple too, whose class gives its instances no ``__dict__``), such as a game's card."""
    if type(value) in _PLAIN:
        return value is not None
    return (
        isinstance(value, tuple)
        and not hasattr(value, "__dict__")
        and all(type(item) in _PLAIN or type(item) is bool for item in value)
    )


def _synonyms(source: _Source, t: Type) -> str:
    """The name of ``t``'s synonyms by folded word (``folded_synonyms``, as the nested reader looks them up)."""
    return source.constant(folded_synonyms(t), "SYNONYMS")


def _counted(source: _Source, src: str, minimum: int | None, maximum: int | None, depth: int) -> None:
    checks = []
    if minimum:
        checks.append(f"len({src}) < {minimum!r}")
    if maximum is not None:
        checks.append(f"len({src}) > {maximum!r}")
    if checks:
        source.line(depth, f"if {' or '.join(checks)}: raise NotFast")


def _array(source: _Source, t: Type, src: str, key: str, depth: int, *, kept: str = "list") -> str:
    """``kept``: what the items are gathered in, ``list`` (as the nested reader) or ``tuple`` (a ``Made`` keeps it
    so: built so at once, not a list and then its copy)."""
    assert t.item is not None
    item = t.item
    source.line(depth, f"if type({src}) is not list: raise NotFast")
    _counted(source, src, t.minimum, t.maximum, depth)
    out = source.fresh("a")
    if item.kind == "integer":  # as the nested reader: one pass, then a copy
        v = source.fresh("v")
        source.line(depth, f"for {v} in {src}:")
        source.line(depth + 1, f"if {_not_integer(v, item)}:")
        source.line(depth + 2, "raise NotFast")
        source.line(depth, f"{out} = {_gathered(kept, src)}")
        return out
    if item.kind == "custom" and _cached(item.parse):  # the parser remembers: one C call an item, as the nested
        parse = source.constant(item.parse, "PARSE")  # reader calls it
        # a list unpacked from the map, not list() called on it: one call fewer for each of thousands of lists
        source.line(depth, f"{out} = {_gathered(kept, f'map({parse}, {src})')}")
        return out
    v = source.fresh("v")
    source.line(depth, f"{out} = []")
    source.line(depth, f"for {v} in {src}:")
    if item.kind == "custom":
        got = source.fresh("c")
        _custom(source, item, v, got, depth + 1)
    else:
        got = _value(source, item, v, key, depth + 1)
    source.line(depth + 1, f"{out}.append({got})")
    if kept != "list":
        source.line(depth, f"{out} = {kept}({out})")
    return out


def _gathered(kept: str, iterable: str) -> str:
    """The expression gathering ``iterable`` into a new ``kept`` (``list`` as a display, ``[*items]``: no call)."""
    return f"[*{iterable}]" if kept == "list" else f"{kept}({iterable})"


def _player_map(source: _Source, t: Type, src: str, key: str, depth: int) -> str:
    assert t.item is not None
    out, k, v = source.fresh("m"), source.fresh("k"), source.fresh("v")
    source.line(depth, f"if type({src}) is not dict: raise NotFast")
    source.line(depth, f"{out} = {{}}")
    source.line(depth, f"for {k}, {v} in {src}.items():")
    source.line(depth + 1, f"{k} = names[{k}]")
    got = _value(source, t.item, v, key, depth + 1)
    source.line(depth + 1, f"{out}[{k}] = {got}")
    _counted(source, out, t.minimum, t.maximum, depth)
    return out


def _tables(source: _Source, t: Type, src: str, key: str, depth: int) -> str:
    out, entry = source.fresh("ts"), source.fresh("e")
    source.line(depth, f"if type({src}) is not list: raise NotFast")
    _counted(source, src, t.minimum, t.maximum, depth)
    source.line(depth, f"{out} = []")
    source.line(depth, f"for {entry} in {src}:")
    if t.item is not None and t.item.kind == "union":  # (a union checks that it is given a table)
        _union(source, t.item, entry, depth + 1, into=out)  # each variant's value appended where it is read
        return out
    if t.item is not None:
        got = _value(source, t.item, entry, key, depth + 1)
    else:
        source.line(depth + 1, f"if type({entry}) is not dict: raise NotFast")
        got = _table(source, t.fields, entry, depth + 1)
    source.line(depth + 1, f"{out}.append({got})")
    return out


def _union(source: _Source, t: Type, src: str, depth: int, into: str = "") -> str:
    """A union's value: its variable, or appended to the list ``into`` if given (then no variable between)."""
    out, tag = source.fresh("u"), source.fresh("tag")
    deliver = f"{into}.append({{}})" if into else f"{out} = {{}}"
    source.line(depth, f"if type({src}) is not dict: raise NotFast")
    source.line(depth, f"{tag} = {src}[{t.tag!r}]")  # left out, it raises: the nested reader says it is missing
    # a tag that is no string is none of the words (nor of the synonyms): tested once, then compared with each word
    source.line(depth, f"if type({tag}) is not str: raise NotFast")
    if not t.synonyms:
        _variants(source, t, src, tag, deliver, depth, last="raise NotFast")
        return out
    # A word the English tags do not match may be a Spanish one: the table is read again as a copy with the
    # English tag (in its place), so the English path costs nothing more than before.
    synonyms = _synonyms(source, t)
    source.line(depth, "while True:")
    _variants(source, t, src, tag, deliver, depth + 1, last=f"{tag} = {synonyms}.get(FOLD({tag}))")
    source.line(depth + 2, f"if {tag} is None: raise NotFast")
    source.line(depth + 2, f"{src} = {{**{src}, {t.tag!r}: {tag}}}")
    return out


def _variants(source: _Source, t: Type, src: str, tag: str, deliver: str, depth: int, *, last: str) -> None:
    """One branch per variant, picked by the tag's exact word (the tag is a string); ``deliver``: the statement
    that takes the value read (its expression in place of ``{}``); ``last``: what the ``else`` does."""
    for index, variant in enumerate(t.variants):
        source.line(depth, f"{'if' if index == 0 else 'elif'} {tag} == {variant.key!r}:")
        if isinstance(variant.type.make, Made):
            got = _declared_table(source, variant.type.make, variant.type, src, depth + 1, known=t.tag)
        elif variant.type.make is not None:
            got = _made_table(source, variant.type, src, depth + 1, known=t.tag, word=variant.key)
        else:
            got = _table(source, variant.type.fields, src, depth + 1, known=t.tag)
        source.line(depth + 1, deliver.format(got))
        if t.synonyms:
            source.line(depth + 1, "break")
    source.line(depth, "else:")
    source.line(depth + 1, last)


def _either(source: _Source, t: Type, src: str, key: str, depth: int) -> str:
    """The first alternative whose TOML type the value has, as the nested reader picks it; else refused."""
    out = source.fresh("x")
    for index, item in enumerate(t.items):
        source.line(depth, f"{'if' if index == 0 else 'elif'} {_fits(item, src)}:")
        got = _value(source, item, src, key, depth + 1)
        source.line(depth + 1, f"{out} = {got}")
    source.line(depth, "else:")
    source.line(depth + 1, "raise NotFast")
    return out


def _fits(t: Type, src: str) -> str:
    """``refcli.reading.formats.reader._shape`` as an expression."""
    kind = t.kind
    if kind == "integer":
        return f"type({src}) is int"
    if kind == "boolean":
        return f"type({src}) is bool"
    if kind in ("array", "names", "tuple", "tables"):
        return f"type({src}) is list"
    if kind in ("table", "map", "union"):
        return f"type({src}) is dict"
    if kind == "custom":
        return "True"
    return f"type({src}) is str"


def _table(source: _Source, fields: tuple[Field, ...], src: str, depth: int, known: str = "") -> str:
    """A table already known to be a dict: its keys checked, its values read; returns the values' variable.

    ``known``: a union's tag key, already matched exactly to its variant's word (its constant).
    """
    if any(f.roster for f in fields):
        return _roster_table(source, fields, src, depth)
    return _plain_table(source, fields, src, depth, known)


def _roster_table(source: _Source, fields: tuple[Field, ...], src: str, depth: int) -> str:
    """As the nested reader: keys in reading order (the roster before the keys naming players), into that order;
    the keys found counted, as ``_fields`` counts them, to tell that there is no other."""
    out = source.fresh("t")
    parts = []
    counter = source.fresh("n")
    source.line(depth, f"{counter} = {sum(1 for f in fields if f.required)}")
    for f in reading_order(fields):
        v = source.fresh("v")
        inner = _fetched(source, f, src, v, depth, counter)
        got = _value(source, f.type, v, f.key, inner)
        if got != v:
            source.line(inner, f"{v} = {got}")
        roster = source.roster_of(f)
        if roster is not None:
            fn = source.constant(roster, "ROSTER")
            source.line(inner, f"ctx.names = roster = {fn}({v}, ctx, ())")
            source.line(inner, "names = dict(zip(roster, roster))")
        if not f.required:
            source.line(depth, "else:")
            source.line(depth + 1, f"{v} = {_default(source, f.default)}")
        parts.append(f"{f.key!r}: {v}")
    source.line(depth, f"if len({src}) != {counter}: raise NotFast")
    source.line(depth, f"{out} = {{{', '.join(parts)}}}")
    return out


def _fetched(source: _Source, f: Field, src: str, v: str, depth: int, counter: str) -> int:
    """Write the lines that set ``v`` to the value of ``f``'s key in the table ``src``; return the depth of the
    lines that read it. A key that may be left out opens an ``if`` (its caller may write the ``else``) and adds
    one to ``counter``, if one is given (``_fields``); a required one is subscripted: left out, it raises KeyError,
    and the nested readers say it is missing."""
    if f.required:
        source.line(depth, f"{v} = {src}[{f.key!r}]")
        return depth
    # tested, then subscripted: most of a record's optional keys are left out, and `in` costs no call
    source.line(depth, f"if {f.key!r} in {src}:")
    if counter:
        source.line(depth + 1, f"{counter} += 1")
    source.line(depth + 1, f"{v} = {src}[{f.key!r}]")
    return depth + 1


def _default(source: _Source, default: Any) -> str:
    """A default's expression: a fresh copy of a list or table, never the description's own."""
    if default is None or type(default) in (bool, int, str):
        return repr(default)
    name = source.constant(default, "DEFAULT")
    return f"{name}.copy()" if type(default) in (list, dict) else name


def _fields(
    source: _Source,
    fields: tuple[Field, ...],
    src: str,
    depth: int,
    known: str,
    present: Callable[[Field, int, str], None],
    absent: Callable[[Field, int], bool],
) -> None:
    """Write the reading of the table ``src``'s ``fields`` (not a table listing the players: those are read in
    order) and the check that it has no other key: first the keys that must be there (``known``, a union's tag
    already matched, among them), then the others.

    ``present(f, depth, counter)`` writes the reading of ``f``'s value, fetched already (``_fetched``: its key
    found, it adds one to ``counter``); ``absent(f, depth)`` writes what stands for ``f`` left out, and says whether
    it wrote a line. A table with as many keys as must be there gives none of the others (most events give only
    their required keys): none is looked up. Otherwise each key found among the others is counted, and the count
    compared with the table's length (one addition a key found costs less than looking each key up in the set
    of known ones).
    """
    required = [f for f in fields if f.required or f.key == known]
    optional = [f for f in fields if not (f.required or f.key == known)]
    for f in required:
        present(f, depth, "")
    if not optional:
        source.line(depth, f"if len({src}) != {len(required)}: raise NotFast")
        return
    size = source.fresh("size")
    source.line(depth, f"{size} = len({src})")
    written = len(source.lines)
    source.line(depth, f"if {size} == {len(required)}:")
    if any([absent(f, depth + 1) for f in optional]):  # a list, not a generator: every absent key is written
        source.line(depth, "else:")
    else:  # nothing stands for them: only the other branch
        del source.lines[written:]
        source.line(depth, f"if {size} != {len(required)}:")
    counter = source.fresh("n")
    source.line(depth + 1, f"{counter} = {len(required)}")
    for f in optional:
        present(f, depth + 1, counter)
    source.line(depth + 1, f"if {size} != {counter}: raise NotFast")


def _plain_table(source: _Source, fields: tuple[Field, ...], src: str, depth: int, known: str = "") -> str:
    """As the nested reader: the keys in the order written, then the absent ones (defaults first, as it merges)."""
    out = source.fresh("t")
    source.line(depth, f"{out} = dict({src})")  # the order written, and every value the check leaves as it is

    def present(f: Field, depth: int, counter: str) -> None:
        if f.key == known and f.type.kind == "const":  # the copy holds the word (the same string)
            return
        v = source.fresh("v")
        inner = _fetched(source, f, src, v, depth, counter)
        got = _value(source, f.type, v, f.key, inner)
        # (a player: ``v`` is now the roster's own string; a choice: the word read, when not as written)
        if got != v or f.type.kind in ("player", "choice"):
            source.line(inner, f"{out}[{f.key!r}] = {got}")

    _fields(source, fields, src, depth, known, present, lambda f, depth: False)  # defaults merged below
    plain = {f.key: f.default for f in fields if not f.required and type(f.default) not in (list, dict)}
    fresh = [(f.key, f.default) for f in fields if not f.required and type(f.default) in (list, dict)]
    if plain or fresh:
        source.line(depth, f"if len({out}) < {len(fields)}:")
        if plain:
            defaults = source.constant(plain, "DEFAULTS")
            source.line(depth + 1, f"{out} = {{**{defaults}, **{out}}}")
        for key, default in fresh:
            source.line(depth + 1, f"if {key!r} not in {out}: {out}[{key!r}] = {_default(source, default)}")
    return out


def _made_table(source: _Source, t: Type, src: str, depth: int, known: str, word: str) -> str:
    """A variant's table made into its object (``Type.make``), its values passed by position, no table between.

    ``known``: the tag key, already matched exactly to ``word``, the value the nested reader gives it.
    """
    assert t.make is not None
    args = {f.key: repr(word) if f.key == known and f.type.kind == "const" else source.fresh("v") for f in t.fields}

    def present(f: Field, depth: int, counter: str) -> None:
        if f.key == known and f.type.kind == "const":
            return
        v = args[f.key]
        inner = _fetched(source, f, src, v, depth, counter)
        got = _value(source, f.type, v, f.key, inner)
        if got != v:
            source.line(inner, f"{v} = {got}")
        if not f.required:
            source.line(depth, "else:")
            source.line(depth + 1, f"{v} = {_default(source, f.default)}")

    def absent(f: Field, depth: int) -> bool:
        source.line(depth, f"{args[f.key]} = {_default(source, f.default)}")
        return True

    _fields(source, t.fields, src, depth, known, present, absent)
    make = source.constant(t.make, "MAKE")
    out = source.fresh("o")
    source.line(depth, f"{out} = {make}({', '.join(args.values())})")
    return out


def _declared_table(source: _Source, made: Made, t: Type, src: str, depth: int, known: str) -> str:
    """A variant's table made into the object ``made`` declares, written here: no call to a maker, no list of the
    values, and the arrays it keeps as tuples read straight into tuples (``Made.__call__`` makes the same).

    ``known``: the tag key, already matched exactly (the object never keeps the tag: it is the class).
    """
    got: dict[str, str] = {name: source.constant(value, "VALUE") for name, value in made.constants}
    for f in t.fields:
        got[f.key] = repr(f.type.value) if f.key == known and f.type.kind == "const" else source.fresh("v")

    def present(f: Field, depth: int, counter: str) -> None:
        if f.key == known and f.type.kind == "const":
            return
        v = got[f.key]
        inner = _fetched(source, f, src, v, depth, counter)
        written = len(source.lines)
        if f.key in made.tuples:
            value = _array(source, f.type, v, f.key, inner, kept="tuple")
        else:
            value = _value(source, f.type, v, f.key, inner)
        if value != v:
            source.line(inner, f"{v} = {value}")
        elif len(source.lines) == written:
            source.line(inner, "pass")
        if not f.required and f.key in made.keeps:  # an absent key the object does not keep: only checked
            source.line(depth, "else:")
            source.line(depth + 1, f"{v} = {_declared_default(source, made, f)}")

    def absent(f: Field, depth: int) -> bool:
        if f.key not in made.keeps:
            return False
        source.line(depth, f"{got[f.key]} = {_declared_default(source, made, f)}")
        return True

    _fields(source, t.fields, src, depth, known, present, absent)
    cls = source.constant(made.cls, "CLASS")
    out = source.fresh("o")
    if made.attributes:
        source.names["OBJECT_NEW"] = object.__new__
        values = ", ".join(f"{name!r}: {got[name]}" for name in made.keeps)
        source.line(depth, f"{out} = OBJECT_NEW({cls})")
        # the table built here becomes the object's __dict__ (not copied into a new one), set as
        # object.__setattr__ sets it (a frozen dataclass's own __setattr__ refuses)
        source.line(depth, f"{source.constant(_dict_setter(made.cls), 'SET_DICT')}({out}, {{{values}}})")
    else:
        source.names["TUPLE_NEW"] = tuple.__new__
        source.line(depth, f"{out} = TUPLE_NEW({cls}, ({''.join(f'{got[name]}, ' for name in made.keeps)}))")
    return out


def _declared_default(source: _Source, made: Made, f: Field) -> str:
    """The expression of ``f``'s default as the object keeps it (an array it keeps as a tuple: a tuple)."""
    default = tuple(f.default) if f.key in made.tuples and f.default is not None else f.default
    return _default(source, default)


def _dict_setter(cls: type) -> Callable[[Any, dict[str, Any]], None]:
    """What ``object.__setattr__(obj, "__dict__", values)`` does for an instance of ``cls``, looked up once.

    That call looks ``__dict__`` up along the class's MRO for each object, and calls the first one found (the
    descriptor of the class that gave its instances a ``__dict__``); here it is found once, and its ``__set__``
    called straight: the same setting, without the lookup and the generic call of a slot wrapper.
    """
    for klass in cls.__mro__:
        descriptor = vars(klass).get("__dict__")
        if descriptor is not None:
            if type(descriptor) is GetSetDescriptorType:
                setter: Callable[[Any, dict[str, Any]], None] = descriptor.__set__
                return setter
            break
    return partial(_set_dict, object.__setattr__)


def _set_dict(set_attribute: Callable[[Any, str, Any], None], obj: Any, values: dict[str, Any]) -> None:
    set_attribute(obj, "__dict__", values)
