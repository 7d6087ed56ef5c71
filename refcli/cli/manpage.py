"""Man pages generated from the command tree that typer builds.

``python -m refcli.cli.manpage [--check] [DIR]`` writes ``refcli.1`` (the root and
its top-level commands) and one ``refcli-<group>.1`` per command group found
in the tree (one per registered game) into DIR, ``man/`` by default.
``--check`` writes nothing and exits 1 when a page is stale or missing, so CI
and ``tests/test_manpages.py`` can keep the committed pages honest.

Why not click-man: typer >= 0.26 bundles its own click (``typer._click``), so
``isinstance(param, click.Option)`` is false for every typer parameter and
click-man writes pages without options. This module duck-types instead: a
group has ``.commands``, a parameter says what it is in ``param_type_name``.

Output is roff with man(7) macros (plus ``.SY``/``.EX`` from groff_man(7),
which mandoc also reads). The date is a constant and nothing depends on the
machine, so the same tree always gives byte-identical pages.
"""

from __future__ import annotations

import inspect
import re
import shlex
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cmp_to_key
from pathlib import Path
from typing import TYPE_CHECKING, Any

import refcli
from refcli import generated_files
from refcli.language.i18n import N_, _, language, using
from refcli.model.exit_status import ExitStatus, worst
from refcli.model.game import Example, Game, SnapshotFormat, resolve

if TYPE_CHECKING:
    from refcli.reading.formats import Description

# Fixed, not today's date: regenerating must not change a page whose content
# did not change (the test compares man/ byte for byte).
DATE = "2026-11-29"
SECTION = "1"
MANUAL = N_("refcli manual")
PROGRAM = "refcli"
# Not __name__: that is "__main__" under `python -m`, and the pages must not
# depend on how the generator was started.
MODULE = "refcli.cli.manpage"


class ManpageError(Exception):
    """The tree or the tables below cannot make a complete page (say what to add)."""


# --------------------------------------------------------------------------
# Hand-written parts: what the command tree cannot say.

# What each exit code means (docs/commands.md, "Exit status", is generated from this table). Keyed by member name so a
# new ExitStatus member without a meaning stops generation instead of being
# left out of the pages.
EXIT_MEANINGS: dict[str, str] = {
    "OK": N_("Done; for a recorded game, every file follows the rules."),
    "RULE_BROKEN": N_(
        "A rule is broken: a recorded game breaks one, or a contested situation is itself "
        "illegal; the output says which rule. For rules, nothing matched the query."
    ),
    "USAGE": N_("Usage error: an unknown command or option, or a bad argument."),
    "DATA": N_(
        "The input is not valid TOML or does not fit the format; the message names the file, "
        "the line, the key path and what was expected."
    ),
    "UNREADABLE": N_("An input file cannot be read."),
    "CONFIG": N_(
        "The configuration file (refcli config) cannot be used: it is not valid TOML, or a key or value in it "
        "is wrong; the message names the file, the line and the key. Every command stops so but refcli config path."
    ),
    "INTERNAL": N_("A bug in refcli, reported in one line all the same; please report it."),
    "CANNOT_WRITE": N_(
        "An output file cannot be created; or it exists (or is a symlink) and --force was not given; "
        "or it is a directory, device, FIFO or socket, which refcli never replaces. "
        "An output file is never left half-written."
    ),
    "OUTPUT_FAILED": N_("Standard output cannot be written: it is closed, the disk is full, or an I/O error."),
    "INTERRUPTED": N_(
        "Interrupted: Ctrl-C (SIGINT) or kill (SIGTERM), at any moment, with nothing on stderr; "
        "worker processes are stopped and an output file is left as it was or complete."
    ),
    "READER_GONE": N_(
        "The program reading the output exited before refcli finished (refcli ... | head); "
        "nothing is printed, as for a program ended by SIGPIPE."
    ),
}

# The codes one input file can end with; with several files the worst wins.
# The others (usage, output, internal errors) stop the run before or after
# the files and never compete.
PER_FILE_CODES: tuple[ExitStatus, ...] = (
    ExitStatus.OK,
    ExitStatus.RULE_BROKEN,
    ExitStatus.DATA,
    ExitStatus.UNREADABLE,
)


# The root page's last example; the games add theirs before it (Game.overview).
VERSION_EXAMPLE = Example(N_("Print the version:"), ("refcli", "--version"))


def game_of_page(node: Node) -> Game:
    """The game a group's page describes (the group's name is the game's id)."""
    from refcli.model import registry

    game = registry.get(node.path[-1])
    if game is None:
        raise ManpageError(f"{node.title} is not a registered game: declare it in refcli.model.registry")
    return game


def page_examples(node: Node, root: Node) -> tuple[Example, ...]:
    """The examples of a page: each game's own, and on refcli(1) what the games add to it."""
    if node.path == root.path:
        from refcli.model import registry

        return (*(example for game in registry.built_in() for example in game.overview), VERSION_EXAMPLE)
    return game_of_page(node).examples


# True of every command (docs/commands.md says the same); the tree cannot say it.
COMMON_NOTES: tuple[str, ...] = (
    N_(
        "A FILE argument may be `-` to read standard input. Results go to standard output, "
        "messages to standard error. Text output is drawn (boxes, the terminal's width) on a "
        "terminal and plain when piped. Colour: `--color auto|always|never`; under auto, none "
        "when `NO_COLOR` is non-empty, and also in a pipe when `FORCE_COLOR` is. Where the output "
        "cannot encode a symbol (cp1252, ASCII) it is written in ASCII. `--format json` and "
        "`--format toml` print the same document for scripts."
    ),
    N_(
        "Every JSON and TOML document starts with `schema_version` (now 1; it goes up when a key is "
        "removed, renamed or changes meaning, never for a new key), and its shape depends only on the "
        'command line: one FILE gives that file\'s report, several give `{"games": [...]}` with one '
        'entry per FILE. A FILE that cannot be read is an entry too, `{"game", "file", "error": '
        '{"message", "line", "key", "exit_code"}}`, besides its line on standard error. Every '
        "result and every citation names its `game`. A validation finding has `event` and `line`, the "
        "line of its `[[event]]` table, printed in text as `FILE:LINE: event N: …`; `validate` "
        "documents end with `counts` of valid, invalid and unreadable files."
    ),
    N_(
        "`--format csv` (score and validate) prints an RFC 4180 table: for score one row per player "
        "per game (`row,game,file,player,rank,score,winner,over,explanation,error`; `total` rows for "
        "scores that add up, an `error` row per file not scored), for validate one row per finding "
        "(`file,game,valid,line,event,severity,rule,message`). A text cell that starts with `=`, `+`, "
        "`-`, `@`, a tab or a carriage return, in any column, is written after an apostrophe, which "
        "spreadsheets read as text rather than a formula; numbers stay numbers (a score of -40 is `-40`). "
        "A format a command cannot write is a usage error (exit 2), as is `--jsonl` with `--format text` "
        "or `toml`."
    ),
    N_(
        "Text from the input (file names, queries, `KEY=VALUE` items, `-o` names) is never echoed as a "
        "terminal control: in text, in messages and in CSV a character that is not printable (ESC, BEL, "
        "the C0 and C1 controls, U+2028, U+2029, the bidirectional controls) is shown as its escape "
        "(`\\x1b`), and a message quotes at most 40 characters of a value. JSON and TOML keep the text "
        "exact, with those characters written as `\\u` escapes."
    ),
)


# --------------------------------------------------------------------------
# The command tree (duck-typed: typer's bundled click is not the click package).


@dataclass(frozen=True)
class Node:
    """One command in the tree, with the context click needs to describe it."""

    path: tuple[str, ...]  # ("refcli", GAME, "score")
    command: Any
    ctx: Any

    @property
    def is_group(self) -> bool:
        return hasattr(self.command, "commands")

    @property
    def title(self) -> str:
        return " ".join(self.path)

    @property
    def page(self) -> str:
        return "-".join(self.path)

    @property
    def help(self) -> str:
        """The command's help in the run's language (marked ``N_`` where it is declared)."""
        text = self.command.help or ""
        return _(text) if text else ""

    def params(self) -> list[Any]:
        return [p for p in self.command.get_params(self.ctx) if not getattr(p, "hidden", False)]

    def children(self) -> list[Node]:
        """Visible subcommands, in the order ``--help`` lists them."""
        if not self.is_group:
            return []
        found = []
        for name in self.command.list_commands(self.ctx):
            sub = self.command.get_command(self.ctx, name)
            if sub is None or getattr(sub, "hidden", False):
                continue
            # resilient_parsing: describe the command without validating or
            # running anything (no required-argument errors, no callbacks).
            ctx = sub.make_context(name, [], parent=self.ctx, resilient_parsing=True)
            found.append(Node((*self.path, name), sub, ctx))
        return found


def command_tree(app: Any = None) -> Node:
    """The root of the tree typer builds from ``app`` (``refcli.cli.app.app`` by default)."""
    import typer.main

    if app is None:
        from refcli.cli.app import app as refcli_app

        app = refcli_app
    root = typer.main.get_command(app)
    return Node((PROGRAM,), root, root.make_context(PROGRAM, [], resilient_parsing=True))


def walk(node: Node) -> Iterator[Node]:
    """The node and every visible command below it, depth first."""
    yield node
    for child in node.children():
        yield from walk(child)


def page_groups(root: Node) -> list[Node]:
    """The groups that get a page of their own: the root and every sub-group."""
    return [node for node in walk(root) if node.is_group]


def is_argument(param: Any) -> bool:
    return bool(param.param_type_name == "argument")


def is_help_option(param: Any, ctx: Any) -> bool:
    return param.param_type_name == "option" and set(param.opts) == set(ctx.help_option_names)


# --------------------------------------------------------------------------
# roff text.

_OPTION_HYPHEN = re.compile(r"(?<![\w.])-")  # a hyphen starting a word: an option or `-` (stdin)
_OPTION_WORD = re.compile(r"(?<![\w.-])(--?[A-Za-z][\w-]*)")  # --partial, -o in running text
_BACKTICKS = re.compile(r"`([^`]*)`")


def _unicode(text: str) -> str:
    # groff reads its input as Latin-1 unless run through preconv; \[uXXXX]
    # works everywhere (groff, mandoc, man -l) and keeps -ww quiet.
    return "".join(ch if ord(ch) < 128 else f"\\[u{ord(ch):04X}]" for ch in text)


def prose(text: str) -> str:
    """Running text: hyphens inside words stay hyphens, option dashes become \\-.

    Options named in the text (--partial, -o) are set in bold, as in OPTIONS.
    """
    pieces = _OPTION_WORD.split(text)
    return "".join(bold(piece) if index % 2 else _plain(piece) for index, piece in enumerate(pieces))


def _plain(text: str) -> str:
    return _unicode(_OPTION_HYPHEN.sub(r"\\-", text.replace("\\", "\\e")))


def literal(text: str) -> str:
    """Something typed exactly (a command, option, key): every dash is a minus."""
    return _unicode(text.replace("\\", "\\e").replace("-", "\\-").replace("'", "\\(aq"))


def bold(text: str) -> str:
    return f"\\fB{literal(text)}\\fR"


def italic(text: str) -> str:
    return f"\\fI{literal(text)}\\fR"


def inline(text: str) -> str:
    """Prose with `code` spans set in bold (backticks come from docstrings)."""
    parts = _BACKTICKS.split(text)
    return "".join(bold(part) if index % 2 else prose(part) for index, part in enumerate(parts))


def text_line(line: str) -> str:
    """A line of text that roff must not mistake for a request."""
    return "\\&" + line if line.startswith((".", "'")) else line


def paragraphs(help_text: str) -> list[str]:
    """Docstring paragraphs, each reflowed to one line (click drops text after \\f)."""
    text = inspect.cleandoc(help_text.split("\f", 1)[0])
    return [" ".join(block.split()) for block in re.split(r"\n\s*\n", text) if block.strip()]


def paragraph_lines(help_text: str) -> list[str]:
    lines: list[str] = []
    for index, para in enumerate(paragraphs(help_text)):
        if index:
            lines.append(".PP")
        lines.append(text_line(inline(para)))
    return lines


def name_line(node: Node) -> str:
    """The NAME summary: the first help paragraph, without its final period."""
    first = next(iter(paragraphs(node.help)), "")
    return first.removesuffix(".").replace("`", "")


# --------------------------------------------------------------------------
# Parameters.


def _long_first(opts: Sequence[str]) -> str:
    return next((o for o in opts if o.startswith("--")), opts[0])


def option_value(param: Any) -> str:
    """The value an option takes, as roff ('' for a flag)."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return ""
    choices = getattr(param.type, "choices", None)
    if choices:
        return "|".join(bold(str(c)) for c in choices)
    return italic(param.metavar or param.name.upper())


def argument_name(param: Any) -> str:
    """FILE..., QUERY: typer's own usage shows `{FILE...}` and `{kind}:<final>`."""
    name = param.metavar or param.name.upper()
    dots = name.endswith("...") or param.nargs == -1
    return italic(name.removesuffix("...")) + ("..." if dots else "")


def option_synopsis(param: Any) -> str:
    value = option_value(param)
    # "\\ " is a space roff will not break at: an option stays with its value
    piece = bold(_long_first(param.opts)) + (f"\\ {value}" if value else "")
    piece = piece if param.required else f"[{piece}]"
    return piece + ("..." if getattr(param, "multiple", False) else "")


def argument_synopsis(param: Any) -> str:
    name = argument_name(param)
    return name if param.required else f"[{name}]"


def option_tag(param: Any) -> str:
    # short options first, as --help prints them
    opts = sorted(param.opts, key=lambda o: o.startswith("--")) + list(param.secondary_opts)
    value = option_value(param)
    return ", ".join(bold(o) for o in opts) + (f" {value}" if value else "")


def option_help(param: Any, ctx: Any) -> str:
    """An option's help as ``--help`` shows it (inside ``translated``: in the run's language)."""
    from refcli.cli.lazy import help_record

    if is_help_option(param, ctx):
        # typer says "Show this message and exit", which reads oddly in a manual
        return _("Show the help for this command and exit.")
    record = help_record(param, ctx)
    # the record adds what --help adds: [default: …], [required], env vars
    return " ".join((record[1] if record else param.help or "").split())


def argument_help(param: Any) -> str:
    text = " ".join((param.help or "").split())
    choices = getattr(param.type, "choices", None)
    if choices:
        text += " " + _("One of: {choices}.").format(choices=", ".join(f"`{c}`" for c in choices))
    return text.strip()


def param_entries(node: Node, *, with_help_option: bool) -> list[str]:
    """A .TP list: arguments first (as in the synopsis), then options; their help in the run's language."""
    from refcli.cli.lazy import translated

    lines: list[str] = []
    with translated(node.command, node.ctx):
        params = node.params()
        for param in [p for p in params if is_argument(p)]:
            lines += [".TP", argument_name(param), text_line(inline(argument_help(param)))]
        for param in [p for p in params if not is_argument(p)]:
            if is_help_option(param, node.ctx) and not with_help_option:
                continue
            lines += [".TP", option_tag(param), text_line(inline(option_help(param, node.ctx)))]
    return lines


# --------------------------------------------------------------------------
# Sections.


def synopsis(node: Node) -> list[str]:
    """``.SY``/``.YS``: the command, then its options and arguments, hanging."""
    if node.is_group:
        options, command, arguments = _("OPTIONS"), _("COMMAND"), _("ARGS")  # outside the f-strings: extracted
        pieces = [f"[{italic(options)}]", f"{italic(command)} [{italic(arguments)}]..."]
    else:
        params = node.params()
        pieces = [option_synopsis(p) for p in params if not is_argument(p) and not is_help_option(p, node.ctx)]
        pieces += [argument_synopsis(p) for p in params if is_argument(p)]
    return [f'.SY "{literal(node.title)}"', *pieces, ".YS"]


def manref(page: str) -> str:
    # \\% keeps the page name in one piece: "refcli-kuhhan- del(1)" cannot be looked up
    return f".BR \\%{literal(page)} ({SECTION})"


def command_entry(node: Node) -> list[str]:
    lines = [f'.SS "{literal(node.title)}"', *synopsis(node), ".PP", *paragraph_lines(node.help)]
    if node.is_group:
        # a sub-group is described in full on its own page; name its commands here
        names = ", ".join(bold(child.path[-1]) for child in node.children())
        lines += [".PP", text_line(_("Commands: {names}; see").format(names=names)), manref(node.page) + "."]
    return lines + param_entries(node, with_help_option=False)


# The sections of a page, in order (man-pages(7)); the title in the run's language.
NAME = N_("NAME")
SYNOPSIS = N_("SYNOPSIS")
DESCRIPTION = N_("DESCRIPTION")
COMMANDS = N_("COMMANDS")
OPTIONS = N_("OPTIONS")
EXIT_STATUS = N_("EXIT STATUS")
ENVIRONMENT = N_("ENVIRONMENT")
EXAMPLES = N_("EXAMPLES")
FILES = N_("FILES")
SEE_ALSO = N_("SEE ALSO")


def section(title: str, body: list[str]) -> list[str]:
    """``.SH TITLE`` (``title`` in the run's language), then the body."""
    shown = _unicode(_(title))
    return [f'.SH "{shown}"' if " " in shown else f".SH {shown}", *body]


def name_section(node: Node) -> list[str]:
    return section(NAME, [f"{literal(node.page)} \\- {prose(name_line(node))}"])


def synopsis_section(node: Node) -> list[str]:
    body = synopsis(node)
    for child in node.children():
        body += synopsis(child)
    return section(SYNOPSIS, body)


def description_section(node: Node, root: Node) -> list[str]:
    body = paragraph_lines(node.help)
    if node.path == root.path:
        games = [group for group in page_groups(root) if group.path != root.path]
        if games:
            body += [".PP", text_line(prose(_("Each game has its own command group, described in its own page:")))]
            body += [manref(g.page) + ("," if i < len(games) - 1 else ".") for i, g in enumerate(games)]
    else:
        names = [f"`{name}`" for name in node.ctx.help_option_names]
        accepted = _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1]) if names[1:] else names[0]
        body += [".PP", text_line(inline(_("Every command accepts {options}.").format(options=accepted)))]
    for note in COMMON_NOTES:
        body += [".PP", text_line(inline(_(note)))]
    return section(DESCRIPTION, body)


def commands_section(node: Node) -> list[str]:
    body: list[str] = []
    for child in node.children():
        body += command_entry(child)
    return section(COMMANDS, body)


def options_section(node: Node) -> list[str]:
    return section(OPTIONS, param_entries(node, with_help_option=True))


def _worse(a: ExitStatus, b: ExitStatus) -> int:
    if a == b:
        return 0
    return 1 if worst(a, b) == a else -1


def exit_status_section() -> list[str]:
    body: list[str] = []
    for status in sorted(ExitStatus, key=int):
        if status.name not in EXIT_MEANINGS:
            raise ManpageError(f"no meaning for exit status {status.name}: add it to EXIT_MEANINGS in {MODULE}")
        body += [".TP", bold(str(int(status))), text_line(prose(_(EXIT_MEANINGS[status.name])))]
    # the order comes from refcli.model.exit_status.worst, so the page says what the code does
    chain = " > ".join(str(int(s)) for s in sorted(PER_FILE_CODES, key=cmp_to_key(_worse), reverse=True))
    worst_wins = _("With several files every file is still reported, and the worst code wins ({chain}).")
    body += [".PP", text_line(prose(worst_wins.format(chain=chain)))]
    return section(EXIT_STATUS, body)


# What refcli reads from the environment (name, meaning); each meaning in the run's language.
ENVIRONMENT_VARIABLES: tuple[tuple[str, str], ...] = (
    (
        "REFCLI_LANG",
        N_(
            "The language of everything refcli writes when `--lang` is not given: `en` (English) or `es` "
            "(Spanish). JSON and TOML keys and enumerated values stay English either way."
        ),
    ),
    (
        "LC_ALL, LC_MESSAGES, LANG, LANGUAGE",
        N_(
            "Without `--lang`, `REFCLI_LANG` and the configuration file's `lang`, the first of these that is "
            "set chooses the language: "
            "`es_ES.UTF-8` or `es` is Spanish, `C`, `POSIX` and every other language English; `LANGUAGE` may "
            "list several (`es:en`)."
        ),
    ),
    (
        "NO_COLOR, FORCE_COLOR",
        N_(
            "Under `--color auto`, a non-empty `NO_COLOR` means no colour, and a non-empty `FORCE_COLOR` means "
            "colour even in a pipe."
        ),
    ),
    (
        "COLUMNS, LINES",
        N_(
            "The width and height of text drawn, in place of the terminal's own; for a pipe (with colour asked "
            "for) the width is 80 when `COLUMNS` is not set. A width is kept within 20 to 1000 columns, a "
            "height within 5 to 1000 lines."
        ),
    ),
    (
        "REFCLI_PAGER, PAGER",
        N_(
            "The pager for text taller than the terminal, the first that is set (the configuration file's "
            "`pager` comes between them); empty or `cat` means none. Otherwise `less -R`, when it is installed. "
            "A pager that cannot be run or that fails leaves the text printed as it is; with `TERM=dumb` "
            "nothing is paged."
        ),
    ),
    (
        "REFCLI_CONFIG",
        N_(
            "The configuration file of the table's defaults (`refcli config`), in place of the platform's usual "
            "one (on Linux `$XDG_CONFIG_HOME/refcli/config.toml`, else `~/.config/refcli/config.toml`)."
        ),
    ),
    (
        "LESS",
        N_("Options for less; refcli sets `FRX` when it is not set."),
    ),
)


def environment_section() -> list[str]:
    body: list[str] = []
    for names, meaning in ENVIRONMENT_VARIABLES:
        body += [".TP", ", ".join(bold(name) for name in names.split(", ")), text_line(inline(_(meaning)))]
    return section(ENVIRONMENT, body)


def examples_section(node: Node, root: Node) -> list[str]:
    examples = page_examples(node, root)
    if not examples:
        raise ManpageError(f"no examples for {node.page}({SECTION}): add them to the game's declaration (examples)")
    body: list[str] = []
    for example in examples:
        body += [".PP", text_line(inline(_(example.what))), ".PP", ".RS 4", ".EX"]
        body += [text_line(literal(shlex.join(example.argv))), ".EE", ".RE"]
    return section(EXAMPLES, body)


CATALOGUE = N_(
    "The {game} rule catalogue inside the installed package (`data/rules/` in a source checkout): each "
    "clause's id, source document, section, quoted text and English summary, as quoted in every result."
)
CATALOGUES = N_(
    "The game's rule catalogue inside the installed package (`data/rules/` in a source checkout): each "
    "clause's id, source document, section, quoted text and English summary, as quoted in every result."
)


def catalogue_entry(path: str, game: str | None) -> list[str]:
    """The rule catalogue of ``game`` (None: any game's): where it is installed and what a clause holds."""
    text = _(CATALOGUE).format(game=game) if game is not None else _(CATALOGUES)
    return [".TP", path, text_line(inline(text))]


def subsection(title: str) -> str:
    """``.SS "title"``: prose (a hyphen in a word stays a hyphen); a double quote cannot end the argument."""
    return '.SS "' + prose(title).replace('"', "\\(dq") + '"'


def example_lines(text: str) -> list[str]:
    """A file quoted as typed, indented, in a fixed-width font."""
    return [".PP", ".RS 4", ".EX", *(text_line(literal(line)) for line in text.splitlines()), ".EE", ".RE"]


def note_lines(notes: tuple[str, ...]) -> list[str]:
    """A description's notes as one paragraph; an indented note (a list of words) keeps a line of its own."""
    if not notes:
        return []
    lines: list[str] = [".PP"]
    words: list[str] = []
    for note in notes:
        if note.startswith(" "):
            if words:
                lines.append(text_line(inline(" ".join(words))))
                words = []
            lines += [".br", text_line(inline(note.strip()))]
            continue
        if lines[-1] != ".PP" and not words:  # prose after an indented note starts a line
            lines.append(".br")
        words.append(note.strip())
    if words:
        lines.append(text_line(inline(" ".join(words))))
    return lines


# The kinds whose starter the page quotes in full: what score and validate
# read. A situation's starter is one `refcli GAME template KIND` away.
QUOTED_STARTERS = ("final", "record")


def format_lines(game: Game, desc: Description) -> list[str]:
    """One input format: what it is and who reads it, every key with its range and default, maybe its starter."""
    from refcli.reading.formats import man_rows, template_text, with_spanish_words

    read_by = _("{summary} Read by `{command}`.").format(
        summary=_(desc.summary), command=f"refcli {game.id} {desc.verb}"
    )
    lines = [subsection(f"{desc.kind}: {_(desc.title)}"), text_line(inline(read_by))]
    lines += note_lines(tuple(_(note) for note in desc.notes))
    for key, meaning in man_rows(desc):
        lines += [".TP", bold(key), text_line(inline(meaning))]
    if desc.verb == "ruling":  # the same keys as items, and a line to copy (as `ruling KIND --help` shows)
        from refcli.cli.situation_help import example_line

        one_line = _("As one command line (`{command}` lists the keys as items):").format(
            command=f"refcli {game.id} ruling {desc.kind} --help"
        )
        lines += [".PP", text_line(inline(one_line))]
        lines += example_lines(example_line(game, with_spanish_words(desc, game)))
    if desc.kind in QUOTED_STARTERS:
        # from the description itself, as the template files are (a test keeps those equal to it)
        starter = _("The starter `{command}` prints:").format(command=f"refcli {game.id} template {desc.kind}")
        lines += [".PP", text_line(inline(starter))]
        lines += example_lines(template_text(desc))
    return lines


def formats_lines(game: Game) -> list[str]:
    """Every input format the game describes (refcli.reading.formats), each from its one description."""
    described = game.formats()
    if not described:
        return snapshot_lines(game)
    intro = _(
        "Inputs are TOML files, one format for each KIND below. `{template}` prints a "
        "commented starter to fill in; `{schema}` prints its JSON Schema. "
        "Unknown keys are errors (they are nearly always typos); a key inside a table is written "
        "`table.key` below, and `[[table]]` is an array of tables."
    ).format(template=f"refcli {game.id} template KIND", schema=f"refcli {game.id} schema KIND")
    lines = [text_line(inline(intro))]
    for desc in described.values():
        lines += format_lines(game, desc)
    return lines


def snapshot_lines(game: Game) -> list[str]:
    """The hand-written snapshot of a game that does not describe its formats (an installed game's, say)."""
    if not game.snapshot:
        raise ManpageError(
            f"no formats for {game.id}: describe them in {game.package}.formats (refcli.reading.formats)"
        )
    fmt: SnapshotFormat = resolve(game.snapshot)()
    intro = _(
        "The TOML file `{command}` and `refcli score` read. Unknown keys are errors (they are nearly always typos)."
    ).format(command=f"refcli {game.id} score")
    lines = [subsection(_("Final snapshot")), text_line(inline(intro))]
    for key, meaning in fmt.keys:
        lines += [".TP", bold(key), text_line(inline(_(meaning)))]
    return [*lines, ".PP", text_line(prose(_("For example:"))), *example_lines(fmt.sample)]


def data_file_lines(game: Game, where: str) -> list[str]:
    """Where the game's catalogue, starters and schemas are installed."""
    lines = catalogue_entry(italic(f"{where}/rules/{game.id}.toml"), game.id) if game.rules else []
    if game.describes_formats():
        starters = _("The starters `{command}` prints, generated from the descriptions above.")
        schemas = _("The JSON Schemas (draft 2020-12) `{command}` prints, generated likewise.")
        lines += [
            ".TP",
            italic(f"{where}/templates/{game.id}/KIND.toml"),
            text_line(inline(starters.format(command=f"refcli {game.id} template KIND"))),
            ".TP",
            italic(f"{where}/schemas/{game.id}/KIND.schema.json"),
            text_line(inline(schemas.format(command=f"refcli {game.id} schema KIND"))),
        ]
    return [subsection(_("Data files")), *lines] if lines else []


LANGUAGES = {"de": N_("German"), "en": N_("English"), "es": N_("Spanish"), "fr": N_("French")}


def source_lines(game: Game) -> list[str]:
    """The rule documents the game's catalogue quotes, by the id its clauses name."""
    if not game.sources:
        return []
    lines = [
        subsection(_("Rule documents")),
        text_line(inline(_("The documents the catalogue quotes, by the id each clause names:"))),
    ]
    for source in game.sources:
        language = _(LANGUAGES[source.language]) if source.language in LANGUAGES else source.language
        if source.edition is not None:
            about = _("{language}, edition {edition}").format(language=language, edition=source.edition)
        else:
            about = language
        lines += [
            ".TP",
            bold(source.id),
            text_line(prose(f"{source.title} ({about}): {_(source.description)}")),
        ]
    return lines


def files_section(node: Node, root: Node) -> list[str]:
    if node.path != root.path:
        from refcli.model import registry

        game = game_of_page(node)
        where = "refcli/data" if registry.is_built_in(game.id) else f"{game.package.replace('.', '/')}/data"
        return section(FILES, [*formats_lines(game), *data_file_lines(game, where), *source_lines(game)])
    intro = _(
        "Inputs are TOML files. A final snapshot names its game in `game` and has one "
        "`[[player]]` table per player with a unique `name`; each game's page describes every "
        "format it reads, key by key. `refcli GAME template KIND` prints a commented starter, "
        "`refcli GAME schema KIND` the format's JSON Schema."
    )
    generic = italic("refcli/data/rules/GAME.toml")
    body = [
        text_line(inline(intro)),
        *catalogue_entry(generic, None),
        ".TP",
        italic("refcli/data/templates/GAME/KIND.toml"),
        text_line(
            prose(_("The starter files, generated from the format descriptions (python -m refcli.reading.formats)."))
        ),
        ".TP",
        italic("refcli/data/schemas/GAME/KIND.schema.json"),
        text_line(prose(_("The JSON Schemas (draft 2020-12) of every format, generated likewise."))),
        ".TP",
        italic("refcli/data/schemas/output/NAME.schema.json"),
        text_line(
            prose(
                _(
                    "The JSON Schemas of every document refcli prints (score, ruling, validate, "
                    "validate-line, rules, GAME-COMMAND), at the schema_version they name."
                )
            )
        ),
        ".TP",
        italic("refcli/data/sources.toml"),
        text_line(
            prose(
                _(
                    "The rulings register, the source of every clause marked as an interpretation; each game's "
                    "page lists the documents its catalogue quotes."
                )
            )
        ),
    ]
    return section(FILES, body)


def see_also_section(node: Node, root: Node) -> list[str]:
    others = [group.page for group in page_groups(root) if group.page != node.page]
    refs = [manref(page) + ("," if i < len(others) - 1 else "") for i, page in enumerate(others)]
    return section(SEE_ALSO, refs)


def header(node: Node) -> list[str]:
    lines = [
        f'.\\" Generated by {MODULE} from the command tree; do not edit.',
        '.\\" Regenerate with: python -m refcli.cli.manpage',
        f'.TH {literal(node.page.upper())} {SECTION} "{DATE}" "{PROGRAM} {refcli.__version__}" "{_unicode(_(MANUAL))}"',
    ]
    if language() != "en":
        # groff hyphenates with English patterns only ("sal-ida"): no hyphenation at all in another language
        # (HY 0 too: groff's .YS and .EE turn hyphenation back on at the HY level)
        lines += [".nr HY 0", ".nh"]
    return lines


def render_page(node: Node, root: Node) -> str:
    lines = [
        *header(node),
        *name_section(node),
        *synopsis_section(node),
        *description_section(node, root),
        *commands_section(node),
        *options_section(node),
        *exit_status_section(),
        *environment_section(),
        *examples_section(node, root),
        *files_section(node, root),
        *see_also_section(node, root),
    ]
    return "\n".join(lines) + "\n"


# The languages the pages are written in, and the folder of each under DIR: man/ and man/es/.
FOLDERS = {"en": "", "es": "es"}


def render_pages(app: Any = None, lang: str | None = None) -> dict[str, str]:
    """Every page, file name → roff text (for ``refcli.cli.app.app`` unless another app is given), in ``lang``.

    ``lang`` None: the run's language. The tree is built in that language too (a command composes some
    of its help when it is built).
    """
    with using(lang):
        root = command_tree(app)
        return {f"{group.page}.{SECTION}": render_page(group, root) for group in page_groups(root)}


def render_all(app: Any = None) -> dict[str, str]:
    """Every page in every language, path under DIR → roff text: ``refcli.1``, ``es/refcli.1``…"""
    pages: dict[str, str] = {}
    for lang, folder in FOLDERS.items():
        for name, text in render_pages(app, lang).items():
            pages[f"{folder}/{name}" if folder else name] = text
    return pages


def render_game_pages(game_id: str, app: Any = None) -> dict[str, str]:
    """The page of one game in every language, path under DIR → roff text: ``refcli-ID.1``, ``es/refcli-ID.1``.

    For a game installed from another distribution, which ``render_all`` (refcli's own pages) leaves out:
    its package builds its pages with ``python -m refcli.cli.manpage --game ID DIR``.
    """
    pages: dict[str, str] = {}
    for lang, folder in FOLDERS.items():
        with using(lang):
            root = command_tree(app)
            group = root.command.get_command(root.ctx, game_id)
            if group is None or not hasattr(group, "commands"):
                raise ManpageError(f"no game {game_id!r}: neither built in nor installed (refcli.games entry points)")
            name = game_of_page(Node((*root.path, game_id), group, root.ctx)).id
            ctx = group.make_context(name, [], parent=root.ctx, resilient_parsing=True)
            node = Node((*root.path, name), group, ctx)
            page = f"{node.page}.{SECTION}"
            pages[f"{folder}/{page}" if folder else page] = render_page(node, root)
    return pages


# --------------------------------------------------------------------------
# python -m refcli.cli.manpage [--check] [--game ID] [DIR]


def obsolete_pages(pages: dict[str, str], directory: Path) -> list[str]:
    """refcli pages in DIR (or a language's folder in it) that the tree no longer gives (a removed group)."""
    found: list[str] = []
    for folder in FOLDERS.values():
        where = directory / folder if folder else directory
        if where.is_dir():
            names = (f"{folder}/{p.name}" if folder else p.name for p in where.glob(f"{PROGRAM}*.{SECTION}"))
            found += sorted(name for name in names if name not in pages)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m refcli.cli.manpage", description="Write refcli's man pages: English in DIR, Spanish in DIR/es."
    )
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a page is stale or missing")
    parser.add_argument(
        "--game",
        metavar="ID",
        help="only the page of the game ID (one installed from another distribution: its refcli-ID.1 and es/refcli-ID.1)",
    )
    parser.add_argument(
        "directory",
        nargs="?",
        default="man",
        type=Path,
        metavar="DIR",
        help="where the pages go (default: man/ in the current directory)",
    )
    args = parser.parse_args(argv)
    try:
        pages = render_all() if args.game is None else render_game_pages(args.game)
    except ManpageError as error:
        print(f"refcli.cli.manpage: error: {error}", file=sys.stderr)
        return 1
    # never deleted automatically: a page nobody generates may be hand-written (nor looked for beside one game's)
    obsolete = obsolete_pages(pages, args.directory) if args.game is None else []
    for name in obsolete:
        print(f"obsolete (no such command group; remove it): {args.directory / name}", file=sys.stderr)
    if args.check:
        stale = generated_files.stale(pages, args.directory)
        for name in stale:
            print(f"stale or missing: {args.directory / name}", file=sys.stderr)
        if stale or obsolete:
            print("run: python -m refcli.cli.manpage", file=sys.stderr)
        return 1 if stale or obsolete else 0
    generated_files.write(pages, args.directory)
    for name in pages:
        print(f"wrote {args.directory / name}")
    return 1 if obsolete else 0


if __name__ == "__main__":
    sys.exit(main())
