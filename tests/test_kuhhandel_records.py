"""Recorded Kuhhandel games: random legal games validate clean; every mutation is caught at its event."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from refcli.games.kuhhandel.record import validate_document
from refcli.games.kuhhandel.simulate import random_game, to_toml
from refcli.inputs import Document, parse_toml
from refcli.options import ValidateOptions
from refcli.validation import FileResult

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def validate(document: dict[str, Any], strict: bool = False) -> FileResult:
    text = to_toml(document)
    return validate_document(Document("game.toml", parse_toml(text, "game.toml"), text), ValidateOptions(strict=strict))


def errors(result: FileResult) -> list[Any]:
    return [finding for finding in result.findings if finding.severity == "error"]


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_random_legal_games_validate_clean(seed: int) -> None:
    game = random_game(seed)
    result = validate(game)
    assert errors(result) == [], (seed, errors(result))
    assert result.summary["over"] == ("scores" in game)


# -- mutations: each returns (mutated document, the event number that must be flagged) or None
Mutation = Callable[[dict[str, Any], random.Random], "tuple[dict[str, Any], int | None] | None"]


def _events(game: dict[str, Any], predicate: Callable[[dict[str, Any]], bool]) -> list[int]:
    return [index for index, event in enumerate(game["event"]) if predicate(event)]


def wrong_payer(game: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], int] | None:
    candidates = _events(game, lambda e: "payer" in e)
    if not candidates:
        return None
    index = rng.choice(candidates)
    event = game["event"][index]
    event["payer"] = rng.choice([p for p in game["players"] if p != event["payer"]])
    return game, index + 1


def price_below_bid(game: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], int] | None:
    candidates = _events(game, lambda e: bool(e.get("paid")))
    if not candidates:
        return None
    index = rng.choice(candidates)
    event = game["event"][index]
    event["paid"] = event["paid"][1:]  # cards are highest first: drop one, and the rest cannot cover the price
    return game, index + 1


def trade_with_non_holder(game: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], int] | None:
    # replay up to each trade to know who holds what
    from refcli.games.kuhhandel.record import read_record
    from refcli.games.kuhhandel.replay import Replay

    text = to_toml(game)
    record = read_record(Document("g", parse_toml(text, "g"), text))
    state = Replay(record)
    options = []
    for index, event in enumerate(record.events):
        if game["event"][index]["type"] == "cow-trade":
            lacking = [p for p in game["players"] if p != event.challenger and state.holdings[p][event.animal] == 0]
            if lacking:
                options.append((index, lacking))
        state.apply(event)
    if not options:
        return None
    index, lacking = rng.choice(options)
    game["event"][index]["defender"] = rng.choice(lacking)
    return game, index + 1


def out_of_turn(game: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], int] | None:
    index = rng.randrange(len(game["event"]))
    event = game["event"][index]
    role = "auctioneer" if event["type"] == "auction" else "challenger"
    event[role] = rng.choice([p for p in game["players"] if p != event[role]])
    return game, index + 1


def fifth_cow(game: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], int] | None:
    cows = 0
    for index, event in enumerate(game["event"]):
        if event["type"] == "auction" and not event.get("cannot_pay"):
            if cows == 4 and event["animal"] != "cow":
                event["animal"] = "cow"
                return game, index + 1
            cows += event["animal"] == "cow"
    return None


def wrong_donkey_payout(game: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], int] | None:
    candidates = _events(game, lambda e: "donkey_payout" in e)
    if not candidates:
        return None
    index = rng.choice(candidates)
    event = game["event"][index]
    event["donkey_payout"] = rng.choice([v for v in (0, 10, 50, 100, 200, 500) if v != event["donkey_payout"]])
    return game, index + 1


def changed_final_score(game: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], None] | None:
    if "scores" not in game:
        return None
    name = rng.choice(game["players"])
    game["scores"][name] += rng.choice((10, 100, 500, -10)) if game["scores"][name] >= 10 else 10
    return game, None


MUTATIONS: dict[str, Mutation] = {
    "wrong payer": wrong_payer,
    "price below the bid": price_below_bid,
    "trade with a non-holder": trade_with_non_holder,
    "out-of-turn action": out_of_turn,
    "a fifth cow": fifth_cow,
    "wrong donkey payout": wrong_donkey_payout,
    "changed final score": changed_final_score,
}


@pytest.mark.parametrize("name", list(MUTATIONS))
@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_every_mutation_is_caught_at_its_event(name: str, seed: int) -> None:
    game = random_game(seed)
    mutated = MUTATIONS[name](copy.deepcopy(game), random.Random(seed))
    if mutated is None:
        return  # this game has no event of that kind
    document, event_number = mutated
    found = errors(validate(document))
    assert found, f"{name} not caught (seed {seed})"
    assert found[0].event == event_number, (name, seed, found[:3])


def test_mutations_apply_to_most_games() -> None:
    """The mutation test above must not pass by finding nothing to mutate."""
    for name, mutation in MUTATIONS.items():
        applied = sum(mutation(copy.deepcopy(random_game(seed)), random.Random(seed)) is not None for seed in range(20))
        assert applied >= 10, name


def test_strict_stops_at_the_first_error() -> None:
    game = random_game(7)
    game["event"][0]["auctioneer"] = next(p for p in game["players"] if p != game["event"][0]["auctioneer"])
    game["scores"] = {name: 1 for name in game["players"]}
    assert len(errors(validate(game))) > 1
    assert len(errors(validate(game, strict=True))) == 1
