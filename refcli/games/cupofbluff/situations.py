"""Cup of Bluff rulings: ``call`` and ``exchange`` (SPEC.md), and ``end``, each described in ``formats``.

Each builds the game's state from the file (``engine.State``) and applies
the one turn with ``engine.step``, or asks ``engine.finish`` whether the game
is over: the same code the record replay runs, so a ruling and a replayed
event cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refcli.errors import RuleBroken
from refcli.formats import Description, read_table
from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff import formats as F
from refcli.games.cupofbluff.chips import POINTS
from refcli.games.cupofbluff.engine import Call, Exchange, State, Step, finish, step
from refcli.inputs import Document
from refcli.report import Report
from refcli.rulings import rule_on
from refcli.schema import Table
from refcli.verdict import Verdict

GAME = "cup-of-bluff"
# C5's reading, said wherever a call is ruled: it decides which chips the caller may call and give.
HELD_NOW = "C5: 'scored before' means held now: a chip the caller lost may be called again"


def read_situation(desc: Description, top: Table) -> dict[str, Any]:
    """The values of a situation file (its format: ``desc``)."""
    return read_table(desc, top)


def state_of(values: dict[str, Any], actor: str | None = None, target: int = 0) -> State:
    """The game as the file has it: ``[chips]`` in seating order; ``actor`` plays this turn.

    Every chip must exist and be in one place (``RuleBroken``: exit 1).
    """
    chips: dict[str, list[int]] = values["chips"]
    players = tuple(chips)
    return State(players, chips, turn=actor or players[0], target=target)


def refuse(played: Step, outcome: dict[str, Any] | None = None) -> None:
    """An action that breaks a rule makes the situation illegal: the first rule it breaks is named."""
    if played.problems:
        first = played.problems[0]
        raise RuleBroken(first.message, first.clause, outcome)


def after(state: State) -> dict[str, Any]:
    """What every turn's outcome says about the game after it: the chips, who plays next, whether it is over."""
    end = finish(state)
    return {
        "chips_after": {name: list(held) for name, held in state.chips.items()},
        "next_player": None if end.over else state.next_player,
        "game_over": end.over,
        "winners": end.winners,
    }


def seating(state: State) -> str:
    return f"seating: {', '.join(state.players)}, as [chips] lists them; play passes clockwise"


def then(state: State) -> str:
    """The verdict's last sentence: the game ends, or who plays next."""
    if state.over:
        end = finish(state)
        won = f"{end.winners[0]} wins" if len(end.winners) == 1 else f"{' and '.join(end.winners)} share the win"
        return f" The game is over ({state.why()}): {won}."
    return f" {state.next_player} plays next."


def call(top: Table) -> Verdict:
    values = read_situation(F.CALL, top)
    chips: dict[str, list[int]] = values["chips"]
    caller, target, called = values["caller"], values["target"], values["called"]
    dice: list[int] = values["dice"]
    answer: str = values["answer"]
    state = state_of(values, caller, values["target_points"])
    action = Call(caller, target, called, tuple(dice), answer, values["gives"])
    played = step(state, action, gift_open=True)
    refuse(played)
    result = played.call
    assert result is not None  # a step with no broken rule played the call
    outcome = {
        "truth": result.truth,
        "fooled": result.fooled,
        "chip": result.chip,
        "chip_to": result.chip_to,
        "chip_from": result.chip_from,
        "must_give": result.must_give,
        "points": POINTS[result.chip],
        "gives": played.gift,
        **after(state),
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
        if played.gift is not None:
            verdict += f" {caller} went after {target}'s chip and gives {target} chip {played.gift}."
        elif result.must_give:
            verdict += (
                f" {caller} went after {target}'s chip and must give {target} one of the chips {caller} scored before."
            )
        elif result.chip_from == target:
            verdict += f" {caller} has no chip scored before, so gives nothing."
    verdict += then(state)
    held = "; ".join(f"{name} {', '.join(map(str, pile)) or 'none'}" for name, pile in chips.items())
    facts = (f"chips in front of each player at the start of the turn: {held}", seating(state), HELD_NOW)
    clauses = result.clauses + ((C.END_LAST_CHIP, C.END_WINNER) if state.over else ())
    if state.over and state.target:
        clauses += (C.END_TARGET, C.TARGET_VARIANT)
    return Verdict(verdict, outcome, facts, clauses)


def exchange(top: Table) -> Verdict:
    values = read_situation(F.EXCHANGE, top)
    player, dice, returns, takes = values["player"], values["dice"], values["returns"], values["takes"]
    try:
        state = state_of(values, player)
    except RuleBroken as broken:  # SPEC's outcome says so too: allowed is false
        raise RuleBroken(str(broken), broken.clause, {"allowed": False}) from None
    played = step(state, Exchange(player, tuple(dice), tuple(returns), takes))
    refuse(played, {"allowed": False})
    result = played.exchange
    assert result is not None  # a step with no broken rule played the exchange
    outcome = {
        "allowed": True,
        "points": result.points,
        "choices": list(result.choices),
        "takes": takes,
        **after(state),
    }
    handed = f"{player} rolled doubles and hands back {', '.join(map(str, returns))} ({result.points} points); "
    if takes is None:
        verdict = (
            f"{handed}{player} may take {' or '.join(map(str, result.choices))} from the centre, then the turn passes."
        )
        outcome["chips_after"] = None  # which chip comes back is the player's choice
    else:
        verdict = f"{handed}{player} takes {takes} from the centre, then the turn passes." + then(state)
    return Verdict(verdict, outcome, (seating(state),), result.clauses)


def end(top: Table) -> Verdict:
    values = read_situation(F.END, top)
    state = state_of(values, target=values["target"])
    ended = finish(state)
    outcome = {
        "over": ended.over,
        "reason": ended.reason,
        "centre": state.centre(),
        "points": ended.points,
        "winners": ended.winners,
    }
    if ended.over:
        top_points = max(ended.points.values())
        tied = [name for name, points in ended.points.items() if points == top_points]
        why_won = ""
        if len(tied) > 1 and len(ended.winners) == 1:
            why_won = f" ({' and '.join(tied)} have {top_points} points; {ended.winners[0]} has fewer chips)"
        verdict = f"The game is over: {ended.reason}. " + (
            f"{ended.winners[0]} wins{why_won}."
            if len(ended.winners) == 1
            else f"{' and '.join(ended.winners)} share the win."
        )
    else:
        verdict = f"The game goes on: {ended.reason}."
    return Verdict(verdict, outcome, (), ended.clauses)


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {"call": call, "exchange": exchange, "end": end}


# What each outcome key means to a player (text output; JSON keeps the keys).
LABELS = {
    "truth": "Told the truth",
    "fooled": "Target fooled",
    "chip": "Chip at stake",
    "chip_to": "Chip goes to",
    "chip_from": "Chip taken from",
    "must_give": "Caller must give a chip",
    "points": "Points",
    "gives": "Chip given",
    "chips_after": "Chips now",
    "next_player": "Next to play",
    "game_over": "Game over",
    "winners": "Winners",
    "allowed": "Allowed",
    "choices": "Chips to choose from",
    "takes": "Takes",
    "over": "Game over",
    "reason": "Why",
    "centre": "Chips in the centre",
}

# Cited for context, not what the ruling turned on: quoted on a terminal only with -v
# (a legal call passed the checks on the chip called; they decide only when broken).
BACKGROUND = {
    "call": ("turn.steps", "call.any", "answer", "reveal", "call.own-chip", "target.must"),
    "exchange": ("doubles.option",),
}


def rule_document(doc: Document) -> tuple[Report, bool]:
    return rule_on(doc, game=GAME, title="Cup of Bluff", situations=SITUATIONS, labels=LABELS, background=BACKGROUND)
