"""Scoring a round and the end of the game (rule-scoring, rule-game-end).

Per side: contract made, 10 a contract trick and 1 an overtrick, which is a bag; missed,
-10 a contract trick and no bag. Under 10-for-200, a contract of 10 tricks or more is worth
200 in all, made or missed (rule-ten-for-two-hundred). The tricks of a number bid blind
count twice, made or missed: ten more points each, on top of the 200 too
(rule-blind-bids, reading-blind-ten-for-two-hundred). Nil and blind nil: their value won or
lost; the nil bidder's tricks count toward the contract, or (nil mode "bags", and always
with two or three players or four solo, who have no contract beside their nil: rule-solo,
rule-three-players) are bags
worth 1 each. Without nil, a zero contract's bid of zero is a
contract like any other, of no tricks: its tricks count toward the side's contract, with
no bonus and no penalty of its own (reading-zero-bid). At the bag limit: the penalty once
and the counter back to 0 ("reset"), or the penalty for every full limit and the rest
carried ("carry").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from oracle.cards import bid_value
from oracle.seats import sides_of

if TYPE_CHECKING:
    from collections.abc import Sequence

    from oracle.rules import Rules


@dataclass
class SideScore:
    """One side's round, with the fields of a record's round summary by side."""

    contract: int
    tricks: int
    made: bool
    contract_points: int
    overtricks: int
    nil_points: int
    nil_bags: int
    bag_penalty: int
    points: int
    bags: int


def contract_worth(rules: Rules, contract: int, blind: int = 0) -> int:
    """What a side's contract wins when made and loses when missed (rule-contract-points).

    Ten a trick bid; under ``ten_for_two_hundred`` a contract of ten tricks or more is
    worth 200 instead, however many tricks over ten it holds (rule-ten-for-two-hundred).
    Either way, ten more for each of the ``blind`` tricks bid as blind numbers
    (rule-blind-bids, reading-blind-ten-for-two-hundred).
    """
    big = rules["ten_for_two_hundred"] and contract >= 10
    return (200 if big else 10 * contract) + 10 * blind


def score_side(
    rules: Rules, bids: Sequence[str], tricks: Sequence[int], seats: Sequence[int], bags: int
) -> SideScore:
    """One side's round: its contract, nil bids, bags and bag penalty (rule-scoring)."""
    partners = rules["players"] == 4 and not rules["solo"]
    nil_counts = partners and rules["nil_tricks"] == "count"
    contract = counted = nil_points = nil_bags = blind_part = 0
    for seat in seats:
        number, blind = bid_value(bids[seat])
        if number == 0 and rules["nil"]:
            value = rules["blind_nil_value"] if blind else rules["nil_value"]
            nil_points += value if tricks[seat] == 0 else -value
            if nil_counts:
                counted += tricks[seat]
            else:
                nil_bags += tricks[seat]
        else:  # a number, or a zero contract (a zero bid where there is no nil)
            assert number or rules["zero_contract"], "a bid of zero is nil or a zero contract"
            contract += number
            blind_part += number if blind else 0
            counted += tricks[seat]
    made = counted >= contract
    worth = contract_worth(rules, contract, blind_part)
    contract_points = worth if made else -worth
    overtricks = counted - contract if made else 0
    counter = bags + overtricks + nil_bags
    penalty = 0
    limit = rules["bag_limit"]
    if counter >= limit:
        if rules["bag_overflow"] == "reset":
            penalty, counter = rules["bag_penalty"], 0
        else:
            assert rules["bag_overflow"] == "carry", rules["bag_overflow"]
            penalty = rules["bag_penalty"] * (counter // limit)
            counter %= limit
    points = contract_points + overtricks + nil_bags + nil_points - penalty
    return SideScore(
        contract=contract,
        tricks=counted,
        made=made,
        contract_points=contract_points,
        overtricks=overtricks,
        nil_points=nil_points,
        nil_bags=nil_bags,
        bag_penalty=-penalty,
        points=points,
        bags=counter,
    )


def score_sides(
    rules: Rules, bids: Sequence[str], tricks: Sequence[int], bags: Sequence[int]
) -> list[SideScore]:
    """Every side's round: four players seats 0 and 2 against 1 and 3; two players, three
    (rule-three-players), and four solo (rule-solo), each on her own."""
    return [
        score_side(rules, bids, tricks, seats, bags[side])
        for side, seats in enumerate(sides_of(rules["players"], solo=rules["solo"]))
    ]


def score(
    rules: Rules, bids: Sequence[str], tricks: Sequence[int], bags: Sequence[int]
) -> tuple[list[int], list[int]]:
    """The round's points and the bag counters after it, by side."""
    sides = score_sides(rules, bids, tricks, bags)
    return [side.points for side in sides], [side.bags for side in sides]


def outcome(rules: Rules, scores: Sequence[int], round_number: int) -> dict[str, Any] | None:
    """How the game ends after a round with these totals, or None (rule-game-end).

    The side with the highest total wins, when no other side shares it: first at the
    target (some side has reached it), then at the losing floor (some side is at or
    below it), then at the round cap, where a shared highest total is a draw. A shared
    highest total plays on at the target and the floor. Two sides, three
    (rule-three-players) or four (rule-solo) alike: with two, "shared" is "equal".
    """
    high = max(scores)
    leader = scores.index(high)
    unique = scores.count(high) == 1
    if high >= rules["target"]:
        if unique:
            return {"winner": leader, "termination": "target"}
    else:
        floor = rules["losing_floor"]
        if floor is not None and min(scores) <= floor and unique:
            return {"winner": leader, "termination": "losing_floor"}
    cap = rules["round_cap"]
    if cap is not None and round_number >= cap:
        return {"winner": leader if unique else None, "termination": "round_cap"}
    return None
