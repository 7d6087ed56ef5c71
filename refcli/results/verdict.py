"""What a ruling engine returns: the decision, its outcome and what it rests on. Pure data."""

from __future__ import annotations

from typing import Any, NamedTuple


class Verdict(NamedTuple):
    verdict: str  # one or two sentences a player can read aloud
    outcome: dict[str, Any]  # the situation's outcome keys (docs/output.md, 'Ruling outcomes')
    facts: tuple[str, ...] = ()  # what the ruling assumed
    clauses: tuple[str, ...] = ()  # clause ids applied, in the order they apply
