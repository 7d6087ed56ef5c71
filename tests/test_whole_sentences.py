"""Every message is a whole sentence in each language, and every error family reads as one in both.

Spanish verbs agree with what follows them: a frame such as ``se esperaba {expected}, se encontró {found}``
reads "se esperaba las 40 cartas" or "se encontró nada" depending on what fills it. So no Spanish entry
of the catalogue may put a placeholder where a verb has to agree with it, and each family of errors
(a value of the wrong kind, a missing key, a wrong count, out of range, not among the choices, a game
not over, …) has its own sentence. The families' goldens, ``tests/golden/{en,es}/errors/``, hold what
refcli prints for one example of each (``tests/errors/*.toml``, the first line giving the command, and
``USAGE`` below for the command line's own errors); ``REFCLI_UPDATE_GOLDEN=1`` rewrites them (read the
diff before committing).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import REPO, Invoke

from refcli.language import catalogues
from refcli.language.i18n import game_title, percent, pgettext, using
from refcli.reading import tables

ERRORS = REPO / "tests" / "errors"
GOLDEN = REPO / "tests" / "golden"
LANGUAGES = ("en", "es")

# Where a Spanish message is assembled from a fragment whose grammar it cannot know.
FRAGMENT_PATTERNS = {
    # "se esperaba {expected}", "se encontró {found}": the verb agrees with whatever fills the placeholder
    "a placeholder right after se esperaba / se encontró": re.compile(
        r"\bse (?:esperaba|esperaban|encontró|encontraron)\s+\{"
    ),
    # "se encontró nada", "se encontró ninguno": a found value that is no value
    "se encontró with nothing found": re.compile(r"\bse encontró (?:nada|ninguno|ninguna|nadie)\b"),
    # "se esperaba las 40 cartas", "se esperaba de 3 a 5 nombres": a singular verb before a plural
    "a singular verb before a plural": re.compile(r"\bse esperaba (?:los|las|unos|unas|de \d|\d+ )"),
    # a translation that adds no word to one placeholder: the sentence is built around it elsewhere
    # (a sign such as "%" is a word here: "{number} %")
    "one placeholder and nothing else": re.compile(r"^[\s.,;:!?¡¿()\"«»—-]*\{[^{}]+\}[\s.,;:!?¡¿()\"«»—-]*$"),
}


def fragments(text: str) -> list[str]:
    """The names of the fragment patterns ``text`` (a Spanish message) matches."""
    return [name for name, pattern in FRAGMENT_PATTERNS.items() if pattern.search(text)]


@pytest.mark.parametrize(
    "text",
    [
        "se esperaba {expected}, se encontró {found}",
        "se esperaba las 40 cartas, se encontró las cartas de gato están repartidas",
        "auctioneer: se esperaba el nombre, se encontró nada (falta la clave)",
        "{what}",
        "se esperaba de 3 a 5 nombres de jugadores",
    ],
)
def test_the_fragment_patterns_find_the_review_s_examples(text: str) -> None:
    assert fragments(text)


@pytest.mark.parametrize(
    "text",
    [
        "{found} no vale aquí; valor esperado: {expected}",
        "falta la clave; valor esperado: {expected}",
        "se esperaba texto UTF-8, pero el archivo está en {encoding} (guárdalo como UTF-8)",
        "{player} ({value})",
    ],
)
def test_whole_sentences_are_not_fragments(text: str) -> None:
    assert fragments(text) == []


def test_no_spanish_message_is_assembled_from_fragments() -> None:
    found = []
    for message in catalogues.read(catalogues.po_path("es")):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for string in strings:
            for name in fragments(string or ""):
                found.append(f"{name}: {message.id!r} -> {string!r}")
    assert found == [], "\n".join(found)


# -- the frames, with the fillers that broke them -------------------------------------------------------
def test_each_frame_is_a_sentence_whatever_fills_it() -> None:
    with using("es"):
        assert tables.wrong_value("las 40 cartas", '"5 y 3"') == '"5 y 3" no vale aquí; valor esperado: las 40 cartas'
        assert tables.missing_key("el nombre del subastador") == (
            "falta la clave; valor esperado: el nombre del subastador"
        )
        assert tables.wrong_count("de 3 a 5 nombres de jugadores", 1) == (
            "hay 1; cantidad esperada: de 3 a 5 nombres de jugadores"
        )
        assert tables.out_of_range("un número entero del 0 al 4", "5") == (
            "5 está fuera del intervalo; valor esperado: un número entero del 0 al 4"
        )
        assert tables.not_among("auction, donkey", '"tea"') == '"tea" no es ninguna de las opciones: auction, donkey'
    with using("en"):
        assert tables.wrong_value("the 40 cards", '"5 y 3"') == 'expected the 40 cards, found "5 y 3"'
        assert tables.missing_key("a name") == "the key is missing; expected a name"


def test_none_is_said_by_what_there_is_none_of() -> None:
    with using("es"):
        said = {what: pgettext(f"no {what}", "none") for what in ("cards", "chips", "players", "money", "things")}
        assert said == {
            "cards": "ninguna",
            "chips": "ninguna",
            "players": "nadie",
            "money": "nada",
            "things": "ninguno",
        }
    with using("en"):
        assert {pgettext(f"no {what}", "none") for what in ("cards", "players", "money")} == {"none"}


def test_a_game_title_is_its_own_in_spanish_and_never_another_word() -> None:
    with using("es"):
        assert game_title("Money!") == "¡Dinero!"
        assert game_title("Bamboozled") == "Bamboozled"  # not "Engañado", the outcome word
    with using("en"):
        assert game_title("Money!") == "Money!"


def test_a_percentage_has_a_decimal_comma_and_a_space_in_spanish() -> None:
    with using("es"):
        assert percent(100 * 20 / 36) == "55,6 %"
    with using("en"):
        assert percent(100 * 20 / 36) == "55.6%"


# -- the Spanish man pages ------------------------------------------------------------------------------
ENGLISH_WORDS = {"the", "and", "with", "must", "when", "which", "is", "are", "for", "that", "this", "it", "its"}
ENGLISH_WORDS |= {"or", "of", "to", "in", "by"}


def english_lines(page: Path) -> list[str]:
    """The text lines of a man page with two or more distinct English words (code, names and values aside)."""
    found = []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith(".") or not line.strip():
            continue
        text = re.sub(r"\\f[BI].*?\\f[RP]", " ", line)  # commands and options
        text = re.sub(r"\\\[[^\]]*\]", "", text)  # escaped characters
        text = re.sub(r"(?i)cup.of.bluff|you're bluffing!|money!|\"[^\"]*\"|`[^`]*`|\S+=\S+", " ", text)
        if len({word for word in re.findall(r"\w+", text) if word in ENGLISH_WORDS}) >= 2:
            found.append(f"{page.name}:{number}: {line}")
    return found


def test_english_lines_are_found() -> None:
    page = REPO / "man" / "refcli-kuhhandel.1"  # the English page
    assert len(english_lines(page)) > 20


@pytest.mark.parametrize("page", sorted((REPO / "man" / "es").glob("*.1")), ids=lambda page: page.name)
def test_the_spanish_man_pages_hold_no_english_line(page: Path) -> None:
    assert english_lines(page) == []


# -- every error family, in both languages --------------------------------------------------------------
# The command line's own errors (refcli: error: …, then one line of hint)
USAGE = {
    "usage-no-such-option": ["score", "--fromat", "json", "x.toml"],
    "usage-no-such-command": ["kuhhandel", "scroe"],
    "usage-missing-argument": ["bamboozled", "compare", "43"],
    "usage-extra-argument": ["kuhhandel", "ruling", "a.toml", "b.toml"],
    "usage-not-a-choice": ["kuhhandel", "score", "--format", "xml", "x.toml"],
    "usage-out-of-range": ["validate", "--jobs", "99", "x.toml"],
    "usage-bad-value": ["bamboozled", "ladder", "x"],
}
FILES = sorted(ERRORS.glob("*.toml"))

# Each way refcli words a wrong value (refcli.reading.tables), and the file that shows it.
FRAMES = {
    "wrong_value": "wrong-kind.toml",
    "missing_key": "missing-key.toml",
    "wrong_count": "wrong-count.toml",
    "out_of_range": "out-of-range.toml",
    "not_among": "not-among-the-choices.toml",
}


# refcli.reading.tables' functions that are no frame: naming a value, and "expected …" with nothing found
NOT_FRAMES = {"describe", "decimal_digits", "expected_only"}


def test_every_frame_has_an_example() -> None:
    """A new frame in refcli.reading.tables needs an example here (and so goldens in both languages)."""
    functions = set(re.findall(r"^def (\w+)\(", Path(tables.__file__).read_text(encoding="utf-8"), re.M))
    assert functions - NOT_FRAMES == set(FRAMES)
    assert all((ERRORS / file).exists() for file in FRAMES.values())


def command_of(path: Path) -> list[str]:
    """``# run: refcli … FILE`` on the file's first line, FILE as a path relative to the repository."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# run: refcli "), path
    relative = str(path.relative_to(REPO))
    return [relative if word == "FILE" else word for word in first.removeprefix("# run: refcli ").split()]


def matches_golden(path: Path, produced: str) -> None:
    if os.environ.get("REFCLI_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(produced, encoding="utf-8")
    assert path.exists(), f"missing {path.relative_to(REPO)}: run with REFCLI_UPDATE_GOLDEN=1"
    assert produced == path.read_text(encoding="utf-8"), path.relative_to(REPO)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("example", FILES, ids=lambda path: path.stem)
def test_each_error_family_reads_as_its_golden(
    example: Path, lang: str, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    result = invoke(["--lang", lang, *command_of(example)], env={"COLUMNS": "80"})
    assert result.exit_code == 65 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("refcli: error: ")
    matches_golden(GOLDEN / lang / "errors" / f"{example.stem}.txt", result.stderr)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(USAGE))
def test_each_usage_error_reads_as_its_golden(name: str, lang: str, invoke: Invoke) -> None:
    result = invoke(["--lang", lang, *USAGE[name]], env={"COLUMNS": "80"})
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert 1 <= len(lines) <= 2 and lines[0].startswith("refcli: error: ")
    matches_golden(GOLDEN / lang / "errors" / f"{name}.txt", result.stderr)


def test_every_golden_error_has_its_example() -> None:
    """No golden is left behind by an example removed (the families are exactly the examples and USAGE)."""
    expected = {path.stem for path in FILES} | set(USAGE)
    for lang in LANGUAGES:
        assert {path.stem for path in (GOLDEN / lang / "errors").glob("*.txt")} == expected


# -- the review's defects that came from a word left in English or a fragment ----------------------------
MOMENT = 'game = "bamboozled"\nsituation = "card"\nplayers = ["Ana", "Ben", "Cid", "Dora"]\nplayer = "Ben"\n'
MOMENT += 'card = "reverse"\ndeclarer = "Ana"\nto_beat = 52\nmoment = "después de tirar"\n'


def test_a_card_played_at_the_wrong_moment_names_the_moment_in_words(invoke: Invoke, write: Callable[..., str]) -> None:
    path = write(MOMENT)
    spanish = invoke(["--lang", "es", "bamboozled", "ruling", path, "--format", "json"])
    assert spanish.exit_code == 1
    assert "antes de llamar farol o tirar, no después de tirar" in spanish.stdout
    english = invoke(["bamboozled", "ruling", path, "--format", "json"])
    assert "before calling or rolling, not after rolling" in english.stdout


CURRENCIES = 'game = "money"\n[[player]]\nname = "Ana"\nnotes = { rublo = [20, 20, 20], marco = [60], '
CURRENCIES += '"florín" = [30], rupia = [40] }\n[[player]]\nname = "Ben"\n[[player]]\nname = "Cid"\n'


def test_the_rulebook_s_currencies_are_shown_in_spanish_and_kept_in_english(
    invoke: Invoke, write: Callable[..., str]
) -> None:
    path = write(CURRENCIES)
    text = invoke(["--lang", "es", "money", "score", path]).stdout
    assert "rublo 60→0 + 100 (triplete de 20), marco 60→0, florín 30→0, rupia 40→0 = 100" in text
    assert text.startswith("¡Dinero! — ")
    english = invoke(["--lang", "es", "money", "score", path, "--format", "json"]).stdout
    assert all(f'"currency": "{name}"' in english for name in ("rouble", "mark", "guilder", "rupee"))


def test_the_answers_document_and_another_table_are_said_in_spanish() -> None:
    from refcli.cli.prompts import ANOTHER, PROMPTS
    from refcli.language.i18n import _

    with using("es"):
        assert _(PROMPTS) == "<respuestas>"
        assert _(ANOTHER["player"]) == "¿Otro jugador?"
