"""The pieces of a Bamboozled round: the action cards, the dice, what a declaration must be. Pure.

Document 002 "Componentes", "Como se Juega", "Tarjetas de acción"; register
B2, B3, B7. The moves themselves are the rules engine's (``engine.step``).
"""

from __future__ import annotations

from collections.abc import Sequence

from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled.ranking import card_readings, readings
from refcli.language.i18n import _
from refcli.model.errors import RuleBroken

AFTER_ROLL_CARDS = ("jackpot", "double", "up-down")
BEFORE_ROLL_CARDS = ("new-start", "reverse", "my-bad", "skip", "revive")
SUPPLY: dict[str, int] = {
    "jackpot": 1,
    "double": 2,
    "up-down": 3,
    "new-start": 4,
    "reverse": 4,
    "my-bad": 4,
    "skip": 4,
    "revive": 4,
}
HAND_LIMIT = 2
STRIKE_CARDS = 16


def check_dice(rolled: Sequence[int]) -> None:
    if len(rolled) != 2 or any(not 1 <= die <= 6 for die in rolled):
        raise RuleBroken(_("a roll is two dice showing 1 to 6, not {dice}").format(dice=list(rolled)), C.COMPONENTS)


def truth(declared: str, rolled: Sequence[int], card: str | None) -> tuple[bool, bool]:
    """(true with the dice alone, true only thanks to the after-roll card)."""
    honest = declared in readings(rolled[0], rolled[1])
    carded = bool(card) and not honest and declared in card_readings(rolled[0], rolled[1], card or "")
    return honest, carded
