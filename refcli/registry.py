"""The games refcli knows, in one place.

Each entry names the modules that implement a game's verbs; they are imported
only when a command needs them, so start-up stays the cost of this table.
``refcli score FILE`` reads the file's ``game`` key and dispatches here.
Adding a game means one entry below and its package under ``refcli/games``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from refcli.inputs import Document


class Game(NamedTuple):
    id: str
    title: str
    sources: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    # verb → module implementing it, imported only when the verb runs:
    #   score:    score_document(doc, options) -> Report
    #   ruling:   rule_document(doc) -> (Report, legal)
    #   validate: validate_document(doc, options) -> FileResult
    verbs: tuple[tuple[str, str], ...] = ()
    commands: str = ""  # the module whose typer ``app`` holds ``refcli GAME …``

    def engine(self, verb: str) -> ModuleType:
        """The module implementing ``verb`` (score, ruling or validate) for this game."""
        return importlib.import_module(dict(self.verbs)[verb])


GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        Game(
            id="kuhhandel",
            commands="refcli.commands.kuhhandel",
            title="Kuhhandel",
            sources=("000", "001"),
            aliases=("you-re-bluffing", "youre-bluffing", "estas-fanfarroneando"),
            verbs=(
                ("score", "refcli.games.kuhhandel.final"),
                ("ruling", "refcli.games.kuhhandel.situations"),
                ("validate", "refcli.games.kuhhandel.record"),
            ),
        ),
        Game(
            id="bamboozled",
            commands="refcli.commands.bamboozled",
            title="Bamboozled",
            sources=("002",),
            aliases=("enganado", "engañado"),
            verbs=(
                ("score", "refcli.games.bamboozled.standings"),
                ("ruling", "refcli.games.bamboozled.situations"),
                ("validate", "refcli.games.bamboozled.record"),
            ),
        ),
        Game(
            id="money",
            commands="refcli.commands.money",
            title="Money!",
            sources=("003",),
            aliases=("dinero",),
            verbs=(
                ("score", "refcli.games.money.final"),
                ("ruling", "refcli.games.money.situations"),
                ("validate", "refcli.games.money.record"),
            ),
        ),
        Game(
            id="cup-of-bluff",
            commands="refcli.commands.cupofbluff",
            title="Cup of Bluff",
            sources=("004",),
            aliases=("cupofbluff", "cup_of_bluff"),
            verbs=(
                ("score", "refcli.games.cupofbluff.final"),
                ("ruling", "refcli.games.cupofbluff.situations"),
                ("validate", "refcli.games.cupofbluff.record"),
            ),
        ),
    )
}


def engine_for(doc: Document, game_id: str | None, verb: str) -> ModuleType:
    """The module implementing ``verb`` for the command's game, or else the file's ``game`` key."""
    return (GAMES[game_id] if game_id else game_of(doc)).engine(verb)


def game_of(doc: Document) -> Game:
    """The game a file names in its ``game`` key (required when the command names none)."""
    from refcli.schema import Table, describe

    top = Table(doc, doc.data)
    known = ", ".join(GAMES)
    value = top.require("game", f"the game id ({known}), or use `refcli GAME score`")
    game = find(value) if isinstance(value, str) else None
    if game is None:
        raise top.error("game", f"one of {known}", describe(value))
    return game


def find(name: str) -> Game | None:
    """A game by id or alias, case-insensitively."""
    folded = name.strip().casefold()
    for game in GAMES.values():
        if folded == game.id or folded in game.aliases:
            return game
    return None
