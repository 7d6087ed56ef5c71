"""``refcli kuhhandel …``: Kuhhandel / You're Bluffing!, editions 1 and 2."""

from __future__ import annotations

import enum
import sys
from typing import Annotated, Optional

import typer

from refcli.commands.common import FilesArgument, FormatOption, PartialOption, reporting, score_files
from refcli.options import Format, ScoreOptions

GAME = "kuhhandel"

app = typer.Typer(
    help=(
        "Kuhhandel / You're Bluffing! (editions 1 and 2): final scores, the animals, "
        "the rulebook clauses and starter files."
    ),
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command("score")
def score(
    files: FilesArgument,
    partial: PartialOption = False,
    multiply: Annotated[
        bool,
        typer.Option("--multiply", help="Edition 1: apply the edition-2 multiplier (a variant in 001)."),
    ] = False,
    fmt: FormatOption = Format.text,
) -> None:
    """Score final holdings: set values, the multiplier, ranks and winners.

    Edition 2 multiplies the sum of the complete sets by their number
    (4 pigs + 4 dogs + 4 roosters = 820 × 3 = 2460); edition 1 adds them and
    the 500 bonus card. The game must be over (all 40 cards in complete sets)
    unless --partial is given.
    """
    with reporting():
        score_files(files, GAME, ScoreOptions(partial=partial, multiply=multiply), fmt)


@app.command("animals")
def animals(fmt: FormatOption = Format.text) -> None:
    """List the ten animals: the value of each set of four, and their names."""
    with reporting():
        from refcli.games.kuhhandel.components import ANIMALS, CARDS_PER_ANIMAL
        from refcli.render import emit
        from refcli.report import Grid, Heading, Para, Report

        data = {
            "game": GAME,
            "animals": [
                {"animal": a.id, "value": a.value, "cards": CARDS_PER_ANIMAL, "spanish": a.spanish, "german": a.german}
                for a in ANIMALS
            ],
        }
        rows = tuple((a.id, str(a.value), a.spanish, a.german) for a in ANIMALS)
        blocks = [
            Heading("Kuhhandel animals"),
            Grid((("Animal", "left"), ("Set of 4", "right"), ("Spanish", "left"), ("German", "left")), rows),
            Para("A card shows the value of the complete set of four; any of these names works in a snapshot."),
        ]
        emit(Report(data, blocks), fmt)


@app.command("rules")
def rules(
    query: Annotated[
        Optional[str],
        typer.Argument(help="A clause id (score.multiply, K3), a topic (auction, donkey, tie) or words to find."),
    ] = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Quote the rulebook clauses: all, one by id, a topic, or those containing words.

    Clauses come from documents 000 and 001; K1… are the rulings register,
    marked as interpretations.
    """
    with reporting():
        from refcli.catalogue import rules_for
        from refcli.render import emit
        from refcli.report import clauses_report

        catalogue = rules_for(GAME)
        found = catalogue.search(query or "")
        emit(clauses_report(GAME, "Kuhhandel", [c.citation() for c in found], query), fmt)


@app.command("editions")
def editions(fmt: FormatOption = Format.text) -> None:
    """Where editions 1 and 2 differ, side by side, each side quoted."""
    with reporting():
        from refcli.games.kuhhandel.editions import editions_report
        from refcli.render import emit

        emit(editions_report(), fmt)


class TemplateKind(str, enum.Enum):
    final = "final"


@app.command("template")
def template(
    kind: Annotated[TemplateKind, typer.Argument(help="What to start: final (a final snapshot for score).")],
    output: Annotated[
        Optional[str], typer.Option("--output", "-o", help="Write to this file instead of stdout.", metavar="FILE")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
) -> None:
    """Print a commented starter TOML file to fill in."""
    with reporting():
        from refcli.catalogue import data_dir
        from refcli.commands.common import write_new_file

        text = (data_dir() / "templates" / GAME / f"{kind.value}.toml").read_text(encoding="utf-8")
        if output:
            write_new_file(output, text, force)
            print(f"wrote {output}", file=sys.stderr)
        else:
            sys.stdout.write(text)
