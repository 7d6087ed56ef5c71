"""Cup of Bluff chips, their points, and the odds of each sum on three dice (004 "Puntuación"). Pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import product
from typing import NamedTuple

from refcli.games.cupofbluff import clauses as C
from refcli.language.i18n import _
from refcli.model.errors import RuleBroken

CHIPS: tuple[int, ...] = tuple(range(3, 19))
DICE_OUTCOMES = 216
POINTS: dict[int, int] = {
    3: 5,
    18: 5,
    4: 4,
    17: 4,
    5: 3,
    6: 3,
    15: 3,
    16: 3,
    7: 2,
    8: 2,
    13: 2,
    14: 2,
    9: 1,
    10: 1,
    11: 1,
    12: 1,
}


def points_clause(chip: int) -> str:
    return {5: C.POINTS[0], 4: C.POINTS[1], 3: C.POINTS[2], 2: C.POINTS[3], 1: C.POINTS[4]}[POINTS[chip]]


@cache
def ways() -> dict[int, int]:
    """How many of the 216 rolls of three dice sum to each chip's number."""
    counted = Counter(sum(roll) for roll in product(range(1, 7), repeat=3))
    return {chip: counted[chip] for chip in CHIPS}


def has_doubles(dice: Sequence[int]) -> bool:
    """C1: at least two of the three dice show the same number."""
    return len(set(dice)) < len(dice)


def check_holdings(chips: Mapping[str, Iterable[int]]) -> None:
    """Every chip is 3-18 and in at most one place."""
    seen: dict[int, str] = {}
    for name, held in chips.items():
        for chip in held:
            if chip not in POINTS:
                raise RuleBroken(_("there is no chip {chip}: the chips are 3 to 18").format(chip=chip), C.COMPONENTS)
            if chip in seen:
                raise RuleBroken(
                    _("chip {chip} is in front of {first} and {second}: there is one of each").format(
                        chip=chip, first=seen[chip], second=name
                    ),
                    C.COMPONENTS,
                )
            seen[chip] = name


def centre(chips: Mapping[str, Iterable[int]]) -> list[int]:
    held = {chip for pile in chips.values() for chip in pile}
    return [chip for chip in CHIPS if chip not in held]


def points_of(chips: Iterable[int]) -> int:
    return sum(map(POINTS.__getitem__, chips))  # no generator: every replayed record ranks its players


class Standing(NamedTuple):
    name: str
    points: int
    chips: int
    rank: int


# Every replayed record ranks its players: ``tuple.__new__`` with the fields in order skips the NamedTuple's own
# ``__new__``, a Python function (it only adds defaults, and Standing has none).
_new = tuple.__new__


def standings(chips: Mapping[str, Sequence[int]], points: Mapping[str, int] | None = None) -> list[Standing]:
    """Each player's points, chips and rank, in the order given (C4); ``points``: each one's, if already counted.

    Most points rank first; equal points: fewer chips ranks higher; still equal: the rank is shared.
    """
    if points is None:
        keys = [(points_of(held), -len(held)) for held in chips.values()]
    else:
        keys = [(points[name], -len(held)) for name, held in chips.items()]
    best_first = sorted(keys, reverse=True)
    # a player's rank is 1 + how many rank strictly higher: the place of their key's first copy, best first
    return [
        _new(Standing, (name, points, -fewer, best_first.index((points, fewer)) + 1))
        for name, (points, fewer) in zip(chips, keys)
    ]
