#!/usr/bin/env python3
"""Start-up cost of refcli commands, as ratios against baselines measured in the same session.

Absolute times on shared machines are noise; what carries from one machine to
another is how a refcli command compares with ``python -c pass`` and with a
minimal Typer app on the same typer, run side by side. So every command and
every baseline is run as a subprocess, round-robin (one run of each per
round, N rounds), and the median of each is reported with its two ratios.
The cost is the CPU time (user + system) the process and its children used,
which other jobs on the machine disturb far less than the wall-clock time
(printed beside it). Each refcli command runs twice: piped (stdout to
/dev/null) and on a terminal (a pseudo-terminal of 100 columns and 500
lines, so that no answer is paged), and each is compared with the Typer app
run the same way.

    python benchmarks/startup.py [--runs N] [--python PATH]

``--python`` is an interpreter refcli is installed in, not from a source
tree (``benchmarks/installed.py``); without it the benchmark installs refcli
from this checkout into a venv in a temporary folder. The console script
``refcli`` beside it is measured too when it exists. Standard library only.
Exits 0 after printing the report.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from installed import installed_python

REPO = Path(__file__).resolve().parent.parent

# The project's speed goals (benchmarks/README.md, "Goals"), checked at the end: the most each kind of
# command may cost against the minimal Typer app, piped and on a terminal.
GOALS = {"quick": 1.0, "word search": 1.2, "one file": 1.2}

MINIMAL_TYPER_APP = """\
import typer

app = typer.Typer()


@app.command()
def main():
    pass


app()
"""

# Environment variables that would turn any run into a completion request.
COMPLETION_VARS = ("_REFCLI_COMPLETE", "COMP_WORDS", "COMP_CWORD", "_TYPER_COMPLETE_ARGS")

HEAVY_MODULES = ("rich", "pydantic", "tomli_w", "tomllib", "babel")

# The quick query the goals are about: a question at the table, answered from one game's declaration.
QUICK_QUERY = ["bamboozled", "compare", "43", "34"]


@dataclass
class Bench:
    label: str
    argv: list[str]
    env: dict[str, str] | None = None
    terminal: bool = False  # stdout and stderr a pseudo-terminal, else stdout /dev/null
    kind: str = ""  # the goal it is held to (GOALS), if any
    times: list[float] = field(default_factory=list)  # CPU seconds
    walls: list[float] = field(default_factory=list)
    returncodes: set[int] = field(default_factory=set)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times) * 1000.0

    @property
    def wall_ms(self) -> float:
        return statistics.median(self.walls) * 1000.0


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 65536):
            pass
    except OSError:  # the terminal's other side closed: the command ended
        pass


def run_once(bench: Bench, cwd: str) -> None:
    """Run the command once; record its CPU time (itself and its children: a pager) and wall time."""
    master = slave = -1
    if bench.terminal:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 500, 100, 0, 0))
        reader = threading.Thread(target=_drain, args=(master,), daemon=True)
        reader.start()
    out = slave if bench.terminal else subprocess.DEVNULL
    start = time.perf_counter()
    proc = subprocess.Popen(bench.argv, cwd=cwd, env=bench.env, stdin=subprocess.DEVNULL, stdout=out, stderr=out)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if bench.terminal:
        os.close(slave)
        reader.join(5)
        os.close(master)
    bench.times.append(usage.ru_utime + usage.ru_stime)
    bench.walls.append(elapsed)
    bench.returncodes.add(proc.returncode)


def probe(python: str, code: str, cwd: str, env: dict[str, str]) -> str | None:
    """Run a snippet in the measured interpreter; its stdout, or None if it failed."""
    proc = subprocess.run(
        [python, "-c", code], cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    return proc.stdout.strip() if proc.returncode == 0 else None


def heavy_imports(python: str, cwd: str, env: dict[str, str]) -> dict[str, float | None]:
    """For the quick query in Spanish: cumulative import time (us) of each heavy module, None if not imported."""
    proc = subprocess.run(
        [python, "-X", "importtime", "-m", "refcli", "--lang", "es", *QUICK_QUERY],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    found: dict[str, float | None] = dict.fromkeys(HEAVY_MODULES)
    # lines look like: "import time:       123 |        456 |     rich.console"
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:"):
            continue
        parts = line[len("import time:") :].split("|")
        if len(parts) != 3 or not parts[1].strip().isdigit():
            continue  # the header line
        name = parts[2].strip()
        top = name.split(".")[0]
        if top in found and name == top:
            found[top] = float(parts[1])
        elif top in found and found[top] is None:
            found[top] = 0.0  # a submodule without the package line (should not happen)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="rounds over all commands (default 20)")
    parser.add_argument(
        "--python",
        help="interpreter refcli is installed in, not editable (default: a venv built for the run from this checkout)",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    with installed_python(args.python) as python:
        return measure(args, python)


def measure(args: argparse.Namespace, python: str) -> int:
    """Run the benchmark on the refcli installed for ``python`` and print the report."""
    script = os.path.join(os.path.dirname(python), "refcli")
    has_script = os.path.isfile(script) and os.access(script, os.X_OK)

    score_file = REPO / "examples" / "kuhhandel" / "rulebook-2460.toml"
    if not score_file.exists():
        score_file = REPO / "data" / "templates" / "kuhhandel" / "final.toml"

    env = {k: v for k, v in os.environ.items() if k not in COMPLETION_VARS}
    completion_env = dict(env, _REFCLI_COMPLETE="complete_bash", COMP_WORDS="refcli kuh", COMP_CWORD="1")

    with tempfile.TemporaryDirectory(prefix="refcli-bench-") as cwd:
        app_file = os.path.join(cwd, "minimal_typer_app.py")
        with open(app_file, "w", encoding="utf-8") as fh:
            fh.write(MINIMAL_TYPER_APP)

        py_version = probe(python, "import sys; print(sys.version.split()[0])", cwd, env)
        typer_version = probe(python, "import importlib.metadata as m; print(m.version('typer'))", cwd, env)
        refcli_version = probe(python, "import refcli; print(refcli.__version__)", cwd, env)
        if refcli_version is None:
            print(f"refcli is not importable with {python}; pass --python <venv>/bin/python", file=sys.stderr)
            return 2

        base_pass = Bench("python -c pass", [python, "-c", "pass"], env)
        base_typer = Bench("minimal Typer app", [python, app_file], env)
        base_typer_tty = Bench("minimal Typer app [terminal]", [python, app_file], env, terminal=True)
        base_import = Bench('python -c "import typer"', [python, "-c", "import typer"], env)
        benches = [base_pass, base_typer, base_typer_tty, base_import]

        ruling_file = REPO / "examples" / "cup-of-bluff" / "call-gives.toml"
        queries = [  # (kind, label, arguments)
            ("quick", "--version", ["--version"]),
            ("quick", "--help", ["--help"]),
            ("quick", "bamboozled compare 43 34", ["bamboozled", "compare", "43", "34"]),
            ("quick", "bamboozled ladder", ["bamboozled", "ladder"]),
            ("quick", "cup-of-bluff chips", ["cup-of-bluff", "chips"]),
            ("quick", "kuhhandel animals", ["kuhhandel", "animals"]),
            ("quick", "kuhhandel rules K8", ["kuhhandel", "rules", "K8"]),
            ("quick", "kuhhandel rules auction", ["kuhhandel", "rules", "auction"]),
            ("word search", 'rules "¿quién gana un empate?"', ["rules", "¿quién gana un empate?"]),
            ("one file", f"kuhhandel score {score_file.name}", ["kuhhandel", "score", str(score_file)]),
            ("one file", f"cup-of-bluff ruling {ruling_file.name}", ["cup-of-bluff", "ruling", str(ruling_file)]),
        ]
        command = [script] if has_script else [python, "-m", "refcli"]
        name = "refcli" if has_script else "python -m refcli"
        for kind, label, rest in queries:
            for lang in ("en", "es"):
                for terminal in (False, True):
                    where = " [terminal]" if terminal else ""
                    benches.append(
                        Bench(
                            f"{name} --lang {lang} {label}{where}",
                            [*command, "--lang", lang, *rest],
                            env,
                            terminal,
                            kind,
                        )
                    )

        completion_note = "console script not found: completion not measured"
        if has_script:
            benches.append(Bench("refcli completion (bash, 'refcli kuh')", [script], completion_env))
            # Check once that the request really completes (typer names the
            # variable _{PROG_NAME}_COMPLETE, prog name = argv[0]'s basename).
            proc = subprocess.run(
                [script], cwd=cwd, env=completion_env, stdin=subprocess.DEVNULL, capture_output=True, text=True
            )
            words = proc.stdout.split()
            if proc.returncode == 0 and "kuhhandel" in words:
                completion_note = f"completion check: 'refcli kuh<TAB>' -> {' '.join(words)}"
            else:
                completion_note = (
                    f"WARNING: completion request printed {proc.stdout!r} (exit {proc.returncode}); "
                    "its timing does not measure completion"
                )

        # One untimed round: writes .pyc files and warms the file cache.
        for b in benches:
            run_once(b, cwd)
            b.times.clear()
            b.walls.clear()
        for i in range(args.runs):
            # round-robin; start each round one command further on so no
            # command always runs right after the same neighbour
            k = i % len(benches)
            for b in benches[k:] + benches[:k]:
                run_once(b, cwd)

        imports = heavy_imports(python, cwd, env)

    pass_ms = base_pass.median_ms
    typer_ms = base_typer.median_ms
    typer_tty_ms = base_typer_tty.median_ms
    print("refcli start-up benchmark")
    print(f"python {py_version} ({python})")
    print(f"typer {typer_version}, refcli {refcli_version}")
    print(f"{args.runs} interleaved rounds, median CPU time (user + system) per command; temp working directory")
    print(completion_note)
    print()
    width = max(len(b.label) for b in benches)
    header = f"{'command':<{width}}  {'CPU ms':>7}  {'wall ms':>7}  {'x pass':>6}  {'x typer app':>11}"
    print(header)
    print("-" * len(header))
    for b in benches:
        flag = "" if b.returncodes <= {0, 1} else f"  (exit {sorted(b.returncodes)})"
        baseline = typer_tty_ms if b.terminal else typer_ms
        print(
            f"{b.label:<{width}}  {b.median_ms:7.1f}  {b.wall_ms:7.1f}  {b.median_ms / pass_ms:6.2f}  "
            f"{b.median_ms / baseline:11.2f}{flag}"
        )
    print()

    print("goals (x the minimal Typer app run the same way, piped or on a terminal):")
    for kind, goal in GOALS.items():
        held = [b for b in benches if b.kind == kind]
        if not held:
            continue
        ratios = [b.median_ms / (typer_tty_ms if b.terminal else typer_ms) for b in held]
        worst = max(zip(ratios, (b.label for b in held)))
        met = sum(ratio <= goal for ratio in ratios)
        print(
            f"  {kind}: at most {goal:g}x; {met} of {len(held)} met, "
            f"{min(ratios):.2f}x to {worst[0]:.2f}x (the highest: {worst[1]})"
        )
    print()

    print(
        f"heavy modules imported by the quick query (python -X importtime -m refcli --lang es {' '.join(QUICK_QUERY)}):"
    )
    for name in HEAVY_MODULES:
        us = imports[name]
        if us is None:
            print(f"  {name}: not imported")
        else:
            print(f"  {name}: IMPORTED ({us / 1000:.1f} ms cumulative)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
