"""Records and plain data: `spades.records`, its round trips, its replays and its refusals.

The format is the porting guide's. The tests check that:

- every value `to_data` writes reads back as an equal value, also through JSON text:
  rulesets, legal and illegal moves, states of every phase (game over included) under
  every preset and random rulesets of both player counts, every seat's view, round
  scores, and records of played games, dealt by the seed or by the caller;
- `from_data` with a ``kind`` takes data of that kind and refuses any other;
- a `GameRecord` replays to exactly the states of the game it records, finished or not;
- impossible content raises `InvalidRecordError` naming the path of the bad field:
  cards twice or missing, moves that are illegal or not in their canonical text, totals
  that the moves do not give, fields unknown, missing or of the wrong type, rounds after
  the end or missing, states that legal play does not reach, and so on;
- the error pickles, and values that are not data raise `TypeError`.

Fuzzing and the limits on hostile text are in ``test_records_fuzz.py``.
"""

from __future__ import annotations

import copy
import io
import json
import pickle
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import (
    BLIND_ANYTIME,
    NIL,
    C,
    by_seat,
    first_seat,
    passing_state,
    play_round,
    round_bids,
    seat_after,
)
from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    Deck,
    Direction,
    Exchange,
    IllegalMoveError,
    InvalidRecordError,
    Keep,
    Look,
    Pass,
    Phase,
    Play,
    Reject,
    RoundScore,
    Ruleset,
    SpadesError,
    State,
    Suit,
    View,
    apply,
    deal,
    legal_moves,
    new_game,
    observe,
    round_deck,
    score_round,
)
from spades.bots import heuristic_policy, play_game, random_policy
from spades.records import (
    VERSION,
    GameRecord,
    RoundRecord,
    dump,
    dumps,
    from_data,
    load,
    loads,
    to_data,
)
from spades.strategies import decks, illegal_moves, moves, rulesets, states
from test_record_versions import NEW_IN_3

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from spades import Move

Json = Any
"""Plain data as the tests edit it: nested dicts and lists, typed loosely on purpose."""

# --- games and positions --------------------------------------------------------------------


def played(
    rules: Ruleset, *, seed: int, dealer: int = 0, heuristic: bool = False
) -> tuple[list[State], list[Move]]:
    """A whole game between bots: every state from the first deal on, and every move."""
    seen: list[State] = []
    made: list[Move] = []

    def on_move(before: State, move: Move, after: State) -> None:
        if not seen:
            seen.append(before)
        seen.append(after)
        made.append(move)

    policies = [
        heuristic_policy() if heuristic else random_policy(seed + seat) for seat in range(4)
    ]
    play_game(rules, policies[: rules.players], seed=seed, dealer=dealer, on_move=on_move)
    return seen, made


def dealt_by_hand(
    rules: Ruleset,
    seed: int,
    dealer: int,
    choose: Callable[[State], Move],
    deck: Callable[[], Sequence[Card]],
) -> tuple[list[State], list[Move], list[tuple[Card, ...]]]:
    """A whole game whose every round is dealt from ``deck()``, not from the seed."""
    dealt = [tuple(deck())]
    state = new_game(rules, seed=seed, dealer=dealer, deck=dealt[0])
    seen, made = [state], []
    while not state.is_over:
        move = choose(state)
        number = state.round_number
        state = apply(state, move)
        if state.round_number != number:
            dealt.append(tuple(deck()))
            state = deal(state, dealt[-1])
        seen.append(state)
        made.append(move)
    return seen, made, dealt


SHORT = attrs.evolve(CLASSIC, round_cap=2)
SHORT_STATES, SHORT_MOVES = played(SHORT, seed=3, heuristic=True)
"""Two rounds of heuristic bots under the classic rules (the game ends at the round cap)."""
SHORT_RECORD = GameRecord.from_moves(SHORT, SHORT_MOVES, seed=3)
ROUND_ONE = next(index for index, state in enumerate(SHORT_STATES) if state.round_number == 2)
"""How many moves round 1 of the short game has."""

TWO_SHORT = attrs.evolve(TWO_HANDED, round_cap=2)
TWO_STATES, TWO_MOVES = played(TWO_SHORT, seed=5, dealer=1)
TWO_RECORD = GameRecord.from_moves(TWO_SHORT, TWO_MOVES, seed=5, dealer=1)


def record_data() -> Json:
    """The short game's record as data, fresh for each edit."""
    return to_data(SHORT_RECORD)


def first_state(where: Callable[[State], bool], found: Sequence[State] = SHORT_STATES) -> State:
    return next(state for state in found if where(state))


MID_TRICK = first_state(
    lambda s: (
        s.round_number == 2
        and s.phase is Phase.PLAYING
        and len(s.tricks) == 3
        and len(s.trick) == 2
    )
)
"""Round 2 of the short game, three tricks done and two cards on the table."""
TWO_DRAWING = first_state(lambda s: s.phase is Phase.DRAWING and len(s.draws) == 5, TWO_STATES)
TWO_PLAYING = first_state(
    lambda s: s.phase is Phase.PLAYING and len(s.tricks) == 2 and len(s.trick) == 1, TWO_STATES
)


def after_a_nil_round(rules: Ruleset = CLASSIC) -> State:
    """The start of round 2 after a round where seat 1 bid nil and took no trick."""
    bids = round_bids((4, 3), (0, 3))
    return play_round(new_game(rules, seed=0), bids, [5, 0, 4, 4])


# --- round trips ------------------------------------------------------------------------------


def assert_round_trips(value: Any) -> None:
    """``value`` survives `to_data` and `from_data`, directly, with its kind, and as JSON."""
    data = to_data(value)
    text = json.dumps(data)
    assert json.loads(text) == data
    assert from_data(data) == value
    assert from_data(data, type(value)) == value
    assert from_data(json.loads(text)) == value
    assert to_data(from_data(data)) == data


@given(rulesets())
def test_every_ruleset_round_trips(rules: Ruleset) -> None:
    assert_round_trips(rules)
    data = to_data(rules)
    assert isinstance(data, dict)
    assert data["type"] == "ruleset"
    assert data["version"] == VERSION == 3


@given(st.data())
def test_every_legal_and_illegal_move_round_trips(data: st.DataObject) -> None:
    state = data.draw(states(max_moves=120))
    if not state.is_over:
        move = data.draw(moves(state))
        assert_round_trips(move)
        assert to_data(move) == str(move)
    assert_round_trips(data.draw(illegal_moves(state)))


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Bid(3), "bid 3"),
        (Bid(0), "bid nil"),
        (Bid(0, blind=True), "bid blind nil"),
        (Look(), "look"),
        (Play(C("AS")), "play AS"),
        (Pass([C("3D"), C("2C")]), "pass 2C 3D"),
        (Keep(), "keep"),
        (Reject(), "reject"),
        (Exchange([C("3D"), C("2C")]), "exchange 2C 3D"),
        (Exchange([]), "exchange"),
    ],
)
def test_a_move_is_its_canonical_text(move: Move, text: str) -> None:
    assert to_data(move) == text
    assert from_data(text) == move
    assert from_data(text, type(move)) == move


ENDLESS: dict[str, Any] = {"target": 10**6, "losing_floor": None, "round_cap": None}
"""Switches under which random play does not end the game."""


def _blind_nil_open(players: int, switch: str) -> st.SearchStrategy[Ruleset]:
    """Rulesets with blind nil open to all, ``switch`` (a card count) from 1 to 3, no end
    (blind nil is a nil: a bid of zero is no contract; and it leaves bidding open)."""

    def opened(rules: Ruleset, count: int) -> Ruleset:
        changes: dict[str, Any] = {**ENDLESS, switch: count, "zero_contract": False}
        changes["bidding"] = Bidding.OPEN
        if switch == "blind_nil_pass":  # a pass between partners
            changes["solo"] = False
        return attrs.evolve(rules, nil=True, blind_nil=True, blind_nil_deficit=None, **changes)

    return rulesets(players=players).flatmap(
        lambda rules: st.integers(1, 3).map(lambda count: opened(rules, count))
    )


def _phase_rules(phase: Phase) -> st.SearchStrategy[Ruleset]:
    """Rulesets under which random play reaches ``phase`` soon."""
    if phase is Phase.DRAWING:
        return rulesets(players=2)
    if phase is Phase.EXCHANGING:
        return _blind_nil_open(2, "blind_nil_exchange")
    if phase is Phase.PASSING:
        return _blind_nil_open(4, "blind_nil_pass")
    if phase is Phase.GAME_OVER:
        return rulesets().flatmap(
            lambda rules: st.integers(1, 2).map(lambda cap: attrs.evolve(rules, round_cap=cap))
        )
    return rulesets().map(lambda rules: attrs.evolve(rules, **ENDLESS))


def _states_in_every_phase() -> st.SearchStrategy[State]:
    return st.sampled_from(Phase).flatmap(
        lambda phase: states(rules=_phase_rules(phase), max_moves=150, phases={phase})
    )


@given(states(rules=rulesets(presets_only=True), max_moves=150))
def test_states_under_every_preset_round_trip(state: State) -> None:
    assert_round_trips(state)


@given(states(max_moves=150))
def test_states_under_random_rulesets_round_trip(state: State) -> None:
    assert_round_trips(state)


@settings(max_examples=60)
@given(_states_in_every_phase())
def test_states_of_every_phase_round_trip(state: State) -> None:
    assert_round_trips(state)


@pytest.mark.parametrize("rules", [*PRESETS.values(), attrs.evolve(MINIOKEY, target=150)], ids=repr)
def test_game_over_states_with_a_history_round_trip(rules: Ruleset) -> None:
    seen, _ = played(attrs.evolve(rules, round_cap=rules.round_cap or 4), seed=11)
    final = seen[-1]
    assert final.is_over
    assert final.rounds
    assert_round_trips(final)
    for state in seen[:: len(seen) // 25]:
        assert_round_trips(state)


@settings(max_examples=80)
@given(states(max_moves=150))
def test_every_seats_view_round_trips(state: State) -> None:
    for seat in range(state.rules.players):
        assert_round_trips(observe(state, seat))


@settings(max_examples=60)
@given(_states_in_every_phase())
def test_views_of_every_phase_round_trip(state: State) -> None:
    for seat in range(state.rules.players):
        assert_round_trips(observe(state, seat))


@settings(max_examples=60)
@given(states(rules=_phase_rules(Phase.GAME_OVER), phases={Phase.GAME_OVER}, max_moves=200))
def test_round_scores_round_trip(state: State) -> None:
    assert state.rounds
    for score in state.rounds:
        assert_round_trips(score)


def _short_rules() -> st.SearchStrategy[Ruleset]:
    return rulesets().flatmap(
        lambda rules: st.integers(1, 3).map(lambda cap: attrs.evolve(rules, round_cap=cap))
    )


@settings(max_examples=40)
@given(_short_rules(), st.integers(0, 2**128 - 1), st.data())
def test_records_of_played_games_round_trip_and_replay(
    rules: Ruleset, seed: int, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, rules.players - 1))
    seen, made = played(rules, seed=seed, dealer=dealer)
    record = GameRecord.from_moves(rules, made, seed=seed, dealer=dealer)
    assert list(record) == seen
    assert_round_trips(record)
    assert loads(dumps(record)) == record
    # Any prefix of the game is the record of an unfinished game.
    stop = data.draw(st.integers(0, len(made)))
    part = GameRecord.from_moves(rules, made[:stop], seed=seed, dealer=dealer)
    assert list(part) == seen[: stop + 1]
    assert_round_trips(part)


@settings(max_examples=30)
@given(_short_rules(), st.integers(0, 2**128 - 1), st.data())
def test_records_dealt_from_given_decks_round_trip_and_replay(
    rules: Ruleset, seed: int, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, rules.players - 1))

    def choose(state: State) -> Move:
        return data.draw(moves(state))

    seen, made, dealt = dealt_by_hand(
        rules,
        seed,
        dealer,
        choose,
        lambda: data.draw(decks(deck=rules.deck, players=rules.players)),
    )
    record = GameRecord.from_moves(rules, made, seed=seed, dealer=dealer, decks=dealt)
    assert [played.deck for played in record.rounds] == dealt
    assert list(record) == seen
    assert record.final_state == seen[-1]
    assert_round_trips(record)


def test_from_data_takes_the_right_kind_and_refuses_any_other() -> None:
    values: list[Any] = [
        CLASSIC,
        Bid(3),
        MID_TRICK,
        observe(MID_TRICK, 2),
        MID_TRICK.rounds[0],
        SHORT_RECORD,
    ]
    kinds: list[type] = [Ruleset, Bid, State, View, RoundScore, GameRecord, Play]
    for value in values:
        data = to_data(value)
        assert from_data(data, type(value)) == value
        for kind in kinds:
            if kind is type(value):
                continue
            with pytest.raises(InvalidRecordError) as info:
                from_data(data, kind)
            assert info.value.path == ("$" if isinstance(data, str) else "$.type")


# --- records -----------------------------------------------------------------------------------


def test_iteration_yields_the_deal_and_a_state_after_every_move() -> None:
    replayed = list(SHORT_RECORD)
    assert len(replayed) == len(SHORT_RECORD.moves) + 1
    assert replayed[0] == new_game(SHORT, seed=3)
    assert replayed[-1] == SHORT_RECORD.final_state == SHORT_STATES[-1]
    assert replayed == SHORT_STATES


def test_a_round_ending_move_yields_the_next_rounds_deal() -> None:
    replayed = list(SHORT_RECORD)
    after = replayed[ROUND_ONE]
    assert replayed[ROUND_ONE - 1].round_number == 1
    assert after.round_number == 2
    assert after.phase is Phase.BIDDING
    assert after == deal(after, SHORT_RECORD.rounds[1].deck)
    assert after.hands == deal(after, round_deck(3, 2)).hands


def test_a_record_keeps_each_rounds_deck_and_moves() -> None:
    assert len(SHORT_RECORD.rounds) == 2
    assert SHORT_RECORD.rounds[0].deck == round_deck(3, 1)
    assert SHORT_RECORD.rounds[1].deck == round_deck(3, 2)
    assert SHORT_RECORD.rounds[0].moves == tuple(SHORT_MOVES[:ROUND_ONE])
    assert SHORT_RECORD.moves == tuple(SHORT_MOVES)
    assert GameRecord(rules=SHORT, seed=3, rounds=SHORT_RECORD.rounds) == SHORT_RECORD


def test_dumps_and_loads_round_trip() -> None:
    for record in (SHORT_RECORD, TWO_RECORD):
        text = dumps(record)
        assert "\n" not in text
        assert ": " not in text
        assert loads(text) == record
        assert loads(text.encode()) == record
        pretty = dumps(record, indent=2)
        assert "\n" in pretty
        assert loads(pretty) == record
        assert json.loads(pretty) == json.loads(text) == to_data(record)


def test_dump_and_load_round_trip_through_text_and_binary_files(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with path.open("w", encoding="utf-8") as file:
        dump(SHORT_RECORD, file)
    with path.open(encoding="utf-8") as file:
        assert load(file) == SHORT_RECORD
    with path.open("rb") as file:
        assert load(file) == SHORT_RECORD
    buffer = io.StringIO()
    dump(TWO_RECORD, buffer, indent=1)
    assert load(io.StringIO(buffer.getvalue())) == TWO_RECORD
    assert load(io.BytesIO(buffer.getvalue().encode())) == TWO_RECORD


def test_record_data_has_a_summary_per_finished_round_and_the_result() -> None:
    data = record_data()
    assert data["type"] == "record"
    assert data["version"] == 3
    assert data["seed"] == str(SHORT_RECORD.seed)
    final = SHORT_RECORD.final_state
    totals = [0, 0]
    for number, (entry, score) in enumerate(zip(data["rounds"], final.rounds, strict=True)):
        assert entry["deck"] == [str(card) for card in SHORT_RECORD.rounds[number].deck]
        assert entry["moves"] == [str(move) for move in SHORT_RECORD.rounds[number].moves]
        totals = [totals[0] + score.points[0], totals[1] + score.points[1]]
        assert entry["summary"] == {
            "tricks": list(score.tricks),
            "points": list(score.points),
            "bags": list(score.bags),
            "scores": totals,
        }
    assert data["result"] == {
        "scores": list(final.scores),
        "bags": list(final.bags),
        "outcome": {
            "winner": final.outcome.winner if final.outcome else None,
            "termination": "round_cap",
        },
    }


def test_an_unfinished_game_stopped_mid_round_ends_with_that_round() -> None:
    stop = ROUND_ONE + 9
    record = GameRecord.from_moves(SHORT, SHORT_MOVES[:stop], seed=3)
    assert len(record.rounds) == 2
    assert len(record.rounds[1].moves) == 9
    assert list(record) == SHORT_STATES[: stop + 1]
    assert record.final_state == SHORT_STATES[stop]
    assert not record.final_state.is_over
    data: Json = to_data(record)
    assert data["rounds"][1]["summary"] is None
    assert data["result"]["outcome"] is None
    assert loads(dumps(record)) == record


def test_an_unfinished_game_stopped_at_a_round_start_ends_with_a_round_without_moves() -> None:
    record = GameRecord.from_moves(SHORT, SHORT_MOVES[:ROUND_ONE], seed=3)
    assert len(record.rounds) == 2
    assert record.rounds[1].moves == ()
    assert record.rounds[1].deck == round_deck(3, 2)
    assert record.final_state == SHORT_STATES[ROUND_ONE]
    assert record.final_state.round_number == 2
    data: Json = to_data(record)
    assert data["rounds"][0]["summary"] is not None
    assert data["rounds"][1] == {
        "deck": [str(c) for c in round_deck(3, 2)],
        "moves": [],
        "summary": None,
    }
    assert loads(dumps(record)) == record
    fresh = GameRecord.from_moves(SHORT, [], seed=3)
    assert list(fresh) == [new_game(SHORT, seed=3)]
    assert loads(dumps(fresh)) == fresh


def test_from_moves_deals_from_decks_other_than_the_round_decks() -> None:
    first, second = DECK, tuple(reversed(DECK))
    state = new_game(SHORT, seed=3, deck=first)
    made: list[Move] = []
    while state.round_number == 1:
        move = legal_moves(state)[3 if state.phase is Phase.BIDDING else 0]
        made.append(move)
        state = apply(state, move)
    state = deal(state, second)
    made.append(legal_moves(state)[2])
    state = apply(state, made[-1])
    record = GameRecord.from_moves(SHORT, made, seed=3, decks=[first, second])
    assert [played.deck for played in record.rounds] == [first, second]
    assert record.final_state == state
    assert record.final_state != GameRecord.from_moves(SHORT, [], seed=3).final_state
    assert loads(dumps(record)) == record
    with pytest.raises(IllegalMoveError):
        GameRecord.from_moves(SHORT, made, seed=3)  # the seed's decks deal other hands
    with pytest.raises(SpadesError, match="reach round 2, but only 1 decks were given"):
        GameRecord.from_moves(SHORT, made, seed=3, decks=[first])


def test_from_moves_raises_for_an_illegal_move() -> None:
    with pytest.raises(IllegalMoveError):
        GameRecord.from_moves(CLASSIC, [Bid(3), Play(C("AS"))], seed=3)


def test_a_two_player_record_replays_its_draws_and_exchanges() -> None:
    rules = attrs.evolve(TWO_HANDED, blind_nil_deficit=None, round_cap=1)
    state = new_game(rules, seed=8)
    made: list[Move] = [Bid(0, blind=True)]
    state = apply(state, made[0])
    while not state.is_over:
        legal = legal_moves(state)
        move = legal[-1] if state.phase is Phase.EXCHANGING else legal[len(legal) // 2]
        made.append(move)
        state = apply(state, move)
    record = GameRecord.from_moves(rules, made, seed=8)
    assert any(isinstance(move, Exchange) and move.cards for move in record.moves)
    assert record.final_state == state
    assert_round_trips(record)


# --- refusals: records ------------------------------------------------------------------------


def refused(data: Json, path: str, kind: type | None = None, words: str = "") -> InvalidRecordError:
    """`from_data` (and, for records, `loads`) refuses ``data`` for the field at ``path``."""
    with pytest.raises(InvalidRecordError) as info:
        from_data(data, kind)
    error = info.value
    assert error.path == path, str(error)
    assert str(error).startswith(f"{path}: ")
    assert words in str(error)
    assert isinstance(error, SpadesError)
    assert isinstance(error, ValueError)
    if isinstance(data, dict) and data.get("type") == "record":
        with pytest.raises(InvalidRecordError) as again:
            loads(json.dumps(data))
        assert again.value.path == path
    return error


def _round_move(data: Json, number: int, text: Json, round_index: int = 0) -> Json:
    data["rounds"][round_index]["moves"][number] = text
    return data


def _first_play(data: Json) -> int:
    return next(i for i, move in enumerate(data["rounds"][0]["moves"]) if move.startswith("play"))


def _unheld_card(data: Json) -> Json:
    """The first play replaced by a card another seat holds."""
    number = _first_play(data)
    state = list(SHORT_RECORD)[number]
    other = state.hand((state.to_move + 1) % 4)[0]  # type: ignore[operator]
    return _round_move(data, number, f"play {other}")


def _duplicate_in_deck(data: Json) -> Json:
    data["rounds"][0]["deck"][7] = data["rounds"][0]["deck"][3]
    return data


def _summary_trick(data: Json) -> Json:
    data["rounds"][0]["summary"]["tricks"][0] += 1
    return data


def _summary_points(data: Json) -> Json:
    data["rounds"][1]["summary"]["points"][1] -= 10
    return data


def _summary_score_type(data: Json) -> Json:
    data["rounds"][0]["summary"]["scores"][0] = str(data["rounds"][0]["summary"]["scores"][0])
    return data


def _result_score(data: Json) -> Json:
    data["result"]["scores"][0] += 1
    return data


def _result_outcome(data: Json) -> Json:
    data["result"]["outcome"]["termination"] = "target"
    return data


def _zero_in_a_summary(data: Json) -> tuple[int, str, int]:
    """The first round, field and index of a summary whose number there is 0."""
    return next(
        (number, name, index)
        for number, entry in enumerate(data["rounds"])
        if entry["summary"] is not None
        for name in ("bags", "tricks")
        for index, value in enumerate(entry["summary"][name])
        if value == 0
    )


def _bool_bags(data: Json) -> Json:
    """A count of 0 written as false: equal in Python, not in JSON."""
    number, name, index = _zero_in_a_summary(data)
    data["rounds"][number]["summary"][name][index] = False
    return data


def _append_move(data: Json) -> Json:
    data["rounds"][-1]["moves"].append("bid 3")
    return data


def _append_round(data: Json) -> Json:
    data["rounds"].append({"deck": [str(card) for card in DECK], "moves": [], "summary": None})
    return data


def _cut_round(data: Json) -> Json:
    del data["rounds"][0]["moves"][-1]
    return data


def _move_after_the_round(data: Json) -> Json:
    data["rounds"][0]["moves"].append(data["rounds"][1]["moves"][0])
    return data


def _cut_last_round(data: Json) -> Json:
    del data["rounds"][-1]
    data["result"] = {
        "scores": data["rounds"][0]["summary"]["scores"],
        "bags": data["rounds"][0]["summary"]["bags"],
        "outcome": None,
    }
    return data


def _version(version: int, change: Callable[[Json], Json]) -> Callable[[Json], Json]:
    """``change``, then the data marked as ``version`` (1 or 2), whose rules hold none of
    the fields of version 3."""

    def edit(data: Json) -> Json:
        data = change(data)
        data["version"] = version
        for name in NEW_IN_3:
            del data["rules"][name]
        return data

    return edit


def _version_one(change: Callable[[Json], Json]) -> Callable[[Json], Json]:
    return _version(1, change)


def _older_with(name: str, value: Json) -> Callable[[Json], Json]:
    """The data as version 2, then its ruleset's field ``name`` of version 3 set again."""
    as_version_2 = _version(2, lambda data: data)
    return lambda data: _set(["rules", name], value)(as_version_2(data))


def _set(path: Sequence[str | int], value: Json) -> Callable[[Json], Json]:
    def edit(data: Json) -> Json:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return edit


def _delete(path: Sequence[str | int]) -> Callable[[Json], Json]:
    def edit(data: Json) -> Json:
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        return data

    return edit


RECORD_REFUSALS: list[tuple[str, Callable[[Json], Json], str, str]] = [
    ("duplicated_card_in_a_deck", _duplicate_in_deck, "$.rounds[0].deck[7]", "twice"),
    (
        "deck_of_51_cards",
        _delete(["rounds", 0, "deck", 51]),
        "$.rounds[0].deck",
        "52 cards, not 51",
    ),
    ("deck_of_a_non_card", _set(["rounds", 0, "deck", 0], "1S"), "$.rounds[0].deck[0]", "card"),
    ("play_of_a_card_not_held", _unheld_card, "", "do not hold"),
    ("bid_out_of_range", lambda d: _round_move(d, 0, "bid 14"), "$.rounds[0].moves[0]", "0 to 13"),
    (
        "bid_double_nil_is_not_canonical",
        lambda d: _round_move(d, 0, "bid double nil"),
        "$.rounds[0].moves[0]",
        "'bid blind nil'",
    ),
    (
        "play_in_lower_case_is_not_canonical",
        lambda d: _round_move(d, 4, "play as"),
        "$.rounds[0].moves[4]",
        "'play AS'",
    ),
    (
        "move_with_extra_spaces_is_not_canonical",
        lambda d: _round_move(d, 0, "bid  3"),
        "$.rounds[0].moves[0]",
        "canonical",
    ),
    (
        "move_that_is_no_move",
        lambda d: _round_move(d, 0, "fold"),
        "$.rounds[0].moves[0]",
        "not a move",
    ),
    (
        "move_that_is_not_text",
        lambda d: _round_move(d, 0, 3),
        "$.rounds[0].moves[0]",
        "expected a move",
    ),
    (
        "summary_tricks_not_the_moves",
        _summary_trick,
        "$.rounds[0].summary.tricks[0]",
        "the moves give",
    ),
    (
        "summary_points_not_the_moves",
        _summary_points,
        "$.rounds[1].summary.points[1]",
        "the moves give",
    ),
    ("summary_score_of_the_wrong_type", _summary_score_type, "$.rounds[0].summary.scores[0]", ""),
    (
        "summary_bool_for_a_number",
        _set(["rounds", 0, "summary", "tricks"], [True] * 4),
        "$.rounds[0].summary.tricks[0]",
        "",
    ),
    ("summary_false_for_zero", _bool_bags, "", "the moves give 0"),
    (
        "summary_missing_for_a_finished_round",
        _set(["rounds", 0, "summary"], None),
        "$.rounds[0].summary",
        "another value",
    ),
    (
        "summary_of_the_wrong_length",
        _set(["rounds", 0, "summary", "bags"], [0]),
        "$.rounds[0].summary.bags",
        "",
    ),
    (
        "summary_with_an_unknown_field",
        _set(["rounds", 0, "summary", "notes"], ""),
        "$.rounds[0].summary.notes",
        "unknown field",
    ),
    (
        "summary_missing_a_field",
        _delete(["rounds", 0, "summary", "points"]),
        "$.rounds[0].summary",
        "missing field 'points'",
    ),
    ("result_scores_not_the_moves", _result_score, "$.result.scores[0]", "the moves give"),
    ("result_outcome_not_the_moves", _result_outcome, "$.result.outcome.termination", "round_cap"),
    (
        "result_outcome_missing",
        _set(["result", "outcome"], None),
        "$.result.outcome",
        "another value",
    ),
    ("result_not_an_object", _set(["result"], []), "$.result", "another value"),
    ("unknown_field", _set(["comment"], "hi"), "$.comment", "unknown field"),
    (
        "unknown_field_in_a_round",
        _set(["rounds", 1, "dealer"], 1),
        "$.rounds[1].dealer",
        "unknown field",
    ),
    ("unknown_field_in_the_rules", _set(["rules", "jokers"], 2), "$.rules.jokers", "unknown field"),
    ("missing_field", _delete(["seed"]), "$", "missing field 'seed'"),
    (
        "missing_field_in_a_round",
        _delete(["rounds", 0, "moves"]),
        "$.rounds[0]",
        "missing field 'moves'",
    ),
    (
        "missing_field_in_the_rules",
        _delete(["rules", "target"]),
        "$.rules",
        "missing field 'target'",
    ),
    ("missing_version", _delete(["version"]), "$", "missing field 'version'"),
    ("missing_type", _delete(["type"]), "$.type", "known"),
    ("unknown_version", _set(["version"], 4), "$.version", "versions 1, 2 and 3 only"),
    ("version_zero", _set(["version"], 0), "$.version", "versions 1, 2 and 3 only"),
    ("version_as_text", _set(["version"], "3"), "$.version", "versions 1, 2 and 3 only"),
    ("version_as_true", _set(["version"], True), "$.version", "versions 1, 2 and 3 only"),
    ("unknown_type", _set(["type"], "game"), "$.type", "known"),
    ("type_not_text", _set(["type"], 1), "$.type", "known"),
    ("number_for_the_seed", _set(["seed"], 3), "$.seed", "as a string of decimal digits"),
    ("seed_with_a_leading_zero", _set(["seed"], "03"), "$.seed", "without leading zeros"),
    ("seed_with_a_sign", _set(["seed"], "+3"), "$.seed", "decimal digits"),
    ("seed_too_large", _set(["seed"], str(2**128)), "$.seed", "from 0 to 2**128 - 1"),
    ("seed_in_full_width_digits", _set(["seed"], "\uff13"), "$.seed", "decimal digits"),
    ("empty_seed", _set(["seed"], ""), "$.seed", "decimal digits"),
    ("version_1_seed_as_text", _version_one(_set(["seed"], "3")), "$.seed", "whole number"),
    ("wrong_type_rules", _set(["rules"], "classic"), "$.rules", "expected an object"),
    ("wrong_type_rule_target", _set(["rules", "target"], True), "$.rules.target", "whole number"),
    ("wrong_type_rule_nil", _set(["rules", "nil"], 1), "$.rules.nil", "expected true or false"),
    ("rule_out_of_range", _set(["rules", "target"], 0), "$.rules.target", "at least 1"),
    (
        "rule_far_out_of_range",
        _set(["rules", "target"], 10**20),
        "$.rules.target",
        "far out of range",
    ),
    (
        "unknown_rule_value",
        _set(["rules", "direction"], "widdershins"),
        "$.rules.direction",
        "'clockwise'",
    ),
    (
        "rule_value_of_the_wrong_type",
        _set(["rules", "direction"], [1]),
        "$.rules.direction",
        "not a list",
    ),
    ("rules_of_null", _set(["rules"], None), "$.rules", "not null"),
    (
        "spades_lead_unknown",
        _set(["rules", "spades_lead"], "anytime"),
        "$.rules.spades_lead",
        "'broken', 'any_time', 'after_first_trick'",
    ),
    (
        "spades_lead_missing_in_version_3",
        _delete(["rules", "spades_lead"]),
        "$.rules",
        "missing field 'spades_lead'",
    ),
    *(
        (
            f"{name}_in_version_2",
            _older_with(name, value),
            f"$.rules.{name}",
            "in data of version 2 (it came with version 3)",
        )
        for name, value in (
            ("zero_contract", False),
            ("nil_pass", 0),
            ("double_nil_timing", "before_first_choice"),
            ("team_minimum", 0),
            ("bidding", "open"),
            ("spades_lead", "broken"),
            ("ten_for_two_hundred", False),
        )
    ),
    *(
        (f"{name}_missing_in_version_3", _delete(["rules", name]), "$.rules", f"'{name}'")
        for name in NEW_IN_3
        if name != "spades_lead"
    ),
    (
        "blind_nil_pass_of_4_in_version_2",
        _older_with("blind_nil_pass", 4),
        "$.rules.blind_nil_pass",
        "from 0 to 3 in data of version 2, not 4 (more came with version 3)",
    ),
    ("nil_pass_of_5", _set(["rules", "nil_pass"], 5), "$.rules.nil_pass", "from 0 to 4"),
    (
        "double_nil_timing_unknown",
        _set(["rules", "double_nil_timing"], "after"),
        "$.rules.double_nil_timing",
        "'before_first_choice', 'after_first_choice'",
    ),
    (
        "double_nil_timing_of_four_players",
        _set(["rules", "double_nil_timing"], "after_first_choice"),
        "$.rules.double_nil_timing",
        "two-player",
    ),
    (
        "bidding_unknown",
        _set(["rules", "bidding"], "whist"),
        "$.rules.bidding",
        "'open', 'suicide', 'whiz', 'mirror'",
    ),
    (
        "whiz_over_open_bids",
        _set(["rules", "bidding"], "whiz"),
        "$.rounds[0].moves[0]",
        "you hold 3 spades: under Whiz you bid 3 or nil",
    ),
    (
        "suicide_over_open_bids",
        _set(["rules", "bidding"], "suicide"),
        "$.rounds[0].moves[0]",
        "under Suicide one partner bids nil and the other 4 or more",
    ),
    (
        "zero_contract_as_a_number",
        _set(["rules", "zero_contract"], 0),
        "$.rules.zero_contract",
        "true or false",
    ),
    (
        "ten_for_two_hundred_as_text",
        _set(["rules", "ten_for_two_hundred"], "true"),
        "$.rules.ten_for_two_hundred",
        "true or false",
    ),
    (
        "team_minimum_as_true",
        _set(["rules", "team_minimum"], True),
        "$.rules.team_minimum",
        "whole number",
    ),
    ("team_minimum_of_14", _set(["rules", "team_minimum"], 14), "$.rules.team_minimum", "13"),
    (
        "zero_contract_with_nil",
        _set(["rules", "zero_contract"], True),
        "$.rules",
        "zero_contract needs nil=False",
    ),
    (
        "rules_that_do_not_combine",
        _set(["rules", "blind_nil_exchange"], 2),
        "$.rules.blind_nil_exchange",
        "two-player",
    ),
    ("wrong_type_rounds", _set(["rounds"], {}), "$.rounds", "expected a list"),
    ("wrong_type_round", _set(["rounds", 0], []), "$.rounds[0]", "expected an object"),
    (
        "wrong_type_moves",
        _set(["rounds", 0, "moves"], "bid 3"),
        "$.rounds[0].moves",
        "expected a list",
    ),
    ("no_rounds", _set(["rounds"], []), "$.rounds", "at least one round"),
    ("moves_after_the_game_is_over", _append_move, "", "no move follows its last"),
    ("round_after_the_game_is_over", _append_round, "$.rounds[2]", "ended in the round before"),
    ("round_not_over_followed_by_another", _cut_round, "$.rounds[0].moves", "not over"),
    ("move_after_its_round_is_over", _move_after_the_round, "", "round 1 is over"),
    ("missing_next_round", _cut_last_round, "$.rounds", "has no round 2"),
    ("negative_seed", _set(["seed"], -1), "$.seed", "from 0 to"),
    ("seed_of_2_to_the_128", _set(["seed"], 2**128), "$.seed", "far out of range"),
    ("dealer_not_a_seat", _set(["dealer"], 4), "$.dealer", "from 0 to 3"),
    ("dealer_as_true", _set(["dealer"], True), "$.dealer", "a boolean"),
]


@pytest.mark.parametrize(
    ("edit", "path", "words"),
    [case[1:] for case in RECORD_REFUSALS],
    ids=[case[0] for case in RECORD_REFUSALS],
)
def test_impossible_records_are_refused_with_the_path(
    edit: Callable[[Json], Json], path: str, words: str
) -> None:
    data = edit(record_data())
    if not path:  # paths that depend on the game
        path = _computed_path(edit)
    refused(data, path, GameRecord, words)


def _computed_path(edit: Callable[[Json], Json]) -> str:
    if edit is _bool_bags:
        number, name, index = _zero_in_a_summary(record_data())
        return f"$.rounds[{number}].summary.{name}[{index}]"
    if edit is _unheld_card:
        return f"$.rounds[0].moves[{_first_play(record_data())}]"
    if edit is _move_after_the_round:
        return f"$.rounds[0].moves[{ROUND_ONE}]"
    assert edit is _append_move
    return f"$.rounds[1].moves[{len(SHORT_RECORD.rounds[1].moves)}]"


def test_a_two_player_deck_that_deals_other_cards_is_refused_where_a_move_needs_them() -> None:
    data: Json = to_data(TWO_RECORD)
    deck, moves = data["rounds"][1]["deck"], data["rounds"][1]["moves"]
    assert moves[1] == "keep"  # the first draw keeps the top card
    top = deck[0]
    deck[0], deck[1] = deck[1], deck[0]
    first_use = next(index for index, move in enumerate(moves) if top in move.split()[1:])
    refused(data, f"$.rounds[1].moves[{first_use}]", GameRecord, f"do not hold {top}")
    data = to_data(TWO_RECORD)
    data["dealer"] = 2
    refused(data, "$.dealer", GameRecord, "from 0 to 1")


def test_a_record_built_in_python_is_checked_by_its_replay() -> None:
    rounds = SHORT_RECORD.rounds
    checks: list[tuple[dict[str, Any], str]] = [
        ({"seed": -1}, "$.seed"),
        ({"dealer": 4}, "$.dealer"),
        ({"rounds": []}, "$.rounds"),
        ({"rounds": [RoundRecord(deck=DECK[:51])]}, "$.rounds[0].deck"),
        ({"rounds": [RoundRecord(deck=(*DECK[:51], DECK[0]))]}, "$.rounds[0].deck"),
        ({"rounds": [rounds[0], RoundRecord(deck=DECK[1:])]}, "$.rounds[1].deck"),
        ({"rounds": [rounds[0]]}, "$.rounds"),
        (
            {"rounds": [RoundRecord(deck=rounds[0].deck, moves=rounds[0].moves[:5]), rounds[1]]},
            "$.rounds[0].moves",
        ),
        ({"rounds": [*rounds, rounds[1]]}, "$.rounds[2]"),
        (
            {
                "rounds": [
                    rounds[0],
                    RoundRecord(deck=rounds[1].deck, moves=(*rounds[1].moves, Bid(3))),
                ]
            },
            f"$.rounds[1].moves[{len(rounds[1].moves)}]",
        ),
        ({"rounds": [RoundRecord(deck=rounds[0].deck, moves=(Bid(14),))]}, "$.rounds[0].moves[0]"),
    ]
    for change, path in checks:
        fields: dict[str, Any] = {"rules": SHORT, "seed": 3, "rounds": rounds, **change}
        with pytest.raises(InvalidRecordError) as info:
            GameRecord(**fields)
        assert info.value.path == path, (change, str(info.value))


def test_a_record_of_a_non_ruleset_or_of_non_rounds_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="Ruleset"):
        GameRecord(rules="classic", seed=3, rounds=SHORT_RECORD.rounds)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="RoundRecord"):
        GameRecord(rules=SHORT, seed=3, rounds=["round"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="RoundRecord"):
        GameRecord(rules=SHORT, seed=3, rounds=[SHORT_RECORD.rounds[0], "round"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="seed is a whole number, not float"):
        GameRecord(rules=SHORT, seed=3.0, rounds=SHORT_RECORD.rounds)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="dealer is a whole number, not bool"):
        GameRecord(rules=SHORT, seed=3, dealer=True, rounds=SHORT_RECORD.rounds)


# --- refusals: states, views and round scores -------------------------------------------------


def state_data(state: State = MID_TRICK) -> Json:
    return to_data(state)


def _cards(texts: Sequence[str]) -> list[str]:
    """Card texts in the library's order."""
    return [str(card) for card in sorted(C(text) for text in texts)]


def _duplicate_in_hands(data: Json) -> tuple[Json, str]:
    hands = data["hands"]
    card = hands[0][0]
    hands[1] = _cards([*hands[1][1:], card])
    return data, f"$.hands[1][{hands[1].index(card)}]"


def _missing_from_hands(data: Json) -> tuple[Json, str]:
    del data["hands"][0][0]
    return data, "$"


def _fourteen_cards(data: Json) -> tuple[Json, str]:
    hands = data["hands"]
    hands[0] = _cards([*hands[0], hands[1].pop()])
    return data, "$.hands[0]"


def _unordered_hand(data: Json) -> tuple[Json, str]:
    data["hands"][2].reverse()
    return data, "$.hands[2][1]"


def _to_move(data: Json) -> tuple[Json, str]:
    data["to_move"] = (data["to_move"] + 1) % 4
    return data, "$.to_move"


def _trick_winner(data: Json) -> tuple[Json, str]:
    data["tricks"][1]["winner"] = (data["tricks"][1]["winner"] + 1) % 4
    return data, "$.tricks"


def _trick_leader(data: Json) -> tuple[Json, str]:
    data["tricks"][1]["leader"] = (data["tricks"][1]["leader"] + 1) % 4
    return data, "$.tricks[1].cards[0]"


def _scores(data: Json) -> tuple[Json, str]:
    data["scores"][1] += 10
    return data, "$.scores"


def _bags(data: Json) -> tuple[Json, str]:
    data["bags"][0] += 1
    return data, "$.bags"


def _spades_broken(data: Json) -> tuple[Json, str]:
    data["spades_broken"] = not data["spades_broken"]
    return data, "$.spades_broken"


def _history_bags(data: Json) -> tuple[Json, str]:
    data["rounds"][0]["sides"][0]["bags"] += 1
    return data, "$.rounds[0].sides"


def _history_points(data: Json) -> tuple[Json, str]:
    data["rounds"][0]["sides"][1]["points"] += 1
    return data, "$.rounds[0].sides[1].points"


def _history_contract(data: Json) -> tuple[Json, str]:
    data["rounds"][0]["sides"][0]["contract"] += 1
    return data, "$.rounds[0].sides[0].contract"


def _history_tricks(data: Json) -> tuple[Json, str]:
    data["rounds"][0]["tricks"][0] += 1
    return data, "$.rounds[0].tricks"


def _history_bid_14(data: Json) -> tuple[Json, str]:
    data["rounds"][0]["bids"][2] = "bid 14"
    return data, "$.rounds[0].bids[2]"


def _history_bid_not_a_bid(data: Json) -> tuple[Json, str]:
    data["rounds"][0]["bids"][2] = "look"
    return data, "$.rounds[0].bids[2]"


def _history_three_bids(data: Json) -> tuple[Json, str]:
    del data["rounds"][0]["bids"][3]
    return data, "$.rounds[0].bids"


def _history_of_two_players(data: Json) -> tuple[Json, str]:
    data["rounds"][0] = to_data(TWO_RECORD.final_state.rounds[0])
    del data["rounds"][0]["type"], data["rounds"][0]["version"]
    return data, "$.rounds[0].bids"


def _history_ends_the_game(data: Json) -> tuple[Json, str]:
    data["rules"]["round_cap"] = 1
    return data, "$.rounds[0]"


def _over_without_rounds(data: Json) -> tuple[Json, str]:
    data["rounds"] = []
    data["phase"] = "game_over"
    return data, "$.rounds"


def _over_yet_goes_on(data: Json) -> tuple[Json, str]:
    data["phase"] = "game_over"
    return data, "$.rounds"


def _round_number(data: Json) -> tuple[Json, str]:
    data["round_number"] = 3
    return data, "$.round_number"


def _bid_out_of_range(data: Json) -> tuple[Json, str]:
    data["bids"][0] = "bid 14"
    return data, "$.bids[0]"


def _looked(data: Json) -> tuple[Json, str]:
    data["looked"][1] = True
    return data, "$.looked[1]"


def _seed(data: Json) -> tuple[Json, str]:
    data["seed"] = 2**128
    return data, "$.seed"


def _dealer(data: Json) -> tuple[Json, str]:
    data["dealer"] = -1
    return data, "$.dealer"


def _dealer_moved(data: Json) -> tuple[Json, str]:
    data["dealer"] = (data["dealer"] + 1) % 4
    return data, "$.tricks[0].cards[0]"


def _card_in_trick_and_hand(data: Json) -> tuple[Json, str]:
    data["trick"][0] = data["hands"][0][0]
    return data, "$.trick[0]"


def _outcome(data: Json) -> tuple[Json, str]:
    data["outcome"] = {"winner": 0, "termination": "target"}
    return data, "$.outcome"


def _draw_outcome(data: Json) -> tuple[Json, str]:
    data["outcome"] = {"winner": None, "termination": "target"}
    return data, "$.outcome.winner"


def _trick_of_three(data: Json) -> tuple[Json, str]:
    data["tricks"][0]["cards"].pop()
    return data, "$.tricks[0].cards"


STATE_REFUSALS: list[tuple[str, Callable[[Json], tuple[Json, str]]]] = [
    ("duplicated_card", _duplicate_in_hands),
    ("missing_card", _missing_from_hands),
    ("fourteen_cards_in_a_hand", _fourteen_cards),
    ("hand_not_in_library_order", _unordered_hand),
    ("to_move_that_does_not_follow", _to_move),
    ("trick_winner_that_does_not_follow", _trick_winner),
    ("trick_led_by_the_wrong_seat", _trick_leader),
    ("scores_that_do_not_follow", _scores),
    ("bags_that_do_not_follow", _bags),
    ("spades_broken_that_does_not_follow", _spades_broken),
    ("history_bags_not_from_score_round", _history_bags),
    ("history_points_not_the_parts_added_up", _history_points),
    ("history_contract_not_the_bids_added_up", _history_contract),
    ("history_tricks_not_thirteen", _history_tricks),
    ("history_bid_out_of_range", _history_bid_14),
    ("history_bid_that_is_no_bid", _history_bid_not_a_bid),
    ("history_of_three_bids", _history_three_bids),
    ("history_of_the_other_player_count", _history_of_two_players),
    ("history_round_that_ended_the_game", _history_ends_the_game),
    ("game_over_without_rounds", _over_without_rounds),
    ("game_over_yet_the_game_goes_on", _over_yet_goes_on),
    ("round_number_that_does_not_follow", _round_number),
    ("bid_out_of_range", _bid_out_of_range),
    ("look_not_allowed", _looked),
    ("bad_seed", _seed),
    ("bad_dealer", _dealer),
    ("dealer_that_does_not_follow", _dealer_moved),
    ("card_in_the_trick_and_a_hand", _card_in_trick_and_hand),
    ("outcome_of_a_game_that_goes_on", _outcome),
    ("draw_not_at_the_round_cap", _draw_outcome),
    ("trick_of_three_cards", _trick_of_three),
]


@pytest.mark.parametrize(
    "edit", [case[1] for case in STATE_REFUSALS], ids=[case[0] for case in STATE_REFUSALS]
)
def test_impossible_states_are_refused_with_the_path(
    edit: Callable[[Json], tuple[Json, str]],
) -> None:
    data, path = edit(state_data())
    refused(data, path, State)


def test_a_dealt_hand_of_fourteen_cards_is_refused() -> None:
    data = state_data(new_game(CLASSIC, seed=1))
    data, path = _fourteen_cards(data)
    assert len(data["hands"][0]) == 14
    refused(data, path, State, "these cards give seat 0 14 cards at the deal, not 13")


def test_a_game_over_state_has_played_at_least_one_round() -> None:
    data, path = _over_without_rounds(state_data(new_game(CLASSIC, seed=1)))
    refused(data, path, State, "a game that is over has played at least one round")
    data, path = _over_yet_goes_on(state_data())
    refused(data, path, State, "the game goes on after these rounds")


def test_blind_nil_in_a_history_round_needs_rules_that_allow_it() -> None:
    state = after_a_nil_round()
    assert state.round_number == 2
    assert state.rounds[0].bids[1] == NIL
    assert_round_trips(state)
    data = state_data(state)
    data["rounds"][0]["bids"][1] = "bid blind nil"
    refused(data, "$.rounds[0].bids[1]", State, "blind nil was not allowed")
    # Under rules with blind nil for anyone the same round is possible, but scored otherwise.
    anyone = state_data(after_a_nil_round(BLIND_ANYTIME))
    anyone["rounds"][0]["bids"][1] = "bid blind nil"
    refused(anyone, "$.rounds[0].sides", State, "does not follow")
    # Blind nil is allowed by these rules, but only to a side trailing by 100 or more.
    trailing = Ruleset(blind_nil=True)
    assert trailing.blind_nil_deficit == 100
    data = state_data(after_a_nil_round(trailing))
    data["rounds"][0]["bids"][1] = "bid blind nil"
    refused(data, "$.rounds[0].bids[1]", State, "blind nil was not allowed")
    # And a nil is refused under rules without nil.
    data = state_data(state)
    data["rules"]["nil"] = False
    refused(data, "$.rounds[0].bids[1]", State, "do not allow nil")


# --- the rules of version 3 in a history ---------------------------------------------------


def test_a_zero_contract_in_a_history_reads_and_needs_rules_that_allow_it() -> None:
    """Seat 1 bid zero and took two tricks, both counted to her side's contract of 3.

    Rule: reading-zero-bid.
    """
    rules = Ruleset(nil=False, zero_contract=True)
    state = play_round(new_game(rules, seed=0), round_bids((4, 3), (0, 3)), [5, 2, 4, 2])
    side = state.rounds[0].sides[1]
    assert (side.contract, side.tricks, side.overtricks, side.nil_points) == (3, 4, 1, 0)
    assert_round_trips(state)
    assert_round_trips(state.rounds[0])
    for seat in range(4):
        assert_round_trips(observe(state, seat))
    data = state_data(state)
    data["rules"]["zero_contract"] = False
    refused(data, "$.rounds[0].bids[1]", State, "do not allow nil")
    data["rules"]["nil"] = True  # the same round scored as a nil that took two tricks
    refused(data, "$.rounds[0].sides", State, "does not follow")


def test_a_zero_bid_of_the_current_round_needs_a_zero_contract() -> None:
    """Rule: reading-zero-bid."""
    rules = Ruleset(nil=False, zero_contract=True)
    state = apply(new_game(rules, seed=0, dealer=3), Bid(0))
    assert state.bids[0] == Bid(0)
    assert_round_trips(state)
    data = state_data(state)
    data["rules"]["zero_contract"] = False
    refused(data, "$.bids[0]", State, "not a legal move here")


def test_ten_for_two_hundred_in_a_history_reads_and_needs_its_rules() -> None:
    """Side 0 bid 11 and made it, then bid 11 and took 9: 200 won, then 200 lost.

    Rule: rule-ten-for-two-hundred.
    """
    rules = Ruleset(ten_for_two_hundred=True)
    bids = round_bids((6, 5), (1, 1))
    state = play_round(new_game(rules, seed=0), bids, [6, 1, 5, 1])
    state = play_round(state, bids, [5, 2, 4, 2])
    assert [score.sides[0].contract_points for score in state.rounds] == [200, -200]
    assert_round_trips(state)
    for score in state.rounds:
        assert_round_trips(score)
    data = state_data(state)
    data["rules"]["ten_for_two_hundred"] = False
    refused(data, "$.rounds[0].sides", State, "does not follow")
    classic = to_data(play_round(new_game(CLASSIC, seed=0), bids, [6, 1, 5, 1]))
    assert isinstance(classic, dict)
    classic["rules"]["ten_for_two_hundred"] = True  # type: ignore[index, call-overload]
    refused(classic, "$.rounds[0].sides", State, "does not follow")


def test_a_round_score_s_contract_points_are_ten_a_trick_or_200_from_a_contract_of_10() -> None:
    """A round score read alone has no ruleset: both scorings of a contract of 10 or more
    read, and 200 no other contract.

    Rule: rule-ten-for-two-hundred.
    """
    for tricks in ([6, 1, 5, 1], [5, 2, 4, 2]):
        for rules in (CLASSIC, Ruleset(ten_for_two_hundred=True)):
            assert_round_trips(score_round(rules, round_bids((6, 5), (1, 1)), tricks))
    made: Json = to_data(
        score_round(Ruleset(ten_for_two_hundred=True), round_bids((6, 5), (1, 1)), [6, 1, 5, 1])
    )
    assert made["sides"][0]["contract_points"] == 200
    made["sides"][0].update(contract_points=-200, points=made["sides"][0]["points"] - 400)
    refused(
        made, "$.sides[0].contract_points", RoundScore, "expected 200 (200 for a contract of 10"
    )
    nine: Json = to_data(score_round(CLASSIC, round_bids((5, 4), (2, 2)), [6, 1, 5, 1]))
    assert nine["sides"][0]["contract_points"] == 90
    nine["sides"][0].update(contract_points=200, points=nine["sides"][0]["points"] + 110)
    refused(nine, "$.sides[0].contract_points", RoundScore, "expected 90 (ten per trick bid")


def _team_minimum_game(
    direction: Direction, dealer: int, short: int, side: int, *, over: bool
) -> tuple[State, list[int]]:
    """Three rounds under a team minimum of 4, and each round's dealer: every side bids 6
    but ``side`` in round ``short``, which bids nil and 4. With ``over`` the game ends at a
    round cap of 3, else it is at the start of round 4."""
    rules = Ruleset(direction=direction, team_minimum=4, round_cap=3 if over else None)
    state = new_game(rules, seed=0, dealer=dealer)
    dealers = []
    for number in range(3):
        sides = [(3, 3), (3, 3)]
        if number == short:
            sides[side] = (0, 4)
        dealers.append(state.dealer)
        state = play_round(state, round_bids(sides[0], sides[1]), [4, 3, 3, 3])
    assert state.is_over is over
    return state, dealers


@pytest.mark.parametrize("direction", list(Direction), ids=lambda direction: direction.name)
@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("over", [False, True], ids=["going_on", "over"])
def test_a_history_below_the_team_minimum_is_refused_at_the_second_bidder(
    direction: Direction, dealer: int, over: bool
) -> None:
    """A state's or view's rounds whose side bid less than the team minimum (a nil counting
    as zero) are refused at the bid of the side's second bidder, whom each round's dealer
    decides; the same history reads under the minimum it was played under.

    Rule: rule-team-minimum.
    """
    for short in (0, 2):
        for side in (0, 1):
            state, dealers = _team_minimum_game(direction, dealer, short, side, over=over)
            first = first_seat(state.rules, dealers[short])
            second = next(
                seat
                for seat in (seat_after(state.rules, first, k) for k in (2, 3))
                if seat % 2 == side
            )
            assert state.rounds[short].bids[second] in {Bid(0), Bid(4)}
            values: list[State | View] = [state, *(observe(state, seat) for seat in range(4))]
            for value in values:
                assert_round_trips(value)
                data: Json = to_data(value)
                data["rules"]["team_minimum"] = 5
                if isinstance(value, View) and over and short == 2:
                    # A view of the game's end shows the last round's bids as its own,
                    # and the view's check refuses them first.
                    with pytest.raises(
                        InvalidRecordError, match="less than the team minimum"
                    ) as info:
                        from_data(data, View)
                    assert info.value.path.startswith("$.bids[")
                    continue
                refused(
                    data,
                    f"$.rounds[{short}].bids[{second}]",
                    type(value),
                    "the side's bids add up to 4, less than the team minimum of 5",
                )


@pytest.mark.parametrize("direction", list(Direction), ids=lambda direction: direction.name)
@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize(("pair", "which"), [((3, 3), 0), ((0, 0), 1)], ids=["3-3", "nil-nil"])
def test_a_history_that_breaks_suicide_is_refused_at_the_first_bid_it_does_not_allow(
    direction: Direction, dealer: int, pair: tuple[int, int], which: int
) -> None:
    """Three rounds bid openly, every side a nil and a 5 but ``side`` in round ``short``,
    which bids ``pair``: under Suicide a state's or view's history is refused at the bid
    Suicide did not allow, the side's first bidder's 3 or its second bidder's nil after
    her partner's, whom the round's dealer decides; under open bidding it reads.

    Rule: rule-suicide.
    """
    rules = Ruleset(direction=direction)
    for short in (0, 2):
        for side in (0, 1):
            state = new_game(rules, seed=0, dealer=dealer)
            dealers = []
            for number in range(3):
                sides = [(0, 5), (5, 0)]
                if number == short:
                    sides[side] = pair
                dealers.append(state.dealer)
                state = play_round(state, round_bids(sides[0], sides[1]), [4, 3, 3, 3])
            first = first_seat(rules, dealers[short])
            bidders = [seat_after(rules, first, k) for k in range(4)]
            wrong = [seat for seat in bidders if seat % 2 == side][which]
            values: list[State | View] = [state, *(observe(state, seat) for seat in range(4))]
            for value in values:
                assert_round_trips(value)
                data: Json = to_data(value)
                data["rules"]["bidding"] = "suicide"
                refused(
                    data,
                    f"$.rounds[{short}].bids[{wrong}]",
                    type(value),
                    "under Suicide one partner of a side bids nil and the other 4 or more",
                )


@pytest.mark.parametrize(
    ("bidding", "pair", "words"),
    [
        ("mirror", (3, 3), "the bids show 12 spades, and the 13 spades were all dealt"),
        ("mirror", (5, 3), "the bids show 14 spades, and there are 13"),
        ("whiz", (9, 0), "the bids show 15 spades, and there are 13"),
    ],
)
def test_a_history_whose_bids_show_spades_no_deal_gives_is_refused_at_its_bids(
    bidding: str, pair: tuple[int, int], words: str
) -> None:
    """Three rounds bid 4, 3, 3, 3 (13 spades shown) but round ``short``, where side 0 bids
    ``pair``: under Mirror four bids that show 12 or 14 spades, and under Whiz numbers that
    show 15, are refused at that round's bids; under open bidding the history reads.

    Rules: rule-whiz, rule-mirror.
    """
    for short in (0, 2):
        state = new_game(CLASSIC, seed=0)
        for number in range(3):
            side0 = pair if number == short else (4, 3)
            state = play_round(state, round_bids(side0, (3, 3)), [4, 3, 3, 3])
        values: list[State | View] = [state, *(observe(state, seat) for seat in range(4))]
        for value in values:
            assert_round_trips(value)
            data: Json = to_data(value)
            data["rules"]["bidding"] = bidding
            refused(data, f"$.rounds[{short}].bids", type(value), words)
            data["rules"]["bidding"] = "open"
            assert from_data(data) == value


def test_a_state_whose_current_bid_breaks_whiz_is_refused_at_that_bid() -> None:
    """A state in its first round whose bid of 2 by seat 1, who holds 3 spades, is refused
    by the replay of the round at that bid under Whiz; her 3 and her nil read.

    Rule: rule-whiz.
    """
    rules = Ruleset(bidding=Bidding.WHIZ)
    state = new_game(rules, deck=DECK)
    assert sum(card.suit is Suit.SPADES for card in state.hand(1)) == 3
    for bid in (Bid(3), Bid(0)):
        assert_round_trips(apply(state, bid))
    data: Json = to_data(apply(state, Bid(3)))
    data["bids"][1] = "bid 2"
    refused(data, "$.bids[1]", State, "you hold 3 spades: under Whiz you bid 3 or nil")


def test_a_state_is_refused_where_its_pass_was_not_made() -> None:
    state = passing_state()
    for _ in range(2):
        state = apply(state, legal_moves(state)[0])
    assert state.phase is Phase.PLAYING
    assert len(state.passes) == 2
    assert_round_trips(state)
    data = state_data(state)
    passer, blind = data["passes"][1]["seat"], data["passes"][0]["seat"]
    data["passes"][1]["cards"][0] = data["hands"][passer][0]
    refused(data, "$.passes[1].cards", State, f"is not with seat {blind}, who got it")


def test_two_player_states_are_refused_where_the_draws_do_not_follow() -> None:
    data = state_data(TWO_DRAWING)
    data["draws"][1]["kept"] = data["draws"][0]["kept"]
    refused(data, "$.draws", State, "52 cards")
    data = state_data(TWO_DRAWING)
    data["draws"][0]["seat"] = 1 - data["draws"][0]["seat"]
    refused(data, "$.draws[0]", State, "not a legal move")
    data = state_data(TWO_DRAWING)
    data["looked"][0] = True
    refused(data, "$.looked[0]", State, "not a legal move")
    data = state_data(TWO_PLAYING)
    data["exchanges"] = [{"seat": 0, "given": [], "drawn": []}]
    refused(data, "$.exchanges[0]", State, "not a legal move")
    data = state_data(TWO_PLAYING)
    data["hands"].append([])
    refused(data, "$.hands", State, "expected 2 items")


def test_a_thirteenth_trick_in_a_game_that_goes_on_is_refused() -> None:
    last = max(
        (s for s in SHORT_STATES if s.round_number == 1),
        key=lambda s: len(s.tricks) * 4 + len(s.trick),
    )
    assert len(last.tricks) == 12
    assert len(last.trick) == 3
    data = state_data(last)
    hand = next(h for h in data["hands"] if h)
    data["tricks"].append(
        {"leader": data["trick_leader"], "cards": [*data["trick"], hand[0]], "winner": 0}
    )
    data["trick"] = []
    hand.clear()
    refused(data, "$.tricks[12].cards[3]", State, "round ended")


def test_a_view_is_refused_where_its_cards_or_shapes_do_not_agree() -> None:
    view = observe(MID_TRICK, 1)
    assert_round_trips(view)
    data: Json = to_data(view)
    data["hand_sizes"][1] += 1
    refused(data, "$.hand", View, "hand_sizes")
    data = to_data(view)
    data["trick"][0] = data["hand"][0]
    refused(data, "$.trick[0]", View, "also in $.hand")
    data = to_data(view)
    data["tricks"][0]["cards"][0] = data["hand"][-1]
    refused(data, "$.tricks[0].cards[0]", View, "also in")
    data = to_data(view)
    data["round_number"] = 0
    refused(data, "$.round_number", View, "from 1 to 1001")
    data = to_data(view)
    data["seat"] = 4
    refused(data, "$.seat", View)
    data = to_data(view)
    data["scores"] = [0, 0, 0]
    refused(data, "$.scores", View, "2 items")
    data = to_data(view)
    data["bids"][0] = "bid 14"
    refused(data, "$.bids[0]", View)
    data = to_data(view)
    data["hand"] = None  # issue 20: face down only while the seat may still bid blind nil
    refused(data, "$.hand", View, "face down")


def test_a_two_player_view_is_read_with_its_exchange_and_draws() -> None:
    rules = attrs.evolve(TWO_HANDED, blind_nil_deficit=None)
    state = apply(new_game(rules, seed=4), Bid(0, blind=True))
    while state.phase is not Phase.EXCHANGING:
        state = apply(state, legal_moves(state)[-1])
    state = apply(state, legal_moves(state)[-1])
    view = observe(state, 0)
    (own,) = view.exchanges
    assert own.given
    assert_round_trips(view)
    assert_round_trips(observe(state, 1))
    data: Json = to_data(view)
    data["exchanged"]["drawn"].pop()
    refused(data, "$.exchanged", View, "as many cards")
    data = to_data(view)
    data["exchanges"][0]["count"] = 4
    refused(data, "$.exchanges[0].count", View, "from 0 to 3")
    data = to_data(view)
    data["draws"][0]["kept"] = "XX"
    refused(data, "$.draws[0].kept", View, "card")
    # The seat's own exchange comes with its cards, and only an exchange she made does.
    data = to_data(view)
    data["exchanged"] = None
    refused(data, "$.exchanged", View, "so the view shows her cards")
    data = to_data(view)
    data["exchanges"][0]["count"] = len(data["exchanged"]["given"]) - 1
    refused(data, "$.exchanges[0].count", View, "cards, not")
    data = to_data(view)
    data["exchanges"] = []
    refused(data, "$.exchanged", View, "has not exchanged")
    data = to_data(observe(passing_state(), 1))
    data["passes"] = [{"seat": 1, "cards": ["2C", "2C"]}]
    refused(data, "$.passes[0].cards[1]", View, "twice")


def test_a_view_whose_voids_leave_no_deal_of_the_hidden_cards_is_refused() -> None:
    """Seat 0 holds every club and leads one, so the others show clubs void; a view of
    her hand with a club swapped for a hidden heart puts that club with a seat void in it.

    Rule: rule-follow-suit.
    """
    clubs = [card for card in DECK if card.suit is Suit.CLUBS]
    others = iter(card for card in DECK if card.suit is not Suit.CLUBS)
    deck = [clubs[index // 4] if index % 4 == 0 else next(others) for index in range(52)]
    state = new_game(CLASSIC, deck=deck, dealer=3, seed=0)  # seat 0 bids and leads first
    for _ in range(4):
        state = apply(state, Bid(3))
    while not state.tricks:
        state = apply(state, legal_moves(state)[0])
    assert state.hand(0) == tuple(clubs[1:])
    view = observe(state, 0)
    assert_round_trips(view)
    data: Json = to_data(view)
    data["hand"] = _cards([*data["hand"][1:], "AH"])
    refused(data, "$.tricks", View, "leave no deal of the hidden cards")


def test_a_view_s_top_card_is_not_also_in_her_hand() -> None:
    state = new_game(TWO_HANDED, seed=4)
    state = apply(apply(state, Keep()), Keep())
    view = observe(state, state.dealer)
    assert view.top_card is not None
    assert view.hand
    assert_round_trips(view)
    data: Json = to_data(view)
    data["top_card"] = data["hand"][0]
    refused(data, "$.top_card", View, f"{data['hand'][0]} is also in $.hand")


def test_an_unknown_field_s_name_is_shortened_in_the_message_and_path() -> None:
    data: Json = to_data(CLASSIC)
    data["x" * 5000] = 1
    error = refused(data, "$", Ruleset, "unknown field 'xxxx")
    assert len(str(error)) < 100
    data = to_data(CLASSIC)
    data["short"] = 1
    refused(data, "$.short", Ruleset, "unknown field 'short'")


def test_ruleset_numbers_and_scores_in_data_keep_to_their_limits() -> None:
    data: Json = to_data(CLASSIC)
    data["target"] = 10**9 + 1
    refused(data, "$.target", Ruleset, "at most 1000000000")
    data["target"] = 10**9
    assert from_data(data, Ruleset).target == 10**9
    state_data: Json = to_data(new_game(CLASSIC, seed=1))
    state_data["scores"][0] = 10**15 + 1
    refused(state_data, "$.scores[0]", State, "from -1000000000000000 to 1000000000000000")


def test_a_round_score_is_refused_where_its_parts_do_not_agree() -> None:
    score = MID_TRICK.rounds[0]
    base: Json = to_data(score)
    cases: list[tuple[Callable[[Json], object], str, str]] = [
        (lambda d: d["bids"].pop(), "$.tricks", "expected 3 items, not 4"),
        (lambda d: d["bids"].__delitem__(slice(3)), "$.bids", "a round has 2, 3 or 4 bids, not 1"),
        (lambda d: d["bids"].append("bid 1"), "$.bids", "at most 4 items"),
        (lambda d: d["tricks"].pop(), "$.tricks", "expected 4 items"),
        (lambda d: d["sides"].pop(), "$.sides", "has 2 sides, or 4 when four play solo, not 1"),
        (
            lambda d: d["sides"].append(d["sides"][0]),
            "$.sides",
            "a round of 4 bids has 2 sides, or 4 when four play solo, not 3",
        ),
        (lambda d: d["sides"].extend(d["sides"] * 2), "$.sides", "at most 4 items"),
        (lambda d: d["sides"][0].update(made=not d["sides"][0]["made"]), "$.sides[0].made", ""),
        (lambda d: d["sides"][0].update(made=1), "$.sides[0].made", "true or false"),
        (
            lambda d: d["sides"][1].update(overtricks=d["sides"][1]["overtricks"] + 1),
            "$.sides[1].overtricks",
            "",
        ),
        (
            lambda d: d["sides"][1].update(contract_points=d["sides"][1]["contract_points"] + 1),
            "$.sides[1].contract_points",
            "",
        ),
        (lambda d: d["sides"][0].update(bags=-1), "$.sides[0].bags", "at least 0"),
        (
            lambda d: d["sides"][0].update(
                tricks=-1,
                made=False,
                contract_points=-10 * d["sides"][0]["contract"],
                overtricks=0,
                points=-10 * d["sides"][0]["contract"]
                + d["sides"][0]["nil_points"]
                + d["sides"][0]["nil_bags"]
                + d["sides"][0]["bag_penalty"],
            ),
            "$.sides[0].tricks",
            "from 0 to 13",
        ),
        (
            lambda d: d["sides"][0].update(bag_penalty=1, points=d["sides"][0]["points"] + 1),
            "$.sides[0].bag_penalty",
            "at most 0",
        ),
        (
            lambda d: d["sides"][0].update(nil_bags=-1, points=d["sides"][0]["points"] - 1),
            "$.sides[0].nil_bags",
            "from 0 to 13",
        ),
        (lambda d: d["tricks"].__setitem__(0, 14), "$.tricks[0]", "from 0 to 13"),
    ]
    for edit, path, words in cases:
        data = copy.deepcopy(base)
        edit(data)
        refused(data, path, RoundScore, words)


def test_an_outcome_and_a_ruleset_are_read_field_by_field() -> None:
    data: Json = to_data(CLASSIC)
    data["players"] = 5
    refused(data, "$.players", Ruleset, "players must be")
    data = to_data(TWO_HANDED)
    data["direction"] = "counterclockwise"
    refused(data, "$", Ruleset, "two players simply alternate")
    data = to_data(CLASSIC)
    data["blind_nil"] = True
    data["nil"] = False
    refused(data, "$", Ruleset, "blind nil is a nil bid")
    data = to_data(CLASSIC)
    data["losing_floor"] = "low"
    refused(data, "$.losing_floor", Ruleset, "losing_floor")
    final: Json = to_data(SHORT_STATES[-1])
    final["outcome"]["termination"] = "checkmate"
    refused(final, "$.outcome.termination", State, "'round_cap'")
    final = to_data(SHORT_STATES[-1])
    final["outcome"]["winner"] = 2
    refused(final, "$.outcome.winner", State, "from 0 to 1")


# --- errors and types -------------------------------------------------------------------------


def test_the_error_pickles_with_its_path_and_message() -> None:
    with pytest.raises(InvalidRecordError) as info:
        loads('{"type": "record", "version": 1, "rules": 3}')
    error = info.value
    copied = pickle.loads(pickle.dumps(error))
    assert type(copied) is InvalidRecordError
    assert copied.path == error.path
    assert copied.problem == error.problem
    assert str(copied) == str(error)
    assert copied.args == error.args


def test_to_data_of_a_non_value_is_a_type_error() -> None:
    for value in (None, 3, "bid 3", [Bid(3)], {"type": "ruleset"}, Card, new_game):
        with pytest.raises(TypeError, match="to_data takes"):
            to_data(value)  # type: ignore[arg-type]


def test_from_data_of_a_non_value_kind_is_a_type_error() -> None:
    for kind in (int, dict, object, SpadesError):
        with pytest.raises(TypeError, match="from_data reads"):
            from_data(to_data(CLASSIC), kind)


def test_loads_of_a_non_text_is_a_type_error() -> None:
    for value in (123, None, ["{}"], memoryview(b"{}")):
        with pytest.raises(TypeError, match="loads takes"):
            loads(value)  # type: ignore[arg-type]


def test_dumps_of_a_non_record_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="dumps takes a GameRecord"):
        dumps(CLASSIC)  # type: ignore[arg-type]


def test_from_data_of_a_non_data_value_is_refused_at_the_top() -> None:
    values: list[object] = [None, 3, 2.5, [], (), {}, {"type": "ruleset"}, b"bid 3", Bid(3)]
    for value in values:
        with pytest.raises(InvalidRecordError) as info:
            from_data(value)
        assert info.value.path in {"$", "$.type"}
    refused({"type": "ruleset"}, "$", None, "missing field 'version'")
    refused({3: "ruleset", "type": "ruleset", "version": 1}, "$", Ruleset, "unknown field 3")
    refused("bid 3", "$", GameRecord, "expected GameRecord data, an object, not a string")
    refused("bid 3", "$", Play, "expected Play data, not the move 'bid 3'")


# --- hostile names and numbers: the path and message stay short, printable ASCII -----------------


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("comment", "$.comment"),
        ("_x9", "$._x9"),
        ("a\nb", "$['a\\nb']"),
        ("\x1b[2J", "$['\\u001b[2J']"),
        ("\u202eevil", "$['\\u202eevil']"),
        ("\ud800", "$['\\ud800']"),
        ("it's", "$['it\\'s']"),
        ("back\\slash", "$['back\\\\slash']"),
        ("two words", "$['two words']"),
        ("9lives", "$['9lives']"),
        ("", "$['']"),
        ("caf\u00e9", "$['caf\\u00e9']"),
        ("\U0001f0a1", "$['\\ud83c\\udca1']"),
        ("del\x7f", "$['del\\u007f']"),
        ("tab\t\b\f\r", "$['tab\\t\\b\\f\\r']"),
    ],
)
def test_a_field_name_that_is_not_an_identifier_is_quoted_in_the_path(name: str, path: str) -> None:
    """Issue 20: the path quotes a name that is not an identifier, as `$['...']` with the
    escapes of RFC 9535 (JSON's, in single quotes), every other character as ``\\uXXXX``."""
    data: Json = to_data(CLASSIC)
    data[name] = 1
    error = refused(data, path, Ruleset, "unknown field")
    assert error.path.isascii()
    assert error.path.isprintable()
    assert str(error).isprintable()


def test_a_quoted_name_in_a_nested_object_follows_its_parent_s_path() -> None:
    """Issue 20: ``$.rules['\\n']``; a raw newline never reaches the path of a record."""
    data: Json = to_data(SHORT_RECORD)
    data["rules"]["\n3 passed"] = 1
    refused(data, "$.rules['\\n3 passed']", GameRecord, "unknown field '\\n3 passed'")
    data = to_data(SHORT_RECORD)
    data["rounds"][0]["\u2066"] = 1
    refused(data, "$.rounds[0]['\\u2066']", GameRecord, "unknown field")


HUGE = 10**5000


@pytest.mark.parametrize("field", ["players", "losing_floor", "target", "round_cap", "nil_value"])
@pytest.mark.parametrize(
    "number", [HUGE, -HUGE, 10**13, -(10**13)], ids=["huge", "-huge", "1e13", "-1e13"]
)
def test_a_ruleset_number_too_large_to_write_is_refused_as_invalid_data(
    field: str, number: int
) -> None:
    """Issue 20: `from_data` of Python data with an int past 4,300 digits raises
    `InvalidRecordError`, never Python's plain `ValueError` for formatting it."""
    data: Json = to_data(CLASSIC)
    data[field] = number
    error = refused(data, f"$.{field}", Ruleset, "far out of range")
    assert len(str(error)) < 200
    for value in (new_game(CLASSIC, seed=1), observe(new_game(CLASSIC, seed=1), 0), SHORT_RECORD):
        nested: Json = to_data(value)
        nested["rules"][field] = number
        with pytest.raises(InvalidRecordError) as info:  # not `refused`: JSON cannot hold it
            from_data(nested, type(value))
        assert info.value.path == f"$.rules.{field}"
        assert "far out of range" in str(info.value)


def test_a_ruleset_number_just_past_its_limit_keeps_the_ruleset_s_message() -> None:
    """The guard against huge numbers leaves the ruleset's own message below 10**12."""
    data: Json = to_data(CLASSIC)
    data["target"] = 10**12 - 1
    refused(data, "$.target", Ruleset, "target must be at most 1000000000, not 999999999999")
    data["players"] = -(10**12) + 1
    refused(data, "$.players", Ruleset, "players must be 4")


def test_a_name_with_many_escapes_is_refused_at_its_object_s_path() -> None:
    """A name of 40 characters at most, but whose escapes would take more than 44 in the
    path, is refused at its object's path, so that a path stays short."""
    data: Json = to_data(CLASSIC)
    data["\x1b" * 10] = 1
    error = refused(data, "$", Ruleset, "unknown field '\\x1b\\x1b")
    assert str(error).isprintable()
    data = to_data(CLASSIC)
    data["\x1b" * 6] = 1
    refused(data, "$['" + "\\u001b" * 6 + "']", Ruleset, "unknown field")


BLIND_SEVEN = Ruleset(blind_bid_minimum=6, blind_bid_deficit=None)
"""Blind numbers from 6 at any score (rule-blind-bids)."""


def _blind_round(rules: Ruleset = BLIND_SEVEN) -> State:
    """One round in which seat 1 bids blind 7 and makes it with her partner's 2, then the
    second round's first bid: seat 2 bids blind 13."""
    bids = by_seat((Bid(3), Bid(4)), (Bid(7, blind=True), Bid(2)))
    state = play_round(new_game(rules, seed=0), bids, [2, 6, 1, 4])
    assert state.rounds[0].sides[1].contract_points == 160
    return apply(state, Bid(13, blind=True))


def test_blind_numbers_round_trip_in_states_views_records_and_round_scores() -> None:
    """A state, each seat's view, the record and the round score of a round with a blind
    7, and of the next round's blind 13, read back the same; the bids are written "bid
    blind 7"; the round score's doubled contract points read and a single ten a trick is
    refused.

    Rules: rule-blind-bids, rule-contract-points.
    """
    state = _blind_round()
    for value in (state, *(observe(state, seat) for seat in range(4)), state.rounds[0]):
        assert_round_trips(value)
    data: Json = to_data(state)
    assert data["rounds"][0]["bids"][1] == "bid blind 7"
    assert data["bids"][2] == "bid blind 13"
    score: Json = to_data(state.rounds[0])
    score["sides"][1].update(contract_points=90, points=score["sides"][1]["points"] - 70)
    refused(score, "$.sides[1].contract_points", RoundScore, "expected 160 (ten per trick bid")


def test_a_round_score_of_a_blind_number_under_ten_for_two_hundred_reads() -> None:
    """Blind 7 and 4 made under 10-for-200: 200 and ten more a trick bid blind, 270, reads
    back; the 200 alone is refused, as is the 10-for-200 worth of a contract under 10.

    Rule: reading-blind-ten-for-two-hundred.
    Rule: rule-blind-bids.
    """
    rules = Ruleset(blind_bid_minimum=6, blind_bid_deficit=None, ten_for_two_hundred=True)
    score = score_round(rules, [Bid(7, blind=True), Bid(3), Bid(4), Bid(2)], [7, 1, 5, 0])
    assert score.sides[0].contract_points == 270
    assert_round_trips(score)
    data: Json = to_data(score)
    data["sides"][0].update(contract_points=200, points=201)
    refused(data, "$.sides[0].contract_points", RoundScore, "expected 180 (ten per trick bid")
    low = score_round(rules, [Bid(6, blind=True), Bid(3), Bid(2), Bid(2)], [6, 2, 2, 3])
    assert_round_trips(low)
    data = to_data(low)
    data["sides"][0].update(contract_points=260, points=260)
    refused(data, "$.sides[0].contract_points", RoundScore, "expected 140 (ten per trick bid")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"blind_bid_minimum": 0}, "a blind number was not allowed to this seat"),
        ({"blind_bid_minimum": 8}, "a blind number is from 8 to 13"),
        ({"blind_bid_deficit": 1}, "a blind number was not allowed to this seat"),
    ],
)
def test_a_history_with_a_blind_number_not_open_is_refused_at_its_bids(
    changes: dict[str, int], words: str
) -> None:
    """A completed round's blind 7 under rules without blind numbers, below their minimum,
    or by a side that did not trail by the deficit (the scores were level) is refused at
    that round's bids; the same data under the rules it was played by reads.

    Rule: rule-blind-bids.
    """
    state = _blind_round()
    data: Json = to_data(state)
    data["rules"].update(changes)
    data["bids"][2] = None  # the round in progress is not what this asks
    data["to_move"] = 2
    refused(data, "$.rounds[0].bids[1]", State, words)


def _joker_state(deck: Deck, *, seed: int, moves: int) -> State:
    """A state ``moves`` random moves into a game under ``deck``, a joker played if any."""
    state = new_game(Ruleset(deck=deck, round_cap=2), seed=seed)
    policy = random_policy(seed)
    for _ in range(moves):
        assert state.to_move is not None
        state = apply(state, policy(observe(state, state.to_move)))
    return state


@pytest.mark.parametrize("deck", [Deck.JOKER_JOKER_ACE, Deck.JOKER_JOKER_DEUCE_DEUCE])
def test_joker_decks_round_trip_in_states_views_and_records(deck: Deck) -> None:
    """A state under each joker deck, each seat's view and the game's record read back the
    same; the deck is written by name and the jokers as LJ and BJ.

    Rule: rule-decks.
    """
    state = _joker_state(deck, seed=3, moves=4 + 52)
    for value in (state, *(observe(state, seat) for seat in range(4)), state.rounds[0]):
        assert_round_trips(value)
    data: Json = to_data(state)
    assert data["rules"]["deck"] == deck.name.lower()
    shown = {card for hand in data["hands"] for card in hand}
    shown |= {card for trick in data["tricks"] for card in trick["cards"]}
    assert {"LJ", "BJ"} <= shown
    record = GameRecord.from_moves(state.rules, [], seed=3)
    assert record.rounds[0].deck == round_deck(3, 1, rules=state.rules)
    assert loads(dumps(record)) == record


@pytest.mark.parametrize(
    ("deck", "outside"),
    [
        (Deck.STANDARD, "BJ"),
        (Deck.JOKER_JOKER_ACE, "2D"),
        (Deck.JOKER_JOKER_DEUCE_DEUCE, "2H"),
    ],
)
def test_a_card_the_deck_lacks_is_refused_at_its_place(deck: Deck, outside: str) -> None:
    """A state whose hand holds a card its deck lacks is refused at that card, and a record
    whose round deals one at that round's deck.

    Rule: rule-decks.
    """
    state = new_game(Ruleset(deck=deck), seed=5)
    data: Json = to_data(state)
    inside = data["hands"][1][0]
    data["hands"][1][0] = outside
    data["hands"][1].sort(key=lambda text: C(text).index)
    place = data["hands"][1].index(outside)
    name = deck.value.replace("_", "-")
    refused(data, f"$.hands[1][{place}]", State, f"the {name} deck has no {outside}")
    record: Json = to_data(GameRecord.from_moves(state.rules, [], seed=5))
    deck_data = record["rounds"][0]["deck"]
    deck_data[deck_data.index(inside)] = outside
    refused(record, "$.rounds[0].deck", GameRecord, f"the {name} deck has no {outside}")


def test_a_card_is_read_in_its_canonical_text_jokers_too() -> None:
    """LJ and BJ are the jokers' only spellings in data; 'bj' or PTN's 'JH' for a joker is
    a jack of hearts or nothing.

    Rule: rule-decks.
    """
    state = new_game(Ruleset(deck=Deck.JOKER_JOKER_ACE), seed=6)
    data: Json = to_data(state)
    hand = data["hands"][0]
    hand[hand.index("LJ") if "LJ" in hand else 0] = "lj"
    where = hand.index("lj")
    refused(data, f"$.hands[0][{where}]", State, "expected a card like 'AS', 'TH' or 'BJ'")
