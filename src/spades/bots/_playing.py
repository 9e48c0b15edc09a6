"""The heuristic's play: what the seat knows of the table, and the aims it plays for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades._cards import DECK, Card, Rank, Suit
from spades._rules import NilTricks, play_order, seats_of, side_of
from spades._rules import partner as partner_of
from spades._trick import trick_winner, winning_card
from spades.bots._hand import SPADES, cheapness, danger, is_nil, known_discards, of_suit

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
    """What the seat knows while playing: seats, tricks taken, unseen cards, known voids."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.seat = view.seat
        self.players = view.rules.players
        self.partner = partner_of(view.rules, self.seat)
        self.side = side_of(view.rules, self.seat)
        self.opponents = seats_of(view.rules, 1 - self.side)
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
        unseen = frozenset(DECK) - played - set(self.hand) - known_discards(view)
        self.unseen_count = len(unseen)
        self.unseen = {suit: [card.rank for card in unseen if card.suit is suit] for suit in Suit}
        """The ranks of the cards she has not seen, by suit."""

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
        remaining = 13 - len(self.view.tricks)
        their_need = self.side_need(1 - self.side)
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


def _wins(trick: Sequence[Card], card: Card) -> bool:
    """Whether ``card``, played now to ``trick``, would win it so far."""
    return winning_card((*trick, card)) is card


def _losers(table: Table, cards: Sequence[Card]) -> list[Card]:
    """The cards that cannot win the trick in progress (none when leading)."""
    trick = table.view.trick
    if not trick:
        return []
    return [card for card in cards if not _wins(trick, card)]


def _keep_nil(table: Table, cards: list[Card]) -> Card:
    """Her own nil: the highest card that loses; else the card likeliest to be beaten."""
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
    if not trick:
        rivals = table.opponents
        return max(cards, key=lambda card: (table.hold_chance(card, rivals), danger(card)))
    winners = [card for card in cards if _wins(trick, card)]
    if table.played_by(partner) is not None:
        if table.winner() == partner and winners:
            return min(winners, key=cheapness)  # take the trick off her
        return _contract(table, cards)
    best = winning_card(trick)
    if winners and table.hold_chance(best, (partner,)) < HOLD:  # she plays later: cover her
        return max(winners, key=danger)
    return _contract(table, cards)


def _set_nil(table: Table, cards: list[Card], nil: int) -> Card | None:
    """An opponent's nil: lead low, stay under her card, play low before her; or None."""
    trick = table.view.trick
    if not trick:
        return min(cards, key=lambda card: (card.suit in table.voids[nil], cheapness(card)))
    if nil in table.later:
        follow = of_suit(cards, trick[0].suit)
        return min(follow or [c for c in cards if c.suit is not SPADES] or cards, key=cheapness)
    if table.winner() == nil:
        losers = _losers(table, cards)
        if losers:
            return max(losers, key=danger)
    return None


def _take(table: Table, cards: list[Card]) -> Card:
    """Win the trick as cheaply as will hold, or give the cheapest card when it can't."""
    trick = table.view.trick
    if not trick:
        return _lead_to_win(table, cards)
    rivals = table.opponents
    best = winning_card(trick)
    if table.winner() == table.partner and table.hold_chance(best, rivals) >= HOLD:
        return _discard(table, cards)  # her card holds: save ours
    winners = [card for card in cards if _wins(trick, card)]
    holding = [card for card in winners if table.hold_chance(card, rivals) >= HOLD]
    if holding:
        return min(holding, key=cheapness)
    return _discard(table, cards)


def _lead_to_win(table: Table, cards: list[Card]) -> Card:
    """Lead a card that will hold; else a low card where the partner may win or ruff."""
    chances = {card: table.hold_chance(card, table.opponents) for card in cards}
    best = max(cards, key=lambda card: (chances[card], card.suit is not SPADES, -card.rank))
    if chances[best] >= HOLD:
        return best
    partner = table.partner
    if partner is not None:
        ruffs = [c for c in cards if c.suit in table.voids[partner] and c.suit is not SPADES]
        if ruffs and SPADES not in table.voids[partner]:
            return min(ruffs, key=cheapness)
    return _low_lead(table, cards)


def _low_lead(table: Table, cards: list[Card]) -> Card:
    """A low lead: from the shortest side suit, to ruff it later, away from the opponents' voids."""

    def key(card: Card) -> tuple[bool, bool, int, int]:
        """Spades last, then suits no opponent is void in, shortest, lowest."""
        trumped = any(card.suit in table.voids[seat] for seat in table.opponents)
        return (card.suit is SPADES, trumped, len(of_suit(table.hand, card.suit)), card.rank)

    return min(cards, key=key)


def _discard(table: Table, cards: list[Card]) -> Card:
    """The cheapest card: lowest of the suit led, or the lowest side card from a short suit."""
    return min(cards, key=lambda card: (*cheapness(card), len(of_suit(table.hand, card.suit))))


def _duck(table: Table, cards: list[Card]) -> Card:
    """Keep bags away: the highest card that loses, else the likeliest to be beaten."""
    losers = _losers(table, cards)
    if losers:
        return max(losers, key=danger)
    if table.view.trick and not table.later:  # last to play, every card wins: the highest
        return max(cards, key=danger)
    rivals = table.opponents
    return min(cards, key=lambda card: (table.hold_chance(card, rivals), cheapness(card)))
