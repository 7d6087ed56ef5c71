"""TOML written on one line (templates, recorded-game layouts): valid TOML, its values as tomli_w writes them."""

from __future__ import annotations

import importlib
import tomllib
from typing import Any

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from refcli.games.record_toml import LAYOUTS, to_toml
from refcli.output.toml_values import toml_key, toml_value

_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
_scalars = st.one_of(st.integers(), st.booleans(), st.floats(allow_nan=False), _text)
_values = st.recursive(
    _scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4), max_leaves=12
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_text, _values, max_size=4))
def test_every_value_is_one_line_of_toml_that_reads_back_the_same(table: dict[str, Any]) -> None:
    lines = [f"{toml_key(key)} = {toml_value(value)}" for key, value in table.items()]
    assert all("\n" not in line and "\r" not in line for line in lines)
    assert tomllib.loads("\n".join(lines)) == table


@pytest.mark.parametrize(
    "text", ["Ana", "Zoë", 'say "hi"', "a\\b", "tab\there", "del\x7fete", "esc\x1b", "line\nbreak"]
)
def test_strings_and_keys_are_written_as_tomli_w_writes_them(text: str) -> None:
    assert toml_value(text) == tomli_w.dumps({"v": text}).removeprefix("v = ").removesuffix("\n")
    assert f"{toml_key(text)} = 0\n" == tomli_w.dumps({text: 0})
    assert tomllib.loads(f"v = {toml_value(text)}")["v"] == text  # a raw DEL would not be TOML


def test_a_negative_zero_is_not_taken_for_zero() -> None:
    assert (toml_value(0.0), toml_value(-0.0)) == ("0.0", "-0.0")
    assert (toml_value(1), toml_value(True)) == ("1", "true")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_record_with_names_that_are_not_bare_keys_reads_back_the_same(layout: str) -> None:
    record: dict[str, Any] = importlib.import_module("refcli.games.money.simulate").random_game(2)
    renamed = {name: f"{name} María" for name in record["players"]}

    def rename(value: Any) -> Any:
        if isinstance(value, dict):
            return {renamed.get(key, key): rename(item) for key, item in value.items()}
        if isinstance(value, list):
            return [rename(item) for item in value]
        return renamed.get(value, value) if isinstance(value, str) else value

    record = rename(record)
    assert any(isinstance(value, dict) and "Ana María" in value for value in record.values())  # a [table] keyed so
    assert tomllib.loads(to_toml(record, layout)) == record
