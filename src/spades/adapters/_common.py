"""What the PettingZoo and Gymnasium environments share: options, seeds, rewards, the table.

Neither framework is imported here (numpy is, for the generators the frameworks seed).

- `check_options`: the ruleset, the reward and ``max_rounds``, checked once; `checked_seed`:
  the seed of a reset.
- `game_seed`: the seed of a game's deal, drawn from the environment's generator, so that
  ``reset(seed=s)`` deals the same game for the same ``s`` and ``reset()`` goes on
  reproducibly from there.
- `side_rewards`: what a move earned each side, ``"game"`` (the result, +1, -1 or 0, when
  the game ends) or ``"round"`` (the round's points, ours less theirs, when a round is
  scored).
- `is_truncated`: whether the game was stopped after ``max_rounds`` rounds.
- `table_lines`: the table as text, every hand shown, for the renders.
- `Views`: the views of the state now, each computed once (a step and the observation
  before it read the same one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, TypeAlias

from spades._errors import SpadesError, shown
from spades._rules import Ruleset, count_or_none, play_order, whole_number
from spades._table_text import bid_text, brief_hand, cards_text, outcome_lines, seat_name, side_name
from spades._view import observe

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np

    from spades._cards import Card
    from spades._state import State
    from spades._view import View

__all__ = [
    "MAX_ROUNDS",
    "REWARDS",
    "RewardKind",
    "Views",
    "check_options",
    "check_render_mode",
    "checked_seed",
    "game_seed",
    "is_truncated",
    "side_rewards",
    "table_lines",
]

RewardKind: TypeAlias = Literal["game", "round"]
"""What the environments reward: the game's result, or each round's point difference."""
REWARDS: Final[tuple[RewardKind, ...]] = ("game", "round")
MAX_ROUNDS: Final = 100
"""The rounds after which a game that has not ended stops, by default: truncated in
PettingZoo and Gymnasium, ended as a round cap ends it in OpenSpiel."""


def check_options(rules: object, reward: object, max_rounds: object) -> int | None:
    """``max_rounds`` as a plain int (or None), once the environment's options are checked.

    `TypeError` for a value of the wrong type, `SpadesError` for a wrong value. Any whole
    number (numpy's integers too, bools not) of 1 or more is a ``max_rounds``.
    """
    if not isinstance(rules, Ruleset):
        raise TypeError(f"rules is a Ruleset (spades.CLASSIC, ...), not {type(rules).__name__}")
    if not isinstance(reward, str) or reward not in REWARDS:
        raise SpadesError(f"reward is 'game' or 'round', not {shown(reward)}")
    if max_rounds is None:
        return None
    number = whole_number(max_rounds)
    if number is None:
        raise TypeError(f"max_rounds is a whole number or None, not {shown(max_rounds)}")
    if number < 1:
        raise SpadesError(
            f"max_rounds is a whole number of 1 or more, or None, not {shown(number)}"
        )
    return number


def check_render_mode(render_mode: object, modes: Sequence[str]) -> None:
    """Raise `SpadesError` unless ``render_mode`` is None or one of ``modes``."""
    if render_mode is not None and (not isinstance(render_mode, str) or render_mode not in modes):
        raise SpadesError(f"render_mode is 'human', 'ansi' or None, not {shown(render_mode)}")


def checked_seed(seed: object) -> int | None:
    """The seed of a reset as a plain int, or None: a whole number of 0 or more.

    Gymnasium seeds its generator with it and takes only Python ints; numpy's integers
    are taken here too (bools are not). `TypeError` or `SpadesError` for anything else.
    """
    return count_or_none(seed, "a seed")


def game_seed(rng: np.random.Generator) -> int:
    """A seed for `spades.new_game` (128 bits), the next draw of ``rng``."""
    return int.from_bytes(rng.bytes(16), "little")


def side_rewards(before: State, after: State, reward: RewardKind) -> tuple[float, float]:
    """What the move from ``before`` to ``after`` earned side 0 and side 1.

    ``"game"``: +1 to the winning side and -1 to the other when the game ends with it (0
    each for a draw), else nothing. ``"round"``: when it completes a round, that round's
    points, each side's less the other's.
    """
    if reward == "round":
        difference = sum(
            score.points[0] - score.points[1] for score in after.rounds[len(before.rounds) :]
        )
        return float(difference), float(-difference)
    outcome = after.outcome
    if outcome is None or before.outcome is not None or outcome.winner is None:
        return 0.0, 0.0
    return (1.0, -1.0) if outcome.winner == 0 else (-1.0, 1.0)


def is_truncated(state: State, max_rounds: int | None) -> bool:
    """Whether the game is stopped unfinished: ``max_rounds`` rounds played, and not over."""
    return max_rounds is not None and not state.is_over and len(state.rounds) >= max_rounds


def table_lines(
    state: State,
    selected: Sequence[Card] = (),
    *,
    you: int | None = None,
    max_rounds: int | None = None,
) -> list[str]:
    """The table for a render, a line each: round, phase, scores, hands, trick, result.

    Each hand comes with its seat's bid and tricks; then the trick in progress, the cards
    being chosen for a pass or exchange, and how the game ended. Every hand is shown (the
    render is the environment's, not a player's); ``you``, the agent's seat of a one-seat
    environment, is named ``you``.
    """
    rules = state.rules
    turn = "" if state.to_move is None else f"; {seat_name(state.to_move, you)} to move"
    lines = [
        f"Round {state.round_number}, {state.phase.value}{turn}",
        "Scores: "
        + ", ".join(
            f"{side_name(rules, side, you)} {state.scores[side]} ({state.bags[side]} bags)"
            for side in (0, 1)
        ),
    ]
    taken = state.tricks_taken
    for seat, hand in enumerate(state.hands):
        bid = state.bids[seat]
        said = "no bid yet" if bid is None else f"bid {bid_text(bid)}, {taken[seat]} tricks"
        looked = " (looked)" if state.looked[seat] else ""
        lines.append(f"  {seat_name(seat, you):<7} {brief_hand(hand)}   {said}{looked}")
    if rules.players == 2 and state.stock:
        lines.append(f"Stock: {len(state.stock)} cards, {state.stock[0]} on top")
    if state.trick:
        assert state.trick_leader is not None, "a trick in progress has a leader"
        seats = play_order(rules, state.trick_leader)
        cards = ", ".join(
            f"{seat_name(seat, you)} {card}" for seat, card in zip(seats, state.trick, strict=False)
        )
        lines.append(f"Trick {len(state.tricks) + 1}: {cards}")
    if selected:
        lines.append(f"Chosen so far: {cards_text(selected)}")
    if state.outcome is not None:
        lines.extend(outcome_lines(state))
    elif is_truncated(state, max_rounds):
        lines.append(
            f"Stopped after {len(state.rounds)} rounds (max_rounds), unfinished: "
            + " to ".join(str(state.scores[side]) for side in (0, 1))
        )
    return lines


class Views:
    """The views of one state, each computed on first use: states never change."""

    def __init__(self) -> None:
        self._state: State | None = None
        self._views: dict[int, View] = {}

    def of(self, state: State, seat: int) -> View:
        """`spades.observe` of ``state`` for ``seat``, once for each state in a row."""
        if state is not self._state:
            self._state, self._views = state, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = observe(state, seat)
        return view
