"""Money!'s final holdings at the table (``refcli.model.questions``): who played, then each one's notes and coins.

A player's cards are typed as an offer's are (``dollar 60 #33``, ``coin #5``,
``dólar 60``, ``moneda``), and more naturally too: several notes of one
currency after its name (``euro 20 20 30``), a number of coins (``2 coins``).
The serial numbers are checked (no card twice) and then left out: the final
format holds note values per currency and a number of coins.
"""

from __future__ import annotations

import re

from refcli.games.seating import who_played
from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Refused, Script

TITLE = "Money!"
CARDS = "_cards"  # each player's cards as typed (serials too), checked against the other players'
COUNTED_COINS = re.compile(r"(?P<count>\d+)\s+(?P<word>\S+)|(?P<word2>\S+)\s+x\s*(?P<count2>\d+)")  # 2 coins · coin x2
SEVERAL_NOTES = re.compile(r"(?P<name>.*?\D)\s*(?P<values>\d+(?:\s*[\s+]\s*\d+)+)")  # euro 20 20 30 · euro 20+30


def cards_in(text: str) -> list[str]:
    """The cards an answer names, one string each as an offer writes them (``euro 20``, ``coin #5``)."""
    from refcli.games.money.cards import CardSyntaxError, parse_card

    found: list[str] = []
    for entry in (part.strip() for part in text.split(",")):
        if not entry:
            continue
        several = SEVERAL_NOTES.fullmatch(entry)
        if several and "#" not in entry:
            found += [f"{several['name'].strip()} {value}" for value in re.split(r"[\s+]+", several["values"])]
            continue
        counted = COUNTED_COINS.fullmatch(entry)
        word = counted and (counted["word"] or counted["word2"])
        if counted and word and coin_word(word):
            found += ["coin"] * int(counted["count"] or counted["count2"])
            continue
        if coin_word(entry):
            entry = "coin"
        try:
            parse_card(entry)
        except CardSyntaxError:
            raise Refused(
                _('"{card}" is not a card: a note is its currency and value (euro 30), a coin is "coin".').format(
                    card=entry
                )
            ) from None
        found.append(entry)
    return found


def coin_word(word: str) -> bool:
    """``coin``, ``coins``, ``moneda``, ``monedas``: a coin, whatever the language or number."""
    from refcli.games.money.cards import parse_card
    from refcli.language.folding import fold

    folded = fold(word)
    for singular in (folded, folded.removesuffix("s"), folded.removesuffix("es")):
        try:
            if singular and parse_card(singular).kind == "coin":
                return True
        except ValueError:
            continue
    return False


def notes_and_coins(text: str, given: Answers) -> tuple[dict[str, list[int]], int, list[str]]:
    """The answer as the final format holds it (note values per currency, a number of coins), and its cards as
    typed; cards that cannot all be in the box with the other players' are refused."""
    from refcli.games.money.cards import impossible_cards, parse_card

    typed = cards_in(text)
    others = [card for key, cards in given.items() if key.startswith(CARDS) for card in cards]
    problems = impossible_cards(parse_card(card) for card in [*others, *typed])
    if problems:
        raise Refused(_("These cards cannot all be in the game: {problem}.").format(problem=problems[0]))
    notes: dict[str, list[int]] = {}
    coins = 0
    for card in map(parse_card, typed):
        if card.kind == "note":
            notes.setdefault(card.currency, []).append(card.value)
        elif card.kind == "coin":
            coins += 1
    return notes, coins, typed  # a bluff card scores nothing: it is left out


FINAL = Script(
    (
        who_played(TITLE, 3, 5),
        Ask(
            N_("{player}'s notes and coins (e.g. dollar 60 #33, euro 30 20, coin; Enter for none)?"),
            "player.{index}.notes",
            spread=("player.{index}.coins", CARDS + ".{index}"),
            each="_players",
            sets=("player.{index}.name",),
            optional=True,
            read=notes_and_coins,
        ),
    ),
)

SCRIPTS = {"final": FINAL}
