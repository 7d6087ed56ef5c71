"""What a game declares about itself, as plain data (no typer, no engine).

Each ``refcli/games/<game>/__init__.py`` (or an installed package joining the
``refcli.games`` entry-point group) builds one :class:`Game` from these types.
Everything shared — the command line, the man pages, the benchmarks, the
tests — reads the declarations through ``refcli.model.registry`` and names no game
itself. Code is referred to by dotted path (``"package.module:function"``)
and imported only when a command runs, so a declaration costs microseconds to
import and keeps the arrows pointing down: the games sit on this module, the
CLI and the man-page generator sit on the games.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any

from refcli.language.folding import fold
from refcli.model.frozen import Record, record

if TYPE_CHECKING:
    from refcli.reading.formats.description import Description

# The default of a parameter that must be given.
REQUIRED: Any = ...

# A game that declares no Spanish words.
NO_WORDS: Mapping[str, Mapping[str, str]] = MappingProxyType({})
# A game that declares no names for its rules topics, or no search glossary.
NO_NAMES: Mapping[str, tuple[str, ...]] = MappingProxyType({})


@record
class Param(Record):
    """A command-line parameter of a game's own command or option.

    With ``flags`` it is an option (``("--output", "-o")``), without them a
    positional argument. ``check``, when given, names a function
    ``(value) -> value`` run while the line is parsed: what it returns is what
    the command receives, and a ``ValueError`` it raises becomes a usage error
    (exit 2) with its message.
    """

    name: str  # the keyword the command's function receives
    help: str
    type: type = str  # str, int or bool
    flags: tuple[str, ...] = ()
    default: Any = REQUIRED  # None makes the parameter optional (its type Optional)
    metavar: str | None = None
    min: int | None = None
    max: int | None = None
    check: str = ""  # "module:function"


@record
class Command(Record):
    """A game's own command, beside the shared verbs (``refcli GAME COMMAND``).

    ``run`` names a function called with the parameters by name; it returns a
    report (``refcli.results.report.Report``), or ``(report, passed)`` where a false
    ``passed`` ends the command with exit status 1 after printing the report.
    Every such command also takes ``--format``.
    """

    name: str
    run: str  # "module:function"
    help: str
    params: tuple[Param, ...] = ()
    hidden: bool = False
    # "module:function" returning the JSON Schema of its ``--format json`` document
    # (``refcli.output.document_schemas.CommandSchema``); "": it publishes none.
    schema: str = ""


@record
class Verb(Record):
    """One of the verbs every game may have, and the module that implements it.

    - ``score``: ``score_document(doc, options: ScoreOptions) -> Report``, and
      optionally ``combine(reports) -> Report`` when several files' scores add up: the totals of
      those games (its data ``totals``, ``winners``, ``notes``, ``citations``; its blocks the
      totals' text, which the games' own reports follow, in the files' order);
    - ``ruling``: ``rule_document(doc) -> (Report, legal)``;
    - ``validate``: ``validate_document(doc, options: ValidateOptions) -> FileResult``.

    The built-in games make the last two from their situations and their record's reader and replay,
    with the one implementation every game shares (``refcli.results.rulings.rulings``,
    ``refcli.results.records.Records``).
    """

    name: str  # "score", "ruling" or "validate"
    module: str
    help: str  # the help of ``refcli GAME <verb>``
    # "module:function" returning the JSON Schemas of the keys the game adds to the verb's document, by key
    # (for ``ruling``: the outcome's keys worth describing); "": none.
    schema: str = ""


@record
class Simulate(Record):
    """The hidden ``refcli GAME simulate``: a random legal recorded game, for tests.

    ``module`` has ``random_game(seed, *, players=None, **params) -> dict``
    (the record as TOML would hold it); ``params`` are extra options passed on.
    """

    module: str
    min_players: int
    max_players: int
    params: tuple[Param, ...] = ()


@record
class Source(Record):
    """A rule document the game's catalogue quotes (clauses name it by ``id``)."""

    id: str
    title: str
    language: str  # "es", "en", …
    description: str
    edition: int | None = None


@record
class Example(Record):
    """A command shown in a man page's EXAMPLES; the tests run every one."""

    what: str  # one sentence saying what the command does, ends with ':'
    argv: tuple[str, ...]  # the command as typed, starting with "refcli"


@record
class SnapshotFormat(Record):
    """A final-snapshot TOML described by hand, for the man page of a game that does not describe its formats.

    A game with a ``formats`` module (every built-in game) never needs it:
    its man page's FILES section comes from the descriptions.
    """

    keys: tuple[tuple[str, str], ...]  # (key as written, what it holds); may use `code`
    sample: str  # a small complete file


@record
class Game(Record):
    """Everything refcli knows about a game before importing any of its code."""

    id: str  # the command group and the files' `game` key: lower case, hyphens
    title: str  # as printed in headings, with its punctuation
    package: str  # the game's package; its `formats` module describes the inputs
    help: str  # ``refcli GAME --help``, and the NAME line of its man page
    alt_title: str = ""  # another published title, shown in parentheses in ``refcli --help``
    aliases: tuple[str, ...] = ()  # other names accepted in the `game` key (English, Spanish), lower case
    # The Spanish words a user may type for refcli's English ids, as the rulebook writes them, by what they
    # name: {"kind": {"subasta": "auction"}, "card": {...}, ...}. "game": more names of the game; "kind":
    # situation and template kinds; the others the values of input files (event types, cards, answers,
    # currencies, actions…). Matched ignoring case, accents and blanks (``fold``); what the code sees, and
    # JSON and TOML output show, is always the English id. (Rules topics have their Spanish names in ``topics``.)
    spanish: Mapping[str, Mapping[str, str]] = NO_WORDS
    # The Spanish names of every topic of the game's rule catalogue, by topic: the first is the one Spanish text
    # lists; each finds the topic as its id does (``refcli.rules.catalogue``).
    topics: Mapping[str, tuple[str, ...]] = NO_NAMES
    # Spanish words players use → the English words of the catalogue's summaries they mean, for a word search
    # (``refcli.rules.search``): the game's own things ("burro" → "donkey"); the shared words are the search's.
    glossary: Mapping[str, tuple[str, ...]] = NO_NAMES
    sources: tuple[Source, ...] = ()
    verbs: tuple[Verb, ...] = ()
    score_options: tuple[Param, ...] = ()  # the game's own options of ``score`` (ScoreOptions variants)
    # What a group may set once for all its files in the configuration file (``refcli config``), each a key
    # of the game's input formats, by its name there: the value used where a file leaves the key out. Its
    # ``type``, ``min`` and ``max`` check the value; ``default`` is the rules' (shown by ``refcli config``).
    # The score options may be set there too.
    table_defaults: tuple[Param, ...] = ()
    # For the apps where players log their plays (``--format bgstats``): the game's BoardGameGeek id, given only
    # when checked against a source (None: the app matches the game by its title), and whether the game is
    # played for points (False: it ends in standings, as who is out first, so a play carries ranks alone).
    bgg_id: int | None = None
    points: bool = True
    rules: tuple[str, ...] = ()  # example queries of ``refcli GAME rules``; none: no rule catalogue
    question: str = ""  # a question in Spanish its rules answer, shown in their help; "": "¿quién gana?"
    rules_overview: tuple[str, ...] = ()  # example queries this game adds to the help of ``refcli rules``
    commands: tuple[Command, ...] = ()  # the game's own commands, after the shared verbs
    simulate: Simulate | None = None
    # Only for a game without a ``formats`` module: "module:function" returning its SnapshotFormat (man pages only).
    snapshot: str = ""
    examples: tuple[Example, ...] = ()  # EXAMPLES of refcli-GAME(1)
    overview: tuple[Example, ...] = ()  # examples this game adds to refcli(1)
    # A game from another distribution brings its own translations: gettext catalogues in the folder
    # ``locale`` of its package (``<locale>/es/LC_MESSAGES/<domain>.mo``), ``domain`` defaulting to the
    # package's name. refcli's ``_()`` looks a message up there when its own catalogue lacks it.
    locale: str = ""
    domain: str = ""

    def verb(self, name: str) -> Verb | None:
        return next((verb for verb in self.verbs if verb.name == name), None)

    def engine(self, verb: str) -> ModuleType:
        """The module implementing ``verb`` (score, ruling or validate) for this game."""
        found = self.verb(verb)
        if found is None:
            raise KeyError(f"{self.id} has no {verb}")
        return importlib.import_module(found.module)

    def names(self) -> tuple[str, ...]:
        """The id, every alias and the Spanish names: what the `game` key may say (``is_named``)."""
        return (self.id, *self.aliases, *self.spanish.get("game", {}))

    def is_named(self, name: str) -> bool:
        """Whether ``name`` is one of the game's names, ignoring case, accents and blanks."""
        return fold(name) in {fold(known) for known in self.names()}

    def english(self, word: str, what: str) -> str | None:
        """The English id a Spanish ``word`` of this kind (``"kind"``, ``"currency"``…), or another form of one
        (a plural), stands for."""
        wanted = fold(word)
        words = self.spanish.get(what, {})
        found = next((english for spanish, english in words.items() if fold(spanish) == wanted), None)
        if found is None and words:  # another form of one: a plural ("pujas", "desafíos")
            from refcli.language.forms import meaning

            found = meaning(word, words)
        return found

    def spanish_word(self, what: str, english: str) -> str:
        """The first Spanish word the game declares for ``english`` (a ``kind``, a ``card``…), else ``english``."""
        return next((spanish for spanish, id_ in self.spanish.get(what, {}).items() if id_ == english), english)

    def kind(self, word: str) -> str | None:
        """The input kind (``final``, a situation, ``record``) ``word`` names, in English or Spanish; None if none."""
        kinds = self.formats()
        folded = word.strip().casefold()
        if folded in kinds:
            return folded
        english = self.english(word, "kind")
        return english if english in kinds else None

    def file_words(self) -> list[tuple[str, str]]:
        """(word, English id) for every word other than an English id that the game's files may say.

        The game's other names (for its id, in the ``game`` key) and its Spanish words: what the format
        reader takes beside the English words (``refcli.reading.formats.spanish``).
        """
        pairs = [(name, self.id) for name in self.names()[1:]]
        return pairs + [pair for what, words in self.spanish.items() if what != "game" for pair in words.items()]

    def describes_formats(self) -> bool:
        """Whether the package has a ``formats`` module (looked up, not imported: cheap on every command)."""
        from importlib.util import find_spec

        try:
            return find_spec(f"{self.package}.formats") is not None
        except ModuleNotFoundError:  # the package is a plain module: nothing below it
            return False

    def formats(self) -> dict[str, Description]:
        """Every input format the game describes, by kind: "final", each situation kind, "record".

        From the package's ``formats`` module (its ``FORMATS``, as ``refcli.reading.formats`` describes
        them); empty for a game without one. Imports the descriptions, never an engine's commands.
        """
        if not self.describes_formats():
            return {}
        formats: dict[str, Description] = importlib.import_module(f"{self.package}.formats").FORMATS
        return dict(formats)

    @property
    def templates(self) -> tuple[tuple[str, str], ...]:
        """(kind, what the file is) for every described format: the KINDs of ``refcli GAME template`` and ``schema``."""
        return tuple((kind, desc.title) for kind, desc in self.formats().items())


def resolve(target: str) -> Any:
    """The object a ``"module:attribute"`` path names, importing the module now."""
    module, _, attribute = target.partition(":")
    found: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        found = getattr(found, part)
    return found
