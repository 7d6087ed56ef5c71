"""A terminal's text drawn without rich is the text rich draws, byte for byte, colour codes included.

``refcli.output.drawing`` draws headings, tables and quote panels itself so that a quick answer on a terminal
does not import rich. rich is the reference: every report of the examples and of the questions at the
table, in both languages, short and explained, is drawn both ways at widths from a phone's to a wide
window's, and the two must be equal. What the drawing is not sure of goes to rich, and that is checked too.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke
from test_examples import EXAMPLE_FILES, run_line

from refcli.output import drawing, render

WIDTHS = (20, 31, 45, 80, 100, 131)
ANSI = re.compile(r"\x1b\[[0-9;]*m")
QUESTIONS = (
    ["bamboozled", "compare", "43", "34"],
    ["bamboozled", "compare", "21", "66"],
    ["bamboozled", "ladder"],
    ["cup-of-bluff", "chips"],
    ["kuhhandel", "animals"],
    ["kuhhandel", "rules", "K8"],
    ["kuhhandel", "rules", "auction"],
    ["money", "rules", "M1"],
    ["rules", "¿quién gana un empate?"],
    ["cup-of-bluff", "rules", "--all"],
)


class Terminal(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


def reports(invoke: Invoke, monkeypatch: pytest.MonkeyPatch, lines: list[list[str]]) -> list[Any]:
    """The blocks of every report the command ``lines`` print (run in-process from the examples)."""
    seen: list[Any] = []
    emit = render.emit

    def recording(report: Any, *args: Any, **kwargs: Any) -> None:
        seen.append(report.blocks)
        emit(report, *args, **kwargs)

    monkeypatch.setattr(render, "emit", recording)
    for line in lines:
        invoke(line)
    monkeypatch.setattr(render, "emit", emit)
    assert len(seen) >= len(lines) // 2  # a broken record is one line on stderr, no report
    return seen


def example_lines() -> list[list[str]]:
    return [[*run_line(example)[:-1], str(example.relative_to(EXAMPLES))] for example in EXAMPLE_FILES]


def assert_drawn_as_rich(blocks: Any, width: int, *, colour: bool = True) -> str:
    drawables = render._drawables(blocks, width)
    ours = drawing.drawn(drawables, width, colour=colour, encoding="utf-8")
    theirs = render._drawn_with_rich(drawables, Terminal(), width, 24, colour=colour)
    assert ours is not None, (width, drawables)
    assert ours == theirs, "\n".join(
        f"{number}: {mine!r}\n{number}: {rich!r}"
        for number, (mine, rich) in enumerate(zip(ours.splitlines(), theirs.splitlines()))
        if mine != rich
    )
    return ours


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("which", ["questions", "examples"])
def test_every_report_is_drawn_as_rich_draws_it(
    which: str, lang: str, invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("COLORTERM", raising=False)
    monkeypatch.chdir(EXAMPLES)
    lines = [list(line) for line in QUESTIONS] if which == "questions" else example_lines()
    for blocks in reports(invoke, monkeypatch, [["--lang", lang, *line] for line in lines]):
        for short in (True, False):
            shown = render.shown_blocks(blocks, short=short)
            for width in WIDTHS:
                coloured = assert_drawn_as_rich(shown, width)
                assert "\x1b[" in coloured
            plain = assert_drawn_as_rich(shown, 80, colour=False)
            assert plain == ANSI.sub("", assert_drawn_as_rich(shown, 80))


def test_the_characters_drawn_are_one_cell_wide_in_rich_too() -> None:
    from rich.cells import cell_len, chop_cells, set_cell_size

    sure = [chr(code) for code in range(0x20, 0x2800) if drawing.sure(chr(code))]
    assert {"á", "ñ", "¿", "—", "“", "”", "…", "→", "×", "█", "✓", "•", "─"} <= set(sure)
    for character in sure:
        assert cell_len(character) == 1, hex(ord(character))
        text = "ab" + character * 5
        assert chop_cells(text, 3) == [text[index : index + 3] for index in range(0, len(text), 3)]
        assert set_cell_size(text, 4) == text[:4]
    for unsure in ("漢", "\u0301", "\u200b", "\t", "\r", "\x1b", "\u00ad", "🎲", "\u2028"):
        assert not drawing.sure("a" + unsure), hex(ord(unsure))


def test_what_the_drawing_is_not_sure_of_rich_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    table = drawing.Table((drawing.Column("Name", "left"), drawing.Column("N", "right", 2)), (("Ana", "12"),), "T")
    assert drawing.drawn([table], 40, colour=True, encoding="utf-8") is not None
    assert drawing.drawn([table], 40, colour=True, encoding="cp1252") is None  # rich draws ASCII boxes
    wide = table._replace(rows=(("漢字", "12"),))
    assert drawing.drawn([wide], 40, colour=True, encoding="utf-8") is None  # two cells a character
    assert drawing.drawn([drawing.Words("x", "underline")], 40, colour=True, encoding="utf-8") is None
    assert drawing.drawn([table], 6, colour=True, encoding="utf-8") is None  # too narrow for its padding
    monkeypatch.setattr("builtins.get_ipython", lambda: None, raising=False)
    assert drawing.drawn([table], 40, colour=True, encoding="utf-8") is None  # IPython: rich's own way


def test_a_dumb_terminal_gets_no_colour_codes_as_from_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    blocks = [render.Heading("Title"), render.Para("Decision: yes", "good")]
    shown = assert_drawn_as_rich(blocks, 40)
    assert "\x1b" not in shown and "Decision: yes" in shown
