"""The table's defaults: the configuration file, what wins over what, ``refcli config`` and its mistakes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import EXAMPLES, Invoke
from test_startup import probe

from refcli.model import registry
from refcli.reading import config

# A final Kuhhandel snapshot that does not say its edition (the rules' default is 2).
NO_EDITION = EXAMPLES / "kuhhandel" / "shared-win.toml"
GAME_WITH_EDITION = next(game for game in registry.built_in() if any(p.name == "edition" for p in game.table_defaults))
GAME_WITH_MULTIPLY = next(game for game in registry.built_in() if any(p.name == "multiply" for p in game.score_options))
EDITION_KEY = f"{GAME_WITH_EDITION.id}.edition"
QUICK = ("bamboozled", "compare", "43", "34")
NEWLINE = "\n"


@pytest.fixture
def file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The configuration file of the test (not there yet), in a folder that does not exist yet either."""
    path = tmp_path / "folder" / "config.toml"
    monkeypatch.setenv("REFCLI_CONFIG", str(path))
    return path


def write(file: Path, text: str) -> None:
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")


def listed(invoke: Invoke, *args: str, env: dict[str, str] | None = None) -> dict[str, dict]:
    result = invoke([*args, "config", "--format", "json"], env=env)
    assert result.exit_code == 0, result.output
    return {row["key"]: row for row in json.loads(result.stdout)["settings"]}


# -------------------------------------------------------------------------- precedence


def test_the_file_chooses_the_language_over_the_locale(invoke: Invoke, file: Path) -> None:
    english = invoke(QUICK, env={"LANG": "en_US.UTF-8"}).stdout
    write(file, 'lang = "es"\n')
    spanish = invoke(QUICK, env={"LANG": "en_US.UTF-8"}).stdout
    assert spanish != english
    assert invoke(["--lang", "es", *QUICK]).stdout == spanish


def test_the_command_line_and_refcli_lang_win_over_the_file(invoke: Invoke, file: Path) -> None:
    english = invoke(QUICK).stdout
    write(file, 'lang = "es"\n')
    assert invoke(["--lang", "en", *QUICK]).stdout == english
    assert invoke([*QUICK, "--lang", "en"]).stdout == english
    assert invoke(QUICK, env={"REFCLI_LANG": "en"}).stdout == english


def test_the_edition_a_file_leaves_out_comes_from_the_configuration(invoke: Invoke, file: Path) -> None:
    assert "edition 2" in invoke([GAME_WITH_EDITION.id, "score", str(NO_EDITION)]).stdout
    write(file, f"[{GAME_WITH_EDITION.id}]\nedition = 1\n")
    assert "edition 1" in invoke([GAME_WITH_EDITION.id, "score", str(NO_EDITION)]).stdout
    assert "edition 1" in invoke(["score", str(NO_EDITION)]).stdout


def test_a_file_that_says_its_edition_keeps_it(invoke: Invoke, file: Path, tmp_path: Path) -> None:
    said = tmp_path / "said.toml"
    said.write_text("edition = 2\n" + NO_EDITION.read_text(encoding="utf-8"), encoding="utf-8")
    write(file, f"[{GAME_WITH_EDITION.id}]\nedition = 1\n")
    assert "edition 2" in invoke(["score", str(said)]).stdout


def test_a_score_option_not_given_takes_the_configured_default(invoke: Invoke, file: Path) -> None:
    write(file, f"[{GAME_WITH_MULTIPLY.id}]\nedition = 1\nmultiply = true\n")
    assert "multiplier variant" in invoke(["score", str(NO_EDITION)]).stdout
    assert "multiplier variant" in invoke([GAME_WITH_MULTIPLY.id, "score", str(NO_EDITION)]).stdout


def test_the_library_reads_files_as_they_are_written(invoke: Invoke, file: Path) -> None:
    import refcli

    write(file, f"[{GAME_WITH_EDITION.id}]\nedition = 1\n")
    invoke(["score", str(NO_EDITION)])
    assert "edition 2" in refcli.score(NO_EDITION).text()


def test_colour_from_the_file_and_the_command_line_over_it(invoke: Invoke, file: Path) -> None:
    args = [GAME_WITH_EDITION.id, "score", str(NO_EDITION)]
    assert "\x1b[" not in invoke(args).stdout
    write(file, 'color = "always"\n')
    assert "\x1b[" in invoke(args).stdout
    assert "\x1b[" not in invoke(["--color", "never", *args]).stdout


def test_the_pager_of_the_file_comes_after_refcli_pager_and_before_pager(
    file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refcli.output.pager import pager_command

    write(file, 'pager = "most -s"\n')
    monkeypatch.setenv("PAGER", "more")
    monkeypatch.delenv("REFCLI_PAGER", raising=False)
    config.use(config.load())
    try:
        assert pager_command() == ["most", "-s"]
        monkeypatch.setenv("REFCLI_PAGER", "less")
        assert pager_command() == ["less"]
        monkeypatch.delenv("REFCLI_PAGER")
        write(file, "pager = false\n")
        config.use(config.load())
        assert pager_command() is None
    finally:
        config.use(config.EMPTY)


# -------------------------------------------------------------------------- refcli config


def test_each_setting_says_where_it_comes_from(invoke: Invoke, file: Path) -> None:
    shown = listed(invoke, env={"LANG": "es_ES.UTF-8"})
    assert (shown["lang"]["value"], shown["lang"]["origin"], shown["lang"]["where"]) == (
        "es",
        "locale",
        "LANG=es_ES.UTF-8",
    )
    assert (shown[EDITION_KEY]["value"], shown[EDITION_KEY]["origin"]) == (2, "default")
    write(file, f'# the table\nlang = "en"\n\n[{GAME_WITH_EDITION.id}]\nedition = 1\n')
    shown = listed(invoke, env={"LANG": "es_ES.UTF-8"})
    assert shown["lang"] == {"key": "lang", "value": "en", "origin": "config-file", "where": str(file), "line": 2}
    assert shown[EDITION_KEY] == {
        "key": EDITION_KEY,
        "value": 1,
        "origin": "config-file",
        "where": str(file),
        "line": 5,
    }
    assert listed(invoke, "--lang", "es")["lang"]["origin"] == "command-line"
    assert listed(invoke, env={"REFCLI_LANG": "es"})["lang"]["where"] == "REFCLI_LANG"
    text = invoke(["config"]).stdout
    assert f"config file {file}:5" in text and "command line" not in text


def test_the_list_in_spanish(invoke: Invoke, file: Path) -> None:
    write(file, 'lang = "es"\n')
    text = invoke(["config"]).stdout
    assert f"archivo de configuración {file}:1" in text


def test_set_and_unset_round_trip(invoke: Invoke, file: Path) -> None:
    assert not file.exists()
    assert invoke(["config", "set", "edition", "1"]).exit_code == 0  # a key one game has needs no game
    assert invoke(["config", "set", "lang", "ES"]).exit_code == 0
    assert invoke(["config", "set", "pager", "false"]).exit_code == 0
    assert file.read_text(encoding="utf-8") == f'lang = "es"\npager = false\n\n[{GAME_WITH_EDITION.id}]\nedition = 1\n'
    shown = listed(invoke)
    assert shown[EDITION_KEY]["value"] == 1 and shown["pager"]["value"] is False
    assert invoke(["config", "unset", EDITION_KEY]).exit_code == 0
    assert invoke(["config", "unset", "lang"]).exit_code == 0
    assert file.read_text(encoding="utf-8") == "pager = false\n"
    assert listed(invoke)[EDITION_KEY]["origin"] == "default"


def test_path_prints_the_file(invoke: Invoke, file: Path) -> None:
    write(file, "lang = [\n")  # a file refcli cannot use: still found
    result = invoke(["config", "path"])
    assert (result.exit_code, result.stdout) == (0, f"{file}\n")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["config", "set", "editon", "1"], 'did you mean "edition"?'),
        (["config", "set", "colour", "always"], 'did you mean "color"?'),
        (["config", "set", "edition", "3"], "expected an integer from 1 to 2, not 3"),
        (["config", "set", "color", "sometimes"], "expected auto, always or never"),
        (["config", "sett", "lang", "es"], 'did you mean "set"?'),
        (["config", "set", "lang"], "takes a KEY and a VALUE"),
    ],
)
def test_a_wrong_key_or_value_is_a_usage_error(invoke: Invoke, file: Path, args: list[str], said: str) -> None:
    result = invoke(args)
    assert result.exit_code == 2, result.output
    assert said in result.stderr and "Traceback" not in result.stderr
    assert not file.exists()


def test_the_default_place_is_platformdirs_own(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs

    monkeypatch.delenv("REFCLI_CONFIG")
    for home in (str(tmp_path), ""):
        monkeypatch.setenv("XDG_CONFIG_HOME", home)
        assert config.path() == platformdirs.user_config_path("refcli") / "config.toml"


# -------------------------------------------------------------------------- a file refcli cannot use


MALFORMED = [
    ('lang = "es"\n[table\n', 2, "", "not valid TOML"),
    ('lang = "es"\ncolour = "always"\n', 2, "colour", 'not a setting refcli knows (did you mean "color"?)'),
    ('lang = "fr"\n', 1, "lang", "expected en or es, not 'fr'"),
    ("\n\n[{game}]\nedition = 3\n", 4, "{game}.edition", "expected an integer from 1 to 2, not 3"),
    ("[{game}]\neditoin = 1\n", 2, "{game}.editoin", 'did you mean "edition"?'),
    ("{game} = 1\n", 1, "{game}", "expected a table"),
]


@pytest.mark.parametrize(("text", "line", "key", "said"), MALFORMED)
@pytest.mark.parametrize("command", [QUICK, ("config",), ("score", str(NO_EDITION))])
def test_a_malformed_file_is_one_located_line_and_exit_78(
    invoke: Invoke, file: Path, text: str, line: int, key: str, said: str, command: tuple[str, ...]
) -> None:
    game = GAME_WITH_EDITION.id
    write(file, text.replace("{game}", game))
    result = invoke(["--lang", "en", *command])
    assert result.exit_code == 78, result.output
    where = f"{file}:{line}: " + (key.replace("{game}", game) + ": " if key else "")
    assert result.stderr.startswith(f"refcli: error: {where}"), result.stderr
    assert said in result.stderr and result.stderr.count("\n") == 1 and result.stdout == ""


@pytest.mark.parametrize(("text", "line", "key", "said"), MALFORMED)
def test_a_malformed_file_in_spanish(invoke: Invoke, file: Path, text: str, line: int, key: str, said: str) -> None:
    write(file, text.replace("{game}", GAME_WITH_EDITION.id))
    result = invoke(["--lang", "es", *QUICK])
    assert result.exit_code == 78
    assert result.stderr.startswith(f"refcli: error: {file}:{line}: ") and result.stderr.count("\n") == 1
    english = invoke(["--lang", "en", *QUICK]).stderr
    assert result.stderr != english, "the message is translated"


def test_the_exit_status_is_documented() -> None:
    from refcli.model.errors import ConfigError
    from refcli.model.exit_status import ExitStatus, status_for

    assert status_for(ConfigError("x")) == ExitStatus.CONFIG == 78


# -------------------------------------------------------------------------- start-up


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the default place is worked out without platformdirs on Linux"
)
def test_a_quick_query_without_a_file_only_looks_for_it(tmp_path: Path) -> None:
    for env in (
        {"REFCLI_CONFIG": str(tmp_path / "none.toml")},
        {"REFCLI_CONFIG": "", "XDG_CONFIG_HOME": str(tmp_path)},
    ):
        seen = probe(*QUICK, env=env)
        assert seen["code"] in (0, None)
        modules = set(seen["modules"])
        assert "platformdirs" not in modules and "refcli.reading.locate" not in modules, env
        assert not any(path.endswith("config.toml") or path.endswith("none.toml") for path in seen["opened"])


def test_a_quick_query_with_a_file_reads_it(tmp_path: Path) -> None:
    file = tmp_path / "config.toml"
    file.write_text('lang = "es"\n', encoding="utf-8")
    seen = probe(*QUICK, env={"REFCLI_CONFIG": str(file), "REFCLI_LANG": ""})
    assert seen["code"] in (0, None)
    assert str(file) in seen["opened"]
    assert "refcli.reading.documents" not in seen["modules"], "a valid file is parsed without the located reader"


def test_a_games_own_option_not_given_takes_the_configured_default(invoke: Invoke, file: Path) -> None:
    command = next(c for c in GAME_WITH_EDITION.commands if any(p.name == "edition" for p in c.params))
    too_many = [GAME_WITH_EDITION.id, command.name, "10", "--money", ",".join(["500"] * 7)]
    write(file, f"[{GAME_WITH_EDITION.id}]\nedition = 1\n")
    assert "edition 1 has only" in invoke(too_many).stderr
    assert "edition 2 has only" in invoke([*too_many, "--edition", "2"]).stderr  # typed, even as the default: it wins


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_record_that_leaves_out_its_edition_is_replayed_in_the_configured_one(
    invoke: Invoke, file: Path, tmp_path: Path, jobs: str
) -> None:
    text = (EXAMPLES / "kuhhandel" / "record-edition2.toml").read_text(encoding="utf-8")
    assert "\nedition = 2\n" in text
    records = [tmp_path / f"{name}.toml" for name in "ab"]
    for record in records:
        record.write_text(text.replace("\nedition = 2\n", "\n"), encoding="utf-8")
    command = ["validate", "--jobs", jobs, *map(str, records)]
    assert invoke(command).exit_code == 0
    write(file, f"[{GAME_WITH_EDITION.id}]\nedition = 1\n")
    assert invoke(command).exit_code == 1  # an edition-2 game breaks edition 1's rules


def test_a_quick_query_reads_no_other_game_than_the_files(tmp_path: Path) -> None:
    """A file that sets another game's default imports that game's declaration only: never an engine."""
    other = GAME_WITH_EDITION
    file = tmp_path / "config.toml"
    file.write_text(f"[{other.id}]\nedition = 1\n", encoding="utf-8")
    seen = probe(*QUICK, env={"REFCLI_CONFIG": str(file)})
    assert seen["code"] in (0, None)
    loaded = {name for name in seen["modules"] if name.startswith("refcli.games.")}
    others = [g.package for g in registry.built_in() if g.id not in (other.id, QUICK[0])]
    assert not any(name.startswith(tuple(others)) for name in loaded)
    assert not any(name.startswith(other.package + ".") for name in loaded), "its declaration only"
    assert "refcli.reading.formats" not in seen["modules"], "the defaults are kept without the format reader"


def test_every_declared_default_reaches_the_files_that_leave_it_out(invoke: Invoke, file: Path, tmp_path: Path) -> None:
    standings = EXAMPLES / "bamboozled" / "standings.toml"
    text = standings.read_text(encoding="utf-8")
    assert "\nstrikes_to_lose = 3\n" in text
    left_out = tmp_path / "standings.toml"
    left_out.write_text(text.replace("\nstrikes_to_lose = 3\n", "\n"), encoding="utf-8")
    assert "of 3 strikes" in invoke(["score", str(left_out)]).stdout
    write(file, "[bamboozled]\nstrikes_to_lose = 5\n")
    assert "of 5 strikes" in invoke(["score", "--partial", str(left_out)]).stdout
    assert "of 3 strikes" in invoke(["score", str(standings)]).stdout  # the file's own word wins


# -------------------------------------------------------------------------- saying where a value came from


def test_a_value_the_configuration_filled_in_is_said_on_stderr_and_in_the_document(invoke: Invoke, file: Path) -> None:
    write(file, f"[{GAME_WITH_EDITION.id}]\nedition = 1\n")
    text = invoke(["score", str(NO_EDITION)])
    assert f"refcli used edition = 1, the table's default in {file}" in text.stderr, text.stderr
    document = json.loads(invoke(["score", str(NO_EDITION), "--format", "json"]).stdout)
    assert document["warnings"] == [
        {"code": "table-default", "key": "edition", "value": 1, "message": document["warnings"][0]["message"]}
    ]
    spanish = invoke(["--lang", "es", "score", str(NO_EDITION)]).stderr
    assert str(file) in spanish and spanish != text.stderr


def test_a_file_that_sets_the_value_gets_no_such_warning(invoke: Invoke, file: Path, tmp_path: Path) -> None:
    said = tmp_path / "said.toml"
    said.write_text("edition = 2\n" + NO_EDITION.read_text(encoding="utf-8"), encoding="utf-8")
    write(file, f"[{GAME_WITH_EDITION.id}]\nedition = 1\n")
    assert "warnings" not in json.loads(invoke(["score", str(said), "--format", "json"]).stdout)


def test_a_switch_the_configuration_turns_on_is_said_and_no_form_turns_it_off(invoke: Invoke, file: Path) -> None:
    write(file, f"[{GAME_WITH_MULTIPLY.id}]\nedition = 1\nmultiply = true\n")
    on = invoke([GAME_WITH_MULTIPLY.id, "score", str(NO_EDITION)])
    assert "--no-multiply turns it off" in on.stderr and "multiplier variant" in on.stdout
    off = invoke([GAME_WITH_MULTIPLY.id, "score", str(NO_EDITION), "--no-multiply"])
    assert off.exit_code == 0 and "multiplier variant" not in off.stdout and "--multiply is on" not in off.stderr
    assert "multiplier variant" not in invoke(["score", str(NO_EDITION), "--no-multiply"]).stdout


def test_the_list_as_json_follows_its_published_schema(invoke: Invoke, file: Path) -> None:
    import jsonschema
    from conftest import REPO

    schema = json.loads((REPO / "data" / "schemas" / "output" / "config.schema.json").read_text(encoding="utf-8"))
    write(file, f'lang = "es"\n[{GAME_WITH_EDITION.id}]\nedition = 1\n')
    for args in (["config", "--format", "json"], ["--lang", "en", "--color", "never", "config", "--format", "json"]):
        jsonschema.validate(json.loads(invoke(args).stdout), schema)


@pytest.mark.parametrize(
    "args", [["--help"], ["--version"], [], ["score", "--help"], ["kuhhandel", "ruling", "--help"]]
)
def test_a_broken_file_does_not_stop_help_or_the_version(invoke: Invoke, file: Path, args: list[str]) -> None:
    write(file, f"[{GAME_WITH_EDITION.id}]\nedition = 9\n")
    result = invoke(args)
    first, _, rest = result.stderr.partition(NEWLINE)
    assert first.startswith("refcli: warning: the configuration file is left out") and f"{file}:2:" in first
    if args:
        assert result.exit_code == 0 and result.stdout and rest == "", result.output
    else:  # a bare refcli prints its help as a usage error (exit 2), as it does without the file
        assert result.exit_code == 2, result.output
