"""Cut and compare: a ruling and the replay agree at every moment of a random legal game.

Hypothesis draws a random legal game from the generator, cuts it at a random
call, accept or card event, writes that moment as a situation file, rules on
it through the public API (``refcli.rule``) and checks the ruling against
what the replay decided for the same event: who takes the strike, the
strikes after, who is out, who acts next, whether the game is over and who
won. Both go through the engine's one ``step``; this test is what keeps a
future change from splitting them again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w
from conftest import SEEDS
from hypothesis import event as note_kind
from hypothesis import given, settings
from hypothesis import strategies as st

import refcli
from refcli.games.bamboozled.engine import RESPOND, ROLL, Accept, Call, Card, Outcome, Roll, State
from refcli.games.bamboozled.record import read_record
from refcli.games.bamboozled.replay import Replay
from refcli.games.bamboozled.simulate import random_game
from refcli.reading.documents import Document

DIRECTION = {1: "clockwise", -1: "counterclockwise"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cuts")


def challenge(state: State, call: Call, name_skips: bool) -> dict[str, Any]:
    declaration = state.declaration
    assert declaration is not None and declaration.rolled is not None and state.declarer is not None
    active = state.active
    doc: dict[str, Any] = {
        "game": "bamboozled",
        "situation": "challenge",
        "players": active,
        "direction": DIRECTION[state.direction],
        "declarer": state.declarer,
        "caller": call.player,
        "to_beat": int(state.to_beat),
        "declared": int(declaration.declared),
        "rolled": list(declaration.rolled),
        "strikes": {name: state.strikes[name] for name in active},
        "strikes_to_lose": state.limit,
    }
    if declaration.card:
        doc["card"] = declaration.card
    if call.card:
        doc["caller_card"] = call.card
    if name_skips:
        doc["skipped"] = state.between(state.declarer, call.player)
    return doc


def accept(state: State, event: Accept, name_skips: bool) -> dict[str, Any]:
    declaration = state.declaration
    assert declaration is not None and declaration.rolled is not None and state.declarer is not None
    hand = state.hands[state.declarer]
    assert hand is not None  # every roll of a generated game is recorded
    doc: dict[str, Any] = {
        "game": "bamboozled",
        "situation": "accept",
        "players": state.active,
        "direction": DIRECTION[state.direction],
        "declarer": state.declarer,
        "receiver": event.player,
        "to_beat": int(state.to_beat),
        "declared": int(declaration.declared),
        "rolled": list(declaration.rolled),
        "hand": hand,
    }
    if declaration.card:
        doc["card"] = declaration.card
    if name_skips:
        doc["skipped"] = state.between(state.declarer, event.player)
    return doc


def card(state: State, event: Card) -> dict[str, Any]:
    if event.player == state.just_out:  # Revive at once on the final strike
        players = [name for name in state.seats if name in state.inside or name == event.player]
        return {
            "game": "bamboozled",
            "situation": "card",
            "players": players,
            "player": event.player,
            "card": event.card,
            "moment": "final-strike",
            "strikes": {event.player: state.strikes[event.player]},
            "strikes_to_lose": state.limit,
        }
    active = state.active
    assert state.declarer is not None
    return {
        "game": "bamboozled",
        "situation": "card",
        "players": active,
        "direction": DIRECTION[state.direction],
        "player": event.player,
        "card": event.card,
        "turn": state.actor,
        "declarer": state.declarer,
        "to_beat": int(state.standing),
        "strikes": {name: state.strikes[name] for name in active},
        "strikes_to_lose": state.limit,
    }


def action_name(outcome: Outcome) -> str:
    if outcome.revived:
        return "roll"
    if outcome.phase == RESPOND:
        return "accept or call"
    assert outcome.phase == ROLL
    return "roll on own score" if outcome.own_score else "roll"


@settings(max_examples=250, deadline=None)
@given(seed=SEEDS, where=st.integers(0, 10**6), near_card=st.booleans(), name_skips=st.booleans())
def test_a_ruling_agrees_with_the_replay_at_a_random_cut(
    folder: Path, seed: int, where: int, near_card: bool, name_skips: bool
) -> None:
    record = read_record(Document.from_data(random_game(seed), "game"))
    events = record.events
    cuts = [index for index, event in enumerate(events) if not isinstance(event, Roll)]
    # Half the cuts are at or right after an action card (Skip, Reverse, Revive are rarer than calls).
    carded = [index for index in cuts if isinstance(events[index], Card) or isinstance(events[index - 1], Card)]
    if near_card and carded:
        cuts = carded
    cut = cuts[where % len(cuts)]
    replayed = Replay(record)
    for event in record.events[:cut]:
        replayed.apply(event)
    state, event = replayed.state, record.events[cut]
    before = {name: state.strikes[name] for name in state.active}
    could_draw = state.pile != 0 or state.discards != 0
    if isinstance(event, Call):
        situation = challenge(state, event, name_skips)
    elif isinstance(event, Accept):
        situation = accept(state, event, name_skips)
    else:
        assert isinstance(event, Card)
        situation = card(state, event)
    note_kind(f"{situation['situation']} {getattr(event, 'card', None) or ''}, after a card: {near_card}")
    path = folder / "cut.toml"
    path.write_text(tomli_w.dumps(situation), encoding="utf-8")

    ruling = refcli.rule(path).to_dict()
    outcome = replayed.act(event)
    assert [f for f in replayed.findings if f.severity == "error"] == [], replayed.findings
    assert ruling.get("legal", True) and "broken_rule" not in ruling, (situation, ruling)
    got = ruling["outcome"]

    if isinstance(event, Call):
        assert got["strike_to"] == outcome.strike_to
        assert got["eliminated"] == outcome.eliminated
        assert got["bluff"] == outcome.bluff
        assert got["game_over"] is outcome.game_over and got["winner"] == outcome.winner
        assert got["next_to_roll"] == outcome.next_to_act
        assert got["score_after"] == int(state.standing)
        assert got["cards_discarded"] == list(outcome.discarded)
        assert got["strikes_after"] == {name: state.strikes[name] for name in before}
        assert got["skipped"] == situation.get("skipped", got["skipped"])
    elif isinstance(event, Accept):
        assert got["bamboozled"] is (not outcome.honest)
        assert got["draws"] == outcome.drew
        assert got["next_to_roll"] == outcome.next_to_act == event.player
        assert got["score_after"] == int(state.to_beat)
        if could_draw:
            assert got["hand_after"] == state.hands[situation["declarer"]]
            assert got["discard_one"] is outcome.discard_one
    else:
        assert got["allowed"] is True
        assert got["next_to_act"] == outcome.next_to_act
        assert got["action"] == action_name(outcome)
        assert got["score_after"] == int(state.standing)
        assert got["direction_after"] == DIRECTION[state.direction]
        if event.card == "revive":
            assert got["strikes_after"] == state.strikes[event.player]
