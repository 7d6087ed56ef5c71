"""A command looks its game up once and passes the declaration down, never its id to be looked up again.

The command line finds the game when it resolves ``refcli GAME …``; the command, the library
(``refcli.api``), the reader (the game's Spanish words), the ruling (its names and situation words)
and the validator are all given that ``Game``. A look-up is a call from outside the registry to
``registry.get``, ``find``, ``built_in``, ``installed`` or ``_declared`` (the calls these make to each
other are part of that one look-up).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke

import refcli
from refcli import validating
from refcli.model import registry
from refcli.reading.formats import reader

LOOK_UPS = ("get", "find", "built_in", "installed", "_declared")


@pytest.fixture
def look_ups(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The registry look-ups made while the test runs, as ``find('kuhhandel')``; caches of earlier tests emptied.

    The compiled readers and the validators a batch remembers are emptied, so a look-up made only the
    first time a description is read, or a game validated, is counted here too.
    """
    calls: list[str] = []
    depth = [0]

    def counted(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(real)
        def call(*args: Any, **kwargs: Any) -> Any:
            if depth[0] == 0:
                calls.append(f"{name}({', '.join(map(repr, args))})")
            depth[0] += 1
            try:
                return real(*args, **kwargs)
            finally:
                depth[0] -= 1

        return call

    for name in LOOK_UPS:
        monkeypatch.setattr(registry, name, counted(name, getattr(registry, name)))
    monkeypatch.setattr(reader, "_COMPILED", {})
    monkeypatch.setattr(validating, "_FOR_COMMAND", {})
    monkeypatch.setattr(validating, "_FOR_RECORD", {})
    yield calls


@pytest.mark.parametrize(
    "args",
    [
        ("kuhhandel", "ruling", "auction-rising.toml"),
        ("kuhhandel", "score", "rulebook-2460.toml"),
        ("kuhhandel", "validate", "record-edition2.toml"),
        ("kuhhandel", "rules", "K8"),
        ("kuhhandel", "ruling", "subasta-en-espanol.toml"),  # its Spanish words and situation: from the declaration
    ],
)
def test_a_game_command_looks_its_game_up_once(invoke: Invoke, look_ups: list[str], args: tuple[str, ...]) -> None:
    game, verb, argument = args
    path = EXAMPLES / game / argument
    result = invoke([game, verb, str(path) if path.exists() else argument, "--format", "json"])
    assert result.exit_code in (0, 1), result.stderr
    assert look_ups == ["find('kuhhandel')"], look_ups


def test_scoring_a_file_naming_its_game_looks_it_up_once(invoke: Invoke, look_ups: list[str]) -> None:
    """``refcli score FILE``: the file's ``game`` key is the one look-up (listing every game's options is not one)."""
    result = invoke(["score", str(EXAMPLES / "money" / "game-2.toml"), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert [call for call in look_ups if not call.startswith(("built_in", "_declared"))] == ["find('money')"], look_ups


@pytest.mark.parametrize("game", [None, "kuhhandel", "Kuhhandel"])
def test_the_library_looks_the_game_up_once(look_ups: list[str], game: str | None) -> None:
    score = refcli.score(EXAMPLES / "kuhhandel" / "rulebook-2460.toml", game=game)
    assert score.winners == ("Cid",)
    assert look_ups == [f"find({game or 'kuhhandel'!r})"], look_ups


def test_the_library_takes_a_declaration_and_then_looks_nothing_up(look_ups: list[str]) -> None:
    """The command line passes the ``Game`` it found: the library reads with it and looks nothing up."""
    declared = registry.BUILT_IN["kuhhandel"]
    kuhhandel = __import__(declared, fromlist=["GAME"]).GAME
    ruling = refcli.rule(EXAMPLES / "kuhhandel" / "subasta-en-espanol.toml", game=kuhhandel)
    assert ruling.data["situation"] == "auction"
    assert look_ups == [], look_ups
