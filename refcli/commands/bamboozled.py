"""``refcli bamboozled …``: Bamboozled (document 002)."""

from __future__ import annotations

import enum
import sys
from typing import Annotated, Optional

import typer

from refcli.commands.common import FilesArgument, FormatOption, PartialOption, StrictOption, reporting, score_files
from refcli.options import Format, ScoreOptions, ValidateOptions

GAME = "bamboozled"

app = typer.Typer(
    help=(
        "Bamboozled (two dice, bluffs, strikes and action cards): compare and rank scores, "
        "rule on challenges, accepts and action cards, standings, recorded games."
    ),
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _score_argument(value: str) -> str:
    """A declared score: exactly two digits 1-6 (usage error otherwise)."""
    text = value.strip()
    if len(text) != 2 or any(ch not in "123456" for ch in text):
        raise typer.BadParameter(
            f"{value!r} is not a score: a score is two dice, each 1-6, in the order declared "
            "(e.g. 43, 34, 66; 21 is the jackpot, 12 the lowest)"
        )
    return text


ScoreArgument = Annotated[
    str,
    typer.Argument(
        callback=_score_argument, metavar="SCORE", show_default=False,
        help="A declared score: two dice 1-6 in the order declared (43, 66, 21).",
    ),
]


@app.command("compare")
def compare(a: ScoreArgument, b: ScoreArgument, fmt: FormatOption = Format.text) -> None:
    """Which of two declared scores ranks higher, or a tie (register B1).

    Low to high: 12; the other non-doubles by their number (13 … 65); the
    doubles 11 … 66; 21, the jackpot, which can only be tied. 43 and 34 are
    different claims.
    """
    with reporting():
        from refcli.games.bamboozled.present import compare_report
        from refcli.render import emit

        emit(compare_report(a, b), fmt)


@app.command("ladder")
def ladder(fmt: FormatOption = Format.text) -> None:
    """Every declarable score, lowest first, with the odds of tying or beating it.

    For each score: its rank (1 = lowest) and how many of the 36 rolls of two
    dice can honestly tie or beat it, reading the dice in the best order.
    """
    with reporting():
        from refcli.games.bamboozled.present import ladder_report
        from refcli.render import emit

        emit(ladder_report(), fmt)


@app.command("score")
def score(
    files: FilesArgument,
    partial: PartialOption = False,
    fmt: FormatOption = Format.text,
) -> None:
    """Standings: strikes left before going out, and the last player standing.

    `strikes_to_lose` (default 3; the "more strikes" variant raises it) sets
    the limit. With more than one player still in, the game is not over: exit
    65, unless --partial is given.
    """
    with reporting():
        score_files(files, GAME, ScoreOptions(partial=partial), fmt)


@app.command("ruling")
def ruling(
    file: Annotated[str, typer.Argument(help="A situation file (TOML); - reads standard input.", metavar="FILE")],
    fmt: FormatOption = Format.text,
) -> None:
    """Rule on a challenge, an accepted declaration, or an action card played.

    Situations: challenge (a call: bluff or not, who takes the strike, who
    rolls next, which card is discarded), accept (was it a bamboozle, who
    draws, the hand limit), card (may this before-roll card be played now,
    and what it changes). Exits 1 when the situation itself breaks a rule,
    naming it. `refcli bamboozled template challenge` prints a starter file.
    """
    with reporting():
        from refcli.commands.common import rule_file

        rule_file(file, GAME, fmt)


@app.command("validate")
def validate(files: FilesArgument, strict: StrictOption = False, fmt: FormatOption = Format.text) -> None:
    """Replay recorded games and report every broken rule with its event number.

    Checks turn order (under Reverse and Skip), declarations that tie or
    beat, calls and their strikes, resets and who starts, eliminations at the
    limit, Revive, the action-card supply and hand limits, and the winner.
    Exits 1 when any file breaks a rule.
    """
    with reporting():
        from refcli.commands.common import validate_files

        validate_files(files, GAME, ValidateOptions(strict=strict), fmt)


@app.command("rules")
def rules(
    query: Annotated[
        Optional[str],
        typer.Argument(help="A clause id (ranking.jackpot, B3), a topic (skip, revive, kids) or words to find."),
    ] = None,
    fmt: FormatOption = Format.text,
) -> None:
    """Quote the rulebook clauses: all, one by id, a topic, or those containing words.

    Clauses come from document 002; B1… are the rulings register, marked as
    interpretations.
    """
    with reporting():
        from refcli.commands.common import rules_query

        rules_query(GAME, "Bamboozled", query, fmt)


class TemplateKind(str, enum.Enum):
    final = "final"
    record = "record"
    challenge = "challenge"
    accept = "accept"
    card = "card"


@app.command("template")
def template(
    kind: Annotated[
        TemplateKind,
        typer.Argument(
            help="What to start: final (standings for score), record (a game for validate), "
            "or a situation for ruling: challenge, accept, card."
        ),
    ],
    output: Annotated[
        Optional[str], typer.Option("--output", "-o", help="Write to this file instead of stdout.", metavar="FILE")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
) -> None:
    """Print a commented starter TOML file to fill in."""
    with reporting():
        from refcli.commands.common import print_template

        print_template(GAME, kind.value, output, force)


@app.command("simulate", hidden=True)
def simulate(
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed gives the same game.")] = 0,
    players: Annotated[Optional[int], typer.Option("--players", min=2, max=6, help="2 to 6 players.")] = None,
) -> None:
    """Print a random legal recorded game (test data for validate)."""
    with reporting():
        from refcli.games.bamboozled.simulate import random_game
        from refcli.games.kuhhandel.simulate import to_toml

        sys.stdout.write(to_toml(random_game(seed, players=players)))
