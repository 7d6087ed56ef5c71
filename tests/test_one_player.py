"""One player's score: every game's ``score --partial`` scores the holdings of fewer players than the game has.

"What is my score?" at the table: one player's holdings on the command line. The score is the one the
full snapshot gives that player; the output says which checks need the other players (in the text and
as ``unchecked`` in the JSON), and the game is not said to be over.
"""

from __future__ import annotations

import json

import pytest
from conftest import Invoke

# game → (one player's items, that player's score, a check only the other players' holdings allow)
ONE_PLAYER = {
    "kuhhandel": (
        ["player.1.name=Ana", "player.1.animals.pig=4", "player.1.animals.dog=4", "player.1.animals.rooster=4"],
        2460,
        "at most 4 cards of each animal in the whole game",
    ),
    "money": (
        [
            "player.1.name=Ana",
            "player.1.coins=1",
            "player.1.notes.euro=20,20,20",
            "player.1.notes.yen=20,30,30,30",
            "player.1.notes.dollar=20,30,30,40,50,60",
        ],
        450,
        "the number of currencies in play",
    ),
    "bamboozled": (["player.1.name=Ana", "player.1.strikes=1"], 2, "whether the game is over"),
    "cup-of-bluff": (["player.1.name=Ana", "player.1.chips=3,18,9"], 11, "whether the game is over"),
}


@pytest.mark.parametrize("game", ONE_PLAYER)
def test_one_players_holdings_are_scored_with_partial(invoke: Invoke, game: str) -> None:
    items, score, check = ONE_PLAYER[game]
    result = invoke([game, "score", "--partial", *items, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(p["name"], p["score"]) for p in data["players"]] == [("Ana", score)]
    assert data["over"] is False
    assert data["unchecked"][0] == "the ranks and the winner"
    assert any(item.startswith(check) for item in data["unchecked"]), data["unchecked"]
    assert any("need the other players" in note for note in data["notes"])


@pytest.mark.parametrize("game", ONE_PLAYER)
def test_the_text_says_which_checks_need_the_other_players(invoke: Invoke, game: str) -> None:
    items, score, check = ONE_PLAYER[game]
    result = invoke([game, "score", "--partial", *items])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "Only Ana's holdings are given (--partial)" in text
    assert "Not checked, as they need the other players' holdings: the ranks and the winner;" in text
    assert check in text


def test_money_refuses_one_player_without_partial(invoke: Invoke) -> None:
    items, _, _ = ONE_PLAYER["money"]
    result = invoke(["money", "score", *items])
    assert result.exit_code == 65
    assert "player: expected 3 to 5 players (Money! is for 3 to 5), found 1" in result.output


def test_money_still_checks_what_one_player_can_break(invoke: Invoke) -> None:
    """Eight currencies are more than the box has, whoever else plays."""
    currencies = ["euro", "yen", "dollar", "pound", "franc", "peso", "lira", "mark"]
    items = ["player.1.name=Ana", *(f"player.1.notes.{c}=20" for c in currencies)]
    result = invoke(["money", "score", "--partial", *items])
    assert result.exit_code == 65
    assert (
        "the players hold 8 currencies (euro, yen, dollar, pound, franc, peso, lira, mark), but the game has at most 7"
        in result.output
    )


@pytest.mark.parametrize("game", ONE_PLAYER)
def test_all_the_players_are_scored_as_before(invoke: Invoke, game: str) -> None:
    """With every player given, --partial adds no "unchecked" list."""
    example = {
        "kuhhandel": "examples/kuhhandel/unfinished.toml",
        "money": "examples/money/rulebook-450.toml",
        "bamboozled": "examples/bamboozled/standings.toml",
        "cup-of-bluff": "examples/cup-of-bluff/final-target.toml",
    }[game]
    result = invoke([game, "score", "--partial", example, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "unchecked" not in json.loads(result.stdout)
