"""Kuhhandel final snapshots: read the TOML, check it, score it, report it.

The snapshot format is described in ``formats.FINAL`` (docs/formats/kuhhandel.md).
Everything that does not fit it is a ``DataError`` pointing at the key.
"""

from __future__ import annotations

from typing import Any

from refcli.games.kuhhandel import GAME as KUHHANDEL  # the declaration: reading uses its words, never looks it up
from refcli.games.kuhhandel.components import BY_ID, CARDS_PER_ANIMAL, TOTAL_CARDS, animal_id
from refcli.games.kuhhandel.formats import FINAL
from refcli.games.kuhhandel.names import animal as animal_name
from refcli.games.kuhhandel.scoring import (
    GameResult,
    Holding,
    PlayerResult,
    Snapshot,
    describe_open,
    over_four,
    score_game,
)
from refcli.language.i18n import _, ngettext
from refcli.model.options import ScoreOptions
from refcli.reading.documents import Document
from refcli.reading.formats import read
from refcli.reading.tables import Table
from refcli.results.report import PlayerScore, Report, alone, competition_ranks, score_report
from refcli.rules.catalogue import rules_for

GAME = "kuhhandel"
MIN_PLAYERS = 3  # register K17: the published 3 to 5 players


def read_snapshot(doc: Document) -> Snapshot:
    """The snapshot (format: ``formats.FINAL``), with the checks that span several players."""
    values = read(FINAL, doc, game=KUHHANDEL)
    edition: int = values["edition"]
    top = Table(doc, doc.data)
    players = [Holding(name=p["name"], cards=p["animals"], bonus=p["bonus"]) for p in values["player"]]
    holders = [index for index, p in enumerate(players) if p.bonus]
    if holders and edition != 1:
        raise top.problem_at(
            ("player", holders[0] + 1, "bonus"),
            _("the bonus card exists only in edition 1: write bonus = false, or set edition = 1"),
        )
    if len(holders) > 1:
        raise top.problem_at(
            ("player", holders[1] + 1, "bonus"),
            _("the game has one bonus card, and {player} holds it already").format(player=players[holders[0]].name),
        )
    snapshot = Snapshot(edition=edition, players=tuple(players))
    # K11: never more than four of a kind, with or without --partial.
    for animal, total in over_four(snapshot.players):
        holding = ", ".join(f"{p.name} {p.cards[animal]}" for p in players if p.cards.get(animal))
        last = max(i for i, p in enumerate(players) if p.cards.get(animal))
        written = doc.data["player"][last]["animals"]
        key = next(k for k in written if animal_id(k) == animal)
        raise top.problem_at(
            ("player", last + 1, "animals", key),
            _(
                "the players hold {total} {animal} cards between them ({holding}), "
                "but the game has only {count} of each animal"
            ).format(total=total, holding=holding, count=CARDS_PER_ANIMAL, animal=animal_name(animal)),
        )
    return snapshot


def not_over_error(doc: Document, result: GameResult) -> Exception:
    top = Table(doc, doc.data)
    described = describe_open(result.open_animals)
    # TRANSLATORS: {open} is one or more clauses ("the cat cards are split (Ana 2, Ben 2): a cow trade is
    # still possible"), joined by semicolons.
    return top.problem(
        "player",
        _(
            "the game is not over: {open}. At the end, all {count} animal cards are held in complete sets; "
            "to score the complete sets so far, use --partial"
        ).format(open=described, count=TOTAL_CARDS),
    )


def score_document(doc: Document, options: ScoreOptions) -> Report:
    snapshot = read_snapshot(doc)
    result = score_game(snapshot, multiply=options.multiply)
    if not result.over and not options.partial:
        raise not_over_error(doc, result)
    if not options.partial and len(snapshot.players) < MIN_PLAYERS:
        # K17: a finished game had 3 to 5 players (--partial may score some of them)
        raise Table(doc, doc.data).problem(
            "player",
            ngettext(
                "{count} [[player]] table, but Kuhhandel is played by {minimum} to 5, one table each (K17); "
                "--partial scores fewer players",
                "{count} [[player]] tables, but Kuhhandel is played by {minimum} to 5, one table each (K17); "
                "--partial scores fewer players",
                len(snapshot.players),
            ).format(count=len(snapshot.players), minimum=MIN_PLAYERS),
        )
    return build_report(doc.name, result, options)


def build_report(file: str, result: GameResult, options: ScoreOptions) -> Report:
    ranks = competition_ranks([(p.score,) for p in result.players])
    players = [
        PlayerScore(
            name=p.name,
            score=p.score,
            rank=rank,
            breakdown=breakdown(p),
            explanation=p.explanation(),
        )
        for p, rank in zip(result.players, ranks)
    ]
    shared = ranks.count(1) > 1
    given = alone(
        [p.name for p in result.players],
        MIN_PLAYERS,
        options.partial,
        [
            _("whether the game is over (an animal split between players or still in the deck)"),
            _("at most {count} cards of each animal in the whole game (checked among the players given)").format(
                count=CARDS_PER_ANIMAL
            ),
        ],
    )
    if given is not None:
        status = given.status + " " + _("Only complete sets score.")
    elif result.over:
        status = _("The game is over: all {count} animal cards are held in complete sets.").format(count=TOTAL_CARDS)
    else:
        status = _("The game is not over (--partial): only complete sets are scored. Still open: {open}.").format(
            open=describe_open(result.open_animals)
        )
    notes = list(result.warnings) + ([given.note] if given is not None else [])
    if options.multiply and result.edition == 2:
        notes.append(_("--multiply changes nothing in edition 2: the multiplier is already the rule."))
    if result.edition == 1 and options.multiply:
        title = _("Kuhhandel, edition {edition}, multiplier variant").format(edition=result.edition)
    else:
        title = _("Kuhhandel, edition {edition}").format(edition=result.edition)
    rules = rules_for(GAME)
    return score_report(
        background=("score.example",),  # the rulebook's worked example: context, quoted on a terminal with -v
        game=GAME,
        title=title,
        file=file,
        header={"edition": result.edition},
        players=players,
        over=result.over and given is None,
        status=status,
        tie_break=_("no tie-break: equal top scores share the win (K8, an interpretation)") if shared else None,
        notes=notes,
        citations=rules.cite(result.clauses),
        extra={
            "variant": {"multiply": options.multiply, "partial": options.partial},
            "open": [
                {"animal": o.animal, "holders": {name: count for name, count in o.holders}, "unheld": o.unheld}
                for o in result.open_animals
            ],
            **(given.extra() if given is not None else {}),
        },
    )


def breakdown(p: PlayerResult) -> dict[str, Any]:
    """The JSON breakdown of one player's score: each set, the sum, the multiplier."""
    return {
        "sets": [{"animal": animal, "value": BY_ID[animal].value} for animal in p.sets],
        "sum": p.animal_sum,
        "multiplier": p.multiplier,
        "bonus": p.bonus,
        "unscored": [{"animal": animal, "cards": count} for animal, count in p.unscored],
    }
