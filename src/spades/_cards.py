"""Cards: suits, ranks, the 52 cards, the two jokers and their short notation.

Every card is a singleton: ``Card(Rank.ACE, Suit.SPADES) is Card.parse("AS")``. Inside the
engine a card is also a bit: ``card.bit == 1 << card.index``, and a hand is the sum of its
cards' bits. The jokers, played only with a joker deck (`spades.Deck`), are spades above
the ace: the little joker ``LJ`` is bit 52 and the big joker ``BJ`` bit 53.
"""

from __future__ import annotations

import enum
import functools
from typing import ClassVar, Final

from typing_extensions import Self

from spades._errors import NotationError, SpadesError, quoted, shown

__all__ = ["ALL_CARDS", "DECK", "JOKERS", "Card", "Rank", "Suit", "cards_in"]


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
    """The thirteen ranks, two low and ace high, then the two jokers' (spades only)."""

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
    LITTLE_JOKER = 15
    """The little joker's: a spade above the ace, played only with a joker deck."""
    BIG_JOKER = 16
    """The big joker's: the highest spade of a joker deck."""

    @property
    def symbol(self) -> str:
        """The rank in card notation: ``2`` to ``9``, then ``TJQKA``; ``LJ``, ``BJ`` a joker's."""
        return _SYMBOLS[self.value - 2]

    def __str__(self) -> str:
        return self.symbol


_SYMBOLS: Final[tuple[str, ...]] = (*"23456789TJQKA", "LJ", "BJ")
_RANK_BY_TEXT: Final = {rank.symbol: rank for rank in Rank if rank < 15} | {"10": Rank.TEN}
_JOKER_BY_TEXT: Final = {"LJ": Rank.LITTLE_JOKER, "BJ": Rank.BIG_JOKER}
_SUIT_BY_TEXT: Final = {suit.letter: suit for suit in Suit} | {
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
}


@functools.total_ordering
class Card:
    """One of the 52 cards or a joker. Compared by value and ordered by suit, then rank.

    A joker is a spade of rank `Rank.LITTLE_JOKER` or `Rank.BIG_JOKER`, written ``LJ`` or
    ``BJ``; it comes after the ace of spades.

    >>> Card.parse("10h") == Card(Rank.TEN, Suit.HEARTS)
    True
    >>> str(Card.parse("10h")), Card.parse("TD") < Card.parse("2S")
    ('TH', True)
    >>> Card.parse("as"), Card.parse("10♥")
    (Card.parse('AS'), Card.parse('TH'))
    >>> Card.parse("bj"), Card(Rank.LITTLE_JOKER, Suit.SPADES) > Card.parse("AS")
    (Card.parse('BJ'), True)
    """

    __slots__ = ("bit", "index", "rank", "suit", "suit_bits", "text")

    rank: Rank
    suit: Suit
    index: int
    """The card's place in the library's order: ``13 * suit + rank - 2``, 0 to 53 (the
    jokers are 52 and 53)."""
    bit: int
    """``1 << index``: the card as a one-card hand."""
    suit_bits: int
    """The bits of every card of this card's suit, the jokers among the spades (under
    `Deck.JOKER_JOKER_DEUCE_DEUCE` the deck, not the card, says the 2♦ is a spade)."""
    text: str
    """The card in notation, as `str` gives it: ``"TH"``, ``"BJ"``."""

    _all: ClassVar[list[Card]] = []

    def __new__(cls, rank: Rank, suit: Suit) -> Self:
        """Return the card of this rank and suit (always the same object)."""
        given: tuple[object, object] = (rank, suit)
        if not isinstance(given[0], Rank) or not isinstance(given[1], Suit):
            raise TypeError(f"Card takes a Rank and a Suit, not {shown(rank)} and {shown(suit)}")
        if rank > Rank.ACE and suit is not Suit.SPADES:
            raise SpadesError(
                f"a joker is a spade: Card(Rank.{rank.name}, Suit.SPADES), not {suit}"
            )
        return cls._all[13 * suit.value + rank.value - 2]  # type: ignore[return-value]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        suit = Suit(min(index // 13, 3))
        rank = Rank(index - 13 * suit.value + 2)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("index", index),
            ("bit", 1 << index),
            ("suit_bits", (0x7FFF if suit is Suit.SPADES else 0x1FFF) << (13 * suit.value)),
            ("text", rank.symbol if rank > Rank.ACE else rank.symbol + suit.letter),
        ):
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank then suit, any case, ``10`` or ``T`` for ten, ``♠`` for ``S``.

        The jokers are ``LJ`` (little) and ``BJ`` (big). Raises `NotationError` naming the
        input when the text is not a card.
        """
        if not isinstance(text, str):
            raise TypeError(f"Card.parse takes a string, not {type(text).__name__}")
        cleaned = text.strip().upper()
        joker = _JOKER_BY_TEXT.get(cleaned)
        if joker is not None:
            return cls(joker, Suit.SPADES)
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        suit = _SUIT_BY_TEXT.get(cleaned[-1:])
        if rank is None or suit is None:
            raise NotationError(
                f"{quoted(text)} is not a card; write rank then suit, like 'AS' or '10H' "
                "(jokers: 'LJ', 'BJ')"
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
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"


Card._all.extend(Card._make(index) for index in range(54))

ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card._all)
"""The 52 cards and the two jokers, in the library's order (`Card.index`)."""
DECK: Final = ALL_CARDS[:52]
"""The 52 cards in the library's order: clubs, diamonds, hearts, spades, each two to ace."""
JOKERS: Final = ALL_CARDS[52:]
"""The little joker and the big joker, which only a joker deck holds (`spades.Deck`)."""


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards whose bits are set in ``mask``, in the library's order.

    >>> cards_in(Card.parse("2C").bit | Card.parse("AS").bit)
    (Card.parse('2C'), Card.parse('AS'))
    """
    clubs, diamonds, hearts, spades = _CARDS_OF_SUIT
    return (
        clubs[mask & 0x1FFF]
        + diamonds[mask >> 13 & 0x1FFF]
        + hearts[mask >> 26 & 0x1FFF]
        + spades[mask >> 39 & 0x7FFF]
    )


class _CardsOfOneSuit(dict[int, tuple[Card, ...]]):
    """The cards of one suit (the jokers with the spades) by their bits shifted down to 0.

    Made on first use: `cards_in` reads a mask a suit at a time.
    """

    def __init__(self, first: int) -> None:
        super().__init__()
        self.first = first

    def __missing__(self, bits: int) -> tuple[Card, ...]:
        cards = self[bits] = tuple(
            ALL_CARDS[self.first + offset]
            for offset in range(bits.bit_length())
            if bits >> offset & 1
        )
        return cards


_CARDS_OF_SUIT: Final = tuple(_CardsOfOneSuit(13 * suit.value) for suit in Suit)
