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

import pytest
from conftest import REPO

DATA = REPO / "data"


def expected() -> dict[str, object]:
    """Module name → the data its TOML source holds."""
    sources = [DATA / "sources.toml", *sorted((DATA / "rules").glob("*.toml"))]
    return {path.stem.replace("-", "_"): tomllib.loads(path.read_text(encoding="utf-8")) for path in sources}


def literal(module_text: str, name: str = "DATA") -> object:
    """The ``DATA = …`` literal (or ``name``'s) of a compiled module, read without executing it."""
    tree = ast.parse(module_text)
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [name]:
            return ast.literal_eval(node.value)
    raise AssertionError(f"no {name} literal")


# not rule catalogues: the compiled message catalogues (tests/test_translations.py) and the catalogues' stems
NOT_CATALOGUES = ("messages_", "stems")


@pytest.fixture(scope="module")
def compiled_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The text of every module of ``refcli/_compiled``: installed (CI), else in a wheel built now."""
    try:
        import refcli._compiled as compiled  # type: ignore[import-not-found]
    except ImportError:
        return compiled_from_a_fresh_wheel(tmp_path_factory.mktemp("wheel"))
    folder = Path(compiled.__file__).parent
    return {path.stem: path.read_text(encoding="utf-8") for path in folder.glob("*.py") if path.stem != "__init__"}


def compiled_from_a_fresh_wheel(tmp_path: Path) -> dict[str, str]:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), str(REPO)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("refcli-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return {
            Path(name).stem: archive.read(name).decode("utf-8")
            for name in archive.namelist()
            if name.startswith("refcli/_compiled/") and not name.endswith("__init__.py")
        }


def test_the_wheel_carries_exactly_the_catalogues_of_data(compiled_modules: dict[str, str]) -> None:
    catalogues = {name: literal(text) for name, text in compiled_modules.items() if not name.startswith(NOT_CATALOGUES)}
    assert catalogues == expected()


def test_the_wheel_carries_the_stems_of_the_catalogues_words(compiled_modules: dict[str, str]) -> None:
    """What a word search compares with comes stemmed (refcli.rules.stems): the stems of this checkout's words."""
    from refcli.rules.stems import rulebook_stems

    assert literal(compiled_modules["stems"], "STEMS") == rulebook_stems()
