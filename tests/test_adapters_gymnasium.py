"""`spades.adapters.gymnasium`: one seat of Spades as a Gymnasium environment, bots around it.

- Gymnasium's own ``check_env`` under every preset, registered (``gymnasium.make``, which
  checks the renders too) and made directly;
- whole episodes of random masked actions at every seat: the agent moves only at her own
  seat, the mask is the encoding's of her view, the reward is the game's result for her
  side (or the rounds' point differences) in the end and 0 before;
- the same seed plays the same episode, bots included, and ``reset()`` goes on
  reproducibly; the opponents option (names, policies, a sequence of them);
- ``max_rounds`` truncates; illegal actions end the episode or raise; options, renders,
  the missing framework's message.

The module skips where Gymnasium is not installed.

Rules: rule-card-pass, rule-exchange.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import attrs
import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from helpers import BLIND_ANYTIME
from spades import (
    CLASSIC,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Bid,
    IllegalMoveError,
    Look,
    Move,
    Phase,
    Ruleset,
    SpadesError,
    View,
    encoding,
    legal_moves,
    observe,
    side_of,
)
from spades.adapters import gymnasium as gym_spades
from spades.bots import fallback_move, play_game, random_policy

DOUBLE_NIL = attrs.evolve(TWO_HANDED, blind_nil_exchange=2)
ENDING = {
    "classic-cap-2": attrs.evolve(CLASSIC, round_cap=2),
    "miniokey": MINIOKEY,
    "two-handed-cap-2": attrs.evolve(TWO_HANDED, round_cap=2),
    "blind-nil-cap-2": attrs.evolve(BLIND_ANYTIME, round_cap=2),
    "double-nil-cap-2": attrs.evolve(DOUBLE_NIL, round_cap=2),
}
"""Rulesets whose games end within a few rounds, both player counts, pass and exchange."""


def masked_choice(rng: random.Random, mask: np.ndarray[Any, Any]) -> int:
    return int(rng.choice(np.flatnonzero(mask).tolist()))


# --- Gymnasium's own check -------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_check_env_passes_under_every_preset(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    made = gymnasium.make(gym_spades.ENV_ID, rules=PRESETS[name])
    check_env(made.unwrapped)  # the renders too, through the registered spec
    made.close()
    assert "Round 1" in capsys.readouterr().out  # the "human" render
    check_env(gym_spades.env(PRESETS[name], seat=1, reward="round"), skip_render_check=True)


# --- whole episodes --------------------------------------------------------------------------


def play_episode(
    env: gym_spades.SpadesEnv, seed: int, *, check: bool = True
) -> tuple[list[float], bool, bool]:
    """One episode of random masked actions: the rewards, terminated and truncated.

    The last step's mask is all 0.
    """
    rng = random.Random(seed)
    obs, info = env.reset(seed=seed)
    rewards: list[float] = []
    while True:
        state, selected = env.game_state, env.selected
        if check:
            assert state.to_move == env.seat
            view = observe(state, env.seat)
            assert np.array_equal(info["action_mask"], encoding.action_mask(view, selected))
            assert np.array_equal(obs, encoding.observation(view, selected))
            assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
            assert obs in env.observation_space
        action = masked_choice(rng, info["action_mask"])
        done = encoding.advance(observe(state, env.seat), selected, action)
        assert isinstance(done, tuple) or done in legal_moves(state)
        obs, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        if isinstance(done, tuple):
            assert env.game_state == state
            assert env.selected == done
            assert reward == 0
        if terminated or truncated:  # no action any more, whoever is to move in the state
            assert not info["action_mask"].any()
            assert not env.action_masks().any()
            return rewards, terminated, truncated


@pytest.mark.parametrize("name", ENDING)
def test_whole_episodes_at_every_seat_end_with_the_result_for_her_side(name: str) -> None:
    rules = ENDING[name]
    blind = False
    for seat in range(rules.players):
        env = gym_spades.env(rules, seat=seat, opponents="random")
        rewards, terminated, truncated = play_episode(env, seat)
        state = env.game_state
        assert terminated
        assert not truncated
        assert state.outcome is not None
        winner = state.outcome.winner
        side = side_of(rules, seat)
        assert rewards[-1] == (0.0 if winner is None else 1.0 if winner == side else -1.0)
        assert set(rewards[:-1]) == {0.0}
        assert not env.action_masks().any()
        blind |= any(bid.blind for score in state.rounds for bid in score.bids)
    assert blind == rules.blind_nil


@pytest.mark.parametrize("rules", [CLASSIC, TWO_HANDED], ids=["classic", "two-handed"])
def test_round_rewards_are_her_sides_point_differences(rules: Ruleset) -> None:
    env = gym_spades.env(rules, seat=1, reward="round", max_rounds=2)
    rewards, terminated, truncated = play_episode(env, 3, check=False)
    state = env.game_state
    side = side_of(rules, 1)
    ours = sum(score.points[side] - score.points[1 - side] for score in state.rounds)
    assert sum(rewards) == ours
    assert truncated or terminated


def test_max_rounds_truncates_without_a_result() -> None:
    # Seat 2 bids first in round 2: the truncated game leaves her to move, but she is done.
    env = gym_spades.env(CLASSIC, seat=2, max_rounds=1, render_mode="ansi")
    rewards, terminated, truncated = play_episode(env, 1, check=False)
    assert truncated
    assert not terminated
    assert set(rewards) == {0.0}
    assert len(env.game_state.rounds) == 1
    assert not env.game_state.is_over
    assert env.game_state.to_move == 2
    assert not env.action_masks().any()  # play_episode checks the last step's info too
    assert "Stopped after 1 rounds (max_rounds)" in str(env.render())
    with pytest.raises(SpadesError, match="the episode is over"):
        env.step(0)


def test_the_bots_stop_at_max_rounds_too() -> None:
    env = gym_spades.env(TWO_HANDED, seat=1, max_rounds=1)
    _, _, truncated = play_episode(env, 2, check=False)
    assert truncated
    assert len(env.game_state.rounds) == 1


def test_a_pass_is_entered_card_by_card() -> None:
    env = gym_spades.env(BLIND_ANYTIME, seat=1, opponents=blind_then_three)
    env.reset(seed=3)
    env.step(encoding.BLIND_NIL)  # the others look and bid 3: then she passes
    assert env.game_state.phase is Phase.PASSING
    assert env.game_state.to_move == 1
    hand = env.game_state.hand(1)
    obs, reward, *_ = env.step(hand[5].index)
    assert list(env.selected) == [hand[5]]
    assert reward == 0
    slot = next(slot for slot in encoding.SLOTS if slot.name == "selected")
    assert obs[slot.start + hand[5].index] == 1
    env.step(hand[0].index)
    assert not env.selected
    assert env.game_state.passes[0].cards == (hand[0], hand[5])


def blind_then_three(view: View) -> Move:
    """Looks, then bids 3; the pass and the play by the fallback bot."""
    if view.phase is Phase.BIDDING:
        return Look() if view.hand is None else Bid(3)
    return fallback_move(view)


# --- seeds and opponents ---------------------------------------------------------------------


def trajectory(env: gym_spades.SpadesEnv, seed: int | None, steps: int = 60) -> list[Any]:
    obs, info = env.reset(seed=seed)
    rng = random.Random(0)
    seen: list[Any] = [obs.tobytes()]
    for _ in range(steps):
        obs, reward, terminated, truncated, info = env.step(masked_choice(rng, info["action_mask"]))
        seen.append((obs.tobytes(), reward, terminated, truncated))
        if terminated or truncated:
            break
    return seen


@pytest.mark.parametrize("opponents", ["random", None], ids=str)
def test_the_same_seed_plays_the_same_episode(opponents: str | None) -> None:
    first = gym_spades.env(CLASSIC, opponents=opponents)
    second = gym_spades.env(CLASSIC, opponents=opponents)
    assert trajectory(first, 7) == trajectory(second, 7)
    assert trajectory(first, None) == trajectory(second, None)
    assert trajectory(first, 7) != trajectory(first, 8)


def test_the_search_bot_by_name() -> None:
    # Seat 1's bid, the search bot's (about a third of a second): the same for the same seed.
    first, second = (gym_spades.env(CLASSIC, seat=2, opponents="search") for _ in range(2))
    assert np.array_equal(first.reset(seed=5)[0], second.reset(seed=5)[0])
    assert first.game_state.bids[1] is not None


def test_reset_without_a_seed_seeds_from_the_system() -> None:
    env, other = gym_spades.env(TWO_HANDED), gym_spades.env(TWO_HANDED)
    obs, _ = env.reset()
    other.reset()
    assert obs in env.observation_space
    assert env.game_state.seed != other.game_state.seed  # not a fixed seed


def test_the_opponents_option() -> None:
    seen: list[int] = []

    def watcher(view: View) -> Move:
        seen.append(view.seat)
        return fallback_move(view)

    env = gym_spades.env(CLASSIC, seat=2, opponents=["heuristic", watcher, random_policy(1)])
    env.reset(seed=1)  # seat 1 bids first: the watcher, then the agent
    assert seen == [1]
    assert env.game_state.to_move == 2
    env = gym_spades.env(CLASSIC, seat=0, opponents=watcher, max_rounds=1)
    play_episode(env, 4, check=False)
    assert set(seen) == {1, 2, 3}  # her partner is a bot too
    # "fallback" by name is spades.bots.fallback_move: the agent playing it too plays the
    # game that play_game plays with it in both seats.
    env = gym_spades.env(TWO_HANDED, seat=1, opponents=["fallback"], max_rounds=1)
    env.reset(seed=4)
    truncated = False
    while not truncated:
        move = fallback_move(observe(env.game_state, 1))
        for action in encoding.actions_of(move, TWO_HANDED):
            _, _, terminated, truncated, _ = env.step(action)
        assert not terminated
    state = env.game_state
    assert state == play_game(TWO_HANDED, [fallback_move] * 2, seed=state.seed, max_rounds=1)


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"opponents": ["random"]}, SpadesError, "one bot for each seat but the agent's: 3"),
        ({"opponents": "human"}, SpadesError, "'human' is not a bot; known: heuristic"),
        ({"opponents": 3}, TypeError, "opponents is a bot, a sequence of bots or None"),
        ({"opponents": [None, None, None]}, TypeError, "a bot is a name or a policy"),
        ({"seat": 4}, SpadesError, "a seat is a number from 0 to 3"),
        ({"reward": "trick"}, SpadesError, "reward is 'game' or 'round'"),
        ({"max_rounds": -1}, SpadesError, "max_rounds is a whole number"),
        ({"rules": None}, TypeError, "rules is a Ruleset"),
        ({"render_mode": "rgb_array"}, SpadesError, "render_mode is 'human', 'ansi' or None"),
        ({"illegal_reward": "lose"}, TypeError, "illegal_reward is a number or None"),
        ({"illegal_reward": True}, TypeError, "illegal_reward is a number or None"),
    ],
)
def test_bad_options_are_refused(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        gym_spades.env(**options)


# --- illegal actions, the renders, imports ---------------------------------------------------


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    env = gym_spades.env(CLASSIC, illegal_reward=-5)
    env.reset(seed=1)
    _obs, reward, terminated, truncated, info = env.step(encoding.KEEP)
    assert (reward, terminated, truncated, info["illegal"]) == (-5.0, True, False, True)
    assert env.game_state.to_move == 0  # still hers in the state, but the episode is over:
    assert not info["action_mask"].any()
    assert not env.action_masks().any()
    with pytest.raises(SpadesError, match="the episode is over"):
        env.step(encoding.KEEP)
    strict = gym_spades.env(CLASSIC, illegal_reward=None)
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError):
        strict.step(encoding.KEEP)
    env.reset(seed=1)
    with pytest.raises(SpadesError, match="71 is not an action"):
        env.step(71)  # outside the space: raises, whatever illegal_reward says
    _, _, terminated, *_ = env.step(np.int64(encoding.actions_of(Bid(3), CLASSIC)[0]))
    assert not terminated
    assert env.game_state.bids[0] == Bid(3)


def test_the_game_state_needs_a_reset() -> None:
    with pytest.raises(SpadesError, match="reset"):
        gym_spades.env().step(0)
    with pytest.raises(SpadesError, match="reset"):
        gym_spades.env().game_state  # noqa: B018  (the property raises)


def test_the_renders_show_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    env = gym_spades.env(CLASSIC, seat=2, render_mode="ansi")
    env.reset(seed=1)
    lines = str(env.render()).splitlines()
    assert lines[0] == "Round 1, bidding; you to move"
    assert lines[1].startswith("Scores: side 0 (seats 0+2, yours) 0 (0 bags)")
    assert lines[4].startswith("  you ")
    assert "no bid yet" in lines[4]
    assert lines[3].startswith("  seat 1 ")
    assert ", 0 tricks" in lines[3]
    human = gym_spades.env(TWO_HANDED, render_mode="human")
    human.reset(seed=2)
    human.step(encoding.KEEP)
    assert human.render() is None
    assert capsys.readouterr().out.count("Round 1, drawing; you to move") == 3
    human.close()
    with pytest.warns(UserWarning, match="render_mode"):
        assert gym_spades.env().render() is None


def test_a_missing_framework_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    monkeypatch.delitem(sys.modules, "spades.adapters.gymnasium")
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'spades\[gymnasium\]'") as info:
        import spades.adapters.gymnasium  # noqa: F401
    assert info.value.name == "gymnasium"


def test_importing_it_again_registers_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    monkeypatch.delitem(sys.modules, "spades.adapters.gymnasium")
    again = importlib.import_module("spades.adapters.gymnasium")
    assert again is not gym_spades
    assert gym_spades.ENV_ID in gymnasium.registry


def test_the_environment_is_registered() -> None:
    assert gym_spades.ENV_ID in gymnasium.registry
    made = gymnasium.make(gym_spades.ENV_ID, rules=TWO_HANDED, seat=1)
    assert isinstance(made.unwrapped, gym_spades.SpadesEnv)
    assert made.unwrapped.seat == 1
    made.close()
