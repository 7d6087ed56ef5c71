"""Kuhhandel rulings, payments and validation through the CLI."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from conftest import EXAMPLES, Invoke

from refcli.games.kuhhandel.money import choose_payment

Write = Callable[..., str]
KH = EXAMPLES / "kuhhandel"

AUCTION = """
game = "kuhhandel"
situation = "auction"
players = ["Ana", "Ben", "Cid"]
auctioneer = "Ana"
animal = "cow"
"""


def ruling(invoke: Invoke, path: str) -> tuple[int, dict]:
    result = invoke(["kuhhandel", "ruling", path, "-f", "json"])
    return result.exit_code, (json.loads(result.stdout) if result.stdout else {})


def test_spec_auction_outcome_keys(invoke: Invoke, write: Write) -> None:
    code, doc = ruling(
        invoke, write(AUCTION + 'bids = [["Ben", 30], ["Cid", 40]]\n[money]\nCid = [0, 0, 10, 10, 10, 10, 50]\n')
    )
    assert code == 0
    assert doc["outcome"] == {
        "animal_to": "Cid",
        "price": 40,
        "payer": "Cid",
        "payee": "Ana",
        "paid": [10, 10, 10, 10],
        "overpaid": 0,
        "donkey_payout": None,
        "repeat_without": [],
        "buy_right_lost": None,
        "next_player": "Ben",
    }
    assert {"game", "situation", "verdict", "outcome", "citations"} <= doc.keys()
    assert "K12" in doc["interpretations"]


def test_auction_without_bids_goes_to_the_auctioneer_free(invoke: Invoke, write: Write) -> None:
    code, doc = ruling(invoke, write(AUCTION + "bids = []\n"))
    assert code == 0
    assert (doc["outcome"]["animal_to"], doc["outcome"]["price"], doc["outcome"]["payer"]) == ("Ana", 0, None)


def test_auction_money_unknown_leaves_paid_null(invoke: Invoke, write: Write) -> None:
    code, doc = ruling(invoke, write(AUCTION + 'bids = [["Ben", 30]]\n'))
    assert doc["outcome"]["paid"] is None and doc["outcome"]["payer"] == "Ben"
    assert any("not given" in fact for fact in doc["facts"])


def test_auction_buy_right_without_the_money_is_lost_k7(invoke: Invoke, write: Write) -> None:
    # K7: "An auctioneer who cannot pay the highest bid cannot use the buy right: the sale goes ahead as if it
    # had not been asked for"; 000: the auctioneer hands the animal to the bidder "excepto cuando opta por comprar"
    code, doc = ruling(invoke, write(AUCTION + 'bids = [["Ben", 300]]\nbuyback = true\n[money]\nAna = [10, 50]\n'))
    assert code == 0 and doc["legal"] is True
    outcome = doc["outcome"]
    assert outcome["buy_right_lost"] is True
    assert (outcome["animal_to"], outcome["payer"], outcome["payee"], outcome["price"]) == ("Ben", "Ben", "Ana", 300)
    assert doc["verdict"].startswith("Ana cannot pay the top bid of 300 and so loses the buy right (K7): Ben takes")
    assert {"auction.buy-right", "K7", "K13", "auction.pay"} <= {c["id"] for c in doc["citations"]}


def test_auction_buy_right_lost_and_the_top_bid_uncovered_reruns_k13(invoke: Invoke, write: Write) -> None:
    # neither can pay 300: the uncovered top bid comes first, and the auction runs again without Ben (K13)
    text = AUCTION + 'bids = [["Ben", 300]]\nbuyback = true\n[money]\nAna = [10, 50]\nBen = [50, 10]\n'
    code, doc = ruling(invoke, write(text))
    assert code == 0 and doc["outcome"]["repeat_without"] == ["Ben"] and doc["outcome"]["animal_to"] is None
    assert doc["outcome"]["buy_right_lost"] is None  # never reached: there is no standing bid to buy back
    assert {"cannot-pay", "K13"} <= {c["id"] for c in doc["citations"]}


def test_auction_buy_right_without_bids_is_a_free_animal(invoke: Invoke, write: Write) -> None:
    # 000: "Si nadie quiere pujar por un animal, el jugador que subasta la carta la obtiene gratis."
    code, doc = ruling(invoke, write(AUCTION + "bids = []\nbuyback = true\n"))
    assert code == 0 and doc["outcome"]["animal_to"] == "Ana" and doc["outcome"]["payer"] is None
    assert doc["verdict"] == "Nobody bid, so there is nothing to buy back: Ana takes the cow for free."


def test_auction_donkey_payout_counts_before_paying(invoke: Invoke, write: Write) -> None:
    text = AUCTION.replace('"cow"', '"donkey"') + 'donkeys_before = 3\nbids = [["Ben", 500]]\n[money]\nBen = [0]\n'
    code, doc = ruling(invoke, write(text))
    assert code == 0
    assert doc["outcome"]["donkey_payout"] == 500 and doc["outcome"]["paid"] == [500]
    assert "K2" in doc["interpretations"]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (AUCTION + 'bids = [["Ben", 40], ["Cid", 40]]\n', "auction.rising"),
        (AUCTION + 'bids = [["Ana", 10]]\n', "auction.auctioneer-no-bid"),
        (AUCTION + 'bids = [["Ben", 10]]\n[money]\nBen = [30]\n', "components.money-values"),
        (
            AUCTION.replace('"Cid"]', '"Cid", "Dora", "Eli"]')
            + 'donkeys_before = 4\nbids = [["Ben", 10]]\n[money]\nBen = [500, 500, 500]\nCid = [500, 500, 500]\n',
            "components.money",
        ),
        (AUCTION.replace('"cow"', '"donkey"') + "donkeys_before = 4\n", "components.cards"),
        (
            'game = "kuhhandel"\nsituation = "cow-trade"\nanimal = "cat"\nchallenger = { name = "Ana", holds = 0, offer = [] }\ndefender = { name = "Ben", holds = 2 }\n',
            "cow-trade.when",
        ),
        (
            'game = "kuhhandel"\nsituation = "cow-trade"\nanimal = "cat"\nchallenger = { name = "Ana", holds = 1, offer = [] }\ndefender = { name = "Ben", holds = 4 }\n',
            "pairs.complete-set.001",
        ),
        (
            'game = "kuhhandel"\nsituation = "cow-trade"\nanimal = "cat"\nchallenger = { name = "Ana", holds = 3, offer = [] }\ndefender = { name = "Ben", holds = 2 }\n',
            "K11",
        ),
        (
            'game = "kuhhandel"\nsituation = "cow-trade"\nanimal = "cat"\nchallenger = { name = "Ana", holds = 1, offer = [30] }\ndefender = { name = "Ben", holds = 2 }\n',
            "components.money-values",
        ),
        (
            'game = "kuhhandel"\nsituation = "cow-trade"\nanimal = "cat"\nchallenger = { name = "Ana", holds = 1, offer = [50] }\ndefender = { name = "Ben", holds = 2, offer = [10] }\nrebid = { challenger = [10] }\n',
            "tie.reoffer",
        ),
        (
            'game = "kuhhandel"\nsituation = "trade-options"\nplayer = "Ana"\ndeck = 10\n[holdings]\nAna = { cat = 3 }\nBen = { cat = 2 }\nCid = {}\n',
            "K11",
        ),
        (
            'game = "kuhhandel"\nsituation = "trade-options"\nplayer = "Ana"\ndeck = 38\n[holdings]\nAna = { cat = 2 }\nBen = { dog = 1 }\nCid = {}\n',
            "components.cards",
        ),
    ],
    ids=[
        "bid-not-rising",
        "auctioneer-bids",
        "card-30",
        "too-many-500s",
        "fifth-donkey",
        "trade-lacking",
        "complete-set",
        "five-cats-in-trade",
        "offer-30",
        "rebid-without-tie",
        "five-cats-held",
        "41-cards",
    ],
)
def test_illegal_situations_exit_1_naming_the_rule(invoke: Invoke, write: Write, text: str, rule: str) -> None:
    code, doc = ruling(invoke, write(text))
    assert code == 1, doc
    assert doc["broken_rule"] == rule and doc["legal"] is False
    # the clause broken, then the register entry the judgement rests on, if any (K18 for money in play)
    assert [c["id"] for c in doc["citations"]] in ([rule], [rule, "K18"])


def test_illegal_situation_text_says_illegal(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "ruling", str(KH / "auction-rising.toml")])
    assert result.exit_code == 1
    assert "Illegal: bid 2: Cid bids 30, which does not rise above 40" in result.stdout
    assert "Rule broken" in result.stdout and "[auction.rising]" in result.stdout


@pytest.mark.parametrize(
    ("offer", "counter", "edition", "to", "money_to"),
    [
        ("[10, 10, 0]", "[50]", 2, "Ben", {"Ana": [50], "Ben": [10, 10, 0]}),
        ("[50]", None, 2, "Ana", {"Ana": [], "Ben": [50]}),
        ("[50, 0]", None, 1, "Ana", {"Ana": [], "Ben": [50]}),  # K5: edition 1 returns the 0-card
        ("[100]", "[50, 0]", 1, "Ana", {"Ana": [], "Ben": [100]}),  # K6: only the higher offer is paid
    ],
)
def test_cow_trade_money(
    invoke: Invoke, write: Write, offer: str, counter: str | None, edition: int, to: str, money_to: dict
) -> None:
    defender = f'{{ name = "Ben", holds = 2, offer = {counter} }}' if counter else '{ name = "Ben", holds = 2 }'
    text = f'game = "kuhhandel"\nsituation = "cow-trade"\nedition = {edition}\nanimal = "dog"\nchallenger = {{ name = "Ana", holds = 2, offer = {offer} }}\ndefender = {defender}\n'
    code, doc = ruling(invoke, write(text))
    assert code == 0
    assert doc["outcome"]["animals_to"] == to and doc["outcome"]["count"] == 2
    assert doc["outcome"]["money_to"] == money_to


def test_cow_trade_tie_needs_a_rebid_then_a_second_tie_is_free(invoke: Invoke, write: Write) -> None:
    base = 'game = "kuhhandel"\nsituation = "cow-trade"\nanimal = "dog"\nchallenger = { name = "Ana", holds = 1, offer = [50] }\ndefender = { name = "Ben", holds = 2, offer = [10, 10, 10, 10, 10] }\n'
    code, doc = ruling(invoke, write(base))
    assert doc["outcome"]["needs"] == "rebid" and doc["outcome"]["animals_to"] is None and doc["outcome"]["ties"] == 1
    code, doc = ruling(invoke, write(base + "rebid = { challenger = [10], defender = [10] }\n"))
    assert doc["outcome"]["ties"] == 2 and doc["outcome"]["animals_to"] == "Ana"
    assert doc["outcome"]["money_to"] == {"Ana": [], "Ben": []} and doc["outcome"]["count"] == 1


def test_trade_options_with_cards_in_the_deck(invoke: Invoke, write: Write) -> None:
    text = 'game = "kuhhandel"\nsituation = "trade-options"\nplayer = "Ben"\ndeck = 33\n[holdings]\nAna = { cat = 2, pig = 1 }\nBen = { cat = 1, pig = 1 }\nCid = { cow = 2 }\n'
    code, doc = ruling(invoke, write(text))
    assert code == 0
    assert doc["outcome"]["can_auction"] and not doc["outcome"]["compulsory"]
    assert doc["outcome"]["options"] == [
        {"defender": "Ana", "animal": "cat", "count": 1},
        {"defender": "Ana", "animal": "pig", "count": 1},
    ]


def test_trade_options_game_over(invoke: Invoke, write: Write) -> None:
    text = 'game = "kuhhandel"\nsituation = "trade-options"\nplayer = "Ana"\ndeck = 0\n[holdings]\nAna = { cat = 4, pig = 4, dog = 4, rooster = 4, goose = 4 }\nBen = { cow = 4, horse = 4, sheep = 4, goat = 4 }\nCid = { donkey = 4 }\n'
    code, doc = ruling(invoke, write(text))
    assert doc["outcome"]["game_over"] is True and doc["outcome"]["skipped"] == ["Ana", "Ben", "Cid"]


def test_donkey_payouts(invoke: Invoke, write: Write) -> None:
    for before, payout in enumerate((50, 100, 200, 500)):
        text = f'game = "kuhhandel"\nsituation = "donkey"\nplayers = ["Ana", "Ben", "Cid"]\ndonkeys_before = {before}\n'
        code, doc = ruling(invoke, write(text))
        assert doc["outcome"]["payout"] == payout
        assert doc["outcome"]["receives"] == {"Ana": payout, "Ben": payout, "Cid": payout}


def test_situation_format_errors_are_65_with_line(invoke: Invoke, write: Write) -> None:
    result = invoke(["kuhhandel", "ruling", write(AUCTION + 'bids = [["Zed", 30]]\n')])
    assert result.exit_code == 65 and ":7: bids[1][1]: expected a bidder among the players" in result.stderr
    result = invoke(["kuhhandel", "ruling", write('game = "kuhhandel"\nsituation = "haggle"\n')])
    assert (
        result.exit_code == 65
        and 'situation: "haggle" is not one of auction, cow-trade, trade-options, donkey' in result.stderr
    )


def test_global_ruling_dispatches(invoke: Invoke) -> None:
    result = invoke(["ruling", str(KH / "auction-spec.toml"), "-f", "json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["situation"] == "auction"


# -- pay ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("amount", "money", "paid", "overpaid"),
    [
        (40, [0, 10, 10, 50], [50], 10),
        (30, [0, 10, 10, 10, 10, 50], [10, 10, 10], 0),
        (60, [10, 50, 100], [50, 10], 0),
        (70, [50, 50, 100], [100], 30),
        (0, [10], [], 0),
        (150, [100, 100, 50, 0], [100, 50], 0),
    ],
)
def test_payment_choice(amount: int, money: list[int], paid: list[int], overpaid: int) -> None:
    payment = choose_payment(amount, money)
    assert payment is not None and list(payment.paid) == paid and payment.overpaid == overpaid


def test_pay_command(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "pay", "40", "--money", "0,10,10,50", "-f", "json"])
    doc = json.loads(result.stdout)
    assert result.exit_code == 0 and (doc["amount"], doc["paid"], doc["overpaid"]) == (40, [50], 10)
    short = invoke(["kuhhandel", "pay", "100", "--money", "0,10,10,50", "-f", "json"])
    assert short.exit_code == 1 and json.loads(short.stdout)["paid"] is None
    assert invoke(["kuhhandel", "pay", "40", "--money", "0,30"]).exit_code == 2
    assert invoke(["kuhhandel", "pay", "-5", "--money", "10"]).exit_code == 2


# -- validate ------------------------------------------------------------------------
def test_validate_examples_and_exit_codes(invoke: Invoke, write: Write) -> None:
    good = invoke(
        ["kuhhandel", "validate", str(KH / "record-edition1.toml"), str(KH / "record-edition2.toml"), "-f", "json"]
    )
    assert good.exit_code == 0
    doc = json.loads(good.stdout)
    assert [r["valid"] for r in doc["results"]] == [True, True]
    bad = invoke(["validate", str(KH / "record-broken.toml"), write("not toml ="), "-f", "json"])
    assert bad.exit_code == 65
    results = json.loads(bad.stdout)["results"]
    assert results[0]["valid"] is False and {f["event"] for f in results[0]["findings"]} >= {7, 46, None}
    assert results[1]["valid"] is False and results[1]["findings"][0]["rule"] == "input"
    missing = invoke(["validate", "/no/such.toml"])
    assert missing.exit_code == 66


def test_validate_reports_skipped_money_checks(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "validate", str(KH / "record-unknown-money.toml"), "-f", "json"])
    doc = json.loads(result.stdout)["results"][0]
    assert result.exit_code == 0 and doc["valid"]
    assert any("Ana" in note for note in doc["skipped"]) and doc["over"] is False


def test_validate_turn_order_and_empty_deck(invoke: Invoke, write: Write) -> None:
    text = 'game = "kuhhandel"\nplayers = ["Ana", "Ben", "Cid"]\n[[event]]\ntype = "auction"\nauctioneer = "Ben"\nanimal = "cow"\n'
    result = invoke(["kuhhandel", "validate", write(text), "-f", "json"])
    finding = json.loads(result.stdout)["results"][0]["findings"][0]
    assert result.exit_code == 1 and finding == {
        "event": 1,
        "line": 3,  # its [[event]] table
        "severity": "error",
        "rule": "turn.clockwise",
        "message": "it is Ana's turn, not Ben's",
    }
