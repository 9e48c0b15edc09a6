"""The search bot against the heuristic bot in duplicate, a deal at a time, with progress.

    python benchmarks/search_duel.py RULES PAIRS [--first J] [--playouts P] [--target T]

Deal ``j`` (from ``--first``, default 0) is the one-deal duel `spades.bots.duel` seeded
with ``j``: a game of ``RULES`` (a preset name, its target set to ``T``, default 200, for
shorter games) on the seed ``game_seed(j, 0)``, played twice, the search bot
(``search_policy(playouts=P)``, default 240 play-outs, seeded by game and seat as every
duel seeds its bots) for side 0 and the heuristic for side 1, then the sides swapped. A
pair scores 0, 1/4, 1/2, 3/4 or 1 for the search bot (a draw, or a game stopped after 60
rounds, counts a half a game). After each pair it prints the pair's score, the mean so far
with its 95% interval over the pairs (`spades.bots.wilson_interval`) and the median
milliseconds of the search bot's decisions so far, all of them and those with more than
one legal move. ``spades duel search heuristic`` plays the same kind of match through the
command line, all the deals at once, on workers or Ray.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import TYPE_CHECKING

import attrs

import spades
from spades.bots import duel, search_policy, wilson_interval

if TYPE_CHECKING:
    from spades import Move, View
    from spades.bots import BotMaker, Policy


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


def searcher(playouts: int, times: list[float], chosen: list[float]) -> BotMaker:
    """The maker of the search bot on ``playouts`` play-outs, its decisions timed."""

    def make(seed: int) -> Policy:
        return timed(search_policy(playouts=playouts, seed=seed), times, chosen)

    make.__name__ = f"search ({playouts} play-outs)"
    return make


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
    search = searcher(args.playouts, *times)  # played here (one worker): no pickling
    for deal in range(args.first, args.first + args.pairs):
        result = duel(search, "heuristic", rules, deals=1, seed=deal, max_rounds=60)
        scores.append(result.win_rate)
        low, high = wilson_interval(scores)
        print(
            f"deal {deal}: {scores[-1]}  mean {statistics.fmean(scores):.3f} "
            f"[{low:.3f}, {high:.3f}]  pairs {len(scores)}  "
            f"median ms {1000 * statistics.median(times[0]):.1f} "
            f"(with a choice {1000 * statistics.median(times[1] or [0.0]):.1f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
