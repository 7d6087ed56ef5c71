"""Money! rulings: ``bids`` (SPEC.md), ``exchange`` and ``refill``, each described in ``formats``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refcli.errors import RuleBroken
from refcli.formats import read_table
from refcli.games.money import clauses as C
from refcli.games.money import formats as F
from refcli.games.money.bidding import Bidding, NeedSerials, order_offers, real_cards
from refcli.games.money.cards import Card, impossible_cards
from refcli.inputs import Document
from refcli.report import Report
from refcli.rulings import rule_on
from refcli.schema import Table
from refcli.verdict import Verdict

GAME = "money"
DISPLAY = 4


def check_exist(cards: list[Card]) -> None:
    problems = impossible_cards(cards)
    if problems:
        raise RuleBroken(f"these cards cannot all exist: {problems[0]}", C.COMPONENTS_NOTES)


def offers_of(values: dict[str, Any]) -> dict[str, list[Card]]:
    """The ``[[offer]]`` tables as player → cards, in the order written."""
    return {offer["player"]: offer["cards"] for offer in values["offer"]}


def bidding(top: Table, offers: dict[str, list[Card]]) -> Bidding:
    """The order of play, or a located DataError naming the cards whose serials a tie needs."""
    try:
        return order_offers(offers)
    except NeedSerials as need:
        names = list(offers)
        first_player, first_index = need.missing[0]
        cards = ", ".join(f'{player}\'s "{offers[player][index - 1]}"' for player, index in need.missing)
        raise top.error_at(
            top.path + ("offer", names.index(first_player) + 1, "cards", first_index),
            f"serial numbers to break the tie ({need}; the lowest serial acts first)",
            f'none on {cards} — write them as "euro 30 #12"',
        ) from None


def bids(top: Table) -> Verdict:
    offers = offers_of(read_table(F.BIDS, top))
    check_exist([card for cards in offers.values() for card in cards])
    result = bidding(top, offers)
    outcome = {"values": result.values, "order": list(result.order), "sitting_out": list(result.sitting_out)}
    clauses = [C.OFFER_CONTENTS, C.OFFER_BLUFF_BACK, C.VALUE_OFFER, C.TURN_ORDER]
    if result.sitting_out:
        clauses += [C.OFFER_SIT_OUT, C.SIT_OUT_RULING]
    if result.tie_breaks:
        clauses += [C.TIE_SERIAL, C.TIE_SERIAL_RANGE, C.SERIAL_RULING]
    order = ", then ".join(f"{name} ({result.values[name]})" for name in result.order) or "nobody"
    verdict = f"{order} act in that order."
    if result.sitting_out:
        verb = "sits" if len(result.sitting_out) == 1 else "sit"
        verdict += f" {', '.join(result.sitting_out)} offered only the bluff card and {verb} this round out."
    return Verdict(verdict, outcome, result.tie_breaks, tuple(clauses))


def exchange(top: Table) -> Verdict:
    values = read_table(F.EXCHANGE, top)
    offers = offers_of(values)
    right: list[Card] = values["right"]
    left: list[Card] = values["left"]
    check_exist(right + left + [card for cards in offers.values() for card in cards])
    names = list(offers)
    player: str = values["player"]
    action: str = values["action"]
    acted: list[str] = values["acted"]
    if action == "swap" and values["with"] is None:
        raise top.error(
            "with", f"the player whose offer is taken's name, one of {', '.join(names)}", "nothing (the key is missing)"
        )
    result = bidding(top, offers)
    if player in result.sitting_out:
        raise RuleBroken(f"{player} offered only the bluff card and sits this round out", C.OFFER_SIT_OUT)
    if player in acted:
        raise RuleBroken(f"{player} has already acted this round", C.TURN_ALL_BIDDERS)
    waiting = [name for name in result.order if name not in acted]
    if not values["swapped"] and waiting and waiting[0] != player:
        raise RuleBroken(
            f"{waiting[0]} acts before {player}: {waiting[0]}'s offer ({result.values[waiting[0]]}) is the highest still on the table",
            C.TURN_ORDER,
        )
    offer = real_cards(offers[player])
    remaining = {name: real_cards(offers[name]) for name in waiting if name != player}
    clauses: list[str] = [C.TURN_ORDER]
    partner = None
    if action in ("right", "left"):
        display = right if action == "right" else left
        takes, gives = list(display), offer
        if action == "right":
            right = list(offer)
        else:
            left = list(offer)
        clauses += [C.EXCHANGE_DISPLAY, C.EXCHANGE_DISPLAY_COUNT]
        said = f"{player} takes the {action} display ({', '.join(map(str, takes)) or 'empty'}) and leaves their offer there"
    elif action == "swap":
        partner = values["with"]
        if partner == player or partner not in remaining:
            raise RuleBroken(
                f"{partner} has no offer on the table to swap with (sitting out, or already acted)", C.SWAP_RULING
            )
        takes, gives = remaining[partner], offer
        remaining[partner] = list(offer)
        clauses += [C.EXCHANGE_SWAP, C.SWAP_RULING]
        said = f"{player} takes {partner}'s offer ({', '.join(map(str, takes))}) and puts their own in front of {partner}, who acts next"
    else:
        takes, gives = [], []
        clauses.append(C.EXCHANGE_KEEP)
        said = f"{player} takes their offer back without exchanging"
    # after a swap the partner acts next with the swapped offer (M7); otherwise the highest offer left
    nxt = partner if partner else next((name for name in result.order if name in remaining), None)
    clauses.append(C.TURN_NEXT)
    outcome = {
        "player": player,
        "action": action,
        "with": partner,
        "takes": [str(card) for card in takes],
        "gives": [str(card) for card in gives],
        "right": [str(card) for card in right],
        "left": [str(card) for card in left],
        "offers": {name: [str(card) for card in cards] for name, cards in remaining.items()},
        "next": nxt,
        "round_over": nxt is None,
    }
    then = f" Next: {nxt}." if nxt else " Every bidder has acted: the displays are refilled and a new round begins."
    return Verdict(said + "." + then, outcome, (), tuple(clauses))


def refill(top: Table) -> Verdict:
    values = read_table(F.REFILL, top)
    right, left = (len(values[side]) if isinstance(values[side], list) else values[side] for side in ("right", "left"))
    pile: int = values["pile"]
    if right + left + pile > 69:
        raise RuleBroken(f"{right + left + pile} cards, but the game has 69 notes and coins", C.COMPONENTS_NOTES)
    clauses = [C.REFILL_ORDER, C.REFILL_FULL]
    if pile == 0:
        outcome = {
            "to_right": 0,
            "to_left": 0,
            "right_after": right,
            "left_after": left,
            "pile_after": 0,
            "final_round": False,
            "game_over": True,
        }
        return Verdict(
            "The draw pile is exhausted and the final round has been played: the game is over; score it.",
            outcome,
            (),
            (C.END_PILE, C.END_FINAL_ROUND, C.FINAL_ROUND_RULING),
        )
    to_right = min(max(DISPLAY - right, 0), pile)
    to_left = min(max(DISPLAY - left, 0), pile - to_right)
    after = pile - to_right - to_left
    final = after == 0
    if final:
        clauses += [C.END_PILE, C.END_FINAL_ROUND, C.FINAL_ROUND_RULING]
    outcome = {
        "to_right": to_right,
        "to_left": to_left,
        "right_after": right + to_right,
        "left_after": left + to_left,
        "pile_after": after,
        "final_round": final,
        "game_over": False,
    }
    verdict = f"Deal {to_right} to the right display first, then {to_left} to the left; {after} left in the pile."
    if final:
        verdict += " The pile is exhausted: the next round is the final round."
    return Verdict(verdict, outcome, (), tuple(clauses))


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {"bids": bids, "exchange": exchange, "refill": refill}


def rule_document(doc: Document) -> tuple[Report, bool]:
    return rule_on(doc, game=GAME, title="Money!", situations=SITUATIONS)
