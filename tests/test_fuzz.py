"""Fuzzing every loader and verb: random bytes and random TOML built from each format's keys.

The default run tries a few hundred examples; ``pytest -m fuzz`` runs the
long campaign (over 50,000 examples). Every outcome must be a documented
exit code with, for 65 and 66, exactly one error line; never a traceback
(the runner re-raises any exception) and never exit 70 (a bug in refcli).
Findings are kept as named cases in test_bad_input_catalogue.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from refcli import registry
from refcli.cli import app
from refcli.gameinfo import Game

ERROR_LINE = re.compile(r"^refcli: error: [^\n]+$")
runner = CliRunner()

# -- values: well-formed most of the time, anything TOML can say otherwise -------------
junk = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=20),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x3000), max_size=80),
    st.lists(st.integers(-3, 70), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)
def mostly(good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Fifteen times in sixteen a well-formed value: enough get through to the rules engines."""
    return st.integers(0, 15).flatmap(lambda roll: good if roll else junk)


key_names = st.sampled_from(["Ana", "Ben", "Cid", "Ana", "Ben", "Cid", "Dora", "ana", "Zed", ""])  # TOML keys are strings
names = mostly(key_names)


def tables(fields: dict[str, st.SearchStrategy[Any]], required: tuple[str, ...] = ()) -> st.SearchStrategy[dict[str, Any]]:
    """Tables of these keys (the optional ones present or not), now and then with an unknown key."""
    extra = st.dictionaries(st.sampled_from(["note", "colour", "x"]), junk, max_size=1)
    base = st.fixed_dictionaries({k: v for k, v in fields.items() if k in required},
                                 optional={k: v for k, v in fields.items() if k not in required})
    return st.tuples(base, st.integers(0, 19), extra).map(lambda t: {**t[0], **(t[2] if t[1] == 0 else {})})


small = st.integers(-1, 6)
player_list = mostly(st.sampled_from([["Ana", "Ben"], ["Ana", "Ben", "Cid"], ["Ana", "Ben", "Cid", "Dora"]]))
dice = mostly(st.lists(mostly(st.integers(1, 6)), min_size=2, max_size=3))
animal = st.sampled_from(["cow", "Cerdo", "hund", "unicorn", "donkey", "rooster"])
money_cards = mostly(st.lists(st.sampled_from([0, 10, 30, 50, 100, 200, 500]), max_size=5))
money_card_strings = mostly(st.lists(st.sampled_from(["euro 30 #12", "euro 20", "coin #5", "coin", "bluff", "yen 25", "#3", "dollar 60 #70"]), max_size=4))

FORMATS: dict[str, tuple[tuple[str, ...], st.SearchStrategy[dict[str, Any]]]] = {
    "kuhhandel score": (("kuhhandel", "score", "--partial"), tables({
        "edition": mostly(st.integers(0, 3)),
        "player": mostly(st.lists(tables({"name": mostly(names), "animals": mostly(st.dictionaries(animal, mostly(small), max_size=4)),
                                           "bonus": mostly(st.booleans())}), max_size=5)),
    })),
    "kuhhandel auction": (("kuhhandel", "ruling"), tables({
        "situation": st.just("auction"), "players": player_list, "auctioneer": names, "animal": mostly(animal),
        "donkeys_before": mostly(st.integers(0, 4)), "buyback": mostly(st.booleans()),
        "bids": mostly(st.lists(st.tuples(names, st.integers(-5, 600)).map(list), max_size=4)),
        "money": mostly(st.dictionaries(key_names, money_cards, max_size=3)),
    }, required=("situation", "players", "auctioneer", "animal"))),
    "kuhhandel cow-trade": (("kuhhandel", "ruling"), tables({
        "situation": st.just("cow-trade"), "edition": mostly(st.integers(1, 2)), "animal": mostly(animal),
        "challenger": mostly(tables({"name": names, "holds": small, "offer": money_cards}, required=("name", "holds", "offer"))),
        "defender": mostly(tables({"name": names, "holds": small, "offer": money_cards}, required=("name", "holds"))),
        "rebid": mostly(tables({"challenger": money_cards, "defender": money_cards}, required=("challenger",))),
    }, required=("situation", "animal", "challenger", "defender"))),
    "kuhhandel trade-options": (("kuhhandel", "ruling"), tables({
        "situation": st.just("trade-options"), "player": names, "deck": mostly(st.integers(-1, 41)),
        "holdings": mostly(st.dictionaries(key_names, st.dictionaries(animal, small, max_size=3), min_size=2, max_size=4)),
    }, required=("situation", "player", "deck", "holdings"))),
    "kuhhandel validate": (("kuhhandel", "validate"), tables({
        "players": player_list, "edition": mostly(st.integers(0, 3)),
        "event": mostly(st.lists(tables({
            "type": mostly(st.sampled_from(["auction", "cow-trade"])), "auctioneer": names, "challenger": names, "defender": names,
            "animal": mostly(animal), "bids": mostly(st.lists(st.tuples(names, st.integers(1, 300)).map(list), max_size=3)),
            "paid": money_cards, "offer": money_cards, "counter": money_cards, "donkey_payout": mostly(st.sampled_from([50, 100, 7])),
        }), max_size=6)),
        "scores": mostly(st.dictionaries(key_names, st.integers(-1, 5000), max_size=3)),
    }, required=("players",))),
    "bamboozled score": (("bamboozled", "score", "--partial"), tables({
        "strikes_to_lose": mostly(st.integers(-1, 6)),
        "player": mostly(st.lists(tables({"name": mostly(names), "strikes": mostly(small)}), max_size=5)),
    })),
    "bamboozled challenge": (("bamboozled", "ruling"), tables({
        "situation": st.just("challenge"), "players": player_list, "declarer": names, "caller": names,
        "to_beat": mostly(st.sampled_from([0, 12, 43, 66, 21])), "declared": mostly(st.sampled_from([12, 34, 43, 55, 66, 21])),
        "rolled": dice, "card": mostly(st.sampled_from(["jackpot", "double", "up-down"])), "caller_card": mostly(st.just("my-bad")),
        "strikes": mostly(st.dictionaries(key_names, st.integers(0, 3), max_size=3)),
    }, required=("situation", "players", "declarer", "caller", "declared", "rolled"))),
    "bamboozled card": (("bamboozled", "ruling"), tables({
        "situation": st.just("card"), "players": player_list, "player": names, "turn": names, "declarer": names,
        "card": mostly(st.sampled_from(["jackpot", "double", "new-start", "skip", "reverse", "revive", "my-bad"])),
        "to_beat": mostly(st.sampled_from([0, 12, 43, 66, 21])), "moment": mostly(st.sampled_from(["before-roll", "after-roll", "final-strike"])),
        "strikes": mostly(st.dictionaries(key_names, st.integers(0, 3), max_size=3)), "kids": mostly(st.booleans()),
    }, required=("situation", "players", "player", "card"))),
    "bamboozled validate": (("bamboozled", "validate"), tables({
        "players": player_list, "kids": mostly(st.booleans()),
        "event": mostly(st.lists(tables({
            "type": mostly(st.sampled_from(["roll", "accept", "call", "card"])), "player": names, "rolled": dice,
            "declared": mostly(st.sampled_from([12, 43, 55, 21])), "card": mostly(st.sampled_from(["double", "skip", "my-bad", "revive"])),
            "strike": names,
        }), max_size=8)),
        "winner": mostly(names),
    }, required=("players",))),
    "money score": (("money", "score"), tables({
        "player": mostly(st.lists(tables({"name": mostly(names), "coins": mostly(small),
                                           "notes": mostly(st.dictionaries(st.sampled_from(["euro", "Euro", "yen", ""]),
                                                                           mostly(st.lists(st.sampled_from([20, 30, 40, 50, 60, 25]), max_size=6)), max_size=3))}),
                                 max_size=6)),
    })),
    "money bids": (("money", "ruling"), tables({
        "situation": st.just("bids"),
        "offer": mostly(st.lists(tables({"player": names, "cards": money_card_strings}, required=("player", "cards")), min_size=1, max_size=4)),
    }, required=("situation", "offer"))),
    "money exchange": (("money", "ruling"), tables({
        "situation": st.just("exchange"), "player": names, "action": mostly(st.sampled_from(["right", "left", "swap", "keep"])),
        "with": names, "right": money_card_strings, "left": money_card_strings, "acted": mostly(st.lists(names, max_size=2)),
        "offer": mostly(st.lists(tables({"player": names, "cards": money_card_strings}, required=("player", "cards")), min_size=1, max_size=4)),
    }, required=("situation", "player", "action", "offer"))),
    "money refill": (("money", "ruling"), tables({
        "situation": st.just("refill"), "right": mostly(st.integers(0, 6)), "left": mostly(st.integers(0, 6)),
        "pile": mostly(st.integers(-1, 70)),
    }, required=("situation", "right", "left", "pile"))),
    "money validate": (("money", "validate"), tables({
        "players": player_list,
        "event": mostly(st.lists(tables({
            "type": mostly(st.sampled_from(["offers", "exchange", "refill"])),
            "offers": mostly(st.dictionaries(key_names, money_card_strings, max_size=4)),
            "player": names, "action": mostly(st.sampled_from(["right", "left", "swap", "keep"])), "with": names,
            "right": mostly(small), "left": mostly(small),
        }), max_size=6)),
    }, required=("players",))),
    "cup-of-bluff score": (("cup-of-bluff", "score", "--partial"), tables({
        "target": mostly(st.integers(-1, 50)),
        "player": mostly(st.lists(tables({"name": mostly(names), "chips": mostly(st.lists(st.integers(1, 20), max_size=5))}), max_size=5)),
    })),
    "cup-of-bluff call": (("cup-of-bluff", "ruling"), tables({
        "situation": st.just("call"), "caller": names, "target": names, "called": mostly(st.integers(2, 19)), "dice": dice,
        "answer": mostly(st.sampled_from(["truth", "bluff"])),
        "chips": mostly(st.dictionaries(key_names, st.lists(st.integers(3, 18), max_size=4), min_size=2, max_size=4)),
    }, required=("situation", "caller", "target", "called", "dice", "answer", "chips"))),
    "cup-of-bluff exchange": (("cup-of-bluff", "ruling"), tables({
        "situation": st.just("exchange"), "player": names, "dice": dice, "returns": mostly(st.lists(st.integers(3, 18), max_size=3)),
        "chips": mostly(st.dictionaries(key_names, st.lists(st.integers(3, 18), max_size=5), min_size=2, max_size=4)),
    }, required=("situation", "player", "dice", "returns", "chips"))),
    "cup-of-bluff validate": (("cup-of-bluff", "validate"), tables({
        "players": player_list, "target": mostly(st.integers(-1, 50)),
        "event": mostly(st.lists(tables({
            "type": mostly(st.sampled_from(["call", "exchange"])), "caller": names, "target": names, "player": names,
            "called": mostly(st.integers(2, 19)), "dice": dice, "answer": mostly(st.sampled_from(["truth", "bluff"])),
            "returns": mostly(st.lists(st.integers(3, 18), max_size=3)), "takes": mostly(st.integers(3, 18)),
            "gives": mostly(st.integers(3, 18)),
        }), max_size=6)),
    }, required=("players",))),
}
BYTE_TARGETS = [("score",), ("ruling",), ("validate",), ("validate", "--jsonl"), ("kuhhandel", "score"), ("money", "ruling")]


# -- the hook: what is fuzzed is found through the registry ----------------------------------
# Today each game's strategies are the hand-written FORMATS above; once every
# game describes its input formats (``Game.package + ".formats"``), targets_for
# builds them from those descriptions and every registered game is fuzzed
# without an edit here.
def targets_for(game: Game) -> list[str]:
    """The FORMATS entries that fuzz ``game`` (named "<game id> <what>")."""
    return [name for name in FORMATS if name.split()[0] == game.id]


TARGETS = [name for game in registry.built_in() for name in targets_for(game)]


def check(args: list[str], path: Path) -> None:
    result = runner.invoke(app, [*args, str(path)], catch_exceptions=False)
    assert result.exit_code in (0, 1, 65, 66), (result.exit_code, result.stderr)
    if result.exit_code in (65, 66):
        lines = result.stderr.splitlines()
        assert lines and all(ERROR_LINE.match(line) for line in lines), result.stderr
        assert len(lines) == 1 or "--jsonl" in args, result.stderr


def document_test(name: str, examples: int):  # type: ignore[no-untyped-def]
    args, strategy = FORMATS[name]

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(document=strategy)
    def run(tmp_path_factory: pytest.TempPathFactory, document: dict[str, Any]) -> None:
        game = name.split()[0]
        path = tmp_path_factory.mktemp("fuzz") / "input.toml"
        path.write_text(tomli_w.dumps({"game": game, **document}), encoding="utf-8")
        check(list(args), path)

    return run


def bytes_test(examples: int):  # type: ignore[no-untyped-def]
    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(raw=st.one_of(st.binary(max_size=400), st.text(max_size=300).map(str.encode)), target=st.sampled_from(BYTE_TARGETS))
    def run(tmp_path_factory: pytest.TempPathFactory, raw: bytes, target: tuple[str, ...]) -> None:
        path = tmp_path_factory.mktemp("fuzz") / "input.toml"
        path.write_bytes(raw)
        check(list(target), path)

    return run


QUICK = 20  # per format: a few hundred examples in the default run
LONG = 3_000  # per format, with `pytest -m fuzz`: 19 targets x 3,000 = 57,000 examples


def test_every_game_and_verb_it_declares_is_fuzzed() -> None:
    for game in registry.built_in():
        fuzzed = {FORMATS[name][0][1] for name in targets_for(game)}
        assert fuzzed >= {verb.name for verb in game.verbs}, f"{game.id}: add its formats to the fuzzer"
    assert sorted(TARGETS) == sorted(FORMATS), "every fuzzed format belongs to a registered game"


@pytest.mark.parametrize("name", TARGETS)
def test_random_documents(name: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    document_test(name, QUICK)(tmp_path_factory)


def test_random_bytes(tmp_path_factory: pytest.TempPathFactory) -> None:
    bytes_test(QUICK * 4)(tmp_path_factory)


@pytest.mark.fuzz
@pytest.mark.parametrize("name", TARGETS)
def test_fuzz_documents(name: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    document_test(name, LONG)(tmp_path_factory)


@pytest.mark.fuzz
def test_fuzz_bytes(tmp_path_factory: pytest.TempPathFactory) -> None:
    bytes_test(LONG)(tmp_path_factory)
