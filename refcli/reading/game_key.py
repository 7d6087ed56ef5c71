"""Which game a document is: the command's, or the one its ``game`` key names; and that key checked.

Above the registry (``refcli.model.registry`` holds the declarations and finds a
game by name) and beside the table reader: a file's ``game`` key is read and
reported on like any other key, with did-you-mean when it names no game. The
command layer looks a game up once and passes the :class:`~refcli.model.game.Game`
down; only a document whose command names no game is looked up here, by its key.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from refcli.language.i18n import _
from refcli.model import registry
from refcli.model.game import Game
from refcli.reading.documents import Document
from refcli.reading.tables import Table, describe, not_among  # loaded already by whatever reads the document


def game_of(doc: Document, verb: str = "score") -> Game:
    """The game a file names in its ``game`` key (required when the command names none); ``verb``: the command."""
    top = Table(doc, doc.data)
    known = ", ".join(registry.BUILT_IN)
    value = top.require("game", _("the game id ({games}), or use `refcli GAME {verb}`").format(games=known, verb=verb))
    game = registry.find(value) if isinstance(value, str) else None
    if game is None:
        from refcli.language.suggestions import hint

        games = [*registry.built_in(), *registry.installed()]
        every = ", ".join(other.id for other in games)
        names = [name for other in games for name in other.names()]
        raise top.problem("game", not_among(every, describe(value)) + hint(value, names))
    return game


def game_for(doc: Document, game: Game | None, verb: str = "score") -> Game:
    """The command's game (``refcli GAME verb``), or else the one the file's ``game`` key names."""
    return game if game is not None else game_of(doc, verb)


def engine_for(doc: Document, game: Game | None, verb: str) -> ModuleType:
    """The module implementing ``verb`` for the command's game, or else the file's ``game`` key."""
    found = game_for(doc, game, verb)
    if found.verb(verb) is None:
        raise Table(doc, doc.data).error(
            "game",
            _("a game with `{verb}`").format(verb=verb),
            _("{game}, which has none").format(game=found.id),
        )
    return found.engine(verb)


def check_game_key(top: Table, game: Game) -> None:
    """``game`` may be omitted after ``refcli GAME score``, but must match when given (any of the game's names)."""
    if top.has("game"):
        value = top.raw("game")
        if not isinstance(value, str) or not game.is_named(value):
            raise top.error("game", _('"{game}" (this is the {game} command)').format(game=game.id), describe(value))


def with_english_situation(data: dict[str, Any], game: Game) -> dict[str, Any]:
    """``data`` with its ``situation`` in English when it names one in the game's Spanish words; else ``data``.

    ``situation = "subasta"`` is the auction: a ruling dispatches on the English kind and reports it.
    """
    value = data.get("situation")
    kind = game.kind(value) if isinstance(value, str) else None
    return {**data, "situation": kind} if kind is not None and kind != value else data
