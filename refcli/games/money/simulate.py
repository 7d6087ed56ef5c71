"""A random legal Money! game as a record document (test data for validate)."""

from __future__ import annotations

import random
from typing import Any

from refcli.games.money.cards import BLUFF, COINS, CURRENCIES_FOR_PLAYERS, NOTE_VALUES, Card
from refcli.games.money.replay import DISPLAY, HAND, Exchange, Offers, Record, Refill, Replay

NAMES = ("Ana", "Ben", "Cid", "Dora", "Eli")
CURRENCIES = ("euro", "yen", "dollar", "pound", "franc", "krone", "peso")


def random_game(seed: int, *, players: int | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    names = list(NAMES[: players or rng.randint(3, 5)])
    currencies = CURRENCIES[: CURRENCIES_FOR_PLAYERS[len(names)]]
    serials = rng.sample(range(1, 70), len(currencies) * len(NOTE_VALUES) + COINS)
    deck = [Card("note", currency, value) for currency in currencies for value in NOTE_VALUES]
    deck += [Card("coin", "", 10) for _ in range(COINS)]
    deck = [Card(card.kind, card.currency, card.value, serial) for card, serial in zip(deck, serials)]
    rng.shuffle(deck)
    hands = {name: [deck.pop() for _ in range(HAND)] for name in names}
    right = [deck.pop() for _ in range(DISPLAY)]
    left = [deck.pop() for _ in range(DISPLAY)]
    record = Record(
        players=tuple(names),
        events=(),
        hands={n: tuple(h) for n, h in hands.items()},
        right=tuple(right),
        left=tuple(left),
        pile=len(deck),
    )
    replay = Replay(record)
    state = replay.state
    events: list[dict[str, Any]] = []

    def apply(event: dict[str, Any], parsed: Any) -> None:
        replay.apply(parsed)
        assert not [f for f in replay.findings if f.severity == "error"], (seed, len(events), replay.findings)
        events.append(event)

    while state.phase != "over":
        assert state.hands is not None
        offers = {}
        for name in names:
            hand = state.hands[name]
            chosen = [card for card in hand if rng.random() < 0.35]
            offers[name] = tuple(chosen + ([BLUFF] if rng.random() < 0.5 or not chosen else []))
        apply({"type": "offers", "offers": {n: [str(c) for c in cs] for n, cs in offers.items()}}, Offers(offers))
        while state.phase == "exchanges":
            player = state.expected
            assert player is not None
            others = [name for name in state.waiting if name != player]
            action = rng.choice(["right", "left", "keep"] + (["swap"] if others else []))
            partner = rng.choice(others) if action == "swap" else None
            event: dict[str, Any] = {"type": "exchange", "player": player, "action": action}
            if partner:
                event["with"] = partner
            apply(event, Exchange(player, action, partner))
        if state.phase == "refill":
            to_right = min(max(DISPLAY - state.sizes["right"], 0), len(deck))
            right_cards = tuple(deck.pop() for _ in range(to_right))
            to_left = min(max(DISPLAY - state.sizes["left"], 0), len(deck))
            left_cards = tuple(deck.pop() for _ in range(to_left))
            event = {
                "type": "refill",
                "right": [str(c) for c in right_cards],
                "left": [str(c) for c in left_cards],
            }
            apply(event, Refill(to_right, to_left, right_cards, left_cards))
    replay.finish()
    return {
        "game": "money",
        "players": names,
        "pile": record.pile,
        "right": [str(c) for c in record.right or ()],
        "left": [str(c) for c in record.left or ()],
        "hands": {n: [str(c) for c in h] for n, h in (record.hands or {}).items()},
        "event": events,
        "scores": replay.scores,
    }
