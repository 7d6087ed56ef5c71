"""The table's defaults of this run (``refcli config``), as the file readers use them: game id → key → value.

Used where a file leaves a top-level key of its format out (a file that says ``edition = 2`` means it,
whatever the table's default), and for a game's options not given. Only the command line sets them: the
library reads every file as it is written. A module of its own, importing nothing, so that applying the
configuration costs a quick query nothing it does not use.
"""

from __future__ import annotations

from typing import Any

_defaults: dict[str, dict[str, Any]] = {}


def use(defaults: dict[str, dict[str, Any]]) -> None:
    """Read files with ``defaults`` (game id → key → value) from now on; ``{}``: as they are written."""
    global _defaults
    _defaults = {game: dict(values) for game, values in defaults.items() if values}


def current() -> dict[str, dict[str, Any]]:
    """The defaults files are read with now (what a spawned worker process is given)."""
    return {game: dict(values) for game, values in _defaults.items()}


def of_game(game: str) -> dict[str, Any]:
    """What the table sets for ``game`` (empty when nothing)."""
    return _defaults.get(game, {})


def default(game: str, key: str, fallback: Any) -> Any:
    """The table's default for ``game``'s ``key`` (an option not given), else ``fallback``."""
    return _defaults.get(game, {}).get(key, fallback)
