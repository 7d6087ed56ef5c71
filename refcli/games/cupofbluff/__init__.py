"""Cup of Bluff (document 004): three dice, calls, and chips 3-18.

``GAME`` declares the game to refcli (``refcli.model.registry``); it imports no
engine, so naming the game costs nothing until a command runs. Its texts are
marked ``N_`` and translated where they are shown.
"""

from refcli.language.i18n import N_
from refcli.model.game import Command, Example, Game, Param, Simulate, Source, Verb

GAME = Game(
    id="cup-of-bluff",
    title="Cup of Bluff",
    package=__name__,
    help=N_(
        "Cup of Bluff (three dice, chips 3-18): scores, chip odds, rulings on calls and exchanges, "
        "the end of the game, recorded games."
    ),
    aliases=("cupofbluff", "cup_of_bluff"),
    sources=(
        Source(
            "004",
            "Reglas del juego Cup of Bluff",
            "es",
            N_("Cup of Bluff: three dice, 16 chips numbered 3–18, chip points and the doubles exchange."),
        ),
    ),
    verbs=(
        Verb(
            "score",
            "refcli.games.cupofbluff.final",
            N_(
                "Score final holdings: chip points (3 and 18: 5; 4 and 17: 4; 5, 6, 15, 16: 3; 7, 8, 13, 14: 2; "
                "9 to 12: 1), ranked, equal points broken by fewer chips (C4).\n\n`target` sets the points-target "
                "variant. The game must be over (the centre empty, or the target reached) unless --partial is "
                "given; every chip 3-18 at most once; at most 16 players."
            ),
        ),
        Verb(
            "ruling",
            "refcli.games.cupofbluff.situations",
            N_(
                "Rule on a situation: call (was it the truth, was the target fooled, who scores the chip, from "
                "where, and whether the caller owes a chip), exchange (doubles: may these chips be handed back, for "
                "which chips) and end (is the game over, who wins). A call or exchange also says where every chip "
                "is after the turn, who plays next and whether the game is over, ruled by the same engine as "
                "validate.\n\nExits 1 when the situation breaks a rule, naming it. "
                "`refcli cup-of-bluff template call` prints a starter file."
            ),
        ),
        Verb(
            "validate",
            "refcli.games.cupofbluff.record",
            N_(
                "Replay recorded games and report every broken rule with its event number: turn order, calls (chips "
                "you may call, whom you must target), who scores each chip, the chip given under the exception, "
                "exchanges on doubles, the end when the centre empties, and the winner. Exits 1 when any file "
                "breaks a rule."
            ),
        ),
    ),
    table_defaults=(
        Param(
            "target",
            N_("the points-target variant; 0: play until the centre is empty"),
            type=int,
            default=0,
            min=0,
            max=42,
        ),
    ),
    rules=("score.exception", "C3", "doubles", "points"),
    commands=(
        Command(
            "chips",
            "refcli.games.cupofbluff.present:chips_report",
            N_(
                "Each chip's points, and how many of the 216 rolls of three dice sum to it.\n\n"
                "`refcli cup-of-bluff chips 15` shows one chip's row."
            ),
            params=(Param("chip", N_("A chip to show alone: its number, 3 to 18."), default=None, metavar="CHIP"),),
            schema="refcli.games.cupofbluff.schemas:chips",
        ),
    ),
    simulate=Simulate("refcli.games.cupofbluff.simulate", 2, 5),
    examples=(
        Example(N_("Each chip's points and odds on three dice:"), ("refcli", "cup-of-bluff", "chips")),
        Example(
            N_("Score final holdings (equal points: fewer chips wins):"),
            ("refcli", "cup-of-bluff", "score", "examples/cup-of-bluff/final-tie.toml"),
        ),
        Example(N_("Rule on a call:"), ("refcli", "cup-of-bluff", "ruling", "examples/cup-of-bluff/call-spec.toml")),
        Example(
            N_("Validate a recorded game:"),
            ("refcli", "cup-of-bluff", "validate", "examples/cup-of-bluff/record-game.toml"),
        ),
        Example(N_("Quote the rules about doubles:"), ("refcli", "cup-of-bluff", "rules", "doubles")),
    ),
    # What a Spanish-speaking player types, in rulebook 004's words (accents and case optional).
    spanish={
        "game": {"taza de farol": "cup-of-bluff"},
        "kind": {
            "número dicho": "call",  # the first word is the one output shows ("llamada" reads as a phone call)
            "llamada": "call",
            "llamar": "call",
            # refcli's own words for it (the template's title) and 004's "gritar/llamar a un número"
            "decir un número": "call",
            "gritar un número": "call",
            "llamar a un número": "call",
            "intercambio": "exchange",
            "intercambio con dobles": "exchange",
            "dobles": "exchange",
            "dobles rodantes": "exchange",
            "fin": "end",
            "fin del juego": "end",
            "fin de la partida": "end",
            "final de la partida": "end",
            "estado final": "final",
            "partida": "record",
            "registro": "record",
        },
        "event": {"llamada": "call", "llamar": "call", "intercambio": "exchange"},
        "answer": {"verdad": "truth", "farol": "bluff"},
    },
    # Every topic of its rule catalogue (data/rules/cup-of-bluff.toml) by its Spanish names, the rulebook's own words where
    # it has them; a name is matched whole, accents, case and punctuation aside (refcli.rules.catalogue).
    topics={
        "answer": ("respuesta", "responder"),
        "call": ("llamar", "llamada", "gritar"),
        "components": ("componentes", "material"),
        "doubles": ("dobles", "dobles rodantes"),
        "end": ("fin", "fin del juego", "final", "final de la partida"),
        "exception": ("excepción",),
        "exchange": ("intercambio", "intercambiar"),
        "objective": ("objeto del juego", "meta"),
        "points": ("puntos", "valor de las fichas"),
        "reveal": ("revelar", "levantar la taza"),
        "roll": ("tirar", "tirada", "tirar los dados"),
        "score-chip": ("anotar la ficha", "anotar ficha", "marcar ficha", "puntaje el chip"),
        "setup": ("preparación", "preparar", "preparativos"),
        "target": ("objetivo", "elegir un objetivo"),
        "tie": ("empate",),
        "turn": ("turno",),
        "variant": ("variante", "variaciones"),
    },
    # The words of its things players search the rules with (refcli.rules.search).
    glossary={
        "intercambio": ("trade", "exchange"),
        "dado": ("die", "dice"),
        "cubilete": ("cup",),
        "ficha": ("chip",),
        "pareja": ("pair",),
        "doble": ("double",),
        "llamar": ("call",),
        "anunciar": ("declare",),
    },
)
