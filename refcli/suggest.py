""" "Did you mean …?": the known word a mistyped value is closest to, for the one-line errors.

Used only on the error path (difflib is imported when a suggestion is asked
for), by the format reader (choices, players, situation kinds, animals) and
the command line (commands, choices).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

LONGEST = 64  # difflib's work grows with the word: a typo is short, a longer value gets no suggestion


def closest(value: Any, words: Iterable[str]) -> str | None:
    """The word of ``words`` that ``value`` (a string) is most likely a typo of, ignoring case; None if none is close."""
    if not isinstance(value, str) or not value.strip() or len(value) > LONGEST:
        return None
    from difflib import get_close_matches

    known = {word.casefold(): word for word in words}
    found = get_close_matches(value.strip().casefold(), list(known), n=1)
    return known[found[0]] if found else None


def hint(value: Any, words: Iterable[str]) -> str:
    """``' (did you mean "cow-trade"?)'`` for a value close to one of ``words``, else ``''``."""
    word = closest(value, words)
    return f' (did you mean "{word}"?)' if word is not None else ""
