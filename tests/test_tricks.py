"""Playing the tricks: who wins a trick, what may be played, and spades broken.

The rules are the functions `winning_card`, `trick_winner` and `playable`; the engine's hot
path keeps inline copies of some, and the tests here hold the copies to the functions on
every step of random games under every preset. The properties of random games against the
tests' reference are in test_properties.py.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import (
    CLASSIC,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Card,
    Phase,
    Play,
    Ruleset,
    SpadesError,
    State,
    apply,
    cards_in,
    legal_moves,
    new_game,
    observe,
    play_order,
    playable,
    trick_winner,
    winning_card,
)
from spades._legal import _plays
from spades.strategies import rulesets

if TYPE_CHECKING:
    from collections.abc import Iterator

    from spades import Move

C = Card.parse


def random_steps(rules: Ruleset, seed: int, moves: int) -> Iterator[tuple[State, Move, State]]:
    """``(before, move, after)`` for up to ``moves`` uniformly random legal moves of a game."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(moves):
        legal = legal_moves(state)
        if not legal:
            return
        move = rng.choice(legal)
        after = apply(state, move)
        yield state, move, after
        state = after


# --- the hot path's copies agree with the named rules --------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_fast_path_keeps_playable_and_the_trick_winner_as_the_functions_say(name: str) -> None:
    """Rules: rule-follow-suit, rule-spades-broken, rule-trick-winner.

    `apply` computes the cards the next seat may play, and the winner of a finished trick,
    inline; on every step of random games they equal `playable` and `trick_winner`.
    """
    rules = attrs.evolve(PRESETS[name], round_cap=3, losing_floor=None)
    tricks = 0
    for seed in range(6):
        for before, move, after in random_steps(rules, seed, 400):
            if after.phase is Phase.PLAYING:
                assert after.to_move is not None
                hand = after.hand(after.to_move)
                allowed = playable(hand, after.trick, spades_broken=after.spades_broken)
                assert cards_in(after._playable) == allowed
            ended = len(after.rounds) > len(before.rounds)
            if isinstance(move, Play) and len(before.trick) == rules.players - 1 and not ended:
                assert before.trick_leader is not None
                trick = after.tricks[-1]
                assert trick.cards == (*before.trick, move.card)
                assert trick.winner == trick_winner(rules, before.trick_leader, trick.cards)
                order = play_order(rules, before.trick_leader)
                assert trick.cards[order.index(trick.winner)] is winning_card(trick.cards)
                assert after.to_move == after.trick_leader == trick.winner
                tricks += 1
    assert tricks > 50


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_legal_moves_inline_plays_are_the_shared_generators(name: str) -> None:
    """`legal_moves` lists the plays inline; `moves_from`, for views, calls `_plays`.

    Rule: rule-play.
    """
    rules = attrs.evolve(PRESETS[name], round_cap=2, losing_floor=None)
    plays = 0
    for _, _, after in random_steps(rules, 11, 600):
        if after.phase is Phase.PLAYING:
            assert legal_moves(after) == _plays(after._playable)
            assert after.to_move is not None
            assert legal_moves(after) == observe(after, after.to_move).legal_moves()
            plays += 1
    assert plays >= 52  # two rounds of play


@given(rulesets(), st.data())
def test_every_recorded_trick_has_the_winner_of_its_cards(
    rules: Ruleset, data: st.DataObject
) -> None:
    """Rule: rule-trick-winner."""
    seed = data.draw(st.integers(0, 2**32))
    for _, _, after in random_steps(rules, seed, 120):
        for trick in after.tricks:
            assert trick.winner == trick_winner(rules, trick.leader, trick.cards)


# --- the winner of a trick ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("KH AH 2S AD", "2S"),  # the only spade
        ("KH AH 2S 3S", "3S"),  # the highest spade
        ("KH AD QH 2C", "KH"),  # the highest of the suit led
        ("2D AC AH AS", "AS"),
        ("2D", "2D"),  # a trick led so far
        ("TS 2S", "TS"),  # spades led
        ("4C 9C", "9C"),  # two players
    ],
)
def test_winning_card_is_the_highest_spade_else_the_highest_of_the_suit_led(
    cards: str, winner: str
) -> None:
    """Rule: rule-trick-winner."""
    assert winning_card([C(text) for text in cards.split()]) is C(winner)


def test_trick_winner_maps_the_winning_card_to_its_seat() -> None:
    """Rules: rule-trick-winner, rule-direction."""
    cards = [C(text) for text in ["KH", "AH", "3H", "2H"]]  # the second card wins
    assert [trick_winner(CLASSIC, leader, cards) for leader in range(4)] == [1, 2, 3, 0]
    assert [trick_winner(MINIOKEY, leader, cards) for leader in range(4)] == [3, 0, 1, 2]
    assert trick_winner(TWO_HANDED, 1, cards[:2]) == 0


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ("AS", TypeError, "a trick is a sequence of cards"),
        (["AS"], TypeError, "a trick holds cards"),
        ([], SpadesError, "an empty trick"),
        ([C("AS"), C("AS")], SpadesError, "each card once"),
    ],
)
def test_winning_card_refuses_what_is_not_a_trick(
    cards: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        winning_card(cards)  # type: ignore[arg-type]
    with pytest.raises(error, match=message):
        trick_winner(CLASSIC, 0, cards)  # type: ignore[arg-type]


def test_trick_winner_refuses_more_cards_than_players() -> None:
    with pytest.raises(SpadesError, match="at most 2 cards"):
        trick_winner(TWO_HANDED, 0, [C("2C"), C("3C"), C("4C")])
    with pytest.raises(SpadesError, match="a seat is a number from 0 to 1"):
        trick_winner(TWO_HANDED, 2, [C("2C")])


# --- spades broken -------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_new_round_starts_with_spades_not_broken(name: str) -> None:
    """Rules: rule-spades-broken, rule-two-play."""
    rules = attrs.evolve(PRESETS[name], round_cap=4, losing_floor=None)
    starts = 0
    for _, _, after in random_steps(rules, 5, 2000):
        if after.phase in {Phase.DRAWING, Phase.BIDDING} and not any(after.bids):
            assert after.spades_broken is False
            assert after.trick == ()
            assert after.tricks == ()
            starts += after.round_number > 1
    assert starts >= 2  # later rounds, after spades were broken in the one before
