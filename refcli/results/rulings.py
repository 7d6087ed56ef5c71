"""Ruling on a situation file, the same way for every game.

A game supplies its situations (name → function reading the file and
returning a Verdict, raising RuleBroken for an illegal situation); this turns
either outcome into the ruling report. With them it declares, once, the
words for its outcome keys (``labels``, ``describers``) and per situation the
background clauses: cited, but not what the decision turned on. ``rulings``
binds them into the game's ``rule_document`` (its ``ruling`` verb).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from refcli.language.i18n import _
from refcli.model.errors import RuleBroken
from refcli.model.game import Game
from refcli.reading.documents import Document
from refcli.reading.game_key import check_game_key, with_english_situation
from refcli.reading.tables import Table, describe, not_among
from refcli.results.report import Describe, Report, ruling_report
from refcli.results.verdict import Verdict
from refcli.rules.catalogue import rules_for

Situations = Mapping[str, Callable[[Table], Verdict]]
RuleDocument = Callable[[Document], tuple[Report, bool]]


def rulings(
    game: Game,
    title: str,
    situations: Situations,
    *,
    labels: Mapping[str, str] | None = None,
    describers: Mapping[str, Describe] | None = None,
    background: Mapping[str, Collection[str]] | None = None,
) -> RuleDocument:
    """A game's ``rule_document(doc) -> (report, legal)``: ``rule_on`` with the game's situations and words."""

    def rule_document(doc: Document) -> tuple[Report, bool]:
        return rule_on(
            doc,
            game=game,
            title=title,
            situations=situations,
            labels=labels,
            describers=describers,
            background=background,
        )

    return rule_document


def rule_on(
    doc: Document,
    *,
    game: Game,
    title: str,
    situations: Situations,
    labels: Mapping[str, str] | None = None,
    describers: Mapping[str, Describe] | None = None,
    background: Mapping[str, Collection[str]] | None = None,
) -> tuple[Report, bool]:
    """The ruling on one situation file, and whether the situation is legal.

    ``game`` is the game's declaration (its package's ``GAME``): its names and Spanish words read the
    ``game`` and ``situation`` keys.
    """
    top = Table(doc, with_english_situation(doc.data, game))  # "subasta" is read as "auction"
    check_game_key(top, game)
    kinds = ", ".join(situations)  # ids: the same in every language
    value = top.require("situation", _("the situation: one of {kinds}").format(kinds=kinds))
    if not isinstance(value, str) or value.strip().casefold() not in situations:
        from refcli.language.suggestions import hint

        listed = situations_in_words(game, situations)
        raise top.problem("situation", not_among(listed, describe(value)) + hint(value, situations))
    situation = value.strip().casefold()
    rules = rules_for(game.id)
    try:
        verdict = situations[situation](top)
    except RuleBroken as broken:
        report = ruling_report(
            game=game.id,
            title=title,
            situation=situation,
            file=doc.name,
            verdict=str(broken),
            outcome=dict(broken.outcome),
            facts=[],
            citations=rules.cite([broken.clause, *broken.also]),
            legal=False,
            broken_rule=broken.clause,
            labels=labels,
            describers=describers,
        )
        return report, False
    report = ruling_report(
        game=game.id,
        title=title,
        situation=situation,
        file=doc.name,
        verdict=verdict.verdict,
        outcome=verdict.outcome,
        facts=list(verdict.facts),
        citations=rules.cite(verdict.clauses),
        labels=labels,
        describers=describers,
        background=(background or {}).get(situation, ()),
    )
    return report, True


def situations_in_words(game: Game, situations: Mapping[str, object]) -> str:
    """The situations a refusal lists: their ids, or in a run in Spanish the first Spanish word the game
    declares for each (the one a player reads in the rulebook: "subasta"), which is read as well as the id."""
    from refcli.language.i18n import language

    if language() != "es":
        return ", ".join(situations)
    first: dict[str, str] = {}
    for word, kind in game.spanish.get("kind", {}).items():
        first.setdefault(kind, word)
    return ", ".join(first.get(kind, kind) for kind in situations)
