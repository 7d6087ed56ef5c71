"""Checks on one Kuhhandel auction that need no state. Pure: no I/O.

000 "Acción 1: Subasta" and "El burro". The auction itself is resolved by
the rules engine (``engine.step``), for rulings and replays alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.money import DONKEY_PAYOUTS
from refcli.language.i18n import _
from refcli.model.errors import RuleBroken


def donkey_payout(donkeys_before: int) -> int:
    """The card every player receives when the (donkeys_before + 1)-th donkey turns up."""
    if not 0 <= donkeys_before < len(DONKEY_PAYOUTS):
        raise RuleBroken(
            _("there are only four donkeys; {count} have turned up already").format(count=donkeys_before),
            C.COMPONENTS_CARDS,
        )
    return DONKEY_PAYOUTS[donkeys_before]


def check_bids(players: Sequence[str], auctioneer: str, bids: Sequence[tuple[str, int]]) -> None:
    """Bids come from other players and each is higher than the one before."""
    previous = 0
    for bidder, amount in bids:  # the usual case first, every bid fine: checked without numbering them
        if bidder == auctioneer or bidder not in players or amount <= previous:
            break
        previous = amount
    else:
        return
    previous = 0
    for number, (bidder, amount) in enumerate(bids, 1):
        if bidder == auctioneer:
            raise RuleBroken(
                _("bid {number}: {auctioneer} is the auctioneer and may not bid").format(
                    number=number, auctioneer=auctioneer
                ),
                C.AUCTION_AUCTIONEER_NO_BID,
            )
        if bidder not in players:
            raise RuleBroken(
                _("bid {number}: {bidder} is not one of the players").format(number=number, bidder=bidder),
                C.TURN_ACTIONS,
            )
        if amount <= previous:
            raise RuleBroken(
                _("bid {number}: {bidder} bids {amount}, which does not rise above {previous}").format(
                    number=number, bidder=bidder, amount=amount, previous=previous
                ),
                C.AUCTION_RISING,
            )
        previous = amount
