"""Scoring one round: contracts, overtricks and bags, nil in both modes, blind nil, bag limits,
zero contracts and 10-for-200."""

from __future__ import annotations

import copy
import inspect
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import BLIND, NIL
from spades import (
    CLASSIC,
    MINIOKEY,
    TWO_HANDED,
    BagOverflow,
    Bid,
    NilTricks,
    RoundScore,
    Ruleset,
    SideScore,
    nil_points,
    score_round,
)
from spades.strategies import rulesets

COUNT = attrs.evolve(CLASSIC, nil_tricks=NilTricks.COUNT)
BAGS = attrs.evolve(CLASSIC, nil_tricks=NilTricks.BAGS)
BLIND_RULES = Ruleset(blind_nil=True)


def side(
    rules: Ruleset, bids: tuple[Bid, Bid], tricks: tuple[int, int], bags: int = 0
) -> SideScore:
    """Side 0's score with these bids and tricks; side 1 takes the rest with a bid of 1 + 1."""
    score = score_round(
        rules,
        [bids[0], Bid(1), bids[1], Bid(1)],
        [tricks[0], 13 - sum(tricks), tricks[1], 0],
        (bags, 0),
    )
    return score.sides[0]


def assert_parts_add_up(score: SideScore) -> None:
    assert score.points == (
        score.contract_points
        + score.overtricks
        + score.nil_points
        + score.nil_bags
        + score.bag_penalty
    )


def test_contract_is_the_partners_bids_added() -> None:
    """Rules: rule-seats, rule-contract."""
    score = score_round(CLASSIC, [Bid(3), Bid(1), Bid(4), Bid(4)], [3, 1, 4, 5])
    assert (score.sides[0].contract, score.sides[1].contract) == (7, 5)


def test_contract_made_scores_ten_per_trick_and_one_per_overtrick() -> None:
    """Rules: rule-contract-points, rule-bags."""
    score = side(CLASSIC, (Bid(3), Bid(2)), (4, 3))
    assert score.made
    assert (score.contract, score.tricks, score.contract_points) == (5, 7, 50)
    assert (score.overtricks, score.points, score.bags) == (2, 52, 2)
    assert_parts_add_up(score)


def test_contract_made_exactly_scores_no_bags() -> None:
    """Rule: rule-bags."""
    score = side(CLASSIC, (Bid(3), Bid(2)), (1, 4))
    assert (score.points, score.bags, score.overtricks) == (50, 0, 0)


def test_contract_missed_loses_ten_per_contracted_trick_whatever_was_taken() -> None:
    """Rule: rule-contract-points."""
    for taken in range(7):
        score = side(CLASSIC, (Bid(4), Bid(3)), (taken, 0))
        assert not score.made
        assert score.points == -70
        assert score.contract_points == -70


def test_missed_contract_adds_no_bags() -> None:
    """Rule: rule-bags."""
    for rules in (CLASSIC, MINIOKEY):
        score = side(rules, (Bid(4), Bid(3)), (6, 0), bags=4)
        assert (score.overtricks, score.bags) == (0, 4)


def test_both_sides_are_scored_independently() -> None:
    """Rule: rule-scoring."""
    score = score_round(CLASSIC, [Bid(4), Bid(2), Bid(3), Bid(3)], [5, 2, 4, 2], (1, 8))
    assert score.points == (72, -50)
    assert score.bags == (3, 8)
    assert score.bids == (Bid(4), Bid(2), Bid(3), Bid(3))
    assert score.tricks == (5, 2, 4, 2)
    assert isinstance(score, RoundScore)


def test_nil_made_wins_the_nil_value_and_missed_loses_it() -> None:
    """Rule: rule-nil-scoring."""
    made = side(CLASSIC, (NIL, Bid(4)), (0, 4))
    assert (made.nil_points, made.points) == (100, 140)
    missed = side(CLASSIC, (NIL, Bid(4)), (1, 4))
    assert missed.nil_points == -100
    assert_parts_add_up(made)
    assert_parts_add_up(missed)


def test_nil_value_is_configurable() -> None:
    """Rule: rule-nil-scoring."""
    assert side(Ruleset(nil_value=50), (NIL, Bid(4)), (0, 4)).points == 90
    assert side(Ruleset(nil_value=50), (NIL, Bid(4)), (2, 4)).nil_points == -50


def test_nil_is_not_added_to_the_contract() -> None:
    """Rules: rule-nil, rule-contract."""
    for rules in (COUNT, BAGS):
        assert side(rules, (NIL, Bid(4)), (0, 5)).contract == 4


def test_nil_count_mode_nil_bidders_tricks_count_toward_partners_contract() -> None:
    """Rule: rule-nil-tricks."""
    # Source A: partner bid 4 and took 3; the failed nil's 2 tricks complete the contract.
    score = side(COUNT, (NIL, Bid(4)), (2, 3))
    assert score.made
    assert (score.tricks, score.contract_points, score.overtricks, score.nil_bags) == (5, 40, 1, 0)
    assert (score.nil_points, score.points, score.bags) == (-100, -59, 1)
    assert_parts_add_up(score)


def test_nil_count_mode_contract_missed_even_with_nil_tricks() -> None:
    """Rule: rule-nil-tricks."""
    score = side(COUNT, (NIL, Bid(6)), (2, 3))
    assert not score.made
    assert (score.tricks, score.points, score.bags) == (5, -60 - 100, 0)


def test_nil_bags_mode_nil_tricks_are_bags_and_do_not_count_when_contract_is_missed() -> None:
    """Rule: rule-nil-tricks."""
    # Source B: the same cards score the partner's contract as missed, the 2 tricks are bags.
    score = side(BAGS, (NIL, Bid(4)), (2, 3))
    assert not score.made
    assert (score.tricks, score.contract_points, score.overtricks, score.nil_bags) == (3, -40, 0, 2)
    assert (score.nil_points, score.points, score.bags) == (-100, -138, 2)
    assert_parts_add_up(score)


def test_nil_bags_mode_nil_tricks_are_bags_when_contract_is_made() -> None:
    """Rule: rule-nil-tricks."""
    score = side(BAGS, (NIL, Bid(4)), (2, 5))
    assert score.made
    assert (score.tricks, score.overtricks, score.nil_bags) == (5, 1, 2)
    assert (score.points, score.bags) == (40 + 1 + 2 - 100, 3)
    assert_parts_add_up(score)


def test_nil_bags_mode_made_nil_adds_no_bags() -> None:
    """Rule: rule-nil-tricks."""
    score = side(BAGS, (NIL, Bid(4)), (0, 4))
    assert (score.nil_bags, score.bags, score.points) == (0, 0, 140)


def test_blind_nil_made_wins_200_and_missed_loses_200() -> None:
    """Rule: rule-nil-scoring."""
    made = side(BLIND_RULES, (BLIND, Bid(4)), (0, 5))
    assert (made.nil_points, made.points) == (200, 241)
    missed = side(BLIND_RULES, (BLIND, Bid(4)), (1, 5))
    assert (missed.nil_points, missed.points) == (-200, 40 + 2 - 200)
    assert_parts_add_up(missed)


def test_blind_nil_value_is_configurable_and_separate_from_nil() -> None:
    """Rule: rule-nil-scoring."""
    rules = Ruleset(blind_nil=True, blind_nil_value=300, nil_value=50)
    assert side(rules, (BLIND, NIL), (0, 0)).nil_points == 350
    assert side(rules, (BLIND, NIL), (1, 0)).nil_points == -250


def test_blind_nil_tricks_follow_the_nil_mode() -> None:
    """Rule: rule-nil-tricks."""
    count = side(attrs.evolve(BLIND_RULES, nil_tricks=NilTricks.COUNT), (BLIND, Bid(4)), (2, 3))
    assert (count.made, count.nil_bags, count.bags) == (True, 0, 1)
    bags = side(attrs.evolve(BLIND_RULES, nil_tricks=NilTricks.BAGS), (BLIND, Bid(4)), (2, 3))
    assert (bags.made, bags.nil_bags, bags.bags) == (False, 2, 2)


def test_both_partners_nil_both_made() -> None:
    """Rules: rule-nil-scoring, rule-contract."""
    for rules in (COUNT, BAGS):
        score = side(rules, (NIL, NIL), (0, 0))
        assert (score.contract, score.made, score.contract_points) == (0, True, 0)
        assert (score.nil_points, score.points, score.bags) == (200, 200, 0)


def test_both_partners_nil_each_scored_on_her_own_tricks() -> None:
    """Rule: rule-nil-scoring."""
    for rules in (COUNT, BAGS):
        score = side(rules, (NIL, NIL), (0, 3))
        assert score.nil_points == 0
        assert score.bags == 3
        assert score.points == 3
        both = side(rules, (NIL, NIL), (1, 2))
        assert both.nil_points == -200
        assert both.points == -197
        assert_parts_add_up(both)


def test_both_partners_nil_count_mode_tricks_are_overtricks_of_a_zero_contract() -> None:
    """Rules: rule-contract, rule-nil-tricks."""
    score = side(COUNT, (NIL, NIL), (1, 2))
    assert (score.tricks, score.overtricks, score.nil_bags) == (3, 3, 0)


def test_both_partners_nil_bags_mode_tricks_are_nil_bags() -> None:
    """Rule: rule-nil-tricks."""
    score = side(BAGS, (NIL, NIL), (1, 2))
    assert (score.tricks, score.overtricks, score.nil_bags) == (0, 0, 3)


def test_blind_nil_and_nil_partners() -> None:
    score = side(BLIND_RULES, (BLIND, NIL), (0, 0))
    assert (score.nil_points, score.points) == (300, 300)


# --- zero as a contract (reading-zero-bid) ----------------------------------------------

ZERO = Ruleset(nil=False, zero_contract=True)
ZERO_BAGS = attrs.evolve(ZERO, nil_tricks=NilTricks.BAGS)


@pytest.mark.parametrize("rules", [ZERO, ZERO_BAGS], ids=["count", "bags"])
def test_a_zero_contract_takes_no_bonus_and_pays_no_penalty(rules: Ruleset) -> None:
    """Zero without a trick wins nothing; zero with two tricks loses nothing and helps.

    Seat 0 bids zero, her partner 4: 0 + 4 made exactly is 40; with 2 + 3 the side makes
    its 4 with an overtrick, where the same bids as nil under `CLASSIC` fail the nil.
    Whatever ``nil_tricks`` says: a zero contract is no nil.

    Rules: reading-zero-bid, rule-contract, rule-bags.
    """
    clean = side(rules, (Bid(0), Bid(4)), (0, 4))
    assert (clean.contract, clean.tricks, clean.nil_points, clean.points) == (4, 4, 0, 40)
    helped = side(rules, (Bid(0), Bid(4)), (2, 3))
    assert (helped.made, helped.tricks, helped.overtricks, helped.nil_bags) == (True, 5, 1, 0)
    assert (helped.nil_points, helped.points, helped.bags) == (0, 41, 1)
    assert side(CLASSIC, (NIL, Bid(4)), (2, 3)).points == -59
    assert_parts_add_up(clean)
    assert_parts_add_up(helped)


def test_every_trick_over_the_sides_contract_is_a_bag_under_a_zero_contract() -> None:
    """The zero bidder's three tricks are overtricks of her side's 4: three bags.

    Rules: reading-zero-bid, rule-bags.
    """
    score = side(ZERO_BAGS, (Bid(0), Bid(4)), (3, 4))
    assert (score.contract, score.tricks, score.overtricks, score.nil_bags) == (4, 7, 3, 0)
    assert (score.points, score.bags) == (43, 3)
    missed = side(ZERO, (Bid(0), Bid(4)), (0, 3))
    assert (missed.made, missed.points, missed.bags) == (False, -40, 0)


def test_two_zero_contracts_make_a_contract_of_zero_whose_tricks_are_bags() -> None:
    """Both partners bid zero: made whatever they take, each trick a point and a bag.

    Rules: reading-zero-bid, rule-contract, reading-both-nil.
    """
    for rules in (ZERO, ZERO_BAGS):
        score = side(rules, (Bid(0), Bid(0)), (2, 1), bags=8)
        assert (score.contract, score.made, score.contract_points) == (0, True, 0)
        assert (score.overtricks, score.nil_points) == (3, 0)
        assert (score.bag_penalty, score.points, score.bags) == (-100, -97, 0)


def test_a_two_player_zero_contract_is_her_whole_contract() -> None:
    """Two players: a zero that takes two tricks scores them as two overtricks.

    Rules: reading-zero-bid, rule-two-scoring.
    """
    rules = Ruleset(players=2, nil=False, blind_nil=False, zero_contract=True)
    score = score_round(rules, [Bid(0), Bid(5)], [2, 11])
    assert (score.points, score.bags) == ((2, 56), (2, 6))
    assert score.sides[0].nil_bags == 0
    assert score_round(TWO_HANDED, [Bid(0), Bid(5)], [2, 11]).points == (-98, 56)


def test_nil_points_of_a_zero_contract_are_none() -> None:
    """Rules: reading-zero-bid, rule-nil-scoring."""
    for taken in (0, 1, 13):
        assert nil_points(ZERO, Bid(0), taken) == 0
    assert (nil_points(CLASSIC, Bid(0), 0), nil_points(CLASSIC, Bid(0), 1)) == (100, -100)


# --- 10-for-200 (rule-ten-for-two-hundred) ------------------------------------------------

TEN = Ruleset(ten_for_two_hundred=True)


def test_ten_or_more_made_scores_200_and_overtricks_as_usual() -> None:
    """A contract of 10 made with 11 tricks: 200, one overtrick, one bag.

    Rules: rule-ten-for-two-hundred, rule-bags.
    """
    score = side(TEN, (Bid(6), Bid(4)), (6, 5))
    assert (score.contract, score.contract_points, score.overtricks) == (10, 200, 1)
    assert (score.points, score.bags) == (201, 1)
    assert side(CLASSIC, (Bid(6), Bid(4)), (6, 5)).points == 101
    assert_parts_add_up(score)


def test_ten_or_more_set_loses_200_and_adds_no_bags() -> None:
    """Rule: rule-ten-for-two-hundred."""
    for taken in (0, 9):
        score = side(TEN, (Bid(6), Bid(4)), (taken, 0), bags=3)
        assert (score.made, score.contract_points, score.points, score.bags) == (
            False,
            -200,
            -200,
            3,
        )


@pytest.mark.parametrize(
    ("bids", "tricks", "points"),
    [
        ((Bid(7), Bid(6)), (7, 6), 200),  # 13 is worth what 10 is
        ((Bid(6), Bid(5)), (6, 5), 200),
        ((Bid(5), Bid(4)), (5, 5), 91),  # 9: ten a trick, as usual
        ((Bid(5), Bid(4)), (5, 3), -90),
        ((NIL, Bid(10)), (0, 11), 301),  # the nil scores on its own, as usual
    ],
    ids=["13 made", "11 made", "9 made", "9 set", "nil and 10"],
)
def test_ten_for_200_is_the_worth_of_ten_or_more_only(
    bids: tuple[Bid, Bid], tricks: tuple[int, int], points: int
) -> None:
    """Rules: rule-ten-for-two-hundred, rule-contract-points."""
    assert side(TEN, bids, tricks).points == points


def test_ten_for_200_keeps_the_bag_limit_and_plays_for_two_players() -> None:
    """Rules: rule-ten-for-two-hundred, rule-bag-limit, rule-two-scoring."""
    score = side(TEN, (Bid(6), Bid(4)), (6, 5), bags=9)
    assert (score.bag_penalty, score.points, score.bags) == (-100, 101, 0)
    two = Ruleset(players=2, ten_for_two_hundred=True)
    assert score_round(two, [Bid(10), Bid(2)], [11, 2]).points == (201, 20)
    assert score_round(two, [Bid(10), Bid(2)], [9, 4]).points == (-200, 22)


def test_bags_accumulate_below_the_limit() -> None:
    """Rule: rule-bags."""
    score = side(CLASSIC, (Bid(2), Bid(2)), (4, 3), bags=6)
    assert (score.bags, score.bag_penalty, score.points) == (9, 0, 43)


@pytest.mark.parametrize("overflow", list(BagOverflow))
def test_reaching_the_bag_limit_exactly_costs_the_penalty(overflow: BagOverflow) -> None:
    """Rule: rule-bag-limit."""
    score = side(Ruleset(bag_overflow=overflow), (Bid(2), Bid(2)), (4, 3), bags=7)
    assert (score.bags, score.bag_penalty, score.points) == (0, -100, 43 - 100)
    assert_parts_add_up(score)


@pytest.mark.parametrize(
    ("overflow", "penalty", "left"),
    [
        # "carry": every full limit costs the penalty and the rest carries.
        (BagOverflow.CARRY, -200, 2),
        # "reset": reaching the limit costs the penalty once and the counter becomes zero.
        (BagOverflow.RESET, -100, 0),
    ],
    ids=["carry-every-full-limit-and-the-rest-carries", "reset-once-and-the-counter-becomes-0"],
)
def test_bag_overflow_of_9_plus_13_bags(overflow: BagOverflow, penalty: int, left: int) -> None:
    """Rule: rule-bag-limit."""
    # The brief's reading: 9 + 13 = 22 bags cost -200 and leave 2, or with "reset" -100 and 0.
    score = side(Ruleset(bag_overflow=overflow), (NIL, NIL), (7, 6), bags=9)
    assert (score.bag_penalty, score.bags) == (penalty, left)
    assert score.points == -200 + 13 + penalty
    assert_parts_add_up(score)


@pytest.mark.parametrize("mode", list(NilTricks))
def test_bag_carry_with_thirteen_bags_in_either_nil_mode(mode: NilTricks) -> None:
    """Rule: rule-bag-limit."""
    rules = Ruleset(bag_overflow=BagOverflow.CARRY, nil_tricks=mode)
    score = side(rules, (NIL, NIL), (13, 0), bags=9)
    assert (score.bag_penalty, score.bags) == (-200, 2)


def test_bag_limit_and_penalty_are_configurable() -> None:
    """Rule: rule-bag-limit."""
    rules = Ruleset(bag_limit=3, bag_penalty=50, bag_overflow=BagOverflow.CARRY)
    score = side(rules, (Bid(1), Bid(1)), (5, 4), bags=1)
    assert (score.overtricks, score.bag_penalty, score.bags) == (7, -100, 2)
    reset = side(
        attrs.evolve(rules, bag_overflow=BagOverflow.RESET), (Bid(1), Bid(1)), (5, 4), bags=1
    )
    assert (reset.bag_penalty, reset.bags) == (-50, 0)


def test_contract_of_thirteen_made_with_all_tricks() -> None:
    """Rule: rule-contract-points."""
    score = side(CLASSIC, (Bid(7), Bid(6)), (7, 6))
    assert (score.points, score.bags) == (130, 0)


@pytest.mark.parametrize(
    ("bids", "tricks"),
    [
        ([Bid(1)] * 3, [4, 3, 3, 3]),
        ([Bid(1)] * 5, [4, 3, 3, 3]),
        ([Bid(1)] * 4, [4, 3, 3]),
        ([Bid(1)] * 4, [4, 3, 3, 3, 0]),
    ],
)
def test_score_round_takes_four_bids_and_four_trick_counts(
    bids: list[Bid], tricks: list[int]
) -> None:
    with pytest.raises(ValueError, match="4 bids and 4 trick counts by seat"):
        score_round(CLASSIC, bids, tricks)


def test_score_round_takes_two_bids_and_two_trick_counts_for_two_players() -> None:
    """Rule: rule-two-scoring."""
    with pytest.raises(ValueError, match="2 bids and 2 trick counts by seat"):
        score_round(TWO_HANDED, [Bid(1)] * 4, [4, 3, 3, 3])
    with pytest.raises(ValueError, match="add up to 13"):
        score_round(TWO_HANDED, [Bid(1)] * 2, [7, 7])


@pytest.mark.parametrize("tricks", [[4, 3, 3, 2], [4, 3, 3, 4], [14, -1, 0, 0], [0, 0, 0, 0]])
def test_score_round_tricks_add_up_to_thirteen(tricks: list[int]) -> None:
    with pytest.raises(ValueError, match="add up to 13"):
        score_round(CLASSIC, [Bid(1)] * 4, tricks)


def test_round_score_is_a_frozen_value() -> None:
    one = score_round(CLASSIC, [Bid(4), Bid(2), Bid(3), Bid(3)], [5, 2, 4, 2])
    two = score_round(CLASSIC, (Bid(4), Bid(2), Bid(3), Bid(3)), (5, 2, 4, 2))
    assert one == two
    assert hash(one) == hash(two)
    with pytest.raises(AttributeError):
        one.bids = ()  # type: ignore[misc]
    assert one != score_round(CLASSIC, [Bid(4), Bid(2), Bid(3), Bid(3)], [5, 2, 4, 2], (1, 0))
    assert one != tuple(one)
    with pytest.raises(TypeError):
        one < two  # noqa: B015


def test_round_score_is_built_by_keyword_and_survives_pickle_and_repr() -> None:
    scored = score_round(CLASSIC, [Bid(4), Bid(2), Bid(3), Bid(3)], [5, 2, 4, 2])
    built = RoundScore(bids=scored.bids, tricks=scored.tricks, sides=scored.sides)
    assert type(built) is RoundScore
    assert built == scored
    assert (built.points, built.bags) == ((72, -50), (2, 0))
    assert pickle.loads(pickle.dumps(built)) == built
    assert repr(built).startswith("RoundScore(bids=(Bid(n=4")
    with pytest.raises(TypeError):
        RoundScore(scored.bids, scored.tricks, scored.sides)  # type: ignore[call-arg]


# --- the SideScore value ------------------------------------------------------------------

PART_NAMES = tuple(inspect.signature(SideScore).parameters)


def _made_5_with_7() -> SideScore:
    """Side 0's score in `test_contract_made_scores_ten_per_trick_and_one_per_overtrick`."""
    return side(CLASSIC, (Bid(3), Bid(2)), (4, 3))


def _parts(score: SideScore) -> dict[str, Any]:
    return {name: getattr(score, name) for name in PART_NAMES}


def test_side_score_is_built_by_keyword_and_equals_the_scored_one() -> None:
    built = SideScore(
        contract=5,
        tricks=7,
        made=True,
        contract_points=50,
        overtricks=2,
        nil_points=0,
        nil_bags=0,
        bag_penalty=0,
        points=52,
        bags=2,
    )
    assert type(built) is SideScore
    assert tuple(_parts(built).values()) == (5, 7, True, 50, 2, 0, 0, 0, 52, 2) == tuple(built)
    assert built == _made_5_with_7()
    assert not built != _made_5_with_7()  # noqa: SIM202
    assert SideScore(**_parts(built)) == built


def test_side_score_takes_its_ten_parts_by_keyword_only() -> None:
    parameters = inspect.signature(SideScore).parameters.values()
    assert len(parameters) == 10
    assert all(parameter.kind is parameter.KEYWORD_ONLY for parameter in parameters)
    with pytest.raises(TypeError):
        SideScore(*_made_5_with_7())  # type: ignore[call-arg]
    missing = _parts(_made_5_with_7())
    del missing["bags"]
    with pytest.raises(TypeError, match="bags"):
        SideScore(**missing)


@pytest.mark.parametrize("name", PART_NAMES)
def test_side_scores_differing_in_one_part_are_unequal(name: str) -> None:
    parts = _parts(_made_5_with_7())
    parts[name] += 1
    other = SideScore(**parts)
    assert other != _made_5_with_7()
    assert _made_5_with_7() != other
    assert not other == _made_5_with_7()  # noqa: SIM201
    assert len({other, _made_5_with_7()}) == 2


def test_side_score_is_not_equal_to_a_plain_tuple_of_the_same_values() -> None:
    score = _made_5_with_7()
    plain = tuple(score)
    assert plain == (5, 7, True, 50, 2, 0, 0, 0, 52, 2)
    assert score != plain
    assert plain != score
    assert not score == plain  # noqa: SIM201
    assert not plain == score  # noqa: SIM201
    assert score != list(plain)
    assert score != "SideScore"


def test_side_score_hash_is_by_value() -> None:
    one = _made_5_with_7()
    two = SideScore(**_parts(one))
    assert one is not two
    assert hash(one) == hash(two)
    assert len({one, two}) == 1
    assert {one: "made"}[two] == "made"


def test_side_score_repr_names_every_part_and_evaluates_back() -> None:
    score = _made_5_with_7()
    assert repr(score) == (
        "SideScore(contract=5, tricks=7, made=True, contract_points=50, overtricks=2, "
        "nil_points=0, nil_bags=0, bag_penalty=0, points=52, bags=2)"
    )
    assert eval(repr(score), {"SideScore": SideScore}) == score


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_side_score_survives_pickle(protocol: int) -> None:
    score = side(BAGS, (NIL, Bid(4)), (2, 3), bags=9)
    clone = pickle.loads(pickle.dumps(score, protocol=protocol))
    assert type(clone) is SideScore
    assert clone == score
    assert repr(clone) == repr(score)


def test_side_score_survives_copy_and_deepcopy() -> None:
    score = _made_5_with_7()
    for clone in (copy.copy(score), copy.deepcopy(score)):
        assert type(clone) is SideScore
        assert clone == score
        assert hash(clone) == hash(score)
    round_score = score_round(CLASSIC, [Bid(4), Bid(2), Bid(3), Bid(3)], [5, 2, 4, 2])
    assert copy.deepcopy(round_score) == round_score
    assert pickle.loads(pickle.dumps(round_score)) == round_score


def test_side_score_is_immutable() -> None:
    score = _made_5_with_7()
    with pytest.raises(AttributeError):
        score.points = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        score.extra = 1  # type: ignore[attr-defined]
    assert score.points == 52


# --- blind numbers (rule-blind-bids) ------------------------------------------------------


def blind(n: int) -> Bid:
    return Bid(n, blind=True)


@pytest.mark.parametrize(
    ("rules", "bids", "tricks", "bags", "expected"),
    [
        # (contract, made, contract_points, overtricks, nil_points, nil_bags, points, bags)
        (CLASSIC, (blind(7), Bid(2)), (6, 4), 0, (9, True, 160, 1, 0, 0, 161, 1)),
        (CLASSIC, (blind(7), Bid(2)), (7, 1), 0, (9, False, -160, 0, 0, 0, -160, 0)),
        (CLASSIC, (blind(7), Bid(2)), (9, 0), 4, (9, True, 160, 0, 0, 0, 160, 4)),
        (CLASSIC, (blind(6), blind(6)), (7, 6), 0, (12, True, 240, 1, 0, 0, 241, 1)),
        (CLASSIC, (blind(6), blind(6)), (6, 5), 0, (12, False, -240, 0, 0, 0, -240, 0)),
        (CLASSIC, (blind(6), Bid(2)), (9, 1), 9, (8, True, 140, 2, 0, 0, 42, 0)),
        (COUNT, (blind(7), NIL), (7, 0), 0, (7, True, 140, 0, 100, 0, 240, 0)),
        (COUNT, (blind(7), NIL), (6, 1), 0, (7, True, 140, 0, -100, 0, 40, 0)),
        (BAGS, (blind(7), NIL), (6, 1), 0, (7, False, -140, 0, -100, 1, -239, 1)),
        (BLIND_RULES, (blind(8), BLIND), (9, 0), 0, (8, True, 160, 1, 200, 0, 361, 1)),
        (ZERO, (blind(6), Bid(0)), (6, 2), 0, (6, True, 120, 2, 0, 0, 122, 2)),
    ],
    ids=[
        "made, one over",
        "set",
        "made exactly",
        "both blind",
        "both blind, set",
        "bags past the limit",
        "nil made, counted",
        "nil set, its trick counted",
        "nil set, its trick a bag",
        "blind nil beside",
        "a zero contract beside",
    ],
)
def test_a_blind_numbers_tricks_count_twice_made_or_set(
    rules: Ruleset,
    bids: tuple[Bid, Bid],
    tricks: tuple[int, int],
    bags: int,
    expected: tuple[int, bool, int, int, int, int, int, int],
) -> None:
    """The contract is the bids added; made, it scores 20 a trick bid blind and 10 a trick
    bid in sight; set, it loses as much. Overtricks are bags, and a nil scores on its own.

    Rules: rule-blind-bids, rule-contract-points, rule-bags, rule-nil-scoring.
    """
    score = side(rules, bids, tricks, bags)
    assert (
        score.contract,
        score.made,
        score.contract_points,
        score.overtricks,
        score.nil_points,
        score.nil_bags,
        score.points,
        score.bags,
    ) == expected
    assert_parts_add_up(score)


TEN_BLIND = Ruleset(blind_bid_minimum=6, blind_bid_deficit=None, ten_for_two_hundred=True)
"""Blind numbers from 6 at any score under 10-for-200, as Trickster's tables have them."""


def test_blind_seven_and_four_under_ten_for_two_hundred_win_or_lose_270() -> None:
    """The reading's example: blind 7 and 4 are a contract of 11, worth 200 under
    10-for-200 and ten more for each of the 7 tricks bid blind: 270 made (and a bag's
    point for the twelfth trick), -270 set. Below 10 the blind part adds to ten a trick.

    Rule: reading-blind-ten-for-two-hundred.
    Rule: rule-blind-bids.
    """
    bids = [blind(7), Bid(3), Bid(4), Bid(2)]
    made = score_round(TEN_BLIND, bids, [7, 1, 5, 0], (0, 0)).sides[0]
    assert (made.contract, made.made, made.contract_points, made.points) == (11, True, 270, 271)
    set_ = score_round(TEN_BLIND, bids, [6, 3, 4, 0], (0, 0)).sides[0]
    assert (set_.contract, set_.made, set_.contract_points, set_.points) == (11, False, -270, -270)
    low = score_round(TEN_BLIND, [blind(6), Bid(3), Bid(2), Bid(2)], [6, 2, 2, 3], (0, 0))
    assert (low.sides[0].contract_points, low.sides[1].contract_points) == (140, 50)


@settings(max_examples=300, deadline=None)
@given(
    rules=rulesets(players=4),
    numbers=st.lists(st.integers(0, 13), min_size=4, max_size=4),
    blinds=st.lists(st.booleans(), min_size=4, max_size=4),
    cuts=st.lists(st.integers(0, 13), min_size=3, max_size=3),
    counters=st.lists(st.integers(0, 30), min_size=4, max_size=4),
)
def test_a_blind_number_adds_or_takes_ten_a_trick_to_the_plain_score(
    rules: Ruleset,
    numbers: list[int],
    blinds: list[bool],
    cuts: list[int],
    counters: list[int],
) -> None:
    """Any four bids, some numbers bid blind: each side scores what the same bids in sight
    score, plus 10 a trick bid blind when made, minus that when set; under 10-for-200 too,
    and for each player alone when four play solo.

    Rules: rule-blind-bids, rule-contract-points.
    Rule: reading-blind-ten-for-two-hundred.
    Rule: rule-solo.
    """
    bags = counters[: rules.sides]
    bids = [Bid(n, blind=flag and n > 0) for n, flag in zip(numbers, blinds, strict=True)]
    low, high = sorted(cuts[:2])
    tricks = [low, high - low, 13 - high, 0]
    tricks = [tricks[0], tricks[1], tricks[2] - min(cuts[2], tricks[2]), min(cuts[2], tricks[2])]
    scored = score_round(rules, bids, tricks, bags)
    plain = score_round(
        rules, [Bid(bid.n, blind=bid.blind and not bid.n) for bid in bids], tricks, bags
    )
    for number, (with_blind, in_sight) in enumerate(zip(scored.sides, plain.sides, strict=True)):
        part = sum(bid.n for bid in bids[number :: rules.sides] if bid.blind)
        extra = 10 * part if in_sight.made else -10 * part
        assert with_blind == in_sight._replace(
            contract_points=in_sight.contract_points + extra,
            points=in_sight.points + extra,
        )
