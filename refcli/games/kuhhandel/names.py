"""The animals as free text names them, in the run's language (JSON keeps the English ids).

Spanish output uses the rulebooks' words (000: gallo, ganso, gato, perro,
oveja, cabra, burro, cerdo, vaca, caballo), the same ones a snapshot accepts
(``components.ANIMALS``' ``spanish``; a test keeps the two in step). Spanish
nouns carry their article's gender, so a sentence that says "the cow" takes
:func:`the_animal` ("la vaca", "el caballo") rather than gluing an article on.
"""

from __future__ import annotations

from refcli.language.i18n import N_, _

NAME: dict[str, str] = {
    "rooster": N_("rooster"),
    "goose": N_("goose"),
    "cat": N_("cat"),
    "dog": N_("dog"),
    "sheep": N_("sheep"),
    "goat": N_("goat"),
    "donkey": N_("donkey"),
    "pig": N_("pig"),
    "cow": N_("cow"),
    "horse": N_("horse"),
}

THE: dict[str, str] = {
    "rooster": N_("the rooster"),
    "goose": N_("the goose"),
    "cat": N_("the cat"),
    "dog": N_("the dog"),
    "sheep": N_("the sheep"),
    "goat": N_("the goat"),
    "donkey": N_("the donkey"),
    "pig": N_("the pig"),
    "cow": N_("the cow"),
    "horse": N_("the horse"),
}


def animal(animal_id: str) -> str:
    """``cow`` → "cow" / "vaca": the animal's name in free text."""
    return _(NAME[animal_id]) if animal_id in NAME else animal_id


def the_animal(animal_id: str) -> str:
    """``cow`` → "the cow" / "la vaca"."""
    return _(THE[animal_id]) if animal_id in THE else f"the {animal_id}"


def animals(animal_ids: list[str] | tuple[str, ...]) -> str:
    """Several animals, comma-separated, as free text names them."""
    return ", ".join(animal(animal_id) for animal_id in animal_ids)
