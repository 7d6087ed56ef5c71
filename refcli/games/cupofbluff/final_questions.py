"""Cup of Bluff's final holdings at the table (``refcli.model.questions``): who played, then each one's chips.

The points target is the table's (``refcli config``) unless given under
"Anything else?".
"""

from __future__ import annotations

from typing import Any

from refcli.games.seating import PLAYERS, players, who_played
from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Script

TITLE = "Cup of Bluff"
MOST_PLAYERS = 16  # the final format's bound


def each_chip_once(value: Any, given: Answers) -> str | None:
    """Every chip from 3 to 18 is in the game once: no two players, nor one player twice, hold it."""
    if not isinstance(value, list):
        return None
    names = players(given)
    holders: dict[int, int] = {}  # chip → index of the player holding it (from 1)
    for dotted, chips in given.items():
        if dotted.startswith("player.") and dotted.endswith(".chips") and isinstance(chips, list):
            index = int(dotted.split(".")[1])
            holders.update({chip: index for chip in chips if isinstance(chip, int)})
    seen: set[int] = set()
    for chip in value:
        if chip in seen:
            return _("Chip {chip} is named twice: each chip is in the game once.").format(chip=chip)
        if chip in holders and 0 < holders[chip] <= len(names):
            return _("Chip {chip} is {name}'s already: each chip is in the game once.").format(
                chip=chip, name=names[holders[chip] - 1]
            )
        seen.add(chip)
    return None


FINAL = Script(
    (
        who_played(TITLE, 1, MOST_PLAYERS),
        Ask(
            N_("{player}'s chips (e.g. 3 9 14; Enter for none)?"),
            "player.{index}.chips",
            each=PLAYERS,
            sets=("player.{index}.name",),
            optional=True,
            check=each_chip_once,
        ),
        Ask(
            N_("What points target did you play to (e.g. 12; 0: until the centre is empty)?"),
            "target",
            extra=N_("the target"),
        ),
    ),
)

SCRIPTS = {"final": FINAL}
