"""click's own words (typer bundles click, which writes English without gettext) in refcli's words and the run's language.

The help pages' headings and usage line come out translated through
``refcli.cli.lazy`` (its formatter and ``Translating`` mixin); what is
left is the text click builds into its exceptions ("No such option: --x",
"Missing argument 'FILE'.", "Invalid value for '--format': …") and the lines
it prints around them ("Try 'refcli -h' for help.", "Error: …"). Those
messages are matched here against click's English templates (:data:`MESSAGES`,
each a msgid with named placeholders) and written from the translated
template; a message no template matches (refcli's own, already translated,
or a game's) is left as it is.

A usage error is shown as every other error is: one line, ``refcli: error:
no such option --fromat (did you mean --format?)``, then one line of hint
(``Try 'refcli score -h' for help.``), exit 2. click's own messages are
therefore reworded (:data:`USAGE`), in English too: click writes a usage line,
a blank line and ``Error: No such option: --fromat (Possible options: --format)``.

Imported only when there is an error to show or an install message to translate.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from functools import cache
from typing import Any

from refcli.language.i18n import N_, _, language

TRY = N_("Try '{command} {option}' for help.")
ERROR = N_("Error: {message}")
ABORTED = N_("Aborted!")

# click's messages, as its code words them; the placeholders named here are what a translation may reorder.
MESSAGES = (
    N_("No such option: {option}"),
    N_("{message} (Possible options: {options})"),
    N_("No such command {name}."),
    N_("No such command {name}. Did you mean {suggestions}?"),
    N_("Missing command."),
    N_("Missing argument {name}."),
    N_("Missing argument {name}. {details}"),
    N_("Missing option {name}."),
    N_("Missing option {name}. {details}"),
    N_("Missing parameter {name}."),
    N_("Missing parameter: {name}"),
    N_("Choose from:\n\t{choices}"),
    N_("Invalid value for {name}: {message}"),
    N_("Invalid value: {message}"),
    N_("{value} is not one of {choices}."),
    N_("{value} is not a valid int."),
    N_("{value} is not a valid int range."),
    N_("{value} is not a valid float."),
    N_("{value} is not a valid float range."),
    N_("{value} is not a valid boolean. Recognized values: {values}"),
    N_("{value} is not in the range {range}."),
    N_("Got unexpected extra argument ({arguments})"),
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {count} arguments."),
    N_("Option {name} does not take a value."),
    N_("Argument {name} takes {count} values."),
    N_("Value must be an iterable."),
    N_("Takes {count} values but {given} given."),
    # --install-completion and the completion machinery
    N_("{shell} completion installed in {path}"),
    N_("Completion will take effect once you restart the terminal"),
    N_("Shell {shell} not supported."),
    N_("Shell {shell} is not supported."),
    N_("Invalid completion instruction."),
)
# click's usage errors (its English, as MESSAGES lists it) in refcli's words: one line, lower case, no
# full stop, as every refcli error reads.
USAGE = {
    "No such option: {option}": N_("no such option {option}"),
    "{message} (Possible options: {options})": N_("{message} (did you mean {options}?)"),
    "No such command {name}.": N_("no such command {name}"),
    "No such command {name}. Did you mean {suggestions}?": N_("no such command {name} (did you mean {suggestions}?)"),
    "Missing command.": N_("missing command"),
    "Missing argument {name}.": N_("missing argument {name}"),
    "Missing argument {name}. {details}": N_("missing argument {name}: {details}"),
    "Missing option {name}.": N_("missing option {name}"),
    "Missing option {name}. {details}": N_("missing option {name}: {details}"),
    "Missing parameter {name}.": N_("missing parameter {name}"),
    "Missing parameter: {name}": N_("missing parameter {name}"),
    "Choose from:\n\t{choices}": N_("choose from {choices}"),
    "Invalid value for {name}: {message}": N_("invalid value for {name}: {message}"),
    "Invalid value: {message}": N_("invalid value: {message}"),
    "{value} is not one of {choices}.": N_("{value} is not one of {choices}"),
    "{value} is not a valid int.": N_("{value} is not an integer"),
    "{value} is not a valid int range.": N_("{value} is not an integer"),
    "{value} is not a valid float.": N_("{value} is not a number"),
    "{value} is not a valid float range.": N_("{value} is not a number"),
    "{value} is not a valid boolean. Recognized values: {values}": N_(
        "{value} is not true or false (accepted: {values})"
    ),
    "{value} is not in the range {range}.": N_("{value} is not in the range {range}"),
    "Got unexpected extra argument ({arguments})": N_("unexpected extra argument {arguments}"),
    "Got unexpected extra argument(s) ({arguments})": N_("too many arguments ({arguments} left over)"),
    "Option {name} requires an argument.": N_("option {name} needs a value"),
    "Option {name} requires {count} arguments.": N_("option {name} needs {count} values"),
    "Option {name} does not take a value.": N_("option {name} takes no value"),
    "Argument {name} takes {count} values.": N_("argument {name} takes {count} values"),
    "Value must be an iterable.": N_("the value must be a list"),
    "Takes {count} values but {given} given.": N_("takes {count} values, but {given} are given"),
}
# The line of hint after a usage error.
HINT = N_("Try '{command} {option}' for help.")
# What click writes in a help page, translated where it is written (refcli.cli.lazy: the formatter,
# the usage line, each option's help); marked here.
HELP_WORDS = (
    N_("Usage: "),
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
    N_("Install completion for the specified shell."),
    N_("Show completion for the specified shell, to copy it or customize the installation."),
)
# The value click shows for a number option that names none ("-j, --jobs <int range>").
METAVARS = (N_("<int range>"), N_("<int>"), N_("<float range>"), N_("<float>"))
# What click adds to an option's help, in brackets: "[default: text; required]" (each part on its own).
EXTRAS = (N_("default: {default}"), N_("required"), N_("env var: {var}"))

# placeholders holding a message of their own (translated in turn); the others are names and values
NESTED = ("message", "details")
# What each placeholder can hold, as click fills it in: a message is matched only where these allow
# ("Invalid value for '-j': 0 is not in the range …" is not a {value} "is not in the range").
_QUOTED = r"'[^']*'|\"[^\"]*\""
SHAPES = {
    "option": r"\S+",
    "name": rf"(?:{_QUOTED})(?: / (?:{_QUOTED}))*",  # '--format' / '-f', 'FILE'
    "value": rf"{_QUOTED}|\S+",  # a repr, or a number
    "count": r"\d+",
    "given": r"\d+",
    "range": r"\S+",
    "shell": r"\S+",
}

_FIELD = re.compile(r"\{(\w+)\}")


@cache
def _patterns(templates: tuple[str, ...]) -> list[tuple[re.Pattern[str], str]]:
    """Each template as a regular expression, the most specific (the most literal text) first."""
    found = []
    for template in templates:
        pieces = _FIELD.split(template)
        regex = "".join(
            f"(?P<{piece}>{SHAPES.get(piece, '.+?')})" if index % 2 else re.escape(piece)
            for index, piece in enumerate(pieces)
        )
        literal = sum(len(piece) for piece in pieces[::2])
        found.append((literal, re.compile(regex, re.DOTALL), template))
    return [(pattern, template) for _literal, pattern, template in sorted(found, key=lambda item: -item[0])]


def in_language(message: str, templates: tuple[str, ...] = MESSAGES) -> str:
    """click's English ``message`` in the run's language (unchanged in English, or when it is not click's)."""
    if language() == "en":
        return message
    for pattern, template in _patterns(templates):
        matched = pattern.fullmatch(message)
        if matched:
            values = {
                name: in_language(value) if name in NESTED else value for name, value in matched.groupdict().items()
            }
            return _(template).format(**values)
    return message


# placeholders holding what was typed on the command line: quoted at most SHOWN_CHARACTERS long
TYPED = ("option", "name", "value", "arguments")


def within_limits(message: str) -> str:
    """click's English ``message`` with each piece of the command line it quotes cut to ``SHOWN_CHARACTERS``.

    click quotes a word it refuses whole (``Invalid value for '-j': '9999…'``, ``No such option: --…``):
    a pasted paragraph or an integer of thousands of digits would fill the terminal. A message no template
    matches (refcli's own, which clip what they quote) is left as it is.
    """
    for pattern, template in _patterns(MESSAGES):
        matched = pattern.fullmatch(message)
        if matched:
            values = {
                name: within_limits(value) if name in NESTED else _clipped(value) if name in TYPED else value
                for name, value in matched.groupdict().items()
            }
            return template.format(**values)
    return message


def _clipped(value: str) -> str:
    """A word click quotes, cut to ``SHOWN_CHARACTERS`` inside its quotes (a repr keeps them), with … when cut."""
    from refcli.language.visible import clip

    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[0] + clip(value[1:-1]) + value[0]
    return clip(value)


def extras_in_language(help_text: str, own: str) -> str:
    """An option's help as click writes it (``own``, then ``  [default: text; required]``), click's part translated."""
    if language() == "en" or not help_text.startswith(own):
        return help_text
    added = help_text[len(own) :]
    bracketed = added.strip()
    if not (bracketed.startswith("[") and bracketed.endswith("]")):
        return help_text
    parts = [in_language(part, EXTRAS) for part in bracketed[1:-1].split("; ")]
    space = added[: len(added) - len(added.lstrip())]  # "  " after a help text, nothing when there is none
    return f"{own}{space}[{'; '.join(parts)}]"


def name_in_language(name: str) -> str:
    """An option's names and value as ``--help`` lists them, click's value words (``<int range>``) translated."""
    if language() == "en":
        return name
    for metavar in METAVARS:
        name = name.replace(metavar, _(metavar))
    return name


def in_refcli_words(message: str) -> str:
    """click's English ``message`` as refcli words an error (:data:`USAGE`), in the run's language.

    A message no template matches (refcli's own, already translated, or a game's) is left as it is.
    """
    for pattern, template in _patterns(tuple(USAGE)):
        matched = pattern.fullmatch(message)
        if matched:
            values = {
                name: in_refcli_words(value) if name in NESTED else value for name, value in matched.groupdict().items()
            }
            return _(USAGE[template]).format(**values)
    return message


_POSSIBLE = re.compile(r"^No such option: (?P<option>\S+) \(Possible options: (?P<options>[^)]*)\)$")


def closest_option(message: str) -> str:
    """click's "No such option: --fromat (Possible options: --bom, --format)" with the one closest option only.

    click lists every option that is near enough, in alphabetical order; "did you mean --bom, --format?" asks
    the reader to choose, while the option meant is nearly always the closest one.
    """
    import difflib

    matched = _POSSIBLE.match(message)
    if matched is None:
        return message
    typed, options = matched["option"], [option.strip() for option in matched["options"].split(",")]
    best = max(options, key=lambda option: difflib.SequenceMatcher(None, typed, option).ratio())
    return f"No such option: {typed} (Possible options: {best})"


def show(error: Any) -> None:
    """Print ``error`` as refcli prints every error: ``refcli: error: …`` on one line, in the run's language.

    ``error`` is one of click's exceptions (``typer.TyperException``); one carrying a context is a usage
    error, followed by one line of hint (how to get the command's help).
    """
    import sys

    if type(error).__name__ == "NoArgsIsHelpError":  # its message is the help page, already translated
        error.show()
        return
    from refcli.model.errors import one_line

    # click quotes what was typed (an unknown option, an extra argument) as it is: escaped on one line
    message = one_line(in_refcli_words(within_limits(closest_option(error.format_message()))))
    lines = [_("refcli: error: {message}").format(message=message)]
    ctx = getattr(error, "ctx", None)
    if ctx is not None and ctx.command.get_help_option(ctx) is not None:
        lines.append(_(HINT).format(command=ctx.command_path, option=ctx.help_option_names[0]))
    print("\n".join(lines), file=sys.stderr)


def aborted() -> None:
    import typer

    typer.echo(_(ABORTED), err=True)


def translating_output(callback: Callable[..., Any]) -> Callable[..., Any]:
    """``callback`` (typer's --install-completion) with what it prints on stdout in the run's language."""

    def run(*arguments: Any) -> Any:
        if language() == "en":
            return callback(*arguments)
        import io
        from contextlib import redirect_stdout

        import typer

        printed = io.StringIO()
        try:
            with redirect_stdout(printed):
                return callback(*arguments)
        finally:
            for number, line in enumerate(printed.getvalue().splitlines()):
                typer.secho(in_language(line), fg="green" if number == 0 else None)
            sys.stdout.flush()

    return run
