"""Exit codes, in one place (docs/commands.md, "Exit status").

The codes follow sysexits.h where one fits, so scripts can tell a broken rule
(1) from a bad command line (2), bad data (65), an unreadable file (66) and
a configuration file refcli cannot use (78);
and 128 + the signal number where the end is a signal's (130, 141).
"""

from __future__ import annotations

import enum

from refcli.model.errors import (
    ConfigError,
    DataError,
    InputUnreadable,
    OutputFailed,
    OutputUnwritable,
    ReaderGone,
    RefcliError,
    RuleBroken,
    UsageError,
)


class ExitStatus(enum.IntEnum):
    OK = 0
    RULE_BROKEN = 1
    USAGE = 2
    DATA = 65  # EX_DATAERR
    UNREADABLE = 66  # EX_NOINPUT
    CONFIG = (
        78  # EX_CONFIG: the configuration file (`refcli config`) is not valid TOML, or a key or value in it is wrong
    )
    CANNOT_WRITE = 73  # EX_CANTCREAT: an output file exists (no --force) or cannot be created
    OUTPUT_FAILED = 74  # EX_IOERR: standard output cannot be written (closed, disk full)
    INTERRUPTED = 130  # 128 + SIGINT: Ctrl-C, or SIGTERM (`kill`), ended refcli (refcli.cli.lifecycle)
    READER_GONE = 141  # 128 + SIGPIPE, as for a program a broken pipe ends: the reader of stdout left (`| head`)
    INTERNAL = 70  # EX_SOFTWARE: a bug in refcli, reported in one line all the same


# With several files the worst code wins: 66 > 65 > 1 > 0 (usage errors stop
# everything before any file is read, so they never compete).
_SEVERITY = [
    ExitStatus.OK,
    ExitStatus.RULE_BROKEN,
    ExitStatus.DATA,
    ExitStatus.UNREADABLE,
    ExitStatus.USAGE,
    ExitStatus.CONFIG,
    ExitStatus.CANNOT_WRITE,
    ExitStatus.OUTPUT_FAILED,
    ExitStatus.READER_GONE,
    ExitStatus.INTERRUPTED,
    ExitStatus.INTERNAL,
]


def status_for(error: BaseException) -> ExitStatus:
    """The exit status an exception ends the program with."""
    if isinstance(error, InputUnreadable):
        return ExitStatus.UNREADABLE
    if isinstance(error, ConfigError):
        return ExitStatus.CONFIG
    if isinstance(error, DataError):
        return ExitStatus.DATA
    if isinstance(error, RuleBroken):
        return ExitStatus.RULE_BROKEN
    if isinstance(error, OutputUnwritable):
        return ExitStatus.CANNOT_WRITE
    if isinstance(error, OutputFailed):
        return ExitStatus.OUTPUT_FAILED
    if isinstance(error, ReaderGone):
        return ExitStatus.READER_GONE
    if isinstance(error, UsageError):
        return ExitStatus.USAGE
    if isinstance(error, RefcliError):
        return ExitStatus.DATA
    return ExitStatus.INTERNAL


def worst(*codes: ExitStatus) -> ExitStatus:
    """The code that wins when several files end differently."""
    return max(codes, key=_SEVERITY.index, default=ExitStatus.OK)
