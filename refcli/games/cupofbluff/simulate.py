"""A random legal Cup of Bluff game as a record document (test data for validate)."""

from __future__ import annotations

import random
from typing import Any

from refcli.games.cupofbluff.chips import POINTS, has_doubles, points_of
from refcli.games.cupofbluff.engine import Call, Exchange, State, finish, step

NAMES = ("Ana", "Ben", "Cid", "Dora", "Eli")
MAX_EVENTS = 2000


def random_game(seed: int, *, players: int | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    names = list(NAMES[: players or rng.randint(2, 5)])
    first = rng.choice(names)
    target = rng.choice((0, 0, 0, 12, 15))
    state = State.start(names, first=first, target=target)
    events: list[dict[str, Any]] = []
    while not state.over and len(events) < MAX_EVENTS:
        actor = state.next_player
        dice = tuple(rng.randint(1, 6) for _ in range(3))
        held = state.chips[actor]
        if has_doubles(dice) and len(held) >= 2 and rng.random() < 0.5:
            returns = tuple(rng.sample(held, 2))
            choices = [c for c in state.centre() if POINTS[c] == points_of(returns)]
            if choices:
                takes = rng.choice(choices)
                event = {
                    "type": "exchange",
                    "player": actor,
                    "dice": list(dice),
                    "returns": list(returns),
                    "takes": takes,
                }
                assert not step(state, Exchange(actor, dice, returns, takes)).problems, (seed, len(events))
                events.append(event)
                continue
        wanted = [(c, None) for c in state.centre()] + [
            (c, n) for n, cs in state.chips.items() if n != actor for c in cs
        ]
        called, holder = rng.choice(wanted)
        who = holder or rng.choice([n for n in names if n != actor])
        if rng.random() < 0.4 and 3 <= sum(dice) <= 18 and sum(dice) not in held:
            truthful_holder = next((n for n, cs in state.chips.items() if sum(dice) in cs), None)
            if truthful_holder in (None, who) and truthful_holder != actor:
                called = sum(dice)
        answer = rng.choice(("truth", "bluff"))
        before = {n: list(cs) for n, cs in state.chips.items()}
        fooled = (sum(dice) == called) == (answer == "bluff")
        gives = None
        if who in before and called in before[who] and not fooled and before[actor]:
            gives = rng.choice(before[actor])
        chip_to = actor if fooled else who
        event = {
            "type": "call",
            "caller": actor,
            "target": who,
            "called": called,
            "dice": list(dice),
            "answer": answer,
            "chip_to": chip_to,
        }
        if gives is not None:
            event["gives"] = gives
        problems = step(state, Call(actor, who, called, dice, answer, gives, chip_to)).problems
        assert not problems, (seed, len(events), problems)
        events.append(event)
    document: dict[str, Any] = {"game": "cup-of-bluff", "players": names, "first": first}
    if target:
        document["target"] = target
    document["event"] = events
    winners = finish(state).winners
    if len(winners) == 1:
        document["winner"] = winners[0]
    return document
