"""Kuhhandel money: card values, the game's supply, start money and paying without change.

Supply and start money per edition (README of the rule sources; 001's
first-edition note; register K1): edition 2 has 10×0, 20×10, 10×50, 5×100,
5×200, 5×500; edition 1 has 25 tens and 5 fifties instead, and deals 2×0 and
5×10 at the start.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

VALUES: tuple[int, ...] = (0, 10, 50, 100, 200, 500)

_VALUE_SET = frozenset(VALUES)

SUPPLY: dict[int, dict[int, int]] = {
    2: {0: 10, 10: 20, 50: 10, 100: 5, 200: 5, 500: 5},
    1: {0: 10, 10: 25, 50: 5, 100: 5, 200: 5, 500: 5},
}

START_MONEY: dict[int, tuple[int, ...]] = {
    2: (0, 0, 10, 10, 10, 10, 50),
    1: (0, 0, 10, 10, 10, 10, 10),
}

DONKEY_PAYOUTS: tuple[int, ...] = (50, 100, 200, 500)


def invalid_cards(cards: Iterable[int]) -> list[int]:
    """Cards that are not one of the six money values."""
    return [card for card in cards if card not in _VALUE_SET]


def over_supply(hands: Iterable[Iterable[int]], edition: int) -> list[tuple[int, int, int]]:
    """(value, counted, in the game) for each value held more often than the game has it."""
    counted: Counter[int] = Counter()
    for hand in hands:
        counted.update(hand)
    supply = SUPPLY[edition]
    return [(value, counted[value], supply[value]) for value in VALUES if counted[value] > supply[value]]


@dataclass(frozen=True)
class Payment:
    amount: int
    paid: tuple[int, ...]  # the cards handed over, highest first

    @property
    def overpaid(self) -> int:
        return sum(self.paid) - self.amount


def choose_payment(amount: int, money: Iterable[int]) -> Payment | None:
    """The cards to hand over for ``amount`` when no change is given (register K12).

    The smallest overpayment, then the fewest cards; 0-cards are never
    handed over. ``None`` when the money cannot cover the amount.
    """
    cards = sorted((card for card in money if card > 0), reverse=True)
    if amount <= 0:
        return Payment(amount, ())
    if sum(cards) < amount:
        return None
    # best[s] = fewest cards reaching exactly s, with the cards used; a
    # subset-sum over at most a few dozen cards and a few thousand points.
    best: dict[int, tuple[int, ...]] = {0: ()}
    for card in cards:
        for reached, used in list(best.items()):
            total = reached + card
            candidate = used + (card,)
            if total not in best or len(candidate) < len(best[total]):
                best[total] = candidate
    total = min(reached for reached in best if reached >= amount)
    return Payment(amount, tuple(sorted(best[total], reverse=True)))


def remove_cards(hand: list[int], cards: Iterable[int]) -> list[int] | None:
    """``hand`` without ``cards``; None when the hand does not hold them all."""
    remaining = hand.copy()
    try:
        for card in cards:
            remaining.remove(card)
    except ValueError:
        return None
    return remaining
