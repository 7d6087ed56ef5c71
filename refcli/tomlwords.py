"""tomllib's texts for the mistakes people make most, said in refcli's own words.

``tomllib`` says ``Cannot declare ('player',) twice`` for a ``[player]``
table written once per player, and ``Invalid value`` for ``name = Ana``.
:func:`own_words` recognises those (and a few others) from the message and
the line it points at, and gives the key and a sentence that says what to
write instead; anything else keeps tomllib's text. Imported only when a file
is not valid TOML.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_TWICE = re.compile(r"^Cannot declare \((.*)\) twice$")
_PART = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")
_KEY_BEFORE_VALUE = re.compile(
    r"((?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*'))*)\s*=\s*$"
)
_HEADER = re.compile(r"^\s*\[(\[?)\s*([^\[\]]+?)\s*\]\]?\s*(?:#.*)?$")
_ARRAY_HEADER = re.compile(r"^\s*\[\[\s*([^\[\]]+?)\s*\]\]")
_BARE_WORDS = re.compile(r"[^\W\d][^,}\]#]*")


class Said(NamedTuple):
    """What to print instead of tomllib's text: the key it concerns (or None) and the sentence."""

    path: str | None
    message: str


def own_words(message: str, text: str, line: int | None, column: int | None) -> Said | None:
    """refcli's words for tomllib's ``message`` at ``line``/``column`` of ``text``; None to keep tomllib's."""
    lines = text.splitlines()
    source = lines[line - 1] if line is not None and 0 < line <= len(lines) else ""
    twice = _TWICE.match(message)
    if twice:
        return _declared_twice(twice.group(1), source)
    header = _ARRAY_HEADER.match(source)
    if message == "Cannot overwrite a value" and header:  # [player] first, then [[player]]
        dotted = _dotted(header.group(1))
        noun = dotted.rsplit(".", 1)[-1]
        return Said(
            dotted,
            f"not valid TOML: [{dotted}] above is a single table; write every one as [[{dotted}]] (one table per {noun})",
        )
    if message == "Invalid value" and column is not None and line is not None:
        return _invalid_value(source, column, _table_path(lines[: line - 1]))
    if message == "Invalid initial character for a key part" and column is not None:
        before = source[: column - 1].rstrip()
        if before.endswith(",") and source[column - 1 :].lstrip().startswith("}"):
            return Said(None, "not valid TOML: an inline table { … } takes no comma after its last item")
    return None


def _declared_twice(parts: str, source: str) -> Said:
    keys = [single if single else double for single, double in _PART.findall(parts)]
    dotted = ".".join(keys)
    noun = keys[-1] if keys else "entry"
    if source.strip().startswith("["):
        said = f"[{dotted}] should be [[{dotted}]] (one table per {noun}), or write it once"
    else:
        said = f"[{dotted}] is declared twice (once as a table, once with dotted keys); write it once"
    return Said(dotted or None, f"not valid TOML: {said}")


def _dotted(key: str) -> str:
    return re.sub(r"\s*\.\s*", ".", key.strip())


def _table_path(above: list[str]) -> str:
    """The key path of the table the next line is in, as messages write it (``player[2]``), from the headers above."""
    path = ""
    counts: dict[str, int] = {}
    for text in above:
        header = _HEADER.match(text)
        if header:
            array, dotted = bool(header.group(1)), _dotted(header.group(2))
            if array:
                counts[dotted] = counts.get(dotted, 0) + 1
            path = f"{dotted}[{counts[dotted]}]" if array else dotted
    return path


def _invalid_value(source: str, column: int, table: str) -> Said | None:
    before, after = source[: column - 1], source[column - 1 :]
    key = _KEY_BEFORE_VALUE.search(before)
    in_array = key is None and before.rstrip().endswith(("[", ","))
    if in_array:  # an item of an array: the key before its "["
        key = _KEY_BEFORE_VALUE.search(before[: before.rfind("[")])
    if key is None:
        return None
    name = _dotted(key.group(1))
    outer = _KEY_BEFORE_VALUE.search(before[: before.find("{")]) if "{" in before else None  # in an inline table
    path = ".".join(part for part in (table, _dotted(outer.group(1)) if outer else "", name) if part)
    word = _BARE_WORDS.match(after)
    if word is None:
        return None
    value = word.group(0).strip()
    if value in ("True", "False", "TRUE", "FALSE"):
        return Said(path, f"not valid TOML: true and false are written in lower case: {name} = {value.lower()}")
    shown = value.replace("\\", "\\\\").replace('"', '\\"')
    if in_array:
        return Said(path, f'not valid TOML: strings need quotes, in an array too: "{shown}"')
    return Said(path, f'not valid TOML: strings need quotes: {name} = "{shown}"')
