"""The reader's fast path (refcli/reading/formats/fast.py) against its nested readers, on every described format.

The fast path may refuse any document (the nested readers then read it again
and give the located error), but what it accepts it must read exactly as the
nested readers do: the same values, of the same types, in the same key order.
And it must be the path that well-formed records and the worked examples
take, or it is no use.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import random
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from conftest import EXAMPLES, read_slowly
from fuzzing import Target, documents, targets
from hypothesis import HealthCheck, given, settings

from refcli.model import registry
from refcli.model.errors import RefcliError
from refcli.reading.documents import Document
from refcli.reading.formats import Type, descriptions, with_spanish_words
from refcli.reading.formats.reader import Context, compile_description, read_document

TARGETS = targets()


def exact(value: Any) -> Any:
    """A value with its types and key order made part of what ``==`` compares."""
    if type(value) is dict:
        return ("dict", [(exact(key), exact(item)) for key, item in value.items()])
    if type(value) in (list, tuple):
        return (type(value).__name__, [exact(item) for item in value])
    if type(value) is float and math.isnan(value):
        return ("float", "nan")
    return (type(value).__name__, value)


def fast_read(target: Target, doc: Document) -> dict[str, Any]:
    return compile_description(target.desc)[2](doc.data, Context(doc))


def slow_read(target: Target, doc: Document) -> dict[str, Any] | RefcliError:
    try:
        return read_slowly(target.desc, doc)
    except RefcliError as error:
        return error


@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
def test_what_the_fast_path_accepts_it_reads_as_the_nested_readers_do(target: Target) -> None:
    accepted = 0

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(document=documents(target.desc))
    def run(document: dict[str, Any]) -> None:
        nonlocal accepted
        doc = Document("input.toml", document, "")
        slow = slow_read(target, doc)
        try:
            fast = fast_read(target, doc)
        except Exception:  # noqa: BLE001 - refusing is always allowed: the nested readers decide
            return
        assert not isinstance(slow, RefcliError), f"the fast path accepted what the reader refuses: {slow}"
        assert exact(fast) == exact(slow)
        accepted += 1

    run()
    assert accepted, f"{target.name}: the fast path accepted no document"


EXAMPLE_FILES = sorted(EXAMPLES.glob("*/*.toml"))


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_the_worked_examples_take_the_fast_path_and_read_the_same(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    game = registry.find(data.get("game", path.parent.name))
    assert game is not None
    kind = game.kind(data["situation"]) if "situation" in data else ("record" if "event" in data else "final")
    assert kind is not None
    target = Target(game, kind, descriptions(game.package)[kind])
    doc = Document(path.name, data, "")
    assert exact(fast_read(target, doc)) == exact(read_slowly(target.desc, doc))


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_generated_records_take_the_fast_path_and_read_the_same(game: Any) -> None:
    if not game.simulate:
        pytest.skip("no generator of random games")
    random_game = importlib.import_module(game.simulate.module).random_game
    target = Target(game, "record", descriptions(game.package)["record"])
    for seed in range(30):
        doc = Document("game.toml", random_game(seed), "")
        assert exact(fast_read(target, doc)) == exact(read_slowly(target.desc, doc))
        assert exact(read_document(target.desc, doc)) == exact(read_slowly(target.desc, doc))


# -- the games' Spanish words -----------------------------------------------------------------------------------
def spelled(word: str, rng: random.Random) -> str:
    """``word`` as a person may type it: as written, without accents, in capitals, with blanks around."""
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))
    return rng.choice([word, bare, word.upper(), f"  {word.title()} "])


def in_spanish(t: Type, value: Any, game: Any, rng: random.Random) -> Any:
    """``value`` (a document's, read as ``t``) with every word the game has a Spanish word for in Spanish."""
    kind = t.kind
    if kind in ("choice", "const") and type(value) is str:
        options = [word for word, english in t.synonyms if english == value and word != english]
        return spelled(rng.choice(options), rng) if options else value
    if kind == "custom" and type(value) is str and value.split():  # Money!'s cards: "dollar 30 #7", "bluff"
        first, *rest = value.split(" ")
        words = {**game.spanish.get("currency", {}), **game.spanish.get("card", {})}
        options = [word for word, english in words.items() if english == first]
        return " ".join([spelled(rng.choice(options), rng).strip(), *rest]) if options else value
    if kind == "union" and type(value) is dict:
        variant = next(v for v in t.variants if v.key == value.get(t.tag))
        table = in_spanish(variant.type, value, game, rng)
        options = [word for word, english in t.synonyms if english == variant.key and word != english]
        return {**table, t.tag: spelled(rng.choice(options), rng)} if options else table
    if kind == "table" and type(value) is dict:
        types = {f.key: f.type for f in t.fields}
        return {key: in_spanish(types[key], item, game, rng) if key in types else item for key, item in value.items()}
    if kind in ("array", "tables") and type(value) is list:
        item = t.item if t.item is not None else Type("table", fields=t.fields)
        return [in_spanish(item, entry, game, rng) for entry in value]
    if kind == "map" and type(value) is dict and t.item is not None:
        return {key: in_spanish(t.item, item, game, rng) for key, item in value.items()}
    if kind == "either":
        fits = [item for item in t.items if item.kind in ("array", "tables") and type(value) is list]
        return in_spanish(fits[0], value, game, rng) if fits else value
    return value


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_generated_records_in_spanish_take_the_fast_path_and_read_as_in_english(game: Any) -> None:
    """The game's Spanish words (event types, cards, answers, actions, currencies, the game's names), typed any
    way, are read by the fast path, to the same values as the nested readers and as the English record."""
    if not game.simulate:
        pytest.skip("no generator of random games")
    random_game = importlib.import_module(game.simulate.module).random_game
    target = Target(game, "record", descriptions(game.package)["record"])
    worded = with_spanish_words(target.desc)
    record_type = Type("table", fields=worded.fields)
    rng = random.Random(16)
    changed = 0
    for seed in range(20):
        data = random_game(seed)
        spanish = in_spanish(record_type, {**data, "game": game.id}, game, rng)
        spanish["game"] = spelled(rng.choice(game.names()), rng)
        changed += spanish != data
        doc, english = Document("game.toml", spanish, ""), Document("game.toml", {**data, "game": game.id}, "")
        assert (
            exact(fast_read(target, doc))
            == exact(read_slowly(target.desc, doc))
            == exact(read_slowly(target.desc, english))
        )
    assert changed, "no Spanish word written"


# -- events made as they are read (refcli.reading.formats.description.with_made) ---------------------------------
def made_target(game: Any) -> Target:
    """The format a game's records are validated with: its events made into the replay's objects as read."""
    return Target(game, "record", game.engine("validate").RECORDS.format)


def events_of(made: dict[str, Any]) -> list[Any]:
    return list(made["event"] or ())


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_events_made_as_read_are_the_same_on_both_paths_and_made_of_the_values_read(game: Any) -> None:
    """Each event the fast path makes is the one the nested readers make, and the one its maker makes of the
    values the format reads without makers; for generated records, in English and in Spanish, and for fuzzed
    ones."""
    target = made_target(game)
    plain = descriptions(game.package)["record"]
    union = next(f.type.item for f in target.desc.fields if f.key == "event")
    assert union is not None and all(v.type.make is not None for v in union.variants)
    makers = {v.key: (v.type.make, [f.key for f in v.type.fields]) for v in union.variants}
    random_game = importlib.import_module(game.simulate.module).random_game
    record_type = Type("table", fields=with_spanish_words(plain).fields)
    rng = random.Random(3)
    kinds = set()
    for seed in range(15):
        data = {**random_game(seed), "game": game.id}
        for document in (data, in_spanish(record_type, data, game, rng)):
            doc = Document("game.toml", document, "")
            made = fast_read(target, doc)
            assert exact(made) == exact(read_slowly(target.desc, doc))
            values = read_slowly(plain, Document("game.toml", data, ""))
            expected = []
            for event in values["event"] or ():
                make, keys = makers[event["type"]]
                expected.append(make(*[event[key] for key in keys]))
                kinds.add(event["type"])
            assert exact(events_of(made)) == exact(expected)
    assert kinds == set(makers)

    accepted = 0

    @settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(document=documents(plain))
    def run(document: dict[str, Any]) -> None:
        nonlocal accepted
        doc = Document("input.toml", document, "")
        slow = slow_read(target, doc)
        try:
            fast = fast_read(target, doc)
        except Exception:  # noqa: BLE001 - refusing is always allowed: the nested readers decide
            return
        assert not isinstance(slow, RefcliError), f"the fast path accepted what the reader refuses: {slow}"
        assert exact(fast) == exact(slow)
        accepted += 1

    run()
    assert accepted


# -- a custom value's parser, remembered (refcli.reading.formats.fast._custom) ------------------------------------
def test_a_custom_value_is_parsed_once_a_string_and_never_taken_for_another_type() -> None:
    """What the parser gave a string or an integer is remembered when nothing can change it (a string, a tuple of
    strings), exactly: ``True`` (equal to 1) and ``1.0`` are parsed again, and what could change (a list, a tuple
    holding one) is never kept."""
    from refcli.reading.formats import Description, Field, array, custom

    calls: list[Any] = []

    def parse(value: Any) -> Any:
        calls.append(value)
        if type(value) is bool:
            return "a bool"
        if type(value) is float:
            return "a float"
        if value == "list":
            return []
        if value == "card":
            return _Pass("a card", None)
        if value == "boxed":
            return ("a tuple holding a list", [])
        return f"read {value}"

    kind = custom(parse, expected="anything", schema={}, example="x")
    desc = Description(
        "test",
        "record",
        "memo",
        "",
        (Field("one", kind, ""), Field("many", array(kind), "")),
    )
    fast = compile_description(desc)[2]
    for value in [1, True, 1.0, "list", "x", "x", 1, "list", "card", "boxed", "card", "boxed"]:
        doc = Document("memo.toml", {"one": value, "many": [value, value]}, "")
        assert exact(fast(doc.data, Context(doc))) == exact(read_slowly(desc, doc))

    def parsed(value: Any) -> int:  # True == 1 == 1.0: counted by exact type
        return sum(type(call) is type(value) and call == value for call in calls)

    # each value 3 times a document by the nested readers; by the fast path, once a string or integer
    assert parsed(1) == parsed("x") == parsed("card") == 2 * 3 + 1  # a NamedTuple of strings is kept too
    assert parsed(True) == parsed(1.0) == 3 + 3  # never looked up in what 1 gave
    assert parsed("list") == parsed("boxed") == 2 * (3 + 3)  # a list, a tuple holding one: parsed every time
    first = fast({"one": "list"}, Context(Document("memo.toml", {}, "")))["one"]
    first.append("changed")
    assert fast({"one": "list"}, Context(Document("memo.toml", {}, "")))["one"] == []


# -- events declared (refcli.reading.formats.description.Made) ----------------------------------------------------
@dataclass(frozen=True)
class _Bid:
    who: str
    amounts: tuple[int, ...]
    spare: tuple[int, ...] | None
    marked: None
    pairs: tuple[tuple[str, int], ...]


class _Pass(NamedTuple):
    who: str
    dice: tuple[int, ...] | None


def _bid(tag: str, who: str, amounts: list[int], spare: list[int] | None, pairs: Any, note: str | None) -> _Bid:
    return _Bid(who, tuple(amounts), None if spare is None else tuple(spare), None, tuple(pairs))


def _pass(tag: str, who: str, dice: list[int] | None, note: str | None) -> _Pass:
    return _Pass(who, None if dice is None else tuple(dice))


def _made_up_record() -> Any:
    from refcli.reading.formats import (
        Description,
        Field,
        array,
        integer,
        names,
        note_field,
        pair,
        player,
        tables,
        union,
        variant,
    )

    amounts = array(integer(0, 9), minimum=0, maximum=4)
    bid = variant(
        "bid",
        "a bid",
        Field("who", player("bidder"), "who bids", required=True),
        Field("amounts", amounts, "what", default=[]),
        Field("spare", amounts, "spare"),
        Field("pairs", array(pair(player("p"), integer(0, 9), expected="a pair")), "pairs", default=[]),
        note_field(),
    )
    passed = variant(
        "pass",
        "a pass",
        Field("who", player("passer"), "who", required=True),
        Field("dice", amounts, "d"),
        note_field(),
    )
    return Description(
        "made-up",
        "record",
        "made-up record",
        "a made-up record of events",
        fields=(
            Field("players", names(), "players", required=True, roster=True),
            Field("event", tables(item=union("type", bid, passed), what="events"), "events"),
        ),
    )


def test_a_declared_maker_makes_on_both_paths_what_a_maker_function_makes() -> None:
    """``Made``: the fast reader's inline making, the nested readers' call of the declaration and a hand-written
    function give equal objects of the same class, arrays as tuples (an absent one None, a default list ()),
    constants in place, for fuzzed documents; what the fast path refuses the nested readers may still read."""
    from refcli.reading.formats.description import Made, with_made

    plain = _made_up_record()
    functions = with_made(plain, "event", {"bid": _bid, "pass": _pass})
    declared = with_made(
        plain,
        "event",
        {
            "bid": Made(
                _Bid,
                ("who", "amounts", "spare", "marked", "pairs"),
                tuples=frozenset({"amounts", "spare", "pairs"}),
                attributes=True,
                constants=(("marked", None),),
            ),
            "pass": Made(_Pass, ("who", "dice"), tuples=frozenset({"dice"})),
        },
    )
    by_function, by_declaration = Target(None, "record", functions), Target(None, "record", declared)  # type: ignore[arg-type]
    read = 0

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(document=documents(plain))
    def run(document: dict[str, Any]) -> None:
        nonlocal read
        doc = Document("input.toml", document, "")
        wanted = slow_read(by_function, doc)
        assert exact_of(slow_read(by_declaration, doc)) == exact_of(wanted)
        try:
            fast = fast_read(by_declaration, doc)
        except Exception:  # noqa: BLE001 - refusing is always allowed: the nested readers decide
            return
        assert exact_of(fast) == exact_of(wanted)
        read += bool(fast["event"])

    run()
    assert read


def exact_of(value: Any) -> Any:
    """``exact``, also telling the events' classes and fields apart (and the nested readers' error by message)."""
    if isinstance(value, RefcliError):
        return ("error", str(value))
    if isinstance(value, _Bid):
        return ("bid", exact(dataclasses.astuple(value)), list(vars(value)))
    if isinstance(value, _Pass):
        return ("pass", exact(tuple(value)))
    if type(value) is dict:
        return ("dict", [(exact(key), exact_of(item)) for key, item in value.items()])
    if type(value) in (list, tuple):
        return (type(value).__name__, [exact_of(item) for item in value])
    return exact(value)


# -- an object's __dict__ set as object.__setattr__ sets it (refcli.reading.formats.fast._dict_setter) -------------
def test_the_dict_setter_sets_the_table_itself_as_the_object_dict_and_refuses_where_setattr_refuses() -> None:
    from refcli.reading.formats.fast import _dict_setter

    @dataclass(frozen=True)
    class Base:
        one: int

    @dataclass(frozen=True)
    class Made(Base):  # its __dict__ descriptor is the base's: found along the MRO
        two: int

    class Slotted:
        __slots__ = ("one",)

    values = {"one": 1, "two": 2}
    made = object.__new__(Made)
    _dict_setter(Made)(made, values)
    assert made.__dict__ is values and made == Made(1, 2)
    with pytest.raises(AttributeError):  # no __dict__ to set: refused, as object.__setattr__ refuses
        _dict_setter(Slotted)(object.__new__(Slotted), {"one": 1})
    with pytest.raises(AttributeError):
        object.__setattr__(object.__new__(Slotted), "__dict__", {"one": 1})


def test_a_table_with_as_many_keys_as_it_has_known_ones_but_one_unknown_is_refused_by_the_fast_path() -> None:
    """A table whose length is that of its required keys and of the others it gives is taken to have no other key
    (``_fields``): one unknown key in place of a required or another known one must still be refused (and one
    beside them found)."""
    desc = descriptions("refcli.games.money")["record"]
    fast = compile_description(desc)[2]
    good = {"type": "exchange", "player": "Ana", "action": "right"}
    for event, accepted in (
        (good, True),
        ({**good, "with": "Ben"}, True),
        ({**good, "with": "Ben", "note": "a swap"}, True),
        ({"type": "exchange", "player": "Ana", "actoin": "right"}, False),
        ({"type": "exchange", "player": "Ana", "with": "Ben"}, False),
        ({**good, "actoin": "right"}, False),
        ({**good, "with": "Ben", "wiht": "Ben"}, False),
        ({**good, "note": "a swap", "wiht": "Ben"}, False),
    ):
        data = {"players": ["Ana", "Ben", "Cid"], "event": [event]}
        try:
            fast(data, Context(Document("fast.toml", data, "")))
        except Exception:  # noqa: BLE001 - any refusal sends the document to the nested readers
            assert not accepted, event
        else:
            assert accepted, event


def test_a_player_named_in_the_record_is_read_as_the_roster_s_own_string_on_both_paths() -> None:
    """A name written again in the events (another string object, equal) is read as the one in the list of
    players, by the fast path and by the nested readers alike: a replay's lookups of it find that object."""
    desc = descriptions("refcli.games.money")["record"]

    def fresh(name: str) -> str:  # an equal string, another object (as a JSON decoder makes each one)
        return "".join(list(name))

    data = {
        "players": ["Ana", "Ben", "Cid"],
        "hands": {fresh("Ben"): []},
        "event": [{"type": "exchange", "player": fresh("Cid"), "action": "right", "with": fresh("Ana")}],
    }
    assert data["event"][0]["player"] is not data["players"][2]  # type: ignore[index]
    for values in (
        compile_description(desc)[2](data, Context(Document("names.toml", data, ""))),
        read_slowly(desc, Document("names.toml", data, "")),
    ):
        players = values["players"]
        exchange = values["event"][0]
        assert exchange["player"] is players[2] and exchange["with"] is players[0]
        assert next(iter(values["hands"])) is players[1]


def test_a_choice_is_taken_as_written_only_when_folding_would_leave_it_so() -> None:
    """A word of the choices, as written, is read as it is (``_choice``: folding would leave it so); another
    spelling is folded as the nested reader folds it; and a description whose word folding changes ("Truth",
    which the nested reader never takes) never takes it as written either."""
    from refcli.reading.formats import Description, Field, choice

    for word, values in (
        ("truth", ["truth", " Truth ", "TRUTH", "lie"]),
        ("Truth", ["Truth", "truth", "bluff"]),
    ):
        desc = Description(
            "test", "record", "choice", "", (Field("answer", choice(word, "bluff", fold=True), "", required=True),)
        )
        fast = compile_description(desc)[2]
        for value in values:
            doc = Document("choice.toml", {"answer": value}, "")
            try:
                slow = read_slowly(desc, doc)
            except RefcliError as error:
                slow = error
            try:
                got = fast(doc.data, Context(doc))
            except Exception:  # noqa: BLE001 - refusing is always allowed: the nested readers decide
                assert word == "Truth" or value == "lie", value  # every spelling of a word taken is taken here
                continue
            assert not isinstance(slow, RefcliError), value
            assert exact(got) == exact(slow), value
