"""refcli: a command-line referee for four bluffing games.

Kuhhandel (You're Bluffing!), Bamboozled, Money! and Cup of Bluff: final
scores, rulings on contested situations and validation of recorded games,
each quoting the rulebook clause it applied.
"""

# The first thing refcli does, before any import that is not already loaded:
# give SIGINT back its default action, so that Ctrl-C from here on ends the
# program at once as it ends any program that does not catch it (a shell
# reports 130), never with a KeyboardInterrupt traceback, whether it comes
# during the ~60 ms of imports that follow or later (refcli.process says why
# refcli does not catch it). Imported as a library (by a test runner), refcli
# gives Python's KeyboardInterrupt back straight away.
import _signal  # type: ignore[import-not-found]  # built in and loaded at start-up; `signal` would import enum first
import sys

_python_sigint = _signal.getsignal(_signal.SIGINT)
try:
    if _python_sigint != _signal.SIG_IGN:  # ignored by whoever started us (`nohup`, `&`): stays so
        _signal.signal(_signal.SIGINT, _signal.SIG_DFL)
except ValueError:  # imported outside the main thread: signals are not ours to change
    _python_sigint = None


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


if _python_sigint is not None and not _started_as_the_program():
    _signal.signal(_signal.SIGINT, _python_sigint)

__version__ = "0.1.0"
