"""The rules in motion: the state each legal move leads to."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades._cards import DECK
from spades._deal import shuffled_bits, start_round
from spades._ending import outcome_after
from spades._legal import NOT_SPADES, SHIFT, SPADES, check_move, playable
from spades._moves import BIDS, BLIND_NIL, Bid, Look, Move, Pass, Play
from spades._scoring import score_unchecked
from spades._state import (
    FULL_DECK,
    PLAY_FIELDS,
    ROUND_FIELDS,
    Phase,
    State,
    trick_counts,
)

if TYPE_CHECKING:
    from spades._cards import Card

__all__ = ["apply"]

_NEW = tuple.__new__
_PLAYING = Phase.PLAYING
_BIDDING = Phase.BIDDING


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after ``move`` by the seat to move; ``state`` itself is unchanged.

    Every move is checked: an illegal one raises `IllegalMoveError` with the reason, and a
    value that is not a move raises `TypeError`. With ``seat``, a move by any other seat
    than the one to move is illegal (`Reason.NOT_YOUR_TURN`).
    """
    # Plays and plain bids, the moves of every round, take a fast path when they are
    # legal; every other move, and every illegal one, goes through `check_move`.
    kind = type(move)
    if kind is Play:
        rules, phase, mover, packed, trick, leader, broken, tricks, legal, game = state
        card = move.card  # type: ignore[union-attr]
        bit = card.bit
        if bit & legal and (seat is None or (seat == mover and type(seat) is int)):
            packed ^= bit << SHIFT[mover]
            broken = broken or bit > NOT_SPADES  # spades hold the highest bits
            if len(trick) < 3:
                nxt = rules.direction.following[mover]
                led = trick[0].suit_bits if trick else card.suit_bits
                hand = (packed >> SHIFT[nxt]) & FULL_DECK
                legal = hand & led or hand  # `playable` once a trick is led
                trick += (card,)
                return _NEW(
                    State,
                    (rules, phase, nxt, packed, trick, leader, broken, tricks, legal, game),
                )
            # The fourth card. Spades hold the highest indices, and within a suit a higher
            # card has a higher index: the winner is the highest card among the suit led
            # and spades.
            first, second, third = trick
            counts = (first.bit | second.bit | third.bit | bit) & (first.suit_bits | SPADES)
            top = DECK[counts.bit_length() - 1]
            best = 0 if top is first else 1 if top is second else 2 if top is third else 3
            winner = (leader + best * rules.direction.step) % 4
            trick += (card,)
            tricks += ((leader, trick, winner),)
            if len(tricks) == 13:
                return _end_round(state, tricks)
            hand = (packed >> SHIFT[winner]) & FULL_DECK
            legal = hand if broken else hand & NOT_SPADES or hand  # `playable` for a lead
            return _NEW(
                State, (rules, phase, winner, packed, (), winner, broken, tricks, legal, game)
            )
    elif (
        kind is Bid
        and state[1] is _BIDDING
        and (seat is None or (seat == state[2] and type(seat) is int))
    ):
        rules = state[0]
        number = move.n  # type: ignore[union-attr]
        plain = not rules.blind_nil and not move.blind  # type: ignore[union-attr]
        if plain and (0 < number <= 13 or (number == 0 and rules.nil)):
            return _bid(state, BIDS[number])
    check_move(state, move, seat=seat)
    if isinstance(move, Pass):
        return _pass(state, move)
    if isinstance(move, Look):
        return _look(state)
    assert isinstance(move, Bid), "every legal play takes the fast path above"
    return _bid(state, move)


def _end_round(state: State, tricks: tuple[tuple[int, tuple[Card, ...], int], ...]) -> State:
    """Score the round; then deal the next one, or end the game."""
    rules = state[0]
    bids, dealer, number, scores, bags, rounds, _, seed, _, _ = state[9]
    score = score_unchecked(rules, bids, trick_counts(tricks), bags)
    points = score.points
    scores = (scores[0] + points[0], scores[1] + points[1])
    rounds = (*rounds, score)
    outcome = outcome_after(rules, scores, len(rounds))
    if outcome is None:
        dealer = (dealer + rules.direction.step) % 4
        number += 1
        bits = shuffled_bits(seed, number)
        return start_round(
            rules, dealer, number, bits, seed=seed, scores=scores, bags=score.bags, rounds=rounds
        )
    return _with(
        state,
        phase=Phase.GAME_OVER,
        to_move=None,
        packed_hands=0,
        trick=(),
        trick_leader=None,
        tricks=tricks,
        scores=scores,
        bags=score.bags,
        rounds=rounds,
        outcome=outcome,
    )


def _with(state: State, **changes: object) -> State:
    """A copy of ``state`` with some fields changed by name, and its playable cards anew."""
    *fields, game = state
    game = list(game)
    for name, value in changes.items():
        if name in _GAME_INDEX:
            game[_GAME_INDEX[name]] = value
        else:
            fields[_PLAY_INDEX[name]] = value
    _, phase, mover, packed, trick, _, broken, _, _ = fields
    if phase is _PLAYING:
        fields[8] = playable((packed >> SHIFT[mover]) & FULL_DECK, trick, broken)
    else:
        fields[8] = 0
    return _NEW(State, (*fields, tuple(game)))


_PLAY_INDEX: Final = {name.lstrip("_"): index for index, name in enumerate(PLAY_FIELDS)}
_GAME_INDEX: Final = {name: index for index, name in enumerate(ROUND_FIELDS)}


def _look(state: State) -> State:
    looked = list(state.looked)
    looked[state[2]] = True
    return _with(state, looked=tuple(looked))


def _bid(state: State, bid: Bid) -> State:
    rules, phase, seat, packed, trick, leader, broken, tricks, _, game = state
    bids = list(game[0])
    bids[seat] = BLIND_NIL if bid.blind else BIDS[bid.n]
    following = rules.direction.following[seat]
    game = (tuple(bids),) + game[1:]  # noqa: RUF005  (concatenation is faster)
    if bids[following] is None:
        return _NEW(
            State, (rules, phase, following, packed, trick, leader, broken, tricks, 0, game)
        )
    if rules.blind_nil_pass:
        passers = _pass_order(game[0], following, rules.direction.step)
        if passers:
            return _with(state, bids=game[0], phase=Phase.PASSING, to_move=passers[0])
    allowed = playable((packed >> SHIFT[following]) & FULL_DECK, (), False)
    return _NEW(
        State, (rules, _PLAYING, following, packed, (), following, False, (), allowed, game)
    )


def _pass_order(bids: tuple[Bid | None, ...], first: int, step: int) -> tuple[int, ...]:
    """Who passes, in order: per side with a blind nil, its first blind bidder, then partner.

    Only for rules that pass cards (``blind_nil_pass`` above zero).
    """
    order: list[int] = []
    for offset in range(4):
        seat = (first + offset * step) % 4
        bid = bids[seat]
        if bid is not None and bid.blind and seat not in order:
            order += [seat, (seat + 2) % 4]
    return tuple(order)


def _pass(state: State, move: Pass) -> State:
    seat = state[2]
    rules = state.rules
    partner = (seat + 2) % 4
    packed = state[3]
    for card in move.cards:
        packed ^= (card.bit << SHIFT[seat]) | (card.bit << SHIFT[partner])
    passes = (*state.passes, (seat, move))
    first = rules.direction.following[state.dealer]
    order = _pass_order(state.bids, first, rules.direction.step)
    if len(passes) < len(order):
        return _with(state, packed_hands=packed, passes=passes, to_move=order[len(passes)])
    return _with(
        state, packed_hands=packed, passes=passes, phase=_PLAYING, to_move=first, trick_leader=first
    )
