"""Ranked search of rule clauses: the words players type, matched by their stems, best clause first.

A query is cut into words (punctuation dropped, accents optional), question
and stop words are left out, and every other word is reduced to its Spanish
and English stems (the Snowball stemmers of ``snowballstemmer``): the quotes
are Spanish, the summaries, ids and topics English, and players ask in
either. Two words match when they share a stem, so ``empates`` finds
``empate`` and ``tie`` finds ``ties`` but never ``tiene``. A short glossary
pairs Spanish and English game words (``empate`` and ``tie``), because the
rulebooks say "la misma cantidad" where a player says "empate", and the
summaries say "donkey" where the quotes say "burro": the words every game
shares here, each game's own things in its declaration (``Game.glossary``).

Clauses are ranked with BM25F (Robertson and Zaragoza, "The Probabilistic
Relevance Framework"): a word found in the id or topics counts more than one
in the summary, which counts more than one in the quote, rarer words count
more, and shorter fields more than long ones. Ties keep the catalogue's
order, so the ranking is deterministic.

This module is imported only by a word search: a clause id or topic, and
every other command, never load the stemmers (start-up is a feature).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import NamedTuple

from refcli.language.folding import fold
from refcli.language.forms import stems  # a folded word's Spanish and English stems; they match when they share one
from refcli.rules.clause import Clause, Hit

# Question words, articles, prepositions and the like, Spanish and English,
# accents removed: "¿quién gana el comercio de vacas?" searches gana, comercio, vacas.
STOP_WORDS = frozenset(
    """
    a al algo como con cual cuales cuando cuanto cuanta cuantos cuantas de del donde el ella ellos en entre es esta
    este esto hay la las le les lo los mas me mi mis o para pero por porque puede pueden que quien quienes se si sin
    sobre son su sus te tengo ti tu un una uno unos unas y ya yo
    about an and any are as at be by can could do does did for from has have how i if in into is it its me my of on
    or should so than that the their them then there this to was we what when where which who whom why will with
    would you your
    """.split()
)

# The English game words of Spanish ones players use, and back: the ids,
# topics and summaries are English, the quotes Spanish (and sometimes use
# other words: "la misma cantidad" for a tie). The words of any game; a
# game's own things are in its glossary (``Game.glossary``), which a search
# adds to these.
# Keys and values are folded (lower case, no accents). A key is matched by
# its stems, so plurals and verb forms need no entry (vacas, ganará).
GLOSSARY: dict[str, tuple[str, ...]] = {
    "empate": ("tie",),
    "desempate": ("tie-break", "tie"),
    "igual": ("tie", "equal"),
    "ganar": ("win", "winner"),
    "ganador": ("win", "winner"),
    "victoria": ("win", "winner"),
    "perder": ("lose",),
    "cambio": ("change", "exchange", "swap"),
    "farol": ("bluff",),
    "fanfarronear": ("bluff",),
    "mentira": ("bluff",),
    "punto": ("point", "score"),
    "puntuacion": ("score", "scoring"),
    "puntaje": ("score", "scoring"),
    "carta": ("card",),
    "tarjeta": ("card",),
    "jugador": ("player",),
    "turno": ("turn",),
    "fin": ("end",),
    "final": ("end", "final"),
    "terminar": ("end",),
    "preparacion": ("setup",),
    "preparar": ("setup",),
    "mano": ("hand",),
    "robar": ("draw",),
    "ronda": ("round",),
    # refcli's own words in its Spanish output, which the rulebooks do not use
    "divisa": ("currency",),
    "banca": ("bank",),
    "banco": ("bank",),
    "desafio": ("call", "challenge"),
}

# BM25F settings: each field's weight (id and topics over summary over quote)
# and length normalisation b (none for the id and topics: a few words each,
# whose lengths say nothing about how much a clause is about a word), and k1.
WEIGHTS = {"id": 3.0, "topics": 3.0, "summary": 1.5, "section": 1.2, "text": 1.0}
LENGTH_NORMALISATION = {"id": 0.0, "topics": 0.0, "summary": 0.5, "section": 0.5, "text": 0.5}
K1 = 1.2

_WORD = re.compile(r"[^\W_]+")


def words(text: str) -> list[str]:
    """The words of ``text``, folded; punctuation, hyphens and dots separate them."""
    return _WORD.findall(fold(text))


def glossaries(game: str | None = None) -> list[Mapping[str, tuple[str, ...]]]:
    """The shared words, every built-in game's (``Game.glossary``), and ``game``'s when it is installed.

    Every built-in game's words, whichever catalogue is searched: a player
    names one game's things while asking about another's ("dinero" in Kuhhandel).
    """
    from refcli.model import registry

    games = list(registry.built_in())
    if game is not None and not registry.is_built_in(game):
        games += [found for found in (registry.get(game),) if found is not None]
    return [GLOSSARY, *(declared.glossary for declared in games)]


@cache
def _glossary(game: str | None = None) -> dict[str, frozenset[str]]:
    """The glossary both ways, by stem: a Spanish word's stem → its English words' stems, and back."""
    found: dict[str, frozenset[str]] = {}
    for pairs in glossaries(game):
        for spanish, english in pairs.items():
            spanish_stems = stems(spanish)
            for phrase in english:
                english_stems = frozenset(stem for part in words(phrase) for stem in stems(part))
                for stem in spanish_stems:
                    found[stem] = found.get(stem, frozenset()) | english_stems
                for stem in english_stems:
                    found[stem] = found.get(stem, frozenset()) | spanish_stems
    return found


class Term(NamedTuple):
    """One word of the query: the stems it matches (its own, and those of its glossary words)."""

    word: str
    stems: frozenset[str]
    prefixes: frozenset[str]  # the stems' first two letters

    def matches(self, word: str) -> bool:
        # A stem keeps the first two letters of its word (Snowball removes
        # endings only), so most words are rejected without being stemmed.
        return word[:2] in self.prefixes and not stems(word).isdisjoint(self.stems)


def terms(query: str, game: str | None = None) -> list[Term]:
    """The query's words that carry meaning, each once, in the order typed (``game``: whose glossary).

    Question and stop words are dropped, unless nothing else is left.
    """
    typed = words(query)
    meaningful = [word for word in typed if word not in STOP_WORDS] or typed
    found: dict[frozenset[str], Term] = {}
    for word in meaningful:
        matched = set(stems(word))
        for stem in stems(word):
            matched |= _glossary(game).get(stem, frozenset())
        key = frozenset(matched)
        found.setdefault(key, Term(word, key, frozenset(stem[:2] for stem in key)))
    return list(found.values())


def fields(clause: Clause) -> dict[str, Counter[str]]:
    """Each field's words and how often they occur."""
    return {
        "id": Counter(words(clause.id)),
        "topics": Counter(words(" ".join(clause.topics))),
        "summary": Counter(words(clause.summary)),
        "section": Counter(words(clause.section)),
        "text": Counter(words(clause.text)),
    }


def rank(clauses: Sequence[Clause], query: str, game: str | None = None) -> list[Hit]:
    """The clauses (of ``game``) matching at least one word of ``query``, best first (BM25F)."""
    wanted = terms(query, game)
    if not wanted or not clauses:
        return []
    indexed = [fields(clause) for clause in clauses]
    lengths = [{name: field.total() for name, field in clause_fields.items()} for clause_fields in indexed]
    average = {name: sum(length[name] for length in lengths) / len(lengths) or 1.0 for name in WEIGHTS}
    # Each term's matching words, found once over the catalogue's vocabulary (most are never stemmed).
    vocabulary = {word for clause_fields in indexed for field in clause_fields.values() for word in field}
    matching = [{word for word in vocabulary if term.matches(word)} for term in wanted]
    # How strongly each term occurs in each clause: weighted counts, longer fields discounted.
    strength: list[list[float]] = []
    for clause_fields, length in zip(indexed, lengths):
        row = []
        for found in matching:
            total = 0.0
            for name, weight in WEIGHTS.items():
                count = sum(n for word, n in clause_fields[name].items() if word in found)
                if count:
                    b = LENGTH_NORMALISATION[name]
                    total += weight * count / (1 - b + b * length[name] / average[name])
            row.append(total)
        strength.append(row)
    rarity = [_idf(sum(1 for row in strength if row[i] > 0), len(clauses)) for i in range(len(wanted))]
    hits = []
    for clause, row in zip(clauses, strength):
        score = sum(idf * tf * (K1 + 1) / (tf + K1) for idf, tf in zip(rarity, row) if tf)
        if score > 0:
            hits.append(Hit(clause, score))
    hits.sort(key=lambda hit: -hit.score)  # stable: equal scores keep the catalogue's order
    return hits


def _idf(found_in: int, clauses: int) -> float:
    return math.log(1 + (clauses - found_in + 0.5) / (found_in + 0.5))
