"""The bots by name, for every program that lets a person choose one by its name.

`BOTS` maps a name to a maker: from a seed, a fresh policy. ``random`` and ``search``
draw on chance and are seeded with it; ``heuristic`` and ``fallback`` are deterministic
and ignore it. The command line, the environments' opponents, the server's seats and
`duel` all choose their bots here.

>>> from spades import CLASSIC, new_game, observe
>>> list(BOTS)
['heuristic', 'search', 'random', 'fallback']
>>> make_bot("random", seed=1)(observe(new_game(CLASSIC, seed=2), 1))
Bid(n=...)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, TypeAlias

from spades._errors import SpadesError, shown
from spades.bots._fallback import fallback_move
from spades.bots._heuristic import heuristic_policy
from spades.bots._random import random_policy
from spades.bots._search import search_policy

if TYPE_CHECKING:
    from spades.bots._play import Policy

__all__ = ["BOTS", "BotMaker", "make_bot"]

BotMaker: TypeAlias = Callable[[int], "Policy"]
"""From a seed, a fresh policy (a deterministic bot ignores the seed)."""

BOTS: Final[Mapping[str, BotMaker]] = MappingProxyType(
    {
        "heuristic": lambda seed: heuristic_policy(),
        "search": lambda seed: search_policy(seed=seed),
        "random": lambda seed: random_policy(seed),  # noqa: PLW0108  (looked up when called)
        "fallback": lambda seed: fallback_move,
    }
)
"""The bots by name, the strongest cheap one first; ``search`` at its default budget."""


def make_bot(name: str, seed: int = 0) -> Policy:
    """A fresh policy of the bot ``name``, seeded with ``seed``.

    An unknown name raises `SpadesError` (a `ValueError`) listing the known ones.

    >>> make_bot("human")
    Traceback (most recent call last):
    ...
    spades.SpadesError: 'human' is not a bot; known: heuristic, search, random, fallback
    """
    try:
        maker = BOTS[name]
    except (KeyError, TypeError):
        raise SpadesError(f"{shown(name)} is not a bot; known: {', '.join(BOTS)}") from None
    return maker(seed)
