"""The batch engine on random rounds and rollouts, against OpenSpiel's spades and `apply`.

    python benchmarks/batch.py [--seconds S] [--repeats R] [--sizes N ...] [--json PATH]

Full rounds: uniform-random rounds of CLASSIC per second, for each batch size, of
`spades.batch.Batch` (``deal_random``, then ``step(random_actions(rng))`` until every
game is in round 2: its 4 bids, 52 plays and the scoring) and, when ``pyspiel``
imports, of OpenSpiel's ``spades`` in place (``new_initial_state``, then a random legal
action through ``apply_action`` until there are none: its 52 chance deals, 4 bids and
52 plays; the loop of ``benchmarks/playouts.py``). The engines alternate within one
run, each figure is the best of repeated short runs, and the ratio of each size to
OpenSpiel is printed, the best size marked; also decisions per second (bids and plays,
56 a round) and bytes per game (``Batch.nbytes``, dealt and after the round). The same
full rounds under the Joker-Joker-Deuce-Deuce deck (`JOKERS`) at the largest size, in
the same alternation, give the joker-deck figure and its ratio to the standard deck; and
under `THREE` (three players, 17 cards each: 3 bids and 51 plays a round), the
three-player figure and its ratio to four.

Rollouts: ``--states`` states met in uniform-random play (every fifth state, bidding
included, a new game every ``--round-cap`` rounds), each played on at random to the end
of its round, with the reference engine (``legal_moves`` and ``apply``, one state after
another, moves from a `random.Random`) and with ``Batch.from_states(states)
.play_out(rng)``, the conversion counted in the batch's time; then the same to the end
of the game, under CLASSIC capped at ``--round-cap`` rounds (uniform-random bids almost
never reach 500, so uncapped games would not end). Then both again from ``--states``
deals sampled of one view (``sample_state``), as a search bot rolls them out. The
engines take turns for ``--seconds`` times ``--repeats`` seconds; the best time of each,
and their ratio.

Every figure is the CPU time of this one process (``time.process_time``), so it is one
core's work: the batch's numpy operations (elementwise and small reductions, no linear
algebra) do not run on threads, and nothing is pinned to a cpu. The machine may be
shared and noisy: compare the ratios of one run, not figures across runs; the first
line gives the load and the versions, and ``--json PATH`` writes every figure.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import sys
import time
from importlib import metadata
from typing import TYPE_CHECKING, Literal

import attrs
import numpy as np

# The loop and the timing of the one-state benchmark, so that both measure OpenSpiel alike.
from playouts import rate, spiel_rounds

from spades import (
    CLASSIC,
    Deck,
    Ruleset,
    State,
    apply,
    legal_moves,
    new_game,
    observe,
    sample_state,
)
from spades.batch import Batch

if TYPE_CHECKING:
    from collections.abc import Callable

SIZES = (256, 1024, 4096, 16384)
"""The batch sizes of the full rounds, by default."""
DECISIONS = 56
"""The decisions of a round of CLASSIC: 4 bids and 52 plays (it has no blind nil)."""
SAMPLE_EVERY = 5
"""Rollouts start from every fifth state of random play: 56 is no multiple of 5, so the
states met have every number of cards played."""


JOKERS = Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE)
"""CLASSIC with the Joker-Joker-Deuce-Deuce deck: the joker-deck figure (rule-decks)."""
THREE = Ruleset(players=3)
"""Three players, each on her own, the standard deck without the 2C: the three-player
figure (rule-three-players)."""


def batch_rounds(games: int, rng: np.random.Generator, rules: Ruleset = CLASSIC) -> int:
    """Deal ``games`` games of ``rules`` and play their first round at random."""
    batch = Batch.deal_random(rules, games, rng)
    while not (batch.round_number > 1).all():
        batch = batch.step(batch.random_actions(rng))
    return games


def bytes_per_game(games: int, seed: int) -> tuple[float, float]:
    """``Batch.nbytes`` per game of CLASSIC, dealt and after its first round."""
    rng = np.random.default_rng(seed)
    batch = Batch.deal_random(CLASSIC, games, rng)
    dealt = batch.nbytes / games
    return dealt, batch.play_out(rng).nbytes / games


def sample_states(rules: Ruleset, count: int, seed: int, round_cap: int) -> list[State]:
    """Every fifth state met in uniform-random play of ``rules``, the game's end excluded.

    A new game starts when one ends or has played ``round_cap`` rounds, so the states
    are of rounds 1 to ``round_cap``, in every phase.
    """
    rng = random.Random(seed)
    states: list[State] = []
    state = new_game(rules, seed=rng.getrandbits(32))
    met = 0
    while len(states) < count:
        moves = legal_moves(state)
        if not moves or len(state.rounds) == round_cap:
            state = new_game(rules, seed=rng.getrandbits(32))
            continue
        if met % SAMPLE_EVERY == 0:
            states.append(state)
        met += 1
        state = apply(state, rng.choice(moves))
    return states


def samples_of_one_view(rules: Ruleset, count: int, seed: int) -> list[State]:
    """``count`` deals of one view, as a search bot samples them (`spades.sample_state`).

    The view is that of the seat to move after the bids and the first 9 cards of a random
    round, so every sample has the same public part and other hidden hands.
    """
    rng = random.Random(seed)
    state = new_game(rules, seed=rng.getrandbits(32))
    while len(state.tricks) < 2 or len(state.trick) < 1:
        state = apply(state, rng.choice(legal_moves(state)))
    seat = state.to_move
    assert seat is not None, "the round goes on"
    view = observe(state, seat)
    return [sample_state(view, rng=rng) for _ in range(count)]


def reference_rollouts(states: list[State], until: Literal["round", "game"], seed: int) -> int:
    """Play each state on at random to the end of its round or game; the moves made."""
    rng = random.Random(seed)
    choice = rng.choice
    made = 0
    for start in states:
        state = start
        moves = legal_moves(state)
        if until == "round":
            rounds = len(state.rounds)
            while moves and len(state.rounds) == rounds:
                state = apply(state, choice(moves))
                moves = legal_moves(state)
                made += 1
        else:
            while moves:
                state = apply(state, choice(moves))
                moves = legal_moves(state)
                made += 1
    return made


def batch_rollouts(
    states: list[State], until: Literal["round", "game"], seed: int
) -> tuple[float, float]:
    """The CPU seconds of ``from_states`` and of it with ``play_out``; checks the outcome."""
    rng = np.random.default_rng(seed)
    start = time.process_time()
    batch = Batch.from_states(states)
    converted = time.process_time()
    played = batch.play_out(rng, until=until)
    end = time.process_time()
    if until == "round":
        finished = played.rounds_played == np.array([len(s.rounds) + 1 for s in states])
    else:
        finished = played.is_over
    assert finished.all(), f"play_out(until={until!r}) left games unfinished"
    return converted - start, end - start


def rollouts(
    states: list[State], until: Literal["round", "game"], seconds: float
) -> dict[str, float]:
    """The best CPU seconds of either engine's rollouts of ``states``, alternating.

    The engines take turns, a new seed each turn, until ``seconds`` have gone by (and
    at least twice each): the best of many turns over a long stretch, as `rate` takes.
    """
    reference = batch = conversion = float("inf")
    moves = turns = 0
    deadline = time.process_time() + seconds
    while turns < 2 or time.process_time() < deadline:
        start = time.process_time()
        moves = reference_rollouts(states, until, 100 + turns)
        reference = min(reference, time.process_time() - start)
        converting, total = batch_rollouts(states, until, 100 + turns)
        if total < batch:
            batch, conversion = total, converting
        turns += 1
    return {
        "reference_s": reference,
        "batch_s": batch,
        "from_states_s": conversion,
        "ratio": reference / batch,
        "reference_moves": moves,
        "turns": turns,
    }


def versions(spiel: bool) -> dict[str, str | None]:
    """The versions of Python, numpy, OpenSpiel (None without it) and spades."""
    return {
        "python": sys.version.split()[0],
        "numpy": np.__version__,
        "open_spiel": metadata.version("open_spiel") if spiel else None,
        "spades": metadata.version("spades"),
    }


def load() -> list[float] | None:
    """The load averages over 1, 5 and 15 minutes, where the system tells them."""
    return list(os.getloadavg()) if hasattr(os, "getloadavg") else None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="alternations of the engines")
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=list(SIZES), help="batch sizes of the full rounds"
    )
    parser.add_argument("--states", type=int, default=1000, help="states rolled out")
    parser.add_argument(
        "--round-cap", type=int, default=10, help="CLASSIC's round cap in the game rollouts"
    )
    parser.add_argument("--json", metavar="PATH", help="also write the figures to PATH")
    args = parser.parse_args(argv)

    try:
        import pyspiel  # noqa: PLC0415
    except ImportError:
        pyspiel = None
    spiel = pyspiel.load_game("spades") if pyspiel else None

    names = versions(spiel is not None)
    before = load()
    shown = " ".join(f"{value:.2f}" for value in before) if before else "unknown"
    print(
        ", ".join(f"{name} {version}" for name, version in names.items() if version)
        + f"; load {shown} (1, 5, 15 min), {os.cpu_count()} cpus"
    )

    engines: dict[str, Callable[[], int]] = {}
    if spiel is not None:
        engines["open_spiel in place"] = lambda: spiel_rounds(spiel, 40, 1, in_place=True)
    for size in args.sizes:
        engines[f"batch {size}"] = functools.partial(
            batch_rounds, size, np.random.default_rng(size)
        )
    largest = max(args.sizes)
    engines["jokers"] = functools.partial(
        batch_rounds, largest, np.random.default_rng(largest), JOKERS
    )
    engines["three"] = functools.partial(
        batch_rounds, largest, np.random.default_rng(largest), THREE
    )
    best = dict.fromkeys(engines, 0.0)
    for _ in range(args.repeats):
        for name, run in engines.items():
            best[name] = max(best[name], rate(run, args.seconds))

    spiel_rate = best.get("open_spiel in place")
    sizes = {size: best[f"batch {size}"] for size in args.sizes}
    top = max(sizes, key=sizes.__getitem__)
    print("uniform-random full rounds of CLASSIC, one core:")
    if spiel_rate is not None:
        print(f"{'open_spiel in place':>22}: {spiel_rate:9.0f} rounds/s")
    for size, rounds_per_second in sizes.items():
        ratio = f", {rounds_per_second / spiel_rate:5.2f}x open_spiel" if spiel_rate else ""
        mark = "  <- best" if size == top else ""
        print(
            f"{f'batch of {size}':>22}: {rounds_per_second:9.0f} rounds/s, "
            f"{rounds_per_second * DECISIONS / 1e6:5.2f}M decisions/s{ratio}{mark}"
        )
    if spiel_rate is None:
        print("open_spiel is not importable: no ratio (pip install spades[openspiel] installs it)")
    jokers = best["jokers"]
    print(
        f"{'Joker-Joker-Deuce-Deuce':>22}: {jokers:9.0f} rounds/s at {largest}, "
        f"{jokers / sizes[largest]:5.2f}x the standard deck"
    )
    three = best["three"]
    print(
        f"{'three players':>22}: {three:9.0f} rounds/s at {largest}, "
        f"{three / sizes[largest]:5.2f}x four players"
    )
    dealt, played = bytes_per_game(max(args.sizes), 9)
    print(f"{'bytes per game':>22}: {dealt:.0f} dealt, {played:.0f} after the round")

    capped = attrs.evolve(CLASSIC, round_cap=args.round_cap)
    figures: dict[str, dict[str, float]] = {}
    plans: tuple[tuple[str, Literal["round", "game"], list[State], str], ...] = (
        (
            "round",
            "round",
            sample_states(CLASSIC, args.states, 2, args.round_cap),
            "states to the end of its round (CLASSIC)",
        ),
        (
            "game",
            "game",
            sample_states(capped, args.states, 2, args.round_cap),
            f"states to the end of the game (CLASSIC, round_cap={args.round_cap})",
        ),
        (
            "samples_round",
            "round",
            samples_of_one_view(CLASSIC, args.states, 2),
            "deals sampled of one view to the end of the round (CLASSIC)",
        ),
        (
            "samples_game",
            "game",
            samples_of_one_view(capped, args.states, 2),
            f"deals sampled of one view to the end of the game (round_cap={args.round_cap})",
        ),
    )
    for key, until, states, what in plans:
        times = figures[key] = rollouts(states, until, args.seconds * args.repeats)
        print(
            f"random rollouts of {len(states)} {what}, "
            f"{times['reference_moves']:.0f} moves by the reference, best of {times['turns']:.0f}:"
        )
        print(f"{'apply':>22}: {times['reference_s'] * 1e3:9.1f} ms")
        print(
            f"{'from_states, play_out':>22}: {times['batch_s'] * 1e3:9.1f} ms "
            f"(from_states {times['from_states_s'] * 1e3:.1f} ms), "
            f"{times['ratio']:.2f}x apply"
        )
    full = f"{sizes[top] / spiel_rate:.2f}x open_spiel in place" if spiel_rate else "no ratio"
    print(
        f"targets: full rounds at the best size {full} (target 5x); rollouts "
        f"{figures['round']['ratio']:.2f}x and {figures['game']['ratio']:.2f}x apply, of one "
        f"view's deals {figures['samples_round']['ratio']:.2f}x and "
        f"{figures['samples_game']['ratio']:.2f}x (target 10x)"
    )
    after = load()
    print("load at the end:", " ".join(f"{value:.2f}" for value in after) if after else "unknown")

    if args.json:
        report = {
            "versions": names,
            "load_before": before,
            "load_after": after,
            "cpus": os.cpu_count(),
            "seconds": args.seconds,
            "repeats": args.repeats,
            "full_rounds": {
                "open_spiel_in_place": spiel_rate,
                "batch": {str(size): value for size, value in sizes.items()},
                "ratio": {
                    str(size): value / spiel_rate if spiel_rate else None
                    for size, value in sizes.items()
                },
                "best_size": top,
                "joker_joker_deuce_deuce": {"size": largest, "rounds_per_second": jokers},
                "three_players": {"size": largest, "rounds_per_second": three},
                "decisions_per_second": {
                    str(size): value * DECISIONS for size, value in sizes.items()
                },
                "bytes_per_game": {"dealt": dealt, "after_round": played},
            },
            "rollouts": {"states": args.states, "round_cap": args.round_cap, **figures},
        }
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump(report, file, indent=2)
            file.write("\n")


if __name__ == "__main__":
    main()
