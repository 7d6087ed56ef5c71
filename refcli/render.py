"""Laying out a Report: JSON, TOML, or text for people.

Text is plain (aligned columns, no escape codes) when stdout is not a
terminal or ``NO_COLOR`` is set, and drawn with rich otherwise. rich is only
imported on that last path, so scripts and pipes never pay for it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import IO, Any

from refcli.options import Format
from refcli.report import Block, Grid, Heading, Para, Quotes, Report


def without_nulls(value: Any) -> Any:
    """TOML has no null: drop None values (SPEC.md: "null values left out")."""
    if isinstance(value, dict):
        return {key: without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [without_nulls(item) for item in value if item is not None]
    return value


def to_json(data: dict[str, Any]) -> str:
    import json  # here: text output never needs it

    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def to_toml(data: dict[str, Any]) -> str:
    import tomli_w

    return tomli_w.dumps(without_nulls(data))


def use_rich(stream: IO[str]) -> bool:
    if "NO_COLOR" in os.environ:
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


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


def emit(report: Report, fmt: Any, stream: IO[str] | None = None) -> None:
    """Write ``report`` to ``stream`` (stdout by default) in ``fmt`` (a ``Format`` or ``DocumentFormat``)."""
    from refcli.options import as_format

    out = stream or sys.stdout
    fmt = as_format(fmt)
    if fmt is Format.csv:
        from refcli.tables import for_stream, score_csv

        out.write(for_stream(out, score_csv(report)))
    elif fmt is Format.json:
        out.write(json_for(out, report.to_json()))
    elif fmt is Format.toml:
        out.write(report.to_toml())
    elif use_rich(out):
        _rich_text(report.blocks, out)
    else:
        out.write(plain_text(report.blocks))


# -- plain text ----------------------------------------------------------------
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
        return f"[{citation['id']}] interpretation (rulings register)"
    return f"[{citation['id']}] {citation['source']} · {citation['section']}"


def quoted(citation: dict[str, Any]) -> str:
    """A rulebook quote in quotation marks; a register entry (refcli's own words) without."""
    return citation["text"] if citation.get("interpretation") else f"“{citation['text']}”"


def plain_text(blocks: Sequence[Block]) -> str:
    lines: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            if lines:
                lines.append("")
            lines.append(block.text)
            lines.append("=" * min(len(block.text), 88))
        elif isinstance(block, Para):
            prefix = {"warn": "! ", "bad": "✗ "}.get(block.style, "")
            lines.extend(_wrap(prefix + block.text, ""))
        elif isinstance(block, Grid):
            lines.append("")
            if block.title:
                lines.append(block.title)
            widths = [len(header) for header, _ in block.columns]
            for row in block.rows:
                widths = [max(width, len(cell)) for width, cell in zip(widths, row)]
            headers = tuple(header for header, _ in block.columns)
            for row in ((headers,) if any(headers) else ()) + block.rows:
                cells = [
                    cell.rjust(width) if justify == "right" else cell.ljust(width)
                    for cell, width, (_, justify) in zip(row, widths, block.columns)
                ]
                lines.append("  ".join(cells).rstrip())
            lines.append("")
        elif isinstance(block, Quotes):
            if block.title:
                lines.append("")
                lines.append(block.title)
            for citation in block.citations:
                lines.append("  " + citation_label(citation))
                lines.extend(_wrap(quoted(citation), "    "))
                if citation.get("summary"):
                    lines.extend(_wrap(citation["summary"], "    "))
    return "\n".join(lines).rstrip() + "\n"


# -- rich text -----------------------------------------------------------------
def _rich_text(blocks: Sequence[Block], stream: IO[str]) -> None:
    from rich import box
    from rich.console import Console
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    console = Console(file=stream, highlight=False)
    styles = {"good": "green", "warn": "yellow", "bad": "bold red", "dim": "dim"}
    for block in blocks:
        if isinstance(block, Heading):
            console.print(Text(block.text, style="bold"))
        elif isinstance(block, Para):
            console.print(Text(block.text, style=styles.get(block.style, "")))
        elif isinstance(block, Grid):
            table = Table(box=box.SIMPLE_HEAD, title=block.title or None, title_justify="left")
            for header, justify in block.columns:
                table.add_column(header, justify=justify)  # type: ignore[arg-type]
            for row in block.rows:
                table.add_row(*row)
            console.print(table)
        elif isinstance(block, Quotes):
            if not block.citations:
                continue
            body = Text()
            for index, citation in enumerate(block.citations):
                if index:
                    body.append("\n\n")
                label_style = "bold magenta" if citation.get("interpretation") else "bold cyan"
                body.append(citation_label(citation), style=label_style)
                body.append("\n" + quoted(citation), style="" if citation.get("interpretation") else "italic")
                if citation.get("summary"):
                    body.append(f"\n{citation['summary']}", style="dim")
            console.print(
                Padding(Panel(body, title=block.title or None, title_align="left", border_style="dim"), (1, 0, 0, 0))
            )
