"""Commands built on demand are the commands typer builds, through typer's public interface only.

refcli converts each command only when it is used (``refcli.cli.lazy``).
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

from refcli.cli import clickwords
from refcli.cli.lazy import (
    Builders,
    LazyCommands,
    Translating,
    TranslatingContext,
    help_record,
    lang_option,
    translated,
)
from refcli.cli.verbs import ROOT_DEFINITIONS, game_definitions
from refcli.language.i18n import using
from refcli.model import registry

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


# ---------------------------------------------------------------- help and click's words in the run's language


def every_command() -> list[tuple[str, Any]]:
    """(command line, click command) for the root, every group and every command, hidden ones too."""
    from refcli.cli.app import app

    root = typer.main.get_command(app)
    ctx = root.make_context("refcli", [], resilient_parsing=True)
    found: list[tuple[str, Any]] = [("refcli", root)]
    for name in root.list_commands(ctx):
        command = root.get_command(ctx, name)
        found.append((f"refcli {name}", command))
        if hasattr(command, "list_commands"):
            sub = command.make_context(name, [], parent=ctx, resilient_parsing=True)
            found += [
                (f"refcli {name} {child}", command.get_command(sub, child)) for child in command.list_commands(sub)
            ]
    return found


def test_every_command_shows_its_help_through_the_translating_classes() -> None:
    """Root, game groups, every command: help, the list of commands and usage lines all go through Translating."""
    for line, command in every_command():
        assert isinstance(command, Translating), line
        assert command.context_class is TranslatingContext, line


def test_translated_swaps_the_texts_in_and_back() -> None:
    game = registry.get("kuhhandel")
    assert game is not None
    command = LazyCommands(name="kuhhandel", definitions=game_definitions(game)).get_command(None, "score")
    ctx = command.make_context("score", [], resilient_parsing=True)
    before = [param.help for param in command.params]
    with using("es"), translated(command, ctx):
        texts = {param.name: param.help for param in command.get_params(ctx)}
        assert texts["help"] == "Muestra este mensaje y termina."
        assert texts["fmt"].startswith("Formato de salida:")
        record = help_record(next(p for p in command.params if p.name == "fmt"), ctx)
        assert record is not None and record[1].endswith("[por defecto: text]")
    assert [param.help for param in command.params] == before
    assert command.get_help_option(ctx).help == "Show this message and exit."


CLICK_MESSAGES = [
    ("No such option: --fromat", "No existe la opción: --fromat"),
    (
        "No such option: --fromat (Possible options: --format)",
        "No existe la opción: --fromat (opciones posibles: --format)",
    ),
    ("No such command 'x'.", "No existe el comando 'x'."),
    ("No such command 'x'. Did you mean 'y'?", "No existe el comando 'x'. ¿Querías decir 'y'?"),
    ("Missing command.", "Falta el comando."),
    ("Missing argument 'FILE'.", "Falta el argumento 'FILE'."),
    ("Missing argument 'KIND'. Choose from:\n\ta,\n\tb", "Falta el argumento 'KIND'. Elige entre:\n\ta,\n\tb"),
    ("Missing option '--money'.", "Falta la opción '--money'."),
    (
        "Invalid value for '--format' / '-f': 'xml' is not one of 'text', 'json'.",
        "Valor no válido para '--format' / '-f': 'xml' no es ninguno de estos: 'text', 'json'.",
    ),
    (
        "Invalid value for '-j': 0 is not in the range 1<=x<=64.",
        "Valor no válido para '-j': 0 está fuera del intervalo 1<=x<=64.",
    ),
    (
        "Invalid value for '-j': 'x' is not a valid int range.",
        "Valor no válido para '-j': 'x' no es un número entero válido.",
    ),
    ("Invalid value: a game's own words", "Valor no válido: a game's own words"),
    ("Got unexpected extra argument(s) (a b)", "Sobran argumentos (a b)"),
    ("Option '--seed' requires an argument.", "La opción '--seed' necesita un valor."),
    ("Option '--x' requires 2 arguments.", "La opción '--x' necesita 2 valores."),
    ("Option '--partial' does not take a value.", "La opción '--partial' no lleva valor."),
    (
        "bash completion installed in /h/.bash_completions/refcli.sh",
        "Autocompletado de bash instalado en /h/.bash_completions/refcli.sh",
    ),
]


@pytest.mark.parametrize(("english", "spanish"), CLICK_MESSAGES, ids=[english[:40] for english, _s in CLICK_MESSAGES])
def test_clicks_messages_are_matched_and_translated(english: str, spanish: str) -> None:
    with using("es"):
        assert clickwords.in_language(english) == spanish
    with using("en"):
        assert clickwords.in_language(english) == english


# click's usage errors as refcli words every error: one line, lower case, no full stop (English, Spanish)
USAGE_WORDS = [
    (
        "No such option: --fromat (Possible options: --format)",
        "no such option --fromat (did you mean --format?)",
        "no existe la opción --fromat (¿querías decir --format?)",
    ),
    ("No such command 'x'.", "no such command 'x'", "no existe la orden 'x'"),
    ("Missing argument 'SCORE'.", "missing argument 'SCORE'", "falta el argumento 'SCORE'"),
    (
        "Missing argument 'KIND'. Choose from:\n\ta,\n\tb",
        "missing argument 'KIND': choose from a,\n\tb",
        "falta el argumento 'KIND': elige entre a,\n\tb",
    ),
    (
        "Invalid value for '-j': 0 is not in the range 1<=x<=64.",
        "invalid value for '-j': 0 is not in the range 1<=x<=64",
        "valor no válido para '-j': 0 no está en el intervalo 1<=x<=64",
    ),
    ("Got unexpected extra argument (b)", "unexpected extra argument b", "sobra el argumento b"),
    (
        "Option '--partial' does not take a value.",
        "option '--partial' takes no value",
        "la opción '--partial' no lleva valor",
    ),
]


@pytest.mark.parametrize(("click", "english", "spanish"), USAGE_WORDS, ids=[click[:40] for click, *_ in USAGE_WORDS])
def test_clicks_usage_errors_are_said_in_refcli_words(click: str, english: str, spanish: str) -> None:
    with using("en"):
        assert clickwords.in_refcli_words(click) == english
    with using("es"):
        assert clickwords.in_refcli_words(click) == spanish


def test_a_message_that_is_not_clicks_is_left_as_it_is() -> None:
    with using("es"):
        for message in ("refcli's own, already in Spanish: falta FILE", "Missing the point", "No such option:"):
            assert clickwords.in_language(message) == message


def test_every_template_names_only_placeholders_it_fills() -> None:
    """A template's placeholders are named (a translation may reorder them) and each shape is a valid pattern."""
    for template in (*clickwords.MESSAGES, *clickwords.EXTRAS):
        fields = re.findall(r"\{([^{}]*)\}", template)
        assert all(field.isidentifier() for field in fields), template
    assert len(clickwords._patterns(clickwords.MESSAGES)) == len(clickwords.MESSAGES)
