"""Files refcli writes from its own code and data (man pages, docs, templates, schemas): the check and the write.

Each generator (``python -m refcli.cli.manpage``, ``refcli.cli.docs``, ``refcli.reading.formats``) renders a
mapping of relative path → text; these two functions are how all of them compare it with what is on disk
(``--check``, and the tests) and write it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def stale(files: Mapping[str, str], directory: Path) -> list[str]:
    """The files missing from ``directory`` or different from ``files``' text."""
    # bytes, not text: reading text would hide a file whose line endings changed
    return [
        name
        for name, text in files.items()
        if not (directory / name).is_file() or (directory / name).read_bytes() != text.encode("utf-8")
    ]


def write(files: Mapping[str, str], directory: Path) -> list[Path]:
    """Write each file under ``directory`` (folders made as needed); the paths written, in order."""
    written = []
    for name, text in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")  # "\n": the same bytes on every platform
        written.append(path)
    return written
