"""Kuhhandel in Spanish: what the game writes follows --lang; JSON keys and ids never do."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke

from refcli.games.kuhhandel import names
from refcli.games.kuhhandel.components import ANIMALS
from refcli.games.kuhhandel.formats import ANIMAL_EXPECTED, ANIMAL_MISSING
from refcli.language.i18n import language, set_language, using

KUHHANDEL = EXAMPLES / "kuhhandel"
EXAMPLE_FILES = sorted(KUHHANDEL.glob("*.toml"))

# JSON fields that hold free text (a sentence, or a list of them): they follow the language.
# Every other string (keys, ids, animals, situations, severities, names) must be the same in both.
FREE_TEXT = {
    "verdict",
    "facts",
    "explanation",
    "notes",
    "tie_break",
    "message",
    "skipped",
    "unchecked",
    "summary",
    "text",
    "section",
    "edition1",
    "edition2",
}


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    """A run with --lang es leaves the process in Spanish: the tests after these must not inherit it."""
    before = language()
    yield
    set_language(before)


def run(invoke: Invoke, *args: str, lang: str = "es") -> tuple[int, dict[str, Any]]:
    result = invoke(["--lang", lang, "kuhhandel", *args, "--format", "json"])
    return result.exit_code, json.loads(result.stdout)


def run_line(example: Path) -> list[str]:
    """The example's own command (its first line, ``# run: refcli … FILE``), with the file's path."""
    first = example.read_text(encoding="utf-8").splitlines()[0]
    words = shlex.split(first.removeprefix("# run: refcli "))
    return [str(example) if word == "FILE" else word for word in words]


def same_shape(english: Any, spanish: Any, where: str = "", free: bool = False) -> list[str]:
    """Where the two documents differ other than in free text: keys, ids, numbers, the order of lists."""
    if isinstance(english, dict) and isinstance(spanish, dict):
        if list(english) != list(spanish):
            return [f"{where}: keys {list(english)} != {list(spanish)}"]
        return [
            difference
            for key in english
            for difference in same_shape(english[key], spanish[key], f"{where}.{key}", key in FREE_TEXT)
        ]
    if isinstance(english, list) and isinstance(spanish, list):
        if len(english) != len(spanish):
            return [f"{where}: {len(english)} items != {len(spanish)}"]
        return [
            difference
            for index, (one, other) in enumerate(zip(english, spanish))
            for difference in same_shape(one, other, f"{where}[{index}]", free)
        ]
    if free and isinstance(english, str) and isinstance(spanish, str):
        return []
    return [] if english == spanish else [f"{where}: {english!r} != {spanish!r}"]


# -- what a Spanish run says -----------------------------------------------------------------
def test_the_rulebook_example_adds_up_in_spanish(invoke: Invoke) -> None:
    status, doc = run(invoke, "score", str(KUHHANDEL / "rulebook-2460.toml"))
    assert status == 0
    explanations = {player["name"]: player["explanation"] for player in doc["players"]}
    assert explanations["Ana"] == "cerdo 650 + perro 160 + gallo 10 = 820 × 3 conjuntos = 2460"
    assert (
        explanations["Cid"]
        == "caballo 1000 + vaca 800 + burro 500 + cabra 350 + oveja 250 = 2900 × 5 conjuntos = 14500"
    )
    assert doc["players"][0]["breakdown"]["sets"][0]["animal"] == "horse"  # the id stays English


def test_a_spanish_score_table_says_the_game_is_over(invoke: Invoke) -> None:
    result = invoke(["--lang", "es", "kuhhandel", "score", str(KUHHANDEL / "rulebook-2460.toml")])
    assert "La partida ha terminado: las 40 cartas de animales están en conjuntos completos." in result.stdout
    assert "gato 90 + ganso 40 = 130 × 2 conjuntos = 260" in result.stdout


def test_an_unfinished_game_and_the_bonus_card_in_spanish(invoke: Invoke) -> None:
    status, doc = run(invoke, "score", str(KUHHANDEL / "unfinished.toml"), "--partial")
    assert status == 0
    ben = next(player for player in doc["players"] if player["name"] == "Ben")
    assert ben["explanation"] == "vaca 800 + ganso 40 = 840 × 2 conjuntos = 1680 (sin puntuar: 2 cartas de gato)"
    status, doc = run(invoke, "score", str(KUHHANDEL / "edition1-bonus.toml"))
    ben = next(player for player in doc["players"] if player["name"] == "Ben")
    assert ben["explanation"] == "caballo 1000 + ganso 40 + gallo 10 = 1050 + carta de bonus 500 = 1550"


def test_a_cow_trade_ruling_in_spanish(invoke: Invoke) -> None:
    status, doc = run(invoke, "ruling", str(KUHHANDEL / "cow-trade-spec.toml"))
    assert status == 0
    assert doc["verdict"] == (
        "Los 50 de Ben superan los 20 de Ana: Ana entrega 2 cartas de gato a Ben; Ana recibe 50; Ben recibe 10, 10, 0."
    )
    assert "2 cartas en juego (el retador tiene 2, el retado 2)" in doc["facts"]
    assert doc["situation"] == "cow-trade"
    assert doc["outcome"]["animals_to"] == "Ben"


def test_an_auction_ruling_in_spanish(invoke: Invoke) -> None:
    status, doc = run(invoke, "ruling", str(KUHHANDEL / "auction-spec.toml"))
    assert status == 0
    assert doc["verdict"] == "Cid se lleva la vaca por 40; Cid paga a Ana con 50 (paga 10 de más: no se da cambio)."
    result = invoke(["--lang", "es", "kuhhandel", "ruling", str(KUHHANDEL / "auction-spec.toml")])
    assert "El animal es para" in result.stdout  # the outcome's labels
    assert "Pagado de más (sin cambio)" in result.stdout


def test_an_illegal_situation_names_the_rule_in_spanish(invoke: Invoke) -> None:
    status, doc = run(invoke, "ruling", str(KUHHANDEL / "auction-rising.toml"))
    assert status == 1
    assert doc["verdict"] == "puja 2: Cid puja 30, que no supera 40"
    assert doc["broken_rule"] == "auction.rising"


def test_the_donkey_and_the_empty_deck_in_spanish(invoke: Invoke) -> None:
    _status, doc = run(invoke, "ruling", str(KUHHANDEL / "donkey-third.toml"))
    assert doc["verdict"].startswith("Burro número 3: el juego se interrumpe y Ben, el subastador, reparte")
    assert doc["facts"] == ["antes de este salieron 2 burros"]
    _status, doc = run(invoke, "ruling", str(KUHHANDEL / "trade-options-empty-deck.toml"))
    assert doc["verdict"].startswith("La pila está vacía, así que Ana debe hacer un intercambio de vacas:")
    assert "Ben por el gato (2 cartas)" in doc["verdict"]


def test_a_broken_record_in_spanish(invoke: Invoke) -> None:
    status, doc = run(invoke, "validate", str(KUHHANDEL / "record-broken.toml"))
    assert status == 1
    messages = [finding["message"] for file in doc["results"] for finding in file["findings"]]
    assert "el burro número 2 paga 100 a cada jugador, no 50" in messages
    assert "la puntuación final de Ana es 3600, no 3700 como se registró" in messages
    skipped = [line for file in doc["results"] for line in file["skipped"]]
    # one mistake, one finding: after the short payment neither side's money is followed (K15, K16)
    doubt = "Ben pagó a Ana menos que el precio, así que no se sabe qué cartas cambiaron de manos"
    assert skipped == [f"comprobaciones del dinero de {name} desde la jugada 7: {doubt}" for name in ("Ben", "Ana")]


def test_paying_without_change_in_spanish(invoke: Invoke) -> None:
    status, doc = run(invoke, "pay", "60", "--money", "0,10,10,50,100")
    assert status == 0
    assert doc["verdict"] == "Paga 60 con 50 + 10, exactamente."
    result = invoke(["--lang", "es", "kuhhandel", "animals", "burrp"])
    assert result.exit_code == 2
    assert "¿querías decir burro, donkey?" in result.stderr


# -- the same document in both languages, apart from free text ----------------------------------
@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda path: path.name)
def test_json_keys_and_ids_do_not_depend_on_the_language(invoke: Invoke, example: Path) -> None:
    arguments = run_line(example)
    english = invoke(["--lang", "en", *arguments, "--format", "json"])
    spanish = invoke(["--lang", "es", *arguments, "--format", "json"])
    assert english.exit_code == spanish.exit_code
    assert same_shape(json.loads(english.stdout), json.loads(spanish.stdout)) == []


def test_the_free_text_is_spanish_and_the_english_unchanged(invoke: Invoke) -> None:
    arguments = run_line(KUHHANDEL / "cow-trade-tie-rebid.toml")
    english = json.loads(invoke(["--lang", "en", *arguments, "--format", "json"]).stdout)
    spanish = json.loads(invoke(["--lang", "es", *arguments, "--format", "json"]).stdout)
    assert english["verdict"].startswith("After a tie, Ana's 50 beats Ben's 40: Ben hands over 1 goose card to Ana")
    assert spanish["verdict"].startswith("Tras un empate, los 50 de Ana superan los 40 de Ben: Ben entrega 1 carta de")


# -- the words themselves ------------------------------------------------------------------------
def test_free_text_names_the_animals_as_a_snapshot_accepts_them() -> None:
    with using("es"):
        assert [names.animal(animal.id) for animal in ANIMALS] == [animal.spanish for animal in ANIMALS]
        assert names.the_animal("cow") == "la vaca" and names.the_animal("horse") == "el caballo"
    with using("en"):
        assert [names.animal(animal.id) for animal in ANIMALS] == [animal.id for animal in ANIMALS]
        assert names.the_animal("cow") == "the cow"


def test_the_written_out_animal_lists_match_the_animals() -> None:
    accepted = ", ".join(animal.id for animal in ANIMALS)
    assert f"({accepted}; Spanish and German names too)" in ANIMAL_EXPECTED
    assert ANIMAL_MISSING == f"an animal ({accepted})"


TIE = """game = "kuhhandel"
situation = "cow-trade"
animal = "cat"
challenger = { name = "Ana", holds = 1, offer = [10, 10] }
defender = { name = "Ben", holds = 3, offer = [10, 10] }
"""


def test_an_enumerated_value_stays_english_in_json_and_reads_spanish_in_text(
    invoke: Invoke, write: Callable[[str], str]
) -> None:
    path = write(TIE)
    _status, doc = run(invoke, "ruling", path)
    assert doc["outcome"]["needs"] == "rebid"
    assert doc["verdict"].startswith("Las ofertas son iguales (20 (10 + 10) cada una): ambas vuelven a su dueño")
    text = invoke(["--lang", "es", "kuhhandel", "ruling", path]).stdout
    assert "Aún falta" in text and "nueva oferta" in text
