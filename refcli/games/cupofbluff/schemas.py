"""The JSON Schemas of what Cup of Bluff's own commands print.

Named by the declaration (``Command.schema``) and read only when the schemas
are written or checked (``python -m refcli.reading.formats``).
"""

from __future__ import annotations

from refcli.output.document_schemas import INTEGER, CommandSchema, obj


def chips() -> CommandSchema:
    return CommandSchema(
        "refcli cup-of-bluff chips [CHIP] --format json",
        {"chips": {"type": "array", "items": obj({"chip": INTEGER, "points": INTEGER, "ways": INTEGER})}},
        ("citations",),
    )
