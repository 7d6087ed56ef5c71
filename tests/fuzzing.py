"""Documents for every described input format, drawn by hypothesis: what the fuzzers feed refcli.

Nothing here names a game or a key. The targets are every registered game's
descriptions (``refcli.reading.formats.descriptions(game.package)``: its final
snapshot, each situation kind, its record), and :func:`documents` walks a
description's Type tree to draw documents that are well-formed most of the
time, so that they get through the reader to the rules engines:

* integers from the type's range, the values its examples use and its bounds;
  now and then one step outside, a huge one, a float or a string;
* choices and constants, in another case or with blanks around when the
  reader folds them; now and then a word that is not one;
* player names from a small pool; the key listing the players (the roster)
  is drawn first and the keys naming players pick among it, now and then in
  another case or not among it at all; rosters now and then too short, too
  long or with a name twice;
* arrays, maps and ``[[tables]]`` of lengths in and (now and then) out of range;
* tables with their required keys and some optional ones, now and then one
  required key left out or an unknown key (often a near-miss of a known one);
* union variants (record events) picked among all of the description's;
* game-specific values (cards, animals, scores) from the values the
  description's own examples use, its JSON-Schema enums and patterns, plus junk.

Scalars and array lengths come often from the values the description's
examples use and those of the game's worked examples (``examples/<game>/``
files the description reads): the cards that exist, three dice, chips 3-18.

How often something is broken is drawn per document (from never to one value
in five), so a share of the documents is entirely well-formed.
"""

from __future__ import annotations

import datetime
import json
import random
import re
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

import tomli_w
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from refcli.model import registry
from refcli.model.game import Game
from refcli.reading.formats import EXAMPLE_NAMES, Description, Field, Type, descriptions


# -- what is fuzzed ------------------------------------------------------------------------
class Target(NamedTuple):
    """One described input format of one registered game, and the verb that reads it."""

    game: Game
    kind: str
    desc: Description

    @property
    def name(self) -> str:
        return f"{self.game.id} {self.kind}"


def targets(games: Iterable[Game] | None = None) -> list[Target]:
    """Every (game, kind) a registered game describes; by default the built-in games'."""
    found = registry.built_in() if games is None else games
    return [Target(game, kind, desc) for game in found for kind, desc in descriptions(game.package).items()]


def dispatched_kinds(game: Game) -> set[str]:
    """The kinds the game's verbs read: final (score), each situation its ruling dispatches, record (validate)."""
    kinds = set()
    if game.verb("score") is not None:
        kinds.add("final")
    if game.verb("ruling") is not None:
        kinds.update(game.engine("ruling").SITUATIONS)
    if game.verb("validate") is not None:
        kinds.add("record")
    return kinds


# -- values of any shape -----------------------------------------------------------------------
junk: st.SearchStrategy[Any] = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.integers(-3, 70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=20),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x3000), max_size=80),
    st.lists(st.integers(-3, 70), max_size=4),
    st.lists(st.text(max_size=4), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    st.datetimes(min_value=datetime.datetime(1, 1, 1), max_value=datetime.datetime(9999, 12, 31)),
    st.dates(),
)

# Names a roster draws from (enough for the largest game), and names that are not among any roster.
NAME_POOL: tuple[str, ...] = (
    *EXAMPLE_NAMES,
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kim",
    "Lu",
    "Max",
    "Ned",
    "Oz",
    "Pia",
    "Quin",
    "Rex",
)
STRAY_NAMES = ("Zed", "", "   ", "A\x1bna", "n" * 70, "Ana\u00a0", "\u200b", "Ana\nBen", "😀")
UNKNOWN_KEYS = ("colour", "x", "Note", "#", "")
UNKNOWN_WORDS = ("tea", "", "  ", "dance", "NONE", "ünïcode")
TEXTS = ("", "a note", "¿qué?", "x" * 200, "line\nbreak")


# -- what the descriptions' own examples say ------------------------------------------------------
def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if not str(k).startswith("#")}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


class Examples:
    """The values a description's examples and defaults give each of its types (by identity)."""

    def __init__(self) -> None:
        self.values: dict[int, list[Any]] = {}
        self.lengths: dict[int, list[int]] = {}  # arrays: the lengths the examples have (three dice)
        self.keep: list[Type] = []  # the types seen stay alive, so their ids stay theirs

    def of(self, t: Type) -> list[Any]:
        return self.values.get(id(t), [])

    def lengths_of(self, t: Type) -> list[int]:
        return self.lengths.get(id(t), [])

    def add_description(self, desc: Description) -> None:
        for f in desc.fields:
            self.add_field(f)

    def add_field(self, f: Field) -> None:
        for value in (f.example, f.default):
            if value is not None:
                self.add(f.type, _plain(value))
        self.add_type_fields(f.type)

    def add_type_fields(self, t: Type) -> None:
        for sub in (*t.fields, *t.variants):
            self.add_field(sub)
        for child in (t.item, t.key, *t.items):
            if child is not None:
                self.add_type_fields(child)

    def add(self, t: Type, value: Any) -> None:
        kind = t.kind
        if kind in ("integer", "boolean", "string", "choice", "custom", "const"):
            seen = self.values.setdefault(id(t), [])
            if value not in seen and len(seen) < 64:
                seen.append(value)
                self.keep.append(t)
        elif kind == "array" and isinstance(value, list) and t.item is not None:
            seen = self.lengths.setdefault(id(t), [])
            if len(value) not in seen:
                seen.append(len(value))
                self.keep.append(t)
            for item in value:
                self.add(t.item, item)
        elif kind == "tuple" and isinstance(value, list):
            for item_type, item in zip(t.items, value):
                self.add(item_type, item)
        elif kind == "table" and isinstance(value, dict):
            self.add_table(t.fields, value)
        elif kind == "map" and isinstance(value, dict) and t.key is not None and t.item is not None:
            for k, v in value.items():
                self.add(t.key, k)
                self.add(t.item, v)
        elif kind == "tables" and isinstance(value, list):
            for item in value:
                if t.item is not None:
                    self.add(t.item, item)
                elif isinstance(item, dict):
                    self.add_table(t.fields, item)
        elif kind == "union" and isinstance(value, dict):
            chosen = next((v for v in t.variants if v.key == value.get(t.tag)), None)
            if chosen is not None:
                self.add_table(chosen.type.fields, value)
        elif kind == "either":
            for item_type in t.items:
                if (item_type.kind == "integer") == (type(value) is int):
                    self.add(item_type, value)

    def add_table(self, fields: tuple[Field, ...], value: dict[str, Any]) -> None:
        by_key = {f.key: f for f in fields}
        for k, v in value.items():
            if k in by_key:
                self.add(by_key[k].type, v)


_EXAMPLES: dict[int, tuple[Description, Examples]] = {}
WORKED_EXAMPLES = Path(__file__).resolve().parents[1] / "examples"  # examples/<game id>/*.toml


def examples_of(desc: Description) -> Examples:
    """The values of the description's own examples, and of the game's worked examples of this kind."""
    found = _EXAMPLES.get(id(desc))
    if found is None or found[0] is not desc:
        examples = Examples()
        examples.add_description(desc)
        for data in worked_examples(desc):
            examples.add_table(desc.fields, data)
        found = _EXAMPLES[id(desc)] = (desc, examples)
    return found[1]


def worked_examples(desc: Description) -> list[dict[str, Any]]:
    """The game's worked example files (``examples/<game>/``) the description reads without an error."""
    from refcli.model.errors import DataError
    from refcli.reading.documents import Document
    from refcli.reading.formats import read

    found = []
    for path in sorted((WORKED_EXAMPLES / desc.game).glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
        try:
            read(desc, Document(path.name, data, text))
        except DataError:
            continue
        found.append(data)
    return found


# -- game-specific values: the JSON Schema's enums and patterns -------------------------------------
def schema_values(schema: dict[str, Any] | None) -> tuple[list[Any], list[str]]:
    """The enum values and the string patterns a custom type's JSON Schema fragment names."""
    values: list[Any] = []
    patterns: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            values.extend(node.get("enum", ()))
            if isinstance(node.get("pattern"), str):
                patterns.append(node["pattern"])
            for key in ("anyOf", "oneOf", "allOf"):
                for sub in node.get(key, ()):
                    walk(sub)

    walk(schema)
    return values, patterns


PATTERN_SAMPLES = 48
_PATTERNS: dict[str, tuple[st.SearchStrategy[str], tuple[str, ...]]] = {}


def pattern_strings(pattern: str) -> tuple[st.SearchStrategy[str], tuple[str, ...]]:
    """Strings matching ``pattern``: the (slow) strategy, and samples of it drawn once, to pick from quickly.

    The samples are drawn before any document is (a hypothesis run of their
    own), so what a document draws depends on its own draws only.
    """
    found = _PATTERNS.get(pattern)
    if found is None:
        strategy = st.from_regex(re.compile(pattern), fullmatch=True)
        samples: list[str] = []

        @settings(
            max_examples=PATTERN_SAMPLES,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(strategy)
        def collect(value: str) -> None:
            samples.append(value)

        collect()
        found = _PATTERNS[pattern] = (strategy, tuple(samples))
    return found


def custom_types(t: Type) -> Iterable[Type]:
    if t.kind == "custom":
        yield t
    for child in (t.item, t.key, *t.items, *(f.type for f in (*t.fields, *t.variants))):
        if child is not None:
            yield from custom_types(child)


# -- documents -----------------------------------------------------------------------------------
Draw = Callable[[st.SearchStrategy[Any]], Any]
# The type kinds Writer.value draws (refcli.reading.formats.KINDS; a new kind must be taught here, a test checks).
DRAWN_KINDS = frozenset(
    {
        "integer",
        "boolean",
        "string",
        "choice",
        "name",
        "player",
        "names",
        "array",
        "tuple",
        "table",
        "map",
        "tables",
        "union",
        "either",
        "const",
        "custom",
    }
)


class Writer:
    """Draws one document for one description; ``rate`` (per mille) is how often a value comes out wrong."""

    def __init__(self, draw: Draw, seed: int, desc: Description, rate: int) -> None:
        self.draw = draw
        self.rng = random.Random(seed)
        self.examples = examples_of(desc)
        self.rate = rate
        self.roster: list[str] | None = None
        # In half the documents a value the examples use is used once (a chip, a card), while any is left.
        self.used: dict[int, set[Any]] | None = {} if self.rng.randrange(2) else None

    # -- chance: the structure from a seeded generator (fast); junk, text and patterns from hypothesis
    def broken(self) -> bool:
        """Whether this value comes out wrong (never in a well-formed document)."""
        return self.rate > 0 and self.rng.randrange(1000) < self.rate

    def roll(self, sides: int) -> int:
        return self.rng.randrange(sides)

    def pick(self, items: Iterable[Any]) -> Any:
        return self.rng.choice(list(items))

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def shuffled(self, items: Iterable[Any]) -> list[Any]:
        found = list(items)
        self.rng.shuffle(found)
        return found

    def count(self, minimum: int | None, maximum: int | None, *, spread: int = 4) -> int:
        """How many items: mostly within the bounds (near the lower one), now and then one out of them."""
        lo = minimum or 0
        hi = maximum if maximum is not None else lo + spread
        if self.broken():
            outside = [
                n
                for n in (lo - 1, hi + 1 if maximum is not None and maximum < 100 else None)
                if n is not None and n >= 0
            ]
            if outside:
                return int(self.pick(outside))
        return self.integer(lo, max(lo, min(hi, lo + spread)))

    # -- a table and its keys
    def table(
        self, fields: tuple[Field, ...], fixed: dict[str, Any] | None = None, force: Iterable[str] = ()
    ) -> dict[str, Any]:
        """A table of these fields: the roster first, then the rest in declared order."""
        fixed = dict(fixed or {})
        roster_field = next((f for f in fields if f.roster), None)
        if roster_field is not None and roster_field.key not in fixed:
            fixed[roster_field.key] = self.roster_value(roster_field)
        out: dict[str, Any] = {}
        forced = set(force)
        for f in fields:
            wanted = f.required or f.key in forced or f.key in fixed or self.roll(2) == 1
            if f.required and self.broken():
                wanted = not wanted  # a required key left out
            if not wanted:
                continue
            out[f.key] = fixed[f.key] if f.key in fixed else self.value(f.type)
        if self.broken():
            known = [f.key for f in fields]
            near = (
                [k + "s" for k in known] + [k.upper() for k in known] + [k.replace("_", "-") for k in known if "_" in k]
            )
            out[self.pick([*UNKNOWN_KEYS, *near])] = (
                self.draw(junk) if self.roll(2) else self.value(self.pick(fields).type)
            )
        return out

    def roster_value(self, f: Field) -> Any:
        """The key listing the players: their names drawn first; the other keys then pick among them."""
        t = f.type
        size = self.count(t.minimum, t.maximum, spread=3)
        names = list(NAME_POOL[:size]) if self.roll(3) else self.shuffled(NAME_POOL)[:size]
        if names and self.broken():  # a name twice (in another case), or one that is no name
            names[self.roll(len(names))] = self.pick([names[0].upper(), *STRAY_NAMES])
        self.roster = [name for name in names if name.strip()] or None
        if t.kind == "names":
            return names
        if t.kind == "map":
            assert t.item is not None
            return {name: self.value(t.item) for name in names}
        name_key = next(sub.key for sub in t.fields if sub.type.kind == "name")
        return [self.table(t.fields, fixed={name_key: name}) for name in names]

    def players(self) -> list[str]:
        return self.roster or list(NAME_POOL[:3])

    # -- a value of any type
    def value(self, t: Type) -> Any:
        if self.broken():
            return self.wrong(t)
        kind = t.kind
        known = self.examples.of(t)
        if kind == "integer":
            lo, hi = t.minimum or 0, t.maximum or 0
            roll = self.roll(8)
            if known and self.roll(4):  # what the examples use: the money cards, dice and chips there are
                return self.known(t, known)
            if roll == 3:
                return self.pick((lo, hi))
            if roll == 4:
                return self.integer(lo, hi)
            if roll < 7:  # small: counts, dice, chips
                return self.integer(max(lo, min(hi, 1)), min(hi, max(lo, 6)))
            return self.integer(max(lo, min(hi, -1)), min(hi, max(lo, 20)))
        if kind == "boolean":
            return self.roll(2) == 1
        if kind == "string":
            return (
                self.pick(known)
                if known and self.roll(4)
                else self.pick(TEXTS)
                if self.roll(2)
                else self.draw(st.text(max_size=30))
            )
        if kind == "choice":
            word = self.pick(t.choices)
            return self.folded(word) if t.fold else word
        if kind == "const":
            return self.folded(t.value)
        if kind == "name":
            return self.pick(self.players())
        if kind == "player":
            name = self.pick(self.players())
            return name.lower() if self.roll(8) == 0 else name
        if kind == "names":
            return list(self.players())
        if kind == "array":
            assert t.item is not None
            lengths = self.examples.lengths_of(t)
            n = self.pick(lengths) if lengths and self.roll(2) else self.count(t.minimum, t.maximum)
            return [self.value(t.item) for _ in range(n)]
        if kind == "tuple":
            return [self.value(item) for item in t.items]
        if kind == "table":
            return self.table(t.fields)
        if kind == "map":
            return self.mapping(t)
        if kind == "tables":
            n = self.count(t.minimum, t.maximum, spread=6)
            return [self.value(t.item) if t.item is not None else self.table(t.fields) for _ in range(n)]
        if kind == "union":  # the tag is exact (the variant is picked by it before its const is read)
            chosen = self.pick(t.variants)
            return self.table(chosen.type.fields, fixed={t.tag: chosen.key})
        if kind == "either":
            return self.value(self.pick(t.items))
        if kind == "custom":
            return self.custom(t)
        raise ValueError(f"no strategy for the type kind {kind!r}: teach tests/fuzzing.py")

    def known(self, t: Type, values: list[Any]) -> Any:
        """One of the values the examples use for ``t``; in half the documents, each at most once while any is left."""
        if self.used is None:
            return self.pick(values)
        used = self.used.setdefault(id(t), set())
        left = [value for value in values if value not in used] or values
        value = self.pick(left)
        used.add(value)
        return value

    def folded(self, word: str) -> str:
        """The word as written, or as a folding reader also takes it: another case, blanks around."""
        roll = self.roll(8)
        return word.upper() if roll == 0 else f"  {word} " if roll == 1 else word

    def mapping(self, t: Type) -> dict[str, Any]:
        assert t.key is not None and t.item is not None
        n = self.count(t.minimum, t.maximum)
        if t.key.kind in ("name", "player"):  # among the players; too many keys make some strangers
            pool = self.players()
            if n > len(pool) and not self.broken():
                n = len(pool)
            keys = self.shuffled(pool)[:n] if n <= len(pool) else [*pool, *NAME_POOL][:n]
            if keys and self.broken():
                keys[0] = self.pick(STRAY_NAMES)
        else:  # game values: one key per value read (" Cow" and "vaca" are both the cow)
            drawn: dict[Any, Any] = {}
            for _ in range(n):
                key = self.value(t.key)
                drawn.setdefault(self.parsed(t.key, key), key)
            keys = list(drawn.values())
        return {str(key): self.value(t.item) for key in keys}

    def parsed(self, t: Type, value: Any) -> Any:
        """What a game value reads as (itself when it does not read: a key that is broken on purpose)."""
        if t.parse is not None and not self.broken():
            try:
                return repr(t.parse(value))
            except (ValueError, TypeError):
                pass
        return repr(value)

    def custom(self, t: Type) -> Any:
        enum, patterns = schema_values(t.schema)
        known = [*self.examples.of(t), *enum, *([t.example] if t.example is not None else [])]
        if patterns and (not known or self.roll(8) == 0):
            strategy, samples = pattern_strings(self.pick(patterns))
            return self.pick(samples) if self.roll(16) else self.draw(strategy)  # from_regex is slow: mostly a sample
        return self.pick(known) if known else self.draw(junk)

    def wrong(self, t: Type) -> Any:
        """A value that does not fit ``t`` (or only just)."""
        kind = t.kind
        if kind == "integer" and self.roll(2):
            lo, hi = t.minimum or 0, t.maximum or 0
            return self.pick((lo - 1, hi + 1, 10**30, -(10**30), 1.5, str(lo), True))
        if kind in ("choice", "const") and self.roll(2):
            return self.pick(UNKNOWN_WORDS)
        if kind == "player" and self.roll(2):
            return self.pick(STRAY_NAMES)
        if kind in ("array", "tables") and t.item is not None and self.roll(2):
            return [self.draw(junk)]
        return self.draw(junk)


RATES = (0, 0, 0, 3, 10, 30, 80, 200)  # per mille of the values that come out wrong, one drawn per document


def documents(
    desc: Description, force: tuple[str, ...] = (), rates: tuple[int, ...] = RATES
) -> st.SearchStrategy[dict[str, Any]]:
    """Documents of ``desc``: about a third well-formed, the others a little or much broken.

    ``force`` names optional top-level keys every document has (``game``,
    for the cross-game verbs); ``rates`` how often values come out wrong
    (``(0,)``: only well-formed documents). The document's structure comes from one drawn
    seed (generating from hypothesis draws alone is ten times slower), so a
    failure shrinks little: the assertion shows the document itself.
    """
    for field in desc.fields:
        for t in custom_types(field.type):
            for pattern in schema_values(t.schema)[1]:
                pattern_strings(pattern)  # sampled now, outside the test
    return _documents(desc, force, rates)


@st.composite
def _documents(draw: Draw, desc: Description, force: tuple[str, ...], rates: tuple[int, ...]) -> dict[str, Any]:
    rate = draw(st.sampled_from(rates))
    seed = draw(st.integers(0, 2**64 - 1))
    return Writer(draw, seed, desc, rate).table(desc.fields, force=force)


# -- as a file ---------------------------------------------------------------------------------------
def as_toml(document: dict[str, Any]) -> str:
    return tomli_w.dumps(document)


def as_json_line(document: dict[str, Any]) -> str:
    """One JSON line (``validate --jsonl``); values JSON lacks (dates) become strings, NaN stays NaN."""
    return json.dumps(document, default=str) + "\n"


# -- the terminal's environment ----------------------------------------------------------------------
TERMINAL_VARIABLES = ("PAGER", "REFCLI_PAGER", "COLUMNS", "LINES", "TERM", "LANG")
ENVIRONMENT_TEXT = st.text(st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=24)

# Pagers that can never be a program that does something: refcli may run whatever a drawn PAGER says.
SAFE_PAGERS = st.one_of(
    st.sampled_from(["", " ", "cat", "false", "true", "/", "'", '"', 'less "-R', "\\", "sh -c 'exit 3'"]),
    ENVIRONMENT_TEXT.map(lambda text: "/nonexistent/" + text),  # no such program, whatever follows
    ENVIRONMENT_TEXT.map(lambda text: '"' + text.replace('"', "")),  # an unbalanced quote
)
NUMBERS = st.one_of(
    st.sampled_from(["0", "-5", "abc", "999999999", "9" * 5000, "", " 80 ", "1e3", "٣٣", "²", "1", "1000", "1001"]),
    st.integers(-(10**6), 10**12).map(str),
    ENVIRONMENT_TEXT,
)
VALUES = {
    "PAGER": SAFE_PAGERS,
    "REFCLI_PAGER": SAFE_PAGERS,
    "COLUMNS": NUMBERS,
    "LINES": NUMBERS,
    "TERM": st.sampled_from(["dumb", "xterm-256color", "", "vt100", "no-such-terminal", "\udcff"]) | ENVIRONMENT_TEXT,
    "LANG": st.sampled_from(
        ["es_ES.UTF-8", "es", "C", "POSIX", "C.UTF-8", "en_US.ISO-8859-1", "xx_XX", "es@euro", "es_ES.\udcff"]
    )
    | ENVIRONMENT_TEXT,  # "\udcff": a byte that is not UTF-8, as os.environ holds it
}


@st.composite
def environments(draw: Draw) -> dict[str, str | None]:
    """Each of the terminal's variables unset (None) or hostile: a pager that cannot run, a width that is not one.

    One of the pager variables is always set: with neither, refcli runs less, which would take a
    terminal the tests run on (``pytest -s``).
    """
    drawn = {name: draw(st.none() | VALUES[name]) for name in TERMINAL_VARIABLES}
    if drawn["PAGER"] is None and drawn["REFCLI_PAGER"] is None:
        drawn[draw(st.sampled_from(["PAGER", "REFCLI_PAGER"]))] = draw(SAFE_PAGERS)
    return drawn


# -- hostile text: what a KEY=VALUE item, an answer or an API value may hold -------------------------
DIGITS = "9" * 5_000  # more digits than Python converts (4,300)
DEEP = "[" * 1_200 + "]" * 1_200  # nested deeper than Python recurses
# What a terminal acts on (ESC, BEL, the other C0 controls, DEL, C1, line separators, bidi controls).
CONTROLS = (
    [chr(code) for code in range(0x20) if chr(code) not in "\n"]
    + [chr(code) for code in range(0x7F, 0xA0)]
    + ["\u2028", "\u2029", "\u200e", "\u200f", "\u061c"]
    + [chr(code) for code in range(0x202A, 0x202F)]
    + [chr(code) for code in range(0x2066, 0x206A)]
)
ESCAPES = (
    "\x1b]0;pwned\x07",  # sets the window title
    "\x1b]52;c;aGk=\x07",  # writes the clipboard
    "\x1b]8;;http://evil.example/\x1b\\",  # a link
    "\x1b[2J",  # clears the screen
    "\x9b2J",  # the same with the one-byte CSI
    "\u202eevil",  # right-to-left override
    "a\u2028b",  # a line separator
)
HOSTILE_TEXTS = (
    *ESCAPES,
    "",
    " ",
    "=",
    "a=b",
    "x=y=z",
    "==",
    ",",
    ",,",
    "Ana,=Ben",
    ":=",
    "\t",
    "\r",
    "\x7f",
    "\x07",
    DIGITS,
    "-" + DIGITS,
    "+" + DIGITS,
    "0x" + "f" * 4_000,
    DEEP,
    "[" * 1_200,
    "²",
    "٣",
    "1e309",
    "nan",
    "-0",
    "\udcff",  # a byte that is not UTF-8, as an argument holds it
    "Ana\u200b",
    "Ana\u00a0",
    "x" * 10_000,
)
HOSTILE_LITERALS = (  # after KEY:=
    DIGITS,
    "-" + DIGITS,
    "0x" + "f" * 4_000,
    DEEP,
    "{a = " * 1_200 + "1" + " }" * 1_200,
    "nan",
    "inf",
    "-inf",
    '"\\u001b]0;pwned\\u0007"',
    '"\\u202e"',
    "[1, [2, [3]]]",
    "{a = {b = 1}}",
    "{}",
    "[]",
    "1979-05-27T07:32:00Z",
    "07:32:00",
    "1.5",
    "true",
    "[",
    "'",
    "",
    '"""',
)


def hostile_text(exclude: str = "\x00") -> st.SearchStrategy[str]:
    """Hostile text: controls, escape sequences, huge numbers, deep brackets, ``=`` inside; random mixtures of them.

    ``exclude`` lists characters the text never holds (a command-line argument never holds NUL).
    """
    mixed = st.lists(
        st.one_of(
            st.sampled_from(CONTROLS),
            st.sampled_from(ESCAPES),
            st.text(st.characters(exclude_categories=("Cs",)), max_size=6),
            st.sampled_from(["=", ",", ".", "[", "]", ":", "#", '"', "'", "\\", "1", "Ana"]),
        ),
        max_size=8,
    ).map("".join)
    return st.one_of(st.sampled_from(HOSTILE_TEXTS), mixed).map(
        lambda text: "".join(ch for ch in text if ch not in exclude)
    )


def terminal_controls(text: str) -> list[str]:
    """The characters a terminal acts on in ``text`` (CRLF line ends, which CSV writes, allowed)."""
    return sorted({repr(ch) for ch in text.replace("\r\n", "\n") if ch in CONTROLS})


# -- KEY=VALUE items ------------------------------------------------------------------------------------
KeyPath = tuple[str, ...]


def key_paths(desc: Description) -> list[tuple[KeyPath, Type]]:
    """Every key path a document of ``desc`` holds, with the type of the value there (containers too).

    List items are numbered 1 and 2; a map's keys are what its examples use (names, animals), else
    the first names of the pool; each variant of a union gives its own keys.
    """
    examples = examples_of(desc)
    found: dict[KeyPath, Type] = {}

    def map_keys(t: Type) -> list[str]:
        assert t.key is not None
        known = [str(k) for k in examples.of(t.key)] + [str(k) for k in schema_values(t.key.schema)[0]]
        return list(dict.fromkeys(known))[:4] or list(NAME_POOL[:2])

    def fields(table: Iterable[Field], where: KeyPath) -> None:
        for f in table:
            value((*where, f.key), f.type)

    def value(where: KeyPath, t: Type) -> None:
        if len(where) > 6:
            return
        found.setdefault(where, t)
        if t.kind == "table":
            fields(t.fields, where)
        elif t.kind == "union":
            for variant in t.variants:
                fields(variant.type.fields, where)
        elif t.kind == "tables":
            for n in ("1", "2"):
                if t.item is not None:
                    value((*where, n), t.item)
                else:
                    fields(t.fields, (*where, n))
        elif t.kind in ("array", "names") and t.item is not None:
            for n in ("1", "2"):
                value((*where, n), t.item)
        elif t.kind == "tuple":
            for n, item in enumerate(t.items, 1):
                value((*where, str(n)), item)
        elif t.kind == "map" and t.item is not None:
            for key in map_keys(t):
                value((*where, key), t.item)
        elif t.kind == "either":
            for item in t.items:
                if item.kind != t.kind:
                    value(where, item)

    fields(desc.fields, ())
    return sorted(found.items(), key=lambda pair: pair[0])


def item_text(value: Any) -> str:
    """A value as an item types it after ``=``: lists with commas between, a map as ``key=value`` pairs."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(item_text(item) for item in value)
    if isinstance(value, dict):
        return ",".join(f"{key}={item_text(item)}" for key, item in value.items())
    return str(value)


def literal_text(value: Any) -> str | None:
    """A value as TOML after ``:=``; None for one TOML has no inline form for (a date refcli's writer lacks)."""
    from refcli.reading.formats.text import toml_value

    try:
        return toml_value(value)
    except (TypeError, ValueError):
        return None


def written_key(keys: KeyPath, brackets: bool) -> str:
    """``player.2.name``, or with ``brackets`` ``player[2].name``."""
    text = keys[0]
    for part in keys[1:]:
        text += f"[{part}]" if brackets and part.isdecimal() else f".{part}"
    return text


ODD_POSITIONS = ("0", "3", "99", "01", "²", "٣", DIGITS)  # item numbers past the end, not numbers Python reads


class ItemWriter(Writer):
    """Draws ``KEY=VALUE`` items of one description: its key paths, plausible or (``hostile`` per mille) hostile values."""

    def __init__(self, draw: Draw, seed: int, desc: Description, rate: int, hostile: int) -> None:
        super().__init__(draw, seed, desc, rate)
        self.paths = key_paths(desc)
        self.hostile = hostile
        self.texts = hostile_text()

    def is_hostile(self) -> bool:
        return self.rng.randrange(1000) < self.hostile

    def item(self) -> str:
        keys, t = self.pick(self.paths)
        if self.broken():  # a position that is not one, a near-miss of the key
            position = [n for n, part in enumerate(keys) if part.isdecimal()]
            if position and self.roll(2):
                at = self.pick(position)
                keys = (*keys[:at], self.pick(ODD_POSITIONS), *keys[at + 1 :])
            else:
                keys = (*keys[:-1], keys[-1] + self.pick(["s", "_", "-x", ".x"]))
        key = written_key(keys, brackets=self.roll(4) == 0)
        if self.is_hostile():
            if self.roll(4) == 0:
                return f"{key}:={self.pick(HOSTILE_LITERALS)}"
            return f"{key}={self.draw(self.texts)}"
        value = self.value(t)
        if self.roll(4) == 0 or typed_whole(t):
            literal = literal_text(value)
            if literal is not None:
                return f"{key}:={literal}"
        return f"{key}={item_text(value)}"


def typed_whole(t: Type) -> bool:
    """Whether a value of ``t`` can only be given as TOML (``KEY:=``): tables, and lists or maps of them."""
    from refcli.reading.typed import SCALAR_KINDS

    if t.kind in ("table", "tables", "union"):
        return True
    return t.kind in ("array", "map") and t.item is not None and t.item.kind not in SCALAR_KINDS


HOSTILE_RATES = (0, 0, 50, 200, 500)  # per mille of the items (or answers) that are hostile text, one per case


@st.composite
def items(
    draw: Draw,
    desc: Description,
    most: int = 8,
    rates: tuple[int, ...] = RATES,
    hostile_rates: tuple[int, ...] = HOSTILE_RATES,
) -> list[str]:
    """Up to ``most`` ``KEY=VALUE`` items of ``desc``: the situation named first (mostly), then its key paths.

    ``rates`` and ``hostile_rates`` (per mille) are how often a value comes out wrong and how often it is
    hostile text, one of each drawn per case (``(0,)``: plausible values only).
    """
    rate, hostile = draw(st.sampled_from(rates)), draw(st.sampled_from(hostile_rates))
    writer = ItemWriter(draw, draw(st.integers(0, 2**64 - 1)), desc, rate, hostile)
    found = [writer.item() for _ in range(writer.integer(0, most))]
    if desc.verb == "ruling" and writer.roll(8):  # which situation: its word, or (now and then) a hostile one
        word = draw(writer.texts) if writer.is_hostile() else desc.kind
        found.insert(writer.integer(0, 1) if found else 0, f"situation={word}")
    return [item.replace("\x00", "") for item in found]


def worked_example_paths(desc: Description) -> list[Path]:
    """The game's worked example files of ``desc``'s kind (those it reads without an error)."""
    from refcli.model.errors import DataError
    from refcli.reading.documents import Document
    from refcli.reading.formats import read

    found = []
    for path in sorted((WORKED_EXAMPLES / desc.game).glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        try:
            read(desc, Document(path.name, tomllib.loads(text), text))
        except DataError:
            continue
        found.append(path)
    return found


# -- answers to refcli's questions ---------------------------------------------------------------------
def plausible_answers(game: Game) -> list[str]:
    """Answers the game's questions may take: its kinds, the values its descriptions' examples use, as typed."""
    found: list[str] = ["", "", "y", "n", "yes", "no", "s", "1", "2", "3", "0", *NAME_POOL[:4]]
    for kind, desc in descriptions(game.package).items():
        found.append(kind)
        for values in examples_of(desc).values.values():
            found += [item_text(value) for value in values]
        found += [item_text(value) for value in examples_of(desc).lengths.values()]
    return list(dict.fromkeys(found))


@st.composite
def answers(draw: Draw, game: Game) -> str:
    """What is typed at refcli's questions: plausible answers, hostile text, blank lines; cut short now and then.

    No answer holds "/": after the ruling refcli offers to save the answers under a file name typed,
    which must stay in the folder the test runs in.
    """
    plausible = st.sampled_from(plausible_answers(game))
    lines = draw(
        st.lists(
            st.one_of(plausible, plausible, plausible, hostile_text(exclude="\x00/\n\r")),
            max_size=60,
        )
    )
    text = "\n".join(line.replace("/", "") for line in lines)
    end = draw(st.sampled_from(["\n", "\n", "", "\n\n\n"]))
    return text + end


_YES_NO = re.compile(r"\[(?:y/N|Y/n|y/n)\]: $")
_NUMBERED = re.compile(r"\[1-(\d+)\]: $")
_CHOICES = re.compile(r"\[([^\]\[]*/[^\]\[]*)\]: $")
_DONE = ("[blank: done]", "(blank: done)")
_EXAMPLE = re.compile(r"\((?:[^()]*[,:] )?e\.g\. ([^()]*?)(?:, or [^()]*|: [^()]*)?\)")  # "(money cards, e.g. 50 10 0)"
_ENTER = re.compile(r"\bEnter\b")
_OPTIONAL = ("[blank: leave out]", "[blank: none]", "]: ")  # left out, empty, the default in brackets
SAVE_NAMES = ("", "", "", "-", "saved.toml", "saved.toml", ".", "..", " ", "\x1b]0;x\x07.toml")


class Answerer:
    """Answers refcli's questions as they are asked, the way a person at a terminal might.

    Each answer fits the question most of the time: a yes or a no, one of the numbered or
    bracketed choices, blank where blank ends a list or leaves a key out, else a value the
    description's examples use for the key the question names. Now and then (``hostile`` per
    mille) it is hostile text, a huge number or a blank instead; the input ends (None) after
    ``most`` answers, so that every session ends.
    """

    def __init__(self, draw: Draw, games: Iterable[Game], hostile: int, most: int) -> None:
        self.draw = draw
        self.rng = random.Random(draw(st.integers(0, 2**64 - 1)))
        self.hostile = hostile
        self.most = most
        self.typed: list[str] = []
        self.texts = hostile_text(exclude="\x00/\n\r")  # "/": a file name typed stays in the test's folder
        self.types: dict[str, list[tuple[Writer, Type]]] = {}
        for game in games:
            for desc in descriptions(game.package).values():
                writer = Writer(draw, self.rng.randrange(2**64), desc, 0)
                for keys, t in key_paths(desc):
                    self.types.setdefault(".".join(keys), []).append((writer, t))

    def __call__(self, prompt: str) -> str | None:
        """The next line typed at ``prompt`` (without its line end), or None: the input has ended."""
        if len(self.typed) >= self.most:
            return None
        answer = self.hostile_answer() if self.rng.randrange(1000) < self.hostile else self.fitting(prompt)
        answer = answer.replace("/", "") if "file name" in prompt else answer
        self.typed.append(answer)
        return answer

    def hostile_answer(self) -> str:
        return str(self.draw(self.texts))

    def fitting(self, prompt: str) -> str:
        rng = self.rng
        if "file name" in prompt:
            return rng.choice(SAVE_NAMES)
        if _YES_NO.search(prompt):
            return rng.choice(["", "y", "n", "n", "yes", "no", "s", "Y"])
        numbered = _NUMBERED.search(prompt)
        if numbered:
            return str(rng.randint(1, int(numbered.group(1))))
        if any(done in prompt for done in _DONE) and rng.randrange(3):
            return ""
        example = _EXAMPLE.search(prompt)
        if example and rng.randrange(4):
            # The conversation's questions carry an example of a fitting answer in the players' words.
            return "" if _ENTER.search(prompt) and rng.randrange(3) == 0 else example.group(1)
        choices = _CHOICES.search(prompt)
        if choices:
            return rng.choice(choices.group(1).split("/"))
        if prompt.endswith(_OPTIONAL) and rng.randrange(3) == 0:
            return ""
        label = prompt.split(" ")[0].rstrip(":")
        found = self.types.get(label) or self.types.get(re.sub(r"(?<=\.)\d+(?=\.|$)", "1", label))
        if not found:
            return rng.choice([*NAME_POOL[:4], "1", "2", "10", ""])
        writer, t = rng.choice(found)
        return item_text(writer.value(t))


# -- hostile values for the Python API -----------------------------------------------------------------
def deep_list(depth: int = 1_200) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def deep_table(depth: int = 1_200) -> Any:
    value: Any = {"a": 1}
    for _ in range(depth):
        value = {"a": value}
    return value


def _hostile_api_values() -> dict[str, Callable[[], Any]]:
    import decimal
    import fractions

    return {
        "10**5000": lambda: 10**5_000,
        "-2**20000": lambda: -(2**20_000),
        "nested list": deep_list,
        "nested table": deep_table,
        "nan": lambda: float("nan"),
        "inf": lambda: float("inf"),
        "-inf": lambda: float("-inf"),
        "1e308": lambda: 1e308,
        "bytes": lambda: b"Ana",
        "bytearray": lambda: bytearray(b"\xff"),
        "None": lambda: None,
        "set": lambda: {1, 2},
        "frozenset": lambda: frozenset({"Ana"}),
        "tuple": lambda: ("Ana", 1),
        "long text": lambda: "x" * 200_000,
        "controls": lambda: "Ana" + "".join(ESCAPES),
        "complex": lambda: 1j,
        "object": object,
        "Decimal": lambda: decimal.Decimal("1.5"),
        "Fraction": lambda: fractions.Fraction(1, 3),
        "datetime": lambda: datetime.datetime(2024, 1, 1, 12, 0),
        "date": lambda: datetime.date(2024, 1, 1),
        "time": lambda: datetime.time(12, 0),
        "True": lambda: True,
        "empty table": dict,
        "empty list": list,
        "range": lambda: range(3),
        "generator": lambda: (n for n in range(3)),
        "a list holding itself": _self_holding_list,
        "surrogate": lambda: "\udcff",
    }


def _self_holding_list() -> Any:
    found: list[Any] = [1]
    found.append(found)
    return found


HOSTILE_API_VALUES = _hostile_api_values()
HOSTILE_KEYS: tuple[Any, ...] = (1, None, 1.5, ("a", 1), b"key", True, frozenset())


class Mutation(NamedTuple):
    """One change to a document: ``path`` (picked by a number among its containers) set to a hostile value."""

    where: int  # which container, counted in a walk of the document (modulo how many there are)
    how: str  # "value" (an existing key or item replaced), "key" (a key that is not text added), "add"
    value: str  # a name in HOSTILE_API_VALUES


def containers(node: Any) -> list[Any]:
    """The document's tables and lists, outermost first (a walk without recursion: documents may be deep)."""
    found: list[Any] = []
    seen: set[int] = set()
    left = [node]
    while left:
        here = left.pop()
        if isinstance(here, (dict, list)) and id(here) not in seen:
            seen.add(id(here))
            found.append(here)
            left.extend(reversed(list(here.values() if isinstance(here, dict) else here)))
    return found


def mutated(document: dict[str, Any], mutations: Iterable[Mutation]) -> dict[str, Any]:
    """A copy of ``document`` with each mutation applied (hostile values made now, not drawn by hypothesis)."""
    import copy

    changed = copy.deepcopy(document)
    for mutation in mutations:
        found = containers(changed)
        node = found[mutation.where % len(found)]
        value = HOSTILE_API_VALUES[mutation.value]()
        if mutation.how == "key" and isinstance(node, dict):
            node[HOSTILE_KEYS[mutation.where % len(HOSTILE_KEYS)]] = value
        elif isinstance(node, dict) and node and mutation.how == "value":
            keys = list(node)
            node[keys[mutation.where % len(keys)]] = value
        elif isinstance(node, list) and node and mutation.how == "value":
            node[mutation.where % len(node)] = value
        elif isinstance(node, dict):
            node[f"k{mutation.where % 5}"] = value
        else:
            node.append(value)
    return changed


MUTATIONS = st.builds(
    Mutation,
    st.integers(0, 10_000),
    st.sampled_from(["value"] * 6 + ["key", "add"]),  # a key that is not text is a TypeError: now and then
    st.sampled_from(sorted(HOSTILE_API_VALUES)),
)
