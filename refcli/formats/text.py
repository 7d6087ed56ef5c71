"""Descriptions said in words and values: help phrases, man-page rows, example documents, TOML values."""

from __future__ import annotations

import json
import re
from typing import Any

from refcli.formats import EXAMPLE_NAMES, Description, Field, Type
from refcli.formats.reader import quoted_or, span

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


# -- TOML values as a person writes them ----------------------------------------------
def toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """One value as inline TOML: ``[1, 2]``, ``{ cow = 4 }``, ``"Ana"``."""
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")


def plain(value: Any) -> Any:
    """An example value without the template's annotations (keys starting with "#")."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items() if not k.startswith("#")}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


# -- what a type is, in words -----------------------------------------------------------
def phrase(t: Type) -> str:
    """What a value of ``t`` is: "an integer from 0 to 4", "one of the players"."""
    if t.phrase:
        return t.phrase
    kind = t.kind
    if kind == "integer":
        return f"an integer {span(t.minimum or 0, t.maximum or 0)}"
    if kind == "boolean":
        return "true or false"
    if kind == "string":
        return "text"
    if kind == "choice":
        return f"one of {', '.join(t.choices)}"
    if kind == "name":
        return "a player's name"
    if kind == "player":
        return "one of the players"
    if kind == "names":
        return f"{t.minimum} to {t.maximum} player names"
    if kind == "array":
        assert t.item is not None
        size = ""
        if t.maximum is not None:
            size = f", at most {t.maximum}" if not t.minimum else f", {t.minimum} to {t.maximum}"
        elif t.minimum:
            size = f", at least {t.minimum}"
        return f"an array of {t.what}{size}" if t.what else f"an array{size}, each {phrase(t.item)}"
    if kind == "tuple":
        return t.expected or "[" + ", ".join(phrase(item) for item in t.items) + "]"
    if kind == "map":
        assert t.key is not None and t.item is not None
        key = {"player": "player", "name": "player name"}.get(t.key.kind) or t.key.what or phrase(t.key)
        return f"a table of {key} = {phrase(t.item)}"
    if kind == "tables":
        bounds = ""
        if t.minimum and t.maximum is not None:
            bounds = f", {t.minimum} to {t.maximum}"
        elif t.minimum:
            bounds = f", at least {t.minimum}"
        return f"tables ({t.what}{bounds})"
    if kind == "union":
        return f"tables of {t.tag} {quoted_or([v.key for v in t.variants])}"
    if kind == "either":
        return " or ".join(phrase(item) for item in t.items)
    if kind == "const":
        return f'"{t.value}"'
    if kind == "custom":
        return t.expected
    return "a table"


def details(field: Field) -> str:
    """The help's parenthesis: what the value is, its default, whether it is required."""
    parts = [] if field.type.kind == "const" else [phrase(field.type)]
    if field.default is not None and field.default != [] and field.default != ():
        parts.append(f"default {toml_value(field.default)}")
    elif field.required:
        parts.append("required")
    return "; ".join(parts)


def with_details(field: Field) -> str:
    said = details(field)
    return f"{field.help} ({said})" if said else field.help


def man_rows(desc: Description) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for field in desc.fields:
        rows += field_rows(field, "", top=True)
    return rows


def field_rows(field: Field, prefix: str, *, top: bool = False) -> list[tuple[str, str]]:
    t = field.type
    path = f"{prefix}{field.key}"
    if t.kind == "tables":
        rows = [(f"[[{path}]]", with_details(field))]
        if t.item is not None and t.item.kind == "union":
            for v in t.item.variants:
                rows.append((f'{path}.{t.item.tag} = "{v.key}"', v.help))
                for sub in v.type.fields[1:]:  # the first is the tag
                    rows += field_rows(sub, f"{path}.")
        for sub in t.fields:
            rows += field_rows(sub, f"{path}.")
        return rows
    if t.kind == "table":
        rows = [(path, with_details(field))]
        for sub in t.fields:
            rows += field_rows(sub, f"{path}.")
        return rows
    if t.kind == "map" and top:
        return [(f"[{path}]", with_details(field))]
    return [(path, with_details(field))]


# -- example documents ---------------------------------------------------------------
def example_document(desc: Description) -> dict[str, Any]:
    """The required keys with their examples (or their types' own): a document the reader accepts."""
    return {f.key: example_of(f) for f in desc.fields if f.required}


def example_of(field: Field) -> Any:
    if field.example is not None:
        return plain(field.example)
    return type_example(field.type)


def type_example(t: Type) -> Any:
    """A small valid value of ``t`` (player names come from EXAMPLE_NAMES, Ana first)."""
    kind = t.kind
    if kind == "integer":
        return max(t.minimum or 0, min(t.maximum or 0, 0))
    if kind == "boolean":
        return False
    if kind == "string":
        return "text"
    if kind == "choice":
        return t.choices[0]
    if kind in ("name", "player"):
        return EXAMPLE_NAMES[0]
    if kind == "names":
        return list(EXAMPLE_NAMES[: max(t.minimum or 0, 2)])
    if kind == "array":
        assert t.item is not None
        return [type_example(t.item) for _index in range(t.minimum or 0)]
    if kind == "tuple":
        return [type_example(item) for item in t.items]
    if kind == "table":
        return {f.key: example_of(f) for f in t.fields if f.required}
    if kind == "map":
        assert t.key is not None and t.item is not None
        keys = list(EXAMPLE_NAMES) if t.key.kind in ("name", "player") else [t.key.example]
        return {keys[i]: type_example(t.item) for i in range(t.minimum or 0)}
    if kind == "tables" and t.item is not None:
        return [type_example(t.item) for _index in range(t.minimum or 0)]
    if kind == "tables":
        entries = []
        for index in range(t.minimum or 0):
            entry = {f.key: example_of(f) for f in t.fields if f.required}
            for f in t.fields:  # each table names a different player
                if f.type.kind == "name" and f.key in entry:
                    entry[f.key] = EXAMPLE_NAMES[index]
            entries.append(entry)
        return entries
    if kind == "union":
        return type_example(t.variants[0].type)
    if kind == "either":
        return type_example(t.items[0])
    if kind == "const":
        return t.value
    return t.example  # custom
