"""The card pass after the bidding: which sides pass, who first, and how many cards.

A side with a nil passes cards within the partnership before the first lead
(rule-card-pass): its nil bidder passes face down to her partner, and the partner passes
as many back. A blind nil passes ``Ruleset.blind_nil_pass`` cards, a nil
``Ruleset.nil_pass``; a side with both kinds passes as a blind nil side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades._errors import shown
from spades._moves import Bid
from spades._rules import check_rules, check_seat

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spades._rules import Ruleset
    from spades._state import State
    from spades._view import View

__all__ = ["card_passes"]


def card_passes(
    rules: Ruleset, bids: Sequence[Bid | None], *, first_bidder: int
) -> tuple[tuple[int, int], ...]:
    """The round's card passes, in order, as ``(seat, cards)`` pairs (rule-card-pass).

    Each side with a nil passes once its partnership: its passer gives ``cards`` cards to
    her partner, then the partner gives as many back. The passer is the side's first blind
    nil bidder, else its first nil bidder, and the side passes ``blind_nil_pass`` cards
    for a blind nil, ``nil_pass`` for a nil; a side whose count is 0 does not pass. Sides
    pass in the order their passers bid, from ``first_bidder``. Partnerships only: with two
    players, four solo (rule-solo), and before the last bid (``None`` in ``bids``), nobody
    passes.

    >>> from spades import Bid, Ruleset
    >>> rules = Ruleset(nil_pass=3)
    >>> card_passes(rules, [Bid(0), Bid(4), Bid(5), Bid(3)], first_bidder=1)
    ((0, 3), (2, 3))
    """
    rules = check_rules(rules, "card_passes")
    if not isinstance(bids, (tuple, list)) or len(bids) != rules.players:
        raise TypeError(f"bids is a tuple or list of {rules.players} bids or None, by seat")
    for bid in bids:
        if bid is not None and type(bid) is not Bid:
            raise TypeError(f"bids holds a Bid or None for each seat, not {shown(bid)}")
    first = check_seat(first_bidder, rules.players, what="first bidder")
    if not rules.partnerships or None in bids:
        return ()
    return pass_order(rules, tuple(bids), first)


def pass_order(
    rules: Ruleset, bids: Sequence[Bid | None], first: int
) -> tuple[tuple[int, int], ...]:
    """`card_passes` unchecked, for four players' complete bids: the engine's form."""
    seats = rules.orders_of_play[first]
    passers: dict[int, tuple[int, bool]] = {}  # by side: its passer, and whether blind
    for seat in seats:
        bid = bids[seat]
        if bid is None or bid.n:
            continue
        passer = passers.get(seat % 2)
        if passer is None or (bid.blind and not passer[1]):  # a blind nil before a nil
            passers[seat % 2] = (seat, bid.blind)
    if not passers:
        return ()
    order: list[tuple[int, int]] = []
    for seat, blind in sorted(passers.values(), key=lambda passer: seats.index(passer[0])):
        count = rules.blind_nil_pass if blind else rules.nil_pass
        if count:
            order += [(seat, count), ((seat + 2) % 4, count)]  # then her partner
    return tuple(order)


def passes_of(game: State | View) -> tuple[tuple[int, int], ...]:
    """The card passes of ``game``'s round as `pass_order` gives them: none before the last bid."""
    rules = game.rules
    if not rules.partnerships or None in game.bids:
        return ()
    return pass_order(rules, game.bids, rules.orders_of_play[game.dealer][1])


def pass_due(game: State | View) -> tuple[int, int]:
    """The pass due now in ``game``'s passing phase, as ``(seat, cards)``.

    ``(-1, 0)`` when none is due: outside that phase, or in a view built by hand that
    `spades.check_view` would refuse.
    """
    order = passes_of(game)
    made = len(game.passes)
    return order[made] if made < len(order) else (-1, 0)


def passed_to_partner(view: View, played: Sequence[int]) -> int:
    """The cards ``view``'s seat passed her partner this round that the partner still holds.

    As a mask: what the seat gave, less what came back and what the partner has played
    (``played``: each seat's cards played this round, by seat).
    """
    given = 0
    for seat, cards in view.passes:
        if cards is not None:  # a pass of the seat's side, which it saw
            mask = sum(card.bit for card in cards)
            given = given | mask if seat == view.seat else given & ~mask
    return given & ~played[(view.seat + 2) % 4]
