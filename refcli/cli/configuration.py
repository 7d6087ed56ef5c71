"""``refcli config``: the table's defaults (``refcli.reading.config``), each with where it came from; set and unset."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any, Literal, Optional

import typer

from refcli.language import i18n
from refcli.language.i18n import N_, _
from refcli.model.errors import UsageError
from refcli.reading import config

HELP = N_(
    "Show the table's defaults, each with where it comes from; set or unset one in the configuration file.\n\n"
    "`refcli config` lists every setting: its value and its origin (the command line, the environment, the "
    "configuration file and its line, the locale, or refcli's default). `refcli config set KEY VALUE` writes "
    "one to the file (creating it), `refcli config unset KEY` removes it, `refcli config path` prints where "
    "the file is (REFCLI_CONFIG, else the platform's usual place). KEY: lang (en|es), color "
    "(auto|always|never), pager (a command, or false for none), or GAME.KEY for a game's default ({keys}); a "
    "game's key alone is enough when only one game has it. Command-line options win over the file, and the "
    "file over the locale (REFCLI_LANG, a choice for a run, wins over it too). set and unset rewrite the "
    "whole file: comments in it are not kept. A file refcli cannot use ends every command with exit 78."
)
ACTION_HELP = N_("What to do: list (the default), set KEY VALUE, unset KEY, or path.")
KEY_HELP = N_("The setting: lang, color, pager, or GAME.KEY.")
VALUE_HELP = N_("The value to set.")
FORMAT_HELP = N_("Output format: text or json.")

ACTIONS = ("list", "set", "unset", "path")

Action = Annotated[Optional[str], typer.Argument(help=ACTION_HELP, metavar="ACTION")]  # noqa: UP045
Key = Annotated[Optional[str], typer.Argument(help=KEY_HELP, metavar="KEY")]  # noqa: UP045
Value = Annotated[Optional[str], typer.Argument(help=VALUE_HELP, metavar="VALUE")]  # noqa: UP045
ConfigFormat = Annotated[Literal["text", "json"], typer.Option("--format", help=FORMAT_HELP, metavar="text|json")]


def help_text() -> str:
    """The command's help, naming every game's keys (from their declarations)."""
    keys = ", ".join(f"{game.id}.{param.name}" for game in config.games() for param in config.settable(game))
    return _(HELP).format(keys=keys)


def run(action: Action = None, key: Key = None, value: Value = None, fmt: ConfigFormat = "text") -> None:
    """``refcli config [list|set|unset|path] [KEY [VALUE]]``."""
    from refcli.cli.common import reporting

    with reporting():
        chosen = action or "list"
        if chosen not in ACTIONS:
            raise UsageError(
                _("no such action: {action}{hint}; expected list, set, unset or path").format(
                    action=chosen, hint=_hint(chosen, ACTIONS)
                )
            )
        _check_arguments(chosen, key, value)
        if chosen == "path":
            print(config.path())
        elif chosen == "list":
            show(config.load(), fmt)
        elif chosen == "set":
            assert key is not None and value is not None
            change(key, value)
        else:
            assert key is not None
            change(key, None)


def _check_arguments(action: str, key: str | None, value: str | None) -> None:
    wanted = {"list": 0, "path": 0, "unset": 1, "set": 2}[action]
    given = (key is not None) + (value is not None)
    if given != wanted:
        usage = {
            0: _("refcli config {action} takes no KEY"),
            1: _("refcli config {action} takes one KEY"),
            2: _("refcli config {action} takes a KEY and a VALUE"),
        }[wanted]
        raise UsageError(usage.format(action=action))


def _hint(value: str, words: Any) -> str:
    from refcli.language.suggestions import hint

    return hint(value, list(words))


# -------------------------------------------------------------------------- the keys


def resolved(key: str) -> tuple[str | None, str]:
    """``(None, "lang")`` for a general key, ``(game id, key)`` for a game's; a UsageError with a hint else."""
    text = key.strip()
    if text in config.GENERAL:
        return None, text
    section, dot, name = text.rpartition(".")
    if dot:
        game = config.game_named(section)
        if game is None:
            raise UsageError(
                _("not a game refcli knows: {game}{hint}").format(
                    game=section, hint=_hint(section, [g.id for g in config.games()])
                )
            )
        names = [param.name for param in config.settable(game)]
        if name not in names:
            raise UsageError(
                _("not one of {game}'s defaults: {key}{hint}").format(
                    game=game.title, key=name, hint=_hint(name, names)
                )
            )
        return game.id, name
    having = [game.id for game in config.games() if any(param.name == text for param in config.settable(game))]
    if len(having) == 1:
        return having[0], text
    if len(having) > 1:
        raise UsageError(
            _("{key} is a default of several games: say which ({choices})").format(
                key=text, choices=", ".join(f"{game}.{text}" for game in having)
            )
        )
    raise UsageError(_("not a setting refcli knows: {key}{hint}").format(key=text, hint=_hint(text, all_keys())))


def all_keys() -> list[str]:
    """Every key ``set`` takes: the general ones, each game's as GAME.KEY, and a game's key alone."""
    settable = [(g.id, p.name) for g in config.games() for p in config.settable(g)]
    return [*config.GENERAL, *(f"{game}.{name}" for game, name in settable), *(name for _game, name in settable)]


def converted(game_id: str | None, key: str, text: str) -> Any:
    """The value ``text`` (as typed) stands for; a UsageError naming what is expected else."""
    value: Any = text.strip()
    if game_id is None:
        if key == "pager" and value.casefold() in ("false", "none", "no"):
            value = False
        elif key == "lang":
            value = i18n.language_named(value) or value  # español, es_ES.UTF-8 → es
        elif key == "color":
            value = value.casefold()
        problem = config.general_problem(key, value)
    else:
        game = config.game_named(game_id)
        assert game is not None
        param = next(param for param in config.settable(game) if param.name == key)
        if param.type is bool:
            value = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}.get(
                value.casefold(), value
            )
        elif param.type is int:
            try:
                value = int(value)
            except ValueError:
                pass
        problem = config.value_problem(param, value)
    if problem:
        raise UsageError(_("{key}: {problem}").format(key=key, problem=problem))
    return value


# -------------------------------------------------------------------------- set and unset


def change(key: str, text: str | None) -> None:
    """Set ``key`` to the value ``text`` stands for (None: remove it), rewriting the file whole."""
    game_id, name = resolved(key)
    value = None if text is None else converted(game_id, name, text)
    table = config.load()  # a file refcli cannot use is not rewritten: exit 78 first
    general = dict(table.general)
    games = {game: dict(values) for game, values in table.games.items()}
    place = general if game_id is None else games.setdefault(game_id, {})
    if value is None:
        place.pop(name, None)
    else:
        place[name] = value
    document: dict[str, Any] = {key: general[key] for key in config.GENERAL if key in general}
    document.update({game: values for game, values in games.items() if values})
    write(config.path() if table.file is None else table.file, document)


def write(file: Path, document: dict[str, Any]) -> None:
    """Write the configuration ``document`` to ``file`` whole or not at all (its folder made when missing)."""
    import tomli_w

    from refcli.model.errors import OutputUnwritable
    from refcli.output.files import write_file

    try:
        os.makedirs(file.parent, exist_ok=True)
    except OSError as error:
        raise OutputUnwritable(
            _("cannot create the folder {folder}: {reason}").format(folder=file.parent, reason=error.strerror)
        ) from None
    write_file(str(file), tomli_w.dumps(document), force=True)


# -------------------------------------------------------------------------- the list


def show(table: config.Table, fmt: str) -> None:
    rows = settings(table)
    if fmt == "json":
        document = {
            "schema_version": 1,
            "file": str(config.path() if table.file is None else table.file),
            "exists": table.file is not None,
            "settings": rows,
        }
        print(json.dumps(document, ensure_ascii=False, indent=2))
        return
    file = config.path() if table.file is None else table.file
    if table.file is None:
        print(_("Configuration file: {file} (none there yet)").format(file=file))
    else:
        print(_("Configuration file: {file}").format(file=file))
    shown = [(row["key"], _shown(row["value"]), origin_text(row)) for row in rows]
    key_width = max(len(key) for key, _value, _origin in shown)
    value_width = max(len(value) for _key, value, _origin in shown)
    for key, value, origin in shown:
        print(f"{key:<{key_width}}  {value:<{value_width}}  {origin}")


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def origin_text(row: dict[str, Any]) -> str:
    origin, where = row["origin"], row["where"]
    if origin == "command-line":
        return _("command line {option}").format(option=where)
    if origin == "environment":
        return _("environment {variable}").format(variable=where)
    if origin == "config-file":
        return _("config file {file}:{line}").format(file=where, line=row["line"])
    if origin == "locale":
        return _("locale {setting}").format(setting=where)
    return _("default")


def _row(key: str, value: Any, origin: str, where: str | None = None, line: int | None = None) -> dict[str, Any]:
    return {"key": key, "value": value, "origin": origin, "where": where, "line": line}


def _from_file(table: config.Table, key: str, value: Any, *path: str) -> dict[str, Any]:
    return _row(key, value, "config-file", str(table.file), table.line_of(*path))


def settings(table: config.Table) -> list[dict[str, Any]]:
    """Every setting's value and origin, in the order ``refcli config`` lists them."""
    return [_language(table), _color(table), _pager(table), *_game_rows(table)]


def _language(table: config.Table) -> dict[str, Any]:
    arguments = config.arguments()
    given = i18n.from_arguments(arguments)
    if given:
        return _row("lang", given, "command-line", "--lang")
    asked = i18n.from_refcli_lang(os.environ)
    if asked:
        return _row("lang", asked, "environment", "REFCLI_LANG")
    if table.get("lang"):
        return _from_file(table, "lang", table.get("lang"), "lang")
    variable = i18n.deciding_locale_variable(os.environ)
    if variable:
        return _row("lang", i18n.from_locale(os.environ), "locale", f"{variable}={os.environ[variable]}")
    return _row("lang", i18n.DEFAULT, "default")


def _color(table: config.Table) -> dict[str, Any]:
    arguments = list(config.arguments())
    for index, argument in enumerate(arguments):
        if argument == "--color" and index + 1 < len(arguments):
            return _row("color", arguments[index + 1], "command-line", "--color")
        if argument.startswith("--color="):
            return _row("color", argument.partition("=")[2], "command-line", "--color")
    if table.get("color"):
        return _from_file(table, "color", table.get("color"), "color")
    return _row("color", "auto", "default")


def _pager(table: config.Table) -> dict[str, Any]:
    if "REFCLI_PAGER" in os.environ:
        return _row("pager", os.environ["REFCLI_PAGER"], "environment", "REFCLI_PAGER")
    if table.get("pager") is not None:
        return _from_file(table, "pager", table.get("pager"), "pager")
    if "PAGER" in os.environ:
        return _row("pager", os.environ["PAGER"], "environment", "PAGER")
    return _row("pager", "less -R", "default")


def _game_rows(table: config.Table) -> list[dict[str, Any]]:
    rows = []
    for game in config.games():
        set_here = table.game_defaults(game.id)
        for param in config.settable(game):
            key = f"{game.id}.{param.name}"
            if param.name in set_here:
                section = table.sections.get(game.id, game.id)
                rows.append(_from_file(table, key, set_here[param.name], section, param.name))
            else:
                rows.append(_row(key, param.default, "default"))
    return rows
