"""Money! rulings: ``bids``, ``exchange`` and ``refill``, each described in ``formats``.

Each situation is a state and one action: the file is read into an
``engine.State`` and the action applied with ``engine.step``, the function a
recorded game's replay applies to every event, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from refcli.games.money import GAME as MONEY  # the declaration: reading uses its words, never looks it up
from refcli.games.money import clauses as C
from refcli.games.money import formats as F
from refcli.games.money.bidding import Bidding, NeedSerials
from refcli.games.money.cards import Card, parse_card
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
from refcli.games.money.formats import WITH_EXPECTED
from refcli.games.money.shown import card as shown_card
from refcli.games.money.shown import cards
from refcli.language.i18n import N_, NP_, _, ngettext, pgettext
from refcli.model.errors import RuleBroken
from refcli.reading.formats import read_table
from refcli.reading.tables import Table, missing_key
from refcli.results.report import Describe, describe_value
from refcli.results.rulings import rulings
from refcli.results.verdict import Verdict

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
        unnumbered = ", ".join(
            _('{player}\'s "{card}"').format(player=player, card=shown_card(self.offers[player][index - 1]))
            for player, index in need.missing
        )
        raise self.top.problem_at(
            self.top.path + ("offer", names.index(first_player) + 1, "cards", first_index),
            _(
                "the tie ({tie}) is broken by the cards' serial numbers (the lowest acts first), "
                'but {cards} carry none: write them as "euro 30 #12"'
            ).format(tie=need, cards=unnumbered),
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
    values = read_table(F.BIDS, top, game=MONEY)
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
    if bidding.order:
        verdict = _("{order} act in that order.").format(order=in_order(bidding))
    else:
        verdict = _("nobody act in that order.")
    if bidding.sitting_out:
        verdict += " " + ngettext(
            "{players} offered only the bluff card and sits this round out.",
            "{players} offered only the bluff card and sit this round out.",
            len(bidding.sitting_out),
        ).format(players=", ".join(bidding.sitting_out))
    if result.game_over:
        clauses += [C.END_FINAL_ROUND, C.END_SCORE_TIME]
        verdict += " " + _("Nobody takes part in the final round: the game is over; score it.")
    return Verdict(verdict, outcome, bidding.tie_breaks, tuple(clauses))


def in_order(bidding: Bidding) -> str:
    """``Dora (110), then Ben (30), then Ana (30)``: who acts, in order, with the value of each offer."""
    text = ""
    for name in bidding.order:
        said = _("{player} ({value})").format(player=name, value=bidding.values[name])
        text = said if not text else _("{earlier}, then {later}").format(earlier=text, later=said)
    return text


def exchange(top: Table) -> Verdict:
    values = read_table(F.EXCHANGE, top, game=MONEY)
    offers = offers_of(values)
    player: str = values["player"]
    action: str = values["action"]
    acted: list[str] = values["acted"]
    swapped: bool = values["swapped"]
    if action == "swap" and values["with"] is None:
        raise top.problem("with", missing_key(_(WITH_EXPECTED).format(names=", ".join(offers))))
    # the offers of players who have acted have left the table: they are not part of the state
    live = {name: cards for name, cards in offers.items() if name not in acted}
    state = round_state(list(live), right=list(values["right"]), left=list(values["left"]), final=values["final_round"])
    ruling = Ruling(top, offers)
    step(state, Offers(live), ruling)
    facts: list[str] = []
    if swapped and player in state.waiting:
        check_swapped(state, player, acted)
        state.next_up = player
        facts.append(
            _("{player} acts now because another player swapped with them (003: they take the next turn)").format(
                player=player
            )
        )
    result = step(state, Exchange(player, action, values["with"]), ruling)
    assert isinstance(result, ExchangeOutcome)
    clauses: list[str] = [C.TURN_ORDER]
    if swapped:
        clauses += [C.EXCHANGE_SWAP_NEXT]
    takes = cards(result.takes or ()) or _("empty")
    if action in ("right", "left"):
        clauses += [C.EXCHANGE_DISPLAY, C.EXCHANGE_DISPLAY_COUNT]
        said = _(TAKES_DISPLAY[action]).format(player=player, cards=takes)
    elif action == "swap":
        clauses += [C.EXCHANGE_SWAP, C.SWAP_RULING]
        said = _(
            "{player} takes {partner}'s offer ({cards}) and puts their own in front of {partner}, who acts next."
        ).format(player=player, partner=result.partner, cards=takes)
    else:
        clauses.append(C.EXCHANGE_KEEP)
        said = _("{player} takes their offer back without exchanging.").format(player=player)
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
        then = _("Next: {player}.").format(player=result.next)
    elif result.game_over:
        clauses += [C.END_FINAL_ROUND, C.END_SCORE_TIME]
        then = _("Every bidder has acted in the final round: the game is over; score it.")
    else:
        clauses.append(C.TURN_ALL_BIDDERS)
        then = _("Every bidder has acted: the displays are refilled and a new round begins.")
    return Verdict(said + " " + then, outcome, tuple(facts), tuple(clauses))


TAKES_DISPLAY = {
    "right": N_("{player} takes the right display ({cards}) and leaves their offer there."),
    "left": N_("{player} takes the left display ({cards}) and leaves their offer there."),
}


def check_swapped(state: State, player: str, acted: list[str]) -> None:
    """``swapped = true`` claims someone just swapped with ``player``: refused when nobody can have.

    003: the player swapped with "toma el siguiente turno ya que ahora tiene la
    oferta más alta en la mesa" — so somebody has acted this round, and the
    offer now in front of the player is the highest still on the table.
    """
    if not acted:
        raise RuleBroken(
            _("nobody has acted yet this round, so nobody can have swapped with {player}").format(player=player),
            C.EXCHANGE_SWAP_NEXT,
        )
    first = state.waiting[0]
    if first != player and state.bidding is not None:
        values = state.bidding.values
        raise RuleBroken(
            _(
                "nobody can have swapped with {player}: a swapped offer is the highest on the table, "
                "but {first}'s ({first_value}) comes before {player}'s ({value})"
            ).format(player=player, first=first, first_value=values[first], value=values[player]),
            C.EXCHANGE_SWAP_NEXT,
        )


def refill(top: Table) -> Verdict:
    values = read_table(F.REFILL, top, game=MONEY)
    displays = {side: list(values[side]) if isinstance(values[side], list) else None for side in ("right", "left")}
    sizes = {side: len(values[side]) if isinstance(values[side], list) else values[side] for side in ("right", "left")}
    pile: int = values["pile"]
    if sizes["right"] + sizes["left"] + pile > ALL_CARDS:
        raise RuleBroken(
            _("{count} cards, but the game has {all} notes and coins").format(
                count=sizes["right"] + sizes["left"] + pile, all=ALL_CARDS
            ),
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
            _("The draw pile is exhausted and the final round has been played: the game is over; score it."),
            outcome,
            (),
            (C.END_PILE, C.END_FINAL_ROUND, C.FINAL_ROUND_RULING),
        )
    clauses = [C.REFILL_ORDER, C.REFILL_FULL]
    verdict = _("Deal {right} to the right display first, then {left} to the left; {pile} left in the pile.").format(
        right=result.to_right, left=result.to_left, pile=result.pile_after
    )
    if result.final_round:
        clauses += [C.END_PILE, C.END_FINAL_ROUND, C.FINAL_ROUND_RULING]
        verdict += " " + _("The pile is exhausted: the next round is the final round.")
    return Verdict(verdict, outcome, (), tuple(clauses))


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {"bids": bids, "exchange": exchange, "refill": refill}


# What each outcome key means to a player (text output; JSON keeps the keys).
LABELS = {
    "values": N_("Offers worth"),
    "order": N_("Order of exchange"),
    "sitting_out": N_("Sitting out"),
    "game_over": N_("Game over"),
    "player": N_("Player"),
    "action": N_("Action"),
    "with": N_("Swaps with"),
    "takes": N_("Takes"),
    "gives": N_("Gives"),
    "right": N_("Right display"),
    "left": N_("Left display"),
    "offers": N_("Offers still on the table"),
    "next": N_("Next to act"),
    "round_over": N_("Round over"),
    "to_right": N_("Cards to the right display"),
    "to_left": N_("Cards to the left display"),
    "right_after": N_("Right display then holds"),
    "left_after": N_("Left display then holds"),
    "pile_after": N_("Left in the pile"),
    "final_round": N_("Final round"),
}

# Cited for context, not what the ruling turned on: quoted on a terminal only with -v.
BACKGROUND = {
    "bids": ("setup.bluff-card", "offer.contents", "tie.serial-range"),
    "exchange": ("turn.order",),
}


# The outcome's words for people: JSON keeps the ids and the cards as the input writes them.
ACTIONS = {"right": N_("right"), "left": N_("left"), "swap": N_("swap"), "keep": N_("keep")}


def action_said(value: str) -> str:
    return _(ACTIONS[value]) if value in ACTIONS else value


def cards_said(value: list[str]) -> str:
    """``dollar 60 #33, coin #2`` in the run's language (``dólar 60 #33, moneda #2``)."""
    return describe_value([shown_card(parse_card(text)) for text in value], no_cards())


def offers_said(value: dict[str, list[str]]) -> str:
    held_cards = {name: [shown_card(parse_card(text)) for text in held] for name, held in value.items()}
    return describe_value(held_cards, no_cards())


def no_cards() -> str:
    """ "none" said of cards ("ninguna" in Spanish)."""
    return pgettext("no cards", "none")


DESCRIBERS: dict[str, Describe] = {
    "action": action_said,
    "takes": cards_said,
    "gives": cards_said,
    "right": cards_said,
    "left": cards_said,
    "offers": offers_said,
}


# The ruling verb: every situation above, ruled on as every game's are (refcli.results.rulings).
rule_document = rulings(
    MONEY, NP_("game title", "Money!"), SITUATIONS, labels=LABELS, describers=DESCRIBERS, background=BACKGROUND
)
