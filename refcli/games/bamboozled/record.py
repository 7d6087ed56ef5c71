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
from refcli.reading.formats.description import Made, with_made
from refcli.results.records import Records

GAME = "bamboozled"


# The events, made by the reader as it reads each [[event]] (``refcli.reading.formats.description.Made``): each
# a NamedTuple made from its fields in order, without the NamedTuple's own ``__new__`` (which only adds the
# defaults): a record holds thousands of events.
FORMAT = with_made(
    RECORD,
    "event",
    {
        "roll": Made(Roll, ("player", "declared", "rolled", "card"), tuples=frozenset({"rolled"})),
        "accept": Made(Accept, ("player",)),
        "call": Made(Call, ("player", "card", "strike")),
        "card": Made(Card, ("player", "card")),
    },
)


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
        "strikes": dict(state.strikes),  # by seat in seating order, as the players are listed
    }


RECORDS = Records(BAMBOOZLED, FORMAT, record_of, replay, summary)
read_record = RECORDS.read_record
validate_document = RECORDS.validate_document
