"""Match equity: a side's chance of winning the game from a score, for bots that search.

A search bot judges each play-out by the game it leaves, not by the round's points: near
the end a few points decide everything, far from it they matter little. The chance is a
normal approximation of the race to the target: each side's score, less the part of a
bag penalty its bags already owe, and the difference's spread over the rounds the game
still has to run (about `PACE` points a round for the side that leads the race, each
round's difference spread by `SPREAD`, fewer rounds under a round cap).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from spades._state import State

__all__ = ["PACE", "SPREAD", "win_chance"]

PACE: Final = 55.0
"""Points a side makes in a round, about, when it plays well."""
SPREAD: Final = {4: 90.0, 3: 70.0, 2: 70.0}
"""The standard deviation of one round's difference between the sides, by players. Three
players (rule-three-players): four players' scaled by the two spreads in the heuristic
bot's own games, a round's difference between two players about 52 points against 68."""


def win_chance(state: State, side: int) -> float:
    """The chance, from 0 to 1, that ``side`` wins the game from ``state``'s scores.

    A game that is over is won (1), lost (0) or drawn (one half). With more than two sides
    (four players solo, rule-solo; three players, rule-three-players) the race is against
    the strongest other side.

    >>> from spades import CLASSIC, new_game
    >>> win_chance(new_game(CLASSIC, seed=1), 0)
    0.5
    """
    outcome = state.outcome
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.winner == side)
    rules = state.rules
    owed = [rules.bag_penalty * bags / rules.bag_limit for bags in state.bags]
    standing = [score - owe for score, owe in zip(state.scores, owed, strict=True)]
    ours = standing[side]
    theirs = max(value for other, value in enumerate(standing) if other != side)
    rounds = max(0.5, (rules.target - max(ours, theirs)) / PACE)
    if rules.round_cap is not None:
        rounds = min(rounds, max(0.5, rules.round_cap - len(state.rounds)))
    spread = SPREAD[rules.players] * math.sqrt(rounds)
    return 0.5 * (1.0 + math.erf((ours - theirs) / (spread * math.sqrt(2.0))))
