"""Why a batch refuses a step: each illegal action's reason, from its player's view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades._cards import cards_in
from spades._errors import IllegalMoveError, SpadesError
from spades._view import observe
from spades.batch._rows import read_state
from spades.encoding import advance

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np
    import numpy.typing as npt

    from spades._errors import Reason
    from spades._rules import Ruleset
    from spades._state import State
    from spades.batch._layout import Arrays

__all__ = ["IllegalActionsError", "refused"]

_SHOWN = 3


class IllegalActionsError(SpadesError):
    """A step with an illegal action in some games; no game of the batch moved.

    ``games`` are the positions of those games in the batch, in order, and ``errors`` the
    `IllegalMoveError` of each, as `spades.encoding.advance` gives it for the action from
    the view of the seat to move: ``errors[k].reason`` is the machine-readable reason. The
    message shows the first few, and speaks only of what those players may see.
    """

    games: tuple[int, ...]
    """The games whose action is illegal, by position in the batch, in order."""
    errors: tuple[IllegalMoveError, ...]
    """Each of those games' error, from its mover's view."""

    def __init__(
        self, games: Sequence[int], errors: Sequence[IllegalMoveError], total: int
    ) -> None:
        shown = "; ".join(
            f"game {game}: {error}" for game, error in zip(games[:_SHOWN], errors, strict=False)
        )
        more = f"; and {len(games) - _SHOWN} more" if len(games) > _SHOWN else ""
        super().__init__(f"{len(games)} of {total} actions are illegal: {shown}{more}")
        self.games = tuple(games)
        self.errors = tuple(errors)

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The reason of each illegal action, in the order of ``games``."""
        return tuple(error.reason for error in self.errors)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (self.games, self.errors, str(self)))


def _rebuilt(
    games: tuple[int, ...], errors: tuple[IllegalMoveError, ...], message: str
) -> IllegalActionsError:
    error = IllegalActionsError.__new__(IllegalActionsError)
    SpadesError.__init__(error, message)
    error.games, error.errors = games, errors
    return error


def refusal(state: State, selected: int, action: int) -> IllegalMoveError:
    """The error of ``action`` in ``state`` after the cards ``selected`` (a mask) were chosen."""
    assert state.to_move is not None, "a finished game's action is never refused"
    view = observe(state, state.to_move)
    try:
        advance(view, cards_in(selected), action)
    except IllegalMoveError as error:
        return error
    raise AssertionError(
        f"the batch refused action {action}, which the encoding takes"
    )  # pragma: no cover


def refused(
    arrays: Arrays, rules: Ruleset, games: npt.NDArray[np.intp], actions: npt.NDArray[np.int64]
) -> IllegalActionsError:
    """The error of a step whose actions are illegal in ``games`` of a batch's arrays."""
    listed = games.tolist()
    selected = arrays["selected"]
    errors = [
        refusal(read_state(arrays, rules, game), int(selected[game]), int(actions[game]))
        for game in listed
    ]
    return IllegalActionsError(listed, errors, len(selected))
