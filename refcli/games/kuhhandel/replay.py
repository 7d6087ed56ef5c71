"""Replaying a recorded Kuhhandel game and collecting every broken rule. Pure: no I/O.

The record is a start state plus actions: each event goes through the rules
engine's one step function (``engine.step``), the same one ``ruling``
applies to a situation. This module adds only what a record has and a
situation has not: the setup (start money, register K1 and K15), the end of
the game and the recorded final scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.engine import ACTIONS, Auction, CowTrade, Event, Outcome, State
from refcli.games.kuhhandel.money import START_MONEY, VALUES
from refcli.games.kuhhandel.scoring import final_score
from refcli.language.i18n import _, ngettext
from refcli.results.findings import StopReplay, run_replay

__all__ = ["Auction", "CowTrade", "Event", "Record", "Replay", "replay"]


@dataclass(frozen=True)
class Record:
    edition: int
    players: tuple[str, ...]
    events: tuple[Event, ...]
    first: str | None = None
    deck: tuple[str, ...] | None = None  # the order the animals were turned up, when recorded
    start_money: dict[str, tuple[int, ...]] = field(default_factory=dict)
    scores: dict[str, int] | None = None
    multiply: bool = False


class Replay(State):
    """A recorded game being replayed: the engine's state, set up as the record says."""

    def __init__(self, record: Record, *, strict: bool = False) -> None:
        start = START_MONEY[record.edition]
        money: dict[str, list[int] | None] = {
            name: list(record.start_money.get(name, start)) for name in record.players
        }
        super().__init__(
            edition=record.edition,
            players=record.players,
            money=money,
            deck=record.deck,
            turn=0 if record.first is None else record.players.index(record.first),
            strict=strict,
        )
        # What was dealt is the record's start money (K15); the bank pays the donkeys from the rest (K18). Every
        # hand is known at the start: the state has just counted them into the money known, the cards of each
        # value (of no value, none can be in play), and what was dealt is read from that count instead of
        # counting the cards again.
        self.deal = dict(zip(VALUES, self.held, strict=True))
        self.record = record
        self.scores: dict[str, int] = {}  # computed at the end
        self.outcome: Outcome | None = None  # what the last event applied did

    def apply(self, event: Event) -> None:
        """Apply one recorded event through the engine; ``outcome`` says what it did (None: the game was over).

        What run_replay calls for every event: the work is done here, not in a
        method this one would call, and ``play`` returns the outcome.
        """
        self.number += 1
        if self.pile == 0 and self.game_over():
            self.error(C.END_GAME_OVER, _("the game is already over: the deck is empty and no cow trade is possible"))
            self.outcome = None
            return
        kind = type(event)
        outcome = self.outcome = ACTIONS[kind](self, event)  # what ``step`` does, without its call
        if kind is CowTrade and outcome.needs_rebid:  # only a cow trade needs a rebid: an auction's is not read
            self.error(C.TIE_REOFFER, _("the offers are equal: the challenger must offer again (record a rebid)"))
            self.end_turn()

    def play(self, event: Event) -> Outcome | None:
        """Apply one recorded event through the engine; its outcome (None: the game was over)."""
        self.apply(event)
        return self.outcome

    # -- the end --------------------------------------------------------------
    def finish(self) -> dict[str, int]:
        """Check the end of the game and the recorded scores; return the computed scores."""
        over = self.game_over()
        multiply, edition = self.record.multiply, self.edition
        computed = {
            name: final_score(self.holdings[name], edition, multiply, name == self.bonus_holder)
            for name in self.players
        }
        scores = self.record.scores
        if not over:
            # TRANSLATORS: the English says "cards" even for one card; translate each form properly.
            if self.trade_possible() and scores is not None:
                message = ngettext(
                    "the record ends before the game is over ({count} cards still in the deck, "
                    "cow trades still possible), yet it records final scores",
                    "the record ends before the game is over ({count} cards still in the deck, "
                    "cow trades still possible), yet it records final scores",
                    self.pile,
                )
            elif self.trade_possible():
                message = ngettext(
                    "the record ends before the game is over ({count} cards still in the deck, "
                    "cow trades still possible)",
                    "the record ends before the game is over ({count} cards still in the deck, "
                    "cow trades still possible)",
                    self.pile,
                )
            elif scores is not None:
                message = ngettext(
                    "the record ends before the game is over ({count} cards still in the deck), "
                    "yet it records final scores",
                    "the record ends before the game is over ({count} cards still in the deck), "
                    "yet it records final scores",
                    self.pile,
                )
            else:
                message = ngettext(
                    "the record ends before the game is over ({count} cards still in the deck)",
                    "the record ends before the game is over ({count} cards still in the deck)",
                    self.pile,
                )
            message = message.format(count=self.pile)
            if scores is not None:
                self.error(C.END_GAME_OVER, message, event=None)
            else:
                self.warn(C.END_GAME_OVER, message, event=None)
        if scores is not None:
            rule = C.SCORE_MULTIPLY if self.edition == 2 or self.record.multiply else C.EDITION1_SCORING
            if self.bonus_holder:
                rule = C.EDITION1_BONUS if scores.get(self.bonus_holder) != computed[self.bonus_holder] else rule
            for name, score in scores.items():
                if computed[name] != score:
                    self.error(
                        rule,
                        _("{name}'s final score is {computed}, not {recorded} as recorded").format(
                            name=name, computed=computed[name], recorded=score
                        ),
                        event=None,
                    )
        self.scores = computed
        return computed


def replay(record: Record, *, strict: bool = False) -> Replay:
    """Replay every event of ``record``; the returned state holds the findings."""
    state = Replay(record, strict=strict)
    try:
        state.check_money_exists(event=None)  # the start money: no more of a value than the game has
    except StopReplay:
        return state
    run_replay(state, record.events)
    return state
