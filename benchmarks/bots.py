"""The heuristic bot against the random and the fallback bots, under every preset.

    python benchmarks/bots.py [--games N] [--seed S] [--workers K]

For every preset in `spades.PRESETS` and each opponent, ``N`` seeded games (default
1000) through `spades.bots.play_game`, spread over ``K`` processes (default: the CPUs).
Four players: the heuristic on seats 0 and 2, the opponent on seats 1 and 3, the dealer
turning round the table from game to game; two players: the heuristic on seat 0, the
dealer alternating. The random seats each get their own seed. Game ``i`` uses the seed
``S * 1_000_000 + i``, so a run is reproducible and the figures do not depend on
``--workers``.

The rules are the presets as they are, with one addition: a preset without a round cap
(``classic``, ``two-handed``) has no floor either, and a side that keeps missing its bids
may never reach the target, so those games stop after `ROUND_CAP` rounds, where the higher
score wins (the output counts them in the ``capped`` column).

Reported per preset and opponent: the heuristic side's wins, the opponent's, draws, games
stopped at the cap, rounds per game, mean points per round of each side, and nil bids
(blind and double nil included) made and made good by each side.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

import attrs

import spades
from spades import Termination
from spades.bots import fallback_move, heuristic_policy, play_game, random_policy

if TYPE_CHECKING:
    from spades import Ruleset, State
    from spades.bots import Policy

ROUND_CAP = 100
"""Rounds after which a game of a preset without a cap stops (the higher score wins)."""
OPPONENTS = ("random", "fallback")


@attrs.define
class Tally:
    """What a batch of games added up to; tallies of batches add up."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    capped: int = 0
    rounds: int = 0
    points: list[int] = attrs.Factory(lambda: [0, 0])
    nils: list[int] = attrs.Factory(lambda: [0, 0])
    nils_made: list[int] = attrs.Factory(lambda: [0, 0])

    def add(self, other: Tally) -> None:
        for name in ("games", "wins", "losses", "draws", "capped", "rounds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("points", "nils", "nils_made"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for side in (0, 1):
                mine[side] += theirs[side]

    def count(self, state: State, capped_rules: bool) -> None:
        """Add one finished game (the heuristic is side 0)."""
        outcome = state.outcome
        assert outcome is not None
        self.games += 1
        if outcome.winner is None:
            self.draws += 1
        elif outcome.winner == 0:
            self.wins += 1
        else:
            self.losses += 1
        if capped_rules and outcome.termination is Termination.ROUND_CAP:
            self.capped += 1
        self.rounds += len(state.rounds)
        for score in state.rounds:
            for side in (0, 1):
                self.points[side] += score.points[side]
            for seat, bid in enumerate(score.bids):
                if bid.is_nil:
                    self.nils[seat % 2] += 1
                    if score.tricks[seat] == 0:
                        self.nils_made[seat % 2] += 1


def game_rules(name: str) -> tuple[Ruleset, bool]:
    """The preset called ``name``, capped at `ROUND_CAP` rounds if it has no cap; and whether."""
    rules = spades.PRESETS[name]
    if rules.round_cap is None:
        return attrs.evolve(rules, round_cap=ROUND_CAP), True
    return rules, False


def policies(players: int, opponent: str, seed: int) -> list[Policy]:
    """The heuristic on the even seats, ``opponent`` on the odd ones."""
    heuristic = heuristic_policy()
    seats: list[Policy] = []
    for seat in range(players):
        if seat % 2 == 0:
            seats.append(heuristic)
        elif opponent == "random":
            seats.append(random_policy(seed * 4 + seat))
        else:
            seats.append(fallback_move)
    return seats


def run_batch(job: tuple[str, str, int, range]) -> Tally:
    """Play the games ``games`` of one preset against one opponent."""
    name, opponent, base, games = job
    rules, capped = game_rules(name)
    tally = Tally()
    for game in games:
        seed = base * 1_000_000 + game
        state = play_game(
            rules,
            policies(rules.players, opponent, seed),
            seed=seed,
            dealer=game % rules.players,
        )
        tally.count(state, capped)
    return tally


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def row(name: str, opponent: str, tally: Tally) -> str:
    games, rounds = tally.games, max(1, tally.rounds)
    nils = " ".join(f"{tally.nils_made[s]:>4}/{tally.nils[s]:<4}" for s in (0, 1))
    return (
        f"{name:<13}{opponent:<9}{games:>6} {percent(tally.wins, games)} "
        f"{percent(tally.losses, games)} {percent(tally.draws, games)} {tally.capped:>6} "
        f"{tally.rounds / max(1, games):>7.1f} {tally.points[0] / rounds:>7.1f} "
        f"{tally.points[1] / rounds:>7.1f}  {nils}"
    )


HEADER = (
    f"{'preset':<13}{'vs':<9}{'games':>6} {'wins':>6} {'losses':>6} {'draws':>6} "
    f"{'capped':>6} {'rounds':>7} {'pts/rd':>7} {'opp':>7}  {'nil H':<9} {'nil opp':<9}"
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per preset and opponent")
    parser.add_argument("--seed", type=int, default=0, help="the base seed (default 0)")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: CPUs)"
    )
    args = parser.parse_args(argv)

    batch = max(1, min(50, args.games // max(1, args.workers * 4)))
    jobs = [
        (name, opponent, args.seed, range(start, min(args.games, start + batch)))
        for name in spades.PRESETS
        for opponent in OPPONENTS
        for start in range(0, args.games, batch)
    ]
    start = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(run_batch, jobs))
    else:
        results = [run_batch(job) for job in jobs]
    tallies: dict[tuple[str, str], Tally] = {}
    for (name, opponent, _, _), tally in zip(jobs, results, strict=True):
        tallies.setdefault((name, opponent), Tally()).add(tally)
    elapsed = time.perf_counter() - start

    print(
        f"heuristic (side 0) against random and fallback bots, {args.games} games each, "
        f"seed {args.seed}; presets without a round cap stop after {ROUND_CAP} rounds"
    )
    print(HEADER)
    for (name, opponent), tally in tallies.items():
        print(row(name, opponent, tally))
    print(
        "wins/losses/draws: the heuristic side's; pts/rd, opp: mean points per round of the "
        "heuristic side and of its opponents; nil: made/bid (blind and double nil included)"
    )
    print(f"{sum(t.games for t in tallies.values())} games in {elapsed:.1f} s")


if __name__ == "__main__":
    main()
