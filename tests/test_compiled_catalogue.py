"""The catalogues compiled into the wheel (hatch_build.py) equal data/*.toml and the .po files in this checkout.

refcli reads ``refcli._compiled`` when it is installed from a wheel and the
TOML (and the message catalogues' ``.po`` files) otherwise, so a stale or
wrong compiled copy would make an installed refcli quote different rules, or
speak other words, than the repository holds. In CI refcli is
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

from refcli.translations import TRANSLATED, messages_of

DATA = REPO / "data"
MESSAGES = "messages_"  # refcli/_compiled/messages_<lang>.py: a language's messages, not data


def expected() -> dict[str, object]:
    """Module name → the data its TOML source holds."""
    sources = [DATA / "sources.toml", *sorted((DATA / "rules").glob("*.toml"))]
    return {path.stem.replace("-", "_"): tomllib.loads(path.read_text(encoding="utf-8")) for path in sources}


def literal(module_text: str, name: str = "DATA") -> object:
    """The ``DATA = …`` (or ``MESSAGES = …``) literal of a compiled module, read without executing it."""
    tree = ast.parse(module_text)
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [name]:
            return ast.literal_eval(node.value)
    raise AssertionError(f"no {name} literal")


def read(stem: str, text: str) -> object:
    return literal(text, "MESSAGES" if stem.startswith(MESSAGES) else "DATA")


def compiled_from_installed() -> dict[str, object] | None:
    try:
        import refcli._compiled as compiled  # type: ignore[import-not-found]
    except ImportError:
        return None
    folder = Path(compiled.__file__).parent
    return {
        path.stem: read(path.stem, path.read_text(encoding="utf-8"))
        for path in folder.glob("*.py")
        if path.stem != "__init__"
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
            Path(name).stem: read(Path(name).stem, archive.read(name).decode("utf-8"))
            for name in archive.namelist()
            if name.startswith("refcli/_compiled/") and not name.endswith("__init__.py")
        }


def test_the_wheel_carries_exactly_the_catalogues_of_data(tmp_path: Path) -> None:
    compiled = compiled_from_installed()
    if compiled is None:
        compiled = compiled_from_a_fresh_wheel(tmp_path)
    assert {stem: data for stem, data in compiled.items() if not stem.startswith(MESSAGES)} == expected()
    # …and every language's messages, as the .po files of this checkout hold them (parts included)
    messages = {stem: data for stem, data in compiled.items() if stem.startswith(MESSAGES)}
    assert messages == {f"{MESSAGES}{lang}": messages_of(po_files(lang)) for lang in TRANSLATED}


def po_files(lang: str) -> list[Path]:
    """The checkout's ``.po`` files of ``lang``, as refcli.i18n.source_files orders them (an installed
    refcli may carry none: they are compiled)."""
    home = REPO / "refcli" / "locale" / lang
    return [*sorted((home / "LC_MESSAGES").glob("*.po")), *sorted((home / "parts").glob("*.po"))]
