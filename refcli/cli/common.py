"""What every game's commands share: the error boundary, scoring files, templates and schemas.

``reporting()`` is the one place where exceptions become a one-line message
on stderr and an exit status (``refcli.model.exit_status`` says which).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

from refcli.language.i18n import _, game_title, ngettext
from refcli.model.errors import DataError, InputUnreadable, ReaderGone, RefcliError
from refcli.model.frozen import Record, record
from refcli.model.options import (
    DEFAULT_MAX_BYTES,
    PLAY_FORMATS,
    Format,
    ScoreOptions,
    ValidateOptions,
)

if TYPE_CHECKING:
    from refcli.model.exit_status import ExitStatus  # imported where a status is made: not on a quick query's way
    from refcli.model.game import Game


def say_error(error: BaseException) -> ExitStatus:
    """Print ``refcli: error: …`` (one line) and return the exit status it means.

    A reader that went away (``| head``) is not an error to print: only its status.
    """
    from refcli.model.exit_status import status_for

    if isinstance(error, ReaderGone):
        return status_for(error)
    if isinstance(error, RefcliError):
        message = error.one_line()
    else:  # a bug in refcli: still one line, never a traceback
        from refcli.model.errors import one_line

        detail = f"{type(error).__name__}: {one_line(str(error))[:200]}"
        message = _("internal error ({detail}); please report it").format(detail=detail)
    print(_("refcli: error: {message}").format(message=message), file=sys.stderr)
    return status_for(error)


def say_warnings(file: str, warnings: Iterable[str], fmt: Format) -> None:
    """Print ``refcli: warning: FILE: …`` for each warning, unless the document (JSON, TOML) carries them."""
    if fmt in (Format.json, Format.toml):
        return
    for message in warnings:
        print(_("refcli: warning: {file}: {message}").format(file=file, message=message), file=sys.stderr)


@contextmanager
def reporting() -> Iterator[None]:
    """Run a command body; map any failure to its exit status in one place."""
    try:
        yield
    except RecursionError as error:
        raise ending(say_error(DataError(_("input nested too deeply")))) from error
    except Exception as error:  # noqa: BLE001 - the boundary: nothing escapes as a traceback
        if is_ending(error):
            raise
        raise ending(say_error(error)) from error


def finish(code: ExitStatus) -> NoReturn:
    raise ending(int(code))


def ending(code: int) -> BaseException:
    """What ends a command with ``code``: typer's ``Exit`` under the full command line, else ``SystemExit``.

    A quick answer (``refcli.cli.quick``) runs the same bodies without typer, which it never imports;
    typer, running a command, turns its ``Exit`` into the status (and a ``SystemExit`` would pass through it).
    """
    typer = sys.modules.get("typer")
    return typer.Exit(code) if typer is not None else SystemExit(code)


def is_ending(error: BaseException) -> bool:
    """Whether ``error`` is typer's ``Exit`` (a status already decided), which the boundary lets through."""
    typer = sys.modules.get("typer")
    return typer is not None and isinstance(error, typer.Exit)


def usage_error(message: str) -> Exception:
    """A usage error, printed as every error (``refcli: error: message``, ``refcli.cli.clickwords``); exit 2.

    ``typer.BadParameter`` is typer's public usage error (click fills in the
    command's context when a command raises it); this one says the message
    without "Invalid value".
    """

    import typer

    class Usage(typer.BadParameter):
        def format_message(self) -> str:
            return self.message

    return Usage(message)


def missing(what: str, more: str = "") -> NoReturn:
    """The usage error of a missing argument (as typer's own) when there is nothing to read and nobody to ask."""
    if more:
        raise usage_error(_("missing argument {name}: {details}").format(name=f"'{what}'", details=more))
    raise usage_error(_("missing argument {name}").format(name=f"'{what}'"))


@record
class Inputs(Record):
    """What ``score`` and ``ruling`` read: FILE arguments, ``KEY=VALUE`` items (``refcli.reading.items``), or answers."""

    files: list[str]
    items: list[Any]  # refcli.reading.items.Item
    save: str | None = None  # --save FILE: write what was read as TOML
    force: bool = False

    @classmethod
    def of(
        cls, arguments: list[str] | None, metavar: str, save: str | None, force: bool, *, at_most_one: bool = False
    ) -> Inputs:
        """Sort the arguments; usage errors (exit 2, with the usage line) before anything is read.

        Nothing to read: refcli asks on a terminal (``refcli.cli.prompts``), and
        otherwise says FILE is missing, as when FILE was required.
        """
        arguments = list(arguments or [])
        files: list[str] = arguments
        items: list[Any] = []
        if any("=" in argument for argument in arguments):
            from refcli.reading.items import split_arguments

            try:
                files, items = split_arguments(arguments)
            except DataError as error:
                raise usage_error(error.one_line()) from None
        if not files and not items:
            from refcli.cli.prompts import stdin_is_terminal

            if not stdin_is_terminal():
                missing(metavar)
        if at_most_one and len(files) > 1:
            raise usage_error(_("unexpected extra argument {arguments}").format(arguments=files[1]))
        if items and len(files) > 1:
            raise usage_error(_("KEY=VALUE items go with at most one FILE"))
        if save is not None and len(files) > 1:
            raise usage_error(_("--save writes one document: give at most one FILE"))
        return cls(files, items, save, force)

    @property
    def asking(self) -> bool:
        return not self.files and not self.items

    def document(self, game: Game | None, verb: str, max_bytes: int) -> tuple[Any, Any]:
        """The one document to read (the FILE, the items over it) and what blames an item for an error.

        ``game``: the command's (``refcli GAME …``), or None when each document names its own.
        """
        from contextlib import nullcontext

        from refcli import api

        base = api.load(self.files[0], max_bytes=max_bytes) if self.files else None
        if not self.items:
            return base, nullcontext()
        from refcli.reading import items as inline

        doc, builder = inline.compose(base, self.items, game, verb)
        return doc, inline.blamed(doc, builder)


def saved(data: dict[str, Any], game: str, verb: str, inputs: Inputs) -> None:
    """--save FILE: the document read, as TOML, with its `game` key."""
    if inputs.save is not None:
        from refcli.cli.prompts import save

        save({"game": game, **data}, game, verb, inputs.save, inputs.force)


def score_files(
    inputs: Inputs,
    game: Game | None,
    options: ScoreOptions,
    fmt: Any,
    *,
    explain: bool = False,
    page: bool = True,
    bom: bool = False,
    qr: str | None = None,
) -> NoReturn:
    """Score each file (``refcli.api.score``), report every one, exit with the worst status.

    ``game`` is the command's (``refcli GAME score``), looked up once when the command was found and
    passed down; None for ``refcli score``, where each file's ``game`` key says.

    The document's shape follows the command line only: one FILE gives its
    report, several give ``{"games": [...]}`` (with the totals of a game
    whose scores add up), and a file that fails is an entry there too
    (``refcli.results.report.failure``) besides its line on stderr. Items, ``--save``
    or no input at all (refcli asks) make one document instead.

    ``--format bgstats`` and ``bgstats-link`` print each scored game as a BG Stats play instead
    (``emit_plays``); ``bom``: CSV begins with the byte-order mark; ``qr``: the links' QR codes.
    """
    from refcli import api
    from refcli.model.exit_status import ExitStatus, worst
    from refcli.model.options import as_format
    from refcli.reading.documents import display_name
    from refcli.results.report import failure

    fmt = as_format(fmt)
    check_score_format(fmt, options, inputs, bom=bom, qr=qr)
    game_id = game.id if game is not None else None
    if inputs.asking:
        ask_and_score(game, options, fmt, inputs, explain=explain, page=page, bom=bom, qr=qr)
    if inputs.items or inputs.save is not None:
        try:
            doc, blame = inputs.document(game, "score", options.max_bytes)
            with blame:
                report = api.score(doc, game=game, partial=options.partial, **dict(options.variants))
        except (DataError, InputUnreadable) as error:
            failed_alone(error, fmt, game_id)
        say_warnings(report.data["file"], report.warnings, fmt)
        if fmt in PLAY_FORMATS:
            from refcli.output.bgstats import source_of

            path = inputs.files[0] if inputs.files else None
            emit_plays(report, [report], [source_of(doc, path, items=bool(inputs.items))], fmt, qr, inputs.force)
        else:
            emit_document(report, fmt, explain=explain, page=page, bom=bom)
        saved(doc.data, report.data["game"], "score", inputs)
        finish(ExitStatus.OK)
    entries = []
    sources: list[Any] = []
    code = ExitStatus.OK
    for path in inputs.files:
        doc = None
        try:
            doc = api.load(path, max_bytes=options.max_bytes)
            report = api.score(doc, game=game, partial=options.partial, **dict(options.variants))
        except (DataError, InputUnreadable) as error:
            status = say_error(error)
            code = worst(code, status)
            entries.append(failure(error, status, file=display_name(path), game=game_id or named_game(doc)))
            sources.append(None)
            continue
        say_warnings(report.data["file"], report.warnings, fmt)
        entries.append(report)
        if fmt in PLAY_FORMATS:
            from refcli.output.bgstats import source_of

            sources.append(source_of(doc, path))
    document = entries[0] if len(entries) == 1 else several_games(entries, game)
    if fmt in PLAY_FORMATS:
        emit_plays(document, entries, sources, fmt, qr, inputs.force, several=len(entries) > 1)
        finish(code)
    emit_document(document, fmt, explain=explain, page=page, bom=bom)
    if fmt is Format.text and document.blocks:
        say_again(entries)
    finish(code)


def named_game(doc: Any) -> str | None:
    """The game a document that could not be scored names in its `game` key, when refcli knows it."""
    from refcli.model import registry

    name = doc.data.get("game") if doc is not None else None
    found = registry.find(name) if isinstance(name, str) else None
    return found.id if found is not None else None


def say_again(entries: list[Any]) -> None:
    """Each file that failed, once more on stderr after the report.

    Its line was printed when the file was read, above a report that may have
    gone through a pager since: repeated here it is still on the screen. The
    report is flushed first, so a terminal or a ``2>&1`` pipe shows it after.
    """
    sys.stdout.flush()
    for entry in entries:
        if entry.failed:
            message = entry.data["error"]["message"]
            print(_("refcli: error: {message}").format(message=message), file=sys.stderr)


def several_games(entries: list[Any], command_game: Game | None) -> Any:
    """``{"games": [...]}`` in the files' order, with the totals of a game whose scores add up (score's ``combine``).

    That game is the command's, or for ``refcli score`` the one such game that
    a file scored is and another file is or may be (it could not be read). Its
    totals cover its own files only (``totals_files``), and a text naming
    other games says so. A file that could not be read and may be one of its
    games (``refcli GAME score``, or a file whose game is not known) leaves
    no totals and no winner: ``totals`` and ``winners`` are null and
    ``incomplete`` names each such file and its error, for a total of part of
    an evening is not the evening's total.
    """
    from refcli.results.report import Para, Report, bundle

    totalled, combine = totalled_game(entries, command_game)
    if totalled is None:
        return bundle(entries)
    game = totalled.id
    covered = [entry for entry in entries if not entry.failed and entry.data["game"] == game]
    unread = [entry for entry in entries if entry.failed and entry.data.get("game") in (None, game)]
    games = [entry.to_dict() for entry in entries]
    head: list[Any]
    if unread:
        data: dict[str, Any] = {"game": game, "games": games, **without_totals(totalled, unread)}
        head = [Para(data["notes"][0], "bad")]
    else:
        combined = combine(covered)
        totals = {key: value for key, value in combined.data.items() if key not in ("game", "games")}
        data = {"game": game, "games": games, **totals, "totals_files": [e.data["file"] for e in covered]}
        head = list(combined.blocks)
        if len(covered) < len(entries):  # other games among the files: say which files the totals add up
            head.insert(1 if head else 0, Para(totals_over(totalled, covered)))
    blocks = [block for entry in entries for block in entry.blocks]
    return Report(data, head + blocks if blocks else ())


def totalled_game(entries: list[Any], command_game: Game | None) -> tuple[Game | None, Any]:
    """The game whose totals the document gives, and its ``combine``; (None, None) when there is none.

    ``command_game``: the command's (``refcli GAME score``); for ``refcli score`` the games the files are
    looked up, each once, only when two files may be the same game.
    """
    from collections import Counter

    candidates: list[Game | None]
    if command_game is not None:
        candidates = [command_game]
    else:  # a game two files may be: one scored, and another scored or unread (its game unknown or that one)
        from refcli.model import registry

        scored = Counter(entry.data["game"] for entry in entries if not entry.failed)
        unread = Counter(entry.data.get("game") for entry in entries if entry.failed)
        candidates = [registry.get(game) for game, count in scored.items() if count + unread[game] + unread[None] >= 2]
    found = []
    for declared in candidates:
        combine = getattr(declared.engine("score"), "combine", None) if declared and declared.verb("score") else None
        if declared is not None and combine is not None:
            found.append((declared, combine))
    return found[0] if len(found) == 1 else (None, None)


def without_totals(game: Game, unread: list[Any]) -> dict[str, Any]:
    """The document's keys when a file that may be one of the games could not be read: no totals, no winner."""
    files = [str(entry.data["file"]) for entry in unread]
    note = ngettext(
        "No {game} totals and no winner: {files} could not be read, and totals without it would not cover every game.",
        "No {game} totals and no winner: {files} could not be read, and totals without them would not cover "
        "every game.",
        len(files),
    ).format(game=game_title(game.title), files=", ".join(files))
    return {
        "totals": None,
        "winners": None,
        "totals_files": None,
        "incomplete": [{"file": entry.data["file"], "error": entry.to_dict()["error"]} for entry in unread],
        "notes": [note],
        "citations": [],
    }


def totals_over(game: Game, covered: list[Any]) -> str:
    """The sentence saying which files the totals add up, when the files hold other games too."""
    return ngettext(
        "The totals are over the {count} {game} game ({files}); the other files are other games, scored on their own.",
        "The totals are over the {count} {game} games ({files}); the other files are other games, scored on their own.",
        len(covered),
    ).format(
        count=len(covered),
        game=game_title(game.title),
        files=", ".join(str(entry.data["file"]) for entry in covered),
    )


def emit_document(report: Any, fmt: Format, *, explain: bool = False, page: bool = True, bom: bool = False) -> None:
    """Print the document; in text, a document of failures alone prints nothing (stderr said it all)."""
    from refcli.output.render import emit

    if fmt is Format.text and not report.blocks:
        return
    emit(report, fmt, explain=explain, page=page, bom=bom)


# -- scored games as BG Stats plays (refcli.output.bgstats) -----------------------------------
def check_score_format(fmt: Format, options: ScoreOptions, inputs: Inputs, *, bom: bool, qr: str | None) -> None:
    """The usage errors of --bom, --qr and the play formats (exit 2), said before anything is read."""
    from refcli.model.errors import UsageError

    if bom and fmt is not Format.csv:
        raise UsageError(
            _(
                "--bom begins a CSV file with the byte-order mark: it goes with --format csv, not --format {format}."
            ).format(format=fmt.value)
        )
    if fmt in PLAY_FORMATS and options.partial:
        raise UsageError(
            _("BG Stats records finished games: --partial does not go with --format {format}.").format(format=fmt.value)
        )
    if qr is None:
        return
    if fmt is not Format.bgstats_link:
        raise UsageError(
            _(
                "--qr draws the link of --format bgstats-link as a QR code: it does not go with --format {format}."
            ).format(format=fmt.value)
        )
    if qr == "":
        from refcli.output.files import standard_output
        from refcli.output.terminal import on_terminal

        if sys.stdout is not standard_output() or not on_terminal(sys.stdout):
            raise UsageError(
                _(
                    "--qr alone draws the code in a terminal, and the output is not one: write it to a file "
                    "with --qr FILE.png or --qr FILE.svg."
                )
            )
        return
    from refcli.output.bgstats import QR_SUFFIXES

    if not qr.lower().endswith(QR_SUFFIXES):
        from refcli.language.visible import clip

        raise UsageError(
            _("--qr FILE writes a PNG or SVG image: name it FILE.png or FILE.svg, not {file}.").format(file=clip(qr))
        )
    if len(inputs.files) > 1:
        raise UsageError(
            _(
                "--qr FILE writes the code of one game: give one FILE, or draw every code in the terminal with --qr alone."
            )
        )
    from refcli.output.files import refuse_early

    refuse_early(qr, inputs.force)  # refused now (exit 73) rather than after the work


def emit_plays(
    document: Any,
    entries: list[Any],
    sources: list[Any],
    fmt: Format,
    qr: str | None,
    force: bool,
    *,
    several: bool = False,
) -> None:
    """Each scored game as a BG Stats play: the document (``bgstats``) or one link a line (``bgstats-link``).

    A file that failed has no play (its line on stderr said why). The plays of a game whose scores add up
    over the files (Money!'s evening) carry the evening's totals in their comments. ``qr``: "" draws each
    link's QR code under it (on a terminal); a name writes the one game's code to that PNG or SVG file.
    """
    from refcli.model import registry
    from refcli.output import bgstats
    from refcli.output.render import json_for

    evening = None
    totals = document.data.get("totals") if several else None
    if totals:
        covered = [entry for entry in entries if not entry.failed and entry.data["game"] == document.data["game"]]
        evening = (document.data["game"], bgstats.evening_comment(totals, document.data["winners"], len(covered)))
    plays = []
    for entry, source in zip(entries, sources, strict=True):
        if entry.failed:
            continue
        game = registry.get(entry.data["game"])
        assert game is not None  # it scored the file
        comments = evening[1] if evening is not None and evening[0] == game.id else None
        plays.append(bgstats.play(entry.data, source, game, comments))
    out = sys.stdout
    if fmt is Format.bgstats:
        if plays or several:
            out.write(json_for(out, bgstats.json_text(bgstats.document(plays, several=several))))
        return
    links = [bgstats.link(found) for found in plays]
    for address in links:
        out.write(address + "\n")
        if qr == "":
            draw_codes([address])
    if qr and links:
        from refcli.output.files import write_file

        write_file(qr, bgstats.qr_bytes(links[0], qr), force)


def draw_codes(links: list[str]) -> None:
    """The links' QR codes in the terminal; what keeps one from being scanned there is said on stderr."""
    from refcli.output import bgstats
    from refcli.output.render import terminal_size
    from refcli.output.terminal import color

    out = sys.stdout
    for warning in bgstats.draw(links, out, terminal_size(out), colour=color(out)):
        out.flush()
        print(_("refcli: warning: {message}").format(message=warning), file=sys.stderr)


def failed_alone(error: RefcliError, fmt: Format, game_id: str | None) -> NoReturn:
    """The one document could not be read: its line on stderr, and for scripts the document saying so."""
    from refcli.results.report import failure

    status = say_error(error)
    if fmt is not Format.text:
        emit_document(failure(error, status, game=game_id), fmt)
    finish(status)


def rule_file(
    inputs: Inputs,
    game: Game | None,
    fmt: Any,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    explain: bool = False,
    page: bool = True,
) -> NoReturn:
    """Rule on one situation (``refcli.api.rule``): exit 0 when legal, 1 when it breaks a rule.

    The situation is a FILE, ``KEY=VALUE`` items over an optional FILE, or, with neither, answers to questions.
    A situation that cannot be read is, for scripts, a document saying so (``refcli.results.report.failure``).
    ``game``: the command's (looked up once, when the command was found), or None: the file's ``game`` key says.
    """
    from refcli import api
    from refcli.model.exit_status import ExitStatus
    from refcli.model.options import as_format
    from refcli.output.render import emit

    fmt = as_format(fmt)
    if inputs.asking:
        ask_and_rule(game, fmt, inputs, max_bytes, explain=explain, page=page)
    try:
        doc, blame = inputs.document(game, "ruling", max_bytes)
        with blame:
            ruling = api.rule(doc, game=game, max_bytes=max_bytes)
    except (DataError, InputUnreadable) as error:
        failed_alone(error, fmt, game.id if game is not None else None)
    say_warnings(ruling.data["file"], ruling.warnings, fmt)
    emit(ruling, fmt, explain=explain, page=page)
    saved(doc.data, ruling.data["game"], "ruling", inputs)
    finish(ExitStatus.OK if ruling.legal else ExitStatus.RULE_BROKEN)


def ask_and_rule(
    game: Game | None, fmt: Format, inputs: Inputs, max_bytes: int, *, explain: bool = False, page: bool = True
) -> NoReturn:
    """``refcli [GAME] ruling`` on a terminal with nothing to read: ask, rule, offer to save."""
    from refcli import api
    from refcli.model.exit_status import ExitStatus
    from refcli.output.render import emit

    asked, data, ruling = ask(game, "ruling", lambda doc, chosen: api.rule(doc, game=chosen, max_bytes=max_bytes))
    say_warnings(ruling.data["file"], ruling.warnings, fmt)
    emit(ruling, fmt, explain=explain, page=page)  # the verdict first; paged: what follows once the pager is left
    keep(data, asked, "ruling", inputs)
    finish(ExitStatus.OK if ruling.legal else ExitStatus.RULE_BROKEN)


def ask_and_score(
    game: Game | None,
    options: ScoreOptions,
    fmt: Format,
    inputs: Inputs,
    *,
    explain: bool = False,
    page: bool = True,
    bom: bool = False,
    qr: str | None = None,
) -> NoReturn:
    """``refcli [GAME] score`` on a terminal with nothing to read: ask player by player, score, offer to save."""
    from refcli import api
    from refcli.model.exit_status import ExitStatus
    from refcli.output.render import emit

    def read(doc: Any, chosen: Game) -> Any:
        return api.score(doc, game=chosen, partial=options.partial, **dict(options.variants))

    asked, data, report = ask(game, "score", read)
    say_warnings(report.data["file"], report.warnings, fmt)
    if fmt in PLAY_FORMATS:
        from refcli.output.bgstats import source_of
        from refcli.reading.documents import Document

        source = source_of(Document.from_data(data, "<answers>"), None, items=True)
        emit_plays(report, [report], [source], fmt, qr, inputs.force)
    else:
        emit(report, fmt, explain=explain, page=page, bom=bom)
    keep(data, asked, "score", inputs)
    finish(ExitStatus.OK)


def ask(command_game: Game | None, verb: str, read: Any) -> tuple[Any, dict[str, Any], Any]:
    """The game (asked when the command names none), the answers' document, and ``read`` of it."""
    from refcli.cli import prompts as prompting
    from refcli.model.errors import UsageError

    def run() -> tuple[Any, dict[str, Any], Any]:
        terminal = prompting.Terminal()
        game = command_game or prompting.choose_game(terminal, verb)
        if not game.formats():
            raise UsageError(_("{game} describes no formats to ask for: give a FILE").format(game=game.id))
        from refcli.cli.conversation import scripted

        questions, settle = prompting.ask_document(game, verb, scripted)
        result = settle(lambda doc: read(doc, game))
        return game, questions.document(), result

    found: tuple[Any, dict[str, Any], Any] = prompting.leave_on_end(run)
    return found


def keep(data: dict[str, Any], game: Any, verb: str, inputs: Inputs) -> None:
    """The answers as one command line, then: --save FILE writes them; without it, refcli offers to."""
    import sys

    from refcli.cli import prompts as prompting

    sys.stdout.flush()  # the verdict shows before what follows it on the terminal's other stream
    line = prompting.one_line(game, verb, data)
    prompting.Terminal().say(_("The same on one line: {command}").format(command=line))
    if inputs.save is not None:
        prompting.save(data, game, verb, inputs.save, inputs.force)
    else:
        prompting.offer_save(data, game, verb, inputs.force)


def validate_format(fmt: Any, jsonl: bool) -> Format:
    """``--format`` of validate: text by default, json with ``--jsonl``, which writes JSON Lines or CSV only."""
    if fmt is None:
        return Format.json if jsonl else Format.text
    from refcli.model.options import as_format

    chosen = as_format(fmt)
    if jsonl and chosen not in (Format.json, Format.csv):
        raise usage_error(
            _("--jsonl writes one JSON result a line (or CSV rows with --format csv), not --format {format}").format(
                format=chosen.value
            )
        )
    return chosen


def validate_files(
    files: list[str],
    game: Game | None,
    options: ValidateOptions,
    fmt: Format,
    *,
    jobs: int = 1,
    jsonl: bool = False,
    explain: bool = False,
    page: bool = True,
    bom: bool = False,
) -> NoReturn:
    """Replay recorded games, streaming results; exit 1 if any breaks a rule (66/65 if unreadable).

    With ``jsonl`` each FILE holds one record per line (JSON Lines) and the
    results come out as JSON Lines.
    """
    from contextlib import closing

    from refcli import validating
    from refcli.cli import batch

    style = batch.output_style(fmt, jsonl)
    tasks: Any
    if jsonl:
        from refcli.reading.json_lines import json_lines, lines_size

        tasks = (task for path in files for task in json_lines(path, options.max_bytes))
        check: batch.Check = validating.validate_line
        total, total_bytes = None, lines_size(files) if jobs > 1 else None
    else:
        tasks = [validating.PathTask(path) for path in files]
        check, total, total_bytes = validating.validate_path, len(tasks), None
    # closing(): however writing ends (the reader went away, Ctrl-C), the workers stop with it.
    with closing(batch.run(tasks, check, game, options, jobs, style, total, total_bytes)) as outcomes:
        code = batch.write_results(outcomes, fmt, jsonl, total, explain=explain, page=page, bom=bom)
    finish(code)


def rules_query(
    catalogues: list[tuple[str, str]], query: str | None, fmt: Format, *, every: bool = False, page: bool = True
) -> None:
    """``[GAME] rules [QUERY]``: the matching clauses of the games' catalogues (game id, title); exit 1 if none."""
    from refcli.model.exit_status import ExitStatus
    from refcli.output.render import emit
    from refcli.rules.lookup import Catalogue, lookup

    result = lookup([Catalogue(*c) for c in catalogues], query, every=every)
    emit(result.report, fmt, page=page)
    finish(ExitStatus.OK if result.found else ExitStatus.RULE_BROKEN)


def print_generated(game: str, relative: str) -> None:
    """``GAME template KIND`` and ``GAME schema KIND``: a file under the game's data folder, on stdout.

    ``-o FILE`` is every command's (``verbs.writing_output``), so this only prints. A game installed from
    another distribution ships no generated files: its text is generated now, from its description.
    """
    from refcli.model import registry

    if not registry.is_built_in(game):
        sys.stdout.write(generated_now(game, relative))
        return
    from refcli.reading.formats.template import template_file  # a template in the language of the run, if there is one
    from refcli.rules.catalogue import game_data_dir

    sys.stdout.write(template_file(game_data_dir(game), relative).read_text(encoding="utf-8"))


def generated_now(game: str, relative: str) -> str:
    """The text ``python -m refcli.reading.formats`` writes at ``relative`` (``templates/GAME/KIND.toml``,
    ``schemas/GAME/KIND.schema.json``), generated from the game's description: a template in the run's
    language, a schema in English (as the shipped ones are)."""
    import json

    from refcli.language.i18n import DEFAULT, using
    from refcli.model import registry
    from refcli.reading.formats import json_schema, template_text

    folder, _game, name = relative.split("/")
    declared = registry.get(game)
    if declared is None:  # the command line offers known games only
        raise KeyError(game)
    if folder == "templates":
        return template_text(declared.formats()[name.removesuffix(".toml")])
    with using(DEFAULT):
        schema = json_schema(declared.formats()[name.removesuffix(".schema.json")])
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
