"""Reports for ``bamboozled compare`` and ``ladder`` (pure layout, no I/O), and their SCORE reader."""

from __future__ import annotations

from typing import Any

from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled.ranking import JACKPOT, ROLLS, ladder, rank, ways
from refcli.language.i18n import N_, _, percent
from refcli.language.visible import clip
from refcli.results.report import Block, Grid, Heading, Para, Quotes, Report, interpretation_ids
from refcli.rules.catalogue import rules_for

RANKING_CLAUSES = (
    C.RANKING_ORDER,
    C.RANKING_TWELVE,
    C.RANKING_NON_DOUBLES,
    C.RANKING_DOUBLES,
    C.RANKING_JACKPOT,
    C.RANKING_JACKPOT_TIE,
    C.RANKING,
)


def score_argument(value: str) -> str:
    """A declared score: exactly two digits 1-6 (ValueError, a usage error, otherwise)."""
    text = value.strip()
    if len(text) != 2 or any(ch not in "123456" for ch in text):
        raise ValueError(
            _(
                "{value} is not a score: a score is two dice, each 1-6, in the order declared "
                "(e.g. 43, 34, 66; 21 is the jackpot, 12 the lowest)"
            ).format(value=repr(clip(value)))
        )
    return text


def kind(score: str) -> str:
    """Which of the ladder's kinds a score is: ``jackpot``, ``lowest``, ``double`` or ``non-double``."""
    if score == JACKPOT:
        return "jackpot"
    if score == "12":
        return "lowest"
    return "double" if score[0] == score[1] else "non-double"


KIND_CLAUSES = {
    "jackpot": C.RANKING_JACKPOT,
    "lowest": C.RANKING_TWELVE,
    "double": C.RANKING_DOUBLES,
    "non-double": C.RANKING_NON_DOUBLES,
}
KIND_NAMES = {
    "jackpot": N_("the jackpot"),
    "lowest": N_("the lowest score"),
    "double": N_("a double"),
    "non-double": N_("a non-double"),
}


def kind_name(score: str) -> str:
    """What kind of score ``score`` is, as a sentence says it ("a double")."""
    return _(KIND_NAMES[kind(score)])


def deciding_clauses(a: str, b: str) -> list[str]:
    """The ranking clauses a comparison turns on (the others are the rest of the ladder).

    The jackpot beats (or ties) anything and 12 loses to anything: their own
    clauses settle it, with the register entry placing them (B1). Otherwise
    two scores of one kind are settled by that kind's clause, and a double
    against a non-double by the doubles clause (doubles beat non-doubles).
    """
    if JACKPOT in (a, b):
        chosen = {C.RANKING_JACKPOT, C.RANKING} | ({C.RANKING_JACKPOT_TIE} if a == b else set())
    elif "12" in (a, b) and a != b:
        chosen = {C.RANKING_TWELVE, C.RANKING}
    else:
        chosen = {KIND_CLAUSES[kind(a)], KIND_CLAUSES[kind(b)]} - (
            {C.RANKING_NON_DOUBLES} if a[0] == a[1] or b[0] == b[1] else set()
        )
    return [clause for clause in RANKING_CLAUSES if clause in chosen]


def compare_report(a: str, b: str) -> Report:
    ra, rb = rank(a), rank(b)
    result = "tie" if ra == rb else ("a" if ra > rb else "b")
    if result == "tie":
        said = _("{a} ties {b}: the jackpot can only be tied.") if a == JACKPOT else _("{a} ties {b}.")
        verdict = said.format(a=a, b=b)
    else:
        high, low = (a, b) if result == "a" else (b, a)
        verdict = _(
            "{high} beats {low}: {high} is {high_kind} (rank {high_rank} of 36), {low} is {low_kind} (rank {low_rank})."
        ).format(
            high=high,
            low=low,
            high_kind=kind_name(high),
            high_rank=rank(high),
            low_kind=kind_name(low),
            low_rank=rank(low),
        )
    citations = rules_for("bamboozled").cite(RANKING_CLAUSES)
    decisive = deciding_clauses(a, b)
    data = {
        "a": a,
        "b": b,
        "result": result,
        "rank_a": ra,
        "rank_b": rb,
        "verdict": verdict,
        "citations": citations,
        "interpretations": interpretation_ids(citations),
        "decisive": decisive,
    }
    return Report(data, [Para(verdict, "good"), Quotes(tuple(citations), decisive=tuple(decisive))])


def ladder_report(score: str | None = None) -> Report:
    """Every score with its odds; with ``score``, that score's row alone (a bad one is a usage error)."""
    chosen = None if score is None else asked_score(score)
    scores: list[dict[str, Any]] = [{"score": s, "rank": rank(s), "ways": ways(s), "of": ROLLS} for s in ladder()]
    if chosen is not None:
        scores = [entry for entry in scores if entry["score"] == chosen]
    width = 36
    rows = tuple(
        (
            str(entry["rank"]),
            str(entry["score"]),
            f"{entry['ways']:>2}/36",
            percent(100 * entry["ways"] / ROLLS),
            "█" * round(entry["ways"] * width / ROLLS),
        )
        for entry in scores
    )
    citations = rules_for("bamboozled").cite(RANKING_CLAUSES)
    data = {"scores": scores, "citations": citations, "interpretations": interpretation_ids(citations)}
    if chosen is None:
        heading = Heading(_("Bamboozled scores, lowest first"))
        said = Para(
            _("Ways: how many of the 36 rolls of two dice can honestly tie or beat the score, read in the best order.")
        )
    else:
        data = {"score": chosen, **data}
        heading = Heading(_("Bamboozled score {score}").format(score=chosen))
        said = Para(
            _(
                "{score} is {kind}, rank {rank} of 36 (1 = lowest): {ways} of the 36 rolls "
                "of two dice can honestly tie or beat it, read in the best order."
            ).format(score=chosen, kind=kind_name(chosen), rank=rank(chosen), ways=ways(chosen)),
            "good",
        )
    columns = ((_("Rank"), "right"), (_("Score"), "left"), (_("Ways"), "right"), (_("Odds"), "right"), ("", "left"))
    blocks: list[Block] = [
        heading,
        said,
        Grid(columns, rows),
        Quotes(tuple(citations)),
    ]
    return Report(data, blocks)


def ladder_argument(value: str | None) -> str | None:
    """``ladder SCORE``: a declared score, written 54, 5-4 or "5 4", or none (ValueError, a usage error, otherwise)."""
    if value is None:
        return None
    written = "".join(ch for ch in value if ch not in " -,/")
    try:
        return score_argument(written)
    except ValueError:
        return score_argument(value)  # the message quotes the score as it was typed


def asked_score(value: str) -> str:
    """``ladder SCORE``: a declared score, written 54, 5-4 or "5 4" (refcli's usage error otherwise)."""
    from refcli.model.errors import UsageError

    written = "".join(ch for ch in value if ch not in " -,/")
    try:
        return score_argument(written)
    except ValueError:
        raise UsageError(
            _(
                "ladder: {value} is not a score: two dice, each 1-6, in the order declared "
                "(e.g. 54, 43, 66; 12 is the lowest, 21 the jackpot)"
            ).format(value=repr(clip(value)))
        ) from None
