"""What every game's commands share: the error boundary, scoring files, writing files.

``reporting()`` is the one place where exceptions become a one-line message
on stderr and an exit status (``refcli.exit_status`` says which).
"""

from __future__ import annotations


import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn, Optional

import typer

from refcli.errors import DataError, OutputUnwritable, RefcliError
from refcli.exit_status import ExitStatus, status_for, worst
from refcli.options import Format, ScoreOptions, ValidateOptions


FormatOption = Annotated[
    Format,
    typer.Option("--format", "-f", help="Output format: text for people, json or toml for scripts.", case_sensitive=False),
]
FilesArgument = Annotated[
    list[str],
    typer.Argument(help="TOML files to read; - reads standard input.", metavar="FILE..."),
]
def _set_max_bytes(value: int | None) -> int | None:
    """Runs for every command with the option, given or not, so no limit outlives its command."""
    from refcli.inputs import DEFAULT_MAX_BYTES, set_max_bytes

    set_max_bytes(value if value is not None else DEFAULT_MAX_BYTES)
    return value


MaxBytesOption = Annotated[
    Optional[int],  # noqa: UP007 - typer reads the annotation at run time
    typer.Option(
        "--max-bytes", min=1, metavar="N", callback=_set_max_bytes,
        help="Refuse inputs (or JSON lines) larger than N bytes [default: 8 MiB].",
    ),
]
JobsOption = Annotated[
    int, typer.Option("--jobs", "-j", min=1, max=64, help="Validate in N processes (results stay in input order).")
]
JsonlOption = Annotated[
    bool,
    typer.Option("--jsonl", help="Each FILE holds one record per line as JSON (same shape as the TOML); results as JSON Lines."),
]
StrictOption = Annotated[
    bool, typer.Option("--strict", help="Stop at the first error instead of reporting every one.")
]
PartialOption = Annotated[
    bool,
    typer.Option("--partial", help="Score a game that is not over yet: complete sets/holdings only, and say so."),
]


def say_error(error: BaseException) -> ExitStatus:
    """Print ``refcli: error: …`` (one line) and return the exit status it means."""
    if isinstance(error, RefcliError):
        message = error.one_line()
    else:  # a bug in refcli: still one line, never a traceback
        message = f"internal error ({type(error).__name__}: {' '.join(str(error).split())[:200]}); please report it"
    print(f"refcli: error: {message}", file=sys.stderr)
    return status_for(error)


@contextmanager
def reporting() -> Iterator[None]:
    """Run a command body; map any failure to its exit status in one place."""
    try:
        yield
    except (typer.Exit, BrokenPipeError):
        raise  # BrokenPipeError: the reader went away; main() ends quietly
    except RecursionError as error:
        raise typer.Exit(say_error(DataError("input nested too deeply"))) from error
    except Exception as error:  # noqa: BLE001 - the boundary: nothing escapes as a traceback
        raise typer.Exit(say_error(error)) from error


def finish(code: ExitStatus) -> NoReturn:
    raise typer.Exit(int(code))


def score_files(files: list[str], game_id: str | None, options: ScoreOptions, fmt: Format) -> NoReturn:
    """Score each file, report every one, exit with the worst status."""
    from refcli import registry
    from refcli.inputs import load_document
    from refcli.render import emit
    from refcli.report import bundle

    reports = []
    engines = set()
    code = ExitStatus.OK
    for path in files:
        try:
            doc = load_document(path)
            engine = registry.engine_for(doc, game_id, "score")
            game = registry.game_for(doc, game_id)
            # a game's own options it was not given (another game's file, `refcli score`) take their defaults
            defaults = ((param.name, param.default) for param in game.score_options)
            reports.append(engine.score_document(doc, options.completed(defaults)))
            engines.add(engine)
        except RefcliError as error:
            code = worst(code, say_error(error))
    if reports:
        # a game whose scores add up over several plays totals them (Game.verbs: score's `combine`)
        only = next(iter(engines)) if len(engines) == 1 else None
        combine = getattr(only, "combine", None)
        emit(combine(reports) if combine and len(reports) > 1 else bundle(reports), fmt)
    finish(code)


def rule_file(path: str, game_id: str | None, fmt: Format) -> NoReturn:
    """Rule on one situation file: exit 0 when legal, 1 when the situation breaks a rule."""
    from refcli import registry
    from refcli.inputs import load_document
    from refcli.render import emit

    doc = load_document(path)
    report, legal = registry.engine_for(doc, game_id, "ruling").rule_document(doc)
    emit(report, fmt)
    finish(ExitStatus.OK if legal else ExitStatus.RULE_BROKEN)


def validate_files(
    files: list[str], game_id: str | None, options: ValidateOptions, fmt: Format, *, jobs: int = 1, jsonl: bool = False
) -> NoReturn:
    """Replay recorded games, streaming results; exit 1 if any breaks a rule (66/65 if unreadable).

    With ``jsonl`` each FILE holds one record per line (JSON Lines) and the
    results come out as JSON Lines.
    """
    from refcli import batch
    from refcli.inputs import display_name

    if jsonl:
        tasks: Any = (
            (display_name(path), number, line, game_id, options) for path in files for number, line in batch.json_lines(path)
        )
        style = batch.output_style(fmt, jsonl)
        code = batch.write_results(batch.run(tasks, batch.validate_line, jobs, style), fmt, True, None)
    else:
        tasks = [(path, game_id, options) for path in files]
        style = batch.output_style(fmt, jsonl)
        code = batch.write_results(batch.run(tasks, batch.validate_path, jobs, style), fmt, False, len(tasks))
    finish(code)


def rules_query(game: str, title: str, query: str | None, fmt: Format) -> None:
    """``GAME rules [QUERY]``: the matching clauses of one game's catalogue."""
    from refcli.catalogue import rules_for
    from refcli.render import emit
    from refcli.report import clauses_report

    found = rules_for(game).search(query or "")
    emit(clauses_report(game, title, [c.citation() for c in found], query), fmt)


def print_template(game: str, kind: str, output: str | None, force: bool) -> None:
    """``GAME template KIND``: a commented starter file, on stdout or written with -o."""
    from refcli.catalogue import data_dir

    text = (data_dir() / "templates" / game / f"{kind}.toml").read_text(encoding="utf-8")
    if output:
        write_new_file(output, text, force)
        print(f"wrote {output}", file=sys.stderr)
    else:
        sys.stdout.write(text)


def write_new_file(path: str, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` atomically; refuse to overwrite without ``--force``."""
    import os  # imported here: only `template -o` writes files
    import tempfile
    from pathlib import Path

    target = Path(path)
    if target.exists() and not force:
        raise OutputUnwritable(f"{path} exists; use --force to overwrite it")
    if target.is_dir():
        raise OutputUnwritable(f"{path} is a directory; name a file")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as error:
        raise OutputUnwritable(f"cannot write {path}: {error.strerror or error}") from None
    # Written beside the target and renamed over it, so an interrupted write
    # never leaves a partial file under the name the user asked for.
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
