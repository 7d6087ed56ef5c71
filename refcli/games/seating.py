"""What every game's final holdings ask first (``refcli.model.questions``): who played, in seating order.

The players named here are the ``[[player]]`` tables of the final format, in that
order; each game then asks, player by player, what they hold. Shared by the
games' ``final_questions`` modules.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from refcli.language.i18n import N_, _, game_title, ngettext
from refcli.model.questions import Answers, Ask

PLAYERS = "_players"  # the scratch answer holding the names, which the per-player questions go through


def one_name(name: str) -> str:
    """A name as a person tells two apart: "Ana" and "ana", or two spellings of "José", are one player."""
    return unicodedata.normalize("NFC", name).casefold()


def seating(title: str, low: int, high: int) -> Callable[[Any, Answers], str | None]:
    """The check of the names: ``low`` to ``high`` players (the final format's bounds), each named once."""

    def check(value: Any, given: Answers) -> str | None:
        if not isinstance(value, list):
            return None
        game = game_title(title)  # "¡Dinero!" in a run in Spanish
        if len(value) > high:
            return _("{game} has room for {high} players at most; {count} were named.").format(
                game=game, high=high, count=len(value)
            )
        if len(value) < low:
            return ngettext(
                "{game} is played by {low} players or more; only {count} was named.",
                "{game} is played by {low} players or more; only {count} were named.",
                len(value),
            ).format(game=game, low=low, count=len(value))
        seen: set[str] = set()
        for name in value:
            if one_name(name) in seen:
                return _("{name} is named twice: name each player once.").format(name=name)
            seen.add(one_name(name))
        return None

    return check


def who_played(title: str, low: int, high: int) -> Ask:
    """The first question of a game's final holdings."""
    return Ask(N_("Who played, in seating order (e.g. Ana, Ben, Cid)?"), PLAYERS, check=seating(title, low, high))


def players(given: Answers) -> list[str]:
    found = given.get(PLAYERS)
    return [str(name) for name in found] if isinstance(found, list) else []


def each_player(given: Answers, key: str) -> list[Any]:
    """The values the players answered so far for ``player.N.<key>`` (other players' answers: see ``take``)."""
    return [value for dotted, value in given.items() if dotted.startswith("player.") and dotted.endswith("." + key)]


def by_name(given: Answers, name: str) -> str | None:
    """The player of the table ``name`` means (any case), else None."""
    return next((player for player in players(given) if one_name(player) == one_name(name.strip())), None)
