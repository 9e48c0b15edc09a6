"""``spades demo``: bots play a whole game, printed round by round (heuristic by default)."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from spades import Bid, Exchange, Pass, Phase, records
from spades._cli import bots as _bots
from spades._cli import games
from spades._cli.text import show
from spades._errors import quoted
from spades._table_text import (
    bid_text,
    brief_hand,
    cards_text,
    finished_trick,
    outcome_lines,
    round_header,
    round_notes,
    round_table,
    rules_lines,
    trick_line,
)
from spades.bots import seat_policies

if TYPE_CHECKING:
    from spades import Card, Move, Ruleset, State, Trick

__all__ = ["demo"]


def demo(
    rules: Ruleset,
    name: str,
    seed: int,
    *,
    record: str | None = None,
    indent: int | None = None,
    bots: str = _bots.DEFAULT,
) -> int:
    """The bot ``bots`` in every seat plays a game; print each round and the result; the exit code.

    ``bots`` is a name of `spades.bots.BOTS` (`SpadesError` for another). With
    ``record``, the game's record is also written to that file (`spades.records`), as
    compact JSON or, with ``indent``, indented by that many spaces; a file whose name ends
    in ``.ptn`` gets PTN text (`spades.records.write_ptn`) instead, which holds no card
    pass: a game that passes cards is not written.
    """
    policies = seat_policies(rules, seed, (bots, bots))
    if record is not None:
        try:  # a path that cannot be written fails before the game (its file left as it is)
            open(record, "a", encoding="utf-8").close()
        except (OSError, ValueError) as error:  # (ValueError: a NUL in the path)
            return _cannot_write(record, error)
    show(f"Spades demo: rules {name}, seed {seed}; {bots} bots in every seat.")
    show(*rules_lines(rules))
    limit = games.round_limit(rules)
    printer = _RoundPrinter()
    moves: list[Move] = []

    def on_move(before: State, move: Move, after: State) -> None:
        moves.append(move)
        printer(before, move, after)

    state = games.run_game(
        rules,
        policies,
        seed=seed,
        limit=limit,
        on_move=on_move,
    )
    show("", *outcome_lines(state, limit))
    if record is not None:
        game = records.GameRecord.from_moves(rules, moves, seed=seed)
        try:
            _write(game, record, indent)
        except (OSError, ValueError) as error:
            return _cannot_write(record, error)
        show(f"The game's record ({len(moves)} moves) is in {record}.")
    return 0


def _write(game: records.GameRecord, path: str, indent: int | None) -> None:
    """Write the record ``game`` to ``path``; if the system stops it half-way, remove it.

    A regular file that could be opened but not written to the end (a full disk, a quota)
    is removed, so that no half-written record is left as if it were one.
    """
    text = records.write_ptn(game, event=f"spades demo, seed {game.seed}") if is_ptn(path) else None
    with open(path, "w", encoding="utf-8") as file:
        try:
            if text is None:
                records.dump(game, file, indent=indent)
                file.write("\n")
            else:
                file.write(text)
            file.flush()
        except OSError:
            if os.path.isfile(path):
                os.remove(path)
            raise


def is_ptn(path: str | None) -> bool:
    """Whether a record file's name asks for PTN text: it ends in ``.ptn``, in any case."""
    return path is not None and path.lower().endswith(".ptn")


def _cannot_write(path: str, error: OSError | ValueError) -> int:
    """Say on stderr, in a line, that the record cannot be written to ``path``, and why; 1."""
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    show(f"spades demo: cannot write the record to {quoted(path, 200)}: {reason}", file=sys.stderr)
    return 1


class _RoundPrinter:
    """Collects a round's bids, card passes, exchanges and tricks; prints it when it ends."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.bids: list[str] = []
        self.tricks: list[Trick] = []
        self.hands: tuple[tuple[Card, ...], ...] = ()

    def __call__(self, before: State, move: Move, after: State) -> None:
        seat = before.to_move
        if isinstance(move, Bid):
            self.bids.append(f"seat {seat}: {bid_text(move, before.rules)}")
        elif isinstance(move, Pass):
            self.events.append(f"seat {seat} passes {cards_text(move.cards)} to its partner")
        elif isinstance(move, Exchange):
            exchange = after.exchanges[-1]
            gave, drew = cards_text(exchange.given or ()), cards_text(exchange.drawn or ())
            self.events.append(f"seat {seat} gives {gave} and draws {drew}")
        if after.phase is Phase.PLAYING and before.phase is not Phase.PLAYING:
            self.hands = after.hands
        trick = finished_trick(before, move)
        if trick is not None:
            self.tricks.append(trick)
        if len(after.rounds) > len(before.rounds):
            self._print(before, after)
            self.events, self.bids, self.tricks = [], [], []

    def _print(self, before: State, after: State) -> None:
        rules = before.rules
        show("", round_header(rules, before.round_number, before.dealer))
        show("  Hands as the play begins:")
        show(
            *(
                f"    seat {seat}  {brief_hand(hand, rules.pack)}"
                for seat, hand in enumerate(self.hands)
            )
        )
        show(f"  Bids: {', '.join(self.bids)}")
        show(*(f"  {event}" for event in self.events))
        show("  Tricks (seat:card in playing order, the leader first; * the winning card):")
        show(*(trick_line(rules, n, trick) for n, trick in enumerate(self.tricks, 1)))
        show(*round_table(rules, len(after.rounds), after.rounds[-1], after.scores))
        show(*round_notes(rules, after.rounds[-1]))
