"""Bamboozled standings (``score``): strikes left before going out; the last player standing wins.

SPEC.md "Final snapshots / bamboozled"; document 002 "Fin del juego" and
"Variaciones" (more strikes, no limits, kids' rules).
"""

from __future__ import annotations

from typing import Any

from refcli.catalogue import rules_for
from refcli.games.bamboozled import clauses as C
from refcli.inputs import Document
from refcli.options import ScoreOptions
from refcli.report import PlayerScore, Report, competition_ranks, score_report
from refcli.schema import Table, check_game_key, unique_names

GAME = "bamboozled"
TOP_KEYS = ("game", "strikes_to_lose", "no_limits", "kids", "player")


def score_document(doc: Document, options: ScoreOptions) -> Report:
    top = Table(doc, doc.data)
    top.check_keys(TOP_KEYS)
    check_game_key(top, GAME)
    limit = top.integer("strikes_to_lose", minimum=1, maximum=1000, default=3, what="strikes that put a player out,")
    no_limits = top.boolean("no_limits", default=False)
    kids = top.boolean("kids", default=False)
    tables = top.tables("player", what="one per player, in seating order", minimum=1, maximum=12)  # situations.MAX_PLAYERS
    names, strikes = [], []
    for table in tables:
        table.check_keys(("name", "strikes"))
        names.append(table.name())
        strikes.append(table.integer("strikes", minimum=0, maximum=limit, default=0, what=f"strikes (0 to {limit}),"))
    unique_names(tables, names)
    left = [limit - count for count in strikes]
    standing = [name for name, remaining in zip(names, left) if remaining > 0]
    if not standing:
        raise top.error("player", "at least one player still in (fewer strikes than strikes_to_lose)", "everybody out")
    over = len(standing) == 1
    if not over and not options.partial:
        raise top.error(
            "player",
            "one player left standing, as at the end of the game",
            f"{len(standing)} still in ({', '.join(standing)}) — show the standings so far with --partial",
        )
    ranks = competition_ranks([(remaining,) for remaining in left])
    players = [
        PlayerScore(
            name=name,
            score=remaining,
            rank=rank,
            breakdown={"strikes": count, "strikes_to_lose": limit, "out": remaining == 0},
            explanation=f"{count} of {limit} strikes" + (": out" if remaining == 0 else f", {remaining} left"),
        )
        for name, count, remaining, rank in zip(names, strikes, left, ranks)
    ]
    clauses = [C.OBJECTIVE, C.STRIKE_OUT, C.END_OUT, C.END_WINNER]
    if limit != 3:
        clauses.append(C.MORE_STRIKES)
    if no_limits:
        clauses.append(C.NO_LIMITS)
    if kids:
        clauses.append(C.KIDS_NO_BLUFF)
    status = (
        f"The game is over: {standing[0]} is the last player standing."
        if over
        else f"The game is not over (--partial): {len(standing)} players are still in."
    )
    variant: dict[str, Any] = {"strikes_to_lose": limit, "no_limits": no_limits, "kids": kids, "partial": options.partial}
    return score_report(
        game=GAME,
        title="Bamboozled standings",
        file=doc.name,
        header={},
        players=players,
        over=over,
        status=status,
        tie_break=None,
        notes=[],
        citations=rules_for(GAME).cite(clauses),
        columns=("Strikes left", "Strikes"),
        extra={"variant": variant, "standing": standing},
    )
