"""Bamboozled recorded games: read the TOML record, replay it, report the findings.

    game = "bamboozled"
    players = ["Ana", "Ben", "Cid"]   # seating order, clockwise
    first = "Ana"                      # optional: who rolls first
    strikes_to_lose = 3                # variants: more strikes,
    no_limits = false                  #   no hand limit,
    kids = false                       #   the kids' rules
    winner = "Ana"                     # optional, checked
    [[event]] type = "roll" | "accept" | "call" | "card", player = …, …
"""

from __future__ import annotations

from refcli.games.bamboozled.replay import Accept, Call, Card, Event, Record, Roll, replay
from refcli.games.bamboozled.situations import MAX_PLAYERS, read_card, read_score
from refcli.games.bamboozled.turns import AFTER_ROLL_CARDS
from refcli.inputs import Document
from refcli.options import ValidateOptions
from refcli.schema import Table, check_game_key, describe, integer_list, one_of_names, optional_name, player_names
from refcli.validation import FileResult

GAME = "bamboozled"
TOP_KEYS = ("game", "players", "first", "strikes_to_lose", "no_limits", "kids", "winner", "event")
EVENT_KEYS = {
    "roll": ("type", "player", "rolled", "declared", "card", "note"),
    "accept": ("type", "player", "note"),
    "call": ("type", "player", "card", "strike", "note"),
    "card": ("type", "player", "card", "note"),
}
MAX_EVENTS = 20_000


def read_event(table: Table, players: list[str]) -> Event:
    kinds = ", ".join(f'"{kind}"' for kind in EVENT_KEYS)
    kind = table.string("type", expected=f"the event type: {kinds}")
    if kind not in EVENT_KEYS:
        raise table.error("type", kinds, describe(kind))
    table.check_keys(EVENT_KEYS[kind])
    player = one_of_names(table, "player", players, role="player")
    if kind == "roll":
        rolled = None
        if table.has("rolled"):
            rolled = tuple(integer_list(table, "rolled", table.raw("rolled"), minimum=-10**6, maximum=10**6, what="dice"))
        return Roll(player, read_score(table, "declared"), rolled, read_card(table, "card", AFTER_ROLL_CARDS))
    if kind == "accept":
        return Accept(player)
    if kind == "call":
        strike = optional_name(table, "strike", players, role="player who took the strike")
        return Call(player, read_card(table, "card", ("my-bad",)), strike)
    card = read_card(table, "card", ("new-start", "reverse", "skip", "revive"))
    if card is None:
        table.require("card", "the card played: new-start, reverse, skip or revive (My Bad goes with a call)")
    return Card(player, card or "")


def read_record(doc: Document) -> Record:
    top = Table(doc, doc.data)
    top.check_keys(TOP_KEYS)
    check_game_key(top, GAME)
    players = player_names(top, "players", minimum=2, maximum=MAX_PLAYERS)
    tables = top.tables("event", what="the moves, in order", maximum=MAX_EVENTS)
    return Record(
        players=tuple(players),
        events=tuple(read_event(table, players) for table in tables),
        first=optional_name(top, "first", players, role="first player"),
        strikes_to_lose=top.integer("strikes_to_lose", minimum=1, maximum=1000, default=3, what="strikes that put a player out,"),
        no_limits=top.boolean("no_limits", default=False),
        kids=top.boolean("kids", default=False),
        winner=optional_name(top, "winner", players, role="winner"),
    )


def validate_document(doc: Document, options: ValidateOptions) -> FileResult:
    record = read_record(doc)
    state = replay(record, strict=options.strict)
    summary = {
        "events": len(record.events),
        "over": state.winner is not None,
        "winner": state.winner,
        "strikes": {name: state.strikes[name] for name in record.players},
    }
    return FileResult(doc.name, GAME, tuple(state.findings), tuple(state.skipped), summary)
