"""Batch validation never hangs, never lies, and reads JSON Lines by the rules TOML input follows.

The process tests run refcli for real and find its workers through /proc. A
FIFO among the input files holds one worker still (it waits in open() or
read() until the test writes), so each test acts at a known moment without
timing anything; HANG_GUARD only bounds a test that would otherwise hang.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import threading
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import EXAMPLES, Invoke

from refcli.cli.workers import ordered_map
from refcli.games.bamboozled.simulate import random_game as bamboozled_game
from refcli.games.kuhhandel.simulate import random_game as kuhhandel_game
from refcli.games.record_toml import to_toml

HANG_GUARD = 60.0  # seconds; every run here ends in well under one when nothing is wrong
LINUX = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds worker processes through /proc")


def records(tmp_path: Path, count: int) -> list[str]:
    paths = []
    for number in range(count):
        game = (kuhhandel_game if number % 2 else bamboozled_game)(number)
        path = tmp_path / f"game{number:03d}.toml"
        path.write_text(to_toml(game), encoding="utf-8")
        paths.append(str(path))
    return paths


def record_line(number: int) -> bytes:
    """One valid record as a JSON line."""
    text = to_toml((kuhhandel_game if number % 2 else bamboozled_game)(number))
    return json.dumps(tomllib.loads(text)).encode() + b"\n"


# -- processes ----------------------------------------------------------------------------
def start(args: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    """refcli in a session of its own, as a terminal would run it in its own process group."""
    return subprocess.Popen(
        [sys.executable, "-m", "refcli", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def left_running(group: int) -> list[int]:
    """Processes of a process group still running (refcli's workers share its group)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] not in "ZX":
                found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """True while the process exists and is not a zombie waiting to be reaped."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] not in "ZX"
    except OSError:
        return False


def holds(pid: int, path: Path) -> bool:
    try:
        return any(os.readlink(fd) == str(path) for fd in (Path("/proc") / str(pid) / "fd").iterdir())
    except OSError:
        return False


def wait_for(condition: Callable[[], object], what: str) -> object:
    """Poll until ``condition()`` is true (returned); fail after the hang guard."""
    import time

    deadline = time.monotonic() + HANG_GUARD
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(0.01)
    pytest.fail(f"gave up waiting for {what}")


@contextmanager
def fifo_opened(path: Path) -> Iterator[int]:
    """Open the FIFO's writing end once a worker is waiting on it; the worker then waits in read()."""

    def try_open() -> int | None:
        try:
            return os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:  # ENXIO: no reader yet
            return None

    fd = wait_for(try_open, f"a worker to open {path}")
    assert isinstance(fd, int)
    try:
        yield fd
    finally:
        try:
            os.close(fd)
        except OSError:
            pass


def finish(process: subprocess.Popen[bytes]) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("refcli hung")
    return process.returncode, out.decode(), err.decode()


def no_traceback(stderr: str) -> None:
    assert "Traceback" not in stderr, stderr
    assert all(line.startswith("refcli: ") for line in stderr.splitlines()), stderr


# -- 1. a worker that dies ------------------------------------------------------------------
@LINUX
def test_a_killed_worker_is_reported_and_the_batch_finishes(tmp_path: Path) -> None:
    paths = records(tmp_path, 30)
    fifo = tmp_path / "stuck.toml"
    os.mkfifo(fifo)
    files = [paths[0], str(fifo), *paths[1:]]
    process = start(["validate", "--jobs", "2", "--format", "json", *files], tmp_path)
    with fifo_opened(fifo):
        worker = wait_for(lambda: next((c for c in children(process.pid) if holds(c, fifo)), None), "the worker")
        assert isinstance(worker, int)
        os.kill(worker, signal.SIGKILL)
        code, out, err = finish(process)
    assert code == 66
    results = json.loads(out)["results"]  # the document is complete
    assert [r["file"] for r in results] == files
    lost = results[1]
    assert lost["valid"] is False and [f["rule"] for f in lost["findings"]] == ["input"]
    assert "worker process validating it was killed by SIGKILL" in lost["findings"][0]["message"]
    assert all(r["valid"] for i, r in enumerate(results) if i != 1)  # the rest, its queue too, validated
    assert err == f"refcli: error: {lost['findings'][0]['message']}\n"
    assert left_running(process.pid) == []


def _double_or_die(task: tuple[int, str]) -> int:
    number, fate = task
    if fate == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if fate == "exit":
        os._exit(3)
    return number * 2


@pytest.mark.parametrize("jobs", [2, 3])
def test_ordered_map_reports_each_lost_task_once_and_finishes_the_rest(jobs: int) -> None:
    fates = {5: "kill", 100: "kill", 101: "exit", 102: "kill", 299: "kill"}  # 100-102: one chunk, three deaths
    tasks = [(number, fates.get(number, "")) for number in range(300)]
    lost: list[tuple[int, int | None]] = []

    def report(task: tuple[int, str], exitcode: int | None) -> int:
        lost.append((task[0], exitcode))
        return -1

    results = list(ordered_map(_double_or_die, tasks, jobs, report, total=len(tasks)))
    assert results == [-1 if number in fates else number * 2 for number in range(300)]
    assert sorted(lost) == [(5, -9), (100, -9), (101, 3), (102, -9), (299, -9)]


class _Unpicklable:
    """A task a worker cannot unpickle: stands for a bug in what the parent sends."""

    def __reduce__(self) -> tuple[object, tuple[()]]:
        return (_refuse, ())


def _refuse() -> None:
    raise TypeError("cannot rebuild this task")


def test_a_bug_in_a_worker_is_one_line_and_the_map_goes_on(capfd: pytest.CaptureFixture[str]) -> None:
    tasks: list[object] = [1, 2, _Unpicklable(), 4, 5, 6]
    results = list(ordered_map(repr, tasks, 2, lambda task, code: f"lost {code}"))
    # The worker cannot read the chunk holding the bad task: that task is lost, and so
    # may be the one before it in the same chunk (the worker answered neither).
    assert results[2] == "lost 70"
    assert all(result in (repr(task), "lost 70") for task, result in zip(tasks, results))
    assert results.count("lost 70") <= 2 and results[-1] == "6"
    err = capfd.readouterr().err
    assert "Traceback" not in err
    assert "refcli: error: internal error in a worker (TypeError: cannot rebuild this task); please report it" in err


def test_a_chunk_of_large_tasks_stays_near_a_megabyte() -> None:
    from refcli.cli.workers import CHUNK_BYTES, _Queue

    queue = _Queue(iter([b"x" * (CHUNK_BYTES // 2 + 1)] * 10), len)
    queue.fill(64, True)
    assert len(queue.pending) == 2  # the second one reaches the limit: no more are read ahead
    assert [index for index, _ in queue.chunk(64)] == [0, 1]


def test_the_last_chunks_shrink_when_only_the_bytes_of_the_input_are_known() -> None:
    # the lines of a file: their number is known only at its end, their bytes from the start
    from refcli.cli.workers import CHUNK, _Pool, _Queue

    lines = [b"x" * 100] * 1000
    queue = _Queue(iter(lines), len)
    pool = _Pool(abs, 2, len, None)
    pool.chunks_sent = 20  # under way: full chunks
    sizes = []
    while not queue.exhausted or queue.pending:
        size = pool._chunk_size(queue.left(None, 100 * len(lines)))
        queue.fill(size, True)
        if queue.pending:
            sizes.append(len(queue.chunk(size)))
    assert sum(sizes) == len(lines)
    assert sizes[0] == CHUNK and sizes[-4:] == [1, 1, 1, 1]  # the two workers end within a line of each other
    assert _Queue(iter(lines), len).left(None, None) is None  # a pipe: nothing known, chunks stay full
    queue = _Queue(iter(lines), len)
    queue.fill(10, True)
    assert queue.left(None, 100 * len(lines)) == queue.left(len(lines), None) == 1000


def test_ordered_map_ends_when_every_worker_dies() -> None:
    tasks = [(number, "kill") for number in range(12)]
    assert list(ordered_map(_double_or_die, tasks, 2, lambda task, code: code)) == [-signal.SIGKILL] * 12


# -- 2. no more workers than work ------------------------------------------------------------
@LINUX
def test_jobs_64_over_10_files_starts_at_most_10_workers(tmp_path: Path) -> None:
    paths = records(tmp_path, 9)
    fifo = tmp_path / "first.toml"
    os.mkfifo(fifo)
    process = start(["validate", "--jobs", "64", "--format", "json", str(fifo), *paths], tmp_path)
    with fifo_opened(fifo) as fd:
        # A worker is reading the FIFO, so refcli is under way and cannot finish: count its children.
        # (A pool of 64 would have all 64 running by now.)
        count = wait_for(lambda: len(children(process.pid)) if len(children(process.pid)) > 1 else 0, "workers")
        assert isinstance(count, int) and count <= 10
        os.write(fd, Path(paths[0]).read_bytes())
    code, out, _ = finish(process)
    assert code == 0 and len(json.loads(out)["results"]) == 10


def test_three_tasks_start_at_most_three_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    started: list[int] = []
    real_start = multiprocessing.context.ForkProcess.start

    def counting_start(self: multiprocessing.Process) -> None:
        started.append(1)
        real_start(self)

    monkeypatch.setattr(multiprocessing.context.ForkProcess, "start", counting_start)
    assert list(ordered_map(abs, [-1, -2, -3], 64, lambda task, code: 0)) == [1, 2, 3]
    assert 1 <= len(started) <= 3
    assert multiprocessing.active_children() == []  # and every one was waited for: no zombie is left


# -- 3. Ctrl-C, kill ---------------------------------------------------------------------------
@LINUX
@pytest.mark.parametrize(
    ("how", "expected"),
    [("ctrl-c", 130), ("sigterm", 130)],
)
def test_interrupted_batch_ends_quietly_and_leaves_no_worker(tmp_path: Path, how: str, expected: int) -> None:
    paths = records(tmp_path, 20)
    fifo = tmp_path / "stuck.toml"
    os.mkfifo(fifo)
    process = start(["validate", "--jobs", "2", "--format", "json", *paths[:10], str(fifo), *paths[10:]], tmp_path)
    with fifo_opened(fifo):
        workers = wait_for(lambda: children(process.pid) if len(children(process.pid)) == 2 else None, "2 workers")
        assert isinstance(workers, set)
        if how == "ctrl-c":
            os.killpg(process.pid, signal.SIGINT)  # as a terminal does: refcli and its workers
        else:
            os.kill(process.pid, signal.SIGTERM)  # kill PID: refcli alone
        code, _, err = finish(process)
    assert code == expected
    no_traceback(err)
    assert left_running(process.pid) == []  # its workers stopped before refcli ended
    assert not any(running(worker) for worker in workers)


@LINUX
def test_workers_die_with_a_killed_parent(tmp_path: Path) -> None:
    paths = records(tmp_path, 4)
    fifo = tmp_path / "stuck.toml"
    os.mkfifo(fifo)
    process = start(["validate", "--jobs", "2", str(fifo), *paths], tmp_path)
    with fifo_opened(fifo):
        workers = wait_for(lambda: children(process.pid) if len(children(process.pid)) == 2 else None, "2 workers")
        assert isinstance(workers, set)
        os.kill(process.pid, signal.SIGKILL)
        finish(process)
        wait_for(lambda: not left_running(process.pid), "the workers to end")


# -- 6. a reader that goes away ------------------------------------------------------------------
@LINUX
def test_a_reader_going_away_stops_the_workers(tmp_path: Path) -> None:
    paths = records(tmp_path, 10) * 40  # 400 results: far more than a pipe holds
    fifo = tmp_path / "never-written.toml"
    os.mkfifo(fifo)
    process = start(["validate", "--jobs", "2", "--format", "json", *paths, str(fifo)], tmp_path)
    assert process.stdout is not None
    process.stdout.close()  # like `| head -0`: the next write fails
    try:
        process.wait(timeout=HANG_GUARD)  # a worker may hold the FIFO: only stopping it lets refcli end
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("refcli hung after its reader went away")
    assert process.stderr is not None
    err = process.stderr.read().decode()
    process.stderr.close()
    no_traceback(err)
    assert process.returncode not in (70, -signal.SIGPIPE)
    assert left_running(process.pid) == []


def test_writing_raises_broken_pipe_and_the_workers_stop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    from refcli import validating
    from refcli.cli import batch
    from refcli.model.options import Format, ValidateOptions

    class GoneReader:
        writes = 0

        def write(self, text: str) -> int:
            self.writes += 1
            if self.writes > 2:  # the document's start and a first result, then the reader is gone
                raise BrokenPipeError(32, "Broken pipe")
            return len(text)

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    paths = records(tmp_path, 6)
    monkeypatch.setattr(batch.sys, "stdout", GoneReader())
    outcomes = batch.run(
        [validating.PathTask(p) for p in paths], validating.validate_path, None, ValidateOptions(), 2, "json", 6
    )
    from contextlib import closing

    with pytest.raises(BrokenPipeError), closing(outcomes):
        batch.write_results(outcomes, Format.json, False, 6)
    assert multiprocessing.active_children() == []  # the workers were stopped and reaped


# -- 4. --jsonl reads at most the limit a line ---------------------------------------------------------
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_over_long_line_is_reported_by_number_and_the_next_lines_validated(
    invoke: Invoke, tmp_path: Path, jobs: str
) -> None:
    source = tmp_path / "games.jsonl"
    limit = len(record_line(1)) + 10
    source.write_bytes(record_line(1) + b'{"game": "' + b"x" * (3 * limit) + b'"}\n' + record_line(2))
    result = invoke(["validate", "--jsonl", "--jobs", jobs, "--max-bytes", str(limit), str(source)])
    assert result.exit_code == 65
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(row["file"], row["valid"]) for row in rows] == [
        (f"{source}:1", True),
        (f"{source}:2", False),
        (f"{source}:3", True),
    ]
    assert result.stderr == (
        f"refcli: error: {source}:2: expected at most {limit} bytes (the input size limit; --max-bytes raises it), "
        "found more\n"
    )


def test_a_line_of_exactly_the_limit_is_read(invoke: Invoke, tmp_path: Path) -> None:
    line = record_line(3)
    source = tmp_path / "one.jsonl"
    source.write_bytes(line)
    assert (
        invoke(["validate", "--jsonl", "--max-bytes", str(len(line) - 1), str(source)]).exit_code == 0
    )  # newline not counted
    assert invoke(["validate", "--jsonl", "--max-bytes", str(len(line) - 2), str(source)]).exit_code == 65


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # 1 GiB: reading a whole line would need more


@LINUX
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_dev_zero_ends_with_one_error_in_bounded_memory(jobs: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "refcli", "validate", "--jsonl", "--jobs", jobs, "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        preexec_fn=_limit_memory,
        check=False,
    )
    assert done.returncode == 65
    assert done.stderr == (
        "refcli: error: /dev/zero:1: expected a JSON Lines text file, found a NUL byte in a line over the size limit "
        "(binary data?); the rest of the file is not read\n"
    )
    row = json.loads(done.stdout)
    assert row["file"] == "/dev/zero:1" and row["valid"] is False


def test_a_huge_text_line_is_skipped_without_being_kept(tmp_path: Path) -> None:
    """1.1 GiB on one line, through a pipe, under a 1 GiB memory limit: then a record that is checked."""
    process = subprocess.Popen(
        [sys.executable, "-m", "refcli", "validate", "--jsonl", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_limit_memory,  # noqa: PLW1509
    )
    assert process.stdin is not None

    def feed() -> None:
        assert process.stdin is not None
        block = b"x" * (1 << 20)
        try:
            for _ in range(1100):  # 1.1 GiB: more than the memory refcli may have
                process.stdin.write(block)
            process.stdin.write(b"\n" + record_line(4))
            process.stdin.close()
        except BrokenPipeError:
            pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try:
        code = process.wait(timeout=HANG_GUARD)  # the output is two short lines: no pipe fills up
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail("refcli hung")
    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.read().decode(), process.stderr.read().decode()
    process.stdout.close()
    process.stderr.close()
    assert code == 65
    assert [json.loads(line)["valid"] for line in out.splitlines()] == [False, True]
    assert err.startswith("refcli: error: <stdin>:1: expected at most 8 MiB") and err.count("\n") == 1


# -- 5. one decoding for TOML and JSON Lines -------------------------------------------------------
BAD_TEXT = [
    (
        "not UTF-8",
        b'{"game": "money", "players": ["Ana\xff"]}',
        "expected UTF-8 text, found the byte 0xff that is not UTF-8",
    ),
    (
        "a NUL byte",
        b'{"game": "money", "players": ["Ana\x00"]}',
        "expected a text file, found a NUL byte (binary data?)",
    ),
]


@pytest.mark.parametrize(("case", "raw", "message"), BAD_TEXT, ids=[case for case, _, _ in BAD_TEXT])
def test_bad_text_is_refused_alike_in_toml_and_json_lines(
    invoke: Invoke, tmp_path: Path, case: str, raw: bytes, message: str
) -> None:
    toml = tmp_path / "bad.toml"
    toml.write_bytes(raw.replace(b'{"game": "money", "players": ', b'game = "money"\nplayers = ').rstrip(b"}"))
    assert invoke(["validate", str(toml)]).stderr == f"refcli: error: {toml}:2: {message}\n"
    lines = tmp_path / "bad.jsonl"
    lines.write_bytes(record_line(1) + raw + b"\n" + record_line(2))
    for jobs in ("1", "2"):
        result = invoke(["validate", "--jsonl", "--jobs", jobs, str(lines)])
        assert result.exit_code == 65
        assert result.stderr == f"refcli: error: {lines}:2: {message}\n"
        assert [json.loads(line)["valid"] for line in result.stdout.splitlines()] == [True, False, True]


def test_a_byte_order_mark_may_start_the_file_only(invoke: Invoke, tmp_path: Path) -> None:
    lines = tmp_path / "bom.jsonl"
    lines.write_bytes(b"\xef\xbb\xbf" + record_line(1) + record_line(2))
    assert invoke(["validate", "--jsonl", str(lines)]).exit_code == 0
    toml = tmp_path / "bom.toml"
    toml.write_bytes(b"\xef\xbb\xbf" + (EXAMPLES / "kuhhandel" / "record-edition2.toml").read_bytes())
    assert invoke(["validate", str(toml)]).exit_code == 0
    lines.write_bytes(record_line(1) + b"\xef\xbb\xbf" + record_line(2))
    result = invoke(["validate", "--jsonl", str(lines)])
    assert result.exit_code == 65 and f"{lines}:2: expected a JSON object, found a byte-order mark" in result.stderr


@pytest.mark.parametrize(
    ("record", "where"),
    [
        (
            b'{"game": "money", "players": ["Ana", "\\ud800"]}',
            "players[2]: expected UTF-8 text, found a string with \\ud800",
        ),
        (b'{"game": "money", "\\uDC00x": 1}', "expected UTF-8 text, found a key with \\udc00"),
    ],
)
def test_a_lone_surrogate_is_bad_data_and_later_records_still_run(
    invoke: Invoke, tmp_path: Path, record: bytes, where: str
) -> None:
    lines = tmp_path / "surrogate.jsonl"
    lines.write_bytes(
        record_line(1) + record + b"\n" + record_line(2) + b'{"game": "money", "players": ["\\ud83d\\ude00"]}\n'
    )
    for jobs in ("1", "2"):
        result = invoke(["validate", "--jsonl", "--jobs", jobs, str(lines)])
        assert result.exit_code == 65
        rows = [json.loads(line) for line in result.stdout.splitlines()]
        assert [row["valid"] for row in rows[:3]] == [True, False, True]
        assert result.stderr.startswith(f"refcli: error: {lines}:2: {where}, half of a UTF-16 surrogate pair\n")
        assert "UTF-16" not in rows[3]["findings"][0]["message"]  # a proper pair is text: checked as a record


def test_a_record_cannot_pass_itself_off_as_too_large(invoke: Invoke, tmp_path: Path) -> None:
    lines = tmp_path / "fake.jsonl"
    lines.write_bytes(b'{"__too_large__": 1}\n')
    assert "at most" not in invoke(["validate", "--jsonl", str(lines)]).stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_unreadable_jsonl_file_does_not_stop_the_others(invoke: Invoke, tmp_path: Path, jobs: str) -> None:
    first, last = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_bytes(record_line(1))
    last.write_bytes(record_line(2))
    result = invoke(["validate", "--jsonl", "--jobs", jobs, str(first), str(tmp_path / "missing.jsonl"), str(last)])
    assert result.exit_code == 66
    assert [json.loads(line)["file"] for line in result.stdout.splitlines()] == [
        f"{first}:1",
        str(tmp_path / "missing.jsonl"),
        f"{last}:1",
    ]
    assert result.stderr == f"refcli: error: {tmp_path / 'missing.jsonl'}: cannot read: no such file\n"


def test_a_bug_on_one_record_is_reported_for_it_and_the_document_completes(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refcli.model import registry

    paths = records(tmp_path, 3)
    kuhhandel = registry.get("kuhhandel")
    assert kuhhandel is not None
    engine = kuhhandel.engine("validate")
    monkeypatch.setattr(engine, "validate_document", lambda doc, options: 1 / 0)
    result = invoke(["validate", "--format", "json", *paths])
    assert result.exit_code == 70
    rows = json.loads(result.stdout)["results"]
    assert [row["valid"] for row in rows] == [True, False, True]  # game001 is the Kuhhandel one
    assert (
        result.stderr
        == f"refcli: error: {paths[1]}: internal error (ZeroDivisionError: division by zero); please report it\n"
    )


def test_the_option_default_is_the_input_limit() -> None:
    from refcli.model.options import ValidateOptions
    from refcli.reading.documents import DEFAULT_MAX_BYTES

    assert ValidateOptions().max_bytes == DEFAULT_MAX_BYTES


def test_ordered_map_runs_outside_the_main_thread() -> None:
    """As a library call from a thread, where Python forbids setting signal handlers."""
    results: list[object] = []
    thread = threading.Thread(target=lambda: results.extend(ordered_map(abs, [-1, -2, -3], 2, lambda task, code: 0)))
    thread.start()
    thread.join(HANG_GUARD)
    assert results == [1, 2, 3]


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="records are bounded by a timer signal")
def test_the_timer_handler_is_set_once_for_a_run_and_put_back_after_it() -> None:
    """Each record is still bounded (one given up, the next validated), the handler held for the whole run
    (not installed again for each record) and the previous one back once the run is over."""
    import time

    from refcli.cli import batch
    from refcli.model.exit_status import ExitStatus
    from refcli.model.options import ValidateOptions
    from refcli.results.findings import FileResult
    from refcli.validating import PathTask

    seen: list[object] = []

    def check(task: PathTask, game: object, options: ValidateOptions) -> batch.Outcome:
        seen.append(signal.getsignal(signal.SIGALRM))
        if task.path == "slow":
            time.sleep(5)
        return FileResult(task.path, None, (), (), {}), ExitStatus.OK, None

    def previous(signum: int, frame: object) -> None:
        raise AssertionError("the run's own handler should have caught the timer")

    installed: list[object] = []
    original_signal = signal.signal

    def counting(signum: int, handler: object) -> object:
        installed.append(handler)
        return original_signal(signum, handler)  # type: ignore[arg-type]

    before = original_signal(signal.SIGALRM, previous)
    try:
        signal.signal = counting  # type: ignore[assignment]
        tasks = [PathTask("slow"), PathTask("a"), PathTask("b")]
        outcomes = list(batch.run(tasks, check, None, ValidateOptions(record_timeout=0.2), 1, "text"))
        signal.signal = original_signal
        assert [status for _payload, status, *_rest in outcomes] == [
            ExitStatus.UNREADABLE,
            ExitStatus.OK,
            ExitStatus.OK,
        ]
        assert seen == [batch._time_up] * 3
        assert installed == [batch._time_up, previous]  # once for the run, and put back after it
        assert signal.getsignal(signal.SIGALRM) is previous
    finally:
        signal.signal = original_signal
        original_signal(signal.SIGALRM, before)
