"""Command groups whose commands are turned into click commands only when used.

typer converts every command of an app up front, reading each function's
signature; for a quick query (``refcli GAME COMMAND``) that would be a dozen
conversions nobody needs. A :class:`LazyCommands` group holds, per command
name, a function that builds its :class:`Definition`, and defines and
converts only the command asked for.

Only typer's public interface is used: the conversion registers the one
function on a fresh ``typer.Typer`` and asks ``typer.main.get_command`` for
it (typer's documented way to get the click object of an app; an app with a
single command gives that command). ``TyperGroup`` is typer's documented base
for custom groups. ``tests/test_lazy.py`` checks that a lazily built command
is the one typer builds eagerly.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup, TyperOption

from refcli.language.i18n import LANGUAGES, N_, _, language, language_named
from refcli.language.visible import clip
from refcli.model.frozen import Record, record


@record
class Definition(Record):
    """A command before conversion: its function (a signature typer reads) and help."""

    function: Callable[..., Any]
    help: str
    hidden: bool = False
    # A help the arguments ask for before they are parsed (``ruling cow-trade --help``: that situation's), or None
    # for the command's own: click would take the situation for a FILE and show the command's help.
    argument_help: Callable[[list[str]], str | None] | None = None


def to_click(name: str, definition: Definition) -> Any:
    """The click command typer makes of ``definition`` (plain help: no rich), with ``--lang`` and help in the run's language."""
    single = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_short=True)
    single.command(name, help=definition.help, hidden=definition.hidden, cls=TranslatedCommand)(definition.function)
    command = typer.main.get_command(single)
    command.params.append(lang_option())
    if isinstance(command, TranslatedCommand):
        command.argument_help = definition.argument_help
    return command


LANG_HELP = N_(
    "Language of everything refcli writes: en or es (default: REFCLI_LANG, else the configuration file's "
    "lang, else the locale: LC_ALL, LC_MESSAGES, LANG, LANGUAGE). JSON and TOML keys and enumerated values "
    "stay English."
)


def lang_option() -> TyperOption:
    """``--lang es|en`` on a command: the same as before the command (refcli reads it before parsing: help and
    click's own errors come out in that language too), so here it is only accepted and documented."""
    return TyperOption(
        param_decls=["--lang"], callback=known_language, expose_value=False, help=LANG_HELP, metavar="es|en"
    )


def known_language(ctx: Any, param: Any, value: str | None) -> str | None:
    # a plain string checked here: typer's parameters take only typer's own (private) choice type
    if value is not None and language_named(value) is None:  # es, ES, es_ES.UTF-8, español, spanish…
        choices = ", ".join(map(repr, LANGUAGES))  # click's own words for a value not among the choices
        said = _("{value} is not one of {choices}")
        raise typer.BadParameter(said.format(value=repr(clip(value)), choices=choices))
    return value


@contextmanager
def translated(command: Any, ctx: Any = None) -> Iterator[None]:
    """``command``'s help texts (its own, its epilog, each parameter's) in the run's language, inside the block.

    The texts are written in English (marked ``N_``) and translated only when shown, so a command built once
    serves every language (tests run several in one process). Given the context, the help option
    (click's "Show this message and exit.") is translated too.
    """
    saved = [
        (command, "help", command.help),
        (command, "epilog", command.epilog),
        (command, "short_help", command.short_help),
    ]
    params = list(command.params)
    help_option = command.get_help_option(ctx) if ctx is not None else None
    if help_option is not None and help_option not in params:
        params.append(help_option)
    saved += [(param, "help", getattr(param, "help", None)) for param in params]
    try:
        for owner, attribute, text in saved:
            if isinstance(text, str) and text:
                setattr(owner, attribute, _(text))
        yield
    finally:
        for owner, attribute, text in saved:
            setattr(owner, attribute, text)


def help_record(param: Any, ctx: Any) -> tuple[str, str] | None:
    """``param``'s line in a help page, as click makes it, with what click adds (``[default: …]``) translated.

    Used inside :func:`translated`, which has already put the parameter's own help in the run's language.
    """
    record: tuple[str, str] | None = param.get_help_record(ctx)
    if record is None or language() == "en":
        return record
    from refcli.cli.clickwords import extras_in_language, name_in_language

    name, text = record
    return name_in_language(name), extras_in_language(text, getattr(param, "help", None) or "")


class TranslatingFormatter(typer.Context.formatter_class):  # type: ignore[misc,valid-type]
    """click's help formatter with its own words ("Usage:", the section headings) in the run's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        super().write_heading(_(heading))  # "Options", "Arguments", "Commands" (refcli.cli.clickwords)


class TranslatingContext(typer.Context):
    """The context of refcli's commands: help and usage lines written by :class:`TranslatingFormatter`."""

    formatter_class = TranslatingFormatter


USAGE_PIECES = ("[OPTIONS]", "COMMAND [ARGS]...")  # click's placeholders in a usage line (refcli.cli.clickwords)


class Translating:
    """Help (``--help``, and a group's list of commands) in the run's language: mixed into refcli's click classes.

    Also the usage line of an error, and what click adds to an option's help (``[default: text]``).
    """

    context_class: Any = TranslatingContext

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with translated(self, ctx):
            super().format_help(ctx, formatter)  # type: ignore[misc]

    def get_short_help_str(self, limit: int = 45) -> str:
        with translated(self):
            return str(super().get_short_help_str(limit))  # type: ignore[misc]

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        return [_(piece) if piece in USAGE_PIECES else piece for piece in pieces]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """typer's Arguments and Options sections (then a group's Commands), each line through :func:`help_record`."""
        arguments, options = [], []
        for param in self.get_params(ctx):  # type: ignore[attr-defined]
            record = help_record(param, ctx)
            if record is not None and param.param_type_name == "argument":
                arguments.append(record)
            elif record is not None and param.param_type_name == "option":
                options.append(record)
        if arguments:
            with formatter.section(_("Arguments")):
                formatter.write_dl(arguments)
        if options:
            with formatter.section(_("Options")):
                formatter.write_dl(options)
        format_commands = getattr(self, "format_commands", None)
        if format_commands is not None:
            format_commands(ctx, formatter)


class TranslatedCommand(Translating, TyperCommand):
    """typer's command, with its help translated when shown."""

    argument_help: Callable[[list[str]], str | None] | None = None  # the Definition's

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """First the help the arguments ask for (``Definition.argument_help``), if any: printed, exit 0."""
        text = self.argument_help(list(args)) if self.argument_help is not None else None
        if text is not None:
            typer.echo(text)
            ctx.exit(0)
        parsed: list[str] = super().parse_args(ctx, args)
        return parsed


def command_function(
    parameters: list[inspect.Parameter], body: Callable[[dict[str, Any]], None]
) -> Callable[..., None]:
    """A function with these parameters (each annotated for typer) that hands its arguments to ``body``.

    The signature is data, so one definition serves every game: a game's own
    options are parameters like the shared ones.
    """

    def command(**values: Any) -> None:
        body(values)

    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {parameter.name: parameter.annotation for parameter in parameters}
    return command


def parameter(name: str, annotation: Any, default: Any = inspect.Parameter.empty) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)


Builders = dict[str, Callable[[], Definition]]


class LazyCommands(Translating, TyperGroup):
    """A group whose commands are defined and converted only when used.

    ``definitions`` maps each command name to a function building its
    :class:`Definition`: listing the names builds nothing.
    """

    def __init__(self, *, definitions: Builders | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.definitions: Builders = dict(definitions or {})

    def list_commands(self, ctx: Any) -> list[str]:
        return [*self.commands, *(name for name in self.definitions if name not in self.commands)]

    def get_command(self, ctx: Any, name: str) -> Any:
        if name not in self.commands and name in self.definitions:
            self.commands[name] = to_click(name, self.definitions[name]())
        return self.commands.get(name)

    def known_names(self, ctx: Any) -> list[str]:
        """The names "did you mean" chooses among for a mistyped command."""
        return self.list_commands(ctx)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """click's resolution, with "did you mean" for a mistyped command (``refcli kuhandel``, ``scroe``)."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            # said here, not by click, so an unknown name is looked up once (a game: one scan of the packages)
            close = suggestion(name, self.known_names(ctx))
            # click's usage error (exit 2), in the run's language
            if close:
                ctx.fail(_(UNKNOWN_CLOSE).format(name=repr(clip(name)), suggestion=repr(close)))
            ctx.fail(_(UNKNOWN).format(name=repr(clip(name))))
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        """click's invocation; a word that is not one of a parameter's choices gets "did you mean" added."""
        try:
            return super().invoke(ctx)
        except typer.BadParameter as error:
            error.message = with_suggestion(error)
            raise


# refcli's own words for a command or a word it does not know, as every error is worded (one line,
# lower case, no full stop: ``refcli: error: no such command 'scroe' (did you mean 'score'?)``).
UNKNOWN = N_("no such command {name}")
UNKNOWN_CLOSE = N_("no such command {name} (did you mean {suggestion}?)")
NOT_ONE_OF_CLOSE = N_("{value} is not one of {choices} (did you mean {suggestion}?)")


def with_suggestion(error: typer.BadParameter) -> str:
    """``error``'s message, ending in "did you mean …?" when it refuses a word close to one of the choices.

    typer words the refusal ``'auctoin' is not one of 'final', 'auction', ….`` and the parameter's type
    lists its ``choices``; any other message is kept as it is.
    """
    message = str(error.message)
    choices = getattr(getattr(error.param, "type", None), "choices", None)
    head, is_choice, listed = message.partition(" is not one of ")
    if not choices or not is_choice or not message.endswith(".") or "(did you mean" in message:  # nested groups
        return message
    from ast import literal_eval

    try:
        word = literal_eval(head)
    except (ValueError, SyntaxError):
        return message
    close = suggestion(str(word), [str(getattr(choice, "value", choice)) for choice in choices])
    if not close:
        return message
    return _(NOT_ONE_OF_CLOSE).format(value=head, choices=listed[:-1], suggestion=repr(close))


def suggestion(word: str, known: list[str]) -> str | None:
    """The known word ``word`` is most likely a typo of, if any (only a mistyped command pays for difflib)."""
    from difflib import get_close_matches

    close = get_close_matches(word.casefold(), known, n=1)
    return close[0] if close else None
