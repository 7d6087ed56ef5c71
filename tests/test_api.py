"""The Python API: the same answers as the CLI, typed, immutable, picklable, options as arguments."""

from __future__ import annotations

import json
import pickle
import re
import tomllib
from pathlib import Path

import pytest
from conftest import EXAMPLES, REPO, Invoke
from test_examples import EXAMPLE_FILES, expected_exit, run_line

import refcli
from refcli.model.errors import DataError, InputUnreadable, UsageError

VERBS = {"score": refcli.score, "ruling": refcli.rule, "validate": refcli.validate}


def api_call(example: Path) -> tuple[str, dict[str, object]]:
    """The verb and the keyword options of an example's ``# run:`` line, as the API takes them."""
    words = run_line(example)
    verb = next(word for word in words if word in VERBS)
    options: dict[str, object] = {"partial": True} if "--partial" in words else {}
    if "--multiply" in words:
        options["multiply"] = True
    if "--strict" in words:
        options["strict"] = True
    if words[0] != verb:
        options["game"] = words[0]
    return verb, options


# Examples run on one file; with several the CLI bundles one API result per file (tests/test_cli.py).
SINGLE_FILE_EXAMPLES = [e for e in EXAMPLE_FILES if sum(word.endswith(".toml") for word in run_line(e)) == 1]


@pytest.mark.parametrize("example", SINGLE_FILE_EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_api_gives_what_the_cli_prints(example: Path, invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(example.parent)
    verb, options = api_call(example)
    try:
        result = VERBS[verb](example.name, **options)
    except DataError as error:  # an example meant to be refused: the CLI's one line, exit 65
        assert expected_exit(example) == 65
        assert invoke([*run_line(example)]).stderr == f"refcli: error: {error.one_line()}\n"
        return
    printed = json.loads(invoke([*run_line(example), "--format", "json"]).stdout)
    assert printed.pop("schema_version") == 1  # the document's, not the result's (refcli.results.report.versioned)
    if verb == "validate":
        (printed,) = printed["results"]
    assert result.to_dict() == printed
    assert pickle.loads(pickle.dumps(result)) == result


def test_a_parsed_document_works_like_its_file() -> None:
    path = EXAMPLES / "kuhhandel" / "rulebook-2460.toml"
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    from_dict, from_file = refcli.score(document), refcli.score(path)
    assert from_dict.players == from_file.players
    assert from_dict.winners == ("Cid",)
    assert [(p.name, p.score, p.rank) for p in from_file.players] == [
        ("Cid", 14500, 1),
        ("Ana", 2460, 2),
        ("Ben", 260, 3),
    ]


def test_results_are_typed_and_immutable() -> None:
    score = refcli.score(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")
    assert isinstance(score, refcli.Score) and score.over and score.game == "kuhhandel"
    with pytest.raises(AttributeError):
        score.data = {}  # type: ignore[misc]
    with pytest.raises(TypeError):
        score.data["winners"] = ["Ana"]  # type: ignore[index]
    copy = score.to_dict()
    copy["winners"] = ["Ana"]
    assert score.winners == ("Cid",)
    ruling = refcli.rule(EXAMPLES / "cup-of-bluff" / "call-wrong-target.toml")
    assert isinstance(ruling, refcli.Ruling) and not ruling.legal and ruling.broken_rule
    validation = refcli.validate(EXAMPLES / "kuhhandel" / "record-broken.toml")
    assert not validation.valid and [f.event for f in validation.findings][:2] == [7, 46]


def test_results_render_like_the_cli(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    path = "examples/money/rulebook-450.toml"
    assert str(refcli.score(path)) == invoke(["money", "score", path]).stdout
    assert refcli.score(path).to_json() == invoke(["money", "score", path, "--format", "json"]).stdout


def test_per_game_api_and_aliases() -> None:
    document = tomllib.loads((EXAMPLES / "money" / "rulebook-450.toml").read_text(encoding="utf-8"))
    del document["game"]
    assert refcli.game("money").score(document).game == "money"
    assert refcli.game("Dinero").id == "money"
    with pytest.raises(UsageError, match="no game 'chess'"):
        refcli.game("chess")
    with pytest.raises(DataError):
        refcli.score(document)  # no game key and no game named


def test_errors_name_the_source_and_what_to_fix(tmp_path: Path) -> None:
    with pytest.raises(InputUnreadable):
        refcli.score(tmp_path / "missing.toml")
    bad = {"game": "kuhhandel", "edition": 3, "player": [{"name": "Ana"}]}
    with pytest.raises(DataError) as caught:
        refcli.score(bad)
    assert caught.value.one_line().startswith(
        "<document>: edition: 3 is out of range; expected the edition: an integer 1 or 2"
    )


def test_the_size_limit_is_an_argument_not_state(tmp_path: Path) -> None:
    path = EXAMPLES / "kuhhandel" / "rulebook-2460.toml"
    with pytest.raises(DataError, match="at most 10 bytes"):
        refcli.score(path, max_bytes=10)
    assert refcli.score(path).winners == ("Cid",)  # the earlier limit did not stay behind


def test_functions_pickle_by_reference() -> None:
    for function in (refcli.score, refcli.rule, refcli.validate):
        assert pickle.loads(pickle.dumps(function)) is function
    bound = refcli.game("kuhhandel").score
    restored = pickle.loads(pickle.dumps(bound))
    assert restored.__self__ == bound.__self__ and restored.__func__ is bound.__func__


def readme_python(title: str) -> str:
    """The first ```python block after the README heading ``title``."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {title}\n", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match, f"no python block under '{title}'"
    return match.group(1)


def test_readme_api_example_runs(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(REPO)
    exec(compile(readme_python("Python API"), "README.md", "exec"), {})
    assert "Cid" in capsys.readouterr().out
