"""When a game ends: the target, the losing floor and the round cap, checked after a round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades._state import Outcome, Termination

if TYPE_CHECKING:
    from spades._rules import Ruleset

__all__ = ["outcome_after"]


def outcome_after(rules: Ruleset, scores: tuple[int, int], rounds: int) -> Outcome | None:
    """How the game ends with these totals after ``rounds`` rounds, or None if it goes on.

    A side at the target wins if it has more points than the other; equal totals at the
    target play another round. Short of the target, a side at or below the losing floor
    loses, unless both are there with equal totals. At the round cap the higher total wins,
    and equal totals draw.

    >>> from spades import MINIOKEY
    >>> outcome_after(MINIOKEY, (510, 520), 9)
    Outcome(winner=1, termination=<Termination.TARGET: 'target'>)
    >>> outcome_after(MINIOKEY, (520, 520), 9) is None
    True
    """
    ours, theirs = scores
    leader = 0 if ours > theirs else 1
    if max(scores) >= rules.target:
        if ours != theirs:
            return Outcome(winner=leader, termination=Termination.TARGET)
    elif rules.losing_floor is not None and min(scores) <= rules.losing_floor and ours != theirs:
        return Outcome(winner=leader, termination=Termination.LOSING_FLOOR)
    if rules.round_cap is not None and rounds >= rules.round_cap:
        winner = None if ours == theirs else leader
        return Outcome(winner=winner, termination=Termination.ROUND_CAP)
    return None
