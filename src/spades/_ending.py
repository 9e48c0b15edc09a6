"""When a game ends: the target, the losing floor and the round cap, checked after a round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades._errors import SpadesError, shown
from spades._rules import Ruleset, whole_number
from spades._state import Outcome, Termination

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["outcome_after"]


def outcome_after(rules: Ruleset, scores: Sequence[int], rounds: int) -> Outcome | None:
    """How the game ends with these totals after ``rounds`` rounds, or None if it goes on.

    The end of the game (rule-game-end), checked after every round: a side at the target
    wins if it has more points than the other; equal totals at the target play another
    round (rule-target). Short of the target, a side at or below the losing floor loses,
    unless both are there with equal totals (rule-losing-floor). At the round cap the
    higher total wins, and equal totals draw (rule-round-cap). ``scores`` are the two
    sides' totals (two seats' with two players); each number may be any integer
    ``operator.index`` takes, but not a bool.

    >>> from spades import MINIOKEY
    >>> outcome_after(MINIOKEY, (510, 520), 9)
    Outcome(winner=1, termination=<Termination.TARGET: 'target'>)
    >>> outcome_after(MINIOKEY, (520, 520), 9) is None
    True
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"outcome_after takes a Ruleset, not {type(rules).__name__}")
    pair = scores if isinstance(scores, (tuple, list)) and len(scores) == 2 else (None, None)
    ours, theirs, count = whole_number(pair[0]), whole_number(pair[1]), whole_number(rounds)
    if ours is None or theirs is None or count is None:
        raise TypeError(
            f"outcome_after takes two whole-number scores and a number of rounds, not "
            f"{shown(scores)} and {shown(rounds)}"
        )
    if count < 0:
        raise SpadesError(f"a number of rounds is never negative, not {shown(count)}")
    scores = (ours, theirs)
    leader = 0 if ours > theirs else 1
    if max(scores) >= rules.target:
        if ours != theirs:
            return Outcome(winner=leader, termination=Termination.TARGET)
    elif rules.losing_floor is not None and min(scores) <= rules.losing_floor and ours != theirs:
        return Outcome(winner=leader, termination=Termination.LOSING_FLOOR)
    if rules.round_cap is not None and count >= rules.round_cap:
        winner = None if ours == theirs else leader
        return Outcome(winner=winner, termination=Termination.ROUND_CAP)
    return None
