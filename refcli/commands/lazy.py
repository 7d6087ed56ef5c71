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
from collections.abc import Callable
from typing import Any, NamedTuple

import typer
import typer.main
from typer.core import TyperGroup


class Definition(NamedTuple):
    """A command before conversion: its function (a signature typer reads) and help."""

    function: Callable[..., Any]
    help: str
    hidden: bool = False


def to_click(name: str, definition: Definition) -> Any:
    """The click command typer makes of ``definition`` (plain help: no rich)."""
    single = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_short=True)
    single.command(name, help=definition.help, hidden=definition.hidden)(definition.function)
    return typer.main.get_command(single)


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


class LazyCommands(TyperGroup):
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

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """click's resolution, with "did you mean" for a mistyped command (``refcli kuhandel``, ``scroe``)."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            # said here, not by click, so an unknown name is looked up once (a game: one scan of the packages)
            close = suggestion(name, self.list_commands(ctx))
            hint = f" (did you mean {close!r}?)" if close else ""
            ctx.fail(f"No such command {name!r}{hint}.")  # click's usage error: exit 2
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        """click's invocation; a word that is not one of a parameter's choices gets "did you mean" added."""
        try:
            return super().invoke(ctx)
        except typer.BadParameter as error:
            error.message = with_suggestion(error)
            raise


def with_suggestion(error: typer.BadParameter) -> str:
    """``error``'s message, ending in "did you mean …?" when it refuses a word close to one of the choices.

    typer words the refusal ``'auctoin' is not one of 'final', 'auction', ….`` and the parameter's type
    lists its ``choices``; any other message is kept as it is.
    """
    message = str(error.message)
    choices = getattr(getattr(error.param, "type", None), "choices", None)
    head, is_choice, _ = message.partition(" is not one of ")
    if not choices or not is_choice or not message.endswith(".") or "(did you mean" in message:  # nested groups
        return message
    from ast import literal_eval

    try:
        word = literal_eval(head)
    except (ValueError, SyntaxError):
        return message
    close = suggestion(str(word), [str(getattr(choice, "value", choice)) for choice in choices])
    return f"{message[:-1]} (did you mean {close!r}?)." if close else message


def suggestion(word: str, known: list[str]) -> str | None:
    """The known word ``word`` is most likely a typo of, if any (only a mistyped command pays for difflib)."""
    from difflib import get_close_matches

    close = get_close_matches(word.casefold(), known, n=1)
    return close[0] if close else None
