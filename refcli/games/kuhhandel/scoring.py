"""Kuhhandel final scoring and the end-of-game check. Pure: no I/O.

Edition 2 (000 "Fin del juego"): the sum of the complete sets' values times
the number of complete sets. Edition 1 (001, first-edition changes): the
plain sum, plus 500 for the bonus card; the multiplier is a variant.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.components import (
    ANIMALS,
    BONUS_PAIRS,
    BONUS_POINTS,
    BY_ID,
    CARDS_PER_ANIMAL,
)
from refcli.games.kuhhandel.names import animal as animal_name
from refcli.games.kuhhandel.names import animals as animal_names
from refcli.language.i18n import _, ngettext


@dataclass(frozen=True)
class Holding:
    """One player's animal cards at the end (animal id → cards, 0–4)."""

    name: str
    cards: Mapping[str, int]
    bonus: bool = False

    def complete_sets(self) -> list[str]:
        """Complete sets, most valuable first (the order of 000's example: 650 + 160 + 10)."""
        return complete_sets(self.cards)

    def incomplete(self) -> list[tuple[str, int]]:
        return [
            (animal.id, self.cards[animal.id])
            for animal in ANIMALS
            if 0 < self.cards.get(animal.id, 0) < CARDS_PER_ANIMAL
        ]


MOST_VALUABLE_FIRST = tuple(animal.id for animal in reversed(ANIMALS))


def complete_sets(cards: Mapping[str, int]) -> list[str]:
    """The animals of which ``cards`` holds all four, most valuable first."""
    return [animal for animal in MOST_VALUABLE_FIRST if cards.get(animal, 0) == CARDS_PER_ANIMAL]


@dataclass(frozen=True)
class Snapshot:
    edition: int
    players: tuple[Holding, ...]


@dataclass(frozen=True)
class OpenAnimal:
    """Why an animal keeps the game from being over."""

    animal: str
    holders: tuple[tuple[str, int], ...]  # (player, cards) for each holder
    unheld: int  # cards nobody holds: still in the deck, or missing from the snapshot

    def describe(self) -> str:
        parts = []
        if len(self.holders) > 1:
            held = ", ".join(f"{name} {count}" for name, count in self.holders)
            parts.append(
                _("the {animal} cards are split ({held}), so a cow trade is still possible").format(
                    animal=animal_name(self.animal), held=held
                )
            )
        if self.unheld:
            total = sum(count for _name, count in self.holders)
            parts.append(
                _("{animal}: {held} of {count} cards held, {unheld} still to be auctioned").format(
                    animal=animal_name(self.animal), held=total, count=CARDS_PER_ANIMAL, unheld=self.unheld
                )
            )
        return "; ".join(parts)


@dataclass(frozen=True)
class PlayerResult:
    name: str
    score: int
    sets: tuple[str, ...]
    animal_sum: int
    multiplier: int
    bonus: int
    unscored: tuple[tuple[str, int], ...]

    def explanation(self) -> str:
        """The sum as a player checks it: ``pig 650 + dog 160 + rooster 10 = 820 × 3 sets = 2460``."""
        if not self.sets:
            if self.bonus:
                text = _("no complete set, bonus card {bonus} = {score}").format(bonus=self.bonus, score=self.score)
            else:
                text = _("no complete set = {score}").format(score=self.score)
        else:
            terms = " + ".join(f"{animal_name(animal)} {BY_ID[animal].value}" for animal in self.sets)
            text = terms if len(self.sets) == 1 else f"{terms} = {self.animal_sum}"
            if self.multiplier > 1:
                text = _("{sum} × {count} sets").format(sum=text, count=self.multiplier)
            if self.bonus:
                text = _("{sum} + bonus card {bonus}").format(sum=text, bonus=self.bonus)
            if self.multiplier > 1 or self.bonus:
                text += f" = {self.score}"
        if self.unscored:
            cards = ", ".join(animal_cards(count, animal) for animal, count in self.unscored)
            text = _("{sum} (unscored: {cards})").format(sum=text, cards=cards)
        return text


def animal_cards(count: int, animal: str) -> str:
    """``2 cow`` (English keeps the bare noun) / ``2 cartas de vaca``."""
    # TRANSLATORS: a number of cards of one animal; the English leaves "cards" out.
    return ngettext("{count} {animal}", "{count} {animal}", count).format(count=count, animal=animal_name(animal))


@dataclass(frozen=True)
class GameResult:
    edition: int
    multiply: bool
    players: tuple[PlayerResult, ...]
    open_animals: tuple[OpenAnimal, ...]
    clauses: tuple[str, ...]
    warnings: tuple[str, ...] = field(default=())

    @property
    def over(self) -> bool:
        return not self.open_animals


def describe_open(open_list: tuple[OpenAnimal, ...] | list[OpenAnimal]) -> str:
    """One sentence naming what keeps the game from being over."""
    parts = [o.describe() for o in open_list if o.holders]
    untouched = [o.animal for o in open_list if not o.holders]
    if untouched:
        parts.append(
            _("nobody holds any {animals} ({count} cards still to be auctioned)").format(
                animals=animal_names(untouched), count=len(untouched) * CARDS_PER_ANIMAL
            )
        )
    return "; ".join(parts)


def open_animals(players: tuple[Holding, ...]) -> list[OpenAnimal]:
    """Animals not yet in one player's complete set (000 "Fin del juego")."""
    result = []
    for animal in ANIMALS:
        holders = tuple((p.name, p.cards.get(animal.id, 0)) for p in players if p.cards.get(animal.id, 0))
        held = sum(count for _name, count in holders)
        if len(holders) != 1 or held != CARDS_PER_ANIMAL:
            result.append(OpenAnimal(animal.id, holders, max(CARDS_PER_ANIMAL - held, 0)))
    return result


def over_four(players: tuple[Holding, ...]) -> list[tuple[str, int]]:
    """Animals with more cards in the game than exist (four of each)."""
    totals = {animal.id: sum(p.cards.get(animal.id, 0) for p in players) for animal in ANIMALS}
    return [(animal, total) for animal, total in totals.items() if total > CARDS_PER_ANIMAL]


def bonus_warnings(players: tuple[Holding, ...]) -> list[str]:
    """K10: the bonus holder should have a complete pair, and a completed pair implies a holder."""

    def pairs_of(holding: Holding) -> list[str]:
        sets = set(holding.complete_sets())
        return [f"{animal_name(a)}+{animal_name(b)}" for a, b in BONUS_PAIRS if a in sets and b in sets]

    warnings = []
    holders = [p for p in players if p.bonus]
    for holder in holders:
        if not pairs_of(holder):
            warnings.append(
                _(
                    "{player} holds the bonus card but no complete pair (rooster+goose, dog+cat, "
                    "sheep+goat); only the first player to complete one receives it — scored as given"
                ).format(player=holder.name)
            )
    if not holders:
        completed = [f"{p.name} ({', '.join(pairs_of(p))})" for p in players if pairs_of(p)]
        if completed:
            warnings.append(
                _(
                    "nobody holds the bonus card although {players} completed a pair; "
                    "the first to complete one should have received it (500 points)"
                ).format(players=", ".join(completed))
            )
    return warnings


def _scored(animal_sum: int, sets: int, edition: int, multiply: bool, bonus_card: bool) -> tuple[int, int, int, int]:
    """(sum of the sets' values, multiplier, bonus, score) of a player with ``sets`` complete sets worth ``animal_sum``."""
    multiplier = sets if (edition == 2 or multiply) else 1
    bonus = BONUS_POINTS if (edition == 1 and bonus_card) else 0
    # K9: the bonus card is added after the multiplication.
    return animal_sum, multiplier, bonus, animal_sum * multiplier + bonus


def score_player(holding: Holding, edition: int, multiply: bool) -> PlayerResult:
    sets = tuple(holding.complete_sets())
    animal_sum, multiplier, bonus, score = _scored(
        sum(BY_ID[animal].value for animal in sets), len(sets), edition, multiply, holding.bonus
    )
    return PlayerResult(holding.name, score, sets, animal_sum, multiplier, bonus, tuple(holding.incomplete()))


def final_score(cards: Mapping[str, int], edition: int, multiply: bool, bonus_card: bool) -> int:
    """:func:`score_player`'s score alone, as a replay checks a recorded score: no explanation is made."""
    # the sets summed and counted in the order held: a player's few animals are read instead of all ten, and
    # no tuple of them is made (for every player of every record replayed)
    animal_sum = sets = 0
    for animal, held in cards.items():
        if held == CARDS_PER_ANIMAL:
            animal_sum += BY_ID[animal].value
            sets += 1
    return _scored(animal_sum, sets, edition, multiply, bonus_card)[3]


def score_game(snapshot: Snapshot, *, multiply: bool = False) -> GameResult:
    """Score every player. The caller decides whether an unfinished game may be scored."""
    players = tuple(score_player(p, snapshot.edition, multiply) for p in snapshot.players)
    cited: list[str] = [C.END_GAME_OVER, C.SCORE_SET_VALUE]
    if snapshot.edition == 2:
        cited += [C.SCORE_MULTIPLY, C.SCORE_EXAMPLE]
    else:
        cited.append(C.EDITION1_SCORING)
        if multiply:
            cited.append(C.SCORE_MULTIPLY)
    warnings: list[str] = []
    if snapshot.edition == 1:
        if any(p.bonus for p in players):
            cited.append(C.EDITION1_BONUS)
            if multiply:
                cited.append(C.BONUS_AFTER_MULTIPLY)
        warnings = bonus_warnings(snapshot.players)
        if warnings:
            cited.append(C.BONUS_HOLDER)
    cited += [C.SCORE_MONEY_WORTHLESS, C.SCORE_WINNER]
    top = max((p.score for p in players), default=0)
    if sum(p.score == top for p in players) > 1:
        cited.append(C.SHARED_WIN)
    return GameResult(
        edition=snapshot.edition,
        multiply=multiply,
        players=players,
        open_animals=tuple(open_animals(snapshot.players)),
        clauses=tuple(cited),
        warnings=tuple(warnings),
    )
