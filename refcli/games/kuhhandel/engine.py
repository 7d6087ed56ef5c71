"""Kuhhandel's rules engine: the state of a game and ONE step function. Pure: no I/O.

A recorded game is a start state plus actions; a situation (``ruling``) is a
state plus one action. Both go through :func:`step`, so a ruling and a
replayed event cannot decide the same question differently.

The state is forgiving, like python-chess's PGN reader: a broken rule is
reported through ``error`` and the event is applied as recorded, so one
mistake does not hide the next. A situation's state sets ``raising``: the
first broken rule is raised as a :class:`RuleBroken` (exit 1) instead.

Money is tracked card by card while it is known (register K15, K16); a
player whose money is ``None`` is not checked. Before each event the money
known, and the cards shown by players whose money is not, must fit what the
deal and the donkeys so far can have put in play (K18): one check, for a
ruling's money and a replay's alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.auction import check_bids
from refcli.games.kuhhandel.components import BONUS_PAIRS, CARDS_PER_ANIMAL, TOTAL_CARDS
from refcli.games.kuhhandel.cowtrade import check_eligible, resolve_trade
from refcli.games.kuhhandel.money import (
    DONKEY_PAYOUTS,
    SUPPLY,
    VALUES,
    Beyond,
    all_money_cards,
    bank_short,
    beyond_the_limits,
    choose_payment,
    deal_counts,
    dealt_counts,
    in_play_by_donkeys,
    invalid_cards,
    remove_cards,
    take_cards,
    value_counts,
)
from refcli.games.kuhhandel.names import animal as animal_name
from refcli.games.kuhhandel.names import the_animal
from refcli.language.i18n import N_, _, ngettext
from refcli.model.errors import RuleBroken
from refcli.results.findings import ReplayLog

# a money card's value → its place in VALUES (and in the counts kept of the money known)
VALUE_INDEX: dict[int, int] = {value: index for index, value in enumerate(VALUES)}
# VALUE_INDEX.get, bound once (Python 3.11 makes a bound method at every call of a module global's method):
# asked for every card counted into or out of the money known
value_index = VALUE_INDEX.get

# The counts of an animal's cards a player holds that leave a cow trade over it open: some, not all four.
SOME_NOT_ALL = frozenset(range(1, CARDS_PER_ANIMAL))

# animal → the animal it pairs with for edition 1's bonus card
BONUS_PARTNER: dict[str, str] = {a: b for pair in BONUS_PAIRS for a, b in (pair, pair[::-1])}

# Money cards that do not exist, by what they were meant for: whole sentences, so each reads well translated.
NO_SUCH_CARD: dict[str, str] = {
    "payment": N_("{whose}'s payment: there is no money card of value {value} (the cards are {cards})"),
    "offer": N_("{whose}'s offer: there is no money card of value {value} (the cards are {cards})"),
    "counter-offer": N_("{whose}'s counter-offer: there is no money card of value {value} (the cards are {cards})"),
    "rebid": N_("{whose}'s rebid: there is no money card of value {value} (the cards are {cards})"),
    "answer to the rebid": N_(
        "{whose}'s answer to the rebid: there is no money card of value {value} (the cards are {cards})"
    ),
}
# Money cards offered or paid that the player does not hold.
NOT_HELD: dict[str, str] = {
    "the cards paid": N_("{name} does not hold the cards paid {cards} (holds {held})"),
    "offer": N_("{name} does not hold the offer {cards} (holds {held})"),
    "counter-offer": N_("{name} does not hold the counter-offer {cards} (holds {held})"),
    "rebid": N_("{name} does not hold the rebid {cards} (holds {held})"),
    "answer to the rebid": N_("{name} does not hold the answer to the rebid {cards} (holds {held})"),
}


# Money held beyond what can be in play (register K18), by the limit it goes past: whole sentences.
BEYOND_NONE_YET = N_(
    "{holder} holds a money card of value {value}, but none can be in play before donkey number {number}: "
    "the setup deals none, and that donkey is the first to pay them out"
)
BEYOND_DONKEYS = N_(
    "{held} money cards of value {value} are held, {holder}'s among them, but only {in_play} can be in play "
    "before donkey number {number} pays out more"
)
BEYOND_DEAL = N_(
    "{held} money cards of value {value} are held, {holder}'s among them, but only {in_play} can be in play: "
    "the setup and the donkeys so far have put no more into the game, and no later donkey pays them out"
)
BEYOND_SUPPLY = N_(
    "{held} money cards of value {value} are held, {holder}'s among them, but edition {edition} has only {supply}"
)


def beyond_finding(found: Beyond, edition: int, donkeys: int) -> tuple[str, str]:
    """The clause broken and the message for cards held beyond what can be in play."""
    setup = C.EDITION1_SETUP if edition == 1 else C.SETUP_MONEY
    if found.limit == "supply":
        clause = C.EDITION1_IDENTIFY if edition == 1 and found.value in (10, 50) else C.COMPONENTS_MONEY
        message = _(BEYOND_SUPPLY)
    elif found.limit == "donkeys":
        if found.in_play == 0:
            clause = C.EDITION1_SETUP if edition == 1 and found.value == 50 else C.DONKEY_PAYOUTS
            message = _(BEYOND_NONE_YET)
        else:
            clause = setup if found.value == 50 and donkeys == 0 else C.DONKEY_PAYOUTS
            message = _(BEYOND_DONKEYS)
    else:
        clause = C.DONKEY_PAYOUTS if found.value in DONKEY_PAYOUTS else setup
        message = _(BEYOND_DEAL)
    number = next(
        (n for n in range(donkeys, len(DONKEY_PAYOUTS)) if DONKEY_PAYOUTS[n] == found.value), donkeys
    )  # the next donkey to pay this value out
    return clause, message.format(
        holder=found.holder,
        value=found.value,
        held=found.held,
        in_play=found.in_play,
        number=number + 1,
        edition=edition,
        supply=SUPPLY[edition][found.value],
    )


# -- actions ------------------------------------------------------------------------
@dataclass(frozen=True)
class Auction:
    auctioneer: str
    animal: str
    bids: tuple[tuple[str, int], ...] = ()
    buyback: bool = False  # the auctioneer wants the buy right
    paid: tuple[int, ...] | None = None  # None: the cards were not recorded
    donkey_payout: int | None = None  # as recorded, checked when given
    cannot_pay: bool | None = False  # the top bidder could not pay (None: decide from their money)
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
    rebid_given: bool | None = None  # None: a rebid is given when ``rebid`` is
    winner: str | None = None  # as recorded, checked when given
    count: int | None = None  # as recorded, checked when given


Event = Auction | CowTrade


@dataclass(init=False)
class Outcome:
    """What one step did: who took what, the money moved, who acts next.

    Made for every event a replay applies, so made cheaply: ``Outcome()``,
    then the animal set (a Python ``__init__`` taking it would cost more than
    the rest of making the object); every other field reads its default from
    the class until the step sets it. The clauses and facts are tuples, added
    to only when a ruling explains itself, so a replay's outcomes share the empty ones.
    """

    animal: str
    # auction
    animal_to: str | None = None
    price: int = 0
    payer: str | None = None
    payee: str | None = None
    paid: tuple[int, ...] | None = None  # the cards handed over, when known
    donkey_payout: int | None = None
    repeat_without: tuple[str, ...] = ()
    # the auctioneer asked for the buy right: True when they cannot pay the top bid and lose it (K7),
    # False when they use it; None when it was not asked for, or there was no standing bid to buy back
    buy_right_lost: bool | None = None
    # cow trade
    winner: str | None = None
    loser: str | None = None
    count: int = 0
    to_challenger: tuple[int, ...] = ()
    to_defender: tuple[int, ...] = ()
    ties: int = 0
    needs_rebid: bool = False
    # both
    next_player: str | None = None  # whose turn follows (before skipping players who cannot trade)
    clauses: tuple[str, ...] = ()  # clause ids applied, in order (explain only)
    facts: tuple[str, ...] = ()  # what the ruling assumed (explain only)

    @property
    def overpaid(self) -> int | None:
        return None if self.paid is None else sum(self.paid) - self.price


# -- state --------------------------------------------------------------------------
@dataclass
class State(ReplayLog):
    """The state of a game: holdings, known money, the pile, whose turn it is."""

    edition: int
    players: tuple[str, ...]
    # Plain dicts of counts, not Counters: a Counter's item access costs several times a dict's, and the
    # animals change hands at every event a replay applies. An animal never held may be missing: read ``.get``.
    holdings: dict[str, dict[str, int]] = field(default_factory=dict)
    money: dict[str, list[int] | None] = field(default_factory=dict)
    pile: int = TOTAL_CARDS  # animal cards not yet turned up
    sold: dict[str, int] = field(default_factory=dict)  # cards of each animal turned up and sold
    donkeys: int = 0  # donkeys turned up (and paid out) so far
    turn: int = 0
    repeat: tuple[str, str, frozenset[str]] | None = None  # auctioneer, animal, excluded bidders
    deck: tuple[str, ...] | None = None  # the recorded order of the pile, when known
    bonus_holder: str | None = None  # edition 1: the first player to complete a bonus pair
    raising: bool = False  # a situation: the first broken rule is raised (exit 1)
    explain: bool = False  # collect the clauses and facts of each step (rulings)
    choose_payments: bool = False  # a payment not given is chosen (K12) instead of forgotten (K15)
    # A situation's events are what the players want to do: a choice that cannot be made is ruled with
    # its consequence (the buy right lost, K7). A record's events are what happened: one that could not
    # have happened is a finding, and the event is applied as recorded.
    choices: bool = False
    # the money dealt at the start, cards by value (None: the edition's setup for every player)
    deal: Mapping[int, int] | None = None
    seats: int | None = None  # players at the table, when only some are named (None: all are)
    uncounted: set[int] = field(default_factory=set)  # values no longer held to what can be in play (K18)
    # The cards of each value (in the order of VALUES) held by the players whose money is known, kept as
    # the money moves (``count_money``), so the check before every event (K18) need not count every hand.
    # Whatever changes ``money`` after the state is made goes through the methods below, which keep it.
    held: list[int] = field(init=False, default_factory=list, repr=False, compare=False)
    # The donkeys turned up when the money known last fitted what can be in play (K18), or None once
    # more money has come to be known since. Money known only grows through ``count_money`` and what
    # can be in play only grows with the donkeys: until then the check passes again, and is not made.
    fitted: int | None = field(init=False, default=None, repr=False, compare=False)
    # What can be in play (in the order of VALUES) by the number of donkeys turned up: edition, table and
    # deal are the state's setup, fixed once it is made; only the donkeys change as a game goes on.
    limits: dict[int, tuple[int, ...]] = field(init=False, default_factory=dict, repr=False, compare=False)
    # How many players hold some but not all four cards of each animal, kept as the animals change hands
    # (``gain``, ``lose``): a cow trade is possible while two of them share an animal, which is asked
    # before every event once the pile is empty (K14). Whatever changes ``holdings`` goes through those.
    sharing: dict[str, int] = field(init=False, default_factory=dict, repr=False, compare=False)
    # How many players' money is not known (None in ``money``), kept by ``forget_money``: an auction asks
    # whether a payment may come from one of them (K18) for every sale.
    unknown: int = field(init=False, default=0, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in self.players:
            self.holdings.setdefault(name, {})
            self.money.setdefault(name, None)
        # the money known at the start, counted once for every deal seen (every record of a table with the
        # setup's money starts with the same cards): card by card, the count costs a replay more than its first events
        known = [hand for hand in self.money.values() if hand is not None]
        self.held = list(value_counts(tuple(chain.from_iterable(known))))
        self.unknown = len(self.money) - len(known)
        for cards in self.holdings.values():
            for animal, held in cards.items():
                if 0 < held < CARDS_PER_ANIMAL:
                    self.sharing[animal] = self.sharing.get(animal, 0) + 1

    def count_money(self, cards: Sequence[int], times: int) -> None:
        """Count ``cards`` into (``times`` 1, or as many times as it is given) or out of (-1) the money known.

        A card of no value is not counted.
        """
        held = self.held
        for card in cards:
            index = value_index(card)
            if index is not None:
                held[index] += times
        if times > 0:
            self.fitted = None

    # -- reporting ----------------------------------------------------------------
    def error(self, rule: str, message: str, event: int | None = -1, also: tuple[str, ...] = ()) -> None:
        """A broken rule; ``also``: the register entries the judgement rests on, cited by a ruling."""
        if self.raising:
            raise RuleBroken(message, rule, also=also)
        super().error(rule, message, event)

    def forget_money(self, name: str, why: str) -> None:
        hand = self.money.get(name)
        if hand is not None:
            self.count_money(hand, -1)
            self.money[name] = None
            self.unknown += 1
            self.skipped.append(
                _("money checks for {name} from event {number} on: {why}").format(
                    name=name, number=self.number, why=why
                )
            )

    def forget_transfer(self, *names: str, why: str) -> None:
        """A transfer that cannot be followed: neither side's money is known from here (K15, K16).

        Following one side only would leave the other holding cards that were
        never handed over (or missing cards that were), and every later check
        would report the same defect again.
        """
        for name in names:
            self.forget_money(name, why)

    def check_money_exists(
        self, shown: Mapping[str, Sequence[int]] | None = None, parties: Sequence[str] = (), event: int | None = -1
    ) -> bool:
        """The money known can all be in play at this moment (register K18); False when it cannot.

        ``shown``: cards a player whose money is not known shows in this event
        (an offer, a payment): they hold at least those. When some cannot be
        in play, the money of whoever holds that value, and of ``parties``
        (the two sides of this event), is no longer followed: one defect, one
        finding.
        """
        # the usual case first, every value within its limit, from the counts kept as the money moves:
        # a replay checks before every event
        counts = self.held
        if shown:
            money = self.money
            for name, cards in shown.items():
                if cards and name in money and money[name] is None:  # shown by a player whose money is not known
                    if counts is self.held:
                        counts = counts.copy()
                    for card in cards:
                        index = value_index(card)
                        if index is not None:
                            counts[index] += 1
        if counts is self.held and self.fitted == self.donkeys:
            return True  # nothing more is known than fitted last time, and no less can be in play
        possible = self.money_limits()
        uncounted = self.uncounted
        for value, count, limit in zip(VALUES, counts, possible):
            if count > limit and value not in uncounted:
                break
        else:
            if counts is self.held:
                self.fitted = self.donkeys
            return True
        shown = shown or {}
        hands = [(name, hand if hand is not None else shown.get(name, ())) for name, hand in self.money.items()]
        found = beyond_the_limits(hands, self.edition, possible, self.donkeys, skip=uncounted)
        if found is None:
            return True
        clause, message = beyond_finding(found, self.edition, self.donkeys)
        self.error(clause, message, event, also=(C.MONEY_IN_PLAY,))
        # Which of the cards are real is unknown: that value is not counted again, nor the holders' money
        # followed, so the one defect (often an earlier one the record hides) gives one finding.
        self.uncounted.add(found.value)
        self.skipped.append(
            _("counting the money cards of value {value} from event {number} on: more were held than can be").format(
                value=found.value, number=self.number
            )
        )
        holders = [name for name, hand in self.money.items() if hand is not None and found.value in hand]
        self.forget_beyond([*holders, *parties])
        return False

    def forget_beyond(self, names: Iterable[str]) -> None:
        """The money of ``names`` is no longer followed: more cards of a value are held than can be in play."""
        for name in names:
            self.forget_money(name, _("more money cards of a value are held than can be in play"))  # once each

    def money_limits(self) -> tuple[int, ...]:
        """How many cards of each value (in the order of VALUES) can be in play now (K18).

        They change only with the donkeys: computed for every number of donkeys the first time they are
        asked, so the deal is counted once a game (a replay asks again after each donkey).
        """
        limits = self.limits.get(self.donkeys)
        if limits is None:
            seats = self.seats or len(self.players)
            deal = dealt_counts(self.edition, seats) if self.deal is None else deal_counts(self.deal)
            most = max(self.donkeys, len(DONKEY_PAYOUTS))
            self.limits.update(enumerate(in_play_by_donkeys(self.edition, deal, seats, most)))
            limits = self.limits[self.donkeys]
        return limits

    # -- questions ----------------------------------------------------------------
    def game_over(self) -> bool:
        return self.pile == 0 and self.repeat is None and not self.trade_possible()

    def trade_possible(self) -> bool:
        """Whether two players hold some of the same animal, neither all four (a cow trade can be made)."""
        # a loop that stops at the first animal shared, not max(): asked before every event once the pile is
        # empty, when an animal shared is usually found among the first, and max() compares every count
        for players in self.sharing.values():
            if players > 1:
                return True
        return False

    def can_challenge(self, player: str) -> bool:
        """Whether ``player`` has a challenge to make: an animal held in part, by someone else in part too."""
        sharing = self.sharing
        for animal, held in self.holdings.get(player, {}).items():
            if held in SOME_NOT_ALL and sharing[animal] > 1:
                return True
        return False

    def current_player(self) -> str:
        """Whose turn it is; with the pile empty, players who can challenge nobody are skipped (K14)."""
        if self.pile == 0 and self.repeat is None:
            count = len(self.players)
            for offset in range(count):
                candidate = self.players[(self.turn + offset) % count]
                if self.can_challenge(candidate):
                    self.turn = (self.turn + offset) % count
                    break
        return self.players[self.turn]

    # -- bookkeeping ----------------------------------------------------------------
    def check_turn(self, actor: str) -> None:
        if self.players[self.turn] == actor and (self.pile or self.repeat is not None or self.can_challenge(actor)):
            # the usual case: it is the actor's turn, and nobody is skipped (K14): cards are left, an auction is to
            # be run again, or the actor has a challenge to make, so current_player would name the actor
            return
        expected = self.current_player()
        if actor != expected:
            rule = C.SKIP_WHEN_NO_TRADE if self.pile == 0 else C.TURN_CLOCKWISE
            self.error(rule, _("it is {expected}'s turn, not {actor}'s").format(expected=expected, actor=actor))
            if actor in self.holdings:
                self.turn = self.players.index(actor)  # resynchronise: judge what follows from here

    def end_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)

    def check_cards_exist(self, cards: Sequence[int], whose: str, what: str) -> None:
        """``what``: a key of NO_SUCH_CARD (the payment, an offer …)."""
        if all_money_cards(cards):
            return
        wrong = invalid_cards(cards)
        if wrong:  # the message is built only when it is needed
            self.error(
                C.COMPONENTS_MONEY_VALUES,
                _(NO_SUCH_CARD[what]).format(whose=whose, value=wrong[0], cards=", ".join(map(str, VALUES))),
            )

    def pay(self, payer: str, payee: str, cards: Sequence[int], what: str) -> None:
        """``payer`` hands ``cards`` to ``payee``: each side's money follows while it is known.

        ``what``: a key of NOT_HELD. Cards the payer does not hold are
        reported, and neither side's money is followed from there (K16).
        """
        money = self.money
        hand = money.get(payer)
        if hand is not None:
            if not take_cards(hand, cards):
                self.error(
                    C.HOLDS_THE_CARDS, _(NOT_HELD[what]).format(name=payer, cards=list(cards), held=sorted(hand))
                )
                self.forget_transfer(
                    payer,
                    payee,
                    why=_("{payer} handed {payee} cards {payer} did not hold").format(payer=payer, payee=payee),
                )
                return
        received = money.get(payee)
        if received is not None:
            received.extend(cards)
        # cards from one hand known to another leave the money known as it was: counted only when a side is not
        if hand is None or received is None:
            if hand is not None:
                self.count_money(cards, -1)
            if received is not None:
                self.count_money(cards, 1)

    def give(self, name: str, cards: Sequence[int]) -> None:
        hand = self.money.get(name)
        if hand is not None:
            hand.extend(cards)
            self.count_money(cards, 1)

    def give_everyone(self, card: int) -> None:
        """Every player receives ``card`` (a donkey's payout): ``give`` to each, counted once for all."""
        money = self.money
        known = 0
        for name in self.players:
            hand = money.get(name)
            if hand is not None:
                hand.append(card)
                known += 1
        if known:
            self.count_money((card,), known)

    def gain(self, name: str, animal: str, count: int) -> None:
        """``name`` takes ``count`` cards of ``animal``; edition 1 awards the bonus card on a completed pair."""
        held = self.holdings[name]
        before = held.get(animal, 0)
        after = held[animal] = before + count
        some = after in SOME_NOT_ALL
        if (before in SOME_NOT_ALL) is not some:  # now some (or no longer some) of the four
            sharing = self.sharing
            sharing[animal] = sharing.get(animal, 0) + (1 if some else -1)
        if after == CARDS_PER_ANIMAL and self.edition == 1 and self.bonus_holder is None:
            partner = BONUS_PARTNER.get(animal)
            if partner is not None and held.get(partner) == CARDS_PER_ANIMAL:
                self.bonus_holder = name

    def lose(self, name: str, animal: str, count: int) -> None:
        """``name`` gives up ``count`` cards of ``animal`` (in a cow trade)."""
        held = self.holdings[name]
        before = held.get(animal, 0)
        after = held[animal] = before - count
        some = after in SOME_NOT_ALL
        if (before in SOME_NOT_ALL) is not some:  # no longer some (or now some) of the four
            sharing = self.sharing
            sharing[animal] = sharing.get(animal, 0) + (1 if some else -1)


# -- the step function ----------------------------------------------------------------
def held_at_least(*offers: Sequence[int] | None) -> list[int]:
    """The fewest cards one player must hold to make each of these offers (made one after another)."""
    given = [offer for offer in offers if offer]
    if len(given) <= 1:  # the usual case: one offer, or none
        return sorted(given[0]) if given else []
    most: dict[int, int] = {}
    for offer in given:
        for card in set(offer):
            most[card] = max(most.get(card, 0), offer.count(card))
    held: list[int] = []
    for card, count in most.items():
        held += [card] * count
    return sorted(held)


def step(state: State, event: Event) -> Outcome:
    """Apply one auction or cow trade to ``state`` and say what happened."""
    return ACTIONS[type(event)](state, event)


def pay_donkey(state: State, out: Outcome) -> None:
    """A donkey turned up: the money held is checked as it is before the payout (K18), then every player,
    the auctioneer too, receives the next payout (K2)."""
    if state.donkeys >= len(DONKEY_PAYOUTS):
        return  # a fifth donkey is reported as a fifth card of its kind
    state.check_money_exists()
    payout = DONKEY_PAYOUTS[state.donkeys]
    seats = state.seats or len(state.players)
    # what the deal and the donkeys so far have put in play: the bank holds the rest of the supply
    short = bank_short(state.edition, state.money_limits(), seats, state.donkeys)
    state.donkeys += 1
    out.donkey_payout = payout
    if state.explain:
        out.clauses += (C.DONKEY_INTERRUPT, C.DONKEY_PAYOUTS, C.DONKEY_TO_EVERYONE)
        out.facts += (
            _("donkey number {number}: every player, the auctioneer too, first receives {payout}").format(
                number=state.donkeys, payout=payout
            ),
        )
    if short is not None:
        # K19: only a deal beyond the rules' setup leaves the bank short; who went without is unknown
        state.error(
            C.BANK_SHORT,
            _(
                "donkey number {number} pays {payout} to each of {players} players, but only {left} cards of "
                "{payout} are left in the bank: the money dealt at the start is more than the rules deal"
            ).format(number=state.donkeys, payout=payout, players=seats, left=max(short[1], 0)),
        )
        for name in state.players:
            state.forget_money(name, _("the bank could not pay the donkey to every player"))
        return
    state.give_everyone(payout)


def _auction(s: State, e: Auction) -> Outcome:
    animal = e.animal
    out = Outcome()
    out.animal = animal
    repeat = s.repeat
    if s.explain:
        out.clauses += (C.AUCTION_REVEAL, C.AUCTION_RISING)
        out.facts += (_("the bids are listed in the order they were made"),)
    if repeat is not None:
        auctioneer, animal, excluded = repeat
        if (e.auctioneer, e.animal) != (auctioneer, animal):
            s.error(
                C.CANNOT_PAY,
                _("{the_animal} auctioned by {auctioneer} must be run again first").format(
                    the_animal=the_animal(animal), auctioneer=auctioneer
                ),
            )
        for bidder, _amount in e.bids:
            if bidder in excluded:
                s.error(
                    C.CANNOT_PAY,
                    _("{bidder} could not pay and may not bid when the auction is run again").format(bidder=bidder),
                )
        if s.explain:
            out.clauses += (C.CANNOT_PAY, C.ONLY_WINNING_BID_CHECKED)
            out.facts += (_("the auction is run again without {players}").format(players=", ".join(sorted(excluded))),)
    else:
        if s.pile == 0:
            s.error(C.EMPTY_DECK_NO_AUCTION, _("no animal cards are left to auction: only cow trades are possible"))
            return out
        if s.players[s.turn] != e.auctioneer:  # with cards left (as here), nobody is skipped: check_turn says so
            s.check_turn(e.auctioneer)
        if s.sold.get(animal, 0) >= CARDS_PER_ANIMAL:
            s.error(
                C.FOUR_OF_A_KIND,
                _("a fifth {animal}: all four have been auctioned already").format(animal=animal_name(animal)),
            )
        deck = s.deck
        if deck is not None:
            position = TOTAL_CARDS - s.pile
            if position < len(deck) and deck[position] != animal:
                s.error(
                    C.AUCTION_REVEAL,
                    _("the next card in the recorded deck is a {next}, not a {animal}").format(
                        next=animal_name(deck[position]), animal=animal_name(animal)
                    ),
                )
    if animal == "donkey":
        if repeat is None:
            before = s.donkeys
            pay_donkey(s, out)
            if e.donkey_payout is not None and out.donkey_payout is not None and e.donkey_payout != out.donkey_payout:
                s.error(
                    C.DONKEY_PAYOUTS,
                    _("donkey number {number} pays {payout} to every player, not {recorded}").format(
                        number=before + 1, payout=out.donkey_payout, recorded=e.donkey_payout
                    ),
                )
    elif e.donkey_payout is not None:
        s.error(
            C.DONKEY_PAYOUTS,
            _("a donkey payout is recorded, but the animal is a {animal}").format(animal=animal_name(animal)),
        )
    # K18, for every auction: the check passes again, as it did last time, while no more money is known, no less
    # can be in play (``fitted``) and no player whose money is not known pays; a ruling explains it all the same
    if s.fitted != s.donkeys or s.explain or (e.paid is not None and s.unknown):
        _check_auction_money(s, e, out)
    if e.bids:  # no bids, nothing to check
        try:
            check_bids(s.players, e.auctioneer, e.bids)
        except RuleBroken as broken:
            s.error(broken.clause, str(broken))
    _settle_auction(s, e, out)
    return out


def _check_auction_money(s: State, e: Auction, out: Outcome) -> None:
    """The money known, and the cards paid by a player whose money is not, can be in play now (K18).

    Who pays is worked out only when it matters: some money is not known
    (the payer's may be among it), or the money does not fit (the sale's
    two sides are no longer followed).
    """
    shown = None
    if s.unknown and e.paid is not None:
        payer = _recorded_sides(e)[0]
        if s.money.get(payer) is None:  # only what a payer whose money is not known pays is added to the count
            shown = {payer: e.paid}
    if not s.check_money_exists(shown):
        s.forget_beyond(_recorded_sides(e))
    elif s.explain and any(hand for hand in s.money.values()):
        out.clauses += (C.MONEY_IN_PLAY,)
        out.facts += (money_in_play_fact(s),)


def _recorded_sides(e: Auction) -> tuple[str, str]:
    """Who pays and who is paid in an auction as recorded, before the rules decide it."""
    auctioneer, bids = e.auctioneer, e.bids
    if not bids:
        return auctioneer, auctioneer
    top = bids[-1][0]
    payer = e.payer or (auctioneer if e.buyback else top)
    return payer, top if payer == auctioneer else auctioneer


def money_in_play_fact(s: State) -> str:
    """What the money given was checked against: the deal and the donkeys so far (K18)."""
    return ngettext(
        "the money cards given fit what can be in play after {count} donkey: the setup's deal and its payout",
        "the money cards given fit what can be in play after {count} donkeys: the setup's deal and their payouts",
        s.donkeys,
    ).format(count=s.donkeys)


def _settle_auction(s: State, e: Auction, out: Outcome) -> None:
    bids = e.bids
    if not bids:
        if e.buyback and s.choices:
            # nothing to buy back: the auctioneer takes the animal for free all the same
            if s.explain:
                out.facts += (_("nobody bid, so there is no bid for the auctioneer to buy back"),)
        elif e.buyback:
            s.error(C.AUCTION_BUY_RIGHT, _("nobody bid, so there is no highest bid for the auctioneer to match"))
        if e.cannot_pay:
            s.error(C.CANNOT_PAY, _("nobody bid, so nobody has a bid to pay"))
        if s.explain:
            out.clauses += (C.AUCTION_NO_BIDS,)
        _hand_over(s, e, e.auctioneer, out)
        return
    bidder, price = bids[-1]
    out.price = price
    explain = s.explain
    if explain:
        out.clauses += (C.AUCTION_SOLD, C.AUCTION_PAY)
    # K13: the top bid is the one that must be honoured, whoever ends up paying it;
    # the lower bids are never called, so nobody sees whether they were covered.
    money = s.money
    bidder_hand = money.get(bidder)
    auctioneer, paid, cannot_pay = e.auctioneer, e.paid, e.cannot_pay
    # whether the top bidder holds less than the bid matters unless the record says they could pay and what
    # they paid (checked card by card below) for a sale without the buy right: the usual auction, not summed
    uncovered = (
        bidder_hand is not None and (cannot_pay is not False or paid is None or e.buyback) and sum(bidder_hand) < price
    )
    if cannot_pay is None:
        cannot_pay = uncovered
    if cannot_pay:
        _run_again(s, e, out, bidder, price, bidder_hand, uncovered)
        return
    if uncovered and (e.buyback or paid is None):  # a recorded payment is checked card by card below
        if e.buyback:
            message = _(
                "{bidder} holds {held} and cannot cover the bid of {price}: the auction is run again "
                "without {bidder}, even though {auctioneer} wanted the buy right"
            )
        else:
            message = _(
                "{bidder} holds {held} and cannot cover the bid of {price}: the auction is run again without {bidder}"
            )
        s.error(
            C.CANNOT_PAY,
            message.format(bidder=bidder, held=sum(bidder_hand or ()), price=price, auctioneer=auctioneer),
        )
    elif explain and bidder_hand is None and s.choose_payments and e.buyback:
        out.facts += (
            _("{bidder}'s money is not given, so the bid is taken as one {bidder} could pay").format(bidder=bidder),
        )
    # whoever pays takes the animal: the auctioneer using the buy right, else the top bidder
    if e.buyback and not _buy_right_lost(s, e, out, bidder, price):
        out.buy_right_lost = False
        payer, payee = auctioneer, bidder
        if explain:
            out.clauses += (C.AUCTION_BUY_RIGHT,)
    else:
        payer, payee = bidder, auctioneer
    out.payer, out.payee = payer, payee
    if e.payer is not None and e.payer != payer:
        s.error(
            C.AUCTION_BUY_RIGHT if e.buyback else C.AUCTION_PAY,
            _("{payer} pays, not {recorded}").format(payer=payer, recorded=e.payer),
        )
    if paid is None and s.choose_payments:
        hand = money.get(payer)
        if hand is not None:
            payment = choose_payment(price, hand)
            paid = payment.paid if payment is not None else None
    if paid is None:
        if s.choose_payments:
            if explain:
                out.facts += (_("{payer}'s money is not given, so the payment is not checked").format(payer=payer),)
        else:
            s.forget_money(payer, _("the cards paid are not recorded"))
            s.forget_money(payee, _("the cards received are not recorded"))
    else:
        if explain:
            out.clauses += (C.NO_CHANGE, C.NO_CHANGE_001, C.PAYMENT_CHOICE)
        if not all_money_cards(paid):  # the usual case, every card a money card, checked at once
            s.check_cards_exist(paid, payer, "payment")
        total = sum(paid)
        if total < price:
            s.error(
                C.NO_CHANGE_001,
                _("{payer} pays {paid}, less than the price of {price}").format(payer=payer, paid=total, price=price),
            )
            s.forget_transfer(
                payer,
                payee,
                why=_("{payer} paid {payee} less than the price, so which cards changed hands is in doubt").format(
                    payer=payer, payee=payee
                ),
            )
        else:
            s.pay(payer, payee, paid, "the cards paid")
        out.paid = paid
    _hand_over(s, e, payer, out)


def _run_again(
    s: State, e: Auction, out: Outcome, bidder: str, price: int, bidder_hand: list[int] | None, uncovered: bool
) -> None:
    """The top bidder cannot pay: the auction is run again without them (K13)."""
    if e.cannot_pay and bidder_hand is not None and not uncovered:
        s.error(
            C.CANNOT_PAY,
            _("{bidder} holds {held} and could pay {price}").format(bidder=bidder, held=sum(bidder_hand), price=price),
        )
    if s.explain:
        out.clauses += (C.CANNOT_PAY, C.ONLY_WINNING_BID_CHECKED)
        if bidder_hand is not None:
            out.facts += (_("{bidder} holds {held} in money cards").format(bidder=bidder, held=sum(bidder_hand)),)
        if e.buyback:
            out.facts += (
                _(
                    "{auctioneer} wanted the buy right, but {bidder}'s bid cannot be honoured, "
                    "and the auctioneer never pays out for it (K13)"
                ).format(auctioneer=e.auctioneer, bidder=bidder),
            )
    excluded = s.repeat[2] if s.repeat else frozenset()
    s.repeat = (e.auctioneer, e.animal, excluded | {bidder})
    out.repeat_without = (bidder,)
    out.next_player = e.auctioneer


def _buy_right_lost(s: State, e: Auction, out: Outcome, bidder: str, price: int) -> bool:
    """The auctioneer wants the buy right but holds less than the top bid: it is lost (K7).

    In a situation that is the ruling: the sale goes ahead as if the
    auctioneer had not asked, the top bidder taking the animal and paying
    the auctioneer (the top bid is known to be covered, K13). A record that
    says the buy right was used anyway is a finding, and is applied as
    recorded so the events after it are judged as they were played.
    """
    hand = s.money.get(e.auctioneer)
    if not e.buyback or hand is None or sum(hand) >= price:
        return False
    if not s.choices:
        s.error(
            C.BUY_RIGHT_NEEDS_MONEY,
            _(
                "{auctioneer} holds {held} and cannot pay {price}, so cannot use the buy right (K7): "
                "{bidder} should have taken {the_animal} and paid {auctioneer}"
            ).format(
                auctioneer=e.auctioneer, held=sum(hand), price=price, bidder=bidder, the_animal=the_animal(e.animal)
            ),
        )
        return False
    out.buy_right_lost = True
    if s.explain:
        out.clauses += (C.AUCTION_BUY_RIGHT, C.BUY_RIGHT_NEEDS_MONEY, C.ONLY_WINNING_BID_CHECKED)
        out.facts += (
            _("{auctioneer} holds {held} in money cards, less than the top bid of {price}").format(
                auctioneer=e.auctioneer, held=sum(hand), price=price
            ),
        )
    return True


def _hand_over(s: State, e: Auction, animal_to: str, out: Outcome) -> None:
    animal = e.animal
    if e.winner is not None and e.winner != animal_to:
        s.error(
            C.AUCTION_SOLD,
            _("{the_animal} goes to {player}, not {recorded}").format(
                the_animal=the_animal(animal), player=animal_to, recorded=e.winner
            ),
        )
    out.animal_to = animal_to
    s.gain(animal_to, animal, 1)
    sold = s.sold
    sold[animal] = sold.get(animal, 0) + 1
    if s.pile > 0:
        s.pile -= 1
    s.repeat = None
    players = s.players
    s.turn = turn = (s.turn + 1) % len(players)  # end_turn, for every auction
    out.next_player = players[turn]


def _refused(s: State, e: CowTrade, out: Outcome, broken: RuleBroken) -> Outcome:
    """A cow trade the rules refuse: reported, and not applied; the turn passes.

    The record says money changed hands, the rules say how much cannot be
    known: neither side's money is followed from here (one defect, one finding).
    """
    s.error(broken.clause, str(broken))
    s.forget_transfer(
        e.challenger,
        e.defender,
        why=_(
            "the cow trade between {challenger} and {defender} breaks a rule, so its money cannot be followed"
        ).format(challenger=e.challenger, defender=e.defender),
    )
    s.end_turn()
    out.next_player = s.players[s.turn]
    return out


def _offers(e: CowTrade) -> list[tuple[str, tuple[int, ...], str]]:
    """The offers made, in order: who made each, its cards, and what it was (a key of NO_SUCH_CARD and NOT_HELD)."""
    offers = [(e.challenger, e.offer, "offer")]
    if e.counter is not None:
        offers.append((e.defender, e.counter, "counter-offer"))
    if e.rebid is not None:
        offers.append((e.challenger, e.rebid, "rebid"))
    if e.rebid_counter is not None:
        offers.append((e.defender, e.rebid_counter, "answer to the rebid"))
    return offers


def _cow_trade(s: State, e: CowTrade) -> Outcome:
    animal, challenger, defender = e.animal, e.challenger, e.defender
    out = Outcome()
    out.animal = animal
    if s.repeat is not None:
        s.error(
            C.CANNOT_PAY,
            _("{the_animal} auction must be run again before anything else").format(the_animal=the_animal(s.repeat[1])),
        )
        s.repeat = None
    holdings = s.holdings
    c_holds = holdings[challenger].get(animal, 0) if challenger in holdings else 0
    d_holds = holdings[defender].get(animal, 0) if defender in holdings else 0
    # the usual trade, two players each holding some, together no more than four, is eligible without a call
    eligible = challenger != defender and 0 < c_holds and 0 < d_holds and c_holds + d_holds <= CARDS_PER_ANIMAL
    # At the challenger's turn, check_turn passes while cards are left, or when the challenger has this trade to
    # make (nobody is skipped, K14): asked only otherwise, without looking through the challenger's animals.
    if s.players[s.turn] != challenger or not (s.pile or eligible):
        s.check_turn(challenger)
    offers = _offers(e)
    for name, cards, what in offers:
        if not all_money_cards(cards):  # the usual case, every card a money card, checked at once
            s.check_cards_exist(cards, name, what)
    # each side's money, read once a trade and again only where it may no longer be followed
    money = s.money
    c_money, d_money = money.get(challenger), money.get(defender)
    # each side holds at least its larger offer: after a tie the offers go back (K3) and may be made again;
    # what a side shows counts only when its money is not known
    shown = None
    if c_money is None or d_money is None:
        shown = {challenger: held_at_least(e.offer, e.rebid), defender: held_at_least(e.counter, e.rebid_counter)}
    # K18 as for an auction: a check that would pass as it did last time, unexplained, is not made again
    if shown is not None or s.fitted != s.donkeys or s.explain:
        if s.check_money_exists(shown, (challenger, defender)) and s.explain:
            out.clauses += (C.MONEY_IN_PLAY,)
            out.facts += (money_in_play_fact(s),)
        c_money, d_money = money.get(challenger), money.get(defender)  # money that did not fit is no longer followed
    if not eligible:
        try:
            check_eligible(challenger, defender, animal, c_holds, d_holds)
        except RuleBroken as broken:
            return _refused(s, e, out, broken)
    # each side's money without a several-card offer, found while checking it is held: the exchange hands that
    # offer over without taking its cards out again (two names, not a dict: made for every cow trade)
    c_kept = d_kept = None
    for name, cards, what in offers:
        hand = c_money if name == challenger else d_money
        if hand is None or not cards:
            continue
        if len(cards) == 1:  # the usual offer, one card, looked for in the hand
            if cards[0] in hand:
                continue
        else:
            left = remove_cards(hand, cards)
            if left is not None:
                if name == challenger:
                    c_kept = cards, left
                else:
                    d_kept = cards, left
                continue
        s.error(C.HOLDS_THE_CARDS, _(NOT_HELD[what]).format(name=name, cards=list(cards), held=sorted(hand)))
        s.forget_transfer(
            challenger,
            defender,
            why=_("{name} offered cards {name} did not hold in a cow trade with {other}").format(
                name=name, other=defender if name == challenger else challenger
            ),
        )
        c_money = d_money = None  # neither side's money is followed from here
    try:
        side, count, to_challenger, to_defender, ties = resolve_trade(
            s.edition, c_holds, d_holds, e, out if s.explain else None
        )
    except RuleBroken as broken:
        return _refused(s, e, out, broken)
    # needs_rebid is set either way: a replay asks it of every cow trade, and reads an attribute of the outcome
    # itself faster than the class's default
    out.count, out.ties, out.needs_rebid = count, ties, side is None
    if side is None:  # the challenger offers again: still the same turn
        out.next_player = challenger
        return out
    winner, loser = (challenger, defender) if side == "challenger" else (defender, challenger)
    out.winner, out.loser = winner, loser
    out.to_challenger, out.to_defender = to_challenger, to_defender
    if e.winner is not None and e.winner != winner:
        s.error(
            C.COW_TRADE_HIGHER_WINS,
            _("{winner} wins {the_animal}, not {recorded}").format(
                winner=winner, the_animal=the_animal(animal), recorded=e.winner
            ),
        )
    if e.count is not None and e.count != count:
        s.error(
            C.CARDS_AT_STAKE,
            # TRANSLATORS: the English keeps "card(s)" in both forms; translate each form properly.
            ngettext(
                "{count} {animal} card(s) change hands, not {recorded}",
                "{count} {animal} card(s) change hands, not {recorded}",
                count,
            ).format(count=count, animal=animal_name(animal), recorded=e.count),
        )
    s.lose(loser, animal, count)
    s.gain(winner, animal, count)
    _exchange(s, challenger, c_money, to_defender, c_kept, defender, d_money, to_challenger, d_kept)
    players = s.players
    s.turn = turn = (s.turn + 1) % len(players)  # end_turn, for every cow trade
    out.next_player = players[turn]
    return out


# A side's money without an offer it was found to hold, with that offer (None: not found): the exchange uses it
# when that offer is what the side gives.
Kept = tuple[tuple[int, ...], list[int]] | None


def _exchange(
    s: State,
    c_name: str,
    c_hand: list[int] | None,
    gives: tuple[int, ...],
    c_kept: Kept,
    d_name: str,
    d_hand: list[int] | None,
    receives: tuple[int, ...],
    d_kept: Kept,
) -> None:
    """The money of a cow trade changes hands: each side's known money gives its cards and takes the other's.

    Each side: its name, its money (None: not followed), the cards it gives,
    and its money without an offer it was found to hold. A side that does not
    hold what it gives (reported before) keeps its money and takes the other's cards all the same.
    """
    money = s.money
    c_gave = d_gave = False
    if c_hand is not None:
        if c_kept is not None and c_kept[0] is gives:
            c_hand = money[c_name] = c_kept[1]
            c_gave = True
        else:
            c_gave = take_cards(c_hand, gives) if gives else True  # the loser of an edition-1 trade gives nothing
        c_hand += receives
    if d_hand is not None:
        if d_kept is not None and d_kept[0] is receives:
            d_hand = money[d_name] = d_kept[1]
            d_gave = True
        else:
            d_gave = take_cards(d_hand, receives) if receives else True  # an accepted offer, or a lost trade
        d_hand += gives
    if c_gave and d_gave:
        return  # cards that went from one hand known to the other leave the money known as it was
    if c_hand is not None:
        if c_gave:
            s.count_money(gives, -1)
        s.count_money(receives, 1)
    if d_hand is not None:
        if d_gave:
            s.count_money(receives, -1)
        s.count_money(gives, 1)


# What ``step`` does for each kind of event. A replay looks its events up here too, and so goes through the
# same functions as a ruling without the call to ``step`` for every event.
ACTIONS: dict[type, Callable[[State, Any], Outcome]] = {Auction: _auction, CowTrade: _cow_trade}
