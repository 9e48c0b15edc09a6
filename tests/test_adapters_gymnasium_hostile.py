"""The Gymnasium environment under hostile calls: the documented exception every time.

Issue 20 found that `illegal_reward=float("nan")` was accepted, and that numbers too large
to write turned errors into Python's own `ValueError` (in ``step``, and in the messages of
``rules``, ``seat`` and ``opponents``). Each call below gets the documented `SpadesError`,
or `TypeError` for a value of the wrong type, with a short message.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from spades import CLASSIC, SpadesError
from spades._errors import SHOWN_LIMIT, shown
from spades.adapters import gymnasium as gym_spades
from spades.bots import random_policy

HUGE = 10**5000
LONG = "x" * 10**6


def short(error: BaseException) -> bool:
    """Whether an error's message is short, as `spades._errors.shown` keeps it."""
    return len(str(error)) < 4 * SHOWN_LIMIT + 200


@pytest.mark.parametrize("reward", [math.nan, math.inf, -math.inf, HUGE, -HUGE, 10**400], ids=shown)
def test_illegal_reward_is_a_finite_number(reward: Any) -> None:
    """Issue 20: ``illegal_reward=nan`` was accepted (and a huge int failed at the step)."""
    with pytest.raises(SpadesError, match="illegal_reward is a finite number or None") as caught:
        gym_spades.env(CLASSIC, illegal_reward=reward)
    assert short(caught.value)


def test_illegal_reward_takes_numpy_numbers_and_gives_them_as_floats() -> None:
    """Any real number but a bool: numpy's too; the step returns it as a float."""
    for reward in (np.float32(-2.5), np.int64(-3), -3, -2.5, np.float64(-2.5)):
        env = gym_spades.env(CLASSIC, illegal_reward=reward)
        env.reset(seed=1)
        _, got, terminated, _, info = env.step(0)  # a card while the seat bids
        assert got == float(reward)
        assert type(got) is float
        assert terminated
        assert info["illegal"]
    for wrong in (True, np.True_, "1", 1j, [1]):
        with pytest.raises(TypeError, match="illegal_reward is a number or None"):
            gym_spades.env(CLASSIC, illegal_reward=wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (HUGE, SpadesError, "a number of 5,001 digits is not an action"),
        (-HUGE, SpadesError, "is not an action"),
        (np.uint64(2**64 - 1), SpadesError, "is not an action"),
        (True, TypeError, "an action is a whole number"),
        (np.True_, TypeError, "an action is a whole number"),
        (1.0, TypeError, "an action is a whole number"),
        (None, TypeError, "an action is a whole number"),
        (LONG, TypeError, "an action is a whole number"),
    ],
    ids=shown,
)
def test_a_step_with_no_action_gives_the_documented_exception(
    action: Any, error: type[Exception], message: str
) -> None:
    """Issue 20: a huge action raised Python's ValueError; whatever ``illegal_reward``."""
    for illegal_reward in (-1.0, None):
        env = gym_spades.env(CLASSIC, illegal_reward=illegal_reward)
        env.reset(seed=1)
        with pytest.raises(error, match=message) as caught:
            env.step(action)
        assert short(caught.value)


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"rules": HUGE}, TypeError, "rules is a Ruleset .*, not int"),
        ({"seat": HUGE}, SpadesError, "a seat is a number from 0 to 3"),
        ({"seat": 1.5}, TypeError, "a seat is a number from 0 to 3"),
        ({"opponents": HUGE}, TypeError, "opponents is a bot, a sequence of bots or None"),
        ({"opponents": [HUGE] * 2}, TypeError, "a bot is a name or a policy"),
        ({"opponents": LONG}, SpadesError, "is not a bot; known: heuristic"),
        ({"opponents": [LONG] * 2}, SpadesError, "is not a bot; known: heuristic"),
        ({"opponents": ["random"] * 4}, SpadesError, "one bot for each opponent's seat: 2, not 4"),
        ({"partner": HUGE}, TypeError, "a bot is a name or a policy"),
        ({"partner": LONG}, SpadesError, "is not a bot; known: heuristic"),
        ({"reward_scale": HUGE}, SpadesError, "reward_scale is a finite number or None"),
        ({"reward_scale": math.nan}, SpadesError, "reward_scale is a finite number or None"),
        ({"reward_scale": -math.inf}, SpadesError, "reward_scale is a finite number or None"),
        ({"reward_scale": -HUGE}, SpadesError, "reward_scale is a finite number or None"),
        ({"reward_scale": LONG}, TypeError, "reward_scale is a number or None"),
        ({"reward": LONG}, SpadesError, "reward is 'game' or 'round'"),
        ({"render_mode": LONG}, TypeError, "render_mode is one of 'human', 'ansi' or None"),
        ({"max_rounds": 1.5}, TypeError, "max_rounds is a whole number or None"),
        ({"max_rounds": -HUGE}, SpadesError, "max_rounds is a whole number of 1 or more"),
    ],
    ids=lambda value: shown(value)[:30],
)
def test_bad_options_give_the_documented_exception_and_a_short_message(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as caught:
        gym_spades.env(**options)
    assert short(caught.value)


def test_numpy_integers_are_seats_rounds_and_seeds() -> None:
    """Any integer `operator.index` takes, kept as a plain int."""
    env = gym_spades.env(CLASSIC, seat=np.int64(2), max_rounds=np.int64(3))
    assert (env.seat, env.max_rounds) == (2, 3)
    assert type(env.seat) is type(env.max_rounds) is int
    first, _ = env.reset(seed=np.int64(5))
    again, _ = env.reset(seed=5)
    assert np.array_equal(first, again)
    env.reset(seed=HUGE)
    for seed, error in ((-1, SpadesError), (1.5, TypeError), (True, TypeError)):
        with pytest.raises(error, match="a seed is a whole number") as caught:
            env.reset(seed=seed)  # type: ignore[arg-type]
        assert short(caught.value)


def test_policies_and_bot_names_still_make_opponents() -> None:
    """The valid opponents keep working: a policy for all, or one name a seat."""
    gym_spades.env(CLASSIC, opponents=random_policy(seed=1)).reset(seed=1)
    gym_spades.env(CLASSIC, opponents=["random", "fallback"], partner="heuristic").reset(seed=1)
