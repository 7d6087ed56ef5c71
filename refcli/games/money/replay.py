"""Replaying a recorded Money! game through the rules engine, collecting every broken rule. Pure: no I/O.

Events: ``offers`` (a round's offers, revealed together), ``exchange`` (one
player's action) and ``refill`` (the displays topped up after the round),
each applied with ``engine.step``'s function for its type (``engine.STEPS``),
as a situation ruling applies its action. Display sizes and the draw pile are always known from the setup; the cards
themselves (hands, display contents) only when the record gives them, and
the checks that need them are skipped otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from refcli.games.money import clauses as C
from refcli.games.money.bidding import NeedSerials
from refcli.games.money.cards import Card
from refcli.games.money.engine import (
    DISPLAY,
    HAND,
    STEPS,
    Exchange,
    Offers,
    Outcome,
    Refill,
    State,
    cards_in_play,
    start,
)
from refcli.games.money.scoring import player_points
from refcli.language.i18n import _, ngettext
from refcli.results.findings import ReplayLog, StopReplay

__all__ = ["DISPLAY", "HAND", "Event", "Exchange", "Offers", "Record", "Refill", "Replay", "cards_in_play", "replay"]

Event = Offers | Exchange | Refill


@dataclass(frozen=True)
class Record:
    players: tuple[str, ...]
    events: tuple[Event, ...]
    currencies: int | None = None
    pile: int | None = None
    hands: dict[str, tuple[Card, ...]] | None = None
    right: tuple[Card, ...] | None = None
    left: tuple[Card, ...] | None = None
    scores: dict[str, int] | None = None


@dataclass
class Replay(ReplayLog):
    """The replay's log, and the engine's ``Referee``: a broken rule is recorded and the replay carries on."""

    record: Record
    state: State = field(init=False)
    outcomes: bool = False  # keep what each event did (``outcome``): a check of the replay reads it, validating not
    outcome: Outcome = None  # what the last event did, when ``outcomes``
    scores: dict[str, int] = field(default_factory=dict)
    setup_problem: str | None = None  # reported by ``replay`` (under --strict it ends the replay)

    def __post_init__(self) -> None:
        record = self.record
        self.state, self.setup_problem = start(
            record.players,
            currencies=record.currencies,
            pile=record.pile,
            hands=record.hands,
            right=record.right,
            left=record.left,
        )
        if record.hands is None:
            self.skipped.append(
                _("hands are not recorded: offers are not checked against them, and the final scores are not computed")
            )

    def check_setup(self) -> None:
        """M10: the cards dealt at the setup must all exist together."""
        if self.setup_problem:
            self.error(
                C.COMPONENTS_NOTES,
                _("the cards dealt at the setup cannot all exist: {problem}").format(problem=self.setup_problem),
                event=None,
            )

    # -- the engine's referee ---------------------------------------------------
    def broken(self, rule: str, message: str) -> None:
        self.error(rule, message)

    def need_serials(self, need: NeedSerials) -> None:
        self.error(C.TIE_SERIAL, _("{tie}: the tie needs the serial numbers of their cards").format(tie=need))

    def skip(self, what: str, why: str) -> None:
        self.skipped.append(_("{what} from event {number} on ({why})").format(what=what, number=self.number, why=why))

    # -- events -----------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.state.phase

    def apply(self, event: Event) -> None:
        self.number += 1
        # engine.step's own dispatch, looked up here: one Python call per event instead of two
        self.outcome = STEPS[type(event)](self.state, event, self, self.outcomes)

    # -- the end --------------------------------------------------------------
    def finish(self) -> None:
        state = self.state
        if state.phase != "over":
            self.warn(
                C.END_PILE,
                ngettext(
                    "the record ends before the game is over ({n} card still in the draw pile)",
                    "the record ends before the game is over ({n} cards still in the draw pile)",
                    state.pile,
                ).format(n=state.pile),
                event=None,
            )
        hands = state.hands
        if hands is not None:
            for name in self.record.players:
                notes: dict[str, list[int]] = {}
                coins = 0
                for card in hands[name]:  # by index: no attribute lookups, nor the iterator a Card's unpacking makes
                    kind = card[0]
                    if kind == "note":
                        currency = card[1]
                        if currency in notes:  # no new list per card, as setdefault's default would be
                            notes[currency].append(card[2])
                        else:
                            notes[currency] = [card[2]]
                    elif kind == "coin":
                        coins += 1
                self.scores[name] = player_points(notes, coins)
        recorded = self.record.scores
        if recorded is None:
            return
        if state.phase != "over":
            self.error(C.END_PILE, _("final scores are recorded, but the game is not over"), event=None)
        if hands is None:
            self.skipped.append(_("the recorded final scores (the hands are not known)"))
            return
        for name, score in recorded.items():
            if self.scores.get(name) != score:
                self.error(
                    C.SCORING_200,
                    _("{player}'s final score is {score}, not {recorded} as recorded").format(
                        player=name, score=self.scores.get(name), recorded=score
                    ),
                    event=None,
                )


def replay(record: Record, *, strict: bool = False) -> Replay:
    state = Replay(record, strict=strict)
    try:
        state.check_setup()
    except StopReplay:  # --strict: the setup's error is the first
        return state
    try:
        # run_replay's loop, with Replay.apply written out: one Python call per event (the engine's) instead of two
        game, outcomes = state.state, state.outcomes
        for number, event in enumerate(record.events, 1):
            state.number = number
            STEPS[type(event)](game, event, state, outcomes)
        state.finish()
    except StopReplay:  # --strict: stops at the first error
        pass
    return state
