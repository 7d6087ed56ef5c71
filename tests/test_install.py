"""What ``pip install .`` gives besides the package: the man pages, and the README's set-up commands.

The man pages ship in the wheel's ``data/share/man/man1`` (pyproject.toml,
``[tool.hatch.build.targets.wheel.shared-data]``), which pip installs as
``<venv>/share/man/man1``, so ``MANPATH=$VIRTUAL_ENV/share/man man refcli``
finds them; the Spanish ones (``man/es/``) go to ``share/man/es/man1``, where
``man -L es`` (or ``LANG=es_ES.UTF-8``) looks. Where refcli is installed from a wheel (CI, the README's second
command) the installed pages are checked; in an editable checkout a wheel is
built into a temporary folder and its pages are checked instead.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from conftest import REPO

import refcli

MAN = REPO / "man"
MAN1 = "share/man/man1"
FOLDERS = {"": MAN1, "es/": "share/man/es/man1"}  # man/<folder>*.1 → where it is installed
GUARD_SECONDS = 300  # a hang guard for building a wheel, not a timing


def pages(folder: str = "") -> dict[str, bytes]:
    """The pages in man/ (``folder`` "es/": man/es/), by file name."""
    found = {path.name: path.read_bytes() for path in sorted((MAN / folder).glob("*.1"))}
    assert "refcli.1" in found and "refcli-kuhhandel.1" in found
    return found


def test_every_man_page_is_mapped_to_share_man_man1() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    shared = config["tool"]["hatch"]["build"]["targets"]["wheel"]["shared-data"]
    expected = {
        f"man/{folder}{name}": f"{target}/{name}" for folder, target in FOLDERS.items() for name in pages(folder)
    }
    assert shared == expected


def test_there_is_a_spanish_page_for_every_english_one() -> None:
    assert set(pages("es/")) == set(pages())


def installed_from_a_wheel() -> bool:
    return REPO not in Path(refcli.__file__).resolve().parents


def shipped_pages(tmp_path: Path) -> Path:
    """A ``share/man`` folder holding the pages as pip installs them (or, editable, as the wheel carries them)."""
    if installed_from_a_wheel():
        return Path(sys.prefix) / "share" / "man"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path), str(REPO)],
        check=True,
        capture_output=True,
        timeout=GUARD_SECONDS,
    )
    (wheel,) = tmp_path.glob("refcli-*.whl")
    share = tmp_path / "venv" / "share" / "man"
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            data = re.fullmatch(r"refcli-[^/]+\.data/data/(.+)", name)
            if data:
                target = tmp_path / "venv" / data.group(1)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(name))
    return share


def test_the_man_pages_are_installed_and_man_finds_them(tmp_path: Path) -> None:
    share = shipped_pages(tmp_path)
    installed = {path.name: path.read_bytes() for path in sorted((share / "man1").glob("*.1"))}
    assert installed == pages()
    spanish = {path.name: path.read_bytes() for path in sorted((share / "es" / "man1").glob("*.1"))}
    assert spanish == pages("es/")
    if shutil.which("man") is None:
        pytest.skip("no man command here to look the pages up with")
    for page in ("refcli", "refcli-kuhhandel"):
        for language, folder in (("C", share / "man1"), ("es", share / "es" / "man1")):
            found = subprocess.run(
                ["man", "-L", language, "-w", page],
                capture_output=True,
                text=True,
                env={**os.environ, "MANPATH": str(share)},
                timeout=60,
            )
            assert found.returncode == 0, found.stderr
            assert Path(found.stdout.strip()) == folder / f"{page}.1", language


# -- the README's set-up -----------------------------------------------------------
def setup_commands() -> list[str]:
    """The ``sh`` blocks of the README's "Set up" section, as .ci/run reads them."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Set up\n", 1)[1].split("\n## ", 1)[0]
    return [" ".join(block.split("\n")).strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]


def test_each_set_up_command_makes_or_reuses_its_own_venv() -> None:
    """PEP 668: where the system Python is externally managed, only a venv's pip installs anything."""
    commands = setup_commands()
    assert len(commands) == 2
    for command in commands:
        steps = [step.strip() for step in command.split("&&")]
        assert steps[0] == "python3 -m venv .venv", command  # makes .venv, or leaves an existing one as it is
        for step in steps[1:]:
            assert step.startswith(".venv/bin/"), step  # never the system's pip or python
    assert "pip install --quiet ." in commands[0] and "pip install --quiet '.[test]'" in commands[1]
    assert commands[1].endswith(".venv/bin/pytest")


def test_ci_runs_the_set_up_commands_as_the_readme_prints_them() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert 'bash -c "${setup[0]}"' in ci and 'bash -c "${setup[1]}"' in ci
    assert 'text.split("\\n## Set up\\n", 1)[1].split("\\n## ", 1)[0]' in ci  # the same section this file reads


def test_the_readme_says_how_to_read_the_installed_man_pages() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "MANPATH=$VIRTUAL_ENV/share/man man refcli" in readme
    assert "man -M .venv/share/man refcli-kuhhandel" in readme
