"""Players' names: one spelling each, and names that only look different.

A name is read in Unicode NFC, so "José" typed with a precomposed é and
with an e and a combining accent is one player: editors and keyboards
produce either, and a reader cannot see which. Two names are one player
only when they are the same in NFC (``normal``).

Two names of one game that refcli tells apart but a person may not — they
differ only by case ("Ana", "ana"), by accents ("Ana", "Aná"), or by a
letter of another alphabet that looks the same (Latin "A", Cyrillic "А") —
are allowed, but warned about (``warnings``): a score sheet copied from a
chat or a PDF is the usual way to get them, and two rows for what the
players meant as one would give a wrong winner silently. The look-alikes
are a small table of the common Cyrillic and Greek letters that pass for
Latin ones (Unicode's full confusables list is a data file larger than
refcli itself, for cases a hand-written score sheet does not meet).

A reference to a player (a bidder, a key of a money table) names the player
written exactly so; written in another case, the one player equal to it
ignoring case (``key``), as references always could. When two players are
equal to it ignoring case it names neither (``named``), and is refused
(``ambiguous``) rather than guessed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from refcli.language.i18n import _

# Cyrillic and Greek letters (casefolded, as ``skeleton`` sees them) that pass for a Latin one in either case.
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic: а в е к м н о р с т у х ѕ і ј ԁ ӏ һ ԛ ԝ ү
        "а": "a",
        "в": "b",
        "е": "e",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "т": "t",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "i",
        "ј": "j",
        "ԁ": "d",
        "ӏ": "l",
        "һ": "h",
        "ԛ": "q",
        "ԝ": "w",
        "ү": "y",
        # Greek: α β ε ζ η ι κ μ ν ο ρ τ υ χ ϲ
        "α": "a",
        "β": "b",
        "ε": "e",
        "ζ": "z",
        "η": "h",
        "ι": "i",
        "κ": "k",
        "μ": "m",
        "ν": "n",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "y",
        "χ": "x",
        "ϲ": "c",
        # Latin look-alikes of Latin letters
        "ı": "i",
        "ſ": "s",
    }
)

# Characters that end a line where a name should have none (Unicode's line and paragraph separators).
LINE_BREAKS = frozenset({"Zl", "Zp"})


def normal(name: str) -> str:
    """``name`` as refcli keeps it: NFC, without surrounding blanks."""
    stripped = name.strip()
    return stripped if stripped.isascii() else unicodedata.normalize("NFC", stripped)


def key(name: str) -> str:
    """What a reference in another case shares with the player it names: NFC, blanks and case ignored."""
    folded = normal(name).casefold()
    return folded if folded.isascii() else unicodedata.normalize("NFC", folded)


def has_control(name: str) -> bool:
    """Whether ``name`` holds a control, format or unassigned character (C*)."""
    return any(unicodedata.category(ch)[0] == "C" for ch in name)


def has_line_break(name: str) -> bool:
    """Whether ``name`` holds a line or paragraph separator (U+2028, U+2029)."""
    return any(unicodedata.category(ch) in LINE_BREAKS for ch in name)


def bare(name: str) -> str:
    """``name`` casefolded without its accents (NFKD: also fullwidth letters and ligatures as plain ones)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def skeleton(name: str) -> str:
    """What ``name`` looks like: ``bare``, with the look-alike letters as the Latin ones they pass for."""
    return bare(name).translate(LOOK_ALIKES)


def similar_pairs(names: Iterable[str]) -> list[tuple[str, str]]:
    """The pairs of ``names`` that look the same but are different players: each with the first that it looks like.

    A player written twice (the same name in NFC) is one player, not a pair; in another case, two players.
    Remembered for the last few hundred tables of names: a batch's records name the same few tables again and
    again.
    """
    return list(_similar_pairs(tuple(names)))


@lru_cache(maxsize=256)
def _similar_pairs(names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    if "".join(names).isascii():  # the usual table: what a name looks like (``skeleton``) is its lower case
        written = set(map(str.strip, names))  # ``normal``, for ASCII
        if len(set(map(str.lower, written))) == len(written):
            return ()
    players: dict[str, str] = {}
    for name in names:
        players.setdefault(normal(name), name)
    first: dict[str, str] = {}
    pairs: list[tuple[str, str]] = []
    for name in players.values():
        seen = first.setdefault(skeleton(name), name)
        if seen is not name:
            pairs.append((seen, name))
    return tuple(pairs)  # (remembered: nothing may change it)


def warning_for(first: str, second: str) -> dict[str, Any]:
    """The warning a script reads (``{"code", "names", "message"}``), its message in the language of the moment."""
    if bare(first) == bare(second):
        message = _(
            'The player names "{first}" and "{second}" differ only by accents or case: check that they are two players.'
        )
    else:
        message = _(
            'The player names "{first}" and "{second}" look alike but are written with letters of different '
            "alphabets: check that they are two players."
        )
    return {"code": "similar-names", "names": [first, second], "message": message.format(first=first, second=second)}


def warnings(names: Iterable[str]) -> list[dict[str, Any]]:
    """A warning for each pair of ``names`` that look alike (none, usually)."""
    return [warning_for(first, second) for first, second in similar_pairs(names)]


def named(reference: str, players: Iterable[str]) -> list[str]:
    """The players ``reference`` may name: the one written exactly so (NFC), else each equal to it ignoring case.

    ``players`` are names as read (``normal``). One player found is the one meant; none, or several (two
    players differing only by case, and a reference in a third case), is for the caller to refuse.
    """
    written = normal(reference)
    listed = list(players)
    if written in listed:
        return [written]
    folded = key(written)
    return [player for player in listed if key(player) == folded]


def ambiguous(candidates: list[str]) -> str:
    """What a reference naming several ``candidates`` should have been: an error's "expected", in the current language."""
    quoted = [f'"{name}"' for name in candidates]
    either = _("{words} or {last}").format(words=", ".join(quoted[:-1]), last=quoted[-1])
    return _("one of the players {names} written exactly as in the list of players").format(names=either)
