"""Kuhhandel / You're Bluffing! (documents 000 and 001), editions 1 and 2.

``GAME`` declares the game to refcli (``refcli.model.registry``); it imports no
engine, so naming the game costs nothing until a command runs.
"""

from refcli.language.i18n import N_
from refcli.model.game import Command, Example, Game, Param, Simulate, Source, Verb

GAME = Game(
    id="kuhhandel",
    title="Kuhhandel",
    alt_title="You're Bluffing!",
    # BoardGameGeek's entry for the game under its English title, "You're Bluffing!":
    # https://boardgamegeek.com/boardgame/6794/youre-bluffing (the address, with the title in it, as linked from a
    # public Kuhhandel project's README); the other games are left to BG Stats to match by title.
    bgg_id=6794,
    package=__name__,
    help=N_(
        "Kuhhandel / You're Bluffing! (editions 1 and 2): final scores, the animals, "
        "the rulebook clauses and starter files."
    ),
    aliases=("you-re-bluffing", "youre-bluffing", "estas-fanfarroneando"),
    sources=(
        Source(
            "000",
            "¡Estás fanfarroneando! Reglas del juego",
            "es",
            N_(
                "Full rules of Kuhhandel / You're Bluffing!, second edition, with the scoring example "
                "4 pigs + 4 dogs + 4 roosters = 2460."
            ),
            edition=2,
        ),
        Source(
            "001",
            "Objetivo … Preparativos … (forum post)",
            "es",
            N_(
                "A second translation of the same game, with the translator's note on zero cards and the "
                "first-edition differences (start money, cow-trade money, plain-sum scoring, the 500 bonus card)."
            ),
            edition=2,
        ),
    ),
    verbs=(
        Verb(
            "score",
            "refcli.games.kuhhandel.final",
            N_(
                "Score final holdings: set values, the multiplier, ranks and winners.\n\n"
                "Edition 2 multiplies the sum of the complete sets by their number (4 pigs + 4 dogs + 4 roosters = "
                "820 × 3 = 2460); edition 1 adds them and the 500 bonus card. The game must be over (all 40 cards in "
                "complete sets) unless --partial is given. At most 5 players."
            ),
        ),
        Verb(
            "ruling",
            "refcli.games.kuhhandel.situations",
            N_(
                "Rule on a contested situation: auction, cow-trade, trade-options or donkey.\n\n"
                "Prints the facts assumed, the decision and its outcome, and the clauses quoted (interpretations "
                "marked). Exits 1 when the situation itself breaks a rule (a bid that does not rise, a trade over an "
                "animal one side lacks, a money card that does not exist), naming the rule. `refcli kuhhandel "
                "template auction` prints a starter file."
            ),
            schema="refcli.games.kuhhandel.schemas:outcome",
        ),
        Verb(
            "validate",
            "refcli.games.kuhhandel.record",
            N_(
                "Replay recorded games and report every broken rule with its event number.\n\n"
                "Checks turn order, the deck (four of each animal, donkey payouts 50, 100, 200, 500), auctions, "
                "payments without change, the money each player holds (while it is known), cow-trade eligibility "
                "and outcomes, compulsory trading once the deck is empty, the end of the game and recorded final "
                "scores. Exits 1 when any file breaks a rule. `refcli kuhhandel template record` prints a starter "
                "record."
            ),
        ),
    ),
    score_options=(
        Param(
            "multiply",
            N_("Kuhhandel edition 1: apply the edition-2 multiplier (a variant in 001)."),
            type=bool,
            flags=("--multiply",),
            default=False,
        ),
    ),
    # the edition a file means when it does not say (its `edition` key), and the multiplier variant
    table_defaults=(
        Param(
            "edition",
            N_("the edition a file means when it does not say: 1 or 2"),
            type=int,
            default=2,
            min=1,
            max=2,
        ),
    ),
    rules=("score.multiply", "K3", "auction", "donkey", "tie"),
    question="¿quién gana el comercio de vacas?",
    rules_overview=("burro", "tie"),
    commands=(
        Command(
            "animals",
            "refcli.games.kuhhandel.present:animals_report",
            N_(
                "List the ten animals: the value of each set of four, and their names.\n\n"
                "`refcli kuhhandel animals burro` shows one animal, named in English, Spanish or German."
            ),
            params=(
                Param(
                    "animal",
                    N_("An animal to show alone: its English, Spanish or German name (donkey, burro, Esel)."),
                    default=None,
                    metavar="ANIMAL",
                ),
            ),
            schema="refcli.games.kuhhandel.schemas:animals",
        ),
        Command(
            "editions",
            "refcli.games.kuhhandel.editions:editions_report",
            N_("Where editions 1 and 2 differ, side by side, each side quoted."),
            schema="refcli.games.kuhhandel.schemas:editions",
        ),
        Command(
            "pay",
            "refcli.games.kuhhandel.payment:payment_report",
            N_(
                "Which cards to hand over when no change is given.\n\n"
                "The smallest overpayment, then the fewest cards, never a 0-card (register K12). Exits 1 when the "
                "money cannot cover the amount: the bidder must show all their money and the auction is run again "
                "without them."
            ),
            params=(
                Param("amount", N_("The price to pay (a winning bid)."), type=int, min=0, max=100_000),
                Param(
                    "money",
                    N_("The payer's money cards, comma-separated, e.g. 0,10,10,50."),
                    flags=("--money", "-m"),
                    metavar="CARDS",
                    check="refcli.games.kuhhandel.present:money_cards",
                ),
                Param(
                    "edition",
                    N_("1 or 2: how many cards of each value exist."),
                    type=int,
                    flags=("--edition",),
                    default=2,
                    min=1,
                    max=2,
                ),
            ),
            schema="refcli.games.kuhhandel.schemas:pay",
        ),
    ),
    simulate=Simulate(
        "refcli.games.kuhhandel.simulate",
        3,
        5,
        params=(Param("edition", N_("1 or 2."), type=int, flags=("--edition",), default=None, min=1, max=2),),
    ),
    examples=(
        Example(
            N_("Score the rulebook's worked example, 4 pigs + 4 dogs + 4 roosters = 2460:"),
            ("refcli", "kuhhandel", "score", "examples/kuhhandel/rulebook-2460.toml"),
        ),
        Example(
            N_("Write a starter snapshot to fill in (an existing final.toml needs --force):"),
            ("refcli", "kuhhandel", "template", "final", "-o", "final.toml"),
        ),
        Example(
            N_("Score it as JSON, for a script:"), ("refcli", "kuhhandel", "score", "final.toml", "--format", "json")
        ),
        Example(N_("Quote the rules about the donkey:"), ("refcli", "kuhhandel", "rules", "donkey")),
        Example(N_("Show where editions 1 and 2 differ:"), ("refcli", "kuhhandel", "editions")),
        Example(
            N_("Rule on a contested auction (exit 1 if the situation itself breaks a rule):"),
            ("refcli", "kuhhandel", "ruling", "examples/kuhhandel/auction-spec.toml"),
        ),
        Example(
            N_("Which cards pay 60 when no change is given:"),
            ("refcli", "kuhhandel", "pay", "60", "--money", "0,10,10,50,100"),
        ),
        Example(
            N_("Validate a recorded game, every broken rule by event number (exit 1 if any):"),
            ("refcli", "kuhhandel", "validate", "examples/kuhhandel/record-edition2.toml"),
        ),
    ),
    overview=(
        Example(
            N_("Start a Kuhhandel final snapshot to fill in:"),
            ("refcli", "kuhhandel", "template", "final", "-o", "final.toml"),
        ),
        Example(N_("Score it; the file's game key says which game it is:"), ("refcli", "score", "final.toml")),
        Example(
            N_("Score several files at once as JSON for a script (the worst exit status wins):"),
            ("refcli", "score", "examples/kuhhandel/rulebook-2460.toml", "final.toml", "--format", "json"),
        ),
        Example(N_("Quote the Kuhhandel rules about the donkey:"), ("refcli", "kuhhandel", "rules", "donkey")),
    ),
    # What a Spanish-speaking player types, in rulebooks 000/001's words (accents and case optional).
    spanish={
        "kind": {
            "subasta": "auction",
            "intercambio de vacas": "cow-trade",
            "comercio de vacas": "cow-trade",
            # 001 calls the cow trade by the game's German name, and the deal a "trato"
            "kuhhandel": "cow-trade",
            "trato": "cow-trade",
            "intercambio": "cow-trade",
            "opciones de intercambio": "trade-options",
            "burro": "donkey",
            "estado final": "final",
            "partida": "record",
            "registro": "record",
        },
    },
    # Every topic of its rule catalogue (data/rules/kuhhandel.toml) by its Spanish names, the rulebook's own words where
    # it has them; a name is matched whole, accents, case and punctuation aside (refcli.rules.catalogue).
    topics={
        "auction": ("subasta", "subastar"),
        "bonus": ("bonificación", "bono", "carta de bonificación"),
        "cannot-pay": ("no puede pagar", "no poder pagar", "sin dinero"),
        "components": ("componentes", "material"),
        "cow-trade": ("intercambio de vacas", "comercio de vacas"),
        "donkey": ("burro",),
        "edition1": ("primera edición", "edición 1"),
        "empty-deck": ("pila agotada", "pila vacía", "mazo vacío", "sin cartas de animales"),
        "end": ("fin", "fin del juego", "final", "final de la partida"),
        "no-change": ("ningún cambio", "sin cambio", "sin vuelto"),
        "pairs": ("parejas", "pares"),
        "scoring": ("puntuación", "puntuar", "puntaje", "puntos"),
        "setup": ("preparación", "preparar", "preparativos"),
        "tie": ("empate",),
        "turn": ("turno",),
        "zero-cards": ("cartas de cero", "cartas de valor 0", "ceros"),
    },
    # The words of its things players search the rules with (refcli.rules.search).
    glossary={
        "kuhhandel": ("cow-trade",),
        "comercio": ("trade",),
        "intercambio": ("trade", "exchange"),
        "vaca": ("cow",),
        "burro": ("donkey",),
        "asno": ("donkey",),
        # the animals no summary names: their cards, the deck
        "gallo": ("rooster", "animal"),
        "ganso": ("goose", "animal"),
        "oca": ("goose", "animal"),
        "gato": ("cat", "animal"),
        "perro": ("dog", "animal"),
        "oveja": ("sheep", "animal"),
        "cabra": ("goat", "animal"),
        "cerdo": ("pig", "animal"),
        "caballo": ("horse", "animal"),
        "retar": ("challenge", "cow-trade"),
        "subasta": ("auction",),
        "subastador": ("auctioneer", "auction"),
        "puja": ("bid",),
        "oferta": ("offer", "bid"),
        "ofrecer": ("offer",),
        "contraoferta": ("counter", "counter-offer"),
        "dinero": ("money",),
        "billete": ("note", "money"),
        "conjunto": ("set",),
        "cero": ("zero",),
        "premio": ("jackpot", "bonus"),
        "pagar": ("pay",),
    },
)
