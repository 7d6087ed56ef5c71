"""How --jobs hands its tasks to worker processes: the pipes, what travels in them, and when."""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import os
import sys
from contextlib import closing
from pathlib import Path

import pytest

from refcli.cli import batch
from refcli.cli.workers import LIGHT, PIPE_BYTES, _Pool, _Queue, _room, _Worker, ordered_map, roomy_pipes
from refcli.model.options import ValidateOptions
from refcli.reading.json_lines import FileBytes, LineTask, json_lines

LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="only Linux lets a pipe grow")


@LINUX
def test_a_workers_pipes_grow_to_a_megabyte_both_ways() -> None:
    import fcntl

    pool: _Pool[int, int] = _Pool(abs, 1, None, None)
    try:
        worker = pool._start()
        assert isinstance(worker, _Worker)
        assert worker.room == PIPE_BYTES // 2
        for end in (worker.to_worker, worker.connection):  # its chunks, and its results
            assert fcntl.fcntl(end.fileno(), fcntl.F_GETPIPE_SZ) == PIPE_BYTES
    finally:
        pool.kill()


@LINUX
def test_a_pipe_to_a_worker_grows_to_a_megabyte() -> None:
    assert roomy_pipes()
    reader, writer = os.pipe()
    try:
        assert _room(writer) == PIPE_BYTES // 2  # half: its current chunk may still be in the pipe too
    finally:
        os.close(reader)
        os.close(writer)


def test_a_pipe_that_cannot_grow_takes_light_messages_only() -> None:
    with open(os.devnull, "wb") as not_a_pipe:
        assert _room(not_a_pipe.fileno()) == LIGHT


def _worker_with_one_chunk(room: int) -> _Worker[bytes]:
    worker: _Worker[bytes] = _Worker(None, None, None, room, None)
    worker.chunks.append([(0, b"x")])
    return worker


def test_a_busy_worker_is_handed_its_next_chunk_while_it_fits_in_its_pipe() -> None:
    pool = _Pool(len, 2, len, len)
    queue = _Queue(iter([b"x" * 7000] * 64), len)  # 64 records of 7 kB: 448 kB, with their bytes
    queue.fill(64, True)
    pool.workers = [_worker_with_one_chunk(PIPE_BYTES // 2)]
    assert pool._hungry(queue) is pool.workers[0]
    pool.workers = [_worker_with_one_chunk(LIGHT)]  # a pipe that could not grow: the parent would wait on it
    assert pool._hungry(queue) is None


def test_lines_travel_with_their_bytes_where_pipes_are_roomy(tmp_path: Path) -> None:
    """The worker validates the very bytes the parent read: a file rewritten after that changes nothing."""
    from refcli import validating

    source = tmp_path / "games.jsonl"
    line = b'{"game": "nope", "note": "' + b"x" * 5000 + b'"}\n'
    source.write_bytes(line * 3)
    tasks = list(json_lines(str(source), 1 << 20))
    assert all(isinstance(task.raw, FileBytes) for task in tasks)
    moved = [batch.with_its_bytes(task) for task in tasks]
    assert [type(task.raw) for task in moved] == [bytes] * 3 and [task.raw for task in moved] == [line] * 3
    assert batch.with_its_bytes(LineTask("x", 1, b"{}")) == LineTask("x", 1, b"{}")
    source.write_bytes(line.replace(b"x", b"y") * 3)  # rewritten in place after the parent read it
    expected = list(batch.run(iter(tasks), validating.validate_line, None, ValidateOptions(), 1, "jsonl"))
    with closing(batch.run(iter(tasks), validating.validate_line, None, ValidateOptions(), 2, "jsonl")) as run:
        outcomes = list(run)
    changed = ["changed while refcli was reading" in (message or "") for _p, _s, message, *_r in outcomes]
    if roomy_pipes():  # as --jobs 1 reads it
        assert outcomes == expected and not any(changed)
    else:  # a worker re-reads each line, and finds it changed
        assert all(changed)


FORKS = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are spawned where the system cannot fork")


def _starts_counted(monkeypatch: pytest.MonkeyPatch) -> list[multiprocessing.Process]:
    """The workers the pool starts from now on."""
    started: list[multiprocessing.Process] = []
    real_start = multiprocessing.context.ForkProcess.start

    def counting_start(self: multiprocessing.Process) -> None:
        real_start(self)
        started.append(self)

    monkeypatch.setattr(multiprocessing.context.ForkProcess, "start", counting_start)
    return started


def _reaped(process: multiprocessing.Process) -> bool:
    """It ended and was waited for: no zombie is left."""
    if process.exitcode is None:
        return False
    try:
        os.waitpid(process.pid or 0, os.WNOHANG)
    except ChildProcessError:  # no such child any more
        return True
    return False


@FORKS
def test_three_tasks_start_at_most_three_workers_and_reap_them(monkeypatch: pytest.MonkeyPatch) -> None:
    started = _starts_counted(monkeypatch)
    assert list(ordered_map(abs, [-1, -2, -3], 64, lambda task, code: 0)) == [1, 2, 3]
    assert 1 <= len(started) <= 3
    assert all(_reaped(process) for process in started)


@FORKS
def test_a_broken_pipe_stops_and_reaps_the_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from refcli import validating
    from refcli.model.options import Format

    class GoneReader:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            pass  # nothing is ever buffered (multiprocessing flushes stdout before each worker starts)

    source = tmp_path / "games.jsonl"
    source.write_bytes(b'{"game": "nope"}\n' * 50)
    started = _starts_counted(monkeypatch)
    monkeypatch.setattr(batch.sys, "stdout", GoneReader())
    tasks = json_lines(str(source), 1 << 20)
    outcomes = batch.run(tasks, validating.validate_line, None, ValidateOptions(), 2, "jsonl")
    with pytest.raises(BrokenPipeError), closing(outcomes):
        batch.write_results(outcomes, Format.json, True, None)
    assert started and all(_reaped(process) for process in started)


@FORKS
def test_a_forked_worker_leaves_the_parents_buffered_output_alone(tmp_path: Path) -> None:
    """What the parent had written but not flushed when it forked is written once, by the parent."""
    import subprocess

    code = (
        "import sys\n"
        "from refcli.cli.workers import ordered_map\n"
        "sys.stdout.write('before ')\n"
        "print(list(ordered_map(abs, [-1, -2, -3], 2, lambda task, code: 0)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout == "before [1, 2, 3]\n"


def test_a_line_task_travels_as_itself() -> None:
    import pickle

    from refcli.model.exit_status import ExitStatus
    from refcli.reading.json_lines import Refused

    for task in [LineTask("a.jsonl", 3, b"{}\n"), LineTask("b.jsonl", None, Refused("gone", ExitStatus.UNREADABLE))]:
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(task, protocol))
            assert back == task and type(back) is LineTask and back.where == task.where
