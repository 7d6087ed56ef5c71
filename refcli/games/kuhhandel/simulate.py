"""A random legal Kuhhandel game, as a record dict (the TOML record format).

Used by the property tests (every generated game validates clean; every
mutation of one event is caught at that event) and by ``refcli kuhhandel
simulate`` to make test data. The game is played on the replay engine's own
state, so the generator only chooses among legal moves.
"""

from __future__ import annotations

import random
from typing import Any

from refcli.games.kuhhandel.components import ANIMALS, CARDS_PER_ANIMAL
from refcli.games.kuhhandel.cowtrade import options_for
from refcli.games.kuhhandel.money import choose_payment
from refcli.games.kuhhandel.replay import Auction, CowTrade, Record, Replay

NAMES = ("Ana", "Ben", "Cid", "Dora", "Eli")
MAX_EVENTS = 600


def _subset(rng: random.Random, cards: list[int]) -> list[int]:
    return sorted((card for card in cards if rng.random() < 0.4), reverse=True)


def _auction(rng: random.Random, state: Replay, actor: str, animal: str, excluded: frozenset[str]) -> dict[str, Any]:
    players = state.players
    money = {name: list(state.money[name] or []) for name in players}
    if animal == "donkey" and state.repeat is None:
        payout = (50, 100, 200, 500)[state.donkeys]
        for hand in money.values():
            hand.append(payout)
    event: dict[str, Any] = {"type": "auction", "auctioneer": actor, "animal": animal}
    if animal == "donkey" and state.repeat is None:
        event["donkey_payout"] = (50, 100, 200, 500)[state.donkeys]
    bidders = [name for name in players if name != actor and name not in excluded]
    bids: list[list[Any]] = []
    price = 0
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 4))):
        if not bidders:
            break
        bidder = rng.choice(bidders)
        step = rng.choice((10, 10, 20, 30, 50, 100))
        # mostly bids the bidder can cover; now and then a bluff that cannot be paid
        if price + step > sum(money[bidder]) and rng.random() < 0.9:
            continue
        price += step
        bids.append([bidder, price])
    event["bids"] = bids
    if not bids:
        return event
    top = bids[-1][0]
    if sum(money[top]) < price:
        event["cannot_pay"] = True
        return event
    if sum(money[actor]) >= price and rng.random() < 0.25:
        event["buyback"] = True
        payer = actor
    else:
        payer = top
    payment = choose_payment(price, money[payer])
    assert payment is not None
    event["paid"] = list(payment.paid)
    event["payer"] = payer
    event["winner"] = actor if event.get("buyback") else top
    return event


def _cow_trade(rng: random.Random, state: Replay, actor: str) -> dict[str, Any]:
    option = rng.choice(options_for(actor, state.holdings))
    mine = state.holdings[actor][option.animal]
    theirs = state.holdings[option.defender][option.animal]
    offer = _subset(rng, state.money[actor] or [])
    event: dict[str, Any] = {
        "type": "cow-trade",
        "challenger": actor,
        "defender": option.defender,
        "animal": option.animal,
        "offer": offer,
    }
    if rng.random() < 0.3:
        return event  # accepted
    counter = _subset(rng, state.money[option.defender] or [])
    # the side holding more cards tends to want them more, so games converge
    if theirs > mine and sum(counter) <= sum(offer) and rng.random() < 0.7:
        counter = sorted(state.money[option.defender] or [], reverse=True)
    event["counter"] = counter
    if sum(counter) == sum(offer):
        event["rebid"] = _subset(rng, state.money[actor] or [])
        if rng.random() < 0.6:
            event["rebid_counter"] = _subset(rng, state.money[option.defender] or [])
    return event


def _parse(event: dict[str, Any]) -> Auction | CowTrade:
    if event["type"] == "auction":
        return Auction(
            auctioneer=event["auctioneer"],
            animal=event["animal"],
            bids=tuple((b, a) for b, a in event["bids"]),
            buyback=event.get("buyback", False),
            paid=tuple(event["paid"]) if "paid" in event else None,
            donkey_payout=event.get("donkey_payout"),
            cannot_pay=event.get("cannot_pay", False),
            payer=event.get("payer"),
            winner=event.get("winner"),
        )
    return CowTrade(
        challenger=event["challenger"],
        defender=event["defender"],
        animal=event["animal"],
        offer=tuple(event["offer"]),
        counter=tuple(event["counter"]) if "counter" in event else None,
        rebid=tuple(event["rebid"]) if "rebid" in event else None,
        rebid_counter=tuple(event["rebid_counter"]) if "rebid_counter" in event else None,
    )


def random_game(seed: int, *, players: int | None = None, edition: int | None = None) -> dict[str, Any]:
    """A complete legal game (or one cut at MAX_EVENTS) as a record document."""
    rng = random.Random(seed)
    count = players or rng.randint(3, 5)
    names = list(NAMES[:count])
    edition = edition or rng.choice((1, 2))
    deck = [animal.id for animal in ANIMALS for _ in range(CARDS_PER_ANIMAL)]
    rng.shuffle(deck)
    first = rng.choice(names)
    state = Replay(Record(edition=edition, players=tuple(names), events=(), first=first))
    events: list[dict[str, Any]] = []
    while len(events) < MAX_EVENTS and not state.game_over():
        actor = state.current_player()
        if state.repeat is not None:
            auctioneer, animal, excluded = state.repeat
            event = _auction(rng, state, auctioneer, animal, excluded)
        elif state.pile and (not options_for(actor, state.holdings) or rng.random() < 0.75):
            event = _auction(rng, state, actor, deck[40 - state.pile], frozenset())
        else:
            event = _cow_trade(rng, state, actor)
        state.apply(_parse(event))
        assert not state.findings, (seed, state.findings)
        events.append(event)
    document: dict[str, Any] = {"game": "kuhhandel", "edition": edition, "players": names, "first": first}
    if rng.random() < 0.5:
        document["deck"] = deck
    document["event"] = events
    if state.game_over():
        document["scores"] = state.finish()
    return document
