"""Cup of Bluff's questions at the table (``refcli.model.questions``): a call, an exchange, the end, as they happen."""

from __future__ import annotations

from typing import Any

from refcli.games.dice import real_dice
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


def chips_that_exist(value: Any, given: Answers) -> str | None:
    """The chips are numbered 3 to 18, one of each."""
    seen: dict[int, str] = {}
    for owner, chips in value.items() if isinstance(value, dict) else ():
        for chip in chips if isinstance(chips, list) else ():
            if not isinstance(chip, int):
                continue
            if not 3 <= chip <= 18:
                return _("The chips are numbered 3 to 18; there is no chip {chip}.").format(chip=chip)
            if chip in seen:
                return _("There is one chip {chip}, but {first} and {second} both have it.").format(
                    chip=chip, first=seen[chip], second=owner
                )
            seen[chip] = str(owner)
    return None


def holder_of(chip: int, given: Answers) -> str | None:
    chips = given.get("chips")
    owners = chips.items() if isinstance(chips, dict) else ()
    return next((str(owner) for owner, held in owners if isinstance(held, list) and chip in held), None)


def in_front_of_the_player(value: Any, given: Answers) -> str | None:
    """The chips handed back are the player's own."""
    player = given.get("player")
    for chip in value if isinstance(value, list) else ():
        if isinstance(chip, int) and holder_of(chip, given) != player:
            return _("{player} has no chip {chip} in front of them.").format(player=player, chip=chip)
    return None


def in_the_centre(value: Any, given: Answers) -> str | None:
    """The chip taken is one still in the centre."""
    if not isinstance(value, int):
        return None
    if not 3 <= value <= 18:
        return _("The chips are numbered 3 to 18; there is no chip {chip}.").format(chip=value)
    holder = holder_of(value, given)
    if holder is not None:
        return _("Chip {chip} is in front of {player}, not in the centre.").format(chip=value, player=holder)
    return None


def exchange_facts(given: Answers) -> dict[str, Any]:
    return {"player": given.get("player", "")}


EXCHANGE = Script(
    (
        Ask(
            N_("The chips in front of each player (e.g. Ana=3, Ben=9 14, Cid=)?"),
            "chips",
            check=chips_that_exist,
        ),
        Ask(N_("Who rolled doubles (e.g. Ana)?"), "player"),
        Ask(N_("The dice (e.g. 2 2 5)?"), "dice", check=real_dice),
        Ask(N_("Which chips does {player} hand back (e.g. 9 10)?"), "returns", check=in_front_of_the_player),
        Ask(
            N_("Which chip does {player} take from the centre (e.g. 8), or Enter for the choices?"),
            "takes",
            optional=True,
            check=in_the_centre,
        ),
    ),
    exchange_facts,
)

END = Script(
    (
        Ask(
            N_("The chips in front of each player, in seating order (e.g. Ana=3 9 14, Ben=18 4, Cid=5)?"),
            "chips",
            check=chips_that_exist,
        ),
        Ask(
            N_("The points target (e.g. 30; 0: until the centre is empty)?"),
            "target",
            extra=N_("the points target"),
        ),
    ),
)

SCRIPTS = {"call": CALL, "exchange": EXCHANGE, "end": END}
