"""Option values shared by the command layer and the games (cheap to import)."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, NamedTuple


class Format(str, enum.Enum):
    text = "text"
    json = "json"
    toml = "toml"


class ScoreOptions(NamedTuple):
    """How ``score`` treats a snapshot; each game reads the flags it knows.

    ``variants`` holds the options a game declares for itself
    (``Game.score_options``), read as attributes: ``options.multiply``.
    """

    partial: bool = False  # score an unfinished game as it stands
    variants: tuple[tuple[str, Any], ...] = ()

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


class ValidateOptions(NamedTuple):
    strict: bool = False  # stop at the first error
