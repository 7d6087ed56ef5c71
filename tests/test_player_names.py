"""Players' names: one spelling in NFC, one line each, and a warning for names that only look different."""

from __future__ import annotations

import json
import tomllib
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke, read_slowly
from hypothesis import given
from hypothesis import strategies as st

import refcli
from refcli.games.bamboozled.formats import CHALLENGE
from refcli.model.errors import DataError
from refcli.reading import player_names as names
from refcli.reading.documents import Document, parse_toml
from refcli.reading.formats.reader import read_document

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
    assert f'input.toml:12: player[2].name: "{PRECOMPOSED}" is already the name of player[1]' in (result.stderr)


@pytest.mark.parametrize("reader", [read_document, read_slowly], ids=["fast path", "nested readers"])
def test_a_list_of_names_takes_one_spelling_each(reader: Callable[..., Any]) -> None:
    with pytest.raises(
        DataError, match=r"players\[2\]: \"José\" is written twice; each player has a name of their own"
    ):
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
    doc = challenge(["Ana", f"B{separator}en", "Cid"])
    with pytest.raises(DataError, match=r"players\[2\]: expected a name on one line"):
        read_slowly(CHALLENGE, doc)
    with pytest.raises(DataError, match=r"players\[2\]: expected a name on one line"):
        read_document(CHALLENGE, doc)


# -- look-alikes ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ana", "ana"),
        ("Ana", "ANA"),
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
    [["Ana", "Ben", "Cid"], ["Ana", "Anna"], [PRECOMPOSED, DECOMPOSED], ["Ana", "Ana"]],
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


# -- names that differ only by case: two players, references resolved without guessing ---------------
SCORE_FILES = [
    ("kuhhandel", EXAMPLES / "kuhhandel" / "rulebook-2460.toml"),
    ("bamboozled", EXAMPLES / "bamboozled" / "standings.toml"),
    ("cup-of-bluff", EXAMPLES / "cup-of-bluff" / "final-target.toml"),
    ("money", EXAMPLES / "money" / "game-2.toml"),
]
CASE_WARNING = 'The player names "Ana" and "ana" differ only by accents or case: check that they are two players.'


def scores_of(invoke: Invoke, game: str, path: str | Path) -> dict[str, int]:
    result = invoke([game, "score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    return {player["name"]: player["score"] for player in json.loads(result.stdout)["players"]}


@pytest.mark.parametrize(("game", "example"), SCORE_FILES, ids=[game for game, _path in SCORE_FILES])
def test_two_players_differing_only_by_case_are_scored_with_a_warning(
    write: Write, invoke: Invoke, game: str, example: Path
) -> None:
    text = renamed(example.read_text(encoding="utf-8"), "Ben", "ana")
    path = write(text)
    before = scores_of(invoke, game, example)
    as_json = invoke([game, "score", path, "--format", "json"])
    assert as_json.exit_code == 0 and as_json.stderr == ""
    doc = json.loads(as_json.stdout)
    assert {p["name"]: p["score"] for p in doc["players"]} == {
        ("ana" if name == "Ben" else name): score for name, score in before.items()
    }
    assert doc["warnings"] == [{"code": "similar-names", "names": ["Ana", "ana"], "message": CASE_WARNING}]
    as_toml = invoke([game, "score", path, "--format", "toml"])
    assert as_toml.exit_code == 0 and tomllib.loads(as_toml.stdout)["warnings"] == doc["warnings"]
    for fmt in ("text", "csv"):
        result = invoke([game, "score", path, "--format", fmt])
        assert result.exit_code == 0
        assert result.stderr == f"refcli: warning: {path}: {CASE_WARNING}\n"
    assert refcli.score(path).warnings == (CASE_WARNING,)


def test_a_name_written_twice_exactly_is_still_refused(write: Write, invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "score", write(rulebook_with(Ben="Ana"))])
    assert result.exit_code == 65
    assert 'input.toml:12: player[2].name: "Ana" is already the name of player[1]' in result.stderr


@pytest.mark.parametrize(
    ("reference", "players", "found"),
    [
        ("ana", ["Ana", "ana", "Cid"], ["ana"]),
        ("Ana", ["Ana", "ana", "Cid"], ["Ana"]),
        (" ana ", ["Ana", "ana", "Cid"], ["ana"]),
        ("ANA", ["Ana", "Ben", "Cid"], ["Ana"]),
        ("ANA", ["Ana", "ana", "Cid"], ["Ana", "ana"]),
        ("Zed", ["Ana", "ana", "Cid"], []),
        (DECOMPOSED, [PRECOMPOSED, "Ben"], [PRECOMPOSED]),
    ],
)
def test_a_reference_names_the_exact_player_else_each_equal_ignoring_case(
    reference: str, players: list[str], found: list[str]
) -> None:
    assert names.named(reference, players) == found


@pytest.mark.parametrize("reader", [read_document, read_slowly], ids=["fast path", "nested readers"])
def test_a_reference_written_exactly_names_that_one_of_two_players(reader: Callable[..., Any]) -> None:
    doc = challenge(["Ana", "ana", "Cid"], declarer="ana", strikes={"ana": 2, "Ana": 1})
    values = reader(CHALLENGE, doc)
    assert values["players"] == ["Ana", "ana", "Cid"]
    assert values["declarer"] == "ana"
    assert values["strikes"] == {"ana": 2, "Ana": 1}


@pytest.mark.parametrize("reader", [read_document, read_slowly], ids=["fast path", "nested readers"])
def test_a_reference_in_another_case_names_the_one_player_it_can(reader: Callable[..., Any]) -> None:
    values = reader(CHALLENGE, challenge(["Ana", "ana", "Cid"], declarer="Ana", strikes={"CID": 1}))
    assert values["strikes"] == {"Cid": 1}
    assert reader(CHALLENGE, challenge(["Ana", "Ben", "Cid"], declarer="ANA"))["declarer"] == "Ana"


AMBIGUOUS = 'expected one of the players "Ana" or "ana" written exactly as in the list of players, found "ANA"'


@pytest.mark.parametrize("reader", [read_document, read_slowly], ids=["fast path", "nested readers"])
def test_a_reference_two_players_match_only_ignoring_case_is_refused(reader: Callable[..., Any]) -> None:
    with pytest.raises(DataError, match=r"declarer: " + AMBIGUOUS.replace("(", r"\(")):
        reader(CHALLENGE, challenge(["Ana", "ana", "Cid"], declarer="ANA"))
    with pytest.raises(DataError, match=r"strikes\.ANA: expected one of the players"):
        reader(CHALLENGE, challenge(["Ana", "ana", "Cid"], declarer="Ana", strikes={"ANA": 1}))


AUCTION = (EXAMPLES / "kuhhandel" / "auction-spec.toml").read_text(encoding="utf-8")


def auction_with(bids: str, money_of: str = "Cid") -> str:
    """The auction example played by Ana, ana and Cid: the bids ``bids`` (TOML), Cid's money cards ``money_of``'s."""
    replaced = {
        'players = ["Ana", "Ben", "Cid"]': 'players = ["Ana", "ana", "Cid"]',
        'bids = [["Ben", 30], ["Cid", 40]]': f"bids = {bids}",
        "\nCid = [": f'\n"{money_of}" = [',
    }
    text = AUCTION
    for old, new in replaced.items():
        assert old in text
        text = text.replace(old, new)
    return text


def test_an_ambiguous_bidder_is_refused_located_in_either_language(write: Write, invoke: Invoke) -> None:
    path = write(auction_with('[["ANA", 30], ["Cid", 40]]'))
    line = next(n for n, text in enumerate(Path(path).read_text().splitlines(), 1) if text.startswith("bids"))
    english = invoke(["kuhhandel", "ruling", path])
    assert english.exit_code == 65
    assert english.stderr == f"refcli: error: {path}:{line}: bids[1][1]: {AMBIGUOUS}\n"
    spanish = invoke(["--lang", "es", "kuhhandel", "ruling", path])
    assert spanish.exit_code == 65
    assert spanish.stderr == (
        f'refcli: error: {path}:{line}: bids[1][1]: "ANA" no vale aquí; valor esperado: uno de los jugadores '
        '"Ana" o "ana" escrito exactamente como en la lista de jugadores\n'
    )
    as_json = invoke(["kuhhandel", "ruling", path, "--format", "json"])
    assert as_json.exit_code == 65 and json.loads(as_json.stdout)["error"]["message"].endswith(AMBIGUOUS)


def test_a_bid_written_exactly_is_that_one_of_two_players(write: Write, invoke: Invoke) -> None:
    path = write(auction_with('[["ana", 30]]', money_of="ana"))
    result = invoke(["kuhhandel", "ruling", path, "--format", "json"])
    assert result.exit_code == 0
    ruling = json.loads(result.stdout)
    assert ruling["warnings"][0]["names"] == ["Ana", "ana"]
    assert "ana takes the cow for 30; ana pays Ana" in ruling["verdict"]


def test_a_cow_trade_between_ana_and_ana_in_another_case(invoke: Invoke) -> None:
    path = str(EXAMPLES / "kuhhandel" / "cow-trade-spec.toml")
    result = invoke(["kuhhandel", "ruling", path, "defender.name=ana", "--format", "json"])
    assert result.exit_code == 0, result.stdout
    ruling = json.loads(result.stdout)
    assert ruling["verdict"].startswith("ana's 50 beats Ana's 20: Ana hands over 2 cat cards to ana")
    assert ruling["warnings"][0]["names"] == ["Ana", "ana"]


def test_a_cow_trade_resolves_its_names_against_the_players_listed(invoke: Invoke) -> None:
    path = str(EXAMPLES / "kuhhandel" / "cow-trade-spec.toml")
    one = invoke(["kuhhandel", "ruling", path, "players=Ana,Ben,Cid", "defender.name=BEN", "--format", "json"])
    assert one.exit_code == 0, one.stdout
    ruling = json.loads(one.stdout)
    assert ruling["verdict"].startswith("Ben's 50 beats Ana's 20") and "warnings" not in ruling
    two = invoke(["kuhhandel", "ruling", path, "players=Ana,ana,Cid", "defender.name=ANA"])
    assert two.exit_code == 65
    assert two.stderr == f"refcli: error: item defender.name=ANA: defender.name: {AMBIGUOUS}\n"
    exact = invoke(["kuhhandel", "ruling", path, "players=Ana,ana,Cid", "defender.name=ana"])
    assert exact.exit_code == 0 and "to ana;" in " ".join(exact.stdout.split())


def case_record(tmp_path: Path, reference: str = "ana") -> Path:
    """The edition 2 record with Cid renamed ana, beside Ana; its first bid by Cid written ``reference``."""
    text = RECORD.replace('"Cid"', '"ana"').replace("\nCid = ", '\n"ana" = ')
    text = text.replace('bids = [["ana", 10]', f'bids = [["{reference}", 10]', 1)
    path = tmp_path / "record.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_validate_a_record_of_ana_and_ana(tmp_path: Path, invoke: Invoke) -> None:
    path = str(case_record(tmp_path))
    as_json = invoke(["validate", path, "--format", "json"])
    assert as_json.exit_code == 0 and as_json.stderr == ""
    result = json.loads(as_json.stdout)["results"][0]
    assert result["valid"] and [w["names"] for w in result["warnings"]] == [["Ana", "ana"]]
    as_text = invoke(["validate", path])
    assert as_text.exit_code == 0 and as_text.stderr == f"refcli: warning: {path}: {CASE_WARNING}\n"


def test_validate_refuses_an_ambiguous_reference_in_a_record(tmp_path: Path, invoke: Invoke) -> None:
    path = case_record(tmp_path, reference="ANA")
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if '["ANA", 10]' in text)
    result = invoke(["validate", str(path)])
    assert result.exit_code == 65
    assert f"{path}:{line}: event[1].bids[1][1]: {AMBIGUOUS}" in result.stderr
    assert result.stderr.count("\n") == 1


def money_game(old: str, new: str, name: str, write: Write) -> str:
    """Money! game 2 with player ``old`` written ``new``."""
    return write(renamed((EXAMPLES / "money" / "game-2.toml").read_text(encoding="utf-8"), old, new), name)


def test_money_totals_add_a_name_in_another_case_when_unambiguous(write: Write, invoke: Invoke) -> None:
    first = str(EXAMPLES / "money" / "rulebook-450.toml")
    second = money_game("Ana", "ana", "second.toml", write)
    result = invoke(["money", "score", first, second, "--format", "json"])
    doc = json.loads(result.stdout)
    assert [row["name"] for row in doc["totals"]] == ["Ben", "Ana", "Cid"]
    ana = {g["file"]: next(p["score"] for p in g["players"] if p["name"] in ("Ana", "ana")) for g in doc["games"]}
    assert next(row["score"] for row in doc["totals"] if row["name"] == "Ana") == sum(ana.values())
    assert doc["notes"] == []


def test_money_totals_keep_apart_names_a_game_has_two_players_for(write: Write, invoke: Invoke) -> None:
    first = str(EXAMPLES / "money" / "rulebook-450.toml")
    both = money_game("Ben", "ana", "both.toml", write)  # Ana and ana in one game
    other = money_game("Ana", "ANA", "other.toml", write)  # ANA: Ana or ana? neither is guessed
    result = invoke(["money", "score", first, both, other, "--format", "json"])
    doc = json.loads(result.stdout)
    totals = {row["name"]: row["score"] for row in doc["totals"]}
    assert set(totals) == {"Ana", "ana", "ANA", "Ben", "Cid"}
    scores = [{p["name"]: p["score"] for p in game["players"]} for game in doc["games"]]
    assert totals["Ana"] == scores[0]["Ana"] + scores[1]["Ana"]
    assert totals["ana"] == scores[1]["ana"] and totals["ANA"] == scores[2]["ANA"]
    assert "ANA played game 3 only" in doc["notes"][0]


@given(st.lists(st.text(alphabet=" AaBbİı", max_size=3), max_size=5))
def test_names_are_paired_as_their_skeletons_say_whatever_the_alphabet(group: list[str]) -> None:
    """An all-ASCII table is answered without ``skeleton`` (its lower case is what a name looks like): the same
    pairs as the general way, which ``İ`` and ``ı`` (not ASCII, and looking like I and i) take."""
    players: dict[str, str] = {}
    for name in group:
        players.setdefault(names.normal(name), name)
    first: dict[str, str] = {}
    expected = []
    for name in players.values():
        seen = first.setdefault(names.skeleton(name), name)
        if seen is not name:
            expected.append((seen, name))
    assert names.similar_pairs(group) == expected


def test_a_list_of_players_read_again_gives_a_list_of_its_own_and_notes_the_names_on_each_document() -> None:
    """The nested readers remember the names of a list of players read before (a batch lists the same few
    again and again): each document still gets its own list, its names noted, and a bad list is still refused."""
    from refcli.reading.formats import Type
    from refcli.reading.formats.reader import Context, compile_type

    read = compile_type(Type(kind="names", minimum=2, maximum=4), "players")
    lists = []
    for _ in range(2):
        doc = Document("names.toml", {}, "")
        lists.append(read([" Ana", "Ben"], Context(doc), (), "players"))
        assert list(doc.names) == ["Ana", "Ben"]
    assert lists[0] == lists[1] == ["Ana", "Ben"] and lists[0] is not lists[1]
    lists[0].append("Cid")  # a list read is the caller's: the next reading is not changed by it
    assert read([" Ana", "Ben"], Context(Document("names.toml", {}, "")), (), "players") == ["Ana", "Ben"]
    for bad in (["Ana", ["Ben"]], ["Ana", "Ana"], ["Ana", 1]):
        for _ in range(2):  # refused each time: never remembered
            with pytest.raises(DataError):
                read(bad, Context(Document("names.toml", {}, "")), (), "players")


def test_the_pairs_of_names_alike_are_the_same_each_time_and_the_caller_s_own() -> None:
    group = ["Ana", "ANA", "Ben"]
    first = names.similar_pairs(group)
    first.append(("x", "y"))
    assert names.similar_pairs(group) == [("Ana", "ANA")]
