"""Bamboozled in Spanish: the game's free text follows --lang/the locale; JSON keys and enumerated values do not."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke

from refcli.language import i18n

BZ = EXAMPLES / "bamboozled"

# Free text: in the run's language. Everything else in a JSON document (keys, ids, names, numbers,
# enumerated values such as cards, directions and actions) is the same in every language.
FREE_TEXT = {"verdict", "facts", "message", "summary", "section", "text", "explanation", "status"}


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    """A Spanish run sets the language of the process: the tests after these ones get theirs back."""
    before = i18n.language()
    yield
    i18n.set_language(before)


def spanish(invoke: Invoke, *args: str) -> str:
    out = invoke(["--lang", "es", "bamboozled", *args])
    return " ".join(out.output.split())  # words, whatever the wrapping


def test_compare_verdict_in_spanish(invoke: Invoke) -> None:
    verdict = invoke(["--lang", "es", "bamboozled", "compare", "21", "66"]).output.splitlines()[0]
    assert verdict == "21 gana a 66: 21 es el premio mayor (puesto 36 de 36), 66 es un doble (puesto 35)."
    assert "43 empata con 43." in spanish(invoke, "compare", "43", "43")


def test_the_locale_chooses_spanish(invoke: Invoke) -> None:
    env = {"REFCLI_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "es_ES.UTF-8"}
    out = invoke(["bamboozled", "compare", "12", "13"], env=env)
    assert "13 gana a 12: 13 es una tirada sin doble (puesto 2 de 36), 12 es la puntuación más baja (puesto 1)." in (
        " ".join(out.output.split())
    )


def test_ladder_in_spanish(invoke: Invoke) -> None:
    said = spanish(invoke, "ladder")
    assert "Puntuaciones de Bamboozled, de menor a mayor" in said
    assert "Puesto Puntuación Formas Probabilidad" in said
    one = spanish(invoke, "ladder", "54")
    assert "54 es una tirada sin doble, puesto 23 de 36 (1 = la más baja): 20 de las 36 tiradas" in one


def test_bad_score_refused_in_spanish(invoke: Invoke) -> None:
    out = invoke(["--lang", "es", "bamboozled", "ladder", "77"])
    assert out.exit_code == 2
    assert (
        "valor no válido para 'SCORE': '77' no es una puntuación: una puntuación son dos dados, cada uno del 1 al 6"
        in " ".join(out.output.split())
    )


def test_challenge_ruling_in_spanish(invoke: Invoke) -> None:
    said = spanish(invoke, "ruling", str(BZ / "challenge-bluff-out.toml"))
    assert (
        "Cid declaró 66 con 4 y 2: era un farol, así que Cid recibe un strike y queda fuera del juego. "
        "La puntuación vuelve a 0 y Ana empieza la siguiente ronda."
    ) in said
    assert "Recibe el strike Cid" in said  # the outcome's label
    assert "Cid sacó 4 y 2 y declaró 66" in said  # the facts assumed


def test_card_names_and_directions_in_spanish_text_english_in_json(invoke: Invoke) -> None:
    path = str(BZ / "card-reverse.toml")
    said = spanish(invoke, "ruling", path)
    assert (
        "Ben puede jugar Inversa: Ana, el último en tirar, debe volver a tirar y empatar o superar su propio 52."
        in said
    )
    assert "Sentido ahora en sentido contrario a las agujas del reloj" in said
    assert "Debe tirar sobre su propia puntuación" in said
    outcome = json.loads(invoke(["--lang", "es", "bamboozled", "ruling", path, "-f", "json"]).stdout)["outcome"]
    assert (outcome["direction_after"], outcome["action"]) == ("counterclockwise", "roll on own score")
    assert "Carta descartada Mi mal" in spanish(invoke, "ruling", str(BZ / "challenge-my-bad.toml"))


def test_illegal_situation_in_spanish(invoke: Invoke) -> None:
    out = invoke(["--lang", "es", "bamboozled", "ruling", str(BZ / "card-reverse-wrong-turn.toml")])
    assert out.exit_code == 1
    assert "Cid no puede jugar Inversa en el turno de Ben" in out.output


def test_validate_findings_in_spanish(invoke: Invoke) -> None:
    out = invoke(["--lang", "es", "bamboozled", "validate", str(BZ / "record-broken.toml"), "-f", "json"])
    messages = [finding["message"] for finding in json.loads(out.stdout)["results"][0]["findings"]]
    assert messages == [
        "el strike lo recibe Ben, no Ana",
        "12 no iguala ni supera 56, la puntuación vigente",
        "el último jugador en pie es Cid, no Ana",
    ]


def test_standings_agree_with_the_number_in_spanish(invoke: Invoke) -> None:
    said = spanish(invoke, "score", str(BZ / "standings-more-strikes.toml"), "--partial")
    assert "La partida no ha terminado (--partial): quedan 3 jugadores dentro." in said
    assert "1 de 5 strikes, le quedan 4" in said and "4 de 5 strikes, le queda 1" in said
    assert "5 de 5 strikes: fuera" in said


def skeleton(value: Any, key: str | None = None) -> Any:
    """``value`` with its free text blanked: what must not depend on the language."""
    if isinstance(value, dict):
        return {k: skeleton(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [skeleton(item, key) for item in value]
    if isinstance(value, str) and key in FREE_TEXT:
        return "<text>"
    return value


COMMANDS = [
    ("compare", "21", "66"),
    ("compare", "43", "43"),
    ("ladder",),
    ("ladder", "54"),
    ("score", str(BZ / "standings.toml")),
    ("score", str(BZ / "standings-more-strikes.toml"), "--partial"),
    *(("ruling", str(path)) for path in sorted(BZ.glob("c*.toml")) + sorted(BZ.glob("accept*.toml"))),
    *(("validate", str(path)) for path in sorted(BZ.glob("record*.toml"))),
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda args: "-".join(a.rsplit("/", 1)[-1] for a in args))
def test_json_keys_and_values_do_not_depend_on_the_language(invoke: Invoke, args: tuple[str, ...]) -> None:
    english = invoke(["--lang", "en", "bamboozled", *args, "-f", "json"])
    spanish = invoke(["--lang", "es", "bamboozled", *args, "-f", "json"])
    assert english.exit_code == spanish.exit_code
    en, es = json.loads(english.stdout), json.loads(spanish.stdout)
    assert skeleton(en) == skeleton(es)
    if "verdict" in en:  # and the free text did change (a test that cannot fail is a defect)
        assert en["verdict"] != es["verdict"]


def test_every_bamboozled_message_is_translated() -> None:
    from refcli.language.catalogues import problems

    mine = ("refcli/games/bamboozled", "data/rules/bamboozled.toml")
    assert [problem for problem in problems("es") if problem.startswith(mine)] == []
