"""Output files (``-o FILE`` on every command with a result): all or nothing, only regular files, the umask.

Most cases write with ``template -o``; the section "-o FILE on every
command" checks that every other command writes the same way, byte for byte
what its standard output gets, and when FILE is (not) written.

Most cases run the real program (``python -m refcli``) in a fresh process;
special files (FIFOs, sockets, directories, symlinks) are made in tmp_path.
A device is only ever reached through a symlink to /dev/null and refused:
the test checks that /dev/null is still the same character device after.
"""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import REPO, Invoke

from refcli.model.exit_status import ExitStatus
from refcli.output import files as output

GUARD_SECONDS = 60  # a hang guard, not a timing
TEMPLATE = ("kuhhandel", "template", "final")


def refcli(*args: str, cwd: Path | None = None, umask: int | None = None) -> subprocess.CompletedProcess[str]:
    preexec: Callable[[], object] | None = (lambda: os.umask(umask)) if umask is not None else None
    return subprocess.run(
        [sys.executable, "-m", "refcli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=GUARD_SECONDS,
        preexec_fn=preexec,
    )


@pytest.fixture(scope="module")
def template_text() -> str:
    result = refcli(*TEMPLATE)
    assert result.returncode == 0
    return result.stdout


def one_error_line(stderr: str) -> str:
    assert stderr.endswith("\n") and stderr.count("\n") == 1, stderr
    assert stderr.startswith("refcli: error: "), stderr
    assert "Traceback" not in stderr
    return stderr


def listing(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir())


# -- what may be replaced --------------------------------------------------------
def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(path.name)  # relative: tmp_path can be longer than a socket path may be
    server.close()


def make_directory(path: Path) -> None:
    path.mkdir()


SPECIAL = {"FIFO": make_fifo, "socket": make_socket, "directory": make_directory}


@pytest.mark.parametrize("force", [False, True], ids=["no-force", "force"])
@pytest.mark.parametrize("through_link", [False, True], ids=["named", "through-a-symlink"])
@pytest.mark.parametrize("kind", sorted(SPECIAL))
def test_a_fifo_socket_or_directory_is_never_replaced(
    kind: str, through_link: bool, force: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    special = tmp_path / "special"
    SPECIAL[kind](special)
    target = special
    if through_link:
        target = tmp_path / "link"
        target.symlink_to("special")
    before = os.lstat(special)
    result = refcli(*TEMPLATE, "-o", target.name, *(["--force"] if force else []), cwd=tmp_path)
    assert result.returncode == 73
    line = one_error_line(result.stderr)
    what = "it links to special," if through_link else "it is"
    assert line.startswith(f"refcli: error: cannot write {target.name}: {what} a {kind}")
    assert line.endswith("; name a file\n" if kind == "directory" else ", not a regular file\n")
    assert "--force" not in line  # it would not help
    after = os.lstat(special)
    assert (stat.S_IFMT(after.st_mode), after.st_ino) == (stat.S_IFMT(before.st_mode), before.st_ino)
    assert listing(tmp_path) == sorted(["special", *(["link"] if through_link else [])])
    if through_link:
        assert os.readlink(target) == "special"


def test_a_directory_gets_one_clear_error(tmp_path: Path) -> None:
    result = refcli(*TEMPLATE, "-o", str(tmp_path))
    assert result.returncode == 73
    assert result.stderr == f"refcli: error: cannot write {tmp_path}: it is a directory; name a file\n"


@pytest.mark.parametrize("force", [False, True], ids=["no-force", "force"])
def test_a_symlink_to_dev_null_is_refused_and_dev_null_stays_a_device(force: bool, tmp_path: Path) -> None:
    before = os.stat("/dev/null")
    assert stat.S_ISCHR(before.st_mode)
    link = tmp_path / "null"
    link.symlink_to("/dev/null")
    result = refcli(*TEMPLATE, "-o", str(link), *(["--force"] if force else []))
    assert result.returncode == 73
    assert one_error_line(result.stderr) == (
        f"refcli: error: cannot write {link}: it links to /dev/null, a character device, not a regular file\n"
    )
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode)
    assert (after.st_ino, after.st_rdev, after.st_dev) == (before.st_ino, before.st_rdev, before.st_dev)
    assert os.readlink(link) == "/dev/null"
    assert listing(tmp_path) == ["null"]


def test_a_symlink_to_a_file_is_written_through_with_force_and_kept(tmp_path: Path, template_text: str) -> None:
    real = tmp_path / "real.toml"
    real.write_text("mine\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.toml"
    link.symlink_to("real.toml")
    refused = refcli(*TEMPLATE, "-o", str(link))
    assert refused.returncode == 73
    assert one_error_line(refused.stderr) == (
        f"refcli: error: {link} exists (a symlink to {tmp_path}/real.toml); use --force to overwrite {tmp_path}/real.toml\n"
    )
    assert real.read_text(encoding="utf-8") == "mine\n"
    written = refcli(*TEMPLATE, "-o", str(link), "--force")
    assert (written.returncode, written.stderr) == (0, f"wrote {link}\n")
    assert os.readlink(link) == "real.toml"
    assert real.read_text(encoding="utf-8") == template_text
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert listing(tmp_path) == ["link.toml", "real.toml"]


def test_a_dangling_symlink_is_replaced_only_with_force(tmp_path: Path, template_text: str) -> None:
    link = tmp_path / "link.toml"
    link.symlink_to("missing.toml")
    refused = refcli(*TEMPLATE, "-o", "link.toml", cwd=tmp_path)
    assert refused.returncode == 73
    assert one_error_line(refused.stderr) == (
        "refcli: error: link.toml is a symlink to missing.toml, which does not exist; use --force to create it\n"
    )
    assert listing(tmp_path) == ["link.toml"]
    written = refcli(*TEMPLATE, "-o", "link.toml", "--force", cwd=tmp_path)
    assert written.returncode == 0
    assert os.readlink(link) == "missing.toml"
    assert (tmp_path / "missing.toml").read_text(encoding="utf-8") == template_text


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to own a link as someone else")
def test_someone_elses_symlink_in_a_sticky_shared_folder_is_not_followed(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)  # like /tmp
    victim = tmp_path / "victim"
    victim.write_text("precious\n", encoding="utf-8")
    planted = shared / "final.toml"
    planted.symlink_to(victim)
    os.lchown(planted, 4242, 4242)
    result = refcli(*TEMPLATE, "-o", str(planted), "--force")
    assert result.returncode == 73
    assert "someone else owns in a shared directory" in one_error_line(result.stderr)
    assert victim.read_text(encoding="utf-8") == "precious\n"
    os.lchown(planted, os.geteuid(), os.getegid())  # one's own link there is followed
    assert refcli(*TEMPLATE, "-o", str(planted), "--force").returncode == 0
    assert victim.read_text(encoding="utf-8") != "precious\n"


def test_a_name_too_long_for_the_filesystem_is_73_in_one_line(tmp_path: Path) -> None:
    name = tmp_path / ("x" * 300 + ".toml")
    result = refcli(*TEMPLATE, "-o", str(name))
    assert result.returncode == 73
    assert one_error_line(result.stderr) == f"refcli: error: cannot write {name}: File name too long\n"
    assert listing(tmp_path) == []


def test_a_name_near_the_limit_still_gets_a_temporary(
    tmp_path: Path, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The temporary's name must fit under NAME_MAX even when FILE's nearly fills it."""
    use_named_temporaries(monkeypatch)
    name = tmp_path / ("y" * 250)
    (name).write_text("old", encoding="utf-8")
    assert invoke([*TEMPLATE, "-o", str(name), "--force"]).exit_code == 0
    assert listing(tmp_path) == [name.name]


# -- modes -----------------------------------------------------------------------
@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002, 0o000])
def test_a_new_file_honours_the_umask(umask: int, tmp_path: Path) -> None:
    target = tmp_path / "final.toml"
    assert refcli(*TEMPLATE, "-o", str(target), umask=umask).returncode == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize("mode", [0o600, 0o644, 0o664, 0o640])
def test_force_keeps_the_replaced_files_mode(mode: int, tmp_path: Path, template_text: str) -> None:
    target = tmp_path / "final.toml"
    target.write_text("old", encoding="utf-8")
    target.chmod(mode)
    assert refcli(*TEMPLATE, "-o", str(target), "--force", umask=0o077 if mode != 0o600 else 0o000).returncode == 0
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert target.read_text(encoding="utf-8") == template_text


# -- both ways of keeping the unfinished text out of sight ----------------------
def use_named_temporaries(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a system without O_TMPFILE (or NFS) does."""

    def unsupported(*args: object) -> None:
        raise output._Unsupported

    monkeypatch.setattr(output, "_write_unnamed", unsupported)


@pytest.fixture(params=["unnamed", "named"])
def strategy(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "named":
        use_named_temporaries(monkeypatch)
    yield request.param


def test_either_way_new_files_are_written_and_existing_ones_need_force(
    strategy: str, invoke: Invoke, tmp_path: Path, template_text: str
) -> None:
    target = tmp_path / "final.toml"
    previous = os.umask(0o027)
    try:
        assert invoke([*TEMPLATE, "-o", str(target)]).exit_code == 0
    finally:
        os.umask(previous)
    assert target.read_text(encoding="utf-8") == template_text
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    refused = invoke([*TEMPLATE, "-o", str(target)])
    assert refused.exit_code == 73 and "use --force" in refused.stderr
    target.write_text("old", encoding="utf-8")
    target.chmod(0o604)
    assert invoke([*TEMPLATE, "-o", str(target), "--force"]).exit_code == 0
    assert target.read_text(encoding="utf-8") == template_text
    assert stat.S_IMODE(target.stat().st_mode) == 0o604
    assert listing(tmp_path) == ["final.toml"]


def test_the_file_written_is_byte_for_byte_the_template(tmp_path: Path) -> None:
    printed = subprocess.run([sys.executable, "-m", "refcli", *TEMPLATE], capture_output=True, timeout=GUARD_SECONDS)
    for attempt in range(2):
        target = tmp_path / f"final{attempt}.toml"
        assert refcli(*TEMPLATE, "-o", str(target)).returncode == 0
        assert target.read_bytes() == printed.stdout


# -- interrupted and killed writers --------------------------------------------------
# The child runs refcli's real main(); the hook stops it at a chosen moment of
# the write and says so on stdout, and the test then signals it.
CHILD = textwrap.dedent(
    """
    import os, sys, time
    from refcli.output import files as output
    hook, strategy = sys.argv[1], sys.argv[2]
    if strategy == "named":
        def unsupported(*args):
            raise output._Unsupported
        output._write_unnamed = unsupported
    real = getattr(os, hook)
    def stop(*args):
        os.write(1, b"stopped\\n")
        time.sleep(60)
        return real(*args)
    setattr(os, hook, stop)
    sys.argv = ["refcli", *sys.argv[3:]]
    from refcli.cli.start import main
    main()
    """
)


def stopped_writer(hook: str, strategy: str, *args: str) -> subprocess.Popen[bytes]:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, hook, strategy, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdout is not None
    assert child.stdout.readline() == b"stopped\n"  # blocks until the write has reached the hook
    return child


def temporaries(folder: Path) -> list[str]:
    return [name for name in listing(folder) if name.startswith(".")]


SELF_SIGNALLING = textwrap.dedent(
    """
    import os, signal, sys
    from refcli.output import files as output
    hook, strategy, signum = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if strategy == "named":
        def unsupported(*args):
            raise output._Unsupported
        output._write_unnamed = unsupported
    real = getattr(os, hook)
    def signalled(*args):
        os.kill(os.getpid(), signum)  # as if Ctrl-C or kill came at this very moment
        return real(*args)
    setattr(os, hook, signalled)
    sys.argv = ["refcli", *sys.argv[4:]]
    from refcli.cli.start import main
    main()
    """
)


@pytest.mark.parametrize(
    ("strategy", "hook", "existing", "outcome"),
    [
        ("unnamed", "fsync", False, "as it was"),  # the text has no name yet: the signal ends refcli there
        ("unnamed", "fsync", True, "as it was"),
        ("unnamed", "replace", True, "complete"),  # it has a temporary name: the signal waits for the rename
        ("named", "fsync", False, "complete"),
        ("named", "fsync", True, "complete"),
        ("named", "replace", True, "complete"),
    ],
)
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_mid_write_leaves_the_file_as_it_was_or_complete_and_no_temporary(
    signum: int, strategy: str, hook: str, existing: bool, outcome: str, tmp_path: Path, template_text: str
) -> None:
    target = tmp_path / "final.toml"
    if existing:
        target.write_text("mine\n", encoding="utf-8")
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            SELF_SIGNALLING,
            hook,
            strategy,
            str(int(signum)),
            *TEMPLATE,
            "-o",
            str(target),
            "--force",
        ],
        capture_output=True,
        timeout=GUARD_SECONDS,
    )
    assert child.returncode == ExitStatus.INTERRUPTED  # Ctrl-C and SIGTERM both end refcli with 130
    assert child.stderr == b""
    assert listing(tmp_path) == (["final.toml"] if existing or outcome == "complete" else [])
    if outcome == "complete":
        assert target.read_text(encoding="utf-8") == template_text
    elif existing:
        assert target.read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize(
    ("strategy", "hook", "existing"),
    [
        ("unnamed", "fsync", False),  # O_TMPFILE: the text has no name while it is written
        ("unnamed", "fsync", True),
        ("unnamed", "replace", True),  # linked under the temporary name, about to be renamed
        ("named", "fsync", False),
        ("named", "fsync", True),
        ("named", "replace", True),
    ],
)
def test_kill_9_mid_write_leaves_the_file_as_it_was_and_the_next_run_removes_any_temporary(
    strategy: str, hook: str, existing: bool, tmp_path: Path, template_text: str
) -> None:
    target = tmp_path / "final.toml"
    if existing:
        target.write_text("mine\n", encoding="utf-8")
    child = stopped_writer(hook, strategy, *TEMPLATE, "-o", str(target), "--force")
    child.kill()
    child.communicate(timeout=GUARD_SECONDS)
    assert child.returncode == -signal.SIGKILL
    assert [name for name in listing(tmp_path) if not name.startswith(".")] == (["final.toml"] if existing else [])
    if existing:
        assert target.read_text(encoding="utf-8") == "mine\n"
    left = temporaries(tmp_path)
    if strategy == "unnamed" and hook == "fsync":
        assert left == []  # nothing ever had a name
    else:  # a named temporary outlived its process: recognisable, with the dead writer's pid in its name
        assert len(left) == 1 and left[0].startswith(".final.toml.refcli-") and f"-{child.pid}-" in left[0]
    assert refcli(*TEMPLATE, "-o", str(target), "--force").returncode == 0
    assert listing(tmp_path) == ["final.toml"]
    assert target.read_text(encoding="utf-8") == template_text


def test_a_temporary_of_a_live_process_or_another_host_is_left_alone(tmp_path: Path) -> None:
    host = output._host()
    other_host = format(int(host, 16) ^ 1, "08x")
    dead_pid = subprocess.Popen([sys.executable, "-c", "pass"])
    dead_pid.wait(timeout=GUARD_SECONDS)
    live = f".final.toml.refcli-{host}-{os.getpid()}-0000abcd.tmp"  # this test process: alive
    elsewhere = f".final.toml.refcli-{other_host}-{dead_pid.pid}-0000abcd.tmp"
    stale = f".final.toml.refcli-{host}-{dead_pid.pid}-0000abcd.tmp"
    unrelated = ".final.toml.swp"
    for name in (live, elsewhere, stale, unrelated):
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert refcli(*TEMPLATE, "-o", str(tmp_path / "final.toml")).returncode == 0
    assert listing(tmp_path) == sorted([live, elsewhere, unrelated, "final.toml"])


def test_a_file_that_appears_while_writing_is_not_overwritten_without_force(tmp_path: Path) -> None:
    """The new file gets its name with link(), which fails if the name appeared meanwhile."""
    target = tmp_path / "final.toml"
    script = textwrap.dedent(
        f"""
        import os, sys
        real = os.fsync
        def meanwhile(fd):
            with open({str(target)!r}, "w") as other:
                other.write("someone else's\\n")
            return real(fd)
        os.fsync = meanwhile
        sys.argv = ["refcli", "kuhhandel", "template", "final", "-o", {str(target)!r}]
        from refcli.cli.start import main
        main()
        """
    )
    for strategy in ("unnamed", "named"):
        target.unlink(missing_ok=True)
        prefix = "from refcli import output\noutput._write_unnamed = lambda *a: (_ for _ in ()).throw(output._Unsupported())\n"
        child = subprocess.run(
            [sys.executable, "-c", (prefix if strategy == "named" else "") + script],
            capture_output=True,
            text=True,
            timeout=GUARD_SECONDS,
        )
        assert child.returncode == 73, (strategy, child.stderr)
        assert one_error_line(child.stderr) == f"refcli: error: {target} exists; use --force to overwrite it\n"
        assert target.read_text(encoding="utf-8") == "someone else's\n"
        assert listing(tmp_path) == ["final.toml"]


def test_the_readme_makes_the_promise_this_file_tests() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "An output file is never left\nhalf-written" in readme
    assert "`-o -` is standard output" in readme


# -- -o FILE on every command that prints a result ------------------------------
KH = str(REPO / "examples" / "kuhhandel")
RESULTS = {  # a command line of every kind of result, and its exit status
    "score": (["kuhhandel", "score", f"{KH}/rulebook-2460.toml"], 0),
    "score json, two files": (["score", f"{KH}/rulebook-2460.toml", f"{KH}/shared-win.toml", "-f", "json"], 0),
    "ruling": (["kuhhandel", "ruling", f"{KH}/auction-spec.toml"], None),
    "validate, a rule broken": (["validate", f"{KH}/record-broken.toml"], 1),
    "validate toml": (["kuhhandel", "validate", f"{KH}/record-edition2.toml", "-f", "toml"], 0),
    "rules": (["rules", "empate"], 0),
    "rules, no match": (["kuhhandel", "rules", "zzzz"], 1),
    "template": (["money", "template", "final"], 0),
    "schema": (["cup-of-bluff", "schema", "final"], 0),
    "animals": (["kuhhandel", "animals"], 0),
    "editions": (["kuhhandel", "editions"], 0),
    "pay": (["kuhhandel", "pay", "90", "-m", "0,10,50,50", "-f", "json"], 0),
    "compare": (["bamboozled", "compare", "43", "34"], 0),
    "ladder": (["bamboozled", "ladder"], 0),
    "chips": (["cup-of-bluff", "chips", "-f", "toml"], 0),
}


@pytest.mark.parametrize("case", list(RESULTS))
def test_every_result_written_with_o_is_byte_for_byte_what_stdout_gets(
    case: str, invoke: Invoke, tmp_path: Path
) -> None:
    args, status = RESULTS[case]
    printed = invoke(args)
    assert status is None or printed.exit_code == status, printed.stderr
    assert printed.stdout
    target = tmp_path / "result.out"
    written = invoke([*args, "-o", str(target)])
    assert (written.exit_code, written.stdout, written.stderr) == (printed.exit_code, "", f"wrote {target}\n")
    assert target.read_bytes() == printed.stdout_bytes
    again = invoke([*args, "-o", str(target)])  # the second time FILE exists: refused, and left as it was
    assert again.exit_code == ExitStatus.CANNOT_WRITE and "use --force" in one_error_line(again.stderr)
    assert target.read_bytes() == printed.stdout_bytes


def signature_of(build: Callable[[], object]) -> list[str]:
    import inspect

    return list(inspect.signature(build().function).parameters)  # type: ignore[attr-defined]


def test_every_command_has_o_and_force() -> None:
    """Every command of refcli prints a result (no command only acts), so every one takes -o and --force."""
    from refcli.cli.verbs import ROOT_DEFINITIONS, game_definitions
    from refcli.model import registry

    builders = list(ROOT_DEFINITIONS.items())
    for game in registry.built_in():
        builders += list(game_definitions(game).items())
    assert len(builders) > 30
    for name, build in builders:
        parameters = signature_of(build)
        assert "output" in parameters and "force" in parameters, name
    assert {"compare", "ladder", "chips", "animals", "pay", "editions"} <= {name for name, _ in builders}


def test_o_dash_is_standard_output_and_makes_no_file(tmp_path: Path) -> None:
    args = ["kuhhandel", "score", f"{KH}/rulebook-2460.toml"]
    printed = refcli(*args, cwd=tmp_path)
    dashed = refcli(*args, "-o", "-", cwd=tmp_path)
    assert (dashed.returncode, dashed.stdout, dashed.stderr) == (0, printed.stdout, "")
    template = refcli(*TEMPLATE, "-o", "-", cwd=tmp_path)
    assert template.returncode == 0 and template.stdout.startswith("#")
    assert listing(tmp_path) == []  # no file named "-"
    named = refcli(*TEMPLATE, "-o", "./-", cwd=tmp_path)  # a file called - is still written as ./-
    assert named.returncode == 0 and listing(tmp_path) == ["-"]


@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_a_result_file_honours_the_umask_and_force_keeps_its_mode(umask: int, tmp_path: Path) -> None:
    target = tmp_path / "scores.json"
    args = ("score", f"{KH}/rulebook-2460.toml", "-f", "json", "-o", str(target))
    assert refcli(*args, umask=umask).returncode == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    target.chmod(0o640)
    assert refcli(*args, "--force", umask=umask).returncode == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_directory_target_is_one_clear_error_before_any_work(tmp_path: Path) -> None:
    """Even with an input that would fail: FILE is checked first, so the one line is about FILE."""
    for force in ([], ["--force"]):
        result = refcli("kuhhandel", "score", f"{KH}/unfinished.toml", "-o", str(tmp_path), *force)
        assert result.returncode == ExitStatus.CANNOT_WRITE and result.stdout == ""
        assert (
            one_error_line(result.stderr) == f"refcli: error: cannot write {tmp_path}: it is a directory; name a file\n"
        )


def test_a_command_that_fails_before_printing_leaves_file_as_it_was(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "scores.txt"
    target.write_text("yesterday's scores\n", encoding="utf-8")
    failed = invoke(["kuhhandel", "score", f"{KH}/unfinished.toml", "-o", str(target), "--force"])
    assert failed.exit_code == ExitStatus.DATA and failed.stdout == ""
    assert "wrote" not in failed.stderr
    assert target.read_text(encoding="utf-8") == "yesterday's scores\n"
    usage = invoke(["kuhhandel", "pay", "90", "-o", str(target), "--force"])  # a usage error: exit 2, nothing written
    assert usage.exit_code == 2 and target.read_text(encoding="utf-8") == "yesterday's scores\n"


def test_what_a_partly_failed_run_printed_is_written_as_stdout_would_get_it(invoke: Invoke, tmp_path: Path) -> None:
    args = ["score", f"{KH}/rulebook-2460.toml", f"{KH}/unfinished.toml"]
    printed = invoke(args)
    assert printed.exit_code == ExitStatus.DATA and printed.stdout
    target = tmp_path / "scores.txt"
    written = invoke([*args, "-o", str(target)])
    assert written.exit_code == ExitStatus.DATA and written.stderr.endswith(f"wrote {target}\n")
    assert target.read_bytes() == printed.stdout_bytes


def test_force_serves_both_o_and_save(invoke: Invoke, tmp_path: Path) -> None:
    target, saved = tmp_path / "scores.txt", tmp_path / "final.toml"
    target.write_text("old\n", encoding="utf-8")
    saved.write_text("old\n", encoding="utf-8")
    args = ["kuhhandel", "score", f"{KH}/rulebook-2460.toml", "--save", str(saved), "-o", str(target)]
    assert invoke(args).exit_code == ExitStatus.CANNOT_WRITE
    assert target.read_text(encoding="utf-8") == saved.read_text(encoding="utf-8") == "old\n"
    assert invoke([*args, "--force"]).exit_code == 0
    assert target.read_text(encoding="utf-8").startswith("Kuhhandel")
    assert 'game = "kuhhandel"' in saved.read_text(encoding="utf-8")


# -- the spool behind -o, in-process ---------------------------------------------
def test_a_large_output_is_spooled_to_disk_and_written_whole(tmp_path: Path) -> None:
    target = tmp_path / "big.txt"
    line = "× " + "x" * 98 + "\n"  # not ASCII: the file is UTF-8 whatever stdout's encoding
    with output.stdout_to(str(target), False):
        for _ in range(30_000):  # 3 MB, past the spool's memory
            sys.stdout.write(line)
        sys.stdout.buffer.write(b"end\n")  # type: ignore[attr-defined]
    assert target.read_text(encoding="utf-8") == line * 30_000 + "end\n"


@pytest.mark.parametrize("end", [KeyboardInterrupt, RuntimeError])
def test_an_interrupted_or_crashed_command_writes_nothing(end: type[BaseException], tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    stdout = sys.stdout
    with pytest.raises(end), output.stdout_to(str(target), False):
        print("half of it")
        raise end
    assert sys.stdout is stdout and listing(tmp_path) == []


@pytest.mark.parametrize(
    ("code", "printed", "written"), [(0, "", True), (1, "x", True), (65, "x", True), (65, "", False)]
)
def test_a_command_ending_with_a_status_writes_when_it_has_a_result(
    code: int, printed: str, written: bool, tmp_path: Path
) -> None:
    target = tmp_path / "out.txt"
    with pytest.raises(SystemExit), output.stdout_to(str(target), False):
        sys.stdout.write(printed)
        raise SystemExit(code)
    assert target.exists() is written
