"""Reading input files: bytes from a path or stdin, then TOML, then located errors.

Everything that can go wrong before the rules are consulted is turned into
``InputUnreadable`` (exit 66) or ``DataError`` (exit 65) here, with the file
name and, where there is one, the line.
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from refcli.errors import DataError, InputUnreadable
from refcli.locate import KeyLocator

STDIN_NAME = "<stdin>"

# Larger than any real record by orders of magnitude (the longest complete
# game with every card noted is about 10 KiB); a guard against feeding refcli a disk
# image by mistake. --max-bytes changes it for one run.
DEFAULT_MAX_BYTES = 8 * 1024 * 1024
_limit = {"bytes": DEFAULT_MAX_BYTES}


def set_max_bytes(limit: int) -> None:
    _limit["bytes"] = limit


def max_bytes() -> int:
    return _limit["bytes"]


def too_large(name: str, line: int | None = None) -> DataError:
    limit = max_bytes()
    shown = f"{limit // (1024 * 1024)} MiB" if limit % (1024 * 1024) == 0 else f"{limit} bytes"
    return DataError(
        f"expected at most {shown} (the input size limit; --max-bytes raises it), found more", file=name, line=line
    )


@dataclass(frozen=True)
class Document:
    """A parsed TOML input and what is needed to point back into it."""

    name: str
    data: dict[str, Any]
    text: str
    line: int | None = None  # a record on one line (JSON Lines): every error points at it

    @cached_property
    def _locator(self) -> KeyLocator:
        return KeyLocator(self.text)

    def locator(self) -> KeyLocator:
        """Key path → line, built only when an error needs it."""
        if self.line is not None:
            return _FixedLine(self.line)  # type: ignore[return-value]
        return self._locator


class _FixedLine:
    """The locator of a one-line record: every key path is on that line."""

    def __init__(self, line: int) -> None:
        self.line = line

    def line_of(self, path: object) -> int:
        return self.line


def display_name(path: str) -> str:
    return STDIN_NAME if path == "-" else path


def read_bytes(path: str) -> bytes:
    """The raw bytes of ``path`` (``-`` is standard input)."""
    name = display_name(path)
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is not None:
                raw = stream.read(max_bytes() + 1)
            else:  # a text stream (e.g. under a test runner) has no .buffer
                raw = sys.stdin.read(max_bytes() + 1).encode("utf-8", "surrogateescape")
        else:
            with open(path, "rb") as handle:
                raw = handle.read(max_bytes() + 1)
    except FileNotFoundError:
        raise InputUnreadable(name, "no such file") from None
    except IsADirectoryError:
        raise InputUnreadable(name, "it is a directory, not a file") from None
    except PermissionError:
        raise InputUnreadable(name, "permission denied") from None
    except OSError as error:
        raise InputUnreadable(name, error.strerror or type(error).__name__) from None
    if len(raw) > max_bytes():
        raise too_large(name)
    return raw


def decode(raw: bytes, name: str) -> str:
    """UTF-8 text, as TOML requires; a UTF-8 byte-order mark is tolerated."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DataError("expected UTF-8 text, found UTF-16 (save the file as UTF-8)", file=name, line=1)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise DataError(
            f"expected UTF-8 text, found the byte 0x{raw[error.start]:02x} that is not UTF-8",
            file=name,
            line=line,
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise DataError("expected a text file, found a NUL byte (binary data?)", file=name, line=line)
    return text


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_END = re.compile(r"\s*\(at end of document\)\s*$")


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """Parse TOML, turning every parser failure into a located DataError."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        line: int | None = None
        where = ""
        match = _TOML_POSITION.search(message)
        if match:
            line = int(match.group(1))
            where = f" at column {match.group(2)}"
            message = message[: match.start()]
        elif _TOML_END.search(message):
            line = text.count("\n") + 1
            message = _TOML_END.sub("", message)
        raise DataError(f"not valid TOML{where}: {message[:1].lower()}{message[1:]}", file=name, line=line) from None
    except RecursionError:
        raise DataError("not valid input: arrays or tables nested too deeply", file=name) from None


def load_document(path: str) -> Document:
    """Read and parse one input file (``-`` for standard input)."""
    name = display_name(path)
    text = decode(read_bytes(path), name)
    data = parse_toml(text, name)
    if not data:
        raise DataError(
            "the file is empty (no keys, only blanks or comments); expected a TOML document "
            "(`refcli GAME template final` prints one)",
            file=name,
            line=1,
        )
    return Document(name=name, data=data, text=text)
