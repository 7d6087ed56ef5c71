"""Validation results shared by every game: findings per file, and the report.

The ``validate`` document (docs/output.md, ``validate``): ``{"results":
[{"file", "game", "valid", "findings": [{"event", "line", "severity", "rule",
"message"}]}]}``; a file that could not be read or parsed is invalid with one
finding whose rule is ``input`` (and an ``error`` entry: line, key, exit
code). A finding's ``line`` is the line of its ``[[event]]`` table, looked up
only when there is a finding.

The text follows the language (``refcli.language.i18n``); the JSON keys and the
enumerated values (``severity``, ``rule``) stay English, the messages are
written in the language of the validation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from refcli.language.i18n import N_, _, ngettext, using
from refcli.language.visible import visible
from refcli.results.blocks import Block, Grid, Heading, Para, Quotes
from refcli.results.report import Report, to_json

# A finding's severity as text names it (JSON keeps the English value).
SEVERITY_WORDS = {"error": N_("error"), "warning": N_("warning")}


class Finding(NamedTuple):
    event: int | None  # 1-based position in the record's event list; None for the record as a whole
    severity: str  # "error" | "warning"
    rule: str  # a clause id, or "input"
    message: str
    line: int | None = None  # the line of the event's [[event]] table in the file (``located``); None: no text

    def to_dict(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "line": self.line,
            "severity": self.severity,
            "rule": self.rule,
            "message": visible(self.message),  # a message, not data: a value it quotes is shown escaped
        }

    def where(self, file: str) -> str:
        """``FILE:LINE: event 46`` (the form editors jump to); ``FILE:LINE: record`` for the record as a whole."""
        place = file if self.line is None else f"{file}:{self.line}"
        return f"{place}: " + (_("record") if self.event is None else _("event {number}").format(number=self.event))


class FileResult(NamedTuple):
    """One recorded game's validation (``refcli.validate`` returns it as ``Validation``). Immutable; pickles."""

    file: str
    game: str | None
    findings: tuple[Finding, ...]
    skipped: tuple[str, ...] = ()  # checks not made, and why (facts the record leaves out)
    summary: dict[str, Any] = {}  # noqa: RUF012 - never mutated
    language: str | None = None  # the language of its text (``refcli.validate(lang=…)``); None: the current one

    @property
    def valid(self) -> bool:
        if not self.findings:  # most records of a batch: asked for each, without a generator
            return True
        return not any(finding.severity == "error" for finding in self.findings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "game": self.game,
            "valid": self.valid,
            # (most results of a batch have no finding: no comprehension's frame for them, no call to list)
            "findings": [finding.to_dict() for finding in self.findings] if self.findings else [],
            "skipped": [*self.skipped],
            **self.summary,
        }

    def to_json(self) -> str:
        return to_json(self.to_dict())

    def text(self) -> str:
        """Plain text, as ``refcli validate`` prints this file's result to a pipe."""
        from refcli.results.blocks import plain_text

        with using(self.language):
            return plain_text(result_blocks(self))

    def __str__(self) -> str:
        return self.text()

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the reader should check though no rule is broken (names that only look different), as sentences."""
        return tuple(warning["message"] for warning in self.summary.get("warnings", ()))

    @property
    def unreadable(self) -> bool:
        """Not validated at all: it could not be read or parsed (its finding's rule is ``input``)."""
        return any(finding.rule == "input" for finding in self.findings)


def warned(result: FileResult, warnings: list[dict[str, Any]]) -> FileResult:
    """``result`` with ``warnings`` (``refcli.reading.player_names.warnings``) as the entry's last key; as it was without any."""
    if not warnings:
        return result
    return result._replace(summary={**result.summary, "warnings": warnings})


def input_failure(
    file: str, message: str, *, line: int | None = None, key: str | None = None, status: int = 65
) -> FileResult:
    """A file that could not be read or parsed: one ``input`` finding, and the ``error`` entry scripts read."""
    error = {"message": message, "line": line, "key": key, "exit_code": int(status)}
    return FileResult(
        file=file, game=None, findings=(Finding(None, "error", "input", message, line),), summary={"error": error}
    )


# A `[[event]]` header (or `[["event"]]`) at the start of a line: counting them gives every event's line at once.
_EVENT_HEADER = re.compile(r"""^[ \t]*\[\[[ \t]*(?:event|"event"|'event')[ \t]*\]\]""", re.MULTILINE)
# Keys a record's end is checked against (final scores, the winner): where a finding on the whole record points.
_END_KEYS = ("scores", "winner")


def located(result: FileResult, doc: Any) -> FileResult:
    """``result`` with each finding's ``line``: its event's ``[[event]]`` table, from ``doc`` (a ``Document``).

    A finding on the record as a whole points at the recorded end it
    contradicts (``[scores]``, ``winner``), else the last event. A JSON
    line's findings are all on that line; a document that was never text
    has no lines. Only called for results with findings: a valid record
    costs nothing.
    """
    if not result.findings or not getattr(doc, "has_lines", False):
        return result
    if doc.line is not None:
        return result._replace(findings=tuple(f._replace(line=doc.line) for f in result.findings))
    events = doc.data.get("event")
    count = len(events) if isinstance(events, list) else 0
    lines: dict[int, int] | None = None

    def event_line(number: int) -> int:
        nonlocal lines
        if lines is None:
            lines = event_lines(doc, count)
        found = lines.get(number)  # else the scan stopped before it: the line of `event` itself, as line_of gives
        return found if found is not None else int(doc.locator().line_of(("event",)))

    def line_of(finding: Finding) -> int:
        if finding.event is not None:
            return event_line(finding.event)
        for key in _END_KEYS:
            if key in doc.data:
                return int(doc.locator().line_of((key,)))
        return event_line(count) if count else 1

    return result._replace(
        findings=tuple(f if f.line is not None else f._replace(line=line_of(f)) for f in result.findings)
    )


def event_lines(doc: Any, count: int) -> dict[int, int]:
    """Every event's line (number → line), in one pass over the text whatever its layout.

    Most records write ``[[event]]`` headers, counted by one search; any other
    layout (``[["event"]]``, ``event = [{…}, …]``, a header inside a string)
    is left to the locator, which finds every event in one scan too: never a
    scan per event, which made a record of thousands of findings quadratic.
    """
    starts = [match.start() for match in _EVENT_HEADER.finditer(doc.text)]
    if len(starts) != count:
        found: dict[int, int] = doc.locator().element_lines(("event",))
        return found
    lines, line, position = {}, 1, 0
    for number, start in enumerate(starts, 1):
        line += doc.text.count("\n", position, start)
        position = start
        lines[number] = line
    return lines


def result_blocks(result: FileResult) -> list[Block]:
    """One file's verdict, then each finding as ``FILE:LINE: event N: severity [rule]: message``."""
    errors = sum(f.severity == "error" for f in result.findings)
    warnings = len(result.findings) - errors
    blocks: list[Block] = []
    if result.valid:
        events = result.summary.get("events")
        counted = ngettext("{n} event", "{n} events", events).format(n=events) if events is not None else _("checked")
        if warnings:
            counted += ngettext(", {n} warning", ", {n} warnings", warnings).format(n=warnings)
        blocks.append(
            Para(_("✓ {file}: follows the rules ({details})").format(file=result.file, details=counted), "good")
        )
    elif result.unreadable:
        blocks.append(Para(_("{file}: not validated").format(file=result.file), "bad"))
    else:
        said = ngettext("{file}: {n} error", "{file}: {n} errors", errors)
        blocks.append(Para(said.format(file=result.file, n=errors), "bad"))
    # One line a finding, never wrapped (a table without headers): `FILE:LINE: …` is what editors and grep read.
    lines = tuple(
        (
            finding.message
            if finding.rule == "input"
            else f"{finding.where(result.file)}: {severity_word(finding.severity)} [{finding.rule}]: {finding.message}",
        )
        for finding in result.findings  # an input finding's message already says FILE:LINE: key
    )
    if lines:
        blocks.append(Grid((("", "left"),), lines))
    blocks.extend(Para("  " + _("skipped: {note}").format(note=note), "dim") for note in result.skipped)
    return blocks


def severity_word(severity: str) -> str:
    word = SEVERITY_WORDS.get(severity)
    return _(word) if word else severity


class Counts(NamedTuple):
    """The multi-file summary: how many files followed the rules, broke one, or could not be validated."""

    valid: int = 0
    invalid: int = 0
    unreadable: int = 0

    @property
    def files(self) -> int:
        return self.valid + self.invalid + self.unreadable

    @staticmethod
    def column(status: int) -> int:
        """Which count a file adds to, by its exit status: 0 valid, 1 a rule broken, else (65, 66, 70) not
        validated; a batch keeps a list of the three and makes the Counts at its end."""
        return 0 if status == 0 else 1 if status == 1 else 2

    def to_dict(self) -> dict[str, int]:
        return {"files": self.files, "valid": self.valid, "invalid": self.invalid, "unreadable": self.unreadable}

    def line(self) -> str:
        """``3 files validated: 1 valid, 1 invalid, 1 unreadable``."""
        said = ngettext(
            "{files} file validated: {valid} valid, {invalid} invalid, {unreadable} unreadable",
            "{files} files validated: {valid} valid, {invalid} invalid, {unreadable} unreadable",
            self.files,
        )
        return said.format(files=self.files, valid=self.valid, invalid=self.invalid, unreadable=self.unreadable)


def validation_report(
    results: list[FileResult], citations: list[dict[str, Any]], counts: Counts | None = None
) -> Report:
    """All results as one report (for TOML output, which cannot be streamed)."""
    if counts is None:
        counts = Counts(
            valid=sum(r.valid for r in results),
            invalid=sum(not r.valid and not r.unreadable for r in results),
            unreadable=sum(r.unreadable for r in results),
        )
    data = {"results": [result.to_dict() for result in results], "counts": counts.to_dict(), "citations": citations}
    blocks: list[Block] = [Heading(counts.line())]
    for result in results:
        blocks.extend(result_blocks(result))
    if citations:
        blocks.append(Quotes(tuple(citations), title=N_("Rules cited")))
    return Report(data=data, blocks=blocks)


class StopReplay(Exception):
    """--strict: the first error ends the replay."""


@dataclass(kw_only=True)
class ReplayLog:
    """What every game's replay records: findings by event number, and the checks it skipped.

    Game replays are dataclasses that inherit this (its fields are keyword-only
    so each game's own fields can come first).
    """

    findings: list[Finding] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    number: int = 0  # the event being applied, 1-based
    strict: bool = False

    def error(self, rule: str, message: str, event: int | None = -1) -> None:
        """An error at the current event (``event=None``: the record as a whole)."""
        self.findings.append(Finding(self.number if event == -1 else event, "error", rule, message))
        if self.strict:
            raise StopReplay

    def warn(self, rule: str, message: str, event: int | None = -1) -> None:
        self.findings.append(Finding(self.number if event == -1 else event, "warning", rule, message))

    def apply(self, event: Any) -> None:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def finish(self) -> Any:  # pragma: no cover - every game defines it
        raise NotImplementedError


def run_replay(state: ReplayLog, events: Any) -> None:
    """Apply every event, then the end-of-record checks; --strict stops at the first error."""
    apply = state.apply  # looked up once a record, not once an event
    try:
        for event in events:
            apply(event)
        state.finish()
    except StopReplay:
        pass
