"""Bamboozled's standings at the table (``refcli.model.questions``): who played, then each one's strikes.

A player's strikes are a number, or ``out`` (``fuera``, ``eliminado``) for as
many as put a player out. The strikes that put a player out, and the variants,
are the table's (``refcli config``), not asked.
"""

from __future__ import annotations

from typing import Any

from refcli.games.seating import PLAYERS, each_player, players, who_played
from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Refused, Script

TITLE = "Bamboozled"
MOST_PLAYERS = 12  # the final format's bound
OUT = ("out", "fuera", "eliminado", "eliminada")


def strikes_to_lose() -> int:
    """The strikes that put a player out at this table (``refcli config``), else the rules' 3."""
    from refcli.reading import table_defaults

    limit = table_defaults.of_game("bamboozled").get("strikes_to_lose", 3)
    return limit if isinstance(limit, int) else 3


def strikes(text: str, given: Answers) -> int:
    """``2``, or ``out`` for the strikes that put a player out; never more than those."""
    from refcli.language.folding import fold

    limit = strikes_to_lose()
    if fold(text) in OUT:
        return limit
    count = int(text) if text.strip().isdecimal() and len(text.strip()) <= 9 else -1
    if count < 0:
        raise Refused(
            _('"{answer}" is not a number of strikes: give one from 0 to {limit}, or "out".').format(
                answer=text, limit=limit
            )
        )
    if count > limit:
        raise Refused(
            _(
                "A player is out at {limit} strikes, so nobody holds {count} "
                "(the more-strikes variant: refcli config set strikes_to_lose {count})."
            ).format(limit=limit, count=count)
        )
    return count


def someone_still_in(value: Any, given: Answers) -> str | None:
    """The last player answered: somebody must still be in (fewer strikes than put a player out)."""
    others = each_player(given, "strikes")
    last = len(others) == len(players(given)) - 1
    limit = strikes_to_lose()
    if last and value == limit and all(count == limit for count in others):
        return _("Not everybody can be out: the last player standing has fewer than {limit} strikes.").format(
            limit=limit
        )
    return None


FINAL = Script(
    (
        who_played(TITLE, 1, MOST_PLAYERS),
        Ask(
            N_("{player}'s strikes (e.g. 2, or out)?"),
            "player.{index}.strikes",
            each=PLAYERS,
            sets=("player.{index}.name",),
            read=strikes,
            check=someone_still_in,
        ),
    ),
)

SCRIPTS = {"final": FINAL}
