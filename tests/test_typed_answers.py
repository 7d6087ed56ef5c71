"""Values read as people type them (refcli.reading.typed), the same in KEY=VALUE items and in the prompts' answers.

Spaces, commas or ``+`` between cards and dice; the digits of dice run together where a list of known
length is asked; bids as ``Ben 30, Cid 40``; a choice by its word in either language, its plural, its
number or its first letters. What cannot be right is refused with one sentence, in the run's language.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import Invoke

import refcli.cli.prompts
from refcli.model import registry
from refcli.model.errors import DataError
from refcli.reading.formats import Type, with_spanish_words
from refcli.reading.items import Builder, Item, parse_item
from refcli.reading.typed import Ambiguous, read_typed


def key_type(game: str, kind: str, path: str) -> Type:
    """The type of the dotted key ``path`` in a game's situation, with the game's Spanish words."""
    found = registry.get(game)
    assert found is not None
    desc = with_spanish_words(found.formats()[kind], found)
    fields = desc.fields
    t: Type | None = None
    for part in path.split("."):
        t = next(f.type for f in fields if f.key == part)
        fields = t.fields
    assert t is not None
    return t


def item_value(game: str, kind: str, item: str) -> Any:
    """What the item puts in the document, typed as ``refcli GAME ruling situation=KIND ITEM`` types it."""
    from refcli.reading.items import describe_for

    found = registry.get(game)
    parsed = parse_item(item)
    assert isinstance(parsed, Item)
    items = [Item(f"situation={kind}", ("situation",), kind), parsed]
    desc = describe_for(items, {}, found, "ruling")
    assert desc is not None
    data = Builder(desc.fields).apply({}, items)
    for key in parsed.keys:
        data = data[key]
    return data


# (game, situation, key, typed, value read)
NATURAL = [
    ("kuhhandel", "cow-trade", "challenger.offer", "50 10 0", [50, 10, 0]),
    ("kuhhandel", "cow-trade", "challenger.offer", "50,10,0", [50, 10, 0]),
    ("kuhhandel", "cow-trade", "challenger.offer", "50+10+0", [50, 10, 0]),
    ("kuhhandel", "cow-trade", "challenger.offer", "50, 10 + 0", [50, 10, 0]),
    ("kuhhandel", "cow-trade", "challenger.offer", "", []),
    ("kuhhandel", "cow-trade", "challenger.offer", "100", [100]),  # one card, never split into digits
    # the animals' plurals stay as typed: the game reads them itself, as in a file (tests/test_typed_words.py)
    ("kuhhandel", "cow-trade", "animal", "cats", "cats"),
    ("kuhhandel", "cow-trade", "animal", "gatos", "gatos"),
    ("kuhhandel", "cow-trade", "animal", "vacas", "vacas"),
    ("kuhhandel", "cow-trade", "animal", "gansos", "gansos"),
    ("kuhhandel", "cow-trade", "animal", "cerdos", "cerdos"),
    ("kuhhandel", "cow-trade", "animal", "cat", "cat"),
    ("kuhhandel", "auction", "bids", "Ben 30, Cid 40", [["Ben", 30], ["Cid", 40]]),
    ("kuhhandel", "auction", "bids", "Ben,30,Cid,40", [["Ben", 30], ["Cid", 40]]),
    ("kuhhandel", "auction", "bids", "Ben 30 Cid 40", [["Ben", 30], ["Cid", 40]]),
    ("kuhhandel", "auction", "bids", "Ana María 30", [["Ana María", 30]]),
    ("kuhhandel", "auction", "bids", "", []),
    ("kuhhandel", "auction", "situation", "subasta", "auction"),
    ("kuhhandel", "cow-trade", "situation", "comercio de vacas", "cow-trade"),
    ("kuhhandel", "cow-trade", "situation", "cow trade", "cow-trade"),
    ("bamboozled", "challenge", "rolled", "34", [3, 4]),
    ("bamboozled", "challenge", "rolled", "3 4", [3, 4]),
    ("bamboozled", "challenge", "rolled", "3+4", [3, 4]),
    ("bamboozled", "challenge", "rolled", "345", [345]),  # not two dice: the rules say what is wrong
    ("bamboozled", "challenge", "declared", "43", "43"),  # a declared score is one value
    ("bamboozled", "card", "card", "Mi mal", "my-bad"),
    ("bamboozled", "card", "card", "my bad", "my-bad"),
    ("bamboozled", "card", "card", "saltar", "skip"),
    ("bamboozled", "card", "card", "doubles", "double"),
    ("bamboozled", "card", "card", "2", "reverse"),  # by its number in the list
    ("bamboozled", "card", "card", "reve", "reverse"),  # by its first letters (reverse, reverso)
    ("bamboozled", "card", "direction", "antihorario", "counterclockwise"),
    ("cup-of-bluff", "call", "dice", "256", [2, 5, 6]),
    ("cup-of-bluff", "call", "dice", "2 5 6", [2, 5, 6]),
    ("cup-of-bluff", "call", "dice", "2,5,6", [2, 5, 6]),
    ("cup-of-bluff", "call", "dice", "25", [25]),  # not three digits: left for the rules
    ("cup-of-bluff", "call", "answer", "verdad", "truth"),
    ("cup-of-bluff", "call", "answer", "Farol", "bluff"),
    ("cup-of-bluff", "call", "answer", "t", "truth"),
    ("cup-of-bluff", "call", "answer", "1", "truth"),
    ("money", "bids", "offer.cards", "euro 30 #12, bluff", ["euro 30 #12", "bluff"]),  # cards hold spaces
]


@pytest.mark.parametrize(("game", "kind", "key", "typed", "read"), NATURAL)
def test_a_value_is_read_as_people_type_it(game: str, kind: str, key: str, typed: str, read: Any) -> None:
    assert read_typed(key_type(game, kind, key), typed) == read


@pytest.mark.parametrize(("game", "kind", "key", "typed", "read"), [n for n in NATURAL if "." not in n[2]])
def test_an_item_reads_its_value_the_same_way(game: str, kind: str, key: str, typed: str, read: Any) -> None:
    assert item_value(game, kind, f"{key}={typed}") == read


def test_a_list_of_numbers_that_is_not_one_stays_text_for_the_reader() -> None:
    assert read_typed(key_type("kuhhandel", "cow-trade", "challenger.offer"), "10,1x,0") == [10, "1x", 0]


def test_the_first_letters_of_several_words_are_refused_with_a_sentence_saying_which() -> None:
    with pytest.raises(Ambiguous, match=r'"re" begins more than one word \(reverse, revive\): type more of it'):
        read_typed(key_type("bamboozled", "card", "card"), "re")


def test_an_ambiguous_item_is_refused_naming_the_item() -> None:
    with pytest.raises(DataError) as raised:
        item_value("bamboozled", "card", "card=re")
    assert raised.value.file == "item card=re"
    assert raised.value.path == "card"


# -- on the command line -------------------------------------------------------------
def ruling(invoke: Invoke, args: list[str]) -> dict[str, Any]:
    result = invoke([*args, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


COW_TRADE = ["kuhhandel", "ruling", "situation=cow-trade", "challenger.name=Ana", "challenger.holds=2"]
COW_TRADE += ["defender.name=Ben", "defender.holds=2"]


def test_the_cow_trade_of_the_issue_reads_as_typed(invoke: Invoke) -> None:
    typed = ruling(invoke, [*COW_TRADE, "animal=cats", "challenger.offer=50 10 0", "defender.offer=10+10+10"])
    written = ruling(invoke, [*COW_TRADE, "animal=cat", "challenger.offer:=[50,10,0]", "defender.offer:=[10,10,10]"])
    typed.pop("file")
    written.pop("file")
    assert typed == written


def test_bids_as_typed_rule_as_the_toml_pairs(invoke: Invoke) -> None:
    auction = ["kuhhandel", "ruling", "situation=auction", "players=Ana,Ben,Cid", "auctioneer=Ana", "animal=cow"]
    typed = ruling(invoke, [*auction, "bids=Ben 30, Cid 40"])
    written = ruling(invoke, [*auction, 'bids:=[["Ben", 30], ["Cid", 40]]'])
    assert typed["outcome"] == written["outcome"]
    spanish = ruling(invoke, [*auction[:2], "situation=subasta", *auction[3:], "bids=Ben 30, Cid 40", "--lang", "es"])
    assert spanish["outcome"] == written["outcome"]


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", 'refcli: error: item card=re: card: "re" begins more than one word (reverse, revive'),
        ("es", 'refcli: error: argumento card=re: card: "re" es el comienzo de más de una palabra (reverse, revive'),
    ],
)
def test_an_ambiguous_answer_is_refused_in_the_runs_language(invoke: Invoke, lang: str, message: str) -> None:
    args = ["bamboozled", "ruling", "situation=card", "players=Ana,Ben,Cid", "player=Ben", "card=re"]
    result = invoke([*args, "--lang", lang])
    assert result.exit_code == 65
    assert message in result.output


# -- through the prompts --------------------------------------------------------------
@pytest.fixture
def asking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(refcli.cli.prompts, "stdin_is_terminal", lambda: True)


def asked(invoke: Invoke, args: list[str], answers: list[str]) -> tuple[int, str, dict[str, Any] | None]:
    result = invoke([*args, "--format", "json"], input="\n".join(answers) + "\n")
    try:
        document = json.loads(result.stdout)
    except json.JSONDecodeError:
        document = None
    return result.exit_code, result.output, document


@pytest.mark.usefixtures("asking")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_prompts_read_a_cow_trade_typed_as_people_type_it(invoke: Invoke, lang: str) -> None:
    situation, animal = ("cow trade", "cats") if lang == "en" else ("comercio de vacas", "gatos")
    answers = [situation, "Ana", "Ben", animal, "2", "50 10 0", "10+10+10", "", ""]
    code, output, document = asked(invoke, ["--lang", lang, "kuhhandel", "ruling"], answers)
    assert code == 0, output
    assert document is not None
    written = ruling(
        invoke,
        [*COW_TRADE, "animal=cat", "challenger.offer:=[50,10,0]", "defender.offer:=[10,10,10]", "--lang", lang],
    )
    assert document["outcome"] == written["outcome"]


@pytest.mark.usefixtures("asking")
def test_the_prompts_read_bids_as_name_and_amount(invoke: Invoke) -> None:
    answers = ["subasta", "Ana", "vacas", "Ben 30, Cid 40", "n", "", "", ""]
    code, output, document = asked(invoke, ["kuhhandel", "ruling"], answers)
    assert code == 0, output
    assert document is not None
    assert "Cid" in document["verdict"] and "40" in document["verdict"]


@pytest.mark.usefixtures("asking")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_prompts_read_dice_run_together_and_answers_in_either_language(invoke: Invoke, lang: str) -> None:
    answer = "truth" if lang == "en" else "verdad"
    answers = ["call", "Ana", "Ben", "15", "456", answer, "chips", "Ana=3, Ben=9, Cid=", ""]
    code, output, document = asked(invoke, ["--lang", lang, "cup-of-bluff", "ruling"], answers)
    assert code in (0, 1), output
    assert document is not None
    assert "4 + 5 + 6 = 15" in document["verdict"]
    assert document["outcome"]["fooled"] is False  # "truth" was answered, and it was the truth


@pytest.mark.usefixtures("asking")
@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", '?   "re" begins more than one word (reverse, revive'),
        ("es", '?   "re" es el comienzo de más de una palabra (reverse, revive'),
    ],
)
def test_the_prompts_refuse_an_ambiguous_answer_with_a_sentence_and_ask_again(
    invoke: Invoke, lang: str, sentence: str
) -> None:
    answers = ["card", "Ana,Ben,Cid", "Ben", "re", "saltar", "antes de tirar", "", "0", ""]
    code, output, document = asked(invoke, ["--lang", lang, "bamboozled", "ruling"], answers)
    assert sentence in output, output
    assert code in (0, 1), output
    assert document is not None and document["situation"] == "card"


@pytest.mark.usefixtures("asking")
def test_the_situation_is_chosen_by_its_spanish_name_or_first_letters(invoke: Invoke) -> None:
    for first in ("comercio de vacas", "cow", "Cow Trade"):
        answers = [first, "Ana", "Ben", "cat", "2", "10 10 0", "50", "", ""]
        code, output, document = asked(invoke, ["kuhhandel", "ruling"], answers)
        assert code in (0, 1), output
        assert document is not None and document["situation"] == "cow-trade"
