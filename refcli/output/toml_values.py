"""TOML values on one line, as a person writes them: ``[1, 2]``, ``{ cow = 4 }``, ``"Ana"``.

Every TOML document refcli writes whole (``--format toml``, a saved situation) is
written by tomli_w. These are for the files whose layout is refcli's own: the
commented templates and the recorded games' layouts (``refcli.games.record_toml``),
where an array or an inline table stays on its key's line and comments sit beside
the keys, which tomli_w does not write (its arrays take a line per item, and it
writes no comments). Each string, number, boolean and key is still written by
tomli_w, escaped as it escapes them; only the brackets, braces and commas are put
here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


# Cached: a record of thousands of events says the same few keys and values again and again.
@lru_cache(maxsize=4096)
def toml_key(key: str) -> str:
    """A key as TOML writes it: bare (``cow``) when it can be, else a quoted string (``"Ana María"``)."""
    import tomli_w  # here: a template, a record or a prompt's hint only

    return tomli_w.dumps({key: 0})[: -len(" = 0\n")]


def toml_value(value: Any) -> str:
    """One value as inline TOML on one line; a TypeError for what TOML cannot hold (None)."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(key)} = {toml_value(item)}" for key, item in value.items()) + " }"
    if isinstance(value, float):
        return _scalar(value)  # never cached: 0.0 and -0.0 are equal keys
    return _cached_scalar(value)


def _scalar(value: Any) -> str:
    import tomli_w

    return tomli_w.dumps({"v": value})[len("v = ") : -len("\n")]


_cached_scalar = lru_cache(maxsize=4096, typed=True)(_scalar)  # typed: True and 1 are two values
