"""``refcli kuhhandel …``: Kuhhandel / You're Bluffing!, editions 1 and 2."""


import sys
from typing import Annotated, Optional

import typer

from refcli.commands import verbs
from refcli.commands.common import FormatOption, reporting
from refcli.options import Format

GAME = "kuhhandel"

app = verbs.game_app(
    (
        "Kuhhandel / You're Bluffing! (editions 1 and 2): final scores, the animals, "
        "the rulebook clauses and starter files."
    ),
)


verbs.add_score(
    app,
    GAME,
    "Score final holdings: set values, the multiplier, ranks and winners.\n\n"
    "Edition 2 multiplies the sum of the complete sets by their number (4 pigs + 4 dogs + 4 roosters = "
    "820 × 3 = 2460); edition 1 adds them and the 500 bonus card. The game must be over (all 40 cards in "
    "complete sets) unless --partial is given.",
    multiply=True,
)
verbs.add_ruling(
    app,
    GAME,
    "Rule on a contested situation: auction, cow-trade, trade-options or donkey.\n\n"
    "Prints the facts assumed, the decision and its outcome, and the clauses quoted (interpretations "
    "marked). Exits 1 when the situation itself breaks a rule (a bid that does not rise, a trade over an "
    "animal one side lacks, a money card that does not exist), naming the rule. `refcli kuhhandel template "
    "auction` prints a starter file.",
)
verbs.add_validate(
    app,
    GAME,
    "Replay recorded games and report every broken rule with its event number.\n\n"
    "Checks turn order, the deck (four of each animal, donkey payouts 50, 100, 200, 500), auctions, "
    "payments without change, the money each player holds (while it is known), cow-trade eligibility and "
    "outcomes, compulsory trading once the deck is empty, the end of the game and recorded final scores. "
    "Exits 1 when any file breaks a rule. `refcli kuhhandel template record` prints a starter record.",
)
verbs.add_rules(app, GAME, "Kuhhandel", "score.multiply, K3, auction, donkey, tie")
verbs.add_template(
    app,
    GAME,
    {
        "final": "a final snapshot for score",
        "record": "a game for validate",
        "auction": "an auction situation",
        "cow-trade": "a cow-trade situation",
        "trade-options": "a trade-options situation",
        "donkey": "a donkey situation",
    },
)


@app.command("animals")
def animals(fmt: FormatOption = Format.text) -> None:
    """List the ten animals: the value of each set of four, and their names."""
    with reporting():
        from refcli.games.kuhhandel.components import ANIMALS, CARDS_PER_ANIMAL
        from refcli.render import emit
        from refcli.report import Block, Grid, Heading, Para, Report

        data = {
            "game": GAME,
            "animals": [
                {"animal": a.id, "value": a.value, "cards": CARDS_PER_ANIMAL, "spanish": a.spanish, "german": a.german}
                for a in ANIMALS
            ],
        }
        rows = tuple((a.id, str(a.value), a.spanish, a.german) for a in ANIMALS)
        blocks: list[Block] = [
            Heading("Kuhhandel animals"),
            Grid((("Animal", "left"), ("Set of 4", "right"), ("Spanish", "left"), ("German", "left")), rows),
            Para("A card shows the value of the complete set of four; any of these names works in a snapshot."),
        ]
        emit(Report(data, blocks), fmt)


@app.command("editions")
def editions(fmt: FormatOption = Format.text) -> None:
    """Where editions 1 and 2 differ, side by side, each side quoted."""
    with reporting():
        from refcli.games.kuhhandel.editions import editions_report
        from refcli.render import emit

        emit(editions_report(), fmt)


def _money_cards(value: str) -> str:
    """Check --money (comma-separated money cards) while typer parses, so a bad card is a usage error."""
    from refcli.games.kuhhandel.money import VALUES

    for word in value.replace(" ", ",").split(","):
        if word and (not word.isdigit() or int(word) not in VALUES):
            raise typer.BadParameter(f"{word!r} is not a money card; the cards are 0, 10, 50, 100, 200 and 500")
    return value


def _parse_cards(value: str) -> list[int]:
    return [int(word) for word in value.replace(" ", ",").split(",") if word]


@app.command("pay")
def pay(
    amount: Annotated[int, typer.Argument(help="The price to pay (a winning bid).", min=0, max=100_000)],
    money: Annotated[
        str,
        typer.Option(
            "--money", "-m", help="The payer's money cards, comma-separated, e.g. 0,10,10,50.", metavar="CARDS",
            callback=_money_cards,
        ),
    ],
    edition: Annotated[int, typer.Option("--edition", help="1 or 2: how many cards of each value exist.", min=1, max=2)] = 2,
    fmt: FormatOption = Format.text,
) -> None:
    """Which cards to hand over when no change is given.

    The smallest overpayment, then the fewest cards, never a 0-card (register
    K12). Exits 1 when the money cannot cover the amount: the bidder must
    show all their money and the auction is run again without them.
    """
    with reporting():
        from refcli.games.kuhhandel.payment import payment_report

        from refcli.render import emit

        report, covered = payment_report(amount, _parse_cards(money), edition)
        emit(report, fmt)
        raise typer.Exit(0 if covered else 1)


@app.command("simulate", hidden=True)
def simulate(
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed gives the same game.")] = 0,
    players: Annotated[Optional[int], typer.Option("--players", min=3, max=5, help="3 to 5 players.")] = None,
    edition: Annotated[Optional[int], typer.Option("--edition", min=1, max=2, help="1 or 2.")] = None,
) -> None:
    """Print a random legal recorded game (test data for validate)."""
    with reporting():
        from refcli.games.kuhhandel.simulate import random_game
        from refcli.records import to_toml

        sys.stdout.write(to_toml(random_game(seed, players=players, edition=edition)))
