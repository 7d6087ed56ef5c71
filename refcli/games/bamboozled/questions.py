"""Bamboozled's questions at the table (``refcli.model.questions``): a challenge, an accept, a card, as they happen."""

from __future__ import annotations

from typing import Any

from refcli.games.dice import real_dice
from refcli.language.i18n import N_, _
from refcli.model.questions import Answers, Ask, Script


def next_caller(given: Answers) -> str | None:
    """The caller is the next player in the direction of play, past those who skipped."""
    players = list(given.get("players") or [])
    declarer = given.get("declarer")
    if declarer not in players:
        return None
    if given.get("direction") == "counterclockwise":
        players.reverse()
    skipped = set(given.get("skipped") or [])
    start = players.index(declarer)
    for step in range(1, len(players)):
        player = players[(start + step) % len(players)]
        if player not in skipped:
            return str(player)
    return None


def challenge_facts(given: Answers) -> dict[str, Any]:
    return {"declarer": given.get("declarer", "")}


CHALLENGE = Script(
    (
        Ask(N_("Who plays, in order (e.g. Ana, Ben, Cid)?"), "players"),
        Ask(N_("Who declared (e.g. Ana)?"), "declarer"),
        Ask(N_("What did {declarer} declare (e.g. 43)?"), "declared"),
        Ask(N_("The dice under the cup (e.g. 3 4)?"), "rolled", check=real_dice),
        Ask(
            N_("The score {declarer} had to tie or beat (e.g. 42; 0 at a round start)?"),
            "to_beat",
            extra=N_("the score to beat"),
        ),
        Ask(N_("Strikes so far (e.g. Ana=0, Ben=2, Cid=1)?"), "strikes", extra=N_("strikes so far")),
        Ask(N_("The after-roll card behind it (jackpot, double or up-down)?"), "card", extra=N_("a card played")),
        Ask(N_("Did the caller call with My Bad (y or n)?"), "caller_card", extra=N_("My Bad")),
        Ask(N_("Who skipped before the caller (e.g. Ben)?"), "skipped", extra=N_("who skipped")),
        Ask(N_("The direction of play (clockwise or counterclockwise)?"), "direction", extra=N_("the direction")),
        Ask(N_("Who calls (e.g. Ben)?"), "caller", extra=N_("another caller"), derive=next_caller),
        Ask(
            N_("How many strikes put a player out (e.g. 4)?"),
            "strikes_to_lose",
            extra=N_("how many strikes put a player out"),
        ),
    ),
    challenge_facts,
)


def at_the_table(value: Any, given: Answers) -> str | None:
    """A name (or each of a list of names) is among the players, when they are known."""
    players = [str(player) for player in given.get("players") or []]
    names = value if isinstance(value, list) else [value]
    stranger = next((name for name in names if players and isinstance(name, str) and name not in players), None)
    if stranger is not None:
        return _("{name} is not at the table: the players are {players}.").format(
            name=stranger, players=", ".join(players)
        )
    return None


def bamboozled(given: Answers) -> bool:
    """The dice do not show what was declared: the declarer draws, and the hand held then matters."""
    from refcli.games.bamboozled.ranking import readings

    rolled = given.get("rolled")
    if not (isinstance(rolled, list) and len(rolled) == 2 and all(isinstance(die, int) for die in rolled)):
        return True
    return str(given.get("declared")) not in readings(rolled[0], rolled[1])


ACCEPT = Script(
    (
        Ask(N_("Who plays, in order (e.g. Ana, Ben, Cid)?"), "players"),
        Ask(N_("Who declared (e.g. Ana)?"), "declarer", check=at_the_table),
        Ask(N_("What did {declarer} declare (e.g. 43)?"), "declared"),
        Ask(N_("The dice under the cup (e.g. 3 4)?"), "rolled", check=real_dice),
        Ask(N_("How many action cards did {declarer} hold before drawing (e.g. 1)?"), "hand", when=bamboozled),
        Ask(
            N_("The score {declarer} had to tie or beat (e.g. 42; 0 at a round start)?"),
            "to_beat",
            extra=N_("the score to beat"),
        ),
        Ask(
            N_("The after-roll card {declarer} planned to use (jackpot, double or up-down)?"),
            "card",
            extra=N_("a card planned"),
        ),
        Ask(
            N_("Who skipped before the receiver (e.g. Ben)?"),
            "skipped",
            extra=N_("who skipped"),
            check=at_the_table,
        ),
        Ask(N_("The direction of play (clockwise or counterclockwise)?"), "direction", extra=N_("the direction")),
        Ask(
            N_("Who accepts (e.g. Ben)?"),
            "receiver",
            extra=N_("another receiver"),
            derive=next_caller,
            check=at_the_table,
        ),
        Ask(N_("Do you play without the hand limit of two (y or n)?"), "no_limits", extra=N_("no hand limit")),
    ),
    challenge_facts,
)


def before_roll_card(given: Answers) -> bool:
    """A before-roll card meets the score standing (an after-roll card, or Revive on a final strike, does not)."""
    from refcli.games.bamboozled.turns import AFTER_ROLL_CARDS

    return given.get("card") not in AFTER_ROLL_CARDS and given.get("moment") != "final-strike"


def card_facts(given: Answers) -> dict[str, Any]:
    return {"player": given.get("player", "")}


CARD = Script(
    (
        Ask(N_("Who plays, in order (e.g. Ana, Ben, Cid)?"), "players"),
        Ask(N_("Who plays the card (e.g. Ben)?"), "player"),
        Ask(N_("Which card (e.g. skip)?"), "card"),
        Ask(N_("When is it played (e.g. before roll, or after roll, after call, final strike)?"), "moment"),
        Ask(N_("Whose turn is it (e.g. Ben), or Enter if it is {player}'s?"), "turn", optional=True),
        Ask(N_("The score standing now (e.g. 52; 0 at a round start)?"), "to_beat", when=before_roll_card),
        Ask(
            N_("How many strikes does {player} have (e.g. 1)?"),
            "strikes.{player}",
            when=lambda given: given.get("card") == "revive",
        ),
        Ask(N_("Who declared the score standing now (e.g. Ana)?"), "declarer", extra=N_("who declared")),
        Ask(N_("The direction of play (clockwise or counterclockwise)?"), "direction", extra=N_("the direction")),
        Ask(
            N_("How many strikes put a player out (e.g. 4)?"),
            "strikes_to_lose",
            extra=N_("how many strikes put a player out"),
        ),
        Ask(N_("Do you play the kids' rules (y or n)?"), "kids", extra=N_("the kids' rules")),
    ),
    card_facts,
)

SCRIPTS = {"challenge": CHALLENGE, "accept": ACCEPT, "card": CARD}
