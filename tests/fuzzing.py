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
