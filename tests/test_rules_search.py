"""Rules look-up finds what players ask: ranked, stemmed in Spanish and English, per game or across games."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import Invoke

from refcli.language import forms
from refcli.model import registry
from refcli.rules import search
from refcli.rules.catalogue import rules_for
from refcli.rules.clause import Clause


def found(invoke: Invoke, *args: str, code: int = 0) -> dict:
    result = invoke([*args, "--format", "json"])
    assert result.exit_code == code, (args, result.stdout, result.stderr)
    return json.loads(result.stdout)


def ids(doc: dict) -> list[str]:
    return [clause["id"] for clause in doc["clauses"]]


def topics_of(game: str, clause_id: str) -> tuple[str, ...]:
    return rules_for(game).get(clause_id).topics


# ---------------------------------------------------------------- what players ask


@pytest.mark.parametrize("word", ["empates", "empatar", "EMPATES"])
def test_empate_finds_the_tie_clauses_first(invoke: Invoke, word: str) -> None:
    """The rulebooks never say "empate" ("la misma cantidad", "iguales"): the word still finds the tie rules."""
    doc = found(invoke, "kuhhandel", "rules", word)
    assert len(doc["clauses"]) == 5 < doc["matches"]
    assert all("tie" in topics_of("kuhhandel", clause_id) for clause_id in ids(doc)), ids(doc)


@pytest.mark.parametrize(
    ("spanish", "topic", "game"),
    [
        ("empate", "tie", "kuhhandel"),
        ("EMPATE", "tie", "kuhhandel"),
        ("burro", "donkey", "kuhhandel"),
        ("intercambio de vacas", "cow-trade", "kuhhandel"),
        ("Intercambio-de-Vacas", "cow-trade", "kuhhandel"),
        ("subasta", "auction", "kuhhandel"),
        ("huelga", "strike", "bamboozled"),
        ("premio mayor", "jackpot", "bamboozled"),
        ("anotar la ficha", "score-chip", "cup-of-bluff"),
        ("desempate", "tie-break", "money"),
        ("preparacion", "setup", "money"),  # accents optional
    ],
)
def test_a_topics_spanish_name_finds_what_the_topic_finds(invoke: Invoke, spanish: str, topic: str, game: str) -> None:
    """A topic is an English id (tie, donkey); its Spanish name is the same look-up: every clause, in order."""
    assert found(invoke, game, "rules", spanish) == {**found(invoke, game, "rules", topic), "query": spanish}


def test_a_spanish_topic_in_every_game_is_the_english_topic(invoke: Invoke) -> None:
    assert ids(found(invoke, "rules", "empate")) == ids(found(invoke, "rules", "tie"))


@pytest.mark.parametrize(
    "question",
    ["¿quién gana el comercio de vacas?", "quien gana el comercio de vacas", "¿Quién GANA el «comercio» de vacas?!"],
)
def test_a_spanish_question_finds_the_cow_trade_winner(invoke: Invoke, question: str) -> None:
    doc = found(invoke, "kuhhandel", "rules", question)
    assert ids(doc)[:2] == ["cow-trade.higher-wins", "cow-trade.higher-wins.001"]


def test_question_and_stop_words_and_punctuation_are_ignored() -> None:
    assert [term.word for term in search.terms("¿quién gana el comercio de vacas?")] == ["gana", "comercio", "vacas"]
    assert [term.word for term in search.terms("Who wins the cow-trade?")] == ["wins", "cow", "trade"]
    assert [term.word for term in search.terms("de")] == ["de"], "a query of stop words only still searches"


def test_an_english_question_finds_the_same_clauses(invoke: Invoke) -> None:
    doc = found(invoke, "kuhhandel", "rules", "who wins the cow trade?")
    assert ids(doc)[0] == "cow-trade.higher-wins"


def test_words_match_whole_stems_so_tie_never_matches_tiene() -> None:
    rules = rules_for("kuhhandel")
    with_tiene = [c for c in rules.clauses if "tiene" in c.text.split() and "tie" not in " ".join((c.id, c.summary))]
    assert with_tiene, "the catalogue quotes 'tiene' in a clause about something else"
    hits = [hit.clause for hit in search.rank(rules.clauses, "ties")]
    assert hits and not set(hits) & set(with_tiene)
    assert search.words("tiene") == ["tiene"] and not search.terms("tie")[0].matches("tiene")
    assert search.terms("tie")[0].matches("ties") and search.terms("empate")[0].matches("empataron")


def test_accents_are_optional(invoke: Invoke) -> None:
    assert ids(found(invoke, "kuhhandel", "rules", "puntuación final")) == ids(
        found(invoke, "kuhhandel", "rules", "puntuacion final")
    )


def test_the_id_and_topics_outrank_the_summary_which_outranks_the_quote() -> None:
    def clause(clause_id: str, topics: tuple[str, ...] = (), summary: str = "", text: str = "") -> Clause:
        return Clause(
            clause_id, "000", "Sección", text or "Otra cosa.", summary or "Something else.", False, topics, ()
        )

    clauses = [
        clause("in-quote", text="El burro se subasta."),
        clause("in-summary", summary="The donkey is auctioned."),
        clause("filler.one"),
        clause("in-topics", topics=("donkey",)),
        clause("filler.two"),
    ]
    for query in ("donkey", "burros"):  # the glossary pairs burro and donkey
        assert [hit.clause.id for hit in search.rank(clauses, query)] == ["in-topics", "in-summary", "in-quote"]


def test_rarer_words_count_more() -> None:
    rules = rules_for("kuhhandel")
    # "jugador" is in dozens of quotes, "gratis" in a few: the clauses with both rank above those with "jugador" alone
    hits = search.rank(rules.clauses, "jugador gratis")
    top = hits[0].clause
    assert "gratis" in top.text, top.id


def test_ranking_is_deterministic(invoke: Invoke) -> None:
    first = invoke(["rules", "dinero", "--all"]).stdout
    assert first == invoke(["rules", "dinero", "--all"]).stdout


# ---------------------------------------------------------------- how many, and exits


def test_all_shows_every_match(invoke: Invoke) -> None:
    best = found(invoke, "kuhhandel", "rules", "dinero")
    every = found(invoke, "kuhhandel", "rules", "dinero", "--all")
    assert best["matches"] == every["matches"] == len(every["clauses"]) > 5 == len(best["clauses"])
    assert ids(every)[:5] == ids(best)
    text = invoke(["kuhhandel", "rules", "dinero"]).stdout
    assert f"the best 5 of {best['matches']} clauses" in text
    assert f"{best['matches'] - 5} more clauses matched less well: --all shows every one." in text


def test_an_id_or_topic_still_gives_every_clause_it_names(invoke: Invoke) -> None:
    rules = rules_for("kuhhandel")
    assert ids(found(invoke, "kuhhandel", "rules", "K8")) == ["K8"]
    cow_trade = [c.id for c in rules.clauses if "cow-trade" in c.topics]
    assert len(cow_trade) > 5
    assert ids(found(invoke, "kuhhandel", "rules", "cow-trade")) == cow_trade  # not cut to five
    assert len(found(invoke, "kuhhandel", "rules")["clauses"]) == len(rules.clauses)


@pytest.mark.parametrize("game", [g for g in registry.built_in() if g.rules], ids=lambda g: g.id)
def test_no_match_exits_1_and_lists_that_games_topics(invoke: Invoke, game: object) -> None:
    game_id = game.id  # type: ignore[attr-defined]
    result = invoke([game_id, "rules", "xyzzy plugh"])
    assert result.exit_code == 1 and result.stderr == ""
    own = rules_for(game_id).topics()
    said = " ".join(result.stdout.split())
    assert "xyzzy plugh" in said and ", ".join(own) in said
    others = {t for g in registry.built_in() if g.id != game_id for t in rules_for(g.id).topics()} - set(own)
    assert not [t for t in others if f" {t}," in said or f" {t}." in said], "another game's topics"
    doc = found(invoke, game_id, "rules", "xyzzy plugh", code=1)
    assert doc["clauses"] == [] and doc["matches"] == 0 and doc["topics"] == {game_id: own}


def test_a_query_longer_than_a_person_types_is_a_usage_error(invoke: Invoke) -> None:
    result = invoke(["rules", " ".join(["vaca"] * 21)])
    assert result.exit_code == 2 and result.stderr.startswith("refcli: error: a rules query is at most 20 words")
    assert invoke(["kuhhandel", "rules", "v" * 201]).exit_code == 2


# ---------------------------------------------------------------- every game at once


def test_top_level_rules_searches_every_game_and_names_each_clauses_game(invoke: Invoke) -> None:
    doc = found(invoke, "rules", "empate", "--all")
    assert doc["games"] == [g.id for g in registry.built_in() if g.rules]
    games = {clause["game"] for clause in doc["clauses"]}
    assert {"kuhhandel", "money"} <= games
    for clause in doc["clauses"]:
        assert clause["id"] in rules_for(clause["game"]).ids()
    text = invoke(["rules", "empate", "--all"]).stdout
    for game in registry.built_in():
        if game.id in games:
            assert f"\n{game.title}\n" in text


def test_top_level_rules_quotes_each_game_under_its_name_once(invoke: Invoke) -> None:
    doc = found(invoke, "rules", "who wins a tie?")
    games = [clause["game"] for clause in doc["clauses"]]
    assert len(set(games)) >= 3, games  # K8, C4, M4: each game's own ruling on a tie
    text = invoke(["rules", "who wins a tie?"]).stdout
    titles = {game.id: game.title for game in registry.built_in()}
    for game in set(games):
        assert text.count(f"\n{titles[game]}\n") == 1, game
    first_seen = list(dict.fromkeys(games))
    assert sorted(first_seen, key=lambda game: text.index(f"\n{titles[game]}\n")) == first_seen


def test_top_level_rules_burro_finds_the_donkey(invoke: Invoke) -> None:
    doc = found(invoke, "rules", "burro")
    assert doc["clauses"] and all(c["game"] == "kuhhandel" for c in doc["clauses"])
    assert all("donkey" in topics_of("kuhhandel", c["id"]) for c in doc["clauses"])  # its Spanish name: the topic
    toml = invoke(["rules", "burro", "--format", "toml"])
    assert toml.exit_code == 0 and 'game = "kuhhandel"' in toml.stdout


def test_top_level_topic_gives_that_topic_in_every_game(invoke: Invoke) -> None:
    doc = found(invoke, "rules", "tie")
    assert {"kuhhandel", "cup-of-bluff", "money"} <= {c["game"] for c in doc["clauses"]}
    assert all("tie" in topics_of(c["game"], c["id"]) or c["id"].startswith("tie.") for c in doc["clauses"])


def test_top_level_no_match_lists_each_games_topics(invoke: Invoke) -> None:
    result = invoke(["rules", "xyzzy"])
    assert result.exit_code == 1
    said = " ".join(result.stdout.split())
    for game in registry.built_in():
        assert f"{game.title}: {', '.join(rules_for(game.id).topics())}." in said


# ---------------------------------------------------------------- help and start-up


@pytest.mark.parametrize("args", [["kuhhandel", "rules"], ["rules"]])
def test_help_teaches_the_search(invoke: Invoke, args: list[str]) -> None:
    text = " ".join(invoke([*args, "--help"]).stdout.split())
    where = " ".join(["refcli", *args])
    assert f"Examples: {where} empate" in text
    assert f'{where} "¿quién gana el comercio de vacas?"' in text
    assert "--all" in text and "Exits 1 when nothing matches" in text


def test_an_id_or_topic_loads_no_stemmer() -> None:
    probe = (
        "import sys; from refcli.cli.start import main\n"
        "sys.argv = ['refcli', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m.rpartition('.')[2] for m in sys.modules if m.endswith('_stemmer')), file=sys.stderr)"
    )
    for args, loaded in (
        (("kuhhandel", "rules", "K8"), "[]"),
        (("kuhhandel", "rules", "empate"), "[]"),  # a topic's Spanish name
        # a word search: the two languages' stemmers, never snowballstemmer's thirty others
        (("kuhhandel", "rules", "empates"), "['english_stemmer', 'spanish_stemmer']"),
    ):
        result = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True)
        assert result.stderr.strip() == loaded, args


STEM_PROBE = """
import os, sys, types
if os.environ.get("PROBE_COMPILED"):  # the stems as the wheel carries them (refcli._compiled.stems)
    compiled = types.ModuleType("refcli._compiled")
    compiled.__path__ = [os.environ["PROBE_COMPILED"]]
    sys.modules["refcli._compiled"] = compiled
from refcli.cli.start import main
sys.argv = ["refcli", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
sys.stdout.flush()
print(sorted(m.rpartition(".")[2] for m in sys.modules if m.endswith("_stemmer")), file=sys.stderr)
"""


def test_the_wheel_carries_the_catalogues_words_stemmed(tmp_path: Path) -> None:
    """A word search stems only its query's words the catalogues lack: none for most questions."""
    from refcli.rules.stems import module_text, rulebook_stems

    table = rulebook_stems()
    assert {"empate", "gana", "tie", "donkey", "burro", "subasta"} <= set(table)
    assert table["empate"] == forms.stemmed("empate") and len(table["empate"]) == 2
    installed = importlib.util.find_spec("refcli._compiled") is not None
    if installed:  # from a wheel: the table it carries
        assert importlib.import_module("refcli._compiled.stems").STEMS == table
    else:  # a checkout: the table the wheel would carry, beside the same search without it
        (tmp_path / "stems.py").write_text(module_text(), encoding="utf-8")
    with_table = {**os.environ, **({} if installed else {"PROBE_COMPILED": str(tmp_path)})}
    for query, loaded in (("¿quién gana un empate?", "[]"), ("empates", "['english_stemmer', 'spanish_stemmer']")):
        for lang in ("en", "es"):
            args = [sys.executable, "-c", STEM_PROBE, "--lang", lang, "rules", query]
            # run from elsewhere: `python -c` would otherwise import the checkout it is started in, not the install
            shipped = subprocess.run(args, capture_output=True, text=True, env=with_table, cwd=tmp_path)
            assert shipped.stderr.splitlines()[-1] == loaded, (query, shipped.stderr)
            assert shipped.returncode == 0 and "empate" in shipped.stdout
            if not installed:
                stemmed_now = subprocess.run(args, capture_output=True, text=True, env=os.environ, cwd=tmp_path)
                assert stemmed_now.stderr.splitlines()[-1] == "['english_stemmer', 'spanish_stemmer']"
                assert shipped.stdout == stemmed_now.stdout and stemmed_now.returncode == 0
