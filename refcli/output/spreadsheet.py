"""CSV for a spreadsheet: ``score`` (a row per player per game) and ``validate`` (a row per finding).

RFC 4180 through the standard library's csv module: a header row, fields
quoted when they hold a comma, a quote or a line break, CRLF line ends.
Booleans are ``true``/``false`` and a null is an empty field, as a
spreadsheet reads them. Text is shown as messages show it
(``refcli.language.visible``: a control character as its escape), and a text cell
that a spreadsheet would take for a formula (it starts with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return) starts with an apostrophe, which
spreadsheets read as "this is text"; numbers stay numbers. The columns are fixed, whatever the game, so a sheet
can gather several runs.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from typing import IO, Any

from refcli.language.visible import visible

# The column names are like JSON keys: English in every language (a sheet gathers runs made in any),
# and so are the enumerated values (the row kinds, the severities); the free text (an explanation,
# a finding's message) follows the language.
SCORE_COLUMNS = ("row", "game", "file", "player", "rank", "score", "winner", "over", "explanation", "error")
FINDING_COLUMNS = ("file", "game", "valid", "line", "event", "severity", "rule", "message")


# What makes a spreadsheet read a cell as a formula (``=HYPERLINK(…)``, ``+1``, ``-1+2``, ``@SUM(…)``), or
# drop its first character (a tab, a carriage return): text that starts so is written after an apostrophe,
# which spreadsheets take as "this is text" and do not show.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> str:
    """A value as its cell: text ``visible`` and never a formula; numbers as they are (-40 stays a number)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    shown = visible(text)  # CSV has no escapes: a name's controls are shown as a message shows them
    return "'" + shown if text.startswith(FORMULA_STARTS) else shown


def rows_text(rows: Iterable[Iterable[Any]]) -> str:
    """Rows as RFC 4180 text (CRLF after every row)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerows([_cell(value) for value in row] for row in rows)
    return buffer.getvalue()


FINDING_HEADER = rows_text([FINDING_COLUMNS])


def finding_rows(result: Any) -> str:
    """One validation result (``refcli.results.findings.FileResult``) as rows: one per finding.

    A file without findings is one row with the finding's columns empty, so
    every file given has a row saying whether it is valid.
    """
    head = (result.file, result.game, result.valid)
    if not result.findings:
        return rows_text([(*head, None, None, None, None, None)])
    return rows_text((*head, f.line, f.event, f.severity, f.rule, f.message) for f in result.findings)


def score_rows(data: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    """``score``'s document as rows: a ``score`` row per player per game, a ``total`` row per player
    over several games (a game whose scores add up, when every one of its games could be read), an
    ``error`` row per file that could not be scored."""
    rows: list[tuple[Any, ...]] = []
    for game in data.get("games", [data]):
        if "players" not in game:  # a file that failed: refcli.results.report.failure
            error = game.get("error", {})
            rows.append(("error", game.get("game"), game.get("file"), *([None] * 6), error.get("message")))
            continue
        winners = set(game.get("winners", ()))
        rows.extend(
            (
                "score",
                game["game"],
                game["file"],
                player["name"],
                player["rank"],
                player["score"],
                player["name"] in winners,
                game.get("over"),
                player.get("explanation"),
                None,
            )
            for player in game["players"]
        )
    for total in data.get("totals") or ():  # null: a game could not be read, so there are no totals
        rows.append(
            ("total", data.get("game"), None, total["name"], total["rank"], total["score"], total["rank"] == 1)
            + (None, None, None)
        )
    return rows


def score_csv(report: Any) -> str:
    """``refcli score --format csv``: the header, then ``score_rows``."""
    return rows_text([SCORE_COLUMNS, *score_rows(report.data)])


# --bom: what some spreadsheet apps need at the start of a CSV file to read it as UTF-8 (→ and × otherwise
# come out as other characters); the others skip it.
BOM = "\ufeff"


def for_stream(stream: IO[str], text: str) -> str:
    """``text`` as ``stream`` can encode it: a character it cannot carry becomes ``?`` (never a crash)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode(encoding, "replace").decode(encoding)
    except LookupError:
        return text
    return text
