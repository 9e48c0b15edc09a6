"""Cards: suits, ranks, the 52 cards and their short notation.

Every card is a singleton: ``Card(Rank.ACE, Suit.SPADES) is Card.parse("AS")``. Inside the
engine a card is also a bit: ``card.bit == 1 << card.index``, and a hand is the sum of its
cards' bits.
"""

from __future__ import annotations

import enum
import functools
from typing import ClassVar, Final

from typing_extensions import Self

from spades._errors import NotationError, quoted, shown

__all__ = ["DECK", "Card", "Rank", "Suit", "cards_in"]


class Suit(enum.Enum):
    """The four suits, in the library's fixed order; spades are always trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter in card notation: ``C``, ``D``, ``H`` or ``S``."""
        return self.name[0]

    @property
    def mask(self) -> int:
        """The bits of the suit's 13 cards."""
        return 0x1FFF << (13 * self.value)

    def __str__(self) -> str:
        return self.name.lower()


class Rank(enum.IntEnum):
    """The thirteen ranks, two low and ace high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The rank's character in card notation: ``2`` to ``9``, then ``TJQKA``."""
        return "23456789TJQKA"[self.value - 2]

    def __str__(self) -> str:
        return self.symbol


_RANK_BY_TEXT: Final = {rank.symbol: rank for rank in Rank} | {"10": Rank.TEN}
_SUIT_BY_TEXT: Final = {suit.letter: suit for suit in Suit} | {
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
}


@functools.total_ordering
class Card:
    """One of the 52 cards. Compared by value and ordered by suit, then rank.

    >>> Card.parse("10h") == Card(Rank.TEN, Suit.HEARTS)
    True
    >>> str(Card.parse("10h")), Card.parse("TD") < Card.parse("2S")
    ('TH', True)
    >>> Card.parse("as"), Card.parse("10♥")
    (Card.parse('AS'), Card.parse('TH'))
    """

    __slots__ = ("bit", "index", "rank", "suit", "suit_bits")

    rank: Rank
    suit: Suit
    index: int
    """The card's place in the library's order: ``13 * suit + rank - 2``, 0 to 51."""
    bit: int
    """``1 << index``: the card as a one-card hand."""
    suit_bits: int
    """The bits of every card of this card's suit."""

    _all: ClassVar[list[Card]] = []

    def __new__(cls, rank: Rank, suit: Suit) -> Self:
        """Return the card of this rank and suit (always the same object)."""
        given: tuple[object, object] = (rank, suit)
        if not isinstance(given[0], Rank) or not isinstance(given[1], Suit):
            raise TypeError(f"Card takes a Rank and a Suit, not {shown(rank)} and {shown(suit)}")
        return cls._all[13 * suit.value + rank.value - 2]  # type: ignore[return-value]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        for name, value in (
            ("rank", Rank(index % 13 + 2)),
            ("suit", Suit(index // 13)),
            ("index", index),
            ("bit", 1 << index),
            ("suit_bits", 0x1FFF << (13 * (index // 13))),
        ):
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit, any case, ``10`` or ``T`` for ten, ``♠`` for ``S``.

        Raises `NotationError` naming the input when the text is not a card.
        """
        if not isinstance(text, str):
            raise TypeError(f"Card.parse takes a string, not {type(text).__name__}")
        cleaned = text.strip().upper()
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        suit = _SUIT_BY_TEXT.get(cleaned[-1:])
        if rank is None or suit is None:
            raise NotationError(
                f"{quoted(text)} is not a card; write rank then suit, like 'AS' or '10H'"
            )
        return cls(rank, suit)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cards are immutable; cannot set {shown(name)}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cards are immutable; cannot delete {shown(name)}")

    def __reduce__(self) -> tuple[object, ...]:
        return (Card, (self.rank, self.suit))

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


Card._all.extend(Card._make(index) for index in range(52))

DECK: Final[tuple[Card, ...]] = tuple(Card._all)
"""The 52 cards in the library's order: clubs, diamonds, hearts, spades, each two to ace."""


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards whose bits are set in ``mask``, in the library's order.

    >>> cards_in(Card.parse("2C").bit | Card.parse("AS").bit)
    (Card.parse('2C'), Card.parse('AS'))
    """
    return tuple(card for card in DECK if mask & card.bit)
