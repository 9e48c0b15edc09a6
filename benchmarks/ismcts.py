"""OpenSpiel's ISMCTS against the library's bots, on ``python_spades``.

    python benchmarks/ismcts.py [--rules NAME] [--max-rounds N] [--games G]
                                [--simulations S] [--seed SEED]

One side is OpenSpiel's ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``: UCT with
c = 2, one random rollout per evaluation, worlds drawn by the game's
``resample_from_infostate``), the other a `spades.bots` policy, heuristic then random; each
opponent plays ``G`` games, the sides swapping every game, the seat order kept. A game is
``python_spades`` under the rules named, ended after ``--max-rounds`` rounds as a round
cap ends it. Prints, per opponent, the games, ISMCTS's wins, losses and draws, the mean
return of each side (+1 a win, -1 a loss), the mean points per round of each side, and
the time per move of each. It needs OpenSpiel (``pip install 'spades[openspiel]'``).
"""

from __future__ import annotations

import argparse
import time
from importlib import metadata
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import spades.adapters.openspiel  # noqa: F401  (registers python_spades)
from spades import observe, side_of
from spades.bots import Policy, heuristic_policy, random_policy
from spades.encoding import actions_of


def play(
    game: Any, bot: Any, policy: Policy, side: int, rng: np.random.RandomState
) -> dict[str, Any]:
    """One game: ISMCTS for the seats of ``side``, ``policy`` for the others."""
    rules = game.rules
    state = game.new_initial_state()
    queued: list[int] = []  # the rest of a move of several cards the policy chose
    clock = {"ismcts": [0.0, 0], "policy": [0.0, 0]}
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=odds)))
            continue
        seat = state.current_player()
        who = "ismcts" if side_of(rules, seat) == side else "policy"
        start = time.perf_counter()
        if who == "ismcts":
            action = int(bot.step(state))
        else:
            if not queued:
                queued = list(actions_of(policy(observe(state.game_state, seat)), rules))
            action = queued.pop(0)
        clock[who][0] += time.perf_counter() - start
        clock[who][1] += 1
        state.apply_action(action)
    returns = state.returns()
    seats = {
        s: [seat for seat in range(rules.players) if side_of(rules, seat) == s] for s in (0, 1)
    }
    rounds = state.game_state.rounds
    return {
        "return": returns[seats[side][0]],
        "other": returns[seats[1 - side][0]],
        "points": sum(r.points[side] for r in rounds) / len(rounds),
        "other_points": sum(r.points[1 - side] for r in rounds) / len(rounds),
        "clock": clock,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--max-rounds", type=int, default=2)
    parser.add_argument("--games", type=int, default=4, help="games against each opponent")
    parser.add_argument("--simulations", type=int, default=50, help="ISMCTS simulations a move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game("python_spades", {"rules": args.rules, "max_rounds": args.max_rounds})
    print(
        f"open-spiel {metadata.version('open-spiel')}; {game}; ISMCTS: UCT c=2, "
        f"{args.simulations} simulations a move, one random rollout each"
    )
    opponents = {"heuristic": heuristic_policy(), "random": random_policy(args.seed)}
    for name, policy in opponents.items():
        rng = np.random.RandomState(args.seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations, random_state=rng)
        results = [play(game, bot, policy, index % 2, rng) for index in range(args.games)]
        wins = sum(r["return"] > 0 for r in results)
        losses = sum(r["return"] < 0 for r in results)
        draws = len(results) - wins - losses
        mean = {key: float(np.mean([r[key] for r in results])) for key in ("return", "other")}
        points = {
            key: float(np.mean([r[key] for r in results])) for key in ("points", "other_points")
        }
        per_move = {
            who: 1000
            * sum(r["clock"][who][0] for r in results)
            / max(1, sum(r["clock"][who][1] for r in results))
            for who in ("ismcts", "policy")
        }
        print(
            f"ISMCTS vs {name}: {len(results)} games, {wins} won, {losses} lost, {draws} drawn; "
            f"mean return {mean['return']:+.2f} against {mean['other']:+.2f}; "
            f"points a round {points['points']:.1f} against {points['other_points']:.1f}; "
            f"{per_move['ismcts']:.0f} ms an ISMCTS move, {per_move['policy']:.2f} ms a {name} move"
        )


if __name__ == "__main__":
    main()
