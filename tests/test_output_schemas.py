"""Every document refcli prints fits its published schema (data/schemas/output/, refcli.output.document_schemas).

The schemas are generated (``python -m refcli.reading.formats --write``; tests/test_formats.py
checks the files are current); here the output of every example, of every
game's own commands, of several files and of failures is checked against them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, REPO, Invoke
from test_examples import EXAMPLE_FILES, run_line

from refcli.model import registry
from refcli.output.document_schemas import schemas

jsonschema = pytest.importorskip("jsonschema")
OUTPUT = REPO / "data" / "schemas" / "output"


def schema_for(argv: list[str]) -> str:
    """The schema's name for a command line (``["kuhhandel", "score", …]`` → ``score``)."""
    words = [word for word in argv if not word.startswith("-")]
    verb = words[1] if words and registry.find(words[0]) is not None and len(words) > 1 else words[0]
    if verb in ("score", "ruling", "rules"):
        return verb
    if verb == "validate":
        return "validate-line" if "--jsonl" in argv else "validate"
    game = registry.find(words[0])
    return f"{game.id if game else words[0]}-{verb}"


@cache
def validator(name: str) -> Any:
    schema = json.loads((OUTPUT / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def check(argv: list[str], stdout: str) -> dict[str, Any]:
    """The document fits the schema of its command line; errors name every mismatch."""
    document: dict[str, Any] = json.loads(stdout)
    errors = sorted(validator(schema_for(argv)).iter_errors(document), key=str)
    assert not errors, f"refcli {' '.join(argv)}: " + "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    return document


def test_the_files_are_the_generator_s() -> None:
    assert sorted(path.name.removesuffix(".schema.json") for path in OUTPUT.glob("*.schema.json")) == sorted(schemas())


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_s_output_fits_its_schema(example: Path, invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(example.parent)
    argv = [*run_line(example), "--format", "json"]
    check(argv, invoke(argv).stdout)


OWN_COMMANDS = [
    ["bamboozled", "compare", "43", "34"],
    ["bamboozled", "compare", "21", "21"],
    ["bamboozled", "ladder"],
    ["bamboozled", "ladder", "54"],
    ["cup-of-bluff", "chips"],
    ["cup-of-bluff", "chips", "15"],
    ["kuhhandel", "animals"],
    ["kuhhandel", "animals", "burro"],
    ["kuhhandel", "editions"],
    ["kuhhandel", "pay", "60", "--money", "0,10,10,50,100"],
    ["kuhhandel", "pay", "60", "--money", "0,10"],  # not covered: exit 1, paid null
    ["rules", "burro"],
    ["rules", "zzzqqq"],  # nothing found: exit 1, the topics
    ["kuhhandel", "rules", "K1"],
    ["money", "rules"],
]


@pytest.mark.parametrize("argv", OWN_COMMANDS, ids=" ".join)
def test_own_commands_and_rules_fit_their_schemas(argv: list[str], invoke: Invoke) -> None:
    result = invoke([*argv, "--format", "json"])
    assert result.exit_code in (0, 1), result.stderr
    document = check(argv, result.stdout)
    if argv[0] != "rules":
        assert document["game"] == registry.find(argv[0]).id  # type: ignore[union-attr]


def test_every_own_command_has_a_schema_and_a_case() -> None:
    declared = {f"{game.id}-{command.name}" for game in registry.built_in() for command in game.commands}
    assert declared <= set(schemas()), declared - set(schemas())
    covered = {schema_for(argv) for argv in OWN_COMMANDS}
    assert declared <= covered, declared - covered


FAILING = [
    ["kuhhandel", "score", "MISSING"],
    ["score", "GOOD", "MISSING", "BAD"],
    ["money", "score", "MISSING", "BAD"],
    ["kuhhandel", "ruling", "BAD"],
    ["validate", "GOOD", "MISSING", "BAD"],
]


@pytest.mark.parametrize("argv", FAILING, ids=" ".join)
def test_failures_are_documents_that_fit(argv: list[str], invoke: Invoke, write: Any) -> None:
    files = {
        "GOOD": str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml"),
        "MISSING": "/no/such/file.toml",
        "BAD": write("game = 'kuhhandel'\nedition = 7\n", "bad.toml"),
    }
    if argv[0] == "validate":
        files["GOOD"] = str(EXAMPLES / "kuhhandel" / "record-edition2.toml")
    full = [files.get(word, word) for word in argv] + ["--format", "json"]
    result = invoke(full)
    assert result.exit_code in (65, 66), result.stderr
    check(full, result.stdout)


def test_json_lines_fit_the_line_schema(invoke: Invoke, write: Any) -> None:
    record = json.dumps({"game": "kuhhandel", "players": ["Ana", "Ben", "Cid"]})
    path = write(record + "\n{not json\n" + record.replace("Cid", "Ana") + "\n", "records.jsonl")
    argv = ["validate", "--jsonl", path]
    lines = invoke(argv).stdout.splitlines()
    assert len(lines) == 3
    for line in lines:
        check(argv, line)


@pytest.mark.parametrize(
    ("name", "example", "change"),
    [
        ("score", "kuhhandel/rulebook-2460", lambda d: d.pop("winners")),
        ("score", "kuhhandel/rulebook-2460", lambda d: d.update(schema_version=2)),
        ("score", "kuhhandel/rulebook-2460", lambda d: d["citations"][0].pop("game")),
        ("ruling", "kuhhandel/auction-spec", lambda d: d.update(schema_version=2)),
        ("ruling", "kuhhandel/auction-spec", lambda d: d.pop("verdict")),
        ("validate", "kuhhandel/record-broken", lambda d: d["results"][0]["findings"][0].pop("line")),
        ("validate", "kuhhandel/record-broken", lambda d: d.pop("counts")),
        ("score", "money/game-3", lambda d: d["games"][0].update(players="Ana")),
    ],
)
def test_the_schemas_refuse_a_document_that_breaks_them(name: str, example: str, change: Any) -> None:
    document = json.loads((EXAMPLES / f"{example}.json").read_text(encoding="utf-8"))
    assert validator(name).is_valid(document)
    change(document)
    assert not validator(name).is_valid(document)
