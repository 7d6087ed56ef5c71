"""Money!'s rules engine: the state of a game and the one step function every path applies. Pure.

A situation ruling (``situations.py``) builds a ``State`` from the situation
file and applies its one action with ``step``; a recorded game (``replay.py``)
builds the start ``State`` from the setup and applies every event with the
same ``step`` (looking each event's function up in ``STEPS`` itself). So a
ruling and a replay cannot decide the same moment differently.

Actions: ``Offers`` (a round's offers, revealed together), ``Exchange`` (one
player's action) and ``Refill`` (the displays topped up after the round). A
broken rule goes to the ``Referee``: a ruling stops at the first (exit 1), a
replay records it and carries on, applying the action as recorded.

The state is changed in place and the messages are only written when a rule
is broken, so a replay costs little per event.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from refcli.games.money import clauses as C
from refcli.games.money.bidding import Bidding, NeedSerials, order_counted
from refcli.games.money.cards import BLUFF, COINS, CURRENCIES_FOR_PLAYERS, NOTE_VALUES, Card, Deck, impossible_cards
from refcli.games.money.shown import card as shown_card
from refcli.language.i18n import N_, _

DISPLAY = 4  # cards in each display after a refill (003 "Preparar", "Como se Juega")
HAND = 6  # cards dealt to each player, besides the bluff card
SIDES = ("right", "left")
# What the replay says it stops checking when a display's cards are not known, by side.
TOOK_UNKNOWN = {
    "right": N_("{player} took the right display, whose cards are not recorded"),
    "left": N_("{player} took the left display, whose cards are not recorded"),
}
# The phase once every bidder has acted, by whether the round was the final round: refill, or after the final
# round the game is over (end.score-time). A lookup, not a call: every round ends.
END_OF_ROUND = {False: "refill", True: "over"}
DISPLAY_CARDS = {"right": N_("the right display's cards"), "left": N_("the left display's cards")}


# -- actions -----------------------------------------------------------------------
class Offers(NamedTuple):
    offers: Mapping[str, Sequence[Card]]  # player → the cards offered, bluff cards included


class Exchange(NamedTuple):
    player: str
    action: str  # right | left | swap | keep
    partner: str | None = None  # swap only


class Refill(NamedTuple):
    """The displays topped up. A record gives the counts (and maybe the cards) it claims; a ruling gives None."""

    right: int | None = None
    left: int | None = None
    right_cards: Sequence[Card] | None = None
    left_cards: Sequence[Card] | None = None


Action = Offers | Exchange | Refill


# -- outcomes ----------------------------------------------------------------------
class OffersOutcome(NamedTuple):
    bidding: Bidding
    next: str | None  # the first to act; None when every offer sits out
    round_over: bool
    game_over: bool


class ExchangeOutcome(NamedTuple):
    player: str
    action: str
    partner: str | None
    takes: tuple[Card, ...] | None  # None: a display whose cards are not known
    gives: tuple[Card, ...]
    next: str | None
    round_over: bool
    game_over: bool


class RefillOutcome(NamedTuple):
    to_right: int
    to_left: int
    right_after: int
    left_after: int
    pile_after: int
    final_round: bool  # the refill emptied the pile: the next round is the final round (M5)
    game_over: bool  # the pile was already empty: the final round has been played


Outcome = OffersOutcome | ExchangeOutcome | RefillOutcome | None  # None: the action could not be applied


class Referee(Protocol):
    """Where the engine reports what it finds: a ruling raises, a replay records and carries on."""

    def broken(self, rule: str, message: str) -> None: ...

    def need_serials(self, need: NeedSerials) -> None: ...

    def skip(self, what: str, why: str) -> None: ...


# -- the state ----------------------------------------------------------------------
@dataclass(slots=True, eq=False)
class State:
    """A game of Money! between two actions. ``None`` marks what the input does not say."""

    players: tuple[str, ...]
    pile: int
    sizes: dict[str, int]  # cards in each display, always known
    displays: dict[str, list[Card] | None]  # their cards, when known
    hands: dict[str, list[Card]] | None = None  # notes and coins in hand (bluff cards aside), when known
    deck: Deck | None = None  # every card seen so far, when the hands and displays are known
    phase: str = "offers"  # offers → exchanges → refill → offers …; "over" after the final round
    final_round: bool = False
    bidding: Bidding | None = None
    table: dict[str, list[Card]] = field(default_factory=dict)  # offers still on the table
    waiting: list[str] = field(default_factory=list)  # bidders who have not acted, in order
    next_up: str | None = None  # after a swap: the partner acts next (M7)
    # the players as a set: whether every one of them has an offer is one comparison of it with the offers' keys
    seated: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        self.seated = frozenset(self.players)

    @property
    def expected(self) -> str | None:
        """Who acts now in the exchanges."""
        if self.next_up is not None:
            return self.next_up
        return self.waiting[0] if self.waiting else None


def cards_in_play(players: int, currencies: int | None) -> int:
    return len(NOTE_VALUES) * (currencies or CURRENCIES_FOR_PLAYERS[players]) + COINS


def start(
    players: Sequence[str],
    *,
    currencies: int | None = None,
    pile: int | None = None,
    hands: Mapping[str, Sequence[Card]] | None = None,
    right: Sequence[Card] | None = None,
    left: Sequence[Card] | None = None,
) -> tuple[State, str | None]:
    """The state after the setup, and the first problem with the cards dealt (None when they can all exist)."""
    if pile is None:
        pile = cards_in_play(len(players), currencies) - HAND * len(players) - 2 * DISPLAY
    state = State(
        players=tuple(players),
        pile=pile,
        sizes={"right": DISPLAY, "left": DISPLAY},
        displays={"right": None if right is None else list(right), "left": None if left is None else list(left)},
        # end.pile: with nothing left to deal, the first round is already the final round
        final_round=pile == 0,
    )
    problem = None
    if hands is not None:
        state.hands = {name: without_bluffs(hands.get(name, ())) for name in players}
        if right is not None and left is not None:
            state.deck = Deck()
            seen = [card for name in players for card in state.hands[name]] + list(right) + list(left)
            problems = state.deck.add(seen)
            problem = problems[0] if problems else None
    return state, problem


def without_bluffs(cards: Sequence[Card]) -> list[Card]:
    """The cards, bluff cards aside, as a new list."""
    real = list(cards)
    return [card for card in real if card != BLUFF] if BLUFF in real else real


# -- the step function -------------------------------------------------------------
def step(state: State, action: Action, referee: Referee, *, outcome: bool = True) -> Outcome:
    """Apply one action to ``state`` (in place) and return what happened.

    ``outcome=False``: the same rules applied, but what happened is not built (None is returned). A replay
    only needs the state and the broken rules, and building every event's outcome (with copies of the cards
    taken and given) was a large share of its cost.
    """
    return STEPS[type(action)](state, action, referee, outcome)


def game_over(referee: Referee) -> None:
    """Every action after the final round: each action's function tests it where it finds the wrong phase."""
    referee.broken(C.END_PILE, _("the game is over: the final round was played with the last cards of the draw pile"))


def offers(state: State, action: Offers, referee: Referee, outcome: bool = True) -> OffersOutcome | None:
    """A round's offers, revealed together: checked, valued and put in order (003 "Visión general")."""
    if state.phase != "offers":
        if state.phase == "over":
            game_over(referee)
            return None
        rule = C.REFILL_ORDER if state.phase == "refill" else C.TURN_ALL_BIDDERS
        referee.broken(rule, _("a new round starts only after every bidder has acted and the displays are refilled"))
    offered = action.offers
    if not offered.keys() >= state.seated:
        referee.broken(
            C.OFFER_CHOOSE,
            _("no offer recorded for {players} (an offer of only the bluff card sits out)").format(
                players=", ".join(name for name in state.players if name not in offered)
            ),
        )
    table: dict[str, list[Card]] = {}  # the real cards of each offer (bluff cards go back to the hand)
    values: dict[str, int] = {}
    hands = state.hands
    verified = hands is not None and state.deck is not None  # every card offered came from a checked hand
    for name, cards in offered.items():
        real = list(cards)
        hand = None
        if hands is not None:
            try:
                hand = hands[name]  # a subscript, not get(): every player's hand is there from the setup
            except KeyError:
                hand = hands[name] = []
        # One pass over the offer counts its bluff cards and its value and takes its cards out of the hand: the
        # hand's check is a loop in any case, and the bluff cards counted and the values summed in C cost two
        # more scans of the offer, each card compared with the bluff card as a tuple, and a map object.
        value = bluffs = 0
        missing: list[Card] | None = None  # cards not in the hand: reported after a second bluff card, as found
        for card in real:
            if card[0] == "bluff":  # the kind, by index: a string compared, not the card as a tuple
                bluffs += 1
                continue
            value += card[2]
            if hand is not None:
                try:
                    hand.remove(card)
                except ValueError:
                    if missing is None:
                        missing = []
                    missing.append(card)
        if bluffs:  # an offer holds its one bluff card, usually last, or none
            if bluffs == 1 and real[-1][0] == "bluff":
                del real[-1]
            else:
                real = [card for card in real if card[0] != "bluff"]
            if bluffs > 1:
                referee.broken(
                    C.SETUP_BLUFF_CARD,
                    _("{player} offers {count} bluff cards, but each player has one bluff card").format(
                        player=name, count=bluffs
                    ),
                )
        table[name] = real
        values[name] = value
        if missing is not None:
            verified = False
            for card in missing:
                referee.broken(
                    C.OFFER_CHOOSE,
                    _("{player} offers {card}, which is not in their hand").format(player=name, card=shown_card(card)),
                )
    if not verified:
        # cards not known to come from a hand: what is on the table now must be able to exist together
        shown = [card for cards in table.values() for card in cards]
        shown += [card for display in state.displays.values() if display for card in display]
        problems = impossible_cards(shown)
        if problems:
            referee.broken(C.COMPONENTS_NOTES, _("these cards cannot all exist: {problem}").format(problem=problems[0]))
    try:
        bidding = order_counted(offered, values, table)
    except NeedSerials as need:
        referee.need_serials(need)
        bidding = Bidding(values, tuple(name for name in offered if table[name]), (), ())
    state.bidding = bidding
    state.table = table
    waiting = state.waiting = list(bidding.order)
    state.next_up = None
    if waiting:
        state.phase = "exchanges"
    else:
        state.phase = END_OF_ROUND[state.final_round]
    if not outcome:
        return None
    return OffersOutcome(bidding, state.expected, not waiting, state.phase == "over")


def exchange(state: State, action: Exchange, referee: Referee, outcome: bool = True) -> ExchangeOutcome | None:
    """One player's action: a display, a swap or keep (003 "Como se Juega")."""
    player, kind, wanted = action
    if state.phase != "exchanges":  # the offers set the bidding and someone waiting before this phase
        if state.phase == "over":
            game_over(referee)
            return None
        referee.broken(
            C.TURN_ALL_BIDDERS,
            _("{player} cannot act now: no round of offers is waiting for actions").format(player=player),
        )
        return None
    waiting = state.waiting
    next_up = state.next_up
    expected = waiting[0] if next_up is None else next_up  # the exchanges go on while someone is waiting
    if player != expected:  # the one expected is always still waiting, so never sitting out
        bidding = state.bidding
        assert bidding is not None  # set with the phase, by the offers
        if player in bidding.sitting_out:
            referee.broken(
                C.OFFER_SIT_OUT,
                _("{player} offered only the bluff card and sits this round out").format(player=player),
            )
            return None
        if player not in waiting:
            referee.broken(C.TURN_ALL_BIDDERS, _("{player} has already acted this round").format(player=player))
            return None
        if next_up is not None:
            referee.broken(
                C.SWAP_RULING,
                _("{expected} acts now, with the offer just swapped to them, not {player}").format(
                    expected=expected, player=player
                ),
            )
        else:
            referee.broken(
                C.TURN_ORDER,
                _(
                    "{expected} acts before {player}: {expected}'s offer ({value}) is the highest still on the table"
                ).format(expected=expected, player=player, value=bidding.values.get(str(expected), 0)),
            )
    waiting.remove(player)
    state.next_up = None
    table = state.table
    offer = table.pop(player)  # every player waiting has an offer on the table
    hands = state.hands
    partner = None
    takes: Sequence[Card] | None
    if kind == "right" or kind == "left":
        displays = state.displays
        takes = displays[kind]
        if takes is None:
            unknown_hand(state, referee, _(TOOK_UNKNOWN[kind]).format(player=player))
        else:
            if hands is not None:
                hands[player].extend(takes)
            displays[kind] = offer
        state.sizes[kind] = len(offer)
    elif kind == "swap":
        if wanted not in waiting:
            referee.broken(
                C.SWAP_RULING,
                _("{player} has no offer on the table to swap with (sitting out, or already acted)").format(
                    player=wanted or ""
                ),
            )
            takes = offer
        else:
            partner = wanted
            takes = table[partner]
            table[partner] = offer
            state.next_up = partner  # exchange.swap-next
        if hands is not None:
            hands[player].extend(takes)
    else:
        takes = ()
        if hands is not None:
            hands[player].extend(offer)
    if not waiting:
        state.phase = END_OF_ROUND[state.final_round]
    if not outcome:
        return None
    # the cards taken are never changed after this (a display taken is replaced by the offer), so a copy
    # of them now is what was taken
    return ExchangeOutcome(
        player,
        kind,
        partner,
        None if takes is None else tuple(takes),
        tuple(offer) if kind != "keep" else (),
        state.expected,
        not waiting,
        state.phase == "over",
    )


def unknown_hand(state: State, referee: Referee, why: str) -> None:
    """A player took cards nobody recorded: the hands are no longer known, so the checks that need them stop."""
    if state.hands is not None:
        state.hands = None
        referee.skip(
            _("the hands"), _("{why}: offers are not checked against them, nor the final scores").format(why=why)
        )


def refill(state: State, action: Refill, referee: Referee, outcome: bool = True) -> RefillOutcome | None:
    """The displays topped up to four, right first, then left; the last cards make the final round."""
    if state.phase != "refill":
        if state.phase == "over":
            game_over(referee)
            return None
        referee.broken(C.REFILL_ORDER, _("the displays are refilled only after every bidder has acted"))
    sizes = state.sizes
    pile = state.pile
    right = sizes["right"]
    left = sizes["left"]
    if pile == 0:
        # end.pile: nothing left to deal, so the round just played was the final round
        state.phase = "over"
        return RefillOutcome(0, 0, right, left, 0, False, True) if outcome else None
    # what each display lacks, as far as the pile goes (conditionals: min() and max() parse their arguments
    # as keywords, a large share of a refill's cost)
    to_right = DISPLAY - right if right < DISPLAY else 0
    if to_right > pile:
        to_right = pile
    to_left = DISPLAY - left if left < DISPLAY else 0
    if to_left > pile - to_right:
        to_left = pile - to_right
    recorded_right, recorded_left, right_cards, left_cards = action  # unpacked: no attribute lookups
    dealt_right, dealt_left = to_right, to_left
    if recorded_right is not None and recorded_left is not None:
        if recorded_right != to_right or recorded_left != to_left:
            referee.broken(
                C.REFILL_ORDER,
                _(
                    "with {right} cards right, {left} left and {pile} in the pile, "
                    "the refill is {to_right} right then {to_left} left, not {recorded_right} and {recorded_left}"
                ).format(
                    right=right,
                    left=left,
                    pile=pile,
                    to_right=to_right,
                    to_left=to_left,
                    recorded_right=recorded_right,
                    recorded_left=recorded_left,
                ),
            )
        dealt_right, dealt_left = recorded_right, recorded_left  # a replay carries on with the cards the record deals
    # a side dealt nothing is left alone (no call): most refills deal to one display only
    if dealt_right or right_cards:
        deal(state, "right", dealt_right, right_cards, referee)
    if dealt_left or left_cards:
        deal(state, "left", dealt_left, left_cards, referee)
    pile -= dealt_right + dealt_left
    if pile < 0:
        pile = 0
    state.pile = pile
    if pile == 0:
        state.final_round = True  # M5: the next round is the final round
    state.phase = "offers"
    if not outcome:
        return None
    return RefillOutcome(to_right, to_left, sizes["right"], sizes["left"], pile, state.final_round, False)


def deal(state: State, side: str, count: int, cards: Sequence[Card] | None, referee: Referee) -> None:
    """``count`` cards dealt to a display: its cards when the record lists them, checked against the box."""
    display = state.displays[side]
    if cards is None:
        if display is not None and count:
            state.displays[side] = None
            state.deck = None
            referee.skip(_(DISPLAY_CARDS[side]), _("the cards dealt are not recorded"))
    else:
        if display is not None:
            display.extend(cards)
        deck = state.deck
        if deck is not None:
            for problem in deck.add(cards):
                referee.broken(C.COMPONENTS_NOTES, _("these cards cannot all exist: {problem}").format(problem=problem))
    state.sizes[side] += count


# What ``step`` applies, by the action's type. A replay looks its events up here itself (the same functions,
# one Python call fewer per event than through ``step``).
# Each function takes its own type of action (Any: a dict cannot pair each key with its value's type).
STEPS: dict[type, Callable[[State, Any, Referee, bool], Outcome]] = {
    Offers: offers,
    Exchange: exchange,
    Refill: refill,
}
