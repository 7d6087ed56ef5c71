"""Validating many records: streamed JSON, JSON Lines in and out, --jobs, exit codes."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path

from conftest import EXAMPLES, Invoke

from refcli.games.bamboozled.simulate import random_game as bamboozled_game
from refcli.games.kuhhandel.simulate import random_game as kuhhandel_game
from refcli.games.record_toml import to_toml
from refcli.language import i18n

Write = Callable[..., str]


def records(tmp_path: Path, count: int) -> list[str]:
    paths = []
    for number in range(count):
        game = (kuhhandel_game if number % 2 else bamboozled_game)(number)
        path = tmp_path / f"game{number:03d}.toml"
        path.write_text(to_toml(game), encoding="utf-8")
        paths.append(str(path))
    return paths


def test_json_output_is_one_document_in_input_order(invoke: Invoke, tmp_path: Path) -> None:
    paths = records(tmp_path, 6)
    result = invoke(["validate", *paths, "-f", "json"])
    doc = json.loads(result.stdout)
    assert result.exit_code == 0
    assert [r["file"] for r in doc["results"]] == paths
    # valid records: only the register entries their replays applied are quoted
    applied = {rule for r in doc["results"] for rule in r.get("interpretations", ())}
    assert {c["id"] for c in doc["citations"]} == applied


def test_jobs_give_the_same_results_in_the_same_order(invoke: Invoke, tmp_path: Path) -> None:
    paths = records(tmp_path, 10) + [str(EXAMPLES / "kuhhandel" / "record-broken.toml")]
    single = invoke(["validate", *paths, "-f", "json"])
    double = invoke(["validate", "--jobs", "2", *paths, "-f", "json"])
    assert single.exit_code == double.exit_code == 1
    assert json.loads(single.stdout) == json.loads(double.stdout)


def test_jsonl_in_and_out(invoke: Invoke, tmp_path: Path) -> None:
    paths = records(tmp_path, 4)
    lines = [json.dumps(tomllib.loads(Path(p).read_text(encoding="utf-8"))) for p in paths]
    broken = json.loads(lines[1])
    broken["event"][0]["type"] = "dance"
    lines[1] = json.dumps(broken)
    lines.insert(2, "{not json")
    source = tmp_path / "games.jsonl"
    source.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    result = invoke(["validate", "--jsonl", str(source)])
    assert result.exit_code == 65
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["file"] for row in out] == [f"{source}:{n}" for n in (1, 2, 3, 4, 5)]
    assert [row["valid"] for row in out] == [True, False, False, True, True]
    assert out[1]["findings"][0]["rule"] == "input" and "event[1].type" in out[1]["findings"][0]["message"]
    assert f"{source}:3: not valid JSON" in result.stderr
    from_stdin = invoke(["validate", "--jsonl", "-"], input=source.read_text(encoding="utf-8"))
    assert [json.loads(line)["file"] for line in from_stdin.stdout.splitlines()][0] == "<stdin>:1"


def test_jobs_read_a_files_lines_again_where_the_parent_found_them(invoke: Invoke, tmp_path: Path) -> None:
    """--jobs workers re-read a regular file's lines: every line lands where --jobs 1 reads it (a byte-order
    mark on line 1, CRLF, blank lines, a line over the size limit skipped, no line break at the end)."""
    paths = records(tmp_path, 6)
    lines = [json.dumps(tomllib.loads(Path(p).read_text(encoding="utf-8"))).encode() for p in paths]
    limit = max(map(len, lines)) + 10
    too_large = b'{"game": "money", "note": "' + b"x" * limit + b'"}'
    text = b"\xef\xbb\xbf" + lines[0] + b"\r\n\n" + lines[1] + b"\n" + too_large + b"\n  \n"
    text += lines[2] + b"\r\n" + b"{not json\n" + b"\n".join(lines[3:])
    source = tmp_path / "games.jsonl"
    source.write_bytes(text)
    command = ["validate", "--jsonl", "--max-bytes", str(limit), str(source)]
    single, double = invoke(command), invoke([*command, "--jobs", "2"])
    assert single.exit_code == double.exit_code == 65
    assert single.stdout == double.stdout and single.stderr == double.stderr
    out = [json.loads(line) for line in double.stdout.splitlines()]
    assert [row["file"].rsplit(":", 1)[1] for row in out] == ["1", "3", "4", "6", "7", "8", "9", "10"]
    assert [row["valid"] for row in out] == [True, True, False, True, False, True, True, True]


def test_a_line_of_a_file_travels_as_where_it_is_and_reads_back_as_read(tmp_path: Path) -> None:
    """What a worker is sent for a line of a regular file is its place, not its bytes; if the file no longer
    holds those bytes there, the line is refused as unreadable (exit 66), never validated as something else."""
    import pickle

    from refcli.reading.json_lines import FileBytes, Refused, json_lines

    source = tmp_path / "games.jsonl"
    line = b'{"game": "money", "note": "' + b"x" * 5000 + b'"}'
    source.write_bytes(b"\n" + line + b"\n" + line + b"\n")
    tasks = list(json_lines(str(source), 1 << 20))
    assert [task.number for task in tasks] == [2, 3] and all(isinstance(task.raw, FileBytes) for task in tasks)
    sent = pickle.dumps(tasks)
    assert len(sent) < 1000
    assert [task.raw for task in pickle.loads(sent)] == [line + b"\n", line + b"\n"]
    source.write_bytes(b"\n" + line + b"\n" + line.replace(b"x", b"y") + b"\n")  # rewritten in place
    first, second = pickle.loads(sent)
    assert first.raw == line + b"\n" and type(first.raw) is bytes
    assert isinstance(second.raw, Refused) and second.raw.status == 66 and "games.jsonl" in second.raw.message
    assert "it changed while refcli was reading it; validate it again" in second.raw.message
    i18n.set_language("es")  # a whole sentence in the run's language, not the system's English words
    assert "ha cambiado mientras refcli lo leía; vuelve a validarlo" in pickle.loads(sent)[1].raw.message


def test_jsonl_rule_errors_exit_1(invoke: Invoke, tmp_path: Path) -> None:
    text = (EXAMPLES / "kuhhandel" / "record-broken.toml").read_text(encoding="utf-8")
    source = tmp_path / "one.jsonl"
    source.write_text(json.dumps(tomllib.loads(text)) + "\n", encoding="utf-8")
    result = invoke(["kuhhandel", "validate", "--jsonl", str(source)])
    assert result.exit_code == 1
    row = json.loads(result.stdout)
    assert row["valid"] is False and {f["event"] for f in row["findings"]} >= {7, 46}


def test_text_output_streams_each_file_then_a_summary(invoke: Invoke, tmp_path: Path) -> None:
    paths = records(tmp_path, 3)
    result = invoke(["validate", *paths])
    assert result.stdout.index(paths[0]) < result.stdout.index(paths[1]) < result.stdout.index("3 files validated")
    assert "\r" not in result.stderr  # no progress line when stderr is not a terminal


def test_missing_jsonl_file_is_66(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(["validate", "--jsonl", str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 66


def test_progress_shows_on_a_terminal_after_a_second(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io

    from refcli.cli import batch

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    clock = iter([0.0, 0.5, 1.2, 1.25, 1.5, 2.0])
    monkeypatch.setattr(batch.time, "monotonic", lambda: next(clock))
    terminal = Terminal()
    monkeypatch.setattr(batch.sys, "stderr", terminal)
    progress = batch.Progress(total=4)
    for _ in range(4):
        progress.step()
    shown = terminal.getvalue()
    assert "1/4" not in shown  # under a second: nothing
    assert "2/4 records" in shown and "4/4 records" in shown and "3/4" not in shown  # at most ten a second
    progress.close()
    assert terminal.getvalue().endswith("\r")


def test_no_progress_when_stderr_is_not_a_terminal(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io

    from refcli.cli import batch

    pipe = io.StringIO()
    monkeypatch.setattr(batch.sys, "stderr", pipe)
    progress = batch.Progress(total=2)
    progress.step()
    progress.close()
    assert pipe.getvalue() == ""


def test_a_json_lines_document_is_the_one_the_constructor_makes() -> None:
    """``Document.of_line`` (a batch's record, its fields set at once) makes what ``Document(…)`` makes."""
    import dataclasses

    from refcli.reading.documents import Document

    data = {"game": "kuhhandel", "players": ["Ana", "Ben"]}
    made, built = Document.of_line("in.jsonl", data, 7), Document(name="in.jsonl", data=data, text="", line=7)
    assert made == built and vars(made) == vars(built)
    assert [f.name for f in dataclasses.fields(Document)] == list(vars(made))  # every field, in order
    assert made.names is not Document.of_line("in.jsonl", data, 7).names  # a dict of its own, as default_factory
    assert made.locator().line_of(("players", 1)) == 7


def test_a_result_encoded_for_a_batch_is_json_dumps_text() -> None:
    """The batch's encoder (made once) writes what ``json.dumps(ensure_ascii=False)`` writes, safe to print."""
    from refcli.cli.batch import _encode
    from refcli.language.visible import in_document

    value = {"file": "a×b.jsonl:3", "valid": False, "n": [1, 2.5, None, True], "t": {"ü": "\u2028\x00"}}
    assert _encode(value) == in_document(json.dumps(value, ensure_ascii=False))


def test_the_lines_size_is_known_only_for_regular_files(tmp_path: Path) -> None:
    """What lets --jobs workers finish together on JSON lines: the bytes to read, known for regular files only."""
    from refcli.reading.json_lines import lines_size

    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_bytes(b"{}\n" * 5)
    second.write_bytes(b"{}\n")
    assert lines_size([str(first), str(second)]) == 18
    assert lines_size([str(first), "-"]) is None  # standard input: not known
    assert lines_size([str(first), str(tmp_path / "missing.jsonl")]) is None  # reported when it is read
    assert lines_size([str(tmp_path)]) is None  # a folder is no regular file
