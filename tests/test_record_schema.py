"""The JSON Schema of game records, ``docs/record.schema.json``, against `spades.records`.

The schema documents the record format for other languages, so it must agree with the
library both ways:

- it is a valid draft 2020-12 schema, every property is described, every object closes
  itself with ``"additionalProperties": false``, and its ruleset lists exactly the
  fields of `spades.Ruleset`, its enums exactly the members of the library's enums, and
  its limits exactly the module's constants;
- every record `spades.records.dumps` writes is valid: whole games under every preset
  played by the heuristic bot, games cut short by round caps, targets and losing floors,
  unfinished games (no move yet, mid-round, at a round's start), four-player blind nil
  with card passes, two-player double nil with exchanges, `GameRecord.from_moves` with
  explicit decks, and random games under random rulesets;
- records broken in a way the schema describes (an extra or missing field, a bad card,
  a 51-card deck, a loose move text, ...) fail the schema, and `spades.records.loads`
  refuses them too; records broken only in what a replay finds pass the schema and are
  refused by `loads` alone;
- the records of the conformance suite's game cases, and the rulesets of all its cases,
  are valid.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    BagOverflow,
    Bid,
    Direction,
    Exchange,
    InvalidRecordError,
    NilTricks,
    Phase,
    Ruleset,
    Termination,
    apply,
    deal,
    new_game,
    observe,
    records,
)
from spades.bots import heuristic_policy, random_policy
from spades.records import GameRecord
from spades.strategies import rulesets

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from spades import Card, Move, View
    from spades.bots import Policy

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "docs" / "record.schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)
RULESET_VALIDATOR = Draft202012Validator(
    {"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"], "$ref": "#/$defs/ruleset"}
)
"""The schema's ruleset on its own."""
BLIND_NIL = Bid(0, blind=True)
BLIND_ANYTIME = Ruleset(blind_nil=True, blind_nil_deficit=None, round_cap=4)
"""Blind nil open to every seat; capped, as bots that always dare may never reach a target."""
DOUBLE_NIL = attrs.evolve(TWO_HANDED, round_cap=4)
RULESET_FIELDS = [field.name for field in attrs.fields(Ruleset) if field.init]


def errors(data: object) -> list[str]:
    """The schema's complaints about ``data``, one line each."""
    return [error.message for error in VALIDATOR.iter_errors(data)]


def data_of(record: GameRecord) -> Any:
    """The record as the JSON text `dumps` writes, read back by a plain JSON reader."""
    return json.loads(dumps(record))


@functools.cache
def dumps(record: GameRecord) -> str:
    """`spades.records.dumps`, once per record."""
    return records.dumps(record)


def played(
    rules: Ruleset,
    policies: Sequence[Policy],
    *,
    seed: int,
    dealer: int = 0,
    limit: int | None = None,
    stop_at_round: int | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
) -> GameRecord:
    """The record of a game between ``policies``, to its end or until it is cut short.

    With ``limit`` it stops after that many moves, with ``stop_at_round`` at the start of
    that round. With ``decks``, round ``r`` is dealt from ``decks[r - 1]``, not the seed's.
    """
    state = new_game(rules, seed=seed, dealer=dealer, deck=None if decks is None else decks[0])
    moves: list[Move] = []
    while state.to_move is not None and len(moves) != limit and state.round_number != stop_at_round:
        number = state.round_number
        move = policies[state.to_move](observe(state, state.to_move))
        state = apply(state, move)
        moves.append(move)
        if decks is not None and state.round_number > number and not state.is_over:
            state = deal(state, decks[number])
    return GameRecord.from_moves(rules, moves, seed=seed, dealer=dealer, decks=decks)


def daring(policy: Policy, seats: Callable[[View], bool]) -> Policy:
    """``policy``, but bidding blind (or double) nil whenever ``seats`` says so and may."""

    def choose(view: View) -> Move:
        if seats(view) and BLIND_NIL in view.legal_moves():
            return BLIND_NIL
        return policy(view)

    return choose


def gives_nothing(view: View) -> Move:
    """The heuristic bot, but exchanging no card after a double nil."""
    if view.phase is Phase.EXCHANGING:
        return Exchange([])
    return heuristic_policy()(view)


def heuristic(players: int) -> list[Policy]:
    return [heuristic_policy()] * players


def games() -> Iterator[tuple[str, GameRecord]]:
    """Records of every kind the format holds, each with a name for the test's id."""
    for name, rules in PRESETS.items():
        yield f"{name}, whole game", played(rules, heuristic(rules.players), seed=3)
        capped = attrs.evolve(rules, round_cap=1)
        yield f"{name}, round cap 1", played(capped, heuristic(rules.players), seed=5, dealer=1)
        low = attrs.evolve(rules, target=60)
        yield f"{name}, target 60", played(low, heuristic(rules.players), seed=11)
        yield f"{name}, no move", played(rules, heuristic(rules.players), seed=2, limit=0)
        yield f"{name}, mid-round", played(rules, heuristic(rules.players), seed=2, limit=37)
        yield (
            f"{name}, start of round 2",
            played(rules, heuristic(rules.players), seed=4, stop_at_round=2),
        )
    drawn = attrs.evolve(CLASSIC, round_cap=1)
    yield "drawn at the round cap", played(drawn, heuristic(4), seed=28)
    floor = attrs.evolve(BLIND_ANYTIME, losing_floor=-1, target=1000, round_cap=None)
    falls = [heuristic_policy(), daring(heuristic_policy(), lambda view: view.seat == 1)]
    yield "losing floor", played(floor, falls * 2, seed=3)
    dares = daring(heuristic_policy(), lambda view: view.seat in {1, 2})
    blind = [heuristic_policy(), dares, dares, heuristic_policy()]
    yield "blind nil and passes", played(BLIND_ANYTIME, blind, seed=9, dealer=3)
    double = [
        daring(heuristic_policy(), lambda view: True),
        daring(gives_nothing, lambda view: view.round_number % 2 == 1),
    ]
    yield "double nil and exchanges", played(DOUBLE_NIL, double, seed=6)
    yield "double nil, unfinished", played(DOUBLE_NIL, double, seed=6, limit=60)
    decks = [DECK, DECK[::-1], DECK[1:] + DECK[:1]]
    yield "from_moves with decks", played(CLASSIC, heuristic(4), seed=8, limit=110, decks=decks)
    yield "from_moves, one bid", GameRecord.from_moves(CLASSIC, [Bid(3)], seed=7)
    yield "largest seed", played(MINIOKEY, heuristic(4), seed=2**128 - 1, dealer=3, limit=80)


GAMES = dict(games())


@pytest.mark.parametrize("name", GAMES)
def test_records_that_dumps_writes_are_valid(name: str) -> None:
    assert errors(data_of(GAMES[name])) == []


def test_the_games_reach_every_part_of_the_format() -> None:
    """The games above are worth validating: they hold every kind of move and ending."""
    texts = {str(move).split(" ")[0] for record in GAMES.values() for move in record.moves}
    assert texts == {"bid", "look", "play", "pass", "keep", "reject", "exchange"}
    bids = {str(move) for record in GAMES.values() for move in record.moves}
    assert {"bid nil", "bid blind nil", "exchange"} <= bids
    endings = {record.final_state.outcome for record in GAMES.values()}
    assert {outcome.termination for outcome in endings if outcome} == set(Termination)
    assert None in endings
    assert any(outcome and outcome.winner is None for outcome in endings)
    last_rounds = [data_of(record)["rounds"][-1] for record in GAMES.values()]
    assert any(entry["summary"] is None and entry["moves"] == [] for entry in last_rounds)


@settings(max_examples=60)
@given(
    rules=rulesets(),
    seed=st.integers(0, 2**128 - 1),
    dealer=st.integers(0, 3),
    choices=st.integers(0, 2**32),
    limit=st.integers(0, 150),
)
def test_random_games_under_random_rulesets_are_valid(
    rules: Ruleset, seed: int, dealer: int, choices: int, limit: int
) -> None:
    dealer %= rules.players
    record = played(
        rules, [random_policy(choices)] * rules.players, seed=seed, dealer=dealer, limit=limit
    )
    assert errors(data_of(record)) == []


def test_the_conformance_suite_holds_valid_records_and_rulesets() -> None:
    """The game cases' records, and every case's ruleset, are valid for the schema."""
    files = sorted((SCHEMA_PATH.parents[1] / "conformance").glob("*.json"))
    kinds = set()
    for file in files:
        document = json.loads(file.read_text(encoding="utf-8"))
        kinds.add(document["kind"])
        for case in document["cases"]:
            if document["kind"] == "game":
                assert errors(case["record"]) == [], case["id"]
            else:
                assert list(RULESET_VALIDATOR.iter_errors(case["rules"])) == [], case["id"]
    assert kinds == {"scoring", "legal", "game"}


# --- the schema itself -----------------------------------------------------------------------


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def subschemas(schema: object, path: str = "#") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema object inside ``schema``, with a JSON-pointer-like path."""
    if isinstance(schema, dict):
        yield path, schema
        for key, value in schema.items():
            if key not in {"enum", "const", "required"}:
                yield from subschemas(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            yield from subschemas(value, f"{path}/{index}")


def test_every_property_is_described() -> None:
    assert SCHEMA["description"]
    defined = [
        (f"{path}/{name}", sub)
        for path, schema in subschemas(SCHEMA)
        if "required" in schema
        for name, sub in schema["properties"].items()
    ]
    assert len(defined) == 7 + len(RULESET_FIELDS) + 3 + 4 + 3 + 2  # record ... outcome
    assert [path for path, sub in defined if not sub.get("description")] == []
    for name, definition in SCHEMA["$defs"].items():
        assert definition.get("description"), name


def test_every_object_is_closed_and_requires_all_its_fields() -> None:
    closed = [schema for _, schema in subschemas(SCHEMA) if "required" in schema]
    assert len(closed) == 6  # record, ruleset, round, summary, result, outcome
    for schema in closed:
        assert schema["additionalProperties"] is False
        assert schema["type"] == "object"
        assert schema["required"] == list(schema["properties"])


def test_the_ruleset_lists_exactly_the_fields_of_ruleset() -> None:
    ruleset = SCHEMA["$defs"]["ruleset"]
    assert list(ruleset["properties"]) == RULESET_FIELDS
    assert ruleset["required"] == RULESET_FIELDS
    enums = {"direction": Direction, "nil_tricks": NilTricks, "bag_overflow": BagOverflow}
    for name, kind in enums.items():
        assert ruleset["properties"][name]["enum"] == [member.name.lower() for member in kind]
    outcome = SCHEMA["$defs"]["outcome"]["properties"]
    assert outcome["termination"]["enum"] == [member.value for member in Termination]


def test_the_limits_are_the_module_constants() -> None:
    top = SCHEMA["properties"]
    assert top["rounds"]["maxItems"] == records.MAX_ROUNDS
    assert SCHEMA["$defs"]["round"]["properties"]["moves"]["maxItems"] == records.MAX_MOVES
    assert top["seed"]["maximum"] == 2**128 - 1
    assert top["version"]["const"] == records.VERSION
    assert len(str(top["seed"]["maximum"])) <= records.MAX_DIGITS


@given(rules=rulesets())
def test_every_ruleset_is_valid_and_its_data_reads_back(rules: Ruleset) -> None:
    data = records.to_data(rules)
    assert isinstance(data, dict)
    body = {key: value for key, value in data.items() if key not in {"type", "version"}}
    assert list(RULESET_VALIDATOR.iter_errors(body)) == []
    assert records.from_data(data) == rules


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", 3),
        ("players", True),
        ("direction", "left"),
        ("direction", 1),
        ("nil", 1),
        ("nil_value", -1),
        ("nil_value", 10**9 + 1),
        ("nil_tricks", "COUNT"),
        ("blind_nil_deficit", -5),
        ("blind_nil_pass", 4),
        ("blind_nil_exchange", 1),
        ("bag_limit", 0),
        ("bag_overflow", "keep"),
        ("target", 0),
        ("losing_floor", 0),
        ("round_cap", 0),
        ("round_cap", "25"),
    ],
)
def test_a_bad_ruleset_field_fails_the_schema_and_loads(field: str, value: object) -> None:
    data = data_of(GAMES["classic, no move"])
    data["rules"][field] = value
    assert errors(data)
    with pytest.raises(InvalidRecordError) as raised:
        records.loads(json.dumps(data))
    assert raised.value.path.startswith("$.rules")


@pytest.mark.parametrize(
    "changes",
    [
        {"players": 2},  # with the four-player defaults: pass 2, nil_tricks count
        {"blind_nil": True, "nil": False},
        {"players": 2, "nil_tricks": "bags", "blind_nil_pass": 0, "direction": "counterclockwise"},
    ],
)
def test_a_bad_combination_of_ruleset_fields_fails(changes: dict[str, object]) -> None:
    data = data_of(GAMES["classic, no move"])
    data["rules"].update(changes)
    assert errors(data)
    with pytest.raises(InvalidRecordError):
        records.loads(json.dumps(data))


# --- broken records --------------------------------------------------------------------------


def broken(name: str, change: Callable[[Any], None]) -> Any:
    """The data of ``GAMES[name]`` with ``change`` made to it."""
    data = data_of(GAMES[name])
    change(data)
    return data


def set_at(*path: str | int, value: object) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def drop(*path: str | int) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return change


def move(number: int, text: str) -> Callable[[Any], None]:
    return set_at("rounds", 0, "moves", number, value=text)


FOUR = "classic, target 60"
TWO = "two-handed, target 60"
BROKEN = {
    "an extra field": (FOUR, set_at("comment", value="hello")),
    "an extra field in the rules": (FOUR, set_at("rules", "jokers", value=False)),
    "an extra field in a round": (FOUR, set_at("rounds", 0, "dealer", value=0)),
    "an extra field in a summary": (FOUR, set_at("rounds", 0, "summary", "nil", value=[])),
    "an extra field in the result": (FOUR, set_at("result", "rounds", value=11)),
    "an extra field in the outcome": (FOUR, set_at("result", "outcome", "draw", value=False)),
    "no result": (FOUR, drop("result")),
    "no round cap in the rules": (FOUR, drop("rules", "round_cap")),
    "no summary": (FOUR, drop("rounds", 0, "summary")),
    "version 2": (FOUR, set_at("version", value=2)),
    "a state's type": (FOUR, set_at("type", value="state")),
    "a negative seed": (FOUR, set_at("seed", value=-1)),
    "a seed of 2**128": (FOUR, set_at("seed", value=2**128)),
    "a seed in a string": (FOUR, set_at("seed", value="3")),
    "dealer 4": (FOUR, set_at("dealer", value=4)),
    "dealer 2 of two players": (TWO, set_at("dealer", value=2)),
    "no round": (FOUR, set_at("rounds", value=[])),
    "a card '1S'": (FOUR, set_at("rounds", 0, "deck", 5, value="1S")),
    "a card 'as'": (FOUR, set_at("rounds", 0, "deck", 5, value="as")),
    "a card '10S'": (FOUR, set_at("rounds", 0, "deck", 5, value="10S")),
    "a card 'AS\\n'": (FOUR, set_at("rounds", 0, "deck", 5, value="AS\n")),
    "a card as a number": (FOUR, set_at("rounds", 0, "deck", 5, value=51)),
    "a 51-card deck": (FOUR, drop("rounds", 0, "deck", 0)),
    "a card twice": (FOUR, set_at("rounds", 0, "deck", 0, value="AS")),
    "'bid 0'": (FOUR, move(0, "bid 0")),
    "'BID 3'": (FOUR, move(0, "BID 3")),
    "'bid 14'": (FOUR, move(0, "bid 14")),
    "'bid  3'": (FOUR, move(0, "bid  3")),
    "'bid double nil'": (TWO, move(0, "bid double nil")),
    "'play 10H'": (FOUR, move(4, "play 10H")),
    "'play AS\\n'": (FOUR, move(4, "play AS\n")),
    "'pass 2C\\n'": (FOUR, move(4, "pass 2C\n")),
    "four cards passed": (FOUR, move(4, "pass 2C 3C 4C 5C")),
    "four cards exchanged": (TWO, move(0, "exchange 2C 3C 4C 5C")),
    "'exchange '": (TWO, move(0, "exchange ")),
    "'exchange\\n'": (TWO, move(0, "exchange\n")),
    "a draw of four players": (FOUR, move(0, "keep")),
    "a look of two players": (TWO, move(0, "look")),
    "a pass of two players": (TWO, move(0, "pass 2C 3C")),
    "a move as a list": (FOUR, set_at("rounds", 0, "moves", 0, value=["bid", 3])),
    "three tricks of four players": (FOUR, drop("rounds", 0, "summary", "tricks", 3)),
    "14 tricks of a seat": (FOUR, set_at("rounds", 0, "summary", "tricks", 0, value=14)),
    "negative bags": (FOUR, set_at("result", "bags", 0, value=-1)),
    "three scores": (FOUR, set_at("result", "scores", value=[0, 0, 0])),
    "a drawn game at the target": (FOUR, set_at("result", "outcome", "winner", value=None)),
    "winner true": (FOUR, set_at("result", "outcome", "winner", value=True)),
    "a termination 'resign'": (FOUR, set_at("result", "outcome", "termination", value="resign")),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_record_fails_the_schema_and_loads(case: str) -> None:
    name, change = BROKEN[case]
    data = broken(name, change)
    assert errors(data)
    with pytest.raises(InvalidRecordError):
        records.loads(json.dumps(data))


BEYOND = {
    "an illegal first play": (FOUR, move(0, "play AS")),
    "a pass out of order": ("blind nil and passes", None),
    "a wrong summary": (FOUR, set_at("rounds", 0, "summary", "points", 0, value=999)),
    "a wrong result": (FOUR, set_at("result", "scores", 1, value=0)),
    "a summary of the round in progress": (
        "classic, mid-round",
        set_at(
            "rounds",
            0,
            "summary",
            value={"tricks": [4, 3, 3, 3], "points": [0, 0], "bags": [0, 0], "scores": [0, 0]},
        ),
    ),
    "a round after the game's end": (
        "classic, round cap 1",
        lambda data: data["rounds"].append(
            {"deck": data["rounds"][0]["deck"], "moves": [], "summary": None}
        ),
    ),
}


def unsort_a_pass(data: Any) -> None:
    """Write the first card pass of the record with its cards in reverse order."""
    for entry in data["rounds"]:
        for number, text in enumerate(entry["moves"]):
            if text.startswith("pass "):
                entry["moves"][number] = " ".join(["pass", *reversed(text.split()[1:])])
                return
    raise AssertionError("no pass in the record")  # pragma: no cover


@pytest.mark.parametrize("case", BEYOND)
def test_what_only_a_replay_finds_passes_the_schema_and_fails_loads(case: str) -> None:
    name, change = BEYOND[case]
    data = broken(name, change or unsort_a_pass)
    assert errors(data) == []
    with pytest.raises(InvalidRecordError):
        records.loads(json.dumps(data))


def test_a_whole_number_written_as_a_fraction_passes_the_schema_but_not_loads() -> None:
    """JSON Schema counts 3.0 as an integer; the format allows no fraction at all."""
    text = records.dumps(GAMES["classic, no move"]).replace('"seed":2,', '"seed":2.0,')
    assert errors(json.loads(text)) == []
    with pytest.raises(InvalidRecordError, match="whole"):
        records.loads(text)
