"""Turns per second of the PettingZoo and Gymnasium environments, under every preset.

    python benchmarks/adapters.py [--seconds S] [--pettingzoo-benchmark]

PettingZoo: the loop of ``pettingzoo.test.performance_benchmark``, timed here for each
preset (that function only prints, for one environment): on ``env(rules)``, as wrapped
for users, each turn is ``last()`` (the agent's observation and mask) and a random action
of the mask, the environment reset when its game ends. Gymnasium: random masked actions
on ``env(rules)`` with the heuristic bot in the other seats; a step is one of the agent's
actions, then the bots' moves up to her next turn, and the turns counted are every
seat's (the agent's steps per second are given too). The rates are per second of this
process's CPU time (`time.process_time`), so that other work on the machine does not
change them much. ``--pettingzoo-benchmark`` runs PettingZoo's own function as well, on
CLASSIC (per second of wall-clock time, as it measures).
"""

from __future__ import annotations

import argparse
import random
import time
from importlib import metadata

import numpy as np

from spades import PRESETS, Move, Ruleset, View
from spades.adapters import gymnasium as spades_gymnasium
from spades.adapters import pettingzoo as spades_pettingzoo
from spades.bots import heuristic_policy


def pettingzoo_turns(rules: Ruleset, seconds: float, seed: int) -> tuple[int, float]:
    """Random masked turns on the PettingZoo environment for about ``seconds`` of CPU."""
    rng = random.Random(seed)
    env = spades_pettingzoo.env(rules)
    env.reset(seed=seed)
    turns = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in env.agent_iter(env.num_agents):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                assert obs is not None
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            env.step(action)
            turns += 1
            if all(env.terminations.values()) or all(env.truncations.values()):
                env.reset()
    return turns, time.process_time() - start


def gymnasium_turns(rules: Ruleset, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random masked steps on the Gymnasium environment: its steps, every seat's turns
    (the agent's steps and the bots' moves), and the time taken."""
    rng = random.Random(seed)
    heuristic = heuristic_policy()
    bot_moves = 0

    def counted(view: View) -> Move:
        nonlocal bot_moves
        bot_moves += 1
        return heuristic(view)

    env = spades_gymnasium.env(rules, opponents=counted)
    _, info = env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        _, _, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            _, info = env.reset()
    return steps, steps + bot_moves, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per preset and framework")
    parser.add_argument("--pettingzoo-benchmark", action="store_true")
    args = parser.parse_args()
    versions = ", ".join(f"{name} {metadata.version(name)}" for name in ("pettingzoo", "gymnasium"))
    print(f"spades {metadata.version('spades')}; {versions}; {args.seconds:g} CPU s each")
    print(f"{'':<14} {'PettingZoo':>11} {'Gymnasium, heuristic bots':>27}")
    print(f"{'preset':<14} {'turns/s':>11} {'steps/s':>13} {'turns/s':>13}")
    for name, rules in PRESETS.items():
        turns, elapsed = pettingzoo_turns(rules, args.seconds, 0)
        steps, all_turns, gym_elapsed = gymnasium_turns(rules, args.seconds, 0)
        print(
            f"{name:<14} {turns / elapsed:11,.0f} {steps / gym_elapsed:13,.0f}"
            f" {all_turns / gym_elapsed:13,.0f}"
        )
    if args.pettingzoo_benchmark:
        from pettingzoo.test.performance_benchmark import performance_benchmark  # noqa: PLC0415

        performance_benchmark(spades_pettingzoo.env(PRESETS["classic"]))  # type: ignore[no-untyped-call]


if __name__ == "__main__":
    main()
