"""Money! recorded games: read the TOML record, replay it, report the findings.

The format is ``formats.RECORD`` (``refcli money template record`` and the
man page are generated from it): players in seating order, the optional
setup (currencies, pile, displays, hands), one ``[[event]]`` per step
(``offers``, ``exchange``, ``refill``) and optional final scores.
"""

from __future__ import annotations

from typing import Any

from refcli.games.money import GAME as MONEY  # the declaration: reading uses its words, never looks it up
from refcli.games.money.cards import Card
from refcli.games.money.formats import RECORD, WITH_EXPECTED
from refcli.games.money.replay import Event, Exchange, Offers, Record, Refill, Replay, replay
from refcli.language.i18n import _
from refcli.reading.documents import Document
from refcli.reading.tables import Table, missing_key
from refcli.results.records import Records

GAME = "money"


def event_of(values: dict[str, Any]) -> Event:
    kind = values["type"]
    if kind == "offers":
        return Offers({name: tuple(offer) for name, offer in values["offers"].items()})
    if kind == "exchange":
        return Exchange(values["player"], values["action"], values["with"])
    counts = [len(values[side]) if isinstance(values[side], list) else values[side] for side in ("right", "left")]
    dealt = [tuple(values[side]) if isinstance(values[side], list) else None for side in ("right", "left")]
    return Refill(counts[0], counts[1], dealt[0], dealt[1])


def check_partners(top: Table, players: list[str], events: list[dict[str, Any]]) -> None:
    """``with`` names the partner of a swap, and only of a swap."""
    for index, event in enumerate(events, 1):
        if event["type"] != "exchange":
            continue
        if event["action"] == "swap" and event["with"] is None:
            raise top.problem_at(
                ("event", index, "with"),
                missing_key(_(WITH_EXPECTED).format(names=", ".join(players))),
            )
        if event["action"] != "swap" and event["with"] is not None:
            raise top.problem_at(
                ("event", index, "with"),
                _('"with" names the player whose offer is taken, so it goes with the action "swap" only'),
            )


def record_of(values: dict[str, Any], doc: Document) -> Record:
    """The record from its values (format: ``formats.RECORD``), with the checks that span several keys."""
    events = values["event"] or []
    check_partners(Table(doc, doc.data), values["players"], events)

    def cards(key: str) -> tuple[Card, ...] | None:
        return None if values[key] is None else tuple(values[key])

    hands = values["hands"]
    return Record(
        players=tuple(values["players"]),
        events=tuple(event_of(event) for event in events),
        currencies=values["currencies"],
        pile=values["pile"],
        hands=None if hands is None else {name: tuple(hand) for name, hand in hands.items()},
        right=cards("right"),
        left=cards("left"),
        scores=values["scores"],
    )


def summary(record: Record, state: Replay) -> dict[str, Any]:
    return {"events": len(record.events), "over": state.phase == "over", "scores": state.scores or None}


RECORDS = Records(MONEY, RECORD, record_of, replay, summary)
read_record = RECORDS.read_record
validate_document = RECORDS.validate_document
