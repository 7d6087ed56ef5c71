"""Bamboozled (document 002): two dice, declarations, bluffs, strikes and action cards.

``GAME`` declares the game to refcli (``refcli.model.registry``); it imports no
engine, so naming the game costs nothing until a command runs.
"""

from refcli.language.i18n import N_
from refcli.model.game import Command, Example, Game, Param, Simulate, Source, Verb


def _score(name: str) -> Param:
    return Param(
        name,
        N_("A declared score: two dice 1-6 in the order declared (43, 66, 21)."),
        metavar="SCORE",
        check="refcli.games.bamboozled.present:score_argument",
    )


GAME = Game(
    id="bamboozled",
    title="Bamboozled",
    points=False,  # the last player standing wins: standings, no points
    package=__name__,
    help=N_(
        "Bamboozled (two dice, bluffs, strikes and action cards): compare and rank scores, "
        "rule on challenges, accepts and action cards, standings, recorded games."
    ),
    aliases=("enganado", "engañado"),
    sources=(
        Source(
            "002",
            "Reglas del juego engañado",
            "es",
            N_(
                "Bamboozled: two-dice bluffing, strikes, 26 action cards and variants (more strikes, no limits, kids' rules)."
            ),
        ),
    ),
    verbs=(
        Verb(
            "score",
            "refcli.games.bamboozled.standings",
            N_(
                "Standings: strikes left before going out, and the last player standing.\n\n"
                '`strikes_to_lose` (default 3; the "more strikes" variant raises it) sets the limit. With more than '
                "one player still in, the game is not over: exit 65, unless --partial is given. At most 12 players."
            ),
        ),
        Verb(
            "ruling",
            "refcli.games.bamboozled.situations",
            N_(
                "Rule on a challenge, an accepted declaration, or an action card played.\n\n"
                "Situations: challenge (a call: bluff or not, who takes the strike, who rolls next or whether the "
                "game is over, which card is discarded), accept (was it a bamboozle, who draws, the hand limit), card "
                "(may this before-roll card be played now, and what it changes). A call or accept further along than "
                "the next player is ruled as Skip by those between. Situations are ruled by the same rules engine as "
                "recorded games. Exits 1 when the situation itself breaks a rule, naming it. "
                "`refcli bamboozled template challenge` prints a starter file."
            ),
        ),
        Verb(
            "validate",
            "refcli.games.bamboozled.record",
            N_(
                "Replay recorded games and report every broken rule with its event number.\n\n"
                "Checks turn order (under Reverse and Skip), declarations that tie or beat, calls and their strikes, "
                "resets and who starts, eliminations at the limit, Revive, the action-card supply and hand limits, "
                "and the winner. Exits 1 when any file breaks a rule."
            ),
        ),
    ),
    table_defaults=(
        Param("kids", N_("the kids' rules variant (no bluffing)"), type=bool, default=False),
        Param(
            "strikes_to_lose",
            N_('strikes that put a player out; the "more strikes" variant raises it'),
            type=int,
            default=3,
            min=1,
            max=1000,  # formats.MAX_STRIKES_TO_LOSE, written out: the declaration imports no format
        ),
    ),
    rules=("ranking.jackpot", "B3", "skip", "revive", "kids"),
    commands=(
        Command(
            "compare",
            "refcli.games.bamboozled.present:compare_report",
            N_(
                "Which of two declared scores ranks higher, or a tie (register B1).\n\n"
                "Low to high: 12; the other non-doubles by their number (13 … 65); the doubles 11 … 66; 21, the "
                "jackpot, which can only be tied. 43 and 34 are different claims."
            ),
            params=(_score("a"), _score("b")),
            schema="refcli.games.bamboozled.schemas:compare",
        ),
        Command(
            "ladder",
            "refcli.games.bamboozled.present:ladder_report",
            N_(
                "Every declarable score, lowest first, with the odds of tying or beating it.\n\n"
                "For each score: its rank (1 = lowest) and how many of the 36 rolls of two dice can honestly tie or "
                "beat it, reading the dice in the best order. `refcli bamboozled ladder 54` shows one score's row."
            ),
            params=(
                Param(
                    "score",
                    N_("A declared score to show alone: two dice 1-6 in the order declared (54, 66, 21)."),
                    default=None,
                    metavar="SCORE",
                    # refused as compare's SCORE is, by the command line (one line, then a hint; exit 2)
                    check="refcli.games.bamboozled.present:ladder_argument",
                ),
            ),
            schema="refcli.games.bamboozled.schemas:ladder",
        ),
    ),
    simulate=Simulate("refcli.games.bamboozled.simulate", 2, 6),
    examples=(
        Example(
            N_("Which declared score ranks higher (43 beats 34):"), ("refcli", "bamboozled", "compare", "43", "34")
        ),
        Example(N_("Every score with the odds of tying or beating it:"), ("refcli", "bamboozled", "ladder")),
        Example(
            N_("Rule on a challenge (exit 1 if the situation itself breaks a rule):"),
            ("refcli", "bamboozled", "ruling", "examples/bamboozled/challenge-spec.toml"),
        ),
        Example(
            N_("Standings, the last player standing wins:"),
            ("refcli", "bamboozled", "score", "examples/bamboozled/standings.toml"),
        ),
        Example(
            N_("Validate a recorded game, every broken rule by event number (exit 1 if any):"),
            ("refcli", "bamboozled", "validate", "examples/bamboozled/record-game.toml"),
        ),
        Example(N_("Quote the rules about the Skip card:"), ("refcli", "bamboozled", "rules", "skip")),
    ),
    # What a Spanish-speaking player types, in rulebook 002's words (accents and case optional).
    spanish={
        "kind": {
            "farol llamado": "challenge",  # the first word is the one output shows (002 "llamar un farol")
            "desafío": "challenge",
            # 002's words for calling a bluff ("llamar un farol", "declarar que … está fanfarroneando",
            # "hacer un bluff"), and the usual "cantar un farol"
            "llamar un farol": "challenge",
            "llamar farol": "challenge",
            "llamada": "challenge",
            "llamar": "challenge",
            "farol": "challenge",
            "cantar un farol": "challenge",
            "hacer un bluff": "challenge",
            "está fanfarroneando": "challenge",
            "fanfarroneando": "challenge",
            "aceptar": "accept",
            "carta": "card",
            "clasificación": "final",
            "estado final": "final",
            "partida": "record",
            "registro": "record",
        },
        "event": {"tirada": "roll", "aceptar": "accept", "llamada": "call", "llamar": "call", "carta": "card"},
        "card": {
            "premio mayor": "jackpot",
            "bote": "jackpot",
            "doble": "double",
            "arriba / abajo": "up-down",
            "nuevo comienzo": "new-start",
            "inversa": "reverse",
            "reverso": "reverse",
            "mi mal": "my-bad",
            "saltar": "skip",
            "omitir": "skip",
            "revivir": "revive",
        },
        "direction": {
            "sentido horario": "clockwise",
            "horario": "clockwise",
            "sentido antihorario": "counterclockwise",
            "antihorario": "counterclockwise",
        },
        "moment": {
            "antes de tirar": "before-roll",
            "después de tirar": "after-roll",
            "después de llamar": "after-call",
            "golpe final": "final-strike",
        },
    },
    # Every topic of its rule catalogue (data/rules/bamboozled.toml) by its Spanish names, the rulebook's own words where
    # it has them; a name is matched whole, accents, case and punctuation aside (refcli.rules.catalogue).
    topics={
        "accept": ("aceptar", "aceptación"),
        "after-roll": ("después de tirar", "cartas después de tirar"),
        "bamboozle": ("engaño", "engañar", "engañado"),
        "before-roll": ("antes de tirar", "cartas antes de tirar"),
        "bluff": ("farol", "fanfarronear", "farolear"),
        "call": ("llamar", "llamada", "gritar"),
        "components": ("componentes", "material"),
        "declare": ("declarar", "declaración"),
        "double": ("doble",),
        "elimination": ("eliminación", "eliminado", "fuera del juego"),
        "end": ("fin", "fin del juego", "final", "final de la partida"),
        "hand": ("mano",),
        "jackpot": ("premio mayor", "bote"),
        "kids": ("niños", "reglas para niños", "reglas simplificadas"),
        "more-strikes": ("más huelgas", "más strikes"),
        "my-bad": ("mi mal",),
        "new-start": ("nuevo comienzo",),
        "no-limits": ("sin límites", "sin límite"),
        "ranking": ("valores de los dados", "valor de los dados", "orden de los dados"),
        "reverse": ("inversa", "reverso", "retroceso"),
        "revive": ("revivir",),
        "setup": ("preparación", "preparar", "preparativos"),
        "skip": ("saltar", "omitir"),
        "strike": ("huelga", "carta de strike"),
        "supply": ("pila de robo", "sin cartas de acción"),
        "turn": ("turno",),
        "two-players": ("dos jugadores",),
        "up-down": ("arriba / abajo", "arriba abajo"),
        "variant": ("variante", "variaciones"),
    },
    # The words of its things players search the rules with (refcli.rules.search).
    glossary={
        "dado": ("die", "dice"),
        "cubilete": ("cup",),
        "doble": ("double",),
        "bote": ("jackpot",),
        "premio": ("jackpot", "bonus"),
        "saltar": ("skip",),
        "revivir": ("revive",),
        "reves": ("reverse",),
        "llamar": ("call",),
        "desafio": ("call",),
        "huelga": ("strike",),
        "declarar": ("declare",),
        "anunciar": ("declare",),
    },
)
