"""Every command of ``refcli GAME …`` and the cross-game verbs, built from the games' declarations.

The verbs all games share (score, ruling, validate, rules, template, schema
and the hidden simulate) are defined once here and take their help texts and a
game's own options from its ``refcli.model.game.Game``; a game's own commands
(``Game.commands``) are plain data turned into typer commands the same way.
Nothing here names a game. Heavy imports (the engines, rich, the catalogue)
happen inside the command bodies.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable, Iterable
from functools import partial
from typing import Annotated, Any, Optional, get_args

import typer

from refcli.cli.color import ColorOption
from refcli.cli.common import missing, reporting
from refcli.cli.lazy import Builders, Definition, LazyCommands, command_function, parameter
from refcli.cli.report_options import ExplainOption, FormatOption, NoPagerOption
from refcli.language.i18n import N_, _
from refcli.model.game import REQUIRED, Command, Game, Param, Simulate, resolve
from refcli.model.options import (
    DEFAULT_MAX_BYTES,
    DEFAULT_RECORD_TIMEOUT,
    DocumentFormat,
    Format,
    ScoreOptions,
    ValidateOptions,
)

OutputOption = Annotated[
    Optional[str],  # noqa: UP007
    typer.Option(
        "--output",
        "-o",
        help=N_(
            "Write the result to FILE instead of standard output (- is standard output), all at once when it "
            "is complete; a command that fails before printing anything leaves FILE as it was."
        ),
        metavar="FILE",
    ),
]
_REPLACES = N_(
    "if it exists; through a symlink, the file it points to (the link stays). "
    "A directory, device, FIFO or socket is never replaced."
)
# whole sentences (a translation reorders them), built where a command is built: in the run's language
FORCE_HELP = N_("Let -o replace FILE {replaces}")
SAVE_FORCE_HELP = N_("Let -o or --save replace FILE {replaces}")


def force_option(text: str) -> Any:
    """``--force``, its help (:data:`FORCE_HELP` or :data:`SAVE_FORCE_HELP`) in the run's language."""
    return Annotated[bool, typer.Option("--force", help=_(text).format(replaces=_(_REPLACES)))]


Values = dict[str, Any]


# -------------------------------------------------------------------------- -o FILE, on every command


def output_parameters(force: str = FORCE_HELP) -> list[Any]:
    """``-o FILE`` and ``--force`` (its help ``force``), last among a result-printing command's options."""
    return [parameter("output", OutputOption, None), parameter("force", force_option(force), False)]


def writing_output(body: Callable[[Values], None]) -> Callable[[Values], None]:
    """Run a command's ``body`` with its standard output going to ``-o FILE`` (refcli.output.files), if given.

    ``output`` is taken out of the values; ``force`` stays for bodies that
    use it too (--save). The body's own ``reporting()`` maps its failures;
    here only FILE's own (checked before the body runs, written after) become
    their one line and exit 73.
    """

    def run(values: Values) -> None:
        output = values.pop("output")
        if output is None:
            body(values)
            return
        from refcli.model.errors import OutputUnwritable
        from refcli.output.files import stdout_to

        try:
            with stdout_to(output, values["force"]):
                body(values)
        except OutputUnwritable as error:
            from refcli.cli.common import say_error

            raise typer.Exit(say_error(error)) from None

    return run


# -------------------------------------------------------------------------- a game's parameters


def _checked(target: str) -> Callable[[Any], Any]:
    """A typer callback running the game's check (imported only when the line is parsed)."""

    def callback(value: Any) -> Any:
        if value is None:
            return value
        try:
            return resolve(target)(value)
        except ValueError as error:
            raise typer.BadParameter(str(error)) from None

    return callback


def annotation(param: Param) -> Any:
    """``Annotated[type, typer.Option(…)]`` (or Argument) for a declared parameter."""
    settings: dict[str, Any] = {"help": param.help}
    if param.metavar is not None:
        settings["metavar"] = param.metavar
    if param.min is not None:
        settings["min"] = param.min
    if param.max is not None:
        settings["max"] = param.max
    if param.check:
        settings["callback"] = _checked(param.check)
    info = typer.Option(*_flags(param), **settings) if param.flags else typer.Argument(**settings)
    kind: Any = Optional[param.type] if param.default is None else param.type  # noqa: UP007 - typer reads it
    return Annotated[kind, info]


def _flags(param: Param) -> tuple[str, ...]:
    """A switch's flags with its ``--no-`` form (``--multiply/--no-multiply``): the configuration file may turn a
    variant on, and the command line must be able to turn it off for one run."""
    if param.type is bool and len(param.flags) == 1 and param.flags[0].startswith("--") and "/" not in param.flags[0]:
        return (f"{param.flags[0]}/--no-{param.flags[0][2:]}",)
    return param.flags


def declared(params: Iterable[Param]) -> list[Any]:
    """inspect parameters for a game's declared parameters, in order."""
    return [parameter(p.name, annotation(p), *(() if p.default is REQUIRED else (p.default,))) for p in params]


# -------------------------------------------------------------------------- the shared verbs

# -v/--explain, --no-pager and --color: the same on every command that prints a report.
DISPLAY_PARAMETERS = (
    parameter("explain", ExplainOption, False),
    parameter("no_pager", NoPagerOption, False),
    parameter("color", ColorOption, None),  # its callback records it (refcli.output.terminal)
)


def score_definition(
    game: Game | None, help: str, own: tuple[Param, ...], owners: dict[str, str] | None = None
) -> Definition:
    """``score``; ``game`` None reads each file's `game` key; ``own`` are the games' own options.

    ``owners``: the id of the game declaring each option (``refcli score``, where ``game`` is None). An option
    not given takes the table's default (``refcli config``) of its game, else its declared default.
    """
    from refcli.cli.fileoptions import (
        BomOption,
        MaxBytesOption,
        PartialOption,
        QrOption,
        SaveOption,
        SnapshotArguments,
        TableFormatOption,
    )

    def body(values: Values) -> None:
        from refcli.cli.common import Inputs, score_files

        inputs = Inputs.of(values["files"], "FILE...", values["save"], values["force"])

        def chosen(p: Param) -> Any:
            owner = game.id if game is not None else (owners or {}).get(p.name, "")
            return configured(values["context"], owner, p.name, values[p.name])

        variants = tuple((p.name, chosen(p)) for p in own)
        with reporting():
            options = ScoreOptions(partial=values["partial"], variants=variants, max_bytes=values["max_bytes"])
            score_files(
                inputs,
                game,
                options,
                values["fmt"],
                explain=values["explain"],
                page=not values["no_pager"],
                bom=values["bom"],
                qr=values["qr"],
            )

    parameters = [
        parameter("files", SnapshotArguments, None),
        parameter("partial", PartialOption, False),
        *declared(own),
        parameter("context", typer.Context),  # which options were given (typer passes it; no option)
        parameter("save", SaveOption, None),
        parameter("max_bytes", MaxBytesOption, DEFAULT_MAX_BYTES),
        parameter("fmt", TableFormatOption, Format.text),
        parameter("qr", QrOption, None),
        parameter("bom", BomOption, False),
        *DISPLAY_PARAMETERS,
        *output_parameters(SAVE_FORCE_HELP),
    ]
    return Definition(command_function(parameters, writing_output(body)), _(help) + items_help(game, "score"))


def ruling_definition(game: Game | None, help: str) -> Definition:
    from refcli.cli.fileoptions import MaxBytesOption, SaveOption, SituationArguments

    def body(values: Values) -> None:
        from refcli.cli.common import Inputs

        inputs = Inputs.of(values["file"], "FILE", values["save"], values["force"], at_most_one=True)
        with reporting():
            from refcli.cli.common import rule_file

            rule_file(
                inputs,
                game,
                values["fmt"],
                max_bytes=values["max_bytes"],
                explain=values["explain"],
                page=not values["no_pager"],
            )

    parameters = [
        parameter("file", SituationArguments, None),
        parameter("save", SaveOption, None),
        parameter("max_bytes", MaxBytesOption, DEFAULT_MAX_BYTES),
        parameter("fmt", FormatOption, DocumentFormat.text),
        *DISPLAY_PARAMETERS,
        *output_parameters(SAVE_FORCE_HELP),
    ]
    argument_help = None
    if game is not None:
        from refcli.cli.situation_help import asked_for

        argument_help = partial(asked_for, game)
    return Definition(
        command_function(parameters, writing_output(body)),
        _(help) + items_help(game, "ruling"),
        argument_help=argument_help,
    )


ITEMS_GIVE_SITUATION = N_("KEY=VALUE items give the situation on the command line, or change FILE's values: `{usage}`.")
ITEMS_GIVE_SNAPSHOT = N_(
    "KEY=VALUE items give one final snapshot on the command line, or change FILE's values: `{usage}`."
)
ITEMS_SYNTAX = N_(
    "Dotted keys reach into tables (table.key=VALUE), a number picks the Nth [[table]] or list item, counting "
    "from 1 (player.2.name=Ben), commas separate list items (1,2,3; numbers also spaces or +: 50 10 0; nothing "
    "after = is an empty list), and values are typed as the format says (`{template}` lists the keys); KEY:=VALUE takes a TOML value as it is. A file "
    "whose name has = in it is given with a folder (./a=b.toml). With no FILE and no items on a terminal, refcli "
    "asks for each value instead; --save FILE keeps what was read as TOML."
)
ITEMS_EXAMPLE = N_("For example `{example}`; `{command} FILE KEY=VALUE` changes one value of FILE.")
SITUATION_KEYS = N_("`{command} KIND --help` lists a situation's keys, what each means, and a line to copy.")


def items_help(game: Game | None, verb: str) -> str:
    """The help's paragraphs on KEY=VALUE items and prompts (refcli.reading.items, refcli.cli.prompts), in the run's language."""
    command = f"refcli {game.id}" if game is not None else "refcli"
    first = "" if game is not None else "game=GAME "
    kind = "situation=KIND " if verb == "ruling" else ""
    usage = f"{command} {verb} {first}{kind}KEY=VALUE..."
    example = usage
    if game is not None:
        example = example_line(game, verb) or usage
    give = ITEMS_GIVE_SITUATION if verb == "ruling" else ITEMS_GIVE_SNAPSHOT
    template = f"{command if game is not None else 'refcli GAME'} template KIND"
    return (
        "\n\n"
        + _(give).format(usage=usage)
        + " "
        + _(ITEMS_SYNTAX).format(template=template)
        + "\n\n"
        + _(ITEMS_EXAMPLE).format(example=example, command=f"{command} {verb}")
        + (" " + _(SITUATION_KEYS).format(command=f"{command} {verb}") if verb == "ruling" and game is not None else "")
    )


def example_line(game: Game, verb: str) -> str:
    """The first situation's (or the final snapshot's) example as one command line, from its description.

    Built from the required keys' examples here (not ``refcli.reading.formats.text``, which imports json): every
    ``score`` and ``ruling`` run builds its help.
    """
    from refcli.reading.items import items_of, quote

    formats = game.formats()
    kinds = [kind for kind in formats if kind not in ("final", "record")] if verb == "ruling" else ["final"]
    if not kinds or kinds[0] not in formats:
        return ""
    desc = formats[kinds[0]]
    document = {f.key: f.example for f in desc.fields if f.required and f.example is not None and f.key != "game"}
    items = [quote(item) for item in items_of(document)]
    shown = items if len(items) <= 8 else [*items[:4], "…"]  # a long one (every player's holding) only begun
    return " ".join([f"refcli {game.id} {verb}", *shown])


def validate_definition(game: Game | None, help: str) -> Definition:
    from refcli.cli.fileoptions import (
        BomOption,
        FilesArgument,
        JobsOption,
        JsonlOption,
        MaxBytesOption,
        RecordTimeoutOption,
        StrictOption,
        ValidateFormatOption,
    )

    def body(values: Values) -> None:
        from refcli.cli.common import validate_format

        fmt = validate_format(values["fmt"], values["jsonl"])  # a usage error (exit 2) before anything is read
        if values["bom"] and fmt is not Format.csv:
            from refcli.cli.common import say_error
            from refcli.model.errors import UsageError

            said = _(
                "--bom begins a CSV file with the byte-order mark: it goes with --format csv, not --format {format}."
            )
            raise typer.Exit(say_error(UsageError(said.format(format=fmt.value))))
        with reporting():
            from refcli.cli.common import validate_files

            options = ValidateOptions(
                strict=values["strict"], max_bytes=values["max_bytes"], record_timeout=values["record_timeout"]
            )
            validate_files(
                values["files"],
                game,
                options,
                fmt,
                jobs=values["jobs"],
                jsonl=values["jsonl"],
                explain=values["explain"],
                page=not values["no_pager"],
                bom=values["bom"],
            )

    parameters = [
        parameter("files", FilesArgument),
        parameter("strict", StrictOption, False),
        parameter("jobs", JobsOption, 1),
        parameter("jsonl", JsonlOption, False),
        parameter("max_bytes", MaxBytesOption, DEFAULT_MAX_BYTES),
        parameter("record_timeout", RecordTimeoutOption, DEFAULT_RECORD_TIMEOUT),
        parameter("fmt", ValidateFormatOption, None),
        parameter("bom", BomOption, False),
        *DISPLAY_PARAMETERS,
        *output_parameters(),
    ]
    return Definition(command_function(parameters, writing_output(body)), help)


VERB_DEFINITIONS = {"ruling": ruling_definition, "validate": validate_definition}


RULES_HELP = N_("Quote the rulebook clauses: all, one by id, a topic, or the best matches for words or a question.")
ALL_RULES_HELP = N_(
    "Search every game's rules by clause id, topic, or words or a question; each clause names its game."
)
RULES_QUERIES = N_(
    "A clause id or a topic gives every clause it names. Words are matched in Spanish or English by their "
    "stems (empate, empates and empatar match each other; tie never matches tiene), accents optional; "
    "punctuation and words such as who, what, quién or el are ignored. The best five clauses come first; "
    "--all shows every match. Register entries are marked as interpretations. Exits 1 when nothing "
    "matches, listing the topics to try. A query has at most 20 words and 200 characters (exit 2)."
)
RULES_QUERY_HELP = N_("A clause id, a topic, or words or a question to find ({examples}).")
EXAMPLES = N_("Examples:  {commands}")


def rules_definition(game: Game | None) -> Definition:
    """``refcli GAME rules``; ``game`` None: ``refcli rules``, over every built-in game's catalogue."""
    from refcli.cli.fileoptions import AllOption

    def body(values: Values) -> None:
        with reporting():
            from refcli.cli.common import rules_query
            from refcli.model import registry

            games = [game] if game is not None else [g for g in registry.built_in() if g.rules]
            catalogues = [(g.id, g.title) for g in games]
            rules_query(catalogues, values["query"], values["fmt"], every=values["every"], page=not values["no_pager"])

    if game is not None:
        examples, question = game.rules, game.question
    else:  # what the games offer the help of every game's rules
        from refcli.model import registry

        offered = [g for g in registry.built_in() if g.rules]
        examples = tuple(query for g in offered for query in g.rules_overview) or offered[0].rules
        question = next((g.question for g in offered if g.question), "")
    query = Annotated[
        Optional[str],  # noqa: UP007
        typer.Argument(help=_(RULES_QUERY_HELP).format(examples=", ".join(examples)), metavar="QUERY"),
    ]
    parameters = [
        parameter("query", query, None),
        parameter("every", AllOption, False),
        parameter("fmt", FormatOption, DocumentFormat.text),
        *DISPLAY_PARAMETERS,  # -v changes nothing here (every clause found is quoted), but means the same
        *output_parameters(),
    ]
    where = f"refcli {game.id} rules" if game is not None else "refcli rules"
    shown = [f"{where} empate", f'{where} "{question or "¿quién gana?"}"', f"{where} {examples[0]} --format json"]
    return Definition(
        command_function(parameters, writing_output(body)),
        _(RULES_HELP if game is not None else ALL_RULES_HELP)
        + "\n\n"
        + _(RULES_QUERIES)
        + "\n\n"
        + _(EXAMPLES).format(commands="  ·  ".join(shown)),
    )


KIND_HELP = N_("{lead}: {kinds}.")


def kind_argument(game: Game, enum_name: str, lead: str) -> Any:
    """The KIND argument of ``template`` and ``schema``: one choice per format the game describes.

    The choices come from the descriptions (``Game.templates``), so a kind
    cannot be offered without its description, nor described without being offered.
    """
    kinds = dict(game.templates)
    name = "".join(part.title() for part in game.id.split("-")) + enum_name
    kind_type = enum.Enum(name, {kind.replace("-", "_"): kind for kind in kinds}, type=str)  # type: ignore[misc]
    described = "; ".join(f"{kind} ({_(title)})" for kind, title in kinds.items())
    help = _(KIND_HELP).format(lead=_(lead), kinds=described)
    return Annotated[Optional[kind_type], typer.Argument(help=help, show_default=False)]  # noqa: UP007


def generated_file_definition(game: Game, command: str, folder: str, suffix: str, help: str, lead: str) -> Definition:
    """``command`` KIND: print ``data/<folder>/<game>/<kind><suffix>``, generated from the description."""

    def body(values: Values) -> None:
        chosen = values["kind"]
        if chosen is None:  # nothing named: asked on a terminal (refcli.cli.prompts), else missing as before
            from refcli.cli.prompts import ask_kind, stdin_is_terminal

            if not stdin_is_terminal():
                listed = ", ".join(kind for kind, _title in game.templates)
                missing("kind", _("choose from {choices}").format(choices=listed))
        with reporting():
            from refcli.cli.common import print_generated

            kind = chosen.value if chosen is not None else ask_kind(game)
            print_generated(game.id, f"{folder}/{game.id}/{kind}{suffix}")

    kind = spanish_kinds(game, kind_argument(game, command.title() + "Kind", lead))  # `template subasta`
    parameters = [parameter("kind", kind, None), *output_parameters()]
    return Definition(command_function(parameters, writing_output(body)), help)


TEMPLATE_HELP = N_(
    "Print a commented starter TOML file to fill in.\n\n"
    "Every key has a comment saying what it holds, and optional keys the example leaves out are shown "
    "commented out. Fill it in and give it to the command its first line names (score, ruling or validate): "
    "`{write}` writes a starter for `{read}`."
)
SCHEMA_HELP = N_(
    "Print the JSON Schema (draft 2020-12) of one kind of input file.\n\n"
    "It says what a file may hold once read as TOML (its keys, their types, ranges and defaults, each "
    "key's help), for an editor or a script; whether the rules are kept is still refcli's to say. The same "
    "text ships in the game's data as {path}. `{write}` writes the schema of a {kind} file."
)


def template_definition(game: Game) -> Definition:
    described = game.formats()
    first = next(iter(described.values()))
    help = _(TEMPLATE_HELP).format(
        write=f"refcli {game.id} template {first.kind} -o {first.kind}.toml",
        read=f"refcli {game.id} {first.verb} {first.kind}.toml",
    )
    return generated_file_definition(game, "template", "templates", ".toml", help, N_("What to start"))


def schema_definition(game: Game) -> Definition:
    kinds = list(game.formats())
    kind = kinds[1] if len(kinds) > 1 else kinds[0]  # a situation's, when the game has one
    help = _(SCHEMA_HELP).format(
        path=f"schemas/{game.id}/KIND.schema.json",
        write=f"refcli {game.id} schema {kind} -o {kind}.schema.json",
        kind=kind,
    )
    return generated_file_definition(game, "schema", "schemas", ".schema.json", help, N_("Which format"))


def simulate_definition(simulate: Simulate) -> Definition:
    def body(values: Values) -> None:
        with reporting():
            from refcli.games.record_toml import to_toml

            seed, players = values.pop("seed"), values.pop("players")
            values.pop("force")
            generator = resolve(simulate.module)
            sys.stdout.write(to_toml(generator.random_game(seed, players=players, **values)))

    players = Annotated[
        Optional[int],  # noqa: UP007
        typer.Option("--players", min=simulate.min_players, max=simulate.max_players, help=N_("How many players.")),
    ]
    parameters = [
        parameter(
            "seed",
            Annotated[int, typer.Option("--seed", help=N_("Random seed: the same seed gives the same game."))],
            0,
        ),
        parameter("players", players, None),
        *declared(simulate.params),
        *output_parameters(),
    ]
    return Definition(
        command_function(parameters, writing_output(body)),
        N_("Print a random legal recorded game (test data for validate)."),
        hidden=True,
    )


# -------------------------------------------------------------------------- a game's own commands


def configured(context: typer.Context, game_id: str, name: str, value: Any) -> Any:
    """``value``, or the table's default for ``game_id``'s ``name`` (``refcli config``) when it was not given.

    Not given: the declared default filled in (an option typed with that same value is given, and wins).
    """
    source = context.get_parameter_source(name)
    if source is None or source.name != "DEFAULT":
        return value
    from refcli.reading import table_defaults

    chosen = table_defaults.default(game_id, name, value)
    if chosen != value:
        _say_configured(name, chosen)
    return chosen


def _say_configured(name: str, value: Any) -> None:
    """One line on stderr: an option's value came from the configuration file, and how to undo it for one run."""
    from refcli.language.visible import visible
    from refcli.reading import config

    file = config.current().file
    where = visible(str(file)) if file is not None else "refcli config"
    flag = "--" + name.replace("_", "-")
    if value is True:
        message = _("refcli: note: {flag} is on, as the configuration file {config} sets; --no-{name} turns it off.")
    elif value is False:
        message = _("refcli: note: {flag} is off, as the configuration file {config} sets; {flag} turns it on.")
    else:
        message = _("refcli: note: {flag} is {value}, as the configuration file {config} sets.")
    print(message.format(flag=flag, name=flag[2:], value=value, config=where), file=sys.stderr)


def own_definition(command: Command, game_id: str) -> Definition:
    """A game's own command: its parameters and --format; the report printed (naming its game), exit 1 when it says so."""

    def body(values: Values) -> None:
        fmt, explain, page = values.pop("fmt"), values.pop("explain"), not values.pop("no_pager")
        values.pop("force")  # -o's, taken by writing_output
        values.pop("color")  # recorded when parsed
        context = values.pop("context")
        for name in list(values):  # an option not given takes the table's default of the same name, if any
            values[name] = configured(context, game_id, name, values[name])
        with reporting():
            from refcli.output.render import emit
            from refcli.results.report import named

            result = resolve(command.run)(**values)
            report, passed = result if isinstance(result, tuple) else (result, True)
            emit(named(report, game_id), fmt, explain=explain, page=page)
            if not passed:
                raise typer.Exit(1)

    parameters = [
        *declared(command.params),
        parameter("context", typer.Context),  # which options were given (typer passes it; no option)
        parameter("fmt", FormatOption, DocumentFormat.text),
        *DISPLAY_PARAMETERS,
        *output_parameters(),
    ]
    return Definition(command_function(parameters, writing_output(body)), command.help, hidden=command.hidden)


# -------------------------------------------------------------------------- groups


def game_definitions(game: Game) -> Builders:
    """``refcli GAME …``: the shared verbs the game has, then its own commands, then simulate."""
    found: Builders = {}
    for verb in game.verbs:
        if verb.name == "score":
            found["score"] = partial(score_definition, game, verb.help, game.score_options)
        else:
            found[verb.name] = partial(VERB_DEFINITIONS[verb.name], game, verb.help)
    if game.rules:
        found["rules"] = partial(rules_definition, game)
    if game.describes_formats():
        found["template"] = partial(template_definition, game)
        found["schema"] = partial(schema_definition, game)
    for command in game.commands:
        found[command.name] = partial(own_definition, command, game.id)
    if game.simulate is not None:
        found["simulate"] = partial(simulate_definition, game.simulate)
    return found


def game_group(game: Game) -> LazyCommands:
    """The group ``refcli GAME``, defining and converting each command only when it is used."""
    return LazyCommands(
        name=game.id,
        definitions=game_definitions(game),
        help=game.help,
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
        rich_markup_mode=None,
    )


ROOT_HELP = {
    "score": N_(
        "Score final snapshots of any game; each file's `game` key says which.\n\n"
        "Prints every player's score with its breakdown, the ranking, the winners and the rules applied. With "
        "several files every file is reported and the worst exit status wins (66 unreadable > 65 bad data > 0)."
    ),
    "ruling": N_(
        "Rule on a contested situation; the file's `game` key says which game.\n\n"
        "Exits 0 with the verdict, or 1 when the situation itself breaks a rule."
    ),
    "validate": N_(
        "Replay recorded games of any game and report every broken rule by event number and line.\n\n"
        "Each file's `game` key says which game. Exits 0 when every file follows the rules, 1 when any breaks "
        "one (66 unreadable and 65 bad data win over 1)."
    ),
}


def root_score_definition() -> Definition:
    """``refcli score``: with the own options of every built-in game (a file of another game ignores them).

    An installed game's own options are on ``refcli GAME score``, so
    ``refcli score`` never scans the installed packages.
    """
    from refcli.model import registry

    own: dict[str, Param] = {}
    owners: dict[str, str] = {}
    for game in registry.built_in():
        for param in game.score_options:
            own.setdefault(param.name, param)
            owners.setdefault(param.name, game.id)
    return score_definition(None, ROOT_HELP["score"], tuple(own.values()), owners)


def config_definition() -> Definition:
    """``refcli config``: the table's defaults (``refcli.cli.configuration``), with -o and --force as every command."""
    from refcli.cli import configuration

    def body(values: Values) -> None:
        configuration.run(values["action"], values["key"], values["value"], values["fmt"])

    parameters = [
        parameter("action", configuration.Action, None),
        parameter("key", configuration.Key, None),
        parameter("value", configuration.Value, None),
        parameter("fmt", configuration.ConfigFormat, "text"),
        *output_parameters(),
    ]
    return Definition(command_function(parameters, writing_output(body)), configuration.help_text())


ROOT_DEFINITIONS: Builders = {
    "score": root_score_definition,
    "ruling": partial(ruling_definition, None, ROOT_HELP["ruling"]),
    "validate": partial(validate_definition, None, ROOT_HELP["validate"]),
    "rules": partial(rules_definition, None),
    "config": config_definition,
}


def spanish_kinds(game: Game, argument: Any) -> Any:
    """KIND (``kind_argument``) taking the game's Spanish kinds too: ``template subasta`` is the auction (``Game.kind``).

    The argument's choice type is typer's own, whose class is not public: it is taken from the type typer
    gives the argument in a probe, and its conversion first turns a Spanish kind into the English one.
    """
    probe = typer.Typer(add_completion=False)
    probe.command()(command_function([parameter("kind", argument, None)], lambda values: None))
    choice: Any = typer.main.get_command(probe).params[0].type

    class Kinds(type(choice)):  # type: ignore[misc]
        def convert(self, value: Any, param: Any, ctx: Any) -> Any:
            return super().convert(game.kind(value) or value if isinstance(value, str) else value, param, ctx)

    kind_type, info = get_args(argument)
    info.click_type = Kinds(choice.choices, case_sensitive=choice.case_sensitive)
    return Annotated[kind_type, info]
