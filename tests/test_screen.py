"""What a person sees: the verdict on the first screen, short on a terminal, human words, a pager.

The first test runs every example as its first line says on a real
pseudo-terminal of 80×24 (rich output, as at a table) and finds the
decision within the first 20 lines. The others check the rules of the text:
a terminal quotes only the clauses that decided (``-v`` all of them), a
pipe and JSON keep every citation, a clause is quoted once per run,
outcome keys read as labels, and the pager runs only when it should.
"""

from __future__ import annotations

import fcntl
import importlib
import io
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from conftest import EXAMPLES, Invoke
from test_examples import EXAMPLE_FILES, run_line

from refcli.model import registry
from refcli.model.options import Format
from refcli.output.render import emit
from refcli.results.report import COMMON_LABELS

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")
# The line that says what was decided: a ruling's decision, a score's winner (or who
# leads), a validation's verdict, a comparison.
# A warning or failure is marked "! " or "✗ " (as colour marks it) on a terminal as in a pipe.
DECISION = re.compile(r"^(?:! |✗ )?(Decision: |Illegal: |Winners?\b|Leading so far|✓ |✗ |.*: \d+ errors?$)")


def on_pty(args: list[str], cwd: Path, columns: int = 80, rows: int = 24, env: dict[str, str] | None = None) -> str:
    """Run refcli with stdout on a pseudo-terminal of ``columns``×``rows``; what it shows, escapes removed."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES", "PAGER")}
    environment.update(TERM="xterm-256color", **(env or {}))
    process = subprocess.Popen(
        [sys.executable, "-m", "refcli", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=subprocess.DEVNULL,
        env=environment,
    )
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 30)
        if not ready:  # a hang guard, not a timing
            process.kill()
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other side closed: all read
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=30)
    os.close(leader)
    return ANSI.sub("", b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n"))


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_decision_is_on_the_first_screen(example: Path) -> None:
    shown = on_pty([*run_line(example), "--no-pager"], example.parent).splitlines()
    where = next((number for number, line in enumerate(shown, 1) if DECISION.match(line.strip())), None)
    assert where is not None, "\n".join(shown[:30])
    assert where <= 20, "\n".join(shown[:where])


def test_a_long_report_goes_through_the_pager_on_a_terminal(tmp_path: Path) -> None:
    paged = tmp_path / "paged.txt"
    pager = f"sh -c 'cat > {paged}'"
    shown = on_pty(["bamboozled", "compare", "21", "66", "-v"], EXAMPLES, env={"REFCLI_PAGER": pager})
    assert "21 beats 66" in paged.read_text(encoding="utf-8") and "21 beats 66" not in shown
    paged.unlink()
    on_pty(["bamboozled", "compare", "21", "66", "-v", "--no-pager"], EXAMPLES, env={"REFCLI_PAGER": pager})
    assert not paged.exists()  # --no-pager
    on_pty(["bamboozled", "compare", "21", "66"], EXAMPLES, rows=60, env={"REFCLI_PAGER": pager})
    assert not paged.exists()  # it fits


def test_the_pager_is_told_the_text_is_utf8_unless_the_user_said_otherwise(tmp_path: Path) -> None:
    seen = tmp_path / "charset.txt"
    pager = f"sh -c 'cat >/dev/null; printf %s \"$LESSCHARSET\" > {seen}'"
    on_pty(["bamboozled", "compare", "21", "66", "-v"], EXAMPLES, env={"REFCLI_PAGER": pager, "LANG": "es_ES.UTF-8"})
    assert seen.read_text(encoding="utf-8") == "utf-8"  # a locale not installed must not make less show <E2><80><94>
    on_pty(["bamboozled", "compare", "21", "66", "-v"], EXAMPLES, env={"REFCLI_PAGER": pager, "LESSCHARSET": "latin1"})
    assert seen.read_text(encoding="utf-8") == "latin1"


# -- short on a terminal, everything in a pipe -----------------------------------------------
class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_quotes_the_decisive_clauses_a_pipe_all(monkeypatch: pytest.MonkeyPatch) -> None:
    from refcli import api

    monkeypatch.setenv("NO_COLOR", "1")
    report = api.rule(str(EXAMPLES / "kuhhandel/cow-trade-spec.toml"))
    applied, decisive = report.citations, report.decisive
    assert set(decisive) < set(applied) and "cow-trade.higher-wins" in decisive
    assert "cow-trade.when" not in decisive and "K4" in decisive  # context out, interpretations relied on in

    short, full, piped = Terminal(), Terminal(), io.StringIO()
    emit(report, Format.text, short, page=False)
    emit(report, Format.text, full, explain=True, page=False)
    emit(report, Format.text, piped)
    quoted = re.compile(r"^(?:  |│ )\[([^\]]+)\] ", re.M)  # a terminal draws the quotes in a panel
    assert quoted.findall(short.getvalue()) == list(decisive)
    assert quoted.findall(full.getvalue()) == quoted.findall(piped.getvalue()) == list(applied)
    hidden = [clause for clause in applied if clause not in decisive]
    named = f"{len(hidden)} more clauses applied (-v quotes them): " + " ".join(f"[{c}]" for c in hidden)
    assert named in " ".join(short.getvalue().split())
    assert short.getvalue().index("Decision:") < short.getvalue().index("Facts assumed")
    assert [c["id"] for c in report.to_dict()["citations"]] == list(applied)  # JSON keeps every one


def test_a_run_over_several_files_quotes_each_clause_once(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES / "money")
    text = invoke(["money", "score", "game-2.toml", "game-3.toml", "rulebook-450.toml"]).stdout
    labels = re.findall(r"^  \[([^\]]+)\] ", text, re.M)
    assert labels and len(labels) == len(set(labels))
    assert text.count("Also applied, quoted above: [scoring.200]") == 2
    assert text.index("Totals after 3 games") < text.index("Money! — game-2.toml")  # the verdict first


def test_explain_means_the_same_on_every_verb(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES)
    for args in (
        ["kuhhandel", "ruling", "kuhhandel/auction-spec.toml"],
        ["ruling", "money/bids-spec.toml"],
        ["kuhhandel", "score", "kuhhandel/shared-win.toml"],
        ["score", "cup-of-bluff/final-tie.toml"],
        ["bamboozled", "validate", "bamboozled/record-game.toml"],
        ["bamboozled", "compare", "21", "66"],
        ["bamboozled", "ladder"],
        ["cup-of-bluff", "chips"],
        ["money", "rules", "M1"],
    ):
        plain, explained = invoke(args), invoke([*args, "-v", "--no-pager"])
        assert explained.exit_code == plain.exit_code == 0, (args, explained.stderr)
        assert explained.stdout == plain.stdout  # a pipe gets every clause either way
        assert invoke([*args, "--explain"]).stdout == plain.stdout


# -- human words -----------------------------------------------------------------------------
def outcomes() -> list[tuple[str, dict[str, object]]]:
    found = []
    for golden in sorted(EXAMPLES.glob("*/*.json")):
        document = json.loads(golden.read_text(encoding="utf-8"))
        for one in document.get("games", [document]):
            if "outcome" in one:
                found.append((one["game"], one["outcome"]))
    return found


def test_every_outcome_key_has_a_label() -> None:
    assert outcomes()
    for game, outcome in outcomes():
        labels = {**COMMON_LABELS, **importlib.import_module(f"{registry.BUILT_IN[game]}.situations").LABELS}
        missing = [key for key in outcome if key not in labels]
        assert not missing, (game, missing)


@pytest.mark.parametrize("example", [p for p in EXAMPLE_FILES if "ruling" in run_line(p)], ids=lambda p: p.name)
def test_outcome_tables_show_labels_not_keys(example: Path, invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(example.parent)
    text = invoke(run_line(example)).stdout
    outcome = json.loads(example.with_suffix(".json").read_text(encoding="utf-8"))["outcome"]
    table = text.split("\nOutcome\n", 1)[1].split("\n\n", 1)[0] if "\nOutcome\n" in text else ""
    for key in outcome:
        if "_" in key or key in ("with", "next", "needs", "count"):
            assert not re.search(rf"^{re.escape(key)}\b", table, re.M), (key, table)


def test_a_cow_trade_states_the_totals(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES / "kuhhandel")
    document = json.loads(invoke(["kuhhandel", "ruling", "cow-trade-spec.toml", "-f", "json"]).stdout)
    assert document["verdict"].startswith("Ben's 50 beats Ana's 20: Ana hands over 2 cat cards to Ben")
    assert document["outcome"]["totals"] == {"Ana": 20, "Ben": 50}
    assert "Ana offers 20 (10 + 10 + 0), Ben counters with 50" in document["facts"]
    rebid = json.loads(invoke(["kuhhandel", "ruling", "cow-trade-tie-rebid.toml", "-f", "json"]).stdout)
    assert rebid["verdict"].startswith("After a tie, Ana's 50 beats Ben's 40")
    assert rebid["outcome"]["totals"] == {"Ana": 50, "Ben": 40}


@pytest.mark.parametrize(
    ("game", "path"),
    [("kuhhandel", "kuhhandel/unfinished.toml"), ("bamboozled", "bamboozled/standings-more-strikes.toml")],
)
def test_an_unfinished_game_has_a_leader_not_a_winner(
    game: str, path: str, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(EXAMPLES)
    document = json.loads(invoke([game, "score", "--partial", path, "-f", "json"]).stdout)
    assert document["over"] is False and document["winners"] == [] and len(document["leading"]) == 1
    text = invoke([game, "score", "--partial", path]).stdout
    assert f"Leading so far: {document['leading'][0]}" in text and "Winner" not in text


def test_a_terminal_prints_clause_ids_in_tables_as_written() -> None:
    """A table cell is text, not rich markup: "[no-change.001]" stays in a finding's line."""
    shown = " ".join(on_pty(["validate", "kuhhandel/record-broken.toml", "--no-pager"], EXAMPLES, columns=120).split())
    assert "event 7: error [no-change.001]: Ben pays 10" in shown
    assert "event 46: error [donkey.payouts]: " in shown


def test_a_terminal_in_spanish(tmp_path: Path) -> None:
    shown = on_pty(["--lang", "es", "kuhhandel", "score", "kuhhandel/rulebook-2460.toml", "--no-pager"], EXAMPLES)
    flat = " ".join(shown.split())
    assert "Puesto Jugador Puntuación Cómo se suma" in flat and "Ganador: Cid" in flat
    assert "─ Reglas que lo decidieron ─" in flat  # the panel's title, translated as it is drawn
    assert "1 cláusula más aplicada (-v la cita): [score.example]" in flat
