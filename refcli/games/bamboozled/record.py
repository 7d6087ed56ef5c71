"""Bamboozled recorded games: read the TOML record, replay it, report the findings.

    game = "bamboozled"
    players = ["Ana", "Ben", "Cid"]   # seating order, clockwise
    first = "Ana"                      # optional: who rolls first
    strikes_to_lose = 3                # variants: more strikes,
    no_limits = false                  #   no hand limit,
    kids = false                       #   the kids' rules
    winner = "Ana"                     # optional, checked
    [[event]] type = "roll" | "accept" | "call" | "card", player = …, …

The format is described once, in ``formats.RECORD``.
"""

from __future__ import annotations

from typing import Any

from refcli.games.bamboozled import GAME as BAMBOOZLED  # the declaration: reading uses its words, never looks it up
from refcli.games.bamboozled.formats import RECORD
from refcli.games.bamboozled.replay import Accept, Call, Card, Record, Replay, Roll, replay
from refcli.reading.documents import Document
from refcli.reading.formats.description import with_made
from refcli.results.records import Records

GAME = "bamboozled"


# The events, made by the reader as it reads each [[event]] (``refcli.reading.formats.description.with_made``):
# each maker takes the variant's values in the order of its fields (formats.RECORD).
# A record holds thousands of events: each is made with ``tuple.__new__`` and its fields in the NamedTuple's
# order, a quarter of the cost of the NamedTuple's own ``__new__`` (which only adds the defaults).
_new = tuple.__new__


def roll(tag: str, player: str, rolled: list[int] | None, declared: str, card: str | None, note: str | None) -> Roll:
    return _new(Roll, (player, declared, None if rolled is None else tuple(rolled), card))


def accept(tag: str, player: str, note: str | None) -> Accept:
    return _new(Accept, (player,))


def call(tag: str, player: str, card: str | None, strike: str | None, note: str | None) -> Call:
    return _new(Call, (player, card, strike))


def card(tag: str, player: str, card: str, note: str | None) -> Card:
    return _new(Card, (player, card))


FORMAT = with_made(RECORD, "event", {"roll": roll, "accept": accept, "call": call, "card": card})


def record_of(values: dict[str, Any], doc: Document) -> Record:
    """The record from its values (format: ``formats.RECORD``); the rules are the replay's to check."""
    return Record(
        players=tuple(values["players"]),
        events=tuple(values["event"] or ()),  # made as they were read (FORMAT)
        first=values["first"],
        strikes_to_lose=values["strikes_to_lose"],
        no_limits=values["no_limits"],
        kids=values["kids"],
        winner=values["winner"],
    )


def summary(record: Record, replayed: Replay) -> dict[str, Any]:
    state = replayed.state
    return {
        "events": len(record.events),
        "over": state.winner is not None,
        "winner": state.winner,
        "strikes": {name: state.strikes[name] for name in record.players},
    }


RECORDS = Records(BAMBOOZLED, FORMAT, record_of, replay, summary)
read_record = RECORDS.read_record
validate_document = RECORDS.validate_document
