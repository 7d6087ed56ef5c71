"""Quick look-ups take an argument: one ladder row, one chip, one animal; a bad one is a one-line usage error."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from conftest import EXAMPLES, Invoke

from refcli.games.bamboozled.ranking import ladder, rank, ways
from refcli.games.cupofbluff.chips import CHIPS, POINTS
from refcli.games.cupofbluff.chips import ways as chip_ways
from refcli.games.kuhhandel.components import ANIMALS


def doc(invoke: Invoke, *args: str) -> dict:
    result = invoke([*args, "--format", "json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def usage_error(invoke: Invoke, *args: str) -> str:
    result = invoke(list(args))
    assert result.exit_code == 2 and result.stdout == "", (args, result.stdout)
    assert result.stderr.count("\n") <= 2 and result.stderr.startswith("refcli: error: "), result.stderr  # then a hint
    return result.stderr


# ---------------------------------------------------------------- bamboozled ladder SCORE


@pytest.mark.parametrize("score", ladder())
def test_ladder_score_is_that_scores_row_of_the_full_ladder(invoke: Invoke, score: str) -> None:
    full = {row["score"]: row for row in doc(invoke, "bamboozled", "ladder")["scores"]}
    one = doc(invoke, "bamboozled", "ladder", score)
    assert one["score"] == score and one["scores"] == [full[score]]
    assert one["citations"]


def test_ladder_score_says_rank_and_odds_first(invoke: Invoke) -> None:
    lines = invoke(["bamboozled", "ladder", "54"]).stdout.splitlines()
    assert lines[0] == "Bamboozled score 54"
    said = " ".join(lines[2:4])
    assert f"rank {rank('54')} of 36" in said and f"{ways('54')} of the 36 rolls" in said
    rows = [line for line in lines if line.strip().startswith(str(rank("54")))]
    assert len(rows) == 1 and " 54 " in rows[0]


@pytest.mark.parametrize("written", ["5-4", "5 4", "5,4"])
def test_ladder_score_may_separate_the_dice(invoke: Invoke, written: str) -> None:
    assert doc(invoke, "bamboozled", "ladder", written)["score"] == "54"


@pytest.mark.parametrize("bad", ["77", "5", "543", "x", ""])
def test_a_bad_ladder_score_is_a_usage_error(invoke: Invoke, bad: str) -> None:
    """Refused as compare refuses its scores: the same sentence, then the same hint."""
    said = usage_error(invoke, "bamboozled", "ladder", bad)
    assert "invalid value for 'SCORE': " in said and "is not a score: a score is two dice, each 1-6" in said
    compared = usage_error(invoke, "bamboozled", "compare", "77", "34")
    assert compared.split(": '", 1)[0] == said.split(": '", 1)[0]  # refcli: error: invalid value for 'SCORE'
    assert said.rstrip().endswith("Try 'refcli bamboozled ladder -h' for help.")


# ---------------------------------------------------------------- cup-of-bluff chips CHIP


@pytest.mark.parametrize("chip", CHIPS)
def test_chips_chip_is_that_chips_row(invoke: Invoke, chip: int) -> None:
    one = doc(invoke, "cup-of-bluff", "chips", str(chip))
    assert one["chip"] == chip
    assert one["chips"] == [{"chip": chip, "points": POINTS[chip], "ways": chip_ways()[chip], "of": 216}]
    assert any(str(chip) in citation["text"] for citation in one["citations"]), "quotes the clause naming the chip"
    text = invoke(["cup-of-bluff", "chips", str(chip)]).stdout
    assert f"Chip {chip} scores {POINTS[chip]} point" in text


@pytest.mark.parametrize(("bad", "says"), [("19", "there is no chip 19"), ("2", "there is no chip 2"), ("x", "'x'")])
def test_a_bad_chip_is_a_usage_error(invoke: Invoke, bad: str, says: str) -> None:
    message = usage_error(invoke, "cup-of-bluff", "chips", bad)
    assert says in message and "3 to 18" in message


# ---------------------------------------------------------------- kuhhandel animals NAME


@pytest.mark.parametrize("animal", ANIMALS, ids=lambda a: a.id)
def test_animals_name_accepts_every_name_a_snapshot_accepts(invoke: Invoke, animal: object) -> None:
    for name in (animal.id, animal.spanish, animal.german.upper()):  # type: ignore[attr-defined]
        one = doc(invoke, "kuhhandel", "animals", name)
        assert one["animal"] == animal.id  # type: ignore[attr-defined]
        assert [row["value"] for row in one["animals"]] == [animal.value]  # type: ignore[attr-defined]


def test_animals_burro_says_the_donkeys_value(invoke: Invoke) -> None:
    text = invoke(["kuhhandel", "animals", "burro"]).stdout
    assert text.splitlines()[0] == "Kuhhandel animal: donkey"
    assert "is worth 500" in text and text.count("\ndonkey ") == 1


@pytest.mark.parametrize(
    ("bad", "suggestion"), [("cerdso", "did you mean cerdo, pig?"), ("pgi", "did you mean pig?"), ("xx", None)]
)
def test_an_unknown_animal_is_a_usage_error_with_a_suggestion(invoke: Invoke, bad: str, suggestion: str | None) -> None:
    message = usage_error(invoke, "kuhhandel", "animals", bad)
    assert f"'{bad}' is not an animal" in message and "rooster, goose" in message
    assert (suggestion in message) if suggestion else "did you mean" not in message


# ---------------------------------------------------------------- without the argument, as before


def test_without_an_argument_every_row_is_listed(invoke: Invoke) -> None:
    assert len(doc(invoke, "bamboozled", "ladder")["scores"]) == 36
    assert len(doc(invoke, "cup-of-bluff", "chips")["chips"]) == 16
    assert len(doc(invoke, "kuhhandel", "animals")["animals"]) == 10


@pytest.mark.parametrize(
    ("args", "example"),
    [
        (("bamboozled", "ladder"), "refcli bamboozled ladder 54"),
        (("cup-of-bluff", "chips"), "refcli cup-of-bluff chips 15"),
        (("kuhhandel", "animals"), "refcli kuhhandel animals burro"),
    ],
)
def test_help_shows_the_argument(invoke: Invoke, args: tuple[str, ...], example: str) -> None:
    assert example in " ".join(invoke([*args, "--help"]).stdout.split())


# ---------------------------------------------------------------- the quick answers are the command line's

ONE_RUN = """
import json, os, sys
sys.argv = ["refcli", *json.loads(sys.argv[1])]
if sys.argv.pop(1) == "full":  # no quick answer: every line goes to the full command line
    import refcli.cli.quick
    refcli.cli.quick.recognised = lambda arguments: None
from refcli.cli.start import main
try:
    main()
except SystemExit as end:
    code = end.code
sys.stdout.flush()
sys.stderr.write("\\n--exit %s, typer %s--" % (code, "typer" in sys.modules))
"""

SCORED = str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")
EDITION1 = str(EXAMPLES / "kuhhandel" / "edition1-multiply.toml")
BROKEN = str(EXAMPLES / "kuhhandel" / "record-broken.toml")
CANNOT_PAY = str(EXAMPLES / "kuhhandel" / "auction-cannot-pay.toml")
CALLED = str(EXAMPLES / "cup-of-bluff" / "call-gives.toml")

# (arguments, whether they are answered quickly): good lines, and bad ones the full command line refuses
COMPARED = [
    (("bamboozled", "compare", "43", "34"), True),
    (("bamboozled", "compare", "21", "21", "--format", "json"), True),
    (("bamboozled", "compare", "43", "34", "-f", "toml", "-v"), True),
    (("bamboozled", "compare", "43", "99"), False),  # a value the check refuses
    (("bamboozled", "compare", "43"), False),  # an argument missing
    (("bamboozled", "compare", "43", "34", "--bogus"), False),  # an unknown option
    (("bamboozled", "compare", "43", "34", "--format", "yaml"), False),  # a bad value
    (
        (
            "bamboozled",
            "ladder",
        ),
        True,
    ),
    (("bamboozled", "ladder", "54", "--no-pager", "--color", "never"), True),
    (("bamboozled", "ladder", "77"), False),  # a score that is none: refused by the argument's check, as compare does
    (("cup-of-bluff", "chips", "15"), True),
    (("cup-of-bluff", "chips", "--format=json"), True),
    (("kuhhandel", "animals", "burro"), True),
    (("kuhhandel", "animals", "unicorn"), True),
    (("kuhhandel", "rules", "K8"), True),
    (("kuhhandel", "rules", "subasta", "--format", "json"), True),
    (("rules", "empate"), True),
    (("rules", "¿quién gana?", "--all"), True),
    (("rules", "nothing-like-this"), True),
    (("money", "rules", "M1", "--color", "always"), True),
    (("--color", "never", "kuhhandel", "animals"), True),
    (("--version",), True),
    (("-V",), True),
    (("--help",), True),
    (("--version", "--bogus"), False),
    (("--color", "purple", "rules", "K8"), False),
    (("--lang", "fr", "rules", "K8"), False),
    (("kuhhandel", "animals", "--help"), False),
    (("kuhhandel",), False),
    (("kuhandel", "animals"), False),  # a typo: "did you mean"
    # score and ruling of one file
    (("kuhhandel", "score", SCORED), True),
    (("kuhhandel", "score", SCORED, "--multiply", "-f", "json"), True),
    (("kuhhandel", "score", SCORED, "--partial", "-v", "--no-pager", "--color", "always"), True),
    (("kuhhandel", "score", "--format=csv", SCORED), True),
    (("kuhhandel", "score", EDITION1, "--max-bytes", "100000", "--format", "toml"), True),
    (("kuhhandel", "score", BROKEN), True),  # a record is not a snapshot: refused by the command, in both paths
    (("kuhhandel", "score", "no-such-file.toml"), True),  # unreadable: 66
    (("kuhhandel", "score", CALLED), True),  # another game's file
    (("kuhhandel", "score", SCORED, "--max-bytes", "10"), True),  # too large: 65
    (("cup-of-bluff", "ruling", CALLED), True),
    (("cup-of-bluff", "ruling", CALLED, "-f", "json", "--explain"), True),
    (("kuhhandel", "ruling", CANNOT_PAY, "--no-pager"), True),  # a rule broken: exit 1
    (("kuhhandel", "score"), False),  # nothing to read: the usage error (or the questions, on a terminal)
    (("kuhhandel", "score", SCORED, EDITION1), False),  # several files
    (("kuhhandel", "ruling", CANNOT_PAY, CALLED), False),  # an extra argument
    (("kuhhandel", "score", "player.1.name=Ana"), False),  # KEY=VALUE items
    (("kuhhandel", "score", SCORED, "-o"), False),  # -o without its FILE
    (("kuhhandel", "score", SCORED, "--save"), False),
    (("kuhhandel", "ruling", CANNOT_PAY, "--format", "csv"), False),  # csv is score's only
    (("kuhhandel", "score", SCORED, "--max-bytes", "0"), False),  # below the least
    (("kuhhandel", "score", SCORED, "--multiply=yes"), False),
    (("cup-of-bluff", "score", CALLED, "--multiply"), False),  # another game's option
    (("kuhhandel", "ruling", "--help"), False),
    (("kuhhandel", "ruling", "cow-trade", "--help"), False),  # a situation's help
]


def one_run(mode: str, args: tuple[str, ...], env: dict[str, str]) -> tuple[str, str]:
    import os
    import subprocess
    import sys
    import tempfile

    done = subprocess.run(
        [sys.executable, "-c", ONE_RUN, json.dumps([mode, *args])],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "100", "REFCLI_CONFIG": os.devnull, **env},
        cwd=tempfile.gettempdir(),
    )
    return done.stdout, done.stderr


def assert_one_answer(args: tuple[str, ...], lang: str, *, quick: bool) -> None:
    """Output, stderr and exit status of ``args`` the same on both paths, and ``quick`` says which answered."""
    env = {"REFCLI_LANG": lang}
    fast_out, fast_err = one_run("quick", args, env)
    full_out, full_err = one_run("full", args, env)
    assert fast_out == full_out
    assert fast_err.replace("typer False", "typer True") == full_err
    assert fast_err.endswith("typer False--" if quick else "typer True--"), fast_err


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("args", "quick"), COMPARED, ids=[" ".join(args) for args, _ in COMPARED])
def test_a_quick_answer_is_the_full_command_lines_answer(args: tuple[str, ...], quick: bool, lang: str) -> None:
    """Output, stderr and exit status of a line are the same whichever path answers it."""
    assert_one_answer(args, lang, quick=quick)


# ---------------------------------------------------------------- a batch of JSON lines, answered quickly too

RECORDS = "{records}"  # put in by the test: a JSON Lines file of legal, broken and unreadable records
VALIDATED = [
    (("validate", "--jsonl", RECORDS), True),
    (("validate", RECORDS, "--jsonl", "-f", "csv"), True),
    (("validate", "--jsonl", RECORDS, "--format=csv", "--bom"), True),
    (("validate", "--jsonl", RECORDS, "--strict", "--max-bytes", "100000", "--record-timeout", "30"), True),
    (("validate", "--jsonl", RECORDS, "--record-timeout", "0.5", "-j", "2"), True),
    (("validate", "--jsonl", RECORDS, "--color", "never", "--no-pager", "-v", "--lang", "en"), True),
    (("--lang", "es", "validate", "--jsonl", RECORDS, "no-such-file.jsonl"), True),  # unreadable: 66
    (("validate", "--jsonl", RECORDS, "--max-bytes", "300"), True),  # lines too large: 65
    (("kuhhandel", "validate", "--jsonl", RECORDS), True),  # the other games' records refused by the game's
    (("validate", RECORDS), False),  # TOML files
    (("validate", "--jsonl"), False),  # no FILE: the usage error
    (("validate", "--jsonl", RECORDS, "--format", "toml"), False),  # --jsonl writes JSON or CSV only
    (("validate", "--jsonl", RECORDS, "--bom"), False),  # --bom goes with csv
    (("validate", "--jsonl", RECORDS, "--record-timeout", "nan"), False),
    (("validate", "--jsonl", RECORDS, "--record-timeout", "inf"), False),
    (("validate", "--jsonl", RECORDS, "-j", "0"), False),
    (("validate", "--jsonl", RECORDS, "--jobs"), False),
    (("validate", "--jsonl", RECORDS, "-f", "JSON"), False),  # click's, any case
    (("validate", "--jsonl", RECORDS, "-o", "-"), False),  # -o: the full command line's
    (("validate", "--jsonl", "--help"), False),
    (("cup-of-bluff", "validate", "--jsonl", RECORDS, "--multiply"), False),  # no such option
]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("args", "quick"), VALIDATED, ids=[" ".join(args) for args, _ in VALIDATED])
def test_a_quick_batch_is_the_full_command_lines_batch(
    tmp_path: Path, args: tuple[str, ...], quick: bool, lang: str
) -> None:
    """``validate --jsonl``: output, stderr and exit status the same whichever path answers the line."""

    records = tmp_path / "records.jsonl"
    lines = [
        json.dumps(tomllib.loads(path.read_text(encoding="utf-8")), ensure_ascii=False, default=str)
        for path in sorted(EXAMPLES.glob("*/record-*.toml"))
    ]
    records.write_text("\n".join([*lines, "{not json", "", '["a list"]', *lines[:2]]) + "\n", encoding="utf-8")
    args = tuple(str(records) if arg == RECORDS else arg for arg in args)
    assert_one_answer(args, lang, quick=quick)
