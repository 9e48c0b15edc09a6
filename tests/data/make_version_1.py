"""How ``record-v1-four.json``, ``record-v1-two.json`` and ``state-v1-four.json`` were made.

They are data written by the library before the data format's version 2 (at commit
c8d3950), kept so that the tests show that version 1 data still reads. This script was
run once with that library on the path::

    PYTHONPATH=<a checkout of c8d3950>/src python tests/data/make_version_1.py

It cannot make them again with the current library, which writes version 2 and deals a
seeded game's first round by BLAKE2b rather than by Python's Mersenne Twister.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import attrs

import spades
from spades import TWO_HANDED, Bid, Exchange, Ruleset, records
from spades.bots import heuristic_policy

if TYPE_CHECKING:
    from collections.abc import Callable

    from spades import Move, State, View

BOT = heuristic_policy()


def play(
    rules: Ruleset,
    seed: int,
    policy: Callable[[View], Move],
    stop: Callable[[State], bool] = lambda state: False,
) -> tuple[State, list[Move]]:
    """The state and the moves of a game from ``seed`` until it ends or ``stop`` says so."""
    state = spades.new_game(rules, seed=seed)
    moves: list[Move] = []
    while state.to_move is not None and not stop(state):
        move = policy(spades.observe(state, state.to_move))
        state = spades.apply(state, move)
        moves.append(move)
    return state, moves


def double_nil_and_exchange(view: View) -> Move:
    """Double nil whenever it is legal, then an exchange of two cards; else the heuristic."""
    legal = view.legal_moves()
    if Bid(0, blind=True) in legal:
        return Bid(0, blind=True)
    exchanges = [move for move in legal if isinstance(move, Exchange) and len(move.cards) == 2]
    return exchanges[0] if exchanges else BOT(view)


def main() -> None:
    four = Ruleset(blind_nil=True, round_cap=2)
    seed = 2**100 + 12345  # more than 2**53: a number JSON parsers round
    state, moves = play(
        four, seed, BOT, lambda state: state.round_number == 2 and len(state.tricks) == 3
    )
    with open("tests/data/record-v1-four.json", "w", encoding="utf-8") as file:
        file.write(records.dumps(records.GameRecord.from_moves(four, moves, seed=seed), indent=1))
        file.write("\n")
    with open("tests/data/state-v1-four.json", "w", encoding="utf-8") as file:
        file.write(json.dumps(records.to_data(state), indent=1) + "\n")
    two = attrs.evolve(
        TWO_HANDED, blind_nil=True, blind_nil_deficit=None, blind_nil_exchange=2, round_cap=2
    )
    seed = 2**60  # the first seed from 2**60 whose game has an exchange of cards
    _, moves = play(two, seed, double_nil_and_exchange)
    with open("tests/data/record-v1-two.json", "w", encoding="utf-8") as file:
        file.write(records.dumps(records.GameRecord.from_moves(two, moves, seed=seed), indent=1))
        file.write("\n")


if __name__ == "__main__":
    main()
