"""How typed words are compared: case, accents and blanks ignored, punctuation a hyphen.

One function, used wherever a person's word meets a known one: a game's names
and Spanish words (``refcli.model.game``), the format reader's choices, the
did-you-mean suggestions, the rules topics and the rules search's words. It
sits at the bottom, importing nothing of refcli's, so each of them can use it.
"""

from __future__ import annotations


def fold(word: str) -> str:
    """A word as typed input is matched: case, accents and blanks ignored, punctuation a hyphen.

    ``"Nuevo  comienzo"``, ``"nuevo-comienzo"`` → ``"nuevo-comienzo"``; ``"Engañado"`` → ``"enganado"``;
    ``"Arriba / abajo"`` → ``"arriba-abajo"``; ``"¡Dinero!"`` → ``"dinero"``.
    """
    folded = word.casefold()
    if not folded.isascii():
        import unicodedata  # only for a word beyond ASCII

        folded = "".join(ch for ch in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(ch))
    return "-".join("".join(ch if ch.isalnum() else " " for ch in folded).split())
