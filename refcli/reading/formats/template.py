"""The commented starter TOML file of a description (``refcli GAME template KIND``).

The file is the description's example values, written as a person would:
plain keys first, then tables (``[money]``) and arrays of tables
(``[[event]]``), each key with its help as a comment the first time it
appears. Keys left out of the example but given a ``commented`` alternative
are shown commented out (``# first = "Ana"``), at the top level and in the
first table of each kind. An example table may carry annotations: ``"#"``
is the comment on its ``[[…]]`` line, ``"#key"`` replaces (or, empty,
silences) the comment on that key.

Every comment is written in the current language (``refcli.language.i18n``): the
description's texts are msgids, marked with ``N_`` where they are written.
Keys and values stay as the formats read them, so a template in any
language is valid input for refcli in every language. ``template_file``
picks the file of the current language among the generated ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from refcli.language.i18n import _, language
from refcli.reading.formats.description import Description, Field, Type, help_text

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
    first = _("{title} for `refcli {game} {verb} FILE`.").format(title=_(desc.title), game=desc.game, verb=desc.verb)
    lines = wrap(first) + wrap(_(desc.summary))
    return lines + [f"# {_(note)}".rstrip() for note in desc.notes]


def is_section(field: Field) -> bool:
    """Written as ``[key]`` or ``[[key]]`` after the plain keys (top level only)."""
    return field.type.kind in ("tables", "map")


def comment_for(field: Field) -> str:
    return "" if field.type.kind == "const" else help_text(field)


def template_text(desc: Description) -> str:
    from refcli.output.toml_values import toml_value  # not at import: `template` only reads a file
    from refcli.reading.formats.text import example_of

    lines = header(desc) + [""]
    present = [f for f in desc.fields if f.example is not None or f.required]
    for field in desc.fields:
        if is_section(field):
            continue
        if field in present:
            lines.append(commented_line(f"{field.key} = {toml_value(example_of(field))}", comment_for(field)))
        elif field.commented:
            lines.append(commented_line(f"# {field.key} = {field.commented}", help_text(field)))
    for field in desc.fields:
        if not is_section(field):
            continue
        if field in present:
            lines += section_lines(field)
        elif field.commented:
            opener = f"# [[{field.key}]]" if field.type.kind == "tables" else f"# [{field.key}]"
            lines += ["", commented_line(opener, help_text(field))]
            lines += [f"# {line}" for line in field.commented.splitlines()]
    return "\n".join(lines) + "\n"


def section_lines(field: Field) -> list[str]:
    from refcli.output.toml_values import toml_key, toml_value
    from refcli.reading.formats.text import example_of

    t = field.type
    value = field.example if field.example is not None else example_of(field)
    if t.kind == "map":
        lines = ["", commented_line(f"[{field.key}]", help_text(field))]
        for key, item in value.items():
            if not key.startswith("#"):
                note = str(value.get(f"#{key}", ""))
                lines.append(commented_line(f"{toml_key(key)} = {toml_value(item)}", _(note)))
        return lines
    lines = []
    seen: set[tuple[str, str]] = set()  # (variant, key): a key's help is said once per kind of table
    first_of: set[str] = set()
    for index, entry in enumerate(value):
        fields, variant = table_fields(t, entry)
        opener = entry.get("#", field.help if index == 0 else "")
        opener = _(opener)
        lines += ["", commented_line(f"[[{field.key}]]", opener)]
        first = variant not in first_of
        first_of.add(variant)
        for sub in fields:
            if sub.key in entry:
                said = (variant, sub.key) in seen
                seen.add((variant, sub.key))
                comment = _(entry[f"#{sub.key}"]) if f"#{sub.key}" in entry else "" if said else comment_for(sub)
                lines.append(commented_line(f"{sub.key} = {toml_value(plain_value(entry[sub.key]))}", comment))
            elif first and sub.commented:
                lines.append(commented_line(f"# {sub.key} = {sub.commented}", help_text(sub)))
    return lines


def table_fields(t: Type, entry: dict[str, Any]) -> tuple[tuple[Field, ...], str]:
    """The keys of one ``[[…]]`` table: its own, or its variant's."""
    if t.item is not None and t.item.kind == "union":
        union = t.item
        chosen = next(v for v in union.variants if v.key == entry.get(union.tag))
        return chosen.type.fields, chosen.key
    return t.fields, ""


def plain_value(value: Any) -> Any:
    from refcli.reading.formats.text import plain

    return plain(value)


def language_folder(lang: str) -> str:
    """Where a language's templates are beside the English ones: ``""`` for English, else ``"es/"``."""
    from refcli.language.i18n import DEFAULT

    return "" if lang == DEFAULT else f"{lang}/"


def template_file(root: Path, relative: str) -> Path:
    """The file ``root/relative`` in the current language, when it is a template that has one.

    ``templates/GAME/KIND.toml`` becomes ``templates/GAME/es/KIND.toml`` in Spanish (``python -m
    refcli.reading.formats`` writes one per language); anything else, or a template no one translated (a game
    installed from elsewhere that ships English only), stays as it is.
    """
    parts = relative.split("/")
    folder = language_folder(language())
    if folder and len(parts) == 3 and parts[0] == "templates":
        translated = root / parts[0] / parts[1] / folder / parts[2]
        if translated.is_file():
            return translated
    return root / relative
