"""The Bamboozled rules engine: a game ``State`` and ONE ``step`` applying one action to it. Pure: no I/O.

Both paths that decide a question of the rules go through ``step``:
``replay`` applies a record's events one by one, and ``situations`` builds
the State a situation file describes and applies the file's action (a call,
an accept, a card) with the same function. So a ruling and a replayed event
cannot disagree. (The replay calls ``advance``, which is ``step`` without
the ``Outcome`` it reads from the decisions: nothing reads an event's.)

A broken rule is reported to a ``Log``: the replay records it and applies
the action as written, so one mistake does not hide the next; a ruling uses
``RULING``, which raises ``RuleBroken`` at the first one.

Document 002 "Como se Juega", "Tarjetas de acción", "Fin del juego",
"Variaciones"; register B2-B14. Seats are in clockwise order; ``direction``
is +1 (clockwise) or -1 (under a Reverse).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled.ranking import JACKPOT, RANK, card_readings, readings
from refcli.games.bamboozled.turns import HAND_LIMIT, STRIKE_CARDS, SUPPLY, check_dice
from refcli.games.bamboozled.words import card_name
from refcli.language.i18n import N_, _, ngettext
from refcli.model.errors import RuleBroken

ROLL = "roll"  # the actor must roll (and declare)
RESPOND = "respond"  # the actor faces a declaration: accept, call or play a before-roll card
OVER = "over"  # one player is left standing
CLOCKWISE = 1
# every roll of two dice, and the scores it can honestly be declared as (either order)
READINGS: dict[tuple[int, ...], frozenset[str]] = {
    (a, b): frozenset(readings(a, b)) for a in range(1, 7) for b in range(1, 7)
}
DICE = frozenset(READINGS)
ACTION_CARDS = sum(SUPPLY.values())


# -- actions (tuples: a record holds thousands, built in one pass) --------------------------
class Roll(NamedTuple):
    player: str
    declared: str
    rolled: tuple[int, ...] | None = None
    card: str | None = None  # an after-roll card behind the declaration


class Accept(NamedTuple):
    player: str


class Call(NamedTuple):
    player: str
    card: str | None = None  # "my-bad"
    strike: str | None = None  # as noted, checked when given


class Card(NamedTuple):
    player: str
    card: str  # new-start | reverse | skip | revive (my-bad goes with a Call)


Action = Roll | Accept | Call | Card


# -- where broken rules go --------------------------------------------------------------
class Log(Protocol):
    def error(self, rule: str, message: str) -> None: ...

    def warn(self, rule: str, message: str) -> None: ...

    def skip(self, note: str) -> None: ...


class _Ruling:
    """A ruling's log: the first broken rule is the ruling (exit 1); warnings and skipped checks do not apply."""

    def error(self, rule: str, message: str) -> None:
        raise RuleBroken(message, rule)

    def warn(self, rule: str, message: str) -> None:
        pass

    def skip(self, note: str) -> None:
        pass


RULING = _Ruling()


# -- the state ---------------------------------------------------------------------------
class State:
    """Everything the rules need to know at one moment of a game (what the table can see)."""

    __slots__ = (
        "actor",
        "declaration",
        "declarer",
        "direction",
        "discards",
        "hands",
        "inside",
        "just_out",
        "kids",
        "limit",
        "no_limits",
        "phase",
        "pile",
        "seat",
        "seats",
        "shown",
        "strikes",
        "struck",
        "to_beat",
        "winner",
    )

    def __init__(
        self,
        seats: Iterable[str],
        *,
        first: str | None = None,
        strikes_to_lose: int = 3,
        no_limits: bool = False,
        kids: bool = False,
        strikes: Mapping[str, int] | None = None,
        hands: Mapping[str, int | None] | None = None,
        pile: int | None = None,
        direction: int = CLOCKWISE,
    ) -> None:
        # made once per record replayed: built by dict.fromkeys and zip rather than comprehensions
        self.seats: tuple[str, ...] = tuple(seats)
        self.seat = dict(zip(self.seats, range(len(self.seats))))
        self.inside = set(self.seats)  # players still in the game
        self.strikes: dict[str, int] = dict.fromkeys(self.seats, 0)
        if strikes:
            self.strikes.update(strikes)
        self.struck = sum(self.strikes.values()) if strikes else 0  # strike cards out (002 has 16)
        self.hands: dict[str, int | None] = dict.fromkeys(self.seats, 1)  # None: not known
        if hands is not None:
            self.hands.update(hands)
        self.pile = pile  # action cards left to draw; None: not known (a draw is assumed possible)
        self.shown: dict[str, int] = {}  # cards revealed and discarded since the last reshuffle, by card
        self.discards = 0
        self.limit = strikes_to_lose
        self.no_limits = no_limits
        self.kids = kids
        self.direction = direction
        self.phase = ROLL
        self.actor = first or self.seats[0]
        self.to_beat = "0"  # the score a roll must tie or beat (kids: beat)
        self.declarer: str | None = None
        self.declaration: Roll | None = None  # the declaration the actor faces, if any
        self.just_out: str | None = None  # put out by the last action: may still play Revive
        self.winner: str | None = None

    @classmethod
    def dealt(cls, seats: Iterable[str], **options: object) -> State:
        """A game as dealt: one action card each, the rest in the pile."""
        state = cls(seats, **options)  # type: ignore[arg-type]
        state.pile = ACTION_CARDS - len(state.seats)
        return state

    @property
    def active(self) -> list[str]:
        """The players still in, in seating order."""
        return [name for name in self.seats if name in self.inside]

    @property
    def standing(self) -> str:
        """The score standing now: the declaration faced, else the score to beat."""
        return self.declaration.declared if self.declaration is not None else self.to_beat

    def next_after(self, name: str, direction: int | None = None) -> str:
        """The next player still in after ``name`` (in the current direction unless given)."""
        step = self.direction if direction is None else direction
        seats, inside = self.seats, self.inside
        count = len(seats)
        index = self.seat[name]
        candidate = seats[(index + step) % count]
        if candidate in inside:  # most often the very next seat: no loop
            return candidate
        for offset in range(2, count):
            candidate = seats[(index + step * offset) % count]
            if candidate in inside:
                return candidate
        return name

    def between(self, first: str, last: str) -> list[str]:
        """The players still in after ``first`` and before ``last``, in the current direction."""
        found: list[str] = []
        name = self.next_after(first)
        while name not in (last, first):
            found.append(name)
            name = self.next_after(name)
        return found

    def new_round(self, starter: str) -> None:
        self.phase, self.actor, self.to_beat = ROLL, starter, "0"
        self.declarer, self.declaration, self.direction = None, None, CLOCKWISE  # B8


# -- what one action did -----------------------------------------------------------------
# What an action decided beyond the State, by Outcome attribute (None: nothing beyond the State).
Decided = Mapping[str, object] | None
HONEST: Decided = MappingProxyType({"honest": True})  # one for every honest accept: read-only, Outcome copies it


class Outcome:
    """What one action decided, and who acts next (read from the State right after the step).

    Only what an action decided (``Decided``) is set on it; the rest are the class's defaults. A replay
    makes none (``advance``): a ruling and the property tests read one per action.
    """

    strike_to: str | None = None  # who takes a strike
    eliminated: str | None = None  # who that strike put out
    honest: bool | None = None  # the declaration is what the dice alone show (None: not known)
    carded: bool = False  # an after-roll card makes it true
    discarded: tuple[str, ...] = ()  # cards shown and discarded
    drew: str | None = None  # who drew an action card
    discard_one: bool = False  # ... and, at the hand limit, discarded one
    own_score: bool = False  # Skip/Reverse sent the dice back: the declarer rolls on their own score (B6)
    revived: str | None = None  # Revive on the final strike kept this player in

    def __init__(self, state: State, decided: Decided = None) -> None:
        if decided:
            self.__dict__.update(decided)
        self.winner = state.winner
        self.phase = state.phase
        self.next_to_act = None if state.winner is not None else state.actor

    @property
    def bluff(self) -> bool | None:
        """Neither the dice nor an after-roll card make the declaration true (None: dice not known)."""
        return None if self.honest is None else not self.honest and not self.carded

    @property
    def game_over(self) -> bool:
        return self.winner is not None


# -- the step ------------------------------------------------------------------------------
def step(state: State, action: Action, log: Log) -> Outcome:
    """Apply one action to ``state`` (in place) and say what it decided; broken rules go to ``log``."""
    return Outcome(state, advance(state, action, log))


def advance(state: State, action: Action, log: Log) -> Decided:
    """``step`` without its ``Outcome``: the action applied, and what it decided beyond the State (None: nothing).

    A replay reads nothing of an event's outcome, so it calls this and builds no Outcome per event; a
    ruling and the property tests call ``step``, which reads the same decisions into one.
    """
    kind, player = type(action), action[0]  # every action's player: by index, cheaper than a NamedTuple's field
    just_out = state.just_out
    if just_out is not None:  # only the action right after a final strike may be its Revive
        state.just_out = None
        if kind is Card and action.card == "revive" and player == just_out:  # type: ignore[union-attr]
            return _revive_final(state, player, log)
    if state.winner is not None:
        log.error(C.END_WINNER, _("the game is over: {winner} is the last player standing").format(winner=state.winner))
        return None
    if player not in state.inside:
        log.error(C.STRIKE_OUT, _("{player} is out of the game").format(player=player))
        return None
    return _STEPS[kind](state, action, log)


# Who must act now, and what the player acting out of turn did: (the actor must roll, what was done).
OUT_OF_TURN = {
    (True, "roll"): N_("{actor} must roll now, not {player} roll"),
    (True, "accept"): N_("{actor} must roll now, not {player} accept"),
    (True, "call"): N_("{actor} must roll now, not {player} call"),
    (False, "roll"): N_("{actor} must accept, call or play a card now, not {player} roll"),
    (False, "accept"): N_("{actor} must accept, call or play a card now, not {player} accept"),
    (False, "call"): N_("{actor} must accept, call or play a card now, not {player} call"),
}


def _expect(state: State, phase: str, player: str, what: str, log: Log) -> None:
    """``player`` should be the one to act, in this phase (callers test that first: it is most events)."""
    if state.phase != phase or state.actor != player:
        log.error(
            C.TURN_DECLARE_NEXT if state.phase == RESPOND else C.TURN_ACCEPT_AND_BEAT,
            _(OUT_OF_TURN[(state.phase == ROLL, what)]).format(actor=state.actor, player=player),
        )
        state.phase, state.actor = phase, player  # resynchronise


def _roll(state: State, roll: Roll, log: Log) -> Decided:
    player, declared, rolled, card = roll  # every other event is a roll: its fields are read once
    if state.phase != ROLL or state.actor != player:
        _expect(state, ROLL, player, "roll", log)
    if rolled is not None and rolled not in DICE:
        try:
            check_dice(rolled)
        except RuleBroken as broken:
            log.error(broken.clause, str(broken))
    to_beat, kids = state.to_beat, state.kids
    if not kids and to_beat != "0" and RANK[declared] < RANK[to_beat]:
        log.error(
            C.TIE_OR_BEAT,
            _("{declared} does not tie or beat {to_beat}, the score to beat").format(
                declared=declared, to_beat=to_beat
            ),
        )
    if card is not None and state.hands.get(player) == 0:
        log.error(
            C.HAND_START,
            _("{player} holds no action card to back {declared} with {card}").format(
                player=player, declared=declared, card=card_name(card)
            ),
        )
    if kids:
        return _kids_roll(state, roll, log)
    state.declarer, state.declaration = player, roll
    # next_after's first look, made here (every other event is a roll): most often the very next seat is in
    seats = state.seats
    following = seats[(state.seat[player] + state.direction) % len(seats)]
    state.phase, state.actor = RESPOND, following if following in state.inside else state.next_after(player)
    return None


def kids_beats(declared: str, to_beat: str) -> bool:
    """B10 and B12: with the kids' rules a roll must beat the last one; only a jackpot may be tied."""
    return to_beat == "0" or RANK[declared] > RANK[to_beat] or declared == to_beat == JACKPOT


def _kids_roll(state: State, roll: Roll, log: Log) -> Decided:
    """B10, B13: every roll is open; an after-roll card changes it openly and is discarded."""
    player, declared, rolled = roll.player, roll.declared, roll.rolled
    discarded: tuple[str, ...] = ()
    if rolled is None:
        log.error(C.KIDS_NO_BLUFF, _("with the kids' rules every roll is open: record the dice"))
    elif len(rolled) == 2 and declared not in readings(rolled[0], rolled[1]):
        if roll.card is not None and declared in card_readings(rolled[0], rolled[1], roll.card):
            _use_card(state, player, roll.card, log)
            discarded = (roll.card,)
        else:
            log.error(
                C.KIDS_NO_BLUFF,
                _("{declared} is not what the dice show: the kids' rules have no bluffing").format(declared=declared),
            )
    previous = state.declarer
    if not kids_beats(declared, state.to_beat):
        out = _strike(state, player, log)
        drew = None
        if previous is not None and previous != player and previous in state.inside:
            _draw(state, previous)
            drew = previous
        _end_round(state, player, out)
        return {"strike_to": player, "eliminated": player if out else None, "discarded": discarded, "drew": drew}
    state.declarer, state.declaration, state.to_beat = player, roll, declared
    state.phase, state.actor = ROLL, state.next_after(player)
    return {"discarded": discarded}


def _accept(state: State, accept: Accept, log: Log) -> Decided:
    (player,) = accept
    if state.kids:
        log.error(C.KIDS_NO_BLUFF, _("with the kids' rules nobody accepts or calls"))
    if state.phase != RESPOND or state.actor != player:
        _expect(state, RESPOND, player, "accept", log)
    declaration, declarer = state.declaration, state.declarer
    if declaration is None or declarer is None:
        log.error(C.TURN_ACCEPT_AND_BEAT, _("there is no declaration to accept"))
        state.phase, state.actor = ROLL, player
        return None
    _declarer, declared, rolled, card = declaration  # one unpacking, cheaper than three NamedTuple fields
    state.to_beat, state.declaration = declared, None
    state.phase, state.actor = ROLL, player
    if rolled is None or len(rolled) != 2:
        log.skip(_("whether {player} bamboozled (the dice are not recorded)").format(player=declarer))
        if state.hands.get(declarer) is not None:
            state.hands[declarer] = None
            log.skip(_("hand-size checks for {player} from this event on").format(player=declarer))
        return None
    if declared in (READINGS.get(rolled) or readings(rolled[0], rolled[1])):
        return HONEST  # most accepts: the dice show what was declared
    # a bamboozle, even when an after-roll card would have made it true (002)
    carded = card is not None and declared in card_readings(rolled[0], rolled[1], card)
    return {"honest": False, "carded": carded, "drew": declarer, "discard_one": _draw(state, declarer)}


def _call(state: State, call: Call, log: Log) -> Decided:
    caller, played, noted = call  # the card played with the call (My Bad), the strike as noted
    if state.kids:
        log.error(C.KIDS_NO_BLUFF, _("with the kids' rules nobody accepts or calls"))
    if state.phase != RESPOND or state.actor != caller:
        _expect(state, RESPOND, caller, "call", log)
    declaration, declarer = state.declaration, state.declarer
    if declaration is None or declarer is None:
        log.error(C.TURN_CALL, _("there is no declaration to call"))
        state.new_round(caller)
        return None
    _declarer, declared, rolled, card = declaration  # one unpacking, cheaper than three NamedTuple fields
    if rolled is None or len(rolled) != 2:
        log.error(C.TURN_CALL, _("a called roll is revealed: record its dice"))
        state.new_round(caller)
        return None
    my_bad = played == "my-bad"
    if my_bad:
        _use_card(state, caller, "my-bad", log)
    honest = declared in (READINGS.get(rolled) or readings(rolled[0], rolled[1]))
    carded = not honest and card is not None and declared in card_readings(rolled[0], rolled[1], card)
    discarded: tuple[str, ...] = ()
    if carded:  # the after-roll card is shown and discarded (002 "A. Cartas ... después de tirar")
        _use_card(state, declarer, card, log)  # type: ignore[arg-type]
        discarded = (card,)  # type: ignore[assignment]
    if my_bad:
        discarded += ("my-bad",)
    bluff = not honest and not carded
    strike_to = declarer if bluff else (None if my_bad or carded else caller)
    if noted is not None and noted != strike_to:
        said = (
            _("{player} takes the strike, not {noted}").format(player=strike_to, noted=noted)
            if strike_to is not None
            else _("nobody takes the strike, not {noted}").format(noted=noted)
        )
        log.error(C.TURN_CALL, said)
    if strike_to is None and not my_bad:  # B3: the card made it true; the score stands
        state.to_beat, state.declaration = declared, None
        state.phase, state.actor = ROLL, caller
        return {"honest": honest, "carded": carded, "discarded": discarded}
    out = _strike(state, strike_to, log) if strike_to is not None else False
    if my_bad:  # B4: the round restarts at 0 and the My Bad player rolls first
        if state.winner is None:
            state.new_round(caller)
    else:
        _end_round(state, strike_to, out)  # type: ignore[arg-type]
    return {
        "strike_to": strike_to,
        "eliminated": strike_to if out else None,
        "honest": honest,
        "carded": carded,
        "discarded": discarded,
    }


def card_timing(state: State, player: str, card: str, log: Log) -> bool:
    """002 "B.": before-roll cards are played on your own turn, after the previous declaration, before
    calling or rolling (with the kids' rules: before rolling on the last roll)."""
    if state.kids and card == "my-bad":
        log.error(C.KIDS_NO_MY_BAD, _("My Bad cards are removed for the kids' rules"))
    faces = state.declaration is not None and state.phase == (ROLL if state.kids else RESPOND)
    if state.actor != player:
        rule = (
            C.REVERSE_OWN_TURN if card == "reverse" else (C.SKIP_ONLY_SELF if card == "skip" else C.BEFORE_ROLL_TIMING)
        )
        log.error(
            rule,
            _("{player} cannot play {card} on {actor}'s turn").format(
                player=player, card=card_name(card), actor=state.actor
            ),
        )
        return False
    if not faces:
        when = (
            _(
                "{player} cannot play {card} now: nobody has declared yet this round, and before-roll cards are "
                "played after the previous player declares, before calling or rolling"
            )
            if state.to_beat == "0" and state.declaration is None
            else _(
                "{player} cannot play {card} now: it is time to roll, and before-roll cards are played after the "
                "previous player declares, before calling or rolling"
            )
        )
        log.error(C.BEFORE_ROLL_TIMING, when.format(player=player, card=card_name(card)))
        return False
    return True


def _card(state: State, action: Card, log: Log) -> Decided:
    player, card = action.player, action.card
    if not card_timing(state, player, card, log):
        return None  # not played: the replay goes on as if it had not been
    if card == "revive" and state.strikes[player] < 1:
        log.error(C.REVIVE, _("{player} has no strike to give back").format(player=player))
        return None
    _use_card(state, player, card, log)
    declaration, declarer = state.declaration, state.declarer or player
    if card == "new-start":
        state.to_beat, state.declarer, state.declaration = "0", None, None
        state.phase = ROLL
    elif card == "revive":
        state.strikes[player] -= 1
        state.struck -= 1
    else:
        two = len(state.inside) == 2
        if card == "reverse" and not two:
            state.direction = -state.direction
        if card == "reverse" or two or state.next_after(player) == declarer:
            # B6, B14: the dice go back; the last roller rolls on their own score (nobody bamboozles themselves)
            if declaration is not None:
                state.to_beat = declaration.declared
            if not state.kids:
                state.declaration = None
            state.phase, state.actor = ROLL, declarer
            return {"discarded": (card,), "own_score": True}
        state.actor = state.next_after(player)  # Skip: the next player faces the declaration
    return {"discarded": (card,)}


def _revive_final(state: State, player: str, log: Log) -> Decided:
    """B9: Revive played at once on the final strike keeps the player in; having taken the strike,
    they start the next round (002 "El jugador que recibe la carta de strike comienza la siguiente ronda")."""
    _use_card(state, player, "revive", log)
    state.strikes[player] = state.limit - 1
    state.struck -= 1
    state.inside.add(player)
    state.winner = None
    state.new_round(player)
    return {"discarded": ("revive",), "revived": player}


# -- cards and strikes ----------------------------------------------------------------------
def _use_card(state: State, player: str, card: str, log: Log) -> None:
    hand = state.hands.get(player)
    if hand is not None and hand < 1:
        log.error(
            C.HAND_START, _("{player} holds no action card to play {card}").format(player=player, card=card_name(card))
        )
    elif hand is not None:
        state.hands[player] = hand - 1
    shown = state.shown.get(card, 0)
    if shown >= SUPPLY[card]:
        log.error(
            C.COMPONENTS,
            # TRANSLATORS: English keeps one form; the other language's forms agree with {count}.
            ngettext(
                "a {card} card is shown more often than the {count} in the game",
                "a {card} card is shown more often than the {count} in the game",
                SUPPLY[card],
            ).format(card=card_name(card), count=SUPPLY[card]),
        )
    state.shown[card] = shown + 1
    state.discards += 1


def _draw(state: State, player: str) -> bool:
    """``player`` draws an action card; True when they are at the hand limit and discard one (002)."""
    if state.pile == 0:  # 002: reshuffle the used cards into a new pile
        state.pile, state.discards = state.discards, 0
        state.shown.clear()
        if state.pile == 0:
            return False
    if state.pile is not None:
        state.pile -= 1
    hand = state.hands.get(player)
    if hand is None:
        return False
    if hand >= HAND_LIMIT and not state.no_limits:
        state.discards += 1  # draws a third, keeps two
        return True
    state.hands[player] = hand + 1
    return False


def _strike(state: State, player: str, log: Log) -> bool:
    """Give ``player`` a strike; True when it puts them out."""
    count = state.strikes[player] = state.strikes.get(player, 0) + 1
    state.struck += 1
    if state.limit == 3 and state.struck > STRIKE_CARDS:
        log.warn(
            C.MORE_STRIKES,
            _("more than the {count} strike cards are out: keep count on paper").format(count=STRIKE_CARDS),
        )
    if count < state.limit:
        return False
    state.inside.discard(player)
    state.just_out = player
    if len(state.inside) == 1:  # the last player standing wins; the strike still resets the score
        (state.winner,) = state.inside
        state.phase, state.to_beat, state.declarer, state.declaration = OVER, "0", None, None
    return True


def _end_round(state: State, struck: str, out: bool) -> None:
    """B5, B8: the struck player starts the next round at 0, clockwise; if out, the next player does."""
    if state.winner is None:
        state.new_round(state.next_after(struck, CLOCKWISE) if out else struck)


_STEPS: dict[type, Callable[[State, Any, Log], Decided]] = {Roll: _roll, Accept: _accept, Call: _call, Card: _card}
