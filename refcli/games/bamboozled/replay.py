"""Replaying a recorded Bamboozled game and collecting every broken rule. Pure: no I/O.

Events are the moves of the game in order: ``roll`` (a declaration),
``accept``, ``call`` and ``card`` (a before-roll action card). Like the
Kuhhandel replay, a finding is recorded and the event applied as written,
so one mistake does not hide the next. Which action cards a player holds is
hidden; how many they hold, and which cards have been shown, are not.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from refcli.errors import RuleBroken
from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled.ranking import rank, readings
from refcli.games.bamboozled.turns import (
    HAND_LIMIT,
    STRIKE_CARDS,
    SUPPLY,
    check_declaration,
    check_dice,
    resolve_call,
    truth,
)
from refcli.validation import ReplayLog, run_replay


@dataclass(frozen=True)
class Roll:
    player: str
    declared: str
    rolled: tuple[int, ...] | None = None
    card: str | None = None  # an after-roll card behind the declaration


@dataclass(frozen=True)
class Accept:
    player: str


@dataclass(frozen=True)
class Call:
    player: str
    card: str | None = None  # "my-bad"
    strike: str | None = None  # as noted, checked when given


@dataclass(frozen=True)
class Card:
    player: str
    card: str  # new-start | reverse | skip | revive


Event = Roll | Accept | Call | Card


@dataclass(frozen=True)
class Record:
    players: tuple[str, ...]
    events: tuple[Event, ...]
    first: str | None = None
    strikes_to_lose: int = 3
    no_limits: bool = False
    kids: bool = False
    winner: str | None = None


@dataclass
class Replay(ReplayLog):
    record: Record
    active: list[str] = field(default_factory=list)  # seating order, players still in
    strikes: Counter[str] = field(default_factory=Counter)
    hands: dict[str, int | None] = field(default_factory=dict)  # None: not known any more
    pile: int = 0
    shown: Counter[str] = field(default_factory=Counter)  # cards revealed and discarded since the last reshuffle
    discards: int = 0
    direction: int = 1
    phase: str = "roll"  # "roll": `actor` must roll; "respond": `actor` accepts, calls or plays a card
    actor: str = ""
    to_beat: str = "0"
    declarer: str | None = None
    declaration: Roll | None = None
    just_out: str | None = None  # eliminated by the last event: may still play Revive
    winner: str | None = None

    def __post_init__(self) -> None:
        players = self.record.players
        self.active = list(players)
        self.hands = {name: 1 for name in players}
        self.pile = sum(SUPPLY.values()) - len(players)
        self.actor = self.record.first or players[0]

    # -- order ----------------------------------------------------------------
    def next_after(self, name: str, direction: int | None = None) -> str:
        """The next player still in after ``name`` in the current direction."""
        step = self.direction if direction is None else direction
        seats = list(self.record.players)
        index = seats.index(name)
        for offset in range(1, len(seats) + 1):
            candidate = seats[(index + step * offset) % len(seats)]
            if candidate in self.active and candidate != name:
                return candidate
        return name

    def expect(self, phase: str, player: str, what: str) -> None:
        if self.phase != phase or self.actor != player:
            doing = "roll" if self.phase == "roll" else "accept, call or play a card"
            self.error(
                C.TURN_DECLARE_NEXT if self.phase == "respond" else C.TURN_ACCEPT_AND_BEAT,
                f"{self.actor} must {doing} now, not {player} {what}",
            )
            self.phase, self.actor = phase, player  # resynchronise

    # -- cards ----------------------------------------------------------------
    def use_card(self, player: str, card: str, *, shown: bool = True) -> None:
        hand = self.hands.get(player)
        if hand is not None and hand < 1:
            self.error(C.HAND_START, f"{player} holds no action card to play {card}")
        elif hand is not None:
            self.hands[player] = hand - 1
        if shown:
            if self.shown[card] >= SUPPLY[card]:
                self.error(C.COMPONENTS, f"a {card} card is shown more often than the {SUPPLY[card]} in the game")
            self.shown[card] += 1
            self.discards += 1

    def draw(self, player: str) -> None:
        if self.pile == 0:  # 002: reshuffle the used cards into a new pile
            self.pile, self.discards = self.discards, 0
            self.shown.clear()
        if self.pile == 0:
            return
        self.pile -= 1
        hand = self.hands.get(player)
        if hand is None:
            return
        if hand >= HAND_LIMIT and not self.record.no_limits:
            self.discards += 1  # draws a third, keeps two
        else:
            self.hands[player] = hand + 1

    # -- strikes and rounds ---------------------------------------------------
    def strike(self, player: str) -> bool:
        """Give ``player`` a strike; True when it puts them out."""
        self.strikes[player] += 1
        if self.record.strikes_to_lose == 3 and sum(self.strikes.values()) > STRIKE_CARDS:
            self.warn(C.MORE_STRIKES, f"more than the {STRIKE_CARDS} strike cards are out: keep count on paper")
        if self.strikes[player] >= self.record.strikes_to_lose:
            self.active.remove(player)
            self.just_out = player
            if len(self.active) == 1:
                self.winner = self.active[0]
            return True
        return False

    def new_round(self, starter: str) -> None:
        self.phase, self.actor, self.to_beat = "roll", starter, "0"
        self.declarer, self.declaration, self.direction = None, None, 1  # B8

    # -- events ---------------------------------------------------------------
    def apply(self, event: Event) -> None:
        self.number += 1
        just_out, self.just_out = self.just_out, None
        if isinstance(event, Card) and event.card == "revive" and event.player == just_out:
            self.revive_final(event, just_out)
            return
        if self.winner is not None:
            self.error(C.END_WINNER, f"the game is over: {self.winner} is the last player standing")
            return
        if event.player not in self.active:
            self.error(C.STRIKE_OUT, f"{event.player} is out of the game")
            return
        if isinstance(event, Roll):
            self.roll(event)
        elif isinstance(event, Accept):
            self.accept(event)
        elif isinstance(event, Call):
            self.call(event)
        else:
            self.card(event)

    def roll(self, event: Roll) -> None:
        self.expect("roll", event.player, "roll")
        if event.rolled is not None:
            try:
                check_dice(event.rolled)
            except RuleBroken as broken:
                self.error(broken.clause, str(broken))
        if not self.record.kids:  # kids' rules: a roll that does not beat is a strike, not a mistake
            try:
                check_declaration(event.declared, self.to_beat)
            except RuleBroken as broken:
                self.error(broken.clause, str(broken))
        if event.card is not None and self.hands.get(event.player) == 0:
            self.error(C.HAND_START, f"{event.player} holds no action card to back {event.declared} with {event.card}")
        if self.record.kids:
            self.kids_roll(event)
            return
        self.declarer, self.declaration = event.player, event
        self.phase, self.actor = "respond", self.next_after(event.player)

    def kids_roll(self, event: Roll) -> None:
        """B10: no bluffing; a roll that does not beat the last one is a strike."""
        if event.rolled is None:
            self.error(C.KIDS_NO_BLUFF, "with the kids' rules every roll is open: record the dice")
        elif event.declared not in readings(*event.rolled[:2]) if len(event.rolled) == 2 else True:
            self.error(C.KIDS_NO_BLUFF, f"{event.declared} is not what the dice show: the kids' rules have no bluffing")
        if self.to_beat != "0" and rank(event.declared) <= rank(self.to_beat):
            previous = self.declarer
            out = self.strike(event.player)
            if previous is not None and previous in self.active:
                self.draw(previous)
            starter = event.player if not out else self.next_after(event.player)
            if self.winner is None:
                self.new_round(starter)
            return
        self.declarer, self.to_beat = event.player, event.declared
        self.phase, self.actor = "roll", self.next_after(event.player)

    def accept(self, event: Accept) -> None:
        if self.record.kids:
            self.error(C.KIDS_NO_BLUFF, "with the kids' rules nobody accepts or calls")
        self.expect("respond", event.player, "accept")
        declaration = self.declaration
        if declaration is None or self.declarer is None:
            self.error(C.TURN_ACCEPT_AND_BEAT, "there is no declaration to accept")
            self.phase, self.actor = "roll", event.player
            return
        if declaration.rolled is None or len(declaration.rolled) != 2:
            self.skipped.append(f"event {self.number}: whether {self.declarer} bamboozled (the dice are not recorded)")
            if self.hands.get(self.declarer) is not None:
                self.hands[self.declarer] = None
                self.skipped.append(f"hand-size checks for {self.declarer} from event {self.number} on")
        else:
            honest, _ = truth(declaration.declared, declaration.rolled, declaration.card)
            if not honest:
                self.draw(self.declarer)
        self.to_beat = declaration.declared
        self.phase, self.actor = "roll", event.player

    def call(self, event: Call) -> None:
        if self.record.kids:
            self.error(C.KIDS_NO_BLUFF, "with the kids' rules nobody accepts or calls")
        self.expect("respond", event.player, "call")
        declaration, declarer = self.declaration, self.declarer
        if declaration is None or declarer is None:
            self.error(C.TURN_CALL, "there is no declaration to call")
            self.new_round(event.player)
            return
        if declaration.rolled is None or len(declaration.rolled) != 2:
            self.error(C.TURN_CALL, "a called roll is revealed: record its dice")
            self.new_round(event.player)
            return
        if event.card == "my-bad":
            self.use_card(event.player, "my-bad")
        result = resolve_call(
            players=[p for p in self.record.players if p in self.active],
            declarer=declarer,
            caller=event.player,
            declared=declaration.declared,
            rolled=declaration.rolled,
            card=declaration.card,
            caller_card=event.card,
            strikes=self.strikes,
            strikes_to_lose=self.record.strikes_to_lose,
        )
        if declaration.card in result.cards_discarded:
            self.use_card(declarer, declaration.card)
        if event.strike is not None and event.strike != result.strike_to:
            who = result.strike_to or "nobody"
            self.error(C.TURN_CALL, f"{who} takes the strike, not {event.strike}")
        if result.strike_to is None and not result.round_over:
            self.to_beat = declaration.declared  # B3: the score stands
            self.phase, self.actor = "roll", event.player
            return
        if result.strike_to is not None:
            self.strike(result.strike_to)
        if self.winner is None:
            self.new_round(result.next_to_roll)

    def card(self, event: Card) -> None:
        if self.record.kids and event.card == "my-bad":
            self.error(C.KIDS_NO_MY_BAD, "My Bad cards are removed for the kids' rules")
        if self.phase != "respond" or self.actor != event.player:
            rule = C.REVERSE_OWN_TURN if event.card == "reverse" else C.BEFORE_ROLL_TIMING
            self.error(
                rule,
                f"{event.player} cannot play {event.card} now: before-roll cards are played on your own turn, after the previous declaration",
            )
            return
        if event.card == "revive" and self.strikes[event.player] < 1:
            self.error(C.REVIVE, f"{event.player} has no strike to give back")
            return
        self.use_card(event.player, event.card)
        declarer = self.declarer or event.player
        two = len(self.active) == 2
        if event.card == "new-start":
            self.to_beat, self.declaration = "0", None
            self.phase = "roll"
        elif event.card == "revive":
            self.strikes[event.player] -= 1
        elif event.card == "reverse" or two:
            if event.card == "reverse" and not two:
                self.direction = -self.direction
            self.to_beat = self.declaration.declared if self.declaration else self.to_beat
            self.phase, self.actor = "roll", declarer  # B6: the last roller rolls on their own score
        else:  # skip, three or more players: the next player faces the declaration
            self.actor = self.next_after(event.player)

    def revive_final(self, event: Card, player: str) -> None:
        """B9: Revive played at once on the final strike keeps the player in."""
        self.use_card(player, "revive")
        self.strikes[player] = self.record.strikes_to_lose - 1
        seats = list(self.record.players)
        self.active = [p for p in seats if p in self.active or p == player]
        self.winner = None

    # -- the end --------------------------------------------------------------
    def finish(self) -> None:
        recorded = self.record.winner
        if self.winner is None:
            message = f"the record ends with {len(self.active)} players still in ({', '.join(self.active)})"
            if recorded is not None:
                self.error(C.END_WINNER, message + f", yet it names {recorded} the winner", event=None)
            else:
                self.warn(C.END_WINNER, message, event=None)
        elif recorded is not None and recorded != self.winner:
            self.error(C.END_WINNER, f"{self.winner} is the last player standing, not {recorded}", event=None)


def replay(record: Record, *, strict: bool = False) -> Replay:
    state = Replay(record, strict=strict)
    run_replay(state, record.events)
    return state
