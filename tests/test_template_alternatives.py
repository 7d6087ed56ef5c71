"""Every commented alternative in every template is itself legal.

A template shows optional keys commented out (``# key = value  # help``).
Uncommenting any one of them must still give a file refcli accepts: a
snapshot that scores, a legal situation, a record that validates. The
templates of every language are tried (``templates/GAME/es/KIND.toml``): a
translator's comment may not break them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import refcli
from refcli.model.errors import RefcliError

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "data" / "templates"
FILES = sorted(TEMPLATES.glob("**/*.toml"))  # English and every translation
COMMENTED = re.compile(r"^# ([A-Za-z_][\w-]*) = (.+?)(\s+# .*)?$")
HEADER = re.compile(r"^# (\[[\w.-]+\])(\s+# .*)?$")


def alternatives() -> list[tuple[Path, int, str]]:
    found = []
    for path in FILES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            match = COMMENTED.match(line)
            if match:
                found.append((path, number, match.group(1)))
    return found


def accepted(path: Path) -> tuple[bool, str]:
    """Whether refcli accepts the file as its kind (final: scores; record: validates; else: legal ruling)."""
    kind = path.stem.split(".")[0]
    try:
        if kind == "final":
            refcli.score(path)
            return True, ""
        if kind == "record":
            result = refcli.validate(path)
            return result.valid, "; ".join(f.message for f in result.findings if f.severity == "error")
        ruling = refcli.rule(path)
        return ruling.legal, ruling.verdict
    except RefcliError as error:
        return False, str(error)


def label(path: Path) -> str:
    """``kuhhandel/auction``, ``kuhhandel/es/auction``."""
    return path.relative_to(TEMPLATES).with_suffix("").as_posix()


def test_every_language_has_its_templates() -> None:
    english = [path.relative_to(TEMPLATES) for path in TEMPLATES.glob("*/*.toml")]
    assert english and all((TEMPLATES / path.parent / "es" / path.name).is_file() for path in english)


@pytest.mark.parametrize("path", FILES, ids=label)
def test_template_as_written_is_accepted(path: Path, tmp_path: Path) -> None:
    copy = tmp_path / path.name
    copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    ok, why = accepted(copy)
    assert ok, why


CASES = alternatives()


@pytest.mark.parametrize(("path", "number", "key"), CASES, ids=[f"{label(p)}:{k}" for p, _, k in CASES])
def test_each_commented_alternative_is_accepted(path: Path, number: int, key: str, tmp_path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    match = COMMENTED.match(lines[number])
    assert match is not None
    lines[number] = f"{match.group(1)} = {match.group(2)}"
    above = number - 1  # a key of a commented-out table: the table is one alternative, header and keys
    while above >= 0 and COMMENTED.match(lines[above]):
        above -= 1
    header = HEADER.match(lines[above]) if above >= 0 else None
    if header:
        lines[above] = header.group(1)
        block = above + 1
        while block < len(lines) and (block == number or (key := COMMENTED.match(lines[block]))):
            if block != number:
                lines[block] = f"{key.group(1)} = {key.group(2)}"
            block += 1
    copy = tmp_path / path.name
    copy.write_text("\n".join(lines) + "\n", encoding="utf-8")
    ok, why = accepted(copy)
    assert ok, f"{label(path)} line {number + 1} uncommented ({lines[number]}): {why}"


def test_there_are_alternatives_to_try() -> None:
    assert len(CASES) >= 10
    assert any(label(p) == "kuhhandel/cow-trade" and k == "rebid" for p, _, k in CASES)
    assert any(label(p) == "kuhhandel/es/cow-trade" and k == "rebid" for p, _, k in CASES)
