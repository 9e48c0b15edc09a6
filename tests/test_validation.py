"""Bad input at the public boundary: the documented exception, a readable message, no crash."""

from __future__ import annotations

from typing import Any

import pytest

from spades import (
    CLASSIC,
    Bid,
    Card,
    NotationError,
    Phase,
    SpadesError,
    State,
    apply,
    is_legal,
    legal_moves,
    new_game,
    parse_move,
    score_round,
)

THREES = [Bid(3)] * 4
TRICKS = [4, 3, 3, 3]


def test_messages_quote_long_input_shortened() -> None:
    with pytest.raises(NotationError) as info:
        Card.parse("x" * 500)
    assert "..." in str(info.value)
    assert len(str(info.value)) < 120
    with pytest.raises(NotationError, match=r"^'bid 9+'\.\.\. is not a move"):
        parse_move("bid " + "9" * 5000)


@pytest.mark.parametrize("n", [1000, -1000, 10**5000], ids=["1000", "-1000", "10**5000"])
def test_a_bid_far_out_of_range_cannot_be_made(n: int) -> None:
    with pytest.raises(SpadesError, match="far out of range"):
        Bid(n)


@pytest.mark.parametrize("n", [14, 999, -1, -999])
def test_a_bid_out_of_range_can_be_made_and_is_then_illegal(n: int) -> None:
    assert Bid(n).n == n


def test_score_round_takes_a_ruleset() -> None:
    with pytest.raises(TypeError, match="score_round takes a Ruleset"):
        score_round(None, THREES, TRICKS)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("bids", "tricks", "bags"),
    [
        ([None, Bid(3), Bid(3), Bid(3)], TRICKS, (0, 0)),
        (THREES, [3.5, 3.5, 3, 3], (0, 0)),
        (THREES, [True, 4, 4, 4], (0, 0)),
        (THREES, TRICKS, (0.0, 0)),
        ("3333", TRICKS, (0, 0)),
        (THREES, TRICKS, 0),
    ],
)
def test_score_round_rejects_wrong_types(bids: Any, tricks: Any, bags: Any) -> None:
    with pytest.raises(TypeError, match="must be a tuple or list of"):
        score_round(CLASSIC, bids, tricks, bags)


@pytest.mark.parametrize(
    ("bids", "tricks", "bags", "message"),
    [
        (THREES[:3], TRICKS, (0, 0), "4 bids"),
        (THREES, [*TRICKS, 0], (0, 0), "4 bids"),
        (THREES, TRICKS, (0,), "2 bag counters by side"),
        ([Bid(14), Bid(3), Bid(3), Bid(3)], TRICKS, (0, 0), "from 0 to 13"),
        ([Bid(-1), Bid(3), Bid(3), Bid(3)], TRICKS, (0, 0), "from 0 to 13"),
        (THREES, [4, 3, 3, 4], (0, 0), "add up to 13"),
        (THREES, [14, -1, 0, 0], (0, 0), "add up to 13"),
        (THREES, TRICKS, (-1, 0), "never negative"),
    ],
)
def test_score_round_rejects_impossible_rounds(
    bids: list[Bid], tricks: list[int], bags: tuple[int, ...], message: str
) -> None:
    with pytest.raises(SpadesError, match=message):
        score_round(CLASSIC, bids, tricks, bags)


@pytest.mark.parametrize("seat", [4, -1, 100])
def test_a_hand_belongs_to_a_seat_from_0_to_3(seat: int) -> None:
    with pytest.raises(SpadesError, match="a seat is a number from 0 to 3"):
        new_game(CLASSIC, seed=1).hand(seat)


@pytest.mark.parametrize("seat", [True, 1.0, "1", None])
def test_a_seat_is_a_whole_number(seat: object) -> None:
    with pytest.raises(TypeError, match="a seat is a number from 0 to 3"):
        new_game(CLASSIC, seed=1).hand(seat)  # type: ignore[arg-type]


def test_states_have_no_public_constructor() -> None:
    with pytest.raises(TypeError, match="new_game"):
        State([1, 2])
    with pytest.raises(TypeError, match="new_game"):
        State()


@pytest.mark.parametrize("seat", [True, 1.0, "1"])
def test_apply_takes_the_seat_as_a_whole_number(seat: object) -> None:
    state = new_game(CLASSIC, seed=1)
    assert state.to_move == 1
    with pytest.raises(TypeError, match="a seat is a number from 0 to 3"):
        apply(state, Bid(3), seat=seat)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a seat is a number from 0 to 3"):
        is_legal(state, Bid(3), seat=seat)  # type: ignore[arg-type]
    while state.phase is not Phase.PLAYING:
        state = apply(state, Bid(3))
    with pytest.raises(TypeError, match="a seat is a number from 0 to 3"):
        apply(state, legal_moves(state)[0], seat=seat)  # type: ignore[arg-type]
