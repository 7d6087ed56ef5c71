"""Cup of Bluff final snapshots (``score``): chip points, C4 tie-break, the target variant.

The snapshot format is described in ``formats.FINAL``.
"""

from __future__ import annotations

from refcli.catalogue import rules_for
from refcli.formats import read
from refcli.games.cupofbluff import clauses as C
from refcli.games.cupofbluff.chips import CHIPS, POINTS, centre, points_clause, standings
from refcli.games.cupofbluff.engine import State
from refcli.games.cupofbluff.formats import FINAL
from refcli.inputs import Document
from refcli.options import ScoreOptions
from refcli.report import PlayerScore, Report, alone, score_report
from refcli.schema import Table

GAME = "cup-of-bluff"
MIN_PLAYERS = 2  # as the situations and records have it


def score_document(doc: Document, options: ScoreOptions) -> Report:
    values = read(FINAL, doc)  # the format: formats.FINAL
    top = Table(doc, doc.data)
    target: int = values["target"]
    chips: dict[str, list[int]] = {p["name"]: p["chips"] for p in values["player"]}
    seen: dict[int, str] = {}
    for number, (name, held) in enumerate(chips.items(), 1):
        for index, chip in enumerate(held, 1):
            if chip in seen:
                raise top.error_at(
                    ("player", number, "chips", index),
                    "each chip 3-18 at most once in the game",
                    f"{chip} again ({seen[chip]} has it)",
                )
            seen[chip] = name
    state = State(tuple(chips), chips, turn=next(iter(chips)), target=target)  # the engine's end of game
    over, why = state.over, state.why()
    given = alone(
        list(chips),
        MIN_PLAYERS,
        options.partial,
        [
            "whether the game is over (the chips the others hold are not known to be out of the centre)",
            "the tie-break on equal points (fewer chips wins)",
            "each chip held once in the whole game (checked among the players given)",
        ],
    )
    if given is not None and not (target and over):  # a player given at the target has ended the game
        over = False
    if not over and not options.partial:
        raise top.error(
            "player",
            "a finished game: the centre empty" + (f" or a player at {target} points" if target else ""),
            f"{why} ({', '.join(map(str, centre(chips)))}) — score it as it stands with --partial",
        )
    ranked = {s.name: s for s in standings(chips)}
    players = [
        PlayerScore(
            name=name,
            score=ranked[name].points,
            rank=ranked[name].rank,
            breakdown={"chips": [{"chip": c, "points": POINTS[c]} for c in sorted(held)], "count": len(held)},
            explanation=(" + ".join(f"{c}:{POINTS[c]}" for c in sorted(held)) or "no chips")
            + f" = {ranked[name].points} ({len(held)} chips)",
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
            f"equal points: fewer chips wins ({counts} chips; C4)"
            if len(leaders) == 1
            else "equal points and equal chips: a shared win (C4)"
        )
    if target:
        clauses += [C.END_TARGET, C.TARGET_VARIANT]
    if given is not None and not over:
        status = given.status
    else:
        status = f"The game is over: {why}." if over else f"The game is not over (--partial): {why}."
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
