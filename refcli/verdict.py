"""What a ruling engine returns: the decision, its outcome and what it rests on. Pure data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Verdict:
    verdict: str  # one or two sentences a player can read aloud
    outcome: dict[str, Any]  # the keys SPEC.md fixes for the situation
    facts: tuple[str, ...] = ()  # what the ruling assumed
    clauses: tuple[str, ...] = field(default=())  # clause ids applied, in the order they apply
