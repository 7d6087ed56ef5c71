"""The process boundary: signals, and standard streams that are closed, full, gone or not UTF-8.

Every case runs the real program in a fresh process (``python -m refcli``, or
a copy of the console script) and checks the documented exit status and
that stderr holds at most one line and never a traceback.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
import tomllib
from pathlib import Path

import pytest
from conftest import EXAMPLES, REPO, Invoke

import refcli as refcli_package
from refcli.model.exit_status import ExitStatus

GUARD_SECONDS = 60  # a hang guard, not a timing
SNAPSHOT = EXAMPLES / "kuhhandel" / "rulebook-2460.toml"
RECORDS = sorted(str(path) for path in EXAMPLES.glob("*/record*.toml"))


def refcli(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m refcli``; stdout and stderr are captured unless given."""
    kwargs.pop("capture_output", None)
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "refcli", *args], timeout=GUARD_SECONDS, **kwargs)  # type: ignore[call-overload, no-any-return]


def close_fd(fd: int) -> None:
    os.close(fd)


# -- stdout -------------------------------------------------------------------------
OUTPUT_COMMANDS = [
    ("kuhhandel", "rules"),
    ("bamboozled", "compare", "43", "34"),
    ("kuhhandel", "score", str(SNAPSHOT), "--format", "json"),
    ("validate", *RECORDS, "--format", "json"),
    ("kuhhandel", "template", "final"),
    ("--help",),
    ("--version",),
]


@pytest.mark.parametrize("args", OUTPUT_COMMANDS, ids=" ".join)
def test_stdout_on_a_full_device_is_74_in_one_line(args: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        result = refcli(*args, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == ExitStatus.OUTPUT_FAILED == 74
    lines = result.stderr.decode().splitlines()
    assert lines[-1] == "refcli: error: <stdout>: cannot write: No space left on device"
    assert not any("Traceback" in line or "internal error" in line or "Exception ignored" in line for line in lines)
    if args[0] != "validate":
        assert len(lines) == 1  # validate also reports a broken record on stderr


@pytest.mark.parametrize("args", OUTPUT_COMMANDS, ids=" ".join)
def test_stdout_closed_is_74_in_one_line(args: tuple[str, ...]) -> None:
    result = refcli(*args, stdout=None, preexec_fn=lambda: close_fd(1))
    assert result.returncode == 74
    lines = result.stderr.decode().splitlines()
    assert lines[-1] == "refcli: error: <stdout>: cannot write: standard output is closed"
    assert not any("Traceback" in line or "internal error" in line for line in lines)


def test_a_command_that_prints_nothing_does_not_mind_a_closed_stdout(tmp_path: Path) -> None:
    result = refcli(
        "kuhhandel", "template", "final", "-o", str(tmp_path / "x.toml"), stdout=None, preexec_fn=lambda: close_fd(1)
    )
    assert (result.returncode, result.stderr) == (0, f"wrote {tmp_path / 'x.toml'}\n".encode())


@pytest.mark.parametrize(
    "args",
    [
        ("kuhhandel", "rules"),
        ("validate", *RECORDS * 20),
        ("validate", *RECORDS * 20, "--format", "json"),
        ("kuhhandel", "score", str(SNAPSHOT)),
        ("--help",),
    ],
    ids=["rules", "validate", "validate json", "score", "help"],
)
def test_a_reader_that_has_gone_is_141_with_nothing_on_stderr(args: tuple[str, ...]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader exits before refcli writes anything
    try:
        result = refcli(*args, stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    assert result.returncode == ExitStatus.READER_GONE == 141
    stderr = result.stderr.decode()
    assert "Traceback" not in stderr and "<stdout>" not in stderr and "Exception ignored" not in stderr
    if args[0] != "validate":
        assert stderr == ""


@pytest.mark.parametrize(
    "pipeline",
    [
        "python -m refcli kuhhandel rules | head -1",
        "python -m refcli validate {records} | head -1",
    ],
)
def test_head_in_a_real_pipeline_leaves_stderr_empty(pipeline: str) -> None:
    command = pipeline.replace("python", sys.executable).replace("{records}", " ".join(RECORDS * 50))
    result = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], capture_output=True, timeout=GUARD_SECONDS, cwd=REPO
    )
    # 141 when the reader had gone by the time refcli wrote; 0 (1 for the broken
    # example record) when the whole output fit in the pipe first.
    assert result.returncode in (0, 1, 141)
    assert len(result.stdout.splitlines()) == 1
    assert b"Traceback" not in result.stderr and b"<stdout>" not in result.stderr


# -- stdin and stderr ------------------------------------------------------------------
@pytest.mark.parametrize(
    "args", [("score", "-"), ("kuhhandel", "ruling", "-"), ("validate", "-"), ("validate", "--jsonl", "-")]
)
def test_stdin_closed_with_dash_is_66_in_one_line(args: tuple[str, ...]) -> None:
    result = refcli(*args, stdin=None, preexec_fn=lambda: close_fd(0))
    assert result.returncode == 66
    assert result.stderr.decode().splitlines()[-1] == "refcli: error: <stdin>: cannot read: standard input is closed"
    assert b"Traceback" not in result.stderr and b"internal error" not in result.stderr


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("score", "missing.toml"), 66),
        (("score", str(SNAPSHOT), "missing.toml"), 66),
        (("validate", *RECORDS, "missing.toml"), 66),
        (("validate", "--jobs", "2", *RECORDS, "missing.toml"), 66),
        (("kuhhandel", "template", "nonsense"), 2),
        (("kuhhandel", "template", "final", "-o", "/"), 73),
    ],
    ids=["score missing", "score good and missing", "validate", "validate --jobs 2", "usage", "template -o /"],
)
def test_with_stderr_closed_no_error_line_lands_in_stdout(args: tuple[str, ...], code: int) -> None:
    closed = refcli(*args, stderr=None, preexec_fn=lambda: close_fd(2))
    assert closed.returncode == code
    assert b"refcli: error" not in closed.stdout and b"Usage:" not in closed.stdout
    open_ = refcli(*args)
    assert closed.stdout == open_.stdout  # the results themselves are the same


def test_stderr_that_cannot_be_written_does_not_change_the_exit_status() -> None:
    with open("/dev/full", "wb") as full:
        result = refcli("score", "missing.toml", stderr=full)
    assert (result.returncode, result.stdout) == (66, b"")


# -- names that are not UTF-8 -------------------------------------------------------------
@pytest.mark.parametrize("encoding", ["utf-8:strict", "ascii:strict", "latin-1:strict"])
def test_a_file_name_that_is_not_utf8_is_printed_escaped(encoding: str, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    name = os.fsdecode(b"\xff.toml")
    (tmp_path / name).write_bytes(SNAPSHOT.read_bytes())
    text = refcli("kuhhandel", "score", name, cwd=tmp_path, env=env)
    assert text.returncode == 0 and text.stderr == b""
    assert b"\\udcff.toml" in text.stdout.splitlines()[0]
    (tmp_path / name).write_bytes((EXAMPLES / "kuhhandel" / "record-edition2.toml").read_bytes())
    as_json = refcli("validate", name, "missing-\udcfe.toml", "--format", "json", cwd=tmp_path, env=env)
    assert as_json.returncode == 66
    document = json.loads(as_json.stdout.decode("ascii" if encoding.startswith("ascii") else encoding.split(":")[0]))
    assert [result["file"] for result in document["results"]] == [name, "missing-\udcfe.toml"]
    assert as_json.stderr.decode("ascii") == "refcli: error: missing-\\udcfe.toml: cannot read: no such file\n"


def test_text_the_output_encoding_cannot_carry_is_written_in_ascii_not_fatal() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii:strict"}
    result = refcli("kuhhandel", "rules", "K8", env=env)
    assert result.returncode == 0 and result.stderr == b""
    assert b"\\u" not in result.stdout and b'"' in result.stdout  # “ ” as ASCII quotes (tests/test_terminal.py)
    result.stdout.decode("ascii")


# -- signals --------------------------------------------------------------------------------
def refcli_frames(stderr: bytes) -> list[bytes]:
    """Traceback lines that point into refcli's own code, once a line of it has run.

    ``refcli/__init__.py", line 0`` is the check Python makes on entering the
    module, before its first line: a signal that came just before is raised
    there.
    """
    frames = re.findall(
        rb'File "[^"]*[/\\]refcli[/\\](?:' + _PACKAGE_ENTRIES + rb')(?=[/\\"])[^"]*", line -?\d+', stderr
    )
    return [frame for frame in frames if not re.search(rb'[/\\]refcli[/\\]__init__\.py", line 0$', frame)]


# What a folder named refcli holds when it is the package: a checkout or a venv inside a folder of that name
# (where git clone puts this repository) holds other things, whose frames (a .pth file's import while Python
# starts) are not refcli's code.
_PACKAGE_ENTRIES = b"|".join(
    re.escape(entry.name.encode())
    for entry in Path(refcli_package.__file__).parent.iterdir()
    if entry.name != "__pycache__"
)


def test_only_frames_in_the_package_count_as_refcli_code_in_a_checkout_named_refcli() -> None:
    traceback = (
        b'  File "/home/ana/refcli/.venv/lib/python3.11/site-packages/_distutils_hack/__init__.py", line 5, in <module>\n'
        b'  File "/home/ana/refcli/.venv/lib/python3.11/site-packages/refcli/cli/start.py", line 40, in run\n'
        b'  File "/home/ana/refcli/refcli/api.py", line 12, in <module>\n'
        b'  File "/home/ana/refcli/refcli/__init__.py", line 0, in <module>\n'
        b"KeyboardInterrupt\n"
    )
    assert refcli_frames(traceback) == [
        b'File "/home/ana/refcli/.venv/lib/python3.11/site-packages/refcli/cli/start.py", line 40',
        b'File "/home/ana/refcli/refcli/api.py", line 12',
    ]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_at_any_moment_of_start_up_or_work_ends_refcli_quietly(signum: int) -> None:
    """Signals at delays of 0–100 ms (every 4 ms) into a run that waits on stdin for ever.

    Either signal ends refcli with status 130 and nothing on stderr. Only
    before refcli's first line, while Python itself starts, can Python's own
    KeyboardInterrupt traceback appear, and then it shows no refcli code.
    """
    delay = 0.0
    while delay <= 0.1:
        child = subprocess.Popen(
            [sys.executable, "-m", "refcli", "score", "-"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        time.sleep(delay)
        child.send_signal(signum)
        stdout, stderr = child.communicate(timeout=GUARD_SECONDS)
        assert refcli_frames(stderr) == [], (delay, stderr.decode())
        if stderr:  # Python's start-up, before refcli's first line: Python's own handling, whatever it does
            assert signum == signal.SIGINT and b"KeyboardInterrupt" in stderr, (delay, stderr.decode())
        else:  # -signum: so early that Python itself had not set its handlers yet
            assert child.returncode in (130, -signum) and stdout == b"", (delay, child.returncode)
        delay += 0.004


# What CPython does to a handler's exception raised while compile() runs (an import with no cached .pyc):
# it is lost and the import goes on. Set here as the handler leaves it; refcli must still stop, not wait on stdin.
LOST_SIGNAL = """
import sys
from refcli.model import interruption
try:
    interruption.signalled(15)
except interruption.Interrupted:
    pass
from refcli.cli.start import main
sys.argv = ["refcli", *sys.argv[1:]]
main()
"""


@pytest.mark.parametrize("args", [["score", "-"], ["validate", "--jsonl", "-"]], ids=["score", "batch"])
def test_a_signal_python_lost_while_importing_still_ends_the_run_before_stdin_is_read(args: list[str]) -> None:
    assert _ended_by(LOST_SIGNAL, *args) == (ExitStatus.INTERRUPTED, b"", b"")


def _ended_by(script: str, *args: str) -> tuple[int, bytes, bytes]:
    """``python -c script args``'s exit status, stdout and stderr; its stdin is held open, so a run that waited
    on it instead of stopping would meet the hang guard."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        stdout, stderr = _wait(child)
    finally:
        child.kill()
    return child.returncode, stdout, stderr


# A signal whose handler runs inside a weakref callback (an import's module lock is released through one):
# Python cannot raise its exception there, reports it as "Exception ignored in" with a traceback, and goes on.
# Here the first thing refcli reads makes such a callback run, as a signal would find it.
SIGNAL_IN_A_CALLBACK = """
import sys, weakref
from refcli.model import interruption
import refcli.cli.common


class Lock:
    pass


def read_stdin(*args, **kwargs):
    lock = Lock()
    released = weakref.ref(lock, lambda ref: interruption.signalled(15))
    del lock  # the callback runs, and the signal's exception cannot leave it
    assert released() is None
    return reading(*args, **kwargs)


reading, refcli.cli.common.validate_files = refcli.cli.common.validate_files, read_stdin
from refcli.cli.start import main
sys.argv = ["refcli", "validate", "--jsonl", "-"]
main()
"""


def test_a_signal_python_cannot_raise_in_a_callback_says_nothing_and_ends_the_run() -> None:
    assert _ended_by(SIGNAL_IN_A_CALLBACK) == (ExitStatus.INTERRUPTED, b"", b"")


def _wait(child: subprocess.Popen[bytes]) -> tuple[bytes, bytes]:
    """The child's output once it ends by itself, its stdin still open (a hang guard, not a timing)."""
    child.wait(timeout=GUARD_SECONDS)
    assert child.stdout is not None and child.stderr is not None
    return child.stdout.read(), child.stderr.read()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_a_command_runs_exits_130(signum: int) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "refcli", "score", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    time.sleep(0.5)  # well past start-up: refcli waits on stdin
    child.send_signal(signum)
    assert child.communicate(timeout=GUARD_SECONDS) == (b"", b"")
    assert child.returncode == ExitStatus.INTERRUPTED


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("delay", [0.5])
def test_a_signal_to_the_process_group_ends_validate_jobs_without_a_hang(signum: int, delay: float) -> None:
    """Ctrl-C reaches every process of the group: the parent and its workers all end, none waits for another."""
    child = subprocess.Popen(
        [sys.executable, "-m", "refcli", "validate", "--jobs", "3", *RECORDS * 300],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    time.sleep(delay)
    os.killpg(child.pid, signum)
    _, stderr = child.communicate(timeout=GUARD_SECONDS)
    assert child.returncode == ExitStatus.INTERRUPTED
    assert stderr == b""


CONSOLE_SCRIPT = textwrap.dedent(
    """
    import os, signal, sys

    class SignalWhenImported:
        # Sends the signal while refcli's program module is imported: after refcli's first line, before main().
        def find_spec(self, name, path=None, target=None):
            if name == "refcli.cli.start":
                os.kill(os.getpid(), int(os.environ["SEND_SIGNAL"]))
            return None

    sys.meta_path.insert(0, SignalWhenImported())
    from refcli.cli.start import main
    sys.exit(main())
    """
)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_during_the_imports_before_main_ends_quietly(signum: int, tmp_path: Path) -> None:
    script = tmp_path / "refcli"  # named as the console script: refcli is started as the program
    script.write_text(CONSOLE_SCRIPT, encoding="utf-8")
    env = {**os.environ, "SEND_SIGNAL": str(int(signum))}
    result = subprocess.run(
        [sys.executable, str(script), "bamboozled", "compare", "43", "34"],
        capture_output=True,
        env=env,
        timeout=GUARD_SECONDS,
    )
    assert (result.returncode, result.stdout, result.stderr) == (ExitStatus.INTERRUPTED, b"", b"")


def test_imported_as_a_library_refcli_leaves_ctrl_c_to_python(tmp_path: Path) -> None:
    script = tmp_path / "not-refcli"  # someone else's program that imports refcli
    script.write_text(CONSOLE_SCRIPT, encoding="utf-8")
    env = {**os.environ, "SEND_SIGNAL": str(int(signal.SIGINT))}
    result = subprocess.run(
        [sys.executable, str(script), "bamboozled", "compare", "43", "34"],
        capture_output=True,
        env=env,
        timeout=GUARD_SECONDS,
    )
    assert b"KeyboardInterrupt" in result.stderr  # the importer's own Ctrl-C, as without refcli


# -- determinism -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ("kuhhandel", "rules", "--format", "json"),
        ("validate", *RECORDS),
        ("validate", *RECORDS, "--format", "toml"),
        ("kuhhandel", "score", str(SNAPSHOT)),
    ],
    ids=["rules json", "validate text", "validate toml", "score text"],
)
def test_the_program_prints_byte_for_byte_what_the_app_does(args: tuple[str, ...], invoke: Invoke) -> None:
    first, second = refcli(*args), refcli(*args)
    assert first.stdout == second.stdout
    in_process = invoke(list(args))
    assert first.returncode == in_process.exit_code
    assert first.stdout == in_process.stdout_bytes


# -- the README's exit-status table ----------------------------------------------------
def test_the_readme_exit_table_lists_every_exit_status() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Exit status", 1)[1].split("\n\n", 2)[1]
    codes = [int(row.split("|")[1]) for row in table.splitlines()[2:]]
    assert codes == sorted(int(status) for status in ExitStatus if status is not ExitStatus.INTERNAL)
    assert "A code of 70 means a bug in refcli" in readme


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_json_on_a_stream_that_is_not_utf_stays_json(encoding: str) -> None:
    """Outside UTF the characters it cannot carry go out as JSON's \\u escapes, never as \\xd7 (not JSON)."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    for args in (
        ("kuhhandel", "score", str(SNAPSHOT), "--format", "json"),
        ("validate", str(EXAMPLES / "kuhhandel" / "record-edition2.toml"), "--format", "json"),
        ("validate", "--jsonl", "-"),
    ):
        line = json.dumps(tomllib.loads((EXAMPLES / "kuhhandel" / "record-edition2.toml").read_text("utf-8")))
        result = refcli(*args, env=env, input=line.encode())
        assert result.returncode == 0 and result.stderr == b"", (args, result.stderr)
        text = result.stdout.decode("ascii")
        for document in text.splitlines() if "--jsonl" in args else [text]:
            json.loads(document)
        assert "\\u00d7" in text or "--jsonl" in args, args  # the × of K1's 2×0 is there, escaped
