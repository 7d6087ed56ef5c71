"""Bamboozled: ranking and odds, rulings, standings, and recorded games."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from conftest import EXAMPLES, SEEDS, Invoke, assert_mutation_caught, assert_mutations_apply, pick_event, record_errors
from hypothesis import given, settings

from refcli.games.bamboozled import clauses as bamboozled_clauses
from refcli.games.bamboozled.ranking import card_readings, ladder, rank, ways
from refcli.games.bamboozled.record import validate_document
from refcli.games.bamboozled.simulate import random_game
from refcli.rules.catalogue import rules_for

Write = Callable[..., str]
BZ = EXAMPLES / "bamboozled"


def test_every_clause_the_engine_cites_exists() -> None:
    ids = rules_for("bamboozled").ids()
    cited = {v for k, v in vars(bamboozled_clauses).items() if k.isupper() and isinstance(v, str)}
    assert cited - ids == set()
    for number in range(1, 6):
        assert rules_for("bamboozled").get(f"B{number}").interpretation


# -- ranking (B1) ----------------------------------------------------------------
def test_ladder_order_per_b1() -> None:
    scores = ladder()
    assert len(scores) == 36 and len(set(scores)) == 36
    assert scores[0] == "12" and scores[-1] == "21"
    assert scores[-7:-1] == ("11", "22", "33", "44", "55", "66")
    non_doubles = scores[1:-7]
    assert list(non_doubles) == sorted(non_doubles, key=int) and "21" not in non_doubles


@pytest.mark.parametrize(
    ("score", "expected"),
    [("12", 36), ("31", 36), ("32", 34), ("43", 28), ("65", 10), ("11", 8), ("55", 4), ("66", 3), ("21", 2)],
)
def test_ways_to_tie_or_beat(score: str, expected: int) -> None:
    """Counted by hand: e.g. 11 is tied or beaten by the 6 doubles and the 2 jackpot rolls."""
    assert ways(score) == expected


def test_ways_decrease_up_the_ladder() -> None:
    counts = [ways(score) for score in ladder()]
    assert counts == sorted(counts, reverse=True)


@pytest.mark.parametrize(
    ("a", "b", "result"),
    [
        ("43", "34", "a"),
        ("34", "43", "b"),
        ("21", "66", "a"),
        ("11", "65", "a"),
        ("12", "13", "b"),
        ("21", "21", "tie"),
        ("55", "55", "tie"),
        ("12", "21", "b"),
    ],
)
def test_compare(invoke: Invoke, a: str, b: str, result: str) -> None:
    out = invoke(["bamboozled", "compare", a, b, "-f", "json"])
    assert out.exit_code == 0
    doc = json.loads(out.stdout)
    assert (doc["a"], doc["b"], doc["result"]) == (a, b, result)


@pytest.mark.parametrize("bad", ["0", "7", "4", "123", "70", "ab", "-1", "06"])
def test_compare_refuses_non_scores_with_usage_error(invoke: Invoke, bad: str) -> None:
    out = invoke(["bamboozled", "compare", "--", bad, "43"])
    assert out.exit_code == 2
    assert "a score is two dice, each 1-6" in " ".join(out.output.replace("│", " ").split())


def test_ladder_json_and_bars(invoke: Invoke) -> None:
    doc = json.loads(invoke(["bamboozled", "ladder", "-f", "json"]).stdout)
    assert doc["scores"][0] == {"score": "12", "rank": 1, "ways": 36, "of": 36}
    assert doc["scores"][-1] == {"score": "21", "rank": 36, "ways": 2, "of": 36}
    text = invoke(["bamboozled", "ladder"]).stdout
    assert "█" * 36 in text and " 2/36" in text


def test_card_readings() -> None:
    assert card_readings(5, 3, "double") == {"55", "33"}
    assert card_readings(5, 3, "jackpot") == {"21"}
    assert card_readings(6, 1, "up-down") == {"51", "15", "62", "26"}
    assert rank("21") == 36


# -- rulings ----------------------------------------------------------------------
CHALLENGE = (
    'game = "bamboozled"\nsituation = "challenge"\nplayers = ["Ana", "Ben", "Cid"]\ndeclarer = "Ana"\ncaller = "Ben"\n'
)


def rule(invoke: Invoke, path: str) -> tuple[int, dict[str, Any]]:
    result = invoke(["bamboozled", "ruling", path, "-f", "json"])
    return result.exit_code, json.loads(result.stdout) if result.stdout else {}


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        # honest: the caller takes the strike and starts the next round
        (
            "to_beat = 43\ndeclared = 53\nrolled = [3, 5]\n",
            {"bluff": False, "strike_to": "Ben", "score_after": 0, "next_to_roll": "Ben", "card_discarded": None},
        ),
        # bluff: the declarer takes it
        (
            "to_beat = 43\ndeclared = 55\nrolled = [3, 5]\n",
            {"bluff": True, "strike_to": "Ana", "score_after": 0, "next_to_roll": "Ana"},
        ),
        # jackpot card makes 21 true (B3)
        (
            'declared = 21\nrolled = [6, 4]\ncard = "jackpot"\n',
            {"bluff": False, "strike_to": None, "score_after": 21, "next_to_roll": "Ben", "card_discarded": "jackpot"},
        ),
        # double card makes 33 true from 3 and 5
        (
            'declared = 33\nrolled = [3, 5]\ncard = "double"\n',
            {"bluff": False, "strike_to": None, "score_after": 33, "card_discarded": "double"},
        ),
        # up-down: 5 and 3 → 6 and 3 → 63
        (
            'declared = 63\nrolled = [5, 3]\ncard = "up-down"\n',
            {"bluff": False, "strike_to": None, "score_after": 63, "card_discarded": "up-down"},
        ),
        # up-down cannot make 65 from 5 and 3: a plain bluff, the card stays hidden (B7)
        (
            'declared = 65\nrolled = [5, 3]\ncard = "up-down"\n',
            {"bluff": True, "strike_to": "Ana", "card_discarded": None},
        ),
        # declared honestly with a card in hand: the card is not used
        (
            'declared = 53\nrolled = [5, 3]\ncard = "double"\n',
            {"bluff": False, "strike_to": "Ben", "card_discarded": None},
        ),
        # My Bad on a bluff: the declarer still takes the strike, caller rolls first (B4)
        (
            'declared = 66\nrolled = [5, 3]\ncaller_card = "my-bad"\n',
            {"bluff": True, "strike_to": "Ana", "next_to_roll": "Ben", "score_after": 0, "card_discarded": "my-bad"},
        ),
        # My Bad on the truth: nobody takes a strike
        (
            'declared = 53\nrolled = [5, 3]\ncaller_card = "my-bad"\n',
            {"bluff": False, "strike_to": None, "next_to_roll": "Ben", "score_after": 0},
        ),
        # the third strike puts the caller out; the next player starts (B5)
        (
            "declared = 53\nrolled = [5, 3]\nstrikes = { Ben = 2 }\n",
            {"strike_to": "Ben", "eliminated": "Ben", "next_to_roll": "Cid"},
        ),
        # the more-strikes variant
        (
            "declared = 53\nrolled = [5, 3]\nstrikes = { Ben = 2 }\nstrikes_to_lose = 4\n",
            {"strike_to": "Ben", "eliminated": None, "next_to_roll": "Ben"},
        ),
    ],
    ids=[
        "truth",
        "bluff",
        "jackpot",
        "double",
        "up-down",
        "up-down-useless",
        "card-unused",
        "my-bad-bluff",
        "my-bad-truth",
        "eliminated",
        "more-strikes",
    ],
)
def test_challenge(invoke: Invoke, write: Write, extra: str, expected: dict[str, Any]) -> None:
    code, doc = rule(invoke, write(CHALLENGE + extra))
    assert code == 0, doc
    assert {"bluff", "strike_to", "eliminated", "score_after", "next_to_roll", "card_discarded"} <= doc[
        "outcome"
    ].keys()
    assert {key: doc["outcome"][key] for key in expected} == expected


@pytest.mark.parametrize(
    ("extra", "rule_id"),
    [
        ("to_beat = 43\ndeclared = 34\nrolled = [3, 4]\n", "B2"),
        ("declared = 34\nrolled = [3, 7]\n", "components.dice-cards"),
        ("declared = 34\nrolled = [0, 4]\n", "components.dice-cards"),
        ("declared = 34\nrolled = [3, 4, 5]\n", "components.dice-cards"),
        ("declared = 34\nrolled = [3, 4]\nstrikes = { Ana = 3 }\n", "strike.out-at-three"),
    ],
    ids=["below", "die-7", "die-0", "three-dice", "already-out"],
)
def test_illegal_challenges_exit_1(invoke: Invoke, write: Write, extra: str, rule_id: str) -> None:
    code, doc = rule(invoke, write(CHALLENGE + extra))
    assert code == 1 and doc["broken_rule"] == rule_id


def test_challenge_by_someone_further_along_who_says_nobody_skipped(invoke: Invoke, write: Write) -> None:
    """A caller further along means the players between skipped (B14); a file saying nobody did is illegal."""
    code, doc = rule(
        invoke,
        write(CHALLENGE.replace('caller = "Ben"', 'caller = "Cid"') + "declared = 34\nrolled = [3, 4]\nskipped = []\n"),
    )
    assert code == 1 and doc["broken_rule"] == "skip.effect"


def test_bad_score_in_a_situation_is_a_data_error(invoke: Invoke, write: Write) -> None:
    result = invoke(["bamboozled", "ruling", write(CHALLENGE + "declared = 7\nrolled = [3, 4]\n")])
    assert result.exit_code == 65 and "declared: expected a score: two digits 1-6" in result.stderr


ACCEPT = (
    'game = "bamboozled"\nsituation = "accept"\nplayers = ["Ana", "Ben", "Cid"]\ndeclarer = "Ana"\nreceiver = "Ben"\n'
)


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("declared = 43\nrolled = [3, 4]\n", {"bamboozled": False, "draws": None, "hand_after": 1}),
        (
            "declared = 44\nrolled = [3, 4]\n",
            {"bamboozled": True, "draws": "Ana", "hand_after": 2, "discard_one": False},
        ),
        ("declared = 44\nrolled = [3, 4]\nhand = 2\n", {"bamboozled": True, "hand_after": 2, "discard_one": True}),
        (
            "declared = 44\nrolled = [3, 4]\nhand = 2\nno_limits = true\n",
            {"bamboozled": True, "hand_after": 3, "discard_one": False},
        ),
        (
            'declared = 44\nrolled = [3, 4]\ncard = "double"\n',
            {"bamboozled": True, "card_kept": "double", "draws": "Ana"},
        ),
    ],
    ids=["honest", "bluff", "hand-limit", "no-limits", "card-backed"],
)
def test_accept(invoke: Invoke, write: Write, extra: str, expected: dict[str, Any]) -> None:
    code, doc = rule(invoke, write(ACCEPT + extra))
    assert code == 0
    assert {key: doc["outcome"][key] for key in expected} == expected
    assert doc["outcome"]["next_to_roll"] == "Ben"


CARD = 'game = "bamboozled"\nsituation = "card"\n'


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "new-start"\ndeclarer = "Ana"\nto_beat = 55\n',
            {"score_after": 0, "next_to_act": "Ben", "action": "roll"},
        ),
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "skip"\ndeclarer = "Ana"\nto_beat = 55\n',
            {"score_after": 55, "next_to_act": "Cid", "action": "accept or call"},
        ),
        (
            'players = ["Ana", "Ben"]\nplayer = "Ben"\ncard = "skip"\ndeclarer = "Ana"\nto_beat = 55\n',
            {"score_after": 55, "next_to_act": "Ana", "action": "roll on own score"},
        ),
        (
            'players = ["Ana", "Ben"]\nplayer = "Ben"\ncard = "reverse"\ndeclarer = "Ana"\nto_beat = 55\n',
            {"direction_after": "clockwise", "next_to_act": "Ana", "action": "roll on own score"},
        ),
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "reverse"\ndeclarer = "Ana"\nto_beat = 55\n',
            {"direction_after": "counterclockwise", "next_to_act": "Ana"},
        ),
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "revive"\nstrikes = { Ben = 2 }\ndeclarer = "Ana"\nto_beat = 55\n',
            {"strikes_after": 1},
        ),
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "revive"\nmoment = "final-strike"\nstrikes = { Ben = 3 }\n',
            {"strikes_after": 2, "action": "roll", "next_to_act": "Ben"},
        ),
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "my-bad"\ndeclarer = "Ana"\nto_beat = 55\n',
            {"action": "call", "score_after": 0},
        ),
    ],
    ids=["new-start", "skip", "skip-two", "reverse-two", "reverse", "revive", "revive-final", "my-bad"],
)
def test_card(invoke: Invoke, write: Write, extra: str, expected: dict[str, Any]) -> None:
    code, doc = rule(invoke, write(CARD + extra))
    assert code == 0, doc
    assert {key: doc["outcome"][key] for key in expected} == expected


@pytest.mark.parametrize(
    ("extra", "rule_id"),
    [
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Cid"\nturn = "Ben"\ncard = "reverse"\ndeclarer = "Ana"\nto_beat = 55\n',
            "reverse.own-turn",
        ),
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Cid"\nturn = "Ben"\ncard = "skip"\ndeclarer = "Ana"\nto_beat = 55\n',
            "skip.only-self",
        ),
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "new-start"\nmoment = "after-roll"\n',
            "before-roll.timing",
        ),
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "revive"\ndeclarer = "Ana"\nto_beat = 55\n',
            "revive.effect",
        ),
        (
            'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "my-bad"\nkids = true\ndeclarer = "Ana"\nto_beat = 55\n',
            "variant.kids.no-my-bad",
        ),
        ('players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "double"\n', "after-roll.hidden"),
    ],
    ids=["reverse-other-turn", "skip-other", "after-roll", "revive-no-strike", "kids-my-bad", "double-before-roll"],
)
def test_card_at_the_wrong_time_exits_1(invoke: Invoke, write: Write, extra: str, rule_id: str) -> None:
    code, doc = rule(invoke, write(CARD + extra))
    assert code == 1 and doc["broken_rule"] == rule_id
    assert doc["outcome"] == {"allowed": False}


# -- standings --------------------------------------------------------------------
def test_standings(invoke: Invoke, write: Write) -> None:
    over = invoke(["bamboozled", "score", str(BZ / "standings.toml"), "-f", "json"])
    doc = json.loads(over.stdout)
    assert over.exit_code == 0 and doc["winners"] == ["Dora"] and doc["players"][0]["score"] == 1
    open_game = write(
        'game = "bamboozled"\n[[player]]\nname = "Ana"\nstrikes = 1\n[[player]]\nname = "Ben"\nstrikes = 2\n'
    )
    refused = invoke(["bamboozled", "score", open_game])
    assert refused.exit_code == 65 and "the game is not over: 2 players are still in (Ana, Ben)" in refused.stderr
    partial = json.loads(invoke(["bamboozled", "score", open_game, "--partial", "-f", "json"]).stdout)
    assert [(p["name"], p["score"], p["rank"]) for p in partial["players"]] == [("Ana", 2, 1), ("Ben", 1, 2)]
    too_many = invoke(["bamboozled", "score", write('[[player]]\nname = "Ana"\nstrikes = 4\n')])
    assert too_many.exit_code == 65 and "strikes (0 to 3)" in too_many.stderr
    nobody = invoke(["bamboozled", "score", write('[[player]]\nname = "Ana"\nstrikes = 3\n')])
    assert nobody.exit_code == 65


# -- recorded games ------------------------------------------------------------------
seeds = SEEDS


def validate(document: dict[str, Any]) -> list[Any]:
    return record_errors(validate_document, document)


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_random_legal_games_validate_clean(seed: int) -> None:
    assert validate(random_game(seed)) == []


def below_score_to_beat(game: dict[str, Any], rng: random.Random) -> int | None:
    # a roll that follows an accepted roll has a score to beat; declare the lowest score instead
    events = game["event"]
    candidates = [
        i
        for i in range(2, len(events))
        if events[i]["type"] == "roll"
        and events[i - 1]["type"] == "accept"
        and events[i - 2]["type"] == "roll"
        and events[i - 2]["declared"] != 12
    ]
    if not candidates:
        return None
    index = rng.choice(candidates)
    events[index]["declared"] = 12
    return index


def wrong_strike(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: "strike" in e)
    if index is None:
        return None
    event = game["event"][index]
    event["strike"] = rng.choice([p for p in game["players"] if p != event["strike"]])
    return index


def out_of_turn(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: e["type"] in ("roll", "accept"))
    if index is None:
        return None
    event = game["event"][index]
    event["player"] = rng.choice([p for p in game["players"] if p != event["player"]])
    return index


def die_out_of_range(game: dict[str, Any], rng: random.Random) -> int | None:
    index = pick_event(game, rng, lambda e: e["type"] == "roll")
    if index is None:
        return None
    game["event"][index]["rolled"][0] = 7
    return index


def changed_winner(game: dict[str, Any], rng: random.Random) -> int | None:
    if "winner" not in game:
        return None
    game["winner"] = rng.choice([p for p in game["players"] if p != game["winner"]])
    return -1  # the record as a whole


def called_truth_as_bluff(game: dict[str, Any], rng: random.Random) -> int | None:
    """Change the dice of a called, honest roll so that it becomes a bluff: the recorded strike is now wrong."""
    events = game["event"]
    for index in range(1, len(events)):
        call, roll = events[index], events[index - 1]
        if (
            call["type"] == "call"
            and roll["type"] == "roll"
            and "card" not in call
            and "card" not in roll
            and call.get("strike") == call["player"]
        ):
            declared = str(roll["declared"])
            other = next(d for d in range(1, 7) if str(d) not in declared)
            roll["rolled"] = (
                [other, other]
                if declared[0] != declared[1]
                else [other, int(declared[0]) % 6 + 1 if other != int(declared[0]) % 6 + 1 else other]
            )
            if f"{roll['rolled'][0]}{roll['rolled'][1]}" in (declared, declared[::-1]):
                continue
            return index
    return None


MUTATIONS = {
    "declaration below the score to beat": below_score_to_beat,
    "wrong strike recipient": wrong_strike,
    "out-of-turn move": out_of_turn,
    "die out of range": die_out_of_range,
    "changed winner": changed_winner,
    "call resolved wrongly": called_truth_as_bluff,
}


@pytest.mark.parametrize("name", list(MUTATIONS))
@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_every_mutation_is_caught_at_its_event(name: str, seed: int) -> None:
    assert_mutation_caught(random_game, MUTATIONS[name], seed, validate_document)


def test_mutations_apply_to_most_games() -> None:
    assert_mutations_apply(random_game, MUTATIONS)


def test_validate_examples(invoke: Invoke) -> None:
    result = invoke(["validate", str(BZ / "record-game.toml"), "-f", "json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["results"][0]["winner"]


# -- reading the formats (formats.py): located errors ------------------------------------
def error_line(invoke: Invoke, args: list[str], path: str) -> str:
    result = invoke([*args, path])
    assert result.exit_code == 65, result.stdout
    return result.stderr.strip().replace(path, "FILE")


@pytest.mark.parametrize(
    ("args", "text", "message"),
    [
        # the range of strikes follows the file's own strikes_to_lose
        (
            ["score"],
            'strikes_to_lose = 5\n[[player]]\nname = "Ana"\nstrikes = 6\n',
            "FILE:4: player[1].strikes: 6 is out of range; expected strikes (0 to 5): an integer from 0 to 5",
        ),
        (
            ["score"],
            'strikes_to_lose = 0\n[[player]]\nname = "Ana"\nstrikes = 6\n',
            "FILE:1: strikes_to_lose: 0 is out of range; expected strikes that put a player out: an integer from 1 to 1000",
        ),
        (
            ["ruling"],
            CHALLENGE + "declared = 43\nrolled = [4, 3]\nstrikes_to_lose = 4\nstrikes = { Ben = 5 }\n",
            "FILE:9: strikes.Ben: 5 is out of range; expected strikes: an integer from 0 to 4",
        ),
        (
            ["ruling"],
            CARD + 'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\ncard = "revive"\n[strikes]\nZed = 2\n',
            'FILE:7: strikes.Zed: expected a player\'s name (Ana, Ben, Cid), found "Zed"',
        ),
        (
            ["ruling"],
            CARD + 'players = ["Ana", "Ben", "Cid"]\nplayer = "Ben"\n',
            "FILE:1: card: the key is missing; expected the card played: one of new-start, reverse, my-bad, skip, "
            "revive, jackpot, double, up-down",
        ),
        # accept: with players, the receiver is one of them; without, any name
        (
            ["ruling"],
            ACCEPT.replace('receiver = "Ben"', 'receiver = "Zed"') + "declared = 43\nrolled = [4, 3]\n",
            'FILE:5: receiver: expected the receiver: one of the players (Ana, Ben, Cid), found "Zed"',
        ),
        (
            ["ruling"],
            'situation = "accept"\ndeclarer = "Ana"\nreceiver = 5\ndeclared = 43\nrolled = [4, 3]\n',
            "FILE:3: receiver: expected a player's name (a non-empty string), found 5",
        ),
        (
            ["ruling"],
            ACCEPT + "declared = 7\nrolled = [4, 3]\n",
            "FILE:6: declared: expected a score: two digits 1-6 in the order declared, e.g. 43 or 66 (21 is the jackpot), found 7",
        ),
        (
            ["ruling"],
            ACCEPT + 'to_beat = "1"\ndeclared = 43\nrolled = [4, 3]\n',
            "FILE:6: to_beat: expected a score: two digits 1-6 in the order declared, e.g. 43 or 66 (21 is the jackpot), "
            'or 0 at a round start, found "1"',
        ),
        (
            ["validate"],
            'players = ["Ana", "Ben"]\n[[event]]\ntype = "dance"\nplayer = "Ana"\n',
            'FILE:3: event[1].type: "dance" is not one of "roll", "accept", "call", "card"',
        ),
        (
            ["validate"],
            'players = ["Ana", "Ben"]\n[[event]]\ntype = "card"\nplayer = "Ben"\n',
            "FILE:2: event[1].card: the key is missing; expected the card played: new-start, reverse, skip or revive "
            "(My Bad goes with a call)",
        ),
        (
            ["validate"],
            'players = ["Ana", "Ben"]\n[[event]]\ntype = "accept"\nplayer = "Ben"\ncard = "skip"\n',
            "FILE:5: event[1].card: no such key; the keys here are type, player, note",
        ),
    ],
    ids=[
        "final-bound",
        "limit-0",
        "challenge-bound",
        "card-strikes-name",
        "card-missing",
        "accept-seated",
        "accept-unseated",
        "declared-7",
        "to-beat-1",
        "event-type",
        "event-card-missing",
        "accept-has-no-card",
    ],
)
def test_format_errors_are_located(invoke: Invoke, write: Write, args: list[str], text: str, message: str) -> None:
    assert error_line(invoke, ["bamboozled", *args], write(text)) == f"refcli: error: {message}"


def test_accept_without_players_takes_any_names(invoke: Invoke, write: Write) -> None:
    code, doc = rule(
        invoke, write('situation = "accept"\ndeclarer = " Ana "\nreceiver = "Zoe"\ndeclared = 44\nrolled = [4, 3]\n')
    )
    assert code == 0 and doc["outcome"]["next_to_roll"] == "Zoe" and doc["outcome"]["draws"] == "Ana"
