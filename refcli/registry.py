"""The games refcli knows: one line per built-in game, and the installed ones.

A game declares itself in its package (``GAME``, a ``refcli.gameinfo.Game``);
this module only says where the built-in declarations are, so naming a game
imports that one declaration and nothing else. Adding a game means its
package and one line in ``BUILT_IN``.

Games from other distributions join the ``refcli.games`` entry-point group
(``toy = "refcli_toy:GAME"``). They are looked up only when a name is not a
built-in id — an unknown command or an unknown ``game`` key — so start-up
never pays for scanning the installed packages.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from refcli.gameinfo import Game

if TYPE_CHECKING:
    from refcli.inputs import Document

# id → the package whose GAME declares it, in the order refcli lists them.
BUILT_IN: dict[str, str] = {
    "kuhhandel": "refcli.games.kuhhandel",
    "bamboozled": "refcli.games.bamboozled",
    "money": "refcli.games.money",
    "cup-of-bluff": "refcli.games.cupofbluff",
}

ENTRY_POINT_GROUP = "refcli.games"


def _declared(package: str) -> Game:
    game = importlib.import_module(package).GAME
    if not isinstance(game, Game):
        raise TypeError(f"{package}.GAME is not a refcli.gameinfo.Game")
    return game


def built_in() -> tuple[Game, ...]:
    """Every built-in game, in order (imports their declarations, not their engines)."""
    return tuple(_declared(package) for package in BUILT_IN.values())


def installed() -> tuple[Game, ...]:
    """Games other distributions add through the ``refcli.games`` entry points (a scan: not on start-up)."""
    from importlib.metadata import entry_points

    found: dict[str, Game] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in BUILT_IN or entry.name in found:
            continue  # a built-in game is never replaced from outside
        game = entry.load()
        if isinstance(game, Game) and game.id == entry.name:
            found[game.id] = game
    return tuple(found.values())


def get(game_id: str) -> Game | None:
    """A game by its exact id: built in, else from the installed entry points."""
    package = BUILT_IN.get(game_id)
    if package is not None:
        return _declared(package)
    return next((game for game in installed() if game.id == game_id), None)


def find(name: str) -> Game | None:
    """A game by id or alias, case-insensitively (the `game` key of a file)."""
    folded = name.strip().casefold()
    exact = BUILT_IN.get(folded)
    if exact is not None:
        return _declared(exact)
    for games in (built_in, installed):  # the installed packages are scanned only when no built-in game matches
        for game in games():
            if folded in game.names():
                return game
    return None


def is_built_in(game_id: str) -> bool:
    return game_id in BUILT_IN


def game_of(doc: Document, verb: str = "score") -> Game:
    """The game a file names in its ``game`` key (required when the command names none); ``verb``: the command."""
    from refcli.schema import Table, describe

    top = Table(doc, doc.data)
    known = ", ".join(BUILT_IN)
    value = top.require("game", f"the game id ({known}), or use `refcli GAME {verb}`")
    game = find(value) if isinstance(value, str) else None
    if game is None:
        every = ", ".join([*BUILT_IN, *(other.id for other in installed())])
        raise top.error("game", f"one of {every}", describe(value))
    return game


def game_for(doc: Document, game_id: str | None, verb: str = "score") -> Game:
    """The command's game (``refcli GAME verb``), or else the one the file's ``game`` key names."""
    if game_id is None:
        return game_of(doc, verb)
    game = get(game_id)
    if game is None:  # the command line only offers known games
        raise KeyError(game_id)
    return game


def engine_for(doc: Document, game_id: str | None, verb: str) -> ModuleType:
    """The module implementing ``verb`` for the command's game, or else the file's ``game`` key."""
    game = game_for(doc, game_id, verb)
    if game.verb(verb) is None:
        from refcli.schema import Table

        raise Table(doc, doc.data).error("game", f"a game with `{verb}`", f"{game.id}, which has none")
    return game.engine(verb)


def __getattr__(name: str) -> Any:
    # GAMES, the table this module used to hold: every built-in game by id.
    if name == "GAMES":
        return {game.id: game for game in built_in()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
