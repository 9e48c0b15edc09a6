"""`spades.adapters.openspiel`: Spades as OpenSpiel's Python game ``python_spades``.

- OpenSpiel's own ``random_sim_test`` (serialization included) under every preset, and
  under rulesets of the other kinds (a blind nil with its card pass, four players; a pass
  of four cards for a nil and for a blind nil; double nil declared after the first draw
  choice; each other reading of leading spades; zero contracts, team minimums and
  10-for-200; Suicide; Whiz and Mirror, with a card pass after a nil and a zero contract;
  blind numbers, with and without blind nil; each joker deck, four players and two);
- the registration: parameters, their defaults and refusals, the game's bounds;
- solo games (four players each on her own): ``random_sim_test``, a general-sum game
  whose one highest total alone wins, the texts' four scores;
- three players: ``random_sim_test`` under the standard deck and under
  Joker-Joker-Deuce-Deuce with blind nil and blind numbers, a general-sum game of three
  whose one highest total alone wins, dealt by 51 or 54 chance nodes round the three
  seats, bids above 13 as their actions, the texts' three seats, resampling, ISMCTS;
- a joker deck's deal: its 52 cards as chance outcomes by their index, the jokers 52 and
  53, the deuces it lacks none; its jokers played as actions 84 and 85;
- the information state and the observation are the shared encoding of the player's view,
  they show no card she cannot see, and resampling keeps them (under Whiz and Mirror too,
  where the bids show the bidders' spades);
- OpenSpiel's ISMCTS plays whole games;
- against OpenSpiel's C++ ``spades``, on the rules it plays (one round, nil tricks
  counting, no blind nil): the same legal actions and the same points, over many rounds.

The module skips where OpenSpiel is not installed.

Rules: rule-deal, rule-card-pass, rule-exchange, rule-round-cap.
Rules: rule-spades-broken, reading-spades-lead.
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

import json
import pickle
import random
import subprocess
import sys
from typing import TYPE_CHECKING, Any

import attrs
import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from helpers import BLIND_ANYTIME, THREE_JJDD
from spades import (
    CLASSIC,
    DECK,
    JOKERS,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    Deck,
    Direction,
    DoubleNilTiming,
    InvalidRecordError,
    NotationError,
    Phase,
    Ruleset,
    SpadesError,
    SpadesLead,
    encoding,
    observe,
    partner,
    records,
    side_of,
)
from spades.adapters import openspiel as os_spades

if TYPE_CHECKING:
    from collections.abc import Iterator

BLIND_PASS = os_spades.ruleset_text(BLIND_ANYTIME)
"""Four players with blind nil open to all, so that cards are passed card by card."""
COUNTER = os_spades.ruleset_text(
    attrs.evolve(BLIND_ANYTIME, direction=Direction.COUNTERCLOCKWISE, blind_nil_pass=3)
)


def load(rules: str = "classic", max_rounds: int = 2) -> Any:
    return pyspiel.load_game(os_spades.SHORT_NAME, {"rules": rules, "max_rounds": max_rounds})


def playthrough(game: Any, rng: random.Random) -> Iterator[Any]:
    """Each state of one game of random actions (chance by its odds), the last included."""
    state = game.new_initial_state()
    while True:
        yield state.clone()
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def encoded(state: Any, player: int) -> np.ndarray[Any, Any]:
    """The shared encoding of ``player``'s view of ``state``, her cards chosen included."""
    game_state = state.game_state
    mine = game_state is not None and game_state.to_move == player
    return encoding.observation(state.view(player), state.selected if mine else ())


# --- OpenSpiel's own checks ------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_random_sim_test_passes_under_every_preset(name: str) -> None:
    pyspiel.random_sim_test(load(name, max_rounds=3), num_sims=2, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("rules", [BLIND_PASS, COUNTER], ids=["blind-nil", "counterclockwise"])
def test_random_sim_test_passes_with_card_passes(rules: str) -> None:
    pyspiel.random_sim_test(load(rules, max_rounds=3), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "rules",
    ["miniokey;spades_lead:any_time", "two-handed;spades_lead:after_first_trick"],
    ids=["any_time", "after_first_trick"],
)
def test_random_sim_test_passes_under_every_spades_lead(rules: str) -> None:
    """OpenSpiel's check under the readings of leading spades (reading-spades-lead)."""
    pyspiel.random_sim_test(load(rules, max_rounds=1), num_sims=1, serialize=True, verbose=False)


NIL_PASS_4 = f"{BLIND_PASS};nil_pass:4;blind_nil_pass:4"
"""Four players passing four cards for a nil and for a blind nil, blind nil open to all."""
LATE_DOUBLE_NIL = "two-handed;double_nil_timing:after_first_choice"
"""Two players declaring double nil right after the first draw choice."""


@pytest.mark.slow
@pytest.mark.parametrize("rules", [NIL_PASS_4, LATE_DOUBLE_NIL], ids=["nil-pass-4", "late"])
def test_random_sim_test_passes_with_nil_passes_and_late_double_nil(rules: str) -> None:
    """OpenSpiel's check where a nil passes four cards, and where double nil comes after
    the first draw choice.

    Rules: rule-card-pass, reading-double-nil-timing.
    """
    pyspiel.random_sim_test(load(rules, max_rounds=3), num_sims=2, serialize=True, verbose=False)


SWITCHED = {
    "zero-minimum-200": "classic;nil:false;zero_contract:true;team_minimum:4;"
    "ten_for_two_hundred:true",
    "minimum-blind-nil": f"{BLIND_PASS};team_minimum:6",
    "two-handed-zero-200": "two-handed;nil:false;zero_contract:true;blind_nil:false;"
    "ten_for_two_hundred:true",
}
"""Zero contracts, a team minimum and 10-for-200 together, a team minimum with blind nil
open, and two players' zero contracts and 10-for-200, as the parameter ``rules``."""


@pytest.mark.parametrize("name", list(SWITCHED))
def test_random_sim_test_passes_under_zero_contracts_team_minimums_and_ten_for_two_hundred(
    name: str,
) -> None:
    """OpenSpiel's check under the switches.

    Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
    """
    pyspiel.random_sim_test(
        load(SWITCHED[name], max_rounds=2), num_sims=1, serialize=True, verbose=False
    )


SUICIDE = "classic;bidding:suicide"
"""Four players bidding Suicide, as the parameter ``rules``."""


def test_random_sim_test_passes_under_suicide() -> None:
    """OpenSpiel's check under Suicide, its ruleset read from the parameter ``rules``.

    Rule: rule-suicide.
    """
    game = load(SUICIDE, max_rounds=2)
    assert game.rules == attrs.evolve(CLASSIC, bidding=Bidding.SUICIDE, round_cap=2)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


BY_SPADES = {
    "classic;bidding:whiz": attrs.evolve(CLASSIC, bidding=Bidding.WHIZ),
    "classic;nil_pass:2;bidding:mirror": attrs.evolve(CLASSIC, nil_pass=2, bidding=Bidding.MIRROR),
    "classic;nil:false;zero_contract:true;bidding:whiz": Ruleset(
        nil=False, zero_contract=True, bidding=Bidding.WHIZ
    ),
}
"""Whiz, Mirror with a card pass after a nil, and Whiz with a zero contract, as the
parameter ``rules``, and the rulesets they read as."""


@pytest.mark.parametrize("text", list(BY_SPADES))
def test_random_sim_test_passes_under_whiz_and_mirror(text: str) -> None:
    """OpenSpiel's check under Whiz and Mirror, the ruleset read from the parameter
    ``rules`` and written back by ``ruleset_text``.

    Rules: rule-whiz, rule-mirror.
    """
    rules = BY_SPADES[text]
    assert os_spades.ruleset_text(rules) == text
    game = load(text, max_rounds=2)
    assert game.rules == attrs.evolve(rules, round_cap=2)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


BLIND_NUMBERS = {
    "classic;blind_bid_minimum:6;blind_bid_deficit:null": Ruleset(
        blind_bid_minimum=6, blind_bid_deficit=None
    ),
    "classic;blind_nil:true;blind_nil_deficit:null;blind_bid_minimum:1;blind_bid_deficit:0": (
        Ruleset(blind_nil=True, blind_nil_deficit=None, blind_bid_minimum=1, blind_bid_deficit=0)
    ),
    "classic;blind_bid_minimum:6;blind_bid_deficit:null;ten_for_two_hundred:true": Ruleset(
        blind_bid_minimum=6, blind_bid_deficit=None, ten_for_two_hundred=True
    ),
}
"""Numbers bid blind at any score from 6, and from 1 beside blind nil (a deficit of 0: a
side that does not lead), and from 6 under 10-for-200, as the parameter ``rules``, and the
rulesets they read as."""


@pytest.mark.parametrize("text", list(BLIND_NUMBERS))
def test_random_sim_test_passes_with_blind_numbers(text: str) -> None:
    """OpenSpiel's check with blind numbers, the ruleset read from the parameter ``rules``
    and written back by ``ruleset_text``; a round's length counts a look each.

    Rule: rule-blind-bids.
    Rule: reading-blind-ten-for-two-hundred.
    """
    rules = BLIND_NUMBERS[text]
    assert os_spades.ruleset_text(rules) == text
    game = load(text, max_rounds=2)
    assert game.rules == attrs.evolve(rules, round_cap=2)
    assert game.max_game_length() == 2 * (4 + 4 + 4 * rules.blind_nil_pass * rules.blind_nil + 52)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


JOKER_DECKS = {
    "classic;deck:joker_joker_ace": Ruleset(deck=Deck.JOKER_JOKER_ACE),
    "classic;deck:joker_joker_deuce_deuce": Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE),
    "classic;deck:joker_joker_deuce_deuce;blind_nil:true;blind_nil_deficit:null": Ruleset(
        deck=Deck.JOKER_JOKER_DEUCE_DEUCE, blind_nil=True, blind_nil_deficit=None
    ),
    "two-handed;deck:joker_joker_ace": attrs.evolve(TWO_HANDED, deck=Deck.JOKER_JOKER_ACE),
    "two-handed;deck:joker_joker_deuce_deuce": attrs.evolve(
        TWO_HANDED, deck=Deck.JOKER_JOKER_DEUCE_DEUCE
    ),
}
"""Each joker deck with four players (Joker-Joker-Deuce-Deuce with a blind nil's pass too)
and with two, as the parameter ``rules``, and the rulesets they read as."""


@pytest.mark.parametrize("text", list(JOKER_DECKS))
def test_random_sim_test_passes_under_the_joker_decks(text: str) -> None:
    """OpenSpiel's check under each joker deck, the ruleset read from the parameter
    ``rules`` and written back by ``ruleset_text``; chance has 54 outcomes.

    Rule: rule-decks.
    """
    rules = JOKER_DECKS[text]
    assert os_spades.ruleset_text(rules) == text
    game = load(text, max_rounds=2)
    assert game.rules == attrs.evolve(rules, round_cap=2)
    assert game.max_chance_outcomes() == 54
    assert game.num_distinct_actions() == encoding.ACTIONS
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_passes_for_whole_games_to_the_rules_end() -> None:
    game = load("miniokey-250", max_rounds=100)  # its own cap, 25 rounds, or 250 points
    assert game.rules == attrs.evolve(MINIOKEY, target=250)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_serialized_state_comes_back_the_same() -> None:
    game = load("two-handed", max_rounds=2)
    for index, state in enumerate(playthrough(game, random.Random(4))):
        if index % 17 == 0 or state.is_terminal():
            text = pyspiel.serialize_game_and_state(game, state)
            again_game, again = pyspiel.deserialize_game_and_state(text)
            assert str(again_game) == str(game)
            assert str(again) == str(state)
            assert again.history() == state.history()
            assert again.game_state == state.game_state
            assert pickle.loads(pickle.dumps(state.game_state)) == state.game_state


# --- the game and its parameters ------------------------------------------------------------


def test_the_game_is_registered_with_its_defaults() -> None:
    game = pyspiel.load_game("python_spades")
    kind = game.get_type()
    assert kind.short_name == "python_spades"
    assert kind.parameter_specification == {"rules": "classic", "max_rounds": 100}
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.provides_information_state_tensor
    assert kind.provides_observation_string
    assert game.rules == attrs.evolve(CLASSIC, round_cap=100)
    assert game.max_rounds == 100
    assert game.num_players() == 4
    assert game.num_distinct_actions() == encoding.ACTIONS == 96
    assert game.max_chance_outcomes() == 52
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.information_state_tensor_shape() == [encoding.OBSERVATION_SIZE]
    assert game.observation_tensor_shape() == [encoding.OBSERVATION_SIZE]
    assert game.max_game_length() == 100 * (4 + 52)
    assert game.max_chance_nodes_in_history() == 100 * 52


def test_two_players_and_their_exchange_seed_bound_the_game_so() -> None:
    game = load("2p", max_rounds=3)
    assert game.num_players() == 2
    assert game.rules == attrs.evolve(TWO_HANDED, round_cap=3)
    assert game.max_game_length() == 3 * (26 + 2 + 2 * 3 + 26)
    assert game.max_chance_nodes_in_history() == 3 * 52 + 16
    assert load(BLIND_PASS).max_game_length() == 2 * (4 + 4 + 4 * 2 + 52)


@pytest.mark.parametrize(
    ("rules", "length"),
    [
        ("classic", 4 + 52),  # blind nil off: its pass of two is never made
        ("classic;nil_pass:3", 4 + 4 * 3 + 52),
        (f"{BLIND_PASS};nil_pass:1", 4 + 4 + 4 * 2 + 52),
        (NIL_PASS_4, 4 + 4 + 4 * 4 + 52),
        (f"{BLIND_PASS};blind_nil_pass:0;nil_pass:3", 4 + 4 + 4 * 3 + 52),
        (LATE_DOUBLE_NIL, 26 + 2 + 2 * 3 + 26),
    ],
)
def test_a_round_is_at_most_its_bids_looks_passes_and_cards(rules: str, length: int) -> None:
    """A round's most actions: two sides each pass and pass back the larger count, a nil's
    or (where blind nil may be bid) a blind nil's, a card an action.

    Rule: rule-card-pass.
    """
    assert load(rules, max_rounds=5).max_game_length() == 5 * length


def test_a_game_of_the_longest_passes_stays_within_its_length() -> None:
    """Every side bids nil and passes four cards, both ways: the round's actions reach the
    bound, and no game of random actions goes past it.

    Rule: rule-card-pass.
    """
    game = load("classic;nil_pass:4", max_rounds=1)
    state = game.new_initial_state()
    rng = random.Random(2)
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        nil = encoding.BID_ACTIONS.start
        state.apply_action(nil if nil in legal else rng.choice(legal))
        actions += 1
    assert actions == game.max_game_length() == 4 + 4 * 4 + 52


def test_max_rounds_caps_the_rounds_unless_the_rules_cap_them_lower() -> None:
    assert load("miniokey", max_rounds=100).rules == MINIOKEY  # its own cap, 25
    assert load("miniokey", max_rounds=7).rules == attrs.evolve(MINIOKEY, round_cap=7)
    assert str(load("miniokey", max_rounds=7)) == "python_spades(max_rounds=7,rules=miniokey)"


def test_a_game_ends_after_max_rounds_as_a_round_cap_ends_it() -> None:
    for seed in range(3):
        *_, last = playthrough(load("classic", max_rounds=1), random.Random(seed))
        game_state = last.game_state
        assert len(game_state.rounds) == 1
        points = game_state.scores
        winner = None if points[0] == points[1] else int(points[1] > points[0])
        assert game_state.outcome.winner == winner
        expected = (
            [0.0] * 4 if winner is None else [1.0 if s % 2 == winner else -1.0 for s in range(4)]
        )
        assert last.returns() == last.rewards() == expected


SOLO_TEXTS = {
    "solo": "classic;solo:true",
    "solo-jjdd-blind": "classic;deck:joker_joker_deuce_deuce;solo:true;blind_nil:true;"
    "blind_nil_pass:0;blind_nil_deficit:null;"
    "blind_bid_minimum:6;blind_bid_deficit:null",
}
"""Four players each on her own (rule-solo): classic's other rules; a joker deck with blind
nil and numbers bid blind at any score."""


def assert_paid_to_the_one_highest_total(last: Any) -> None:
    """A finished game of players each on her own pays +1 to the one highest total and -1 to
    each other, 0 to all for a draw; the table and the last seat's own string show the
    totals."""
    scores = last.game_state.scores
    players = len(scores)
    high = max(scores)
    winner = scores.index(high) if scores.count(high) == 1 else None
    assert last.game_state.outcome.winner == winner
    expected = [0.0 if winner is None else 1.0 if s == winner else -1.0 for s in range(players)]
    assert last.returns() == last.rewards() == expected
    seat = players - 1
    assert f"Scores: seat 0 {scores[0]}" in str(last)
    assert f"seat {seat} {scores[seat]} ({last.game_state.bags[seat]} bags)" in str(last)
    assert f"seat {seat} (you) {scores[seat]}" in last.observation_string(seat)


@pytest.mark.parametrize("name", list(SOLO_TEXTS))
def test_random_sim_test_passes_under_solo(name: str) -> None:
    """Rule: rule-solo."""
    game = load(SOLO_TEXTS[name], max_rounds=2)
    assert game.rules.solo
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_solo_game_is_general_sum_and_pays_the_one_highest_total() -> None:
    """+1 to the player of the one highest total and -1 to each of the three others, 0
    each for a draw: a general-sum game with no utility sum; two sides stay zero-sum.

    Rule: rule-solo.
    """
    game = load(SOLO_TEXTS["solo"], max_rounds=1)
    kind = game.get_type()
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert load().get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (kind.short_name, kind.max_num_players) == ("python_spades", 4)
    assert game.num_players() == 4
    assert game.observation_tensor_shape() == [encoding.OBSERVATION_SIZE]
    for seed in range(4):
        *_, last = playthrough(game, random.Random(seed))
        assert_paid_to_the_one_highest_total(last)


def test_a_solo_deal_in_progress_shows_four_scores() -> None:
    """Rule: rule-solo."""
    state = load(SOLO_TEXTS["solo"]).new_initial_state()
    assert "Scores: seat 0 0, seat 1 0, seat 2 0, seat 3 0" in str(state)


THREE_TEXTS = {
    "three": "classic;players:3",
    "three-jjdd-blind": os_spades.ruleset_text(THREE_JJDD),
}
"""Three players (rule-three-players): classic's other rules, 51 cards; all 54 of
Joker-Joker-Deuce-Deuce with blind nil and the blind numbers from 5 at any score."""


@pytest.mark.parametrize("name", list(THREE_TEXTS))
def test_random_sim_test_passes_with_three_players(name: str) -> None:
    """Rule: rule-three-players."""
    game = load(THREE_TEXTS[name], max_rounds=2)
    assert game.rules.players == 3
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "cards", "outcomes", "looks"),
    [("three", 51, 52, 0), ("three-jjdd-blind", 54, 54, 3)],
)
def test_a_three_player_game_is_general_sum_and_bounded_by_its_pack(
    name: str, cards: int, outcomes: int, looks: int
) -> None:
    """Three players, each her own side: a general-sum game with no utility sum, +1 to the
    one highest total and -1 to the two others, 0 each for a draw. A round is dealt by a
    chance node a card of the pack (51, or a joker deck's 54; the outcomes are the cards'
    indices, to 52 or 54) and is at most three bids, three looks where a blind bid is
    open, and the cards.

    Rule: rule-three-players.
    """
    game = load(THREE_TEXTS[name], max_rounds=1)
    kind = game.get_type()
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_players() == 3
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_chance_outcomes() == outcomes
    assert game.max_game_length() == 3 + looks + cards
    assert game.max_chance_nodes_in_history() == cards
    assert game.information_state_tensor_shape() == [encoding.OBSERVATION_SIZE]
    assert load(THREE_TEXTS[name], max_rounds=3).max_game_length() == 3 * (3 + looks + cards)
    for seed in range(4):
        states = list(playthrough(game, random.Random(seed)))
        last = states[-1]
        assert sum(s.is_chance_node() for s in states) == cards
        assert_paid_to_the_one_highest_total(last)
        assert "seat 3" not in str(last)


@pytest.mark.parametrize("name", list(THREE_TEXTS))
def test_a_three_player_deal_is_the_pack_round_the_three_seats(name: str) -> None:
    """Chance deals the pack of three, a card at a time to the seats in the order of play
    from the first bidder: under the standard deck 51 cards, the 2C no outcome (refused);
    under Joker-Joker-Deuce-Deuce all 54, its 2H and 2C among them. The deal in progress
    shows three seats; resampled, it is dealt from the same pack. The hands then bid up
    to their size: 17, or 18 (action 90), as the mask allows.

    Rule: rule-three-players.
    """
    game = load(THREE_TEXTS[name])
    rules = game.rules
    pack = [card.index for card in rules.pack.cards]
    state = game.new_initial_state()
    assert [action for action, _ in state.chance_outcomes()] == pack
    assert f"Round 1, dealing: 0 of {len(pack)} cards dealt" in str(state)
    if rules.pack.jokers:
        assert {0, 13 * 2} <= set(pack)  # 2C and 2H, back as plain cards
    else:
        with pytest.raises(SpadesError, match="is not a card left to deal"):
            state.apply_action(0)  # the 2C is out
    for action in pack[:10]:
        state.apply_action(action)
    text = str(state)
    assert text.count("  seat ") == 3
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    sampled = state.resample_from_infostate(1, sampler)
    while sampled.is_chance_node():
        sampled.apply_action(sampled.chance_outcomes()[0][0])
    dealt = sorted(card.index for hand in sampled.game_state.hands for card in hand)
    assert dealt == sorted(pack)
    for action in pack[10:]:
        state.apply_action(action)
    first = state.current_player()
    assert first == 1  # the dealer's next seat, clockwise
    hands = state.game_state.hands
    order = [1, 2, 0]
    for k, action in enumerate(pack):
        assert (*DECK, *JOKERS)[action] in hands[order[k % 3]]
    if rules.blind_nil:
        state.apply_action(encoding.LOOK)
    top = rules.hand_size
    legal = state.legal_actions()
    assert legal == [*encoding.BID_ACTIONS, *range(86, 86 + top - 13)]
    assert state.action_to_string(first, 72 + top) == f"bid {top}"
    state.apply_action(72 + top)
    assert state.game_state.bids[first] == Bid(top)


def test_every_ruleset_is_a_parameter_through_its_text() -> None:
    rules = Ruleset(blind_nil=True, target=300, direction=Direction.COUNTERCLOCKWISE)
    text = os_spades.ruleset_text(rules)
    assert text == "classic;direction:counterclockwise;blind_nil:true;target:300"
    assert load(text, max_rounds=100).rules == attrs.evolve(rules, round_cap=100)
    assert [os_spades.ruleset_text(preset) for preset in PRESETS.values()] == list(PRESETS)
    assert load("two-handed;blind_nil_exchange:0").rules.blind_nil_exchange == 0
    anytime = attrs.evolve(MINIOKEY, spades_lead=SpadesLead.ANY_TIME)
    assert os_spades.ruleset_text(anytime) == "miniokey;spades_lead:any_time"
    assert load("miniokey;spades_lead:any_time", max_rounds=100).rules == anytime
    switched = Ruleset(nil=False, zero_contract=True, team_minimum=4, ten_for_two_hundred=True)
    assert os_spades.ruleset_text(switched) == SWITCHED["zero-minimum-200"]
    assert load(SWITCHED["zero-minimum-200"], max_rounds=100).rules == attrs.evolve(
        switched, round_cap=100
    )
    passing = attrs.evolve(CLASSIC, nil_pass=3)
    assert os_spades.ruleset_text(passing) == "classic;nil_pass:3"
    assert load("classic;nil_pass:3", max_rounds=100).rules == attrs.evolve(passing, round_cap=100)
    late = attrs.evolve(TWO_HANDED, double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE)
    assert os_spades.ruleset_text(late) == LATE_DOUBLE_NIL
    assert load(LATE_DOUBLE_NIL, max_rounds=100).rules == attrs.evolve(late, round_cap=100)
    suicide = attrs.evolve(CLASSIC, bidding=Bidding.SUICIDE)
    assert os_spades.ruleset_text(suicide) == SUICIDE
    assert load(SUICIDE, max_rounds=100).rules == attrs.evolve(suicide, round_cap=100)
    with pytest.raises(TypeError, match="ruleset_text takes a Ruleset"):
        os_spades.ruleset_text("classic")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("params", "error", "message"),
    [
        ({"rules": "four-handed"}, NotationError, "not a ruleset name"),
        ({"rules": "classic;target"}, SpadesError, "no change of a field"),
        ({"rules": "classic;colour:red"}, SpadesError, "no change of a field"),
        ({"rules": "classic;target:0"}, InvalidRecordError, r"rules\.target: target must be"),
        # players:2 reads nil_tricks afresh (bags); a count given with it is refused
        ({"rules": "classic;players:2;nil_tricks:count"}, InvalidRecordError, "nil_tricks must"),
        ({"rules": "classic;solo:true;team_minimum:4"}, InvalidRecordError, "solo players have"),
        ({"rules": "classic;spades_lead:never"}, InvalidRecordError, r"rules\.spades_lead: "),
        ({"rules": "classic;team_minimum:14"}, InvalidRecordError, r"rules\.team_minimum: "),
        ({"rules": "two-handed;team_minimum:4"}, InvalidRecordError, "team_minimum must be 0"),
        ({"rules": "classic;zero_contract:true"}, InvalidRecordError, "needs nil=False"),
        ({"rules": "classic;ten_for_two_hundred:1"}, InvalidRecordError, "ten_for_two_hundred"),
        ({"rules": "classic;nil_pass:5"}, InvalidRecordError, r"rules\.nil_pass: "),
        ({"rules": "classic;nil:false;nil_pass:2"}, InvalidRecordError, "needs nil=True"),
        ({"rules": "two-handed;nil_pass:2"}, InvalidRecordError, "nil_pass must be 0"),
        (
            {"rules": "classic;double_nil_timing:after_first_choice"},
            InvalidRecordError,
            r"rules\.double_nil_timing: double_nil_timing is the two-player draw's",
        ),
        ({"rules": "two-handed;double_nil_timing:never"}, InvalidRecordError, "expected one of"),
        ({"rules": "classic;bidding:cutthroat"}, InvalidRecordError, r"rules\.bidding: .*one of"),
        (
            {"rules": "two-handed;bidding:whiz"},
            InvalidRecordError,
            "bidding=whiz is for three or four players: it needs a deal",
        ),
        (
            {"rules": "classic;nil:false;bidding:mirror"},
            InvalidRecordError,
            "bidding=mirror bids zero with no spades",
        ),
        ({"rules": "classic;team_minimum:4;bidding:whiz"}, InvalidRecordError, "minimum"),
        ({"rules": "two-handed;bidding:suicide"}, InvalidRecordError, "it needs four players"),
        (
            {"rules": "two-handed;blind_bid_minimum:6"},
            InvalidRecordError,
            "nobody bids a number blind",
        ),
        ({"rules": "classic;blind_bid_minimum:14"}, InvalidRecordError, "blind_bid_minimum"),
        ({"rules": "classic;deck:jokers"}, InvalidRecordError, r"rules\.deck: expected one of"),
        (
            {"rules": "classic;blind_nil:true;bidding:suicide"},
            InvalidRecordError,
            "bidding=suicide has no blind nil",
        ),
        ({"rules": "classic;team_minimum:4;bidding:suicide"}, InvalidRecordError, "minimum"),
        ({"max_rounds": 0}, SpadesError, "max_rounds is a whole number from 1 to 2..31 - 1"),
    ],
)
def test_bad_parameters_are_refused(params: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        pyspiel.load_game("python_spades", params)


def test_the_game_class_checks_what_load_game_does_not() -> None:
    with pytest.raises(TypeError, match="max_rounds is a whole number"):
        os_spades.SpadesGame({"max_rounds": True})
    with pytest.raises(TypeError, match="rules is a preset's name"):
        os_spades.SpadesGame({"rules": CLASSIC})
    assert os_spades.SpadesGame().rules == attrs.evolve(CLASSIC, round_cap=100)


# --- chance, actions and text ----------------------------------------------------------------


def test_the_deal_is_52_chance_nodes_dealt_in_the_order_of_play() -> None:
    game = load("miniokey")  # counter-clockwise: seat 3 bids first
    assert game.new_initial_state().game_state is None
    state = game.new_initial_state()
    assert "Round 1, dealing: 0 of 52 cards dealt" in str(state)
    for count in range(52):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 52 - count
        assert sum(odds for _, odds in outcomes) == pytest.approx(1.0)
        assert (
            state.action_to_string(pyspiel.PlayerId.CHANCE, 51 - count)
            == f"deal {DECK[51 - count]}"
        )
        state.apply_action(51 - count)  # the aces first
    assert state.current_player() == 3
    hands = state.game_state.hands
    assert DECK[51] in hands[3]
    assert DECK[50] in hands[2]
    assert DECK[49] in hands[1]


@pytest.mark.parametrize("deck", [Deck.JOKER_JOKER_ACE, Deck.JOKER_JOKER_DEUCE_DEUCE])
def test_a_joker_deck_is_dealt_as_its_cards_indices(deck: Deck) -> None:
    """Chance deals the deck's 52 cards, each as its index: the jokers 52 (little) and 53
    (big); a card the deck lacks is no outcome and is refused. The jokers are then played
    as actions 84 and 85, and a deal in progress resampled is of the deck's cards.

    Rule: rule-decks.
    """
    game = load(f"classic;deck:{deck.value}")
    state = game.new_initial_state()
    indices = [card.index for card in deck.cards]
    assert [action for action, _ in state.chance_outcomes()] == indices
    assert {52, 53} <= set(indices)
    assert 0 not in indices
    missing = next(card for card in DECK if card not in deck.cards)
    for action, text in ((52, "deal LJ"), (53, "deal BJ")):
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, action) == text
    with pytest.raises(SpadesError, match="is not a card left to deal"):
        state.apply_action(missing.index)
    for action in indices[:30]:
        state.apply_action(action)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    sampled = state.resample_from_infostate(0, sampler)
    while sampled.is_chance_node():
        outcomes = [action for action, _ in sampled.chance_outcomes()]
        assert set(outcomes) <= set(indices)
        sampled.apply_action(outcomes[-1])
    assert sorted(card for hand in sampled.game_state.hands for card in hand) == list(deck.cards)
    for action in indices[30:]:
        state.apply_action(action)
    hands = state.game_state.hands
    holder = next(seat for seat in range(4) if JOKERS[1] in hands[seat])
    assert state.action_to_string(holder, 85) == "play BJ"
    assert state.action_to_string(holder, 84) == "play LJ"
    played = 0
    rng = random.Random(4)
    while not state.is_chance_node() and not state.is_terminal():
        legal = state.legal_actions()
        jokers = [action for action in legal if action in encoding.JOKER_ACTIONS]
        action = jokers[0] if jokers else rng.choice(legal)
        if jokers:
            played += 1
            card = JOKERS[action - 84]
            assert card in state.game_state.hand(state.current_player())
        state.apply_action(action)
    assert played == 2


def test_a_later_round_is_dealt_by_chance_again() -> None:
    states = list(playthrough(load("classic"), random.Random(2)))
    dealing = [s for s in states if s.is_chance_node() and s.game_state is not None]
    assert len(dealing) == 52  # the second round's deal
    start = dealing[0]
    assert "Round 2, dealing: 0 of 52 cards dealt" in str(start)
    assert start.game_state.round_number == 2
    view = start.view(0)
    assert view.hand == ()
    assert view.to_move is None
    assert json.loads(start.information_state_string(0))["chance"] == 0


def test_the_exchange_seed_is_chance_under_rules_with_an_exchange() -> None:
    game = load("two-handed")
    state = game.new_initial_state()
    assert "Seed: 0 of 16 digits drawn" in str(state)
    for digit in range(16):
        assert state.chance_outcomes() == [(d, 1 / 16) for d in range(16)]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, 10) == "seed digit a"
        state.apply_action(digit)
    assert "stock, top first: no card" in str(state)
    for card in range(52):
        state.apply_action(card)
    assert state.game_state.seed == sum(digit << 4 * digit for digit in range(16))
    assert state.game_state.stock == DECK
    with pytest.raises(SpadesError, match="a digit of the seed is 0 to 15"):
        game.new_initial_state().apply_action(16)
    assert load("two-handed;blind_nil_exchange:0").new_initial_state().chance_outcomes()[0] == (
        0,
        1 / 52,
    )


def test_a_chance_outcome_that_is_no_card_left_is_refused() -> None:
    state = load().new_initial_state()
    state.apply_action(5)
    for action in (5, 52):
        with pytest.raises(SpadesError, match="is not a card left to deal"):
            state.apply_action(action)


def test_actions_are_the_encodings_and_multi_card_moves_come_card_by_card() -> None:
    game = load(BLIND_PASS)
    rng = random.Random(6)
    seen_choice = False
    for state in playthrough(game, rng):
        if state.is_chance_node() or state.is_terminal():
            continue
        player = state.current_player()
        game_state = state.game_state
        assert player == game_state.to_move
        view = observe(game_state, player)
        mask = encoding.action_mask(view, state.selected)
        assert state.legal_actions() == np.flatnonzero(mask).tolist()
        assert state.legal_actions_mask() == mask.tolist()
        assert all(not state.legal_actions(other) for other in range(4) if other != player)
        if game_state.phase is Phase.PASSING:
            seen_choice = True
            action = state.legal_actions()[0]
            assert state.action_to_string(player, action) == f"choose {DECK[action]}"
        elif game_state.phase is Phase.PLAYING:
            action = state.legal_actions()[0]
            assert state.action_to_string(player, action) == f"play {DECK[action]}"
    assert seen_choice


def test_an_illegal_action_raises_the_encodings_refusal() -> None:
    state = load().new_initial_state()
    for card in range(52):
        state.apply_action(card)
    with pytest.raises(SpadesError, match="action 0: 'play 2C' by seat 1 is illegal"):
        state.apply_action(0)
    assert state.action_to_string(1, 52) == "bid nil"
    assert state.action_to_string(1, 66) == "bid blind nil"


def test_the_table_text_shows_every_hand_and_the_cards_chosen() -> None:
    for state in playthrough(load(BLIND_PASS), random.Random(11)):
        if state.selected:
            text = str(state)
            assert "Chosen so far:" in text
            assert "seat 0" in text
            return
    pytest.fail("no pass was entered")  # pragma: no cover


# --- information states, observations, resampling -------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [
        *PRESETS,
        BLIND_PASS,
        *THREE_TEXTS.values(),
    ],
)
def test_tensors_are_the_shared_encoding_of_the_view(rules: str) -> None:
    game = load(rules)
    for index, state in enumerate(playthrough(game, random.Random(3))):
        if index % 5 and not state.selected:
            continue
        for player in range(game.num_players()):
            expected = encoded(state, player).tolist()
            assert state.information_state_tensor(player) == pytest.approx(expected)
            assert state.observation_tensor(player) == pytest.approx(expected)
            data = json.loads(state.information_state_string(player))
            assert records.from_data(data["view"]) == state.view(player)
            mine = state.game_state is not None and state.game_state.to_move == player
            assert data["selected"] == [str(card) for card in state.selected if mine]
            assert f"Seat {player}, round" in state.observation_string(player)


@pytest.mark.parametrize("name", list(THREE_TEXTS))
def test_three_players_tensors_are_the_shared_encoding_of_the_view(name: str) -> None:
    """With three players the tensors are the encoding of each player's view, the
    information state string its data as `spades.records.to_data` writes it, and the
    observation string her seat's, every few states of a one-round game.

    Rule: rule-three-players.
    """
    game = load(THREE_TEXTS[name], max_rounds=1)
    for index, state in enumerate(playthrough(game, random.Random(6))):
        if index % 9:
            continue
        for player in range(3):
            expected = encoded(state, player).tolist()
            assert state.information_state_tensor(player) == pytest.approx(expected)
            assert state.observation_tensor(player) == pytest.approx(expected)
            data = json.loads(state.information_state_string(player))
            assert data["view"] == json.loads(json.dumps(records.to_data(state.view(player))))
            assert f"Seat {player}, round" in state.observation_string(player)


def test_the_observer_names_the_slots_of_the_encoding() -> None:
    game = load()
    observer = game.make_py_observer()
    assert list(observer.dict) == [slot.name for slot in encoding.SLOTS]
    state = game.new_initial_state()
    for card in range(52):
        state.apply_action(card)
    observer.set_from(state, 2)
    assert observer.dict["hand"].tolist() == encoded(state, 2)[:54].tolist()
    assert "Hand: S:" in observer.string_from(state, 2)
    kind = pyspiel.IIGObservationType(perfect_recall=True)
    assert observer.string_from(state, 2) != game.make_py_observer(kind).string_from(state, 2)


def test_observers_other_than_a_players_own_are_refused() -> None:
    game = load()
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="observes for one player"):
        game.make_py_observer(public)
    with pytest.raises(ValueError, match="take no parameters"):
        game.make_py_observer(None, {"num_tricks": 2})


def test_the_observation_text_follows_the_game() -> None:
    texts: set[str] = set()
    for state in playthrough(load(BLIND_PASS), random.Random(8)):
        for player in range(4):
            texts.update(state.observation_string(player).splitlines())
    assert any(line == "Hand: face down" for line in texts)  # before she looks
    assert any(line.startswith("Trick: ") for line in texts)
    assert any(line.startswith("Tricks taken: ") for line in texts)
    assert any(line.startswith("Chosen so far: ") for line in texts)
    assert any("dealing" in line for line in texts)
    assert any("game_over" in line for line in texts)
    two: set[str] = set()
    for state in playthrough(load("two-handed", max_rounds=1), random.Random(8)):
        two.update(state.observation_string(state.current_player() % 2).splitlines())
    assert any(line.startswith("Top of the stock: ") for line in two)


def swapped_deck(deck: list[int], hands: list[set[int]], players: tuple[int, int]) -> list[int]:
    """``deck`` with a card of one seat's hand swapped for one of the same suit of another's."""
    first, second = (hands[seat] for seat in players)
    for card in sorted(first):
        for other in sorted(second):
            if DECK[card].suit is DECK[other].suit:
                swapped = list(deck)
                i, j = swapped.index(card), swapped.index(other)
                swapped[i], swapped[j] = other, card
                return swapped
    raise AssertionError("no suit in common")  # pragma: no cover


@pytest.mark.parametrize("rules", ["classic", "miniokey", BLIND_PASS])
def test_the_information_state_shows_no_hidden_card(rules: str) -> None:
    game = load(rules)
    rng = random.Random(21)
    for _ in range(10):
        deck = rng.sample(range(52), 52)
        moves = rng.randrange(1, 40)
        state = game.new_initial_state()
        for card in deck:
            state.apply_action(card)
        dealt = [{card.index for card in hand} for hand in state.game_state.hands]
        actions = []
        for _ in range(moves):
            actions.append(rng.choice(state.legal_actions()))
            state.apply_action(actions[-1])
        me = state.current_player()
        first, second = (seat for seat in range(4) if seat not in {me, partner(game.rules, me)})
        others = (first, second)
        hands = [  # cards still held as dealt, never passed
            {card.index for card in hand} & dealt[seat]
            for seat, hand in enumerate(state.game_state.hands)
        ]
        other = game.new_initial_state()
        for card in swapped_deck(deck, hands, others):
            other.apply_action(card)
        for action in actions:
            other.apply_action(action)
        assert other.game_state != state.game_state
        assert other.information_state_string(me) == state.information_state_string(me)
        assert other.information_state_tensor(me) == state.information_state_tensor(me)
        assert other.observation_string(me) == state.observation_string(me)
        if state.view(others[0]).hand is not None:  # not face down for a blind nil
            assert other.information_state_string(others[0]) != state.information_state_string(
                others[0]
            )


@pytest.mark.parametrize(
    "rules", [*PRESETS, BLIND_PASS, *BY_SPADES, *list(JOKER_DECKS)[2:], *THREE_TEXTS.values()]
)
def test_resampling_keeps_the_players_information_state(rules: str) -> None:
    """A resampled state shows the player what the state did; under Whiz and Mirror its
    other hands are a deal the bids allow (its record replays), under a joker deck a deal
    of that deck, with three players a deal of their pack.

    Rules: rule-whiz, rule-mirror.
    Rules: rule-decks, rule-three-players.
    """
    game = load(rules)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    changed = 0
    for index, state in enumerate(playthrough(game, random.Random(9))):
        if index % 7 and not state.selected:
            continue
        for player in range(game.num_players()):
            sampled = state.resample_from_infostate(player, sampler)
            assert sampled.information_state_string(player) == state.information_state_string(
                player
            )
            assert sampled.information_state_tensor(player) == state.information_state_tensor(
                player
            )
            assert sampled.current_player() == state.current_player()
            if state.current_player() == player:
                assert sampled.legal_actions() == state.legal_actions()
            dealt = sampled.game_state  # None while the deal goes on
            if rules in BY_SPADES and dealt is not None:  # each bid her count, replayed
                assert records.from_data(records.to_data(dealt)) == dealt
            changed += str(sampled) != str(state)
    assert changed


def test_resampling_draws_anew_what_is_hidden_and_plays_on() -> None:
    game = load("two-handed", max_rounds=1)
    state = game.new_initial_state()
    for digit in range(16):
        state.apply_action(digit)
    state.apply_action(0)
    sampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert sampled.is_chance_node()
    assert sampled.history() == []
    assert str(sampled) != str(state)  # the seed and the stock's first card, drawn again
    for player in (0, 1):
        assert sampled.information_state_string(player) == state.information_state_string(player)
    rng = random.Random(1)
    while not sampled.is_terminal():  # a state of its own, played on to the end
        outcomes = sampled.chance_outcomes() if sampled.is_chance_node() else None
        actions = [a for a, _ in outcomes] if outcomes else sampled.legal_actions()
        sampled.apply_action(rng.choice(actions))
    with pytest.raises(SpadesError, match="player is a number from 0 to 1"):
        state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    with pytest.raises(SpadesError, match="player is a number from 0 to 1"):
        state.view(-1)


def test_resampling_a_finished_game_keeps_its_result() -> None:
    *_, last = playthrough(load("classic", max_rounds=1), random.Random(5))
    sampled = last.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(2, 0.0, 1.0))
    assert sampled.is_terminal()
    assert sampled.returns() == last.returns()


# --- search ----------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rules", "seed"),
    [("classic", 1), ("two-handed", 2), (BLIND_PASS, 3), (THREE_TEXTS["three"], 4)],
)
def test_ismcts_plays_a_whole_game(rules: str, seed: int) -> None:
    game = load(rules, max_rounds=1)
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=random_state)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(random_state.choice(actions, p=odds)))
        else:
            state.apply_action(bot.step(state))
            moves += 1
    assert moves >= 26 * game.num_players() // 2
    assert sorted(set(state.returns())) in ([-1.0, 1.0], [0.0])


# --- against OpenSpiel's C++ spades ---------------------------------------------------------


@pytest.mark.slow
def test_legal_actions_and_round_points_agree_with_openspiels_cpp_spades() -> None:
    """OpenSpiel's ``spades``: one round, the same deal, the same actions, the same points.

    It plays classic's rules for one round: nil, a nil bidder's tricks counting, ten bags
    costing 100, no blind nil. Its player ``p`` is our seat ``p + 1``: its player 0 bids
    and leads first, as the seat after our first dealer does, and its ``k``-th card goes
    to player ``k % 4`` as ours to the ``k % 4``-th seat from the first bidder. Its cards
    and bids are actions 0 to 65, as ours. It has two rules of its own, and so allows
    fewer actions, among which we choose: partners' bids total at most 13, and spades are
    never broken (it never sets its flag), so that a spade is led only from a hand of
    spades alone.
    """
    theirs_game = pyspiel.load_game("spades", {"use_mercy_rule": False})
    ours_game = load("classic", max_rounds=1)
    rng = random.Random(13)
    for _ in range(300):
        theirs, ours = theirs_game.new_initial_state(), ours_game.new_initial_state()
        for card in rng.sample(range(52), 52):
            theirs.apply_action(card)
            ours.apply_action(card)
        while not theirs.is_terminal():
            seat = (theirs.current_player() + 1) % 4
            assert ours.current_player() == seat
            allowed = ours.legal_actions()
            mate = ours.game_state.bids[partner(CLASSIC, seat)]
            if mate is not None:  # their cap on the partnership's bids
                allowed = [a for a in allowed if a >= 52 + 14 or a - 52 + mate.n <= 13]
            if not ours.game_state.trick and any(a < 39 for a in allowed):
                allowed = [a for a in allowed if a < 39 or a >= 52]  # their unbroken spades
            assert theirs.legal_actions() == allowed
            action = rng.choice(allowed)
            theirs.apply_action(action)
            ours.apply_action(action)
        assert ours.is_terminal()
        points = ours.game_state.rounds[0].points
        assert theirs.returns() == [points[side_of(CLASSIC, (p + 1) % 4)] for p in range(4)]


# --- importing -------------------------------------------------------------------------------


def test_a_missing_framework_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "spades.adapters.openspiel")
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'spades\[openspiel\]'") as info:
        import spades.adapters.openspiel  # noqa: F401
    assert info.value.name == "pyspiel"


def test_importing_spades_or_its_adapters_does_not_import_openspiel() -> None:
    code = (
        "import sys, spades, spades.adapters; print('pyspiel' in sys.modules); "
        "import spades.adapters.openspiel; print('pyspiel' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def test_the_observation_text_shows_a_zero_contract_as_a_bid_of_0() -> None:
    """Under a zero contract the table text says "0", never "nil" (reading-zero-bid).

    Rule: reading-zero-bid.
    """
    zero = os_spades.ruleset_text(Ruleset(nil=False, zero_contract=True))
    state = load(zero).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(encoding.actions_of(Bid(0), Ruleset(nil=False, zero_contract=True))[0])
    line = next(
        line for line in state.observation_string(0).splitlines() if line.startswith("Bids: ")
    )
    assert " 0" in line
    assert "nil" not in line
