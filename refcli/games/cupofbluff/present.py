"""The ``cup-of-bluff chips`` report (pure layout)."""

from __future__ import annotations

from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff.chips import CHIPS, DICE_OUTCOMES, POINTS, points_clause, ways
from refcli.language.i18n import _, ngettext, percent
from refcli.results.report import Block, Grid, Heading, Para, Quotes, Report, interpretation_ids
from refcli.rules.catalogue import rules_for


def chips_report(chip: str | None = None) -> Report:
    """Every chip's points and odds; with ``chip``, that chip's row alone (a bad one is a usage error)."""
    chosen = None if chip is None else asked_chip(chip)
    rows = [{"chip": c, "points": POINTS[c], "ways": ways()[c], "of": DICE_OUTCOMES} for c in CHIPS]
    if chosen is not None:
        rows = [row for row in rows if row["chip"] == chosen]
    cited = [*C.POINTS, C.COMPONENTS] if chosen is None else [points_clause(chosen), C.COMPONENTS]
    citations = rules_for("cup-of-bluff").cite(cited)
    data = {"chips": rows, "citations": citations, "interpretations": interpretation_ids(citations)}
    widest = max(ways().values())
    grid = Grid(
        ((_("Chip"), "right"), (_("Points"), "right"), (_("Ways"), "right"), (_("Odds"), "right"), ("", "left")),
        tuple(
            (
                str(r["chip"]),
                str(r["points"]),
                f"{r['ways']:>2}/216",
                percent(100 * r["ways"] / DICE_OUTCOMES),
                "█" * round(r["ways"] * 30 / widest),
            )
            for r in rows
        ),
    )
    if chosen is None:
        heading = Heading(_("Cup of Bluff chips"))
        said = Para(_("Ways: how many of the 216 rolls of three dice sum to the chip's number. Rare sums score most."))
    else:
        data = {"chip": chosen, **data}
        points, count = POINTS[chosen], ways()[chosen]
        heading = Heading(_("Cup of Bluff chip {chip}").format(chip=chosen))
        said = Para(
            ngettext(
                "Chip {chip} scores {points} point: {count} of the 216 rolls of three dice sum to {chip}.",
                "Chip {chip} scores {points} points: {count} of the 216 rolls of three dice sum to {chip}.",
                points,
            ).format(chip=chosen, points=points, count=count),
            "good",
        )
    blocks: list[Block] = [heading, said, grid, Quotes(tuple(citations))]
    return Report(data, blocks)


def asked_chip(value: str) -> int:
    """``chips CHIP``: a chip's number, 3 to 18 (refcli's usage error otherwise)."""
    from refcli.language.visible import clip
    from refcli.model.errors import UsageError

    text = value.strip()
    if not (text.isascii() and text.isdigit()):
        raise UsageError(
            _("chips: {value!r} is not a chip: the chips are numbered 3 to 18, e.g. chips 15").format(value=clip(value))
        )
    digits = text.lstrip("0") or "0"
    number = int(digits) if len(digits) <= 2 else 0  # never thousands of digits to convert (Python refuses)
    if number not in POINTS:
        raise UsageError(
            _("chips: there is no chip {chip}: the chips are numbered 3 to 18 (three dice sum to 3-18)").format(
                chip=clip(digits)
            )
        )
    return number
