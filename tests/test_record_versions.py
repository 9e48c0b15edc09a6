"""Data of the format's version 1 still reads, and version 2 is what the library writes.

Version 2 writes a game's seed as a decimal string, so that every number in the data is
one that any JSON parser reads exactly, and came with a seeded game's first round dealt by
the BLAKE2b shuffle of the later rounds. The files ``tests/data/*-v1-*.json`` were written
by the library before version 2 (``tests/data/make_version_1.py`` says how): their seeds
are numbers beyond 2**53, and their first decks come from the old shuffle. Records carry
their decks and states their hands, so they read as the games they were.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import InvalidRecordError, State, View, observe, round_deck
from spades.records import (
    READABLE_VERSIONS,
    VERSION,
    GameRecord,
    dumps,
    from_data,
    loads,
    to_data,
)
from spades.strategies import states

DATA = Path(__file__).resolve().parent / "data"
SAFE = 2**53 - 1
"""The largest whole number that every JSON parser reads exactly (I-JSON, RFC 7493)."""


def text_of(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def numbers_in(data: Any) -> list[int]:
    """Every number in plain data, booleans aside."""
    if type(data) is int:
        return [data]
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        return [number for item in data for number in numbers_in(item)]
    return []


def test_the_library_writes_version_2_and_reads_1_and_2() -> None:
    assert VERSION == 2
    assert READABLE_VERSIONS == (1, 2)


@pytest.mark.parametrize("name", ["record-v1-four.json", "record-v1-two.json"])
def test_a_version_1_record_reads_as_the_game_it_was(name: str) -> None:
    """Rule: rule-seeded-deal."""
    text = text_of(name)
    data = json.loads(text)
    assert data["version"] == 1
    assert type(data["seed"]) is int
    assert data["seed"] > SAFE
    record = loads(text)
    assert record.seed == data["seed"]
    # Its first round was dealt by the old shuffle, and it keeps that deck.
    assert [str(card) for card in record.rounds[0].deck] == data["rounds"][0]["deck"]
    assert record.rounds[0].deck != round_deck(record.seed, 1)
    # Later rounds were always the BLAKE2b shuffle.
    assert record.rounds[1].deck == round_deck(record.seed, 2)
    # Written again it is version 2, with the seed as text, and reads back the same.
    again = json.loads(dumps(record))
    assert (again["version"], again["seed"]) == (2, str(data["seed"]))
    assert {key: value for key, value in again.items() if key not in {"version", "seed"}} == {
        key: value for key, value in data.items() if key not in {"version", "seed"}
    }
    assert loads(dumps(record)) == record


def test_the_version_1_two_player_record_draws_its_exchanges_by_its_seed() -> None:
    """Rule: rule-exchange."""
    data = json.loads(text_of("record-v1-two.json"))
    moves = [move for entry in data["rounds"] for move in entry["moves"]]
    assert any(move.startswith("exchange ") for move in moves)
    assert loads(text_of("record-v1-two.json")).seed == data["seed"]
    # With another seed the exchange draws other cards, and the moves no longer follow.
    data["seed"] += 1
    with pytest.raises(InvalidRecordError):
        from_data(data)


def test_a_version_1_state_reads_and_is_the_record_s_state() -> None:
    data = json.loads(text_of("state-v1-four.json"))
    assert (data["version"], type(data["seed"])) == (1, int)
    state = from_data(data, State)
    record = loads(text_of("record-v1-four.json"))
    assert state == record.final_state
    assert to_data(state) == {**data, "version": 2, "seed": str(data["seed"])}


def test_version_1_data_with_a_seed_as_text_is_refused() -> None:
    data = json.loads(text_of("state-v1-four.json"))
    data["seed"] = str(data["seed"])
    with pytest.raises(InvalidRecordError) as info:
        from_data(data)
    assert info.value.path == "$.seed"


def test_version_2_data_with_a_seed_as_a_number_is_refused() -> None:
    data = to_data(loads(text_of("record-v1-four.json")))
    assert isinstance(data, dict)
    data["seed"] = int(data["seed"])  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match=r"as a string of decimal digits") as info:
        from_data(data)
    assert info.value.path == "$.seed"


def test_a_view_reads_the_same_under_either_version() -> None:
    view = observe(loads(text_of("record-v1-two.json")).final_state, 1)
    data = to_data(view)
    assert isinstance(data, dict)
    assert from_data({**data, "version": 1}, View) == from_data(data, View) == view


@given(states(max_moves=150))
def test_every_number_the_library_writes_is_one_every_parser_reads(state: State) -> None:
    """States, their views and their records hold no number beyond 2**53 - 1."""
    written = [to_data(state), *(to_data(observe(state, seat)) for seat in range(len(state.hands)))]
    for data in written:
        assert all(-SAFE <= number <= SAFE for number in numbers_in(data))
        assert type(data) is dict
    state_data = written[0]
    assert isinstance(state_data, dict)
    assert state_data["seed"] == str(state.seed)


@given(st.integers(0, 2**128 - 1))
def test_every_seed_is_written_as_its_decimal_text(seed: int) -> None:
    record = GameRecord.from_moves(loads(text_of("record-v1-four.json")).rules, [], seed=seed)
    data = json.loads(dumps(record))
    assert data["seed"] == str(seed)
    assert loads(dumps(record)).seed == seed
    assert all(-SAFE <= number <= SAFE for number in numbers_in(data))
