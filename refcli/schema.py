"""Typed reading of parsed TOML tables, with located, explanatory errors.

A ``Table`` wraps one TOML table and its key path. Its getters return plain
Python values of the expected type or raise a ``DataError`` whose message has
the shape ``FILE:LINE: key.path: expected …, found …``. Game formats are
written with these getters, so every game reports bad input the same way.
"""

from __future__ import annotations

import difflib
import math
import unicodedata
from collections.abc import Iterable
from typing import Any

from refcli.errors import DataError
from refcli.inputs import Document
from refcli.locate import SHOWN_CHARACTERS, KeyPath, clip, format_path

MAX_NAME_LENGTH = 64


def describe(value: Any) -> str:
    """How a found value is shown in an error: short, typed, never huge."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value)
        return text if len(text) <= 12 else f"an integer of {len(text)} digits"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan (not a number)"
        if math.isinf(value):
            return "infinity"
        return f"the decimal {value!r}"
    if isinstance(value, str):
        shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in clip(value))
        return f'"{shown}"' if value else "an empty string"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return f"a {type(value).__name__}"  # dates and times


def join(items: Iterable[str]) -> str:
    return ", ".join(items)


class Table:
    """One TOML table of a document, read key by key."""

    def __init__(self, doc: Document, data: dict[str, Any], path: KeyPath = ()) -> None:
        self.doc = doc
        self.data = data
        self.path = path

    # -- errors -------------------------------------------------------------
    def error_at(self, path: KeyPath, expected: str, found: str | None = None) -> DataError:
        message = f"expected {expected}" + (f", found {found}" if found is not None else "")
        return DataError(
            message,
            file=self.doc.name,
            line=self.doc.locator().line_of(path),
            path=format_path(path),
        )

    def error(self, key: str | int | None, expected: str, found: str | None = None) -> DataError:
        path = self.path if key is None else self.path + (key,)
        return self.error_at(path, expected, found)

    # -- structure ----------------------------------------------------------
    def check_keys(self, allowed: Iterable[str]) -> None:
        """Unknown keys are errors: in a score sheet they are nearly always typos."""
        allowed = list(allowed)
        for key in self.data:
            if key not in allowed:
                # difflib's work and memory grow with the key: a typo is short
                close = difflib.get_close_matches(key, allowed, n=1) if len(key) <= SHOWN_CHARACTERS else []
                hint = f' (did you mean "{close[0]}"?)' if close else ""
                raise self.error(key, f"one of the keys {join(allowed)}", f"an unknown key{hint}")

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> Any:
        return self.data.get(key)

    def require(self, key: str, expected: str) -> Any:
        if key not in self.data:
            raise self.error_at(self.path + (key,), expected, "nothing (the key is missing)")
        return self.data[key]

    def table(self, key: str, *, required: bool = False) -> Table | None:
        if key not in self.data:
            if required:
                self.require(key, "a table")
            return None
        value = self.data[key]
        if not isinstance(value, dict):
            raise self.error(key, "a table", describe(value))
        return Table(self.doc, value, self.path + (key,))

    def tables(self, key: str, *, what: str, minimum: int = 0, maximum: int | None = None) -> list[Table]:
        """An array of tables such as ``[[player]]``."""
        if key not in self.data:
            if minimum:
                raise self.error_at(self.path + (key,), f"at least {minimum} [[{key}]] table(s) ({what})", "none")
            return []
        value = self.data[key]
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise self.error(key, f"[[{key}]] tables ({what})", describe(value))
        if len(value) < minimum:
            raise self.error(key, f"at least {minimum} [[{key}]] tables ({what})", str(len(value)))
        if maximum is not None and len(value) > maximum:
            raise self.error(key, f"at most {maximum} [[{key}]] tables ({what})", str(len(value)))
        return [Table(self.doc, item, self.path + (key, index)) for index, item in enumerate(value, 1)]

    # -- scalars ------------------------------------------------------------
    def integer(self, key: str, *, minimum: int, maximum: int, default: int | None = None, what: str = "") -> int:
        if key not in self.data:
            if default is None:
                self.require(key, f"an integer from {minimum} to {maximum}")
            return default  # type: ignore[return-value]
        return self.check_integer(key, self.data[key], minimum=minimum, maximum=maximum, what=what)

    def check_integer(self, key: str | int, value: Any, *, minimum: int, maximum: int, what: str = "") -> int:
        label = f"{what} " if what else ""
        span = f"{minimum} or {maximum}" if maximum == minimum + 1 else f"from {minimum} to {maximum}"
        expected = f"{label}an integer {span}"
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, expected, describe(value))
        if not minimum <= value <= maximum:
            raise self.error(key, expected, describe(value))
        return value

    def boolean(self, key: str, *, default: bool) -> bool:
        if key not in self.data:
            return default
        value = self.data[key]
        if not isinstance(value, bool):
            raise self.error(key, "true or false", describe(value))
        return value

    def string(self, key: str, *, expected: str = "a string", default: str | None = None) -> str:
        if key not in self.data:
            if default is None:
                self.require(key, expected)
            return default  # type: ignore[return-value]
        value = self.data[key]
        if not isinstance(value, str):
            raise self.error(key, expected, describe(value))
        return value

    def name(self, key: str = "name") -> str:
        """A player's name: non-empty, printable, short enough for a table."""
        return self.check_name(key, self.string(key, expected="a player's name (a non-empty string)"))

    def check_name(self, key: str | int, value: Any) -> str:
        if not isinstance(value, str):
            raise self.error(key, "a player's name (a non-empty string)", describe(value))
        stripped = value.strip()
        if not stripped:
            raise self.error(key, "a player's name (a non-empty string)", describe(value))
        if any(unicodedata.category(ch).startswith("C") for ch in stripped):
            raise self.error(key, "a name without control characters", describe(value))
        if len(stripped) > MAX_NAME_LENGTH:
            raise self.error(key, f"a name of at most {MAX_NAME_LENGTH} characters", f"{len(stripped)} characters")
        return stripped


def unique_names(players: list[Table], names: list[str]) -> None:
    """Every player's name differs from the others' (ignoring case)."""
    seen: dict[str, int] = {}
    for index, (table, name) in enumerate(zip(players, names), 1):
        folded = name.casefold()
        if folded in seen:
            raise table.error(
                "name",
                "a name no other player has",
                f'"{name}" again (player[{seen[folded]}] has it)',
            )
        seen[folded] = index


def integer_list(table: Table, key: str | int, value: Any, *, minimum: int, maximum: int, what: str) -> list[int]:
    """An array of integers, each in range (e.g. card values)."""
    if not isinstance(value, list):
        raise table.error(key, f"an array of {what}", describe(value))
    path = table.path + (key,)
    items = Table(table.doc, {}, path)
    return [
        items.check_integer(index, item, minimum=minimum, maximum=maximum, what=what)
        for index, item in enumerate(value, 1)
    ]


def player_names(table: Table, key: str, *, minimum: int = 2, maximum: int = 5) -> list[str]:
    """An array of distinct player names in seating order."""
    value = table.require(key, f"an array of {minimum} to {maximum} player names in seating order")
    if not isinstance(value, list) or not value:
        raise table.error(key, f"an array of {minimum} to {maximum} player names in seating order", describe(value))
    if not minimum <= len(value) <= maximum:
        raise table.error(key, f"{minimum} to {maximum} player names", f"{len(value)}")
    items = Table(table.doc, {}, table.path + (key,))
    names: list[str] = []
    folded: set[str] = set()
    for index, item in enumerate(value, 1):
        name = items.check_name(index, item)
        if name.casefold() in folded:
            raise items.error(index, "names that differ", f'"{name}" twice')
        names.append(name)
        folded.add(name.casefold())
    return names


def one_of_names(table: Table, key: str, names: list[str], *, role: str) -> str:
    """A name that must be one of ``names`` (matched ignoring case)."""
    value = table.data.get(key)
    if value in names:  # the usual case: checked before any message is built
        return str(value)
    value = table.string(key, expected=f"the {role}'s name, one of {join(names)}")
    for name in names:
        if name.casefold() == value.strip().casefold():
            return name
    raise table.error(key, f"the {role}: one of the players ({join(names)})", describe(value))


def optional_name(table: Table, key: str, names: list[str], *, role: str) -> str | None:
    """``one_of_names`` for a key that may be left out."""
    return one_of_names(table, key, names, role=role) if table.has(key) else None


def names_among(table: Table, key: str, names: list[str]) -> list[str]:
    """An array of names, each one of ``names`` (matched ignoring case)."""
    value = table.raw(key)
    if not isinstance(value, list):
        raise table.error(key, f"an array of names among {join(names)}", describe(value))
    items = Table(table.doc, {str(i): v for i, v in enumerate(value, 1)}, table.path + (key,))
    found = []
    for index, item in enumerate(value, 1):
        match = next((n for n in names if isinstance(item, str) and n.casefold() == item.strip().casefold()), None)
        if match is None:
            raise items.error(index, f"one of {join(names)}", describe(item))
        found.append(match)
    return found


def check_game_key(top: Table, expected: str) -> None:
    """``game`` may be omitted after ``refcli GAME score``, but must match when given."""
    if top.has("game"):
        from refcli.registry import game_named  # the game's other names: "dinero", "engañado"

        value = game_named(top.raw("game"), expected)
        if not isinstance(value, str) or value.strip().casefold() != expected:
            raise top.error("game", f'"{expected}" (this is the {expected} command)', describe(value))
