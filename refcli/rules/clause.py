"""One clause of a rule catalogue, and a clause a query found.

The records both the catalogue (``refcli.rules.catalogue``: reading
``data/rules/<game>.toml``, looking clauses up) and the word search
(``refcli.rules.search``: ranking them) work with, apart from either, so the
search needs nothing of the catalogue that calls it.
"""

from __future__ import annotations

from typing import Any

from refcli.language.i18n import _
from refcli.model.frozen import Record, record

REGISTER = "register"  # the source of refcli's own rulings: their words are refcli's, and translated


@record
class Clause(Record):
    id: str
    source: str
    section: str
    text: str
    summary: str
    interpretation: bool
    topics: tuple[str, ...]
    rests_on: tuple[str, ...]
    garbled: bool = False  # the quote's Spanish misleads (machine translation): Spanish text adds the summary

    @property
    def own_words(self) -> bool:
        """A register entry: its text and section are refcli's words (English in the file), not a quote."""
        return self.source == REGISTER

    def citation(self, game: str | None = None) -> dict[str, Any]:
        """The clause as it appears in JSON and TOML output; ``game`` first when given (every citation names it).

        The summary (and a register entry's section and text) in the current language; keys, ids and
        the quotes are the same in every language.
        """
        own = self.own_words
        return {
            **({"game": game} if game is not None else {}),
            "id": self.id,
            "source": self.source,
            "section": _(self.section) if own else self.section,
            "text": _(self.text) if own else self.text,
            "summary": _(self.summary),
            "interpretation": self.interpretation,
        }


@record
class Hit(Record):
    """A clause a query found; ``score`` is its rank weight for a word search, 0 for an id or topic."""

    clause: Clause
    score: float
