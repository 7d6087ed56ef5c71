"""Golden output: every example file runs as its first line says and matches its .json.

Each example starts with ``# run: refcli … FILE`` (and ``# exit: N`` when it
is meant to fail); the test runs that command
with ``--format json`` from the example's folder and compares the document
with ``<name>.json`` beside it. Set REFCLI_UPDATE_GOLDEN=1 to rewrite them
after a deliberate change (and read the diff before committing).
"""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path

import pytest
from conftest import EXAMPLES, Invoke

EXAMPLE_FILES = sorted(EXAMPLES.glob("*/*.toml"))


def expected_exit(example: Path) -> int:
    """An example may say ``# exit: N`` on its second line (an illegal situation, a broken record)."""
    lines = example.read_text(encoding="utf-8").splitlines()
    return int(lines[1].removeprefix("# exit:")) if len(lines) > 1 and lines[1].startswith("# exit:") else 0


def run_line(example: Path) -> list[str]:
    first = example.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# run: refcli "), f"{example.name} must start with '# run: refcli … FILE'"
    words = shlex.split(first.removeprefix("# run: refcli "))
    return [example.name if word == "FILE" else word for word in words]


def test_there_are_examples() -> None:
    assert len(EXAMPLE_FILES) >= 5


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_example_matches_its_expected_json(example: Path, invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(example.parent)
    result = invoke([*run_line(example), "--format", "json"])
    assert result.exit_code == expected_exit(example), result.stderr
    produced = json.loads(result.stdout)
    expected_path = example.with_suffix(".json")
    if os.environ.get("REFCLI_UPDATE_GOLDEN"):
        expected_path.write_text(json.dumps(produced, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert expected_path.exists(), f"missing {expected_path.name}: run with REFCLI_UPDATE_GOLDEN=1"
    assert produced == json.loads(expected_path.read_text(encoding="utf-8"))
