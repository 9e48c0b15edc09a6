"""What the heuristic knows of cards and bids in general: suits, danger, which bids are nil."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades._cards import DECK, Card, Suit

if TYPE_CHECKING:
    from collections.abc import Iterable

    from spades._moves import Bid
    from spades._rules import Ruleset
    from spades._view import View

SPADES: Final = Suit.SPADES


def is_nil(rules: Ruleset, bid: Bid | None) -> bool:
    """Whether ``bid`` is a nil or blind nil: a bid of zero under ``rules.nil``.

    Without nil a bid of zero is an ordinary contract of no tricks, whose tricks count
    (``zero_contract``, reading-zero-bid): no nil to duck, cover or set.
    """
    return bid is not None and bid.n == 0 and rules.nil


def of_suit(cards: Iterable[Card], suit: Suit) -> list[Card]:
    """The cards of one suit."""
    return [card for card in cards if card.suit is suit]


def danger(card: Card) -> tuple[int, bool]:
    """How likely a card is to take a trick against its holder's will: rank, spades first."""
    return (card.rank, card.suit is SPADES)


def cheapness(card: Card) -> tuple[bool, int]:
    """How much a card costs to give away: spades last, then by rank."""
    return (card.suit is SPADES, card.rank)


def known_discards(view: View) -> frozenset[Card]:
    """Two players: cards she discarded or gave up that nobody has drawn back since."""
    if any(entry.seat != view.seat for entry in view.exchanges):
        return frozenset()  # the other player may have drawn any of them
    own = {draw.discarded for draw in view.draws if draw.discarded is not None}
    for entry in view.exchanges:
        own |= set(entry.given or ())
    return frozenset(own) - frozenset(view.hand or ())


def unseen_cards(view: View) -> frozenset[Card]:
    """The cards she has not seen in her hand or her own discards (the tricks aside)."""
    return frozenset(DECK) - frozenset(view.hand or ()) - known_discards(view)
