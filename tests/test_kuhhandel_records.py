"""Recorded Kuhhandel games: random legal games validate clean; every mutation is caught at its event."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import SEEDS, Mutation, assert_mutation_caught, assert_mutations_apply, pick_event
from hypothesis import given, settings

from refcli.games.kuhhandel.record import validate_document
from refcli.games.kuhhandel.simulate import random_game
from refcli.games.record_toml import to_toml
from refcli.model.options import ValidateOptions
from refcli.reading.documents import Document, parse_toml
from refcli.results.findings import FileResult

seeds = SEEDS


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


# -- mutations (conftest.Mutation): change the game in place, return the 0-based
# index of the event that must be flagged, -1 for the record as a whole, None if none applies
def wrong_payer(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: "payer" in e)
    if index is None:
        return None
    event = game["event"][index]
    event["payer"] = rng.choice([p for p in game["players"] if p != event["payer"]])
    return index


def price_below_bid(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: bool(e.get("paid")))
    if index is None:
        return None
    event = game["event"][index]
    event["paid"] = event["paid"][1:]  # cards are highest first: drop one, and the rest cannot cover the price
    return index


def trade_with_non_holder(game: dict[str, Any], rng: random.Random) -> int | None:
    # replay up to each trade to know who holds what
    from refcli.games.kuhhandel.record import read_record
    from refcli.games.kuhhandel.replay import Replay

    text = to_toml(game)
    record = read_record(Document("g", parse_toml(text, "g"), text))
    state = Replay(record)
    options = []
    for index, event in enumerate(record.events):
        if game["event"][index]["type"] == "cow-trade":
            lacking = [
                p for p in game["players"] if p != event.challenger and state.holdings[p].get(event.animal, 0) == 0
            ]
            if lacking:
                options.append((index, lacking))
        state.apply(event)
    if not options:
        return None
    index, lacking = rng.choice(options)
    game["event"][index]["defender"] = rng.choice(lacking)
    return index


def out_of_turn(game: dict[str, Any], rng: random.Random) -> int | None:
    index = rng.randrange(len(game["event"]))
    event = game["event"][index]
    role = "auctioneer" if event["type"] == "auction" else "challenger"
    event[role] = rng.choice([p for p in game["players"] if p != event[role]])
    return index


def fifth_cow(game: dict[str, Any], rng: random.Random) -> int | None:
    cows = 0
    for index, event in enumerate(game["event"]):
        if event["type"] == "auction" and not event.get("cannot_pay"):
            if cows == 4 and event["animal"] != "cow":
                event["animal"] = "cow"
                return index
            cows += event["animal"] == "cow"
    return None


def wrong_donkey_payout(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: "donkey_payout" in e)
    if index is None:
        return None
    event = game["event"][index]
    event["donkey_payout"] = rng.choice([v for v in (0, 10, 50, 100, 200, 500) if v != event["donkey_payout"]])
    return index


def changed_final_score(game: dict[str, Any], rng: random.Random) -> int | None:
    if "scores" not in game:
        return None
    name = rng.choice(game["players"])
    game["scores"][name] += rng.choice((10, 100, 500, -10)) if game["scores"][name] >= 10 else 10
    return -1


def pays_with_cards_not_held(game: dict[str, Any], rng: random.Random) -> int | None:
    # eleven 0-cards: the game has ten, so nobody holds them; the sum paid is unchanged
    index = pick_event(game, rng, lambda e: "paid" in e)
    if index is None:
        return None
    game["event"][index]["paid"] = [*game["event"][index]["paid"], *[0] * 11]
    return index


def offers_cards_not_held(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: e["type"] == "cow-trade")
    if index is None:
        return None
    game["event"][index]["offer"] = [*game["event"][index]["offer"], *[0] * 11]
    return index


MUTATIONS: dict[str, Mutation] = {
    "wrong payer": wrong_payer,
    "price below the bid": price_below_bid,
    "trade with a non-holder": trade_with_non_holder,
    "out-of-turn action": out_of_turn,
    "a fifth cow": fifth_cow,
    "wrong donkey payout": wrong_donkey_payout,
    "changed final score": changed_final_score,
    "pays with cards not held": pays_with_cards_not_held,
    "offers cards not held": offers_cards_not_held,
}
# Defects of one transfer's money: the money of both its sides is no longer followed (K15, K16), so
# the record gives exactly one finding, at that event.
ONE_FINDING = ("price below the bid", "pays with cards not held", "offers cards not held", "wrong payer")
# Findings about money held beyond what can be in play (K18), in the words of its messages.
BEYOND = ("can be in play", "but edition")


@pytest.mark.parametrize("name", list(MUTATIONS))
@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_every_mutation_is_caught_at_its_event(name: str, seed: int) -> None:
    assert_mutation_caught(random_game, MUTATIONS[name], seed, validate_document)


@pytest.mark.parametrize("name", ONE_FINDING)
@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_one_defect_of_a_transfer_gives_one_finding(name: str, seed: int) -> None:
    game = random_game(seed)
    index = MUTATIONS[name](game, random.Random(seed))
    if index is None:
        return
    found = errors(validate(game))
    assert [finding.event for finding in found] == [index + 1], (name, seed, found[:4])


@pytest.mark.parametrize("name", list(MUTATIONS))
@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_no_money_defect_is_reported_again(name: str, seed: int) -> None:
    """Whatever the defect, money found wrong is not followed further: a player's cards not held (K16)
    are reported once at most, and so is each value held beyond what can be in play (K18). A defect
    such as a changed defender leaves the replay's money different from what the rest of the record
    assumes; that is reported, but once."""
    game = random_game(seed)
    if MUTATIONS[name](game, random.Random(seed)) is None:
        return
    found = errors(validate(game))
    not_held = [finding for finding in found if finding.rule == "K16"]
    beyond = [finding for finding in found if any(words in finding.message for words in BEYOND)]
    assert len(not_held) <= len(game["players"]), (name, seed, not_held)
    assert len(beyond) <= 6, (name, seed, beyond)  # one a value at most


def test_an_unrecorded_payment_is_no_finding_and_stops_following_both_sides() -> None:
    game = random_game(3)
    index = next(i for i, event in enumerate(game["event"]) if event.get("paid"))
    event = game["event"][index]
    del game["event"][index]["paid"]
    result = validate(game)
    assert errors(result) == []
    assert any(event["payer"] in note and f"event {index + 1}" in note for note in result.skipped)


def test_mutations_apply_to_most_games() -> None:
    """The mutation test above must not pass by finding nothing to mutate."""
    assert_mutations_apply(random_game, MUTATIONS, seeds=20, minimum=10)


def test_strict_stops_at_the_first_error() -> None:
    game = random_game(7)
    game["event"][0]["auctioneer"] = next(p for p in game["players"] if p != game["event"][0]["auctioneer"])
    game["scores"] = {name: 1 for name in game["players"]}
    assert len(errors(validate(game))) > 1
    assert len(errors(validate(game, strict=True))) == 1


def test_events_read_are_those_the_constructors_make() -> None:
    """The reader makes each event directly (refcli.games.kuhhandel.record.AUCTION, COW_TRADE): every field set."""
    from dataclasses import fields

    from refcli.games.kuhhandel.record import read_record

    kinds = set()
    for seed in range(12):
        text = to_toml(random_game(seed))
        for event in read_record(Document("game.toml", parse_toml(text, "game.toml"), text)).events:
            kinds.add(type(event).__name__)
            assert set(vars(event)) == {field.name for field in fields(event)}
            rebuilt = type(event)(**vars(event))
            assert event == rebuilt
            assert hash(event) == hash(rebuilt)
    assert kinds == {"Auction", "CowTrade"}
