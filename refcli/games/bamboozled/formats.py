"""Bamboozled's input formats, each described once: standings, situations, record.

The readers (standings.py, situations.py, record.py) read files with these
descriptions and then check only what spans several keys and the rules; the
templates, JSON Schemas and man-page rows are generated from them
(``python -m refcli.reading.formats``).

Two things a description cannot say by itself are handled here, next to it:

* How many strikes a player may hold depends on ``strikes_to_lose`` (a
  variant raises it). The descriptions in ``FORMATS`` say "0 to
  strikes_to_lose"; ``bound(desc, data)`` gives the same description with the
  range bound to the document's own limit, so the generic reader checks it
  (``strikes (0 to 5), an integer from 0 to 5``).
* ``accept`` may leave out ``players``, so its ``declarer`` and ``receiver``
  are names; a file that lists the players is read with ``ACCEPT_SEATED``,
  where they are players (``bound`` picks it).
"""

from __future__ import annotations

from typing import Any

from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled.ranking import SCORES, is_score
from refcli.games.bamboozled.turns import AFTER_ROLL_CARDS, BEFORE_ROLL_CARDS
from refcli.language.i18n import N_, _, language
from refcli.reading.formats import (
    Description,
    Field,
    Type,
    array,
    boolean,
    choice,
    custom,
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

GAME = "bamboozled"
MAX_PLAYERS = 12
MAX_EVENTS = 20_000
MAX_STRIKES_TO_LOSE = 1000
DEFAULT_STRIKES_TO_LOSE = 3
SCORE_EXPECTED = N_("a score: two digits 1-6 in the order declared, e.g. 43 or 66 (21 is the jackpot)")
SCORE_OR_ZERO_EXPECTED = N_(
    "a score: two digits 1-6 in the order declared, e.g. 43 or 66 (21 is the jackpot), or 0 at a round start"
)
DICE_MISSING = N_("the two dice as rolled, e.g. [5, 3]")
SEATS = ["Ana", "Ben", "Cid"]
BEFORE_ROLL_PLAYABLE = ("new-start", "reverse", "skip", "revive")  # My Bad goes with a call
MOMENTS = ("before-roll", "after-roll", "after-call", "final-strike")
DIRECTIONS = ("clockwise", "counterclockwise")


# -- values ----------------------------------------------------------------------------
def _score(value: Any) -> str:
    """A declared score as its two digits, written as a number (43) or a string ("43")."""
    if type(value) is int:
        found = SCORE_TEXT.get(value)
        if found is not None:
            return found
    elif type(value) is str:
        text = value.strip()
        if is_score(text):
            return text
    raise ValueError(value)


def _score_or_zero(value: Any) -> str:
    if type(value) in (int, str) and str(value).strip() == "0":
        return "0"
    return _score(value)


SCORE_TEXT = {int(score): score for score in SCORES}  # 43 -> "43"
SCORE_PATTERN = r"^\s*[1-6]{2}\s*$"
SCORE_NUMBERS = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
SCORE = custom(
    _score,
    expected=SCORE_EXPECTED,
    phrase=N_("a score: two digits 1-6 in the order declared (43, 66; 21 is the jackpot)"),
    schema={"anyOf": [{"enum": SCORE_NUMBERS}, {"type": "string", "pattern": SCORE_PATTERN}]},
    example=43,
)
SCORE_OR_ZERO = custom(
    _score_or_zero,
    expected=SCORE_OR_ZERO_EXPECTED,
    phrase=N_("a score, or 0 at a round start"),
    schema={"anyOf": [{"enum": [0, *SCORE_NUMBERS]}, {"type": "string", "pattern": r"^\s*(?:0|[1-6]{2})\s*$"}]},
    example=0,
)
# Dice are integers here; a die that shows no face (7) or a third die is a rule broken, not bad input.
DICE = array(integer(-(10**6), 10**6, what=N_("dice")), what=N_("dice"))._replace(
    phrase=N_("the two dice, e.g. [5, 3]"),
    digits=2,
    expected=DICE_MISSING,  # "5 y 3": not a list of dice
)
STRIKES_TO_LOSE = integer(1, MAX_STRIKES_TO_LOSE, what=N_("strikes that put a player out,"))
AFTER_ROLL_CARD = choice(*AFTER_ROLL_CARDS, fold=True)


def held_strikes(limit: int | None, what: str) -> Type:
    """Strikes a player holds: 0 to the limit (None: as documented, "0 to strikes_to_lose")."""
    if limit is None:
        return integer(0, MAX_STRIKES_TO_LOSE, what=what)._replace(phrase=N_("an integer from 0 to strikes_to_lose"))
    return integer(0, limit, what=what)


def final_strikes(limit: int | None) -> Type:
    if limit is None:
        return held_strikes(limit, N_("strikes (0 to strikes_to_lose),"))
    # bound to one document's limit when it is read: said in the run's language (``bound`` keeps one per language)
    return held_strikes(limit, _("strikes (0 to {limit}),").format(limit=limit))


def strikes_table(limit: int | None) -> Type:
    return mapping(player(N_("player")), held_strikes(limit, N_("strikes,")))


def direction_field(help: str) -> Field:
    return Field(
        "direction",
        choice(*DIRECTIONS, expected=N_("clockwise or counterclockwise")),
        help,
        commented='"counterclockwise"',
        clauses=(C.REVERSE, C.ROUND_END_DIRECTION),
    )


SKIPPED_BEFORE_CALLER = N_("optional, checked: who played Skip between the declarer and the caller")
SKIPPED_BEFORE_RECEIVER = N_("optional, checked: who played Skip between the declarer and the receiver")


def skipped_field(kind: Type, help: str) -> Field:
    return Field(
        "skipped",
        array(kind, maximum=MAX_PLAYERS, what=N_("players who skipped")),
        help,
        commented="[]",
        clauses=(C.SKIP, C.SKIP_BACK),
    )


def strikes_to_lose_field(**more: Any) -> Field:
    return Field(
        "strikes_to_lose",
        STRIKES_TO_LOSE,
        N_('strikes that put a player out; the "more strikes" variant raises it'),
        default=DEFAULT_STRIKES_TO_LOSE,
        clauses=(C.STRIKE_OUT, C.MORE_STRIKES),
        **more,
    )


PLAYERS_ORDER = N_("in current playing order; with direction given: seating order, clockwise")
PLAYERS_ORDER_OPTIONAL = N_("optional: in current playing order; with direction given: seating order, clockwise")
DIRECTION_HELP = N_("optional: the direction of play now; then players are in seating order, clockwise")


def players_field(help: str = PLAYERS_ORDER, *, required: bool = True) -> Field:
    return Field("players", names(2, MAX_PLAYERS), help, required=required, roster=True, example=SEATS)


# -- the standings -------------------------------------------------------------------------
FINAL = Description(
    GAME,
    "final",
    N_("Bamboozled standings"),
    N_(
        "Each player's strikes; a player is out at strikes_to_lose. The last player standing wins "
        "(use --partial while more than one is still in)."
    ),
    (
        game_field(GAME),
        strikes_to_lose_field(example=DEFAULT_STRIKES_TO_LOSE),
        Field(
            "no_limits",
            boolean(),
            N_("variant: no hand limit of two action cards"),
            default=False,
            commented="false",
            clauses=(C.NO_LIMITS,),
        ),
        Field(
            "kids",
            boolean(),
            N_("variant: the kids' rules (no bluffing)"),
            default=False,
            commented="false",
            clauses=(C.KIDS_NO_BLUFF,),
        ),
        Field(
            "player",
            tables(
                Field("name", name(), N_("the player's name, unique in the game"), required=True),
                Field(
                    "strikes",
                    final_strikes(None),
                    N_("strikes taken; at strikes_to_lose the player is out"),
                    default=0,
                    clauses=(C.STRIKE_OUT,),
                ),
                what=N_("one per player, in seating order"),
                minimum=1,
                maximum=12,  # situations.MAX_PLAYERS; a cap also keeps the standings cheap
            ),
            N_("one table per player, in seating order"),
            required=True,
            roster=True,
            example=[{"name": "Ana", "strikes": 2}, {"name": "Ben", "strikes": 3}, {"name": "Cid", "strikes": 3}],
        ),
        *play_fields(),
    ),
    clauses=(C.OBJECTIVE, C.STRIKE_OUT, C.END_OUT, C.END_WINNER),
)


# -- situations ------------------------------------------------------------------------------
CHALLENGE = Description(
    GAME,
    "challenge",
    N_("Bamboozled challenge"),
    N_("The receiver calls the declaration a bluff. Who was right, who takes the strike, who rolls next."),
    (
        game_field(GAME),
        situation_field("challenge"),
        players_field(),
        Field(
            "declarer",
            player(N_("declarer")),
            N_("who declared"),
            required=True,
            example="Ana",
            clauses=(C.TURN_DECLARE_NEXT,),
        ),
        Field(
            "caller",
            player(N_("caller")),
            N_("who calls: the next player, or one further along if those between skipped"),
            required=True,
            example="Ben",
            clauses=(C.TURN_CALL, C.SKIP_BACK),
        ),
        Field(
            "to_beat",
            SCORE_OR_ZERO,
            N_("the score the declarer had to tie or beat; 0 at a round start"),
            default=0,
            example=43,
            clauses=(C.TURN_ACCEPT_AND_BEAT, C.TIE_OR_BEAT),
        ),
        Field(
            "declared",
            SCORE,
            N_("what the declarer declared (two digits 1-6; 21 is the jackpot)"),
            required=True,
            example=55,
            missing=SCORE_EXPECTED,
            clauses=(C.RANKING_ORDER, C.SCORE_FORMAT),
        ),
        Field(
            "rolled",
            DICE,
            N_("the dice under the cup"),
            required=True,
            example=[5, 3],
            missing=DICE_MISSING,
            clauses=(C.COMPONENTS, C.TURN_ORDER_DICE),
        ),
        Field(
            "card",
            AFTER_ROLL_CARD,
            N_("an after-roll card behind it: jackpot | double | up-down"),
            commented='"double"',
            clauses=(C.AFTER_ROLL_CALLED, C.CARD_MAKES_TRUE),
        ),
        Field(
            "caller_card",
            choice("my-bad", fold=True),
            N_("the caller calls with My Bad"),
            commented='"my-bad"',
            clauses=(C.MY_BAD, C.MY_BAD_RULING),
        ),
        Field(
            "strikes",
            strikes_table(None),
            N_("strikes each player has before the challenge (default: none)"),
            example={"Ana": 0, "Ben": 2, "Cid": 1},
            clauses=(C.STRIKE_OUT,),
        ),
        strikes_to_lose_field(commented=str(DEFAULT_STRIKES_TO_LOSE)),
        direction_field(DIRECTION_HELP),
        skipped_field(player(N_("player who skipped")), SKIPPED_BEFORE_CALLER),
    ),
    clauses=(C.TURN_CALL, C.BLUFF, C.STRIKE_RESET, C.STRIKE_STARTS_NEXT, C.STRIKE_OUT, C.END_WINNER),
)


ACCEPT = Description(
    GAME,
    "accept",
    N_("Bamboozled accept"),
    N_("The receiver accepts the declaration. Was it a bamboozle, and who draws an action card?"),
    (
        game_field(GAME),
        situation_field("accept"),
        players_field(PLAYERS_ORDER_OPTIONAL, required=False),
        # Names, as the players may be left out; when they are listed, ACCEPT_SEATED reads these as players.
        Field("declarer", name(), N_("who declared (one of the players, when listed)"), required=True, example="Ana"),
        Field(
            "receiver",
            name(),
            N_("who accepts: the next player, or one further along if those between skipped"),
            required=True,
            example="Ben",
            clauses=(C.TURN_DECLARE_NEXT, C.SKIP_BACK),
        ),
        Field(
            "to_beat",
            SCORE_OR_ZERO,
            N_("the score the declarer had to tie or beat; 0 at a round start"),
            default=0,
            example=41,
            clauses=(C.TIE_OR_BEAT,),
        ),
        Field("declared", SCORE, N_("what the declarer declared"), required=True, example=44, missing=SCORE_EXPECTED),
        Field(
            "rolled",
            DICE,
            N_("the dice under the cup"),
            required=True,
            example=[4, 3],
            missing=DICE_MISSING,
            clauses=(C.COMPONENTS,),
        ),
        Field(
            "card",
            AFTER_ROLL_CARD,
            N_("an after-roll card the declarer planned to use (stays hidden)"),
            commented='"double"',
            clauses=(C.AFTER_ROLL_HIDDEN, C.AFTER_ROLL_COUNTS),
        ),
        Field(
            "hand",
            integer(0, 26, what=N_("action cards the declarer holds,")),
            N_("action cards the declarer holds before drawing (a card behind the declaration needs at least 1)"),
            default=1,
            example=1,
            clauses=(C.HAND_START, C.HAND_LIMIT, C.HAND_THIRD),
        ),
        Field(
            "no_limits",
            boolean(),
            N_("variant: no hand limit of two"),
            default=False,
            commented="true",
            clauses=(C.NO_LIMITS,),
        ),
        Field(
            "kids",
            boolean(),
            N_("variant: the kids' rules (nobody accepts: then the file breaks a rule)"),
            default=False,
            clauses=(C.KIDS_NO_BLUFF,),
        ),
        direction_field(DIRECTION_HELP),
        skipped_field(name(), SKIPPED_BEFORE_RECEIVER),
    ),
    clauses=(C.TURN_ACCEPT_AND_BEAT, C.BAMBOOZLE, C.BAMBOOZLE_DRAW, C.HAND_LIMIT),
)
# ACCEPT as a file that lists the players is read: declarer and receiver must be among them.
SEATED_ROLES = {"declarer": N_("declarer"), "receiver": N_("receiver")}
ACCEPT_SEATED = ACCEPT._replace(
    fields=tuple(
        f._replace(type=player(SEATED_ROLES[f.key]))
        if f.key in SEATED_ROLES
        else (skipped_field(player(N_("player who skipped")), SKIPPED_BEFORE_RECEIVER) if f.key == "skipped" else f)
        for f in ACCEPT.fields
    )
)

CARD = Description(
    GAME,
    "card",
    N_("Bamboozled action card"),
    N_("May the card be played now, and what does it change?"),
    (
        game_field(GAME),
        situation_field("card"),
        players_field(),
        Field("player", player(N_("player playing the card")), N_("who plays the card"), required=True, example="Ben"),
        Field(
            "card",
            choice(*BEFORE_ROLL_CARDS, *AFTER_ROLL_CARDS, fold=True),
            N_("new-start | reverse | skip | revive | my-bad (or an after-roll card)"),
            required=True,
            example="skip",
            missing=N_("the card played: one of new-start, reverse, my-bad, skip, revive, jackpot, double, up-down"),
            clauses=(C.BEFORE_ROLL_TIMING, C.AFTER_ROLL_HIDDEN),
        ),
        Field(
            "turn",
            player(N_("player whose turn it is")),
            N_("whose turn it is (default: the player)"),
            commented='"Ben"',
            clauses=(C.REVERSE_OWN_TURN, C.SKIP_ONLY_SELF),
        ),
        Field(
            "declarer",
            player(N_("declarer")),
            N_("who declared the score standing now (default: the player before the turn)"),
            example="Ana",
        ),
        Field("to_beat", SCORE_OR_ZERO, N_("the score standing now; 0 at a round start"), default=0, example=52),
        Field(
            "moment",
            choice(*MOMENTS),
            N_("before-roll | after-roll | after-call | final-strike"),
            default="before-roll",
            example="before-roll",
            clauses=(C.BEFORE_ROLL_TIMING, C.REVIVE_FINAL),
        ),
        direction_field(DIRECTION_HELP),
        Field(
            "strikes",
            strikes_table(None),
            N_("strikes each player has (for revive)"),
            commented="Ben = 1",
            clauses=(C.REVIVE, C.REVIVE_FINAL),
        ),
        strikes_to_lose_field(),
        Field(
            "kids",
            boolean(),
            N_("the kids' rules: My Bad is removed, the other cards work (B13)"),
            default=False,
            commented="false",
            clauses=(C.KIDS_NO_MY_BAD, C.KIDS_CARDS),
        ),
    ),
    clauses=(C.BEFORE_ROLL_TIMING, C.NEW_START, C.REVERSE, C.SKIP, C.REVIVE, C.MY_BAD, C.SKIP_REVERSE),
)


# -- the record --------------------------------------------------------------------------------
ROLL = variant(
    "roll",
    N_("a roll: the player rolled under the cup and declared a score"),
    Field("player", player(N_("player")), N_("who rolled"), required=True),
    Field(
        "rolled",
        DICE,
        N_("the dice; needed when the roll is called (optional otherwise)"),
        clauses=(C.TURN_ORDER_DICE,),
    ),
    Field("declared", SCORE, N_("the score declared"), required=True, missing=SCORE_EXPECTED, clauses=(C.TIE_OR_BEAT,)),
    Field(
        "card",
        AFTER_ROLL_CARD,
        N_("an after-roll card behind the declaration"),
        commented='"double"',
        clauses=(C.AFTER_ROLL_HIDDEN,),
    ),
    note_field(),
)
ACCEPT_EVENT = variant(
    "accept",
    N_("the next player accepts the declaration (and must tie or beat it)"),
    Field("player", player(N_("player")), N_("who accepted"), required=True),
    note_field(),
)
CALL_EVENT = variant(
    "call",
    N_("the next player calls the declaration a bluff"),
    Field("player", player(N_("player")), N_("who called"), required=True),
    Field("card", choice("my-bad", fold=True), N_("the caller played My Bad"), clauses=(C.MY_BAD,)),
    Field(
        "strike",
        player(N_("player who took the strike")),
        N_("optional: checked against the dice"),
        clauses=(C.TURN_CALL,),
    ),
    note_field(),
)
CARD_EVENT = variant(
    "card",
    N_("a before-roll card played instead of accepting or calling (kids' rules: instead of rolling)"),
    Field("player", player(N_("player")), N_("who played it"), required=True),
    Field(
        "card",
        choice(*BEFORE_ROLL_PLAYABLE, fold=True),
        N_('new-start | reverse | skip | revive (My Bad: type = "call", card = "my-bad")'),
        required=True,
        missing=N_("the card played: new-start, reverse, skip or revive (My Bad goes with a call)"),
        clauses=(C.BEFORE_ROLL_TIMING,),
    ),
    note_field(),
)

RECORD = Description(
    GAME,
    "record",
    N_("A recorded Bamboozled game"),
    N_(
        "Every move in order: a roll (with the declaration), then the next player's accept, call or before-roll card. "
        "Record the dice of every roll that is called (they are shown); elsewhere they are optional, and the checks "
        "that need them are skipped."
    ),
    (
        game_field(GAME),
        Field(
            "players", names(2, MAX_PLAYERS), N_("seating order, clockwise"), required=True, roster=True, example=SEATS
        ),
        Field(
            "first",
            player(N_("first player")),
            N_("who rolls first (default: the first player listed)"),
            example="Ana",
            clauses=(C.SETUP_FIRST,),
        ),
        strikes_to_lose_field(example=DEFAULT_STRIKES_TO_LOSE),
        Field(
            "no_limits",
            boolean(),
            N_("variant: no hand limit"),
            default=False,
            commented="false",
            clauses=(C.NO_LIMITS,),
        ),
        Field(
            "kids",
            boolean(),
            N_("variant: the kids' rules (open rolls that must beat the last; action cards but My Bad)"),
            default=False,
            commented="false",
            clauses=(C.KIDS_NO_BLUFF, C.KIDS_STRIKE, C.KIDS_CARDS, C.KIDS_JACKPOT),
        ),
        Field(
            "winner",
            player(N_("winner")),
            N_("the last player standing, if the record goes to the end"),
            clauses=(C.END_WINNER,),
        ),
        Field(
            "event",
            tables(
                item=union("type", ROLL, ACCEPT_EVENT, CALL_EVENT, CARD_EVENT, what=N_("event type")),
                what=N_("the moves, in order"),
                maximum=MAX_EVENTS,
            ),
            N_("one per move, in order"),
            example=[
                {
                    "#": N_("1: Ana rolls and declares"),
                    "type": "roll",
                    "player": "Ana",
                    "rolled": [4, 3],
                    "declared": 43,
                },
                {"#": N_("2: Ben accepts, so must tie or beat 43"), "type": "accept", "player": "Ben"},
                {
                    "#": "3",
                    "type": "roll",
                    "player": "Ben",
                    "rolled": [2, 2],
                    "declared": 44,
                    "#declared": N_("a bluff (he holds a 22)"),
                },
                {
                    "#": N_("4: Cid calls: Ben takes a strike and starts again at 0"),
                    "type": "call",
                    "player": "Cid",
                    "strike": "Ben",
                },
                {"#": "5", "type": "roll", "player": "Ben", "rolled": [6, 1], "declared": 61},
                {"#": N_("6: Cid skips: Ana must accept or call 61"), "type": "card", "player": "Cid", "card": "skip"},
            ],
        ),
    ),
    clauses=(C.TURN_DECLARE_NEXT, C.TURN_ACCEPT_AND_BEAT, C.TURN_CALL, C.STRIKE_OUT, C.END_WINNER),
    notes=(
        N_('A call may carry card = "my-bad" (the caller played My Bad); a record'),
        N_('that goes to the end may name the last player standing: winner = "NAME" (checked).'),
    ),
)

FORMATS: dict[str, Description] = {desc.kind: desc for desc in (FINAL, CHALLENGE, ACCEPT, CARD, RECORD)}


# -- the descriptions a document is read with ----------------------------------------------------
def strikes_limit(data: dict[str, Any]) -> int | None:
    """The document's strikes_to_lose when it is one (None: left out or wrong, which the reader reports)."""
    value = data.get("strikes_to_lose", DEFAULT_STRIKES_TO_LOSE)
    return value if type(value) is int and 1 <= value <= MAX_STRIKES_TO_LOSE else None


_BOUND: dict[tuple[str, int, str], Description] = {}  # (kind, strikes_to_lose, language): compiled once


def _bound(desc: Description, limit: int) -> Description:
    fields = []
    for f in desc.fields:
        if f.key == "strikes" and f.type.kind == "map":
            f = f._replace(type=strikes_table(limit))
        elif f.key == "player" and f.type.kind == "tables":
            subs = tuple(s._replace(type=final_strikes(limit)) if s.key == "strikes" else s for s in f.type.fields)
            f = f._replace(type=f.type._replace(fields=subs))
        fields.append(f)
    return desc._replace(fields=tuple(fields))


def bound(desc: Description, data: dict[str, Any]) -> Description:
    """``desc`` as this document is read: strikes within its strikes_to_lose; accept with its players."""
    if desc is ACCEPT:
        return ACCEPT_SEATED if "players" in data else ACCEPT
    if not any(desc is strikes_held for strikes_held in (FINAL, CHALLENGE, CARD)):
        return desc
    limit = strikes_limit(data)
    if limit is None:  # the reader reports strikes_to_lose; until then strikes are read as documented
        return desc
    key = (desc.kind, limit, language())  # the bound range is said in the run's language
    found = _BOUND.get(key)
    if found is None:
        if len(_BOUND) > 256:  # a batch of files with many different limits: start again
            _BOUND.clear()
        found = _BOUND[key] = _bound(desc, limit)
    return found
