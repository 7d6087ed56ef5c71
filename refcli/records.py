"""A recorded game as a person would write it in TOML (the writer every game's simulate shares).

Used by the hidden ``refcli GAME simulate`` commands, the tests and the batch
benchmark; records are plain dicts of strings, numbers, booleans, lists and
flat tables, which this writes without importing a TOML library.
"""

from __future__ import annotations

from typing import Any


def to_toml(document: dict[str, Any]) -> str:
    """A record as a person would write it: one line per key, one table per event."""
    lines = []
    tables = {}
    for key, value in document.items():
        if key == "event":
            continue
        if isinstance(value, dict):
            tables[key] = value
        else:
            lines.append(f"{key} = {_inline(value)}")
    for number, event in enumerate(document.get("event", []), 1):
        lines.append("")
        lines.append(f"[[event]]  # {number}")
        lines.extend(f"{key} = {_inline(value)}" for key, value in event.items())
    for name, table in tables.items():
        lines.append("")
        lines.append(f"[{name}]")
        lines.extend(f"{key} = {_inline(value)}" for key, value in table.items())
    return "\n".join(lines) + "\n"


def _inline(value: Any) -> str:
    """A TOML inline value; JSON's arrays, strings, numbers and booleans are valid TOML."""
    import json

    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {_inline(item)}" for key, item in value.items()) + " }"
    return json.dumps(value, ensure_ascii=False)
