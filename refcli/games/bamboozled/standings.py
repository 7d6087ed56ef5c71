"""Bamboozled standings (``score``): strikes left before going out; the last player standing wins.

Described in ``formats.FINAL`` (docs/formats/bamboozled.md);
document 002 "Fin del juego" and "Variaciones" (more strikes, no limits,
kids' rules).
"""

from __future__ import annotations

from typing import Any

from refcli.games.bamboozled import GAME as BAMBOOZLED  # the declaration: reading uses its words, never looks it up
from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled.formats import FINAL, bound
from refcli.language.i18n import _, ngettext
from refcli.model.options import ScoreOptions
from refcli.reading.documents import Document
from refcli.reading.formats import read
from refcli.reading.tables import Table
from refcli.results.report import PlayerScore, Report, alone, competition_ranks, score_report
from refcli.rules.catalogue import rules_for

GAME = "bamboozled"
MIN_PLAYERS = 2  # as the situations and records have it


def score_document(doc: Document, options: ScoreOptions) -> Report:
    values = read(bound(FINAL, doc.data), doc, game=BAMBOOZLED)  # format: formats.FINAL, strikes within strikes_to_lose
    top = Table(doc, doc.data)
    limit: int = values["strikes_to_lose"]
    no_limits: bool = values["no_limits"]
    kids: bool = values["kids"]
    names = [p["name"] for p in values["player"]]
    strikes: list[int] = [p["strikes"] for p in values["player"]]
    left = [limit - count for count in strikes]
    standing = [name for name, remaining in zip(names, left) if remaining > 0]
    if not standing:
        raise top.problem(
            "player",
            _("every player is out (as many strikes as strikes_to_lose): at least one must still be in"),
        )
    given = alone(names, MIN_PLAYERS, options.partial, [_("whether the game is over (the last player standing)")])
    over = len(standing) == 1 and given is None
    if not over and not options.partial:
        raise top.problem(
            "player",
            ngettext(
                "the game is not over: {count} player is still in ({players}); "
                "to show the standings so far, use --partial",
                "the game is not over: {count} players are still in ({players}); "
                "it ends with one left standing. To show the standings so far, use --partial",
                len(standing),
            ).format(count=len(standing), players=", ".join(standing)),
        )
    ranks = competition_ranks([(remaining,) for remaining in left])
    players = [
        PlayerScore(
            name=name,
            score=remaining,
            rank=rank,
            breakdown={"strikes": count, "strikes_to_lose": limit, "out": remaining == 0},
            explanation=(
                _("{count} of {limit} strikes: out")
                if remaining == 0
                # TRANSLATORS: English keeps one form; the other language's forms agree with {left}.
                else ngettext(
                    "{count} of {limit} strikes, {left} left", "{count} of {limit} strikes, {left} left", remaining
                )
            ).format(count=count, limit=limit, left=remaining),
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
    if given is not None:
        status = given.status
    elif over:
        status = _("The game is over: {player} is the last player standing.").format(player=standing[0])
    else:
        status = ngettext(
            "The game is not over (--partial): {count} player is still in.",
            "The game is not over (--partial): {count} players are still in.",
            len(standing),
        ).format(count=len(standing))
    variant: dict[str, Any] = {
        "strikes_to_lose": limit,
        "no_limits": no_limits,
        "kids": kids,
        "partial": options.partial,
    }
    return score_report(
        background=("objective",),  # the aim of the game: context, quoted on a terminal with -v
        game=GAME,
        title=_("Bamboozled standings"),
        file=doc.name,
        header={},
        players=players,
        over=over,
        status=status,
        tie_break=None,
        notes=[given.note] if given is not None else [],
        citations=rules_for(GAME).cite(clauses),
        columns=(_("Strikes left"), _("Strikes")),
        extra={"variant": variant, "standing": standing, **(given.extra() if given is not None else {})},
    )
