"""What a quick query loads: start-up is a feature (benchmarks/startup.py measures the time).

Each query runs in a fresh interpreter that records the modules imported and
the files opened, then refcli's ``main()`` runs as the console script would.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from refcli.model import registry

PROBE = textwrap.dedent(
    """
    import builtins, io, json, os, sys, types
    if os.environ.get("PROBE_COMPILED"):  # a checkout: the compiled catalogue as the wheel carries it
        compiled = types.ModuleType("refcli._compiled")
        compiled.__path__ = [os.environ["PROBE_COMPILED"]]
        sys.modules["refcli._compiled"] = compiled
    opened = []
    real_open = builtins.open
    def recording_open(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)
    builtins.open = recording_open
    sys.argv = ["refcli", *json.loads(sys.argv[1])]
    class Terminal(io.StringIO):  # PROBE_TERMINAL: standard output is a terminal (colour, drawn text)
        encoding = "utf-8"
        def isatty(self):
            return True
    out, sys.stdout = sys.stdout, (Terminal if os.environ.get("PROBE_TERMINAL") else io.StringIO)()
    from refcli.cli.start import main
    try:
        main()
    except SystemExit as end:
        code = end.code
    shown, sys.stdout = sys.stdout.getvalue(), out
    print(json.dumps({"code": code, "modules": sorted(sys.modules), "opened": opened, "shown": shown}))
    """
)

GAMES = registry.BUILT_IN  # game id → the package declaring it


def probe(*args: str, env: dict[str, str] | None = None) -> dict:
    environment = {**os.environ, **(env or {})}
    # run outside the checkout: `python -c` puts the working directory first on sys.path, and the probe must
    # import the refcli the tests import (the installed wheel in CI), not the checkout's sources
    result = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args)],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
        cwd=tempfile.gettempdir(),
    )
    return json.loads(result.stdout)


QUICK_QUERIES = [
    ("bamboozled", ("bamboozled", "compare", "43", "34")),
    ("bamboozled", ("bamboozled", "ladder", "--format", "json")),
    ("kuhhandel", ("kuhhandel", "animals", "--format", "json")),
    ("kuhhandel", ("kuhhandel", "rules", "K8")),
    ("cup-of-bluff", ("cup-of-bluff", "chips")),
    ("money", ("money", "rules", "M1", "--format", "json")),
]


@pytest.mark.parametrize(("game", "args"), QUICK_QUERIES)
def test_quick_query_loads_only_its_game(game: str, args: tuple[str, ...]) -> None:
    seen = probe(*args)
    assert seen["code"] in (0, None)
    modules = set(seen["modules"])
    assert not any(name == "pydantic" or name.startswith("pydantic.") for name in modules)
    assert "rich" not in modules, "plain output (not a terminal) must not import rich"
    assert "importlib.metadata" not in modules, "a built-in game never scans the installed packages"
    assert GAMES[game] in modules
    if args[1] != "rules":  # a game's own command: no option of the file-reading commands, no exit status made
        assert "refcli.cli.fileoptions" not in modules and "refcli.model.exit_status" not in modules
    for other, package in GAMES.items():
        if other == game:
            continue
        loaded = (package, f"refcli._compiled.{other.replace('-', '_')}")  # not even its declaration
        assert not any(name.startswith(loaded) for name in modules), other
        assert not any(f"rules/{other}." in path or f"templates/{other}/" in path for path in seen["opened"]), other


def test_every_built_in_game_has_a_quick_query_checked() -> None:
    assert {game for game, _ in QUICK_QUERIES} == set(GAMES)


def test_help_and_version_load_no_engine() -> None:
    """--help prints its shipped page (refcli.cli.help_pages) and --version the version: no game, no framework.

    Whether another distribution adds a game (the root help lists it) is read from the entry_points.txt files,
    not through importlib.metadata.
    """
    for args in (("--version",), ("--help",)):
        modules = set(probe(*args, env={"COLUMNS": "100"})["modules"])
        engines = [name for name in modules if name.startswith(tuple(f"{package}." for package in GAMES.values()))]
        assert not engines, (args, engines)
        assert "rich" not in modules and "typer" not in modules
        assert "importlib.metadata" not in modules, args
        assert not {package for package in GAMES.values() if package in modules}, args


@pytest.mark.parametrize(("game", "args"), QUICK_QUERIES)
def test_a_quick_query_builds_no_command_line_framework(game: str, args: tuple[str, ...]) -> None:
    """Answered from the declarations (refcli.cli.quick): typer, and the command modules on it, stay unloaded."""
    modules = set(probe(*args)["modules"])
    assert "typer" not in modules and "refcli.cli.app" not in modules and "refcli.cli.verbs" not in modules


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
ONE_FILE = [
    ("kuhhandel", "score", str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")),
    ("cup-of-bluff", "ruling", str(EXAMPLES / "cup-of-bluff" / "call-gives.toml")),
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    "args", [args for _game, args in QUICK_QUERIES] + ONE_FILE, ids=lambda args: " ".join(args[:2])
)
def test_a_terminal_answer_is_drawn_without_rich_or_typer(args: tuple[str, ...], lang: str) -> None:
    """On a terminal the text is drawn, in colour, by refcli.output.drawing: neither rich nor typer is imported."""
    seen = probe("--lang", lang, *args, "--no-pager", env={"PROBE_TERMINAL": "1", "COLUMNS": "100"})
    assert seen["code"] in (0, 1, None)
    modules = set(seen["modules"])
    assert "rich" not in modules and "typer" not in modules, args
    if "json" not in args:
        assert "\x1b[" in seen["shown"], seen["shown"][:200]


MEMORY_PROBE = textwrap.dedent(
    """
    import json, resource, subprocess, sys
    done = subprocess.run([sys.executable, "-m", "refcli", *json.loads(sys.argv[1])], capture_output=True)
    print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    """
)


@pytest.mark.parametrize("args", [("bamboozled", "compare", "43", "34"), ("rules", "empate"), ("--help",)])
def test_a_quick_query_stays_under_20_mib(args: tuple[str, ...]) -> None:
    """Peak memory (max RSS) of a quick query, from a fresh parent that runs nothing else."""
    result = subprocess.run(
        [sys.executable, "-c", MEMORY_PROBE, json.dumps(args)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),
    )
    code, peak_kib = map(int, result.stdout.split())
    assert code == 0
    scale = 1024 if sys.platform != "darwin" else 1  # Linux reports KiB, macOS bytes
    assert peak_kib * scale < 20 * 1024 * 1024, f"{peak_kib * scale / 2**20:.1f} MiB"


# -- --lang es: the compiled catalogue (refcli's part and the game's), nothing else ----------
COMPILED_ES = "refcli._compiled.messages_es"


@pytest.fixture
def compiled(tmp_path: Path) -> dict[str, str]:
    """The environment a probe needs to load the Spanish catalogue compiled, as an installed refcli does.

    A checkout has no ``refcli._compiled`` (the wheel's build writes it): the probe gets one holding the
    module ``hatch_build.py`` would write, in a folder of its own (for the English run too, to compare).
    """
    if importlib.util.find_spec("refcli._compiled") is not None:  # installed from a wheel: the real one
        return {}
    from refcli.language.catalogues import compiled_modules
    from refcli.language.i18n import po_file

    for name, text in compiled_modules("es", po_file("es")).items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    return {"PROBE_COMPILED": str(tmp_path)}


@pytest.mark.parametrize(
    "spanish",
    [("--lang", "es"), ("--lang=es",), ()],
    ids=["--lang es", "--lang=es", "REFCLI_LANG=es"],
)
def test_a_quick_query_in_spanish_loads_the_compiled_catalogue_and_nothing_else(
    compiled: dict[str, str], spanish: tuple[str, ...]
) -> None:
    query = ("bamboozled", "compare", "43", "34")
    english = probe(*query, env={**compiled, "REFCLI_LANG": "en"})
    seen = probe(*spanish, *query, env={**compiled, "REFCLI_LANG": "es" if not spanish else "en"})
    assert english["code"] in (0, None) and seen["code"] in (0, None)
    added = set(seen["modules"]) - set(english["modules"]) - {"refcli._compiled"}  # its package, if not loaded yet
    # refcli's own words and the game's part of the catalogue (refcli.language.catalogues.compiled_modules), no other
    assert added == {COMPILED_ES, f"{COMPILED_ES}_bamboozled"}, (
        f"--lang es loads more than its catalogue: {sorted(added)}"
    )
    assert not any(name == "babel" or name.startswith("babel.") for name in seen["modules"])
    assert "refcli.language.catalogues" not in seen["modules"] and "refcli.cli.clickwords" not in seen["modules"]
    assert not any(path.endswith(".po") for path in seen["opened"]), "no .po file read at start-up"
