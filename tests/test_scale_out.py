"""Scale-out: one JSON line through the API is the command line's result for it, and the examples run as written.

``refcli.validate_line`` and ``refcli validate --jsonl`` share their code
(``refcli.validating``); these tests hold them to the same answers on good
and bad lines, and run the README's examples (examples/scale-out) as scripts,
the way a user saves and runs them: dask.bag on local processes and
dask.distributed on a LocalCluster of two worker processes.
"""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, REPO, Invoke

import refcli
from refcli.model.errors import UsageError

SCALE_OUT = EXAMPLES / "scale-out"
RECORDS = sorted(EXAMPLES.glob("*/record-*.toml"))

# Lines the command line refuses, each in its own way; every one must come back as a result, never raised.
BAD_LINES: dict[str, bytes] = {
    "not JSON": b"this is not json",
    "cut short": b'{"game": "kuhhandel", ',
    "not an object": b"[1, 2]",
    "an unknown game": b'{"game": "chess"}',
    "no game": b'{"player": []}',
    "not UTF-8": b'{"game": "money", "note": "\xff"}',
    "half a surrogate pair": b'{"game": "money", "note": "\\ud800"}',
    "a stray byte-order mark": b'\xef\xbb\xbf{"game": "money"}',
    "an integer too long": b'{"game": "kuhhandel", "edition": ' + b"1" * 5000 + b"}",
    "nested too deeply": b'{"game": "money", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
}


def record_lines(count: int) -> list[bytes]:
    """``count`` JSON lines: the example records (valid ones and broken ones) in turn."""
    records = [json.dumps(tomllib.loads(path.read_text(encoding="utf-8"))).encode() for path in RECORDS]
    return [records[number % len(records)] for number in range(count)]


def jsonl_with_bad_lines(path: Path, count: int) -> list[bytes]:
    """A JSON Lines file of ``count`` records with every bad line spread among them, a blank line and a BOM.

    Returns its lines as written (without their line breaks), so line N is ``lines[N - 1]``.
    """
    lines = record_lines(count)
    for place, bad in enumerate(BAD_LINES.values()):
        lines.insert(3 + place * max(1, count // len(BAD_LINES)), bad)
    lines.insert(len(lines) // 2, b"   ")  # blank: no record, on the command line and in the examples
    lines[0] = b"\xef\xbb\xbf" + lines[0]  # a file may start with a byte-order mark
    path.write_bytes(b"\n".join(lines) + b"\n")
    return lines


def cli_results(output: str) -> list[dict[str, Any]]:
    """``refcli validate --jsonl`` output as the API's ``to_dict()``s: each line less its ``schema_version``."""
    results = []
    for line in output.splitlines():
        result = json.loads(line)
        assert result.pop("schema_version") == 1
        results.append(result)
    return results


@pytest.mark.parametrize(
    ("words", "options"),
    [
        ([], {}),
        (["--strict"], {"strict": True}),
        (["--max-bytes", "3000"], {"max_bytes": 3000}),  # the longer records are too large
    ],
    ids=["plain", "strict", "max-bytes"],
)
@pytest.mark.parametrize("game", [None, "kuhhandel"])
def test_a_line_gets_the_command_lines_result(
    tmp_path: Path, invoke: Invoke, words: list[str], options: dict[str, Any], game: str | None
) -> None:
    path = tmp_path / "games.jsonl"
    lines = jsonl_with_bad_lines(path, 30)
    command = [game, "validate"] if game else ["validate"]
    cli = invoke([*command, "--jsonl", "--format", "json", *words, str(path)])
    assert cli.exit_code in (1, 65, 66), cli.stderr
    api = [
        refcli.validate_line(line, name=str(path), line=number, game=game, **options).to_dict()
        for number, line in enumerate(lines, 1)
        if line.strip()
    ]
    assert api == cli_results(cli.stdout)
    inputs = [result for result in api if any(finding["rule"] == "input" for finding in result["findings"])]
    assert len(inputs) >= len(BAD_LINES)  # every bad line came back as a result


def test_text_a_line_break_and_bytes_read_alike(tmp_path: Path) -> None:
    line = json.dumps(tomllib.loads((EXAMPLES / "money" / "record-game.toml").read_text(encoding="utf-8"))).encode()
    as_bytes = refcli.validate_line(line).to_dict()
    assert as_bytes["valid"] and as_bytes["file"] == "<line>"
    assert refcli.validate_line(line.decode() + "\n").to_dict() == as_bytes
    assert refcli.validate_line(bytearray(line)).to_dict() == as_bytes
    # a line read with errors="surrogateescape" gives back its bytes: refused where the bytes are
    bad = BAD_LINES["not UTF-8"]
    read = bad.decode("utf-8", "surrogateescape")
    assert refcli.validate_line(read).to_dict() == refcli.validate_line(bad).to_dict()


def test_a_bad_line_is_an_invalid_result_located_at_its_line() -> None:
    result = refcli.validate_line("this is not json\n", name="shard-7.jsonl", line=12)
    assert not result.valid and result.file == "shard-7.jsonl:12"
    (finding,) = result.findings
    assert (finding.rule, finding.line) == ("input", 12)
    assert finding.message == (
        "shard-7.jsonl:12: not valid JSON at column 1: a value is expected there "
        "(text in double quotes, a number, an object, an array, true, false or null)"
    )
    unnamed = refcli.validate_line("[1]")
    assert unnamed.file == "<line>" and unnamed.findings[0].message == (
        "<line>:1: expected a JSON object (one record per line)"
    )


def test_a_line_over_the_size_limit_is_too_large_whatever_it_holds() -> None:
    line = b'{"game": "money", "note": "\x00' + b"x" * 200 + b'"}'
    (finding,) = refcli.validate_line(line, max_bytes=100, line=4).findings
    assert finding.rule == "input" and "at most 100 bytes" in finding.message, finding.message
    exactly = b'{"game": "money"}'
    assert "at most" not in refcli.validate_line(exactly + b"\n", max_bytes=len(exactly)).findings[0].message


def test_the_result_is_in_the_language_asked_and_pickles() -> None:
    result = refcli.validate_line("nope", lang="es")
    assert "JSON no válido" in result.findings[0].message, result.findings[0].message
    assert pickle.loads(pickle.dumps(result)) == result
    assert pickle.loads(pickle.dumps(refcli.validate_line)) is refcli.validate_line


@pytest.mark.parametrize(
    ("arguments", "error", "says"),
    [
        ({"text": 12}, TypeError, "the line must be text (str) or bytes, not int"),
        ({"text": None}, TypeError, "the line must be text (str) or bytes, not NoneType"),
        ({"line": "3"}, TypeError, "line must be an integer or None, not str"),
        ({"line": True}, TypeError, "line must be an integer or None, not bool"),
        ({"line": 0}, UsageError, "line must be 1 or more (lines count from 1), not 0"),
        ({"name": None}, TypeError, "name must be a string, not NoneType"),
        ({"strict": "yes"}, TypeError, "strict must be True or False, not str"),
        ({"max_bytes": 0}, UsageError, "max_bytes must be from 1 to"),
        ({"game": "chess"}, UsageError, "no game 'chess'"),
        ({"lang": "fr"}, UsageError, "no language 'fr'"),
    ],
)
def test_a_wrong_argument_is_the_callers_mistake(arguments: dict[str, Any], error: type[Exception], says: str) -> None:
    call = {"text": "{}", **arguments}
    with pytest.raises(error) as caught:
        refcli.validate_line(call.pop("text"), **call)
    assert str(caught.value).startswith(says)


# -- the examples, as a user saves and runs them -------------------------------------------------------
def readme_python_blocks() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## At scale\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_readme_shows_the_examples_as_they_are() -> None:
    examples = [(SCALE_OUT / name).read_text(encoding="utf-8") for name in ("dask_bag.py", "dask_distributed.py")]
    assert readme_python_blocks() == examples
    for text in examples:
        assert '\nif __name__ == "__main__":\n' in text  # process-based schedulers import the script in each worker


def run_example(name: str, *arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCALE_OUT / name), *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def shards(folder: Path, files: int, records: int) -> list[str]:
    """``files`` JSON Lines files of ``records`` records each, bad lines among them; their paths, relative."""
    (folder / "shards").mkdir()
    paths = []
    for number in range(files):
        path = Path("shards") / f"part-{number}.jsonl"
        jsonl_with_bad_lines(folder / path, records)
        paths.append(str(path))
    return paths


def test_the_dask_bag_example_runs_as_a_script_on_local_processes(tmp_path: Path, invoke: Invoke) -> None:
    pytest.importorskip("dask.bag", reason="dask is in the test extras")
    paths = shards(tmp_path, 2, 20)
    done = run_example("dask_bag.py", "shards/*.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    cli = invoke(["validate", "--jsonl", "--format", "json", *(str(tmp_path / path) for path in paths)])
    valid = sum(result["valid"] for result in cli_results(cli.stdout))
    invalid = len(cli_results(cli.stdout)) - valid
    assert done.stdout == f"{{'invalid': {invalid}, 'valid': {valid}}}\n"
    assert invalid >= 2 * len(BAD_LINES)


def test_the_dask_distributed_example_gives_every_result_the_command_line_gives(
    tmp_path: Path, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed", reason="distributed is in the test extras")
    paths = shards(tmp_path, 3, 100)  # a few hundred records over three files, with bad lines
    done = run_example("dask_distributed.py", "--workers", "2", *paths, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    monkeypatch.chdir(tmp_path)  # the same relative paths, so the results are named alike
    cli = invoke(["validate", "--jsonl", "--format", "json", *paths])
    expected = cli_results(cli.stdout)
    assert len(expected) == 3 * (100 + len(BAD_LINES))
    assert [json.loads(line) for line in done.stdout.splitlines()] == expected
    valid = sum(result["valid"] for result in expected)
    assert done.stderr.rstrip().endswith(f"{{'invalid': {len(expected) - valid}, 'valid': {valid}}}")


@pytest.mark.parametrize("ending", [b"", b"\n", b"\r\n"])
def test_a_line_cut_short_is_located_at_its_end_with_or_without_its_line_break(
    tmp_path: Path, invoke: Invoke, ending: bytes
) -> None:
    path = tmp_path / "cut.jsonl"
    path.write_bytes(b'{"game": "kuhhandel", ' + ending)
    cli = invoke(["validate", "--jsonl", "--format", "json", str(path)])
    said = f"{path}:1: not valid JSON: the line ends at column 23 before the record does (was it cut short?)"
    assert said in cli.stderr, cli.stderr
    (finding,) = refcli.validate_line(b'{"game": "kuhhandel", ' + ending, name=str(path), line=1).findings
    assert finding.message == said
