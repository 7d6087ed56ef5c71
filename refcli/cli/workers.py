"""An ordered map over worker processes that survives a worker's death.

``ordered_map(work, tasks, jobs, lost)`` gives ``work(task)`` for every task,
in input order, computed in up to ``jobs`` worker processes. It exists
because ``multiprocessing.Pool.imap`` waits forever for a task whose worker
was killed (kill -9, the out-of-memory killer), and because a pool starts all
its processes whether or not there is work for them. Here:

- Each worker has its own pipe, holds one chunk of tasks at a time and
  sends the chunk's results back in one message (few messages: the parent
  stays light). When a chunk's message is small (its tasks travel as
  references: ``sent``), a busy worker is also given its next chunk, so it
  never waits for the parent between chunks; a large message is sent only
  to an idle worker, which reads it at once (a full pipe would otherwise
  hold the parent up). Before each task it writes the task's number into a word
  of shared memory, so when a worker dies the parent knows the one task it
  was working on: that task is answered by ``lost(task, exitcode)`` and is
  not tried again (a record that made a worker run out of memory would only
  kill the next one too); the rest of the chunk, done or not, goes to a
  fresh worker.
- Workers are started only when there is a chunk for them: never more
  workers than tasks, however large ``jobs`` is.
- At most a bounded number of tasks are taken from ``tasks`` ahead of the
  one to be given next, so memory stays flat however many tasks there are.
- Workers ignore SIGINT (Ctrl-C reaches the whole process group; the parent
  alone decides) and are stopped by the parent whenever it leaves, by any
  exception (Ctrl-C and SIGTERM unwind the parent: refcli.cli.lifecycle), or by
  closing the generator. A worker also dies with its parent (Linux) and
  leaves when its pipe closes, so none is left running.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")

CHUNK = 64  # tasks per message once under way: few enough messages, small enough to balance
CHUNK_BYTES = 1 << 20  # and no more tasks than this many bytes (one task may be larger on its own)
LIGHT = 1 << 15  # a chunk's message under this many bytes can wait in a busy worker's pipe without blocking the parent
AHEAD = 8  # chunks per worker that may be taken from the input ahead of the next result given
STOP_GRACE = 5.0  # seconds a worker gets to leave before it is killed (a hang guard, not a wait)
BLAMELESS_DEATHS = 16  # workers that may die outside any task before the parent gives up on them
INTERNAL_ERROR = 70  # a worker's own exit status when refcli has a bug (EX_SOFTWARE)
NO_TASK = -1  # what a worker's shared word holds between tasks


def ordered_map(
    work: Callable[[Task], Result],
    tasks: Iterable[Task],
    jobs: int,
    lost: Callable[[Task, int | None], Result],
    total: int | None = None,
    weight: Callable[[Task], int] | None = None,
    sent: Callable[[Task], int] | None = None,
    total_weight: int | None = None,
) -> Iterator[Result]:
    """``work(task)`` for each task in input order; ``lost(task, exitcode)`` where a worker died.

    ``total`` (when known) lets the last chunks shrink so the workers finish together;
    ``total_weight`` (the bytes of every task, when their number is not known: the lines of a file)
    does the same, from the tasks' weight so far;
    ``weight`` (a task's size in bytes) keeps a chunk near CHUNK_BYTES when tasks are large;
    ``sent`` (the bytes a task adds to a message, if not its weight) says which chunks are light.
    """
    pool = _Pool(work, jobs, weight, sent)
    try:
        yield from pool.results(iter(tasks), lost, total, total_weight)
    except BaseException:
        pool.kill()  # interrupted (refcli.cli.lifecycle.Interrupted), or the reader went away: stop now
        raise
    else:
        pool.close()
    finally:
        pool.kill()


class _Worker(Generic[Task]):
    """One worker process, its end of the pipe, and the chunk it holds."""

    def __init__(self, process: Any, connection: Any, current: Any) -> None:
        self.process = process
        self.connection = connection
        self.current = current  # shared memory: the task it is working on, or NO_TASK
        self.chunks: deque[list[tuple[int, Task]]] = deque()  # given, not yet answered: in the order given
        self.broken = False  # a chunk could not be sent to it: it is given no more

    @property
    def held(self) -> list[tuple[int, Task]]:
        """Every task it holds, in order."""
        return [entry for chunk in self.chunks for entry in chunk]


class _Pool(Generic[Task, Result]):
    def __init__(
        self,
        work: Callable[[Task], Result],
        jobs: int,
        weight: Callable[[Task], int] | None,
        sent: Callable[[Task], int] | None,
    ) -> None:
        import multiprocessing

        fork = "fork" in multiprocessing.get_all_start_methods()
        self.fork = fork
        self.context: Any = multiprocessing.get_context("fork" if fork else "spawn")
        self.work = work
        self.weight = weight
        self.sent = sent or weight or (lambda task: 0)
        self.jobs = jobs
        self.workers: list[_Worker[Task]] = []
        self.chunks_sent = 0
        self.in_process = False  # no worker could be had: the parent validates the rest itself
        self.blameless_deaths = 0  # workers that died outside any task (counted: see _start)

    # -- the parent's loop --------------------------------------------------------
    def results(
        self,
        source: Iterator[Task],
        lost: Callable[[Task, int | None], Result],
        total: int | None,
        total_weight: int | None = None,
    ) -> Iterator[Result]:
        from multiprocessing.connection import wait

        queue = _Queue(source, self.weight)
        done: dict[int, Result] = {}
        given = 0  # results yielded: the next one to give is index `given`
        while True:
            # Hand a chunk to every worker that has none, starting workers while there is work,
            # and a next chunk to a busy worker while chunks are light.
            while self._idle() is not None or len(self.workers) < self.jobs or self._may_take_next():
                size = self._chunk_size(queue.left(total, total_weight))
                # New tasks are read only while those read and not yet given stay few: memory stays flat.
                queue.fill(size, queue.taken - given - len(queue.pending) < AHEAD * CHUNK * self.jobs)
                if not queue.pending:
                    break
                worker = self._idle() or self._start() or self._hungry(queue)
                if worker is None:
                    break
                chunk = queue.chunk(size)
                if isinstance(worker, _InProcess):  # no worker can be had: the parent does it
                    done.update((index, self.work(task)) for index, task in chunk)
                    continue
                self._give(worker, chunk, queue.pending)
            while given in done:
                yield done.pop(given)
                given += 1
            if queue.exhausted and not queue.pending and given == queue.taken:
                return
            busy = [worker.connection for worker in self.workers if worker.chunks]
            if not busy:
                continue  # only a dead worker's rest is left: the loop above starts a fresh one
            for connection in wait(busy):
                worker = next(w for w in self.workers if w.connection is connection)
                self._collect(worker, done, queue.pending, lost)

    def _chunk_size(self, remaining: int | None) -> int:
        # Start small (1, 2, 4, …) so a short input is spread over the workers,
        # and with a known total shrink towards the end so they finish together.
        size = min(CHUNK, 1 << min(self.chunks_sent, 16))
        if remaining is not None:
            size = min(size, remaining // (2 * self.jobs))
        return max(1, size)

    def _idle(self) -> _Worker[Task] | None:
        return next((worker for worker in self.workers if not worker.chunks and not worker.broken), None)

    def _may_take_next(self) -> bool:
        return any(len(worker.chunks) == 1 and not worker.broken for worker in self.workers)

    def _hungry(self, queue: _Queue[Task]) -> _Worker[Task] | None:
        """A worker busy with one chunk that can be given its next now: the tasks waiting make a light message."""
        if not queue.pending or sum(self.sent(task) for _index, task in queue.pending) >= LIGHT:
            return None
        return next((worker for worker in self.workers if len(worker.chunks) == 1 and not worker.broken), None)

    def _give(self, worker: _Worker[Task], chunk: list[tuple[int, Task]], pending: deque[tuple[int, Task]]) -> None:
        try:
            worker.connection.send(chunk)
        except (OSError, ValueError):  # it died while idle: nothing of this chunk was started
            pending.extendleft(reversed(chunk))
            if worker.chunks:  # it held a chunk too: its death is settled when its pipe is read (``_collect``)
                worker.broken = True
                return
            self._bury(worker)
            self.blameless_deaths += 1
            return
        worker.chunks.append(chunk)
        self.chunks_sent += 1

    def _collect(
        self,
        worker: _Worker[Task],
        done: dict[int, Result],
        pending: deque[tuple[int, Task]],
        lost: Callable[[Task, int | None], Result],
    ) -> None:
        """Take the chunk's results; if the worker has died instead, settle the chunk it held."""
        try:
            results = worker.connection.recv()
        except (EOFError, OSError):
            self._died(worker, pending, done, lost)
            return
        done.update(zip((index for index, _task in worker.chunks.popleft()), results))
        if worker.broken and not worker.chunks:  # it answered all it held, but can take no more
            self._bury(worker)
            self.blameless_deaths += 1

    def _died(
        self,
        worker: _Worker[Task],
        pending: deque[tuple[int, Task]],
        done: dict[int, Result],
        lost: Callable[[Task, int | None], Result],
    ) -> None:
        current = worker.current.value
        exitcode = self._bury(worker)
        held = worker.held
        if current == NO_TASK and exitcode == INTERNAL_ERROR and held:
            current = held[0][0]  # it could not read the chunk (a bug): the chunk's first task is lost
        culprit = [(index, task) for index, task in held if index == current]
        for index, task in culprit:
            done[index] = lost(task, exitcode)  # the one it was working on: reported, not retried
        if not culprit:
            self.blameless_deaths += 1  # killed between tasks (or idle): nothing is lost
        pending.extendleft(reversed([(index, task) for index, task in held if index != current]))

    # -- starting and stopping workers -----------------------------------------------
    def _start(self) -> _Worker[Task] | _InProcess | None:
        if self.in_process:
            return _IN_PROCESS
        if len(self.workers) >= self.jobs:
            return None
        if self.blameless_deaths > BLAMELESS_DEATHS:  # workers keep dying outside tasks: stop making more
            return self._make_do()
        parent_end, child_end = self.context.Pipe()
        current = self.context.RawValue("q", NO_TASK)
        # A fork inherits every descriptor: the new worker must close the parent's
        # ends of every pipe, or a worker would keep another's pipe open and
        # neither would see the other side go away.
        inherited = [w.connection for w in self.workers] + [parent_end] if self.fork else []
        process = self.context.Process(
            target=_serve,
            args=(child_end, self.work, inherited, os.getpid(), current),
            daemon=True,
            name="refcli-worker",
        )
        # Signals wait until the worker has set its own handlers (and the parent has it on its list).
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            try:
                process.start()
            except OSError:  # cannot fork (no memory, too many processes): go on with the workers there are
                parent_end.close()
                child_end.close()
                return self._make_do()
            worker: _Worker[Task] = _Worker(process, parent_end, current)
            self.workers.append(worker)
            child_end.close()  # only the worker holds its end now: its death closes the pipe
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        return worker

    def _make_do(self) -> _InProcess | None:
        """No more workers: go on with those there are, or in this process if there are none."""
        if self.workers:
            self.jobs = len(self.workers)
            return None
        self.in_process = True
        return _IN_PROCESS

    def _bury(self, worker: _Worker[Task]) -> int | None:
        """Forget a worker whose pipe closed; its exit code (negative: the signal that killed it)."""
        self.workers.remove(worker)
        worker.connection.close()
        worker.process.join(STOP_GRACE)
        if worker.process.exitcode is None:
            worker.process.kill()
            worker.process.join()
        exitcode: int | None = worker.process.exitcode
        return exitcode

    def close(self) -> None:
        """All work done: ask every worker to leave, and wait for it."""
        for worker in self.workers:
            try:
                worker.connection.send(None)
            except (OSError, ValueError):
                pass
        for worker in self.workers:
            worker.process.join(STOP_GRACE)
        self.kill()

    def kill(self) -> None:
        """Stop every worker now (SIGTERM, which a worker does not catch) and reap it."""
        workers, self.workers = self.workers, []
        for worker in workers:
            if worker.process.exitcode is None:
                worker.process.terminate()
        for worker in workers:
            worker.process.join(STOP_GRACE)
            if worker.process.exitcode is None:
                worker.process.kill()
                worker.process.join()
            worker.connection.close()


class _Queue(Generic[Task]):
    """Tasks not yet sent, numbered in input order: a dead worker's rest first, then the source."""

    def __init__(self, source: Iterator[Task], weight: Callable[[Task], int] | None) -> None:
        self.source = source
        self.weight = weight or (lambda task: 0)
        self.pending: deque[tuple[int, Task]] = deque()
        self.taken = 0  # tasks read from the source
        self.weighed = 0  # and what they weigh
        self.exhausted = False

    def left(self, total: int | None, total_weight: int | None) -> int | None:
        """How many tasks are not yet sent: counted from ``total``, else estimated from ``total_weight``."""
        if total is not None:
            return total - self.taken + len(self.pending)
        if total_weight is None or not self.weighed:
            return None
        return len(self.pending) + max(total_weight - self.weighed, 0) * self.taken // self.weighed

    def fill(self, size: int, may_read: bool) -> None:
        """Read from the source until ``size`` tasks (or CHUNK_BYTES) are waiting."""
        load = sum(self.weight(task) for _index, task in self.pending)
        while may_read and not self.exhausted and len(self.pending) < size and load < CHUNK_BYTES:
            try:
                task = next(self.source)
            except StopIteration:
                self.exhausted = True
                break
            self.pending.append((self.taken, task))
            self.taken += 1
            weight = self.weight(task)
            self.weighed += weight
            load += weight

    def chunk(self, size: int) -> list[tuple[int, Task]]:
        """The next chunk: up to ``size`` tasks and CHUNK_BYTES, at least one task."""
        chunk = [self.pending.popleft()]
        load = self.weight(chunk[0][1])
        while self.pending and len(chunk) < size and load < CHUNK_BYTES:
            chunk.append(self.pending.popleft())
            load += self.weight(chunk[-1][1])
        return chunk


class _InProcess:
    """Stands for 'no worker could be started': the parent does the chunk itself."""


_IN_PROCESS = _InProcess()


# -- the worker's side -----------------------------------------------------------------
def _serve(connection: Any, work: Callable[[Any], Any], inherited: list[Any], parent: int, current: Any) -> None:
    """A worker: answer each chunk, task by task, until told to stop or the parent is gone.

    ``current`` (shared with the parent) holds the task under way, so that if
    this process dies the parent knows which task it died on.
    """
    for other in inherited:
        other.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        while (chunk := connection.recv()) is not None:
            results = []
            for index, task in chunk:
                current.value = index
                results.append(work(task))
            current.value = NO_TASK
            connection.send(results)
    except (EOFError, OSError):
        pass  # the parent went away: nobody is left to answer
    except Exception as error:  # noqa: BLE001 - a bug here: one line, never a traceback; the parent reports the task
        from refcli.language.i18n import _  # in the run's language: the tasks set it (refcli.cli.batch)

        detail = " ".join(str(error).split())[:200]
        message = _("internal error in a worker ({kind}: {detail}); please report it").format(
            kind=type(error).__name__, detail=detail
        )
        sys.stderr.write(f"refcli: error: {message}\n")
        sys.stderr.flush()
        os._exit(INTERNAL_ERROR)


def _die_with_parent(parent: int) -> None:
    """On Linux, have the kernel kill this worker if the parent dies (even by SIGKILL)."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before that took effect
        os._exit(0)
