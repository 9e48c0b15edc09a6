"""Plain data for round scores: the bids, the tricks and each side's breakdown of a round.

Reading a round score checks that its parts agree with each other and with its bids: the
tricks add up to the cards of a hand (13; 17 or 18 with three players, rule-three-players),
no bid is above it, each side's contract is its bids added up, its contract points ten a
trick bid (or 200 for a contract of 10 or more, as ``ten_for_two_hundred`` scores it),
and its points are its parts added up. Whether a score follows from the ruleset is for
the state reader to check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from spades._rules import MAX_HAND
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
    from spades._rules import Ruleset

__all__ = ["round_score_data", "round_score_from", "round_scores_from"]


def round_scores_from(
    data: object, path: str, rules: Ruleset | None = None
) -> tuple[RoundScore, ...]:
    """``data`` as the scores of the completed rounds, at most `MAX_ROUNDS`.

    ``rules`` are the game's, where the reader knows them: each round has a bid of each of
    its players, and as many tricks as a hand has cards (`Ruleset.hand_size`).
    """
    return tuple(
        round_score_from(score, f"{path}[{index}]", rules)
        for index, score in enumerate(items(data, path, MAX_ROUNDS))
    )


def round_score_data(score: RoundScore) -> dict[str, Data]:
    """A round's score: bids and tricks by seat, and each side's breakdown."""
    return {
        "bids": [str(bid) for bid in score.bids],
        "tricks": list(score.tricks),
        "sides": [dict(zip(SideScore.fields, side, strict=True)) for side in score.sides],
    }


def round_score_from(data: object, path: str, rules: Ruleset | None = None) -> RoundScore:
    """``data`` as a round's score whose parts agree with each other and with its bids.

    A round has a bid of each player, and as many tricks as a hand has cards: those of
    ``rules`` when the reader knows the ruleset; else 13 for two or four bids, and 17 or
    18 for three (rule-three-players). Whether the score follows from a ruleset is for
    the reader of a whole game to check.
    """
    found = record_fields(data, path, ("bids", "tricks", "sides"))
    raw_bids = items(found["bids"], f"{path}.bids", 4)
    if rules is not None and len(raw_bids) != rules.players:
        fail(f"{path}.bids", f"the rules are for {rules.players} players")
    if len(raw_bids) not in _SIDES:
        fail(f"{path}.bids", f"a round has 2, 3 or 4 bids, not {len(raw_bids)}")
    hand_size = None if rules is None else rules.hand_size
    alone = hand_size is None and len(raw_bids) == 3  # 17 or 18 tricks, bids to 18
    if hand_size is None:
        hand_size = MAX_HAND if alone else 13
    bids = tuple(bid_from(bid, f"{path}.bids[{i}]", hand_size) for i, bid in enumerate(raw_bids))
    tricks = tuple(
        integer(count, f"{path}.tricks[{i}]", 0, hand_size)
        for i, count in enumerate(items(found["tricks"], f"{path}.tricks", 4, len(bids)))
    )
    hand_size = _hand_of(sum(tricks), hand_size, f"{path}.tricks", alone=alone)
    for index, bid in enumerate(bids):
        if bid.n > hand_size:  # read alone: bids to 18 read, a hand of 17 found
            fail(f"{path}.bids[{index}]", f"a bid is a number of tricks from 0 to {hand_size}")
    raw_sides = items(found["sides"], f"{path}.sides", 4)
    counts, words = _SIDES[len(bids)]
    if len(raw_sides) not in counts:
        fail(f"{path}.sides", f"a round of {len(bids)} bids has {words}, not {len(raw_sides)}")
    step = len(raw_sides)
    sides = tuple(
        _side_from(side, f"{path}.sides[{index}]", bids[index::step], hand_size)
        for index, side in enumerate(raw_sides)
    )
    return RoundScore(bids=bids, tricks=tricks, sides=sides)


_SIDES: Final[dict[int, tuple[frozenset[int], str]]] = {
    2: (frozenset({2}), "2 sides"),
    3: (frozenset({3}), "3 sides, one a player"),  # rule-three-players
    4: (frozenset({2, 4}), "2 sides, or 4 when four play solo"),  # rule-solo
}
"""By the number of bids, the numbers of sides a round may have, in words."""


def _hand_of(total: int, hand_size: int, path: str, *, alone: bool) -> int:
    """The cards of a hand, which the ``total`` of the tricks must be.

    A round of three players read ``alone``, without its ruleset, may have either of
    three's hand sizes, 17 or 18 (``hand_size`` is then the most, `MAX_HAND`).
    """
    if alone and total == MAX_HAND - 1:
        return total
    if total != hand_size:
        either = " or 17" if alone else ""
        fail(path, f"the tricks of a round add up to {hand_size}{either}, not {total}")
    return hand_size


def _side_from(data: object, path: str, bids: tuple[Bid, ...], hand_size: int) -> SideScore:
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
    for name, low, high in (
        ("tricks", 0, hand_size),
        ("nil_bags", 0, hand_size),
        ("bag_penalty", None, 0),
    ):
        integer(parts[name], f"{path}.{name}", low, high)
    integer(side.bags, f"{path}.bags", 0)
    return side
