"""Cup of Bluff rulings: ``call``, ``exchange`` and ``end``, each described in ``formats``.

Each builds the game's state from the file (``engine.State``) and applies
the one turn with ``engine.step``, or asks ``engine.finish`` whether the game
is over: the same code the record replay runs, so a ruling and a replayed
event cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refcli.games.cupofbluff import GAME as CUP_OF_BLUFF  # the declaration: reading uses its words, never looks it up
from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff import formats as F
from refcli.games.cupofbluff.chips import POINTS
from refcli.games.cupofbluff.engine import Call, Exchange, State, Step, finish, step
from refcli.language.i18n import N_, _, pgettext
from refcli.model.errors import RuleBroken
from refcli.reading.formats import Description, read_table
from refcli.reading.tables import Table
from refcli.results.report import Describe, empty_as, listed
from refcli.results.rulings import rulings
from refcli.results.verdict import Verdict

GAME = "cup-of-bluff"
# C5's reading, said wherever a call is ruled: it decides which chips the caller may call and give.
HELD_NOW = N_("C5: 'scored before' means held now: a chip the caller lost may be called again")


def read_situation(desc: Description, top: Table) -> dict[str, Any]:
    """The values of a situation file (its format: ``desc``)."""
    return read_table(desc, top, game=CUP_OF_BLUFF)


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
    return _("seating: {players}, as [chips] lists them; play passes clockwise").format(
        players=", ".join(state.players)
    )


def then(state: State) -> str:
    """The verdict's last sentence: the game ends, or who plays next."""
    if state.over:
        end = finish(state)
        if len(end.winners) == 1:
            return " " + _("The game is over ({why}): {winner} wins.").format(why=state.why(), winner=end.winners[0])
        return " " + _("The game is over ({why}): {winners} share the win.").format(
            why=state.why(), winners=listed(end.winners)
        )
    return " " + _("{player} plays next.").format(player=state.next_player)


# The first sentence of a call's verdict, by (the caller told the truth, the target was fooled, the chip was
# in front of the target). The answer follows from the first two: a fooled target answered the opposite.
CALLED: dict[tuple[bool, bool, bool], str] = {
    (True, True, False): N_(
        '{caller} called {called} with {dice} = {total}: the truth; {target} answered "bluff", '
        "so {target} was fooled and {caller} scores chip {called} from the centre."
    ),
    (True, True, True): N_(
        '{caller} called {called} with {dice} = {total}: the truth; {target} answered "bluff", '
        "so {target} was fooled and {caller} scores chip {called} from in front of {target}."
    ),
    (False, True, False): N_(
        '{caller} called {called} with {dice} = {total}: a bluff; {target} answered "truth", '
        "so {target} was fooled and {caller} scores chip {called} from the centre."
    ),
    (False, True, True): N_(
        '{caller} called {called} with {dice} = {total}: a bluff; {target} answered "truth", '
        "so {target} was fooled and {caller} scores chip {called} from in front of {target}."
    ),
    (True, False, False): N_(
        '{caller} called {called} with {dice} = {total}: the truth; {target} answered "truth", '
        "so {target} was not fooled and scores chip {called}."
    ),
    (True, False, True): N_(
        '{caller} called {called} with {dice} = {total}: the truth; {target} answered "truth", '
        "so {target} was not fooled and scores chip {called} (it stays in front of them)."
    ),
    (False, False, False): N_(
        '{caller} called {called} with {dice} = {total}: a bluff; {target} answered "bluff", '
        "so {target} was not fooled and scores chip {called}."
    ),
    (False, False, True): N_(
        '{caller} called {called} with {dice} = {total}: a bluff; {target} answered "bluff", '
        "so {target} was not fooled and scores chip {called} (it stays in front of them)."
    ),
}


def holding(name: str, chips: list[int]) -> str:
    """``Ana 3, 15``, or ``Cid none``: the chips in front of a player."""
    if not chips:
        return _("{player} none").format(player=name)
    return f"{name} {', '.join(map(str, chips))}"


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
    verdict = _(CALLED[result.truth, result.fooled, result.chip_from == target]).format(
        caller=caller, called=called, dice=" + ".join(map(str, dice)), total=sum(dice), target=target
    )
    if not result.fooled:
        if played.gift is not None:
            verdict += " " + _("{caller} went after {target}'s chip and gives {target} chip {chip}.").format(
                caller=caller, target=target, chip=played.gift
            )
        elif result.must_give:
            verdict += " " + _(
                "{caller} went after {target}'s chip and must give {target} one of the chips {caller} scored before."
            ).format(caller=caller, target=target)
        elif result.chip_from == target:
            verdict += " " + _("{caller} has no chip scored before, so gives nothing.").format(caller=caller)
    verdict += then(state)
    held = "; ".join(holding(name, pile) for name, pile in chips.items())
    facts = (
        _("chips in front of each player at the start of the turn: {held}").format(held=held),
        seating(state),
        _(HELD_NOW),
    )
    clauses = result.clauses + ((C.END_LAST_CHIP, C.END_WINNER) if state.over else ())
    if state.over and state.target:
        clauses += (C.END_TARGET, C.TARGET_VARIANT)
    return Verdict(verdict, outcome, facts, clauses)


def exchange(top: Table) -> Verdict:
    values = read_situation(F.EXCHANGE, top)
    player, dice, returns, takes = values["player"], values["dice"], values["returns"], values["takes"]
    try:
        state = state_of(values, player)
    except RuleBroken as broken:  # the outcome says so too: allowed is false (docs/output.md)
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
    handed = ", ".join(map(str, returns))
    if takes is None:
        verdict = _(
            "{player} rolled doubles and hands back {returns} ({points} points); "
            "{player} may take {choices} from the centre, then the turn passes."
        ).format(player=player, returns=handed, points=result.points, choices=listed(result.choices, alternatives=True))
        outcome["chips_after"] = None  # which chip comes back is the player's choice
    else:
        verdict = _(
            "{player} rolled doubles and hands back {returns} ({points} points); "
            "{player} takes {chip} from the centre, then the turn passes."
        ).format(player=player, returns=handed, points=result.points, chip=takes) + then(state)
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
    if not ended.over:
        verdict = _("The game goes on: {reason}.").format(reason=ended.reason)
    elif len(ended.winners) > 1:
        verdict = _("The game is over: {reason}. {winners} share the win.").format(
            reason=ended.reason, winners=listed(ended.winners)
        )
    else:
        top_points = max(ended.points.values())
        tied = [name for name, points in ended.points.items() if points == top_points]
        winner = ended.winners[0]
        if len(tied) > 1:
            verdict = _(
                "The game is over: {reason}. {winner} wins ({tied} have {points} points; {winner} has fewer chips)."
            ).format(reason=ended.reason, winner=winner, tied=listed(tied), points=top_points)
        else:
            verdict = _("The game is over: {reason}. {winner} wins.").format(reason=ended.reason, winner=winner)
    return Verdict(verdict, outcome, (), ended.clauses)


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {"call": call, "exchange": exchange, "end": end}


# What each outcome key means to a player (text output; JSON keeps the keys).
LABELS = {
    "truth": N_("Told the truth"),
    "fooled": N_("Target fooled"),
    "chip": N_("Chip at stake"),
    "chip_to": N_("Chip goes to"),
    "chip_from": N_("Chip taken from"),
    "must_give": N_("Caller must give a chip"),
    "points": N_("Points"),
    "gives": N_("Chip given"),
    "chips_after": N_("Chips now"),
    "next_player": N_("Next to play"),
    "game_over": N_("Game over"),
    "winners": N_("Winners"),
    "allowed": N_("Allowed"),
    "choices": N_("Chips to choose from"),
    "takes": N_("Takes"),
    "over": N_("Game over"),
    "reason": N_("Why"),
    "centre": N_("Chips in the centre"),
}

# Cited for context, not what the ruling turned on: quoted on a terminal only with -v
# (a legal call passed the checks on the chip called; they decide only when broken).
BACKGROUND = {
    "call": ("turn.steps", "call.any", "answer", "reveal", "call.own-chip", "target.must"),
    "exchange": ("doubles.option",),
}


def chip_from(value: str) -> str:
    """Where the chip called was: ``centre`` (an id in JSON) in the run's language, or a player's name."""
    return _("centre") if value == "centre" else value


def no_chips() -> str:
    """ "none" said of chips ("ninguna" in Spanish)."""
    return pgettext("no chips", "none")


DESCRIBERS: dict[str, Describe] = {
    "chip_from": chip_from,
    "chips_after": empty_as(no_chips),
    "centre": empty_as(no_chips),
    "choices": empty_as(no_chips),
    "winners": empty_as(lambda: pgettext("no players", "none")),
}


# The ruling verb: every situation above, ruled on as every game's are (refcli.results.rulings).
rule_document = rulings(
    CUP_OF_BLUFF, "Cup of Bluff", SITUATIONS, labels=LABELS, describers=DESCRIBERS, background=BACKGROUND
)
