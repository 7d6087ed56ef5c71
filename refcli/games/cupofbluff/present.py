"""The ``cup-of-bluff chips`` report (pure layout)."""

from __future__ import annotations

from refcli.catalogue import rules_for
from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff.chips import CHIPS, DICE_OUTCOMES, POINTS, ways
from refcli.report import Block, Grid, Heading, Para, Quotes, Report, interpretation_ids


def chips_report() -> Report:
    rows = [{"chip": chip, "points": POINTS[chip], "ways": ways()[chip], "of": DICE_OUTCOMES} for chip in CHIPS]
    citations = rules_for("cup-of-bluff").cite([*C.POINTS, C.COMPONENTS])
    data = {"chips": rows, "citations": citations, "interpretations": interpretation_ids(citations)}
    widest = max(ways().values())
    grid = Grid(
        (("Chip", "right"), ("Points", "right"), ("Ways", "right"), ("", "left")),
        tuple(
            (str(r["chip"]), str(r["points"]), f"{r['ways']:>2}/216", "█" * round(r["ways"] * 30 / widest))
            for r in rows
        ),
    )
    blocks: list[Block] = [
        Heading("Cup of Bluff chips"),
        Para("Ways: how many of the 216 rolls of three dice sum to the chip's number. Rare sums score most."),
        grid,
        Quotes(tuple(citations)),
    ]
    return Report(data, blocks)
