"""The catalogues compiled into the wheel (hatch_build.py) equal data/*.toml in this checkout.

refcli reads ``refcli._compiled`` when it is installed from a wheel and the
TOML otherwise, so a stale or wrong compiled copy would make an installed
refcli quote different rules than the repository holds. In CI refcli is
installed from a wheel and the installed copies are compared; in an
editable checkout a wheel is built into a temporary folder and its copies
are compared instead.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from conftest import REPO

DATA = REPO / "data"


def expected() -> dict[str, object]:
    """Module name → the data its TOML source holds."""
    sources = [DATA / "sources.toml", *sorted((DATA / "rules").glob("*.toml"))]
    return {path.stem.replace("-", "_"): tomllib.loads(path.read_text(encoding="utf-8")) for path in sources}


def literal(module_text: str) -> object:
    """The ``DATA = …`` literal of a compiled module, read without executing it."""
    tree = ast.parse(module_text)
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["DATA"]:
            return ast.literal_eval(node.value)
    raise AssertionError("no DATA literal")


MESSAGES = "messages_"  # the compiled message catalogues (tests/test_translations.py): not rule catalogues


def compiled_from_installed() -> dict[str, object] | None:
    try:
        import refcli._compiled as compiled  # type: ignore[import-not-found]
    except ImportError:
        return None
    folder = Path(compiled.__file__).parent
    return {
        path.stem: literal(path.read_text(encoding="utf-8"))
        for path in folder.glob("*.py")
        if path.stem != "__init__" and not path.stem.startswith(MESSAGES)
    }


def compiled_from_a_fresh_wheel(tmp_path: Path) -> dict[str, object]:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), str(REPO)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("refcli-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return {
            Path(name).stem: literal(archive.read(name).decode("utf-8"))
            for name in archive.namelist()
            if name.startswith("refcli/_compiled/")
            and not name.endswith("__init__.py")
            and not Path(name).stem.startswith(MESSAGES)
        }


def test_the_wheel_carries_exactly_the_catalogues_of_data(tmp_path: Path) -> None:
    compiled = compiled_from_installed()
    if compiled is None:
        compiled = compiled_from_a_fresh_wheel(tmp_path)
    assert compiled == expected()
