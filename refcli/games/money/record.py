"""Money! recorded games: read the TOML record, replay it, report the findings.

    game = "money"
    players = ["Ana", "Ben", "Cid"]          # seating order
    currencies = 5                           # optional; default for the player count (3: 5, 4: 6, 5: 7)
    pile = 25                                # optional: cards in the draw pile after the setup
    right = [...]; left = [...]              # optional: the displays dealt at the setup
    [hands]  Ana = [...]                     # optional: the six cards each player was dealt
    [[event]] type = "offers"   [event.offers] Ana = ["euro 30 #12", "bluff"] …
    [[event]] type = "exchange" player = "Ana"  action = "right" | "left" | "swap" | "keep"  with = "Ben"
    [[event]] type = "refill"   right = 2  left = 1   (counts, or the cards dealt)
    [scores]                                 # optional final scores, checked when the hands are known
"""

from __future__ import annotations

from refcli.games.money.cards import Card
from refcli.games.money.replay import Event, Exchange, Offers, Record, Refill, replay
from refcli.games.money.situations import read_cards
from refcli.inputs import Document
from refcli.options import ValidateOptions
from refcli.schema import Table, check_game_key, describe, one_of_names, player_names
from refcli.validation import FileResult

GAME = "money"
TOP_KEYS = ("game", "players", "currencies", "pile", "right", "left", "hands", "event", "scores")
ACTIONS = ("right", "left", "swap", "keep")
MAX_EVENTS = 10_000


def per_player(table: Table, players: list[str], read) -> dict[str, object]:  # type: ignore[no-untyped-def]
    result = {}
    for key, value in table.data.items():
        name = next((n for n in players if n.casefold() == key.strip().casefold()), None)
        if name is None:
            raise table.error(key, f"a player's name ({', '.join(players)})", describe(key))
        result[name] = read(table, key, value)
    return result


def read_event(table: Table, players: list[str]) -> Event:
    kind = table.string("type", expected='the event type: "offers", "exchange" or "refill"')
    if kind == "offers":
        table.check_keys(("type", "offers", "note"))
        offers_table = table.table("offers", required=True)
        assert offers_table is not None
        offers = per_player(offers_table, players, lambda t, k, v: tuple(read_cards(t, k, v)))
        return Offers(offers)  # type: ignore[arg-type]
    if kind == "exchange":
        table.check_keys(("type", "player", "action", "with", "note"))
        action = table.string("action", expected=f"one of {', '.join(ACTIONS)}")
        if action not in ACTIONS:
            raise table.error("action", f"one of {', '.join(ACTIONS)}", describe(action))
        partner = one_of_names(table, "with", players, role="player whose offer is taken") if action == "swap" else None
        if action != "swap" and table.has("with"):
            raise table.error("with", 'no "with" unless the action is "swap"', describe(table.raw("with")))
        return Exchange(one_of_names(table, "player", players, role="player"), action, partner)
    if kind == "refill":
        table.check_keys(("type", "right", "left", "note"))
        counts: list[int] = []
        cards: list[tuple[Card, ...] | None] = []
        for side in ("right", "left"):
            value = table.raw(side) if table.has(side) else 0
            if isinstance(value, list):
                dealt = tuple(read_cards(table, side, value))
                counts.append(len(dealt))
                cards.append(dealt)
            else:
                counts.append(table.integer(side, minimum=0, maximum=4, default=0, what="cards dealt,"))
                cards.append(None)
        return Refill(counts[0], counts[1], cards[0], cards[1])
    raise table.error("type", '"offers", "exchange" or "refill"', describe(kind))


def read_record(doc: Document) -> Record:
    top = Table(doc, doc.data)
    top.check_keys(TOP_KEYS)
    check_game_key(top, GAME)
    players = player_names(top, "players", minimum=3, maximum=5)
    hands_table = top.table("hands")
    hands = per_player(hands_table, players, lambda t, k, v: tuple(read_cards(t, k, v))) if hands_table else None
    scores_table = top.table("scores")
    scores = (
        per_player(scores_table, players, lambda t, k, v: t.check_integer(k, v, minimum=0, maximum=10**6, what="a score,"))
        if scores_table else None
    )
    tables = top.tables("event", what="the rounds, in order", maximum=MAX_EVENTS)

    def display(key: str) -> tuple[Card, ...] | None:
        return tuple(read_cards(top, key, top.raw(key))) if top.has(key) else None

    return Record(
        players=tuple(players),
        events=tuple(read_event(table, players) for table in tables),
        currencies=top.integer("currencies", minimum=1, maximum=7, default=0) or None if top.has("currencies") else None,
        pile=top.integer("pile", minimum=0, maximum=69, default=0) if top.has("pile") else None,
        hands=hands,  # type: ignore[arg-type]
        right=display("right"),
        left=display("left"),
        scores=scores,  # type: ignore[arg-type]
    )


def validate_document(doc: Document, options: ValidateOptions) -> FileResult:
    record = read_record(doc)
    state = replay(record, strict=options.strict)
    summary = {"events": len(record.events), "over": state.phase == "over", "scores": state.scores or None}
    return FileResult(doc.name, GAME, tuple(state.findings), tuple(state.skipped), summary)
