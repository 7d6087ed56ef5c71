"""The configuration file applied to one run of the command line (``refcli.reading.config`` reads it).

Shared by the quick answers (``refcli.cli.quick``) and the full command line (``refcli.cli.app``): neither
imports the other, and this imports no framework.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from refcli.language import i18n
from refcli.language.i18n import _

# Root options that take a value: what follows them is not the command's name.
_VALUED_ROOT_OPTIONS = ("--color", "--lang")


def command_name(arguments: Sequence[str]) -> str | None:
    """The command the line names (its first word that is not a root option or an option's value)."""
    words = iter(arguments)
    for word in words:
        if word in _VALUED_ROOT_OPTIONS:
            next(words, None)
        elif word == "--":
            return next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def only_help_or_version(arguments: Sequence[str]) -> bool:
    """True when the line asks for help or the version (before any ``--``), or names no command at all."""
    words = list(arguments[: arguments.index("--")] if "--" in arguments else arguments)
    return bool({"--help", "-h", "--version"} & set(words)) or command_name(arguments) is None


def use_configuration(arguments: Sequence[str]) -> None:
    """Read the configuration file (``refcli.reading.config``) and apply it to this run; exit 78 when it is wrong.

    When there is no file, one ``stat``. A file that is wrong does not stop ``refcli config``, which says
    what is wrong itself (and whose ``path`` still answers).
    """
    from refcli.model.errors import ConfigError
    from refcli.reading import config

    config.remember_arguments(tuple(arguments))
    try:
        table = config.load()
    except ConfigError as error:
        if command_name(arguments) == "config":
            return  # the command says what is wrong where it matters (list, set, unset), and `path` works
        if only_help_or_version(arguments):  # how to mend it must stay readable
            message = _(
                "refcli: warning: the configuration file is left out of this run, which only shows help: {error}"
            )
            print(message.format(error=error.one_line()), file=sys.stderr)
            return
        from refcli.cli.common import say_error

        sys.exit(int(say_error(error)))
    config.use(table)
    if table.get("lang") and i18n.chosen_for_this_run(arguments) is None:
        i18n.set_language(table.get("lang"))
    if table.get("color"):
        from refcli.output.terminal import configure_color

        configure_color(table.get("color"))
    if table.games:
        from refcli.reading import table_defaults

        table_defaults.use(table.games)


def forget_configuration() -> None:
    """The run over: no table's defaults are left for the next (tests run many in one process, and the library)."""
    from refcli.reading import config

    if config.current() is config.EMPTY:
        return
    config.use(config.EMPTY)
    from refcli.output.terminal import configure_color

    configure_color("auto")
    from refcli.reading import table_defaults

    table_defaults.use({})
