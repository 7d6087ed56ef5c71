"""The report side in Spanish: headings, tables, rule quotes, look-ups, validation, the library, workers.

The game packages' own words (statuses, verdicts, explanations) are other
parts of the catalogue; these tests check the words the shared modules
write, that quotes stand alone in Spanish (the rulebooks' own words), that
JSON keeps its keys and ids in every language, and that the language is an
argument of the library and reaches every worker process.
"""

from __future__ import annotations

import json
import multiprocessing
import pickle
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke

import refcli
from refcli import validating
from refcli.cli import batch
from refcli.language import catalogues as translations
from refcli.language import i18n
from refcli.model.errors import UsageError
from refcli.model.options import ValidateOptions
from refcli.output import render
from refcli.results.report import Quotes
from refcli.rules import catalogue

RULEBOOK = str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")
BROKEN = str(EXAMPLES / "kuhhandel" / "record-broken.toml")
RECORD = str(EXAMPLES / "kuhhandel" / "record-edition2.toml")
BIDS = str(EXAMPLES / "money" / "bids-spec.toml")

# The files this part of the catalogue covers (refcli/locale/es/parts/report.po).
REPORT_SIDE = [
    f"refcli/{name}.py"
    for name in (
        "__init__ api batch catalogue records render report rulings search lookup tables validation verdict "
        "workers plain output_schemas"
    ).split()
]


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    """Each test leaves the language as it found it (the CLI's --lang sets it for the process)."""
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.fixture
def also_translated(monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, str]], None]:
    """Spanish with some messages added: a register entry's words belong to another part of the catalogue."""

    def extend(extra: dict[str, str]) -> None:
        spanish = i18n.catalogue("es")  # read once per process: the entries are added to it for this test
        for msgid, msgstr in extra.items():
            monkeypatch.setitem(spanish, msgid, msgstr)

    return extend


def keys(value: Any, path: str = "") -> set[str]:
    """Every key path of a JSON document (list items by position)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= {f"{path}.{key}"} | keys(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found |= keys(item, f"{path}[{index}]")
    return found


# ---------------------------------------------------------------- a score, as a person reads it


def test_a_score_in_spanish_has_spanish_headings_and_quotes_alone(invoke: Invoke) -> None:
    result = invoke(["--lang", "es", "kuhhandel", "score", RULEBOOK])
    assert result.exit_code == 0
    text = result.stdout
    lines = text.splitlines()
    assert "Puesto  Jugador  Puntuación  Cómo se suma" in lines
    assert "Ganador: Cid" in lines
    assert "Reglas aplicadas" in lines
    for english in ("Rank", "Player", "Winner", "Rules applied", "How it adds up"):
        assert english not in text, english
    # The clause lines: the label and the rulebook's Spanish, and no English summary under it.
    assert "  [end.game-over] 000 · Fin del juego" in lines
    assert "“El dinero no vale nada.”" in text
    rules = catalogue.rules_for("kuhhandel")
    for clause_id in ("end.game-over", "score.money-worthless", "score.winner"):
        summary = rules.get(clause_id).summary
        assert " ".join(summary.split()[:4]) not in text, clause_id


def test_english_output_keeps_its_summaries(invoke: Invoke) -> None:
    text = invoke(["--lang", "en", "kuhhandel", "score", RULEBOOK]).stdout
    assert "Winner: Cid" in text and "Rules applied" in text and "Money left at the end scores nothing." in text
    assert text == invoke(["kuhhandel", "score", RULEBOOK]).stdout


def test_a_ruling_in_spanish(invoke: Invoke) -> None:
    text = invoke(["--lang", "es", "money", "ruling", BIDS]).stdout
    assert text.startswith("Dictamen de ¡Dinero!: pujas — ")  # the game's Spanish word for the kind
    assert "\nDecisión: " in text and "\nResultado\n" in text and "Hechos que se suponen:" in text
    assert "\nReglas aplicadas\n" in text and "interpretación (registro de dictámenes)" in text


def test_a_terminals_short_quotes_say_the_rest_in_spanish() -> None:
    blocks = list(refcli.score(RULEBOOK, lang="es").blocks)
    with i18n.using("es"):
        shown = render.plain_text(render.shown_blocks(blocks, short=True))
    assert "Reglas que lo decidieron" in shown
    assert "1 cláusula más aplicada (-v la cita): [score.example]" in shown


# ---------------------------------------------------------------- JSON keeps its keys


def test_spanish_json_has_the_english_keys_and_ids(invoke: Invoke) -> None:
    files = [str(path) for path in sorted(EXAMPLES.glob("*/*.toml"))]
    english = json.loads(invoke(["score", *files, "-f", "json"]).stdout)
    spanish = json.loads(invoke(["--lang", "es", "score", *files, "-f", "json"]).stdout)
    assert keys(spanish) == keys(english)
    scored = [game for game in english["games"] if "players" in game]
    assert scored, "some examples are final snapshots"
    for mine, theirs in zip(spanish["games"], english["games"]):
        assert mine.get("winners") == theirs.get("winners") and mine.get("file") == theirs.get("file")
        if "citations" in theirs:
            assert [c["id"] for c in mine["citations"]] == [c["id"] for c in theirs["citations"]]
            assert [c["text"] for c in mine["citations"] if c["source"] != "register"] == [
                c["text"] for c in theirs["citations"] if c["source"] != "register"
            ], "a quote is the rulebook's, in every language"


def test_spanish_json_of_rulings_and_validation_has_the_english_keys(invoke: Invoke) -> None:
    for args in (["ruling", BIDS], ["validate", BROKEN, RECORD], ["rules", "tie"], ["kuhhandel", "rules", "xyzzy"]):
        english = json.loads(invoke([*args, "-f", "json"]).stdout)
        spanish = json.loads(invoke(["--lang", "es", *args, "-f", "json"]).stdout)
        assert keys(spanish) == keys(english), args


# ---------------------------------------------------------------- summaries and register entries


def test_citations_carry_the_translated_summary_and_register_words(
    also_translated: Callable[[dict[str, str]], None],
) -> None:
    rules = catalogue.rules_for("kuhhandel")
    k3, quote = rules.get("K3"), rules.get("tie.reoffer")
    also_translated(
        {
            k3.text: "Empate en el intercambio de vacas: cada oferta vuelve a su dueño.",
            k3.summary: "Resumen de K3.",
            k3.section: "Registro de dictámenes",
            quote.summary: "Resumen de tie.reoffer.",
        }
    )
    with i18n.using("es"):
        register, rulebook = rules.cite(["K3", "tie.reoffer"])
    assert register == {
        "game": "kuhhandel",
        "id": "K3",
        "source": "register",
        "section": "Registro de dictámenes",
        "text": "Empate en el intercambio de vacas: cada oferta vuelve a su dueño.",
        "summary": "Resumen de K3.",
        "interpretation": True,
    }
    assert rulebook["text"] == quote.text and rulebook["section"] == quote.section  # the rulebook's words
    assert rulebook["summary"] == "Resumen de tie.reoffer."  # JSON carries the summary in every language
    assert rules.cite(["K3"])[0]["text"] == k3.text  # English again outside the block


def test_spanish_text_quotes_alone_and_shows_a_register_entry_translated(
    invoke: Invoke, also_translated: Callable[[dict[str, str]], None]
) -> None:
    rules = catalogue.rules_for("kuhhandel")
    k3, quote = rules.get("K3"), rules.get("tie.reoffer")
    also_translated({k3.text: "Texto de K3 en español.", k3.summary: "Resumen de K3.", quote.summary: "Resumen."})
    text = invoke(["--lang", "es", "kuhhandel", "rules", "empate"]).stdout
    lines = text.splitlines()
    assert lines[0] == "Kuhhandel: 5 cláusulas que coinciden con “empate”"
    assert "  [K3] interpretación (registro de dictámenes)" in lines
    assert "    Texto de K3 en español." in lines and "    Resumen de K3." in lines
    assert "Resumen." not in lines and "    “" + quote.text[:40] in text  # the quote, alone
    assert k3.text[:30] not in text


def test_a_garbled_quote_keeps_its_summary_in_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = catalogue.rules_for("cup-of-bluff")
    garbled = rules.get("score.exception")
    marked = rules._replace(clauses=tuple(c._replace(garbled=c is garbled) for c in rules.clauses))
    monkeypatch.setattr(catalogue, "rules_for", lambda game: marked if game == "cup-of-bluff" else rules)
    citations = rules.cite(["score.exception", "score.fooled"])
    block = [Quotes(tuple(citations))]
    with i18n.using("es"):
        spanish = render.plain_text(block)
    english = render.plain_text(block)
    flat = " ".join(spanish.split())
    assert " ".join(garbled.summary.split()) in flat  # the garbled quote's summary stays
    assert " ".join(rules.get("score.fooled").summary.split()) not in flat  # a clear quote stands alone
    assert spanish.startswith("\nReglas aplicadas") and english.startswith("\nRules applied")
    assert all(" ".join(c["summary"].split()) in " ".join(english.split()) for c in citations)


# ---------------------------------------------------------------- the rules look-up


def test_rules_empate_in_spanish_is_the_tie_topic(invoke: Invoke) -> None:
    spanish = json.loads(invoke(["--lang", "es", "kuhhandel", "rules", "empate", "-f", "json"]).stdout)
    english = json.loads(invoke(["kuhhandel", "rules", "tie", "-f", "json"]).stdout)
    assert [c["id"] for c in spanish["clauses"]] == [c["id"] for c in english["clauses"]]
    assert spanish["query"] == "empate" and spanish["matches"] == english["matches"] == 5


def test_nothing_found_in_spanish_offers_the_spanish_topic_names(invoke: Invoke) -> None:
    result = invoke(["--lang", "es", "kuhhandel", "rules", "xyzzy"])
    assert result.exit_code == 1
    said = " ".join(result.stdout.split())
    assert "Ninguna cláusula de Kuhhandel coincide con “xyzzy”." in said
    assert "Prueba un tema: " in said and "burro" in said and "empate" in said and "intercambio de vacas" in said
    doc = json.loads(invoke(["--lang", "es", "kuhhandel", "rules", "xyzzy", "-f", "json"]).stdout)
    assert "donkey" in doc["topics"]["kuhhandel"]  # JSON keeps the ids
    for name in ("burro", "empate", "intercambio de vacas"):  # each name it offers finds its topic
        assert invoke(["--lang", "es", "kuhhandel", "rules", name]).exit_code == 0


def test_a_word_search_heading_in_spanish(invoke: Invoke) -> None:
    text = invoke(["--lang", "es", "kuhhandel", "rules", "empates"]).stdout
    assert text.startswith("Kuhhandel: las 5 mejores de 6 cláusulas que coinciden con “empates”")
    assert "Hay 1 cláusula más con menos coincidencias: --all las muestra todas." in text


# ---------------------------------------------------------------- validation and batches


def test_validation_text_in_spanish(invoke: Invoke) -> None:
    result = invoke(["--lang", "es", "validate", BROKEN, RECORD])
    text = " ".join(result.stdout.split())  # long paths wrap
    assert result.exit_code == 1
    assert "record-broken.toml: 3 errores" in text
    assert "record-broken.toml:69: jugada 7: error [no-change.001]: " in text
    assert ": partida: error [score.multiply]: " in text
    assert "record-edition2.toml: sigue las reglas (67 jugadas)" in text
    assert "2 archivos validados: válidos 1, no válidos 1, ilegibles 0" in text and " Reglas citadas " in text


def test_progress_in_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    clock = iter([0.0, 1.5, 3.0])
    monkeypatch.setattr(batch.time, "monotonic", lambda: next(clock))
    terminal = Terminal()
    monkeypatch.setattr(batch.sys, "stderr", terminal)
    with i18n.using("es"):
        progress = batch.Progress(total=4)
        progress.step()
        progress.step()
    assert "2/4 partidas" in terminal.getvalue()


def _texts(jobs: int) -> list[str]:
    tasks = [validating.PathTask(path) for path in (BROKEN, RECORD, str(EXAMPLES / "money" / "no-such-file.toml"))]
    with i18n.using("es"):
        run = batch.run(tasks, validating.validate_path, None, ValidateOptions(), jobs, "text")
        try:
            return [" ".join(str(payload).split()) for payload, *_rest in run]  # long paths wrap
        finally:
            run.close()


def test_workers_write_in_the_runs_language_even_when_spawned(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spawned worker is a fresh interpreter: it never saw --lang, so the language travels with the tasks."""
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    monkeypatch.delenv("REFCLI_LANG", raising=False)
    monkeypatch.setenv("LC_ALL", "C")  # what a spawned worker would fall back on: English
    spawned = _texts(jobs=2)
    assert spawned == _texts(jobs=1)
    assert "jugada 7: error [no-change.001]" in spawned[0]
    assert "sigue las reglas (67 jugadas)" in spawned[1]
    assert "sin validar" in spawned[2]


def test_validate_with_jobs_in_spanish(invoke: Invoke) -> None:
    single = invoke(["--lang", "es", "validate", BROKEN, RECORD])
    double = invoke(["--lang", "es", "validate", "--jobs", "2", BROKEN, RECORD])
    assert double.stdout == single.stdout and "sigue las reglas" in double.stdout


# ---------------------------------------------------------------- the library


def test_the_library_takes_the_language_as_an_argument() -> None:
    i18n.set_language("en")
    spanish = refcli.score(RULEBOOK, lang="es")
    assert i18n.language() == "en", "lang is an argument, not state"
    assert spanish.language == "es" and "Ganador: Cid" in spanish.text() and "Reglas aplicadas" in spanish.text()
    english = refcli.score(RULEBOOK)
    assert english.language == "en" and "Winner: Cid" in english.text()
    assert spanish.to_dict().keys() == english.to_dict().keys()
    restored = pickle.loads(pickle.dumps(spanish))
    assert restored == spanish and restored.language == "es"
    with i18n.using("es"):
        assert "Winner: Cid" in refcli.score(RULEBOOK, lang="en").text()
        assert refcli.score(RULEBOOK).language == "es"  # None: the current language


def test_rule_validate_and_game_take_the_language_too() -> None:
    i18n.set_language("en")
    assert "Decisión: " in refcli.rule(BIDS, lang="es").text()
    assert "Decision: " in refcli.rule(BIDS).text()
    checked = refcli.validate(BROKEN, lang="es")
    assert "jugada 7" in checked.text() and "event 7" in refcli.validate(BROKEN).text()
    free_text = {key: checked.to_dict()[key] for key in ("findings", "skipped")}
    assert checked.to_dict() == {**refcli.validate(BROKEN).to_dict(), **free_text}
    assert "Ganador: Cid" in refcli.game("kuhhandel").score(RULEBOOK, lang="es").text()
    missing = refcli.validate(str(EXAMPLES / "no-such-file.toml"), lang="es")
    assert "sin validar" in missing.text()


def test_an_unknown_language_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="no language 'fr'"):
        refcli.score(RULEBOOK, lang="fr")
    with i18n.using("es"), pytest.raises(UsageError, match="no existe el juego 'ajedrez'"):
        refcli.game("ajedrez")


def test_every_message_of_the_report_side_is_translated(capsys: pytest.CaptureFixture[str]) -> None:
    assert translations.main(["missing", *REPORT_SIDE]) == 0, capsys.readouterr().out


def test_the_spanish_catalogue_is_what_a_checkout_reads() -> None:
    assert i18n.po_file("es") == Path(i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "refcli.po")
    assert i18n.po_file("es").is_file()


def test_csv_keeps_its_english_columns_and_values(invoke: Invoke) -> None:
    english = invoke(["score", RULEBOOK, "-f", "csv"]).stdout.splitlines()
    spanish = invoke(["--lang", "es", "score", RULEBOOK, "-f", "csv"]).stdout.splitlines()
    assert spanish[0] == english[0] == "row,game,file,player,rank,score,winner,over,explanation,error"
    assert [line.split(",")[:8] for line in spanish] == [line.split(",")[:8] for line in english]
    findings = invoke(["--lang", "es", "validate", BROKEN, "-f", "csv"]).stdout.splitlines()
    assert findings[0] == "file,game,valid,line,event,severity,rule,message" and ",error,no-change.001," in findings[1]


def test_one_players_score_says_what_is_unchecked_in_spanish() -> None:
    from refcli.results.report import alone

    with i18n.using("es"):
        given = alone(["Ana"], 3, True, ["si la partida ha terminado"])
        assert given is not None
        assert given.status == "Solo se dan los datos de Ana (--partial): se puntúan tal como están."
        assert given.note == (
            "Sin comprobar, porque hace falta saber lo que tienen los demás jugadores: "
            "la clasificación y quién gana; si la partida ha terminado."
        )
        two = alone(["Ana", "Ben"], 3, True, [])
        assert two is not None and two.status.startswith("Solo se dan los datos de Ana y Ben ")
    assert alone(["Ana", "Ben"], 3, True, []).status.startswith("Only Ana and Ben's holdings")  # type: ignore[union-attr]


def test_a_language_refcli_lacks_in_refcli_lang_leaves_the_choice_to_the_locale() -> None:
    assert i18n.from_environment({"REFCLI_LANG": "fr", "LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.from_environment({"REFCLI_LANG": "en", "LANG": "es_ES.UTF-8"}) == "en"
    assert i18n.from_environment({"REFCLI_LANG": "fr"}) == "en"
    assert i18n.from_environment({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "en"  # the first one set decides
