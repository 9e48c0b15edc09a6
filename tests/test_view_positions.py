"""A view is a position: what a seat may ask of the state, it may ask of its view.

Section ``ref-views`` of the reference page. Pair by pair, over random positions of random
legal games under every preset and random rulesets (the blind nil bidding, the pass, the
exchange and the end of a game drawn on purpose), with random moves of every kind, legal
and illegal, by every seat:

- `check_move` and `is_legal` judge a move on ``observe(state, seat)`` exactly as on
  ``state`` with ``seat=seat``: the same verdict, the same `Reason` (``ref-reasons``), the
  same seat and the same message;
- the derived properties a seat may know (`View.tricks_taken`, `View.is_over`) are the
  state's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import OPEN_BLIND_NIL, OPEN_DOUBLE_NIL, SUICIDE_RULES, mover_view, passing_state
from spades import (
    CLASSIC,
    TWO_HANDED,
    Bid,
    IllegalMoveError,
    Phase,
    Play,
    Reason,
    SpadesError,
    State,
    View,
    apply,
    check_move,
    is_legal,
    legal_moves,
    new_game,
    observe,
)
from spades.strategies import illegal_moves, rulesets, states

if TYPE_CHECKING:
    from spades import Move

ANY_RULES = st.one_of(
    rulesets(presets_only=True),
    rulesets(players=4),
    rulesets(players=2),
    OPEN_BLIND_NIL,
    OPEN_DOUBLE_NIL,
)
POSITIONS = st.one_of(
    states(rules=ANY_RULES, max_moves=200),
    states(rules=OPEN_BLIND_NIL, max_moves=8, phases={Phase.BIDDING}),
    states(rules=rulesets(players=4), max_moves=6, phases={Phase.BIDDING}),
    states(rules=SUICIDE_RULES, max_moves=4, phases={Phase.BIDDING}),
    states(rules=OPEN_BLIND_NIL, max_moves=150, phases={Phase.PASSING}),
    states(rules=OPEN_DOUBLE_NIL, max_moves=200, phases={Phase.EXCHANGING}),
    states(
        rules=ANY_RULES.map(lambda rules: attrs.evolve(rules, round_cap=1)),
        max_moves=120,
        phases={Phase.GAME_OVER},
    ),
)
"""Any position; the face-down bidding, the pass, the exchange and the end drawn on purpose,
and the first round's bidding, where a team minimum, a zero contract or Suicide decides bids."""


def verdict(game: State | View, move: Move, seat: int | None) -> tuple[object, ...] | None:
    """What `check_move` says of ``move``: nothing, or the error's reason, seat and message.

    `is_legal` must say the same.
    """
    if is_legal(game, move, seat=seat):
        check_move(game, move, seat=seat)
        return None
    with pytest.raises(IllegalMoveError) as raised:
        check_move(game, move, seat=seat)
    error = raised.value
    assert error.move == move
    return error.reason, error.seat, str(error)


def any_move(state: State) -> st.SearchStrategy[Move]:
    """A move of any kind, legal or not, for whichever seat."""
    legal = legal_moves(state)
    if not legal:
        return illegal_moves(state)
    return st.sampled_from(legal) | illegal_moves(state)


@given(POSITIONS, st.data())
def test_a_view_judges_every_move_as_its_state_does(state: State, data: st.DataObject) -> None:
    """``check_move(observe(state, seat), move)`` raises or
    accepts exactly as ``check_move(state, move, seat=seat)``: same reason, seat, message.

    Rules: ref-views, ref-reasons.
    """
    seats = range(state.rules.players)
    mover = state.to_move
    seat = data.draw(
        st.sampled_from(seats) if mover is None else st.just(mover) | st.sampled_from(seats)
    )
    view = observe(state, seat)
    for _ in range(3):
        move = data.draw(any_move(state), label="move")
        expected = verdict(state, move, seat)
        assert verdict(view, move, None) == expected
        assert verdict(view, move, seat) == expected


@given(POSITIONS)
def test_a_view_judges_each_legal_move_legal(state: State) -> None:
    """Every legal move of the seat to move is legal in her
    view, and her view lists exactly those.

    Rules: ref-views, ref-move-order.
    """
    if state.to_move is None:
        return
    view = observe(state, state.to_move)
    assert view.legal_moves() == legal_moves(state)
    for move in legal_moves(state)[:20]:
        check_move(view, move)


@given(POSITIONS)
def test_a_view_knows_what_its_state_knows_of_the_tricks_and_the_end(state: State) -> None:
    """Every view's `tricks_taken` and `is_over` are the state's.

    Rule: ref-views.
    """
    for seat in range(state.rules.players):
        view = observe(state, seat)
        assert view.tricks_taken == state.tricks_taken
        assert view.is_over is state.is_over
        assert sum(view.tricks_taken) == len(view.tricks)


def test_a_seat_not_to_move_is_told_whose_turn_it_is() -> None:
    """A view of a seat not to move refuses every move of hers
    with `Reason.NOT_YOUR_TURN`, as the state does for her seat.

    Rules: ref-views, ref-reasons.
    """
    state = new_game(CLASSIC, seed=1)  # seat 1 bids first
    with pytest.raises(
        IllegalMoveError, match=r"^'bid 3' by seat 2 is illegal: it is seat 1's turn$"
    ) as raised:
        check_move(observe(state, 2), Bid(3))
    assert (raised.value.reason, raised.value.seat) == (Reason.NOT_YOUR_TURN, 2)
    assert is_legal(observe(state, 1), Bid(3))


def test_a_finished_game_is_over_for_every_view() -> None:
    """Once the game is over every view says so, and every
    move is `Reason.GAME_OVER` (before whose turn it is).

    Rules: ref-views, ref-reasons.
    """
    state = new_game(attrs.evolve(TWO_HANDED, round_cap=1), seed=3)
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    for seat in range(2):
        view = observe(state, seat)
        assert view.is_over
        with pytest.raises(IllegalMoveError) as raised:
            check_move(view, Play(view.tricks[-1].cards[0]))
        assert (raised.value.reason, raised.value.seat) == (Reason.GAME_OVER, seat)


def test_a_view_judges_its_own_seats_moves_only() -> None:
    """A view knows one hand: asked about another seat's move it refuses
    the question (`SpadesError`), whether or not that seat is to move.

    Rule: ref-views.
    """
    state = passing_state()
    view = mover_view(state)
    for other in range(4):
        if other != view.seat:
            with pytest.raises(
                SpadesError,
                match=f"a view of seat {view.seat} judges that seat's moves only, "
                f"not seat {other}'s",
            ):
                is_legal(view, legal_moves(state)[0], seat=other)
    with pytest.raises(SpadesError, match="a seat is a number from 0 to 3, not 4"):
        check_move(view, legal_moves(state)[0], seat=4)
    check_move(view, legal_moves(state)[0], seat=view.seat)


def test_a_view_of_a_deal_in_progress_has_nobody_to_move() -> None:
    """A view of a deal in progress (the OpenSpiel adapter
    shows one while chance deals) has no seat to move: every move is `NOT_YOUR_TURN`.

    Rules: ref-views, ref-reasons.
    """
    start = observe(new_game(CLASSIC, seed=1), 0)
    dealing = attrs.evolve(start, to_move=None, hand=(), hand_sizes=(0, 0, 0, 0))
    with pytest.raises(IllegalMoveError, match=r"the cards are being dealt$") as raised:
        check_move(dealing, Bid(3))
    assert (raised.value.reason, raised.value.seat) == (Reason.NOT_YOUR_TURN, 0)


def test_a_legality_check_takes_a_state_or_a_view_of_a_game_form() -> None:
    """Anything else is a `TypeError`; a view no game could have the form
    of (a seat to move past the players) a `SpadesError` naming its field.

    Rule: ref-reasons.
    """
    state = new_game(CLASSIC, seed=1)
    for value in (None, (1, 2), "state"):
        with pytest.raises(TypeError, match="a legality check takes a State or a View, not"):
            is_legal(value, Bid(3))  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a legality check takes a State or a View, not"):
            check_move(value, Bid(3), seat=1)  # type: ignore[arg-type]
    broken = attrs.evolve(observe(state, 1), to_move=7)
    with pytest.raises(
        SpadesError, match=r"a legality check: no game gives this view: view\.to_move"
    ):
        check_move(broken, Bid(3))
    with pytest.raises(TypeError, match="is not a move"):
        is_legal(observe(state, 1), "bid 3")  # type: ignore[arg-type]


SHOWS_HIDDEN_CARDS = {"hands", "hand_masks", "hand"}
"""The state's derived facts that a view must not have: every seat's cards. (A view's own
``hand`` is a field: only her cards.)"""


def test_a_view_has_every_derived_fact_of_its_state_that_hides_nothing() -> None:
    """Each property or method a `State` adds to its fields is on `View`
    with the same value, unless it shows cards the seat may not see; a new one on the
    state must be decided here.

    Rule: ref-views.
    """
    derived = {
        name
        for name in vars(State)
        if not name.startswith("_") and name not in State.fields and name != "fields"
    }
    assert derived >= SHOWS_HIDDEN_CARDS
    shared = derived - SHOWS_HIDDEN_CARDS
    assert shared == {"tricks", "tricks_taken", "is_over"}
    state = new_game(CLASSIC, seed=1)
    for _ in range(4):
        state = apply(state, Bid(3))
    for _ in range(9):
        state = apply(state, legal_moves(state)[0])
    for seat in range(4):
        view = observe(state, seat)
        for name in shared:
            assert getattr(view, name) == getattr(state, name), name
    assert observe(state, 0).tricks_taken == (0, 1, 0, 1)
