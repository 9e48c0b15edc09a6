"""sb3-contrib's MaskablePPO on the Gymnasium adapter, the way its users write it.

- ``examples/maskable_ppo.py`` trains briefly: its weights change, the episodes that end
  log their ``is_success`` behind the auto-resetting vector environment, and every action
  it takes, in training and after, is one the mask allows (an illegal one would raise);
- Stable-Baselines3's ``make_vec_env`` makes the environment by its module-qualified id in
  ``SubprocVecEnv`` workers (fresh processes), falling back from ``render_mode="rgb_array"``
  on the adapter's `TypeError`; the masks come through ``get_action_masks``, and the last
  step's info through the auto-reset.

It skips where torch or sb3-contrib is missing: the ``maskable_ppo`` nox session installs
them (a CPU build of torch, on Python 3.11 only).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from sb3_contrib.common.maskable.utils import get_action_masks  # type: ignore[import-not-found, unused-ignore]  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # type: ignore[import-not-found, unused-ignore]  # noqa: E402
from stable_baselines3.common.vec_env import SubprocVecEnv  # type: ignore[import-not-found, unused-ignore]  # noqa: E402

from spades import observe  # noqa: E402
from spades.encoding import OBSERVATION_SIZE, action_mask  # noqa: E402

if TYPE_CHECKING:
    from types import ModuleType

EXAMPLE = Path(__file__).parent.parent / "examples" / "maskable_ppo.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("maskable_ppo", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def weights(model: Any) -> list[Any]:
    return [parameter.detach().clone() for parameter in model.policy.parameters()]


def test_the_example_trains_with_legal_actions_only() -> None:
    torch.set_num_threads(1)  # a brief run on a shared machine
    example = load_example()
    assert example.OPTIONS == {"illegal_reward": None}  # an illegal action raises
    model = example.new_model(seed=0)
    before = weights(model)
    model.learn(512)
    after = weights(model)
    assert any(not torch.equal(old, new) for old, new in zip(before, after, strict=True))
    assert len(model.ep_success_buffer) > 0  # episodes ended, and their info was logged
    assert set(model.ep_success_buffer) <= {True, False}
    points = example.points_per_round(model, episodes=1, seed=7)
    assert -30 < points < 30  # a round's points / 100, taken with masked actions only


@pytest.mark.filterwarnings("ignore:.*render_mode='rgb_array'.*:UserWarning")
def test_make_vec_env_by_id_in_worker_processes() -> None:
    """The module-qualified id makes the environment in fresh processes (not forked)."""
    vec_env = make_vec_env(
        "spades.adapters.gymnasium:spades/Spades-v0",
        n_envs=2,
        seed=3,
        env_kwargs={"max_rounds": 1, "illegal_reward": None},
        vec_env_cls=SubprocVecEnv,
        vec_env_kwargs={"start_method": "spawn"},
    )
    try:
        assert vec_env.get_attr("render_mode") == [None, None]  # the fallback
        observations = vec_env.reset()
        rng = np.random.default_rng(0)
        ended: list[dict[str, Any]] = []
        for _ in range(200):
            masks = get_action_masks(vec_env)
            states = vec_env.get_attr("game_state")
            seats = vec_env.get_attr("seat")
            for mask, state, seat in zip(masks, states, seats, strict=True):
                if state.to_move == seat:
                    assert np.array_equal(mask, action_mask(observe(state, seat)).astype(bool))
            actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
            observations, _, dones, infos = vec_env.step(actions)
            ended += [info for info, done in zip(infos, dones, strict=True) if done]
            if len(ended) >= 2:
                break
        assert isinstance(observations, np.ndarray)
        assert observations.shape == (2, OBSERVATION_SIZE)
        for info in ended:  # truncated after a round: no winner, no success
            assert info["rounds"] == 1
            assert (info["winner"], info["is_success"]) == (None, False)
            assert "terminal_observation" in info
    finally:
        vec_env.close()
