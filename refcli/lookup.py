"""``refcli GAME rules [QUERY]`` and ``refcli rules [QUERY]``: what a query finds, as a report.

One game's catalogue, or every built-in game's at once: the clauses found
(``refcli.catalogue.GameRules.find``), best first for a word search and
only the first few unless every one is asked for, each naming its game.
When nothing matches, the report lists the topics of the games searched and
the command exits 1, as grep does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from refcli.catalogue import Found, Hit, rules_for
from refcli.report import Block, Heading, Para, Quotes, Report

# A word search shows the best few; the rest are a --all away.
SHOWN = 5


class Catalogue(NamedTuple):
    """A game searched: its id and its title as headings print it."""

    game: str
    title: str


class Lookup(NamedTuple):
    report: Report
    found: bool  # false: the query matched nothing (exit 1)


def lookup(catalogues: Sequence[Catalogue], query: str | None, *, every: bool = False) -> Lookup:
    """The report of ``query`` over ``catalogues``; ``every`` shows every match, not the best SHOWN."""
    found = [rules_for(c.game).find(query or "") for c in catalogues]
    hits, ranked = merged(found)
    shown = hits if every or not ranked else hits[:SHOWN]
    titles = {c.game: c.title for c in catalogues}
    clauses = [hit.clause.citation(game) for game, hit in shown]
    data: dict[str, Any] = {}
    if len(catalogues) == 1:
        data["game"] = catalogues[0].game
    else:
        data["games"] = [c.game for c in catalogues]
    data.update(query=query, matches=len(hits), clauses=clauses)
    if not hits:
        data["topics"] = {c.game: rules_for(c.game).topics() for c in catalogues}
        said = nothing_found(catalogues, query, data["topics"]) if query else []
        return Lookup(Report(data=data, blocks=said), found=not query)  # only an empty catalogue has no query match
    scope = catalogues[0].title if len(catalogues) == 1 else "Rules of every game"
    heading = f"{scope}: {counted(len(shown), len(hits), ranked)}"
    heading += f" matching “{query}”" if query else ""
    blocks: list[Block] = [Heading(heading)]
    if len(catalogues) == 1:
        blocks.append(Quotes(tuple(clauses), title=""))
    else:  # each game's clauses under its title, best first; the game with the best match first
        for game, own in by_game(clauses):
            blocks.append(Quotes(tuple(own), title=titles[game]))
    if len(shown) < len(hits):
        rest = len(hits) - len(shown)
        blocks.append(
            Para(f"{rest} more clause{'s' if rest != 1 else ''} matched less well: --all shows every one.", "dim")
        )
    return Lookup(Report(data=data, blocks=blocks), found=True)


def merged(found: Sequence[Found]) -> tuple[list[tuple[str, Hit]], bool]:
    """Every game's hits as (game, hit), and whether they are ranked.

    A clause id or topic found in some game is what was asked for: those
    clauses alone, in catalogue order. Otherwise the word searches' hits,
    best first across the games (equal scores keep the games' order).
    """
    exact = [f for f in found if f.hits and not f.ranked]
    if exact:
        return [(f.game, hit) for f in exact for hit in f.hits], False
    hits = [(f.game, hit) for f in found for hit in f.hits]
    hits.sort(key=lambda pair: -pair[1].score)
    return hits, True


def counted(shown: int, matches: int, ranked: bool) -> str:
    noun = "clause" if matches == 1 else "clauses"
    if shown < matches:
        return f"the best {shown} of {matches} {noun}"
    if ranked and matches > 1:
        return f"{matches} {noun}, best first"
    return f"{matches} {noun}"


def by_game(clauses: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The clauses grouped by game, keeping their order within a game and the order games first appear in."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for clause in clauses:
        grouped.setdefault(clause["game"], []).append(clause)
    return list(grouped.items())


def nothing_found(catalogues: Sequence[Catalogue], query: str | None, topics: dict[str, list[str]]) -> list[Block]:
    if len(catalogues) == 1:
        only = catalogues[0]
        blocks: list[Block] = [Para(f"No {only.title} clause matches “{query}”.", "warn")]
        if topics[only.game]:
            blocks.append(Para(f"Try a topic: {', '.join(topics[only.game])}."))
        return blocks
    blocks = [Para(f"No clause of any game matches “{query}”. Try a topic:", "warn")]
    blocks.extend(Para(f"{c.title}: {', '.join(topics[c.game])}.") for c in catalogues if topics[c.game])
    return blocks
