"""A JSON Schema (draft 2020-12) of a description: for editors, other tools and the tests.

The schema says what the reader checks key by key (types, ranges, required
and unknown keys); what spans several keys (a name must be one of the listed
players, four cards of each animal in the game) and the rules themselves are
refcli's to check. Names compared ignoring case are patterns of both cases.
A value that may be one of the game's Spanish words (``refcli.reading.formats.spanish``)
is also a pattern of every word it may be, accents and blanks optional.
"""

from __future__ import annotations

from typing import Any

from refcli.reading.formats.description import Description, Field, Type, english_help, ignoring_case, loosely
from refcli.reading.formats.spanish import with_words as with_spanish_words
from refcli.reading.formats.text import phrase, plain

DRAFT = "https://json-schema.org/draft/2020-12/schema"
NOT_BLANK = r"\S"


def json_schema(desc: Description) -> dict[str, Any]:
    body = object_schema(with_spanish_words(desc).fields)
    return {
        "$schema": DRAFT,
        "title": f"{desc.title} ({desc.game} {desc.kind})",
        "description": desc.summary,
        "x-refcli": {
            "game": desc.game,
            "kind": desc.kind,
            "command": f"refcli {desc.game} {desc.verb}",
            "clauses": list(desc.clauses),
        },
        **body,
    }


def object_schema(fields: tuple[Field, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": {f.key: field_schema(f) for f in fields}}
    required = [f.key for f in fields if f.required]
    if required:
        out["required"] = required
    out["additionalProperties"] = False
    return out


def field_schema(field: Field) -> dict[str, Any]:
    out = {"description": english_help(field), **type_schema(field.type)}
    if field.default is not None:
        out["default"] = plain(field.default)
    if field.example is not None and field.type.kind not in ("tables",):
        out["examples"] = [plain(field.example)]
    if field.clauses:
        out["x-clauses"] = list(field.clauses)
    return out


def sized(out: dict[str, Any], t: Type, low: str, high: str) -> dict[str, Any]:
    if t.minimum:
        out[low] = t.minimum
    if t.maximum is not None:
        out[high] = t.maximum
    return out


def type_schema(t: Type) -> dict[str, Any]:
    if t.synonyms and t.kind in ("choice", "const"):
        return or_synonyms(t, english_schema(t))
    return english_schema(t)


def or_synonyms(t: Type, english: dict[str, Any]) -> dict[str, Any]:
    """The English words as before, or any word the reader takes for them (Spanish, accents and blanks optional)."""
    words = sorted({word for word, _english in t.synonyms})
    return {"anyOf": [english, {"type": "string", "pattern": loosely(words)}]}


def english_schema(t: Type) -> dict[str, Any]:
    kind = t.kind
    if kind == "integer":
        return {"type": "integer", "minimum": t.minimum, "maximum": t.maximum}
    if kind == "boolean":
        return {"type": "boolean"}
    if kind == "string":
        return {"type": "string"}
    if kind == "choice":
        return {"type": "string", "pattern": ignoring_case(t.choices)} if t.fold else {"enum": list(t.choices)}
    if kind == "name":
        return {"type": "string", "pattern": NOT_BLANK}
    if kind == "player":
        return {"type": "string", "pattern": NOT_BLANK, "$comment": f"the {t.role}: one of the players listed"}
    if kind == "names":
        return {
            "type": "array",
            "items": {"type": "string", "pattern": NOT_BLANK},
            "minItems": t.minimum,
            "maxItems": t.maximum,
            "uniqueItems": True,
        }
    if kind == "array":
        assert t.item is not None
        return sized({"type": "array", "items": type_schema(t.item)}, t, "minItems", "maxItems")
    if kind == "tuple":
        return {
            "type": "array",
            "prefixItems": [type_schema(item) for item in t.items],
            "items": False,
            "minItems": len(t.items),
            "maxItems": len(t.items),
        }
    if kind == "table":
        return object_schema(t.fields)
    if kind == "map":
        assert t.key is not None and t.item is not None
        keys = type_schema(t.key) if t.key.kind == "custom" else {"pattern": NOT_BLANK}
        keys.pop("type", None)
        out = {"type": "object", "propertyNames": keys, "additionalProperties": type_schema(t.item)}
        return sized(out, t, "minProperties", "maxProperties")
    if kind == "tables":
        item = type_schema(t.item) if t.item is not None else object_schema(t.fields)
        return sized({"type": "array", "items": item}, t, "minItems", "maxItems")
    if kind == "union":
        return {
            "type": "object",
            "required": [t.tag],
            "properties": {t.tag: or_synonyms(t, {"enum": [v.key for v in t.variants]})}
            if t.synonyms
            else {t.tag: {"enum": [v.key for v in t.variants]}},
            "oneOf": [{"description": v.help, **object_schema(v.type.fields)} for v in t.variants],
        }
    if kind == "either":
        return {"anyOf": [type_schema(item) for item in t.items]}
    if kind == "const":
        return {"type": "string", "pattern": ignoring_case([t.value])}
    assert t.schema is not None, phrase(t)
    return dict(t.schema)
