"""Money!'s questions at the table (``refcli.model.questions``): the bids, an exchange and a refill, as they happen."""

from __future__ import annotations

from typing import Any

from refcli.games.money.final_questions import TITLE
from refcli.games.seating import seating
from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Script


def cards_that_exist(value: Any, given: Answers) -> str | None:
    """The cards offered so far must all fit in the box together (no 35 note, no fourth euro 20)."""
    from refcli.games.money.cards import CardSyntaxError, impossible_cards, parse_card

    offered = [cards for key, cards in given.items() if key.startswith("offer.") and key.endswith(".cards")]
    texts = [card for cards in [*offered, value] if isinstance(cards, list) for card in cards if isinstance(card, str)]
    try:
        problems = impossible_cards(parse_card(text) for text in texts)
    except CardSyntaxError:
        return None  # the format's reader has said what a card looks like
    if problems:
        return _("These cards cannot all exist: {problem}.").format(problem=problems[0])
    return None


BIDS = Script(
    (
        Ask(N_("Who offers, in seating order (e.g. Ana, Ben, Cid, Dora)?"), "_players", check=seating(TITLE, 3, 5)),
        Ask(
            N_("{player}'s offer (cards, commas between, e.g. euro 30 #12, bluff)?"),
            "offer.{index}.cards",
            each="_players",
            sets=("offer.{index}.player",),
            check=cards_that_exist,
        ),
        Ask(N_("Is it the final round, the draw pile exhausted (y or n)?"), "final_round", extra=N_("the final round")),
    ),
)


def offers_given(given: Answers) -> dict[str, list[str]]:
    """Player → the cards of their offer still on the table (an empty offer: the player has acted)."""
    found: dict[str, list[str]] = {}
    for index, player in enumerate(given.get("_players") or [], 1):
        cards = given.get(f"offer.{index}.cards")
        if isinstance(cards, list):
            found[str(player)] = [str(card) for card in cards]
    return found


def who_acted(given: Answers) -> list[str] | None:
    """Those whose offer has left the table have acted this round."""
    acted = [player for player, cards in offers_given(given).items() if not cards]
    return acted or None


def turn_order(given: Answers) -> tuple[str, ...] | None:
    """Who acts, in order, among the offers still on the table; None when the offers cannot say."""
    from refcli.games.money.bidding import NeedSerials, order_offers
    from refcli.games.money.cards import CardSyntaxError, parse_card

    try:
        live = {player: [parse_card(card) for card in cards] for player, cards in offers_given(given).items() if cards}
        return order_offers(live).order
    except (NeedSerials, CardSyntaxError):
        return None


def out_of_turn(given: Answers) -> bool:
    """The player acting is not the first in order: only a swap just made with them would let them act."""
    order = turn_order(given)
    return order is None or not order or order[0] != given.get("player")


def last_to_act(given: Answers) -> bool:
    """Nobody is left to act after the player (a swap hands the turn on): then the final round would end."""
    order = turn_order(given)
    return given.get("action") != "swap" and (order is None or set(order) <= {given.get("player")})


def an_offer_on_the_table(value: Any, given: Answers) -> str | None:
    """A swap takes another player's offer still on the table."""
    if value == given.get("player"):
        return _("{name} cannot swap with themselves: name another player.").format(name=value)
    if isinstance(value, str) and offers_given(given).get(value) == []:
        return _("{name} has acted: their offer has left the table.").format(name=value)
    return None


def exchange_facts(given: Answers) -> dict[str, Any]:
    return {"player": given.get("player", "")}


EXCHANGE = Script(
    (
        Ask(
            N_("Who offered this round, in seating order (e.g. Ana, Ben, Cid)?"), "_players", check=seating(TITLE, 3, 5)
        ),
        Ask(
            N_("{player}'s offer still on the table (e.g. euro 30 #12, coin #5), or Enter if gone?"),
            "offer.{index}.cards",
            each="_players",
            sets=("offer.{index}.player",),
            check=cards_that_exist,
        ),
        Ask(
            N_("Who has acted already this round (e.g. Dora)?"),
            "acted",
            when=lambda given: bool(who_acted(given)),
            derive=who_acted,
        ),
        Ask(N_("Who acts now (e.g. Ben)?"), "player"),
        Ask(N_("What does {player} do: right, left, swap or keep (e.g. swap)?"), "action"),
        Ask(
            N_("Whose offer does {player} take (e.g. Ana)?"),
            "with",
            when=lambda given: given.get("action") == "swap",
            check=an_offer_on_the_table,
        ),
        Ask(
            N_("The cards of the right display (e.g. dollar 60 #33, coin #2)?"),
            "right",
            when=lambda given: given.get("action") == "right",
            check=cards_that_exist,
        ),
        Ask(
            N_("The cards of the left display (e.g. euro 20 #3, coin #19)?"),
            "left",
            when=lambda given: given.get("action") == "left",
            check=cards_that_exist,
        ),
        Ask(N_("Did another player just swap with {player} (y or n)?"), "swapped", when=out_of_turn),
        Ask(N_("Is it the final round, the draw pile exhausted (y or n)?"), "final_round", when=last_to_act),
    ),
    exchange_facts,
)


def size(value: Any) -> int:
    """A display given as a number of cards or as its cards."""
    return len(value) if isinstance(value, list) else value if isinstance(value, int) else 0


def cards_in_the_box(value: Any, given: Answers) -> str | None:
    """The displays and the pile hold no more than the game's notes and coins."""
    from refcli.games.money.formats import ALL_CARDS

    count = size(given.get("right")) + size(given.get("left")) + size(value)
    if count > ALL_CARDS:
        return _("The game has {all} notes and coins, not {count}.").format(all=ALL_CARDS, count=count)
    return None


REFILL = Script(
    (
        Ask(N_("How many cards are in the right display now (e.g. 1)?"), "right", check=cards_that_exist),
        Ask(N_("How many cards are in the left display now (e.g. 3)?"), "left", check=cards_that_exist),
        Ask(N_("How many cards are left in the draw pile (e.g. 3)?"), "pile", check=cards_in_the_box),
    ),
)

SCRIPTS = {"bids": BIDS, "exchange": EXCHANGE, "refill": REFILL}
