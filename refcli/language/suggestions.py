""" "Did you mean …?": the known word a mistyped value is closest to, for the one-line errors.

Used only on the error path (difflib is imported when a suggestion is asked
for), by the format reader (choices, players, situation kinds, animals) and
the command line (commands, choices). The words may be English and Spanish
(a game's Spanish words, ``refcli.model.game``): Spanish-like input gets the
Spanish word it is closest to, compared as ``refcli.language.folding`` folds
words (without accents).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from refcli.language.folding import fold
from refcli.language.i18n import _

LONGEST = 64  # difflib's work grows with the word: a typo is short, a longer value gets no suggestion


def closest(value: Any, words: Iterable[str]) -> str | None:
    """The word of ``words`` that ``value`` (a string) is most likely a typo of, ignoring case; None if none is close."""
    if not isinstance(value, str) or not value.strip() or len(value) > LONGEST:
        return None
    from difflib import get_close_matches

    known: dict[str, str] = {}
    for word in words:
        known.setdefault(fold(word) or word.casefold(), word)
    found = get_close_matches(fold(value) or value.strip().casefold(), list(known), n=1)
    return known[found[0]] if found else None


def hint(value: Any, words: Iterable[str]) -> str:
    """``' (did you mean "cow-trade"?)'`` for a value close to one of ``words``, else ``''``."""
    word = closest(value, words)
    return _(' (did you mean "{word}"?)').format(word=word) if word is not None else ""
