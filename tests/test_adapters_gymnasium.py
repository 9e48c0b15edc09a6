"""`spades.adapters.gymnasium`: one seat of Spades as a Gymnasium environment, bots around it.

- Gymnasium's own ``check_env`` under every preset, registered (``gymnasium.make``, which
  checks the renders too) and made directly, under each other reading of leading
  spades, under zero contracts, team minimums and 10-for-200 (the heuristic bots
  bidding at least what a minimum leaves them), under passes of four cards for a nil and
  a blind nil, under double nil declared after the first draw choice, under Suicide,
  Whiz and Mirror (the heuristic bots bidding what each leaves them), and under each joker
  deck (the deck in its slot, the jokers dealt at 52 and 53 of the hand);
- whole episodes of random masked actions at every seat: the agent moves only at her own
  seat, the mask is the encoding's of her view, the reward is the game's result for her
  side (or the rounds' point differences) in the end and 0 before;
- the same seed plays the same episode, bots included, and ``reset()`` goes on
  reproducibly; the opponents option (names, policies, a sequence of them);
- ``max_rounds`` truncates; the last step's info says how the game ends; illegal actions
  end the episode or raise; options, renders, the missing framework's message;
- three players: ``check_env`` under the standard deck and under Joker-Joker-Deuce-Deuce
  with blind nil and blind numbers, against the heuristic and the random bots; whole
  episodes at each of the three seats; her reward her own points less the mean of the
  two others'; two opponents and no partner;
- the defaults give a learner signal: games against the heuristic bots end, and round
  rewards scaled to hundreds move in every round;
- making it by name: in a fresh process through the module-qualified id, and the mask
  through ``gymnasium.make``'s wrappers as sb3-contrib asks for it.

The module skips where Gymnasium is not installed.

Rules: rule-card-pass, rule-exchange, reading-spades-lead.
Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
Rules: reading-card-pass, reading-double-nil-timing.
Rule: rule-suicide.
Rules: rule-whiz, rule-mirror.
Rule: rule-blind-bids.
Rule: rule-decks.
Rule: rule-solo.
Rule: rule-three-players.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import attrs
import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from helpers import BLIND_ANYTIME, JOKER_DECKS, THREE, THREE_JJDD
from spades import (
    CLASSIC,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    Deck,
    DoubleNilTiming,
    IllegalMoveError,
    Look,
    Move,
    Phase,
    Ruleset,
    SpadesError,
    SpadesLead,
    View,
    encoding,
    legal_moves,
    observe,
    side_of,
)
from spades.adapters import gymnasium as gym_spades
from spades.bots import fallback_move, play_game, random_policy

DOUBLE_NIL = attrs.evolve(TWO_HANDED, blind_nil_exchange=2)
SOLO = Ruleset(solo=True)
SOLO_BLIND = Ruleset(
    solo=True,
    deck=Deck.JOKER_JOKER_DEUCE_DEUCE,
    blind_nil=True,
    blind_nil_deficit=None,
    blind_bid_minimum=6,
    blind_bid_deficit=None,
)
"""Four players each on her own, a joker deck, blind nil and blind numbers at any score."""
ENDING = {
    "classic-cap-2": attrs.evolve(CLASSIC, round_cap=2),
    "miniokey": MINIOKEY,
    "two-handed-cap-2": attrs.evolve(TWO_HANDED, round_cap=2),
    "blind-nil-cap-2": attrs.evolve(BLIND_ANYTIME, round_cap=2),
    "double-nil-cap-2": attrs.evolve(DOUBLE_NIL, round_cap=2),
    "solo-cap-2": attrs.evolve(SOLO, round_cap=2),
    "three-cap-2": attrs.evolve(THREE, round_cap=2),
    "three-jjdd-cap-2": attrs.evolve(THREE_JJDD, round_cap=2),
}
"""Rulesets whose games end within a few rounds, every player count, pass and exchange,
solo (rule-solo) and three players with and without blind bids (rule-three-players)."""


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


@pytest.mark.parametrize(
    ("rules", "lead"),
    [(MINIOKEY, SpadesLead.ANY_TIME), (TWO_HANDED, SpadesLead.AFTER_FIRST_TRICK)],
    ids=["any_time", "after_first_trick"],
)
def test_check_env_passes_under_every_spades_lead(rules: Ruleset, lead: SpadesLead) -> None:
    """Gymnasium's check under the readings of leading spades (reading-spades-lead)."""
    env = gym_spades.env(attrs.evolve(rules, spades_lead=lead), seat=1)
    check_env(env, skip_render_check=True)
    observation, _ = env.reset(seed=1)
    start = next(slot.start for slot in encoding.SLOTS if slot.name == "rules.spades_lead")
    assert observation[start + list(SpadesLead).index(lead)] == 1


SWITCHED = {
    "zero-minimum-200": Ruleset(
        nil=False, zero_contract=True, team_minimum=4, ten_for_two_hundred=True
    ),
    "minimum-blind-nil": attrs.evolve(BLIND_ANYTIME, team_minimum=6, round_cap=2),
    "two-handed-zero-200": attrs.evolve(
        TWO_HANDED, nil=False, blind_nil=False, zero_contract=True, ten_for_two_hundred=True
    ),
}
"""Zero contracts, a team minimum and 10-for-200 together, a team minimum with blind nil
open, and two players' zero contracts and 10-for-200."""


@pytest.mark.parametrize("name", list(SWITCHED))
def test_check_env_passes_under_zero_contracts_team_minimums_and_ten_for_two_hundred(
    name: str,
) -> None:
    """Gymnasium's check under the switches; whole episodes of random masked actions
    against the heuristic bots, who bid what the rules allow, end or are cut off.

    Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
    """
    rules = SWITCHED[name]
    check_env(gym_spades.env(rules, seat=1), skip_render_check=True)
    env = gym_spades.env(rules, seat=0, max_rounds=2)
    for seed in range(2):
        _, terminated, truncated = play_episode(env, seed)
        assert terminated or truncated
        assert env.game_state.rules == rules


def test_check_env_passes_under_suicide() -> None:
    """Gymnasium's check under Suicide, the mode in its slot; whole episodes of random
    masked actions against the heuristic bots, who bid what Suicide leaves them, end or
    are cut off.

    Rule: rule-suicide.
    """
    rules = Ruleset(bidding=Bidding.SUICIDE)
    check_env(gym_spades.env(rules, seat=1), skip_render_check=True)
    env = gym_spades.env(rules, seat=0, max_rounds=2)
    start = next(slot.start for slot in encoding.SLOTS if slot.name == "rules.bidding")
    for seed in range(2):
        observation, _ = env.reset(seed=seed)
        assert observation[start : start + 4].tolist() == [0, 1, 0, 0]
        _, terminated, truncated = play_episode(env, seed)
        assert terminated or truncated
        assert env.game_state.rules == rules


BLIND_NUMBERS = {
    "from-6": Ruleset(blind_bid_minimum=6, blind_bid_deficit=None),
    "from-1-blind-nil": Ruleset(
        blind_bid_minimum=1, blind_bid_deficit=None, blind_nil=True, blind_nil_deficit=None
    ),
}
"""Numbers bid blind at any score, from 6, and from 1 beside blind nil (rule-blind-bids)."""


@pytest.mark.parametrize("name", list(BLIND_NUMBERS))
def test_check_env_passes_with_blind_numbers(name: str) -> None:
    """Gymnasium's check with blind numbers, the minimum in its slot; the agent's hand is
    face down with the blind numbers in her mask; whole episodes of random masked actions
    against the heuristic bots end or are cut off.

    Rule: rule-blind-bids.
    """
    rules = BLIND_NUMBERS[name]
    check_env(gym_spades.env(rules, seat=1), skip_render_check=True)
    env = gym_spades.env(rules, seat=0, max_rounds=2)
    start = next(slot.start for slot in encoding.SLOTS if slot.name == "rules.blind_bid_minimum")
    for seed in range(2):
        observation, info = env.reset(seed=seed)
        assert observation[start] == np.float32(rules.blind_bid_minimum / 13)
        blind = np.flatnonzero(info["action_mask"][encoding.BLIND_NUMBER_ACTIONS]) + 1
        assert blind.tolist() == list(range(rules.blind_bid_minimum, 14))
        _, terminated, truncated = play_episode(env, seed)
        assert terminated or truncated
        assert env.game_state.rules == rules


@pytest.mark.parametrize("name", list(JOKER_DECKS))
def test_check_env_passes_under_the_joker_decks(name: str) -> None:
    """Gymnasium's check under each joker deck; the deck shows in its slot and the agent's
    hand in hers, a joker at 52 or 53 (dealt to her in some of the four players' first
    rounds); whole episodes of random masked actions against the heuristic bots end or are
    cut off.

    Rule: rule-decks.
    """
    rules = JOKER_DECKS[name]
    check_env(gym_spades.env(rules, seat=1), skip_render_check=True)
    env = gym_spades.env(rules, seat=0, max_rounds=2)
    (deck,) = (slot for slot in encoding.SLOTS if slot.name == "rules.deck")
    (hand,) = (slot for slot in encoding.SLOTS if slot.name == "hand")
    jokers = 0
    for seed in range(4):
        observation, _ = env.reset(seed=seed)
        assert observation[deck.start : deck.stop].tolist() == [
            int(each is rules.deck) for each in Deck
        ]
        held = observe(env.game_state, 0).hand or ()  # face down, or two players' draw
        assert np.flatnonzero(observation[hand.start : hand.stop]).tolist() == [
            card.index for card in held
        ]
        jokers += sum(card.index >= 52 for card in held)
        _, terminated, truncated = play_episode(env, seed)
        assert terminated or truncated
        assert env.game_state.rules == rules
    assert jokers or name != "joker-joker-ace"


BY_SPADES = {
    "whiz": Ruleset(bidding=Bidding.WHIZ),
    "mirror-nil-pass-2": Ruleset(bidding=Bidding.MIRROR, nil_pass=2),
}
"""Each bid her number of spades, or nil under Whiz; Mirror with a card pass after a nil
(rule-whiz, rule-mirror)."""


@pytest.mark.parametrize("name", list(BY_SPADES))
def test_check_env_passes_under_whiz_and_mirror(name: str) -> None:
    """Gymnasium's check under Whiz and Mirror, the mode in its slot; whole episodes of
    random masked actions against the heuristic bots, who bid what their spades leave
    them, end or are cut off.

    Rules: rule-whiz, rule-mirror.
    """
    rules = BY_SPADES[name]
    check_env(gym_spades.env(rules, seat=1), skip_render_check=True)
    env = gym_spades.env(rules, seat=0, max_rounds=2)
    start = next(slot.start for slot in encoding.SLOTS if slot.name == "rules.bidding")
    expected = [int(mode is rules.bidding) for mode in Bidding]
    for seed in range(2):
        observation, _ = env.reset(seed=seed)
        assert observation[start : start + 4].tolist() == expected
        _, terminated, truncated = play_episode(env, seed)
        assert terminated or truncated
        assert env.game_state.rules == rules


NIL_PASSES = {
    "nil-pass-4": attrs.evolve(BLIND_ANYTIME, nil_pass=4, blind_nil_pass=4, round_cap=2),
    "late-double-nil": attrs.evolve(
        TWO_HANDED, double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE, round_cap=2
    ),
}
"""Passes of four cards for a nil and for a blind nil, blind nil open to all; double nil
declared right after the first draw choice; games of two rounds."""


@pytest.mark.parametrize("name", list(NIL_PASSES))
def test_check_env_passes_with_nil_passes_and_late_double_nil(name: str) -> None:
    """Gymnasium's check where a nil and a blind nil pass four cards, and where double nil
    comes right after the first draw choice; whole episodes of random masked actions at
    every seat, against random players, end with the game.

    Rules: rule-card-pass, reading-double-nil-timing.
    """
    rules = NIL_PASSES[name]
    check_env(gym_spades.env(rules, seat=1), skip_render_check=True)
    for seat in range(rules.players):
        env = gym_spades.env(rules, seat=seat, opponents="random")
        _, terminated, _ = play_episode(env, seat)
        assert terminated
        assert env.game_state.rules == rules


# --- whole episodes --------------------------------------------------------------------------


def play_episode(
    env: gym_spades.SpadesEnv, seed: int, *, check: bool = True
) -> tuple[list[float], bool, bool]:
    """One episode of random masked actions: the rewards, terminated and truncated.

    The last step's mask is all 0, its info says how the game stands, and no mask is left.
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
            assert "is_success" not in info
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
            check_final_info(env, info)
            with pytest.raises(SpadesError, match="the episode is over, no action is left"):
                env.action_masks()
            return rewards, terminated, truncated


def check_final_info(env: gym_spades.SpadesEnv, info: dict[str, Any]) -> None:
    """The last step's info: the scores, the winner, whether her side won, the rounds."""
    state = env.game_state
    winner = None if state.outcome is None else state.outcome.winner
    assert {key: info[key] for key in ("scores", "winner", "is_success", "rounds")} == {
        "scores": state.scores,
        "winner": winner,
        "is_success": winner == side_of(env.rules, env.seat),
        "rounds": len(state.rounds),
    }


@pytest.mark.parametrize("name", ENDING)
def test_whole_episodes_at_every_seat_end_with_the_result_for_her_side(name: str) -> None:
    rules = ENDING[name]
    blind = False
    for seat in range(rules.players):
        env = gym_spades.env(rules, seat=seat, opponents="random", reward="game")
        rewards, terminated, truncated = play_episode(env, seat)
        state = env.game_state
        assert terminated
        assert not truncated
        assert state.outcome is not None
        winner = state.outcome.winner
        side = side_of(rules, seat)
        assert rewards[-1] == (0.0 if winner is None else 1.0 if winner == side else -1.0)
        assert set(rewards[:-1]) == {0.0}
        blind |= any(bid.blind for score in state.rounds for bid in score.bids)
    assert blind == rules.blind_nil


@pytest.mark.parametrize(
    "rules",
    [SOLO, SOLO_BLIND, THREE, THREE_JJDD],
    ids=["solo", "solo-jjdd-blind", "three", "three-jjdd-blind"],
)
def test_check_env_passes_when_each_plays_on_her_own(rules: Ruleset) -> None:
    """Gymnasium's check, solo and with three players, against the heuristic bots and the
    random ones: 52 cards, 51 or 54, with blind nil and the blind numbers open or not.

    Rules: rule-solo, rule-three-players.
    """
    check_env(gym_spades.env(rules, seat=2), skip_render_check=True)
    env = gym_spades.env(rules, seat=1, opponents="random", reward="game")
    check_env(env, skip_render_check=True)
    assert env.observation_space.shape == (encoding.OBSERVATION_SIZE,)


@pytest.mark.parametrize(("rules", "seat"), [(SOLO, 1), (THREE, 2)], ids=["solo", "three"])
def test_each_on_her_own_round_rewards_are_her_points_less_the_others_mean(
    rules: Ruleset, seat: int
) -> None:
    """Rules: rule-solo, rule-three-players."""
    env = gym_spades.env(rules, seat=seat, reward="round", reward_scale=1, max_rounds=2)
    rewards, terminated, truncated = play_episode(env, 3, check=False)
    state = env.game_state
    assert len(state.rounds) == 2
    others = rules.players - 1
    expected = sum(
        score.points[seat] - (sum(score.points) - score.points[seat]) / others
        for score in state.rounds
    )
    assert sum(rewards) == pytest.approx(expected)
    assert truncated or terminated


def test_solo_opponents_are_the_three_other_seats_and_there_is_no_partner() -> None:
    """Rule: rule-solo."""
    seen: list[int] = []

    def watcher(view: View) -> Move:
        seen.append(view.seat)
        return fallback_move(view)

    env = gym_spades.env(SOLO, seat=2, opponents=watcher, max_rounds=1)
    play_episode(env, 4, check=False)
    assert set(seen) == {0, 1, 3}
    seen.clear()
    env = gym_spades.env(SOLO, seat=0, opponents=["random", watcher, "heuristic"], max_rounds=1)
    play_episode(env, 4, check=False)
    assert set(seen) == {2}
    with pytest.raises(SpadesError, match=r"solo players .rule-solo. have no partner"):
        gym_spades.env(SOLO, partner="random")
    with pytest.raises(SpadesError, match=r"opponent's seat: 3, not 2$"):
        gym_spades.env(SOLO, opponents=["random"] * 2)


def test_three_players_opponents_are_the_two_other_seats_and_there_is_no_partner() -> None:
    """Rule: rule-three-players."""
    seen: list[int] = []

    def watcher(view: View) -> Move:
        seen.append(view.seat)
        return fallback_move(view)

    env = gym_spades.env(THREE, seat=1, opponents=watcher, max_rounds=1)
    play_episode(env, 4, check=False)
    assert set(seen) == {0, 2}
    seen.clear()
    env = gym_spades.env(THREE_JJDD, seat=0, opponents=["random", watcher], max_rounds=1)
    play_episode(env, 4, check=False)
    assert set(seen) == {2}
    with pytest.raises(SpadesError, match=r"three players .rule-three-players. have no partner"):
        gym_spades.env(THREE, partner="random")
    with pytest.raises(SpadesError, match=r"opponent's seat: 2, not 3$"):
        gym_spades.env(THREE, opponents=["random"] * 3)


@pytest.mark.parametrize("rules", [CLASSIC, TWO_HANDED], ids=["classic", "two-handed"])
def test_round_rewards_are_her_sides_point_differences(rules: Ruleset) -> None:
    env = gym_spades.env(rules, seat=1, reward="round", reward_scale=1, max_rounds=2)
    rewards, terminated, truncated = play_episode(env, 3, check=False)
    state = env.game_state
    side = side_of(rules, 1)
    ours = sum(score.points[side] - score.points[1 - side] for score in state.rounds)
    assert sum(rewards) == ours
    assert truncated or terminated


def test_the_defaults_give_a_learner_signal() -> None:
    """Rounds' points / 100 against the heuristic bots: every game ends, every round pays.

    The defaults (``reward="round"``, ``ROUND_SCALE``, heuristic opponents and partner)
    were chosen so (docs/rl.md, "rl-defaults"): random actions lose, but by how much
    depends on the actions, round after round.
    """
    env = gym_spades.env()
    defaults = (env.rules, env.reward, env.reward_scale, env.max_rounds)
    assert defaults == (CLASSIC, "round", 0.01, 100)
    totals = set()
    for seed in range(3):
        rewards, terminated, truncated = play_episode(env, seed, check=False)
        state = env.game_state
        assert terminated
        assert not truncated
        paid = [reward for reward in rewards if reward]
        side = side_of(CLASSIC, env.seat)
        points = [score.points[side] - score.points[1 - side] for score in state.rounds]
        assert paid == pytest.approx([point / 100 for point in points if point])
        assert len(paid) >= len(state.rounds) - 1
        totals.add(round(sum(rewards), 6))
    assert len(totals) == 3
    assert gym_spades.env(reward="game").reward_scale == 1.0


@pytest.mark.parametrize("scale", [2, 0.5, np.float32(0.25)], ids=str)
def test_reward_scale_multiplies_every_reward(scale: float) -> None:
    rewards = {}
    for factor in (1, scale):
        env = gym_spades.env(TWO_HANDED, reward="round", reward_scale=factor, max_rounds=2)
        rewards[factor] = play_episode(env, 4, check=False)[0]
    assert rewards[scale] == pytest.approx([reward * float(scale) for reward in rewards[1]])
    env = gym_spades.env(ENDING["classic-cap-2"], reward="game", reward_scale=scale)
    last = play_episode(env, 1, check=False)[0][-1]
    assert abs(last) == pytest.approx(float(scale))


def test_max_rounds_truncates_without_a_result() -> None:
    # Seat 2 bids first in round 2: the truncated game leaves her to move, but she is done.
    env = gym_spades.env(CLASSIC, seat=2, reward="game", max_rounds=1, render_mode="ansi")
    rewards, terminated, truncated = play_episode(env, 1, check=False)
    assert truncated
    assert not terminated
    assert set(rewards) == {0.0}
    assert len(env.game_state.rounds) == 1
    assert not env.game_state.is_over
    assert env.game_state.to_move == 2  # play_episode checks there is no mask any more
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

    env = gym_spades.env(CLASSIC, seat=2, opponents=[watcher, random_policy(1)])
    env.reset(seed=1)  # seat 1 bids first: the watcher, then the agent
    assert seen == [1]
    assert env.game_state.to_move == 2
    env = gym_spades.env(CLASSIC, seat=0, opponents=watcher, max_rounds=1)
    play_episode(env, 4, check=False)
    assert set(seen) == {1, 3}  # the opponents: her partner is the heuristic bot
    seen.clear()
    env = gym_spades.env(CLASSIC, seat=3, opponents="fallback", partner=watcher, max_rounds=1)
    play_episode(env, 4, check=False)
    assert set(seen) == {1}  # her partner alone
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
        ({"opponents": ["random"]}, SpadesError, "one bot for each opponent's seat: 2, not 1"),
        ({"opponents": ["random"] * 3}, SpadesError, "2, not 3 .her partner's is the partner"),
        ({"opponents": "human"}, SpadesError, "'human' is not a bot; known: heuristic"),
        ({"opponents": 3}, TypeError, "opponents is a bot, a sequence of bots or None"),
        ({"opponents": [None, None]}, TypeError, "a bot is a name or a policy"),
        ({"partner": "human"}, SpadesError, "'human' is not a bot; known: heuristic"),
        ({"partner": ["random"]}, TypeError, "a bot is a name or a policy"),
        ({"rules": TWO_HANDED, "partner": "random"}, SpadesError, "two players have no partner"),
        ({"rules": TWO_HANDED, "opponents": ["random"] * 2}, SpadesError, "seat: 1, not 2"),
        ({"reward_scale": 0}, SpadesError, "reward_scale is a number above 0 or None"),
        ({"reward_scale": -0.5}, SpadesError, "reward_scale is a number above 0 or None"),
        ({"reward_scale": True}, TypeError, "reward_scale is a number or None"),
        ({"seat": 4}, SpadesError, "a seat is a number from 0 to 3"),
        ({"reward": "trick"}, SpadesError, "reward is 'game' or 'round'"),
        ({"max_rounds": -1}, SpadesError, "max_rounds is a whole number"),
        ({"rules": None}, TypeError, "rules is a Ruleset"),
        ({"render_mode": "rgb_array"}, TypeError, "render_mode is one of 'human', 'ansi' or"),
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
    check_final_info(env, info)
    assert (info["winner"], info["is_success"]) == (None, False)
    with pytest.raises(SpadesError, match="the episode is over"):
        env.action_masks()
    with pytest.raises(SpadesError, match="the episode is over"):
        env.step(encoding.KEEP)
    strict = gym_spades.env(CLASSIC, illegal_reward=None)
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError):
        strict.step(encoding.KEEP)
    env.reset(seed=1)
    with pytest.raises(SpadesError, match="96 is not an action"):
        env.step(96)  # outside the space: raises, whatever illegal_reward says
    _, _, terminated, *_ = env.step(np.int64(encoding.actions_of(Bid(3), CLASSIC)[0]))
    assert not terminated
    assert env.game_state.bids[0] == Bid(3)


def test_the_game_state_needs_a_reset() -> None:
    with pytest.raises(SpadesError, match="reset"):
        gym_spades.env().step(0)
    with pytest.raises(SpadesError, match="reset"):
        gym_spades.env().game_state  # noqa: B018  (the property raises)
    with pytest.raises(SpadesError, match="reset"):
        gym_spades.env().action_masks()


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


def test_a_fresh_process_makes_it_by_the_module_qualified_id() -> None:
    """Gymnasium imports the module before the colon, which registers the environment."""
    code = (
        "import sys, gymnasium\n"
        "print('spades.adapters.gymnasium' in sys.modules)\n"
        "env = gymnasium.make('spades.adapters.gymnasium:spades/Spades-v0', seat=1)\n"
        "obs, info = env.reset(seed=1)\n"
        "print(type(env.unwrapped).__name__, obs.shape, int(info['action_mask'].sum()))\n"
    )
    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.splitlines() == ["False", "SpadesEnv (1224,) 14"]


def test_the_mask_through_makes_wrappers_as_sb3_contrib_finds_it() -> None:
    """``gymnasium.make`` wraps the environment; ``get_wrapper_attr`` reaches the method."""
    made = gymnasium.make(gym_spades.ENV_ID, seat=2)
    _, info = made.reset(seed=3)
    masks = made.get_wrapper_attr("action_masks")()
    assert masks.dtype == np.bool_
    assert np.array_equal(masks, info["action_mask"].astype(bool))
    made.close()


def test_an_unknown_render_mode_is_a_type_error_as_make_vec_env_expects() -> None:
    """Stable-Baselines3 asks for "rgb_array" and, on a TypeError alone, asks for none."""
    with (
        pytest.warns(UserWarning, match="not in the possible render_modes"),  # Gymnasium's
        pytest.raises(TypeError, match="render_mode is one of 'human', 'ansi' or None"),
    ):
        gymnasium.make(gym_spades.ENV_ID, render_mode="rgb_array")
