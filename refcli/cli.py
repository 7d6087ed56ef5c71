"""The ``refcli`` command: the root app, the cross-game verbs and ``main()``."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from refcli import __version__
from refcli.commands import bamboozled, cupofbluff, kuhhandel, money
from refcli.commands.common import FilesArgument, FormatOption, PartialOption, StrictOption, reporting, score_files
from refcli.options import Format, ScoreOptions, ValidateOptions

app = typer.Typer(
    name="refcli",
    help=(
        "A referee for Kuhhandel (You're Bluffing!), Bamboozled, Money! and Cup of Bluff: "
        "final scores, rulings and rule look-ups, each quoting the rulebook clause it applied."
    ),
    epilog=(
        "Examples:  refcli kuhhandel score final.toml  ·  refcli score *.toml --format json  ·  "
        "refcli kuhhandel rules donkey  ·  refcli kuhhandel template final -o mine.toml"
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(kuhhandel.app, name="kuhhandel")
app.add_typer(bamboozled.app, name="bamboozled")
app.add_typer(money.app, name="money")
app.add_typer(cupofbluff.app, name="cup-of-bluff")


def _version(value: bool) -> None:
    if value:
        print(f"refcli {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        Optional[bool],
        typer.Option("--version", "-V", callback=_version, is_eager=True, help="Print the version and exit."),
    ] = None,
) -> None:
    """A referee for four bluffing games, quoting the rule it applied."""


@app.command("score")
def score(
    files: FilesArgument,
    partial: PartialOption = False,
    multiply: Annotated[
        bool, typer.Option("--multiply", help="Kuhhandel edition 1: apply the edition-2 multiplier variant.")
    ] = False,
    fmt: FormatOption = Format.text,
) -> None:
    """Score final snapshots of any game; each file's `game` key says which.

    Prints every player's score with its breakdown, the ranking, the winners
    and the rules applied. With several files every file is reported and the
    worst exit status wins (66 unreadable > 65 bad data > 0).
    """
    with reporting():
        score_files(files, None, ScoreOptions(partial=partial, multiply=multiply), fmt)


@app.command("ruling")
def ruling(
    file: Annotated[str, typer.Argument(help="A situation file (TOML); - reads standard input.", metavar="FILE")],
    fmt: FormatOption = Format.text,
) -> None:
    """Rule on a contested situation; the file's `game` key says which game.

    Exits 0 with the verdict, or 1 when the situation itself breaks a rule.
    """
    with reporting():
        from refcli.commands.common import rule_file

        rule_file(file, None, fmt)


@app.command("validate")
def validate(files: FilesArgument, strict: StrictOption = False, fmt: FormatOption = Format.text) -> None:
    """Replay recorded games of any game and report every broken rule by event number.

    Each file's `game` key says which game. Exits 0 when every file follows
    the rules, 1 when any breaks one (66 unreadable and 65 bad data win over 1).
    """
    with reporting():
        from refcli.commands.common import validate_files

        validate_files(files, None, ValidateOptions(strict=strict), fmt)


def main() -> None:
    """Console entry point: never a traceback, whatever happens."""
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("refcli: interrupted\n")
        sys.exit(130)
    except BrokenPipeError:
        # the reader went away (`refcli ... | head`): stop quietly
        sys.stderr.close()
        sys.exit(0)
    except Exception as error:  # noqa: BLE001 - a bug in refcli still ends in one line
        from refcli.commands.common import say_error

        sys.exit(int(say_error(error)))
