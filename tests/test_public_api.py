"""The package as a caller meets it: what its functions take, the modules its names claim,
where its examples live, what importing it costs, and the library's own errors from the bots.
"""

from __future__ import annotations

import inspect
import subprocess
import sys
import traceback

import pytest

import spades
from spades import (
    CLASSIC,
    Bid,
    Card,
    IllegalMoveError,
    Play,
    Ruleset,
    SpadesError,
    apply,
    bots,
    is_legal,
    legal_moves,
    new_game,
    observe,
    records,
)
from spades.bots import fallback_move, heuristic_policy, play_game, random_policy

C = Card.parse

# --- views are not states ------------------------------------------------------------------


def test_legal_moves_of_a_view_are_the_views() -> None:
    state = new_game(CLASSIC, seed=4)
    for seat in range(4):
        view = observe(state, seat)
        assert legal_moves(view) == view.legal_moves()
    assert legal_moves(observe(state, 1)) == legal_moves(state)


@pytest.mark.parametrize(
    "call",
    [
        lambda view: apply(view, Bid(3)),
        lambda view: apply(view, Play(C("2C"))),
    ],
)
def test_a_view_cannot_move_the_game_on(call: object) -> None:
    view = observe(new_game(CLASSIC, seed=4), 1)
    with pytest.raises(TypeError, match=r"View\.legal_moves\(\)"):
        call(view)  # type: ignore[operator]


# --- what the functions take --------------------------------------------------------------


@pytest.mark.parametrize("value", [None, 42, (1, 2, 3), "state"])
def test_engine_functions_refuse_what_is_not_a_state(value: object) -> None:
    with pytest.raises(TypeError, match="takes a State"):
        apply(value, Play(C("2C")))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes a State"):
        apply(value, Bid(3))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a legality check takes a State"):
        is_legal(value, Bid(3))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="legal_moves takes a State or a View"):
        legal_moves(value)  # type: ignore[arg-type]


def test_legal_moves_refuses_a_tuple_shaped_like_a_state_with_no_card_to_play() -> None:
    with pytest.raises(TypeError, match="legal_moves takes a State or a View, not tuple"):
        legal_moves((0,) * 10)  # type: ignore[arg-type]


# --- names, modules, examples, imports ----------------------------------------------------


def test_public_classes_and_functions_say_they_are_spades() -> None:
    for package in (spades, records, bots):
        for name in package.__all__:
            value = getattr(package, name)
            if isinstance(value, type) and value.__module__.startswith("spades"):
                assert value.__module__ in {"spades", package.__name__}, name
            elif inspect.isfunction(value):
                assert value.__module__ == package.__name__, name
    assert records.GameRecord.__module__ == "spades.records"
    with pytest.raises(IllegalMoveError) as error:
        apply(new_game(CLASSIC, seed=1), Bid(14))
    assert error.type.__module__ == "spades"
    (line,) = traceback.format_exception_only(error.type, error.value)
    assert line.startswith("spades.IllegalMoveError: 'bid 14' by seat 1 is illegal")


def test_no_method_of_a_public_class_hides_a_doctest() -> None:
    """Doctest finds the examples of a class presented as ``spades.X`` only in its docstring.

    The methods' own docstrings are looked up in the module the class came from, which no
    longer claims it: an example there would silently never run.
    """
    classes = [
        (f"{package.__name__}.{name}", getattr(package, name))
        for package in (spades, records, bots)
        for name in package.__all__
        if isinstance(getattr(package, name), type)
    ]
    for name, value in classes:
        for attribute, member in vars(value).items():
            function = getattr(member, "fget", None) or getattr(member, "__func__", member)
            if inspect.isfunction(function) and function.__module__.startswith("spades"):
                assert ">>>" not in (function.__doc__ or ""), (
                    f"{name}.{attribute}: move its example to {name}'s docstring"
                )


def test_importing_spades_imports_neither_json_nor_the_records() -> None:
    code = (
        "import sys, spades; "
        "print('json' in sys.modules, 'spades.records' in sys.modules); "
        "spades.records.dumps; "
        "print('json' in sys.modules, 'spades.records' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "True", "True"]
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        spades.nothing  # noqa: B018


# --- the bots raise the library's errors -------------------------------------------------


def test_bots_raise_spades_errors() -> None:
    state = new_game(CLASSIC, seed=1)
    with pytest.raises(SpadesError, match="not to move"):
        heuristic_policy()(observe(state, 0))
    with pytest.raises(SpadesError, match="not to move"):
        fallback_move(observe(state, 0))
    with pytest.raises(SpadesError, match="4 players need 4 policies"):
        play_game(CLASSIC, [random_policy(1)], seed=1)
    stopped = play_game(CLASSIC, [fallback_move] * 4, seed=1, max_rounds=2)
    assert len(stopped.rounds) == 2
    assert not stopped.is_over
    assert stopped.round_number == 3
    finished = play_game(Ruleset(round_cap=1), [fallback_move] * 4, seed=1)
    with pytest.raises(SpadesError, match="the game is over"):
        fallback_move(finished)
