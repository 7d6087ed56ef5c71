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
from refcli.reading.formats.description import Made, with_made
from refcli.reading.tables import Table, missing_key
from refcli.results.records import Records

GAME = "money"


# The events, made by the reader as it reads each [[event]] (``refcli.reading.formats.description.with_made``):
# offers and exchanges declared (``Made``: NamedTuples made from their fields in order, without the NamedTuple's
# own ``__new__``, written into the fast reader), a refill by its function (its counts depend on the values).
# The offers keep the reader's fresh lists: nothing else holds them, and the engine only reads them.
OFFERS = Made(Offers, ("offers",))
EXCHANGE = Made(Exchange, ("player", "action", "with"))


def refill(tag: str, right: list[Card] | int, left: list[Card] | int, note: str | None) -> Refill:
    """The counts dealt to each display, and its cards when the record lists them (the reader's fresh lists)."""
    if type(right) is list and type(left) is list:  # as a record of the cards writes every refill
        return tuple.__new__(Refill, (len(right), len(left), right, left))
    return Refill(
        len(right) if isinstance(right, list) else right,
        len(left) if isinstance(left, list) else left,
        right if isinstance(right, list) else None,
        left if isinstance(left, list) else None,
    )


FORMAT = with_made(RECORD, "event", {"offers": OFFERS, "exchange": EXCHANGE, "refill": refill})


def check_partners(top: Table, players: list[str], events: list[Event]) -> None:
    """``with`` names the partner of a swap, and only of a swap."""
    # The usual record gives every "with" right: looked for without counting the events, and by index (action,
    # partner) rather than by attribute; only a record with a wrong one is searched again for its number.
    for event in events:
        if type(event) is Exchange and (event[1] == "swap") is (event[2] is None):
            break
    else:
        return
    for index, event in enumerate(events, 1):
        # an exchange's "with" is given exactly when it is a swap (the two tests agree): nothing to say
        if type(event) is not Exchange or (event.action == "swap") is (event.partner is not None):
            continue
        if event.action == "swap" and event.partner is None:
            raise top.problem_at(
                ("event", index, "with"),
                missing_key(_(WITH_EXPECTED).format(names=", ".join(players))),
            )
        if event.action != "swap" and event.partner is not None:
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
        events=tuple(events),  # made as they were read (FORMAT)
        currencies=values["currencies"],
        pile=values["pile"],
        hands=None if hands is None else {name: tuple(hand) for name, hand in hands.items()},
        right=cards("right"),
        left=cards("left"),
        scores=values["scores"],
    )


def summary(record: Record, state: Replay) -> dict[str, Any]:
    return {"events": len(record.events), "over": state.phase == "over", "scores": state.scores or None}


RECORDS = Records(MONEY, FORMAT, record_of, replay, summary)
read_record = RECORDS.read_record
validate_document = RECORDS.validate_document
