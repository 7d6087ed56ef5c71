"""The plugin guide's game, built from the guide and installed, gets everything a built-in game has.

``docs/plugins.md`` walks through Coin Toss, a game from another distribution; its files are in
``examples/plugins/cointoss``. These tests check that the guide shows those files as they are, then write
the game out of the guide's code blocks, compile its catalogue as the guide says, install it with pip
(offline: ``--no-index --no-build-isolation``, into a folder put on ``PYTHONPATH``) and run every command
in English and in Spanish, as a person would, in fresh interpreters.
"""

from __future__ import annotations

import gettext
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import REPO

GUIDE = REPO / "docs" / "plugins.md"
EXAMPLE = REPO / "examples" / "plugins" / "cointoss"
CATALOGUE = "src/refcli_cointoss/locale/es/LC_MESSAGES/refcli_cointoss"
# A fenced block that is a file of the example: ```python file=src/refcli_cointoss/final.py
BLOCK = re.compile(r"^```\w+ file=(\S+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
LANGUAGES = ("en", "es")


def guide_files() -> dict[str, str]:
    """Path in the example → text, for every file the guide shows."""
    found: dict[str, str] = {}
    for path, text in BLOCK.findall(GUIDE.read_text(encoding="utf-8")):
        assert path not in found, f"the guide shows {path} twice"
        found[path] = text
    return found


def example_files() -> dict[str, str]:
    """Path → text of every source file of the example (the compiled .mo is made from the .po)."""
    return {
        path.relative_to(EXAMPLE).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(EXAMPLE.rglob("*"))
        if path.is_file() and path.suffix != ".mo" and "__pycache__" not in path.parts
    }


def test_the_guide_shows_every_file_of_the_example_as_it_is() -> None:
    shown, shipped = guide_files(), example_files()
    assert sorted(shown) == sorted(shipped), "a file of examples/plugins/cointoss is missing from the guide, or extra"
    for path, text in shipped.items():
        assert shown[path] == text, f"docs/plugins.md shows {path} otherwise than the example has it"


def messages(translations: gettext.GNUTranslations) -> dict[object, str]:
    """Every (msgid → msgstr) a compiled catalogue holds, through gettext's public calls."""
    from babel.messages.pofile import read_po

    with open(EXAMPLE / f"{CATALOGUE}.po", "rb") as handle:
        catalog = read_po(handle)
    found: dict[object, str] = {}
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            singular, plural = message.id
            found[message.id] = (
                translations.ngettext(singular, plural, 1) + "|" + translations.ngettext(singular, plural, 2)
            )
        else:
            found[message.id] = translations.gettext(message.id)
    return found


def test_the_shipped_catalogue_is_the_po_compiled_and_translates_every_message() -> None:
    """The committed .mo says what the .po says, and every message the game's code and rules show is in it."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import read_po

    with open(EXAMPLE / f"{CATALOGUE}.mo", "rb") as handle:
        shipped = gettext.GNUTranslations(handle)
    with open(EXAMPLE / f"{CATALOGUE}.po", "rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.id:
            expected = message.string if not isinstance(message.id, tuple) else "|".join(message.string)
            assert messages(shipped)[message.id] == expected, message.id
            assert all(message.string), f"untranslated: {message.id}"
    extracted = {
        message[2] if isinstance(message[2], str) else tuple(message[2])
        for message in extract_from_dir(str(EXAMPLE / "src"))
    }
    import tomllib

    rules = tomllib.loads((EXAMPLE / "src/refcli_cointoss/data/rules/cointoss.toml").read_text(encoding="utf-8"))
    summaries = {clause["summary"] for clause in rules["clause"]}
    assert (extracted | summaries) - {message.id for message in catalog} == set()


# ------------------------------------------------------------------ the game, built from the guide


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The guide's game written out of its code blocks, its catalogue compiled, installed into a folder."""
    source = tmp_path_factory.mktemp("cointoss")
    for path, text in guide_files().items():
        (source / path).parent.mkdir(parents=True, exist_ok=True)
        (source / path).write_text(text, encoding="utf-8")
    # the guide's `pybabel compile -D refcli_cointoss -d src/refcli_cointoss/locale -l es`
    compile_po = [sys.executable, "-m", "babel.messages.frontend", "compile", "-D", "refcli_cointoss"]
    subprocess.run([*compile_po, "-d", "src/refcli_cointoss/locale", "-l", "es"], cwd=source, check=True)
    target = tmp_path_factory.mktemp("site")
    install = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--no-build-isolation"]
    done = subprocess.run([*install, "--target", str(target), str(source)], capture_output=True, text=True, cwd=source)
    assert done.returncode == 0, done.stderr
    assert (target / "refcli_cointoss" / "locale" / "es" / "LC_MESSAGES" / "refcli_cointoss.mo").is_file()
    (target / "samples").mkdir()
    for sample in (source / "samples").iterdir():
        (target / "samples" / sample.name).write_bytes(sample.read_bytes())
    return target


def environment(site: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    env["REFCLI_LANG"] = "en"  # English unless a command says --lang es
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH", "")]))
    return env


def refcli(site: Path, lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``refcli --lang LANG ARGS`` as the console script runs it, with the game installed, in its samples' folder."""
    return subprocess.run(
        [sys.executable, "-m", "refcli", "--lang", lang, *args],
        capture_output=True,
        text=True,
        env=environment(site),
        cwd=site / "samples",
        timeout=60,
    )


def said(result: subprocess.CompletedProcess[str]) -> str:
    return " ".join(result.stdout.split())  # whatever the line breaks


@pytest.mark.parametrize("lang", LANGUAGES)
def test_score(site: Path, lang: str) -> None:
    result = refcli(site, lang, "cointoss", "score", "final.toml")
    assert result.returncode == 0, result.stderr
    text = said(result)
    assert {"en": "Winner: Ana", "es": "Ganador: Ana"}[lang] in text
    assert {"en": "one per right call", "es": "uno por acierto"}[lang] in text
    # the rulebook is English: an English run quotes it alone, a Spanish one adds the summary in Spanish
    assert ("Cada acierto vale un punto." in text.split("[point]")[1]) is (lang == "es")
    assert "A right call scores one point." not in text
    document = json.loads(refcli(site, lang, "score", "final.toml", "--format", "json").stdout)  # by its game key
    assert [(p["name"], p["score"], p["rank"]) for p in document["players"]] == [("Ana", 3, 1), ("Ben", 2, 2)]
    assert document["winners"] == ["Ana"] and [c["id"] for c in document["citations"]] == ["point", "winner"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ruling(site: Path, lang: str, tmp_path: Path) -> None:
    result = refcli(site, lang, "cointoss", "ruling", "toss.toml")
    assert result.returncode == 0, result.stderr
    verdict = {
        "en": "Decision: Ana called it right and scores a point.",
        "es": "Decisión: Ana acertó y se lleva un punto.",
    }
    assert verdict[lang] in said(result)
    assert {"en": "Scoring a point Ana", "es": "Se llevan un punto Ana"}[lang] in said(result)
    document = json.loads(refcli(site, lang, "cointoss", "ruling", "toss.toml", "-f", "json").stdout)
    assert document["outcome"] == {"coin": "heads", "scorers": ["Ana"]} and document["legal"] is True
    # the game's Spanish words in a file, and a toss that breaks a rule (exit 1)
    twice = tmp_path / "twice.toml"
    twice.write_text(
        'situation = "tirada"\ncoin = "cruz"\n[[call]]\nplayer = "Ana"\nside = "cara"\n'
        '[[call]]\nplayer = "Ana"\nside = "cruz"\n',
        encoding="utf-8",
    )
    broken = refcli(site, lang, "cointoss", "ruling", str(twice))
    assert broken.returncode == 1, broken.stderr
    message = {"en": "Ana called twice: a player calls once per toss.", "es": "Ana cantó dos veces"}
    assert message[lang] in said(broken)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_validate(site: Path, lang: str) -> None:
    result = refcli(site, lang, "cointoss", "validate", "record.toml")
    assert result.returncode == 1, result.stderr  # the sample record breaks two rules
    findings = {
        "en": ("event 2: error [call]: Ben made no call", "error [point]: Ben has 1 point recorded, but called 0"),
        "es": ("jugada 2: error [call]: Ben no cantó", "error [point]: Ben tiene 1 punto anotado, pero acertó 0"),
    }
    assert all(finding in said(result) for finding in findings[lang]), result.stdout
    document = json.loads(refcli(site, lang, "cointoss", "validate", "record.toml", "-f", "json").stdout)
    (entry,) = document["results"]
    assert [(f["event"], f["rule"]) for f in entry["findings"]] == [(2, "call"), (None, "point")]
    assert entry["points"] == {"Ana": 1, "Ben": 0}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules(site: Path, lang: str) -> None:
    result = refcli(site, lang, "cointoss", "rules", "point")
    assert result.returncode == 0, result.stderr
    assert "“Each player whose call matches the side the coin lands on scores one point.”" in said(result)
    document = json.loads(refcli(site, lang, "cointoss", "rules", "winner", "-f", "json").stdout)
    assert [clause["id"] for clause in document["clauses"]] == ["winner"]
    summary = {"en": "The most points win; a tie is a shared win.", "es": "Gana quien tenga más puntos"}
    assert document["clauses"][0]["summary"].startswith(summary[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_template_is_generated_in_the_language_and_is_valid_input(site: Path, lang: str, tmp_path: Path) -> None:
    result = refcli(site, lang, "cointoss", "template", "toss")
    assert result.returncode == 0, result.stderr
    first = {"en": "# Coin Toss toss for `refcli cointoss ruling FILE`.", "es": "# Tirada de Cara o cruz para"}
    assert result.stdout.startswith(first[lang])
    assert {"en": "# the side the coin landed on", "es": "# la cara que salió"}[lang] in result.stdout
    for kind, verb in (("final", "score"), ("toss", "ruling"), ("record", "validate")):
        starter = tmp_path / f"{kind}.toml"
        written = refcli(site, lang, "cointoss", "template", kind, "-o", str(starter))  # KIND in Spanish too
        assert written.returncode == 0, written.stderr
        assert refcli(site, lang, "cointoss", verb, str(starter)).returncode == 0, kind
    spanish_kind = refcli(site, lang, "cointoss", "template", "tirada")
    assert spanish_kind.returncode == 0 and spanish_kind.stdout == result.stdout


@pytest.mark.parametrize("lang", LANGUAGES)
def test_schema_is_generated_and_describes_the_samples(site: Path, lang: str) -> None:
    import tomllib

    import jsonschema

    for kind, sample in (("final", "final.toml"), ("toss", "toss.toml"), ("record", "record.toml")):
        result = refcli(site, lang, "cointoss", "schema", kind)
        assert result.returncode == 0, result.stderr
        schema = json.loads(result.stdout)
        assert schema["x-refcli"] == {**schema["x-refcli"], "game": "cointoss", "kind": kind}
        jsonschema.validate(tomllib.loads((site / "samples" / sample).read_text(encoding="utf-8")), schema)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({"game": "cointoss", "surprise": 1}, schema)
    assert json.loads(refcli(site, lang, "cointoss", "schema", "final").stdout)["title"] == (
        "Coin Toss final snapshot (cointoss final)"  # schemas are English, as refcli's shipped ones
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_root_help_lists_the_installed_game(site: Path, lang: str) -> None:
    result = refcli(site, lang, "--help")
    assert result.returncode == 0, result.stderr
    line = {"en": "cointoss Coin Toss (call heads or tails)", "es": "cointoss Cara o cruz (cantar cara o cruz)"}
    assert line[lang] in said(result)
    group = refcli(site, lang, "cointoss", "--help")
    assert all(verb in group.stdout for verb in ("score", "ruling", "validate", "rules", "template", "schema"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_typo_of_its_name_gets_did_you_mean(site: Path, lang: str) -> None:
    for typo, meant in (("cointos", "cointoss"), ("cara-o-crus", "cara-o-cruz")):
        result = refcli(site, lang, typo, "score", "final.toml")
        assert result.returncode == 2
        message = {"en": "(did you mean '{meant}'?)", "es": "(¿querías decir '{meant}'?)"}
        assert message[lang].format(meant=meant) in result.stderr
    alias = refcli(site, lang, "cara-o-cruz", "score", "final.toml", "-f", "json")
    assert alias.returncode == 0 and json.loads(alias.stdout)["game"] == "cointoss"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_man_page_command_writes_its_pages(site: Path, lang: str, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "refcli.cli.manpage", "--game", "cointoss", str(tmp_path)]
    done = subprocess.run(command, capture_output=True, text=True, env=environment(site), timeout=120)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / {"en": "", "es": "es"}[lang] / "refcli-cointoss.1").read_text(encoding="utf-8")
    assert ".TH REFCLI\\-COINTOSS 1" in page
    name = {"en": "Coin Toss (call heads or tails)", "es": "Cara o cruz (cantar cara o cruz)"}
    assert name[lang] in page
    assert '.SS "refcli cointoss ruling"' in page and "cointoss/data" in page  # its commands, its data
    starter = {"en": "# Coin Toss final snapshot for", "es": "# Estado final de Cara o cruz para"}
    assert starter[lang] in page.replace("\\`", "`")  # FILES: the starter, generated in the page's language
    check = subprocess.run([*command[:-1], "--check", str(tmp_path)], env=environment(site), timeout=120)
    assert check.returncode == 0
    unknown = subprocess.run(
        [*command[:4], "cointos", str(tmp_path)], capture_output=True, text=True, env=environment(site), timeout=120
    )
    assert unknown.returncode == 1 and "no game 'cointos'" in unknown.stderr


# ------------------------------------------------------------------ cheap: built-in commands never look


PROBE = textwrap.dedent(
    """
    import io, sys
    sys.argv = ["refcli", *sys.argv[1:]]
    sys.stdout = io.StringIO()
    from refcli.cli.start import main
    try:
        main()
    except SystemExit as end:
        code = end.code
    print(code, "importlib.metadata" in sys.modules, "refcli_cointoss" in sys.modules, file=sys.stderr)
    """
)


@pytest.mark.parametrize(
    "args",
    [
        ("bamboozled", "compare", "43", "34"),
        ("kuhhandel", "rules", "K8"),
        ("money", "template", "bids"),
        ("--version",),
    ],
)
def test_a_built_in_command_never_scans_the_installed_games(site: Path, args: tuple[str, ...]) -> None:
    """With a game installed, a built-in game's command neither reads the entry points nor imports the game."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=environment(site), timeout=60
    )
    assert done.stderr.split()[-3:] == ["0", "False", "False"], done.stderr


def test_the_root_help_scans_once_and_an_unknown_name_too(site: Path) -> None:
    for args in (("--help",), ("cointoss", "--help"), ("nosuchgame",)):
        done = subprocess.run(
            [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=environment(site), timeout=60
        )
        assert done.stderr.split()[-2:] == ["True", "True"], (args, done.stderr)
