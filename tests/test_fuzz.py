"""Fuzzing every loader, verb and output path; the documents come from the format descriptions.

What is fuzzed is found through the registry: every registered game and every
kind it describes (``refcli.reading.formats.descriptions(game.package)``: the final
snapshot, each situation, the record) gets documents drawn from its
description (``tests/fuzzing.py``), written as TOML (or a JSON line for
``validate --jsonl``) and read by the verb for that kind (``score``,
``ruling``, ``validate``), the game's own command or the cross-game one.
Beside them: random bytes and byte-edited documents, random TOML trees of the
described keys and documents given to another kind's verb, ``template -o
FILE`` against every kind of file a name can be, hostile terminal variables
(PAGER, REFCLI_PAGER, COLUMNS, LINES, TERM, LANG; on a terminal or not),
``KEY=VALUE`` items at each description's key paths (alone or over a worked
example), answers typed at the questions refcli asks on a terminal (random
lines, or each fitting its question), the Python API given documents holding
hostile values, and, in real processes, a full or closed stdout, a reader
that has gone, and signals.

Every outcome must be a documented exit status: 0, 1, 65 (66 unreadable) for
the readers, with, for 65 and 66, exactly one ``refcli: error:`` line naming
the file; 2 too for items; 130 too for answers that end before the questions;
0 or 73 (exactly as the file system says) for output files; 74, 141 and 130
for the streams and signals. Never a traceback (the runner re-raises any
exception) and never 70 (a bug in refcli); items and answers never echo a
character a terminal acts on. The API raises only refcli's errors, or the
``TypeError`` refcli.arguments raises for a wrong type, and never prints.
Findings are kept as named cases in test_bad_input_catalogue.py,
test_no_crash.py and test_hostile_echo.py.

The default run tries a few hundred examples; ``pytest -m fuzz`` runs the
campaign: ``CAMPAIGN_EXAMPLES`` (over 100,000) in all, counted as they run and
printed at the end.
"""

from __future__ import annotations

import io
import json
import os
import re
import select
import shutil
import signal
import stat
import subprocess
import sys
import time
import tomllib
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import chdir, contextmanager, nullcontext
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fuzzing import (
    DRAWN_KINDS,
    HOSTILE_API_VALUES,
    HOSTILE_RATES,
    MUTATIONS,
    Answerer,
    Mutation,
    Target,
    answers,
    as_json_line,
    as_toml,
    dispatched_kinds,
    documents,
    environments,
    items,
    key_paths,
    mutated,
    targets,
    terminal_controls,
    worked_example_paths,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from refcli.cli import prompts as prompting
from refcli.cli.app import app
from refcli.language.visible import visible
from refcli.model import registry
from refcli.model.exit_status import ExitStatus
from refcli.model.game import Game
from refcli.reading.formats import KINDS, descriptions, example_document

ERROR_LINE = re.compile(r"^refcli: error: [^\n]+$")
READER_CODES = {ExitStatus.OK, ExitStatus.RULE_BROKEN, ExitStatus.DATA, ExitStatus.UNREADABLE}
GUARD_SECONDS = 120  # a hang guard for the real processes, not a timing
runner = CliRunner()
TARGETS = targets()

# -- how many examples each fuzzer tries: (default run, campaign) -------------------------------
DOCUMENTS = (12, 4_100)  # per (game, kind): 21 built-in kinds
CROSSED = (40, 6_000)  # random TOML trees of the described keys; documents given to another kind's verb
BYTES = (40, 6_000)  # random bytes, text and byte-edited documents
OUTPUT_FILES = (30, 4_000)  # template -o FILE against every kind of file
STREAMS = (1, 10)  # each case, in real processes (slow)
ENVIRONMENTS = (20, 2_000)  # hostile PAGER, REFCLI_PAGER, COLUMNS, LINES, TERM and LANG, on a terminal or not
ITEMS = (40, 4_000)  # KEY=VALUE items of every situation and final snapshot, alone or over a worked example
ANSWERS = (30, 2_000)  # what is typed at the questions refcli asks on a terminal
API = (40, 4_000)  # refcli.score, rule and validate given documents holding hostile values
STREAM_CASES = ("full", "closed", "gone", "signal while reading", "signal while validating")


def campaign_examples() -> dict[str, int]:
    """What ``pytest -m fuzz`` runs; each campaign test checks that it ran as many as it asked for."""
    return {
        "documents": DOCUMENTS[1] * len(TARGETS),
        "crossed documents and random TOML": CROSSED[1],
        "bytes": BYTES[1],
        "output files": OUTPUT_FILES[1],
        "streams and signals": STREAMS[1] * len(STREAM_CASES),
        "environment": ENVIRONMENTS[1],
        "items": ITEMS[1],
        "answers": ANSWERS[1],
        "api": API[1],
    }


CAMPAIGN_EXAMPLES = sum(campaign_examples().values())  # 114,150 (21 described kinds today)

# -- counting what ran (printed after the run) -----------------------------------------------
RAN: Counter[str] = Counter()
OUTCOMES: dict[str, Counter[int]] = {}
API_OUTCOMES: dict[str, Counter[str]] = {}  # the Python API's: a result, or the class of what it raised


def counted(name: str, code: int) -> None:
    RAN[name.split(":")[0]] += 1
    OUTCOMES.setdefault(name, Counter())[code] += 1


class CountsReport:
    """A pytest plugin: after the run, how many examples each fuzzer ran and the exit statuses they ended with."""

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not RAN:
            return
        terminalreporter.section("fuzzing")
        terminalreporter.write_line(
            f"{sum(RAN.values()):,} examples run (the campaign, pytest -m fuzz, runs {CAMPAIGN_EXAMPLES:,})"
        )
        for name, outcomes in sorted(OUTCOMES.items()):
            codes = ", ".join(f"{code}: {count}" for code, count in sorted(outcomes.items()))
            terminalreporter.write_line(f"  {name:<40} exit {codes}")
        for name, api_outcomes in sorted(API_OUTCOMES.items()):
            ended = ", ".join(f"{outcome}: {count}" for outcome, count in sorted(api_outcomes.items()))
            terminalreporter.write_line(f"  {name:<40} {ended}")


@pytest.fixture(scope="module", autouse=True)
def report_counts(request: pytest.FixtureRequest) -> None:
    if not request.config.pluginmanager.has_plugin("refcli-fuzz-counts"):
        request.config.pluginmanager.register(CountsReport(), "refcli-fuzz-counts")


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None, print_blob=True
    )


def invoke(args: list[str], input: str | None = None) -> Result:
    return runner.invoke(app, args, input=input, catch_exceptions=False)


def write_new(path: Path, data: bytes) -> None:
    """The input file, made anew: rewriting a file in place costs a flush on ext4 (ms per example)."""
    path.unlink(missing_ok=True)
    path.write_bytes(data)


@contextmanager
def command_built_once() -> Iterator[None]:
    """typer's CliRunner builds refcli's click command on every invoke (a millisecond); for a fuzzer's
    run build it once: the same command, from the registry as it is when the run starts."""
    import typer.testing

    build = getattr(typer.testing, "_get_command", None)
    if build is None:  # another typer: build per invoke, slower and the same
        yield
        return
    built = build(app)
    typer.testing._get_command = lambda given: built if given is app else build(given)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        typer.testing._get_command = build  # type: ignore[attr-defined]


# -- reading a document -----------------------------------------------------------------------------
def verb_args(target: Target, cross: bool, options: tuple[str, ...]) -> list[str]:
    verb = target.desc.verb
    return [verb, *options] if cross else [target.game.id, verb, *options]


SIMILAR_NAMES = re.compile(r"refcli: warning: .*: The player names .* (differ only|look alike)")


def check_read(result: Result, args: list[str], path: Path, text: str) -> None:
    """A documented exit status; for 65 and 66 one error line naming the file; the output is what was asked for."""
    where = f"refcli {' '.join(args)}\n--- the file:\n{text[:3000]}\n--- stderr:\n{result.stderr}"
    code = result.exit_code
    assert code in READER_CODES, where
    # players whose names look alike are warned about, one line each, whatever else happens
    lines = [line for line in result.stderr.splitlines() if not SIMILAR_NAMES.match(line)]
    if code in (65, 66):
        assert len(lines) == 1 and ERROR_LINE.match(lines[0]), where
        assert str(path) in lines[0], where
        if "json" in args and "--jsonl" not in args:  # a file that fails is still a document (docs/output.md)
            assert json.loads(result.stdout)["schema_version"] == 1, where
        return
    assert lines == [], where
    if "--jsonl" in args:  # results as JSON Lines, whatever the format
        for line in result.stdout.splitlines():
            json.loads(line)
    elif "json" in args:
        json.loads(result.stdout)
    elif "toml" in args:
        tomllib.loads(result.stdout)


def read_document(
    target: Target, document: dict[str, Any], cross: bool, options: tuple[str, ...], path: Path
) -> Result:
    jsonl = "--jsonl" in options
    text = as_json_line(document) if jsonl else as_toml(document)
    write_new(path, text.encode("utf-8"))
    args = [*verb_args(target, cross, options), str(path)]
    result = invoke(args)
    check_read(result, args, path, text)
    return result


def options_for(target: Target) -> st.SearchStrategy[tuple[str, ...]]:
    """The verb's options a run may add: the output format, --partial, --strict, --jsonl."""
    formats = st.sampled_from([(), (), ("--format", "json"), ("--format", "toml")])
    extra: st.SearchStrategy[tuple[str, ...]] = st.just(())
    if target.desc.verb == "score":
        extra = st.sampled_from([(), ("--partial",)])
    elif target.desc.verb == "validate":
        extra = st.sampled_from([(), (), ("--strict",), ("--jsonl",)])
    # --jsonl writes JSON Lines: --format toml with it is a usage error (exit 2), so it asks for json then
    return st.tuples(formats, extra).map(
        lambda pair: (*pair[1], *(("--format", "json") if "--jsonl" in pair[1] and pair[0] else pair[0]))
    )


_CASES: dict[str, st.SearchStrategy[tuple[bool, dict[str, Any], tuple[str, ...]]]] = {}


def cases_for(target: Target) -> st.SearchStrategy[tuple[bool, dict[str, Any], tuple[str, ...]]]:
    """(through the cross-game verb?, a document, options): the cross-game verbs need the ``game`` key."""
    found = _CASES.get(target.name)
    if (
        found is None or target.game.package not in sys.modules
    ):  # a game registered for one test (the toy) is new each time
        own, crossing = documents(target.desc), documents(target.desc, force=("game",))
        options = options_for(target)
        found = _CASES[target.name] = st.tuples(st.just(False), own, options) | st.tuples(
            st.just(True), crossing, options
        )
    return found


def document_test(target: Target, examples: int):  # type: ignore[no-untyped-def]
    strategy = cases_for(target)

    @fuzz_settings(examples)
    @given(case=strategy)
    def run(path: Path, case: tuple[bool, dict[str, Any], tuple[str, ...]]) -> None:
        cross, document, options = case
        result = read_document(target, document, cross, options, path)
        counted(f"documents: {target.name}", result.exit_code)

    return run


# -- crossed documents and random TOML ---------------------------------------------------------------
def described_keys() -> list[str]:
    keys: set[str] = set()

    def walk(fields: Any) -> None:
        for f in fields:
            keys.add(f.key)
            walk(f.type.fields)
            walk(f.type.variants)
            for child in (f.type.item, f.type.key, *f.type.items):
                if child is not None:
                    walk(child.fields)
                    walk(child.variants)

    for target in TARGETS:
        walk(target.desc.fields)
    return sorted(keys)


@cache
def crossed_strategy() -> st.SearchStrategy[tuple[Target, dict[str, Any]]]:
    """A well-formed-ish document of one kind given to the verb of another kind of the same game, or a random tree."""
    keys = st.sampled_from(described_keys())
    scalars = st.one_of(
        st.integers(-2, 60),
        st.booleans(),
        st.sampled_from(["Ana", "Ben", "cow", "43", "bluff", "x"]),
        st.floats(allow_nan=True),
    )
    trees = st.recursive(
        scalars,
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)),
        max_leaves=20,
    )
    head = st.sampled_from(TARGETS).map(
        lambda t: {"game": t.game.id, **({"situation": t.kind} if t.desc.verb == "ruling" else {})}
    )
    random_tree = st.tuples(st.sampled_from(TARGETS), head, st.dictionaries(keys, trees, max_size=8)).map(
        lambda triple: (triple[0], {**triple[1], **triple[2]})
    )
    crossed = st.one_of(
        [st.tuples(st.sampled_from(TARGETS), documents(other.desc, force=("game",))) for other in TARGETS]
    )
    return st.one_of(random_tree, crossed)


def crossed_test(examples: int):  # type: ignore[no-untyped-def]
    @fuzz_settings(examples)
    @given(case=crossed_strategy(), cross=st.booleans())
    def run(path: Path, case: tuple[Target, dict[str, Any]], cross: bool) -> None:
        target, document = case
        result = read_document(target, document, cross, (), path)
        counted("crossed documents and random TOML", result.exit_code)

    return run


# -- random bytes ------------------------------------------------------------------------------------
def byte_targets() -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = [("score",), ("ruling",), ("validate",), ("validate", "--jsonl")]
    for game in registry.built_in():
        found += [(game.id, verb.name) for verb in game.verbs]
    return found


def example_texts() -> list[bytes]:
    """Every described kind's minimal document, as TOML: what the byte edits start from."""
    return [as_toml({"game": t.game.id, **example_document(t.desc)}).encode() for t in TARGETS]


@st.composite
def edited(draw: Any, texts: list[bytes]) -> bytes:
    """A well-formed document with a few bytes changed, inserted, deleted, or cut short."""
    data = bytearray(draw(st.sampled_from(texts)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        edit = draw(st.integers(0, 3))
        byte = draw(
            st.sampled_from([0, 0x0A, 0x22, 0x27, 0x5B, 0x5D, 0x3D, 0x23, 0x5C, 0xC3, 0xFF, 0x80]) | st.integers(0, 255)
        )
        if edit == 0:
            data.insert(at, byte)
        elif edit == 1 and at < len(data):
            data[at] = byte
        elif edit == 2:
            del data[at : at + draw(st.integers(1, 8))]
        else:
            del data[at:]
    return bytes(data)


def bytes_test(examples: int):  # type: ignore[no-untyped-def]
    raw_bytes = st.one_of(st.binary(max_size=400), st.text(max_size=300).map(str.encode), edited(example_texts()))

    @fuzz_settings(examples)
    @given(raw=raw_bytes, target=st.sampled_from(byte_targets()))
    def run(path: Path, raw: bytes, target: tuple[str, ...]) -> None:
        write_new(path, raw)
        args = [*target, str(path)]
        result = invoke(args)
        assert result.exit_code in READER_CODES, (args, raw, result.stderr)
        if result.exit_code in (65, 66):
            lines = result.stderr.splitlines()  # with --jsonl, one per line of the file
            assert lines and all(ERROR_LINE.match(line) and str(path) in line for line in lines), (raw, result.stderr)
            assert len(lines) == 1 or "--jsonl" in args, (raw, result.stderr)
        counted("bytes", result.exit_code)

    return run


# -- template -o FILE ---------------------------------------------------------------------------------
# What FILE is before the run, and what refcli must do: (code without --force, code with it).
FILE_STATES: dict[str, tuple[int, int]] = {
    "new": (0, 0),
    "file": (73, 0),
    "directory": (73, 73),
    "fifo": (73, 73),
    "link to a file": (73, 0),
    "link to a link to a file": (73, 0),
    "dangling link": (73, 0),
    "link to a directory": (73, 73),
    "link to a fifo": (73, 73),
    "link loop": (73, 73),
    "link into a missing folder": (73, 73),
    "in a missing folder": (73, 73),
    "under a file": (73, 73),
    "trailing slash": (73, 73),
    "name too long": (73, 73),
    "empty name": (73, 73),
}
NAME_CHARACTERS = st.characters(codec="utf-8", exclude_characters="/\x00", exclude_categories=("Cs",))


@cache
def template_kinds() -> list[tuple[str, str]]:
    return [(game.id, kind) for game in registry.built_in() for kind, _ in game.templates]


@cache
def template_text(game: str, kind: str) -> str:
    result = invoke([game, "template", kind])
    assert result.exit_code == 0
    return result.stdout


def prepare(folder: Path, state: str, name: str) -> tuple[str, Path | None]:
    """Make FILE's state in ``folder`` (empty); (the -o argument, the regular file that would receive the text)."""
    aside = folder / "aside"  # what links point to lives here
    aside.mkdir()
    path = folder / name
    receives: Path | None = path
    if state == "file":
        path.write_bytes(b"mine\n")
    elif state == "directory":
        path.mkdir()
    elif state == "fifo":
        os.mkfifo(path)
    elif state in ("link to a file", "link to a link to a file"):
        (aside / "real").write_bytes(b"mine\n")
        receives = aside / "real"
        if state == "link to a file":
            path.symlink_to(aside / "real")
        else:
            (aside / "hop").symlink_to("real")
            path.symlink_to(aside / "hop")
    elif state == "dangling link":
        path.symlink_to(aside / "later")
        receives = aside / "later"
    elif state == "link to a directory":
        path.symlink_to(aside)
    elif state == "link to a fifo":
        os.mkfifo(aside / "pipe")
        path.symlink_to(aside / "pipe")
    elif state == "link loop":
        (aside / "b").symlink_to(path)
        path.symlink_to(aside / "b")
    elif state == "link into a missing folder":
        path.symlink_to(aside / "missing" / "x")
    elif state == "in a missing folder":
        return str(folder / "missing" / name), None
    elif state == "under a file":
        (aside / "plain").write_bytes(b"mine\n")
        return str(aside / "plain" / name), None
    elif state == "trailing slash":
        return str(path) + "/", None
    elif state == "name too long":
        return str(folder / (name * 300)[:300]), None
    elif state == "empty name":
        return "", None
    return str(path), receives


def snapshot(folder: Path) -> dict[str, tuple[int, bytes | str | None]]:
    """Every entry under ``folder``: its type, and a file's bytes or a link's target."""
    found: dict[str, tuple[int, bytes | str | None]] = {}
    for root, dirs, files in os.walk(folder):
        for entry in dirs + files:
            full = os.path.join(root, entry)
            info = os.lstat(full)
            kind = stat.S_IFMT(info.st_mode)
            content: bytes | str | None = None
            if stat.S_ISREG(info.st_mode):
                content = Path(full).read_bytes()
            elif stat.S_ISLNK(info.st_mode):
                content = os.readlink(full)
            found[os.path.relpath(full, folder)] = (kind, content)
    return found


def output_test(examples: int):  # type: ignore[no-untyped-def]
    @fuzz_settings(examples)
    @given(
        state=st.sampled_from(sorted(FILE_STATES)),
        force=st.booleans(),
        which=st.sampled_from(template_kinds()),
        name=st.text(NAME_CHARACTERS, min_size=1, max_size=30).filter(lambda n: n not in (".", "..", "aside")),
    )
    def run(path: Path, state: str, force: bool, which: tuple[str, str], name: str) -> None:
        folder = path.parent / "out"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        argument, receives = prepare(folder, state, name)
        before = snapshot(folder)
        keep_open = [os.open(p, os.O_RDONLY | os.O_NONBLOCK) for p in folder.rglob("*") if p.is_fifo()]
        try:  # with a reader on every FIFO, a wrong write would not block: it would show as a wrong exit status
            result = invoke([which[0], "template", which[1], "-o", argument, *(["--force"] if force else [])])
        finally:
            for fd in keep_open:
                os.close(fd)
        expected = FILE_STATES[state][force]
        where = (state, force, argument, result.stderr)
        assert result.exit_code == expected, where
        after = snapshot(folder)
        if expected == 73:  # one line, whatever the name holds (blanks and line breaks in it are folded)
            assert result.stderr_bytes.count(b"\n") == 1 and ERROR_LINE.match(result.stderr.rstrip("\n")), where
            assert after == before, where  # nothing was touched
        else:  # the name as refcli echoes it: what a terminal acts on escaped (refcli.language.visible)
            assert result.stderr_bytes == f"wrote {visible(argument)}\n".encode(), where
            assert receives is not None
            assert receives.read_text(encoding="utf-8") == template_text(*which), where
            changed = {entry for entry in set(before) | set(after) if before.get(entry) != after.get(entry)}
            assert changed == {os.path.relpath(receives, folder)}, where  # the links stay, no temporary is left
        counted("output files", result.exit_code)

    return run


# -- standard output and signals, in real processes --------------------------------------------------------
def refcli(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "refcli", *args], timeout=GUARD_SECONDS, **kwargs)  # type: ignore[call-overload, no-any-return]


@cache
def any_case() -> st.SearchStrategy[tuple[Target, tuple[bool, dict[str, Any], tuple[str, ...]]]]:
    return st.one_of([st.tuples(st.just(target), cases_for(target)) for target in TARGETS])


def stream_expectation(
    target: Target, case: tuple[bool, dict[str, Any], tuple[str, ...]], path: Path
) -> tuple[list[str], Result]:
    cross, document, options = case
    result = read_document(target, document, cross, options, path)  # in-process: what it prints and its status
    return [*verb_args(target, cross, options), str(path)], result


def only_error_lines(stderr: bytes) -> list[str]:
    lines = stderr.decode("utf-8", "replace").splitlines()
    assert all(ERROR_LINE.match(line) for line in lines), lines
    return lines


def close_stdout() -> None:
    os.close(1)


def wait_until_reading_stdin(child: subprocess.Popen[bytes]) -> None:
    """Until the child is blocked reading its stdin pipe (refcli is running: Python's start-up reads no pipe)."""
    wchan = Path(f"/proc/{child.pid}/wchan")
    deadline = time.monotonic() + GUARD_SECONDS
    while time.monotonic() < deadline:
        try:
            if "pipe" in wchan.read_text():
                return
        except OSError:  # no /proc here: a generous wait instead
            time.sleep(2)
            return
        time.sleep(0.01)
    raise AssertionError("refcli never read its standard input")


def first_line(child: subprocess.Popen[bytes]) -> bytes:
    """The child's first line on stderr (refcli is running and has read a file), within the hang guard.

    The child's stderr must be unbuffered (``bufsize=0``): read a byte at a time, nothing past the line is taken.
    """
    assert child.stderr is not None
    ready, _, _ = select.select([child.stderr], [], [], GUARD_SECONDS)
    assert ready, "refcli wrote nothing on stderr"
    return child.stderr.readline()


def stream_test(case_name: str, examples: int):  # type: ignore[no-untyped-def]
    @fuzz_settings(examples)
    @given(
        case=any_case(),
        signum=st.sampled_from([signal.SIGINT, signal.SIGTERM]),
        delay=st.floats(0, 0.3),
        jobs=st.sampled_from([(), ("--jobs", "2")]),
    )
    def run(path: Path, case: Any, signum: int, delay: float, jobs: tuple[str, ...]) -> None:
        target, drawn = case
        args, expected = stream_expectation(target, drawn, path)
        if case_name == "full":
            assume(expected.stdout != "")  # nothing printed, nothing to lose: the status is the one in-process
            with open("/dev/full", "wb") as full:
                child = refcli(*args, stdout=full)
            assert child.returncode == ExitStatus.OUTPUT_FAILED, (args, child.stderr)
            lines = only_error_lines(child.stderr)
            assert lines[-1] == "refcli: error: <stdout>: cannot write: No space left on device"
            code = child.returncode
        elif case_name == "closed":
            assume(expected.stdout != "")
            child = refcli(*args, stdout=None, preexec_fn=close_stdout)
            assert child.returncode == ExitStatus.OUTPUT_FAILED, (args, child.stderr)
            lines = only_error_lines(child.stderr)
            assert lines[-1] == "refcli: error: <stdout>: cannot write: standard output is closed"
            code = child.returncode
        elif case_name == "gone":
            assume(expected.stdout != "")
            read_end, write_end = os.pipe()
            os.close(read_end)
            try:
                child = refcli(*args, stdout=write_end)
            finally:
                os.close(write_end)
            assert child.returncode == ExitStatus.READER_GONE, (args, child.stderr)
            assert "<stdout>" not in "\n".join(only_error_lines(child.stderr))
            code = child.returncode
        elif case_name == "signal while reading":  # the same command reading a stdin that never ends
            waiting = subprocess.Popen(
                [sys.executable, "-m", "refcli", *args[:-1], "-"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            wait_until_reading_stdin(waiting)
            time.sleep(delay)
            waiting.send_signal(signum)
            assert waiting.communicate(timeout=GUARD_SECONDS) == (b"", b"")
            assert waiting.returncode == ExitStatus.INTERRUPTED
            code = waiting.returncode
        else:  # a batch of this document, which validate refuses, each file one error line; the signal to the group
            assume(invoke(["validate", str(path)]).exit_code == ExitStatus.DATA)
            # Unbuffered: communicate() with a timeout reads the pipe itself, so a buffered readline()
            # would have kept (and lost) whatever it read past the first line.
            batch = subprocess.Popen(
                [sys.executable, "-m", "refcli", "validate", *jobs, *[str(path)] * 3000],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                start_new_session=True,
                bufsize=0,
            )
            first = first_line(batch)
            time.sleep(delay)
            os.killpg(batch.pid, signum)
            _, stderr = batch.communicate(timeout=GUARD_SECONDS)
            assert batch.returncode in (ExitStatus.INTERRUPTED, ExitStatus.DATA), stderr[-300:]  # 65: it had finished
            only_error_lines(first + stderr)  # no traceback, and no line cut short by the signal
            code = batch.returncode
        counted(f"streams: {case_name}", code)

    return run


# -- the terminal's environment -----------------------------------------------------------------------
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
REPORTING_COMMANDS = (  # taller than a terminal, a rule broken, bad data, help, a document for scripts
    ("kuhhandel", "rules"),
    ("kuhhandel", "score", "-v", str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")),
    ("cup-of-bluff", "ruling", str(EXAMPLES / "cup-of-bluff" / "call-own-chip.toml")),
    ("cup-of-bluff", "chips"),
    ("validate", str(EXAMPLES / "money" / "record-broken.toml")),
    ("money", "score", str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")),
    ("score", "--format", "json", str(EXAMPLES / "money" / "rulebook-450.toml")),
    ("--help",),
)


@cache
def own_status(command: tuple[str, ...]) -> int:
    """The status ``command`` ends with in a plain environment, piped: what any terminal must leave it."""
    return invoke(list(command)).exit_code


@contextmanager
def as_if_on_a_terminal(terminal: bool) -> Iterator[None]:
    """Standard output taken for a terminal (drawn, paged when taller than LINES) or not."""
    from unittest import mock

    with mock.patch("refcli.output.terminal.on_terminal", lambda stream: terminal):
        with mock.patch("refcli.output.render.on_terminal", lambda stream: terminal):
            yield


def environment_test(examples: int):  # type: ignore[no-untyped-def]
    @fuzz_settings(examples)
    @given(env=environments(), command=st.sampled_from(REPORTING_COMMANDS), terminal=st.booleans())
    def run(env: dict[str, str | None], command: tuple[str, ...], terminal: bool) -> None:
        expected = own_status(command)
        with as_if_on_a_terminal(terminal):
            result = runner.invoke(app, list(command), env=env, catch_exceptions=False)
        where = (command, env, terminal, result.stderr[-500:])
        assert result.exit_code == expected, where  # never 70: the report's own status, whatever the terminal
        assert "Traceback" not in result.stderr and "internal error" not in result.stderr, where
        counted("environment", result.exit_code)

    return run


# -- KEY=VALUE items -----------------------------------------------------------------------------------
ITEM_CODES = READER_CODES | {ExitStatus.USAGE}
ITEM_TARGETS = [target for target in TARGETS if target.desc.verb in ("score", "ruling")]


def shown_args(args: list[str]) -> str:
    """The command as a failure shows it: each argument ``repr``'d, cut to 120 characters (items hold 5,000 digits)."""
    return "refcli " + " ".join(repr(arg) if len(arg) <= 120 else repr(arg[:120]) + "…" for arg in args)


def check_echo(result: Result, where: str) -> None:
    """Never a traceback or an internal error, and nothing a terminal acts on echoed raw (``refcli.language.visible``)."""
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, where
    assert not terminal_controls(result.stdout), (terminal_controls(result.stdout), where)
    assert not terminal_controls(result.stderr), (terminal_controls(result.stderr), where)


def check_items(result: Result, args: list[str]) -> None:
    """A documented status; for 65 and 66 one error line; the output is what was asked for; nothing echoed raw."""
    where = f"{shown_args(args)}\n--- stderr:\n{result.stderr[-1500:]}\n--- stdout:\n{result.stdout[-1500:]}"
    code = result.exit_code
    assert code in ITEM_CODES, where
    check_echo(result, where)
    lines = [line for line in result.stderr.splitlines() if not line.startswith("refcli: warning: ")]
    if code in (65, 66):
        assert len(lines) == 1 and ERROR_LINE.match(lines[0]), where
    elif code == 2:
        assert [line for line in lines if line.startswith(("Error:", "refcli: error:"))], where
    else:
        assert lines == [], where
    if code in (0, 1, 65) and "json" in args:
        json.loads(result.stdout)
    elif code in (0, 1) and "toml" in args:
        tomllib.loads(result.stdout)


def item_options(target: Target) -> st.SearchStrategy[tuple[str, ...]]:
    formats = [(), (), ("--format", "json"), ("--format", "toml")]
    if target.desc.verb == "score":
        formats += [("--format", "csv"), ("--partial",), ("--partial", "--format", "json")]
    return st.sampled_from(formats)


@cache
def item_cases() -> st.SearchStrategy[tuple[Target, tuple[str, ...], str | None, list[str]]]:
    """(target, options, a worked example FILE the items go over or None, the items)."""
    cases = []
    for target in ITEM_TARGETS:
        files = [str(path) for path in worked_example_paths(target.desc)]
        file = st.none() | st.sampled_from(files) if files else st.none()
        cases.append(st.tuples(st.just(target), item_options(target), file, items(target.desc)))
    return st.one_of(cases)


def items_test(examples: int):  # type: ignore[no-untyped-def]
    @fuzz_settings(examples)
    @given(case=item_cases())
    def run(case: tuple[Target, tuple[str, ...], str | None, list[str]]) -> None:
        target, options, file, drawn = case
        args = [target.game.id, target.desc.verb, *options, *([file] if file else []), *drawn]
        result = invoke(args)
        check_items(result, args)
        counted(f"items: {target.game.id} {target.desc.verb}{' FILE' if file else ''}", result.exit_code)

    return run


# -- answers to the questions -----------------------------------------------------------------------------
ANSWER_CODES = ITEM_CODES | {ExitStatus.INTERRUPTED}  # 130: the answers ended before the questions did


@contextmanager
def stdin_a_terminal() -> Iterator[None]:
    """refcli asks, as on a terminal, reading the runner's input (tests/test_prompts.py's ``asking``)."""
    from unittest import mock

    with mock.patch.object(prompting, "stdin_is_terminal", lambda: True):
        yield


def asked_commands() -> list[tuple[list[str], tuple[str, ...]]]:
    """The commands that ask (``GAME ruling`` or ``GAME score`` with no FILE, or ``ruling`` naming no game),
    each with the ids of the games whose questions it may ask."""
    found: list[tuple[list[str], tuple[str, ...]]] = []
    for game in registry.built_in():
        for verb in ("ruling", "score"):
            if game.verb(verb) is not None:
                found += [([game.id, verb], (game.id,)), ([game.id, verb, "--format", "json"], (game.id,))]
    every = tuple(game.id for game in registry.built_in())
    found += [(["ruling"], every), (["score", "--format", "json"], every)]
    return found


@contextmanager
def answered_by(answerer: Answerer) -> Iterator[None]:
    """Each question answered as it is asked: standard input holds the answerer's next line (none: it has ended)."""
    from unittest import mock

    ask = prompting.Terminal.ask

    def typed(terminal: prompting.Terminal, prompt: str) -> str:
        line = answerer(prompt)
        data = b"" if line is None else line.encode("utf-8", "surrogateescape") + b"\n"
        sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
        return ask(terminal, prompt)

    with mock.patch.object(prompting.Terminal, "ask", typed):
        yield


def answers_test(examples: int):  # type: ignore[no-untyped-def]
    @fuzz_settings(examples)
    @given(
        command=st.sampled_from(asked_commands()),
        adaptive=st.booleans(),
        hostile=st.sampled_from(HOSTILE_RATES),
        most=st.integers(0, 400),
        data=st.data(),
    )
    def run(
        folder: Path,
        command: tuple[list[str], tuple[str, ...]],
        adaptive: bool,
        hostile: int,
        most: int,
        data: st.DataObject,
    ) -> None:
        """Answers typed all at once (random lines), or each fitting its question (``Answerer``)."""
        args, ids = command
        games = [game for game in registry.built_in() if game.id in ids]
        for entry in folder.iterdir():  # a document saved under a typed name by the example before
            entry.unlink() if not entry.is_dir() or entry.is_symlink() else shutil.rmtree(entry)
        answerer = Answerer(data.draw, games, hostile, most)
        typed = "" if adaptive else data.draw(answers(data.draw(st.sampled_from(games))))
        with stdin_a_terminal(), chdir(folder), answered_by(answerer) if adaptive else nullcontext():
            result = invoke(args, input=typed.encode("utf-8", "surrogateescape"))  # "\udcff": a byte not UTF-8
        shown = answerer.typed if adaptive else typed
        where = f"{shown_args(args)}\n--- typed:\n{str(shown)[:3000]}\n--- stderr:\n{result.stderr[-2000:]}"
        assert result.exit_code in ANSWER_CODES, where
        check_echo(result, where)
        if result.exit_code in (0, 1) and "json" in args:
            json.loads(result.stdout.split("\n# run: refcli")[0])  # a document saved to "-" follows it
        counted(f"answers: {' '.join(args[:2])}{' (each fitting)' if adaptive else ''}", result.exit_code)

    return run


# -- the Python API's documents ------------------------------------------------------------------------
API_CALLS = ("score", "rule", "validate")


API_TYPE_ERROR = "TypeError"  # how the outcomes count a wrong type refused by refcli.arguments


def api_outcome(call: Callable[[], Any], where: str) -> tuple[Any, str]:
    """``call()``'s result (None when it raised) and what it ended with: "result", the refcli error's class,
    or a ``TypeError`` refcli.arguments raised for a wrong type. Anything else fails the test."""
    from refcli.model.errors import RefcliError

    try:
        return call(), "result"
    except RefcliError as error:
        assert error.one_line() and not terminal_controls(str(error)), where
        return None, type(error).__name__
    except TypeError as error:  # a wrong type given, said by refcli.arguments, not tripped over deeper in
        assert error.__traceback__ is not None
        raised_in = traceback.extract_tb(error.__traceback__)[-1].filename
        assert raised_in.endswith(os.path.join("refcli", "arguments.py")), (where, traceback.format_exc())
        return None, API_TYPE_ERROR
    except Exception:
        raise AssertionError(f"{where}\n{traceback.format_exc()}") from None


ApiCase = tuple[Target, dict[str, Any], list[Mutation], str, Any, bool]


@cache
def api_cases() -> st.SearchStrategy[ApiCase]:
    """(target, a document of it, mutations, the API function, ``values`` or None, ``partial``/``strict``)."""
    cases = []
    for target in TARGETS:
        verb = {"score": "score", "ruling": "rule", "validate": "validate"}[target.desc.verb]
        call = st.sampled_from([verb] * 6 + list(API_CALLS))  # now and then another kind's function
        values = st.none() | st.none() | items(target.desc, most=4)
        values |= st.dictionaries(  # names of hostile values at the description's key paths
            st.sampled_from([keys for keys, _t in key_paths(target.desc)]).map(".".join),
            st.sampled_from(sorted(HOSTILE_API_VALUES)),
            max_size=3,
        )
        mutations = st.lists(MUTATIONS, max_size=3)
        cases.append(st.tuples(st.just(target), documents(target.desc), mutations, call, values, st.booleans()))
    return st.one_of(cases)


def api_call(verb: str, document: dict[str, Any], values: Any, flag: bool) -> Callable[[], Any]:
    import refcli

    if verb == "validate":
        return lambda: refcli.validate(document, strict=flag)
    if verb == "score":
        return lambda: refcli.score(document, values=values, partial=flag)
    return lambda: refcli.rule(document, values=values)


def api_test(examples: int):  # type: ignore[no-untyped-def]
    @fuzz_settings(examples)
    @given(case=api_cases())
    def run(capfd: pytest.CaptureFixture[str], case: ApiCase) -> None:
        target, document, mutations, verb, drawn_values, flag = case
        changed = mutated(document, mutations)
        values = drawn_values
        if isinstance(drawn_values, dict):  # names of hostile values, made now (a deep list would choke hypothesis)
            values = {key: HOSTILE_API_VALUES[name]() for key, name in drawn_values.items()}
        where = f"refcli.{verb}: {target.name}, mutations {mutations}, values {drawn_values!r:.300}"
        result, outcome = api_outcome(api_call(verb, changed, values, flag), where)
        if result is not None:
            text = result.text()
            assert result.to_json() and text and not terminal_controls(text), (where, terminal_controls(text))
        out, err = capfd.readouterr()
        assert (out, err) == ("", ""), where  # the functions never print
        RAN["api"] += 1
        API_OUTCOMES.setdefault(f"api: refcli.{verb}", Counter())[outcome] += 1

    return run


# -- the tests ------------------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def fast_invoke() -> Iterator[None]:
    with command_built_once():
        yield


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "input.toml"


def described_and_fuzzed(games: tuple[Game, ...]) -> list[Target]:
    """The fuzzer's targets for these games, once checked against what the games read and describe.

    The kinds each game's verbs read (its final snapshot, the situations its
    ruling dispatches, its record) must be exactly the kinds it describes,
    each read by a verb the game has; the targets are exactly the described
    (game, kind) pairs. The toy game of test_registry.py is checked this way too.
    """
    described: set[tuple[str, str]] = set()
    for game in games:
        kinds = descriptions(game.package)
        assert dispatched_kinds(game) == set(kinds), f"{game.id}: a kind without its description, or one no verb reads"
        for kind, desc in kinds.items():
            assert (desc.game, desc.kind) == (game.id, kind)
            assert game.verb(desc.verb) is not None, f"{game.id} {kind}: no {desc.verb} reads it"
        described |= {(game.id, kind) for kind in kinds}
    found = targets(games)
    assert sorted((target.game.id, target.kind) for target in found) == sorted(described)
    return found


def test_the_fuzzer_draws_every_type_a_description_may_use() -> None:
    assert DRAWN_KINDS == set(KINDS)


def test_every_kind_a_game_reads_has_a_description_and_is_fuzzed() -> None:
    assert described_and_fuzzed(registry.built_in()) == TARGETS
    assert {target.game.id for target in TARGETS} == set(registry.BUILT_IN)


@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
def test_each_kind_s_well_formed_documents_reach_its_rules(target: Target, scratch: Path) -> None:
    """A description that is fuzzed but never gets past the reader is not exercised: its well-formed
    documents must reach the verb for its kind (status 0 or 1, the JSON naming the game and kind)."""
    reached = exercised(target, scratch)
    assert reached, f"{target.name}: no well-formed fuzzed document got through the reader"


def exercised(target: Target, path: Path, tries: int = 40) -> int:
    """How many of ``tries`` well-formed documents of ``target`` the verb for its kind answered (0 or 1)."""
    reached = 0
    options = ("--partial",) if target.desc.verb == "score" else ()

    @settings(max_examples=tries, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(document=documents(target.desc, rates=(0,)))
    def run(document: dict[str, Any]) -> None:
        nonlocal reached
        result = read_document(target, document, False, (*options, "--format", "json"), path)
        if result.exit_code in (0, 1):
            answer = json.loads(result.stdout)
            answer = answer["results"][0] if target.kind == "record" else answer
            assert answer["game"] == target.game.id
            assert target.desc.verb != "ruling" or answer["situation"] == target.kind
            reached += 1

    run()
    return reached


@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
def test_random_documents(target: Target, scratch: Path) -> None:
    document_test(target, DOCUMENTS[0])(scratch)


def test_crossed_documents_and_random_toml(scratch: Path) -> None:
    crossed_test(CROSSED[0])(scratch)


def test_random_bytes(scratch: Path) -> None:
    bytes_test(BYTES[0])(scratch)


def test_template_output_files(scratch: Path) -> None:
    output_test(OUTPUT_FILES[0])(scratch)


@pytest.mark.parametrize("case_name", STREAM_CASES)
def test_streams_and_signals(case_name: str, scratch: Path) -> None:
    stream_test(case_name, STREAMS[0])(scratch)


def test_hostile_terminal_environments() -> None:
    environment_test(ENVIRONMENTS[0])()


def test_random_items() -> None:
    items_test(ITEMS[0])()


def test_plausible_items_over_a_file_reach_the_rules() -> None:
    """The item fuzzer is not all refusals: plausible values at the key paths, over a worked example,
    mostly get through the reader to a ruling or a score (0 or 1: about 70% of them)."""
    reached = Counter()
    plausible = [
        st.tuples(st.just(target), st.sampled_from(files), items(target.desc, most=3, rates=(0,), hostile_rates=(0,)))
        for target in ITEM_TARGETS
        if (files := [str(path) for path in worked_example_paths(target.desc)])
    ]

    @fuzz_settings(60)
    @given(case=st.one_of(plausible))
    def run(case: tuple[Target, str, list[str]]) -> None:
        target, file, drawn = case
        reached[invoke([target.game.id, target.desc.verb, file, *drawn]).exit_code in (0, 1)] += 1

    run()
    assert reached[True] >= 20, reached


def test_fitting_answers_reach_a_ruling(tmp_path: Path) -> None:
    """The answer fuzzer is not all refusals: answers fitting each question, none hostile, mostly end in a
    ruling (0 or 1: about 90% of them), with their document saved or not."""
    reached = Counter()
    rulings = [(args, ids) for args, ids in asked_commands() if args[1:2] == ["ruling"]]

    @fuzz_settings(40)
    @given(command=st.sampled_from(rulings), data=st.data())
    def run(command: tuple[list[str], tuple[str, ...]], data: st.DataObject) -> None:
        args, ids = command
        answerer = Answerer(data.draw, [game for game in registry.built_in() if game.id in ids], 0, 400)
        with stdin_a_terminal(), chdir(tmp_path), answered_by(answerer):
            reached[invoke(args).exit_code in (0, 1)] += 1

    run()
    assert reached[True] >= 20, reached


def test_random_answers(tmp_path: Path) -> None:
    answers_test(ANSWERS[0])(tmp_path)


def test_hostile_api_documents(capfd: pytest.CaptureFixture[str]) -> None:
    api_test(API[0])(capfd)


@contextmanager
def runs_at_least(examples: int) -> Iterator[None]:
    """The campaign's count is of examples run, not asked for: hypothesis must not have stopped short."""
    before = sum(RAN.values())
    yield
    assert sum(RAN.values()) - before >= examples


@pytest.mark.fuzz
@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
def test_fuzz_documents(target: Target, scratch: Path) -> None:
    with runs_at_least(DOCUMENTS[1]):
        document_test(target, DOCUMENTS[1])(scratch)


@pytest.mark.fuzz
def test_fuzz_crossed_documents_and_random_toml(scratch: Path) -> None:
    with runs_at_least(CROSSED[1]):
        crossed_test(CROSSED[1])(scratch)


@pytest.mark.fuzz
def test_fuzz_bytes(scratch: Path) -> None:
    with runs_at_least(BYTES[1]):
        bytes_test(BYTES[1])(scratch)


@pytest.mark.fuzz
def test_fuzz_template_output_files(scratch: Path) -> None:
    with runs_at_least(OUTPUT_FILES[1]):
        output_test(OUTPUT_FILES[1])(scratch)


@pytest.mark.fuzz
@pytest.mark.parametrize("case_name", STREAM_CASES)
def test_fuzz_streams_and_signals(case_name: str, scratch: Path) -> None:
    with runs_at_least(STREAMS[1]):
        stream_test(case_name, STREAMS[1])(scratch)


@pytest.mark.fuzz
def test_fuzz_hostile_terminal_environments() -> None:
    with runs_at_least(ENVIRONMENTS[1]):
        environment_test(ENVIRONMENTS[1])()


@pytest.mark.fuzz
def test_fuzz_items() -> None:
    with runs_at_least(ITEMS[1]):
        items_test(ITEMS[1])()


@pytest.mark.fuzz
def test_fuzz_answers(tmp_path: Path) -> None:
    with runs_at_least(ANSWERS[1]):
        answers_test(ANSWERS[1])(tmp_path)


@pytest.mark.fuzz
def test_fuzz_api_documents(capfd: pytest.CaptureFixture[str]) -> None:
    with runs_at_least(API[1]):
        api_test(API[1])(capfd)


def test_the_campaign_reaches_100000_examples() -> None:
    assert CAMPAIGN_EXAMPLES >= 100_000, campaign_examples()
