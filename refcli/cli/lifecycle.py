"""The process boundary: signals, the three standard streams, and how a run ends.

Everything here exists so that, whatever happens outside refcli (Ctrl-C, a
``kill``, a closed or full stdout, a reader that went away, a closed stdin or
stderr), the run ends with a documented exit status, at most one line on
stderr and never a Python traceback.

Signals.  Ctrl-C (SIGINT) and ``kill`` (SIGTERM) end refcli with status 130
and nothing on stderr, at any moment. Before ``main()`` runs,
``refcli/__init__.py``'s first lines end the process at once (nothing is
open yet). From ``main()`` on, :func:`handle_signals` makes either signal
raise :class:`Interrupted`, a ``BaseException`` (click turns a
KeyboardInterrupt into "Aborted!" and exit 1; this passes through it and
every ``except Exception``), so ``with`` blocks and ``finally`` clauses run
on the way out: a batch stops its workers (``refcli.cli.workers``), an output
file's temporary is removed (``refcli.output.files`` holds the signals for the few
system calls during which a temporary has a name). The main thread never
waits without waking for a signal: the batch waits in ``select`` on its
workers' pipes (no helper threads), which a signal interrupts. Workers
ignore SIGINT (a terminal sends it to the whole group; the parent decides).

Streams.  ``guard_standard_streams()`` makes sure file descriptors 0–2 are
open (a closed one is pointed at /dev/null, so no file refcli opens later can
take its number and receive output meant for a terminal), and replaces the
standard streams with ones that:

* stdout: turn a failed write into one ``OutputFailed`` (exit 74) or, when
  the reader has gone (EPIPE), ``ReaderGone`` (exit 141, nothing printed);
  writes after the first failure are dropped, so Python's own flush at exit
  cannot print "Exception ignored …";
* stderr: drop what cannot be written (there is nowhere left to report it)
  and never fall back to stdout, as ``print(file=None)`` does when
  ``sys.stderr`` is None;
* stdin: when closed, reading it raises ``InputUnreadable`` (exit 66);
* stdout and stderr: print text their encoding cannot carry (cp1252 or
  ASCII: Windows with output redirected, ``PYTHONIOENCODING``) in ASCII
  instead of failing: refcli's symbols as words or ASCII marks (✓ OK,
  → ->), letters without their accents, anything else (a file name that
  is not UTF-8) as a backslash escape (``refcli.output.terminal.ascii_fallback``).
  Escapes of that form (``\\udcff``) are also valid in JSON strings, and JSON
  and TOML output escape every other character themselves (``refcli.output.render``),
  so both stay parseable and keep their values.
"""

from __future__ import annotations

import io
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer as Buffer
    from _typeshed import WriteableBuffer

from refcli.language.i18n import _
from refcli.model.errors import InputUnreadable, OutputFailed, ReaderGone, os_reason
from refcli.model.interruption import Interrupted, signalled

__all__ = [
    "Interrupted",
    "collect_garbage_from_here",
    "flush_stdout",
    "guard_standard_streams",
    "handle_signals",
    "quit_on_signals",
]
from refcli.output.terminal import ERRORS, register_ascii_fallback

STDOUT_NAME = "<stdout>"
STDIN_NAME = "<stdin>"  # the name refcli.reading.documents gives standard input


def _interrupt(signum: int, frame: object) -> None:
    signalled(signum)


def quit_on_signals() -> None:
    """From here on SIGINT and SIGTERM end the process at once with 130 (nothing is left to clean up)."""
    import signal

    from refcli import _interrupted_while_starting

    try:
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) is _interrupt:
                signal.signal(signum, _interrupted_while_starting)
    except ValueError:
        pass


def handle_signals() -> None:
    """From here on SIGINT and SIGTERM raise :class:`Interrupted` in the main thread."""
    import signal

    sys.unraisablehook = _quiet_about_signals
    try:
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) != signal.SIG_IGN:  # ignored by whoever started refcli: stays so
                signal.signal(signum, _interrupt)
    except ValueError:  # not the main thread: leave signals to whoever runs refcli
        pass


def collect_garbage_from_here() -> None:
    """A command that goes on (a batch) collects its garbage again, where a short run had turned it off.

    ``refcli.cli.start.program`` turns the collector off for a short run; a batch makes garbage by the record.
    What start-up built lives as long as the run: frozen, a full collection no longer walks it.
    """
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()


# What Python does with an exception it cannot raise: one raised in a weakref callback, a __del__ or the
# like, which it reports on stderr, with a traceback, and then goes on.
_report_unraisable = sys.unraisablehook


def _quiet_about_signals(unraisable: sys.UnraisableHookArgs) -> None:
    """Python's report of an exception it could not raise, except a signal's :class:`Interrupted`.

    A signal can come while Python runs such a callback (an import's module lock is released through one):
    its exception cannot leave the callback. The signal is remembered all the same
    (``refcli.model.interruption``): refcli stops before it waits on input and ends with 130, so Python's
    "Exception ignored in" and its traceback would only be noise on the screen.
    """
    if isinstance(unraisable.exc_value, Interrupted):
        return
    _report_unraisable(unraisable)


# -- the standard streams --------------------------------------------------------
class _Stdout(io.FileIO):
    """File descriptor 1, where a failed write becomes a refcli error once."""

    failed = False

    def write(self, data: Buffer) -> int:
        if self.failed:
            return memoryview(data).nbytes
        while True:
            try:
                written = super().write(data)
            except BrokenPipeError:
                self.failed = True
                raise ReaderGone() from None
            except OSError as error:
                self.failed = True
                raise OutputFailed(STDOUT_NAME, os_reason(error)) from None
            if written is not None:
                return written
            _wait_until_writable(self.fileno())  # a non-blocking stdout (EAGAIN): wait, as a blocking one would


def _wait_until_writable(fd: int) -> None:
    import select

    select.select([], [fd], [])


class _ClosedStdout(io.RawIOBase):
    """Standard output that was closed when refcli started (``>&-``)."""

    failed = False

    def writable(self) -> bool:
        return True

    def write(self, data: Buffer) -> int:
        if not self.failed:
            self.failed = True
            raise OutputFailed(STDOUT_NAME, _("standard output is closed"))
        return memoryview(data).nbytes


class _Stderr(io.FileIO):
    """File descriptor 2: what cannot be written is dropped, there is nowhere left to say so."""

    def write(self, data: Buffer) -> int:
        try:
            written = super().write(data)
        except OSError:
            written = None
        return memoryview(data).nbytes if written is None else written


class _ClosedStdin(io.RawIOBase):
    """Standard input that was closed when refcli started (``<&-``)."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        raise InputUnreadable(STDIN_NAME, _("standard input is closed"))


def _open_fd(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _hold_closed_descriptors() -> None:
    """Point a closed fd 0, 1 or 2 at /dev/null, so a file opened later cannot take its number."""
    for fd in (0, 1, 2):
        if not _open_fd(fd):
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)


def guard_standard_streams() -> None:
    """Replace the process's own standard streams with guarded ones (see the module docstring).

    Streams someone else put in place (a test capturing output) are left alone.
    """
    original_out, original_err, original_in = sys.__stdout__, sys.__stderr__, sys.__stdin__
    register_ascii_fallback()
    _hold_closed_descriptors()
    for stream in (original_out, original_err):
        try:  # anything written before now goes out first, in order
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    if sys.stdout is original_out and not isinstance(sys.stdout, _Guarded):
        raw_out: io.RawIOBase = _Stdout(1, "w", closefd=False) if original_out is not None else _ClosedStdout()
        sys.stdout = _Guarded.wrap(raw_out, original_out, line_buffering=False)
    if sys.stderr is original_err and not isinstance(sys.stderr, _Guarded):
        sys.stderr = _Guarded.wrap(_Stderr(2, "w", closefd=False), original_err, line_buffering=True)
    if sys.stdin is original_in and original_in is None:
        sys.stdin = _Guarded.wrap(_ClosedStdin(), None, line_buffering=False)


class _Guarded(io.TextIOWrapper):
    """A text stream made by ``guard_standard_streams`` (so guarding twice is harmless)."""

    @classmethod
    def wrap(cls, raw: io.RawIOBase, like: object, *, line_buffering: bool) -> _Guarded:
        like_text = like if isinstance(like, io.TextIOWrapper) else None
        encoding = like_text.encoding if like_text is not None else "utf-8"
        buffered = io.BufferedWriter(raw) if raw.writable() else io.BufferedReader(raw)
        return cls(
            buffered,
            encoding=encoding,
            errors=ERRORS,
            line_buffering=line_buffering or bool(like_text is not None and like_text.line_buffering),
            write_through=bool(like_text is not None and like_text.write_through),
        )


def flush_stdout() -> None:
    """Write out what stdout still holds; a failure raises ``OutputFailed`` or ``ReaderGone``."""
    if sys.stdout is not None:
        sys.stdout.flush()
