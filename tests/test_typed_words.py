"""What a Spanish (or English) speaker types, read as meant: the inputs of the Spanish review, section (e).

Plurals and synonyms wherever a word is read (files, KEY=VALUE items, prompts, ``animals``, ``rules``), the
rulebooks' and refcli's own situation names, ``--lang`` in every way people write it, and "did you mean"
in the input's language, never pointing to a card of another value.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import Invoke

import refcli.cli.prompts
from refcli.games.kuhhandel.components import ANIMALS, SYNONYMS, animal_id
from refcli.games.money.cards import currency_id, parse_card
from refcli.language import i18n
from refcli.language.suggestions import closest
from refcli.model import registry

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

KUHHANDEL_FINAL = """
game = "kuhhandel"
[[player]]
name = "Ana"
animals = { pig = 4, dog = 4, rooster = 4 }
[[player]]
name = "Ben"
animals = { horse = 4, cow = 4, goose = 4 }
[[player]]
name = "Cid"
animals = { cat = 4, sheep = 4, goat = 4, donkey = 4 }
"""


def kuhhandel_final(animal: str, typed: str) -> str:
    """The snapshot with ``animal`` written as ``typed``."""
    return KUHHANDEL_FINAL.replace(f" {animal} = 4", f' "{typed}" = 4')


# (typed, animal): the rulebook's plurals ("4 cerdos, 4 perros y 4 gallos", "4 vacas = 800"), Spain's and
# Latin America's other words, a spurious accent, English plurals
ANIMAL_WORDS = [
    ("cerdos", "pig"),
    ("vacas", "cow"),
    ("caballos", "horse"),
    ("gallos", "rooster"),
    ("gansos", "goose"),
    ("gatos", "cat"),
    ("perros", "dog"),
    ("ovejas", "sheep"),
    ("cabras", "goat"),
    ("burros", "donkey"),
    ("oca", "goose"),
    ("ocas", "goose"),
    ("asno", "donkey"),
    ("asnos", "donkey"),
    ("puerco", "pig"),
    ("puercos", "pig"),
    ("chancho", "pig"),
    ("cochino", "pig"),
    ("borrego", "sheep"),
    ("chivo", "goat"),
    ("gallina", "rooster"),
    ("Cerdo", "pig"),
    ("BURRO", "donkey"),
    ("VACAS", "cow"),
    ("cérdo", "pig"),
    ("gállo", "rooster"),
    ("cows", "cow"),
    ("horses", "horse"),
    ("geese", "goose"),
]


def score_json(invoke: Invoke, path: str, *more: str) -> dict[str, Any]:
    game = "money" if '"money"' in Path(path).read_text(encoding="utf-8") else "kuhhandel"
    result = invoke([game, "score", path, *more, "--format", "json"])
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


@pytest.mark.parametrize(("typed", "animal"), ANIMAL_WORDS)
def test_an_animal_is_read_in_the_plural_and_by_its_other_names(typed: str, animal: str) -> None:
    assert animal_id(typed) == animal


@pytest.mark.parametrize(("typed", "animal"), ANIMAL_WORDS)
def test_a_snapshot_takes_the_animals_as_the_rulebook_writes_them(
    invoke: Invoke, write: Any, typed: str, animal: str
) -> None:
    written = score_json(invoke, write(kuhhandel_final(animal, typed)))
    assert written["players"] == score_json(invoke, write(KUHHANDEL_FINAL, "ids.toml"))["players"]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    ("typed", "animal"), [("cerdos", "pig"), ("vacas", "cow"), ("oca", "goose"), ("asno", "donkey")]
)
def test_the_animals_command_takes_plurals_and_synonyms(invoke: Invoke, lang: str, typed: str, animal: str) -> None:
    result = invoke(["--lang", lang, "kuhhandel", "animals", typed, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["animal"] == animal


def test_an_item_and_a_prompt_take_the_plural(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    example = EXAMPLES / "kuhhandel" / "auction-spec.toml"
    by_file = invoke(["kuhhandel", "ruling", str(example), "--format", "json"])
    by_item = invoke(["kuhhandel", "ruling", str(example), "animal=caballos", "--format", "json"])
    assert by_item.exit_code == by_file.exit_code, by_item.output
    assert "takes the horse" in json.loads(by_item.stdout)["verdict"]
    monkeypatch.setattr(refcli.cli.prompts, "stdin_is_terminal", lambda: True)
    asked = invoke(["--lang", "es", "kuhhandel", "ruling"], input="subasta\nAna\nvacas\nBen 30, Cid 40\nn\n\n\n\n\n")
    assert "Ana" in asked.output and "se esperaba un animal" not in asked.output


# -- did you mean: the same language, never a card of another value ---------------------------------------------
@pytest.mark.parametrize(
    ("lang", "typed", "suggested"),
    [
        ("es", "perrro", "perro"),
        ("en", "perrro", "perro"),  # no English word is close: the Spanish one
        ("en", "dgo", "dog"),
        ("es", "gansso", "ganso"),
        ("es", "caballlo", "caballo"),
        ("es", "pato", None),  # a duck: no card, and not the cat (gato)
        ("es", "pollo", None),  # not the rooster's gallo by its letters
        ("en", "duck", None),
    ],
)
def test_did_you_mean_is_in_the_inputs_language_and_never_another_card(
    invoke: Invoke, write: Any, lang: str, typed: str, suggested: str | None
) -> None:
    path = write(kuhhandel_final("pig", typed))
    result = invoke(["--lang", lang, "kuhhandel", "score", path])
    assert result.exit_code == 65
    hint = re.search(r'(?:did you mean|querías decir) "([^"]+)"', result.output)
    assert (hint.group(1) if hint else None) == suggested, result.output


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    "typed", ["puerco", "oca", "asno", "borrego", "chivo", "cochino", "chancho", "gallina", "puercs"]
)
def test_a_synonym_is_no_typo_of_another_animal(lang: str, typed: str) -> None:
    # puerco (pig, 650) was offered perro (dog, 160), oca (goose) the English cat
    english = [animal.id for animal in ANIMALS]
    spanish = [*(animal.spanish for animal in ANIMALS), *SYNONYMS]
    with i18n.using(lang):
        near = closest(typed, english, spanish)
    assert near is not None and animal_id(near) == animal_id(typed.replace("puercs", "puerco"))


def test_between_two_as_close_the_runs_language_is_offered() -> None:
    with i18n.using("en"):
        assert closest("cta", ["cat"], ["cta-es"]) == "cat"
        assert closest("gat", ["cat"], ["gato"]) == "gato"  # closer: the word of the input's language
        assert closest("gatu", ["gata"], ["gato"]) == "gata"  # as close: the run's language
        assert closest("gatú", ["gata"], ["gato"]) == "gato"  # as close, but Spanish letters: the Spanish word
    with i18n.using("es"):
        assert closest("gatu", ["gata"], ["gato"]) == "gato"
        assert closest("xyzzy", ["cat"], ["gato"]) is None


# -- Money!: currencies in the singular or plural, with or without accents ---------------------------------------
@pytest.mark.parametrize(
    ("typed", "currency"),
    [
        ("dólar", "dollar"),
        ("dolar", "dollar"),
        ("Dólar", "dollar"),
        ("dólares", "dollar"),
        ("dolares", "dollar"),
        ("DÓLARES", "dollar"),
        ("dollars", "dollar"),
        ("euros", "euro"),
        ("yenes", "yen"),
        ("libras", "pound"),
        ("libra", "pound"),
        ("francos", "franc"),
        ("pesos", "peso"),
        ("coronas", "krone"),
        ("rublos", "rouble"),
        ("florines", "guilder"),
        ("zloty", "zloty"),  # any other currency stays free text
    ],
)
def test_a_currency_folds_to_one_name(typed: str, currency: str) -> None:
    assert currency_id(typed.casefold()) == currency
    assert parse_card(f"{typed} 30 #4").currency == currency


MONEY_FINAL = """
game = "money"
[[player]]
name = "Ana"
notes = {{ {ana} }}
[[player]]
name = "Ben"
notes = {{ {ben} }}
[[player]]
name = "Cid"
coins = 1
"""


def test_money_totals_are_computed_on_the_folded_names(invoke: Invoke, write: Any) -> None:
    english = write(MONEY_FINAL.format(ana="dollar = [20, 20, 20, 30, 30, 30, 40]", ben="euro = [60, 50]"), "en.toml")
    spanish = write(
        MONEY_FINAL.format(ana='"dólares" = [20, 20, 20, 30, 30, 30, 40]', ben="euros = [60, 50]"), "es.toml"
    )
    assert score_json(invoke, english)["players"] == score_json(invoke, spanish)["players"]


def test_one_currency_written_twice_is_refused_not_scored_as_two(invoke: Invoke, write: Any) -> None:
    # the review's Ana: 200 points as two currencies, where the rules count one
    path = write(MONEY_FINAL.format(ana='"dólar" = [20, 20, 20, 30, 30], "dólares" = [30, 40, 50, 60]', ben=""))
    result = invoke(["money", "score", path, "--partial"])
    assert result.exit_code == 65
    assert '"dólar" and "dólares" both name dollar' in result.output


def test_the_component_check_sees_a_currency_written_two_ways(invoke: Invoke, write: Any) -> None:
    path = write(MONEY_FINAL.format(ana='"dólar" = [60]', ben="dolares = [60]"))
    result = invoke(["money", "score", path, "--partial"])
    assert result.exit_code == 65
    assert "the players hold 2 dollar notes of 60, but the game has only 1" in result.output


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "a note is written with its currency"), ("es", "un billete se escribe")]
)
@pytest.mark.parametrize("where", ["key", "card"])
def test_a_card_word_is_no_currency(invoke: Invoke, write: Any, lang: str, said: str, where: str) -> None:
    if where == "key":
        path = write(MONEY_FINAL.format(ana="billete = [20]", ben=""))
        result = invoke(["--lang", lang, "money", "score", path, "--partial"])
    else:
        example = EXAMPLES / "money" / "exchange-swap.toml"
        result = invoke(["--lang", lang, "money", "ruling", str(example), "offer.1.cards=billete 20"])
    assert result.exit_code == 65, result.output
    assert said in result.output


@pytest.mark.parametrize("typed", ["monedas #5", "Moneda #5", "faroles", "FAROL"])
def test_coin_and_bluff_cards_in_the_plural(typed: str) -> None:
    assert parse_card(typed).kind in ("coin", "bluff")


# -- situation names: the rulebooks' words and refcli's own -----------------------------------------------------
SITUATION_WORDS = [
    ("kuhhandel", "comercio de vacas", "cow-trade"),
    ("kuhhandel", "intercambio de vacas", "cow-trade"),
    ("kuhhandel", "Kuhhandel", "cow-trade"),
    ("kuhhandel", "trato", "cow-trade"),
    ("kuhhandel", "intercambio", "cow-trade"),
    ("kuhhandel", "subastas", "auction"),
    ("bamboozled", "desafío", "challenge"),
    ("bamboozled", "desafio", "challenge"),
    ("bamboozled", "desafíos", "challenge"),
    ("bamboozled", "llamar un farol", "challenge"),
    ("bamboozled", "llamar farol", "challenge"),
    ("bamboozled", "farol", "challenge"),
    ("bamboozled", "llamada", "challenge"),
    ("bamboozled", "cantar un farol", "challenge"),
    ("bamboozled", "hacer un bluff", "challenge"),
    ("cup-of-bluff", "decir un número", "call"),
    ("cup-of-bluff", "número dicho", "call"),
    ("cup-of-bluff", "fin de la partida", "end"),
    ("cup-of-bluff", "dobles", "exchange"),
    ("money", "puja", "bids"),
    ("money", "oferta", "bids"),
    ("money", "pujas", "bids"),
    ("money", "reposiciones", "refill"),
]


@pytest.mark.parametrize(("game", "typed", "kind"), SITUATION_WORDS)
def test_a_situation_by_its_rulebook_or_refcli_name(game: str, typed: str, kind: str) -> None:
    found = registry.get(game)
    assert found is not None
    assert found.kind(typed) == kind


@pytest.mark.parametrize(("game", "typed", "kind"), SITUATION_WORDS)
def test_template_takes_the_situation_name(invoke: Invoke, game: str, typed: str, kind: str) -> None:
    by_name = invoke([game, "template", typed])
    by_id = invoke([game, "template", kind])
    assert by_name.exit_code == 0, by_name.output
    assert by_name.stdout == by_id.stdout


@pytest.mark.parametrize(("game", "typed", "kind"), SITUATION_WORDS)
def test_a_file_says_the_situation_by_its_name(invoke: Invoke, write: Any, game: str, typed: str, kind: str) -> None:
    example = next(
        path for path in sorted((EXAMPLES / game).glob(f"{kind}*.toml")) if f'situation = "{kind}"' in path.read_text()
    )
    text = example.read_text().replace(f'situation = "{kind}"', f'situation = "{typed}"')
    by_name = invoke([game, "ruling", write(text), "--format", "json"])
    by_id = invoke([game, "ruling", str(example), "--format", "json"])
    assert by_name.exit_code == by_id.exit_code, by_name.output
    assert without_file(by_name.stdout) == without_file(by_id.stdout)


def without_file(output: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(output)
    document.pop("file")
    return document


@pytest.mark.parametrize(
    ("typed", "action"),
    [
        ("cambio de ofertas", "swap"),
        ("cambiar", "swap"),
        ("intercambiar", "swap"),
        ("grupo derecho", "right"),
        ("grupo izquierdo", "left"),
        ("mantener", "keep"),
        ("sin cambio", "keep"),
    ],
)
def test_money_actions_by_refcli_own_words(invoke: Invoke, typed: str, action: str) -> None:
    example = EXAMPLES / "money" / "exchange-swap.toml"
    result = invoke(["money", "ruling", str(example), f"action={typed}", "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    assert f'"action": "{action}"' in result.stdout or action in result.stdout


@pytest.mark.parametrize(
    ("typed", "card"), [("Dobles", "double"), ("Reversa", "reverse"), ("Inverso", "reverse"), ("Salto", "skip")]
)
def test_bamboozled_cards_in_the_plural_and_other_forms(invoke: Invoke, write: Any, typed: str, card: str) -> None:
    example = (EXAMPLES / "bamboozled" / "card-reverse.toml").read_text()
    by_name = invoke(
        ["bamboozled", "ruling", write(example.replace('card = "reverse"', f'card = "{typed}"')), "--format", "json"]
    )
    by_id = invoke(
        [
            "bamboozled",
            "ruling",
            write(example.replace('card = "reverse"', f'card = "{card}"'), "b.toml"),
            "--format",
            "json",
        ]
    )
    assert by_name.exit_code == by_id.exit_code, by_name.output
    assert without_file(by_name.stdout) == without_file(by_id.stdout)


# -- --lang, REFCLI_LANG and the configuration file's lang: one normaliser ---------------------------------------
SPANISH_NAMES = [
    "es",
    "ES",
    "es_ES",
    "es_ES.UTF-8",
    "es-MX",
    "español",
    "Español",
    "espanol",
    "castellano",
    "spanish",
    "Spanish",
]
ENGLISH_NAMES = ["en", "EN", "en_US", "en_US.UTF-8", "inglés", "ingles", "english", "English"]
LANGUAGE_NAMES = [(name, "es") for name in SPANISH_NAMES] + [(name, "en") for name in ENGLISH_NAMES]
HEADING = {"es": "Animal de Kuhhandel: vaca", "en": "Kuhhandel animal: cow"}


@pytest.mark.parametrize(("value", "lang"), LANGUAGE_NAMES)
def test_lang_takes_codes_locales_and_names(invoke: Invoke, value: str, lang: str) -> None:
    assert i18n.language_named(value) == lang
    before = invoke(["--lang", value, "kuhhandel", "animals", "vaca"])
    after = invoke(["kuhhandel", "animals", "vaca", "--lang", value])
    assert before.exit_code == after.exit_code == 0, before.output
    assert HEADING[lang] in before.stdout and HEADING[lang] in after.stdout


@pytest.mark.parametrize(("value", "lang"), LANGUAGE_NAMES)
def test_refcli_lang_takes_the_same_names(value: str, lang: str) -> None:
    assert i18n.from_refcli_lang({"REFCLI_LANG": value}) == lang


@pytest.mark.parametrize(("value", "lang"), [("español", "es"), ("es_ES.UTF-8", "es"), ("English", "en")])
def test_the_configuration_files_lang_takes_the_same_names(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str, lang: str
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'lang = "{value}"\n', encoding="utf-8")
    monkeypatch.setenv("REFCLI_CONFIG", str(config))
    monkeypatch.delenv("REFCLI_LANG", raising=False)
    result = invoke(["kuhhandel", "animals", "vaca"])
    assert result.exit_code == 0, result.output
    assert HEADING[lang] in result.stdout
    set_by_command = invoke(["config", "set", "lang", value])
    assert set_by_command.exit_code == 0, set_by_command.output
    assert f'lang = "{lang}"' in config.read_text(encoding="utf-8")


@pytest.mark.parametrize(("run", "said"), [("en", "is not one of"), ("es", "no es ninguna de las opciones")])
@pytest.mark.parametrize("value", ["fr", "klingon", "deutsch"])
def test_an_unknown_language_is_refused_in_the_runs_language(invoke: Invoke, run: str, said: str, value: str) -> None:
    result = invoke(["kuhhandel", "animals", "vaca", "--lang", value], env={"REFCLI_LANG": run})
    assert result.exit_code == 2
    assert said in result.output


@pytest.mark.parametrize(
    ("game", "english", "spanish"),
    [
        ("kuhhandel", '"auction", "cow-trade"', '"subasta", "intercambio de vacas"'),
        ("money", '"offers", "exchange", "refill"', '"ofertas", "intercambio", "reposición"'),
    ],
)
def test_an_unknown_event_type_is_refused_with_the_types_in_the_runs_words(
    tmp_path: Path, invoke: Invoke, game: str, english: str, spanish: str
) -> None:
    """A Spanish run lists the Spanish word for each type (the reader takes it), an English run the ids; and
    a Spanish word listed is read as that type."""
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps({"game": game, "players": ["Ana", "Ben", "Cid"], "event": [{"type": "trueque"}]}) + "\n")
    for lang, said in (("en", f"is not one of {english}"), ("es", f"no es ninguna de las opciones: {spanish}")):
        result = invoke(["--lang", lang, "validate", "--jsonl", str(path)])
        assert result.exit_code == 65
        assert f'event[1].type: "trueque" {said}' in result.stderr, result.stderr
    first = spanish.split(", ")[0].strip('"')
    path.write_text(json.dumps({"game": game, "players": ["Ana", "Ben", "Cid"], "event": [{"type": first}]}) + "\n")
    assert "no es ninguna" not in invoke(["--lang", "es", "validate", "--jsonl", str(path)]).stderr


# -- rules: the game's own words in both languages --------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    ("game", "query", "clause"),
    [
        ("kuhhandel", "caballo", "components.cards"),
        ("kuhhandel", "caballos", "components.cards"),
        ("kuhhandel", "banca", None),
        ("money", "divisa", None),
        ("money", "divisas", None),
        ("bamboozled", "desafío", "turn.call"),
        ("bamboozled", "strike", None),
        ("bamboozled", "huelga", None),
    ],
)
def test_rules_finds_the_games_own_words(invoke: Invoke, lang: str, game: str, query: str, clause: str | None) -> None:
    result = invoke(["--lang", lang, game, "rules", query, "--format", "json"])
    assert result.exit_code == 0, result.output
    ids = [found["id"] for found in json.loads(result.stdout)["clauses"]]
    assert ids
    if clause is not None:
        assert clause in ids[:5]
