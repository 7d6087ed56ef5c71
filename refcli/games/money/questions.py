"""Money!'s questions at the table (``refcli.model.questions``): the bids revealed, player by player."""

from __future__ import annotations

from typing import Any

from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Script


def three_to_five(value: Any, given: Answers) -> str | None:
    if isinstance(value, list) and not 3 <= len(value) <= 5:
        return _("Money! is played by 3 to 5 players; {count} were named.").format(count=len(value))
    if isinstance(value, list) and len(set(value)) != len(value):
        return _("Each player is named once.")
    return None


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
        Ask(N_("Who offers, in seating order (e.g. Ana, Ben, Cid, Dora)?"), "_players", check=three_to_five),
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

SCRIPTS = {"bids": BIDS}
