"""Cup of Bluff final snapshots (``score``): chip points, C4 tie-break, the target variant.

The snapshot format is described in ``formats.FINAL``.
"""

from __future__ import annotations

from refcli.games.cupofbluff import GAME as CUP_OF_BLUFF  # the declaration: reading uses its words, never looks it up
from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff.chips import CHIPS, POINTS, centre, points_clause, standings
from refcli.games.cupofbluff.engine import State
from refcli.games.cupofbluff.formats import FINAL
from refcli.language.i18n import _, ngettext
from refcli.model.options import ScoreOptions
from refcli.reading.documents import Document
from refcli.reading.formats import read
from refcli.reading.tables import Table
from refcli.results.report import PlayerScore, Report, alone, score_report
from refcli.rules.catalogue import rules_for

GAME = "cup-of-bluff"
MIN_PLAYERS = 2  # as the situations and records have it


def score_document(doc: Document, options: ScoreOptions) -> Report:
    values = read(FINAL, doc, game=CUP_OF_BLUFF)  # the format: formats.FINAL
    top = Table(doc, doc.data)
    target: int = values["target"]
    chips: dict[str, list[int]] = {p["name"]: p["chips"] for p in values["player"]}
    seen: dict[int, str] = {}
    for number, (name, held) in enumerate(chips.items(), 1):
        for index, chip in enumerate(held, 1):
            if chip in seen:
                raise top.problem_at(
                    ("player", number, "chips", index),
                    _("chip {chip} is written twice: {player} has it already, and each chip exists once").format(
                        chip=chip, player=seen[chip]
                    ),
                )
            seen[chip] = name
    state = State(tuple(chips), chips, turn=next(iter(chips)), target=target)  # the engine's end of game
    over, why = state.over, state.why()
    given = alone(
        list(chips),
        MIN_PLAYERS,
        options.partial,
        [
            _("whether the game is over (the chips the others hold are not known to be out of the centre)"),
            _("the tie-break on equal points (fewer chips wins)"),
            _("each chip held once in the whole game (checked among the players given)"),
        ],
    )
    if given is not None and not (target and over):  # a player given at the target has ended the game
        over = False
    if not over and not options.partial:
        # TRANSLATORS: {why} is a clause ("3 chips are still in the centre"); {centre} lists the chips.
        message = (
            _(
                "the game is not over: {why} ({centre}), and nobody has {target} points yet; "
                "to score it as it stands, use --partial"
            )
            if target
            else _("the game is not over: {why} ({centre}); to score it as it stands, use --partial")
        )
        raise top.problem("player", message.format(why=why, centre=", ".join(map(str, centre(chips))), target=target))
    ranked = {s.name: s for s in standings(chips)}
    players = [
        PlayerScore(
            name=name,
            score=ranked[name].points,
            rank=ranked[name].rank,
            breakdown={"chips": [{"chip": c, "points": POINTS[c]} for c in sorted(held)], "count": len(held)},
            explanation=explain(held, ranked[name].points),
        )
        for name, held in chips.items()
    ]
    clauses = [C.END_LAST_CHIP, C.END_WINNER] + sorted({points_clause(c) for c in CHIPS if c in seen})
    points = [p.score for p in players]
    tie_break = None
    if points.count(max(points)) > 1:
        clauses += [C.END_TIE, C.TIE_BREAK]
        tied = [p for p in players if p.score == max(points)]
        leaders = [p.name for p in tied if p.rank == 1]
        counts = ", ".join(f"{p.name} {p.breakdown['count']}" for p in tied)
        tie_break = (
            _("equal points: fewer chips wins ({counts} chips; C4)").format(counts=counts)
            if len(leaders) == 1
            else _("equal points and equal chips: a shared win (C4)")
        )
    if target:
        clauses += [C.END_TARGET, C.TARGET_VARIANT]
    if given is not None and not over:
        status = given.status
    else:
        status = (
            _("The game is over: {why}.").format(why=why)
            if over
            else _("The game is not over (--partial): {why}.").format(why=why)
        )
    return score_report(
        game=GAME,
        title="Cup of Bluff",
        file=doc.name,
        header={"target": target},
        players=players,
        over=over,
        status=status,
        tie_break=tie_break,
        notes=[given.note] if given is not None else [],
        citations=rules_for(GAME).cite(clauses),
        extra={"centre": centre(chips), **(given.extra() if given is not None else {})},
    )


def explain(held: list[int], points: int) -> str:
    """``3:5 + 9:1 = 6 (2 chips)``: each chip and its points, the total and the number of chips."""
    # TRANSLATORS: one chip and its points in a score's breakdown ("3:5 + 9:1 = 6"): say it in words if ":" reads
    # as a time or a ratio.
    chips = " + ".join(_("{chip}:{points}").format(chip=chip, points=POINTS[chip]) for chip in sorted(held))
    chips = chips or _("no chips")
    return ngettext("{chips} = {points} ({n} chip)", "{chips} = {points} ({n} chips)", len(held)).format(
        chips=chips, points=points, n=len(held)
    )
