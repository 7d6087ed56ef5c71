"""Asking on a terminal (refcli.cli.prompts): no FILE and no items, and refcli asks for each value.

Most tests answer through typer's CliRunner (refcli is told stdin is a
terminal); one runs refcli on a real pseudo-terminal.
"""

from __future__ import annotations

import codecs
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


@pytest.fixture
def key_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The final holdings asked key by key, as for a plug-in's game (the built-in games script them as a
    conversation: tests/test_final_conversation.py)."""
    import refcli.cli.conversation

    monkeypatch.setattr(refcli.cli.conversation, "SCRIPT_MODULES", ("questions",))


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


# Five contested situations, answered as a conversation (refcli.cli.conversation; blank: none, nothing else).
DISPUTES = {
    "cow trade": (
        "kuhhandel",
        ["cow-trade", "Ana", "Ben", "cat", "2", "10,10,0", "50", "", ""],
        "kuhhandel/cow-trade-spec.toml",
    ),
    "auction": (
        "kuhhandel",
        ["1", "Ana", "cow", "Ben 30, Cid 40", "n", "0 0 10 10 50", "", ""],
        "kuhhandel/auction-spec.toml",
    ),
    "bamboozled challenge": (
        "bamboozled",
        ["challenge", "Ana, Ben, Cid", "Ana", "55", "5 3", "score to beat, strikes, card", "43", "Ana=0, Ben=2, Cid=1"]
        + ["double", ""],
        "bamboozled/challenge-spec.toml",
    ),
    "money bid order": (
        "money",
        ["bids", "Ana, Ben, Cid, Dora", "euro 30 #12,bluff", "yen 20 #40,coin #5", "bluff"]
        + ["dollar 60 #33,dollar 50 #34", "", ""],
        "money/bids-spec.toml",
    ),
    "cup of bluff call": (
        "cup-of-bluff",
        ["call", "Ana", "Ben", "15", "4 5 6", "bluff", "chips", "Ana=3, Ben=9, Cid=", ""],
        "cup-of-bluff/call-spec.toml",
    ),
}


@pytest.mark.parametrize("dispute", DISPUTES)
def test_answers_rule_as_the_file_does(invoke: Invoke, asking: None, dispute: str) -> None:
    game, answers, example = DISPUTES[dispute]
    assert outcome(invoke, [game, "ruling"], answers) == from_file(invoke, game, example)


def test_the_questions_list_the_situations_and_speak_the_players_words(invoke: Invoke, asking: None) -> None:
    code, output = answered(invoke, ["kuhhandel", "ruling"], DISPUTES["cow trade"][1])
    assert code == 0
    assert "Kuhhandel: which situation?" in output
    assert "  2. cow-trade      The challenger offers" in output
    for question in (
        "Who challenges (e.g. Ana)? ",
        "Whom does Ana challenge (e.g. Ben)? ",
        "How many cards of it does each hold (e.g. 2, or 2 1: Ana first)? ",
        "Ana's offer (money cards, e.g. 50 10 0)? ",
        "Ben's answer: their money cards (e.g. 10 10 10), or Enter to accept? ",
        "Anything else? the seating order, donkeys so far, the edition — Enter for none: ",
    ):
        assert question in output
    assert "[2]: " not in output and "challenger.offer (" not in output and "rebid? " not in output
    assert (
        "The same on one line: refcli kuhhandel ruling situation=cow-trade animal=cat challenger.name=Ana "
        "challenger.holds=2 challenger.offer=10,10,0 defender.name=Ben defender.holds=2 defender.offer=50"
    ) in output
    assert "Decision: Ben's 50 beats Ana's 20: Ana hands over 2 cat cards" in output


def test_a_situation_no_game_scripts_keeps_the_key_walk(
    invoke: Invoke, asking: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every built-in situation is scripted (tests/test_conversation.py); a plugin's game may script none, and
    then its keys are asked one by one: here Kuhhandel's donkey, as if its package had no questions module."""
    import refcli.cli.conversation

    monkeypatch.setattr(refcli.cli.conversation, "script_for", lambda game, kind: None)
    code, output = answered(invoke, ["kuhhandel", "ruling"], ["donkey", "", "Ana,Ben,Cid", "Ben", "1", "", ""])
    assert code == 0, output
    assert "Enter takes the value in [brackets]; Ctrl-C leaves." in output
    assert "auctioneer (the current player, who deals the payout) [Ana/Ben/Cid] [blank: leave out]: " in output
    assert "Decision: Donkey number 2" in output


def test_the_players_follow_from_the_auctioneer_and_the_bids(invoke: Invoke, asking: None) -> None:
    code, output = answered(invoke, ["kuhhandel", "ruling"], DISPUTES["auction"][1])
    assert code == 0
    assert "Who sits at the table" not in output
    assert "players=Ana,Ben,Cid auctioneer=Ana" in output


def test_a_bad_answer_is_asked_again_with_the_readers_message(invoke: Invoke, asking: None) -> None:
    answers = ["cow-trde", "cow-trade", "Ana", "Ben", "kat", "cat", "5x", "2", "10,10,0", "50", "", ""]
    code, output = answered(invoke, ["kuhhandel", "ruling"], answers)
    assert code == 0, output
    assert (
        '  Number or name: "cow-trde" is not one of auction, cow-trade, trade-options, donkey: type one of them, '
        "or its number" in output
    )
    assert "Which animal (e.g. cat)?   expected an animal (rooster, goose, cat, dog, sheep, goat, donkey" in output
    assert (
        'each hold (e.g. 2, or 2 1: Ana first)?   expected cards of the animal held: an integer from 0 to 40, found "5x"'
        in output
    )


def test_a_required_value_is_not_left_out(invoke: Invoke, asking: None) -> None:
    answers = ["cow-trade", "Ana", "Ben", "", "cat", "2", "10", "", "", ""]
    code, output = answered(invoke, ["kuhhandel", "ruling"], answers)
    assert code == 0, output
    assert "Which animal (e.g. cat)?   This one needs an answer; ? shows what it takes." in output


def test_what_only_the_whole_document_shows_asks_that_answer_again(
    invoke: Invoke, asking: None, key_walk: None
) -> None:
    answers = ["", "Ana", "pig=4", "", "y", "Ana", "", "", "n", "Ben", ""]
    result = invoke(["kuhhandel", "score", "--partial", "--format", "json"], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert (
        '  player[2].name: "Ana" is already the name of player[1]; each player has a name of their own' in result.output
    )
    names = [player["name"] for player in json.loads(result.stdout)["players"]]
    assert names == ["Ana", "Ben"]


def test_score_asks_player_by_player(invoke: Invoke, asking: None, key_walk: None) -> None:
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
    assert result.exit_code == 2 and "refcli: error: missing argument 'kind': choose from final," in result.output


# -- a real pseudo-terminal ----------------------------------------------------------
def controlling_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is the pseudo-terminal on stdin."""
    import fcntl
    import termios

    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """refcli on a pseudo-terminal (80×24): what a person sees, and keys typed when a prompt shows."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        import pty

        self.master, slave = pty.openpty()
        env = {**os.environ, "COLUMNS": "80", "LINES": "24", "TERM": "xterm", "NO_COLOR": "1", **(env or {})}
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
        # A read can end inside a character of several bytes (the "í" of "línea"): the decoder keeps the first
        # bytes until the rest arrives, where decoding each read on its own would show two replacement marks.
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def take(self, chunk: bytes) -> None:
        """Add what refcli wrote to what the person has seen."""
        self.seen += self.decoder.decode(chunk)

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
                self.take(chunk)
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
                self.take(chunk)
        except OSError:
            pass
        code = self.process.wait(timeout=30)
        os.close(self.master)
        return code


def test_a_cow_trade_settled_on_a_real_terminal() -> None:
    terminal = Terminal("kuhhandel", "ruling", "--no-pager")  # the questions, not the pager (tests/test_screen.py)
    for prompt, answer in [
        ("Number or name [1-4]: ", "cow-trade"),
        ("Who challenges (e.g. Ana)? ", "Ana"),
        ("Whom does Ana challenge (e.g. Ben)? ", "Ben"),
        ("Which animal (e.g. cat)? ", "cat"),
        ("does each hold", "2"),
        ("Ana's offer (money cards, e.g. 50 10 0)? ", "10,10,0"),
        ("Ben's answer: their money cards", "50"),
        ("Anything else? ", ""),
        ("Save this situation as TOML?", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    assert "Decision: Ben's 50 beats Ana's 20: Ana hands over 2 cat cards to Ben" in terminal.seen
    assert "Traceback" not in terminal.seen


def test_ctrl_c_at_a_question_leaves_quietly_with_130() -> None:
    terminal = Terminal("kuhhandel", "ruling")
    terminal.read_until("Number or name [1-4]: ")
    terminal.type("2\r")
    terminal.read_until("Who challenges (e.g. Ana)? ")
    terminal.type("Ana\r")
    terminal.read_until("Whom does Ana challenge")
    terminal.type("\x03")
    assert terminal.finish() == 130
    assert "Traceback" not in terminal.seen and "error" not in terminal.seen


# -- in Spanish (--lang es) --------------------------------------------------------------
def test_the_questions_are_asked_in_spanish_in_the_rulebooks_words(
    invoke: Invoke, asking: None, tmp_path: Path
) -> None:
    target = tmp_path / "trueque.toml"
    answers = ["cow-trde", "cow-trade", "Ana", "Ben", "gato", "2", "10,10,0", "50", "", str(target)]
    code, output = answered(invoke, ["--lang", "es", "kuhhandel", "ruling"], answers)
    assert code == 0, output
    assert "Kuhhandel: ¿qué situación?" in output
    assert (
        "  Número o nombre: «cow-trde» no es ninguna de las opciones (auction, cow-trade, trade-options, donkey): "
        "escribe una de ellas o su número" in output
    )
    assert "Responda con sus palabras; ? muestra qué admite una pregunta; Ctrl-C para salir." in output
    assert "La respuesta de Ben: ¿sus cartas de dinero (p. ej., 10 10 10), o Intro si acepta? " in output
    assert "¿Algo más? el orden en la mesa, los burros hasta ahora, la edición — Intro para nada: " in output
    assert "Lo mismo en una línea: refcli kuhhandel ruling situation=cow-trade animal=gato" in output
    assert "¿Guardar esta situación como TOML? Nombre de archivo (vacío: no): " in output
    assert output.rstrip().endswith(f"guardado en {target}")
    assert tomllib.loads(target.read_text(encoding="utf-8"))["defender"] == {"name": "Ben", "holds": 2, "offer": [50]}
    for english in (
        "which situation",
        "Who challenges",
        "Anything else",
        "The same on one line",
        "Save this",
        "wrote ",
    ):
        assert english not in output


@pytest.mark.parametrize("yes", ["s", "sí", "si", "SÍ", "y", "yes"])
def test_a_yes_in_either_language_answers_a_yes_or_no_question(
    invoke: Invoke, asking: None, key_walk: None, yes: str
) -> None:
    answers = ["", "Ana", "3,9,14", yes, "Ben", "18,4", "n", ""]
    code, output = answered(invoke, ["--lang", "es", "cup-of-bluff", "score", "--partial"], answers)
    assert code == 0, output
    assert "¿Otro jugador? [s/N]: " in output
    assert "Ben" in output.split("¿Otro jugador?", 1)[1]


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
        ("Número o nombre [1-4]: ", "comercio de vacas"),
        ("¿Quién propone el comercio de vacas (p. ej., Ana)? ", "Ana"),
        ("¿A quién desafía Ana (p. ej., Ben)? ", "Ben"),
        ("¿Qué animal (p. ej., gato)? ", "gatos"),
        ("tiene cada uno", "2"),
        ("¿Qué oferta hace Ana", "10 10 0"),
        ("La respuesta de Ben", "50"),
        ("¿Algo más? ", ""),
        ("¿Guardar esta situación como TOML? Nombre de archivo (vacío: no): ", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    seen = terminal.seen
    assert "Kuhhandel: ¿qué situación?" in seen
    assert "Responda con sus palabras; ? muestra qué admite una pregunta; Ctrl-C para salir." in seen
    assert "Lo mismo en una línea: refcli kuhhandel ruling situation=cow-trade" in seen
    assert "Traceback" not in seen
