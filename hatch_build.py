"""Build hook: ship the rule catalogues compiled, beside their TOML sources.

data/rules/*.toml stay the source people edit and review. Parsing them with
tomllib costs a few milliseconds on every command (tomllib is pure Python);
the wheel therefore also carries the same data as Python modules of plain
literals (``refcli/_compiled/<name>.py``, byte-compiled at install, so a
command loads a catalogue in a fraction of a millisecond without importing
any parser). The message catalogues are compiled the same way: each
language's ``.po`` sources (refcli/locale/<lang>/) become
``refcli/_compiled/messages_<lang>.py`` and ``messages_<lang>_<game>.py``, dict
literals that refcli.language.i18n loads (read with Babel, a build requirement, by refcli.language.catalogues).
The words of the catalogues and glossaries come stemmed too (``refcli/_compiled/stems.py``, written by
``python -m refcli.rules.stems`` with snowballstemmer, a build requirement), so a word search stems
only its query.
refcli.rules.catalogue uses them when they are there and the TOML
otherwise (a source checkout). They are written from the TOML at every
build, and tests/test_catalogue.py checks that an installed wheel's copies
equal the TOML in the checkout.
"""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def catalogue_sources(data: Path) -> list[Path]:
    """Every data file that is compiled: the sources list and each game's rules."""
    return [data / "sources.toml", *sorted((data / "rules").glob("*.toml"))]


def module_name(stem: str) -> str:
    """``cup-of-bluff`` → ``cup_of_bluff``: catalogue names as module names."""
    return stem.replace("-", "_")


def compiled_text(source: Path) -> str:
    """The Python module that carries ``source``'s data as one literal, ``DATA``."""
    parsed = tomllib.loads(source.read_text(encoding="utf-8"))
    return f"# generated from {source.name}\nDATA = {parsed!r}\n"


class CatalogueJsonHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        out = Path(tempfile.mkdtemp(prefix="refcli-catalogue-"))
        init = out / "__init__.py"
        init.write_text(
            '"""Rule catalogues compiled from data/*.toml at build time (hatch_build.py)."""\n', encoding="utf-8"
        )
        build_data["force_include"][str(init)] = "refcli/_compiled/__init__.py"
        for source in catalogue_sources(Path(self.root) / "data"):
            target = out / f"{module_name(source.stem)}.py"
            target.write_text(compiled_text(source), encoding="utf-8")
            build_data["force_include"][str(target)] = f"refcli/_compiled/{target.name}"
        self.compile_messages(out, build_data)
        self.compile_stems(out, build_data)

    def compile_stems(self, out: Path, build_data: dict[str, Any]) -> None:
        """``refcli/_compiled/stems.py``: the catalogues' words with their stems (refcli.rules.stems), so a
        word search stems only its query. Run from the checkout, in a process of its own."""
        import os
        import subprocess
        import sys

        # the checkout first, then every folder this build sees (pip's isolated build adds its own: snowballstemmer)
        path = os.pathsep.join([str(self.root), *(folder for folder in sys.path if folder)])
        environment = {**os.environ, "PYTHONPATH": path, "REFCLI_CONFIG": os.devnull}
        done = subprocess.run(
            [sys.executable, "-m", "refcli.rules.stems"], cwd=self.root, env=environment, capture_output=True, text=True
        )
        if done.returncode:
            raise RuntimeError(f"python -m refcli.rules.stems failed:\n{done.stderr}")
        text = done.stdout
        target = out / "stems.py"
        target.write_text(text, encoding="utf-8")
        build_data["force_include"][str(target)] = "refcli/_compiled/stems.py"

    def compile_messages(self, out: Path, build_data: dict[str, Any]) -> None:
        import importlib.util

        # refcli/language/catalogues.py by its path: importing the package itself would run its start-up code
        spec = importlib.util.spec_from_file_location(
            "refcli_translations", Path(self.root) / "refcli" / "language" / "catalogues.py"
        )
        assert spec is not None and spec.loader is not None
        translations = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(translations)
        for lang in translations.TRANSLATED:
            source = Path(self.root) / "refcli" / "locale" / lang / "LC_MESSAGES" / "refcli.po"
            for name, text in translations.compiled_modules(lang, source).items():
                target = out / f"{name}.py"
                target.write_text(text, encoding="utf-8")
                build_data["force_include"][str(target)] = f"refcli/_compiled/{target.name}"
