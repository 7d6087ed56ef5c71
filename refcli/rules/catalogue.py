"""The citation catalogue: rule clauses quoted from the documents.

``data/rules/<game>.toml`` holds one ``[[clause]]`` per rule refcli applies
(stable id, source document, section, a short verbatim quote, an English
summary, ``interpretation = true`` for rulings-register entries, ``garbled =
true`` for a quote whose Spanish is too mangled to stand alone). Engines
return clause ids; this module turns them into citations for the report.

Languages: the quotes are the rulebooks' Spanish and never change. The
summaries, and a register entry's text and section (``source =
"register"``: refcli's own words, in English in the file), are messages of
the catalogue (``refcli.language.catalogues`` extracts them) and are cited in the
current language. Spanish text prints a quote alone, with its summary only
where the quote is garbled; a register entry always shows both
(:func:`summary_shown`). Topics are English ids, and their Spanish names
(each game declares them: ``Game.topics``) find them too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import refcli
from refcli.language.folding import fold
from refcli.language.i18n import _, language
from refcli.model.frozen import Record, record
from refcli.rules.clause import REGISTER, Clause, Hit


def data_dir() -> Path:
    """``refcli/data`` in an installed wheel; ``data/`` in a source checkout."""
    package = Path(refcli.__file__).resolve().parent
    installed = package / "data"
    return installed if installed.is_dir() else package.parent / "data"


RULEBOOK_LANGUAGE = "es"  # the language of every quote: text in it needs no summary beside one


def summary_shown(citation: dict[str, Any]) -> str:
    """The summary text prints under a citation's quote: always, except in the rulebooks' own language.

    In Spanish a quote is the rulebook's word and stands alone; a register entry (refcli's words,
    translated) keeps its summary, and so does a quote marked ``garbled``, whose Spanish misleads.
    """
    summary = str(citation.get("summary") or "")
    if not summary or language() != quote_language(citation):
        return summary
    if citation.get("source") == REGISTER or citation.get("interpretation"):
        return summary
    return summary if is_garbled(citation) else ""


def quote_language(citation: dict[str, Any]) -> str:
    """The language the cited clause's source is written in: as its game declares it (``Game.sources``;
    an installed game's rulebook may be English), else the rulebooks' own."""
    game = citation.get("game")
    if not isinstance(game, str):
        return RULEBOOK_LANGUAGE
    from refcli.model import registry

    declared = registry.get(game)
    source = citation.get("source")
    found = next((s.language for s in declared.sources if s.id == source), None) if declared is not None else None
    return found or RULEBOOK_LANGUAGE


def is_garbled(citation: dict[str, Any]) -> bool:
    """Whether the catalogue marks the cited clause ``garbled`` (a citation without its game: no)."""
    game = citation.get("game")
    if not isinstance(game, str):
        return False
    try:
        return rules_for(game).get(str(citation.get("id"))).garbled
    except (LookupError, OSError):  # a game or clause refcli does not know: the quote stands alone
        return False


# The longest rules query: a question a person types is a dozen words (summaries
# run to 55 words, quotes to 72); twenty is more than that, and bounds the
# work of one search.
MAX_QUERY_WORDS = 20
MAX_QUERY_CHARACTERS = 200


def check_query(query: str) -> None:
    """A query longer than a person would type is a usage error (exit 2), not a slow search."""
    words_given = len(query.split())
    if words_given > MAX_QUERY_WORDS or len(query) > MAX_QUERY_CHARACTERS:
        from refcli.model.errors import UsageError

        if words_given > MAX_QUERY_WORDS:  # (more than the most: always a plural)
            message = _("a rules query is at most {most} words; this one has {count:,}").format(
                most=MAX_QUERY_WORDS, count=words_given
            )
        else:
            message = _("a rules query is at most {most} characters; this one has {count:,}").format(
                most=MAX_QUERY_CHARACTERS, count=len(query)
            )
        raise UsageError(message)


def topic_key(text: str) -> str:
    """A topic name as it is compared, as every typed word is (``refcli.language.folding.fold``: "Intercambio de vacas"
    = "intercambio-de-vacas")."""
    return fold(text)


def spanish_topics(game: str) -> Mapping[str, tuple[str, ...]]:
    """The Spanish names of ``game``'s topics, by topic, as its declaration gives them (``Game.topics``).

    The rulebook's own words where it has one ("subasta", "intercambio de vacas", "huelga", "premio
    mayor"), the first the one Spanish text lists. A name is matched whole, accents, case and
    punctuation aside ("Intercambio-de-vacas"): a plural that is not the rulebook's is a word search
    ("burros"). A game refcli does not know has none.
    """
    from refcli.model import registry

    declared = registry.get(game)
    return declared.topics if declared is not None else {}


@cache
def _topics_by_spanish_name(game: str) -> dict[str, frozenset[str]]:
    found: dict[str, frozenset[str]] = {}
    for topic, names in spanish_topics(game).items():
        for name in names:
            key = topic_key(name)
            found[key] = found.get(key, frozenset()) | {topic}
    return found


def topics_named(query: str, game: str) -> frozenset[str]:
    """The topics of ``game`` that ``query`` names in Spanish (none for anything else)."""
    return _topics_by_spanish_name(game).get(topic_key(query), frozenset())


def topic_name(topic: str, game: str) -> str:
    """A topic of ``game`` as text names it: its Spanish name in Spanish, else its id."""
    names = spanish_topics(game).get(topic)
    return names[0] if names and language() == "es" else topic


@record
class Found(Record):
    """What a query found in one game, and how: "all" (no query), "id", "topic" or "words" (ranked)."""

    game: str
    how: str
    hits: tuple[Hit, ...]

    @property
    def ranked(self) -> bool:
        return self.how == "words"


@record
class GameRules(Record):
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
        """A clause id; an id prefix or topic (``donkey``, or its Spanish name ``burro``); else words, ranked best first.

        No query lists every clause. Words are matched by their Spanish and
        English stems, question and stop words ignored (``refcli.rules.search``).
        """
        query = query.strip()
        check_query(query)
        if not query:
            return self._found("all", self.clauses)
        wanted = query.casefold()
        exact = [c for c in self.clauses if c.id.casefold() == wanted]
        if exact:
            return self._found("id", exact)
        asked = {wanted, *topics_named(query, self.game)}  # an English topic or id prefix, or a topic's Spanish name

        def named(clause: Clause) -> bool:
            folded = clause.id.casefold()
            return any(folded.startswith(topic + ".") or topic in clause.topics for topic in asked)

        prefix = [c for c in self.clauses if named(c)]
        if prefix:
            return self._found("topic", prefix)
        from refcli.rules.search import rank  # the stemmers load only for a word search

        return Found(self.game, "words", tuple(Hit(c, score) for c, score in rank(self.clauses, query, self.game)))

    def search(self, query: str) -> list[Clause]:
        """The clauses ``find`` finds, best first."""
        return [hit.clause for hit in self.find(query).hits]

    def _found(self, how: str, clauses: Iterable[Clause]) -> Found:
        return Found(self.game, how, tuple(Hit(clause, 0.0) for clause in clauses))


def game_data_dir(game: str) -> Path:
    """Where a game's ``rules/`` and ``templates/`` are: refcli's data for a built-in game,
    the ``data`` folder of its own package for a game installed from elsewhere."""
    from refcli.model import registry

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
    from refcli.model import registry

    found = {source["id"]: source for source in load_data("sources")["source"]}
    for game in registry.built_in():
        for source in game.sources:
            found[source.id] = {**source._asdict(), "game": game.id}
    return found


@cache
def rules_for(game: str) -> GameRules:
    """The clause catalogue of one game (read once per process)."""
    from refcli.model import registry

    raw = load_data(game, "rules", None if registry.is_built_in(game) else game_data_dir(game))
    clauses = tuple(
        Clause(  # every field by position, in Clause's order: a record's quickest way in (refcli.model.frozen)
            entry["id"],
            entry["source"],
            entry["section"],
            " ".join(entry["text"].split()),  # text
            entry["summary"],
            bool(entry.get("interpretation", False)),
            tuple(entry.get("topics", ())),
            tuple(entry.get("rests_on", ())),
            bool(entry.get("garbled", False)),
        )
        for entry in raw["clause"]
    )
    return GameRules(game=game, clauses=clauses)
