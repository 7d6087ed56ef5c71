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
from refcli.games.kuhhandel.replay import Auction, CowTrade, Event, Record, Replay, replay
from refcli.games.kuhhandel.scoring import animal_cards
from refcli.language.i18n import _
from refcli.reading.documents import Document
from refcli.reading.tables import Table
from refcli.results.records import Records

GAME = "kuhhandel"


def cards(value: list[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


_new = object.__new__


def event_of(values: dict[str, Any]) -> Event:
    """The event the format read, built directly: every field set at once in the new object's ``__dict__``.

    A frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, which costs a record of sixty events more than
    decoding its JSON line. Every field is given here, so the event is the
    one the constructor would make (tests/test_kuhhandel_records.py compares them).
    """
    if values["type"] == "auction":
        auction: Auction = _new(Auction)
        auction.__dict__.update(
            auctioneer=values["auctioneer"],
            animal=values["animal"],
            bids=tuple(values["bids"]),
            buyback=values["buyback"],
            paid=cards(values["paid"]),
            donkey_payout=values["donkey_payout"],
            cannot_pay=values["cannot_pay"],
            payer=values["payer"],
            winner=values["winner"],
        )
        return auction
    trade: CowTrade = _new(CowTrade)
    trade.__dict__.update(
        challenger=values["challenger"],
        defender=values["defender"],
        animal=values["animal"],
        offer=tuple(values["offer"]),
        counter=cards(values["counter"]),
        rebid=cards(values["rebid"]),
        rebid_counter=cards(values["rebid_counter"]),
        rebid_given=None,
        winner=values["winner"],
        count=values["count"],
    )
    return trade


def record_of(values: dict[str, Any], doc: Document) -> Record:
    """The record from its values (format: ``formats.RECORD``), with the checks that span several keys."""
    deck = values["deck"]
    if deck is not None:
        for animal in sorted(set(deck), key=deck.index):
            if deck.count(animal) > CARDS_PER_ANIMAL:
                raise Table(doc, doc.data).error(
                    "deck",
                    _("at most {count} cards of each animal").format(count=CARDS_PER_ANIMAL),
                    animal_cards(deck.count(animal), animal),
                )
    return Record(
        edition=values["edition"],
        players=tuple(values["players"]),
        events=tuple(event_of(event) for event in values["event"] or ()),
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


RECORDS = Records(KUHHANDEL, RECORD, record_of, replay, summary)
read_record = RECORDS.read_record
validate_document = RECORDS.validate_document
