"""Laying out a Report: JSON, TOML, or text for people.

Text is plain (aligned columns, no escape codes) when it goes to a pipe or a
file, and drawn (panels, tables, the terminal's width) on a terminal or
wherever colour is asked for; ``refcli.output.terminal`` decides both,
colour apart from layout (``NO_COLOR`` turns colour off, never the
layout). The drawing is rich's, made by ``refcli.output.drawing`` without
importing rich; rich itself draws only what that module is not sure to draw
the same (a wide character, ASCII boxes), so answers never wait for it. What colour marks is also said in words or symbols
(``!`` a warning, ``✗`` a failure, "interpretation"), so nothing is lost
without it. On a stream that cannot encode every character (cp1252,
ASCII), rich draws its boxes in ASCII, ``refcli.cli.lifecycle`` writes the text's
symbols in ASCII, and JSON and TOML escape what the stream cannot carry.

Text for people puts the decision (or the score table) first. On a
terminal it is short: of the clauses cited it quotes only those that
decided the outcome (``Quotes.decisive``), naming the others, unless
``explain`` (``-v/--explain``) asks for every one; text taller than the
terminal goes through a pager (``refcli.output.pager``) unless ``page`` is off.
A pipe, JSON and TOML always get every citation. In every text a clause
is quoted once: a later file's report that cites it again names it.

Text follows the language (``refcli.language.i18n``): the reports' own words are
already in it; the words added here (titles, labels) are translated as
they are laid out. In Spanish a rulebook quote stands alone, being the
rulebook's own words: its summary is printed only for a quote the
catalogue marks ``garbled`` (``refcli.rules.catalogue.summary_shown``).
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

from refcli.language.i18n import N_, _, ngettext
from refcli.model.options import Format
from refcli.output.terminal import clamped_size, color, drawn, on_terminal, pages
from refcli.results.blocks import (
    MARKS,
    Block,
    Grid,
    Heading,
    Para,
    Quotes,
    citation_label,
    display_width,
    escaped,
    plain_text,
    quoted,
    summary_shown,
    title_text,
)
from refcli.results.report import Report

if TYPE_CHECKING:
    from refcli.output.drawing import Drawable


def use_rich(stream: IO[str]) -> bool:
    """Whether text for ``stream`` is drawn with rich (a terminal, or colour asked for), not plain."""
    return drawn(stream)


def carries_unicode(stream: IO[str]) -> bool:
    """Whether ``stream`` encodes every character (UTF-8, -16, -32), as JSON text written raw needs."""
    import codecs  # loaded at start-up by Python itself

    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name.startswith("utf")
    except LookupError:
        return False


def json_for(stream: IO[str], text: str) -> str:
    """JSON text as ``stream`` can carry it: outside UTF, every other character as a \\u escape.

    The stream would otherwise write ``\\xd7`` for ×, which is not JSON (PYTHONIOENCODING=cp1252,
    or Windows with output redirected); the escapes keep the document the same value.
    """
    if carries_unicode(stream) or text.isascii():
        return text
    import json
    import re

    return re.sub(r"[^\x00-\x7f]", lambda match: json.dumps(match.group())[1:-1], text)


def toml_for(stream: IO[str], text: str) -> str:
    """TOML text as ``stream`` can carry it: outside UTF, every other character as a \\u escape.

    tomli_w writes every string (and every key that needs quotes) as a basic string, where
    ``\\uXXXX`` and ``\\UXXXXXXXX`` mean the character, so the document keeps its values.
    """
    if carries_unicode(stream) or text.isascii():
        return text
    import re

    def escaped(match: re.Match[str]) -> str:
        code = ord(match.group())
        return f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}"

    return re.sub(r"[^\x00-\x7f]", escaped, text)


def emit(
    report: Report,
    fmt: Any,
    stream: IO[str] | None = None,
    *,
    explain: bool = False,
    page: bool = True,
    bom: bool = False,
) -> None:
    """Write ``report`` to ``stream`` (stdout by default) in ``fmt`` (a ``Format`` or ``DocumentFormat``).

    ``explain``: quote every clause applied on a terminal too; ``page``:
    a text taller than the terminal may go through the pager; ``bom``: CSV begins with the byte-order mark.
    """
    from refcli.model.options import as_format

    out = stream or sys.stdout
    fmt = as_format(fmt)
    if fmt is Format.csv:
        from refcli.output.spreadsheet import BOM, for_stream, score_csv

        out.write(for_stream(out, (BOM if bom else "") + score_csv(report)))
        return
    if fmt is Format.json:
        out.write(json_for(out, report.to_json()))
        return
    if fmt is Format.toml:
        out.write(toml_for(out, report.to_toml()))
        return
    terminal = on_terminal(out)
    blocks = shown_blocks(report.blocks, short=terminal and not explain)
    if not drawn(out):
        out.write(plain_text(blocks))
        return
    text, height = _rich_text(blocks, out, colour=color(out))
    if terminal and page and pages() and text.count("\n") >= height:
        from refcli.output.pager import page as through_pager  # only when it is needed

        if through_pager(text, out):
            return
    out.write(text)


def terminal_size(stream: IO[str]) -> tuple[int, int]:
    """Columns and lines; COLUMNS and LINES win over what the terminal says, as in rich (``clamped_size``)."""
    try:
        size = os.get_terminal_size(stream.fileno())
        columns, lines = size.columns, size.lines
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        columns, lines = 80, 24
    return clamped_size(columns, lines)


# -- which clauses a text quotes -----------------------------------------------
def shown_blocks(blocks: Sequence[Block], *, short: bool) -> list[Block]:
    """The blocks as a person reads them: each clause quoted once, and ``short`` only the decisive ones.

    A clause left out is still named, in a line after the quotes: those
    quoted above (a run over several files) and, when ``short``, those that
    did not decide the outcome, with the option that quotes them.
    """
    shown: list[Block] = []
    quoted_before: set[str] = set()
    for block in blocks:
        if not isinstance(block, Quotes):
            shown.append(block)
            continue
        decisive = None if block.decisive is None or not short else set(block.decisive)
        kept, repeated, hidden = [], [], []
        for citation in block.citations:
            if citation["id"] in quoted_before:
                repeated.append(citation["id"])
            elif decisive is not None and citation["id"] not in decisive:
                hidden.append(citation["id"])
            else:
                kept.append(citation)
                quoted_before.add(citation["id"])
        title = block.title
        if hidden and title == "Rules applied":
            title = N_("Rules that decided it")
        if kept:
            shown.append(block._replace(citations=tuple(kept), title=title))
        elif repeated or hidden:
            shown.append(Para("", "dim"))  # the same blank line a quote block starts with
        if repeated:
            shown.append(Para("  " + _("Also applied, quoted above: {ids}").format(ids=_ids(repeated)), "dim"))
        if hidden:
            more = ngettext(
                "{n} more clause applied (-v quotes them): {ids}",
                "{n} more clauses applied (-v quotes them): {ids}",
                len(hidden),
            )
            shown.append(Para("  " + more.format(n=len(hidden), ids=_ids(hidden)), "dim"))
    return shown


def _ids(ids: list[str]) -> str:
    return " ".join(f"[{clause}]" for clause in ids)


# -- drawn text ---------------------------------------------------------------
def _rich_text(blocks: Sequence[Block], stream: IO[str], *, colour: bool) -> tuple[str, int]:
    """The blocks drawn for ``stream``'s terminal (its width; colours when ``colour``), and its height.

    Off a terminal (colour asked for in a pipe) the width is ``COLUMNS`` or 80. Without colour no escape
    codes are written at all; the layout is the same. ``refcli.output.drawing`` draws the text as rich
    would, without importing it; what it is not sure to draw the same (a wide character, a stream that
    cannot encode box-drawing characters, which rich draws in ASCII) rich draws.
    """
    from refcli.output import drawing

    columns, lines = terminal_size(stream)
    drawables = _drawables(blocks, columns)
    text = drawing.drawn(drawables, columns, colour=colour, encoding=getattr(stream, "encoding", None))
    if text is None:
        text = _drawn_with_rich(drawables, stream, columns, lines, colour=colour)
    return text, lines


def _drawables(blocks: Sequence[Block], width: int) -> list[Drawable]:
    """What the blocks look like on a terminal ``width`` columns wide: text, tables and panels to draw."""
    from refcli.output.drawing import Column, Panel, Table, Words

    styles = {"good": "green", "warn": "yellow", "bad": "bold red", "dim": "dim"}
    drawables: list[Drawable] = []
    for block in escaped(blocks):
        if isinstance(block, Heading):
            drawables.append(Words(block.text, "bold"))
        elif isinstance(block, Para):
            drawables.append(Words(MARKS.get(block.style, "") + block.text, styles.get(block.style, "")))
        elif isinstance(block, Grid):
            shown, padding = numbers_within(within_width(block, width), width)
            widths = number_widths(shown, width, padding)
            # A number is never cut: its column is at least as wide as its widest cell; a header and a
            # name fold onto more lines instead of ending in "…".
            drawn_columns = tuple(
                Column(header, justify, fixed) for (header, justify), fixed in zip(shown.columns, widths, strict=True)
            )
            drawables.append(Table(drawn_columns, bars_within(shown, width, padding), block.title, padding))
            if len(shown.columns) < len(block.columns):
                left_out = block.columns[-1][0]
                said = _('The column "{column}" is left out: the terminal is too narrow for it (--format json has it).')
                drawables.append(Words(said.format(column=left_out), "dim"))
        elif isinstance(block, Quotes):
            if not block.citations:
                continue
            pieces: list[tuple[str, str]] = []
            for index, citation in enumerate(block.citations):
                if index:
                    pieces.append(("\n\n", ""))
                interpretation = bool(citation.get("interpretation"))
                pieces.append((citation_label(citation), "bold magenta" if interpretation else "bold cyan"))
                pieces.append(("\n" + quoted(citation), "" if interpretation else "italic"))
                summary = summary_shown(citation)
                if summary:
                    pieces.append((f"\n{summary}", "dim"))
            drawables.append(Panel(tuple(pieces), title_text(block.title)))
    return drawables


def _drawn_with_rich(drawables: Sequence[Drawable], stream: IO[str], columns: int, lines: int, *, colour: bool) -> str:
    """The drawables drawn by rich: on a stream that cannot encode box-drawing characters, in ASCII."""
    from rich import box
    from rich.console import Console
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from refcli.output import drawing

    console = Console(
        file=stream,
        highlight=False,
        width=columns,
        height=lines,
        force_terminal=colour,  # a pipe gets colour only when asked for, and then as a terminal would
        color_system="auto" if colour else None,
        no_color=False,  # NO_COLOR was read already, by refcli.output.terminal (--color always wins over it)
    )
    with console.capture() as captured:
        for drawable in drawables:
            if isinstance(drawable, drawing.Words):
                console.print(Text(drawable.text, style=drawable.style))
            elif isinstance(drawable, drawing.Table):
                table = Table(
                    box=box.SIMPLE_HEAD,
                    title=Text(drawable.title) if drawable.title else None,
                    title_justify="left",
                    padding=(0, drawable.padding),
                )
                for column in drawable.columns:
                    table.add_column(Text(column.header), justify=column.justify, width=column.width, overflow="fold")  # type: ignore[arg-type]
                for row in drawable.rows:
                    table.add_row(*(Text(cell) for cell in row))  # Text: "[no-change.001]" is a clause, not markup
                console.print(table)
            else:
                body = Text()
                for text, style in drawable.pieces:
                    body.append(text, style=style)
                title = Text(drawable.title) if drawable.title else None
                console.print(Padding(Panel(body, title=title, title_align="left", border_style="dim"), (1, 0, 0, 0)))
    return captured.get()


BAR = "█"
# The least room an explanation column (a score's "How it adds up") is drawn in: narrower, each word would
# take a line of its own and the table would be many times as tall.
EXPLANATION_ROOM = 20
# What a name column is counted as when deciding that (a longer name folds onto more lines).
NAME_ROOM = 10


def _is_bar_column(grid: Grid, index: int) -> bool:
    return any(row[index] for row in grid.rows) and all(not row[index].strip(BAR) for row in grid.rows)


def within_width(grid: Grid, width: int) -> Grid:
    """``grid``, without its explanation column when ``width`` leaves it too little room (``EXPLANATION_ROOM``).

    The explanation column is the last of a table of numbers (one with a right-aligned column), when it
    holds text (a bar column shortens instead, ``bars_within``). The numbers and the names keep their room.
    """
    columns = grid.columns
    last = len(columns) - 1
    if len(columns) < 3 or columns[last][1] != "left" or not grid.rows or _is_bar_column(grid, last):
        return grid
    if not any(justify == "right" for _header, justify in columns):
        return grid
    others = 3 * len(columns) + 1  # a space each side of every column, and between
    for index, (header, justify) in enumerate(columns[:last]):
        natural = max(display_width(text) for text in (header, *(row[index] for row in grid.rows)))
        others += natural if justify == "right" else min(natural, NAME_ROOM)
    needed = min(max(display_width(row[last]) for row in grid.rows), EXPLANATION_ROOM)
    if width - others >= needed:
        return grid
    return grid._replace(columns=columns[:last], rows=tuple(row[:last] for row in grid.rows))


# A cell that is a number, or a number-like code (a declared score "54", odds "12.5%", ways "27/216"):
# never folded across lines.
_NUMBER_LIKE = re.compile(r"[0-9][0-9.,:/%+×-]*")


def unbreakable_width(grid: Grid, index: int) -> int | None:
    """The width column ``index`` may never go below (its widest cell), or None when its cells may fold.

    A right-aligned column holds numbers; a left-aligned one whose every cell is a number-like code
    (the ladder's scores) is kept whole as well.
    """
    cells = [row[index] for row in grid.rows]
    if grid.columns[index][1] == "right" or (
        any(cells) and all(not cell or _NUMBER_LIKE.fullmatch(cell) for cell in cells)
    ):
        return max((display_width(cell) for cell in cells), default=0)
    return None


def number_widths(grid: Grid, width: int, padding: int) -> list[int | None]:
    """Each column's width: a column of numbers as wide as its widest cell, and its header as far as the
    room allows (a longer header folds); None for the others, which share what is left (names fold)."""
    floors = [unbreakable_width(grid, index) for index in range(len(grid.columns))]
    # the other columns first get room for a name (NAME_ROOM), then the numbers' headers what is left
    names = sum(
        min(max((display_width(row[index]) for row in grid.rows), default=1), NAME_ROOM)
        for index, floor in enumerate(floors)
        if floor is None
    )
    spare = width - sum(floor or 0 for floor in floors) - names - (2 * padding + 1) * len(grid.columns) - 1
    widths: list[int | None] = []
    for (header, _justify), floor in zip(grid.columns, floors, strict=True):
        if floor is None:
            widths.append(None)
            continue
        more = min(max(display_width(header) - floor, 0), max(spare, 0))
        spare -= more
        widths.append(floor + more)
    return widths


def numbers_within(grid: Grid, width: int) -> tuple[Grid, int]:
    """``grid`` and the padding each side of its cells (1, or 0 when only that lets its numbers fit ``width``).

    The numbers keep their width; when they and the room between the columns do not fit, the columns
    lose their padding (one space still separates them), and a bar column, which only draws what the
    numbers beside it say, is left out.
    """

    def needed(shown: Grid, padding: int) -> int:
        unbreakable = sum(unbreakable_width(shown, index) or 1 for index in range(len(shown.columns)))
        return unbreakable + (2 * padding + 1) * len(shown.columns) + 1

    if needed(grid, 1) <= width:
        return grid, 1
    bars = [index for index in range(len(grid.columns)) if _is_bar_column(grid, index)]
    if len(bars) == 1 and needed(grid, 0) > width:
        keep = [index for index in range(len(grid.columns)) if index != bars[0]]
        grid = grid._replace(
            columns=tuple(grid.columns[index] for index in keep),
            rows=tuple(tuple(row[index] for index in keep) for row in grid.rows),
        )
    return grid, 0


def bars_within(grid: Grid, width: int, padding: int = 1) -> tuple[tuple[str, ...], ...]:
    """``grid``'s rows, its bar column (cells made of █ only) shortened in proportion to fit ``width``.

    A table wider than the terminal would otherwise wrap a bar onto a second line. Every
    other column keeps its width; the numbers beside each bar say what it shows.
    """
    bars = [index for index in range(len(grid.columns)) if _is_bar_column(grid, index)]
    if len(bars) != 1:
        return grid.rows
    bar = bars[0]
    others = sum(
        max(len(header), *(len(row[index]) for row in grid.rows))
        for index, (header, _justify) in enumerate(grid.columns)
        if index != bar
    )
    room = max(width - others - (2 * padding + 1) * len(grid.columns) - 1, 1)  # the padding, and a space between
    longest = max(len(row[bar]) for row in grid.rows)
    if longest <= room:
        return grid.rows
    return tuple(
        (*row[:bar], BAR * (max(1, round(len(row[bar]) * room / longest)) if row[bar] else 0), *row[bar + 1 :])
        for row in grid.rows
    )
