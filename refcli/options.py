"""Option values shared by the command layer and the games (cheap to import)."""

from __future__ import annotations

import enum
from typing import NamedTuple


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    toml = "toml"


class ScoreOptions(NamedTuple):
    """How ``score`` treats a snapshot; each game reads the flags it knows."""

    partial: bool = False  # score an unfinished game as it stands
    multiply: bool = False  # Kuhhandel edition 1: the edition-2 multiplier variant


class ValidateOptions(NamedTuple):
    strict: bool = False  # stop at the first error
    # the input size limit (a JSON line's, with --jsonl); the same default as
    # refcli.inputs.DEFAULT_MAX_BYTES, not imported from there to keep this module cheap
    max_bytes: int = 8 * 1024 * 1024
