"""KEY=VALUE items: one command line settles a dispute, typed by the format's description (refcli.reading.items)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from conftest import EXAMPLES, Invoke

import refcli
from refcli.model.errors import DataError
from refcli.reading.items import items_of, parse_item, split_arguments

# Five contested situations, one command line each, and the example file each restates.
ONE_LINERS = {
    "cow trade": (
        ["kuhhandel", "ruling", "situation=cow-trade", "animal=cat", "challenger.name=Ana", "challenger.holds=2"]
        + ["challenger.offer=10,10,0", "defender.name=Ben", "defender.holds=2", "defender.offer=50"],
        "kuhhandel/cow-trade-spec.toml",
    ),
    "auction": (
        ["kuhhandel", "ruling", "situation=auction", "players=Ana,Ben,Cid", "auctioneer=Ana", "animal=cow"]
        + ["donkeys_before=0", "bids.1=Ben,30", "bids.2=Cid,40", "buyback=false"]
        + ["money.Ana=0,0,10,10,10,10,50", "money.Cid=0,0,10,10,50"],
        "kuhhandel/auction-spec.toml",
    ),
    "bamboozled challenge": (
        ["bamboozled", "ruling", "situation=challenge", "players=Ana,Ben,Cid", "declarer=Ana", "caller=Ben"]
        + ["to_beat=43", "declared=55", "rolled=5,3", "card=double", "strikes.Ana=0", "strikes.Ben=2"]
        + ["strikes.Cid=1"],
        "bamboozled/challenge-spec.toml",
    ),
    "money bid order": (
        ["money", "ruling", "situation=bids", "offer.1.player=Ana", "offer.1.cards=euro 30 #12,bluff"]
        + ["offer.2.player=Ben", "offer.2.cards=yen 20 #40,coin #5", "offer.3.player=Cid", "offer.3.cards=bluff"]
        + ["offer.4.player=Dora", "offer.4.cards=dollar 60 #33,dollar 50 #34"],
        "money/bids-spec.toml",
    ),
    "cup of bluff call": (
        ["cup-of-bluff", "ruling", "situation=call", "caller=Ana", "target=Ben", "called=15", "dice=4,5,6"]
        + ["answer=bluff", "chips.Ana=3", "chips.Ben=9", "chips.Cid="],
        "cup-of-bluff/call-spec.toml",
    ),
}


def ruling_json(invoke: Invoke, args: list[str]) -> dict:
    result = invoke([*args, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.output)
    data.pop("file")
    return data


@pytest.mark.parametrize("dispute", ONE_LINERS)
def test_one_command_line_rules_as_the_file_does(invoke: Invoke, dispute: str) -> None:
    args, example = ONE_LINERS[dispute]
    from_items = ruling_json(invoke, args)
    from_file = ruling_json(invoke, [args[0], "ruling", str(EXAMPLES / example)])
    assert from_items == from_file
    assert from_items["legal"] is True


def test_the_cow_trade_one_liner_says_who_wins(invoke: Invoke) -> None:
    result = invoke(ONE_LINERS["cow trade"][0])
    assert result.exit_code == 0
    assert "Decision: Ben's 50 beats Ana's 20: Ana hands over 2 cat cards" in result.output
    assert "<command line>" in result.output.splitlines()[0]


SITUATIONS_AND_SNAPSHOTS = [
    path for path in sorted(EXAMPLES.glob("*/*.toml")) if "event" not in tomllib.loads(path.read_text("utf-8"))
]


@pytest.mark.parametrize("path", SITUATIONS_AND_SNAPSHOTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_example_restated_as_items_gives_the_same_result(path: Path) -> None:
    """items_of(document) → the items build the same document: the whole format round-trips through items."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    if "situation" in data:
        same = refcli.rule(path).to_dict(), refcli.rule(values=items_of(data)).to_dict()
    else:
        same = refcli.score(path, partial=True).to_dict(), refcli.score(values=items_of(data), partial=True).to_dict()
    for result in same:
        result.pop("file", None)
    assert same[0] == same[1]


def test_items_change_a_file(invoke: Invoke) -> None:
    path = str(EXAMPLES / "kuhhandel" / "cow-trade-spec.toml")
    result = invoke(["kuhhandel", "ruling", path, "defender.offer=", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["outcome"]["animals_to"] == "Ana"  # no counter-offer: the defender accepts


def test_a_score_in_one_line(invoke: Invoke) -> None:
    args = ["kuhhandel", "score", "player.1.name=Ana", "player.1.animals=pig=4,dog=4,rooster=4"]
    result = invoke([*args, "player.2.name=Ben", "player.2.animals.cow=4", "--partial", "--format", "json"])
    assert result.exit_code == 0, result.output
    players = {p["name"]: p["score"] for p in json.loads(result.output)["players"]}
    assert players == {"Ana": 2460, "Ben": 800}


def test_the_root_ruling_takes_the_game_as_an_item(invoke: Invoke) -> None:
    args = ONE_LINERS["cow trade"][0]
    result = invoke(["ruling", "game=kuhhandel", *args[2:], "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["game"] == "kuhhandel"


def test_a_toml_value_is_taken_as_it_is(invoke: Invoke) -> None:
    args = ["kuhhandel", "ruling", "situation=auction", "players=Ana,Ben,Cid", "auctioneer=Ana", "animal=cow"]
    result = invoke([*args, 'bids:=[["Ben", 30], ["Cid", 40]]', "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["outcome"]["animal_to"] == "Cid"


@pytest.mark.parametrize(
    ("replace", "message"),
    [
        (
            "challenger.offer=10,1x,0",
            "refcli: error: item challenger.offer=10,1x,0: challenger.offer[2]: expected money cards "
            '(0, 10, 50, 100, 200, 500): an integer from 0 to 1000000, found "1x"',
        ),
        (
            "challenger.holds=many",
            "refcli: error: item challenger.holds=many: challenger.holds: expected cards of the animal held: an "
            'integer from 0 to 40, found "many"',
        ),
        (
            "challenger.ofer=10",
            'refcli: error: item challenger.ofer=10: challenger.ofer: no such key (did you mean "offer"?); '
            "the keys here are name, holds, offer",
        ),
        (
            "situation=cow-trde",
            'refcli: error: item situation=cow-trde: situation: "cow-trde" is not one of auction, cow-trade, '
            'trade-options, donkey (did you mean "cow-trade"?)',
        ),
    ],
)
def test_an_item_that_does_not_fit_is_named_with_the_readers_message(
    invoke: Invoke, replace: str, message: str
) -> None:
    args = [arg for arg in ONE_LINERS["cow trade"][0] if arg.split("=")[0] != replace.split("=")[0]]
    result = invoke([*args, replace])
    assert result.exit_code == 65
    assert result.output.strip() == message


def test_what_no_item_gives_is_missing_from_the_command_line(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "ruling", "animal=cat"])
    assert result.exit_code == 65
    assert result.output.strip() == (
        "refcli: error: <command line>: situation: the key is missing; expected the situation: one of auction, "
        "cow-trade, trade-options, donkey"
    )


def test_a_table_number_past_the_end_is_refused(invoke: Invoke) -> None:
    args = ["kuhhandel", "ruling", "situation=auction", "players=Ana,Ben", "auctioneer=Ana", "animal=cow"]
    result = invoke([*args, "bids.2=Ben,30"])
    assert result.exit_code == 65
    assert result.output.strip() == (
        "refcli: error: item bids.2=Ben,30: bids: expected an item number from 1 (they count from 1, "
        "without gaps), found 2"
    )


def test_an_item_over_a_file_is_blamed_and_the_files_own_keys_keep_their_lines(invoke: Invoke, write) -> None:
    path = write('game = "kuhhandel"\nsituation = "cow-trade"\nanimal = "cat"\nchallenger = { name = "Ana" }\n')
    result = invoke(["kuhhandel", "ruling", path, "challenger.holds=2", "challenger.offer=x"])
    assert result.exit_code == 65
    assert "refcli: error: item challenger.offer=x: challenger.offer[1]:" in result.output
    result = invoke(["kuhhandel", "ruling", path, "challenger.holds=2", "challenger.offer=10"])
    assert result.exit_code == 65
    assert result.output.startswith(
        f"refcli: error: {path}:1: defender: the key is missing"
    )  # the file's, with its line


def test_nothing_to_read_and_no_terminal_is_the_usage_error_it_was(invoke: Invoke) -> None:
    for args, missing in ((["kuhhandel", "ruling"], "'FILE'"), (["money", "score"], "'FILE...'")):
        result = invoke(args)
        assert result.exit_code == 2
        assert f"refcli: error: missing argument {missing}\n" in result.output


def test_usage_errors_for_items(invoke: Invoke) -> None:
    both = invoke(["kuhhandel", "score", "a.toml", "b.toml", "player.1.name=Ana"])
    assert both.exit_code == 2 and "KEY=VALUE items go with at most one FILE" in both.output
    bad = invoke(["kuhhandel", "ruling", "bids:=[1"])
    assert bad.exit_code == 2 and "expected a TOML value after :=" in bad.output


def test_save_writes_what_was_read_and_never_over_a_file_without_force(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "trade.toml"
    args = [*ONE_LINERS["cow trade"][0], "--save", str(target)]
    assert invoke(args).exit_code == 0
    saved = tomllib.loads(target.read_text(encoding="utf-8"))
    assert saved["game"] == "kuhhandel" and saved["challenger"] == {"name": "Ana", "holds": 2, "offer": [10, 10, 0]}
    assert invoke(["ruling", str(target), "--format", "json"]).exit_code == 0
    again = invoke(args)
    assert again.exit_code == 73 and "exists; use --force" in again.output
    assert invoke([*args, "--force"]).exit_code == 0


def test_a_file_name_with_an_equals_sign_is_a_file_when_it_has_a_folder() -> None:
    files, items = split_arguments(["./a=b.toml", "dir/x=1.toml", "-", "game=money", "player[2].name=Ben"])
    assert files == ["./a=b.toml", "dir/x=1.toml", "-"]
    assert [item.keys for item in items] == [("game",), ("player", "2", "name")]
    assert parse_item("plain.toml") is None


def test_the_api_takes_values_as_a_mapping_or_a_list() -> None:
    as_list = refcli.rule(game="kuhhandel", values=ONE_LINERS["cow trade"][0][2:])
    as_mapping = refcli.game("kuhhandel").rule(
        values={
            "situation": "cow-trade",
            "animal": "cat",
            "challenger": {"name": "Ana", "holds": 2, "offer": [10, 10, 0]},  # not text: taken as it is
            "defender.name": "Ben",
            "defender.holds": "2",
            "defender.offer": "50",
        }
    )
    assert as_list.to_dict()["outcome"] == as_mapping.to_dict()["outcome"]
    with pytest.raises(DataError, match=r"item defender.holds=x: defender.holds: expected"):
        refcli.rule(game="kuhhandel", values=[*ONE_LINERS["cow trade"][0][2:], "defender.holds=x"])
