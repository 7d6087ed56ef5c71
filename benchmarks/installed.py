"""The refcli a benchmark measures: an installed package, never the source tree.

A user runs the wheel: its catalogues compiled, its data inside the package,
its modules byte-compiled in site-packages. A source checkout, or an editable
install pointing at one, reads other files and would be measured instead of
that. So a benchmark either builds a fresh virtual environment in a
temporary folder and installs refcli there from this checkout, as a user
would (``pip install .``), or takes ``--python`` for an interpreter where
refcli is installed so, and refuses one whose refcli is a source tree.

While it runs, the benchmark works from a temporary folder and without
``PYTHONPATH``: ``python -m refcli`` and ``python -c`` put the current folder
first on the module path, so run from a checkout they would import its
refcli whatever is installed. Standard library only.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

REPO = Path(__file__).resolve().parents[1]

HOW_TO_INSTALL = (
    "install refcli from this checkout into a venv of its own and pass its interpreter:\n"
    f"  python3 -m venv /tmp/bench && /tmp/bench/bin/pip install {REPO}\n"
    "  ... --python /tmp/bench/bin/python\n"
    "(or leave --python out: the benchmark then builds such a venv in a temporary folder)"
)

# Where refcli comes from in an interpreter, and whether it is an editable install (PEP 610's direct_url.json).
PROBE = """
import json, sys
from importlib import metadata
import refcli
try:
    direct = json.loads(metadata.distribution("refcli").read_text("direct_url.json") or "{}")
except metadata.PackageNotFoundError:
    direct = {}
print(json.dumps({"file": refcli.__file__, "version": refcli.__version__, "python": sys.version.split()[0],
                  "editable": bool(direct.get("dir_info", {}).get("editable"))}))
"""


def where_refcli_is(python: str) -> dict[str, object] | None:
    """Where ``python`` imports refcli from (its file, version, Python's version, editable or not); None if nowhere.

    Asked from a temporary folder, so the current folder cannot lend its refcli.
    """
    with tempfile.TemporaryDirectory(prefix="refcli-probe-") as neutral:
        try:
            done = subprocess.run(
                [python, "-c", PROBE], cwd=neutral, env=_without_pythonpath(), capture_output=True, text=True
            )
        except OSError:  # no such interpreter, or not executable
            return None
    if done.returncode:
        return None
    found: dict[str, object] = json.loads(done.stdout)
    return found


def from_source_tree(found: dict[str, object]) -> bool:
    """True for a refcli read from a checkout: an editable install, or a package folder beside a pyproject.toml."""
    package = Path(str(found["file"])).resolve().parent
    return bool(found["editable"]) or (package.parent / "pyproject.toml").exists()


@contextmanager
def installed_python(given: str | None) -> Iterator[str]:
    """The interpreter whose installed refcli is measured; the process works from a temporary folder meanwhile.

    ``given`` (``--python``) is checked and refused, with how to install, when
    its refcli is missing or is a source tree; None builds a venv in a
    temporary folder, installs refcli there from this checkout and removes
    it afterwards. Exits with status 2 on refusal.
    """
    with tempfile.TemporaryDirectory(prefix="refcli-bench-") as folder:
        if given is None:
            python = _fresh_venv(Path(folder) / "venv")
        else:
            python = os.path.abspath(given)  # not resolved: a venv's python is a symlink out of the venv
        found = where_refcli_is(python)
        if found is None:
            refuse(f"{python} cannot import refcli")
        if from_source_tree(found):
            refuse(f"{python} imports refcli from a source tree ({found['file']}), not an installed package")
        print(
            f"measuring refcli {found['version']} installed at {Path(str(found['file'])).parent} "
            f"(python {found['python']})"
        )
        previous = os.getcwd()
        saved = os.environ.pop("PYTHONPATH", None)
        os.chdir(folder)
        try:
            yield python
        finally:
            os.chdir(previous)
            if saved is not None:
                os.environ["PYTHONPATH"] = saved


def refuse(reason: str) -> NoReturn:
    """Say why this interpreter's refcli is not measured and how to install one that is; exit 2."""
    print(f"{reason}; {HOW_TO_INSTALL}", file=sys.stderr)
    sys.exit(2)


def _fresh_venv(venv: Path) -> str:
    """A new venv at ``venv`` with refcli installed from this checkout (not editable); its interpreter."""
    print(f"installing refcli into a temporary venv: python3 -m venv {venv} && {venv}/bin/pip install {REPO}")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / ("Scripts" if os.name == "nt" else "bin") / "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(REPO)], check=True, env=_without_pythonpath())
    return python


def _without_pythonpath() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
