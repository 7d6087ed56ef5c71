"""Ctrl-C and ``kill`` as refcli sees them: :class:`Interrupted`, and a signal Python lost on the way.

``refcli.cli.lifecycle`` makes SIGINT and SIGTERM raise :class:`Interrupted`. CPython can drop that
exception: a handler that runs while ``compile()`` turns a module's source into code (a lazy import
with no cached ``.pyc``) raises into the compiler, which goes on as if nothing had happened. The signal
is therefore also remembered here, and :func:`raise_if_signalled` acts on it before refcli waits on
standard input, where a lost signal would otherwise leave it waiting for an end of input that a
``kill`` was meant to replace.
"""

from __future__ import annotations


class Interrupted(BaseException):
    """Ctrl-C or SIGTERM: unwinds the running command, cleaning up on the way, to exit 130."""


_signalled: int | None = None  # the last SIGINT or SIGTERM the handler saw, raised or not


def signalled(signum: int) -> None:
    """The handler's work: remember the signal, then raise :class:`Interrupted`."""
    global _signalled
    _signalled = signum
    raise Interrupted(signum)


def raise_if_signalled() -> None:
    """Raise :class:`Interrupted` when a signal came and its exception was lost (see the module's account)."""
    if _signalled is not None:
        raise Interrupted(_signalled)


def was_signalled() -> bool:
    """True once a signal came in this run (the run then ends with 130, whatever it got to)."""
    return _signalled is not None
