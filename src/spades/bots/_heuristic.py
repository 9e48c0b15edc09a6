"""A heuristic player that decides from its view alone (placeholder: the fallback)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades.bots._fallback import fallback_move

if TYPE_CHECKING:
    from spades.bots._play import Policy

__all__ = ["heuristic_policy"]


def heuristic_policy() -> Policy:
    """A plain but sound player (work in progress: plays `fallback_move`)."""
    return fallback_move
