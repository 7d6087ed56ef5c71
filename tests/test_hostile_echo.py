"""Hostile names: what refcli echoes from its input never steers the terminal, and CSV never holds a formula.

A file named ``a<ESC>]0;pwned<BEL>.toml``, a ``rules`` query, a ``KEY=VALUE``
item, an ``-o`` name: every command, every format (text on a terminal and
piped, JSON, TOML, CSV) and the Python API show them with their control
characters escaped (``refcli.language.visible``), while JSON and TOML keep the exact
text as data. Messages quote at most 40 characters of a value, and an error
in an item names the item.
"""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import EXAMPLES, Invoke

import refcli
from refcli.language.visible import SHOWN_CHARACTERS, clip, in_document, shell_word, visible
from refcli.output.spreadsheet import rows_text, score_rows

# What a terminal acts on: ESC (OSC title, OSC 52 clipboard, OSC 8 link, CSI clear), BEL, the other
# C0 controls, DEL, the C1 controls (CSI and OSC in one byte), line/paragraph separators, bidi controls.
TERMINAL_CONTROLS = (
    [chr(code) for code in range(0x20) if chr(code) not in "\n"]
    + [chr(code) for code in range(0x7F, 0xA0)]
    + ["\u2028", "\u2029", "\u200e", "\u200f", "\u061c"]
    + [chr(code) for code in range(0x202A, 0x202F)]
    + [chr(code) for code in range(0x2066, 0x206A)]
)
TITLE = "\x1b]0;pwned\x07"
CLIPBOARD = "\x1b]52;c;aGk=\x07"
LINK = "\x1b]8;;http://evil.example/\x1b\\"
CLEAR = "\x1b[2J"
# a name with one of each kind: OSC, C1 CSI, a bidi override, a line separator
HOSTILE = f"a{TITLE}\x9b2J\u202e\u2028"
COLOUR = re.compile(r"\x1b\[[0-9;]*m")  # the only escape refcli itself writes (rich's colours)
KUHHANDEL = EXAMPLES / "kuhhandel"


def unsafe(text: str, *, colour: bool = False) -> list[str]:
    """The terminal controls in ``text`` (CRLF line ends and, with ``colour``, rich's colours allowed)."""
    text = text.replace("\r\n", "\n")
    if colour:
        text = COLOUR.sub("", text)
    return sorted({repr(ch) for ch in text if ch in TERMINAL_CONTROLS})


def assert_safe(*texts: str, colour: bool = False) -> None:
    for text in texts:
        assert not unsafe(text, colour=colour), (unsafe(text, colour=colour), text[:400])


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, Path]:
    """A final snapshot, a situation, a record and a file that does not read, each with a hostile name."""
    files = {
        "score": KUHHANDEL / "shared-win.toml",
        "ruling": KUHHANDEL / "cow-trade-spec.toml",
        "validate": KUHHANDEL / "record-broken.toml",
    }
    made = {}
    for verb, source in files.items():
        made[verb] = tmp_path / f"{verb}{HOSTILE}.toml"
        shutil.copy(source, made[verb])
    made["bad"] = tmp_path / f"bad{HOSTILE}.toml"
    made["bad"].write_text('game = "kuhhandel"\n', encoding="utf-8")
    made["missing"] = tmp_path / f"missing{HOSTILE}.toml"
    return made


# -- the helper ----------------------------------------------------------------------------------
@pytest.mark.parametrize("ch", TERMINAL_CONTROLS)
def test_every_terminal_control_is_shown_as_its_escape(ch: str) -> None:
    shown = visible(f"a{ch}b")
    assert shown == f"a{repr(ch)[1:-1]}b" and shown.isprintable()
    assert visible(shown) == shown  # escaping twice changes nothing


def test_printable_text_is_left_alone() -> None:
    for text in ("Ana", "año ñandú", "dólar € ×", "[bold]x[/bold]", "a\\x1b", "漢字 😀"):
        assert visible(text) is text


def test_a_suggested_command_reads_back_as_the_name() -> None:
    names = [f"r{TITLE}.toml", "it's here.toml", "plain.toml", "a\\b\u202e'\n\x9b.toml", "\udcff\udc80.toml"]
    bash = shutil.which("bash")
    for name in names:
        word = shell_word(name)
        assert word.isprintable()
        if bash is not None:
            read_back = subprocess.run([bash, "-c", f"printf %s {word}"], capture_output=True, check=True).stdout
            assert read_back.decode("utf-8", "surrogateescape") == name


def test_documents_escape_what_json_and_toml_leave_raw_and_keep_the_value() -> None:
    data = {"file": "a\x1b\x7f\x85\x9b\u2028\u2029\u202e\u2066\u200f\u061c\U000e0001ñ.toml", "ok": "año"}
    text = in_document(json.dumps(data, ensure_ascii=False))
    assert_safe(text)
    assert json.loads(text) == data and "año" in text  # printable text stays as it is
    import tomli_w

    toml_text = in_document(tomli_w.dumps(data), toml=True)
    assert_safe(toml_text)
    assert tomllib.loads(toml_text) == data


# -- every command, every format, piped ---------------------------------------------------------
CASES = [
    *((verb, fmt) for verb in ("score", "validate") for fmt in ("text", "drawn", "json", "toml", "csv")),
    *(("ruling", fmt) for fmt in ("text", "drawn", "json", "toml")),
]


def format_options(fmt: str) -> list[str]:
    """``drawn``: text laid out by rich, as on a terminal (``--color always`` draws it in a pipe too)."""
    return ["--color", "always"] if fmt == "drawn" else ["-f", fmt]


@pytest.mark.parametrize(("verb", "fmt"), CASES)
def test_hostile_names_are_escaped_in_every_format(
    invoke: Invoke, hostile: dict[str, Path], verb: str, fmt: str
) -> None:
    paths = [hostile[verb], hostile["bad"], hostile["missing"]]
    runs = [[str(path)] for path in paths] if verb == "ruling" else [[str(path) for path in paths]]
    for files in runs:
        result = invoke(["kuhhandel", verb, *files, *format_options(fmt)])
        assert result.exit_code in (0, 1, 65, 66)
        assert_safe(result.stdout, colour=fmt == "drawn")
        assert_safe(result.stderr)
        failing = [name for name in files if Path(name).name.startswith(("bad", "missing"))]
        for name in failing:  # its error line names it, escaped
            assert visible(name) in result.stderr
        if fmt in ("json", "toml"):  # the data is the name exactly
            document = json.loads(result.stdout) if fmt == "json" else tomllib.loads(result.stdout)
            entries = document.get("games") or document.get("results") or [document]
            assert [entry["file"] for entry in entries] == files
            errors = {entry["file"]: entry["error"]["message"] for entry in entries if "error" in entry}
            assert list(errors) == failing
            assert all(message.startswith(visible(name)) for name, message in errors.items())
        elif fmt == "csv":
            rows = list(csv.DictReader(io.StringIO(result.stdout, newline="")))
            assert {row["file"] for row in rows} == {visible(name) for name in files}
        elif len(failing) < len(files):  # a heading names the file read
            assert squashed(visible(files[0])) in squashed(result.stdout)


def squashed(text: str) -> str:
    """``text`` without rich's colours and without blanks, where rich may wrap a long line."""
    return re.sub(r"\s", "", COLOUR.sub("", text))


def pseudo_terminal(*args: str, cwd: Path) -> bytes:
    """Everything refcli writes (stdout and stderr) to a pseudo-terminal, as bytes."""
    leader, follower = pty.openpty()
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "FORCE_COLOR", "PAGER")}
    env.update(TERM="xterm-256color", REFCLI_PAGER="", COLUMNS="100")
    process = subprocess.Popen(
        [sys.executable, "-m", "refcli", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:  # a hang guard, not a timing
            process.kill()
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the other side closed: all read
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks)


@pytest.mark.parametrize("verb", ["score", "validate"])
def test_on_a_terminal_no_name_sets_the_title_or_clears_the_screen(hostile: dict[str, Path], verb: str) -> None:
    files = [hostile[verb].name, hostile["bad"].name, hostile["missing"].name]
    shown = pseudo_terminal("kuhhandel", verb, *files, "--no-pager", cwd=hostile[verb].parent).decode("utf-8")
    assert "\x1b[" in shown  # a terminal: rich's colours
    assert_safe(shown, colour=True)
    assert visible(files[0]) in shown and visible(files[2]) in shown


def test_on_a_terminal_a_query_and_an_item_stay_text(tmp_path: Path) -> None:
    query = pseudo_terminal("kuhhandel", "rules", f"cow {CLIPBOARD}{LINK}", "--no-pager", cwd=tmp_path).decode()
    item = pseudo_terminal(
        "kuhhandel", "ruling", "situation=cow-trade", f"animal=cat{CLIPBOARD}", cwd=tmp_path
    ).decode()
    for shown in (query, item):
        assert_safe(shown, colour=True)
    assert visible(CLIPBOARD) in query and visible(CLIPBOARD) in item


# -- rules queries, items, -o names, command-line errors -----------------------------------------
@pytest.mark.parametrize("fmt", ["text", "drawn", "json", "toml"])
@pytest.mark.parametrize("game", [["kuhhandel"], []])
def test_a_query_is_echoed_escaped_and_kept_as_data(invoke: Invoke, fmt: str, game: list[str]) -> None:
    for query in (CLIPBOARD, f"cow trade {LINK}{CLEAR}\u202e"):
        result = invoke([*game, "rules", query, *format_options(fmt)])
        assert_safe(result.stdout, colour=fmt == "drawn")
        if fmt == "json":
            assert json.loads(result.stdout)["query"] == query
        elif fmt == "toml":
            assert tomllib.loads(result.stdout)["query"] == query
        else:
            assert squashed(visible(clip(query))) in squashed(result.stdout)


def test_a_long_query_is_quoted_clipped(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "rules", "cow " + "y" * 100])
    assert "y" * SHOWN_CHARACTERS not in result.stdout and "y" * (SHOWN_CHARACTERS - 4) + "…" in result.stdout
    assert json.loads(invoke(["kuhhandel", "rules", "cow " + "y" * 100, "-f", "json"]).stdout)["query"].endswith(
        "y" * 100
    )


@pytest.mark.parametrize("fmt", ["text", "json", "toml"])
def test_an_item_is_named_escaped_in_the_message(invoke: Invoke, fmt: str) -> None:
    result = invoke(["kuhhandel", "ruling", "situation=cow-trade", f"animal=cat{CLIPBOARD}", "-f", fmt])
    assert result.exit_code == 65
    assert_safe(result.stdout, result.stderr)
    assert result.stderr.startswith("refcli: error: item $'animal=cat\\x1b]52;c;aGk=\\x07': animal: ")
    if fmt != "text":
        document = json.loads(result.stdout) if fmt == "json" else tomllib.loads(result.stdout)
        assert_safe(document["error"]["message"])


def test_an_item_is_quoted_at_most_forty_characters(invoke: Invoke) -> None:
    ruling = str(KUHHANDEL / "cow-trade-spec.toml")
    result = invoke(["kuhhandel", "ruling", ruling, "animal=" + "x" * 300])
    assert result.exit_code == 65
    quoted = re.findall(r"x+…?", result.stderr)
    assert quoted and all(len(run) <= SHOWN_CHARACTERS + 1 for run in quoted), result.stderr
    assert "item 'animal=" + "x" * (SHOWN_CHARACTERS - len("animal=")) + "…'" in result.stderr
    not_an_item = invoke(["kuhhandel", "ruling", "situation=auction"] + ["y" * 200 + "=1"])
    assert "y" * (SHOWN_CHARACTERS + 1) not in not_an_item.stderr


LONG_WORD = "y" * 120
HUGE_NUMBER = "9" * 5_000
# Every command-line argument a message quotes back, refcli's words or click's: at most 40 characters of it.
LONG_ARGUMENTS = {
    "animal": ["kuhhandel", "animals", LONG_WORD],
    "ladder score": ["bamboozled", "ladder", LONG_WORD],
    "compared score": ["bamboozled", "compare", LONG_WORD, "33"],
    "chip": ["cup-of-bluff", "chips", LONG_WORD],
    "money card": ["kuhhandel", "pay", "50", "-m", "10," + LONG_WORD],
    "huge money card": ["kuhhandel", "pay", "50", "-m", HUGE_NUMBER],
    "huge amount": ["kuhhandel", "pay", HUGE_NUMBER, "-m", "10"],
    "huge jobs": ["validate", "--jobs", HUGE_NUMBER, "x.toml"],
    "huge max-bytes": ["money", "score", "--max-bytes", HUGE_NUMBER, "x.toml"],
    "unknown option": ["money", "score", "--" + LONG_WORD],
    "unknown command": [LONG_WORD],
    "unknown game command": ["money", LONG_WORD],
    "unknown language": ["--lang", LONG_WORD, "rules"],
    "unknown kind": ["money", "template", LONG_WORD],
    "unknown format": ["money", "score", "--format", LONG_WORD],
    "item number": ["money", "score", f"player.{HUGE_NUMBER}.coins=1"],
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("case", list(LONG_ARGUMENTS))
def test_an_argument_is_quoted_at_most_forty_characters(invoke: Invoke, case: str, lang: str) -> None:
    result = invoke(["--lang", lang, *LONG_ARGUMENTS[case]])
    assert result.exit_code in (2, 65), result.stderr
    quoted = re.findall(r"(?:y|9)+…?", result.stderr)
    assert quoted and all(len(run) <= SHOWN_CHARACTERS + 1 for run in quoted), result.stderr
    assert "…" in result.stderr and "internal error" not in result.stderr and "Exceeds the limit" not in result.stderr


@pytest.mark.parametrize(
    ("item", "path"),
    [("player.3.name=x", "player"), ("bogus.deep=1", "bogus"), ("challenger.offer=5x", "challenger.offer[1]")],
)
def test_an_error_an_item_brought_names_the_item_not_the_file(invoke: Invoke, item: str, path: str) -> None:
    result = invoke(["kuhhandel", "ruling", str(KUHHANDEL / "cow-trade-spec.toml"), item])
    assert result.exit_code == 65
    assert result.stderr.startswith(f"refcli: error: item {item}: {path}: "), result.stderr


def test_an_output_name_is_shown_escaped(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / f"out{CLEAR}{TITLE}.json"
    args = ["kuhhandel", "score", str(KUHHANDEL / "shared-win.toml"), "-f", "json", "-o", str(target)]
    written = invoke(args)
    assert written.exit_code == 0 and target.exists()  # the file has the exact name
    assert written.stderr == f"wrote {visible(str(target))}\n"
    refused = invoke(args)  # it exists now
    assert refused.exit_code == 73
    assert_safe(refused.stderr)
    assert visible(str(target)) in refused.stderr


def test_click_errors_quote_what_was_typed_escaped(invoke: Invoke) -> None:
    for args in (
        ["kuhhandel", "score", f"--x{TITLE}"],
        [f"game{TITLE}", "score"],
        ["kuhhandel", "ruling", "a.toml", f"b{TITLE}.toml"],
        ["kuhhandel", "score", "-f", f"j{TITLE}"],
    ):
        result = invoke(args)
        assert result.exit_code == 2
        assert_safe(result.stderr.replace("\n\t", "\n"))
        assert "\\x1b]0;pwned\\x07" in result.stderr


def test_the_hint_of_a_file_given_to_the_wrong_command_quotes_it_for_the_shell(
    invoke: Invoke, hostile: dict[str, Path]
) -> None:
    result = invoke(["kuhhandel", "validate", str(hostile["score"])])
    assert_safe(result.stderr, result.stdout)
    assert f"`refcli kuhhandel score {shell_word(str(hostile['score']))}`" in result.stderr


def test_answers_quoted_back_by_the_prompts_are_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    from refcli.cli.prompts import Terminal

    Terminal().say(f'  expected y or n, found "{TITLE}"')
    assert_safe(capsys.readouterr().err)


def test_a_key_typed_at_a_question_is_escaped_in_the_questions_that_name_it(
    invoke: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A map's keys are typed (a currency of Ana's notes): the next questions name it in their label (the key
    walk a plug-in's game gets); a name typed, the conversation's next questions name it."""
    from refcli.cli import conversation
    from refcli.cli import prompts as prompting

    monkeypatch.setattr(prompting, "stdin_is_terminal", lambda: True)
    result = invoke(["money", "score"], input=f"Ana, Ben, {TITLE}\n\n\n")
    assert result.exit_code == 130
    assert "\\x1b]0;pwned\\x07's notes and coins (" in result.stderr
    assert_safe(result.stderr, result.stdout)
    monkeypatch.setattr(conversation, "SCRIPT_MODULES", ("questions",))
    result = invoke(["money", "score"], input=f"Ana\n3\ny\n{TITLE}\n")
    assert result.exit_code == 130
    assert "player.1.notes.\\x1b]0;pwned\\x07 (" in result.stderr
    assert_safe(result.stderr, result.stdout)


# -- CSV: never a formula ----------------------------------------------------------------------
def test_a_cell_that_would_be_a_formula_is_written_as_text() -> None:
    data = {
        "games": [
            {
                "game": "money",
                "file": "=cmd|' /C calc'!A0.toml",
                "over": True,
                "winners": ['=HYPERLINK("http://x")'],
                "players": [
                    {"name": '=HYPERLINK("http://x")', "rank": 1, "score": 100, "explanation": "+1+1"},
                    {"name": "@SUM(A1)", "rank": 2, "score": -40, "explanation": "-40 for the lot"},
                    {"name": "\tTab", "rank": 3, "score": 0, "explanation": "\rreturn"},
                ],
            },
            {"game": "money", "file": "-x.toml", "error": {"message": "@x: cannot read"}},
        ]
    }
    rows = list(csv.reader(io.StringIO(rows_text(score_rows(data)), newline="")))
    players = [(row[3], row[5], row[8]) for row in rows if row[0] == "score"]
    assert players == [
        ('\'=HYPERLINK("http://x")', "100", "'+1+1"),
        ("'@SUM(A1)", "-40", "'-40 for the lot"),  # a number stays a number; text that looks like one does not
        ("'\\tTab", "0", "'\\rreturn"),
    ]
    assert [row[2] for row in rows] == ["'=cmd|' /C calc'!A0.toml"] * 3 + ["'-x.toml"]
    assert rows[-1][9] == "'@x: cannot read"
    for row in rows:
        assert all(not cell.startswith(("=", "+", "@", "\t", "\r")) for cell in row)
        assert all(not cell.startswith("-") or cell.lstrip("-").isdigit() for cell in row)


def test_csv_from_the_commands_has_no_formula(invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("=1+2.toml").write_text(
        'game = "money"\n'
        '[[player]]\nname = "=HYPERLINK(\\"http://x\\")"\nnotes = { euro = [20, 20] }\n'
        '[[player]]\nname = "@SUM(A1)"\ncoins = 2\nnotes = { euro = [30, 30, 30, 40] }\n'
        '[[player]]\nname = "-Cid"\nnotes = { yen = [40, 50, 60, 20, 20] }\n',
        encoding="utf-8",
    )
    score = invoke(["money", "score", "=1+2.toml", "+missing.toml", "@missing.toml", "--partial", "-f", "csv"])
    validate = invoke(["validate", "=1+2.toml", "+missing.toml", "-f", "csv"])
    for result in (score, validate):
        rows = list(csv.reader(io.StringIO(result.stdout, newline="")))[1:]
        assert rows
        for row in rows:
            assert all(not cell.startswith(("=", "+", "-", "@")) for cell in row), row
    files = [row[2] for row in csv.reader(io.StringIO(score.stdout, newline="")) if row[0] in ("score", "error")]
    assert set(files) == {"'=1+2.toml", "'+missing.toml", "'@missing.toml"}
    players = {row[3] for row in csv.reader(io.StringIO(score.stdout, newline="")) if row[0] == "score"}
    assert players == {'\'=HYPERLINK("http://x")', "'@SUM(A1)", "'-Cid"}


# -- the Python API -------------------------------------------------------------------------------
def test_the_api_messages_are_escaped_and_its_data_exact(hostile: dict[str, Path]) -> None:
    with pytest.raises(refcli.DataError) as bad:
        refcli.score(hostile["bad"])
    assert_safe(str(bad.value))
    assert str(bad.value).startswith(visible(str(hostile["bad"])) + ":1: ")
    assert bad.value.file == str(hostile["bad"])  # the attribute is the data
    with pytest.raises(refcli.InputUnreadable) as missing:
        refcli.score(hostile["missing"])
    assert_safe(str(missing.value))
    with pytest.raises(refcli.DataError) as item:
        refcli.rule(game="kuhhandel", values={"situation": "cow-trade", "animal": "cat" + CLIPBOARD})
    assert_safe(str(item.value))
    assert str(item.value).startswith("item $'animal=cat")

    report = refcli.score(hostile["score"])
    assert report.file == str(hostile["score"])
    assert_safe(report.text(), repr(report), report.to_json(), report.to_toml())
    assert json.loads(report.to_json())["file"] == str(hostile["score"])

    for path in (hostile["validate"], hostile["bad"]):
        result = refcli.validate(path)
        assert result.file == str(path)
        assert_safe(result.text(), result.to_json(), *(finding.message for finding in result.findings))
        assert json.loads(result.to_json())["file"] == str(path)


def test_a_finding_message_in_a_document_is_the_escaped_form() -> None:
    from refcli.results.findings import Finding

    finding = Finding(3, "error", "K1", f"currency eu{TITLE}ro is not in the game")
    assert finding.to_dict()["message"] == "currency eu\\x1b]0;pwned\\x07ro is not in the game"
