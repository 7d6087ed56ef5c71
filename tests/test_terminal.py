"""An honest terminal: colour apart from layout, symbols beside colour, ASCII where Unicode cannot go.

Every run here is the real program in a fresh interpreter, its stdout a pipe
or a pseudo-terminal, as a person or a script gets it.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
ESCAPE = "\x1b["
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
QUIET = ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES", "PAGER", "REFCLI_PAGER", "PYTHONIOENCODING")


def environment(env: dict[str, str] | None = None) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k not in QUIET}
    return {**base, "TERM": "xterm-256color", "REFCLI_PAGER": "", **(env or {})}


def piped(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "refcli", *args], cwd=REPO, capture_output=True, env=environment(env), timeout=120
    )


def on_pty(*args: str, columns: int = 80, rows: int = 24, env: dict[str, str] | None = None) -> str:
    """What refcli writes to a pseudo-terminal of ``columns``×``rows`` (escapes kept)."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "refcli", *args],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=subprocess.DEVNULL,
        env=environment(env),
    )
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:  # a hang guard, not a timing
            process.kill()
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the other side closed: all read
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


COMPARE = ("bamboozled", "compare", "43", "34", "--no-pager")
BROKEN = str(EXAMPLES / "money" / "record-broken.toml")


# -- colour: --color, NO_COLOR, FORCE_COLOR -------------------------------------------------
def test_a_terminal_gets_colour_and_an_empty_no_color_counts_as_unset() -> None:
    assert ESCAPE in on_pty(*COMPARE)
    assert ESCAPE in on_pty(*COMPARE, env={"NO_COLOR": ""})  # no-color.org: empty is unset


def test_no_color_drops_the_colour_and_keeps_the_layout() -> None:
    for shown in (on_pty(*COMPARE, env={"NO_COLOR": "1"}), on_pty(*COMPARE, "--color", "never")):
        assert ESCAPE not in shown
        assert "╭─ Rules that decided it" in shown and "│ [" in shown  # the panel, as with colour
    coloured = ANSI.sub("", on_pty(*COMPARE))
    assert on_pty(*COMPARE, env={"NO_COLOR": "1"}) == coloured  # the same text, only without colour


def test_a_pipe_is_plain_text_unless_colour_is_asked_for() -> None:
    plain = piped(*COMPARE).stdout
    assert ESCAPE.encode() not in plain and b"Rules applied\n  [" in plain
    assert piped(*COMPARE, env={"NO_COLOR": ""}).stdout == plain
    assert piped(*COMPARE, env={"FORCE_COLOR": ""}).stdout == plain  # empty: unset
    assert piped(*COMPARE, "--color", "never", env={"FORCE_COLOR": "1"}).stdout == plain
    assert piped(*COMPARE, "--color", "auto").stdout == plain
    for forced in (
        piped(*COMPARE, env={"FORCE_COLOR": "1"}),
        piped("--color", "always", *COMPARE),  # a root option …
        piped(*COMPARE, "--color", "always", env={"NO_COLOR": "1"}),  # … or the command's; it wins over NO_COLOR
    ):
        assert forced.returncode == 0
        assert ESCAPE.encode() in forced.stdout and "╭─".encode() in forced.stdout  # drawn, for less -R
    assert ESCAPE.encode() not in piped(*COMPARE, env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).stdout


def test_color_is_a_choice_of_three() -> None:
    refused = piped(*COMPARE, "--color", "sometimes")
    assert refused.returncode == 2 and b"--color" in refused.stderr and refused.stdout == b""


def test_color_is_on_every_command_that_prints_a_report() -> None:
    for args in (
        ("score", str(EXAMPLES / "kuhhandel" / "shared-win.toml")),
        ("validate", BROKEN),
        ("ruling", str(EXAMPLES / "money" / "bids-spec.toml")),
        ("rules", "empate"),
        ("bamboozled", "ladder"),
        ("cup-of-bluff", "chips"),
    ):
        result = piped(*args, "--color", "always")
        assert ESCAPE.encode() in result.stdout, args


# -- what colour carries is also written -----------------------------------------------------
def test_failures_and_warnings_are_marked_without_colour() -> None:
    for shown in (
        on_pty("validate", BROKEN, "--no-pager", "--color", "never"),
        piped("validate", BROKEN).stdout.decode(),
    ):
        assert re.search(r"^✗ .*record-broken\.toml: 2 errors", shown, re.M), shown
    unfinished = str(EXAMPLES / "kuhhandel" / "unfinished.toml")
    partial = on_pty("kuhhandel", "score", unfinished, "--partial", "--no-pager", env={"NO_COLOR": "1"})
    assert re.search(r"^! ", partial, re.M), partial
    ruling = on_pty("kuhhandel", "ruling", str(EXAMPLES / "kuhhandel" / "auction-cannot-pay.toml"), "--color", "never")
    assert "Illegal: " in ruling or "Decision: " in ruling  # the verdict says it in words


# -- the layout follows the terminal's width -------------------------------------------------
@pytest.mark.parametrize("columns", [60, 80])
def test_text_fits_the_terminal_and_wraps_between_words(columns: int) -> None:
    tables = {("bamboozled", "ladder", "--no-pager"): 36, ("cup-of-bluff", "chips", "--no-pager"): 16}
    for args in (COMPARE, *tables):
        for env in ({}, {"NO_COLOR": "1"}):
            shown = ANSI.sub("", on_pty(*args, "-v", columns=columns, env=env))  # -v: every clause, as piped
            lines = shown.splitlines()
            assert max(len(line) for line in lines) <= columns, (args, env)
            words = set(re.findall(r"[A-Za-z]{4,}", piped(*args).stdout.decode()))
            assert words <= set(re.findall(r"[A-Za-z]{4,}", shown)), "a word broken across lines"
            rows = [line for line in lines if re.search(r"\d+/(36|216) ", line)]
            assert len(rows) == tables.get(args, 0), "one line a row: no bar wraps"
            assert all(re.search(r"\d+\.\d%\s+█", line) for line in rows), "every bar beside its percentage"


def test_columns_sets_the_width_too() -> None:
    shown = ANSI.sub("", on_pty(*COMPARE, columns=120, env={"COLUMNS": "60"}))
    assert max(len(line) for line in shown.splitlines()) <= 60


def test_the_odds_are_percentages() -> None:
    ladder = piped("bamboozled", "ladder", "54").stdout.decode()
    assert re.search(r"20/36\s+55\.6%", ladder)
    chips = piped("cup-of-bluff", "chips").stdout.decode()
    assert re.search(r"^\s+3\s+5\s+1/216\s+0\.5%", chips, re.M) and re.search(r"27/216\s+12\.5%", chips)


# -- a stream that cannot encode Unicode -------------------------------------------------------
ENCODED = [
    ("validate", str(EXAMPLES / "money" / "record-game.toml")),
    ("money", "score", str(EXAMPLES / "money" / "game-2.toml")),
    ("bamboozled", "ladder"),
    ("cup-of-bluff", "chips"),
    ("kuhhandel", "score", str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")),
]


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
@pytest.mark.parametrize("args", ENCODED, ids=lambda args: " ".join(args[:2]))
def test_text_falls_back_to_ascii_where_the_stream_cannot_encode_it(encoding: str, args: tuple[str, ...]) -> None:
    result = piped(*args, env={"PYTHONIOENCODING": encoding})
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    text = result.stdout.decode(encoding)  # every byte is the stream's own encoding
    assert "\\u" not in text and "\\x" not in text, "symbols in words or ASCII, not escapes"
    utf8 = piped(*args).stdout.decode()
    assert len(text.splitlines()) == len(utf8.splitlines())  # the same report


def test_ascii_fallbacks_say_what_the_symbols_said() -> None:
    ascii_env = {"PYTHONIOENCODING": "ascii"}
    assert piped("validate", str(EXAMPLES / "money" / "record-game.toml"), env=ascii_env).stdout.startswith(b"OK ")
    broken = piped("validate", BROKEN, env=ascii_env)
    assert broken.returncode == 1 and re.search(rb"^X .*: 2 errors", broken.stdout, re.M)
    ladder = piped("bamboozled", "ladder", env=ascii_env).stdout
    assert b"#" * 36 in ladder and b"100.0%" in ladder
    money = piped("money", "score", str(EXAMPLES / "money" / "game-2.toml"), env=ascii_env).stdout
    assert b"Money! -- " in money and b"90->0" in money and b"puntuacion" in money
    cp1252 = piped("money", "score", str(EXAMPLES / "money" / "game-2.toml"), env={"PYTHONIOENCODING": "cp1252"})
    assert "puntuación".encode("cp1252") in cp1252.stdout  # what the encoding has is kept


def test_ascii_fallback_on_a_terminal_draws_ascii_boxes() -> None:
    shown = on_pty(*COMPARE, env={"PYTHONIOENCODING": "ascii", "NO_COLOR": "1"})
    assert shown.isascii() and "+- Rules that decided it -" in shown and "\n| [ranking." in shown


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_json_and_toml_keep_their_values_on_any_encoding(encoding: str) -> None:
    args = ("kuhhandel", "score", str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml"))
    env = {"PYTHONIOENCODING": encoding}
    assert json.loads(piped(*args, "-f", "json", env=env).stdout) == json.loads(piped(*args, "-f", "json").stdout)
    toml = piped(*args, "-f", "toml", env=env)
    assert toml.returncode == 0 and toml.stdout.isascii()
    assert tomllib.loads(toml.stdout.decode()) == tomllib.loads(piped(*args, "-f", "toml").stdout.decode())


def test_errors_on_stderr_fall_back_too() -> None:
    result = piped(
        "kuhhandel", "score", str(EXAMPLES / "kuhhandel" / "unfinished.toml"), env={"PYTHONIOENCODING": "ascii"}
    )
    assert result.returncode == 65 and result.stderr.startswith(b"refcli: error: ")
    assert result.stderr.isascii() and b"\\u" not in result.stderr and len(result.stderr.splitlines()) == 1
