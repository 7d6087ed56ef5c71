"""Kuhhandel's cards: ten animals of four cards each, and their names.

Set values are printed on the cards and are not in the documents (their
README lists them as facts refcli relies on); 000 names two of them (4 cows =
800, and the example's pigs 650, dogs 160, roosters 10).
"""

from __future__ import annotations

from dataclasses import dataclass

from refcli.language.folding import fold

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

# Other words players use for the animals on the cards: Spain's and Latin America's names (oca, asno,
# puerco, chancho…), the female or young animal where people say it of the card (gallina for the
# rooster), and the English plural no stem finds (geese). Each names the card's animal, so it never
# gets a "did you mean" pointing to an animal of another value.
SYNONYMS: dict[str, str] = {
    "gallina": "rooster",
    "oca": "goose",
    "geese": "goose",
    "gata": "cat",
    "perra": "dog",
    "borrego": "sheep",
    "carnero": "sheep",
    "cordero": "sheep",
    "chivo": "goat",
    "cabrito": "goat",
    "asno": "donkey",
    "puerco": "pig",
    "cochino": "pig",
    "chancho": "pig",
    "marrano": "pig",
    "cerda": "pig",
    "yegua": "horse",
    "potro": "horse",
}

# Every name an animal is known by, folded (refcli.language.folding): its id, its Spanish and German names
# and the synonyms.
NAMES: dict[str, str] = {
    fold(name): animal.id for animal in ANIMALS for name in (animal.id, animal.spanish, animal.german)
}
NAMES.update((fold(name), animal) for name, animal in SYNONYMS.items())


def animal_id(name: str) -> str | None:
    """The English id for an English, Spanish or German name or a synonym, in any case, accents aside,
    or their plurals (``cerdos``, ``Vacas``, ``ocas``, ``cows``)."""
    found = NAMES.get(name)  # a name as a record writes it, already folded: fold would give it back unchanged
    if found is not None:
        return found
    folded = fold(name)
    found = NAMES.get(folded)
    if found is None and folded:
        from refcli.language.forms import meaning  # a plural: only for a name not known as typed

        found = meaning(folded, NAMES)
    return found


def animal_names() -> tuple[str, ...]:
    """Every name ``animal_id`` knows as written (ids, Spanish, German, synonyms): for "did you mean"."""
    return (*(n for a in ANIMALS for n in (a.id, a.spanish, a.german)), *SYNONYMS)
