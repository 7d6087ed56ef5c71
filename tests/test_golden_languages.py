"""Golden output in both languages: every example's text, as a person reads it, in English and in Spanish.

Each example runs as its first line says (``# run: refcli … FILE``, see
test_examples.py), with ``--lang en`` and ``--lang es``, piped (plain text,
80 columns). The text must equal ``tests/golden/<lang>/<game>/<name>.txt``,
and the Spanish JSON ``tests/golden/es/<game>/<name>.json``. The Spanish JSON
must also have exactly the English document's keys and, outside the free-text
fields, its values: scripts never depend on the language. Set
REFCLI_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change
(and read the diff before committing).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, REPO, Invoke
from test_examples import EXAMPLE_FILES, expected_exit, run_line

GOLDEN = REPO / "tests" / "golden"
LANGUAGES = ("en", "es")

# Keys whose values are free text (they follow the language); everything else is data and stays English.
FREE_TEXT = frozenset(
    {
        "verdict",
        "decision",
        "message",
        "summary",
        "text",
        "section",
        "facts",
        "notes",
        "note",
        "explanation",
        "explain",
        "how",
        "label",
        "title",
        "warning",
        "warnings",
        "unchecked",
        "why",
        "reason",
        "description",
        "tie_break",
        "skipped",
    }
)


def golden_path(lang: str, example: Path, suffix: str) -> Path:
    return GOLDEN / lang / example.parent.name / (example.stem + suffix)


def run(invoke: Invoke, example: Path, lang: str, *extra: str) -> Any:
    result = invoke(["--lang", lang, *run_line(example), *extra], env={"COLUMNS": "80"})
    assert result.exit_code == expected_exit(example), result.stderr
    return result


def matches_golden(path: Path, produced: str) -> None:
    if os.environ.get("REFCLI_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(produced, encoding="utf-8")
    assert path.exists(), f"missing {path.relative_to(REPO)}: run with REFCLI_UPDATE_GOLDEN=1"
    assert produced == path.read_text(encoding="utf-8"), path.relative_to(REPO)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_example_text_matches_its_golden_text(
    example: Path, lang: str, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(example.parent)
    matches_golden(golden_path(lang, example, ".txt"), run(invoke, example, lang, "--format", "text").stdout)


def differences(english: Any, spanish: Any, path: str = "") -> list[str]:
    """Where the Spanish document differs from the English one other than in free text."""
    if isinstance(english, dict) and isinstance(spanish, dict):
        if list(english) != list(spanish):
            return [f"{path or '/'}: keys {list(english)} != {list(spanish)}"]
        found: list[str] = []
        for key in english:
            if key in FREE_TEXT and _free_text(english[key]) and _free_text(spanish[key]):
                continue
            found += differences(english[key], spanish[key], f"{path}/{key}")
        return found
    if isinstance(english, list) and isinstance(spanish, list):
        if len(english) != len(spanish):
            return [f"{path}: {len(english)} items != {len(spanish)}"]
        return [d for i, (e, s) in enumerate(zip(english, spanish)) for d in differences(e, s, f"{path}/{i}")]
    return [] if english == spanish else [f"{path}: {english!r} != {spanish!r}"]


def _free_text(value: Any) -> bool:
    """A string, a list of strings, or a table of strings (e.g. labels): text, not data."""
    if isinstance(value, str) or value is None:
        return True
    if isinstance(value, list):
        return all(isinstance(v, str) for v in value)
    if isinstance(value, dict):
        return all(isinstance(v, str) for v in value.values())
    return False


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_spanish_json_matches_its_golden_and_keeps_the_english_data(
    example: Path, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(example.parent)
    produced = run(invoke, example, "es", "--format", "json").stdout
    document = json.loads(produced)
    matches_golden(golden_path("es", example, ".json"), json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    english = json.loads(example.with_suffix(".json").read_text(encoding="utf-8"))
    assert differences(english, document) == []


GAME_TITLES = ("Cup of Bluff", "You're Bluffing!")  # names, in any language
# Words that betray an English sentence in Spanish output (names and ids aside).
ENGLISH_WORDS = re.compile(r"\b(the|and|wins|with|rules applied|player|score|winner|is|of|to|from)\b", re.I)


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_spanish_text_has_no_english_sentences(example: Path) -> None:
    """The Spanish golden text is Spanish: quotes are the rulebooks' Spanish; refcli's own words are translated."""
    path = golden_path("es", example, ".txt")
    assert path.exists(), f"missing {path.relative_to(REPO)}: run with REFCLI_UPDATE_GOLDEN=1"
    text = path.read_text(encoding="utf-8")
    for title in GAME_TITLES:
        text = text.replace(title, "")
    text = re.sub(r"\[[\w.-]+\]", "", text)  # clause ids ([end.winner]) are ids, not English
    text = re.sub(r"\S+\.toml\b", "", text)  # file names too
    lines = [line for line in text.splitlines() if ENGLISH_WORDS.search(line)]
    assert lines == []


def test_every_example_has_golden_files_in_both_languages() -> None:
    for example in EXAMPLE_FILES:
        for lang in LANGUAGES:
            assert golden_path(lang, example, ".txt").exists() or os.environ.get("REFCLI_UPDATE_GOLDEN"), example
        assert golden_path("es", example, ".json").exists() or os.environ.get("REFCLI_UPDATE_GOLDEN"), example
    assert EXAMPLES.is_dir()
