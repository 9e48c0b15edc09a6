"""The rules in motion: which moves are legal, and the state each one leads to."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Final

from spades._cards import Card, Suit, cards_in
from spades._deal import round_deck, start_round
from spades._errors import IllegalMoveError, Reason
from spades._moves import BIDS, BLIND_NIL, LOOK, PLAYS, Bid, Look, Move, Pass, Play
from spades._scoring import score_round
from spades._state import (
    FULL_DECK,
    PLAY_FIELDS,
    ROUND_FIELDS,
    Outcome,
    Phase,
    State,
    Termination,
    Trick,
)

if TYPE_CHECKING:
    from spades._rules import Ruleset

__all__ = ["apply", "check_move", "is_legal", "legal_moves"]

_NEW = tuple.__new__
_PLAYING = Phase.PLAYING
_SPADES: Final = Suit.SPADES.mask
_NOT_SPADES: Final = FULL_DECK ^ _SPADES
_SUITS: Final = tuple(suit.mask for suit in Suit)
_MOVE_TYPES: Final = (Bid, Look, Play, Pass)
_KINDS_BY_PHASE: Final = {
    Phase.BIDDING: (Bid, Look),
    Phase.PASSING: (Pass,),
    Phase.PLAYING: (Play,),
}
_SHIFT: Final = (0, 52, 104, 156)
"""Where each seat's 52 bits start in the packed hands."""


def _plays_by_suit() -> dict[int, tuple[Play, ...]]:
    """The `Play` moves for every set of cards within one suit, keyed by its mask."""
    table: dict[int, tuple[Play, ...]] = {0: ()}
    for suit_mask in _SUITS:
        for mask in range(1, 1 << 13):
            cards = mask << (suit_mask.bit_length() - 13)
            lowest = cards & -cards
            table[cards] = (PLAYS[lowest.bit_length() - 1], *table[cards ^ lowest])
    return table


_PLAYS_OF: Final = _plays_by_suit()


def playable(hand: int, trick: tuple[Card, ...], broken: bool) -> int:
    """The cards of ``hand`` that may be played to ``trick``: the follow and lead rules.

    Follow the suit led when you can; otherwise play anything. Lead anything but a spade
    until spades are broken, unless you hold only spades.
    """
    if trick:
        return hand & trick[0].suit_bits or hand
    if broken:
        return hand
    return hand & _NOT_SPADES or hand


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the seat to move, in the library's fixed order.

    Bids come from nil up to 13 (blind nil, then `Look`, before a player who may bid it has
    looked); plays and passes in the library's card order, clubs to spades, two to ace.
    A finished game has none.

    >>> from spades import CLASSIC, new_game
    >>> [str(move) for move in legal_moves(new_game(CLASSIC, seed=1))][:3]
    ['bid nil', 'bid 1', 'bid 2']
    """
    phase = state[1]
    if phase is _PLAYING:
        seat = state[2]
        hand = (state[3] >> _SHIFT[seat]) & FULL_DECK
        trick = state[4]
        if trick:
            follow = hand & trick[0].suit_bits
            if follow:
                return _PLAYS_OF[follow]
        mask = playable(hand, trick, state[7])
        return (
            _PLAYS_OF[mask & _SUITS[0]]
            + _PLAYS_OF[mask & _SUITS[1]]
            + _PLAYS_OF[mask & _SUITS[2]]
            + _PLAYS_OF[mask & _SPADES]
        )
    if phase is Phase.BIDDING:
        return _bid_options(state, state[2])
    if phase is Phase.PASSING:
        hand = cards_in((state[3] >> _SHIFT[state[2]]) & FULL_DECK)
        return tuple(Pass(cards) for cards in combinations(hand, state.rules.blind_nil_pass))
    return ()


def _may_bid_blind(state: State, seat: int) -> bool:
    rules = state.rules
    if not rules.blind_nil or state.looked[seat]:
        return False
    deficit = rules.blind_nil_deficit
    own = state.scores[seat % 2]
    other = state.scores[1 - seat % 2]
    return deficit is None or other - own >= deficit


def _bid_options(state: State, seat: int) -> tuple[Move, ...]:
    if _may_bid_blind(state, seat):
        return (BLIND_NIL, LOOK)
    return BIDS if state.rules.nil else BIDS[1:]


def is_legal(state: State, move: Move, *, seat: int | None = None) -> bool:
    """Whether `apply` would accept ``move`` (made by ``seat``, when given)."""
    return _problem(state, move, seat) is None


def check_move(state: State, move: Move, *, seat: int | None = None) -> None:
    """Raise `IllegalMoveError` if ``move`` (by ``seat``, when given) is illegal."""
    error = _rejection(state, move, seat)
    if error is not None:
        raise error


def _rejection(state: State, move: Move, seat: int | None) -> IllegalMoveError | None:
    problem = _problem(state, move, seat)
    if problem is None:
        return None
    reason, why = problem
    mover = state.to_move if seat is None else seat
    who = "" if mover is None else f" by seat {mover}"
    return IllegalMoveError(reason, mover, move, f"'{move}'{who} is illegal: {why}")


def _problem(state: State, move: Move, seat: int | None) -> tuple[Reason, str] | None:
    """The reason and an explanation for the player, or None when the move is legal."""
    if not isinstance(move, _MOVE_TYPES):
        raise TypeError(f"{move!r} is not a move; moves are Bid, Look, Play and Pass")
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return Reason.GAME_OVER, "the game is over"
    mover = state[2]
    if seat is not None and seat != mover:
        return Reason.NOT_YOUR_TURN, f"it is seat {mover}'s turn"
    if not isinstance(move, _KINDS_BY_PHASE[phase]):
        return Reason.WRONG_PHASE, f"the game is in the {phase.value} phase"
    hand = (state[3] >> _SHIFT[mover]) & FULL_DECK
    if isinstance(move, Play):
        return _play_problem(move.card, hand, state[4], state[7])
    if isinstance(move, Pass):
        return _pass_problem(state.rules, move, hand)
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


def _bid_problem(state: State, move: Bid | Look, seat: int) -> tuple[Reason, str] | None:
    rules = state.rules
    may_bid_blind = _may_bid_blind(state, seat)
    if isinstance(move, Look) or move.blind:
        if may_bid_blind:
            return None
        if not rules.blind_nil:
            return Reason.BLIND_NIL_NOT_ALLOWED, "these rules have no blind nil"
        if state.looked[seat]:
            return Reason.HAND_ALREADY_SEEN, "you have already looked at your hand"
        return (
            Reason.BLIND_NIL_NOT_ELIGIBLE,
            f"blind nil needs your side to trail by {rules.blind_nil_deficit} points or more",
        )
    if not 0 <= move.n <= 13:
        return Reason.BID_OUT_OF_RANGE, "a bid is a number of tricks from 0 to 13"
    if move.n == 0 and not rules.nil:
        return Reason.NIL_NOT_ALLOWED, "these rules have no nil bid"
    if may_bid_blind:
        return Reason.HAND_NOT_SEEN, "bid blind nil, or look at your hand before you bid"
    return None


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after ``move`` by the seat to move; ``state`` itself is unchanged.

    Every move is checked: an illegal one raises `IllegalMoveError` with the reason, and a
    value that is not a move raises `TypeError`. With ``seat``, a move by any other seat
    than the one to move is illegal (`Reason.NOT_YOUR_TURN`).
    """
    # The two moves of every round, plays and plain bids, take a fast path when legal;
    # everything else, every illegal move included, goes through `check_move`.
    kind = type(move)
    if kind is Play:
        rules, phase, mover, packed, trick, leader, taken, broken, tricks, game = state
        card = move.card  # type: ignore[union-attr]
        if (
            phase is _PLAYING
            and (seat is None or seat == mover)
            and playable((packed >> _SHIFT[mover]) & FULL_DECK, trick, broken) & card.bit
        ):
            packed ^= card.bit << _SHIFT[mover]
            broken = broken or card.bit > _NOT_SPADES  # spades hold the highest bits
            if len(trick) < 3:
                following = (mover + rules._step) % 4
                trick = (*trick, card)
                return _NEW(
                    State,
                    (rules, phase, following, packed, trick, leader, taken, broken, tricks, game),
                )
            return _close_trick(state, packed, (*trick, card), broken)
    elif kind is Bid and state[1] is Phase.BIDDING and (seat is None or seat == state[2]):
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


def _close_trick(state: State, packed: int, cards: tuple[Card, ...], broken: bool) -> State:
    """The state after the fourth card of a trick: its winner leads, or the round ends."""
    rules, phase, _, _, _, leader, taken, _, tricks, game = state
    winner = (leader + _winning_index(cards) * rules._step) % 4
    won = list(taken)
    won[winner] += 1
    tricks = (*tricks, _NEW(Trick, (leader, cards, winner)))
    if len(tricks) < 13:
        return _NEW(
            State, (rules, phase, winner, packed, (), winner, tuple(won), broken, tricks, game)
        )
    return _end_round(state, tuple(won), tricks)


def _winning_index(cards: tuple[Card, ...]) -> int:
    """Which of a trick's cards wins: the highest spade, else the highest of the suit led."""
    best = 0
    top = cards[0]
    for index in (1, 2, 3):
        card = cards[index]
        if card.suit_bits == top.suit_bits:
            if card.index > top.index:
                best, top = index, card
        elif card.suit_bits == _SPADES:
            best, top = index, card
    return best


def _end_round(state: State, taken: tuple[int, ...], tricks: tuple[Trick, ...]) -> State:
    rules = state.rules
    score = score_round(rules, state.bids, taken, state.bags)  # type: ignore[arg-type]
    points = score.points
    scores = (state.scores[0] + points[0], state.scores[1] + points[1])
    rounds = (*state.rounds, score)
    outcome = _outcome(rules, scores, len(rounds))
    if outcome is None:
        dealer = (state.dealer + rules._step) % 4
        number = state.round_number + 1
        deck = round_deck(state.seed, number)
        return start_round(
            rules,
            dealer,
            number,
            deck,
            seed=state.seed,
            scores=scores,
            bags=score.bags,
            rounds=rounds,
        )
    return _with(
        state,
        phase=Phase.GAME_OVER,
        to_move=None,
        packed_hands=0,
        trick=(),
        trick_leader=None,
        tricks_taken=taken,
        tricks=tricks,
        scores=scores,
        bags=score.bags,
        rounds=rounds,
        outcome=outcome,
    )


def _outcome(rules: Ruleset, scores: tuple[int, int], rounds: int) -> Outcome | None:
    """Whether the game ends after a round with these totals, and how."""
    ours, theirs = scores
    leader = 0 if ours > theirs else 1
    if max(scores) >= rules.target:
        if ours != theirs:
            return Outcome(winner=leader, termination=Termination.TARGET)
    elif rules.losing_floor is not None and min(scores) <= rules.losing_floor and ours != theirs:
        return Outcome(winner=leader, termination=Termination.LOSING_FLOOR)
    if rules.round_cap is not None and rounds >= rules.round_cap:
        winner = None if ours == theirs else leader
        return Outcome(winner=winner, termination=Termination.ROUND_CAP)
    return None


def _with(state: State, **changes: object) -> State:
    """A copy of ``state`` with some fields changed, by name."""
    fields = list(state)
    game = list(fields.pop())
    for name, value in changes.items():
        if name in _GAME_INDEX:
            game[_GAME_INDEX[name]] = value
        else:
            fields[_PLAY_INDEX[name]] = value
    return _NEW(State, (*fields, tuple(game)))


_PLAY_INDEX: Final = {name.lstrip("_"): index for index, name in enumerate(PLAY_FIELDS)}
_GAME_INDEX: Final = {name: index for index, name in enumerate(ROUND_FIELDS)}


def _look(state: State) -> State:
    seat = state[2]
    looked = list(state.looked)
    looked[seat] = True
    return _with(state, looked=tuple(looked))


def _bid(state: State, bid: Bid) -> State:
    rules, phase, seat, packed, trick, leader, taken, broken, tricks, game = state
    bids = list(game[0])
    bids[seat] = BLIND_NIL if bid.blind else BIDS[bid.n]
    step = rules._step
    following = (seat + step) % 4
    game = (tuple(bids), *game[1:])
    if bids[following] is None:
        return _NEW(
            State, (rules, phase, following, packed, trick, leader, taken, broken, tricks, game)
        )
    passers = _pass_order(rules, game[0], following, step)
    if passers:
        return _with(state, bids=game[0], phase=Phase.PASSING, to_move=passers[0])
    return _with(state, bids=game[0], phase=_PLAYING, to_move=following, trick_leader=following)


def _pass_order(rules: Ruleset, bids: tuple[Bid, ...], first: int, step: int) -> tuple[int, ...]:
    """Who passes, in order: per side with a blind nil, its first blind bidder, then partner."""
    if not rules.blind_nil_pass:
        return ()
    order: list[int] = []
    for offset in range(4):
        seat = (first + offset * step) % 4
        if bids[seat].blind and seat not in order:
            order += [seat, (seat + 2) % 4]
    return tuple(order)


def _pass(state: State, move: Pass) -> State:
    seat = state[2]
    rules = state.rules
    partner = (seat + 2) % 4
    packed = state[3]
    for card in move.cards:
        packed ^= (card.bit << _SHIFT[seat]) | (card.bit << _SHIFT[partner])
    passes = (*state.passes, (seat, move))
    first = (state.dealer + rules._step) % 4
    order = _pass_order(rules, state.bids, first, rules._step)  # type: ignore[arg-type]
    if len(passes) < len(order):
        return _with(state, packed_hands=packed, passes=passes, to_move=order[len(passes)])
    return _with(
        state, packed_hands=packed, passes=passes, phase=_PLAYING, to_move=first, trick_leader=first
    )
