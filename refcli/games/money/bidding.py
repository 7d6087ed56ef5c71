"""Money! offers: their values, who sits out, and the order players act in. Pure.

003 "Visión general" and "Valor de las monedas": the highest offer acts
first, then successively lower ones; ties go to the offer holding the lowest
serial number (register M6); an offer of only the bluff card (or nothing)
sits the round out (M3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import filterfalse
from operator import attrgetter
from typing import NamedTuple

from refcli.games.money.cards import Card
from refcli.language.i18n import _
from refcli.results.report import listed

SERIAL = attrgetter("serial")


class NeedSerials(Exception):
    """A tie that serial numbers must break, but some cards of the tied offers have none."""

    def __init__(self, tied: list[str], value: int, missing: list[tuple[str, int]]) -> None:
        self.tied = tied
        self.value = value
        self.missing = missing  # (player, index of the card in their offer, 1-based)
        super().__init__(_("{players} both offer {value}").format(players=listed(tied), value=value))


class TieBroken(NamedTuple):
    """Offers of one value, put in order by their lowest serial numbers (register M6)."""

    players: tuple[str, ...]  # in the order they act
    value: int
    serials: tuple[int, ...]  # each one's lowest serial, in the same order


class Bidding(NamedTuple):
    values: dict[str, int]
    order: tuple[str, ...]  # players taking part, in the order they act
    sitting_out: tuple[str, ...]
    ties: tuple[TieBroken, ...] = ()  # the ties the serial numbers broke

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """Sentences naming the serials that decided: written only when a ruling shows them, not in every
        replayed round."""
        return tuple(tie_sentence(tie) for tie in self.ties)


def tie_sentence(tie: TieBroken) -> str:
    """``Ana and Ben both offer 40: Ben holds #3, Ana holds #12, so Ben goes first``."""
    holds = ", ".join(
        _("{player} holds #{serial}").format(player=name, serial=serial)
        for name, serial in zip(tie.players, tie.serials)
    )
    return _("{players} both offer {value}: {serials}, so {first} goes first").format(
        players=listed(tie.players), value=tie.value, serials=holds, first=tie.players[0]
    )


def real_cards(cards: Sequence[Card]) -> list[Card]:
    return [card for card in cards if card.kind != "bluff"]


def order_offers(offers: Mapping[str, Sequence[Card]]) -> Bidding:
    """The values, the order of play and who sits out; NeedSerials when a tie needs serial numbers."""
    real = {name: real_cards(cards) for name, cards in offers.items()}
    return order_counted(offers, {name: sum(card.value for card in cards) for name, cards in real.items()}, real)


def order_counted(
    offers: Mapping[str, Sequence[Card]], values: dict[str, int], real: Mapping[str, Sequence[Card]]
) -> Bidding:
    """``order_offers`` given each offer's value and its cards but the bluff card (the engine has just counted
    both while checking the offers against the hands: they are not counted again)."""
    # those offering a real card take part (filtered in C, as every round does it), highest first; sorted()
    # keeps the offers of one value in the order they were revealed
    value_of = values.__getitem__
    if all(real.values()):  # the usual round: nobody sits out, so no offer is filtered
        order = sorted(real, key=value_of, reverse=True)
        sitting_out: tuple[str, ...] = ()
    else:
        order = sorted(filter(real.__getitem__, real), key=value_of, reverse=True)
        sitting_out = tuple(filterfalse(real.__getitem__, real))
    # no two offers of one value, sitting out or not: no tie to break (two offers sitting out, both worth 0,
    # only send the round to broken_ties, which finds no tie among the bidders). tuple.__new__: without the
    # NamedTuple's own __new__, a Python call, as every round makes its Bidding.
    if len(set(values.values())) == len(values):
        return tuple.__new__(Bidding, (values, tuple(order), sitting_out, ()))
    return broken_ties(offers, values, real, order, sitting_out)


def broken_ties(
    offers: Mapping[str, Sequence[Card]],
    values: dict[str, int],
    real: Mapping[str, Sequence[Card]],
    order: list[str],
    sitting_out: tuple[str, ...],
) -> Bidding:
    """The bidding when some offers share a value: each tie put in order by the lowest serials (register M6)."""
    groups: dict[int, list[str]] = {}
    for name in order:
        groups.setdefault(values[name], []).append(name)
    ordered: list[str] = []
    ties: list[TieBroken] = []
    for value, tied in groups.items():  # already highest first
        if len(tied) > 1:
            lowest: dict[str, int] = {}
            for name in tied:
                numbers = list(map(SERIAL, real[name]))
                if None in numbers:
                    missing = [
                        (name, index)
                        for name in tied
                        for index, card in enumerate(offers[name], 1)
                        if card.kind != "bluff" and card.serial is None
                    ]
                    raise NeedSerials(tied, value, missing)
                lowest[name] = min(numbers)
            tied = sorted(tied, key=lowest.__getitem__)
            ties.append(tuple.__new__(TieBroken, (tuple(tied), value, tuple(map(lowest.__getitem__, tied)))))
        ordered.extend(tied)
    return tuple.__new__(Bidding, (values, tuple(ordered), sitting_out, tuple(ties)))
