"""docs/ says what refcli does: its generated parts are current, and it names every command, code and entry.

Like sqlite-utils' test_docs.py: the command tree is walked here independently of
refcli.cli.docs (through click's ``list_commands``/``get_command``), so a generator that
skipped a command could not pass by agreeing with itself. The comments of the code cite
docs/, never a file outside the repository.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main

from refcli.cli import docs
from refcli.cli.app import app
from refcli.model import registry
from refcli.model.exit_status import ExitStatus
from refcli.rules.catalogue import rules_for

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
REGENERATE = "run `python -m refcli.cli.docs --write` from the repository root and commit docs/"
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def visible_commands(command: Any, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The path of every visible command below ``command``."""
    if not hasattr(command, "list_commands"):
        return
    ctx = command.make_context(path[-1], [], resilient_parsing=True)
    for name in command.list_commands(ctx):
        sub = command.get_command(ctx, name)
        if sub is None or getattr(sub, "hidden", False):
            continue
        yield (*path, name)
        yield from visible_commands(sub, (*path, name))


def page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def headings(text: str) -> list[str]:
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]


# -- the generated parts are current ---------------------------------------------------------
def test_docs_match_the_generator(capsys: pytest.CaptureFixture[str]) -> None:
    code = docs.main(["--check", str(DOCS)])
    assert code == 0, f"{capsys.readouterr().err}\n{REGENERATE}"


def test_the_check_sees_a_stale_region_and_ignores_prose(tmp_path: Path) -> None:
    copy = tmp_path / "docs"
    shutil.copytree(DOCS, copy)
    commands = copy / "commands.md"
    text = commands.read_text(encoding="utf-8")
    commands.write_text(text.replace("## Environment\n", "## Environment\n\nHand-written words.\n"), encoding="utf-8")
    assert docs.main(["--check", str(copy)]) == 0  # prose outside the regions is the page's own
    commands.write_text(text.replace("| `66` | `UNREADABLE` |", "| `66` | `GONE` |"), encoding="utf-8")
    assert docs.main(["--check", str(copy)]) == 1
    assert docs.main(["--write", str(copy)]) == 0
    assert commands.read_text(encoding="utf-8") == text


def test_a_missing_region_is_stale_and_written_at_the_end(tmp_path: Path) -> None:
    copy = tmp_path / "docs"
    shutil.copytree(DOCS, copy)
    output = copy / "output.md"
    text = output.read_text(encoding="utf-8")
    region = re.search(
        r"<!-- generated: outcome\.money\.refill .*?<!-- end generated: outcome\.money\.refill -->\n", text, re.S
    )
    assert region is not None
    output.write_text(text.replace(region[0], ""), encoding="utf-8")
    assert docs.main(["--check", str(copy)]) == 1
    assert docs.main(["--write", str(copy)]) == 0
    written = output.read_text(encoding="utf-8")
    assert written.rstrip("\n").endswith("<!-- end generated: outcome.money.refill -->")


def test_a_whole_page_edited_by_hand_is_stale(tmp_path: Path) -> None:
    copy = tmp_path / "docs"
    shutil.copytree(DOCS, copy)
    register = copy / "rulings-register.md"
    register.write_text(register.read_text(encoding="utf-8") + "\nA note.\n", encoding="utf-8")
    assert docs.main(["--check", str(copy)]) == 1


# -- what the pages must name ---------------------------------------------------------------
@pytest.mark.parametrize("path", list(visible_commands(typer.main.get_command(app), ("refcli",))), ids=" ".join)
def test_every_command_is_in_commands_md(path: tuple[str, ...]) -> None:
    assert f"### `{' '.join(path)}`" in headings_text(), f"{' '.join(path)} is not in docs/commands.md; {REGENERATE}"


def headings_text() -> str:
    return "\n".join(line for line in page("commands.md").splitlines() if line.startswith("#"))


def test_every_exit_status_is_in_commands_md() -> None:
    text = page("commands.md")
    for status in ExitStatus:
        assert f"| `{int(status)}` | `{status.name}` |" in text


def test_every_register_entry_is_in_the_register_page() -> None:
    shown = set(headings(page("rulings-register.md")))
    for game in registry.built_in():
        for clause in rules_for(game.id).clauses:
            if clause.interpretation:
                assert clause.id in shown, f"register entry {clause.id} is not in docs/rulings-register.md"
                assert docs.prose(clause.text) in page("rulings-register.md")


def test_every_situation_has_its_outcome_in_words_and_keys() -> None:
    """Each situation has a heading in output.md, prose under it, then its generated keys."""
    text = page("output.md")
    for game in registry.built_in():
        for kind in game.formats():
            if kind in ("final", "record"):
                continue
            heading = f"### {game.title} `{kind}`\n"
            assert heading in text, f"docs/output.md has no section {heading.strip()}"
            section = text.split(heading, 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
            prose, _, rest = section.partition(f"<!-- generated: outcome.{game.id}.{kind} ")
            assert rest, f"the keys of {game.id} {kind} are not under its heading"
            assert len(prose.split()) > 10, f"say in words what the keys of {game.id} {kind} mean"


def test_every_format_has_its_page_and_every_key() -> None:
    for game in registry.built_in():
        text = page(f"formats/{game.id}.md")
        for kind, desc in game.formats().items():
            assert f"## `{kind}`: " in text
            for field in desc.fields:
                assert f"`{field.key}" in text or f"`[{field.key}" in text, f"{game.id} {kind}: {field.key}"


def test_every_page_is_listed_in_the_index() -> None:
    index = page("README.md")
    for path in DOCS.rglob("*.md"):
        name = path.relative_to(DOCS).as_posix()
        if name != "README.md":
            assert f"]({name})" in index, f"docs/README.md does not link {name}"


@pytest.mark.parametrize("path", sorted(DOCS.rglob("*.md")), ids=lambda p: p.relative_to(DOCS).as_posix())
def test_links_lead_somewhere(path: Path) -> None:
    """Every relative link names a file of the repository, and an anchor a heading of that page."""
    for target in _LINK.findall(path.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://")):
            continue
        file, _, fragment = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.exists(), f"{path.name}: {target} leads nowhere"
        if fragment and linked.suffix == ".md":
            anchors = {docs.anchor(heading) for heading in headings(linked.read_text(encoding="utf-8"))}
            assert fragment in anchors, f"{path.name}: no heading for #{fragment} in {linked.name}"


# -- comments cite the repository ------------------------------------------------------------------
# What a comment must not cite: a contract or a tracker outside the repository.
OUTSIDE = re.compile(r"SPEC\.md|\bSPEC's\b|\b[Ii]ssue \d+|\bthe ([a-z-]+ )?issue\b|\.\./shared|rules-sources/")


@pytest.mark.parametrize(
    "path",
    sorted(
        p
        for folder in ("refcli", "tests", "benchmarks")
        for p in (REPO / folder).rglob("*")
        if p.suffix in (".py", ".md") and p.name != "test_docs.py"
    )
    + [REPO / "hatch_build.py"],
    ids=lambda p: p.relative_to(REPO).as_posix(),
)
def test_the_code_cites_docs_not_files_outside_the_repository(path: Path) -> None:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        assert not OUTSIDE.search(line), (
            f"{path.relative_to(REPO)}:{number} cites outside the repository: {line.strip()}"
        )
