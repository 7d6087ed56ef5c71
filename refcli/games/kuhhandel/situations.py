"""Kuhhandel rulings: read a situation file, rule on it, report the verdict.

Situations (SPEC.md "Situations"): ``auction``, ``cow-trade``,
``trade-options`` and ``donkey``, each described in ``formats``. Input that
does not fit the format is a DataError (exit 65); a situation that breaks a
rule is a RuleBroken (exit 1), reported as an illegal verdict naming the
clause.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from refcli.errors import RuleBroken
from refcli.formats import read_table
from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel import formats as F
from refcli.games.kuhhandel.auction import donkey_payout
from refcli.games.kuhhandel.components import CARDS_PER_ANIMAL, TOTAL_CARDS
from refcli.games.kuhhandel.cowtrade import options_for
from refcli.games.kuhhandel.engine import Auction, CowTrade, Outcome, State, pay_donkey, step
from refcli.games.kuhhandel.money import VALUES, invalid_cards, over_supply
from refcli.inputs import Document
from refcli.report import Report
from refcli.rulings import rule_on
from refcli.schema import Table
from refcli.verdict import Verdict

GAME = "kuhhandel"


# -- the checks a format cannot make ----------------------------------------------------
def check_cards_exist(cards: list[int], where: str) -> None:
    wrong = invalid_cards(cards)
    if wrong:
        raise RuleBroken(
            f"{where}: there is no money card of value {wrong[0]} (the cards are {', '.join(map(str, VALUES))})",
            C.COMPONENTS_MONEY_VALUES,
        )


def check_supply(hands: list[list[int]], edition: int) -> None:
    excess = over_supply(hands, edition)
    if excess:
        value, counted, supply = excess[0]
        raise RuleBroken(
            f"{counted} money cards of value {value}, but edition {edition} has only {supply}", C.COMPONENTS_MONEY
        )


def check_money(money: dict[str, list[int]] | None, edition: int) -> dict[str, list[int]]:
    """The optional ``[money]`` table: cards that exist, no more of a value than the game has."""
    for owner, cards in (money or {}).items():
        check_cards_exist(cards, f"{owner}'s money")
    check_supply(list((money or {}).values()), edition)
    return money or {}


# -- situations: a state built from the file, one action through engine.step ---------
def situation_state(
    edition: int,
    players: Sequence[str],
    *,
    money: dict[str, list[int]] | None = None,
    holdings: dict[str, dict[str, int]] | None = None,
    pile: int = TOTAL_CARDS,
    turn: str | None = None,
    donkeys: int = 0,
) -> State:
    """The engine's state for a situation: what the file gives, the rest unknown (not checked)."""
    return State(
        edition=edition,
        players=tuple(players),
        money={name: list(cards) for name, cards in (money or {}).items()},
        holdings={name: Counter(cards) for name, cards in (holdings or {}).items()},
        pile=pile,
        turn=0 if turn is None else list(players).index(turn),
        donkeys=donkeys,
        raising=True,
        explain=True,
        choose_payments=True,
    )


def auction(top: Table) -> Verdict:
    values = read_table(F.AUCTION, top)
    players, auctioneer, animal = values["players"], values["auctioneer"], values["animal"]
    bids: list[tuple[str, int]] = values["bids"]
    buyback, donkeys_before = values["buyback"], values["donkeys_before"]
    rerun: list[str] = values["rerun_without"] or []
    money = check_money(values["money"], values["edition"])
    if auctioneer not in players:
        raise RuleBroken(f"the auctioneer {auctioneer} is not one of the players", C.AUCTION_REVEAL)
    if animal == "donkey" and not rerun:
        donkey_payout(donkeys_before)  # only four donkeys
    state = situation_state(values["edition"], players, money=money, turn=auctioneer, donkeys=donkeys_before)
    if rerun:
        state.repeat = (auctioneer, animal, frozenset(rerun))
    result = step(state, Auction(auctioneer, animal, tuple(map(tuple, bids)), buyback, cannot_pay=None))  # type: ignore[arg-type]
    outcome = {
        "animal_to": result.animal_to,
        "price": result.price,
        "payer": result.payer,
        "payee": result.payee,
        "paid": list(result.paid) if result.paid is not None else None,
        "overpaid": result.overpaid,
        "donkey_payout": result.donkey_payout,
        "repeat_without": list(result.repeat_without),
        "next_player": result.next_player,
    }
    prefix = f"Every player first receives {result.donkey_payout}. " if result.donkey_payout else ""
    if result.repeat_without:
        who = result.repeat_without[0]
        verdict = f"{who} cannot pay {result.price}: {who} shows all their money cards and the auction of the {animal} is run again without them."
        if buyback:
            verdict += f" {auctioneer} does not buy the {animal} for a bid that cannot be honoured."
    elif result.payer is None:
        verdict = f"Nobody bid: {auctioneer} takes the {animal} for free."
    else:
        cards = f" with {' + '.join(map(str, result.paid))}" if result.paid else ""
        change = f" (overpaid {result.overpaid}: no change is given)" if result.overpaid else ""
        how = f"{auctioneer} uses the buy right: " if buyback else ""
        verdict = f"{how}{result.animal_to} takes the {animal} for {result.price}; {result.payer} pays {result.payee}{cards}{change}."
    return Verdict(prefix + verdict, outcome, tuple(result.facts), tuple(result.clauses))


def cow_trade(top: Table) -> Verdict:
    values = read_table(F.COW_TRADE, top)
    edition, animal = values["edition"], values["animal"]
    challenger, c_holds, offer = (
        values["challenger"]["name"],
        values["challenger"]["holds"],
        values["challenger"]["offer"],
    )
    defender, d_holds, counter = values["defender"]["name"], values["defender"]["holds"], values["defender"]["offer"]
    players: list[str] | None = values["players"]
    if players is not None:
        for role, who in (("challenger", challenger), ("defender", defender)):
            if who not in players:
                raise top.error_at((role, "name"), f"one of the players ({', '.join(players)})", repr(who))
    if challenger.casefold() == defender.casefold():
        raise RuleBroken(f"{challenger} cannot challenge themselves", C.COW_TRADE_CHOOSE)
    rebid_table = values["rebid"]
    rebid = rebid_table["challenger"] if rebid_table is not None else None
    rebid_counter = rebid_table["defender"] if rebid_table is not None else None
    state = situation_state(
        edition,
        players or [challenger, defender],
        holdings={challenger: {animal: c_holds}, defender: {animal: d_holds}},
        turn=challenger,
    )
    event = CowTrade(
        challenger,
        defender,
        animal,
        tuple(offer),
        None if counter is None else tuple(counter),
        None if rebid is None else tuple(rebid),
        None if rebid_counter is None else tuple(rebid_counter),
        rebid_given=rebid_table is not None,
    )
    for cards in (offer, counter, rebid, rebid_counter):  # validity first, as the engine checks it
        if cards is not None and invalid_cards(cards):
            break
    else:
        check_supply([offer, counter or [], rebid or [], rebid_counter or []], edition)
    result = step(state, event)
    # the offers that decided the trade: the rebid after a tie, else the first ones
    deciding, deciding_counter = (offer, counter) if result.ties == 0 else (rebid or [], rebid_counter)
    totals = {challenger: sum(deciding)} | ({} if deciding_counter is None else {defender: sum(deciding_counter)})
    outcome = {
        "animals_to": result.winner,
        "count": result.count,
        "money_to": {challenger: list(result.to_challenger), defender: list(result.to_defender)},
        "ties": result.ties,
        "needs": "rebid" if result.needs_rebid else None,
        "next_player": result.next_player if players is not None else None,
        "totals": totals,
    }
    offered = f"{challenger} offers {offer_text(deciding)}" + (
        f", {defender} counters with {offer_text(deciding_counter)}" if deciding_counter is not None else ""
    )
    facts = (*result.facts, offered + (" (after a tie)" if result.ties else ""))
    cards = f"{result.count} {animal}" + (" cards" if result.count > 1 else " card")
    if result.needs_rebid:
        verdict = (
            f"The offers are equal ({offer_text(offer)} each): both go back, {challenger} must offer again "
            f"and {defender} again accepts or counters."
        )
    elif result.ties == 2:
        verdict = (
            f"The offers tied twice ({totals[challenger]} each): {defender} gives {challenger} {cards} for nothing."
        )
    else:
        received = [
            f"{name} receives {', '.join(map(str, cards_))}"
            for name, cards_ in ((challenger, result.to_challenger), (defender, result.to_defender))
            if cards_
        ]
        money_text = "; ".join(received) if received else "no money changes hands"
        assert result.winner is not None and result.loser is not None
        if deciding_counter is None:
            why = f"{defender} accepts {challenger}'s {totals[challenger]}"
        else:
            why = f"{result.winner}'s {totals[result.winner]} beats {result.loser}'s {totals[result.loser]}"
        after = "After a tie, " if result.ties else ""
        verdict = f"{after}{why}: {result.loser} hands over {cards} to {result.winner}; {money_text}."
        verdict = verdict[0].upper() + verdict[1:]
    return Verdict(verdict, outcome, facts, tuple(result.clauses))


def offer_text(cards: Sequence[int]) -> str:
    """An offer as players count it: ``20 (10 + 10 + 0)``, ``50``, ``nothing``."""
    if not cards:
        return "nothing (0)"
    return f"{sum(cards)}" + (f" ({' + '.join(map(str, cards))})" if len(cards) > 1 else "")


def trade_options(top: Table) -> Verdict:
    values = read_table(F.TRADE_OPTIONS, top)
    deck: int = values["deck"]
    holdings: dict[str, dict[str, int]] = values["holdings"]
    player: str = values["player"]
    for animal in {a for cards in holdings.values() for a in cards}:
        total = sum(cards.get(animal, 0) for cards in holdings.values())
        if total > CARDS_PER_ANIMAL:
            raise RuleBroken(f"{total} {animal} cards are held, but there are only four", C.FOUR_OF_A_KIND)
    held = sum(sum(cards.values()) for cards in holdings.values())
    if held + deck > TOTAL_CARDS:
        raise RuleBroken(
            f"{held} cards held and {deck} in the deck make more than the game's {TOTAL_CARDS}", C.COMPONENTS_CARDS
        )
    missing = TOTAL_CARDS - held - deck
    if deck == 0 and missing:
        # no card leaves play: once the pile is empty every one of the 40 is held
        raise RuleBroken(
            f"the deck is empty, so all {TOTAL_CARDS} animal cards are held, but the holdings list {held} "
            f"({missing} unaccounted for)",
            C.COMPONENTS_CARDS,
        )
    state = situation_state(values["edition"], list(holdings), holdings=holdings, pile=deck, turn=player)
    options = options_for(player, holdings)
    clauses = [C.TURN_ACTIONS, C.COW_TRADE_WHEN, C.COW_TRADE_CHOOSE, C.PAIRS_COMPLETE_SET, C.CARDS_AT_STAKE]
    facts = [f"{deck} animal card{'s' if deck != 1 else ''} left in the deck", f"{held} cards held by the players"]
    if missing:
        facts.append(
            f"the other {missing} card{'s are' if missing != 1 else ' is'} in the pile too "
            "(no card leaves play; an auction being run again counts its card here)"
        )
    skipped: list[str] = []
    if deck == 0:
        clauses += [C.EMPTY_DECK_NO_AUCTION, C.EMPTY_DECK_COMPULSORY, C.EMPTY_DECK_SKIP, C.SKIP_WHEN_NO_TRADE]
        skipped = [name for name in holdings if not options_for(name, holdings)]
    game_over = state.game_over()
    acts = None if game_over else state.current_player()
    if game_over:
        clauses.append(C.END_GAME_OVER)
    outcome = {
        "player": player,
        "can_auction": deck > 0,
        "options": [{"defender": o.defender, "animal": o.animal, "count": o.count} for o in options],
        "compulsory": deck == 0 and bool(options),
        "skipped": skipped,
        "player_skipped": player in skipped,
        "acts": acts,
        "game_over": game_over,
    }
    listed = "; ".join(
        f"{o.defender} over the {o.animal} ({o.count} card{'s' if o.count > 1 else ''})" for o in options
    )
    if game_over:
        verdict = "The deck is empty and nobody can challenge anybody: the game is over."
    elif deck == 0 and not options:
        verdict = f"The deck is empty and {player} can challenge nobody: {player} is skipped and {acts} plays."
    elif deck == 0:
        verdict = f"The deck is empty, so {player} must make a cow trade: {listed}."
    elif options:
        verdict = f"{player} may auction the next card or challenge {listed}."
    else:
        verdict = f"{player} shares no incomplete animal with anybody and must auction the next card."
    return Verdict(verdict, outcome, tuple(facts), tuple(clauses))


def donkey(top: Table) -> Verdict:
    values = read_table(F.DONKEY, top)
    players, dealer, donkeys_before = values["players"], values["auctioneer"], values["donkeys_before"]
    money = check_money(values["money"], values["edition"])
    donkey_payout(donkeys_before)  # only four donkeys
    state = situation_state(values["edition"], players, money=money, donkeys=donkeys_before)
    result = Outcome("donkey")
    pay_donkey(state, result)  # the same payout the replay makes, with its supply check
    payout = result.donkey_payout
    outcome: dict[str, Any] = {
        "nth": donkeys_before + 1,
        "payout": payout,
        "dealer": dealer,
        "receives": {name: payout for name in players},
        "money_after": {name: sorted(state.money[name] or []) for name in money} or None,
    }
    dealer_text = f"{dealer}, the auctioneer, deals" if dealer else "The current player deals"
    verdict = (
        f"Donkey number {donkeys_before + 1}: play stops and {dealer_text} a {payout} card from the bank "
        f"to every player ({', '.join(players)}); then the donkey is auctioned as usual."
    )
    clauses = (C.DONKEY_INTERRUPT, C.DONKEY_PAYOUTS, C.DONKEY_TO_EVERYONE, C.DONKEY_AUCTION)
    return Verdict(verdict, outcome, (f"{donkeys_before} donkey(s) turned up before this one",), clauses)


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {
    "auction": auction,
    "cow-trade": cow_trade,
    "trade-options": trade_options,
    "donkey": donkey,
}


# What each outcome key means to a player (text output; JSON keeps the keys).
LABELS = {
    "animal_to": "Animal goes to",
    "price": "Price",
    "payer": "Pays",
    "payee": "Paid to",
    "paid": "Paid with",
    "overpaid": "Overpaid (no change)",
    "donkey_payout": "Donkey payout to all",
    "repeat_without": "Auction again without",
    "animals_to": "Animals go to",
    "count": "Cards at stake",
    "money_to": "Money received",
    "ties": "Ties so far",
    "needs": "Still needed",
    "totals": "Offers compared",
    "nth": "Donkey number",
    "payout": "Payout to each",
    "dealer": "Dealt by",
    "receives": "Each receives",
    "money_after": "Money afterwards",
    "player": "Player on turn",
    "can_auction": "May auction",
    "options": "May challenge",
    "compulsory": "Cow trade compulsory",
    "skipped": "Skipped",
    "player_skipped": "Player on turn skipped",
    "acts": "Acts now",
    "game_over": "Game over",
}


def _options(value: list[dict[str, Any]]) -> str:
    listed = [
        f"{o['defender']} over the {o['animal']} ({o['count']} card{'s' if o['count'] != 1 else ''})" for o in value
    ]
    return "; ".join(listed) or "nobody"


# Cited for context, not what the ruling turned on: quoted on a terminal only with -v.
BACKGROUND = {
    "auction": ("auction.reveal", "auction.rising"),
    "cow-trade": ("cow-trade.when", "cow-trade.bluff", "cow-trade.counter"),
    "trade-options": ("turn.actions",),
    "donkey": ("donkey.auction",),
}


def rule_document(doc: Document) -> tuple[Report, bool]:
    return rule_on(
        doc,
        game=GAME,
        title="Kuhhandel",
        situations=SITUATIONS,
        labels=LABELS,
        describers={"options": _options},
        background=BACKGROUND,
    )
