"""Money! final snapshots: read, check the components, score, and total several games.

The format is described in ``formats.FINAL`` (docs/formats/money.md):
``[[player]]`` with ``coins`` and ``notes = { currency = [values…] }``;
several files give each game and the running totals (003 suggests three
games).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from refcli.games.money import GAME as MONEY  # the declaration: reading uses its words, never looks it up
from refcli.games.money import clauses as C
from refcli.games.money.cards import COINS, CURRENCIES_FOR_PLAYERS, MAX_CURRENCIES, NOTE_VALUES, currency_id
from refcli.games.money.cards import currency as shown_currency
from refcli.games.money.formats import FINAL
from refcli.games.money.scoring import PlayerScore as MoneyScore
from refcli.games.money.scoring import score_player
from refcli.language.i18n import NP_, _, ngettext
from refcli.model.options import ScoreOptions
from refcli.reading import player_names as naming
from refcli.reading.documents import Document
from refcli.reading.formats import read
from refcli.reading.tables import Table
from refcli.results.report import Block, Grid, Heading, Para, PlayerScore, Report, competition_ranks, score_report
from refcli.rules.catalogue import rules_for

GAME = "money"
MIN_PLAYERS = 3
# --partial also scores fewer players ("what is my score?"): FINAL with one [[player]] table enough.
SOME_PLAYERS = FINAL._replace(
    fields=tuple(f._replace(type=f.type._replace(minimum=1)) if f.key == "player" else f for f in FINAL.fields)
)


def read_players(doc: Document, partial: bool = False) -> list[MoneyScore]:
    """The holdings (format: ``formats.FINAL``), with the component checks across players."""
    values = read(SOME_PLAYERS if partial else FINAL, doc, game=MONEY)
    players = values["player"]
    top = Table(doc, doc.data)
    coins_total = 0
    seen_notes: dict[str, Counter[int]] = {}
    first_written: dict[str, tuple[int, str]] = {}  # currency → (player, key as written) where it first appears
    for index, holding in enumerate(players, 1):
        coins_total += holding["coins"]
        if coins_total > COINS:
            raise top.problem_at(
                ("player", index, "coins"),
                _("the players hold {count} coin cards so far, but the game has only {most}").format(
                    count=coins_total, most=COINS
                ),
            )
        written = {  # as the reader keys them ("dólar" is the dollar)
            currency_id(" ".join(key.split()).casefold()): key for key in doc.data["player"][index - 1].get("notes", {})
        }
        for currency, notes in holding["notes"].items():
            counted = seen_notes.setdefault(currency, Counter())
            counted.update(notes)
            first_written.setdefault(currency, (index, written[currency]))
            for note, count in counted.items():
                if count > NOTE_VALUES.count(note):
                    raise top.problem_at(
                        ("player", index, "notes", written[currency]),
                        ngettext(
                            "the players hold {count} {currency} notes of {value}, but the game has only {most} "
                            "(each currency: 20, 20, 20, 30, 30, 30, 40, 50, 60)",
                            "the players hold {count} {currency} notes of {value}, but the game has only {most} "
                            "(each currency: 20, 20, 20, 30, 30, 30, 40, 50, 60)",
                            NOTE_VALUES.count(note),
                        ).format(
                            count=count, most=NOTE_VALUES.count(note), value=note, currency=shown_currency(currency)
                        ),
                    )
    # fewer players than the game has (--partial): only the box's limit; the count for the table is not known
    allowed = CURRENCIES_FOR_PLAYERS.get(len(players), MAX_CURRENCIES)
    if len(seen_notes) > allowed:
        index, key = list(first_written.values())[allowed]
        message = (
            _(
                "the players hold {count} currencies ({currencies}), but a game of {players} players has "
                "{most} (7 with 5, 6 with 4, 5 with 3; {box} in the box)"
            )
            if len(players) in CURRENCIES_FOR_PLAYERS
            else _(
                "the players hold {count} currencies ({currencies}), but the game has at most {most} "
                "(7 with 5, 6 with 4, 5 with 3; {box} in the box)"
            )
        )
        raise top.problem_at(
            ("player", index, "notes", key),
            message.format(
                count=len(seen_notes),
                currencies=", ".join(map(shown_currency, seen_notes)),
                most=allowed,
                players=len(players),
                box=MAX_CURRENCIES,
            ),
        )
    return [score_player(p["name"], p["notes"], p["coins"]) for p in players]


def breakdown(player: MoneyScore) -> dict[str, Any]:
    return {
        "currencies": [
            {
                "currency": c.currency,
                "notes": list(c.notes),
                "face": c.face,
                "penalty": c.penalty,
                "triplets": list(c.triplets),
                "score": c.score,
            }
            for c in player.currencies
        ],
        "coins": player.coins,
        "coin_points": player.coins * 10,
    }


def score_document(doc: Document, options: ScoreOptions) -> Report:
    players = read_players(doc, options.partial)
    from refcli.results.report import alone

    given = alone(
        [p.name for p in players],
        MIN_PLAYERS,
        options.partial,
        [
            _("the number of currencies in play (5 with 3 players, 6 with 4, 7 with 5)"),
            _("each note and coin held once in the whole game (checked among the players given)"),
        ],
    )
    ranks = competition_ranks([(p.score,) for p in players])
    rows = [PlayerScore(p.name, p.score, rank, breakdown(p), p.explain()) for p, rank in zip(players, ranks)]
    clauses = [C.SCORING_200, C.SCORING_PENALTY, C.SCORING_FLOOR, C.PENALTY_RULING, C.SCORING_COINS]
    if any(c.triplets for p in players for c in p.currencies):
        clauses += [C.SCORING_TRIPLET, C.TRIPLET_RULING]
    if any(c.penalty and c.triplets for p in players for c in p.currencies):
        clauses.append(C.EXAMPLE_450)
    clauses.append(C.WINNER)
    shared = ranks.count(1) > 1
    if shared:
        clauses.append(C.SHARED_WIN)
    return score_report(
        background=("example.450",),  # the rulebook's worked example: context, quoted on a terminal with -v
        game=GAME,
        title=NP_("game title", "Money!"),
        file=doc.name,
        header={},
        players=rows,
        over=given is None,
        status=(given.status + " " if given is not None else "")
        + _(
            "Scores per currency: the full value from 200 up; under 200, 100 less (never below 0); "
            "100 for each triplet of 20s or 30s; coins 10 each."
        ),
        tie_break=_("no tie-break: equal top scores share the win (M4, an interpretation)") if shared else None,
        notes=[given.note] if given is not None else [],
        extra=given.extra() if given is not None else None,
        citations=rules_for(GAME).cite(clauses),
    )


def combine(reports: list[Report]) -> Report:
    """Several games: the running totals (003: play three times); each game's own report follows them."""
    from refcli.results.report import Quotes

    totals: dict[str, int] = {}
    display: dict[str, str] = {}
    played: dict[str, list[int]] = {}  # player → the games (1-based) they played
    person = same_people(reports)
    for number, report in enumerate(reports, 1):
        for player in report.data["players"]:
            key = person[player["name"]]
            display.setdefault(key, player["name"])
            totals[key] = totals.get(key, 0) + player["score"]
            played.setdefault(key, []).append(number)
    names = list(totals)
    ranks = competition_ranks([(totals[name],) for name in names])
    ordered = sorted(zip(names, ranks), key=lambda item: item[1])
    total_rows = [{"name": display[name], "score": totals[name], "rank": rank} for name, rank in ordered]
    winners = [str(row["name"]) for row in total_rows if row["rank"] == 1]
    notes = different_players(reports, played, display)
    clauses = [C.MULTI_GAME] + ([C.TOTALS_RULING] if notes else []) + ([C.SHARED_WIN] if len(winners) > 1 else [])
    citations = rules_for(GAME).cite(clauses)
    data = {
        "totals": total_rows,
        "winners": winners,
        "notes": notes,
        "citations": citations,
    }
    per_game = [
        [next((str(p["score"]) for p in r.data["players"] if person[p["name"]] == name), "—") for r in reports]
        for name, _rank in ordered
    ]
    blocks: list[Block] = [
        Heading(ngettext("Totals after {n} game", "Totals after {n} games", len(reports)).format(n=len(reports))),
        Grid(
            ((_("Rank"), "right"), (_("Player"), "left"), (_("Total"), "right"), (_("Games"), "left")),
            tuple(
                (str(rank), display[name], str(totals[name]), " + ".join(games))
                for (name, rank), games in zip(ordered, per_game)
            ),
        ),
        Para(
            (_("Winner: {names}") if len(winners) == 1 else _("Winners (a shared win): {names}")).format(
                names=", ".join(winners)
            ),
            "good",
        ),
    ]
    blocks.extend(Para(note, "warn") for note in notes)
    blocks.append(Quotes(tuple(citations)))
    return Report(data=data, blocks=blocks)


def same_people(reports: list[Report]) -> dict[str, str]:
    """Each player's name in the games → the person it is across them, named as first written.

    A name is the same person in every game that has it exactly (in NFC). A name written in another case in
    another game ("Ana" in game 1, "ana" in game 2) is the same person too, as a reference in another case
    names a player — but only when no game has two players equal ignoring case: if game 1 has both Ana and
    ana, "ANA" in game 2 could be either, so in such a group each spelling is a person of its own (and the
    totals' note that the games were not played by the same players says so, rather than a guess adding one
    person's score to another's).
    """
    spellings: dict[str, list[str]] = {}  # key → the names with that key, in the order first met
    ambiguous: set[str] = set()  # the keys a game has two players for
    for report in reports:
        met: dict[str, str] = {}
        for player in report.data["players"]:
            name = player["name"]
            key = naming.key(name)
            if met.setdefault(key, name) != name:
                ambiguous.add(key)
            group = spellings.setdefault(key, [])
            if name not in group:
                group.append(name)
    return {name: name if key in ambiguous else group[0] for key, group in spellings.items() for name in group}


def different_players(reports: list[Report], played: dict[str, list[int]], display: dict[str, str]) -> list[str]:
    """A warning when the games were not all played by the same players (M9), else nothing."""
    games = len(reports)
    missing = {name: numbers for name, numbers in played.items() if len(numbers) < games}
    if not missing:
        return []
    who = "; ".join(
        ngettext("{player} played game {games} only", "{player} played games {games} only", len(numbers)).format(
            player=display[name], games=", ".join(map(str, numbers))
        )
        for name, numbers in missing.items()
    )
    return [
        _(
            "The {games} games were not played by the same players ({who}): each total adds only the games "
            "that player played, so the totals do not compare like with like (M9)."
        ).format(games=games, who=who)
    ]
