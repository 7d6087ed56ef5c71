"""Lists said inside a sentence ("Ana and Ben", "8 or 13"), in the run's language. Pure."""

from __future__ import annotations

from collections.abc import Iterable

from refcli.i18n import _


def and_list(items: Iterable[object]) -> str:
    """``Ana and Ben and Cid`` (every pair joined, as refcli has always said it)."""
    text = ""
    for index, item in enumerate(items):
        text = str(item) if index == 0 else _("{first} and {second}").format(first=text, second=item)
    return text


def or_list(items: Iterable[object]) -> str:
    """``8 or 13``."""
    text = ""
    for index, item in enumerate(items):
        text = str(item) if index == 0 else _("{first} or {second}").format(first=text, second=item)
    return text
