"""The bots under solo games: four players each on her own (rule-solo)."""

from __future__ import annotations

import attrs
import pytest

from spades import Bid, Phase, Ruleset, apply, legal_moves, new_game, observe
from spades._state import evolve_state
from spades.bots import BOTS, play_game
from spades.bots._equity import win_chance
from spades.bots._playing import Table

SOLO = Ruleset(solo=True, round_cap=2)


@pytest.mark.parametrize("name", ["heuristic", "fallback", "random", "search"])
def test_every_bot_plays_solo_games_to_their_end(name: str) -> None:
    """Rule: rule-solo."""
    rules = SOLO if name != "search" else attrs.evolve(SOLO, round_cap=1)
    state = play_game(rules, [BOTS[name](seat) for seat in range(4)], seed=3)
    assert state.is_over
    assert len(state.scores) == 4


def test_a_solo_table_s_opponents_are_the_three_other_seats() -> None:
    """Rule: rule-solo."""
    state = new_game(SOLO, seed=5)
    while state.phase is not Phase.PLAYING:
        state = apply(state, Bid(3))
    seat = state.to_move
    assert seat is not None
    table = Table(observe(state, seat))
    assert table.partner is None
    assert table.opponents == tuple(other for other in range(4) if other != seat)
    assert legal_moves(state)


def test_win_chance_races_the_strongest_other_player() -> None:
    """With four sides the chance is that of the race against the leading other player.

    Rule: rule-solo.
    """
    state = new_game(SOLO, seed=1)
    assert win_chance(state, 2) == 0.5
    ahead = evolve_state(state, scores=(100, 0, 0, 0))
    assert win_chance(ahead, 0) > 0.5 > win_chance(ahead, 1)
