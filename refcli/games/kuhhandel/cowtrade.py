"""Kuhhandel cow trades: who may challenge whom, and how a trade ends. Pure: no I/O.

000 "Acción 2", "Especial comercio de vacas", "No más cartas de animales";
001 "Kuhhandel"; register K3 (ties), K4 (cards at stake), K5 (zero cards),
K6 (edition-1 money), K14 (who is skipped once the deck is empty).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

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


class TradeResult(NamedTuple):  # a tuple: built for every cow trade a replay applies, so built cheaply
    winner: str | None  # "challenger" | "defender" | None when a rebid is needed
    cards: int  # cards of the animal at stake (K4)
    to_challenger: tuple[int, ...]  # money cards the challenger receives from the defender
    to_defender: tuple[int, ...]  # money cards the defender receives from the challenger
    ties: int
    clauses: tuple[str, ...]
    facts: tuple[str, ...]


def _handed(cards: Sequence[int], edition: int) -> tuple[int, ...]:
    """K5: edition 1 returns 0-cards to their owner once the offers are seen."""
    return tuple(cards) if edition == 2 else tuple(filter(None, cards))  # the cards that are not 0


def _settle(
    edition: int,
    offer: Sequence[int],
    counter: Sequence[int] | None,
    count: int,
    ties: int,
    clauses: list[str] | None,
    facts: list[str],
) -> TradeResult:
    """One round of offers: accept, or compare offer and counter (no tie). ``clauses``: None when not explaining."""
    explained = () if clauses is None else tuple(clauses)
    if counter is None:
        if clauses is not None:
            explained += (C.COW_TRADE_ACCEPT,)
            if 0 in offer:  # K5: edition 2 hands 0-cards over, edition 1 returns them
                explained += (C.ZERO_CARDS,)
        return TradeResult("challenger", count, (), _handed(offer, edition), ties, explained, tuple(facts))
    if clauses is not None:
        explained += (C.COW_TRADE_COUNTER, C.COW_TRADE_HIGHER_WINS)
    winner = "challenger" if sum(offer) > sum(counter) else "defender"
    if edition == 2:
        if clauses is not None:
            explained += (C.COW_TRADE_KEEP_MONEY,)
            if 0 in offer or 0 in counter:
                explained += (C.ZERO_CARDS,)
        return TradeResult(winner, count, tuple(counter), tuple(offer), ties, explained, tuple(facts))
    # K6: the higher offer is paid to the other player, whose own offer goes back.
    if clauses is not None:
        explained += (C.EDITION1_COW_TRADE, C.EDITION1_COUNTER)
        if 0 in offer or 0 in counter:
            explained += (C.ZERO_CARDS_EDITION1, C.ZERO_CARDS)
    if winner == "challenger":
        return TradeResult(winner, count, (), _handed(offer, 1), ties, explained, tuple(facts))
    return TradeResult(winner, count, _handed(counter, 1), (), ties, explained, tuple(facts))


def resolve_trade(
    edition: int,
    challenger_holds: int,
    defender_holds: int,
    offer: Sequence[int],
    counter: Sequence[int] | None,
    rebid: Sequence[int] | None = None,
    rebid_counter: Sequence[int] | None = None,
    rebid_given: bool = False,
    explain: bool = True,
) -> TradeResult:
    """The end of a trade: offer, then accept or counter; after a tie, one rebid (K3).

    ``rebid_given`` says whether the record or situation has a rebid at all
    (a rebid of no cards is still a rebid). ``explain``: write the clauses
    applied and the facts the ruling assumed (a replay, which shows neither,
    leaves them empty: it resolves every cow trade of a record).
    """
    count = cards_at_stake(challenger_holds, defender_holds)
    clauses: list[str] | None = None
    facts: list[str] = []
    if explain:
        clauses = [C.COW_TRADE_WHEN, C.COW_TRADE_BLUFF]
        clauses += [C.PAIRS_BOTH_TWO, C.CARDS_AT_STAKE] if count == 2 else [C.PAIRS_ONE_CARD, C.CARDS_AT_STAKE]
        facts.append(
            ngettext(
                "{count} card at stake (challenger holds {challenger_holds}, defender {defender_holds})",
                "{count} cards at stake (challenger holds {challenger_holds}, defender {defender_holds})",
                count,
            ).format(count=count, challenger_holds=challenger_holds, defender_holds=defender_holds)
        )
    tied = counter is not None and sum(offer) == sum(counter)
    if not tied:
        if rebid_given:
            raise RuleBroken(_("a rebid comes only after equal offers, and these offers differ"), C.TIE_REOFFER)
        return _settle(edition, offer, counter, count, 0, clauses, facts)
    if clauses is not None:
        clauses += [C.TIE_REOFFER, C.TIE_PROCEDURE]
    if not rebid_given:
        if explain:
            facts.append(
                _("the offers tied at {total}; both go back and the challenger must offer again").format(
                    total=sum(offer)
                )
            )
        return TradeResult(None, count, (), (), 1, tuple(clauses or ()), tuple(facts))
    rebid = rebid or ()
    if rebid_counter is not None and sum(rebid) == sum(rebid_counter):
        if clauses is not None:
            clauses.append(C.TIE_SECOND)
        if explain:
            facts.append(
                _("the offers tied twice; both offers go back and the challenger takes the animals for nothing")
            )
        return TradeResult("challenger", count, (), (), 2, tuple(clauses or ()), tuple(facts))
    if explain:
        facts.append(_("the first offers tied at {total} and went back; the rebid decides").format(total=sum(offer)))
    return _settle(edition, rebid, rebid_counter, count, 1, clauses, facts)


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
