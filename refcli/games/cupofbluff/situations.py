"""Cup of Bluff rulings: ``call`` and ``exchange`` (SPEC.md), and ``end``."""

from __future__ import annotations

from collections.abc import Callable

from refcli.errors import RuleBroken
from refcli.games.cupofbluff import clauses as C
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
from refcli.rulings import rule_on
from refcli.report import Report
from refcli.schema import Table, describe, integer_list, one_of_names
from refcli.verdict import Verdict

GAME = "cup-of-bluff"


def read_chips(top: Table) -> dict[str, list[int]]:
    """``[chips]``: the chips in front of each player (every player, in seating order)."""
    table = top.table("chips", required=True)
    assert table is not None
    chips: dict[str, list[int]] = {}
    if len(table.data) > 16:  # at most 16 players, as in records
        raise table.error(None, "the chips of at most 16 players", str(len(table.data)))
    for key, value in table.data.items():
        name = table.check_name(key, key)
        if name.casefold() in (n.casefold() for n in chips):
            raise table.error(key, "each player once", f"{describe(key)} again")
        chips[name] = integer_list(table, key, value, minimum=-10**6, maximum=10**6, what="chips (3 to 18)")
    if len(chips) < 2:
        raise table.error(None, "the chips of every player (at least two players)", str(len(chips)))
    check_holdings(chips)
    return chips


def read_dice(table: Table) -> list[int]:
    """The dice as integers; whether they are three dice of 1-6 is a rule (exit 1), checked later."""
    value = table.require("dice", "the three dice, e.g. [4, 5, 6]")
    return integer_list(table, "dice", value, minimum=-10**6, maximum=10**6, what="dice")


def read_answer(table: Table) -> str:
    """The target's answer: "truth" or "bluff" (any case)."""
    answer = table.string("answer", expected='"truth" or "bluff"').strip().casefold()
    if answer not in ("truth", "bluff"):
        raise table.error("answer", '"truth" or "bluff"', describe(table.raw("answer")))
    return answer


def call(top: Table) -> Verdict:
    top.check_keys(("game", "situation", "caller", "target", "called", "dice", "answer", "chips"))
    chips = read_chips(top)
    names = list(chips)
    caller = one_of_names(top, "caller", names, role="caller")
    target = one_of_names(top, "target", names, role="target")
    called = top.integer("called", minimum=-10**6, maximum=10**6, what="the number called,")
    dice = read_dice(top)
    answer = read_answer(top)
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
    said = f"{caller} called {called} with {' + '.join(map(str, dice))} = {sum(dice)}: {told}; {target} answered \"{answer}\""
    if result.fooled:
        where = "from the centre" if result.chip_from == "centre" else f"from in front of {target}"
        verdict = f"{said}, so {target} was fooled and {caller} scores chip {called} {where}."
    else:
        verdict = f"{said}, so {target} was not fooled and scores chip {called}" + (
            " (it stays in front of them)" if result.chip_from == target else ""
        ) + "."
        if result.must_give:
            verdict += f" {caller} went after {target}'s chip and must give {target} one of the chips {caller} scored before."
        elif result.chip_from == target:
            verdict += f" {caller} has no chip scored before, so gives nothing."
    held = "; ".join(f"{name} {', '.join(map(str, pile)) or 'none'}" for name, pile in chips.items())
    facts = (f"chips in front of each player at the start of the turn: {held}",)
    return Verdict(verdict, outcome, facts, result.clauses)


def exchange(top: Table) -> Verdict:
    top.check_keys(("game", "situation", "player", "dice", "returns", "chips"))
    chips = read_chips(top)
    player = one_of_names(top, "player", list(chips), role="player")
    dice = read_dice(top)
    returns = integer_list(top, "returns", top.require("returns", "the chips handed back"), minimum=-10**6, maximum=10**6, what="chips")
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
    top.check_keys(("game", "situation", "target", "chips"))
    chips = read_chips(top)
    target = top.integer("target", minimum=0, maximum=42, default=0, what="the points target (0: play until the centre is empty),")
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
