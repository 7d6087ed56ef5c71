"""What a game knows lives in its package: no module outside ``refcli/games/`` names a built-in game in code.

The shared code (command line, rules search, output schemas, man pages…) reads
the games' declarations (``refcli.model.game.Game``); a game's id, other names,
Spanish names and its own commands are written only in its package, and the
list of built-in games only in ``refcli/games/__init__.py``. Docstrings and
comments may name games: they explain with examples and are not code.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from refcli.language.folding import fold
from refcli.model import registry
from refcli.model.game import Game, resolve
from refcli.output.document_schemas import CommandSchema

PACKAGE = Path(__file__).resolve().parent.parent / "refcli"
GAMES = PACKAGE / "games"


def game_names() -> dict[str, str]:
    """Every name of a built-in game, folded → the game: id, aliases, Spanish names, its package's name."""
    names: dict[str, str] = {}
    for game in registry.built_in():
        for name in (*game.names(), game.package.rpartition(".")[2]):
            names[fold(name)] = game.id
    return names


def command_names() -> dict[str, str]:
    """Every built-in game's own command, folded → ``GAME COMMAND``."""
    return {
        fold(command.name): f"{game.id} {command.name}" for game in registry.built_in() for command in game.commands
    }


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _identifiers(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.alias):
        return [node.asname or node.name.rpartition(".")[2]]
    return []


def _words(text: str) -> set[str]:
    """Every word of ``text`` and every run of up to four (folded: "Cup of Bluff" and "cup-of-bluff-chips" hold
    "cup-of-bluff"; the longest name of a game is three words)."""
    parts = fold(text).split("-")
    return {"-".join(parts[start:end]) for start in range(len(parts)) for end in range(start + 1, start + 5)}


def games_named(source: str, where: str) -> list[str]:
    """Each place ``source`` names a built-in game or one of its commands in code: a string's word, or a name."""
    games, commands = game_names(), command_names()
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words = _words(node.value)
            found += [f"{where}:{line}: {node.value!r} names {games[word]}" for word in sorted(words & set(games))]
            if fold(node.value) in commands:
                found.append(f"{where}:{line}: {node.value!r} is the command {commands[fold(node.value)]}")
        for identifier in _identifiers(node):
            if fold(identifier) in games:
                found.append(f"{where}:{line}: the name {identifier} names {games[fold(identifier)]}")
    return found


# Generated from the full command line's help, which the games' declarations fill (refcli.cli.help_pages).
GENERATED = ("cli/root_help.py",)


def shared_modules() -> list[Path]:
    return sorted(
        path
        for path in PACKAGE.rglob("*.py")
        if GAMES not in path.parents and path.relative_to(PACKAGE).as_posix() not in GENERATED
    )


def test_no_module_outside_the_games_names_a_built_in_game() -> None:
    found = [
        place
        for path in shared_modules()
        for place in games_named(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)))
    ]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'WORDS = {"dinero": ("money",)}',  # an alias, and an id as a word
        'if game.id == "kuhhandel": pass',
        'name = "cup-of-bluff-chips"',  # a game's id inside a longer word
        'asked = "Engañado"',  # a Spanish name, accents and case aside
        'title = "Rules of Cup of Bluff"',  # a name of several words, in a sentence
        'verb = "pay"',  # a game's own command
        "from refcli.games import cupofbluff",  # its package's name
        "def bamboozled() -> None: ...",
    ],
)
def test_the_check_finds_a_game_named(source: str) -> None:
    assert games_named(source, "x.py"), source


def test_the_check_leaves_documentation_and_other_words_alone() -> None:
    source = '"""Kuhhandel, Money! and Cup of Bluff are examples."""\n# kuhhandel\nmessage = "the payment"\n'
    assert games_named(source, "x.py") == []


def test_the_built_in_games_are_listed_once_inside_the_games() -> None:
    from refcli import games

    assert registry.BUILT_IN is games.BUILT_IN
    assert [game.package for game in registry.built_in()] == list(games.BUILT_IN.values())


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_what_a_game_declares_by_path_is_there(game: Game) -> None:
    for command in game.commands:
        if command.schema:
            assert isinstance(resolve(command.schema)(), CommandSchema), command.name
    for verb in game.verbs:
        if verb.schema:
            assert all(isinstance(key, str) for key in resolve(verb.schema)()), verb.name


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_every_game_rules_and_validates_with_the_shared_protocol(game: Game) -> None:
    from refcli.results import records, rulings

    rule_document = game.engine("ruling").rule_document
    assert (rule_document.__module__, rule_document.__qualname__) == (
        rulings.__name__,
        "rulings.<locals>.rule_document",
    )
    validate_document = game.engine("validate").validate_document
    assert isinstance(validate_document.__self__, records.Records)
    assert validate_document.__func__ is records.Records.validate_document
