"""Every refusal of `kuhhandel score`: its exit code and a one-line message with file:line: key."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Invoke
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

Write = Callable[..., str]

PLAYERS_OK = """
[[player]]
name = "Ana"
animals = { pig = 4, dog = 4, rooster = 4 }
[[player]]
name = "Ben"
animals = { cat = 4, goose = 4, sheep = 4, goat = 4, donkey = 4, cow = 4, horse = 4 }
"""

# name, file text, line the message must name, text the message must contain
REFUSALS = [
    ("toml syntax", 'game = "kuhhandel"\nedition = \n', 2, "not valid TOML"),
    ("unterminated string", 'game = "kuhhandel\n', 1, "not valid TOML"),
    ("wrong game", 'game = "money"\n' + PLAYERS_OK, 1, 'game: expected "kuhhandel"'),
    ("game not a string", "game = 3\n" + PLAYERS_OK, 1, "game: expected"),
    (
        "edition out of range",
        "edition = 3\n" + PLAYERS_OK,
        1,
        "edition: 3 is out of range; expected the edition: an integer 1 or 2",
    ),
    (
        "edition a string",
        'edition = "2"\n' + PLAYERS_OK,
        1,
        'edition: expected the edition: an integer 1 or 2, found "2"',
    ),
    ("edition a float", "edition = 2.0\n" + PLAYERS_OK, 1, "found the decimal 2.0"),
    (
        "unknown top key",
        "editon = 2\n" + PLAYERS_OK,
        1,
        'editon: no such key (did you mean "edition"?); the keys here are game, edition, player, date, location',
    ),
    ("no players", 'game = "kuhhandel"\n', 1, "player: the key is missing; expected at least 1 [[player]] table"),
    ("player not a table", 'player = "Ana"\n', 1, "player: expected [[player]] tables"),
    (
        "missing name",
        "[[player]]\nanimals = { pig = 4 }\n",
        1,
        "player[1].name: the key is missing; expected a player's name (a non-empty string)",
    ),
    ("empty name", '[[player]]\nname = "  "\n', 2, "player[1].name: expected a player's name"),
    (
        "name with control character",
        '[[player]]\nname = "A\\u0007na"\n',
        2,
        "player[1].name: expected a name without control characters",
    ),
    (
        "very long name",
        '[[player]]\nname = "' + "x" * 10_000 + '"\n',
        2,
        "the name has 10000 characters; a name has at most 64",
    ),
    (
        "duplicate name",
        PLAYERS_OK + '[[player]]\nname = "Ana"\n',
        9,
        'player[3].name: "Ana" is already the name of player[1]; each player has a name of their own',
    ),
    (
        "unknown player key",
        PLAYERS_OK + '[[player]]\nname = "Cid"\nanimal = {}\n',
        10,
        'player[3].animal: no such key (did you mean "animals"?); the keys here are name, animals, bonus',
    ),
    (
        "animals not a table",
        '[[player]]\nname = "Ana"\nanimals = [1, 2]\n',
        3,
        "player[1].animals: expected a table, found an array",
    ),
    (
        "unknown animal",
        '[[player]]\nname = "Ana"\nanimals = { unicorn = 1 }\n',
        3,
        "player[1].animals.unicorn: expected an animal",
    ),
    (
        "animal count too high",
        '[[player]]\nname = "Ana"\n\nanimals = { cow = 5 }\n',
        4,
        "player[1].animals.cow: 5 is out of range; expected a number of cards: an integer from 0 to 4",
    ),
    ("animal count negative", '[[player]]\nname = "Ana"\nanimals = { cow = -1 }\n', 3, "-1 is out of range"),
    (
        "animal count huge",
        '[[player]]\nname = "Ana"\nanimals = { cow = 1000000000000000000000000000000 }\n',
        3,
        "an integer of 31 digits is out of range",
    ),
    ("animal count float", '[[player]]\nname = "Ana"\nanimals = { cow = 2.5 }\n', 3, "found the decimal 2.5"),
    ("animal count nan", '[[player]]\nname = "Ana"\nanimals = { cow = nan }\n', 3, "found nan"),
    ("animal count inf", '[[player]]\nname = "Ana"\nanimals = { cow = inf }\n', 3, "found infinity"),
    ("animal count bool", '[[player]]\nname = "Ana"\nanimals = { cow = true }\n', 3, "found true"),
    (
        "same animal twice in two languages",
        '[[player]]\nname = "Ana"\nanimals = { pig = 2, CERDO = 2 }\n',
        3,
        '"pig" and "CERDO" both name pig: write it once',
    ),
    (
        "more than four of a kind",
        PLAYERS_OK + '[[player]]\nname = "Cid"\nanimals = { Kuh = 1 }\n',
        10,
        "player[3].animals.Kuh: the players hold 5 cow cards between them (Ben 4, Cid 1), but the game has only 4",
    ),
    (
        "bonus in edition 2",
        PLAYERS_OK + "bonus = true\n",
        8,
        "player[2].bonus: the bonus card exists only in edition 1: write bonus = false, or set edition = 1",
    ),
    (
        "bonus not a bool",
        "edition = 1\n" + PLAYERS_OK + 'bonus = "yes"\n',
        9,
        'player[2].bonus: expected true or false, found "yes"',
    ),
    (
        "two bonus holders",
        "edition = 1\n" + PLAYERS_OK.replace("rooster = 4 }", "rooster = 4 }\nbonus = true") + "bonus = true\n",
        10,
        "the game has one bonus card, and Ana holds it already",
    ),
    (
        "game not over",
        PLAYERS_OK.replace("horse = 4", "horse = 3"),
        2,
        "player: the game is not over: horse: 3 of 4 cards held, 1 still to be auctioned. At the end",
    ),
    ("empty file", "", 1, "the file is empty"),
    ("only a comment", "# nothing\n", 1, "the file is empty"),
]

MESSAGE = re.compile(r"^refcli: error: (?P<file>[^:]+):(?P<line>\d+): .+$")


@pytest.mark.parametrize(("case", "text", "line", "needle"), REFUSALS, ids=[case[0] for case in REFUSALS])
def test_refusal_names_file_line_and_key(
    invoke: Invoke, write: Write, case: str, text: str, line: int, needle: str
) -> None:
    path = write(text)
    result = invoke(["kuhhandel", "score", path])
    assert result.exit_code == 65, result.output
    assert result.stdout == ""
    message = result.stderr.strip()
    assert "\n" not in message, "one line"
    match = MESSAGE.match(message)
    assert match, message
    assert match["file"] == path and int(match["line"]) == line, message
    assert needle in message


def test_missing_file_and_directory_are_unreadable(invoke: Invoke, tmp_path: Path) -> None:
    missing = invoke(["kuhhandel", "score", str(tmp_path / "nope.toml")])
    assert missing.exit_code == 66 and "nope.toml: cannot read: no such file" in missing.stderr
    folder = invoke(["kuhhandel", "score", str(tmp_path)])
    assert folder.exit_code == 66 and "is a directory" in folder.stderr


def test_permission_denied_is_unreadable(invoke: Invoke, write: Write, monkeypatch: pytest.MonkeyPatch) -> None:
    # CI runs as root, who can read anything: simulate the refusal instead of chmod
    import builtins

    path = write(PLAYERS_OK)
    real_open = builtins.open

    def refusing_open(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(file) == path:
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", refusing_open)
    result = invoke(["kuhhandel", "score", path])
    assert result.exit_code == 66 and "cannot read: permission denied" in result.stderr


@pytest.mark.parametrize(
    ("raw", "needle"),
    [
        (b"\xff\xfeg\x00a\x00", "found UTF-16"),
        (b'game = "kuhhandel"\n\xc3\x28\n', "not UTF-8"),
        (b"\x00\x01\x02binary", "NUL byte"),
        (b"[" * 10_000, "not valid"),
        (b"a = " + b"[" * 10_000 + b"]" * 10_000, "nested too deeply"),
    ],
)
def test_binary_and_encodings(invoke: Invoke, tmp_path: Path, raw: bytes, needle: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(raw)
    result = invoke(["kuhhandel", "score", str(path)])
    assert result.exit_code == 65
    assert needle in result.stderr and result.stderr.count("\n") == 1


def test_utf8_byte_order_mark_is_accepted(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + (PLAYERS_OK + '[[player]]\nname = "Cid"\n').encode())  # K17: 3 to 5 players
    assert invoke(["kuhhandel", "score", str(path)]).exit_code == 0


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash(invoke: Invoke, tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "random.toml"
    path.write_bytes(raw)
    result = invoke(["score", str(path)])
    assert result.exit_code in (0, 65), result.stderr
    if result.exit_code:
        assert result.stderr.startswith("refcli: error: ") and result.stderr.count("\n") == 1


_values = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=12),
    st.lists(st.integers(min_value=-5, max_value=5), max_size=3),
)
_animal_keys = st.sampled_from(["pig", "Cerdo", "KUH", "horse", "cow", "unicorn", "goat", "rooster"])
_player = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(st.text(max_size=8), _values),
        "animals": st.one_of(
            st.dictionaries(_animal_keys, st.one_of(st.integers(-1, 5), _values), max_size=4), _values
        ),
        "bonus": st.one_of(st.booleans(), _values),
        "extra": _values,
    },
)
_document = st.fixed_dictionaries(
    {},
    optional={
        "game": st.one_of(st.sampled_from(["kuhhandel", "money", "KUHHANDEL", ""]), _values),
        "edition": st.one_of(st.integers(0, 3), _values),
        "player": st.one_of(st.lists(_player, max_size=4), _values),
    },
)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(_document)
def test_random_snapshots_get_a_score_or_a_located_error(invoke: Invoke, tmp_path: Path, document: dict) -> None:
    import tomli_w

    path = tmp_path / "random.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    result = invoke(["score", str(path), "--partial", "-f", "json"])
    assert result.exit_code in (0, 65), result.stderr
    if result.exit_code:
        assert MESSAGE.match(result.stderr.strip()) or "random.toml: " in result.stderr, result.stderr


def mostly(good: st.SearchStrategy) -> st.SearchStrategy:
    """Nine times in ten a well-formed value, else anything: reaches the rules, not just the reader."""
    return st.integers(0, 9).flatmap(lambda roll: good if roll else _values)


_names = st.sampled_from(["Ana", "Ben", "Cid", "Ana", "Ben", "Cid", "Zed", ""])
_cards = mostly(st.lists(st.sampled_from([0, 10, 10, 50, 100, 200, 500, 30]), max_size=5))
_bids = mostly(st.lists(st.tuples(_names, st.integers(1, 300)).map(list), max_size=4))
_party = st.fixed_dictionaries({"name": _names, "holds": st.integers(0, 4), "offer": _cards})
_situation = st.one_of(
    st.fixed_dictionaries(
        {
            "game": st.just("kuhhandel"),
            "situation": st.just("auction"),
            "players": st.just(["Ana", "Ben", "Cid"]),
            "auctioneer": mostly(_names),
            "animal": mostly(_animal_keys),
            "bids": _bids,
        },
        optional={
            "donkeys_before": mostly(st.integers(0, 4)),
            "buyback": mostly(st.booleans()),
            "money": mostly(st.dictionaries(_names, _cards, max_size=3)),
            "edition": mostly(st.integers(1, 2)),
        },
    ),
    st.fixed_dictionaries(
        {
            "game": st.just("kuhhandel"),
            "situation": st.just("cow-trade"),
            "animal": mostly(_animal_keys),
            "challenger": mostly(_party),
            "defender": mostly(_party),
        },
        optional={
            "rebid": mostly(st.fixed_dictionaries({"challenger": _cards}, optional={"defender": _cards})),
            "edition": mostly(st.integers(1, 2)),
        },
    ),
    st.fixed_dictionaries(
        {
            "game": st.just("kuhhandel"),
            "situation": st.just("trade-options"),
            "player": mostly(_names),
            "deck": mostly(st.integers(0, 40)),
            "holdings": mostly(
                st.dictionaries(
                    _names, st.dictionaries(_animal_keys, st.integers(0, 4), max_size=3), min_size=2, max_size=4
                )
            ),
        },
    ),
    st.fixed_dictionaries(
        {"game": st.just("kuhhandel"), "situation": st.just("donkey"), "players": st.just(["Ana", "Ben", "Cid"])},
        optional={
            "donkeys_before": mostly(st.integers(0, 4)),
            "auctioneer": mostly(_names),
            "money": mostly(st.dictionaries(_names, _cards, max_size=3)),
        },
    ),
)
_event = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("auction"), "auctioneer": _names, "animal": mostly(_animal_keys), "bids": _bids},
        optional={
            "paid": _cards,
            "buyback": st.booleans(),
            "cannot_pay": st.booleans(),
            "donkey_payout": mostly(st.sampled_from([50, 100, 200, 500])),
        },
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("cow-trade"),
            "challenger": _names,
            "defender": _names,
            "animal": mostly(_animal_keys),
            "offer": _cards,
        },
        optional={"counter": _cards, "rebid": _cards, "rebid_counter": _cards},
    ),
)
_record = st.fixed_dictionaries(
    {"game": st.just("kuhhandel"), "players": st.just(["Ana", "Ben", "Cid"]), "event": st.lists(_event, max_size=8)},
    optional={
        "edition": mostly(st.integers(1, 2)),
        "scores": mostly(st.dictionaries(_names, st.integers(0, 5000), max_size=3)),
        "start_money": mostly(st.dictionaries(_names, _cards, max_size=3)),
        "deck": mostly(st.lists(_animal_keys, max_size=5)),
    },
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(_situation)
def test_random_situations_get_a_verdict_or_a_located_error(invoke: Invoke, tmp_path: Path, document: dict) -> None:
    import tomli_w

    path = tmp_path / "situation.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    result = invoke(["ruling", str(path), "-f", "json"])
    assert result.exit_code in (0, 1, 65), result.stderr
    if result.exit_code == 65:
        assert MESSAGE.match(result.stderr.strip()), result.stderr


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(_record)
def test_random_records_get_findings_or_a_located_error(invoke: Invoke, tmp_path: Path, document: dict) -> None:
    import tomli_w

    path = tmp_path / "record.toml"
    path.write_text(tomli_w.dumps(document), encoding="utf-8")
    result = invoke(["validate", str(path), "-f", "json"])
    assert result.exit_code in (0, 1, 65), result.stderr
    if result.exit_code == 65:
        assert MESSAGE.match(result.stderr.strip()), result.stderr
