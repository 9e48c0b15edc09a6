"""`spades.adapters.pettingzoo`: Spades as a PettingZoo AEC environment.

- PettingZoo's own checks, ``api_test`` (1000 cycles) and ``seed_test``, under every preset,
  and ``api_test`` under each other reading of leading spades, under zero contracts, team
  minimums and 10-for-200, under passes of four cards for a nil and a blind nil, under
  double nil declared after the first draw choice, under Suicide, under Whiz and
  Mirror (Mirror with a card pass after a nil), with blind numbers, and under each joker
  deck (four players with a blind nil's pass, and two);
- random games (masked random actions) under every preset, rulesets that reach the blind
  nil pass and the double nil exchange, each reading of leading spades, zero contracts,
  team minimums and 10-for-200, Suicide, Whiz and Mirror, blind numbers, the joker decks
  (their jokers played): each agent's
  mask is the encoding's of her view (the legal moves, a card at a time in a pass or an
  exchange), all zero for the others; the environment's game follows the moves the
  actions stand for; rewards equal for partners and opposite between the sides, and the
  game's result (or the rounds' points) in the end;
- solo games (four players each on her own): ``api_test``, random games, each agent's
  reward her own (a round's points less the mean of the others', +1 or -1 for the game);
- three players: ``api_test`` under the standard deck and under Joker-Joker-Deuce-Deuce
  with blind nil and blind numbers, random games under every deck, three agents, each
  her own side as under solo, bids above 13 entered as their actions, the render;
- the same seed deals the same game, ``reset()`` goes on reproducibly from a seed;
- ``max_rounds`` truncates, illegal actions, the options, the renders, the missing
  framework's message.

The module skips where PettingZoo is not installed.

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
from typing import TYPE_CHECKING, Any

import attrs
import pytest

pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from pettingzoo.test.api_test import api_test
from pettingzoo.test.seed_test import seed_test

from helpers import BLIND_ANYTIME, JOKER_DECKS, THREE, THREE_JJDD
from spades import (
    CLASSIC,
    JOKERS,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    Deck,
    Direction,
    DoubleNilTiming,
    IllegalMoveError,
    Phase,
    Ruleset,
    SpadesError,
    SpadesLead,
    State,
    encoding,
    legal_moves,
    observe,
    side_of,
)
from spades.adapters import pettingzoo as zoo

if TYPE_CHECKING:
    from pettingzoo import AECEnv

# PettingZoo's api_test names its own classic games (chess, the hold'ems, ...) in lists of
# environments whose dict observations with an action mask are expected; any other
# environment of that shape gets these two warnings.
NAMED_LIST_WARNINGS = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
]
DOUBLE_NIL = attrs.evolve(TWO_HANDED, blind_nil_exchange=2)
"""Double nil with an exchange of up to two cards (fewer than the most: the end action)."""
LEADS = {
    SpadesLead.ANY_TIME: attrs.evolve(CLASSIC, spades_lead=SpadesLead.ANY_TIME),
    SpadesLead.AFTER_FIRST_TRICK: attrs.evolve(
        TWO_HANDED, spades_lead=SpadesLead.AFTER_FIRST_TRICK
    ),
}
"""A ruleset of each reading of leading spades but the presets' (reading-spades-lead)."""
SWITCHED = {
    "zero-minimum-200": Ruleset(
        nil=False, zero_contract=True, team_minimum=4, ten_for_two_hundred=True
    ),
    "minimum-blind-nil": attrs.evolve(BLIND_ANYTIME, team_minimum=6),
    "two-handed-zero-200": attrs.evolve(
        TWO_HANDED, nil=False, blind_nil=False, zero_contract=True, ten_for_two_hundred=True
    ),
}
"""Zero contracts, a team minimum and 10-for-200 together; a team minimum with blind nil
open to all (which it closes to a side's second bidder); two players' zero contracts and
10-for-200 (reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred)."""
NIL_PASSES = {
    "nil-pass-4": attrs.evolve(BLIND_ANYTIME, nil_pass=4, blind_nil_pass=4),
    "late-double-nil": attrs.evolve(
        TWO_HANDED, double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE
    ),
}
"""Passes of four cards for a nil and for a blind nil, blind nil open to all; and double
nil declared right after the first draw choice (reading-card-pass,
reading-double-nil-timing)."""
SUICIDE = Ruleset(bidding=Bidding.SUICIDE)
"""Each side a nil and a contract of 4 or more (rule-suicide)."""
BY_SPADES = {
    "whiz": Ruleset(bidding=Bidding.WHIZ),
    "mirror-nil-pass-2": Ruleset(bidding=Bidding.MIRROR, nil_pass=2),
}
"""Each bid her number of spades, or nil under Whiz; under Mirror nil only with no
spades, and a pass for it (rule-whiz, rule-mirror)."""
BLIND_NUMBERS = {
    "blind-numbers": Ruleset(blind_bid_minimum=6, blind_bid_deficit=None),
    "blind-numbers-and-nil": Ruleset(
        blind_bid_minimum=6, blind_bid_deficit=None, blind_nil=True, blind_nil_deficit=None
    ),
}
"""Numbers from 6 bid blind at any score, without and with blind nil (rule-blind-bids)."""
SOLO = Ruleset(solo=True)
SOLO_RULESETS = {
    "solo": SOLO,
    "solo-cap-2": attrs.evolve(SOLO, round_cap=2),
    "solo-jjdd-blind-numbers": attrs.evolve(
        SOLO, deck=Deck.JOKER_JOKER_DEUCE_DEUCE, blind_bid_minimum=6, blind_bid_deficit=None
    ),
}
"""Four players each on her own: classic's other rules, a game that ends in two rounds,
and a joker deck with numbers bid blind at any score (rule-solo)."""
SOLO_BLIND_NIL = attrs.evolve(
    SOLO_RULESETS["solo-jjdd-blind-numbers"], blind_nil=True, blind_nil_deficit=None
)
"""Solo with a joker deck, blind numbers and blind nil (no pass: no partner)."""
THREE_RULESETS = {
    "three": THREE,
    "three-cap-2": attrs.evolve(THREE, round_cap=2),
    "three-jjdd-blind": THREE_JJDD,
    "three-jja-counter-whiz": Ruleset(
        players=3,
        deck=Deck.JOKER_JOKER_ACE,
        direction=Direction.COUNTERCLOCKWISE,
        bidding=Bidding.WHIZ,
    ),
}
"""Three players (rule-three-players): classic's other rules, a game that ends in two
rounds, Joker-Joker-Deuce-Deuce with blind nil and the blind numbers from 5 open at any
score, and Joker-Joker-Ace counter-clockwise under Whiz."""
RANDOM_RULESETS = {
    **PRESETS,
    "blind-nil-anytime": BLIND_ANYTIME,
    "pass-3": attrs.evolve(BLIND_ANYTIME, blind_nil_pass=3),
    "double-nil-2": DOUBLE_NIL,
    "classic-cap-2": attrs.evolve(CLASSIC, round_cap=2),
    "two-handed-cap-2": attrs.evolve(TWO_HANDED, round_cap=2),
    **{f"lead-{lead.value}": rules for lead, rules in LEADS.items()},
    **SWITCHED,
    **NIL_PASSES,
    "suicide": SUICIDE,
    **BY_SPADES,
    **BLIND_NUMBERS,
    **JOKER_DECKS,
    **SOLO_RULESETS,
    **THREE_RULESETS,
}
"""The presets, rulesets whose random games reach the card pass and the exchange,
rulesets whose random games end (with a result) within ``max_rounds``, the other
readings of leading spades, zero contracts, team minimums and 10-for-200, Suicide, Whiz
and Mirror, blind numbers, and the joker decks."""
CHOOSING = {
    "two-handed",
    "blind-nil-anytime",
    "pass-3",
    "double-nil-2",
    "two-handed-cap-2",
    "lead-after_first_trick",
    "minimum-blind-nil",
    "nil-pass-4",
    "late-double-nil",
    "blind-numbers-and-nil",
    "joker-joker-deuce-deuce-blind-nil",
    "two-handed-joker-joker-deuce-deuce",
}
"""The rulesets under which the random games below reach a pass or an exchange."""


def unwrapped(env: AECEnv[str, Any, Any]) -> zoo.raw_env:
    raw = env.unwrapped
    assert isinstance(raw, zoo.raw_env)
    return raw


def masked_choice(rng: random.Random, mask: np.ndarray[Any, Any]) -> int:
    return int(rng.choice(np.flatnonzero(mask).tolist()))


# --- PettingZoo's own checks ---------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
@pytest.mark.parametrize("name", PRESETS)
def test_api_test_passes_under_every_preset(name: str) -> None:
    api_test(zoo.env(PRESETS[name]), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
@pytest.mark.parametrize("lead", list(LEADS), ids=lambda lead: lead.value)
def test_api_test_passes_under_every_spades_lead(lead: SpadesLead) -> None:
    """PettingZoo's check under the readings of leading spades (reading-spades-lead)."""
    api_test(zoo.env(LEADS[lead]), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
@pytest.mark.parametrize("name", list(SWITCHED))
def test_api_test_passes_under_zero_contracts_team_minimums_and_ten_for_two_hundred(
    name: str,
) -> None:
    """PettingZoo's check under the switches, four players and two.

    Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
    """
    api_test(zoo.env(SWITCHED[name]), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.slow
@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
@pytest.mark.parametrize("name", list(NIL_PASSES))
def test_api_test_passes_with_nil_passes_and_late_double_nil(name: str) -> None:
    """PettingZoo's check where a nil and a blind nil pass four cards, and where double nil
    comes right after the first draw choice.

    Rules: rule-card-pass, reading-double-nil-timing.
    """
    api_test(zoo.env(NIL_PASSES[name]), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
def test_api_test_passes_under_suicide() -> None:
    """PettingZoo's check under Suicide.

    Rule: rule-suicide.
    """
    api_test(zoo.env(SUICIDE), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
@pytest.mark.parametrize("name", list(BY_SPADES))
def test_api_test_passes_under_whiz_and_mirror(name: str) -> None:
    """PettingZoo's check under Whiz and under Mirror with a card pass after a nil.

    Rules: rule-whiz, rule-mirror.
    """
    api_test(zoo.env(BY_SPADES[name]), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
@pytest.mark.parametrize("name", list(BLIND_NUMBERS))
def test_api_test_passes_with_blind_numbers(name: str) -> None:
    """PettingZoo's check with numbers bid blind at any score, with and without blind nil.

    Rule: rule-blind-bids.
    """
    api_test(zoo.env(BLIND_NUMBERS[name]), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=[pytest.mark.slow] if JOKER_DECKS[name].players == 4 else [])
        for name in JOKER_DECKS
    ],
)
def test_api_test_passes_under_the_joker_decks(name: str) -> None:
    """PettingZoo's check under each joker deck, four players (slow) and two.

    Rule: rule-decks.
    """
    api_test(zoo.env(JOKER_DECKS[name]), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.slow
@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
@pytest.mark.parametrize(
    "rules", [SOLO, SOLO_BLIND_NIL], ids=["solo", "solo-jjdd-blind-nil-and-numbers"]
)
def test_api_test_passes_under_solo(rules: Ruleset) -> None:
    """Rule: rule-solo."""
    api_test(zoo.env(rules), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
@pytest.mark.parametrize("name", ["three", "three-jjdd-blind"])
def test_api_test_passes_with_three_players(name: str) -> None:
    """PettingZoo's check with three players: the standard deck's 51 cards, and all 54 of
    Joker-Joker-Deuce-Deuce with blind nil and the blind numbers open.

    Rule: rule-three-players.
    """
    api_test(zoo.env(THREE_RULESETS[name]), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.filterwarnings(*NAMED_LIST_WARNINGS)
def test_api_test_passes_with_round_rewards_and_the_raw_env() -> None:
    api_test(zoo.raw_env(TWO_HANDED, reward="round"), num_cycles=1000)  # type: ignore[no-untyped-call]


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_seed_test_passes_under_every_preset(name: str) -> None:
    seed_test(lambda: zoo.env(PRESETS[name]), num_cycles=1000)  # type: ignore[no-untyped-call]


# --- random games ----------------------------------------------------------------------------


def play_randomly(
    env: AECEnv[str, Any, Any], seed: int, *, check: bool = True
) -> list[dict[str, float]]:
    """Play one game with random masked actions; check each step; the rewards of each step."""
    raw = unwrapped(env)
    rules = raw.rules
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps: list[dict[str, float]] = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            check_final_info(raw, agent, info)
            env.step(None)
            continue
        assert obs is not None
        state, selected = raw.game_state, raw.selected
        seat = int(agent.removeprefix("player_"))
        assert state.to_move == seat
        if check:
            check_observations(raw, state, seat, selected, obs)
        action = masked_choice(rng, obs["action_mask"])
        env.step(action)
        steps.append(dict(env.rewards))
        if not (raw.terminations[agent] or raw.truncations[agent]):
            after = raw.game_state
            done = encoding.advance(observe(state, seat), selected, action)
            if isinstance(done, tuple):
                assert after == state
                assert raw.selected == done
                assert env.agent_selection == agent  # she goes on choosing
            else:
                assert done in legal_moves(state)
                assert raw.selected == ()
                assert after.to_move is not None
                assert env.agent_selection == f"player_{after.to_move}"
        check_rewards(rules, env.rewards)
    return steps


def check_observations(
    raw: zoo.raw_env,
    state: State,
    seat: int,
    selected: tuple[Any, ...],
    obs: dict[str, Any],
) -> None:
    """The agent's observation is the encoding's of her view; the others' show no choice."""
    view = observe(state, seat)
    assert np.array_equal(obs["action_mask"], encoding.action_mask(view, selected))
    assert np.array_equal(obs["observation"], encoding.observation(view, selected))
    if not selected and state.phase not in (Phase.PASSING, Phase.EXCHANGING):
        allowed = set(np.flatnonzero(obs["action_mask"]).tolist())
        assert allowed == {encoding.actions_of(move, raw.rules)[0] for move in legal_moves(state)}
    for other in raw.possible_agents:
        if other != f"player_{seat}":
            seen = raw.observe(other)
            assert not seen["action_mask"].any()
            other_view = observe(state, int(other.removeprefix("player_")))
            assert np.array_equal(seen["observation"], encoding.observation(other_view))


def check_rewards(rules: Ruleset, rewards: dict[str, float]) -> None:
    """Partners get the same reward, the sides opposite ones; under solo (rule-solo) and
    with three players (rule-three-players) the rewards add up to 0 (a round's, a draw) or
    are one winner's +1 and a -1 for every other player."""
    by_side: dict[int, set[float]] = {side: set() for side in range(rules.sides)}
    for agent, reward in rewards.items():
        by_side[side_of(rules, int(agent.removeprefix("player_")))].add(reward)
    for side in range(rules.sides):
        assert len(by_side[side]) <= 1
    if rules.sides == 2 and by_side[0] and by_side[1]:
        assert by_side[0] == {-value for value in by_side[1]}
    if rules.sides > 2 and all(by_side.values()):
        values = sorted(value for (value,) in by_side.values())
        losers = [-1.0] * (rules.sides - 1)
        assert sum(values) == pytest.approx(0, abs=1e-9) or values == [*losers, 1]


@pytest.mark.parametrize("name", RANDOM_RULESETS)
def test_random_games_mask_the_legal_moves_and_reward_the_result(name: str) -> None:
    rules = RANDOM_RULESETS[name]
    chosen = False
    for seed in range(2):
        env = zoo.env(rules, reward="game", max_rounds=3)
        steps = play_randomly(env, seed)
        state = unwrapped(env).game_state
        total = {agent: sum(step.get(agent, 0.0) for step in steps) for agent in steps[0]}
        if name.endswith("cap-2"):
            assert state.outcome is not None
        if state.outcome is None:  # truncated: no result
            assert len(state.rounds) == 3
            assert set(total.values()) == {0.0}
        else:
            winner = state.outcome.winner
            for agent, reward in total.items():
                side = side_of(rules, int(agent.removeprefix("player_")))
                assert reward == (0.0 if winner is None else 1.0 if side == winner else -1.0)
        bids = [bid for score in state.rounds for bid in score.bids]
        blind_nil = any(bid.blind and not bid.n for bid in bids)
        # A blind nil leads to a choice of cards where a pass or an exchange follows it;
        # three players pass none (rule-three-players).
        follows = rules.blind_nil_exchange if rules.players == 2 else rules.blind_nil_pass
        blind = blind_nil and follows > 0
        if name in CHOOSING:
            assert blind
        if name == "three-jjdd-blind":
            assert any(bid.blind and bid.n for bid in bids)  # blind numbers bid too
        chosen |= blind
    assert chosen == (name in CHOOSING)


@pytest.mark.parametrize("name", list(JOKER_DECKS)[:2])
def test_the_jokers_are_played_as_actions_84_and_85(name: str) -> None:
    """In a round of masked random actions under a joker deck, each joker is played once,
    as its action, by the agent holding it.

    Rule: rule-decks.
    """
    env = zoo.env(JOKER_DECKS[name], max_rounds=1)
    raw = unwrapped(env)
    rng = random.Random(3)
    env.reset(seed=3)
    played = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert obs is not None
        action = masked_choice(rng, obs["action_mask"])
        if action in encoding.JOKER_ACTIONS:
            state = raw.game_state
            assert state.phase is Phase.PLAYING
            assert JOKERS[action - 84] in state.hand(int(agent.removeprefix("player_")))
            played.append(action)
        env.step(action)
    assert sorted(played) == [84, 85]


def check_final_info(raw: zoo.raw_env, agent: str, info: dict[str, Any]) -> None:
    """An agent's info at the end: the scores, the winner, whether her side won, the rounds."""
    state = raw.game_state
    winner = None if state.outcome is None else state.outcome.winner
    side = side_of(raw.rules, int(agent.removeprefix("player_")))
    assert info == {
        "scores": state.scores,
        "winner": winner,
        "is_success": winner == side,
        "rounds": len(state.rounds),
    }


@pytest.mark.parametrize("name", ["classic", "two-handed", "double-nil-2"])
def test_round_rewards_are_each_rounds_point_difference(name: str) -> None:
    rules = RANDOM_RULESETS[name]
    env = zoo.env(rules, reward="round", reward_scale=1, max_rounds=2)
    steps = play_randomly(env, 5, check=False)
    state = unwrapped(env).game_state
    total = sum(step["player_0"] for step in steps if "player_0" in step)
    assert total == sum(score.points[0] - score.points[1] for score in state.rounds)
    assert sum(1 for step in steps if step.get("player_0")) <= len(state.rounds)


def test_solo_round_rewards_are_her_points_less_the_others_mean() -> None:
    """Each agent is her own side: a round pays her points less the mean of the other
    three players' points, and the four rewards add up to 0.

    Rule: rule-solo.
    """
    env = zoo.env(SOLO, reward="round", reward_scale=1, max_rounds=2)
    steps = play_randomly(env, 5, check=False)
    state = unwrapped(env).game_state
    assert len(state.rounds) == 2
    for seat in range(4):
        total = sum(step.get(f"player_{seat}", 0.0) for step in steps)
        others = [sum(score.points) - score.points[seat] for score in state.rounds]
        expected = sum(score.points[seat] for score in state.rounds) - sum(others) / 3
        assert total == pytest.approx(expected)
    assert any(step.get("player_0") for step in steps)  # paid, as the rounds are scored


def test_three_players_round_rewards_are_her_points_less_the_others_mean() -> None:
    """With three players each agent is her own side: a round pays her points less the
    mean of the other two players' points, and the three rewards add up to 0.

    Rule: rule-three-players.
    """
    env = zoo.env(THREE, reward="round", reward_scale=1, max_rounds=2)
    steps = play_randomly(env, 5, check=False)
    state = unwrapped(env).game_state
    assert len(state.rounds) == 2
    assert unwrapped(env).possible_agents == ["player_0", "player_1", "player_2"]
    for seat in range(3):
        total = sum(step.get(f"player_{seat}", 0.0) for step in steps)
        others = [sum(score.points) - score.points[seat] for score in state.rounds]
        expected = sum(score.points[seat] for score in state.rounds) - sum(others) / 2
        assert total == pytest.approx(expected)
    assert any(step.get("player_0") for step in steps)  # paid, as the rounds are scored


def test_three_players_bid_above_13_and_the_render_shows_three_seats() -> None:
    """A hand of 17 cards bids up to 17: the first bidder's mask is the bids 0 to 13 and 14
    to 17 (actions 86 to 89); her bid of 17 is taken; the table shows three seats of 17
    cards and three scores.

    Rule: rule-three-players.
    """
    env = zoo.raw_env(THREE, render_mode="ansi")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    assert np.flatnonzero(mask).tolist() == [*range(52, 66), *range(86, 90)]
    env.step(89)
    seat = int(agent.removeprefix("player_"))
    assert env.game_state.bids[seat] == Bid(17)
    lines = str(env.render()).splitlines()
    assert lines[1] == "Scores: seat 0 0 (0 bags), seat 1 0 (0 bags), seat 2 0 (0 bags)"
    seats = [line for line in lines if line.startswith("  seat ")]
    assert len(seats) == 3
    assert f"  seat {seat}" in next(line for line in seats if "bid 17" in line)
    assert all(len(env.game_state.hand(other)) == 17 for other in range(3))


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        *((SOLO_RULESETS["solo-cap-2"], seed) for seed in range(3)),
        *((THREE_RULESETS["three-cap-2"], seed) for seed in range(4)),
    ],
    ids=[*(f"solo-{seed}" for seed in range(3)), *(f"three-{seed}" for seed in range(4))],
)
def test_a_game_of_each_on_her_own_pays_the_one_highest_score_alone(
    rules: Ruleset, seed: int
) -> None:
    """Under ``reward="game"``, +1 to the player of the one highest total, -1 to each of
    the others, 0 to all for a draw; each agent's info says whether her own seat won
    (`check_final_info`, in `play_randomly`).

    Rules: rule-solo, rule-three-players.
    """
    env = zoo.env(rules, reward="game")
    steps = play_randomly(env, seed)
    state = unwrapped(env).game_state
    assert state.outcome is not None
    winner = state.outcome.winner
    seats = range(rules.players)
    totals = [sum(step.get(f"player_{seat}", 0.0) for step in steps) for seat in seats]
    if winner is None:
        assert totals == [0.0] * rules.players
        assert sorted(state.scores)[-1] == sorted(state.scores)[-2]
    else:
        assert totals == [1.0 if seat == winner else -1.0 for seat in seats]
        assert state.scores[winner] > max(
            score for seat, score in enumerate(state.scores) if seat != winner
        )


def test_the_default_rewards_are_round_points_scaled_to_hundreds() -> None:
    """A round's points / 100 by default (``ROUND_SCALE``), so that self-play learns at once."""
    env = zoo.env(TWO_HANDED, max_rounds=2)
    assert unwrapped(env).reward == "round"
    assert unwrapped(env).reward_scale == 0.01
    steps = play_randomly(env, 6, check=False)
    state = unwrapped(env).game_state
    paid = [step["player_0"] for step in steps if step.get("player_0")]
    points = [score.points[0] - score.points[1] for score in state.rounds]
    assert paid == pytest.approx([point / 100 for point in points if point])
    assert zoo.raw_env(CLASSIC, reward="game").reward_scale == 1.0
    assert zoo.raw_env(CLASSIC, reward="game", reward_scale=np.float32(2)).reward_scale == 2.0


def test_a_pass_is_entered_card_by_card_and_only_its_agent_sees_the_choice() -> None:
    env = zoo.raw_env(BLIND_ANYTIME)
    env.reset(seed=3)
    state = env.game_state
    assert state.to_move == 1
    env.step(encoding.BLIND_NIL)
    for _ in range(3):
        env.step(encoding.LOOK)
        env.step(encoding.actions_of(Bid(3), BLIND_ANYTIME)[0])
    assert env.game_state.phase is Phase.PASSING
    agent = env.agent_selection
    seat = env.game_state.to_move
    assert seat is not None
    hand = env.game_state.hand(seat)
    env.step(hand[0].index)
    assert env.agent_selection == agent
    assert list(env.selected) == [hand[0]]
    slot = next(slot for slot in encoding.SLOTS if slot.name == "selected")
    assert env.observe(agent)["observation"][slot.start + hand[0].index] == 1
    for other in env.possible_agents:
        if other != agent:
            assert not env.observe(other)["observation"][slot.start : slot.stop].any()
    assert "Chosen so far: " + str(hand[0]) in str(zoo_render(env))
    env.step(hand[1].index)
    assert not env.selected
    assert env.game_state.passes[-1].cards == tuple(sorted(hand[:2]))


def zoo_render(env: zoo.raw_env) -> str | None:
    env.render_mode = "ansi"
    try:
        return env.render()
    finally:
        env.render_mode = None


# --- seeds -----------------------------------------------------------------------------------


def trajectory(env: AECEnv[str, Any, Any], seed: int | None, steps: int = 120) -> list[Any]:
    """Observations, rewards and actions of ``steps`` random masked steps after a reset."""
    env.reset(seed=seed)
    rng = random.Random(0)
    seen: list[Any] = []
    for agent in env.agent_iter(steps):
        obs, reward, terminated, truncated, _ = env.last()
        assert obs is not None
        action = None if terminated or truncated else masked_choice(rng, obs["action_mask"])
        seen.append((agent, obs["observation"].tobytes(), reward, action))
        env.step(action)
    return seen


def test_the_same_seed_deals_the_same_game_and_reset_goes_on_reproducibly() -> None:
    first, second = zoo.env(CLASSIC), zoo.env(CLASSIC)
    assert trajectory(first, 7) == trajectory(second, 7)
    assert trajectory(first, None) == trajectory(second, None)  # the next game of seed 7
    assert trajectory(first, 7) != trajectory(first, 8)
    assert trajectory(first, 7) != trajectory(first, None)


def test_reset_without_a_seed_seeds_from_the_system() -> None:
    env, other = zoo.raw_env(TWO_HANDED), zoo.raw_env(TWO_HANDED)
    env.reset()
    other.reset()
    assert env.game_state.phase is Phase.DRAWING
    assert isinstance(env.np_random, np.random.Generator)
    assert env.game_state.seed != other.game_state.seed  # not a fixed seed


# --- the end: max_rounds, and illegal actions ------------------------------------------------


def play_to_end(env: zoo.raw_env, seed: int) -> None:
    env.reset(seed=seed)
    rng = random.Random(seed)
    while not any(env.terminations.values()) and not any(env.truncations.values()):
        env.step(masked_choice(rng, env.observe(env.agent_selection)["action_mask"]))


def test_max_rounds_truncates_the_game_without_a_result() -> None:
    env = zoo.raw_env(CLASSIC, reward="game", max_rounds=1)
    play_to_end(env, 1)
    state = env.game_state
    assert len(state.rounds) == 1
    assert not state.is_over
    assert set(env.truncations.values()) == {True}
    assert set(env.terminations.values()) == {False}
    assert set(env.rewards.values()) == {0.0}
    assert state.to_move is not None  # the next round's first bidder, but she is done
    check_no_actions(env)
    for agent, info in env.infos.items():
        check_final_info(env, agent, info)
        assert not info["is_success"]
    env.render_mode = "ansi"
    assert "Stopped after 1 rounds (max_rounds), unfinished" in str(env.render())
    while env.agents:
        env.step(None)
    check_no_actions(env)  # nor for the agents removed


def check_no_actions(env: zoo.raw_env) -> None:
    for agent in env.possible_agents:
        assert not env.observe(agent)["action_mask"].any()


def test_max_rounds_none_plays_on() -> None:
    env = zoo.raw_env(attrs.evolve(CLASSIC, round_cap=2), max_rounds=None)
    play_to_end(env, 2)
    assert env.game_state.is_over
    assert len(env.game_state.rounds) == 2
    assert set(env.terminations.values()) == {True}
    env.render_mode = "ansi"
    assert "after 2 rounds" in str(env.render())


def test_an_illegal_action_loses_in_env_and_raises_in_raw_env() -> None:
    env = zoo.env(CLASSIC)
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(encoding.KEEP)  # no draw with four players
    assert set(env.terminations.values()) == {True}
    assert env.rewards[agent] == zoo.ILLEGAL_REWARD
    assert unwrapped(env).game_state.to_move == 1  # still hers in the state, but done:
    check_no_actions(unwrapped(env))
    raw = zoo.raw_env(CLASSIC)
    raw.reset(seed=1)
    with pytest.raises(IllegalMoveError):
        raw.step(encoding.KEEP)
    with pytest.raises(TypeError, match="None is an action only once she is done"):
        raw.step(None)
    raw.step(np.int64(encoding.actions_of(Bid(3), CLASSIC)[0]))  # numpy's integers too
    assert raw.game_state.bids[1] == Bid(3)


def test_a_dead_agent_steps_with_none_only() -> None:
    env = zoo.raw_env(CLASSIC, max_rounds=1)
    play_to_end(env, 4)
    with pytest.raises(SpadesError, match="is done: her only action is None, not 0"):
        env.step(0)
    while env.agents:
        env.step(None)
    assert env.agents == []


# --- options, renders, imports ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"rules": "classic"}, TypeError, "rules is a Ruleset"),
        ({"reward": "trick"}, SpadesError, "reward is 'game' or 'round'"),
        ({"max_rounds": 0}, SpadesError, "max_rounds is a whole number"),
        ({"max_rounds": 2.0}, TypeError, "max_rounds is a whole number"),
        ({"render_mode": "rgb_array"}, TypeError, "render_mode is one of 'human', 'ansi' or"),
        ({"reward_scale": 0}, SpadesError, "reward_scale is a number above 0 or None"),
        ({"reward_scale": "1"}, TypeError, "reward_scale is a number or None"),
    ],
)
def test_bad_options_are_refused(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        zoo.env(**options)


def test_the_agents_and_spaces() -> None:
    env = zoo.env(TWO_HANDED)
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1"]
    space = env.observation_space("player_0")
    assert isinstance(space, gymnasium.spaces.Dict)
    assert space["observation"].shape == (encoding.OBSERVATION_SIZE,)
    assert space["action_mask"].shape == (encoding.ACTIONS,)
    assert env.action_space("player_1") == gymnasium.spaces.Discrete(encoding.ACTIONS)
    assert zoo.raw_env.metadata["name"] == "spades_v0"
    assert len(zoo.env(CLASSIC).possible_agents) == 4


def test_the_game_state_needs_a_reset() -> None:
    with pytest.raises(SpadesError, match="reset"):
        zoo.raw_env().game_state  # noqa: B018  (the property raises)


def test_the_renders_show_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    env = zoo.raw_env(CLASSIC, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    lines = text.splitlines()
    assert lines[0] == "Round 1, bidding; seat 1 to move"
    assert lines[1].startswith("Scores: side 0 (seats 0+2) 0 (0 bags)")
    state = env.game_state
    assert sum(line.startswith("  seat ") for line in lines) == 4
    assert "no bid yet" in lines[2]
    for _ in range(4):
        env.step(encoding.actions_of(Bid(3), CLASSIC)[0])
    lead = masked_choice(random.Random(0), env.observe(env.agent_selection)["action_mask"])
    env.step(lead)
    assert f"Trick 1: seat 1 {encoding.move_text(lead).split()[1]}" in str(env.render())
    assert state.to_move == 1
    human = zoo.raw_env(TWO_HANDED, render_mode="human")
    human.reset(seed=2)
    human.step(encoding.KEEP)
    out = capsys.readouterr().out
    assert out.count("Round 1, drawing") == 2
    assert "Stock: 52 cards" in out
    assert "Stock: 50 cards" in out
    assert human.render() is None
    human.close()


def test_render_without_a_mode_warns() -> None:
    env = zoo.raw_env(CLASSIC)
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None


def test_a_missing_framework_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "spades.adapters.pettingzoo")
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'spades\[pettingzoo\]'") as info:
        import spades.adapters.pettingzoo  # noqa: F401
    assert info.value.name == "pettingzoo"


def test_import_spades_imports_no_framework() -> None:
    code = (
        "import sys, spades, spades.adapters, spades.bots\n"
        "print(sorted(m for m in ('pettingzoo', 'gymnasium') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_table_text_shows_a_zero_contract_as_a_bid_of_0() -> None:
    """Under a zero contract the rendered table says "bid 0", never "nil" (reading-zero-bid).

    Rule: reading-zero-bid.
    """
    rules = Ruleset(nil=False, zero_contract=True)
    env = zoo.raw_env(rules)
    env.reset(seed=1)
    env.step(encoding.actions_of(Bid(0), rules)[0])
    text = str(zoo_render(env))
    assert "bid 0," in text
    assert "nil" not in text
