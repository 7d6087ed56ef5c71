"""The citation catalogue: every id the engine can cite exists, quotes are verbatim."""

from __future__ import annotations

import tomllib

import pytest
from conftest import RULES_SOURCES

from refcli.games.kuhhandel import clauses as kuhhandel_clauses
from refcli.games.kuhhandel.editions import DIFFERENCES
from refcli.model import registry
from refcli.rules import catalogue


def engine_ids(module: object) -> set[str]:
    return {value for name, value in vars(module).items() if name.isupper() and isinstance(value, str)}


def test_every_clause_the_kuhhandel_engine_cites_exists() -> None:
    ids = catalogue.rules_for("kuhhandel").ids()
    cited = engine_ids(kuhhandel_clauses)
    for _, _, _, first, second in DIFFERENCES:
        cited |= {*first, *second}
    assert cited, "the engine declares the clauses it cites"
    assert cited - ids == set()


def test_clause_ids_are_unique_and_rests_on_exists() -> None:
    with open(catalogue.data_dir() / "rules" / "kuhhandel.toml", "rb") as handle:
        raw = tomllib.load(handle)["clause"]
    ids = [entry["id"] for entry in raw]
    assert len(ids) == len(set(ids))
    for entry in raw:
        assert set(entry.get("rests_on", ())) <= set(ids), entry["id"]


def test_register_entries_are_interpretations_and_document_clauses_are_not() -> None:
    rules = catalogue.rules_for("kuhhandel")
    for number in range(1, 9):  # K1–K8, the register's first entries (docs/rulings-register.md)
        clause = rules.get(f"K{number}")
        assert clause.interpretation and clause.source == "register"
    for clause in rules.clauses:
        assert clause.interpretation == (clause.source == "register"), clause.id
        assert clause.source in catalogue.sources(), clause.id


def test_every_game_declares_the_documents_its_clauses_quote() -> None:
    """A clause's source is one of its own game's documents, or the register; no document goes unquoted."""
    sources = catalogue.sources()
    assert sources["register"]["game"] == "all"
    declared = [source.id for game in registry.built_in() for source in game.sources]
    assert len(declared) == len(set(declared)), "two games declare the same document id"
    for game in registry.built_in():
        own = {source.id for source in game.sources}
        assert own, f"{game.id} declares no rule document"
        quoted = {clause.source for clause in catalogue.rules_for(game.id).clauses}
        assert quoted <= own | {"register"}, (game.id, quoted - own)
        assert own <= quoted, f"{game.id} declares documents its catalogue never quotes: {own - quoted}"
        assert all(sources[source_id]["game"] == game.id for source_id in own)


def _collapse(text: str) -> str:
    return " ".join(text.split())


GAMES_WITH_RULES = sorted(path.stem for path in (catalogue.data_dir() / "rules").glob("*.toml"))


def test_the_catalogues_are_those_of_the_registered_games() -> None:
    """A game that declares rule queries has a catalogue, and no catalogue belongs to no game."""
    with_rules = sorted(game.id for game in registry.built_in() if game.rules)
    assert with_rules == GAMES_WITH_RULES
    assert all(game.rules for game in registry.built_in() if game.verbs)


@pytest.mark.parametrize("game", GAMES_WITH_RULES)
def test_catalogue_ids_unique_rests_on_exist_and_register_marked(game: str) -> None:
    with open(catalogue.data_dir() / "rules" / f"{game}.toml", "rb") as handle:
        raw = tomllib.load(handle)["clause"]
    ids = [entry["id"] for entry in raw]
    assert len(ids) == len(set(ids))
    for entry in raw:
        assert set(entry.get("rests_on", ())) <= set(ids), entry["id"]
        assert bool(entry.get("interpretation")) == (entry["source"] == "register"), entry["id"]
        assert entry["source"] in catalogue.sources(), entry["id"]


@pytest.mark.skipif(
    not RULES_SOURCES.is_dir(), reason="the rulebooks are not beside this checkout (conftest.RULES_SOURCES)"
)
@pytest.mark.parametrize("game", GAMES_WITH_RULES)
def test_quotes_are_verbatim_from_their_document(game: str) -> None:
    documents = {path.name[:3]: _collapse(path.read_text(encoding="utf-8")) for path in RULES_SOURCES.glob("0*.txt")}
    for clause in catalogue.rules_for(game).clauses:
        if clause.source == "register":
            continue
        assert _collapse(clause.text) in documents[clause.source], clause.id
        assert _collapse(clause.section) in documents[clause.source], clause.id


def test_search_finds_by_id_topic_and_words() -> None:
    rules = catalogue.rules_for("kuhhandel")
    assert [c.id for c in rules.search("K8")] == ["K8"]
    assert [c.id for c in rules.search("k8")] == ["K8"]
    assert {c.id for c in rules.search("donkey")} >= {"donkey.payouts", "donkey.interrupt"}
    assert "score.multiply" in {c.id for c in rules.search("sets completos")}
    assert "score.example" in {c.id for c in rules.search("2460")}
    assert rules.search("xyzzy") == []
    assert len(rules.search("")) == len(rules.clauses)


def test_find_says_how_it_found() -> None:
    rules = catalogue.rules_for("kuhhandel")
    assert rules.find("").how == "all" and rules.find("K8").how == "id" and rules.find("donkey").how == "topic"
    by_words = rules.find("burros")
    assert by_words.ranked and [hit.score for hit in by_words.hits] == sorted(
        (hit.score for hit in by_words.hits), reverse=True
    )
    assert rules.find("xyzzy").hits == ()


def test_each_game_has_its_own_topics() -> None:
    topics = {game: catalogue.rules_for(game).topics() for game in GAMES_WITH_RULES}
    assert "cow-trade" in topics["kuhhandel"] and "cow-trade" not in topics["money"]
    for game, listed in topics.items():
        assert listed == sorted(set(listed)) and listed, game


# The keys a [[clause]] may have; garbled marks a quote whose Spanish misleads.
CLAUSE_KEYS = {"id", "source", "section", "text", "summary", "topics", "interpretation", "rests_on", "garbled"}


@pytest.mark.parametrize("game", GAMES_WITH_RULES)
def test_clauses_have_only_known_keys_and_garbled_is_a_boolean_of_quotes(game: str) -> None:
    with open(catalogue.data_dir() / "rules" / f"{game}.toml", "rb") as handle:
        raw = tomllib.load(handle)["clause"]
    for entry in raw:
        assert set(entry) <= CLAUSE_KEYS, (entry["id"], set(entry) - CLAUSE_KEYS)
        assert isinstance(entry.get("garbled", False), bool), entry["id"]
        assert not (entry.get("garbled") and entry["source"] == "register"), f"{entry['id']}: refcli's own words"
        # The catalogue's msgids are these values as written: refcli translates them as it loads them.
        for key in ("summary", "text", "section") if entry["source"] == "register" else ("summary",):
            assert entry[key] == " ".join(entry[key].split()), (entry["id"], key)


def test_the_loader_reads_garbled(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = catalogue.load_data("cup-of-bluff", "rules")
    marked = {**raw, "clause": [{**entry, "garbled": entry["id"] == "score.exception"} for entry in raw["clause"]]}
    monkeypatch.setattr(catalogue, "load_data", lambda *args, **kwargs: marked)
    rules = catalogue.rules_for.__wrapped__("cup-of-bluff")  # type: ignore[attr-defined]
    assert [clause.id for clause in rules.clauses if clause.garbled] == ["score.exception"]
    assert "garbled" not in rules.get("score.exception").citation("cup-of-bluff")  # JSON is unchanged
    assert not catalogue.rules_for("kuhhandel").get("K3").garbled


@pytest.mark.parametrize("game", GAMES_WITH_RULES)
def test_every_topic_has_a_spanish_name_that_finds_it(game: str) -> None:
    rules = catalogue.rules_for(game)
    used = set(rules.topics())
    prefixes = {clause.id.split(".")[0] for clause in rules.clauses if "." in clause.id}
    named = catalogue.spanish_topics(game)
    assert used - set(named) == set(), "a topic without a Spanish name"
    assert set(named) - used - prefixes == set(), "a Spanish name for a topic no clause has, nor begins its id with"
    for topic, names in named.items():
        assert names, topic
        for name in names:
            assert topic in catalogue.topics_named(name, game), (topic, name)
            assert catalogue.topic_key(name) not in used, f"{name!r} is an English topic id already"
            assert rules.search(name), f"{name!r} finds nothing"


def test_a_topic_is_found_by_its_spanish_name() -> None:
    assert catalogue.topics_named("Intercambio-de-VACAS", "kuhhandel") == {"cow-trade"}
    assert catalogue.topics_named("preparacion", "money") == {"setup"}  # accents optional
    assert catalogue.topics_named("xyzzy", "money") == frozenset()
    assert catalogue.topics_named("sin cambio", "money") == {"keep"}  # one name, each game's own topic
    assert catalogue.topics_named("sin cambio", "kuhhandel") == {"no-change"}
    assert catalogue.topics_named("empate", "chess") == frozenset(), "a game refcli does not know names none"
    assert catalogue.rules_for("money").search("empate")[0].id.startswith("tie."), "a topic that begins clause ids"
