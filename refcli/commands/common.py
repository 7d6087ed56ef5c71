"""What every game's commands share: the error boundary, scoring files, templates and schemas.

``reporting()`` is the one place where exceptions become a one-line message
on stderr and an exit status (``refcli.exit_status`` says which).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer

from refcli.errors import DataError, ReaderGone, RefcliError
from refcli.exit_status import ExitStatus, status_for, worst
from refcli.options import DEFAULT_MAX_BYTES, MAX_MAX_BYTES, Format, ScoreOptions, ValidateOptions

FormatOption = Annotated[
    Format,
    typer.Option(
        "--format", "-f", help="Output format: text for people, json or toml for scripts.", case_sensitive=False
    ),
]
FilesArgument = Annotated[
    list[str],
    typer.Argument(help="TOML files to read; - reads standard input.", metavar="FILE..."),
]
MaxBytesOption = Annotated[
    int,
    typer.Option(
        "--max-bytes",
        min=1,
        max=MAX_MAX_BYTES,
        metavar="N",
        show_default=False,
        help="Refuse inputs (or JSON lines) larger than N bytes [default: 8 MiB; at most 2^40].",
    ),
]
JobsOption = Annotated[
    int, typer.Option("--jobs", "-j", min=1, max=64, help="Validate in N processes (results stay in input order).")
]
JsonlOption = Annotated[
    bool,
    typer.Option(
        "--jsonl", help="Each FILE holds one record per line as JSON (same shape as the TOML); results as JSON Lines."
    ),
]
StrictOption = Annotated[bool, typer.Option("--strict", help="Stop at the first error instead of reporting every one.")]
ExplainOption = Annotated[
    bool,
    typer.Option(
        "--explain",
        "-v",
        help="On a terminal, quote every clause applied, not only those that decided the outcome "
        "(a pipe, JSON and TOML always get every one).",
    ),
]
NoPagerOption = Annotated[
    bool,
    typer.Option(
        "--no-pager",
        help="Print straight to the terminal. Otherwise text taller than the terminal goes through "
        "$REFCLI_PAGER, $PAGER or less -R (never when piped).",
    ),
]
PartialOption = Annotated[
    bool,
    typer.Option("--partial", help="Score a game that is not over yet: complete sets/holdings only, and say so."),
]


def say_error(error: BaseException) -> ExitStatus:
    """Print ``refcli: error: …`` (one line) and return the exit status it means.

    A reader that went away (``| head``) is not an error to print: only its status.
    """
    if isinstance(error, ReaderGone):
        return status_for(error)
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
    except typer.Exit:
        raise
    except RecursionError as error:
        raise typer.Exit(say_error(DataError("input nested too deeply"))) from error
    except Exception as error:  # noqa: BLE001 - the boundary: nothing escapes as a traceback
        raise typer.Exit(say_error(error)) from error


def finish(code: ExitStatus) -> NoReturn:
    raise typer.Exit(int(code))


def score_files(
    files: list[str],
    game_id: str | None,
    options: ScoreOptions,
    fmt: Format,
    *,
    explain: bool = False,
    page: bool = True,
) -> NoReturn:
    """Score each file (``refcli.api.score``), report every one, exit with the worst status."""
    from refcli import api, registry
    from refcli.render import emit
    from refcli.report import bundle

    reports = []
    games = set()
    code = ExitStatus.OK
    for path in files:
        try:
            report = api.score(
                path, game=game_id, partial=options.partial, max_bytes=options.max_bytes, **dict(options.variants)
            )
        except RefcliError as error:
            code = worst(code, say_error(error))
            continue
        reports.append(report)
        games.add(report.data["game"])
    if reports:
        # a game whose scores add up over several plays totals them (Game.verbs: score's `combine`)
        only = registry.get(next(iter(games))) if len(games) == 1 else None
        combine = getattr(only.engine("score"), "combine", None) if only else None
        emit(combine(reports) if combine and len(reports) > 1 else bundle(reports), fmt, explain=explain, page=page)
    finish(code)


def rule_file(
    path: str,
    game_id: str | None,
    fmt: Format,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    explain: bool = False,
    page: bool = True,
) -> NoReturn:
    """Rule on one situation file (``refcli.api.rule``): exit 0 when legal, 1 when it breaks a rule."""
    from refcli import api
    from refcli.render import emit

    ruling = api.rule(path, game=game_id, max_bytes=max_bytes)
    emit(ruling, fmt, explain=explain, page=page)
    finish(ExitStatus.OK if ruling.legal else ExitStatus.RULE_BROKEN)


def validate_files(
    files: list[str],
    game_id: str | None,
    options: ValidateOptions,
    fmt: Format,
    *,
    jobs: int = 1,
    jsonl: bool = False,
    explain: bool = False,
    page: bool = True,
) -> NoReturn:
    """Replay recorded games, streaming results; exit 1 if any breaks a rule (66/65 if unreadable).

    With ``jsonl`` each FILE holds one record per line (JSON Lines) and the
    results come out as JSON Lines.
    """
    from contextlib import closing

    from refcli import batch

    style = batch.output_style(fmt, jsonl)
    tasks: Any
    if jsonl:
        tasks = (task for path in files for task in batch.json_lines(path, options.max_bytes))
        check: batch.Check = batch.validate_line
        total = None
    else:
        tasks = [batch.PathTask(path) for path in files]
        check, total = batch.validate_path, len(tasks)
    # closing(): however writing ends (the reader went away, Ctrl-C), the workers stop with it.
    with closing(batch.run(tasks, check, game_id, options, jobs, style, total)) as outcomes:
        code = batch.write_results(outcomes, fmt, jsonl, total, explain=explain, page=page)
    finish(code)


def rules_query(game: str, title: str, query: str | None, fmt: Format, *, page: bool = True) -> None:
    """``GAME rules [QUERY]``: the matching clauses of one game's catalogue."""
    from refcli.catalogue import rules_for
    from refcli.render import emit
    from refcli.report import clauses_report

    found = rules_for(game).search(query or "")
    emit(clauses_report(game, title, [c.citation() for c in found], query), fmt, page=page)


def print_generated(game: str, relative: str, output: str | None, force: bool) -> None:
    """``GAME template KIND`` and ``GAME schema KIND``: a file under the game's data folder, on stdout or written with -o."""
    from refcli.catalogue import game_data_dir

    text = (game_data_dir(game) / relative).read_text(encoding="utf-8")
    if output is not None:  # `-o ""` names no file: refused (73), not taken for stdout
        from refcli.output import write_file  # only `template -o` and `schema -o` write files

        write_file(output, text, force)
        print(f"wrote {output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
