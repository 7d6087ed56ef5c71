"""Money! scoring (003 "Valor de las monedas / puntuación", "Fin del juego"; register M1, M2). Pure.

Per currency: its total; under 200, 100 is subtracted and the result floored
at 0 (M1); each triplet of 20s or of 30s adds 100 whatever the total (M2).
Coins count 10 each. The worked example: 450.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from refcli.games.money.cards import COIN_VALUE, PENALTY, THRESHOLD, TRIPLET_BONUS, currency
from refcli.language.i18n import _


@dataclass(frozen=True)
class CurrencyScore:
    currency: str
    notes: tuple[int, ...]
    face: int
    penalty: int  # what the 100 penalty actually took (floored at 0)
    triplets: tuple[int, ...]  # 20 and/or 30
    score: int

    def explain(self) -> str:
        """``yen 110→10 + triplet 100``: the face value, after the penalty, and bonuses."""
        text = f"{currency(self.currency)} {self.face}"
        if self.penalty:
            text += f"→{self.face - self.penalty}"
        for value in self.triplets:
            text += " + " + _("triplet {value}s {bonus}").format(value=value, bonus=TRIPLET_BONUS)
        return text


@dataclass(frozen=True)
class PlayerScore:
    name: str
    currencies: tuple[CurrencyScore, ...]
    coins: int
    score: int

    def explain(self) -> str:
        parts = [c.explain() for c in self.currencies]
        if self.coins:
            parts.append(_("coins {points}").format(points=self.coins * COIN_VALUE))
        return (", ".join(parts) or _("nothing")) + f" = {self.score}"


def currency_points(notes: Sequence[int]) -> int:
    """A currency's score: M1's penalty under 200 (floored at 0), M2's 100 per triplet of 20s or of 30s."""
    return currencies_points((notes,))


def currencies_points(currencies: Iterable[Sequence[int]]) -> int:
    """The scores of these currencies (each its notes' values), summed: one call for a whole hand, as a replay
    scores every player, instead of one a currency."""
    points = 0
    for notes in currencies:
        face = sum(notes)
        if face < THRESHOLD:  # M1: less 100, floored at 0 (a conditional: min() parses its arguments as keywords)
            if face > PENALTY:
                points += face - PENALTY
        else:
            points += face
        if len(notes) >= 3:  # M2: a triplet needs three notes, and most currencies of a hand hold fewer
            if notes.count(20) >= 3:
                points += TRIPLET_BONUS
            if notes.count(30) >= 3:
                points += TRIPLET_BONUS
    return points


def player_points(notes: Mapping[str, Sequence[int]], coins: int) -> int:
    """A player's score, without the breakdown (a replay checks the recorded scores with it)."""
    return coins * COIN_VALUE + currencies_points(notes.values())


def score_currency(currency: str, notes: Sequence[int]) -> CurrencyScore:
    face = sum(notes)
    penalty = min(PENALTY, face) if face < THRESHOLD else 0
    triplets = tuple(value for value in (20, 30) if list(notes).count(value) >= 3)
    return CurrencyScore(currency, tuple(sorted(notes)), face, penalty, triplets, currency_points(notes))


def score_player(name: str, notes: Mapping[str, Sequence[int]], coins: int) -> PlayerScore:
    currencies = tuple(score_currency(currency, cards) for currency, cards in notes.items() if cards)
    return PlayerScore(name, currencies, coins, player_points(notes, coins))
