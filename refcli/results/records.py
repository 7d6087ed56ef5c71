"""Validating a recorded game, the same way for every game: read the record, replay it, report the findings.

A game supplies its record format (``refcli.reading.formats``), how the values
read become the record its replay takes (with the checks that span several
keys: those raise ``DataError``, exit 65), its replay (a ``ReplayLog``: every
broken rule a finding, exit 1) and what the result's summary says. ``Records``
binds them into the game's ``read_record`` and ``validate_document`` (its
``validate`` verb).

Nothing here runs per event: a batch of thousands of records pays one call a
record for sharing it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from refcli.model.game import Game
from refcli.model.options import ValidateOptions
from refcli.reading.documents import Document
from refcli.reading.formats import Description, read
from refcli.results.findings import FileResult, Finding


class Replayed(Protocol):
    """What a replay leaves: the findings, and the checks it could not make (``ReplayLog`` has both)."""

    @property
    def findings(self) -> list[Finding]: ...

    @property
    def skipped(self) -> list[str]: ...


RecordT = TypeVar("RecordT")
ReplayedT = TypeVar("ReplayedT", bound=Replayed)


class Records(Generic[RecordT, ReplayedT]):
    """One game's recorded games: ``read_record(doc)`` and ``validate_document(doc, options)``."""

    def __init__(
        self,
        game: Game,
        format: Description,
        record_of: Callable[[dict[str, Any], Document], RecordT],
        replay: Callable[..., ReplayedT],
        summary: Callable[[RecordT, ReplayedT], dict[str, Any]],
    ) -> None:
        """``record_of(values, doc)``: the record from the values ``format`` reads (``doc`` to point at a key);
        ``replay(record, strict=…)``: the record replayed; ``summary(record, replayed)``: the result's own keys."""
        self.game = game
        self.format = format
        self.record_of = record_of
        self.replay = replay
        self.summary = summary

    def read_record(self, doc: Document) -> RecordT:
        """The record (format: the game's ``formats.RECORD``), with the checks that span several keys."""
        return self.record_of(read(self.format, doc, game=self.game), doc)

    def validate_document(self, doc: Document, options: ValidateOptions) -> FileResult:
        """The record replayed: every broken rule a finding, and the game's summary."""
        record = self.read_record(doc)
        replayed = self.replay(record, strict=options.strict)
        summary = self.summary(record, replayed)
        return FileResult(doc.name, self.game.id, tuple(replayed.findings), tuple(replayed.skipped), summary)
