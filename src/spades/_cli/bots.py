"""The command line's bots: `spades.bots.BOTS` by name, the default and the help's words.

Every seat's bot is made by `spades.bots.seat_policies`: the bots that draw on chance
(``random`` and ``search``) are seeded with `spades.bots.game_seed` ``(seed, seat)``, so a
game is the same whichever process plays it and whatever was played before it.

>>> from spades import CLASSIC
>>> len(policies(CLASSIC, 7, ("search", "random")))
4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades.bots import seat_policies

if TYPE_CHECKING:
    from spades import Ruleset
    from spades.bots import Policy

__all__ = ["DEFAULT", "HELP", "policies"]

DEFAULT: Final = "heuristic"
"""The bot of ``demo`` and ``play``, and of both sides of ``simulate``, unless told otherwise."""

HELP: Final = (
    "heuristic (quick and sound), search (Monte Carlo search over sampled deals: slow, "
    "about 0.1 s a move), random (any legal move) or fallback (source B's move on a timeout)"
)
"""What each bot is, for the commands' help."""


def policies(rules: Ruleset, seed: int, sides: tuple[str, str]) -> list[Policy]:
    """A fresh policy for each seat of the game seeded with ``seed``, in seat order.

    The seats of side 0 play the bot ``sides[0]``, those of side 1 ``sides[1]``
    (`spades.bots.seat_policies`; `SpadesError` for an unknown name).
    """
    return seat_policies(rules, seed, sides)
