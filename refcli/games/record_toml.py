"""A recorded game as a person would write it in TOML (the writer every game's simulate shares).

Used by the hidden ``refcli GAME simulate`` commands, the tests and the batch
benchmark; records are plain dicts of strings, numbers, booleans, lists and
flat tables. Not ``tomli_w.dumps``: the layouts people use are the point (each
event a ``[[event]]`` table numbered in a comment, or one inline table a line, or
all on one line), and tomli_w picks its own; the values are written as it writes
them (``refcli.output.toml_values``).
"""

from __future__ import annotations

from typing import Any

from refcli.output.toml_values import toml_key, toml_value

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
        lines.extend(f"  {toml_value(event)}," for event in events)
        lines.append("]")
    elif layout == "one-line":
        lines.append(f"event = {toml_value(events)}")
    for key, value in document.items():
        if key == "event":
            continue
        if isinstance(value, dict):
            tables[key] = value
        else:
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    header = '[["event"]]' if layout == "quoted-headers" else "[[event]]"
    for number, event in enumerate(events if layout in ("headers", "quoted-headers") else (), 1):
        lines.append("")
        lines.append(f"{header}  # {number}")
        lines.extend(f"{toml_key(key)} = {toml_value(value)}" for key, value in event.items())
    for name, table in tables.items():
        lines.append("")
        lines.append(f"[{toml_key(name)}]")
        lines.extend(f"{toml_key(key)} = {toml_value(value)}" for key, value in table.items())
    return "\n".join(lines) + "\n"
