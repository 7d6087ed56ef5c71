"""Cup of Bluff's rules engine: the state of a game and ONE step function that applies one turn.

A recorded game (``record.py``) is a start state and its turns; a situation
(``situations.py``) is a state and one turn, or the question whether the game
is over. Both go through :func:`step` and :func:`finish` here, so a ruling and
a replayed event cannot decide the same question differently (the replay
calls :func:`advance`, which is ``step`` without the ``Step`` it reads: a
replay needs only the rules broken). Every decision names the clause it
applies (``clauses.py``).

The state keeps, beside each player's chips, who holds each chip and each
player's points, updated as chips move: a turn costs a few dictionary look-ups
whatever the game's length (no centre or points recomputed per event), and a
message is built only when a rule is broken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from typing import NamedTuple, NoReturn, Protocol

from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff.chips import CHIPS, POINTS, Standing, check_holdings, points_of, standings
from refcli.language.i18n import _, ngettext
from refcli.model.errors import RuleBroken

# -- the actions ---------------------------------------------------------------------------------


class Call(NamedTuple):
    """A turn's call: the caller rolled, chose a target, called a number; the target answered."""

    caller: str
    target: str
    called: int
    dice: tuple[int, ...]
    answer: str  # "truth" | "bluff"
    gives: int | None = None  # the chip the caller gives the target under the exception (C3)
    chip_to: str | None = None  # who the record says scored the chip (checked)


class Exchange(NamedTuple):
    """A turn's exchange on doubles: chips handed back for one centre chip worth their points."""

    player: str
    dice: tuple[int, ...]
    returns: tuple[int, ...]
    takes: int | None  # None: a situation asking which chips may be taken


Action = Call | Exchange


# -- the outcomes --------------------------------------------------------------------------------


class Problem(NamedTuple):
    """A rule the turn breaks: the clause, and one line saying how."""

    clause: str
    message: str


class Problems(Protocol):
    """Where ``advance`` puts the rules a turn breaks: a list (``step``), or a replay that reports each at once."""

    def append(self, problem: Problem, /) -> None: ...


class CallResult(NamedTuple):
    truth: bool
    fooled: bool
    chip: int
    chip_to: str
    chip_from: str  # "centre" or a player's name
    must_give: bool
    clauses: tuple[str, ...]


class ExchangeResult(NamedTuple):
    points: int
    choices: tuple[int, ...]
    clauses: tuple[str, ...]


class Step(NamedTuple):
    """What one turn did: the rules it broke (in the order found) and, when it was played, its result."""

    problems: tuple[Problem, ...]
    call: CallResult | None  # None: not a call, or a call no rule allows
    exchange: ExchangeResult | None  # None: not an exchange, or one no rule allows
    gift: int | None  # the chip the caller gave the target under the exception
    next_player: str
    over: bool


class End(NamedTuple):
    """Whether the game is over, why, and (when it is) the winners (C4: a tie may be shared)."""

    over: bool
    reason: str
    points: dict[str, int]
    winners: list[str]
    clauses: tuple[str, ...]


# The clauses a legal call applies, by (the chip was in front of the target, the target was fooled).
_CALL_CLAUSES = (C.TURN_STEPS, C.CALL_ANY, C.CALL_OWN_CHIP, C.ANSWER, C.REVEAL, C.CHIP_AT_STAKE)
CALL_CLAUSES: dict[tuple[bool, bool], tuple[str, ...]] = {
    (False, True): (*_CALL_CLAUSES, C.SCORE_FOOLED),
    (False, False): (*_CALL_CLAUSES, C.SCORE_NOT_FOOLED),
    (True, True): (*_CALL_CLAUSES, C.TARGET_MUST, C.SCORE_FOOLED, C.KEEP_OR_MOVE),
    (True, False): (
        *_CALL_CLAUSES,
        C.TARGET_MUST,
        C.SCORE_NOT_FOOLED,
        C.KEEP_OR_MOVE,
        C.SCORE_EXCEPTION,
        C.EXCEPTION,
    ),
}
EXCHANGE_CLAUSES = (C.DOUBLES_OPTION, C.DOUBLES, C.DOUBLES_EXCHANGE, C.EXCHANGE, C.DOUBLES_PASS)
ALL_CHIPS = len(CHIPS)
# Every roll of three dice and what it adds up to: one look-up checks the dice and sums them.
TOTALS: dict[tuple[int, ...], int] = {roll: sum(roll) for roll in product(range(1, 7), repeat=3)}
# The chips worth each number of points, in number order (what an exchange may take).
CHIPS_WORTH: dict[int, tuple[int, ...]] = {
    points: tuple(chip for chip in CHIPS if POINTS[chip] == points) for points in set(POINTS.values())
}


# One result is made per turn of every record replayed: ``tuple.__new__`` with the fields in the NamedTuple's
# order costs a quarter of the NamedTuple's own ``__new__``.
_new = tuple.__new__


# -- the state -----------------------------------------------------------------------------------


class State:
    """A game between turns: each player's chips (in the order they came), who plays next, the variant."""

    __slots__ = ("players", "seat", "after", "chips", "holder", "points", "turn", "target", "over")

    def __init__(
        self, players: Sequence[str], chips: Mapping[str, Sequence[int]], *, turn: str, target: int = 0
    ) -> None:
        """``chips`` in front of each player, every chip 3-18 in at most one place (``RuleBroken`` if not)."""
        self.players: tuple[str, ...] = tuple(players)
        count = len(self.players)
        self.seat: dict[str, int] = dict(zip(self.players, range(count)))  # one per record replayed
        self.after: tuple[int, ...] = (*range(1, count), 0)  # the seat that plays after each seat (clockwise)
        if chips:
            check_holdings(chips)
            self.chips: dict[str, list[int]] = {name: list(chips.get(name, ())) for name in self.players}
            self.holder: dict[int, str] = {chip: name for name, held in self.chips.items() for chip in held}
            self.points: dict[str, int] = {name: points_of(held) for name, held in self.chips.items()}
        else:  # a record's start (one per record replayed): every chip in the centre, nothing to count
            self.chips = {name: [] for name in self.players}
            self.holder = {}
            self.points = dict.fromkeys(self.players, 0)
        self.turn: int = self.seat[turn]  # the seat of the player who plays next
        self.target: int = target  # the points-target variant (C7); 0: until the centre is empty
        self.over: bool = self._over()

    @classmethod
    def start(cls, players: Sequence[str], *, first: str | None = None, target: int = 0) -> State:
        """The setup: every chip in the centre (setup.chips); ``first`` (default: the first listed) plays."""
        return cls(players, {}, turn=first or players[0], target=target)

    @property
    def next_player(self) -> str:
        return self.players[self.turn]

    def centre(self) -> list[int]:
        return [chip for chip in CHIPS if chip not in self.holder]

    def _over(self) -> bool:
        return len(self.holder) == ALL_CHIPS or bool(self.target and max(self.points.values()) >= self.target)

    def why(self) -> str:
        """Why the game is over, or how far it is from the end (the words ``chips.is_over`` uses)."""
        if self.target and max(self.points.values()) >= self.target:
            return _("a player reached the agreed {target} points").format(target=self.target)
        left = len(CHIPS) - len(self.holder)
        if not left:
            return _("the last chip has been taken from the centre")
        return ngettext("{n} chip is still in the centre", "{n} chips are still in the centre", left).format(n=left)

    def _place(self, chip: int, to: str) -> None:
        """Chip ``chip`` (from the centre, or already taken off its holder) goes in front of ``to``."""
        self.chips[to].append(chip)
        self.holder[chip] = to
        self.points[to] += POINTS[chip]

    def _take_off(self, chip: int, holder: str) -> None:
        self.chips[holder].remove(chip)
        del self.holder[chip]
        self.points[holder] -= POINTS[chip]


# -- the step ------------------------------------------------------------------------------------


def step(state: State, action: Action, *, gift_open: bool = False) -> Step:
    """Apply one turn to ``state`` (in place) and say what it did.

    A turn that breaks a rule is reported, never raised: the replay reports
    every broken rule and goes on. The turn passes clockwise from the actor
    even then (turn.first, doubles.pass); chips move only as the rules say:
    an illegal call or exchange moves none, a call whose record names the
    wrong scorer or gift moves the chip as ruled. ``gift_open``: the action
    does not say which chip the caller gives under the exception (a
    situation asks whether one is owed), which is then no broken rule.
    """
    problems: list[Problem] = []
    played = advance(state, action, problems, gift_open)
    call = exchange = gift = None
    if isinstance(played, ExchangeResult):
        exchange = played
    elif played is not None:
        truth, fooled, chip, chip_to, holder, must_give, gift = played
        clauses = CALL_CLAUSES[holder is not None, fooled]
        call = _new(CallResult, (truth, fooled, chip, chip_to, holder or "centre", must_give, clauses))
    return _new(Step, (tuple(problems), call, exchange, gift, state.players[state.turn], state.over))


# What ``advance`` says a call did: ``CallResult``'s first fields (but who held the chip, None: the centre), then
# the chip given under the exception. A plain tuple: one is made per call replayed; only ``step`` reads it.
CallPlayed = tuple[bool, bool, int, str, str | None, bool, int | None]


def advance(
    state: State, action: Action, problems: Problems, gift_open: bool = False
) -> CallPlayed | ExchangeResult | None:
    """``step`` without its ``Step``: the turn applied, the rules it broke appended to ``problems``, and what
    the call or the exchange did (None: neither was played). A replay needs only the problems, so it calls this.

    A call (004 "Puntaje el Chip"; register C3, C5, C6) is judged and played here, not in a function of its
    own: most turns are calls, and a replay then makes one Python call less per turn.
    """
    if state.over:
        problems.append(Problem(C.END_LAST_CHIP, _("the game is over: {why}").format(why=state.why())))
        return None
    seat = state.seat[action[0]]  # a Call's caller, an Exchange's player: by index, cheaper than a NamedTuple's field
    if seat != state.turn:
        actor = action[0]
        problems.append(
            Problem(
                C.TURN_FIRST,
                _("it is {player}'s turn, not {actor}'s (play passes clockwise)").format(
                    player=state.next_player, actor=actor
                ),
            )
        )
    state.turn = state.after[seat]
    played: CallPlayed | ExchangeResult | None
    try:
        if isinstance(action, Exchange):
            played = judge_exchange(state, action)
            _play_exchange(state, action, played, problems)
        else:
            # The caller as the state spells it, the very string its dictionaries hold: the look-ups and
            # comparisons that follow (and those of later turns, which find it holding chips) match by identity.
            caller = state.players[seat]
            _caller, target, called, dice, answer, gives, recorded = action  # read once: most turns are calls
            total = TOTALS.get(dice)  # None: not three dice showing 1 to 6
            if total is None:
                _not_a_roll(dice)
            if caller == target:
                raise RuleBroken(
                    _("{caller} cannot target themselves: the target is an opponent").format(caller=caller),
                    C.TARGET_ANY,
                )
            worth = POINTS.get(called)
            if worth is None:
                raise RuleBroken(
                    _("there is no chip {chip}: call a number from 3 to 18").format(chip=called), C.CALL_OWN_CHIP
                )
            holder = state.holder.get(called)
            if holder == caller:  # C5: "anotado previamente" is read as "in front of the caller now"
                raise RuleBroken(
                    _(
                        "{caller} already scored chip {chip} and holds it: call a chip you want, not one you hold (C5)"
                    ).format(caller=caller, chip=called),
                    C.CHIP_AT_STAKE,
                )
            if holder is not None and holder != target:
                raise RuleBroken(
                    _("chip {chip} is in front of {holder}, so {holder} must be the target").format(
                        chip=called, holder=holder
                    ),
                    C.TARGET_MUST,
                )
            truth = total == called
            fooled = truth == (answer == "bluff")
            chips, points = state.chips, state.points
            must_give = holder == target and not fooled and bool(chips[caller])
            chip_to = caller if fooled else target
            if recorded is not None and recorded != chip_to:
                problems.append(
                    Problem(
                        C.SCORE_FOOLED if fooled else C.SCORE_NOT_FOOLED,
                        _("chip {chip} goes to {player}, not {recorded}").format(
                            chip=called, player=chip_to, recorded=recorded
                        ),
                    )
                )
            chip_from = holder or "centre"
            if chip_from != "centre":
                chips[chip_from].remove(called)
                points[chip_from] -= worth
            chips[chip_to].append(called)  # C6: a target who keeps the chip puts it back in front of them
            points[chip_to] += worth
            state.holder[called] = chip_to
            gift = (
                _give(state, caller, target, gives, must_give, problems, gift_open)
                if must_give or gives is not None
                else None
            )
            played = (truth, fooled, called, chip_to, holder, must_give, gift)
            # The game was not over before this turn: is it now? Only a call can end it: it may take the centre's
            # last chip, and the player the chip goes to (with the gift, if any) is the only one whose points rise.
            # An exchange hands back two chips or more for one worth as many points (nobody's points change, the
            # centre grows); a turn no rule allows moves no chip.
            if len(state.holder) == ALL_CHIPS or (state.target and points[chip_to] >= state.target):
                state.over = True
    except RuleBroken as broken:
        problems.append(Problem(broken.clause, str(broken)))
        played = None
    return played


def check_dice(dice: Sequence[int]) -> None:
    if len(dice) != 3 or not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6 and 1 <= dice[2] <= 6):
        _not_a_roll(dice)


def _not_a_roll(dice: Sequence[int]) -> NoReturn:
    raise RuleBroken(_("a roll is three dice showing 1 to 6, not {dice}").format(dice=list(dice)), C.COMPONENTS)


def _give(
    state: State, caller: str, target: str, gives: int | None, must_give: bool, problems: Problems, gift_open: bool
) -> int | None:
    """The exception (C3, C5): the chip the caller gives the target, when one is owed and given as the rules say.

    The gift is one of the chips in front of the caller at the start of the turn; when the caller owes one the
    chip called stays with the target, so the caller's chips are still those.
    """
    gift = None
    if must_give:
        if gives is None:
            if not gift_open:
                problems.append(
                    Problem(
                        C.EXCEPTION,
                        _("{caller} must give {target} one of the chips scored before: record it as gives").format(
                            caller=caller, target=target
                        ),
                    )
                )
        elif state.holder.get(gives) != caller:
            problems.append(
                Problem(
                    C.EXCEPTION,
                    _("{caller} cannot give chip {chip}: it is not one {caller} scored before").format(
                        caller=caller, chip=gives
                    ),
                )
            )
        else:
            state._take_off(gives, caller)
            state._place(gives, target)
            gift = gives
    elif gives is not None:
        problems.append(
            Problem(
                C.EXCEPTION,
                _("{caller} owes no chip here (only after failing to take a chip in front of the target)").format(
                    caller=caller
                ),
            )
        )
    return gift


def judge_exchange(state: State, exchange: Exchange) -> ExchangeResult:
    """C1, C2: with doubles, hand back two or more chips for one worth their combined points."""
    check_dice(exchange.dice)
    dice = exchange.dice
    if dice[0] != dice[1] and dice[1] != dice[2] and dice[0] != dice[2]:
        raise RuleBroken(_("{dice} has no doubles (two dice alike), so no exchange").format(dice=list(dice)), C.DOUBLES)
    returns = exchange.returns
    if len(returns) < 2:
        raise RuleBroken(_("an exchange hands back two or more chips"), C.EXCHANGE)
    player = exchange.player
    handed: set[int] = set()
    for chip in returns:  # a chip named twice is handed back once: the second time it is not held
        if chip in handed or state.holder.get(chip) != player:
            raise RuleBroken(
                _("{player} does not hold chip {chip}").format(player=player, chip=chip), C.DOUBLES_EXCHANGE
            )
        handed.add(chip)
    points = points_of(returns)
    # The chips handed back are worth less than their sum, so the new chip is never one of them.
    choices = tuple(chip for chip in CHIPS_WORTH.get(points, ()) if chip not in state.holder)
    if not choices:
        raise RuleBroken(
            _("no chip worth {points} points is in the centre, so the exchange cannot be made").format(points=points),
            C.EXCHANGE,
        )
    return _new(ExchangeResult, (points, choices, EXCHANGE_CLAUSES))


def _play_exchange(state: State, exchange: Exchange, result: ExchangeResult, problems: Problems) -> None:
    takes = exchange.takes
    if takes is None:
        return
    if takes not in result.choices:
        problems.append(
            Problem(
                C.EXCHANGE,
                _("chip {chip} is not a centre chip worth {points} points ({choices} are)").format(
                    chip=takes, points=result.points, choices=", ".join(map(str, result.choices))
                ),
            )
        )
        return
    for chip in exchange.returns:
        state._take_off(chip, exchange.player)
    state._place(takes, exchange.player)


# -- the end -------------------------------------------------------------------------------------


def finish(state: State) -> End:
    """end.last-chip, end.target (C7): is the game over; end.winner, end.tie (C4): who wins."""
    ranked = standings(state.chips, state.points)  # the state keeps each player's points as chips move
    clauses = [C.END_LAST_CHIP, C.END_WINNER] + ([C.END_TARGET, C.TARGET_VARIANT] if state.target else [])
    points = [s.points for s in ranked]
    if state.over and points.count(max(points)) > 1:
        clauses += [C.END_TIE, C.TIE_BREAK]
    return End(state.over, state.why(), dict(zip(state.chips, points)), winners(state, ranked), tuple(clauses))


def winners(state: State, ranked: list[Standing] | None = None) -> list[str]:
    """end.winner, end.tie (C4): the players ranked first, once the game is over (a tie may be shared).

    ``finish`` says it with the rest of the end; a replay asks only this (``ranked``: the standings, if made).
    """
    if not state.over:
        return []
    if ranked is None:
        ranked = standings(state.chips, state.points)
    return [s.name for s in ranked if s.rank == 1]
