"""Source B's timeout rule: the move made for a player whose time has run out."""

from __future__ import annotations

from spades._card_pass import pass_due
from spades._cards import Card, Rank
from spades._errors import SpadesError
from spades._legal import bid_moves
from spades._moves import LOOK, Exchange, Keep, Move, Pass, Play, Reject
from spades._state import Phase, State
from spades._view import View, observe
from spades.bots._hand import Sense, sense_of

__all__ = ["fallback_move"]


def _strength(sense: Sense, card: Card) -> tuple[bool, int, int]:
    """Spades above every other suit, then by rank, then by suit: how dangerous a card is.

    Spades are the deck's, ranked as it ranks them (rule-decks).
    """
    return (*sense.cheapness(card), sense.suit(card).value)


def fallback_move(game: View | State) -> Move:
    """The move made for the seat to move when her time runs out (source B), from her view.

    - Bidding: she bids 1, or under a team minimum what her partner's bid leaves missing if
      that is more (`spades.lowest_bid`); under Suicide 4, or nil after her partner's
      number; under Whiz and Mirror her number of spades, nil with none: the least of
      `spades.allowed_bids` from 1 up, nil if none. If she could
      still bid blind (nil or a number), she looks at her hand first.
    - Playing: her lowest legal card, keeping spades while she has another legal card.
    - Two players, drawing: she keeps the top card if it is a spade or ranks ten or
      higher, else she rejects it; she never declares double nil.
    - The jokers, and the 2♦ of Joker-Joker-Deuce-Deuce, are spades above the ace
      (rule-decks).
    - The double nil exchange: she gives up her strongest cards (spades first, then by
      rank), as many as the ruleset allows.
    - The card pass after a nil or a blind nil: a nil bidder passes her strongest cards,
      as many as her side's pass (`spades.card_passes`); a partner who bid no nil passes
      back her weakest.

    A `State` is read as the view of its seat to move. Raises `SpadesError` when nobody is
    to move (the game is over) or the view's seat is not to move, `TypeError` for anything
    but a `View` or a `State`.

    >>> from spades import CLASSIC, new_game
    >>> str(fallback_move(new_game(CLASSIC, seed=1)))
    'bid 1'
    """
    if isinstance(game, View):
        view = game
    elif type(game) is State:
        view = _mover_view(game)
    else:
        raise TypeError(f"fallback_move takes a View or a State, not {type(game).__name__}")
    if view.to_move != view.seat:
        raise SpadesError(f"seat {view.seat} is not to move: there is no move to fall back on")
    legal = view.legal_moves()
    phase = view.phase
    if phase is Phase.BIDDING:
        if view.hand is None:
            return LOOK
        numbered = bid_moves(view.rules, view.bids, view.seat, sum(card.bit for card in view.hand))
        return next((move for move in numbered if move.n), numbered[0])
    hand = view.hand or ()
    sense = sense_of(view.rules)
    if phase is Phase.PLAYING:
        plays = [move for move in legal if isinstance(move, Play)]
        return min(plays, key=lambda move: _strength(sense, move.card))
    if phase is Phase.DRAWING:
        top = view.top_card
        assert top is not None, "the seat to draw sees the top card"
        return Keep() if sense.is_spade(top) or sense.power(top) >= Rank.TEN else Reject()
    strongest = sorted(hand, key=lambda card: _strength(sense, card)[:2], reverse=True)
    if phase is Phase.EXCHANGING:
        return Exchange(strongest[: view.rules.blind_nil_exchange])
    count = pass_due(view)[1]  # the card pass: a nil bidder gives her strongest cards
    bid = view.bids[view.seat]
    if bid is not None and bid.n == 0 and view.rules.nil:
        return Pass(strongest[:count])
    return Pass(strongest[len(strongest) - count :])


def _mover_view(state: State) -> View:
    if state.to_move is None:
        raise SpadesError("the game is over: there is no move to fall back on")
    return observe(state, state.to_move)
