"""TOML inputs are parsed by tomli's compiled wheel where it is installed, with tomllib's own results.

tomli is the parser tomllib was copied from, compiled: the same values and the
same messages, about 2.5x faster. These tests check that refcli picks it only
when it reads TOML 1.0 as tomllib does, and that every located error refcli
prints (English and Spanish, refcli's own words or tomllib's translated text)
is the same whichever of the two parsed the file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from refcli.language.i18n import set_language, using
from refcli.model.errors import DataError
from refcli.reading import documents
from refcli.reading.documents import parse_toml, usable_tomli

tomli = pytest.importorskip("tomli")

# one of each of tomllib's messages, and the mistakes refcli says in its own words
BAD = [
    "[player]\nname = 'Ana'\n[player]\nname = 'Bea'\n",
    "a = 1\na = 2\n",
    "[player]\n[[player]]\n",
    "a = [1, 2\n",
    'a = "abc\n',
    "a = 1 b\n",
    "é = 1\n",
    "dólar = [20]\n",
    "name = Ana\n",
    "done = True\n",
    "names = [Ana, Bea]\n",
    "a = {b = 1}\na.c = 2\n",
    "a = {x = 1,}\n",
    "a = {x = 1, x = 2}\n",
    "[a\n",
    "[[a]\n",
    'a = "\\q"\n',
    'a = "\\uD800"\n',
    'a = "\\e"\n',
    "a = 1979-02-30\n",
    "t = 12:30\n",
    "a = tru\n",
    "a = 1\n\x7f\n",
    "a = 'x\x01'\n",
    "a.b = 1\n[a]\nb = 2\n",
    "a = [" * 500 + "]" * 500 + "\n",
    "a = " + "1" * 5000 + "\n",
]


@pytest.fixture(autouse=True)
def language_as_the_environment_says() -> Iterator[None]:
    yield
    set_language(None)


def refusal(text: str) -> tuple[Any, ...]:
    with pytest.raises(DataError) as caught:
        parse_toml(text, "game.toml")
    error = caught.value
    return error.message, error.file, error.line, error.path, error.one_line()


def test_the_installed_compiled_tomli_is_the_parser() -> None:
    assert usable_tomli(tomli), f"tomli {tomli.__version__} is installed but not used (not compiled, or TOML 1.1)"
    assert documents.toml_loads is tomli.loads
    assert documents.TOMLDecodeError is tomli.TOMLDecodeError


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("text", BAD)
def test_every_refusal_is_the_same_as_with_tomllib(text: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with using(lang):
        fast = refusal(text)
        monkeypatch.setattr(documents, "toml_loads", tomllib.loads)
        monkeypatch.setattr(documents, "TOMLDecodeError", tomllib.TOMLDecodeError)
        assert refusal(text) == fast


def test_valid_records_read_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import EXAMPLES

    files = sorted(EXAMPLES.glob("*/*.toml"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        try:
            expected = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            with pytest.raises(tomli.TOMLDecodeError):
                tomli.loads(text)
            continue
        assert tomli.loads(text) == expected, path


@pytest.mark.parametrize(
    ("version", "parser_file", "usable"),
    [
        ("2.3.2", "_parser.cpython-311-x86_64-linux-gnu.so", True),
        ("2.2.1", "_parser.cp311-win_amd64.pyd", True),
        ("2.3.2", "_parser.py", False),  # pure Python: no faster than tomllib
        ("2.4.0", "_parser.cpython-311-x86_64-linux-gnu.so", False),  # TOML 1.1: accepts what tomllib refuses
        ("3.0", "_parser.cpython-311-x86_64-linux-gnu.so", False),
        ("1.2.3", "_parser.py", False),
    ],
)
def test_only_a_compiled_tomli_reading_toml_1_0_is_used(version: str, parser_file: str, usable: bool) -> None:
    module = SimpleNamespace(__version__=version, _parser=SimpleNamespace(__file__=parser_file))
    assert usable_tomli(module) is usable  # type: ignore[arg-type]
