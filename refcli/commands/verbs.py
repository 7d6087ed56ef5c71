"""The verbs every game has, defined once and added to each game's typer app.

Each ``add_*`` registers a thin command that parses arguments and hands over
to ``refcli.commands.common``; the help text is the game's own.
"""

import enum
import sys
from typing import Annotated, Optional

import typer

from refcli.commands.common import (
    FilesArgument,
    FormatOption,
    JobsOption,
    JsonlOption,
    MaxBytesOption,
    PartialOption,
    StrictOption,
    reporting,
)
from refcli.options import Format, ScoreOptions, ValidateOptions

FileArgument = Annotated[str, typer.Argument(help="A situation file (TOML); - reads standard input.", metavar="FILE")]
OutputOption = Annotated[
    Optional[str], typer.Option("--output", "-o", help="Write to this file instead of stdout.", metavar="FILE")
]
ForceOption = Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")]


MultiplyOption = Annotated[
    bool, typer.Option("--multiply", help="Kuhhandel edition 1: apply the edition-2 multiplier (a variant in 001).")
]


def game_app(help: str) -> typer.Typer:
    """A game's ``refcli GAME …`` group: plain help, and completion left to the root command."""
    return typer.Typer(
        help=help,
        no_args_is_help=True,
        rich_markup_mode=None,
        add_completion=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )


def add_score(app: typer.Typer, game: str | None, help: str, *, multiply: bool = False) -> None:
    """``score``; ``game`` None reads each file's `game` key; ``multiply`` adds Kuhhandel's --multiply."""
    from refcli.commands.common import score_files

    if multiply:

        @app.command("score", help=help)
        def score_with_multiply(
            files: FilesArgument,
            partial: PartialOption = False,
            multiply: MultiplyOption = False,
            max_bytes: MaxBytesOption = None,
            fmt: FormatOption = Format.text,
        ) -> None:
            with reporting():
                score_files(files, game, ScoreOptions(partial=partial, multiply=multiply), fmt)

        return

    @app.command("score", help=help)
    def score(
        files: FilesArgument,
        partial: PartialOption = False,
        max_bytes: MaxBytesOption = None,
        fmt: FormatOption = Format.text,
    ) -> None:
        with reporting():
            score_files(files, game, ScoreOptions(partial=partial), fmt)


def add_ruling(app: typer.Typer, game: str | None, help: str) -> None:
    @app.command("ruling", help=help)
    def ruling(file: FileArgument, max_bytes: MaxBytesOption = None, fmt: FormatOption = Format.text) -> None:
        with reporting():
            from refcli.commands.common import rule_file

            rule_file(file, game, fmt)


def add_validate(app: typer.Typer, game: str | None, help: str) -> None:
    @app.command("validate", help=help)
    def validate(
        files: FilesArgument,
        strict: StrictOption = False,
        jobs: JobsOption = 1,
        jsonl: JsonlOption = False,
        max_bytes: MaxBytesOption = None,
        fmt: FormatOption = Format.text,
    ) -> None:
        with reporting():
            from refcli.commands.common import validate_files

            validate_files(files, game, ValidateOptions(strict=strict), fmt, jobs=jobs, jsonl=jsonl)


def add_rules(app: typer.Typer, game: str, title: str, examples: str) -> None:
    @app.command(
        "rules",
        help="Quote the rulebook clauses: all, one by id, a topic, or those containing words.\n\n"
        "Register entries are marked as interpretations.",
    )
    def rules(
        query: Annotated[
            Optional[str], typer.Argument(help=f"A clause id, a topic or words to find ({examples}).")
        ] = None,
        fmt: FormatOption = Format.text,
    ) -> None:
        with reporting():
            from refcli.commands.common import rules_query

            rules_query(game, title, query, fmt)


def add_template(app: typer.Typer, game: str, kinds: dict[str, str]) -> None:
    """``template KIND``: ``kinds`` maps each kind to what it starts."""
    Kind = enum.Enum(f"{game.title().replace('-', '')}TemplateKind", {k.replace("-", "_"): k for k in kinds}, type=str)  # type: ignore[misc]
    described = "; ".join(f"{kind} ({what})" for kind, what in kinds.items())

    @app.command("template", help="Print a commented starter TOML file to fill in.")
    def template(
        kind: Annotated[Kind, typer.Argument(help=f"What to start: {described}.")],  # type: ignore[valid-type]
        output: OutputOption = None,
        force: ForceOption = False,
    ) -> None:
        with reporting():
            from refcli.commands.common import print_template

            print_template(game, kind.value, output, force)


def add_simulate(app: typer.Typer, module: str, min_players: int, max_players: int) -> None:
    @app.command("simulate", hidden=True, help="Print a random legal recorded game (test data for validate).")
    def simulate(
        seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed gives the same game.")] = 0,
        players: Annotated[
            Optional[int], typer.Option("--players", min=min_players, max=max_players, help="How many players.")
        ] = None,
    ) -> None:
        with reporting():
            import importlib

            from refcli.records import to_toml

            generator = importlib.import_module(module)
            sys.stdout.write(to_toml(generator.random_game(seed, players=players)))
