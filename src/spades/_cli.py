"""The command line: ``spades demo``, ``spades play`` and ``spades simulate``.

``python -m spades`` and the ``spades`` console script both run `main`. Everything is
reproducible from ``--seed``; the bots are `spades.bots.heuristic_policy` players.
Rulesets without a round cap could in principle go on for ever: ``demo`` and ``simulate``
stop such a game after `ROUND_LIMIT` rounds and say so.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Final

import attrs

from spades import _table as table
from spades import records
from spades._deal import SEED_LIMIT, new_game
from spades._engine import apply
from spades._errors import NotationError
from spades._moves import Bid, Exchange, Pass
from spades._rules import PRESETS, find_ruleset
from spades._state import Phase, State, Trick
from spades._table import COUNTERS, GameResult
from spades._terminal import play
from spades._view import observe
from spades.bots import fallback_move, heuristic_policy, random_policy

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from spades._cards import Card
    from spades._moves import Move
    from spades._rules import Ruleset
    from spades.bots import Policy

__all__ = ["ROUND_LIMIT", "game_seed", "main", "run_game", "simulate_game"]

ROUND_LIMIT: Final = 200
"""Rounds after which ``demo`` and ``simulate`` stop a game whose rules have no round cap."""

OPPONENTS: Final = ("heuristic", "random", "fallback")


def main(argv: list[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); the exit code.

    Argument errors, an unknown ruleset name among them, exit with argparse's usage
    message and code 2 (`SystemExit`); ``--help`` exits with 0.
    """
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return _run(parser, args)
    except BrokenPipeError:  # the reader has gone, as in ``spades demo | head``
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the exit's flush finds no pipe
        return 1


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    rules = find_ruleset(args.rules)
    if args.target is not None:
        rules = attrs.evolve(rules, target=args.target)
    if args.command == "demo":
        return demo(rules, args.rules, args.seed, record=args.record)
    if args.command == "play":
        if not 0 <= args.seat < rules.players:
            parser.error(f"argument --seat: a seat is a number from 0 to {rules.players - 1}")
        return play(rules, args.rules, args.seed, args.seat)
    return simulate(
        rules,
        args.rules,
        seed=args.seed,
        games=args.games,
        workers=args.workers,
        opponents=args.opponents,
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spades", description="Spades on the terminal: watch bots, play them, simulate."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--rules",
        type=_ruleset_name,
        default="classic",
        metavar="NAME",
        help=f"the rules: {', '.join(PRESETS)}, or an alias (default: classic)",
    )
    common.add_argument(
        "--target", type=_positive, metavar="N", help="play to N points (default: the rules')"
    )
    limit = f"A game of rules without a round cap stops after {ROUND_LIMIT} rounds."
    demo_ = commands.add_parser(
        "demo",
        parents=[common],
        help="bots play a whole game, printed round by round",
        description=f"Heuristic bots play a whole game, printed round by round. {limit}",
    )
    demo_.add_argument("--seed", type=_seed, default=1, help="the game's seed (default: 1)")
    demo_.add_argument(
        "--record",
        metavar="FILE",
        help="also write the game's record to FILE as JSON (see spades.records)",
    )
    play_ = commands.add_parser(
        "play",
        parents=[common],
        help="play one seat against bots",
        description="Play one seat against heuristic bots. Type moves like 'bid 3', 'play AS', "
        "'keep'; a card alone plays it, a number alone bids it; 'help', 'quit'.",
    )
    play_.add_argument("--seed", type=_seed, help="the game's seed (default: a fresh one)")
    play_.add_argument("--seat", type=int, default=0, help="your seat (default: 0)")
    simulate_ = commands.add_parser(
        "simulate",
        parents=[common],
        help="bots play many games; a summary",
        description="Bots play many games; a summary of the results. Side 0 is always "
        "heuristic, side 1 plays as --opponents says. Game i (from 0) has the seed "
        "int.from_bytes(blake2b(f'{seed}:{i}'.encode(), digest_size=16).digest(), 'little'); "
        f"the summary is the same whatever the number of workers. {limit}",
    )
    simulate_.add_argument("--games", type=_positive, required=True, help="how many games")
    simulate_.add_argument("--seed", type=_seed, default=1, help="the seed (default: 1)")
    simulate_.add_argument("--workers", type=_positive, default=1, help="processes (default: 1)")
    simulate_.add_argument(
        "--opponents",
        choices=OPPONENTS,
        default="heuristic",
        help="side 1's bots (default: heuristic); random bots are seeded from the game's seed",
    )
    return parser


def _ruleset_name(text: str) -> str:
    """The canonical preset name for ``text`` (a name or an alias)."""
    try:
        rules = find_ruleset(text)
    except NotationError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return next(name for name, preset in PRESETS.items() if preset == rules)


def _positive(text: str) -> int:
    if not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 up")
    return int(text)


def _seed(text: str) -> int:
    if not text.isdecimal() or int(text) >= SEED_LIMIT:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a seed: a whole number from 0 to 2**128 - 1"
        )
    return int(text)


def run_game(
    rules: Ruleset,
    policies: Sequence[Policy],
    *,
    seed: int,
    limit: int | None,
    on_move: Callable[[State, Move, State], None] | None = None,
) -> State:
    """As `spades.bots.play_game`, but stopped after ``limit`` rounds (``None``: never)."""
    state = new_game(rules, seed=seed)
    while state.to_move is not None and (limit is None or len(state.rounds) < limit):
        seat = state.to_move
        move = policies[seat](observe(state, seat))
        after = apply(state, move, seat=seat)
        if on_move is not None:
            on_move(state, move, after)
        state = after
    return state


def _limit(rules: Ruleset) -> int | None:
    return None if rules.round_cap is not None else ROUND_LIMIT


# --- demo ---------------------------------------------------------------------------------


def demo(rules: Ruleset, name: str, seed: int, *, record: str | None = None) -> int:
    """Heuristic bots play a whole game; print each round and the result.

    With ``record``, the game's record is also written to that file (`spades.records`).
    """
    if record is not None:
        try:  # a path that cannot be written fails before the game, not after it
            open(record, "w", encoding="utf-8").close()
        except OSError as error:
            print(f"spades demo: cannot write the record: {error}", file=sys.stderr)
            return 1
    print(f"Spades demo: rules {name}, seed {seed}; heuristic bots in every seat.")
    print(table.rules_text(rules))
    limit = _limit(rules)
    printer = _RoundPrinter()
    moves: list[Move] = []

    def on_move(before: State, move: Move, after: State) -> None:
        moves.append(move)
        printer(before, move, after)

    state = run_game(
        rules,
        [heuristic_policy() for _ in range(rules.players)],
        seed=seed,
        limit=limit,
        on_move=on_move,
    )
    print()
    print(table.outcome_text(state, limit))
    if record is not None:
        game = records.GameRecord.from_moves(rules, moves, seed=seed)
        with open(record, "w", encoding="utf-8") as file:
            records.dump(game, file)
            file.write("\n")
        print(f"The game's record ({len(moves)} moves) is in {record}.")
    return 0


class _RoundPrinter:
    """Collects a round's bids, card passes, exchanges and tricks; prints it when it ends."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.bids: list[str] = []
        self.tricks: list[Trick] = []
        self.hands: tuple[tuple[Card, ...], ...] = ()

    def __call__(self, before: State, move: Move, after: State) -> None:
        seat, rules = before.to_move, before.rules
        if isinstance(move, Bid):
            self.bids.append(f"seat {seat}: {table.bid_text(rules, move)}")
        elif isinstance(move, Pass):
            cards = " ".join(map(str, move.cards))
            self.events.append(f"seat {seat} passes {cards} to its partner")
        elif isinstance(move, Exchange):
            _, given, drawn = after.exchanges[-1]
            gave, drew = table.cards_text(given), table.cards_text(drawn)
            self.events.append(f"seat {seat} gives {gave} and draws {drew}")
        if after.phase is Phase.PLAYING and before.phase is not Phase.PLAYING:
            self.hands = after.hands
        trick = table.finished_trick(before, move, after)
        if trick is not None:
            self.tricks.append(trick)
        if len(after.rounds) > len(before.rounds):
            self._print(before, after)
            self.events, self.bids, self.tricks = [], [], []

    def _print(self, before: State, after: State) -> None:
        rules = before.rules
        print()
        print(table.round_header(rules, before.round_number, before.dealer))
        print("  Hands as the play begins:")
        for seat, hand in enumerate(self.hands):
            print(f"    seat {seat}  {table.brief_hand(hand)}")
        print(f"  Bids: {', '.join(self.bids)}")
        for event in self.events:
            print(f"  {event}")
        print("  Tricks (seat:card in playing order, the leader first; * the winning card):")
        for number, trick in enumerate(self.tricks, 1):
            print(table.trick_line(rules, number, trick))
        for line in table.round_table(rules, len(after.rounds), after.rounds[-1], after.scores):
            print(line)
        for line in table.round_notes(rules, after.rounds[-1]):
            print(line)


# --- simulate -----------------------------------------------------------------------------


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
    state = run_game(rules, policies, seed=seed, limit=limit)
    outcome = state.outcome
    counts = tuple(_side_counts(state, side) for side in (0, 1))
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


def _side_counts(state: State, side: int) -> tuple[int, ...]:
    rules = state.rules
    counts = dict.fromkeys(COUNTERS, 0)
    for score in state.rounds:
        for seat in table.seats_of(rules, side):
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
    limit = _limit(rules)
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
        "heuristic bots in every seat"
        if opponents == "heuristic"
        else f"heuristic bots (side 0) against {opponents} bots (side 1)"
    )
    print(f"Spades simulation: {games} games, rules {name}, seed {seed}, {against}.")
    print(table.rules_text(rules))
    for line in table.summary(rules, results, limit):
        print(line)
    return 0
