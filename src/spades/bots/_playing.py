"""The heuristic's play: what the seat knows of the table, and the aims it plays for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades._cards import Card, Suit
from spades._rules import NilTricks, play_order, seats_of, side_of
from spades._rules import partner as partner_of
from spades._trick import trick_winner, winning_card
from spades.bots._hand import SPADES, is_nil, known_discards, sense_of

if TYPE_CHECKING:
    from collections.abc import Collection, Sequence

    from spades._view import View

__all__ = ["Table", "play"]

SET_MARGIN: Final = 2
"""Keep taking tricks after the contract is made when the other side can spare fewer
than this many: a set is in reach."""
HOLD: Final = 0.7
"""A card is played to win only when it keeps the trick at least this often."""


class Table:
    """What the seat knows while playing: seats, tricks taken, unseen cards, known voids.

    Suits and ranks are read through the ruleset's deck (`Sense`, rule-decks).
    """

    def __init__(self, view: View) -> None:
        self.view = view
        self.sense = sense_of(view.rules)
        self.seat = view.seat
        self.players = view.rules.players
        self.partner = partner_of(view.rules, self.seat)
        self.side = side_of(view.rules, self.seat)
        self.opponents = tuple(
            seat for seat in range(self.players) if side_of(view.rules, seat) != self.side
        )
        """Every seat of another side: two, one with two players, three when solo."""
        self.hand: tuple[Card, ...] = view.hand or ()
        self.taken = view.tricks_taken
        self.voids: list[set[Suit]] = [set() for _ in range(self.players)]
        played: set[Card] = set(view.trick)
        for trick in view.tricks:
            played.update(trick.cards)
            self._note_voids(play_order(view.rules, trick.leader), trick.cards)
        leader = view.trick_leader
        assert leader is not None, "a trick is in progress"
        self.trick_order = play_order(view.rules, leader)
        """The seats in the order they play to the trick in progress."""
        self._note_voids(self.trick_order, view.trick)
        self.later = self.trick_order[self.trick_order.index(self.seat) + 1 :]
        """The seats still to play to this trick after this seat."""
        unseen = frozenset(self.sense.cards) - played - set(self.hand) - known_discards(view)
        self.unseen_count = len(unseen)
        power = self.sense.power
        self.unseen = {
            suit: [power(card) for card in self.sense.of_suit(unseen, suit)] for suit in Suit
        }
        """The powers (`Sense.power`) of the cards she has not seen, by the suit they play as."""

    def _note_voids(self, order: Sequence[int], cards: Sequence[Card]) -> None:
        """A seat that did not follow the suit led has none of it left."""
        suit = self.sense.suit
        for seat, card in zip(order, cards, strict=False):
            if suit(card) is not suit(cards[0]):
                self.voids[seat].add(suit(cards[0]))

    def played_by(self, seat: int) -> Card | None:
        """The card ``seat`` played to the trick in progress, if any."""
        index = self.trick_order.index(seat)
        trick = self.view.trick
        return trick[index] if index < len(trick) else None

    def winner(self) -> int:
        """The seat winning the trick in progress so far."""
        trick = self.view.trick
        assert self.view.trick_leader is not None, "a trick is in progress"
        return trick_winner(self.view.rules, self.view.trick_leader, trick)

    def nil_stands(self, seat: int) -> bool:
        """Whether ``seat`` bid nil (or blind nil) and has taken no trick yet."""
        return is_nil(self.view.rules, self.view.bids[seat]) and self.taken[seat] == 0

    def side_need(self, side: int) -> int:
        """Tricks ``side`` still needs for its contract (zero or less: made).

        A nil bidder's tricks count under `NilTricks.COUNT`; a zero contract's always.
        """
        rules = self.view.rules
        seats = seats_of(rules, side)
        bids = [self.view.bids[s] for s in seats]
        contract = sum(bid.n for bid in bids if bid is not None)
        counts_nil = self.players == 4 and rules.nil_tricks is NilTricks.COUNT
        taken = sum(
            self.taken[s]
            for s, bid in zip(seats, bids, strict=True)
            if counts_nil or not is_nil(rules, bid)
        )
        return contract - taken

    def wants_tricks(self) -> bool:
        """Whether winning tricks helps: the contract is short, or a set is in reach."""
        if self.side_need(self.side) > 0:
            return True
        remaining = self.view.rules.hand_size - len(self.view.tricks)
        others = {side_of(self.view.rules, seat) for seat in self.opponents}
        return any(
            0 < need <= remaining < need + SET_MARGIN for need in map(self.side_need, others)
        )

    def hold_chance(self, card: Card, rivals: Collection[int]) -> float:
        """The chance that ``card``, played now, is not beaten by any of ``rivals`` still to play.

        Each unseen card is with a given seat in proportion to the cards she holds; a
        seat known to be void in the suit led can only trump.
        """
        later = [seat for seat in self.later if seat in rivals]
        if not later:
            return 1.0
        trick = self.view.trick
        suit = self.sense.suit
        led = suit(trick[0] if trick else card)
        of_led = len(self.unseen[led])
        higher_led = self._above(led, card) if suit(card) is led else 0
        higher_spades = self._above(SPADES, card)
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

    def _above(self, suit: Suit, card: Card) -> int:
        """How many unseen cards of ``suit`` beat ``card``: all, if it plays as another suit."""
        powers = self.unseen[suit]
        if self.sense.suit(card) is not suit:
            return len(powers)
        power = self.sense.power(card)
        return sum(1 for other in powers if other > power)


# --- playing: the aims --------------------------------------------------------------------


def play(table: Table, cards: list[Card]) -> Card:
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


def _contract(table: Table, cards: list[Card]) -> Card:
    """No nil in the way: take tricks while they help, else duck."""
    return _take(table, cards) if table.wants_tricks() else _duck(table, cards)


def _wins(table: Table, card: Card) -> bool:
    """Whether ``card``, played now to the trick in progress, would win it so far."""
    return winning_card((*table.view.trick, card), rules=table.view.rules) is card


def _losers(table: Table, cards: Sequence[Card]) -> list[Card]:
    """The cards that cannot win the trick in progress (none when leading)."""
    if not table.view.trick:
        return []
    return [card for card in cards if not _wins(table, card)]


def _keep_nil(table: Table, cards: list[Card]) -> Card:
    """Her own nil: the highest card that loses; else the card likeliest to be beaten."""
    danger = table.sense.danger
    losers = _losers(table, cards)
    if losers:
        return max(losers, key=danger)
    if table.view.trick and not table.later:  # last to play and every card wins
        return max(cards, key=danger)
    others = [seat for seat in range(table.players) if seat != table.seat]  # any will do
    return min(cards, key=lambda card: (table.hold_chance(card, others), danger(card)))


def _cover_nil(table: Table, cards: list[Card], partner: int) -> Card:
    """Her partner's nil: lead winners, overtake the partner, play high before her."""
    trick = table.view.trick
    danger = table.sense.danger
    if not trick:
        rivals = table.opponents
        return max(cards, key=lambda card: (table.hold_chance(card, rivals), danger(card)))
    winners = [card for card in cards if _wins(table, card)]
    if table.played_by(partner) is not None:
        if table.winner() == partner and winners:
            return min(winners, key=table.sense.cheapness)  # take the trick off her
        return _contract(table, cards)
    best = winning_card(trick, rules=table.view.rules)
    if winners and table.hold_chance(best, (partner,)) < HOLD:  # she plays later: cover her
        return max(winners, key=danger)
    return _contract(table, cards)


def _set_nil(table: Table, cards: list[Card], nil: int) -> Card | None:
    """An opponent's nil: lead low, stay under her card, play low before her; or None."""
    trick = table.view.trick
    sense = table.sense
    cheapness = sense.cheapness
    if not trick:
        return min(cards, key=lambda card: (sense.suit(card) in table.voids[nil], cheapness(card)))
    if nil in table.later:
        follow = sense.of_suit(cards, sense.suit(trick[0]))
        plain = [card for card in cards if not sense.is_spade(card)]
        return min(follow or plain or cards, key=cheapness)
    if table.winner() == nil:
        losers = _losers(table, cards)
        if losers:
            return max(losers, key=sense.danger)
    return None


def _take(table: Table, cards: list[Card]) -> Card:
    """Win the trick as cheaply as will hold, or give the cheapest card when it can't."""
    trick = table.view.trick
    if not trick:
        return _lead_to_win(table, cards)
    rivals = table.opponents
    best = winning_card(trick, rules=table.view.rules)
    if table.winner() == table.partner and table.hold_chance(best, rivals) >= HOLD:
        return _discard(table, cards)  # her card holds: save ours
    winners = [card for card in cards if _wins(table, card)]
    holding = [card for card in winners if table.hold_chance(card, rivals) >= HOLD]
    if holding:
        return min(holding, key=table.sense.cheapness)
    return _discard(table, cards)


def _lead_to_win(table: Table, cards: list[Card]) -> Card:
    """Lead a card that will hold; else a low card where the partner may win or ruff."""
    sense = table.sense
    chances = {card: table.hold_chance(card, table.opponents) for card in cards}
    best = max(
        cards, key=lambda card: (chances[card], not sense.is_spade(card), -sense.power(card))
    )
    if chances[best] >= HOLD:
        return best
    partner = table.partner
    if partner is not None:
        voids = table.voids[partner]
        ruffs = [c for c in cards if sense.suit(c) in voids and not sense.is_spade(c)]
        if ruffs and SPADES not in voids:
            return min(ruffs, key=sense.cheapness)
    return _low_lead(table, cards)


def _low_lead(table: Table, cards: list[Card]) -> Card:
    """A low lead: from the shortest side suit, to ruff it later, away from the opponents' voids."""
    sense = table.sense

    def key(card: Card) -> tuple[bool, bool, int, int]:
        """Spades last, then suits no opponent is void in, shortest, lowest."""
        suit = sense.suit(card)
        trumped = any(suit in table.voids[seat] for seat in table.opponents)
        length = len(sense.of_suit(table.hand, suit))
        return (suit is SPADES, trumped, length, sense.power(card))

    return min(cards, key=key)


def _discard(table: Table, cards: list[Card]) -> Card:
    """The cheapest card: lowest of the suit led, or the lowest side card from a short suit."""
    sense = table.sense
    return min(
        cards,
        key=lambda card: (*sense.cheapness(card), len(sense.of_suit(table.hand, sense.suit(card)))),
    )


def _duck(table: Table, cards: list[Card]) -> Card:
    """Keep bags away: the highest card that loses, else the likeliest to be beaten."""
    sense = table.sense
    losers = _losers(table, cards)
    if losers:
        return max(losers, key=sense.danger)
    if table.view.trick and not table.later:  # last to play, every card wins: the highest
        return max(cards, key=sense.danger)
    rivals = table.opponents
    return min(cards, key=lambda card: (table.hold_chance(card, rivals), sense.cheapness(card)))
