"""A hand weighted by a keep rule: what a two-player draw leaves a player who drew by it.

In the two-player draw (rule-draw) a player sees the top card and keeps it or takes the
next one. Read by a rule (she keeps the top card when it is one of a set, else takes
the next whatever it is), her draw leaves her, of each two cards she saw, one the rule
keeps whenever there was one. `kept_by_rule` draws her hand with its exact chance under
the rule, every order of the stock being equally likely; the search bot's sampler
(`spades._sampling.sample_state_keeping`) deals her hand with it.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import TYPE_CHECKING

from spades._cards import cards_in
from spades._uniform_deal import pick

if TYPE_CHECKING:
    import random

__all__ = ["kept_by_rule"]


def kept_by_rule(
    good: int, bad: int, *, played: int, free: int, size: int, rng: random.Random
) -> int | None:
    """Her hand (``size`` cards of ``free``), weighted by her draw's keep rule.

    Her 13 draw turns paired the cards of her pool (``good``, those the rule keeps, and
    ``bad``) at random; she kept a good card in every pair that held one. So the chance
    of her kept cards depends only on how many are good: that many pairs held a good
    card, of every way to pair the pool, shared evenly among the sets with as many good
    cards. Her ``played`` cards were kept too. None when the rule cannot give her
    ``played`` cards and a hand of ``free`` (she did not draw by it).

    Two turns of four cards, two of them good (``0b0011``): of the three ways to pair
    them, two give her both good cards, one a good card and a bad one, never two bad.

    >>> import random
    >>> hands = [kept_by_rule(0b0011, 0b1100, played=0, free=0b1111, size=2,
    ...                       rng=random.Random(k)) for k in range(300)]
    >>> 0b1100 in hands, 180 < hands.count(0b0011) < 220
    (False, True)
    """
    free_good, free_bad = free & good, free & bad
    weighted = _kept_weights(
        good.bit_count(),
        bad.bit_count(),
        (played & good).bit_count(),
        (free_good.bit_count(), free_bad.bit_count()),
        size,
    )
    if not weighted:
        return None
    (extra,) = pick(weighted, rng)
    chosen = rng.sample(cards_in(free_good), extra) + rng.sample(cards_in(free_bad), size - extra)
    return sum(card.bit for card in chosen)


@functools.lru_cache(maxsize=1 << 12)
def _kept_weights(
    goods: int, bads: int, known_good: int, free: tuple[int, int], size: int
) -> tuple[tuple[int, tuple[int]], ...]:
    """Each number of good cards among her ``size`` unknown ones, with its weight.

    The weight, a whole number, is the chance of her kept cards (`kept_by_rule`) times
    the ways to choose them from ``free`` (its good and bad cards); only the numbers the
    rule allows come.
    """
    turns = (goods + bads) // 2
    weights: list[tuple[Fraction, int]] = []
    for extra in range(size + 1):
        kept_good = known_good + extra
        ways = math.comb(free[0], extra) * math.comb(free[1], size - extra)
        pairings = _pairings(goods, bads, turns - kept_good)
        if ways and pairings:
            chance = Fraction(
                pairings, math.comb(goods, kept_good) * math.comb(bads, turns - kept_good)
            )
            weights.append((chance * ways, extra))
    scale = math.lcm(*(weight.denominator for weight, _ in weights))
    return tuple((int(weight * scale), (extra,)) for weight, extra in weights)


def _pairings(goods: int, bads: int, both_bad: int) -> int:
    """The ways to pair ``goods + bads`` cards with exactly ``both_bad`` pairs of two bad."""
    mixed = bads - 2 * both_bad
    if both_bad < 0 or mixed < 0 or mixed > goods or (goods - mixed) % 2:
        return 0
    return (
        math.comb(bads, 2 * both_bad)
        * _odd_factorial(2 * both_bad)
        * math.comb(goods, mixed)
        * math.factorial(mixed)
        * _odd_factorial(goods - mixed)
    )


def _odd_factorial(count: int) -> int:
    """The ways to pair ``count`` cards (an even number): (count - 1)!!."""
    return math.prod(range(count - 1, 0, -2))
