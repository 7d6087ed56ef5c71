"""The Python API's arguments, checked before they are used (``refcli.api``).

A wrong type is a mistake in the calling program: ``TypeError``, with a
sentence saying what was expected, rather than whatever a line deep inside
refcli happens to trip over (``'int' object has no attribute 'strip'``). A
value of the right type that refcli cannot use is the ``UsageError`` the
command line gives for it (exit 2): ``game=""``, ``max_bytes=-1``, a path
holding a NUL character. The command line never gets here with a wrong
type: click has already typed and bounded every option.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from refcli.language.i18n import _
from refcli.model.errors import UsageError
from refcli.model.options import MAX_MAX_BYTES


def kind(value: object) -> str:
    """The name of ``value``'s type, as a ``TypeError`` names it (``int``, ``NoneType``)."""
    return type(value).__name__


def check_text(name: str, value: object, *, optional: bool = True) -> None:
    """``TypeError`` unless ``value`` (the argument ``name``) is a string, or None when it is ``optional``."""
    if isinstance(value, str):
        return
    if not optional:
        raise TypeError(_("{name} must be a string, not {kind}").format(name=name, kind=kind(value)))
    if value is not None:
        raise TypeError(_("{name} must be a string or None, not {kind}").format(name=name, kind=kind(value)))


def check_flag(name: str, value: object) -> None:
    """``TypeError`` unless ``value`` is True or False (a string such as ``"no"`` would count as true)."""
    if not isinstance(value, bool):
        raise TypeError(_("{name} must be True or False, not {kind}").format(name=name, kind=kind(value)))


def check_max_bytes(value: object) -> None:
    """``TypeError`` unless an integer; ``UsageError`` outside the range ``--max-bytes`` takes (1 to 2^40)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(_("max_bytes must be an integer, not {kind}").format(kind=kind(value)))
    if not 1 <= value <= MAX_MAX_BYTES:
        raise UsageError(
            _("max_bytes must be from 1 to {most} (2^40), not {value}").format(most=MAX_MAX_BYTES, value=value)
        )


def line_bytes(text: object) -> bytes:
    """One JSON line as bytes (``str`` is written as UTF-8): ``TypeError`` for another type.

    A ``str`` read with ``errors="surrogateescape"`` gives back the bytes it
    was read from, and other halves of UTF-16 surrogate pairs are passed on as
    such, so a line that is not UTF-8 is refused with its column, as in a file.
    """
    if isinstance(text, str):
        try:
            return text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            return text.encode("utf-8", "surrogatepass")
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError(_("the line must be text (str) or bytes, not {kind}").format(kind=kind(text)))


def check_line_number(value: object) -> None:
    """``TypeError`` unless an integer or None; ``UsageError`` for a number below 1 (lines count from 1)."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(_("line must be an integer or None, not {kind}").format(kind=kind(value)))
    if value < 1:
        raise UsageError(_("line must be 1 or more (lines count from 1), not {value}").format(value=value))


def checked_path(source: object) -> str:
    """The path ``source`` names (``str`` or ``os.PathLike``): ``TypeError`` for another type, ``UsageError`` for a NUL."""
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(
            _("the source must be a path (str or os.PathLike) or a document (a dict), not {kind}").format(
                kind=kind(source)
            )
        )
    path = os.fspath(source)
    if not isinstance(path, str):  # a PathLike of bytes: refcli's paths are text, as its messages show them
        raise TypeError(_("a path must be text (str), not {kind}").format(kind=kind(path)))
    if "\0" in path:  # no file has one in its name: the operating system refuses it
        raise UsageError(_("{path}: a path cannot hold a NUL character").format(path=repr(path)))
    return path


def check_document_keys(document: object, path: str = "") -> None:
    """``TypeError`` naming a key that is not a string anywhere in ``document`` (a table's, in lists too).

    ``path`` is where ``document`` itself is (a value of ``values``: its key).

    Walked with a list of what is left rather than by recursion, so that however deeply a document is
    nested this check never exhausts Python's recursion limit; a container met again (one shared by two
    keys, a document holding itself) is not walked twice.
    """
    left: list[tuple[object, str]] = [(document, path)]
    walked: set[int] = set()
    while left:
        value, path = left.pop()
        if id(value) in walked:
            continue
        walked.add(id(value))
        if isinstance(value, Mapping):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise TypeError(_key_not_text(key, path))
                if isinstance(item, (Mapping, list, tuple)):
                    left.append((item, f"{path}.{key}" if path else key))
        elif isinstance(value, (list, tuple)):
            for position, item in enumerate(value, 1):
                if isinstance(item, (Mapping, list, tuple)):
                    left.append((item, f"{path}[{position}]"))


def _key_not_text(key: object, path: str) -> str:
    if not path:
        return _("a document's keys must be strings, found the key {key} ({kind})").format(
            key=repr(key), kind=kind(key)
        )
    return _("a document's keys must be strings, found the key {key} ({kind}) in {path}").format(
        key=repr(key), kind=kind(key), path=path
    )


def checked_values(values: object) -> Mapping[str, Any] | list[str] | None:
    """``values`` as ``refcli.reading.items`` takes them: a mapping with string keys, or a list of ``"KEY=VALUE"`` strings.

    ``TypeError`` for anything else, a single string too (it would be read as a list of letters).
    """
    if values is None:
        return None
    if isinstance(values, Mapping):
        for key, value in values.items():
            if not isinstance(key, str):
                raise TypeError(
                    _("the keys of values must be strings (such as 'challenger.offer'), found {key} ({kind})").format(
                        key=repr(key), kind=kind(key)
                    )
                )
            check_document_keys(value, key)  # a table given as a value: its keys too
        return values
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(
            _("values must be a mapping of KEY to value or a list of 'KEY=VALUE' strings, not {kind}").format(
                kind=kind(values)
            )
        )
    items = list(values)
    for item in items:
        if not isinstance(item, str):
            raise TypeError(
                _("values must be 'KEY=VALUE' strings, found {item} ({kind})").format(item=repr(item), kind=kind(item))
            )
    return items
