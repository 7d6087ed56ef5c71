"""Kuhhandel: the money that can exist at a moment (K18), a choice that cannot be
made ruled with its consequence (K7), one finding for one defect. Each test is built from the rule text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w

import refcli
from refcli.games.kuhhandel.money import in_play
from refcli.rules.catalogue import rules_for

# 000 "Preparar": "Dos tarjetas de dinero de valor 0, cuatro tarjetas de valor 10, y una tarjeta de valor 50"
# 001 (edition 1): "5 cartas de valor 10 en lugar de las 4 cartas de valor 10 y la carta de valor 50"
# 000 "El burro": "Una tarjeta de valor 50 en el primer burro, una tarjeta de valor 100 en el segundo burro,
#   una tarjeta de valor 200 en el tercer burro y una tarjeta de valor 500 en el cuarto burro."
# 001: "sólo 5 cartas de valor 50 y 25 cartas de valor 10" (edition 1)
THREE = ["Ana", "Ben", "Cid"]


def rule(tmp_path: Path, document: dict[str, Any]) -> Any:
    path = tmp_path / "situation.toml"
    path.write_text(tomli_w.dumps({"game": "kuhhandel", **document}), encoding="utf-8")
    return refcli.rule(path)


def validate(tmp_path: Path, document: dict[str, Any]) -> Any:
    path = tmp_path / "record.toml"
    path.write_text(tomli_w.dumps({"game": "kuhhandel", **document}), encoding="utf-8")
    return refcli.validate(path)


def cited(ruling: Any) -> list[str]:
    return [c["id"] for c in ruling.to_dict()["citations"]]


def auction(money: dict[str, list[int]], **extra: Any) -> dict[str, Any]:
    return {
        "situation": "auction",
        "players": THREE,
        "auctioneer": "Ana",
        "animal": "cow",
        "bids": [["Ben", 10]],
        "money": money,
        **extra,
    }


def test_the_quotes_the_check_rests_on() -> None:
    rules = rules_for("kuhhandel")
    assert "una tarjeta de valor 100 en el segundo burro" in rules.get("donkey.payouts").text
    assert "5 cartas de valor 10 en lugar de las 4 cartas de valor 10 y la carta de valor 50" in (
        rules.get("edition1.setup").text
    )
    assert "sólo 5 cartas de valor 50 y 25 cartas de valor 10" in rules.get("edition1.identify").text
    k18 = rules.get("K18")
    assert k18.interpretation and "It rejects the reading" in k18.summary
    k19 = rules.get("K19")
    assert k19.interpretation and "It rejects the readings" in k19.summary


@pytest.mark.parametrize(
    ("edition", "players", "donkeys", "expected"),
    [
        (2, 3, 0, {0: 6, 10: 12, 50: 3, 100: 0, 200: 0, 500: 0}),  # the deal alone
        (2, 3, 2, {0: 6, 10: 12, 50: 6, 100: 3, 200: 0, 500: 0}),  # two donkeys: 50s and 100s
        (1, 4, 0, {0: 8, 10: 20, 50: 0, 100: 0, 200: 0, 500: 0}),  # edition 1 deals no 50
        (1, 5, 4, {0: 10, 10: 25, 50: 5, 100: 5, 200: 5, 500: 5}),  # all the edition-1 game has
    ],
)
def test_what_can_be_in_play(edition: int, players: int, donkeys: int, expected: dict[int, int]) -> None:
    from refcli.games.kuhhandel.money import dealt

    assert dict(in_play(edition, dealt(edition, players), players, donkeys)) == expected


def test_the_cached_limits_are_what_can_be_in_play() -> None:
    """The engine checks money against in_play_by_donkeys (cached): the same numbers as in_play, for every table."""
    from collections import Counter

    from refcli.games.kuhhandel.money import (
        VALUES,
        deal_counts,
        dealt,
        dealt_counts,
        in_play_by_donkeys,
        in_play_counts,
    )

    deals = [("setup", None), ("a rich deal", Counter({0: 1, 10: 40, 50: 9, 100: 2, 30: 3}))]
    for edition in (1, 2):
        for players in range(2, 6):
            for _what, given in deals:
                deal = dealt(edition, players) if given is None else given
                counts = dealt_counts(edition, players) if given is None else deal_counts(given)
                for donkeys in range(5):
                    expected = in_play(edition, deal, players, donkeys)
                    assert in_play_counts(edition, counts, players, donkeys) == tuple(expected[v] for v in VALUES)
                    assert in_play_by_donkeys(edition, counts, players, 4)[donkeys] == tuple(
                        expected[v] for v in VALUES
                    )


def test_the_money_check_is_made_again_once_more_money_is_known() -> None:
    """The check before an event (K18) is skipped while nothing more is known than when it last passed and
    no less can be in play; money coming to be known (here a card given) makes it count again."""
    from refcli.games.kuhhandel.engine import State

    state = State(edition=2, players=("Ana", "Ben", "Cid"), money={"Ana": [0, 0, 10, 10, 10, 10, 50]})
    assert state.check_money_exists() and state.check_money_exists()  # the second time, from what passed
    state.give("Ana", (500,))  # no 500 can be in play before the fourth donkey
    assert not state.check_money_exists()
    assert [finding.rule for finding in state.findings] == ["donkey.payouts"]
    assert state.money["Ana"] is None  # the holder's money is no longer followed


def _legal_and_broken_records(seeds: int) -> Iterator[tuple[int, Any]]:
    """For each seed, a random legal game's record and that of its broken copy (when it still reads)."""
    from refcli.games.kuhhandel.record import read_record
    from refcli.games.kuhhandel.simulate import random_game
    from refcli.model.errors import DataError
    from refcli.reading.documents import Document

    for seed in range(seeds):
        game = random_game(seed)
        for document in (game, _broken_copy(game, seed)):
            try:
                yield seed, read_record(Document.from_data(document, "record"))
            except DataError:
                continue


def _broken_copy(document: dict[str, Any], seed: int) -> dict[str, Any]:
    """A random game with some of its money changed: payments left out, cards not held or of no value."""
    import copy
    import random

    rng = random.Random(seed)
    broken = copy.deepcopy(document)
    for event in broken["event"]:
        if rng.random() < 0.15:
            key = "paid" if event["type"] == "auction" else rng.choice(["offer", "counter"])
            if rng.random() < 0.3:
                event.pop(key, None)
            else:
                event[key] = [rng.choice([0, 10, 30, 50, 100, 200, 500]) for _ in range(rng.randint(0, 4))]
    if rng.random() < 0.3:
        broken["start_money"] = {broken["players"][0]: [500, 500, 200, 50, 50, 10]}
    return broken


def test_the_money_counted_as_it_moves_is_the_money_held() -> None:
    """The check before every event (K18) reads counts kept as money moves: after every event of legal and
    broken games they are the cards of each value in the hands whose money is known."""
    from refcli.games.kuhhandel.money import VALUES
    from refcli.games.kuhhandel.replay import Replay

    def counted(state: Replay) -> list[int]:
        cards = [card for hand in state.money.values() if hand is not None for card in hand]
        return [cards.count(value) for value in VALUES]

    checked = forgotten = 0
    for seed, record in _legal_and_broken_records(40):
        state = Replay(record)
        assert state.held == counted(state)
        state.check_money_exists(event=None)
        for event in record.events:
            state.apply(event)
            assert state.held == counted(state), (seed, state.number)
            checked += 1
        forgotten += any(hand is None for hand in state.money.values())
    assert checked > 1000 and forgotten > 5  # many events, and money no longer followed in some games


def test_the_animals_shared_as_they_move_are_the_animals_held() -> None:
    """Whether a cow trade is possible (asked before every event once the pile is empty, K14) reads counts
    kept as the animals move: after every event of legal and broken games they are, for each animal, the
    players holding some but not all four, and who may challenge is who shares an animal with another."""
    from refcli.games.kuhhandel.replay import Replay

    def sharing(state: Replay) -> dict[str, int]:
        counted: dict[str, int] = {}
        for cards in state.holdings.values():
            for animal, held in cards.items():
                if 0 < held < 4:
                    counted[animal] = counted.get(animal, 0) + 1
        return counted

    def challengers(state: Replay) -> list[str]:
        shared = sharing(state)
        return [p for p in state.players if any(0 < n < 4 and shared[a] > 1 for a, n in state.holdings[p].items())]

    end_games = 0
    for seed, record in _legal_and_broken_records(40):
        state = Replay(record)
        for event in record.events:
            state.apply(event)
            assert {a: n for a, n in state.sharing.items() if n} == sharing(state), (seed, state.number)
            assert state.trade_possible() == any(n > 1 for n in sharing(state).values())
            assert [p for p in state.players if state.can_challenge(p)] == challengers(state)
            end_games += state.pile == 0
    assert end_games > 100  # many events with the pile empty, where the counts decide who plays


def test_a_100_before_the_second_donkey_names_the_card_the_player_and_the_clause(tmp_path: Path) -> None:
    ruling = rule(tmp_path, auction({"Ben": [0, 0, 10, 10, 50, 100]}, donkeys_before=1))
    assert not ruling.legal and ruling.to_dict()["broken_rule"] == "donkey.payouts"
    assert ruling.verdict.startswith(
        "Ben holds a money card of value 100, but none can be in play before donkey number 2"
    )
    assert cited(ruling) == ["donkey.payouts", "K18"]
    assert rule(tmp_path, auction({"Ben": [0, 0, 10, 10, 50, 100]}, donkeys_before=2)).legal


def test_a_500_before_the_fourth_donkey(tmp_path: Path) -> None:
    ruling = rule(tmp_path, auction({"Cid": [500]}, donkeys_before=3))
    assert not ruling.legal and "donkey number 4" in ruling.verdict and "Cid" in ruling.verdict


def test_four_50s_among_three_players_before_the_first_donkey(tmp_path: Path) -> None:
    money = {"Ana": [50], "Ben": [50, 50], "Cid": [50]}  # each is dealt one: three in play
    ruling = rule(tmp_path, auction(money))
    assert not ruling.legal and ruling.to_dict()["broken_rule"] == "setup.money"
    assert ruling.verdict == (
        "4 money cards of value 50 are held, Cid's among them, but only 3 can be in play "
        "before donkey number 1 pays out more"
    )
    assert rule(tmp_path, auction(money, donkeys_before=1)).legal  # the first donkey paid three more


def test_edition_1_has_no_50_before_the_first_donkey(tmp_path: Path) -> None:
    ruling = rule(tmp_path, auction({"Ben": [0, 0, 10, 10, 10, 10, 50]}, edition=1))
    assert not ruling.legal and ruling.to_dict()["broken_rule"] == "edition1.setup"
    assert rule(tmp_path, auction({"Ben": [0, 0, 10, 10, 10, 10, 10]}, edition=1)).legal


def test_edition_1_has_only_five_50s(tmp_path: Path) -> None:
    five = ["Ana", "Ben", "Cid", "Dora", "Eli"]
    money = {"Ben": [50, 50, 50], "Cid": [50, 50, 50]}
    ruling = rule(tmp_path, auction(money, edition=1, players=five, donkeys_before=4))
    assert not ruling.legal and ruling.to_dict()["broken_rule"] == "edition1.identify"
    assert "edition 1 has only 5" in ruling.verdict
    money = {"Ben": [50, 50, 50], "Cid": [50, 50]}
    assert rule(tmp_path, auction(money, edition=1, players=five, donkeys_before=4)).legal


def test_a_donkey_run_again_has_paid_out_already(tmp_path: Path) -> None:
    """The money listed for a donkey auction run again holds that donkey's payout (000: "Cuando todos
    reciben su dinero, el burro se subasta como de costumbre")."""
    document = auction(
        {"Ben": [100, 50, 10]}, animal="donkey", donkeys_before=1, rerun_without=["Cid"], bids=[["Ben", 100]]
    )
    ruling = rule(tmp_path, document)
    assert ruling.legal, ruling.verdict
    assert ruling.outcome["donkey_payout"] is None and ruling.outcome["paid"] == [100]


def test_cow_trade_offers_against_the_donkeys_so_far(tmp_path: Path) -> None:
    trade = {
        "situation": "cow-trade",
        "players": THREE,
        "animal": "cat",
        "challenger": {"name": "Ana", "holds": 1, "offer": [200, 10]},
        "defender": {"name": "Ben", "holds": 2},
    }
    assert rule(tmp_path, trade).legal  # donkeys not given: up to all four, 200s may be in play
    ruling = rule(tmp_path, {**trade, "donkeys_before": 2})
    assert not ruling.legal and ruling.to_dict()["broken_rule"] == "donkey.payouts"
    assert "Ana holds a money card of value 200" in ruling.verdict
    assert rule(tmp_path, {**trade, "donkeys_before": 3}).legal


def test_more_than_four_donkeys_is_illegal(tmp_path: Path) -> None:
    ruling = rule(tmp_path, auction({}, donkeys_before=5))
    assert not ruling.legal and ruling.to_dict()["broken_rule"] == "components.cards"


def test_a_buy_right_that_cannot_be_paid_is_lost_and_the_sale_goes_ahead(tmp_path: Path) -> None:
    """K7; 000 "El jugador no puede pagar": "el subastador le pasa el animal y recibe el dinero (como es
    normal), excepto cuando opta por comprar la tarjeta por sí mismo"."""
    money = {"Ana": [50, 10, 10, 10], "Ben": [50, 50, 10, 10, 10, 10]}
    ruling = rule(tmp_path, auction(money, bids=[["Cid", 60], ["Ben", 120]], buyback=True))
    assert ruling.legal
    assert ruling.outcome["buy_right_lost"] is True
    assert (ruling.outcome["animal_to"], ruling.outcome["payer"], ruling.outcome["payee"]) == ("Ben", "Ben", "Ana")
    assert ruling.outcome["paid"] == [50, 50, 10, 10]
    assert ruling.verdict == (
        "Ana cannot pay the top bid of 120 and so loses the buy right (K7): "
        "Ben takes the cow for 120; Ben pays Ana with 50 + 50 + 10 + 10."
    )
    assert {"auction.buy-right", "K7", "K13", "auction.pay"} <= set(cited(ruling))


def test_a_buy_right_that_cannot_be_paid_is_lost_in_spanish(tmp_path: Path) -> None:
    money = {"Ana": [50, 10, 10, 10], "Ben": [50, 50, 10, 10, 10, 10]}
    path = tmp_path / "situation.toml"
    document = auction(money, bids=[["Cid", 60], ["Ben", 120]], buyback=True)
    path.write_text(tomli_w.dumps({"game": "kuhhandel", **document}), encoding="utf-8")
    ruling = refcli.rule(path, lang="es")
    assert ruling.verdict.startswith("Ana no puede pagar la puja más alta de 120 y pierde el derecho de compra (K7): ")


def test_a_record_that_uses_a_buy_right_it_cannot_pay_is_one_finding(tmp_path: Path) -> None:
    record = {
        "edition": 2,
        "players": THREE,
        "start_money": {"Ana": [0, 0, 10, 10]},
        "event": [
            {"type": "auction", "auctioneer": "Ana", "animal": "cow", "bids": [["Ben", 60]], "buyback": True},
        ],
    }
    result = validate(tmp_path, record)
    errors = [f for f in result.findings if f.severity == "error"]
    assert [(f.event, f.rule) for f in errors] == [(1, "K7")]
    assert "Ben should have taken the cow and paid Ana" in errors[0].message


def test_a_replay_holds_an_unknown_payer_to_what_can_be_in_play(tmp_path: Path) -> None:
    """Ana's money is unknown after an unrecorded payment (K15), yet a 100 she pays before the second
    donkey cannot exist: one finding; the 100s are not counted again, so the same defect is not
    reported at every later payment."""
    record = {
        "edition": 2,
        "players": THREE,
        "event": [
            {"type": "auction", "auctioneer": "Ana", "animal": "cow", "bids": [["Ben", 30]]},
            {"type": "auction", "auctioneer": "Ben", "animal": "cat", "bids": [["Ana", 100]], "paid": [100]},
            {"type": "auction", "auctioneer": "Cid", "animal": "cat", "bids": [["Ana", 10]], "paid": [100]},
        ],
    }
    result = validate(tmp_path, record)
    errors = [f for f in result.findings if f.severity == "error"]
    assert [(f.event, f.rule) for f in errors] == [(2, "donkey.payouts")]
    assert errors[0].message.startswith("Ana holds a money card of value 100")
    assert "K18" in result.to_dict()["interpretations"]


def test_start_money_beyond_the_game_is_a_finding_on_the_record(tmp_path: Path) -> None:
    record = {"edition": 2, "players": THREE, "start_money": {"Ana": [500] * 3, "Ben": [500] * 3}, "event": []}
    errors = [f for f in validate(tmp_path, record).findings if f.severity == "error"]
    assert [(f.event, f.rule) for f in errors] == [(None, "components.money")]


def test_a_bank_that_cannot_pay_a_donkey_is_reported_once(tmp_path: Path) -> None:
    """K19: only a deal beyond the rules' leaves the bank short; nobody's money is followed afterwards."""
    rich = [0, 0, 10, 10, 10, 10, 50, 50, 50]  # three 50s each instead of one: nine of ten dealt
    record = {
        "edition": 2,
        "players": THREE,
        "start_money": {name: rich for name in THREE},
        "event": [
            {"type": "auction", "auctioneer": "Ana", "animal": "donkey", "donkey_payout": 50, "bids": []},
            {"type": "auction", "auctioneer": "Ben", "animal": "cat", "bids": [["Cid", 50]], "paid": [50, 50]},
        ],
    }
    result = validate(tmp_path, record)
    errors = [f for f in result.findings if f.severity == "error"]
    assert [(f.event, f.rule) for f in errors] == [(1, "K19")]
    assert "only 1 cards of 50 are left in the bank" in errors[0].message


def test_a_cow_trade_after_the_deck_is_empty_is_judged_by_whose_turn_it_is() -> None:
    """000 "No más cartas de animales" (K14): once the deck is empty, a player who can challenge nobody is
    skipped. The challenger at turn with the trade they make is not skipped; a challenger at turn who can
    challenge nobody is, and the turn belongs to the next player who can."""
    from refcli.games.kuhhandel.engine import CowTrade, State, step

    def trade(ana: dict[str, int]) -> list[tuple[str, str]]:
        state = State(
            edition=2,
            players=("Ana", "Ben", "Cid"),
            holdings={"Ana": ana, "Ben": {"cow": 2}, "Cid": {"cow": 1}},
            money={"Ana": [10, 50], "Ben": [0, 10], "Cid": [10]},
            pile=0,
            turn=0,
        )
        step(state, CowTrade("Ana", "Ben", "cow", offer=(10,), counter=(0,)))
        return [(finding.rule, finding.message) for finding in state.findings]

    assert trade({"cow": 1, "dog": 4}) == []  # Ana's turn, and Ana shares the cow with Ben
    skipped = trade({"dog": 4})  # Ana holds no cow, and shares no other animal: she can challenge nobody
    assert skipped[0] == ("K14", "it is Ben's turn, not Ana's")
    assert [rule for rule, _message in skipped[1:]] == ["cow-trade.when"], skipped
