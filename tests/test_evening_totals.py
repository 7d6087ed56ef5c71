"""A scorekeeper never gets a total from half an evening; `-` after --save and -o is standard output.

Money!'s several games add up (003: "jugarlo tres veces con la puntuación
acumulada más alta al final del tercer juego"). When one of them cannot be
read, every game read is still scored, but there are no totals and no
winner, in every format, and the error is said again after the report. Over
files of several games, the totals cover the Money! games and say so.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, REPO, Invoke

Write = Callable[..., str]

GAMES = [str(EXAMPLES / "money" / name) for name in ("rulebook-450.toml", "game-2.toml", "game-3.toml")]
KUHHANDEL = str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")
MISSING = "/no/such/game-3.toml"
MISSING_LINE = f"refcli: error: {MISSING}: cannot read: no such file"
ONE_PLAYER = 'game = "money"\n[[player]]\nname = "Ana"\ncoins = 1\n'  # not a finished game of 3 to 5: exit 65
TOTALS_OF_THREE = [{"name": "Ben", "score": 1110, "rank": 1}, {"name": "Cid", "score": 1040, "rank": 2}]


def document(invoke: Invoke, *args: str) -> tuple[int, dict[str, Any]]:
    result = invoke([*args, "-f", "json"])
    return result.exit_code, json.loads(result.stdout)


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def refcli(*args: str, **extra: Any) -> subprocess.CompletedProcess[str]:
    """refcli as a shell runs it, standard error merged into standard output (``2>&1``)."""
    environment = {**os.environ, "COLUMNS": "80", "REFCLI_LANG": "en"}
    return subprocess.run(
        [sys.executable, "-m", "refcli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=environment,
        check=False,
        **extra,
    )


# -- a game that cannot be read: each game read, no totals, no winner ---------------------------------
@pytest.mark.parametrize(
    ("unreadable", "status"), [("missing", 66), ("bad data", 65), ("both", 66)], ids=["66", "65", "66-over-65"]
)
def test_an_unreadable_game_leaves_no_totals_and_no_winner_in_json(
    unreadable: str, status: int, invoke: Invoke, write: Write
) -> None:
    bad = write(ONE_PLAYER, "bad.toml")
    failing = {"missing": [MISSING], "bad data": [bad], "both": [MISSING, bad]}[unreadable]
    code, doc = document(invoke, "money", "score", *GAMES[:2], *failing)
    assert code == status
    assert doc["totals"] is None and doc["winners"] is None and doc["totals_files"] is None
    assert [entry["file"] for entry in doc["games"][:2]] == GAMES[:2]  # each game read is still there, scored
    assert all(entry["winners"] for entry in doc["games"][:2])
    assert [(entry["file"], entry["error"]["exit_code"]) for entry in doc["incomplete"]] == [
        (entry["file"], entry["error"]["exit_code"]) for entry in doc["games"][2:]
    ]
    assert [entry["file"] for entry in doc["incomplete"]] == failing
    assert len(doc["notes"]) == 1 and all(name in doc["notes"][0] for name in failing)
    assert doc["notes"][0].startswith("No Money! totals and no winner")


def test_the_json_without_totals_fits_the_published_schema(invoke: Invoke) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((REPO / "data" / "schemas" / "output" / "score.schema.json").read_text(encoding="utf-8"))
    _code, doc = document(invoke, "money", "score", *GAMES[:2], MISSING)
    jsonschema.Draft202012Validator(schema).validate(doc)
    many = next(choice for choice in schema["oneOf"] if "games" in choice.get("properties", {}))
    assert {"totals_files", "incomplete"} <= many["properties"].keys()  # the new keys are documented
    assert "null" in many["properties"]["totals"]["type"] and "null" in many["properties"]["winners"]["type"]


def test_toml_says_it_through_the_note_and_the_incomplete_files(invoke: Invoke) -> None:
    result = invoke(["money", "score", *GAMES[:2], MISSING, "-f", "toml"])
    assert result.exit_code == 66
    doc = tomllib.loads(result.stdout)
    assert "totals" not in doc and "winners" not in doc  # TOML has no null
    assert doc["incomplete"][0]["file"] == MISSING and MISSING in doc["notes"][0]
    assert "no winner" in doc["notes"][0]


def test_csv_has_no_total_rows_when_a_game_is_missing(invoke: Invoke) -> None:
    result = invoke(["money", "score", *GAMES[:2], MISSING, "-f", "csv"])
    assert result.exit_code == 66
    rows = csv_rows(result.stdout)
    assert [row["row"] for row in rows if row["row"] != "score"] == ["error"]
    assert sum(row["row"] == "score" for row in rows) == 6  # both games read, three players each
    complete = csv_rows(invoke(["money", "score", *GAMES, "-f", "csv"]).stdout)
    assert sum(row["row"] == "total" for row in complete) == 3


def test_text_gives_each_game_read_and_no_totals(invoke: Invoke) -> None:
    result = invoke(["money", "score", *GAMES[:2], MISSING])
    assert result.exit_code == 66
    assert "Totals after" not in result.stdout
    assert f"Money! — {GAMES[0]}" in result.stdout and f"Money! — {GAMES[1]}" in result.stdout
    first = result.stdout.splitlines()[0]
    assert first.startswith("✗ No Money! totals and no winner:"), first
    # said when the file was read, and again once the report is out
    assert result.stderr.splitlines() == [MISSING_LINE, MISSING_LINE]


def test_the_error_comes_again_after_the_report_in_a_pipe() -> None:
    merged = refcli("money", "score", *GAMES[:2], MISSING).stdout.splitlines()
    assert merged[-1] == MISSING_LINE
    assert merged.index(f"Money! — {GAMES[1]}") < len(merged) - 1


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_the_error_is_on_the_screen_when_the_pager_closes(tmp_path: Path) -> None:
    """On a terminal, a long report goes through the pager; the error comes after it, where it stays visible."""
    import pty

    pager = tmp_path / "pager.sh"
    pager.write_text("#!/bin/sh\ncat > /dev/null\necho PAGER-CLOSED\n", encoding="utf-8")
    pager.chmod(0o755)
    main, child = pty.openpty()
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment.update({"COLUMNS": "100", "LINES": "10", "REFCLI_PAGER": str(pager), "REFCLI_LANG": "en"})
    with subprocess.Popen(
        [sys.executable, "-m", "refcli", "money", "score", *GAMES[:2], MISSING],
        stdout=child,
        stderr=child,
        env=environment,
    ) as process:
        os.close(child)
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert process.wait(timeout=60) == 66
    os.close(main)
    screen = [line for line in b"".join(chunks).decode("utf-8", "replace").splitlines() if line.strip()]
    assert "PAGER-CLOSED" in screen
    assert screen[-1] == MISSING_LINE and screen.index("PAGER-CLOSED") < len(screen) - 1


def test_the_errors_are_not_repeated_when_nothing_was_read_or_in_json(invoke: Invoke) -> None:
    nothing = invoke(["money", "score", MISSING, MISSING])
    assert nothing.stdout == "" and nothing.stderr.splitlines() == [MISSING_LINE, MISSING_LINE]
    json_run = invoke(["money", "score", *GAMES[:2], MISSING, "-f", "json"])
    assert json_run.stderr.splitlines() == [MISSING_LINE]


def test_the_same_in_spanish(invoke: Invoke) -> None:
    result = invoke(["--lang", "es", "money", "score", *GAMES[:2], MISSING])
    assert result.stdout.startswith("✗ Sin totales de ¡Dinero! ni ganador:")
    assert "Totales tras" not in result.stdout


# -- refcli score over several games: the Money! totals over the Money! games -------------------------
def test_mixed_files_give_the_money_totals_over_the_money_games(invoke: Invoke) -> None:
    code, only_money = document(invoke, "money", "score", *GAMES)
    mixed_code, mixed = document(invoke, "score", GAMES[0], KUHHANDEL, GAMES[1], GAMES[2])
    assert code == mixed_code == 0
    assert mixed["totals"] == only_money["totals"] and mixed["totals"][:2] == TOTALS_OF_THREE
    assert mixed["winners"] == ["Ben"] and mixed["game"] == "money"
    assert mixed["totals_files"] == GAMES == only_money["totals_files"]
    assert [entry["game"] for entry in mixed["games"]] == ["money", "kuhhandel", "money", "money"]


def test_mixed_files_say_in_text_which_games_the_totals_cover(invoke: Invoke) -> None:
    text = invoke(["score", GAMES[0], KUHHANDEL, GAMES[1], GAMES[2]]).stdout
    flat = " ".join(text.split())
    assert flat.startswith("Totals after 3 games")
    assert f"The totals are over the 3 Money! games ({', '.join(GAMES)}); the other files are other games" in flat
    # the games follow in the files' order
    headings = [line for line in text.splitlines() if " — " in line and not line.startswith(" ")]
    assert [line.split(" — ")[1] for line in headings] == [GAMES[0], KUHHANDEL, GAMES[1], GAMES[2]]
    only_money = invoke(["money", "score", *GAMES]).stdout
    assert "The totals are over" not in only_money  # every file is a Money! game: nothing to say


def test_mixed_files_in_toml_and_csv(invoke: Invoke) -> None:
    args = ["score", GAMES[0], KUHHANDEL, GAMES[1], GAMES[2]]
    doc = tomllib.loads(invoke([*args, "-f", "toml"]).stdout)
    assert doc["totals_files"] == GAMES and doc["totals"][:2] == TOTALS_OF_THREE
    totals = [row for row in csv_rows(invoke([*args, "-f", "csv"]).stdout) if row["row"] == "total"]
    assert [(row["game"], row["player"], row["score"]) for row in totals] == [
        ("money", "Ben", "1110"),
        ("money", "Cid", "1040"),
        ("money", "Ana", "940"),
    ]


def test_mixed_files_with_an_unknown_unreadable_file_have_no_totals(invoke: Invoke) -> None:
    """A file that cannot be read may be a Money! game: no totals then either."""
    code, doc = document(invoke, "score", GAMES[0], KUHHANDEL, GAMES[1], MISSING)
    assert code == 66 and doc["totals"] is None and doc["winners"] is None
    assert [entry["file"] for entry in doc["incomplete"]] == [MISSING]


def test_mixed_files_with_another_games_bad_file_keep_the_money_totals(invoke: Invoke, write: Write) -> None:
    """A Kuhhandel file that does not fit its format is not one of the Money! games: the totals stand."""
    bad = write("game = 'kuhhandel'\nedition = 7\n", "bad-kuhhandel.toml")
    code, doc = document(invoke, "score", *GAMES, bad)
    assert code == 65
    assert doc["totals"][:2] == TOTALS_OF_THREE and doc["totals_files"] == GAMES
    assert doc["games"][3]["game"] == "kuhhandel" and doc["games"][3]["error"]["exit_code"] == 65
    assert "incomplete" not in doc


def test_one_money_game_among_others_has_no_totals(invoke: Invoke) -> None:
    _code, doc = document(invoke, "score", GAMES[0], KUHHANDEL)
    assert "totals" not in doc and "game" not in doc


# -- `-` is standard output ----------------------------------------------------------------------
ITEMS = ["game=money", "player.1.name=Ana", "player.1.coins=1", "--partial"]


def test_save_dash_prints_the_toml_on_standard_output_and_makes_no_file(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke(["money", "score", *ITEMS, "-f", "json", "--save", "-"])
    assert result.exit_code == 0, result.stderr
    assert list(tmp_path.iterdir()) == []  # no file named "-"
    assert "wrote" not in result.stderr
    report, saved = result.stdout.split("# run: refcli money score FILE\n")
    assert json.loads(report)["players"][0]["name"] == "Ana"
    assert tomllib.loads(saved) == {"game": "money", "player": [{"name": "Ana", "coins": 1}]}


def test_save_dash_with_o_file_leaves_only_the_toml_on_standard_output(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke(["money", "score", *ITEMS, "-f", "json", "--save", "-", "-o", "result.json"])
    assert result.exit_code == 0, result.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["result.json"]
    assert tomllib.loads(result.stdout)["player"][0]["name"] == "Ana"
    assert json.loads((tmp_path / "result.json").read_text(encoding="utf-8"))["players"][0]["name"] == "Ana"


def test_save_dash_of_a_ruling(invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    situation = str(EXAMPLES / "money" / "bids-spec.toml")
    result = invoke(["money", "ruling", situation, "--save", "-", "-o", "-"])
    assert result.exit_code == 0, result.stderr
    assert list(tmp_path.iterdir()) == []
    saved = result.stdout[result.stdout.index("# run: refcli money ruling FILE\n") :]
    assert tomllib.loads(saved)["situation"] == "bids"


DASHED = {
    "score": ["money", "score", GAMES[0]],
    "several": ["score", *GAMES],
    "ruling": ["ruling", str(EXAMPLES / "money" / "bids-spec.toml")],
    "validate": ["money", "validate", str(EXAMPLES / "money" / "record-game.toml")],
    "rules": ["money", "rules", "M1"],
    "template": ["money", "template", "final"],
    "schema": ["money", "schema", "final"],
    "compare": ["bamboozled", "compare", "43", "34"],
    "pay": ["kuhhandel", "pay", "30", "--money", "0,10,50"],
}


@pytest.mark.parametrize("case", list(DASHED))
def test_o_dash_is_standard_output_for_every_command(
    case: str, invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    printed = invoke(DASHED[case])
    dashed = invoke([*DASHED[case], "-o", "-"])
    assert (dashed.exit_code, dashed.stdout, dashed.stderr) == (printed.exit_code, printed.stdout, printed.stderr)
    assert printed.stdout and list(tmp_path.iterdir()) == []
