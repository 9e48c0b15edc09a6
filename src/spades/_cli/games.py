"""Bots' games for the commands: played to the end, or to `ROUND_LIMIT` rounds.

Rulesets without a round cap could in principle go on for ever: the command line stops
such a game after `ROUND_LIMIT` rounds (`spades.bots.ROUND_LIMIT`, as duels do) and says
so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades import bots

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from spades import Move, Ruleset, State
    from spades.bots import Policy

__all__ = ["ROUND_LIMIT", "round_limit", "run_game"]

ROUND_LIMIT: Final = bots.ROUND_LIMIT
"""Rounds after which the commands stop a game whose rules have no round cap."""


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
    """`spades.bots.play_game`, stopped after ``limit`` rounds (``None``: never)."""
    return bots.play_game(rules, policies, seed=seed, on_move=on_move, max_rounds=limit)
