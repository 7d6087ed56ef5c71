"""The citation catalogue: rule clauses quoted from the documents.

``data/rules/<game>.toml`` holds one ``[[clause]]`` per rule refcli applies
(stable id, source document, section, a short verbatim quote, an English
summary, ``interpretation = true`` for rulings-register entries). Engines
return clause ids; this module turns them into citations for the report.
"""

from __future__ import annotations

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

    def citation(self) -> dict[str, Any]:
        """The clause as it appears in JSON and TOML output."""
        return {
            "id": self.id,
            "source": self.source,
            "section": self.section,
            "text": self.text,
            "summary": self.summary,
            "interpretation": self.interpretation,
        }


# The longest rules query: every word must appear in a clause, so a few words
# find one (summaries run to 55 words, quotes to 72); twenty is more than a
# person types, and bounds the work of one search.
MAX_QUERY_WORDS = 20
MAX_QUERY_CHARACTERS = 200


def _fold(text: str) -> str:
    """Lower-case, accents removed: 'Subasta' and 'subasta' and 'súbasta' match."""
    import unicodedata  # only searches need it

    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


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

    def cite(self, clause_ids: list[str] | tuple[str, ...]) -> list[dict[str, Any]]:
        """Citations for ``clause_ids`` in the order given, each once."""
        seen: dict[str, None] = dict.fromkeys(clause_ids)
        return [self.get(clause_id).citation() for clause_id in seen]

    def search(self, query: str) -> list[Clause]:
        """A clause id, an id prefix or topic, or words that must all appear.

        A query longer than a person would type (MAX_QUERY_WORDS words,
        MAX_QUERY_CHARACTERS characters) is a usage error, not a slow search.
        """
        query = query.strip()
        if not query:
            return list(self.clauses)
        words_given = len(query.split())
        if words_given > MAX_QUERY_WORDS or len(query) > MAX_QUERY_CHARACTERS:
            from refcli.errors import UsageError

            raise UsageError(
                f"a rules query is at most {MAX_QUERY_WORDS} words and {MAX_QUERY_CHARACTERS} characters; "
                f"this one has {words_given:,} words and {len(query):,} characters"
            )
        exact = [c for c in self.clauses if c.id.casefold() == query.casefold()]
        if exact:
            return exact
        prefix = [
            c
            for c in self.clauses
            if c.id.casefold().startswith(query.casefold() + ".") or query.casefold() in c.topics
        ]
        if prefix:
            return prefix
        words = _fold(query).split()
        found = []
        for c in self.clauses:
            searched = _fold(" ".join((c.id, c.section, c.text, c.summary, " ".join(c.topics))))  # once per clause
            if all(word in searched for word in words):
                found.append(c)
        return found


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
