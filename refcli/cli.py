"""The ``refcli`` command: the root app (the cross-game verbs, a group per registered game) and ``main()``."""

import sys
from typing import Annotated, Any, Literal, Optional

import typer

from refcli import __version__, i18n, registry
from refcli.commands.color import RootColorOption
from refcli.commands.lazy import LANG_HELP, LazyCommands
from refcli.commands.verbs import ROOT_DEFINITIONS, game_group
from refcli.i18n import N_, _

Language = Literal["en", "es"]  # i18n.LANGUAGES, as typer reads a choice


class RootCommands(LazyCommands):
    """``refcli``: the cross-game verbs, then one group per game, built only when asked for.

    Naming a built-in game imports its declaration and nothing else: a quick
    query pays for one game, never touches another game's engine or data,
    and never scans the installed packages (that happens only for a name that
    is not a built-in game).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(definitions=ROOT_DEFINITIONS, **kwargs)

    def list_commands(self, ctx: Any) -> list[str]:
        listed = super().list_commands(ctx)
        return [*listed, *(game for game in registry.BUILT_IN if game not in listed)]

    # The help names the games and the epilog shows the first one: both come
    # from the registry, worked out only when read (help, man pages), so a
    # quick query does not import every game's declaration.
    @property
    def help(self) -> str:
        return _(HELP).format(games=_titles())

    @help.setter
    def help(self, value: str | None) -> None:
        pass  # what typer passes (the callback's docstring) is replaced by the text above

    @property
    def epilog(self) -> str:
        return _epilog()

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        pass

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """The run's language first (``--lang`` anywhere, else the environment): help and errors follow it."""
        i18n.set_language(i18n.from_arguments(args))
        return list(super().parse_args(ctx, args))

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is None:
            game = registry.get(name)
            if game is not None:
                command = self.commands[name] = game_group(game)
        return command


HELP = N_(
    "A referee for {games}: final scores, rulings and rule look-ups, each quoting the rulebook clause it applied."
)


def _titles() -> str:
    """ "A (B), C and D": the built-in games' titles (another title in parentheses), as ``refcli --help`` names them."""
    names = [f"{game.title} ({game.alt_title})" if game.alt_title else game.title for game in registry.built_in()]
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1]))) if names else "board games"


def _epilog() -> str:
    first = registry.built_in()[0] if registry.BUILT_IN else None
    if first is None:
        return ""
    query = "refcli rules empate  ·  " if first.rules else ""  # every game's rules, a word in Spanish or English
    return (
        f"Examples:  refcli {first.id} score final.toml  ·  refcli score *.toml --format json  ·  "
        f"{query}refcli {first.id} template final -o mine.toml"
    )


app = typer.Typer(
    name="refcli",
    cls=RootCommands,
    rich_markup_mode=None,  # plain click help and errors: no rich import on --help or a usage error
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
        typer.Option("--version", "-V", callback=_version, is_eager=True, help=N_("Print the version and exit.")),
    ] = None,
    color: RootColorOption = None,
    lang: Annotated[
        Optional[Language],  # noqa: UP045 - typer reads it
        typer.Option("--lang", help=LANG_HELP, metavar="es|en"),
    ] = None,
) -> None:
    """Options that come before any command (--version, --color, --lang)."""


def main() -> None:
    """Console entry point: a documented exit status and at most one line on stderr, whatever happens.

    ``refcli.process`` handles signals (Ctrl-C and SIGTERM: 130) and the standard streams (stdout unwritable: 74;
    the reader of stdout gone: 141, nothing printed).
    """
    from refcli import process
    from refcli.exit_status import ExitStatus

    try:
        process.handle_signals()
        process.guard_standard_streams()
        code = _run()
    except process.Interrupted:  # a signal outside _run's own try, e.g. while it was being entered
        code = ExitStatus.INTERRUPTED
    finally:
        process.quit_on_signals()  # the work is done and stdout flushed: a late signal just ends it with 130
    sys.exit(code)


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
