"""Replaying a recorded Bamboozled game and collecting every broken rule. Pure: no I/O.

Events are the moves of the game in order: ``roll`` (a declaration),
``accept``, ``call`` and ``card`` (a before-roll action card). Each goes
through the rules engine's one ``step`` (``engine``), the same function a
ruling applies its action with. Like the Kuhhandel replay, a finding is
recorded and the event applied as written, so one mistake does not hide the
next. Which action cards a player holds is hidden; how many they hold, and
which cards have been shown, are not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled.engine import Accept, Action, Call, Card, Outcome, Roll, State, advance, step
from refcli.language.i18n import _, ngettext
from refcli.results.findings import ReplayLog, run_replay

Event = Action
__all__ = ["Accept", "Call", "Card", "Event", "Record", "Replay", "Roll", "replay"]


class Record(NamedTuple):  # a tuple: one is made for every record validated, cheaper than a frozen dataclass
    players: tuple[str, ...]
    events: tuple[Event, ...]
    first: str | None = None
    strikes_to_lose: int = 3
    no_limits: bool = False
    kids: bool = False
    winner: str | None = None


@dataclass
class Replay(ReplayLog):
    """A record being replayed: the engine's ``state`` and the log of what broke (``ReplayLog``)."""

    record: Record
    state: State = field(init=False)

    def __post_init__(self) -> None:
        record = self.record
        self.state = State.dealt(
            record.players,
            first=record.first,
            strikes_to_lose=record.strikes_to_lose,
            no_limits=record.no_limits,
            kids=record.kids,
        )

    def skip(self, note: str) -> None:
        self.skipped.append(_("event {number}: {note}").format(number=self.number, note=note))

    def apply(self, event: Event) -> None:
        self.number += 1
        advance(self.state, event, self)  # ``step``'s rules; nothing reads this event's Outcome

    def act(self, event: Event) -> Outcome:
        """Apply ``event`` and say what it decided (the generator and the property tests read it)."""
        self.number += 1
        return step(self.state, event, self)

    @property
    def winner(self) -> str | None:
        return self.state.winner

    def finish(self) -> None:
        recorded, winner = self.record.winner, self.state.winner
        if winner is None:
            active = self.state.active
            said = {"count": len(active), "players": ", ".join(active), "winner": recorded}
            if recorded is not None:
                message = ngettext(
                    "the record ends with {count} player still in ({players}), yet it names {winner} the winner",
                    "the record ends with {count} players still in ({players}), yet it names {winner} the winner",
                    len(active),
                )
                self.error(C.END_WINNER, message.format(**said), event=None)
            else:
                message = ngettext(
                    "the record ends with {count} player still in ({players})",
                    "the record ends with {count} players still in ({players})",
                    len(active),
                )
                self.warn(C.END_WINNER, message.format(**said), event=None)
        elif recorded is not None and recorded != winner:
            self.error(
                C.END_WINNER,
                _("{winner} is the last player standing, not {recorded}").format(winner=winner, recorded=recorded),
                event=None,
            )


def replay(record: Record, *, strict: bool = False) -> Replay:
    state = Replay(record, strict=strict)
    run_replay(state, record.events)
    return state
