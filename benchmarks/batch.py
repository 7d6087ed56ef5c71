#!/usr/bin/env python3
"""Batch validation against parsing the same files with tomllib alone, as ratios.

Generates N recorded games (every registered game in turn, with refcli's own
random legal game generators) into a temporary folder, then runs side by side in
one session:

- the baseline: a fresh interpreter that parses every file with tomllib;
- ``refcli validate FILES --format json`` (and with ``--jobs 2``);
- the baseline for JSON Lines (json.loads of every line) and
  ``refcli validate --jsonl`` over the same records as one JSON Lines file
  (and with ``--jobs 2``);
- two ``refcli validate --jsonl`` side by side: how much room the machine has
  for two processes at that moment (2x their time in turn when two cores are
  free), which no ``--jobs 2`` run can beat;

and prints each time, its ratio to its baseline, the time per record, the CPU
time (user + system: less disturbed than the elapsed time by other work on a
shared machine) and the peak memory (max RSS) of each run. With ``--repeat N``
the commands run in turn N times; each figure is a command's fastest run, and
each goal's ratio is also given round by round (the median of the N ratios of
two commands run one after the other), which a shared machine's changes of
speed move least. Run it at two sizes to see that time is linear and memory flat:

    python benchmarks/batch.py --games 2000 20000 [--python PATH]

``--python`` is an interpreter refcli is installed in, not from a source
tree (``benchmarks/installed.py``; default: a venv built for the run in a
temporary folder from this checkout).
``--game ID`` generates records of that game only (to measure one game's
rules engine); ``--jsonl-only`` skips the TOML files and their commands (the
quick way to follow ``validate --jsonl``); ``--phases`` also splits a JSON
line's time, in one process, into decoding, reading the record, the game
(record objects, replay, result) and writing the result. Standard library only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import NamedTuple

from installed import installed_python

TOML_BASELINE = """
import sys, tomllib
for path in sys.argv[1:]:
    with open(path, "rb") as handle:
        tomllib.load(handle)
"""

JSONL_BASELINE = """
import json, sys
with open(sys.argv[1], "rb") as handle:
    for line in handle:
        json.loads(line)
"""

MEASURE = """
import resource, subprocess, sys, time
copies = int(sys.argv[1])
start = time.perf_counter()
started = [subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(copies)]
codes = [process.wait() for process in started]
elapsed = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, max(codes))
"""

# Two single-process runs side by side, against the same run alone, say how much room this machine has for
# two processes at that moment: 2.0x when two cores are free, less when the host gives a virtual machine's
# cores less than two cores' worth of work (other tenants, two threads of one core). No --jobs 2 run can beat
# it, so the --jobs 2 speed-up is also given as its share of it, and in the rounds where two cores were free.
SIDE_BY_SIDE = "two refcli validate --jsonl side by side"
FREE = 1.9  # two single-process runs side by side at least this much faster than in turn: two cores were free
JOBS_GOAL = 1.7  # --jobs 2 against --jobs 1 (for JSON Lines: when two cores are free)


# Where a record's time goes, in one process: every line is read into memory
# first, then validated as `validate --jsonl` does, step by step, CPU time
# summed per step (the reader's share by wrapping refcli's format reader).
PHASES = """
import json, sys, time
from refcli import validating
from refcli.cli import batch
from refcli.model.exit_status import ExitStatus
from refcli.reading.formats import reader
from refcli.reading.json_lines import json_lines, parse_json_line
from refcli.reading.documents import Document
from refcli.model.options import ValidateOptions

clock = time.process_time
spent = dict.fromkeys(["JSON decode", "document and validator", "reading the record", "the game", "result to JSON"], 0.0)
nested = reader.read_document

def read_document(*args, **kwargs):
    start = clock()
    try:
        return nested(*args, **kwargs)
    finally:
        spent["reading the record"] += clock() - start

reader.read_document = read_document
tasks = list(json_lines(sys.argv[1], 1 << 30))
options = ValidateOptions()
for task in tasks[:50]:  # warm up: imports, compiled readers
    validating.validate_line(task, None, options)
for key in spent:
    spent[key] = 0.0
for task in tasks:
    t0 = clock()
    data = parse_json_line(task.raw, task.name, task.number)
    t1 = clock()
    doc = Document(name=task.name, data=data, text="", line=task.number)
    validator = validating.validator_for(doc, None)
    t2 = clock()
    result = validator.validate_document(doc, options)
    t3 = clock()
    batch.render_outcome((result._replace(file=task.where), ExitStatus.OK, None), "json")
    t4 = clock()
    spent["JSON decode"] += t1 - t0
    spent["document and validator"] += t2 - t1
    spent["the game"] += t3 - t2
    spent["result to JSON"] += t4 - t3
spent["the game"] -= spent["reading the record"]  # the game's validate_document reads the record first
start = clock()
for task in tasks:
    json.loads(task.raw)
bare = (clock() - start) / len(tasks)
total = sum(spent.values()) / len(tasks)
print(f"per record, CPU time, in one process ({len(tasks)} records; bare json.loads {bare * 1000:.3f} ms):")
for step, seconds in spent.items():
    each = seconds / len(tasks)
    print(f"  {step:24} {each * 1000:7.3f} ms  {each / total:6.1%}  {each / bare:6.2f}x json.loads")
print(f"  {'all':24} {total * 1000:7.3f} ms  {1:6.1%}  {total / bare:6.2f}x json.loads")
"""


class Run(NamedTuple):
    seconds: float  # elapsed
    cpu: float  # user + system seconds
    rss: int  # peak, KiB
    code: int


def generate(python: str, folder: Path, count: int, game: str | None, toml: bool) -> list[str]:
    """Write ``count`` random legal games (TOML) and one JSON Lines file of the same records.

    Every built-in game with a generator of random legal games in turn, or only ``game``.
    """
    script = f"""
import importlib, json, sys, tomllib
from pathlib import Path
from refcli.model import registry
from refcli.games.record_toml import to_toml
folder = Path(sys.argv[1])
games = [game for game in registry.built_in() if game.simulate]
if sys.argv[2]:
    games = [game for game in games if game.id == sys.argv[2]]
    if not games:
        sys.exit(f"batch.py: no built-in game {{sys.argv[2]!r}} with a generator of random games")
generators = [importlib.import_module(game.simulate.module).random_game for game in games]
with open(folder / "all.jsonl", "w", encoding="utf-8") as lines:
    for number in range({count}):
        text = to_toml(generators[number % len(generators)](number))
        if {toml!r}:
            (folder / f"game{{number:06d}}.toml").write_text(text, encoding="utf-8")
        lines.write(json.dumps(tomllib.loads(text), ensure_ascii=False) + "\\n")
"""
    if subprocess.run([python, "-c", script, str(folder), game or ""]).returncode:
        sys.exit(1)  # the generator said why
    return sorted(str(path) for path in folder.glob("game*.toml"))


def measure(python: str, argv: list[str], copies: int = 1) -> Run:
    """Elapsed and CPU seconds, peak RSS in KiB and exit code of one command, run from a fresh parent.

    With ``copies``, that many copies of the command run side by side: the elapsed time until the last ends,
    the CPU time of all, the largest peak and the worst exit code.
    """
    result = subprocess.run([python, "-c", MEASURE, str(copies), *argv], capture_output=True, text=True, check=True)
    seconds, cpu, rss, code = result.stdout.split()
    return Run(float(seconds), float(cpu), int(rss), int(code))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[2000])
    parser.add_argument("--python", help="interpreter refcli is installed in (default: a venv built for the run)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per command (in turn); the fastest counts")
    parser.add_argument("--game", metavar="ID", help="records of this game only (default: every game in turn)")
    parser.add_argument("--jsonl-only", action="store_true", help="only the JSON Lines commands (no TOML files)")
    parser.add_argument("--phases", action="store_true", help="also split a JSON line's time into its steps")
    args = parser.parse_args()
    with installed_python(args.python) as python:
        return measure_all(args, python)


def measure_all(args: argparse.Namespace, python: str) -> int:
    """Every size of ``args.games``, with the refcli installed for ``python``."""
    refcli = [python, "-m", "refcli"]
    which = f"{args.game} only" if args.game else "every game in turn"
    print(f"batch validation benchmark, python {sys.version.split()[0]} ({python}), {os.cpu_count()} cores, {which}")
    print(f"refcli parses TOML with: {toml_parser(python)}; the baseline with tomllib")
    rows = []
    for count in args.games:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            started = time.perf_counter()
            files = generate(python, folder, count, args.game, not args.jsonl_only)
            jsonl = str(folder / "all.jsonl")
            size = sum(os.path.getsize(f) for f in files) if files else os.path.getsize(jsonl)
            print(
                f"\n{count} games generated in {time.perf_counter() - started:.1f} s "
                f"({size / 1e6:.1f} MB of {'TOML' if files else 'JSON Lines'})"
            )
            commands: dict[str, list[str]] = {}
            if files:
                commands |= {
                    "tomllib parse (baseline)": [python, "-c", TOML_BASELINE, *files],
                    "refcli validate --format json": [*refcli, "validate", "--format", "json", *files],
                    "refcli validate --jobs 2 --format json": [
                        *refcli,
                        "validate",
                        "--jobs",
                        "2",
                        "--format",
                        "json",
                        *files,
                    ],
                }
            commands |= {
                "json.loads per line (baseline)": [python, "-c", JSONL_BASELINE, jsonl],
                "refcli validate --jsonl": [*refcli, "validate", "--jsonl", jsonl],
                "refcli validate --jsonl --jobs 2": [*refcli, "validate", "--jsonl", "--jobs", "2", jsonl],
                SIDE_BY_SIDE: [*refcli, "validate", "--jsonl", jsonl],
            }
            runs: dict[str, list[Run]] = {label: [] for label in commands}
            load = os.getloadavg()[0]  # other work on the machine: --jobs 2 needs two free cores
            for _ in range(args.repeat):  # in turn, so that a busy spell of the machine touches every command
                for label, argv in commands.items():
                    runs[label].append(measure(python, argv, 2 if label == SIDE_BY_SIDE else 1))
            results = {label: min(done) for label, done in runs.items()}
            cpu = {label: min(run.cpu for run in done) for label, done in runs.items()}
            base = results["tomllib parse (baseline)" if files else "json.loads per line (baseline)"].seconds
            against = "x tomllib" if files else "x json"
            print(
                f"{'command':42} {'seconds':>8} {'per game':>9} {against:>10} {'cpu s':>7} {'peak MiB':>9} {'exit':>5}"
            )
            for label, run in results.items():
                if label == SIDE_BY_SIDE:  # two runs' time for one run's records: said with --jobs 2 below
                    continue
                print(
                    f"{label:42} {run.seconds:8.2f} {run.seconds / count * 1000:7.2f}ms {run.seconds / base:9.2f}x "
                    f"{cpu[label]:7.2f} {run.rss / 1024:9.1f} {run.code:5}"
                )
            base_json = results["json.loads per line (baseline)"].seconds
            jsonl_time = results["refcli validate --jsonl"].seconds
            if files:
                single = results["refcli validate --format json"].seconds
                jobs = results["refcli validate --jobs 2 --format json"].seconds
                cpu_toml = cpu["refcli validate --format json"] / cpu["tomllib parse (baseline)"]
                print(
                    f"  validate / tomllib parse: {single / base_toml(results):.2f}x (goal <= 1x); "
                    f"in CPU time {cpu_toml:.2f}x; {paired(runs, 'refcli validate --format json', 'tomllib parse (baseline)')}"
                )
                cpu_jobs = cpu["refcli validate --jobs 2 --format json"] / cpu["refcli validate --format json"]
                print(
                    f"  --jobs 2 speed-up: {single / jobs:.2f}x (goal >= {JOBS_GOAL}x); CPU time {cpu_jobs:.2f}x --jobs 1's; "
                    f"{paired(runs, 'refcli validate --format json', 'refcli validate --jobs 2 --format json')}"
                )
                print(f"  --jsonl / TOML validate: {jsonl_time / single:.2f}x (goal <= 1x: the same or better rate)")
                rows.append((count, single / count, results["refcli validate --format json"].rss))
            cpu_ratio = cpu["refcli validate --jsonl"] / cpu["json.loads per line (baseline)"]
            print(
                f"  --jsonl validate / json.loads: {jsonl_time / base_json:.2f}x (goal <= 6x); "
                f"in CPU time {cpu_ratio:.2f}x; {paired(runs, 'refcli validate --jsonl', 'json.loads per line (baseline)')}"
            )
            jsonl_jobs = results["refcli validate --jsonl --jobs 2"].seconds
            cpu_jobs = cpu["refcli validate --jsonl --jobs 2"] / cpu["refcli validate --jsonl"]
            print(
                f"  --jsonl --jobs 2 speed-up, over all rounds: {jsonl_time / jsonl_jobs:.2f}x "
                f"(the goal, >= {JOBS_GOAL}x, is for rounds with two free cores: below); "
                f"CPU time {cpu_jobs:.2f}x --jobs 1's; "
                f"{paired(runs, 'refcli validate --jsonl', 'refcli validate --jsonl --jobs 2')}"
            )
            print(f"  {room_for_two(runs)}")
            print(f"  load average (1 minute): {load:.2f} before the commands, {os.getloadavg()[0]:.2f} after")
            if args.phases:
                subprocess.run([python, "-c", PHASES, jsonl], check=True)
    if len(rows) > 1:
        (small, small_each, small_rss), (large, large_each, large_rss) = rows[0], rows[-1]
        print(
            f"\nlinear: {large_each / small_each:.2f}x the time per game at {large} games as at {small} (1.00 = linear)"
        )
        print(f"flat memory: peak {large_rss / 1024:.1f} MiB at {large} games, {small_rss / 1024:.1f} MiB at {small}")
    return 0


def paired(runs: dict[str, list[Run]], first: str, second: str) -> str:
    """The median, over the rounds, of ``first``'s time over ``second``'s in the same round.

    The fastest run of each command (the figure before it) may come from different moments, and this
    machine's speed moves by 10-20 % within a minute: the ratio of two commands run one after the other
    moves less, and its median over the rounds least of all.
    """
    ratios = [a.seconds / b.seconds for a, b in zip(runs[first], runs[second], strict=True)]
    return f"round by round {median(ratios):.2f}x (the median of {len(ratios)})"


def room_for_two(runs: dict[str, list[Run]]) -> str:
    """How much faster two single-process runs go side by side than in turn, and what --jobs 2 made of it.

    Round by round: the room (2x one run alone over the two side by side), the --jobs 2 speed-up's share of
    it, and the speed-up in the rounds where the room said two cores were free.
    """
    alone, jobs, pair = runs["refcli validate --jsonl"], runs["refcli validate --jsonl --jobs 2"], runs[SIDE_BY_SIDE]
    rooms = [2 * a.seconds / p.seconds for a, p in zip(alone, pair, strict=True)]
    speed_ups = [a.seconds / j.seconds for a, j in zip(alone, jobs, strict=True)]
    free = [speed_up for speed_up, room in zip(speed_ups, rooms, strict=True) if room >= FREE]
    said = (
        f"two --jsonl runs side by side: {median(rooms):.2f}x faster than in turn, round by round "
        f"(2x: two free cores); --jobs 2 got {median([s / r for s, r in zip(speed_ups, rooms, strict=True)]):.0%} "
        f"of that\n  "
    )
    if not free:
        return said + f"in no round were two cores free (>= {FREE}x)"
    return said + (
        f"--jsonl --jobs 2 speed-up in the {len(free)} of {len(rooms)} rounds where two cores were free "
        f"(>= {FREE}x): {median(free):.2f}x (goal >= {JOBS_GOAL}x: {'met' if median(free) >= JOBS_GOAL else 'NOT met'})"
    )


def toml_parser(python: str) -> str:
    """Which parser refcli reads TOML with in ``python``: tomli's compiled wheel where installed, else tomllib."""
    script = "from refcli.reading import documents as d; print(d.toml_loads.__module__ or d.toml_loads)"
    done = subprocess.run([python, "-c", script], capture_output=True, text=True)
    return done.stdout.strip() or "unknown (an older refcli: tomllib)"


def base_toml(results: dict[str, Run]) -> float:
    return results["tomllib parse (baseline)"].seconds


if __name__ == "__main__":
    sys.exit(main())
