"""``refcli cointoss score``: the most points win; equal points share the win."""

from refcli.language.i18n import _
from refcli.reading.formats import read
from refcli.results.report import PlayerScore, competition_ranks, score_report
from refcli.rules.catalogue import rules_for
from refcli_cointoss.formats import FINAL


def score_document(doc, options):
    players = read(FINAL, doc)["player"]  # a located one-line error (exit 65) for anything FINAL refuses
    ranks = competition_ranks([(player["points"],) for player in players])
    rows = [
        PlayerScore(player["name"], player["points"], rank, {"points": player["points"]}, _("one per right call"))
        for player, rank in zip(players, ranks)
    ]
    return score_report(
        game="cointoss",
        title="Coin Toss",
        file=doc.name,
        header={},
        players=rows,
        over=True,
        status=_("Every right call scores one point."),
        tie_break=None,
        notes=[],
        citations=rules_for("cointoss").cite(["point", "winner"]),
    )
