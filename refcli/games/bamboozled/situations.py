"""Bamboozled rulings: read a situation file, rule on it, report the verdict.

Situations: ``challenge``, ``accept`` and ``card``, each described
in ``formats``. A situation is a ``State`` of the rules engine plus one
action: the file is read into the State it describes, and its action (with
the declaration, and any Skips, that lead up to it) goes through the
engine's ``step`` -- the same function that replays recorded games, so a
ruling and a replay cannot disagree. Input that does not fit the format is a
DataError (exit 65); a situation that breaks a rule is a RuleBroken (exit 1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refcli.games.bamboozled import GAME as BAMBOOZLED  # the declaration: reading uses its words, never looks it up
from refcli.games.bamboozled import clauses as C
from refcli.games.bamboozled import formats as F
from refcli.games.bamboozled.engine import (
    CLOCKWISE,
    RESPOND,
    ROLL,
    RULING,
    Accept,
    Call,
    Card,
    Outcome,
    Roll,
    State,
    card_timing,
    step,
)
from refcli.games.bamboozled.turns import AFTER_ROLL_CARDS, HAND_LIMIT, check_dice
from refcli.games.bamboozled.words import action_name, card_name, card_names, direction_name, moment_name, or_nobody
from refcli.language.i18n import N_, _, ngettext, pgettext
from refcli.model.errors import RuleBroken
from refcli.reading.formats import Description, read_table
from refcli.reading.tables import Table
from refcli.results.report import empty_as, listed
from refcli.results.rulings import rulings
from refcli.results.verdict import Verdict

GAME = "bamboozled"
DIRECTION_NAMES = {1: "clockwise", -1: "counterclockwise"}
EFFECT_CLAUSE = {"jackpot": C.JACKPOT_EFFECT, "double": C.DOUBLE_EFFECT, "up-down": C.UP_DOWN_EFFECT}


def read_situation(desc: Description, top: Table) -> dict[str, Any]:
    """The values of a situation file (its format: ``desc``, as ``formats.bound`` reads this file)."""
    return read_table(F.bound(desc, top.data), top, game=BAMBOOZLED)


def check_not_out(strikes: dict[str, int], limit: int) -> dict[str, int]:
    """Every player in the situation is still in the game."""
    for name, count in strikes.items():
        if count >= limit:
            raise RuleBroken(
                # TRANSLATORS: English keeps one form; the other language's forms agree with {count}.
                ngettext(
                    "{player} has {count} strikes and is already out of the game",
                    "{player} has {count} strikes and is already out of the game",
                    count,
                ).format(player=name, count=count),
                C.STRIKE_OUT,
            )
    return strikes


def direction_of(values: dict[str, Any]) -> int:
    """+1 or -1. Without a ``direction`` key the players are listed in current playing order (clockwise)."""
    return -1 if values.get("direction") == "counterclockwise" else CLOCKWISE


def up_to_the_response(state: State, values: dict[str, Any], responder: str) -> tuple[list[str], list[str]]:
    """Apply the declaration, then a Skip by each player between the declarer and ``responder``.

    002 "Saltar": Skip "obliga al siguiente jugador a aceptar la puntuación indicada de llamar un
    farol", so a call or accept by a player further along means the players between played Skip
    (register B14). Returns (who skipped, the facts assumed).
    """
    declarer = values["declarer"]
    rolled = values["rolled"]
    check_dice(rolled)
    if responder == declarer:
        said = (
            _("{player} cannot call their own declaration: in no case may a player bamboozle themselves")
            if "caller" in values
            else _("{player} cannot accept their own declaration: in no case may a player bamboozle themselves")
        )
        raise RuleBroken(said.format(player=responder), C.TWO_PLAYERS)
    skippers = state.between(declarer, responder)
    named = values.get("skipped")
    if named is not None and list(named) != skippers:
        raise RuleBroken(
            _("between {declarer} and {responder} the players who skipped are {skipped}, not {named}").format(
                declarer=declarer, responder=responder, skipped=or_nobody(skippers), named=or_nobody(list(named))
            ),
            C.SKIP,
        )
    declared = values["declared"]
    step(state, Roll(declarer, str(declared), tuple(rolled), values["card"]), RULING)
    facts = [
        _("{declarer} rolled {die1} and {die2} and declared {declared}").format(
            declarer=declarer, die1=rolled[0], die2=rolled[1], declared=declared
        )
    ]
    for name in skippers:
        step(state, Card(name, "skip"), RULING)
    if skippers:
        facts.append(
            ngettext(
                "{players} played Skip, so {responder} faced {declarer}'s {declared}",
                "{players} played Skip, so {responder} faced {declarer}'s {declared}",
                len(skippers),
            ).format(players=listed(skippers), responder=responder, declarer=declarer, declared=declared)
        )
    return skippers, facts


def strike_clauses(outcome: Outcome) -> list[str]:
    if outcome.strike_to is None:
        return []
    clauses = [C.STRIKE_RESET, C.STRIKE_STARTS_NEXT, C.WHO_STARTS, C.ROUND_END_DIRECTION]
    if outcome.eliminated:
        clauses += [C.STRIKE_OUT, C.END_OUT]
    if outcome.game_over:
        clauses.append(C.END_WINNER)
    return clauses


def after_the_strike(outcome: Outcome) -> str:
    if outcome.game_over:
        return _("The game is over: {winner} is the last player standing and wins.").format(winner=outcome.winner)
    return _("The score resets to 0 and {player} starts the next round.").format(player=outcome.next_to_act)


# -- situations ---------------------------------------------------------------
def challenge(top: Table) -> Verdict:
    values = read_situation(F.CHALLENGE, top)
    players: list[str] = values["players"]
    declarer, caller = values["declarer"], values["caller"]
    declared, rolled = values["declared"], values["rolled"]
    card, caller_card = values["card"], values["caller_card"]
    limit: int = values["strikes_to_lose"]
    check_dice(rolled)
    strikes = check_not_out(values["strikes"] or {}, limit)
    state = State(players, first=declarer, strikes_to_lose=limit, strikes=strikes, direction=direction_of(values))
    state.to_beat = str(values["to_beat"])
    skippers, facts = up_to_the_response(state, values, caller)
    outcome = step(state, Call(caller, caller_card), RULING)

    clauses = [C.TURN_CALL, C.BLUFF]
    if card and outcome.carded:
        clauses += [C.AFTER_ROLL_CALLED, EFFECT_CLAUSE[card]]
        facts.append(_("the {card} card makes {declared} true").format(card=card_name(card), declared=declared))
    elif card and not outcome.honest:
        clauses.append(C.CARD_NOT_PLAYED)
        facts.append(
            _("the {card} card cannot make {declared} true, so it was not played and stays hidden").format(
                card=card_name(card), declared=declared
            )
        )
    if skippers:
        clauses += [C.SKIP, C.SKIP_ONLY_SELF]
    if caller_card == "my-bad":
        clauses += [C.MY_BAD, C.MY_BAD_RESTART, C.MY_BAD_RULING]
    elif outcome.carded:
        clauses.append(C.CARD_MAKES_TRUE)
    clauses += strike_clauses(outcome)

    discarded = outcome.discarded
    outcome_data = {
        "bluff": outcome.bluff,
        "strike_to": outcome.strike_to,
        "eliminated": outcome.eliminated,
        "score_after": int(state.standing),
        "next_to_roll": outcome.next_to_act,
        "game_over": outcome.game_over,
        "winner": outcome.winner,
        "card_discarded": discarded[0] if discarded else None,
        "cards_discarded": list(discarded),
        "strikes_after": {name: state.strikes[name] for name in players},
        "skipped": skippers,
    }
    said = {
        "declarer": declarer,
        "declared": declared,
        "die1": rolled[0],
        "die2": rolled[1],
        "caller": caller,
        "card": card_name(card) if card else card,
        "striker": outcome.strike_to,
    }
    if outcome.strike_to is None and caller_card != "my-bad":
        verdict = _(
            "{declarer} declared {declared} with {die1} and {die2}; the {card} card makes it true: it is shown and "
            "discarded, nobody takes a strike, and {caller} must roll to tie or beat {declared}."
        ).format(**said)
    else:
        if caller_card == "my-bad":
            rest = (
                after_the_strike(outcome)
                if outcome.game_over
                else _("The round restarts at 0 and {caller} rolls first.").format(**said)
            )
        else:
            rest = after_the_strike(outcome)
        verdict = _(CHALLENGE_VERDICTS[(caller_card == "my-bad", bool(outcome.bluff), bool(outcome.eliminated))])
        verdict = verdict.format(**said) + " " + rest
    return Verdict(verdict, outcome_data, tuple(facts), tuple(clauses))


# A called declaration's verdict, by (the caller played My Bad, it was a bluff, the strike put someone out).
CHALLENGE_VERDICTS = {
    (True, True, True): N_(
        "{declarer} declared {declared} with {die1} and {die2}: {declarer} was bluffing and takes a strike and is "
        "out of the game."
    ),
    (True, True, False): N_(
        "{declarer} declared {declared} with {die1} and {die2}: {declarer} was bluffing and takes a strike."
    ),
    (True, False, True): N_(
        "{declarer} declared {declared} with {die1} and {die2}: {declarer} was not bluffing, and My Bad spares "
        "{caller} the strike."
    ),
    (True, False, False): N_(
        "{declarer} declared {declared} with {die1} and {die2}: {declarer} was not bluffing, and My Bad spares "
        "{caller} the strike."
    ),
    (False, True, True): N_(
        "{declarer} declared {declared} with {die1} and {die2}: a bluff, so {striker} takes a strike and is out of "
        "the game."
    ),
    (False, True, False): N_(
        "{declarer} declared {declared} with {die1} and {die2}: a bluff, so {striker} takes a strike."
    ),
    (False, False, True): N_(
        "{declarer} declared {declared} with {die1} and {die2}: the truth, so {striker} takes a strike and is out "
        "of the game."
    ),
    (False, False, False): N_(
        "{declarer} declared {declared} with {die1} and {die2}: the truth, so {striker} takes a strike."
    ),
}


def accept(top: Table) -> Verdict:
    values = read_situation(F.ACCEPT, top)
    players: list[str] | None = values["players"]
    declarer, receiver = values["declarer"], values["receiver"]
    declared, rolled = values["declared"], values["rolled"]
    card, hand, no_limits = values["card"], values["hand"], values["no_limits"]
    check_dice(rolled)
    if values["kids"]:
        raise RuleBroken(
            _("with the kids' rules nobody accepts or calls: the next player must beat the roll"), C.KIDS_NO_BLUFF
        )
    if not no_limits and hand > HAND_LIMIT:
        raise RuleBroken(_("a player holds at most two action cards, not {hand}").format(hand=hand), C.HAND_LIMIT)
    seats = players if players else [declarer] + ([receiver] if receiver != declarer else [])
    hands: dict[str, int | None] = {name: None for name in seats} | {declarer: hand}
    state = State(
        seats, first=declarer, no_limits=no_limits, hands=hands, direction=direction_of(values) if players else 1
    )
    state.to_beat = str(values["to_beat"])
    skippers, facts = up_to_the_response(state, values, receiver)
    outcome = step(state, Accept(receiver), RULING)

    bamboozled = not outcome.honest
    clauses = [C.TURN_ACCEPT_AND_BEAT, C.BAMBOOZLE]
    if skippers:
        clauses += [C.SKIP, C.SKIP_ONLY_SELF]
    if bamboozled:
        clauses.append(C.BAMBOOZLE_DRAW)
        if outcome.carded:
            clauses += [C.AFTER_ROLL_HIDDEN, C.AFTER_ROLL_COUNTS]
            facts.append(
                _("{declarer} planned to use the {card} card; it stays hidden for later").format(
                    declarer=declarer, card=card_name(card)
                )
            )
        if no_limits:
            clauses.append(C.NO_LIMITS)
        else:
            clauses.append(C.HAND_LIMIT)
            if outcome.discard_one:
                clauses.append(C.HAND_THIRD)
    hand_after = state.hands[declarer]
    outcome_data = {
        "bamboozled": bamboozled,
        "draws": outcome.drew,
        "hand_after": hand_after,
        "discard_one": outcome.discard_one,
        "card_kept": card if outcome.carded else None,
        "score_after": int(declared),
        "next_to_roll": receiver,
        "skipped": skippers,
    }
    said = {"declarer": declarer, "receiver": receiver, "declared": declared, "card": card_name(card) if card else card}
    if not bamboozled:
        verdict = _("{declared} is what the dice show: no bamboozle, nobody draws.").format(**said)
    else:
        verdict = _(ACCEPT_VERDICTS[(bool(outcome.carded), bool(outcome.discard_one))]).format(**said)
    verdict += " " + _("{receiver} must roll and tie or beat {declared}.").format(**said)
    return Verdict(verdict, outcome_data, tuple(facts), tuple(clauses))


# A bamboozle's verdict, by (an after-roll card was planned, the declarer is at the hand limit).
ACCEPT_VERDICTS = {
    (True, True): N_(
        "{receiver} was bamboozled (the {card} card stays hidden: a planned card counts as a bamboozle): {declarer} "
        "draws an action card and keeps the two they like best, discarding the third."
    ),
    (True, False): N_(
        "{receiver} was bamboozled (the {card} card stays hidden: a planned card counts as a bamboozle): {declarer} "
        "draws an action card."
    ),
    (False, True): N_(
        "{receiver} was bamboozled: {declarer} draws an action card and keeps the two they like best, discarding "
        "the third."
    ),
    (False, False): N_("{receiver} was bamboozled: {declarer} draws an action card."),
}


# -- card -----------------------------------------------------------------------
def card(top: Table) -> Verdict:
    values = read_situation(F.CARD, top)
    try:
        return _card(values)
    except RuleBroken as broken:  # the outcome says so too: allowed is false
        raise RuleBroken(str(broken), broken.clause, {"allowed": False}) from None


def _card(values: dict[str, Any]) -> Verdict:
    players: list[str] = values["players"]
    player, played = values["player"], values["card"]
    turn = values["turn"] or player
    declarer: str | None = values["declarer"]
    to_beat, moment = str(values["to_beat"]), values["moment"]
    limit: int = values["strikes_to_lose"]
    strikes: dict[str, int] = values["strikes"] or {}
    kids: bool = values["kids"]
    state = State(players, strikes_to_lose=limit, kids=kids, strikes=strikes, direction=direction_of(values))
    if played in AFTER_ROLL_CARDS:
        return _after_roll_card(player, played, turn, moment, kids)
    if moment == "final-strike":
        return _revive_final(state, player, played, turn, strikes.get(player, 0))
    if declarer is None and to_beat != "0":
        declarer = state.next_after(turn, -state.direction)
    state.actor = turn
    if to_beat != "0" and declarer is not None:  # a declaration stands, and ``turn`` faces it
        state.declarer, state.declaration = declarer, Roll(declarer, to_beat)
        state.to_beat = to_beat if kids else "0"  # (what the declarer had to beat does not matter here)
        state.phase = ROLL if kids else RESPOND
    else:  # a round start: nobody has declared yet
        state.phase = ROLL
    if player == turn and moment != "before-roll":
        raise RuleBroken(
            _("{card} is played after the previous declaration and before calling or rolling, not {moment}").format(
                card=card_name(played), moment=moment_name(moment)
            ),
            C.BEFORE_ROLL_TIMING,
        )
    timing = [C.BEFORE_ROLL_TIMING]
    if played == "my-bad":  # a call: it is ruled on with the dice (situation "challenge")
        card_timing(state, player, played, RULING)
        return Verdict(
            _(
                "{player} may play {card}: {player} calls {declarer}'s {score} without risking a strike; "
                "the round restarts at 0 and {player} rolls first."
            ).format(player=player, card=card_name(played), declarer=declarer, score=to_beat),
            _card_outcome(0, "clockwise", player, "call", None),
            (),
            (*timing, C.MY_BAD, C.MY_BAD_RESTART, C.MY_BAD_RULING),
        )
    outcome = step(state, Card(player, played), RULING)
    nxt = outcome.next_to_act or player
    strikes_after = state.strikes[player] if played == "revive" else None
    said: dict[str, object] = {"player": player, "card": card_name(played), "next": nxt, "score": to_beat}
    if played == "new-start":
        action = "roll"
        verdict = N_("{player} may play {card}: {player} resets the score to 0 and takes the turn normally (rolls).")
        clauses = [*timing, C.NEW_START]
    elif played == "revive":
        action = "roll" if state.phase == ROLL else "accept or call"
        verdict = N_(
            "{player} may play {card}: {player} returns one strike to the pile ({before} → {after}) and goes on with "
            "the turn."
        )
        said["before"], said["after"] = state.strikes[player] + 1, state.strikes[player]
        clauses = [*timing, C.REVIVE, C.REVIVE_RULING]
    elif outcome.own_score:
        two = len(players) == 2
        clauses = [*timing, C.REVERSE if played == "reverse" else C.SKIP, C.SKIP_REVERSE, C.LAST_ROLLER]
        if two:
            clauses.append(C.TWO_PLAYERS)
        elif played == "skip":
            clauses += [C.SKIP_ONLY_SELF, C.SKIP_BACK]
        action = "roll on own score"
        verdict = (
            N_("{player} may play {card}: {next}, the last to roll, must roll again and beat their own {score}.")
            if kids
            else N_(
                "{player} may play {card}: {next}, the last to roll, must roll again and tie or beat their own {score}."
            )
        )
    else:  # skip with three or more players: the next player faces the declared score
        action = "roll" if kids else "accept or call"
        clauses = [*timing, C.SKIP, C.SKIP_ONLY_SELF, C.SKIP_REVERSE]
        verdict = (
            N_("{player} may play {card}: {player} skips their turn; {next} must beat the score {score}.")
            if kids
            else N_(
                "{player} may play {card}: {player} skips their turn; {next} must accept or call the score {score}."
            )
        )
    data = _card_outcome(int(state.standing), DIRECTION_NAMES[state.direction], nxt, action, strikes_after)
    return Verdict(_(verdict).format(**said), data, (), tuple(clauses))


def _card_outcome(score: int, direction: str, nxt: str, action: str, strikes: int | None) -> dict[str, Any]:
    return {
        "allowed": True,
        "score_after": score,
        "direction_after": direction,
        "next_to_act": nxt,
        "action": action,
        "strikes_after": strikes,
    }


def _after_roll_card(player: str, played: str, turn: str, moment: str, kids: bool) -> Verdict:
    """An after-roll card is part of a roll (the record's ``roll`` event), not an action of its own."""
    if moment != "after-roll" or player != turn:
        raise RuleBroken(
            _("the {card} card is played after rolling, by the player who rolled").format(card=card_name(played)),
            C.AFTER_ROLL_HIDDEN,
        )
    clauses = (C.AFTER_ROLL_HIDDEN, C.AFTER_ROLL_COUNTS) + ((C.KIDS_CARDS,) if kids else ())
    verdict = (
        _(
            "{player} may play {card}: {player} may declare what the {card} card makes of the roll (with the kids' "
            "rules the roll is open: the card is shown and discarded)."
        )
        if kids
        else _("{player} may play {card}: {player} may declare what the {card} card makes of the roll.")
    )
    return Verdict(
        verdict.format(player=player, card=card_name(played)),
        _card_outcome(0, "clockwise", player, "declare", None),
        (),
        clauses,
    )


def _revive_final(state: State, player: str, played: str, turn: str, strikes: int) -> Verdict:
    """B9: Revive at once on the final strike. The State is the moment after that strike."""
    if played != "revive":
        if player != turn:
            card_timing(state, player, played, RULING)
        raise RuleBroken(
            _("{card} is played after the previous declaration and before calling or rolling, not {moment}").format(
                card=card_name(played), moment="final-strike"
            ),
            C.BEFORE_ROLL_TIMING,
        )
    limit = state.limit
    if strikes < limit:
        raise RuleBroken(
            # TRANSLATORS: English keeps one form; the other language's forms agree with {count}.
            ngettext(
                "{player} has {count} strikes, not the final one",
                "{player} has {count} strikes, not the final one",
                strikes,
            ).format(player=player, count=strikes),
            C.REVIVE_FINAL,
        )
    state.inside.discard(player)
    state.just_out = player
    if len(state.inside) == 1:
        (state.winner,) = state.inside
    step(state, Card(player, "revive"), RULING)
    data = _card_outcome(0, "clockwise", player, "roll", state.strikes[player])
    # TRANSLATORS: English keeps one form; the other language's forms agree with {strikes}.
    verdict = ngettext(
        "{player} may play {card}: {player} discards Revive and stays in the game with {strikes} strikes; having "
        "taken the strike, {player} starts the next round.",
        "{player} may play {card}: {player} discards Revive and stays in the game with {strikes} strikes; having "
        "taken the strike, {player} starts the next round.",
        limit - 1,
    ).format(player=player, card=card_name(played), strikes=limit - 1)
    return Verdict(
        verdict,
        data,
        (),
        (C.REVIVE_FINAL, C.REVIVE, C.REVIVE_RULING, C.STRIKE_STARTS_NEXT),
    )


SITUATIONS: dict[str, Callable[[Table], Verdict]] = {"challenge": challenge, "accept": accept, "card": card}


# What each outcome key means to a player (text output; JSON keeps the keys).
LABELS = {
    "bluff": N_("Was a bluff"),
    "strike_to": N_("Strike to"),
    "eliminated": N_("Out of the game"),
    "score_after": N_("Score to beat now"),
    "next_to_roll": N_("Next to roll"),
    "next_to_act": N_("Next to act"),
    "game_over": N_("Game over"),
    "winner": N_("Winner"),
    "card_discarded": N_("Card discarded"),
    "cards_discarded": N_("Cards discarded"),
    "strikes_after": N_("Strikes now"),
    "skipped": N_("Skipped"),
    "bamboozled": N_("Bamboozled"),
    "draws": N_("Draws a card"),
    "hand_after": N_("Cards in hand after"),
    "discard_one": N_("Must discard one"),
    "card_kept": N_("Card kept"),
    "allowed": N_("Allowed"),
    "direction_after": N_("Direction now"),
    "action": N_("Must"),
}

# Outcome values that are ids (JSON keeps them), named in the run's language on a terminal.
DESCRIBERS = {
    "card_discarded": card_name,
    "card_kept": card_name,
    "cards_discarded": lambda cards: card_names(cards) or pgettext("no cards", "none"),  # "ninguna"
    "skipped": empty_as(lambda: pgettext("no players", "none")),  # "nadie"
    "direction_after": direction_name,
    "action": action_name,
}

# Cited for context, not what the ruling turned on: quoted on a terminal only with -v.
BACKGROUND = {"challenge": ("bluff.definition",), "accept": ("bamboozle.definition",)}


# The ruling verb: every situation above, ruled on as every game's are (refcli.results.rulings).
rule_document = rulings(
    BAMBOOZLED, "Bamboozled", SITUATIONS, labels=LABELS, describers=DESCRIBERS, background=BACKGROUND
)
