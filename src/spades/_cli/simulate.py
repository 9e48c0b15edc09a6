"""``spades simulate``: bots play many games, on one process or several; a summary.

Game ``i`` (from 0) of a simulation seeded with ``seed`` has the seed
`spades.bots.game_seed` ``(seed, i)``, and its seeded bots are seeded from that
(`spades.bots.seat_policies`), so the summary is the same whatever the number of workers,
and on Ray as well (`spades._runs`). Side 0 plays one bot of `spades.bots.BOTS`, side 1
another or the same: by default heuristic bots in every seat. Under solo (rule-solo) the
even seats play the first bot and the odd seats the second, and the summary has a column
a seat, each seat her own side. With three players (rule-three-players) so too: seats 0
and 2 play the first bot, seat 1 the second, a column a seat.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, NamedTuple

import attrs

from spades import Termination
from spades._cli import bots as _bots
from spades._cli import games as _games
from spades._cli.progress import Progress
from spades._cli.text import WIDTH, show
from spades._runs import played
from spades._table_text import counted, rules_lines, side_name
from spades.bots import COUNTERS, game_seed, seat_policies, side_counts

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from spades import Ruleset

__all__ = [
    "COUNTERS",
    "GameResult",
    "Totals",
    "game_tasks",
    "side_counts",
    "simulate",
    "simulate_game",
    "summary",
]


class GameResult(NamedTuple):
    """One simulated game: who won, how it ended, its rounds, each side's score and counts.

    A side is a seat under solo (rule-solo): four sides, four scores, four counts; with three
    players (rule-three-players) three.
    """

    winner: int | None
    ending: str
    """The `Termination` value, or ``"stopped"`` after `ROUND_LIMIT` rounds."""
    rounds: int
    scores: tuple[int, ...]
    counts: tuple[tuple[int, ...], ...]
    """For each side, the `COUNTERS` in order (`side_counts`, as a duel counts them)."""


def simulate_game(task: tuple[Ruleset, int, tuple[str, str], int | None]) -> GameResult:
    """Play the game of ``task``: rules, seed, the bots of sides 0 and 1, round limit.

    The bots of sides 0 and 1 are those of the even and the odd seats (under solo, sides
    0 and 2 and sides 1 and 3; with three players seats 0 and 2 and seat 1:
    `spades.bots.seat_policies`).
    """
    rules, seed, sides, limit = task
    policies = seat_policies(rules, seed, sides)
    state = _games.run_game(rules, policies, seed=seed, limit=limit)
    outcome = state.outcome
    return GameResult(
        winner=None if outcome is None else outcome.winner,
        ending="stopped" if outcome is None else outcome.termination.value,
        rounds=len(state.rounds),
        scores=state.scores,
        counts=tuple(side_counts(state, side) for side in range(rules.sides)),
    )


def simulate(
    rules: Ruleset,
    name: str,
    *,
    seed: int,
    games: int,
    workers: int,
    opponents: str,
    bots: str = _bots.DEFAULT,
    ray: str | None = None,
) -> int:
    """Play ``games`` games on ``workers`` processes; progress on stderr, summary on stdout.

    Side 0 plays the bot ``bots``, side 1 the bot ``opponents`` (names in
    `spades.bots.BOTS`: `SpadesError` for another); under solo (rule-solo), seats 0 and 2
    the one and seats 1 and 3 the other, and the summary is by seat; with three players
    (rule-three-players) seats 0 and 2 the one and seat 1 the other, by seat too. If
    ``ray`` is given, the games run as Ray tasks on the Ray at that address instead
    (`spades._runs.on_ray`; ``workers`` is then not used): ``"local"`` starts a Ray on this
    machine for the simulation, ``"auto"`` connects to the one running, anything else is a cluster's
    address for `ray.init` (`SpadesError` if Ray is not installed or cannot be reached).
    The games are made as they are played and their results added up in game order
    (`spades._runs.played`), so the summary is the same either way, and any number of
    games takes the same memory. The progress line goes to stderr, on a terminal only.
    Ctrl-C stops the games at once: a line on stderr, and the exit code 130.
    """
    sides = (bots, opponents)
    seat_policies(rules, 0, sides)  # an unknown name fails here, not in a worker
    limit = _games.round_limit(rules)
    totals = Totals(sides=rules.sides)
    tasks = game_tasks(rules, seed, sides, limit, games)
    progress = Progress("simulate")
    try:
        with played(simulate_game, tasks, count=games, workers=workers, ray=ray) as results:
            for result in results:  # in game order, whatever the worker count
                totals.add(result)
                progress(totals.games, games)
    except KeyboardInterrupt:
        progress.end()
        show(
            f"Interrupted: the simulation stops after {totals.games} of {counted(games, 'game')}.",
            file=sys.stderr,
        )
        return 130
    progress.end()
    where = _where(rules)
    against = (
        f"{bots.capitalize()} bots in every seat."
        if opponents == bots
        else f"{bots.capitalize()} bots ({where[0]}) against {opponents} bots ({where[1]})."
    )
    show(f"Spades simulation: {counted(games, 'game')}, rules {name}, seed {seed}.", against)
    show(*rules_lines(rules))
    show(*summary(rules, totals, limit))
    return 0


def _where(rules: Ruleset) -> tuple[str, str]:
    """Where the first bot and the second sit, in words.

    >>> from spades import Ruleset
    >>> _where(Ruleset()), _where(Ruleset(players=3))
    (('side 0', 'side 1'), ('seats 0 and 2', 'seat 1'))
    """
    if rules.players == 3:  # each on her own (rule-three-players)
        return ("seats 0 and 2", "seat 1")
    return ("seats 0 and 2", "seats 1 and 3") if rules.solo else ("side 0", "side 1")


def game_tasks(
    rules: Ruleset, seed: int, sides: tuple[str, str], limit: int | None, games: int
) -> Iterator[tuple[Ruleset, int, tuple[str, str], int | None]]:
    """The task of each game from 0 to ``games - 1`` (see `simulate_game`), made when asked.

    >>> from spades import CLASSIC
    >>> first = next(game_tasks(CLASSIC, 1, ("heuristic", "random"), None, 10**18))
    >>> first == (CLASSIC, game_seed(1, 0), ("heuristic", "random"), None)
    True
    """
    for game in range(games):
        yield rules, game_seed(seed, game), sides, limit


@attrs.define
class Totals:
    """A simulation's figures, added up game after game: what its `summary` shows.

    A figure a side: ``sides`` of them, 2, or 4 under solo (rule-solo), 3 with three
    players (rule-three-players).
    """

    sides: int = 2
    games: int = 0
    rounds: int = 0
    wins: list[int] = attrs.Factory(lambda self: [0] * self.sides, takes_self=True)
    """The games each side won."""
    draws: int = 0
    points: list[int] = attrs.Factory(lambda self: [0] * self.sides, takes_self=True)
    """Each side's final scores, added up."""
    counts: list[dict[str, int]] = attrs.Factory(
        lambda self: [dict.fromkeys(COUNTERS, 0) for _ in range(self.sides)], takes_self=True
    )
    endings: dict[str, int] = attrs.Factory(
        lambda: dict.fromkeys((*(t.value for t in Termination), "stopped"), 0)
    )

    @classmethod
    def of(cls, results: Iterable[GameResult], sides: int = 2) -> Totals:
        """The totals of ``results``, games of ``sides`` sides."""
        totals = cls(sides=sides)
        for result in results:
            totals.add(result)
        return totals

    def add(self, result: GameResult) -> None:
        """Count the game ``result`` in."""
        self.games += 1
        self.rounds += result.rounds
        if result.winner is not None:
            self.wins[result.winner] += 1
        elif result.ending != "stopped":
            self.draws += 1
        for side in range(self.sides):
            self.points[side] += result.scores[side]
            for name, value in zip(COUNTERS, result.counts[side], strict=True):
                self.counts[side][name] += value
        self.endings[result.ending] += 1


def summary(rules: Ruleset, totals: Totals, limit: int | None) -> list[str]:
    """The simulation's summary from its games' `Totals`: a column a side (under solo, a seat).

    The columns are 22 wide, narrower when four fit no other way in `WIDTH`.
    """
    games, rounds = totals.games, totals.rounds
    sides = range(rules.sides)
    names = [side_name(rules, side) for side in sides]
    column = min(22, (WIDTH - 26) // rules.sides)

    def share(part: int, whole: int) -> str:
        return f"{whole}, {part} ({100 * part / whole:.1f}%)" if whole else "0"

    def percent(part: int) -> str:
        return f"{part} ({100 * part / games:.1f}%)"

    def row(label: str, values: Iterable[str]) -> str:
        return f"  {label:<24}" + "".join(f"{value:>{column}}" for value in values)

    count, endings = totals.counts, totals.endings
    lines = [
        row("", names),
        row("wins", (percent(totals.wins[side]) for side in sides)),
        row("mean points per round", (f"{totals.points[side] / rounds:+.2f}" for side in sides)),
        row("nil bids, made", (share(c["nils made"], c["nil bids"]) for c in count)),
        row(
            "blind nil bids, made",
            (share(c["blind nils made"], c["blind nil bids"]) for c in count),
        ),
        row("blind bids, made", (share(c["blind bids made"], c["blind bids"]) for c in count)),
        row("contracts, made", (share(c["contracts made"], c["contracts"]) for c in count)),
        row("bags per round", (f"{c['bags'] / rounds:.2f}" for c in count)),
        row(
            "bag penalties, points", (f"{c['bag penalties']}, {c['penalty points']}" for c in count)
        ),
    ]
    lines.append(f"  draws: {percent(totals.draws)}; rounds: {rounds}, {rounds / games:.1f} a game")
    ended = ", ".join(f"{ending.replace('_', ' ')} {n}" for ending, n in endings.items())
    lines.append(f"  endings: {ended}")
    if endings["stopped"]:
        stopped = counted(endings["stopped"], "game")
        lines.append(f"  stopped: no winner after {counted(limit or 0, 'round')} in {stopped}")
    return lines
