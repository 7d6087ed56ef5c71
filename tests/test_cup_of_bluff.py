"""Cup of Bluff: chips and odds, scoring, calls, exchanges, the end, recorded games."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from conftest import EXAMPLES, SEEDS, Invoke, assert_mutation_caught, assert_mutations_apply, pick_event, record_errors
from hypothesis import given, settings

from refcli.games.cupofbluff import clauses as cob_clauses
from refcli.games.cupofbluff.chips import POINTS, points_of, standings, ways
from refcli.games.cupofbluff.record import Call, Record, replay, validate_document
from refcli.games.cupofbluff.simulate import random_game
from refcli.rules.catalogue import rules_for

Write = Callable[..., str]
CB = EXAMPLES / "cup-of-bluff"


def test_every_clause_the_engine_cites_exists() -> None:
    ids = rules_for("cup-of-bluff").ids()
    cited = {v for k, v in vars(cob_clauses).items() if k.isupper() and isinstance(v, str)} | set(cob_clauses.POINTS)
    assert cited - ids == set()


def test_chip_points_per_004() -> None:
    assert [POINTS[c] for c in range(3, 19)] == [5, 4, 3, 3, 2, 2, 1, 1, 1, 1, 2, 2, 3, 3, 4, 5]
    assert sum(POINTS.values()) == 42


def test_ways_on_three_dice() -> None:
    assert ways() == {
        3: 1,
        4: 3,
        5: 6,
        6: 10,
        7: 15,
        8: 21,
        9: 25,
        10: 27,
        11: 27,
        12: 25,
        13: 21,
        14: 15,
        15: 10,
        16: 6,
        17: 3,
        18: 1,
    }


def test_standings_rank_by_points_then_fewer_chips_and_share_what_stays_equal() -> None:
    chips = {"A": [3, 9], "B": [4, 7, 10], "C": [18, 12], "D": [11], "E": [5, 8, 9]}  # A 6, B 7, C 6, D 1, E 6
    ranked = standings(chips)
    assert [(s.name, s.points, s.chips, s.rank) for s in ranked] == [
        ("A", 6, 2, 2),
        ("B", 7, 3, 1),
        ("C", 6, 2, 2),  # equal points and chips with A: the rank is shared
        ("D", 1, 1, 5),
        ("E", 6, 3, 4),  # equal points with A and C, more chips: below both
    ]
    counted = {name: points_of(held) for name, held in chips.items()}
    assert standings(chips, counted) == ranked  # points already counted rank the same


def test_chips_command(invoke: Invoke) -> None:
    doc = json.loads(invoke(["cup-of-bluff", "chips", "-f", "json"]).stdout)
    assert doc["chips"][0] == {"chip": 3, "points": 5, "ways": 1, "of": 216}
    assert sum(row["ways"] for row in doc["chips"]) == 216
    assert "█" in invoke(["cup-of-bluff", "chips"]).stdout


def score(invoke: Invoke, path: str, *extra: str) -> Any:
    return invoke(["cup-of-bluff", "score", path, *extra, "-f", "json"])


def test_score_tie_break_fewer_chips(invoke: Invoke) -> None:
    doc = json.loads(score(invoke, str(CB / "final-tie.toml")).stdout)
    assert [(p["name"], p["score"], p["rank"]) for p in doc["players"]] == [
        ("Ana", 15, 1),
        ("Ben", 15, 2),
        ("Cid", 12, 3),
    ]
    assert doc["winners"] == ["Ana"] and "C4" in doc["interpretations"]


def test_score_equal_points_and_chips_share(invoke: Invoke, write: Write) -> None:
    text = 'game = "cup-of-bluff"\n[[player]]\nname = "A"\nchips = [3, 4, 5, 6, 7, 8, 9, 10]\n[[player]]\nname = "B"\nchips = [18, 17, 16, 15, 14, 13, 12, 11]\n'
    doc = json.loads(score(invoke, write(text)).stdout)
    assert doc["winners"] == ["A", "B"]


def test_score_needs_a_finished_game(invoke: Invoke, write: Write) -> None:
    text = 'game = "cup-of-bluff"\n[[player]]\nname = "A"\nchips = [3]\n[[player]]\nname = "B"\nchips = [18]\n'
    refused = score(invoke, write(text))
    assert refused.exit_code == 65 and "14 chips are still in the centre" in refused.stderr
    assert score(invoke, write(text), "--partial").exit_code == 0
    target = score(invoke, write(text.replace('game = "cup-of-bluff"', 'game = "cup-of-bluff"\ntarget = 5')))
    assert target.exit_code == 0 and json.loads(target.stdout)["winners"] == ["A", "B"]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (
            '[[player]]\nname = "A"\nchips = [3, 3]\n',
            "chip 3 is written twice: A has it already, and each chip exists once",
        ),
        (
            '[[player]]\nname = "A"\nchips = [2]\n',
            "2 is out of range; expected chips (3 to 18): an integer from 3 to 18",
        ),
        ('[[player]]\nname = "A"\nchips = [19]\n', "19 is out of range"),
        (
            '[[player]]\nname = "A"\nchips = [3]\n[[player]]\nname = "B"\nchips = [3]\n',
            "chip 3 is written twice: A has it already",
        ),
    ],
)
def test_score_chip_checks(invoke: Invoke, write: Write, text: str, needle: str) -> None:
    result = score(invoke, write('game = "cup-of-bluff"\n' + text), "--partial")
    assert result.exit_code == 65 and needle in result.stderr, result.stderr


def ruling(invoke: Invoke, path: str) -> tuple[int, dict[str, Any]]:
    result = invoke(["cup-of-bluff", "ruling", path, "-f", "json"])
    return result.exit_code, json.loads(result.stdout) if result.stdout else {}


CALL = 'game = "cup-of-bluff"\nsituation = "call"\ncaller = "Ana"\n'
CHIPS = "\n[chips]\nAna = [3]\nBen = [9]\nCid = [12]\n"


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (
            'target = "Ben"\ncalled = 15\ndice = [4, 5, 6]\nanswer = "bluff"\n',
            {"truth": True, "fooled": True, "chip_to": "Ana", "chip_from": "centre", "must_give": False},
        ),
        (
            'target = "Ben"\ncalled = 15\ndice = [4, 5, 6]\nanswer = "truth"\n',
            {"truth": True, "fooled": False, "chip_to": "Ben", "chip_from": "centre"},
        ),
        (
            'target = "Ben"\ncalled = 16\ndice = [4, 5, 6]\nanswer = "truth"\n',
            {"truth": False, "fooled": True, "chip_to": "Ana"},
        ),
        (
            'target = "Ben"\ncalled = 16\ndice = [4, 5, 6]\nanswer = "bluff"\n',
            {"truth": False, "fooled": False, "chip_to": "Ben"},
        ),
        (
            'target = "Ben"\ncalled = 9\ndice = [4, 4, 1]\nanswer = "truth"\n',
            {"fooled": False, "chip_to": "Ben", "chip_from": "Ben", "must_give": True},
        ),
        (
            'target = "Ben"\ncalled = 9\ndice = [4, 4, 1]\nanswer = "bluff"\n',
            {"fooled": True, "chip_to": "Ana", "chip_from": "Ben", "must_give": False},
        ),
    ],
    ids=["truth-fooled", "truth-seen", "bluff-fooled", "bluff-seen", "exception", "take-from-target"],
)
def test_call(invoke: Invoke, write: Write, extra: str, expected: dict[str, Any]) -> None:
    code, doc = ruling(invoke, write(CALL + extra + CHIPS))
    assert code == 0
    assert {"truth", "fooled", "chip", "chip_to", "chip_from", "must_give"} <= doc["outcome"].keys()
    assert {key: doc["outcome"][key] for key in expected} == expected


def test_exception_with_no_chips_gives_nothing(invoke: Invoke, write: Write) -> None:
    code, doc = ruling(
        invoke,
        write(CALL + 'target = "Ben"\ncalled = 9\ndice = [4, 4, 1]\nanswer = "truth"\n[chips]\nAna = []\nBen = [9]\n'),
    )
    assert doc["outcome"]["must_give"] is False and doc["outcome"]["chip_to"] == "Ben"


@pytest.mark.parametrize(
    ("extra", "rule_id"),
    [
        ('target = "Ben"\ncalled = 3\ndice = [1, 1, 1]\nanswer = "truth"\n', "C5"),
        ('target = "Ben"\ncalled = 12\ndice = [4, 4, 4]\nanswer = "truth"\n', "target.must"),
        ('target = "Ben"\ncalled = 12\ndice = [4, 4, 7]\nanswer = "truth"\n', "components"),
        ('target = "Ben"\ncalled = 12\ndice = [4, 4]\nanswer = "truth"\n', "components"),
        ('target = "Ana"\ncalled = 15\ndice = [4, 5, 6]\nanswer = "truth"\n', "target.any"),
        ('target = "Ben"\ncalled = 19\ndice = [4, 5, 6]\nanswer = "truth"\n', "call.own-chip"),
    ],
    ids=["own-chip", "wrong-target", "die-7", "two-dice", "self-target", "chip-19"],
)
def test_illegal_calls(invoke: Invoke, write: Write, extra: str, rule_id: str) -> None:
    code, doc = ruling(invoke, write(CALL + extra + CHIPS))
    assert code == 1 and doc["broken_rule"] == rule_id


EXCHANGE = 'game = "cup-of-bluff"\nsituation = "exchange"\nplayer = "Ana"\n'


def test_exchange(invoke: Invoke, write: Write) -> None:
    code, doc = ruling(
        invoke, write(EXCHANGE + "dice = [2, 2, 5]\nreturns = [9, 10]\n[chips]\nAna = [9, 10, 3]\nBen = [7]\n")
    )
    assert code == 0 and doc["outcome"] == {
        "allowed": True,
        "points": 2,
        "choices": [8, 13, 14],
        "takes": None,
        "chips_after": None,  # which chip comes back is Ana's choice
        "next_player": "Ben",
        "game_over": False,
        "winners": [],
    }


def test_exchange_with_the_chip_taken_says_where_every_chip_is(invoke: Invoke, write: Write) -> None:
    chips = "[chips]\nAna = [9, 10, 3]\nBen = [7]\n"
    code, doc = ruling(invoke, write(EXCHANGE + "dice = [2, 2, 5]\nreturns = [9, 10]\ntakes = 13\n" + chips))
    assert code == 0 and doc["outcome"]["chips_after"] == {"Ana": [3, 13], "Ben": [7]}
    assert doc["outcome"]["next_player"] == "Ben" and "Ana takes 13 from the centre" in doc["verdict"]
    code, doc = ruling(invoke, write(EXCHANGE + "dice = [2, 2, 5]\nreturns = [9, 10]\ntakes = 7\n" + chips))
    assert code == 1 and doc["broken_rule"] == "C2" and doc["outcome"] == {"allowed": False}
    assert "chip 7 is not a centre chip worth 2 points (8, 13, 14 are)" in doc["verdict"]


@pytest.mark.parametrize(
    ("extra", "rule_id"),
    [
        ("dice = [1, 2, 5]\nreturns = [9, 10]\n[chips]\nAna = [9, 10]\nBen = []\n", "C1"),
        ("dice = [2, 2, 5]\nreturns = [9]\n[chips]\nAna = [9, 10]\nBen = []\n", "C2"),
        ("dice = [2, 2, 5]\nreturns = [9, 11]\n[chips]\nAna = [9, 10]\nBen = []\n", "doubles.exchange"),
        ("dice = [2, 2, 5]\nreturns = [3, 18]\n[chips]\nAna = [3, 18]\nBen = []\n", "C2"),
    ],
    ids=["no-doubles", "one-chip", "not-held", "no-chip-worth-10"],
)
def test_illegal_exchanges(invoke: Invoke, write: Write, extra: str, rule_id: str) -> None:
    code, doc = ruling(invoke, write(EXCHANGE + extra))
    assert code == 1 and doc["broken_rule"] == rule_id
    assert doc["outcome"] == {"allowed": False}


def test_end(invoke: Invoke, write: Write) -> None:
    code, doc = ruling(invoke, str(CB / "end-tie.toml"))
    assert doc["outcome"]["over"] is True and doc["outcome"]["winners"] == ["Ana"]
    code, doc = ruling(invoke, write('game = "cup-of-bluff"\nsituation = "end"\n[chips]\nAna = [3]\nBen = []\n'))
    assert doc["outcome"]["over"] is False and doc["outcome"]["winners"] == []


# -- recorded games ----------------------------------------------------------------
seeds = SEEDS


def validate(document: dict[str, Any]) -> list[Any]:
    return record_errors(validate_document, document)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_random_legal_games_validate_clean(seed: int) -> None:
    assert validate(random_game(seed)) == []


def out_of_turn(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: e["type"] == "call")
    if index is None:
        return None
    event = game["event"][index]
    others = [p for p in game["players"] if p not in (event["caller"], event["target"])]
    if not others:
        return None
    event["caller"] = rng.choice(others)
    return index


def wrong_chip_to(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: e["type"] == "call")
    if index is None:
        return None
    event = game["event"][index]
    event["chip_to"] = event["target"] if event["chip_to"] == event["caller"] else event["caller"]
    return index


def dice_out_of_range(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: True)
    if index is None:
        return None
    game["event"][index]["dice"][0] = 0
    return index


def exchange_without_doubles(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: e["type"] == "exchange")
    if index is None:
        return None
    game["event"][index]["dice"] = [1, 3, 5]
    return index


def event_after_the_end(game: dict[str, Any], rng: random.Random) -> int | None:
    """A game that ended (a winner, or a shared win) gets one more turn."""
    events = game["event"]
    events.append(copy.deepcopy(events[-1]))
    return len(events) - 1 if "winner" in game else None


def changed_winner(game: dict[str, Any], rng: random.Random) -> int | None:
    if "winner" not in game:
        return None
    game["winner"] = rng.choice([p for p in game["players"] if p != game["winner"]])
    return -1


MUTATIONS = {
    "out-of-turn call": out_of_turn,
    "chip to the wrong player": wrong_chip_to,
    "die out of range": dice_out_of_range,
    "exchange without doubles": exchange_without_doubles,
    "a turn after the end": event_after_the_end,
    "changed winner": changed_winner,
}


@pytest.mark.parametrize("name", list(MUTATIONS))
@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_every_mutation_is_caught_at_its_event(name: str, seed: int) -> None:
    assert_mutation_caught(random_game, MUTATIONS[name], seed, validate_document)


def test_mutations_apply_to_most_games() -> None:
    assert_mutations_apply(random_game, MUTATIONS)


def test_validate_examples(invoke: Invoke) -> None:
    assert invoke(["validate", str(CB / "record-game.toml")]).exit_code == 0
    assert invoke(["validate", str(CB / "record-broken.toml")]).exit_code == 1


# -- reading the formats (formats.py): located errors ------------------------------------
@pytest.mark.parametrize(
    ("verb", "text", "message"),
    [
        (
            "ruling",
            CALL + 'target = "Jos\\u00e9"\ncalled = 15\ndice = [4, 5, 6]\nanswer = "bluff"\n[chips]\n'
            '"Jos\\u00e9" = [3]\n"Jose\\u0301" = [9]\n',
            'FILE:10: chips."Jose\u0301": "Jos\u00e9" and "Jose\u0301" both name Jos\u00e9: write it once',
        ),
        (
            "ruling",
            CALL + 'target = "Ben"\ncalled = 15\ndice = [4, 5, 6]\nanswer = "bluff"\n[chips]\nAna = [3]\n',
            "FILE:8: chips: expected the chips of every player (2 to 16 players), found 1",
        ),
        (
            "ruling",
            CALL + 'target = "Zed"\ncalled = 15\ndice = [4, 5, 6]\nanswer = "bluff"\n' + CHIPS,
            'FILE:4: target: expected the target: one of the players (Ana, Ben, Cid), found "Zed"',
        ),
        (
            "ruling",
            EXCHANGE + "dice = [2, 2, 5]\n[chips]\nAna = [9, 10]\nBen = []\n",
            "FILE:1: returns: the key is missing; expected the chips handed back",
        ),
        (
            "ruling",
            'game = "cup-of-bluff"\nsituation = "end"\ntarget = 43\n[chips]\nAna = []\nBen = []\n',
            "FILE:3: target: 43 is out of range; expected the points target (0: play until the centre is empty): an integer from 0 to 42",
        ),
        (
            "validate",
            'players = ["Ana", "Ben"]\n[[event]]\ntype = "roll"\n',
            'FILE:3: event[1].type: "roll" is not one of "call", "exchange"',
        ),
        (
            "validate",
            'players = ["Ana", "Ben"]\n[[event]]\ntype = "exchange"\nplayer = "Ana"\ndice = [2, 2, 3]\nreturns = [9, 10]\n',
            "FILE:2: event[1].takes: the key is missing; expected the chip taken: an integer from 3 to 18",
        ),
        (
            "score",
            '[[player]]\nname = "A"\nchips = [3]\n[[player]]\nname = "A"\n',
            'FILE:5: player[2].name: "A" is already the name of player[1]; each player has a name of their own',
        ),
    ],
    ids=[
        "chips-twice",
        "chips-one-player",
        "target-unknown",
        "returns-missing",
        "end-target",
        "event-type",
        "takes-missing",
        "same-name",
    ],
)
def test_format_errors_are_located(invoke: Invoke, write: Write, verb: str, text: str, message: str) -> None:
    path = write(text)
    result = invoke(["cup-of-bluff", verb, path])
    assert result.exit_code == 65, result.stdout
    assert result.stderr.strip().replace(path, "FILE") == f"refcli: error: {message}"


def test_strict_replay_applies_the_turn_in_full_before_it_stops() -> None:
    """--strict stops at the first broken rule, yet the turn that broke it is played out: Ben calls out of
    turn (turn.first), and chip 10 still goes where the call rules, as the summary shows."""
    # Ben calls 10 at Ana on a roll of 10 and Ana says bluff: it was the truth, Ana is fooled and Ben scores chip 10
    record = Record(players=("Ana", "Ben"), events=(Call("Ben", "Ana", 10, (3, 3, 4), "bluff"),), first="Ana")
    strict, lenient = replay(record, strict=True), replay(record)
    assert [finding.rule for finding in strict.findings] == [cob_clauses.TURN_FIRST]
    assert strict.state.chips == lenient.state.chips == {"Ana": [], "Ben": [10]}
    assert strict.state.players[strict.state.turn] == "Ana"  # play passed clockwise from Ben, the actor
