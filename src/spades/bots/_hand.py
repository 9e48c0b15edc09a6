"""What the heuristic knows of cards and bids in general: suits, danger, which bids are nil.

A card's suit and strength are read through the cards the ruleset deals, its pack
(`Ruleset.pack`, rule-decks): the jokers, and the 2♦ of Joker-Joker-Deuce-Deuce, are
spades, ranked above the ace (`Sense`). Three players deal the standard deck without the
2♣, or a joker deck whole, its deuces back as plain cards (rule-three-players).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades._cards import ALL_CARDS, Card, Suit
from spades._decks import Deck, Pack

if TYPE_CHECKING:
    from collections.abc import Iterable

    from spades._moves import Bid
    from spades._rules import Ruleset
    from spades._view import View

SPADES: Final = Suit.SPADES


class Sense:
    """A pack's card sense: the suit each card plays as and its power within that suit.

    A card's power is its rank for the cards that rank in their natural order (two low, ace
    high), and counts on above the ace for the spades a joker deck ranks higher: under
    Joker-Joker-Ace the jokers are 15 and 16 (their ranks), under Joker-Joker-Deuce-Deuce
    the 2♠ is 15, the 2♦ 16 and the jokers 17 and 18 (rule-decks). A card the pack does not
    deal has no power (0).

    >>> sense = SENSES[Deck.JOKER_JOKER_DEUCE_DEUCE]
    >>> two = Card.parse("2D")
    >>> sense.suit(two), sense.power(two), sense.power(Card.parse("AS"))
    (<Suit.SPADES: 3>, 16, 14)
    >>> three = SENSES[Deck.JOKER_JOKER_DEUCE_DEUCE.for_players(3)]  # rule-three-players
    >>> len(three.cards), three.power(two), three.power(Card.parse("2H"))
    (54, 16, 2)
    """

    def __init__(self, deck: Pack) -> None:
        self.deck = deck
        self.cards = deck.cards
        """The pack's cards: 52, or with three players 51 or 54."""
        self._suits = tuple(deck.suit_of(card) for card in ALL_CARDS)
        # the rank of each suit's lowest card, from which its cards count up by rank order
        lowest = {deck.suit_of(card): card.rank for card in deck.cards if not deck.rank_order(card)}
        self._powers = tuple(
            deck.rank_order(card) + lowest[suit] if card.bit & deck.mask else 0
            for card, suit in zip(ALL_CARDS, self._suits, strict=True)
        )

    def suit(self, card: Card) -> Suit:
        """The suit ``card`` plays as."""
        return self._suits[card.index]

    def power(self, card: Card) -> int:
        """Where ``card`` ranks in the suit it plays as, on the scale of `Rank`."""
        return self._powers[card.index]

    def of_suit(self, cards: Iterable[Card], suit: Suit) -> list[Card]:
        """The cards that play as ``suit``."""
        return [card for card in cards if self._suits[card.index] is suit]

    def is_spade(self, card: Card) -> bool:
        """Whether ``card`` plays as a spade."""
        return self._suits[card.index] is SPADES

    def danger(self, card: Card) -> tuple[int, bool]:
        """How likely a card is to take a trick against its holder's will: power, spades first."""
        return (self._powers[card.index], self._suits[card.index] is SPADES)

    def cheapness(self, card: Card) -> tuple[bool, int]:
        """How much a card costs to give away: spades last, then by power."""
        return (self._suits[card.index] is SPADES, self._powers[card.index])


SENSES: Final[dict[Pack, Sense]] = {
    pack: Sense(pack) for deck in Deck for pack in (deck, deck.for_players(3))
}
"""Each pack's `Sense`: each deck's, for two and four players, and three players' packs."""


def sense_of(rules: Ruleset) -> Sense:
    """The card sense of the ruleset's pack (`Ruleset.pack`)."""
    return SENSES[rules.pack]


def is_nil(rules: Ruleset, bid: Bid | None) -> bool:
    """Whether ``bid`` is a nil or blind nil: a bid of zero under ``rules.nil``.

    Without nil a bid of zero is an ordinary contract of no tricks, whose tricks count
    (``zero_contract``, reading-zero-bid): no nil to duck, cover or set.
    """
    return bid is not None and bid.n == 0 and rules.nil


def known_discards(view: View) -> frozenset[Card]:
    """Two players: cards she discarded or gave up that nobody has drawn back since."""
    if any(entry.seat != view.seat for entry in view.exchanges):
        return frozenset()  # the other player may have drawn any of them
    own = {draw.discarded for draw in view.draws if draw.discarded is not None}
    for entry in view.exchanges:
        own |= set(entry.given or ())
    return frozenset(own) - frozenset(view.hand or ())


def unseen_cards(view: View) -> frozenset[Card]:
    """The pack's cards she has not seen in her hand or her own discards (the tricks aside)."""
    return frozenset(view.rules.pack.cards) - frozenset(view.hand or ()) - known_discards(view)
