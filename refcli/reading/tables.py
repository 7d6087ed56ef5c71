"""Located, explanatory errors about parsed TOML tables.

A ``Table`` wraps one TOML table and its key path; its errors are ``DataError`` s
located ``FILE:LINE: key.path: …``, then one whole sentence per case (:func:`wrong_value`,
:func:`missing_key`, :func:`wrong_count`, or the caller's own). The values themselves are
read by ``refcli.reading.formats``, which words its errors the same way (``describe``
names a found value for both).

Why the cases: a frame such as "expected {expected}, found {found}" is a sentence in
English whatever fills it, but not in Spanish, where a verb agrees with what follows
("se esperaba las 40 cartas", "se encontró nada"). Each frame's filler is therefore of
one grammatical kind (one value; a count; a noun phrase after a colon), and a message
whose filler would be a clause (the game is not over, a card seen twice) is written by
its caller as a whole sentence (:meth:`Table.problem`).
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


def wrong_value(expected: str, found: str) -> str:
    """A value that does not fit its key: ``found`` names the one value (``describe``), ``expected`` what fits."""
    # TRANSLATORS: {found} is always one value as written or named ("5 y 3", una tabla, 7, perhaps with a
    # did-you-mean); {expected} is a noun phrase that may be plural: keep it where no verb agrees with it.
    return _("expected {expected}, found {found}").format(expected=expected, found=found)


def not_among(choices: str, found: str) -> str:
    """A word that is none of the ones a key takes: ``choices`` lists them (already joined)."""
    return _("{found} is not one of {choices}").format(found=found, choices=choices)


def out_of_range(expected: str, found: str) -> str:
    """An integer outside the range its key takes: ``expected`` says the range."""
    # TRANSLATORS: {found} is the integer as written; {expected} a noun phrase ("a chip: an integer from 3 to 18").
    return _("{found} is out of range; expected {expected}").format(expected=expected, found=found)


def missing_key(expected: str) -> str:
    """A required key left out: what it should hold."""
    # TRANSLATORS: {expected} is a noun phrase that may be plural: keep it where no verb agrees with it.
    return _("the key is missing; expected {expected}").format(expected=expected)


def wrong_count(expected: str, count: int) -> str:
    """A list (or a table of tables) with too few or too many items: ``count`` is how many there are."""
    # TRANSLATORS: {count} is a number; {expected} how many there must be, a noun phrase.
    return _("expected {expected}, found {count}").format(expected=expected, count=count)


def expected_only(expected: str) -> str:
    """What a value should be, when there is nothing to say about the one found."""
    # TRANSLATORS: {expected} is a noun phrase that may be plural: keep it where no verb agrees with it.
    return _("expected {expected}").format(expected=expected)


class Table:
    """One TOML table of a document, read key by key."""

    def __init__(self, doc: Document, data: dict[str, Any], path: KeyPath = ()) -> None:
        self.doc = doc
        self.data = data
        self.path = path

    # -- errors -------------------------------------------------------------
    def error_at(self, path: KeyPath, expected: str, found: str | None = None, said: str = "") -> DataError:
        """A wrong value at ``path``: ``found`` names the one value (``describe``); both already translated.

        ``said``: a did-you-mean (``refcli.language.suggestions.hint``), put after the sentence.
        """
        message = expected_only(expected) if found is None else wrong_value(expected, found)
        return DataError(
            message + said,
            file=self.doc.name,
            line=self.doc.locator().line_of(path),
            path=format_path(path),
            found=found,
        )

    def error(self, key: str | int | None, expected: str, found: str | None = None, said: str = "") -> DataError:
        path = self.path if key is None else self.path + (key,)
        return self.error_at(path, expected, found, said)

    def problem_at(self, path: KeyPath, message: str) -> DataError:
        """A whole sentence (already translated) about the value at ``path``: a case no frame says well."""
        return DataError(message, file=self.doc.name, line=self.doc.locator().line_of(path), path=format_path(path))

    def problem(self, key: str | int | None, message: str) -> DataError:
        return self.problem_at(self.path if key is None else self.path + (key,), message)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> Any:
        return self.data.get(key)

    def require(self, key: str, expected: str) -> Any:
        if key not in self.data:
            raise self.problem_at(self.path + (key,), missing_key(expected))
        return self.data[key]
