"""The man pages in man/ are what refcli.cli.manpage makes of the command tree.

Like sqlite-utils' test_docs.py: every command has help and a man page entry.
The tree is walked here independently of refcli.cli.manpage (through the same
duck-typed click API: ``.commands``, ``.params``), so a generator that
skipped a command could not pass by agreeing with itself.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import pytest
import typer
import typer.main
from typer.testing import CliRunner

from refcli.cli import manpage
from refcli.cli.app import app
from refcli.language.i18n import language, using
from refcli.model import registry
from refcli.model.exit_status import ExitStatus
from refcli.model.game import Example, Game, SnapshotFormat

REPO = Path(__file__).resolve().parents[1]
MAN = REPO / "man"
REGENERATE = "run `python -m refcli.cli.manpage` from the repository root and commit man/"
REQUIRED_SECTIONS = [
    "NAME",
    "SYNOPSIS",
    "DESCRIPTION",
    "COMMANDS",
    "OPTIONS",
    "EXIT STATUS",
    "ENVIRONMENT",
    "EXAMPLES",
    "FILES",
    "SEE ALSO",
]
# The same sections in the Spanish pages (man/es/), by the names Spanish man pages use.
SPANISH_SECTIONS = [
    "NOMBRE",
    "SINOPSIS",
    "DESCRIPCIÓN",
    "COMANDOS",
    "OPCIONES",
    "ESTADO DE SALIDA",
    "ENTORNO",
    "EJEMPLOS",
    "ARCHIVOS",
    "VÉASE TAMBIÉN",
]
GROFF = shutil.which("groff")
needs_groff = pytest.mark.skipif(GROFF is None, reason="groff is not installed")

PAGES = manpage.render_pages(lang="en")
SPANISH = manpage.render_pages(lang="es")


# ---------------------------------------------------------------- helpers


def visible_commands(command: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """(path, command) for every visible command below ``command`` (asking the group, which loads games lazily)."""
    if not hasattr(command, "list_commands"):
        return
    ctx = command.make_context(path[-1], [], resilient_parsing=True)
    for name in command.list_commands(ctx):
        sub = command.get_command(ctx, name)
        if sub is None or getattr(sub, "hidden", False):
            continue
        yield (*path, name), sub
        yield from visible_commands(sub, (*path, name))


def all_commands() -> list[tuple[tuple[str, ...], Any]]:
    return list(visible_commands(typer.main.get_command(app), ("refcli",)))


def unroff(text: str) -> str:
    """Undo the escapes the pages use, enough to compare names and options."""
    text = re.sub(r"\\\[u([0-9A-F]{4})\]", lambda found: chr(int(found.group(1), 16)), text)
    return text.replace("\\-", "-").replace("\\e", "\\").replace("\\%", "").replace("\\&", "")


def sections(text: str) -> dict[str, str]:
    """Section name → its roff source (up to the next .SH)."""
    found: dict[str, str] = {}
    for chunk in re.split(r"^\.SH ", text, flags=re.M)[1:]:
        title, _, body = chunk.partition("\n")
        found[title.strip().strip('"')] = body
    return found


def section_titles(text: str) -> list[str]:
    return [line[4:].strip().strip('"') for line in text.splitlines() if line.startswith(".SH ")]


def groff_lint(text: str) -> subprocess.CompletedProcess[str]:
    assert GROFF is not None
    return subprocess.run(
        [GROFF, "-man", "-ww", "-z"], input=text, capture_output=True, text=True, timeout=60, check=False
    )


def groff_ascii(text: str) -> str:
    assert GROFF is not None
    done = subprocess.run(
        [GROFF, "-man", "-Tascii", "-P", "-c", "-rLL=200n"], input=text, capture_output=True, text=True, check=True
    )
    # -c leaves bold/underline as overstrikes: drop them to compare words
    return re.sub(r".\x08", "", done.stdout)


# ---------------------------------------------------------------- man/ is current


@pytest.mark.parametrize(("folder", "pages"), [(MAN, PAGES), (MAN / "es", SPANISH)], ids=["man", "man/es"])
def test_man_directory_matches_the_generator(folder: Path, pages: dict[str, str]) -> None:
    committed = {path.name: path.read_bytes() for path in folder.glob("*.1")} if folder.is_dir() else {}
    expected = {name: text.encode("utf-8") for name, text in pages.items()}
    assert sorted(committed) == sorted(expected), f"{folder} has the wrong set of pages; {REGENERATE}"
    stale = [name for name in expected if committed[name] != expected[name]]
    assert not stale, f"stale man pages {stale} in {folder}; {REGENERATE}"


def test_the_pages_are_the_same_in_both_languages_and_the_spanish_ones_are_in_spanish() -> None:
    assert set(SPANISH) == set(PAGES)
    for name, text in SPANISH.items():
        assert [unroff(title) for title in section_titles(text)] == SPANISH_SECTIONS, name
        assert unroff(text.splitlines()[2]).endswith('"manual de refcli"'), name
        # the same commands, options and examples: only the words around them differ
        assert sections(text)["SINOPSIS"] == sections(PAGES[name])["SYNOPSIS"].replace(
            "\\fIOPTIONS\\fR", "\\fIOPCIONES\\fR"
        ).replace("\\fICOMMAND\\fR", "\\fICOMANDO\\fR"), name
    root = unroff(sections(SPANISH["refcli.1"])["OPCIONES"])
    assert "Muestra la ayuda de este comando y termina." in root
    assert "Idioma de todo lo que escribe refcli: en o es" in root


@pytest.mark.parametrize(("pages", "title"), [(PAGES, "ENVIRONMENT"), (SPANISH, "ENTORNO")], ids=["en", "es"])
def test_environment_documents_the_language_variables(pages: dict[str, str], title: str) -> None:
    for name, text in pages.items():
        body = unroff(sections(text)[title])
        assert ".TP\n\\fBREFCLI_LANG\\fR\n" in body, name
        for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "NO_COLOR", "REFCLI_PAGER", "PAGER"):
            assert f"\\fB{variable}\\fR" in body, (name, variable)


def test_a_page_in_a_language_is_the_same_whatever_language_the_run_started_in() -> None:
    with using("es"):
        assert manpage.render_pages(lang="en") == PAGES
    with using("en"):
        assert manpage.render_pages(lang="es") == SPANISH
        assert language() == "en"


def test_there_is_a_page_per_game_group() -> None:
    root = typer.main.get_command(app)
    ctx = root.make_context("refcli", [], resilient_parsing=True)
    subs = {name: root.get_command(ctx, name) for name in root.list_commands(ctx)}  # games load lazily
    groups = [name for name, sub in subs.items() if hasattr(sub, "commands") and not sub.hidden]
    assert groups == list(registry.BUILT_IN), "every registered game is a group of its own, in registry order"
    assert set(PAGES) == {"refcli.1", *(f"refcli-{name}.1" for name in groups)}


def test_generation_does_not_depend_on_the_machine(tmp_path: Path) -> None:
    """Another directory, terminal width, locale, time zone and hash seed: the same bytes as man/."""
    env = {
        **os.environ,
        "COLUMNS": "37",
        "LANG": "C",
        "LC_ALL": "C",
        "TZ": "Pacific/Kiritimati",
        "PYTHONHASHSEED": "4242",
        "PYTHONPATH": str(REPO),
    }
    done = subprocess.run(
        [sys.executable, "-m", "refcli.cli.manpage", "--check", str(MAN)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert manpage.render_pages(lang="en") == PAGES


# ---------------------------------------------------------------- every command documented


@pytest.mark.parametrize("path", [p for p, _ in all_commands()], ids=" ".join)
def test_every_command_has_help_and_a_man_page_entry(path: tuple[str, ...]) -> None:
    command = dict(all_commands())[path]
    assert (command.help or "").strip(), f"`{' '.join(path)}` has no help text (write its docstring)"
    page = "-".join(path[:-1]) + ".1"
    assert page in PAGES, f"no man page {page} for `{' '.join(path)}`"
    commands = unroff(sections(PAGES[page])["COMMANDS"])
    assert f'.SS "{" ".join(path)}"' in commands, f"`{' '.join(path)}` missing from COMMANDS in {page}"


@pytest.mark.parametrize("path", [p for p, _ in all_commands()], ids=" ".join)
def test_every_option_and_argument_has_help_and_is_in_the_entry(path: tuple[str, ...]) -> None:
    command = dict(all_commands())[path]
    page = "-".join(path[:-1]) + ".1"
    after = unroff(sections(PAGES[page])["COMMANDS"]).split(f'.SS "{" ".join(path)}"', 1)[1]
    entry = after.split("\n.SS ", 1)[0]
    for param in command.params:
        if getattr(param, "hidden", False):
            assert not any(f"\\fB{opt}\\fR" in entry for opt in param.opts), f"hidden {param.opts} is in {page}"
            continue
        assert (param.help or "").strip(), f"`{' '.join(path)}` {param.opts} has no help text"
        if param.param_type_name == "option":
            for opt in param.opts:
                assert f"\\fB{opt}\\fR" in entry, f"{opt} of `{' '.join(path)}` missing from {page}"
        else:  # an argument: its name starts an item of the entry's list, with its help after it
            name = (param.metavar or param.name.upper()).removesuffix("...")
            item = re.search(rf"^\.TP\n\\fI{re.escape(name)}\\fR(\.\.\.)?\n(.+)$", entry, flags=re.M)
            assert item, f"argument {name} of `{' '.join(path)}` missing from {page}"
            assert " ".join(param.help.split())[:30] in unroff(item.group(2)), f"help of {name} missing from {page}"


def test_group_options_are_in_options_section() -> None:
    options = unroff(sections(PAGES["refcli.1"])["OPTIONS"])
    for opt in ("--version", "-V", "--install-completion", "--show-completion", "--help", "-h"):
        assert f"\\fB{opt}\\fR" in options, f"{opt} missing from OPTIONS in refcli.1"


# ---------------------------------------------------------------- page structure


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_has_the_required_sections_in_order(name: str) -> None:
    titles = section_titles(PAGES[name])
    present = [title for title in titles if title in REQUIRED_SECTIONS]
    assert present == REQUIRED_SECTIONS, f"{name}: sections are {titles}"


@pytest.mark.parametrize("name", sorted(PAGES))
def test_exit_status_lists_every_code_and_the_worst_wins_rule(name: str) -> None:
    body = unroff(sections(PAGES[name])["EXIT STATUS"])
    for code in (0, 1, 2, 65, 66, 70, 73, *map(int, ExitStatus)):
        assert f".TP\n\\fB{code}\\fR\n" in body, f"exit status {code} missing from {name}"
    assert "worst code wins (66 > 65 > 1 > 0)" in body


@pytest.mark.parametrize("name", sorted(PAGES))
def test_header_is_man7_with_fixed_date_and_version(name: str) -> None:
    from refcli import __version__

    th = unroff(next(line for line in PAGES[name].splitlines() if line.startswith(".TH ")))
    assert th == f'.TH {name.removesuffix(".1").upper()} 1 "2026-11-29" "refcli {__version__}" "refcli manual"'
    assert ".Dd" not in PAGES[name] and ".Sh" not in PAGES[name], "man(7), not mdoc"


def example_block(body: str) -> str:
    """The text of the first .EX block in a section, as typed."""
    block = body.split(".EX\n", 1)[1].split("\n.EE", 1)[0]
    return "\n".join(line.removeprefix("\\&") for line in unroff(block).replace("\\(aq", "'").splitlines()) + "\n"


def subsections(body: str) -> dict[str, str]:
    """Subsection title (unescaped) → its roff source (up to the next .SS)."""
    found: dict[str, str] = {}
    for chunk in re.split(r"^\.SS ", body, flags=re.M)[1:]:
        title, _, rest = chunk.partition("\n")
        found[unroff(title.strip().strip('"'))] = rest
    return found


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_game_page_files_describe_every_format_from_its_description(game: Game) -> None:
    """FILES has one subsection per format the game describes, in order: its summary, who reads it, every key's row."""
    from refcli.reading.formats import man_rows

    described = game.formats()
    assert described, f"{game.id} describes no formats"
    parts = subsections(sections(PAGES[f"refcli-{game.id}.1"])["FILES"])
    titles = [f"{kind}: {desc.title}" for kind, desc in described.items()]
    assert [title for title in parts if title in titles] == titles
    for title, desc in zip(titles, described.values()):
        body = unroff(parts[title])
        words = " ".join(re.sub(r"\\f[BIR]", "", body).split())
        assert desc.summary.replace("`", "") in words, title
        assert f"Read by refcli {game.id} {desc.verb}." in words, title
        rows = re.findall(r"^\.TP\n\\fB(.+?)\\fR\n(.+)$", body, flags=re.M)
        assert [key for key, _ in rows] == [unroff(manpage.literal(key)) for key, _ in man_rows(desc)], title
        for (_, shown), (_, meaning) in zip(rows, man_rows(desc)):
            assert unroff(shown) == unroff(manpage.text_line(manpage.inline(meaning))), (title, meaning)


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
@pytest.mark.parametrize("kind", ["final", "record"])
def test_game_page_quotes_the_final_and_record_starters_as_generated(game: Game, kind: str, tmp_path: Path) -> None:
    """The starters the page quotes are the generated templates, and the game reads them (they are files, not prose)."""
    desc = game.formats()[kind]
    body = subsections(sections(PAGES[f"refcli-{game.id}.1"])["FILES"])[f"{kind}: {desc.title}"]
    sample = example_block(body)
    assert sample == (REPO / "data" / "templates" / game.id / f"{kind}.toml").read_text(encoding="utf-8")
    path = tmp_path / "sample.toml"
    path.write_text(sample, encoding="utf-8")
    verb = ["score", "--partial"] if kind == "final" else ["validate"]
    result = CliRunner().invoke(app, [game.id, *verb, str(path)], catch_exceptions=False)
    assert result.exit_code in ((0,) if kind == "final" else (0, 1)), result.stderr


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_game_page_names_its_starters_and_schemas(game: Game) -> None:
    files = unroff(sections(PAGES[f"refcli-{game.id}.1"])["FILES"])
    assert f"refcli {game.id} template KIND" in files and f"refcli {game.id} schema KIND" in files
    assert f"refcli/data/templates/{game.id}/KIND.toml" in files
    assert f"refcli/data/schemas/{game.id}/KIND.schema.json" in files


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_game_page_names_its_catalogue_and_its_documents(game: Game) -> None:
    files = unroff(sections(PAGES[f"refcli-{game.id}.1"])["FILES"])
    assert f"refcli/data/rules/{game.id}.toml" in files
    assert (REPO / "data" / "rules" / f"{game.id}.toml").is_file()
    for source in game.sources:
        assert f".TP\n\\fB{source.id}\\fR\n" in files, f"document {source.id} not listed"


@pytest.mark.parametrize("name", sorted(PAGES))
def test_see_also_names_every_other_page_and_not_itself(name: str) -> None:
    refs = re.findall(r"^\.BR (\S+) \(1\),?$", unroff(sections(PAGES[name])["SEE ALSO"]), flags=re.M)
    assert sorted(f"{ref}.1" for ref in refs) == sorted(set(PAGES) - {name})


# ---------------------------------------------------------------- roff is clean


@needs_groff
@pytest.mark.parametrize("name", [*sorted(PAGES), *(f"es/{name}" for name in sorted(SPANISH))])
def test_groff_finds_nothing_to_warn_about(name: str) -> None:
    done = groff_lint(SPANISH[name.removeprefix("es/")] if name.startswith("es/") else PAGES[name])
    assert done.returncode == 0 and done.stderr == "", f"groff -man -ww -z {name}:\n{done.stderr}"


def test_escaping() -> None:
    assert manpage.literal("a\\b --x 'y'") == "a\\eb \\-\\-x \\(aqy\\(aq"
    assert manpage.prose("edition-2 and --partial; - is stdin") == "edition-2 and \\fB\\-\\-partial\\fR; \\- is stdin"
    assert manpage.inline("the `game` key") == "the \\fBgame\\fR key"
    assert manpage.text_line(".starts") == "\\&.starts" and manpage.text_line("'q") == "\\&'q"
    assert manpage.prose("820 × 3") == "820 \\[u00D7] 3"


# A small app with everything awkward a docstring can hold, rendered through
# groff: the pages' escaping must survive what the other engineer writes next.
fake = typer.Typer(help="The root.")
fake_game = typer.Typer(help="A made-up game.")
fake.add_typer(fake_game, name="fakegame")


@fake_game.command("shown")
def _shown(
    path: Annotated[str, typer.Argument(help="A path.")],
    secret: Annotated[bool, typer.Option("--secret-flag", hidden=True, help="Hidden.")] = False,
    level: Annotated[int, typer.Option("--level", "-l", help="How much.")] = 1,
) -> None:
    """Do the `shown` thing.

    .starts with a dot, and a C:\\path with a backslash.

    'starts with a quote -- and --level is an option.
    """


@fake_game.command("ghost", hidden=True)
def _ghost() -> None:
    """Never listed."""


@fake.command("plain")
def _plain() -> None:
    """A top-level command."""


def fake_game(**changes: Any) -> Game:
    declared = Game(
        id="fakegame",
        title="Fake",
        package="fakegame_declared",
        help="A made-up game.",
        snapshot="fakegame_declared:snapshot",
        examples=(Example("Run it:", ("refcli", "fakegame", "shown", "x")),),
    )
    return declared._replace(**changes)


def register(monkeypatch: pytest.MonkeyPatch, game: Game) -> None:
    """Make ``game`` a registered game (its declaration module exists only in sys.modules)."""
    module = types.ModuleType(game.package)
    module.GAME = game  # type: ignore[attr-defined]
    module.snapshot = lambda: SnapshotFormat(keys=(("game", "Its id."),), sample='game = "fakegame"\n')  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, game.package, module)
    monkeypatch.setitem(registry.BUILT_IN, game.id, game.package)


@pytest.fixture
def fake_pages(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    register(monkeypatch, fake_game())
    return manpage.render_pages(fake)


def test_hidden_commands_and_options_are_left_out(fake_pages: dict[str, str]) -> None:
    page = fake_pages["refcli-fakegame.1"]
    assert "ghost" not in page and "Never listed" not in page
    assert "secret" not in page and "Hidden." not in page
    assert '.SS "refcli fakegame shown"' in unroff(page)
    assert "\\fB\\-l\\fR, \\fB\\-\\-level\\fR \\fILEVEL\\fR" in page


@needs_groff
def test_awkward_help_text_renders_literally(fake_pages: dict[str, str]) -> None:
    page = fake_pages["refcli-fakegame.1"]
    assert groff_lint(page).stderr == ""
    shown = groff_ascii(page)
    assert ".starts with a dot, and a C:\\path with a backslash." in shown
    assert "'starts with a quote -- and --level is an option." in shown
    assert "Do the shown thing." in shown  # backticks are markup, not text
    assert "`" not in shown


def test_a_group_without_examples_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, fake_game(examples=()))
    with pytest.raises(manpage.ManpageError, match="examples"):
        manpage.render_pages(fake)


def test_a_game_without_formats_or_a_snapshot_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, fake_game(snapshot=""))
    with pytest.raises(
        manpage.ManpageError, match="no formats for fakegame: describe them in fakegame_declared.formats"
    ):
        manpage.render_pages(fake)


def test_a_game_without_formats_gets_its_hand_written_snapshot(fake_pages: dict[str, str]) -> None:
    files = sections(fake_pages["refcli-fakegame.1"])["FILES"]
    assert '.SS "Final snapshot"' in files and example_block(files) == 'game = "fakegame"\n'
    assert "template" not in files and "schema" not in files


def test_a_group_that_is_not_a_registered_game_is_refused() -> None:
    with pytest.raises(manpage.ManpageError, match="not a registered game"):
        manpage.render_pages(fake)


# ---------------------------------------------------------------- examples work


def examples_by_page() -> dict[str, tuple[Example, ...]]:
    """The examples of every page of the built-in games (page stem → examples), in order."""
    games = registry.built_in()
    pages = {manpage.PROGRAM: (*(example for game in games for example in game.overview), manpage.VERSION_EXAMPLE)}
    return {**pages, **{f"{manpage.PROGRAM}-{game.id}": game.examples for game in games}}


EXAMPLES = examples_by_page()


def test_every_game_has_examples_and_the_root_page_shows_some() -> None:
    assert set(EXAMPLES) == {name.removesuffix(".1") for name in PAGES}
    assert all(EXAMPLES.values())
    assert len(EXAMPLES["refcli"]) > 1, "refcli(1) shows more than --version"


@pytest.mark.parametrize("page", sorted(EXAMPLES))
def test_examples_run(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each page's examples, in order, in a scratch directory holding examples/."""
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for example in EXAMPLES[page]:
        assert example.argv[0] == "refcli"
        if page != "refcli":
            assert example.argv[1] == page.removeprefix("refcli-"), "a game's page shows that game's commands"
        result = runner.invoke(app, list(example.argv[1:]), catch_exceptions=False)
        assert result.exit_code == 0, f"{page}: `{' '.join(example.argv)}` exited {result.exit_code}:\n{result.output}"
        assert result.stdout or result.stderr


def test_every_example_is_on_its_page() -> None:
    for page, examples in EXAMPLES.items():
        body = unroff(sections(PAGES[f"{page}.1"])["EXAMPLES"])
        for example in examples:
            assert " ".join(example.argv) in body


# ---------------------------------------------------------------- python -m refcli.cli.manpage


def test_cli_writes_then_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "man"
    assert manpage.main(["--check", str(target)]) == 1
    assert "stale or missing" in capsys.readouterr().err
    assert not target.exists(), "--check must write nothing"

    assert manpage.main([str(target)]) == 0
    written = {str(p.relative_to(target)) for p in target.rglob("*.1")}
    assert written == {*PAGES, *(f"es/{name}" for name in SPANISH)}
    assert (target / "es" / "refcli.1").read_text(encoding="utf-8") == SPANISH["refcli.1"]
    assert manpage.main(["--check", str(target)]) == 0

    (target / "refcli.1").write_text(PAGES["refcli.1"].replace("EXIT STATUS", "EXIT"), encoding="utf-8")
    (target / "refcli-gone.1").write_text(".TH X 1\n", encoding="utf-8")
    (target / "es" / "refcli-ido.1").write_text(".TH X 1\n", encoding="utf-8")
    assert manpage.main(["--check", str(target)]) == 1
    err = capsys.readouterr().err
    assert "refcli.1" in err and "refcli-gone.1" in err and "python -m refcli.cli.manpage" in err
    assert "es/refcli-ido.1" in err

    (target / "es" / "refcli-kuhhandel.1").unlink()
    assert manpage.main(["--check", str(target)]) == 1
    assert "stale or missing: " + str(target / "es" / "refcli-kuhhandel.1") in capsys.readouterr().err
