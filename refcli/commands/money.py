"""``refcli money …``: Money! / ¡Dinero! (document 003)."""



from refcli.commands import verbs

GAME = "money"

app = verbs.game_app(
    "Money! (currency bidding and exchanges): scores and multi-game totals, bid order, "
    "exchanges and refills, recorded games.",
)

verbs.add_score(
    app,
    GAME,
    "Score final holdings per currency: face value, the 100 penalty under 200 (never below 0), "
    "triplet bonuses and coins.\n\nSeveral files are several games: each is scored, then the running "
    "totals (003 suggests three games). Checks the components: at most 7 currencies (5 with 3 players, "
    "6 with 4), each currency's notes within 20, 20, 20, 30, 30, 30, 40, 50, 60, at most 6 coins, 3 to 5 players.",
)
verbs.add_ruling(
    app,
    GAME,
    "Rule on a situation: bids (offer values, the order players act in, serial-number tie-breaks, who "
    "sits out), exchange (take the right or left display, swap with another offer, or keep) and refill "
    "(how many cards go right, then left, and whether it is the final round).\n\nExits 1 when the "
    "situation breaks a rule, naming it. `refcli money template bids` prints a starter file.",
)
verbs.add_validate(
    app,
    GAME,
    "Replay recorded games and report every broken rule with its event number: offer values and "
    "order, serial tie-breaks, sitting out, exchange legality, refill order and counts, the end when the "
    "draw pile is exhausted, and final scores. Exits 1 when any file breaks a rule.",
)
verbs.add_rules(app, GAME, "Money!", "scoring.triplet, M1, exchange, serial")
verbs.add_template(
    app,
    GAME,
    {
        "final": "holdings for score",
        "record": "a game for validate",
        "bids": "a bids situation",
        "exchange": "an exchange situation",
        "refill": "a refill situation",
    },
)
verbs.add_simulate(app, "refcli.games.money.simulate", 3, 5)
