"""Kuhhandel's input formats, each described once: final snapshot, situations, record.

The readers (final.py, situations.py, record.py) read files with these
descriptions and then check only what spans several keys and the rules; the
templates, JSON Schemas and man-page rows are generated from them
(``python -m refcli.reading.formats``).
"""

from __future__ import annotations

from typing import Any

from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.components import ANIMALS, CARDS_PER_ANIMAL, NAMES, SYNONYMS, TOTAL_CARDS, animal_id
from refcli.language.i18n import N_
from refcli.reading.formats import (
    Description,
    Field,
    array,
    boolean,
    custom,
    game_field,
    ignoring_case,
    integer,
    mapping,
    name,
    names,
    note_field,
    pair,
    play_fields,
    player,
    situation_field,
    table,
    tables,
    union,
    variant,
)

GAME = "kuhhandel"
MAX_MONEY_CARDS = 55  # all the money cards of the game
MAX_EVENTS = 10_000
CARDS = N_("money cards (0, 10, 50, 100, 200, 500)")
# Messages name the animals; written out (not built from ANIMALS) so that they can be translated.
# A test checks they list components.ANIMALS.
ANIMAL_EXPECTED = N_(
    "an animal (rooster, goose, cat, dog, sheep, goat, donkey, pig, cow, horse; Spanish and German names too)"
)
ANIMAL_MISSING = N_("an animal (rooster, goose, cat, dog, sheep, goat, donkey, pig, cow, horse)")


def _animal(value: Any) -> str:
    try:
        return NAMES[value]  # a record's animals are written as the names are known (``cow``): found as typed
    except (KeyError, TypeError):  # another name or form (``Vacas``), or not a name at all
        pass
    animal = animal_id(value) if isinstance(value, str) else None
    if animal is None:
        raise ValueError(value)
    return animal


ANIMAL = custom(
    _animal,
    expected=ANIMAL_EXPECTED,
    phrase=N_("an animal: English, Spanish or German name, any case"),
    schema={
        "type": "string",
        "pattern": ignoring_case([*(n for a in ANIMALS for n in (a.id, a.spanish, a.german)), *SYNONYMS]),
    },
    example="cow",
    what=N_("animal"),
    # "did you mean": the English and Spanish names (German ones are accepted, never offered)
    words=tuple(a.id for a in ANIMALS),
    spanish_words=(*(a.spanish for a in ANIMALS), *SYNONYMS),
)
EDITION = integer(1, 2, what=N_("the edition,"))
# Money cards are integers here; a value no card has (30) is a rule broken, not bad input.
MONEY_CARD = integer(0, 10**6, what=CARDS)
HAND = array(MONEY_CARD, what=CARDS, maximum=MAX_MONEY_CARDS, number=N_("at most 55 money cards (all the game has)"))
PAID = array(MONEY_CARD, what=CARDS)
BIDS = array(
    pair(
        player(N_("bidder"), expected=N_("a bidder among the players ({names})")),
        integer(1, 10**6, what=N_("an amount,")),
        expected=N_("a [name, amount] pair"),
    ),
    expected=N_('an array of [name, amount] pairs in the order made, e.g. [["Ben", 30], ["Cid", 40]]'),
    what=N_("[name, amount] pairs"),
)
RECORD_BIDS = BIDS._replace(expected=N_('an array of [name, amount] pairs, e.g. [["Ben", 30], ["Cid", 40]]'))
SEATS = ["Ana", "Ben", "Cid"]


def edition_field(help: str = N_("1 or 2")) -> Field:
    return Field("edition", EDITION, help, default=2, example=2, clauses=(C.EDITION1_SCORING,))


def players_field() -> Field:
    return Field(
        "players",
        names(3, 5),
        N_("seating order (3 to 5 players)"),
        required=True,
        roster=True,
        example=SEATS,
        clauses=(C.PLAYER_COUNT,),
    )


def money_field(help: str, example: dict[str, Any] | None) -> Field:
    return Field(
        "money",
        mapping(player(N_("owner")), HAND),
        help,
        example=example,
        clauses=(C.COMPONENTS_MONEY_VALUES, C.NO_CHANGE),
    )


FINAL = Description(
    GAME,
    "final",
    N_("Kuhhandel final snapshot"),
    N_("The animal cards each player holds at the end; refcli scores them and names the winner."),
    (
        game_field(GAME),
        edition_field(N_("1 or 2; edition 1 sums the sets (see `refcli kuhhandel editions`)")),
        Field(
            "player",
            tables(
                Field("name", name(), N_("the player's name, unique in the game"), required=True),
                Field(
                    "animals",
                    mapping(ANIMAL, integer(0, CARDS_PER_ANIMAL, what=N_("a number of cards,"))),
                    N_("cards held per animal"),
                    default={},
                    clauses=(C.COMPONENTS_CARDS, C.SCORE_SET_VALUE),
                ),
                Field(
                    "bonus",
                    boolean(),
                    N_("edition 1 only: holds the 500 bonus card"),
                    default=False,
                    commented="false",
                    clauses=(C.EDITION1_BONUS,),
                ),
                what=N_("one per player, in seating order"),
                minimum=1,
                maximum=5,  # the published 3-5 players, as in records; a cap also keeps ranking cheap
            ),
            N_("one table per player, in seating order (clockwise)"),
            required=True,
            roster=True,
            example=[
                {"name": "Ana", "animals": {"pig": 4, "dog": 4, "rooster": 4}},
                {"name": "Ben", "animals": {"horse": 4, "cow": 4, "goose": 4}},
                {"name": "Cid", "animals": {"cat": 4, "sheep": 4, "goat": 4, "donkey": 4}},
            ],
        ),
        *play_fields(),
    ),
    clauses=(C.END_GAME_OVER, C.SCORE_SET_VALUE, C.SCORE_MULTIPLY),
    notes=(
        N_("Animals may be written in English, Spanish or German, in any case:"),
        "  " + " ".join(a.id for a in ANIMALS),
        "  " + " ".join(a.spanish for a in ANIMALS),
        "  " + " ".join(a.german for a in ANIMALS),
        # TRANSLATORS: one line of a template's header comment, the sentence goes on in the next message.
        N_("Each animal has four cards; the game is over when every animal's four cards"),
        # TRANSLATORS: the end of the sentence the previous message begins.
        N_("are with one player (use --partial to score a game that is not over)."),
    ),
)

AUCTION = Description(
    GAME,
    "auction",
    N_("Kuhhandel auction situation"),
    N_("Who gets the animal, who pays whom and with which cards (no change is given)."),
    (
        game_field(GAME),
        situation_field("auction"),
        edition_field(),
        players_field(),
        Field(
            "auctioneer",
            player(N_("auctioneer")),
            N_("the player who turned the card up"),
            required=True,
            example="Ana",
            clauses=(C.AUCTION_REVEAL,),
        ),
        Field(
            "animal",
            ANIMAL,
            N_("English, Spanish or German name"),
            required=True,
            example="cow",
            missing=ANIMAL_MISSING,
        ),
        Field(
            "donkeys_before",
            integer(0, 10, what=N_("donkeys already auctioned,")),
            N_("donkeys turned up before this auction (0-4; for a donkey 0-3): the money is checked against it"),
            default=0,
            example=0,
            clauses=(C.DONKEY_PAYOUTS, C.MONEY_IN_PLAY),
        ),
        Field(
            "bids",
            BIDS,
            N_("[name, amount] in the order made; [] if nobody bid"),
            default=[],
            example=[["Ben", 30], ["Cid", 40]],
            clauses=(C.AUCTION_RISING,),
        ),
        Field(
            "buyback",
            boolean(),
            N_("true: the auctioneer uses the buy right"),
            default=False,
            example=False,
            clauses=(C.AUCTION_BUY_RIGHT,),
        ),
        Field(
            "rerun_without",
            array(player(N_("bidder who could not pay")), what=N_("player names")),
            N_("optional: the auction is being run again without these bidders (they could not pay)"),
            clauses=(C.CANNOT_PAY, C.ONLY_WINNING_BID_CHECKED),
        ),
        money_field(
            N_("optional: money cards each player holds now (0, 10, 50, 100, 200, 500)"),
            {"Ana": [0, 0, 10, 10, 10, 10, 50], "Cid": [0, 0, 10, 10, 10, 10, 50]},
        ),
    ),
    clauses=(C.AUCTION_RISING, C.AUCTION_SOLD, C.AUCTION_PAY, C.NO_CHANGE, C.CANNOT_PAY),
    notes=(
        # TRANSLATORS: one line of a template's header comment, the sentence goes on in the next message.
        N_("With the payer's money refcli says which cards to hand over, or that the"),
        # TRANSLATORS: the end of the sentence the previous message begins.
        N_("bidder cannot pay and the auction is run again without them."),
    ),
)


# The two sides of a cow trade: the help of their keys (whole phrases, to be translated).
PARTY_NAME = {"challenger": N_("the challenger's name"), "defender": N_("the defender's name")}
PARTY_OFFER = {
    "challenger": N_("the challenger's money cards, face down"),
    "defender": N_("the defender's money cards, face down; leave out: the defender accepts"),
}


def party(role: str, *, offer_required: bool, help: str) -> Field:
    """``role``: "challenger" (whose offer is required) or "defender" (who may accept instead)."""
    offer = Field(
        "offer",
        HAND,
        PARTY_OFFER[role],
        required=offer_required,
        missing=N_("the challenger's offer: an array of money cards (may be empty)") if offer_required else "",
        clauses=(C.COW_TRADE_BLUFF,),
    )
    return Field(
        role,
        table(
            Field("name", name(), PARTY_NAME[role], required=True),
            Field(
                "holds",
                integer(0, 40, what=N_("cards of the animal held,")),
                N_("cards of the animal held (1-3)"),
                required=True,
                clauses=(C.COW_TRADE_WHEN, C.CARDS_AT_STAKE),
            ),
            offer,
        ),
        help,
        required=True,
    )


COW_TRADE = Description(
    GAME,
    "cow-trade",
    N_("Kuhhandel cow trade"),
    N_(
        "The challenger offers money cards face down; the defender accepts (no offer) or counters. "
        "Equal offers: the challenger offers again (rebid)."
    ),
    (
        game_field(GAME),
        situation_field("cow-trade"),
        edition_field(N_("edition 1 pays only the higher offer, and returns 0-cards")),
        Field(
            "players",
            names(3, 5),
            N_("optional: seating order (3 to 5), to say who plays next"),
            commented='["Ana", "Ben", "Cid"]',
            clauses=(C.PLAYER_COUNT,),
        ),
        Field(
            "animal",
            ANIMAL,
            N_("the animal both hold"),
            required=True,
            example="cat",
            missing=ANIMAL_MISSING,
        ),
        party("challenger", offer_required=True, help=N_("name, holds (cards of the animal, 1-3) and offer"))._replace(
            example={"name": "Ana", "holds": 2, "offer": [10, 10, 0]}
        ),
        party("defender", offer_required=False, help=N_("leave out offer: the defender accepts"))._replace(
            example={"name": "Ben", "holds": 2, "offer": [10, 10]}
        ),
        Field(
            "donkeys_before",
            integer(0, 10, what=N_("donkeys already turned up,")),
            N_("optional: donkeys turned up so far (0-4), to check the offers against the money in play"),
            commented="0",
            clauses=(C.DONKEY_PAYOUTS, C.MONEY_IN_PLAY),
        ),
        Field(
            "rebid",
            table(
                Field(
                    "challenger",
                    HAND,
                    N_("the challenger's new offer"),
                    required=True,
                    missing=N_("the challenger's new offer"),
                ),
                Field("defender", HAND, N_("the defender's answer; leave out: accepts")),
            ),
            N_("only after equal offers; leave out defender: accepts"),
            commented="{ challenger = [50], defender = [10, 10, 10] }",
            clauses=(C.TIE_REOFFER, C.TIE_SECOND),
        ),
    ),
    clauses=(C.COW_TRADE_COUNTER, C.COW_TRADE_HIGHER_WINS, C.COW_TRADE_KEEP_MONEY, C.EDITION1_COW_TRADE),
)

TRADE_OPTIONS = Description(
    GAME,
    "trade-options",
    N_("Kuhhandel trade options"),
    N_("Whom may the player challenge, over which animal, and must they (the deck is empty)?"),
    (
        game_field(GAME),
        situation_field("trade-options"),
        Field("edition", EDITION, N_("1 or 2 (the options are the same in both)"), default=2),
        Field("player", player(N_("player whose turn it is")), N_("whose turn it is"), required=True, example="Ana"),
        Field(
            "deck",
            integer(0, TOTAL_CARDS, what=N_("animal cards left in the deck,")),
            N_("animal cards left in the deck"),
            required=True,
            example=0,
            clauses=(C.EMPTY_DECK_NO_AUCTION, C.EMPTY_DECK_COMPULSORY),
        ),
        Field(
            "holdings",
            mapping(
                name(),
                mapping(
                    ANIMAL,
                    integer(0, 40, what=N_("a number of cards,")),
                    expected=N_("a table of animal = cards, e.g. { cat = 2, pig = 4 }"),
                ),
                minimum=3,
                maximum=5,
                number=N_("the holdings of every player, 3 to 5 players"),
            ),
            N_("every player's animal cards, in seating order"),
            required=True,
            roster=True,
            example={
                "Ana": {"cat": 2, "goose": 1, "pig": 4},
                "Ben": {"cat": 2, "goose": 3, "horse": 4, "rooster": 4},
                "Cid": {"cow": 4, "dog": 4, "sheep": 4},
                "Dora": {"goat": 4, "donkey": 4},
            },
            clauses=(C.FOUR_OF_A_KIND,),
        ),
    ),
    clauses=(C.TURN_ACTIONS, C.COW_TRADE_WHEN, C.COW_TRADE_CHOOSE, C.PAIRS_COMPLETE_SET, C.CARDS_AT_STAKE),
)

DONKEY = Description(
    GAME,
    "donkey",
    N_("Kuhhandel donkey"),
    N_("What the nth donkey pays, and to whom."),
    (
        game_field(GAME),
        situation_field("donkey"),
        Field("edition", EDITION, N_("1 or 2 (the payouts are the same in both)"), default=2),
        players_field(),
        Field("auctioneer", player(N_("auctioneer")), N_("the current player, who deals the payout"), example="Ben"),
        Field(
            "donkeys_before",
            integer(0, 10, what=N_("donkeys already turned up,")),
            N_("donkeys that turned up before this one (0-3)"),
            default=0,
            example=0,
            clauses=(C.DONKEY_PAYOUTS, C.MONEY_IN_PLAY),
        ),
        money_field(N_("optional: money now, to show it after the payout"), {"Ben": [0, 0, 10, 10, 10, 10, 50]}),
    ),
    clauses=(C.DONKEY_INTERRUPT, C.DONKEY_PAYOUTS, C.DONKEY_TO_EVERYONE, C.DONKEY_AUCTION),
)

AUCTION_EVENT = variant(
    "auction",
    N_("an auction: the auctioneer turned up an animal and sold it"),
    Field("auctioneer", player(N_("auctioneer")), N_("who turned the card up"), required=True),
    Field("animal", ANIMAL, N_("the animal auctioned"), required=True, missing=ANIMAL_MISSING),
    Field("bids", RECORD_BIDS, N_("in the order made"), default=[]),
    Field(
        "buyback",
        boolean(),
        N_("the auctioneer used the buy right (then the auctioneer pays)"),
        default=False,
        commented="true",
        clauses=(C.AUCTION_BUY_RIGHT,),
    ),
    Field("paid", PAID, N_("the cards the payer handed over (no change)"), clauses=(C.NO_CHANGE,)),
    Field(
        "donkey_payout",
        integer(0, 10**6),
        N_("50, 100, 200, 500 for the 1st to 4th donkey"),
        clauses=(C.DONKEY_PAYOUTS,),
    ),
    Field(
        "cannot_pay",
        boolean(),
        N_("the highest bidder could not pay: the next event runs it again"),
        default=False,
        clauses=(C.CANNOT_PAY,),
    ),
    Field("payer", player(N_("payer")), N_("who paid, to check")),
    Field("winner", player(N_("winner")), N_("who took the animal, to check")),
    note_field(),
)
TRADE_EVENT = variant(
    "cow-trade",
    N_("a cow trade: the challenger's offer, the defender's answer"),
    Field("challenger", player(N_("challenger")), N_("who challenged"), required=True),
    Field("defender", player(N_("defender")), N_("who was challenged"), required=True),
    Field("animal", ANIMAL, N_("the animal traded"), required=True, missing=ANIMAL_MISSING),
    Field(
        "offer",
        PAID,
        N_("money cards, face down ([] is allowed)"),
        required=True,
        missing=N_("the challenger's offer: an array of money cards (0, 10, 50, 100, 200, 500), [] for none"),
        clauses=(C.COW_TRADE_BLUFF,),
    ),
    Field("counter", PAID, N_("leave out: the defender accepted"), clauses=(C.COW_TRADE_COUNTER,)),
    Field("rebid", PAID, N_("after equal offers: the challenger's new offer"), clauses=(C.TIE_REOFFER,)),
    Field("rebid_counter", PAID, N_("and the defender's answer (leave out: accepted)")),
    Field("winner", player(N_("winner")), N_("who took the animals, to check")),
    Field("count", integer(1, 2), N_("how many cards changed hands, to check")),
    note_field(),
)

RECORD = Description(
    GAME,
    "record",
    N_("A recorded Kuhhandel game"),
    N_("Every auction and cow trade in order; refcli replays them and reports each rule broken."),
    (
        game_field(GAME),
        edition_field(),
        Field(
            "players",
            names(3, 5),
            N_("seating order, clockwise (3 to 5 players)"),
            required=True,
            roster=True,
            example=SEATS,
            clauses=(C.PLAYER_COUNT,),
        ),
        Field(
            "first", player(N_("first player")), N_("who starts (default: the first player listed)"), commented='"Ana"'
        ),
        Field(
            "deck",
            array(
                ANIMAL,
                maximum=TOTAL_CARDS,
                what=N_("animals"),
                expected=N_("an array of at most 40 animals in the order they turned up"),
                number=N_("an array of at most 40 animals in the order they turned up"),
            ),
            N_("the order the animal cards turned up"),
            commented='["cow", "donkey", "donkey"]',
        ),
        Field(
            "multiply",
            boolean(),
            N_("edition 1: the multiplier variant"),
            default=False,
            commented="false",
            clauses=(C.SCORE_MULTIPLY,),
        ),
        Field(
            "start_money",
            mapping(player(N_("owner")), PAID),
            N_("money each player started with (default: the rules' setup)"),
            clauses=(C.START_MONEY,),
        ),
        Field(
            "event",
            tables(
                item=union("type", AUCTION_EVENT, TRADE_EVENT, what=N_("event type")),
                what=N_("what happened, in order"),
                maximum=MAX_EVENTS,
            ),
            N_("one per turn, in order"),
            example=[
                {
                    "#": N_("1: Ana auctions the top card"),
                    "type": "auction",
                    "auctioneer": "Ana",
                    "animal": "cow",
                    "bids": [["Ben", 30], ["Cid", 40]],
                    "paid": [10, 10, 10, 10],
                },
                {
                    "#": N_("2: a donkey: everyone first receives the payout"),
                    "type": "auction",
                    "auctioneer": "Ben",
                    "animal": "donkey",
                    "donkey_payout": 50,
                    "bids": [],
                    "#bids": N_("nobody bid: Ben takes it for free"),
                },
                {
                    "#": "3",
                    "type": "auction",
                    "auctioneer": "Cid",
                    "animal": "donkey",
                    "donkey_payout": 100,
                    "bids": [["Ana", 50]],
                    "paid": [50],
                },
                {
                    "#": N_("4: a cow trade"),
                    "type": "cow-trade",
                    "challenger": "Ana",
                    "defender": "Ben",
                    "animal": "donkey",
                    "offer": [50, 0],
                    "counter": [10, 10],
                },
            ],
        ),
        Field(
            "scores",
            mapping(player(N_("player")), integer(0, 10**9, what=N_("a score,"))),
            N_("final scores, if the record goes to the end"),
            clauses=(C.SCORE_MULTIPLY,),
        ),
    ),
    clauses=(C.RECORD_MONEY, C.ONLY_WINNING_BID_CHECKED),
    notes=(
        # TRANSLATORS: lines of a template's header comment; each sentence may go on in the next message.
        N_("Money starts as the rules deal it (edition 2: 0, 0, 10, 10, 10, 10, 50) unless"),
        N_("[start_money] says otherwise. Leave out what you did not note (the cards paid,"),
        N_("the deck order): the checks that need it are skipped, and the output says so."),
        N_("An auction whose top bidder could not pay has cannot_pay = true; equal cow-trade"),
        N_("offers need rebid (and rebid_counter); [scores] holds the final scores."),
    ),
)

FORMATS: dict[str, Description] = {
    desc.kind: desc for desc in (FINAL, AUCTION, COW_TRADE, TRADE_OPTIONS, DONKEY, RECORD)
}
