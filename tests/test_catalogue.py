"""The citation catalogue: every id the engine can cite exists, quotes are verbatim."""

from __future__ import annotations

import tomllib

import pytest
from conftest import RULES_SOURCES

from refcli import catalogue, registry
from refcli.games.kuhhandel import clauses as kuhhandel_clauses
from refcli.games.kuhhandel.editions import DIFFERENCES


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
    for number in range(1, 9):  # SPEC.md's K1–K8
        clause = rules.get(f"K{number}")
        assert clause.interpretation and clause.source == "register"
    for clause in rules.clauses:
        assert clause.interpretation == (clause.source == "register"), clause.id
        assert clause.source in catalogue.sources(), clause.id


def test_sources_list_the_five_documents_with_their_games() -> None:
    sources = catalogue.sources()
    assert {key: value["game"] for key, value in sources.items() if key != "register"} == {
        "000": "kuhhandel",
        "001": "kuhhandel",
        "002": "bamboozled",
        "003": "money",
        "004": "cup-of-bluff",
    }
    for game in registry.GAMES.values():
        assert all(source in sources for source in game.sources)


def _collapse(text: str) -> str:
    return " ".join(text.split())


GAMES_WITH_RULES = sorted(path.stem for path in (catalogue.data_dir() / "rules").glob("*.toml"))


def test_every_registered_game_with_an_engine_has_a_catalogue() -> None:
    for game in registry.GAMES.values():
        if game.verbs:
            assert game.id in GAMES_WITH_RULES


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


@pytest.mark.skipif(not RULES_SOURCES.is_dir(), reason="the rulebooks (../shared/rules-sources) are not beside this checkout")
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
