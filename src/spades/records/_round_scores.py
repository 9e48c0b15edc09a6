"""Plain data for round scores: the bids, the tricks and each side's breakdown of a round.

Reading a round score checks that its parts agree with each other and with its bids: the
tricks add up to 13, each side's contract is its bids added up, its contract points ten
a trick bid (or 200 for a contract of 10 or more, as ``ten_for_two_hundred`` scores it),
and its points are its parts added up. Whether a score follows from the ruleset is for
the state reader to check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spades._scoring import RoundScore, SideScore
from spades.records._plain import (
    MAX_POINTS,
    MAX_ROUNDS,
    Data,
    bid_from,
    boolean,
    fail,
    integer,
    items,
    record_fields,
)

if TYPE_CHECKING:
    from spades._moves import Bid

__all__ = ["round_score_data", "round_score_from", "round_scores_from"]


def round_scores_from(data: object, path: str) -> tuple[RoundScore, ...]:
    """``data`` as the scores of the completed rounds, at most `MAX_ROUNDS`."""
    return tuple(
        round_score_from(score, f"{path}[{index}]")
        for index, score in enumerate(items(data, path, MAX_ROUNDS))
    )


def round_score_data(score: RoundScore) -> dict[str, Data]:
    """A round's score: bids and tricks by seat, and each side's breakdown."""
    return {
        "bids": [str(bid) for bid in score.bids],
        "tricks": list(score.tricks),
        "sides": [dict(zip(SideScore.fields, side, strict=True)) for side in score.sides],
    }


def round_score_from(data: object, path: str) -> RoundScore:
    """``data`` as a round's score whose parts agree with each other and with its bids.

    Whether the score follows from a ruleset is for the reader of a whole game to check.
    """
    found = record_fields(data, path, ("bids", "tricks", "sides"))
    raw_bids = items(found["bids"], f"{path}.bids", 4)
    if len(raw_bids) not in {2, 4}:
        fail(f"{path}.bids", f"a round has 2 or 4 bids, not {len(raw_bids)}")
    bids = tuple(bid_from(bid, f"{path}.bids[{i}]") for i, bid in enumerate(raw_bids))
    tricks = tuple(
        integer(count, f"{path}.tricks[{i}]", 0, 13)
        for i, count in enumerate(items(found["tricks"], f"{path}.tricks", 4, len(bids)))
    )
    if sum(tricks) != 13:
        fail(f"{path}.tricks", f"the tricks of a round add up to 13, not {sum(tricks)}")
    raw_sides = items(found["sides"], f"{path}.sides", 4)
    if len(raw_sides) not in {2, len(bids)}:  # two sides, or a side a seat (rule-solo)
        counts = "2 sides" if len(bids) == 2 else "2 sides, or 4 when four play solo"
        fail(f"{path}.sides", f"a round of {len(bids)} bids has {counts}, not {len(raw_sides)}")
    step = len(raw_sides)
    sides = tuple(
        _side_from(side, f"{path}.sides[{index}]", bids[index::step])
        for index, side in enumerate(raw_sides)
    )
    return RoundScore(bids=bids, tricks=tricks, sides=sides)


def _side_from(data: object, path: str, bids: tuple[Bid, ...]) -> SideScore:
    found = record_fields(data, path, SideScore.fields)
    parts: dict[str, Any] = {
        name: boolean(found[name], f"{path}.{name}")
        if name == "made"
        else integer(found[name], f"{path}.{name}", -MAX_POINTS, MAX_POINTS)
        for name in SideScore.fields
    }
    side = SideScore(**parts)
    contract = sum(bid.n for bid in bids)
    blind = sum(bid.n for bid in bids if bid.blind)
    worth, meaning = 10 * contract, "ten per trick bid"
    if contract >= 10 and abs(side.contract_points) == 200 + 10 * blind:  # the ruleset says
        worth, meaning = 200, "200 for a contract of 10 or more, rule-ten-for-two-hundred"
    if blind:
        worth += 10 * blind
        meaning += ", and ten more per trick bid blind, rule-blind-bids"
    checks = (
        ("contract", contract, "the side's bids added up"),
        ("made", side.tricks >= contract, "whether the tricks reached the contract"),
        ("contract_points", worth if side.made else -worth, meaning),
        ("overtricks", side.tricks - contract if side.made else 0, "the tricks over the contract"),
        (
            "points",
            side.contract_points
            + side.overtricks
            + side.nil_points
            + side.nil_bags
            + side.bag_penalty,
            "the parts added up",
        ),
    )
    for name, expected, meaning in checks:
        if parts[name] != expected:
            fail(f"{path}.{name}", f"expected {expected} ({meaning}), not {parts[name]}")
    for name, low, high in (("tricks", 0, 13), ("nil_bags", 0, 13), ("bag_penalty", None, 0)):
        integer(parts[name], f"{path}.{name}", low, high)
    integer(side.bags, f"{path}.bags", 0)
    return side
