"""Money! cards: notes of free-named currencies, coins and bluff cards. Pure.

Each currency has nine notes: 20, 20, 20, 30, 30, 30, 40, 50, 60 (300 in
all); there are six coins worth 10 and a bluff card per player. Every note
and coin carries a serial number, FRED 001 to FRED 069 (003 "Valor de las
monedas"). In input a card is written ``"euro 30 #12"``, ``"coin #5"`` or
``"bluff"``.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from typing import NamedTuple

from refcli.language.folding import fold as fold_word  # a word as the game's Spanish words are matched
from refcli.language.i18n import N_, _

NOTE_VALUES: tuple[int, ...] = (20, 20, 20, 30, 30, 30, 40, 50, 60)
COIN_VALUE = 10
COINS = 6
MAX_CURRENCIES = 7
SERIALS = range(1, 70)
CURRENCIES_FOR_PLAYERS = {5: 7, 4: 6, 3: 5}
TRIPLET_BONUS = 100
THRESHOLD = 200
PENALTY = 100


class Card(NamedTuple):  # a tuple: compared in C when hands are searched card by card
    kind: str  # "note" | "coin" | "bluff"
    currency: str = ""  # folded to lower case; "" for coins and bluffs
    value: int = 0
    serial: int | None = None

    def __str__(self) -> str:
        serial = f" #{self.serial}" if self.serial is not None else ""
        if self.kind == "bluff":
            return "bluff"
        if self.kind == "coin":
            return f"coin{serial}"
        return f"{self.currency} {self.value}{serial}"


BLUFF = Card("bluff")  # every bluff card: parse_card makes no other, so an offer's are counted by equality, in C

# The currencies of the box and the examples, by the name the input uses (folded).
CURRENCY_NAMES: dict[str, str] = {
    "euro": N_("euro"),
    "yen": N_("yen"),
    "dollar": N_("dollar"),
    "pound": N_("pound"),
    "franc": N_("franc"),
    "krone": N_("krone"),
    "peso": N_("peso"),
    "mark": N_("mark"),  # 003's Spanish names (rulebook words the input takes): shown in Spanish in Spanish
    "guilder": N_("guilder"),
    "rupee": N_("rupee"),
    "rouble": N_("rouble"),
}


def currency(name: str) -> str:
    """A currency's name in the run's language (``dollar`` → ``dólar``)."""
    known = CURRENCY_NAMES.get(name)
    return _(known) if known else name


def _spanish(*what: str) -> dict[str, str]:
    """The game's Spanish words of these kinds (``GAME.spanish``), folded: "dolar" → "dollar", "farol" → "bluff"."""
    from refcli.games.money import GAME

    return {fold_word(word): english for kind in what for word, english in GAME.spanish.get(kind, {}).items()}


SPANISH_CURRENCIES = _spanish("currency")
SPANISH_CARDS = _spanish("card", "currency")
# Every currency name refcli knows, folded, and the id it keeps: the box's and the Spanish words'.
KNOWN_CURRENCIES: dict[str, str] = {
    **{fold_word(english): english for english in (*CURRENCY_NAMES, *SPANISH_CURRENCIES.values())},
    **SPANISH_CURRENCIES,
}
# Words for a note or a coin, not for a currency: "billete 20" names no currency (003 calls the notes
# "billetes"), and coins are counted apart. Folded.
NOTE_WORDS = frozenset({"billete", "nota", "note", "bill", "banknote", "papel"})
COIN_WORDS = frozenset({"moneda", "coin", "munze"})


class CardSyntaxError(ValueError):
    """A card string that is not "<currency> <value> [#serial]", "coin [#serial]" or "bluff"."""


class NotACurrency(CardSyntaxError):
    """A card word where a currency's name goes (``billete``); ``suggestion`` says what to write instead."""

    def __init__(self, name: str, suggestion: str) -> None:
        super().__init__(name)
        self.suggestion = suggestion


def currency_id(name: str) -> str:
    """A currency name as refcli keeps it: a known one by its id, in either language and in the singular or
    the plural, accents aside ("Dólares", "dolar" → "dollar"; "euros" → "euro"); any other name as given.

    Raises :class:`NotACurrency` for a word that names a note or a coin rather than a currency."""
    folded = fold_word(name)
    known = KNOWN_CURRENCIES.get(folded)
    if known is not None:
        return known
    from refcli.language.forms import meaning  # another form: only for a name not known as written

    known = meaning(folded, KNOWN_CURRENCIES)
    if known is not None:
        return known
    if card_word(folded, NOTE_WORDS):
        raise NotACurrency(name, _(' (a note is written with its currency\'s name, e.g. "euro 20" or "dólar 30")'))
    if card_word(folded, COIN_WORDS):
        raise NotACurrency(name, _(" (coins are no currency: write how many a player holds, e.g. coins = 2)"))
    return name


def other_card_name(name: str) -> str:
    """A card's name written in another form (a plural): "coin", "bluff" or the currency's id."""
    from refcli.language.forms import meaning

    folded = fold_word(name)
    if card_word(folded, COIN_WORDS):
        return "coin"
    if meaning(folded, {"bluff": "bluff", "farol": "bluff"}) is not None:
        return "bluff"
    return currency_id(name)


def card_word(folded: str, words: frozenset[str]) -> bool:
    """Whether a folded name is one of ``words`` (note or coin words), or their plural."""
    from refcli.language.forms import meaning

    return folded in words or meaning(folded, {word: word for word in words}) is not None


_CARD = re.compile(r"^\s*(?P<name>[^\s#]+(?:\s+[^\s#\d][^\s#]*)*?)\s*(?P<value>\d+)?\s*(?:#\s*(?P<serial>\d+))?\s*$")


def read_card(text: str) -> Card:
    """A card from its text (``parse_card`` is this, remembered)."""
    match = _CARD.match(text)
    if not match:
        raise CardSyntaxError(text)
    name = " ".join(match["name"].split()).casefold()
    name = SPANISH_CARDS.get(fold_word(name), name)  # "dólar 60 #33", "farol", "moneda #5": rulebook 003's words
    if name not in ("bluff", "coin", "moneda", "münze") and fold_word(name) not in KNOWN_CURRENCIES:
        name = other_card_name(name)  # "monedas #5", "faroles", "euros 20"; "billete 20" refused
    value = int(match["value"]) if match["value"] else None
    serial = int(match["serial"]) if match["serial"] else None
    if name == "bluff" and value is None and serial is None:
        return BLUFF
    if name in ("coin", "moneda", "münze"):
        if value not in (None, COIN_VALUE):
            raise CardSyntaxError(text)
        return Card("coin", "", COIN_VALUE, serial)
    if value is None:
        raise CardSyntaxError(text)
    # one string per currency name: a hand searched for a card compares its cards' currencies by identity
    return Card("note", sys.intern(name), value, serial)


class _Remembered(dict[str, Card]):
    """The cards read so far by their text: a game's 69 cards are written again and again in a record.

    Looked up as a dict (a card already read costs no Python call, nor the argument tuple an ``lru_cache``
    builds); bounded, and a text that is not a card raises each time, as it is never stored."""

    def __missing__(self, text: str) -> Card:
        card = read_card(text)
        if len(self) < _REMEMBERED:
            self[text] = card
        return card


_REMEMBERED = 4096
parse_card: Callable[[str], Card] = _Remembered().__getitem__


def impossible_cards(cards: Iterable[Card]) -> list[str]:
    """Problems with a set of cards that cannot all exist in one game, as sentences."""
    return Deck().add(cards)


class Deck:
    """The physical cards seen in one game so far, checked one by one as they come into view.

    Cards never leave a game of Money!, so every card seen (the setup, each
    refill, an offer) must fit the box together with all the others: a card
    dealt again, a fourth euro 20, an eighth currency. ``add`` returns the
    problems the cards make, as sentences.
    """

    __slots__ = ("coins", "notes", "unseen")

    def __init__(self) -> None:
        # currency → note value → how many more of it the box holds (below 0: too many seen); plain dicts,
        # as a Counter's missing key costs a Python call and a replay adds every card of the game
        self.notes: dict[str, dict[int, int]] = {}
        self.coins = 0
        # the serials no card seen so far carries: a serial found here is one test for the usual card (neither
        # seen before, nor unknown, nor missing), and taking it out records it as seen
        self.unseen: set[int | None] = set(_SERIALS)

    def add(self, cards: Iterable[Card]) -> list[str]:
        """Each card added in turn; the problems they make, in order (empty: all of them fit the box).

        One loop over a display's or a setup's cards: a replay adds every card of the game, and a call per
        card was a large share of a refill's cost."""
        problems: list[str] = []
        notes = self.notes
        unseen = self.unseen
        for kind, name, value, serial in cards:
            problem = None
            if kind == "note":
                left = notes.get(name)
                if left is None:
                    left = notes[name] = dict(_NOTE_COUNTS)  # a currency's count starts full: one lookup a note
                    if len(notes) > MAX_CURRENCIES:
                        problem = _("{count} currencies, but the game has {most}").format(
                            count=len(notes), most=MAX_CURRENCIES
                        )
                try:
                    more = left[value] - 1  # a subscript, not get(): no method call for the usual note
                except KeyError:  # no such note in the box: none of it to take
                    more = -1
                left[value] = more
                if more < 0:  # one test for "no such note" and "one too many"
                    problem = self.note_problem(name, value, _NOTE_COUNTS.get(value, 0) - more)
            elif kind == "coin":
                self.coins += 1
                if self.coins > COINS:
                    problem = _("{count} coins, but the game has {most}").format(count=self.coins, most=COINS)
            else:
                continue  # bluff cards: one per player, checked with the offers
            try:
                unseen.remove(serial)  # the usual card: its serial not seen before, nor unknown, nor missing
            except KeyError:  # the rare cases: seen, unknown or none
                problem = self.serial_problem(serial, problem)
            if problem:
                problems.append(problem)
        return problems

    def note_problem(self, name: str, value: int, count: int) -> str:
        allowed = _NOTE_COUNTS.get(value, 0)
        if not allowed:
            return _("there is no {value} note (notes are 20, 30, 40, 50 and 60)").format(value=value)
        return _("{count} {currency} {value} notes, but each currency has {allowed}").format(
            count=count, currency=currency(name), value=value, allowed=allowed
        )

    def serial_problem(self, serial: int | None, problem: str | None) -> str | None:
        """The first problem a card's serial makes (none without a serial); the card's own comes first."""
        if serial is None:
            return problem
        if serial not in _SERIALS:
            problem = problem or _("serial #{serial} does not exist (FRED 001 to FRED 069)").format(serial=serial)
        elif serial not in self.unseen:
            problem = problem or _("serial #{serial} is on two cards").format(serial=serial)
        return problem


_NOTE_COUNTS: dict[int, int] = dict(Counter(NOTE_VALUES))
_SERIALS = frozenset(SERIALS)  # a set: `None in` a range compares None with every number
