"""``spades duel``: two bots against each other in duplicate; win rate, bids, speed.

The duel itself is `spades.bots.duel`: each deal played twice, the sides swapped, the win
rate's 95% interval `spades.bots.wilson_interval` over the deals. This module prints it:
the progress line on stderr (on a terminal), the figures on stdout, a column a bot. Under
solo (rule-solo) a bot plays two seats, and its column adds up its two players' figures.
With three players (rule-three-players) each deal is played six times, each bot alone at
each seat once and at the other two once (`spades.bots.deal_seatings`), and a
bot's column adds up its players' figures.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import TYPE_CHECKING

from spades import bots
from spades._cli import games as _games
from spades._cli.progress import Progress
from spades._cli.text import show
from spades._table_text import counted, rules_lines, side_name
from spades.bots import deal_seatings

if TYPE_CHECKING:
    from collections.abc import Iterable

    from spades import Ruleset
    from spades.bots import DuelResult, PolicyStats

__all__ = ["command", "seating", "summary"]


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
    progress = Progress("duel")

    def count(done: int, total: int) -> None:
        played[0] = done
        progress(done, total)

    try:
        result = bots.duel(
            a,
            b,
            rules,
            deals=games,
            seed=seed,
            workers=workers,
            ray=ray,
            max_rounds=_games.ROUND_LIMIT,
            progress=count,
        )
    except KeyboardInterrupt:
        progress.end()
        show(
            f"Interrupted: the duel stops after {played[0]} of "
            f"{counted(len(deal_seatings(rules)) * games, 'game')}.",
            file=sys.stderr,
        )
        return 130
    progress.end()
    show(
        f"Spades duel: {a} (A) against {b} (B), {counted(games, 'deal')}, rules {name}, "
        f"seed {seed}.",
        f"Each deal is played {_times(result.games_per_deal)} ({result.games} games): "
        f"{seating(rules)}.",
    )
    show(*rules_lines(rules))
    show(*summary(result))
    return 0


def _times(number: int) -> str:
    """How many times a deal is played, in words: twice, or six times (three players)."""
    return "twice" if number == 2 else "six times"


def seating(rules: Ruleset) -> str:
    """Where A sits in the games of a deal: a side, then the other; solo, two seats.

    >>> from spades import Ruleset
    >>> seating(Ruleset())
    'A as side 0 (seats 0+2), then as side 1 (seats 1+3)'
    >>> seating(Ruleset(solo=True))
    'A at seats 0 and 2, then at seats 1 and 3'
    >>> seating(Ruleset(players=3))
    'A alone at seats 0, 1, 2 in turn, then B alone at each'
    """
    if rules.players == 3:  # a bot a seat, six games (rule-three-players)
        return "A alone at seats 0, 1, 2 in turn, then B alone at each"
    if rules.solo:  # two players a bot (rule-solo)
        return "A at seats 0 and 2, then at seats 1 and 3"
    first, second = (side_name(rules, side) for side in (0, 1))
    return f"A as {first}, then as {second}"


def summary(result: DuelResult) -> list[str]:
    """The duel's figures: a row for each, a column for each bot; then the pairs."""
    rounds = result.rounds
    sides = (result.first, result.second)

    def share(part: int, whole: int) -> str:
        return f"{whole}, {part} ({100 * part / whole:.1f}%)" if whole else "0"

    def row(label: str, values: Iterable[str]) -> str:
        return f"  {label:<24}" + "".join(f"{value:>22}" for value in values)

    def rate(stats: PolicyStats) -> str:
        return f"{100 * stats.win_rate:.1f}% [{100 * stats.low:.1f}, {100 * stats.high:.1f}]"

    lines = [
        row("", (f"A: {result.first.name}", f"B: {result.second.name}")),
        row("win rate, 95% CI", map(rate, sides)),
        row("wins, losses, draws", (f"{s.wins}, {s.losses}, {s.draws}" for s in sides)),
        row("points per round", (f"{s.points / rounds:+.2f}" for s in sides)),
        row("contracts, made", (share(s.contracts_made, s.contracts) for s in sides)),
        row("contracts, made exactly", (share(s.contracts_exact, s.contracts) for s in sides)),
        row("their contracts, set", (share(s.sets, s.their_contracts) for s in sides)),
        row("nil bids, made", (share(s.nils_made, s.nil_bids) for s in sides)),
        row("blind nil bids, made", (share(s.blind_nils_made, s.blind_nil_bids) for s in sides)),
        row("blind bids, made", (share(s.blind_bids_made, s.blind_bids) for s in sides)),
        row("bags per round", (f"{s.bags / rounds:.2f}" for s in sides)),
        row("bag penalties, points", (f"{s.bag_penalties}, {s.penalty_points}" for s in sides)),
        row("moves", (str(s.moves) for s in sides)),
        row("ms per move, mean", (f"{s.mean_ms:.3f}" for s in sides)),
        row("ms per move, median", (f"{s.median_ms:.3f}" for s in sides)),
    ]
    if result.games_per_deal == 2:
        tally = dict.fromkeys((1.0, 0.75, 0.5, 0.25, 0.0), 0)
        for score in result.pair_scores:
            tally[score] += 1
        spread = ", ".join(f"{score:g}: {n}" for score, n in tally.items())
        lines.append(f"  pairs: {result.deals}, scoring for A {spread}")
    else:  # three players: a deal's six games score A in twelfths (rule-three-players)
        twelfths = [round(12 * score) for score in result.pair_scores]
        spread = ", ".join(
            f"{Fraction(n, 12)}: {twelfths.count(n)}"
            for n in range(12, -1, -1)
            if twelfths.count(n)
        )
        lines.append(f"  deals: {result.deals}, scoring for A {spread}")
    lines.append(f"  rounds: {rounds}, {rounds / result.games:.1f} a game")
    if result.stopped:
        lines.append(
            f"  stopped: no winner after {counted(result.limit or 0, 'round')} in "
            f"{counted(result.stopped, 'game')}, each scored a half"
        )
    return lines
