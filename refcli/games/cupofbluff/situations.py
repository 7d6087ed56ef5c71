"""Cup of Bluff rulings: ``call`` and ``exchange`` (SPEC.md), and ``end``, each described in ``formats``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refcli.errors import RuleBroken
from refcli.formats import Description, read_table
from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff import formats as F
from refcli.games.cupofbluff.chips import (
    POINTS,
    centre,
    check_holdings,
    is_over,
    resolve_call,
    resolve_exchange,
    standings,
)
from refcli.inputs import Document
from refcli.report import Report
from refcli.rulings import rule_on
from refcli.schema import Table
from refcli.verdict import Verdict

GAME = "cup-of-bluff"


def read_situation(desc: Description, top: Table) -> dict[str, Any]:
    """The values of a situation file (its format: ``desc``); the chips must exist, each in one place."""
    values = read_table(desc, top)
    check_holdings(values["chips"])
    return values


def call(top: Table) -> Verdict:
    values = read_situation(F.CALL, top)
    chips: dict[str, list[int]] = values["chips"]
    caller, target, called = values["caller"], values["target"], values["called"]
    dice: list[int] = values["dice"]
    answer: str = values["answer"]
    result = resolve_call(caller=caller, target=target, called=called, dice=dice, answer=answer, chips=chips)
    outcome = {
        "truth": result.truth,
        "fooled": result.fooled,
        "chip": result.chip,
        "chip_to": result.chip_to,
        "chip_from": result.chip_from,
        "must_give": result.must_give,
        "points": POINTS[result.chip],
    }
    told = "the truth" if result.truth else "a bluff"
    said = f'{caller} called {called} with {" + ".join(map(str, dice))} = {sum(dice)}: {told}; {target} answered "{answer}"'
    if result.fooled:
        where = "from the centre" if result.chip_from == "centre" else f"from in front of {target}"
        verdict = f"{said}, so {target} was fooled and {caller} scores chip {called} {where}."
    else:
        verdict = (
            f"{said}, so {target} was not fooled and scores chip {called}"
            + (" (it stays in front of them)" if result.chip_from == target else "")
            + "."
        )
        if result.must_give:
            verdict += (
                f" {caller} went after {target}'s chip and must give {target} one of the chips {caller} scored before."
            )
        elif result.chip_from == target:
            verdict += f" {caller} has no chip scored before, so gives nothing."
    held = "; ".join(f"{name} {', '.join(map(str, pile)) or 'none'}" for name, pile in chips.items())
    facts = (f"chips in front of each player at the start of the turn: {held}",)
    return Verdict(verdict, outcome, facts, result.clauses)


def exchange(top: Table) -> Verdict:
    values = read_situation(F.EXCHANGE, top)
    chips: dict[str, list[int]] = values["chips"]
    player, dice, returns = values["player"], values["dice"], values["returns"]
    try:
        result = resolve_exchange(player=player, dice=dice, returns=returns, chips=chips)
    except RuleBroken as broken:  # SPEC's outcome says so too: allowed is false
        raise RuleBroken(str(broken), broken.clause, {"allowed": False}) from None
    outcome = {"allowed": True, "points": result.points, "choices": list(result.choices)}
    verdict = (
        f"{player} rolled doubles and hands back {', '.join(map(str, returns))} ({result.points} points); "
        f"{player} may take {' or '.join(map(str, result.choices))} from the centre, then the turn passes."
    )
    return Verdict(verdict, outcome, (), result.clauses)


def end(top: Table) -> Verdict:
    values = read_situation(F.END, top)
    chips: dict[str, list[int]] = values["chips"]
    target: int = values["target"]
    over, why = is_over(chips, target)
    ranked = standings(chips)
    winners = [s.name for s in ranked if s.rank == 1] if over else []
    outcome = {
        "over": over,
        "reason": why,
        "centre": centre(chips),
        "points": {s.name: s.points for s in ranked},
        "winners": winners,
    }
    clauses = [C.END_LAST_CHIP, C.END_WINNER] + ([C.END_TARGET, C.TARGET_VARIANT] if target else [])
    top_points = max(s.points for s in ranked)
    if over and sum(s.points == top_points for s in ranked) > 1:
        clauses += [C.END_TIE, C.TIE_BREAK]
    if over:
        tied = [s for s in ranked if s.points == top_points]
        why_won = ""
        if len(tied) > 1 and len(winners) == 1:
            why_won = f" ({' and '.join(s.name for s in tied)} have {top_points} points; {winners[0]} has fewer chips)"
        verdict = f"The game is over: {why}. " + (
            f"{winners[0]} wins{why_won}." if len(winners) == 1 else f"{' and '.join(winners)} share the win."
        )
    else:
        verdict = f"The game goes on: {why}."
    return Verdict(verdict, outcome, (), tuple(clauses))


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {"call": call, "exchange": exchange, "end": end}


def rule_document(doc: Document) -> tuple[Report, bool]:
    return rule_on(doc, game=GAME, title="Cup of Bluff", situations=SITUATIONS)
