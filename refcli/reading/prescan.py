"""A linear check of a TOML text's shape, run before ``tomllib`` parses it.

``tomllib`` (pure Python) is linear on most input, but not on all of it, and
its memory per byte varies a hundredfold with what the bytes say:

- a dotted key or table header with thousands of parts (``a.a.a…``) takes
  time and memory quadratic in the parts (a 40 KB key: seconds and 1.5 GB);
- every table (a header, an inline table, a dotted key's parent) costs up to
  a kilobyte of bookkeeping, every key or value about a hundred bytes and a
  few microseconds, so 8 MiB of ``{},`` or ``[a1]`` lines take gigabytes.

(Long keys, strings and numbers cost time and memory in proportion to their
length and need no limit here; an integer beyond Python's 4,300 digits is
refused by ``refcli.reading.documents.parse_toml``.)

A real refcli file is small and plain: keys have at most 4 parts, a complete
recorded game has a few hundred tables and a few thousand keys and values, and
even a record at the longest game any command accepts (20,000 Bamboozled
events, 10,000 for the other games) has at most about 20,000 tables and
230,000 keys and values. The limits below sit well above that and far below what would
make the parser slow, so every accepted input costs time and memory in
proportion to its size.

The check is one pass over the text with compiled regular expressions (no
parsing: it only tells strings and comments from the rest, and keys from
values). Most files are cleared by counting characters and one search,
without the pass. It refuses with the line where a limit was crossed; anything it does not
understand (a string that never ends) stops it, and ``tomllib`` reports that.
"""

from __future__ import annotations

import re
import sys

from refcli.language.i18n import _
from refcli.model.errors import DataError
from refcli.reading.locate import LazyPattern

MAX_KEY_PARTS = 32  # parts of one dotted key or header: `a.b.c` has 3; refcli's formats use at most 4
MAX_TABLES = 40_000  # headers, inline tables and dotted keys' parents: 2 × a record at the longest game
# keys and values (every key, array item, table and scalar): a real game has about 1,500, the densest
# record at the longest game accepted about 230,000; tomllib takes a few microseconds for each
MAX_ITEMS = 300_000

_BARE_CHARS = r"[^ \t\r\n#\"'\[\]{},=.]"

# One token at a time, with the blanks before it. Strings and comments are
# context-free in TOML: a quote or # outside a string always starts one.
# Possessive quantifiers: no backtracking, so an unterminated string fails in
# linear time. The most common tokens come first.
# Each possessively repeated group ends in `|(?!)`: see refcli.reading.locate (CPython gh-100061).
_TOKEN = LazyPattern(
    r"""[ \t\r]*+(?:
     (BARE++)
    |([\[\]{},=.])
    |(\"\"\"(?:[^"\\]++|\\[\s\S]|"{1,2}+(?!")|(?!))*+"{3,5}+)
    |("(?:[^"\\\n]++|\\.|(?!))*+")
    |(\n)
    |(\#[^\n]*+)
    |('''(?:[^']++|'{1,2}+(?!')|(?!))*+'{3,5}+)
    |('[^'\n]*+')
    )""".replace("BARE", _BARE_CHARS),
    re.VERBOSE,
)
_BARE, _PUNCT, _MLBASIC, _BASIC, _NEWLINE, _COMMENT, _MLLITERAL, _LITERAL = range(1, 9)

# Runs of the commonest lines and array items, each taken in one step (a
# scanner that stepped token by token would take seconds on 8 MiB of them).
_KEY_PART = r"[A-Za-z0-9_-]++"
_SCALAR = r"""(?:%s++|"(?:[^"\\\n]++|\\.|(?!))*+"|'[^'\n]*+')""" % _BARE_CHARS.replace(".", "")
_LINE_END = r"[ \t]*+(?:\#[^\n]*+)?\r?\n"
_BLANK_LINES = LazyPattern(r"(?:%s|(?!))++" % _LINE_END)
_KEY_VALUE_LINES = LazyPattern(r"(?:[ \t]*+%s[ \t]*+=[ \t]*+%s%s|(?!))++" % (_KEY_PART, _SCALAR, _LINE_END))
_HEADER_LINES = LazyPattern(r"(?:[ \t]*+\[\[?+[ \t]*+%s[ \t]*+\]\]?+%s|(?!))++" % (_KEY_PART, _LINE_END))
# `key = scalar` pairs of an inline table, each followed by a comma (counted the same way)
_TABLE_ITEMS = LazyPattern(
    r"""(?:[ \t]*+%s[ \t]*+=[ \t]*+(?:%s++|"[^"\\\n,]*+"|'[^'\n,]*+')[ \t]*+,|(?!))++"""
    % (_KEY_PART, _BARE_CHARS.replace(".", ""))
)
# items of an array, each followed by a comma (strings without commas: the commas count the items)
_ARRAY_ITEMS = LazyPattern(
    r"""(?:[ \t\r\n]*+(?:%s++|"[^"\\\n,]*+"|'[^'\n,]*+')[ \t\r\n]*+,|(?!))++""" % _BARE_CHARS.replace(".", "")
)

# Strings and comments (passed over), or an integer of more digits than Python converts.
_LONG_INTEGER = LazyPattern(
    r"""[ \t\r\n]*+(?:"""
    r'''"""(?:[^"\\]++|\\[\s\S]|"{1,2}+(?!")|(?!))*+"{3,5}+'''
    r"""|'''(?:[^']++|'{1,2}+(?!')|(?!))*+'{3,5}+"""
    r"""|"(?:[^"\\\n]++|\\.|(?!))*+"|'[^'\n]*+'|\#[^\n]*+"""
    r"""|(?<![\w.:-])([+-]?+[0-9](?:_?+[0-9]|(?!)){%d,}+)(?![\w.:-]|[ \t]*+=))""" % sys.get_int_max_str_digits()
)

# what the scanner expects next
_LINE_START, _KEY, _HEADER, _VALUE, _AFTER_VALUE, _AFTER_HEADER = range(6)


def check_toml_shape(text: str, name: str) -> None:
    """Refuse (DataError, with the line) a TOML text whose parsing would not be linear and light."""
    if _plainly_within_limits(text):
        return
    _Scanner(text, name).run()


# Whole-text tests that clear most files without the pass: each is true of
# any file that breaks a limit (and of some that do not). Cheapest first.
_MANY_DOTS_ON_A_LINE = re.compile(r"\.(?:[^.\n]*+\.){%d}" % (MAX_KEY_PARTS - 1))
_HEADER_LINE = LazyPattern(r"^[ \t]*+\[", re.MULTILINE)


def _plainly_within_limits(text: str) -> bool:
    dots, braces = text.count("."), text.count("{")
    if (
        text.count("[") + braces + dots > MAX_TABLES
        and len(_HEADER_LINE.compiled().findall(text)) + braces + dots > MAX_TABLES
    ):
        return False
    # keys and values: a key and its value share an =, an array's items are followed by , or ], an
    # inline table's by , or }
    items = text.count("[") + braces + 2 * text.count("=") + text.count(",") + text.count("]") + text.count("}")
    return items <= MAX_ITEMS and _MANY_DOTS_ON_A_LINE.search(text) is None


def find_long_integer(text: str) -> tuple[int, int] | None:
    """(line, digits) of the first integer Python refuses to convert (over 4,300 digits), if any."""
    for match in _LONG_INTEGER.compiled().finditer(text):
        if match.lastindex:
            digits = sum(ch.isdigit() for ch in match.group(1))
            return text.count("\n", 0, match.start(1)) + 1, digits
    return None


class _Scanner:
    """Walks the tokens, following only whether a key, a header or a value comes next."""

    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.line = 1
        self.containers: list[str] = []  # open arrays "[" and inline tables "{"
        self.expect = _LINE_START
        self.parts = 0  # parts of the key being read
        self.tables = 0
        self.items = 0

    def refuse(self, message: str) -> DataError:
        return DataError(message, file=self.name, line=self.line)

    def run(self) -> None:
        text, size = self.text, len(self.text)
        token_at, array_items_at, table_items_at = (
            _TOKEN.compiled().match,
            _ARRAY_ITEMS.compiled().match,
            _TABLE_ITEMS.compiled().match,
        )
        pos = 0
        while pos < size:
            if self.expect == _LINE_START and self.lines_at(pos):
                pos = self.pos
                continue
            if self.expect == _VALUE and self.containers[-1:] == ["["]:
                run = array_items_at(text, pos)
                if run is not None:
                    self.count_run(run.group(), 1)
                    pos = run.end()
            elif self.expect == _KEY and self.containers[-1:] == ["{"]:
                run = table_items_at(text, pos)
                if run is not None:
                    self.count_run(run.group(), 2)  # a key and its value
                    pos = run.end()
            token = token_at(text, pos)
            if token is None:
                return  # a string that does not end (or only blanks are left): tomllib says so
            pos = token.end()
            kind = token.lastindex
            if kind == _PUNCT:
                self.punctuation(text[pos - 1])
            elif kind == _BARE:
                self.word()
            elif kind == _NEWLINE:
                self.line += 1
                if not self.containers:
                    self.expect = _LINE_START
            elif kind != _COMMENT:
                value = token.group(kind or 0)
                if kind in (_BASIC, _LITERAL) and text.startswith(value[0] * 3, token.start(kind or 0)):
                    return  # a multi-line string that does not end
                self.word()
                self.line += value.count("\n")  # multi-line strings

    def lines_at(self, pos: int) -> bool:
        """Take a run of blank lines, one-part ``key = value`` lines or one-part headers; sets ``self.pos``."""
        for pattern, items, tables in ((_BLANK_LINES, 0, 0), (_KEY_VALUE_LINES, 2, 0), (_HEADER_LINES, 1, 1)):
            run = pattern.match(self.text, pos)
            if run is not None:
                lines = run.group().count("\n")
                if self.tables + tables * lines > MAX_TABLES:  # on the line where the count goes over
                    self.line += MAX_TABLES - self.tables
                    self.tables = MAX_TABLES
                    self.count_table()
                if self.items + items * lines > MAX_ITEMS:
                    self.line += (MAX_ITEMS - self.items) // items
                    self.items = MAX_ITEMS
                    self.count_item()
                self.items += items * lines
                self.tables += tables * lines
                self.line += lines
                self.pos = run.end()
                return True
        return False

    def count_run(self, run: str, each: int) -> None:
        """Array items or inline-table pairs, each followed by a comma and counting ``each``."""
        count = run.count(",") * each
        if self.items + count > MAX_ITEMS:  # find the line of the one that goes over
            at = -1
            for _item in range((MAX_ITEMS - self.items) // each + 1):
                at = run.index(",", at + 1)
            self.line += run.count("\n", 0, at)
            self.items = MAX_ITEMS
            self.count_item()
        self.items += count
        self.line += run.count("\n")

    # -- what each token means here -----------------------------------------
    def word(self) -> None:
        """A bare word or a string: a key part, or a value (or, after a value, the time of a date)."""
        if self.expect == _LINE_START:
            self.start_key(_KEY)
        elif self.expect == _VALUE:
            self.count_item()
            self.expect = _AFTER_VALUE

    def punctuation(self, char: str) -> None:
        expect = self.expect
        if char == ".":
            if expect in (_KEY, _HEADER):
                self.parts += 1
                self.count_table()  # each dotted part's parent is a table
                if self.parts > MAX_KEY_PARTS:
                    if expect == _HEADER:
                        raise self.refuse(
                            _("expected a table header of at most {most} parts, found more").format(most=MAX_KEY_PARTS)
                        )
                    raise self.refuse(
                        _("expected a dotted key of at most {most} parts, found more").format(most=MAX_KEY_PARTS)
                    )
            return  # in a value: a decimal point
        if char == "=":
            if expect == _KEY:
                self.expect = _VALUE
            return
        if char == "[":  # in a header: the second [ of [[, nothing more
            if expect == _LINE_START:
                self.count_table()
                self.start_key(_HEADER)
            elif expect == _VALUE:
                self.count_item()
                self.containers.append("[")
            return
        if char == "{":
            if expect == _VALUE:
                self.count_item()
                self.count_table()
                self.containers.append("{")
                self.start_key(_KEY)
            return
        if char == ",":
            if self.containers:
                self.expect = _VALUE if self.containers[-1] == "[" else _KEY
                if self.expect == _KEY:
                    self.start_key(_KEY)
            return
        # "]" or "}"
        if expect == _HEADER and char == "]":
            self.expect = _AFTER_HEADER
        elif self.containers:
            self.containers.pop()
            self.expect = _AFTER_VALUE

    def start_key(self, expect: int) -> None:
        self.expect = expect
        self.parts = 1
        self.count_item()

    def count_item(self) -> None:
        self.items += 1
        if self.items > MAX_ITEMS:
            raise self.refuse(
                _("expected at most {most:,} keys and values in one input, found more").format(most=MAX_ITEMS)
            )

    def count_table(self) -> None:
        self.tables += 1
        if self.tables > MAX_TABLES:
            raise self.refuse(
                _(
                    "expected at most {most:,} tables in one input (headers, inline tables, dotted keys), found more"
                ).format(most=MAX_TABLES)
            )
