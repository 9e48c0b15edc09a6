"""The command line's bots by name: one registry for ``demo``, ``play``, ``simulate``, ``duel``.

`BOTS` maps a name to a `BotFactory`: from a game's seed and a seat, a fresh policy for
that seat in that game. The bots that draw on chance (``random`` and ``search``) are
seeded with `game_seed` ``(seed, seat)``, so a game is the same whichever process plays
it and whatever was played before it; the other two are deterministic.

>>> from spades import CLASSIC
>>> [name for name in BOTS], len(policies(CLASSIC, 7, ("search", "random")))
(['heuristic', 'search', 'random', 'fallback'], 4)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, TypeAlias

from spades import SpadesError, side_of
from spades._cli.games import game_seed
from spades.bots import BOTS as MAKERS
from spades.bots import BotMaker

if TYPE_CHECKING:
    from spades import Ruleset
    from spades.bots import Policy

__all__ = ["BOTS", "DEFAULT", "HELP", "BotFactory", "factory", "policies"]

BotFactory: TypeAlias = Callable[[int, int], "Policy"]
"""From a game's seed and a seat, a fresh policy for that seat in that game."""


def _seated(maker: BotMaker) -> BotFactory:
    """``maker``'s bot for a seat of a game: seeded with `game_seed` ``(seed, seat)``."""
    return lambda seed, seat: maker(game_seed(seed, seat))


BOTS: Final[Mapping[str, BotFactory]] = MappingProxyType(
    {name: _seated(maker) for name, maker in MAKERS.items()}
)
"""The bots by name, in the order the help lists them; ``search`` at its default budget."""

DEFAULT: Final = "heuristic"
"""The bot of ``demo`` and ``play``, and of both sides of ``simulate``, unless told otherwise."""

HELP: Final = (
    "heuristic (quick and sound), search (Monte Carlo search over sampled deals: slow, "
    "about 0.1 s a move), random (any legal move) or fallback (source B's move on a timeout)"
)
"""What each bot is, for the commands' help."""


def factory(name: str) -> BotFactory:
    """The factory of the bot ``name``; `SpadesError` (a `ValueError`) for an unknown name.

    >>> factory("human")
    Traceback (most recent call last):
    ...
    spades.SpadesError: 'human' is not a bot; known: heuristic, search, random, fallback
    """
    try:
        return BOTS[name]
    except KeyError:
        raise SpadesError(f"{name!r} is not a bot; known: {', '.join(BOTS)}") from None


def policies(rules: Ruleset, seed: int, sides: tuple[str, str]) -> list[Policy]:
    """A fresh policy for each seat of the game seeded with ``seed``, in seat order.

    The seats of side 0 play the bot ``sides[0]``, those of side 1 ``sides[1]``.
    """
    makers = (factory(sides[0]), factory(sides[1]))
    return [makers[side_of(rules, seat)](seed, seat) for seat in range(rules.players)]
