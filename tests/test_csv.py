"""``--format csv``: score gives a row per player per game with totals, validate a row per finding.

Read back with the csv module: RFC 4180 (a header, quoting, CRLF) round-trips.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from conftest import EXAMPLES, Invoke

from refcli.output.spreadsheet import FINDING_COLUMNS, SCORE_COLUMNS

MONEY = [str(EXAMPLES / "money" / name) for name in ("rulebook-450.toml", "game-2.toml", "game-3.toml")]


def parsed(text: str) -> list[dict[str, str]]:
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")  # CRLF after every row
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_score_rows_per_player_per_game_with_totals(invoke: Invoke) -> None:
    result = invoke(["money", "score", *MONEY, "-f", "csv"])
    assert result.exit_code == 0
    assert result.stdout_bytes.decode().split("\r\n")[0] == ",".join(SCORE_COLUMNS)
    rows = parsed(result.stdout_bytes.decode())
    document = json.loads(invoke(["money", "score", *MONEY, "-f", "json"]).stdout)
    scores = [r for r in rows if r["row"] == "score"]
    assert [(r["file"], r["player"], int(r["score"]), int(r["rank"])) for r in scores] == [
        (game["file"], p["name"], p["score"], p["rank"]) for game in document["games"] for p in game["players"]
    ]
    totals = [(r["player"], int(r["score"]), r["winner"]) for r in rows if r["row"] == "total"]
    assert totals == [(t["name"], t["score"], "true" if t["rank"] == 1 else "false") for t in document["totals"]]
    # an explanation holding commas is quoted, and reads back whole
    assert any("," in r["explanation"] for r in scores)
    assert {r["explanation"] for r in scores} == {p["explanation"] for g in document["games"] for p in g["players"]}


def test_a_file_that_fails_is_an_error_row(invoke: Invoke) -> None:
    result = invoke(["score", str(EXAMPLES / "kuhhandel" / "shared-win.toml"), "/no/such.toml", "-f", "csv"])
    assert result.exit_code == 66
    rows = parsed(result.stdout_bytes.decode())
    assert [r["winner"] for r in rows if r["row"] == "score"] == ["true", "true", "false"]  # a shared win
    (error,) = [r for r in rows if r["row"] == "error"]
    assert error["file"] == "/no/such.toml" and error["error"] == "/no/such.toml: cannot read: no such file"


def test_nothing_read_is_still_the_header(invoke: Invoke) -> None:
    result = invoke(["validate", "--jsonl", "-", "-f", "csv"], input="")
    assert result.stdout_bytes.decode() == ",".join(FINDING_COLUMNS) + "\r\n"


def test_validate_rows_per_finding(invoke: Invoke, write: Any) -> None:
    files = [
        str(EXAMPLES / "kuhhandel" / "record-broken.toml"),
        str(EXAMPLES / "money" / "record-game.toml"),
        write('game = "money"\nplayers = "Ana, Ben"\n', 'odd "name", with comma.toml'),
    ]
    result = invoke(["validate", *files, "-f", "csv"])
    assert result.exit_code == 65
    rows = parsed(result.stdout_bytes.decode())
    document = json.loads(invoke(["validate", *files, "-f", "json"]).stdout)
    expected = []
    for entry in document["results"]:
        for f in entry["findings"] or [dict.fromkeys(("line", "event", "severity", "rule", "message"))]:
            fields = (entry["file"], entry["game"], entry["valid"], f["line"], f["event"])
            fields += (f["severity"], f["rule"], f["message"])
            expected.append(
                tuple("" if v is None else str(v).lower() if isinstance(v, bool) else str(v) for v in fields)
            )
    assert [tuple(r[c] for c in FINDING_COLUMNS) for r in rows] == expected
    assert rows[2]["line"] == "589" and rows[2]["event"] == ""  # the record as a whole
    assert rows[3]["valid"] == "true" and rows[3]["rule"] == ""  # a valid file without findings: one row
    assert rows[4]["file"].startswith(files[2]) and rows[4]["rule"] == "input"


def test_json_lines_in_csv_out(invoke: Invoke) -> None:
    record = json.dumps({"game": "kuhhandel", "players": ["Ana", "Ben", "Cid"]})
    result = invoke(["validate", "--jsonl", "-", "-f", "csv"], input=record + "\n" + "[1]\n")
    rows = parsed(result.stdout_bytes.decode())
    assert [(r["file"], r["valid"]) for r in rows][-1] == ("<stdin>:2", "false")
