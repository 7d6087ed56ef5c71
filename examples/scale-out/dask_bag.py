"""Validate sharded JSON Lines with dask.bag: how many records are valid.

    python dask_bag.py "shards/*.jsonl"

Each line is one recorded game, the same shape as the TOML. dask.bag's
default scheduler runs the lines in local worker processes, which start by
importing this script: the ``__main__`` guard keeps them from starting the
run again. A line that is not a valid record, or not JSON at all, counts as
invalid (its finding's rule is "input"), as ``refcli validate --jsonl`` says.
"""

import sys

import dask.bag as db

import refcli


def is_valid(line: str) -> str:
    return "valid" if refcli.validate_line(line).valid else "invalid"


def main(pattern: str) -> None:
    # surrogateescape: a line that is not UTF-8 reaches refcli, which reports it, rather than stopping the run
    lines = db.read_text(pattern, errors="surrogateescape").filter(str.strip)  # blank lines are no records
    counts = lines.map(is_valid).frequencies().compute()
    print(dict(sorted(counts)))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "shards/*.jsonl")
