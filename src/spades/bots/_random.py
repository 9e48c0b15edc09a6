"""The random policy: any legal move, uniformly, from its own seeded generator."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spades._moves import Move
    from spades._view import View
    from spades.bots._play import Policy

__all__ = ["random_policy"]


def random_policy(seed: int | random.Random) -> Policy:
    """A policy that picks uniformly among the view's legal moves.

    ``seed`` seeds its own `random.Random` (or is one, used as it is); the global
    generator is never touched, so the same seed makes the same choices.

    >>> from spades import CLASSIC, new_game, observe
    >>> choose = random_policy(7)
    >>> str(choose(observe(new_game(CLASSIC, seed=1), 1))).startswith("bid")
    True
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(view: View) -> Move:
        return rng.choice(view.legal_moves())

    return choose
