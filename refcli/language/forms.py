"""Other forms of a known word: plurals and inflections, matched by their Snowball stems.

A person types ``cerdos`` where a file's vocabulary knows ``cerdo``, ``dólares``
for ``dólar``, ``Dobles`` for ``doble``, ``cats`` for ``cat``. When a folded word
(``refcli.language.folding``) is not one of the words of a vocabulary, it is
looked up by its forms: the word itself and its Spanish and English stems (the
Snowball project's stemmers, ``snowballstemmer``, the ones the rules search
uses), each matched against the same forms of the known words. A form two known
words of different meanings share is no one's (``meaning`` says None rather
than guess), so a stem never turns one card into another.

A phrase is matched word by word, its articles and prepositions left out:
``cambio de ofertas`` and ``cambios de oferta`` are one phrase.

Only a word that is not known as typed comes here, so a command whose input
holds only known words never loads the stemmers (start-up is a feature).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from collections.abc import Callable, Mapping
from functools import cache

from refcli.language.folding import fold

# Left out of a phrase's forms: "fin de la partida" is "fin partida". Folded.
LINKING_WORDS = frozenset("a al de del el en la las los of the to un una".split())
_AMBIGUOUS = object()


@cache
def stemmers() -> tuple[Callable[[str], str], ...]:
    """The Spanish and English Snowball stemmers' functions (imported on the first call)."""
    package = _snowball()
    spanish = importlib.import_module(f"{package}.spanish_stemmer").SpanishStemmer()
    english = importlib.import_module(f"{package}.english_stemmer").EnglishStemmer()
    return (spanish.stemWord, english.stemWord)


_SNOWBALL = "refcli._snowball"  # snowballstemmer's folder under a private name: its modules without its __init__


def _snowball() -> str:
    """The package the two stemmers are imported from: ``snowballstemmer``'s own modules, only those two.

    ``import snowballstemmer.spanish_stemmer`` would first run the package's ``__init__``, which imports the
    code of every one of its 30-odd languages. A package of another name whose path is snowballstemmer's
    folder loads the two languages' modules (and the two helpers they import) and nothing else, and leaves
    ``snowballstemmer`` itself untouched for anyone else.
    """
    if _SNOWBALL not in sys.modules:
        spec = importlib.util.find_spec("snowballstemmer")  # found, not run
        if spec is None or not spec.submodule_search_locations:
            return "snowballstemmer"
        package = types.ModuleType(_SNOWBALL)
        package.__path__ = list(spec.submodule_search_locations)
        sys.modules[_SNOWBALL] = package
    return _SNOWBALL


@cache
def stems(word: str) -> frozenset[str]:
    """A folded word's Spanish and English stems (``cerdos`` → cerd, cerdo): two words match when they share one.

    The rule catalogues' words come stemmed with the wheel (``refcli.rules.stems``); only another word loads the
    stemmers.
    """
    known = _compiled_stems().get(word)
    return frozenset(known if known is not None else stemmed(word))


def stemmed(word: str) -> tuple[str, ...]:
    """``word``'s stems by the stemmers themselves: Spanish, then English."""
    return tuple(stem(word) for stem in stemmers())


@cache
def _compiled_stems() -> dict[str, tuple[str, ...]]:
    """The stems the wheel carries (``refcli._compiled.stems``); none in a source checkout."""
    try:
        table: dict[str, tuple[str, ...]] = importlib.import_module("refcli._compiled.stems").STEMS
    except ImportError:
        return {}
    return table


def forms(word: str) -> frozenset[str]:
    """Every form ``word`` is matched by: the folded phrase and each of its words' stems, word by word.

    ``"Dólares"`` → dolares, dolar; ``"cambio de ofertas"`` → cambio-de-ofertas, cambi ofert, cambio oferta…
    """
    folded = fold(word)
    if not folded:
        return frozenset()
    parts = [part for part in folded.split("-") if part not in LINKING_WORDS] or folded.split("-")
    found = {folded}
    for stemmer in stemmers():
        found.add(" ".join(stemmer(part) for part in parts))
    found.add(" ".join(parts))
    return frozenset(found)


@cache
def _index(words: tuple[tuple[str, str], ...]) -> dict[str, object]:
    """Each form of the known words → its meaning, or ``_AMBIGUOUS`` when forms of two meanings meet."""
    index: dict[str, object] = {}
    for word, meaning in words:
        for form in forms(word):
            if index.setdefault(form, meaning) != meaning:
                index[form] = _AMBIGUOUS
    return index


def meaning(typed: str, words: Mapping[str, str]) -> str | None:
    """What ``typed`` means as another form of one of ``words`` (known word → its meaning), else None.

    The known words themselves are the caller's to look up first (folded); this is the slower way, for a
    word they do not hold: a plural, a verb's other form. None when no known word has a form of ``typed``,
    or when its forms are those of words of different meanings.
    """
    index = _index(tuple(words.items()))
    found = {index.get(form) for form in forms(typed)} - {None}
    if len(found) != 1:
        return None
    only = found.pop()
    return only if isinstance(only, str) else None
