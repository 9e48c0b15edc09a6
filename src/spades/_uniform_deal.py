"""A uniform deal of cards into hands of given sizes, keeping the suits each hand lacks.

The deals are counted exactly, suit by suit, so that a deal is drawn in one pass with no
rejection, however many voids there are. `spades.sample_state` deals the cards a seat
has not seen with it.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Final

from spades._cards import Card, Suit, cards_in
from spades._errors import SpadesError

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Sequence

__all__ = ["SUITS", "deal_uniformly", "pick", "splits"]

SUITS: Final = tuple(Suit)
"""The suits in the library's order: a void set is a number whose bit ``i`` is suit ``i``."""
_STANDARD_SUITS: Final = tuple(suit.mask for suit in SUITS)


def deal_uniformly(
    unseen: int,
    sizes: Sequence[int],
    voids: Sequence[int],
    rng: random.Random,
    spade_weight: Callable[[tuple[int, ...]], int] | None = None,
    *,
    suit_masks: Sequence[int] = _STANDARD_SUITS,
) -> list[int]:
    """The cards of ``unseen`` dealt uniformly to hands of these ``sizes``, keeping ``voids``.

    ``voids`` are suit sets, by hand: the deals are those in which no hand holds a suit
    it is void in, and each is equally likely. For each suit that some hand is void in,
    the number of its cards each hand gets is drawn with the weight of the deals that
    follow from it (counted exactly); its cards are shuffled among those hands; then the
    cards of the other suits are shuffled into the room left. Nothing is rejected.

    With a ``spade_weight``, a deal weighs as much as it gives for the numbers of spades
    each hand gets (0 rules it out): the spades go first, their split drawn with that
    weight too. Whiz and Mirror bids weigh the deals so (`spades._spades_shown`).
    ``suit_masks`` are the cards of each suit, by `Suit` value: the deck's (`Deck.suit_masks`),
    under which the jokers are spades.
    """
    if sum(sizes) != unseen.bit_count():
        raise SpadesError("no deal is consistent with this view: the hand sizes do not add up")
    hands = [0] * len(sizes)
    room = tuple(sizes)
    free: list[Card] = []
    constrained: list[tuple[tuple[Card, ...], tuple[bool, ...]]] = []
    for index, suit in enumerate(SUITS):
        cards = cards_in(unseen & suit_masks[index])
        allowed = tuple(not void >> index & 1 for void in voids)
        if spade_weight is not None and suit is Suit.SPADES:
            constrained.insert(0, (cards, allowed))
        elif all(allowed) or not cards:
            free += cards
        else:
            constrained.append((cards, allowed))
    counts = tuple(len(cards) for cards, _ in constrained)
    rules = tuple(allowed for _, allowed in constrained)
    if spade_weight is None and not _ways(counts, rules, len(free), room):
        raise SpadesError("no deal is consistent with this view: a void cannot be kept")
    for number, (cards, allowed) in enumerate(constrained):
        weighted = [
            (
                _spread(split) * _ways(counts[number + 1 :], rules[number + 1 :], len(free), left),
                split,
            )
            for split in splits(len(cards), room, allowed)
            for left in (_less(room, split),)
        ]
        if spade_weight is not None and not number:
            weighted = [(weight * spade_weight(split), split) for weight, split in weighted]
            if not any(weight for weight, _ in weighted):
                raise SpadesError(
                    "no deal is consistent with this view: the spades its bids show cannot be "
                    "dealt with its voids kept"
                )
        split = pick(weighted, rng)
        dealt = list(cards)
        rng.shuffle(dealt)
        for hand, mask in enumerate(_split(dealt, split)):
            hands[hand] |= mask
        room = _less(room, split)
    rng.shuffle(free)
    for hand, mask in enumerate(_split(free, room)):
        hands[hand] |= mask
    return hands


@functools.lru_cache(maxsize=1 << 16)
def _ways(
    counts: tuple[int, ...], allowed: tuple[tuple[bool, ...], ...], free: int, room: tuple[int, ...]
) -> int:
    """How many deals fill hands with this much ``room``, with voids kept.

    First the cards of the suits some hand is void in (``counts`` of them, and the hands
    ``allowed`` each), then ``free`` cards of the other suits.
    """
    if not counts:
        return _spread(room) if sum(room) == free else 0
    return sum(
        _spread(split) * _ways(counts[1:], allowed[1:], free, _less(room, split))
        for split in splits(counts[0], room, allowed[0])
    )


def pick(weighted: Sequence[tuple[int, tuple[int, ...]]], rng: random.Random) -> tuple[int, ...]:
    """One of the splits, each with the chance of its weight."""
    pick = rng.randrange(sum(weight for weight, _ in weighted))
    for weight, split in weighted:  # pragma: no branch  (the pick falls in one of them)
        if pick < weight:
            return split
        pick -= weight
    raise AssertionError("unreachable: the pick is below the total weight")  # pragma: no cover


@functools.lru_cache(maxsize=1 << 14)
def splits(
    count: int, room: tuple[int, ...], allowed: tuple[bool, ...]
) -> tuple[tuple[int, ...], ...]:
    """Every way to give ``count`` cards of a suit to the hands, within room and voids."""
    if len(room) == 1:
        return ((count,),) if count <= room[0] and (allowed[0] or not count) else ()
    most = min(count, room[0]) if allowed[0] else 0
    return tuple(
        (first, *rest)
        for first in range(most + 1)
        for rest in splits(count - first, room[1:], allowed[1:])
    )


def _spread(split: tuple[int, ...]) -> int:
    """In how many ways a suit's cards go to hands in these numbers: a multinomial."""
    ways, left = 1, sum(split)
    for part in split:
        ways *= math.comb(left, part)
        left -= part
    return ways


def _less(room: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(have - take for have, take in zip(room, split, strict=True))


def _split(cards: Sequence[Card], sizes: Sequence[int]) -> list[int]:
    """``cards`` cut into consecutive hands of these ``sizes``, as masks."""
    hands, start = [], 0
    for size in sizes:
        hands.append(sum(card.bit for card in cards[start : start + size]))
        start += size
    return hands
