"""Replaying a recorded Money! game and collecting every broken rule. Pure: no I/O.

Events: ``offers`` (a round's offers, revealed together), ``exchange`` (one
player's action) and ``refill`` (the displays topped up after the round).
Display sizes and the draw pile are always known from the setup; the cards
themselves (hands, display contents) only when the record gives them, and
the checks that need them are skipped otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from refcli.games.money import clauses as C
from refcli.games.money.bidding import Bidding, NeedSerials, order_offers, real_cards
from refcli.games.money.cards import COINS, CURRENCIES_FOR_PLAYERS, NOTE_VALUES, Card, impossible_cards
from refcli.games.money.scoring import score_player
from refcli.validation import ReplayLog, run_replay

DISPLAY = 4
HAND = 6


@dataclass(frozen=True)
class Offers:
    offers: dict[str, tuple[Card, ...]]


@dataclass(frozen=True)
class Exchange:
    player: str
    action: str  # right | left | swap | keep
    partner: str | None = None


@dataclass(frozen=True)
class Refill:
    right: int
    left: int
    right_cards: tuple[Card, ...] | None = None
    left_cards: tuple[Card, ...] | None = None


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


def cards_in_play(players: int, currencies: int | None) -> int:
    return len(NOTE_VALUES) * (currencies or CURRENCIES_FOR_PLAYERS[players]) + COINS


@dataclass
class Replay(ReplayLog):
    record: Record
    pile: int = 0
    sizes: dict[str, int] = field(default_factory=lambda: {"right": DISPLAY, "left": DISPLAY})
    displays: dict[str, list[Card] | None] = field(default_factory=dict)
    hands: dict[str, list[Card]] | None = None
    table: dict[str, list[Card]] = field(default_factory=dict)  # offers still on the table
    bidding: Bidding | None = None
    waiting: list[str] = field(default_factory=list)  # bidders who have not acted, in order
    next_up: str | None = None  # after a swap: the partner acts next
    phase: str = "offers"  # offers → exchanges → refill → offers …; "over" after the final round
    final_round: bool = False
    scores: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        record = self.record
        total = cards_in_play(len(record.players), record.currencies)
        self.pile = record.pile if record.pile is not None else total - HAND * len(record.players) - 2 * DISPLAY
        self.displays = {
            "right": list(record.right) if record.right is not None else None,
            "left": list(record.left) if record.left is not None else None,
        }
        if record.hands is not None:
            self.hands = {name: list(real_cards(record.hands.get(name, ()))) for name in record.players}
        else:
            self.skipped.append(
                "hands are not recorded: offers are not checked against them, and the final scores are not computed"
            )

    # -- events ---------------------------------------------------------------
    def apply(self, event: Event) -> None:
        self.number += 1
        if self.phase == "over":
            self.error(C.END_PILE, "the game is over: the final round was played with the last cards of the draw pile")
            return
        if isinstance(event, Offers):
            self.offers(event)
        elif isinstance(event, Exchange):
            self.exchange(event)
        else:
            self.refill(event)

    def offers(self, event: Offers) -> None:
        if self.phase != "offers":
            rule = C.REFILL_ORDER if self.phase == "refill" else C.TURN_ALL_BIDDERS
            self.error(rule, "a new round starts only after every bidder has acted and the displays are refilled")
        missing = [name for name in self.record.players if name not in event.offers]
        if missing:
            self.error(
                C.OFFER_CHOOSE, f"no offer recorded for {', '.join(missing)} (an offer of only the bluff card sits out)"
            )
        shown = [card for cards in event.offers.values() for card in real_cards(cards)]
        problems = impossible_cards(shown + [c for d in self.displays.values() if d for c in d])
        if problems:
            self.error(C.COMPONENTS_NOTES, f"these cards cannot all exist: {problems[0]}")
        for name, cards in event.offers.items():
            if sum(card.kind == "bluff" for card in cards) > 1:
                self.error(
                    C.OFFER_CONTENTS, f"{name} has one bluff card, not {sum(card.kind == 'bluff' for card in cards)}"
                )
            if self.hands is not None:
                hand = self.hands[name]
                for card in real_cards(cards):
                    if card in hand:
                        hand.remove(card)
                    else:
                        self.error(C.OFFER_CHOOSE, f"{name} offers {card}, which is not in their hand")
        try:
            self.bidding = order_offers(event.offers)
        except NeedSerials as need:
            self.error(C.TIE_SERIAL, f"{need}: the tie needs the serial numbers of their cards")
            self.bidding = Bidding(
                {n: sum(c.value for c in cs) for n, cs in event.offers.items()},
                tuple(n for n in event.offers if real_cards(event.offers[n])),
                (),
                (),
            )
        self.table = {name: list(real_cards(cards)) for name, cards in event.offers.items()}
        self.waiting = list(self.bidding.order)
        self.next_up = None
        self.phase = "exchanges" if self.waiting else ("over" if self.final_round else "refill")

    def exchange(self, event: Exchange) -> None:
        player = event.player
        if self.phase != "exchanges" or self.bidding is None:
            self.error(C.TURN_ALL_BIDDERS, f"{player} cannot act now: no round of offers is waiting for actions")
            return
        if player in self.bidding.sitting_out:
            self.error(C.SIT_OUT_RULING, f"{player} offered only the bluff card and sits this round out")
            return
        if player not in self.waiting:
            self.error(C.TURN_ALL_BIDDERS, f"{player} has already acted this round")
            return
        expected = self.next_up or self.waiting[0]
        if player != expected:
            rule = C.SWAP_RULING if self.next_up else C.TURN_ORDER
            self.error(rule, f"{expected} acts now, not {player}")
        self.waiting.remove(player)
        self.next_up = None
        offer = self.table.pop(player, [])
        if event.action in ("right", "left"):
            display = self.displays[event.action]
            if display is not None:
                self.give(player, display)
            self.displays[event.action] = list(offer) if display is not None else None
            self.sizes[event.action] = len(offer)
        elif event.action == "swap":
            partner = event.partner or ""
            if partner not in self.waiting:
                self.error(C.SWAP_RULING, f"{partner} has no offer on the table to swap with")
                self.give(player, offer)
            else:
                self.give(player, self.table[partner])
                self.table[partner] = list(offer)
                self.next_up = partner
        else:
            self.give(player, offer)
        if not self.waiting:
            self.phase = "refill" if not self.final_round else "over"

    def give(self, player: str, cards: Sequence[Card]) -> None:
        if self.hands is not None:
            self.hands[player].extend(cards)

    def refill(self, event: Refill) -> None:
        if self.phase != "refill":
            self.error(C.REFILL_ORDER, "the displays are refilled only after every bidder has acted")
        to_right = min(max(DISPLAY - self.sizes["right"], 0), self.pile)
        to_left = min(max(DISPLAY - self.sizes["left"], 0), self.pile - to_right)
        if (event.right, event.left) != (to_right, to_left):
            self.error(
                C.REFILL_ORDER,
                f"with {self.sizes['right']} cards right, {self.sizes['left']} left and {self.pile} in the pile, "
                f"the refill is {to_right} right then {to_left} left, not {event.right} and {event.left}",
            )
        for side, count, cards in (("right", event.right, event.right_cards), ("left", event.left, event.left_cards)):
            display = self.displays[side]
            if cards is None:
                if display is not None and count:
                    self.displays[side] = None
                    self.skipped.append(
                        f"the {side} display's cards from event {self.number} on (the cards dealt are not recorded)"
                    )
            elif display is not None:
                display.extend(cards)
            self.sizes[side] += count
        self.pile = max(self.pile - event.right - event.left, 0)
        if self.pile == 0:
            self.final_round = True  # M5: the next round is the final round
        self.phase = "offers"

    # -- the end --------------------------------------------------------------
    def finish(self) -> None:
        if self.phase != "over":
            self.warn(
                C.END_PILE,
                f"the record ends before the game is over ({self.pile} cards still in the draw pile)",
                event=None,
            )
        if self.hands is not None:
            for name in self.record.players:
                notes: dict[str, list[int]] = {}
                for card in self.hands[name]:
                    if card.kind == "note":
                        notes.setdefault(card.currency, []).append(card.value)
                coins = sum(card.kind == "coin" for card in self.hands[name])
                self.scores[name] = score_player(name, notes, coins).score
        recorded = self.record.scores
        if recorded is None:
            return
        if self.phase != "over":
            self.error(C.END_PILE, "final scores are recorded, but the game is not over", event=None)
        if self.hands is None:
            self.skipped.append("the recorded final scores (the hands are not recorded)")
            return
        for name, score in recorded.items():
            if self.scores.get(name) != score:
                self.error(
                    C.SCORING_200,
                    f"{name}'s final score is {self.scores.get(name)}, not {score} as recorded",
                    event=None,
                )


def replay(record: Record, *, strict: bool = False) -> Replay:
    state = Replay(record, strict=strict)
    run_replay(state, record.events)
    return state
