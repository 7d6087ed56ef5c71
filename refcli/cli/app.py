"""The ``refcli`` command: the root app (the cross-game verbs, a group per registered game) and ``main()``."""

import sys
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Annotated, Any, Optional

import typer

from refcli import __version__
from refcli.cli import settings
from refcli.cli.color import RootColorOption
from refcli.cli.lazy import LANG_HELP, LazyCommands, known_language
from refcli.cli.verbs import ROOT_DEFINITIONS, game_group
from refcli.language import i18n
from refcli.language.i18n import N_, _
from refcli.model import registry


class RootCommands(LazyCommands):
    """``refcli``: the cross-game verbs, then one group per game, built only when asked for.

    Naming a built-in game imports its declaration and nothing else: a quick
    query pays for one game, never touches another game's engine or data,
    and never scans the installed packages (that happens only for a name that
    is not a built-in game).
    """

    # True while ``refcli --help`` lists the commands: only then are the games of other distributions listed
    listing_installed = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(definitions=ROOT_DEFINITIONS, **kwargs)

    def list_commands(self, ctx: Any) -> list[str]:
        listed = super().list_commands(ctx)
        games = [*listed, *(game for game in registry.BUILT_IN if game not in listed)]
        if self.listing_installed:  # the installed packages are scanned (once a run) for this page only
            games += [game.id for game in registry.installed() if game.id not in games]
        return games

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The root help's list of commands: the built-in games, then those installed from elsewhere."""
        self.listing_installed = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.listing_installed = False

    def known_names(self, ctx: Any) -> list[str]:
        """What a mistyped command may have meant: the commands, and every name of an installed game.

        Asked only for a name that is no command and no game, which has scanned the installed packages already.
        """
        names = super().known_names(ctx)
        return [*names, *(name for game in registry.installed() for name in game.names() if name not in names)]

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

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """typer's ``main``, with the run's language chosen first and click's errors shown in it.

        The language comes from ``--lang`` anywhere on the line, else the environment. typer shows click's
        errors itself only in its standalone mode: here they come back (standalone off) and
        ``refcli.cli.clickwords`` shows them as click would, in that language; the exit statuses are typer's.
        """
        before = i18n.language()  # the run over, the language it found (tests run many in one process)
        i18n.choose_for_command_line(args)
        try:
            arguments = sys.argv[1:] if args is None else list(args)
            if "--qr" in arguments:  # an option whose value may be left out, which typer cannot say itself
                from refcli.cli.fileoptions import qr_alone

                args = arguments = qr_alone(arguments)
            settings.use_configuration(arguments)
            if not standalone_mode:
                return super().main(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)
            try:
                result = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
            except typer.Abort:
                from refcli.cli.clickwords import aborted

                aborted()
                sys.exit(1)
            except typer.TyperException as error:  # click's exceptions: usage errors (exit 2) and the like
                from refcli.cli.clickwords import show

                show(error)
                sys.exit(error.exit_code)
            # not standalone, typer returns what typer.Exit carried (a command that finishes returns None: 0)
            sys.exit(result if isinstance(result, int) else 0)
        finally:
            settings.forget_configuration()
            i18n.set_language(before)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """``--lang`` given to the root decides (also when the tree is read without ``main``: the man pages)."""
        chosen = i18n.from_arguments(args)
        if chosen is not None:
            i18n.set_language(chosen)
        for param in self.params:  # --install-completion says what it did in the run's language
            if param.name == "install_completion" and param.callback is not None:
                param.callback = _installing(param.callback)
        return list(super().parse_args(ctx, args))

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is None:
            # a game by its id, else by another of its names (dinero, engañado, estas-fanfarroneando: accents
            # optional), as its files' `game` key takes them; the group is kept under the id only, so the
            # list of commands stays one per game
            game = registry.find(name)
            if game is not None:
                i18n.prefer_game(game.id)  # its words are the ones this run looks up
                command = self.commands.get(game.id)
                if command is None:
                    command = self.commands[game.id] = game_group(game)
        return command


def _installing(callback: Callable[..., Any]) -> Callable[..., Any]:
    """typer's --install-completion callback, saying what it did in the run's language (imports only when used)."""
    if getattr(callback, "translating", False):
        return callback

    @wraps(callback)
    def install(ctx: Any, param: Any, value: Any) -> Any:
        if not value:
            return callback(ctx, param, value)
        from refcli.cli.clickwords import translating_output

        return translating_output(callback)(ctx, param, value)

    install.translating = True  # type: ignore[attr-defined]
    return install


HELP = N_(
    "A referee for {games}: final scores, rulings and rule look-ups, each quoting the rulebook clause it applied."
)


def _titles() -> str:
    """ "A (B), C and D": the built-in games' titles (another title in parentheses), as ``refcli --help`` names them."""
    from refcli.language.i18n import game_title

    names = [
        f"{game_title(game.title)} ({game_title(game.alt_title)})" if game.alt_title else game_title(game.title)
        for game in registry.built_in()
    ]
    if not names:
        return _("board games")
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


EXAMPLES = N_("Examples:  {commands}")


def _epilog() -> str:
    first = registry.built_in()[0] if registry.BUILT_IN else None
    if first is None:
        return ""
    commands = [f"refcli {first.id} score final.toml", "refcli score *.toml --format json"]
    if first.rules:
        commands.append("refcli rules empate")  # every game's rules, a word in Spanish or English
    commands.append(f"refcli {first.id} template final -o mine.toml")
    return _(EXAMPLES).format(commands="  ·  ".join(commands))


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
        Optional[str],  # noqa: UP045 - typer reads it; es, ES, es_ES.UTF-8, español… (i18n.language_named)
        typer.Option("--lang", help=LANG_HELP, metavar="es|en", callback=known_language),
    ] = None,
) -> None:
    """Options that come before any command (--version, --color, --lang)."""
