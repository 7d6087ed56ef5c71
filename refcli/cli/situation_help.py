"""``refcli GAME ruling SITUATION --help``: one situation's KEY=VALUE items, what each means, and a line to copy.

Everything comes from the situation's format description (``refcli.reading.formats``): the keys and their
help texts (in the run's language), and the example line from its example document, written as people type
values (``refcli.reading.typed``: ``challenger.offer="10 10 0"``). The man page lists the same
(``refcli.cli.manpage``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from refcli.language.i18n import N_, _

if TYPE_CHECKING:
    from refcli.model.game import Game
    from refcli.reading.formats import Description, Field

HELP_ASKED = ("-h", "--help")
WIDTH = 79
KEYS_HEADING = N_("Keys (KEY=VALUE; a dotted key reaches into a table, N picks the Nth entry):")
EXAMPLE_HEADING = N_("For example (every value may also be typed as a file says it):")
MORE_HELP = N_("`{command} --help` says how items, files and questions work.")
SITUATION_USAGE = N_("Usage: {command} situation={kind} KEY=VALUE...")


def asked_for(game: Game, arguments: Sequence[str]) -> str | None:
    """The situation help when ``arguments`` ask ``--help`` with a situation named (a bare word such as
    ``cow-trade`` or ``"comercio de vacas"``, or ``situation=KIND``); None for the command's own help."""
    from refcli.reading.items import situation_kind

    before = list(arguments[: arguments.index("--")] if "--" in arguments else arguments)
    if not any(argument in HELP_ASKED for argument in before):
        return None
    for argument in before:
        if argument.startswith("-"):
            continue
        key, equals, value = argument.partition("=")
        if equals and key != "situation":
            continue
        # a whole name only: a FILE named like the first letters of a situation stays that file
        kind = situation_kind(game, value if equals else argument, begun=False)
        if kind is not None:
            return situation_help(game, kind)
    return None


def situation_help(game: Game, kind: str) -> str:
    """The help of one situation: what it is, its keys with their meaning, and an example line."""
    from refcli.reading.formats import with_spanish_words

    desc = with_spanish_words(game.formats()[kind], game)
    command = f"refcli {game.id} ruling"
    lines = [_(SITUATION_USAGE).format(command=command, kind=kind), ""]
    lines += textwrap.wrap(f"{_(desc.title)}: {_(desc.summary)}", WIDTH) + ["", _(KEYS_HEADING)]
    rows = key_rows(desc)
    width = min(max(len(key) for key, _meaning in rows) + 2, 26)
    for key, meaning in rows:
        lead = f"  {key.ljust(width)}"
        if len(lead) > width + 2:
            lines.append(f"  {key}")
            lead = " " * (width + 2)
        lines += textwrap.wrap(meaning, WIDTH, initial_indent=lead, subsequent_indent=" " * (width + 2))
    lines += ["", _(EXAMPLE_HEADING), "", "  " + example_line(game, desc), ""]
    lines.append(_(MORE_HELP).format(command=command))
    return "\n".join(lines)


def example_line(game: Game, desc: Description) -> str:
    """The situation's example document as one command line, its values as people type them."""
    from refcli.reading.items import quote
    from refcli.reading.typed import example_items

    return " ".join([f"refcli {game.id} ruling", *map(quote, example_items(desc))])


def key_rows(desc: Description) -> list[tuple[str, str]]:
    """(key as an item writes it, its help with its type and default) for every key of the situation."""
    rows: list[tuple[str, str]] = []
    for field in desc.fields:
        if field.key != "game":  # the command names the game
            rows += field_rows(field, "")
    return rows


def field_rows(field: Field, prefix: str) -> list[tuple[str, str]]:
    from refcli.reading.formats.description import help_text
    from refcli.reading.formats.text import with_details

    t, path = field.type, f"{prefix}{field.key}"
    rows = [(path, with_details(field))]
    if t.kind == "table":
        for sub in t.fields:
            rows += field_rows(sub, f"{path}.")
    elif t.kind == "tables":
        for sub in t.fields:
            rows += field_rows(sub, f"{path}.N.")
        if t.item is not None and t.item.kind == "union":
            for variant in t.item.variants:
                for sub in variant.type.fields:
                    rows += [row for row in field_rows(sub, f"{path}.N.") if row not in rows]
    elif t.kind == "map" and t.item is not None and t.item.kind in ("map", "table"):
        inner = t.item
        key = "NAME" if t.key is not None and t.key.kind in ("name", "player") else "KEY"
        if inner.kind == "table":
            for sub in inner.fields:
                rows += field_rows(sub, f"{path}.{key}.")
        else:
            rows.append((f"{path}.{key}.KEY", help_text(field)))
    elif t.kind == "map":
        key = "NAME" if t.key is not None and t.key.kind in ("name", "player") else "KEY"
        rows[-1] = (f"{path}.{key}", rows[-1][1])
    return rows
