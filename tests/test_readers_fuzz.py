"""Every reader of outside input, fed mutated data: only its documented exceptions come out.

Issue 20: a hypothesis test feeds mutated data to every reader and checks that only the
documented exceptions come out. The readers, and what each documents:

- `records.from_data`: `InvalidRecordError` for any data (Python data too: numbers too large
  to write, floats, tuples, keys that are not strings); `TypeError` only for a ``kind``
  that is not a value class, which these tests never pass.
- `records.loads` and `records.load`: `InvalidRecordError` for any text, bytes or file
  content; `TypeError` for a text that is neither `str` nor `bytes`.
- `Card.parse`, `spades.parse_move` and `spades.find_ruleset`: `NotationError` for any
  string; `TypeError`, naming the type, for anything else.
- `spades.records.conformance` reading a vector file (`run`, and `main` that prints its results):
  nothing at all; a bad file or case is a failure it reports, on one printable ASCII line,
  and the last line is the genuine summary.

Every message is short (at most `MESSAGE_LIMIT` characters) and printable: no control
characters, no surrogates, no bidirectional controls (`str.isprintable`); and the path of
an `InvalidRecordError` is printable ASCII. The mutations start from valid data of real
games under every preset and under the switches of version 3 that no preset turns on
(`test_records_fuzz.PRESET_SOURCES`), and put random JSON values,
numbers too large to write, strange text (surrogates, control characters, bidi controls,
text of absurd length), strange keys, deleted and duplicated entries in random places.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spades.records.conformance
from spades import (
    PRESETS,
    Card,
    InvalidRecordError,
    NotationError,
    find_ruleset,
    parse_move,
)
from spades.records import (
    MAX_RECORD_SIZE,
    VERSION,
    GameRecord,
    dumps,
    from_data,
    load,
    loads,
    to_data,
)
from test_records_fuzz import (
    CARD_TEXTS,
    HUGE,
    KINDS,
    PRESET_SOURCES,
    SOURCES_BY_PRESET,
    STRANGE_KEYS,
    STRANGE_TEXTS,
    WORDS,
    canonical,
    copied,
    hostile,
)

if TYPE_CHECKING:
    from collections.abc import Callable

Json = Any

MESSAGE_LIMIT = 600
"""The longest message any reader may give, in characters: `spades._errors.quoted` cuts the
text it quotes to 40 characters, whose escapes may take 10 each (``\\U0001123f``)."""

RECORDS = [source for source in PRESET_SOURCES if isinstance(source, GameRecord)]


def check_message(error: BaseException) -> None:
    """``error``'s message is short and printable; a record error's path is printable ASCII."""
    message = str(error)
    assert len(message) <= MESSAGE_LIMIT, message[:1000]
    assert message.isprintable(), ascii(message)
    if isinstance(error, InvalidRecordError):
        assert error.path.startswith("$")
        assert error.path.isascii(), ascii(error.path)
        assert error.path.isprintable(), ascii(error.path)
        assert message.startswith(f"{error.path}: ")


def read(reader: Callable[[], object], *documented: type[BaseException]) -> object | None:
    """What ``reader`` returns, or ``None`` when it raises one of its ``documented``
    exceptions (with a clean message). Any other exception escapes, failing the test."""
    try:
        return reader()
    except documented as error:
        check_message(error)
        return None


def read_data(data: Json, kind: type | None) -> None:
    """`from_data` refuses ``data`` cleanly, or reads it as exactly the value it describes."""
    value = read(lambda: from_data(data, kind), InvalidRecordError)
    if value is not None:
        assert kind is None or isinstance(value, kind)
        written = to_data(value)  # type: ignore[arg-type]
        assert from_data(written) == value
        if isinstance(data, dict) and data.get("version") == VERSION:
            assert canonical(written) == canonical(data)


# --- from_data, with Python data -----------------------------------------------------------------


@given(
    st.sampled_from(PRESET_SOURCES).flatmap(lambda value: hostile(to_data(value))),
    st.sampled_from(KINDS),
)
def test_from_data_of_mutated_python_data_raises_only_invalid_record_error(
    data: Json, kind: type | None
) -> None:
    read_data(data, kind)


@given(
    st.sampled_from(PRESET_SOURCES).flatmap(
        lambda value: st.tuples(st.just(type(value)), hostile(to_data(value)))
    )
)
def test_from_data_of_mutated_python_data_of_its_own_kind_raises_only_invalid_record_error(
    case: tuple[type, Json],
) -> None:
    kind, data = case
    read_data(data, kind)


def _strange_text(draw: st.DrawFn, valid: list[str]) -> str:
    """A valid text, or a word of the format, with strange text put in, cut or repeated."""
    text = draw(st.sampled_from(valid) | st.sampled_from(WORDS))
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, len(text)))
    insert = draw(
        st.sampled_from(STRANGE_TEXTS[:17]) | st.text(max_size=3) | st.sampled_from(["", " "])
    )
    changed = text[:start] + insert + text[end:]
    return changed * draw(st.sampled_from([1, 1, 2, 1000]))


MOVE_TEXTS = sorted({str(move) for record in RECORDS for move in record.moves})


@st.composite
def strange_texts(draw: st.DrawFn, valid: list[str]) -> str:
    return _strange_text(draw, valid)


@given(strange_texts(MOVE_TEXTS + CARD_TEXTS), st.sampled_from(KINDS))
def test_from_data_of_a_strange_move_or_card_text_raises_only_invalid_record_error(
    text: str, kind: type | None
) -> None:
    value = read(lambda: from_data(text, kind), InvalidRecordError)
    if value is not None:
        assert to_data(value) == text  # type: ignore[arg-type]


# --- loads and load, with text --------------------------------------------------------------------


def _duplicated_key(text: str, key: str) -> str:
    """``text`` with the first field ``key`` named twice, the first time with ``null``."""
    return text.replace(f'"{key}":', f'"{key}":null,"{key}":', 1)


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    """The JSON text of a record of a preset, mutated as data, then perhaps as text."""
    data = draw(hostile(to_data(draw(st.sampled_from(RECORDS))), python=False))
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=draw(st.booleans()))
    keys = re.findall(r'"([a-z_]+)":', text)
    if draw(st.booleans()) and keys:
        text = _duplicated_key(text, draw(st.sampled_from(keys)))
    numbers = [match.span() for match in re.finditer(r"-?[0-9]+", text)]
    if draw(st.booleans()) and numbers:
        start, end = draw(st.sampled_from(numbers))
        text = (
            text[:start] + draw(st.sampled_from(["9" * 5000, "-" + "9" * 41, "1e400"])) + text[end:]
        )
    return text


def check_loaded(text: str | bytes) -> None:
    value = read(lambda: loads(text), InvalidRecordError)
    if value is not None:
        assert isinstance(value, GameRecord)
        assert canonical(json.loads(text)) == canonical(to_data(value))


@given(mutated_texts())
def test_loads_of_mutated_record_text_raises_only_invalid_record_error(text: str) -> None:
    check_loaded(text)


@given(mutated_texts(), st.sampled_from(["utf-8", "utf-16", "latin-1"]))
def test_loads_of_mutated_record_bytes_raises_only_invalid_record_error(
    text: str, encoding: str
) -> None:
    check_loaded(text.encode(encoding, "surrogatepass" if encoding != "latin-1" else "replace"))


@given(mutated_texts(), st.sampled_from(["utf-8", "latin-1"]), st.booleans())
def test_load_of_a_mutated_file_raises_only_invalid_record_error(
    text: str, encoding: str, binary: bool
) -> None:
    """`load` reads a file opened in binary or in text mode, whatever bytes it holds (a text
    file whose bytes are not in its encoding too)."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory, "record.json")
        path.write_bytes(
            text.encode(encoding, "surrogatepass" if encoding == "utf-8" else "replace")
        )
        with path.open("rb") if binary else path.open(encoding="utf-8") as file:
            value = read(lambda: load(file), InvalidRecordError)
    if value is not None:
        assert canonical(json.loads(text)) == canonical(to_data(value))  # type: ignore[arg-type]


def test_load_of_a_text_file_that_is_not_in_its_encoding_is_invalid_record_error(
    tmp_path: Path,
) -> None:
    """Issue 20: a text-mode file whose bytes are not UTF-8 let `UnicodeDecodeError` out."""
    path = tmp_path / "record.json"
    path.write_bytes(dumps(RECORDS[0]).replace("bid", "b\xefd", 1).encode("latin-1"))
    with path.open(encoding="utf-8") as file, pytest.raises(InvalidRecordError) as info:
        load(file)
    assert info.value.path == "$"
    assert "not text in its encoding" in str(info.value)
    check_message(info.value)


# --- the notation: cards, moves and ruleset names -------------------------------------------------

NON_STRINGS = st.sampled_from(
    [
        None,
        3,
        HUGE,
        -HUGE,
        1.5,
        float("nan"),
        b"AS",
        ["AS"],
        ("bid", 3),
        {"AS": 1},
        Card.parse("AS"),
    ]
)
PRESET_NAMES = [*PRESETS, "Classic", "miniokey-250", "two handed", "2p"]


@pytest.mark.parametrize(
    "reader",
    [Card.parse, parse_move, find_ruleset],
    ids=["Card.parse", "parse_move", "find_ruleset"],
)
@given(text=strange_texts(CARD_TEXTS + MOVE_TEXTS + PRESET_NAMES) | st.text())
def test_notation_of_strange_text_raises_only_notation_error(
    reader: Callable[[str], object], text: str
) -> None:
    value = read(lambda: reader(text), NotationError)
    if reader is find_ruleset:
        assert value is None or value in PRESETS.values()
    elif value is not None:
        assert value == reader(str(value))


@pytest.mark.parametrize(
    "reader",
    [Card.parse, parse_move, find_ruleset],
    ids=["Card.parse", "parse_move", "find_ruleset"],
)
@given(value=NON_STRINGS)
def test_notation_of_a_value_that_is_not_a_string_raises_type_error(
    reader: Callable[[Any], object], value: object
) -> None:
    with pytest.raises(TypeError) as info:
        reader(value)
    check_message(info.value)


# --- the conformance runner, on a vector file -----------------------------------------------------

CONFORMANCE = Path(__file__).resolve().parents[1] / "conformance"
VECTOR_FILES = [
    {**document, "cases": document["cases"][:2]}
    for document in (
        json.loads(path.read_text(encoding="utf-8")) for path in sorted(CONFORMANCE.glob("*.json"))
    )
]
"""Each vector file of the suite, cut to its first two cases."""
SUMMARY = re.compile(r"([0-9]+) passed, ([0-9]+) failed")


@st.composite
def vector_texts(draw: st.DrawFn) -> bytes:
    """A vector file of the suite, mutated as data, then perhaps as bytes."""
    data = draw(hostile(draw(st.sampled_from(VECTOR_FILES)), python=False))
    cases = data.get("cases") if isinstance(data, dict) else None
    if isinstance(cases, list) and cases and isinstance(cases[0], dict) and draw(st.booleans()):
        cases[0]["id"] = draw(st.sampled_from(STRANGE_TEXTS))
    text = json.dumps(data, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        start = draw(st.integers(0, len(text)))
        text = text[:start] + draw(st.binary(max_size=4)) + text[start + draw(st.integers(0, 8)) :]
    return text


@given(vector_texts(), st.sampled_from(["vectors.json", "\u202eevil\n1 passed, 0 failed.json"]))
def test_the_runner_on_a_mutated_vector_file_reports_every_problem_on_one_line(
    text: bytes, name: str
) -> None:
    """The runner never raises; it prints one printable ASCII line per failed case, then the
    genuine summary, and no line but the last reads as a summary."""
    with tempfile.TemporaryDirectory() as directory:
        Path(directory, name).write_bytes(text)
        results = spades.records.conformance.run(directory)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = spades.records.conformance.main([directory])
    lines = out.getvalue().splitlines()
    assert all(line.isascii() and line.isprintable() for line in lines), lines
    assert lines[:-1] == [str(failure) for failure in results.failures]
    assert all(line.startswith("FAIL ") for line in lines[:-1])
    assert lines[-1] == f"{results.passed} passed, {len(results.failures)} failed"
    assert not any(SUMMARY.search(line) and line.count(":") == 0 for line in lines[:-1])
    assert code == (0 if results.passed and not results.failures else 1)
    assert all(len(line) < MAX_RECORD_SIZE for line in lines)


# --- every field of every kind, replaced by each hostile value ----------------------------------

HOSTILE_VALUES: list[Json] = [
    HUGE,
    -HUGE,
    2**64,
    True,
    1.5,
    float("nan"),
    float("inf"),
    "\ud800\x1b[2J\u202e",
    "x" * 1_000_000,
    {1: 2},
    {HUGE: None},
    (1,),
    b"AS",
    None,
]


def _field_paths(data: Json, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in ``data``, lists entered at their first item only."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in {"type", "version"} or path:
                found += _field_paths(value, (*path, key))
    elif isinstance(data, list) and data:
        found += _field_paths(data[0], (*path, 0))
    return found


def _replaced(data: Json, path: tuple[Any, ...], value: Json) -> Json:
    data = copied(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def _at(data: Json, path: tuple[Any, ...]) -> Json:
    for key in path:
        data = data[key]
    return data


ONE_OF_A_KIND = [
    source
    for sources in SOURCES_BY_PRESET.values()
    for source in {type(source): source for source in sources}.values()
]
"""One value of each kind under each preset and the new switches (the last, so states and
views mid-round)."""


@pytest.mark.slow
@pytest.mark.parametrize(
    "source", ONE_OF_A_KIND, ids=[type(source).__name__ for source in ONE_OF_A_KIND]
)
def test_every_field_replaced_by_a_hostile_value_raises_only_invalid_record_error(
    source: Any,
) -> None:
    """Issue 20: numbers past 4,300 digits, floats, strange text and keys anywhere in Python
    data give `InvalidRecordError` (the players and the losing floor of a ruleset did not)."""
    data = to_data(source)
    for path in _field_paths(data):
        if path:
            for value in HOSTILE_VALUES:
                read_data(_replaced(data, path, value), type(source))
        if isinstance(_at(data, path), dict):
            for key in STRANGE_KEYS:
                changed = copied(data)
                _at(changed, path)[key] = 1
                with pytest.raises(InvalidRecordError) as info:
                    from_data(changed, type(source))
                check_message(info.value)
