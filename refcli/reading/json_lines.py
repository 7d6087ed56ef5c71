"""JSON Lines: one recorded game a line, read by the rules TOML input follows.

At most the size limit a line, the same decoding
(``refcli.reading.documents.decode``), every error located by its line, and a
bad line never stops the lines after it. ``json_lines`` reads a file (or
stdin) into a :class:`LineTask` a line; ``given_line`` makes the same task
of one line a program already holds (``refcli.validate_line``), so a line
reads the same from the command line and from the library.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any, NamedTuple

from refcli.language.i18n import _
from refcli.model.errors import DataError, InputUnreadable, RefcliError
from refcli.model.exit_status import ExitStatus, status_for

BOM = b"\xef\xbb\xbf"


class Refused(NamedTuple):
    """A line refused before it could be parsed (too large, a file unreadable): its error and exit status.

    Plain data, not the exception: it travels to a worker, and refcli's
    exceptions do not survive pickling.
    """

    message: str
    status: ExitStatus
    line: int | None = None
    key: str | None = None

    @classmethod
    def of(cls, error: RefcliError) -> Refused:
        return cls(error.one_line(), status_for(error), getattr(error, "line", None), getattr(error, "path", None))


class FileBytes(bytes):
    """A line's bytes as read from a regular file, which travel to a worker process as where they are.

    A ``--jobs`` worker given this line re-reads it from the file (``reread``)
    instead of receiving a copy of every byte through its pipe: the parent's
    messages stay a few hundred bytes a chunk, so it can hand a worker its
    next chunk while the worker is still busy (``refcli.cli.workers``). The
    re-read is checked against the length and CRC-32 of the bytes the parent
    read, so a worker validates exactly the line the parent split off.
    Everywhere else it is the bytes it holds.
    """

    path: str  # the file, absolute (a worker need not share the parent's directory)
    identity: tuple[int, int]  # its device and inode, as opened
    offset: int  # where the line starts in it
    name: str  # as shown
    number: int  # the line

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        import zlib

        where = (self.path, self.identity, self.offset, len(self), zlib.crc32(self), self.name, self.number)
        return reread, where


def reread(
    path: str, identity: tuple[int, int], offset: int, length: int, crc: int, name: str, number: int
) -> bytes | Refused:
    """A line of a regular file, read again where a worker unpickles it (``FileBytes``).

    If it no longer holds what the parent read there (the file was replaced or
    rewritten while being validated), the line is refused as unreadable, with
    a sentence that says so in the run's language (the system's nearest words,
    "stale file handle", would reach a Spanish reader in English).
    """
    import zlib

    try:
        raw = os.pread(_opened(path, identity), length, offset)
        if len(raw) != length or zlib.crc32(raw) != crc:
            raise _Changed
    except _Changed:
        return Refused.of(InputUnreadable(name, _("it changed while refcli was reading it; validate it again")))
    except OSError as error:
        return Refused.of(InputUnreadable.because(name, error))
    return raw


class _Changed(Exception):
    """The file no longer holds, at a line's place, what the parent read there."""


# The file a worker last re-read lines of (its path and identity, and its descriptor): a worker reads one
# file's lines in turn, so one open file is enough; it is closed with the worker.
_REREADING: list[tuple[str, tuple[int, int], int]] = []


def _opened(path: str, identity: tuple[int, int]) -> int:
    if _REREADING and _REREADING[0][:2] == (path, identity):
        return _REREADING[0][2]
    descriptor = os.open(path, os.O_RDONLY)
    status = os.fstat(descriptor)
    if (status.st_dev, status.st_ino) != identity:  # another file now has that name
        os.close(descriptor)
        raise _Changed
    if _REREADING:
        os.close(_REREADING.pop()[2])
    _REREADING.append((path, identity, descriptor))
    return descriptor


class LineTask(NamedTuple):
    """One JSON line to validate: its bytes, or why it was refused while reading."""

    name: str  # the file, as shown
    number: int | None  # its line; None for a file that could not be read at all
    raw: bytes | Refused

    @property
    def where(self) -> str:
        return self.name if self.number is None else f"{self.name}:{self.number}"


# Lone UTF-16 surrogates can only come from \uD800-\uDFFF escapes (UTF-8 cannot
# carry them: decode() refuses them), so only a line with such an escape is searched
# (and only a line with a backslash at all is searched for one: most lines have none).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")

# json.loads(text) for a str: its decoder, without the check for a byte-order mark a line cannot hold here
# (parse_json_line refuses the bytes of one first).
_decode_json = json.JSONDecoder().decode

# Decoding is a large share of a batch's time, and msgspec's compiled decoder (where it is installed) reads a
# line about 2.5x faster than json. It is trusted only with what it reads exactly as json does; json reads
# the rest again, so every value and every refusal stays json's:
# - anything msgspec refuses (lone UTF-16 surrogates, NaN and Infinity, numbers past a double's range,
#   integers over Python's digit limit, bytes that are not UTF-8, any syntax error) is read by json;
# - msgspec allows a few levels more nesting than json before a RecursionError, so a line with as many
#   brackets as _MOST_BRACKETS (far more than a record holds: 466 in 4,000 random games) is read by json;
# - a line that is not an object is read by json, which gives the message.
# Its import costs about what json's decoding of a couple of hundred lines costs, so the first
# _JSON_FIRST lines of a process are read by json alone: one line at the table never pays it.
_JSON_FIRST = 200
_MOST_BRACKETS = 600


class _FastDecoder:
    """msgspec's JSON decoder once a process has read _JSON_FIRST lines (None where it is not installed)."""

    def __init__(self) -> None:
        self.lines_before = _JSON_FIRST
        self.decode: Callable[[bytes], Any] | None = None

    def load(self) -> None:
        try:
            from msgspec.json import Decoder
        except ImportError:  # refcli runs without it (its wheel is not on every platform): json reads every line
            return
        self.decode = Decoder().decode

    def record(self, raw: bytes) -> dict[str, Any] | None:
        """The line's object as json.loads reads it, or None for json to read it."""
        if self.decode is None:
            self.lines_before -= 1
            if self.lines_before == 0:
                self.load()
            return None
        if raw.count(b"[") + raw.count(b"{") >= _MOST_BRACKETS:
            return None
        try:
            data = self.decode(raw)
        except Exception:  # msgspec.DecodeError or ValidationError: json reads it and names the error
            return None
        return data if type(data) is dict else None


_fast = _FastDecoder()


def decode_fast_from_now() -> None:
    """Load msgspec's decoder now, in a process about to start workers that will each read many lines."""
    if _fast.decode is None:
        _fast.load()


def parse_json_line(raw: bytes, name: str, number: int) -> dict[str, Any]:
    """One JSON line as a record, refused by the rules TOML input follows (UTF-8, no NUL)."""
    fast = _fast.record(raw)
    if fast is not None:
        return fast
    # Imported here, past the usual way out: an import statement costs about what msgspec's decoding of a
    # short record does, and more for this module (whose __getattr__ the import machinery asks each time).
    from refcli.reading.documents import decode, too_many_digits

    if raw.startswith(BOM):  # json_lines took the file's own off line 1; one further on is a stray
        raise DataError(
            _("expected a JSON object, found a byte-order mark (U+FEFF); only the file may start with one"),
            file=name,
            line=number,
        )
    text = decode(raw, name, first_line=number)
    try:
        data = _decode_json(text)
    except json.JSONDecodeError as error:
        from refcli.reading.json_errors import own_words

        raise DataError(own_words(error, text), file=name, line=number) from None
    except RecursionError:
        raise DataError(_("not valid JSON: arrays or objects nested too deeply"), file=name, line=number) from None
    except ValueError as error:  # e.g. an integer with more digits than Python converts
        digits = long_json_integer(text)
        if digits is not None:
            raise too_many_digits(digits, name, number) from None
        raise DataError(_("not valid JSON: {error}").format(error=error), file=name, line=number) from None
    if not isinstance(data, dict):
        raise DataError(_("expected a JSON object (one record per line)"), file=name, line=number)
    if "\\" in text and _SURROGATE_ESCAPE.search(text):
        refuse_lone_surrogates(data, name, number)
    return data


def long_json_integer(text: str) -> int | None:
    """The digits of the first number in JSON ``text`` longer than Python converts, passing over strings."""
    import sys

    limit = sys.get_int_max_str_digits()
    pattern = r'"(?:[^"\\]++|\\.)*+"|(?<![0-9.])([0-9]{' + str(limit + 1) + r",}+)(?![.eE])"
    for match in re.finditer(pattern, text):
        if match.group(1):
            return len(match.group(1))
    return None


def refuse_lone_surrogates(value: Any, name: str, number: int, path: str = "") -> None:
    """A string or key holding half a UTF-16 pair is not text: DataError naming where."""
    if isinstance(value, dict):
        for key, item in value.items():
            _refuse_in_text(key, name, number, path, "key")
            refuse_lone_surrogates(item, name, number, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for position, item in enumerate(value, 1):
            refuse_lone_surrogates(item, name, number, f"{path}[{position}]")
    elif isinstance(value, str):
        _refuse_in_text(value, name, number, path, "string")


def _refuse_in_text(text: str, name: str, number: int, path: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        escape = f"\\u{ord(text[error.start]):04x}"
        said = (
            _("expected UTF-8 text, found a key with {escape}, half of a UTF-16 surrogate pair")
            if what == "key"
            else _("expected UTF-8 text, found a string with {escape}, half of a UTF-16 surrogate pair")
        )
        raise DataError(
            said.format(escape=escape),
            file=name,
            line=number,
            path=path or None,
        ) from None


# A file is read a mebibyte at a time: records run to several kilobytes a line, and with the default 8 KiB
# buffer most lines straddle two reads, which costs readline four times what the line's bytes do.
_READ_BUFFER = 1 << 20


def json_lines(path: str, max_bytes: int) -> Iterator[LineTask]:
    """A task for every non-blank line of a JSON Lines file or stdin, read at most ``max_bytes`` a line.

    A longer line is reported as too large (in its place, in order) and skipped
    without being kept, so memory stays bounded whatever the input. A line
    over the limit with a NUL byte in it is binary data (``/dev/zero``, an
    image): reported once, and the rest of that file is not read. A file that
    cannot be opened or read is one task too, so the other files still run.
    """
    from refcli.model.interruption import raise_if_signalled
    from refcli.reading.documents import display_name, too_large

    name = display_name(path)
    raise_if_signalled()  # a kill Python lost while importing must not leave the batch waiting on stdin
    try:
        if path == "-" and hasattr(sys.stdin, "buffer"):
            stream: IO[bytes] = sys.stdin.buffer
        else:
            stream = open(path, "rb", buffering=_READ_BUFFER)  # noqa: SIM115 (closed by the ``with`` below)
    except OSError as error:
        yield LineTask(name, None, Refused.of(InputUnreadable.because(name, error)))
        return
    number = 0
    try:
        with stream if path != "-" else _no_close(stream):
            regular = _regular_file(stream, path)  # its lines are given as FileBytes
            offset = 0  # where the next line starts
            while raw := stream.readline(max_bytes + 1):
                number += 1
                if len(raw) > max_bytes and not raw.endswith(b"\n"):
                    if b"\x00" in raw or skip_rest_of_line(stream):
                        yield LineTask(name, number, Refused.of(binary_line(name, number)))
                        return
                    yield LineTask(name, number, Refused.of(too_large(name, max_bytes, number)))
                    if regular is not None:  # (a pipe cannot tell where it is; its lines are not read again)
                        offset = stream.tell()
                    continue
                offset += len(raw)
                raw = without_file_bom(raw, number)
                if raw and not raw.isspace():  # (the same ASCII blanks bytes.strip takes off, without a copy)
                    if regular is not None:
                        raw = _file_bytes(raw, regular, offset - len(raw), name, number)
                    yield LineTask(name, number, raw)
    except OSError as error:  # a read failed part way (a disk error, a device)
        yield LineTask(name, number + 1, Refused.of(InputUnreadable.because(name, error)))


def lines_size(paths: list[str]) -> int | None:
    """The bytes of the lines ``json_lines`` will read from ``paths``, when each is a regular file (standard input
    or a pipe: not known; one that cannot be read is reported when it is read)."""
    size = 0
    for path in paths:
        try:
            status = os.stat(path) if path != "-" else None
        except (OSError, ValueError):
            return None
        if status is None or not stat.S_ISREG(status.st_mode):
            return None
        size += status.st_size
    return size


def _regular_file(stream: IO[bytes], path: str) -> tuple[str, tuple[int, int]] | None:
    """The absolute path and identity of a regular file just opened, whose lines can be read again; else None."""
    if path == "-":
        return None
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    return os.path.abspath(path), (status.st_dev, status.st_ino)


def _file_bytes(raw: bytes, file: tuple[str, tuple[int, int]], offset: int, name: str, number: int) -> FileBytes:
    line = FileBytes(raw)
    line.path, line.identity = file
    line.offset, line.name, line.number = offset, name, number
    return line


def skip_rest_of_line(stream: IO[bytes], piece: int = 1 << 16) -> bool:
    """Read past the end of the current line, keeping nothing; True if it held a NUL byte."""
    while chunk := stream.readline(piece):
        if b"\x00" in chunk:
            return True
        if chunk.endswith(b"\n"):
            break
    return False


def binary_line(name: str, number: int) -> DataError:
    return DataError(
        _(
            "expected a JSON Lines text file, found a NUL byte in a line over the size limit (binary data?); "
            "the rest of the file is not read"
        ),
        file=name,
        line=number,
    )


class _no_close:
    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def __enter__(self) -> Any:
        return self.stream

    def __exit__(self, *exc: object) -> None:
        return None


def given_line(text: bytes, name: str, number: int | None, max_bytes: int) -> LineTask:
    """The task for one line a program holds, refused as ``json_lines`` would refuse it in a file.

    Longer than ``max_bytes`` (its line break left out) is too large; a
    byte-order mark may start line 1 (or a line of no number), as it may
    start a file. A line over the limit is reported as too large whatever it
    holds: the reader's "binary data, the rest of the file is not read" is
    about a file, and here there is no rest.
    """
    from refcli.reading.documents import too_large

    content = text[:-1] if text.endswith(b"\n") else text
    if len(content) > max_bytes:
        return LineTask(name, number, Refused.of(too_large(name, max_bytes, number)))
    return LineTask(name, number, without_file_bom(text, number or 1))


def without_file_bom(raw: bytes, number: int) -> bytes:
    """Line ``number`` without the byte-order mark a file may start with (as for TOML; only on line 1)."""
    return raw[len(BOM) :] if number == 1 and raw.startswith(BOM) else raw
