"""Playing every game of a batch on to the end of its round or of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

import numpy as np

from spades.batch._codes import DEALING
from spades.batch._layout import Draft
from spades.batch._legal import actions_of_bits, local_bits, random_bits
from spades.batch._policies import fallback_actions

if TYPE_CHECKING:
    import numpy.typing as npt

    from spades.batch._batch import Batch

__all__ = ["played_out"]


def played_out(
    batch: Batch,
    rng: np.random.Generator,
    until: Literal["round", "game"],
    table: npt.NDArray[np.bool_],
) -> Batch:
    """`Batch.play_out` of a batch with no deal due; ``table`` says which seats play fallback.

    Once most games are done, the rest play on as a smaller batch, and each finished game
    is written back in its place.
    """
    result = Draft(batch._arrays)
    rows = np.arange(len(batch))  # where the games still played sit in the result
    start = batch.round_number
    while True:
        moving = ~batch.is_over
        if until == "round":  # a game whose round is over waits, its next deal not made
            moving &= batch.round_number == start
        elif (batch._arrays["phase"] == DEALING).any():
            batch = batch._ready()
        if not moving.any():
            break
        if 2 * int(moving.sum()) < len(batch) >= _COMPACT_FROM:
            # Most games are done: put them in the result and play on without them.
            _put(result, rows[~moving], batch, ~moving)
            batch, rows, start = batch._take(moving), rows[moving], start[moving]
            moving = moving[moving]
        arrays = batch._arrays
        bits = batch._legal_bits()  # none in a game whose next deal waits
        chosen = random_bits(bits, rng)
        if table.any():
            actions = actions_of_bits(arrays["phase"], chosen)
            fallback = fallback_actions(batch.rules, arrays, bits)
            actions = np.where(table[np.maximum(arrays["to_move"], 0)], fallback, actions)
            local = local_bits(arrays["phase"], np.where(moving, actions, 0))
            batch = batch._moved(actions, local, moving)
        else:  # a legal bit is its own action where actions are cards (52 ends a choice)
            batch = batch._moved(chosen, chosen.astype(np.uint64), moving)
    _put(result, rows, batch, np.ones(len(batch), dtype=np.bool_))
    return type(batch)._of(batch.rules, result)


_COMPACT_FROM: Final = 64
"""`Batch.play_out` sets finished games aside once most are, in batches of this size and up."""


def _put(
    result: Draft, rows: npt.NDArray[np.intp], part: Batch, games: npt.NDArray[np.bool_]
) -> None:
    """Write the ``games`` of ``part`` into ``rows`` of ``result``."""
    width = part._arrays["past_bids"].shape[1]
    result.grow_rounds(width)
    for name, array in part._arrays.items():
        if name.startswith("past_"):
            result.w(name)[rows, :width] = array[games]
        else:
            result.w(name)[rows] = array[games]
