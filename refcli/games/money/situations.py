"""Money! rulings: ``bids`` (SPEC.md), ``exchange`` and ``refill``, each described in ``formats``.

Each situation is a state and one action: the file is read into an
``engine.State`` and the action applied with ``engine.step``, the function a
recorded game's replay applies to every event, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from refcli.errors import RuleBroken
from refcli.formats import read_table
from refcli.games.money import clauses as C
from refcli.games.money import formats as F
from refcli.games.money.bidding import NeedSerials
from refcli.games.money.cards import Card
from refcli.games.money.engine import (
    DISPLAY,
    Exchange,
    ExchangeOutcome,
    Offers,
    OffersOutcome,
    Refill,
    RefillOutcome,
    State,
    step,
)
from refcli.inputs import Document
from refcli.report import Report
from refcli.rulings import rule_on
from refcli.schema import Table
from refcli.verdict import Verdict

GAME = "money"
ALL_CARDS = 69


class Ruling:
    """The engine's ``Referee`` for a ruling: the first broken rule ends it (exit 1)."""

    def __init__(self, top: Table, offers: dict[str, list[Card]] | None = None) -> None:
        self.top = top
        self.offers = offers or {}

    def broken(self, rule: str, message: str) -> None:
        raise RuleBroken(message, rule)

    def need_serials(self, need: NeedSerials) -> None:
        """A tie the file gives no serial numbers for is a gap in the input (exit 65), naming the cards."""
        names = list(self.offers)
        first_player, first_index = need.missing[0]
        cards = ", ".join(f'{player}\'s "{self.offers[player][index - 1]}"' for player, index in need.missing)
        raise self.top.error_at(
            self.top.path + ("offer", names.index(first_player) + 1, "cards", first_index),
            f"serial numbers to break the tie ({need}; the lowest serial acts first)",
            f'none on {cards} — write them as "euro 30 #12"',
        )

    def skip(self, what: str, why: str) -> None:  # pragma: no cover - a situation's displays are always known
        pass


def offers_of(values: dict[str, Any]) -> dict[str, list[Card]]:
    """The ``[[offer]]`` tables as player → cards, in the order written."""
    return {offer["player"]: offer["cards"] for offer in values["offer"]}


def strings(cards: Sequence[Card] | None) -> list[str] | None:
    return None if cards is None else [str(card) for card in cards]


def round_state(players: Sequence[str], *, right: list[Card] | None, left: list[Card] | None, final: bool) -> State:
    """A round about to be revealed (the hands are not part of a situation)."""
    return State(
        players=tuple(players),
        pile=0,
        sizes={
            "right": len(right) if right is not None else DISPLAY,
            "left": len(left) if left is not None else DISPLAY,
        },
        displays={"right": right, "left": left},
        final_round=final,
    )


def bids(top: Table) -> Verdict:
    values = read_table(F.BIDS, top)
    offers = offers_of(values)
    state = round_state(list(offers), right=None, left=None, final=values["final_round"])
    result = step(state, Offers(offers), Ruling(top, offers))
    assert isinstance(result, OffersOutcome)
    bidding = result.bidding
    outcome = {
        "values": bidding.values,
        "order": list(bidding.order),
        "sitting_out": list(bidding.sitting_out),
        "game_over": result.game_over,
    }
    clauses = [C.SETUP_BLUFF_CARD, C.DECK_RULING, C.OFFER_CONTENTS, C.OFFER_BLUFF_BACK, C.VALUE_OFFER, C.TURN_ORDER]
    if bidding.sitting_out:
        clauses += [C.OFFER_SIT_OUT, C.SIT_OUT_RULING]
    if bidding.tie_breaks:
        clauses += [C.TIE_SERIAL, C.TIE_SERIAL_RANGE, C.SERIAL_RULING]
    order = ", then ".join(f"{name} ({bidding.values[name]})" for name in bidding.order) or "nobody"
    verdict = f"{order} act in that order."
    if bidding.sitting_out:
        verb = "sits" if len(bidding.sitting_out) == 1 else "sit"
        verdict += f" {', '.join(bidding.sitting_out)} offered only the bluff card and {verb} this round out."
    if result.game_over:
        clauses += [C.END_FINAL_ROUND, C.END_SCORE_TIME]
        verdict += " Nobody takes part in the final round: the game is over; score it."
    return Verdict(verdict, outcome, bidding.tie_breaks, tuple(clauses))


def exchange(top: Table) -> Verdict:
    values = read_table(F.EXCHANGE, top)
    offers = offers_of(values)
    player: str = values["player"]
    action: str = values["action"]
    acted: list[str] = values["acted"]
    swapped: bool = values["swapped"]
    if action == "swap" and values["with"] is None:
        raise top.error(
            "with",
            f"the player whose offer is taken's name, one of {', '.join(offers)}",
            "nothing (the key is missing)",
        )
    # the offers of players who have acted have left the table: they are not part of the state
    live = {name: cards for name, cards in offers.items() if name not in acted}
    state = round_state(list(live), right=list(values["right"]), left=list(values["left"]), final=values["final_round"])
    ruling = Ruling(top, offers)
    step(state, Offers(live), ruling)
    facts: list[str] = []
    if swapped and player in state.waiting:
        check_swapped(state, player, acted)
        state.next_up = player
        facts.append(f"{player} acts now because another player swapped with them (003: they take the next turn)")
    result = step(state, Exchange(player, action, values["with"]), ruling)
    assert isinstance(result, ExchangeOutcome)
    clauses: list[str] = [C.TURN_ORDER]
    if swapped:
        clauses += [C.EXCHANGE_SWAP_NEXT]
    takes = ", ".join(map(str, result.takes or ())) or "empty"
    if action in ("right", "left"):
        clauses += [C.EXCHANGE_DISPLAY, C.EXCHANGE_DISPLAY_COUNT]
        said = f"{player} takes the {action} display ({takes}) and leaves their offer there"
    elif action == "swap":
        clauses += [C.EXCHANGE_SWAP, C.SWAP_RULING]
        said = f"{player} takes {result.partner}'s offer ({takes}) and puts their own in front of {result.partner}, who acts next"
    else:
        clauses.append(C.EXCHANGE_KEEP)
        said = f"{player} takes their offer back without exchanging"
    clauses.append(C.TURN_NEXT)
    outcome = {
        "player": player,
        "action": action,
        "with": result.partner,
        "takes": strings(result.takes),
        "gives": strings(result.gives),
        "right": strings(state.displays["right"]),
        "left": strings(state.displays["left"]),
        "offers": {name: strings(state.table[name]) for name in state.waiting},
        "next": result.next,
        "round_over": result.round_over,
        "game_over": result.game_over,
    }
    if result.next:
        then = f" Next: {result.next}."
    elif result.game_over:
        clauses += [C.END_FINAL_ROUND, C.END_SCORE_TIME]
        then = " Every bidder has acted in the final round: the game is over; score it."
    else:
        clauses.append(C.TURN_ALL_BIDDERS)
        then = " Every bidder has acted: the displays are refilled and a new round begins."
    return Verdict(said + "." + then, outcome, tuple(facts), tuple(clauses))


def check_swapped(state: State, player: str, acted: list[str]) -> None:
    """``swapped = true`` claims someone just swapped with ``player``: refused when nobody can have.

    003: the player swapped with "toma el siguiente turno ya que ahora tiene la
    oferta más alta en la mesa" — so somebody has acted this round, and the
    offer now in front of the player is the highest still on the table.
    """
    if not acted:
        raise RuleBroken(
            f"nobody has acted yet this round, so nobody can have swapped with {player}", C.EXCHANGE_SWAP_NEXT
        )
    first = state.waiting[0]
    if first != player and state.bidding is not None:
        values = state.bidding.values
        raise RuleBroken(
            f"nobody can have swapped with {player}: a swapped offer is the highest on the table, "
            f"but {first}'s ({values[first]}) comes before {player}'s ({values[player]})",
            C.EXCHANGE_SWAP_NEXT,
        )


def refill(top: Table) -> Verdict:
    values = read_table(F.REFILL, top)
    displays = {side: list(values[side]) if isinstance(values[side], list) else None for side in ("right", "left")}
    sizes = {side: len(values[side]) if isinstance(values[side], list) else values[side] for side in ("right", "left")}
    pile: int = values["pile"]
    if sizes["right"] + sizes["left"] + pile > ALL_CARDS:
        raise RuleBroken(
            f"{sizes['right'] + sizes['left'] + pile} cards, but the game has {ALL_CARDS} notes and coins",
            C.COMPONENTS_NOTES,
        )
    state = State(players=(), pile=pile, sizes=sizes, displays=displays, phase="refill")
    result = step(state, Refill(), Ruling(top))
    assert isinstance(result, RefillOutcome)
    outcome = {
        "to_right": result.to_right,
        "to_left": result.to_left,
        "right_after": result.right_after,
        "left_after": result.left_after,
        "pile_after": result.pile_after,
        "final_round": result.final_round,
        "game_over": result.game_over,
    }
    if result.game_over:
        return Verdict(
            "The draw pile is exhausted and the final round has been played: the game is over; score it.",
            outcome,
            (),
            (C.END_PILE, C.END_FINAL_ROUND, C.FINAL_ROUND_RULING),
        )
    clauses = [C.REFILL_ORDER, C.REFILL_FULL]
    verdict = (
        f"Deal {result.to_right} to the right display first, then {result.to_left} to the left; "
        f"{result.pile_after} left in the pile."
    )
    if result.final_round:
        clauses += [C.END_PILE, C.END_FINAL_ROUND, C.FINAL_ROUND_RULING]
        verdict += " The pile is exhausted: the next round is the final round."
    return Verdict(verdict, outcome, (), tuple(clauses))


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {"bids": bids, "exchange": exchange, "refill": refill}


# What each outcome key means to a player (text output; JSON keeps the keys).
LABELS = {
    "values": "Offers worth",
    "order": "Order of exchange",
    "sitting_out": "Sitting out",
    "game_over": "Game over",
    "player": "Player",
    "action": "Action",
    "with": "Swaps with",
    "takes": "Takes",
    "gives": "Gives",
    "right": "Right display",
    "left": "Left display",
    "offers": "Offers still on the table",
    "next": "Next to act",
    "round_over": "Round over",
    "to_right": "Cards to the right display",
    "to_left": "Cards to the left display",
    "right_after": "Right display then holds",
    "left_after": "Left display then holds",
    "pile_after": "Left in the pile",
    "final_round": "Final round",
}

# Cited for context, not what the ruling turned on: quoted on a terminal only with -v.
BACKGROUND = {
    "bids": ("setup.bluff-card", "offer.contents", "tie.serial-range"),
    "exchange": ("turn.order",),
}


def rule_document(doc: Document) -> tuple[Report, bool]:
    return rule_on(doc, game=GAME, title="Money!", situations=SITUATIONS, labels=LABELS, background=BACKGROUND)
