"""A game is one registered unit: a toy game joins refcli with its package and one registry line.

The toy lives in a temporary package (``tmp_path`` on ``sys.path``) and is
registered twice over: as a built-in (one line in ``registry.BUILT_IN``) and
as an installed game (a fake distribution's ``refcli.games`` entry point).
Either way it shows in ``refcli --help``, ``refcli score`` dispatches to it by
its ``game`` key, and the man-page generator writes ``refcli-toy.1`` for it;
its input format is described once (``refcli_toy.formats``), and the fuzzer
finds and fuzzes it as it does every game's.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES
from typer.testing import CliRunner

from refcli.cli import manpage
from refcli.cli.app import app
from refcli.language.folding import fold
from refcli.model import registry
from refcli.model.game import Game

TOY_INIT = '''
"""Toy: every player names a number; the highest wins."""

from refcli.model.game import Example, Game, Param, Source, Verb

GAME = Game(
    id="toy",
    title="Toy",
    package=__name__,
    help="Toy (one number each, the highest wins): scores and its one rule.",
    aliases=("juguete",),
    sources=(Source("T01", "Toy rules", "en", "The toy's only rule."),),
    verbs=(Verb("score", "refcli_toy.final", "Score a toy snapshot: the highest number wins."),),
    score_options=(Param("double", "Count every number twice.", type=bool, flags=("--double",), default=False),),
    rules=("high",),
    snapshot="refcli_toy.final:snapshot_format",
    examples=(Example("Score a toy game:", ("refcli", "toy", "score", "toy.toml")),),
)
'''

TOY_FORMATS = '''
"""The toy's one input format, described once: what reads it, its template and the fuzzer all come from here."""

from refcli.reading.formats import Description, Field, choice, integer, name, tables

FINAL = Description(
    "toy",
    "final",
    "Toy final snapshot",
    "Each player's number; the highest wins.",
    (
        # The toy takes its alias in the game key too (a choice, where built-in games have game_field's constant).
        Field("game", choice("toy", "juguete", fold=True), '"toy" (or "juguete")', example="toy"),
        Field(
            "player",
            tables(
                Field("name", name(), "the player's name", required=True),
                Field("number", integer(0, 99, what="a number,"), "the number the player names", required=True),
                what="one per player",
                minimum=1,
                maximum=6,
            ),
            "one table per player",
            required=True,
            roster=True,
            example=[{"name": "Ana", "number": 3}, {"name": "Ben", "number": 5}],
        ),
    ),
)

FORMATS = {"final": FINAL}
'''

TOY_FINAL = """
from refcli.reading.formats import read
from refcli.model.game import SnapshotFormat
from refcli.results.report import Heading, Para, Report
from refcli_toy.formats import FINAL


def score_document(doc, options):
    players = read(FINAL, doc)["player"]  # a located one-line error for anything the description refuses
    numbers = {player["name"]: player["number"] * (2 if options.double else 1) for player in players}
    best = max(numbers.values())
    winners = [name for name, number in numbers.items() if number == best]
    data = {"game": "toy", "file": doc.name, "scores": numbers, "winners": winners, "double": options.double}
    return Report(data, [Heading("Toy"), Para("Winner: " + ", ".join(winners))])


def snapshot_format():
    return SnapshotFormat(
        keys=(("game", '`"toy"`.'), ("[[player]]", "One table per player."), ("name", "Who."), ("number", "Their number.")),
        sample='game = "toy"\\n\\n[[player]]\\nname = "Ana"\\nnumber = 3\\n',
    )
"""

TOY_RULES = """
game = "toy"

[[clause]]
id = "high"
source = "T01"
section = "The rule"
text = "The highest number wins."
summary = "The highest number wins."
"""

TOY_SNAPSHOT = 'game = "{game}"\n\n[[player]]\nname = "Ana"\nnumber = 3\n\n[[player]]\nname = "Ben"\nnumber = 5\n'


@pytest.fixture
def toy_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The package ``refcli_toy`` in tmp_path, importable; forgotten again afterwards."""
    package = tmp_path / "site" / "refcli_toy"
    (package / "data" / "rules").mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(TOY_INIT), encoding="utf-8")
    (package / "final.py").write_text(textwrap.dedent(TOY_FINAL), encoding="utf-8")
    (package / "formats.py").write_text(textwrap.dedent(TOY_FORMATS), encoding="utf-8")
    (package / "data" / "rules" / "toy.toml").write_text(TOY_RULES, encoding="utf-8")
    monkeypatch.syspath_prepend(str(package.parent))
    importlib.invalidate_caches()
    yield package
    for name in [name for name in sys.modules if name == "refcli_toy" or name.startswith("refcli_toy.")]:
        del sys.modules[name]
    from refcli.rules import catalogue

    catalogue.rules_for.cache_clear()


@pytest.fixture
def built_in_toy(toy_package: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy as a built-in game: its package and one line in the registry."""
    monkeypatch.setitem(registry.BUILT_IN, "toy", "refcli_toy")


class FakeDistribution:
    """What ``importlib.metadata.entry_points`` reports for an installed ``refcli-toy``."""

    def __init__(self) -> None:
        self.scans = 0

    def entry_points(self, **selection: Any) -> list[importlib.metadata.EntryPoint]:
        self.scans += 1
        every = [
            importlib.metadata.EntryPoint(name="toy", value="refcli_toy:GAME", group=registry.ENTRY_POINT_GROUP),
            importlib.metadata.EntryPoint(name="kuhhandel", value="refcli_toy:GAME", group=registry.ENTRY_POINT_GROUP),
            importlib.metadata.EntryPoint(name="other", value="refcli_toy:GAME", group="some.other.group"),
        ]
        return [entry for entry in every if all(getattr(entry, key) == value for key, value in selection.items())]


@pytest.fixture
def installed_toy(toy_package: Path, monkeypatch: pytest.MonkeyPatch) -> FakeDistribution:
    """The toy as a game from another distribution, found through its entry point."""
    fake = FakeDistribution()
    monkeypatch.setattr(importlib.metadata, "entry_points", fake.entry_points)
    return fake


def run(*args: str, **kwargs: Any) -> Any:
    return CliRunner().invoke(app, list(args), catch_exceptions=False, **kwargs)


# ------------------------------------------------------------------ a built-in toy: one registry line


def test_the_toy_is_listed_in_refcli_help(built_in_toy: None) -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert re.search(r"^  toy +Toy \(one number each", result.stdout, flags=re.M), result.stdout
    assert "Bamboozled, Money!, Cup of Bluff and Toy:" in " ".join(result.stdout.split())


def test_refcli_score_dispatches_to_the_toy_by_its_game_key(built_in_toy: None, tmp_path: Path) -> None:
    snapshot = tmp_path / "toy.toml"
    snapshot.write_text(TOY_SNAPSHOT.format(game="toy"), encoding="utf-8")
    result = run("score", str(snapshot), "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {
        "schema_version": 1,
        "game": "toy",
        "file": str(snapshot),
        "scores": {"Ana": 3, "Ben": 5},
        "winners": ["Ben"],
        "double": False,
    }
    # an alias, and the toy's own option on the cross-game verb
    snapshot.write_text(TOY_SNAPSHOT.format(game="Juguete"), encoding="utf-8")
    doubled = json.loads(run("score", str(snapshot), "--double", "--format", "json").stdout)
    assert doubled["scores"] == {"Ana": 6, "Ben": 10} and doubled["double"] is True
    # with a file of another game beside it: each file goes to its own game
    both = run("score", str(snapshot), str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml"), "--format", "json")
    assert both.exit_code == 0, both.stderr
    assert [game["game"] for game in json.loads(both.stdout)["games"]] == ["toy", "kuhhandel"]


def test_the_toy_has_its_group_with_the_verbs_it_declares(built_in_toy: None, tmp_path: Path) -> None:
    snapshot = tmp_path / "toy.toml"
    snapshot.write_text(TOY_SNAPSHOT.format(game="toy"), encoding="utf-8")
    assert json.loads(run("toy", "score", str(snapshot), "--double", "-f", "json").stdout)["winners"] == ["Ben"]
    listed = run("toy", "--help").stdout
    assert "score" in listed and "ruling" not in listed
    assert "template" in listed and "schema" in listed  # it describes its format (refcli_toy.formats)
    assert run("toy", "ruling", str(snapshot)).exit_code == 2  # a verb the toy does not declare
    refused = run("ruling", str(snapshot))
    assert (
        refused.exit_code == 65 and "game: expected a game with `ruling`, found toy, which has none" in refused.stderr
    )


def test_the_man_page_generator_writes_a_page_for_the_toy(built_in_toy: None) -> None:
    pages = manpage.render_pages()
    assert "refcli-toy.1" in pages
    page = pages["refcli-toy.1"]
    assert page.startswith('.\\" Generated by refcli.cli.manpage') and ".TH REFCLI\\-TOY 1" in page
    assert '.SS "refcli toy score"' in page and "\\fB\\-\\-double\\fR" in page
    assert "refcli toy score toy.toml" in page.replace("\\-", "-")  # its example
    assert "number = 3" in page  # its snapshot format
    assert ".BR \\%refcli\\-toy (1)" in pages["refcli.1"]


def test_the_fuzzer_sees_the_toy_through_its_description(built_in_toy: None, tmp_path: Path) -> None:
    """The fuzzer finds the toy in the registry and its kinds in its formats module, and fuzzes them as any game's."""
    import test_fuzz

    fuzzed = test_fuzz.described_and_fuzzed(registry.built_in())  # every kind described, every description fuzzed
    toy = [target for target in fuzzed if target.game.id == "toy"]
    assert [(target.kind, target.desc.verb) for target in toy] == [("final", "score")]
    assert {target.game.id for target in fuzzed} == set(registry.BUILT_IN) and "toy" in registry.BUILT_IN
    path = tmp_path / "toy.toml"
    with test_fuzz.command_built_once():
        test_fuzz.document_test(toy[0], 60)(path)  # documented exit codes only, one error line, no traceback
        assert test_fuzz.exercised(toy[0], path) > 0  # and its well-formed documents are scored
    assert sum(test_fuzz.OUTCOMES["documents: toy final"].values()) >= 60


def test_a_built_in_toy_never_scans_the_installed_packages(
    built_in_toy: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_scan(**selection: Any) -> Any:
        raise AssertionError("the installed packages were scanned")

    monkeypatch.setattr(importlib.metadata, "entry_points", no_scan)
    snapshot = tmp_path / "toy.toml"
    snapshot.write_text(TOY_SNAPSHOT.format(game="toy"), encoding="utf-8")
    for args in (
        ("toy", "--help"),
        ("toy", "score", str(snapshot)),
        ("score", str(snapshot)),
        ("bamboozled", "compare", "43", "34"),
    ):
        assert run(*args).exit_code == 0, args


# ------------------------------------------------------------------ an installed toy: an entry point


def test_the_root_help_lists_an_installed_game_scanning_once(installed_toy: FakeDistribution) -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert re.search(r"^  toy +Toy \(one number each", result.stdout, flags=re.M), result.stdout
    assert installed_toy.scans == 1
    assert run("--help").exit_code == 0 and installed_toy.scans == 1  # the scan is kept for the run
    assert run("kuhhandel", "--help").exit_code == 0 and installed_toy.scans == 1  # a game's help never looks


def test_a_typo_of_an_installed_game_gets_did_you_mean(installed_toy: FakeDistribution) -> None:
    for typo, meant in (("tyo", "toy"), ("juguette", "juguete")):
        result = run(typo, "score", "x.toml")
        assert result.exit_code == 2 and f"(did you mean '{meant}'?)" in result.stderr, result.stderr


def test_an_installed_game_prints_its_template_and_schema_generated_from_its_description(
    installed_toy: FakeDistribution,
) -> None:
    from refcli.reading.formats import descriptions, json_schema, template_text

    final = descriptions("refcli_toy")["final"]
    template = run("toy", "template", "final")
    assert template.exit_code == 0, template.stderr
    assert template.stdout == template_text(final) and template.stdout.startswith("# Toy final snapshot for")
    schema = run("toy", "schema", "final")
    assert schema.exit_code == 0, schema.stderr
    assert json.loads(schema.stdout) == json_schema(final)


def test_a_built_in_games_files_are_what_generating_them_now_gives() -> None:
    """What an installed game gets generated on demand is what refcli ships generated for its own games."""
    from refcli.cli.common import generated_now
    from refcli.language.i18n import using
    from refcli.rules.catalogue import data_dir

    for relative in ("templates/money/bids.toml", "schemas/kuhhandel/auction.schema.json"):
        assert generated_now(relative.split("/")[1], relative) == (data_dir() / relative).read_text(encoding="utf-8")
    with using("es"):
        spanish = generated_now("money", "templates/money/bids.toml")
    assert spanish == (data_dir() / "templates/money/es/bids.toml").read_text(encoding="utf-8")


def test_an_installed_game_is_found_by_its_entry_point(installed_toy: FakeDistribution, tmp_path: Path) -> None:
    snapshot = tmp_path / "toy.toml"
    snapshot.write_text(TOY_SNAPSHOT.format(game="toy"), encoding="utf-8")
    result = run("toy", "score", str(snapshot), "--double", "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["scores"] == {"Ana": 6, "Ben": 10}
    assert json.loads(run("score", str(snapshot), "-f", "json").stdout)["winners"] == ["Ben"]
    # its rule catalogue comes from its own package's data
    rules = json.loads(run("toy", "rules", "high", "-f", "json").stdout)
    assert [clause["id"] for clause in rules["clauses"]] == ["high"]
    assert installed_toy.scans > 0


def test_an_installed_game_cannot_replace_a_built_in_one(installed_toy: FakeDistribution) -> None:
    assert [game.id for game in registry.installed()] == ["toy"]
    kuhhandel = registry.get("kuhhandel")
    assert kuhhandel is not None and kuhhandel.package == "refcli.games.kuhhandel"


def test_built_in_games_are_found_without_scanning(installed_toy: FakeDistribution) -> None:
    for game_id in registry.BUILT_IN:
        found = registry.get(game_id)
        assert found is not None and found.id == game_id
    assert registry.find("Dinero") is registry.find("money") is not None
    assert installed_toy.scans == 0
    assert registry.find("juguete") is not None and installed_toy.scans == 1  # an alias of an installed game


def test_unknown_games_are_looked_up_once_and_refused_clearly(installed_toy: FakeDistribution, tmp_path: Path) -> None:
    assert run("chess", "score", "x.toml").exit_code == 2
    assert installed_toy.scans == 1
    snapshot = tmp_path / "chess.toml"
    snapshot.write_text('game = "chess"\n', encoding="utf-8")
    result = run("score", str(snapshot))
    assert result.exit_code == 65
    assert f'{snapshot}:1: game: "chess" is not one of {", ".join(registry.BUILT_IN)}, toy' in result.stderr


# ------------------------------------------------------------------ every built-in declaration is whole


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_each_declaration_names_code_and_data_that_exist(game: Game) -> None:
    from refcli.rules.catalogue import data_dir, rules_for

    assert registry.BUILT_IN[game.id] == game.package
    assert game.id == game.id.lower() and all(alias == alias.lower() for alias in game.aliases)
    functions = {"score": "score_document", "ruling": "rule_document", "validate": "validate_document"}
    assert [verb.name for verb in game.verbs] == list(functions), "every built-in game scores, rules and validates"
    for verb in game.verbs:
        assert callable(getattr(game.engine(verb.name), functions[verb.name])), verb
    for kind, _ in game.templates:
        assert (data_dir() / "templates" / game.id / f"{kind}.toml").is_file(), kind
    assert {"final", "record"} <= {kind for kind, _ in game.templates}
    assert rules_for(game.id).clauses and game.rules
    for command in game.commands:
        module, _, function = command.run.partition(":")
        assert callable(getattr(importlib.import_module(module), function)), command.name
    assert game.simulate is not None and callable(importlib.import_module(game.simulate.module).random_game)
    assert (EXAMPLES / game.id).is_dir(), "each game has worked examples (checked by test_examples.py)"


def test_names_do_not_clash() -> None:
    names = [name for game in registry.built_in() for name in game.names()]
    assert len(names) == len(set(names))
    assert not set(names) & {"score", "ruling", "validate"}, "a game id would hide a cross-game verb"
    games_of: dict[str, set[str]] = {}
    for game in registry.built_in():
        for name in game.names():
            games_of.setdefault(fold(name), set()).add(game.id)
    assert all(len(ids) == 1 for ids in games_of.values()), "a name two games answer to, accents and case aside"


@pytest.mark.parametrize(
    ("name", "game_id"),
    [
        ("Engañado", "bamboozled"),
        ("ENGANADO", "bamboozled"),
        ("¡Dinero!", "money"),
        (" dinero ", "money"),
        ("Estás fanfarroneando", "kuhhandel"),
        ("taza de farol", "cup-of-bluff"),
        ("Cup of Bluff", "cup-of-bluff"),
    ],
)
def test_a_game_is_found_by_any_of_its_names_ignoring_case_accents_and_blanks(name: str, game_id: str) -> None:
    found = registry.find(name)
    assert found is not None and found.id == game_id
    assert found.is_named(name)
    assert registry.find("dinerito") is None
