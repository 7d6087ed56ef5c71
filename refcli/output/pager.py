"""Showing text longer than the terminal through a pager (imported only when that happens).

Which pager: ``REFCLI_PAGER``, else the configuration file's ``pager``
(``refcli config``; ``false`` means none), else ``PAGER``, else ``less -R``
when less is installed; an empty ``REFCLI_PAGER`` (or ``PAGER``) or ``cat``
means none. The file's comes after ``REFCLI_PAGER``, an explicit choice for a
run or a shell, and before ``PAGER``, which every program shares.
less gets ``LESS=FRX`` unless ``LESS`` is set, as git does: colours pass
(R), and the first screen, verdict on top, stays on the terminal after
quitting (X). The caller decides when to page (stdout a terminal, the text
taller than it, no ``--no-pager``, not ``TERM=dumb``). A pager that cannot
be run (an unbalanced quote, no such program) or that fails (a non-zero
exit) leaves the text to be printed as it is.
"""

from __future__ import annotations

import os
import shlex
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    import subprocess


def pager_command() -> list[str] | None:
    """The pager to run, as arguments; None when there is none."""
    from refcli.reading.config import current

    configured = current().get("pager")
    for variable in ("REFCLI_PAGER", "config", "PAGER"):
        if variable == "config":
            if configured is None:
                continue
            command = configured or ""  # false: no pager
        elif variable in os.environ:
            command = os.environ[variable]
        else:
            continue
        try:
            words = shlex.split(command)
        except ValueError:  # an unbalanced quote: no command to run, so the text is printed as it is
            return None
        return words if words and words != ["cat"] else None
    from shutil import which

    return ["less", "-R"] if which("less") else None


def page(text: str, stream: IO[str]) -> bool:
    """Show ``text`` through the pager; False when no pager could be run (then nothing was written)."""
    import codecs
    import signal
    import subprocess

    command = pager_command()
    if command is None:
        return False
    environment = dict(os.environ)
    environment.setdefault("LESS", "FRX")
    encoding = getattr(stream, "encoding", None) or "utf-8"
    if codecs.lookup(encoding).name == "utf-8" and not environment.keys() & {"LESSCHARSET", "LESSCHARDEF"}:
        # The bytes sent are UTF-8: less must not guess from a locale that is not installed (it shows <E2><80><94>).
        environment["LESSCHARSET"] = "utf-8"
    stream.flush()  # whatever refcli printed before comes first
    try:
        pager = subprocess.Popen(command, stdin=subprocess.PIPE, env=environment)
    except OSError:  # not installed, not executable: print the text as it is
        return False
    # Ctrl-C belongs to the pager while it runs (less uses it to stop a search); the
    # terminal sends it to refcli too, which waits for the pager to finish instead.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        assert pager.stdin is not None
        try:
            pager.stdin.write(text.encode(encoding, "backslashreplace"))
            pager.stdin.close()
        except OSError:  # quit before reading everything (BrokenPipeError): fine
            pass
        status = pager.wait()
    except BaseException:  # SIGTERM (refcli.cli.lifecycle.Interrupted) or a failure: the pager must not outlive refcli
        stop(pager)
        raise
    finally:
        signal.signal(signal.SIGINT, previous)
    # A pager that failed (false, a bad option, a command it could not run) showed nothing, or only its
    # own complaint: then the text is printed as it is. One that was quit or was done exits 0; one a
    # signal ended (Ctrl-C in more) was ended by the reader, who does not want the text again.
    return status <= 0


STOP_GRACE = 5.0  # seconds a pager gets to restore the terminal and leave before it is killed


def stop(pager: subprocess.Popen[bytes]) -> None:
    """End the pager and wait for it, so the terminal is never left to an orphan still reading keys.

    SIGTERM first, which less (and most pagers) answer by restoring the terminal.
    """
    import subprocess

    if pager.poll() is not None:
        return
    pager.terminate()
    try:
        pager.wait(STOP_GRACE)
    except subprocess.TimeoutExpired:
        pager.kill()
        pager.wait()
