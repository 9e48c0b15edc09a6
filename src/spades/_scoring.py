"""Scoring one round: contracts, overtricks and bags, nil and blind nil, the bag penalty."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from spades._errors import SpadesError, shown
from spades._moves import Bid
from spades._rules import BagOverflow, NilTricks, Ruleset, whole_number
from spades._tuple_value import TupleValue, field

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["RoundScore", "SideScore", "bag_penalty", "nil_points", "score_round"]


class SideScore(TupleValue):
    """How one side's points for a round came about; the parts add up to ``points``.

    A frozen value compared by value (a tuple underneath, so that rounds score quickly).
    """

    __slots__ = ()

    contract: int = field("The side's non-nil bids added up (a zero contract adds nothing).")
    tricks: int = field("The tricks that count toward the contract.")
    made: bool = field(
        "Whether ``tricks`` reached ``contract`` (a contract of zero is always made)."
    )
    contract_points: int = field(
        "Ten per contracted trick (200 for a contract of 10 or more under "
        "``ten_for_two_hundred``), and ten more per trick of a blind number; won when made "
        "and lost when missed."
    )
    overtricks: int = field("Tricks over the contract when it is made; each is a bag and a point.")
    nil_points: int = field("What the side's nil and blind nil bids won or lost.")
    nil_bags: int = field(
        "Tricks taken by nil bidders that became bags (only when they do not count)."
    )
    bag_penalty: int = field("Points lost to the bag limit this round (zero or negative).")
    points: int = field("The round's points for the side, everything included.")
    bags: int = field("The side's bag counter after the round.")


class RoundScore(TupleValue):
    """The score of one round; ``points`` and ``bags`` are indexed by side.

    A frozen value compared by value, tuple-backed like `SideScore`.
    """

    __slots__ = ()

    bids: tuple[Bid, ...] = field("The bids, by seat.")
    tricks: tuple[int, ...] = field("The tricks each seat took.")
    sides: tuple[SideScore, ...] = field(
        "The breakdown, by side: two, or four when four play solo (rule-solo)."
    )

    @property
    def points(self) -> tuple[int, ...]:
        """Each side's points for the round, everything included."""
        return tuple(map(_POINTS, self.sides))

    @property
    def bags(self) -> tuple[int, ...]:
        """Each side's bag counter after the round."""
        return tuple(map(_BAGS, self.sides))


_POINTS, _BAGS = attrgetter("points"), attrgetter("bags")


def score_round(
    rules: Ruleset,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    bags: Sequence[int] | None = None,
) -> RoundScore:
    """Score a round from the bids and the tricks each seat took, and the bags before it.

    ``bags`` has a counter for each side: two, or four when four play solo (rule-solo);
    ``None`` is every counter at 0.

    Trick and bag counts may be any integer ``operator.index`` takes (numpy's too), but not
    a bool; bad input raises `TypeError` (a wrong type) or `SpadesError`.

    Source B's example: a contract of 7 (4 + 3) taking 9 tricks scores 72 with 2 bags; a
    contract of 5 (2 + 3) taking 4 loses 50.

    >>> from spades import MINIOKEY, Bid
    >>> score = score_round(MINIOKEY, [Bid(4), Bid(2), Bid(3), Bid(3)], [5, 2, 4, 2])
    >>> score.points, score.bags
    ((72, -50), (2, 0))

    With two players each seat is a side. Source C's example: a bid of 7 taking 8 tricks
    scores 71.

    >>> from spades import TWO_HANDED
    >>> score_round(TWO_HANDED, [Bid(7), Bid(5)], [8, 5]).points
    (71, 50)
    """
    if bags is None and isinstance(rules, Ruleset):
        bags = (0,) * rules.sides
    trick_list, bag_list = _check_round(rules, bids, tricks, bags)
    return score_unchecked(rules, tuple(bids), tuple(trick_list), tuple(bag_list))


def _check_round(
    rules: object, bids: object, tricks: object, bags: object
) -> tuple[list[int], list[int]]:
    """Refuse what is no round; else the trick and bag counts as plain ints."""
    if not isinstance(rules, Ruleset):
        raise TypeError(f"score_round takes a Ruleset, not {type(rules).__name__}")
    if not isinstance(bids, (tuple, list)) or any(type(bid) is not Bid for bid in bids):
        raise TypeError(f"bids must be a tuple or list of Bid, not {shown(bids)}")
    trick_list = _counts("tricks", tricks)
    bag_list = _counts("bags", bags)
    bid_list: list[Bid] = list(bids)
    seats, sides = rules.players, rules.sides
    if len(bid_list) != seats or len(trick_list) != seats or len(bag_list) != sides:
        raise SpadesError(
            f"score_round takes {seats} bids and {seats} trick counts by seat, and {sides} "
            f"bag counters by side, under rules for {seats} players"
            + (" each on her own" if rules.solo or rules.players == 3 else "")
        )
    most = rules.hand_size
    if any(not 0 <= bid.n <= most for bid in bid_list):
        raise SpadesError(f"a bid is a number of tricks from 0 to {most}")
    if sum(trick_list) != most or min(trick_list) < 0:
        raise SpadesError(f"the tricks of a round add up to {most}, not {shown(trick_list)}")
    if min(bag_list) < 0:
        raise SpadesError(f"bag counts are never negative, not {shown(bag_list)}")
    return trick_list, bag_list


def _counts(name: str, values: object) -> list[int]:
    """``values`` as plain ints, each a whole number (numpy's too), or `TypeError`."""
    if isinstance(values, (tuple, list)):
        counts = [whole_number(value) for value in values]
        if None not in counts:
            return counts  # type: ignore[return-value]  # None is not among them
    raise TypeError(f"{name} must be a tuple or list of int, not {shown(values)}")


def score_unchecked(
    rules: Ruleset, bids: tuple[Bid, ...], tricks: tuple[int, ...], bags: tuple[int, ...]
) -> RoundScore:
    """`score_round` for inputs the engine already knows to be valid."""
    sides: list[SideScore] = []
    for side, before in enumerate(bags):  # a loop, not a comprehension: no function to build
        sides.append(_score_side(rules, bids, tricks, side, before))
    return RoundScore._build(bids=bids, tricks=tricks, sides=tuple(sides))  # type: ignore[no-any-return]


def nil_points(rules: Ruleset, bid: Bid, tricks: int) -> int:
    """What a nil or blind nil ``bid`` wins or loses when its bidder took ``tricks`` tricks.

    A nil bid scores the ruleset's ``nil_value`` if its bidder took no trick and loses it
    if she took any; a blind nil bid likewise with ``blind_nil_value`` (rule-nil-scoring).
    A numbered bid scores nothing here: its tricks go to the contract; so does a bid of
    zero under ``zero_contract`` (reading-zero-bid).

    >>> from spades import CLASSIC, Bid
    >>> nil_points(CLASSIC, Bid(0), 0), nil_points(CLASSIC, Bid(0, blind=True), 2)
    (100, -200)
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"nil_points takes a Ruleset, not {type(rules).__name__}")
    if type(bid) is not Bid:
        raise TypeError(f"nil_points takes a Bid, not {shown(bid)}")
    taken = whole_number(tricks)
    if taken is None:
        raise TypeError(f"a number of tricks is a whole number, not {shown(tricks)}")
    if not 0 <= taken <= rules.hand_size:
        raise SpadesError(f"a seat takes from 0 to {rules.hand_size} tricks, not {shown(taken)}")
    return _nil_points(rules, bid, taken)


def _nil_points(rules: Ruleset, bid: Bid, taken: int) -> int:
    if bid.n or rules.zero_contract:
        return 0
    value = rules.blind_nil_value if bid.blind else rules.nil_value
    return -value if taken else value


def bag_penalty(rules: Ruleset, bags: int) -> tuple[int, int]:
    """The bag limit: the points a side loses with ``bags`` on its counter, and what it keeps.

    ``bags`` is the counter with the round's bags added. Short of ``bag_limit`` nothing
    happens. At or past it, `BagOverflow.RESET` loses ``bag_penalty`` once and empties the
    counter; `BagOverflow.CARRY` loses it once for every full limit and keeps the rest
    (rule-bag-limit). The points are zero or negative.

    >>> from spades import CLASSIC, MINIOKEY
    >>> bag_penalty(CLASSIC, 22), bag_penalty(MINIOKEY, 22), bag_penalty(CLASSIC, 9)
    ((-100, 0), (-200, 2), (0, 9))
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"bag_penalty takes a Ruleset, not {type(rules).__name__}")
    count = whole_number(bags)
    if count is None:
        raise TypeError(f"a bag counter is a whole number, not {shown(bags)}")
    if count < 0:
        raise SpadesError(f"bag counts are never negative, not {shown(count)}")
    return _bag_penalty(rules, count)


def _bag_penalty(rules: Ruleset, bags: int) -> tuple[int, int]:
    limit = rules.bag_limit
    if bags < limit:
        return 0, bags
    if rules.bag_overflow is BagOverflow.CARRY:
        times, kept = divmod(bags, limit)
        return -rules.bag_penalty * times, kept
    return -rules.bag_penalty, 0


def _score_side(
    rules: Ruleset, bids: tuple[Bid, ...], tricks: tuple[int, ...], side: int, bags_before: int
) -> SideScore:
    """The score of ``side``: seats ``side`` and ``side + 2``, or its seat alone.

    A seat is a side alone with two or three players, and when four play solo.
    """
    bid, taken = bids[side], tricks[side]
    pairs: tuple[tuple[Bid, int], ...]
    if rules.partnerships:
        partner, partner_taken = bids[side + 2], tricks[side + 2]
        if bid.n and partner.n:  # no nil: the usual case, all tricks count
            blind = (bid.n if bid.blind else 0) + (partner.n if partner.blind else 0)
            return _side_score(
                rules, bid.n + partner.n, taken + partner_taken, 0, 0, bags_before, blind
            )
        pairs = ((bid, taken), (partner, partner_taken))
        partner_counts = rules.nil_tricks is NilTricks.COUNT
    else:
        pairs = ((bid, taken),)
        partner_counts = False
    contract = counted = nil_points = nil_bags = blind = 0
    for one, won in pairs:
        contract += one.n
        if one.n or rules.zero_contract:  # a zero contract counts like any other
            counted += won
            blind += one.n if one.blind else 0
            continue
        nil_points += _nil_points(rules, one, won)
        if partner_counts:  # rule-nil-tricks; alone, they are her bags (rule-solo)
            counted += won
        else:
            nil_bags += won
    return _side_score(rules, contract, counted, nil_points, nil_bags, bags_before, blind)


def _side_score(  # noqa: PLR0917  (the parts of a side's score)
    rules: Ruleset,
    contract: int,
    counted: int,
    nil_points: int,
    nil_bags: int,
    bags_before: int,
    blind: int = 0,
) -> SideScore:
    """The contract, overtricks and bags, the bag limit of one side's round.

    ``blind`` is the part of the contract bid blind, whose tricks count twice: ten more
    points each, on top of the contract's worth (under 10-for-200 too,
    reading-blind-ten-for-two-hundred). rule-contract-points, rule-blind-bids,
    rule-ten-for-two-hundred, rule-bags, rule-bag-limit.
    """
    made = counted >= contract
    overtricks = counted - contract if made else 0
    big = rules.ten_for_two_hundred and contract >= 10
    worth = (200 if big else 10 * contract) + 10 * blind
    contract_points = worth if made else -worth
    penalty, bags = _bag_penalty(rules, bags_before + overtricks + nil_bags)
    points = contract_points + overtricks + nil_points + nil_bags + penalty
    return SideScore._build(  # type: ignore[no-any-return]
        contract=contract,
        tricks=counted,
        made=made,
        contract_points=contract_points,
        overtricks=overtricks,
        nil_points=nil_points,
        nil_bags=nil_bags,
        bag_penalty=penalty,
        points=points,
        bags=bags,
    )
