"""``kuhhandel animals`` and the ``--money`` reader of ``kuhhandel pay`` (pure layout, no I/O)."""

from __future__ import annotations

from typing import Any

from refcli.games.kuhhandel.components import ANIMALS, BY_ID, CARDS_PER_ANIMAL, SYNONYMS, Animal, animal_id
from refcli.games.kuhhandel.money import VALUES
from refcli.games.kuhhandel.names import animal as animal_name
from refcli.games.kuhhandel.names import animals as animal_names
from refcli.language.i18n import _
from refcli.language.visible import clip
from refcli.results.report import Block, Grid, Heading, Para, Report


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
    columns = ((_("Animal"), "left"), (_("Set of 4"), "right"), (_("Spanish"), "left"), (_("German"), "left"))
    grid = Grid(columns, rows)
    if animal is None:
        blocks: list[Block] = [
            Heading(_("Kuhhandel animals")),
            grid,
            Para(_("A card shows the value of the complete set of four; any of these names works in a snapshot.")),
        ]
    else:
        one = chosen[0]
        data["animal"] = one.id
        blocks = [
            Heading(_("Kuhhandel animal: {animal}").format(animal=animal_name(one.id))),
            Para(
                _(
                    "A complete set of four {english} cards ({spanish}, {german}) is worth {value}; "
                    "each card shows that value."
                ).format(english=one.id, spanish=one.spanish, german=one.german.title(), value=one.value),
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
    from refcli.language.suggestions import closest
    from refcli.model.errors import UsageError

    # English ids, then the Spanish names and synonyms (a Spanish run, or Spanish input, is offered those first)
    names = {animal.id: animal.id for animal in ANIMALS}
    names.update((animal.spanish, animal.id) for animal in ANIMALS)
    names.update(SYNONYMS)
    near = closest(name, [animal.id for animal in ANIMALS], [*(animal.spanish for animal in ANIMALS), *SYNONYMS])
    close = [near] if near is not None else []
    listed = animal_names([animal.id for animal in ANIMALS])  # the English ids, or the Spanish names in Spanish
    if not close:
        message = _("animals: {name} is not an animal; the animals are {animals}, or their Spanish or German names")
    elif names[close[0]] == close[0]:
        message = _(
            "animals: {name} is not an animal (did you mean {close}?); the animals are {animals}, "
            "or their Spanish or German names"
        )
    else:
        message = _(
            "animals: {name} is not an animal (did you mean {close}, {english}?); the animals are {animals}, "
            "or their Spanish or German names"
        )
    english = names[close[0]] if close else ""
    raise UsageError(
        message.format(name=repr(clip(name)), close=close[0] if close else "", english=english, animals=listed)
    )


def money_cards(value: str) -> list[int]:
    """``--money 0,10,10,50``: the cards, checked while the line is parsed (ValueError: a usage error)."""
    cards = []
    for word in value.replace(" ", ",").split(","):
        if not word:
            continue
        digits = word.lstrip("0") or "0"  # never thousands of digits to convert (Python refuses them)
        if not (word.isascii() and word.isdigit()) or len(digits) > 3 or int(digits) not in VALUES:
            raise ValueError(
                _("{word} is not a money card; the cards are 0, 10, 50, 100, 200 and 500").format(word=repr(clip(word)))
            )
        cards.append(int(word))
    return cards
