"""Validating one recorded game: a file, or a JSON line, as ``refcli validate`` and the library both do.

The command line's batches (``refcli.cli.batch``) and ``refcli.validate_line``
call the same functions here, so a record gets the same result either way.
Whatever goes wrong with a record is reported in its result (one finding
whose rule is ``input``), never raised: a batch of thousands goes on past a
bad one.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from refcli.language.i18n import _
from refcli.language.visible import visible
from refcli.model.errors import DataError, RefcliError, one_line
from refcli.model.exit_status import ExitStatus, status_for
from refcli.model.options import ValidateOptions
from refcli.reading.documents import Document  # here, not in validate_line: an import statement a line costs
from refcli.reading.json_lines import LineTask, Refused, parse_json_line
from refcli.reading.warnings import of_document
from refcli.results.findings import FileResult, input_failure, located, warned

if TYPE_CHECKING:
    from refcli.model.game import Game

# (the result, the exit status it implies, the one-line error if any)
Outcome = tuple[FileResult, ExitStatus, str | None]


class PathTask(NamedTuple):
    """One file to validate."""

    path: str

    @property
    def where(self) -> str:
        from refcli.reading.documents import display_name

        return display_name(self.path)


Task = PathTask | LineTask


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
    if isinstance(task.raw, Refused):
        return refused(task.raw, task.where), task.raw.status, task.raw.message
    try:
        data = parse_json_line(task.raw, task.name, task.number or 1)
        doc = Document.of_line(task.name, data, task.number)
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
            result = warned(result, of_document(doc))
    except DataError as error:  # a snapshot or a situation given to validate says so (refcli.reading.wrong_command)
        from refcli.reading.wrong_command import explained

        return failed(where, explained(error, doc, game, "validate"))
    except Exception as error:  # noqa: BLE001 - this record is reported; the others are still validated
        return failed(where, error)
    status = ExitStatus.OK if result.valid else ExitStatus.RULE_BROKEN
    if renamed:  # result._replace(file=where), without its generic machinery (paid once a JSON line), nor the
        # named tuple's __new__ in Python: its fields are the result's own, so tuple's checks nothing left out
        result = tuple.__new__(FileResult, (where, *result[1:]))
    return result, status, None


# The validating module for the command's game (by its id), and for the record's `game` value where the command
# names none: a batch names a handful of games thousands of times, and the lookup is the same each time. Two
# tables looked up by a string, not one by a pair: no tuple to make and hash for each record.
_FOR_COMMAND: dict[str, ModuleType] = {}
_FOR_RECORD: dict[str, ModuleType] = {}


def validator_for(doc: Any, game: Game | None) -> ModuleType:
    """``refcli.reading.game_key.engine_for(doc, game, "validate")``, remembered for the game a record names."""
    if game is not None:
        key: str | None = game.id
        known = _FOR_COMMAND
    else:
        named = doc.data.get("game")
        key = named if type(named) is str else None
        known = _FOR_RECORD
    module = known.get(key) if key is not None else None
    if module is None:
        from refcli.reading.game_key import engine_for

        module = engine_for(doc, game, "validate")  # an unknown game raises: nothing is remembered
        if key is not None and len(known) < 64:  # the values records give are few; never a leak
            known[key] = module
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


def refused(refusal: Refused, where: str) -> FileResult:
    """The result for a line refused while it was read: one finding ``rule = "input"``."""
    return input_failure(where, refusal.message, line=refusal.line, key=refusal.key, status=refusal.status)
