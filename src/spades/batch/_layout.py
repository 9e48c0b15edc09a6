"""The arrays of a batch: their names, types and shapes, and a draft that copies on write."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Mapping

    import numpy.typing as npt

    from spades._rules import Ruleset

__all__ = ["FIELDS", "Arrays", "Draft", "allocate", "freeze"]

Arrays = dict[str, "npt.NDArray[Any]"]

# name: (dtype, the shape of one game's entry by number of players, fill value). "R" is
# the number of completed rounds the batch has room for, "S" the number of sides
# (`Ruleset.sides`: 2, 3 for three players, or 4 when four play solo), "C" the cards a
# round plays (52; 54 when three play a joker deck: 18 tricks of three), "T" the tricks of
# a round (`Ruleset.hand_size`: 13, or 17 or 18 for three players).
FIELDS: Final[Mapping[str, tuple[Any, Any, Any]]] = {
    "phase": (np.int8, lambda p: (), 0),
    "to_move": (np.int8, lambda p: (), -1),
    "hands": (np.uint64, lambda p: (p,), 0),
    "selected": (np.uint64, lambda p: (), 0),
    "bids": (np.int8, lambda p: (p,), -1),
    "looked": (np.bool_, lambda p: (p,), False),
    "played": (np.int8, lambda p: ("C",), -1),
    "n_played": (np.int8, lambda p: (), 0),
    "leader": (np.int8, lambda p: (), -1),
    "winners": (np.int8, lambda p: ("T",), -1),
    "broken": (np.bool_, lambda p: (), False),
    "dealer": (np.int8, lambda p: (), 0),
    "round_number": (np.int32, lambda p: (), 1),
    "scores": (np.int64, lambda p: ("S",), 0),
    "bags": (np.int64, lambda p: ("S",), 0),
    "winner": (np.int8, lambda p: (), -1),
    "termination": (np.int8, lambda p: (), -1),
    "seeds": (object, lambda p: (), 0),
    "past_bids": (np.int8, lambda p: ("R", p), -1),
    "past_taken": (np.int8, lambda p: ("R", p), 0),
    "past_points": (np.int64, lambda p: ("R", "S"), 0),
    "past_bags": (np.int64, lambda p: ("R", "S"), 0),
    # Four players: the card passes of the round, in order (two sides, two passes each, of
    # up to four cards).
    "pass_seats": (np.int8, lambda p: (4 if p == 4 else 0,), -1),
    "passed": (np.int8, lambda p: (4 if p == 4 else 0, 4), -1),
    "n_passes": (np.int8, lambda p: (), 0),
    # Two players: the round's stock (its first 2 * n_drawn cards are gone), the draw
    # turns and the discards; the double nil exchanges.
    "deck": (np.int8, lambda p: (52 if p == 2 else 0,), -1),
    "n_drawn": (np.int8, lambda p: (), 0),
    "draw_kept": (np.int8, lambda p: (26 if p == 2 else 0,), -1),
    "draw_discarded": (np.int8, lambda p: (26 if p == 2 else 0,), -1),
    "discards": (np.int8, lambda p: (26 if p == 2 else 0,), -1),
    "ex_seats": (np.int8, lambda p: (2 if p == 2 else 0,), -1),
    "ex_sizes": (np.int8, lambda p: (2 if p == 2 else 0,), 0),
    "ex_given": (np.int8, lambda p: (2 if p == 2 else 0, 3), -1),
    "ex_drawn": (np.int8, lambda p: (2 if p == 2 else 0, 3), -1),
    "n_exchanges": (np.int8, lambda p: (), 0),
}


def allocate(games: int, rules: Ruleset, rounds: int = 0) -> Arrays:
    """Fresh, writable arrays for ``games`` games of ``rules``, every entry at its fill value.

    The scores and bags have one entry a side: two, three for three players, or four when
    four play solo (rule-three-players, rule-solo).
    """
    arrays: Arrays = {}
    tricks = rules.hand_size
    sized = {"R": rounds, "S": rules.sides, "C": max(52, rules.players * tricks), "T": tricks}
    for name, (dtype, shape, fill) in FIELDS.items():
        dims = tuple(sized.get(dim, dim) for dim in shape(rules.players))
        arrays[name] = np.full((games, *dims), fill, dtype=dtype)
    return arrays


def freeze(arrays: Arrays) -> Arrays:
    """The arrays made read-only: a batch never changes once made."""
    for array in arrays.values():
        array.flags.writeable = False
    return arrays


class Draft(dict[str, "npt.NDArray[Any]"]):
    """A batch's arrays while a step builds the next batch: each is copied on first write.

    ``draft[name]`` reads the current array; ``draft.w(name)`` is its writable copy.
    """

    def __init__(self, arrays: Mapping[str, npt.NDArray[Any]]) -> None:
        super().__init__(arrays)
        self._copied: set[str] = set()

    def w(self, name: str) -> npt.NDArray[Any]:
        """The writable copy of array ``name``, made the first time it is asked for."""
        if name not in self._copied:
            self[name] = self[name].copy()
            self._copied.add(name)
        return self[name]

    def take(self, name: str, games: npt.NDArray[np.intp]) -> npt.NDArray[Any]:
        """Array ``name`` at ``games``; itself when they are every game (no copy made)."""
        array = self[name]
        return array if len(games) == len(array) else array[games]

    def put(self, name: str, games: npt.NDArray[np.intp], values: npt.NDArray[Any]) -> None:
        """Write ``values`` at ``games``; when they are every game, ``values`` is the array."""
        if len(games) == len(self[name]):
            array = values.astype(self[name].dtype, copy=False)
            self[name] = array if array.flags.owndata else array.copy()
            self._copied.add(name)
        else:
            self.w(name)[games] = values

    def done(self) -> Arrays:
        """The arrays, the copies made read-only (the others already are)."""
        for name in self._copied:
            self[name].flags.writeable = False
        return dict(self)

    def grow_rounds(self, rounds: int) -> None:
        """Make room for at least ``rounds`` completed rounds in the arrays of past rounds."""
        have = self["past_bids"].shape[1]
        if rounds <= have:
            return
        extra = max(rounds - have, 4)
        for name in ("past_bids", "past_taken", "past_points", "past_bags"):
            dtype, _, fill = FIELDS[name]
            old = self[name]
            more = np.full((old.shape[0], extra, old.shape[2]), fill, dtype=dtype)
            self[name] = np.concatenate([old, more], axis=1)
            self._copied.add(name)
