"""The search bot against the heuristic bot in duplicate, a deal at a time, with progress.

    python benchmarks/search_duel.py RULES PAIRS [--first J] [--playouts P] [--target T]

Deal ``j`` (from ``--first``, default 0) is a game of ``RULES`` (a preset name, its target
set to ``T``, default 200, for shorter games) with the seed ``1000 + j``, played twice: the
search bot (``search_policy(playouts=P, seed=j)``, default 240 play-outs) for side 0 and
the heuristic for side 1, then the sides swapped. A pair scores 1, 0.5 or 0 for the search
bot (a draw, or a game stopped after 60 rounds, counts a half a game). After each pair it
prints the pair's score, the mean so far with its 95% interval over the pairs (1.96
standard errors) and the median milliseconds of the search bot's decisions so far, all of
them and those with more than one legal move. The
figures on the bots page of the docs come from this script; ``spades duel search
heuristic`` plays the same kind of match through the command line.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import TYPE_CHECKING

import attrs

import spades
from spades.bots import heuristic_policy, play_game, search_policy

if TYPE_CHECKING:
    from spades import Move, View
    from spades.bots import Policy


def timed(policy: Policy, times: list[float], chosen: list[float]) -> Policy:
    """``policy``, its decision times appended to ``times``, and to ``chosen`` those of
    the decisions with more than one legal move."""

    def choose(view: View) -> Move:
        start = time.perf_counter()
        move = policy(view)
        times.append(time.perf_counter() - start)
        if len(view.legal_moves()) > 1:
            chosen.append(times[-1])
        return move

    return choose


def pair_score(
    rules: spades.Ruleset, deal: int, playouts: int, times: tuple[list[float], list[float]]
) -> float:
    """The search bot's score over the two games of deal ``deal``."""
    score = 0.0
    for search_side in (0, 1):
        search = timed(search_policy(playouts=playouts, seed=deal), *times)
        heuristic = heuristic_policy()
        policies = [
            search if seat % 2 == search_side else heuristic for seat in range(rules.players)
        ]
        final = play_game(rules, policies, seed=1000 + deal, max_rounds=60)
        winner = None if final.outcome is None else final.outcome.winner
        score += 0.5 if winner is None else float(winner == search_side)
    return score / 2


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("rules", help="a preset: classic, miniokey or two-handed")
    parser.add_argument("pairs", type=int, help="how many deals, each played twice")
    parser.add_argument("--first", type=int, default=0, help="the first deal (default 0)")
    parser.add_argument("--playouts", type=int, default=240, help="the search bot's budget")
    parser.add_argument("--target", type=int, default=200, help="the game's target")
    args = parser.parse_args(argv)
    rules = attrs.evolve(spades.find_ruleset(args.rules), target=args.target)
    scores: list[float] = []
    times: tuple[list[float], list[float]] = ([], [])
    for deal in range(args.first, args.first + args.pairs):
        scores.append(pair_score(rules, deal, args.playouts, times))
        mean = statistics.mean(scores)
        spread = statistics.stdev(scores) if len(scores) > 1 else 0.0
        half = 1.96 * spread / len(scores) ** 0.5
        print(
            f"deal {deal}: {scores[-1]}  mean {mean:.3f} ± {half:.3f}  pairs {len(scores)}  "
            f"median ms {1000 * statistics.median(times[0]):.1f} "
            f"(with a choice {1000 * statistics.median(times[1] or [0.0]):.1f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
