"""The README's tour is real output: each `$ refcli …` in a console block is run.

A block's expected output may end with a line holding only "…": then the
real output must start with the lines shown. `$ echo $?` checks the exit
status of the command before it. Commands with a pipe are run without the
pipe only to check they succeed.
"""

from __future__ import annotations

import re
import shlex

import pytest
from conftest import REPO, Invoke

BLOCK = re.compile(r"```console\n(.*?)```", re.S)


# Each README and the locale its tour is read in: README.es.md is the Spanish tour, run as a Spanish
# speaker's terminal runs it (LANG=es_ES.UTF-8, no --lang needed).
READMES = {"README.md": {}, "README.es.md": {"LANG": "es_ES.UTF-8"}}


def console_steps(readme: str = "README.md") -> list[tuple[str, list[str]]]:
    steps: list[tuple[str, list[str]]] = []
    for block in BLOCK.findall((REPO / readme).read_text(encoding="utf-8")):
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
    return steps


@pytest.mark.parametrize("readme", READMES)
def test_readme_has_a_tour(readme: str) -> None:
    assert len(console_steps(readme)) >= 4


@pytest.mark.parametrize("readme", READMES)
def test_readme_console_blocks_match_real_output(readme: str, invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    for variable, value in READMES[readme].items():
        monkeypatch.setenv(variable, value)
    last_exit = 0
    for command, expected in console_steps(readme):
        if command == "echo $?":
            assert [str(last_exit)] == expected
            continue
        words = shlex.split(command.split("|")[0])
        assert words[0] == "refcli", command
        result = invoke(words[1:])
        last_exit = result.exit_code
        if "|" in command:
            assert result.exit_code == 0, command
            continue
        produced = result.output.rstrip("\n").splitlines()
        if expected and expected[-1].strip() == "…":
            expected = expected[:-1]
            produced = produced[: len(expected)]
        assert produced == expected, command
