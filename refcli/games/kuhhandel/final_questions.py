"""Kuhhandel's final snapshot at the table (``refcli.model.questions``): who played, then each one's animal cards.

The edition is the table's (``refcli config``), not asked; the edition-1 bonus card
is offered under "Anything else?" only when the table plays edition 1.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from refcli.games.seating import by_name, each_player, players, who_played
from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Refused, Script

TITLE = "Kuhhandel"
MOST_PLAYERS = 5  # the final format's bound


def held(value: Any) -> Counter[str]:
    """Cards per animal (by its id) in one player's answer, any language's names."""
    from refcli.games.kuhhandel.components import animal_id

    counts: Counter[str] = Counter()
    if isinstance(value, dict):
        for name, count in value.items():
            animal = animal_id(name) if isinstance(name, str) else None
            if animal is not None and isinstance(count, int):
                counts[animal] += count
    return counts


def animal_cards(text: str, given: Answers) -> dict[str, int]:
    """``horse 4, cow 2``, ``4 horses``, ``caballo 4`` (``refcli.reading.typed``) as cards per animal, by the
    animals' English ids; an animal the game does not have, or more cards of one than it has, is refused."""
    from refcli.games.kuhhandel.components import ANIMALS, CARDS_PER_ANIMAL, animal_id
    from refcli.games.kuhhandel.formats import FINAL as FORMAT
    from refcli.games.kuhhandel.names import animal
    from refcli.reading.typed import read_typed

    table = next(field for field in FORMAT.fields if field.key == "player")
    cards = next(field for field in table.type.fields if field.key == "animals")
    value = read_typed(cards.type, text)
    if not isinstance(value, dict):
        raise Refused(_("Give each animal with its number of cards, commas between (e.g. horse 4, cow 2)."))
    found: Counter[str] = Counter()
    for name, count in value.items():
        meant = animal_id(name)
        if meant is None:
            raise Refused(
                _('There is no animal "{name}" in Kuhhandel: {animals} (Spanish and German names too).').format(
                    name=name, animals=", ".join(animal(a.id) for a in ANIMALS)
                )
            )
        found[meant] += count
    for meant, count in found.items():
        if count > CARDS_PER_ANIMAL:
            raise Refused(
                _("There are only four {animal} cards; one player cannot hold {count}.").format(
                    animal=animal(meant), count=count
                )
            )
    return dict(found)


def four_of_each(value: Any, given: Answers) -> str | None:
    """Every animal has four cards in the game: the players together hold no more."""
    from refcli.games.kuhhandel.components import CARDS_PER_ANIMAL
    from refcli.games.kuhhandel.names import animal

    total = held(value)
    for other in each_player(given, "animals"):
        total.update(held(other))
    for name in held(value):
        if total[name] > CARDS_PER_ANIMAL:
            return _("There are only four {animal} cards; with these the players would hold {count}.").format(
                animal=animal(name), count=total[name]
            )
    return None


def table_edition() -> int:
    """The edition the table plays (``refcli config``), else the rules' default."""
    from refcli.reading import table_defaults

    edition = table_defaults.of_game("kuhhandel").get("edition", 2)
    return edition if isinstance(edition, int) else 2


def bonus_holder(text: str, given: Answers) -> str:
    name = by_name(given, text)
    if name is None:
        raise Refused(
            _("{name} is not at the table ({players}).").format(name=text.strip(), players=", ".join(players(given)))
        )
    return name


def bonus_card(given: Answers) -> dict[str, Any]:
    """The player named as holding the bonus card holds it (``player.N.bonus``)."""
    holder = given.get("_bonus")
    return {f"player.{index}.bonus": True for index, name in enumerate(players(given), 1) if name == holder}


FINAL = Script(
    (
        who_played(TITLE, 1, MOST_PLAYERS),
        Ask(
            N_("{player}'s animal cards (e.g. horse 4, cow 2, or 4 horses; Enter for none)?"),
            "player.{index}.animals",
            each="_players",
            sets=("player.{index}.name",),
            optional=True,
            read=animal_cards,
            check=four_of_each,
        ),
        Ask(
            N_("Who holds the 500 bonus card (e.g. Ana)?"),
            "_bonus",
            extra=N_("the bonus card"),
            when=lambda given: table_edition() == 1,
            read=bonus_holder,
        ),
    ),
    finish=bonus_card,
)

SCRIPTS = {"final": FINAL}
