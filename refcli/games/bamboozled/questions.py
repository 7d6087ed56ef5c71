"""Bamboozled's questions at the table (``refcli.model.questions``): a challenge, as it happens."""

from __future__ import annotations

from typing import Any

from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Script


def next_caller(given: Answers) -> str | None:
    """The caller is the next player in the direction of play, past those who skipped."""
    players = list(given.get("players") or [])
    declarer = given.get("declarer")
    if declarer not in players:
        return None
    if given.get("direction") == "counterclockwise":
        players.reverse()
    skipped = set(given.get("skipped") or [])
    start = players.index(declarer)
    for step in range(1, len(players)):
        player = players[(start + step) % len(players)]
        if player not in skipped:
            return str(player)
    return None


def real_dice(value: Any, given: Answers) -> str | None:
    """A die shows 1 to 6."""
    wrong = [die for die in value if isinstance(die, int) and not 1 <= die <= 6] if isinstance(value, list) else []
    if wrong:
        return _("A die shows 1 to 6, not {die}.").format(die=wrong[0])
    return None


def challenge_facts(given: Answers) -> dict[str, Any]:
    return {"declarer": given.get("declarer", "")}


CHALLENGE = Script(
    (
        Ask(N_("Who plays, in order (e.g. Ana, Ben, Cid)?"), "players"),
        Ask(N_("Who declared (e.g. Ana)?"), "declarer"),
        Ask(N_("What did {declarer} declare (e.g. 43)?"), "declared"),
        Ask(N_("The dice under the cup (e.g. 3 4)?"), "rolled", check=real_dice),
        Ask(
            N_("The score {declarer} had to tie or beat (e.g. 42; 0 at a round start)?"),
            "to_beat",
            extra=N_("the score to beat"),
        ),
        Ask(N_("Strikes so far (e.g. Ana=0, Ben=2, Cid=1)?"), "strikes", extra=N_("strikes so far")),
        Ask(N_("The after-roll card behind it (jackpot, double or up-down)?"), "card", extra=N_("a card played")),
        Ask(N_("Did the caller call with My Bad (y or n)?"), "caller_card", extra=N_("My Bad")),
        Ask(N_("Who skipped before the caller (e.g. Ben)?"), "skipped", extra=N_("who skipped")),
        Ask(N_("The direction of play (clockwise or counterclockwise)?"), "direction", extra=N_("the direction")),
        Ask(N_("Who calls (e.g. Ben)?"), "caller", extra=N_("another caller"), derive=next_caller),
        Ask(
            N_("How many strikes put a player out (e.g. 4)?"),
            "strikes_to_lose",
            extra=N_("how many strikes put a player out"),
        ),
    ),
    challenge_facts,
)

SCRIPTS = {"challenge": CHALLENGE}
