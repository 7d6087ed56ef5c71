"""Rulings and replays agree: one rules engine for both paths.

Hypothesis draws random legal games from the generator, cuts each at a
random event, writes that moment as a situation file (the action as an
``auction`` or ``cow-trade`` situation, the position as ``trade-options``)
and rules on it through the public API; the ruling must say what the
replay did at that event: who takes what, the money moved, who acts next,
whether the game is over.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import refcli
from refcli.games.kuhhandel.engine import Auction, CowTrade, Outcome
from refcli.games.kuhhandel.replay import Record, Replay
from refcli.games.kuhhandel.simulate import _parse, random_game

CUTS = 240  # each example is one cut: at least 200 in the default run


def situation(tmp_path: Path, name: str, document: dict[str, Any]) -> Any:
    path = tmp_path / f"{name}.toml"
    path.write_text(tomli_w.dumps({"game": "kuhhandel", **document}), encoding="utf-8")
    return refcli.rule(path)


def holdings_of(state: Replay) -> dict[str, dict[str, int]]:
    return {name: {animal: n for animal, n in state.holdings[name].items() if n} for name in state.players}


def check_position(tmp_path: Path, state: Replay) -> None:
    """``trade-options`` at this moment: who acts, whether the game is over, as the replay says."""
    if state.repeat is not None:
        return  # an auction being run again: its card is neither held nor in the pile
    ruling = situation(
        tmp_path,
        "position",
        {
            "situation": "trade-options",
            "edition": state.edition,
            "player": state.players[state.turn],
            "deck": state.pile,
            "holdings": holdings_of(state),
        },
    )
    assert ruling.legal, ruling.verdict
    over = state.game_over()
    assert ruling.outcome["game_over"] == over
    assert ruling.outcome["acts"] == (None if over else state.current_player())
    assert ruling.outcome["can_auction"] == (state.pile > 0)


def check_auction(tmp_path: Path, state: Replay, event: Auction) -> dict[str, Any]:
    document: dict[str, Any] = {
        "situation": "auction",
        "edition": state.edition,
        "players": list(state.players),
        "auctioneer": event.auctioneer,
        "animal": event.animal,
        # donkeys turned up before this one: a donkey run again has paid out already, and is counted in state.donkeys
        "donkeys_before": state.donkeys - (event.animal == "donkey" and state.repeat is not None),
        "bids": [list(bid) for bid in event.bids],
        "buyback": event.buyback,
        "money": {name: list(cards) for name, cards in state.money.items() if cards is not None},
    }
    if state.repeat is not None:
        document["rerun_without"] = sorted(state.repeat[2])
    ruling = situation(tmp_path, "auction", document)
    assert ruling.legal, ruling.verdict
    return dict(ruling.outcome)


def check_cow_trade(tmp_path: Path, state: Replay, event: CowTrade) -> dict[str, Any]:
    document: dict[str, Any] = {
        "situation": "cow-trade",
        "edition": state.edition,
        "players": list(state.players),
        "donkeys_before": state.donkeys,
        "animal": event.animal,
        "challenger": {
            "name": event.challenger,
            "holds": state.holdings[event.challenger].get(event.animal, 0),
            "offer": list(event.offer),
        },
        "defender": {"name": event.defender, "holds": state.holdings[event.defender].get(event.animal, 0)},
    }
    if event.counter is not None:
        document["defender"]["offer"] = list(event.counter)
    if event.rebid is not None:
        document["rebid"] = {"challenger": list(event.rebid)}
        if event.rebid_counter is not None:
            document["rebid"]["defender"] = list(event.rebid_counter)
    ruling = situation(tmp_path, "cow-trade", document)
    assert ruling.legal, ruling.verdict
    return dict(ruling.outcome)


def compare(event: Auction | CowTrade, ruled: dict[str, Any], done: Outcome) -> None:
    if isinstance(event, Auction):
        assert ruled["animal_to"] == done.animal_to
        assert ruled["price"] == done.price
        assert (ruled["payer"], ruled["payee"]) == (done.payer, done.payee)
        assert ruled["paid"] == (None if done.paid is None else list(done.paid))
        assert ruled["donkey_payout"] == done.donkey_payout
        assert ruled["repeat_without"] == list(done.repeat_without)
    else:
        assert ruled["animals_to"] == done.winner
        assert ruled["count"] == done.count
        assert ruled["money_to"] == {event.challenger: list(done.to_challenger), event.defender: list(done.to_defender)}
        assert ruled["ties"] == done.ties
        assert ruled["needs"] is None and not done.needs_rebid
    assert ruled["next_player"] == done.next_player


@settings(
    max_examples=CUTS,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), where=st.floats(0, 1, exclude_max=True))
def test_ruling_agrees_with_the_replay_at_a_random_cut(tmp_path: Path, seed: int, where: float) -> None:
    game = random_game(seed)
    events = [_parse(event) for event in game["event"]]
    record = Record(edition=game["edition"], players=tuple(game["players"]), events=(), first=game["first"])
    state = Replay(record)
    cut = int(where * (len(events) + 1))  # len(events): the position after the last event
    for event in events[:cut]:
        state.play(event)
    check_position(tmp_path, state)
    if cut == len(events):
        assert state.game_over() == ("scores" in game)
        return
    event = events[cut]
    ruled = (
        check_auction(tmp_path, state, event) if isinstance(event, Auction) else check_cow_trade(tmp_path, state, event)
    )
    done = state.play(event)
    assert done is not None and not state.findings
    compare(event, ruled, done)


def one_card_too_many(state: Replay) -> tuple[str, int] | None:
    """A known player and a value of which one more card than can be in play would be held, if any."""
    from collections import Counter

    from refcli.games.kuhhandel.money import VALUES, dealt, in_play

    known = [name for name in state.players if state.money[name] is not None]
    if not known:
        return None
    held: Counter[int] = Counter(card for name in known for card in state.money[name] or ())
    possible = in_play(state.edition, dealt(state.edition, len(state.players)), len(state.players), state.donkeys)
    full = [value for value in VALUES if held[value] >= possible[value]]
    return (known[-1], full[0]) if full else None


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), where=st.floats(0, 1, exclude_max=True))
def test_money_that_cannot_exist_is_judged_alike_by_ruling_and_replay(tmp_path: Path, seed: int, where: float) -> None:
    """One card more than the deal and the donkeys so far put in play (K18): the ruling refuses the
    auction with the clause and message the replay reports at that event, through the same check."""
    game = random_game(seed)
    events = [_parse(event) for event in game["event"]]
    record = Record(edition=game["edition"], players=tuple(game["players"]), events=(), first=game["first"])
    state = Replay(record)
    cut = int(where * len(events))
    for event in events[:cut]:
        state.play(event)
    event = events[cut]
    extra = one_card_too_many(state)
    if not isinstance(event, Auction) or extra is None:
        return
    name, value = extra
    assert state.money[name] is not None
    state.give(name, (value,))  # through the state, which counts the money known as it moves
    document: dict[str, Any] = {
        "situation": "auction",
        "edition": state.edition,
        "players": list(state.players),
        "auctioneer": event.auctioneer,
        "animal": event.animal,
        "donkeys_before": state.donkeys - (event.animal == "donkey" and state.repeat is not None),
        "bids": [list(bid) for bid in event.bids],
        "buyback": event.buyback,
        "money": {name: list(cards) for name, cards in state.money.items() if cards is not None},
    }
    if state.repeat is not None:
        document["rerun_without"] = sorted(state.repeat[2])
    ruling = situation(tmp_path, "auction", document)
    state.play(event)
    assert not ruling.legal and state.findings, (seed, cut)
    first = state.findings[0]
    assert (first.event, first.rule, first.message) == (cut + 1, ruling.broken_rule, ruling.verdict)
    assert "K18" in [c["id"] for c in ruling.to_dict()["citations"]]
