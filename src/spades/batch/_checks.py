"""The checks of what a batch is given: generators, seeds and actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from spades._deal import _check_seed
from spades._errors import SpadesError
from spades.adapters.encoding import ACTIONS

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["check_generator", "checked_actions", "checked_seeds"]


def check_generator(rng: object, doing: str) -> None:
    """Refuse anything but a numpy `Generator`; ``doing`` names the caller."""
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"{doing} takes a numpy Generator, not {type(rng).__name__}")


def checked_seeds(seeds: object) -> list[int]:
    """``seeds`` as a list, each checked as `spades.new_game` checks a seed."""
    if isinstance(seeds, (str, int)) or not isinstance(seeds, Sequence):
        raise TypeError(f"seeds are a sequence of whole numbers, not {type(seeds).__name__}")
    listed = list(seeds)
    for seed in listed:
        _check_seed(seed)
    return listed


def checked_actions(actions: object, going_on: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """``actions`` as an array of one whole number a game, an action in each game going on."""
    array = np.asarray(actions)
    games = len(going_on)
    if array.dtype.kind not in "iu":
        raise TypeError(f"actions are whole numbers, one a game, not an array of {array.dtype}")
    if array.shape != (games,):
        raise SpadesError(
            f"a step takes one action for each of the {games} games, not shape {array.shape}"
        )
    chosen = array.astype(np.int64)
    wrong = np.flatnonzero(going_on & ((chosen < 0) | (chosen >= ACTIONS)))
    if wrong.size:
        raise SpadesError(
            f"{len(wrong)} of {games} actions are no action (the actions are 0 to "
            f"{ACTIONS - 1}): game {wrong[0]} has {chosen[wrong[0]]}"
        )
    return chosen
