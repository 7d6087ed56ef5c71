"""Validation results shared by every game: findings per file, and the report.

SPEC.md: ``{"results": [{"file", "game", "valid", "findings": [{"event",
"severity", "rule", "message"}]}]}``; a file that could not be read or
parsed is invalid with one finding whose rule is ``input``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from refcli.report import Block, Grid, Heading, Para, Quotes, Report


class Finding(NamedTuple):
    event: int | None  # 1-based position in the record's event list; None for the record as a whole
    severity: str  # "error" | "warning"
    rule: str  # a clause id, or "input"
    message: str


class FileResult(NamedTuple):
    """One recorded game's validation (``refcli.validate`` returns it as ``Validation``). Immutable; pickles."""

    file: str
    game: str | None
    findings: tuple[Finding, ...]
    skipped: tuple[str, ...] = ()  # checks not made, and why (facts the record leaves out)
    summary: dict[str, Any] = {}  # noqa: RUF012 - never mutated

    @property
    def valid(self) -> bool:
        return not any(finding.severity == "error" for finding in self.findings)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "game": self.game,
            "valid": self.valid,
            "findings": [
                {"event": f.event, "severity": f.severity, "rule": f.rule, "message": f.message} for f in self.findings
            ],
            "skipped": list(self.skipped),
            **self.summary,
        }

    def to_json(self) -> str:
        from refcli.render import to_json

        return to_json(self.to_dict())

    def text(self) -> str:
        """Plain text, as ``refcli validate`` prints this file's result to a pipe."""
        from refcli.render import plain_text

        return plain_text(result_blocks(self))

    def __str__(self) -> str:
        return self.text()


def input_failure(file: str, message: str) -> FileResult:
    """A file that could not be read or parsed."""
    return FileResult(file=file, game=None, findings=(Finding(None, "error", "input", message),))


def result_blocks(result: FileResult) -> list[Block]:
    """One file's verdict and findings, as text blocks (printed as each file finishes)."""
    errors = sum(f.severity == "error" for f in result.findings)
    warnings = len(result.findings) - errors
    blocks: list[Block] = []
    if result.valid:
        events = result.summary.get("events")
        counted = f"{events} events" if events is not None else "checked"
        extra = f", {warnings} warning{'s' if warnings != 1 else ''}" if warnings else ""
        blocks.append(Para(f"✓ {result.file}: follows the rules ({counted}{extra})", "good"))
    else:
        blocks.append(Para(f"{result.file}: {errors} error{'s' if errors != 1 else ''}", "bad"))
    if result.findings:
        rows = tuple(("—" if f.event is None else str(f.event), f.severity, f.rule, f.message) for f in result.findings)
        blocks.append(Grid((("Event", "right"), ("Severity", "left"), ("Rule", "left"), ("Finding", "left")), rows))
    blocks.extend(Para(f"  skipped: {note}", "dim") for note in result.skipped)
    return blocks


def validation_report(results: list[FileResult], citations: list[dict[str, Any]]) -> Report:
    """All results as one report (for TOML output, which cannot be streamed)."""
    data = {"results": [result.to_dict() for result in results], "citations": citations}
    blocks: list[Block] = [Heading(f"Validation of {len(results)} file{'s' if len(results) != 1 else ''}")]
    for result in results:
        blocks.extend(result_blocks(result))
    if citations:
        blocks.append(Quotes(tuple(citations), title="Rules cited"))
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
    try:
        for event in events:
            state.apply(event)
        state.finish()
    except StopReplay:
        pass
