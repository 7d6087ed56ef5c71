"""Errors, file messages and templates in Spanish: the same one line, exit status and shape.

Under ``--lang es`` every error refcli words itself about files, streams, sizes,
TOML syntax, output files and ``KEY=VALUE`` items is Spanish, while file names,
key paths, option names and commands stay as they are: ``refcli: error:
FILE:LINE: key.path: se esperaba …, se encontró …``. English is unchanged (the
other tests pin it). ``refcli GAME template KIND`` prints the Spanish template,
generated beside the English one (``data/templates/GAME/es/KIND.toml``).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import EXAMPLES, REPO, Invoke

from refcli.language.i18n import set_language, using
from refcli.model.errors import DataError, InputUnreadable, os_reason
from refcli.reading.documents import Document, parse_toml, toml_reason
from refcli.reading.tables import Table, describe

SNAPSHOT = EXAMPLES / "kuhhandel" / "rulebook-2460.toml"
TEMPLATES = REPO / "data" / "templates"
GUARD_SECONDS = 60  # a hang guard, not a timing


@pytest.fixture(autouse=True)
def language_as_the_environment_says() -> Iterator[None]:
    """A test that switches to Spanish in this process leaves the next one the environment's language."""
    yield
    set_language(None)


def one_line(result: object) -> str:
    """The run's only line on stderr (CliRunner mixes it into ``output``): refcli's errors are one line."""
    lines = [line for line in result.output.splitlines() if line.startswith("refcli: ")]
    assert len(lines) == 1, result.output
    return lines[0]


# -- reading files --------------------------------------------------------------------------
def test_a_missing_file_is_66_in_spanish(invoke: Invoke) -> None:
    result = invoke(["--lang", "es", "kuhhandel", "score", "nothere.toml"])
    assert result.exit_code == 66
    assert one_line(result) == "refcli: error: nothere.toml: no se puede leer: no existe el archivo"


def test_a_directory_given_as_a_file_is_66_in_spanish(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(["kuhhandel", "score", str(tmp_path), "--lang", "es"])  # --lang after the command too
    assert result.exit_code == 66
    assert one_line(result) == f"refcli: error: {tmp_path}: no se puede leer: es un directorio, no un archivo"


def test_english_is_unchanged(invoke: Invoke) -> None:
    result = invoke(["--lang", "en", "kuhhandel", "score", "nothere.toml"])
    assert result.exit_code == 66
    assert one_line(result) == "refcli: error: nothere.toml: cannot read: no such file"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            'game = "kuhhandel"\n[[player]\n',
            ":2: no es TOML válido en la columna 9: se esperaba ']]' al final de la cabecera de una lista de tablas",
        ),
        ("a = [1,\n", ":2: no es TOML válido: valor no válido"),
        ('a = "x\n', ":1: no es TOML válido en la columna 7: carácter no permitido '\\n'"),
        ("a = 1\na = 2\n", ":2: no es TOML válido en la columna 6: no se puede sobrescribir un valor"),
        (
            "",
            ":1: el archivo está vacío (sin claves, solo espacios o comentarios); se esperaba un documento TOML "
            "(`refcli GAME template final` muestra uno)",
        ),
        ("a = " + "9" * 5000 + "\n", ":1: se esperaba un entero de 4300 cifras como mucho, se encontró uno de 5000"),
        (
            ".".join(["a"] * 40) + " = 1\n",
            ":1: se esperaba una clave con puntos de 32 partes como mucho, se encontraron más",
        ),
    ],
    ids=["header", "end", "string", "twice", "empty", "digits", "dots"],
)
def test_a_file_that_is_not_valid_toml_is_65_in_spanish(
    invoke: Invoke, write: Callable[[str, str], str], text: str, said: str
) -> None:
    path = write(text, "bad.toml")
    result = invoke(["--lang", "es", "kuhhandel", "score", path])
    assert result.exit_code == 65
    assert one_line(result) == f"refcli: error: {path}{said}"


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        (b"\xff\xfeg\x00", ":1: se esperaba texto UTF-8, pero el archivo está en UTF-16 (guárdalo como UTF-8)"),
        (b'game = "k\xff"\n', ":1: se esperaba texto UTF-8, se encontró el byte 0xff, que no es UTF-8"),
        (b"a = 1\n\x00", ":2: se esperaba un archivo de texto, se encontró un byte NUL (¿datos binarios?)"),
    ],
    ids=["utf-16", "not-utf-8", "nul"],
)
def test_a_file_that_is_not_utf8_text_is_65_in_spanish(invoke: Invoke, tmp_path: Path, raw: bytes, said: str) -> None:
    path = tmp_path / "bytes.toml"
    path.write_bytes(raw)
    result = invoke(["--lang", "es", "kuhhandel", "score", str(path)])
    assert result.exit_code == 65
    assert one_line(result) == f"refcli: error: {path}{said}"


def test_the_size_limit_is_65_in_spanish_with_the_plural_of_bytes(invoke: Invoke) -> None:
    for limit, size in (("10", "10 bytes"), ("1", "1 byte")):
        result = invoke(["--lang", "es", "kuhhandel", "score", "--max-bytes", limit, str(SNAPSHOT)])
        assert result.exit_code == 65
        assert one_line(result) == (
            f"refcli: error: {SNAPSHOT}:1: se esperaba un máximo de {size} (el límite de tamaño de la entrada; "
            "--max-bytes lo amplía), se encontró más"
        )


def test_a_bad_value_keeps_file_line_and_key_path(invoke: Invoke, write: Callable[[str, str], str]) -> None:
    """The reader's words are its own module's; the shape around them is the same in Spanish."""
    path = write('game = "kuhhandel"\nedition = 7\n', "value.toml")
    result = invoke(["--lang", "es", "kuhhandel", "score", path])
    assert result.exit_code == 65
    assert one_line(result).startswith(f"refcli: error: {path}:2: edition: ")


def test_a_located_error_says_expected_and_found_in_spanish() -> None:
    text = 'game = "kuhhandel"\n\n[[player]]\nname = "Ana"\nanimals = { cow = 5 }\n'
    doc = Document(name="game.toml", data=tomllib.loads(text), text=text)
    with using("es"):
        error = Table(doc, doc.data).error_at(("player", 1, "animals", "cow"), "las 40 cartas", describe("5 y 3"))
        with pytest.raises(DataError) as absent:
            Table(doc, doc.data).require("edition", "la edición: un número entero, 1 o 2")
    # whole sentences whatever fills them: the value found is the subject, what is expected comes after a colon
    assert error.one_line() == 'game.toml:5: player[1].animals.cow: "5 y 3" no vale aquí; valor esperado: las 40 cartas'
    assert absent.value.one_line() == (
        "game.toml:1: edition: falta la clave; valor esperado: la edición: un número entero, 1 o 2"
    )


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("", "un texto vacío"),
        ({}, "una tabla"),
        ([], "una lista"),
        (float("inf"), "infinito"),
        (10**20, "un entero de 21 cifras"),
    ],
)
def test_found_values_are_named_in_spanish(value: object, said: str) -> None:
    with using("es"):
        assert describe(value) == said
    assert describe("Ana") == '"Ana"'  # a value as written, in any language


# -- a file given to the wrong command, KEY=VALUE items ------------------------------------------
def test_a_file_given_to_the_wrong_command_names_the_right_one_in_spanish(invoke: Invoke) -> None:
    file = str(EXAMPLES / "kuhhandel" / "cow-trade-spec.toml")
    result = invoke(["--lang", "es", "kuhhandel", "score", file])
    assert result.exit_code == 65
    assert one_line(result) == (
        f"refcli: error: {file}:5: situation: el archivo es una situación de intercambio de vacas, no un estado final "
        f"(lo que lee `refcli kuhhandel score`): pide el dictamen con `refcli kuhhandel ruling {file}`"
    )


def test_a_document_without_a_game_key_names_the_game_in_spanish(invoke: Invoke) -> None:
    text = "".join(
        line for line in SNAPSHOT.read_text(encoding="utf-8").splitlines(True) if not line.startswith("game =")
    )
    result = invoke(["--lang", "es", "score", "-"], input=text)
    assert result.exit_code == 65
    line = one_line(result)
    assert line.startswith("refcli: error: <stdin>:1: game: falta la clave game (una de kuhhandel, "), line
    assert "); el documento es el estado final de Kuhhandel: " in line
    assert line.endswith('añade game = "kuhhandel" o puntúalo con `refcli kuhhandel score -`')


def test_an_item_error_names_the_item_in_spanish(invoke: Invoke) -> None:
    result = invoke(
        [
            "--lang",
            "es",
            "kuhhandel",
            "ruling",
            "situation=auction",
            "animal=cat",
            "players=Ana,Ben,Cid",
            "auctioneer=Ana",
            "bids.2=Ben,30",
        ]
    )
    assert result.exit_code == 65
    assert one_line(result) == (
        "refcli: error: argumento bids.2=Ben,30: bids: 2 no es un número de elemento válido: "
        "se cuentan desde 1, sin huecos"
    )


def test_an_item_that_is_not_toml_is_2_in_spanish(invoke: Invoke) -> None:
    """A usage error (exit 2, as in English): the item named, the reason in Spanish."""
    result = invoke(["--lang", "es", "kuhhandel", "ruling", "bids:=[[", "situation=auction"])
    assert result.exit_code == 2
    assert "argumento 'bids:=[[': se esperaba un valor TOML después de :=, p. ej. [10, 50] o \"Ana\"" in result.output


# -- writing files (-o) -------------------------------------------------------------------------
def test_output_to_a_directory_is_73_in_spanish(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(["--lang", "es", "kuhhandel", "template", "auction", "-o", str(tmp_path)])
    assert result.exit_code == 73
    assert one_line(result) == f"refcli: error: no se puede escribir {tmp_path}: es un directorio; indica un archivo"


def test_output_over_a_file_without_force_is_73_in_spanish(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "a.toml"
    target.write_text("kept\n", encoding="utf-8")
    result = invoke(["--lang", "es", "kuhhandel", "template", "auction", "-o", str(target)])
    assert result.exit_code == 73
    assert one_line(result) == f"refcli: error: {target} ya existe; usa --force para sobrescribirlo"
    assert target.read_text(encoding="utf-8") == "kept\n"


def test_output_to_a_device_is_73_in_spanish(invoke: Invoke) -> None:
    result = invoke(["--lang", "es", "kuhhandel", "template", "auction", "-o", "/dev/null", "--force"])
    assert result.exit_code == 73
    assert one_line(result) == (
        "refcli: error: no se puede escribir /dev/null: es un dispositivo de caracteres, no un archivo normal"
    )


def test_output_into_a_missing_folder_says_the_reason_in_spanish(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "a.toml"
    result = invoke(["--lang", "es", "kuhhandel", "template", "auction", "-o", str(target)])
    assert result.exit_code == 73
    assert one_line(result) == f"refcli: error: no se puede escribir {target}: no existe el archivo o el directorio"


def test_the_reasons_of_the_system_are_translated_and_english_keeps_its_own() -> None:
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    odd = OSError(errno.ECHILD, "whatever the system says")
    with using("es"):
        assert os_reason(full) == "no queda espacio en el dispositivo"
        assert os_reason(odd) == "whatever the system says"  # not one refcli words: the system's own
        assert str(InputUnreadable.because("a.toml", PermissionError(errno.EACCES, "Permission denied"))) == (
            "a.toml: no se puede leer: permiso denegado"
        )
    with using("en"):
        assert os_reason(OSError(errno.ENOSPC, "the platform's words")) == "the platform's words"


def run(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    """``python -m refcli`` in a fresh process (the streams are the real ones)."""
    env = {key: value for key, value in os.environ.items() if key != "REFCLI_LANG"}
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "refcli", *args], timeout=GUARD_SECONDS, env=env, **kwargs
    )


def test_stdout_on_a_full_device_is_74_in_spanish() -> None:
    with open("/dev/full", "wb") as full:
        result = run("--lang", "es", "kuhhandel", "template", "final", stdout=full)
    assert result.returncode == 74
    assert result.stderr.decode().splitlines() == [
        "refcli: error: <stdout>: no se puede escribir: no queda espacio en el dispositivo"
    ]


def test_stdin_closed_is_66_in_spanish() -> None:
    result = run("--lang", "es", "kuhhandel", "score", "-", stdin=None, preexec_fn=lambda: os.close(0))
    assert result.returncode == 66
    assert result.stderr.decode().splitlines() == [
        "refcli: error: <stdin>: no se puede leer: la entrada estándar está cerrada"
    ]


def test_output_written_says_so_in_spanish(tmp_path: Path) -> None:
    target = tmp_path / "final.toml"
    result = run("--lang", "es", "kuhhandel", "template", "final", "-o", str(target))
    assert result.returncode == 0
    assert result.stderr.decode().splitlines() == [f"se ha escrito {target}"]
    assert target.read_text(encoding="utf-8") == (TEMPLATES / "kuhhandel" / "es" / "final.toml").read_text(
        encoding="utf-8"
    )


# -- TOML's own messages ------------------------------------------------------------------------
SYNTAX_ERRORS = [  # one for each message tomllib has (Python 3.11); the commonest get refcli's own words elsewhere
    "a = 1 b = 2",
    "a = 1\na = 2",
    "[a\n",
    "[[a]\n",
    "a 1",
    "= 1",
    "a = [1, 2",
    "a = { b = 1",
    'a = "\\q"',
    'a = "\\uZZZZ"',
    'a = "\\uD800"',
    'a = """abc',
    "a = 'abc",
    "a = 1979-02-30",
    "a = @",
    "a = 1\n[a]\n",
    "a = {}\na.b = 1\n",
    "[a.b]\n[a]\nb.c = 1\n",
    "a = { b = 1, b = 2 }",
    'a = "\x01"',
    "a = 'x\x01'",
]


@pytest.mark.parametrize("text", SYNTAX_ERRORS)
def test_tomllib_messages_are_said_in_spanish(text: str) -> None:
    """Every syntax message tomllib gives for these is translated (a new Python rewording one would show here)."""
    with using("es"):
        with pytest.raises(DataError) as error:
            parse_toml(text, "x.toml")
    said = error.value.message
    assert said.startswith(("no es TOML válido", "no se puede")), said
    english = ("expected", "invalid", "cannot", "unclosed", "unterminated", "illegal", "found", "duplicate")
    assert not any(word in said.casefold().split() for word in english), said


def test_an_unknown_tomllib_message_is_shown_as_it_is() -> None:
    assert toml_reason("Something new") == "something new"
    with using("es"):
        assert toml_reason("Invalid value") == "valor no válido"
        assert toml_reason("Expected '=' after a key in a key/value pair") == (
            "se esperaba '=' después de la clave en un par clave = valor"
        )


# -- templates ----------------------------------------------------------------------------------
def test_the_template_command_prints_the_spanish_template(invoke: Invoke) -> None:
    spanish = invoke(["--lang", "es", "kuhhandel", "template", "auction"])
    english = invoke(["--lang", "en", "kuhhandel", "template", "auction"])
    assert spanish.exit_code == english.exit_code == 0
    assert spanish.output == (TEMPLATES / "kuhhandel" / "es" / "auction.toml").read_text(encoding="utf-8")
    assert english.output == (TEMPLATES / "kuhhandel" / "auction.toml").read_text(encoding="utf-8")
    assert spanish.output.startswith("# ") and "para `refcli kuhhandel ruling FILE`." in spanish.output.splitlines()[0]
    # comments apart, the same document: keys and values stay English, valid input in any language
    assert tomllib.loads(spanish.output) == tomllib.loads(english.output)


def test_every_spanish_template_reads_as_its_english_twin() -> None:
    for english in sorted(TEMPLATES.glob("*/*.toml")):
        spanish = english.parent / "es" / english.name
        assert tomllib.loads(spanish.read_text(encoding="utf-8")) == tomllib.loads(english.read_text(encoding="utf-8"))


def test_a_template_without_a_translation_is_printed_in_english(tmp_path: Path) -> None:
    from refcli.reading.formats.template import template_file

    (tmp_path / "templates" / "toy").mkdir(parents=True)
    (tmp_path / "templates" / "toy" / "final.toml").write_text("# toy\n", encoding="utf-8")
    with using("es"):
        assert template_file(tmp_path, "templates/toy/final.toml") == tmp_path / "templates" / "toy" / "final.toml"
        assert template_file(tmp_path, "schemas/toy/final.schema.json") == tmp_path / "schemas/toy/final.schema.json"
        (tmp_path / "templates" / "toy" / "es").mkdir()
        (tmp_path / "templates" / "toy" / "es" / "final.toml").write_text("# juguete\n", encoding="utf-8")
        assert template_file(tmp_path, "templates/toy/final.toml") == tmp_path / "templates/toy/es/final.toml"
    with using("en"):
        assert template_file(tmp_path, "templates/toy/final.toml") == tmp_path / "templates" / "toy" / "final.toml"


def test_my_messages_are_all_translated() -> None:
    """What ``python -m refcli.language.catalogues missing`` checks for these modules."""
    pytest.importorskip("babel")
    from refcli.language.catalogues import problems

    paths = (
        "refcli/model/errors.py",
        "refcli/model/exit_status.py",
        "refcli/reading/documents.py",
        "refcli/reading/locate.py",
        "refcli/reading/prescan.py",
        "refcli/reading/tables.py",
        "refcli/reading/wrong_command.py",
        "refcli/output/files.py",
        "refcli/cli/lifecycle.py",
        "refcli/reading/items.py",
        "refcli/reading/formats/template.py",
        "refcli/reading/formats/text.py",
        "refcli/reading/formats/json_schema_of.py",
    )
    found = [problem for problem in problems("es") if problem.startswith(paths)]
    assert not found, found
