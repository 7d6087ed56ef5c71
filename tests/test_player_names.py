"""Players' names: one spelling in NFC, one line each, and a warning for names that only look different."""

from __future__ import annotations

import json
import tomllib
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke

import refcli
from refcli import names
from refcli.errors import DataError
from refcli.formats.reader import read_document, read_slowly
from refcli.games.bamboozled.formats import CHALLENGE
from refcli.inputs import Document, parse_toml
from refcli.schema import Table

Write = Callable[..., str]

PRECOMPOSED = "Jos\u00e9"  # é as one character
DECOMPOSED = "Jose\u0301"  # e and a combining acute accent
CYRILLIC_A = "\u0410na"  # Cyrillic А, then Latin "na"

RULEBOOK = (EXAMPLES / "kuhhandel" / "rulebook-2460.toml").read_text(encoding="utf-8")
RECORD = (EXAMPLES / "kuhhandel" / "record-edition2.toml").read_text(encoding="utf-8")
COW_TRADE = (EXAMPLES / "kuhhandel" / "cow-trade-spec.toml").read_text(encoding="utf-8")


def challenge(players: list[str], declarer: str = "Ben", strikes: dict[str, int] | None = None) -> Document:
    """A Bamboozled challenge (a list of names, then references to them) as a parsed document."""
    data = tomllib.loads((EXAMPLES / "bamboozled" / "challenge-spec.toml").read_text(encoding="utf-8"))
    data.update(players=players, declarer=declarer, caller="Cid", strikes=strikes or {})
    return Document.from_data(data, "<document>")


def renamed(text: str, old: str, new: str) -> str:
    """A Kuhhandel snapshot with player ``old`` written ``new`` (a TOML escape keeps the test file ASCII)."""
    assert f'name = "{old}"' in text
    return text.replace(f'name = "{old}"', f'name = "{new}"')


def rulebook_with(**renames: str) -> str:
    text = RULEBOOK
    for old, new in renames.items():
        text = renamed(text, old, new)
    return text


# -- NFC: one player however the accent was typed ------------------------------
def test_a_decomposed_name_is_read_in_nfc(write: Write) -> None:
    report = refcli.score(write(rulebook_with(Ana=DECOMPOSED)))
    assert PRECOMPOSED in [player.name for player in report.players]
    assert DECOMPOSED not in report.to_json()


def test_precomposed_and_decomposed_are_one_player(write: Write, invoke: Invoke) -> None:
    path = write(rulebook_with(Ana=PRECOMPOSED, Ben=DECOMPOSED))
    result = invoke(["kuhhandel", "score", path])
    assert result.exit_code == 65
    assert f'input.toml:12: player[2].name: expected a name no other player has, found "{PRECOMPOSED}" again' in (
        result.stderr
    )


@pytest.mark.parametrize("reader", [read_document, read_slowly], ids=["fast path", "nested readers"])
def test_a_list_of_names_takes_one_spelling_each(reader: Callable[..., Any]) -> None:
    with pytest.raises(DataError, match=r"players\[2\]: expected names that differ"):
        reader(CHALLENGE, challenge([PRECOMPOSED, DECOMPOSED, "Cid"]))


@pytest.mark.parametrize("reader", [read_document, read_slowly], ids=["fast path", "nested readers"])
def test_a_reference_in_either_form_names_the_player(reader: Callable[..., Any]) -> None:
    doc = challenge([PRECOMPOSED, "Ben", "Cid"], declarer=DECOMPOSED, strikes={DECOMPOSED: 1, "Ben": 0})
    values = reader(CHALLENGE, doc)
    assert values["players"] == [PRECOMPOSED, "Ben", "Cid"]
    assert values["declarer"] == PRECOMPOSED
    assert list(values["strikes"]) == [PRECOMPOSED, "Ben"]


def test_a_reference_in_a_situation_matches_in_either_form(write: Write) -> None:
    data = tomllib.loads((EXAMPLES / "kuhhandel" / "auction-spec.toml").read_text(encoding="utf-8"))
    data["players"] = [PRECOMPOSED if name == "Ana" else name for name in data["players"]]
    data["auctioneer"] = DECOMPOSED if data["auctioneer"] == "Ana" else data["auctioneer"]
    data["money"] = {(DECOMPOSED if key == "Ana" else key): value for key, value in data["money"].items()}
    ruling = refcli.rule(data)
    assert ruling.verdict
    assert DECOMPOSED not in ruling.to_json()


def test_the_old_table_reader_reads_names_in_nfc() -> None:
    doc = Document.from_data({"name": DECOMPOSED}, "<document>")
    table = Table(doc, doc.data)
    assert table.name() == PRECOMPOSED
    assert doc.names == {PRECOMPOSED: None}


# -- names on one line ------------------------------------------------------------
@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x1b"], ids=["LS", "PS", "NEL", "ESC"])
def test_a_name_with_a_line_break_or_control_character_is_refused(write: Write, invoke: Invoke, separator: str) -> None:
    escaped = f"\\u{ord(separator):04X}"
    path = write(rulebook_with(Ben=f"B{escaped}en"))
    for lang in ("en", "es"):
        result = invoke(["--lang", lang, "kuhhandel", "score", path])
        assert result.exit_code == 65
        assert "input.toml:12: player[2].name: " in result.stderr
        assert result.stderr.count("\n") == 1
    english = invoke(["kuhhandel", "score", path, "--format", "json"])
    expected = "a name without control characters" if separator in "\x85\x1b" else "a name on one line"
    assert expected in json.loads(english.stdout)["error"]["message"]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_a_line_break_is_refused_by_every_way_of_reading(separator: str) -> None:
    with pytest.raises(DataError, match="on one line"):
        refcli.score(tomllib.loads(rulebook_with(Cid=f"C{separator}id")))
    with pytest.raises(DataError, match="on one line"):
        refcli.rule(parse_toml(COW_TRADE, "x.toml"), values={"defender.name": f"B{separator}en"})
    with pytest.raises(DataError, match="on one line"):
        Table(Document.from_data({}, "<document>"), {"name": f"A{separator}na"}).name()
    doc = challenge(["Ana", f"B{separator}en", "Cid"])
    with pytest.raises(DataError, match=r"players\[2\]: expected a name on one line"):
        read_slowly(CHALLENGE, doc)
    with pytest.raises(DataError, match=r"players\[2\]: expected a name on one line"):
        read_document(CHALLENGE, doc)


# -- look-alikes ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ana", "Aná"),
        ("Ana", "ANÁ"),
        ("Ana", CYRILLIC_A),
        ("Bob", "\u0412ob"),  # Cyrillic В
        ("Kim", "\u039aim"),  # Greek Κ
        ("Pepe", "\u0420epe"),  # Cyrillic Р
        ("Ana", "\uff21na"),  # fullwidth Ａ
    ],
)
def test_names_that_only_look_different_are_paired(first: str, second: str) -> None:
    assert names.similar_pairs([first, "Cid", second]) == [(first, second)]


@pytest.mark.parametrize(
    "group",
    [["Ana", "Ben", "Cid"], ["Ana", "ana"], ["Ana", "Anna"], [PRECOMPOSED, DECOMPOSED], ["Ana", "Ana"]],
)
def test_different_names_and_one_player_written_twice_are_not_paired(group: list[str]) -> None:
    assert names.similar_pairs(group) == []


def test_the_warning_says_why() -> None:
    accents, letters = names.warnings(["Ana", "Aná", CYRILLIC_A])
    assert accents["code"] == letters["code"] == "similar-names"
    assert accents["names"] == ["Ana", "Aná"] and "accents" in accents["message"]
    assert letters["names"] == ["Ana", CYRILLIC_A] and "alphabets" in letters["message"]


LOOK_ALIKE = {"Ben": "An\\u00e1", "Cid": "\\u0410na"}  # Ana, Aná, Аna


def test_score_json_and_toml_carry_the_warnings(write: Write, invoke: Invoke) -> None:
    path = write(rulebook_with(**LOOK_ALIKE))
    as_json = invoke(["kuhhandel", "score", path, "--format", "json"])
    assert as_json.exit_code == 0 and as_json.stderr == ""
    warnings = json.loads(as_json.stdout)["warnings"]
    assert [w["names"] for w in warnings] == [["Ana", "Aná"], ["Ana", CYRILLIC_A]]
    as_toml = invoke(["kuhhandel", "score", path, "--format", "toml"])
    assert as_toml.exit_code == 0 and as_toml.stderr == ""
    assert tomllib.loads(as_toml.stdout)["warnings"] == warnings


@pytest.mark.parametrize("fmt", ["text", "csv"])
def test_score_text_says_the_warnings_on_stderr(write: Write, invoke: Invoke, fmt: str) -> None:
    path = write(rulebook_with(**LOOK_ALIKE))
    result = invoke(["kuhhandel", "score", path, "--format", fmt])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f'refcli: warning: {path}: The player names "Ana" and "Aná" differ only by accents')
    assert "letters of different alphabets" in lines[1]
    assert "similar-names" not in result.stdout
    spanish = invoke(["--lang", "es", "kuhhandel", "score", path, "--format", fmt])
    assert spanish.stderr.startswith(f"refcli: aviso: {path}: Los nombres de jugador")


def test_several_files_warn_each_in_its_entry(write: Write, invoke: Invoke) -> None:
    similar = write(rulebook_with(**LOOK_ALIKE), "similar.toml")
    plain = write(RULEBOOK, "plain.toml")
    result = invoke(["kuhhandel", "score", plain, similar, "--format", "json"])
    games = json.loads(result.stdout)["games"]
    assert "warnings" not in games[0] and len(games[1]["warnings"]) == 2


def test_a_score_without_look_alikes_has_no_warnings_key(write: Write, invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "score", write(RULEBOOK), "--format", "json"])
    assert "warnings" not in json.loads(result.stdout) and result.stderr == ""
    assert refcli.score(write(RULEBOOK)).warnings == ()


def test_the_api_warns_for_a_dict_and_in_its_language() -> None:
    data = tomllib.loads(rulebook_with(Ben="An\\u00e1"))
    report = refcli.score(data)
    assert len(report.warnings) == 1 and "accents" in report.warnings[0]
    assert report.to_dict()["warnings"][0]["names"] == ["Ana", "Aná"]
    assert "tildes" in refcli.score(data, lang="es").warnings[0]


def test_a_ruling_warns_for_names_given_as_items(invoke: Invoke, write: Write) -> None:
    path = write(COW_TRADE)
    item = f"defender.name={CYRILLIC_A}"
    result = invoke(["kuhhandel", "ruling", path, item])
    assert result.exit_code == 0
    assert "letters of different alphabets" in result.stderr
    as_json = invoke(["kuhhandel", "ruling", path, item, "--format", "json"])
    assert json.loads(as_json.stdout)["warnings"][0]["names"] == ["Ana", CYRILLIC_A]
    ruling = refcli.rule(path, values={"defender.name": "Aná"})
    assert len(ruling.warnings) == 1


def look_alike_record(tmp_path: Path) -> Path:
    """The edition 2 record with Cid renamed Bén, beside Ben."""
    text = RECORD.replace('"Cid"', '"B\\u00e9n"').replace("\nCid = ", '\n"B\\u00e9n" = ')
    path = tmp_path / "record.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_validate_carries_the_warnings(tmp_path: Path, invoke: Invoke) -> None:
    path = str(look_alike_record(tmp_path))
    as_json = invoke(["validate", path, "--format", "json"])
    result = json.loads(as_json.stdout)["results"][0]
    assert result["valid"] and result["warnings"][0]["names"] == ["Ben", "Bén"]
    assert as_json.stderr == ""
    as_text = invoke(["validate", path])
    assert as_text.exit_code == 0
    assert as_text.stderr.startswith(f'refcli: warning: {path}: The player names "Ben" and "Bén"')
    assert refcli.validate(path).warnings == (result["warnings"][0]["message"],)


def test_validate_json_lines_carry_the_warnings(tmp_path: Path, invoke: Invoke) -> None:
    record = tomllib.loads(look_alike_record(tmp_path).read_text(encoding="utf-8"))
    lines = tmp_path / "records.jsonl"
    lines.write_text(json.dumps(record) + "\n" + json.dumps(record) + "\n", encoding="utf-8")
    result = invoke(["validate", "--jsonl", str(lines), "--jobs", "2"])
    documents = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d["warnings"][0]["names"] for d in documents] == [["Ben", "Bén"]] * 2
    assert result.stderr == ""


def test_names_read_are_kept_in_nfc_whatever_the_path() -> None:
    text = rulebook_with(Ana=DECOMPOSED)
    doc = Document("x.toml", parse_toml(text, "x.toml"), text)
    assert unicodedata.is_normalized("NFC", refcli.score(doc).players[0].name)
    assert list(doc.names) == [PRECOMPOSED, "Ben", "Cid"]
