"""What a Whiz or a Mirror bid shows: how many spades the bidder held when she bid.

Under `Bidding.MIRROR` every bid is the bidder's number of spades, a nil (or a zero) her
having none; under `Bidding.WHIZ` a number is, and a nil says nothing (rule-whiz,
rule-mirror). The view check holds a view to the counts its bids show, and
`spades.sample_state` deals only hands that keep them: a deal of the unseen spades
weighs as many as the card passes that lead to it from hands with those counts.
"""

from __future__ import annotations

import functools
from math import comb
from typing import TYPE_CHECKING

from spades._card_pass import passes_of
from spades._rules import Bidding

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from spades._cards import Card
    from spades._moves import Bid
    from spades._rules import Ruleset
    from spades._view import View

__all__ = [
    "PassSpades",
    "histories",
    "history_problem",
    "last_pass_undone",
    "pass_spades",
    "shown_spades",
    "spade_weights",
]

PassSpades = tuple[int, int, "int | None"]
"""A card pass as the spade counts read it: the giver, the number of cards, and how many
of them were spades (``None`` when the reader did not see them)."""


def shown_spades(rules: Ruleset, bid: Bid | None) -> int | None:
    """The number of spades ``bid`` shows its bidder held, or ``None`` if it shows none.

    Under Mirror every bid shows them, under Whiz a number does (rule-whiz, rule-mirror).

    >>> from spades import Bid, Bidding, Ruleset
    >>> whiz, mirror = Ruleset(bidding=Bidding.WHIZ), Ruleset(bidding=Bidding.MIRROR)
    >>> shown_spades(whiz, Bid(3)), shown_spades(whiz, Bid(0)), shown_spades(mirror, Bid(0))
    (3, None, 0)
    """
    if bid is None or rules.bidding is Bidding.OPEN or rules.bidding is Bidding.SUICIDE:
        return None
    if rules.bidding is Bidding.WHIZ and not bid.n:
        return None
    return bid.n


def history_problem(rules: Ruleset, bids: Sequence[Bid]) -> str | None:
    """Why a round's ``bids`` cannot all show spade counts of one deal, or ``None``.

    The counts a round's bids show add up to at most the deck's spades (13, 15 with the
    jokers, 16 with the 2♦ too: rule-decks), and to all of them when every bid shows one
    (always, under Mirror).
    """
    counts = [shown_spades(rules, bid) for bid in bids]
    shown = sum(count for count in counts if count is not None)
    spades = len(rules.pack.spade_cards)
    if shown > spades:
        return f"the bids show {shown} spades, and there are {spades}"
    if None not in counts and shown != spades:
        return f"the bids show {shown} spades, and the {spades} spades were all dealt"
    return None


def spade_weights(
    view: View, played: Sequence[int], known: Sequence[int], hidden: Sequence[int]
) -> Callable[[Sequence[int]], int]:
    """How much each deal of the unseen spades to the ``hidden`` seats weighs in ``view``.

    ``played`` are the cards each seat played this round, and ``known`` those it is known
    to hold or to have played (masks by seat). A deal gives the hidden seats these numbers
    of the unseen spades; it weighs the number of ways the round's card passes could have
    run from hands whose spades the bids show (`histories`): 0 for a deal no bidding gives.
    """
    targets = tuple(shown_spades(view.rules, bid) for bid in view.bids)
    passes = pass_spades(view)
    base = tuple((mask & view.rules.pack.spades).bit_count() for mask in known)
    sizes = tuple(
        size + mask.bit_count() for size, mask in zip(view.hand_sizes, played, strict=True)
    )

    def weigh(split: Sequence[int]) -> int:
        held = list(base)
        for seat, count in zip(hidden, split, strict=True):
            held[seat] += count
        return histories(passes, tuple(held), sizes, targets)

    return weigh


def pass_spades(view: View) -> tuple[PassSpades, ...]:
    """The card passes of ``view``'s round as `histories` reads them."""
    return tuple(
        (
            entry.seat,
            count,
            None if entry.cards is None else _spades(entry.cards, view.rules.pack.spades),
        )
        for entry, (_, count) in zip(view.passes, passes_of(view), strict=False)
    )


def _spades(cards: Sequence[Card], spades: int) -> int:
    return sum(card.bit & spades != 0 for card in cards)


@functools.lru_cache(maxsize=1 << 14)
def histories(
    passes: tuple[PassSpades, ...],
    held: tuple[int, ...],
    sizes: tuple[int, ...],
    targets: tuple[int | None, ...],
) -> int:
    """In how many ways the ``passes`` lead to these hands from hands the bids show.

    ``held`` and ``sizes`` are each seat's spades and cards, held or played, after the
    passes; ``targets`` the spades each seat held when she bid, where her bid shows them.
    Going back from the last pass, a pass takes its cards from what its receiver held:
    ``comb(spades, s) * comb(others, count - s)`` ways to take ``s`` spades, or one way for
    a pass the reader saw. A pass never crosses sides, so the count is a product by side.
    """
    if not passes:
        return int(
            all(
                target is None or target == count
                for target, count in zip(targets, held, strict=True)
            )
        )
    return sum(weight for weight, _ in last_pass_undone(passes, held, sizes, targets))


def last_pass_undone(
    passes: tuple[PassSpades, ...],
    held: tuple[int, ...],
    sizes: tuple[int, ...],
    targets: tuple[int | None, ...],
) -> list[tuple[int, tuple[int]]]:
    """Each number of spades the last of ``passes`` may have moved, with its weight.

    The weight counts the histories (`histories`) in which it moved that many: the ways
    to take them from its receiver's cards, times the ways the passes before it ran.
    """
    *earlier, (giver, count, seen) = passes
    taker = (giver + 2) % 4
    weighted = []
    for moved in range(count + 1) if seen is None else (seen,):
        if seen is None:
            ways = comb(held[taker], moved) * comb(sizes[taker] - held[taker], count - moved)
        else:
            ways = int(moved <= held[taker])
        if ways:
            before = list(held)
            before[taker] -= moved
            before[giver] += moved
            sized = list(sizes)
            sized[taker] -= count
            sized[giver] += count
            ways *= histories(tuple(earlier), tuple(before), tuple(sized), targets)
            weighted.append((ways, (moved,)))
    return weighted
