"""A JSON line that is not valid JSON: a whole sentence in the run's language, at the column that helps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Invoke

from refcli.language import i18n
from refcli.reading.json_errors import own_words

# (the line, without its line break; what refcli says in English; in Spanish)
CASES = [
    (
        '{"game": "money", "players": ["Ana", "Ben"',
        "not valid JSON: the line ends at column 43 before the record does (was it cut short?)",
        "JSON no válido: la línea termina en la columna 43 antes que el registro (¿se ha cortado?)",
    ),
    (
        '{"game": "money", "note": "cut',
        "not valid JSON: the line ends at column 31 before the record does (was it cut short?)",
        "JSON no válido: la línea termina en la columna 31 antes que el registro (¿se ha cortado?)",
    ),
    (
        '{"game": "money",}',
        "not valid JSON at column 18: a key in double quotes is expected there "
        "(a comma before a closing brace, or a key in single quotes?)",
        "JSON no válido en la columna 18: ahí se espera una clave entre comillas dobles "
        "(¿una coma antes de la llave de cierre, o una clave entre comillas simples?)",
    ),
    (
        "{'game': 'money'}",
        "not valid JSON at column 2: a key in double quotes is expected there "
        "(a comma before a closing brace, or a key in single quotes?)",
        "JSON no válido en la columna 2: ahí se espera una clave entre comillas dobles "
        "(¿una coma antes de la llave de cierre, o una clave entre comillas simples?)",
    ),
    (
        '{"game" "money"}',
        "not valid JSON at column 9: a colon (:) goes between a key and its value",
        "JSON no válido en la columna 9: entre una clave y su valor van dos puntos (:)",
    ),
    (
        '{"game": "money" "players": []}',
        "not valid JSON at column 18: a comma is expected there, or the end of the object or array",
        "JSON no válido en la columna 18: ahí se espera una coma, o el final del objeto o de la lista",
    ),
    (
        '{"game": money}',
        "not valid JSON at column 10: a value is expected there "
        "(text in double quotes, a number, an object, an array, true, false or null)",
        "JSON no válido en la columna 10: ahí se espera un valor "
        "(un texto entre comillas dobles, un número, un objeto, una lista, true, false o null)",
    ),
    (
        '{"game": "money"} {"game": "money"}',
        "not valid JSON at column 19: the record has ended before it; a line holds one record",
        "JSON no válido en la columna 19: el registro ya ha terminado antes; cada línea lleva un solo registro",
    ),
    (
        '{"game": "money", "note": "a\tb"}',
        "not valid JSON at column 29: a string holds a control character (write a tab as \\t and a line break as \\n)",
        "JSON no válido en la columna 29: un texto contiene un carácter de control "
        "(escribe un tabulador como \\t y un salto de línea como \\n)",
    ),
    (
        '{"game": "money", "note": "a\\qb"}',
        "not valid JSON at column 29: a backslash in a string starts an escape JSON does not know "
        '(\\\\, \\", \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hexadecimal digits)',
        "JSON no válido en la columna 29: una barra invertida en un texto empieza un escape que JSON no conoce "
        '(\\\\, \\", \\/, \\b, \\f, \\n, \\r, \\t o \\u con cuatro dígitos hexadecimales)',
    ),
    (
        '{"game": "money", "note": "\\u12"}',
        "not valid JSON at column 29: \\u in a string takes four hexadecimal digits",
        "JSON no válido en la columna 29: \\u en un texto va seguido de cuatro dígitos hexadecimales",
    ),
]


@pytest.mark.parametrize(("line", "english", "spanish"), CASES)
def test_a_line_that_is_not_json_is_refused_in_a_whole_sentence(
    tmp_path: Path, invoke: Invoke, line: str, english: str, spanish: str
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    for lang, said in (("en", english), ("es", spanish)):
        result = invoke(["--lang", lang, "validate", "--jsonl", str(path)])
        assert result.exit_code == 65
        assert f"refcli: error: {path}:1: {said}\n" in result.stderr, result.stderr


def test_a_text_json_gives_that_is_not_known_keeps_json_words() -> None:
    error = json.JSONDecodeError("Something new", '{"a": 1}\n', 3)
    assert own_words(error, '{"a": 1}\n') == "not valid JSON at column 4: something new"
    i18n.set_language("es")
    assert own_words(error, '{"a": 1}\n') == "JSON no válido en la columna 4: something new"


def test_json_pure_python_escape_message_is_known_too() -> None:
    # json's Python scanner (used where its C one is missing) adds the escape to the message
    error = json.JSONDecodeError("Invalid \\escape: 'q'", '{"a": "\\q"}\n', 7)
    assert own_words(error, '{"a": "\\q"}\n').startswith("not valid JSON at column 8: a backslash in a string")
