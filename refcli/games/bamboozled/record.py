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
from refcli.games.bamboozled.replay import Accept, Call, Card, Event, Record, Replay, Roll, replay
from refcli.reading.documents import Document
from refcli.results.records import Records

GAME = "bamboozled"


def event_of(values: dict[str, Any]) -> Event:
    """One ``[[event]]`` as the replay takes it (its keys already read: ``formats.RECORD``)."""
    kind, player = values["type"], values["player"]
    if kind == "roll":
        rolled = values["rolled"]
        return Roll(player, values["declared"], None if rolled is None else tuple(rolled), values["card"])
    if kind == "accept":
        return Accept(player)
    if kind == "call":
        return Call(player, values["card"], values["strike"])
    return Card(player, values["card"])


def record_of(values: dict[str, Any], doc: Document) -> Record:
    """The record from its values (format: ``formats.RECORD``); the rules are the replay's to check."""
    return Record(
        players=tuple(values["players"]),
        events=tuple(event_of(event) for event in values["event"] or ()),
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


RECORDS = Records(BAMBOOZLED, RECORD, record_of, replay, summary)
read_record = RECORDS.read_record
validate_document = RECORDS.validate_document
