"""Kuhhandel rulings: read a situation file, rule on it, report the verdict.

Situations (docs/output.md, "Ruling outcomes"): ``auction``, ``cow-trade``,
``trade-options`` and ``donkey``, each described in ``formats``. Input that
does not fit the format is a DataError (exit 65); a situation that breaks a
rule is a RuleBroken (exit 1), reported as an illegal verdict naming the
clause.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from refcli.games.kuhhandel import GAME as KUHHANDEL  # the declaration: reading uses its words, never looks it up
from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel import formats as F
from refcli.games.kuhhandel.auction import donkey_payout
from refcli.games.kuhhandel.components import CARDS_PER_ANIMAL, TOTAL_CARDS
from refcli.games.kuhhandel.cowtrade import options_for
from refcli.games.kuhhandel.engine import Auction, CowTrade, Outcome, State, pay_donkey, step
from refcli.games.kuhhandel.money import MAX_PLAYERS, VALUES, invalid_cards
from refcli.games.kuhhandel.names import animal as animal_name
from refcli.games.kuhhandel.names import the_animal
from refcli.language.i18n import N_, _, ngettext, pgettext
from refcli.model.errors import RuleBroken
from refcli.reading import player_names as naming
from refcli.reading.formats import read_table
from refcli.reading.tables import Table, describe
from refcli.results.report import empty_as
from refcli.results.rulings import rulings
from refcli.results.verdict import Verdict

GAME = "kuhhandel"


# -- the checks a format cannot make ----------------------------------------------------
def check_cards_exist(cards: list[int], owner: str) -> None:
    """The cards of ``owner``'s money all exist."""
    wrong = invalid_cards(cards)
    if wrong:
        raise RuleBroken(
            _("{owner}'s money: there is no money card of value {value} (the cards are {cards})").format(
                owner=owner, value=wrong[0], cards=", ".join(map(str, VALUES))
            ),
            C.COMPONENTS_MONEY_VALUES,
        )


def check_money(money: dict[str, list[int]] | None) -> dict[str, list[int]]:
    """The optional ``[money]`` table: cards of values the game has.

    Whether that many can be in play at this moment (register K18) is the
    rules engine's check, made as the event is applied, as in a replay.
    """
    for owner, cards in (money or {}).items():
        check_cards_exist(cards, owner)
    return money or {}


def check_donkeys(donkeys: int) -> None:
    """No more donkeys have turned up than the game has."""
    if donkeys > CARDS_PER_ANIMAL:
        raise RuleBroken(
            _("there are only four donkeys; {count} have turned up already").format(count=donkeys),
            C.COMPONENTS_CARDS,
        )


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
    seats: int | None = None,
) -> State:
    """The engine's state for a situation: what the file gives, the rest unknown (not checked)."""
    return State(
        edition=edition,
        players=tuple(players),
        money={name: list(cards) for name, cards in (money or {}).items()},
        holdings={name: dict(cards) for name, cards in (holdings or {}).items()},
        pile=pile,
        turn=0 if turn is None else list(players).index(turn),
        donkeys=donkeys,
        seats=seats,
        raising=True,
        explain=True,
        choose_payments=True,
        choices=True,
    )


def auction(top: Table) -> Verdict:
    values = read_table(F.AUCTION, top, game=KUHHANDEL)
    players, auctioneer, animal = values["players"], values["auctioneer"], values["animal"]
    bids: list[tuple[str, int]] = values["bids"]
    buyback, donkeys_before = values["buyback"], values["donkeys_before"]
    rerun: list[str] = values["rerun_without"] or []
    money = check_money(values["money"])
    if auctioneer not in players:
        raise RuleBroken(
            _("the auctioneer {auctioneer} is not one of the players").format(auctioneer=auctioneer), C.AUCTION_REVEAL
        )
    check_donkeys(donkeys_before)
    paid_out = donkeys_before
    if animal == "donkey":
        donkey_payout(donkeys_before)  # only four donkeys
        if rerun:
            paid_out += 1  # this donkey's payout was made before its first auction: the money listed holds it
    state = situation_state(values["edition"], players, money=money, turn=auctioneer, donkeys=paid_out)
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
        "buy_right_lost": result.buy_right_lost,
        "next_player": result.next_player,
    }
    return Verdict(
        auction_verdict(result, auctioneer, animal, buyback), outcome, tuple(result.facts), tuple(result.clauses)
    )


def auction_verdict(result: Outcome, auctioneer: str, animal: str, buyback: bool) -> str:
    """The decision on an auction, in whole sentences."""
    the = the_animal(animal)
    if result.repeat_without:
        who = result.repeat_without[0]
        verdict = _(
            "{who} cannot pay {price}: {who} shows all their money cards and the auction of {the_animal} "
            "is run again without them."
        ).format(who=who, price=result.price, the_animal=the)
        if buyback:
            verdict += " " + _("{auctioneer} does not buy {the_animal} for a bid that cannot be honoured.").format(
                auctioneer=auctioneer, the_animal=the
            )
    elif result.payer is None and buyback:
        verdict = _("Nobody bid, so there is nothing to buy back: {auctioneer} takes {the_animal} for free.").format(
            auctioneer=auctioneer, the_animal=the
        )
    elif result.payer is None:
        verdict = _("Nobody bid: {auctioneer} takes {the_animal} for free.").format(
            auctioneer=auctioneer, the_animal=the
        )
    else:
        if result.paid:
            payment = _("{payer} pays {payee} with {cards}").format(
                payer=result.payer, payee=result.payee, cards=" + ".join(map(str, result.paid))
            )
        else:
            payment = _("{payer} pays {payee}").format(payer=result.payer, payee=result.payee)
        if result.overpaid:
            payment = _("{payment} (overpaid {overpaid}: no change is given)").format(
                payment=payment, overpaid=result.overpaid
            )
        verdict = _("{player} takes {the_animal} for {price}; {payment}.").format(
            player=result.animal_to, the_animal=the, price=result.price, payment=payment
        )
        if result.buy_right_lost:
            verdict = _(
                "{auctioneer} cannot pay the top bid of {price} and so loses the buy right (K7): {decision}"
            ).format(auctioneer=auctioneer, price=result.price, decision=verdict)
        elif buyback:
            verdict = _("{auctioneer} uses the buy right: {decision}").format(auctioneer=auctioneer, decision=verdict)
    if result.donkey_payout:
        verdict = _("Every player first receives {payout}.").format(payout=result.donkey_payout) + " " + verdict
    return verdict


def seated(top: Table, role: str, who: str, players: list[str]) -> str:
    """The listed player the ``role``'s name names (``refcli.reading.player_names.named``): "ana" is Ana, unless ana plays too.

    The name was read as a new player's (the players may be left out); naming a listed player in another case,
    it is no player of its own, so no longer one to warn about beside the player it names.
    """
    found = naming.named(who, players)
    if len(found) == 1:
        if found[0] != who:
            top.doc.names.pop(who, None)
        return found[0]
    if found:  # "ANA" when Ana and ana both play: refused rather than guessed
        raise top.error_at((role, "name"), naming.ambiguous(found), describe(who))
    raise top.error_at(
        (role, "name"), _("one of the players ({players})").format(players=", ".join(players)), describe(who)
    )


def cow_trade(top: Table) -> Verdict:
    values = read_table(F.COW_TRADE, top, game=KUHHANDEL)
    edition, animal = values["edition"], values["animal"]
    challenger, c_holds, offer = (
        values["challenger"]["name"],
        values["challenger"]["holds"],
        values["challenger"]["offer"],
    )
    defender, d_holds, counter = values["defender"]["name"], values["defender"]["holds"], values["defender"]["offer"]
    players: list[str] | None = values["players"]
    if players is not None:
        challenger = seated(top, "challenger", challenger, players)
        defender = seated(top, "defender", defender, players)
    if challenger == defender:  # names in NFC: "Ana" and "ana" are two players (warned about)
        raise RuleBroken(
            _("{challenger} cannot challenge themselves").format(challenger=challenger), C.COW_TRADE_CHOOSE
        )
    rebid_table = values["rebid"]
    rebid = rebid_table["challenger"] if rebid_table is not None else None
    rebid_counter = rebid_table["defender"] if rebid_table is not None else None
    donkeys_before: int | None = values["donkeys_before"]
    if donkeys_before is not None:
        check_donkeys(donkeys_before)
    state = situation_state(
        edition,
        players or [challenger, defender],
        holdings={challenger: {animal: c_holds}, defender: {animal: d_holds}},
        turn=challenger,
        # not given: the offers are held against the most the game can have in play, all four donkeys paid
        donkeys=CARDS_PER_ANIMAL if donkeys_before is None else donkeys_before,
        # only the two parties named: up to five at the table, each dealt the setup's money (K17)
        seats=None if players is not None else MAX_PLAYERS,
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
    if deciding_counter is None:
        offered = _("{challenger} offers {offer}").format(challenger=challenger, offer=offer_text(deciding))
    else:
        offered = _("{challenger} offers {offer}, {defender} counters with {counter}").format(
            challenger=challenger, offer=offer_text(deciding), defender=defender, counter=offer_text(deciding_counter)
        )
    if result.ties:
        offered = _("{offers} (after a tie)").format(offers=offered)
    facts = (*result.facts, offered)
    if donkeys_before is None:
        facts += (
            _(
                "how many donkeys have turned up is not given (donkeys_before): the offers are checked "
                "against the most money the game can have in play"
            ),
        )
    cards = ngettext("{count} {animal} card", "{count} {animal} cards", result.count).format(
        count=result.count, animal=animal_name(animal)
    )
    if result.needs_rebid:
        verdict = _(
            "The offers are equal ({offer} each): both go back, {challenger} must offer again "
            "and {defender} again accepts or counters."
        ).format(offer=offer_text(offer), challenger=challenger, defender=defender)
    elif result.ties == 2:
        verdict = _("The offers tied twice ({total} each): {defender} gives {challenger} {cards} for nothing.").format(
            total=totals[challenger], defender=defender, challenger=challenger, cards=cards
        )
    else:
        received = [
            _("{name} receives {cards}").format(name=name, cards=", ".join(map(str, cards_)))
            for name, cards_ in ((challenger, result.to_challenger), (defender, result.to_defender))
            if cards_
        ]
        money_text = "; ".join(received) if received else _("no money changes hands")
        assert result.winner is not None and result.loser is not None
        first = not result.ties  # the reason begins the verdict (else "After a tie, …" does)
        if deciding_counter is None:
            why = sentence_start(_("{defender} accepts {challenger}'s {total}"), first).format(
                defender=defender, challenger=challenger, total=totals[challenger]
            )
        else:
            why = sentence_start(_("{winner}'s {winner_total} beats {loser}'s {loser_total}"), first).format(
                winner=result.winner,
                winner_total=totals[result.winner],
                loser=result.loser,
                loser_total=totals[result.loser],
            )
        verdict = _("{why}: {loser} hands over {cards} to {winner}; {money}.").format(
            why=why, loser=result.loser, cards=cards, winner=result.winner, money=money_text
        )
        if result.ties:
            verdict = _("After a tie, {decision}").format(decision=verdict)
    return Verdict(verdict, outcome, facts, tuple(result.clauses))


def sentence_start(template: str, first: bool) -> str:
    """A translated ``template``, its first letter capitalised when it begins the sentence ("Los 50 de Ben…").

    The template's, never a name's: a sentence that begins with a player's name keeps it as written, as "ana"
    may be another player than Ana.
    """
    return template[:1].upper() + template[1:] if first else template


def offer_text(cards: Sequence[int]) -> str:
    """An offer as players count it: ``20 (10 + 10 + 0)``, ``50``, ``nothing``."""
    if not cards:
        return _("nothing (0)")
    return f"{sum(cards)}" + (f" ({' + '.join(map(str, cards))})" if len(cards) > 1 else "")


def trade_options(top: Table) -> Verdict:
    values = read_table(F.TRADE_OPTIONS, top, game=KUHHANDEL)
    deck: int = values["deck"]
    holdings: dict[str, dict[str, int]] = values["holdings"]
    player: str = values["player"]
    for animal in {a for cards in holdings.values() for a in cards}:
        total = sum(cards.get(animal, 0) for cards in holdings.values())
        if total > CARDS_PER_ANIMAL:
            raise RuleBroken(
                _("{total} {animal} cards are held, but there are only four").format(
                    total=total, animal=animal_name(animal)
                ),
                C.FOUR_OF_A_KIND,
            )
    held = sum(sum(cards.values()) for cards in holdings.values())
    if held + deck > TOTAL_CARDS:
        raise RuleBroken(
            _("{held} cards held and {deck} in the deck make more than the game's {total}").format(
                held=held, deck=deck, total=TOTAL_CARDS
            ),
            C.COMPONENTS_CARDS,
        )
    missing = TOTAL_CARDS - held - deck
    if deck == 0 and missing:
        # no card leaves play: once the pile is empty every one of the 40 is held
        raise RuleBroken(
            _(
                "the deck is empty, so all {total} animal cards are held, but the holdings list {held} "
                "({missing} unaccounted for)"
            ).format(total=TOTAL_CARDS, held=held, missing=missing),
            C.COMPONENTS_CARDS,
        )
    state = situation_state(values["edition"], list(holdings), holdings=holdings, pile=deck, turn=player)
    options = options_for(player, holdings)
    clauses = [C.TURN_ACTIONS, C.COW_TRADE_WHEN, C.COW_TRADE_CHOOSE, C.PAIRS_COMPLETE_SET, C.CARDS_AT_STAKE]
    facts = [
        ngettext("{count} animal card left in the deck", "{count} animal cards left in the deck", deck).format(
            count=deck
        ),
        # TRANSLATORS: the English says "cards" even for one card; translate each form properly.
        ngettext("{count} cards held by the players", "{count} cards held by the players", held).format(count=held),
    ]
    if missing:
        facts.append(
            ngettext(
                "the other {count} card is in the pile too "
                "(no card leaves play; an auction being run again counts its card here)",
                "the other {count} cards are in the pile too "
                "(no card leaves play; an auction being run again counts its card here)",
                missing,
            ).format(count=missing)
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
    listed = "; ".join(trade_option(o.defender, o.animal, o.count) for o in options)
    if game_over:
        verdict = _("The deck is empty and nobody can challenge anybody: the game is over.")
    elif deck == 0 and not options:
        verdict = _(
            "The deck is empty and {player} can challenge nobody: {player} is skipped and {acts} plays."
        ).format(player=player, acts=acts)
    elif deck == 0:
        verdict = _("The deck is empty, so {player} must make a cow trade: {options}.").format(
            player=player, options=listed
        )
    elif options:
        verdict = _("{player} may auction the next card or challenge {options}.").format(player=player, options=listed)
    else:
        verdict = _("{player} shares no incomplete animal with anybody and must auction the next card.").format(
            player=player
        )
    return Verdict(verdict, outcome, tuple(facts), tuple(clauses))


def donkey(top: Table) -> Verdict:
    values = read_table(F.DONKEY, top, game=KUHHANDEL)
    players, dealer, donkeys_before = values["players"], values["auctioneer"], values["donkeys_before"]
    money = check_money(values["money"])
    donkey_payout(donkeys_before)  # only four donkeys
    state = situation_state(values["edition"], players, money=money, donkeys=donkeys_before)
    result = Outcome()
    result.animal = "donkey"
    pay_donkey(state, result)  # the same payout the replay makes, checking the money held before it (K18)
    payout = result.donkey_payout
    outcome: dict[str, Any] = {
        "nth": donkeys_before + 1,
        "payout": payout,
        "dealer": dealer,
        "receives": {name: payout for name in players},
        "money_after": {name: sorted(state.money[name] or []) for name in money} or None,
    }
    if dealer:
        verdict = _(
            "Donkey number {number}: play stops and {dealer}, the auctioneer, deals a {payout} card from the bank "
            "to every player ({players}); then the donkey is auctioned as usual."
        )
    else:
        verdict = _(
            "Donkey number {number}: play stops and the current player deals a {payout} card from the bank "
            "to every player ({players}); then the donkey is auctioned as usual."
        )
    verdict = verdict.format(number=donkeys_before + 1, dealer=dealer, payout=payout, players=", ".join(players))
    clauses = (C.DONKEY_INTERRUPT, C.DONKEY_PAYOUTS, C.DONKEY_TO_EVERYONE, C.DONKEY_AUCTION) + (
        (C.MONEY_IN_PLAY,) if any(money.values()) else ()
    )
    # TRANSLATORS: the English keeps "donkey(s)" in both forms; translate each form properly.
    before = ngettext(
        "{count} donkey(s) turned up before this one", "{count} donkey(s) turned up before this one", donkeys_before
    ).format(count=donkeys_before)
    return Verdict(verdict, outcome, (before,), clauses)


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {
    "auction": auction,
    "cow-trade": cow_trade,
    "trade-options": trade_options,
    "donkey": donkey,
}


# What each outcome key means to a player (text output; JSON keeps the keys).
LABELS = {
    "animal_to": N_("Animal goes to"),
    "price": N_("Price"),
    "payer": N_("Pays"),
    "payee": N_("Paid to"),
    "paid": N_("Paid with"),
    "overpaid": N_("Overpaid (no change)"),
    "donkey_payout": N_("Donkey payout to all"),
    "repeat_without": N_("Auction again without"),
    "buy_right_lost": N_("Buy right lost"),
    "animals_to": N_("Animals go to"),
    "count": N_("Cards at stake"),
    "money_to": N_("Money received"),
    "ties": N_("Ties so far"),
    "needs": N_("Still needed"),
    "totals": N_("Offers compared"),
    "nth": N_("Donkey number"),
    "payout": N_("Payout to each"),
    "dealer": N_("Dealt by"),
    "receives": N_("Each receives"),
    "money_after": N_("Money afterwards"),
    "player": N_("Player on turn"),
    "can_auction": N_("May auction"),
    "options": N_("May challenge"),
    "compulsory": N_("Cow trade compulsory"),
    "skipped": N_("Skipped"),
    "player_skipped": N_("Player on turn skipped"),
    "acts": N_("Acts now"),
    "game_over": N_("Game over"),
}


def trade_option(defender: str, animal: str, count: int) -> str:
    """One challenge a player may make: ``Ben over the cat (2 cards)``."""
    return ngettext(
        "{defender} over {the_animal} ({count} card)", "{defender} over {the_animal} ({count} cards)", count
    ).format(defender=defender, the_animal=the_animal(animal), count=count)


def _options(value: list[dict[str, Any]]) -> str:
    listed = [trade_option(o["defender"], o["animal"], o["count"]) for o in value]
    return "; ".join(listed) or _("nobody")


def _needs(value: str) -> str:
    """``needs``: what the trade still needs (JSON keeps the English word)."""
    return _("rebid") if value == "rebid" else value


# Cited for context, not what the ruling turned on: quoted on a terminal only with -v.
BACKGROUND = {
    "auction": ("auction.reveal", "auction.rising"),
    "cow-trade": ("cow-trade.when", "cow-trade.bluff", "cow-trade.counter"),
    "trade-options": ("turn.actions",),
    "donkey": ("donkey.auction",),
}


# The ruling verb: every situation above, ruled on as every game's are (refcli.results.rulings).
rule_document = rulings(
    KUHHANDEL,
    "Kuhhandel",
    SITUATIONS,
    labels=LABELS,
    describers={
        "options": _options,
        "needs": _needs,
        "repeat_without": empty_as(lambda: pgettext("no players", "none")),  # "nadie"
        "skipped": empty_as(lambda: pgettext("no players", "none")),
        "money_to": empty_as(lambda: pgettext("no money", "none")),  # "nada"
        "money_after": empty_as(lambda: pgettext("no money", "none")),
        "paid": empty_as(lambda: pgettext("no money", "none")),
        "receives": empty_as(lambda: pgettext("no money", "none")),
    },
    background=BACKGROUND,
)
