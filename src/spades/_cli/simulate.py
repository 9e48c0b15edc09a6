"""``spades simulate``: bots play many games, on one process or several; a summary.

Game ``i`` (from 0) of a simulation seeded with ``seed`` has the seed `game_seed`, so the
summary is the same whatever the number of workers.
"""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Final, NamedTuple

from spades import Termination, seats_of
from spades._cli import games as _games
from spades._cli.text import rules_lines, show, side_name
from spades.bots import fallback_move, heuristic_policy, random_policy

if TYPE_CHECKING:
    from collections.abc import Iterable

    from spades import Ruleset, State
    from spades.bots import Policy

__all__ = [
    "COUNTERS",
    "OPPONENTS",
    "GameResult",
    "game_seed",
    "side_counts",
    "simulate",
    "simulate_game",
    "summary",
]

OPPONENTS: Final = ("heuristic", "random", "fallback")
"""The bots that may play for side 1 (side 0 is always heuristic)."""

COUNTERS: Final = (
    "nil bids",
    "nils made",
    "blind nil bids",
    "blind nils made",
    "contracts",
    "contracts made",
    "bags",
    "bag penalties",
    "penalty points",
)
"""What `GameResult` counts for each side over a game's rounds."""


class GameResult(NamedTuple):
    """One simulated game: who won, how it ended, its rounds, each side's score and counts."""

    winner: int | None
    ending: str
    """The `Termination` value, or ``"stopped"`` after `ROUND_LIMIT` rounds."""
    rounds: int
    scores: tuple[int, int]
    counts: tuple[tuple[int, ...], tuple[int, ...]]
    """For each side, the `COUNTERS` in order."""


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` (from 0) of a simulation seeded with ``seed``.

    >>> game_seed(1, 0) == int.from_bytes(
    ...     hashlib.blake2b(b"1:0", digest_size=16).digest(), "little"
    ... )
    True
    """
    digest = hashlib.blake2b(f"{seed}:{game}".encode(), digest_size=16).digest()
    return int.from_bytes(digest, "little")


def simulate_game(task: tuple[Ruleset, int, str, int | None]) -> GameResult:
    """Play one game: heuristic bots for side 0, ``opponents`` for side 1."""
    rules, seed, opponents, limit = task
    policies = [
        _bot("heuristic" if seat % 2 == 0 else opponents, seed, seat)
        for seat in range(rules.players)
    ]
    state = _games.run_game(rules, policies, seed=seed, limit=limit)
    outcome = state.outcome
    counts = tuple(side_counts(state, side) for side in (0, 1))
    return GameResult(
        winner=None if outcome is None else outcome.winner,
        ending="stopped" if outcome is None else outcome.termination.value,
        rounds=len(state.rounds),
        scores=state.scores,
        counts=(counts[0], counts[1]),
    )


def _bot(kind: str, seed: int, seat: int) -> Policy:
    if kind == "heuristic":
        return heuristic_policy()
    if kind == "random":
        return random_policy(game_seed(seed, seat))
    return fallback_move


def side_counts(state: State, side: int) -> tuple[int, ...]:
    """The `COUNTERS` of ``side`` over the game's completed rounds, in order."""
    rules = state.rules
    counts = dict.fromkeys(COUNTERS, 0)
    for score in state.rounds:
        for seat in seats_of(rules, side):
            bid = score.bids[seat]
            if bid.n == 0:
                kind = "blind nil" if bid.blind else "nil"
                counts[f"{kind} bids"] += 1
                counts[f"{kind}s made"] += score.tricks[seat] == 0
        detail = score.sides[side]
        if detail.contract:
            counts["contracts"] += 1
            counts["contracts made"] += detail.made
        counts["bags"] += detail.overtricks + detail.nil_bags
        if detail.bag_penalty:
            counts["bag penalties"] += -detail.bag_penalty // rules.bag_penalty
            counts["penalty points"] += detail.bag_penalty
    return tuple(counts.values())


def simulate(
    rules: Ruleset, name: str, *, seed: int, games: int, workers: int, opponents: str
) -> int:
    """Play ``games`` games on ``workers`` processes; progress on stderr, summary on stdout."""
    limit = _games.round_limit(rules)
    tasks = [(rules, game_seed(seed, game), opponents, limit) for game in range(games)]
    results: list[GameResult] = []
    step = max(1, games // 100)  # the progress line: at most about a hundred updates
    with contextlib.ExitStack() as stack:
        outcomes: Iterable[GameResult]
        if workers > 1:
            context = multiprocessing.get_context("spawn")  # the same on every platform
            pool = stack.enter_context(ProcessPoolExecutor(min(workers, games), mp_context=context))
            outcomes = pool.map(simulate_game, tasks, chunksize=max(1, games // (8 * workers)))
        else:
            outcomes = map(simulate_game, tasks)
        for result in outcomes:  # in game order, whatever the worker count
            results.append(result)
            if len(results) % step == 0 or len(results) == games:
                progress = f"\rsimulate: {len(results)}/{games} games"
                print(progress, end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    against = (
        "Heuristic bots in every seat."
        if opponents == "heuristic"
        else f"Heuristic bots (side 0) against {opponents} bots (side 1)."
    )
    show(f"Spades simulation: {games} games, rules {name}, seed {seed}.", against)
    show(*rules_lines(rules))
    show(*summary(rules, results, limit))
    return 0


def summary(rules: Ruleset, results: list[GameResult], limit: int | None) -> list[str]:
    """The simulation's summary from its games' results, in game order."""
    games = len(results)
    rounds = sum(result.rounds for result in results)
    names = [side_name(rules, side) for side in (0, 1)]

    def share(part: int, whole: int) -> str:
        return f"{whole}, {part} ({100 * part / whole:.1f}%)" if whole else "0"

    def percent(part: int) -> str:
        return f"{part} ({100 * part / games:.1f}%)"

    def row(label: str, values: Iterable[str]) -> str:
        return f"  {label:<24}" + "".join(f"{value:>22}" for value in values)

    count = [dict.fromkeys(COUNTERS, 0), dict.fromkeys(COUNTERS, 0)]
    for result in results:
        for side in (0, 1):
            for name, value in zip(COUNTERS, result.counts[side], strict=True):
                count[side][name] += value
    endings = dict.fromkeys((*(t.value for t in Termination), "stopped"), 0)
    for result in results:
        endings[result.ending] += 1
    lines = [
        row("", names),
        row("wins", (percent(sum(r.winner == side for r in results)) for side in (0, 1))),
        row(
            "mean points per round",
            (f"{sum(r.scores[side] for r in results) / rounds:+.2f}" for side in (0, 1)),
        ),
        row("nil bids, made", (share(c["nils made"], c["nil bids"]) for c in count)),
        row(
            "blind nil bids, made",
            (share(c["blind nils made"], c["blind nil bids"]) for c in count),
        ),
        row("contracts, made", (share(c["contracts made"], c["contracts"]) for c in count)),
        row("bags per round", (f"{c['bags'] / rounds:.2f}" for c in count)),
        row(
            "bag penalties, points", (f"{c['bag penalties']}, {c['penalty points']}" for c in count)
        ),
    ]
    draws = sum(r.winner is None and r.ending != "stopped" for r in results)
    lines.append(f"  draws: {percent(draws)}; rounds: {rounds}, {rounds / games:.1f} a game")
    ended = ", ".join(f"{ending.replace('_', ' ')} {n}" for ending, n in endings.items())
    lines.append(f"  endings: {ended}")
    if endings["stopped"]:
        lines.append(f"  stopped: no winner after {limit} rounds in {endings['stopped']} of them")
    return lines
