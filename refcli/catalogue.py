"""The citation catalogue: rule clauses quoted from the documents.

``data/rules/<game>.toml`` holds one ``[[clause]]`` per rule refcli applies
(stable id, source document, section, a short verbatim quote, an English
summary, ``interpretation = true`` for rulings-register entries). Engines
return clause ids; this module turns them into citations for the report.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import refcli


def data_dir() -> Path:
    """``refcli/data`` in an installed wheel; ``data/`` in a source checkout."""
    package = Path(refcli.__file__).resolve().parent
    installed = package / "data"
    return installed if installed.is_dir() else package.parent / "data"


class Clause(NamedTuple):
    id: str
    source: str
    section: str
    text: str
    summary: str
    interpretation: bool
    topics: tuple[str, ...]
    rests_on: tuple[str, ...]

    def citation(self, game: str | None = None) -> dict[str, Any]:
        """The clause as it appears in JSON and TOML output; ``game`` first when given (every citation names it)."""
        return {
            **({"game": game} if game is not None else {}),
            "id": self.id,
            "source": self.source,
            "section": self.section,
            "text": self.text,
            "summary": self.summary,
            "interpretation": self.interpretation,
        }


# The longest rules query: a question a person types is a dozen words (summaries
# run to 55 words, quotes to 72); twenty is more than that, and bounds the
# work of one search.
MAX_QUERY_WORDS = 20
MAX_QUERY_CHARACTERS = 200


def fold(text: str) -> str:
    """Lower-case, accents removed: 'Subasta' and 'subasta' and 'súbasta' match."""
    folded = text.casefold()
    if folded.isascii():
        return folded
    import unicodedata  # only searches need it

    decomposed = unicodedata.normalize("NFKD", folded)
    return "".join(ch for ch in decomposed if ch.isascii() or not unicodedata.combining(ch))


def check_query(query: str) -> None:
    """A query longer than a person would type is a usage error (exit 2), not a slow search."""
    words_given = len(query.split())
    if words_given > MAX_QUERY_WORDS or len(query) > MAX_QUERY_CHARACTERS:
        from refcli.errors import UsageError

        raise UsageError(
            f"a rules query is at most {MAX_QUERY_WORDS} words and {MAX_QUERY_CHARACTERS} characters; "
            f"this one has {words_given:,} words and {len(query):,} characters"
        )


class Hit(NamedTuple):
    """A clause a query found; ``score`` is its rank weight for a word search, 0 for an id or topic."""

    clause: Clause
    score: float


class Found(NamedTuple):
    """What a query found in one game, and how: "all" (no query), "id", "topic" or "words" (ranked)."""

    game: str
    how: str
    hits: tuple[Hit, ...]

    @property
    def ranked(self) -> bool:
        return self.how == "words"


class GameRules(NamedTuple):
    game: str
    clauses: tuple[Clause, ...]

    def get(self, clause_id: str) -> Clause:
        for clause in self.clauses:
            if clause.id == clause_id:
                return clause
        raise KeyError(clause_id)

    def ids(self) -> set[str]:
        return {clause.id for clause in self.clauses}

    def topics(self) -> list[str]:
        """This game's topics, alphabetical: what to try when nothing matches."""
        return sorted({topic for clause in self.clauses for topic in clause.topics})

    def cite(self, clause_ids: list[str] | tuple[str, ...]) -> list[dict[str, Any]]:
        """Citations for ``clause_ids`` in the order given, each once."""
        seen: dict[str, None] = dict.fromkeys(clause_ids)
        return [self.get(clause_id).citation(self.game) for clause_id in seen]

    def find(self, query: str) -> Found:
        """A clause id; an id prefix or topic (``donkey``); else words, ranked best first.

        No query lists every clause. Words are matched by their Spanish and
        English stems, question and stop words ignored (``refcli.search``).
        """
        query = query.strip()
        check_query(query)
        if not query:
            return self._found("all", self.clauses)
        wanted = query.casefold()
        exact = [c for c in self.clauses if c.id.casefold() == wanted]
        if exact:
            return self._found("id", exact)
        prefix = [c for c in self.clauses if c.id.casefold().startswith(wanted + ".") or wanted in c.topics]
        if prefix:
            return self._found("topic", prefix)
        from refcli.search import rank  # the stemmers load only for a word search

        return Found(self.game, "words", tuple(Hit(c, score) for c, score in rank(self.clauses, query)))

    def search(self, query: str) -> list[Clause]:
        """The clauses ``find`` finds, best first."""
        return [hit.clause for hit in self.find(query).hits]

    def _found(self, how: str, clauses: Iterable[Clause]) -> Found:
        return Found(self.game, how, tuple(Hit(clause, 0.0) for clause in clauses))


def game_data_dir(game: str) -> Path:
    """Where a game's ``rules/`` and ``templates/`` are: refcli's data for a built-in game,
    the ``data`` folder of its own package for a game installed from elsewhere."""
    from refcli import registry

    declared = None if registry.is_built_in(game) else registry.get(game)
    if declared is None:
        return data_dir()
    from importlib.resources import files

    return Path(str(files(declared.package) / "data"))


def load_data(name: str, folder: str = "", root: Path | None = None) -> dict[str, Any]:
    """A data file: compiled into the wheel (fast, see hatch_build.py), else its TOML source (a checkout).

    ``root`` is another data folder (an installed game's), read as TOML.
    """
    import importlib

    try:
        if root is not None:
            raise ImportError("not refcli's own data")
        compiled: dict[str, Any] = importlib.import_module(f"refcli._compiled.{name.replace('-', '_')}").DATA
        return compiled
    except ImportError:
        import tomllib

        with open((root or data_dir()) / folder / f"{name}.toml", "rb") as handle:
            return tomllib.load(handle)


@cache
def sources() -> dict[str, dict[str, Any]]:
    """Every rule document by id: each built-in game's (declared in its package) and the rulings register."""
    from refcli import registry

    found = {source["id"]: source for source in load_data("sources")["source"]}
    for game in registry.built_in():
        for source in game.sources:
            found[source.id] = {**source._asdict(), "game": game.id}
    return found


@cache
def rules_for(game: str) -> GameRules:
    """The clause catalogue of one game (read once per process)."""
    from refcli import registry

    raw = load_data(game, "rules", None if registry.is_built_in(game) else game_data_dir(game))
    clauses = tuple(
        Clause(
            id=entry["id"],
            source=entry["source"],
            section=entry["section"],
            text=" ".join(entry["text"].split()),
            summary=entry["summary"],
            interpretation=bool(entry.get("interpretation", False)),
            topics=tuple(entry.get("topics", ())),
            rests_on=tuple(entry.get("rests_on", ())),
        )
        for entry in raw["clause"]
    )
    return GameRules(game=game, clauses=clauses)
