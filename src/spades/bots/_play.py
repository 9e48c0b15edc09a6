"""Playing a game between policies, each seeing only its own seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias

from spades._deal import new_game
from spades._engine import apply
from spades._errors import SpadesError
from spades._moves import Move
from spades._view import View, observe

if TYPE_CHECKING:
    from spades._rules import Ruleset
    from spades._state import State

__all__ = ["Policy", "play_game"]

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
    """
    if len(policies) != rules.players:
        raise SpadesError(
            f"{rules.players} players need {rules.players} policies, not {len(policies)}"
        )
    state = new_game(rules, seed=seed, dealer=dealer)
    while state.to_move is not None and (max_rounds is None or len(state.rounds) < max_rounds):
        seat = state.to_move
        move = policies[seat](observe(state, seat))
        after = apply(state, move, seat=seat)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state
