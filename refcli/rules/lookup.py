"""``refcli GAME rules [QUERY]`` and ``refcli rules [QUERY]``: what a query finds, as a report.

One game's catalogue, or every built-in game's at once: the clauses found
(``refcli.rules.catalogue.GameRules.find``), best first for a word search and
only the first few unless every one is asked for, each naming its game.
When nothing matches, the report lists the topics of the games searched and
the command exits 1, as grep does. The text quotes the query cut to the
length of any value a message quotes; JSON and TOML keep it whole. Text follows the language (Spanish
names the topics by their Spanish names); JSON and TOML keep the ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from refcli.language.folding import fold
from refcli.language.i18n import _, game_title, ngettext
from refcli.language.visible import (
    clip,  # the query, as a message quotes it (text shows it escaped: refcli.output.render)
)
from refcli.results.report import Block, Heading, Para, Quotes, Report
from refcli.rules.catalogue import Found, rules_for, topic_name
from refcli.rules.clause import Hit

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
    titles = {c.game: game_title(c.title) for c in catalogues}
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
    scope = game_title(catalogues[0].title) if len(catalogues) == 1 else _("Rules of every game")
    blocks: list[Block] = [Heading(heading(scope, len(shown), len(hits), ranked, query))]
    if len(catalogues) == 1:
        blocks.append(Quotes(tuple(clauses), title=""))
    else:  # each game's clauses under its title, best first; the game with the best match first
        for game, own in by_game(clauses):
            blocks.append(Quotes(tuple(own), title=titles[game]))
    if len(shown) < len(hits):
        rest = len(hits) - len(shown)
        more = ngettext(
            "{n} more clause matched less well: --all shows every one.",
            "{n} more clauses matched less well: --all shows every one.",
            rest,
        )
        blocks.append(Para(more.format(n=rest), "dim"))
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


def heading(scope: str, shown: int, matches: int, ranked: bool, query: str | None) -> str:
    """``Kuhhandel: the best 5 of 6 clauses matching “empate”``: what was found, and how many."""
    if not query:  # the whole catalogue
        return ngettext("{scope}: {n} clause", "{scope}: {n} clauses", matches).format(scope=scope, n=matches)
    if shown < matches:
        said = _("{scope}: the best {shown} of {n} clauses matching “{query}”")
    elif ranked and matches > 1:
        said = _("{scope}: {n} clauses, best first, matching “{query}”")
    else:
        said = ngettext("{scope}: {n} clause matching “{query}”", "{scope}: {n} clauses matching “{query}”", matches)
    return said.format(scope=scope, shown=shown, n=matches, query=clip(query))


def by_game(clauses: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The clauses grouped by game, keeping their order within a game and the order games first appear in."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for clause in clauses:
        grouped.setdefault(clause["game"], []).append(clause)
    return list(grouped.items())


def nothing_found(catalogues: Sequence[Catalogue], query: str | None, topics: dict[str, list[str]]) -> list[Block]:
    """What to try instead: each game's topics (in Spanish, by their Spanish names, which find them too)."""
    if len(catalogues) == 1:
        only = catalogues[0]
        blocks: list[Block] = [
            Para(
                _("No {game} clause matches “{query}”.").format(game=game_title(only.title), query=clip(query or "")),
                "warn",
            )
        ]
        if topics[only.game]:
            blocks.append(Para(_("Try a topic: {topics}.").format(topics=named_topics(topics[only.game], only.game))))
        return blocks
    said = _("No clause of any game matches “{query}”. Try a topic:").format(query=clip(query or ""))
    blocks = [Para(said, "warn")]
    blocks.extend(
        Para(f"{game_title(c.title)}: {named_topics(topics[c.game], c.game)}.") for c in catalogues if topics[c.game]
    )
    return blocks


def named_topics(topics: list[str], game: str) -> str:
    """``game``'s topics as text names them, alphabetical (their Spanish names in Spanish)."""
    return ", ".join(sorted((topic_name(topic, game) for topic in topics), key=fold))
