"""The exceptions refcli raises, one class per documented exit status.

Every failure a user can cause is one of these; ``refcli.model.exit_status`` maps
them to exit codes in one place and the CLI prints them as one line. Messages
are written in the language of the run (``refcli.language.i18n``) when the error is made.
"""

from __future__ import annotations

import errno
from typing import Any

from refcli.language.i18n import N_, _
from refcli.language.visible import visible

# Collapsed into one space by ``one_line``; every other non-printable character is escaped (``refcli.language.visible``).
_SPACES = " \t\n\r\x0b\x0c"


def one_line(text: str) -> str:
    """``text`` on one line: runs of spaces and line breaks as one space, anything else a terminal acts on escaped.

    An error's text quotes its input (file names, items, values): escaped here, once for every message,
    whether it is printed after ``refcli: error:``, carried in a JSON ``message`` or raised by the Python API.
    """
    return " ".join(visible(text, keep=_SPACES).split())


class RefcliError(Exception):
    """Base of every error refcli reports to the user (never a traceback).

    Every one pickles: it comes back from a worker process (``multiprocessing``,
    ``concurrent.futures``) as the same class with the same message, attributes
    and so exit status.
    """

    def one_line(self) -> str:
        """The message as printed after ``refcli: error: ``."""
        return one_line(str(self))

    def __reduce__(self) -> tuple[Any, ...]:
        # An exception pickles by default as its class called again with its args, which is the
        # message alone: a class whose __init__ takes other arguments (a file and a reason) cannot be
        # made again that way, and one that writes its message would write it again in the language of
        # the process unpickling it. So it is remade without __init__: its args and attributes as they are.
        return (_remade, (type(self), self.args), dict(self.__dict__))


def _remade(cls: type[RefcliError], args: tuple[Any, ...]) -> RefcliError:
    """An error of class ``cls`` holding ``args``, its attributes still to be filled in (by unpickling)."""
    return cls.__new__(cls, *args)


class InputUnreadable(RefcliError):
    """A file that cannot be read: missing, a directory, no permission."""

    def __init__(self, file: str, reason: str) -> None:
        self.file = file
        self.reason = reason
        super().__init__(_("{file}: cannot read: {reason}").format(file=visible(file), reason=reason))

    @classmethod
    def because(cls, file: str, error: OSError) -> InputUnreadable:
        """The error for ``file`` that ``error`` (from opening or reading it) means, in refcli's words."""
        if isinstance(error, FileNotFoundError):
            return cls(file, _("no such file"))
        if isinstance(error, IsADirectoryError):
            return cls(file, _("it is a directory, not a file"))
        if isinstance(error, PermissionError):
            return cls(file, _("permission denied"))
        return cls(file, os_reason(error))


class DataError(RefcliError):
    """Input that is not TOML, or TOML that does not fit the format.

    Carries where (file, line, key path) and what was expected, so the message
    tells the user exactly what to fix.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        path: str | None = None,
        found: str | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.path = path
        self.found = found  # the value found, as the message names it (a wrong value's), else None
        super().__init__(message)

    def located(self, *, file: str | None = None, line: int | None = None) -> DataError:
        """Fill in the file (and line) once the caller knows them."""
        if self.file is None and file is not None:
            self.file = file
        if self.line is None and line is not None:
            self.line = line
        return self

    def one_line(self) -> str:
        where = visible(self.file) if self.file else _("<input>")  # a file's own line breaks shown, not collapsed
        if self.line is not None:
            where += f":{self.line}"
        parts = [where]
        if self.path:
            parts.append(self.path)
        parts.append(self.message)
        return one_line(": ".join(parts))

    def __str__(self) -> str:
        return self.one_line()


class ConfigError(DataError):
    """A configuration file (``refcli config``) refcli cannot use: exit 78, located as bad data is."""


class OutputUnwritable(RefcliError):
    """An output file refcli must not or cannot write (exists without --force, no such folder, not a regular file)."""


class OutputFailed(RefcliError):
    """Standard output cannot be written: closed, a full disk, an I/O error (exit 74)."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        super().__init__(_("{name}: cannot write: {reason}").format(name=visible(name), reason=reason))


class ReaderGone(RefcliError):
    """The program reading refcli's output exited early (``refcli … | head``): exit 141, nothing printed."""

    def __init__(self) -> None:
        super().__init__(_("the reader of standard output went away"))


class UsageError(RefcliError):
    """A bad command-line argument that typer's own parsing cannot catch."""


class RuleBroken(RefcliError):
    """A situation that is itself illegal under the rules (exit 1).

    ``clause`` names the rule the situation breaks.
    """

    def __init__(
        self, message: str, clause: str, outcome: dict[str, object] | None = None, also: tuple[str, ...] = ()
    ) -> None:
        self.clause = clause
        self.outcome = outcome or {}  # what a situation's outcome still says, e.g. {"allowed": False}
        self.also = also  # clauses the judgement rests on besides the one broken (a register entry), cited after it
        super().__init__(message)


# The reasons an operating-system call fails that people meet most, as Linux's C library says them in
# English (what ``OSError.strerror`` holds there): in another language refcli says them in its own
# catalogue's words rather than the system's English.
_OS_REASONS = {
    number: text
    for name, text in (
        ("ENOENT", N_("No such file or directory")),
        ("EACCES", N_("Permission denied")),
        ("EPERM", N_("Operation not permitted")),
        ("EISDIR", N_("Is a directory")),
        ("ENOTDIR", N_("Not a directory")),
        ("ENOSPC", N_("No space left on device")),
        ("EDQUOT", N_("Disk quota exceeded")),
        ("EFBIG", N_("File too large")),
        ("EROFS", N_("Read-only file system")),
        ("ENAMETOOLONG", N_("File name too long")),
        ("ELOOP", N_("Too many levels of symbolic links")),
        ("EIO", N_("Input/output error")),
        ("EBUSY", N_("Device or resource busy")),
        ("ETXTBSY", N_("Text file busy")),
        ("ENXIO", N_("No such device or address")),
        ("ENODEV", N_("No such device")),
        ("EINVAL", N_("Invalid argument")),
        ("EMFILE", N_("Too many open files")),
        ("ENOMEM", N_("Cannot allocate memory")),
    )
    if (number := getattr(errno, name, None)) is not None  # not every system has every number
}


def os_reason(error: OSError) -> str:
    """Why ``error``'s system call failed, in the current language.

    English keeps the system's own words (``strerror``, whatever the platform says); another language
    gets refcli's translation of the common reasons, and the system's words for the rest.
    """
    said = error.strerror or type(error).__name__
    known = _OS_REASONS.get(error.errno) if error.errno is not None else None
    if known is not None:
        translated = _(known)
        if translated != known:
            return translated
    return said


def strerror_reason(number: int) -> str:
    """``os_reason`` for an error number with no exception (``os.strerror``'s words in English)."""
    import os

    return os_reason(OSError(number, os.strerror(number)))
