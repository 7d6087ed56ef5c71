"""``refcli cointoss ruling``: one toss, and who scores on it."""

from refcli.language.i18n import N_, _, ngettext
from refcli.model.errors import RuleBroken
from refcli.reading.formats import read_table
from refcli.results.rulings import rulings
from refcli.results.verdict import Verdict
from refcli_cointoss import GAME
from refcli_cointoss.formats import TOSS


def toss(top):
    values = read_table(TOSS, top)
    callers = [call["player"] for call in values["call"]]
    twice = next((name for name in callers if callers.count(name) > 1), None)
    if twice is not None:
        raise RuleBroken(_("{player} called twice: a player calls once per toss.").format(player=twice), "call")
    right = [call["player"] for call in values["call"] if call["side"] == values["coin"]]
    if right:
        verdict = ngettext(
            "{players} called it right and scores a point.",
            "{players} called it right and score a point each.",
            len(right),
        ).format(players=", ".join(right))
    else:
        verdict = _("Nobody called it right: nobody scores.")
    return Verdict(verdict, {"coin": values["coin"], "scorers": right}, clauses=("call", "point"))


# The ruling verb: refcli reads the file, dispatches on its situation and reports, as for every game.
LABELS = {"coin": N_("Coin"), "scorers": N_("Scoring a point")}  # the outcome's keys, as text shows them
rule_document = rulings(GAME, "Coin Toss", {"toss": toss}, labels=LABELS)
