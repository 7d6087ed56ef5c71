"""Bamboozled rulings: read a situation file, rule on it, report the verdict.

Situations: ``challenge`` (SPEC.md), ``accept`` and ``card``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refcli.errors import RuleBroken
from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled.ranking import is_score
from refcli.games.bamboozled.turns import (
    AFTER_ROLL_CARDS,
    BEFORE_ROLL_CARDS,
    check_declaration,
    check_dice,
    play_card,
    resolve_accept,
    resolve_call,
)
from refcli.inputs import Document
from refcli.rulings import rule_on
from refcli.report import Report
from refcli.schema import Table, describe, integer_list, one_of_names, player_names
from refcli.verdict import Verdict

GAME = "bamboozled"
MAX_PLAYERS = 12
SCORE_EXPECTED = "a score: two digits 1-6 in the order declared, e.g. 43 or 66 (21 is the jackpot)"


def read_score(table: Table, key: str, *, allow_zero: bool = False, default: str | None = None) -> str:
    if not table.has(key):
        if default is not None:
            return default
        table.require(key, SCORE_EXPECTED)
    value = table.raw(key)
    text = str(value).strip() if isinstance(value, (int, str)) and not isinstance(value, bool) else None
    if text is not None and allow_zero and text == "0":
        return "0"
    if text is None or not is_score(text):
        expected = SCORE_EXPECTED + (", or 0 at a round start" if allow_zero else "")
        raise table.error(key, expected, describe(value))
    return text


def read_dice(table: Table, key: str = "rolled") -> list[int]:
    dice = integer_list(table, key, table.require(key, "the two dice as rolled, e.g. [5, 3]"), minimum=-10**6, maximum=10**6, what="dice")
    check_dice(dice)
    return dice


def read_card(table: Table, key: str, allowed: tuple[str, ...]) -> str | None:
    if not table.has(key):
        return None
    value = table.raw(key)
    if not isinstance(value, str) or value.strip().casefold() not in allowed:
        raise table.error(key, f"one of {', '.join(allowed)}", describe(value))
    return value.strip().casefold()


def read_strikes(top: Table, players: list[str], limit: int) -> dict[str, int]:
    strikes = {name: 0 for name in players}
    table = top.table("strikes")
    if table is None:
        return strikes
    for key, value in table.data.items():
        name = next((n for n in players if n.casefold() == key.strip().casefold()), None)
        if name is None:
            raise table.error(key, f"a player's name ({', '.join(players)})", describe(key))
        strikes[name] = table.check_integer(key, value, minimum=0, maximum=limit, what="strikes,")
    for name, count in strikes.items():
        if count >= limit:
            raise RuleBroken(f"{name} has {count} strikes and is already out of the game", C.STRIKE_OUT)
    return strikes


def read_limit(top: Table) -> int:
    return top.integer("strikes_to_lose", minimum=1, maximum=1000, default=3, what="strikes that put a player out,")


def challenge(top: Table) -> Verdict:
    top.check_keys(("game", "situation", "players", "declarer", "caller", "to_beat", "declared", "rolled", "card",
                    "caller_card", "strikes", "strikes_to_lose"))
    players = player_names(top, "players", maximum=MAX_PLAYERS)
    declarer = one_of_names(top, "declarer", players, role="declarer")
    caller = one_of_names(top, "caller", players, role="caller")
    to_beat = read_score(top, "to_beat", allow_zero=True, default="0")
    declared = read_score(top, "declared")
    rolled = read_dice(top)
    card = read_card(top, "card", AFTER_ROLL_CARDS)
    caller_card = read_card(top, "caller_card", ("my-bad",))
    limit = read_limit(top)
    strikes = read_strikes(top, players, limit)
    if caller == declarer:
        raise RuleBroken(f"{caller} cannot call their own declaration", C.TWO_PLAYERS)
    if players[(players.index(declarer) + 1) % len(players)] != caller:
        nxt = players[(players.index(declarer) + 1) % len(players)]
        raise RuleBroken(f"the dice pass from {declarer} to {nxt}, so {nxt}, not {caller}, accepts or calls", C.TURN_DECLARE_NEXT)
    check_declaration(declared, to_beat)
    result = resolve_call(
        players=players, declarer=declarer, caller=caller, declared=declared, rolled=rolled, card=card,
        caller_card=caller_card, strikes=strikes, strikes_to_lose=limit,
    )
    outcome = {
        "bluff": result.bluff,
        "strike_to": result.strike_to,
        "eliminated": result.eliminated,
        "score_after": int(result.score_after),
        "next_to_roll": result.next_to_roll,
        "card_discarded": result.cards_discarded[0] if result.cards_discarded else None,
        "cards_discarded": list(result.cards_discarded),
        "strikes_after": {
            name: count + (1 if name == result.strike_to else 0) for name, count in strikes.items()
        },
    }
    said = f"{declarer} declared {declared} with {rolled[0]} and {rolled[1]}"
    if result.strike_to is None and not result.round_over:
        verdict = f"{said}; the {card} card makes it true: it is shown and discarded, nobody takes a strike, and {caller} must roll to tie or beat {declared}."
    elif caller_card == "my-bad":
        who = f"{declarer} was bluffing and takes a strike" if result.bluff else f"{declarer} was not bluffing, and My Bad spares {caller} the strike"
        verdict = f"{said}: {who}. The round restarts at 0 and {caller} rolls first."
    else:
        why = "a bluff" if result.bluff else "the truth"
        verdict = f"{said}: {why}, so {result.strike_to} takes a strike"
        verdict += " and is out of the game" if result.eliminated else ""
        verdict += f". The score resets to 0 and {result.next_to_roll} starts the next round."
    return Verdict(verdict, outcome, result.facts, result.clauses)


def accept(top: Table) -> Verdict:
    top.check_keys(("game", "situation", "players", "declarer", "receiver", "to_beat", "declared", "rolled", "card",
                    "hand", "no_limits", "kids"))
    players = player_names(top, "players", maximum=MAX_PLAYERS) if top.has("players") else None
    declarer = one_of_names(top, "declarer", players, role="declarer") if players else top.name("declarer")
    receiver = one_of_names(top, "receiver", players, role="receiver") if players else top.name("receiver")
    to_beat = read_score(top, "to_beat", allow_zero=True, default="0")
    declared = read_score(top, "declared")
    rolled = read_dice(top)
    card = read_card(top, "card", AFTER_ROLL_CARDS)
    hand = top.integer("hand", minimum=0, maximum=26, default=1, what="action cards the declarer holds,")
    no_limits = top.boolean("no_limits", default=False)
    if top.boolean("kids", default=False):
        raise RuleBroken("with the kids' rules nobody accepts or calls: the next player must beat the roll", C.KIDS_NO_BLUFF)
    if not no_limits and hand > 2:
        raise RuleBroken(f"a player holds at most two action cards, not {hand}", C.HAND_LIMIT)
    check_declaration(declared, to_beat)
    if players and players[(players.index(declarer) + 1) % len(players)] != receiver:
        raise RuleBroken(f"the dice pass from {declarer} to the next player, not to {receiver}", C.TURN_DECLARE_NEXT)
    result = resolve_accept(declarer=declarer, declared=declared, rolled=rolled, card=card, hand=hand, no_limits=no_limits)
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
    top.check_keys(("game", "situation", "players", "player", "card", "turn", "declarer", "to_beat", "moment",
                    "direction", "strikes", "strikes_to_lose", "kids"))
    players = player_names(top, "players", maximum=MAX_PLAYERS)
    player = one_of_names(top, "player", players, role="player playing the card")
    played = read_card(top, "card", BEFORE_ROLL_CARDS + AFTER_ROLL_CARDS)
    if played is None:
        top.require("card", f"the card played: one of {', '.join(BEFORE_ROLL_CARDS + AFTER_ROLL_CARDS)}")
    turn = one_of_names(top, "turn", players, role="player whose turn it is") if top.has("turn") else player
    declarer = one_of_names(top, "declarer", players, role="declarer") if top.has("declarer") else None
    to_beat = read_score(top, "to_beat", allow_zero=True, default="0")
    moments = ("before-roll", "after-roll", "after-call", "final-strike")
    moment = top.string("moment", expected=f"one of {', '.join(moments)}", default="before-roll")
    if moment not in moments:
        raise top.error("moment", f"one of {', '.join(moments)}", describe(moment))
    direction = top.string("direction", expected="clockwise or counterclockwise", default="clockwise")
    if direction not in ("clockwise", "counterclockwise"):
        raise top.error("direction", "clockwise or counterclockwise", describe(direction))
    limit = read_limit(top)
    strikes_table = top.table("strikes")
    strikes = 0
    if strikes_table is not None:
        for key, value in strikes_table.data.items():
            if key.strip().casefold() == player.casefold():
                strikes = strikes_table.check_integer(key, value, minimum=0, maximum=limit, what="strikes,")
    if declarer is None and to_beat != "0":
        declarer = players[(players.index(turn) - 1) % len(players)]
    try:
        result = play_card(
            players=players, player=player, card=played or "", turn=turn, moment=moment, declarer=declarer,
            to_beat=to_beat, direction=direction, strikes=strikes, strikes_to_lose=limit, kids=top.boolean("kids", default=False),
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
