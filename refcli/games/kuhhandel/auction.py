"""Resolving one Kuhhandel auction. Pure: no I/O.

000 "Acción 1: Subasta", "Ningún cambio", "El jugador no puede pagar" and
"El burro"; register K2 (donkey payout to everyone), K7 (buy right needs the
money), K12 (which cards pay), K13 (only the bid that must be paid is checked).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from refcli.errors import RuleBroken
from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.money import DONKEY_PAYOUTS, Payment, choose_payment


@dataclass(frozen=True)
class AuctionResult:
    animal_to: str | None
    price: int
    payer: str | None
    payee: str | None
    payment: Payment | None  # when the payer's money is known
    donkey_payout: int | None
    repeat_without: tuple[str, ...]
    clauses: tuple[str, ...]
    facts: tuple[str, ...]


def donkey_payout(donkeys_before: int) -> int:
    """The card every player receives when the (donkeys_before + 1)-th donkey turns up."""
    if not 0 <= donkeys_before < len(DONKEY_PAYOUTS):
        raise RuleBroken(f"there are only four donkeys; {donkeys_before} have turned up already", C.COMPONENTS_CARDS)
    return DONKEY_PAYOUTS[donkeys_before]


def check_bids(players: Sequence[str], auctioneer: str, bids: Sequence[tuple[str, int]]) -> None:
    """Bids come from other players and each is higher than the one before."""
    previous = 0
    for number, (bidder, amount) in enumerate(bids, 1):
        if bidder == auctioneer:
            raise RuleBroken(
                f"bid {number}: {auctioneer} is the auctioneer and may not bid", C.AUCTION_AUCTIONEER_NO_BID
            )
        if bidder not in players:
            raise RuleBroken(f"bid {number}: {bidder} is not one of the players", C.TURN_ACTIONS)
        if amount <= previous:
            raise RuleBroken(
                f"bid {number}: {bidder} bids {amount}, which does not rise above {previous}", C.AUCTION_RISING
            )
        previous = amount


def resolve_auction(
    *,
    players: Sequence[str],
    auctioneer: str,
    animal: str,
    bids: Sequence[tuple[str, int]],
    buyback: bool,
    donkeys_before: int,
    money: Mapping[str, Sequence[int]],
) -> AuctionResult:
    """Who gets the animal, who pays whom, and with which cards.

    ``money`` holds the cards of the players whose money is known, before any
    donkey payout; players missing from it are not checked.
    """
    if auctioneer not in players:
        raise RuleBroken(f"the auctioneer {auctioneer} is not one of the players", C.AUCTION_REVEAL)
    check_bids(players, auctioneer, bids)
    clauses: list[str] = [C.AUCTION_REVEAL, C.AUCTION_RISING]
    facts: list[str] = ["the bids are listed in the order they were made"]
    payout = None
    hands = {name: list(cards) for name, cards in money.items()}
    if animal == "donkey":
        payout = donkey_payout(donkeys_before)
        for hand in hands.values():
            hand.append(payout)
        clauses += [C.DONKEY_INTERRUPT, C.DONKEY_PAYOUTS, C.DONKEY_TO_EVERYONE]
        facts.append(f"donkey number {donkeys_before + 1}: every player, the auctioneer too, first receives {payout}")
    if not bids:
        if buyback:
            raise RuleBroken("nobody bid, so there is no highest bid for the auctioneer to match", C.AUCTION_BUY_RIGHT)
        clauses.append(C.AUCTION_NO_BIDS)
        return AuctionResult(auctioneer, 0, None, None, None, payout, (), tuple(clauses), tuple(facts))

    bidder, price = bids[-1]
    payer, payee, animal_to = (auctioneer, bidder, auctioneer) if buyback else (bidder, auctioneer, bidder)
    clauses += [C.AUCTION_SOLD, C.AUCTION_PAY]
    if buyback:
        clauses.append(C.AUCTION_BUY_RIGHT)
    payment = None
    if payer in hands:
        payment = choose_payment(price, hands[payer])
        if payment is None:
            if buyback:  # K7: the buy right needs the money to match the bid
                raise RuleBroken(
                    f"{auctioneer} holds {sum(hands[payer])} and cannot pay {price}, so cannot use the buy right (K7)",
                    C.BUY_RIGHT_NEEDS_MONEY,
                )
            clauses += [C.CANNOT_PAY, C.ONLY_WINNING_BID_CHECKED]
            facts.append(f"{bidder} holds {sum(hands[payer])} in money cards")
            return AuctionResult(None, price, None, None, None, payout, (bidder,), tuple(clauses), tuple(facts))
        clauses += [C.NO_CHANGE, C.NO_CHANGE_001, C.PAYMENT_CHOICE]
    else:
        facts.append(f"{payer}'s money is not given, so the payment is not checked")
    return AuctionResult(animal_to, price, payer, payee, payment, payout, (), tuple(clauses), tuple(facts))
