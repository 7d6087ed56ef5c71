"""Nothing a user can do ends refcli with exit 70 or a raw exception, in any command, format or the API.

* Integers of more digits than Python converts (4,300): Python refuses them both when parsing
  (``int("9" * 5000)``) and when writing them (``str(10**5000)``), so an error message that shows
  one must not try. An item or a file holding one is bad data (65, ``DataError``); a command-line
  argument is a usage error (2).
* Values nested deeper than Python recurses (a ``KEY:=`` literal, a document given to the API, a JSON
  line): 65 / ``DataError``, never a ``RecursionError``.
* The terminal's environment: a pager that cannot be parsed, found or run prints the report as it
  is, with the report's own exit status; ``TERM=dumb`` never pages; ``COLUMNS`` and ``LINES`` are kept
  within a sane range (``COLUMNS=999999999`` is not a gigabyte of padding).
* A line typed at a question that is not text in the terminal's encoding is refused and asked again.
* A broken game from another distribution (``refcli.games`` entry points) is skipped with one warning
  line naming it and its distribution; refcli's own games, typos and unknown `game` keys behave as
  without it.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import resource
import select
import struct
import subprocess
import sys
import termios
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, REPO, Invoke
from typer.testing import Result

import refcli
from refcli.model import registry
from refcli.model.errors import DataError, RefcliError, UsageError

DIGITS = "9" * 5_000  # over Python's 4,300
HEX = "0x" + "f" * 4_000  # TOML reads it (hexadecimal has no limit): an integer of 4,817 digits
DEEP = "[" * 1_200 + "]" * 1_200  # deeper than Python recurses
SCORE_FORMATS = ("text", "json", "toml", "csv")
RULING_FORMATS = ("text", "json", "toml")
KUHHANDEL_FINAL = str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")


def deep_list(depth: int = 1_200) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def assert_refused(result: Result, code: int, fmt: str = "text") -> None:
    """Exit ``code`` with one error line (no traceback, no internal error); for scripts, the failure document."""
    assert result.exit_code == code, (result.exit_code, result.stderr[-500:])
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    said = [line for line in result.stderr.splitlines() if line.startswith(("refcli: error:", "Error:"))]
    assert len(said) == 1, result.stderr[-500:]
    if code == 65 and fmt == "json":
        assert json.loads(result.stdout)["error"]["exit_code"] == 65


# -- integers over 4,300 digits ------------------------------------------------------------------------
BIG_ITEMS = {
    "an integer item": ["player.1.name=Ana", f"player.1.animals.pig={DIGITS}"],
    "a := literal": ["player.1.name=Ana", f"player.1.animals:={{pig={DIGITS}}}"],
    "a hexadecimal := literal": ["player.1.name=Ana", f"player.1.animals:={{pig={HEX}}}"],
    "an item number": [f"player.{DIGITS}.name=Ana"],
    "an item number in other digits": ["player.²=Ana"],  # str.isdigit, but not a number int() reads
}


@pytest.mark.parametrize("fmt", SCORE_FORMATS)
@pytest.mark.parametrize("items", BIG_ITEMS.values(), ids=BIG_ITEMS.keys())
def test_an_item_holding_a_huge_integer_is_bad_data(invoke: Invoke, items: list[str], fmt: str) -> None:
    assert_refused(invoke(["kuhhandel", "score", "--format", fmt, *items]), 65, fmt)


@pytest.mark.parametrize("fmt", RULING_FORMATS)
@pytest.mark.parametrize("value", [DIGITS, HEX], ids=["decimal", "hexadecimal"])
def test_a_huge_integer_over_a_file_s_value_is_bad_data(invoke: Invoke, value: str, fmt: str) -> None:
    situation = str(EXAMPLES / "kuhhandel" / "auction-spec.toml")
    assert_refused(invoke(["kuhhandel", "ruling", "--format", fmt, situation, f"edition:={value}"]), 65, fmt)
    assert_refused(invoke(["kuhhandel", "ruling", "--format", fmt, situation, f"edition={value}"]), 65, fmt)


@pytest.mark.parametrize("verb", ["score", "ruling", "validate"])
def test_a_file_holding_a_hexadecimal_integer_of_thousands_of_digits_is_bad_data(
    invoke: Invoke, write: Callable[[str, str], str], verb: str
) -> None:
    result = invoke([verb, write(f"game = {HEX}\n", "huge.toml")])
    assert_refused(result, 65)
    assert "game: an integer of 4817 digits is not one of kuhhandel" in result.stderr
    situation = f'game = "kuhhandel"\nsituation = "auction"\nedition = {HEX}\n'
    assert_refused(invoke([verb, write(situation, "huge.toml")]), 65)


def test_a_json_line_holding_a_huge_integer_says_so_in_refcli_s_words(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text('{"game": "money", "note": "9999", "players": -' + DIGITS + "}\n", encoding="utf-8")
    result = invoke(["validate", "--jsonl", str(path)])
    assert result.exit_code == 65
    assert f"{path}:1: expected an integer of at most 4,300 digits, found one of 5,000" in result.stderr
    assert "sys.set_int_max_str_digits" not in result.stderr


def test_a_huge_chip_number_is_a_usage_error(invoke: Invoke) -> None:
    result = invoke(["cup-of-bluff", "chips", DIGITS])
    assert_refused(result, 2)
    assert "there is no chip 9999999999" in result.stderr and len(result.stderr) < 300


def test_a_chip_number_after_thousands_of_zeros_is_that_chip(invoke: Invoke) -> None:
    result = invoke(["cup-of-bluff", "chips", "0" * 5_000 + "15"])
    assert result.exit_code == 0 and "Chip 15 scores 3 points" in result.stdout


def example_documents() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, the API function its ``# run:`` line names, document) for every worked example."""
    import tomllib

    found = []
    for path in sorted(EXAMPLES.glob("*/*.toml")):
        text = path.read_text(encoding="utf-8")
        first = text.splitlines()[0]
        verb = "score" if " score" in first else "rule" if " ruling" in first else "validate"
        found.append((f"{path.parent.name}/{path.name}", verb, tomllib.loads(text)))
    return found


def scalar_paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [p for key, value in node.items() for p in scalar_paths(value, (*path, key))]
    if isinstance(node, list):
        return [p for index, value in enumerate(node) for p in scalar_paths(value, (*path, index))] or [path]
    return [path]


def replaced(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    import copy

    changed = copy.deepcopy(document)
    node: Any = changed
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return changed


HOSTILE_VALUES = {"10**5000": 10**5_000, "-2**20000": -(2**20_000), "nested 1,200 deep": deep_list()}


@pytest.mark.parametrize("value", HOSTILE_VALUES.values(), ids=HOSTILE_VALUES.keys())
@pytest.mark.parametrize(
    ("name", "verb", "document"), example_documents(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_the_api_refuses_a_hostile_value_anywhere_in_a_document_as_data(
    name: str, verb: str, document: dict[str, Any], value: Any
) -> None:
    """Each worked example with the value in place of some of its keys' values (the game key, the first,
    and a few spread over the rest): a result or a ``DataError``, whose message and text can be written."""
    paths = scalar_paths(document)
    chosen = {paths[0], *paths[:: max(1, len(paths) // 3)]}
    for path in sorted(chosen, key=str):
        try:
            result = getattr(refcli, verb)(replaced(document, path, value))
        except DataError as error:
            assert error.one_line() and str(error)
            continue
        assert result.to_json() and result.text()


def test_api_values_holding_a_huge_integer_are_refused_as_data() -> None:
    with pytest.raises(DataError, match="an integer of 5001 digits"):
        refcli.score(KUHHANDEL_FINAL, values={"edition": 10**5_000})
    with pytest.raises(DataError, match="expected an integer of at most 4,300 digits, found one of 5,000"):
        refcli.score(KUHHANDEL_FINAL, values=[f"edition:={DIGITS}"])
    with pytest.raises(DataError, match="edition"):
        refcli.score(KUHHANDEL_FINAL, values=[f"edition={DIGITS}"])
    with pytest.raises(DataError, match="expected an item number"):
        refcli.score(KUHHANDEL_FINAL, values=[f"player.{DIGITS}.name=Ana"])


def test_a_count_of_digits_needs_no_writing_out() -> None:
    from refcli.reading.tables import decimal_digits, describe

    for value in (0, 7, -10, 10**12 - 1, 10**12, 10**4_299, 10**5_000 - 1, 10**5_000, -(2**20_000)):
        with_limit_lifted = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            written = len(str(abs(value)))
        finally:
            sys.set_int_max_str_digits(with_limit_lifted)
        assert decimal_digits(value) == written
    assert describe(10**5_000) == "an integer of 5001 digits"
    assert describe(-123) == "-123"


def test_an_api_value_that_cannot_be_copied_is_bad_data_with_values_too(tmp_path: Path) -> None:
    """A generator or an open file where a value goes: the reader refuses it (found a generator), and
    putting values over the document does not first try to copy it (``cannot pickle``, a TypeError)."""
    with (tmp_path / "open.txt").open("w") as handle:
        for value, found in ((n for n in range(3)), "found a generator"), (handle, "found a TextIOWrapper"):
            document = {"game": "kuhhandel", "edition": value, "player": [{"name": "Ana", "animals": {"cow": 4}}]}
            for values in (None, {"player.1.name": "Ben"}, ["player.1.animals.cat=4"]):
                with pytest.raises(DataError, match=f"edition: expected the edition: an integer 1 or 2, {found}"):
                    refcli.score(document, values=values, partial=True)


def test_values_put_over_an_api_document_leave_it_as_it_was() -> None:
    import copy

    document = {"game": "kuhhandel", "edition": 2, "player": [{"name": "Ana", "animals": {"cow": 4}}]}
    before = copy.deepcopy(document)
    result = refcli.score(document, values={"player.1.name": "Ben", "player.1.animals.cat": 4}, partial=True)
    assert [player["name"] for player in result.to_dict()["players"]] == ["Ben"]
    assert document == before


# -- nesting deeper than Python recurses ----------------------------------------------------------------
@pytest.mark.parametrize("fmt", RULING_FORMATS)
def test_a_deeply_nested_literal_item_is_bad_data(invoke: Invoke, fmt: str) -> None:
    assert_refused(invoke(["money", "ruling", "--format", fmt, "situation=bids", f"bids:={DEEP}"]), 65, fmt)


@pytest.mark.parametrize("fmt", SCORE_FORMATS)
def test_a_deeply_nested_literal_over_a_file_is_bad_data(invoke: Invoke, fmt: str) -> None:
    assert_refused(invoke(["kuhhandel", "score", "--format", fmt, KUHHANDEL_FINAL, f"player:={DEEP}"]), 65, fmt)


def test_a_deeply_nested_json_line_is_bad_data(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text('{"game": "money", "players": ' + DEEP + "}\n", encoding="utf-8")
    result = invoke(["validate", "--jsonl", str(path)])
    assert result.exit_code == 65 and "nested too deeply" in result.stderr


def test_a_deep_api_document_is_refused_as_data() -> None:
    deep = {"game": "kuhhandel", "note": deep_list()}  # copied when values are put over it: too deep to copy
    with pytest.raises(DataError):
        refcli.score(deep, values={"edition": "2"})
    with pytest.raises(DataError):
        refcli.rule({**deep, "game": "money"}, values={"situation": "bids"})
    with pytest.raises(DataError, match="nested too deeply"):
        refcli.score(values=[f"bids:={DEEP}", "game=money"])
    with pytest.raises(DataError):
        refcli.score(game="kuhhandel", values={"player.1.name": "Ana", "player.1.animals.pig": deep_list()})
    assert not refcli.validate({"game": "money", "players": deep_list()}).valid


# -- the terminal: pager, TERM, COLUMNS and LINES ------------------------------------------------------
TERMINAL_VARIABLES = ("PAGER", "REFCLI_PAGER", "LESS", "COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "TERM")


def environment(**variables: str) -> dict[str, str]:
    """This process's environment without the terminal's variables, then ``variables``."""
    env = {key: value for key, value in os.environ.items() if key not in TERMINAL_VARIABLES}
    return {**env, "TERM": "xterm", **variables}


def refcli_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "refcli", *args]


def limit_memory(most: int) -> Callable[[], None]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (most, most))

    return limit


def on_terminal(
    args: list[str], env: dict[str, str], *, lines: int = 10, columns: int = 80, memory: int = 2**30
) -> tuple[int, str, float]:
    """Run refcli on a pseudo-terminal of ``lines`` x ``columns``: its status, what the terminal showed, seconds."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    started = time.monotonic()
    child = subprocess.Popen(
        args,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=REPO,
        start_new_session=True,
        preexec_fn=limit_memory(memory),
    )
    os.close(slave)
    shown = bytearray()
    deadline = started + 120  # a hang guard, not a timing
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 1)
        if not ready:
            if child.poll() is not None:
                break
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal's other end closed: refcli is done
            break
        if not chunk:
            break
        shown += chunk
    else:
        child.kill()
    os.close(master)
    code = child.wait(timeout=30)
    return code, shown.decode("utf-8", "replace"), time.monotonic() - started


TALL_REPORTS = {  # taller than a terminal of 10 lines: each is paged there, and ends with its own status
    "rules": (["kuhhandel", "rules"], "Kuhhandel: ", 0),  # (its heading counts the clauses)
    "illegal ruling": (
        ["cup-of-bluff", "ruling", "-v", str(EXAMPLES / "cup-of-bluff" / "call-own-chip.toml")],
        "Illegal",
        1,
    ),
}


@pytest.fixture
def recording_pager(tmp_path: Path) -> tuple[str, Path]:
    """A pager that keeps what it is given in a file (so a test sees whether it ran)."""
    kept = tmp_path / "paged.txt"
    script = tmp_path / "pager.sh"
    script.write_text(f'#!/bin/sh\ncat > "{kept}"\n', encoding="utf-8")
    script.chmod(0o755)
    return str(script), kept


@pytest.mark.parametrize("report", TALL_REPORTS.values(), ids=TALL_REPORTS.keys())
def test_a_report_taller_than_the_terminal_goes_through_the_pager(
    report: tuple[list[str], str, int], recording_pager: tuple[str, Path]
) -> None:
    """The control for the tests below: the pager does run here, so they show that it was not."""
    args, first, status = report
    pager, kept = recording_pager
    code, shown, _seconds = on_terminal(refcli_command(*args), environment(PAGER=pager))
    assert code == status and first in kept.read_text(encoding="utf-8") and first not in shown


HOSTILE_PAGERS = {
    "unbalanced quote in PAGER": {"PAGER": 'less "-R'},
    "unbalanced quote in REFCLI_PAGER": {"REFCLI_PAGER": "'", "PAGER": "less"},
    "no such program": {"REFCLI_PAGER": "/nonexistent/pager --flag"},
    "not a program": {"PAGER": "/"},
    "failing at once": {"PAGER": "false"},
    "failing at once with a message": {"PAGER": "sh -c 'echo pager broken >&2; exit 3'"},
}


@pytest.mark.parametrize("report", TALL_REPORTS.values(), ids=TALL_REPORTS.keys())
@pytest.mark.parametrize("variables", HOSTILE_PAGERS.values(), ids=HOSTILE_PAGERS.keys())
def test_a_pager_that_cannot_run_leaves_the_report_printed_with_its_own_status(
    variables: dict[str, str], report: tuple[list[str], str, int]
) -> None:
    args, first, status = report
    code, shown, _seconds = on_terminal(refcli_command(*args), environment(**variables))
    assert code == status, shown[-500:]
    assert first in shown and "Traceback" not in shown and "internal error" not in shown


def test_a_dumb_terminal_never_pages(recording_pager: tuple[str, Path]) -> None:
    pager, kept = recording_pager
    args, first, status = TALL_REPORTS["rules"]
    code, shown, _seconds = on_terminal(refcli_command(*args), environment(PAGER=pager, TERM="dumb"))
    assert code == status and first in shown and not kept.exists()


def test_a_huge_columns_on_a_terminal_is_fast_and_small() -> None:
    """1 GiB of address space is far more than refcli needs, and far less than 999,999,999 columns of padding."""
    args = refcli_command("kuhhandel", "score", "-v", KUHHANDEL_FINAL)
    code, shown, seconds = on_terminal(args, environment(COLUMNS="999999999", PAGER="cat"), memory=2**30)
    assert code == 0 and "Winner: Cid" in shown
    assert len(shown) < 200_000 and seconds < 60


def test_a_huge_columns_for_a_drawn_pipe_is_fast_and_small() -> None:
    env = environment(COLUMNS="999999999", FORCE_COLOR="1")
    done = subprocess.run(
        refcli_command("kuhhandel", "score", KUHHANDEL_FINAL),
        env=env,
        cwd=REPO,
        capture_output=True,
        timeout=120,
        preexec_fn=limit_memory(2**30),
    )
    assert done.returncode == 0 and b"Winner: Cid" in done.stdout and len(done.stdout) < 200_000, done.stderr[-300:]


@pytest.mark.parametrize("columns", ["-5", "abc", "0", DIGITS[:4_400]])
def test_columns_that_are_not_a_width_are_ignored_on_a_terminal(columns: str) -> None:
    args = refcli_command("kuhhandel", "score", KUHHANDEL_FINAL)
    code, shown, _seconds = on_terminal(args, environment(COLUMNS=columns, LINES=columns, PAGER="cat"))
    assert code == 0 and "Winner: Cid" in shown and "Traceback" not in shown


@pytest.mark.parametrize(
    ("columns", "lines", "size"),
    [
        ("", "", (80, 24)),
        ("100", "50", (100, 50)),
        (" 120 ", "007", (120, 7)),
        ("999999999", "999999999", (1000, 1000)),
        (DIGITS, DIGITS, (1000, 1000)),
        ("5", "1", (20, 5)),
        ("0", "0", (80, 24)),
        ("-5", "-5", (80, 24)),
        ("abc", "1e3", (80, 24)),
        ("٣٣", "²", (80, 24)),
    ],
)
def test_columns_and_lines_are_kept_within_a_sane_range(
    monkeypatch: pytest.MonkeyPatch, columns: str, lines: str, size: tuple[int, int]
) -> None:
    from refcli.output.terminal import clamped_size

    monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.setenv("LINES", lines)
    assert clamped_size(80, 24) == size
    monkeypatch.delenv("COLUMNS")
    monkeypatch.delenv("LINES")
    assert clamped_size(0, 0) == (20, 5)  # a terminal that says 0x0 (a fresh pseudo-terminal)
    assert clamped_size(5_000, 3_000) == (1000, 1000)


# -- answers typed at refcli's questions ----------------------------------------------------------------
COW_TRADE_ANSWERS = b"cow-trade\nAna\nBen\ncat\n2\n10,10,0\n50\n\n\n"  # tests/test_prompts.py's


def test_an_answer_that_is_not_utf_8_is_asked_again(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    """A byte that is not UTF-8 (a Latin-1 terminal's é) is refused as a file's would be, and the question
    asked again: the runner's stdin decodes strictly, as a terminal's does in a UTF-8 locale."""
    from refcli.cli import prompts as prompting

    monkeypatch.setattr(prompting, "stdin_is_terminal", lambda: True)
    result = invoke(["kuhhandel", "ruling"], input=b"caf\xe9\n" + COW_TRADE_ANSWERS)
    assert result.exit_code == 0, result.stderr[-500:]
    assert (
        "Number or name [1-4]:   expected UTF-8 text, found the byte 0xe9 that is not UTF-8\nNumber or name [1-4]: "
        in (result.stderr)
    )
    assert "Decision: Ben's 50 beats Ana's 20" in result.stdout


def test_an_answer_in_another_encoding_says_which_the_terminal_has(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from refcli.cli import prompts as prompting

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\x81\xff\nx\n"), encoding="shift_jis"))
    assert prompting.Terminal().ask("q: ") == "x"
    said = capsys.readouterr().err
    assert said == "q:   expected text in the terminal's encoding (shift_jis), found the byte 0x81\nq: "


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_on_a_terminal_an_answer_that_is_not_utf_8_is_never_an_internal_error(errors: str) -> None:
    """In a UTF-8 locale Python's stdin is strict (here forced with PYTHONIOENCODING), in the C locale it lets
    such bytes through as surrogates: either way the answer is refused the same way."""
    master, slave = pty.openpty()
    env = environment(PYTHONIOENCODING=f"utf-8:{errors}", NO_COLOR="1", COLUMNS="80", LINES="24")
    child = subprocess.Popen(
        refcli_command("kuhhandel", "ruling", "--no-pager"),
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=REPO,
        start_new_session=True,
    )
    os.close(slave)
    os.write(master, b"caf\xe9\n\x04")  # typed ahead: the line, then Ctrl-D at the next question
    shown = bytearray()
    deadline = time.monotonic() + 120  # a hang guard, not a timing
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 1)
        if not ready:
            if child.poll() is not None:
                break
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    code = child.wait(timeout=30)
    text = shown.decode("utf-8", "replace")
    assert code == 130, text
    assert "expected UTF-8 text, found the byte 0xe9 that is not UTF-8" in text
    assert "internal error" not in text and "Traceback" not in text


# -- a broken game from another distribution ------------------------------------------------------------
BROKEN_GAMES = {
    "missing": "import refcli_no_such_dependency\n",
    "boom": "raise RuntimeError('the toy exploded at import')\n",
    "quits": "import sys\nsys.exit(3)\n",
    "notgame": "GAME = object()\n",
    "misnamed": "from refcli.model.registry import built_in\nGAME = built_in()[0]\n",
    # declarations refcli would only trip over later, when a command uses them
    "nopackage": "from refcli.model.game import Game\nGAME = Game(id='nopackage', title='No package', "
    "package='refcli_no_such_package', help='A game whose package is missing.')\n",
    "untitled": "from refcli.model.game import Game\nGAME = Game(id='untitled', title=None, "
    "package='json', help='A game without a title.')\n",
}


@pytest.fixture
def broken_games(tmp_path: Path) -> Path:
    """A folder to put on the path: the distribution ``broken-toys`` whose every game fails to load."""
    site = tmp_path / "site"
    info = site / "broken_toys-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-toys\nVersion: 1.0\n", encoding="utf-8")
    lines = [f"{name} = broken_toy_{name}:GAME" for name in BROKEN_GAMES]
    (info / "entry_points.txt").write_text("[refcli.games]\n" + "\n".join(lines) + "\n", encoding="utf-8")
    for name, body in BROKEN_GAMES.items():
        (site / f"broken_toy_{name}.py").write_text(body, encoding="utf-8")
    return site


def with_broken_games(site: Path, *args: str, python: bool = False) -> subprocess.CompletedProcess[str]:
    env = environment(PYTHONPATH=os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")])))
    command = [sys.executable, "-c", args[0]] if python else refcli_command(*args)
    return subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True, timeout=120)


def assert_each_broken_game_warned_once(stderr: str) -> list[str]:
    """The warning lines (one per broken game, naming it and its distribution); the other lines returned."""
    for name in BROKEN_GAMES:
        warned = [line for line in stderr.splitlines() if f"skipped the game {name} of broken-toys 1.0" in line]
        assert len(warned) == 1 and warned[0].startswith("refcli: warning: "), stderr
    assert "Traceback" not in stderr and "internal error" not in stderr
    return [line for line in stderr.splitlines() if not line.startswith("refcli: warning: skipped the game ")]


def test_broken_installed_games_leave_refcli_s_own_games_alone(broken_games: Path) -> None:
    alone = subprocess.run(
        refcli_command("kuhhandel", "score", KUHHANDEL_FINAL), env=environment(), cwd=REPO, capture_output=True
    )
    scored = with_broken_games(broken_games, "kuhhandel", "score", KUHHANDEL_FINAL)
    assert (scored.returncode, scored.stdout, scored.stderr) == (0, alone.stdout.decode(), "")
    helped = with_broken_games(broken_games, "--help")
    assert helped.returncode == 0 and "kuhhandel" in helped.stdout and "Traceback" not in helped.stderr


def test_a_typo_of_a_game_still_gets_did_you_mean(broken_games: Path) -> None:
    typo = with_broken_games(broken_games, "kuhandel", "score")
    assert typo.returncode == 2
    rest = assert_each_broken_game_warned_once(typo.stderr)
    assert "refcli: error: no such command 'kuhandel' (did you mean 'kuhhandel'?)" in "\n".join(rest)
    broken = with_broken_games(broken_games, "boom", "score")
    assert broken.returncode == 2 and "refcli: error: no such command 'boom'" in broken.stderr


def test_an_unknown_game_key_is_still_bad_data(broken_games: Path, tmp_path: Path) -> None:
    path = tmp_path / "nosuch.toml"
    path.write_text('game = "nosuch"\n', encoding="utf-8")
    for fmt in ("text", "json"):
        result = with_broken_games(broken_games, "score", "--format", fmt, str(path))
        assert result.returncode == 65
        rest = assert_each_broken_game_warned_once(result.stderr)
        assert len(rest) == 1 and rest[0].startswith(f'refcli: error: {path}:1: game: "nosuch" is not one of kuhhandel')


def test_the_api_raises_usage_error_not_the_broken_game_s_exception(broken_games: Path) -> None:
    script = textwrap.dedent(
        f"""
        import refcli
        from refcli.model.errors import UsageError
        assert refcli.score({KUHHANDEL_FINAL!r}).winners == ("Cid",)
        for name in ("boom", "missing", "quits", "notgame", "nosuch"):
            try:
                refcli.score({{"player": []}}, game=name)
            except UsageError:
                pass
            try:
                refcli.game(name)
            except UsageError:
                print("usage error", name)
        """
    )
    result = with_broken_games(broken_games, script, python=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:-1] == [
        f"usage error {name}" for name in ("boom", "missing", "quits", "notgame", "nosuch")
    ]
    assert_each_broken_game_warned_once(result.stderr)


def test_broken_games_are_skipped_in_process_too(
    broken_games: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib

    monkeypatch.syspath_prepend(str(broken_games))
    monkeypatch.setattr(registry, "_SKIPPED", set())
    monkeypatch.setattr(registry, "_SCANNED", None)  # the scan is kept for the run: this test changes sys.path
    importlib.invalidate_caches()
    try:
        assert registry.installed() == () and registry.find("boom") is None
        with pytest.raises(UsageError):
            refcli.game("quits")
        with pytest.raises(RefcliError):
            refcli.score({"game": "misnamed", "player": []})
    finally:
        for name in [name for name in sys.modules if name.startswith("broken_toy_")]:
            del sys.modules[name]
    assert_each_broken_game_warned_once(capsys.readouterr().err)


@pytest.fixture
def verbless_game(tmp_path: Path) -> Path:
    """A folder to put on the path: the distribution ``quiet-toys``, whose game ``hush`` declares no verb at all."""
    site = tmp_path / "quiet"
    info = site / "quiet_toys-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: quiet-toys\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[refcli.games]\nhush = quiet_toy_hush:GAME\n", encoding="utf-8")
    (site / "quiet_toy_hush.py").write_text(
        "from refcli.model.game import Game\n"
        "GAME = Game(id='hush', title='Hush', package='quiet_toy_hush', help='A game with nothing to score.')\n",
        encoding="utf-8",
    )
    return site


@pytest.mark.parametrize("verb", ["score", "ruling", "validate"])
def test_a_file_naming_a_game_without_the_command_is_bad_data(verbless_game: Path, tmp_path: Path, verb: str) -> None:
    path = tmp_path / "hush.toml"
    path.write_text('game = "hush"\n', encoding="utf-8")
    result = with_broken_games(verbless_game, verb, str(path))
    assert result.returncode == 65, result.stderr
    assert f"{path}:1: game: expected a game with `{verb}`, found hush, which has none" in result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
    script = (
        f"import refcli\ntry:\n    refcli.score({str(path)!r})\nexcept refcli.DataError as error:\n    print(error)\n"
    )
    api = with_broken_games(verbless_game, script, python=True)
    assert api.returncode == 0 and "which has none" in api.stdout, api.stderr
