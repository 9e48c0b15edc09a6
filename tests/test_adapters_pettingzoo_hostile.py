"""The PettingZoo environment under hostile calls: the documented exception every time.

Issue 20 found that `raw_env.step` before `reset` raised `AttributeError` (Gymnasium's
environment raises `SpadesError`, as documented), and that numbers too large to write
turned errors into Python's own `ValueError`. Each call below gets the documented
`SpadesError`, or `TypeError` for a value of the wrong type, with a short message.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from spades import CLASSIC, TWO_HANDED, Bid, SpadesError
from spades._errors import SHOWN_LIMIT, shown
from spades.adapters import pettingzoo as pz_spades

HUGE = 10**5000
LONG = "x" * 10**6


def unwrapped(env: Any) -> pz_spades.raw_env:
    """The bare environment inside ``env``."""
    bare: pz_spades.raw_env = env.unwrapped
    return bare


def short(error: BaseException) -> bool:
    """Whether an error's message is short, as `spades._errors.shown` keeps it."""
    return len(str(error)) < 4 * SHOWN_LIMIT + 200


def test_every_call_before_the_first_reset_is_a_spades_error() -> None:
    """Issue 20: ``step`` (and ``last``) before ``reset`` raised AttributeError."""
    env = pz_spades.raw_env(CLASSIC, render_mode="ansi")
    calls: dict[str, Any] = {
        "step": lambda: env.step(0),
        "step None": lambda: env.step(None),
        "last": env.last,
        "last without observing": lambda: env.last(observe=False),
        "observe": lambda: env.observe("player_0"),
        "render": env.render,
        "game_state": lambda: env.game_state,
    }
    for name, call in calls.items():
        with pytest.raises(SpadesError, match=r"reset\(\) the environment before using it"):
            call()
        assert name


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (HUGE, SpadesError, "a number of 5,001 digits is not an action"),
        (-HUGE, SpadesError, "a negative number of 5,001 digits is not an action"),
        (10**20, SpadesError, "is not an action"),
        (np.uint64(2**64 - 1), SpadesError, "is not an action"),
        (96, SpadesError, "96 is not an action"),
        (True, TypeError, "an action is a whole number"),
        (np.True_, TypeError, "an action is a whole number"),
        (1.0, TypeError, "an action is a whole number"),
        (np.float64(1), TypeError, "an action is a whole number"),
        ("1", TypeError, "an action is a whole number"),
        ([1], TypeError, "an action is a whole number"),
        (LONG, TypeError, "an action is a whole number"),
    ],
    ids=shown,
)
def test_a_step_with_no_action_gives_the_documented_exception_wrapped_or_not(
    action: Any, error: type[Exception], message: str
) -> None:
    """Issue 20: a huge action was Python's ValueError; through `env`, a bool was numpy's
    ValueError from the wrapper's mask lookup. Both raise what `raw_env` documents."""
    for make in (pz_spades.raw_env, pz_spades.env):
        env = make(CLASSIC)
        env.reset(seed=1)
        before = unwrapped(env).game_state
        with pytest.raises(error, match=message) as caught:
            env.step(action)
        assert short(caught.value)
        assert unwrapped(env).game_state is before


def test_numpy_integers_are_actions_wrapped_or_not() -> None:
    """Any integer `operator.index` takes is an action (Discrete samples numpy's)."""
    for make in (pz_spades.raw_env, pz_spades.env):
        env = make(CLASSIC)
        env.reset(seed=1)
        env.step(np.int64(55))
        env.step(np.uint8(55))
        assert unwrapped(env).game_state.bids[1:3] == (Bid(3), Bid(3))


def test_a_done_agents_only_action_is_none_as_a_spades_error() -> None:
    """PettingZoo's own check raised a plain ValueError; now the documented SpadesError."""
    for make in (pz_spades.raw_env, pz_spades.env):
        env = make(TWO_HANDED, max_rounds=1)
        env.reset(seed=2)
        while not any(env.terminations.values()) and not any(env.truncations.values()):
            mask = unwrapped(env).observe(env.agent_selection)["action_mask"]
            env.step(int(np.flatnonzero(mask)[0]))
        with pytest.raises(SpadesError, match="is done: her only action is None") as caught:
            env.step(HUGE)
        assert short(caught.value)
        env.step(None)


def test_an_unknown_agent_is_refused_with_a_short_message() -> None:
    """An agent that is none of ``possible_agents`` (a KeyError that could not be printed)."""
    env = pz_spades.raw_env(CLASSIC)
    env.reset(seed=1)
    calls: list[Any] = [env.observe, env.observation_space, env.action_space]
    for call in calls:
        for agent in (LONG, "player_4", "player_0 "):
            with pytest.raises(SpadesError, match="is no agent: the agents are player_0") as caught:
                call(agent)
            assert short(caught.value)
        for wrong in (HUGE, None, ["player_0"], 0):
            with pytest.raises(TypeError, match="an agent is a name like 'player_0'") as typed:
                call(wrong)
            assert short(typed.value)


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"rules": HUGE}, TypeError, "rules is a Ruleset .*, not int"),
        ({"rules": [LONG]}, TypeError, "rules is a Ruleset .*, not list"),
        ({"reward": LONG}, SpadesError, "reward is 'game' or 'round'"),
        ({"reward": ["game"]}, SpadesError, "reward is 'game' or 'round'"),
        ({"render_mode": LONG}, TypeError, "render_mode is one of 'human', 'ansi' or None"),
        ({"max_rounds": 1.5}, TypeError, "max_rounds is a whole number or None, not 1.5"),
        ({"max_rounds": True}, TypeError, "max_rounds is a whole number or None"),
        ({"max_rounds": "5"}, TypeError, "max_rounds is a whole number or None"),
        ({"max_rounds": float("nan")}, TypeError, "max_rounds is a whole number or None"),
        ({"max_rounds": 0}, SpadesError, "max_rounds is a whole number of 1 or more"),
        ({"max_rounds": -HUGE}, SpadesError, "not a negative number of 5,001 digits"),
    ],
    ids=lambda value: shown(value)[:30],
)
def test_bad_options_give_the_documented_exception_and_a_short_message(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    """Issue 20: ``rules=10**5000`` was Python's ValueError; long values, long messages."""
    for make in (pz_spades.raw_env, pz_spades.env):
        with pytest.raises(error, match=message) as caught:
            make(**options)
        assert short(caught.value)


def test_max_rounds_takes_numpy_integers_and_any_size() -> None:
    """A whole number of 1 or more, numpy's too, kept as a plain int; no upper limit."""
    env = pz_spades.raw_env(CLASSIC, max_rounds=np.int64(3))
    assert env.max_rounds == 3
    assert type(env.max_rounds) is int
    assert pz_spades.raw_env(CLASSIC, max_rounds=HUGE).max_rounds == HUGE


@pytest.mark.parametrize(
    ("seed", "error", "message"),
    [
        (-1, SpadesError, "a seed is a whole number of 0 or more, or None, not -1"),
        (-HUGE, SpadesError, "not a negative number of 5,001 digits"),
        (1.5, TypeError, "a seed is a whole number or None, not 1.5"),
        (True, TypeError, "a seed is a whole number or None, not True"),
        ("1", TypeError, "a seed is a whole number or None"),
        ([1, 2], TypeError, "a seed is a whole number or None"),
    ],
    ids=shown,
)
def test_reset_refuses_a_seed_that_is_none_with_the_documented_exception(
    seed: Any, error: type[Exception], message: str
) -> None:
    """Gymnasium's seeding raised its own ``gymnasium.error.Error`` (no ValueError)."""
    for make in (pz_spades.raw_env, pz_spades.env):
        env = make(CLASSIC)
        with pytest.raises(error, match=message) as caught:
            env.reset(seed=seed)
        assert short(caught.value)


def test_reset_takes_numpy_integers_and_huge_seeds() -> None:
    """A numpy integer seeds as the same Python int does; a seed of any size is a seed."""
    env = pz_spades.raw_env(CLASSIC)
    env.reset(seed=np.int64(7))
    state = env.game_state
    env.reset(seed=7)
    assert env.game_state == state
    env.reset(seed=HUGE)
    assert env.game_state.round_number == 1
