"""Kuhhandel recorded games: read the TOML record, replay it, report the findings.

The format (also in ``refcli kuhhandel template record`` and the man page):

    game = "kuhhandel"
    edition = 2
    players = ["Ana", "Ben", "Cid"]     # seating order, clockwise
    first = "Ana"                       # optional; default: the first player listed
    deck = ["cow", "pig", …]            # optional: the order the animals turned up
    multiply = false                    # edition 1: the multiplier variant
    [start_money]                       # optional; default: the rules' setup (K1)
    [[event]]  type = "auction" | "cow-trade", …
    [scores]                            # optional: final scores as recorded

Format errors are DataErrors (exit 65); broken rules are findings (exit 1).
"""

from __future__ import annotations

from typing import Any

from refcli.games.kuhhandel.components import CARDS_PER_ANIMAL, TOTAL_CARDS, accepted_names, animal_id
from refcli.games.kuhhandel.replay import Auction, CowTrade, Event, Record, replay
from refcli.inputs import Document
from refcli.options import ValidateOptions
from refcli.games.kuhhandel.situations import read_animal
from refcli.schema import Table, check_game_key, describe, integer_list, one_of_names, optional_name, player_names
from refcli.validation import FileResult

GAME = "kuhhandel"
TOP_KEYS = ("game", "edition", "players", "first", "deck", "multiply", "start_money", "event", "scores")
AUCTION_KEYS = ("type", "auctioneer", "animal", "bids", "buyback", "paid", "donkey_payout", "cannot_pay", "payer", "winner", "note")
TRADE_KEYS = ("type", "challenger", "defender", "animal", "offer", "counter", "rebid", "rebid_counter", "winner", "count", "note")
CARDS = "money cards (0, 10, 50, 100, 200, 500)"
MAX_EVENTS = 10_000


def read_cards(table: Table, key: str) -> tuple[int, ...] | None:
    if not table.has(key):
        return None
    return tuple(integer_list(table, key, table.raw(key), minimum=0, maximum=10**6, what=CARDS))


def read_bids(table: Table, players: list[str]) -> tuple[tuple[str, int], ...]:
    value = table.raw("bids") if table.has("bids") else []
    if not isinstance(value, list):
        raise table.error("bids", 'an array of [name, amount] pairs, e.g. [["Ben", 30], ["Cid", 40]]', describe(value))
    bids = []
    for index, bid in enumerate(value, 1):
        pair = Table(table.doc, {}, table.path + ("bids", index))
        if not (isinstance(bid, list) and len(bid) == 2):
            raise pair.error(None, "a [name, amount] pair", describe(bid))
        name = next((p for p in players if isinstance(bid[0], str) and p.casefold() == bid[0].strip().casefold()), None)
        if name is None:
            raise pair.error(1, f"a bidder among the players ({', '.join(players)})", describe(bid[0]))
        bids.append((name, pair.check_integer(2, bid[1], minimum=1, maximum=10**6, what="an amount,")))
    return tuple(bids)


def read_event(table: Table, players: list[str]) -> Event:
    kind = table.string("type", expected='the event type, "auction" or "cow-trade"')
    if kind == "auction":
        table.check_keys(AUCTION_KEYS)
        return Auction(
            auctioneer=one_of_names(table, "auctioneer", players, role="auctioneer"),
            animal=read_animal(table),
            bids=read_bids(table, players),
            buyback=table.boolean("buyback", default=False),
            paid=read_cards(table, "paid"),
            donkey_payout=table.integer("donkey_payout", minimum=0, maximum=10**6, default=-1) if table.has("donkey_payout") else None,
            cannot_pay=table.boolean("cannot_pay", default=False),
            payer=optional_name(table, "payer", players, role="payer"),
            winner=optional_name(table, "winner", players, role="winner"),
        )
    if kind == "cow-trade":
        table.check_keys(TRADE_KEYS)
        offer = read_cards(table, "offer")
        if offer is None:
            table.require("offer", f"the challenger's offer: an array of {CARDS}, [] for none")
        return CowTrade(
            challenger=one_of_names(table, "challenger", players, role="challenger"),
            defender=one_of_names(table, "defender", players, role="defender"),
            animal=read_animal(table),
            offer=offer or (),
            counter=read_cards(table, "counter"),
            rebid=read_cards(table, "rebid"),
            rebid_counter=read_cards(table, "rebid_counter"),
            winner=optional_name(table, "winner", players, role="winner"),
            count=table.integer("count", minimum=1, maximum=2, default=-1) if table.has("count") else None,
        )
    raise table.error("type", '"auction" or "cow-trade"', describe(kind))


def read_record(doc: Document) -> Record:
    top = Table(doc, doc.data)
    top.check_keys(TOP_KEYS)
    check_game_key(top, GAME)
    edition = top.integer("edition", minimum=1, maximum=2, default=2, what="the edition,")
    players = player_names(top, "players")
    first = optional_name(top, "first", players, role="first player")
    deck = None
    if top.has("deck"):
        value = top.raw("deck")
        if not isinstance(value, list) or len(value) > TOTAL_CARDS:
            raise top.error("deck", f"an array of at most {TOTAL_CARDS} animals in the order they turned up", describe(value))
        items = Table(doc, {str(i): v for i, v in enumerate(value, 1)}, ("deck",))
        deck_list = []
        for index, item in enumerate(value, 1):
            animal = animal_id(item) if isinstance(item, str) else None
            if animal is None:
                raise items.error_at(("deck", index), f"an animal ({accepted_names()})", describe(item))
            deck_list.append(animal)
        for animal in set(deck_list):
            if deck_list.count(animal) > CARDS_PER_ANIMAL:
                raise top.error("deck", f"at most {CARDS_PER_ANIMAL} cards of each animal", f"{deck_list.count(animal)} {animal}")
        deck = tuple(deck_list)
    start_money: dict[str, tuple[int, ...]] = {}
    money_table = top.table("start_money")
    if money_table is not None:
        for key, value in money_table.data.items():
            name = next((n for n in players if n.casefold() == key.strip().casefold()), None)
            if name is None:
                raise money_table.error(key, f"a player's name ({', '.join(players)})", describe(key))
            start_money[name] = tuple(integer_list(money_table, key, value, minimum=0, maximum=10**6, what=CARDS))
    event_tables = top.tables("event", what="what happened, in order", maximum=MAX_EVENTS)
    events = tuple(read_event(table, players) for table in event_tables)
    scores = None
    score_table = top.table("scores")
    if score_table is not None:
        scores = {}
        for key, value in score_table.data.items():
            name = next((n for n in players if n.casefold() == key.strip().casefold()), None)
            if name is None:
                raise score_table.error(key, f"a player's name ({', '.join(players)})", describe(key))
            scores[name] = score_table.check_integer(key, value, minimum=0, maximum=10**9, what="a score,")
    return Record(
        edition=edition, players=tuple(players), events=events, first=first, deck=deck,
        start_money=start_money, scores=scores, multiply=top.boolean("multiply", default=False),
    )


def validate_document(doc: Document, options: ValidateOptions) -> FileResult:
    record = read_record(doc)
    state = replay(record, strict=options.strict)
    over = state.game_over()
    summary: dict[str, Any] = {"events": len(record.events), "over": over, "scores": state.scores or None}
    if record.edition == 1:
        summary["bonus"] = state.bonus_holder  # who took the 500 bonus card, if anybody
    return FileResult(
        file=doc.name,
        game=GAME,
        findings=tuple(state.findings),
        skipped=tuple(state.skipped),
        summary=summary,
    )
