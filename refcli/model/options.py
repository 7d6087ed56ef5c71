"""Option values shared by the command layer and the games (cheap to import)."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

from refcli.model.frozen import Record, record

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


# The version of the shape of every JSON and TOML document refcli prints
# (``schema_version``, first key of each). It goes up when a key is removed,
# renamed or changes meaning; new keys may appear without it changing.
# data/schemas/output/ holds the JSON Schema of each document.
SCHEMA_VERSION = 1


class Format(str, enum.Enum):
    """Every output format; csv only where a result is a table (``score``, ``validate``), bgstats and
    bgstats-link (BG Stats' play, and the app link carrying it) only for ``score``."""

    text = "text"
    json = "json"
    toml = "toml"
    csv = "csv"
    bgstats = "bgstats"
    bgstats_link = "bgstats-link"


class TableFormat(str, enum.Enum):
    """The formats of ``validate``: a table of findings, no plays."""

    text = "text"
    json = "json"
    toml = "toml"
    csv = "csv"


# The formats that make BG Stats plays of scored games (``refcli.output.bgstats``).
PLAY_FORMATS = (Format.bgstats, Format.bgstats_link)


class DocumentFormat(str, enum.Enum):
    """The formats of ``--format`` where no CSV table is made (ruling, rules, a game's own commands)."""

    text = "text"
    json = "json"
    toml = "toml"


def as_format(value: Any) -> Format:
    """Either enum (or its string) as a ``Format``."""
    return Format(getattr(value, "value", value))


@record
class ScoreOptions(Record):
    """How ``score`` treats a snapshot; each game reads the flags it knows.

    ``variants`` holds the options a game declares for itself
    (``Game.score_options``), read as attributes: ``options.multiply``.
    """

    partial: bool = False  # score an unfinished game as it stands
    variants: tuple[tuple[str, Any], ...] = ()
    max_bytes: int = DEFAULT_MAX_BYTES  # the input size limit (--max-bytes)

    def __getattr__(self, name: str) -> Any:
        # only reached for names that are not fields: a game's own option
        for key, value in self.variants:
            if key == name:
                return value
        raise AttributeError(f"ScoreOptions has no option {name!r} (declare it in the game's score_options)")

    def completed(self, defaults: Iterable[tuple[str, Any]]) -> ScoreOptions:
        """These options with every default given that is not set yet (a game's declared options)."""
        given = dict(self.variants)
        missing = tuple((name, value) for name, value in defaults if name not in given)
        return self._replace(variants=self.variants + missing) if missing else self


# The bound on one record's validation in a batch (--record-timeout): a record at the
# longest game accepted validates in a few seconds; a record that takes minutes is a
# bug's, and must not hold up the thousands after it.
DEFAULT_RECORD_TIMEOUT = 120.0
# The longest bound the timer takes (a few years): a longer one, ``inf`` included, bounds nothing more, and the
# platform's timer refuses values past its time_t.
LONGEST_RECORD_TIMEOUT = 1e8


@record
class ValidateOptions(Record):
    strict: bool = False  # stop at the first error
    max_bytes: int = DEFAULT_MAX_BYTES  # the input (or JSON line) size limit (--max-bytes)
    record_timeout: float = DEFAULT_RECORD_TIMEOUT  # seconds one record may take (--record-timeout); 0: no bound
