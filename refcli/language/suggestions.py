""" "Did you mean …?": the known word a mistyped value is closest to, for the one-line errors.

Used only on the error path (difflib is imported when a suggestion is asked
for), by the format reader (choices, players, situation kinds, animals) and
the command line (commands, choices). The words may be English and Spanish
(a game's Spanish words, ``refcli.model.game``): a Spanish run, or Spanish-
looking input, gets the Spanish word it is closest to, an English run the
English one (the other language only when none is close), compared as
``refcli.language.folding`` folds words (without accents).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from refcli.language.folding import fold
from refcli.language.i18n import _, language

LONGEST = 64  # difflib's work grows with the word: a typo is short, a longer value gets no suggestion


def closest(value: Any, words: Iterable[str], spanish: Iterable[str] = ()) -> str | None:
    """The word of ``words`` or ``spanish`` that ``value`` (a string) is most likely a typo of; None if none is close.

    A word known as written, in either language, first; else the closest word, which is usually one of the
    value's own language (``aseptar`` → aceptar, not accept); between two as close, the run's language's:
    ``spanish`` (the Spanish words among the known ones) for a Spanish run or a value written with Spanish
    letters (ñ, accents, ¿¡), the others otherwise. A value that is a word of no game (``pato``: a duck, not the
    cat; see ``NOT_GAME_WORDS``) gets no suggestion, rather than a card of another value.
    """
    if not isinstance(value, str) or not value.strip() or len(value) > LONGEST:
        return None
    typed = fold(value) or value.strip().casefold()
    if typed in NOT_GAME_WORDS:
        return None
    own, other = list(words), list(spanish)
    exact = next((word for word in (*own, *other) if fold(word) == typed), None)
    if exact is not None:  # a word of either language as written (in another form than the one refused)
        return exact
    if spanish_first(value):
        own, other = other, own
    first, second = _nearest(typed, own), _nearest(typed, other)
    if first is None or second is None:
        return (first or second or (None, 0.0))[0]
    return first[0] if first[1] >= second[1] else second[0]  # the closer; the first language on a tie


def spanish_first(value: str) -> bool:
    """Whether Spanish words are offered first: the run is in Spanish, or the value has Spanish letters."""
    return language() == "es" or any(ch in SPANISH_LETTERS for ch in value.casefold())


SPANISH_LETTERS = frozenset("ñáéíóúü¿¡")
# Animals and things players may name that no game has: each close to a card of another value (pato/gato,
# toro/oro, pollo/gallo…), so a suggestion would offer the wrong card. Folded.
NOT_GAME_WORDS = frozenset(
    "pato pollo conejo toro buey mula raton lobo zorro pavo paloma duck chicken rabbit bull ox mule mouse".split()
)


def _nearest(typed: str, words: Iterable[str]) -> tuple[str, float] | None:
    """The word of ``words`` closest to ``typed`` (folded) and how close (difflib's ratio), if any is close."""
    from difflib import SequenceMatcher, get_close_matches

    known: dict[str, str] = {}
    for word in words:
        known.setdefault(fold(word) or word.casefold(), word)
    found = get_close_matches(typed, list(known), n=1)
    return (known[found[0]], SequenceMatcher(None, typed, found[0]).ratio()) if found else None


def hint(value: Any, words: Iterable[str], spanish: Iterable[str] = ()) -> str:
    """``' (did you mean "cow-trade"?)'`` for a value close to one of ``words`` or ``spanish``, else ``''``."""
    word = closest(value, words, spanish)
    return _(' (did you mean "{word}"?)').format(word=word) if word is not None else ""
