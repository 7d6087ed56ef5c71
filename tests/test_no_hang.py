"""Nothing hangs, whatever the layout of the input: costs are counted here, never timed.

Timings (as ratios) are in benchmarks/resources.py; a test here counts the
operations that would make a run quadratic (scans of the text, entry-point
scans, copies of a table) so that it fails on a slow design however fast
the machine, and passes however loaded it is.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Invoke

import refcli
from refcli.games.record_toml import LAYOUTS, to_toml
from refcli.model import registry
from refcli.reading import locate

GAMES = ("kuhhandel", "bamboozled", "money", "cupofbluff")


def long_record(game: str, events: int) -> dict[str, Any]:
    """A simulated game with its events repeated to ``events``: a record with a finding on most events."""
    record: dict[str, Any] = importlib.import_module(f"refcli.games.{game}.simulate").random_game(1)
    record["event"] = (record["event"] * (events // len(record["event"]) + 1))[:events]
    return record


def written(record: dict[str, Any], layout: str) -> str:
    """The record in one of ``LAYOUTS``, or with headers spelled with an escape (``[["\\u0065vent"]]``).

    The escaped header is the same key to TOML, but no search for header lines finds it.
    """
    if layout == "escaped-headers":
        return to_toml(record, "quoted-headers").replace('[["event"]]', '[["\\u0065vent"]]')
    return to_toml(record, layout)


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the locator's scans of a text (each one linear in the text)."""
    counted: list[int] = []
    run = locate._Scanner.run

    def counting(self: Any) -> None:
        counted.append(1)
        run(self)

    monkeypatch.setattr(locate._Scanner, "run", counting)
    return counted


# -- finding every event's line -------------------------------------------------------------
@pytest.mark.parametrize("layout", [*LAYOUTS, "escaped-headers"])
@pytest.mark.parametrize("game", GAMES)
def test_every_event_is_located_in_a_bounded_number_of_scans(
    game: str, layout: str, tmp_path: Path, scans: list[int]
) -> None:
    record = long_record(game, 300)
    text = written(record, layout)
    path = tmp_path / "long.toml"
    path.write_text(text, encoding="utf-8")
    result = refcli.validate(path)
    located = [finding for finding in result.findings if finding.event is not None]
    assert len({finding.event for finding in located}) > 100  # findings on many events: each needs its line
    assert all(finding.line is not None and finding.line > 0 for finding in located)
    assert len(scans) <= 3, f"{len(scans)} scans of the text for {len(located)} findings"


@pytest.mark.parametrize("layout", [*LAYOUTS, "escaped-headers"])
def test_each_event_gets_the_line_it_starts_on(layout: str) -> None:
    from refcli.reading.documents import Document, parse_toml
    from refcli.results.findings import event_lines

    record = long_record("money", 40)
    text = written(record, layout)
    doc = Document("r.toml", parse_toml(text, "r.toml"), text)
    lines = event_lines(doc, 40)
    one_by_one = {number: locate.KeyLocator(text).line_of(("event", number)) for number in range(1, 41)}
    assert lines == one_by_one
    if layout == "one-line":
        assert set(lines.values()) == {1}
    else:
        assert len(set(lines.values())) == 40  # one line each, and the line the event starts on
        for number, line in lines.items():
            start = text.splitlines()[line - 1]
            event = record["event"][number - 1]
            assert "vent" in start or f'type = "{event["type"]}"' in start, (number, start)


def test_the_cli_locates_every_layout_alike(invoke: Invoke, tmp_path: Path, scans: list[int]) -> None:
    record = long_record("kuhhandel", 300)
    found = {}
    for layout in LAYOUTS:
        path = tmp_path / f"{layout}.toml"
        path.write_text(to_toml(record, layout), encoding="utf-8")
        scans.clear()
        result = invoke(["validate", str(path), "--format", "json"])
        assert result.exit_code == 1, result.stderr
        findings = json.loads(result.stdout)["results"][0]["findings"]
        found[layout] = [(finding["event"], finding["rule"]) for finding in findings]
        assert len(scans) <= 3, (layout, len(scans))
    assert len({tuple(value) for value in found.values()}) == 1  # the same findings, whatever the layout


# -- an unknown game ------------------------------------------------------------------------
@pytest.fixture
def entry_point_scans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the scans of the installed packages' entry points (each reads every distribution's metadata)."""
    import importlib.metadata

    counted: list[int] = []
    real = importlib.metadata.entry_points

    def counting(**selection: Any) -> Any:
        counted.append(1)
        return real(**selection)

    monkeypatch.setattr(importlib.metadata, "entry_points", counting)
    return counted


def unknown_game_records(tmp_path: Path, count: int) -> list[str]:
    paths = []
    for number in range(count):
        path = tmp_path / f"r{number:04d}.toml"
        path.write_text('game = "nosuchgame"\nplayers = ["Ana", "Ben"]\n', encoding="utf-8")
        paths.append(str(path))
    return paths


def test_a_batch_of_unknown_games_scans_the_installed_games_once(
    invoke: Invoke, tmp_path: Path, entry_point_scans: list[int]
) -> None:
    paths = unknown_game_records(tmp_path, 1000)
    result = invoke(["validate", *paths, "--format", "json", "--jobs", "1"])
    assert result.exit_code == 65
    document = json.loads(result.stdout)
    assert document["counts"] == {"files": 1000, "valid": 0, "invalid": 0, "unreadable": 1000}
    assert (
        '"nosuchgame" is not one of kuhhandel, bamboozled, money, cup-of-bluff'
        in (document["results"][-1]["findings"][0]["message"])
    )
    assert len(entry_point_scans) == 1


def test_the_api_scans_the_installed_games_once_for_many_unknown_games(
    tmp_path: Path, entry_point_scans: list[int]
) -> None:
    for path in unknown_game_records(tmp_path, 200):
        assert refcli.validate(path).unreadable
    assert len(entry_point_scans) == 1


# -- KEY=VALUE items ------------------------------------------------------------------------
def cpu_seconds(work: Any, rounds: int = 3) -> float:
    """The least CPU time of ``rounds`` runs of ``work()`` (CPU time: other work on the machine counts less).

    The garbage collector is off meanwhile: its full collections walk everything alive, so they grow faster
    than the work for the larger input and made a linear merge look 20-30 times dearer for ten times the
    items; what is measured is the algorithm's own time.
    """
    import gc
    import time

    best = float("inf")
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _round in range(rounds):
            start = time.process_time()
            work()
            best = min(best, time.process_time() - start)
    finally:
        if collecting:
            gc.enable()
    return max(best, 1e-4)


def merge_items(count: int) -> None:
    from refcli.reading import items as inline

    items = inline.items_from([f"player.{number}.name=P{number}" for number in range(1, count + 1)])
    document, _builder = inline.compose(None, items, registry.get("kuhhandel"), "score")
    assert len(document.data["player"]) == count and document.data["player"][-1] == {"name": f"P{count}"}


def api_values(count: int) -> None:
    values = {f"player.{number}.name": f"P{number}" for number in range(1, count + 1)}
    with pytest.raises(refcli.model.errors.DataError, match=f"found {count}"):  # more players than a game has
        refcli.score(game="kuhhandel", values=values)


def test_items_merge_in_linear_time() -> None:
    """Ten times the items may cost ten times the time, not a hundred (a ratio with a generous margin)."""
    merge_items(50)  # imports and descriptions first
    ratio = cpu_seconds(lambda: merge_items(50_000), rounds=1) / cpu_seconds(lambda: merge_items(5_000))
    assert ratio < 30, ratio


def test_api_values_merge_in_linear_time() -> None:
    api_values(50)
    ratio = cpu_seconds(lambda: api_values(80_000), rounds=1) / cpu_seconds(lambda: api_values(8_000))
    assert ratio < 30, ratio


def test_later_items_still_win_and_literals_are_not_changed() -> None:
    from refcli.reading import items as inline

    literal = {"name": "Ana", "animals": {"cow": 1}}
    items = [
        *inline.items_from({"player.1": literal}),
        *inline.items_from(["player.1.animals.pig=2", "player.2.name=Ben", "player.1.name=Eva"]),
    ]
    base = refcli.load({"game": "kuhhandel", "player": [{"name": "Old"}]})
    document, builder = inline.compose(base, items, None, "score")
    assert document.data["player"] == [{"name": "Eva", "animals": {"cow": 1, "pig": 2}}, {"name": "Ben"}]
    assert literal == {"name": "Ana", "animals": {"cow": 1}}  # the item's own value is copied, never changed
    assert base.data["player"] == [{"name": "Old"}]
    assert inline.owner("player[1].animals.pig", builder.placed) is items[1]
    assert inline.owner("player[1].name", builder.placed) is items[3]
    assert inline.owner("player[2].name", builder.placed) is items[2]
    assert inline.owner("player[2]", builder.placed) is None  # set by none of them: only a key inside it


# -- SIGTERM while the pager runs -----------------------------------------------------------
LINUX = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="looks processes up in /proc")
HANG_GUARD = 30.0  # seconds; bounds a test that would otherwise hang, never a measure


def alive(pid: int) -> bool:
    """Whether ``pid`` is a process that still runs (a zombie has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


@LINUX
@pytest.mark.parametrize(
    ("args", "waits_in"),
    [
        (["bamboozled", "compare", "21", "66", "-v"], "wait"),  # all written: refcli waits for the pager to end
        (["rules"], "write"),  # more than a pipe holds, and the pager reads nothing: refcli waits in write
    ],
)
def test_sigterm_while_the_pager_runs_ends_the_pager_too(args: list[str], waits_in: str, tmp_path: Path) -> None:
    import fcntl
    import os
    import pty
    import select
    import signal
    import struct
    import subprocess
    import sys
    import termios
    import time

    pid_file = tmp_path / "pager.pid"
    pager = tmp_path / "pager.sh"
    # it reads nothing and lets go of refcli's stderr, so that refcli's end is seen whatever becomes of the pager
    pager.write_text(
        f'#!/bin/sh\nexec 2>/dev/null\necho $$ > "{pid_file}.tmp" && mv "{pid_file}.tmp" "{pid_file}"\nexec sleep 600\n'
    )
    pager.chmod(0o755)
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES", "PAGER")}
    environment.update(TERM="xterm-256color", REFCLI_PAGER=str(pager))
    process = subprocess.Popen(
        [sys.executable, "-m", "refcli", *args],
        stdin=follower,
        stdout=follower,
        stderr=subprocess.PIPE,
        env=environment,
        start_new_session=True,
    )
    os.close(follower)
    pager_pid = None
    try:
        deadline = time.monotonic() + HANG_GUARD
        while not pid_file.exists() and time.monotonic() < deadline:  # the pager has started
            if select.select([leader], [], [], 0.05)[0]:  # what refcli shows before: read, so it never waits on it
                try:
                    os.read(leader, 65536)
                except OSError:
                    pass
        pager_pid = int(pid_file.read_text())
        assert alive(pager_pid)
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=HANG_GUARD)
        assert process.returncode == 130, err
        assert err == b""
        assert not alive(pager_pid), f"the pager outlived refcli (refcli was waiting in {waits_in})"
    finally:
        process.kill()
        process.wait()
        if pager_pid is not None and alive(pager_pid):
            os.kill(pager_pid, signal.SIGKILL)
        os.close(leader)


# -- a bound per record ---------------------------------------------------------------------
@pytest.fixture
def endless_record(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """Three records; validating the middle one never ends (a forked worker inherits that too)."""
    from refcli import validating
    from refcli.games.kuhhandel.simulate import random_game

    replayed = validating.replayed

    def endless(doc: Any, where: str, *args: Any, **kwargs: Any) -> Any:
        while "endless" in where:
            pass
        return replayed(doc, where, *args, **kwargs)

    monkeypatch.setattr(validating, "replayed", endless)
    paths = []
    for name in ("first", "endless", "last"):
        path = tmp_path / f"{name}.toml"
        path.write_text(to_toml(random_game(7)), encoding="utf-8")
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("command", [["validate"], ["kuhhandel", "validate"]])
def test_a_record_over_the_bound_is_reported_and_the_batch_goes_on(
    invoke: Invoke, endless_record: list[str], command: list[str], jobs: str
) -> None:
    result = invoke([*command, *endless_record, "--record-timeout", "0.3", "--jobs", jobs, "--format", "json"])
    assert result.exit_code == 66, result.stderr
    document = json.loads(result.stdout)
    assert [entry["valid"] for entry in document["results"]] == [True, False, True]
    assert document["counts"] == {"files": 3, "valid": 2, "invalid": 0, "unreadable": 1}
    (finding,) = document["results"][1]["findings"]
    assert finding["rule"] == "input"
    said = f"{endless_record[1]}: not validated: it took longer than 0.3 seconds, the bound for one record"
    assert finding["message"].startswith(said)
    assert result.stderr.strip() == f"refcli: error: {finding['message']}"


def test_the_bound_is_in_the_help_and_refuses_a_negative_time(invoke: Invoke) -> None:
    for command in (["validate"], ["money", "validate"]):
        shown = " ".join(invoke([*command, "--help"]).stdout.split())
        assert "--record-timeout SECONDS" in shown and "Give up on a record that takes longer than SECONDS" in shown
        refused = invoke([*command, "x.toml", "--record-timeout", "-1"])
        assert refused.exit_code == 2


@pytest.mark.parametrize("seconds", ["inf", "1e400", "99999999999", "1e8"])
def test_a_bound_past_what_the_timer_holds_bounds_nothing(invoke: Invoke, seconds: str) -> None:
    """``inf`` or a bound of centuries is as good as none: the record is validated, never an internal error."""
    record = str(Path(__file__).parent.parent / "examples" / "money" / "record-game.toml")
    for jobs in ("1", "2"):
        result = invoke(["validate", record, "--record-timeout", seconds, "--jobs", jobs, "--format", "json"])
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["results"][0]["valid"] is True


@pytest.mark.parametrize("seconds", ["nan", "NaN", "-nan"])
def test_a_bound_that_is_not_a_number_is_a_usage_error(invoke: Invoke, seconds: str) -> None:
    for lang, said in (("en", "is not a number of seconds"), ("es", "no es un número de segundos")):
        result = invoke(["--lang", lang, "validate", "x.toml", "--record-timeout", seconds])
        assert result.exit_code == 2, result.stderr
        assert said in result.stderr and "internal error" not in result.stderr


def test_records_within_the_bound_are_untouched(invoke: Invoke, tmp_path: Path) -> None:
    """The timer is stopped after each record, and SIGALRM is left as it was."""
    import signal

    from refcli.games.money.simulate import random_game

    before = signal.getsignal(signal.SIGALRM)
    paths = []
    for number in range(3):
        path = tmp_path / f"r{number}.toml"
        path.write_text(to_toml(random_game(number)), encoding="utf-8")
        paths.append(str(path))
    result = invoke(["validate", *paths, "--record-timeout", "60", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is before
