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
import sys
from typing import Union

from refcli.language.visible import SHOWN_CHARACTERS, clip, visible

PathPart = Union[str, int]
KeyPath = tuple[PathPart, ...]


class LazyPattern:
    """A regular expression compiled when first used, not at import.

    The scanners' patterns take milliseconds to compile; a command that reads
    a small, valid file never uses most of them, and start-up is a feature.
    """

    __slots__ = ("_source", "_flags", "_compiled")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source, self._flags = source, flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().match(text, pos, endpos)

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().search(text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().fullmatch(text, pos, endpos)


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_PLAIN_RUN = re.compile(r'[^"\\\n]*')


def format_path(path: KeyPath) -> str:
    """``("player", 2, "animals", "cow")`` → ``player[2].animals.cow`` (long keys clipped)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            key = clip(part)
            if not _BARE_KEY.fullmatch(key):
                key = key.replace("\\", "\\\\").replace('"', '\\"')
                key = '"' + visible(key) + '"'
            out += f".{key}" if out else key
    if out:
        return out
    from refcli.language.i18n import _

    return _("(top level)")


class _Stop(Exception):
    """The scanner found its target, or met something it does not model; keep what it has."""


class KeyLocator:
    """Maps key paths of one TOML text to the 1-based line they start on.

    Each question scans the text from the top until the path is found,
    remembering only the path's own ancestors: time linear in the text and
    memory independent of it (an error is reported once, so one scan is the
    usual cost; a map of every key of an 8 MiB file would take gigabytes).
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._answers: dict[KeyPath, int] = {}

    def line_of(self, path: KeyPath) -> int:
        """The line of ``path``, or of its nearest located parent (else line 1)."""
        target = tuple(path)
        if target not in self._answers:
            lines: dict[KeyPath, int] = {}
            try:
                _Scanner(self._text, lines, target).run()
            except (_Stop, IndexError, RecursionError):
                pass
            self._answers[target] = next(
                (lines[target[:size]] for size in range(len(target), 0, -1) if target[:size] in lines), 1
            )  # 1: a top-level key that is missing: the document as a whole
        return self._answers[target]

    def element_lines(self, path: KeyPath) -> dict[int, int]:
        """The line of every element of the array at ``path`` (1-based index → line), in one scan.

        Asking ``line_of`` for each of a record's thousands of events would scan
        the text once per event; this scan records them all as it passes,
        whatever the layout (``[[event]]`` headers, quoted headers, an inline
        array of tables). An element the scan did not reach (it met something it
        does not model) takes the line of its nearest located parent, as
        ``line_of`` would.
        """
        prefix = tuple(path)
        lines: dict[KeyPath, int] = {}
        scanner = _Scanner(self._text, lines, prefix, every=True)
        try:
            scanner.run()
        except (_Stop, IndexError, RecursionError):
            pass
        found = {key[-1]: line for key, line in lines.items() if len(key) == len(prefix) + 1}
        return {index: line for index, line in found.items() if isinstance(index, int)}


# Possessive repeats of a GROUP, here and in refcli.reading.prescan, end the group with
# `|(?!)`, an alternative that never matches. Python 3.11.0 to 3.11.4 end such
# a repeat where its last, failed attempt stopped rather than after the last
# whole one (CPython gh-100061, "Extra characters erroneously matched when
# using possessive quantifier", and gh-106052; both fixed in 3.11.5, and
# Debian 12 ships 3.11.2): `(?:k = 1\n)++` took the blanks of the next line,
# and `"""…"""` never matched. That alternative, tried last, fails at once and
# leaves the position where the failed attempt began; it changes nothing on
# a fixed Python. A greedy repeat would be correct too, but it keeps about 120
# bytes for each repetition to backtrack into (480 MiB for one 8 MiB string of
# escapes); a possessive one keeps nothing. Possessive repeats of one
# character class (`[^"\\\n]++`) are not affected. tests/test_bad_input_patterns.py
# checks every pattern against its greedy twin.

# Runs the scanner passes over in one step when they cannot hold its target:
# lines of `key = scalar`, items of an array (strings without commas, so the
# commas count the items), and everything up to the next bracket or string.
_KEY_VALUE_LINES = LazyPattern(
    r"""(?:[ \t]*+[A-Za-z0-9_-]++[ \t]*+=[ \t]*+(?:[^ \t\r\n#"'\[\]{},=]++|"(?:[^"\\\n]++|\\.|(?!))*+"|'[^'\n]*+')"""
    r"""[ \t]*+(?:\#[^\n]*+)?\r?\n|(?!))++"""
)
_SIMPLE_ITEMS = LazyPattern(
    r"""(?:[ \t\r\n]*+(?:[^ \t\r\n#"'\[\]{},=]++|"[^"\\\n,]*+"|'[^'\n,]*+')[ \t\r\n]*+,|(?!))++"""
)
_PLAIN = LazyPattern(r"""[^\[\]{}"'#]*+""")
_STRING_OR_COMMENT = LazyPattern(
    r'''"""(?:[^"\\]++|\\[\s\S]|"{1,2}+(?!")|(?!))*+"{3,5}+'''
    r"""|'''(?:[^']++|'{1,2}+(?!')|(?!))*+'{3,5}+"""
    r"""|"(?:[^"\\\n]++|\\.|(?!))*+"|'[^'\n]*+'|\#[^\n]*+"""
)
_SPACE = LazyPattern(r"[ \t\r]*+(?:#[^\n]*+)?")
_BLANKS = LazyPattern(r"[ \t]*+")
_EQUALS = LazyPattern(r"[ \t]*+=")
_SPACE_AND_NEWLINES = LazyPattern(r"(?:[ \t\r\n]++|#[^\n]*+|(?!))*+")
_SCALAR = LazyPattern(r"[^,\]}\s#]+")
_TIME_AFTER_DATE = LazyPattern(r" \d{2}:\d{2}")


class _Scanner:
    def __init__(self, text: str, lines: dict[KeyPath, int], target: KeyPath, *, every: bool = False) -> None:
        self.text = text
        self.every = every  # record every element of the array at ``target`` (and do not stop at it)
        self.pos = 0
        self.line = 1
        self.lines = lines
        self.target = target
        self.table: KeyPath = ()
        self.array_counts: dict[KeyPath, int] = {}
        self._named: tuple[str, re.Pattern[str]] | None = None  # the pattern finding the target's key

    # -- low-level movement -------------------------------------------------
    def peek(self, n: int = 1) -> str:
        return self.text[self.pos : self.pos + n]

    def advance(self, n: int = 1) -> None:
        self.line += self.text.count("\n", self.pos, self.pos + n)
        self.pos += n

    def skip_space(self, newlines: bool) -> None:
        """Blanks and comments (and newlines, if ``newlines``), in one step."""
        match = (_SPACE_AND_NEWLINES if newlines else _SPACE).match(self.text, self.pos)
        if match is not None and match.end() > self.pos:
            self.advance(match.end() - self.pos)

    def leads(self, path: KeyPath) -> bool:
        """Whether ``path`` is the target or one of its ancestors (or, with ``every``, one of its elements)."""
        size = len(path)
        if self.every and size == len(self.target) + 1:
            return isinstance(path[-1], int) and path[:-1] == self.target
        return size <= len(self.target) and self.target[:size] == path

    def record(self, path: KeyPath, *, again: bool = False) -> None:
        """Note where ``path`` starts if it leads to the target; stop once the target is found."""
        if self.leads(path):
            if again or path not in self.lines:
                self.lines[path] = self.line
            if len(path) == len(self.target) and not self.every:
                raise _Stop

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
                self.record(self.table, again=True)
            elif self.peek() == "[":
                self.advance()
                self.table = self.resolve(self.key())
                self.skip_space(False)
                self.advance()  # ]
                self.record(self.table)
            elif self.pass_lines():
                continue
            else:
                path = self.table + self.key()
                self.record(path)
                self.skip_space(False)
                if self.peek() != "=":
                    raise _Stop
                self.advance()
                self.skip_space(False)
                self.value(path)

    def pass_lines(self) -> bool:
        """Pass over `key = scalar` lines, up to the one whose key the target names."""
        block = _KEY_VALUE_LINES.match(self.text, self.pos)
        if block is None:
            return False
        stop = block.end()
        depth = len(self.table)
        key = self.target[depth] if self.leads(self.table) and len(self.target) > depth else None
        if isinstance(key, str) and _BARE_KEY.fullmatch(key):  # only a bare key can be in the block
            found = self.line_starting_with(key, stop)
            if found is not None:
                stop = found
        if stop == self.pos:
            return False
        self.advance(stop - self.pos)
        return True

    def line_starting_with(self, key: str, stop: int) -> int | None:
        """Where the first line before ``stop`` that starts ``key =`` starts (the key is bare)."""
        if len(key) <= SHOWN_CHARACTERS:  # a short key may occur often: let a pattern find it
            if self._named is None or self._named[0] != key:
                self._named = (key, re.compile(r"^[ \t]*+%s[ \t]*+=" % re.escape(key), re.MULTILINE))
            found = self._named[1].search(self.text, self.pos, stop)
            return None if found is None else found.start()
        at = self.text.find(key, self.pos, stop)  # a long key: found rarely, compiled never
        while at >= 0:
            start = self.text.rfind("\n", self.pos, at) + 1 or self.pos
            if _BLANKS.fullmatch(self.text, start, at) and _EQUALS.match(self.text, at + len(key)):
                return start
            at = self.text.find(key, at + 1, stop)
        return None

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
        if not self.leads(path) or len(path) > len(self.target):  # (an element, with ``every``: passed whole)
            self.pass_value()
            return
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
            wanted = self.target[len(path)] if len(self.target) > len(path) else 0
            if not isinstance(wanted, int):  # an array cannot lead to a key
                self.pass_value()
                return
            self.advance()
            index = 0
            while True:
                self.skip_space(True)
                if self.peek() == "]":
                    self.advance()
                    return
                if index + 1 < wanted:
                    passed = self.pass_items(wanted - 1 - index)
                    if passed:
                        index += passed
                        continue
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
            match = _SCALAR.match(self.text, self.pos)
            if not match:
                raise _Stop
            self.advance(match.end() - self.pos)
            # dates may carry a time after one space: "1979-05-27 07:32:00"
            if _TIME_AFTER_DATE.match(self.text, self.pos):
                self.advance(1)
                self.value(path)

    def pass_items(self, most: int) -> int:
        """Pass over up to ``most`` simple array items (with their commas) in one step; how many."""
        run = _SIMPLE_ITEMS.match(self.text, self.pos)
        if run is None:
            return 0
        end = run.end()
        if self.text.count(",", self.pos, end) > most:
            end = self.pos - 1
            for _item in range(most):
                end = self.text.index(",", end + 1)
            end += 1
        passed = self.text.count(",", self.pos, end)
        self.advance(end - self.pos)
        return passed

    def pass_value(self) -> None:
        """Pass over one value that cannot hold the target: a scalar, a string, a whole array or table."""
        if self.peek() not in ("[", "{"):
            match = _STRING_OR_COMMENT.match(self.text, self.pos) or _SCALAR.match(self.text, self.pos)
            if match is None:
                raise _Stop
            self.advance(match.end() - self.pos)
            if _TIME_AFTER_DATE.match(self.text, self.pos):  # "1979-05-27 07:32:00"
                self.advance(1)
                self.pass_value()
            return
        depth = 0
        while True:
            plain = _PLAIN.match(self.text, self.pos)
            if plain is not None and plain.end() > self.pos:
                self.advance(plain.end() - self.pos)
            ch = self.peek()
            if ch in ("[", "{"):
                depth += 1
                self.advance()
            elif ch in ("]", "}"):
                depth -= 1
                self.advance()
                if depth == 0:
                    return
            else:  # a string or a comment (or the end of the text)
                match = _STRING_OR_COMMENT.match(self.text, self.pos)
                if match is None:
                    raise _Stop
                self.advance(match.end() - self.pos)

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
