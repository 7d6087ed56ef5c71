"""The text blocks of a result, and how they read as plain text.

A result (``refcli.results.report``, ``refcli.results.findings``) is a plain
document for scripts plus these blocks for people. Plain text, what a pipe or
a file gets and what a result's ``text()`` returns, is laid out here, below
the results that call it; ``refcli.output.render`` draws the same blocks with
rich on a terminal and decides which of them a short text shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from refcli.language.i18n import N_, _
from refcli.language.visible import visible
from refcli.model.frozen import Record, record


# -- text blocks ------------------------------------------------------------
# NamedTuples rather than dataclasses: defining a dataclass costs ~0.3 ms at
# import, and these are imported by every command (start-up is a feature).
@record
class Heading(Record):
    text: str


@record
class Para(Record):
    text: str
    style: str = ""  # "good", "warn", "bad", "dim" or plain


@record
class Grid(Record):
    """A table: ``columns`` are (header, "left"|"right") pairs."""

    columns: tuple[tuple[str, str], ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = ""


@record
class Quotes(Record):
    """Citations, printed with the quoted text and, for interpretations, the label.

    ``decisive`` names the clauses that decided the outcome (None: all of
    them). On a terminal only those are quoted unless ``-v/--explain`` asks
    for every clause applied; a pipe always gets every one. ``title`` is
    English (a message marked with ``N_``, or a game's title): it is
    translated where it is printed (``refcli.output.render``), so a block compares
    the same whatever the language.
    """

    citations: tuple[dict[str, Any], ...]
    title: str = N_("Rules applied")
    decisive: tuple[str, ...] | None = None


Block = Heading | Para | Grid | Quotes


# -- plain text ----------------------------------------------------------------
def escaped(blocks: Sequence[Block]) -> list[Block]:
    """The blocks with what they echo from input made ``visible`` (refcli's own text is printable already).

    Headings, paragraphs and table cells quote file names, queries and values; a rulebook quote is
    refcli's own data and keeps its layout.
    """
    out: list[Block] = []
    for block in blocks:
        if isinstance(block, Heading):
            block = block._replace(text=visible(block.text))
        elif isinstance(block, Para):
            block = block._replace(text=visible(block.text))
        elif isinstance(block, Grid):
            block = block._replace(
                columns=tuple((visible(header), justify) for header, justify in block.columns),
                rows=tuple(tuple(visible(cell) for cell in row) for row in block.rows),
                title=visible(block.title),
            )
        out.append(block)
    return out


# What a paragraph's colour means, said without it too (rich and plain text alike).
MARKS = {"warn": "! ", "bad": "✗ "}


def _wrap(text: str, indent: str, width: int = 88) -> list[str]:
    """Greedy wrapping at spaces (textwrap costs more to import than every wrap a report needs)."""
    lines: list[str] = []
    line = text[: len(text) - len(text.lstrip())]  # keep a paragraph's own leading spaces
    for word in text.split():
        if line.strip() and len(indent) + len(line) + 1 + len(word) > width:
            lines.append(indent + line)
            line = word
        else:
            line = f"{line} {word}" if line.strip() else line + word
    if line or not lines:
        lines.append((indent + line) if line else indent.rstrip())
    return lines


def citation_label(citation: dict[str, Any]) -> str:
    if citation.get("interpretation"):
        return f"[{citation['id']}] " + _("interpretation (rulings register)")
    return f"[{citation['id']}] {citation['source']} · {citation['section']}"


def quoted(citation: dict[str, Any]) -> str:
    """A rulebook quote in quotation marks; a register entry (refcli's own words, translated) without."""
    return citation["text"] if citation.get("interpretation") else f"“{citation['text']}”"


def summary_shown(citation: dict[str, Any]) -> str:
    """The line printed under a quote: its summary, or nothing (a Spanish quote in Spanish text)."""
    if not citation.get("summary"):
        return ""
    from refcli.rules.catalogue import summary_shown as shown  # only a quote block needs it

    return shown(citation)


def title_text(title: str) -> str:
    """A block's title as printed: an English title (``N_``) or a game's title, in the current language."""
    return _(title) if title else ""


def display_width(text: str) -> int:
    """How many terminal columns ``text`` takes: 2 for a wide (CJK) character, 0 for a combining accent.

    (rich.cells.cell_len says the same, but plain text does not import rich.)
    """
    if text.isascii():
        return len(text)
    import unicodedata  # only for text beyond ASCII

    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def padded(cell: str, width: int, justify: str) -> str:
    """``cell`` padded with spaces to ``width`` terminal columns, on the left when ``justify`` is right."""
    padding = " " * (width - display_width(cell))
    return padding + cell if justify == "right" else cell + padding


def plain_text(blocks: Sequence[Block], width: int = 88) -> str:
    lines: list[str] = []
    for block in escaped(blocks):
        if isinstance(block, Heading):
            if lines:
                lines.append("")
            lines.append(block.text)
            lines.append("=" * min(display_width(block.text), width))
        elif isinstance(block, Para):
            prefix = MARKS.get(block.style, "")
            lines.extend(_wrap(prefix + block.text, "", width))
        elif isinstance(block, Grid):
            lines.append("")
            if block.title:
                lines.append(block.title)
            widths = [display_width(header) for header, _justify in block.columns]
            for row in block.rows:
                widths = [max(width, display_width(cell)) for width, cell in zip(widths, row)]
            headers = tuple(header for header, _justify in block.columns)
            for row in ((headers,) if any(headers) else ()) + block.rows:
                cells = [
                    padded(cell, width, justify) for cell, width, (_header, justify) in zip(row, widths, block.columns)
                ]
                lines.append("  ".join(cells).rstrip())
            lines.append("")
        elif isinstance(block, Quotes):
            if block.title:
                lines.append("")
                lines.append(title_text(block.title))
            for citation in block.citations:
                lines.append("  " + citation_label(citation))
                lines.extend(_wrap(quoted(citation), "    ", width))
                summary = summary_shown(citation)
                if summary:
                    lines.extend(_wrap(summary, "    ", width))
    return "\n".join(lines).rstrip() + "\n"
