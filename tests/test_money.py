"""Money!: scoring and totals, bids, exchanges, refills, recorded games."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from conftest import EXAMPLES, SEEDS, Invoke, assert_mutation_caught, assert_mutations_apply, record_errors
from hypothesis import given, settings

from refcli.games.money import clauses as money_clauses
from refcli.games.money.record import validate_document
from refcli.games.money.scoring import score_currency, score_player
from refcli.games.money.simulate import random_game
from refcli.rules.catalogue import rules_for

Write = Callable[..., str]
MO = EXAMPLES / "money"


def test_every_clause_the_engine_cites_exists() -> None:
    ids = rules_for("money").ids()
    cited = {v for k, v in vars(money_clauses).items() if k.isupper() and isinstance(v, str)}
    assert cited - ids == set()


def test_rulebook_example_is_450() -> None:
    """003 "Fin del juego": euro 20,20,20; yen 20,30,30,30; dollar 20,30,30,40,50,60; one coin = 450."""
    player = score_player("Ana", {"euro": [20, 20, 20], "yen": [20, 30, 30, 30], "dollar": [20, 30, 30, 40, 50, 60]}, 1)
    assert player.score == 450
    euro, yen, dollar = player.currencies
    assert (euro.face, euro.penalty, euro.triplets, euro.score) == (60, 60, (20,), 100)  # M1 floor, M2 bonus
    assert (yen.face, yen.penalty, yen.triplets, yen.score) == (110, 100, (30,), 110)
    assert (dollar.face, dollar.penalty, dollar.score) == (230, 0, 230)


def test_all_nine_notes_score_500() -> None:
    """003: all 9 notes of a currency: 300 + 200 for the two triplets."""
    assert score_currency("x", [20, 20, 20, 30, 30, 30, 40, 50, 60]).score == 500


@pytest.mark.parametrize(("notes", "score"), [([60, 50, 40, 30, 30], 210), ([60, 50, 40, 30], 80), ([20], 0), ([], 0)])
def test_threshold(notes: list[int], score: int) -> None:
    assert score_currency("x", notes).score == score


def test_score_cli_in_three_formats(invoke: Invoke) -> None:
    for fmt in ("json", "toml", "text"):
        result = invoke(["money", "score", str(MO / "rulebook-450.toml"), "-f", fmt])
        assert result.exit_code == 0 and "450" in result.stdout
    doc = json.loads(invoke(["money", "score", str(MO / "rulebook-450.toml"), "-f", "json"]).stdout)
    ana = next(p for p in doc["players"] if p["name"] == "Ana")
    assert ana["breakdown"]["currencies"][0] == {
        "currency": "euro",
        "notes": [20, 20, 20],
        "face": 60,
        "penalty": 60,
        "triplets": [20],
        "score": 100,
    }
    assert {"M1", "M2"} <= set(doc["interpretations"])


def test_several_games_give_totals(invoke: Invoke) -> None:
    files = [str(MO / name) for name in ("rulebook-450.toml", "game-2.toml", "game-3.toml")]
    doc = json.loads(invoke(["money", "score", *files, "-f", "json"]).stdout)
    assert len(doc["games"]) == 3
    totals = {row["name"]: row["score"] for row in doc["totals"]}
    for name in totals:
        assert totals[name] == sum(
            next(p["score"] for p in game["players"] if p["name"] == name) for game in doc["games"]
        )
    assert doc["winners"] == [doc["totals"][0]["name"]] and doc["totals"][0]["rank"] == 1


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('[[player]]\nname = "A"\n[[player]]\nname = "B"\n', "3 to 5 players"),
        (
            '[[player]]\nname = "A"\nnotes = { euro = [25] }\n[[player]]\nname = "B"\n[[player]]\nname = "C"\n',
            "note values (20, 30, 40, 50, 60), found 25",
        ),
        (
            '[[player]]\nname = "A"\nnotes = { euro = [60] }\n[[player]]\nname = "B"\nnotes = { Euro = [60] }\n[[player]]\nname = "C"\n',
            "the players hold 2 euro notes of 60, but the game has only 1",
        ),
        (
            '[[player]]\nname = "A"\ncoins = 4\n[[player]]\nname = "B"\ncoins = 3\n[[player]]\nname = "C"\n',
            "the players hold 7 coin cards so far, but the game has only 6",
        ),
        (
            '[[player]]\nname = "A"\nnotes = { a = [20], b = [20], c = [20], d = [20], e = [20], f = [20] }\n[[player]]\nname = "B"\n[[player]]\nname = "C"\n',
            "the players hold 6 currencies (a, b, c, d, e, f), but a game of 3 players has 5",
        ),
        (
            '[[player]]\nname = "A"\nnotes = { euro = [20], EURO = [30] }\n[[player]]\nname = "B"\n[[player]]\nname = "C"\n',
            '"euro" and "EURO" both name euro: write it once',
        ),
    ],
    ids=["two-players", "note-25", "two-euro-60s", "seven-coins", "six-currencies", "duplicate-currency"],
)
def test_component_checks(invoke: Invoke, write: Write, text: str, needle: str) -> None:
    result = invoke(["money", "score", write('game = "money"\n' + text)])
    assert result.exit_code == 65 and needle in result.stderr, result.stderr


def ruling(invoke: Invoke, path: str) -> tuple[int, dict[str, Any]]:
    result = invoke(["money", "ruling", path, "-f", "json"])
    return result.exit_code, json.loads(result.stdout) if result.stdout else {}


def test_bids_spec(invoke: Invoke) -> None:
    code, doc = ruling(invoke, str(MO / "bids-spec.toml"))
    assert code == 0
    assert doc["outcome"] == {
        "values": {"Ana": 30, "Ben": 30, "Cid": 0, "Dora": 110},
        "order": ["Dora", "Ben", "Ana"],
        "sitting_out": ["Cid"],
        "game_over": False,
    }
    assert "M3" in doc["interpretations"]


def bids_file(*offers: str, extra: str = "") -> str:
    """A ``bids`` situation with these offers (TOML arrays), for Ana, Ben, Cid, … in turn."""
    names = ("Ana", "Ben", "Cid", "Dora", "Eli", "Fay")
    tables = "".join(f'[[offer]]\nplayer = "{name}"\ncards = {cards}\n' for name, cards in zip(names, offers))
    return 'game = "money"\nsituation = "bids"\n' + extra + tables


def test_bids_tie_without_serials_is_65_naming_the_cards(invoke: Invoke, write: Write) -> None:
    result = invoke(["money", "ruling", write(bids_file('["euro 30"]', '["yen 20 #4", "coin"]', '["bluff"]'))])
    assert result.exit_code == 65
    assert (
        ":5: offer[1].cards[1]: the tie (" in result.stderr
        and "is broken by the cards' serial numbers" in result.stderr
    )
    assert 'Ana\'s "euro 30"' in result.stderr and 'Ben\'s "coin"' in result.stderr


def test_bids_no_card_sits_out(invoke: Invoke, write: Write) -> None:
    code, doc = ruling(invoke, write(bids_file("[]", '["coin"]', '["bluff"]')))
    assert doc["outcome"]["sitting_out"] == ["Ana", "Cid"] and doc["outcome"]["order"] == ["Ben"]


def test_cards_that_do_not_exist_exit_1(invoke: Invoke, write: Write) -> None:
    code, doc = ruling(invoke, write(bids_file('["euro 35"]', '["bluff"]', '["bluff"]')))
    assert code == 1 and doc["broken_rule"] == "components.notes"
    code, doc = ruling(invoke, write(bids_file('["euro 60", "euro 60"]', '["bluff"]', '["bluff"]')))
    assert code == 1 and doc["broken_rule"] == "components.notes"


def test_exchange_swap(invoke: Invoke) -> None:
    code, doc = ruling(invoke, str(MO / "exchange-swap.toml"))
    out = doc["outcome"]
    assert code == 0 and out["next"] == "Ana" and out["takes"] == ["euro 30 #12"]
    assert out["offers"] == {"Ana": ["yen 20 #40", "coin #5", "pound 30 #22"]}


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (
            'action = "right"\n',
            {"takes": ["dollar 60 #33", "coin #2"], "right": ["yen 20 #40", "coin #5", "pound 30 #22"], "next": "Ana"},
        ),
        (
            'action = "left"\n',
            {"takes": ["euro 20 #3"], "left": ["yen 20 #40", "coin #5", "pound 30 #22"], "next": "Ana"},
        ),
        ('action = "keep"\n', {"takes": [], "gives": [], "next": "Ana"}),
    ],
)
def test_exchange_actions(invoke: Invoke, write: Write, extra: str, expected: dict[str, Any]) -> None:
    base = (
        'game = "money"\nsituation = "exchange"\nplayer = "Ben"\nright = ["dollar 60 #33", "coin #2"]\nleft = ["euro 20 #3"]\n'
        '[[offer]]\nplayer = "Ana"\ncards = ["euro 30 #12"]\n[[offer]]\nplayer = "Ben"\ncards = ["yen 20 #40", "coin #5", "pound 30 #22"]\n'
    )
    head, offers = base.split("[[offer]]", 1)
    code, doc = ruling(invoke, write(head + extra + "[[offer]]" + offers))
    assert code == 0
    assert {key: doc["outcome"][key] for key in expected} == expected


@pytest.mark.parametrize(
    ("extra", "rule_id"),
    [
        ('player = "Ana"\naction = "keep"\n', "turn.order"),
        ('player = "Cid"\naction = "keep"\n', "offer.sit-out"),
        ('player = "Ben"\naction = "swap"\nwith = "Cid"\n', "M7"),
        ('player = "Ben"\naction = "keep"\nacted = ["Ben"]\n', "turn.all-bidders"),
    ],
    ids=["out-of-turn", "sitting-out", "swap-with-sitting-out", "acted-twice"],
)
def test_illegal_exchanges(invoke: Invoke, write: Write, extra: str, rule_id: str) -> None:
    text = (
        'game = "money"\nsituation = "exchange"\n' + extra + '[[offer]]\nplayer = "Ana"\ncards = ["euro 30 #12"]\n'
        '[[offer]]\nplayer = "Ben"\ncards = ["yen 20 #40", "coin #5", "pound 30 #22"]\n[[offer]]\nplayer = "Cid"\ncards = ["bluff"]\n'
    )
    code, doc = ruling(invoke, write(text))
    assert code == 1 and doc["broken_rule"] == rule_id


@pytest.mark.parametrize(
    ("right", "left", "pile", "expected"),
    [
        (0, 4, 10, {"to_right": 4, "to_left": 0, "pile_after": 6, "final_round": False}),
        (1, 3, 3, {"to_right": 3, "to_left": 0, "pile_after": 0, "final_round": True}),
        (2, 1, 10, {"to_right": 2, "to_left": 3, "pile_after": 5, "final_round": False}),
        (5, 4, 10, {"to_right": 0, "to_left": 0, "pile_after": 10, "final_round": False}),
        (2, 2, 0, {"game_over": True}),
    ],
)
def test_refill(invoke: Invoke, write: Write, right: int, left: int, pile: int, expected: dict[str, Any]) -> None:
    code, doc = ruling(
        invoke, write(f'game = "money"\nsituation = "refill"\nright = {right}\nleft = {left}\npile = {pile}\n')
    )
    assert code == 0
    assert {key: doc["outcome"][key] for key in expected} == expected


# -- recorded games --------------------------------------------------------------
seeds = SEEDS


def validate(document: dict[str, Any]) -> list[Any]:
    return record_errors(validate_document, document)


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_random_legal_games_validate_clean(seed: int) -> None:
    assert validate(random_game(seed)) == []


def out_of_order(game: dict[str, Any], rng: random.Random) -> int | None:
    events = game["event"]
    options = [
        i
        for i in range(len(events) - 1)
        if events[i]["type"] == "exchange"
        and events[i + 1]["type"] == "exchange"
        and events[i]["player"] != events[i + 1]["player"]
        and events[i]["action"] != "swap"
    ]
    if not options:
        return None
    index = rng.choice(options)
    events[index]["player"], events[index + 1]["player"] = events[index + 1]["player"], events[index]["player"]
    return index


def wrong_refill(game: dict[str, Any], rng: random.Random) -> int | None:
    options = [i for i, e in enumerate(game["event"]) if e["type"] == "refill" and e["right"]]
    if not options:
        return None
    index = rng.choice(options)
    event = game["event"][index]
    event["right"], event["left"] = len(event["right"]) - 1, len(event["left"]) + 1
    return index


def card_that_does_not_exist(game: dict[str, Any], rng: random.Random) -> int | None:
    options = [
        i
        for i, e in enumerate(game["event"])
        if e["type"] == "offers" and any(c != "bluff" for cs in e["offers"].values() for c in cs)
    ]
    if not options:
        return None
    index = rng.choice(options)
    for cards in game["event"][index]["offers"].values():
        for position, card in enumerate(cards):
            if card != "bluff":
                cards[position] = "euro 35"
                return index
    return None


def acting_while_sitting_out(game: dict[str, Any], rng: random.Random) -> int | None:
    """A player whose offer becomes the bluff card alone, but who still acts (keeping, so hands stay right)."""
    events = game["event"]
    options = [
        (i, j)
        for i, e in enumerate(events)
        if e["type"] == "offers"
        for j in range(i + 1, len(events))
        if events[j]["type"] == "exchange"
        and events[j]["action"] == "keep"
        and all(events[k]["type"] == "exchange" and events[k]["action"] != "swap" for k in range(i + 1, j + 1))
    ]
    if not options:
        return None
    offers_index, action_index = rng.choice(options)
    player = events[action_index]["player"]
    events[offers_index]["offers"][player] = ["bluff"]
    return action_index


def changed_score(game: dict[str, Any], rng: random.Random) -> int | None:
    name = rng.choice(game["players"])
    game["scores"][name] += 10
    return -1


MUTATIONS = {
    "exchange out of order": out_of_order,
    "refill counts wrong": wrong_refill,
    "card that does not exist": card_that_does_not_exist,
    "acting while sitting out": acting_while_sitting_out,
    "changed final score": changed_score,
}


@pytest.mark.parametrize("name", list(MUTATIONS))
@settings(max_examples=20, deadline=None)
@given(seed=seeds)
def test_every_mutation_is_caught_at_its_event(name: str, seed: int) -> None:
    assert_mutation_caught(random_game, MUTATIONS[name], seed, validate_document)


def test_mutations_apply_to_most_games() -> None:
    assert_mutations_apply(random_game, MUTATIONS)


def test_validate_examples(invoke: Invoke) -> None:
    good = invoke(["money", "validate", str(MO / "record-game.toml"), "-f", "json"])
    assert good.exit_code == 0 and json.loads(good.stdout)["results"][0]["over"] is True
    bad = invoke(["validate", str(MO / "record-broken.toml")])
    assert bad.exit_code == 1


# -- each from the rule text --------------------------------------------------
def rule_text(phrase: str) -> str:
    """``phrase`` as 003 writes it (checked against the rulebook when it is beside this checkout)."""
    from conftest import RULES_SOURCES

    source = next(RULES_SOURCES.glob("003_*.txt"), None) if RULES_SOURCES.is_dir() else None
    if source is not None:
        assert phrase in " ".join(source.read_text(encoding="utf-8").split()), phrase
    return phrase


def test_one_bluff_card_per_player(invoke: Invoke, write: Write) -> None:
    """003 "Preparar": "Cada jugador toma una carta de farol." — an offer with two is impossible (exit 1)."""
    rule_text("Cada jugador toma una carta de farol.")
    code, doc = ruling(invoke, write(bids_file('["euro 30 #12", "bluff", "bluff"]', '["coin #5"]', '["bluff"]')))
    assert code == 1 and doc["broken_rule"] == "setup.bluff-card" and not doc["legal"]
    assert "Ana offers 2 bluff cards" in doc["verdict"]
    code, doc = ruling(invoke, write(bids_file('["euro 30 #12", "bluff"]', '["coin #5"]', '["bluff"]')))
    assert code == 0 and "setup.bluff-card" in {c["id"] for c in doc["citations"]}
    exchange = (
        'game = "money"\nsituation = "exchange"\nplayer = "Ben"\naction = "keep"\n'
        '[[offer]]\nplayer = "Ana"\ncards = ["euro 30 #12"]\n[[offer]]\nplayer = "Ben"\ncards = ["coin #5", "yen 60 #9"]\n'
        '[[offer]]\nplayer = "Cid"\ncards = ["bluff", "bluff"]\n'
    )
    code, doc = ruling(invoke, write(exchange))
    assert code == 1 and doc["broken_rule"] == "setup.bluff-card"
    game = random_game(7)
    first = game["event"][0]
    first["offers"][game["players"][0]] += ["bluff", "bluff"]
    errors = validate(game)
    assert [(e.event, e.rule) for e in errors] == [(1, "setup.bluff-card")]


@pytest.mark.parametrize("count", [2, 6])
def test_bids_take_3_to_5_players_like_score(invoke: Invoke, write: Write, count: int) -> None:
    """Money! is for 3 to 5 players (the published count): a bids file lists one offer per player."""
    offers = ['["coin #1"]', '["coin #2"]', '["bluff"]', '["bluff"]', '["bluff"]', '["bluff"]'][:count]
    result = invoke(["money", "ruling", write(bids_file(*offers))])
    assert result.exit_code == 65, result.stdout
    line = result.stderr.strip()
    assert line.count("\n") == 0 and "offer: expected at " in line and f"found {count}" in line
    holdings = "".join(f'[[player]]\nname = "P{n}"\n' for n in range(count))
    assert invoke(["money", "score", write('game = "money"\n' + holdings)]).exit_code == 65


SWAP_BASE = (
    'game = "money"\nsituation = "exchange"\naction = "keep"\nswapped = true\n{head}'
    '[[offer]]\nplayer = "Ana"\ncards = ["euro 30 #12"]\n'
    '[[offer]]\nplayer = "Ben"\ncards = ["yen 20 #40", "coin #5", "pound 30 #22"]\n'
    '[[offer]]\nplayer = "Cid"\ncards = ["bluff"]\n[[offer]]\nplayer = "Dora"\ncards = []\n'
)


@pytest.mark.parametrize(
    ("head", "legal", "reason"),
    [
        ('player = "Ben"\n', False, "nobody has acted yet this round"),
        ('player = "Ana"\nacted = ["Dora"]\n', False, "Ben's (60) comes before Ana's (30)"),
        ('player = "Ben"\nacted = ["Dora"]\n', True, ""),
    ],
    ids=["nobody-acted", "not-the-highest", "after-dora-swapped"],
)
def test_a_swap_claimed_when_nobody_can_have_swapped_is_refused(
    invoke: Invoke, write: Write, head: str, legal: bool, reason: str
) -> None:
    """003: the player swapped with "toma el siguiente turno ya que ahora tiene la oferta más alta en la mesa"."""
    rule_text("Ese jugador toma el siguiente turno ya que ahora tiene la oferta más alta en la mesa.")
    code, doc = ruling(invoke, write(SWAP_BASE.format(head=head)))
    if legal:
        assert code == 0 and doc["outcome"]["next"] == "Ana"
        assert "exchange.swap-next" in {c["id"] for c in doc["citations"]} and doc["facts"]
    else:
        assert code == 1 and doc["broken_rule"] == "exchange.swap-next" and reason in doc["verdict"]


def test_totals_over_different_players_warn(invoke: Invoke, write: Write) -> None:
    """003: play "tres veces con la puntuación acumulada más alta": totals of different tables are flagged (M9)."""
    rule_text("jugarlo tres veces con la puntuación acumulada más alta al final del tercer juego")
    game = 'game = "money"\n' + "".join(f'[[player]]\nname = "{{}}"\ncoins = {coins}\n' for coins in (1, 2, 0))
    first = write(game.format("Ana", "Ben", "Cid"), name="first.toml")
    second = write(game.format("Ana", "Ben", "Dora"), name="second.toml")
    same = write(game.format("ana", "Ben", "Cid"), name="same.toml")
    text = invoke(["money", "score", first, second]).stdout
    warning = [line for line in text.splitlines() if line.startswith("! ")]
    assert len(warning) == 1 and "not played by the same players" in warning[0]
    doc = json.loads(invoke(["money", "score", first, second, "-f", "json"]).stdout)
    assert len(doc["notes"]) == 1 and "M9" in {c["id"] for c in doc["citations"]}
    assert "Cid played game 1 only" in doc["notes"][0] and "Dora played game 2 only" in doc["notes"][0]
    doc = json.loads(invoke(["money", "score", first, same, "-f", "json"]).stdout)
    assert doc["notes"] == [] and "M9" not in {c["id"] for c in doc["citations"]}


def test_refills_recorded_as_counts_leave_the_hands_unknown_not_wrong() -> None:
    """A player who takes a display whose dealt cards are not recorded: no false "not in hand" errors."""
    game = random_game(11)
    for event in game["event"]:
        if event["type"] == "refill":
            event["right"], event["left"] = len(event["right"]), len(event["left"])
    game.pop("scores")
    result = validate_result(game)
    assert [f for f in result.findings if f.severity == "error"] == []
    assert any(note.startswith("the hands from event") for note in result.skipped)


def validate_result(document: dict[str, Any]) -> Any:
    from refcli.games.record_toml import to_toml
    from refcli.model.options import ValidateOptions
    from refcli.reading.documents import Document, parse_toml

    text = to_toml(document)
    return validate_document(Document("game.toml", parse_toml(text, "game.toml"), text), ValidateOptions())


@pytest.mark.parametrize("strict", [False, True])
def test_a_setup_that_cannot_exist_is_one_error_for_the_record(strict: bool) -> None:
    """M10: a serial dealt twice at the setup is an error of the record as a whole (also under --strict)."""
    from refcli.games.record_toml import to_toml
    from refcli.model.options import ValidateOptions
    from refcli.reading.documents import Document, parse_toml

    game = random_game(3)
    hands = game["hands"]
    first, second = list(hands)[:2]
    hands[second][0] = hands[first][0]
    text = to_toml(game)
    result = validate_document(Document("g.toml", parse_toml(text, "g.toml"), text), ValidateOptions(strict=strict))
    errors = [f for f in result.findings if f.severity == "error"]
    assert errors[0].event is None and errors[0].rule == "components.notes" and "is on two cards" in errors[0].message
    assert len(errors) == 1 if strict else len(errors) >= 1


def test_the_deck_names_each_cards_first_problem_in_order() -> None:
    """A card's own problem (no such note, one too many, an eighth currency, a seventh coin) comes before its
    serial's (unknown, dealt twice); a card without a serial has none of its own."""
    from refcli.games.money.cards import impossible_cards, parse_card

    texts = [
        "euro 20 #1",
        "euro 20 #1",  # the serial again
        "euro 35 #2",  # no such note: said rather than the serial
        "euro 20",
        "euro 20",  # a fourth euro 20, without a serial
        "euro 30 #70",  # a serial that does not exist
        "euro 30 #70",  # and again: the first problem is still that it does not exist
        *[f"c{index} 40 #{10 + index}" for index in range(7)],  # the eighth currency
        *[f"coin #{30 + index}" for index in range(7)],  # the seventh coin
        "coin",
        "bluff",
    ]
    assert impossible_cards(parse_card(text) for text in texts) == [
        "serial #1 is on two cards",
        "there is no 35 note (notes are 20, 30, 40, 50 and 60)",
        "4 euro 20 notes, but each currency has 3",
        "serial #70 does not exist (FRED 001 to FRED 069)",
        "serial #70 does not exist (FRED 001 to FRED 069)",
        "8 currencies, but the game has 7",
        "7 coins, but the game has 6",
        "8 coins, but the game has 6",
    ]


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS)
def test_a_replay_without_outcomes_applies_the_same_rules(seed: int) -> None:
    """A replay builds no outcome per event (validating reads none); the state and the findings are the same,
    on a legal game and on one whose offers and turns are shuffled into rule breaks."""
    from refcli.games.money.record import read_record
    from refcli.games.money.replay import Replay
    from refcli.games.record_toml import to_toml
    from refcli.reading.documents import Document, parse_toml

    game = random_game(seed)
    broken = json.loads(json.dumps(game))
    random.Random(seed).shuffle(broken["event"])
    for document in (game, broken):
        text = to_toml(document)
        record = read_record(Document("g.toml", parse_toml(text, "g.toml"), text))
        kept, bare = Replay(record, outcomes=True), Replay(record)
        for event in record.events:
            kept.apply(event)
            bare.apply(event)
            assert bare.outcome is None
            assert (bare.state.hands, bare.state.displays, bare.state.waiting, bare.state.phase) == (
                kept.state.hands,
                kept.state.displays,
                kept.state.waiting,
                kept.state.phase,
            )
        kept.finish()
        bare.finish()
        assert bare.findings == kept.findings and bare.scores == kept.scores
        assert bool(kept.findings) == (document is broken)


@pytest.mark.parametrize("wrong", ["swap-without-with", "with-without-swap"])
def test_a_with_that_does_not_go_with_its_action_is_refused_at_its_own_event(wrong: str) -> None:
    """``with`` names the partner of a swap, and only of a swap: the first exchange that breaks it is named, even
    after many exchanges that keep it."""
    from refcli.model.errors import DataError

    game = random_game(5)
    events = game["event"]
    late = [i for i, e in enumerate(events) if e["type"] == "exchange" and e["action"] != "swap"][-2:]
    for index in late:
        if wrong == "swap-without-with":
            events[index]["action"] = "swap"
        else:
            events[index]["with"] = game["players"][0]
    with pytest.raises(DataError) as caught:
        validate_result(game)
    assert caught.value.path is not None and caught.value.path.startswith(f"event[{late[0] + 1}]")
    assert caught.value.path.endswith("with")


def test_an_offers_event_without_a_players_offer_names_that_player() -> None:
    """Every player reveals an offer (an offer of only the bluff card sits out): a record that leaves one out is
    an error of that event, naming the player."""
    game = random_game(11)
    later = [i for i, e in enumerate(game["event"]) if e["type"] == "offers"][2]
    left_out = game["players"][1]
    del game["event"][later]["offers"][left_out]
    errors = validate(game)
    assert errors[0].event == later + 1 and errors[0].rule == money_clauses.OFFER_CHOOSE
    assert f"no offer recorded for {left_out}" in errors[0].message
