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
from refcli.games.bamboozled.replay import Accept, Call, Card, Event, Record, Roll, replay
from refcli.model.options import ValidateOptions
from refcli.reading.documents import Document
from refcli.reading.formats import read
from refcli.results.findings import FileResult

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


def read_record(doc: Document) -> Record:
    """The record (format: ``formats.RECORD``); the rules are the replay's to check."""
    values = read(RECORD, doc, game=BAMBOOZLED)
    return Record(
        players=tuple(values["players"]),
        events=tuple(event_of(event) for event in values["event"] or ()),
        first=values["first"],
        strikes_to_lose=values["strikes_to_lose"],
        no_limits=values["no_limits"],
        kids=values["kids"],
        winner=values["winner"],
    )


def validate_document(doc: Document, options: ValidateOptions) -> FileResult:
    record = read_record(doc)
    replayed = replay(record, strict=options.strict)
    state = replayed.state
    summary = {
        "events": len(record.events),
        "over": state.winner is not None,
        "winner": state.winner,
        "strikes": {name: state.strikes[name] for name in record.players},
    }
    return FileResult(doc.name, GAME, tuple(replayed.findings), tuple(replayed.skipped), summary)
