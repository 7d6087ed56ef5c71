"""The exceptions refcli raises, one class per documented exit status.

Every failure a user can cause is one of these; ``refcli.exit_status`` maps
them to exit codes in one place and the CLI prints them as one line.
"""

from __future__ import annotations


class RefcliError(Exception):
    """Base of every error refcli reports to the user (never a traceback)."""

    def one_line(self) -> str:
        """The message as printed after ``refcli: error: ``."""
        return " ".join(str(self).split())


class InputUnreadable(RefcliError):
    """A file that cannot be read: missing, a directory, no permission."""

    def __init__(self, file: str, reason: str) -> None:
        self.file = file
        self.reason = reason
        super().__init__(f"{file}: cannot read: {reason}")


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
    ) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.path = path
        super().__init__(message)

    def located(self, *, file: str | None = None, line: int | None = None) -> DataError:
        """Fill in the file (and line) once the caller knows them."""
        if self.file is None and file is not None:
            self.file = file
        if self.line is None and line is not None:
            self.line = line
        return self

    def one_line(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        parts = [where]
        if self.path:
            parts.append(self.path)
        parts.append(self.message)
        return " ".join(": ".join(parts).split())

    def __str__(self) -> str:
        return self.one_line()


class OutputUnwritable(RefcliError):
    """An output file refcli must not or cannot write (exists without --force, no such folder, not a regular file)."""


class OutputFailed(RefcliError):
    """Standard output cannot be written: closed, a full disk, an I/O error (exit 74)."""

    def __init__(self, name: str, reason: str) -> None:
        self.name = name
        self.reason = reason
        super().__init__(f"{name}: cannot write: {reason}")


class ReaderGone(RefcliError):
    """The program reading refcli's output exited early (``refcli … | head``): exit 141, nothing printed."""

    def __init__(self) -> None:
        super().__init__("the reader of standard output went away")


class UsageError(RefcliError):
    """A bad command-line argument that typer's own parsing cannot catch."""


class RuleBroken(RefcliError):
    """A situation that is itself illegal under the rules (exit 1).

    ``clause`` names the rule the situation breaks.
    """

    def __init__(self, message: str, clause: str, outcome: dict[str, object] | None = None) -> None:
        self.clause = clause
        self.outcome = outcome or {}  # what a situation's outcome still says, e.g. {"allowed": False}
        super().__init__(message)
