"""The rules of a trick: which cards may be played to it, which card wins it, and spades broken.

Each rule is one function in terms of cards (`playable`, `winning_card`, `trick_winner`,
`spades_broken_by`). Inside the engine a hand is a mask of card bits (see `Card.bit`);
spades hold the highest bits, and within a suit a higher card has a higher bit.
`playable_bits` is the follow and lead rule on masks, which `playable` and the engine use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades._cards import DECK, Card, Suit, cards_in
from spades._errors import SpadesError, shown
from spades._rules import check_rules, play_order

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from spades._rules import Ruleset

__all__ = [
    "FIRST_SPADE",
    "NOT_SPADES",
    "SPADES",
    "playable",
    "playable_bits",
    "spades_broken_by",
    "trick_winner",
    "winning_card",
]

SPADES: Final = Suit.SPADES.mask
"""The bits of the thirteen spades."""
NOT_SPADES: Final = ((1 << 52) - 1) ^ SPADES
"""The bits of every card but the spades."""
FIRST_SPADE: Final = 13 * Suit.SPADES.value
"""The index of the two of spades (39): the cards from it on are the spades."""


def playable(
    hand: Iterable[Card], trick: Sequence[Card], *, spades_broken: bool
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick``, in the library's order.

    The follow and lead rules (rule-follow-suit, rule-spades-broken): follow the suit led
    when you can, otherwise play anything; lead anything but a spade until spades are
    broken, unless you hold only spades.

    >>> hand = [Card.parse(text) for text in ("3C", "KH", "2S")]
    >>> playable(hand, [Card.parse("AH")], spades_broken=False)
    (Card.parse('KH'),)
    >>> playable(hand, [], spades_broken=False), playable(hand, [], spades_broken=True)[-1]
    ((Card.parse('3C'), Card.parse('KH')), Card.parse('2S'))
    """
    mask = 0
    for card in hand:
        if not isinstance(card, Card):
            raise TypeError(f"a hand holds cards, not {shown(card)}")
        mask |= card.bit
    if trick:
        _check_trick(trick)
    return cards_in(playable_bits(mask, tuple(trick), spades_broken))


def playable_bits(hand: int, trick: Sequence[Card], broken: bool) -> int:
    """`playable` on a mask of card bits: the engine's form of the follow and lead rules."""
    if trick:
        return hand & trick[0].suit_bits or hand
    if broken:
        return hand
    return hand & NOT_SPADES or hand


def spades_broken_by(played: Iterable[Card]) -> bool:
    """Whether the cards ``played`` to this round's tricks have broken spades.

    Spades are broken once a spade has been played to any trick of the round, led or
    played by a player who could not follow (rule-spades-broken); the first spade breaks
    them, the card that breaks them included.

    >>> spades_broken_by([Card.parse("AH"), Card.parse("2S")]), spades_broken_by([])
    (True, False)
    """
    for card in played:
        if not isinstance(card, Card):
            raise TypeError(f"the cards played are cards, not {shown(card)}")
        if card.suit is Suit.SPADES:
            return True
    return False


def winning_card(cards: Sequence[Card]) -> Card:
    """The card that wins a trick of ``cards``, in the order played (so far, if unfinished).

    The highest spade wins; without a spade, the highest card of the suit led, the first.

    >>> winning_card([Card.parse(text) for text in ("KH", "AH", "2S", "AD")])
    Card.parse('2S')
    >>> winning_card([Card.parse(text) for text in ("KH", "AD", "QH")])
    Card.parse('KH')
    """
    _check_trick(cards)
    played = 0
    for card in cards:
        played |= card.bit
    return DECK[(played & (cards[0].suit_bits | SPADES)).bit_length() - 1]


def trick_winner(rules: Ruleset, leader: int, cards: Sequence[Card]) -> int:
    """The seat whose card wins a trick led by ``leader`` (so far, if it is unfinished).

    The cards are in the order played, which is `play_order` from ``leader``.

    >>> from spades import CLASSIC, MINIOKEY
    >>> cards = [Card.parse(text) for text in ("KH", "AH", "2S", "AD")]
    >>> trick_winner(CLASSIC, 0, cards), trick_winner(MINIOKEY, 0, cards)
    (2, 2)
    >>> trick_winner(CLASSIC, 3, cards[:2]), trick_winner(MINIOKEY, 3, cards[:2])
    (0, 2)
    """
    order = play_order(check_rules(rules, "trick_winner"), leader)
    if len(cards) > len(order):
        raise SpadesError(f"a trick of {len(order)} players has at most {len(order)} cards")
    return order[list(cards).index(winning_card(cards))]


def _check_trick(cards: object) -> None:
    if isinstance(cards, (str, Card)) or not hasattr(cards, "__len__"):
        raise TypeError(f"a trick is a sequence of cards, not {type(cards).__name__}")
    played = list(cards)  # type: ignore[call-overload]
    for card in played:
        if not isinstance(card, Card):
            raise TypeError(f"a trick holds cards, not {shown(card)}")
    if not played:
        raise SpadesError("an empty trick has no winning card")
    if len(set(played)) != len(played):
        raise SpadesError("a trick holds each card once")
