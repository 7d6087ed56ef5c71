"""``refcli GAME ruling SITUATION --help``: that situation's keys, what each means, and an example line that runs.

The keys are walked here from the descriptions themselves (not from the help's own code), so a key the
help leaves out fails; the example line is run as it is printed, split as a shell splits it.
"""

from __future__ import annotations

import shlex

import pytest
from conftest import REPO, Invoke

from refcli.model import registry
from refcli.reading.formats import Field


def item_keys(fields: tuple[Field, ...], prefix: str = "") -> list[str]:
    """Every key of a situation as a KEY=VALUE item writes it (``challenger.offer``, ``offer.N.cards``)."""
    keys: list[str] = []
    for field in fields:
        if field.key == "game":
            continue
        path = f"{prefix}{field.key}"
        keys.append(path)
        if field.type.kind == "table":
            keys += item_keys(field.type.fields, f"{path}.")
        elif field.type.kind == "tables":
            keys += item_keys(field.type.fields, f"{path}.N.")
    return keys


SITUATIONS = [
    (game.id, kind) for game in registry.built_in() for kind, desc in game.formats().items() if desc.verb == "ruling"
]


def spanish_names(game_id: str, kind: str) -> list[str]:
    game = registry.get(game_id)
    assert game is not None
    return [word for word, english in game.spanish.get("kind", {}).items() if english == kind]


def example_of(output: str) -> list[str]:
    line = next(line.strip() for line in output.splitlines() if line.strip().startswith("refcli ") and "=" in line)
    return shlex.split(line)[1:]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("game", "kind"), SITUATIONS)
def test_the_help_of_a_situation_lists_every_key_and_a_line_that_runs(
    invoke: Invoke, game: str, kind: str, lang: str
) -> None:
    result = invoke(["--lang", lang, game, "ruling", kind, "--help"])
    assert result.exit_code == 0, result.output
    found = registry.get(game)
    assert found is not None
    desc = found.formats()[kind]
    listed = {line.split()[0] for line in result.output.splitlines() if line.startswith("  ") and line.strip()}
    for key in item_keys(desc.fields):
        # a map's key is listed as an item writes it: money.NAME
        named = key in listed or any(shown.startswith(f"{key}.") for shown in listed)
        assert named, f"{game} {kind}: {key} missing from\n{result.output}"
    example = example_of(result.output)
    assert example[:2] == [game, "ruling"] and f"situation={kind}" in example
    ran = invoke(["--lang", lang, *example])
    assert ran.exit_code in (0, 1), ran.output


@pytest.mark.parametrize(("game", "kind"), SITUATIONS)
def test_a_situation_is_named_in_spanish_too(invoke: Invoke, game: str, kind: str) -> None:
    english = invoke([game, "ruling", kind, "--help"]).output
    for name in spanish_names(game, kind):
        assert invoke([game, "ruling", name, "--help"]).output == english
        assert invoke([game, "ruling", f"situation={name}", "--help"]).output == english


def test_the_help_is_in_the_runs_language(invoke: Invoke) -> None:
    english = invoke(["kuhhandel", "ruling", "cow-trade", "--help"]).output
    spanish = invoke(["--lang", "es", "kuhhandel", "ruling", "comercio de vacas", "--help"]).output
    assert "the challenger's money cards, face down" in english
    assert "las cartas de dinero del retador, boca abajo" in spanish
    assert "Por ejemplo" in spanish and "For example" in english


def test_the_example_line_writes_values_as_people_type_them(invoke: Invoke) -> None:
    output = invoke(["kuhhandel", "ruling", "cow-trade", "--help"]).output
    assert "'challenger.offer=10 10 0'" in output


def test_without_a_situation_the_help_is_the_commands(invoke: Invoke) -> None:
    output = invoke(["kuhhandel", "ruling", "--help"]).output
    assert "Arguments:" in output and "refcli kuhhandel ruling KIND --help" in output
    # a FILE (not a situation's name) with --help: the command's own help, never a file read
    assert "Arguments:" in invoke(["kuhhandel", "ruling", "game.toml", "--help"]).output
    # the first letters of a situation name a FILE here, not the situation
    assert "Arguments:" in invoke(["kuhhandel", "ruling", "cow", "--help"]).output


def test_a_situation_name_without_help_is_still_a_file(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "ruling", "cow-trade"])
    assert result.exit_code == 66, result.output


def test_the_man_page_gives_each_situation_an_example_line() -> None:
    page = (REPO / "man" / "refcli-kuhhandel.1").read_text(encoding="utf-8")
    for kind in ("auction", "cow-trade", "trade-options", "donkey"):
        escaped = kind.replace("-", "\\-")  # as groff writes a hyphen
        assert f"refcli kuhhandel ruling {escaped} \\-\\-help" in page
    assert "challenger.offer=10 10 0" in page
