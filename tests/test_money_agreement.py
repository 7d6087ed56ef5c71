"""Money!: a ruling on any moment of a legal game says what the replay of that game does.

Random legal games from ``simulate.random_game`` are replayed event by event;
at random events the moment is written as a situation file (``bids`` before
an ``offers`` event, ``exchange`` before an exchange, ``refill`` before a
refill), ruled on through the public API (``refcli.rule(path)``), and the
ruling is compared with what the replay did at that event: the order of
play and who sits out, who takes what, the displays, who acts next, the
refill counts, the final round and the end of the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w
from conftest import SEEDS
from hypothesis import given, settings
from hypothesis import strategies as st

import refcli
from refcli.games.money.cards import Card
from refcli.games.money.engine import ExchangeOutcome, OffersOutcome, RefillOutcome, State
from refcli.games.money.record import read_record
from refcli.games.money.replay import Event, Exchange, Offers, Replay
from refcli.games.money.simulate import random_game
from refcli.games.record_toml import to_toml
from refcli.reading.documents import Document, parse_toml

CUTS_PER_GAME = 5
GAMES = 50  # 250 cuts in the default run


def texts(cards: list[Card] | tuple[Card, ...] | None) -> list[str]:
    return [str(card) for card in cards or ()]


def situation_at(state: State, event: Event, offers_revealed: dict[str, list[str]]) -> dict[str, Any]:
    """The moment before ``event`` as a situation document, from the replay's state (test-side, by hand)."""
    if isinstance(event, Offers):
        return {
            "game": "money",
            "situation": "bids",
            "final_round": state.final_round,
            "offer": [{"player": name, "cards": texts(cards)} for name, cards in event.offers.items()],
        }
    if isinstance(event, Exchange):
        assert state.bidding is not None
        acted = [name for name in state.bidding.order if name not in state.waiting]
        offer = []
        for name in state.players:
            if name in state.table and name in state.waiting:
                cards = texts(state.table[name])
            else:  # sitting out, or acted: what they revealed (ignored for the players who acted)
                cards = offers_revealed[name]
            offer.append({"player": name, "cards": cards})
        document: dict[str, Any] = {
            "game": "money",
            "situation": "exchange",
            "player": event.player,
            "action": event.action,
            "right": texts(state.displays["right"]),
            "left": texts(state.displays["left"]),
            "acted": acted,
            "swapped": state.next_up is not None,
            "final_round": state.final_round,
            "offer": offer,
        }
        if event.partner is not None:
            document["with"] = event.partner
        return document
    return {
        "game": "money",
        "situation": "refill",
        "right": texts(state.displays["right"]),
        "left": texts(state.displays["left"]),
        "pile": state.pile,
    }


def replay_says(outcome: object, state: State) -> dict[str, Any]:
    """What the replay did at the event, in the ruling's outcome keys."""
    if isinstance(outcome, OffersOutcome):
        return {
            "values": outcome.bidding.values,
            "order": list(outcome.bidding.order),
            "sitting_out": list(outcome.bidding.sitting_out),
            "game_over": outcome.game_over,
        }
    if isinstance(outcome, ExchangeOutcome):
        return {
            "player": outcome.player,
            "action": outcome.action,
            "with": outcome.partner,
            "takes": texts(outcome.takes),
            "gives": texts(outcome.gives),
            "right": texts(state.displays["right"]),
            "left": texts(state.displays["left"]),
            "offers": {name: texts(state.table[name]) for name in state.waiting},
            "next": outcome.next,
            "round_over": outcome.round_over,
            "game_over": outcome.game_over,
        }
    assert isinstance(outcome, RefillOutcome)
    return outcome._asdict()


def cut_and_compare(seed: int, cuts: set[int], folder: Path) -> int:
    """Replay game ``seed``, rule on each cut event, compare; the number of cuts compared."""
    text = to_toml(random_game(seed))
    record = read_record(Document("game.toml", parse_toml(text, "game.toml"), text))
    replay = Replay(record, outcomes=True)
    revealed: dict[str, list[str]] = {}
    compared = 0
    for index, event in enumerate(record.events):
        if isinstance(event, Offers):
            revealed = {name: texts(cards) for name, cards in event.offers.items()}
        situation = situation_at(replay.state, event, revealed) if index in cuts else None
        replay.apply(event)
        assert not replay.findings, (seed, index, replay.findings)
        if situation is None:
            continue
        path = folder / f"cut-{seed}-{index + 1}.toml"
        path.write_text(tomli_w.dumps(situation), encoding="utf-8")
        ruling = refcli.rule(path)
        assert ruling.legal, (seed, index + 1, ruling.verdict, situation)
        assert dict(ruling.outcome) == replay_says(replay.outcome, replay.state), (seed, index + 1, situation)
        compared += 1
    return compared


@settings(max_examples=GAMES, deadline=None)
@given(seed=SEEDS, picks=st.lists(st.floats(0, 1, exclude_max=True), min_size=CUTS_PER_GAME, max_size=CUTS_PER_GAME))
def test_a_ruling_on_any_moment_agrees_with_the_replay(
    seed: int, picks: list[float], tmp_path_factory: pytest.TempPathFactory
) -> None:
    events = len(random_game(seed)["event"])
    cuts = {int(pick * events) for pick in picks}
    assert cut_and_compare(seed, cuts, tmp_path_factory.mktemp("cuts")) == len(cuts)


def test_every_kind_of_moment_is_cut() -> None:
    """The property above meets every situation (bids, each exchange action, refills, the final round)."""
    seen: set[str] = set()
    for seed in range(6):
        game = random_game(seed)
        for event in game["event"]:
            seen.add(event["type"] if event["type"] != "exchange" else event["action"])
    assert seen == {"offers", "right", "left", "swap", "keep", "refill"}


def test_cuts_at_every_event_of_one_game(tmp_path: Path) -> None:
    """One whole game, cut at every event: the final round and the end included."""
    events = len(random_game(4)["event"])
    assert cut_and_compare(4, set(range(events)), tmp_path) == events
