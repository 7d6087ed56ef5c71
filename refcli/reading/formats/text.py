"""Descriptions said in words and values: help phrases, man-page rows, example documents."""

from __future__ import annotations

from typing import Any

from refcli.language.i18n import N_, _
from refcli.output.toml_values import toml_value
from refcli.reading.formats.description import EXAMPLE_NAMES, Description, Field, Type, help_text
from refcli.reading.formats.reader import quoted_or


def plain(value: Any) -> Any:
    """An example value without the template's annotations (keys starting with "#")."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items() if not k.startswith("#")}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


# -- what a type is, in words (the current language; a description's own texts are N_-marked msgids) ---
def phrase(t: Type) -> str:
    """What a value of ``t`` is: "an integer from 0 to 4", "one of the players"."""
    if t.phrase:
        return _(t.phrase)
    kind = t.kind
    if kind == "integer":
        low, high = t.minimum or 0, t.maximum or 0
        if high == low + 1:
            return _("an integer {minimum} or {maximum}").format(minimum=low, maximum=high)
        return _("an integer from {minimum} to {maximum}").format(minimum=low, maximum=high)
    if kind == "boolean":
        return _("true or false")
    if kind == "string":
        return _("text")
    if kind == "choice":
        return _("one of {choices}").format(choices=", ".join(t.choices))
    if kind == "name":
        return _("a player's name")
    if kind == "player":
        return _("one of the players")
    if kind == "names":
        return _("{minimum} to {maximum} player names").format(minimum=t.minimum, maximum=t.maximum)
    if kind == "array":
        assert t.item is not None
        size = how_many(t)
        if t.what:
            what = _(t.what)
            return (
                _("an array of {what}, {size}").format(what=what, size=size)
                if size
                else _("an array of {what}").format(what=what)
            )
        item = phrase(t.item)
        return (
            _("an array, {size}, each {item}").format(size=size, item=item)
            if size
            else _("an array, each {item}").format(item=item)
        )
    if kind == "tuple":
        return _(t.expected) if t.expected else "[" + ", ".join(phrase(item) for item in t.items) + "]"
    if kind == "map":
        assert t.key is not None and t.item is not None
        named = _MAP_KEYS.get(t.key.kind)
        key = _(named) if named else _(t.key.what) if t.key.what else phrase(t.key)
        return _("a table of {key} = {value}").format(key=key, value=phrase(t.item))
    if kind == "tables":
        bounds = how_many(t, at_most=False)
        what = _(t.what)
        return (
            _("tables ({what}, {bounds})").format(what=what, bounds=bounds)
            if bounds
            else _("tables ({what})").format(what=what)
        )
    if kind == "union":
        return _("tables of {tag} {choices}").format(tag=t.tag, choices=quoted_or([v.key for v in t.variants]))
    if kind == "either":
        said = phrase(t.items[0])
        for other in t.items[1:]:
            said = _("{this} or {that}").format(this=said, that=phrase(other))
        return said
    if kind == "const":
        return f'"{t.value}"'
    if kind == "custom":
        return _(t.expected)
    return _("a table")


# the keys of a map, as its phrase names them ("a table of player = …")
_MAP_KEYS = {"player": N_("player"), "name": N_("player name")}


def how_many(t: Type, *, at_most: bool = True) -> str:
    """ "at most 5", "2 to 5", "at least 1" (or "") for a list's items; ``at_most``: say a bare maximum too."""
    if t.maximum is not None and (t.minimum or at_most):
        if not t.minimum:
            return _("at most {maximum}").format(maximum=t.maximum)
        return _("{minimum} to {maximum}").format(minimum=t.minimum, maximum=t.maximum)
    if t.minimum:
        return _("at least {minimum}").format(minimum=t.minimum)
    return ""


def details(field: Field) -> str:
    """The help's parenthesis: what the value is, its default, whether it is required."""
    parts = [] if field.type.kind == "const" else [phrase(field.type)]
    if field.default is not None and field.default != [] and field.default != ():
        parts.append(_("default {value}").format(value=toml_value(field.default)))
    elif field.required:
        parts.append(_("required"))
    return "; ".join(parts)


def with_details(field: Field) -> str:
    said = details(field)
    help = help_text(field)
    return f"{help} ({said})" if said else help


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
                rows.append((f'{path}.{t.item.tag} = "{v.key}"', _(v.help)))
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
