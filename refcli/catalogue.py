"""The citation catalogue: rule clauses quoted from the documents.

``data/rules/<game>.toml`` holds one ``[[clause]]`` per rule refcli applies
(stable id, source document, section, a short verbatim quote, an English
summary, ``interpretation = true`` for rulings-register entries, ``garbled =
true`` for a quote whose Spanish is too mangled to stand alone). Engines
return clause ids; this module turns them into citations for the report.

Languages: the quotes are the rulebooks' Spanish and never change. The
summaries, and a register entry's text and section (``source =
"register"``: refcli's own words, in English in the file), are messages of
the catalogue (``refcli.translations`` extracts them) and are cited in the
current language. Spanish text prints a quote alone, with its summary only
where the quote is garbled; a register entry always shows both
(:func:`summary_shown`). Topics are English ids, and their Spanish names
(``SPANISH_TOPICS``) find them too.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import refcli
from refcli.i18n import _, language
from refcli.plain import Record, record


def data_dir() -> Path:
    """``refcli/data`` in an installed wheel; ``data/`` in a source checkout."""
    package = Path(refcli.__file__).resolve().parent
    installed = package / "data"
    return installed if installed.is_dir() else package.parent / "data"


REGISTER = "register"  # the source of refcli's own rulings: their words are refcli's, and translated
RULEBOOK_LANGUAGE = "es"  # the language of every quote: text in it needs no summary beside one


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


def summary_shown(citation: dict[str, Any]) -> str:
    """The summary text prints under a citation's quote: always, except in the rulebooks' own language.

    In Spanish a quote is the rulebook's word and stands alone; a register entry (refcli's words,
    translated) keeps its summary, and so does a quote marked ``garbled``, whose Spanish misleads.
    """
    summary = str(citation.get("summary") or "")
    if not summary or language() != RULEBOOK_LANGUAGE:
        return summary
    if citation.get("source") == REGISTER or citation.get("interpretation"):
        return summary
    return summary if is_garbled(citation) else ""


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

        if words_given > MAX_QUERY_WORDS:  # (more than the most: always a plural)
            message = _("a rules query is at most {most} words; this one has {count:,}").format(
                most=MAX_QUERY_WORDS, count=words_given
            )
        else:
            message = _("a rules query is at most {most} characters; this one has {count:,}").format(
                most=MAX_QUERY_CHARACTERS, count=len(query)
            )
        raise UsageError(message)


# Every topic of data/rules/*.toml by its Spanish names, the first the one Spanish text lists (a
# test keeps this complete): the rulebooks' own words where they have one ("subasta",
# "intercambio de vacas", "huelga", "premio mayor", "sin cambio"). A name is matched whole,
# accents, case and punctuation aside ("Intercambio-de-vacas"), and is singular unless the
# rulebook's is plural ("dobles", "más huelgas"): a plural is a word search ("burros"). One name
# may stand for several topics (a game has only one of them). An ambiguous word names the topic
# players mean by it, or none: "objetivo" is both a Cup of Bluff target and the aim of the game
# (it names the target); in Money! "monedas" are currencies as often as coins (left to the word
# search).
SPANISH_TOPICS: dict[str, tuple[str, ...]] = {
    "accept": ("aceptar", "aceptación"),
    "after-roll": ("después de tirar", "cartas después de tirar"),
    "answer": ("respuesta", "responder"),
    "auction": ("subasta", "subastar"),
    "bamboozle": ("engaño", "engañar", "engañado"),
    "before-roll": ("antes de tirar", "cartas antes de tirar"),
    "bluff": ("farol", "fanfarronear", "farolear"),
    "bonus": ("bonificación", "bono", "carta de bonificación"),
    "call": ("llamar", "llamada", "gritar"),
    "cannot-pay": ("no puede pagar", "no poder pagar", "sin dinero"),
    "coins": ("cartas de moneda", "monedas chinas"),
    "components": ("componentes", "material"),
    "cow-trade": ("intercambio de vacas", "comercio de vacas"),
    "declare": ("declarar", "declaración"),
    "display": ("grupo de visualización", "visualización", "mercado"),
    "donkey": ("burro",),
    "double": ("doble",),
    "doubles": ("dobles", "dobles rodantes"),
    "edition1": ("primera edición", "edición 1"),
    "elimination": ("eliminación", "eliminado", "fuera del juego"),
    "empty-deck": ("pila agotada", "pila vacía", "mazo vacío", "sin cartas de animales"),
    "end": ("fin", "fin del juego", "final", "final de la partida"),
    "example": ("ejemplo",),
    "exception": ("excepción",),
    "exchange": ("intercambio", "intercambiar"),
    "final-round": ("ronda final", "última ronda"),
    "hand": ("mano",),
    "jackpot": ("premio mayor", "bote"),
    "keep": ("sin cambio", "quedarse la oferta"),
    "kids": ("niños", "reglas para niños", "reglas simplificadas"),
    "more-strikes": ("más huelgas", "más strikes"),
    "multi-game": ("varias partidas", "tres partidas", "puntuación acumulada"),
    "my-bad": ("mi mal",),
    "new-start": ("nuevo comienzo",),
    "no-change": ("ningún cambio", "sin cambio", "sin vuelto"),
    "no-limits": ("sin límites", "sin límite"),
    "objective": ("objeto del juego", "meta"),
    "offer": ("oferta", "puja"),
    "pairs": ("parejas", "pares"),
    "penalty": ("penalización", "resta"),
    "points": ("puntos", "valor de las fichas"),
    "ranking": ("valores de los dados", "valor de los dados", "orden de los dados"),
    "refill": ("reponer", "reposición"),
    "reveal": ("revelar", "levantar la taza"),
    "reverse": ("inversa", "reverso", "retroceso"),
    "revive": ("revivir",),
    "roll": ("tirar", "tirada", "tirar los dados"),
    "score-chip": ("anotar la ficha", "anotar ficha", "marcar ficha", "puntaje el chip"),
    "scoring": ("puntuación", "puntuar", "puntaje", "puntos"),
    "serial": ("número de serie", "serie"),
    "setup": ("preparación", "preparar", "preparativos"),
    "skip": ("saltar", "omitir"),
    "strike": ("huelga", "carta de strike"),
    "supply": ("pila de robo", "sin cartas de acción"),
    "swap": ("cambiar ofertas", "intercambiar ofertas"),
    "target": ("objetivo", "elegir un objetivo"),
    "tie": ("empate",),
    "tie-break": ("desempate",),
    "triplet": ("triplete", "trío"),
    "turn": ("turno",),
    "two-players": ("dos jugadores",),
    "up-down": ("arriba / abajo", "arriba abajo"),
    "value": ("valor", "valor de la oferta"),
    "variant": ("variante", "variaciones"),
    "winner": ("ganador",),
    "zero-cards": ("cartas de cero", "cartas de valor 0", "ceros"),
}


def topic_key(text: str) -> str:
    """A topic name as it is compared, as every typed word is (``refcli.gameinfo.fold``: "Intercambio de vacas"
    = "intercambio-de-vacas")."""
    from refcli.gameinfo import fold as fold_word  # loaded already with the game's declaration

    return fold_word(text)


@cache
def _topics_by_spanish_name() -> dict[str, frozenset[str]]:
    found: dict[str, frozenset[str]] = {}
    for topic, names in SPANISH_TOPICS.items():
        for name in names:
            key = topic_key(name)
            found[key] = found.get(key, frozenset()) | {topic}
    return found


def topics_named(query: str) -> frozenset[str]:
    """The topics ``query`` names in Spanish (none for anything else)."""
    return _topics_by_spanish_name().get(topic_key(query), frozenset())


def topic_name(topic: str) -> str:
    """A topic as text names it: its Spanish name in Spanish, else its id."""
    names = SPANISH_TOPICS.get(topic)
    return names[0] if names and language() == "es" else topic


@record
class Hit(Record):
    """A clause a query found; ``score`` is its rank weight for a word search, 0 for an id or topic."""

    clause: Clause
    score: float


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
        asked = {wanted, *topics_named(query)}  # an English topic or id prefix, or a topic's Spanish name

        def named(clause: Clause) -> bool:
            folded = clause.id.casefold()
            return any(folded.startswith(topic + ".") or topic in clause.topics for topic in asked)

        prefix = [c for c in self.clauses if named(c)]
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
        Clause(  # every field by position, in Clause's order: a record's quickest way in (refcli.plain)
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
