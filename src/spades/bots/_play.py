"""Playing a game between policies, each seeing only its own seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias

from spades._deal import new_game
from spades._engine import apply
from spades._errors import SpadesError, shown
from spades._moves import Move
from spades._rules import check_rules, count_or_none
from spades._state import State
from spades._view import View, observe

if TYPE_CHECKING:
    from spades._rules import Ruleset

__all__ = ["Policy", "check_view", "play_game"]

Policy: TypeAlias = Callable[[View], Move]
"""A player: from what her seat may know, the move she makes."""


def play_game(
    rules: Ruleset,
    policies: Sequence[Policy],
    *,
    seed: int,
    dealer: int = 0,
    on_move: Callable[[State, Move, State], None] | None = None,
    max_rounds: int | None = None,
) -> State:
    """Play one game to its end, seat ``i`` played by ``policies[i]``; the final state.

    Each policy sees only `observe` of its own seat; its move goes through `apply`, so an
    illegal one raises `IllegalMoveError`. ``on_move`` (if given) is called with the state
    before, the move and the state after, for printing or recording. With ``max_rounds``
    the game stops once that many rounds are complete, over or not (for rulesets without
    a round cap, whose games between weak players may go on and on). The game is the
    same for the same seed and the same (deterministic) policies.

    ``seed`` and ``dealer`` are checked as `spades.new_game` checks them; ``max_rounds``
    is ``None`` or a whole number from 0 (numpy's too, not a bool). Arguments of the
    wrong type raise `TypeError`, values out of range `SpadesError`.
    """
    rules = check_rules(rules, "play_game")
    limit = count_or_none(max_rounds, "max_rounds")
    given: object = policies
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise TypeError(f"play_game takes a sequence of policies, not {type(given).__name__}")
    if len(given) != rules.players:
        raise SpadesError(
            f"{rules.players} players need {rules.players} policies, not {len(given)}"
        )
    for policy in given:
        if not callable(policy):
            raise TypeError(f"a policy is a callable, not {shown(policy)}")
    if on_move is not None and not callable(on_move):
        raise TypeError(f"on_move is a callable or None, not {shown(on_move)}")
    state = new_game(rules, seed=seed, dealer=dealer)
    while state.to_move is not None and (limit is None or len(state.rounds) < limit):
        seat = state.to_move
        move = policies[seat](observe(state, seat))
        after = apply(state, move, seat=seat)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state


def check_view(view: object) -> View:
    """``view`` itself when it is a `View`; else the `TypeError` a policy raises."""
    if isinstance(view, View):
        return view
    if isinstance(view, State):
        raise TypeError(
            "a policy takes a View, not State: observe(state, seat) gives the view of a seat"
        )
    raise TypeError(f"a policy takes a View, not {type(view).__name__}")
