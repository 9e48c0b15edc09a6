"""The heuristic's bids, and what it holds: the two-player draw and exchange, the card pass."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final, NamedTuple

from spades._card_pass import pass_due
from spades._cards import Card, Rank, Suit
from spades._decks import Deck, Pack
from spades._legal import bid_moves
from spades._moves import BIDS, LOOK, Exchange, Keep, Pass, Reject
from spades._rules import Bidding, partner, seats_of, side_of
from spades.bots._hand import SENSES, SPADES, Sense, is_nil, known_discards, sense_of, unseen_cards

if TYPE_CHECKING:
    from collections.abc import Collection, Sequence

    from spades._moves import Move
    from spades._view import View

__all__ = [
    "FOUR",
    "THREE",
    "TWO",
    "bid",
    "draw",
    "draw_keeps",
    "exchange",
    "likely_tricks",
    "pass_cards",
]


class _Counting(NamedTuple):
    """What a hand is worth in tricks, card by card (fitted to the bot's own games).

    A card's worth depends on how many unseen cards of its suit outrank it (the first
    entry: none, as for an ace; the last entry also counts for more).
    """

    spade: tuple[float, ...]
    """A spade, by the unseen spades above it."""
    side: tuple[float, ...]
    """A card of another suit, by the unseen cards above it, in a suit of four or fewer."""
    long_side: tuple[float, ...]
    """The same in a suit of five or more, where the others soon trump."""
    guarded: bool
    """Whether a side card needs more cards in its suit than unseen cards above it (a king
    needs a guard), else it counts nothing."""
    long_spade: float
    """Each spade beyond the third."""
    their_spade: float
    """Each unseen spade: the others' trumps."""
    void: float
    """Each side suit she lacks: ruffs."""
    singleton: float
    """Each side suit of one card."""
    base: float
    """What every hand starts with."""
    margin: float
    """Bid the count less this, rounded: a missed bid costs far more than a bag."""


FOUR: Final = _Counting(
    spade=(1.2, 1.0, 0.75, 0.6, 0.45),
    side=(0.8, 0.5, 0.15, 0.05),
    long_side=(0.6, 0.25, 0.15, 0.05),
    guarded=True,
    long_spade=0.33,
    their_spade=0.0,
    void=0.45,
    singleton=0.25,
    base=-0.35,
    margin=0.5,
)
"""Four players: thirteen tricks among four hands."""
TWO: Final = _Counting(
    spade=(1.05, 0.95, 0.8, 0.7, 0.55),
    side=(0.8, 0.55, 0.4, 0.25),
    long_side=(0.5, 0.4, 0.35, 0.4),
    guarded=False,
    long_spade=0.25,
    their_spade=-0.35,
    void=0.45,
    singleton=0.0,
    base=0.6,
    margin=1.0,
)
"""Two players: thirteen tricks between two hands; the unseen cards are the other hand
and the other half of the discards."""
THREE: Final = _Counting(
    spade=(1.55, 1.4, 1.15, 0.95, 0.65),
    side=(0.75, 0.55, 0.3, 0.15),
    long_side=(0.55, 0.3, 0.2, 0.05),
    guarded=True,
    long_spade=0.25,
    their_spade=0.0,
    void=0.35,
    singleton=0.2,
    base=-0.9,
    margin=0.75,
)
"""Three players (rule-three-players): seventeen or eighteen tricks among three hands,
each on her own; every card is dealt, so the unseen cards are the other two hands."""
COUNTINGS: Final = {2: TWO, 3: THREE, 4: FOUR}
"""The counting of each number of players."""
BIAS_PRIOR: Final = 2
"""Bidding adjusts to the table as if after this many rounds without surprise."""
BIAS_LIMIT: Final = 2.0
"""It adds at most this many tricks to a bid."""
NIL_TOP_SPADE: Final = Rank.TEN
"""A nil hand has no spade above this..."""
NIL_SPADES: Final = 3
"""... and no more spades than this."""
NIL_LOW: Final = Rank.SEVEN
"""A low card, for a nil: it can duck under most others."""
NIL_GUARDS: Final[dict[int, int]] = {Rank.JACK: 1, Rank.QUEEN: 1, Rank.KING: 2, Rank.ACE: 14}
"""A nil hand holds a high side card only with this many low cards of its suit (no ace)."""
NIL_PARTNER: Final = 3
"""Four players: nil only beside a partner who bid at least this (or has not bid yet)."""
SUICIDE_NIL: Final = 3
"""Suicide: the first partner of a side bids nil when she counts fewer tricks than this,
as her partner will have to bid 4 or more."""


def bid(view: View) -> Move:
    """Look first (never bid blind, nil or a number); then nil for a nil hand, else the count.

    The count is at least what a team minimum leaves missing, and at least one unless a
    bid of zero is a contract. Under 10-for-200 a contract of ten is worth what a larger one
    is: she bids no more than brings her side's bids to ten, known so far. Under Suicide
    the first partner of a side bids nil for a nil hand or one she counts below
    ``SUICIDE_NIL`` tricks, else at least 4; the second does the other part: at least 4
    after a nil, nil after a number (rule-suicide). Under Whiz she bids nil for a nil hand,
    else her number of spades (rule-whiz); under Mirror her number of spades, the one bid
    she has (rule-mirror).
    """
    if view.hand is None:
        return LOOK
    hand = view.hand
    rules = view.rules
    allowed = bid_moves(rules, view.bids, view.seat, sum(card.bit for card in hand))
    if len(allowed) == 1:  # Suicide after her partner's number; Mirror; Whiz with no spades
        return allowed[0]
    nil = rules.nil and allowed[0] is BIDS[0]
    if nil and _wants_nil(view, hand):
        return BIDS[0]
    if rules.bidding is Bidding.WHIZ:  # her number of spades, or the nil above (rule-whiz)
        return allowed[-1]
    counting = COUNTINGS[rules.players]
    count = likely_tricks(hand, unseen_cards(view), counting, deck=rules.pack)
    count += _table_bias(view, counting.margin)
    # the least she may bid, zero only as a contract (reading-zero-bid)
    floor = min(move.n for move in allowed if move.n or rules.zero_contract)
    number = min(rules.hand_size, round(count - counting.margin))
    if nil and rules.bidding is Bidding.SUICIDE and number < SUICIDE_NIL:
        return BIDS[0]  # the first partner, too weak for 4 (rule-suicide)
    if rules.ten_for_two_hundred:  # ten or more wins 200 (rule-ten-for-two-hundred)
        mate = partner(rules, view.seat)
        mate_bid = None if mate is None else view.bids[mate]
        number = min(number, 10 - (0 if mate_bid is None else mate_bid.n))
    return BIDS[max(floor, number)]


def _table_bias(view: View, margin: float) -> float:
    """Her share of what her side took beyond its bids and the margin, per round so far.

    Against weak players every hand takes more than it counts: bidding the difference
    keeps bags away. Rounds with a nil on her side do not count, and the mean starts from
    nothing as if over ``BIAS_PRIOR`` more rounds.
    """
    seats = seats_of(view.rules, side_of(view.rules, view.seat))
    beyond = rounds = 0
    for score in view.rounds:
        bids = [score.bids[seat] for seat in seats]
        if not any(is_nil(view.rules, bid) for bid in bids):
            beyond += sum(score.tricks[seat] for seat in seats) - sum(bid.n for bid in bids)
            rounds += 1
    expected = margin * rounds
    return min(BIAS_LIMIT, max(0.0, (beyond / len(seats) - expected) / (rounds + BIAS_PRIOR)))


def likely_tricks(
    hand: Sequence[Card],
    unseen: Collection[Card],
    counting: _Counting,
    *,
    deck: Pack = Deck.STANDARD,
) -> float:
    """Count likely tricks: high cards, guarded ones, long spades, voids to ruff.

    Suits and ranks are the ``deck``'s (a `Deck`, or the `Pack` three players are dealt,
    rule-three-players): a joker deck's jokers (and the 2♦ of Joker-Joker-Deuce-Deuce)
    are its top spades, sure tricks when no unseen spade is above them (rule-decks).
    """
    sense = SENSES[deck]
    of_suit, suit_of, power = sense.of_suit, sense.suit, sense.power
    total = counting.base
    for card in hand:
        suit = suit_of(card)
        above = sum(1 for other in unseen if suit_of(other) is suit and power(other) > power(card))
        length = len(of_suit(hand, suit))
        if suit is SPADES:
            worth = counting.spade
        elif counting.guarded and length <= above:
            continue
        else:
            worth = counting.side if length <= 4 else counting.long_side
        total += worth[min(above, len(worth) - 1)]
    spades = len(of_suit(hand, SPADES))
    total += counting.long_spade * max(0, spades - 3)
    total += counting.their_spade * len(of_suit(unseen, SPADES))
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        length = len(of_suit(hand, suit))
        total += counting.void * (length == 0) + counting.singleton * (length == 1)
    return total


def _wants_nil(view: View, hand: Sequence[Card]) -> bool:
    """A nil hand: low spades, few high cards, short suits low; and a partner who can cover."""
    sense = sense_of(view.rules)
    covering = partner(view.rules, view.seat)
    if covering is not None:
        partner_bid = view.bids[covering]
        if partner_bid is not None and (partner_bid.is_nil or partner_bid.n < NIL_PARTNER):
            return False
    elif not _nil_alone(hand, unseen_cards(view), sense):
        return False
    spades = sense.of_suit(hand, SPADES)
    if len(spades) > NIL_SPADES or any(sense.power(card) > NIL_TOP_SPADE for card in spades):
        return False
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        cards = sense.of_suit(hand, suit)
        low = sum(1 for card in cards if sense.power(card) <= NIL_LOW)
        for card in cards:
            if low < NIL_GUARDS.get(sense.power(card), 0):
                return False
    return True


def _nil_alone(hand: Sequence[Card], unseen: Collection[Card], sense: Sense) -> bool:
    """Two players: she holds the lowest card not yet seen of each suit she has."""
    for suit in Suit:
        cards = sense.of_suit(hand, suit)
        if cards:
            lowest = min(map(sense.power, cards))
            if any(sense.power(card) < lowest for card in sense.of_suit(unseen, suit)):
                return False
    return True


# --- two players: the draw and the double nil exchange ------------------------------------


def _value(sense: Sense, card: Card) -> int:
    """A card's worth to a bidder, in hundredths of a trick: spades well above the rest.

    Whole numbers, so that sums and comparisons are exact on every Python version.
    """
    if sense.is_spade(card):
        return 40 + 5 * (sense.power(card) - 2)
    return max(0, 25 * (sense.power(card) - Rank.TEN))


def draw(view: View) -> Move:
    """Keep the top card when it is worth more than an unknown one; a double nil keeps low."""
    top = view.top_card
    assert top is not None, "the seat to draw sees the top card"
    sense = sense_of(view.rules)
    bid = view.bids[view.seat]
    if bid is not None and bid.is_nil:
        return Keep() if sense.power(top) <= NIL_LOW else Reject()
    others = frozenset(sense.cards) - frozenset(view.hand or ()) - known_discards(view) - {top}
    # At least the average worth of an unknown card, compared without division.
    worth = sum(_value(sense, card) for card in others)
    return Keep() if _value(sense, top) * len(others) >= worth else Reject()


@functools.cache  # one mask a deck and rule, asked at every deal of a search
def draw_keeps(nil: bool, deck: Deck = Deck.STANDARD) -> int:
    """The cards `draw` keeps at the start of a draw, as a mask; a double nil's low ones.

    Worth at least the mean of the deck's other 51 cards: every spade, and queens and
    higher. The mean drifts a little as the draw goes on; a search reads the other
    player's draw with this rule (`spades._sampling.sample_state_keeping`). A joker deck's
    jokers (and the 2♦ of Joker-Joker-Deuce-Deuce) are spades to keep (rule-decks).

    >>> from spades import DECK, JOKERS
    >>> " ".join(str(card) for card in DECK if card.bit & draw_keeps(False) and card.rank > 10)
    'QC KC AC QD KD AD QH KH AH JS QS KS AS'
    >>> sum(card.bit & draw_keeps(True) > 0 for card in DECK)  # two to seven of each suit
    24
    >>> keeps = draw_keeps(False, Deck.JOKER_JOKER_DEUCE_DEUCE)
    >>> [bool(keeps & card.bit) for card in (*JOKERS, Card.parse("2D"), Card.parse("3D"))]
    [True, True, True, False]
    """
    sense = SENSES[deck]
    if nil:
        return sum(card.bit for card in sense.cards if sense.power(card) <= NIL_LOW)
    total = sum(_value(sense, card) for card in sense.cards)
    return sum(card.bit for card in sense.cards if _value(sense, card) * 52 >= total)


def exchange(view: View) -> Move:
    """Double nil: give up the strongest cards, those a random discard would beat."""
    sense = sense_of(view.rules)
    dangerous = [card for card in view.hand or () if _dangerous(sense, card)]
    dangerous.sort(key=sense.danger, reverse=True)
    return Exchange(dangerous[: view.rules.blind_nil_exchange])


def _dangerous(sense: Sense, card: Card) -> bool:
    """A card a nil bidder would rather not hold: jack or higher, or a spade from eight."""
    power = sense.power(card)
    return power >= Rank.JACK or (sense.is_spade(card) and power >= Rank.EIGHT)


def pass_cards(view: View) -> Move:
    """The card pass: a nil bidder passes her strongest cards, her partner her weakest."""
    hand = sorted(view.hand or (), key=sense_of(view.rules).danger)
    count = pass_due(view)[1]
    if is_nil(view.rules, view.bids[view.seat]):
        return Pass(hand[len(hand) - count :])
    return Pass(hand[:count])
