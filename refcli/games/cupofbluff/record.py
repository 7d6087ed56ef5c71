"""Cup of Bluff recorded games: read, replay, report every broken rule by event number.

    game = "cup-of-bluff"
    players = ["Ana", "Ben", "Cid"]      # seating order; the youngest first
    first = "Ana"                         # optional
    target = 0                            # the points-target variant; 0: until the centre is empty
    winner = "Ana"                        # optional, checked
    [[event]] type = "call"      caller, target, called, dice, answer, gives (the chip given under
                                 the exception), chip_to (optional, checked)
    [[event]] type = "exchange"  player, dice, returns, takes

The format is described once, in ``formats.RECORD``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from refcli.errors import RuleBroken
from refcli.formats import read
from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff.chips import centre, is_over, resolve_call, resolve_exchange, standings
from refcli.games.cupofbluff.formats import RECORD
from refcli.inputs import Document
from refcli.options import ValidateOptions
from refcli.validation import FileResult, ReplayLog, run_replay

GAME = "cup-of-bluff"


@dataclass(frozen=True)
class Call:
    caller: str
    target: str
    called: int
    dice: tuple[int, ...]
    answer: str
    gives: int | None = None
    chip_to: str | None = None


@dataclass(frozen=True)
class Exchange:
    player: str
    dice: tuple[int, ...]
    returns: tuple[int, ...]
    takes: int


@dataclass(frozen=True)
class Record:
    players: tuple[str, ...]
    events: tuple[Call | Exchange, ...]
    first: str | None = None
    target: int = 0
    winner: str | None = None


@dataclass
class Replay(ReplayLog):
    record: Record
    chips: dict[str, list[int]] = field(default_factory=dict)
    turn: int = 0
    over: bool = False

    def __post_init__(self) -> None:
        self.chips = {name: [] for name in self.record.players}
        if self.record.first:
            self.turn = self.record.players.index(self.record.first)

    def check_turn(self, actor: str) -> None:
        expected = self.record.players[self.turn]
        if actor != expected:
            self.error(C.TURN_FIRST, f"it is {expected}'s turn, not {actor}'s (play passes clockwise)")
        self.turn = (self.record.players.index(actor) + 1) % len(self.record.players)

    def apply(self, event: Call | Exchange) -> None:
        self.number += 1
        if self.over:
            self.error(C.END_LAST_CHIP, "the game is over: " + is_over(self.chips, self.record.target)[1])
            return
        if isinstance(event, Call):
            self.call(event)
        else:
            self.exchange(event)
        self.over = is_over(self.chips, self.record.target)[0]

    def call(self, event: Call) -> None:
        self.check_turn(event.caller)
        try:
            result = resolve_call(
                caller=event.caller,
                target=event.target,
                called=event.called,
                dice=event.dice,
                answer=event.answer,
                chips=self.chips,
            )
        except RuleBroken as broken:
            self.error(broken.clause, str(broken))
            return
        if event.chip_to is not None and event.chip_to != result.chip_to:
            self.error(
                C.SCORE_FOOLED if result.fooled else C.SCORE_NOT_FOOLED,
                f"chip {event.called} goes to {result.chip_to}, not {event.chip_to}",
            )
        given_before = list(self.chips[event.caller])
        if result.chip_from != "centre":
            self.chips[result.chip_from].remove(event.called)
        self.chips[result.chip_to].append(event.called)
        if result.must_give:
            if event.gives is None:
                self.error(
                    C.EXCEPTION,
                    f"{event.caller} must give {event.target} one of the chips scored before: record it as gives",
                )
            elif event.gives not in given_before:
                self.error(
                    C.EXCEPTION,
                    f"{event.caller} cannot give chip {event.gives}: it is not one {event.caller} scored before",
                )
            else:
                self.chips[event.caller].remove(event.gives)
                self.chips[event.target].append(event.gives)
        elif event.gives is not None:
            self.error(
                C.EXCEPTION,
                f"{event.caller} owes no chip here (only after failing to take a chip in front of the target)",
            )

    def exchange(self, event: Exchange) -> None:
        self.check_turn(event.player)
        try:
            result = resolve_exchange(player=event.player, dice=event.dice, returns=event.returns, chips=self.chips)
        except RuleBroken as broken:
            self.error(broken.clause, str(broken))
            return
        if event.takes not in result.choices:
            self.error(
                C.EXCHANGE,
                f"chip {event.takes} is not a centre chip worth {result.points} points ({', '.join(map(str, result.choices))} are)",
            )
            return
        for chip in event.returns:
            self.chips[event.player].remove(chip)
        self.chips[event.player].append(event.takes)

    def finish(self) -> str | None:
        winners = [s.name for s in standings(self.chips) if s.rank == 1] if self.over else []
        recorded = self.record.winner
        if not self.over:
            message = f"the record ends before the game is over ({len(centre(self.chips))} chips in the centre)"
            if recorded is not None:
                self.error(C.END_LAST_CHIP, message + f", yet it names {recorded} the winner", event=None)
            else:
                self.warn(C.END_LAST_CHIP, message, event=None)
        elif recorded is not None and recorded not in winners:
            self.error(C.END_WINNER, f"{' and '.join(winners)} won, not {recorded}", event=None)
        return winners[0] if len(winners) == 1 else None


def replay(record: Record, *, strict: bool = False) -> Replay:
    state = Replay(record, strict=strict)
    run_replay(state, record.events)
    return state


def event_of(values: dict[str, Any]) -> Call | Exchange:
    """One ``[[event]]`` as the replay takes it (its keys already read: ``formats.RECORD``)."""
    if values["type"] == "call":
        return Call(
            caller=values["caller"],
            target=values["target"],
            called=values["called"],
            dice=tuple(values["dice"]),
            answer=values["answer"],
            gives=values["gives"],
            chip_to=values["chip_to"],
        )
    return Exchange(
        player=values["player"], dice=tuple(values["dice"]), returns=tuple(values["returns"]), takes=values["takes"]
    )


def read_record(doc: Document) -> Record:
    """The record (format: ``formats.RECORD``); the rules are the replay's to check."""
    values = read(RECORD, doc)
    return Record(
        players=tuple(values["players"]),
        events=tuple(event_of(event) for event in values["event"] or ()),
        first=values["first"],
        target=values["target"],
        winner=values["winner"],
    )


def validate_document(doc: Document, options: ValidateOptions) -> FileResult:
    record = read_record(doc)
    state = replay(record, strict=options.strict)
    summary = {"events": len(record.events), "over": state.over, "chips": state.chips}
    return FileResult(doc.name, GAME, tuple(state.findings), (), summary)
