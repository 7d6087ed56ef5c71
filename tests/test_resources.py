"""Inputs that would cost more than their size: each is refused early with exit 65 and a located line.

The limits are in refcli/reading/prescan.py (what the TOML reader is given), the
games' readers (players, offers) and refcli/rules/catalogue.py (rules queries);
benchmarks/resources.py measures what the worst inputs cost. No timings here:
the subprocess tests only carry a generous hang guard.
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from conftest import EXAMPLES, Invoke
from hypothesis import given, settings
from hypothesis import strategies as st

from refcli.model.errors import DataError
from refcli.model.options import DEFAULT_MAX_BYTES, ScoreOptions, ValidateOptions
from refcli.reading import documents as inputs
from refcli.reading import prescan
from refcli.reading.locate import KeyLocator, clip, format_path
from refcli.reading.tables import describe
from refcli.results.report import competition_ranks

# A hang guard, not a timing: each of these is refused or read in a second or
# two; a quadratic path would take minutes.
GUARD_SECONDS = 120
NEAR_LIMIT = DEFAULT_MAX_BYTES - 4096


def refcli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "refcli", *args],
        input=None if stdin is None else stdin.decode("utf-8", "surrogateescape"),
        capture_output=True,
        text=True,
        timeout=GUARD_SECONDS,
    )


def fill(head: str, unit: str, tail: str = "", size: int = NEAR_LIMIT) -> str:
    return head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.stderr.startswith("refcli: error: ") and result.stderr.count("\n") == 1, result.stderr[:500]
    return result.stderr.rstrip("\n")


# -- 1. dotted keys and headers -------------------------------------------------
def test_a_dotted_key_of_thousands_of_parts_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "dotted.toml"
    path.write_text('game = "kuhhandel"\n\n' + "a" + ".a" * 20_000 + " = 1\n", encoding="utf-8")
    result = refcli("score", str(path))
    assert result.returncode == 65
    assert one_error_line(result) == f"refcli: error: {path}:3: expected a dotted key of at most 32 parts, found more"


def test_a_header_of_thousands_of_parts_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "header.toml"
    path.write_text('game = "kuhhandel"\n[' + "a." * 20_000 + "a]\n", encoding="utf-8")
    result = refcli("kuhhandel", "score", str(path))
    assert result.returncode == 65
    assert one_error_line(result) == f"refcli: error: {path}:2: expected a table header of at most 32 parts, found more"


@pytest.mark.parametrize("parts", [32, 33])
def test_the_part_limit_is_exact(parts: int) -> None:
    text = 'game = "kuhhandel"\n' + ".".join(["a"] * parts) + " = 1\n"
    if parts <= prescan.MAX_KEY_PARTS:
        inputs.parse_toml(text, "f.toml")  # accepted: the format's own check reports the unknown key
    else:
        with pytest.raises(DataError, match="at most 32 parts"):
            inputs.parse_toml(text, "f.toml")


@pytest.mark.parametrize(
    "text",
    [
        'note = "' + "a." * 5_000 + '"\n',  # dots in a string
        "note = '" + "a." * 5_000 + "'\n",  # in a literal string
        "# " + "a." * 5_000 + "\nx = 1\n",  # in a comment
        'note = """\n' + "a." * 5_000 + '\n"""\n',  # in a multi-line string
        '"' + "a." * 5_000 + '" = 1\n',  # in one quoted key part
        "x = [" + "1.5, " * 5_000 + "]\n",  # decimal points
        "a.b.c.d = 1\n[e.f.g]\nh.i = { j.k = 1 }\n",  # short dotted keys anywhere
    ],
    ids=["string", "literal", "comment", "multi-line", "quoted-part", "decimals", "short-keys"],
)
def test_dots_that_are_not_key_parts_are_not_counted(text: str) -> None:
    assert inputs.parse_toml(text, "f.toml")


# -- 1 and 3: tables, keys and values --------------------------------------------
def counts_over_limit_cases() -> list[tuple[str, str, int, str]]:
    """(name, text, line named, message) for an input over each count limit, near 8 MiB."""
    tables = (
        f"expected at most {prescan.MAX_TABLES:,} tables in one input (headers, inline tables, dotted keys), found more"
    )
    items = f"expected at most {prescan.MAX_ITEMS:,} keys and values in one input, found more"
    return [
        ("many [[a]] headers", fill('game = "kuhhandel"\n', "[[a]]\n"), 2 + prescan.MAX_TABLES, tables),
        (
            "many [aN] tables",
            'game = "kuhhandel"\n' + "".join(f"[a{i}]\n" for i in range(100_000)),
            2 + prescan.MAX_TABLES,
            tables,
        ),
        ("many inline tables", fill('game = "kuhhandel"\nx = [', "{},", "]\n"), 2, tables),
        (
            "many keys",
            'game = "kuhhandel"\n' + "".join(f"k{i} = 1\n" for i in range(600_000)),
            2 + (prescan.MAX_ITEMS - 2) // 2,
            items,
        ),
        ("many array items", fill('game = "kuhhandel"\nx = [', "1,", "]\n"), 2, items),
        # 4 items on lines 1-2 (two keys, their values), then one a line: item MAX + 1 is the (MAX - 3)th
        (
            "many items over lines",
            fill('game = "kuhhandel"\nx = [\n', "1,\n", "]\n"),
            2 + (prescan.MAX_ITEMS - 3),
            items,
        ),
        ("one huge inline table", fill('game = "kuhhandel"\nx = {', "a1 = 1, ", "}\n"), 2, items),
    ]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [c[1:] for c in counts_over_limit_cases()],
    ids=[c[0] for c in counts_over_limit_cases()],
)
def test_inputs_over_a_count_limit_are_refused_at_the_line_it_was_crossed(text: str, line: int, message: str) -> None:
    with pytest.raises(DataError) as refused:
        inputs.parse_toml(text, "big.toml")
    assert refused.value.one_line() == f"big.toml:{line}: {message}"


def test_a_file_of_many_tables_is_refused_by_the_command(tmp_path: Path) -> None:
    path = tmp_path / "inline.toml"
    path.write_text(fill('game = "kuhhandel"\nx = [', "{a = 1},", "]\n"), encoding="utf-8")
    result = refcli("score", str(path))
    assert result.returncode == 65
    assert one_error_line(result).startswith(f"refcli: error: {path}:2: expected at most 40,000 tables")


def test_files_just_under_the_limits_are_read(tmp_path: Path) -> None:
    path = tmp_path / "under.toml"
    path.write_text('game = "kuhhandel"\nx = [' + "{}," * (prescan.MAX_TABLES - 10) + "]\n", encoding="utf-8")
    result = refcli("score", str(path))  # read, then refused by the format: x is no key of a snapshot
    assert result.returncode == 65
    assert one_error_line(result).startswith(
        f"refcli: error: {path}:2: x: no such key; the keys here are game, edition, player, date, location"
    )


@pytest.mark.parametrize(
    ("game", "players", "longest"),
    [("kuhhandel", 5, 10_000), ("money", 5, 10_000), ("bamboozled", 12, 20_000), ("cupofbluff", 16, 10_000)],
)
def test_records_at_the_longest_game_accepted_are_within_the_limits(game: str, players: int, longest: int) -> None:
    """A generated game with the most players, its events repeated up to the most a record may hold."""
    import importlib

    from refcli.games.record_toml import to_toml

    record = importlib.import_module(f"refcli.games.{game}.simulate").random_game(3, players=players)
    record["event"] = (record["event"] * (longest // len(record["event"]) + 1))[:longest]
    text = to_toml(record)
    assert prescan._plainly_within_limits(text)  # cleared without the full pass
    scanner = prescan._Scanner(text, "big.toml")
    scanner.run()
    assert scanner.items < prescan.MAX_ITEMS and scanner.tables * 2 <= prescan.MAX_TABLES


_keys = st.text(alphabet="ab.#\"' =[]{},\\\n", min_size=1, max_size=6)
_scalars = st.one_of(
    st.integers(), st.text(alphabet="a.#\"'=[]{},\\\n", max_size=8), st.booleans(), st.floats(allow_nan=False)
)
_values = st.recursive(
    _scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_keys, inner, max_size=4), max_leaves=12
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_keys, _values, max_size=6))
def test_the_scan_accepts_valid_toml_and_the_whole_text_test_bounds_it(document: dict[str, Any]) -> None:
    text = tomli_w.dumps(document)
    scanner = prescan._Scanner(text, "f.toml")
    scanner.run()  # never refuses a small valid document
    # what the whole-text test counts is never less than what the scan counts
    braces, dots = text.count("{"), text.count(".")
    assert scanner.tables <= len(prescan._HEADER_LINE.compiled().findall(text)) + braces + dots
    bound = text.count("[") + braces + 2 * text.count("=") + text.count(",") + text.count("]") + text.count("}")
    assert scanner.items <= bound


# -- 2. players and offers ------------------------------------------------------
def test_competition_ranks_are_the_one_two_two_four_ranking() -> None:
    assert competition_ranks([(5,), (3,), (5,), (1,)]) == [1, 3, 1, 4]
    assert competition_ranks([]) == []
    rng = random.Random(7)
    for _ in range(200):
        scores = [(rng.randint(0, 5), rng.randint(0, 2)) for _ in range(rng.randint(1, 12))]
        assert competition_ranks(scores) == [1 + sum(other > mine for other in scores) for mine in scores]


PLAYER_LIMITS = [
    (
        "kuhhandel",
        '[[player]]\nname = "P{i}"\n',
        5,
        "player: expected at most 5 [[player]] tables (one per player, in seating order)",
    ),
    ("money", '[[player]]\nname = "P{i}"\n', 5, "player: expected 3 to 5 players (Money! is for 3 to 5)"),
    (
        "bamboozled",
        '[[player]]\nname = "P{i}"\n',
        12,
        "player: expected at most 12 [[player]] tables (one per player, in seating order)",
    ),
    (
        "cup-of-bluff",
        '[[player]]\nname = "P{i}"\n',
        16,
        "player: expected at most 16 [[player]] tables (one per player, in seating order)",
    ),
]


@pytest.mark.parametrize(("game", "unit", "maximum", "message"), PLAYER_LIMITS, ids=[case[0] for case in PLAYER_LIMITS])
def test_a_snapshot_with_one_player_too_many_is_refused(
    invoke: Invoke, tmp_path: Path, game: str, unit: str, maximum: int, message: str
) -> None:
    path = tmp_path / "many.toml"
    path.write_text(f'game = "{game}"\n' + "".join(unit.format(i=i) for i in range(maximum + 1)), encoding="utf-8")
    result = invoke(["score", str(path)])
    assert result.exit_code == 65
    assert result.stderr == f"refcli: error: {path}:2: {message}, found {maximum + 1}\n"


def test_twenty_thousand_players_or_offers_are_refused(tmp_path: Path) -> None:
    players = tmp_path / "players.toml"
    players.write_text(
        'game = "kuhhandel"\n' + "".join(f'[[player]]\nname = "P{i}"\n' for i in range(20_000)), encoding="utf-8"
    )
    result = refcli("score", str(players))
    assert result.returncode == 65 and "found 20000" in one_error_line(result)
    offers = tmp_path / "offers.toml"
    offers.write_text(
        'game = "money"\nsituation = "bids"\n'
        + "".join(f'[[offer]]\nplayer = "P{i}"\ncards = ["bluff"]\n' for i in range(20_000)),
        encoding="utf-8",
    )
    result = refcli("ruling", str(offers))
    assert result.returncode == 65
    assert (
        one_error_line(result)
        == f"refcli: error: {offers}:3: offer: expected at most 5 [[offer]] tables (one per player: player and cards), found 20000"
    )


def test_cup_of_bluff_chips_of_too_many_players_are_refused(invoke: Invoke, write: Any) -> None:
    chips = "".join(f"P{i} = []\n" for i in range(17))
    call = 'caller = "P0"\ntarget = "P1"\ncalled = 15\ndice = [4, 5, 6]\nanswer = "truth"\n'
    path = write('game = "cup-of-bluff"\nsituation = "call"\n' + call + "[chips]\n" + chips)
    result = invoke(["ruling", path])
    assert (
        result.exit_code == 65
        and "chips: expected the chips of every player (2 to 16 players), found 17" in result.stderr
    )


# -- 3. quoted input in messages --------------------------------------------------
def test_an_unknown_key_of_megabytes_is_quoted_short(tmp_path: Path) -> None:
    path = tmp_path / "key.toml"
    path.write_text('game = "kuhhandel"\n' + "k" * 3_000_000 + " = 1\n", encoding="utf-8")
    result = refcli("score", str(path))
    assert result.returncode == 65
    line = one_error_line(result)
    assert line == (
        f'refcli: error: {path}:2: "{"k" * 40}…": no such key; the keys here are game, edition, player, date, location'
    )


def test_long_values_keys_and_path_parts_are_clipped() -> None:
    assert clip("x" * 41) == "x" * 40 + "…" and clip("short") == "short"
    assert describe("y" * 1000) == '"' + "y" * 40 + '…"'
    assert format_path(("player", 2, "a" * 100)) == 'player[2]."' + "a" * 40 + '…"'
    assert format_path(("k\x07ey",)) == '"k\\x07ey"'


def test_an_unknown_animal_of_megabytes_is_quoted_short(invoke: Invoke, write: Any) -> None:
    path = write('[[player]]\nname = "Ana"\nanimals = { "' + "u" * 100_000 + '" = 1 }\n')
    result = invoke(["kuhhandel", "score", path])
    assert result.exit_code == 65 and len(result.stderr) < 400 and "…" in result.stderr


def test_the_locator_finds_a_key_after_millions_of_values() -> None:
    text = "x = [" + "1, " * 2_000_000 + "]\n[[player]]\nname = 1\n"
    locator = KeyLocator(text)
    assert locator.line_of(("player", 1, "name")) == 3
    assert locator.line_of(("player", 1, "missing")) == 2  # its nearest parent
    assert locator.line_of(("x", 3)) == 1


# -- 4. huge integers and huge limits ----------------------------------------------
def test_an_integer_beyond_pythons_digit_limit_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "integer.toml"
    path.write_text(
        'game = "kuhhandel"\n# ' + "7" * 5000 + '\n[[player]]\nname = "Ana"\nanimals = { cow = ' + "1" * 5000 + " }\n",
        encoding="utf-8",
    )
    result = refcli("score", str(path))
    assert result.returncode == 65
    assert (
        one_error_line(result)
        == f"refcli: error: {path}:5: expected an integer of at most 4,300 digits, found one of 5,000"
    )


def test_integers_at_pythons_limit_are_read(invoke: Invoke, write: Any) -> None:
    path = write('[[player]]\nname = "Ana"\nanimals = { cow = ' + "1" * 4300 + " }\n")
    result = invoke(["kuhhandel", "score", path])
    assert result.exit_code == 65 and "an integer of 4300 digits is out of range" in result.stderr


@pytest.mark.parametrize("limit", [str(10**11), str(2**40)])
def test_a_limit_far_above_the_input_is_no_limit(invoke: Invoke, limit: str) -> None:
    result = invoke(["kuhhandel", "score", str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml"), "--max-bytes", limit])
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize("limit", [str(2**40 + 1), str(2**63 - 1), "1" + "0" * 40])
def test_an_absurd_limit_is_a_usage_error(invoke: Invoke, limit: str) -> None:
    result = invoke(["kuhhandel", "score", str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml"), "--max-bytes", limit])
    assert result.exit_code == 2
    shown = clip(limit)  # a value is quoted up to 40 characters
    assert (
        f"refcli: error: invalid value for '--max-bytes': {shown} is not in the range 1<=x<=1099511627776\n"
        in result.stderr
    )


def test_a_huge_limit_reads_stdin_too(tmp_path: Path) -> None:
    text = (EXAMPLES / "kuhhandel" / "rulebook-2460.toml").read_bytes()
    result = refcli("score", "-", "--max-bytes", str(2**40), "--format", "json", stdin=text)
    assert result.returncode == 0, result.stderr


# -- 5. the limit is an argument, not a global ----------------------------------------
def test_the_limit_travels_in_the_options() -> None:
    assert not hasattr(inputs, "set_max_bytes") and not hasattr(inputs, "max_bytes")
    assert ScoreOptions().max_bytes == ValidateOptions().max_bytes == DEFAULT_MAX_BYTES == 8 * 1024 * 1024
    assert ScoreOptions(max_bytes=10).max_bytes == 10


def test_load_document_and_read_bytes_take_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    path.write_bytes(b'game = "money"\nx = 1\n')
    assert inputs.read_bytes(str(path), max_bytes=21) == path.read_bytes()
    with pytest.raises(DataError) as refused:
        inputs.load_document(str(path), max_bytes=20)
    assert (
        refused.value.one_line()
        == f"{path}:2: expected at most 20 bytes (the input size limit; --max-bytes raises it), found more"
    )
    assert (
        inputs.too_large("x", 1).one_line()
        == "x: expected at most 1 byte (the input size limit; --max-bytes raises it), found more"
    )


def test_worker_processes_get_the_limit(tmp_path: Path) -> None:
    """With --jobs the limit reaches every worker, however the workers are started."""
    from refcli import validating

    path = tmp_path / "game.toml"
    path.write_text((EXAMPLES / "money" / "record-game.toml").read_text(encoding="utf-8"), encoding="utf-8")
    result, _, message = validating.validate_path(validating.PathTask(str(path)), None, ValidateOptions(max_bytes=100))
    assert message is not None and "at most 100 bytes" in message
    files = [str(path)] * 3
    cli = refcli("validate", "--jobs", "2", "--max-bytes", "100", *files)
    assert cli.returncode == 65 and cli.stderr.count("at most 100 bytes") == 3


# -- 6. decoding -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "found"),
    [
        ("game = 1\n".encode("utf-32"), "UTF-32"),  # with this machine's byte-order mark
        (b"\xff\xfe\x00\x00" + "game = 1\n".encode("utf-32-le"), "UTF-32"),
        (b"\x00\x00\xfe\xff" + "game = 1\n".encode("utf-32-be"), "UTF-32"),
        (b"\xff\xfe" + "game = 1\n".encode("utf-16-le"), "UTF-16"),
        (b"\xfe\xff" + "game = 1\n".encode("utf-16-be"), "UTF-16"),
    ],
)
def test_utf16_and_utf32_are_named(invoke: Invoke, tmp_path: Path, raw: bytes, found: str) -> None:
    path = tmp_path / "wide.toml"
    path.write_bytes(raw)
    result = invoke(["score", str(path)])
    assert result.exit_code == 65
    assert result.stderr == f"refcli: error: {path}:1: expected UTF-8 text, found {found} (save the file as UTF-8)\n"


def test_decode_counts_lines_from_first_line() -> None:
    with pytest.raises(DataError) as refused:
        inputs.decode(b"a\nb\n\xff\n", "f.jsonl", first_line=10)
    assert refused.value.line == 12
    with pytest.raises(DataError) as refused:
        inputs.decode(b"a\n\x00", "f.toml")
    assert refused.value.line == 2
    assert inputs.decode(b"\xef\xbb\xbfok", "f.toml") == "ok"


def test_the_size_limit_names_the_line_it_was_crossed_on(invoke: Invoke, write: Any) -> None:
    path = write("a = 1\nb = 2\nc = 3\n")
    result = invoke(["score", path, "--max-bytes", "8"])
    assert result.exit_code == 65
    assert (
        result.stderr
        == f"refcli: error: {path}:2: expected at most 8 bytes (the input size limit; --max-bytes raises it), found more\n"
    )
    result = invoke(["score", path, "--max-bytes", "1"])
    assert "expected at most 1 byte (" in result.stderr


def test_stdin_that_cannot_be_read_as_a_file_is_unreadable(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    """What refcli does when reading standard input fails as for a directory (exit 66, one line).

    A shell redirection from a directory (`refcli score - < dir`) never gets
    this far on Linux: CPython refuses to start with a directory as stdin.
    """

    class DirectoryStdin(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            raise IsADirectoryError(21, "Is a directory")

    class Stdin:
        buffer = DirectoryStdin()

    from refcli.reading import documents as module

    monkeypatch.setattr(module.sys, "stdin", Stdin())
    with pytest.raises(Exception) as refused:
        module.read_bytes("-")
    assert str(refused.value) == "<stdin>: cannot read: it is a directory, not a file"


# -- 7. rules queries --------------------------------------------------------------
def test_a_rules_query_of_ten_thousand_words_is_a_usage_error() -> None:
    result = refcli("kuhhandel", "rules", " ".join(["vaca"] * 10_000))
    assert result.returncode == 2
    assert one_error_line(result) == ("refcli: error: a rules query is at most 20 words; this one has 10,000")


def test_a_rules_query_of_one_long_word_names_its_characters() -> None:
    result = refcli("kuhhandel", "rules", "x" * 500)
    assert result.returncode == 2
    assert one_error_line(result) == "refcli: error: a rules query is at most 200 characters; this one has 500"


def test_a_rules_query_of_twenty_words_is_answered(invoke: Invoke) -> None:
    assert invoke(["kuhhandel", "rules", " ".join(["burro"] * 20)]).exit_code == 0
    result = invoke(["kuhhandel", "rules", " ".join(["burro"] * 21)])
    assert result.exit_code == 2 and "at most 20 words" in result.stderr
    assert invoke(["money", "rules", "x" * 201]).exit_code == 2
