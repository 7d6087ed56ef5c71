"""Shared test helpers: the repository paths and a CliRunner bound to refcli."""

from __future__ import annotations

import copy
import random
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from refcli.cli.app import app

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
RULES_SOURCES = REPO.parent / "shared" / "rules-sources"

Invoke = Callable[..., Result]

LANGUAGE_VARIABLES = ("REFCLI_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every test starts in English whatever the machine's locale, and leaves the language as it found it.

    refcli follows REFCLI_LANG and the locale (also in the subprocesses tests start); a test that wants
    Spanish says so (``--lang es``, ``REFCLI_LANG=es``, ``refcli.language.i18n.using("es")``).
    """
    from refcli.language import i18n

    for variable in LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    # the machine's own configuration file (refcli config) never changes what a test sees
    monkeypatch.setenv("REFCLI_CONFIG", str(Path(tempfile.gettempdir()) / "refcli-tests" / "no-config.toml"))
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def invoke() -> Invoke:
    """Run refcli in-process: ``invoke(["kuhhandel", "score", path], input=...)``."""
    runner = CliRunner()

    def run(args: Sequence[str], input: str | bytes | None = None, env: dict[str, str] | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, env=env, catch_exceptions=False)

    return run


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str], str]:
    """Write a TOML snippet to a temporary file and return its path."""

    def make(text: str, name: str = "input.toml") -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return make


# -- the format reader without its fast path -------------------------------------
def read_slowly(desc: Any, doc: Any) -> dict[str, Any]:
    """``read_document`` through the nested readers only: what the fast path must agree with."""
    from refcli.reading.formats import with_spanish_words
    from refcli.reading.formats.reader import Context, table_reader

    values: dict[str, Any] = table_reader(with_spanish_words(desc).fields, "")(doc.data, Context(doc), (), None)
    return values


# -- recorded-game property tests, shared by every game --------------------------
Mutation = Callable[[dict[str, Any], random.Random], "int | None"]


def record_errors(validate_document: Callable[..., Any], document: dict[str, Any]) -> list[Any]:
    """The error findings of a record document, validated as its TOML text would be."""
    from refcli.games.record_toml import to_toml
    from refcli.model.options import ValidateOptions
    from refcli.reading.documents import Document, parse_toml

    text = to_toml(document)
    result = validate_document(Document("game.toml", parse_toml(text, "game.toml"), text), ValidateOptions())
    return [finding for finding in result.findings if finding.severity == "error"]


def assert_mutation_caught(
    random_game: Callable[[int], dict[str, Any]], mutation: Mutation, seed: int, validate_document: Callable[..., Any]
) -> None:
    """Mutate one event of a random legal game: the first error must be at that event.

    A mutation returns the 0-based index it changed, -1 for the record as a
    whole (the first error then has no event), or None if the game has
    nothing it applies to.
    """
    game = copy.deepcopy(random_game(seed))
    index = mutation(game, random.Random(seed))
    if index is None:
        return
    found = record_errors(validate_document, game)
    assert found, f"{mutation.__name__} not caught (seed {seed})"
    assert found[0].event == (None if index == -1 else index + 1), (mutation.__name__, seed, found[:3])


def assert_mutations_apply(
    random_game: Callable[[int], dict[str, Any]], mutations: dict[str, Mutation], seeds: int = 30, minimum: int = 8
) -> None:
    """The mutation tests must not pass by finding nothing to mutate."""
    for name, mutation in mutations.items():
        applied = sum(
            mutation(copy.deepcopy(random_game(seed)), random.Random(seed)) is not None for seed in range(seeds)
        )
        assert applied >= minimum, name


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)  # random_game(seed) for property tests


def pick_event(game: dict[str, Any], rng: random.Random, predicate: Callable[[dict[str, Any]], bool]) -> int | None:
    """The index of a random event for which ``predicate`` holds, or None."""
    candidates = [index for index, event in enumerate(game["event"]) if predicate(event)]
    return rng.choice(candidates) if candidates else None
