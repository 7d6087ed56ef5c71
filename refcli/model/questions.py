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


class Script(NamedTuple):
    """The questions of one situation, in the order the story happened; ``facts`` names earlier answers for
    the questions' placeholders (``{"challenger": "Ana"}``)."""

    asks: tuple[Ask, ...]
    facts: Callable[[Answers], dict[str, Any]] | None = None
