"""Limits: the input size limit, inputs at the limit, and files never left half-written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, Invoke

from refcli.reading.documents import DEFAULT_MAX_BYTES

# A hang guard, not a timing: linear work on 8 MiB takes well under a second
# here; quadratic work would take hours.
GUARD_SECONDS = 120


def refcli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "refcli", *args], capture_output=True, text=True, timeout=GUARD_SECONDS
    )


def padded(limit: int, tail: str) -> str:
    """A valid Kuhhandel snapshot padded with one long string to exactly ``limit`` bytes."""
    head = (
        'game = "kuhhandel"\n'
        + Path(EXAMPLES / "kuhhandel" / "rulebook-2460.toml").read_text(encoding="utf-8").split("edition = 2\n", 1)[1]
    )
    pad = limit - len(head.encode()) - len(tail.encode()) - len('#"\n')
    return "#" + "x" * pad + '"\n' + head + tail


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    at_limit = tmp_path / "at-limit.toml"
    at_limit.write_text(padded(DEFAULT_MAX_BYTES, ""), encoding="utf-8")
    assert at_limit.stat().st_size == DEFAULT_MAX_BYTES
    assert refcli("score", str(at_limit), "--format", "json").returncode == 0
    over = tmp_path / "over.toml"
    text = padded(DEFAULT_MAX_BYTES + 1, "")
    over.write_text(text, encoding="utf-8")
    result = refcli("score", str(over))
    assert result.returncode == 65
    crossed = text[:DEFAULT_MAX_BYTES].count("\n") + 1  # the line holding the first byte past the limit
    assert crossed == text.count("\n")  # the last line: the padding is on the first
    assert result.stderr == (
        f"refcli: error: {over}:{crossed}: expected at most 8 MiB (the input size limit; --max-bytes raises it), found more\n"
    )
    assert refcli("score", str(over), "--max-bytes", str(DEFAULT_MAX_BYTES + 1)).returncode == 0


def test_max_bytes_lowers_the_limit(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "score", str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml"), "--max-bytes", "50"])
    assert result.exit_code == 65 and "at most 50 bytes" in result.stderr
    assert invoke(["kuhhandel", "score", "--max-bytes", "0", "x"]).exit_code == 2


def test_errors_deep_in_a_file_at_the_limit_are_located(tmp_path: Path) -> None:
    long_string = tmp_path / "long-string.toml"
    long_string.write_text('game = "kuhhandel"\nnote = "' + "y" * (DEFAULT_MAX_BYTES - 100) + '"\n', encoding="utf-8")
    result = refcli("score", str(long_string))
    assert result.returncode == 65 and f"{long_string}:2: note: no such key; the keys here are" in result.stderr
    many_lines = tmp_path / "many-lines.toml"
    lines = "# a comment line\n" * ((DEFAULT_MAX_BYTES - 100) // 17)
    many_lines.write_text('game = "kuhhandel"\n' + lines + '[[player]]\nname = "A"\ncolour = 1\n', encoding="utf-8")
    result = refcli("score", str(many_lines))
    expected_line = 2 + lines.count("\n") + 2
    assert result.returncode == 65 and f"{many_lines}:{expected_line}: player[1].colour:" in result.stderr


def test_an_interrupted_write_leaves_nothing_behind(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    target = tmp_path / "final.toml"
    target.write_text("mine", encoding="utf-8")

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)  # Ctrl-C just before the rename
    result = invoke(["kuhhandel", "template", "final", "-o", str(target), "--force"])
    assert result.exit_code == 130
    assert target.read_text(encoding="utf-8") == "mine"
    assert [p.name for p in tmp_path.iterdir()] == ["final.toml"]


def test_writing_into_a_missing_folder_is_73(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(["money", "template", "final", "-o", str(tmp_path / "no" / "such" / "final.toml")])
    assert result.exit_code == 73 and "cannot write" in result.stderr
