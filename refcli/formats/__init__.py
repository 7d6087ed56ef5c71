"""Every input format described once, as plain data; everything else generated from it.

A game's final snapshot, each of its situation kinds and its recorded-game
format are each one :class:`Description` (in ``refcli/games/<game>/formats.py``,
``FORMATS``). A description lists its keys as :class:`Field` s, each with a
:class:`Type` (integer with range, boolean, string, choice among words, a new
player's name, a reference to one of the listed players, the list of players,
an array, a tuple, a table with its own fields, a map, an array of tables, a
union told apart by a tag key, a constant, or a game-specific value with its
own parser), whether it is required or its default, a one-line help, an
example value, the clauses it rests on.

From that one description come (this is the interface the CLI and the man
pages use; all are plain functions):

``descriptions(package) -> dict[str, Description]``
    Every input kind of a game, in a stable order: ``"final"``, each situation
    kind, ``"record"``; from ``f"{package}.formats"``'s ``FORMATS``.
``read(desc, doc) / read_table(desc, table) -> dict[str, Any]``
    The generic reader (``refcli.formats.reader``): unknown keys (with
    did-you-mean), missing required keys, types, ranges and defaults, each a
    located one-line ``DataError`` (``FILE:LINE: key.path: expected …, found
    …``). It returns the values; the game code then checks only what spans
    several keys and the rules (a rule broken stays ``RuleBroken``).
``template_text(desc) -> str``
    The commented starter TOML (``data/templates/<game>/<kind>.toml``).
``json_schema(desc) -> dict``
    A JSON Schema (draft 2020-12) of the format
    (``data/schemas/<game>/<kind>.schema.json``).
``man_rows(desc) -> list[tuple[str, str]]`` and ``desc.summary``
    The key as written and its one-line help with range and default, for the
    man page's FILES section; the summary is one line per description.
``example_document(desc) -> dict``
    A minimal document the reader accepts (required keys, example values);
    with the types' structure it is what fuzzers and prompts build on.

``python -m refcli.formats --write`` regenerates the templates and schemas of
every game that has descriptions; ``--check`` says which are stale (a test
runs it).

Writing a description (see ``refcli/games/kuhhandel/formats.py``): build
types with the functions below (``integer(0, 4, what="a number of cards,")``,
``player("auctioneer")``, ``tables(..., item=union("type", variant(...)))``),
give each key a Field, and mark the key that lists the players
``roster=True``: keys naming players are read after it, wherever declared,
and must be among its names. A Field's ``example`` is what the template
shows (an example table may carry ``"#"``, the comment on its ``[[…]]``
line, and ``"#key"``, the comment on that key); ``commented`` is TOML text
the template shows commented out when the key has no example. Messages are
built from ``what``, ``expected``, ``number`` and ``missing``; leave them
empty for the generated ones. What spans several keys (four cards of each
animal in the game, a partner only for a swap) stays in the game's reader,
which raises located errors with ``Table.error_at`` on the same paths.

How the reader reads: a table's unknown keys first; then a table that lists
the players reads its keys in declared order, any other table (a player's
holding, an event) its keys in the order written, then the absent ones
(required: an error; else the default, a fresh copy for lists and tables).

Import cost matters (this module is on every command that reads a file):
only NamedTuples and small constructor functions live here; the reader, the
template writer and the schema writer are imported when first used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from refcli.i18n import N_
from refcli.plain import Record, record

if TYPE_CHECKING:
    from refcli.inputs import Document
    from refcli.schema import Table

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
    # choice, const, union: (word, English word) for each word that stands for one of the English ones: the
    # game's Spanish words and other names, and the English words themselves. Matched ignoring case, accents
    # and blanks (``refcli.gameinfo.fold``); the value read is the English word. Added when a description is
    # read (``with_spanish_words``), from the game's declaration; descriptions are written without them.
    synonyms: tuple[tuple[str, str], ...] = ()


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
) -> Type:
    """A game-specific value: ``parse`` returns it or raises ValueError/TypeError (any TOML value may come).

    ``words``: the words a value may be, when they are few enough to name (animals); a typo of one gets
    "did you mean" in the message.
    """
    return Type(
        "custom", parse=parse, expected=expected, schema=schema, example=example, phrase=phrase, what=what, words=words
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


# The accented letters a folded letter also stands for (``refcli.gameinfo.fold`` takes the accents off).
_ACCENTED = {"a": "áàâä", "e": "éèêë", "i": "íìîï", "o": "óòôö", "u": "úùûü", "n": "ñ", "c": "ç", "y": "ý"}


def loosely(words: tuple[str, ...] | list[str]) -> str:
    """A JSON-Schema pattern matching any of ``words`` as the reader matches a synonym: ignoring case,
    accents and blanks (``"Intercambio de vacas"``, ``"intercambio-de-vacas"``, ``"DESAFÍO"``)."""
    from refcli.gameinfo import fold

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
        f'"{game}"; optional after `refcli {game} …`, but must match when present',
        example=game,
    )


def situation_field(kind: str) -> Field:
    """``situation``: which situation the file is (``refcli GAME ruling`` dispatches on it)."""
    return Field(
        "situation", const(kind, expected=f'"{kind}"'), f'"{kind}": the kind of situation', required=True, example=kind
    )


def note_field() -> Field:
    """``note``: free text a person may add to an event; refcli ignores it."""
    return Field("note", string(), "free text for the people reading the record; ignored")


# -- the interface ---------------------------------------------------------------------
def descriptions(package: str) -> dict[str, Description]:
    """Every input kind of the game in ``package`` (final, situations, record), in order."""
    module = importlib.import_module(f"{package}.formats")
    formats: dict[str, Description] = module.FORMATS
    return dict(formats)


def with_spanish_words(desc: Description) -> Description:
    """``desc`` with the game's Spanish words as synonyms of its choices, constants and union tags.

    The words come from the game's declaration (``Game.spanish``; the ``game`` key also takes the game's
    other names): "subasta" for the situation "auction", "saltar" for the card "skip". A value the game
    has no word for is left as it is, and so is the description of a game that declares none.
    """
    from refcli.formats.spanish import with_words

    return with_words(desc)


def read(desc: Description, doc: Document) -> dict[str, Any]:
    """The document's values, checked against ``desc``; a located DataError otherwise."""
    from refcli.formats.reader import read_document

    return read_document(desc, doc)


def read_table(desc: Description, table: Table) -> dict[str, Any]:
    """``read`` for a ``refcli.schema.Table`` (what a situation function is given)."""
    from refcli.formats.reader import read_document

    return read_document(desc, table.doc, table.data, table.path)


def template_text(desc: Description) -> str:
    """The commented starter TOML file for ``desc``."""
    from refcli.formats.template import template_text as write

    return write(desc)


def json_schema(desc: Description) -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) of the format."""
    from refcli.formats.schemas import json_schema as write

    return write(desc)


def man_rows(desc: Description) -> list[tuple[str, str]]:
    """(key as written, one-line help with range and default) for every key, nested keys dotted."""
    from refcli.formats.text import man_rows as rows

    return rows(desc)


def example_document(desc: Description) -> dict[str, Any]:
    """A minimal document the reader accepts: the required keys with example values."""
    from refcli.formats.text import example_document as example

    return example(desc)
