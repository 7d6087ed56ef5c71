"""Located, explanatory errors about parsed TOML tables.

A ``Table`` wraps one TOML table and its key path; its errors are ``DataError`` s
whose message has the shape ``FILE:LINE: key.path: expected …, found …``. The
values themselves are read by ``refcli.reading.formats``, which words its errors
the same way (``describe`` names a found value for both).
"""

from __future__ import annotations

import math
from typing import Any

from refcli.language.i18n import N_, _
from refcli.language.visible import clip, visible
from refcli.model.errors import DataError
from refcli.reading.documents import Document
from refcli.reading.locate import KeyPath, format_path

MAX_NAME_LENGTH = 64


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

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> Any:
        return self.data.get(key)

    def require(self, key: str, expected: str) -> Any:
        if key not in self.data:
            raise self.error_at(self.path + (key,), expected, _("nothing (the key is missing)"))
        return self.data[key]
