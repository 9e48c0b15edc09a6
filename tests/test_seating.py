"""Seats, sides and the direction of play: `play_order`, `next_seat`, `partner`, `side_of`
and `seats_of`, and who bids and leads first."""

from __future__ import annotations

import pytest

from spades import (
    CLASSIC,
    MINIOKEY,
    TWO_HANDED,
    Bid,
    Direction,
    Keep,
    Ruleset,
    SpadesError,
    apply,
    check_move,
    is_legal,
    new_game,
    next_seat,
    partner,
    play_order,
    seats_of,
    side_of,
)


def test_play_order_runs_in_the_direction_of_play() -> None:
    """Rules: rule-seats, rule-direction, rule-two-seats."""
    assert [play_order(CLASSIC, seat) for seat in range(4)] == [
        (0, 1, 2, 3),
        (1, 2, 3, 0),
        (2, 3, 0, 1),
        (3, 0, 1, 2),
    ]
    assert [play_order(MINIOKEY, seat) for seat in range(4)] == [
        (0, 3, 2, 1),
        (1, 0, 3, 2),
        (2, 1, 0, 3),
        (3, 2, 1, 0),
    ]
    assert play_order(TWO_HANDED, 0) == (0, 1)
    assert play_order(TWO_HANDED, 1) == (1, 0)
    assert [next_seat(CLASSIC, seat) for seat in range(4)] == [1, 2, 3, 0]
    assert [next_seat(MINIOKEY, seat) for seat in range(4)] == [3, 0, 1, 2]
    assert [next_seat(TWO_HANDED, seat) for seat in range(2)] == [1, 0]


@pytest.mark.parametrize("direction", list(Direction))
def test_the_dealers_next_seat_bids_and_leads_first(direction: Direction) -> None:
    """Rules: rule-direction, rule-bidding."""
    rules = Ruleset(direction=direction)
    for dealer in range(4):
        state = new_game(rules, seed=3, dealer=dealer)
        assert state.to_move == next_seat(rules, dealer)
        for _ in range(4):
            state = apply(state, Bid(3))
        assert state.trick_leader == next_seat(rules, dealer)


def test_partners_sit_opposite_and_sides_alternate() -> None:
    """Rules: rule-seats, rule-two-seats."""
    assert [partner(CLASSIC, seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [partner(MINIOKEY, seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [partner(TWO_HANDED, seat) for seat in range(2)] == [None, None]
    assert [side_of(CLASSIC, seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [side_of(TWO_HANDED, seat) for seat in range(2)] == [0, 1]
    assert [seats_of(CLASSIC, side) for side in (0, 1)] == [(0, 2), (1, 3)]
    assert [seats_of(TWO_HANDED, side) for side in (0, 1)] == [(0,), (1,)]


@pytest.mark.parametrize(
    "call",
    [
        lambda: play_order(CLASSIC, 4),
        lambda: next_seat(TWO_HANDED, 2),
        lambda: partner(TWO_HANDED, 3),
        lambda: side_of(CLASSIC, -1),
        lambda: seats_of(CLASSIC, 2),
    ],
)
def test_seating_refuses_a_seat_or_side_out_of_range(call: object) -> None:
    with pytest.raises(SpadesError, match=r"is a number from 0 to [13], not"):
        call()  # type: ignore[operator]


def test_seating_refuses_what_is_not_a_number() -> None:
    with pytest.raises(TypeError, match="a seat is a number from 0 to 3"):
        play_order(CLASSIC, "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a side is a number from 0 to 1"):
        seats_of(CLASSIC, True)


@pytest.mark.parametrize("seat", [2, 3])
def test_two_players_have_only_seats_zero_and_one(seat: int) -> None:
    """Rule: rule-two-seats."""
    state = new_game(TWO_HANDED, seed=1)
    message = "a seat is a number from 0 to 1"
    with pytest.raises(SpadesError, match=message):
        is_legal(state, Keep(), seat=seat)
    with pytest.raises(SpadesError, match=message):
        check_move(state, Keep(), seat=seat)
    with pytest.raises(SpadesError, match=message):
        apply(state, Keep(), seat=seat)
