"""Shared test helpers: the repository paths and a CliRunner bound to refcli."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from refcli.cli import app

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
RULES_SOURCES = REPO.parent / "shared" / "rules-sources"

Invoke = Callable[..., Result]


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
