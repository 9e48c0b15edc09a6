"""`spades.round_deck` for many games at once: each seed's digits, Fisher-Yates on arrays.

The deck of round ``r`` is the 512-bit BLAKE2b digest of ``f"{seed}:{r}"``, read as a
little-endian number ``x``, taken apart in mixed radix: for ``i`` from the pack's cards
less one (51; 50 or 53 for three players) down to 1, ``x, j = divmod(x, i + 1)`` and
cards ``i`` and ``j`` swap (`spades._deal.shuffle`).
The digits do not depend on how the divisions are grouped, so here the number is held
as sixteen 32-bit limbs a game and divided by runs of radices whose product stays
below 2**31: long division with 64-bit intermediates, for every game at once. Only the
digest itself is made game by game. For fewer than 128 games the engine's own shuffle,
game by game, is faster, and takes over.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Final

import numpy as np

from spades._deal import fisher_yates_runs, shuffle
from spades._decks import Deck
from spades.batch._codes import deck_tables

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy.typing as npt

    from spades._decks import Pack

__all__ = ["round_decks"]


_VECTORISED_FROM: Final = 128
"""From this many games on, the shuffle on arrays is faster than one game at a time."""
_LIMB: Final = np.uint64(32)


def round_decks(
    seeds: Sequence[int], numbers: Sequence[int], deck: Pack = Deck.STANDARD
) -> npt.NDArray[np.int8]:
    """The card indices of ``round_deck(seed, number)`` for each pair, games by cards.

    Each row has the pack's cards: 52, or 51 or 54 for three players. The shuffle permutes
    places, whatever cards fill them: the places of the pack's cards (`Pack.cards`,
    ``deck`` a `Deck` or the pack it deals three) shuffled, read as those cards
    (rule-decks, rule-three-players).

    >>> from spades import Deck, Ruleset, round_deck
    >>> decks = round_decks([7, 2**128 - 1], [2, 1])
    >>> [card.index for card in round_deck(7, 2)] == decks[0].tolist()
    True
    >>> jokers = Ruleset(deck=Deck.JOKER_JOKER_ACE)
    >>> [card.index for card in round_deck(7, 2, rules=jokers)] == round_decks(
    ...     [7], [2], Deck.JOKER_JOKER_ACE
    ... )[0].tolist()
    True
    >>> three = Ruleset(players=3).pack
    >>> [card.index for card in round_deck(7, 2, rules=Ruleset(players=3))] == round_decks(
    ...     [7], [2], three
    ... )[0].tolist()
    True
    """
    places = _places(seeds, numbers, len(deck.cards))
    if deck is Deck.STANDARD:  # its places are its cards' indices
        return places
    cards: npt.NDArray[np.int8] = deck_tables(deck).cards[places]
    return cards


def _places(seeds: Sequence[int], numbers: Sequence[int], size: int) -> npt.NDArray[np.int8]:
    """The shuffled places 0 to ``size`` - 1 of each pair's pack (the standard deck's cards)."""
    games = len(seeds)
    if games < _VECTORISED_FROM:  # a few hundred array operations cost more than a loop
        return _one_by_one(seeds, numbers, size)
    digests = b"".join(
        hashlib.blake2b(f"{seed}:{number}".encode(), digest_size=64).digest()
        for seed, number in zip(seeds, numbers, strict=True)
    )
    limbs = np.frombuffer(digests, dtype="<u4").reshape(games, 16).astype(np.uint64)
    deck = np.tile(np.arange(size, dtype=np.int8), (games, 1))
    rows = np.arange(games)
    for product, radices in fisher_yates_runs(size, 2**31):
        divisor = np.uint64(product)
        rest = np.zeros(games, dtype=np.uint64)
        for limb in range(15, -1, -1):  # long division, the most significant limb first
            current = (rest << _LIMB) | limbs[:, limb]
            limbs[:, limb] = current // divisor
            rest = current % divisor
        for radix in radices:
            j = (rest % np.uint64(radix)).astype(np.intp)
            rest //= np.uint64(radix)
            top = deck[:, radix - 1].copy()
            deck[:, radix - 1] = deck[rows, j]
            deck[rows, j] = top
    return deck


def _one_by_one(seeds: Sequence[int], numbers: Sequence[int], size: int) -> npt.NDArray[np.int8]:
    """`_places` by the engine's own shuffle, one game at a time."""
    decks = np.empty((len(seeds), size), dtype=np.int8)
    for row, (seed, number) in enumerate(zip(seeds, numbers, strict=True)):
        order = list(range(size))
        shuffle(seed, number, order)
        decks[row] = order
    return decks
