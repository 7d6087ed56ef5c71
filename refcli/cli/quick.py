"""Quick queries answered from the games' declarations, before any command-line framework is built.

A question at the table — ``refcli bamboozled compare 43 34``, ``refcli kuhhandel animals burro``,
``refcli rules empate``, ``refcli kuhhandel score FILE``, ``refcli --version``, ``refcli --help`` — needs one
game's declaration and one function; building typer's command line around it would cost more than the answer. :func:`recognised`
reads such a line the way the full command line does (``refcli.cli.verbs``: the same parameters, from the
same declarations) and returns how to answer it: the same command body, called with the same values.

It recognises only lines it is sure of: every word a known option with a valid value, or one of the
command's arguments, each converted and checked as click would. Anything else — an unknown or repeated
option, a value to refuse, ``--``, help below the root, ``-o FILE`` — returns None and goes to the full
command line, which alone ever says what is wrong, so every error and help text stays that command line's
(``tests/test_quick_lookups.py`` compares the two on good and bad lines).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from refcli.language.i18n import LANGUAGES
from refcli.model.game import REQUIRED, Command, Game, Param, resolve

Answer = Callable[[], int]

COLORS = ("auto", "always", "never")  # refcli.cli.color.ColorMode
FORMATS = ("text", "json", "toml")  # refcli.model.options.DocumentFormat, without importing enum
TABLE_FORMATS = (*FORMATS, "csv")  # refcli.model.options.Format: score's --format
FILE_VERBS = ("score", "ruling")
VERSION = ("--version", "-V")
HELP = ("--help", "-h")


class NotQuick(Exception):
    """The line is not one this module answers: the full command line takes it."""


def recognised(arguments: list[str]) -> Answer | None:
    """How to answer ``arguments`` without the full command line, or None when it must answer them."""
    if any(name.endswith("_COMPLETE") or name == "_TYPER_COMPLETE_ARGS" for name in os.environ):
        return None  # a shell asks typer's completion to complete the line: only the command line knows how
    try:
        return _recognised(arguments)
    except NotQuick:
        return None


def _recognised(arguments: list[str]) -> Answer | None:
    words = list(arguments)
    root_color: str | None = None
    asked: set[str] = set()
    while words and words[0].startswith("-"):
        word = words.pop(0)
        name, value = _option_and_value(word, words, ("--lang", "--color"))
        if name in asked:
            raise NotQuick
        asked.add(name)
        if name == "--lang":
            _valid_language(value)
        elif name == "--color":
            root_color = _one_of(value, COLORS)
        elif name not in (*VERSION, *HELP) or value is not None:
            raise NotQuick
    if asked & set(VERSION):
        return _version if not words and not asked & set(HELP) else None
    if asked & set(HELP):
        from refcli.cli import help_pages

        return help_pages.root_help() if not words else None
    if not words:
        return None
    name = words.pop(0)
    if name == "rules":
        return _rules(None, words, root_color)
    if name == "validate":
        return _validate(None, words, root_color)
    from refcli.games import BUILT_IN

    if name not in BUILT_IN or not words:  # another name of a game, a command of the root, a group's help
        return None
    from refcli.model import registry

    game = registry.get(name)
    if game is None:
        return None
    command_name = words.pop(0)
    if command_name == "rules" and game.rules:
        return _rules(game, words, root_color)
    if command_name in FILE_VERBS and any(verb.name == command_name for verb in game.verbs):
        return _one_file(game, command_name, words, root_color)
    if command_name == "validate" and any(verb.name == command_name for verb in game.verbs):
        return _validate(game, words, root_color)
    command = next((c for c in game.commands if c.name == command_name), None)
    if command is None or command_name in {verb.name for verb in game.verbs}:
        return None
    return _own(game, command, words, root_color)


def _version() -> int:
    from refcli import __version__

    print(f"refcli {__version__}")
    return 0


# -------------------------------------------------------------------------- the words of a command


class Parsed:
    """A command's words, read: the values by parameter name, and which options were given."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.given: set[str] = set()


def _parsed(words: list[str], options: dict[str, Param], arguments: list[Param], rest: Param | None = None) -> Parsed:
    """``words`` read against ``options`` (by each flag) and the positional ``arguments``, as click reads them.

    ``rest``: the argument taking every word after ``arguments`` (``FILE...``), a list of at least one.
    Every parameter not given gets its default; a required argument missing, an unknown word or a value
    that click would refuse raises :class:`NotQuick`.
    """
    parsed = Parsed()
    positional: list[str] = []
    valued = tuple(flag for flag, param in options.items() if param.type is not bool)
    words = list(words)
    while words:
        word = words.pop(0)
        if word == "-" or not word.startswith("-"):
            positional.append(word)
            continue
        flag, value = _option_and_value(word, words, valued)
        param = options.get(flag)
        if param is None or param.name in parsed.given:
            raise NotQuick
        parsed.given.add(param.name)
        if param.type is bool:
            if value is not None:
                raise NotQuick
            parsed.values[param.name] = True
        else:
            parsed.values[param.name] = _converted(param, value)
    if rest is not None:
        if len(positional) <= len(arguments):  # none for it: click's usage error
            raise NotQuick
        parsed.values[rest.name] = [_converted(rest, word) for word in positional[len(arguments) :]]
        parsed.given.add(rest.name)
        positional = positional[: len(arguments)]
    if len(positional) > len(arguments):
        raise NotQuick
    for param, word in zip(arguments, positional):
        parsed.values[param.name] = _converted(param, word)
        parsed.given.add(param.name)
    for param in [*options.values(), *arguments]:
        if param.name not in parsed.values:
            if param.default is REQUIRED:
                raise NotQuick
            parsed.values[param.name] = param.default
    return parsed


def _option_and_value(word: str, rest: list[str], valued: tuple[str, ...]) -> tuple[str, str | None]:
    """``--name value`` or ``--name=value`` (taking the value from ``rest``) for a valued option, else the flag."""
    flag, equals, value = word.partition("=")
    if equals:
        if flag not in valued or not flag.startswith("--"):
            raise NotQuick
        return flag, value
    if flag in valued:
        if not rest or rest[0].startswith("-"):  # click would take it as the value: a value refused, or help
            raise NotQuick
        return flag, rest.pop(0)
    return flag, None


def _converted(param: Param, value: str | None) -> Any:
    """``value`` as the parameter's type, range and check make it; what click would refuse: NotQuick."""
    if value is None:
        raise NotQuick
    converted: Any = value
    if param.type is int:
        try:
            converted = int(value)
        except ValueError:
            raise NotQuick from None
        if (param.min is not None and converted < param.min) or (param.max is not None and converted > param.max):
            raise NotQuick
    elif param.type is not str:
        raise NotQuick
    if param.check:
        try:
            converted = resolve(param.check)(converted)
        except ValueError:
            raise NotQuick from None
    return converted


def _valid_language(value: str | None) -> None:
    _one_of(value, LANGUAGES)


def _one_of(value: str | None, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise NotQuick
    return value


def _display_options() -> dict[str, Param]:
    """``--format``, ``-v/--explain``, ``--no-pager``, ``--color`` and ``--lang`` (``refcli.cli.verbs``)."""
    text, flag = Param("fmt", "", default="text"), Param("explain", "", bool, default=False)
    color, lang = Param("color", "", default=None), Param("lang", "", default=None)
    return {
        "--format": text,
        "-f": text,
        "--explain": flag,
        "-v": flag,
        "--no-pager": Param("no_pager", "", bool, default=False),
        "--color": color,
        "--lang": lang,
    }


def _checked_display(parsed: Parsed, formats: tuple[str, ...] = FORMATS) -> None:
    """``--format``, ``--color`` and ``--lang`` checked as click checks them: one to refuse, NotQuick."""
    values = parsed.values
    _one_of(values["fmt"], formats)
    if values["lang"] is not None:
        _valid_language(values["lang"])
    if values["color"] is not None:
        _one_of(values["color"], COLORS)


def _display(parsed: Parsed, root_color: str | None) -> tuple[Any, bool, bool]:
    """The format, -v and whether to page, with the colour chosen as the full command line chooses it (the
    configuration's, then the root's option, then the command's)."""
    from refcli.model.options import as_format
    from refcli.output.terminal import choose_color, reset_color

    values = parsed.values
    reset_color()
    choose_color(root_color)
    choose_color(values["color"])
    return as_format(values["fmt"]), bool(values["explain"]), not values["no_pager"]


# -------------------------------------------------------------------------- the commands


def _own(game: Game, command: Command, words: list[str], root_color: str | None) -> Answer:
    """A game's own command (``compare``, ``ladder``, ``animals``, ``chips``…): ``verbs.own_definition``'s body."""
    options = _display_options()
    for param in command.params:
        if param.flags:
            options.update(dict.fromkeys(param.flags, param))
    arguments = [param for param in command.params if not param.flags]
    parsed = _parsed(words, options, arguments)
    _checked_display(parsed)

    def answer() -> int:
        from refcli.language import i18n
        from refcli.reading import table_defaults

        i18n.prefer_game(game.id)
        fmt, explain, page = _display(parsed, root_color)
        values = {
            param.name: parsed.values[param.name]
            if param.name in parsed.given
            else table_defaults.default(game.id, param.name, parsed.values[param.name])
            for param in command.params
        }

        def body() -> None:
            from refcli.output.render import emit
            from refcli.results.report import named

            result = resolve(command.run)(**values)
            report, passed = result if isinstance(result, tuple) else (result, True)
            emit(named(report, game.id), fmt, explain=explain, page=page)
            if not passed:
                sys.exit(1)

        return _reported(body)

    return answer


def _rules(game: Game | None, words: list[str], root_color: str | None) -> Answer:
    """``[GAME] rules [QUERY] [--all]``: ``verbs.rules_definition``'s body."""
    options = {**_display_options(), "--all": Param("every", "", bool, default=False)}
    parsed = _parsed(words, options, [Param("query", "", default=None)])
    _checked_display(parsed)

    def answer() -> int:
        from refcli.language import i18n

        if game is not None:
            i18n.prefer_game(game.id)
        fmt, _explain, page = _display(parsed, root_color)

        def body() -> None:
            from refcli.cli.common import rules_query
            from refcli.model import registry

            games = [game] if game is not None else [g for g in registry.built_in() if g.rules]
            catalogues = [(g.id, g.title) for g in games]
            rules_query(catalogues, parsed.values["query"], fmt, every=parsed.values["every"], page=page)

        return _reported(body)

    return answer


def _one_file(game: Game, verb: str, words: list[str], root_color: str | None) -> Answer:
    """``GAME score FILE`` and ``GAME ruling FILE``: ``verbs.score_definition``'s and ``ruling_definition``'s body.

    One FILE, not a ``KEY=VALUE`` item, and only the options that print (with ``--partial``, ``--max-bytes`` and
    the game's own options of ``score``): several files, items, no file at all (refcli asks), ``--save`` and
    ``-o`` go to the full command line, where their usage errors are typer's.
    """
    from refcli.model.options import DEFAULT_MAX_BYTES, MAX_MAX_BYTES

    options = {
        **_display_options(),
        "--max-bytes": Param("max_bytes", "", int, default=DEFAULT_MAX_BYTES, min=1, max=MAX_MAX_BYTES),
    }
    own = game.score_options if verb == "score" else ()
    if verb == "score":
        options["--partial"] = Param("partial", "", bool, default=False)
        for param in own:
            options.update(dict.fromkeys(param.flags, param))
    parsed = _parsed(words, options, [Param("file", "")])
    _checked_display(parsed, TABLE_FORMATS if verb == "score" else FORMATS)
    path = parsed.values["file"]
    if "=" in path or path.startswith("-"):  # an item (refcli.reading.items), or standard input: not sure
        raise NotQuick

    def answer() -> int:
        from refcli.language import i18n

        i18n.prefer_game(game.id)
        fmt, explain, page = _display(parsed, root_color)
        max_bytes = parsed.values["max_bytes"]

        def body() -> None:
            from refcli.cli.common import Inputs

            inputs = Inputs([path], [])
            if verb == "ruling":
                from refcli.cli.common import rule_file

                rule_file(inputs, game, fmt, max_bytes=max_bytes, explain=explain, page=page)
            from refcli.cli.common import score_files
            from refcli.model.options import ScoreOptions
            from refcli.reading import table_defaults

            variants = tuple(
                (
                    param.name,
                    parsed.values[param.name]
                    if param.name in parsed.given
                    else table_defaults.default(game.id, param.name, parsed.values[param.name]),
                )
                for param in own
            )
            options = ScoreOptions(partial=parsed.values["partial"], variants=variants, max_bytes=max_bytes)
            score_files(inputs, game, options, fmt, explain=explain, page=page)

        return _reported(body)

    return answer


def _validate(game: Game | None, words: list[str], root_color: str | None) -> Answer:
    """``[GAME] validate --jsonl FILE...``: ``verbs.validate_definition``'s body, for JSON Lines only.

    A batch of records pays start-up once, and building typer's command line was a good part of it. Only
    ``--jsonl`` lines with a format it writes (json, csv; ``--bom`` with csv only), and plain numbers for
    ``--record-timeout``: any other line (text output, ``-o FILE``, help) goes to the full command line.
    """
    from refcli.model.options import DEFAULT_MAX_BYTES, DEFAULT_RECORD_TIMEOUT, MAX_MAX_BYTES

    jobs = Param("jobs", "", int, default=1, min=1, max=64)
    options = {
        **_display_options(),
        "--strict": Param("strict", "", bool, default=False),
        "--jsonl": Param("jsonl", "", bool, default=False),
        "--jobs": jobs,
        "-j": jobs,
        "--max-bytes": Param("max_bytes", "", int, default=DEFAULT_MAX_BYTES, min=1, max=MAX_MAX_BYTES),
        "--record-timeout": Param("record_timeout", "", default=None),
        "--bom": Param("bom", "", bool, default=False),
    }
    fmt = Param("fmt", "", default=None)  # validate's own default: text, json with --jsonl
    options["--format"] = options["-f"] = fmt
    parsed = _parsed(words, options, [], Param("files", ""))
    values = parsed.values
    if not values["jsonl"] or values["fmt"] not in (None, "json", "csv") or (values["bom"] and values["fmt"] != "csv"):
        raise NotQuick
    if values["lang"] is not None:
        _valid_language(values["lang"])
    if values["color"] is not None:
        _one_of(values["color"], COLORS)
    timeout = values["record_timeout"]
    seconds = DEFAULT_RECORD_TIMEOUT if timeout is None else _seconds(timeout)

    def answer() -> int:
        from refcli.cli.lifecycle import collect_garbage_from_here
        from refcli.language import i18n
        from refcli.output.terminal import choose_color, reset_color

        collect_garbage_from_here()  # a batch, as on the full command line
        if game is not None:
            i18n.prefer_game(game.id)
        reset_color()
        choose_color(root_color)
        choose_color(values["color"])

        def body() -> None:
            from refcli.cli.common import validate_files, validate_format
            from refcli.model.options import ValidateOptions

            options = ValidateOptions(strict=values["strict"], max_bytes=values["max_bytes"], record_timeout=seconds)
            validate_files(
                values["files"],
                game,
                options,
                validate_format(values["fmt"], True),
                jobs=values["jobs"],
                jsonl=True,
                explain=values["explain"],
                page=not values["no_pager"],
                bom=values["bom"],
            )

        return _reported(body)

    return answer


def _seconds(value: str) -> float:
    """``--record-timeout``'s SECONDS written as plain digits (``30``, ``0.5``): click's float, which is never
    below 0 or NaN; anything else (``inf``, ``1e3``, blanks) is the full command line's to read or refuse."""
    head, point, tail = value.partition(".")
    if not head.isdigit() or not head.isascii() or (point and not (tail.isdigit() and tail.isascii())):
        raise NotQuick
    return float(value)


def _reported(body: Callable[[], None]) -> int:
    """Run a command's body inside the command line's error boundary (``refcli.cli.common.reporting``)."""
    from refcli.cli.common import is_ending, reporting

    try:
        with reporting():
            body()
    except SystemExit as end:
        return end.code if isinstance(end.code, int) else 0
    except Exception as error:
        if is_ending(error):  # typer's Exit: typer was imported by someone else (a test) in this process
            return int(getattr(error, "exit_code", 0))
        raise
    return 0
