"""Bamboozled rulings: read a situation file, rule on it, report the verdict.

Situations: ``challenge`` (SPEC.md), ``accept`` and ``card``, each described
in ``formats``. Input that does not fit the format is a DataError (exit 65);
a situation that breaks a rule is a RuleBroken (exit 1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refcli.errors import RuleBroken
from refcli.formats import Description, read_table
from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled import formats as F
from refcli.games.bamboozled.turns import check_declaration, check_dice, play_card, resolve_accept, resolve_call
from refcli.inputs import Document
from refcli.report import Report
from refcli.rulings import rule_on
from refcli.schema import Table
from refcli.verdict import Verdict

GAME = "bamboozled"


def read_situation(desc: Description, top: Table) -> dict[str, Any]:
    """The values of a situation file (its format: ``desc``, as ``formats.bound`` reads this file)."""
    return read_table(F.bound(desc, top.data), top)


def check_not_out(strikes: dict[str, int], limit: int) -> dict[str, int]:
    """Every player in the situation is still in the game."""
    for name, count in strikes.items():
        if count >= limit:
            raise RuleBroken(f"{name} has {count} strikes and is already out of the game", C.STRIKE_OUT)
    return strikes


# -- situations ---------------------------------------------------------------
def challenge(top: Table) -> Verdict:
    values = read_situation(F.CHALLENGE, top)
    players: list[str] = values["players"]
    declarer, caller = values["declarer"], values["caller"]
    to_beat, declared = str(values["to_beat"]), values["declared"]
    rolled: list[int] = values["rolled"]
    card, caller_card = values["card"], values["caller_card"]
    limit: int = values["strikes_to_lose"]
    check_dice(rolled)
    strikes = {name: 0 for name in players} | check_not_out(values["strikes"] or {}, limit)
    if caller == declarer:
        raise RuleBroken(f"{caller} cannot call their own declaration", C.TWO_PLAYERS)
    if players[(players.index(declarer) + 1) % len(players)] != caller:
        nxt = players[(players.index(declarer) + 1) % len(players)]
        raise RuleBroken(
            f"the dice pass from {declarer} to {nxt}, so {nxt}, not {caller}, accepts or calls", C.TURN_DECLARE_NEXT
        )
    check_declaration(declared, to_beat)
    result = resolve_call(
        players=players,
        declarer=declarer,
        caller=caller,
        declared=declared,
        rolled=rolled,
        card=card,
        caller_card=caller_card,
        strikes=strikes,
        strikes_to_lose=limit,
    )
    outcome = {
        "bluff": result.bluff,
        "strike_to": result.strike_to,
        "eliminated": result.eliminated,
        "score_after": int(result.score_after),
        "next_to_roll": result.next_to_roll,
        "card_discarded": result.cards_discarded[0] if result.cards_discarded else None,
        "cards_discarded": list(result.cards_discarded),
        "strikes_after": {name: count + (1 if name == result.strike_to else 0) for name, count in strikes.items()},
    }
    said = f"{declarer} declared {declared} with {rolled[0]} and {rolled[1]}"
    if result.strike_to is None and not result.round_over:
        verdict = f"{said}; the {card} card makes it true: it is shown and discarded, nobody takes a strike, and {caller} must roll to tie or beat {declared}."
    elif caller_card == "my-bad":
        who = (
            f"{declarer} was bluffing and takes a strike"
            if result.bluff
            else f"{declarer} was not bluffing, and My Bad spares {caller} the strike"
        )
        verdict = f"{said}: {who}. The round restarts at 0 and {caller} rolls first."
    else:
        why = "a bluff" if result.bluff else "the truth"
        verdict = f"{said}: {why}, so {result.strike_to} takes a strike"
        verdict += " and is out of the game" if result.eliminated else ""
        verdict += f". The score resets to 0 and {result.next_to_roll} starts the next round."
    return Verdict(verdict, outcome, result.facts, result.clauses)


def accept(top: Table) -> Verdict:
    values = read_situation(F.ACCEPT, top)
    players: list[str] | None = values["players"]
    declarer, receiver = values["declarer"], values["receiver"]
    to_beat, declared = str(values["to_beat"]), values["declared"]
    rolled: list[int] = values["rolled"]
    card, hand, no_limits = values["card"], values["hand"], values["no_limits"]
    check_dice(rolled)
    if values["kids"]:
        raise RuleBroken(
            "with the kids' rules nobody accepts or calls: the next player must beat the roll", C.KIDS_NO_BLUFF
        )
    if not no_limits and hand > 2:
        raise RuleBroken(f"a player holds at most two action cards, not {hand}", C.HAND_LIMIT)
    check_declaration(declared, to_beat)
    if players and players[(players.index(declarer) + 1) % len(players)] != receiver:
        raise RuleBroken(f"the dice pass from {declarer} to the next player, not to {receiver}", C.TURN_DECLARE_NEXT)
    result = resolve_accept(
        declarer=declarer, declared=declared, rolled=rolled, card=card, hand=hand, no_limits=no_limits
    )
    outcome = {
        "bamboozled": result.bamboozled,
        "draws": result.draws,
        "hand_after": result.hand_after,
        "discard_one": result.discard_one,
        "card_kept": result.card_kept,
        "score_after": int(declared),
        "next_to_roll": receiver,
    }
    if not result.bamboozled:
        verdict = f"{declared} is what the dice show: no bamboozle, nobody draws. {receiver} must roll and tie or beat {declared}."
    else:
        how = f" (the {card} card stays hidden: a planned card counts as a bamboozle)" if result.card_kept else ""
        limit = " and keeps the two they like best, discarding the third" if result.discard_one else ""
        verdict = f"{receiver} was bamboozled{how}: {declarer} draws an action card{limit}. {receiver} must roll and tie or beat {declared}."
    return Verdict(verdict, outcome, result.facts, result.clauses)


def card(top: Table) -> Verdict:
    values = read_situation(F.CARD, top)
    players: list[str] = values["players"]
    player, played = values["player"], values["card"]
    turn = values["turn"] or player
    declarer: str | None = values["declarer"]
    to_beat, moment, direction = str(values["to_beat"]), values["moment"], values["direction"]
    limit: int = values["strikes_to_lose"]
    strikes = (values["strikes"] or {}).get(player, 0)
    if declarer is None and to_beat != "0":
        declarer = players[(players.index(turn) - 1) % len(players)]
    try:
        result = play_card(
            players=players,
            player=player,
            card=played,
            turn=turn,
            moment=moment,
            declarer=declarer,
            to_beat=to_beat,
            direction=direction,
            strikes=strikes,
            strikes_to_lose=limit,
            kids=values["kids"],
        )
    except RuleBroken as broken:  # the outcome says so too: allowed is false
        raise RuleBroken(str(broken), broken.clause, {"allowed": False}) from None
    outcome: dict[str, Any] = {
        "allowed": True,
        "score_after": int(result.score_after),
        "direction_after": result.direction_after,
        "next_to_act": result.next_to_act,
        "action": result.action,
        "strikes_after": result.strikes_after,
    }
    return Verdict(f"{player} may play {played}: {result.effect}.", outcome, (), result.clauses)


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {"challenge": challenge, "accept": accept, "card": card}


def rule_document(doc: Document) -> tuple[Report, bool]:
    return rule_on(doc, game=GAME, title="Bamboozled", situations=SITUATIONS)
