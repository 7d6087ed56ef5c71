"""The scanners' regular expressions give the same answers on every Python >= 3.11.

Python 3.11.0 to 3.11.4 (Debian 12 ships 3.11.2) end a possessive repeat of a
group where its last, failed attempt stopped (CPython gh-100061, gh-106052):
errors were located at the wrong line and the pre-scan stopped at the first
multi-line string. Every pattern now ends such a group with `|(?!)`; these tests
hold it to the same language written with greedy repeats, which every version
matches correctly. On a fixed Python the comparisons pass either way, and the
check of the sources catches a new pattern that leaves `|(?!)` out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from conftest import Invoke
from hypothesis import given, settings
from hypothesis import strategies as st

from refcli.reading import locate, prescan
from refcli.reading.locate import LazyPattern

Write = Callable[..., str]

PATTERNS = {
    f"{module.__name__}.{name}": value.compiled() if isinstance(value, LazyPattern) else value
    for module in (locate, prescan)
    for name, value in vars(module).items()
    if isinstance(value, (LazyPattern, re.Pattern))
}

# `)++`, `)*+`, `)?+`, `){m,n}+`: a possessive repeat of a group
POSSESSIVE_GROUP = re.compile(r"\)(?:[*+?]|\{\d*,?\d*\})\+")


def greedy_twin(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The same language with its group repeats greedy: correct on every Python, but memory-hungry."""
    source = pattern.pattern.replace("|(?!))", ")")
    return re.compile(POSSESSIVE_GROUP.sub(lambda match: match.group()[:-1], source), pattern.flags)


def test_the_patterns_are_found() -> None:
    assert "refcli.reading.prescan._TOKEN" in PATTERNS and "refcli.reading.locate._KEY_VALUE_LINES" in PATTERNS
    assert sum(bool(POSSESSIVE_GROUP.search(p.pattern)) for p in PATTERNS.values()) >= 10


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_every_possessive_group_repeat_ends_in_an_alternative_that_fails(name: str) -> None:
    source = PATTERNS[name].pattern
    for match in POSSESSIVE_GROUP.finditer(source):
        assert source[: match.start()].endswith("|(?!)"), f"{name}: {source[max(0, match.start() - 40) : match.end()]}"


# (pattern, text, where its match must end): each ended elsewhere, or did not match, on 3.11.2
KNOWN = [
    ("refcli.reading.locate._KEY_VALUE_LINES", "a = 1\nb = 2 # two\n  [t]\n", 18),
    ("refcli.reading.locate._SIMPLE_ITEMS", "1, 2,\n  ]", 5),
    ("refcli.reading.locate._STRING_OR_COMMENT", '"""a""b""" = 1', 10),
    ("refcli.reading.locate._STRING_OR_COMMENT", "'''a''b'''", 10),
    ("refcli.reading.prescan._BLANK_LINES", "\n# note\n\n  x = 1\n", 9),
    ("refcli.reading.prescan._KEY_VALUE_LINES", 'a = "x\\"y"\n  [t]\n', 11),
    ("refcli.reading.prescan._HEADER_LINES", "[a]\n[[b]]\n  c = 1\n", 10),
    ("refcli.reading.prescan._TABLE_ITEMS", "a = 1, b = 2, c", 13),
    ("refcli.reading.prescan._ARRAY_ITEMS", "1, 2,\n  ]", 5),
    ("refcli.reading.prescan._TOKEN", '"""a"""\n', 7),
    ("refcli.reading.prescan._TOKEN", "'''a'' '''\n", 10),
]


@pytest.mark.parametrize(("name", "text", "end"), KNOWN)
def test_known_cases_end_where_the_language_says(name: str, text: str, end: int) -> None:
    match = PATTERNS[name].match(text)
    assert match is not None and match.end() == end, match
    twin = greedy_twin(PATTERNS[name]).match(text)
    assert twin is not None and twin.end() == end


PIECES = ["a", "1", " ", "\t", "\n", "\r\n", '"', "'", "\\", "#", "=", ",", "[", "]", "{", "}", ".", "_", "-"]
PIECES += ['"""', "'''", '""', "k = 1\n", "[[p]]\n"]


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(st.lists(st.sampled_from(PIECES), max_size=16).map("".join), min_size=1, max_size=4))
def test_every_pattern_matches_as_its_greedy_twin(texts: list[str]) -> None:
    for name, pattern in PATTERNS.items():
        twin = greedy_twin(pattern)
        for text in texts:
            for pos in range(min(len(text), 3) + 1):
                ours, theirs = pattern.match(text, pos), twin.match(text, pos)
                assert (ours and (ours.span(), ours.groups())) == (theirs and (theirs.span(), theirs.groups())), (
                    name,
                    text,
                    pos,
                )


PLAYERS = (
    'game = "kuhhandel"\nedition = 2\n\n[[player]]\nname = NAME\nanimals = { pig = 4, dog = 4, rooster = 4 }\n'
    '[[player]]\nname = "Ben"\nINDENTanimals = { cat = 4, goose = 4, sheep = 4, goat = 4, donkey = 4, cow = 4, hrose = 4 }\n'
)


@pytest.mark.parametrize(
    ("name", "indent"), [('"""Ana"""', ""), ("'''Ana'''", ""), ('"Ana"', "  ")], ids=["basic", "literal", "indented"]
)
def test_an_error_after_a_multiline_string_or_an_indented_line_names_its_own_line(
    invoke: Invoke, write: Write, name: str, indent: str
) -> None:
    path = write(PLAYERS.replace("NAME", name).replace("INDENT", indent))
    result = invoke(["kuhhandel", "score", path])
    assert result.exit_code == 65
    assert result.stderr.startswith(f"refcli: error: {path}:9: player[2].animals.hrose: expected an animal"), (
        result.stderr
    )


def test_the_table_limit_holds_after_a_multiline_string(invoke: Invoke, write: Write) -> None:
    # On 3.11.2 the pre-scan stopped at the string and tomllib read every table.
    text = 'note = """a"""\n' + "".join(f"[a{index}]\n" for index in range(prescan.MAX_TABLES + 1))
    result = invoke(["kuhhandel", "score", write(text)])
    assert result.exit_code == 65
    assert f":{prescan.MAX_TABLES + 2}: expected at most 40,000 tables" in result.stderr, result.stderr
