"""Money! in Spanish: what the game writes follows --lang (003's words); JSON keys and ids do not."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke

from refcli.language import i18n

MONEY = EXAMPLES / "money"
# The JSON fields whose text follows the language; every other key and value is the same in en and es.
FREE_TEXT = {
    "verdict",
    "facts",
    "explanation",
    "tie_break",
    "notes",
    "message",
    "skipped",
    "summary",
    "section",
    "text",
}


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    """A Spanish run leaves the process in Spanish: the tests after this module's must not inherit it."""
    before = i18n.language()
    yield
    i18n.set_language(before)


def run(invoke: Invoke, lang: str, *args: str) -> Any:
    return invoke(["--lang", lang, "money", *args])


def flat(text: str) -> str:
    return " ".join(text.split())


def test_bids_are_ruled_in_spanish(invoke: Invoke) -> None:
    said = flat(run(invoke, "es", "ruling", str(MONEY / "bids-spec.toml")).stdout)
    assert "Actúan en este orden: Dora (110), luego Ben (30), luego Ana (30)." in said
    assert "Cid ofreció solo la carta de farol y no participa en esta ronda." in said
    assert "Ben y Ana ofrecen 30: Ben tiene el #5, Ana tiene el #12, así que Ben va primero" in said
    assert "Valor de las ofertas" in said and "Orden de intercambio" in said


def test_a_swap_names_cards_with_003s_words_in_text_and_keeps_ids_in_json(invoke: Invoke) -> None:
    text = flat(run(invoke, "es", "ruling", str(MONEY / "exchange-swap.toml")).stdout)
    assert "Ben toma la oferta de Ana (euro 30 #12) y pone la suya delante de Ana, que actúa a continuación." in text
    assert "Acción cambio de ofertas" in text
    assert "Da yen 20 #40, moneda #5, libra 30 #22" in text
    assert "Grupo derecho dólar 60 #33, moneda #2" in text
    doc = json.loads(run(invoke, "es", "ruling", "-f", "json", str(MONEY / "exchange-swap.toml")).stdout)
    assert doc["outcome"]["action"] == "swap"
    assert doc["outcome"]["gives"] == ["yen 20 #40", "coin #5", "pound 30 #22"]


def test_scores_and_totals_in_spanish(invoke: Invoke, write: Callable[..., str]) -> None:
    score = run(invoke, "es", "score", str(MONEY / "rulebook-450.toml")).stdout
    assert "euro 60→0 + 100 (triplete de 20), yen 110→10 + 100 (triplete de 30), dólar 230, monedas 10 = 450" in score
    assert "Puntuación por divisa: el valor completo desde 200" in flat(score)
    doc = json.loads(run(invoke, "es", "score", "-f", "json", str(MONEY / "rulebook-450.toml")).stdout)
    ana = next(player for player in doc["players"] if player["name"] == "Ana")
    assert [c["currency"] for c in ana["breakdown"]["currencies"]] == ["euro", "yen", "dollar"]
    other = write(
        'game = "money"\n[[player]]\nname = "Ana"\nnotes = { euro = [20] }\n[[player]]\nname = "Ben"\n'
        '[[player]]\nname = "Dora"\n'
    )
    totals = flat(run(invoke, "es", "score", str(MONEY / "rulebook-450.toml"), other).stdout)
    assert "Totales tras 2 partidas" in totals and "Ganador: Cid" in totals
    assert "Las 2 partidas no las jugaron los mismos jugadores (Cid solo jugó la partida 1; Dora solo jugó la" in totals


def test_broken_rules_in_spanish(invoke: Invoke) -> None:
    broken = flat(run(invoke, "es", "validate", str(MONEY / "record-broken.toml")).stdout)
    assert "Ana actúa antes que Cid: la oferta de Ana (140) es la más alta que queda en la mesa" in broken
    assert "la puntuación final de Ben es 20, no 60 como está registrado" in broken
    illegal = run(invoke, "es", "ruling", str(MONEY / "exchange-out-of-turn.toml"))
    assert illegal.exit_code == 1 and "es la más alta que queda en la mesa" in flat(illegal.stdout)


def test_refill_in_spanish(invoke: Invoke) -> None:
    said = flat(run(invoke, "es", "ruling", str(MONEY / "refill-final.toml")).stdout)
    assert "Reparte primero 3 al grupo derecho y luego 0 al izquierdo; quedan 0 en la pila." in said
    assert "La pila se ha agotado: la siguiente ronda es la ronda final." in said


def differences(english: Any, spanish: Any, path: tuple[str, ...] = ()) -> set[str]:
    """The keys whose values differ between the two documents; the structure itself must be the same."""
    if isinstance(english, dict):
        assert isinstance(spanish, dict) and list(english) == list(spanish), path
        return {key for k in english for key in differences(english[k], spanish[k], (*path, k))}
    if isinstance(english, list):
        assert isinstance(spanish, list) and len(english) == len(spanish), path
        return {key for e, s in zip(english, spanish) for key in differences(e, s, path)}
    return {path[-1]} if english != spanish else set()


@pytest.mark.parametrize(
    "args",
    [
        ("ruling", "bids-spec.toml"),
        ("ruling", "exchange-swap.toml"),
        ("ruling", "exchange-out-of-turn.toml"),
        ("ruling", "refill-final.toml"),
        ("score", "rulebook-450.toml"),
        ("score", "rulebook-450.toml", "game-2.toml", "game-3.toml"),
        ("validate", "record-broken.toml"),
        ("validate", "record-game.toml"),
    ],
)
def test_json_keys_and_ids_are_the_same_in_both_languages(invoke: Invoke, args: tuple[str, ...]) -> None:
    argv = [args[0], "-f", "json", *(str(MONEY / name) for name in args[1:])]
    english = json.loads(run(invoke, "en", *argv).stdout)
    spanish = json.loads(run(invoke, "es", *argv).stdout)
    differ = differences(english, spanish)
    assert differ <= FREE_TEXT, differ - FREE_TEXT
    if args[1] != "record-game.toml":  # a legal record has no message of its own
        assert differ & {"verdict", "explanation", "message"}, "nothing was translated"


def test_every_message_of_the_game_is_translated() -> None:
    from refcli.language.catalogues import problems

    mine = ("refcli/games/money", "data/rules/money.toml")
    assert [problem for problem in problems("es") if problem.startswith(mine)] == []
