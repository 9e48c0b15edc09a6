"""The bots' strength table: duplicate duels through `spades.bots.duel`, with targets.

    python benchmarks/bots.py [--matches NAMES...] [--pairs N] [--seed S] [--workers K]
                              [--ray ADDRESS] [--target T] [--json FILE]

Each row is a duel of bot A against bot B under a preset (`spades.bots.duel`): deal ``j``
has the seed ``game_seed(S, j)`` (``S`` from ``--seed``, default 0) and is played twice,
A for side 0 and then for side 1, so both bots play the same cards; a pair scores 0, 1/4,
1/2, 3/4 or 1 for A, and A's win rate is the mean over the pairs, with the 95% interval
over the pairs (`spades.bots.wilson_interval`: Wilson's score interval, which never
shrinks to a point, not even when A wins every pair), the pairs being the independent
samples. The rows, by the names ``--matches`` takes (default: all):

- ``search-classic``, ``search-miniokey``: search against heuristic, 1,000 pairs (2,000
  games); met if the lower end of the interval is above 65%;
- ``search-two-handed``: the same, above 60%;
- ``heuristic-random``: heuristic against random under every preset (a row each, e.g.
  ``heuristic-random-classic``), 500 pairs (1,000 games); met if the heuristic wins
  every game;
- ``heuristic-fallback``: heuristic against source B's fallback move under every preset,
  500 pairs, reported without a target;
- ``search-jjdd``, ``heuristic-random-jjdd``, ``heuristic-fallback-jjdd``: the same three
  matches under ``classic`` dealt from the Joker-Joker-Deuce-Deuce deck (rule-decks), with
  the same pairs and targets (the search row's as ``search-classic``'s);
- ``heuristic-random-solo``, ``heuristic-fallback-solo``: the heuristic matches under
  ``classic;solo:true``, four players each on her own (rule-solo): A plays seats 0 and 2,
  B seats 1 and 3, then the other way round; a game is A's when one of its players wins
  it, and a bot's points are its two players' together. The same pairs and targets.
- ``heuristic-random-three``, ``heuristic-fallback-three``: the heuristic matches under
  ``classic;players:3``, three players each on her own (rule-three-players), 200 deals
  each played six times (1,200 games): A alone at seat 0, 1 and 2 in turn, B at the
  other two, then B alone at each; a game is A's when one of its players wins it, so two
  equal bots score a half. The random row's target is A winning every game.

``--pairs N`` plays ``N`` pairs a row instead. The games are full games of the presets as
they are; ``--target T`` sets every preset's target to ``T`` points for shorter games,
and the output then says the games were shortened: such figures are not the table's. A
preset without a round cap (``classic``, ``two-handed``) could go on for ever: `duel`
stops its games after ``spades.bots.ROUND_LIMIT`` (200) rounds and scores such a game a
half for each side; the ``stopped`` column counts them (under a 100% target a stopped game
is a game not won).

The games of a row run on ``K`` processes (``--workers``, default: the CPUs), or on the Ray
cluster at ``ADDRESS`` (``--ray``, `duel`'s ``ray`` keyword); the figures, the times
aside, are the same either way. Progress goes to stderr when it is a terminal (a line
rewritten in place, no carriage returns in a log); at the end, stdout has a
Markdown table: each row's games, A's win rate with its interval, the target and whether
it is met, the games stopped, each bot's points per round and milliseconds per move
(median, and mean). ``--json FILE`` writes the rows, pair scores and each bot's
`PolicyStats` included, after every row, so a long run keeps what it has done.

Run time: a heuristic game takes about 50 ms, and the eight heuristic rows (8,000 games)
some seven minutes on one core; but the search bot spends 50 to 100 ms a move, a search
game to 500 points takes tens of seconds, and a four-player search row some 20
core-hours: the whole table is many core-hours. Run a search row by itself, on a Ray
cluster or shortened, and keep its figures::

    python benchmarks/bots.py --matches search-classic --ray auto --json classic.json
    python benchmarks/bots.py --matches search-miniokey --pairs 50 --target 200
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

import attrs

import spades
from spades.bots import ROUND_LIMIT, duel
from spades.records import ruleset_from_text

if TYPE_CHECKING:
    from spades import Ruleset
    from spades.bots import DuelResult, PolicyStats

SEARCH_PAIRS = 1000
"""Pairs of a search row: 2,000 games."""
HEURISTIC_PAIRS = 500
"""Pairs of a heuristic row: 1,000 games."""
THREE_DEALS = 200
"""Deals of a three-player row, each played six times: 1,200 games."""


@attrs.frozen(kw_only=True)
class Row:
    """A row of the table: bot A against bot B under a preset, and what A must reach."""

    name: str
    a: str
    b: str
    preset: str
    pairs: int
    goal: float | None
    """The lower end of A's interval must be above it; 1: A wins every game; None: no target."""
    deck: spades.Deck = spades.Deck.STANDARD
    """The deck the preset's games are dealt from."""
    solo: bool = False
    """Whether the four play each on her own (rule-solo): each bot plays two seats."""
    players: int = 4
    """Four (or the preset's two), or three each on her own (rule-three-players)."""

    @property
    def match(self) -> str:
        deck = "" if self.deck is spades.Deck.STANDARD else f", {self.deck.value.replace('_', '-')}"
        solo = ", solo" if self.solo else ""
        three = ", three players" if self.players == 3 else ""
        return f"{self.a} vs {self.b}, {self.preset}{deck}{solo}{three}"


ROWS = (
    *(
        Row(
            name=f"search-{preset}",
            a="search",
            b="heuristic",
            preset=preset,
            pairs=SEARCH_PAIRS,
            goal=goal,
        )
        for preset, goal in (("classic", 0.65), ("miniokey", 0.65), ("two-handed", 0.60))
    ),
    *(
        Row(
            name=f"heuristic-{b}-{preset}",
            a="heuristic",
            b=b,
            preset=preset,
            pairs=HEURISTIC_PAIRS,
            goal=1.0 if b == "random" else None,
        )
        for b in ("random", "fallback")
        for preset in spades.PRESETS
    ),
    *(
        Row(
            name=f"{a}-{b}-jjdd".replace("search-heuristic", "search"),
            a=a,
            b=b,
            preset="classic",
            pairs=SEARCH_PAIRS if a == "search" else HEURISTIC_PAIRS,
            goal=0.65 if a == "search" else 1.0 if b == "random" else None,
            deck=spades.Deck.JOKER_JOKER_DEUCE_DEUCE,
        )
        for a, b in (("search", "heuristic"), ("heuristic", "random"), ("heuristic", "fallback"))
    ),
    *(
        Row(
            name=f"heuristic-{b}-solo",
            a="heuristic",
            b=b,
            preset="classic",
            pairs=HEURISTIC_PAIRS,
            goal=1.0 if b == "random" else None,
            solo=True,
        )
        for b in ("random", "fallback")
    ),
    *(
        Row(
            name=f"heuristic-{b}-three",
            a="heuristic",
            b=b,
            preset="classic",
            pairs=THREE_DEALS,
            goal=1.0 if b == "random" else None,
            players=3,
        )
        for b in ("random", "fallback")
    ),
)
"""The table's rows, in order."""

GROUPS = {
    "heuristic-random": [row for row in ROWS if row.b == "random"],
    "heuristic-fallback": [row for row in ROWS if row.b == "fallback"],
    "jjdd": [row for row in ROWS if row.deck is not spades.Deck.STANDARD],
    "solo": [row for row in ROWS if row.solo],
    "three": [row for row in ROWS if row.players == 3],
}
"""Names of several rows: ``heuristic-random`` is a row for each preset (and the joker
deck's, solo's and three players'), ``jjdd`` the joker deck's three, ``solo`` solo's two,
``three`` three players' two."""


def select(names: list[str] | None) -> list[Row]:
    """The rows called ``names`` (rows or groups), in table order; all of them for None."""
    if not names:
        return list(ROWS)
    chosen: set[str] = set()
    for name in names:
        chosen.update(row.name for row in GROUPS.get(name, [r for r in ROWS if r.name == name]))
    return [row for row in ROWS if row.name in chosen]


def met(row: Row, result: DuelResult) -> bool | None:
    """Whether A reached the row's target (None: the row has none)."""
    if row.goal is None:
        return None
    if row.goal >= 1:
        return result.first.wins == result.games
    return result.interval[0] > row.goal


def row_rules(row: Row, target: int | None) -> Ruleset:
    if row.players == 3:  # the rules text's reading: what `spades duel --rules` plays
        rules = ruleset_from_text(f"{row.preset};players:3")
    else:
        rules = attrs.evolve(spades.find_ruleset(row.preset), deck=row.deck, solo=row.solo)
    return rules if target is None else attrs.evolve(rules, target=target)


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def goal_text(goal: float | None) -> str:
    return "-" if goal is None else "every game" if goal >= 1 else f"> {percent(goal)}"


def ms(stats: PolicyStats) -> str:
    def short(value: float) -> str:  # 75, 3.2, 0.051: two figures or so, no exponent
        return f"{value:.0f}" if value >= 10 else f"{value:.2g}"

    return f"{short(stats.median_ms)} ({short(stats.mean_ms)})"


def table(done: list[tuple[Row, DuelResult]]) -> list[str]:
    """The Markdown table of the rows played."""
    lines = [
        "| row | match | games | A's win rate, 95% CI | target | met | stopped "
        "| points per round, A / B | ms per move, A / B: median (mean) |",
        "|---|---|---:|---|---|---|---:|---|---|",
    ]
    for row, result in done:
        a, b = result.first, result.second
        ok = met(row, result)
        rounds = max(1, result.rounds)
        lines.append(
            f"| `{row.name}` | {row.match} | {result.games:,} "
            f"| {percent(a.win_rate)} ({percent(a.low)}-{percent(a.high)}) "
            f"| {goal_text(row.goal)} | {'-' if ok is None else 'met' if ok else 'NOT met'} "
            f"| {result.stopped} | {a.points / rounds:+.1f} / {b.points / rounds:+.1f} "
            f"| {ms(a)} / {ms(b)} |"
        )
    return lines


def record(row: Row, result: DuelResult, target: int | None, seconds: float) -> dict[str, Any]:
    """A row for ``--json``: the row, the games' target, whether met, and the whole result."""
    return {
        "row": row.name,
        "a": row.a,
        "b": row.b,
        "preset": row.preset,
        "deck": row.deck.value,
        "solo": row.solo,
        "players": row_rules(row, target).players,
        "target": row_rules(row, target).target,
        "shortened": target is not None,
        "goal": row.goal,
        "met": met(row, result),
        "seconds": round(seconds, 1),
        "result": attrs.asdict(result),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    names = [row.name for row in ROWS] + list(GROUPS)
    parser.add_argument(
        "--matches",
        nargs="+",
        choices=names,
        metavar="NAME",
        help=f"the rows to play (default: all): {', '.join(names)}",
    )
    parser.add_argument("--pairs", type=int, help="pairs a row (default: the table's)")
    parser.add_argument("--seed", type=int, default=0, help="the duels' seed (default 0)")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: CPUs)"
    )
    parser.add_argument("--ray", metavar="ADDRESS", help="play the games on this Ray cluster")
    parser.add_argument("--target", type=int, help="shorter games: every preset's target")
    parser.add_argument("--json", metavar="FILE", help="write the rows there, pair scores too")
    args = parser.parse_args(argv)

    rows = select(args.matches)
    terminal = sys.stderr.isatty()  # a progress line on a terminal, a line a row in a log
    done: list[tuple[Row, DuelResult]] = []
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    for row in rows:
        pairs = row.pairs if args.pairs is None else args.pairs
        per = 6 if row.players == 3 else 2  # games a deal
        step = max(1, per * pairs // 100)  # about a hundred updates a row

        def progress(played: int, total: int, name: str = row.name, step: int = step) -> None:
            if terminal and (played % step == 0 or played == total):
                print(f"\r{name}: {played}/{total} games", end="", file=sys.stderr, flush=True)

        began = time.perf_counter()
        result = duel(
            row.a,
            row.b,
            row_rules(row, args.target),
            deals=pairs,
            seed=args.seed,
            workers=args.workers,
            progress=progress,
            ray=args.ray,
        )
        seconds = time.perf_counter() - began
        if terminal:
            print(f" in {seconds:.1f} s", file=sys.stderr)
        else:
            print(f"{row.name}: {per * pairs} games in {seconds:.1f} s", file=sys.stderr)
        done.append((row, result))
        records.append(record(row, result, args.target, seconds))
        if args.json is not None:  # after every row: a long run keeps what it has done
            with open(args.json, "w", encoding="utf-8") as file:
                json.dump({"seed": args.seed, "rows": records}, file, indent=1)
                file.write("\n")

    games = "to each preset's target" if args.target is None else f"to {args.target} points"
    print(
        f"Bots' strength in duplicate (each deal played twice, the sides swapped; six times "
        f"with three players), seed "
        f"{args.seed}, games {games}; A is the first bot named."
    )
    if args.target is not None:
        print(
            f"\n**Shortened**: games to {args.target} points instead of the presets' targets; "
            "these are not the table's figures."
        )
    if args.pairs is not None:
        print(f"\n**{args.pairs} pairs a row** (deals), not the table's number.")
    print()
    print("\n".join(table(done)))
    print(
        "\nmet: the lower end of A's 95% interval (Wilson's, over the pairs) above the target, "
        "or A won "
        f"every game; stopped: games without a winner after {ROUND_LIMIT} rounds (rules "
        "without a round cap), each scored a half."
    )
    if any(row.players == 3 for row, _ in done):
        print(
            "three rows: each deal is played six times, each bot alone at each seat once and at "
            "the other two once; a game is A's when one of its players wins it."
        )
    if any(row.solo for row, _ in done):
        print(
            "solo rows: each bot plays two seats, a player each; a game is its when one of its "
            "players wins it, and its points per round are its two players' together."
        )
    print(f"{sum(r.games for _, r in done):,} games in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
