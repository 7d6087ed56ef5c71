"""``kuhhandel animals`` and the ``--money`` reader of ``kuhhandel pay`` (pure layout, no I/O)."""

from __future__ import annotations

from typing import Any

from refcli.games.kuhhandel.components import ANIMALS, BY_ID, CARDS_PER_ANIMAL, Animal, accepted_names, animal_id
from refcli.games.kuhhandel.money import VALUES
from refcli.report import Block, Grid, Heading, Para, Report


def animals_report(animal: str | None = None) -> Report:
    """The ten animals: the value of each set of four, and their Spanish and German names.

    With ``animal`` (any name a snapshot accepts), that animal's row alone; an unknown name is a usage error.
    """
    chosen = ANIMALS if animal is None else (asked_animal(animal),)
    data: dict[str, Any] = {
        "game": "kuhhandel",
        "animals": [
            {"animal": a.id, "value": a.value, "cards": CARDS_PER_ANIMAL, "spanish": a.spanish, "german": a.german}
            for a in chosen
        ],
    }
    rows = tuple((a.id, str(a.value), a.spanish, a.german) for a in chosen)
    grid = Grid((("Animal", "left"), ("Set of 4", "right"), ("Spanish", "left"), ("German", "left")), rows)
    if animal is None:
        blocks: list[Block] = [
            Heading("Kuhhandel animals"),
            grid,
            Para("A card shows the value of the complete set of four; any of these names works in a snapshot."),
        ]
    else:
        one = chosen[0]
        data["animal"] = one.id
        blocks = [
            Heading(f"Kuhhandel animal: {one.id}"),
            Para(
                f"A complete set of four {one.id} cards ({one.spanish}, {one.german.title()}) is worth {one.value}; "
                "each card shows that value.",
                "good",
            ),
            grid,
        ]
    return Report(data, blocks)


def asked_animal(name: str) -> Animal:
    """``animals NAME``: an English, Spanish or German animal name, as a snapshot accepts it (usage error otherwise)."""
    found = animal_id(name)
    if found is not None:
        return BY_ID[found]
    from difflib import get_close_matches

    from refcli.errors import UsageError

    names = {written: animal.id for animal in ANIMALS for written in (animal.id, animal.spanish, animal.german)}
    close = get_close_matches(name.strip().casefold(), names, n=1, cutoff=0.6)
    hint = ""
    if close:
        english = names[close[0]]
        hint = f" (did you mean {close[0]}{'' if english == close[0] else f', {english}'}?)"
    raise UsageError(
        f"animals: {name!r} is not an animal{hint}; the animals are {accepted_names()}, "
        "or their Spanish or German names"
    )


def money_cards(value: str) -> list[int]:
    """``--money 0,10,10,50``: the cards, checked while the line is parsed (ValueError: a usage error)."""
    cards = []
    for word in value.replace(" ", ",").split(","):
        if not word:
            continue
        if not word.isdigit() or int(word) not in VALUES:
            raise ValueError(f"{word!r} is not a money card; the cards are 0, 10, 50, 100, 200 and 500")
        cards.append(int(word))
    return cards
