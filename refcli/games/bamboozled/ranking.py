"""Bamboozled scores and their ranking (document 002 "Valores de los dados", register B1). Pure.

A score is two digits 1-6 written in the order declared: 43 and 34 are
different claims, and so are 12 (the lowest) and 21 (the jackpot, highest).
Low to high: 12; the other non-doubles by their number; the doubles 11 … 66;
21.
"""

from __future__ import annotations

from functools import cache

DIE_FACES = range(1, 7)
ROLLS = 36  # ordered outcomes of two dice
JACKPOT = "21"
LOWEST = "12"


def is_score(text: str) -> bool:
    return text in SCORES


@cache
def ladder() -> tuple[str, ...]:
    """Every declarable score, lowest first."""
    non_doubles = sorted(
        f"{a}{b}" for a in DIE_FACES for b in DIE_FACES if a != b and f"{a}{b}" not in (LOWEST, JACKPOT)
    )
    doubles = [f"{d}{d}" for d in DIE_FACES]
    return (LOWEST, *non_doubles, *doubles, JACKPOT)


RANK: dict[str, int] = {score: index + 1 for index, score in enumerate(ladder())}  # 1 for 12 … 36 for 21
SCORES = frozenset(RANK)


def rank(score: str) -> int:
    """1 for 12, 36 for the jackpot; raises ValueError for a non-score."""
    try:
        return RANK[score]
    except KeyError:
        raise ValueError(score) from None


def ties_or_beats(declared: str, to_beat: str | None) -> bool:
    """B2: a declaration must tie or beat the score to beat (None or "0" at a round start)."""
    return not to_beat or to_beat == "0" or RANK[declared] >= RANK[to_beat]


def readings(die_a: int, die_b: int) -> set[str]:
    """The scores two dice can honestly be declared as (either order)."""
    return {f"{die_a}{die_b}", f"{die_b}{die_a}"}


def best_reading(die_a: int, die_b: int) -> str:
    return max(readings(die_a, die_b), key=rank)


@cache
def ways(score: str) -> int:
    """How many of the 36 rolls can honestly tie or beat ``score``, best ordering chosen."""
    target = rank(score)
    return sum(rank(best_reading(a, b)) >= target for a in DIE_FACES for b in DIE_FACES)


def card_readings(die_a: int, die_b: int, card: str) -> set[str]:
    """Scores an after-roll card lets the roller declare truthfully (002, section A)."""
    if card == "jackpot":
        return {JACKPOT}
    if card == "double":
        return {f"{die_a}{die_a}", f"{die_b}{die_b}"}
    if card == "up-down":
        changed = set()
        for delta in (-1, 1):
            for a, b in ((die_a + delta, die_b), (die_a, die_b + delta)):
                if a in DIE_FACES and b in DIE_FACES:
                    changed |= readings(a, b)
        return changed
    raise ValueError(card)
