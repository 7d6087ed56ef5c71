"""Kuhhandel recorded games: read the TOML record, replay it, report the findings.

The format is ``formats.RECORD`` (``refcli kuhhandel template record`` and
the man page are generated from it): players in seating order, optional
first player, deck order, start money and final scores, and one
``[[event]]`` per auction or cow trade. Format errors are DataErrors (exit
65); broken rules are findings (exit 1).
"""

from __future__ import annotations

from typing import Any

from refcli.games.kuhhandel import GAME as KUHHANDEL  # the declaration: reading uses its words, never looks it up
from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.components import CARDS_PER_ANIMAL
from refcli.games.kuhhandel.formats import RECORD
from refcli.games.kuhhandel.names import animal as animal_name
from refcli.games.kuhhandel.replay import Auction, CowTrade, Record, Replay, replay
from refcli.language.i18n import _
from refcli.reading.documents import Document
from refcli.reading.formats.description import Made, with_made
from refcli.reading.tables import Table
from refcli.results.records import Records

GAME = "kuhhandel"


# The events, made by the reader as it reads each [[event]] (``refcli.reading.formats.description.Made``): a
# frozen dataclass filled straight through its ``__dict__``, as its ``__init__`` would fill it (which sets each
# field through ``object.__setattr__``, costing a record of sixty events more than decoding its JSON line);
# tests/test_kuhhandel_records.py compares them with the constructor's.
AUCTION = Made(
    Auction,
    ("auctioneer", "animal", "bids", "buyback", "paid", "donkey_payout", "cannot_pay", "payer", "winner"),
    tuples=frozenset({"bids", "paid"}),
    attributes=True,
)
COW_TRADE = Made(
    CowTrade,
    (
        "challenger",
        "defender",
        "animal",
        "offer",
        "counter",
        "rebid",
        "rebid_counter",
        "rebid_given",
        "winner",
        "count",
    ),
    tuples=frozenset({"offer", "counter", "rebid", "rebid_counter"}),
    attributes=True,
    constants=(("rebid_given", None),),
)

FORMAT = with_made(RECORD, "event", {"auction": AUCTION, "cow-trade": COW_TRADE})


def record_of(values: dict[str, Any], doc: Document) -> Record:
    """The record from its values (format: ``formats.RECORD``), with the checks that span several keys."""
    deck = values["deck"]
    if deck is not None:
        for animal in sorted(set(deck), key=deck.index):
            if deck.count(animal) > CARDS_PER_ANIMAL:
                raise Table(doc, doc.data).problem(
                    "deck",
                    _("the deck holds {count} {animal} cards, but the game has only {most} of each animal").format(
                        count=deck.count(animal), animal=animal_name(animal), most=CARDS_PER_ANIMAL
                    ),
                )
    return Record(
        edition=values["edition"],
        players=tuple(values["players"]),
        events=tuple(values["event"] or ()),  # made as they were read (FORMAT)
        first=values["first"],
        deck=None if deck is None else tuple(deck),
        start_money={name: tuple(hand) for name, hand in (values["start_money"] or {}).items()},
        scores=values["scores"],
        multiply=values["multiply"],
    )


def summary(record: Record, state: Replay) -> dict[str, Any]:
    summary: dict[str, Any] = {"events": len(record.events), "over": state.game_over(), "scores": state.scores or None}
    if record.edition == 1:
        summary["bonus"] = state.bonus_holder  # who took the 500 bonus card, if anybody
    # the register entries every replay applies: the setup money (K1, unless every
    # player's start money is given), following each player's cards (K15, K16) and holding them to
    # what can be in play (K18)
    applied = [] if set(record.players) <= set(record.start_money) else [C.START_MONEY]
    summary["interpretations"] = [*applied, C.RECORD_MONEY, C.HOLDS_THE_CARDS, C.MONEY_IN_PLAY]
    return summary


RECORDS = Records(KUHHANDEL, FORMAT, record_of, replay, summary)
read_record = RECORDS.read_record
validate_document = RECORDS.validate_document
