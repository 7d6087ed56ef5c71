"""The options and arguments of the commands that read files (score, ruling, validate) and of ``rules``.

Imported when one of those commands is built (``refcli.cli.verbs``), never by a quick query
(``refcli GAME COMMAND``): each ``Annotated[…, typer.Option(…)]`` costs about a tenth of a
millisecond to make at import, and a game's own command takes none of these.
"""

from __future__ import annotations

import math
from typing import Annotated, Optional

import typer

from refcli.language.i18n import N_
from refcli.model.options import MAX_MAX_BYTES, Format, TableFormat

TableFormatOption = Annotated[
    Format,
    typer.Option(
        "--format",
        "-f",
        help=N_(
            "Output format: text for people, json or toml for scripts, csv for a spreadsheet, bgstats for BG "
            "Stats' play document (JSON) and bgstats-link for the link that opens it in the BG Stats app."
        ),
        case_sensitive=False,
    ),
]
QrOption = Annotated[
    Optional[str],  # noqa: UP007 - typer reads it; "" (the option alone): draw it in the terminal
    typer.Option(
        "--qr",
        metavar="[FILE.png|FILE.svg]",
        show_default=False,
        help=N_(
            "With --format bgstats-link: draw each link as a QR code in the terminal, under the link, for a phone "
            "to scan; --qr FILE.png or FILE.svg writes the code to that file instead (one game; --force replaces it)."
        ),
    ),
]
QR_IMAGES = (".png", ".svg")


def qr_alone(arguments: list[str]) -> list[str]:
    """``--qr`` not followed by a PNG or SVG file name as ``--qr=`` (draw in the terminal): its value is optional.

    typer takes an option's value from the next word whatever it is, so ``--qr game.toml`` would name the
    image game.toml; an image is named by its suffix, and any other next word is left where it was.
    """
    found: list[str] = []
    for index, argument in enumerate(arguments):
        if argument == "--":
            return found + arguments[index:]
        following = arguments[index + 1] if index + 1 < len(arguments) else ""
        if argument == "--qr" and not following.lower().endswith(QR_IMAGES):
            argument = "--qr="
        found.append(argument)
    return found


BomOption = Annotated[
    bool,
    typer.Option(
        "--bom",
        help=N_(
            "With --format csv: begin with the UTF-8 byte-order mark, which some spreadsheet apps need to read "
            "characters such as → and × correctly."
        ),
    ),
]
ValidateFormatOption = Annotated[
    Optional[TableFormat],  # noqa: UP007 - typer reads it; None: text, or json with --jsonl
    typer.Option(
        "--format",
        "-f",
        help=N_(
            "Output format: text for people, json or toml for scripts, csv for a spreadsheet "
            "[default: text; json with --jsonl, which also takes csv]."
        ),
        case_sensitive=False,
        show_default=False,
    ),
]
FilesArgument = Annotated[
    list[str],
    typer.Argument(help=N_("TOML files to read; - reads standard input."), metavar="FILE..."),
]
MaxBytesOption = Annotated[
    int,
    typer.Option(
        "--max-bytes",
        min=1,
        max=MAX_MAX_BYTES,
        metavar="N",
        show_default=False,
        help=N_("Refuse inputs (or JSON lines) larger than N bytes [default: 8 MiB; at most 2^40]."),
    ),
]
JobsOption = Annotated[
    int, typer.Option("--jobs", "-j", min=1, max=64, help=N_("Validate in N processes (results stay in input order)."))
]


def _seconds(value: float) -> float:
    """--record-timeout's SECONDS: any number from 0 up (``inf`` too), but not NaN, which is no duration."""
    if math.isnan(value):
        from refcli.language.i18n import _

        raise typer.BadParameter(_("{value} is not a number of seconds").format(value=repr(str(value))))
    return value


RecordTimeoutOption = Annotated[
    float,
    typer.Option(
        "--record-timeout",
        min=0,
        callback=_seconds,
        metavar="SECONDS",
        show_default=False,
        help=N_(
            "Give up on a record that takes longer than SECONDS: it is reported as not validated (rule input, "
            "exit 66) and the others are still checked; 0 means no bound [default: 120]."
        ),
    ),
]
JsonlOption = Annotated[
    bool,
    typer.Option(
        "--jsonl",
        help=N_("Each FILE holds one record per line as JSON (same shape as the TOML); results as JSON Lines."),
    ),
]
StrictOption = Annotated[
    bool, typer.Option("--strict", help=N_("Stop at the first error instead of reporting every one."))
]
PartialOption = Annotated[
    bool,
    typer.Option("--partial", help=N_("Score a game that is not over yet: complete sets/holdings only, and say so.")),
]
SituationArguments = Annotated[
    Optional[list[str]],  # noqa: UP007 - typer reads it
    typer.Argument(
        help=N_(
            "A situation file (TOML; - reads standard input) and/or KEY=VALUE items giving or changing its values."
        ),
        metavar="[FILE] [KEY=VALUE]...",
        show_default=False,
    ),
]
SnapshotArguments = Annotated[
    Optional[list[str]],  # noqa: UP007 - typer reads it
    typer.Argument(
        help=N_("TOML files to read (- reads standard input), or one file and/or KEY=VALUE items."),
        metavar="[FILE]... [KEY=VALUE]...",
        show_default=False,
    ),
]
SaveOption = Annotated[
    Optional[str],  # noqa: UP007
    typer.Option(
        "--save",
        help=N_(
            "Also write what was read (FILE, items or answers) to this TOML file (- prints it on standard output, "
            "after the result)."
        ),
        metavar="FILE",
    ),
]
AllOption = Annotated[
    bool, typer.Option("--all", "-a", help=N_("Show every clause a word search finds, not only the best five."))
]
