"""A round's history: its completed tricks, card passes, draw turns and exchanges.

Each entry is a small frozen value, compared by value and unpackable like a tuple. In a
`State` every card is there; in a `View` the cards its seat may not see are ``None``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades._tuple_value import TupleValue, field

if TYPE_CHECKING:
    from spades._cards import Card

__all__ = ["CardExchange", "CardPass", "DrawTurn", "Trick"]


class Trick(TupleValue, kw_only=False):
    """A completed trick: who led it, its cards in the order played, and who won it.

    >>> from spades import Card
    >>> Trick(3, tuple(map(Card.parse, ["2C", "AC", "3C", "KC"])), 0)
    Trick(leader=3, cards=(2C AC 3C KC), winner=0)
    """

    __slots__ = ()

    leader: int = field("The seat that led the trick.")
    cards: tuple[Card, ...] = field("The cards in the order they were played, from the leader.")
    winner: int = field("The seat whose card won the trick.")

    def __repr__(self) -> str:
        cards = " ".join(map(str, self.cards))
        return f"Trick(leader={self.leader}, cards=({cards}), winner={self.winner})"


class CardPass(TupleValue, kw_only=False):
    """Four players, blind nil: one seat's card pass to her partner."""

    __slots__ = ()

    seat: int = field("The seat that passed the cards.")
    cards: tuple[Card, ...] | None = field(
        "The cards, in the library's order; in a view, ``None`` unless its seat gave or "
        "received them."
    )


class DrawTurn(TupleValue, kw_only=False):
    """Two players: one turn of the draw, in which a seat kept one card and discarded one."""

    __slots__ = ()

    seat: int = field("The seat that drew.")
    kept: Card | None = field("The card she kept; in a view, ``None`` for the other player's.")
    discarded: Card | None = field(
        "The card she discarded; in a view, ``None`` for the other player's."
    )


class CardExchange(TupleValue, kw_only=False):
    """Two players: a double nil bidder's exchange of cards with the discards."""

    __slots__ = ()

    seat: int = field("The seat that exchanged.")
    size: int = field("How many cards she gave, and drew: public, the cards themselves not.")
    given: tuple[Card, ...] | None = field(
        "The cards she gave, in the library's order; in a view, ``None`` for the other's."
    )
    drawn: tuple[Card, ...] | None = field(
        "The cards she drew from the discards; in a view, ``None`` for the other's."
    )
