"""``spades play``: a person plays one seat against heuristic bots on the terminal.

She sees only what her seat may know (`spades.observe`): her hand by suit with the cards
she may play marked, the bids, the trick in progress; the bots' moves as they happen and
source B's table after each round. A move she types goes through `spades.apply`; an
illegal one is explained and she is asked again. End of input stops the game.
"""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING, Final

from spades import _table as table
from spades._deal import new_game
from spades._engine import apply
from spades._errors import NotationError, SpadesError
from spades._moves import Bid, Exchange, Keep, Pass, Play, Reject, parse_move
from spades._state import Phase
from spades._view import View, observe
from spades.bots import heuristic_policy

if TYPE_CHECKING:
    from spades._moves import Move
    from spades._rules import Ruleset
    from spades._state import State
    from spades.bots import Policy

__all__ = ["play", "read_move"]

HELP: Final = (
    "Type a move: 'bid 3' (or just 3), 'bid nil', 'bid blind nil', 'look', 'play AS' (or "
    "just AS),\n'pass 2C 3D', 'keep', 'reject', 'exchange 2C 3D' ('exchange' alone keeps "
    "your hand).\n'help' shows this again; 'quit' (or the end of input) stops the game."
)


class _StopGame(Exception):  # noqa: N818  (not an error: the person stops)
    """The person stops the game: end of input, 'quit' or an interrupt; the exit code."""

    def __init__(self, why: str, code: int) -> None:
        super().__init__(why)
        self.code = code


def play(rules: Ruleset, name: str, seed: int | None, you: int) -> int:
    """Play a game with the person at seat ``you``; the exit code (1: she stopped it)."""
    state = new_game(rules, seed=seed)
    print(f"Spades: rules {name}, seed {state.seed}; you are seat {you}.")
    print(table.rules_text(rules))
    print(HELP)
    print()
    print(table.round_header(rules, 1, state.dealer))
    bots = [heuristic_policy() for _ in range(rules.players)]
    while state.to_move is not None:
        seat = state.to_move
        try:
            move, after = _ask(state, you) if seat == you else _bot(state, bots[seat])
        except _StopGame as stop:
            print(
                f"{stop}: the game stops in round {state.round_number}, scores "
                f"{state.scores[0]} to {state.scores[1]}.",
                file=sys.stderr,
            )
            return stop.code
        for line in _news(state, move, after, you):
            print(line)
        state = after
    print()
    print(table.outcome_text(state))
    return 0


def _bot(state: State, policy: Policy) -> tuple[Move, State]:
    seat = state.to_move
    assert seat is not None
    move = policy(observe(state, seat))
    return move, apply(state, move, seat=seat)


def read_move(text: str) -> Move:
    """The move a person typed: its notation, a card alone (a play) or a bid alone.

    >>> str(read_move("AS")), str(read_move("3")), str(read_move("nil")), str(read_move("keep"))
    ('play AS', 'bid 3', 'bid nil', 'keep')
    """
    for candidate in (text, f"bid {text}", f"play {text}"):
        with contextlib.suppress(NotationError):
            return parse_move(candidate)
    return parse_move(text)  # raises, naming what she typed


def _ask(state: State, you: int) -> tuple[Move, State]:
    """Show the person her turn and read moves until one is legal."""
    view = observe(state, you)
    for line in _turn(view):
        print(line)
    while True:
        text = _read()
        if not text:
            continue
        if text.lower() in {"help", "?"}:
            print(HELP)
            print(f"Legal moves: {_legal(view)}")
            continue
        try:
            move = read_move(text)
            return move, apply(state, move, seat=you)
        except NotationError as error:
            print(f"  {error}")
            print("  (A card alone, like AS, plays it; a number alone, like 3, bids it.)")
        except SpadesError as error:  # an illegal move: the rule in plain words
            print(f"  {error}")


def _read() -> str:
    """A line the person typed, stripped; `_StopGame` at the end of input, 'quit' or Ctrl-C."""
    try:
        line = input("your move> ")
    except EOFError:
        print()
        raise _StopGame("End of input", 1) from None
    except KeyboardInterrupt:
        print()
        raise _StopGame("Interrupted", 130) from None
    if not sys.stdin.isatty():  # piped input: show it, so that the transcript reads well
        print(line)
    if line.strip().lower() in {"quit", "exit"}:
        raise _StopGame("You quit", 1)
    return line.strip()


def _turn(view: View) -> list[str]:
    """What the person sees at her turn."""
    rules, you = view.rules, view.seat
    lines = [
        "",
        f"-- Your turn (seat {you}): round {view.round_number}, {view.phase.value} --",
        "Scores: "
        + ", ".join(f"{table.side_name(rules, s, you)} {view.scores[s]}" for s in (0, 1)),
        "Bids: "
        + ", ".join(
            f"{table.seat_name(seat, you)}: {'-' if bid is None else table.bid_text(rules, bid)}"
            for seat, bid in enumerate(view.bids)
        ),
    ]
    if view.phase is Phase.PLAYING:
        won = [sum(trick.winner == seat for trick in view.tricks) for seat in range(rules.players)]
        lines.append(
            "Tricks won: "
            + ", ".join(f"{table.seat_name(seat, you)}: {n}" for seat, n in enumerate(won))
        )
        number = len(view.tricks) + 1
        if view.trick:
            assert view.trick_leader is not None
            seats = table.play_order(rules, view.trick_leader)
            cards = "  ".join(
                f"{seat}:{card}"
                for seat, card in zip(seats[: len(view.trick)], view.trick, strict=True)
            )
            lines.append(f"Trick {number} so far: {cards}")
        else:
            lines.append(f"You lead trick {number}.")
    if view.phase is Phase.DRAWING:
        lines.append(f"Top of the stock: {view.top_card} ({view.stock_size} cards left).")
        lines.append("'keep' takes it and discards the next; 'reject' discards it, takes the next.")
    if view.hand is None:
        lines.append("Your cards are face down: bid blind nil now, or look at them first.")
    else:
        lines.extend(_hand(view))
    lines.append(f"Legal moves: {_legal(view)}")
    return lines


def _hand(view: View) -> list[str]:
    """The person's hand, a line a suit, high to low; in the play, her legal cards in [ ]."""
    hand = view.hand or ()
    legal = {move.card for move in view.legal_moves() if isinstance(move, Play)}
    mark = " (the cards you may play in [brackets])" if view.phase is Phase.PLAYING else ""
    lines = [f"Your hand{mark}:" if hand else "Your hand: no card yet."]
    for suit in table.SUITS if hand else ():
        cards = [card for card in sorted(hand, reverse=True) if card.suit is suit]
        shown = " ".join(f"[{card}]" if card in legal else f" {card} " for card in cards)
        lines.append(f"  {suit.name.lower():<9}{shown or ' -'}".rstrip())
    return lines


def _legal(view: View) -> str:
    """The legal moves in words; the first is always one to type as it is."""
    moves, rules = view.legal_moves(), view.rules
    if view.phase is Phase.BIDDING and view.hand is not None:
        return ("bid nil, " if rules.nil else "") + "bid 1 to bid 13 (or just the number)"
    if view.phase is Phase.PASSING:
        return f"{moves[0]}, or any other {rules.blind_nil_pass} of your cards"
    if view.phase is Phase.EXCHANGING:
        most = rules.blind_nil_exchange
        return f"exchange (keeps your hand), or up to {most} of your cards, like {moves[-1]}"
    return ", ".join(  # double nil, with two players
        f"bid {table.bid_text(rules, move)}" if isinstance(move, Bid) else str(move)
        for move in moves
    )


def _news(before: State, move: Move, after: State, you: int) -> list[str]:
    """What the person learns from ``move``: only what her seat may see."""
    rules, seat = before.rules, before.to_move
    assert seat is not None
    who, seen = table.seat_name(seat, you), observe(after, you)
    lines = []
    if isinstance(move, (Keep, Reject)):
        if seat == you:
            _, kept, discarded = seen.draws[-1]
            lines.append(f"you keep {kept} and discard {discarded}")
    elif isinstance(move, Pass):
        passed = seen.passes[-1][1]
        given = f"{len(move.cards)} cards" if passed is None else table.cards_text(passed)
        lines.append(f"{who}: pass {given} to the partner")
    elif isinstance(move, Exchange):
        if seen.exchanged is not None and seat == you:
            gave, drew = seen.exchanged
            lines.append(f"you give {table.cards_text(gave)}, draw {table.cards_text(drew)}")
        else:
            lines.append(f"{who}: exchange {len(move.cards)} cards with the discards")
    elif isinstance(move, Bid):
        lines.append(f"{who}: bid {table.bid_text(rules, move)}")
    else:  # Look and Play are public
        lines.append(f"{who}: {move}")
    trick = table.finished_trick(before, move, after)
    if trick is not None:
        winner = table.seat_name(trick.winner, you)
        lines.append(f"  {winner} {'win' if trick.winner == you else 'wins'} the trick")
    if len(after.rounds) > len(before.rounds):
        score = after.rounds[-1]
        lines.append("")
        lines.extend(table.round_table(rules, len(after.rounds), score, after.scores, you))
        lines.extend(table.round_notes(rules, score))
        if after.outcome is None:
            lines.extend(("", table.round_header(rules, after.round_number, after.dealer)))
    return lines
