"""The random policy: any legal move, uniformly, from its own seeded generator."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from spades._errors import shown
from spades._rules import whole_number
from spades.bots._play import check_view

if TYPE_CHECKING:
    from spades._moves import Move
    from spades._view import View
    from spades.bots._play import Policy

__all__ = ["random_policy"]


def random_policy(seed: int | random.Random) -> Policy:
    """A policy that picks uniformly among the view's legal moves.

    ``seed`` seeds its own `random.Random` (or is one, used as it is); the global
    generator is never touched, so the same seed makes the same choices. A seed is any
    integer ``operator.index`` takes (numpy's too), but not a bool; anything else raises
    `TypeError`, and so does the policy given anything but a `View`.

    >>> from spades import CLASSIC, new_game, observe
    >>> choose = random_policy(7)
    >>> str(choose(observe(new_game(CLASSIC, seed=1), 1))).startswith("bid")
    True
    """
    if isinstance(seed, random.Random):
        rng = seed
    else:
        number = whole_number(seed)
        if number is None:
            raise TypeError(
                f"random_policy takes a whole number or a random.Random, not {shown(seed)}"
            )
        rng = random.Random(number)

    def choose(view: View) -> Move:
        return rng.choice(check_view(view).legal_moves())

    return choose
