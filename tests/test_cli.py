"""The command line through typer's CliRunner: verbs, formats, files, exit codes."""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import EXAMPLES, REPO, Invoke

from refcli import __version__
from refcli.model import registry
from refcli.model.game import Game

RULEBOOK = str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")
Write = Callable[..., str]


def test_version(invoke: Invoke) -> None:
    result = invoke(["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"refcli {__version__}"


def listed_commands(help_text: str) -> list[str]:
    """The names in the Commands section of a --help page, in order."""
    section = help_text.split("\nCommands:\n", 1)[1]
    return re.findall(r"^  (\S+)  ", section.split("\n\n", 1)[0], flags=re.M)


def test_no_arguments_shows_help_listing_the_games(invoke: Invoke) -> None:
    result = invoke([])
    assert result.stdout == "" and result.stderr.startswith("Usage: refcli [OPTIONS] COMMAND")
    assert listed_commands(result.stderr) == ["score", "ruling", "validate", "rules", "config", *registry.BUILT_IN]
    for game in registry.built_in():
        assert game.title in " ".join(result.stderr.split())  # the description names every game


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_each_game_lists_the_verbs_and_commands_it_declares(invoke: Invoke, game: Game) -> None:
    listed = listed_commands(invoke([game.id, "--help"]).stdout)
    expected = (
        [verb.name for verb in game.verbs]
        + ["rules", "template", "schema"]
        + [c.name for c in game.commands if not c.hidden]
    )
    assert listed == expected


@pytest.mark.parametrize("fmt", ["text", "json", "toml"])
def test_rulebook_example_prints_2460_with_the_quoted_rule_in_every_format(invoke: Invoke, fmt: str) -> None:
    result = invoke(["kuhhandel", "score", RULEBOOK, "--format", fmt])
    assert result.exit_code == 0, result.stderr
    quote = "si tiene tres sets completos, lo triplica"
    if fmt == "text":
        assert "2460" in result.stdout
        assert "pig 650 + dog 160 + rooster 10 = 820 × 3 sets = 2460" in result.stdout
        assert quote in " ".join(result.stdout.split())
        return
    doc = json.loads(result.stdout) if fmt == "json" else tomllib.loads(result.stdout)
    ana = next(player for player in doc["players"] if player["name"] == "Ana")
    assert ana["score"] == 2460
    assert ana["breakdown"]["multiplier"] == 3 and ana["breakdown"]["sum"] == 820
    assert any(quote in citation["text"] for citation in doc["citations"])
    assert {"game", "edition", "players", "winners", "citations"} <= doc.keys()


def on_a_terminal(*args: str, env: dict[str, str] | None = None) -> str:
    """What refcli writes to a pseudo-terminal (a real one: isatty() is true, as for a person)."""
    import pty
    import subprocess
    import sys

    main, child = pty.openpty()
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    with subprocess.Popen(
        [sys.executable, "-m", "refcli", *args],
        stdout=child,
        stderr=child,
        env={**environment, "COLUMNS": "100", "REFCLI_PAGER": "", **(env or {})},  # no pager waiting for keys
    ) as process:
        os.close(child)
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=60)
    os.close(main)
    return b"".join(chunks).decode("utf-8", "replace")


def test_text_output_is_plain_when_piped_and_drawn_on_a_terminal(invoke: Invoke) -> None:
    piped = invoke(["kuhhandel", "score", RULEBOOK]).stdout
    assert "\x1b[" not in piped
    heading = piped.splitlines()[0]
    assert heading.startswith("Kuhhandel, edition 2") and piped.splitlines()[1] == "=" * len(heading)
    drawn = on_a_terminal("kuhhandel", "score", RULEBOOK)
    assert "\x1b[" in drawn and "2460" in drawn, "on a terminal the report is drawn with colour"
    assert "=" * len(heading) not in drawn
    plain = on_a_terminal("kuhhandel", "score", RULEBOOK, "-v", env={"NO_COLOR": "1"})
    assert "\x1b[" not in plain and "╭─ Rules applied" in plain, "NO_COLOR: no colour, the same layout"
    labels = re.compile(r"\[([a-z0-9.-]+)\] \d{3} ")
    assert labels.findall(plain) == labels.findall(piped) != []  # -v: every clause, as in a pipe
    short = on_a_terminal("kuhhandel", "score", RULEBOOK, env={"NO_COLOR": "1"}).replace("\r\n", "\n")
    assert "[score.example]" in short and "“" not in short.split("[score.example]")[1]  # named, not quoted


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_global_score_dispatches_on_the_game_key(invoke: Invoke, write: Write, game: Game) -> None:
    """`refcli score` gives each game's file to that game: the same document as `refcli GAME score`."""
    path = write(invoke([game.id, "template", "final"]).stdout)
    through_key = invoke(["score", "--partial", path, "-f", "json"])
    named = invoke([game.id, "score", "--partial", path, "-f", "json"])
    assert through_key.exit_code == named.exit_code == 0, through_key.stderr
    assert json.loads(through_key.stdout) == json.loads(named.stdout)
    assert json.loads(through_key.stdout)["game"] == game.id


def test_global_score_needs_a_game_key(invoke: Invoke, write: Write) -> None:
    path = write('[[player]]\nname = "Ana"\n')
    result = invoke(["score", path])
    assert result.exit_code == 65
    assert "game: the key is missing; expected the game id" in result.stderr


def test_unknown_game_is_a_clear_data_error(invoke: Invoke, write: Write) -> None:
    path = write('# a comment\ngame = "chess"\n')
    result = invoke(["score", path])
    assert result.exit_code == 65
    assert result.stderr == f'refcli: error: {path}:2: game: "chess" is not one of {", ".join(registry.BUILT_IN)}\n'


def test_several_files_report_all_and_the_worst_code_wins(invoke: Invoke, write: Write) -> None:
    bad = write("game = 'kuhhandel'\nedition = 7\n", "bad.toml")
    result = invoke(["kuhhandel", "score", RULEBOOK, bad, "/no/such/file.toml", RULEBOOK, "-f", "json"])
    assert result.exit_code == 66
    doc = json.loads(result.stdout)
    # every FILE is an entry, in order: the two that fail say why, as stderr does (docs/output.md)
    assert [entry.get("error", {}).get("exit_code") for entry in doc["games"]] == [None, 65, 66, None]
    assert doc["games"][1]["error"]["line"] == 2 and doc["games"][1]["error"]["key"] == "edition"
    assert "bad.toml:2: edition" in result.stderr and "/no/such/file.toml: cannot read" in result.stderr
    only_bad = invoke(["kuhhandel", "score", RULEBOOK, bad])
    assert only_bad.exit_code == 65


def test_standard_input(invoke: Invoke) -> None:
    text = Path(RULEBOOK).read_text(encoding="utf-8")
    result = invoke(["kuhhandel", "score", "-", "-f", "json"], input=text)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["file"] == "<stdin>"


def test_partial_scores_an_unfinished_game_and_says_so(invoke: Invoke) -> None:
    path = str(EXAMPLES / "kuhhandel" / "unfinished.toml")
    refused = invoke(["kuhhandel", "score", path])
    assert refused.exit_code == 65
    assert (
        "the game is not over: the cat cards are split (Ana 2, Ben 2), so a cow trade is still possible"
        in refused.stderr
    )
    assert "nobody holds any horse" in refused.stderr and "--partial" in refused.stderr
    result = invoke(["kuhhandel", "score", path, "--partial", "-f", "json"])
    doc = json.loads(result.stdout)
    assert result.exit_code == 0 and doc["over"] is False
    assert {entry["animal"] for entry in doc["open"]} == {"cat", "horse"}


def test_animals_lists_values_and_names_a_snapshot_accepts(invoke: Invoke, write: Write) -> None:
    doc = json.loads(invoke(["kuhhandel", "animals", "-f", "json"]).stdout)
    values = {entry["animal"]: entry["value"] for entry in doc["animals"]}
    assert values == {  # the set values printed on the animal cards
        "rooster": 10,
        "goose": 40,
        "cat": 90,
        "dog": 160,
        "sheep": 250,
        "goat": 350,
        "donkey": 500,
        "pig": 650,
        "cow": 800,
        "horse": 1000,
    }
    # "any of these names works in a snapshot", says the command: each name scores as its animal
    for entry in doc["animals"]:
        for name in (entry["animal"], entry["spanish"], entry["german"].upper()):
            snapshot = f'game = "kuhhandel"\n[[player]]\nname = "Ana"\nanimals = {{ "{name}" = 4 }}\n'
            result = invoke(["kuhhandel", "score", "--partial", write(snapshot), "-f", "json"])
            assert result.exit_code == 0, (name, result.stderr)
            assert json.loads(result.stdout)["players"][0]["score"] == entry["value"], name


def test_rules_by_id_topic_and_interpretation_marking(invoke: Invoke) -> None:
    doc = json.loads(invoke(["kuhhandel", "rules", "K3", "-f", "json"]).stdout)
    assert [c["id"] for c in doc["clauses"]] == ["K3"]
    assert doc["clauses"][0]["interpretation"] is True
    assert {"id", "source", "section", "text", "summary"} <= doc["clauses"][0].keys()
    text = invoke(["kuhhandel", "rules", "K3"]).stdout
    assert "[K3] interpretation (rulings register)" in text
    donkey = json.loads(invoke(["kuhhandel", "rules", "donkey", "-f", "json"]).stdout)
    assert "donkey.payouts" in [c["id"] for c in donkey["clauses"]]
    everything = json.loads(invoke(["kuhhandel", "rules", "-f", "json"]).stdout)
    topics = " ".join(c["id"] for c in everything["clauses"])
    for topic in (
        "components",
        "setup",
        "auction",
        "donkey",
        "no-change",
        "cannot-pay",
        "cow-trade",
        "tie",
        "pairs",
        "empty-deck",
        "end",
        "score",
        "edition1",
        "K1",
        "K8",
    ):
        assert topic in topics


def test_rules_with_no_match_says_so(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "rules", "xyzzy"])
    assert result.exit_code == 1 and "No Kuhhandel clause matches" in result.stdout


def test_editions_side_by_side(invoke: Invoke) -> None:
    doc = json.loads(invoke(["kuhhandel", "editions", "-f", "json"]).stdout)
    topics = {d["topic"] for d in doc["differences"]}
    assert topics == {"start money", "cow-trade money", "zero cards", "scoring", "bonus card"}
    for difference in doc["differences"]:
        assert {"topic", "edition1", "edition2", "citations"} <= difference.keys()
        editions = {citation["edition"] for citation in difference["citations"]}
        assert editions == ({1} if difference["topic"] == "bonus card" else {1, 2})
        assert all({"id", "source", "section", "text"} <= c.keys() for c in difference["citations"])


STARTER_VERB = {"final": ("score", "--partial"), "record": ("validate",)}
# Every format a built-in game describes: (game, kind), the KINDs of `template` and `schema`.
KINDS = [(game, kind) for game in registry.built_in() for kind in game.formats()]
KIND_IDS = [f"{game.id}/{kind}" for game, kind in KINDS]


@pytest.mark.parametrize(("game", "kind"), KINDS, ids=KIND_IDS)
def test_every_template_is_a_commented_file_its_verb_reads(invoke: Invoke, write: Write, game: Game, kind: str) -> None:
    """A starter file is read as it is printed: no data error (a ruling or a record may find a broken rule)."""
    text = invoke([game.id, "template", kind]).stdout
    assert text.startswith("#")
    verb = STARTER_VERB.get(kind, ("ruling",))
    result = invoke([game.id, *verb, write(text), "-f", "json"])
    assert result.exit_code == 0 or (result.exit_code == 1 and verb[0] != "score"), (kind, result.stderr)
    assert json.loads(result.stdout)
    if verb[0] == "ruling":
        assert json.loads(result.stdout)["situation"] == kind


@pytest.mark.parametrize("command", ["template", "schema"])
@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_template_and_schema_offer_exactly_the_described_kinds(invoke: Invoke, game: Game, command: str) -> None:
    """KIND's choices are the descriptions' kinds, listed in --help with what each file is."""
    described = game.formats()
    assert described and list(described)[0] == "final" and list(described)[-1] == "record"
    page = invoke([game.id, command, "--help"])
    assert page.exit_code == 0
    usage = " ".join(page.stdout.split())
    assert "<" + "|".join(described) + ">" in usage.replace("- ", "-")  # typer folds a long usage line at a hyphen
    for kind, desc in described.items():
        assert f"{kind} ({desc.title})" in usage, kind
    assert f"refcli {game.id} {command} " in usage, "the help shows an example"
    assert invoke([game.id, command, "no-such-kind"]).exit_code == 2


@pytest.mark.parametrize(("game", "kind"), KINDS, ids=KIND_IDS)
def test_schema_prints_the_generated_schema_which_accepts_the_kinds_example_and_starter(
    invoke: Invoke, game: Game, kind: str
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from refcli.reading.formats import example_document

    result = invoke([game.id, "schema", kind])
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout == (REPO / "data" / "schemas" / game.id / f"{kind}.schema.json").read_text(encoding="utf-8")
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    example = example_document(game.formats()[kind])
    assert not [error.message for error in validator.iter_errors(example)]
    starter = tomllib.loads(invoke([game.id, "template", kind]).stdout)
    assert not [error.message for error in validator.iter_errors(starter)]
    assert list(validator.iter_errors({**starter, "no_such_key": 1})), (
        "unknown keys are refused, as refcli refuses them"
    )


def test_schema_output_is_written_like_a_template(invoke: Invoke, tmp_path: Path) -> None:
    """-o and --force go through the same writer as template's: no overwrite without --force, nothing left behind."""
    target = tmp_path / "final.schema.json"
    written = invoke(["kuhhandel", "schema", "final", "-o", str(target)])
    assert written.exit_code == 0 and written.stdout == "" and written.stderr == f"wrote {target}\n"
    assert target.read_text(encoding="utf-8") == invoke(["kuhhandel", "schema", "final"]).stdout
    target.write_text("mine", encoding="utf-8")
    refused = invoke(["kuhhandel", "schema", "final", "-o", str(target)])
    assert refused.exit_code == 73 and "--force" in refused.stderr
    assert target.read_text(encoding="utf-8") == "mine"
    assert invoke(["kuhhandel", "schema", "record", "-o", str(target), "--force"]).exit_code == 0
    assert json.loads(target.read_text(encoding="utf-8"))["x-refcli"]["kind"] == "record"
    assert [p.name for p in tmp_path.iterdir()] == ["final.schema.json"]
    assert invoke(["kuhhandel", "schema", "final", "-o", str(tmp_path)]).exit_code == 73  # a directory


def test_template_output_refuses_to_overwrite_without_force(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "final.toml"
    assert invoke(["kuhhandel", "template", "final", "-o", str(target)]).exit_code == 0
    target.write_text("mine", encoding="utf-8")
    refused = invoke(["kuhhandel", "template", "final", "-o", str(target)])
    assert refused.exit_code == 73 and "--force" in refused.stderr
    assert target.read_text(encoding="utf-8") == "mine"
    assert invoke(["kuhhandel", "template", "final", "-o", str(target), "--force"]).exit_code == 0
    assert target.read_text(encoding="utf-8").startswith("#")
    assert [p.name for p in tmp_path.iterdir()] == ["final.toml"]  # no temporary left behind


def test_unknown_template_kind_is_a_usage_error(invoke: Invoke) -> None:
    assert invoke(["kuhhandel", "template", "nonsense"]).exit_code == 2


def test_unknown_option_is_a_usage_error(invoke: Invoke) -> None:
    assert invoke(["kuhhandel", "score", RULEBOOK, "--bogus"]).exit_code == 2
    assert invoke(["kuhhandel", "score", RULEBOOK, "--format", "yaml"]).exit_code == 2


# ---------------------------------------------------------------- the command line in Spanish (--lang es)

# What click writes in English by itself: none of it may be left in a Spanish help page or usage error.
CLICK_ENGLISH = (
    "Usage:",
    "Options:",
    "Arguments:",
    "Commands:",
    "[OPTIONS]",
    "COMMAND [ARGS]",
    "[default:",
    "<int range>",
    "[required]",
    "Show this message and exit.",
    "Try '",
    "for help.",
    "Invalid value",
    "No such",
    "Missing",
    "did you mean",
)


def command_paths() -> list[tuple[str, ...]]:
    """Every command line whose --help refcli shows: the root, each group, each command (hidden ones too)."""
    import typer.main

    from refcli.cli.app import app

    root = typer.main.get_command(app)
    ctx = root.make_context("refcli", [], resilient_parsing=True)
    paths: list[tuple[str, ...]] = [()]
    for name in root.list_commands(ctx):
        command = root.get_command(ctx, name)
        paths.append((name,))
        if hasattr(command, "list_commands"):
            sub = command.make_context(name, [], parent=ctx, resilient_parsing=True)
            paths += [(name, child) for child in command.list_commands(sub)]
    return paths


def test_every_help_page_is_in_spanish_with_lang_es(invoke: Invoke) -> None:
    """Root, game groups and every command: click's own words too ("Usage", "Options", "[default: …]")."""
    paths = command_paths()
    assert ("kuhhandel", "score") in paths and ("bamboozled", "compare") in paths and ("rules",) in paths
    for path in paths:
        shown = invoke(["--lang", "es", *path, "--help"])
        assert shown.exit_code == 0, (path, shown.stderr)
        assert shown.stdout.startswith(f"Uso: {' '.join(('refcli', *path))} [OPCIONES]"), path
        assert "\nOpciones:\n" in shown.stdout and "Muestra este mensaje y termina." in shown.stdout, path
        if len(path) != 1 or path[0] in ("score", "ruling", "validate", "rules"):  # the root and every command
            assert "Idioma de todo lo que escribe refcli" in shown.stdout, path
        left = [word for word in CLICK_ENGLISH if word in shown.stdout]
        assert not left, f"refcli {' '.join(path)} --help: {left}"


def test_spanish_help_translates_what_click_adds_and_keeps_what_is_typed(invoke: Invoke) -> None:
    shown = " ".join(invoke(["--lang", "es", "validate", "--help"]).stdout.split())
    assert "Argumentos: FILE... Archivos TOML que leer; - lee la entrada estándar. [obligatorio]" in shown
    assert "-f, --format <text|json|toml|csv> Formato de salida:" in shown  # option names and values stay
    assert "-j, --jobs <entero> Valida en N procesos" in shown and "[por defecto: 1; 1<=x<=64]" in shown
    score = " ".join(invoke(["--lang", "es", "kuhhandel", "score", "--help"]).stdout.split())
    assert "bgstats-link para el enlace que lo abre en la aplicación BG Stats. [por defecto: text]" in score
    assert "Los elementos KEY=VALUE dan un estado final en la línea de comandos" in score
    root = invoke(["--lang", "es", "--help"]).stdout
    assert root.startswith("Uso: refcli [OPCIONES] COMANDO [ARGS]...\n")
    assert "\nComandos:\n" in root and "Ejemplos:  refcli kuhhandel score final.toml" in root
    assert listed_commands(root.replace("\nComandos:\n", "\nCommands:\n")) == listed_commands(invoke(["--help"]).stdout)


def test_english_help_is_as_click_writes_it(invoke: Invoke) -> None:
    shown = invoke(["validate", "--help"]).stdout
    assert shown.startswith("Usage: refcli validate [OPTIONS] {FILE...}\n")
    assert "\nArguments:\n" in shown and "\nOptions:\n" in shown and "[required]" in shown
    assert "Show this message and exit." in shown and "Uso:" not in shown


# (arguments, the error line in Spanish, the same in English): every usage error is one line, as every other
# error is (`refcli: error: …`), then at most one line of hint; exit 2
USAGE_ERRORS = [
    (
        ["kuhhandel", "scroe"],
        "refcli: error: no existe la orden 'scroe' (¿querías decir 'score'?)",
        "refcli: error: no such command 'scroe' (did you mean 'score'?)",
    ),
    (["kuhandel"], "refcli: error: no existe la orden 'kuhandel' (¿querías decir 'kuhhandel'?)", None),
    (["chess"], "refcli: error: no existe la orden 'chess'", "refcli: error: no such command 'chess'"),
    (
        ["kuhhandel", "score", "--format", "xml", "x.toml"],
        "refcli: error: valor no válido para '--format' / '-f': 'xml' no es ninguna de las opciones: "
        "'text', 'json', 'toml', 'csv', "
        "'bgstats', 'bgstats-link'",
        "refcli: error: invalid value for '--format' / '-f': 'xml' is not one of 'text', 'json', 'toml', 'csv', "
        "'bgstats', 'bgstats-link'",
    ),
    (
        ["kuhhandel", "rules", "--format", "jsn"],
        "refcli: error: valor no válido para '--format' / '-f': 'jsn' no es ninguna de las opciones: "
        "'text', 'json', 'toml' (¿querías decir 'json'?)",
        "refcli: error: invalid value for '--format' / '-f': 'jsn' is not one of 'text', 'json', 'toml' "
        "(did you mean 'json'?)",
    ),
    (
        ["kuhhandel", "score", "--fromat", "json"],
        "refcli: error: no existe la opción --fromat (¿querías decir --format?)",
        "refcli: error: no such option --fromat (did you mean --format?)",
    ),
    (
        ["score", "--fromat", "json", "x"],
        "refcli: error: no existe la opción --fromat (¿querías decir --format?)",
        "refcli: error: no such option --fromat (did you mean --format?)",
    ),
    (
        ["kuhhandel", "score", "--bogus"],
        "refcli: error: no existe la opción --bogus (¿querías decir --bom?)",
        "refcli: error: no such option --bogus (did you mean --bom?)",
    ),
    (["validate"], "refcli: error: falta el argumento 'FILE...'", "refcli: error: missing argument 'FILE...'"),
    (
        ["bamboozled", "compare", "43"],
        "refcli: error: falta el argumento 'SCORE'",
        "refcli: error: missing argument 'SCORE'",
    ),
    (
        ["bamboozled", "compare", "--bogus", "43", "34"],
        "refcli: error: no existe la opción --bogus",
        "refcli: error: no such option --bogus",
    ),
    (
        ["bamboozled", "compare", "43", "34", "55"],
        "refcli: error: demasiados argumentos (sobra: 55)",
        "refcli: error: too many arguments (55 left over)",
    ),
    (
        ["bamboozled", "ladder", "--fromat", "json"],
        "refcli: error: no existe la opción --fromat (¿querías decir --format?)",
        "refcli: error: no such option --fromat (did you mean --format?)",
    ),
    (
        ["kuhhandel", "ruling", "a.toml", "b.toml"],
        "refcli: error: sobra el argumento b.toml",
        "refcli: error: unexpected extra argument b.toml",
    ),
    (
        ["validate", "--jobs", "x", "f.toml"],
        "refcli: error: valor no válido para '--jobs' / '-j': 'x' no es un número entero",
        "refcli: error: invalid value for '--jobs' / '-j': 'x' is not an integer",
    ),
    (
        ["validate", "--jobs", "99", "f.toml"],
        "refcli: error: valor no válido para '--jobs' / '-j': 99 no está en el intervalo 1<=x<=64",
        "refcli: error: invalid value for '--jobs' / '-j': 99 is not in the range 1<=x<=64",
    ),
    (
        ["kuhhandel", "score", "-f"],
        "refcli: error: la opción '-f' necesita un valor",
        "refcli: error: option '-f' needs a value",
    ),
    (
        ["kuhhandel", "score", "--partial=yes"],
        "refcli: error: la opción '--partial' no lleva valor",
        "refcli: error: option '--partial' takes no value",
    ),
    (
        ["kuhhandel", "score", "a.toml", "b.toml", "player.1.name=Ana"],
        "refcli: error: los elementos KEY=VALUE van con un FILE como mucho",
        "refcli: error: KEY=VALUE items go with at most one FILE",
    ),
    (
        ["validate", "--jsonl", "--format", "toml", "f.jsonl"],
        "refcli: error: --jsonl escribe un resultado JSON por línea (o filas CSV con --format csv), no --format toml",
        "refcli: error: --jsonl writes one JSON result a line (or CSV rows with --format csv), not --format toml",
    ),
    (
        ["kuhhandel", "score", "--lang", "fr"],
        "refcli: error: valor no válido para '--lang': 'fr' no es ninguna de las opciones: 'en', 'es'",
        "refcli: error: invalid value for '--lang': 'fr' is not one of 'en', 'es'",
    ),
]


@pytest.mark.parametrize(
    ("args", "spanish", "english"), USAGE_ERRORS, ids=[" ".join(args) for args, *_ in USAGE_ERRORS]
)
def test_usage_errors_are_one_line_in_the_language_asked_for(
    invoke: Invoke, args: list[str], spanish: str, english: str | None
) -> None:
    said = invoke(["--lang", "es", *args])
    assert said.exit_code == 2 and said.stdout == ""
    lines = said.stderr.splitlines()
    assert lines[0] == spanish and len(lines) <= 2
    assert not [word for word in CLICK_ENGLISH if word in said.stderr] and "Error:" not in said.stderr
    if len(lines) == 2:  # the hint, when click knows the command (not for a misused option)
        assert lines[1].startswith("Prueba «refcli") and lines[1].endswith(" -h» para ver la ayuda.")
    if english is not None:
        plain = invoke(args)
        assert plain.exit_code == 2 and plain.stdout == ""
        english_lines = plain.stderr.splitlines()
        assert english_lines[0] == english and len(english_lines) == len(lines)
        assert len(lines) == 1 or english_lines[1].startswith("Try 'refcli") and english_lines[1].endswith(" for help.")


def test_a_missing_choice_lists_the_choices_in_spanish(invoke: Invoke) -> None:
    said = invoke(["--lang", "es", "kuhhandel", "template"])
    assert said.exit_code == 2
    assert said.stderr.splitlines()[0] == (
        "refcli: error: falta el argumento 'kind': elige entre final, auction, cow-trade, trade-options, donkey, record"
    )


@pytest.mark.parametrize(
    "env",
    [
        {"REFCLI_LANG": "es"},
        {"REFCLI_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANGUAGE": None, "LANG": "es_ES.UTF-8"},
        {"REFCLI_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None, "LANGUAGE": "es:en"},
    ],
    ids=["REFCLI_LANG", "LANG", "LANGUAGE"],
)
def test_the_environment_chooses_the_language_and_lang_wins(invoke: Invoke, env: dict[str, str | None]) -> None:
    spanish = "refcli: error: no existe la orden 'scroe'"
    assert invoke(["kuhhandel", "scroe"], env=env).stderr.startswith(spanish)  # type: ignore[arg-type]
    english = invoke(["kuhhandel", "scroe", "--lang", "en"], env=env)  # type: ignore[arg-type]
    assert english.stderr.startswith("refcli: error: no such command 'scroe'")
    assert invoke(["kuhhandel", "scroe"]).stderr.startswith("refcli: error: no such"), "the next run starts again"


def test_lang_may_come_anywhere_on_the_line(invoke: Invoke) -> None:
    for args in (["--lang", "es", "kuhhandel", "score", "--help"], ["kuhhandel", "score", "--help", "--lang=es"]):
        assert invoke(args).stdout.startswith("Uso: refcli kuhhandel score"), args


def test_install_completion_says_what_it_did_in_spanish(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")  # the shell is named, not detected
    done = invoke(["--lang", "es", "--install-completion", "bash"], env={"HOME": str(tmp_path)})
    assert done.exit_code == 0, done.output
    installed, restart = done.stdout.splitlines()
    assert installed.startswith("Autocompletado de ")  # typer names the shell (bash, or Shells.bash when told it)
    assert installed.endswith(f" instalado en {tmp_path / '.bash_completions' / 'refcli.sh'}")
    assert restart == "El autocompletado funcionará cuando reinicies el terminal"
    again = invoke(["--install-completion", "bash"], env={"HOME": str(tmp_path)})
    assert again.stdout.splitlines()[-1] == "Completion will take effect once you restart the terminal"


def test_an_internal_error_is_one_line_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    from refcli.cli.common import say_error
    from refcli.language.i18n import using

    with using("es"):
        assert say_error(ValueError("x y")) == 70
    assert capsys.readouterr().err == "refcli: error: error interno (ValueError: x y); por favor, infórmanos de él\n"


def test_a_run_leaves_the_language_as_it_found_it(invoke: Invoke) -> None:
    """--lang is the run's: what the process says after it (a test, a script using refcli.api) is not changed."""
    from refcli.language.i18n import language, using

    with using("en"):
        assert invoke(["--lang", "es", "kuhhandel", "scroe"]).stderr.startswith("refcli: error: no existe")
        assert language() == "en"
    with using("es"):
        assert invoke(["--lang", "en", "kuhhandel", "scroe"]).stderr.startswith("refcli: error: no such")
        assert language() == "es"
