"""How ``record-v2-four.json``, ``state-v2-four.json``, ``view-v2-four.json`` and
``record-v2-two.json`` were made.

They are data written by the library before the data format's version 3 (at commit
ffb7da0), kept so that the tests show that version 2 data still reads: its rulesets hold
no ``spades_lead``, and read as spades led once broken. This script was run once with that
library on the path::

    PYTHONPATH=<a checkout of ffb7da0>/src python tests/data/make_version_2.py

It cannot make them again with the current library, which writes version 3.

The four-player game stops in its second round at a lead whose leader holds spades and
other cards while spades are not broken: there a spade may not be led under the rules of
version 2, and may under ``spades_lead="any_time"``. The two-player game is whole, with a
double nil exchange.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import attrs

import spades
from spades import MINIOKEY, TWO_HANDED, Bid, Exchange, Suit, records
from spades.bots import heuristic_policy

if TYPE_CHECKING:
    from collections.abc import Callable

    from spades import Move, Ruleset, State, View

BOT = heuristic_policy()


def play(
    rules: Ruleset,
    seed: int,
    policy: Callable[[View], Move],
    stop: Callable[[State], bool] = lambda state: False,
) -> tuple[State, list[Move]]:
    """The state and the moves of a game from ``seed`` until it ends or ``stop`` says so."""
    state = spades.new_game(rules, seed=seed, dealer=1)
    moves: list[Move] = []
    while state.to_move is not None and not stop(state):
        move = policy(spades.observe(state, state.to_move))
        state = spades.apply(state, move)
        moves.append(move)
    return state, moves


def a_lead_spades_bar(state: State) -> bool:
    """Round 2, a lead after the first trick, spades not broken, a spade and more in hand."""
    if state.round_number != 2 or state.trick or len(state.tricks) < 2 or state.spades_broken:
        return False
    if state.to_move is None or state.phase is not spades.Phase.PLAYING:
        return False
    suits = {card.suit for card in state.hand(state.to_move)}
    return Suit.SPADES in suits and len(suits) > 1


def double_nil_and_exchange(view: View) -> Move:
    """Double nil whenever it is legal, then an exchange of two cards; else the heuristic."""
    legal = view.legal_moves()
    if Bid(0, blind=True) in legal:
        return Bid(0, blind=True)
    exchanges = [move for move in legal if isinstance(move, Exchange) and len(move.cards) == 2]
    return exchanges[0] if exchanges else BOT(view)


def write(name: str, data: object) -> None:
    with open(f"tests/data/{name}", "w", encoding="utf-8") as file:
        file.write(json.dumps(data, indent=1) + "\n")


def main() -> None:
    four = attrs.evolve(MINIOKEY, blind_nil=True, round_cap=2)
    seed = 2**90  # more than 2**53: written as text since version 2
    state, moves = play(four, seed, BOT, a_lead_spades_bar)
    while not a_lead_spades_bar(state):  # the first seed from 2**90 whose game has one
        seed += 1
        state, moves = play(four, seed, BOT, a_lead_spades_bar)
    record = records.GameRecord.from_moves(four, moves, seed=seed, dealer=1)
    write("record-v2-four.json", records.to_data(record))
    write("state-v2-four.json", records.to_data(state))
    assert state.to_move is not None
    write("view-v2-four.json", records.to_data(spades.observe(state, state.to_move)))
    two = attrs.evolve(TWO_HANDED, blind_nil_exchange=2, round_cap=2)
    seed = 2**70
    _, moves = play(two, seed, double_nil_and_exchange)
    while not any(isinstance(move, Exchange) and move.cards for move in moves):
        seed += 1  # the first seed from 2**70 whose game exchanges cards
        _, moves = play(two, seed, double_nil_and_exchange)
    record = records.GameRecord.from_moves(two, moves, seed=seed, dealer=1)
    write("record-v2-two.json", records.to_data(record))


if __name__ == "__main__":
    main()
