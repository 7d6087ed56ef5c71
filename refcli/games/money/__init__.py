"""Money! / ¡Dinero! (document 003, Reiner Knizia): currency bidding, exchanges and scoring.

``GAME`` declares the game to refcli (``refcli.model.registry``); it imports no
engine, so naming the game costs nothing until a command runs.
"""

from refcli.language.i18n import N_, NP_
from refcli.model.game import Example, Game, Simulate, Source, Verb

GAME = Game(
    id="money",
    title=NP_("game title", "Money!"),  # "¡Dinero!" in Spanish, as its rulebook calls it
    package=__name__,
    help=(
        N_(
            "Money! (currency bidding and exchanges): scores and multi-game totals, bid order, "
            "exchanges and refills, recorded games."
        )
    ),
    aliases=("dinero",),
    sources=(
        Source(
            "003",
            "¡Dinero! Reglas del juego",
            "es",
            N_(
                "Money! (Reiner Knizia): currency bidding and exchanges, scoring with the 200 threshold and triplet "
                "bonuses (worked example = 450)."
            ),
        ),
    ),
    verbs=(
        Verb(
            "score",
            "refcli.games.money.final",
            N_(
                "Score final holdings per currency: face value, the 100 penalty under 200 (never below 0), "
                "triplet bonuses and coins.\n\nSeveral files are several games: each is scored, then the running "
                "totals (003 suggests three games). Checks the components: at most 7 currencies (5 with 3 players, "
                "6 with 4), each currency's notes within 20, 20, 20, 30, 30, 30, 40, 50, 60, at most 6 coins, 3 to 5 players."
            ),
        ),
        Verb(
            "ruling",
            "refcli.games.money.situations",
            N_(
                "Rule on a situation: bids (offer values, the order players act in, serial-number tie-breaks, who "
                "sits out), exchange (take the right or left display, swap with another offer, or keep) and refill "
                "(how many cards go right, then left, and whether it is the final round).\n\nExits 1 when the "
                "situation breaks a rule, naming it. `refcli money template bids` prints a starter file."
            ),
        ),
        Verb(
            "validate",
            "refcli.games.money.record",
            N_(
                "Replay recorded games and report every broken rule with its event number: offer values and "
                "order, serial tie-breaks, sitting out, exchange legality, refill order and counts, the end when the "
                "draw pile is exhausted, and final scores. Exits 1 when any file breaks a rule."
            ),
        ),
    ),
    rules=("scoring.triplet", "M1", "exchange", "serial"),
    simulate=Simulate("refcli.games.money.simulate", 3, 5),
    examples=(
        Example(
            N_("Score the rulebook's worked example (Ana: 450):"),
            ("refcli", "money", "score", "examples/money/rulebook-450.toml"),
        ),
        Example(
            N_("Three games and the running totals:"),
            (
                "refcli",
                "money",
                "score",
                "examples/money/rulebook-450.toml",
                "examples/money/game-2.toml",
                "examples/money/game-3.toml",
            ),
        ),
        Example(
            N_("Who acts first after the offers are revealed:"),
            ("refcli", "money", "ruling", "examples/money/bids-spec.toml"),
        ),
        Example(N_("Validate a recorded game:"), ("refcli", "money", "validate", "examples/money/record-game.toml")),
        Example(N_("Quote the scoring rules:"), ("refcli", "money", "rules", "scoring")),
    ),
    # What a Spanish-speaking player types, in rulebook 003's words (accents and case optional).
    spanish={
        "kind": {
            "pujas": "bids",
            "ofertas": "bids",
            "intercambio": "exchange",
            "reposición": "refill",
            "reponer": "refill",
            "estado final": "final",
            "partida": "record",
            "registro": "record",
        },
        "event": {"ofertas": "offers", "intercambio": "exchange", "reposición": "refill", "reponer": "refill"},
        "action": {
            "derecha": "right",
            "izquierda": "left",
            "intercambiar": "swap",
            "quedarse": "keep",
            "sin cambio": "keep",
            # refcli's own output words for the actions, and the verbs players use
            "grupo derecho": "right",
            "grupo de la derecha": "right",
            "grupo izquierdo": "left",
            "grupo de la izquierda": "left",
            "cambio de ofertas": "swap",
            "cambiar": "swap",
            "cambiar ofertas": "swap",
            "mantener": "keep",
            "quedarse la oferta": "keep",
        },
        "card": {"farol": "bluff", "moneda": "coin"},
        "currency": {
            "dólar": "dollar",
            "libra": "pound",
            "franco": "franc",
            "corona": "krone",
            "marco": "mark",
            "florín": "guilder",
            "rupia": "rupee",
            "rublo": "rouble",
        },
    },
    # Every topic of its rule catalogue (data/rules/money.toml) by its Spanish names, the rulebook's own words where
    # it has them; a name is matched whole, accents, case and punctuation aside (refcli.rules.catalogue).
    topics={
        "bluff": ("farol", "fanfarronear", "farolear"),
        "coins": ("cartas de moneda", "monedas chinas"),
        "components": ("componentes", "material"),
        "display": ("grupo de visualización", "visualización", "mercado"),
        "end": ("fin", "fin del juego", "final", "final de la partida"),
        "example": ("ejemplo",),
        "exchange": ("intercambio", "intercambiar"),
        "final-round": ("ronda final", "última ronda"),
        "keep": ("sin cambio", "quedarse la oferta"),
        "multi-game": ("varias partidas", "tres partidas", "puntuación acumulada"),
        "offer": ("oferta", "puja"),
        "penalty": ("penalización", "resta"),
        "refill": ("reponer", "reposición"),
        "scoring": ("puntuación", "puntuar", "puntaje", "puntos"),
        "serial": ("número de serie", "serie"),
        "setup": ("preparación", "preparar", "preparativos"),
        "swap": ("cambiar ofertas", "intercambiar ofertas"),
        "tie": ("empate",),
        "tie-break": ("desempate",),
        "triplet": ("triplete", "trío"),
        "turn": ("turno",),
        "value": ("valor", "valor de la oferta"),
        "winner": ("ganador",),
    },
    # The words of its things players search the rules with (refcli.rules.search).
    glossary={
        "intercambio": ("trade", "exchange"),
        "puja": ("bid",),
        "oferta": ("offer", "bid"),
        "ofrecer": ("offer",),
        "dinero": ("money",),
        "billete": ("note", "money"),
        "moneda": ("coin",),
        "divisa": ("currency",),
        "premio": ("jackpot", "bonus"),
        "penalizacion": ("penalty",),
        "castigo": ("penalty",),
        "trio": ("triplet",),
        "serie": ("serial",),
    },
)
