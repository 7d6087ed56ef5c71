"""Drawing a terminal's text without rich: the same characters and colour codes, for the text refcli draws.

A terminal gets its text drawn (``refcli.output.render``): headings and paragraphs wrapped to its width, tables
with a rule under their header, quotes in a panel. rich draws them, and importing rich costs a quick answer
more than all the rest of it. What refcli draws is a handful of shapes with one box each and nine styles, so
this module draws them itself, byte for byte as rich does (its wrapping, its column widths, its escape codes:
``tests/test_drawing.py`` compares the two on every report of the examples, at many widths, with colour and
without), and returns None for anything it is not sure to draw the same — a character that is not one
terminal cell wide, a style it does not know, a table too narrow for its padding, a stream that cannot encode
the boxes, Windows, a notebook — which rich then draws.

Imports only ``re`` (loaded at start-up by Python itself).
"""

from __future__ import annotations

import builtins
import os
import re
from collections.abc import Sequence

from refcli.model.frozen import Record, record


# -- what there is to draw (``refcli.output.render`` makes these of a report's blocks) -----------------------
@record
class Words(Record):
    """A heading's or a paragraph's text, wrapped to the width, in one style (a rich style name, or "")."""

    text: str
    style: str = ""


@record
class Column(Record):
    header: str
    justify: str  # "left" or "right"
    width: int | None = None  # a fixed width (numbers are never folded), or None: shares what is left


@record
class Table(Record):
    """A table with a rule under its header row (rich's ``box.SIMPLE_HEAD``), its title above it."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = ""
    padding: int = 1  # spaces each side of every cell


@record
class Panel(Record):
    """Text in a rounded box the width of the terminal, its title in the top border, after a blank line.

    ``pieces``: the text as (text, style) pieces, each a run of one style.
    """

    pieces: tuple[tuple[str, str], ...]
    title: str = ""


Drawable = Words | Table | Panel

# The styles refcli draws with, as rich writes them (Select Graphic Rendition parameters).
CODES = {
    "": "",
    "bold": "1",
    "dim": "2",
    "italic": "3",
    "green": "32",
    "yellow": "33",
    "bold red": "1;31",
    "bold cyan": "1;36",
    "bold magenta": "1;35",
}
HEADER = "bold"  # rich's table.header
BORDER = "dim"  # the panel's border
RULE = "─"  # the rule under a table's header
ROUNDED = ("╭", "─", "╮", "│", "╰", "╯")

Segment = tuple[str, str]  # text, and the style name it is drawn in
Line = list[Segment]


class NotSure(Exception):
    """Something this module does not draw exactly as rich would: rich draws the text."""


def drawn(drawables: Sequence[Drawable], width: int, *, colour: bool, encoding: str | None) -> str | None:
    """``drawables`` drawn ``width`` columns wide as rich would draw them, or None when rich must draw them.

    ``colour``: with escape codes (a dumb terminal, ``TERM=dumb``, gets none, as from rich); ``encoding``:
    the stream's (its boxes need a UTF encoding).
    """
    if os.name == "nt" or not (encoding or "utf-8").lower().startswith("utf"):
        return None  # Windows' legacy console and ASCII boxes: rich knows them
    if hasattr(builtins, "get_ipython"):
        return None  # IPython or a notebook, where rich draws in its own way
    codes = colour and os.environ.get("TERM", "").lower() not in ("dumb", "unknown")
    try:
        lines: list[Line] = []
        for drawable in drawables:
            _check(drawable)
            if isinstance(drawable, Words):
                lines.extend(_words(drawable, width))
            elif isinstance(drawable, Table):
                lines.extend(_table(drawable, width))
            else:
                lines.extend(_panel(drawable, width))
    except NotSure:
        return None
    return "".join(_written(line, codes) for line in lines)


def _written(line: Line, codes: bool) -> str:
    """A line as rich writes it: each styled piece in its own escape codes, then a newline."""
    if not codes:
        return "".join(text for text, _style in line) + "\n"
    out = []
    for text, style in line:
        sgr = CODES[style]
        out.append(f"\x1b[{sgr}m{text}\x1b[0m" if sgr and text else text)
    return "".join(out) + "\n"


# -- what is sure to be drawn the same ------------------------------------------------------------------------
def _one_cell(code: int) -> bool:
    """Whether the character ``code`` takes one terminal cell in rich, standing alone (no combining marks).

    rich's own single-cell ranges (Latin, Greek, Cyrillic, boxes) and the punctuation refcli writes; a
    test checks each against rich.
    """
    return (
        0x20 <= code <= 0x7E
        or 0xA0 <= code <= 0x2FF
        and code != 0xAD
        or 0x370 <= code <= 0x482
        or 0x2010 <= code <= 0x2027
        or 0x2030 <= code <= 0x203A
        or 0x2190 <= code <= 0x2199
        or 0x2500 <= code <= 0x25FC
        or code in (0x20AC, 0x2122, 0x2264, 0x2265, 0x2713, 0x2717)
    )


_SURE: dict[str, bool] = {}


def sure(text: str) -> bool:
    """Whether every character of ``text`` is one cell wide (or a newline): drawn the same as by rich."""
    if text.isascii():
        return all(" " <= character <= "~" or character == "\n" for character in text)
    for character in set(text):
        known = _SURE.get(character)
        if known is None:
            known = _SURE[character] = character == "\n" or _one_cell(ord(character))
        if not known:
            return False
    return True


def _check(drawable: Drawable) -> None:
    texts: list[str] = []
    styles: list[str] = []
    if isinstance(drawable, Words):
        texts.append(drawable.text)
        styles.append(drawable.style)
    elif isinstance(drawable, Table):
        texts.extend([drawable.title, *(column.header for column in drawable.columns)])
        texts.extend(cell for row in drawable.rows for cell in row)
        if any(len(row) != len(drawable.columns) for row in drawable.rows) or not drawable.columns:
            raise NotSure
    else:
        texts.extend([drawable.title, *(text for text, _style in drawable.pieces)])
        styles.extend(style for _text, style in drawable.pieces)
    if not all(style in CODES for style in styles) or not all(sure(text) for text in texts):
        raise NotSure


# -- wrapping (rich.text.Text.wrap and rich._wrap.divide_line, every character one cell) ---------------------
_WORD = re.compile(r"\s*\S+\s*")
_TRAILING_SPACE = re.compile(r"\s+$")


def _breaks(text: str, width: int) -> list[int]:
    """Where a line of ``text`` breaks to fit ``width``: between words, a word wider than the line folded."""
    if width < 1:
        raise NotSure
    breaks: list[int] = []
    offset = 0
    match = _WORD.match(text, 0)
    while match is not None:
        start, end = match.span()
        word = match.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            pieces = [word[index : index + width] for index in range(0, len(word), width)]
            for index, piece in enumerate(pieces):
                if start:
                    breaks.append(start)
                if index == len(pieces) - 1:
                    offset = len(piece)
                else:
                    start += len(piece)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
        match = _WORD.match(text, end)
    return breaks


def _wrapped(text: str, width: int) -> list[tuple[int, int]]:
    """The lines ``text`` wraps into at ``width``, as (start, end) in ``text``, newlines left out."""
    lines: list[tuple[int, int]] = []
    start = 0
    for paragraph in text.split("\n"):
        edges = [0, *_breaks(paragraph, width), len(paragraph)]
        for left, right in zip(edges, edges[1:]):
            length = right - left
            if length > width:  # spaces past the edge go (rich's rstrip_end), then what still does not fit
                spaces = _TRAILING_SPACE.search(paragraph[left:right])
                if spaces is not None:
                    length -= min(len(spaces.group()), length - width)
                length = min(length, width)
            lines.append((start + left, start + left + length))
        start += len(paragraph) + 1
    return lines


def _styled_lines(pieces: Sequence[tuple[str, str]], width: int) -> list[Line]:
    """Text made of (text, style) pieces, wrapped: each line's segments cut where a styled piece starts or ends."""
    text = "".join(piece for piece, _style in pieces)
    runs: list[tuple[int, int, str]] = []
    position = 0
    for piece, style in pieces:
        runs.append((position, position + len(piece), style))
        position += len(piece)
    lines: list[Line] = []
    for start, end in _wrapped(text, width):
        line: Line = []
        for run_start, run_end, style in runs:
            left, right = max(start, run_start), min(end, run_end)
            if left < right:
                line.append((text[left:right], style))
        lines.append(line)
    return lines


def _justified(text: str, width: int, justify: str) -> list[str]:
    """Text without style wrapped to ``width``, each line padded to it on the right (left) or the left (right)."""
    lines = []
    for start, end in _wrapped(text, width):
        line = text[start:end]
        if justify == "right":
            line = line.rstrip()[:width]
            line = " " * (width - len(line)) + line
        elif justify == "left":
            line = line[:width] + " " * (width - len(line))
        else:
            raise NotSure
        lines.append(line)
    return lines


# -- the shapes -------------------------------------------------------------------------------------------------
def _words(words: Words, width: int) -> list[Line]:
    return _styled_lines(((words.text, words.style),), width)


def _panel(panel: Panel, width: int) -> list[Line]:
    """rich's ``Padding(Panel(text, title=..., title_align="left", border_style="dim"), (1, 0, 0, 0))``."""
    top_left, across, top_right, side, bottom_left, bottom_right = ROUNDED
    if width < 5:
        raise NotSure
    lines: list[Line] = [[(" " * width, "")]]
    title = " " + panel.title.replace("\n", " ") + " " if panel.title else ""
    if title:
        title = title[: width - 4]
        top: Line = [(top_left + across, BORDER), (title, BORDER)]
        if width - 4 > len(title):
            top.append((across * (width - 4 - len(title)), BORDER))
        top.append((across + top_right, BORDER))
    else:
        top = [(top_left + across * (width - 2) + top_right, BORDER)]
    lines.append(top)
    inner = width - 4
    for line in _styled_lines(panel.pieces, inner):
        used = sum(len(text) for text, _style in line)
        lines.append([(side, BORDER), (" ", ""), *line, (" " * (inner - used), ""), (" ", ""), (side, BORDER)])
    lines.append([(bottom_left + across * (width - 2) + bottom_right, BORDER)])
    return lines


def _table(table: Table, width: int) -> list[Line]:
    """rich's ``Table(box=SIMPLE_HEAD, title=..., title_justify="left", padding=(0, p))`` of Text cells."""
    padding = table.padding
    extra = 2 + len(table.columns) - 1  # the edges, and a divider between each two columns
    widths = _column_widths(table, width - extra)
    if any(column_width - 2 * padding < 1 for column_width in widths):
        raise NotSure
    table_width = sum(widths) + extra
    if table_width > width:
        raise NotSure
    lines: list[Line] = []
    if table.title:
        lines.extend([[(line, "")] for line in _justified(table.title, table_width, "left")])
    lines.append([(" " * table_width, "")])  # the box's top: blank
    header = [
        _cell(column.header, column_width, column.justify, padding)
        for column, column_width in zip(table.columns, widths)
    ]
    height = max(len(cell) for cell in header)
    for line_number in range(height):
        line: Line = [(" ", "")]
        for index, (cell, column_width) in enumerate(zip(header, widths)):
            if index:
                line.append((" ", ""))
            missing = height - len(cell)  # a header is drawn at the bottom of its row
            if line_number < missing:
                line.append((" " * column_width, HEADER))
            else:
                line.extend((text, HEADER) for text in cell[line_number - missing] if text)
        line.append((" ", ""))
        lines.append(line)
    lines.append([(" " + RULE.join(RULE * column_width for column_width in widths) + " ", "")])
    for row in table.rows:
        cells = [
            ["".join(parts) for parts in _cell(text, column_width, column.justify, padding)]
            for text, column, column_width in zip(row, table.columns, widths)
        ]
        height = max(len(cell) for cell in cells)
        for line_number in range(height):
            shown = [
                cell[line_number] if line_number < len(cell) else " " * column_width
                for cell, column_width in zip(cells, widths)
            ]
            lines.append([(" " + " ".join(shown) + " ", "")])
    lines.append([(" " * table_width, "")])  # the box's bottom: blank
    return lines


def _cell(text: str, width: int, justify: str, padding: int) -> list[tuple[str, str, str]]:
    """A cell's lines, each as its left padding, its text and its right padding."""
    pad = " " * padding
    return [(pad, line, pad) for line in _justified(text, width - 2 * padding, justify)]


# -- column widths (rich.table.Table._calculate_column_widths, for columns of text, not expanded) -------------
Measure = tuple[int, int]


def _normalized(measure: Measure) -> Measure:
    least, most = measure
    least = min(max(0, least), most)
    return max(0, least), max(0, max(least, most))


def _at_most(measure: Measure, width: int) -> Measure:
    return min(measure[0], width), min(measure[1], width)


def _text_measure(text: str, width: int) -> Measure:
    """rich's Measurement.get of a Text: its longest word and its longest line, within ``width``."""
    if width < 1:
        return 0, 0
    lines = text.splitlines()
    longest_line = max((len(line) for line in lines), default=0)
    words = text.split()
    measure = _at_most(_normalized((max((len(word) for word in words), default=longest_line), longest_line)), width)
    return (0, 0) if measure[1] < 1 else _normalized(measure)


def _cell_measure(text: str, width: int, padding: int) -> Measure:
    """rich's Measurement.get of a cell: its text's measure with the padding each side (a Padding)."""
    if not padding:
        return _text_measure(text, width)
    if width < 1:
        return 0, 0
    extra = 2 * padding
    if width - extra < 1:
        measure = (width, width)
    else:
        least, most = _text_measure(text, width)
        measure = _at_most((least + extra, most + extra), width)
    measure = _at_most(_normalized(measure), width)
    return (0, 0) if measure[1] < 1 else _normalized(measure)


def _column_measure(table: Table, index: int, width: int) -> Measure:
    if width < 1:
        return 0, 0
    column = table.columns[index]
    extra = 2 * table.padding
    if column.width is not None:
        return _at_most((column.width + extra, column.width + extra), width)
    measures = [
        _cell_measure(text, width, table.padding) for text in (column.header, *(row[index] for row in table.rows))
    ]
    return _at_most((max(least for least, _most in measures), max(most for _least, most in measures)), width)


def _column_widths(table: Table, width: int) -> list[int]:
    count = len(table.columns)
    widths = [_column_measure(table, index, width)[1] or 1 for index in range(count)]
    if sum(widths) > width:
        widths = _collapsed(widths, [column.width is None for column in table.columns], width)
        if sum(widths) > width:
            widths = _reduced(sum(widths) - width, [1] * count, widths, widths)
        widths = [_column_measure(table, index, column_width)[1] or 0 for index, column_width in enumerate(widths)]
    return widths


def _collapsed(widths: list[int], wrapable: list[bool], width: int) -> list[int]:
    """rich's Table._collapse_widths: the widest columns that may fold narrowed, in turn, to fit ``width``."""
    total = sum(widths)
    excess = total - width
    if any(wrapable):
        while total and excess > 0:
            widest = max(column for column, folds in zip(widths, wrapable) if folds)
            second = max(column if folds and column != widest else 0 for column, folds in zip(widths, wrapable))
            difference = widest - second
            ratios = [1 if column == widest and folds else 0 for column, folds in zip(widths, wrapable)]
            if not any(ratios) or not difference:
                break
            widths = _reduced(excess, ratios, [min(excess, difference)] * len(widths), widths)
            total = sum(widths)
            excess = total - width
    return widths


def _reduced(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich._ratio.ratio_reduce: ``total`` taken off ``values`` in proportion to ``ratios``, each at most its maximum."""
    ratios = [ratio if most else 0 for ratio, most in zip(ratios, maximums)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    result = []
    for ratio, most, value in zip(ratios, maximums, values):
        if ratio and total_ratio > 0:
            distributed = min(most, round(ratio * remaining / total_ratio))
            result.append(value - distributed)
            remaining -= distributed
            total_ratio -= ratio
        else:
            result.append(value)
    return result
