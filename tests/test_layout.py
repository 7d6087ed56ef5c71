"""Text that lines up on any terminal: narrow terminals, wide and combining characters, whole sentences."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import EXAMPLES, Invoke
from test_screen import on_pty

from refcli import api
from refcli.language import i18n
from refcli.model.options import Format
from refcli.output.render import display_width, emit, plain_text, within_width
from refcli.results.report import Grid

SCORE_EXAMPLES = sorted(
    path
    for path in EXAMPLES.glob("*/*.toml")
    if "players" in json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
)
NARROW = range(20, 41)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def expected_of(example: Path) -> dict[str, object]:
    expected: dict[str, object] = json.loads(example.with_suffix(".json").read_text(encoding="utf-8"))
    return expected


def drawn_at(report: object, columns: int, lang: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """What a terminal ``columns`` wide shows of ``report`` (rich, no colour)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    out = Terminal()
    with i18n.using(lang):
        emit(report, Format.text, out, page=False)  # type: ignore[arg-type]
    return out.getvalue()


# -- narrow terminals --------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("example", SCORE_EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_narrow_terminal_never_cuts_a_number(example: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    expected = expected_of(example)
    variants = {k: v for k, v in expected.get("variant", {}).items() if k != "partial"}  # type: ignore[attr-defined]
    report = api.score(str(example), partial=not expected.get("over", True), lang=lang, **variants)
    scores = [str(player["score"]) for player in expected["players"]]  # type: ignore[attr-defined]
    for columns in NARROW:
        shown = drawn_at(report, columns, lang, monkeypatch)
        assert "…" not in shown, f"{columns} columns"
        assert all(len(line) <= columns for line in shown.splitlines()), f"{columns} columns"
        rows = [line.split() for line in shown.splitlines()]
        for rank, score in zip(
            (str(player["rank"]) for player in expected["players"]),  # type: ignore[attr-defined]
            scores,
            strict=True,
        ):
            assert any(row[:1] == [rank] and score in row for row in rows), f"{score} at {columns} columns"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_twenty_columns_on_a_real_terminal(lang: str) -> None:
    shown = on_pty(
        ["--lang", lang, "kuhhandel", "score", "kuhhandel/rulebook-2460.toml", "--no-pager"], EXAMPLES, columns=20
    )
    assert "…" not in shown
    assert ["1", "Cid", "14500"] in [line.split() for line in shown.splitlines()]
    assert all(len(line) <= 20 for line in shown.splitlines())


def odds_rows(text: str) -> list[list[str]]:
    """The number, score or chip, ways and odds of each row of ``text``'s table ("3  5  1/216  0.5%")."""
    rows = [line.split()[:4] for line in text.splitlines()]
    return [row for row in rows if len(row) == 4 and row[0].isdigit() and "/" in row[2] and row[3].endswith("%")]


@pytest.mark.parametrize("command", [["bamboozled", "ladder"], ["cup-of-bluff", "chips"]], ids=["ladder", "chips"])
def test_a_table_of_odds_keeps_every_number_whole_down_to_twenty_columns(invoke: Invoke, command: list[str]) -> None:
    """Rank, score, ways and odds are never folded or dropped; the bars go first, then the padding."""
    expected = odds_rows(invoke(command).stdout)  # the plain text of a pipe: every number whole
    assert len(expected) >= 16
    for columns in (20, 23, 27, 33):
        shown = on_pty([*command, "--no-pager"], EXAMPLES, columns=columns, rows=200)
        assert all(len(line) <= columns for line in shown.splitlines()), f"{columns} columns"
        rows = odds_rows(shown)
        for row in expected:
            assert row in rows, f"{row} at {columns} columns:\n{shown}"


def test_a_wide_terminal_keeps_the_explanation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    report = api.score(str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml"))
    wide = drawn_at(report, 120, "en", monkeypatch)
    assert "How it adds up" in wide and "left out" not in wide
    narrow = drawn_at(report, 30, "en", monkeypatch)
    assert 'The column "How it adds up" is left out' in " ".join(narrow.split())
    spanish = drawn_at(api.score(str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml"), lang="es"), 30, "es", monkeypatch)
    assert "se omite" in " ".join(spanish.split())


def test_only_a_table_of_numbers_loses_its_last_column() -> None:
    score = Grid(
        (("Rank", "right"), ("Player", "left"), ("Score", "right"), ("How", "left")), (("1", "Ana", "5", "x" * 60),)
    )
    assert len(within_width(score, 30).columns) == 3
    assert within_width(score, 100) == score
    words = Grid((("Topic", "left"), ("Edition 1", "left"), ("Edition 2", "left")), (("a", "b" * 40, "c" * 40),))
    assert within_width(words, 20) == words  # no numbers: the words are the table, they wrap
    bars = Grid((("Chip", "right"), ("Odds", "right"), ("", "left")), (("3", "1%", "█" * 30),))
    assert within_width(bars, 20) == bars  # bars shorten instead (bars_within)


# -- plain text: display width, not code points ----------------------------------------------
def test_plain_text_pads_by_display_width() -> None:
    decomposed = "Jose\u0301"  # 5 code points, 4 columns
    grid = Grid(
        (("Rank", "right"), ("Player", "left"), ("Score", "right"), ("Why", "left")),
        (("1", "王小明", "2460", "a"), ("2", decomposed, "260", "b"), ("3", "Ana", "14500", "c")),
    )
    lines = [line for line in plain_text([grid]).splitlines() if line]
    assert [display_width(line[: line.index(line.split()[-1])]) for line in lines] == [21, 21, 21, 21]
    ends = {display_width(line[: line.index(line.split()[2]) + len(line.split()[2])]) for line in lines}
    assert ends == {19}  # the score column, right-aligned, ends in the same column on every row


@pytest.mark.parametrize(
    ("text", "width"),
    [("Ana", 3), ("王小明", 6), ("Jose\u0301", 4), ("Ｆｕｌｌ", 8), ("q\u0303x", 2), ("", 0)],
)
def test_display_width(text: str, width: int) -> None:
    assert display_width(text) == width


def test_a_piped_score_with_wide_names_lines_up(invoke: Invoke, tmp_path: Path) -> None:
    text = (EXAMPLES / "kuhhandel" / "rulebook-2460.toml").read_text(encoding="utf-8")
    path = tmp_path / "names.toml"
    path.write_text(text.replace('"Ana"', '"王小明"').replace('"Ben"', '"Gq\\u0303"'), encoding="utf-8")
    result = invoke(["kuhhandel", "score", str(path)])
    rows = [line for line in result.stdout.splitlines() if line[:6].strip() in ("Rank", "1", "2", "3")]
    assert len(rows) == 4
    explained_at = {display_width(line[: line.index(word)]) for line, word in zip(rows, ("How", "horse", "pig", "cat"))}
    assert len(explained_at) == 1


def test_plain_text_does_not_import_rich() -> None:
    import subprocess
    import sys

    code = (
        "import sys, refcli.output.render as r, refcli.results.report as p;"
        "r.plain_text([p.Grid((('A', 'left'),), (('王小明',),))]);"
        "print('rich' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "False\n"


# -- whole sentences ---------------------------------------------------------------------------
def test_a_donkey_without_its_auctioneer_reads_as_one_sentence(invoke: Invoke, tmp_path: Path) -> None:
    template = invoke(["kuhhandel", "template", "donkey"]).stdout
    path = tmp_path / "donkey.toml"
    path.write_text("\n".join(line for line in template.splitlines() if not line.startswith("auctioneer")))
    verdict = json.loads(invoke(["kuhhandel", "ruling", str(path), "--format", "json"]).stdout)["verdict"]
    assert "play stops and the current player deals a 50 card" in verdict
    spanish = json.loads(invoke(["--lang", "es", "kuhhandel", "ruling", str(path), "--format", "json"]).stdout)
    assert "el juego se interrumpe y el jugador actual reparte" in spanish["verdict"]
