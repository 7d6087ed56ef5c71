"""Option values shared by the command layer and the games (cheap to import)."""

from __future__ import annotations

import enum
from typing import NamedTuple

# Larger than any real record by orders of magnitude (a complete Money! game
# with every card noted is about 12 KiB, and a record at the longest game
# refcli accepts about 1.5 MiB); a guard against feeding refcli a disk image by
# mistake. --max-bytes changes it for one run.
DEFAULT_MAX_BYTES = 8 * 1024 * 1024

# The largest --max-bytes accepted: 1 TiB. Inputs are read into memory, so any
# limit above the memory of the machine already means "no limit"; a value past
# this one is a typo (an extra digit, a number of bits), refused as a usage
# error rather than silently read as "anything goes".
MAX_MAX_BYTES = 2**40


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    toml = "toml"


class ScoreOptions(NamedTuple):
    """How ``score`` treats a snapshot; each game reads the flags it knows."""

    partial: bool = False  # score an unfinished game as it stands
    multiply: bool = False  # Kuhhandel edition 1: the edition-2 multiplier variant
    max_bytes: int = DEFAULT_MAX_BYTES  # the input size limit (--max-bytes)


class ValidateOptions(NamedTuple):
    strict: bool = False  # stop at the first error
    max_bytes: int = DEFAULT_MAX_BYTES  # the input (or JSON line) size limit (--max-bytes)
