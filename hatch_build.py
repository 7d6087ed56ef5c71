"""Build hook: ship the rule catalogues as JSON beside their TOML sources.

data/rules/*.toml stay the source people edit and review. Parsing them with
tomllib costs a few milliseconds on every command (tomllib is pure Python);
the wheel therefore also carries the same data as JSON, which the C json
parser reads in a fraction of a millisecond. refcli.catalogue uses the JSON
when it is there and the TOML otherwise (a source checkout), so the two can
never disagree: the JSON is written from the TOML at every build.
"""

from __future__ import annotations

import json
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
        for source in [data / "sources.toml", *sorted((data / "rules").glob("*.toml"))]:
            parsed = tomllib.loads(source.read_text(encoding="utf-8"))
            target = out / f"{source.stem}.json"
            target.write_text(json.dumps(parsed, ensure_ascii=False), encoding="utf-8")
            relative = source.relative_to(data).with_suffix(".json")
            build_data["force_include"][str(target)] = f"refcli/data/{relative.as_posix()}"
