"""Kuhhandel money: card values, the game's supply, start money and paying without change.

Supply and start money per edition (README of the rule sources; 001's
first-edition note; register K1): edition 2 has 10×0, 20×10, 10×50, 5×100,
5×200, 5×500; edition 1 has 25 tens and 5 fifties instead, and deals 2×0 and
5×10 at the start.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

VALUES: tuple[int, ...] = (0, 10, 50, 100, 200, 500)

VALUE_SET = frozenset(VALUES)

# Whether every card of a hand or an offer is a money card: asked of every payment and offer a replay applies.
# Bound once: Python 3.11 calls a method of a module's global through a bound method made at every call.
all_money_cards = VALUE_SET.issuperset

SUPPLY: dict[int, dict[int, int]] = {
    2: {0: 10, 10: 20, 50: 10, 100: 5, 200: 5, 500: 5},
    1: {0: 10, 10: 25, 50: 5, 100: 5, 200: 5, 500: 5},
}

START_MONEY: dict[int, tuple[int, ...]] = {
    2: (0, 0, 10, 10, 10, 10, 50),
    1: (0, 0, 10, 10, 10, 10, 10),
}

DONKEY_PAYOUTS: tuple[int, ...] = (50, 100, 200, 500)

MAX_PLAYERS = 5  # the most a table seats (register K17): a cow trade naming only its two parties


def dealt(edition: int, players: int) -> Counter[int]:
    """The money the setup deals to ``players`` players (000 "Preparar"; 001's edition note; K1)."""
    cards: Counter[int] = Counter()
    for _ in range(players):
        cards.update(START_MONEY[edition])
    return cards


def in_play(edition: int, deal: Counter[int], players: int, donkeys: int) -> Counter[int]:
    """How many cards of each value the players can hold after ``donkeys`` donkeys (register K18).

    Money enters the players' hands only through the deal and the donkeys'
    payouts, one card to every player per donkey (K2), and never goes back
    to the bank; the bank can hand out no more than the game has.
    """
    cards = Counter(deal)
    for payout in DONKEY_PAYOUTS[:donkeys]:
        cards[payout] += players
    supply = SUPPLY[edition]
    return Counter({value: min(cards[value], supply[value]) for value in VALUES})


def deal_counts(deal: Mapping[int, int]) -> tuple[int, ...]:
    """A deal's number of cards of each value, in the order of VALUES: the key the limits are cached by."""
    return tuple(deal.get(value, 0) for value in VALUES)


@lru_cache(maxsize=64)
def dealt_counts(edition: int, players: int) -> tuple[int, ...]:
    """:func:`dealt` as :func:`deal_counts` gives it, computed once per edition and table."""
    return deal_counts(dealt(edition, players))


def in_play_counts(edition: int, deal: tuple[int, ...], players: int, donkeys: int) -> tuple[int, ...]:
    """:func:`in_play` in the order of VALUES, for a deal given by :func:`deal_counts` (a replay asks
    :func:`in_play_by_donkeys`, which remembers them)."""
    possible = in_play(edition, Counter(dict(zip(VALUES, deal, strict=True))), players, donkeys)
    return tuple(possible[value] for value in VALUES)


@lru_cache(maxsize=256)
def value_counts(cards: tuple[int, ...]) -> tuple[int, ...]:
    """How many of ``cards`` are of each value, in the order of VALUES (cards of no value are not counted)."""
    return tuple(cards.count(value) for value in VALUES)


@lru_cache(maxsize=256)
def in_play_by_donkeys(edition: int, deal: tuple[int, ...], players: int, most: int) -> tuple[tuple[int, ...], ...]:
    """:func:`in_play_counts` for every number of donkeys from none to ``most``: what a state asks once a game.

    The answer changes only with the deal, the edition and the table: remembered, as every record of a
    table dealt the setup's money asks the same.
    """
    return tuple(in_play_counts(edition, deal, players, donkeys) for donkeys in range(most + 1))


@dataclass(frozen=True)
class Beyond:
    """Cards of one value held beyond what can be in play: ``held`` counted, ``in_play`` possible."""

    value: int
    holder: str  # the player whose card goes beyond the limit, counting in seating order
    held: int
    in_play: int
    limit: str  # "supply" (the game has no more), "donkeys" (a later donkey pays them out), "deal"


def beyond_the_limits(
    hands: Iterable[tuple[str, Sequence[int]]],
    edition: int,
    possible: tuple[int, ...],
    donkeys: int,
    skip: Collection[int] = (),
) -> Beyond | None:
    """The first value whose cards among ``hands`` cannot all be in play at this moment, or None.

    ``possible``: how many cards of each value can be in play, as
    :func:`in_play_counts` gives them. ``hands`` are the players whose money
    (or part of it) is known, in seating order; the others hold at least
    nothing, so the known cards alone must fit. Cards of no value (30) are
    reported elsewhere, and values in ``skip`` are not counted.
    """
    hands = list(hands)
    cards = [card for _name, hand in hands for card in hand]
    for index, value in enumerate(VALUES):
        held = cards.count(value)
        if held > possible[index] and value not in skip:
            break
    else:
        return None
    holder = _past_the_limit(hands, value, possible[index])
    if possible[index] >= SUPPLY[edition][value]:
        limit = "supply"
    elif value in DONKEY_PAYOUTS[donkeys:]:
        limit = "donkeys"
    else:
        limit = "deal"
    return Beyond(value, holder, held, possible[index], limit)


def _past_the_limit(hands: list[tuple[str, Sequence[int]]], value: int, limit: int) -> str:
    """Whose card of ``value``, counting in seating order, is the first beyond ``limit``."""
    seen = 0
    for name, hand in hands:
        seen += hand.count(value)
        if seen > limit:
            return name
    raise ValueError(value)  # only called when the cards counted go beyond the limit


def bank_short(edition: int, possible: tuple[int, ...], players: int, donkeys: int) -> tuple[int, int] | None:
    """(value, cards left) when the bank cannot pay donkey number ``donkeys + 1`` to every player, or None.

    ``possible``: how many cards of each value can be in play before that donkey (:func:`in_play_counts`).
    """
    payout = DONKEY_PAYOUTS[donkeys]
    left = SUPPLY[edition][payout] - possible[VALUES.index(payout)]
    return (payout, left) if left < players else None


def invalid_cards(cards: Iterable[int]) -> list[int]:
    """Cards that are not one of the six money values."""
    return [card for card in cards if card not in VALUE_SET]


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


def take_cards(hand: list[int], cards: Sequence[int]) -> bool:
    """Take ``cards`` out of ``hand`` in place: :func:`remove_cards` without a copy, for a payment or an exchange.

    False when the hand does not hold them all: it then keeps every card it
    had (in another order, which no rule reads).
    """
    size = len(hand)
    try:
        for card in cards:
            hand.remove(card)
    except ValueError:
        hand += cards[: size - len(hand)]  # the cards taken before the one missing go back
        return False
    return True
