"""The ``refcli`` program: the configuration, then a quick query answered at once or the full command line.

Nothing here imports typer: a question at the table (``refcli bamboozled compare 43 34``, ``refcli rules K8``,
``--version``, ``--help``) is recognised by ``refcli.cli.quick`` from the games' declarations and answered by
the same functions the full command line calls, so it never pays for building the framework. Any other line
(including every line that is wrong: an unknown option, a bad value) goes to ``refcli.cli.app``, which says
what is wrong exactly as it always has.

The console script (:func:`main`) also spares a short run the interpreter's work around it: no garbage
collection while it imports and answers (nothing it builds is garbage before it ends), and, once its output is
flushed and every exit handler has run, it leaves with ``os._exit`` instead of tearing every module down.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import NoReturn

from refcli.language import i18n


def program() -> NoReturn:
    """Console entry point (``refcli``, ``python -m refcli``): run, then leave without the interpreter's teardown."""
    gc.disable()  # a short run: the few cycles it makes are freed with the process
    leave(run())


def main() -> NoReturn:
    """The program as a function to call in a process that goes on (tests): ends in SystemExit, GC untouched."""
    sys.exit(run())


def run() -> int:
    """The whole program: a documented exit status and at most one line on stderr, whatever happens.

    ``refcli.cli.lifecycle`` handles signals (Ctrl-C and SIGTERM: 130) and the standard streams (stdout
    unwritable: 74; the reader of stdout gone: 141, nothing printed).
    """
    from refcli.cli import lifecycle as process

    try:
        process.handle_signals()
        process.guard_standard_streams()
        code = _run()
    except process.Interrupted:  # a signal outside _run's own try, e.g. while it was being entered
        from refcli.model.exit_status import ExitStatus

        code = ExitStatus.INTERRUPTED
    finally:
        process.quit_on_signals()  # the work is done and stdout flushed: a late signal just ends it with 130
    return int(code)


def leave(code: int) -> NoReturn:
    """End the process with ``code``: streams flushed and exit handlers run, then ``os._exit``.

    The interpreter's own ending would spend milliseconds freeing every module a run loaded, for nothing.
    Another thread still running (none of refcli's, but a library's) is left the interpreter's usual ending,
    which waits for it.
    """
    import threading

    if threading.active_count() > 1:
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # stdout's failures were reported by the run; nothing is left to say
            pass
    import atexit

    atexit._run_exitfuncs()
    os._exit(code)


def _run() -> int:
    """Answer the command line, then write out what stdout still holds; return the exit status."""
    from refcli.cli import lifecycle as process
    from refcli.model.errors import RefcliError
    from refcli.model.interruption import was_signalled

    i18n.choose_for_command_line()  # for the whole run: also what is said once the app is done (stdout unwritable)
    try:
        code = _answer(sys.argv[1:])
    except SystemExit as end:
        code = _exit_code(end)
    except (process.Interrupted, KeyboardInterrupt):  # Ctrl-C or SIGTERM (refcli.cli.lifecycle)
        from refcli.model.exit_status import ExitStatus  # a status made here only: not imported on a quick query's way

        code = ExitStatus.INTERRUPTED
    except Exception as error:  # noqa: BLE001 - a bug in refcli still ends in one line
        from refcli.cli.common import say_error

        code = say_error(error)
    if was_signalled():  # a signal whose exception Python lost (refcli.model.interruption): still 130
        from refcli.model.exit_status import ExitStatus

        code = ExitStatus.INTERRUPTED
    try:
        process.flush_stdout()
    except RefcliError as error:  # stdout closed or full, or its reader gone: the results did not get out
        from refcli.cli.common import say_error

        code = say_error(error)
    return int(code)


def _answer(arguments: list[str]) -> int:
    """A quick query's answer (``refcli.cli.quick``), else the full command line's; ends in SystemExit or a status."""
    from refcli.cli import quick, settings

    answer = quick.recognised(arguments)
    if answer is None:
        _full_command_line()
        return 0
    before = i18n.language()
    i18n.choose_for_command_line(arguments)
    try:
        settings.use_configuration(arguments)
        return answer()
    finally:
        settings.forget_configuration()
        i18n.set_language(before)


def _full_command_line() -> None:
    """typer's command line (``refcli.cli.app``); always ends in SystemExit."""
    from refcli.cli.app import app
    from refcli.cli.lifecycle import collect_garbage_from_here

    collect_garbage_from_here()  # its imports are made; a long command (a batch) collects its garbage as usual
    app()


def _exit_code(end: SystemExit) -> int:
    if end.code is None:
        return 0
    if isinstance(end.code, int):
        return end.code
    print(end.code, file=sys.stderr)  # what sys.exit("message") would have printed
    return 1
