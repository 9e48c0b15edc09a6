"""Reading hostile input: `spades.records.loads` and `from_data` on anything at all.

Reading is a trust boundary. Whatever the input (random bytes, random text, random JSON,
or valid data with one field mutated), the only exception that may come out is
`InvalidRecordError`; and input that is accepted is exactly the data of the value read
(so a harmless mutation reads back as the value a fresh replay gives). The limits on
size, nesting, numbers, rounds and moves are checked at and just past each limit.
"""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import passing_state
from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    DoubleNilTiming,
    InvalidRecordError,
    Phase,
    RoundScore,
    Ruleset,
    State,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
)
from spades.bots import play_game, random_policy
from spades.records import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_MOVES,
    MAX_RECORD_SIZE,
    MAX_ROUNDS,
    GameRecord,
    RoundRecord,
    dumps,
    from_data,
    load,
    loads,
    to_data,
)
from test_record_versions import NEW_IN_3

if TYPE_CHECKING:
    from pathlib import Path

    from spades import Move

Json = Any

# --- valid values to start from -----------------------------------------------------------


def _game(rules: Ruleset, seed: int, dealer: int = 0) -> tuple[list[State], GameRecord]:
    seen: list[State] = []
    made: list[Move] = []

    def on_move(before: State, move: Move, after: State) -> None:
        if not seen:
            seen.append(before)
        seen.append(after)
        made.append(move)

    policies = [random_policy(seed + seat) for seat in range(rules.players)]
    play_game(rules, policies, seed=seed, dealer=dealer, on_move=on_move)
    return seen, GameRecord.from_moves(rules, made, seed=seed, dealer=dealer)


FOUR_STATES, FOUR_RECORD = _game(attrs.evolve(MINIOKEY, round_cap=2), seed=21, dealer=2)
TWO_STATES, TWO_RECORD = _game(
    attrs.evolve(TWO_HANDED, blind_nil_deficit=None, round_cap=2), seed=22
)
UNFINISHED = GameRecord.from_moves(
    FOUR_RECORD.rules, FOUR_RECORD.moves[: len(FOUR_RECORD.rounds[0].moves) + 7], seed=21, dealer=2
)


def _exchanged() -> State:
    state = apply(
        new_game(attrs.evolve(TWO_HANDED, blind_nil_deficit=None), seed=4), Bid(0, blind=True)
    )
    while state.phase is not Phase.PLAYING:
        state = apply(state, legal_moves(state)[-1])
    return apply(state, legal_moves(state)[0])


SOURCE_STATES = [
    FOUR_STATES[0],
    FOUR_STATES[30],
    FOUR_STATES[len(FOUR_RECORD.rounds[0].moves) + 20],
    FOUR_STATES[-1],
    TWO_STATES[9],
    TWO_STATES[60],
    TWO_STATES[-1],
    passing_state(),
    apply(passing_state(), legal_moves(passing_state())[0]),
    _exchanged(),
]
SOURCES: list[Any] = [
    FOUR_RECORD,
    TWO_RECORD,
    UNFINISHED,
    *SOURCE_STATES,
    *(observe(state, seat) for state in SOURCE_STATES[2::2] for seat in range(state.rules.players)),
    FOUR_STATES[-1].rounds[0],
    TWO_STATES[-1].rounds[-1],
    CLASSIC,
    TWO_HANDED,
]
KINDS: list[type | None] = [None, GameRecord, State, View, RoundScore, Ruleset]


def _preset_sources(rules: Ruleset, seed: int) -> list[Any]:
    """Values of a game under ``rules``, cut to two rounds: the ruleset, the record, states
    from the deal to the end, every seat's view at the deal and a third of the way in, and
    a round's score."""
    states, record = _game(attrs.evolve(rules, round_cap=2), seed=seed, dealer=seed % rules.players)
    shown = [states[0], states[len(states) // 3]]
    return [
        rules,
        record,
        *shown,
        states[len(states) // 2],
        states[-1],
        *(observe(state, seat) for state in shown for seat in range(rules.players)),
        states[-1].rounds[0],
    ]


NEW_SWITCHES = Ruleset(nil=False, zero_contract=True, team_minimum=4, ten_for_two_hundred=True)
"""The switches of version 3 that no preset turns on (reading-zero-bid, rule-team-minimum,
rule-ten-for-two-hundred)."""
NIL_PASSES = Ruleset(blind_nil=True, blind_nil_deficit=None, nil_pass=4, blind_nil_pass=4)
"""Passes of 4 cards after a nil and a blind nil (rule-card-pass, reading-card-pass)."""
LATE_DOUBLE_NIL = attrs.evolve(
    TWO_HANDED, blind_nil_deficit=None, double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE
)
"""Double nil declared right after the first draw choice (reading-double-nil-timing)."""
SUICIDE = Ruleset(bidding=Bidding.SUICIDE)
"""Each side a nil and a contract of 4 or more (rule-suicide)."""
SOURCES_BY_PRESET = {
    name: _preset_sources(rules, seed)
    for seed, (name, rules) in enumerate(
        [
            *PRESETS.items(),
            ("new switches", NEW_SWITCHES),
            ("nil passes", NIL_PASSES),
            ("late double nil", LATE_DOUBLE_NIL),
            ("suicide", SUICIDE),
        ],
        40,
    )
}
PRESET_SOURCES = [source for sources in SOURCES_BY_PRESET.values() for source in sources]
"""Valid values of real games under every preset, and under `NEW_SWITCHES`, `NIL_PASSES`,
`LATE_DOUBLE_NIL` and `SUICIDE`, to mutate."""

CARD_TEXTS = [str(card) for card in DECK]
WORDS = [
    *CARD_TEXTS[::5],
    "bid 3",
    "bid nil",
    "bid blind nil",
    "bid double nil",
    "bid 14",
    "bid -1",
    "look",
    "play AS",
    "play as",
    "pass 2C 3D",
    "pass 3D 2C",
    "keep",
    "reject",
    "exchange",
    "exchange 2C",
    "clockwise",
    "counterclockwise",
    "count",
    "bags",
    "reset",
    "carry",
    "target",
    "round_cap",
    "losing_floor",
    "bidding",
    "playing",
    "game_over",
    "record",
    "state",
    "view",
    "ruleset",
    "round_score",
    "",
]
NUMBERS = [
    0,
    1,
    -1,
    2,
    3,
    4,
    12,
    13,
    14,
    52,
    100,
    500,
    1000,
    1001,
    10**9,
    10**12,
    2**128 - 1,
    2**128,
]

leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(NUMBERS),
    st.text(max_size=8),
    st.sampled_from(WORDS),
)
json_values = st.recursive(
    leaves,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=6) | st.sampled_from(WORDS), children, max_size=4)
    ),
    max_leaves=8,
)
"""JSON values, often with the words and numbers the format uses."""

HUGE = 10**5000
"""A number Python refuses to write in decimal (more than 4,300 digits)."""
STRANGE_TEXTS = [
    "\ud800",
    "\udfff\ud800",
    "\x00",
    "\x1b[2J",
    "\n3 passed, 0 failed",
    "\r",
    "\u202e",
    "\u2066AS\u2069",
    "\u200b",
    "\ufeffbid 3",
    "\u2028",
    "\x85",
    "\x7f",
    "bid\u00a03",
    "play A\u2660",
    "bid \u0663",
    "\U0001f0a1",
    "caf\u00e9",
    "x" * 100_000,
    "bid " + "9" * 5000,
    "'\"\\",
]
"""Text that a terminal, a log or an encoder may choke on, and text of absurd length."""
STRANGE_KEYS: list[Any] = [*STRANGE_TEXTS[:16], "", "a" * 41, 0, -1, None, HUGE, (1, 2), True]
"""Keys of Python data: strange text, and keys that JSON cannot hold."""


def _deep(depth: int) -> Json:
    nested: Json = []
    for _ in range(depth):
        nested = [nested]
    return nested


DEEP = [_deep(10_000), {"rules": _deep(10_000)}]
"""Values nested 10,000 deep: shared, never copied (`copied` keeps them as they are)."""


def _levels(value: Json) -> list[Json]:
    """``value`` and every list or dict nested in it, by a loop (they nest too deep to recurse)."""
    levels, todo = [], [value]
    while todo:
        node = todo.pop()
        if isinstance(node, (dict, list)):
            levels.append(node)
            todo.extend(node.values() if isinstance(node, dict) else node)
    return levels


_SHARED = {id(level): level for value in DEEP for level in _levels(value)}
"""Every level of the `DEEP` values, by id: copied as themselves, and never changed."""


def copied(data: Json) -> Json:
    """A deep copy of ``data`` that shares the `DEEP` values (copying them would recurse)."""
    return copy.deepcopy(data, dict(_SHARED))


json_hostile_leaves = st.one_of(
    st.sampled_from(STRANGE_TEXTS),
    st.sampled_from([2**53, 2**63, -(2**63) - 1, 2**64, 10**12, 10**15 + 1, -(10**40)]),
    st.text(alphabet=st.characters(categories=["Cc", "Cf", "Zl", "Zp", "Co"])),
    st.text(alphabet=st.characters(categories=["Cs"]), min_size=1, max_size=3),
)
"""Hostile values that JSON text can hold."""
python_hostile_leaves = st.one_of(
    json_hostile_leaves,
    st.sampled_from([HUGE, -HUGE, 2**4300 * 10**10]),
    st.floats(),
    st.sampled_from([float("nan"), float("inf"), -float("inf"), -0.0, 1.0]),
    st.sampled_from([(), (1,), b"bid 3", bytearray(b"AS"), frozenset({1}), {1}, object()]),
    st.sampled_from(DEEP),
    st.dictionaries(st.sampled_from(STRANGE_KEYS), leaves, min_size=1, max_size=2),
)
"""Hostile values that only Python data can hold: numbers too large to write, floats,
tuples, bytes, sets, deep nesting, and keys that are not strings."""
json_hostile_values = json_values | json_hostile_leaves
python_hostile_values = json_values | python_hostile_leaves


def canonical(data: Json) -> str:
    """``data`` as JSON text that tells ``true`` from ``1`` and ignores the order of keys."""
    return json.dumps(data, sort_keys=True)


def as_written_now(data: Json) -> Json:
    """Data as the library writes it again: version 1 or 2 becomes 3, with the seed as text
    (version 1 wrote a number) and the ruleset's fields of version 3 at their defaults
    (older data holds none: reading-zero-bid, rule-team-minimum, reading-spades-lead,
    rule-ten-for-two-hundred)."""
    if not isinstance(data, dict) or data.get("version") not in (1, 2):
        return data
    again = {**data, "version": 3}
    if "seed" in again:
        again["seed"] = str(again["seed"])
    if again.get("type") == "ruleset":
        again.update(NEW_IN_3)
    elif "rules" in again:
        again["rules"] = {**again["rules"], **NEW_IN_3}
    return again


def check_read(data: Json, kind: type | None = None) -> object | None:
    """Read ``data``: refused with `InvalidRecordError`, or accepted as exactly its value."""
    try:
        value = from_data(data, kind)
    except InvalidRecordError as error:
        refusal: InvalidRecordError | None = error
    else:
        refusal = None
    if refusal is not None:
        assert refusal.path.startswith("$")
        assert str(refusal).startswith(f"{refusal.path}: ")
        return None
    assert kind is None or isinstance(value, kind)
    written = to_data(value)
    assert canonical(written) == canonical(as_written_now(data))
    again = from_data(json.loads(json.dumps(written)))
    assert again == value
    if isinstance(value, GameRecord):
        fresh = GameRecord(
            rules=value.rules, seed=value.seed, dealer=value.dealer, rounds=value.rounds
        )
        assert fresh == value
        assert fresh.final_state == value.final_state
        assert loads(json.dumps(data)) == value
    return value


# --- random input -------------------------------------------------------------------------------


@given(st.binary(max_size=300))
def test_loads_of_random_bytes_raises_only_invalid_record_error(text: bytes) -> None:
    with pytest.raises(InvalidRecordError) as info:
        loads(text)
    assert info.value.path.startswith("$")


@given(st.text(max_size=300))
def test_loads_of_random_text_raises_only_invalid_record_error(text: str) -> None:
    with pytest.raises(InvalidRecordError):
        loads(text)


@given(json_values)
def test_loads_of_random_json_raises_only_invalid_record_error(value: Json) -> None:
    with pytest.raises(InvalidRecordError):
        loads(json.dumps(value))


@given(
    st.recursive(
        leaves | st.floats() | st.tuples(),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(leaves, c, max_size=3),
        max_leaves=8,
    ),
    st.sampled_from(KINDS),
)
def test_from_data_of_random_data_raises_only_invalid_record_error(
    value: object, kind: type | None
) -> None:
    try:
        found = from_data(value, kind)
    except InvalidRecordError:
        return
    # The only random data that reads is a move's canonical text, read as that move.
    assert kind is None
    assert type(value) is str
    assert to_data(found) == value


_FIELDS = sorted(
    (
        {key for source in SOURCES if isinstance(data := to_data(source), dict) for key in data}
        | {"summary", "result", "deck", "moves", "sides", "winner", "termination"}
    )
    - {"type", "version"}
)


@st.composite
def random_fields(draw: st.DrawFn) -> Json:
    """A valid value's data with some of its fields (at least one) replaced by random values."""
    data: Json = to_data(draw(st.sampled_from(SOURCES)))
    fields = [key for key in data if key not in {"type", "version"}]
    chosen = draw(st.lists(st.sampled_from(fields), min_size=1, unique=True))
    for key in chosen:
        data[key] = draw(json_values)
    return data


@given(random_fields(), st.sampled_from(KINDS))
def test_from_data_of_random_fields_raises_only_invalid_record_error(
    data: Json, kind: type | None
) -> None:
    check_read(data, kind)


# --- one field mutated -------------------------------------------------------------------------


def _nearby(value: Json) -> st.SearchStrategy[Json]:
    """Values like ``value``, likely to pass the first checks and reach the deeper ones."""
    if type(value) is bool:
        return st.just(not value) | st.sampled_from([0, 1, None])
    if type(value) is int:
        return (
            st.integers(-3, 3).map(lambda step: value + step)
            | st.sampled_from(NUMBERS)
            | st.just(str(value) if abs(value) < 10**100 else "1" * 5000)  # HUGE has no str
            | st.booleans()
        )
    if type(value) is str:
        return st.sampled_from(WORDS) | st.sampled_from(CARD_TEXTS) | st.just(value.lower())
    return json_values


ADDED_KEYS = st.sampled_from(_FIELDS) | st.text(max_size=4)
"""The names of the fields `mutated` adds, by default."""


@st.composite
def mutated(
    draw: st.DrawFn,
    data: Json,
    values: st.SearchStrategy[Json] = json_values,
    keys: st.SearchStrategy[Any] = ADDED_KEYS,
) -> Json:
    """``data`` with one value changed: replaced, deleted, added to, duplicated or cut short.

    The new values come from ``values``, and the names of added fields from ``keys``.
    """
    data = copied(data)
    parent: Json = None
    key: Any = None
    node = data
    shared = id(node) in _SHARED  # a DEEP value is a leaf: never walked into nor changed
    while (
        isinstance(node, (dict, list))
        and node
        and not shared
        and (parent is None or draw(st.integers(0, 3)))
    ):
        places = list(node) if isinstance(node, dict) else range(len(node))
        key = places[draw(st.integers(0, len(places) - 1))]  # keys need not sort, nor print
        parent, node = node, node[key]
        shared = id(node) in _SHARED
    actions = ["replace", "nearby"]
    if isinstance(parent, dict):
        actions.append("delete")
    if isinstance(node, dict) and not shared:
        actions.append("add")
    if isinstance(node, list) and node and not shared:
        actions += ["truncate", "duplicate"]
    action = draw(st.sampled_from(actions))
    if action == "delete":
        del parent[key]
    elif action == "add":
        node[draw(keys)] = draw(values)
    elif action == "truncate":
        del node[draw(st.integers(0, len(node) - 1)) :]
    elif action == "duplicate":
        index = draw(st.integers(0, len(node) - 1))
        node.insert(index, copied(node[index]))
    elif parent is None:
        return draw(values)
    else:
        parent[key] = draw(_nearby(node) if action == "nearby" else values)
    return data


@st.composite
def hostile(draw: st.DrawFn, data: Json, *, python: bool = True) -> Json:
    """``data`` with one to three values changed, often to something hostile.

    With ``python``, the values and the names of added fields may be ones that only
    Python data can hold (numbers too large to write, floats, tuples, keys that are not
    strings); otherwise they are ones that JSON text can hold.
    """
    values = python_hostile_values if python else json_hostile_values
    keys = st.sampled_from(_FIELDS) | st.sampled_from(STRANGE_KEYS if python else STRANGE_TEXTS)
    for _ in range(draw(st.integers(1, 3))):
        data = draw(mutated(data, values, keys))
    return data


@settings(max_examples=200)
@given(
    st.sampled_from(SOURCES).flatmap(
        lambda value: st.tuples(st.just(value), mutated(to_data(value)))
    )
)
def test_one_mutated_field_is_refused_or_read_exactly(case: tuple[Any, Json]) -> None:
    value, data = case
    read = check_read(data)
    if read is not None and canonical(data) == canonical(to_data(value)):
        assert read == value
    check_read(data, type(value))


@settings(max_examples=100)
@given(st.sampled_from([FOUR_RECORD, TWO_RECORD, UNFINISHED]), st.data())
def test_mutated_record_text_is_refused_or_read_exactly(
    record: GameRecord, data: st.DataObject
) -> None:
    text = dumps(record, indent=data.draw(st.sampled_from([None, 1])))
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 8)))
    insert = data.draw(
        st.text(alphabet='{}[]":,0123456789-. \\tnufe', max_size=4) | st.text(max_size=3)
    )
    changed = text[:start] + insert + text[end:]
    try:
        read = loads(changed)
    except InvalidRecordError:
        return
    # Accepted: the text says exactly what the record it reads as says, and that record
    # replays to the same final state as one built afresh from its moves.
    assert canonical(json.loads(changed)) == canonical(to_data(read))
    afresh = GameRecord.from_moves(
        read.rules,
        read.moves,
        seed=read.seed,
        dealer=read.dealer,
        decks=[r.deck for r in read.rounds],
    )
    assert afresh.final_state == read.final_state


# --- the limits -----------------------------------------------------------------------------------


def refused_at_top(text: str | bytes, words: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        loads(text)
    assert info.value.path == "$"
    assert words in str(info.value)


def test_text_longer_than_the_limit_is_refused() -> None:
    text = dumps(FOUR_RECORD)
    padded = text + " " * (MAX_RECORD_SIZE - len(text))
    assert len(padded) == MAX_RECORD_SIZE
    assert loads(padded) == FOUR_RECORD
    assert loads(padded.encode()) == FOUR_RECORD
    refused_at_top(padded + " ", f"longer than {MAX_RECORD_SIZE} characters")
    refused_at_top((padded + " ").encode(), f"longer than {MAX_RECORD_SIZE} bytes")
    # Counted in characters for text and in bytes for bytes.
    wide = text + " " * (MAX_RECORD_SIZE - len(text) - 1) + "é"
    assert loads(wide.replace("é", " ")) == FOUR_RECORD
    refused_at_top(wide.encode(), "bytes")


def test_load_of_a_file_longer_than_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(dumps(TWO_RECORD) + " " * MAX_RECORD_SIZE, encoding="utf-8")
    for mode in ("r", "rb"):
        with path.open(mode) as file, pytest.raises(InvalidRecordError) as info:
            load(file)
        assert info.value.path == "$"
        assert "longer than" in str(info.value)


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_nesting_deeper_than_the_limit_is_refused() -> None:
    refused_at_top(_nested(MAX_DEPTH + 1), f"deeper than {MAX_DEPTH}")
    refused_at_top('{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1), "deeper")
    # At the limit the text is read (and refused for what it says, not for its depth).
    with pytest.raises(InvalidRecordError) as info:
        loads(_nested(MAX_DEPTH))
    assert "deeper" not in str(info.value)
    # Brackets inside strings do not nest.
    data: Json = to_data(FOUR_RECORD)
    data["rounds"][0]["moves"][0] = "[" * 50 + "{" * 50
    with pytest.raises(InvalidRecordError) as info:
        loads(json.dumps(data))
    assert info.value.path == "$.rounds[0].moves[0]"
    data["rounds"][0]["moves"][0] = '"\\[' * 50
    with pytest.raises(InvalidRecordError) as info:
        loads(json.dumps(data))
    assert info.value.path == "$.rounds[0].moves[0]"


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        _nested(100_000),
        "{" * 100_000,
        '{"a":' * 100_000,
        '{"rounds":' + "[" * 100_000,
        '"' + '\\"[' * 100_000,
    ],
    ids=["open", "closed", "objects", "fields", "inside", "unterminated_string"],
)
def test_a_hundred_thousand_brackets_are_refused_without_recursion(text: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        loads(text)
    assert info.value.path == "$"


def test_deep_python_data_is_refused_without_recursion() -> None:
    deep: Json = []
    for _ in range(100_000):
        deep = [deep]
    for field, path in [
        ("rules", "$.rules"),
        ("seed", "$.seed"),
        ("rounds", "$.rounds[0]"),
        ("result", "$.result"),
    ]:
        data: Json = to_data(TWO_RECORD)
        data[field] = deep
        with pytest.raises(InvalidRecordError) as info:
            from_data(data)
        assert info.value.path == path
    for field in (
        "nil",
        "zero_contract",
        "nil_pass",
        "double_nil_timing",
        "team_minimum",
        "bidding",
        "round_cap",
        "target",
        "direction",
    ):
        data = to_data(TWO_RECORD)
        data["rules"][field] = deep
        with pytest.raises(InvalidRecordError) as info:
            from_data(data)
        assert info.value.path == f"$.rules.{field}"
        assert len(str(info.value)) < 200


def test_a_huge_string_in_a_ruleset_is_refused_with_a_short_message() -> None:
    data: Json = to_data(FOUR_RECORD)
    data["rules"]["nil"] = "x" * 3_000_000
    with pytest.raises(InvalidRecordError) as info:
        loads(json.dumps(data))
    assert info.value.path == "$.rules.nil"
    assert len(str(info.value)) < 200


def test_numbers_with_more_digits_than_the_limit_are_refused() -> None:
    # Version 1 wrote the seed as a number, the longest number of the format.
    text = dumps(FOUR_RECORD).replace('"version":3', '"version":1', 1)
    for name, value in NEW_IN_3.items():  # the fields of version 3 on
        field = f'"{name}":{json.dumps(value)},'
        assert field in text
        text = text.replace(field, "", 1)
    seed = f'"seed":{FOUR_RECORD.seed}'
    text = text.replace(f'"seed":"{FOUR_RECORD.seed}"', seed, 1)
    assert seed in text
    refused_at_top(
        text.replace(seed, '"seed":' + "9" * (MAX_DIGITS + 1)), f"more than {MAX_DIGITS} digits"
    )
    refused_at_top(text.replace(seed, '"seed":-' + "9" * (MAX_DIGITS + 1)), "digits")
    for digits in ("9" * MAX_DIGITS, "-" + "9" * MAX_DIGITS):
        with pytest.raises(InvalidRecordError) as info:
            loads(text.replace(seed, '"seed":' + digits))
        assert info.value.path == "$.seed"
        assert "far out of range" in str(info.value)
    biggest = text.replace(seed, f'"seed":{2**128 - 1}')
    assert len(str(2**128 - 1)) < MAX_DIGITS
    assert loads(biggest).seed == 2**128 - 1


@pytest.mark.parametrize(
    "number", ["1.0", "3e0", "-0.0", "1E+2", "0.5", "1e999", "NaN", "Infinity", "-Infinity"]
)
def test_numbers_that_are_not_whole_are_refused(number: str) -> None:
    text = dumps(FOUR_RECORD).replace('"dealer":2', f'"dealer":{number}')
    assert number in text
    refused_at_top(text, "whole")


def test_duplicate_keys_are_refused() -> None:
    refused_at_top('{"type":"record","type":"record"}', "'type' twice")
    text = dumps(FOUR_RECORD)
    refused_at_top(text.replace('"dealer":2', '"dealer":2,"dealer":2'), "'dealer' twice")
    refused_at_top(text.replace('"winner":', '"winner":0,"winner":'), "'winner' twice")
    refused_at_top('{"' + "k" * 1000 + '":1,"' + "k" * 1000 + '":1}', "twice")


@pytest.mark.parametrize(
    "text",
    [
        b"\xff",
        b'{"type":"record\xc3"}',
        b"\xed\xa0\x80",
        b"\xef\xbb\xbf{}",
        b"\x00",
        b"\xfe\xff\x00{",
    ],
    ids=["ff", "cut_sequence", "surrogate", "bom", "nul", "utf16_bom"],
)
def test_bytes_that_are_not_utf8_json_are_refused(text: bytes) -> None:
    with pytest.raises(InvalidRecordError) as info:
        loads(text)
    assert info.value.path == "$"


def test_non_utf8_bytes_are_named_as_such() -> None:
    refused_at_top(b'{"type": "record", "seed": "\xff"}', "not UTF-8")


def test_more_rounds_than_the_limit_are_refused() -> None:
    data: Json = to_data(FOUR_RECORD)
    data["rounds"] = [{}] * (MAX_ROUNDS + 1)
    text = json.dumps(data)
    assert len(text) < MAX_RECORD_SIZE
    with pytest.raises(InvalidRecordError) as info:
        loads(text)
    assert info.value.path == "$.rounds"
    assert f"at most {MAX_ROUNDS}" in str(info.value)
    with pytest.raises(InvalidRecordError) as info:
        GameRecord(rules=CLASSIC, seed=1, rounds=[FOUR_RECORD.rounds[0]] * (MAX_ROUNDS + 1))
    assert info.value.path == "$.rounds"
    for value in (FOUR_STATES[-1], observe(FOUR_STATES[-1], 0)):
        state: Json = to_data(value)
        state["rounds"] = state["rounds"][:1] * (MAX_ROUNDS + 1)
        with pytest.raises(InvalidRecordError) as info:
            from_data(state)
        assert info.value.path == "$.rounds"


def test_more_moves_in_a_round_than_the_limit_are_refused() -> None:
    data: Json = to_data(FOUR_RECORD)
    data["rounds"][0]["moves"] = ["look"] * (MAX_MOVES + 1)
    with pytest.raises(InvalidRecordError) as info:
        loads(json.dumps(data))
    assert info.value.path == "$.rounds[0].moves"
    assert f"at most {MAX_MOVES}" in str(info.value)
    rounds = [RoundRecord(deck=FOUR_RECORD.rounds[0].deck, moves=[Bid(3)] * (MAX_MOVES + 1))]
    with pytest.raises(InvalidRecordError) as info:
        GameRecord(rules=FOUR_RECORD.rules, seed=21, rounds=rounds)
    assert info.value.path == "$.rounds[0].moves"


def test_long_text_in_a_field_is_quoted_short() -> None:
    data: Json = to_data(FOUR_RECORD)
    data["rounds"][0]["moves"][0] = "bid " + "9" * 10_000
    data["rules"]["direction"] = "x" * 10_000
    with pytest.raises(InvalidRecordError) as info:
        from_data(data)
    assert info.value.path == "$.rules.direction"
    assert len(str(info.value)) < 300
    data = to_data(FOUR_RECORD)
    data["rounds"][0]["moves"][0] = "bid " + "9" * 10_000
    with pytest.raises(InvalidRecordError) as info:
        from_data(data)
    assert info.value.path == "$.rounds[0].moves[0]"
    assert len(str(info.value)) < 300
