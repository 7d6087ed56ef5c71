"""Did you mean: a mistyped command, choice or value gets the closest known word; TOML mistakes in refcli's words.

Every error stays one line ``refcli: error: FILE:LINE: key.path: …`` (usage errors: ``refcli: error: …``
then one line of hint) with its documented exit status.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Invoke

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def error_line(result: object) -> str:
    """The one line refcli printed on stderr (the whole output must be that line)."""
    lines = result.output.strip().splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 1, result.output  # type: ignore[attr-defined]
    return lines[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["kuhandel", "score"], "no such command 'kuhandel' (did you mean 'kuhhandel'?)"),
        (["kuhhandel", "scroe"], "no such command 'scroe' (did you mean 'score'?)"),
        (["cup-of-blof", "chips"], "(did you mean 'cup-of-bluff'?)"),
        (["money", "templat", "final"], "(did you mean 'template'?)"),
        (["kuhhandel", "template", "auctoin"], "(did you mean 'auction'?)"),
        (["kuhhandel", "schema", "cowtrade"], "(did you mean 'cow-trade'?)"),
        (
            ["score", "--format", "jsn", "x.toml"],
            "'jsn' is not one of 'text', 'json', 'toml', 'csv', 'bgstats', 'bgstats-link' (did you mean 'json'?)",
        ),
    ],
)
def test_a_mistyped_command_or_choice_gets_a_suggestion_and_exit_2(invoke: Invoke, args: list[str], said: str) -> None:
    result = invoke(args)
    assert result.exit_code == 2
    first, hint = result.output.strip().splitlines()
    assert first.startswith("refcli: error: ") and said in first and hint.startswith("Try 'refcli")
    assert first.count("did you mean") == 1  # once, however many groups the command is nested in


def test_a_word_close_to_nothing_gets_no_suggestion(invoke: Invoke) -> None:
    result = invoke(["zzzzz"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[0] == "refcli: error: no such command 'zzzzz'"
    result = invoke(["kuhhandel", "template", "xyz"])
    assert result.exit_code == 2 and "did you mean" not in result.output


def replaced(example: str, old: str, new: str, write: Callable[[str, str], str]) -> str:
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    assert old in text
    return write(text.replace(old, new), "typo.toml")


@pytest.mark.parametrize(
    ("game", "example", "old", "new", "said"),
    [
        (
            "kuhhandel",
            "kuhhandel/cow-trade-spec.toml",
            'situation = "cow-trade"',
            'situation = "cowtrade"',
            ':5: situation: "cowtrade" is not one of auction, cow-trade, trade-options, donkey '
            '(did you mean "cow-trade"?)',
        ),
        (
            "kuhhandel",
            "kuhhandel/cow-trade-spec.toml",
            'animal = "cat"',
            'animal = "pgi"',
            ":7: animal: expected an animal (rooster, goose, cat, dog, sheep, goat, donkey, pig, cow, horse; Spanish "
            'and German names too), found "pgi" (did you mean "pig"?)',
        ),
        (
            "kuhhandel",
            "kuhhandel/cow-trade-spec.toml",
            'animal = "cat"',
            'animal = "cerdso"',  # a typo ("cerdos", the plural, is the pig: tests/test_typed_words.py)
            ":7: animal: expected an animal (rooster, goose, cat, dog, sheep, goat, donkey, pig, cow, horse; Spanish "
            'and German names too), found "cerdso" (did you mean "cerdo"?)',
        ),
        (
            "bamboozled",
            "bamboozled/challenge-my-bad.toml",
            'caller_card = "my-bad"',
            'caller_card = "mybad"',
            ':12: caller_card: "mybad" is not one of my-bad (did you mean "my-bad"?)',
        ),
        (
            "bamboozled",
            "bamboozled/challenge-my-bad.toml",
            'caller = "Ben"',
            'caller = "Bne"',
            'found "Bne" (did you mean "Ben"?)',
        ),
        (
            "cup-of-bluff",
            "cup-of-bluff/call-spec.toml",
            'answer = "bluff"',
            'answer = "bluf"',
            'answer: expected "truth" or "bluff", found "bluf" (did you mean "bluff"?)',
        ),
    ],
)
def test_a_mistyped_value_in_a_file_gets_a_suggestion(
    invoke: Invoke, write: Callable[[str, str], str], game: str, example: str, old: str, new: str, said: str
) -> None:
    path = replaced(example, old, new, write)
    result = invoke([game, "ruling", path])
    assert result.exit_code == 65
    line = error_line(result)
    assert line.startswith(f"refcli: error: {path}:") and line.endswith(said), line


def test_a_mistyped_answer_on_the_command_line_gets_a_suggestion(invoke: Invoke) -> None:
    result = invoke(["cup-of-bluff", "ruling", str(EXAMPLES / "cup-of-bluff/call-spec.toml"), "answer=blff"])
    assert result.exit_code == 65  # (the first letters "bluf" are read as "bluff": refcli.reading.typed)
    assert error_line(result).endswith('found "blff" (did you mean "bluff"?)')


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            'game = "kuhhandel"\n[player]\nname = "Ana"\n[player]\nname = "Ben"\n',
            ":4: player: not valid TOML: [player] should be [[player]] (one table per player), or write it once",
        ),
        (
            'game = "kuhhandel"\n[player]\nname = "Ana"\n[[player]]\nname = "Ben"\n',
            ":4: player: not valid TOML: [player] above is a single table; write every one as [[player]] "
            "(one table per player)",
        ),
        (
            'game = "kuhhandel"\n[[player]]\nname = "Ana"\n[[player]]\nname = Ben\n',
            ':5: player[2].name: not valid TOML: strings need quotes: name = "Ben"',
        ),
        (
            'game = "kuhhandel"\n[[player]]\nname = "Ana"\nanimals = { pig = cerdo }\n',
            ':4: player[1].animals.pig: not valid TOML: strings need quotes: pig = "cerdo"',
        ),
        (
            'game = "kuhhandel"\n[[player]]\nname = "Ana"\nanimals = { pig = 4, }\n',
            ":4: not valid TOML: an inline table { … } takes no comma after its last item",
        ),
        (
            'game = "kuhhandel"\nedition = 2\nx = True\n',
            ":3: x: not valid TOML: true and false are written in lower case: x = true",
        ),
        (
            'game = "kuhhandel"\nplayers = [Ana, "Ben"]\n',
            ':2: players: not valid TOML: strings need quotes, in an array too: "Ana"',
        ),
        # anything else keeps tomllib's text, located
        ('game = "kuhhandel"\nx = [1 2]\n', ":2: not valid TOML at column 8: unclosed array"),
    ],
)
def test_toml_mistakes_are_said_in_refclis_words(
    invoke: Invoke, write: Callable[[str, str], str], text: str, said: str
) -> None:
    path = write(text, "bad.toml")
    result = invoke(["kuhhandel", "score", path])
    assert result.exit_code == 65
    assert error_line(result) == f"refcli: error: {path}{said}"


# -- a file given to the wrong command ----------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["kuhhandel", "score", "kuhhandel/cow-trade-spec.toml"],
            "kuhhandel/cow-trade-spec.toml:5: situation: the file is a situation of the kind cow-trade, not a final snapshot "
            "(what `refcli kuhhandel score` reads): rule on it with `refcli kuhhandel ruling {file}`",
        ),
        (
            ["score", "money/bids-spec.toml"],
            "situation: the file is a situation of the kind bids, not a final snapshot (what `refcli money score` reads): "
            "rule on it with `refcli money ruling {file}`",
        ),
        (
            ["kuhhandel", "score", "kuhhandel/record-edition2.toml"],
            "players: the file is a recorded game, not a final snapshot (what `refcli kuhhandel score` reads): "
            "validate it with `refcli kuhhandel validate {file}`",
        ),
        (
            ["money", "ruling", "money/rulebook-450.toml"],
            ":1: situation: the file is a final snapshot, not a situation (what `refcli money ruling` reads): "
            "score it with `refcli money score {file}`",
        ),
        (
            ["ruling", "bamboozled/standings.toml"],
            "situation: the file is a final snapshot, not a situation (what `refcli bamboozled ruling` reads): "
            "score it with `refcli bamboozled score {file}`",
        ),
    ],
)
def test_a_file_given_to_the_wrong_command_names_the_right_one(invoke: Invoke, args: list[str], said: str) -> None:
    file = str(EXAMPLES / args[-1])
    result = invoke([*args[:-1], file])
    assert result.exit_code == 65
    line = error_line(result)
    assert line.startswith(f"refcli: error: {file}:") and line.endswith(said.format(file=file)), line


def test_a_snapshot_given_to_validate_names_score(invoke: Invoke) -> None:
    file = str(EXAMPLES / "kuhhandel/rulebook-2460.toml")
    result = invoke(["kuhhandel", "validate", file, "--format", "json"])
    assert result.exit_code == 65
    assert (
        "player: the file is a final snapshot, not a recorded game (what `refcli kuhhandel validate` reads): "
        f"score it with `refcli kuhhandel score {file}`"
    ) in result.output


def without_game(example: str) -> str:
    lines = (EXAMPLES / example).read_text(encoding="utf-8").splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith("game ="))


MISSING = (
    "refcli: error: <stdin>:1: game: the game key is missing (one of kuhhandel, bamboozled, money, cup-of-bluff); "
)


@pytest.mark.parametrize(
    ("verb", "example", "said"),
    [
        (
            "ruling",
            "kuhhandel/cow-trade-spec.toml",
            'the document is Kuhhandel\'s cow-trade situation: add game = "kuhhandel" or rule on it with '
            "`refcli kuhhandel ruling -`",
        ),
        (
            "ruling",
            "money/exchange-swap.toml",
            'the document is Money!\'s exchange situation: add game = "money" or rule on it with `refcli money ruling -`',
        ),
        (
            "ruling",
            "kuhhandel/rulebook-2460.toml",
            'the document is Kuhhandel\'s final snapshot: add game = "kuhhandel" or score it with '
            "`refcli kuhhandel score -`",
        ),
        (
            "score",
            "bamboozled/standings.toml",
            'the document is Bamboozled\'s final snapshot: add game = "bamboozled" or score it with '
            "`refcli bamboozled score -`",
        ),
    ],
)
def test_a_document_without_a_game_key_names_the_game_and_command(
    invoke: Invoke, verb: str, example: str, said: str
) -> None:
    result = invoke([verb, "-"], input=without_game(example))
    assert result.exit_code == 65
    assert error_line(result) == MISSING + said


def test_validate_standard_input_without_a_game_key_names_validate(invoke: Invoke) -> None:
    result = invoke(["validate", "-", "--format", "json"], input=without_game("kuhhandel/record-edition2.toml"))
    assert result.exit_code == 65
    assert (
        'the document is Kuhhandel\'s recorded game: add game = \\"kuhhandel\\" or validate it with '
        "`refcli kuhhandel validate -`"
    ) in result.output


def test_a_document_no_game_fits_names_the_verb_it_was_given_to(invoke: Invoke) -> None:
    result = invoke(["ruling", "-"], input="x = 1\n")
    assert result.exit_code == 65
    assert error_line(result) == (
        "refcli: error: <stdin>:1: game: the key is missing; expected the game id (kuhhandel, bamboozled, money, "
        "cup-of-bluff), or use `refcli GAME ruling`"
    )
