"""At the table, the final holdings: ``refcli GAME score`` with no file asks who played, then what each holds.

Each game is driven on a real pseudo-terminal in both languages with answers typed as people type
them; the snapshot saved from the conversation scores exactly as the same holdings written as a file.
Every question counts (Enter-only ones too): a three-player game takes at most six.
"""

from __future__ import annotations

import json
import os
import select
import time
import tomllib
from pathlib import Path

import pytest
from conftest import Invoke
from test_conversation import ONE_LINE
from test_prompts import Terminal

BUDGET = 6  # questions for a three-player game, "Anything else?" included
SAVE = {"en": "Save this snapshot as TOML?", "es": "¿Guardar este estado final como TOML?"}
WHO = {"en": "Who played, in seating order", "es": "¿Quién jugó, en el orden de la mesa"}
MORE = {"en": "Anything else? ", "es": "¿Algo más? "}

# game → (the holdings as a file, per language the answers after "who played", the winner's line)
GAMES: dict[str, tuple[str, dict[str, list[tuple[str, str]]], dict[str, str]]] = {
    "kuhhandel": (
        """game = "kuhhandel"
[[player]]
name = "Ana"
animals = { pig = 4, dog = 4, rooster = 4 }
[[player]]
name = "Ben"
animals = { horse = 4, cow = 4, goose = 4 }
[[player]]
name = "Cid"
animals = { cat = 4, sheep = 4, goat = 4, donkey = 4 }
""",
        {
            "en": [
                ("Ana's animal cards (e.g. horse 4, cow 2, or 4 horses", "pig 4, dog 4, 4 roosters"),
                ("Ben's animal cards", "horse 4, cows 4, goose 4"),
                ("Cid's animal cards", "cat 4, 4 sheep, goat 4, Esel 4"),
            ],
            "es": [
                (
                    "¿Qué cartas de animales tiene Ana (p. ej., caballo 4, vaca 2, o 4 caballos",
                    "cerdo 4, perro 4, 4 gallos",
                ),
                ("¿Qué cartas de animales tiene Ben", "caballo 4, vacas 4, ganso 4"),
                ("¿Qué cartas de animales tiene Cid", "gato 4, 4 ovejas, cabra 4, 4 burros"),
            ],
        },
        {"en": "Winner: Ben", "es": "Ganador: Ben"},
    ),
    "bamboozled": (
        """game = "bamboozled"
[[player]]
name = "Ana"
strikes = 2
[[player]]
name = "Ben"
strikes = 3
[[player]]
name = "Cid"
strikes = 3
""",
        {
            "en": [("Ana's strikes (e.g. 2, or out)? ", "2"), ("Ben's strikes", "out"), ("Cid's strikes", "3")],
            "es": [
                ("¿Cuántos strikes tiene Ana (p. ej., 2, o fuera)? ", "2"),
                ("¿Cuántos strikes tiene Ben", "fuera"),
                ("¿Cuántos strikes tiene Cid", "3"),
            ],
        },
        {"en": "Winner: Ana", "es": "Ganador: Ana"},
    ),
    "money": (
        """game = "money"
[[player]]
name = "Ana"
coins = 1
notes = { euro = [20, 20, 20], yen = [20, 30, 30, 30], dollar = [20, 30, 30, 40, 50, 60] }
[[player]]
name = "Ben"
coins = 2
notes = { euro = [30, 30, 30, 40], pound = [20, 20, 30, 40, 50, 60] }
[[player]]
name = "Cid"
notes = { yen = [40, 50, 60, 20, 20], pound = [20, 30, 30], franc = [20, 20, 20, 30, 30, 30, 40, 50, 60] }
""",
        {
            "en": [
                (
                    "Ana's notes and coins (e.g. dollar 60 #33, euro 30 20, coin",
                    "euro 20 20 20, yen 20 30 30 30, dollar 20 30 30 40 50, dollar 60 #33, coin #5",
                ),
                ("Ben's notes and coins", "euro 30+30+30+40, pound 20 20 30 40 50 60, 2 coins"),
                ("Cid's notes and coins", "yen 40 50 60 20 20, pound 20 30 30, franc 20 20 20 30 30 30 40 50 60"),
            ],
            "es": [
                (
                    "¿Qué billetes y monedas tiene Ana (p. ej., dólar 60 #33, euro 30 20, moneda",
                    "euro 20 20 20, yen 20 30 30 30, dólar 20 30 30 40 50 60, moneda",
                ),
                ("¿Qué billetes y monedas tiene Ben", "euro 30 30 30 40, libra 20 20 30 40 50 60, 2 monedas"),
                (
                    "¿Qué billetes y monedas tiene Cid",
                    "yen 40 50 60 20 20, libra 20 30 30, franco 20 20 20 30 30 30 40 50 60",
                ),
            ],
        },
        {"en": "Winner: Cid", "es": "Ganador: Cid"},
    ),
    "cup-of-bluff": (
        """game = "cup-of-bluff"
[[player]]
name = "Ana"
chips = [3, 9, 14, 17, 6]
[[player]]
name = "Ben"
chips = [18, 4, 10, 12, 7, 16]
[[player]]
name = "Cid"
chips = [5, 8, 11, 13, 15]
""",
        {
            "en": [
                ("Ana's chips (e.g. 3 9 14; Enter for none)? ", "3 9 14 17 6"),
                ("Ben's chips", "18, 4, 10, 12, 7, 16"),
                ("Cid's chips", "5+8+11+13+15"),
            ],
            "es": [
                ("¿Qué fichas tiene Ana (p. ej., 3 9 14; Intro si ninguna)? ", "3 9 14 17 6"),
                ("¿Qué fichas tiene Ben", "18, 4, 10, 12, 7, 16"),
                ("¿Qué fichas tiene Cid", "5+8+11+13+15"),
            ],
        },
        {"en": "Winner: Ben", "es": "Ganador: Ben"},
    ),
}
# the games that offer details at the end ("Anything else?"): the others have none that applies
DETAILS = {"cup-of-bluff"}


def scored(invoke: Invoke, game: str, path: Path) -> dict:
    result = invoke([game, "score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    document.pop("file")
    document.pop("warnings", None)
    return document


def steps_for(game: str, lang: str) -> list[tuple[str, str]]:
    steps = [(WHO[lang], "Ana, Ben, Cid"), *GAMES[game][1][lang]]
    return steps + [(MORE[lang], "")] if game in DETAILS else steps


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_final_holdings_told_in_a_short_conversation_score_as_the_same_file(
    invoke: Invoke, tmp_path: Path, game: str, lang: str
) -> None:
    holdings, _answers, winner = GAMES[game]
    steps = steps_for(game, lang)
    terminal = Terminal("--lang", lang, game, "score", "--no-pager")
    for prompt, answer in steps:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    # Each question reads one line and only these answers are typed, each once its question shows: had refcli
    # asked one more, it would still be waiting, and the save offer below would never come.
    assert len(steps) <= BUDGET
    seen = terminal.read_until(SAVE[lang])
    saved = tmp_path / "told.toml"
    terminal.type(f"{saved}\r")
    assert terminal.finish() == 0
    after_last = " ".join(seen.rsplit(steps[-1][0], 1)[1].split("\n", 1)[1].split())  # after the last answer
    # the score first, then the one-line form, then the offer to save; no other question before them
    assert after_last.split(ONE_LINE[lang])[0].count("? ") == 0, after_last
    assert after_last.index(winner[lang]) < after_last.index(ONE_LINE[lang]) < after_last.index(SAVE[lang])
    assert "Traceback" not in terminal.seen
    assert "player.1.name (" not in terminal.seen  # never a key path as a question
    written = tmp_path / "written.toml"
    written.write_text(holdings, encoding="utf-8")
    assert scored(invoke, game, saved) == scored(invoke, game, written)
    assert tomllib.loads(saved.read_text(encoding="utf-8"))["player"][0]["name"] == "Ana"


# game → (the question, the answer typed, the sentence that must follow it at once, or None when it is taken)
WRONG: dict[str, list[tuple[str, str, str | None]]] = {
    "kuhhandel": [
        ("Who played", "Ana, Ben, ana", "ana is named twice: name each player once."),
        ("Who played", "Ana, Ben, Cid", None),
        ("Ana's animal cards", "unicorn 4, horse 4", 'There is no animal "unicorn" in Kuhhandel: rooster, goose, cat'),
        ("Ana's animal cards", "5 horses", "There are only four horse cards; one player cannot hold 5."),
        ("Ana's animal cards", "horse 4, pig 4, dog 4, rooster 4", None),
        ("Ben's animal cards", "cow 4, goose 4, pig 1", "There are only four pig cards; with these the players"),
        ("Ben's animal cards", "cow 4, goose 4", None),
        ("Cid's animal cards", "cat 4, sheep 4, goat 4, donkey 4", None),
    ],
    "bamboozled": [
        ("Who played", "Ana, Ben, Cid", None),
        ("Ana's strikes", "two", '"two" is not a number of strikes: give one from 0 to 3, or "out".'),
        ("Ana's strikes", "4", "A player is out at 3 strikes, so nobody holds 4"),
        ("Ana's strikes", "out", None),
        ("Ben's strikes", "out", None),
        ("Cid's strikes", "3", "Not everybody can be out: the last player standing has fewer than 3 strikes."),
        ("Cid's strikes", "1", None),
    ],
    "money": [
        ("Who played", "Ana, Ben", "Money! is played by 3 players or more; only 2 were named."),
        ("Who played", "Ana, Ben, Cid", None),
        ("Ana's notes and coins", "euro 35, coin", "These cards cannot all be in the game: there is no 35 note"),
        ("Ana's notes and coins", "euro 20 20 20, coin #5", None),
        ("Ben's notes and coins", "euro 20, coin", "These cards cannot all be in the game: 4 euro 20 notes, but"),
        ("Ben's notes and coins", "coin #5, yen 20", "These cards cannot all be in the game: serial #5 is on two"),
        ("Ben's notes and coins", "yen 20, coin", None),
        ("Cid's notes and coins", "pesos", '"pesos" is not a card: a note is its currency and value'),
        ("Cid's notes and coins", "", None),
    ],
    "cup-of-bluff": [
        ("Who played", "Ana, Ben, Cid", None),
        ("Ana's chips", "3 9 9", "Chip 9 is named twice: each chip is in the game once."),
        ("Ana's chips", "3 9 14 17 6 19", "19 is out of range; expected chips (3 to 18)"),
        ("Ana's chips", "3 9 14 17 6", None),
        ("Ben's chips", "18 4 10 12 7 16 14", "Chip 14 is Ana's already: each chip is in the game once."),
        ("Ben's chips", "18 4 10 12 7 16", None),
        ("Cid's chips", "5 8 11 13 15", None),
        ("Anything else? ", "", None),
    ],
}


def read_after(terminal: Terminal, start: int, marker: str, text: str, timeout: float = 30) -> str:
    """What the terminal shows after ``marker`` (seen from ``start`` on), once ``text`` follows it."""
    deadline = time.monotonic() + timeout  # a hang guard, not a timing
    while text not in terminal.seen[start:].split(marker, 1)[1]:
        left = deadline - time.monotonic()
        assert left > 0, f"no {text!r} after {marker!r}: {terminal.seen[-400:]!r}"
        if select.select([terminal.master], [], [], left)[0]:
            chunk = os.read(terminal.master, 4096)
            assert chunk, f"refcli ended before {text!r}"
            terminal.take(chunk)
    return terminal.seen[start:].split(marker, 1)[1]


@pytest.mark.parametrize("game", WRONG)
def test_an_answer_that_cannot_be_right_is_asked_again_at_once_saying_why(game: str) -> None:
    terminal = Terminal(game, "score", "--partial", "--no-pager")
    for question, answer, why in WRONG[game]:
        terminal.read_until(question)
        before = len(terminal.seen)
        terminal.type(answer + "\r")
        if why is not None:
            # the sentence saying why comes right after the answer, and the same question follows it
            seen = terminal.read_until(why)[before:]
            assert seen.split(why)[0].strip() == answer, seen
            after = read_after(terminal, before, why, question)
            assert after.split("\n", 1)[1].lstrip().startswith(question), after
    terminal.read_until("Save this snapshot as TOML?")
    terminal.type("\r")
    assert terminal.finish() == 0
    assert "Traceback" not in terminal.seen


def test_a_game_not_over_asks_each_player_again_never_a_key_path() -> None:
    terminal = Terminal("kuhhandel", "score", "--no-pager")
    for prompt, answer in [
        ("Who played", "Ana, Ben, Cid"),
        ("Ana's animal cards", "pig 4, dog 3"),
        ("Ben's animal cards", "horse 4"),
        ("Cid's animal cards", "dog 1"),
        ("to score the complete sets so far, use --partial", "pig 4, dog 4, rooster 4"),
        ("Ben's animal cards", "horse 4, cow 4, goose 4"),
        ("Cid's animal cards", "cat 4, sheep 4, goat 4, donkey 4"),
        ("Save this snapshot as TOML?", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    assert "Winner: Ben" in terminal.seen
    assert "player.1.name (" not in terminal.seen and "another player?" not in terminal.seen


def test_edition_one_from_the_configuration_offers_the_bonus_card(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[kuhhandel]\nedition = 1\n", encoding="utf-8")
    terminal = Terminal("--lang", "es", "kuhhandel", "score", "--no-pager", env={"REFCLI_CONFIG": str(config)})
    for prompt, answer in [
        (WHO["es"], "Ana, Ben, Cid"),
        ("tiene Ana", "cerdo 4, perro 4, gallo 4"),
        ("tiene Ben", "caballo 4, vaca 4, ganso 4"),
        ("tiene Cid", "gato 4, oveja 4, cabra 4, burro 4"),
        ("¿Algo más? la carta de bonus — Intro para nada: ", "carta de bonus Zed"),
        ("Zed no está en la mesa (Ana, Ben, Cid).", "ben"),
        (SAVE["es"], ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    assert "player.2.bonus=true" in terminal.seen
    assert "edición 1" in terminal.seen.casefold() or "edition = 1" in terminal.seen


def test_edition_two_asks_nothing_at_the_end() -> None:
    """The bonus card exists only in edition 1: with the rules' default (edition 2) nothing is offered."""
    terminal = Terminal("kuhhandel", "score", "--partial", "--no-pager")
    for prompt, answer in [(WHO["en"], "Ana, Ben, Cid"), ("Ana's", "pig 4"), ("Ben's", ""), ("Cid's", "")]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    terminal.read_until("Save this snapshot as TOML?")
    terminal.type("\r")
    assert terminal.finish() == 0
    assert "Anything else?" not in terminal.seen and "bonus" not in terminal.seen
    assert "player.2.name=Ben" in terminal.seen  # a player holding nothing is still at the table
