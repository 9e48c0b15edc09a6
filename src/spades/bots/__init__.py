"""Bots: policies that choose a move from a player's `View`, and a loop that plays games.

A policy is any callable from a `View` to a legal move of that view. Three come with the
library: `random_policy` (uniform among the legal moves, seeded), `fallback_move` (source
B's timeout rule, for a player who does not answer in time), `heuristic_policy` (a
plain but sound player) and `search_policy` (Monte Carlo search over deals sampled from
its view, judged by the chance to win the game). `play_game` plays one game between
policies, one per seat. `BOTS` names them, and `make_bot` makes one by its name. `duel`
plays two bots against each other in duplicate (each deal twice, the sides swapped) and
gives the win rate with its 95% interval (`wilson_interval` over the deals).

>>> from spades import Ruleset
>>> from spades.bots import fallback_move, play_game, random_policy
>>> state = play_game(Ruleset(round_cap=3), [random_policy(1), fallback_move] * 2, seed=3)
>>> state.is_over, len(state.rounds)
(True, 3)
"""

from spades._public import present_as_public
from spades.bots._duel import (
    COUNTERS,
    ROUND_LIMIT,
    Bot,
    DuelResult,
    PolicyStats,
    deal_seatings,
    duel,
    game_seed,
    seat_policies,
    side_counts,
    wilson_interval,
)
from spades.bots._fallback import fallback_move
from spades.bots._heuristic import heuristic_policy
from spades.bots._play import Policy, play_game
from spades.bots._random import random_policy
from spades.bots._registry import BOTS, BotMaker, make_bot
from spades.bots._search import search_policy

__all__ = [
    "BOTS",
    "COUNTERS",
    "ROUND_LIMIT",
    "Bot",
    "BotMaker",
    "DuelResult",
    "Policy",
    "PolicyStats",
    "deal_seatings",
    "duel",
    "fallback_move",
    "game_seed",
    "heuristic_policy",
    "make_bot",
    "play_game",
    "random_policy",
    "search_policy",
    "seat_policies",
    "side_counts",
    "wilson_interval",
]

present_as_public(globals(), __all__)
