"""refcli: a referee for four bluffing games, as a command line and a Python library.

Kuhhandel (You're Bluffing!), Bamboozled, Money! and Cup of Bluff: final
scores, rulings on contested situations and validation of recorded games,
each quoting the rulebook clause it applied.

The library (see :mod:`refcli.api`)::

    import refcli
    refcli.score("final.toml").winners
    refcli.rule({"game": "cup-of-bluff", "situation": "call", ...}).verdict
    refcli.validate("game.toml", strict=True).valid
    refcli.game("money").score(document)

Attributes are loaded on first use, so ``import refcli`` (and every CLI
command) pays nothing for the API it does not call.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

# name → module that defines it; resolved by __getattr__ on first use.
_LAZY = {
    "score": "refcli.api",
    "rule": "refcli.api",
    "validate": "refcli.api",
    "game": "refcli.api",
    "load": "refcli.api",
    "Game": "refcli.api",
    "Report": "refcli.report",
    "Score": "refcli.report",
    "Ruling": "refcli.report",
    "Validation": "refcli.validation",
    "Finding": "refcli.validation",
    "RefcliError": "refcli.errors",
    "DataError": "refcli.errors",
    "InputUnreadable": "refcli.errors",
    "UsageError": "refcli.errors",
}

__all__ = ["__version__", *_LAZY]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'refcli' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), "FileResult" if name == "Validation" else name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
