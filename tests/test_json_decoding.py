"""A JSON line reads the same whichever decoder reads it: msgspec's where it is installed, json's always.

refcli.reading.json_lines hands a line to msgspec's decoder once a process has read a couple of hundred, and
trusts it only with what it reads exactly as json does. These tests hold both paths to one result for the same
bytes: the same value (types included: 1 and 1.0 differ) or the same refusal (the same message and line).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from refcli.model.errors import DataError
from refcli.reading import json_lines
from refcli.reading.json_lines import parse_json_line

msgspec = pytest.importorskip("msgspec", reason="the fast path is tested where msgspec is installed")


@pytest.fixture
def fast() -> Iterator[json_lines._FastDecoder]:
    """The fast decoder, switched on as after _JSON_FIRST lines, and put back as it was afterwards."""
    kept = json_lines._fast
    decoder = json_lines._FastDecoder()
    decoder.load()
    assert decoder.decode is not None
    json_lines._fast = decoder
    yield decoder
    json_lines._fast = kept


def outcome(raw: bytes, spelled: bool = True) -> tuple[str, str]:
    """What parse_json_line makes of ``raw``: the value with every type spelled out, or the refusal."""
    try:
        value = parse_json_line(raw, "in.jsonl", 3)
    except DataError as error:
        return "refused", f"{error} (line {error.line})"
    return "value", typed(value) if spelled else ""  # too deep to spell out: its being read is what counts


@contextmanager
def json_alone() -> Iterator[None]:
    """json reads every line meanwhile (a decoder before its first line)."""
    kept = json_lines._fast
    json_lines._fast = json_lines._FastDecoder()
    try:
        yield
    finally:
        json_lines._fast = kept


def by_json_alone(raw: bytes) -> tuple[str, str]:
    with json_alone():
        return outcome(raw)


def typed(value: Any) -> str:
    """``value`` written so that 1, 1.0, True, -0.0 and nan are all told apart (== tells some apart not)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key!r}: {typed(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(typed(item) for item in value) + "]"
    if isinstance(value, float) and math.isnan(value):
        return "float(nan)"
    return f"{type(value).__name__}({value!r})"


EDGES = [
    b'{"a":1}\n',
    b'{"a": 1.0, "b": -0.0, "c": -0, "d": 1E5, "e": 0e0, "f": 1.5e-400}',
    b'{"a":1,"a":2,"b":3}',  # a key twice: json keeps the last value, in the first place
    b'{"a":18446744073709551616, "b":-9223372036854775809, "c": 12345678901234567890123456789}',
    b'{"a":' + b"9" * 4300 + b"}",
    b'{"a":' + b"9" * 4301 + b"}",  # over Python's digit limit: refcli's own refusal
    b'{"a":1e400, "b": -1e400}',  # past a double: json says infinity
    b'{"a":NaN, "b":Infinity, "c":-Infinity}',
    b'{"a":"\\ud800"}',  # half a surrogate pair: refcli refuses it, naming the key
    b'{"\\udc00":1}',
    b'{"a":"\\ud83d\\ude00", "b":"\\u00e9\\/\\u0000"}',
    b'{"a":"\xff"}',
    b'{"a":"\xed\xa0\x80"}',
    b'{"a":"\xc0\x80"}',
    b'\xef\xbb\xbf{"a":1}',  # a byte-order mark past line 1
    b'{"a":1}\x00',
    b'{"a":"x\x01"}',
    b'{"a":01}',
    b'{"a":[1,]}',
    b'{"a":.5}',
    b'{"a":1}\xe2\x80\xa8',
    b"\t{}\r\n",
    b'["a"]',
    b"17",
    b"",
    b'{"a": 1',
]


@pytest.mark.parametrize("raw", EDGES, ids=range(len(EDGES)))
def test_each_edge_of_json_reads_as_json_reads_it(raw: bytes, fast: json_lines._FastDecoder) -> None:
    assert outcome(raw) == by_json_alone(raw)


def test_nesting_near_the_recursion_limit_reads_as_json_reads_it(fast: json_lines._FastDecoder) -> None:
    # msgspec goes a few levels deeper than json before a RecursionError: such a line is left to json. Where
    # json's limit falls depends on the depth of the calling stack, so every depth around it is tried.
    outcomes = set()
    for depth in [*range(700, 1001), 1200]:
        raw = b'{"event": ' + b"[" * depth + b"]" * depth + b"}"
        read = outcome(raw, spelled=False)
        with json_alone():  # called from this same frame: json's limit depends on the depth of the stack
            assert read == outcome(raw, spelled=False), depth
        outcomes.add(read[0])
    assert outcomes == {"value", "refused"}  # json's limit was among them


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=400, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=6), st.booleans())
def test_any_object_reads_as_json_reads_it(fast: Any, value: dict[str, Any], ascii_only: bool) -> None:
    raw = json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    assert outcome(raw) == by_json_alone(raw)


@settings(max_examples=400, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4), st.data())
def test_a_damaged_line_reads_as_json_reads_it(fast: Any, value: dict[str, Any], data: st.DataObject) -> None:
    raw = bytearray(json.dumps(value, ensure_ascii=data.draw(st.booleans())).encode("utf-8", "surrogatepass"))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(raw)))
        raw[at:at] = data.draw(st.binary(min_size=1, max_size=3) | st.sampled_from([b"[", b"]", b",", b'"', b"\\"]))
    assert outcome(bytes(raw)) == by_json_alone(bytes(raw))


def test_a_long_batch_is_decoded_by_msgspec_and_one_line_never_imports_it() -> None:
    decoder = json_lines._FastDecoder()
    line = b'{"game": "money", "players": ["Ana", "Ben"]}'
    for _ in range(json_lines._JSON_FIRST - 1):
        assert decoder.record(line) is None  # json reads the first lines
    assert decoder.decode is None
    assert decoder.record(line) is None
    assert decoder.decode is not None
    assert decoder.record(line) == json.loads(line)


def test_without_msgspec_json_reads_every_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "msgspec.json", None)  # as where it is not installed: ImportError
    decoder = json_lines._FastDecoder()
    for _ in range(json_lines._JSON_FIRST + 5):
        assert decoder.record(b"{}") is None
    assert decoder.decode is None


def test_workers_start_with_msgspec_loaded_by_the_parent(tmp_path: Any) -> None:
    from contextlib import closing

    from refcli import validating
    from refcli.cli import batch
    from refcli.model.options import ValidateOptions

    source = tmp_path / "two.jsonl"
    source.write_text('{"game": "nope"}\n{"game": "nope"}\n', encoding="utf-8")
    for size, loaded in [(None, True), (batch.MANY_LINES_BYTES + 1, True), (source.stat().st_size, False)]:
        with json_alone():
            tasks = json_lines.json_lines(str(source), 1 << 20)
            run = batch.run(tasks, validating.validate_line, None, ValidateOptions(), 2, "json", total_bytes=size)
            with closing(run) as outcomes:
                assert len(list(outcomes)) == 2
            # many lines (or a pipe, whose size is not known): forked workers share it, none imports it again;
            # two lines are read by json, as with --jobs 1
            assert (json_lines._fast.decode is not None) is loaded, size
