"""``spades duel``: two bots against each other in duplicate; win rate, bids, speed.

Deal ``j`` (from 0) of a duel seeded with ``seed`` has the seed `game_seed` ``(seed, j)``
and is played twice: game ``2j`` with bot A for side 0 (seats 0 and 2; with two players
seat 0) and bot B for side 1, game ``2j + 1`` with the sides swapped. A round's cards
follow from the game's seed and the round's number alone (`spades.round_deck`), so every
round that both games of a pair reach is dealt alike: the cards that A held in one game,
B holds in the other, and the luck of the cards cancels out. (With two players the deck
is the same but each player draws her own hand from it.)

A game scores 1 for A when A's side wins it, 0 when it loses, and a half when neither
does: a draw, or a game stopped after `ROUND_LIMIT` rounds of rules without a round cap.
A pair scores the mean of its two games: 0, 1/4, 1/2, 3/4 or 1. The two games of a pair
are not independent (they share their deals); the pairs are. So A's win rate is the mean
``m`` of the ``N`` pair scores (the same as its score over the ``2N`` games) and its 95%
confidence interval is ``m ± 1.96 · s / sqrt(N)``, with ``s`` the pair scores' sample
standard deviation, clipped to [0, 1] (`interval`); a single pair says nothing of the
spread, and its interval is all of [0, 1]. B's win rate and interval are A's from 1 down.
The same bot on both sides (deterministic, or seeded by seat as the random and search bots
are: `spades._cli.bots`) plays game ``2j + 1`` move for move as game ``2j``, with the
sides' names swapped: every pair scores exactly a half.

Each policy's decisions are timed with `time.perf_counter`, call by call: the only
figures that change from run to run. Everything else is the same whatever the number of
workers, and on Ray as well (`spades._cli._ray`), since the games' results are gathered in
game order.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from typing import TYPE_CHECKING, Final, NamedTuple

import attrs

from spades import SpadesError, side_of
from spades._cli import bots as _bots
from spades._cli import games as _games
from spades._cli import runs
from spades._cli.games import game_seed
from spades._cli.simulate import COUNTERS, GameResult, side_counts
from spades._cli.text import show
from spades._errors import shown
from spades._table_text import rules_lines, side_name

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence

    from spades import Move, Ruleset, View
    from spades.bots import Policy

__all__ = [
    "Z95",
    "DuelGame",
    "DuelResult",
    "PolicyStats",
    "command",
    "duel",
    "duel_game",
    "game_tasks",
    "interval",
    "summary",
]

Z95: Final = 1.96
"""The normal quantile of a two-sided 95% confidence interval."""


class DuelGame(NamedTuple):
    """One game of a duel: its result by side, and each side's exact contracts and times."""

    result: GameResult
    exact: tuple[int, int]
    """For each side, the contracts it made exactly (as many tricks as it bid)."""
    times: tuple[tuple[float, ...], tuple[float, ...]]
    """For each side, the seconds its policy took over each of its moves, in order."""


@attrs.frozen(kw_only=True)
class PolicyStats:
    """What one bot of a duel did over all its games, from its own side of the table."""

    name: str
    win_rate: float
    """Its score over the games: a win 1, a loss 0, a draw or a stopped game a half."""
    low: float
    """The lower end of the win rate's 95% confidence interval (see `interval`)."""
    high: float
    """The upper end of the win rate's 95% confidence interval."""
    wins: int
    losses: int
    draws: int
    """Drawn games (stopped games are neither wins, losses nor draws)."""
    points: int
    """Its sides' final scores added up."""
    contracts: int
    """Its side's contracts: rounds in which its non-nil bids added up to one or more."""
    contracts_made: int
    contracts_exact: int
    """Contracts made with exactly the tricks bid, no bag."""
    their_contracts: int
    """The opponents' contracts."""
    sets: int
    """The opponents' contracts that failed."""
    nil_bids: int
    nils_made: int
    blind_nil_bids: int
    blind_nils_made: int
    bags: int
    bag_penalties: int
    penalty_points: int
    moves: int
    mean_ms: float
    """Milliseconds per move, the mean."""
    median_ms: float
    """Milliseconds per move, the median."""


@attrs.frozen(kw_only=True)
class DuelResult:
    """A duel's outcome: bot A's pair scores, the games' length, and each bot's figures."""

    seed: int
    pair_scores: tuple[float, ...]
    """A's score in each pair, in pair order: 0, 0.25, 0.5, 0.75 or 1."""
    rounds: int
    """The rounds of all the games."""
    stopped: int
    """Games stopped without a winner after ``limit`` rounds."""
    limit: int | None
    """The round limit of the games (`games.round_limit`)."""
    a: PolicyStats
    b: PolicyStats

    @property
    def pairs(self) -> int:
        """How many deals were played twice."""
        return len(self.pair_scores)

    @property
    def games(self) -> int:
        """How many games were played: two a pair."""
        return 2 * self.pairs


def interval(scores: Sequence[float]) -> tuple[float, float]:
    """The 95% confidence interval of the mean of ``scores`` (independent, each in [0, 1]).

    The mean ± `Z95` times the sample standard deviation over the square root of their
    number, clipped to [0, 1]; a single score gives [0, 1].

    >>> interval([1, 0.5, 1, 1])
    (0.63, 1.0)
    >>> interval([0.5, 0.5]), interval([0.75])
    ((0.5, 0.5), (0.0, 1.0))
    """
    if len(scores) < 2:
        return 0.0, 1.0
    mean = statistics.fmean(scores)
    half = Z95 * statistics.stdev(scores) / math.sqrt(len(scores))
    return max(0.0, mean - half), min(1.0, mean + half)


def _timed(policy: Policy, times: list[float]) -> Policy:
    """``policy``, adding the seconds of each of its decisions to ``times``."""

    def move(view: View) -> Move:
        start = time.perf_counter()
        chosen = policy(view)
        times.append(time.perf_counter() - start)
        return chosen

    return move


def duel_game(task: tuple[Ruleset, int, tuple[str, str], int | None]) -> DuelGame:
    """Play the game of ``task``: rules, seed, the bots of sides 0 and 1, round limit."""
    rules, seed, bots, limit = task
    times: tuple[list[float], list[float]] = ([], [])
    policies = [
        _timed(policy, times[side_of(rules, seat)])
        for seat, policy in enumerate(_bots.policies(rules, seed, bots))
    ]
    state = _games.run_game(rules, policies, seed=seed, limit=limit)
    outcome = state.outcome
    counts = (side_counts(state, 0), side_counts(state, 1))
    exact = [0, 0]
    for score in state.rounds:
        for side, detail in enumerate(score.sides):
            exact[side] += detail.contract > 0 and detail.tricks == detail.contract
    result = GameResult(
        winner=None if outcome is None else outcome.winner,
        ending="stopped" if outcome is None else outcome.termination.value,
        rounds=len(state.rounds),
        scores=state.scores,
        counts=counts,
    )
    return DuelGame(result, (exact[0], exact[1]), (tuple(times[0]), tuple(times[1])))


def duel(
    rules: Ruleset,
    a: str,
    b: str,
    *,
    pairs: int,
    seed: int,
    workers: int = 1,
    ray: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> DuelResult:
    """Bots ``a`` and ``b`` (names in `spades._cli.bots.BOTS`) play ``pairs`` deals twice each.

    The games run on ``workers`` processes (spawned), or, if ``ray`` is given, as Ray
    tasks on the Ray at that address (`spades._cli.runs.on_ray`; ``workers`` is then not
    used): ``"local"`` starts a Ray on this machine for the duel, ``"auto"`` connects to
    the one running, anything else is a cluster's address for `ray.init`. They are made
    as they are played (`game_tasks`) and gathered in game order, so the result, the times
    aside, is the same for any ``workers`` and on Ray. The games' results are kept for the
    pairs' scores and the median time per move: a duel's memory grows with its games.
    ``progress`` (if given) is called with the games played and the games in all after
    each game. Raises `SpadesError` (a `ValueError`) for an unknown bot name, for fewer
    than one pair or one worker, or for ``ray`` without Ray installed or out of reach.
    """
    for bot in (a, b):
        _bots.factory(bot)
    if pairs < 1 or workers < 1:
        raise SpadesError(
            f"a duel needs a pair and a worker at least, not {shown(pairs)} and {shown(workers)}"
        )
    limit = _games.round_limit(rules)
    played: list[DuelGame] = []
    tasks = game_tasks(rules, a, b, seed=seed, pairs=pairs, limit=limit)
    with runs.played(duel_game, tasks, count=2 * pairs, workers=workers, ray=ray) as games:
        for game in games:  # in game order, whatever the worker count
            played.append(game)
            if progress is not None:
                progress(len(played), 2 * pairs)
    scores = [_score(game.result, number % 2) for number, game in enumerate(played)]
    pair_scores = tuple((scores[i] + scores[i + 1]) / 2 for i in range(0, len(scores), 2))
    low, high = interval(pair_scores)
    rate = statistics.fmean(pair_scores)
    return DuelResult(
        seed=seed,
        pair_scores=pair_scores,
        rounds=sum(game.result.rounds for game in played),
        stopped=sum(game.result.ending == "stopped" for game in played),
        limit=limit,
        a=_stats(a, played, 0, (rate, low, high)),
        b=_stats(b, played, 1, (1 - rate, 1 - high, 1 - low)),
    )


def game_tasks(
    rules: Ruleset, a: str, b: str, *, seed: int, pairs: int, limit: int | None
) -> Iterator[tuple[Ruleset, int, tuple[str, str], int | None]]:
    """The tasks of the games of ``pairs`` deals (see `duel_game`), made when asked.

    Game ``2j`` has A as side 0, game ``2j + 1`` B, both on deal ``j``'s seed.

    >>> import itertools
    >>> from spades import CLASSIC
    >>> tasks = game_tasks(CLASSIC, "search", "random", seed=1, pairs=10**18, limit=None)
    >>> [task[1:3] for task in itertools.islice(tasks, 2)] == [
    ...     (game_seed(1, 0), ("search", "random")),
    ...     (game_seed(1, 0), ("random", "search")),
    ... ]
    True
    """
    for pair in range(pairs):
        deal = game_seed(seed, pair)
        yield rules, deal, (a, b), limit
        yield rules, deal, (b, a), limit


def _score(result: GameResult, side: int) -> float:
    """What a game scores for ``side``: 1 for a win, 0 for a loss, a half otherwise."""
    if result.winner is None:
        return 0.5
    return 1.0 if result.winner == side else 0.0


def _stats(
    name: str, played: Sequence[DuelGame], first: int, rate: tuple[float, float, float]
) -> PolicyStats:
    """The figures of the bot that plays side ``first`` in the first game of each pair."""
    count = dict.fromkeys(COUNTERS, 0)
    their = dict.fromkeys(COUNTERS, 0)
    wins = losses = draws = points = exact = 0
    times: list[float] = []
    for number, game in enumerate(played):
        side = (first + number) % 2
        result = game.result
        wins += result.winner == side
        losses += result.winner == 1 - side
        draws += result.winner is None and result.ending != "stopped"
        points += result.scores[side]
        exact += game.exact[side]
        times.extend(game.times[side])
        for key, mine, theirs in zip(
            COUNTERS, result.counts[side], result.counts[1 - side], strict=True
        ):
            count[key] += mine
            their[key] += theirs
    return PolicyStats(
        name=name,
        win_rate=rate[0],
        low=rate[1],
        high=rate[2],
        wins=wins,
        losses=losses,
        draws=draws,
        points=points,
        contracts=count["contracts"],
        contracts_made=count["contracts made"],
        contracts_exact=exact,
        their_contracts=their["contracts"],
        sets=their["contracts"] - their["contracts made"],
        nil_bids=count["nil bids"],
        nils_made=count["nils made"],
        blind_nil_bids=count["blind nil bids"],
        blind_nils_made=count["blind nils made"],
        bags=count["bags"],
        bag_penalties=count["bag penalties"],
        penalty_points=count["penalty points"],
        moves=len(times),
        mean_ms=1000 * statistics.fmean(times),
        median_ms=1000 * statistics.median(times),
    )


def command(
    rules: Ruleset,
    name: str,
    a: str,
    b: str,
    *,
    seed: int,
    games: int,
    workers: int,
    ray: str | None = None,
) -> int:
    """``spades duel``: ``games`` deals played twice; progress on stderr, figures on stdout.

    Ctrl-C stops the games at once: a line on stderr, and the exit code 130.
    """
    played = [0]

    def progress(done: int, total: int) -> None:
        played[0] = done
        if runs.show_progress(done, total):
            print(f"\rduel: {done}/{total} games", end="", file=sys.stderr, flush=True)

    try:
        result = duel(
            rules, a, b, pairs=games, seed=seed, workers=workers, ray=ray, progress=progress
        )
    except KeyboardInterrupt:
        if played[0]:  # after the progress line
            print(file=sys.stderr)
        show(
            f"Interrupted: the duel stops after {played[0]} of {2 * games} games.",
            file=sys.stderr,
        )
        return 130
    print(file=sys.stderr)
    sides = [side_name(rules, side) for side in (0, 1)]
    show(
        f"Spades duel: {a} (A) against {b} (B), {games} deals, rules {name}, seed {seed}.",
        f"Each deal is played twice ({2 * games} games): A as {sides[0]}, then as {sides[1]}.",
    )
    show(*rules_lines(rules))
    show(*summary(result))
    return 0


def summary(result: DuelResult) -> list[str]:
    """The duel's figures: a row for each, a column for each bot; then the pairs."""
    rounds = result.rounds
    bots = (result.a, result.b)

    def share(part: int, whole: int) -> str:
        return f"{whole}, {part} ({100 * part / whole:.1f}%)" if whole else "0"

    def row(label: str, values: Iterable[str]) -> str:
        return f"  {label:<24}" + "".join(f"{value:>22}" for value in values)

    def rate(stats: PolicyStats) -> str:
        return f"{100 * stats.win_rate:.1f}% [{100 * stats.low:.1f}, {100 * stats.high:.1f}]"

    lines = [
        row("", (f"A: {result.a.name}", f"B: {result.b.name}")),
        row("win rate, 95% CI", map(rate, bots)),
        row("wins, losses, draws", (f"{s.wins}, {s.losses}, {s.draws}" for s in bots)),
        row("points per round", (f"{s.points / rounds:+.2f}" for s in bots)),
        row("contracts, made", (share(s.contracts_made, s.contracts) for s in bots)),
        row("contracts, made exactly", (share(s.contracts_exact, s.contracts) for s in bots)),
        row("their contracts, set", (share(s.sets, s.their_contracts) for s in bots)),
        row("nil bids, made", (share(s.nils_made, s.nil_bids) for s in bots)),
        row("blind nil bids, made", (share(s.blind_nils_made, s.blind_nil_bids) for s in bots)),
        row("bags per round", (f"{s.bags / rounds:.2f}" for s in bots)),
        row("bag penalties, points", (f"{s.bag_penalties}, {s.penalty_points}" for s in bots)),
        row("moves", (str(s.moves) for s in bots)),
        row("ms per move, mean", (f"{s.mean_ms:.3f}" for s in bots)),
        row("ms per move, median", (f"{s.median_ms:.3f}" for s in bots)),
    ]
    tally = dict.fromkeys((1.0, 0.75, 0.5, 0.25, 0.0), 0)
    for score in result.pair_scores:
        tally[score] += 1
    spread = ", ".join(f"{score:g}: {n}" for score, n in tally.items())
    lines.append(f"  pairs: {result.pairs}, scoring for A {spread}")
    lines.append(f"  rounds: {rounds}, {rounds / result.games:.1f} a game")
    if result.stopped:
        lines.append(
            f"  stopped: no winner after {result.limit} rounds in {result.stopped} games, "
            "each scored a half"
        )
    return lines
