"""Coin Toss's three inputs, described once: refcli reads them, and writes their templates, schemas and man page."""

from refcli.language.i18n import N_
from refcli.reading.formats import (
    Description,
    Field,
    choice,
    game_field,
    integer,
    mapping,
    name,
    names,
    player,
    situation_field,
    tables,
)

SIDE = choice("heads", "tails", fold=True)

FINAL = Description(
    "cointoss",
    "final",
    N_("Coin Toss final snapshot"),
    N_("Each player's points after the last toss; the most points win."),
    (
        game_field("cointoss"),
        Field(
            "player",
            tables(
                Field("name", name(), N_("the player's name"), required=True),
                Field("points", integer(0, 99), N_("the tosses the player called right"), required=True),
                what=N_("one per player"),
                minimum=2,
                maximum=6,
            ),
            N_("one table per player"),
            required=True,
            roster=True,
            example=[{"name": "Ana", "points": 3}, {"name": "Ben", "points": 2}],
        ),
    ),
    clauses=("winner",),
)

TOSS = Description(
    "cointoss",
    "toss",
    N_("Coin Toss toss"),
    N_("The calls and the side the coin landed on; refcli says who scores."),
    (
        game_field("cointoss"),
        situation_field("toss"),
        Field("coin", SIDE, N_("the side the coin landed on"), required=True, example="heads"),
        Field(
            "call",
            tables(
                Field("player", name(), N_("who calls"), required=True),
                Field("side", SIDE, N_("the side called"), required=True),
                what=N_("one per call"),
                minimum=1,
                maximum=6,
            ),
            N_("one table per call, in the order called"),
            required=True,
            example=[{"player": "Ana", "side": "heads"}, {"player": "Ben", "side": "tails"}],
        ),
    ),
    clauses=("call", "point"),
)

RECORD = Description(
    "cointoss",
    "record",
    N_("Coin Toss recorded game"),
    N_("The players, then every toss: each player's call and the side the coin landed on."),
    (
        game_field("cointoss"),
        Field("players", names(2, 6), N_("the players"), required=True, roster=True, example=["Ana", "Ben"]),
        Field(
            "event",
            tables(
                Field("coin", SIDE, N_("the side the coin landed on"), required=True),
                Field("calls", mapping(player("caller"), SIDE), N_("each player's call: name = side"), required=True),
                what=N_("one per toss"),
                minimum=1,
            ),
            N_("one table per toss, in order"),
            required=True,
            example=[{"coin": "heads", "calls": {"Ana": "heads", "Ben": "tails"}}],
        ),
        Field("points", mapping(player("player"), integer(0, 99)), N_("each player's points, as recorded at the end")),
    ),
    clauses=("call", "point", "winner"),
)

FORMATS = {"final": FINAL, "toss": TOSS, "record": RECORD}
