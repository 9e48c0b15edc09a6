"""Bots' games for the commands: played to the end, or to `ROUND_LIMIT` rounds; their seeds.

Rulesets without a round cap could in principle go on for ever: the command line stops
such a game after `ROUND_LIMIT` rounds and says so. `game_seed` derives the seeds of a
simulation's games, and of the seeded bots in a game.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Final

from spades.bots import play_game

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from spades import Move, Ruleset, State
    from spades.bots import Policy

__all__ = ["ROUND_LIMIT", "game_seed", "round_limit", "run_game"]

ROUND_LIMIT: Final = 200
"""Rounds after which the commands stop a game whose rules have no round cap."""


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` (from 0) of a simulation seeded with ``seed``.

    Also the seed of the random or search bot at seat ``game`` of a game seeded with
    ``seed`` (`spades._cli.bots`).

    >>> game_seed(1, 0) == int.from_bytes(
    ...     hashlib.blake2b(b"1:0", digest_size=16).digest(), "little"
    ... )
    True
    """
    digest = hashlib.blake2b(f"{seed}:{game}".encode(), digest_size=16).digest()
    return int.from_bytes(digest, "little")


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
    return play_game(rules, policies, seed=seed, on_move=on_move, max_rounds=limit)
