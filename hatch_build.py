"""Build hook: ship the rule catalogues compiled, beside their TOML sources.

data/rules/*.toml stay the source people edit and review. Parsing them with
tomllib costs a few milliseconds on every command (tomllib is pure Python);
the wheel therefore also carries the same data as Python modules of plain
literals (``refcli/_compiled/<name>.py``, byte-compiled at install, so a
command loads a catalogue in a fraction of a millisecond without importing
any parser). refcli.catalogue uses them when they are there and the TOML
otherwise (a source checkout), so the two can never disagree: they are
written from the TOML at every build.
"""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogueJsonHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        out = Path(tempfile.mkdtemp(prefix="refcli-catalogue-"))
        data = Path(self.root) / "data"
        init = out / "__init__.py"
        init.write_text('"""Rule catalogues compiled from data/*.toml at build time (hatch_build.py)."""\n', encoding="utf-8")
        build_data["force_include"][str(init)] = "refcli/_compiled/__init__.py"
        for source in [data / "sources.toml", *sorted((data / "rules").glob("*.toml"))]:
            parsed = tomllib.loads(source.read_text(encoding="utf-8"))
            target = out / f"{module_name(source.stem)}.py"
            target.write_text(f"# generated from {source.name}\nDATA = {parsed!r}\n", encoding="utf-8")
            build_data["force_include"][str(target)] = f"refcli/_compiled/{target.name}"


def module_name(stem: str) -> str:
    """``cup-of-bluff`` → ``cup_of_bluff``: catalogue names as module names."""
    return stem.replace("-", "_")
