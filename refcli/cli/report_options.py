"""The display options of every command that prints a report: ``--format``, ``-v/--explain``, ``--no-pager``."""

from __future__ import annotations

from typing import Annotated

import typer

from refcli.language.i18n import N_
from refcli.model.options import DocumentFormat

FormatOption = Annotated[
    DocumentFormat,
    typer.Option(
        "--format", "-f", help=N_("Output format: text for people, json or toml for scripts."), case_sensitive=False
    ),
]
ExplainOption = Annotated[
    bool,
    typer.Option(
        "--explain",
        "-v",
        help=N_(
            "On a terminal, quote every clause applied, not only those that decided the outcome "
            "(a pipe, JSON and TOML always get every one)."
        ),
    ),
]
NoPagerOption = Annotated[
    bool,
    typer.Option(
        "--no-pager",
        help=N_(
            "Print straight to the terminal. Otherwise text taller than the terminal goes through "
            "$REFCLI_PAGER, $PAGER or less -R (never when piped)."
        ),
    ),
]
