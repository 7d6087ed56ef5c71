"""The JSON Schemas of what Bamboozled's own commands print.

Named by the declaration (``Command.schema``) and read only when the schemas
are written or checked (``python -m refcli.reading.formats``).
"""

from __future__ import annotations

from refcli.output.document_schemas import CITED, INTEGER, STRING, CommandSchema, obj


def compare() -> CommandSchema:
    return CommandSchema(
        "refcli bamboozled compare A B --format json",
        {"a": STRING, "b": STRING, "result": {"enum": ["a", "b", "tie"]}, "verdict": STRING, **CITED},
        ("citations",),
    )


def ladder() -> CommandSchema:
    row = obj({"score": STRING, "rank": INTEGER, "ways": INTEGER, "of": INTEGER})
    return CommandSchema(
        "refcli bamboozled ladder [SCORE] --format json (rank 1 = lowest)",
        {"scores": {"type": "array", "items": row}},
        ("citations",),
    )
