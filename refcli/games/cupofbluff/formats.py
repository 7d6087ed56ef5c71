"""Cup of Bluff's input formats, each described once: final holdings, situations, record.

The readers (final.py, situations.py, record.py) read files with these
descriptions and then check only what spans several keys and the rules; the
templates, JSON Schemas and man-page rows are generated from them
(``python -m refcli.reading.formats``).

In a situation, dice, chips, the number called and the chip given or taken are
read as integers of any size: a die showing 7 or a chip 19 breaks a rule (exit 1), it is not a
malformed file. Records and final holdings name chips, so there a chip
outside 3-18 is bad input.
"""

from __future__ import annotations

from refcli.games.cupofbluff import clauses as C
from refcli.language.i18n import N_
from refcli.reading.formats import (
    Description,
    Field,
    array,
    choice,
    game_field,
    integer,
    mapping,
    name,
    names,
    note_field,
    play_fields,
    player,
    situation_field,
    tables,
    union,
    variant,
)

GAME = "cup-of-bluff"
MAX_PLAYERS = 16
MAX_EVENTS = 10_000
ANY = 10**6  # integers a situation reads before the rules look at them
SEATS = ["Ana", "Ben", "Cid"]
POINTS_NOTE = N_("Points: 3 and 18: 5; 4 and 17: 4; 5, 6, 15, 16: 3; 7, 8, 13, 14: 2; 9 to 12: 1.")

DICE = array(integer(-ANY, ANY, what=N_("dice")), what=N_("dice"))._replace(
    phrase=N_("the three dice, e.g. [4, 5, 6]"), digits=3
)
ANSWER = choice("truth", "bluff", fold=True, expected=N_('"truth" or "bluff"'))
CHIP = integer(3, 18, what=N_("a chip,"))
CALLED = integer(-ANY, ANY, what=N_("the number called,"))._replace(phrase=N_("a chip number, 3 to 18"))
TARGET_POINTS_CLAUSES = (C.END_TARGET, C.TARGET_VARIANT)


def dice_field(example: list[int] | None = None, help: str = N_("the three dice the caller rolled")) -> Field:
    return Field(
        "dice",
        DICE,
        help,
        required=True,
        example=example,
        missing=N_("the three dice, e.g. [4, 5, 6]"),
        clauses=(C.COMPONENTS,),
    )


def chips_field() -> Field:
    """``[chips]``: every player's chips, in seating order (the players of the situation)."""
    return Field(
        "chips",
        mapping(
            name(),
            array(integer(-ANY, ANY, what=N_("chips (3 to 18)")), what=N_("chips (3 to 18)")),
            minimum=2,
            maximum=16,  # as in records
            number=N_("the chips of every player (2 to 16 players)"),
        ),
        N_("in front of each player at the start of the turn, in seating order"),
        required=True,
        roster=True,
        clauses=(C.SETUP_CHIPS, C.COMPONENTS),
    )


# -- final holdings ------------------------------------------------------------------
FINAL = Description(
    GAME,
    "final",
    N_("Cup of Bluff final holdings"),
    N_("Chips 3-18, each at most once. Equal points: fewer chips wins."),
    (
        game_field(GAME),
        Field(
            "target",
            integer(0, 42, what=N_("the points target (0: until the centre is empty),")),
            N_("the points-target variant; 0: play until the centre is empty"),
            default=0,
            example=0,
            clauses=TARGET_POINTS_CLAUSES,
        ),
        Field(
            "player",
            tables(
                Field("name", name(), N_("the player's name, unique in the game"), required=True),
                Field(
                    "chips",
                    array(integer(3, 18, what=N_("chips (3 to 18)")), what=N_("chips (3 to 18)")),
                    N_("the chips the player scored"),
                    default=[],
                    clauses=(C.END_WINNER,),
                ),
                what=N_("one per player, in seating order"),
                minimum=1,
                maximum=16,  # as in records; a cap also keeps ranking cheap
            ),
            N_("one table per player, in seating order"),
            required=True,
            roster=True,
            example=[
                {"name": "Ana", "chips": [3, 9, 14, 17, 6]},
                {"name": "Ben", "chips": [18, 4, 10, 12, 7, 16]},
                {"name": "Cid", "chips": [5, 8, 11, 13, 15]},
            ],
        ),
        *play_fields(),
    ),
    clauses=(C.END_LAST_CHIP, C.END_WINNER, C.END_TIE, C.TIE_BREAK, *C.POINTS),
    notes=(POINTS_NOTE,),
)


# -- situations ------------------------------------------------------------------------
CALL = Description(
    GAME,
    "call",
    N_("Cup of Bluff call"),
    N_(
        "The caller rolled, chose a target and called a number; the target answered. Who scores the chip, and from where?"
    ),
    (
        game_field(GAME),
        situation_field("call"),
        Field(
            "caller",
            player(N_("caller")),
            N_("who rolled and called"),
            required=True,
            example="Ana",
            clauses=(C.TURN_STEPS,),
        ),
        Field(
            "target",
            player(N_("target")),
            N_("the player the call is made to"),
            required=True,
            example="Ben",
            clauses=(C.TARGET_ANY, C.TARGET_MUST),
        ),
        Field(
            "called",
            CALLED,
            N_("the number called: a chip in the centre or in front of the target"),
            required=True,
            example=15,
            clauses=(C.CALL_ANY, C.CALL_OWN_CHIP),
        ),
        dice_field([4, 5, 6]),
        Field(
            "answer",
            ANSWER,
            N_("the target's answer: truth | bluff"),
            required=True,
            example="bluff",
            clauses=(C.ANSWER, C.REVEAL),
        ),
        Field(
            "gives",
            integer(-ANY, ANY, what=N_("the chip given,")),
            N_("optional: the chip the caller gives the target under the exception (checked)"),
            clauses=(C.SCORE_EXCEPTION, C.EXCEPTION),
        ),
        Field(
            "target_points",
            integer(0, 42, what=N_("the points target (0: play until the centre is empty),")),
            N_("the points-target variant; 0: until the centre is empty"),
            default=0,
            commented="0",
            clauses=TARGET_POINTS_CLAUSES,
        ),
        chips_field()._replace(example={"Ana": [3], "Ben": [9], "Cid": []}),
    ),
    clauses=(C.SCORE_FOOLED, C.SCORE_NOT_FOOLED, C.SCORE_EXCEPTION, C.EXCEPTION, C.CHIP_AT_STAKE),
)

EXCHANGE = Description(
    GAME,
    "exchange",
    N_("Cup of Bluff exchange"),
    N_("With doubles, hand back two or more chips for one in the centre worth their combined points."),
    (
        game_field(GAME),
        situation_field("exchange"),
        Field("player", player(N_("player")), N_("who rolled doubles"), required=True, example="Ana"),
        dice_field([2, 2, 5], N_("doubles: at least two dice alike"))._replace(clauses=(C.DOUBLES_OPTION, C.DOUBLES)),
        Field(
            "returns",
            array(integer(-ANY, ANY, what=N_("chips")), what=N_("chips")),
            N_("chips handed back (1 + 1 = 2 points)"),
            required=True,
            example=[9, 10],
            missing=N_("the chips handed back"),
            clauses=(C.DOUBLES_EXCHANGE, C.EXCHANGE),
        ),
        Field(
            "takes",
            integer(-ANY, ANY, what=N_("the chip taken,")),
            N_("optional: the centre chip taken (checked); left out, the ruling lists the choices"),
            commented="8",
            clauses=(C.EXCHANGE,),
        ),
        chips_field()._replace(example={"Ana": [9, 10, 3], "Ben": [7], "Cid": []}),
    ),
    clauses=(C.DOUBLES_OPTION, C.DOUBLES_EXCHANGE, C.DOUBLES_PASS, C.DOUBLES, C.EXCHANGE),
)

END = Description(
    GAME,
    "end",
    N_("Cup of Bluff end"),
    N_("Is the game over, and who wins?"),
    (
        game_field(GAME),
        situation_field("end"),
        Field(
            "target",
            integer(0, 42, what=N_("the points target (0: play until the centre is empty),")),
            N_("the points-target variant; 0: until the centre is empty"),
            default=0,
            example=0,
            clauses=TARGET_POINTS_CLAUSES,
        ),
        chips_field()._replace(
            help=N_("in front of each player, in seating order"),
            example={"Ana": [3, 9, 14, 17, 6], "Ben": [18, 4, 10, 12, 7, 16], "Cid": [5, 8, 11, 13, 15]},
        ),
    ),
    clauses=(C.END_LAST_CHIP, C.END_WINNER, C.END_TIE, C.TIE_BREAK, *TARGET_POINTS_CLAUSES),
)


# -- the record ---------------------------------------------------------------------------
CALL_EVENT = variant(
    "call",
    N_("a call: the caller's number, the dice and the target's answer"),
    Field("caller", player(N_("caller")), N_("who rolled and called"), required=True),
    Field("target", player(N_("target")), N_("the player the call is made to"), required=True),
    Field("called", CALLED, N_("the number called"), required=True),
    dice_field(),
    Field("answer", ANSWER, N_("the target's answer: truth | bluff"), required=True),
    Field(
        "gives",
        CHIP,
        N_("the chip the caller gives the target under the exception"),
        clauses=(C.SCORE_EXCEPTION, C.EXCEPTION),
    ),
    Field("chip_to", player(N_("player")), N_("optional: checked"), clauses=(C.SCORE_FOOLED, C.SCORE_NOT_FOOLED)),
    note_field(),
)
EXCHANGE_EVENT = variant(
    "exchange",
    N_("an exchange on doubles: chips handed back for one in the centre"),
    Field("player", player(N_("player")), N_("who rolled doubles"), required=True),
    dice_field(help=N_("the three dice")),
    Field(
        "returns",
        array(CHIP._replace(what=N_("chips")), what=N_("chips")),
        N_("chips handed back"),
        required=True,
        missing=N_("the chips handed back"),
        clauses=(C.DOUBLES_EXCHANGE,),
    ),
    Field(
        "takes",
        integer(3, 18, what=N_("the chip taken,")),
        N_("the centre chip taken, worth their combined points"),
        required=True,
        clauses=(C.EXCHANGE,),
    ),
    note_field(),
)

RECORD = Description(
    GAME,
    "record",
    N_("A recorded Cup of Bluff game"),
    N_(
        "One [[event]] per turn: a call (caller, target, number called, dice, the target's answer) or, "
        "on doubles, an exchange."
    ),
    (
        game_field(GAME),
        Field(
            "players",
            names(2, MAX_PLAYERS),
            N_("seating order; the youngest plays first"),
            required=True,
            roster=True,
            example=SEATS,
            clauses=(C.TURN_FIRST,),
        ),
        Field(
            "first", player(N_("first player")), N_("who plays first (default: the first player listed)"), example="Ana"
        ),
        Field(
            "target",
            integer(0, 42, what=N_("the points target,")),
            N_("the points-target variant; 0: until the centre is empty"),
            default=0,
            commented="0",
            clauses=TARGET_POINTS_CLAUSES,
        ),
        Field(
            "winner",
            player(N_("winner")),
            N_("checked when the record goes to the end"),
            clauses=(C.END_WINNER,),
        ),
        Field(
            "event",
            tables(
                item=union("type", CALL_EVENT, EXCHANGE_EVENT, what=N_("event type")),
                what=N_("the turns, in order"),
                maximum=MAX_EVENTS,
            ),
            N_("one per turn, in order"),
            example=[
                {
                    "#": N_("1: Ana calls 15 on 4 + 5 + 6: the truth; Ben says bluff, so Ana scores 15"),
                    "type": "call",
                    "caller": "Ana",
                    "target": "Ben",
                    "called": 15,
                    "dice": [4, 5, 6],
                    "answer": "bluff",
                    "chip_to": "Ana",
                },
                {
                    "#": N_("2: Ben goes after Ana's 15, bluffing; Ana says bluff and keeps it"),
                    "type": "call",
                    "caller": "Ben",
                    "target": "Ana",
                    "called": 15,
                    "dice": [1, 2, 3],
                    "answer": "bluff",
                },
                {
                    "#": N_("3: Cid rolled doubles but calls anyway"),
                    "type": "call",
                    "caller": "Cid",
                    "target": "Ben",
                    "called": 3,
                    "dice": [2, 2, 6],
                    "answer": "truth",
                },
            ],
        ),
    ),
    clauses=(C.TURN_FIRST, C.TURN_STEPS, C.END_LAST_CHIP, C.END_WINNER),
    notes=(
        N_("A call under the exception may name the chip given: gives = CHIP (checked); a record"),
        N_('that goes to the end may name the winner: winner = "NAME" (checked).'),
    ),
)

FORMATS: dict[str, Description] = {desc.kind: desc for desc in (FINAL, CALL, EXCHANGE, END, RECORD)}
