"""A search bot: perfect-information Monte Carlo over deals sampled from its view.

For each decision it deals the cards it cannot see again (`spades.sample_state`; with two
players `sample_state_keeping`, her draw read by the heuristic's keep rule), a number of
times; for each candidate move and each deal it plays the round out with
`play_out` (every hand in view, cheap card sense) and judges the state the round ends in
by its side's chance of winning the game (`win_chance`), plus a trace of the round's
points to break ties. The same deals serve every candidate, so their luck cancels. It
plays the move of the best mean. Play-outs of bids reach the play through the heuristic
bot's bids for the other seats.

Three players (rule-three-players) are searched as four are: every card is dealt, the
deals sampled over the two other hands, the round played out over its 17 or 18 tricks,
and the points' trace is her gain less the mean of the other two's.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from spades._cards import ALL_CARDS
from spades._decks import Deck, Pack
from spades._engine import apply
from spades._errors import SpadesError, shown
from spades._moves import Bid, Play
from spades._rules import MAX_NUMBER, DoubleNilTiming, side_of, whole_number
from spades._sampling import sample_state, sample_state_keeping
from spades._state import Phase
from spades.bots._bidding import draw_keeps
from spades.bots._equity import win_chance
from spades.bots._heuristic import heuristic_policy
from spades.bots._play import check_view
from spades.bots._rollout import play_out

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spades._moves import Move
    from spades._state import State
    from spades._view import View
    from spades.bots._play import Policy

__all__ = ["search_policy"]

_HEURISTIC: Final = heuristic_policy()
_POINTS_WEIGHT: Final = 1e-6
"""How much a point of the round's difference counts beside the chance of winning.

Under the presets a round moves the score by about a thousand points at most, a
thousandth of a chance here: the points order moves of the same chance (a game won or
lost whatever is played) and outweigh no difference of chance above a thousandth.
"""
_BID_RANGE: Final = 3
"""Numbered bids searched: the heuristic bot's bid and this many either side."""


def search_policy(*, playouts: int = 240, seed: int = 0) -> Policy:
    """A player that searches: play-outs of sampled deals, judged by the chance to win.

    Each decision in the play and the bidding deals what the seat cannot see anew and
    plays the round out, ``playouts`` times in all, shared among the candidate moves (at
    least 8 deals each). It decides from the `View` alone; its chance comes from a
    generator seeded by ``seed`` and the view's position, so the same view gets the same
    move, whatever came before. With two players it deals the other player the hand her
    draw would give if she drew as the heuristic bot does, keeping the top card when it is
    a spade or a queen or higher (low cards from the turn she declared double nil, until
    she exchanges), rather than uniformly: her draw keeps her strong cards. Where double
    nil may be declared it searches that against the heuristic's draw; while its cards
    are face down, each blind bid open (nil and the numbers) against a look. The card
    pass, the rest of the draw and the exchange are the heuristic bot's.

    ``playouts`` is a whole number from 1 to ``10**9`` (else `SpadesError`), ``seed`` any
    whole number (else `TypeError`); both may be numpy's integers, not bools. The policy
    raises `TypeError` for anything but a `View`.

    >>> from spades import CLASSIC, new_game, observe
    >>> from spades.bots import search_policy
    >>> choose = search_policy(playouts=40)
    >>> str(choose(observe(new_game(CLASSIC, seed=1), 1))).startswith("bid ")
    True
    """
    budget = whole_number(playouts)
    if budget is None or not 1 <= budget <= MAX_NUMBER:
        raise SpadesError(f"playouts is a whole number from 1 to 10**9, not {shown(playouts)}")
    seed_text = _seed_text(seed)

    def choose(view: View) -> Move:
        legal = check_view(view).legal_moves()
        if not legal:
            raise SpadesError(f"seat {view.seat} is not to move: there is nothing to decide")
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.PLAYING:
            candidates: Sequence[Move] = _distinct_plays(view, legal)
        elif view.phase is Phase.BIDDING:
            candidates = _bids_to_try(view, legal)
        elif view.phase is Phase.DRAWING and any(_is_blind(move) for move in legal):
            # Double nil or the heuristic's draw: the rest of the draw is the heuristic's.
            candidates = [next(move for move in legal if _is_blind(move)), _HEURISTIC(view)]
        else:
            return _HEURISTIC(view)
        if len(candidates) == 1:
            return candidates[0]
        rng = random.Random(_position_key(seed_text, view))
        sample = _sample_two if view.rules.players == 2 else _sample_dealt
        deals = max(8, budget // len(candidates))
        side = side_of(view.rules, view.seat)
        totals = [0.0] * len(candidates)
        for _ in range(deals):
            sampled = sample(view, rng)
            for index, move in enumerate(candidates):
                totals[index] += _judge(play_out(apply(sampled, move)), side, sampled)
        best = max(range(len(candidates)), key=totals.__getitem__)
        return candidates[best]

    return choose


def _seed_text(seed: object) -> str:
    """A search bot's seed as its decisions' keys name it, or `TypeError` for no number.

    In decimal; in hexadecimal when it is too long for Python to write in decimal.
    """
    number = whole_number(seed)
    if number is None:
        raise TypeError(f"search_policy takes a whole number as its seed, not {shown(seed)}")
    try:
        return str(number)
    except ValueError:  # past Python's limit on the digits of an int written in decimal
        return hex(number)


def _sample_dealt(view: View, rng: random.Random) -> State:
    """A deal of the cards she has not seen, uniformly (three or four players: no draw)."""
    return sample_state(view, rng=rng)


def _sample_two(view: View, rng: random.Random) -> State:
    """A deal in which the other player drew as the heuristic bot draws.

    After her double nil she drew by the double nil's rule; under `AFTER_FIRST_CHOICE`
    she declared at her second turn, so her first turn drew by the ordinary one
    (reading-double-nil-timing).
    """
    bid = view.bids[1 - view.seat]
    nil = bid is not None and bid.blind
    first = None
    if nil and view.rules.double_nil_timing is DoubleNilTiming.AFTER_FIRST_CHOICE:
        first = draw_keeps(False, view.rules.deck)
    keeps = draw_keeps(nil, view.rules.deck)
    return sample_state_keeping(view, rng=rng, keeps=keeps, first_keeps=first)


def _judge(end: State, side: int, start: State) -> float:
    """The chance ``side`` wins from ``end``, plus a trace of the points it gained.

    The points it gained less those of side ``1 - side``; with three players
    (rule-three-players) less the mean of the other two's.
    """
    if end.rules.players == 3:
        gains = [after - before for after, before in zip(end.scores, start.scores, strict=True)]
        gained = gains[side] - (sum(gains) - gains[side]) / 2
    else:
        gained = (end.scores[side] - start.scores[side]) - (
            end.scores[1 - side] - start.scores[1 - side]
        )
    return win_chance(end, side) + _POINTS_WEIGHT * gained


def _position_key(seed: str, view: View) -> str:
    """A text that names the decision: the seed and where in the game the view stands."""
    played = sum(len(trick.cards) for trick in view.tricks) + len(view.trick)
    decided = sum(bid is not None for bid in view.bids) + sum(view.looked)
    return (
        f"{seed}:{view.round_number}:{view.seat}:{view.phase.value}:{played}:{decided}:"
        f"{view.scores}:{view.bags}:{view.hand}"
    )


def _distinct_plays(view: View, legal: Sequence[Move]) -> list[Move]:
    """The legal plays, one of each run of cards that are equal in play.

    Two cards that play as one suit in the hand are equal when every card of the deck
    ranked between them in that suit is in the hand too or played in an earlier trick:
    whichever is played, the trick goes the same way. The deck says the suits and ranks
    (rule-decks): the 2♠ and 2♦ of Joker-Joker-Deuce-Deuce are the spades just under the
    jokers, and the jokers above the ace otherwise.
    """
    # The cards of the trick in progress still count: they decide who wins it.
    known = sum(card.bit for trick in view.tricks for card in trick.cards)
    known |= sum(card.bit for card in view.hand or ())
    plays = [move for move in legal if isinstance(move, Play)]
    playable = sum(move.card.bit for move in plays)
    below = _BELOW[view.rules.pack]
    kept: list[Move] = []
    for move in plays:
        lower = below[move.card.index]  # its suit's cards ranked below it, nearest first
        # the nearest one not played before this trick: in the hand (then it is as good)
        nearest = next((bit for bit in lower if not bit & known & ~playable), 0)
        if not nearest & playable:
            kept.append(move)
    return kept


def _below(deck: Pack) -> tuple[tuple[int, ...], ...]:
    """By card index, the bits of the pack's cards that rank below it, nearest first.

    Of the suit it plays as, ranked as the pack ranks them (rule-decks, rule-three-players).
    """
    ranked = sorted(deck.cards, key=deck.rank_order, reverse=True)
    return tuple(
        tuple(
            other.bit
            for other in ranked
            if deck.suit_bits[other.index] == deck.suit_bits[card.index]
            and deck.rank_order(other) < deck.rank_order(card)
        )
        for card in ALL_CARDS
    )


_BELOW: Final[dict[Pack, tuple[tuple[int, ...], ...]]] = {
    pack: _below(pack) for deck in Deck for pack in (deck, deck.for_players(3))
}


def _is_blind(move: Move) -> bool:
    return isinstance(move, Bid) and move.blind


def _bids_to_try(view: View, legal: Sequence[Move]) -> list[Move]:
    """Face down, every blind bid and the look; else nil and numbers near the heuristic's.

    Face down, the deals give her a hand too: a blind bid is judged on hands she has not
    seen, and the look on each hand with the heuristic bot's bid for it (rule-blind-bids).
    """
    if any(_is_blind(move) for move in legal):
        return list(legal)
    guess = _HEURISTIC(view)
    assert isinstance(guess, Bid)
    return [
        move
        for move in legal
        if isinstance(move, Bid) and (move.n == 0 or abs(move.n - guess.n) <= _BID_RANGE)
    ]
