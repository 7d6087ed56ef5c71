#!/usr/bin/env python3
"""Batch validation against parsing the same files with tomllib alone, as ratios.

Generates N recorded games (every registered game in turn, with refcli's own
random legal game generators) into a temporary folder, then runs side by side in
one session:

- the baseline: a fresh interpreter that parses every file with tomllib;
- ``refcli validate FILES --format json`` (and with ``--jobs 2``);
- the baseline for JSON Lines (json.loads of every line) and
  ``refcli validate --jsonl`` over the same records as one JSON Lines file;

and prints each time, its ratio to its baseline, the time per record, and the
peak memory (max RSS) of each run. Run it at two sizes to see that time is
linear and memory flat:

    python benchmarks/batch.py --games 2000 20000 [--python PATH]

``--python`` is the interpreter refcli is installed in (default: this one).
Standard library only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
elapsed = time.perf_counter() - start
print(elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.returncode)
"""


def generate(python: str, folder: Path, count: int) -> list[str]:
    """Write ``count`` random legal games (TOML) and one JSON Lines file of the same records."""
    script = f"""
import importlib, json, sys, tomllib
from pathlib import Path
from refcli import registry
from refcli.records import to_toml
folder = Path(sys.argv[1])
# every built-in game with a generator of random legal games, in turn
generators = [importlib.import_module(game.simulate.module).random_game for game in registry.built_in() if game.simulate]
with open(folder / "all.jsonl", "w", encoding="utf-8") as lines:
    for number in range({count}):
        text = to_toml(generators[number % len(generators)](number))
        (folder / f"game{{number:06d}}.toml").write_text(text, encoding="utf-8")
        lines.write(json.dumps(tomllib.loads(text), ensure_ascii=False) + "\\n")
"""
    subprocess.run([python, "-c", script, str(folder)], check=True)
    return sorted(str(path) for path in folder.glob("game*.toml"))


def measure(python: str, argv: list[str]) -> tuple[float, int, int]:
    """(seconds, peak RSS in KiB, exit code) of one command, run from a fresh parent."""
    result = subprocess.run([python, "-c", MEASURE, *argv], capture_output=True, text=True, check=True)
    seconds, rss, code = result.stdout.split()
    return float(seconds), int(rss), int(code)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[2000])
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--repeat", type=int, default=1, help="runs per command; the fastest counts")
    args = parser.parse_args()
    python = args.python
    refcli = [python, "-m", "refcli"]
    print(f"batch validation benchmark, python {sys.version.split()[0]} ({python}), {os.cpu_count()} cores")
    rows = []
    for count in args.games:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            started = time.perf_counter()
            files = generate(python, folder, count)
            print(
                f"\n{count} games generated in {time.perf_counter() - started:.1f} s "
                f"({sum(os.path.getsize(f) for f in files) / 1e6:.1f} MB of TOML)"
            )
            jsonl = str(folder / "all.jsonl")
            commands = {
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
                "json.loads per line (baseline)": [python, "-c", JSONL_BASELINE, jsonl],
                "refcli validate --jsonl": [*refcli, "validate", "--jsonl", jsonl],
                "refcli validate --jsonl --jobs 2": [*refcli, "validate", "--jsonl", "--jobs", "2", jsonl],
            }
            results = {}
            for label, argv in commands.items():
                runs = [measure(python, argv) for _ in range(args.repeat)]
                results[label] = min(runs)
            base_toml = results["tomllib parse (baseline)"][0]
            print(f"{'command':42} {'seconds':>8} {'per game':>9} {'x tomllib':>10} {'peak MiB':>9} {'exit':>5}")
            for label, (seconds, rss, code) in results.items():
                print(
                    f"{label:42} {seconds:8.2f} {seconds / count * 1000:7.2f}ms {seconds / base_toml:9.2f}x "
                    f"{rss / 1024:9.1f} {code:5}"
                )
            single = results["refcli validate --format json"][0]
            jobs = results["refcli validate --jobs 2 --format json"][0]
            jsonl_time = results["refcli validate --jsonl"][0]
            print(f"  validate / tomllib parse: {single / base_toml:.2f}x (goal <= 2x)")
            print(f"  --jobs 2 speed-up: {single / jobs:.2f}x (goal >= 1.7x)")
            print(f"  --jsonl / TOML validate: {jsonl_time / single:.2f}x (goal <= 1x: the same or better rate)")
            rows.append((count, single / count, results["refcli validate --format json"][1]))
    if len(rows) > 1:
        (small, small_each, small_rss), (large, large_each, large_rss) = rows[0], rows[-1]
        print(
            f"\nlinear: {large_each / small_each:.2f}x the time per game at {large} games as at {small} (1.00 = linear)"
        )
        print(f"flat memory: peak {large_rss / 1024:.1f} MiB at {large} games, {small_rss / 1024:.1f} MiB at {small}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
