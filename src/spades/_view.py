"""What one seat may know: a player's view of a game, and the legal moves it implies."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from spades._card_pass import pass_due
from spades._cards import Card, cards_in
from spades._history import CardExchange, CardPass, DrawTurn, Trick
from spades._legal import bid_moves, blind_moves, moves_from
from spades._rules import check_seat, partner
from spades._state import Phase, State, trick_counts
from spades._trick import playable_bits, spades_open

if TYPE_CHECKING:
    from spades._moves import Bid, Move
    from spades._rules import Ruleset
    from spades._scoring import RoundScore
    from spades._state import Outcome

__all__ = ["View", "observe"]


@attrs.frozen(kw_only=True)
class View:
    """Everything one seat may know about a game at one moment, and nothing else.

    Public facts (bids, the cards played and by whom, scores) are there for everyone;
    cards are there only for the seat that holds or handled them. A server can hand a
    `View` to a player, or to a bot, without leaking a card. `legal_moves` gives the
    seat's legal moves from the view alone:

    >>> from spades import CLASSIC, Bid, legal_moves, apply, new_game
    >>> state = new_game(CLASSIC, seed=1)
    >>> observe(state, 1).legal_moves() == legal_moves(state), observe(state, 2).legal_moves()
    (True, ())

    What a seat may ask of the state it may ask of its view, with the same answer: whether
    a move is legal and why not (`spades.check_move`), and the facts that follow from
    what it shows: `tricks_taken` and `is_over`.

    >>> for _ in range(4):
    ...     state = apply(state, Bid(3))
    >>> for _ in range(8):  # two tricks
    ...     state = apply(state, legal_moves(state)[0])
    >>> view = observe(state, 0)
    >>> view.tricks_taken, view.tricks_taken == state.tricks_taken, view.is_over
    ((0, 1, 0, 1), True, False)
    """

    rules: Ruleset
    """The ruleset of the game."""
    seat: int
    """The seat whose view this is."""
    phase: Phase
    """What the game is waiting for."""
    to_move: int | None
    """The seat to move; ``None`` once the game is over."""
    dealer: int
    """The seat that dealt this round (with two players: drew first)."""
    round_number: int
    """The round being played, counted from 1."""
    hand: tuple[Card, ...] | None
    """The seat's own cards, in the library's order; ``None`` while they are face down:
    with three or four players, while she may still bid blind (nil, or a number) and has not
    looked."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    bids: tuple[Bid | None, ...]
    """Each seat's bid this round; ``None`` until the seat has bid."""
    looked: tuple[bool, ...]
    """Whether each seat has made the `Look` move this round."""
    trick: tuple[Card, ...]
    """The cards of the trick in progress, in the order they were played."""
    trick_leader: int | None
    """The seat that leads, or led, the trick in progress."""
    tricks: tuple[Trick, ...]
    """This round's completed tricks, in order: who led, the cards, who won."""
    spades_broken: bool
    """Whether a spade has been played to a trick this round."""
    scores: tuple[int, ...]
    """Each side's total after the completed rounds."""
    bags: tuple[int, ...]
    """Each side's bag counter after the completed rounds."""
    rounds: tuple[RoundScore, ...]
    """The score of every completed round, in order."""
    outcome: Outcome | None
    """How the game ended; ``None`` while it goes on."""
    passes: tuple[CardPass, ...]
    """Four players, blind nil: each card pass this round, in order; the cards only when
    this seat gave or received them (``None`` for the other side's)."""
    stock_size: int
    """Two players: how many cards are left in the stock."""
    top_card: Card | None
    """Two players: the top card of the stock while this seat is to draw, else ``None``."""
    draws: tuple[DrawTurn, ...]
    """Two players: each draw turn this round; the cards only of this seat's own turns."""
    exchanges: tuple[CardExchange, ...]
    """Two players: each double nil exchange this round; the cards only of this seat's."""

    @property
    def tricks_taken(self) -> tuple[int, ...]:
        """How many of this round's completed tricks each seat won, as `State.tricks_taken`.

        Every trick and its winner is public, so every seat's view counts the same.
        """
        return trick_counts(self.tricks, self.rules.players)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, as `State.is_over`: it has an `outcome`."""
        return self.outcome is not None

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves (none when it is not her turn), as `spades.legal_moves`.

        None once the game is over, even in a view built by hand that names a seat to move.
        """
        if self.to_move != self.seat or self.phase is Phase.GAME_OVER:
            return ()
        hand = sum(card.bit for card in self.hand or ())
        led_freely = spades_open(self.rules, self.spades_broken, len(self.tricks))
        allowed = playable_bits(self.rules.pack, hand, self.trick, led_freely)
        blinds = blind_moves(self, self.seat)
        numbered = bid_moves(self.rules, self.bids, self.seat, hand)
        passing = pass_due(self)[1] if self.phase is Phase.PASSING else 0
        return moves_from(self.rules, self.phase, hand, allowed, blinds, numbered, passing)


def observe(state: State, seat: int) -> View:
    """What ``seat`` may know of ``state``.

    >>> from spades import CLASSIC, new_game
    >>> view = observe(new_game(CLASSIC, seed=1), 2)
    >>> len(view.hand), view.hand_sizes, view.bids
    (13, (13, 13, 13, 13), (None, None, None, None))
    """
    if not isinstance(state, State):
        raise TypeError(f"observe takes a State, not {type(state).__name__}")
    rules = state.rules
    seat = check_seat(seat, rules.players)
    masks = state.hand_masks
    hidden = (
        state.phase is Phase.BIDDING
        and rules.players != 2
        and state.bids[seat] is None
        and bool(blind_moves(state, seat))
    )
    partners = {seat, partner(rules, seat)}
    drawing_now = state.phase is Phase.DRAWING and state.to_move == seat
    return View(
        rules=rules,
        seat=seat,
        phase=state.phase,
        to_move=state.to_move,
        dealer=state.dealer,
        round_number=state.round_number,
        hand=None if hidden else cards_in(masks[seat]),
        hand_sizes=tuple(mask.bit_count() for mask in masks),
        bids=state.bids,
        looked=state.looked,
        trick=state.trick,
        trick_leader=state.trick_leader,
        tricks=state.tricks,
        spades_broken=state.spades_broken,
        scores=state.scores,
        bags=state.bags,
        rounds=state.rounds,
        outcome=state.outcome,
        passes=tuple(
            entry if entry.seat in partners else CardPass(entry.seat, None)
            for entry in state.passes
        ),
        stock_size=len(state.stock),
        top_card=state.stock[0] if drawing_now else None,
        draws=tuple(
            entry if entry.seat == seat else DrawTurn(entry.seat, None, None)
            for entry in state.draws
        ),
        exchanges=tuple(
            entry if entry.seat == seat else CardExchange(entry.seat, entry.size, None, None)
            for entry in state.exchanges
        ),
    )
