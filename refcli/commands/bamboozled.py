"""``refcli bamboozled …``: Bamboozled (document 002)."""


from typing import Annotated

import typer

from refcli.commands import verbs
from refcli.commands.common import FormatOption, reporting
from refcli.options import Format

GAME = "bamboozled"

app = verbs.game_app(
    (
        "Bamboozled (two dice, bluffs, strikes and action cards): compare and rank scores, "
        "rule on challenges, accepts and action cards, standings, recorded games."
    ),
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


verbs.add_score(
    app,
    GAME,
    "Standings: strikes left before going out, and the last player standing.\n\n"
    "`strikes_to_lose` (default 3; the \"more strikes\" variant raises it) sets the limit. With more than "
    "one player still in, the game is not over: exit 65, unless --partial is given. At most 12 players.",
)
verbs.add_ruling(
    app,
    GAME,
    "Rule on a challenge, an accepted declaration, or an action card played.\n\n"
    "Situations: challenge (a call: bluff or not, who takes the strike, who rolls next, which card is "
    "discarded), accept (was it a bamboozle, who draws, the hand limit), card (may this before-roll card "
    "be played now, and what it changes). Exits 1 when the situation itself breaks a rule, naming it. "
    "`refcli bamboozled template challenge` prints a starter file.",
)
verbs.add_validate(
    app,
    GAME,
    "Replay recorded games and report every broken rule with its event number.\n\n"
    "Checks turn order (under Reverse and Skip), declarations that tie or beat, calls and their strikes, "
    "resets and who starts, eliminations at the limit, Revive, the action-card supply and hand limits, "
    "and the winner. Exits 1 when any file breaks a rule.",
)
verbs.add_rules(app, GAME, "Bamboozled", "ranking.jackpot, B3, skip, revive, kids")
verbs.add_template(
    app,
    GAME,
    {
        "final": "standings for score",
        "record": "a game for validate",
        "challenge": "a call",
        "accept": "an accepted declaration",
        "card": "an action card played",
    },
)
verbs.add_simulate(app, "refcli.games.bamboozled.simulate", 2, 6)
