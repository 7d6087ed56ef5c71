"""What the game's ids are called in the language of the run: cards, directions, actions, kinds of score.

JSON and TOML keep the English ids (``"my-bad"``, ``"counterclockwise"``);
free text names them in the reader's language. English free text has always
written a card by its id ("Ben may play reverse"), so the English msgid is the
id itself and Spanish gives rulebook 002's name ("Inversa", "Mi mal").
"""

from __future__ import annotations

from collections.abc import Iterable

from refcli.language.i18n import N_, _

# TRANSLATORS: the action cards of rulebook 002, named as its headings name them.
CARD_NAMES = {
    "jackpot": N_("jackpot"),
    "double": N_("double"),
    "up-down": N_("up-down"),
    "new-start": N_("new-start"),
    "reverse": N_("reverse"),
    "my-bad": N_("my-bad"),
    "skip": N_("skip"),
    "revive": N_("revive"),
}

DIRECTION_NAMES = {"clockwise": N_("clockwise"), "counterclockwise": N_("counterclockwise")}

# When a card is played (a card ruling's ``moment``), as a sentence says it: "not after rolling".
MOMENT_NAMES = {
    "before-roll": N_("before rolling"),
    "after-roll": N_("after rolling"),
    "after-call": N_("after calling a bluff"),
    "final-strike": N_("at the final strike"),
}

# What the player named in ``next_to_act`` must do (a card ruling's ``action``).
ACTION_NAMES = {
    "roll": N_("roll"),
    "accept or call": N_("accept or call"),
    "roll on own score": N_("roll on own score"),
    "call": N_("call"),
    "declare": N_("declare"),
}


def card_name(card: str) -> str:
    """An action card as free text names it (its id in English, rulebook 002's name in Spanish)."""
    known = CARD_NAMES.get(card)
    return _(known) if known is not None else card


def card_names(cards: Iterable[str]) -> str:
    """Cards listed in free text: ``Doble, Mi mal`` (empty when there are none)."""
    return ", ".join(card_name(card) for card in cards)


def direction_name(direction: str) -> str:
    known = DIRECTION_NAMES.get(direction)
    return _(known) if known is not None else direction


def moment_name(moment: str) -> str:
    known = MOMENT_NAMES.get(moment)
    return _(known) if known is not None else moment


def action_name(action: str) -> str:
    known = ACTION_NAMES.get(action)
    return _(known) if known is not None else action


def or_nobody(names: list[str]) -> str:
    """``Ben, Cid``, or ``nobody``."""
    return ", ".join(names) if names else _("nobody")
