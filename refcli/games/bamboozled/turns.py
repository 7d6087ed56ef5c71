"""The moves of a Bamboozled round: calls, accepts and action cards. Pure: no I/O.

Document 002 "Como se Juega", "Tarjetas de acción"; register B2-B10.
Players are given in the current playing order; "next" means the next
player still in the game in that order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from refcli.errors import RuleBroken
from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled.ranking import card_readings, readings, ties_or_beats

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


def after(players: Sequence[str], name: str, steps: int = 1) -> str:
    return players[(players.index(name) + steps) % len(players)]


def check_dice(rolled: Sequence[int]) -> None:
    if len(rolled) != 2 or any(not 1 <= die <= 6 for die in rolled):
        raise RuleBroken(f"a roll is two dice showing 1 to 6, not {list(rolled)}", C.COMPONENTS)


def check_declaration(declared: str, to_beat: str | None) -> None:
    """B2: the declaration must tie or beat the score to beat."""
    if not ties_or_beats(declared, to_beat):
        raise RuleBroken(f"{declared} does not tie or beat {to_beat}, the score to beat", C.TIE_OR_BEAT)


def truth(declared: str, rolled: Sequence[int], card: str | None) -> tuple[bool, bool]:
    """(true with the dice alone, true only thanks to the after-roll card)."""
    honest = declared in readings(rolled[0], rolled[1])
    carded = bool(card) and not honest and declared in card_readings(rolled[0], rolled[1], card or "")
    return honest, carded


@dataclass(frozen=True)
class CallResult:
    bluff: bool
    strike_to: str | None
    eliminated: str | None
    score_after: str  # "0" after a reset
    next_to_roll: str
    cards_discarded: tuple[str, ...]  # the declarer's card (B3) and/or the caller's My Bad
    round_over: bool
    clauses: tuple[str, ...]
    facts: tuple[str, ...]


def resolve_call(
    *,
    players: Sequence[str],
    declarer: str,
    caller: str,
    declared: str,
    rolled: Sequence[int],
    card: str | None,
    caller_card: str | None,
    strikes: Mapping[str, int],
    strikes_to_lose: int,
) -> CallResult:
    """A called declaration: who was right, who takes the strike, who rolls next."""
    honest, carded = truth(declared, rolled, card)
    bluff = not honest and not carded
    clauses: list[str] = [C.TURN_CALL, C.BLUFF]
    facts = [f"{declarer} rolled {rolled[0]} and {rolled[1]} and declared {declared}"]
    discarded: list[str] = []
    if card and carded:
        clauses += [
            C.AFTER_ROLL_CALLED,
            {"jackpot": C.JACKPOT_EFFECT, "double": C.DOUBLE_EFFECT, "up-down": C.UP_DOWN_EFFECT}[card],
        ]
        discarded.append(card)
        facts.append(f"the {card} card makes {declared} true")
    elif card and not honest:
        clauses.append(C.CARD_NOT_PLAYED)
        facts.append(f"the {card} card cannot make {declared} true, so it was not played and stays hidden")
    if caller_card == "my-bad":
        discarded.append("my-bad")
        clauses += [C.MY_BAD, C.MY_BAD_RESTART, C.MY_BAD_RULING]
        strike_to = declarer if bluff else None
        out = _eliminated(strike_to, strikes, strikes_to_lose)
        clauses += _strike_clauses(strike_to, out)
        return CallResult(bluff, strike_to, out, "0", caller, tuple(discarded), True, tuple(clauses), tuple(facts))
    if carded:
        # B3: nobody takes a strike, the score stands, the caller must roll to tie or beat it.
        clauses += [C.CARD_MAKES_TRUE]
        return CallResult(False, None, None, declared, caller, tuple(discarded), False, tuple(clauses), tuple(facts))
    strike_to = declarer if bluff else caller
    out = _eliminated(strike_to, strikes, strikes_to_lose)
    clauses += _strike_clauses(strike_to, out)
    next_to_roll = strike_to if out is None else _next_in(players, strike_to, exclude=out)
    return CallResult(bluff, strike_to, out, "0", next_to_roll, tuple(discarded), True, tuple(clauses), tuple(facts))


def _eliminated(strike_to: str | None, strikes: Mapping[str, int], limit: int) -> str | None:
    return strike_to if strike_to is not None and strikes.get(strike_to, 0) + 1 >= limit else None


def _strike_clauses(strike_to: str | None, out: str | None) -> list[str]:
    if strike_to is None:
        return []
    clauses = [C.STRIKE_RESET, C.STRIKE_STARTS_NEXT, C.WHO_STARTS, C.ROUND_END_DIRECTION]
    return clauses + ([C.STRIKE_OUT, C.END_OUT] if out else [])


def _next_in(players: Sequence[str], name: str, *, exclude: str) -> str:
    """The next player in order after ``name``, skipping ``exclude`` (who just went out)."""
    index = players.index(name)
    for step in range(1, len(players) + 1):
        candidate = players[(index + step) % len(players)]
        if candidate != exclude:
            return candidate
    return name


@dataclass(frozen=True)
class AcceptResult:
    bamboozled: bool
    draws: str | None
    hand_after: int
    discard_one: bool
    card_kept: str | None
    clauses: tuple[str, ...]
    facts: tuple[str, ...]


def resolve_accept(
    *, declarer: str, declared: str, rolled: Sequence[int], card: str | None, hand: int, no_limits: bool
) -> AcceptResult:
    """An accepted declaration: a bamboozle if it was not what the dice alone show."""
    honest, carded = truth(declared, rolled, card)
    clauses: list[str] = [C.TURN_ACCEPT_AND_BEAT, C.BAMBOOZLE]
    facts = [f"{declarer} rolled {rolled[0]} and {rolled[1]} and declared {declared}"]
    if honest:
        return AcceptResult(False, None, hand, False, None, tuple(clauses), tuple(facts))
    clauses.append(C.BAMBOOZLE_DRAW)
    kept = None
    if carded:
        clauses += [C.AFTER_ROLL_HIDDEN, C.AFTER_ROLL_COUNTS]
        kept = card
        facts.append(f"{declarer} planned to use the {card} card; it stays hidden for later")
    if no_limits:
        clauses.append(C.NO_LIMITS)
        return AcceptResult(True, declarer, hand + 1, False, kept, tuple(clauses), tuple(facts))
    clauses.append(C.HAND_LIMIT)
    if hand >= HAND_LIMIT:
        clauses.append(C.HAND_THIRD)
        return AcceptResult(True, declarer, HAND_LIMIT, True, kept, tuple(clauses), tuple(facts))
    return AcceptResult(True, declarer, hand + 1, False, kept, tuple(clauses), tuple(facts))


@dataclass(frozen=True)
class CardResult:
    score_after: str
    direction_after: str
    next_to_act: str
    action: str  # "roll" | "roll on own score" | "accept or call" | "call"
    strikes_after: int | None
    clauses: tuple[str, ...]
    effect: str


def flip(direction: str) -> str:
    return "counterclockwise" if direction == "clockwise" else "clockwise"


def play_card(
    *,
    players: Sequence[str],
    player: str,
    card: str,
    turn: str,
    moment: str,
    declarer: str | None,
    to_beat: str,
    direction: str,
    strikes: int,
    strikes_to_lose: int,
    kids: bool,
) -> CardResult:
    """May ``player`` play ``card`` now, and what it changes. Raises RuleBroken when not."""
    if kids and card == "my-bad":
        raise RuleBroken("My Bad cards are removed for the kids' rules", C.KIDS_NO_MY_BAD)
    if card in AFTER_ROLL_CARDS:
        if moment != "after-roll" or player != turn:
            raise RuleBroken(f"the {card} card is played after rolling, by the player who rolled", C.AFTER_ROLL_HIDDEN)
        return CardResult(
            to_beat,
            direction,
            player,
            "declare",
            None,
            (C.AFTER_ROLL_HIDDEN, C.AFTER_ROLL_COUNTS),
            f"{player} may declare what the {card} card makes of the roll",
        )
    if card == "revive":
        if moment == "final-strike":
            if strikes < strikes_to_lose:
                raise RuleBroken(f"{player} has {strikes} strikes, not the final one", C.REVIVE_FINAL)
            return CardResult(
                "0",
                direction,
                player,
                "stay in",
                strikes_to_lose - 1,
                (C.REVIVE_FINAL, C.REVIVE, C.REVIVE_RULING),
                f"{player} discards Revive and stays in the game with {strikes_to_lose - 1} strikes",
            )
        _check_own_turn(player, turn, moment, card)
        if strikes < 1:
            raise RuleBroken(f"{player} has no strike to give back", C.REVIVE)
        nxt, action = (player, "roll") if declarer is None else (player, "accept or call")
        return CardResult(
            to_beat,
            direction,
            nxt,
            action,
            strikes - 1,
            (C.BEFORE_ROLL_TIMING, C.REVIVE, C.REVIVE_RULING),
            f"{player} returns one strike to the pile ({strikes} → {strikes - 1}) and goes on with the turn",
        )
    _check_own_turn(player, turn, moment, card)
    timing = [C.BEFORE_ROLL_TIMING]
    if card == "new-start":
        return CardResult(
            "0",
            direction,
            player,
            "roll",
            None,
            (*timing, C.NEW_START),
            f"{player} resets the score to 0 and takes the turn normally (rolls)",
        )
    if card == "my-bad":
        if declarer is None:
            raise RuleBroken("there is no declaration to call", C.MY_BAD)
        return CardResult(
            "0",
            "clockwise",
            player,
            "call",
            None,
            (*timing, C.MY_BAD, C.MY_BAD_RESTART, C.MY_BAD_RULING),
            f"{player} calls {declarer}'s {to_beat} without risking a strike; the round restarts at 0 and {player} rolls first",
        )
    two = len(players) == 2
    if card == "reverse" or two:
        clauses = [*timing, C.REVERSE if card == "reverse" else C.SKIP, C.SKIP_REVERSE, C.LAST_ROLLER]
        if two:
            clauses.append(C.TWO_PLAYERS)
        new_direction = flip(direction) if card == "reverse" and not two else direction
        if declarer is None:
            nxt = after(players, player, -1 if new_direction != direction else 1)
            return CardResult(
                to_beat, new_direction, nxt, "roll", None, tuple(clauses), f"the round goes the other way; {nxt} rolls"
            )
        return CardResult(
            to_beat,
            new_direction,
            declarer,
            "roll on own score",
            None,
            tuple(clauses),
            f"{declarer}, the last to roll, must roll again and tie or beat their own {to_beat}",
        )
    # skip with three or more players: the next player faces the declared score
    nxt = after(players, player)
    action = "accept or call" if declarer is not None else "roll"
    return CardResult(
        to_beat,
        direction,
        nxt,
        action,
        None,
        (*timing, C.SKIP, C.SKIP_ONLY_SELF, C.SKIP_REVERSE),
        f"{player} skips their turn; {nxt} must {action} the score {to_beat}",
    )


def _check_own_turn(player: str, turn: str, moment: str, card: str) -> None:
    if player != turn:
        rule = (
            C.REVERSE_OWN_TURN if card == "reverse" else (C.SKIP_ONLY_SELF if card == "skip" else C.BEFORE_ROLL_TIMING)
        )
        raise RuleBroken(f"{player} cannot play {card} on {turn}'s turn", rule)
    if moment != "before-roll":
        raise RuleBroken(
            f"{card} is played after the previous declaration and before calling or rolling, not {moment}",
            C.BEFORE_ROLL_TIMING,
        )
