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
from refcli.options import DEFAULT_MAX_BYTES as DEFAULT_MAX_BYTES
from refcli.prescan import check_toml_shape, find_long_integer

STDIN_NAME = "<stdin>"

# Inputs are read in pieces of this size, so that no limit, however large, is
# ever allocated up front (``read(limit + 1)`` would try to).
_CHUNK = 1024 * 1024


def too_large(name: str, max_bytes: int, line: int | None = None) -> DataError:
    """The refusal of an input (or JSON line) larger than ``max_bytes``; ``line`` is where it went over."""
    return DataError(
        f"expected at most {size_text(max_bytes)} (the input size limit; --max-bytes raises it), found more",
        file=name,
        line=line,
    )


def size_text(count: int) -> str:
    """``8 MiB``, ``1 byte``, ``100 bytes``: a byte count as people read it."""
    if count >= 1024 * 1024 and count % (1024 * 1024) == 0:
        return f"{count // (1024 * 1024)} MiB"
    return f"{count} byte" + ("" if count == 1 else "s")


@dataclass(frozen=True)
class Document:
    """A parsed TOML input and what is needed to point back into it."""

    name: str
    data: dict[str, Any]
    text: str
    line: int | None = None  # a record on one line (JSON Lines): every error points at it
    has_lines: bool = True  # False for a document given already parsed (the Python API): no line to name

    @classmethod
    def from_data(cls, data: dict[str, Any], name: str) -> Document:
        """A document that was never text (a dict given to the Python API): errors name no line."""
        return cls(name=name, data=data, text="", has_lines=False)

    @cached_property
    def _locator(self) -> KeyLocator:
        return KeyLocator(self.text)

    def locator(self) -> KeyLocator:
        """Key path → line, built only when an error needs it."""
        if not self.has_lines:
            return _NoLine()  # type: ignore[return-value]
        if self.line is not None:
            return _FixedLine(self.line)  # type: ignore[return-value]
        return self._locator


class _FixedLine:
    """The locator of a one-line record: every key path is on that line."""

    def __init__(self, line: int) -> None:
        self.line = line

    def line_of(self, path: object) -> int:
        return self.line


class _NoLine:
    """The locator of a document that was never text."""

    def line_of(self, path: object) -> None:
        return None


def display_name(path: str) -> str:
    return STDIN_NAME if path == "-" else path


def read_bytes(path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The raw bytes of ``path`` (``-`` is standard input), refused past ``max_bytes``.

    Reads only what is there (never more than ``max_bytes + 1`` bytes), so a
    limit far above the input's size costs nothing.
    """
    name = display_name(path)
    raw: bytes
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is not None:
                raw = _read_at_most(stream, max_bytes + 1)
            else:  # a text stream (e.g. under a test runner) has no .buffer
                raw = _read_at_most(sys.stdin, max_bytes + 1).encode("utf-8", "surrogateescape")
        else:
            with open(path, "rb") as handle:
                raw = _read_at_most(handle, max_bytes + 1)
    except FileNotFoundError:
        raise InputUnreadable(name, "no such file") from None
    except IsADirectoryError:
        raise InputUnreadable(name, "it is a directory, not a file") from None
    except PermissionError:
        raise InputUnreadable(name, "permission denied") from None
    except OSError as error:
        raise InputUnreadable(name, error.strerror or type(error).__name__) from None
    if len(raw) > max_bytes:
        # the line holding the first byte past the limit
        raise too_large(name, max_bytes, raw.count(b"\n", 0, max_bytes) + 1)
    return raw


def _read_at_most(stream: Any, count: int) -> Any:
    """Up to ``count`` bytes (or characters) of ``stream``, read a piece at a time."""
    pieces = []
    left = count
    while left > 0:
        piece = stream.read(min(left, _CHUNK))
        if not piece:
            break
        pieces.append(piece)
        left -= len(piece)
    return (pieces[0][:0] if pieces else stream.read(0)).join(pieces)


def decode(raw: bytes, name: str, *, first_line: int = 1) -> str:
    """UTF-8 text, as TOML requires; a UTF-8 byte-order mark is tolerated.

    ``first_line`` is the line number of ``raw``'s first line in its file (a
    JSON line is one line of a longer file).
    """
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    # UTF-32's little-endian mark begins with UTF-16's: test it first
    for mark, encoding in (
        (b"\xff\xfe\x00\x00", "UTF-32"),
        (b"\x00\x00\xfe\xff", "UTF-32"),
        (b"\xff\xfe", "UTF-16"),
        (b"\xfe\xff", "UTF-16"),
    ):
        if raw.startswith(mark):
            raise DataError(
                f"expected UTF-8 text, found {encoding} (save the file as UTF-8)", file=name, line=first_line
            )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = first_line + raw.count(b"\n", 0, error.start)
        raise DataError(
            f"expected UTF-8 text, found the byte 0x{raw[error.start]:02x} that is not UTF-8",
            file=name,
            line=line,
        ) from None
    nul = text.find("\x00")
    if nul >= 0:
        line = first_line + text.count("\n", 0, nul)
        raise DataError("expected a text file, found a NUL byte (binary data?)", file=name, line=line)
    return text


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_END = re.compile(r"\s*\(at end of document\)\s*$")


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """Parse TOML, turning every parser failure into a located DataError.

    ``check_toml_shape`` first refuses, in one linear pass, what would make the
    parser's time or memory grow faster than the text (see refcli.prescan).
    """
    check_toml_shape(text, name)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        line: int | None = None
        column: int | None = None
        where = ""
        match = _TOML_POSITION.search(message)
        if match:
            line, column = int(match.group(1)), int(match.group(2))
            where = f" at column {column}"
            message = message[: match.start()]
        elif _TOML_END.search(message):
            line = text.count("\n") + 1
            message = _TOML_END.sub("", message)
        from refcli.tomlwords import own_words  # the common mistakes, in refcli's words

        said = own_words(message, text, line, column)
        if said is not None:
            raise DataError(said.message, file=name, line=line, path=said.path) from None
        raise DataError(f"not valid TOML{where}: {message[:1].lower()}{message[1:]}", file=name, line=line) from None
    except RecursionError:
        raise DataError("not valid input: arrays or tables nested too deeply", file=name) from None
    except ValueError as error:  # not a TOMLDecodeError: Python's limit on the digits of an integer
        long_integer = find_long_integer(text)
        if long_integer is None:
            raise DataError(f"not valid input: {' '.join(str(error).split())[:120]}", file=name) from None
        line, digits = long_integer
        raise DataError(
            f"expected an integer of at most {sys.get_int_max_str_digits():,} digits, found one of {digits:,}",
            file=name,
            line=line,
        ) from None


def load_document(path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Document:
    """Read and parse one input file (``-`` for standard input), refusing more than ``max_bytes``."""
    name = display_name(path)
    text = decode(read_bytes(path, max_bytes=max_bytes), name)
    data = parse_toml(text, name)
    if not data:
        raise DataError(
            "the file is empty (no keys, only blanks or comments); expected a TOML document "
            "(`refcli GAME template final` prints one)",
            file=name,
            line=1,
        )
    return Document(name=name, data=data, text=text)
