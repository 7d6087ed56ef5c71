"""A game's questions for one situation, as plain data: what ``refcli GAME ruling`` asks on a terminal.

A game's package may hold a ``questions`` module with ``SCRIPTS``: situation
kind → :class:`Script`. The generic code (``refcli.cli.conversation``) asks each
:class:`Ask` in order, in the players' words, reads every answer at once by the
type the format description gives its key (the description stays the single
source of keys and checks), asks again what cannot be right, and builds the
document a file would hold.

Answers are kept by key path (``"challenger.offer"``, ``"offer.2.cards"``); a
key starting with ``_`` is a scratch answer the document does not hold (the
players of a Money! round, which its offers name one by one).

The final holdings a game scores (``refcli GAME score``) are asked the same way: the
game's ``final_questions`` module holds ``SCRIPTS = {"final": Script(...)}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

Answers = Mapping[str, Any]


class Ask(NamedTuple):
    """One question.

    ``text``: the English question (marked ``N_``), one sentence with an example of the answer; it may
    name earlier answers as placeholders (``{challenger}``: see :class:`Script`'s ``facts``).
    ``key``: the key path it fills; placeholders allowed (``money.{auctioneer}``, ``offer.{index}.cards``).
    ``spread``: more key paths one answer fills (one number for all, or one number each).
    ``when``: asked only when it holds for the earlier answers.
    ``derive``: the value that follows from earlier answers (then not asked, unless given under "Anything else?").
    ``optional``: Enter leaves it out (the format's default applies).
    ``extra``: offered in the one "Anything else?" question under this word (marked ``N_``), not asked in order.
    ``each``: a scratch key listing players: asked once per player (``{player}``, ``{index}`` from 1).
    ``sets``: more key paths set with each player's name (``offer.{index}.player``).
    ``check``: a sentence in the run's language saying why the value cannot be right, or None.
    ``read``: the game's own reading of the answer as typed, when the key's type cannot read it (Money!'s notes and
    coins in one answer, ``euro 30, coin``): the value, or one value per key with ``spread``; it raises
    :class:`Refused` with a sentence saying why the answer cannot be right.
    """

    text: str
    key: str
    spread: tuple[str, ...] = ()
    when: Callable[[Answers], bool] | None = None
    derive: Callable[[Answers], Any] | None = None
    optional: bool = False
    extra: str = ""
    each: str = ""
    sets: tuple[str, ...] = ()
    check: Callable[[Any, Answers], str | None] | None = None
    read: Callable[[str, Answers], Any] | None = None


class Script(NamedTuple):
    """The questions of one situation, in the order the story happened; ``facts`` names earlier answers for
    the questions' placeholders (``{"challenger": "Ana"}``); ``finish`` gives the key paths the answers imply once
    all are given (``player.2.bonus``: Kuhhandel's bonus card, held by the player named under "Anything else?")."""

    asks: tuple[Ask, ...]
    facts: Callable[[Answers], dict[str, Any]] | None = None
    finish: Callable[[Answers], dict[str, Any]] | None = None


class Refused(ValueError):
    """An answer that cannot be right: ``message`` says why, one sentence in the run's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
