"""Validate JSON Lines on a dask.distributed cluster: every record's result, as JSON Lines.

    python dask_distributed.py FILE.jsonl...                        # a LocalCluster on this machine
    python dask_distributed.py --workers 4 FILE.jsonl...            # with 4 worker processes
    python dask_distributed.py --scheduler tcp://HOST:8786 FILE.jsonl...   # a running cluster

Prints one line a record, in input order: the result ``refcli validate
--jsonl --format json`` prints for it, less ``schema_version``; the counts
go to stderr. Each file is one task, read where it runs, so on a cluster the
workers must see the files at the same paths (a shared disk) and have refcli
installed. A worker process starts by importing this script: the
``__main__`` guard keeps it from starting the run again.
"""

import argparse
import json
import sys
from collections import Counter

from dask.distributed import Client, LocalCluster

import refcli


def validate_file(path: str) -> list[dict]:
    """Every record of one JSON Lines file, named ``path:line`` as on the command line."""
    results = []
    with open(path, "rb") as lines:
        for number, line in enumerate(lines, 1):
            if line.strip():  # blank lines are no records
                results.append(refcli.validate_line(line, name=path, line=number).to_dict())
    return results


def validate_files(client: Client, paths: list[str]) -> None:
    counts: Counter[str] = Counter()
    for future in client.map(validate_file, paths, pure=False):  # submitted in order, collected in order
        for result in future.result():
            counts["valid" if result["valid"] else "invalid"] += 1
            print(json.dumps(result, ensure_ascii=False))
    print(dict(sorted(counts.items())), file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", metavar="FILE.jsonl")
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="a running cluster's scheduler (default: a new LocalCluster)"
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the LocalCluster (default 2)")
    args = parser.parse_args()
    if args.scheduler:
        with Client(args.scheduler) as client:
            validate_files(client, args.files)
    else:
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True) as cluster:
            with Client(cluster) as client:
                validate_files(client, args.files)


if __name__ == "__main__":
    main()
