"""Coin Toss: before each toss every player calls heads or tails; a right call scores a point."""

from refcli.language.i18n import N_
from refcli.model.game import Example, Game, Source, Verb

GAME = Game(
    id="cointoss",
    title="Coin Toss",
    package=__name__,
    help=N_("Coin Toss (call heads or tails): scores, one toss ruled on, recorded games replayed."),
    aliases=("cara-o-cruz",),
    sources=(Source("CT", "Coin Toss rules", "en", N_("The rules of Coin Toss: calls, points and the winner.")),),
    verbs=(
        Verb("score", "refcli_cointoss.final", N_("Score a final snapshot: the most points win.")),
        Verb("ruling", "refcli_cointoss.toss", N_("Rule on one toss: who called it right and scores a point.")),
        Verb("validate", "refcli_cointoss.record", N_("Replay recorded games: every call, every point, the winner.")),
    ),
    rules=("point", "winner"),
    examples=(
        Example(N_("Score a final snapshot:"), ("refcli", "cointoss", "score", "final.toml")),
        Example(N_("Who scores on one toss:"), ("refcli", "cointoss", "ruling", "toss.toml")),
        Example(N_("Replay a recorded game:"), ("refcli", "cointoss", "validate", "record.toml")),
    ),
    spanish={"kind": {"tirada": "toss", "partida": "record"}, "side": {"cara": "heads", "cruz": "tails"}},
    locale="locale",
    domain="refcli_cointoss",
)
