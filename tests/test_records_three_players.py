"""Records of three players (rule-three-players): games, states, views and round scores.

Three players are dealt the pack of the ruleset's deck (51 cards of the standard deck, the
2♣ out; 54 of a joker deck), 17 or 18 cards a hand, and play as many tricks of three cards;
they bid up to the hand size and are three sides. The tests check that such data is
written and read back exactly, for every deck, and that data breaking any of those counts
is refused at the path of the bad field; and that three players are data of version 3
only (the version that came with them, not yet released when they came).
"""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Deck,
    InvalidRecordError,
    Phase,
    RoundScore,
    Ruleset,
    State,
    View,
    observe,
    score_round,
)
from spades.bots import play_game, random_policy
from spades.records import GameRecord, from_data, loads, to_data
from spades.records._plain import ruleset_fields
from spades.strategies import rulesets, states

if TYPE_CHECKING:
    from spades import Move

Json = Any
"""Plain data as the tests edit it."""

DECKS = list(Deck)


def played(rules: Ruleset, seed: int) -> tuple[list[State], list[Move]]:
    """A whole game of random players: every state from the first deal on, and every move."""
    seen: list[State] = []
    made: list[Move] = []

    def on_move(before: State, move: Move, after: State) -> None:
        if not seen:
            seen.append(before)
        seen.append(after)
        made.append(move)

    play_game(rules, [random_policy(seed + seat) for seat in range(3)], seed=seed, on_move=on_move)
    return seen, made


GAMES = {
    deck: played(
        Ruleset(
            players=3,
            deck=deck,
            blind_nil=True,
            blind_nil_deficit=None,
            blind_bid_minimum=4,
            blind_bid_deficit=None,
            round_cap=2,
        ),
        seed=3 + index,
    )
    for index, deck in enumerate(DECKS)
}
"""Two rounds of three random players under each deck, blind bids open to all."""


def refused(data: Json, path: str, kind: type, words: str = "") -> None:
    """`from_data` refuses ``data`` at ``path``, its message holding ``words``."""
    with pytest.raises(InvalidRecordError) as info:
        from_data(data, kind)
    assert info.value.path == path, str(info.value)
    assert words in str(info.value)


def round_trips(value: Any) -> None:
    data = to_data(value)
    assert from_data(json.loads(json.dumps(data)), type(value)) == value
    assert to_data(from_data(data)) == data


def state_at(deck: Deck, where: Any) -> State:
    return next(state for state in GAMES[deck][0] if where(state))


# --- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.value)
def test_a_three_player_game_is_recorded_and_read_back(deck: Deck) -> None:
    """A record holds each round's deck of the pack, 51 or 54 cards, three numbers a side
    in its summaries and result, and reads back through JSON as the same game.

    Rule: rule-three-players.
    """
    seen, made = GAMES[deck]
    rules = seen[0].rules
    record = GameRecord.from_moves(rules, made, seed=seen[0].seed)
    assert record.final_state == seen[-1]
    assert record.final_state.is_over
    data: Json = to_data(record)
    cards = 51 if deck is Deck.STANDARD else 54
    for entry in data["rounds"]:
        assert len(entry["deck"]) == cards
        assert ("2C" in entry["deck"]) is (deck is not Deck.STANDARD)
        summary = entry["summary"]
        assert sum(summary["tricks"]) == cards // 3
        assert [len(summary[name]) for name in ("tricks", "points", "bags", "scores")] == [3] * 4
    assert len(data["result"]["scores"]) == len(data["result"]["bags"]) == 3
    assert loads(json.dumps(data)) == record


@pytest.mark.parametrize("deck", DECKS, ids=lambda deck: deck.value)
def test_every_state_and_view_of_a_three_player_game_round_trips(deck: Deck) -> None:
    """Rule: rule-three-players."""
    seen, _ = GAMES[deck]
    size = seen[0].rules.hand_size
    assert max(len(hand) for state in seen for hand in state.hands) == size
    for state in seen[:: len(seen) // 12]:
        round_trips(state)
        for seat in range(3):
            round_trips(observe(state, seat))
    round_trips(seen[-1])
    for score in seen[-1].rounds:
        assert sum(score.tricks) == size
        round_trips(score)


@settings(max_examples=25, derandomize=True)
@given(states(rules=rulesets(players=3), max_moves=150))
def test_three_player_states_under_random_rulesets_round_trip(state: State) -> None:
    """Rule: rule-three-players."""
    round_trips(state)
    round_trips(observe(state, state.to_move if state.to_move is not None else 2))


# --- refusals ------------------------------------------------------------------------------


def test_a_round_deck_of_the_wrong_cards_is_refused_at_its_path() -> None:
    """A round deals the pack: not the 52 cards of four players, not a joker deck's 52.

    Rule: rule-three-players.
    """
    seen, made = GAMES[Deck.STANDARD]
    data: Json = to_data(GameRecord.from_moves(seen[0].rules, made, seed=seen[0].seed))
    with_two = copy.deepcopy(data)
    with_two["rounds"][0]["deck"].append("2C")
    refused(with_two, "$.rounds[0].deck", GameRecord, "expected at most 51 items, not 52")
    short = copy.deepcopy(data)
    short["rounds"][0]["deck"].pop()
    refused(
        short,
        "$.rounds[0].deck",
        GameRecord,
        "the standard deck for three players has 51 cards, not 50",
    )
    swapped = copy.deepcopy(data)
    swapped["rounds"][0]["deck"][0] = "2C"
    refused(swapped, "$.rounds[0].deck", GameRecord, "has no 2C")
    seen, made = GAMES[Deck.JOKER_JOKER_ACE]
    data = to_data(GameRecord.from_moves(seen[0].rules, made, seed=seen[0].seed))
    data["rounds"][1]["deck"].remove("2D")
    refused(data, "$.rounds[1].deck", GameRecord, "joker-joker-ace deck for three players has 54")


def test_a_move_after_the_last_trick_of_a_round_is_refused() -> None:
    """A round of three players ends with its 17th trick (18th with a joker deck).

    Rule: rule-three-players.
    """
    for deck, words in ((Deck.STANDARD, "seventeen"), (Deck.JOKER_JOKER_DEUCE_DEUCE, "eighteen")):
        seen, made = GAMES[deck]
        data: Json = to_data(GameRecord.from_moves(seen[0].rules, made, seed=seen[0].seed))
        first, second = data["rounds"][0], data["rounds"][1]
        first["moves"].append(second["moves"].pop(0))
        refused(data, f"$.rounds[0].moves[{len(first['moves']) - 1}]", GameRecord, words)


def test_a_state_of_the_wrong_cards_or_counts_is_refused_at_its_path() -> None:
    """The 2♣ lies nowhere in a standard three-player game; a hand holds 17 cards at the
    deal; bids run to 17; the scores, bags and winner are three sides'.

    Rule: rule-three-players.
    """
    state = state_at(Deck.STANDARD, lambda s: s.phase is Phase.PLAYING and len(s.tricks) == 2)
    base: Json = to_data(state)
    data = copy.deepcopy(base)
    data["hands"][0] = ["2C", *data["hands"][0]]  # the lowest card, first in the library's order
    refused(data, "$.hands[0][0]", State, "the standard deck for three players has no 2C")
    data = copy.deepcopy(base)
    moved = data["hands"][1].pop()
    data["hands"][2] = [card for card in _library_order() if card in {*data["hands"][2], moved}]
    refused(data, "$.hands[1]", State, "cards at the deal, not 17")
    data = copy.deepcopy(base)
    data["bids"][0] = "bid 18"
    refused(data, "$.bids[0]", State, "from 0 to 17, not 18")
    for name in ("scores", "bags"):
        data = copy.deepcopy(base)
        data[name].append(0)
        refused(data, f"$.{name}", State, "expected 3 items, not 4")
    data = copy.deepcopy(base)
    data["to_move"] = 3
    refused(data, "$.to_move", State, "from 0 to 2")


def test_a_view_of_bids_past_the_hand_is_refused() -> None:
    """Rule: rule-three-players."""
    state = state_at(Deck.JOKER_JOKER_ACE, lambda s: s.phase is Phase.PLAYING)
    data: Json = to_data(observe(state, 1))
    data["bids"][2] = "bid 19"
    refused(data, "$.bids[2]", View, "from 0 to 18, not 19")
    data["bids"][2] = "bid 18"
    with pytest.raises(InvalidRecordError):  # legal as a bid, but not the one made
        from_data(data, View)


def test_a_round_score_of_three_players_reads_alone_by_its_tricks() -> None:
    """Read without its ruleset, a round of three bids has three sides and 17 or 18
    tricks, each bid at most the tricks of the round; read in a game, the ruleset's.

    Rule: rule-three-players.
    """
    standard = score_round(Ruleset(players=3), [Bid(5), Bid(0), Bid(8)], [6, 1, 10])
    assert (standard.points, standard.bags) == ((51, -99, 82), (1, 1, 2))
    jokers = score_round(
        Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE), [Bid(18), Bid(0), Bid(0)], [18, 0, 0]
    )
    for score in (standard, jokers):
        round_trips(score)
    data: Json = to_data(standard)
    data["tricks"][2] = 9
    refused(data, "$.tricks", RoundScore, "the tricks of a round add up to 18 or 17, not 16")
    data = to_data(standard)
    data["bids"][2] = "bid 18"
    data["sides"][2].update(contract=18, made=False, contract_points=-180, overtricks=0)
    data["sides"][2].update(points=-180, bags=0)
    refused(data, "$.bids[2]", RoundScore, "from 0 to 17")
    data = to_data(standard)
    data["bids"][0] = "bid 19"
    refused(data, "$.bids[0]", RoundScore, "from 0 to 18, not 19")
    data = to_data(standard)
    data["sides"].pop()
    refused(data, "$.sides", RoundScore, "a round of 3 bids has 3 sides, one a player, not 2")
    data = to_data(jokers)
    data["sides"][0].update(nil_bags=19, points=data["sides"][0]["points"] + 19)
    refused(data, "$.sides[0].nil_bags", RoundScore, "from 0 to 18, not 19")


def test_a_history_of_another_player_count_is_refused_at_its_bids() -> None:
    """A three-player round in a four-player state, and a four-player round in a
    three-player state, are refused at the round's bids.

    Rule: rule-three-players.
    """
    state = state_at(Deck.STANDARD, lambda s: s.round_number == 2)
    four = score_round(Ruleset(), [Bid(3), Bid(4), Bid(3), Bid(3)], [3, 4, 3, 3])
    data: Json = to_data(state)
    data["rounds"][0] = _round_data(four)
    refused(data, "$.rounds[0].bids", State, "the rules are for 3 players")
    data = to_data(observe(state, 0))
    data["rounds"][0] = _round_data(four)
    refused(data, "$.rounds[0].bids", View, "the rules are for 3 players")


def test_an_outcome_of_three_players_names_one_of_three_winners() -> None:
    """Rule: rule-three-players."""
    final = GAMES[Deck.JOKER_JOKER_DEUCE_DEUCE][0][-1]
    assert final.outcome is not None
    data: Json = to_data(final)
    data["outcome"]["winner"] = 3
    refused(data, "$.outcome.winner", State, "from 0 to 2")


@pytest.mark.parametrize("version", [1, 2])
def test_three_players_are_data_of_version_3_only(version: int) -> None:
    """Three players came with version 3: an older ruleset holds 4 or 2 players.

    Rule: rule-three-players.
    """
    data: Json = to_data(Ruleset(players=3))
    older = {name: data[name] for name in ruleset_fields(version)}
    older.update(type="ruleset", version=version)
    refused(
        older,
        "$.players",
        Ruleset,
        f"expected 4 or 2 in data of version {version}, not 3 (3 came with version 3)",
    )
    older["players"] = 4
    assert from_data(older, Ruleset) == Ruleset(blind_nil_pass=0)


@given(st.sampled_from(DECKS), st.integers(0, 2))
def test_a_dealer_beyond_the_three_seats_is_refused(deck: Deck, dealer: int) -> None:
    """Rule: rule-three-players."""
    seen, made = GAMES[deck]
    data: Json = to_data(GameRecord.from_moves(seen[0].rules, made, seed=seen[0].seed))
    data["dealer"] = 3 + dealer
    refused(data, "$.dealer", GameRecord, "from 0 to 2")


def _round_data(score: RoundScore) -> Json:
    """A round score's data as a state's or view's rounds hold it: without type and version."""
    data: Json = to_data(score)
    return {key: value for key, value in data.items() if key not in {"type", "version"}}


def _library_order() -> list[str]:
    """Every card's text in the library's order."""
    return [f"{rank}{suit}" for suit in "CDHS" for rank in "23456789TJQKA"] + ["LJ", "BJ"]
