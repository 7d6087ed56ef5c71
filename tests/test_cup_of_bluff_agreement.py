"""Cup of Bluff: a ruling and the record replay agree, because both run ``engine.step``.

Random legal games (``simulate.random_game``) are cut at random events; each
cut is written as a situation file (the chips in front of each player before
the turn, and the turn itself) and ruled on through the public API
(``refcli.rule``). The ruling must say what the replay did with that event:
who takes which chip and from where, the chip given under the exception,
where every chip is after the turn, who plays next, whether the game is over
and who won. A second property changes one thing of the event at the cut
(the number called, the target, the dice, the answer, the chip given or
taken): the ruling is illegal exactly when the replay finds a broken rule
there, and names the same rule.

Default run: 50 games x 5 cuts (250 calls and exchanges, plus an ``end``
situation per game) and 40 games x 5 changed cuts.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from conftest import SEEDS
from hypothesis import given, settings

import refcli
from refcli.games.cupofbluff.engine import finish
from refcli.games.cupofbluff.record import Record, Replay, event_of
from refcli.games.cupofbluff.simulate import random_game

CUTS_PER_GAME = 5
GAMES = 50
CHANGED_GAMES = 40
DIRECTORY: list[Path] = []  # one temporary folder for every situation file of the run


@pytest.fixture(autouse=True, scope="module")
def situations_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    DIRECTORY[:] = [tmp_path_factory.mktemp("cuts")]


def as_event(values: dict[str, Any]) -> Any:
    """A record's ``[[event]]`` (as simulate writes it) as the replay takes it."""
    return event_of({"gives": None, "chip_to": None, **values})


def start(game: dict[str, Any]) -> Replay:
    players = tuple(game["players"])
    return Replay(Record(players=players, events=(), first=game["first"], target=game.get("target", 0)))


def moments(game: dict[str, Any]) -> list[dict[str, Any]]:
    """The game before and after each event, as the replay has it."""
    replay = start(game)
    found = []
    for values in game["event"]:
        before = {name: list(held) for name, held in replay.chips.items()}
        replay.apply(as_event(values))
        assert not replay.findings, replay.findings  # a legal game
        found.append(
            {
                "before": before,
                "after": {name: list(held) for name, held in replay.chips.items()},
                "next": replay.state.next_player,
                "over": replay.over,
                "winners": finish(replay.state).winners,
            }
        )
    return found


def situation(event: dict[str, Any], chips: dict[str, list[int]], target: int) -> dict[str, Any]:
    """The cut as a situation file: the turn, and the chips in front of each player before it."""
    if event["type"] == "exchange":
        keys = ("player", "dice", "returns", "takes")
        document = {"game": "cup-of-bluff", "situation": "exchange"}
    else:
        keys = ("caller", "target", "called", "dice", "answer", "gives")
        document = {"game": "cup-of-bluff", "situation": "call", "target_points": target}
    document.update({key: event[key] for key in keys if key in event})
    document["chips"] = chips
    return document


def cuts_of(game: dict[str, Any], rng: random.Random) -> list[int]:
    """CUTS_PER_GAME different events of the game, at random (all of them when it has fewer).

    Drawn from the game's own seed, not by hypothesis: hypothesis varies its
    other draws under a seed it keeps, which would cut the same few games
    over and over.
    """
    events = len(game["event"])
    return rng.sample(range(events), min(CUTS_PER_GAME, events))


def rule(document: dict[str, Any], name: str) -> Any:
    """``refcli.rule`` on the document written as a TOML file, as a person would hand it in."""
    path = DIRECTORY[0] / name
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    return refcli.rule(path)


@settings(max_examples=GAMES, deadline=None)
@given(seed=SEEDS)
def test_a_ruling_at_a_cut_says_what_the_replay_did(seed: int) -> None:
    game = random_game(seed)
    target = game.get("target", 0)
    seen = moments(game)
    last = len(game["event"]) - 1
    rng = random.Random(seed)
    cuts = cuts_of(game, rng)
    for cut in cuts:
        event, moment = game["event"][cut], seen[cut]
        ruling = rule(situation(event, moment["before"], target), f"{seed}-{cut}.toml")
        assert ruling.legal, (seed, cut, ruling.verdict)
        outcome = ruling.outcome
        assert outcome["chips_after"] == moment["after"], (seed, cut)
        assert outcome["game_over"] == moment["over"] and outcome["winners"] == moment["winners"], (seed, cut)
        assert outcome["next_player"] == (None if moment["over"] else moment["next"]), (seed, cut)
        if event["type"] == "call":
            assert outcome["chip_to"] == event["chip_to"], (seed, cut)
            holder = next((name for name, held in moment["before"].items() if event["called"] in held), "centre")
            assert outcome["chip_from"] == holder and outcome["gives"] == event.get("gives"), (seed, cut)
            assert outcome["must_give"] == ("gives" in event), (seed, cut)
        else:
            assert event["takes"] in outcome["choices"] and outcome["takes"] == event["takes"], (seed, cut)
    # The end: whether the game is over after the cut, and who won, as the replay says at that point.
    cut = rng.choice((cuts[0], last))
    end = {"game": "cup-of-bluff", "situation": "end", "target": target, "chips": seen[cut]["after"]}
    ruling = rule(end, f"{seed}-end.toml")
    assert ruling.outcome["over"] == seen[cut]["over"] and ruling.outcome["winners"] == seen[cut]["winners"]


def change(event: dict[str, Any], players: list[str], rng: random.Random) -> dict[str, Any]:
    """The event with one thing changed, perhaps into something no rule allows (never the player on turn)."""
    changed = copy.deepcopy(event)
    changed.pop("chip_to", None)  # the ruling decides who scores; a record may leave it out
    if event["type"] == "exchange":
        key = rng.choice(("dice", "returns", "takes"))
        if key == "dice":
            changed["dice"] = [rng.randint(1, 6) for _ in range(3)]
        elif key == "returns":
            changed["returns"] = rng.sample(range(3, 19), rng.randint(1, 3))
        else:
            changed["takes"] = rng.randint(3, 18)
        return changed
    key = rng.choice(("called", "target", "dice", "answer", "gives"))
    if key == "called":
        changed["called"] = rng.randint(2, 19)
    elif key == "target":
        changed["target"] = rng.choice(players)
    elif key == "dice":
        changed["dice"] = [rng.randint(1, 7) for _ in range(3)]
    elif key == "answer":
        changed["answer"] = "truth" if event["answer"] == "bluff" else "bluff"
    elif "gives" in changed and rng.random() < 0.5:
        del changed["gives"]
    else:
        changed["gives"] = rng.randint(3, 18)
    return changed


@settings(max_examples=CHANGED_GAMES, deadline=None)
@given(seed=SEEDS)
def test_a_changed_turn_is_illegal_exactly_when_the_replay_finds_a_broken_rule(seed: int) -> None:
    game = random_game(seed)
    seen = moments(game)
    rng = random.Random(seed)
    for cut in cuts_of(game, rng):
        changed = change(game["event"][cut], game["players"], rng)
        replay = start(game)
        for values in game["event"][:cut]:
            replay.apply(as_event(values))
        replay.apply(as_event(changed))
        found = [finding.rule for finding in replay.findings]
        document = situation(changed, seen[cut]["before"], game.get("target", 0))
        if changed["type"] == "call" and "gives" not in changed:
            # A situation may leave the gift open (the ruling says one is owed); a record must name it.
            found = [rule for rule in found if not (rule == "C3" and seen_owed(seen[cut]["before"], changed))]
        ruling = rule(document, f"{seed}-{cut}-changed.toml")
        assert ruling.legal == (not found), (seed, cut, changed, found, ruling.verdict)
        if found:
            assert ruling.broken_rule == found[0], (seed, cut, changed, found, ruling.verdict)


def seen_owed(before: dict[str, list[int]], call: dict[str, Any]) -> bool:
    """Whether the caller owes the target a chip (C3): they failed to take a chip in front of the target."""
    dice = call["dice"]
    fooled = (sum(dice) == call["called"]) == (call["answer"] == "bluff")
    return call["called"] in before.get(call["target"], ()) and not fooled and bool(before[call["caller"]])
