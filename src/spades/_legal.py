"""Which moves are legal, and why the others are not."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Final

from spades._cards import Card, Suit, cards_in
from spades._errors import IllegalMoveError, Reason
from spades._moves import (
    BIDS,
    BLIND_NIL,
    KEEP,
    LOOK,
    PLAYS,
    REJECT,
    Bid,
    Exchange,
    Keep,
    Look,
    Move,
    Pass,
    Play,
    Reject,
)
from spades._rules import check_seat
from spades._state import FULL_DECK, Phase, State
from spades._trick import NOT_SPADES, SPADES, playable

if TYPE_CHECKING:
    from spades._rules import Ruleset

__all__ = ["check_move", "is_legal", "legal_moves"]

SHIFT: Final = (0, 52, 104, 156)
"""Where each seat's 52 bits start in the packed hands."""
_CLUBS, _DIAMONDS, _HEARTS, _ = (suit.mask for suit in Suit)
_MOVE_TYPES: Final = (Bid, Look, Play, Pass, Keep, Reject, Exchange)
_KINDS_BY_PHASE: Final = {
    Phase.DRAWING: (Keep, Reject, Bid),
    Phase.EXCHANGING: (Exchange,),
    Phase.BIDDING: (Bid, Look),
    Phase.PASSING: (Pass,),
    Phase.PLAYING: (Play,),
}
_DRAWS: Final = (KEEP, REJECT)
_BLIND_OR_DRAWS: Final = (BLIND_NIL, KEEP, REJECT)


class _PlaysWithinASuit(dict[int, tuple[Play, ...]]):
    """The `Play` moves of any cards of one suit, keyed by their mask, made on first use."""

    def __missing__(self, mask: int) -> tuple[Play, ...]:
        plays = self[mask] = tuple(PLAYS[card.index] for card in cards_in(mask))
        return plays


_PLAYS_OF: Final = _PlaysWithinASuit()


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the seat to move, in the library's fixed order.

    Bids come from nil up to 13. A player who may still bid blind nil has exactly two:
    blind nil, then `Look`. Plays and passes come in the library's card order, clubs to
    spades, two to ace. With two players a draw turn offers `Keep` then `Reject`, after
    double nil (blind nil) while she may still declare it; an exchange offers giving no
    card, then one, two and three cards, each size in card order. A finished game has none.

    >>> from spades import CLASSIC, new_game
    >>> [str(move) for move in legal_moves(new_game(CLASSIC, seed=1))][:3]
    ['bid nil', 'bid 1', 'bid 2']
    """
    allowed = state[8]
    if allowed:
        plays = _PLAYS_OF.get(allowed)
        if plays is None:
            plays = (
                _PLAYS_OF[allowed & _CLUBS]
                + _PLAYS_OF[allowed & _DIAMONDS]
                + _PLAYS_OF[allowed & _HEARTS]
                + _PLAYS_OF[allowed & SPADES]
            )
        return plays
    phase = state[1]
    if phase is Phase.BIDDING:
        rules = state[0]
        if rules.blind_nil and may_bid_blind(state, state[2]):
            return (BLIND_NIL, LOOK)
        return BIDS if rules.nil else BIDS[1:]
    if phase is Phase.DRAWING:
        return _BLIND_OR_DRAWS if may_bid_blind(state, state[2]) else _DRAWS
    if phase is Phase.PASSING:
        hand = cards_in((state[3] >> SHIFT[state[2]]) & FULL_DECK)
        return tuple(Pass(cards) for cards in combinations(hand, state.rules.blind_nil_pass))
    if phase is Phase.EXCHANGING:
        hand = cards_in((state[3] >> SHIFT[state[2]]) & FULL_DECK)
        sizes = range(state.rules.blind_nil_exchange + 1)
        return tuple(Exchange(cards) for size in sizes for cards in combinations(hand, size))
    return ()


def may_bid_blind(state: State, seat: int) -> bool:
    """Whether ``seat`` may still bid blind nil (with two players: declare double nil).

    The rules must allow it, and her side must trail by at least the required deficit.
    With four players she must not have looked at her hand. With two players it must be
    the draw, before her first draw choice, and she must not have declared it already.
    """
    rules = state.rules
    if not rules.blind_nil:
        return False
    if rules.players == 2:
        if state.phase is not Phase.DRAWING or state.bids[seat] is not None:
            return False
        if any(draw[0] == seat for draw in state.draws):
            return False
    elif state.looked[seat]:
        return False
    return trails_enough(rules, state.scores, seat)


def trails_enough(rules: Ruleset, scores: tuple[int, int], seat: int) -> bool:
    """Whether ``seat``'s side trails by the ruleset's blind nil deficit (if it has one)."""
    deficit = rules.blind_nil_deficit
    return deficit is None or scores[1 - seat % 2] - scores[seat % 2] >= deficit


def is_legal(state: State, move: Move, *, seat: int | None = None) -> bool:
    """Whether `apply` would accept ``move`` (made by ``seat``, when given)."""
    return _problem(state, move, seat) is None


def check_move(state: State, move: Move, *, seat: int | None = None) -> None:
    """Raise `IllegalMoveError` if ``move`` (by ``seat``, when given) is illegal."""
    problem = _problem(state, move, seat)
    if problem is not None:
        reason, why = problem
        mover = state.to_move if seat is None else seat
        who = "" if mover is None else f" by seat {mover}"
        raise IllegalMoveError(reason, mover, move, f"'{move}'{who} is illegal: {why}")


def _problem(state: State, move: Move, seat: int | None) -> tuple[Reason, str] | None:
    """The reason and an explanation for the player, or None when the move is legal."""
    if type(move) not in _MOVE_TYPES:
        raise TypeError(
            f"{move!r} is not a move; moves are Bid, Look, Play, Pass, Keep, Reject and Exchange"
        )
    if seat is not None:
        check_seat(seat, state.rules.players)
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return Reason.GAME_OVER, "the game is over"
    mover = state[2]
    if seat is not None and seat != mover:
        return Reason.NOT_YOUR_TURN, f"it is seat {mover}'s turn"
    if not isinstance(move, _KINDS_BY_PHASE[phase]):
        return Reason.WRONG_PHASE, f"the game is in the {phase.value} phase"
    hand = (state[3] >> SHIFT[mover]) & FULL_DECK
    if isinstance(move, Play):
        return _play_problem(move.card, hand, state[4], state[6])
    if isinstance(move, Pass):
        return _pass_problem(state.rules, move, hand)
    if isinstance(move, Exchange):
        return _exchange_problem(state.rules, move, hand)
    if isinstance(move, (Keep, Reject)):
        return None  # every draw turn may keep or reject
    return _bid_problem(state, move, mover)


def _play_problem(
    card: Card, hand: int, trick: tuple[Card, ...], broken: bool
) -> tuple[Reason, str] | None:
    if not hand & card.bit:
        return Reason.CARD_NOT_IN_HAND, f"you do not hold {card}"
    if playable(hand, trick, broken) & card.bit:
        return None
    if trick:
        led = trick[0].suit
        return Reason.MUST_FOLLOW_SUIT, f"{led} were led and you must follow suit with one"
    return (
        Reason.SPADES_NOT_BROKEN,
        "spades are not broken: you may lead a spade only once a spade has been played "
        "or when you hold nothing else",
    )


def _pass_problem(rules: Ruleset, move: Pass, hand: int) -> tuple[Reason, str] | None:
    if len(move.cards) != rules.blind_nil_pass:
        return Reason.WRONG_PASS_SIZE, f"pass exactly {rules.blind_nil_pass} cards"
    for card in move.cards:
        if not hand & card.bit:
            return Reason.CARD_NOT_IN_HAND, f"you do not hold {card}"
    return None


def _exchange_problem(rules: Ruleset, move: Exchange, hand: int) -> tuple[Reason, str] | None:
    if len(move.cards) > rules.blind_nil_exchange:
        return (
            Reason.TOO_MANY_EXCHANGED,
            f"exchange at most {rules.blind_nil_exchange} cards",
        )
    for card in move.cards:
        if not hand & card.bit:
            return Reason.CARD_NOT_IN_HAND, f"you do not hold {card}"
    return None


def _bid_problem(state: State, move: Bid | Look, seat: int) -> tuple[Reason, str] | None:
    rules = state.rules
    may_bid = may_bid_blind(state, seat)
    if isinstance(move, Look):
        if may_bid:
            return None
        return Reason.HAND_ALREADY_SEEN, "your hand is already in view: bid a number"
    if move.blind:
        if may_bid:
            return None
        if not rules.blind_nil:
            return Reason.BLIND_NIL_NOT_ALLOWED, "these rules have no blind nil"
        if rules.players == 2:
            if state.bids[seat] is not None:
                return Reason.ALREADY_BID, "you have already declared double nil"
            if state.phase is not Phase.DRAWING or any(d[0] == seat for d in state.draws):
                return (
                    Reason.ALREADY_DRAWN,
                    "double nil is declared before your first draw choice of the round",
                )
        elif state.looked[seat]:
            return Reason.HAND_ALREADY_SEEN, "you have already looked at your hand"
        return (
            Reason.BLIND_NIL_NOT_ELIGIBLE,
            f"blind nil needs your side to trail by {rules.blind_nil_deficit} points or more",
        )
    if state.phase is Phase.DRAWING:
        return (
            Reason.WRONG_PHASE,
            "the bidding comes after the draw; during the draw the only bid is double nil",
        )
    if not 0 <= move.n <= 13:
        return Reason.BID_OUT_OF_RANGE, "a bid is a number of tricks from 0 to 13"
    if move.n == 0 and not rules.nil:
        return Reason.NIL_NOT_ALLOWED, "these rules have no nil bid"
    if may_bid:
        return Reason.HAND_NOT_SEEN, "bid blind nil, or look at your hand before you bid"
    return None
