"""The message catalogues are complete: every message refcli writes exists in English and in Spanish.

English is the source language: the msgids are the English messages, as the
code (``_``, ``N_``, ``ngettext``) and the rule catalogues (summaries, register
texts) write them, and ``refcli/locale/refcli.pot`` is their catalogue. The
Spanish catalogue is ``refcli/locale/es/LC_MESSAGES/refcli.po``. These tests
fail when a message is missing from either (the template is stale, or a
Spanish translation is missing or fuzzy), when a placeholder differs between
the languages, or when a message cannot be extracted at all (an f-string or
built text inside ``_()``).

After changing messages: ``python -m refcli.language.catalogues update``, translate
the new entries in the ``.po`` (any gettext editor), and run these tests.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from conftest import REPO

from refcli.language import catalogues as translations

# The checkout's sources and catalogues, whichever refcli is installed (CI installs a wheel, whose
# refcli/ has no data/ beside it to extract from).
REFCLI = REPO / "refcli"


@pytest.fixture(scope="module")
def extracted() -> Catalog:
    return translations.extract(REPO)


def msgids(catalog: Catalog) -> set[object]:
    return {tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id for m in catalog if m.id}


def test_there_are_messages(extracted: Catalog) -> None:
    assert len(msgids(extracted)) > 500


def test_the_english_catalogue_is_current(extracted: Catalog) -> None:
    """refcli.pot holds exactly the messages the code and the rule catalogues write."""
    template = translations.read(REFCLI / "locale" / "refcli.pot")
    missing = msgids(extracted) - msgids(template)
    stale = msgids(template) - msgids(extracted)
    assert not missing, (
        f"{len(missing)} messages not in refcli.pot (python -m refcli.language.catalogues update): {sorted(map(str, missing))[:5]}"
    )
    assert not stale, f"{len(stale)} messages in refcli.pot no longer used: {sorted(map(str, stale))[:5]}"


def test_every_message_has_a_spanish_translation_with_the_same_placeholders(extracted: Catalog) -> None:
    problems = translations.problems("es", extracted, REPO)
    assert not problems, f"{len(problems)} problems, first ones:\n" + "\n".join(problems[:15])


def test_the_spanish_catalogue_has_no_fuzzy_or_leftover_entries() -> None:
    catalogue = translations.read(REFCLI / "locale" / "es" / "LC_MESSAGES" / "refcli.po", "es")
    fuzzy = [m.id for m in catalogue if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy entries (review them, then drop the flag): {fuzzy[:5]}"
    assert not catalogue.obsolete, f"obsolete entries: {list(catalogue.obsolete)[:5]}"


def test_a_placeholder_mismatch_is_found() -> None:
    """The check itself can fail: a translation that drops or renames a placeholder is reported."""
    assert translations.placeholders("{winner} wins with {score:,} points") == ["score", "winner"]
    assert translations.placeholders("gana {ganador}") == ["ganador"]
    assert translations.placeholders("{{literal}} braces") == []


def translated_calls() -> list[tuple[Path, int, str]]:
    """Every call of _ / N_ / ngettext whose message argument is not a literal string."""
    found: list[tuple[Path, int, str]] = []
    for path in sorted(REFCLI.rglob("*.py")):
        if "_compiled" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ("_", "N_", "ngettext"):
                continue
            literal_count = 2 if node.func.id == "ngettext" else 1
            for argument in node.args[:literal_count]:
                if isinstance(argument, ast.JoinedStr) or (
                    node.func.id != "_" and not isinstance(argument, ast.Constant)
                ):
                    found.append((path.relative_to(REFCLI.parent), node.lineno, ast.unparse(argument)[:60]))
                elif isinstance(argument, (ast.BinOp, ast.Call)):  # "a" + b, "…".format() inside _()
                    found.append((path.relative_to(REFCLI.parent), node.lineno, ast.unparse(argument)[:60]))
    return found


def calls_inside_f_strings() -> list[str]:
    """_("literal") inside an f-string's braces: Babel reads an f-string as one token and never sees the call.

    (``_(field.help)`` there is fine: the text is marked N_ where it is written.)
    """
    found: list[str] = []
    for path in sorted(REFCLI.rglob("*.py")):
        if "_compiled" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.args:
                        if inner.func.id in ("_", "N_", "ngettext") and isinstance(inner.args[0], ast.Constant):
                            found.append(f"{path.relative_to(REFCLI.parent)}:{inner.lineno}")
    return found


def test_no_message_is_translated_inside_an_f_string() -> None:
    assert calls_inside_f_strings() == []


def test_every_translated_message_can_be_extracted() -> None:
    """No f-string or built text inside _() (it would never match a msgid); N_ and ngettext take literals."""
    assert translated_calls() == []


def imports_translation(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom)
        and node.module == "refcli.language.i18n"
        and any(a.name == "_" for a in node.names)
        for node in ast.walk(tree)
    )


def test_no_module_shadows_the_translation_function() -> None:
    """``a, _, b = …`` in a module that translates makes ``_`` a local of that function: _() would then fail."""
    shadowing: list[str] = []
    for path in sorted(REFCLI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not imports_translation(tree):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                shadowing.append(f"{path.relative_to(REFCLI.parent)}:{node.lineno}")
    assert shadowing == []
