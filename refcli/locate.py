"""Find the line a TOML key path was written on.

``tomllib`` reports positions only for syntax errors; for "this value is out
of range" refcli needs the line of ``player[2].animals.cow`` too. This is a
small scanner over the source text that records where every key, table and
array element starts. It runs only after ``tomllib`` accepted the text and
only when an error is being reported, so it can be forgiving: anything it
does not understand ends the scan, and the nearest known parent's line is used.

Key paths use 1-based indices (``player[1]`` is the first ``[[player]]``
table), the way people count seats and events at the table.
"""

from __future__ import annotations

import re
from typing import Union

PathPart = Union[str, int]
KeyPath = tuple[PathPart, ...]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_PLAIN_RUN = re.compile(r'[^"\\\n]*')


def format_path(path: KeyPath) -> str:
    """``("player", 2, "animals", "cow")`` → ``player[2].animals.cow``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            key = part if _BARE_KEY.fullmatch(part) else '"' + part.replace("\\", "\\\\").replace('"', '\\"') + '"'
            out += f".{key}" if out else key
    return out or "(top level)"


class _Stop(Exception):
    """The scanner met something it does not model; keep what it has."""


class KeyLocator:
    """Maps key paths of one TOML text to the 1-based line they start on."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: dict[KeyPath, int] = {}
        self._scanned = False

    def line_of(self, path: KeyPath) -> int:
        """The line of ``path``, or of its nearest located parent (else line 1)."""
        if not self._scanned:
            self._scanned = True
            try:
                _Scanner(self._text, self._lines).run()
            except (_Stop, IndexError, RecursionError):
                pass
        probe = tuple(path)
        while probe:
            if probe in self._lines:
                return self._lines[probe]
            probe = probe[:-1]
        return 1  # a top-level key that is missing: the document as a whole


class _Scanner:
    def __init__(self, text: str, lines: dict[KeyPath, int]) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.lines = lines
        self.table: KeyPath = ()
        self.array_counts: dict[KeyPath, int] = {}

    # -- low-level movement -------------------------------------------------
    def peek(self, n: int = 1) -> str:
        return self.text[self.pos : self.pos + n]

    def advance(self, n: int = 1) -> None:
        chunk = self.text[self.pos : self.pos + n]
        self.line += chunk.count("\n")
        self.pos += n

    def skip_space(self, newlines: bool) -> None:
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch in " \t\r" or (newlines and ch == "\n"):
                self.advance()
            elif ch == "#":
                end = self.text.find("\n", self.pos)
                self.advance((len(self.text) if end < 0 else end) - self.pos)
            else:
                return

    def record(self, path: KeyPath) -> None:
        self.lines.setdefault(path, self.line)

    # -- structure ----------------------------------------------------------
    def run(self) -> None:
        while True:
            self.skip_space(newlines=True)
            if self.pos >= len(self.text):
                return
            if self.peek(2) == "[[":
                self.advance(2)
                raw = self.key()
                key = self.resolve(raw[:-1]) + raw[-1:]
                self.skip_space(False)
                self.advance(2)  # ]]
                count = self.array_counts.get(key, 0) + 1
                self.array_counts[key] = count
                self.table = key + (count,)
                self.record(key)
                self.lines[self.table] = self.line
            elif self.peek() == "[":
                self.advance()
                self.table = self.resolve(self.key())
                self.skip_space(False)
                self.advance()  # ]
                self.record(self.table)
            else:
                path = self.table + self.key()
                self.record(path)
                self.skip_space(False)
                if self.peek() != "=":
                    raise _Stop
                self.advance()
                self.skip_space(False)
                self.value(path)

    def resolve(self, key: KeyPath) -> KeyPath:
        """Insert the current index of every array of tables a header passes."""
        out: KeyPath = ()
        for part in key:
            out += (part,)
            if out in self.array_counts:
                out += (self.array_counts[out],)
        return out

    def key(self) -> KeyPath:
        parts: list[PathPart] = []
        while True:
            self.skip_space(False)
            ch = self.peek()
            if ch == '"':
                parts.append(self.basic_string())
            elif ch == "'":
                parts.append(self.literal_string())
            else:
                match = _BARE_KEY.match(self.text, self.pos)
                if not match:
                    raise _Stop
                parts.append(match.group())
                self.advance(match.end() - self.pos)
            self.skip_space(False)
            if self.peek() != ".":
                return tuple(parts)
            self.advance()

    def value(self, path: KeyPath) -> None:
        ch = self.peek()
        if ch == "{":
            self.advance()
            while True:
                self.skip_space(True)  # TOML 1.1 allows newlines in inline tables
                if self.peek() == "}":
                    self.advance()
                    return
                sub = path + self.key()
                self.record(sub)
                self.skip_space(False)
                self.advance()  # =
                self.skip_space(False)
                self.value(sub)
                self.skip_space(True)
                if self.peek() == ",":
                    self.advance()
        elif ch == "[":
            self.advance()
            index = 0
            while True:
                self.skip_space(True)
                if self.peek() == "]":
                    self.advance()
                    return
                index += 1
                self.record(path + (index,))
                self.value(path + (index,))
                self.skip_space(True)
                if self.peek() == ",":
                    self.advance()
        elif self.peek(3) in ('"""', "'''"):
            quote = self.peek(3)
            end = self.text.find(quote, self.pos + 3)
            if end < 0:
                raise _Stop
            while self.text[end + 3 : end + 4] == quote[0]:  # up to two quotes may close it
                end += 1
            self.advance(end + 3 - self.pos)
        elif ch == '"':
            self.basic_string()
        elif ch == "'":
            self.literal_string()
        else:
            match = re.compile(r"[^,\]}\s#]+").match(self.text, self.pos)
            if not match:
                raise _Stop
            self.advance(match.end() - self.pos)
            # dates may carry a time after one space: "1979-05-27 07:32:00"
            if re.match(r" \d{2}:\d{2}", self.text[self.pos : self.pos + 6]):
                self.advance(1)
                self.value(path)

    def basic_string(self) -> str:
        out = []
        self.advance()  # opening quote
        while True:
            plain = _PLAIN_RUN.match(self.text, self.pos)  # a run without quotes, escapes or newlines: one step
            if plain is not None and plain.end() > self.pos:
                out.append(plain.group())
                self.pos = plain.end()
            ch = self.peek()
            if ch == "" or ch == "\n":
                raise _Stop
            if ch == "\\":
                nxt = self.peek(2)[1:]
                simple = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "b": "\b", "f": "\f", "r": "\r"}
                if nxt in simple:
                    out.append(simple[nxt])
                    self.advance(2)
                elif nxt in ("u", "U"):
                    width = 4 if nxt == "u" else 8
                    out.append(chr(int(self.text[self.pos + 2 : self.pos + 2 + width], 16)))
                    self.advance(2 + width)
                else:
                    raise _Stop
            else:  # the closing quote
                self.advance()
                return "".join(out)

    def literal_string(self) -> str:
        end = self.text.find("'", self.pos + 1)
        if end < 0:
            raise _Stop
        value = self.text[self.pos + 1 : end]
        self.advance(end + 1 - self.pos)
        return value
