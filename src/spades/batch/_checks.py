"""The checks of what a batch is given: counts of games, generators, seeds and actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from spades._deal import check_seed
from spades._errors import SpadesError, shown
from spades._rules import whole_number
from spades.encoding import ACTIONS

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "MAX_GAMES",
    "check_generator",
    "check_size",
    "checked_actions",
    "checked_games",
    "checked_seeds",
]

MAX_GAMES: Final = 2**24
"""The most games a batch holds: 16,777,216.

A batch indexes a game's cards as ``game * 52 + card`` (54 when three players play a joker
deck), and this many games keep those indices within 32 bits, the index type of numpy on
32-bit machines. At about 200 bytes a game dealt (more as rounds are played), a batch of
this many takes over 3 GB.
"""


def check_size(games: int) -> None:
    """Refuse a batch of no game, or of more than `MAX_GAMES`."""
    if games < 1:
        raise SpadesError(f"a batch has at least one game, not {shown(games)}")
    if games > MAX_GAMES:
        raise SpadesError(
            f"a batch has at most {MAX_GAMES:,} games (MAX_GAMES), not {shown(games)}"
        )


def checked_games(games: object) -> int:
    """``games``, a number of games: any integer ``operator.index`` takes but a bool."""
    number = whole_number(games)
    if number is None:
        raise TypeError(f"the number of games is a whole number, not {shown(games)}")
    check_size(number)
    return number


def check_generator(rng: object, doing: str) -> None:
    """Refuse anything but a numpy `Generator`; ``doing`` names the caller."""
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"{doing} takes a numpy Generator, not {type(rng).__name__}")


def checked_seeds(seeds: object) -> list[int]:
    """``seeds`` as a list of plain ints, each checked as `spades.new_game` checks a seed.

    At most `MAX_GAMES` of them, counted before any is read.
    """
    if isinstance(seeds, (str, int)) or not isinstance(seeds, Sequence):
        raise TypeError(f"seeds are a sequence of whole numbers, not {type(seeds).__name__}")
    if len(seeds) > MAX_GAMES:
        check_size(len(seeds))
    return [check_seed(seed) for seed in seeds]


def checked_actions(actions: object, going_on: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """``actions`` as an array of one whole number a game, an action in each game going on.

    A finished game's number is ignored, whatever it is: it becomes -1 if it is no action.
    """
    games = len(going_on)
    try:
        array = np.asarray(actions)
    except ValueError:  # rows of different lengths
        raise SpadesError(
            f"a step takes one action for each of the {games} games, not {shown(actions)}"
        ) from None
    if array.dtype == object:  # Python ints past int64, or what is no number at all
        array = _whole_numbers(array)
    elif array.dtype.kind not in "iu":
        raise TypeError(f"actions are whole numbers, one a game, not an array of {array.dtype}")
    if array.shape != (games,):
        raise SpadesError(
            f"a step takes one action for each of the {games} games, not shape {array.shape}"
        )
    outside = (array < 0) | (array >= ACTIONS)
    wrong = np.flatnonzero(going_on & outside)
    if wrong.size:
        first = int(wrong[0])
        number = array[first : first + 1].tolist()[0]  # a Python int, as it was given
        raise SpadesError(
            f"{len(wrong)} of {games} actions are no action (the actions are 0 to "
            f"{ACTIONS - 1}): game {first} has {shown(number)}"
        )
    if array.dtype == object:
        return np.where(outside, -1, array).astype(np.int64)
    return array.astype(np.int64)


def _whole_numbers(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """An array of objects as Python ints, or `TypeError` for one that is no whole number."""
    numbers = np.empty(array.shape, dtype=object)
    for index, item in np.ndenumerate(array):
        number = whole_number(item)
        if number is None:
            raise TypeError(f"actions are whole numbers, one a game, not {shown(item)}")
        numbers[index] = number
    return numbers
