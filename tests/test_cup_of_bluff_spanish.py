"""Cup of Bluff in Spanish: what the game writes follows --lang; JSON keys and ids do not."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke

from refcli.language import i18n

CB = EXAMPLES / "cup-of-bluff"
# The JSON fields whose text follows the language; every other key and value is the same in en and es.
FREE_TEXT = {"verdict", "facts", "reason", "explanation", "tie_break", "notes", "message", "summary", "section", "text"}


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    """A Spanish run leaves the process in Spanish: the tests after this module's must not inherit it."""
    before = i18n.language()
    yield
    i18n.set_language(before)


def run(invoke: Invoke, lang: str, *args: str) -> Any:
    result = invoke(["--lang", lang, "cup-of-bluff", *args])
    return result


def test_a_call_is_ruled_in_spanish(invoke: Invoke) -> None:
    result = run(invoke, "es", "ruling", str(CB / "call-spec.toml"))
    assert result.exit_code == 0
    assert (
        'Ana dijo 15 con 4 + 5 + 6 = 15: la verdad; Ben respondió "farol", así que Ben fue engañado y Ana anota '
        "la ficha 15 del centro. Ahora juega Ben."
    ) in " ".join(result.stdout.split())
    assert "Ficha tomada de" in result.stdout and "centro" in result.stdout  # the label and the id 'centre'
    assert "fichas delante de cada jugador al comienzo del turno: Ana 3; Ben 9; Cid ninguna" in result.stdout
    doc = json.loads(run(invoke, "es", "ruling", "-f", "json", str(CB / "call-spec.toml")).stdout)
    assert doc["outcome"]["chip_from"] == "centre" and doc["verdict"].startswith("Ana dijo 15")


def test_the_exception_and_an_illegal_call_in_spanish(invoke: Invoke) -> None:
    said = " ".join(run(invoke, "es", "ruling", str(CB / "call-exception.toml")).stdout.split())
    assert "Ana fue tras una ficha de Ben y debe darle a Ben una de las fichas que Ana anotó antes." in said
    illegal = run(invoke, "es", "ruling", str(CB / "call-own-chip.toml"))
    assert illegal.exit_code == 1
    assert "Ana ya anotó la ficha 15 y la tiene" in " ".join(illegal.stdout.split())


def test_the_end_and_the_score_in_spanish(invoke: Invoke) -> None:
    end = " ".join(run(invoke, "es", "ruling", str(CB / "end-tie.toml")).stdout.split())
    assert "La partida ha terminado: se ha tomado la última ficha del centro. Gana Ana (Ana y Ben tienen 15" in end
    score = run(invoke, "es", "score", str(CB / "final-tie.toml")).stdout
    assert "ficha 3 (5) + ficha 4 (4) + ficha 9 (1) + ficha 18 (5) = 15 (4 fichas)" in score
    assert "empate a puntos: gana quien tiene menos fichas (Ana 4, Ben 6 fichas; C4)" in score


def test_chips_and_a_broken_record_in_spanish(invoke: Invoke) -> None:
    chips = run(invoke, "es", "chips").stdout
    assert "Fichas de Cup of Bluff" in chips and "Probabilidad" in chips
    assert "La ficha 9 vale 1 punto: 25 de las 216 tiradas" in run(invoke, "es", "chips", "9").stdout
    assert "La ficha 3 vale 5 puntos" in run(invoke, "es", "chips", "3").stdout
    refused = run(invoke, "es", "chips", "19")
    assert refused.exit_code == 2 and "no existe la ficha 19" in refused.stderr
    broken = run(invoke, "es", "validate", str(CB / "record-broken.toml"))
    assert "la ficha 5 es para Ben, no para Ana" in broken.stdout
    assert "la victoria es de Ana, no de Ben" in broken.stdout


def test_one_chip_is_singular(invoke: Invoke, write: Callable[..., str]) -> None:
    path = write(
        'game = "cup-of-bluff"\ntarget = 5\n[[player]]\nname = "Ana"\nchips = [3]\n[[player]]\nname = "Ben"\n'
        "chips = [9]\n"
    )
    assert "3:5 = 5 (1 chip)" in run(invoke, "en", "score", path).stdout
    assert "ficha 3 (5) = 5 (1 ficha)" in run(invoke, "es", "score", path).stdout


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
        ("ruling", "call-spec.toml"),
        ("ruling", "call-exception.toml"),
        ("ruling", "call-own-chip.toml"),
        ("ruling", "exchange-doubles.toml"),
        ("ruling", "exchange-no-doubles.toml"),
        ("ruling", "end-tie.toml"),
        ("score", "final-tie.toml"),
        ("score", "final-target.toml"),
        ("validate", "record-broken.toml"),
        ("chips",),
    ],
)
def test_json_keys_and_ids_are_the_same_in_both_languages(invoke: Invoke, args: tuple[str, ...]) -> None:
    argv = [args[0], "-f", "json", *(str(CB / name) for name in args[1:])]
    english = json.loads(run(invoke, "en", *argv).stdout)
    spanish = json.loads(run(invoke, "es", *argv).stdout)
    differ = differences(english, spanish)
    assert differ <= FREE_TEXT, differ - FREE_TEXT
    if args[0] != "chips":  # the chips table has no free text of the game's own
        assert differ & {"verdict", "explanation", "message"}, "nothing was translated"


def test_every_message_of_the_game_is_translated() -> None:
    from refcli.language.catalogues import problems

    mine = ("refcli/games/cupofbluff", "data/rules/cup-of-bluff.toml")
    assert [problem for problem in problems("es") if problem.startswith(mine)] == []
