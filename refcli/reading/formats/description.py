"""The types an input format is described with, and the functions that build them.

What a game's ``formats`` module (``FORMATS``) is written in: a
:class:`Description` per input kind, its keys as :class:`Field` s, each with
a :class:`Type`; the small constructor functions below build the types
(``refcli.reading.formats`` says how a description is written and what is
generated from it). Only NamedTuples and functions live here, importing
nothing above the language and the model, so every module of the format
machinery (the reader, its fast path, the template, schema and text writers)
and every game's description can import this one without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from refcli.language.folding import fold
from refcli.language.i18n import N_, _
from refcli.model.frozen import Record, record

# Names used for players wherever a description needs an example and gives none.
EXAMPLE_NAMES: tuple[str, ...] = ("Ana", "Ben", "Cid", "Dora", "Eve", "Fay")

# The kinds of Type; a consumer (prompts, fuzzers, the schema writer) switches on these.
KINDS = (
    "integer",  # minimum..maximum; what: the label before "an integer from … to …" in messages
    "boolean",
    "string",  # free text
    "choice",  # one of choices (fold: ignoring case and surrounding blanks)
    "name",  # a new player's name: non-empty, printable, at most 64 characters
    "player",  # one of the players the document lists (its roster): as written, else the one equal ignoring case
    "names",  # the roster itself: minimum..maximum distinct player names in seating order
    "array",  # items of type item, minimum..maximum of them
    "tuple",  # a fixed-length array, one type per position (items)
    "table",  # a table with its own fields
    "map",  # a table of key (a type: name, player or custom) = value (item)
    "tables",  # an array of tables (``[[key]]``) with their own fields, or each a union (item)
    "union",  # a table whose tag key picks one of the variants (each a Field whose type is a table)
    "either",  # one of items, picked by the value's TOML type (e.g. a count or the list of cards)
    "const",  # exactly this string (ignoring case and surrounding blanks): ``game``, ``situation``
    "custom",  # a game-specific value: parse() gives the value, schema the JSON Schema
)


@record
class Type(Record):
    """The type of a key's value. Build it with the functions below, not directly."""

    kind: str
    minimum: int | None = None  # integer: the range; array, names, tables, map: how many items
    maximum: int | None = None
    what: str = ""  # what the items or the number are, as messages say it ("a number of cards,")
    expected: str = ""  # the message's "expected …" when the value has the wrong shape; may say {names}
    number: str = ""  # the message's "expected …" when there are too few or too many items
    choices: tuple[str, ...] = ()  # choice: the words
    fold: bool = False  # choice: ignore case and surrounding blanks
    item: Type | None = None  # array: the items; map: the values; tables: a union each table is
    key: Type | None = None  # map: the keys (a name, player or custom type)
    items: tuple[Type, ...] = ()  # tuple: one type per position; either: the alternatives
    fields: tuple[Field, ...] = ()  # table, tables: the keys
    tag: str = ""  # union: the key naming the variant
    variants: tuple[Field, ...] = ()  # union: one Field per variant (key = tag value, type = table)
    role: str = ""  # player: who this player is ("auctioneer")
    value: str = ""  # const: the string
    parse: Callable[[Any], Any] | None = None  # custom: the value read, or raise ValueError/TypeError
    schema: dict[str, Any] | None = None  # custom: its JSON Schema fragment
    phrase: str = ""  # help and man pages: what the value is (default: derived)
    example: Any = None  # custom: an example value
    words: tuple[str, ...] = ()  # custom: the words a value may be, for "did you mean" on a typo
    spanish_words: tuple[str, ...] = ()  # custom: more such words, Spanish ones (offered first to Spanish input)
    # choice, const, union: (word, English word) for each word that stands for one of the English ones: the
    # game's Spanish words and other names, and the English words themselves. Matched ignoring case, accents
    # and blanks (``refcli.language.folding.fold``); the value read is the English word. Added when a description is
    # read (``with_spanish_words``), from the game's declaration; descriptions are written without them.
    synonyms: tuple[tuple[str, str], ...] = ()
    # array of one-digit integers (dice) of this known length: the digits may be typed run together, ``34`` for
    # 3 and 4 (``refcli.reading.typed``); 0: never (a number such as a declared score stays one number).
    digits: int = 0
    # table (a union's variant): what its values become, when given: called with the value of each of its
    # fields by position, in their order (the tag's first), and a reader then gives what it returns instead
    # of the values by key. A game's record sets it (``with_made``) so its events are built as they are
    # read, without a table of values for each on the way; descriptions are written without it.
    make: Callable[..., Any] | Made | None = None  # a function, or a :class:`Made` (the fast reader writes it inline)


@record
class Field(Record):
    """One key of a table: its type, whether it is needed, its help and example."""

    key: str
    type: Type
    help: str  # one line: what the key holds (the template's comment, the man page's row, the prompt)
    required: bool = False
    default: Any = None  # the value when the key is left out (None: left out stays None)
    example: Any = None  # the value the template shows (None: none; a required key gets its type's)
    commented: str = ""  # TOML text of an alternative the template shows commented out ("# key = …")
    clauses: tuple[str, ...] = ()  # the rule catalogue's clause ids this key rests on
    missing: str = ""  # the message's "expected …" when a required key is missing (default: the type's)
    roster: bool = False  # this key lists the players that "player" values elsewhere must be among
    asked: bool = True  # refcli asks for it when there is no file (False: a detail of record-keeping, left out)


@record
class Description(Record):
    """One input format: a final snapshot, a situation kind, or a recorded game."""

    game: str  # the game id ("kuhhandel")
    kind: str  # "final", a situation kind ("auction"), or "record"
    title: str  # what the file is, as the template's first line names it ("Kuhhandel auction")
    summary: str  # one line: what the file says and what refcli answers
    fields: tuple[Field, ...]
    clauses: tuple[str, ...] = ()  # the clauses the format as a whole rests on
    notes: tuple[str, ...] = ()  # more lines for the template's header comment

    @property
    def verb(self) -> str:
        """The command that reads this format."""
        return {"final": "score", "record": "validate"}.get(self.kind, "ruling")


# -- building types -----------------------------------------------------------------
def integer(minimum: int, maximum: int, *, what: str = "") -> Type:
    return Type("integer", minimum=minimum, maximum=maximum, what=what)


def boolean() -> Type:
    return Type("boolean")


def string(*, expected: str = "a string") -> Type:
    return Type("string", expected=expected)


def choice(*words: str, fold: bool = False, expected: str = "") -> Type:
    return Type("choice", choices=words, fold=fold, expected=expected)


def name() -> Type:
    return Type("name")


def player(role: str, *, expected: str = "") -> Type:
    """One of the listed players; ``expected`` may say ``{names}``."""
    return Type("player", role=role, expected=expected)


def names(minimum: int = 2, maximum: int = 5) -> Type:
    return Type("names", minimum=minimum, maximum=maximum)


def array(
    item: Type, *, minimum: int = 0, maximum: int | None = None, what: str = "", expected: str = "", number: str = ""
) -> Type:
    return Type("array", item=item, minimum=minimum, maximum=maximum, what=what, expected=expected, number=number)


def pair(first: Type, second: Type, *, expected: str) -> Type:
    return Type("tuple", items=(first, second), expected=expected)


def table(*fields: Field, expected: str = "") -> Type:
    return Type("table", fields=fields, expected=expected)


def mapping(
    key: Type, value: Type, *, minimum: int = 0, maximum: int | None = None, expected: str = "", number: str = ""
) -> Type:
    return Type("map", key=key, item=value, minimum=minimum, maximum=maximum, expected=expected, number=number)


def tables(
    *fields: Field, what: str, minimum: int = 0, maximum: int | None = None, number: str = "", item: Type | None = None
) -> Type:
    """``[[key]]`` tables with these ``fields``, or each a ``union`` given as ``item`` (events)."""
    return Type("tables", fields=fields, item=item, what=what, minimum=minimum, maximum=maximum, number=number)


def variant(value: str, help: str, *fields: Field) -> Field:
    """One variant of a union: the tag's value, what it is, and its keys (the tag key is added by ``union``)."""
    return Field(value, table(*fields), help)


_object_new = object.__new__
_tuple_new = tuple.__new__


@record
class Made(Record):
    """A maker said as data: the class of the object a variant's values become, and which of them it keeps.

    A record holds hundreds of events, and a maker written as a function costs a Python call for each, with
    every value of the variant passed to it, and a copy of each array it keeps as a tuple. Declared, the fast
    reader writes the making into its own code (``refcli.reading.formats.fast``): the arrays read straight
    into tuples, the object made where the values are read. The nested readers make the same object by
    calling the declaration (``__call__``, the values by position as a maker function takes them), so both
    paths make it from the one declaration. ``with_made`` fills ``fields``.
    """

    cls: type
    keeps: tuple[str, ...]  # the object's values in its order: a field's key, or a name in ``constants``
    tuples: frozenset[str] = frozenset()  # the array fields kept as tuples (an absent one's None stays None)
    # True: an object whose ``__dict__`` gets each value under its name in ``keeps`` (a frozen dataclass,
    # filled without its ``__init__``, which sets each field through ``object.__setattr__``); False: a tuple
    # subclass (a NamedTuple) made from the values in that order, without its ``__new__``.
    attributes: bool = False
    constants: tuple[tuple[str, Any], ...] = ()  # names in ``keeps`` that are no field: their fixed value
    fields: tuple[str, ...] = ()  # the variant's field keys, in order (how the values come by position)

    def __call__(self, *values: Any) -> Any:
        """The object, from the variant's values by position (as a maker function takes them)."""
        return self.of(dict(zip(self.fields, values, strict=True)))

    def of(self, values: Mapping[str, Any]) -> Any:
        """The object, from the variant's values by key."""
        given = {**values, **dict(self.constants)}
        tuples = self.tuples
        kept = [
            tuple(given[name]) if name in tuples and given[name] is not None else given[name] for name in self.keeps
        ]
        if self.attributes:
            made: Any = _object_new(self.cls)
            made.__dict__.update(zip(self.keeps, kept))
            return made
        return _tuple_new(self.cls, kept)


def _bound(maker: Callable[..., Any] | Made, t: Type) -> Callable[..., Any] | Made:
    """``maker``, a :class:`Made` told its variant's fields (checked: it keeps only those and its constants)."""
    if not isinstance(maker, Made):
        return maker
    kinds = {f.key: f.type.kind for f in t.fields}
    constants = dict(maker.constants)
    unknown = [name for name in maker.keeps if name not in kinds and name not in constants]
    if unknown or any(kinds.get(key) != "array" for key in maker.tuples):
        raise ValueError(f"{maker.cls.__name__} keeps {unknown} or makes tuples of {sorted(maker.tuples)}")
    return maker._replace(fields=tuple(kinds))


def with_made(desc: Description, key: str, makers: Mapping[str, Callable[..., Any] | Made]) -> Description:
    """``desc`` whose ``[[key]]`` tables (a union) are read as objects: each variant made by ``makers[its tag]``.

    Each maker takes the variant's values by position, in the order of its fields (``Type.make``), or is a
    :class:`Made` (the same, declared).
    """
    fields = []
    for f in desc.fields:
        if f.key == key:
            union = f.type.item
            if f.type.kind != "tables" or union is None or union.kind != "union":
                raise ValueError(f"{key} is not a union of tables")
            if set(makers) != {v.key for v in union.variants}:
                raise ValueError(f"makers for {sorted(makers)}, variants {[v.key for v in union.variants]}")
            variants = tuple(
                v._replace(type=v.type._replace(make=_bound(makers[v.key], v.type))) for v in union.variants
            )
            f = f._replace(type=f.type._replace(item=union._replace(variants=variants)))
        fields.append(f)
    return desc._replace(fields=tuple(fields))


def union(tag: str, *variants: Field, what: str = "") -> Type:
    """Tables told apart by their ``tag`` key (``type = "auction"``); each variant lists its own keys."""
    tagged = tuple(
        v._replace(
            type=v.type._replace(
                fields=(Field(tag, const(v.key), v.help, required=True, example=v.key), *v.type.fields)
            )
        )
        for v in variants
    )
    return Type("union", tag=tag, variants=tagged, what=what or tag)


def either(*items: Type, phrase: str = "") -> Type:
    return Type("either", items=items, phrase=phrase)


def const(value: str, *, expected: str = "") -> Type:
    """Exactly ``value``; ``expected`` (the message's "expected …", marked ``N_``) may say ``{value}``."""
    return Type("const", value=value, expected=expected)


def custom(
    parse: Callable[[Any], Any],
    *,
    expected: str,
    schema: dict[str, Any],
    example: Any,
    phrase: str = "",
    what: str = "",
    words: tuple[str, ...] = (),
    spanish_words: tuple[str, ...] = (),
) -> Type:
    """A game-specific value: ``parse`` returns it or raises ValueError/TypeError (any TOML value may come);
    an error with a ``suggestion`` (`` (…)``, translated) ends the message with it, instead of "did you mean".
    What ``parse`` gives depends on the value alone: the fast reader remembers what it gave a string or an
    integer (``refcli.reading.formats.fast``).

    ``words``: the words a value may be, when they are few enough to name (animals); a typo of one gets
    "did you mean" in the message; ``spanish_words``, more of them, Spanish ones: a Spanish run, or a
    Spanish-looking value, is offered one of them first (``refcli.language.suggestions``).
    """
    return Type(
        "custom",
        parse=parse,
        expected=expected,
        schema=schema,
        example=example,
        phrase=phrase,
        what=what,
        words=words,
        spanish_words=spanish_words,
    )


def ignoring_case(words: tuple[str, ...] | list[str]) -> str:
    """A JSON-Schema pattern matching any of ``words`` in any case, blanks around (as readers fold them)."""
    special = set(
        "\\^$.|?*+()[]{}"
    )  # "-" and "/" are plain outside a class (and may not be escaped in ECMA-262 unicode mode)

    def letters(word: str) -> str:
        return "".join(
            f"[{ch.upper()}{ch.lower()}]" if ch.upper() != ch.lower() else ("\\" + ch if ch in special else ch)
            for ch in word
        )

    return r"^\s*(?:" + "|".join(letters(word) for word in words) + r")\s*$"


# The accented letters a folded letter also stands for (``refcli.language.folding.fold`` takes the accents off).
_ACCENTED = {"a": "áàâä", "e": "éèêë", "i": "íìîï", "o": "óòôö", "u": "úùûü", "n": "ñ", "c": "ç", "y": "ý"}


def loosely(words: tuple[str, ...] | list[str]) -> str:
    """A JSON-Schema pattern matching any of ``words`` as the reader matches a synonym: ignoring case,
    accents and blanks (``"Intercambio de vacas"``, ``"intercambio-de-vacas"``, ``"DESAFÍO"``)."""

    def letter(ch: str) -> str:
        if ch == "-":
            return r"[\W_]+"
        if not ch.isalpha():
            return ch
        every = ch + _ACCENTED.get(ch, "")
        return "[" + every + every.upper() + "]"

    alternatives = sorted({"".join(letter(ch) for ch in fold(word)) for word in words})
    return r"^[\W_]*(?:" + "|".join(alternatives) + r")[\W_]*$"


# -- the keys every format has ------------------------------------------------------
def game_field(game: str) -> Field:
    """``game``: optional after ``refcli GAME …``, but must match when present (the id or any of the game's names)."""
    return Field(
        "game",
        const(game, expected=N_('"{value}" (this is the {value} command)')),
        N_('"{example}"; optional after `refcli {example} …`, but must match when present'),
        example=game,
    )


def situation_field(kind: str) -> Field:
    """``situation``: which situation the file is (``refcli GAME ruling`` dispatches on it)."""
    return Field(
        "situation",
        const(kind, expected=f'"{kind}"'),
        N_('"{example}": the kind of situation'),
        required=True,
        example=kind,
    )


def note_field() -> Field:
    """``note``: free text a person may add to an event; refcli ignores it."""
    return Field("note", string(), N_("free text for the people reading the record; ignored"))


def english_help(field: Field) -> str:
    """A field's help as written (English: the JSON Schemas'), ``{example}`` filled in."""
    return field.help.replace("{example}", str(field.example)) if "{example}" in field.help else field.help


def help_text(field: Field) -> str:
    """A field's help in the language of the moment; ``{example}`` in it is the field's example (the game's id)."""
    text = _(field.help)
    return text.replace("{example}", str(field.example)) if "{example}" in text else text


# The date and place of a game, which a final snapshot may carry for the apps where players log their plays
# (``refcli GAME score --format bgstats``): BG Stats wants the play's local date and time, "YYYY-MM-DD HH:MM:SS".
PLAY_DATE_PATTERN = r"^\s*\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?\s*$"


def play_date(value: Any) -> str:
    """A game's date as BG Stats writes a play's: a TOML date or local date-time, or the same as text.

    A date alone is the start of that day; an offset, if written, is left out (the table's own clock is meant).
    """
    import datetime as dt
    import re

    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None, microsecond=0).isoformat(sep=" ")
    if isinstance(value, dt.date):
        return f"{value.isoformat()} 00:00:00"
    if not isinstance(value, str) or not re.fullmatch(PLAY_DATE_PATTERN, value):
        raise ValueError(value)
    text = value.strip().replace("T", " ")
    try:
        parsed = dt.datetime.fromisoformat(text) if " " in text else dt.datetime.fromisoformat(text + " 00:00:00")
    except ValueError:
        raise ValueError(value) from None
    return parsed.replace(microsecond=0).isoformat(sep=" ")


def play_fields() -> tuple[Field, ...]:
    """``date`` and ``location``: when and where a final snapshot's game was played (every game's, the same)."""
    date = custom(
        play_date,
        expected=N_("a date, or a date and time: 2024-05-01 or 2024-05-01T20:30:00"),
        schema={"type": "string", "pattern": PLAY_DATE_PATTERN},
        example="2024-05-01T20:30:00",
        phrase=N_("a date, or a date and time"),
    )
    return (
        Field(
            "date",
            date,
            N_("when the game was played (the play's date for --format bgstats; else the file's modification time)"),
            commented="2024-05-01T20:30:00",
            asked=False,
        ),
        Field(
            "location",
            string(expected=N_("text: where the game was played")),
            N_("where the game was played (the play's location for --format bgstats)"),
            commented='"Home"',
            asked=False,
        ),
    )


# -- how the reader walks a description -----------------------------------------------
def folded_synonyms(t: Type) -> dict[str, str]:
    """A type's synonyms (``refcli.reading.formats.spanish``) by folded word: what the reader looks a word up in."""
    found: dict[str, str] = {}
    for word, english in t.synonyms:
        found.setdefault(fold(word), english)
    return found


def needs_roster(t: Type | None) -> bool:
    """Whether reading ``t`` needs the list of players."""
    if t is None:
        return False
    if t.kind == "player":
        return True
    children = [t.item, t.key, *t.items, *(f.type for f in t.fields), *(v.type for v in t.variants)]
    return any(needs_roster(child) for child in children)


def reading_order(fields: tuple[Field, ...]) -> list[Field]:
    """Declared order, except that keys naming players wait for the key listing them."""
    roster = next((i for i, f in enumerate(fields) if f.roster), None)
    if roster is None:
        return list(fields)
    early = [f for f in fields[:roster] if not needs_roster(f.type)]
    waiting = [f for f in fields[:roster] if needs_roster(f.type)]
    return early + [fields[roster]] + waiting + list(fields[roster + 1 :])
