"""Cup of Bluff's questions at the table (``refcli.model.questions``): a call, as it happens."""

from __future__ import annotations

from typing import Any

from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Script


def not_the_caller(value: Any, given: Answers) -> str | None:
    if value == given.get("caller"):
        return _("{name} cannot call to themselves: name another player.").format(name=value)
    return None


def no_chips_yet(given: Answers) -> dict[str, list[int]] | None:
    """Without chips given, the caller and the target have none in front of them."""
    caller, target = given.get("caller"), given.get("target")
    return {str(caller): [], str(target): []} if caller and target else None


def real_dice(value: Any, given: Answers) -> str | None:
    """A die shows 1 to 6."""
    wrong = [die for die in value if isinstance(die, int) and not 1 <= die <= 6] if isinstance(value, list) else []
    if wrong:
        return _("A die shows 1 to 6, not {die}.").format(die=wrong[0])
    return None


def call_facts(given: Answers) -> dict[str, Any]:
    return {"caller": given.get("caller", ""), "target": given.get("target", "")}


CALL = Script(
    (
        Ask(N_("Who calls (e.g. Ana)?"), "caller"),
        Ask(N_("To whom does {caller} call (e.g. Ben)?"), "target", check=not_the_caller),
        Ask(N_("Which number did {caller} call (e.g. 13)?"), "called"),
        Ask(N_("The dice (e.g. 2 5 6)?"), "dice", check=real_dice),
        Ask(N_("{target}'s answer: truth or bluff?"), "answer"),
        Ask(
            N_("The chips in front of each player (e.g. Ana=3, Ben=9 14, Cid=)?"),
            "chips",
            extra=N_("chips in front"),
            derive=no_chips_yet,
        ),
        Ask(N_("The chip {caller} gives {target} under the exception (e.g. 9)?"), "gives", extra=N_("a chip given")),
        Ask(
            N_("The points target (e.g. 30; 0: until the centre is empty)?"),
            "target_points",
            extra=N_("the points target"),
        ),
    ),
    call_facts,
)

SCRIPTS = {"call": CALL}
