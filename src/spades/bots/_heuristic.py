"""A heuristic player that decides from its view alone: card sense, no search.

Bidding: it always looks at its hand (it never bids blind, nil or a number, nor declares
double nil).
A nil hand bids nil: low spades, no ace, each high card guarded by low ones of its suit;
beside a partner who can cover (four players), or holding the lowest unseen card of each
suit (two players). Else it counts likely tricks card by card, by how many unseen cards
of its suit outrank each card (aces, guarded kings, ...), with long spades and short
suits to ruff (the tables `FOUR` and `TWO`, fitted to its own games); it bids that less
a margin, plus its share of what its side took beyond its bids earlier in the game.

Two players: in the draw it keeps the top card when it is worth more, as a chance of a
trick, than an unknown card (after double nil: when it is worth less); the double nil
exchange gives up its strongest cards. Four players, the card pass after a nil or a blind
nil (as many cards as the side's pass): a nil bidder passes her strongest cards, a partner
who bid no nil passes back her weakest.

Playing: the first of these aims that applies.

1. its own nil stands: never win a trick (the highest card that still loses);
2. its partner's nil stands: win the tricks she would otherwise take;
3. an opponent's nil stands: play low and under her, so that she has to win one;
4. its side still needs tricks (or can still set the other side): win them cheaply;
5. otherwise: duck, to keep bags away (again the highest card that still loses).

A card "holds" when no later rival is likely to beat it: each unseen card is with a later
player in proportion to the cards she holds, and a player known to lack the suit led can
only trump. Everything is deterministic: ties go to the library's card order.

Suits and ranks are the ruleset's deck's (rule-decks): with jokers, they are its highest
spades, and under Joker-Joker-Deuce-Deuce so are the 2♦ and the 2♠, counted as sure tricks,
kept, and never led or thrown as low cards (`spades.bots._hand.Sense`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades._errors import SpadesError
from spades._moves import Play
from spades._state import Phase
from spades.bots._bidding import bid, draw, exchange, pass_cards
from spades.bots._play import check_view
from spades.bots._playing import Table, play

if TYPE_CHECKING:
    from spades._moves import Move
    from spades._view import View
    from spades.bots._play import Policy

__all__ = ["heuristic_policy"]


def heuristic_policy() -> Policy:
    """A plain but sound player: it bids by counting tricks and plays by card sense.

    It decides from the `View` alone, deterministically, and only ever makes one of the
    view's legal moves. Four players: it always looks at its hand (it never bids blind,
    nil or a number); two players: it never declares double nil, and keeps high cards and spades in
    the draw. Raises `SpadesError` when its seat is not to move, `TypeError` for anything
    but a `View`.

    >>> from spades import CLASSIC, new_game, observe
    >>> from spades.bots import heuristic_policy
    >>> choose = heuristic_policy()
    >>> str(choose(observe(new_game(CLASSIC, seed=1), 1)))
    'bid 2'
    """
    return _decide


def _decide(view: View) -> Move:
    """The move for the seat to move: one helper per phase."""
    legal = check_view(view).legal_moves()
    if not legal:
        raise SpadesError(f"seat {view.seat} is not to move: there is nothing to decide")
    phase = view.phase
    if phase is Phase.BIDDING:
        return bid(view)
    if phase is Phase.DRAWING:
        return draw(view)
    if phase is Phase.EXCHANGING:
        return exchange(view)
    if phase is Phase.PASSING:
        return pass_cards(view)
    return Play(play(Table(view), [move.card for move in legal if isinstance(move, Play)]))
