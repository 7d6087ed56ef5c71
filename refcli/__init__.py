"""refcli: a referee for bluffing games, as a command line and a Python library.

Final scores, rulings on contested situations and validation of recorded
games, each quoting the rulebook clause it applied. The games are listed in
``refcli.model.registry``; each declares itself in its package under
``refcli.games``.

The library (see :mod:`refcli.api`)::

    import refcli
    refcli.score("final.toml").winners
    refcli.rule({"game": "cup-of-bluff", "situation": "call", ...}).verdict
    refcli.validate("game.toml", strict=True).valid
    refcli.validate_line('{"game": "money", ...}', name="shard.jsonl", line=3)  # one line of JSON Lines
    refcli.game("money").score(document)
    refcli.score("final.toml", lang="es").text()   # in Spanish, whatever the locale

Its names are loaded on first use, so ``import refcli`` (and every CLI
command) pays nothing for the API it does not call.
"""

# The first thing refcli does, before any import that is not already loaded:
# Ctrl-C (SIGINT) or `kill` (SIGTERM) during the ~60 ms of imports that
# follow ends the program at once with status 130 and nothing on stderr,
# never a KeyboardInterrupt traceback (nothing has been written or opened
# yet, so there is nothing to clean up). main() then installs the handlers
# that unwind a running command cleanly to the same status (refcli.cli.lifecycle).
# Imported as a library (by a test runner, a script), refcli gives the
# signals back to their owner straight away.
#
# No `from __future__` import here: `__future__` is not loaded at start-up, so
# importing it would run Python code of its own, a moment in which a Ctrl-C
# becomes a KeyboardInterrupt raised in this file. A signal that still lands
# between this file's first line and the handlers being in place is caught by
# the `except KeyboardInterrupt` below and ends the program the same way.
import _signal  # type: ignore[import-not-found]  # built in and loaded at start-up; `signal` would import enum first
import sys


def _interrupted_while_starting(signum: int, frame: object) -> None:
    import os  # already loaded by Python's start-up

    os._exit(130)


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


_owners: dict[int, object] = {}
try:
    for _signum in (_signal.SIGINT, _signal.SIGTERM):
        _owners[_signum] = _signal.getsignal(_signum)
        if _owners[_signum] != _signal.SIG_IGN:  # ignored by whoever started us (`nohup`, `&`): stays so
            _signal.signal(_signum, _interrupted_while_starting)
except ValueError:  # imported outside the main thread: signals are not ours to change
    _owners = {}
except KeyboardInterrupt:  # Ctrl-C before the handler above was in place
    if _started_as_the_program():
        _interrupted_while_starting(_signal.SIGINT, None)
    raise  # a library import: the interrupt is its owner's


if _owners and not _started_as_the_program():
    for _signum, _owner in _owners.items():
        _signal.signal(_signum, _owner)


__version__ = "0.1.0"

# name → module that defines it; resolved by __getattr__ on first use.
_LAZY = {
    "score": "refcli.api",
    "rule": "refcli.api",
    "validate": "refcli.api",
    "validate_line": "refcli.api",
    "game": "refcli.api",
    "load": "refcli.api",
    "Game": "refcli.api",
    "Report": "refcli.results.report",
    "Score": "refcli.results.report",
    "Ruling": "refcli.results.report",
    "Validation": "refcli.results.findings",
    "Finding": "refcli.results.findings",
    "RefcliError": "refcli.model.errors",
    "DataError": "refcli.model.errors",
    "InputUnreadable": "refcli.model.errors",
    "UsageError": "refcli.model.errors",
}

__all__ = ["__version__", *_LAZY]


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'refcli' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), "FileResult" if name == "Validation" else name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
