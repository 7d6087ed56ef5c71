"""Kuhhandel's cards: ten animals of four cards each, and their names.

Set values are printed on the cards and are not in the documents (their
README lists them as facts refcli relies on); 000 names two of them (4 cows =
800, and the example's pigs 650, dogs 160, roosters 10).
"""

from __future__ import annotations

from dataclasses import dataclass

CARDS_PER_ANIMAL = 4


@dataclass(frozen=True)
class Animal:
    id: str
    value: int  # points for the complete set of four
    spanish: str
    german: str


ANIMALS: tuple[Animal, ...] = (
    Animal("rooster", 10, "gallo", "hahn"),
    Animal("goose", 40, "ganso", "gans"),
    Animal("cat", 90, "gato", "katze"),
    Animal("dog", 160, "perro", "hund"),
    Animal("sheep", 250, "oveja", "schaf"),
    Animal("goat", 350, "cabra", "ziege"),
    Animal("donkey", 500, "burro", "esel"),
    Animal("pig", 650, "cerdo", "schwein"),
    Animal("cow", 800, "vaca", "kuh"),
    Animal("horse", 1000, "caballo", "pferd"),
)

BY_ID: dict[str, Animal] = {animal.id: animal for animal in ANIMALS}
TOTAL_CARDS = CARDS_PER_ANIMAL * len(ANIMALS)

# Edition 1's bonus card goes to the first player to complete one of these pairs.
BONUS_PAIRS: tuple[tuple[str, str], ...] = (("rooster", "goose"), ("dog", "cat"), ("sheep", "goat"))
BONUS_POINTS = 500

_NAMES: dict[str, str] = {}
for _animal in ANIMALS:
    for _name in (_animal.id, _animal.spanish, _animal.german):
        _NAMES[_name] = _animal.id


def animal_id(name: str) -> str | None:
    """The English id for an English, Spanish or German name, in any case."""
    return _NAMES.get(name.strip().casefold())
