"""A file given to the wrong command: say what it is and which command reads it.

A situation given to ``score``, a final snapshot given to ``ruling``, a
recorded game given to ``score``: the reader's own message (an unknown key,
a missing ``situation``) is true but does not say what to do. When a
document that failed to read plainly is another kind of file (its
``situation`` key, or its top-level keys fit exactly one other format of
the game), the error says so and names the command; so does a missing
``game`` key when the document fits one game only. Anything else keeps the
reader's message. Runs only on the error path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from refcli.language.i18n import N_, _, game_title, language
from refcli.model.errors import DataError
from refcli.reading.tables import describe

if TYPE_CHECKING:
    from refcli.model.game import Game
    from refcli.reading.documents import Document
    from refcli.reading.formats.description import Description

# what each verb reads, as "found …" names it and as a game's ("Kuhhandel's final snapshot"); what to do with it
READS = {"score": N_("a final snapshot"), "ruling": N_("a situation"), "validate": N_("a recorded game")}
WHOSE = {
    "score": N_("{title}'s final snapshot"),
    "ruling": N_("{title}'s situation"),
    "validate": N_("{title}'s recorded game"),
}
DOES = {"score": N_("score it"), "ruling": N_("rule on it"), "validate": N_("validate it")}


def explained(error: DataError, doc: Document, game: Game | None, verb: str) -> DataError:
    """``error``, or a clearer one when ``doc`` is another kind of file than ``verb`` reads (``game``: the command's)."""
    try:
        better = _explain(error, doc, game, verb)
    except Exception:  # noqa: BLE001 - a second opinion never hides the reader's own message
        return error
    return better if better is not None else error


def _explain(error: DataError, doc: Document, command_game: Game | None, verb: str) -> DataError | None:
    from refcli.model import registry

    data = doc.data
    if not isinstance(data, dict):
        return None
    named = data.get("game")
    if command_game is None and error.path == "game":
        # no game, or one refcli does not know (looked up once already: the packages are not scanned again)
        built_in = any(isinstance(named, str) and g.is_named(named) for g in registry.built_in())
        return None if built_in else _guessed_game(error, doc, verb)
    game = command_game or (registry.find(named) if isinstance(named, str) else None)
    if game is None or game.verb(verb) is None:  # a game without the verb says so itself
        return None
    kind = kind_of(data, game)
    if kind is None or kind[0] == verb or game.verb(kind[0]) is None:
        return None
    right, situation = kind
    path = "situation" if "situation" in data else error.path
    line = doc.locator().line_of(("situation",)) if "situation" in data else error.line
    return DataError(
        _("the file is {what}, not {reads} (what `refcli {game} {verb}` reads): {does} with `{command}`").format(
            reads=_(READS[verb]),
            game=game.id,
            verb=verb,
            what=what_it_is(right, situation, game),
            does=_(DOES[right]),
            command=command(game.id, right, doc),
        ),
        file=doc.name,
        line=line,
        path=path,
    )


def _guessed_game(error: DataError, doc: Document, verb: str) -> DataError | None:
    """The ``game`` key missing or unknown: name the one game (and command) the document fits, if only one does."""
    from refcli.model import registry

    found = [game for game in registry.built_in() if reads_as(doc, game)]
    if len(found) != 1:
        return None
    game = found[0]
    kind = kind_of(doc.data, game)
    if kind is None:
        return None
    right, situation = kind
    known = ", ".join(registry.BUILT_IN)
    if "game" not in doc.data:
        said = _(
            "the game key is missing (one of {known}); the document is {whose}: "
            'add game = "{game}" or {does} with `{command}`'
        )
    else:
        said = _(
            "{found} is not a game id (one of {known}); the document is {whose}: "
            'write game = "{game}" or {does} with `{command}`'
        )
    return DataError(
        said.format(
            known=known,
            found=error.found or describe(doc.data.get("game")),
            whose=whose(right, situation, game),
            game=game.id,
            does=_(DOES[right]),
            command=command(game.id, right, doc),
        ),
        file=doc.name,
        line=error.line,
        path="game",
    )


def reads_as(doc: Document, game: Game) -> bool:
    """Whether ``doc``, given ``game``'s id, reads as one of ``game``'s formats (its situation's, or by its keys)."""
    from refcli.reading.documents import Document
    from refcli.reading.formats import read

    formats = game.formats()
    situation = doc.data.get("situation")
    if isinstance(situation, str):
        candidates = [d for d in formats.values() if d.verb == "ruling" and d.kind == game.kind(situation)]
    else:
        candidates = [d for d in formats.values() if d.verb != "ruling" and fits_keys(doc.data, d)]
    for desc in candidates:
        try:
            read(desc, Document.from_data({**doc.data, "game": game.id}, doc.name), game=game)
        except Exception:  # noqa: BLE001 - any failure: not this format
            continue
        return True
    return False


def kind_of(data: dict[str, Any], game: Game) -> tuple[str, str] | None:
    """(the verb that reads it, its situation kind or "") for a document of ``game``, when that is plain; else None."""
    formats = game.formats()
    if not formats:
        return None
    situation = data.get("situation")
    if isinstance(situation, str):
        desc = formats.get(game.kind(situation) or "")
        if desc is not None and desc.verb == "ruling":
            return "ruling", desc.kind
        return ("ruling", "") if any(d.verb == "ruling" for d in formats.values()) else None
    fits = [desc for desc in formats.values() if desc.verb != "ruling" and fits_keys(data, desc)]
    if len(fits) != 1:
        return None
    return fits[0].verb, ""


def what_it_is(verb: str, situation: str, game: Game) -> str:
    """ "a final snapshot", "a cow-trade situation": what a document of ``kind_of`` is."""
    if situation:
        return _("a situation of the kind {kind}").format(kind=kind_word(game, situation))
    return _(READS[verb])


def whose(verb: str, situation: str, game: Game) -> str:
    """ "Kuhhandel's final snapshot", "Kuhhandel's cow-trade situation"."""
    if situation:
        return _("{title}'s {kind} situation").format(title=game_title(game.title), kind=kind_word(game, situation))
    return _(WHOSE[verb]).format(title=game_title(game.title))


def kind_word(game: Game, situation: str) -> str:
    """A situation kind as the reader says it: the id in English, the game's own word in Spanish ("subasta")."""
    return situation if language() == "en" else game.spanish_word("kind", situation)


def fits_keys(data: dict[str, Any], desc: Description) -> bool:
    """Whether ``data`` has every required top-level key of ``desc`` and no other key."""
    allowed = {field.key for field in desc.fields}
    required = {field.key for field in desc.fields if field.required and field.key != "game"}
    return set(data) <= allowed and required <= set(data)


def command(game: str, verb: str, doc: Document) -> str:
    """``refcli GAME VERB FILE`` for this document (``-`` for standard input)."""
    name = doc.name
    where = "-" if name == "<stdin>" else ("FILE" if name.startswith("<") else _quoted(name))
    return f"refcli {game} {verb} {where}"


def _quoted(name: str) -> str:
    from refcli.language.visible import shell_word  # a name with a control character as $'…': printable, and runs as is

    return shell_word(name)
