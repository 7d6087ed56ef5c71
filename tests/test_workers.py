"""How --jobs hands its tasks to worker processes: what travels in their pipes, and when."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from refcli.cli import batch
from refcli.cli.workers import LIGHT, _Pool, _Queue, _Worker
from refcli.model.exit_status import ExitStatus
from refcli.model.options import ValidateOptions
from refcli.reading.json_lines import FileBytes, LineTask, Refused, json_lines

FORKS = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are spawned where the system cannot fork")


def _busy_worker() -> _Worker[bytes]:
    """A worker holding one chunk, not yet answered."""
    worker: _Worker[bytes] = _Worker(None, None, None)
    worker.chunks.append([(0, b"x")])
    return worker


def test_a_busy_worker_is_handed_its_next_chunk_only_while_the_message_is_light() -> None:
    tasks = [b"x" * 7000] * 64  # 64 records of 7 kB: 448 kB if they travel with their bytes
    with_bytes: _Pool[bytes, int] = _Pool(len, 2, len, len)
    by_place: _Pool[bytes, int] = _Pool(len, 2, len, lambda task: 0)  # as lines of a file travel: where they are
    for pool, handed in [(with_bytes, False), (by_place, True)]:
        queue = _Queue(iter(tasks), len)
        queue.fill(64, True)
        pool.workers = [_busy_worker()]
        assert (pool._hungry(queue) is pool.workers[0]) is handed
    assert sum(map(len, tasks)) >= LIGHT  # (what makes the first pool wait for an idle worker)


def test_a_worker_validates_no_line_that_changed_after_the_parent_read_it(tmp_path: Path) -> None:
    """A worker re-reads each line where it is in its file: rewritten in place, it is refused as changed."""
    from refcli import validating

    source = tmp_path / "games.jsonl"
    line = b'{"game": "nope", "note": "' + b"x" * 5000 + b'"}\n'
    source.write_bytes(line * 3)
    tasks = list(json_lines(str(source), 1 << 20))
    assert all(isinstance(task.raw, FileBytes) for task in tasks)
    source.write_bytes(line.replace(b"x", b"y") * 3)  # rewritten in place after the parent read it
    with closing(batch.run(iter(tasks), validating.validate_line, None, ValidateOptions(), 2, "jsonl")) as run:
        outcomes = list(run)
    assert [status for _payload, status, *_rest in outcomes] == [ExitStatus.UNREADABLE] * 3
    assert all("changed while refcli was reading" in (message or "") for _p, _s, message, *_r in outcomes)


@FORKS
def test_a_forked_worker_leaves_the_parents_buffered_output_alone() -> None:
    """What the parent had written but not flushed when it forked is written once, by the parent."""
    code = (
        "import sys\n"
        "from refcli.cli.workers import ordered_map\n"
        "sys.stdout.write('before ')\n"
        "print(list(ordered_map(abs, [-1, -2, -3], 2, lambda task, code: 0)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout == "before [1, 2, 3]\n"


def test_a_line_task_travels_as_itself() -> None:
    for task in [LineTask("a.jsonl", 3, b"{}\n"), LineTask("b.jsonl", None, Refused("gone", ExitStatus.UNREADABLE))]:
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(task, protocol))
            assert back == task and type(back) is LineTask and back.where == task.where
