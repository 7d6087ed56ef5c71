"""The reader's fast path (refcli/formats/fast.py) against its nested readers, on every described format.

The fast path may refuse any document (the nested readers then read it again
and give the located error), but what it accepts it must read exactly as the
nested readers do: the same values, of the same types, in the same key order.
And it must be the path that well-formed records and the worked examples
take, or it is no use.
"""

from __future__ import annotations

import importlib
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES
from fuzzing import Target, documents, targets
from hypothesis import HealthCheck, given, settings

from refcli import registry
from refcli.errors import RefcliError
from refcli.formats import descriptions
from refcli.formats.reader import Context, compile_description, read_document, read_slowly
from refcli.inputs import Document

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
