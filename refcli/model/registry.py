"""The games refcli knows: one line per built-in game, and the installed ones.

A game declares itself in its package (``GAME``, a ``refcli.model.game.Game``);
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

from refcli.language.i18n import _
from refcli.model.game import Game, fold

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from refcli.reading.documents import Document

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
        raise TypeError(f"{package}.GAME is not a refcli.model.game.Game")
    return game


def built_in() -> tuple[Game, ...]:
    """Every built-in game, in order (imports their declarations, not their engines)."""
    return tuple(_declared(package) for package in BUILT_IN.values())


# The last scan: (the entry_points function that made it, what it found). A batch of
# records naming an unknown game asks for every record; the installed packages do not
# change during a run, and a scan reads every distribution's metadata.
_SCANNED: tuple[object, tuple[Game, ...]] | None = None


def installed() -> tuple[Game, ...]:
    """Games other distributions add through the ``refcli.games`` entry points (scanned once a run, not at start-up)."""
    global _SCANNED
    import importlib.metadata

    scan = importlib.metadata.entry_points
    if _SCANNED is None or _SCANNED[0] is not scan:  # (a test that puts in other entry points gets a new scan)
        _SCANNED = (scan, _scanned())
    return _SCANNED[1]


def _scanned() -> tuple[Game, ...]:
    """The installed games, loaded.

    A game that cannot be loaded (a missing dependency, an exception or ``sys.exit`` at import, an entry
    point that is not a ``Game`` of its name) is left out, with one warning line on stderr: another
    distribution's bug never stops refcli's own games, nor says it is refcli's.
    """
    from importlib.metadata import entry_points

    found: dict[str, Game] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in BUILT_IN or entry.name in found:
            continue  # a built-in game is never replaced from outside
        game = _loaded(entry)
        if game is not None:
            found[game.id] = game
    return tuple(found.values())


def _loaded(entry: EntryPoint) -> Game | None:
    """The game ``entry`` declares, or None (warned about once) when it cannot be had."""
    try:
        game: object = entry.load()
    except (Exception, SystemExit) as error:  # noqa: BLE001 - whatever another package's import raises
        _skipped(entry, " ".join(f"{type(error).__name__}: {error}".split())[:200])
        return None
    if not isinstance(game, Game):
        _skipped(entry, _("{value} is not a refcli.model.game.Game").format(value=entry.value))
        return None
    fault = _declaration_fault(entry, game)
    if fault is not None:
        _skipped(entry, fault)
        return None
    return game


def _declaration_fault(entry: EntryPoint, game: Game) -> str | None:
    """What is wrong with the game ``entry`` declares, or None: a game of the entry's name, named in text."""
    if game.id != entry.name:
        return _("it declares the game {id}, not {name}").format(id=game.id, name=entry.name)
    try:
        names = game.names()
    except Exception as error:  # noqa: BLE001 - fields of the wrong type (aliases=None)
        return " ".join(f"{type(error).__name__}: {error}".split())[:200]
    if not all(isinstance(name, str) for name in names):
        return _("its names (id, aliases, Spanish names) are not all text")
    return None


_SKIPPED: set[tuple[str, str]] = set()  # the entry points warned about in this process: each once


def _skipped(entry: EntryPoint, reason: str) -> None:
    if (entry.name, entry.value) in _SKIPPED:
        return
    _SKIPPED.add((entry.name, entry.value))
    import sys

    from refcli.language.visible import visible  # another package's words may hold anything

    dist = getattr(entry, "dist", None)
    distribution = f"{dist.name} {dist.version}" if dist is not None else entry.value
    print(
        _("refcli: warning: skipped the game {name} of {distribution}: {reason}").format(
            name=visible(entry.name), distribution=visible(distribution), reason=visible(reason)
        ),
        file=sys.stderr,
    )


def get(game_id: str) -> Game | None:
    """A game by its exact id: built in, else from the installed entry points."""
    package = BUILT_IN.get(game_id)
    if package is not None:
        return _declared(package)
    return next((game for game in installed() if game.id == game_id), None)


def find(name: str) -> Game | None:
    """A game by id, alias or Spanish name, ignoring case, accents and blanks (the `game` key of a file)."""
    exact = BUILT_IN.get(name.strip().casefold())
    if exact is not None:
        return _declared(exact)
    folded = fold(name)
    for games in (built_in, installed):  # the installed packages are scanned only when no built-in game matches
        for game in games():
            if any(fold(known) == folded for known in game.names()):
                return game
    return None


def game_named(value: object, game_id: str) -> object:
    """``game_id`` when ``value`` is one of that game's names ("dinero", "Engañado"), else ``value`` as it is."""
    game = get(game_id) if isinstance(value, str) else None
    return game_id if game is not None and isinstance(value, str) and game.is_named(value) else value


def with_english_situation(data: dict[str, Any], game_id: str) -> dict[str, Any]:
    """``data`` with its ``situation`` in English when it names one in the game's Spanish words; else ``data``.

    ``situation = "subasta"`` is the auction: a ruling dispatches on the English kind and reports it.
    """
    value = data.get("situation")
    game = get(game_id) if isinstance(value, str) else None
    kind = game.kind(value) if game is not None and isinstance(value, str) else None
    return {**data, "situation": kind} if kind is not None and kind != value else data


def is_built_in(game_id: str) -> bool:
    return game_id in BUILT_IN


def game_of(doc: Document, verb: str = "score") -> Game:
    """The game a file names in its ``game`` key (required when the command names none); ``verb``: the command."""
    from refcli.language.suggestions import hint
    from refcli.reading.tables import Table, describe

    top = Table(doc, doc.data)
    known = ", ".join(BUILT_IN)
    value = top.require("game", _("the game id ({games}), or use `refcli GAME {verb}`").format(games=known, verb=verb))
    game = find(value) if isinstance(value, str) else None
    if game is None:
        games = [*built_in(), *installed()]
        every = ", ".join(other.id for other in games)
        names = [name for other in games for name in other.names()]
        raise top.error("game", _("one of {games}").format(games=every), describe(value) + hint(value, names))
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
        from refcli.reading.tables import Table

        raise Table(doc, doc.data).error(
            "game",
            _("a game with `{verb}`").format(verb=verb),
            _("{game}, which has none").format(game=game.id),
        )
    return game.engine(verb)
