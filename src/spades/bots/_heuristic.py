"""A heuristic player that decides from its view alone: card sense, no search.

Bidding: it always looks at its hand (it never bids blind nil, nor declares double nil).
A nil hand bids nil: low spades, no ace, each high card guarded by low ones of its suit;
beside a partner who can cover (four players), or holding the lowest unseen card of each
suit (two players). Else it counts likely tricks card by card, by how many unseen cards
of its suit outrank each card (aces, guarded kings, ...), with long spades and short
suits to ruff (the tables `FOUR` and `TWO`, fitted to its own games); it bids that less
a margin, plus its share of what its side took beyond its bids earlier in the game.

Two players: in the draw it keeps the top card when it is worth more, as a chance of a
trick, than an unknown card (after double nil: when it is worth less); the double nil
exchange gives up its strongest cards. Four players, the blind nil pass: the bidder
passes her strongest cards, her partner passes back her weakest.

Playing: the first of these aims that applies.

1. its own nil stands: never win a trick (the highest card that still loses);
2. its partner's nil stands: win the tricks she would otherwise take;
3. an opponent's nil stands: play low and under her, so that she has to win one;
4. its side still needs tricks (or can still set the other side): win them cheaply;
5. otherwise: duck, to keep bags away (again the highest card that still loses).

A card "holds" when no later rival is likely to beat it: each unseen card is with a later
player in proportion to the cards she holds, and a player known to lack the suit led can
only trump. Everything is deterministic: ties go to the library's card order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from spades._cards import DECK, Card, Rank, Suit
from spades._moves import BIDS, LOOK, Exchange, Keep, Pass, Play, Reject
from spades._rules import NilTricks
from spades._state import Phase

if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Sequence

    from spades._moves import Move
    from spades._view import View
    from spades.bots._play import Policy

__all__ = ["heuristic_policy"]

SPADES: Final = Suit.SPADES

# --- tuning ------------------------------------------------------------------------------


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
NIL_GUARDS: Final = {Rank.JACK: 1, Rank.QUEEN: 1, Rank.KING: 2, Rank.ACE: 14}
"""A nil hand holds a high side card only with this many low cards of its suit (no ace)."""
NIL_PARTNER: Final = 3
"""Four players: nil only beside a partner who bid at least this (or has not bid yet)."""
SET_MARGIN: Final = 2
"""Keep taking tricks after the contract is made when the other side can spare fewer
than this many: a set is in reach."""
HOLD: Final = 0.7
"""A card is played to win only when it keeps the trick at least this often."""

# --- the policy ---------------------------------------------------------------------------


def heuristic_policy() -> Policy:
    """A plain but sound player: it bids by counting tricks and plays by card sense.

    It decides from the `View` alone, deterministically, and only ever makes one of the
    view's legal moves. Four players: it always looks at its hand (it never bids blind
    nil); two players: it never declares double nil, and keeps high cards and spades in
    the draw. Raises `ValueError` when its seat is not to move.

    >>> from spades import CLASSIC, new_game, observe
    >>> from spades.bots import heuristic_policy
    >>> choose = heuristic_policy()
    >>> str(choose(observe(new_game(CLASSIC, seed=1), 1)))
    'bid 3'
    """
    return _decide


def _decide(view: View) -> Move:
    """The move for the seat to move: one helper per phase."""
    legal = view.legal_moves()
    if not legal:
        raise ValueError(f"seat {view.seat} is not to move: there is nothing to decide")
    phase = view.phase
    if phase is Phase.BIDDING:
        return _bid(view)
    if phase is Phase.DRAWING:
        return _draw(view)
    if phase is Phase.EXCHANGING:
        return _exchange(view)
    if phase is Phase.PASSING:
        return _pass(view)
    return Play(_play(_Table(view), [move.card for move in legal if isinstance(move, Play)]))


# --- cards in general ---------------------------------------------------------------------


def _of_suit(cards: Iterable[Card], suit: Suit) -> list[Card]:
    """The cards of one suit."""
    return [card for card in cards if card.suit is suit]


def _danger(card: Card) -> tuple[int, bool]:
    """How likely a card is to take a trick against its holder's will: rank, spades first."""
    return (card.rank, card.suit is SPADES)


def _cheapness(card: Card) -> tuple[bool, int]:
    """How much a card costs to give away: spades last, then by rank."""
    return (card.suit is SPADES, card.rank)


def _beats(card: Card, best: Card) -> bool:
    """Whether ``card``, played after ``best`` (the trick's winning card), takes the lead."""
    if card.suit is best.suit:
        return card.rank > best.rank
    return card.suit is SPADES


def _winning_card(trick: Sequence[Card]) -> Card:
    """The card that wins ``trick`` so far: the highest spade, else the highest of the lead."""
    best = trick[0]
    for card in trick[1:]:
        if _beats(card, best):
            best = card
    return best


# --- bidding ------------------------------------------------------------------------------


def _bid(view: View) -> Move:
    """Look first (never bid blind nil); then nil for a nil hand, else the trick count."""
    if view.hand is None:
        return LOOK
    hand = view.hand
    if view.rules.nil and _wants_nil(view, hand):
        return BIDS[0]
    counting = FOUR if view.rules.players == 4 else TWO
    count = _likely_tricks(hand, _unseen_at_bidding(view), counting)
    count += _table_bias(view, counting.margin)
    return BIDS[min(13, max(1, round(count - counting.margin)))]


def _table_bias(view: View, margin: float) -> float:
    """Her share of what her side took beyond its bids and the margin, per round so far.

    Against weak players every hand takes more than it counts: bidding the difference
    keeps bags away. Rounds with a nil on her side do not count, and the mean starts from
    nothing as if over ``BIAS_PRIOR`` more rounds.
    """
    seats = range(view.seat % 2, view.rules.players, 2)
    beyond = rounds = 0
    for score in view.rounds:
        bids = [score.bids[seat] for seat in seats]
        if not any(bid.is_nil for bid in bids):
            beyond += sum(score.tricks[seat] for seat in seats) - sum(bid.n for bid in bids)
            rounds += 1
    expected = margin * rounds
    return min(BIAS_LIMIT, max(0.0, (beyond / len(seats) - expected) / (rounds + BIAS_PRIOR)))


def _likely_tricks(hand: Sequence[Card], unseen: Collection[Card], counting: _Counting) -> float:
    """Count likely tricks: high cards, guarded ones, long spades, voids to ruff."""
    total = counting.base
    for card in hand:
        above = sum(1 for other in unseen if other.suit is card.suit and other.rank > card.rank)
        length = len(_of_suit(hand, card.suit))
        if card.suit is SPADES:
            worth = counting.spade
        elif counting.guarded and length <= above:
            continue
        else:
            worth = counting.side if length <= 4 else counting.long_side
        total += worth[min(above, len(worth) - 1)]
    spades = len(_of_suit(hand, SPADES))
    total += counting.long_spade * max(0, spades - 3)
    total += counting.their_spade * len(_of_suit(unseen, SPADES))
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        length = len(_of_suit(hand, suit))
        total += counting.void * (length == 0) + counting.singleton * (length == 1)
    return total


def _unseen_at_bidding(view: View) -> frozenset[Card]:
    """The cards she has not seen (two players: the other hand and half the discards)."""
    return frozenset(DECK) - frozenset(view.hand or ()) - _known_discards(view)


def _known_discards(view: View) -> frozenset[Card]:
    """Two players: cards she discarded or gave up that nobody has drawn back since."""
    if any(seat != view.seat for seat, _ in view.exchanges):
        return frozenset()  # the other player may have drawn any of them
    own = {discarded for _, _, discarded in view.draws if discarded is not None}
    if view.exchanged is not None:
        own |= set(view.exchanged[0])
    return frozenset(own) - frozenset(view.hand or ())


def _wants_nil(view: View, hand: Sequence[Card]) -> bool:
    """A nil hand: low spades, few high cards, short suits low; and a partner who can cover."""
    if view.rules.players == 4:
        partner_bid = view.bids[(view.seat + 2) % 4]
        if partner_bid is not None and (partner_bid.is_nil or partner_bid.n < NIL_PARTNER):
            return False
    elif not _nil_alone(hand, _unseen_at_bidding(view)):
        return False
    spades = _of_suit(hand, SPADES)
    if len(spades) > NIL_SPADES or any(card.rank > NIL_TOP_SPADE for card in spades):
        return False
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS):
        cards = _of_suit(hand, suit)
        low = sum(1 for card in cards if card.rank <= NIL_LOW)
        for card in cards:
            if low < NIL_GUARDS.get(card.rank, 0):
                return False
    return True


def _nil_alone(hand: Sequence[Card], unseen: Collection[Card]) -> bool:
    """Two players: she holds the lowest card not yet seen of each suit she has."""
    for suit in Suit:
        cards = _of_suit(hand, suit)
        if cards and any(card < cards[0] for card in _of_suit(unseen, suit)):
            return False
    return True


# --- two players: the draw and the double nil exchange ------------------------------------


def _value(card: Card) -> int:
    """A card's worth to a bidder, in hundredths of a trick: spades well above the rest.

    Whole numbers, so that sums and comparisons are exact on every Python version.
    """
    if card.suit is SPADES:
        return 40 + 5 * (card.rank - 2)
    return max(0, 25 * (card.rank - Rank.TEN))


def _draw(view: View) -> Move:
    """Keep the top card when it is worth more than an unknown one; a double nil keeps low."""
    top = view.top_card
    assert top is not None, "the seat to draw sees the top card"
    bid = view.bids[view.seat]
    if bid is not None and bid.is_nil:
        return Keep() if top.rank <= NIL_LOW else Reject()
    others = frozenset(DECK) - frozenset(view.hand or ()) - _known_discards(view) - {top}
    # At least the average worth of an unknown card, compared without division.
    return Keep() if _value(top) * len(others) >= sum(map(_value, others)) else Reject()


def _exchange(view: View) -> Move:
    """Double nil: give up the strongest cards, those a random discard would beat."""
    dangerous = [card for card in view.hand or () if _dangerous(card)]
    dangerous.sort(key=_danger, reverse=True)
    return Exchange(dangerous[: view.rules.blind_nil_exchange])


def _dangerous(card: Card) -> bool:
    """A card a nil bidder would rather not hold: jack or higher, or a spade from eight."""
    return card.rank >= Rank.JACK or (card.suit is SPADES and card.rank >= Rank.EIGHT)


def _pass(view: View) -> Move:
    """The blind nil pass: the bidder passes her strongest cards, her partner her weakest."""
    hand = sorted(view.hand or (), key=_danger)
    count = view.rules.blind_nil_pass
    bid = view.bids[view.seat]
    if bid is not None and bid.blind:
        return Pass(hand[len(hand) - count :])
    return Pass(hand[:count])


# --- playing: what the seat knows ---------------------------------------------------------


class _Table:
    """What the seat knows while playing: seats, tricks taken, unseen cards, known voids."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.seat = view.seat
        self.players = view.rules.players
        self.partner = (self.seat + 2) % 4 if self.players == 4 else None
        self.opponents = tuple(s for s in range(self.players) if s % 2 != self.seat % 2)
        self.hand: tuple[Card, ...] = view.hand or ()
        self.taken = [0] * self.players
        self.voids: list[set[Suit]] = [set() for _ in range(self.players)]
        played: set[Card] = set(view.trick)
        for trick in view.tricks:
            self.taken[trick.winner] += 1
            played.update(trick.cards)
            self._note_voids(self.order(trick.leader), trick.cards)
        leader = view.trick_leader
        assert leader is not None, "a trick is in progress"
        self.trick_order = self.order(leader)
        """The seats in the order they play to the trick in progress."""
        self._note_voids(self.trick_order, view.trick)
        self.later = self.trick_order[self.trick_order.index(self.seat) + 1 :]
        """The seats still to play to this trick after this seat."""
        unseen = frozenset(DECK) - played - set(self.hand) - _known_discards(view)
        self.unseen_count = len(unseen)
        self.unseen = {suit: [card.rank for card in unseen if card.suit is suit] for suit in Suit}
        """The ranks of the cards she has not seen, by suit."""

    def order(self, leader: int) -> tuple[int, ...]:
        """The seats in the order they play to a trick led by ``leader``."""
        if self.players == 2:
            return (leader, 1 - leader)
        step = self.view.rules.direction.step
        return tuple((leader + i * step) % 4 for i in range(4))

    def _note_voids(self, order: Sequence[int], cards: Sequence[Card]) -> None:
        """A seat that did not follow the suit led has none of it left."""
        for seat, card in zip(order, cards, strict=False):
            if card.suit is not cards[0].suit:
                self.voids[seat].add(cards[0].suit)

    def played_by(self, seat: int) -> Card | None:
        """The card ``seat`` played to the trick in progress, if any."""
        index = self.trick_order.index(seat)
        trick = self.view.trick
        return trick[index] if index < len(trick) else None

    def winner(self) -> int:
        """The seat winning the trick in progress so far."""
        trick = self.view.trick
        return self.trick_order[trick.index(_winning_card(trick))]

    def nil_stands(self, seat: int) -> bool:
        """Whether ``seat`` bid nil (or blind nil) and has taken no trick yet."""
        bid = self.view.bids[seat]
        return bid is not None and bid.is_nil and self.taken[seat] == 0

    def side_need(self, side: int) -> int:
        """Tricks ``side`` still needs for its contract (zero or less: made)."""
        seats = [s for s in range(self.players) if s % 2 == side]
        bids = [self.view.bids[s] for s in seats]
        contract = sum(bid.n for bid in bids if bid is not None)
        counts_nil = self.players == 4 and self.view.rules.nil_tricks is NilTricks.COUNT
        taken = sum(
            self.taken[s]
            for s, bid in zip(seats, bids, strict=True)
            if counts_nil or bid is None or not bid.is_nil
        )
        return contract - taken

    def wants_tricks(self) -> bool:
        """Whether winning tricks helps: the contract is short, or a set is in reach."""
        if self.side_need(self.seat % 2) > 0:
            return True
        remaining = 13 - len(self.view.tricks)
        their_need = self.side_need(1 - self.seat % 2)
        return 0 < their_need <= remaining < their_need + SET_MARGIN

    def hold_chance(self, card: Card, rivals: Collection[int]) -> float:
        """The chance that ``card``, played now, is not beaten by any of ``rivals`` still to play.

        Each unseen card is with a given seat in proportion to the cards she holds; a
        seat known to be void in the suit led can only trump.
        """
        later = [seat for seat in self.later if seat in rivals]
        if not later:
            return 1.0
        trick = self.view.trick
        led = trick[0].suit if trick else card.suit
        of_led = len(self.unseen[led])
        higher_led = _above(self.unseen[led], led, card) if card.suit is led else 0
        higher_spades = _above(self.unseen[SPADES], SPADES, card)
        chance = 1.0
        for seat in later:
            share = self.view.hand_sizes[seat] / self.unseen_count  # the later seats hold some
            known_void = led in self.voids[seat]
            void = 1.0 if known_void else (1 - share) ** of_led
            follows_higher = 0.0 if known_void else 1 - (1 - share) ** higher_led
            if led is SPADES or SPADES in self.voids[seat]:
                trumps = 0.0
            else:
                trumps = void * (1 - (1 - share) ** higher_spades)
            chance *= max(0.0, 1 - follows_higher - trumps)
        return chance


def _above(ranks: Sequence[Rank], suit: Suit, card: Card) -> int:
    """How many cards of ``suit`` with these ranks beat ``card``: all, if it is another suit."""
    if card.suit is not suit:
        return len(ranks)
    return sum(1 for rank in ranks if rank > card.rank)


# --- playing: the aims --------------------------------------------------------------------


def _play(table: _Table, cards: list[Card]) -> Card:
    """The card to play: the first aim that applies (see the module's docstring)."""
    if table.nil_stands(table.seat):
        return _keep_nil(table, cards)
    partner = table.partner
    if partner is not None and table.nil_stands(partner):
        return _cover_nil(table, cards, partner)
    nils = [seat for seat in table.opponents if table.nil_stands(seat)]
    if nils:
        card = _set_nil(table, cards, nils[0])
        if card is not None:
            return card
    return _contract(table, cards)


def _contract(table: _Table, cards: list[Card]) -> Card:
    """No nil in the way: take tricks while they help, else duck."""
    return _take(table, cards) if table.wants_tricks() else _duck(table, cards)


def _losers(table: _Table, cards: Sequence[Card]) -> list[Card]:
    """The cards that cannot win the trick in progress (none when leading)."""
    trick = table.view.trick
    if not trick:
        return []
    best = _winning_card(trick)
    return [card for card in cards if not _beats(card, best)]


def _keep_nil(table: _Table, cards: list[Card]) -> Card:
    """Her own nil: the highest card that loses; else the card likeliest to be beaten."""
    losers = _losers(table, cards)
    if losers:
        return max(losers, key=_danger)
    if table.view.trick and not table.later:  # last to play and every card wins
        return max(cards, key=_danger)
    others = [seat for seat in range(table.players) if seat != table.seat]  # any will do
    return min(cards, key=lambda card: (table.hold_chance(card, others), _danger(card)))


def _cover_nil(table: _Table, cards: list[Card], partner: int) -> Card:
    """Her partner's nil: lead winners, overtake the partner, play high before her."""
    trick = table.view.trick
    if not trick:
        rivals = table.opponents
        return max(cards, key=lambda card: (table.hold_chance(card, rivals), _danger(card)))
    best = _winning_card(trick)
    winners = [card for card in cards if _beats(card, best)]
    if table.played_by(partner) is not None:
        if table.winner() == partner and winners:
            return min(winners, key=_cheapness)  # take the trick off her
        return _contract(table, cards)
    if winners and table.hold_chance(best, (partner,)) < HOLD:  # she plays later: cover her
        return max(winners, key=_danger)
    return _contract(table, cards)


def _set_nil(table: _Table, cards: list[Card], nil: int) -> Card | None:
    """An opponent's nil: lead low, stay under her card, play low before her; or None."""
    trick = table.view.trick
    if not trick:
        return min(cards, key=lambda card: (card.suit in table.voids[nil], _cheapness(card)))
    if nil in table.later:
        follow = _of_suit(cards, trick[0].suit)
        return min(follow or [c for c in cards if c.suit is not SPADES] or cards, key=_cheapness)
    if table.winner() == nil:
        losers = _losers(table, cards)
        if losers:
            return max(losers, key=_danger)
    return None


def _take(table: _Table, cards: list[Card]) -> Card:
    """Win the trick as cheaply as will hold, or give the cheapest card when it can't."""
    trick = table.view.trick
    if not trick:
        return _lead_to_win(table, cards)
    rivals = table.opponents
    best = _winning_card(trick)
    if table.winner() == table.partner and table.hold_chance(best, rivals) >= HOLD:
        return _discard(table, cards)  # her card holds: save ours
    winners = [card for card in cards if _beats(card, best)]
    holding = [card for card in winners if table.hold_chance(card, rivals) >= HOLD]
    if holding:
        return min(holding, key=_cheapness)
    return _discard(table, cards)


def _lead_to_win(table: _Table, cards: list[Card]) -> Card:
    """Lead a card that will hold; else a low card where the partner may win or ruff."""
    chances = {card: table.hold_chance(card, table.opponents) for card in cards}
    best = max(cards, key=lambda card: (chances[card], card.suit is not SPADES, -card.rank))
    if chances[best] >= HOLD:
        return best
    partner = table.partner
    if partner is not None:
        ruffs = [c for c in cards if c.suit in table.voids[partner] and c.suit is not SPADES]
        if ruffs and SPADES not in table.voids[partner]:
            return min(ruffs, key=_cheapness)
    return _low_lead(table, cards)


def _low_lead(table: _Table, cards: list[Card]) -> Card:
    """A low lead: from the shortest side suit, to ruff it later, away from the opponents' voids."""

    def key(card: Card) -> tuple[bool, bool, int, int]:
        """Spades last, then suits no opponent is void in, shortest, lowest."""
        trumped = any(card.suit in table.voids[seat] for seat in table.opponents)
        return (card.suit is SPADES, trumped, len(_of_suit(table.hand, card.suit)), card.rank)

    return min(cards, key=key)


def _discard(table: _Table, cards: list[Card]) -> Card:
    """The cheapest card: lowest of the suit led, or the lowest side card from a short suit."""
    return min(cards, key=lambda card: (*_cheapness(card), len(_of_suit(table.hand, card.suit))))


def _duck(table: _Table, cards: list[Card]) -> Card:
    """Keep bags away: the highest card that loses, else the likeliest to be beaten."""
    losers = _losers(table, cards)
    if losers:
        return max(losers, key=_danger)
    if table.view.trick and not table.later:  # last to play, every card wins: the highest
        return max(cards, key=_danger)
    rivals = table.opponents
    return min(cards, key=lambda card: (table.hold_chance(card, rivals), _cheapness(card)))
