#!/usr/bin/env python3
"""Start-up time of refcli commands, as ratios against baselines measured in the same session.

Absolute times on shared machines are noise; what carries from one machine to
another is how a refcli command compares with ``python -c pass`` and with a
minimal Typer app on the same typer, run side by side. So every command and
every baseline is run as a subprocess, round-robin (one run of each per
round, N rounds), and the median of each is reported with its two ratios.

    python benchmarks/startup.py [--runs N] [--python PATH]

``--python`` is an interpreter refcli is installed in, not from a source
tree (``benchmarks/installed.py``); without it the benchmark installs refcli
from this checkout into a venv in a temporary folder. The console script
``refcli`` beside it is measured too when it exists. Standard library only.
Exits 0 after printing the report.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from installed import installed_python

REPO = Path(__file__).resolve().parent.parent

# The project's speed goals (benchmarks/README.md, "Goals"), checked at the end.
GOAL_VS_PASS = 6.0  # a quick query within 6x `python -c pass`
GOAL_VS_TYPER = 1.15  # refcli within 1.15x of a minimal Typer app

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
    times: list[float] = field(default_factory=list)
    returncodes: set[int] = field(default_factory=set)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times) * 1000.0


def run_once(bench: Bench, cwd: str) -> None:
    start = time.perf_counter()
    proc = subprocess.run(
        bench.argv,
        cwd=cwd,
        env=bench.env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    elapsed = time.perf_counter() - start
    bench.times.append(elapsed)
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
        base_import = Bench('python -c "import typer"', [python, "-c", "import typer"], env)
        benches = [base_pass, base_typer, base_import]

        queries = [
            ("--version", ["--version"]),
            ("--help", ["--help"]),
            ("bamboozled compare 43 34", ["bamboozled", "compare", "43", "34"]),
            # the same quick query in Spanish: the compiled catalogue must cost nothing noticeable
            ("--lang es bamboozled compare 43 34", ["--lang", "es", "bamboozled", "compare", "43", "34"]),
            ("kuhhandel animals --format json", ["kuhhandel", "animals", "--format", "json"]),
            ("kuhhandel rules K8 --format json", ["kuhhandel", "rules", "K8", "--format", "json"]),
            (f"kuhhandel score {score_file.name}", ["kuhhandel", "score", str(score_file)]),
            (
                f"kuhhandel score {score_file.name} --format json",
                ["kuhhandel", "score", str(score_file), "--format", "json"],
            ),
        ]
        quick = {}  # the quick query, per invocation style and language
        for label, rest in queries:
            spanish = rest[:2] == ["--lang", "es"]
            query = rest[2:] if spanish else rest
            style = " --lang es" if spanish else ""
            b = Bench(f"python -m refcli {label}", [python, "-m", "refcli", *rest], env)
            benches.append(b)
            if query[:2] == QUICK_QUERY[:2]:
                quick[f"python -m refcli{style}"] = b
            if has_script:
                b = Bench(f"refcli {label}", [script, *rest], env)
                benches.append(b)
                if query[:2] == QUICK_QUERY[:2]:
                    quick[f"refcli{style}"] = b
        if has_script:  # Spanish from the locale alone, as at a Spanish speaker's terminal
            b = Bench(
                "LANG=es_ES.UTF-8 refcli bamboozled compare 43 34",
                [script, *QUICK_QUERY],
                dict(env, LANG="es_ES.UTF-8"),
            )
            benches.append(b)
            quick["LANG=es_ES.UTF-8 refcli"] = b

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
        for i in range(args.runs):
            # round-robin; start each round one command further on so no
            # command always runs right after the same neighbour
            k = i % len(benches)
            for b in benches[k:] + benches[:k]:
                run_once(b, cwd)

        imports = heavy_imports(python, cwd, env)

    pass_ms = base_pass.median_ms
    typer_ms = base_typer.median_ms
    print("refcli start-up benchmark")
    print(f"python {py_version} ({python})")
    print(f"typer {typer_version}, refcli {refcli_version}")
    print(f"{args.runs} interleaved rounds, median per command; temp working directory")
    print(completion_note)
    print()
    width = max(len(b.label) for b in benches)
    header = f"{'command':<{width}}  {'median ms':>9}  {'x pass':>6}  {'x typer app':>11}"
    print(header)
    print("-" * len(header))
    for b in benches:
        flag = "" if b.returncodes == {0} else f"  (exit {sorted(b.returncodes)})"
        print(
            f"{b.label:<{width}}  {b.median_ms:9.1f}  {b.median_ms / pass_ms:6.2f}  {b.median_ms / typer_ms:11.2f}{flag}"
        )
    print()

    print("goals:")
    for style, b in quick.items():
        r_pass = b.median_ms / pass_ms
        r_typer = b.median_ms / typer_ms
        print(
            f"  {style} {' '.join(QUICK_QUERY)}: {r_pass:.2f}x python -c pass "
            f"(goal <= {GOAL_VS_PASS:g}x: {'met' if r_pass <= GOAL_VS_PASS else 'NOT met'}), "
            f"{r_typer:.2f}x minimal Typer app "
            f"(goal <= {GOAL_VS_TYPER:g}x: {'met' if r_typer <= GOAL_VS_TYPER else 'NOT met'})"
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
