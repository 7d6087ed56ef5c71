"""refcli as a library: score, rule on and validate documents from Python.

The command line is a thin layer over these functions, so a script gets
exactly what ``--format json`` prints, without a subprocess or a temp file::

    import refcli

    result = refcli.score("examples/kuhhandel/rulebook-2460.toml")
    result.winners                       # ('Cid',)
    result.to_dict()["players"][1]       # {'name': 'Ana', 'score': 2460, ...}

    ruling = refcli.rule({"game": "money", "situation": "bids", "offer": [...]})
    ruling = refcli.rule(game="kuhhandel", values={"situation": "cow-trade", "challenger.offer": "50,10,0", ...})
    validation = refcli.validate(path, strict=True)
    validation = refcli.validate_line('{"game": "money", ...}', name="shard-3.jsonl", line=12)
    refcli.game("kuhhandel").score(doc, partial=True)

A *source* is a path (``str`` or ``os.PathLike``; ``"-"`` reads standard
input) or an already parsed document (any mapping, e.g. from ``tomllib`` or
``json``). Options are keyword arguments, never module state, so the
functions and their results pickle and map over worker processes or a
distributed engine (``dask.bag``, ``multiprocessing``) unchanged.

``values`` (``score`` and ``rule``) are the command line's ``KEY=VALUE``
items (``refcli.reading.items``): a mapping of dotted key to value (text is typed
by the format, as on the command line; other values are taken as they are)
or a list of ``"KEY=VALUE"`` strings, merged over the source, which may then
be left out.

``lang`` (every function) writes the result's free text (verdicts,
messages, summaries, text) in that language, ``"es"`` or ``"en"``; None
(the default) is the current language (``refcli.language.i18n``: ``REFCLI_LANG``,
the locale). It is an argument, never state (``refcli.language.i18n.using``): the
call after it is in the current language again, threads calling in two
languages at once each get their own, and a result's ``text()`` stays in
its own. Keys and ids are English in every language.

Errors are the classes in :mod:`refcli.model.errors`: ``InputUnreadable`` (the
CLI's exit 66) when a path cannot be read, ``DataError`` (65) when the
document does not fit its format, ``UsageError`` (2) for an unknown game
(``""`` too), a language refcli lacks, ``max_bytes`` outside 1 to 2^40 or a
path holding a NUL character. They pickle, so they come back from worker
processes as they were raised. An argument of the wrong type is a
``TypeError`` saying what was expected (``refcli.arguments``). The functions
never print and never exit. A situation that breaks a rule is not an error:
the ruling says so (``Ruling.legal`` is false, as the CLI exits 1); likewise
broken rules in a recorded game are ``Validation.findings``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple, Union

from refcli import arguments
from refcli.language import i18n
from refcli.language.i18n import _
from refcli.reading.documents import DEFAULT_MAX_BYTES, Document

if TYPE_CHECKING:
    from refcli.model.game import Game as Declared
    from refcli.results.findings import FileResult as Validation
    from refcli.results.report import Report, Ruling, Score

# A path to a TOML file ("-": standard input), or a parsed document.
Source = Union[str, "os.PathLike[str]", Mapping[str, Any], Document]
# KEY=VALUE items: {"challenger.offer": "50,10,0"} or ["challenger.offer=50,10,0"] (refcli.reading.items).
Values = Union[Mapping[str, Any], Sequence[str]]
# A game: its id or another of its names, or its declaration (refcli.model.game.Game, as the registry gives it).
GameName = Union[str, "Declared"]

DICT_NAME = "<document>"  # how a parsed document is named in messages (it has no file or lines)


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Messages in ``lang`` inside the block (None: the current language); ``UsageError`` for a language refcli lacks.

    The language is this call's only (``refcli.language.i18n.using``): threads calling with different languages
    at once each get theirs, and the process's language is the same after the call as before.
    """
    arguments.check_text("lang", lang)
    if lang is not None and i18n.normalize(lang) is None:
        from refcli.model.errors import UsageError

        raise UsageError(
            _("no language {lang!r}; the languages are {languages}").format(
                lang=lang, languages=", ".join(i18n.LANGUAGES)
            )
        )
    with i18n.using(lang):
        yield


def load(
    source: Source, *, max_bytes: int = DEFAULT_MAX_BYTES, name: str | None = None, lang: str | None = None
) -> Document:
    """The :class:`~refcli.reading.documents.Document` for ``source``: read and parsed, or wrapped as given.

    A mapping is used as it is (not copied deeply: the engines never change
    it); errors about it name ``name`` (default ``<document>``) and no line.
    """
    with speaking(lang):
        arguments.check_max_bytes(max_bytes)
        arguments.check_text("name", name)
        return _load(source, max_bytes=max_bytes, name=name)


def _load(source: Source, *, max_bytes: int = DEFAULT_MAX_BYTES, name: str | None = None) -> Document:
    if isinstance(source, Document):  # already read (the CLI's file with its items, its prompts' answers)
        return source
    if isinstance(source, Mapping):
        arguments.check_document_keys(source)
        return Document.from_data(dict(source), name or DICT_NAME)
    from refcli.reading.documents import load_document

    return load_document(arguments.checked_path(source), max_bytes=max_bytes)


def score(
    source: Source | None = None,
    *,
    game: GameName | None = None,
    values: Values | None = None,
    partial: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
    lang: str | None = None,
    **variants: Any,
) -> Score | Report:
    """Score a final snapshot: each player's score with its breakdown, the ranks, the winners.

    ``game`` (an id or alias, or the game's declaration) is needed only when
    the document has no ``game`` key; when both are given they must agree. ``partial`` scores a
    game that is not over yet. ``variants`` are a game's own options, by the
    names its ``score`` command gives them (``multiply=True``: Kuhhandel
    edition 1's multiplier); those a game does not declare are ignored, as
    ``refcli score`` ignores another game's options.
    """
    from refcli.model.options import ScoreOptions
    from refcli.reading.game_key import engine_for, game_for

    with speaking(lang), _within_limits(source):
        _check_options(game, max_bytes, partial=partial)
        values = arguments.checked_values(values)
        named = _game(game)
        doc, builder = _document(source, values, named, "score", max_bytes)
        with _blamed(doc, builder), _misplaced(doc, named, "score"):
            declared = game_for(doc, named)
            engine = engine_for(doc, declared, "score")  # a game without `score` is the file's mistake
            options = ScoreOptions(partial=partial, variants=tuple(variants.items()), max_bytes=max_bytes)
            options = options.completed((param.name, param.default) for param in declared.score_options)
            report = engine.score_document(doc, options)
        return _warned(report, doc)  # type: ignore[no-any-return]


def rule(
    source: Source | None = None,
    *,
    game: GameName | None = None,
    values: Values | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    lang: str | None = None,
) -> Ruling:
    """Rule on a contested situation: the verdict, its outcome, the facts assumed, the clauses.

    An illegal situation gives a ruling with ``legal`` false naming the rule
    it breaks (the CLI's exit 1), not an exception. ``values`` give the
    situation (``situation`` among them) or change the source's.
    """
    with speaking(lang), _within_limits(source):
        _check_options(game, max_bytes)
        values = arguments.checked_values(values)
        named = _game(game)
        doc, builder = _document(source, values, named, "ruling", max_bytes)
        with _blamed(doc, builder), _misplaced(doc, named, "ruling"):
            report, _legal = _engine(doc, named, "ruling").rule_document(doc)
        return _warned(report, doc)  # type: ignore[no-any-return]


def _warned(report: Any, doc: Document) -> Any:
    """``report`` with ``doc``'s warnings: names that only look different, values the table's defaults gave."""
    from refcli.reading.warnings import of_document
    from refcli.results.report import warned

    return warned(report, of_document(doc))


def _check_options(game: object, max_bytes: object, **flags: object) -> None:
    """``TypeError`` for an option of the wrong type, ``UsageError`` for a size limit out of range."""
    if not _is_declaration(game):
        arguments.check_text("game", game)
    arguments.check_max_bytes(max_bytes)
    for name, value in flags.items():
        arguments.check_flag(name, value)


def _document(
    source: Source | None, values: Values | None, game: Declared | None, verb: str, max_bytes: int
) -> tuple[Document, Any]:
    """The document to read: the source, with ``values`` put over it (``refcli.reading.items``)."""
    if values is None:
        if source is None:
            from refcli.model.errors import UsageError

            raise UsageError(_("nothing to read: give a source (a path or a document) or values"))
        return _load(source, max_bytes=max_bytes), None
    from refcli.reading import items as inline

    base = None if source is None else _load(source, max_bytes=max_bytes)
    return inline.compose(base, inline.items_from(values), game, verb)


def _blamed(doc: Document, builder: Any) -> Any:
    """Errors about a key a value set name that value (``refcli.reading.items.blamed``)."""
    if builder is None:
        from contextlib import nullcontext

        return nullcontext()
    from refcli.reading import items as inline

    return inline.blamed(doc, builder)


@contextmanager
def _within_limits(source: Source | None) -> Iterator[None]:
    """A document nested deeper than Python recurses is bad data (``DataError``, as the CLI's ``reporting``
    says it), never a ``RecursionError``: a mapping given as it is was never parsed, so nothing refused it."""
    from refcli.model.errors import DataError

    try:
        yield
    except RecursionError:
        from refcli.reading.items import COMMAND_LINE

        name = _display_name(source) if source is not None else _(COMMAND_LINE)
        raise DataError(_("input nested too deeply"), file=name) from None


@contextmanager
def _misplaced(doc: Document, game: Declared | None, verb: str) -> Iterator[None]:
    """A document ``verb`` cannot read that is another kind of file says so (``refcli.reading.wrong_command``)."""
    from refcli.model.errors import DataError

    try:
        yield
    except DataError as error:
        from refcli.reading.wrong_command import explained

        better = explained(error, doc, game, verb)
        if better is error:
            raise
        raise better from None


def validate(
    source: Source,
    *,
    game: GameName | None = None,
    strict: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
    lang: str | None = None,
) -> Validation:
    """Replay a recorded game and report every broken rule (``strict``: stop at the first).

    The result's ``to_dict()`` is that file's entry in the CLI's
    ``{"results": [...]}`` document. As there, a source that cannot be read
    or does not fit the format is not raised but reported: an invalid result
    with one finding whose rule is ``input`` (so a batch of thousands goes
    on past a bad record). Its ``text()`` is in the language it was made in.
    """
    with speaking(lang):
        _check_options(game, max_bytes, strict=strict)
        return _validate(source, game, strict, max_bytes)._replace(language=i18n.language())


def _validate(source: Source, game: GameName | None, strict: bool, max_bytes: int) -> Validation:
    from refcli.model.errors import DataError, InputUnreadable
    from refcli.model.exit_status import status_for
    from refcli.model.options import ValidateOptions
    from refcli.results.findings import input_failure, located

    try:
        with _within_limits(source):
            doc = _load(source, max_bytes=max_bytes)
            named = _game(game)
            with _misplaced(doc, named, "validate"):
                engine = _engine(doc, named, "validate")
                result: Validation = engine.validate_document(doc, ValidateOptions(strict=strict, max_bytes=max_bytes))
    except (DataError, InputUnreadable) as error:
        line, key = getattr(error, "line", None), getattr(error, "path", None)
        return input_failure(_display_name(source), error.one_line(), line=line, key=key, status=status_for(error))
    result = located(result, doc) if result.findings else result
    from refcli.reading.warnings import of_document
    from refcli.results.findings import warned

    return warned(result, of_document(doc))


LINE_NAME = "<line>"  # how a line is named in results and messages when the caller names no file


def validate_line(
    text: str | bytes,
    *,
    game: GameName | None = None,
    strict: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
    lang: str | None = None,
    name: str = LINE_NAME,
    line: int | None = None,
) -> Validation:
    """Validate one line of JSON Lines text: a recorded game in the same shape as the TOML.

    The result is the one ``refcli validate --jsonl`` gives for that line,
    by the same code: its ``to_dict()`` is the line's JSON Lines result (less
    ``schema_version``). ``name`` and ``line`` say where the line came from
    (a shard, its line number); the result is named ``name:line`` as on the
    command line, or ``name`` when ``line`` is None. A line that is not JSON,
    not a JSON object, not UTF-8 or longer than ``max_bytes`` is never
    raised: an invalid result with one finding whose rule is ``input``,
    located at its line. A line break at its end is allowed, so the lines of
    ``dask.bag.read_text`` or of a file opened in Python can be given as they
    are. A blank line is not JSON, so it is reported so; the command line
    skips blank lines, and a caller that compares with it leaves them out.
    """
    with speaking(lang):
        _check_options(game, max_bytes, strict=strict)
        arguments.check_text("name", name, optional=False)
        arguments.check_line_number(line)
        raw = arguments.line_bytes(text)
        named = _game(game)
        from refcli.model.options import ValidateOptions
        from refcli.reading.json_lines import given_line
        from refcli.validating import validate_line as validated

        task = given_line(raw, name, line, max_bytes)
        result, _status, _message = validated(task, named, ValidateOptions(strict=strict, max_bytes=max_bytes))
        return result._replace(language=i18n.language())


def _display_name(source: Source) -> str:
    if isinstance(source, Document):
        return source.name
    if isinstance(source, Mapping):
        return DICT_NAME
    from refcli.reading.documents import display_name

    return display_name(os.fspath(source))


class Game(NamedTuple):
    """One game's API: ``refcli.game("money").score(doc)`` (the document's ``game`` key may be left out)."""

    id: str

    def score(self, source: Source | None = None, **options: Any) -> Score | Report:
        return score(source, game=self.id, **options)

    def rule(self, source: Source | None = None, **options: Any) -> Ruling:
        return rule(source, game=self.id, **options)

    def validate(self, source: Source, **options: Any) -> Validation:
        return validate(source, game=self.id, **options)


def game(name: str, *, lang: str | None = None) -> Game:
    """A game by id or alias (``"kuhhandel"``, ``"dinero"``); ``UsageError`` if there is none.

    ``lang`` is the language of that error; the game's functions take their own ``lang``.
    """
    with speaking(lang):
        arguments.check_text("name", name, optional=False)
        return Game(_game_id(name))


def _game_id(name: str) -> str:
    return _found(name).id


def _found(name: str) -> Declared:
    """The game ``name`` names (one registry look-up); ``UsageError`` when there is none."""
    from refcli.model import registry
    from refcli.model.errors import UsageError

    found = registry.find(name)
    if found is None:
        raise UsageError(
            _("no game {name!r}; the games are {games}").format(name=name, games=", ".join(registry.BUILT_IN))
        )
    return found


def _game(game: GameName | None) -> Declared | None:
    """The declaration of the game the caller named (looked up once, here), or None when it named none."""
    return _found(game) if isinstance(game, str) else game


def _is_declaration(game: object) -> bool:
    """Whether ``game`` is a game's declaration (the command line passes the one it looked up)."""
    if isinstance(game, (str, type(None))):
        return False  # a name, or none: the declarations' module need not even be imported
    from refcli.model.game import Game as Declared

    return isinstance(game, Declared)


def _engine(doc: Document, game: Declared | None, verb: str) -> Any:
    from refcli.reading.game_key import engine_for

    return engine_for(doc, game, verb)
