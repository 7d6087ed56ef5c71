"""Kuhhandel's rules read closely (auctions, cow trades, donkeys, the end), each test built from the rule text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

import refcli
from refcli.rules.catalogue import rules_for

# 001 "La subasta": "Si un jugador puja más dinero del que tiene, tiene que mostrar
# todas sus cartas de dinero y la subasta se repite de nuevo sin su participación."
# 000 "El jugador no puede pagar": "Si un jugador no puede pagar su oferta, ..."
CANNOT_PAY_001 = "Si un jugador puja más dinero del que tiene"


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


def auction(**extra: Any) -> dict[str, Any]:
    return {
        "situation": "auction",
        "players": ["Ana", "Ben", "Cid"],
        "auctioneer": "Ana",
        "animal": "cow",
        "bids": [["Ben", 30], ["Cid", 200]],
        **extra,
    }


def test_the_clause_text_is_the_one_quoted() -> None:
    rules = rules_for("kuhhandel")
    assert CANNOT_PAY_001 in rules.get("cannot-pay.001").text
    # the summary follows the text: "un jugador", not only a winning bidder
    assert "winning" not in rules.get("cannot-pay").summary
    assert "player who cannot pay their bid" in rules.get("cannot-pay").summary


def test_uncovered_top_bid_reruns_the_auction_even_with_the_buy_right(tmp_path: Path) -> None:
    money = {"Ana": [100, 100, 50], "Cid": [0, 0, 10, 10, 10, 10, 50]}  # Cid bid 200 holding 90
    ruling = rule(tmp_path, auction(buyback=True, money=money, donkeys_before=2))
    assert ruling.legal
    assert ruling.outcome["repeat_without"] == ["Cid"]
    assert ruling.outcome["animal_to"] is None and ruling.outcome["payer"] is None  # Ana never pays out
    assert ruling.outcome["next_player"] == "Ana"  # the auction is run again
    assert {"cannot-pay", "K13"} <= set(cited(ruling))


def test_a_replay_refuses_a_buy_right_over_an_uncovered_bid(tmp_path: Path) -> None:
    record = {
        "edition": 2,
        "players": ["Ana", "Ben", "Cid"],
        "event": [
            {
                "type": "auction",
                "auctioneer": "Ana",
                "animal": "cow",
                "bids": [["Cid", 200]],
                "buyback": True,
                "paid": [50, 10, 10, 10, 10],  # Ana could not pay 200 either; the bid is the first problem
            }
        ],
    }
    result = validate(tmp_path, record)
    assert [f.rule for f in result.findings if f.severity == "error"][0] == "cannot-pay"


def test_lower_losing_bids_stay_unchecked(tmp_path: Path) -> None:
    # Ben's 300 is more than Ben holds, but it lost to Cid's 310, so nobody sees it paid (K13)
    money = {"Ben": [0, 0, 10, 10, 10, 10, 50], "Cid": [500]}
    ruling = rule(tmp_path, auction(bids=[["Ben", 300], ["Cid", 310]], money=money, donkeys_before=4))
    assert ruling.legal and ruling.outcome["animal_to"] == "Cid" and ruling.outcome["paid"] == [500]


def test_k13_register_says_the_revised_reading() -> None:
    k13 = rules_for("kuhhandel").get("K13")
    assert "even when the auctioneer wants the buy right" in k13.text
    assert "Lower, losing bids are never called" in k13.text


def test_empty_pile_with_cards_unaccounted_is_illegal(tmp_path: Path) -> None:
    holdings = {"Ana": {"cat": 2}, "Ben": {"cat": 2}, "Cid": {"cow": 4}}
    ruling = rule(tmp_path, {"situation": "trade-options", "player": "Ana", "deck": 0, "holdings": holdings})
    assert not ruling.legal and ruling.to_dict()["broken_rule"] == "components.cards"
    assert "out of play" not in ruling.verdict


def test_cards_missing_while_the_pile_is_not_empty_are_in_the_pile(tmp_path: Path) -> None:
    holdings = {"Ana": {"cat": 2}, "Ben": {"cat": 2}, "Cid": {"cow": 4}}
    ruling = rule(tmp_path, {"situation": "trade-options", "player": "Ana", "deck": 20, "holdings": holdings})
    assert ruling.legal
    facts = " ".join(ruling.to_dict()["facts"])
    assert "in the pile" in facts and "out of play" not in facts


def test_three_to_five_players_where_a_file_lists_them(tmp_path: Path) -> None:
    for players in (["Ana", "Ben"], ["A", "B", "C", "D", "E", "F"]):
        document = {**auction(bids=[]), "players": players, "auctioneer": players[0]}
        path = tmp_path / "six.toml"
        path.write_text(tomli_w.dumps({"game": "kuhhandel", **document}), encoding="utf-8")
        try:
            refcli.rule(path)
        except refcli.model.errors.DataError as error:
            assert "3 to 5" in str(error)
        else:
            raise AssertionError(f"{len(players)} players accepted")
    two_party_trade = {
        "situation": "cow-trade",
        "animal": "cat",
        "challenger": {"name": "Ana", "holds": 1, "offer": [10]},
        "defender": {"name": "Ben", "holds": 2},
    }
    assert rule(tmp_path, two_party_trade).legal  # a cow trade naming only its two parties is fine
    assert "six" in rules_for("kuhhandel").get("K17").summary


def test_money_is_checked_before_a_donkey_payout(tmp_path: Path) -> None:
    # 000 "El burro": "una tarjeta de valor 500 en el cuarto burro": before it, no 500 is in play (K18)
    money = {"Ana": [200], "Ben": [200, 100], "Cid": [0]}
    document = {
        "situation": "donkey",
        "players": ["Ana", "Ben", "Cid", "Dora", "Eli"],
        "donkeys_before": 3,
        "money": money,
    }
    ruling = rule(tmp_path, document)
    assert ruling.legal and ruling.outcome["money_after"]["Ben"] == [100, 200, 500]
    assert "K18" in cited(ruling)
    money["Ana"] = [500]
    ruling = rule(tmp_path, {**document, "money": money})
    assert not ruling.legal and ruling.to_dict()["broken_rule"] == "donkey.payouts"
    assert ruling.verdict == (
        "Ana holds a money card of value 500, but none can be in play before donkey number 4: "
        "the setup deals none, and that donkey is the first to pay them out"
    )
    assert cited(ruling) == ["donkey.payouts", "K18"]


def test_zero_cards_accepted_in_edition_2_cite_k5(tmp_path: Path) -> None:
    trade = {
        "situation": "cow-trade",
        "edition": 2,
        "animal": "cat",
        "challenger": {"name": "Ana", "holds": 1, "offer": [0, 10]},
        "defender": {"name": "Ben", "holds": 2},
    }
    ruling = rule(tmp_path, trade)
    assert ruling.outcome["money_to"]["Ben"] == [0, 10] and "K5" in cited(ruling)


def test_each_register_entry_the_engine_applies_is_cited(tmp_path: Path) -> None:
    """The engine's clauses (Outcome.clauses) all reach the citations, register entries included."""
    from refcli.games.kuhhandel.engine import Auction, State, step

    state = State(
        edition=2,
        players=("Ana", "Ben", "Cid"),
        money={"Cid": [0, 0, 10]},
        explain=True,
        choose_payments=True,
        raising=True,
    )
    applied = step(state, Auction("Ana", "donkey", (("Cid", 200),), cannot_pay=None)).clauses
    ruling = rule(tmp_path, auction(animal="donkey", bids=[["Cid", 200]], money={"Cid": [0, 0, 10]}))
    register = [clause for clause in applied if clause.startswith("K")]
    assert {"K2", "K13"} <= set(register)
    assert set(applied) <= set(cited(ruling))


def test_validate_reports_which_register_entries_it_applied(tmp_path: Path) -> None:
    result = validate(tmp_path, {"edition": 2, "players": ["Ana", "Ben", "Cid"], "event": []})
    assert {"K1", "K15"} <= set(result.to_dict()["interpretations"])


def test_validate_quotes_the_register_entries_its_replay_applied(invoke: Any) -> None:
    """K1 (the setup money) and K15 (unknown money) decide every Kuhhandel replay: validate quotes them."""
    import json

    example = Path(__file__).parent.parent / "examples" / "kuhhandel" / "record-edition2.toml"
    result = invoke(["validate", str(example), "--format", "json"])
    cited = [c["id"] for c in json.loads(result.stdout)["citations"]]
    assert {"K1", "K15"} <= set(cited), cited


def cow_trade_with_rebid(tmp_path: Path, ana: str, ben: str, ana_again: str, ben_again: str) -> Any:
    path = tmp_path / "rebid.toml"
    path.write_text(
        'game = "kuhhandel"\nsituation = "cow-trade"\nanimal = "goose"\n'
        f'challenger = {{ name = "Ana", holds = 1, offer = {ana} }}\n'
        f'defender = {{ name = "Ben", holds = 1, offer = {ben} }}\n'
        f"rebid = {{ challenger = {ana_again}, defender = {ben_again} }}\n",
        encoding="utf-8",
    )
    return refcli.rule(str(path))


def test_a_rebid_may_offer_the_same_cards_again_within_the_money_supply(tmp_path: Path) -> None:
    """After a tie both offers go back (K3), so the rebid's cards may be the first offer's: the supply check
    counts each player's larger offer, not both. Edition 2 has five 100s.
    (Found by tests/test_kuhhandel_agreement.py: seed 1284, cut 0.328125.)"""
    again = cow_trade_with_rebid(tmp_path, "[100, 100, 100]", "[100, 100, 50, 50]", "[100, 100, 100]", "[100, 100]")
    assert again.legal, again.verdict  # Ana's three 100s twice, Ben's two twice: five cards of 100 in all
    assert again.outcome["animals_to"] == "Ana"
    at_once = cow_trade_with_rebid(tmp_path, "[100, 100, 100]", "[100, 100, 100]", "[100, 100, 100]", "[10]")
    assert not at_once.legal and "6 money cards of value 100" in at_once.verdict  # six on the table at once
