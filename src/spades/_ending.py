"""When a game ends: the target, the losing floor and the round cap, checked after a round."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from spades._errors import SpadesError, shown
from spades._rules import Ruleset, whole_number
from spades._state import Outcome, Termination

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["outcome_after", "outcome_unchecked"]


def outcome_after(rules: Ruleset, scores: Sequence[int], rounds: int) -> Outcome | None:
    """How the game ends with these totals after ``rounds`` rounds, or None if it goes on.

    The end of the game (rule-game-end), checked after every round: once a side is at the
    target, the side with the highest total wins; when two share the highest, another
    round is played (rule-target). Short of the target, a side at or below the losing floor
    ends the game the same way, the highest total winning unless shared
    (rule-losing-floor). At the round cap the highest total wins, and a shared highest
    draws (rule-round-cap). ``scores`` are the sides' totals, one a side (two, or four when
    four play solo, rule-solo); each number may be any integer ``operator.index`` takes,
    but not a bool.

    >>> from spades import MINIOKEY, Ruleset
    >>> outcome_after(MINIOKEY, (510, 520), 9)
    Outcome(winner=1, termination=<Termination.TARGET: 'target'>)
    >>> outcome_after(MINIOKEY, (520, 520), 9) is None
    True
    >>> outcome_after(Ruleset(solo=True), (510, 180, 530, -40), 9)
    Outcome(winner=2, termination=<Termination.TARGET: 'target'>)
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"outcome_after takes a Ruleset, not {type(rules).__name__}")
    sides = rules.sides
    given = scores if isinstance(scores, (tuple, list)) and len(scores) == sides else ()
    totals = [whole_number(score) for score in given]
    count = whole_number(rounds)
    if not totals or None in totals or count is None:
        raise TypeError(
            f"outcome_after takes {sides} whole-number scores and a number of rounds, not "
            f"{shown(scores)} and {shown(rounds)}"
        )
    if count < 0:
        raise SpadesError(f"a number of rounds is never negative, not {shown(count)}")
    return outcome_unchecked(rules, cast("list[int]", totals), count)


def outcome_unchecked(rules: Ruleset, totals: Sequence[int], count: int) -> Outcome | None:
    """`outcome_after` of totals known to be whole numbers, one a side: the engine's form."""
    best = max(totals)
    leader = totals.index(best)
    alone = totals.count(best) == 1  # the highest total is one side's
    if best >= rules.target:
        if alone:
            return Outcome(winner=leader, termination=Termination.TARGET)
    elif rules.losing_floor is not None and min(totals) <= rules.losing_floor and alone:
        return Outcome(winner=leader, termination=Termination.LOSING_FLOOR)
    if rules.round_cap is not None and count >= rules.round_cap:
        return Outcome(winner=leader if alone else None, termination=Termination.ROUND_CAP)
    return None
