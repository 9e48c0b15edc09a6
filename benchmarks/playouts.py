"""Random playouts through the public API, and against OpenSpiel's spades when importable.

    python benchmarks/playouts.py [--seconds S] [--repeats R]

Prints, for this engine: uniform-random full rounds per second (the deal, 4 bids, 52
plays and the scoring; whole games of CLASSIC capped at 20 rounds, counted by their
rounds), microseconds per seeded ``new_game`` (the shuffle and the deal), per
``sample_state`` (of the views met in random play), per ``legal_moves`` and per
``apply``, full games to 500 per second (random cards; every bid 3, since uniform-random
bids almost never reach 500 under CLASSIC) and bytes per retained state. When
``pyspiel`` imports, the same uniform-random loop runs on OpenSpiel's ``spades`` (a
round is its 52 chance deals, 4 bids and 52 plays), both through ``state.child(action)``
and in place through ``apply_action``; the engines alternate within one run and the
ratios compare the best of each. Both loops have the same shape, the fastest each API
allows: ask for the legal moves, stop when there are none, else apply a random one
(asking OpenSpiel ``is_terminal()`` as well would slow it by about a sixth). ``nox -s
bench`` installs OpenSpiel and runs this.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from importlib import metadata
from typing import TYPE_CHECKING, Any

import attrs

import spades
from spades import CLASSIC, MINIOKEY, Bid, Phase, State, apply, legal_moves, new_game

if TYPE_CHECKING:
    from collections.abc import Callable

ROUNDS_RULES = attrs.evolve(CLASSIC, round_cap=20)
"""CLASSIC with a cap of 20 rounds: uniform-random bids almost never reach the target."""


def our_rounds(rounds: int, seed: int) -> int:
    """Play uniform-random games of `ROUNDS_RULES` until ``rounds`` rounds are done."""
    rng = random.Random(seed)
    choice = rng.choice
    played = 0
    while played < rounds:
        state = new_game(ROUNDS_RULES, seed=rng.getrandbits(32))
        moves = legal_moves(state)
        while moves:
            state = apply(state, choice(moves))
            moves = legal_moves(state)
        played += len(state.rounds)
    return played


def our_games(games: int, seed: int) -> int:
    """Play ``games`` games to 500 under CLASSIC and MINIOKEY: random cards, bids of 3."""
    rng = random.Random(seed)
    bid = Bid(3)
    rounds = 0
    for game in range(games):
        state = new_game(MINIOKEY if game % 2 else CLASSIC, seed=rng.getrandbits(32))
        while not state.is_over:
            move = bid if state.phase is Phase.BIDDING else rng.choice(legal_moves(state))
            state = apply(state, move)
        rounds += len(state.rounds)
    return rounds


def new_games(count: int, seed: int) -> int:
    """Start ``count`` seeded games of CLASSIC: each a shuffle from its seed and a deal."""
    for offset in range(count):
        new_game(CLASSIC, seed=seed + offset)
    return count


def views_of_random_play(count: int, seed: int) -> list[spades.View]:
    """The views of the seat to move met in uniform-random play, round 1 and on."""
    rng = random.Random(seed)
    views: list[spades.View] = []
    state = new_game(CLASSIC, seed=seed)
    while len(views) < count:
        seat = state.to_move
        if seat is None:
            state = new_game(CLASSIC, seed=rng.getrandbits(32))
            continue
        views.append(spades.observe(state, seat))
        state = apply(state, rng.choice(legal_moves(state)))
    return views


def sample_us(views: list[spades.View], seed: int) -> float:
    """Microseconds per `sample_state` of each view, in CPU time."""
    rng = random.Random(seed)
    start = time.process_time()
    for view in views:
        spades.sample_state(view, rng=rng)
    return (time.process_time() - start) / len(views) * 1e6


def sample_positions(count: int, seed: int) -> list[tuple[State, spades.Move]]:
    """States met in uniform-random play, each with the random move made from it."""
    rng = random.Random(seed)
    pairs: list[tuple[State, spades.Move]] = []
    state = new_game(CLASSIC, seed=seed)
    while len(pairs) < count:
        move = rng.choice(legal_moves(state))
        pairs.append((state, move))
        state = apply(state, move)
    return pairs


def per_call_us(pairs: list[tuple[State, spades.Move]]) -> tuple[float, float]:
    """Microseconds per ``legal_moves`` and per ``apply`` over the sampled positions."""
    states = [state for state, _ in pairs]
    start = time.process_time()
    for state in states:
        legal_moves(state)
    listing = time.process_time() - start
    start = time.process_time()
    for state, move in pairs:
        apply(state, move)
    applying = time.process_time() - start
    return listing / len(pairs) * 1e6, applying / len(pairs) * 1e6


def bytes_per_state(seed: int) -> float:
    """Memory per state retained along a random game (states share what did not change)."""
    rng = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [new_game(CLASSIC, seed=seed)]
    while len(kept) < 2000:
        kept.append(apply(kept[-1], rng.choice(legal_moves(kept[-1]))))
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(kept)


def spiel_rounds(game: Any, rounds: int, seed: int, *, in_place: bool) -> int:
    """Play ``rounds`` uniform-random rounds of OpenSpiel's spades."""
    rng = random.Random(seed)
    choice = rng.choice
    for _ in range(rounds):
        state = game.new_initial_state()
        actions = state.legal_actions()
        if in_place:
            while actions:
                state.apply_action(choice(actions))
                actions = state.legal_actions()
        else:
            while actions:
                state = state.child(choice(actions))
                actions = state.legal_actions()
    return rounds


def rate(run: Callable[[], int], seconds: float) -> float:
    """The best rate of ``run`` (which returns the units it did) over repeated short runs.

    CPU time, not wall time, and the best of many short runs: on a shared machine both
    keep other processes out of the figure as far as a measurement can.
    """
    best = 0.0
    deadline = time.process_time() + seconds
    while time.process_time() < deadline:
        start = time.process_time()
        done = run()
        elapsed = time.process_time() - start
        best = max(best, done / elapsed) if elapsed > 0 else best
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="alternations of the engines")
    args = parser.parse_args(argv)

    try:
        import pyspiel  # noqa: PLC0415
    except ImportError:
        pyspiel = None
    spiel = pyspiel.load_game("spades") if pyspiel else None

    engines: dict[str, Callable[[], int]] = {"spades": lambda: our_rounds(40, 1)}
    if spiel is not None:
        engines["open_spiel child"] = lambda: spiel_rounds(spiel, 40, 1, in_place=False)
        engines["open_spiel in place"] = lambda: spiel_rounds(spiel, 40, 1, in_place=True)
    best = dict.fromkeys(engines, 0.0)
    for _ in range(args.repeats):
        for name, run in engines.items():
            best[name] = max(best[name], rate(run, args.seconds))

    print(f"python {sys.version.split()[0]}, spades {metadata.version('spades')}")
    for name, rounds_per_second in best.items():
        print(f"{name:>22}: {rounds_per_second:9.0f} uniform-random rounds/s")
    if spiel is not None:
        ours = best["spades"]
        print(
            f"{'ratio':>22}: {ours / best['open_spiel child']:.2f}x open_spiel child, "
            f"{ours / best['open_spiel in place']:.2f}x open_spiel in place"
        )
    else:
        print("open_spiel is not importable: no ratios (nox -s bench installs it)")

    dealing = rate(lambda: new_games(1000, 2**64 + 6), args.seconds)
    print(f"{'new_game':>22}: {1e6 / dealing:9.2f} us per call (a seeded deal)")
    sampling = sample_us(views_of_random_play(5_000, 7), 8)
    print(f"{'sample_state':>22}: {sampling:9.2f} us per call (a hidden deal of a view)")
    listing, applying = per_call_us(sample_positions(20_000, 2))
    print(f"{'legal_moves':>22}: {listing:9.2f} us per call")
    print(f"{'apply':>22}: {applying:9.2f} us per call")
    games = rate(lambda: our_games(4, 3), args.seconds * 2)
    print(f"{'games to 500':>22}: {games:9.0f} rounds/s in full games")
    start = time.process_time()
    count = 20
    our_games(count, 4)
    print(f"{'games to 500':>22}: {count / (time.process_time() - start):9.1f} games/s")
    print(f"{'retained state':>22}: {bytes_per_state(5):9.0f} bytes per state")


if __name__ == "__main__":
    main()
