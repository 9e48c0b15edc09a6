"""A hand weighted by a keep rule: what a two-player draw leaves a player who drew by it.

In the two-player draw (rule-draw) a player sees the top card and keeps it or takes the
next one. Read by a rule (she keeps the top card when it is one of a set, else takes
the next whatever it is), her draw leaves her, of each two cards she saw, one the rule
keeps whenever there was one. `kept_by_rule` draws her hand with its exact chance under
the rule, every order of the stock being equally likely, and `paired_by_rule` her turns;
the search bot's sampler (`spades._sampling.sample_state_keeping`) deals her hand with
them. Her first turn may have a rule of its own (a double nil declared after her first
choice, reading-double-nil-timing): the rule each turn was drawn under reads its card.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from fractions import Fraction
from typing import TYPE_CHECKING

from spades._cards import cards_in
from spades._uniform_deal import pick

if TYPE_CHECKING:
    import random

    from spades._cards import Card

__all__ = ["kept_by_rule", "paired_by_rule"]

_Counts = tuple[int, int, int, int]
"""Cards counted by the rules that keep them (`_kinds`): neither, the later turns' rule
only, the first turn's only, both."""


def kept_by_rule(
    good: int,
    bad: int,
    *,
    played: int,
    free: int,
    size: int,
    rng: random.Random,
    first: int | None = None,
) -> int | None:
    """Her hand (``size`` cards of ``free``), weighted by her draw's keep rule.

    Her 13 draw turns paired the cards of her pool (``good``, those the rule keeps, and
    ``bad``) at random; she kept a good card in every pair that held one. So the chance
    of her kept cards depends only on how many are good: that many pairs held a good
    card, of every way to pair the pool, shared evenly among the sets with as many good
    cards. Her ``played`` cards were kept too. None when the rule cannot give her
    ``played`` cards and a hand of ``free`` (she did not draw by it). ``first``, when
    given, is the set her first turn kept by instead (`_kept_by_two_rules`).

    Two turns of four cards, two of them good (``0b0011``): of the three ways to pair
    them, two give her both good cards, one a good card and a bad one, never two bad.

    >>> import random
    >>> hands = [kept_by_rule(0b0011, 0b1100, played=0, free=0b1111, size=2,
    ...                       rng=random.Random(k)) for k in range(300)]
    >>> 0b1100 in hands, 180 < hands.count(0b0011) < 220
    (False, True)
    """
    pool = good | bad
    if first is not None and first & pool != good:
        return _kept_by_two_rules(_kinds(pool, good, first), played, free, size, rng)
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


# --- her first turn under a rule of its own -------------------------------------------------


def _kinds(pool: int, later: int, first: int) -> tuple[int, int, int, int]:
    """The pool's cards (masks) by the rules that keep them, in `_Counts`'s order."""
    later, first = pool & later, pool & first
    return (pool & ~later & ~first, later & ~first, first & ~later, later & first)


def _counts(kinds: tuple[int, ...], mask: int) -> _Counts:
    """How many cards of ``mask`` each kind holds."""
    neither, later, first, both = kinds
    return (
        (neither & mask).bit_count(),
        (later & mask).bit_count(),
        (first & mask).bit_count(),
        (both & mask).bit_count(),
    )


def _kept_by_two_rules(
    kinds: tuple[int, int, int, int], played: int, free: int, size: int, rng: random.Random
) -> int | None:
    """`kept_by_rule` when her first turn kept by one rule and her later turns by another.

    Her first turn is a fixed pair of her cards, the later ones pair the rest: the chance
    of her kept cards depends only on how many of each kind (`_kinds`) they hold, and
    is counted exactly (`_first_turns`).
    """
    running, splits = _two_rule_splits(
        _counts(kinds, -1), _counts(kinds, played), _counts(kinds, free), size
    )
    if not splits:
        return None
    # As `pick` picks among the weights, by their running total (there may be hundreds).
    split = splits[bisect.bisect_right(running, rng.randrange(running[-1]))]
    hand = 0
    for kind, count in zip(kinds, split, strict=True):
        if count:
            hand |= sum(card.bit for card in rng.sample(cards_in(free & kind), count))
    return hand


def _two_rule_weights(
    pool: _Counts, known: _Counts, free: _Counts, size: int
) -> tuple[tuple[int, _Counts], ...]:
    """Each split of her ``size`` unknown cards by kind, with its weight (a whole number).

    The weight: the orders of her turns' cards that leave her ``known`` cards and the
    split, times the ways to choose the split from ``free``.
    """
    weighted: list[tuple[int, _Counts]] = []
    for neither in range(min(size, free[0]) + 1):
        for later in range(min(size - neither, free[1]) + 1):
            for first in range(min(size - neither - later, free[2]) + 1):
                both = size - neither - later - first
                split = (neither, later, first, both)
                ways = math.prod(map(math.comb, free, split))  # none if both is past free
                if not ways:
                    continue
                hand = (known[0] + neither, known[1] + later, known[2] + first, known[3] + both)
                orders = sum(weight for weight, _ in _first_turns(pool, hand))
                if orders:
                    weighted.append((ways * orders, split))
    return tuple(weighted)


@functools.lru_cache(maxsize=1 << 12)
def _two_rule_splits(
    pool: _Counts, known: _Counts, free: _Counts, size: int
) -> tuple[tuple[int, ...], tuple[_Counts, ...]]:
    """`_two_rule_weights` as the running total of the weights, and the splits."""
    weighted = _two_rule_weights(pool, known, free, size)
    return tuple(itertools.accumulate(weight for weight, _ in weighted)), tuple(
        split for _, split in weighted
    )


@functools.lru_cache(maxsize=1 << 12)
def _first_turns(pool: _Counts, hand: _Counts) -> tuple[tuple[int, tuple[int, int]], ...]:
    """Each kind of card kept and discarded at her first turn, with the orders that do it.

    Counted over the orders of her turns' cards that leave her ``hand`` (by kind, of the
    ``pool``'s), her first turn read by the first rule (kinds 2 and 3 keep) and the later
    turns by the later one (kinds 1 and 3), every order counted once. The later turns'
    count leaves out the ways to order those turns, the same for every hand.
    """
    discards = tuple(count - held for count, held in zip(pool, hand, strict=True))
    later_bad = pool[0] + pool[2]
    later_good_kept = hand[1] + hand[3]
    later_turns = sum(pool) // 2 - 1
    found: list[tuple[int, tuple[int, int]]] = []
    for kept in range(4):
        for discarded in range(4):
            # The first rule keeps her card on top, or takes it from under a card it refuses.
            orders = (kept >> 1) + 1 - (discarded >> 1)
            ways = hand[kept] * discards[discarded] * orders
            if not ways:
                continue
            good = later_good_kept - (kept & 1)
            bad = later_bad - 1 + (kept & 1) - 1 + (discarded & 1)
            ways *= _later_orders(good, bad, later_turns)
            if ways:
                found.append((ways, (kept, discarded)))
    return tuple(found)


def _later_orders(good: int, bad: int, turns: int) -> int:
    """The ways to pair ``turns`` turns' cards so that one rule keeps given cards of hers.

    She keeps ``good`` cards the rule keeps and ``turns - good`` others; ``bad`` of the
    cards are ones it does not keep. Each order of a pair counts, not the order of the
    turns. A card she kept that the rule does not keep lay on one it does not keep either; a
    card the rule keeps lay anywhere, taken from the top, or from under one it refuses.
    """
    kept_bad = turns - good
    spare = bad - 2 * kept_bad  # the refused cards that lay with a kept good card
    if kept_bad < 0 or spare < 0:
        return 0
    orders: int = math.perm(bad - kept_bad, kept_bad) * math.factorial(good) * 2**spare
    return orders


def paired_by_rule(
    kept: list[Card], discarded: list[Card], rng: random.Random, keeps: int, first: int | None
) -> tuple[list[Card], list[Card]]:
    """Her draw turns, last first, that her ``kept`` and ``discarded`` cards (shuffled) make.

    Each turn one the rules allow (the first turn's ``first`` when given, the others'
    ``keeps``): she kept a card outside its rule only if the other was outside it too.
    """
    head: tuple[Card, Card] | None = None
    if first is not None:
        hand = sum(card.bit for card in kept)
        pool = hand | sum(card.bit for card in discarded)
        if first & pool != keeps & pool:  # else one rule for every turn
            kinds = _kinds(pool, keeps, first)
            pool_counts, hand_counts = _counts(kinds, -1), _counts(kinds, hand)
            kind_kept, kind_discarded = pick(_first_turns(pool_counts, hand_counts), rng)
            head = (
                rng.choice(cards_in(hand & kinds[kind_kept])),
                rng.choice(cards_in(pool & ~hand & kinds[kind_discarded])),
            )
            kept.remove(head[0])
            discarded.remove(head[1])
    kept.sort(key=lambda card: bool(card.bit & keeps))
    discarded.sort(key=lambda card: bool(card.bit & keeps))
    pairs = list(zip(kept, discarded, strict=True))
    rng.shuffle(pairs)
    if head is not None:
        pairs.append(head)  # popped first: her first turn
    return [card for card, _ in pairs], [card for _, card in pairs]
