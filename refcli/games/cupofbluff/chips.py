"""Cup of Bluff chips, their points, and the odds of each sum on three dice (004 "Puntuación"). Pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from refcli.errors import RuleBroken
from refcli.games.cupofbluff import clauses as C

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


def check_dice(dice: Sequence[int]) -> None:
    if len(dice) != 3 or any(not 1 <= die <= 6 for die in dice):
        raise RuleBroken(f"a roll is three dice showing 1 to 6, not {list(dice)}", C.COMPONENTS)


def has_doubles(dice: Sequence[int]) -> bool:
    """C1: at least two of the three dice show the same number."""
    return len(set(dice)) < len(dice)


def check_holdings(chips: Mapping[str, Iterable[int]]) -> None:
    """Every chip is 3-18 and in at most one place."""
    seen: dict[int, str] = {}
    for name, held in chips.items():
        for chip in held:
            if chip not in POINTS:
                raise RuleBroken(f"there is no chip {chip}: the chips are 3 to 18", C.COMPONENTS)
            if chip in seen:
                raise RuleBroken(
                    f"chip {chip} is in front of {seen[chip]} and {name}: there is one of each", C.COMPONENTS
                )
            seen[chip] = name


def centre(chips: Mapping[str, Iterable[int]]) -> list[int]:
    held = {chip for pile in chips.values() for chip in pile}
    return [chip for chip in CHIPS if chip not in held]


def points_of(chips: Iterable[int]) -> int:
    return sum(POINTS[chip] for chip in chips)


@dataclass(frozen=True)
class CallResult:
    truth: bool
    fooled: bool
    chip: int
    chip_to: str
    chip_from: str  # "centre" or a player's name
    must_give: bool
    clauses: tuple[str, ...]


def resolve_call(
    *, caller: str, target: str, called: int, dice: Sequence[int], answer: str, chips: Mapping[str, Sequence[int]]
) -> CallResult:
    """Who scores the chip called (004 "Puntaje el Chip"; register C3, C5, C6)."""
    check_dice(dice)
    if caller == target:
        raise RuleBroken(f"{caller} cannot target themselves: the target is an opponent", C.TARGET_ANY)
    if called not in POINTS:
        raise RuleBroken(f"there is no chip {called}: call a number from 3 to 18", C.CALL_OWN_CHIP)
    holder = next((name for name, held in chips.items() if called in held), None)
    if holder == caller:
        raise RuleBroken(
            f"{caller} already scored chip {called}: call a chip you want, not one you hold", C.CALL_OWN_CHIP
        )
    if holder is not None and holder != target:
        raise RuleBroken(f"chip {called} is in front of {holder}, so {holder} must be the target", C.TARGET_MUST)
    truth = sum(dice) == called
    fooled = truth == (answer == "bluff")
    clauses = [C.TURN_STEPS, C.CALL_ANY, C.CALL_OWN_CHIP, C.ANSWER, C.REVEAL, C.CHIP_AT_STAKE]
    if holder is not None:
        clauses.append(C.TARGET_MUST)
    clauses.append(C.SCORE_FOOLED if fooled else C.SCORE_NOT_FOOLED)
    must_give = holder == target and not fooled and bool(chips.get(caller))
    if holder is not None:
        clauses += [C.KEEP_OR_MOVE]
        if not fooled:
            clauses += [C.SCORE_EXCEPTION, C.EXCEPTION]
    chip_to = caller if fooled else target
    return CallResult(truth, fooled, called, chip_to, holder or "centre", must_give, tuple(clauses))


@dataclass(frozen=True)
class ExchangeResult:
    points: int
    choices: tuple[int, ...]
    clauses: tuple[str, ...]


def resolve_exchange(
    *, player: str, dice: Sequence[int], returns: Sequence[int], chips: Mapping[str, Sequence[int]]
) -> ExchangeResult:
    """C1, C2: with doubles, hand back two or more chips for one worth their combined points."""
    check_dice(dice)
    if not has_doubles(dice):
        raise RuleBroken(f"{list(dice)} has no doubles (two dice alike), so no exchange", C.DOUBLES)
    if len(returns) < 2:
        raise RuleBroken("an exchange hands back two or more chips", C.EXCHANGE)
    held = list(chips.get(player, ()))
    for chip in returns:
        if chip not in held:
            raise RuleBroken(f"{player} does not hold chip {chip}", C.DOUBLES_EXCHANGE)
        held.remove(chip)
    points = points_of(returns)
    choices = tuple(chip for chip in centre(chips) if POINTS[chip] == points)
    if not choices:
        raise RuleBroken(f"no chip worth {points} points is in the centre, so the exchange cannot be made", C.EXCHANGE)
    return ExchangeResult(
        points, choices, (C.DOUBLES_OPTION, C.DOUBLES, C.DOUBLES_EXCHANGE, C.EXCHANGE, C.DOUBLES_PASS)
    )


@dataclass(frozen=True)
class Standing:
    name: str
    points: int
    chips: int
    rank: int


def standings(chips: Mapping[str, Sequence[int]]) -> list[Standing]:
    """Most points first; equal points: fewer chips ranks higher (C4); still equal: shared."""
    keys = {name: (points_of(held), -len(held)) for name, held in chips.items()}
    return [
        Standing(name, keys[name][0], -keys[name][1], 1 + sum(other > keys[name] for other in keys.values()))
        for name in chips
    ]


def is_over(chips: Mapping[str, Sequence[int]], target: int) -> tuple[bool, str]:
    """(over, why): the centre is empty, or (variant) someone reached the target points."""
    if target and any(points_of(held) >= target for held in chips.values()):
        return True, f"a player reached the agreed {target} points"
    if not centre(chips):
        return True, "the last chip has been taken from the centre"
    return False, f"{len(centre(chips))} chips are still in the centre"
