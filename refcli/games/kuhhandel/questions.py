"""Kuhhandel's questions at the table (``refcli.model.questions``): every situation, as it happens."""

from __future__ import annotations

from typing import Any

from refcli.games.kuhhandel.final_questions import TITLE
from refcli.games.seating import seating
from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Script


def offer_total(value: Any) -> int:
    return sum(v for v in value if isinstance(v, int)) if isinstance(value, list) else 0


def equal_offers(given: Answers) -> bool:
    """Only after equal offers does the challenger offer again (a defender who accepts made no offer)."""
    if "defender.offer" not in given:
        return False
    return offer_total(given.get("challenger.offer")) == offer_total(given.get("defender.offer"))


def not_the_challenger(value: Any, given: Answers) -> str | None:
    if value == given.get("challenger.name"):
        return _("{name} cannot challenge themselves: name the other player.").format(name=value)
    return None


def real_money(value: Any, given: Answers) -> str | None:
    """Money cards come in six values only."""
    from refcli.games.kuhhandel.money import VALUES

    wrong = [card for card in value if isinstance(card, int) and card not in VALUES] if isinstance(value, list) else []
    if wrong:
        return _("There is no money card of {value}: the cards are 0, 10, 50, 100, 200 and 500.").format(value=wrong[0])
    return None


def cow_trade_facts(given: Answers) -> dict[str, Any]:
    return {"challenger": given.get("challenger.name", ""), "defender": given.get("defender.name", "")}


COW_TRADE = Script(
    (
        Ask(N_("Who challenges (e.g. Ana)?"), "challenger.name"),
        Ask(N_("Whom does {challenger} challenge (e.g. Ben)?"), "defender.name", check=not_the_challenger),
        Ask(N_("Which animal (e.g. cat)?"), "animal"),
        Ask(
            N_("How many cards of it does each hold (e.g. 2, or 2 1: {challenger} first)?"),
            "challenger.holds",
            spread=("defender.holds",),
        ),
        Ask(N_("{challenger}'s offer (money cards, e.g. 50 10 0)?"), "challenger.offer", check=real_money),
        Ask(
            N_("{defender}'s answer: their money cards (e.g. 10 10 10), or Enter to accept?"),
            "defender.offer",
            optional=True,
            check=real_money,
        ),
        Ask(
            N_("Equal offers: {challenger}'s new offer (money cards, e.g. 50)?"),
            "rebid.challenger",
            when=equal_offers,
            check=real_money,
        ),
        Ask(
            N_("{defender}'s new answer: their money cards, or Enter to accept?"),
            "rebid.defender",
            when=equal_offers,
            optional=True,
            check=real_money,
        ),
        Ask(N_("The seating order (e.g. Ana, Ben, Cid)?"), "players", extra=N_("the seating order")),
        Ask(N_("How many donkeys have turned up so far (e.g. 1)?"), "donkeys_before", extra=N_("donkeys so far")),
        Ask(N_("Which edition (1 or 2)?"), "edition", extra=N_("the edition")),
    ),
    cow_trade_facts,
)


def bidders(given: Answers) -> list[str]:
    bids = given.get("bids") or []
    return [str(bid[0]) for bid in bids if isinstance(bid, list) and bid]


def seats_from_bids(given: Answers) -> list[str] | None:
    """The players are the auctioneer and the bidders, when that makes a table (3 or more)."""
    seats = list(dict.fromkeys([str(given.get("auctioneer", "")), *bidders(given)]))
    return seats if len(seats) >= 3 else None


def rising(value: Any, given: Answers) -> str | None:
    """A bid must rise above the one before and may not be the auctioneer's."""
    previous = 0
    for bid in value if isinstance(value, list) else []:
        if not (isinstance(bid, list) and len(bid) == 2 and isinstance(bid[1], int)):
            continue
        if bid[0] == given.get("auctioneer"):
            return _("{name} is the auctioneer and may not bid.").format(name=bid[0])
        if bid[1] <= previous:
            return _("{name}'s {amount} does not rise above {previous}: give the bids in the order made.").format(
                name=bid[0], amount=bid[1], previous=previous
            )
        previous = bid[1]
    return None


def auction_facts(given: Answers) -> dict[str, Any]:
    bids = given.get("bids") or []
    top = bids[-1] if bids and isinstance(bids[-1], list) and len(bids[-1]) == 2 else ["", 0]
    payer = given.get("auctioneer", "") if given.get("buyback") else top[0]
    return {"auctioneer": given.get("auctioneer", ""), "payer": payer, "amount": top[1]}


AUCTION = Script(
    (
        Ask(N_("Who is the auctioneer, who turned the card up (e.g. Ana)?"), "auctioneer"),
        Ask(N_("Which animal (e.g. cow)?"), "animal"),
        Ask(N_("The bids, in the order made (e.g. Ben 30, Cid 40), or Enter for none?"), "bids", check=rising),
        Ask(
            N_("Does {auctioneer} buy it back (y, or Enter for no)?"),
            "buyback",
            when=lambda given: bool(given.get("bids")),
            optional=True,
        ),
        Ask(N_("Who sits at the table, in seating order (e.g. Ana, Ben, Cid)?"), "players", derive=seats_from_bids),
        Ask(
            N_("{payer}'s money cards, to check the {amount} can be paid (e.g. 10 10 50), or Enter to skip?"),
            "money.{payer}",
            when=lambda given: bool(given.get("bids")),
            optional=True,
            check=real_money,
        ),
        Ask(N_("How many donkeys have turned up so far (e.g. 1)?"), "donkeys_before", extra=N_("donkeys so far")),
        Ask(
            N_("Who could not pay, the auction run again without them (e.g. Cid)?"),
            "rerun_without",
            extra=N_("a rerun"),
        ),
        Ask(N_("Which edition (1 or 2)?"), "edition", extra=N_("the edition")),
    ),
    auction_facts,
)


def held_so_far(given: Answers) -> dict[str, int]:
    """Animal id → cards of it in the holdings answered so far."""
    from refcli.games.kuhhandel.components import animal_id

    held: dict[str, int] = {}
    for key, cards in given.items():
        if key.startswith("holdings.") and isinstance(cards, dict):
            for name, count in cards.items():
                animal = animal_id(str(name)) or str(name)
                held[animal] = held.get(animal, 0) + (count if isinstance(count, int) else 0)
    return held


def cards_that_fit(value: Any, given: Answers) -> str | None:
    """Four cards of each animal, forty in all with the deck: a player's cards must fit with those named before."""
    from refcli.games.kuhhandel.components import CARDS_PER_ANIMAL, TOTAL_CARDS
    from refcli.games.kuhhandel.names import animal as animal_name

    if not isinstance(value, dict):
        return None
    held = held_so_far({**given, "holdings.": value})
    for animal, count in held.items():
        if count > CARDS_PER_ANIMAL:
            return _("There are only four {animal} cards, and {count} are named so far.").format(
                animal=animal_name(animal), count=count
            )
    deck = given.get("deck")
    if isinstance(deck, int) and sum(held.values()) + deck > TOTAL_CARDS:
        return _("{held} cards held and {deck} in the deck make more than the game's {total}.").format(
            held=sum(held.values()), deck=deck, total=TOTAL_CARDS
        )
    return None


TRADE_OPTIONS = Script(
    (
        Ask(
            N_("Who sits at the table, in seating order (e.g. Ana, Ben, Cid)?"), "_players", check=seating(TITLE, 3, 5)
        ),
        Ask(N_("Whose turn is it (e.g. Ana)?"), "player"),
        Ask(N_("How many animal cards are left in the deck (e.g. 0)?"), "deck"),
        Ask(
            N_("{player}'s animal cards (e.g. cat 2, pig 4), or Enter for none?"),
            "holdings.{player}",
            each="_players",
            check=cards_that_fit,
        ),
    ),
)


def fewer_than_four(value: Any, given: Answers) -> str | None:
    """The game has four donkeys: at most three turned up before this one."""
    if isinstance(value, int) and value > 3:
        return _("The game has four donkeys: at most 3 turned up before this one, not {count}.").format(count=value)
    return None


def real_money_each(value: Any, given: Answers) -> str | None:
    """Every player's money cards are of the six values."""
    for cards in value.values() if isinstance(value, dict) else ():
        why = real_money(cards, given)
        if why:
            return why
    return None


DONKEY = Script(
    (
        Ask(N_("Who sits at the table, in seating order (e.g. Ana, Ben, Cid)?"), "players"),
        Ask(N_("Who turned the donkey up (e.g. Ben)?"), "auctioneer"),
        Ask(N_("How many donkeys turned up before this one (e.g. 0)?"), "donkeys_before", check=fewer_than_four),
        Ask(
            N_("The money cards each player holds now (e.g. Ben=0 0 10 50, Cid=10 10)?"),
            "money",
            extra=N_("money now"),
            check=real_money_each,
        ),
    ),
)

SCRIPTS = {"cow-trade": COW_TRADE, "auction": AUCTION, "trade-options": TRADE_OPTIONS, "donkey": DONKEY}
