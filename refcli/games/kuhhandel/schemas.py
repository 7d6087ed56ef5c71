"""The JSON Schemas of what Kuhhandel's own commands print, and of the keys its rulings add.

Named by the declaration (``Command.schema``, ``Verb.schema``) and read only
when the schemas are written or checked (``python -m refcli.reading.formats``).
"""

from __future__ import annotations

from refcli.output.document_schemas import (
    BOOLEAN,
    CITED,
    INTEGER,
    NULLABLE_INTEGER,
    STRING,
    CommandSchema,
    Schema,
    obj,
)


def outcome() -> dict[str, Schema]:
    """The ruling outcome's keys a script may want explained."""
    return {
        "buy_right_lost": {
            "type": ["boolean", "null"],
            "description": "Kuhhandel auction: true when the auctioneer asks for the buy right but "
            "cannot pay the top bid, so the top bidder takes the animal and pays the auctioneer "
            "(register K7); false when the buy right is used; null when it is not asked for or "
            "there is no standing bid.",
        }
    }


def animals() -> CommandSchema:
    return CommandSchema(
        "refcli kuhhandel animals [ANIMAL] --format json",
        {"animals": {"type": "array", "items": obj({"animal": STRING, "value": INTEGER, "cards": INTEGER})}},
    )


def editions() -> CommandSchema:
    return CommandSchema(
        "refcli kuhhandel editions --format json: edition 1 against edition 2, each side quoted",
        {
            "differences": {
                "type": "array",
                "items": obj({"topic": STRING, "edition1": STRING, "edition2": STRING, **CITED}),
            }
        },
        ("citations",),
    )


def pay() -> CommandSchema:
    return CommandSchema(
        "refcli kuhhandel pay AMOUNT --money … --format json (paid and overpaid null: not covered)",
        {
            "amount": INTEGER,
            "paid": {"type": ["array", "null"], "items": INTEGER},
            "overpaid": NULLABLE_INTEGER,
            "covered": BOOLEAN,
            **CITED,
        },
        ("citations",),
    )
