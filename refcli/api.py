"""refcli as a library: score, rule on and validate documents from Python.

The command line is a thin layer over these functions, so a script gets
exactly what ``--format json`` prints, without a subprocess or a temp file::

    import refcli

    result = refcli.score("examples/kuhhandel/rulebook-2460.toml")
    result.winners                       # ('Cid',)
    result.to_dict()["players"][1]       # {'name': 'Ana', 'score': 2460, ...}

    ruling = refcli.rule({"game": "money", "situation": "bids", "offer": [...]})
    validation = refcli.validate(path, strict=True)
    refcli.game("kuhhandel").score(doc, partial=True)

A *source* is a path (``str`` or ``os.PathLike``; ``"-"`` reads standard
input) or an already parsed document (any mapping, e.g. from ``tomllib`` or
``json``). Options are keyword arguments, never module state, so the
functions and their results pickle and map over worker processes or a
distributed engine (``dask.bag``, ``multiprocessing``) unchanged.

Errors are the classes in :mod:`refcli.errors`: ``InputUnreadable`` (the
CLI's exit 66) when a path cannot be read, ``DataError`` (65) when the
document does not fit its format, ``UsageError`` (2) for an unknown game.
A situation that breaks a rule is not an error: the ruling says so
(``Ruling.legal`` is false, as the CLI exits 1); likewise broken rules in a
recorded game are ``Validation.findings``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Union

from refcli.inputs import DEFAULT_MAX_BYTES, Document

if TYPE_CHECKING:
    from refcli.report import Report, Ruling, Score
    from refcli.validation import FileResult as Validation

# A path to a TOML file ("-": standard input), or a parsed document.
Source = Union[str, "os.PathLike[str]", Mapping[str, Any]]

DICT_NAME = "<document>"  # how a parsed document is named in messages (it has no file or lines)


def load(source: Source, *, max_bytes: int = DEFAULT_MAX_BYTES, name: str | None = None) -> Document:
    """The :class:`~refcli.inputs.Document` for ``source``: read and parsed, or wrapped as given.

    A mapping is used as it is (not copied deeply: the engines never change
    it); errors about it name ``name`` (default ``<document>``) and no line.
    """
    if isinstance(source, Mapping):
        return Document.from_data(dict(source), name or DICT_NAME)
    from refcli.inputs import load_document

    return load_document(os.fspath(source), max_bytes=max_bytes)


def score(
    source: Source,
    *,
    game: str | None = None,
    partial: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
    **variants: Any,
) -> Score | Report:
    """Score a final snapshot: each player's score with its breakdown, the ranks, the winners.

    ``game`` (an id or alias) is needed only when the document has no
    ``game`` key; when both are given they must agree. ``partial`` scores a
    game that is not over yet. ``variants`` are a game's own options, by the
    names its ``score`` command gives them (``multiply=True``: Kuhhandel
    edition 1's multiplier); those a game does not declare are ignored, as
    ``refcli score`` ignores another game's options.
    """
    from refcli import registry
    from refcli.options import ScoreOptions

    doc = load(source, max_bytes=max_bytes)
    declared = registry.game_for(doc, _game_id(game) if game else None)
    options = ScoreOptions(partial=partial, variants=tuple(variants.items()), max_bytes=max_bytes)
    options = options.completed((param.name, param.default) for param in declared.score_options)
    return declared.engine("score").score_document(doc, options)  # type: ignore[no-any-return]


def rule(source: Source, *, game: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES) -> Ruling:
    """Rule on a contested situation: the verdict, its outcome, the facts assumed, the clauses.

    An illegal situation gives a ruling with ``legal`` false naming the rule
    it breaks (the CLI's exit 1), not an exception.
    """
    doc = load(source, max_bytes=max_bytes)
    report, _legal = _engine(doc, game, "ruling").rule_document(doc)
    return report  # type: ignore[no-any-return]


def validate(
    source: Source, *, game: str | None = None, strict: bool = False, max_bytes: int = DEFAULT_MAX_BYTES
) -> Validation:
    """Replay a recorded game and report every broken rule (``strict``: stop at the first).

    The result's ``to_dict()`` is that file's entry in the CLI's
    ``{"results": [...]}`` document. As there, a source that cannot be read
    or does not fit the format is not raised but reported: an invalid result
    with one finding whose rule is ``input`` (so a batch of thousands goes
    on past a bad record).
    """
    from refcli.errors import DataError, InputUnreadable
    from refcli.options import ValidateOptions
    from refcli.validation import input_failure

    try:
        doc = load(source, max_bytes=max_bytes)
        engine = _engine(doc, game, "validate")
        return engine.validate_document(doc, ValidateOptions(strict=strict, max_bytes=max_bytes))  # type: ignore[no-any-return]
    except (DataError, InputUnreadable) as error:
        return input_failure(_display_name(source), error.one_line())


def _display_name(source: Source) -> str:
    if isinstance(source, Mapping):
        return DICT_NAME
    from refcli.inputs import display_name

    return display_name(os.fspath(source))


class Game(NamedTuple):
    """One game's API: ``refcli.game("money").score(doc)`` (the document's ``game`` key may be left out)."""

    id: str

    def score(self, source: Source, **options: Any) -> Score | Report:
        return score(source, game=self.id, **options)

    def rule(self, source: Source, **options: Any) -> Ruling:
        return rule(source, game=self.id, **options)

    def validate(self, source: Source, **options: Any) -> Validation:
        return validate(source, game=self.id, **options)


def game(name: str) -> Game:
    """A game by id or alias (``"kuhhandel"``, ``"dinero"``); ``UsageError`` if there is none."""
    return Game(_game_id(name))


def _game_id(name: str) -> str:
    from refcli import registry
    from refcli.errors import UsageError

    found = registry.find(name)
    if found is None:
        raise UsageError(f"no game {name!r}; the games are {', '.join(registry.BUILT_IN)}")
    return found.id


def _engine(doc: Document, game_name: str | None, verb: str) -> Any:
    from refcli import registry

    return registry.engine_for(doc, _game_id(game_name) if game_name else None, verb)
