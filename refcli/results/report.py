"""The result model: what every command reports, independent of format.

A report is a plain dict (the JSON and TOML documents of docs/output.md) plus a
list of text blocks for people. Both are built here from engine results, so
the three formats cannot drift apart: ``render`` only lays them out.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from refcli.language import i18n
from refcli.language.i18n import N_, _, game_title, pgettext, using
from refcli.language.visible import in_document
from refcli.model.frozen import Record, record
from refcli.results.blocks import Block as Block
from refcli.results.blocks import Grid as Grid
from refcli.results.blocks import Heading as Heading
from refcli.results.blocks import Para as Para
from refcli.results.blocks import Quotes as Quotes


class Report:
    """One command's result: the data document and its text layout. Immutable; pickles.

    ``to_dict()`` is the document ``--format json`` prints, less its first
    key ``schema_version`` (``to_json()`` is the document itself); inside a
    several-file document, it is this file's entry exactly. ``text()`` (and
    ``str()``) is the plain text the CLI prints when piped, in the
    ``language`` the report was made in (its free text already is).
    """

    __slots__ = ("_data", "_blocks", "_language")
    _data: dict[str, Any]
    _blocks: tuple[Block, ...]
    _language: str

    def __init__(
        self, data: dict[str, Any], blocks: list[Block] | tuple[Block, ...] | None = None, language: str | None = None
    ) -> None:
        object.__setattr__(self, "_data", data)
        object.__setattr__(self, "_blocks", tuple(blocks) if blocks is not None else ())
        object.__setattr__(self, "_language", language or i18n.language())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._data, self._blocks, self._language))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._data == self._data and other._blocks == self._blocks

    def __hash__(self) -> int:
        return hash((type(self), self._blocks))

    def __repr__(self) -> str:
        from refcli.language.visible import visible  # a file's name may hold a terminal control: a REPL prints this

        shown = f"<{type(self).__name__} {self._data.get('game', '')} {self._data.get('file', '')}>"
        return visible(shown.replace("  ", " "))

    @property
    def data(self) -> Mapping[str, Any]:
        """The document, read-only (``to_dict()`` gives a copy to change)."""
        return MappingProxyType(self._data)

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The text layout, block by block."""
        return self._blocks

    @property
    def language(self) -> str:
        """The language of its free text (``"en"``, ``"es"``): the one current when it was made."""
        return self._language

    def to_dict(self) -> dict[str, Any]:
        """A copy of the document ``--format json`` prints."""
        return copy.deepcopy(self._data)

    def to_json(self) -> str:
        """The JSON document ``--format json`` prints, ``schema_version`` first."""
        return to_json(versioned(self._data))

    def to_toml(self) -> str:
        return to_toml(versioned(self._data))

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the reader should check though nothing is wrong (names that only look different), as sentences.

        ``to_dict()["warnings"]`` has them for scripts (``{"code", "names", "message"}``); the key is there
        only when there is one, and the CLI says them on stderr in text.
        """
        return tuple(warning["message"] for warning in self._data.get("warnings", ()))

    @property
    def failed(self) -> bool:
        """Whether this is a file that could not be scored or ruled on (``failure``)."""
        return "error" in self._data and "players" not in self._data

    def text(self) -> str:
        """Plain text, as the CLI prints it to a pipe."""
        from refcli.results.blocks import plain_text

        with using(self._language):  # the words the layout adds ("Rules applied") in the report's language
            return plain_text(list(self._blocks))

    def __str__(self) -> str:
        return self.text()


class _GameResult(Report):
    """What a score and a ruling both have: their ``game`` and the clauses they cite."""

    __slots__ = ()

    @property
    def game(self) -> str:
        return str(self._data["game"])

    @property
    def citations(self) -> tuple[str, ...]:
        """The ids of the clauses applied (``to_dict()["citations"]`` has the quotes)."""
        return tuple(c["id"] for c in self._data["citations"])

    @property
    def decisive(self) -> tuple[str, ...]:
        """The ids of the clauses that decided the result (the rest of ``citations`` are context)."""
        return tuple(self._data["decisive"])


class Score(_GameResult):
    """A ``score`` result: ``players`` in rank order, ``winners``, whether the game is ``over``."""

    __slots__ = ()

    @property
    def file(self) -> str:
        return str(self._data["file"])

    @property
    def players(self) -> tuple[PlayerScore, ...]:
        return tuple(
            PlayerScore(p["name"], p["score"], p["rank"], copy.deepcopy(p["breakdown"]), p["explanation"])
            for p in self._data["players"]
        )

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self._data["winners"])

    @property
    def over(self) -> bool:
        return bool(self._data["over"])

    @property
    def leading(self) -> tuple[str, ...]:
        """Who ranks first in a game that is not over (``--partial``); ``winners`` is empty then."""
        return tuple(self._data.get("leading", ()))


class Ruling(_GameResult):
    """A ``ruling`` result: ``verdict``, ``outcome``, ``legal`` (false: the situation breaks ``broken_rule``)."""

    __slots__ = ()

    @property
    def situation(self) -> str:
        return str(self._data["situation"])

    @property
    def legal(self) -> bool:
        return bool(self._data["legal"])

    @property
    def verdict(self) -> str:
        return str(self._data["verdict"])

    @property
    def outcome(self) -> Mapping[str, Any]:
        return MappingProxyType(self._data["outcome"])

    @property
    def facts(self) -> tuple[str, ...]:
        return tuple(self._data["facts"])

    @property
    def broken_rule(self) -> str | None:
        rule = self._data.get("broken_rule")
        return None if rule is None else str(rule)


AnyReport = TypeVar("AnyReport", bound=Report)


def without_nulls(value: Any) -> Any:
    """TOML has no null: drop None values (docs/output.md: "with null values left out")."""
    if isinstance(value, dict):
        return {key: without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [without_nulls(item) for item in value if item is not None]
    return value


def to_json(data: dict[str, Any]) -> str:
    import json  # here: text output never needs it

    return in_document(json.dumps(data, indent=2, ensure_ascii=False)) + "\n"


def to_toml(data: dict[str, Any]) -> str:
    import tomli_w

    return in_document(tomli_w.dumps(without_nulls(data)), toml=True)


def versioned(data: Mapping[str, Any]) -> dict[str, Any]:
    """A document as printed: ``schema_version`` (``refcli.model.options.SCHEMA_VERSION``) its first key."""
    from refcli.model.options import SCHEMA_VERSION

    return {"schema_version": SCHEMA_VERSION, **{key: value for key, value in data.items() if key != "schema_version"}}


def warned(report: AnyReport, warnings: list[dict[str, Any]]) -> AnyReport:
    """``report`` with ``warnings`` (``refcli.reading.player_names.warnings``) as its document's last key; as it was without any."""
    if not warnings:
        return report
    data = {**report._data, "warnings": [*report._data.get("warnings", ()), *warnings]}
    return type(report)(data, report.blocks, report.language)


def bundle(reports: list[Report], key: str = "games", extra: dict[str, Any] | None = None) -> Report:
    """Several files' reports as one document (``{"games": [...]}``), whatever their number.

    The command line decides the shape (one FILE: its report; several: this),
    never how many of the files could be read.
    """
    blocks: list[Block] = []
    for report in reports:
        blocks.extend(report.blocks)
    data: dict[str, Any] = {key: [report.to_dict() for report in reports]}
    data.update(extra or {})
    return Report(data=data, blocks=blocks)


def named(report: Report, game: str) -> Report:
    """``report`` with its ``game`` key first (a game's own commands: compare, ladder, chips, pay …)."""
    if report.data.get("game") == game:
        return report
    data = {"game": game, **{key: value for key, value in report.data.items() if key != "game"}}
    return type(report)(data, report.blocks, report.language)


def failure(error: BaseException, status: int, *, file: str | None = None, game: str | None = None) -> Report:
    """A file that could not be scored or ruled on, as an entry of the document (stderr says it too).

    ``{"game", "file", "error": {"message", "line", "key", "exit_code"}}``: the
    message is the one line printed after ``refcli: error:``; ``line`` and
    ``key`` say where, when the error knows (else null).
    """
    from refcli.model.errors import RefcliError

    message = error.one_line() if isinstance(error, RefcliError) else " ".join(str(error).split())
    where = getattr(error, "file", None) or file
    line = getattr(error, "line", None)
    key = getattr(error, "path", None)
    data: dict[str, Any] = {
        "game": game,
        "file": where,
        "error": {"message": message, "line": line, "key": key, "exit_code": int(status)},
    }
    return Report(data=data)


def interpretation_ids(citations: list[dict[str, Any]]) -> list[str]:
    return [citation["id"] for citation in citations if citation.get("interpretation")]


def kind_name(game: str, kind: str) -> str:
    """A situation kind as the reader says it: the id in English, the game's own Spanish word in Spanish."""
    if i18n.language() == "en":
        return kind
    from refcli.model import registry

    declared = registry.get(game)
    return declared.spanish_word("kind", kind) if declared is not None else kind


def decisive_ids(citations: list[dict[str, Any]], background: Collection[str]) -> list[str]:
    """The clauses that decided the outcome: every clause applied except the background ones.

    A game names its background clauses (when a cow trade may happen, what
    a bluff is, a worked example): applied, and quoted with ``-v/--explain``
    or in a pipe, but not what the decision turned on. Everything else
    decides, so a clause a game forgets to classify is shown, never hidden.
    """
    return [citation["id"] for citation in citations if citation["id"] not in background]


# -- score tables -----------------------------------------------------------
@record
class PlayerScore(Record):
    name: str
    score: int
    rank: int
    breakdown: dict[str, Any]
    explanation: str  # one line a person can check by hand


@record
class Alone(Record):
    """``score --partial`` with fewer players than the game is played with: who was given, what is not checked."""

    names: tuple[str, ...]
    unchecked: tuple[str, ...]  # the checks that need the other players' holdings

    @property
    def status(self) -> str:
        return _("Only {players}'s holdings are given (--partial): scored as they stand.").format(
            players=listed(self.names)
        )

    @property
    def note(self) -> str:
        checks = "; ".join(self.unchecked)
        return _("Not checked, as they need the other players' holdings: {checks}.").format(checks=checks)

    def extra(self) -> dict[str, Any]:
        """What the JSON adds: the checks left out."""
        return {"unchecked": list(self.unchecked)}


def alone(names: list[str], minimum: int, partial: bool, unchecked: list[str]) -> Alone | None:
    """An :class:`Alone` when ``--partial`` scores fewer than ``minimum`` players (one player's "what is my score?")."""
    if not partial or len(names) >= minimum:
        return None
    return Alone(tuple(names), (_("the ranks and the winner"), *unchecked))


def listed(items: Iterable[object], *, alternatives: bool = False) -> str:
    """``Ana``, ``Ana and Ben``, ``Ana and Ben and Cid`` (``8 or 13`` for alternatives): as a sentence joins them.

    Every pair is joined with the word, as refcli has always said it; the games' sentences use this one.
    """
    joined = ""
    for index, item in enumerate(items):
        if index == 0:
            joined = str(item)
            continue
        pair = _("{first} or {second}") if alternatives else _("{first} and {second}")
        joined = pair.format(first=joined, second=item)
    return joined


def competition_ranks(scores: list[tuple[Any, ...]]) -> list[int]:
    """1, 2, 2, 4 ranking: a player's rank is 1 + the number who did strictly better.

    ``scores`` are sort keys where larger is better (ties compare equal). One
    sort and a binary search per player: n log n, not n².
    """
    from bisect import bisect_right

    ascending = sorted(scores)
    return [1 + len(ascending) - bisect_right(ascending, mine) for mine in scores]


def score_report(
    *,
    game: str,
    title: str,
    file: str,
    header: dict[str, Any],
    players: list[PlayerScore],
    over: bool,
    status: str,
    tie_break: str | None,
    notes: list[str],
    citations: list[dict[str, Any]],
    columns: tuple[str, str] = (N_("Score"), N_("How it adds up")),
    extra: dict[str, Any] | None = None,
    background: Collection[str] = (),
) -> Report:
    """The ``score`` document (docs/output.md, ``score``) and its table.

    ``background`` names the clauses cited for context (an example, the aim
    of the game) rather than for deciding a score: on a terminal they are
    quoted only with ``-v/--explain``. ``columns`` (the score's and the
    explanation's headers) are English marked with ``N_``, translated here.
    """
    ordered = sorted(players, key=lambda player: player.rank)  # stable: input order within a rank
    first = [player.name for player in ordered if player.rank == 1]
    # An unfinished game (--partial) has no winner yet, only whoever leads so far.
    winners = first if over else []
    data: dict[str, Any] = {"game": game, **header, "file": file, "over": over}
    data["players"] = [
        {
            "name": player.name,
            "score": player.score,
            "rank": player.rank,
            "breakdown": player.breakdown,
            "explanation": player.explanation,
        }
        for player in ordered
    ]
    data["winners"] = winners
    if not over:
        data["leading"] = first
    data["tie_break"] = tie_break
    data["notes"] = notes
    data["citations"] = citations
    data["interpretations"] = interpretation_ids(citations)
    chosen = decisive_ids(citations, background)
    data["decisive"] = chosen
    data.update(extra or {})

    grid = Grid(
        columns=((_("Rank"), "right"), (_("Player"), "left"), (_(columns[0]), "right"), (_(columns[1]), "left")),
        rows=tuple((str(p.rank), p.name, str(p.score), p.explanation) for p in ordered),
    )
    names = ", ".join(first)
    if over:
        won = _("Winner: {names}") if len(first) == 1 else _("Winners (a shared win): {names}")
    else:
        won = _("Leading so far: {names}") if len(first) == 1 else _("Leading so far (level): {names}")
    blocks: list[Block] = [
        Heading(f"{game_title(title)} — {file}"),
        Para(status, "good" if over else "warn"),
        grid,
        Para(won.format(names=names) + (f" — {tie_break}" if tie_break else ""), "good" if over else "warn"),
    ]
    blocks.extend(Para(note, "warn") for note in notes)
    blocks.append(Quotes(tuple(citations), decisive=tuple(chosen)))
    return Score(data=data, blocks=blocks)


# Outcome keys many situations share; a game declares its own keys (``rule_on``'s ``labels``).
# English, marked for the catalogue: translated where they are printed (``outcome_label``).
COMMON_LABELS: dict[str, str] = {
    "player": N_("Player"),
    "next_player": N_("Next to play"),
    "game_over": N_("Game over"),
    "winner": N_("Winner"),
    "winners": N_("Winners"),
    "skipped": N_("Skipped"),
    "allowed": N_("Allowed"),
    "points": N_("Points"),
    "action": N_("Action"),
    "totals": N_("Offers compared"),
}

Describe = Callable[[Any], str]


def ruling_report(
    *,
    game: str,
    title: str,
    situation: str,
    file: str,
    verdict: str,
    outcome: dict[str, Any],
    facts: list[str],
    citations: list[dict[str, Any]],
    legal: bool = True,
    broken_rule: str | None = None,
    labels: Mapping[str, str] | None = None,
    describers: Mapping[str, Describe] | None = None,
    background: Collection[str] = (),
) -> Report:
    """The ``ruling`` document: verdict, outcome, the facts assumed, the clauses quoted.

    Text puts the decision first, then the outcome under each key's label
    (``labels``, over COMMON_LABELS: English marked with ``N_``, translated
    here; ``describers`` lay out a value a game knows better), then the
    facts and the clauses. ``background`` clauses
    are cited but did not decide the outcome (see ``decisive_ids``); an
    illegal situation's broken rule always decides.
    """
    chosen = decisive_ids(citations, background if legal else ())
    data: dict[str, Any] = {
        "game": game,
        "situation": situation,
        "file": file,
        "legal": legal,
        "verdict": verdict,
        "outcome": outcome,
        "facts": facts,
        "citations": citations,
        "interpretations": interpretation_ids(citations),
        "decisive": chosen,
    }
    if broken_rule:
        data["broken_rule"] = broken_rule
    decided = _("Decision: {verdict}") if legal else _("Illegal: {verdict}")
    blocks: list[Block] = [
        Heading(
            _("{title} ruling: {situation} — {file}").format(
                title=game_title(title), situation=kind_name(game, situation), file=file
            )
        ),
        Para(decided.format(verdict=verdict), "good" if legal else "bad"),
    ]
    names = {**COMMON_LABELS, **(labels or {})}
    described = describers or {}
    rows = tuple(
        (
            outcome_label(key, names),
            described[key](value) if key in described else describe_value(value),
        )
        for key, value in outcome.items()
        if value is not None  # nothing to say (no donkey, no next player known): JSON keeps the null
    )
    if rows:
        blocks.append(Grid(((_("Outcome"), "left"), ("", "left")), rows))
    if facts:
        blocks.append(Para(_("Facts assumed:"), "dim"))
        blocks.extend(Para(f"  • {fact}", "dim") for fact in facts)
    title = N_("Rules applied") if legal else N_("Rule broken")
    blocks.append(Quotes(tuple(citations), title=title, decisive=tuple(chosen)))
    return Ruling(data=data, blocks=blocks)


def outcome_label(key: str, labels: Mapping[str, str]) -> str:
    """A person's words for an outcome key (a key without a label still reads as words, not as a key).

    The labels are English messages marked with ``N_`` (COMMON_LABELS, each game's own): translated here.
    """
    label = labels.get(key)
    return _(label) if label else key.replace("_", " ").capitalize()


def empty_as(none: Callable[[], str]) -> Describe:
    """An outcome value described as ``describe_value`` does, an empty one as ``none()`` says it.

    "none" is one English word, but Spanish says "ninguna" of cards and chips, "nadie" of players and
    "nada" of money: each game names, key by key, what its empty outcomes hold (``pgettext``).
    """
    return lambda value: describe_value(value, none())


def nothing() -> str:
    """ "none" of things a game has not named (``empty_as``)."""
    return pgettext("no things", "none")


def describe_value(value: Any, none: str | None = None) -> str:
    """An outcome value as text: null as a dash, lists and tables compact; ``none``: what an empty one says.

    A table of lists reads ``Ana: 50; Ben: 10, 10, 0``; of single values ``Ana 30, Ben 30``.
    """
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        separator = " | " if any(isinstance(item, dict) for item in value) else ", "
        return separator.join(describe_value(item, none) for item in value) if value else none or nothing()
    if isinstance(value, dict):
        if not value:
            return none or nothing()
        if any(isinstance(item, (list, dict)) for item in value.values()):
            return "; ".join(f"{key}: {describe_value(item, none)}" for key, item in value.items())
        return ", ".join(f"{key} {describe_value(item, none)}" for key, item in value.items())
    return str(value)
