"""Format descriptions: the generic reader, and what is generated from them.

The first half tests the core on a small made-up format; the second holds
every game that describes its formats to them: each kind it reads has a
description, each description is exercised by an example or its template
that reads clean and fits its JSON Schema, and the generated files under
data/ are what the generator writes.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from refcli import formats as F
from refcli.errors import DataError
from refcli.formats import Description, Field
from refcli.inputs import Document

ROOT = Path(__file__).resolve().parent.parent

TOY = Description(
    "toy",
    "auction",
    "Toy auction",
    "Who gets the lot and what each bidder said.",
    (
        F.game_field("toy"),
        F.situation_field("auction"),
        Field("edition", F.integer(1, 2, what="the edition,"), "which rules", default=2, example=2),
        Field("auctioneer", F.player("auctioneer"), "who runs it", required=True, example="Ana"),
        Field("players", F.names(2, 4), "seating order", required=True, roster=True, example=["Ana", "Ben", "Cid"]),
        Field("lot", F.choice("cow", "pig", fold=True), "what is sold", required=True, example="cow"),
        Field(
            "bids",
            F.array(
                F.pair(F.player("bidder", expected="a bidder among the players ({names})"), F.integer(1, 999, what="an amount,"), expected="a [name, amount] pair"),
                what="[name, amount] pairs", maximum=3,
            ),
            "in the order made",
            default=[],
            example=[["Ben", 30]],
        ),
        Field("buyback", F.boolean(), "the auctioneer buys it", default=False, commented="true"),
        Field("money", F.mapping(F.player("owner"), F.array(F.integer(0, 500, what="money cards"))), "cards held now", example={"Ana": [0, 10]}),
        Field("size", F.either(F.array(F.string()), F.integer(0, 9, what="cards,")), "a count or the cards", example=2),
        Field(
            "event",
            F.tables(
                what="what happened",
                item=F.union(
                    "type",
                    F.variant("roll", "a roll", Field("player", F.player("roller"), "who rolled", required=True),
                              Field("luck", F.boolean(), "lucky?", commented="true"), F.note_field()),
                    F.variant("pass", "a pass", Field("player", F.player("passer"), "who passed")),
                    what="event type",
                ),
                maximum=5,
            ),
            "one per move",
            example=[{"#": "1: Ben rolls", "type": "roll", "player": "Ben", "#player": "the second player"}, {"type": "pass"}],
        ),
        Field("scores", F.mapping(F.player("scorer"), F.integer(0, 99)), "final scores", commented="Ana = 0"),
    ),
    clauses=("toy.rule",),
)


def document(text: str, name: str = "toy.toml") -> Document:
    return Document(name=name, data=tomllib.loads(text), text=text)


def read(text: str) -> dict[str, Any]:
    return F.read(TOY, document('situation = "auction"\n' + text))


def error(text: str) -> str:
    with pytest.raises(DataError) as caught:
        read(text)
    return caught.value.one_line()


GOOD = 'players = ["Ana", "Ben"]\nauctioneer = "ana"\nlot = " PIG "\n'


def test_values_come_back_typed_folded_and_defaulted() -> None:
    values = read(GOOD + 'bids = [["ben", 30]]\nsize = ["a", "b"]\n[money]\nben = [10]\n[[event]]\ntype = "roll"\nplayer = "BEN"\n')
    assert values["auctioneer"] == "Ana" and values["lot"] == "pig"
    assert values["bids"] == [("Ben", 30)] and values["edition"] == 2 and values["buyback"] is False
    assert values["money"] == {"Ben": [10]} and values["size"] == ["a", "b"]
    assert values["event"] == [{"type": "roll", "player": "Ben", "luck": None, "note": None}]
    assert values["scores"] is None and values["game"] is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("edition = 3\n", "toy.toml:2: edition: expected the edition, an integer 1 or 2, found 3"),
        ("edition = true\n", "toy.toml:2: edition: expected the edition, an integer 1 or 2, found true"),
        ("editon = 2\n", 'toy.toml:2: editon: expected one of the keys game, situation, edition, auctioneer, players, lot, bids, buyback, money, size, event, scores, found an unknown key (did you mean "edition"?)'),
        ('players = ["Ana", "Ben"]\nlot = "cow"\n', "toy.toml:1: auctioneer: expected the auctioneer's name, one of Ana, Ben, found nothing (the key is missing)"),
        ('auctioneer = "Zed"\nplayers = ["Ana", "Ben"]\nlot = "cow"\n', 'toy.toml:2: auctioneer: expected the auctioneer: one of the players (Ana, Ben), found "Zed"'),
        ('players = ["Ana", "ana"]\n', 'toy.toml:2: players[2]: expected names that differ, found "ana" twice'),
        ('players = ["Ana"]\n', "toy.toml:2: players: expected 2 to 4 player names, found 1"),
        ('players = "Ana"\n', 'toy.toml:2: players: expected an array of 2 to 4 player names in seating order, found "Ana"'),
        ('players = ["Ana", "B\\u0007n"]\n', 'toy.toml:2: players[2]: expected a name without control characters, found "B\\x07n"'),
        (GOOD.replace("PIG", "goat"), 'toy.toml:4: lot: expected one of cow, pig, found " goat "'),
        (GOOD + 'bids = [["Zed", 30]]\n', 'toy.toml:5: bids[1][1]: expected a bidder among the players (Ana, Ben), found "Zed"'),
        (GOOD + 'bids = [["Ben", 0]]\n', "toy.toml:5: bids[1][2]: expected an amount, an integer from 1 to 999, found 0"),
        (GOOD + 'bids = [["Ben"]]\n', "toy.toml:5: bids[1]: expected a [name, amount] pair, found an array"),
        (GOOD + "bids = [[\"Ben\", 1], [\"Ben\", 2], [\"Ben\", 3], [\"Ben\", 4]]\n", "toy.toml:5: bids: expected at most 3 [name, amount] pairs, found 4"),
        (GOOD + "size = 10\n", "toy.toml:5: size: expected cards, an integer from 0 to 9, found 10"),
        (GOOD + "size = [1]\n", "toy.toml:5: size[1]: expected a string, found 1"),
        (GOOD + "[money]\nZed = [1]\n", 'toy.toml:6: money.Zed: expected a player\'s name (Ana, Ben), found "Zed"'),
        (GOOD + "[money]\nAna = [1]\nana = [2]\n", 'toy.toml:7: money.ana: expected each player once, found Ana again (as "Ana" and "ana")'),
        (GOOD + "[money]\nAna = [1, 501]\n", "toy.toml:6: money.Ana[2]: expected money cards an integer from 0 to 500, found 501"),
        (GOOD + '[[event]]\ntype = "dance"\n', 'toy.toml:6: event[1].type: expected "roll" or "pass", found "dance"'),
        (GOOD + '[[event]]\nplayer = "Ana"\n', 'toy.toml:5: event[1].type: expected the event type: "roll" or "pass", found nothing (the key is missing)'),
        (GOOD + '[[event]]\ntype = "roll"\n', "toy.toml:5: event[1].player: expected the roller's name, one of Ana, Ben, found nothing (the key is missing)"),
        (GOOD + '[[event]]\ntype = "pass"\nluck = true\n', 'toy.toml:7: event[1].luck: expected one of the keys type, player, found an unknown key'),
        (GOOD + "event = 3\n", "toy.toml:5: event: expected [[event]] tables (what happened), found 3"),
        (GOOD + '[[event]]\ntype = "pass"\n' * 6, "toy.toml:5: event: expected at most 5 [[event]] tables (what happened), found 6"),
        ('game = "other"\n', 'toy.toml:2: game: expected "toy" (this is the toy command), found "other"'),
    ],
)
def test_messages_name_file_line_key_expected_and_found(text: str, message: str) -> None:
    assert error(text) == message


def test_a_player_key_waits_for_the_roster_declared_after_it() -> None:
    # auctioneer is declared before players, yet a bad players list is what is reported
    assert error('auctioneer = "Ana"\nplayers = 5\n').startswith("toy.toml:3: players:")


def test_a_description_reused_after_an_error_reads_the_next_document() -> None:
    error('players = ["Ana", "Ben"]\n')
    assert read(GOOD)["players"] == ["Ana", "Ben"]


def test_example_document_reads_clean_and_is_minimal() -> None:
    example = F.example_document(TOY)
    assert set(example) == {f.key for f in TOY.fields if f.required}
    import tomli_w

    text = tomli_w.dumps(example)
    assert F.read(TOY, document(text))["auctioneer"] == "Ana"


def test_template_reads_clean_shows_comments_and_commented_alternatives() -> None:
    text = F.template_text(TOY)
    assert text.startswith("# Toy auction for `refcli toy ruling FILE`.\n# Who gets the lot")
    values = F.read(TOY, document(text))
    assert values["bids"] == [("Ben", 30)] and values["money"] == {"Ana": [0, 10]}
    lines = text.splitlines()
    assert any(line.startswith("edition = 2") and line.endswith("# which rules") for line in lines)
    assert any(line.startswith("# buyback = true") for line in lines)
    assert "[[event]]                            # 1: Ben rolls" in lines
    assert any(line.startswith('player = "Ben"') and line.endswith("# the second player") for line in lines)
    assert any(line.startswith("# luck = true") for line in lines)  # the first roll's alternative
    assert "# [scores]                           # final scores" in lines and "# Ana = 0" in lines


def test_json_schema_accepts_the_template_and_example_and_rejects_bad_documents() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = F.json_schema(TOY)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors(tomllib.loads(F.template_text(TOY))))
    assert not list(validator.iter_errors(F.example_document(TOY)))
    good = tomllib.loads('situation = "Auction"\n' + GOOD)
    assert not list(validator.iter_errors(good))
    for bad in ({**good, "edition": 3}, {**good, "colour": "red"}, {**good, "lot": "goat"},
                {k: v for k, v in good.items() if k != "lot"}, {**good, "event": [{"type": "dance"}]},
                {**good, "bids": [["Ben"]]}, {**good, "size": "two"}):
        assert list(validator.iter_errors(bad)), bad


def test_man_rows_give_every_key_with_its_range_and_default() -> None:
    rows = dict(F.man_rows(TOY))
    assert rows["edition"] == "which rules (an integer 1 or 2; default 2)"
    assert rows["auctioneer"] == "who runs it (one of the players; required)"
    assert rows["[money]"].startswith("cards held now (a table of one of the players = ")
    assert rows['event.type = "roll"'] == "a roll" and "event.luck" in rows
    assert "[[event]]" in rows and "[scores]" in rows


def test_descriptions_come_from_the_package_formats_module() -> None:
    with pytest.raises(ModuleNotFoundError):
        F.descriptions("refcli.games.no_such_game")
