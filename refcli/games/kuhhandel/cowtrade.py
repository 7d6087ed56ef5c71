"""Kuhhandel cow trades: who may challenge whom, and how a trade ends. Pure: no I/O.

000 "Acción 2", "Especial comercio de vacas", "No más cartas de animales";
001 "Kuhhandel"; register K3 (ties), K4 (cards at stake), K5 (zero cards),
K6 (edition-1 money), K14 (who is skipped once the deck is empty).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.components import ANIMALS, CARDS_PER_ANIMAL
from refcli.games.kuhhandel.names import animal as animal_name
from refcli.language.i18n import _, ngettext
from refcli.model.errors import RuleBroken

Holdings = Mapping[str, Mapping[str, int]]  # player → animal → cards


def cards_at_stake(challenger_holds: int, defender_holds: int) -> int:
    """K4: two cards when both hold two, otherwise one."""
    return 2 if challenger_holds == 2 and defender_holds == 2 else 1


def check_eligible(challenger: str, defender: str, animal: str, challenger_holds: int, defender_holds: int) -> None:
    """A trade needs both players to hold the animal, and neither a complete set."""
    if challenger != defender and 0 < challenger_holds and 0 < defender_holds:
        if challenger_holds + defender_holds <= CARDS_PER_ANIMAL:
            return  # the usual case: two players, each holding some, together no more than four (so neither all)
    if challenger == defender:
        raise RuleBroken(
            _("{challenger} cannot challenge themselves").format(challenger=challenger), C.COW_TRADE_CHOOSE
        )
    for name, holds in ((challenger, challenger_holds), (defender, defender_holds)):
        if holds <= 0:
            raise RuleBroken(
                _("{name} holds no {animal}, so there is no cow trade over it").format(
                    name=name, animal=animal_name(animal)
                ),
                C.COW_TRADE_WHEN,
            )
        if holds >= CARDS_PER_ANIMAL:
            raise RuleBroken(
                _("{name} holds all four {animal} cards: a complete set cannot be challenged").format(
                    name=name, animal=animal_name(animal)
                ),
                C.PAIRS_COMPLETE_SET,
            )
    if challenger_holds + defender_holds > CARDS_PER_ANIMAL:
        raise RuleBroken(
            _(
                "{challenger} {challenger_holds} + {defender} {defender_holds} is more than the four {animal} cards"
            ).format(
                challenger=challenger,
                challenger_holds=challenger_holds,
                defender=defender,
                defender_holds=defender_holds,
                animal=animal_name(animal),
            ),
            C.FOUR_OF_A_KIND,
        )


class Offers(Protocol):
    """The offers of one cow trade, in the order they were made (the engine's ``CowTrade`` is one)."""

    @property
    def offer(self) -> tuple[int, ...]: ...
    @property
    def counter(self) -> tuple[int, ...] | None: ...  # None: the defender accepted
    @property
    def rebid(self) -> tuple[int, ...] | None: ...
    @property
    def rebid_counter(self) -> tuple[int, ...] | None: ...
    @property
    def rebid_given(self) -> bool | None: ...  # None: a rebid is given when ``rebid`` is


class Notes(Protocol):
    """Where a ruling collects the clauses applied and the facts assumed (the engine's ``Outcome``)."""

    clauses: tuple[str, ...]
    facts: tuple[str, ...]


# How a trade ends: the winner ("challenger", "defender", or None when a rebid is needed), the cards of the
# animal at stake (K4), the money cards the challenger receives from the defender, those the defender
# receives from the challenger, and the ties (K3). A plain tuple: built for every cow trade a replay
# applies, where a named tuple's constructor cost about half of settling the trade.
TradeResult = tuple[str | None, int, tuple[int, ...], tuple[int, ...], int]


def _handed(cards: tuple[int, ...], edition: int) -> tuple[int, ...]:
    """K5: edition 1 returns 0-cards to their owner once the offers are seen."""
    return cards if edition == 2 or 0 not in cards else tuple(filter(None, cards))  # the cards that are not 0


def _settle(
    edition: int,
    offer: tuple[int, ...],
    counter: tuple[int, ...] | None,
    higher: bool,
    count: int,
    ties: int,
    notes: Notes | None,
) -> TradeResult:
    """One round of offers: accept, or compare offer and counter (no tie). ``higher``: the offer is the higher
    (summed once, by the caller, which also asks whether they tie). ``notes``: None when not explaining."""
    if counter is None:
        if notes is not None:
            notes.clauses += (C.COW_TRADE_ACCEPT,)
            if 0 in offer:  # K5: edition 2 hands 0-cards over, edition 1 returns them
                notes.clauses += (C.ZERO_CARDS,)
        return "challenger", count, (), _handed(offer, edition), ties
    if notes is not None:
        notes.clauses += (C.COW_TRADE_COUNTER, C.COW_TRADE_HIGHER_WINS)
    winner = "challenger" if higher else "defender"
    if edition == 2:
        if notes is not None:
            notes.clauses += (C.COW_TRADE_KEEP_MONEY,)
            if 0 in offer or 0 in counter:
                notes.clauses += (C.ZERO_CARDS,)
        return winner, count, counter, offer, ties
    # K6: the higher offer is paid to the other player, whose own offer goes back.
    if notes is not None:
        notes.clauses += (C.EDITION1_COW_TRADE, C.EDITION1_COUNTER)
        if 0 in offer or 0 in counter:
            notes.clauses += (C.ZERO_CARDS_EDITION1, C.ZERO_CARDS)
    if winner == "challenger":
        return winner, count, (), _handed(offer, 1), ties
    return winner, count, _handed(counter, 1), (), ties


def resolve_trade(
    edition: int, challenger_holds: int, defender_holds: int, trade: Offers, notes: Notes | None = None
) -> TradeResult:
    """The end of a trade: offer, then accept or counter; after a tie, one rebid (K3).

    ``trade.rebid_given`` says whether the record or situation has a rebid
    at all (a rebid of no cards is still a rebid). ``notes``: where a ruling
    collects the clauses applied and the facts assumed (a replay, which
    shows neither, gives None: it resolves every cow trade of a record).
    Nothing is written to ``notes`` when the trade breaks a rule.
    """
    count = 2 if challenger_holds == 2 and defender_holds == 2 else 1  # K4, as cards_at_stake: for every cow trade
    offer, counter, rebid = trade.offer, trade.counter, trade.rebid
    rebid_given = rebid is not None if trade.rebid_given is None else trade.rebid_given
    offered = countered = 0  # an accepted offer is not summed: it neither ties nor is compared
    if counter is not None:
        offered, countered = sum(offer), sum(counter)
    tied = counter is not None and offered == countered
    if not tied and rebid_given:
        raise RuleBroken(_("a rebid comes only after equal offers, and these offers differ"), C.TIE_REOFFER)
    if notes is not None:
        notes.clauses += (C.COW_TRADE_WHEN, C.COW_TRADE_BLUFF)
        notes.clauses += (C.PAIRS_BOTH_TWO, C.CARDS_AT_STAKE) if count == 2 else (C.PAIRS_ONE_CARD, C.CARDS_AT_STAKE)
        notes.facts += (
            ngettext(
                "{count} card at stake (challenger holds {challenger_holds}, defender {defender_holds})",
                "{count} cards at stake (challenger holds {challenger_holds}, defender {defender_holds})",
                count,
            ).format(count=count, challenger_holds=challenger_holds, defender_holds=defender_holds),
        )
    if not tied:
        return _settle(edition, offer, counter, offered > countered, count, 0, notes)
    if notes is not None:
        notes.clauses += (C.TIE_REOFFER, C.TIE_PROCEDURE)
    if not rebid_given:
        if notes is not None:
            notes.facts += (
                _("the offers tied at {total}; both go back and the challenger must offer again").format(total=offered),
            )
        return None, count, (), (), 1
    rebid = rebid or ()
    rebid_counter = trade.rebid_counter
    rebid_total = sum(rebid)
    answer_total = rebid_total if rebid_counter is None else sum(rebid_counter)
    if rebid_counter is not None and rebid_total == answer_total:
        if notes is not None:
            notes.clauses += (C.TIE_SECOND,)
            notes.facts += (
                _("the offers tied twice; both offers go back and the challenger takes the animals for nothing"),
            )
        return "challenger", count, (), (), 2
    if notes is not None:
        notes.facts += (_("the first offers tied at {total} and went back; the rebid decides").format(total=offered),)
    return _settle(edition, rebid, rebid_counter, rebid_total > answer_total, count, 1, notes)


@dataclass(frozen=True)
class TradeOption:
    defender: str
    animal: str
    count: int


ORDER: dict[str, int] = {animal.id: index for index, animal in enumerate(ANIMALS)}


def _open(cards: Mapping[str, int]) -> list[str]:
    """The animals of which ``cards`` holds some but not all, in the order of ANIMALS."""
    return sorted((animal for animal, held in cards.items() if 0 < held < CARDS_PER_ANIMAL), key=ORDER.__getitem__)


def options_for(player: str, holdings: Holdings) -> list[TradeOption]:
    """Every challenge ``player`` may make: a shared animal that neither holds completely."""
    mine = holdings.get(player, {})
    options = []
    for animal in _open(mine):
        have = mine[animal]
        for other, theirs in holdings.items():
            held = theirs.get(animal, 0)
            if other != player and 0 < held < CARDS_PER_ANIMAL:
                options.append(TradeOption(other, animal, cards_at_stake(have, held)))
    return options
