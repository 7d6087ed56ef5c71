"""A recorded game as a person would write it in TOML (the writer every game's simulate shares).

Used by the hidden ``refcli GAME simulate`` commands, the tests and the batch
benchmark; records are plain dicts of strings, numbers, booleans, lists and
flat tables, which this writes without importing a TOML library.
"""

from __future__ import annotations

from typing import Any

# The ways a record's events may be written (``to_toml``'s ``layout``): each reads as the same record.
LAYOUTS = ("headers", "quoted-headers", "array", "one-line")


def to_toml(document: dict[str, Any], layout: str = "headers") -> str:
    """A record as a person would write it: one line per key, one table per event.

    ``layout`` writes the events otherwise, as TOML allows and people do:
    ``quoted-headers`` (``[["event"]]``), ``array`` (``event = [`` then one
    inline table a line) or ``one-line`` (the whole array on one line).
    """
    if layout not in LAYOUTS:
        raise ValueError(f"no layout {layout!r}; the layouts are {', '.join(LAYOUTS)}")
    lines = []
    tables = {}
    events = document.get("event", [])
    if layout == "array":
        lines.append("event = [")
        lines.extend(f"  {_inline(event)}," for event in events)
        lines.append("]")
    elif layout == "one-line":
        lines.append("event = [" + ", ".join(_inline(event) for event in events) + "]")
    for key, value in document.items():
        if key == "event":
            continue
        if isinstance(value, dict):
            tables[key] = value
        else:
            lines.append(f"{key} = {_inline(value)}")
    header = '[["event"]]' if layout == "quoted-headers" else "[[event]]"
    for number, event in enumerate(events if layout in ("headers", "quoted-headers") else (), 1):
        lines.append("")
        lines.append(f"{header}  # {number}")
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
