"""The document's shape (docs/output.md) follows the command line, never which files could be read.

One FILE gives its report (or, when it fails, the failure), several give
``{"games": [...]}`` with a failing file as an entry; every document has
``schema_version``; every result and citation names its game; validation
findings carry the line of their ``[[event]]`` table; the summary counts files.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke

import refcli

RULEBOOK = str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")
MONEY = [str(EXAMPLES / "money" / name) for name in ("rulebook-450.toml", "game-2.toml")]
MISSING = "/no/such/file.toml"
BAD = "game = 'kuhhandel'\nedition = 7\n"


def errors_of(document: dict[str, Any]) -> list[int | None]:
    return [entry.get("error", {}).get("exit_code") for entry in document["games"]]


def test_one_file_is_its_report_and_one_failing_file_is_a_failure_document(invoke: Invoke) -> None:
    good = invoke(["kuhhandel", "score", RULEBOOK, "-f", "json"])
    assert json.loads(good.stdout)["players"][0]["name"] == "Cid"
    failed = invoke(["kuhhandel", "score", MISSING, "-f", "json"])
    assert failed.exit_code == 66
    assert json.loads(failed.stdout) == {
        "schema_version": 1,
        "game": "kuhhandel",
        "file": MISSING,
        "error": {"message": f"{MISSING}: cannot read: no such file", "line": None, "key": None, "exit_code": 66},
    }
    assert failed.stderr == f"refcli: error: {MISSING}: cannot read: no such file\n"


def test_several_files_are_games_whichever_parse(invoke: Invoke, write: Any) -> None:
    bad = write(BAD, "bad.toml")
    one_good = json.loads(invoke(["score", RULEBOOK, bad, "-f", "json"]).stdout)
    assert errors_of(one_good) == [None, 65]
    assert one_good["games"][1]["error"] == {
        "message": f"{bad}:2: edition: 7 is out of range; expected the edition: an integer 1 or 2",
        "line": 2,
        "key": "edition",
        "exit_code": 65,
    }
    none_good = invoke(["score", MISSING, bad, "-f", "json"])
    assert none_good.exit_code == 66  # the worst wins
    assert errors_of(json.loads(none_good.stdout)) == [66, 65]
    assert len(none_good.stderr.splitlines()) == 2


def test_money_keys_stay_with_a_failing_file_and_with_none_read(invoke: Invoke) -> None:
    """The keys stay (the shape follows the command line); the totals are null, as a game is missing."""
    document = json.loads(invoke(["money", "score", *MONEY, MISSING, "-f", "json"]).stdout)
    assert document["game"] == "money" and errors_of(document) == [None, None, 66]
    assert document["totals"] is None and document["winners"] is None
    nothing = json.loads(invoke(["money", "score", MISSING, MISSING, "-f", "json"]).stdout)
    assert nothing["totals"] is None and errors_of(nothing) == [66, 66]
    assert [entry["file"] for entry in nothing["incomplete"]] == [MISSING, MISSING]


def test_text_of_nothing_read_is_empty_and_toml_is_still_a_document(invoke: Invoke) -> None:
    text = invoke(["kuhhandel", "score", MISSING, MISSING])
    assert text.stdout == "" and text.exit_code == 66
    toml = tomllib.loads(invoke(["kuhhandel", "score", MISSING, MISSING, "-f", "toml"]).stdout)
    assert toml["schema_version"] == 1 and [g["error"]["exit_code"] for g in toml["games"]] == [66, 66]


def test_a_ruling_that_cannot_be_read_is_a_document(invoke: Invoke, write: Any) -> None:
    result = invoke(["kuhhandel", "ruling", write("situation = 'auction'\nanimal = 'unicorn'\n"), "-f", "json"])
    assert result.exit_code == 65
    document = json.loads(result.stdout)
    assert document["error"]["exit_code"] == 65
    assert (document["error"]["line"], document["error"]["key"]) == (1, "players")
    assert f"refcli: error: {document['error']['message']}\n" == result.stderr


@pytest.mark.parametrize(
    ("argv", "game"),
    [
        (["bamboozled", "compare", "43", "34"], "bamboozled"),
        (["bamboozled", "ladder"], "bamboozled"),
        (["cup-of-bluff", "chips", "15"], "cup-of-bluff"),
        (["kuhhandel", "pay", "60", "--money", "0,10,10,50"], "kuhhandel"),
        (["kuhhandel", "animals"], "kuhhandel"),
        (["kuhhandel", "editions"], "kuhhandel"),
    ],
)
def test_every_result_names_its_game(argv: list[str], game: str, invoke: Invoke) -> None:
    document = json.loads(invoke([*argv, "-f", "json"]).stdout)
    assert list(document)[:2] == ["schema_version", "game"] and document["game"] == game


def test_citations_of_several_games_carry_their_game(invoke: Invoke) -> None:
    files = [str(EXAMPLES / game / "record-broken.toml") for game in ("bamboozled", "cup-of-bluff")]
    document = json.loads(invoke(["validate", *files, "-f", "json"]).stdout)
    cited = {(c["game"], c["id"]) for c in document["citations"]}
    assert {game for game, _ in cited} == {"bamboozled", "cup-of-bluff"}
    for result in document["results"]:
        rules = {f["rule"] for f in result["findings"]}
        assert rules <= {rule for game, rule in cited if game == result["game"]}


@pytest.mark.parametrize("fmt", ["text", "toml", "TOML"])
def test_jsonl_with_a_format_it_cannot_write_is_a_usage_error(fmt: str, invoke: Invoke, write: Any) -> None:
    result = invoke(["validate", "--jsonl", write("{}\n", "a.jsonl"), "-f", fmt])
    assert result.exit_code == 2 and "--jsonl" in result.stderr and result.stdout == ""


def test_csv_is_offered_only_where_a_table_is_made(invoke: Invoke, write: Any) -> None:
    assert invoke(["kuhhandel", "ruling", write("x = 1\n"), "-f", "csv"]).exit_code == 2
    assert invoke(["bamboozled", "compare", "43", "34", "-f", "csv"]).exit_code == 2


def test_a_finding_names_the_line_of_its_event(invoke: Invoke) -> None:
    path = str(EXAMPLES / "kuhhandel" / "record-broken.toml")
    lines = (EXAMPLES / "kuhhandel" / "record-broken.toml").read_text(encoding="utf-8").splitlines()
    document = json.loads(invoke(["validate", path, "-f", "json"]).stdout)
    findings = document["results"][0]["findings"]
    assert [(f["event"], f["line"]) for f in findings] == [(7, 69), (46, 402), (None, 589)]
    assert lines[401].startswith("[[event]]") and lines[588] == "[scores]"
    text = invoke(["validate", path]).stdout
    assert f"{path}:402: event 46: error [donkey.payouts]: donkey number 2 pays 100" in text
    assert f"{path}:589: record: error [score.multiply]" in text


def test_an_event_header_spelled_otherwise_is_still_located(invoke: Invoke, write: Any) -> None:
    # `[["event"]]` escapes the quick count of `[[event]]` headers: the key locator finds it instead
    text = (
        'game = "kuhhandel"\nplayers = ["Ana", "Ben", "Cid"]\n[[event]]\ntype = "auction"\nauctioneer = "Ana"\n'
        'animal = "cow"\n\n[["event"]]\ntype = "auction"\nauctioneer = "Ana"\nanimal = "cow"\n'
    )
    findings = json.loads(invoke(["validate", write(text), "-f", "json"]).stdout)["results"][0]["findings"]
    assert [(f["event"], f["line"]) for f in findings] == [(2, 8), (None, 8)]  # the record's end: its last event


def test_json_lines_findings_are_on_their_line(invoke: Invoke, write: Any) -> None:
    record = {"game": "kuhhandel", "players": ["Ana", "Ben", "Cid"]}
    broken = {**record, "event": [{"type": "auction", "auctioneer": "Ben", "animal": "cow"}]}
    path = write(json.dumps(record) + "\n\n" + json.dumps(broken) + "\n", "r.jsonl")
    lines = [json.loads(line) for line in invoke(["validate", "--jsonl", path]).stdout.splitlines()]
    assert [line["schema_version"] for line in lines] == [1, 1]
    assert {f["line"] for f in lines[1]["findings"]} == {3}


def test_the_api_locates_findings_too() -> None:
    result = refcli.validate(EXAMPLES / "kuhhandel" / "record-broken.toml")
    assert [f.line for f in result.findings] == [69, 402, 589]
    parsed = refcli.validate(tomllib.loads((EXAMPLES / "kuhhandel" / "record-broken.toml").read_text()))
    assert {f.line for f in parsed.findings} == {None}  # a dict has no lines


def test_the_summary_counts_valid_invalid_and_unreadable(invoke: Invoke, write: Any) -> None:
    files = [
        str(EXAMPLES / "kuhhandel" / "record-edition2.toml"),
        str(EXAMPLES / "kuhhandel" / "record-broken.toml"),
        MISSING,
        write(BAD, "bad.toml"),
    ]
    document = json.loads(invoke(["validate", *files, "-f", "json"]).stdout)
    assert document["counts"] == {"files": 4, "valid": 1, "invalid": 1, "unreadable": 2}
    assert document["results"][2]["error"]["exit_code"] == 66
    assert document["results"][3]["error"] == {
        "message": document["results"][3]["findings"][0]["message"],
        "line": 2,
        "key": "edition",
        "exit_code": 65,
    }
    text = invoke(["validate", *files]).stdout
    assert "4 files validated: 1 valid, 1 invalid, 2 unreadable" in text
    toml = tomllib.loads(invoke(["validate", *files, "-f", "toml"]).stdout)
    assert toml["counts"]["unreadable"] == 2 and toml["schema_version"] == 1
    parallel = json.loads(invoke(["validate", *files, "-f", "json", "--jobs", "2"]).stdout)
    assert parallel["counts"] == document["counts"]
