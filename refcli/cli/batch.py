"""Validating many recorded games: streamed, optionally in parallel, with progress.

Results are written as each file (or JSON line) finishes, so memory stays
flat however many records there are: JSON output is one document written
piece by piece, text output prints file after file, and ``--jsonl`` input
gives JSON Lines out. Only TOML output, which cannot be written in pieces,
is gathered first. ``--jobs N`` validates in up to N worker processes
(``refcli.cli.workers``), results in input order; a worker that dies costs only
the record it was validating, reported as not validated (exit 66).

JSON Lines are read by the rules TOML input follows
(``refcli.reading.json_lines``), and each record is validated by the same
functions as ``refcli.validate_line`` (``refcli.validating``), so the
command line and the library cannot disagree about a record.

Messages are written in the run's language, in the worker processes too:
the language travels with each task (``run``), as a worker may be a fresh
interpreter (the spawn start method) that never saw ``--lang``.
"""

from __future__ import annotations

import json
import signal  # (loaded at start-up already: refcli.cli.lifecycle sets its handlers)
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from refcli.language import i18n
from refcli.language.i18n import N_, _
from refcli.language.visible import in_document, visible
from refcli.model.exit_status import ExitStatus, worst
from refcli.model.options import LONGEST_RECORD_TIMEOUT, SCHEMA_VERSION, Format, ValidateOptions
from refcli.reading.json_lines import FileBytes, LineTask, decode_fast_from_now
from refcli.results.findings import Counts, FileResult, input_failure
from refcli.validating import Outcome, Task, validate_line

if TYPE_CHECKING:
    from refcli.model.game import Game

Check = Callable[[Any, "Game | None", ValidateOptions], Outcome]


# What a worker sends back: the result already written out (a JSON text, or
# plain text), or the result itself when the output must be gathered (TOML,
# rich text); then the exit status, the one-line error, the rules cited, the warnings (names that only look
# different: said on stderr where the output does not carry them).
Rendered = tuple[Any, ExitStatus, str | None, tuple[tuple[str, str], ...], tuple[str, ...]]


def _json_encoder() -> Callable[[Any], str]:
    """``in_document(json.dumps(value, ensure_ascii=False))``, without building an encoder for every result.

    ``JSONEncoder.encode`` makes its C encoder anew for every value it is given (and its circular-reference
    bookkeeping, which a result, a tree of the values read, never needs): made once here, the same C code
    writes the same text. Where the C accelerator is missing, the encoder's own ``encode``.
    """
    from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]

    encoder = json.JSONEncoder(ensure_ascii=False)
    if c_make_encoder is None:
        return lambda value: in_document(encoder.encode(value))
    encode = c_make_encoder(None, encoder.default, encode_basestring, None, ": ", ", ", False, False, True)

    def encoded(value: Any) -> str:
        return in_document("".join(encode(value, 0)))

    return encoded


# A result as JSON text, safe to print (``refcli.language.visible.in_document``: the values as they are);
# the function itself, not a call wrapping it: one call fewer for each of thousands of results.
_encode = _json_encoder()


_VERSION_PREFIX = f'{{"schema_version": {SCHEMA_VERSION}, '


def render_outcome(outcome: Outcome, style: str) -> Rendered:
    """Write one result out where it was computed, so the parent only copies text."""
    result, status, message = outcome
    # The rules cited: each finding's, then the register entries the replay applied (K1, K15 …),
    # so an interpretation that decided a valid record is quoted too; JSON Lines and CSV quote none.
    game = result.game
    cited: tuple[tuple[str, str], ...] = ()
    if game and style not in ("jsonl", "csv"):
        cited = tuple((game, f.rule) for f in result.findings if f.rule != "input")
        cited += tuple((game, str(rule)) for rule in result.summary.get("interpretations", ()))
    if style == "json":
        payload: Any = _encode(result.to_dict())
    elif style == "jsonl":  # each line a document of its own: schema_version first
        payload = _VERSION_PREFIX + _encode(result.to_dict())[1:]
    elif style == "csv":
        from refcli.output.spreadsheet import finding_rows

        payload = finding_rows(result)
    elif style == "text":
        from refcli.results.blocks import plain_text
        from refcli.results.findings import result_blocks

        payload = plain_text(result_blocks(result))
    else:
        payload = result
    warnings: tuple[str, ...] = ()
    if result.summary.get("warnings"):  # (result.warnings, once there are any)
        said = _("refcli: warning: {file}: {message}")
        warnings = tuple(said.format(file=result.file, message=w) for w in result.warnings)
    return payload, status, message, cited, warnings


def _work(check: Check, game: Game | None, options: ValidateOptions, style: str, lang: str, task: Task) -> Rendered:
    """One task, with its messages in the run's language ``lang``: set here, as a spawned worker starts without it."""
    if lang != i18n.language():
        i18n.set_language(lang)
    return render_outcome(bounded(check, task, game, options), style)


def _work_elsewhere(
    check: Check,
    game_id: str | None,
    options: ValidateOptions,
    style: str,
    lang: str,
    defaults: dict[str, dict[str, Any]],
    task: Task,
) -> Rendered:
    """``_work`` in a worker process, which is given the command's game by its id (what travels to a spawned
    interpreter is pickled, and a declaration need not pickle) and looks it up once; and the table's defaults
    (``refcli config``), which a spawned interpreter has not read."""
    from refcli.reading import table_defaults

    if defaults != table_defaults.current():
        table_defaults.use(defaults)
    return _work(check, _game_by_id(game_id), options, style, lang, task)


@cache
def _game_by_id(game_id: str | None) -> Game | None:
    from refcli.model import registry

    return registry.get(game_id) if game_id is not None else None


class TimeUp(BaseException):
    """A record took longer than --record-timeout (a BaseException: no ``except Exception`` in a game stops it)."""


def _time_up(signum: int, frame: object) -> None:
    raise TimeUp


# True while ``run`` holds SIGALRM for the whole batch (``_alarm_for_the_run``; a forked worker inherits the
# handler and this with it): then ``bounded`` only arms and disarms the timer for each record, instead of
# also installing the handler and putting the previous one back, which costs a short record a tenth of
# its JSON decoding.
_HANDLER_SET = False


@contextmanager
def _alarm_for_the_run() -> Iterator[None]:
    """SIGALRM handled by ``_time_up`` for the whole run, where records can be bounded (see ``bounded``)."""
    global _HANDLER_SET
    if _HANDLER_SET or not _can_bound():
        yield
        return
    previous = signal.signal(signal.SIGALRM, _time_up)
    _HANDLER_SET = True
    try:
        yield
    finally:
        _HANDLER_SET = False
        signal.signal(signal.SIGALRM, previous)


def bounded(check: Check, task: Task, game: Game | None, options: ValidateOptions) -> Outcome:
    """``check(task, …)``, given up after ``options.record_timeout`` seconds: then the record is reported as such.

    The bound is a timer signal (SIGALRM), so it works wherever the record is
    validated: in this process (``--jobs 1``) or in a worker process, each on
    its main thread. Where there is no such timer (Windows, or refcli called
    from another thread) records are not bounded.
    """
    seconds = options.record_timeout  # inf: a bound that never comes; (min(), without its call)
    if LONGEST_RECORD_TIMEOUT < seconds:
        seconds = LONGEST_RECORD_TIMEOUT
    held = _HANDLER_SET  # the run holds the handler, so there is a timer and this is the main thread
    if not seconds or not (held or _can_bound()):
        return check(task, game, options)
    previous = None if held else signal.signal(signal.SIGALRM, _time_up)
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, seconds)
            return check(task, game, options)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except TimeUp:  # also when it fired as the check ended, before the timer was stopped: it did take that long
        return timed_out(task.where, seconds)
    finally:
        if not held:
            signal.signal(signal.SIGALRM, previous)


def _can_bound() -> bool:
    """There is a timer signal here, and this is the main thread, the only one where Python handles a signal."""
    import threading

    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def timed_out(where: str, seconds: float) -> Outcome:
    """A record given up after ``seconds``: not validated, exit 66 as for a record that cannot be read."""
    message = _(
        "{where}: not validated: it took longer than {seconds:g} seconds, the bound for one record "
        "(--record-timeout SECONDS changes it)"
    ).format(where=where, seconds=seconds)
    failure = input_failure(where, message, status=ExitStatus.UNREADABLE)
    return failure, ExitStatus.UNREADABLE, message


def worker_died(style: str, task: Task, exitcode: int | None) -> Rendered:
    """The record a worker process was validating when it died: not validated, exit 66.

    It is not tried again: what kills a worker (most often the out-of-memory
    killer, for a record that takes too much memory) would kill the next one.
    The other records that worker held are validated by a fresh one.
    """
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = _("signal {number}").format(number=-exitcode)
        if exitcode == -signal.SIGKILL:
            said = _("{where}: not validated: the worker process validating it was killed by {signal} (out of memory?)")
        else:
            said = _("{where}: not validated: the worker process validating it was killed by {signal}")
        message = said.format(where=visible(task.where), signal=name)
    else:
        message = _("{where}: not validated: the worker process validating it exited with status {status}").format(
            where=visible(task.where), status=exitcode
        )
    failure = input_failure(task.where, message, status=ExitStatus.UNREADABLE)
    return render_outcome((failure, ExitStatus.UNREADABLE, message), style)


def run(
    tasks: Iterable[Task],
    check: Check,
    game: Game | None,
    options: ValidateOptions,
    jobs: int,
    style: str,
    total: int | None = None,
    total_bytes: int | None = None,
) -> Generator[Rendered, None, None]:
    """Rendered outcomes in input order, from this process or from up to ``jobs`` worker processes.

    Close the iterator when done with it (``contextlib.closing``): that stops
    the workers at once if the caller leaves early (the reader went away).
    The messages are in the current language, in every worker too. ``total`` (the number of tasks) or
    ``total_bytes`` (the bytes of the lines of regular files) lets workers finish together.
    """
    with _alarm_for_the_run():
        yield from _outcomes(tasks, check, game, options, jobs, style, total, total_bytes)


def _outcomes(
    tasks: Iterable[Task],
    check: Check,
    game: Game | None,
    options: ValidateOptions,
    jobs: int,
    style: str,
    total: int | None,
    total_bytes: int | None = None,
) -> Iterator[Rendered]:
    """``run``'s outcomes, in this process or in worker processes."""
    if jobs <= 1:
        yield from map(partial(_work, check, game, options, style, i18n.language()), tasks)
        return
    from refcli.cli.workers import ordered_map
    from refcli.model import registry
    from refcli.reading.formats.reader import compile_description

    # Import every game's validator and compile its record reader once here, so
    # forked workers start with them ready.
    for built_in in registry.built_in():
        if built_in.verb("validate"):
            engine = built_in.engine("validate")
            # the format its records are read by (``refcli.results.records.Records``: events made as read)
            record = getattr(getattr(engine, "RECORDS", None), "format", None) or built_in.formats().get("record")
            if record is not None:
                compile_description(record, built_in)
    from refcli.reading import table_defaults

    if check is validate_line and (total_bytes is None or total_bytes > MANY_LINES_BYTES):
        decode_fast_from_now()  # once here, not once in every worker after its first lines
    game_id = game.id if game is not None else None
    work = partial(_work_elsewhere, check, game_id, options, style, i18n.language(), table_defaults.current())
    died = partial(worker_died, style)
    yield from ordered_map(work, tasks, jobs, died, total, task_bytes, sent_bytes, total_bytes)


# The JSON lines of a megabyte are many (a few hundred recorded games): worth msgspec's import before the workers
# start (refcli.reading.json_lines); a few lines on their own are read by json.
MANY_LINES_BYTES = 1 << 20


def task_bytes(task: Task) -> int:
    """What a task weighs in memory: a JSON line's bytes (a path is light)."""
    return len(task.raw) if isinstance(task, LineTask) and isinstance(task.raw, bytes) else 0


def sent_bytes(task: Task) -> int:
    """What a task weighs in a worker's message: a JSON line's bytes, unless it travels as where it is in its file."""
    return 0 if isinstance(task, LineTask) and isinstance(task.raw, FileBytes) else task_bytes(task)


def output_style(fmt: Format, jsonl: bool) -> str:
    """How each result is written where it is computed.

    json (a JSON text per result, in one document), jsonl (a JSON document a
    line), csv (CSV rows per result), text (plain text per result) or gather
    (TOML, rich: written at the end).
    """
    from refcli.output.render import use_rich

    if fmt is Format.csv:
        return "csv"
    if jsonl:
        return "jsonl"
    if fmt is Format.json:
        return "json"
    if fmt is Format.text and not use_rich(sys.stdout):
        return "text"
    return "gather"


class Progress:
    """A progress line on stderr: only on a terminal, and only once the work has taken a second."""

    def __init__(self, total: int | None) -> None:
        self.total = total
        self.done = 0
        self.start = time.monotonic()
        self.last = 0.0
        self.enabled = bool(getattr(sys.stderr, "isatty", lambda: False)())
        self.shown = False

    def step(self) -> None:
        self.done += 1
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.start < 1.0 or now - self.last < 0.1:
            return
        self.last = now
        rate = self.done / (now - self.start)
        if self.total:
            filled = int(30 * self.done / self.total)
            bar = "█" * filled + "·" * (30 - filled)
            line = _("{bar} {done}/{total} records, {rate:,.0f}/s").format(
                bar=bar, done=self.done, total=self.total, rate=rate
            )
        else:
            line = _("{done} records, {rate:,.0f}/s").format(done=self.done, rate=rate)
        sys.stderr.write("\r" + line)
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 70 + "\r")
            sys.stderr.flush()


def write_results(
    outcomes: Iterable[Rendered],
    fmt: Format,
    jsonl: bool,
    total: int | None,
    *,
    explain: bool = False,
    page: bool = True,
    bom: bool = False,
) -> ExitStatus:
    """Write every outcome as it arrives; return the worst exit status.

    Every document (JSON, TOML, text) ends with the counts of valid, invalid
    and unreadable files; JSON Lines and CSV are a result (or a row) at a time.
    """
    from refcli.output.render import carries_unicode, json_for

    out = sys.stdout
    code = ExitStatus.OK
    tally = [0, 0, 0]  # valid, invalid, unreadable: made into Counts at the end, not a new tuple a record
    cited: dict[tuple[str, str], None] = {}
    gathered: list[FileResult] = []
    progress = Progress(total)
    count = 0
    style = output_style(fmt, jsonl)
    # The document is opened with its first result (or at the end when there
    # is none), so a run interrupted before any result printed nothing.
    if style == "csv":
        from refcli.output.spreadsheet import BOM, FINDING_HEADER, for_stream

        opening = (BOM if bom else "") + FINDING_HEADER
    else:
        opening = f'{{"schema_version": {SCHEMA_VERSION}, "results": ['
    unicode_out = carries_unicode(out)  # else JSON goes out with \\u escapes (cp1252, ascii)
    # Settled once, not for each of thousands of records: whether warnings go to stderr (the output does not
    # carry them), where the output goes, and whether a progress line is shown at all.
    warnings_said = style in ("text", "csv") or (style == "gather" and fmt is Format.text)
    write = out.write
    shown = progress.enabled
    try:
        for payload, status, message, rules, warnings in outcomes:
            if shown:
                progress.step()
            if message is not None:  # the same one line as for any other command
                print(f"refcli: error: {message}", file=sys.stderr)
            if warnings and warnings_said:
                for warning in warnings:
                    print(warning, file=sys.stderr)
            if status != code:  # (most records end as the one before: no call to compare them)
                code = worst(code, status)
            tally[Counts.column(status)] += 1
            if rules:
                cited.update(dict.fromkeys(rules))
            if style == "jsonl":
                write((payload if unicode_out else json_for(out, payload)) + "\n")
            elif style == "json":
                write(("," if count else opening) + "\n" + (payload if unicode_out else json_for(out, payload)))
            elif style == "csv":
                write(("" if count else opening) + (payload if unicode_out else for_stream(out, payload)))
            elif style == "text":
                write(payload)
            else:
                gathered.append(payload)
            count += 1
    finally:
        progress.close()  # interrupted too: no progress bar left on the terminal's last line
    counts = Counts(*tally)
    if style == "jsonl":
        pass
    elif style == "csv":
        if not count:
            out.write(opening)
    elif style == "json":
        citations = quoted(cited)
        out.write(
            ("" if count else opening)
            + '\n], "counts": '
            + json.dumps(counts.to_dict())
            + ', "citations": '
            + json.dumps(citations, indent=2, ensure_ascii=not unicode_out)
            + "}\n"
        )
    elif style == "gather":
        from refcli.output.render import emit
        from refcli.results.findings import validation_report

        emit(validation_report(gathered, quoted(cited), counts), fmt, explain=explain, page=page)
    else:
        from refcli.results.blocks import Block, Heading, Quotes, plain_text
        from refcli.results.report import Report

        citations = quoted(cited)
        summary: list[Block] = [Heading(counts.line())]
        if citations:
            summary.append(Quotes(tuple(citations), title=N_("Rules cited")))
        out.write("\n" + plain_text(Report({}, summary).blocks))
    out.flush()  # here, not at exit: a reader that went away is a BrokenPipeError the caller sees
    return code


def quoted(cited: dict[tuple[str, str], None]) -> list[dict[str, Any]]:
    """The clauses cited (game, rule), quoted from the games' catalogues: only the documents that end with them
    (JSON, TOML, text) load the catalogues; JSON Lines and CSV carry no citations."""
    from refcli.rules.catalogue import rules_for

    return [rules_for(game).cite([rule])[0] for game, rule in cited]
