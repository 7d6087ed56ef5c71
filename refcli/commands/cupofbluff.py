"""``refcli cup-of-bluff …``: Cup of Bluff (document 004)."""



from refcli.commands import verbs
from refcli.commands.common import FormatOption, reporting
from refcli.options import Format

GAME = "cup-of-bluff"

app = verbs.game_app(
    "Cup of Bluff (three dice, chips 3-18): scores, chip odds, rulings on calls and exchanges, "
    "the end of the game, recorded games.",
)


@app.command("chips")
def chips(fmt: FormatOption = Format.text) -> None:
    """Each chip's points, and how many of the 216 rolls of three dice sum to it."""
    with reporting():
        from refcli.games.cupofbluff.present import chips_report
        from refcli.render import emit

        emit(chips_report(), fmt)


verbs.add_score(
    app,
    GAME,
    "Score final holdings: chip points (3 and 18: 5; 4 and 17: 4; 5, 6, 15, 16: 3; 7, 8, 13, 14: 2; "
    "9 to 12: 1), ranked, equal points broken by fewer chips (C4).\n\n`target` sets the points-target "
    "variant. The game must be over (the centre empty, or the target reached) unless --partial is given; "
    "every chip 3-18 at most once; at most 16 players.",
)
verbs.add_ruling(
    app,
    GAME,
    "Rule on a situation: call (was it the truth, was the target fooled, who scores the chip, from where, "
    "and whether the caller owes a chip), exchange (doubles: may these chips be handed back, for which "
    "chips) and end (is the game over, who wins).\n\nExits 1 when the situation breaks a rule, naming it. "
    "`refcli cup-of-bluff template call` prints a starter file.",
)
verbs.add_validate(
    app,
    GAME,
    "Replay recorded games and report every broken rule with its event number: turn order, calls (chips "
    "you may call, whom you must target), who scores each chip, the chip given under the exception, "
    "exchanges on doubles, the end when the centre empties, and the winner. Exits 1 when any file breaks "
    "a rule.",
)
verbs.add_rules(app, GAME, "Cup of Bluff", "score.exception, C3, doubles, points")
verbs.add_template(
    app,
    GAME,
    {
        "final": "holdings for score",
        "record": "a game for validate",
        "call": "a call situation",
        "exchange": "an exchange situation",
        "end": "an end-of-game situation",
    },
)
verbs.add_simulate(app, "refcli.games.cupofbluff.simulate", 2, 5)
