"""The decks: which cards are dealt, which of them are spades, and how the spades rank.

A deck is a value of `Deck`, the ruleset's `deck` field (rule-decks). With the standard
deck a card's suit is its own and a higher rank wins; a joker deck takes two deuces out,
adds the two jokers as the highest spades, and under Joker-Joker-Deuce-Deuce makes the 2♦ a
spade too, ranked with the 2♠ above the ace. Three players deal other cards from the same
deck (rule-three-players): the standard deck without the 2♣, a joker deck with every card,
its deuces back. What a ruleset deals is a `Pack`, `Ruleset.pack`: the `Deck` itself for
two and four players. Every rule reads a card's suit and rank through the pack:
`Pack.suit_bits`, `Pack.spades`, `Pack.winning_bit`.
"""

from __future__ import annotations

import enum
from typing import Final

from spades._cards import ALL_CARDS, JOKERS, Card, Suit
from spades._errors import SpadesError

__all__ = ["Deck", "Pack"]

_LITTLE_JOKER, _BIG_JOKER = JOKERS
_TWO_OF = {suit: Card.parse(f"2{suit.letter}") for suit in Suit}


class Pack:
    """The cards a ruleset deals and how they rank: `Ruleset.pack` (rule-decks).

    A `Deck` is the pack of two and four players; three players deal the pack
    `Deck.for_players` gives (rule-three-players).

    >>> three = Deck.STANDARD.for_players(3)
    >>> len(three.cards), three.label, Card.parse("2C").bit & three.mask
    (51, 'standard', 0)
    >>> len(Deck.JOKER_JOKER_ACE.for_players(3).cards)
    54
    """

    cards: tuple[Card, ...]
    """The pack's cards in the library's order (`Card.index`)."""
    mask: int
    """The bits of its cards."""
    card_bits: tuple[int, ...]
    """Each card's bit, in the order of `cards`: what a shuffle deals."""
    spades: int
    """The bits of its spades: the cards that follow, lead, break and win as spades."""
    suit_masks: tuple[int, int, int, int]
    """By `Suit` value, the bits of the pack's cards that play as that suit."""
    suit_bits: tuple[int, ...]
    """By `Card.index`, the bits of the suit the card plays as (0 for a card not in it)."""
    suit_numbers: tuple[int, ...]
    """By `Card.index`, the `Suit` value of the suit the card plays as (`suit_of`'s, quick)."""
    promoted: tuple[int, ...]
    """The bits of the spades that rank above the order of the bits, highest first: the
    ones a trick's highest bit does not tell (`winning_bit`)."""
    spade_cards: tuple[Card, ...]
    """Its spades, lowest first."""
    deck: Deck
    """The deck the pack is dealt from."""

    @property
    def label(self) -> str:
        """The deck's name in a message: ``"joker-joker-deuce-deuce"``."""
        value: str = self.deck.value
        return value.replace("_", "-")

    @property
    def described(self) -> str:
        """The pack in a message: ``"the joker-joker-ace deck"``."""
        return f"the {self.label} deck"

    @property
    def jokers(self) -> bool:
        """Whether the pack holds the jokers."""
        return self.deck is not Deck.STANDARD

    def suit_of(self, card: Card) -> Suit:
        """The suit ``card`` plays as in this pack.

        A joker, and the 2♦ of Joker-Joker-Deuce-Deuce, play as spades.
        """
        return Suit.SPADES if card.bit & self.spades else card.suit

    def winning_bit(self, played: int, led: int) -> int:
        """The bit of the card that wins a trick of the cards ``played`` (a mask).

        ``led`` is the bits of the suit led: the highest spade wins, else the highest card
        of that suit (rule-trick-winner).
        """
        counts = played & (led | self.spades)
        for bit in self.promoted:
            if counts & bit:
                return bit
        return 1 << (counts.bit_length() - 1)

    def rank_order(self, card: Card) -> int:
        """Where ``card`` ranks within the suit it plays as in this pack, 0 lowest.

        A card the pack does not hold raises `SpadesError`.
        """
        bits = self.suit_bits[card.index]
        if not bits:
            raise SpadesError(f"{self.described} has no {card}")
        if self.spades == bits:
            return self.spade_cards.index(card)
        return (bits & (card.bit - 1)).bit_count()


class Deck(Pack, enum.Enum):
    """The deck a round is dealt from, and how its cards rank (rule-decks).

    Each deck is the `Pack` of two and four players: 52 cards.

    >>> Deck.STANDARD.spades == Suit.SPADES.mask, len(Deck.JOKER_JOKER_ACE.cards)
    (True, 52)
    >>> [str(card) for card in Deck.JOKER_JOKER_DEUCE_DEUCE.spade_cards[-4:]]
    ['2S', '2D', 'LJ', 'BJ']
    >>> deck, two = Deck.JOKER_JOKER_DEUCE_DEUCE, Card.parse("2D")
    >>> deck.suit_of(two), Deck.STANDARD.suit_of(two), deck.rank_order(two)
    (<Suit.SPADES: 3>, <Suit.DIAMONDS: 1>, 13)
    >>> played = sum(Card.parse(text).bit for text in ("AS", "2S", "KH"))
    >>> deck.winning_bit(played, deck.suit_masks[Suit.HEARTS.value]) == Card.parse("2S").bit
    True
    >>> Deck.STANDARD.for_players(3), Deck.STANDARD.for_players(4) is Deck.STANDARD
    (<Pack of the standard deck for three players: 51 cards>, True)
    """

    STANDARD = "standard"
    """The 52 cards of four suits, two low and ace high (every source)."""
    JOKER_JOKER_ACE = "joker_joker_ace"
    """The 2♣ and 2♦ out, the jokers in: big joker > little joker > A♠ > K♠ ... > 2♠."""
    JOKER_JOKER_DEUCE_DEUCE = "joker_joker_deuce_deuce"
    """The 2♣ and 2♥ out, the jokers in, and the 2♦ a spade: big joker > little joker >
    2♦ > 2♠ > A♠ > K♠ ... > 3♠; diamonds run from the ace down to the 3."""

    _three: Pack

    @property
    def deck(self) -> Deck:  # type: ignore[override]
        """The deck itself: a deck is its own pack's deck."""
        return self

    def for_players(self, players: int) -> Pack:
        """The pack this deck deals to ``players`` players (rule-three-players).

        Two and four players: the deck itself. Three players: 51 cards of the standard
        deck, the 2♣ out, or all 54 of a joker deck, its two deuces back as cards of their
        suits (the 2♦ of Joker-Joker-Deuce-Deuce stays a spade).
        """
        return self._three if players == 3 else self


class _ThreePlayerPack(Pack):
    """The pack a deck deals three players (`Deck.for_players`)."""

    @property
    def described(self) -> str:
        """The pack in a message: ``"the standard deck for three players"``."""
        return f"the {self.label} deck for three players"

    def __repr__(self) -> str:
        return f"<Pack of {self.described}: {len(self.cards)} cards>"

    def __reduce__(self) -> tuple[object, tuple[Deck, int]]:
        """Pickled and copied as its deck's pack: the one object the engine looks up."""
        return Deck.for_players, (self.deck, 3)


def _fill(
    deck: Pack,
    *,
    removed: tuple[Card, ...],
    made_spades: tuple[Card, ...],
    promoted: tuple[Card, ...],
) -> None:
    cards = tuple(card for card in ALL_CARDS if card not in removed)
    if not deck.jokers:
        cards = tuple(card for card in cards if card not in JOKERS)
    mask = sum(card.bit for card in cards)
    spades = mask & ((0x7FFF << 39) | sum(card.bit for card in made_spades))
    suit_masks = tuple(
        spades if suit is Suit.SPADES else mask & suit.mask & ~spades for suit in Suit
    )
    by_index = tuple(
        next((bits for bits in suit_masks if bits & card.bit), 0) for card in ALL_CARDS
    )
    promoted_bits = tuple(card.bit for card in promoted)
    natural = [card for card in cards if card.bit & spades and card not in promoted]
    deck.cards = cards
    deck.mask = mask
    deck.card_bits = tuple(card.bit for card in cards)
    deck.spades = spades
    deck.suit_masks = suit_masks  # type: ignore[assignment]
    deck.suit_bits = by_index
    deck.suit_numbers = tuple(
        Suit.SPADES.value if card.bit & spades else card.suit.value for card in ALL_CARDS
    )
    deck.promoted = promoted_bits
    deck.spade_cards = (*natural, *reversed(promoted))


def _fill_both(
    deck: Deck,
    *,
    removed: tuple[Card, ...],
    made_spades: tuple[Card, ...] = (),
    promoted: tuple[Card, ...] = (),
) -> None:
    """Fill ``deck`` and the pack it deals three players (every card of a joker deck)."""
    _fill(deck, removed=removed, made_spades=made_spades, promoted=promoted)
    three = _ThreePlayerPack()
    three.deck = deck
    _fill(
        three,
        removed=() if deck.jokers else (_TWO_OF[Suit.CLUBS],),
        made_spades=made_spades,
        promoted=promoted,
    )
    deck._three = three


_fill_both(Deck.STANDARD, removed=())
_fill_both(Deck.JOKER_JOKER_ACE, removed=(_TWO_OF[Suit.CLUBS], _TWO_OF[Suit.DIAMONDS]))
_fill_both(
    Deck.JOKER_JOKER_DEUCE_DEUCE,
    removed=(_TWO_OF[Suit.CLUBS], _TWO_OF[Suit.HEARTS]),
    made_spades=(_TWO_OF[Suit.DIAMONDS],),
    promoted=(_BIG_JOKER, _LITTLE_JOKER, _TWO_OF[Suit.DIAMONDS], _TWO_OF[Suit.SPADES]),
)

STANDARD_DECK: Final = Deck.STANDARD
"""The standard deck, for the fast paths (the search bot's play-outs) to compare by identity."""
