"""What the PettingZoo and Gymnasium environments share: options, seeds, rewards, the table.

Neither framework is imported here (numpy is, for the generators the frameworks seed).

- `check_options`: the ruleset, the reward and ``max_rounds``, checked once;
  `reward_factor`: what each reward is multiplied by; `checked_seed`: the seed of a reset;
  `check_render_mode`: the render mode (`TypeError` for one the environments do not have,
  on which Stable-Baselines3's ``make_vec_env`` falls back to none).
- `game_seed`: the seed of a game's deal, drawn from the environment's generator, so that
  ``reset(seed=s)`` deals the same game for the same ``s`` and ``reset()`` goes on
  reproducibly from there.
- `side_rewards`: what a move earned each side, ``"game"`` (the result, +1, -1 or 0, when
  the game ends) or ``"round"`` (the round's points, ours less the others' mean, when a
  round is scored).
- `is_truncated`: whether the game was stopped after ``max_rounds`` rounds.
- `final_info`: what the last step's ``info`` tells of the game's end (scores, winner,
  ``is_success``), for a learner's logs behind an auto-resetting vector environment.
- `table_lines`: the table as text, every hand shown, for the renders.
- `Views`: the views of the state now, each computed once (a step and the observation
  before it read the same one).
"""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

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
    "ROUND_SCALE",
    "RewardKind",
    "Views",
    "check_options",
    "check_render_mode",
    "checked_seed",
    "final_info",
    "finite_number",
    "game_seed",
    "is_truncated",
    "reward_factor",
    "side_rewards",
    "table_lines",
]

RewardKind: TypeAlias = Literal["game", "round"]
"""What the environments reward: the game's result, or each round's point difference."""
REWARDS: Final[tuple[RewardKind, ...]] = ("game", "round")
ROUND_SCALE: Final = 0.01
"""What a round's points are multiplied by unless ``reward_scale`` says otherwise: points
come in tens (a bid of 4 made is 40), so a round's difference becomes a number of about -3
to 3, the range in which learners' value estimates and gradients are at ease."""
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


def reward_factor(reward: RewardKind, reward_scale: object) -> float:
    """What each reward of kind ``reward`` is multiplied by: ``reward_scale``, checked.

    ``None``: `ROUND_SCALE` for ``"round"``, 1 for ``"game"``. Else a finite number above 0
    (numpy's too; a bool is none): `TypeError` for what is no number, `SpadesError` for one
    that is not finite or not above 0.

    >>> reward_factor("round", None), reward_factor("game", None), reward_factor("round", 1)
    (0.01, 1.0, 1.0)
    """
    if reward_scale is None:
        return ROUND_SCALE if reward == "round" else 1.0
    factor = finite_number(reward_scale, "reward_scale")
    if factor <= 0:
        raise SpadesError(f"reward_scale is a number above 0 or None, not {shown(reward_scale)}")
    return factor


def finite_number(value: object, what: str) -> float:
    """``value`` as a float, when it is a finite real number (numpy's too, a bool not).

    `TypeError` for what is no number; `SpadesError` for NaN, an infinity, or an integer
    too large for a float. ``what`` names the value in the messages.
    """
    is_bool = isinstance(value, bool) or type(value).__name__ in {"bool_", "bool"}  # numpy's too
    if is_bool or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} is a number or None, not {shown(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int too large for a float
        number = math.inf
    if not math.isfinite(number):
        raise SpadesError(f"{what} is a finite number or None, not {shown(value)}")
    return number


def check_render_mode(render_mode: object, modes: Sequence[str]) -> None:
    """Raise `TypeError` unless ``render_mode`` is None or one of ``modes``.

    A `TypeError`, not a `SpadesError`: the environment does not take that argument, as an
    environment without renders would not take it at all. Stable-Baselines3's
    ``make_vec_env`` passes ``render_mode="rgb_array"`` and, on a `TypeError` alone, makes
    the environment again without it.
    """
    if render_mode is not None and (not isinstance(render_mode, str) or render_mode not in modes):
        wanted = ", ".join(repr(mode) for mode in modes)
        raise TypeError(f"render_mode is one of {wanted} or None, not {shown(render_mode)}")


def checked_seed(seed: object) -> int | None:
    """The seed of a reset as a plain int, or None: a whole number of 0 or more.

    Gymnasium seeds its generator with it and takes only Python ints; numpy's integers
    are taken here too (bools are not). `TypeError` or `SpadesError` for anything else.
    """
    return count_or_none(seed, "a seed")


def game_seed(rng: np.random.Generator) -> int:
    """A seed for `spades.new_game` (128 bits), the next draw of ``rng``."""
    return int.from_bytes(rng.bytes(16), "little")


def side_rewards(before: State, after: State, reward: RewardKind) -> tuple[float, ...]:
    """What the move from ``before`` to ``after`` earned each side, side 0 first.

    ``"game"``: +1 to the winning side and -1 to every other when the game ends with it
    (0 each for a draw), else nothing. ``"round"``: when it completes a round, that
    round's points, each side's less the mean of the other sides' (with two sides, ours
    less theirs; under solo, rule-solo, her points less the mean of the other three's;
    with three players, rule-three-players, less the mean of the other two's), so that
    the sides' rewards add up to 0.

    >>> import random
    >>> from spades import Ruleset, apply, legal_moves, new_game
    >>> state, rng = new_game(Ruleset(solo=True), seed=2), random.Random(2)
    >>> while not state.rounds:
    ...     before, state = state, apply(state, rng.choice(legal_moves(state)))
    >>> state.rounds[0].points
    (11, -130, -130, 100)
    >>> [round(each, 2) for each in side_rewards(before, state, "round")]  # 11 - (-160 / 3)
    [64.33, -123.67, -123.67, 183.0]
    >>> state = new_game(Ruleset(players=3), seed=2)
    >>> while not state.rounds:
    ...     before, state = state, apply(state, rng.choice(legal_moves(state)))
    >>> state.rounds[0].points, side_rewards(before, state, "round")  # -160 - (-310 / 2)
    ((-160, -150, -160), (-5.0, 10.0, -5.0))
    """
    nothing = _NOTHING[len(after.scores)]  # a zero a side: the hot path, at most moves
    if reward == "round":
        scored = after.rounds[len(before.rounds) :]
        if not scored:
            return nothing
        totals = [sum(points) for points in zip(*(score.points for score in scored), strict=True)]
        sides, everyone = len(totals), sum(totals)
        return tuple((sides * total - everyone) / (sides - 1) for total in totals)
    outcome = after.outcome
    if outcome is None or before.outcome is not None or outcome.winner is None:
        return nothing
    return tuple(1.0 if side == outcome.winner else -1.0 for side in range(len(nothing)))


_NOTHING: Final = {sides: (0.0,) * sides for sides in (2, 3, 4)}
"""No reward: a zero for each side, by the number of sides (a score each; rule-solo,
rule-three-players)."""


def final_info(state: State, side: int) -> dict[str, Any]:
    """What the last step of an episode tells, for side ``side``: how the game stands.

    ``scores``: the sides' scores, side 0's first; ``winner``: the winning side, or None
    for a draw and for a game stopped unfinished; ``is_success``: whether ``side`` won
    (the key Stable-Baselines3 logs as its success rate); ``rounds``: the rounds played.
    """
    outcome = state.outcome
    winner = None if outcome is None else outcome.winner
    return {
        "scores": state.scores,
        "winner": winner,
        "is_success": winner == side,
        "rounds": len(state.rounds),
    }


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
            for side in range(rules.sides)
        ),
    ]
    taken = state.tricks_taken
    for seat, hand in enumerate(state.hands):
        bid = state.bids[seat]
        said = "no bid yet" if bid is None else f"bid {bid_text(bid, rules)}, {taken[seat]} tricks"
        looked = " (looked)" if state.looked[seat] else ""
        lines.append(f"  {seat_name(seat, you):<7} {brief_hand(hand, rules.pack)}   {said}{looked}")
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
            + " to ".join(map(str, state.scores))
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
