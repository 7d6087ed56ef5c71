"""The table's defaults: a TOML file of the settings a group plays with (``refcli config``).

The file sits at the platform's usual place for configuration (``platformdirs``:
``$XDG_CONFIG_HOME/refcli/config.toml``, else ``~/.config/refcli/config.toml`` on
Linux), or where ``REFCLI_CONFIG`` says. It holds, at the top, ``lang`` (en|es),
``color`` (auto|always|never) and ``pager`` (a command, or false), and one table
per game holding the defaults its declaration lets a group set
(``Game.table_defaults`` and its ``score_options``): a value a file leaves out,
or an option not given. Which wins, from first to last:

* ``lang``: ``--lang``, ``REFCLI_LANG``, the file, the locale (``LC_ALL``, …);
* ``color``: ``--color``, the file, ``auto`` (which ``NO_COLOR`` / ``FORCE_COLOR`` decide);
* ``pager``: ``REFCLI_PAGER``, the file, ``PAGER``, ``less -R``;
* a game's key: what the input file says, the command-line option, the file, the rules' default.

Every run looks whether the file exists (one ``stat``); only a file that exists is
read, and it is read whole and checked at once, so a mistake in it is reported
the same way whatever the command (one line naming the file, line and key; exit
78, ``EX_CONFIG``) rather than only when a command happens to need the key.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from refcli.language.i18n import _, language_named
from refcli.model.errors import ConfigError

if TYPE_CHECKING:
    from refcli.model.game import Game, Param

VARIABLE = "REFCLI_CONFIG"
FILE_NAME = "config.toml"
COLORS = ("auto", "always", "never")
GENERAL = ("lang", "color", "pager")  # the keys at the top of the file, in the order listed


# -------------------------------------------------------------------------- where


def path() -> Path:
    """The configuration file: ``REFCLI_CONFIG`` when set, else the platform's usual place."""
    given = os.environ.get(VARIABLE, "")
    return Path(given).expanduser() if given.strip() else default_path()


def default_path() -> Path:
    """``<the user's configuration folder>/refcli/config.toml``, as ``platformdirs`` places it.

    On Linux and the BSDs that folder is ``$XDG_CONFIG_HOME`` (an absolute one), else ``~/.config``: the
    rule ``platformdirs`` follows there, applied without importing it, because every run looks for the file
    and that import would cost a quick query more than the rest of its start-up's file look-ups
    (``tests/test_config.py`` checks that both give the same folder). Elsewhere ``platformdirs`` decides.
    """
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        home = os.environ.get("XDG_CONFIG_HOME", "").strip()
        folder = Path(home) if home and os.path.isabs(home) else Path.home() / ".config"
        return folder / "refcli" / FILE_NAME
    import platformdirs

    return platformdirs.user_config_path("refcli") / FILE_NAME


# -------------------------------------------------------------------------- what it holds


class Table:
    """The settings one configuration file holds, checked: ``general`` (lang, color, pager) and each game's."""

    def __init__(self, file: Path | None, text: str = "") -> None:
        self.file = file  # None: there is no file
        self.text = text
        self.general: dict[str, Any] = {}
        self.games: dict[str, dict[str, Any]] = {}  # game id → key → value
        self.sections: dict[str, str] = {}  # game id → its table's name as the file writes it

    def get(self, key: str) -> Any:
        """A general setting (``lang``, ``color``, ``pager``), or None when the file does not set it."""
        return self.general.get(key)

    def game_defaults(self, game_id: str) -> dict[str, Any]:
        """What the file sets for ``game_id``'s files and options (empty when nothing)."""
        return dict(self.games.get(game_id, {}))

    def line_of(self, *key: str) -> int:
        """The line of ``key`` (a general key, or a game's table and key) in the file."""
        from refcli.reading.locate import KeyLocator

        return KeyLocator(self.text).line_of(key)


EMPTY = Table(None)
_current: Table = EMPTY
_arguments: tuple[str, ...] = ()  # this run's command line (``refcli config`` says what it chose)


def current() -> Table:
    """The table of this run (``use``), or an empty one."""
    return _current


def use(table: Table) -> None:
    """Make ``table`` this run's (the command line does it once the file is read; an empty one after)."""
    global _current
    _current = table


def remember_arguments(arguments: tuple[str, ...]) -> None:
    global _arguments
    _arguments = arguments


def arguments() -> tuple[str, ...]:
    """This run's command line, as the root command was given it."""
    return _arguments


def load(file: Path | None = None) -> Table:
    """The settings in ``file`` (default: ``path()``); an empty table when it does not exist.

    A ConfigError (exit 78) names the file, line and key of what is wrong.
    """
    file = path() if file is None else file
    try:
        os.stat(file)
    except OSError:  # no file (the usual case): nothing set, and nothing read
        return EMPTY
    try:
        with open(file, encoding="utf-8") as opened:
            text = opened.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        message = _("cannot read the configuration file: {reason}").format(reason=reason)
        raise ConfigError(message, file=str(file)) from None
    table = Table(file, text)
    _check(table, _parsed(text, str(file)))
    return table


def _parsed(text: str, name: str) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        pass
    from refcli.model.errors import DataError
    from refcli.reading.documents import parse_toml  # the located, translated account of what is wrong

    try:
        return parse_toml(text, name)
    except DataError as error:
        raise ConfigError(error.message, file=name, line=error.line, path=error.path) from None


def _check(table: Table, data: dict[str, Any]) -> None:
    name = str(table.file)
    for key, value in data.items():
        if key in GENERAL:
            problem = general_problem(key, value)
            if problem:
                raise ConfigError(problem, file=name, line=table.line_of(key), path=key)
            table.general[key] = value
            continue
        game = game_named(key)
        if game is None:
            words = [*GENERAL, *(g.id for g in games())]
            message = _("not a setting refcli knows{hint}").format(hint=_hint(key, words))
            raise ConfigError(message, file=name, line=table.line_of(key), path=key)
        if not isinstance(value, dict):
            message = _("expected a table of {game}'s defaults").format(game=game.title)
            raise ConfigError(message, file=name, line=table.line_of(key), path=key)
        table.games[game.id] = _game_values(table, key, game, value)
        table.sections[game.id] = key


def _game_values(table: Table, section: str, game: Game, values: dict[str, Any]) -> dict[str, Any]:
    declared = {param.name: param for param in settable(game)}
    out: dict[str, Any] = {}
    for key, value in values.items():
        param = declared.get(key)
        if param is None:
            if declared:
                message = _("not one of {game}'s defaults{hint}").format(game=game.title, hint=_hint(key, declared))
            else:
                message = _("{game} has no defaults to set").format(game=game.title)
            raise _wrong(table, section, key, message)
        problem = value_problem(param, value)
        if problem:
            raise _wrong(table, section, key, problem)
        out[key] = value
    return out


def _wrong(table: Table, section: str, key: str, message: str) -> ConfigError:
    """The error of ``key`` in the game's table ``section``, located."""
    return ConfigError(message, file=str(table.file), line=table.line_of(section, key), path=f"{section}.{key}")


def _hint(value: str, words: Any) -> str:
    from refcli.language.suggestions import hint

    return hint(value, list(words))


# -------------------------------------------------------------------------- the games' keys


def games() -> tuple[Game, ...]:
    from refcli.model import registry

    return registry.built_in()


def game_named(name: str) -> Game | None:
    """The game whose id (or other name) is ``name``: a built-in one (only its declaration is imported, for
    an id), else one installed from another distribution."""
    from refcli.model import registry

    return registry.find(name)


def settable(game: Game) -> tuple[Param, ...]:
    """What a configuration file may set for ``game``: its declared table defaults, then its score options."""
    names = {param.name for param in game.table_defaults}
    return game.table_defaults + tuple(param for param in game.score_options if param.name not in names)


def general_problem(key: str, value: Any) -> str:
    """What is wrong with ``value`` for the general ``key`` ("" when nothing)."""
    if key == "lang" and not (isinstance(value, str) and language_named(value)):
        return _("expected en or es, not {value}").format(value=_shown(value))
    if key == "color" and value not in COLORS:
        return _("expected auto, always or never, not {value}").format(value=_shown(value))
    if key == "pager" and not (value is False or (isinstance(value, str) and value.strip())):
        return _("expected a command to run, or false for none, not {value}").format(value=_shown(value))
    return ""


def value_problem(param: Param, value: Any) -> str:
    """What is wrong with ``value`` for a game's ``param`` ("" when nothing)."""
    if param.type is bool:
        return "" if isinstance(value, bool) else _("expected true or false, not {value}").format(value=_shown(value))
    if param.type is int:
        low = param.min if param.min is not None else -(2**63)
        high = param.max if param.max is not None else 2**63 - 1
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return _("expected an integer from {low} to {high}, not {value}").format(
                low=low, high=high, value=_shown(value)
            )
        return ""
    return "" if isinstance(value, str) else _("expected a string, not {value}").format(value=_shown(value))


def _shown(value: Any) -> str:
    from refcli.language.visible import clip

    if isinstance(value, bool):
        return "true" if value else "false"
    return clip(repr(value) if isinstance(value, str) else str(value))
