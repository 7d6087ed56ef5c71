#!/usr/bin/env python3
"""The worst inputs under the size limit: time and peak memory per MiB, beside a real record's.

Writes, into a temporary folder, the worst input of each family of hostile
input (long dotted keys, many headers, many inline tables,
huge integers, huge strings and keys, many players, offers and events, a big
rules query), each at or near the 8 MiB input limit, and where a count limit
stops refcli earlier, also just under that limit (the most an input of that
family can make refcli do). Also: 50,000 ``KEY=VALUE`` items merged, and
each game's simulated record with its events repeated to 4,000 (a finding
on most, each located by its line) in every layout ``refcli.games.record_toml``
writes (``[[event]]`` headers, ``[["event"]]``, ``event = [{…}, …]`` a line
each or all on one line), given as ratios to the ``[[event]]`` layout. Each
command runs in a fresh process, from a fresh parent that reports its wall
time and peak memory (max RSS), all cases in turn for --repeat rounds; the
fastest run of each counts.

    python benchmarks/resources.py [--python PATH] [--repeat N] [--family FAMILY]...

``--python`` is an interpreter refcli is installed in, not from a source
tree (``benchmarks/installed.py``; default: a venv built for the run in a
temporary folder from this checkout).
Standard library only. Rates are per MiB of input, an input under 1 MiB
counted as 1 MiB (start-up is not a cost of the input), and memory is the peak
above that of ``refcli --version``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from installed import installed_python

REPO = Path(__file__).resolve().parents[1]
MIB = 1024 * 1024
NEAR_LIMIT = 8 * MIB - 4096  # the default --max-bytes is 8 MiB
MAX_TABLES = 40_000  # refcli/reading/prescan.py
MAX_ITEMS = 300_000

# The goal (benchmarks/README.md says why): no input costs more per MiB, in
# time or in memory above start-up, than this many times what the largest
# real record costs (a Kuhhandel record of 10,000 events, measured in the same
# session: absolute times on a shared machine are noise).
GOAL_RATIO = 3.0
REFERENCE = "its events repeated to 10,000, the most accepted"

MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
elapsed = time.perf_counter() - start
print(elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.returncode)
sys.stdout.write(done.stderr.decode("utf-8", "replace")[:160].replace("\\n", " "))
"""


def measure(python: str, argv: list[str]) -> tuple[float, float, int, str]:
    """(seconds, peak RSS in MiB, exit code, start of stderr) of one command, from a fresh parent."""
    result = subprocess.run([python, "-c", MEASURE, *argv], capture_output=True, text=True, check=True)
    first, _, stderr = result.stdout.partition("\n")
    seconds, rss, code = first.split()
    return float(seconds), int(rss) / 1024, int(code), stderr


def fill(head: str, unit: str, tail: str = "", size: int = NEAR_LIMIT) -> str:
    """``head``, then ``unit`` as often as fits in ``size`` bytes with ``tail``."""
    return head + unit * ((size - len(head.encode()) - len(tail.encode())) // len(unit.encode())) + tail


def real_record_events() -> tuple[str, str, str]:
    """examples/kuhhandel/record-edition2.toml as (head, events, scores)."""
    text = (REPO / "examples" / "kuhhandel" / "record-edition2.toml").read_text(encoding="utf-8")
    head, rest = text.split("[[event]]", 1)
    events, scores = ("[[event]]" + rest).split("[scores]", 1)
    return head, events, "[scores]" + scores


# Each game's simulated record, its events repeated to 4,000 (a finding on most of them, each
# needing its line), written in every layout refcli.games.record_toml knows; run with --python.
LAYOUT_EVENTS = 4_000
WRITE_LAYOUTS = """
import importlib, sys
from pathlib import Path
from refcli.games.record_toml import LAYOUTS, to_toml
folder, events = Path(sys.argv[1]), int(sys.argv[2])
for game in ("kuhhandel", "bamboozled", "money", "cupofbluff"):
    record = importlib.import_module(f"refcli.games.{game}.simulate").random_game(1)
    record["event"] = (record["event"] * (events // len(record["event"]) + 1))[:events]
    for layout in LAYOUTS:
        (folder / f"layout-{game}-{layout}.toml").write_text(to_toml(record, layout), encoding="utf-8")
    print(game, *LAYOUTS)
"""
LAYOUT_FAMILY = "event layouts"
ITEMS = 50_000


def layout_cases(python: str, folder: Path) -> list[tuple[str, str, list[str]]]:
    """Validating each game's 4,000-event record in each layout (the first, [[event]] headers, is the baseline)."""
    written = subprocess.run(
        [python, "-c", WRITE_LAYOUTS, str(folder), str(LAYOUT_EVENTS)], capture_output=True, text=True, check=True
    )
    cases = []
    for line in written.stdout.splitlines():
        game, *layouts = line.split()
        for layout in layouts:
            path = folder / f"layout-{game}-{layout}.toml"
            cases.append((LAYOUT_FAMILY, f"{game}, {LAYOUT_EVENTS:,} events, {layout}", ["validate", str(path)]))
    return cases


def inputs(folder: Path) -> list[tuple[str, str, list[str]]]:
    """(family, description, refcli arguments) for every case; files are written into ``folder``."""
    cases: list[tuple[str, str, list[str]]] = []

    def case(family: str, description: str, text: str | None, *words: str) -> None:
        if text is not None:
            path = folder / f"case{len(cases):02d}.toml"
            path.write_text(text, encoding="utf-8")
            words = tuple(str(path) if word == "FILE" else word for word in words)
        cases.append((family, description, list(words)))

    head, events, scores = real_record_events()
    per_game = events.count("[[event]]")
    case(
        "real record",
        "record-edition2.toml as it is (67 events)",
        None,
        "validate",
        str(REPO / "examples" / "kuhhandel" / "record-edition2.toml"),
    )
    at_cap = head + events * (10_000 // per_game) + scores
    case("real record", "its events repeated to 10,000, the most accepted", at_cap, "validate", "FILE")
    last = at_cap.rindex("[scores]")
    case(
        "located errors",
        "the same, an unknown key in the last event",
        at_cap[:last] + "colour = 1\n\n" + at_cap[last:],
        "validate",
        "FILE",
    )
    notes = (
        'game = "money"\n[[player]]\nname = "Ana"\nnotes = { euro = [' + "20, " * (MAX_ITEMS - 20) + "25] }\n"
        '[[player]]\nname = "Ben"\n[[player]]\nname = "Cid"\n'
    )
    case("located errors", f"{MAX_ITEMS - 20:,} notes, the last one wrong", notes, "score", "FILE")

    case("dotted keys", "a.a.a… = 1, 8 MiB", fill('game = "kuhhandel"\na', ".a", " = 1\n"), "score", "FILE")
    case("dotted keys", "[a.a.a…], 8 MiB", fill('game = "kuhhandel"\n[a', ".a", "]\n"), "score", "FILE")
    case(
        "dotted keys",
        "a.b…(32 parts) = 1 lines, 8 MiB",
        fill('game = "kuhhandel"\n', ".".join("a" * 32) + " = 1\n"),
        "score",
        "FILE",
    )

    case("headers", "[[a]] lines, 8 MiB", fill('game = "kuhhandel"\n', "[[a]]\n"), "score", "FILE")
    case(
        "headers",
        "[[a]] lines, just under the table limit",
        'game = "kuhhandel"\n' + "[[a]]\n" * (MAX_TABLES - 10),
        "score",
        "FILE",
    )
    case(
        "headers",
        "[aN] tables, just under the table limit",
        'game = "kuhhandel"\n' + "".join(f"[a{i}]\n" for i in range(MAX_TABLES - 10)),
        "score",
        "FILE",
    )

    case("inline tables", "x = [{}, {}, …], 8 MiB", fill('game = "kuhhandel"\nx = [', "{}, ", "]\n"), "score", "FILE")
    case(
        "inline tables",
        "x = [{a = 1}, …], just under the table limit",
        'game = "kuhhandel"\nx = [' + "{a = 1}, " * (MAX_TABLES - 10) + "]\n",
        "score",
        "FILE",
    )
    case(
        "inline tables",
        "x = {k1 = 1, k2 = 1, …}, 8 MiB",
        'game = "kuhhandel"\nx = {' + ", ".join(f"k{i} = 1" for i in range(650_000)) + "}\n",
        "score",
        "FILE",
    )

    case("keys and values", "x = [1, 1, …], 8 MiB", fill('game = "kuhhandel"\nx = [', "1,", "]\n"), "score", "FILE")
    case(
        "keys and values",
        "x = [1, 1, …], just under the item limit",
        'game = "kuhhandel"\nx = [' + "1," * (MAX_ITEMS - 10) + "]\n",
        "score",
        "FILE",
    )
    case(
        "keys and values",
        "kN = 1 lines, just under the item limit",
        'game = "kuhhandel"\n' + "".join(f"k{i} = 1\n" for i in range(MAX_ITEMS // 2 - 10)),
        "score",
        "FILE",
    )
    case(
        "keys and values",
        'x = ["a", "a", …], just under the item limit',
        'game = "kuhhandel"\nx = [' + '"a",' * (MAX_ITEMS - 10) + "]\n",
        "score",
        "FILE",
    )

    digits = "1" * 4300
    case(
        "integers",
        "x = [4,300-digit integers], 8 MiB",
        fill('game = "kuhhandel"\nx = [', digits + ",", "]\n"),
        "score",
        "FILE",
    )
    case(
        "integers",
        "items just under the limit, then a 4,301-digit integer",
        'game = "kuhhandel"\nx = [' + '"a",' * (MAX_ITEMS - 10) + "]\ny = 1" + digits + "\n",
        "score",
        "FILE",
    )

    case("strings and keys", "a string of 8 MiB", fill('game = "kuhhandel"\nx = "', "y", '"\n'), "score", "FILE")
    case("strings and keys", "a key of 8 MiB", fill('game = "kuhhandel"\n', "k", " = 1\n"), "score", "FILE")
    case(
        "strings and keys",
        "a quoted key of 8 MiB, in a player",
        fill('game = "kuhhandel"\n[[player]]\nname = "Ana"\n"', "k", '" = 1\n'),
        "score",
        "FILE",
    )

    players = "".join(f'[[player]]\nname = "P{i}"\nanimals = {{ cow = 1 }}\n' for i in range(20_000))
    case("players", "20,000 [[player]]", 'game = "kuhhandel"\n' + players, "score", "FILE")
    case(
        "players",
        "20,000 Bamboozled players",
        'game = "bamboozled"\n' + players.replace("animals = { cow = 1 }", "strikes = 1"),
        "score",
        "FILE",
    )
    offers = "".join(f'[[offer]]\nplayer = "P{i}"\ncards = ["bluff"]\n' for i in range(20_000))
    case("offers", "20,000 Money! [[offer]]", 'game = "money"\nsituation = "bids"\n' + offers, "ruling", "FILE")
    case(
        "events",
        f"{MAX_TABLES - 10:,} events, just under the table limit",
        'game = "kuhhandel"\nplayers = ["Ana", "Ben", "Cid"]\n' + '[[event]]\ntype = "auction"\n' * (MAX_TABLES - 10),
        "validate",
        "FILE",
    )

    case(
        "KEY=VALUE items",
        f"{ITEMS:,} items merged (player.N.name=PN)",
        None,
        "kuhhandel",
        "score",
        *(f"player.{number}.name=P{number}" for number in range(1, ITEMS + 1)),
    )
    case("rules query", "10,000 words", None, "kuhhandel", "rules", " ".join(["vaca"] * 10_000))
    case("rules query", "20 words, the most accepted", None, "kuhhandel", "rules", " ".join(["burro"] * 20))
    return cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", help="interpreter refcli is installed in (default: a venv built for the run)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds over every case; the fastest run counts")
    parser.add_argument("--messages", action="store_true", help="print each refusal's message under its row")
    parser.add_argument(
        "--family", action="append", help="measure only this family of cases (and the reference); may be repeated"
    )
    args = parser.parse_args()
    with installed_python(args.python) as python:
        return measure_all(args, python)


def measure_all(args: argparse.Namespace, python: str) -> int:
    """Every case, with the refcli installed for ``python``; prints the table."""
    version = subprocess.run(
        [python, "-c", "import sys, refcli; print(sys.version.split()[0], refcli.__version__)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    print(f"resource benchmark: python {version[0]} ({python}), refcli {version[1]}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cases = inputs(folder) + layout_cases(python, folder)
        if args.family:
            cases = [case for case in cases if case[0] in args.family or case[1] == REFERENCE]
        base_seconds, base_mib, _, _ = min(measure(python, [python, "-m", "refcli", "--version"]) for _ in range(3))
        print(f"start-up (refcli --version): {base_seconds:.2f} s, {base_mib:.1f} MiB peak")
        # round-robin, so that a busy spell of the machine falls on every case alike
        runs: list[list[tuple[float, float, int, str]]] = [[] for _ in cases]
        for _ in range(args.repeat):
            for index, (_, _, words) in enumerate(cases):
                runs[index].append(measure(python, [python, "-m", "refcli", *words]))
        rows = []
        for (family, description, words), measured in zip(cases, runs):
            files = [word for word in words if word.startswith(str(folder))]
            size = sum(os.path.getsize(path) for path in files) or sum(len(word.encode()) for word in words[2:])
            counted = max(size / MIB, 1.0)
            seconds, peak, code, stderr = min(measured)
            rows.append(
                (
                    family,
                    description,
                    size,
                    code,
                    seconds,
                    seconds / counted,
                    peak,
                    max(peak - base_mib, 0.0) / counted,
                    stderr,
                )
            )
        reference = next(row for row in rows if row[1] == REFERENCE)
        print(
            f"reference: {REFERENCE} ({reference[5]:.2f} s/MiB, {reference[7]:.1f} MiB/MiB above start-up); "
            f"goal: at most {GOAL_RATIO:g}x both\n"
        )
        header = (
            f"{'family':16} {'input':55} {'MiB':>5} {'exit':>4} {'seconds':>7} {'s/MiB':>6} {'x ref':>5} "
            f"{'peak MiB':>8} {'MiB/MiB':>7} {'x ref':>5}  goal"
        )
        print(header)
        print("-" * len(header))
        missed = 0
        for family, description, size, code, seconds, rate, peak, memory, stderr in rows:
            time_ratio, memory_ratio = rate / reference[5], memory / reference[7]
            met = time_ratio <= GOAL_RATIO and memory_ratio <= GOAL_RATIO
            missed += not met
            print(
                f"{family:16} {description:55} {size / MIB:5.2f} {code:4} {seconds:7.2f} {rate:6.2f} {time_ratio:5.2f} "
                f"{peak:8.1f} {memory:7.1f} {memory_ratio:5.2f}  {'met' if met else 'MISSED'}"
            )
            if code not in (0, 1) and args.messages:
                message = re.sub(r"/\S*/case\d+[.]toml", "FILE", stderr.strip())
                print(f"{'':16}   {message[:110]}")
        print_layout_ratios(rows)
        print(
            f"\n{len(rows) - missed} of {len(rows)} within the goal; the worst: "
            f"{max(row[5] for row in rows) / reference[5]:.2f}x the reference's time per MiB, "
            f"{max(row[7] for row in rows) / reference[7]:.2f}x its memory per MiB; "
            f"highest peak {max(row[6] for row in rows):.1f} MiB, longest run {max(row[4] for row in rows):.2f} s"
        )
    return 0


# Every layout of a record validates within this many times the time of [[event]] headers.
LAYOUT_GOAL = 2.0


def print_layout_ratios(rows: list[tuple[Any, ...]]) -> None:
    """Each layout's time against the same record written with [[event]] headers (the first layout)."""
    by_game: dict[str, list[tuple[str, float]]] = {}
    for family, description, _size, _code, seconds, *_rest in rows:
        if family == LAYOUT_FAMILY:
            game, _events, layout = description.split(", ")
            by_game.setdefault(game, []).append((layout, seconds))
    if not by_game:
        return
    print(f"\nevent layouts against [[event]] headers (goal: at most {LAYOUT_GOAL:g}x)")
    for game, timed in by_game.items():
        baseline = timed[0][1]
        said = ", ".join(f"{layout} {seconds / baseline:.2f}x" for layout, seconds in timed[1:])
        worst = max(seconds / baseline for _layout, seconds in timed)
        print(f"  {game:12} headers {baseline:.2f} s; {said}  {'met' if worst <= LAYOUT_GOAL else 'MISSED'}")


if __name__ == "__main__":
    sys.exit(main())
