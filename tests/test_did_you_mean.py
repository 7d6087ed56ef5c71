"""Did you mean: a mistyped command, choice or value gets the closest known word; TOML mistakes in refcli's words.

Every error stays one line ``refcli: error: FILE:LINE: key.path: …`` (usage errors: click's usage and
``Error: …``) with its documented exit status.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Invoke

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def error_line(result: object) -> str:
    """The one line refcli printed on stderr (the whole output must be that line)."""
    lines = result.output.strip().splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 1, result.output  # type: ignore[attr-defined]
    return lines[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["kuhandel", "score"], "No such command 'kuhandel' (did you mean 'kuhhandel'?)."),
        (["kuhhandel", "scroe"], "No such command 'scroe' (did you mean 'score'?)."),
        (["cup-of-blof", "chips"], "(did you mean 'cup-of-bluff'?)"),
        (["money", "templat", "final"], "(did you mean 'template'?)"),
        (["kuhhandel", "template", "auctoin"], "(did you mean 'auction'?)."),
        (["kuhhandel", "schema", "cowtrade"], "(did you mean 'cow-trade'?)."),
        (["score", "--format", "jsn", "x.toml"], "'jsn' is not one of 'text', 'json', 'toml' (did you mean 'json'?)."),
    ],
)
def test_a_mistyped_command_or_choice_gets_a_suggestion_and_exit_2(invoke: Invoke, args: list[str], said: str) -> None:
    result = invoke(args)
    assert result.exit_code == 2
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("Error: ") and said in last
    assert last.count("did you mean") == 1  # once, however many groups the command is nested in


def test_a_word_close_to_nothing_gets_no_suggestion(invoke: Invoke) -> None:
    result = invoke(["zzzzz"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == "Error: No such command 'zzzzz'."
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
            ':5: situation: expected one of auction, cow-trade, trade-options, donkey, found "cowtrade" '
            '(did you mean "cow-trade"?)',
        ),
        (
            "kuhhandel",
            "kuhhandel/cow-trade-spec.toml",
            'animal = "cat"',
            'animal = "pgi"',
            'found "pgi" (did you mean "pig"?)',
        ),
        (
            "kuhhandel",
            "kuhhandel/cow-trade-spec.toml",
            'animal = "cat"',
            'animal = "cerdos"',
            ":7: animal: expected an animal (rooster, goose, cat, dog, sheep, goat, donkey, pig, cow, horse; Spanish "
            'and German names too), found "cerdos" (did you mean "cerdo"?)',
        ),
        (
            "bamboozled",
            "bamboozled/challenge-my-bad.toml",
            'caller_card = "my-bad"',
            'caller_card = "mybad"',
            ':12: caller_card: expected one of my-bad, found "mybad" (did you mean "my-bad"?)',
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
    result = invoke(["cup-of-bluff", "ruling", str(EXAMPLES / "cup-of-bluff/call-spec.toml"), "answer=bluf"])
    assert result.exit_code == 65
    assert error_line(result).endswith('found "bluf" (did you mean "bluff"?)')


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
