"""The games refcli knows: one line per built-in game, and the installed ones.

A game declares itself in its package (``GAME``, a ``refcli.model.game.Game``);
this module finds them: the built-in ones through ``refcli.games.BUILT_IN``
(the one list of them), so naming a game imports that one declaration and
nothing else. Adding a game means its package and one line in that list.

Games from other distributions join the ``refcli.games`` entry-point group
(``toy = "refcli_toy:GAME"``). They are looked up only when a name is not a
built-in id — an unknown command or an unknown ``game`` key — so start-up
never pays for scanning the installed packages.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from refcli.games import (
    BUILT_IN as BUILT_IN,
)  # id → the package declaring it (only data: the games' code is not loaded)
from refcli.language.folding import fold
from refcli.language.i18n import _
from refcli.model.game import Game

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint


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
    if game.locale:
        _add_catalogue(game)
    return game


def _add_catalogue(game: Game) -> None:
    """The game's own gettext catalogues (``Game.locale``), for refcli's ``_()`` to look its messages up in."""
    from importlib.resources import files

    from refcli.language import i18n

    try:
        folder = files(game.package).joinpath(*game.locale.split("/"))
    except Exception:  # noqa: BLE001 - a package refcli cannot look into: the game speaks English
        return
    i18n.add_catalogue(game.domain or game.package.rpartition(".")[2], str(folder))


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
    if not all(isinstance(text, str) and text for text in (game.title, game.help, game.package)):
        return _("its title, help and package must be non-empty text")
    import importlib.util

    try:  # the package its verbs and formats live in: found without running it
        found = importlib.util.find_spec(game.package)
    except (ImportError, ValueError):
        found = None
    if found is None:
        return _("its package {package} cannot be found").format(package=game.package)
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


def is_built_in(game_id: str) -> bool:
    return game_id in BUILT_IN
