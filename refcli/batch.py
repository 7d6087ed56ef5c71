"""Validating many recorded games: streamed, optionally in parallel, with progress.

Results are written as each file (or JSON line) finishes, so memory stays
flat however many records there are: JSON output is one document written
piece by piece, text output prints file after file, and ``--jsonl`` input
gives JSON Lines out. Only TOML output, which cannot be written in pieces,
is gathered first. ``--jobs N`` validates in N processes, in input order.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterable, Iterator
from typing import IO, Any

from refcli.errors import DataError, RefcliError
from refcli.exit_status import ExitStatus, status_for, worst
from refcli.options import Format, ValidateOptions
from refcli.validation import FileResult, input_failure

# (where it came from, the result, the exit status it implies, the one-line error if any)
Outcome = tuple[FileResult, ExitStatus, str | None]


def validate_path(task: tuple[str, str | None, ValidateOptions]) -> Outcome:
    """Validate one file (picklable: it runs in worker processes too)."""
    from refcli.inputs import display_name, load_document
    from refcli.registry import engine_for

    path, game_id, options = task
    try:
        doc = load_document(path)
        result = engine_for(doc, game_id, "validate").validate_document(doc, options)
    except RefcliError as error:
        return input_failure(display_name(path), error.one_line()), status_for(error), error.one_line()
    return result, (ExitStatus.OK if result.valid else ExitStatus.RULE_BROKEN), None


def validate_line(task: tuple[str, int, str, str | None, ValidateOptions]) -> Outcome:
    """Validate one JSON line: a record in the same shape as the TOML."""
    from refcli.inputs import Document
    from refcli.registry import engine_for

    name, number, line, game_id, options = task
    where = f"{name}:{number}"
    try:
        try:
            data = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise DataError(f"not valid JSON: {error}", file=name, line=number) from None
        if not isinstance(data, dict):
            raise DataError("expected a JSON object (one record per line)", file=name, line=number)
        if "__too_large__" in data:
            from refcli.inputs import too_large

            raise too_large(name, number)
        doc = Document(name=name, data=data, text="", line=number)
        result = engine_for(doc, game_id, "validate").validate_document(doc, options)
    except RefcliError as error:
        return input_failure(where, error.one_line()), status_for(error), error.one_line()
    return result._replace(file=where), (ExitStatus.OK if result.valid else ExitStatus.RULE_BROKEN), None


def json_lines(path: str) -> Iterator[tuple[int, str]]:
    """(line number, text) for every non-blank line of a JSON Lines file or stdin."""
    from refcli.errors import InputUnreadable
    from refcli.inputs import display_name, max_bytes

    try:
        stream: IO[bytes] = sys.stdin.buffer if path == "-" and hasattr(sys.stdin, "buffer") else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        raise InputUnreadable(display_name(path), error.strerror or type(error).__name__) from None
    with stream if path != "-" else _no_close(stream):
        for number, raw in enumerate(stream, 1):
            text = raw.decode("utf-8", "replace").strip()
            if len(raw) > max_bytes():
                text = json.dumps({"__too_large__": len(raw)})  # reported by validate_line, in order
            if text:
                yield number, text


class _no_close:
    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def __enter__(self) -> Any:
        return self.stream

    def __exit__(self, *exc: object) -> None:
        return None


# What a worker sends back: the result already written out (a JSON text, or
# plain text), or the result itself when the output must be gathered (TOML,
# rich text); then the exit status, the one-line error, the rules cited.
Rendered = tuple[Any, ExitStatus, str | None, tuple[tuple[str, str], ...]]


def render_outcome(outcome: Outcome, style: str) -> Rendered:
    """Write one result out where it was computed, so the parent only copies text."""
    result, status, message = outcome
    cited = tuple((result.game, f.rule) for f in result.findings if result.game and f.rule != "input")
    if style == "json":
        payload: Any = json.dumps(result.to_dict(), ensure_ascii=False)
    elif style == "text":
        from refcli.render import plain_text
        from refcli.validation import result_blocks

        payload = plain_text(result_blocks(result))
    else:
        payload = result
    return payload, status, message, cited


def _work(task: tuple[Any, Any, str]) -> Rendered:
    worker, inner, style = task
    return render_outcome(worker(inner), style)


def run(tasks: Iterable[Any], worker: Any, jobs: int, style: str) -> Iterator[Rendered]:
    """Rendered outcomes in input order, from this process or from ``jobs`` worker processes."""
    jobs_tasks = ((worker, task, style) for task in tasks)
    if jobs <= 1:
        yield from map(_work, jobs_tasks)
        return
    import multiprocessing

    from refcli import registry

    # Import every game's validator once here, so forked workers start with them loaded.
    for game in registry.built_in():
        if game.verb("validate"):
            game.engine("validate")
    with multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(jobs) as pool:
        yield from pool.imap(_work, jobs_tasks, chunksize=64)


def output_style(fmt: Format, jsonl: bool) -> str:
    """json (a JSON text per result), text (plain text per result) or gather (TOML, rich)."""
    from refcli.render import use_rich

    if jsonl or fmt is Format.json:
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
            line = f"\r{bar} {self.done}/{self.total} records, {rate:,.0f}/s"
        else:
            line = f"\r{self.done} records, {rate:,.0f}/s"
        sys.stderr.write(line)
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 70 + "\r")
            sys.stderr.flush()


def write_results(outcomes: Iterable[Rendered], fmt: Format, jsonl: bool, total: int | None) -> ExitStatus:
    """Write every outcome as it arrives; return the worst exit status."""
    from refcli.catalogue import rules_for
    from refcli.render import emit, plain_text
    from refcli.report import Block, Heading, Quotes, Report
    from refcli.validation import validation_report

    out = sys.stdout
    code = ExitStatus.OK
    cited: dict[tuple[str, str], None] = {}
    gathered: list[FileResult] = []
    progress = Progress(total)
    count = 0
    style = output_style(fmt, jsonl)
    if style == "json" and not jsonl:
        out.write('{"results": [')
    for payload, status, message, rules in outcomes:
        progress.step()
        if message is not None:  # the same one line as for any other command
            print(f"refcli: error: {message}", file=sys.stderr)
        code = worst(code, status)
        cited.update(dict.fromkeys(rules))
        if jsonl:
            out.write(payload + "\n")
        elif style == "json":
            out.write(("," if count else "") + "\n" + payload)
        elif style == "text":
            out.write(payload)
        else:
            gathered.append(payload)
        count += 1
    progress.close()
    citations = [rules_for(game).cite([rule])[0] for game, rule in cited]
    if jsonl:
        pass
    elif style == "json":
        out.write("\n], \"citations\": " + json.dumps(citations, indent=2, ensure_ascii=False) + "}\n")
    elif style == "gather":
        emit(validation_report(gathered, citations), fmt)
    else:
        summary: list[Block] = [Heading(f"{count} file{'s' if count != 1 else ''} validated")]
        if citations:
            summary.append(Quotes(tuple(citations), title="Rules cited"))
        out.write("\n" + plain_text(Report({}, summary).blocks))
    return code
