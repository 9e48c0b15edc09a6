"""Bots' games for ``demo`` and ``simulate``: played to the end, or to `ROUND_LIMIT` rounds.

Rulesets without a round cap could in principle go on for ever: the command line stops
such a game after `ROUND_LIMIT` rounds and says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades import apply, new_game, observe

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from spades import Move, Ruleset, State
    from spades.bots import Policy

__all__ = ["ROUND_LIMIT", "round_limit", "run_game"]

ROUND_LIMIT: Final = 200
"""Rounds after which ``demo`` and ``simulate`` stop a game whose rules have no round cap."""


def round_limit(rules: Ruleset) -> int | None:
    """The rounds after which a game under ``rules`` is stopped.

    `ROUND_LIMIT`, or ``None`` when the rules' round cap ends every game.
    """
    return None if rules.round_cap is not None else ROUND_LIMIT


def run_game(
    rules: Ruleset,
    policies: Sequence[Policy],
    *,
    seed: int,
    limit: int | None,
    on_move: Callable[[State, Move, State], None] | None = None,
) -> State:
    """As `spades.bots.play_game`, but stopped after ``limit`` rounds (``None``: never).

    ``on_move``, when given, is called with the state before each move, the move and the
    state after it.
    """
    state = new_game(rules, seed=seed)
    while state.to_move is not None and (limit is None or len(state.rounds) < limit):
        seat = state.to_move
        move = policies[seat](observe(state, seat))
        after = apply(state, move, seat=seat)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state
