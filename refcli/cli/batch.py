"""Validating many recorded games: streamed, optionally in parallel, with progress.

Results are written as each file (or JSON line) finishes, so memory stays
flat however many records there are: JSON output is one document written
piece by piece, text output prints file after file, and ``--jsonl`` input
gives JSON Lines out. Only TOML output, which cannot be written in pieces,
is gathered first. ``--jobs N`` validates in up to N worker processes
(``refcli.cli.workers``), results in input order; a worker that dies costs only
the record it was validating, reported as not validated (exit 66).

JSON Lines are read by the rules TOML input follows: at most the size limit
a line, the same decoding (``refcli.reading.documents.decode``), every error located
by line, and a bad line never stops the lines after it.

Messages are written in the run's language, in the worker processes too:
the language travels with each task (``run``), as a worker may be a fresh
interpreter (the spawn start method) that never saw ``--lang``.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from functools import cache, partial
from types import ModuleType
from typing import IO, TYPE_CHECKING, Any, NamedTuple

from refcli.language import i18n
from refcli.language.i18n import N_, _
from refcli.language.visible import in_document, visible
from refcli.model.errors import DataError, InputUnreadable, RefcliError, one_line
from refcli.model.exit_status import ExitStatus, status_for, worst
from refcli.model.options import LONGEST_RECORD_TIMEOUT, SCHEMA_VERSION, Format, ValidateOptions
from refcli.results.findings import Counts, FileResult, input_failure, located

if TYPE_CHECKING:
    from refcli.model.game import Game

# (the result, the exit status it implies, the one-line error if any)
Outcome = tuple[FileResult, ExitStatus, str | None]

BOM = b"\xef\xbb\xbf"


class PathTask(NamedTuple):
    """One file to validate."""

    path: str

    @property
    def where(self) -> str:
        from refcli.reading.documents import display_name

        return display_name(self.path)


class Refused(NamedTuple):
    """A line refused before it could be parsed (too large, a file unreadable): its error and exit status.

    Plain data, not the exception: it travels to a worker, and refcli's
    exceptions do not survive pickling.
    """

    message: str
    status: ExitStatus
    line: int | None = None
    key: str | None = None

    @classmethod
    def of(cls, error: RefcliError) -> Refused:
        return cls(error.one_line(), status_for(error), getattr(error, "line", None), getattr(error, "path", None))

    def result(self, where: str) -> FileResult:
        return input_failure(where, self.message, line=self.line, key=self.key, status=self.status)


class LineTask(NamedTuple):
    """One JSON line to validate: its bytes, or why it was refused while reading."""

    name: str  # the file, as shown
    number: int | None  # its line; None for a file that could not be read at all
    raw: bytes | Refused

    @property
    def where(self) -> str:
        return self.name if self.number is None else f"{self.name}:{self.number}"


Task = PathTask | LineTask
Check = Callable[[Any, "Game | None", ValidateOptions], Outcome]


def validate_path(task: PathTask, game: Game | None, options: ValidateOptions) -> Outcome:
    """Validate one file (picklable: it runs in worker processes too)."""
    from refcli.reading.documents import load_document

    try:
        doc = load_document(task.path, max_bytes=options.max_bytes)
    except Exception as error:  # noqa: BLE001 - this record is reported; the others are still validated
        return failed(task.where, error)
    return replayed(doc, task.where, game, options)


def validate_line(task: LineTask, game: Game | None, options: ValidateOptions) -> Outcome:
    """Validate one JSON line: a record in the same shape as the TOML, read by the same rules."""
    from refcli.reading.documents import Document

    if isinstance(task.raw, Refused):
        return task.raw.result(task.where), task.raw.status, task.raw.message
    try:
        data = parse_json_line(task.raw, task.name, task.number or 1)
        doc = Document(name=task.name, data=data, text="", line=task.number)
    except Exception as error:  # noqa: BLE001 - this record is reported; the others are still validated
        return failed(task.where, error)
    return replayed(doc, task.where, game, options, renamed=True)


def replayed(doc: Any, where: str, game: Game | None, options: ValidateOptions, *, renamed: bool = False) -> Outcome:
    """A document read from a file or a JSON line (``refcli.reading.documents.Document``), validated by its game.

    ``game``: the command's, else the record's ``game`` key says. ``renamed``: the result is named
    ``where`` (a JSON line's file and line number).
    """
    try:
        result = validator_for(doc, game).validate_document(doc, options)
        if result.findings:
            result = located(result, doc)
        if doc.names or doc.defaulted:
            from refcli.reading.warnings import of_document
            from refcli.results.findings import warned

            result = warned(result, of_document(doc))
    except DataError as error:  # a snapshot or a situation given to validate says so (refcli.reading.wrong_command)
        from refcli.reading.wrong_command import explained

        return failed(where, explained(error, doc, game, "validate"))
    except Exception as error:  # noqa: BLE001 - this record is reported; the others are still validated
        return failed(where, error)
    status = ExitStatus.OK if result.valid else ExitStatus.RULE_BROKEN
    return (result._replace(file=where) if renamed else result), status, None


# The validating module for (the command's game, the record's `game` value): a
# batch names a handful of games thousands of times, and the lookup is the same each time.
_VALIDATORS: dict[tuple[str | None, str | None], ModuleType] = {}


def validator_for(doc: Any, game: Game | None) -> ModuleType:
    """``refcli.reading.game_key.engine_for(doc, game, "validate")``, remembered for the game a record names."""
    named = doc.data.get("game") if game is None else None
    key = (game.id if game is not None else None, named) if named is None or type(named) is str else None
    module = _VALIDATORS.get(key) if key is not None else None
    if module is None:
        from refcli.reading.game_key import engine_for

        module = engine_for(doc, game, "validate")  # an unknown game raises: nothing is remembered
        if key is not None and len(_VALIDATORS) < 64:  # the values records give are few; never a leak
            _VALIDATORS[key] = module
    return module


def failed(where: str, error: Exception) -> Outcome:
    """A record that could not be validated: one finding ``rule = "input"`` and its one-line error."""
    if isinstance(error, RecursionError):
        error = DataError(_("input nested too deeply"), file=where)
    if isinstance(error, RefcliError):
        message = error.one_line()
    else:  # a bug in refcli: reported for this record, in one line, never a traceback
        detail = one_line(str(error))[:200]
        message = _("{where}: internal error ({kind}: {detail}); please report it").format(
            where=visible(where), kind=type(error).__name__, detail=detail
        )
    status = status_for(error)
    line, key = getattr(error, "line", None), getattr(error, "path", None)
    return input_failure(where, message, line=line, key=key, status=status), status, message


# -- JSON Lines ---------------------------------------------------------------------------------
# Lone UTF-16 surrogates can only come from \uD800-\uDFFF escapes (UTF-8 cannot
# carry them: decode() refuses them), so only a line with such an escape is searched.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def parse_json_line(raw: bytes, name: str, number: int) -> dict[str, Any]:
    """One JSON line as a record, refused by the rules TOML input follows (UTF-8, no NUL)."""
    from refcli.reading.documents import decode, too_many_digits

    if raw.startswith(BOM):  # json_lines took the file's own off line 1; one further on is a stray
        raise DataError(
            _("expected a JSON object, found a byte-order mark (U+FEFF); only the file may start with one"),
            file=name,
            line=number,
        )
    text = decode(raw, name, first_line=number)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        message = error.msg[:1].lower() + error.msg[1:]  # Python's own words: English
        raise DataError(
            _("not valid JSON at column {column}: {message}").format(column=error.colno, message=message),
            file=name,
            line=number,
        ) from None
    except RecursionError:
        raise DataError(_("not valid JSON: arrays or objects nested too deeply"), file=name, line=number) from None
    except ValueError as error:  # e.g. an integer with more digits than Python converts
        digits = long_json_integer(text)
        if digits is not None:
            raise too_many_digits(digits, name, number) from None
        raise DataError(_("not valid JSON: {error}").format(error=error), file=name, line=number) from None
    if not isinstance(data, dict):
        raise DataError(_("expected a JSON object (one record per line)"), file=name, line=number)
    if _SURROGATE_ESCAPE.search(text):
        refuse_lone_surrogates(data, name, number)
    return data


def long_json_integer(text: str) -> int | None:
    """The digits of the first number in JSON ``text`` longer than Python converts, passing over strings."""
    import sys

    limit = sys.get_int_max_str_digits()
    pattern = r'"(?:[^"\\]++|\\.)*+"|(?<![0-9.])([0-9]{' + str(limit + 1) + r",}+)(?![.eE])"
    for match in re.finditer(pattern, text):
        if match.group(1):
            return len(match.group(1))
    return None


def refuse_lone_surrogates(value: Any, name: str, number: int, path: str = "") -> None:
    """A string or key holding half a UTF-16 pair is not text: DataError naming where."""
    if isinstance(value, dict):
        for key, item in value.items():
            _refuse_in_text(key, name, number, path, "key")
            refuse_lone_surrogates(item, name, number, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for position, item in enumerate(value, 1):
            refuse_lone_surrogates(item, name, number, f"{path}[{position}]")
    elif isinstance(value, str):
        _refuse_in_text(value, name, number, path, "string")


def _refuse_in_text(text: str, name: str, number: int, path: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        escape = f"\\u{ord(text[error.start]):04x}"
        said = (
            _("expected UTF-8 text, found a key with {escape}, half of a UTF-16 surrogate pair")
            if what == "key"
            else _("expected UTF-8 text, found a string with {escape}, half of a UTF-16 surrogate pair")
        )
        raise DataError(
            said.format(escape=escape),
            file=name,
            line=number,
            path=path or None,
        ) from None


def json_lines(path: str, max_bytes: int) -> Iterator[LineTask]:
    """A task for every non-blank line of a JSON Lines file or stdin, read at most ``max_bytes`` a line.

    A longer line is reported as too large (in its place, in order) and skipped
    without being kept, so memory stays bounded whatever the input. A line
    over the limit with a NUL byte in it is binary data (``/dev/zero``, an
    image): reported once, and the rest of that file is not read. A file that
    cannot be opened or read is one task too, so the other files still run.
    """
    from refcli.model.interruption import raise_if_signalled
    from refcli.reading.documents import display_name, too_large

    name = display_name(path)
    raise_if_signalled()  # a kill Python lost while importing must not leave the batch waiting on stdin
    try:
        stream: IO[bytes] = sys.stdin.buffer if path == "-" and hasattr(sys.stdin, "buffer") else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        yield LineTask(name, None, Refused.of(InputUnreadable.because(name, error)))
        return
    number = 0
    try:
        with stream if path != "-" else _no_close(stream):
            while raw := stream.readline(max_bytes + 1):
                number += 1
                if len(raw) > max_bytes and not raw.endswith(b"\n"):
                    if b"\x00" in raw or skip_rest_of_line(stream):
                        yield LineTask(name, number, Refused.of(binary_line(name, number)))
                        return
                    yield LineTask(name, number, Refused.of(too_large(name, max_bytes, number)))
                    continue
                if number == 1 and raw.startswith(BOM):  # as for TOML: a BOM may start the file
                    raw = raw[len(BOM) :]
                if raw.strip():
                    yield LineTask(name, number, raw)
    except OSError as error:  # a read failed part way (a disk error, a device)
        yield LineTask(name, number + 1, Refused.of(InputUnreadable.because(name, error)))


def skip_rest_of_line(stream: IO[bytes], piece: int = 1 << 16) -> bool:
    """Read past the end of the current line, keeping nothing; True if it held a NUL byte."""
    while chunk := stream.readline(piece):
        if b"\x00" in chunk:
            return True
        if chunk.endswith(b"\n"):
            break
    return False


def binary_line(name: str, number: int) -> DataError:
    return DataError(
        _(
            "expected a JSON Lines text file, found a NUL byte in a line over the size limit (binary data?); "
            "the rest of the file is not read"
        ),
        file=name,
        line=number,
    )


class _no_close:
    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def __enter__(self) -> Any:
        return self.stream

    def __exit__(self, *exc: object) -> None:
        return None


# What a worker sends back: the result already written out (a JSON text, or
# plain text), or the result itself when the output must be gathered (TOML,
# rich text); then the exit status, the one-line error, the rules cited, the warnings (names that only look
# different: said on stderr where the output does not carry them).
Rendered = tuple[Any, ExitStatus, str | None, tuple[tuple[str, str], ...], tuple[str, ...]]


# json.dumps(value, ensure_ascii=False), without building an encoder for every result.
_json = json.JSONEncoder(ensure_ascii=False).encode


def _encode(value: Any) -> str:
    """A result as JSON text, safe to print (``refcli.language.visible.in_document``: the values as they are)."""
    return in_document(_json(value))


_VERSION_PREFIX = f'{{"schema_version": {SCHEMA_VERSION}, '


def render_outcome(outcome: Outcome, style: str) -> Rendered:
    """Write one result out where it was computed, so the parent only copies text."""
    result, status, message = outcome
    # The rules cited: each finding's, then the register entries the replay applied (K1, K15 …),
    # so an interpretation that decided a valid record is quoted too.
    game = result.game
    cited: tuple[tuple[str, str], ...] = ()
    if game:
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
    said = _("refcli: warning: {file}: {message}")
    return payload, status, message, cited, tuple(said.format(file=result.file, message=w) for w in result.warnings)


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


def bounded(check: Check, task: Task, game: Game | None, options: ValidateOptions) -> Outcome:
    """``check(task, …)``, given up after ``options.record_timeout`` seconds: then the record is reported as such.

    The bound is a timer signal (SIGALRM), so it works wherever the record is
    validated: in this process (``--jobs 1``) or in a worker process, each on
    its main thread. Where there is no such timer (Windows, or refcli called
    from another thread) records are not bounded.
    """
    import signal
    import threading

    seconds = min(options.record_timeout, LONGEST_RECORD_TIMEOUT)  # inf: a bound that never comes
    if not seconds or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return check(task, game, options)
    previous = signal.signal(signal.SIGALRM, _time_up)
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, seconds)
            return check(task, game, options)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except TimeUp:  # also when it fired as the check ended, before the timer was stopped: it did take that long
        return timed_out(task.where, seconds)
    finally:
        signal.signal(signal.SIGALRM, previous)


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
    import signal

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
) -> Generator[Rendered, None, None]:
    """Rendered outcomes in input order, from this process or from up to ``jobs`` worker processes.

    Close the iterator when done with it (``contextlib.closing``): that stops
    the workers at once if the caller leaves early (the reader went away).
    The messages are in the current language, in every worker too.
    """
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
            built_in.engine("validate")
            record = built_in.formats().get("record")
            if record is not None:
                compile_description(record, built_in)
    from refcli.reading import table_defaults

    game_id = game.id if game is not None else None
    work = partial(_work_elsewhere, check, game_id, options, style, i18n.language(), table_defaults.current())
    yield from ordered_map(work, tasks, jobs, partial(worker_died, style), total, task_bytes)


def task_bytes(task: Task) -> int:
    """What a task weighs in a worker's message: a JSON line's bytes (a path is light)."""
    return len(task.raw) if isinstance(task, LineTask) and isinstance(task.raw, bytes) else 0


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
) -> ExitStatus:
    """Write every outcome as it arrives; return the worst exit status.

    Every document (JSON, TOML, text) ends with the counts of valid, invalid
    and unreadable files; JSON Lines and CSV are a result (or a row) at a time.
    """
    from refcli.output.render import carries_unicode, emit, json_for
    from refcli.results.blocks import Block, Heading, Quotes, plain_text
    from refcli.results.findings import validation_report
    from refcli.results.report import Report
    from refcli.rules.catalogue import rules_for

    out = sys.stdout
    code = ExitStatus.OK
    counts = Counts()
    cited: dict[tuple[str, str], None] = {}
    gathered: list[FileResult] = []
    progress = Progress(total)
    count = 0
    style = output_style(fmt, jsonl)
    # The document is opened with its first result (or at the end when there
    # is none), so a run interrupted before any result printed nothing.
    if style == "csv":
        from refcli.output.spreadsheet import FINDING_HEADER, for_stream

        opening = FINDING_HEADER
    else:
        opening = f'{{"schema_version": {SCHEMA_VERSION}, "results": ['
    unicode_out = carries_unicode(out)  # else JSON goes out with \\u escapes (cp1252, ascii)
    try:
        for payload, status, message, rules, warnings in outcomes:
            progress.step()
            if message is not None:  # the same one line as for any other command
                print(f"refcli: error: {message}", file=sys.stderr)
            if style in ("text", "csv") or (style == "gather" and fmt is Format.text):
                for warning in warnings:
                    print(warning, file=sys.stderr)
            code = worst(code, status)
            counts = counts.counted(status)
            cited.update(dict.fromkeys(rules))
            if style == "jsonl":
                out.write((payload if unicode_out else json_for(out, payload)) + "\n")
            elif style == "json":
                out.write(("," if count else opening) + "\n" + (payload if unicode_out else json_for(out, payload)))
            elif style == "csv":
                out.write(("" if count else opening) + (payload if unicode_out else for_stream(out, payload)))
            elif style == "text":
                out.write(payload)
            else:
                gathered.append(payload)
            count += 1
    finally:
        progress.close()  # interrupted too: no progress bar left on the terminal's last line
    citations = [rules_for(game).cite([rule])[0] for game, rule in cited]
    if style == "jsonl":
        pass
    elif style == "csv":
        if not count:
            out.write(opening)
    elif style == "json":
        out.write(
            ("" if count else opening)
            + '\n], "counts": '
            + json.dumps(counts.to_dict())
            + ', "citations": '
            + json.dumps(citations, indent=2, ensure_ascii=not unicode_out)
            + "}\n"
        )
    elif style == "gather":
        emit(validation_report(gathered, citations, counts), fmt, explain=explain, page=page)
    else:
        summary: list[Block] = [Heading(counts.line())]
        if citations:
            summary.append(Quotes(tuple(citations), title=N_("Rules cited")))
        out.write("\n" + plain_text(Report({}, summary).blocks))
    out.flush()  # here, not at exit: a reader that went away is a BrokenPipeError the caller sees
    return code
