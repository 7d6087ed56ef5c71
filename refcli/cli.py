"""The ``refcli`` command: the root app, the cross-game verbs and ``main()``."""


import importlib
import sys
from typing import Annotated, Any, Optional

import typer
from typer.core import TyperGroup

from refcli import __version__, registry
from refcli.commands.verbs import add_ruling, add_score, add_validate


class LazyCommands(TyperGroup):
    """A group whose commands are built from their typer definitions only when used.

    typer turns every command of an app into a click command up front,
    reading each function's signature; for ``refcli bamboozled compare``
    that is a dozen conversions nobody needs. This group converts on demand
    (through ``typer.main.get_command_from_info``, hence the typer pin).
    """

    def __init__(self, *, definitions: Any = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._definitions = {
            info.name or typer.main.get_command_name(info.callback.__name__): info for info in definitions
        }

    def list_commands(self, ctx: Any) -> list[str]:
        return [*self.commands, *(name for name in self._definitions if name not in self.commands)]

    def get_command(self, ctx: Any, name: str) -> Any:
        if name not in self.commands and name in self._definitions:
            self.commands[name] = typer.main.get_command_from_info(
                self._definitions[name], pretty_exceptions_short=True, rich_markup_mode=None
            )
        return self.commands.get(name)


class RootCommands(LazyCommands):
    """``refcli``: the cross-game verbs, then one group per game, imported only when asked for.

    A quick query pays for one game's command module, not four, and never
    touches another game's engine or data.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(definitions=verbs.registered_commands, **kwargs)

    def list_commands(self, ctx: Any) -> list[str]:
        listed = super().list_commands(ctx)
        return [*listed, *(game for game in registry.GAMES if game not in listed)]

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        game = registry.GAMES.get(name)
        if command is None and game is not None:
            game_app = importlib.import_module(game.commands).app
            command = self.commands[name] = LazyCommands(
                name=name,
                definitions=game_app.registered_commands,
                help=game_app.info.help,
                no_args_is_help=True,
                context_settings={"help_option_names": ["-h", "--help"]},
                rich_markup_mode=None,
            )
        return command


# The verbs every game shares, taken from each file's `game` key.
verbs = typer.Typer()


app = typer.Typer(
    name="refcli",
    cls=RootCommands,
    rich_markup_mode=None,  # plain click help and errors: no rich import on --help or a usage error
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


add_score(
    verbs,
    None,
    "Score final snapshots of any game; each file's `game` key says which.\n\n"
    "Prints every player's score with its breakdown, the ranking, the winners and the rules applied. With "
    "several files every file is reported and the worst exit status wins (66 unreadable > 65 bad data > 0).",
    multiply=True,
)
add_ruling(
    verbs,
    None,
    "Rule on a contested situation; the file's `game` key says which game.\n\n"
    "Exits 0 with the verdict, or 1 when the situation itself breaks a rule.",
)
add_validate(
    verbs,
    None,
    "Replay recorded games of any game and report every broken rule by event number.\n\n"
    "Each file's `game` key says which game. Exits 0 when every file follows the rules, 1 when any breaks "
    "one (66 unreadable and 65 bad data win over 1).",
)


def main() -> None:
    """Console entry point: a documented exit status and at most one line on stderr, whatever happens.

    ``refcli.process`` handles signals (Ctrl-C and SIGTERM: 130) and the standard streams (stdout unwritable: 74;
    the reader of stdout gone: 141, nothing printed).
    """
    from refcli import process

    process.handle_signals()
    process.guard_standard_streams()
    sys.exit(_run())


def _run() -> int:
    """Run the app, then write out what stdout still holds; return the exit status."""
    from refcli import process
    from refcli.commands.common import say_error
    from refcli.errors import RefcliError
    from refcli.exit_status import ExitStatus

    try:
        app()  # typer always ends in SystemExit
        code = 0
    except SystemExit as end:
        code = _exit_code(end)
    except (process.Interrupted, KeyboardInterrupt):  # Ctrl-C or SIGTERM (refcli.process)
        code = ExitStatus.INTERRUPTED
    except Exception as error:  # noqa: BLE001 - a bug in refcli still ends in one line
        code = say_error(error)
    try:
        process.flush_stdout()
    except RefcliError as error:  # stdout closed or full, or its reader gone: the results did not get out
        code = say_error(error)
    return int(code)


def _exit_code(end: SystemExit) -> int:
    if end.code is None:
        return 0
    if isinstance(end.code, int):
        return end.code
    print(end.code, file=sys.stderr)  # what sys.exit("message") would have printed
    return 1
