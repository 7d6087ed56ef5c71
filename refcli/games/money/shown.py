"""Cards, currencies and lists as sentences say them, in the run's language. Pure.

JSON keeps a card as the input writes it (``str(card)``: ``"dollar 60 #33"``);
free text names it in the reader's language (``dólar 60 #33`` in Spanish,
003's words). A currency refcli does not know is shown as it was written.
"""

from __future__ import annotations

from collections.abc import Iterable

from refcli.games.money.cards import Card, currency
from refcli.language.i18n import _


def card(card: Card) -> str:
    """``euro 30 #12``, ``coin #5``, ``bluff`` in the run's language (English: exactly ``str(card)``)."""
    serial = f" #{card.serial}" if card.serial is not None else ""
    if card.kind == "bluff":
        return _("bluff")
    if card.kind == "coin":
        return _("coin") + serial
    return f"{currency(card.currency)} {card.value}{serial}"


def cards(shown: Iterable[Card]) -> str:
    """``euro 30 #12, coin #5``."""
    return ", ".join(map(card, shown))
