"""Reading input files: bytes from a path or stdin, then TOML, then located errors.

Everything that can go wrong before the rules are consulted is turned into
``InputUnreadable`` (exit 66) or ``DataError`` (exit 65) here, with the file
name and, where there is one, the line.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from types import ModuleType
from typing import Any

from refcli.language.i18n import N_, _, ngettext
from refcli.model.errors import DataError, InputUnreadable
from refcli.model.interruption import raise_if_signalled
from refcli.model.options import DEFAULT_MAX_BYTES as DEFAULT_MAX_BYTES
from refcli.reading.locate import KeyLocator, LazyPattern
from refcli.reading.prescan import check_toml_shape, find_long_integer

STDIN_NAME = "<stdin>"

# Inputs are read in pieces of this size, so that no limit, however large, is
# ever allocated up front (``read(limit + 1)`` would try to).
_CHUNK = 1024 * 1024


def too_large(name: str, max_bytes: int, line: int | None = None) -> DataError:
    """The refusal of an input (or JSON line) larger than ``max_bytes``; ``line`` is where it went over."""
    return DataError(
        _("expected at most {size} (the input size limit; --max-bytes raises it), found more").format(
            size=size_text(max_bytes)
        ),
        file=name,
        line=line,
    )


def size_text(count: int) -> str:
    """``8 MiB``, ``1 byte``, ``100 bytes``: a byte count as people read it."""
    if count >= 1024 * 1024 and count % (1024 * 1024) == 0:
        return _("{count} MiB").format(count=count // (1024 * 1024))
    return ngettext("{count} byte", "{count} bytes", count).format(count=count)


@dataclass(frozen=True)
class Document:
    """A parsed TOML input and what is needed to point back into it."""

    name: str
    data: dict[str, Any]
    text: str
    line: int | None = None  # a record on one line (JSON Lines): every error points at it
    has_lines: bool = True  # False for a document given already parsed (the Python API): no line to name
    # The players' names read from it so far (``refcli.reading.formats.reader.read_name``), for ``refcli.reading.player_names.warnings``.
    names: dict[str, None] = field(default_factory=dict, compare=False, repr=False)
    # Keys it leaves out that the table's defaults (``refcli config``) filled in, for ``refcli.reading.warnings``.
    defaulted: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of_line(cls, name: str, data: dict[str, Any], line: int | None) -> Document:
        """``Document(name=name, data=data, text="", line=line)``: a JSON line's record, its fields set at once.

        A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, which a batch of
        thousands of lines pays once a line; this object is the one the constructor makes (tests compare them).
        """
        doc = object.__new__(cls)
        doc.__dict__.update(name=name, data=data, text="", line=line, has_lines=True, names={}, defaulted={})
        return doc

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
            raise_if_signalled()  # a kill during start-up must not leave refcli waiting on stdin
            stream = getattr(sys.stdin, "buffer", None)
            if stream is not None:
                raw = _read_at_most(stream, max_bytes + 1)
            else:  # a text stream (e.g. under a test runner) has no .buffer
                raw = _read_at_most(sys.stdin, max_bytes + 1).encode("utf-8", "surrogateescape")
        else:
            with open(path, "rb") as handle:
                raw = _read_at_most(handle, max_bytes + 1)
    except OSError as error:  # no such file, a directory, no permission, …
        raise InputUnreadable.because(name, error) from None
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
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        # Every UTF-16 and UTF-32 mark holds a byte UTF-8 never has (0xfe, 0xff), so only text that is not UTF-8
        # is looked at for one: a batch of JSON lines pays nothing for the test. UTF-32's little-endian mark
        # begins with UTF-16's: tested first.
        for mark, encoding in (
            (b"\xff\xfe\x00\x00", "UTF-32"),
            (b"\x00\x00\xfe\xff", "UTF-32"),
            (b"\xff\xfe", "UTF-16"),
            (b"\xfe\xff", "UTF-16"),
        ):
            if raw.startswith(mark):
                raise DataError(
                    _("expected UTF-8 text, found {encoding} (save the file as UTF-8)").format(encoding=encoding),
                    file=name,
                    line=first_line,
                ) from None
        line = first_line + raw.count(b"\n", 0, error.start)
        raise DataError(
            _("expected UTF-8 text, found the byte {byte} that is not UTF-8").format(byte=f"0x{raw[error.start]:02x}"),
            file=name,
            line=line,
        ) from None
    nul = text.find("\x00")
    if nul >= 0:
        line = first_line + text.count("\n", 0, nul)
        raise DataError(_("expected a text file, found a NUL byte (binary data?)"), file=name, line=line)
    return text


def usable_tomli(module: ModuleType) -> bool:
    """Whether ``module`` (tomli) parses exactly as tomllib does, only faster.

    tomli is the project tomllib was copied from: the same parser, the same
    messages, which refcli translates and locates. Its compiled wheels parse
    about 2.5x faster. Versions 2.4 and later read TOML 1.1, which accepts what
    tomllib (Python 3.11 to 3.14) refuses, such as a comma after an inline
    table's last item, so only a compiled 2.x before 2.4 is used.
    """
    version = tuple(
        int(part) if part.isdigit() else 0 for part in str(getattr(module, "__version__", "")).split(".")[:2]
    )
    compiled = not str(getattr(getattr(module, "_parser", None), "__file__", ".py")).endswith(".py")
    return compiled and (2, 0) <= version < (2, 4)


def _toml_parser() -> tuple[Callable[[str], dict[str, Any]], type[ValueError]]:
    """The parser of TOML inputs and its error: tomli's compiled wheel where it is installed, else tomllib."""
    import tomllib

    try:
        import tomli
    except ImportError:
        return tomllib.loads, tomllib.TOMLDecodeError
    if usable_tomli(tomli):
        return tomli.loads, tomli.TOMLDecodeError
    return tomllib.loads, tomllib.TOMLDecodeError


# The parser and its error (``_toml_parser``), chosen when a TOML text is first parsed (or either name is first
# asked for): importing the parsers compiles their patterns, which a batch of JSON lines, parsing no TOML,
# would pay for at start-up and never use.
toml_loads: Callable[[str], dict[str, Any]]
TOMLDecodeError: type[ValueError]


def __getattr__(name: str) -> Any:
    if name in ("toml_loads", "TOMLDecodeError"):
        return _chosen_toml_parser()[name == "TOMLDecodeError"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _chosen_toml_parser() -> tuple[Callable[[str], dict[str, Any]], type[ValueError]]:
    """``toml_loads`` and ``TOMLDecodeError``: chosen once, else as set (a test sets them to tomllib's)."""
    chosen = globals()
    if "toml_loads" not in chosen or "TOMLDecodeError" not in chosen:
        loads, error = _toml_parser()
        chosen.setdefault("toml_loads", loads)
        chosen.setdefault("TOMLDecodeError", error)
    return chosen["toml_loads"], chosen["TOMLDecodeError"]


_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")
_TOML_END = re.compile(r"\s*\(at end of document\)\s*$")


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """Parse TOML, turning every parser failure into a located DataError.

    ``check_toml_shape`` first refuses, in one linear pass, what would make the
    parser's time or memory grow faster than the text (see refcli.reading.prescan).
    """
    check_toml_shape(text, name)
    loads, decode_error = _chosen_toml_parser()
    try:
        return loads(text)
    except decode_error as error:
        message = str(error)
        line: int | None = None
        column: int | None = None
        match = _TOML_POSITION.search(message)
        if match:
            line, column = int(match.group(1)), int(match.group(2))
            message = message[: match.start()]
        elif _TOML_END.search(message):
            line = text.count("\n") + 1
            message = _TOML_END.sub("", message)
        from refcli.reading.toml_errors import own_words  # the common mistakes, in refcli's words

        said = own_words(message, text, line, column)
        if said is not None:
            raise DataError(said.message, file=name, line=line, path=said.path) from None
        reason = toml_reason(message)
        if column is not None:
            text_said = _("not valid TOML at column {column}: {reason}").format(column=column, reason=reason)
        else:
            text_said = _("not valid TOML: {reason}").format(reason=reason)
        raise DataError(text_said, file=name, line=line) from None
    except (RecursionError, ValueError) as error:  # not a TOMLDecodeError: one of Python's own limits
        raise beyond_limits(error, text, name) from None


def beyond_limits(error: RecursionError | ValueError, text: str, name: str) -> DataError:
    """The refusal of TOML ``text`` that is valid but past Python's limits: nested too deeply, or an
    integer of more digits than Python converts (``sys.get_int_max_str_digits``)."""
    if isinstance(error, RecursionError):
        return DataError(_("not valid input: arrays or tables nested too deeply"), file=name)
    long_integer = find_long_integer(text)
    if long_integer is None:
        return DataError(_("not valid input: {reason}").format(reason=" ".join(str(error).split())[:120]), file=name)
    line, digits = long_integer
    return too_many_digits(digits, name, line)


def too_many_digits(digits: int, name: str, line: int | None = None) -> DataError:
    """The refusal of an integer of ``digits`` digits, more than Python converts to or from text."""
    return DataError(
        _("expected an integer of at most {most:,} digits, found one of {digits:,}").format(
            most=sys.get_int_max_str_digits(), digits=digits
        ),
        file=name,
        line=line,
    )


# tomllib's messages (Python 3.11 to 3.13), for translation: the fixed ones by their text, the others by a
# pattern whose groups fill the message's placeholders. A message not listed is shown as tomllib says it.
_TOML_MESSAGES = {
    "Invalid statement": N_("invalid statement"),
    "Expected newline or end of document after a statement": N_(
        "expected a new line or the end of the document after a statement"
    ),
    "Cannot overwrite a value": N_("cannot overwrite a value"),
    "Expected ']' at the end of a table declaration": N_("expected ']' at the end of a table declaration"),
    "Expected ']]' at the end of an array declaration": N_("expected ']]' at the end of an array declaration"),
    "Expected '=' after a key in a key/value pair": N_("expected '=' after a key in a key/value pair"),
    "Invalid initial character for a key part": N_("invalid initial character for a key part"),
    "Unclosed array": N_("unclosed array"),
    "Unclosed inline table": N_("unclosed inline table"),
    "Unescaped '\\' in a string": N_("unescaped '\\' in a string"),
    "Invalid hex value": N_("invalid hex value"),
    "Escaped character is not a Unicode scalar value": N_("escaped character is not a Unicode scalar value"),
    "Unterminated string": N_("unterminated string"),
    "Invalid date or datetime": N_("invalid date or datetime"),
    "Invalid value": N_("invalid value"),
}
_TOML_PATTERNS = (
    (LazyPattern(r"Expected (.+)"), N_("expected {what}")),
    (LazyPattern(r"Found invalid character (.+)"), N_("found invalid character {what}")),
    (LazyPattern(r"Illegal character (.+)"), N_("illegal character {what}")),
    (LazyPattern(r"Cannot declare (.+) twice"), N_("cannot declare {what} twice")),
    (LazyPattern(r"Cannot mutate immutable namespace (.+)"), N_("cannot mutate immutable namespace {what}")),
    (LazyPattern(r"Cannot redefine namespace (.+)"), N_("cannot redefine namespace {what}")),
    (LazyPattern(r"Duplicate inline table key (.+)"), N_("duplicate inline table key {what}")),
)


def toml_reason(message: str) -> str:
    """tomllib's ``message`` (without its position) as refcli shows it: in the current language, lower case first."""
    known = _TOML_MESSAGES.get(message)
    if known is not None:
        return _(known)
    for pattern, said in _TOML_PATTERNS:
        match = pattern.fullmatch(message)
        if match:
            return _(said).format(what=match.group(1))
    return message[:1].lower() + message[1:]


def load_document(path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Document:
    """Read and parse one input file (``-`` for standard input), refusing more than ``max_bytes``."""
    name = display_name(path)
    text = decode(read_bytes(path, max_bytes=max_bytes), name)
    data = parse_toml(text, name)
    if not data:
        raise DataError(
            _(
                "the file is empty (no keys, only blanks or comments); expected a TOML document "
                "(`refcli GAME template final` prints one)"
            ),
            file=name,
            line=1,
        )
    return Document(name=name, data=data, text=text)
