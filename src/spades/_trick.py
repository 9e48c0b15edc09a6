"""The rules of a trick: which cards may be played to it, which card wins it, and spades broken.

Each rule is one function in terms of cards (`playable`, `winning_card`, `trick_winner`,
`spades_broken_by`, `may_lead_spades`). Inside the engine a hand is a mask of card bits (see
`Card.bit`); with the standard deck spades hold the highest bits, and within a suit a higher
card has a higher bit. The ruleset's `Deck` says which cards play as which suit and which
spades rank above that order. `playable_bits` is the follow and lead rule on masks, which
`playable` and the engine use, and `spades_open` is `may_lead_spades` with its arguments
taken as valid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades._cards import ALL_CARDS, Card, Suit, cards_in
from spades._errors import SpadesError, shown
from spades._rules import CLASSIC, check_rules, play_order, whole_number

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from spades._decks import Pack
    from spades._rules import Ruleset

__all__ = [
    "FIRST_SPADE",
    "NOT_SPADES",
    "SPADES",
    "check_in_deck",
    "may_lead_spades",
    "playable",
    "playable_bits",
    "spades_broken_by",
    "spades_open",
    "trick_winner",
    "winning_card",
]

SPADES: Final = Suit.SPADES.mask
"""The bits of the standard deck's thirteen spades (a joker deck's are `Deck.spades`)."""
NOT_SPADES: Final = ((1 << 52) - 1) ^ SPADES
"""The bits of every card but the spades."""
FIRST_SPADE: Final = 13 * Suit.SPADES.value
"""The index of the two of spades (39): the cards from it on are the spades."""


def playable(
    hand: Iterable[Card],
    trick: Sequence[Card],
    *,
    spades_broken: bool,
    rules: Ruleset = CLASSIC,
    tricks_played: int = 0,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick``, in the library's order.

    The follow and lead rules (rule-follow-suit, rule-spades-broken): follow the suit led
    when you can, otherwise play anything; lead anything but a spade until `may_lead_spades`
    (by default once spades are broken), unless you hold only spades. ``tricks_played``
    (the round's completed tricks) matters only to the lead of spades, and ``rules`` to that
    and to the suits: under its `Deck` the jokers, and the 2♦ of Joker-Joker-Deuce-Deuce,
    are spades. A card the deck does not hold raises `SpadesError`.

    >>> hand = [Card.parse(text) for text in ("3C", "KH", "2S")]
    >>> playable(hand, [Card.parse("AH")], spades_broken=False)
    (Card.parse('KH'),)
    >>> playable(hand, [], spades_broken=False), playable(hand, [], spades_broken=True)[-1]
    ((Card.parse('3C'), Card.parse('KH')), Card.parse('2S'))
    >>> from spades import Ruleset, SpadesLead
    >>> anytime = Ruleset(spades_lead=SpadesLead.ANY_TIME)
    >>> playable(hand, [], spades_broken=False, rules=anytime)[-1]
    Card.parse('2S')
    >>> from spades import Deck
    >>> jokers = Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE)
    >>> playable([Card.parse("2D"), Card.parse("5D")], [Card.parse("AS")], spades_broken=True,
    ...          rules=jokers)
    (Card.parse('2D'),)
    """
    led_freely = may_lead_spades(rules, spades_broken=spades_broken, tricks_played=tricks_played)
    mask = 0
    for card in hand:
        if not isinstance(card, Card):
            raise TypeError(f"a hand holds cards, not {shown(card)}")
        mask |= card.bit
    check_in_deck(rules.pack, mask, "a hand")
    if trick:
        _check_trick(trick, rules.pack)
    return cards_in(playable_bits(rules.pack, mask, tuple(trick), led_freely))


def playable_bits(deck: Pack, hand: int, trick: Sequence[Card], spades_led_freely: bool) -> int:
    """`playable` on a mask of card bits: the engine's form of the follow and lead rules.

    ``spades_led_freely`` is `spades_open`'s answer: whether a spade may be led by a
    player who holds another suit.
    """
    if trick:
        return hand & deck.suit_bits[trick[0].index] or hand
    if spades_led_freely:
        return hand
    return hand & ~deck.spades or hand


def may_lead_spades(rules: Ruleset, *, spades_broken: bool, tricks_played: int) -> bool:
    """Whether a player who holds a card of another suit may lead a spade.

    Under `SpadesLead.BROKEN` (every source) only once spades are broken; under
    `SpadesLead.ANY_TIME` always; under `SpadesLead.AFTER_FIRST_TRICK` once spades are
    broken or ``tricks_played`` (the round's completed tricks, 0 to 12, or to 16 or 17 with
    three players) is 1 or more
    (rule-spades-broken, reading-spades-lead). A player who holds only spades may lead one
    at any time, whatever this says (`playable`).

    >>> from spades import CLASSIC, Ruleset, SpadesLead
    >>> may_lead_spades(CLASSIC, spades_broken=False, tricks_played=5)
    False
    >>> after_first = Ruleset(spades_lead=SpadesLead.AFTER_FIRST_TRICK)
    >>> [may_lead_spades(after_first, spades_broken=False, tricks_played=n) for n in (0, 1)]
    [False, True]
    """
    rules = check_rules(rules, "may_lead_spades")
    if type(spades_broken) is not bool:
        raise TypeError(f"spades_broken is True or False, not {shown(spades_broken)}")
    played = whole_number(tricks_played)
    if played is None:
        raise TypeError(f"tricks_played is a whole number, not {shown(tricks_played)}")
    last = rules.hand_size - 1
    if not 0 <= played <= last:
        raise SpadesError(
            f"tricks_played counts a round's completed tricks before a lead: 0 to {last}, "
            f"not {shown(played)}"
        )
    return spades_open(rules, spades_broken, played)


def spades_open(rules: Ruleset, broken: bool, tricks_played: int) -> bool:
    """`may_lead_spades` unchecked: the form the engine, views and the bots' rollouts read."""
    return broken or tricks_played >= rules.spades_lead.opens_after


def spades_broken_by(played: Iterable[Card], *, rules: Ruleset = CLASSIC) -> bool:
    """Whether the cards ``played`` to this round's tricks have broken spades.

    Spades are broken once a spade has been played to any trick of the round, led or
    played by a player who could not follow (rule-spades-broken); the first spade breaks
    them, the card that breaks them included. ``rules`` gives the deck, and so which cards
    are spades (rule-decks).

    >>> spades_broken_by([Card.parse("AH"), Card.parse("2S")]), spades_broken_by([])
    (True, False)
    """
    deck = check_rules(rules, "spades_broken_by").pack
    mask = 0
    for card in played:
        if not isinstance(card, Card):
            raise TypeError(f"the cards played are cards, not {shown(card)}")
        mask |= card.bit
    check_in_deck(deck, mask, "the cards played")
    return bool(mask & deck.spades)


def winning_card(cards: Sequence[Card], *, rules: Ruleset = CLASSIC) -> Card:
    """The card that wins a trick of ``cards``, in the order played (so far, if unfinished).

    The highest spade wins; without a spade, the highest card of the suit led, the first.
    ``rules`` gives the deck: which cards are spades, and how they rank (rule-decks).

    >>> winning_card([Card.parse(text) for text in ("KH", "AH", "2S", "AD")])
    Card.parse('2S')
    >>> winning_card([Card.parse(text) for text in ("KH", "AD", "QH")])
    Card.parse('KH')
    >>> from spades import Deck, Ruleset
    >>> jokers = Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE)
    >>> winning_card([Card.parse(text) for text in ("AS", "2D", "2S")], rules=jokers)
    Card.parse('2D')
    """
    deck = check_rules(rules, "winning_card").pack
    played = _check_trick(cards, deck)
    return ALL_CARDS[deck.winning_bit(played, deck.suit_bits[cards[0].index]).bit_length() - 1]


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
    return order[list(cards).index(winning_card(cards, rules=rules))]


def _check_trick(cards: object, deck: Pack) -> int:
    """``cards`` as a mask, once they are a trick of distinct cards of ``deck``; else raise."""
    if isinstance(cards, (str, Card)) or not hasattr(cards, "__len__"):
        raise TypeError(f"a trick is a sequence of cards, not {type(cards).__name__}")
    played = list(cards)  # type: ignore[call-overload]
    mask = 0
    for card in played:
        if not isinstance(card, Card):
            raise TypeError(f"a trick holds cards, not {shown(card)}")
        mask |= card.bit
    check_in_deck(deck, mask, "a trick")
    if not played:
        raise SpadesError("an empty trick has no winning card")
    if mask.bit_count() != len(played):
        raise SpadesError("a trick holds each card once")
    return mask


def check_in_deck(deck: Pack, mask: int, what: str) -> None:
    """Raise `SpadesError` when ``mask`` holds a card ``deck`` has not (``what`` holds it)."""
    outside = mask & ~deck.mask
    if outside:
        card = cards_in(outside)[0]
        raise SpadesError(f"{what} holds {card}, which {deck.described} has not")
