"""Money!'s input formats, each described once: final holdings, situations, record.

The readers (final.py, situations.py, record.py) read files with these
descriptions and then check only what spans several keys and the rules; the
templates, JSON Schemas and man-page rows are generated from them
(``python -m refcli.reading.formats``).
"""

from __future__ import annotations

from typing import Any

from refcli.games.money import clauses as C
from refcli.games.money.cards import COINS, MAX_CURRENCIES, NOTE_VALUES, parse_card
from refcli.language.i18n import N_
from refcli.reading.formats import (
    Description,
    Field,
    array,
    boolean,
    choice,
    custom,
    either,
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

GAME = "money"
NOTES = N_("note values (20, 30, 40, 50, 60)")
MAX_EVENTS = 10_000
ALL_CARDS = 69  # notes and coins, FRED 001 to FRED 069
ACTIONS = ("right", "left", "swap", "keep")


def _note(value: Any) -> int:
    if type(value) is not int or value not in NOTE_VALUES:
        raise ValueError(value)
    return value


def _currency(value: Any) -> str:
    folded = " ".join(value.split()).casefold() if isinstance(value, str) else ""
    if not folded:
        raise ValueError(value)
    from refcli.games.money.cards import currency_id

    return currency_id(folded)  # "dólar" is the dollar


_SERIAL = r"(?:#\s*\d+)?"
CARD = custom(
    parse_card,  # CardSyntaxError is a ValueError; a value that is not a string raises TypeError
    expected=N_('a card: "<currency> <value> [#serial]", "coin [#serial]" or "bluff", e.g. "euro 30 #12"'),
    phrase=N_('a card: "<currency> <value> [#serial]", "coin [#serial]" or "bluff", e.g. "euro 30 #12"'),
    schema={
        "type": "string",
        "anyOf": [
            {"pattern": r"^\s*(?:[Bb][Ll][Uu][Ff][Ff]|[Ff][Aa][Rr][Oo][Ll])\s*$"},  # "farol": 003's word
            {
                "pattern": r"^\s*(?:[Cc][Oo][Ii][Nn]|[Mm][Oo][Nn][Ee][Dd][Aa]|[Mm][Üü][Nn][Zz][Ee])\s*(?:10)?\s*"
                + _SERIAL
                + r"\s*$"
            },
            {"pattern": r"^\s*[^\s#]+(?:\s+[^\s#\d][^\s#]*)*?\s*\d+\s*" + _SERIAL + r"\s*$"},
        ],
    },
    example="euro 30 #12",
)
NOTE = custom(
    _note,
    expected=NOTES,
    phrase=N_("a note value: 20, 30, 40, 50 or 60"),
    schema={"enum": sorted(set(NOTE_VALUES))},
    example=20,
)
CURRENCY = custom(
    _currency,
    expected=N_("a currency name"),
    phrase=N_("a currency name (free text, any case)"),
    schema={"type": "string", "pattern": r"\S"},
    example="euro",
    what=N_("currency"),
)
# What a swap's "with" names, when it is left out ({names}: the players whose offers may be taken).
WITH_EXPECTED = N_("the name of the player whose offer is taken, one of {names}")
CARDS = array(
    CARD,
    expected=N_('an array of cards ("<currency> <value> [#serial]", "coin [#serial]" or "bluff", e.g. "euro 30 #12")'),
    what=N_("cards"),
)


def offer_field(help: str, example: list[dict[str, Any]], *, minimum: int = 1, number: str = "") -> Field:
    return Field(
        "offer",
        tables(
            Field("player", name(), N_("who offers"), required=True),
            Field(
                "cards",
                CARDS,
                N_("the cards offered; [] for none"),
                required=True,
                missing=N_(
                    'the cards offered ("<currency> <value> [#serial]", "coin [#serial]" or "bluff", '
                    'e.g. "euro 30 #12"), [] for none'
                ),
            ),
            what=N_("one per player: player and cards"),
            minimum=minimum,
            maximum=5,  # 3-5 players (003); a cap also keeps ordering the offers cheap
            number=number,
        ),
        help,
        required=True,
        roster=True,
        example=example,
        clauses=(C.OFFER_CONTENTS, C.VALUE_OFFER),
    )


PLAYER_COUNT = N_("3 to 5 players (Money! is for 3 to 5)")


def final_round_field() -> Field:
    return Field(
        "final_round",
        boolean(),
        N_("the final round: the draw pile is exhausted (the game ends after it)"),
        default=False,
        commented="true",
        clauses=(C.END_FINAL_ROUND,),
    )


FINAL = Description(
    GAME,
    "final",
    N_("Money! final holdings"),
    N_("The notes and coins each player holds at the end; refcli scores every currency and names the winner."),
    (
        game_field(GAME),
        Field(
            "player",
            tables(
                Field("name", name(), N_("the player's name, unique in the game"), required=True),
                Field(
                    "coins",
                    integer(0, COINS, what=N_("coin cards,")),
                    N_("coin cards, 10 points each (6 in the game)"),
                    default=0,
                    clauses=(C.SCORING_COINS, C.COMPONENTS_COINS),
                ),
                Field(
                    "notes",
                    mapping(CURRENCY, array(NOTE, what=NOTES)),
                    N_("note values per currency"),
                    default={},
                    clauses=(C.SCORING_200, C.SCORING_PENALTY, C.SCORING_TRIPLET),
                ),
                what=N_("one per player, in seating order"),
                minimum=3,
                maximum=5,
                number=PLAYER_COUNT,
            ),
            N_("one table per player (3 to 5), in seating order"),
            required=True,
            roster=True,
            example=[
                {
                    "name": "Ana",
                    "coins": 1,
                    "notes": {"euro": [20, 20, 20], "yen": [20, 30, 30, 30], "dollar": [20, 30, 30, 40, 50, 60]},
                },
                {"name": "Ben", "coins": 2, "notes": {"euro": [30, 30, 30, 40], "pound": [20, 20, 30, 40, 50, 60]}},
                {
                    "name": "Cid",
                    "notes": {
                        "yen": [40, 50, 60, 20, 20],
                        "pound": [20, 30, 30],
                        "franc": [20, 20, 20, 30, 30, 30, 40, 50, 60],
                    },
                },
            ],
        ),
        *play_fields(),
    ),
    clauses=(C.SCORING_200, C.SCORING_PENALTY, C.SCORING_FLOOR, C.SCORING_COINS, C.WINNER),
    notes=(
        N_("Several files on one command line are several games, with running totals."),
        N_("Notes per currency: 20, 20, 20, 30, 30, 30, 40, 50, 60; currency names are"),
        N_("free text (case does not matter): 5 currencies with 3 players, 6 with 4, 7 with 5."),
    ),
)

BIDS = Description(
    GAME,
    "bids",
    N_("Money! bids"),
    N_(
        "The offers just revealed: what each is worth, the order players act in (highest first; "
        "a tie goes to the lowest serial number), and who sits the round out."
    ),
    (
        game_field(GAME),
        situation_field("bids"),
        final_round_field(),
        offer_field(
            N_("one per player (3 to 5): the cards offered"),
            [
                {"player": "Ana", "cards": ["euro 30 #12", "bluff"]},
                {"player": "Ben", "cards": ["yen 20 #40", "coin #5"]},
                {"player": "Cid", "cards": ["bluff"], "#cards": N_("only the bluff card: sits this round out")},
            ],
            minimum=3,  # 3 to 5 players; the message names the tables, as for too many
        ),
    ),
    clauses=(C.OFFER_BLUFF_BACK, C.TURN_ORDER, C.TIE_SERIAL, C.SETUP_BLUFF_CARD),
    notes=(
        N_('A card: "<currency> <value> [#serial]", "coin [#serial]" or "bluff";'),
        N_("each player has one bluff card."),
    ),
)

EXCHANGE = Description(
    GAME,
    "exchange",
    N_("Money! exchange"),
    N_(
        "One player's action: right / left: take that display and leave your offer there; swap: take "
        "another offer still on the table (that player acts next); keep: take your offer back."
    ),
    (
        game_field(GAME),
        situation_field("exchange"),
        Field(
            "player",
            player(N_("player acting (one with an offer)")),
            N_("the player acting"),
            required=True,
            example="Ben",
        ),
        Field(
            "action",
            choice(*ACTIONS),
            N_("right | left | swap | keep"),
            required=True,
            example="swap",
            clauses=(C.EXCHANGE_DISPLAY, C.EXCHANGE_SWAP, C.EXCHANGE_KEEP),
        ),
        Field(
            "with",
            player(N_("player whose offer is taken")),
            N_("swap only: whose offer is taken"),
            example="Ana",
            clauses=(C.SWAP_RULING,),
        ),
        Field(
            "right",
            CARDS,
            N_("the right display"),
            default=[],
            example=["dollar 60 #33", "coin #2", "yen 30 #41", "pound 20 #7"],
        ),
        Field(
            "left",
            CARDS,
            N_("the left display"),
            default=[],
            example=["euro 20 #3", "euro 40 #9", "franc 50 #60", "coin #19"],
        ),
        offer_field(
            N_("the offers on the table (bluff cards are back in hand)"),
            [
                {"player": "Ana", "cards": ["euro 30 #12"]},
                {"player": "Ben", "cards": ["yen 20 #40", "coin #5", "pound 30 #22"]},
                {"player": "Cid", "cards": ["bluff"]},
                {"player": "Dora", "cards": [], "#cards": N_("Dora has acted: her offer has left the table")},
            ],
        ),
        Field(
            "acted",
            array(
                player(N_("player who acted"), expected=N_("one of {names}")),
                expected=N_("an array of names among {names}"),
            ),
            N_("players who have already acted this round (their offers are ignored)"),
            default=[],
            example=["Dora"],
        ),
        Field(
            "swapped",
            boolean(),
            N_("the player acts because the player before just swapped with them"),
            default=False,
            commented="true",
            clauses=(C.EXCHANGE_SWAP_NEXT,),
        ),
        final_round_field(),
    ),
    clauses=(C.TURN_ORDER, C.TURN_NEXT),
)

REFILL = Description(
    GAME,
    "refill",
    N_("Money! refill"),
    N_("After every bidder has acted, the displays go back up to four cards, right first, then left."),
    (
        game_field(GAME),
        situation_field("refill"),
        Field(
            "right",
            either(CARDS, integer(0, ALL_CARDS, what=N_("cards (or the list of cards),"))),
            N_("cards in the right display now (or the list of cards)"),
            required=True,
            example=1,
        ),
        Field(
            "left",
            either(CARDS, integer(0, ALL_CARDS, what=N_("cards (or the list of cards),"))),
            N_("cards in the left display now"),
            required=True,
            example=3,
        ),
        Field(
            "pile",
            integer(0, ALL_CARDS, what=N_("cards left in the draw pile,")),
            N_("cards left in the draw pile"),
            required=True,
            example=3,
            clauses=(C.END_PILE,),
        ),
    ),
    clauses=(C.REFILL_ORDER, C.REFILL_FULL, C.END_FINAL_ROUND),
)

OFFERS_EVENT = variant(
    "offers",
    N_("a round: every player's offer, revealed together"),
    Field("offers", mapping(player(N_("player")), CARDS), N_("every player's offer"), required=True),
    note_field(),
)
EXCHANGE_EVENT = variant(
    "exchange",
    N_("one player's action"),
    Field("player", player(N_("player")), N_("the player acting"), required=True),
    Field("action", choice(*ACTIONS), N_('right | left | swap (with = "…") | keep'), required=True),
    Field("with", player(N_("player whose offer is taken")), N_("swap only: whose offer is taken")),
    note_field(),
)
REFILL_EVENT = variant(
    "refill",
    N_("the displays refilled, right then left"),
    Field(
        "right",
        either(CARDS, integer(0, 4, what=N_("cards dealt,"))),
        N_("cards dealt (or the list of cards)"),
        default=0,
    ),
    Field(
        "left", either(CARDS, integer(0, 4, what=N_("cards dealt,"))), N_("cards dealt to the left display"), default=0
    ),
    note_field(),
)

RECORD = Description(
    GAME,
    "record",
    N_("A recorded Money! game"),
    N_("Every round's offers, exchanges and refills in order; refcli replays them and reports each rule broken."),
    (
        game_field(GAME),
        Field(
            "players",
            names(3, 5),
            N_("seating order (3 to 5)"),
            required=True,
            roster=True,
            example=["Ana", "Ben", "Cid"],
        ),
        Field(
            "currencies",
            integer(1, MAX_CURRENCIES),
            N_("default for the player count: 3: 5, 4: 6, 5: 7"),
            commented="5",
            clauses=(C.SETUP_CURRENCIES,),
        ),
        Field("pile", integer(0, ALL_CARDS), N_("cards in the draw pile after the setup"), commented="25"),
        Field(
            "right",
            CARDS,
            N_("the right display dealt at the setup"),
            commented='["dollar 60 #33", "coin #2", "yen 30 #41", "pound 20 #7"]',
        ),
        Field(
            "left",
            CARDS,
            N_("the left display dealt at the setup"),
            commented='["euro 20 #3", "euro 40 #9", "franc 50 #60", "coin #19"]',
        ),
        Field(
            "hands",
            mapping(player(N_("player")), CARDS),
            N_("the six cards each player was dealt"),
            commented=(
                'Ana = ["euro 30 #12", "dollar 20 #21", "pound 50 #30", "franc 20 #44", "yen 60 #51", "coin #66"]\n'
                'Ben = ["yen 20 #40", "coin #5", "pound 30 #22", "dollar 40 #15", "franc 30 #27", "euro 60 #58"]\n'
                'Cid = ["euro 20 #1", "yen 50 #18", "dollar 30 #36", "pound 40 #47", "franc 60 #53", "coin #64"]'
            ),
        ),
        Field(
            "event",
            tables(
                item=union("type", OFFERS_EVENT, EXCHANGE_EVENT, REFILL_EVENT, what=N_("event type")),
                what=N_("the rounds, in order"),
                maximum=MAX_EVENTS,
            ),
            N_("one per step, in order"),
            example=[
                {
                    "#": N_("1: a round: every player's offer, revealed together"),
                    "type": "offers",
                    "offers": {"Ana": ["euro 30 #12", "bluff"], "Ben": ["yen 20 #40", "coin #5"], "Cid": ["bluff"]},
                },
                {
                    "#": N_("2: Ana and Ben both offer 30; Ben holds the lowest serial (#5), so Ben acts first"),
                    "type": "exchange",
                    "player": "Ben",
                    "action": "right",
                },
                {"#": "3", "type": "exchange", "player": "Ana", "action": "keep"},
                {
                    "#": N_("4: after every bidder has acted, refill right then left"),
                    "type": "refill",
                    "right": 2,
                    "left": 0,
                },
            ],
        ),
        Field(
            "scores",
            mapping(player(N_("player")), integer(0, 10**6, what=N_("a score,"))),
            N_("final scores, checked when the hands are recorded"),
        ),
    ),
    clauses=(C.TURN_ORDER, C.REFILL_ORDER, C.END_PILE),
    notes=(
        N_("The setup (displays, hands) is optional: without it, the checks that need"),
        N_("the cards are skipped and the output says so. Display sizes and the draw"),
        N_("pile are known from the rules. Once the game is over, [scores] gives each"),
        N_("player's final score (Ana = 450), checked when the hands are recorded."),
    ),
)

FORMATS: dict[str, Description] = {desc.kind: desc for desc in (FINAL, BIDS, EXCHANGE, REFILL, RECORD)}
