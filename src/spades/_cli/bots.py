"""The command line's bots: the default and the help's words; the bots are `spades.bots.BOTS`.

The commands make every seat's bot with `spades.bots.seat_policies`: the bots that draw on
chance (``random`` and ``search``) are seeded with `spades.bots.game_seed` ``(seed,
seat)``, so a game is the same whichever process plays it and whatever was played before.
"""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT", "HELP"]

DEFAULT: Final = "heuristic"
"""The bot of ``demo`` and ``play``, and of both sides of ``simulate``, unless told otherwise."""

HELP: Final = (
    "heuristic (quick and sound), search (Monte Carlo search over sampled deals: slow, "
    "about 0.1 s a move), random (any legal move) or fallback (source B's move on a timeout)"
)
"""What each bot is, for the commands' help."""
