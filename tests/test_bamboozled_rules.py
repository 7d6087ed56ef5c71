"""Bamboozled: each rule below is tested from its text in document 002.

Every test quotes the Spanish clause it rests on. Rulings (``ruling``) and
records (``validate``) are checked side by side where both can express the
moment, since both go through the same engine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from conftest import Invoke, record_errors

from refcli.games.bamboozled.record import validate_document

Write = Callable[..., str]


def rule(invoke: Invoke, path: str) -> tuple[int, dict[str, Any]]:
    result = invoke(["bamboozled", "ruling", path, "-f", "json"])
    return result.exit_code, json.loads(result.stdout) if result.stdout else {}


def situation(kind: str, players: list[str], **keys: Any) -> str:
    lines = ['game = "bamboozled"', f'situation = "{kind}"', f"players = {json.dumps(players)}"]
    for key, value in keys.items():
        if isinstance(value, dict):
            value = "{ " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in value.items()) + " }"
        else:
            value = json.dumps(value)
        lines.append(f"{key} = {value}")
    return "\n".join(lines) + "\n"


def roll(player: str, dice: list[int], declared: int, card: str | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "roll", "player": player, "rolled": dice, "declared": declared}
    if card:
        event["card"] = card
    return event


def act(kind: str, player: str, **keys: Any) -> dict[str, Any]:
    return {"type": kind, "player": player, **keys}


def record(players: list[str], events: list[dict[str, Any]], **keys: Any) -> dict[str, Any]:
    return {"game": "bamboozled", "players": players, "event": events, **keys}


def errors(document: dict[str, Any]) -> list[tuple[int | None, str, str]]:
    return [(f.event, f.rule, f.message) for f in record_errors(validate_document, document)]


# -- the end of the game ---------------------------------------------------------------
def test_the_last_strike_ends_the_game_and_names_the_winner(invoke: Invoke, write: Write) -> None:
    """002 "Fin del juego": "Una vez que un jugador obtiene tres (3} cartas de strike, queda fuera del
    juego. ¡El último jugador en pie es el ganador!" -- nobody starts a next round."""
    text = situation(
        "challenge", ["Ana", "Ben"], declarer="Ana", caller="Ben", declared=55, rolled=[5, 3], strikes={"Ana": 2}
    )
    code, doc = rule(invoke, write(text))
    assert code == 0, doc
    outcome = doc["outcome"]
    assert (outcome["strike_to"], outcome["eliminated"]) == ("Ana", "Ana")
    assert outcome["game_over"] is True and outcome["winner"] == "Ben" and outcome["next_to_roll"] is None
    assert outcome["score_after"] == 0  # "la puntuación se restablece a cero", game over or not
    assert "next round" not in doc["verdict"] and "Ben is the last player standing" in doc["verdict"]
    assert "end.winner" in [c["id"] for c in doc["citations"]]


def test_an_elimination_with_players_left_is_not_the_end(invoke: Invoke, write: Write) -> None:
    """002: "Una vez que un jugador recibe tres (3} cartas de strike, queda fuera del juego fino). y el
    siguiente jugador comenzaría la siguiente ronda." """
    text = situation(
        "challenge", ["Ana", "Ben", "Cid"], declarer="Ana", caller="Ben", declared=55, rolled=[5, 3], strikes={"Ana": 2}
    )
    code, doc = rule(invoke, write(text))
    assert code == 0
    outcome = doc["outcome"]
    assert outcome["game_over"] is False and outcome["winner"] is None and outcome["next_to_roll"] == "Ben"


def test_my_bad_on_the_last_strike_ends_the_game(invoke: Invoke, write: Write) -> None:
    """002 "Mi mal": the caught bluffer is still struck (B4); on their last strike the game is over."""
    text = situation(
        "challenge",
        ["Ana", "Ben"],
        declarer="Ana",
        caller="Ben",
        declared=55,
        rolled=[5, 3],
        caller_card="my-bad",
        strikes={"Ana": 2},
    )
    code, doc = rule(invoke, write(text))
    assert code == 0
    assert doc["outcome"]["game_over"] is True and doc["outcome"]["winner"] == "Ben"
    assert doc["outcome"]["next_to_roll"] is None and "rolls first" not in doc["verdict"]


def test_the_replay_ends_the_game_at_the_same_strike() -> None:
    """The same moment recorded: the game is over at the call; a further roll is an error."""
    events = [roll("Ana", [5, 3], 55), act("call", "Ben", strike="Ana"), roll("Ben", [1, 1], 11)]
    found = errors(record(["Ana", "Ben"], events, strikes_to_lose=1, winner="Ben"))
    assert [(event, rule) for event, rule, _ in found] == [(3, "end.winner")]


# -- Skip -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "caller", "skipped"),
    [
        (["Ana", "Ben", "Cid"], "Cid", ["Ben"]),
        (["Ana", "Ben", "Cid", "Dora"], "Dora", ["Ben", "Cid"]),
        (["Ana", "Ben", "Cid", "Dora"], "Ben", []),
    ],
    ids=["one-skip", "two-skips", "neighbour"],
)
def test_a_call_further_along_means_the_players_between_skipped(
    invoke: Invoke, write: Write, players: list[str], caller: str, skipped: list[str]
) -> None:
    """002 "Saltar": "Esta carta permite a un jugador saltarse su propio turno, lo que obliga al siguiente jugador a aceptar la puntuación indicada de llamar un farol.\""""
    base = {"declarer": "Ana", "caller": caller, "declared": 43, "rolled": [4, 3]}
    code, doc = rule(invoke, write(situation("challenge", players, **base)))
    assert code == 0, doc
    assert doc["outcome"]["skipped"] == skipped and doc["outcome"]["strike_to"] == caller
    if skipped:
        assert any(f"{' and '.join(skipped)} played Skip" in fact for fact in doc["facts"])
        assert "skip.effect" in [c["id"] for c in doc["citations"]]
    named = rule(invoke, write(situation("challenge", players, **base, skipped=skipped)))
    assert named[0] == 0 and named[1]["outcome"] == doc["outcome"]
    others = [name for name in players if name not in (*skipped, "Ana", caller)][:1]
    code, doc = rule(invoke, write(situation("challenge", players, **base, skipped=skipped[1:] + others)))
    assert code == 1 and doc["broken_rule"] == "skip.effect"


def test_a_named_skipper_who_is_not_between_is_illegal(invoke: Invoke, write: Write) -> None:
    """002 "Saltar": "Esta carta permite a un jugador saltarse su propio turno, lo que obliga al siguiente jugador a aceptar la puntuación indicada de llamar un farol.\""""
    text = situation(
        "challenge", ["Ana", "Ben", "Cid", "Dora"], declarer="Ana", caller="Dora", declared=43, rolled=[4, 3]
    )
    code, doc = rule(invoke, write(text + 'skipped = ["Ben"]\n'))
    assert code == 1 and doc["broken_rule"] == "skip.effect"
    assert "the players who skipped are Ben, Cid, not Ben" in doc["verdict"]


def test_an_accept_further_along_means_the_players_between_skipped(invoke: Invoke, write: Write) -> None:
    """002 "Saltar": "Esta carta permite a un jugador saltarse su propio turno, lo que obliga al siguiente jugador a aceptar la puntuación indicada de llamar un farol.\""""
    text = situation("accept", ["Ana", "Ben", "Cid"], declarer="Ana", receiver="Cid", declared=44, rolled=[4, 3])
    code, doc = rule(invoke, write(text))
    assert code == 0 and doc["outcome"]["skipped"] == ["Ben"] and doc["outcome"]["draws"] == "Ana"
    code, doc = rule(invoke, write(text + "skipped = []\n"))
    assert code == 1 and doc["broken_rule"] == "skip.effect"


def test_nobody_calls_or_accepts_their_own_declaration(invoke: Invoke, write: Write) -> None:
    """002, the note under Skip: "en ninguna circunstancia un jugador puede engañarse"."""
    text = situation("accept", ["Ana", "Ben", "Cid"], declarer="Ana", receiver="Ana", declared=44, rolled=[4, 3])
    code, doc = rule(invoke, write(text))
    assert code == 1 and doc["broken_rule"] == "two-players.reverse-skip"


def test_a_skip_back_to_the_declarer_makes_them_roll_on_their_own_score(invoke: Invoke, write: Write) -> None:
    """002: "Si un jugador usa un salto o retroceso, el último jugador en tirar debe tirar en su propia
    puntuación" and "en ninguna circunstancia un jugador puede engañarse" (register B14)."""
    text = situation("card", ["Ana", "Ben", "Cid"], player="Cid", card="skip", declarer="Ana", to_beat=55)
    code, doc = rule(invoke, write(text))
    assert code == 0, doc
    assert doc["outcome"]["next_to_act"] == "Ana" and doc["outcome"]["action"] == "roll on own score"
    assert "B14" in [c["id"] for c in doc["citations"]]
    # the replay: Ana declares, Ben and Cid skip, so Ana rolls again on 55
    events = [
        roll("Ana", [5, 5], 55),
        act("card", "Ben", card="skip"),
        act("card", "Cid", card="skip"),
        roll("Ana", [6, 6], 66),
        act("call", "Ben", strike="Ben"),
    ]
    assert errors(record(["Ana", "Ben", "Cid"], events)) == []
    wrong = [roll("Ana", [5, 5], 55), act("card", "Ben", card="skip"), act("card", "Cid", card="skip")]
    found = errors(record(["Ana", "Ben", "Cid"], [*wrong, act("accept", "Ana")]))
    assert {(event, rule) for event, rule, _ in found} == {(4, "turn.accept-and-beat")}


# -- direction ----------------------------------------------------------------------------


def test_who_starts_after_an_elimination_under_reverse_is_ruled_as_the_replay_rules_it(
    invoke: Invoke, write: Write
) -> None:
    """002 "Inversa": "La carta inversa cambia la dirección del juego hasta el final de la ronda"; register B8."""
    seats = ["Ana", "Ben", "Cid", "Dora"]
    # Ana declares 43, Ben reverses: Ana rolls on her own score and passes to Dora (counterclockwise);
    # Dora declares 55 and Cid calls the truth: Cid, on two strikes, is out.
    events = [
        roll("Ana", [4, 3], 43),
        act("card", "Ben", card="reverse"),
        roll("Ana", [4, 4], 44),
        act("accept", "Dora"),
        roll("Dora", [5, 5], 55),
        act("call", "Cid", strike="Cid"),
    ]
    document = record(seats, events, strikes_to_lose=1)
    assert errors(document) == []
    # the round ends clockwise (B8): after Cid the next player clockwise is Dora
    assert errors(record(seats, [*events, roll("Dora", [1, 3], 31)], strikes_to_lose=1)) == []
    text = situation(
        "challenge",
        seats,
        direction="counterclockwise",
        declarer="Dora",
        caller="Cid",
        to_beat=44,
        declared=55,
        rolled=[5, 5],
        strikes_to_lose=1,
    )
    code, doc = rule(invoke, write(text))
    assert code == 0, doc
    assert doc["outcome"]["eliminated"] == "Cid" and doc["outcome"]["next_to_roll"] == "Dora"
    assert doc["outcome"]["skipped"] == []
    # without the key the players are in current playing order: Cid is not next after Dora there
    listed = situation(
        "challenge", seats, declarer="Dora", caller="Cid", to_beat=44, declared=55, rolled=[5, 5], strikes_to_lose=1
    )
    code, doc = rule(invoke, write(listed))
    assert code == 0 and doc["outcome"]["skipped"] == ["Ana", "Ben"]


# -- before-roll cards ---------------------------------------------------------------------


@pytest.mark.parametrize("card", ["new-start", "reverse", "skip", "revive"])
def test_before_roll_cards_cannot_open_a_round(invoke: Invoke, write: Write, card: str) -> None:
    """002 "B.": "Estas cartas se juegan después de que el jugador anterior declarara el valor de su tirada y antes de que tengas que decidir llamar un farol o tirar los dados.\""""
    text = situation("card", ["Ana", "Ben", "Cid"], player="Ben", card=card, strikes={"Ben": 1})
    code, doc = rule(invoke, write(text))
    assert code == 1 and doc["broken_rule"] == "before-roll.timing", doc
    assert doc["outcome"] == {"allowed": False} and "nobody has declared yet" in doc["verdict"]
    # a record: the same card before the first roll of a round
    found = errors(record(["Ana", "Ben", "Cid"], [act("card", "Ana", card=card)], first="Ana"))
    assert (1, "before-roll.timing") in [(event, rule) for event, rule, _ in found]


# -- Revive on the final strike -----------------------------------------------------------------


@pytest.mark.parametrize("players", [["Ana", "Ben"], ["Ana", "Ben", "Cid"]], ids=["two", "three"])
def test_revive_on_the_final_strike_keeps_the_player_in_and_they_start(players: list[str]) -> None:
    """002 "Revivir": "La carta Revivir también se puede jugar si un jugador acaba de recibir su golpe final: el jugador puede descartarla y permanecer en el juego." and "El jugador que recibe la carta de strike comienza la siguiente ronda"."""
    events = [
        roll("Ana", [5, 3], 55),
        act("call", "Ben", strike="Ana"),
        act("card", "Ana", card="revive"),
        roll("Ana", [6, 6], 66),  # Ana, revived, starts the next round
        act("call", "Ben", strike="Ben"),
    ]
    document = record(players, events, strikes_to_lose=1)
    assert errors(document) == []
    # after Revive the game goes on (with two players the final strike had ended it), and only Ana rolls next
    wrong = [*events[:3], roll(players[-1], [6, 6], 66)]
    found = errors(record(players, wrong, strikes_to_lose=1))
    assert [(event, rule) for event, rule, _ in found] == [(4, "turn.accept-and-beat")]


def test_revive_on_the_final_strike_as_a_ruling(invoke: Invoke, write: Write) -> None:
    """002 "Revivir": "La carta Revivir también se puede jugar si un jugador acaba de recibir su golpe final: el jugador puede descartarla y permanecer en el juego." and "El jugador que recibe la carta de strike comienza la siguiente ronda"."""
    text = situation("card", ["Ana", "Ben"], player="Ana", card="revive", moment="final-strike", strikes={"Ana": 3})
    code, doc = rule(invoke, write(text))
    assert code == 0
    assert doc["outcome"]["next_to_act"] == "Ana" and doc["outcome"]["action"] == "roll"
    assert doc["outcome"]["strikes_after"] == 2 and "starts the next round" in doc["verdict"]


# -- kids' rules -----------------------------------------------------------------------------------


def test_kids_records_use_after_roll_and_before_roll_cards() -> None:
    """002 "Reglas simplificadas para niños": "Los jugadores usan las cartas de la misma manera que en el juego normal, pero las cartas 'My Bad' deben eliminarse antes de jugar las reglas simplificadas.\""""
    events = [
        roll("Ana", [3, 5], 53),
        roll("Ben", [2, 4], 44, card="double"),  # Double: 2 and 4 become 4 and 4, which beats 53
        act("card", "Cid", card="skip"),  # Cid skips: Ana must beat 44
        roll("Ana", [5, 4], 45, card="up-down"),  # a 45 with Up/Down does not make a double: a strike
        roll("Ana", [1, 3], 31),  # Ana starts the next round; Ben, whose 44 she failed to beat, draws
        act("card", "Ben", card="new-start"),
        roll("Ben", [1, 2], 12),
        roll("Cid", [1, 3], 13),
        act("card", "Ana", card="reverse"),  # the last roller, Cid, rolls again on his own 13
        roll("Cid", [3, 1], 31),
    ]
    assert errors(record(["Ana", "Ben", "Cid"], events, kids=True)) == []


def test_kids_records_refuse_my_bad_and_bluffs(invoke: Invoke, write: Write) -> None:
    """002 "Reglas simplificadas para niños": "Los jugadores usan las cartas de la misma manera que en el juego normal, pero las cartas 'My Bad' deben eliminarse antes de jugar las reglas simplificadas.\""""
    text = situation("card", ["Ana", "Ben", "Cid"], player="Ben", card="my-bad", declarer="Ana", to_beat=55, kids=True)
    code, doc = rule(invoke, write(text))
    assert code == 1 and doc["broken_rule"] == "variant.kids.no-my-bad"
    found = errors(record(["Ana", "Ben"], [roll("Ana", [3, 5], 66, card="up-down")], kids=True))
    assert [(event, rule) for event, rule, _ in found] == [(1, "variant.kids.no-bluff")]


@pytest.mark.parametrize(
    ("second", "struck"),
    [
        (roll("Ben", [2, 1], 21), False),  # a jackpot tied: survived
        (roll("Ben", [6, 6], 66), True),  # nothing beats a jackpot
    ],
    ids=["tie", "doubles"],
)
def test_a_kids_jackpot_is_survived_by_a_tie(second: dict[str, Any], struck: bool) -> None:
    """002 "Premio mayor": "Para sobrevivir a un Jackpot, el siguiente jugador puede usar una carta de
    acción propia o intentar empatar." (register B12); every other tie is a strike (B10)."""
    first = roll("Ana", [5, 1], 21, card="jackpot")
    after = [roll("Ben", [1, 3], 31)] if struck else [roll("Ana", [1, 2], 21)]  # struck: Ben starts again
    players = ["Ana", "Ben"]
    assert errors(record(players, [first, second, *after], kids=True, strikes_to_lose=2)) == []


def test_a_kids_tie_that_is_not_a_jackpot_is_a_strike() -> None:
    """002 kids' rules: "Si no superas el puntaje del jugador anterior, obtienes un conflicto." (B10)."""
    events = [roll("Ana", [5, 5], 55), roll("Ben", [5, 5], 55), roll("Ben", [1, 3], 31)]
    assert errors(record(["Ana", "Ben"], events, kids=True, strikes_to_lose=2)) == []


# -- an accept that needs a card nobody holds ------------------------------------------------------
def test_an_accept_backed_by_a_card_from_an_empty_hand_is_impossible(invoke: Invoke, write: Write) -> None:
    """002: "Estas cartas permiten a un jugador declarar una puntuación diferente a la que se lanzó" -- a
    card the player holds; "Cada jugador comienza con una (1) carta de acción"."""
    text = situation(
        "accept", ["Ana", "Ben"], declarer="Ana", receiver="Ben", declared=44, rolled=[4, 3], card="double", hand=0
    )
    code, doc = rule(invoke, write(text))
    assert code == 1 and doc["broken_rule"] == "hand.start-one"
    code, doc = rule(invoke, write(text.replace("hand = 0", "hand = 1")))
    assert code == 0 and doc["outcome"]["card_kept"] == "double"


# -- the register ------------------------------------------------------------------------------------
def test_the_rules_list_the_revised_and_new_register_entries(invoke: Invoke) -> None:
    doc = json.loads(invoke(["bamboozled", "rules", "-f", "json"]).stdout)
    clauses = {c["id"]: c for c in doc["clauses"]}
    for entry in ("B3", "B4"):
        assert "It rejects the reading" in clauses[entry]["summary"]
    for entry in ("B12", "B13", "B14"):
        assert clauses[entry]["interpretation"] and "It rejects" in clauses[entry]["summary"]
    assert "game is over" in clauses["B5"]["text"] and "starts the next round" in clauses["B9"]["text"]


def test_simulate_is_the_same_under_any_hash_seed() -> None:
    """Output is deterministic: the generator must not depend on the order of a set of strings."""
    code = "from refcli.games.bamboozled.simulate import random_game; print(random_game(12, players=4))"
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1
