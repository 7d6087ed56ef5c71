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
from typing import Any, NamedTuple

from refcli.games.cupofbluff import GAME as CUP_OF_BLUFF  # the declaration: reading uses its words, never looks it up
from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff.engine import Call, Exchange, Problem, State, advance, winners
from refcli.games.cupofbluff.formats import RECORD
from refcli.language.i18n import _, ngettext
from refcli.reading.documents import Document
from refcli.reading.formats.description import Made, with_made
from refcli.results.findings import ReplayLog, run_replay
from refcli.results.records import Records
from refcli.results.report import listed

GAME = "cup-of-bluff"
__all__ = ["Call", "Exchange", "Record", "Replay", "read_record", "replay", "validate_document"]


class Record(NamedTuple):  # a tuple: one is made for every record validated, cheaper than a frozen dataclass
    players: tuple[str, ...]
    events: tuple[Call | Exchange, ...]
    first: str | None = None
    target: int = 0
    winner: str | None = None


@dataclass
class Replay(ReplayLog):
    """The record's turns applied one by one with ``engine.step``, each broken rule a finding."""

    record: Record
    state: State = field(init=False)

    def __post_init__(self) -> None:
        self.state = State.start(self.record.players, first=self.record.first, target=self.record.target)

    @property
    def chips(self) -> dict[str, list[int]]:
        return self.state.chips

    @property
    def over(self) -> bool:
        return self.state.over

    def apply(self, event: Call | Exchange) -> None:
        self.number += 1
        if not self.strict:
            advance(self.state, event, self)  # ``step``'s rules; each rule broken comes to ``append``
            return
        # --strict: the turn is applied in full, then its first broken rule ends the replay
        problems: list[Problem] = []
        advance(self.state, event, problems)
        for problem in problems:
            self.error(problem.clause, problem.message)

    def append(self, problem: Problem) -> None:
        """A rule the turn being applied breaks (``engine.Problems``): a finding at once, no list per turn."""
        self.error(problem.clause, problem.message)

    def finish(self) -> str | None:
        state = self.state
        recorded = self.record.winner
        ranked_first = winners(state)  # ``engine.finish``'s winners; the replay reads nothing else of the end
        if not state.over:
            left = len(self.state.centre())
            if recorded is not None:
                message = ngettext(
                    "the record ends before the game is over ({n} chip in the centre), yet it names {winner} the winner",
                    "the record ends before the game is over ({n} chips in the centre), yet it names {winner} the winner",
                    left,
                ).format(n=left, winner=recorded)
                self.error(C.END_LAST_CHIP, message, event=None)
            else:
                message = ngettext(
                    "the record ends before the game is over ({n} chip in the centre)",
                    "the record ends before the game is over ({n} chips in the centre)",
                    left,
                ).format(n=left)
                self.warn(C.END_LAST_CHIP, message, event=None)
        elif recorded is not None and recorded not in ranked_first:
            message = _("{winners} won, not {recorded}").format(winners=listed(ranked_first), recorded=recorded)
            self.error(C.END_WINNER, message, event=None)
        return ranked_first[0] if len(ranked_first) == 1 else None


def replay(record: Record, *, strict: bool = False) -> Replay:
    state = Replay(record, strict=strict)
    run_replay(state, record.events)
    return state


# The events, made by the reader as it reads each [[event]] (``refcli.reading.formats.description.Made``): each
# a NamedTuple made from its fields in order, without the NamedTuple's own ``__new__`` (which only adds the
# defaults): a record holds thousands of events.
CALL = Made(Call, ("caller", "target", "called", "dice", "answer", "gives", "chip_to"), tuples=frozenset({"dice"}))
EXCHANGE = Made(Exchange, ("player", "dice", "returns", "takes"), tuples=frozenset({"dice", "returns"}))
FORMAT = with_made(RECORD, "event", {"call": CALL, "exchange": EXCHANGE})


def event_of(values: dict[str, Any]) -> Call | Exchange:
    """One ``[[event]]`` from its values by key (those ``formats.RECORD`` reads), as the reader makes it."""
    made = CALL if values["type"] == "call" else EXCHANGE
    event: Call | Exchange = made.of(values)
    return event


def record_of(values: dict[str, Any], doc: Document) -> Record:
    """The record from its values (format: ``formats.RECORD``); the rules are the replay's to check."""
    return Record(
        players=tuple(values["players"]),
        events=tuple(values["event"] or ()),  # made as they were read (FORMAT)
        first=values["first"],
        target=values["target"],
        winner=values["winner"],
    )


def summary(record: Record, replayed: Replay) -> dict[str, Any]:
    state = replayed.state
    return {"events": len(record.events), "over": state.over, "chips": state.chips}


RECORDS = Records(CUP_OF_BLUFF, FORMAT, record_of, replay, summary)
read_record = RECORDS.read_record
validate_document = RECORDS.validate_document
