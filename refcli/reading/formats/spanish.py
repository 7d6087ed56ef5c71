"""A description with its game's Spanish words: the synonyms of its choices, constants and union tags.

A game declares its Spanish words once, in its ``Game`` (``refcli.model.game``:
``spanish``, by what they name), and its descriptions are written in English.
When a description is read (``refcli.reading.formats.reader``) or its JSON Schema
written, :func:`with_words` gives each ``choice``, ``const`` and ``union`` type
whose English words have Spanish ones a ``synonyms`` list: every (word, English
word) pair that stands for one of them, the English words included, which the
reader matches ignoring case, accents and blanks and reads as the English word.
The ``game`` constant's synonyms are the game's names (id, aliases, Spanish
names). A word is a synonym of a type only when the English id it stands for is
one of the type's own words, so "intercambio" may be the exchange situation in
one place and the exchange event in another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from refcli.reading.formats.description import Description, Field, Type

if TYPE_CHECKING:
    from refcli.model.game import Game


def with_words(desc: Description, game: Game | None = None) -> Description:
    """``desc`` with synonyms from its game's declaration; ``desc`` itself when the game declares none.

    ``game`` is that declaration when the caller has it (the game's own engine, a command that looked it
    up); without it the registry is asked for the game ``desc`` names.
    """
    pairs = game.file_words() if game is not None else _pairs(desc.game)
    if not pairs:
        return desc
    fields = _fields(desc.fields, pairs)
    return desc if fields is desc.fields else desc._replace(fields=fields)


def _pairs(game_id: str) -> list[tuple[str, str]]:
    """(word, English id) for every word of the game's declaration a user may type in a file."""
    from refcli.model import registry

    game = registry.get(game_id)  # a description of no registered game (a test's) has no words
    return game.file_words() if game is not None else []


def _fields(fields: tuple[Field, ...], pairs: list[tuple[str, str]]) -> tuple[Field, ...]:
    changed = tuple(f._replace(type=typed) if (typed := _type(f.type, pairs)) is not f.type else f for f in fields)
    return fields if all(a is b for a, b in zip(changed, fields)) else changed


def _synonyms(english: tuple[str, ...], pairs: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The pairs standing for one of ``english`` (and those words themselves); none when no word is Spanish."""
    found = [(word, meant) for word, meant in pairs if meant in english]
    if not found:
        return ()
    return (*((word, word) for word in english), *found)


def _type(t: Type, pairs: list[tuple[str, str]]) -> Type:
    """``t`` with synonyms wherever its game has words for it (the same object when nothing changes)."""
    changes: dict[str, Any] = {}
    for name in ("item", "key"):
        child = getattr(t, name)
        if child is not None and (typed := _type(child, pairs)) is not child:
            changes[name] = typed
    if t.items:
        items = tuple(_type(item, pairs) for item in t.items)
        if any(a is not b for a, b in zip(items, t.items)):
            changes["items"] = items
    for name in ("fields", "variants"):
        fields = getattr(t, name)
        if fields and (typed_fields := _fields(fields, pairs)) is not fields:
            changes[name] = typed_fields
    words = {"choice": t.choices, "const": (t.value,), "union": tuple(v.key for v in t.variants)}.get(t.kind, ())
    synonyms = _synonyms(words, pairs) if words else ()
    if synonyms:
        changes["synonyms"] = synonyms
    if t.kind == "union" and synonyms:  # each variant's tag takes what the union takes for it
        variants = changes.get("variants", t.variants)
        changes["variants"] = tuple(_tagged(v, t.tag, synonyms) for v in variants)
    return t._replace(**changes) if changes else t


def _tagged(variant: Field, tag: str, synonyms: tuple[tuple[str, str], ...]) -> Field:
    """A union's variant whose tag constant has the union's synonyms for its word."""
    own = tuple((word, english) for word, english in synonyms if english == variant.key)
    fields = tuple(f._replace(type=f.type._replace(synonyms=own)) if f.key == tag else f for f in variant.type.fields)
    return variant._replace(type=variant.type._replace(fields=fields))
