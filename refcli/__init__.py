"""refcli: a command-line referee for bluffing games.

Final scores, rulings on contested situations and validation of recorded
games, each quoting the rulebook clause it applied. The games are listed in
``refcli.registry``; each declares itself in its package under
``refcli.games``.
"""

# The first thing refcli does, before any import that is not already loaded:
# Ctrl-C (SIGINT) or `kill` (SIGTERM) during the ~60 ms of imports that
# follow ends the program at once with status 130 and nothing on stderr,
# never a KeyboardInterrupt traceback (nothing has been written or opened
# yet, so there is nothing to clean up). main() then installs the handlers
# that unwind a running command cleanly to the same status (refcli.process).
# Imported as a library (by a test runner, a script), refcli gives the
# signals back to their owner straight away.
import _signal  # type: ignore[import-not-found]  # built in and loaded at start-up; `signal` would import enum first
import sys


def _interrupted_while_starting(signum: int, frame: object) -> None:
    import os  # already loaded by Python's start-up

    os._exit(130)


_owners: dict[int, object] = {}
try:
    for _signum in (_signal.SIGINT, _signal.SIGTERM):
        _owners[_signum] = _signal.getsignal(_signum)
        if _owners[_signum] != _signal.SIG_IGN:  # ignored by whoever started us (`nohup`, `&`): stays so
            _signal.signal(_signum, _interrupted_while_starting)
except ValueError:  # imported outside the main thread: signals are not ours to change
    _owners = {}


def _started_as_the_program() -> bool:
    """True for the `refcli` script and `python -m refcli`; False when imported as a library."""
    argv0 = sys.argv[0] if getattr(sys, "argv", None) else ""
    if argv0 == "-m":  # `python -m refcli`: argv[0] is "-m" while the package is imported
        words = getattr(sys, "orig_argv", [])
        for index, word in enumerate(words):
            if word.startswith("-m"):
                module = word[2:] or (words[index + 1] if index + 1 < len(words) else "")
                return module == "refcli"
        return False
    return argv0.replace("\\", "/").rsplit("/", 1)[-1] == "refcli"


if _owners and not _started_as_the_program():
    for _signum, _owner in _owners.items():
        _signal.signal(_signum, _owner)

__version__ = "0.1.0"
