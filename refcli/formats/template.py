"""The commented starter TOML file of a description (``refcli GAME template KIND``).

The file is the description's example values, written as a person would:
plain keys first, then tables (``[money]``) and arrays of tables
(``[[event]]``), each key with its help as a comment the first time it
appears. Keys left out of the example but given a ``commented`` alternative
are shown commented out (``# first = "Ana"``), at the top level and in the
first table of each kind. An example table may carry annotations: ``"#"``
is the comment on its ``[[…]]`` line, ``"#key"`` replaces (or, empty,
silences) the comment on that key.
"""

from __future__ import annotations

from typing import Any

from refcli.formats import Description, Field, Type
from refcli.formats.text import example_of, toml_key, toml_value

COLUMN = 37  # where comments start, as in the hand-written templates
WIDTH = 78


def commented_line(code: str, comment: str) -> str:
    if not comment:
        return code
    return f"{code.ljust(COLUMN - 1)} # {comment}" if len(code) < COLUMN - 2 else f"{code}  # {comment}"


def wrap(text: str, prefix: str = "# ") -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(prefix) + len(line) + 1 + len(word) > WIDTH:
            lines.append(prefix + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [prefix + line] if line else lines


def header(desc: Description) -> list[str]:
    first = f"{desc.title} for `refcli {desc.game} {desc.verb} FILE`."
    lines = wrap(first) + wrap(desc.summary)
    return lines + [f"# {note}".rstrip() for note in desc.notes]


def is_section(field: Field) -> bool:
    """Written as ``[key]`` or ``[[key]]`` after the plain keys (top level only)."""
    return field.type.kind in ("tables", "map")


def comment_for(field: Field) -> str:
    return "" if field.type.kind == "const" else field.help


def template_text(desc: Description) -> str:
    lines = header(desc) + [""]
    present = [f for f in desc.fields if f.example is not None or f.required]
    for field in desc.fields:
        if is_section(field):
            continue
        if field in present:
            lines.append(commented_line(f"{field.key} = {toml_value(example_of(field))}", comment_for(field)))
        elif field.commented:
            lines.append(commented_line(f"# {field.key} = {field.commented}", field.help))
    for field in desc.fields:
        if not is_section(field):
            continue
        if field in present:
            lines += section_lines(field)
        elif field.commented:
            opener = f"# [[{field.key}]]" if field.type.kind == "tables" else f"# [{field.key}]"
            lines += ["", commented_line(opener, field.help)]
            lines += [f"# {line}" for line in field.commented.splitlines()]
    return "\n".join(lines) + "\n"


def section_lines(field: Field) -> list[str]:
    t = field.type
    value = field.example if field.example is not None else example_of(field)
    if t.kind == "map":
        lines = ["", commented_line(f"[{field.key}]", field.help)]
        for key, item in value.items():
            if not key.startswith("#"):
                lines.append(commented_line(f"{toml_key(key)} = {toml_value(item)}", str(value.get(f"#{key}", ""))))
        return lines
    lines = []
    seen: set[tuple[str, str]] = set()  # (variant, key): a key's help is said once per kind of table
    first_of: set[str] = set()
    for index, entry in enumerate(value):
        fields, variant = table_fields(t, entry)
        opener = entry.get("#", field.help if index == 0 else "")
        lines += ["", commented_line(f"[[{field.key}]]", opener)]
        first = variant not in first_of
        first_of.add(variant)
        for sub in fields:
            if sub.key in entry:
                said = (variant, sub.key) in seen
                seen.add((variant, sub.key))
                comment = entry.get(f"#{sub.key}", "" if said else comment_for(sub))
                lines.append(commented_line(f"{sub.key} = {toml_value(plain_value(entry[sub.key]))}", comment))
            elif first and sub.commented:
                lines.append(commented_line(f"# {sub.key} = {sub.commented}", sub.help))
    return lines


def table_fields(t: Type, entry: dict[str, Any]) -> tuple[tuple[Field, ...], str]:
    """The keys of one ``[[…]]`` table: its own, or its variant's."""
    if t.item is not None and t.item.kind == "union":
        union = t.item
        chosen = next(v for v in union.variants if v.key == entry.get(union.tag))
        return chosen.type.fields, chosen.key
    return t.fields, ""


def plain_value(value: Any) -> Any:
    from refcli.formats.text import plain

    return plain(value)
