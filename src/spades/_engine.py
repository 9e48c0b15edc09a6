"""The rules in motion: the state each legal move leads to."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades._cards import DECK
from spades._deal import exchange_draw, shuffled_bits, start_round
from spades._ending import outcome_after
from spades._legal import SHIFT, check_move
from spades._moves import BIDS, BLIND_NIL, Bid, Exchange, Keep, Look, Move, Pass, Play, Reject
from spades._rules import next_seat
from spades._scoring import score_unchecked
from spades._trick import NOT_SPADES, SPADES, playable
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
            order = rules._order  # the ruleset's seating
            nxt = order[mover][1]
            if nxt != leader:  # the trick goes on
                led = trick[0].suit_bits if trick else card.suit_bits
                hand = (packed >> SHIFT[nxt]) & FULL_DECK
                legal = hand & led or hand  # `playable` once a trick is led
                trick += (card,)
                return _NEW(
                    State,
                    (rules, phase, nxt, packed, trick, leader, broken, tricks, legal, game),
                )
            # The last card. Spades hold the highest indices, and within a suit a higher
            # card has a higher index: the winner played the highest card among the suit
            # led and spades.
            first = trick[0]
            if len(trick) == 3:
                _, second, third = trick
                counts = (first.bit | second.bit | third.bit | bit) & (first.suit_bits | SPADES)
                top = DECK[counts.bit_length() - 1]
                best = 0 if top is first else 1 if top is second else 2 if top is third else 3
            else:  # two players
                counts = (first.bit | bit) & (first.suit_bits | SPADES)
                best = 0 if DECK[counts.bit_length() - 1] is first else 1
            winner = order[leader][best]
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
    if isinstance(move, (Keep, Reject)):
        return _draw(state, keep=isinstance(move, Keep))
    if isinstance(move, Exchange):
        return _exchange(state, move)
    assert isinstance(move, Bid), "every legal play takes the fast path above"
    if state[1] is Phase.DRAWING:
        return _with(state, bids=_with_bid(state.bids, state[2], BLIND_NIL))
    return _bid(state, move)


def _end_round(state: State, tricks: tuple[tuple[int, tuple[Card, ...], int], ...]) -> State:
    """Score the round; then deal the next one, or end the game."""
    rules = state[0]
    game = state[9]
    bids, dealer, number, scores, bags, rounds = game[:6]
    seed = game[7]
    score = score_unchecked(rules, bids, trick_counts(tricks, rules.players), bags)
    points = score.points
    scores = (scores[0] + points[0], scores[1] + points[1])
    rounds = (*rounds, score)
    outcome = outcome_after(rules, scores, len(rounds))
    if outcome is None:
        dealer = rules._order[dealer][1]
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
    changed = list(game[0])
    changed[seat] = BLIND_NIL if bid.blind else BIDS[bid.n]
    bids = tuple(changed)
    following = rules._order[seat][1]
    game = (bids,) + game[1:]  # noqa: RUF005  (concatenation is faster)
    if bids[following] is None:
        return _NEW(
            State, (rules, phase, following, packed, trick, leader, broken, tricks, 0, game)
        )
    if rules.blind_nil_pass:
        passers = _pass_order(bids, following, rules.direction.step)
        if passers:
            return _with(state, bids=bids, phase=Phase.PASSING, to_move=passers[0])
    first = rules._order[game[1]][1]  # the dealer's next leads
    allowed = playable((packed >> SHIFT[first]) & FULL_DECK, (), False)
    return _NEW(State, (rules, _PLAYING, first, packed, (), first, False, (), allowed, game))


def _with_bid(bids: tuple[Bid | None, ...], seat: int, bid: Bid) -> tuple[Bid | None, ...]:
    """``bids`` with ``seat``'s bid made."""
    changed = list(bids)
    changed[seat] = bid
    return tuple(changed)


def _first_lead(state: State, **changes: object) -> State:
    """The state once every bid is in (and every card passed): the first bidder leads."""
    rules = state[0]
    first = rules._order[state.dealer][1]
    return _with(
        state, **changes, phase=_PLAYING, to_move=first, trick_leader=first, spades_broken=False
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
    first = next_seat(rules, state.dealer)
    order = _pass_order(state.bids, first, rules.direction.step)
    if len(passes) < len(order):
        return _with(state, packed_hands=packed, passes=passes, to_move=order[len(passes)])
    return _first_lead(state, packed_hands=packed, passes=passes)


def _bidding_order(state: State) -> tuple[int, ...]:
    """The seats in the order they bid this round: the first is the dealer's next."""
    order = state.rules._order
    return order[order[state.dealer][1]]


def _draw(state: State, *, keep: bool) -> State:
    """Two players: keep the top card of the stock or reject it; the other is discarded."""
    seat = state[2]
    top, below, *rest = state.stock
    kept, discarded = (top, below) if keep else (below, top)
    changes: dict[str, object] = {
        "packed_hands": state[3] | kept.bit << SHIFT[seat],
        "stock": tuple(rest),
        "discards": (*state.discards, discarded),
        "draws": (*state.draws, (seat, kept, discarded)),
    }
    if rest:
        return _with(state, **changes, to_move=1 - seat)
    return _after_draw(_with(state, **changes))


def _after_draw(state: State) -> State:
    """Two players, after the draw or an exchange: who exchanges, bids or leads next.

    The next double nil bidder exchanges; else the next player without a bid bids; else
    the first bidder leads.
    """
    exchanged = {seat for seat, _, _ in state.exchanges}
    order = _bidding_order(state)
    if state.rules.blind_nil_exchange:
        for seat in order:
            bid = state.bids[seat]
            if bid is not None and bid.blind and seat not in exchanged:
                return _with(state, phase=Phase.EXCHANGING, to_move=seat)
    for seat in order:
        if state.bids[seat] is None:
            return _with(state, phase=_BIDDING, to_move=seat)
    return _first_lead(state)


def _exchange(state: State, move: Exchange) -> State:
    """Two players: a double nil bidder gives cards and draws as many from the discards."""
    seat = state[2]
    drawn = exchange_draw(state.seed, state.round_number, seat, state.discards, len(move.cards))
    packed = state[3]
    for given, taken in zip(move.cards, drawn, strict=True):
        packed ^= (given.bit | taken.bit) << SHIFT[seat]
    discards = (*(card for card in state.discards if card not in drawn), *move.cards)
    return _after_draw(
        _with(
            state,
            packed_hands=packed,
            discards=discards,
            exchanges=(*state.exchanges, (seat, move.cards, drawn)),
        )
    )
