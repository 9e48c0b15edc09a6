"""Many games in lockstep on numpy arrays: the batch engine (``pip install spades[batch]``).

It needs numpy 2.0 or newer.

`Batch` holds games of one ruleset as arrays and moves each by one action a step, in
the adapters' action encoding (`spades.encoding`). It plays the same rules as
`spades.apply`, which is its reference: `Batch.to_states` gives every game's `State`,
and the differential tests compare the two move by move. For self-play, simulation and
rollouts: `Batch.deal_random` deals thousands of games at once, `Batch.random_actions`
picks a uniform legal action in each, and `Batch.play_out` plays them to the end of
the round or the game.

>>> import numpy as np
>>> from spades import CLASSIC
>>> rng = np.random.default_rng(1)
>>> batch = Batch.deal_random(CLASSIC, 4, rng).play_out(rng)
>>> batch.rounds_played.tolist()
[1, 1, 1, 1]
"""

from __future__ import annotations

try:
    import numpy as np
except ModuleNotFoundError as error:
    raise ModuleNotFoundError(
        "spades.batch needs numpy 2.0 or newer (numpy is missing): pip install 'spades[batch]'",
        name=error.name,
    ) from error
if not hasattr(np, "bitwise_count"):
    raise ImportError(
        f"spades.batch needs numpy 2.0 or newer, not {np.__version__}: pip install 'spades[batch]'"
    )

from spades.batch._batch import Batch
from spades.batch._checks import MAX_GAMES
from spades.batch._codes import PHASES
from spades.batch._policies import POLICIES
from spades.batch._refusal import IllegalActionsError

__all__ = ["MAX_GAMES", "PHASES", "POLICIES", "Batch", "IllegalActionsError"]
