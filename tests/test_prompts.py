"""Asking on a terminal (refcli.cli.prompts): no FILE and no items, and refcli asks for each value.

Most tests answer through typer's CliRunner (refcli is told stdin is a
terminal); one runs refcli on a real pseudo-terminal.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from conftest import EXAMPLES, REPO, Invoke

import refcli.cli.prompts


@pytest.fixture
def asking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(refcli.cli.prompts, "stdin_is_terminal", lambda: True)


def answered(invoke: Invoke, args: list[str], answers: list[str]) -> tuple[int, str]:
    result = invoke(args, input="\n".join(answers) + "\n")
    return result.exit_code, result.output


def outcome(invoke: Invoke, args: list[str], answers: list[str]) -> dict:
    """The JSON ruling the answers give (the questions go to stderr, mixed in the runner's output)."""
    result = invoke([*args, "--format", "json"], input="\n".join(answers) + "\n")
    assert result.exit_code in (0, 1), result.output
    document = json.loads(result.stdout)
    document.pop("file")
    return document


def from_file(invoke: Invoke, game: str, example: str) -> dict:
    result = invoke([game, "ruling", str(EXAMPLES / example), "--format", "json"])
    document = json.loads(result.output)
    document.pop("file")
    return document


# Five contested situations, answered question by question (blank: the default, left out, done).
DISPUTES = {
    "cow trade": (
        "kuhhandel",
        ["cow-trade", "", "", "cat", "Ana", "2", "10,10,0", "Ben", "2", "50", "", "n", ""],
        "kuhhandel/cow-trade-spec.toml",
    ),
    "auction": (
        "kuhhandel",
        ["1", "", "Ana,Ben,Cid", "Ana", "cow", "", "Ben,30", "Cid,40", "", "", "", "y"]
        + ["0,0,10,10,10,10,50", "", "0,0,10,10,50", ""],
        "kuhhandel/auction-spec.toml",
    ),
    "bamboozled challenge": (
        "bamboozled",
        ["challenge", "Ana,Ben,Cid", "Ana", "Ben", "43", "55", "5,3", "double", "", "y", "0", "2", "1", "", "", "", ""],
        "bamboozled/challenge-spec.toml",
    ),
    "money bid order": (
        "money",
        ["bids", "", "Ana", "euro 30 #12,bluff", "Ben", "yen 20 #40,coin #5", "Cid", "bluff", "y", "Dora"]
        + ["dollar 60 #33,dollar 50 #34", "n", ""],
        "money/bids-spec.toml",
    ),
    "cup of bluff call": (
        "cup-of-bluff",
        ["call", "15", "4,5,6", "bluff", "", "", "Ana", "3", "Ben", "9", "Cid", "", "", "Ana", "Ben", ""],
        "cup-of-bluff/call-spec.toml",
    ),
}


@pytest.mark.parametrize("dispute", DISPUTES)
def test_answers_rule_as_the_file_does(invoke: Invoke, asking: None, dispute: str) -> None:
    game, answers, example = DISPUTES[dispute]
    assert outcome(invoke, [game, "ruling"], answers) == from_file(invoke, game, example)


def test_the_questions_list_the_situations_choices_and_defaults(invoke: Invoke, asking: None) -> None:
    code, output = answered(invoke, ["kuhhandel", "ruling"], DISPUTES["cow trade"][1])
    assert code == 0
    assert "Kuhhandel: which situation?" in output
    assert "  2. cow-trade      The challenger offers" in output
    assert "edition (edition 1 pays only the higher offer, and returns 0-cards) [2]: " in output
    assert "[blank: leave out]" in output  # the defender's offer
    assert "rebid? (only after equal offers; leave out defender: accepts) [y/N]: " in output
    assert (
        "The same on one line: refcli kuhhandel ruling situation=cow-trade animal=cat challenger.name=Ana "
        "challenger.holds=2 challenger.offer=10,10,0 defender.name=Ben defender.holds=2 defender.offer=50"
    ) in output
    assert "Decision: Ben's 50 beats Ana's 20: Ana hands over 2 cat cards" in output


def test_players_are_offered_by_name(invoke: Invoke, asking: None) -> None:
    code, output = answered(invoke, ["kuhhandel", "ruling"], DISPUTES["auction"][1])
    assert code == 0
    assert "auctioneer (the player who turned the card up) [Ana/Ben/Cid]: " in output


def test_a_bad_answer_is_asked_again_with_the_readers_message(invoke: Invoke, asking: None) -> None:
    answers = ["cow-trad", "cow-trade", "", "", "kat", "cat", "Ana", "5x", "2", "10,10,0", "Ben", "2", "50", "", ""]
    code, output = answered(invoke, ["kuhhandel", "ruling"], answers)
    assert code == 0, output
    assert (
        '  situation: expected one of auction, cow-trade, trade-options, donkey (or its number), found "cow-trad"'
        in output
    )
    assert "  animal: expected an animal (rooster, goose, cat, dog, sheep, goat, donkey, pig, cow, horse;" in output
    assert '  challenger.holds: expected cards of the animal held, an integer from 0 to 40, found "5x"' in output


def test_a_required_value_is_not_left_out(invoke: Invoke, asking: None) -> None:
    answers = ["cow-trade", "", "", "", "cat", "Ana", "2", "10", "Ben", "2", "", "", ""]
    code, output = answered(invoke, ["kuhhandel", "ruling"], answers)
    assert code == 0, output
    assert "  animal: expected an animal (" in output and "found nothing (the key is missing)" in output


def test_what_only_the_whole_document_shows_asks_that_answer_again(invoke: Invoke, asking: None) -> None:
    answers = ["", "Ana", "pig=4", "", "y", "Ana", "", "", "n", "Ben", ""]
    result = invoke(["kuhhandel", "score", "--partial", "--format", "json"], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert (
        '  player[2].name: expected a name no other player has, found "Ana" again (player[1] has it)' in result.output
    )
    names = [player["name"] for player in json.loads(result.stdout)["players"]]
    assert names == ["Ana", "Ben"]


def test_score_asks_player_by_player(invoke: Invoke, asking: None) -> None:
    answers = ["", "Ana", "3,9,14", "y", "Ben", "18,4", "n", ""]
    code, output = answered(invoke, ["cup-of-bluff", "score", "--partial"], answers)
    assert code == 0, output
    assert "another player? [y/N]: " in output
    assert "Cup of Bluff" in output and "Ana" in output and "Ben" in output


def test_the_root_command_asks_the_game_first(invoke: Invoke, asking: None) -> None:
    code, output = answered(invoke, ["ruling"], ["kuhhandel", *DISPUTES["cow trade"][1]])
    assert code == 0, output
    assert "Which game?" in output and "Decision: Ben's 50 beats Ana's 20: Ana hands over 2 cat cards" in output


def test_the_answers_are_saved_on_request_and_never_over_a_file(invoke: Invoke, asking: None, tmp_path: Path) -> None:
    taken = tmp_path / "taken.toml"
    taken.write_text("keep me\n", encoding="utf-8")
    target = tmp_path / "trade.toml"
    code, output = answered(invoke, ["kuhhandel", "ruling"], [*DISPUTES["cow trade"][1][:-1], str(taken), str(target)])
    assert code == 0, output
    assert "exists; use --force to overwrite it" in output
    assert taken.read_text(encoding="utf-8") == "keep me\n"
    saved = target.read_text(encoding="utf-8")
    assert saved.startswith("# run: refcli kuhhandel ruling FILE\n")
    assert tomllib.loads(saved)["defender"] == {"name": "Ben", "holds": 2, "offer": [50]}
    assert invoke(["ruling", str(target)]).exit_code == 0


def test_save_option_writes_without_asking(invoke: Invoke, asking: None, tmp_path: Path) -> None:
    target = tmp_path / "call.toml"
    game, answers, example = DISPUTES["cup of bluff call"]
    code, output = answered(invoke, [game, "ruling", "--save", str(target)], answers[:-1])
    assert code == 0, output
    assert "Save this situation" not in output
    assert tomllib.loads(target.read_text(encoding="utf-8")) == tomllib.loads(
        (EXAMPLES / example).read_text(encoding="utf-8")
    )


def test_end_of_input_leaves_with_one_line(invoke: Invoke, asking: None) -> None:
    code, output = answered(invoke, ["kuhhandel", "ruling"], ["cow-trade", "", "cat"])
    assert code == 130
    assert output.rstrip().endswith("refcli: stopped: end of input before every question was answered")
    assert "Traceback" not in output


def test_template_asks_the_kind(invoke: Invoke, asking: None) -> None:
    code, output = answered(invoke, ["kuhhandel", "template"], ["cow-trade"])
    assert code == 0
    assert "Kuhhandel: which starter file?" in output
    assert "# Kuhhandel cow trade for `refcli kuhhandel ruling FILE`." in output


def test_template_without_a_terminal_is_the_usage_error_it_was(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "template"])
    assert result.exit_code == 2 and "Missing argument 'kind'. Choose from:" in result.output


# -- a real pseudo-terminal ----------------------------------------------------------
def controlling_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is the pseudo-terminal on stdin."""
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """refcli on a pseudo-terminal (80×24): what a person sees, and keys typed when a prompt shows."""

    def __init__(self, *args: str) -> None:
        import pty

        self.master, slave = pty.openpty()
        env = {**os.environ, "COLUMNS": "80", "LINES": "24", "TERM": "xterm", "NO_COLOR": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "refcli", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=REPO,
            env=env,
            preexec_fn=controlling_terminal,  # Ctrl-C typed on it reaches refcli as SIGINT
        )
        os.close(slave)
        self.seen = ""

    def read_until(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout  # a hang guard, not a timing
        while text not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"no {text!r} after: {self.seen[-400:]!r}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the other side closed
                    chunk = b""
                assert chunk, f"refcli ended before {text!r}: {self.seen[-400:]!r}"
                self.seen += chunk.decode("utf-8", "replace")
        return self.seen

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self) -> int:
        try:
            while True:
                ready, _, _ = select.select([self.master], [], [], 30)
                if not ready:
                    break
                chunk = os.read(self.master, 4096)
                if not chunk:
                    break
                self.seen += chunk.decode("utf-8", "replace")
        except OSError:
            pass
        code = self.process.wait(timeout=30)
        os.close(self.master)
        return code


def test_a_cow_trade_settled_on_a_real_terminal() -> None:
    terminal = Terminal("kuhhandel", "ruling", "--no-pager")  # the questions, not the pager (tests/test_screen.py)
    for prompt, answer in [
        ("situation [1-4]: ", "cow-trade"),
        ("[2]: ", ""),
        ("players (optional", ""),
        ("animal (the animal both hold): ", "cat"),
        ("challenger.name (the challenger's name): ", "Ana"),
        ("challenger.holds (", "2"),
        ("challenger.offer (", "10,10,0"),
        ("defender.name (", "Ben"),
        ("defender.holds (", "2"),
        ("defender.offer (", "50"),
        ("donkeys_before (", ""),
        ("rebid? ", ""),
        ("Save this situation as TOML?", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    assert "Decision: Ben's 50 beats Ana's 20: Ana hands over 2 cat cards to Ben" in terminal.seen
    assert "Traceback" not in terminal.seen


def test_ctrl_c_at_a_question_leaves_quietly_with_130() -> None:
    terminal = Terminal("kuhhandel", "ruling")
    terminal.read_until("situation [1-4]: ")
    terminal.type("2\r")
    terminal.read_until("[2]: ")
    terminal.type("\r")
    terminal.read_until("players (optional")
    terminal.type("\r")
    terminal.read_until("animal (")
    terminal.type("\x03")
    assert terminal.finish() == 130
    assert "Traceback" not in terminal.seen and "error" not in terminal.seen


# -- in Spanish (--lang es) --------------------------------------------------------------
def test_the_questions_are_asked_in_spanish_and_yes_and_no_are_s_and_n(
    invoke: Invoke, asking: None, tmp_path: Path
) -> None:
    target = tmp_path / "trueque.toml"
    answers = [
        "cow-trad",
        "cow-trade",
        "",
        "",
        "cat",
        "Ana",
        "2",
        "10,10,0",
        "Ben",
        "2",
        "50",
        "",
        "x",
        "no",
        str(target),
    ]
    code, output = answered(invoke, ["--lang", "es", "kuhhandel", "ruling"], answers)
    assert code == 0, output
    assert "Kuhhandel: ¿qué situación?" in output
    assert (
        '  situation: se esperaba uno de auction, cow-trade, trade-options, donkey (o su número), se encontró "cow-trad"'
        in output
    )
    assert "Intro toma el valor entre [corchetes]; Ctrl-C sale." in output
    assert "[vacío: omitir]" in output and "[s/N]: " in output
    assert '  se esperaba s o n, se encontró "x"' in output
    assert "Lo mismo en una línea: refcli kuhhandel ruling situation=cow-trade animal=cat" in output
    assert "¿Guardar esta situación como TOML? nombre de archivo (vacío: no): " in output
    assert output.rstrip().endswith(f"guardado en {target}")
    assert tomllib.loads(target.read_text(encoding="utf-8"))["defender"] == {"name": "Ben", "holds": 2, "offer": [50]}
    for english in ("which situation", "Enter takes", "[y/N]", "The same on one line", "Save this", "wrote "):
        assert english not in output


@pytest.mark.parametrize("yes", ["s", "sí", "si", "SÍ", "y", "yes"])
def test_a_yes_in_either_language_answers_a_yes_or_no_question(invoke: Invoke, asking: None, yes: str) -> None:
    answers = ["", "Ana", "3,9,14", yes, "Ben", "18,4", "n", ""]
    code, output = answered(invoke, ["--lang", "es", "cup-of-bluff", "score", "--partial"], answers)
    assert code == 0, output
    assert "¿otra entrada de player? [s/N]: " in output
    assert "Ben" in output.split("¿otra entrada de player?", 1)[1]


def test_a_spanish_yes_answers_a_true_or_false_value(invoke: Invoke, asking: None) -> None:
    """The auction's boolean answered "sí" rules as "y" does (the question offers [s/n] in Spanish)."""
    game, answers, _example = DISPUTES["auction"]
    english = outcome(invoke, ["--lang", "es", game, "ruling"], answers)
    spanish = outcome(
        invoke, ["--lang", "es", game, "ruling"], ["sí" if answer == "y" else answer for answer in answers]
    )
    assert spanish == english


def test_end_of_input_leaves_with_one_line_in_spanish(invoke: Invoke, asking: None) -> None:
    code, output = answered(invoke, ["--lang", "es", "kuhhandel", "ruling"], ["cow-trade", "", "cat"])
    assert code == 130
    assert output.rstrip().endswith("refcli: detenido: la entrada terminó antes de responder a todas las preguntas")


def test_the_root_command_asks_the_game_in_spanish(invoke: Invoke, asking: None) -> None:
    code, output = answered(invoke, ["--lang", "es", "ruling"], ["kuhhandel", *DISPUTES["cow trade"][1]])
    assert code == 0, output
    assert output.startswith("¿Qué juego?\n")


def test_a_cow_trade_settled_in_spanish_on_a_real_terminal() -> None:
    terminal = Terminal("--lang", "es", "kuhhandel", "ruling", "--no-pager")
    for prompt, answer in [
        ("situation [1-4]: ", "cow-trade"),
        ("[2]: ", ""),
        ("[vacío: omitir]: ", ""),
        ("animal (", "cat"),
        ("challenger.name (", "Ana"),
        ("challenger.holds (", "2"),
        ("challenger.offer (", "10,10,0"),
        ("defender.name (", "Ben"),
        ("defender.holds (", "2"),
        ("defender.offer (", "50"),
        ("donkeys_before (", ""),
        ("[s/N]: ", "n"),
        ("¿Guardar esta situación como TOML? nombre de archivo (vacío: no): ", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    seen = terminal.seen
    assert "Kuhhandel: ¿qué situación?" in seen and "Intro toma el valor entre [corchetes]; Ctrl-C sale." in seen
    assert "Lo mismo en una línea: refcli kuhhandel ruling situation=cow-trade" in seen
    assert "Traceback" not in seen
