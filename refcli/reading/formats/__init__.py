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
    The generic reader (``refcli.reading.formats.reader``): unknown keys (with
    did-you-mean), missing required keys, types, ranges and defaults, each a
    located one-line ``DataError`` (``FILE:LINE: key.path: expected …, found
    …``, or the case's own sentence: ``the key is missing; expected …``). It returns the values; the game code then checks only what spans
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

``python -m refcli.reading.formats --write`` regenerates the templates and schemas of
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
only the NamedTuples and small constructor functions of
``refcli.reading.formats.description`` are imported with it; the reader, the
template writer and the schema writer are imported when first used.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from refcli.reading import table_defaults  # a module that imports nothing, asked for every record read
from refcli.reading.formats.description import (
    EXAMPLE_NAMES,
    KINDS,
    Description,
    Field,
    Type,
    array,
    boolean,
    choice,
    const,
    custom,
    either,
    game_field,
    ignoring_case,
    integer,
    loosely,
    mapping,
    name,
    names,
    note_field,
    pair,
    play_fields,
    player,
    situation_field,
    string,
    table,
    tables,
    union,
    variant,
)

if TYPE_CHECKING:
    from refcli.model.game import Game
    from refcli.reading.documents import Document
    from refcli.reading.tables import Table

# What ``from refcli.reading.formats import …`` offers: the description types and constructors (defined in
# ``refcli.reading.formats.description``, which the modules of this package import instead of this one, so that
# none of them imports the package that imports them) and the interface below.
__all__ = [
    "EXAMPLE_NAMES",
    "KINDS",
    "Type",
    "Field",
    "Description",
    "integer",
    "boolean",
    "string",
    "choice",
    "name",
    "player",
    "names",
    "array",
    "pair",
    "table",
    "mapping",
    "tables",
    "variant",
    "union",
    "either",
    "const",
    "custom",
    "ignoring_case",
    "loosely",
    "game_field",
    "situation_field",
    "note_field",
    "play_fields",
    "descriptions",
    "with_spanish_words",
    "read",
    "read_table",
    "template_text",
    "json_schema",
    "man_rows",
    "example_document",
]


# -- the interface ---------------------------------------------------------------------
def descriptions(package: str) -> dict[str, Description]:
    """Every input kind of the game in ``package`` (final, situations, record), in order."""
    module = importlib.import_module(f"{package}.formats")
    formats: dict[str, Description] = module.FORMATS
    return dict(formats)


def with_spanish_words(desc: Description, game: Game | None = None) -> Description:
    """``desc`` with the game's Spanish words as synonyms of its choices, constants and union tags.

    The words come from the game's declaration (``Game.spanish``; the ``game`` key also takes the game's
    other names): "subasta" for the situation "auction", "saltar" for the card "skip". A value the game
    has no word for is left as it is, and so is the description of a game that declares none. ``game``:
    the declaration, when the caller has it (else the registry is asked for the game ``desc`` names).
    """
    from refcli.reading.formats.spanish import with_words

    return with_words(desc, game)


def _reader() -> ModuleType:
    """``refcli.reading.formats.reader``, imported when first used (off the start-up path), then kept: a batch
    reads thousands of records, and an import statement costs each of them a lookup of the module and its spec."""
    global _READER
    if _READER is None:
        from refcli.reading.formats import reader

        _READER = reader
    return _READER


_READER: ModuleType | None = None


def _with_table_defaults(desc: Description, data: Any, doc: Document) -> Any:
    """``data`` (a document's top-level table) with the table's defaults (``refcli config``) of the keys it
    leaves out, noted on ``doc`` so that the run says where they came from; the library sets none, and reads
    every file as it is written."""
    wanted = table_defaults.of_game(desc.game)
    if not wanted or not isinstance(data, dict):
        return data
    keys = {field.key for field in desc.fields}
    missing = {key: value for key, value in wanted.items() if key in keys and key not in data}
    doc.defaulted.update(missing)
    return {**data, **missing} if missing else data


def read(desc: Description, doc: Document, *, game: Game | None = None) -> dict[str, Any]:
    """The document's values, checked against ``desc``; a located DataError otherwise.

    ``game`` is the declaration of the game ``desc`` belongs to (its Spanish words are read too); a game's
    engine passes its own, so reading never looks the game up again. Without it the registry is asked.
    """
    data = _with_table_defaults(desc, doc.data, doc)
    values: dict[str, Any] = _reader().read_document(desc, doc, None if data is doc.data else data, game=game)
    return values


def read_table(desc: Description, table: Table, *, game: Game | None = None) -> dict[str, Any]:
    """``read`` for a ``refcli.reading.tables.Table`` (what a situation function is given)."""
    data = _with_table_defaults(desc, table.data, table.doc) if not table.path else table.data
    values: dict[str, Any] = _reader().read_document(desc, table.doc, data, table.path, game=game)
    return values


def template_text(desc: Description) -> str:
    """The commented starter TOML file for ``desc``."""
    from refcli.reading.formats.template import template_text as write

    return write(desc)


def json_schema(desc: Description) -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) of the format."""
    from refcli.reading.formats.json_schema_of import json_schema as write

    return write(desc)


def man_rows(desc: Description) -> list[tuple[str, str]]:
    """(key as written, one-line help with range and default) for every key, nested keys dotted."""
    from refcli.reading.formats.text import man_rows as rows

    return rows(desc)


def example_document(desc: Description) -> dict[str, Any]:
    """A minimal document the reader accepts: the required keys with example values."""
    from refcli.reading.formats.text import example_document as example

    return example(desc)
