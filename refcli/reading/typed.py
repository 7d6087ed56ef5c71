"""A value as people type it, read by the type its key's description gives: one place for items and prompts.

``KEY=VALUE`` items (``refcli.reading.items``) and the prompts' answers
(``refcli.cli.prompts``) both come here, so a value typed at either reads the same:

* a list of numbers takes spaces, commas or ``+`` between them (``50 10 0``,
  ``50,10,0``, ``50+10+0``); other lists (names, Money! cards, which hold
  spaces themselves) take commas only;
* a list of dice of known length (the type's ``digits``) also takes the digits
  run together (``34`` is 3 and 4 where two dice are asked). A single number
  (a declared Bamboozled score, ``43``) is never split: only such lists are;
* a map of counts or numbers takes ``horse 4, cow 2``, ``4 horses`` (a key alone
  counts one) and ``euro 20 20 30``, besides ``horse=4``;
* a list of pairs takes ``Ben 30, Cid 40`` (each pair's parts split by blanks, the
  pairs by commas), besides ``Ben,30,Cid,40``;
* a choice (and a constant, the ``situation``) takes its word in English or in
  the game's Spanish (the type's ``synonyms``), in any case, with blanks for
  hyphens (``cow trade``, ``comercio de vacas``, ``Mi mal``), in another form
  (``cats``, ``gatos``, ``pujas``: the same Snowball stems as one known word,
  ``refcli.language.forms``), by its number in the list (choices only), or by its first
  letters when no other word starts so.

What cannot be read stays text, for the format reader to refuse with its own
message; only an answer that could be one of several words is refused here
(:class:`Ambiguous`), since no reader could say which was meant.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from refcli.language.folding import fold
from refcli.language.i18n import _

if TYPE_CHECKING:
    from refcli.reading.formats import Description, Field, Type

_INTEGER = re.compile(r"\s*[+-]?\d+\s*")
_NUMBERS = re.compile(r"\s*[+-]?\d+(?:\s*[,+\s]\s*[+-]?\d+)*\s*,?\s*")  # 50 10 0 · 50,10,0 · 50+10+0
_NUMBER_SEPARATORS = re.compile(r"\s*[,+]\s*|\s+")
# A boolean typed as a word, in English or Spanish (KEY=VALUE items, and the prompts' yes-or-no questions)
YES = ("true", "yes", "y", "s", "si", "sí", "verdadero")
NO = ("false", "no", "n", "falso")


class Ambiguous(ValueError):
    """An answer that could be several words: ``message`` says which, in the run's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def yes_or_no(answer: str) -> bool | None:
    """True or False for a yes or a no in English or Spanish (true, y, yes, s, sí, si; false, n, no), else None."""
    folded = answer.strip().casefold()
    return True if folded in YES else False if folded in NO else None


def split_list(text: str) -> list[str]:
    """Comma-separated parts, blanks around each taken off; nothing typed is an empty list."""
    return [] if not text.strip() else [part.strip() for part in text.split(",")]


def read_typed(t: Type | None, text: str) -> Any:
    """``text`` as the TOML value ``t`` wants; what does not fit stays text, for the reader to refuse.

    Raises :class:`Ambiguous` for a word that begins several of a choice's words.
    """
    if t is None:
        return text
    kind = t.kind
    if kind == "integer":
        return integer_or_text(text)
    if kind == "boolean":
        meant = yes_or_no(text)
        return text if meant is None else meant
    if kind == "names":
        return split_list(text)
    if kind == "array":
        return read_array(t, text)
    if kind == "tuple":
        return read_tuple(t, text)
    if kind in ("choice", "const"):
        return read_word(t, text)
    if kind == "either":
        if _INTEGER.fullmatch(text) and any(item.kind == "integer" for item in t.items):
            return integer_or_text(text)
        listed = next((item for item in t.items if item.kind in ("array", "names", "tuple")), t.items[0])
        return read_typed(listed, text)
    if kind == "custom":
        return custom_value(t, text)
    if kind == "map" and t.item is not None and t.item.kind in SCALAR_KINDS and "=" in text:
        pairs = (part.partition("=") for part in split_list(text))
        return {key.strip(): read_typed(t.item, value.strip()) for key, _equals, value in pairs}
    if kind == "map" and "=" not in text and counted(t):
        return read_counts(t, text)
    return text  # strings, names, players; a table given as text is the reader's to refuse


SCALAR_KINDS = frozenset({"integer", "boolean", "string", "choice", "name", "player", "const", "custom"})


# -- lists -------------------------------------------------------------------------------
def read_array(t: Type, text: str) -> list[Any]:
    item = t.item
    if item is not None and item.kind == "integer" and _NUMBERS.fullmatch(text):
        parts = [part for part in _NUMBER_SEPARATORS.split(text.strip()) if part]
        if t.digits and len(parts) == 1 and len(parts[0]) == t.digits and parts[0].isdecimal():
            parts = list(parts[0])  # 34: two dice, 3 and 4
        return [integer_or_text(part) for part in parts]
    if item is not None and item.kind == "tuple":
        return [read_tuple(item, part) for part in pairs_in(item, text)]
    return [read_typed(item, part) for part in split_list(text)]


def pairs_in(t: Type, text: str) -> list[str]:
    """The elements of a list of ``t`` tuples as typed: ``Ben 30, Cid 40``, ``Ben,30,Cid,40`` (flat) or
    ``Ben 30 Cid 40`` (a tuple ending in a number: each number ends an element, so ``Ana María 30`` is one)."""
    size = len(t.items)
    parts = split_list(text)
    if size < 2:
        return parts
    if not all(len(part.split()) >= size for part in parts):  # flat: Ben,30,Cid,40
        flat = [word for part in parts for word in part.split()]
        return [",".join(flat[i : i + size]) for i in range(0, len(flat), size)]
    if t.items[-1].kind != "integer":
        return parts  # each comma-separated part is a whole element (its parts split by blanks)
    elements: list[str] = []
    for part in parts:
        words: list[str] = []
        for word in part.split():
            words.append(word)
            if _INTEGER.fullmatch(word) and len(words) >= size:
                elements.append(" ".join(words))
                words = []
        if words:  # no number at its end: an element of its own, for the reader to refuse
            elements.append(" ".join(words))
    return elements


def read_tuple(t: Type, text: str) -> list[Any]:
    """``Ben,30`` or ``Ben 30``: blanks split an element with no commas; extra words go with the first part
    (a name of two words, ``Ana María 30``)."""
    size = len(t.items)
    parts = split_list(text)
    if len(parts) == 1 and size > 1:
        words = parts[0].split()
        if len(words) > size:
            words = [" ".join(words[: len(words) - size + 1]), *words[len(words) - size + 1 :]]
        parts = words
    return [read_typed(t.items[i] if i < size else None, part) for i, part in enumerate(parts)]


# -- maps of counts and of numbers -------------------------------------------------------------
_COUNT_FIRST = re.compile(r"([+-]?\d+)\s+(\D.*)")  # 4 horses
_NUMBERS_LAST = re.compile(r"(.*?\D)\s*?((?:[+-]?\d+\s*[+\s]\s*)*[+-]?\d+)")  # horse 4 · euro 20 20 30


def counted(t: Type) -> bool:
    """A map of counts (``animals``: cards per animal) or of numbers (``notes``: note values per currency)."""
    item = t.item
    if item is None or t.key is None:
        return False
    return item.kind == "integer" or (item.kind == "array" and item.item is not None and item.item.kind == "integer")


def read_counts(t: Type, text: str) -> dict[str, Any] | str:
    """A map typed as people count: ``horse 4, cow 2`` or ``4 horses`` (a count), ``euro 20 20 30`` (numbers),
    commas between; a key alone counts one, a key given twice adds up, and a key is read as its type reads it
    (``horses`` is a horse). What is not one of these forms stays text, for the reader to refuse."""
    assert t.item is not None and t.key is not None
    found: dict[str, Any] = {}
    for entry in split_list(text):
        numbers: list[int | str]
        first = _COUNT_FIRST.fullmatch(entry)
        last = None if first else _NUMBERS_LAST.fullmatch(entry)
        if first:
            word, numbers = first.group(2), [integer_or_text(first.group(1))]
        elif last:
            word = last.group(1)
            numbers = [integer_or_text(part) for part in _NUMBER_SEPARATORS.split(last.group(2).strip()) if part]
        elif entry and not any(c.isdecimal() for c in entry):
            word, numbers = entry, [1]
        else:
            return text
        key = str(read_typed(t.key, word.strip()))
        if t.item.kind == "integer":
            if len(numbers) != 1 or not isinstance(numbers[0], int):
                return text
            before = found.get(key, 0)
            found[key] = before + numbers[0] if isinstance(before, int) else numbers[0]
        else:
            found[key] = [*found.get(key, []), *numbers]
    return found


# -- numbers and game values ---------------------------------------------------------------
def integer_or_text(text: str) -> int | str:
    """``text`` as an integer when it is one Python converts (at most 4,300 digits), else the text itself."""
    if not _INTEGER.fullmatch(text):
        return text
    try:
        return int(text)
    except ValueError:  # too many digits: the reader refuses the text, saying what it expected
        return text


def custom_value(t: Type, text: str) -> Any:
    """A game value: the text if the game reads it as text, else the integer if it reads that; a regular
    plural of one of its words (``cats``, ``gatos``) is read as that word."""
    if parses(t, text):
        return text
    number = integer_or_text(text)
    if isinstance(number, int) and parses(t, number):
        return number
    if t.words or t.spanish_words:
        singular = singular_of(text, (*t.words, *t.spanish_words))
        if singular is not None and parses(t, singular):
            return singular
    return text


def parses(t: Type, value: Any) -> bool:
    parse = t.parse
    assert parse is not None
    try:
        parse(value)
    except (ValueError, TypeError):
        return False
    return True


def singular_of(text: str, words: Iterable[str]) -> str | None:
    """The known word ``text`` is another form of (a plural, ``gatos``, ``Dobles``), else None.

    By the words' Snowball stems (``refcli.language.forms``): None when they are those of several words."""
    from refcli.language.forms import meaning

    return meaning(text, {word: word for word in words})


# -- choices and constants ----------------------------------------------------------------
def words_of(t: Type) -> list[tuple[str, str]]:
    """(word, English word) for every word a choice or constant takes: its own and its game's synonyms."""
    own = list(t.choices) if t.kind == "choice" else [t.value]
    return [(word, word) for word in own] + [pair for pair in t.synonyms if pair[0] != pair[1]]


def read_word(t: Type, text: str) -> Any:
    """A choice or constant by its word (either language, any case, blanks for hyphens), plural, number or
    first letters; the English word, or the text itself when none fits (the reader says what was expected)."""
    if not text.strip():
        return text
    if t.kind == "choice" and text.strip().isdecimal() and len(text.strip()) <= 9:
        number = int(text)
        return t.choices[number - 1] if 1 <= number <= len(t.choices) else text
    meant = pick(text, words_of(t))
    return text if meant is None else meant


def pick(text: str, words: list[tuple[str, str]], *, begun: bool = True) -> str | None:
    """The English word ``text`` names among ``words`` ((word, English word) pairs), else None.

    Whole words first (folded: case, accents and blanks aside), then another form of one (a plural), then the first
    letters (unless ``begun`` is False) when every word they begin stands for the same one. Raises :class:`Ambiguous` when they begin
    words standing for several.
    """
    folded = fold(text)
    if not folded:
        return None
    by_word = {fold(word): english for word, english in words}
    if folded in by_word:
        return by_word[folded]
    from refcli.language.forms import meaning

    other_form = meaning(text, by_word)
    if other_form is not None:
        return other_form
    if not begun:
        return None
    meant = sorted({english for word, english in by_word.items() if word.startswith(folded)})
    if len(meant) == 1:
        return meant[0]
    if len(meant) > 1:
        raise Ambiguous(
            _('"{found}" begins more than one word ({words}): type more of it').format(
                found=text.strip(), words=", ".join(meant)
            )
        )
    return None


# -- the other way: example values as people type them --------------------------------------
def natural(t: Type | None, value: Any) -> str:
    """``value`` as a person types it for ``t``: ``50 10 0`` for numbers, ``Ben 30, Cid 40`` for pairs."""
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        item = t.item if t is not None and t.kind == "array" else None
        if item is not None and item.kind == "integer":
            return " ".join(natural(item, v) for v in value)
        if item is not None and item.kind == "tuple":
            return ", ".join(" ".join(natural(None, part) for part in v) for v in value)
        return ",".join(natural(None, v) for v in value)
    return str(value)


def example_items(desc: Description) -> list[str]:
    """The description's example document (``refcli.reading.formats.example_document``: its required keys)
    and the examples its other keys give when they differ from the default, as ``KEY=VALUE`` items written as
    people type them; the ``game`` key left out (the command names it). Complete: some keys are needed only
    with others (Money!'s ``with`` after ``action = "swap"``), and their examples make the line run."""
    from refcli.reading.formats import example_document

    document = example_document(desc)
    for field in desc.fields:
        if field.key not in document and field.example is not None and field.example != field.default:
            document[field.key] = field.example
    return field_items(desc.fields, {k: v for k, v in document.items() if k != "game"}, "")


def field_items(fields: tuple[Field, ...], data: dict[str, Any], prefix: str) -> list[str]:
    found: list[str] = []
    for field in fields:
        if field.key not in data:
            continue
        value, t, path = data[field.key], field.type, f"{prefix}{field.key}"
        if t.kind == "table" and isinstance(value, dict):
            found += field_items(t.fields, value, f"{path}.")
        elif t.kind == "map" and isinstance(value, dict):
            found += map_items(t, value, path)
        elif t.kind == "tables" and isinstance(value, list) and t.item is None:
            for index, entry in enumerate(value, 1):
                found += field_items(t.fields, entry, f"{path}.{index}.")
        else:
            found.append(f"{path}={natural(t, value)}")
    return found


def map_items(t: Type, value: dict[str, Any], path: str) -> list[str]:
    """A map's entries as items, one per key (a map of maps, ``holdings.Ana.cat=2``, one per inner key)."""
    item = t.item
    found: list[str] = []
    for key, v in value.items():
        if item is not None and item.kind == "map" and isinstance(v, dict):
            found += map_items(item, v, f"{path}.{key}")
        elif item is not None and item.kind == "table" and isinstance(v, dict):
            found += field_items(item.fields, v, f"{path}.{key}.")
        else:
            found.append(f"{path}.{key}={natural(item, v)}")
    return found
