"""Solo games in the core: four players each on her own, four sides (rule-solo).

- `Ruleset.solo` and what it refuses (a team minimum, a nil pass, a blind nil pass with
  blind nil, Suicide, two players), each with its message; the seating: sides, partners,
  sides of seats and seats of sides;
- `score_round` with a side a seat, `outcome_after` with four totals (the unique highest
  wins at the target, the floor and the cap; a shared highest plays on or draws), a new
  game's four zeros, and blind nil and blind numbers for a player trailing the leading
  other player;
- random games under solo rulesets (blind nil, blind numbers, Whiz, Mirror, a zero
  contract, 10-for-200, every deck) whose views round-trip through records and are
  observed back from their sampled states, and whose records round-trip, valid against the
  record schema;
- the table's text of a solo game: the rules line, a row a player, the outcome.

Each layer above the core tests its own solo games: the batch engine, the encoding and
the adapters, duels and ``spades simulate``, PTN, the server and the conformance vectors.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from spades import (
    CLASSIC,
    Bid,
    Bidding,
    Deck,
    InvalidRecordError,
    Move,
    NilTricks,
    Outcome,
    Ruleset,
    RulesetError,
    SpadesError,
    State,
    Termination,
    apply,
    blind_numbers,
    card_passes,
    legal_moves,
    may_bid_blind,
    new_game,
    observe,
    outcome_after,
    partner,
    records,
    sample_state,
    score_round,
    seats_of,
    side_of,
)
from spades._cli import main as cli_main
from spades._state import evolve_state
from spades._table_text import outcome_lines
from spades.records import GameRecord

SOLO = Ruleset(solo=True)
SCHEMA = json.loads(
    (Path(__file__).resolve().parents[1] / "docs" / "record.schema.json").read_text("utf-8")
)
VALIDATOR = Draft202012Validator(SCHEMA)


# --- the ruleset and the seats -------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"team_minimum": 4}, "team_minimum is a partnership's two bids: solo players have no"),
        ({"nil_pass": 1}, "nil_pass is the pass between partners after a nil: solo players"),
        (
            {"blind_nil": True, "blind_nil_pass": 2},
            "blind_nil_pass is the pass between partners after a blind nil: solo players",
        ),
        ({"bidding": Bidding.SUICIDE}, "bidding must not be Bidding.SUICIDE when four play"),
    ],
)
def test_solo_refuses_what_needs_a_partner(changes: dict[str, Any], message: str) -> None:
    """A record's reader reports each refusal at the field that makes it.

    Rule: rule-solo.
    """
    with pytest.raises(RulesetError, match=message):
        Ruleset(solo=True, **changes)
    data = records.to_data(attrs.evolve(CLASSIC, **changes))
    assert isinstance(data, dict)
    data["solo"] = True
    with pytest.raises(InvalidRecordError, match=message) as refused:
        records.from_data(data)
    assert refused.value.path == f"$.{next(iter(changes.keys() - {'blind_nil'}))}"


def test_solo_is_a_bool() -> None:
    """Rule: rule-solo."""
    with pytest.raises(RulesetError, match="solo"):
        Ruleset(solo=1)  # type: ignore[arg-type]


def test_solo_is_four_players_switch() -> None:
    """Two players already play each on her own: ``solo`` with two players raises.

    Rule: rule-solo.
    """
    with pytest.raises(RulesetError, match="solo"):
        Ruleset(players=2, solo=True, nil_tricks=CLASSIC.nil_tricks.BAGS)
    assert Ruleset(players=2).solo is False


def test_solo_combines_with_the_switches_that_need_no_partner() -> None:
    """Rule: rule-solo."""
    assert SOLO.blind_nil_pass == 0  # no partner to pass to, by default
    assert Ruleset(solo=True, blind_nil=True).blind_nil_pass == 0
    assert Ruleset(solo=True, blind_nil_pass=3).blind_nil_pass == 3  # no effect without it
    variants: list[dict[str, Any]] = [
        {"bidding": Bidding.WHIZ},
        {"bidding": Bidding.MIRROR, "nil": False, "zero_contract": True},
        {"blind_bid_minimum": 6, "blind_bid_deficit": None},
        {"ten_for_two_hundred": True},
        *({"deck": deck} for deck in Deck),
    ]
    for changes in variants:
        assert Ruleset(solo=True, **changes).solo


def test_solo_seats_are_four_sides_without_partners() -> None:
    """Rule: rule-solo."""
    assert (SOLO.sides, SOLO.partnerships) == (4, False)
    assert (CLASSIC.sides, CLASSIC.partnerships) == (2, True)
    assert [partner(SOLO, seat) for seat in range(4)] == [None] * 4
    assert [side_of(SOLO, seat) for seat in range(4)] == [0, 1, 2, 3]
    assert [seats_of(SOLO, side) for side in range(4)] == [(0,), (1,), (2,), (3,)]
    assert [side_of(CLASSIC, seat) for seat in range(4)] == [0, 1, 0, 1]
    with pytest.raises(SpadesError):
        seats_of(CLASSIC, 2)  # two sides only in partnerships


# --- scoring and the end of the game -------------------------------------------------------


def test_each_player_scores_her_own_contract_nil_and_bags() -> None:
    """Seat 0 makes 3 with a bag, seat 1's nil takes a trick (a bag, whatever nil_tricks
    says), seat 2 makes 4 exactly, seat 3 is set.

    Rule: rule-solo.
    """
    score = score_round(SOLO, [Bid(3), Bid(0), Bid(4), Bid(5)], [4, 1, 4, 4])
    assert score.points == (31, -99, 40, -50)
    assert score.bags == (1, 1, 0, 0)
    assert [side.contract for side in score.sides] == [3, 0, 4, 5]
    assert [side.tricks for side in score.sides] == [4, 0, 4, 4]
    assert [side.nil_points for side in score.sides] == [0, -100, 0, 0]
    assert [side.nil_bags for side in score.sides] == [0, 1, 0, 0]
    assert [side.overtricks for side in score.sides] == [1, 0, 0, 0]
    assert SOLO.nil_tricks is NilTricks.COUNT  # the classic default, read as bags alone


def test_each_player_has_her_own_bag_counter_and_ten_for_two_hundred() -> None:
    """Seat 0's tenth bag costs her the penalty, not seat 3 who holds nine; seat 2 bids 10
    alone under 10-for-200.

    Rule: rule-solo.
    """
    rules = Ruleset(solo=True, ten_for_two_hundred=True)
    bids = [Bid(1), Bid(1), Bid(10), Bid(1)]
    score = score_round(rules, bids, [2, 1, 10, 0], (9, 0, 0, 9))
    assert score.points == (11 - 100, 10, 200, -10)
    assert score.bags == (0, 0, 0, 9)
    with pytest.raises(SpadesError, match="4 bag counters by side"):
        score_round(rules, bids, [2, 1, 10, 0], (0, 0))


def test_score_round_s_bags_default_to_a_zero_a_side() -> None:
    """Rule: rule-solo."""
    bids = [Bid(3)] * 4
    assert score_round(SOLO, bids, [4, 3, 3, 3]) == score_round(SOLO, bids, [4, 3, 3, 3], (0,) * 4)


@pytest.mark.parametrize(
    ("scores", "rounds", "expected"),
    [
        ((510, 180, 530, -40), 9, Outcome(winner=2, termination=Termination.TARGET)),
        ((510, 530, 100, 530), 9, None),  # two share the highest: another round
        ((499, 498, 100, 0), 9, None),
        ((-210, 100, 160, 150), 4, Outcome(winner=2, termination=Termination.LOSING_FLOOR)),
        ((-210, 160, 100, 160), 4, None),
        ((10, 20, 30, 40), 25, Outcome(winner=3, termination=Termination.ROUND_CAP)),
        ((10, 40, 30, 40), 25, Outcome(winner=None, termination=Termination.ROUND_CAP)),
    ],
)
def test_the_highest_total_alone_ends_the_game(
    scores: tuple[int, ...], rounds: int, expected: Outcome | None
) -> None:
    """Rule: rule-solo."""
    rules = Ruleset(solo=True, losing_floor=-200, round_cap=25)
    assert outcome_after(rules, scores, rounds) == expected


def test_outcome_after_takes_a_total_a_side() -> None:
    """Rule: rule-solo."""
    with pytest.raises(TypeError, match="takes 4 whole-number scores"):
        outcome_after(SOLO, (600, 0), 3)
    with pytest.raises(TypeError, match="takes 2 whole-number scores"):
        outcome_after(CLASSIC, (600, 0, 0, 0), 3)


def test_a_new_solo_game_starts_at_four_zeros() -> None:
    """Rule: rule-solo."""
    state = new_game(SOLO, seed=1)
    assert (state.scores, state.bags) == ((0, 0, 0, 0), (0, 0, 0, 0))
    assert observe(state, 2).scores == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("scores", "eligible"),
    [
        ((50, 0, 100, -300), True),  # seat 2 leads seat 1 by 100
        ((50, 0, 99, -300), False),
        ((-500, 0, -500, 99), False),  # far ahead of two, not 100 behind the leader
        ((100, 0, -500, -500), True),  # seat 0 is no partner of hers
    ],
)
def test_blind_bids_go_to_a_player_trailing_the_leading_other_player(
    scores: tuple[int, ...], eligible: bool
) -> None:
    """Blind nil and blind numbers by the deficit against the leading other player.

    Rules: rule-solo, rule-blind-nil-eligibility.
    """
    rules = Ruleset(solo=True, blind_nil=True, blind_bid_minimum=6, blind_bid_deficit=100)
    state = evolve_state(new_game(rules, seed=1), scores=scores)
    assert state.to_move == 1
    assert may_bid_blind(state, 1) is eligible
    assert bool(blind_numbers(state, 1)) is eligible
    assert (Bid(0, blind=True) in legal_moves(state)) is eligible
    assert may_bid_blind(observe(state, 1), 1) is eligible


# --- random games, views and records -------------------------------------------------------


@st.composite
def solo_rulesets(draw: st.DrawFn) -> Ruleset:
    """A solo ruleset with the switches that need no partner, drawn (rule-solo)."""
    mode = draw(st.sampled_from([Bidding.OPEN, Bidding.OPEN, Bidding.WHIZ, Bidding.MIRROR]))
    nil = draw(st.booleans()) if mode is Bidding.OPEN else True
    zero_contract = not nil and draw(st.booleans())
    if mode is not Bidding.OPEN and draw(st.booleans()):
        nil, zero_contract = False, True
    open_bids = mode is Bidding.OPEN
    return Ruleset(
        solo=True,
        deck=draw(st.sampled_from(Deck)),
        direction=draw(st.sampled_from(type(CLASSIC.direction))),
        nil=nil,
        zero_contract=zero_contract,
        blind_nil=nil and open_bids and draw(st.booleans()),
        blind_nil_deficit=draw(st.sampled_from([None, 0, 50])),
        bidding=mode,
        blind_bid_minimum=draw(st.sampled_from([0, 6, 13])) if open_bids else 0,
        blind_bid_deficit=draw(st.sampled_from([None, 0, 40])),
        ten_for_two_hundred=draw(st.booleans()),
        spades_lead=draw(st.sampled_from(type(CLASSIC.spades_lead))),
        bag_limit=draw(st.sampled_from([10, 3, 1])),
        target=draw(st.sampled_from([500, 100, 40])),
        losing_floor=draw(st.sampled_from([None, -100])),
        round_cap=draw(st.sampled_from([None, 2, 3])),
    )


def played(rules: Ruleset, seed: int, dealer: int, limit: int) -> tuple[list[State], list[Move]]:
    """The states of a game of random legal moves, at most ``limit`` moves, and the moves."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=dealer)
    states: list[State] = [state]
    moves: list[Move] = []
    while not state.is_over and len(moves) < limit:
        move = rng.choice(legal_moves(state))
        state = apply(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(solo_rulesets(), st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_random_solo_games_views_round_trip_and_are_observed_from_their_samples(
    rules: Ruleset, seed: int, dealer: int
) -> None:
    """Every view of a random solo game reads back from its data, and a state sampled
    from it shows the seat that view again; the state reads back too.

    Rule: rule-solo.
    """
    states, _ = played(rules, seed, dealer, 180)
    rng = random.Random(seed)
    for state in states[::9] + states[-1:]:
        assert len(state.scores) == len(state.bags) == 4
        assert records.from_data(records.to_data(state)) == state
        for seat in range(4):
            view = observe(state, seat)
            assert records.from_data(records.to_data(view)) == view
            assert observe(sample_state(view, rng=rng), seat) == view


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(solo_rulesets(), st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_random_solo_games_records_round_trip_and_keep_to_the_schema(
    rules: Ruleset, seed: int, dealer: int
) -> None:
    """Rule: rule-solo."""
    states, moves = played(rules, seed, dealer, 400)
    record = GameRecord.from_moves(rules, moves, seed=seed, dealer=dealer)
    assert record.final_state == states[-1]
    text = records.dumps(record)
    assert records.loads(text) == record
    data = json.loads(text)
    assert list(VALIDATOR.iter_errors(data)) == []
    assert len(data["result"]["scores"]) == 4
    for played_round in data["rounds"]:
        if played_round["summary"] is not None:
            assert len(played_round["summary"]["points"]) == 4


def _ended_solo_record() -> dict[str, Any]:
    """A solo game's record data played to its end (a round cap of 1)."""
    rules = Ruleset(solo=True, round_cap=1)
    states, moves = played(rules, 11, 0, 400)
    assert states[-1].is_over
    data: Any = records.to_data(GameRecord.from_moves(rules, moves, seed=11, dealer=0))
    assert isinstance(data, dict)
    return data


def test_the_schema_holds_a_solo_record_to_four_sides() -> None:
    """Four numbers a side's array under solo, two otherwise, and a winner of 0 to 3 only
    under solo; solo's combinations.

    Rule: rule-solo.
    """
    data = _ended_solo_record()
    assert list(VALIDATOR.iter_errors(data)) == []
    broken = json.loads(json.dumps(data))
    broken["result"]["scores"] = broken["result"]["scores"][:3]
    assert list(VALIDATOR.iter_errors(broken))
    broken = json.loads(json.dumps(data))
    broken["rounds"][0]["summary"]["points"] = broken["rounds"][0]["summary"]["points"][:2]
    assert list(VALIDATOR.iter_errors(broken))
    as_partners = json.loads(json.dumps(data))
    as_partners["rules"]["solo"] = False
    assert list(VALIDATOR.iter_errors(as_partners))  # four scores of two sides
    for changes in (
        {"team_minimum": 4},
        {"nil_pass": 1},
        {"blind_nil": True, "blind_nil_pass": 2},
        {"bidding": "suicide"},
    ):
        wrong = json.loads(json.dumps(data))
        wrong["rules"].update(changes)
        assert list(VALIDATOR.iter_errors(wrong)), changes
        with pytest.raises(SpadesError):
            records.from_data(wrong)
    without = json.loads(json.dumps(data))
    del without["rules"]["solo"]
    assert list(VALIDATOR.iter_errors(without))


def test_a_partnership_record_s_winner_is_side_0_or_1() -> None:
    """Rule: rule-solo."""
    rules = attrs.evolve(CLASSIC, round_cap=1)
    _, moves = played(rules, 3, 0, 400)
    data: Any = records.to_data(GameRecord.from_moves(rules, moves, seed=3, dealer=0))
    assert isinstance(data, dict)
    assert list(VALIDATOR.iter_errors(data)) == []
    data["result"]["outcome"] = {"winner": 3, "termination": "round_cap"}
    assert list(VALIDATOR.iter_errors(data))


def test_a_round_score_of_two_players_has_two_sides() -> None:
    """Rule: rule-solo."""
    two = score_round(Ruleset(players=2), [Bid(4), Bid(5)], [5, 8])
    data: Any = records.to_data(two)
    assert isinstance(data, dict)
    data["sides"] = [*data["sides"], *data["sides"]]
    with pytest.raises(SpadesError, match="a round of 2 bids has 2 sides, not 4"):
        records.from_data(data)
    four: Any = records.to_data(score_round(SOLO, [Bid(3)] * 4, [4, 3, 3, 3]))
    assert isinstance(four, dict)
    assert len(four["sides"]) == 4
    assert records.from_data(four) == score_round(SOLO, [Bid(3)] * 4, [4, 3, 3, 3])


# --- the table's text -----------------------------------------------------------------------


def test_the_demo_plays_a_solo_game_and_names_every_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The rules line says each plays on her own; the round table has a row a player; the
    winner's line gives the other three totals.

    Rule: rule-solo.
    """
    assert cli_main(["demo", "--rules", "classic;solo:true;round_cap:2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Four players, each on her own: seats 0, 1, 2 and 3; play runs clockwise."
    table = lines[lines.index(next(line for line in lines if "After round 2" in line)) :][:5]
    assert [row.split()[:2] for row in table[1:]] == [["seat", str(seat)] for seat in range(4)]
    scores = [int(row.split()[-2]) for row in table[1:]]
    winner = scores.index(max(scores))
    others = [str(score) for seat, score in enumerate(scores) if seat != winner]
    assert lines[-1] == (
        f"Seat {winner} wins {max(scores)} to {others[0]}, {others[1]} and {others[2]} after "
        "2 rounds: the highest score at the round cap."
    )


def test_a_solo_game_drawn_at_the_round_cap_says_the_highest_was_shared() -> None:
    """Rule: rule-solo."""
    rules = Ruleset(solo=True, round_cap=1)
    state = new_game(rules, seed=2)
    drawn = evolve_state(
        state,
        scores=(40, 40, -10, 20),
        outcome=Outcome(winner=None, termination=Termination.ROUND_CAP),
    )
    assert outcome_lines(drawn) == [
        "The game is drawn 40, 40, -10 and 20, the highest shared, after the round cap of 0 rounds."
    ]


def test_solo_players_pass_no_cards_whatever_the_bids() -> None:
    """A blind nil pass count left over from partnerships (blind nil off) passes nothing.

    Rule: rule-solo.
    """
    rules = Ruleset(solo=True, blind_nil_pass=2)
    bids = [Bid(0, blind=True), Bid(3), Bid(3), Bid(3)]
    assert card_passes(rules, bids, first_bidder=0) == ()
    assert card_passes(attrs.evolve(rules, solo=False), bids, first_bidder=0) == ((0, 2), (2, 2))
