"""Commands built on demand are the commands typer builds, through typer's public interface only.

refcli converts each command only when it is used (``refcli.commands.lazy``).
These tests build every group eagerly, the way any typer app is built, and
compare: if a typer release changed what a command becomes, or the public
calls refcli relies on, they fail here, naming the command.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer
import typer.main

from refcli import registry
from refcli.commands.lazy import Builders, LazyCommands, lang_option
from refcli.commands.verbs import ROOT_DEFINITIONS, game_definitions

REFCLI = Path(__file__).resolve().parents[1] / "refcli"


def eager_group(definitions: Builders) -> Any:
    """The same definitions registered on a plain typer app and converted all at once."""
    app = typer.Typer(add_completion=False, rich_markup_mode=None)
    for name, build in definitions.items():
        definition = build()
        app.command(name, help=definition.help, hidden=definition.hidden)(definition.function)
    group = typer.main.get_command(app)
    for command in group.commands.values():  # what to_click adds to every command it builds
        command.params.append(lang_option())
    return group


def described(command: Any, name: str) -> tuple[Any, ...]:
    """What a user sees of a command: its help page and the shape of every parameter."""
    ctx = command.make_context(name, [], resilient_parsing=True)
    # click's Parameter interface only (typer 0.29 no longer gives parameters a .type)
    params = tuple(
        (
            p.name,
            tuple(p.opts),
            p.param_type_name,
            p.required,
            p.default,
            p.metavar,
            p.nargs,
            p.hidden,
            p.get_help_record(ctx) if p.param_type_name == "option" else p.help,
        )
        for p in command.params
    )
    return command.get_help(ctx), command.hidden, params


GROUPS = {"refcli": ROOT_DEFINITIONS, **{game.id: game_definitions(game) for game in registry.built_in()}}


@pytest.mark.parametrize("group", GROUPS)
def test_each_command_built_lazily_is_the_one_typer_builds(group: str) -> None:
    definitions = GROUPS[group]
    eager = eager_group(definitions)
    lazy = LazyCommands(name=group, definitions=definitions)
    ctx = lazy.make_context(group, [], resilient_parsing=True)
    assert lazy.list_commands(ctx) == list(definitions)
    for name in definitions:
        built = lazy.get_command(ctx, name)
        assert described(built, name) == described(eager.commands[name], name), f"{group} {name}"
    assert lazy.get_command(ctx, "no-such-command") is None


def test_listing_the_commands_builds_none() -> None:
    game = registry.get("bamboozled")
    assert game is not None
    built: list[str] = []
    definitions = {
        name: (lambda name=name, build=build: built.append(name) or build())
        for name, build in game_definitions(game).items()
    }
    lazy = LazyCommands(name=game.id, definitions=definitions)
    ctx = lazy.make_context(game.id, [], resilient_parsing=True)
    assert "compare" in lazy.list_commands(ctx) and built == []
    lazy.get_command(ctx, "compare")
    lazy.get_command(ctx, "compare")
    assert built == ["compare"], "only the command asked for is built, once"


# Names typer documents (its tutorial and reference): typer.Typer, Option,
# Argument, Exit, BadParameter, typer.main.get_command, typer.core.TyperGroup,
# typer.testing.CliRunner.
PRIVATE_TYPER = re.compile(
    r"(?<!``)(?:typer\.main\.(?!get_command\b)\w+|typer\._\w+|from typer\.(?:main|models|utils|_\w+) import)"
)


def test_refcli_uses_only_typers_public_interface() -> None:
    offenders = [
        f"{path.relative_to(REFCLI.parent)}:{number}: {line.strip()}"
        for path in sorted(REFCLI.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PRIVATE_TYPER.search(line) and not line.lstrip().startswith("#")
    ]
    assert offenders == [], "typer internals used (they change without notice):\n" + "\n".join(offenders)
