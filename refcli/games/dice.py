"""The check every dice game's questions share (``refcli.model.questions``): a die shows 1 to 6.

Bamboozled rolls two six-sided dice and Cup of Bluff three; an answer naming a 7 is asked again at once,
before it travels to the ruling. Shared by the games' ``questions`` modules.
"""

from __future__ import annotations

from typing import Any

from refcli.language.i18n import _
from refcli.model.questions import Answers


def real_dice(value: Any, given: Answers) -> str | None:
    """Why the dice typed cannot be right (a die that is not 1 to 6), or None."""
    wrong = [die for die in value if isinstance(die, int) and not 1 <= die <= 6] if isinstance(value, list) else []
    if wrong:
        return _("A die shows 1 to 6, not {die}.").format(die=wrong[0])
    return None
