"""The benchmarks measure an installed refcli: one read from a source tree is refused, with how to install.

No timings here (benchmarks/README.md has them): only which refcli a
benchmark agrees to measure. The interpreters are stand-ins that answer the
benchmarks' question "where is your refcli?" as a real one would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

BENCHMARKS = REPO / "benchmarks"
SCRIPTS = ("startup.py", "batch.py", "resources.py")


def stand_in(folder: Path, answer: dict[str, object] | None) -> Path:
    """An executable that answers the probe with ``answer`` (its refcli's whereabouts), or fails when None."""
    script = folder / "python"
    said = "exit 1" if answer is None else f"cat <<'EOF'\n{json.dumps(answer)}\nEOF"
    script.write_text(f"#!/bin/sh\n{said}\n", encoding="utf-8")
    script.chmod(0o755)
    return script


def run_benchmark(name: str, python: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / name), "--python", str(python)],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


INSTALLED = {"version": "0.1.0", "python": "3.11.7", "editable": False}


@pytest.mark.skipif(os.name == "nt", reason="the stand-in interpreter is a shell script")
@pytest.mark.parametrize("name", SCRIPTS)
@pytest.mark.parametrize(
    ("answer", "says"),
    [
        ({**INSTALLED, "file": str(REPO / "refcli" / "__init__.py")}, "imports refcli from a source tree"),
        (
            {**INSTALLED, "editable": True, "file": "/elsewhere/site-packages/refcli/__init__.py"},
            "imports refcli from a source tree",
        ),
        (None, "cannot import refcli"),
    ],
    ids=["checkout", "editable", "missing"],
)
def test_a_refcli_that_is_not_installed_is_refused_with_how_to_install(
    tmp_path: Path, name: str, answer: dict[str, object] | None, says: str
) -> None:
    done = run_benchmark(name, stand_in(tmp_path, answer))
    assert done.returncode == 2, done.stderr
    assert says in done.stderr
    assert f"pip install {REPO}" in done.stderr and "--python" in done.stderr
    assert done.stdout == ""  # nothing was measured


def test_the_probe_finds_this_interpreters_refcli() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import installed
    finally:
        sys.path.remove(str(BENCHMARKS))
    found = installed.where_refcli_is(sys.executable)
    assert found is not None
    import refcli

    assert Path(str(found["file"])).resolve() == Path(refcli.__file__).resolve()
    if Path(refcli.__file__).resolve().parent == REPO / "refcli":  # the tests run on this checkout itself
        assert installed.from_source_tree(found)
