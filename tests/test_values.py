"""Values declared once: each value's fields in one table, in order, each with its docs;
tuple-backed values built by name, compared by type, and pickled as values."""

from __future__ import annotations

import pickle

import pytest

from spades import (
    TWO_HANDED,
    Card,
    CardExchange,
    CardPass,
    DrawTurn,
    Keep,
    RoundScore,
    SideScore,
    State,
    Trick,
    apply,
    new_game,
    observe,
)

C = Card.parse


def test_fields_are_declared_once_in_order_with_their_docs() -> None:
    assert State.fields[:3] == ("rules", "phase", "to_move")
    assert "exchanges" in State.fields
    assert SideScore.fields == (
        "contract",
        "tricks",
        "made",
        "contract_points",
        "overtricks",
        "nil_points",
        "nil_bags",
        "bag_penalty",
        "points",
        "bags",
    )
    assert RoundScore.fields == ("bids", "tricks", "sides")
    for kind in (State, SideScore, RoundScore, Trick, CardPass, DrawTurn, CardExchange):
        for name in kind.fields:
            assert getattr(kind, name).__doc__, f"{kind.__name__}.{name}"


def test_tuple_values_are_built_by_name_and_compared_by_type() -> None:
    side = SideScore(
        contract=3,
        tricks=4,
        made=True,
        contract_points=30,
        overtricks=1,
        nil_points=0,
        nil_bags=0,
        bag_penalty=0,
        points=31,
        bags=1,
    )
    assert side.points == 31
    assert side._replace(points=30).points == 30
    assert side != tuple(side)
    assert repr(CardPass(1, None)) == "CardPass(seat=1, cards=None)"
    assert DrawTurn(0, C("2C"), C("3C")) == DrawTurn(seat=0, kept=C("2C"), discarded=C("3C"))
    with pytest.raises(TypeError, match=r"positional argument"):
        SideScore(3, 4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        CardPass(1, None, None)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        SideScore(contract=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="no field 'score'"):
        side._replace(score=3)
    with pytest.raises(TypeError, match="have no order"):
        assert side < side._replace(points=30)


def test_states_have_no_public_constructor_and_pickle_as_values() -> None:
    with pytest.raises(TypeError, match="new_game"):
        State()
    state = apply(new_game(TWO_HANDED, seed=2), Keep())
    for value in (state, state.draws[0], state.tricks, observe(state, 0)):
        assert pickle.loads(pickle.dumps(value)) == value
    assert State._position("bids") == 0  # the first field of the inner tuple
