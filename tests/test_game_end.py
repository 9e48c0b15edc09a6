"""The end of the game: only at the end of a round, by the first of the target, the losing
floor and the round cap that applies, as the tests' reference (`oracle`) reads the rules."""

from __future__ import annotations

import random

import pytest

from helpers import expected_outcome
from spades import (
    MINIOKEY,
    Bid,
    Phase,
    Ruleset,
    apply,
    legal_moves,
    new_game,
    observe,
)
from spades.bots import heuristic_policy

NUMBERED = tuple(Bid(n) for n in range(1, 14))


@pytest.mark.parametrize(
    "rules",
    [
        MINIOKEY,
        Ruleset(target=150, round_cap=6),
        Ruleset(target=300, losing_floor=-100, round_cap=8),
        Ruleset(target=10_000, round_cap=3),
    ],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("players", ["random", "heuristic"])
def test_the_game_ends_only_at_the_end_of_a_round_by_the_first_check_that_applies(
    rules: Ruleset, seed: int, players: str
) -> None:
    """The game ends only at the end of a round, after its scores are added; the target,
    the losing floor and the round cap are checked in that order.

    Random players mostly end at the floor or the cap, the heuristic bots at the target.

    Rules: rule-game-end, rule-target, rule-losing-floor, rule-round-cap.
    """
    policy = heuristic_policy()
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while not state.is_over:
        before = len(state.rounds)
        moves = legal_moves(state)
        if state.phase is Phase.BIDDING:  # bids up to 6, so that rounds end either way
            moves = tuple(bid for bid in moves if bid in (Bid(0), *NUMBERED[:6]))
        if players == "heuristic":
            assert state.to_move is not None
            move = policy(observe(state, state.to_move))
        else:
            move = rng.choice(moves)
        state = apply(state, move)
        if len(state.rounds) == before:
            assert not state.is_over  # no end in the middle of a round
            continue
        totals = (
            sum(score.points[0] for score in state.rounds),
            sum(score.points[1] for score in state.rounds),
        )
        assert state.scores == totals
        assert state.outcome == expected_outcome(rules, totals, len(state.rounds))
        if state.outcome is None:
            assert state.phase is Phase.BIDDING
            assert state.round_number == len(state.rounds) + 1
    assert state.phase is Phase.GAME_OVER
    assert legal_moves(state) == ()
