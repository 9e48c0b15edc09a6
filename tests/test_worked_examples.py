"""The brief's public worked examples and its readings, each named after its source.

Each example is checked with `score_round`, and the main ones again in a game played with
`new_game` and `apply` from a deck built so that each seat takes the tricks the example says.
"""

from __future__ import annotations

import attrs
import pytest

from helpers import BLIND, NIL, by_seat, play_round, round_bids
from spades import (
    CLASSIC,
    MINIOKEY,
    BagOverflow,
    Bid,
    NilTricks,
    Ruleset,
    apply,
    new_game,
    score_round,
)

# --- source B -----------------------------------------------------------------------------


def test_source_b_contract_7_with_9_tricks_scores_72_with_2_bags() -> None:
    """Rule: rule-scoring-examples."""
    score = score_round(MINIOKEY, round_bids((4, 3), (2, 3)), [5, 2, 4, 2])
    side = score.sides[0]
    assert (side.contract, side.tricks, side.made) == (7, 9, True)
    assert (side.points, side.bags, side.overtricks) == (72, 2, 2)


def test_source_b_contract_5_with_4_tricks_scores_minus_50() -> None:
    """Rule: rule-scoring-examples."""
    score = score_round(MINIOKEY, round_bids((4, 3), (2, 3)), [5, 2, 4, 2])
    side = score.sides[1]
    assert (side.contract, side.tricks, side.made) == (5, 4, False)
    assert (side.points, side.bags) == (-50, 0)


def test_source_b_worked_example_played_under_miniokey() -> None:
    """Rule: rule-scoring-examples."""
    state = play_round(new_game(MINIOKEY, seed=1), round_bids((4, 3), (2, 3)), (5, 2, 4, 2))
    assert state.rounds[0].tricks == (5, 2, 4, 2)
    assert state.scores == (72, -50)
    assert state.bags == (2, 0)


# --- source C, with four-player scoring ----------------------------------------------------


def test_source_c_bid_7_with_8_tricks_scores_71() -> None:
    """Rules: rule-scoring-examples, rule-contract-points."""
    for rules in (CLASSIC, MINIOKEY):
        score = score_round(rules, round_bids((4, 3), (3, 3)), [4, 2, 4, 3])
        assert (score.sides[0].contract, score.sides[0].tricks) == (7, 8)
        assert score.points == (71, -60)
        assert score.bags == (1, 0)


# Contracts 4, 3, 4 winning 7, 6, 9: 3 + 3 + 5 bags. Side 1 makes its contracts exactly.
SOURCE_C_ROUNDS = [
    (round_bids((2, 2), (3, 3)), (4, 3, 3, 3)),
    (round_bids((2, 1), (4, 3)), (3, 4, 3, 3)),
    (round_bids((2, 2), (2, 2)), (5, 2, 4, 2)),
]


def test_source_c_bags_3_3_5_reach_11_cost_100_and_1_bag_carries() -> None:
    """Rules: rule-scoring-examples, rule-bag-limit."""
    rules = Ruleset(bag_overflow=BagOverflow.CARRY)
    bags: tuple[int, ...] = (0, 0)
    history = []
    for bids, tricks in SOURCE_C_ROUNDS:
        score = score_round(rules, bids, tricks, bags)
        bags = score.bags
        history.append((score.sides[0].overtricks, score.points[0], bags[0]))
    assert history == [(3, 43, 3), (3, 33, 6), (5, 40 + 5 - 100, 1)]


@pytest.mark.parametrize(
    ("rules", "left"),
    [(MINIOKEY, 1), (CLASSIC, 0)],
    ids=["played-under-miniokey-carries-1-bag", "under-source-a-resets-the-counter-to-0"],
)
def test_source_c_bag_example_in_a_game(rules: Ruleset, left: int) -> None:
    """Rule: rule-scoring-examples."""
    state = new_game(rules, seed=1)
    for bids, tricks in SOURCE_C_ROUNDS:
        state = play_round(state, bids, tricks)
    assert [score.bags[0] for score in state.rounds] == [3, 6, left]
    assert [score.sides[0].bag_penalty for score in state.rounds] == [0, 0, -100]
    assert state.scores == (43 + 33 - 55, 60 + 70 + 40)
    assert state.bags == (left, 0)


# --- the brief's bidding example and source A ----------------------------------------------


def test_brief_bids_3_1_4_4_around_the_table_make_contracts_5_and_7() -> None:
    """Rules: rule-bidding, rule-seats."""
    # Dealer 0 under CLASSIC: seats 1, 2, 3, 0 bid 3, 1, 4, 4 in that order.
    state = new_game(CLASSIC, seed=1)
    for n in (3, 1, 4, 4):
        state = apply(state, Bid(n))
    assert state.bids == (Bid(4), Bid(3), Bid(1), Bid(4))
    score = score_round(CLASSIC, state.bids, [4, 3, 2, 4])
    assert (score.sides[0].contract, score.sides[1].contract) == (5, 7)


def test_source_a_contract_5_made_with_8_tricks_scores_53() -> None:
    """Rule: rule-scoring-examples."""
    score = score_round(CLASSIC, round_bids((3, 2), (2, 2)), [4, 2, 4, 3])
    assert (score.sides[0].contract, score.sides[0].tricks) == (5, 8)
    assert score.points[0] == 53
    assert score.bags[0] == 3


def test_source_a_contract_4_with_3_tricks_scores_minus_40() -> None:
    """Rules: rule-scoring-examples, rule-contract-points."""
    score = score_round(CLASSIC, round_bids((5, 4), (2, 2)), [6, 2, 4, 1])
    assert (score.sides[1].contract, score.sides[1].tricks) == (4, 3)
    assert score.points[1] == -40
    assert score.bags[1] == 0


def test_source_a_examples_played_in_one_game() -> None:
    """Rule: rule-scoring-examples."""
    state = new_game(CLASSIC, seed=1)
    state = play_round(state, round_bids((3, 2), (2, 2)), (4, 2, 4, 3))
    assert state.rounds[0].points == (53, 41)
    state = play_round(state, round_bids((5, 4), (2, 2)), (6, 2, 4, 1))
    assert state.rounds[1].points == (91, -40)
    assert state.scores == (144, 1)
    assert state.bags == (4, 1)


# --- the brief's readings -------------------------------------------------------------------


def test_reading_carry_9_plus_13_bags_cost_200_and_leave_2() -> None:
    """Rules: rule-readings, rule-bag-limit."""
    rules = Ruleset(bag_overflow=BagOverflow.CARRY)
    score = score_round(rules, by_seat((NIL, NIL), (Bid(3), Bid(3))), [7, 0, 6, 0], (9, 0))
    assert (score.sides[0].bag_penalty, score.bags[0]) == (-200, 2)


def test_reading_reset_reaching_the_limit_costs_the_penalty_once_and_the_counter_becomes_0() -> (
    None
):
    """Rules: rule-readings, rule-bag-limit."""
    rules = Ruleset(bag_overflow=BagOverflow.RESET)
    score = score_round(rules, by_seat((NIL, NIL), (Bid(3), Bid(3))), [7, 0, 6, 0], (9, 0))
    assert (score.sides[0].bag_penalty, score.bags[0]) == (-100, 0)
    exactly = score_round(rules, round_bids((2, 2), (3, 3)), [4, 3, 1, 5], (9, 0))
    assert (exactly.sides[0].bag_penalty, exactly.bags[0]) == (-100, 0)


@pytest.mark.parametrize(
    ("overflow", "penalty", "left"), [(BagOverflow.CARRY, -200, 2), (BagOverflow.RESET, -100, 0)]
)
def test_reading_9_plus_13_bags_played_in_a_game(
    overflow: BagOverflow, penalty: int, left: int
) -> None:
    """Rules: rule-readings, rule-scoring-examples."""
    state = new_game(Ruleset(bag_overflow=overflow), seed=1)
    # Contract 2 taking 11 tricks: 9 bags.
    state = play_round(state, round_bids((1, 1), (3, 3)), (6, 1, 5, 1))
    assert state.bags == (9, 0)
    # Both partners nil, taking all 13 tricks: 13 more bags.
    state = play_round(state, by_seat((NIL, NIL), (Bid(3), Bid(3))), (7, 0, 6, 0))
    side = state.rounds[1].sides[0]
    assert (side.overtricks + side.nil_bags, side.bag_penalty, state.bags[0]) == (13, penalty, left)
    assert state.scores[0] == 29 + (-200 + 13 + penalty)


def test_source_a_nil_partner_tricks_count_toward_the_contract() -> None:
    """Rule: rule-nil-tricks."""
    # COUNT (source A): the nil bidder's 2 tricks complete the partner's 4.
    score = score_round(CLASSIC, by_seat((NIL, Bid(4)), (Bid(3), Bid(3))), [2, 5, 2, 4])
    side = score.sides[0]
    assert (side.made, side.tricks, side.nil_points, side.points, side.bags) == (
        True,
        4,
        -100,
        -60,
        0,
    )


def test_source_b_nil_tricks_become_bags_and_do_not_count() -> None:
    """Rule: rule-nil-tricks."""
    # BAGS (source B): the same cards miss the partner's contract and the 2 tricks are bags.
    score = score_round(MINIOKEY, by_seat((NIL, Bid(4)), (Bid(3), Bid(3))), [2, 5, 2, 4])
    side = score.sides[0]
    assert (side.made, side.tricks, side.nil_bags) == (False, 2, 2)
    assert (side.points, side.bags) == (-40 + 2 - 100, 2)


def test_reading_nil_tricks_are_bags_whether_or_not_the_partners_contract_is_made() -> None:
    """Rules: rule-readings, rule-nil-tricks."""
    made = score_round(MINIOKEY, by_seat((NIL, Bid(2)), (Bid(3), Bid(3))), [1, 5, 3, 4])
    assert (made.sides[0].made, made.sides[0].nil_bags, made.bags[0]) == (True, 1, 2)
    assert made.points[0] == 20 + 1 + 1 - 100
    missed = score_round(MINIOKEY, by_seat((NIL, Bid(4)), (Bid(3), Bid(3))), [1, 5, 3, 4])
    assert (missed.sides[0].made, missed.sides[0].nil_bags, missed.bags[0]) == (False, 1, 1)
    assert missed.points[0] == -40 + 1 - 100


def test_source_a_nil_made_scores_100_and_missed_loses_100() -> None:
    """Rule: rule-nil-scoring."""
    for rules in (CLASSIC, MINIOKEY):
        made = score_round(rules, by_seat((NIL, Bid(4)), (Bid(3), Bid(3))), [0, 5, 4, 4])
        assert made.sides[0].nil_points == 100
        missed = score_round(rules, by_seat((NIL, Bid(4)), (Bid(3), Bid(3))), [1, 5, 3, 4])
        assert missed.sides[0].nil_points == -100


def test_reading_blind_nil_scores_plus_or_minus_200() -> None:
    """Rules: rule-readings, rule-nil-scoring."""
    rules = Ruleset(blind_nil=True)
    made = score_round(rules, by_seat((BLIND, Bid(4)), (Bid(3), Bid(3))), [0, 5, 4, 4])
    assert (made.sides[0].nil_points, made.points[0]) == (200, 240)
    missed = score_round(rules, by_seat((BLIND, Bid(4)), (Bid(3), Bid(3))), [1, 5, 3, 4])
    assert missed.sides[0].nil_points == -200


def test_reading_both_partners_may_bid_nil() -> None:
    """Rules: rule-readings, rule-nil."""
    for rules in (CLASSIC, MINIOKEY):
        state = play_round(
            new_game(rules, seed=1), by_seat((NIL, NIL), (Bid(6), Bid(6))), (0, 6, 0, 7)
        )
        assert state.rounds[0].bids[0] == state.rounds[0].bids[2] == NIL
        assert state.rounds[0].points == (200, 121)


def test_reading_missed_contract_adds_no_bags() -> None:
    """Rules: rule-readings, rule-bags."""
    for rules in (CLASSIC, MINIOKEY, attrs.evolve(CLASSIC, nil_tricks=NilTricks.BAGS)):
        score = score_round(rules, round_bids((4, 4), (2, 2)), [3, 3, 4, 3], (5, 5))
        assert score.sides[0].made is False
        assert score.bags == (5, 7)
