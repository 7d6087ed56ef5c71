"""Replaying a recorded Kuhhandel game and collecting every broken rule. Pure: no I/O.

Like python-chess's forgiving PGN reader, the replay does not stop at the
first problem: it records a finding (event number, clause id, message),
applies the event as recorded and goes on, so one mistake does not hide the
next. Money is tracked card by card while it is known (register K15).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from refcli.errors import RuleBroken
from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.auction import check_bids
from refcli.games.kuhhandel.components import ANIMALS, BONUS_PAIRS, CARDS_PER_ANIMAL
from refcli.games.kuhhandel.cowtrade import anyone_can_trade, check_eligible, options_for, resolve_trade
from refcli.games.kuhhandel.money import DONKEY_PAYOUTS, START_MONEY, invalid_cards, remove_cards
from refcli.games.kuhhandel.scoring import Holding, Snapshot, score_game
from refcli.validation import ReplayLog, run_replay


@dataclass(frozen=True)
class Auction:
    auctioneer: str
    animal: str
    bids: tuple[tuple[str, int], ...] = ()
    buyback: bool = False
    paid: tuple[int, ...] | None = None  # None: the cards were not recorded
    donkey_payout: int | None = None  # as recorded, checked when given
    cannot_pay: bool = False  # the winning bidder could not pay: run it again
    payer: str | None = None  # as recorded, checked when given
    winner: str | None = None  # as recorded, checked when given


@dataclass(frozen=True)
class CowTrade:
    challenger: str
    defender: str
    animal: str
    offer: tuple[int, ...]
    counter: tuple[int, ...] | None = None  # None: the defender accepted
    rebid: tuple[int, ...] | None = None
    rebid_counter: tuple[int, ...] | None = None
    winner: str | None = None  # as recorded, checked when given
    count: int | None = None  # as recorded, checked when given


Event = Auction | CowTrade


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


@dataclass
class Replay(ReplayLog):
    """The state of a game being replayed; ReplayLog keeps what was found so far."""

    record: Record
    holdings: dict[str, Counter[str]] = field(default_factory=dict)
    money: dict[str, list[int] | None] = field(default_factory=dict)
    auctioned: Counter[str] = field(default_factory=Counter)
    donkeys: int = 0
    turn: int = 0
    repeat: tuple[str, str, frozenset[str]] | None = None  # auctioneer, animal, excluded bidders
    scores: dict[str, int] = field(default_factory=dict)  # computed at the end
    bonus_holder: str | None = None  # edition 1: the first player to complete a bonus pair

    # -- set-up ---------------------------------------------------------------
    def __post_init__(self) -> None:
        record = self.record
        for name in record.players:
            self.holdings[name] = Counter()
            self.money[name] = list(record.start_money.get(name, START_MONEY[record.edition]))
        if record.first is not None:
            self.turn = record.players.index(record.first)

    def forget_money(self, name: str, why: str) -> None:
        if self.money.get(name) is not None:
            self.money[name] = None
            self.skipped.append(f"money checks for {name} from event {self.number} on: {why}")

    # -- state ----------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    def deck_left(self) -> int:
        return len(ANIMALS) * CARDS_PER_ANIMAL - sum(self.auctioned.values())

    def game_over(self) -> bool:
        return self.deck_left() == 0 and self.repeat is None and not anyone_can_trade(self.holdings)

    def current_player(self) -> str:
        """Whose turn it is; with the deck empty, players who can challenge nobody are skipped (K14)."""
        if self.deck_left() == 0 and self.repeat is None:
            for step in range(len(self.players)):
                candidate = self.players[(self.turn + step) % len(self.players)]
                if options_for(candidate, self.holdings):
                    self.turn = (self.turn + step) % len(self.players)
                    break
        return self.players[self.turn]

    def check_turn(self, actor: str) -> None:
        expected = self.current_player()
        if actor != expected:
            rule = C.SKIP_WHEN_NO_TRADE if self.deck_left() == 0 else C.TURN_CLOCKWISE
            self.error(rule, f"it is {expected}'s turn, not {actor}'s")
            self.turn = self.players.index(actor)  # resynchronise: judge what follows from here

    def end_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)

    def check_cards_exist(self, cards: Sequence[int], whose: str) -> None:
        wrong = invalid_cards(cards)
        if wrong:
            self.error(C.COMPONENTS_MONEY_VALUES, f"{whose}: there is no money card of value {wrong[0]}")

    def take(self, name: str, cards: Sequence[int], what: str) -> None:
        """Remove ``cards`` from ``name``'s known money, reporting cards they do not hold."""
        hand = self.money.get(name)
        if hand is None:
            return
        left = remove_cards(hand, cards)
        if left is None:
            self.error(C.HOLDS_THE_CARDS, f"{name} does not hold {what} {list(cards)} (holds {sorted(hand)})")
            self.forget_money(name, "they paid with cards they did not hold")
            return
        self.money[name] = left

    def give(self, name: str, cards: Sequence[int]) -> None:
        hand = self.money.get(name)
        if hand is not None:
            hand.extend(cards)

    # -- events ---------------------------------------------------------------
    def apply(self, event: Event) -> None:
        self.number += 1
        if self.game_over():
            self.error(C.END_GAME_OVER, "the game is already over: the deck is empty and no cow trade is possible")
            return
        if isinstance(event, Auction):
            self.auction(event)
        else:
            self.cow_trade(event)
        if self.record.edition == 1 and self.bonus_holder is None:
            self.award_bonus()

    def award_bonus(self) -> None:
        """Edition 1: the first player to complete rooster+goose, dog+cat or sheep+goat takes the bonus card."""
        for name in self.players:
            held = self.holdings[name]
            if any(held[a] == CARDS_PER_ANIMAL and held[b] == CARDS_PER_ANIMAL for a, b in BONUS_PAIRS):
                self.bonus_holder = name
                return

    def auction(self, event: Auction) -> None:
        repeat = self.repeat
        if repeat is not None:
            auctioneer, animal, excluded = repeat
            if (event.auctioneer, event.animal) != (auctioneer, animal):
                self.error(C.CANNOT_PAY, f"the {animal} auctioned by {auctioneer} must be run again first")
            for bidder, _ in event.bids:
                if bidder in excluded:
                    self.error(C.CANNOT_PAY, f"{bidder} could not pay and may not bid when the auction is run again")
        else:
            if self.deck_left() == 0:
                self.error(C.EMPTY_DECK_NO_AUCTION, "no animal cards are left to auction: only cow trades are possible")
                return
            self.check_turn(event.auctioneer)
            if self.auctioned[event.animal] >= CARDS_PER_ANIMAL:
                self.error(C.FOUR_OF_A_KIND, f"a fifth {event.animal}: all four have been auctioned already")
            deck = self.record.deck
            position = sum(self.auctioned.values())
            if deck is not None and position < len(deck) and deck[position] != event.animal:
                self.error(
                    C.AUCTION_REVEAL, f"the next card in the recorded deck is a {deck[position]}, not a {event.animal}"
                )
        if event.animal == "donkey" and repeat is None:
            self.donkey(event)
        elif event.donkey_payout is not None and event.animal != "donkey":
            self.error(C.DONKEY_PAYOUTS, f"a donkey payout is recorded, but the animal is a {event.animal}")
        try:
            check_bids(self.players, event.auctioneer, event.bids)
        except RuleBroken as broken:
            self.error(broken.clause, str(broken))
        self.settle_auction(event)

    def donkey(self, event: Auction) -> None:
        if self.donkeys >= len(DONKEY_PAYOUTS):
            return  # the fifth donkey is reported already
        payout = DONKEY_PAYOUTS[self.donkeys]
        if event.donkey_payout is not None and event.donkey_payout != payout:
            self.error(
                C.DONKEY_PAYOUTS,
                f"donkey number {self.donkeys + 1} pays {payout} to every player, not {event.donkey_payout}",
            )
        self.donkeys += 1
        for name in self.players:
            self.give(name, [payout])

    def settle_auction(self, event: Auction) -> None:
        if not event.bids:
            if event.buyback:
                self.error(C.AUCTION_BUY_RIGHT, "nobody bid, so there is no bid for the auctioneer to match")
            if event.cannot_pay:
                self.error(C.CANNOT_PAY, "nobody bid, so nobody has a bid to pay")
            self.hand_over(event, event.auctioneer)
            return
        bidder, price = event.bids[-1]
        payer, payee, animal_to = (
            (event.auctioneer, bidder, event.auctioneer) if event.buyback else (bidder, event.auctioneer, bidder)
        )
        if event.payer is not None and event.payer != payer:
            self.error(C.AUCTION_BUY_RIGHT if event.buyback else C.AUCTION_PAY, f"{payer} pays, not {event.payer}")
        hand = self.money.get(payer)
        if event.cannot_pay:
            if event.buyback:
                self.error(
                    C.BUY_RIGHT_NEEDS_MONEY,
                    "an auctioneer who cannot pay cannot use the buy right; record no buy right",
                )
            elif hand is not None and sum(hand) >= price:
                self.error(C.CANNOT_PAY, f"{bidder} holds {sum(hand)} and could pay {price}")
            excluded = self.repeat[2] if self.repeat else frozenset()
            self.repeat = (event.auctioneer, event.animal, excluded | {bidder})
            return
        if event.buyback and hand is not None and sum(hand) < price:
            self.error(
                C.BUY_RIGHT_NEEDS_MONEY, f"{payer} holds {sum(hand)} and cannot match {price} with the buy right"
            )
        if event.paid is None:
            self.forget_money(payer, "the cards paid are not recorded")
            self.forget_money(payee, "the cards received are not recorded")
        else:
            self.check_cards_exist(event.paid, f"{payer}'s payment")
            if sum(event.paid) < price:
                self.error(C.NO_CHANGE_001, f"{payer} pays {sum(event.paid)}, less than the price of {price}")
            self.take(payer, event.paid, "the cards paid")
            self.give(payee, event.paid)
        self.hand_over(event, animal_to)

    def hand_over(self, event: Auction, animal_to: str) -> None:
        if event.winner is not None and event.winner != animal_to:
            self.error(C.AUCTION_SOLD, f"the {event.animal} goes to {animal_to}, not {event.winner}")
        self.holdings[animal_to][event.animal] += 1
        self.auctioned[event.animal] += 1
        self.repeat = None
        self.end_turn()

    def cow_trade(self, event: CowTrade) -> None:
        if self.repeat is not None:
            self.error(C.CANNOT_PAY, f"the {self.repeat[1]} auction must be run again before anything else")
            self.repeat = None
        self.check_turn(event.challenger)
        c_holds = self.holdings[event.challenger][event.animal]
        d_holds = self.holdings[event.defender][event.animal]
        try:
            check_eligible(event.challenger, event.defender, event.animal, c_holds, d_holds)
        except RuleBroken as broken:
            self.error(broken.clause, str(broken))
            self.end_turn()
            return
        rounds = [
            (event.challenger, event.offer, "offer"),
            (event.defender, event.counter, "counter-offer"),
            (event.challenger, event.rebid, "rebid"),
            (event.defender, event.rebid_counter, "answer to the rebid"),
        ]
        for name, cards, what in rounds:
            if cards is not None:
                self.check_cards_exist(cards, f"{name}'s {what}")
                hand = self.money.get(name)
                if hand is not None and remove_cards(hand, cards) is None:
                    self.error(
                        C.HOLDS_THE_CARDS, f"{name} does not hold the {what} {list(cards)} (holds {sorted(hand)})"
                    )
                    self.forget_money(name, "they offered cards they did not hold")
        try:
            result = resolve_trade(
                edition=self.record.edition,
                challenger_holds=c_holds,
                defender_holds=d_holds,
                offer=event.offer,
                counter=event.counter,
                rebid=event.rebid,
                rebid_counter=event.rebid_counter,
                rebid_given=event.rebid is not None,
            )
        except RuleBroken as broken:
            self.error(broken.clause, str(broken))
            self.end_turn()
            return
        if result.winner is None:
            self.error(C.TIE_REOFFER, "the offers are equal: the challenger must offer again (record a rebid)")
            self.end_turn()
            return
        winner, loser = (
            (event.challenger, event.defender) if result.winner == "challenger" else (event.defender, event.challenger)
        )
        if event.winner is not None and event.winner != winner:
            self.error(C.COW_TRADE_HIGHER_WINS, f"{winner} wins the {event.animal}, not {event.winner}")
        if event.count is not None and event.count != result.count:
            self.error(C.CARDS_AT_STAKE, f"{result.count} {event.animal} card(s) change hands, not {event.count}")
        self.holdings[loser][event.animal] -= result.count
        self.holdings[winner][event.animal] += result.count
        for name, gives, receives in (
            (event.challenger, result.to_defender, result.to_challenger),
            (event.defender, result.to_challenger, result.to_defender),
        ):
            hand = self.money.get(name)
            if hand is not None:
                left = remove_cards(hand, gives)
                self.money[name] = (left if left is not None else hand) + list(receives)
        self.end_turn()

    # -- the end --------------------------------------------------------------
    def finish(self) -> dict[str, int]:
        """Check the end of the game and the recorded scores; return the computed scores."""
        over = self.game_over()
        snapshot = Snapshot(
            self.record.edition,
            tuple(Holding(name, dict(self.holdings[name]), bonus=name == self.bonus_holder) for name in self.players),
        )
        computed = {p.name: p.score for p in score_game(snapshot, multiply=self.record.multiply).players}
        scores = self.record.scores
        if not over:
            message = f"the record ends before the game is over ({self.deck_left()} cards still in the deck" + (
                ", cow trades still possible)" if anyone_can_trade(self.holdings) else ")"
            )
            if scores is not None:
                self.error(C.END_GAME_OVER, message + ", yet it records final scores", event=None)
            else:
                self.warn(C.END_GAME_OVER, message, event=None)
        if scores is not None:
            rule = C.SCORE_MULTIPLY if self.record.edition == 2 or self.record.multiply else C.EDITION1_SCORING
            if self.bonus_holder:
                rule = C.EDITION1_BONUS if scores.get(self.bonus_holder) != computed[self.bonus_holder] else rule
            for name, score in scores.items():
                if computed[name] != score:
                    self.error(rule, f"{name}'s final score is {computed[name]}, not {score} as recorded", event=None)
        self.scores = computed
        return computed


def replay(record: Record, *, strict: bool = False) -> Replay:
    """Replay every event of ``record``; the returned state holds the findings."""
    state = Replay(record, strict=strict)
    run_replay(state, record.events)
    return state
