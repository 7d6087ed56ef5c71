"""The bad-input catalogue: every way a file can be wrong, for every verb that reads one.

Each case is named, and must end with its documented exit code (65 bad data,
66 unreadable, 1 a broken rule, 0 accepted; 73 an output file refused) and exactly one line on stderr,
``refcli: error: FILE[:LINE]: [key.path: ]…``, naming the key where there is
one. Never a traceback, never a hang. Findings of the fuzzers are kept here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import Invoke

Write = Callable[..., str]

GAMES = ("kuhhandel", "bamboozled", "money", "cup-of-bluff")
VERBS = ("score", "ruling", "validate")
DIRECTORY, MISSING, STDIN = object(), object(), object()


class Case(NamedTuple):
    name: str
    args: tuple[str, ...]  # FILE is replaced by the input's path
    content: object  # bytes, str, DIRECTORY, MISSING, or (STDIN, text)
    code: int
    needle: str = ""  # text the error line must contain
    path: str = ""  # the key path the error line must name


def generic_cases() -> list[Case]:
    """What goes wrong with any file, for every game's score, ruling and validate and the global verbs."""
    commands = [(f"{game} {verb}", (game, verb)) for game in GAMES for verb in VERBS]
    commands += [(f"refcli {verb}", (verb,)) for verb in VERBS]
    cases = []
    for label, words in commands:
        cases += [
            Case(f"{label}: broken TOML", (*words, "FILE"), 'game = "x\n', 65, "not valid TOML"),
            Case(f"{label}: empty file", (*words, "FILE"), "", 65, "the file is empty"),
            Case(f"{label}: binary", (*words, "FILE"), bytes(range(256)) * 4, 65, "expected"),
            Case(f"{label}: UTF-16", (*words, "FILE"), "game = 1\n".encode("utf-16"), 65, "found UTF-16"),
            Case(f"{label}: invalid UTF-8", (*words, "FILE"), b'game = "\xc3\x28"\n', 65, "not UTF-8"),
            Case(f"{label}: a directory", (*words, "FILE"), DIRECTORY, 66, "is a directory"),
            Case(f"{label}: a missing file", (*words, "FILE"), MISSING, 66, "no such file"),
            Case(f"{label}: empty stdin", (*words, "-"), (STDIN, ""), 65, "<stdin>:1: the file is empty"),
            Case(
                f"{label}: nested 10,000 deep",
                (*words, "FILE"),
                "a = " + "[" * 10_000 + "]" * 10_000 + "\n",
                65,
                "nested too deeply",
            ),
        ]
    for game in GAMES:
        other = "money" if game != "money" else "kuhhandel"
        cases += [
            Case(
                f"{game} score: game key of another game",
                (game, "score", "FILE"),
                f'game = "{other}"\n',
                65,
                f'expected "{game}"',
                "game",
            ),
            Case(
                f"{game} ruling: unknown situation",
                (game, "ruling", "FILE"),
                f'game = "{game}"\nsituation = "tea"\n',
                65,
                'situation: "tea" is not one of',
                "situation",
            ),
            Case(
                f"{game} validate: event of an unknown type",
                (game, "validate", "FILE"),
                f'game = "{game}"\nplayers = ["Ana", "Ben", "Cid"]\n[[event]]\ntype = "dance"\n',
                65,
                '"dance" is not one of',
                "event[1].type",
            ),
        ]
    cases += [
        Case(
            "refcli score: unknown game", ("score", "FILE"), 'game = "chess"\n', 65, "is not one of kuhhandel", "game"
        ),
        Case(
            "refcli score: no game key",
            ("score", "FILE"),
            '[[player]]\nname = "Ana"\n',
            65,
            "the key is missing",
            "game",
        ),
        Case("refcli ruling: game is a number", ("ruling", "FILE"), "game = 7\n", 65, "7 is not one of", "game"),
        Case("refcli score: 10 MiB file", ("score", "FILE"), "#" * (10 * 1024 * 1024), 65, "at most 8 MiB"),
    ]
    return cases


PLAYERS3 = '[[player]]\nname = "Ana"\n[[player]]\nname = "Ben"\n[[player]]\nname = "Cid"\n'

SPECIFIC = [
    # Kuhhandel
    Case(
        "kuhhandel score: negative count",
        ("kuhhandel", "score", "FILE"),
        '[[player]]\nname = "A"\nanimals = { cow = -1 }\n',
        65,
        "-1 is out of range",
        "player[1].animals.cow",
    ),
    Case(
        "kuhhandel score: count 10**30",
        ("kuhhandel", "score", "FILE"),
        '[[player]]\nname = "A"\nanimals = { cow = 1000000000000000000000000000000 }\n',
        65,
        "31 digits",
        "player[1].animals.cow",
    ),
    Case(
        "kuhhandel score: float count",
        ("kuhhandel", "score", "FILE"),
        '[[player]]\nname = "A"\nanimals = { cow = 1.5 }\n',
        65,
        "decimal 1.5",
        "player[1].animals.cow",
    ),
    Case(
        "kuhhandel score: nan",
        ("kuhhandel", "score", "FILE"),
        '[[player]]\nname = "A"\nanimals = { cow = nan }\n',
        65,
        "nan",
        "player[1].animals.cow",
    ),
    Case(
        "kuhhandel score: inf",
        ("kuhhandel", "score", "FILE"),
        '[[player]]\nname = "A"\nanimals = { cow = inf }\n',
        65,
        "infinity",
        "player[1].animals.cow",
    ),
    Case(
        "kuhhandel score: duplicate names",
        ("kuhhandel", "score", "FILE"),
        '[[player]]\nname = "Ana"\n[[player]]\nname = "Ana"\n',
        65,
        "each player has a name of their own",
        "player[2].name",
    ),
    Case(
        "kuhhandel score: control character in a name",
        ("kuhhandel", "score", "FILE"),
        '[[player]]\nname = "A\\u001bna"\n',
        65,
        "control characters",
        "player[1].name",
    ),
    Case(
        "kuhhandel score: name of 10,000 characters",
        ("kuhhandel", "score", "FILE"),
        '[[player]]\nname = "' + "n" * 10_000 + '"\n',
        65,
        "a name has at most 64",
        "player[1].name",
    ),
    Case(
        "kuhhandel score: unknown key",
        ("kuhhandel", "score", "FILE"),
        'edition = 2\ncolour = "red"\n',
        65,
        "no such key",
        "colour",
    ),
    Case(
        "kuhhandel score: wrong type for player",
        ("kuhhandel", "score", "FILE"),
        "player = 3\n",
        65,
        "[[player]] tables",
        "player",
    ),
    Case(
        "kuhhandel ruling: bids not an array",
        ("kuhhandel", "ruling", "FILE"),
        'situation = "auction"\nplayers = ["A", "B", "C"]\nauctioneer = "A"\nanimal = "cow"\nbids = 5\n',
        65,
        "found 5",
        "bids",
    ),
    Case(
        "kuhhandel ruling: missing challenger",
        ("kuhhandel", "ruling", "FILE"),
        'situation = "cow-trade"\nanimal = "cat"\n',
        65,
        "missing",
        "challenger",
    ),
    Case(
        "kuhhandel ruling: money card 30",
        ("kuhhandel", "ruling", "FILE"),
        'situation = "auction"\nplayers = ["A", "B", "C"]\nauctioneer = "A"\nanimal = "cow"\n[money]\nB = [30]\n',
        1,
    ),
    Case(
        "kuhhandel validate: players is a string",
        ("kuhhandel", "validate", "FILE"),
        'players = "Ana"\n',
        65,
        "player names",
        "players",
    ),
    Case(
        "kuhhandel validate: unknown name in an event",
        ("kuhhandel", "validate", "FILE"),
        'players = ["A", "B", "C"]\n[[event]]\ntype = "auction"\nauctioneer = "Zed"\nanimal = "cow"\n',
        65,
        "one of the players",
        "event[1].auctioneer",
    ),
    # Bamboozled
    Case(
        "bamboozled score: strikes above the limit",
        ("bamboozled", "score", "FILE"),
        '[[player]]\nname = "A"\nstrikes = 9\n',
        65,
        "strikes (0 to 3)",
        "player[1].strikes",
    ),
    Case(
        "bamboozled score: negative strikes_to_lose",
        ("bamboozled", "score", "FILE"),
        "strikes_to_lose = -3\n" + PLAYERS3,
        65,
        "-3 is out of range",
        "strikes_to_lose",
    ),
    Case(
        "bamboozled ruling: declared is a float",
        ("bamboozled", "ruling", "FILE"),
        'situation = "challenge"\nplayers = ["A", "B"]\ndeclarer = "A"\ncaller = "B"\ndeclared = 4.3\nrolled = [4, 3]\n',
        65,
        "a score",
        "declared",
    ),
    Case(
        "bamboozled ruling: declared 7",
        ("bamboozled", "ruling", "FILE"),
        'situation = "challenge"\nplayers = ["A", "B"]\ndeclarer = "A"\ncaller = "B"\ndeclared = 7\nrolled = [4, 3]\n',
        65,
        "a score",
        "declared",
    ),
    Case(
        "bamboozled ruling: dice of 10**30",
        ("bamboozled", "ruling", "FILE"),
        'situation = "challenge"\nplayers = ["A", "B"]\ndeclarer = "A"\ncaller = "B"\ndeclared = 43\nrolled = [1000000000000000000000000000000, 3]\n',
        65,
        "31 digits",
        "rolled[1]",
    ),
    Case(
        "bamboozled ruling: die 7",
        ("bamboozled", "ruling", "FILE"),
        'situation = "challenge"\nplayers = ["A", "B"]\ndeclarer = "A"\ncaller = "B"\ndeclared = 43\nrolled = [7, 3]\n',
        1,
    ),
    Case(
        "bamboozled validate: card of an unknown kind",
        ("bamboozled", "validate", "FILE"),
        'players = ["A", "B"]\n[[event]]\ntype = "card"\nplayer = "B"\ncard = "teleport"\n',
        65,
        "one of",
        "event[1].card",
    ),
    # Money!
    Case(
        "money score: notes not an array",
        ("money", "score", "FILE"),
        '[[player]]\nname = "A"\nnotes = { euro = 20 }\n' + PLAYERS3.replace('"Ana"', '"X"'),
        65,
        "an array",
        "player[1].notes.euro",
    ),
    Case(
        "money score: note of 25",
        ("money", "score", "FILE"),
        '[[player]]\nname = "A"\nnotes = { euro = [25] }\n[[player]]\nname = "B"\n[[player]]\nname = "C"\n',
        65,
        "found 25",
        "player[1].notes.euro[1]",
    ),
    Case(
        "money score: 7 coins",
        ("money", "score", "FILE"),
        '[[player]]\nname = "A"\ncoins = 7\n[[player]]\nname = "B"\n[[player]]\nname = "C"\n',
        65,
        "coin cards",
        "player[1].coins",
    ),
    Case(
        "money ruling: card is a number",
        ("money", "ruling", "FILE"),
        'situation = "bids"\n[[offer]]\nplayer = "A"\ncards = [30]\n[[offer]]\nplayer = "B"\ncards = []\n[[offer]]\nplayer = "C"\ncards = []\n',
        65,
        "a card",
        "offer[1].cards[1]",
    ),
    Case(
        "money ruling: card syntax",
        ("money", "ruling", "FILE"),
        'situation = "bids"\n[[offer]]\nplayer = "A"\ncards = ["#12"]\n[[offer]]\nplayer = "B"\ncards = []\n[[offer]]\nplayer = "C"\ncards = []\n',
        65,
        "a card",
        "offer[1].cards[1]",
    ),
    Case(
        "money validate: exchange action unknown",
        ("money", "validate", "FILE"),
        'players = ["A", "B", "C"]\n[[event]]\ntype = "exchange"\nplayer = "A"\naction = "steal"\n',
        65,
        "one of right",
        "event[1].action",
    ),
    # Cup of Bluff
    Case(
        "cup-of-bluff score: chip 2",
        ("cup-of-bluff", "score", "FILE"),
        '[[player]]\nname = "A"\nchips = [2]\n',
        65,
        "2 is out of range",
        "player[1].chips[1]",
    ),
    Case(
        "cup-of-bluff score: chips not an array",
        ("cup-of-bluff", "score", "FILE"),
        '[[player]]\nname = "A"\nchips = "3, 4"\n',
        65,
        "an array",
        "player[1].chips",
    ),
    Case(
        "cup-of-bluff ruling: answer maybe",
        ("cup-of-bluff", "ruling", "FILE"),
        'situation = "call"\ncaller = "A"\ntarget = "B"\ncalled = 9\ndice = [3, 3, 3]\nanswer = "maybe"\n[chips]\nA = []\nB = []\n',
        65,
        '"truth" or "bluff"',
        "answer",
    ),
    Case(
        "cup-of-bluff ruling: chips missing",
        ("cup-of-bluff", "ruling", "FILE"),
        'situation = "end"\n',
        65,
        "missing",
        "chips",
    ),
    Case(
        "cup-of-bluff validate: takes is a string",
        ("cup-of-bluff", "validate", "FILE"),
        'players = ["A", "B"]\n[[event]]\ntype = "exchange"\nplayer = "A"\ndice = [2, 2, 3]\nreturns = [9, 10]\ntakes = "eight"\n',
        65,
        'found "eight"',
        "event[1].takes",
    ),
    # Output files (template -o), found by test_fuzz.py
    Case(
        "template -o with an empty name",
        ("kuhhandel", "template", "final", "-o", ""),
        MISSING,
        73,
        'cannot write "": the name is empty',
    ),
    # JSON Lines
    Case("validate --jsonl: not JSON", ("validate", "--jsonl", "FILE"), "{nope\n", 65, ":1: not valid JSON"),
    Case("validate --jsonl: a JSON array", ("validate", "--jsonl", "FILE"), "[1, 2]\n", 65, "expected a JSON object"),
    Case(
        "validate --jsonl: null players",
        ("validate", "--jsonl", "FILE"),
        '{"game": "money", "players": null}\n',
        65,
        "found null",
        "players",
    ),
    Case(
        "validate --jsonl: a line over the limit",
        ("validate", "--jsonl", "--max-bytes", "100", "FILE"),
        '{"game": "money", "note": "' + "x" * 200 + '"}\n',
        65,
        "at most 100 bytes",
    ),
]

CATALOGUE = generic_cases() + SPECIFIC
ERROR_LINE = re.compile(r"^refcli: error: [^\n]+$")


def test_the_catalogue_is_large_and_names_are_unique() -> None:
    assert len(CATALOGUE) >= 60
    assert len({case.name for case in CATALOGUE}) == len(CATALOGUE)


@pytest.mark.parametrize("case", CATALOGUE, ids=[case.name for case in CATALOGUE])
def test_catalogue_case(invoke: Invoke, tmp_path: Path, case: Case) -> None:
    target = tmp_path / "input.toml"
    stdin = None
    if case.content is DIRECTORY:
        target.mkdir()
    elif isinstance(case.content, tuple) and case.content[0] is STDIN:
        stdin = case.content[1]
    elif isinstance(case.content, bytes):
        target.write_bytes(case.content)
    elif isinstance(case.content, str):
        target.write_text(case.content, encoding="utf-8")
    args = [str(target) if word == "FILE" else word for word in case.args]
    if "ruling" in case.args and case.code in (1,):
        args += ["--format", "json"]
    result = invoke(args, input=stdin)
    assert result.exit_code == case.code, (result.stdout[-500:], result.stderr)
    if case.code in (65, 66, 73):
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and ERROR_LINE.match(lines[0]), result.stderr
        assert case.needle in lines[0], lines[0]
        if case.path:
            assert f": {case.path}: " in lines[0], lines[0]
        if case.content is not MISSING and case.content is not DIRECTORY and case.args[-1] != "-":
            assert str(target) in lines[0]
        if "ruling" not in case.args:
            assert "Traceback" not in result.stdout
