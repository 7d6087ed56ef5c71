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


BIDS = Script(
    (
        Ask(N_("Who offers, in seating order (e.g. Ana, Ben, Cid, Dora)?"), "_players", check=three_to_five),
        Ask(
            N_("{player}'s offer (cards, commas between, e.g. euro 30 #12, bluff)?"),
            "offer.{index}.cards",
            each="_players",
            sets=("offer.{index}.player",),
        ),
        Ask(N_("Is it the final round, the draw pile exhausted (y or n)?"), "final_round", extra=N_("the final round")),
    ),
)

SCRIPTS = {"bids": BIDS}
