"""``kuhhandel animals`` and the ``--money`` reader of ``kuhhandel pay`` (pure layout, no I/O)."""

from __future__ import annotations

from refcli.games.kuhhandel.components import ANIMALS, CARDS_PER_ANIMAL
from refcli.games.kuhhandel.money import VALUES
from refcli.report import Block, Grid, Heading, Para, Report


def animals_report() -> Report:
    """The ten animals: the value of each set of four, and their Spanish and German names."""
    data = {
        "game": "kuhhandel",
        "animals": [
            {"animal": a.id, "value": a.value, "cards": CARDS_PER_ANIMAL, "spanish": a.spanish, "german": a.german}
            for a in ANIMALS
        ],
    }
    rows = tuple((a.id, str(a.value), a.spanish, a.german) for a in ANIMALS)
    blocks: list[Block] = [
        Heading("Kuhhandel animals"),
        Grid((("Animal", "left"), ("Set of 4", "right"), ("Spanish", "left"), ("German", "left")), rows),
        Para("A card shows the value of the complete set of four; any of these names works in a snapshot."),
    ]
    return Report(data, blocks)


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
