"""``spades play``: a person plays one seat against bots on the terminal (heuristic by default).

She sees only what her seat may know (`spades.observe`): her hand by suit with the cards
she may play marked, the bids, the trick in progress; the bots' moves as they happen, each
trick when it ends and source B's table after each round (`spades._cli.screen`). A move
she types goes through `spades.apply`; an illegal one is explained and she is asked
again. ``quit`` stops the game (exit code 0), and so does the end of input (1) or Ctrl-C
(130).

The game's seed deals every hand, so she does not see it while the game is on: the command
says it only once the game is over or stopped, in the line that plays it again
(`replay_lines`).
"""

from __future__ import annotations

import shlex
import sys
from typing import TYPE_CHECKING

from spades import (
    Bid,
    Bidding,
    IllegalMoveError,
    NotationError,
    apply,
    new_game,
    observe,
)
from spades._cli import bots as _bots
from spades._cli.moves import help_lines, read_move
from spades._cli.screen import legal_text, news_lines, turn_lines
from spades._cli.text import WIDTH, show, width
from spades._table_text import outcome_lines, round_header, rules_lines, scores_text
from spades.bots import seat_policies
from spades.records import ruleset_from_text

if TYPE_CHECKING:
    from spades import Move, Ruleset, State
    from spades.bots import Policy

__all__ = ["play", "replay_lines"]


class _StopGame(Exception):  # noqa: N818  (not an error: the person stops)
    """The person stops the game: end of input, 'quit' or an interrupt; the exit code."""

    def __init__(self, why: str, code: int) -> None:
        super().__init__(why)
        self.code = code


def play(
    rules: Ruleset, name: str, seed: int | None, you: int, *, bots: str = _bots.DEFAULT
) -> int:
    """Play a game with the person at seat ``you`` and the bot ``bots`` in the others.

    ``bots`` is a name of `spades.bots.BOTS` (`SpadesError` for another), seeded from
    the game's seed. The exit code: 0 when the game ends or she quits, 1 at the end of
    input, 130 when interrupted.
    """
    state = new_game(rules, seed=seed)
    policies = seat_policies(rules, state.seed, (bots, bots))  # (hers is never asked)
    show(f"Spades: rules {name}; you are seat {you}; {bots} bots in the other seats.")
    show(*rules_lines(rules), *help_lines(rules))
    show("", round_header(rules, 1, state.dealer))
    replay = replay_lines(rules, name, state.seed, you, bots, columns=width())
    while state.to_move is not None:
        seat = state.to_move
        try:
            try:
                move, after = _ask(state, you) if seat == you else _bot(state, policies[seat])
            except KeyboardInterrupt:  # while a bot thinks
                raise _StopGame("Interrupted", 130) from None
        except _StopGame as stop:
            show(
                f"{stop}: the game stops in round {state.round_number}, scores "
                f"{scores_text(state.scores)}.",
                file=sys.stderr,
            )
            _show_command(replay)
            return stop.code
        show(*news_lines(state, move, after, you))
        state = after
    show("", *outcome_lines(state))
    _show_command(replay)
    return 0


def _show_command(lines: list[str]) -> None:
    """Print the replay command's lines as `replay_lines` broke them, never wrapped again.

    A word wider than the terminal (long rules text) stays on its line with the backslash
    after it, so that a shell still reads one command.
    """
    for line in lines:
        print(line)


def replay_lines(
    rules: Ruleset, name: str, seed: int, you: int, bots: str, *, columns: int = WIDTH
) -> list[str]:
    r"""The command that plays the game again, its seed in it: shown once the game is over.

    ``name`` is the rules as ``--rules`` took them (quoted for the shell when they change a
    field); ``--target`` is there when ``rules`` do not have the target ``name`` gives,
    ``--bots`` when the bots are not the default. A command too long for ``columns``
    columns goes on over lines that end in a backslash, as a shell reads them.

    >>> from spades import MINIOKEY, Ruleset
    >>> replay_lines(MINIOKEY, "miniokey", 7, 2, "random")
    ['Replay this game with:', '  spades play --rules miniokey --seed 7 --seat 2 --bots random']
    >>> lines = replay_lines(Ruleset(target=300), "miniokey-250", 2**128 - 1, 3, "fallback")
    >>> print(*lines, sep="\n")
    Replay this game with:
      spades play --rules miniokey-250 --target 300 --seed 340282366920938463463374607431768211455 \
        --seat 3 --bots fallback
    >>> replay_lines(Ruleset(bidding=Bidding.WHIZ), "classic;bidding:whiz", 1, 0, "heuristic")[1]
    "  spades play --rules 'classic;bidding:whiz' --seed 1 --seat 0"
    """
    words = ["spades play", f"--rules {shlex.quote(name)}"]
    if ruleset_from_text(name).target != rules.target:
        words.append(f"--target {rules.target}")
    words += [f"--seed {seed}", f"--seat {you}"]
    if bots != _bots.DEFAULT:
        words.append(f"--bots {bots}")
    lines = ["Replay this game with:", " "]
    for word in words:
        if len(lines[-1]) + len(word) + 3 > columns:  # the word, a space and a backslash
            lines[-1] += " \\"
            lines.append("   ")
        lines[-1] += f" {word}"
    return lines


def _bot(state: State, policy: Policy) -> tuple[Move, State]:
    seat = state.to_move
    assert seat is not None
    move = policy(observe(state, seat))
    return move, apply(state, move, seat=seat)


def _ask(state: State, you: int) -> tuple[Move, State]:
    """Show the person her turn and read moves until one is legal.

    When she has only one legal move, it is played for her, and a line says so: for a bid
    a bidding mode leaves her (Mirror's always), with the hint's reason (rule-suicide,
    rule-whiz, rule-mirror).
    """
    view = observe(state, you)
    moves = view.legal_moves()
    if len(moves) == 1:
        only = str(moves[0])
        if isinstance(moves[0], Bid) and state.rules.bidding is not Bidding.OPEN:
            only = legal_text(view)
        show(f"Your only legal move, {only}, is played for you.")
        return moves[0], apply(state, moves[0], seat=you)
    show(*turn_lines(view))
    while True:
        text = _read()
        if not text:
            continue
        if text.lower() in {"help", "?"}:
            show(*help_lines(state.rules), f"Legal moves: {legal_text(view)}")
            continue
        try:
            move = read_move(state.rules, text)
            return move, apply(state, move, seat=you)
        except NotationError as error:
            show(f"  {error}")
            show("  (A card alone, like AS, plays it; a number alone, like 3, bids it.)")
        except IllegalMoveError as error:  # the rule in plain words, to her
            why = str(error).partition(" is illegal: ")[2]
            show(f"  '{error.move}' is illegal: {why}")


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
        raise _StopGame("You quit", 0)
    return line.strip()
