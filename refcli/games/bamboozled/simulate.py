"""A random legal Bamboozled game as a record document (test data for validate).

The generator deals real action cards (the replay only knows how many each
player holds), rolls real dice, and chooses among legal moves; every choice
is applied to the replay engine's own state, so a generated game is legal by
construction and the property tests can check that validate agrees.
"""

from __future__ import annotations

import random
from typing import Any

from refcli.games.bamboozled.engine import Accept, Action, Call, Card, Outcome, Roll
from refcli.games.bamboozled.ranking import best_reading, card_readings, ladder, rank, ties_or_beats
from refcli.games.bamboozled.replay import Record, Replay
from refcli.games.bamboozled.turns import HAND_LIMIT, SUPPLY, truth

NAMES = ("Ana", "Ben", "Cid", "Dora", "Eli", "Fay")
MAX_EVENTS = 3000


class _Table:
    """The hidden side of the game: which cards are where."""

    def __init__(self, rng: random.Random, players: list[str]) -> None:
        self.rng = rng
        self.pile = [card for card, count in SUPPLY.items() for _ in range(count)]
        rng.shuffle(self.pile)
        self.used: list[str] = []
        self.hands = {name: [self.pile.pop()] for name in players}

    def draw(self, name: str) -> None:
        if not self.pile:
            self.pile, self.used = self.used, []
            self.rng.shuffle(self.pile)
        if not self.pile:
            return
        card = self.pile.pop()
        self.hands[name].append(card)
        if len(self.hands[name]) > HAND_LIMIT:
            self.used.append(self.hands[name].pop(self.rng.randrange(len(self.hands[name]))))

    def play(self, name: str, card: str) -> None:
        self.hands[name].remove(card)
        self.used.append(card)


def random_game(seed: int, *, players: int | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    names = list(NAMES[: players or rng.randint(2, 5)])
    first = rng.choice(names)
    replayed = Replay(Record(players=tuple(names), events=(), first=first))
    state = replayed.state
    table = _Table(rng, names)
    events: list[dict[str, Any]] = []

    def apply(event: dict[str, Any], parsed: Action) -> Outcome:
        outcome = replayed.act(parsed)
        assert not [f for f in replayed.findings if f.severity == "error"], (seed, len(events), replayed.findings)
        events.append(event)
        return outcome

    while state.winner is None and len(events) < MAX_EVENTS:
        actor = state.actor
        hand = table.hands[actor]
        if state.phase == "roll":
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            best = best_reading(*dice)
            declared, card = best, None
            if not ties_or_beats(best, state.to_beat) or rng.random() < 0.15:
                usable = [c for c in hand if c in ("jackpot", "double", "up-down")]
                backed = [
                    (s, c) for c in usable for s in sorted(card_readings(*dice, c)) if ties_or_beats(s, state.to_beat)
                ]
                if backed and rng.random() < 0.8:
                    declared, card = rng.choice(backed)
                else:
                    floor = rank(state.to_beat) if state.to_beat != "0" else 1
                    declared = rng.choice(ladder()[floor - 1 : floor + 8])
            event = {"type": "roll", "player": actor, "rolled": list(dice), "declared": int(declared)}
            if card:
                event["card"] = card
            apply(event, Roll(actor, declared, dice, card))
            continue
        # respond: maybe a before-roll card, then call or accept
        playable = [
            c for c in hand if c in ("new-start", "reverse", "skip") or (c == "revive" and state.strikes[actor])
        ]
        if playable and rng.random() < 0.3:
            card = rng.choice(playable)
            table.play(actor, card)
            apply({"type": "card", "player": actor, "card": card}, Card(actor, card))
            continue
        declaration, declarer = state.declaration, state.declarer
        assert declaration is not None and declaration.rolled is not None and declarer is not None
        risky = rank(declaration.declared) / 36
        if rng.random() < 0.15 + 0.6 * risky:
            my_bad = "my-bad" in hand and rng.random() < 0.7
            if my_bad:
                table.play(actor, "my-bad")
            _, card_made_it_true = truth(declaration.declared, declaration.rolled, declaration.card)
            if card_made_it_true and declaration.card:  # B3: the card is shown and discarded
                table.play(declarer, declaration.card)
            event = {"type": "call", "player": actor}
            outcome = apply(event, Call(actor, "my-bad" if my_bad else None))
            if my_bad:
                event["card"] = "my-bad"
            if outcome.strike_to is not None:
                event["strike"] = outcome.strike_to  # the record notes it (and validate checks it)
            out = outcome.eliminated
            if out is not None and "revive" in table.hands[out] and rng.random() < 0.7:
                table.play(out, "revive")
                apply({"type": "card", "player": out, "card": "revive"}, Card(out, "revive"))
            continue
        truthful, _ = truth(declaration.declared, declaration.rolled, declaration.card)
        apply({"type": "accept", "player": actor}, Accept(actor))
        if not truthful:
            table.draw(declarer)
    document: dict[str, Any] = {"game": "bamboozled", "players": names, "first": first, "event": events}
    if state.winner is not None:
        document["winner"] = state.winner
    return document
