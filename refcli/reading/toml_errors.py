"""tomllib's texts for the mistakes people make most, said in refcli's own words.

``tomllib`` says ``Cannot declare ('player',) twice`` for a ``[player]``
table written once per player, ``Invalid value`` for ``name = Ana``, and
``Expected '=' after a key`` for ``dólar = [20]`` (a bare key is ASCII
letters, digits, ``-`` and ``_`` only). :func:`own_words` recognises those
(and a few others) from the message and the line it points at, and gives the
key and a sentence that says what to write instead, in the language of the
moment; anything else keeps tomllib's text. Imported only when a file is not
valid TOML.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from refcli.language.i18n import N_, _
from refcli.language.visible import clip

_TWICE = re.compile(r"^Cannot declare \((.*)\) twice$")
_PART = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")
_KEY_BEFORE_VALUE = re.compile(
    r"((?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*'))*)\s*=\s*$"
)
_HEADER = re.compile(r"^\s*\[(\[?)\s*([^\[\]]+?)\s*\]\]?\s*(?:#.*)?$")
_ARRAY_HEADER = re.compile(r"^\s*\[\[\s*([^\[\]]+?)\s*\]\]")
_BARE_WORDS = re.compile(r"[^\W\d][^,}\]#]*")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]")
_DOTTED_BEFORE = re.compile(r"(?:(?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')\s*\.\s*)+$")


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
            _(
                "not valid TOML: [{table}] above is a single table; write every one as [[{table}]] "
                "(one table per {noun})"
            ).format(table=dotted, noun=noun_of(noun)),
        )
    if message == "Invalid value" and column is not None and line is not None:
        return _invalid_value(source, column, _table_path(lines[: line - 1]))
    if message == "Invalid initial character for a key part" and column is not None:
        before = source[: column - 1].rstrip()
        if before.endswith(",") and source[column - 1 :].lstrip().startswith("}"):
            return Said(None, _("not valid TOML: an inline table { … } takes no comma after its last item"))
    if message == "Expected '=' after a key in a key/value pair" and column is not None and line is not None:
        return _key_beyond_ascii(source, column, _table_path(lines[: line - 1]))
    return None


def _declared_twice(parts: str, source: str) -> Said:
    keys = [single if single else double for single, double in _PART.findall(parts)]
    dotted = ".".join(keys)
    noun = keys[-1] if keys else "entry"
    if source.strip().startswith("["):
        said = _("not valid TOML: [{table}] should be [[{table}]] (one table per {noun}), or write it once")
    else:
        said = _("not valid TOML: [{table}] is declared twice (once as a table, once with dotted keys); write it once")
    return Said(dotted or None, said.format(table=dotted, noun=noun_of(noun)))


# The repeated tables' keys as words, where a message says "one table per player".
KEY_NOUNS = {"player": N_("player"), "event": N_("event"), "offer": N_("offer")}


def noun_of(key: str) -> str:
    """``key`` (an English key) as a word of the run's language when it is one of the formats' tables, else as is."""
    return _(KEY_NOUNS[key]) if key in KEY_NOUNS else key


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
            path = _numbered(dotted, counts, last=array)
    return path


def _numbered(dotted: str, counts: dict[str, int], *, last: bool) -> str:
    """``player.notes`` under the second ``[[player]]`` as messages write it: ``player[2].notes``."""
    parts = dotted.split(".")
    shown = []
    for index in range(len(parts)):
        prefix = ".".join(parts[: index + 1])
        numbered = prefix in counts and (index < len(parts) - 1 or last)
        shown.append(f"{parts[index]}[{counts[prefix]}]" if numbered else parts[index])
    return ".".join(shown)


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
        return Said(
            path,
            _("not valid TOML: true and false are written in lower case: {key} = {value}").format(
                key=name, value=value.lower()
            ),
        )
    shown = clip(value).replace("\\", "\\\\").replace('"', '\\"')
    if in_array:
        return Said(path, _('not valid TOML: strings need quotes, in an array too: "{value}"').format(value=shown))
    return Said(path, _('not valid TOML: strings need quotes: {key} = "{value}"').format(key=name, value=shown))


def _key_beyond_ascii(source: str, column: int, table: str) -> Said | None:
    """``dólar = [20]``: a bare key with a letter beyond ASCII; tomllib stops at that letter."""
    at = column - 1
    if not 0 <= at < len(source) or source[at].isascii() or not source[at].isalnum():
        return None
    start = at
    while start > 0 and (_BARE_KEY.match(source[start - 1]) or not source[start - 1].isascii()):
        start -= 1
    end = at
    while end < len(source) and (_BARE_KEY.match(source[end]) or (not source[end].isascii() and source[end].isalnum())):
        end += 1
    key, rest = source[start:end], source[end:].lstrip()
    if not rest.startswith("="):
        return None
    before = source[:start]
    dotted = _DOTTED_BEFORE.search(before)  # notes.dólar = …
    prefix = _dotted(dotted.group(0)) if dotted else ""
    before = before[: dotted.start()] if dotted else before
    outer = _KEY_BEFORE_VALUE.search(before[: before.rfind("{")]) if "{" in before else None  # in an inline table
    parts = (table, _dotted(outer.group(1)) if outer else "", prefix.rstrip("."), f'"{key}"')
    path = ".".join(part for part in parts if part)
    value = _value_text(rest[1:].strip())
    written = f'{prefix}"{key}" = {value or "…"}'
    return Said(
        path,
        _("not valid TOML: a key with accents or other letters beyond a-z needs quotes: {written}").format(
            written=written
        ),
    )


def _value_text(text: str) -> str:
    """The value at the start of ``text``, up to the comma or brace that ends it in an inline table (or a comment)."""
    depth, quote = 0, ""
    for index, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}" and depth:
            depth -= 1
        elif depth == 0 and ch in ",}#":
            return text[:index].strip()
    return text.strip()
