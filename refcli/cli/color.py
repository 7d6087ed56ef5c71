"""``--color auto|always|never``: a root option and an option of every command that prints a report.

Either place means the same (``refcli.output.terminal`` holds the choice for the run); given in both,
the command's own wins, as the one given last.
"""

from __future__ import annotations

from typing import Annotated, Literal, Optional

import typer

from refcli.language.i18n import N_

ColorMode = Literal["auto", "always", "never"]  # typer makes it a choice; an Enum class costs start-up time

COLOR_HELP = N_(
    "Colour in text output: auto (on a terminal, unless NO_COLOR is set; also in a pipe when FORCE_COLOR is), "
    "always (also in a pipe, drawn as on a terminal: for less -R) or never. Only colour: the layout follows "
    "the terminal either way."
)


def new_run(value: Optional[ColorMode]) -> Optional[ColorMode]:  # noqa: UP045 - typer reads it
    """The root option's callback: a new run starts at auto (tests run several in one process)."""
    from refcli.output.terminal import reset_color

    reset_color()
    return chosen(value)


def chosen(value: Optional[ColorMode]) -> Optional[ColorMode]:  # noqa: UP045 - typer reads it
    """A command's option's callback: ``--color`` given there counts (not given: the root's stands)."""
    from refcli.output.terminal import choose_color

    choose_color(value)
    return value


RootColorOption = Annotated[
    Optional[ColorMode],  # noqa: UP045 - typer reads it
    typer.Option(
        "--color",
        callback=new_run,
        is_eager=True,
        help=COLOR_HELP,
        metavar="auto|always|never",
    ),
]
ColorOption = Annotated[
    Optional[ColorMode],  # noqa: UP045 - typer reads it
    typer.Option("--color", callback=chosen, help=COLOR_HELP, metavar="auto|always|never"),
]
