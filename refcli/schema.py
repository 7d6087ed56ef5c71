"""Typed reading of parsed TOML tables, with located, explanatory errors.

A ``Table`` wraps one TOML table and its key path. Its getters return plain
Python values of the expected type or raise a ``DataError`` whose message has
the shape ``FILE:LINE: key.path: expected …, found …``. Game formats are
written with these getters, so every game reports bad input the same way.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from typing import Any

from refcli import names as naming
from refcli.errors import DataError
from refcli.i18n import N_, _, ngettext
from refcli.inputs import Document
from refcli.locate import KeyPath, format_path
from refcli.visible import SHOWN_CHARACTERS, clip, visible

MAX_NAME_LENGTH = 64
NAME_EXPECTED = N_("a player's name (a non-empty string)")


# TOML's dates and times, as a found value is named
_TEMPORAL = {"datetime": N_("a datetime"), "date": N_("a date"), "time": N_("a time")}


def describe(value: Any) -> str:
    """How a found value is shown in an error: short, typed, never huge (TOML's literals as written)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        digits = decimal_digits(value)  # str() of an integer over 4,300 digits raises: counted, never written
        return str(value) if digits <= 12 else _("an integer of {digits} digits").format(digits=digits)
    if isinstance(value, float):
        if math.isnan(value):
            return _("nan (not a number)")
        if math.isinf(value):
            return _("infinity")
        return _("the decimal {value}").format(value=repr(value))
    if isinstance(value, str):
        return f'"{visible(clip(value))}"' if value else _("an empty string")
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, list):
        return _("an array")
    kind = type(value).__name__
    return _(_TEMPORAL[kind]) if kind in _TEMPORAL else f"a {kind}"


def decimal_digits(value: int) -> int:
    """How many decimal digits ``value`` has, without writing it out (Python refuses past 4,300 digits)."""
    magnitude = abs(value)
    if magnitude < 10**12:
        return len(str(magnitude))
    estimate = math.log10(magnitude)  # to within 1e-9 (a float's precision at millions of digits)
    power = round(estimate)
    if abs(estimate - power) > 1e-6 or power > 1_000_000:  # the floor is sure (or, that big, near enough)
        return math.floor(estimate) + 1
    return power + 1 if magnitude >= 10**power else power  # next to a power of ten: compared with it exactly


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
        """``expected …, found …`` at ``path``; ``expected`` and ``found`` already in the current language."""
        message = (
            _("expected {expected}").format(expected=expected)
            if found is None
            else _("expected {expected}, found {found}").format(expected=expected, found=found)
        )
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
                found = (
                    _('an unknown key (did you mean "{key}"?)').format(key=close[0]) if close else _("an unknown key")
                )
                raise self.error(key, _("one of the keys {keys}").format(keys=join(allowed)), found)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> Any:
        return self.data.get(key)

    def require(self, key: str, expected: str) -> Any:
        if key not in self.data:
            raise self.error_at(self.path + (key,), expected, _("nothing (the key is missing)"))
        return self.data[key]

    def table(self, key: str, *, required: bool = False) -> Table | None:
        if key not in self.data:
            if required:
                self.require(key, _("a table"))
            return None
        value = self.data[key]
        if not isinstance(value, dict):
            raise self.error(key, _("a table"), describe(value))
        return Table(self.doc, value, self.path + (key,))

    def tables(self, key: str, *, what: str, minimum: int = 0, maximum: int | None = None) -> list[Table]:
        """An array of tables such as ``[[player]]``; ``what`` (what they are) in the current language."""
        if key not in self.data:
            if minimum:
                raise self.error_at(
                    self.path + (key,),
                    _("at least {minimum} [[{key}]] table(s) ({what})").format(minimum=minimum, key=key, what=what),
                    _("none"),
                )
            return []
        value = self.data[key]
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise self.error(key, _("[[{key}]] tables ({what})").format(key=key, what=what), describe(value))
        if len(value) < minimum:
            expected = _("at least {minimum} [[{key}]] tables ({what})").format(minimum=minimum, key=key, what=what)
            raise self.error(key, expected, str(len(value)))
        if maximum is not None and len(value) > maximum:
            expected = _("at most {maximum} [[{key}]] tables ({what})").format(maximum=maximum, key=key, what=what)
            raise self.error(key, expected, str(len(value)))
        return [Table(self.doc, item, self.path + (key, index)) for index, item in enumerate(value, 1)]

    # -- scalars ------------------------------------------------------------
    def integer(self, key: str, *, minimum: int, maximum: int, default: int | None = None, what: str = "") -> int:
        if key not in self.data:
            if default is None:
                self.require(key, _("an integer from {minimum} to {maximum}").format(minimum=minimum, maximum=maximum))
            return default  # type: ignore[return-value]
        return self.check_integer(key, self.data[key], minimum=minimum, maximum=maximum, what=what)

    def check_integer(self, key: str | int, value: Any, *, minimum: int, maximum: int, what: str = "") -> int:
        """An integer in range; ``what`` (what it is, in the current language) comes before the range."""
        if maximum == minimum + 1:
            span = _("an integer {minimum} or {maximum}").format(minimum=minimum, maximum=maximum)
        else:
            span = _("an integer from {minimum} to {maximum}").format(minimum=minimum, maximum=maximum)
        expected = f"{what} {span}" if what else span
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
            raise self.error(key, _("true or false"), describe(value))
        return value

    def string(self, key: str, *, expected: str = "", default: str | None = None) -> str:
        expected = expected or _("a string")
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
        return self.check_name(key, self.string(key, expected=_(NAME_EXPECTED)))

    def check_name(self, key: str | int, value: Any) -> str:
        """A new player's name, as ``refcli.formats.reader.read_name`` reads it (NFC, one line, noted)."""
        if not isinstance(value, str):
            raise self.error(key, _(NAME_EXPECTED), describe(value))
        name = naming.normal(value)
        if not name:
            raise self.error(key, _(NAME_EXPECTED), describe(value))
        if naming.has_control(name):
            raise self.error(key, _("a name without control characters"), describe(value))
        if naming.has_line_break(name):
            raise self.error(key, _("a name on one line (no line or paragraph separator)"), describe(value))
        if len(name) > MAX_NAME_LENGTH:
            raise self.error(
                key,
                _("a name of at most {maximum} characters").format(maximum=MAX_NAME_LENGTH),
                ngettext("{count} character", "{count} characters", len(name)).format(count=len(name)),
            )
        self.doc.names[name] = None
        return name


def unique_names(players: list[Table], names: list[str]) -> None:
    """Every player's name differs from the others' (in NFC: "Ana" and "ana" are two players)."""
    seen: dict[str, int] = {}
    for index, (table, name) in enumerate(zip(players, names), 1):
        if name in seen:
            raise table.error(
                "name",
                _("a name no other player has"),
                _('"{name}" again (player[{index}] has it)').format(name=clip(name), index=seen[name]),
            )
        seen[name] = index


def integer_list(table: Table, key: str | int, value: Any, *, minimum: int, maximum: int, what: str) -> list[int]:
    """An array of integers, each in range (e.g. card values)."""
    if not isinstance(value, list):
        raise table.error(key, _("an array of {what}").format(what=what), describe(value))
    path = table.path + (key,)
    items = Table(table.doc, {}, path)
    return [
        items.check_integer(index, item, minimum=minimum, maximum=maximum, what=what)
        for index, item in enumerate(value, 1)
    ]


def player_names(table: Table, key: str, *, minimum: int = 2, maximum: int = 5) -> list[str]:
    """An array of distinct player names in seating order."""
    expected = _("an array of {minimum} to {maximum} player names in seating order").format(
        minimum=minimum, maximum=maximum
    )
    value = table.require(key, expected)
    if not isinstance(value, list) or not value:
        raise table.error(key, expected, describe(value))
    if not minimum <= len(value) <= maximum:
        raise table.error(
            key, _("{minimum} to {maximum} player names").format(minimum=minimum, maximum=maximum), f"{len(value)}"
        )
    items = Table(table.doc, {}, table.path + (key,))
    names: list[str] = []
    for index, item in enumerate(value, 1):
        name = items.check_name(index, item)  # NFC: "Ana" and "ana" are two players
        if name in names:
            raise items.error(index, _("names that differ"), _('"{name}" twice').format(name=clip(name)))
        names.append(name)
    return names


def one_of_names(table: Table, key: str, names: list[str], *, role: str) -> str:
    """A name that must be one of ``names`` (``refcli.names.named``); ``role`` in the current language."""
    value = table.data.get(key)
    if value in names:  # the usual case: checked before any message is built
        return str(value)
    value = table.string(key, expected=_("the {role}'s name, one of {names}").format(role=role, names=join(names)))
    found = naming.named(value, names)
    if len(found) == 1:
        return found[0]
    if found:
        raise table.error(key, naming.ambiguous(found), describe(value))
    raise table.error(
        key, _("the {role}: one of the players ({names})").format(role=role, names=join(names)), describe(value)
    )


def optional_name(table: Table, key: str, names: list[str], *, role: str) -> str | None:
    """``one_of_names`` for a key that may be left out."""
    return one_of_names(table, key, names, role=role) if table.has(key) else None


def names_among(table: Table, key: str, names: list[str]) -> list[str]:
    """An array of names, each one of ``names`` (``refcli.names.named``)."""
    value = table.raw(key)
    if not isinstance(value, list):
        raise table.error(key, _("an array of names among {names}").format(names=join(names)), describe(value))
    items = Table(table.doc, {str(i): v for i, v in enumerate(value, 1)}, table.path + (key,))
    found = []
    for index, item in enumerate(value, 1):
        match = naming.named(item, names) if isinstance(item, str) else []
        if len(match) > 1:
            raise items.error(index, naming.ambiguous(match), describe(item))
        if not match:
            raise items.error(index, _("one of {names}").format(names=join(names)), describe(item))
        found.append(match[0])
    return found


def check_game_key(top: Table, expected: str) -> None:
    """``game`` may be omitted after ``refcli GAME score``, but must match when given."""
    if top.has("game"):
        from refcli.registry import game_named  # the game's other names: "dinero", "engañado"

        value = game_named(top.raw("game"), expected)
        if not isinstance(value, str) or value.strip().casefold() != expected:
            raise top.error("game", _('"{game}" (this is the {game} command)').format(game=expected), describe(value))
