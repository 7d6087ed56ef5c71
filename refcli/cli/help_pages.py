"""``refcli --help`` without building the command line: the page it prints, generated and shipped.

The root help is the same text on every run that shares a language, a width and the games installed. So
``python -m refcli.cli.help_pages --write`` asks the full command line for it in each language, at the
width of a terminal of 80 columns or more (and of a pipe), and keeps it in ``refcli/cli/root_help.py``;
``--check`` says whether that file is current (``tests/test_quick_lookups.py`` runs it, and compares the
page printed each way). A run whose help would differ — a narrower terminal, a game installed from another
distribution (listed in the help) — is left to the full command line.

Which games are installed is read from the distributions' ``entry_points.txt`` files directly:
``importlib.metadata`` would cost a quick query more than the rest of its start-up.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

PROGRAM = "\x00PROG\x00"  # where the page names the program (``refcli``, ``python -m refcli``)
WIDTH = 78  # click's help width on a terminal of 80 columns or more, or when not on a terminal
GROUP = "[refcli.games]"  # refcli.model.registry.ENTRY_POINT_GROUP, as entry_points.txt heads it


def root_help() -> Callable[[], int] | None:
    """How to print ``refcli --help`` from the shipped page, or None when this run's page may differ."""
    if _columns() < WIDTH + 2 or _other_games_may_be_installed():
        return None
    return _print_page


def _print_page() -> int:
    from refcli.cli.root_help import PAGES
    from refcli.language.i18n import language

    page = PAGES.get(language())
    if page is None:  # a language without a page: the full command line
        raise LookupError(language())
    sys.stdout.write(page.replace(PROGRAM, program_name()))
    return 0


def _columns() -> int:
    """The terminal's columns as ``shutil.get_terminal_size`` (which click's help formatter asks) gives them."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ["LINES"])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size((80, 24))
        if columns <= 0:
            columns = size.columns or 80
    return columns


def program_name() -> str:
    """The program's name as click's help says it: the script's file name, or ``python -m PACKAGE``."""
    main = sys.modules["__main__"]
    path = sys.argv[0]
    package = getattr(main, "__package__", None)
    if package in (None, ""):
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    module = str(package) if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


def _other_games_may_be_installed() -> bool:
    """Whether any distribution on ``sys.path`` declares a game in the ``refcli.games`` entry-point group.

    Anything this cannot read plainly (a zip on the path, an unreadable file) counts as yes.
    """
    for entry in sys.path:
        folder = entry or "."
        if not os.path.isdir(folder):
            if os.path.exists(folder):
                return True  # a zip file or egg: importlib.metadata would look inside
            continue
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")) and _declares_games(os.path.join(folder, name)):
                return True
    return False


def _declares_games(distribution: str) -> bool:
    try:
        with open(os.path.join(distribution, "entry_points.txt"), encoding="utf-8") as file:
            return any(line.strip() == GROUP for line in file)
    except FileNotFoundError:
        return False
    except (OSError, UnicodeDecodeError):
        return True


# -------------------------------------------------------------------------- generating the pages


def generated() -> str:
    """``refcli/cli/root_help.py``: the root help of each language, as the full command line prints it."""
    import contextlib
    import io

    from refcli.cli.app import app
    from refcli.language.i18n import LANGUAGES
    from refcli.model import registry

    pages = {}
    saved = (registry.installed, os.environ.get("COLUMNS"), os.environ.get("REFCLI_CONFIG"))
    registry.installed = lambda: ()  # refcli's own games only
    os.environ["COLUMNS"] = str(WIDTH + 2)
    os.environ["REFCLI_CONFIG"] = os.devnull  # no table's language
    try:
        for lang in LANGUAGES:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                app(["--lang", lang, "--help"], prog_name=PROGRAM, standalone_mode=False)
            pages[lang] = out.getvalue()
    finally:
        registry.installed = saved[0]
        for name, value in (("COLUMNS", saved[1]), ("REFCLI_CONFIG", saved[2])):
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    lines = [
        '"""``refcli --help`` in each language (generated by ``python -m refcli.cli.help_pages --write``)."""',
        "",
        "PAGES = {",
        *(f"    {lang!r}: {page!r}," for lang, page in pages.items()),
        "}",
        "",
    ]
    return "\n".join(lines)


PAGES_FILE = os.path.join(os.path.dirname(__file__), "root_help.py")


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m refcli.cli.help_pages", description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="write refcli/cli/root_help.py")
    action.add_argument("--check", action="store_true", help="exit 1 when refcli/cli/root_help.py is not current")
    args = parser.parse_args(argv)
    text = generated()
    current = ""
    if os.path.exists(PAGES_FILE):
        with open(PAGES_FILE, encoding="utf-8") as file:
            current = file.read()
    if args.check:
        if current != text:
            print("refcli/cli/root_help.py is out of date: run python -m refcli.cli.help_pages --write")
            return 1
        print("refcli/cli/root_help.py is current")
        return 0
    with open(PAGES_FILE, "w", encoding="utf-8") as file:
        file.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
