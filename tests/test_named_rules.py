"""The rules that have a name: seating, the winner of a trick, what may be played.

Each is one function; the engine's hot path keeps inline copies of some, and these tests
hold the copies to the functions on every step of random games under every preset.
"""

from __future__ import annotations

import inspect
import pickle
import random
import subprocess
import sys
import traceback
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import spades
from spades import (
    CLASSIC,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Bid,
    Card,
    CardExchange,
    CardPass,
    Direction,
    DrawTurn,
    IllegalMoveError,
    Keep,
    Phase,
    Play,
    RoundScore,
    Ruleset,
    SideScore,
    SpadesError,
    State,
    Trick,
    View,
    apply,
    bots,
    check_move,
    is_legal,
    legal_moves,
    new_game,
    next_seat,
    observe,
    partner,
    play_order,
    records,
    seats_of,
    side_of,
    trick_winner,
    winning_card,
)
from spades._legal import _plays
from spades._state import hand_of
from spades._trick import playable_bits as playable
from spades.bots import fallback_move, heuristic_policy, play_game, random_policy
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
                hand = hand_of(after._packed_hands, after.to_move)
                assert after._playable == playable(hand, after.trick, after.spades_broken)
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


@given(rulesets())
def test_the_order_table_of_the_hot_path_is_play_order(rules: Ruleset) -> None:
    """Rule: rule-direction."""
    for seat in range(rules.players):
        assert rules.orders_of_play[seat] == play_order(rules, seat)
        assert next_seat(rules, seat) == play_order(rules, seat)[1]


@given(rulesets(), st.data())
def test_every_recorded_trick_has_the_winner_of_its_cards(
    rules: Ruleset, data: st.DataObject
) -> None:
    """Rule: rule-trick-winner."""
    seed = data.draw(st.integers(0, 2**32))
    for _, _, after in random_steps(rules, seed, 120):
        for trick in after.tricks:
            assert trick.winner == trick_winner(rules, trick.leader, trick.cards)


# --- seating ---------------------------------------------------------------------------


def test_play_order_runs_in_the_direction_of_play() -> None:
    """Rules: rule-seats, rule-direction, rule-two-seats."""
    assert [play_order(CLASSIC, seat) for seat in range(4)] == [
        (0, 1, 2, 3),
        (1, 2, 3, 0),
        (2, 3, 0, 1),
        (3, 0, 1, 2),
    ]
    assert [play_order(MINIOKEY, seat) for seat in range(4)] == [
        (0, 3, 2, 1),
        (1, 0, 3, 2),
        (2, 1, 0, 3),
        (3, 2, 1, 0),
    ]
    assert play_order(TWO_HANDED, 0) == (0, 1)
    assert play_order(TWO_HANDED, 1) == (1, 0)
    assert [next_seat(CLASSIC, seat) for seat in range(4)] == [1, 2, 3, 0]
    assert [next_seat(MINIOKEY, seat) for seat in range(4)] == [3, 0, 1, 2]
    assert [next_seat(TWO_HANDED, seat) for seat in range(2)] == [1, 0]


@pytest.mark.parametrize("direction", list(Direction))
def test_the_dealers_next_seat_bids_and_leads_first(direction: Direction) -> None:
    """Rules: rule-direction, rule-bidding."""
    rules = Ruleset(direction=direction)
    for dealer in range(4):
        state = new_game(rules, seed=3, dealer=dealer)
        assert state.to_move == next_seat(rules, dealer)
        for _ in range(4):
            state = apply(state, Bid(3))
        assert state.trick_leader == next_seat(rules, dealer)


def test_partners_sit_opposite_and_sides_alternate() -> None:
    """Rules: rule-seats, rule-two-seats."""
    assert [partner(CLASSIC, seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [partner(MINIOKEY, seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [partner(TWO_HANDED, seat) for seat in range(2)] == [None, None]
    assert [side_of(CLASSIC, seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [side_of(TWO_HANDED, seat) for seat in range(2)] == [0, 1]
    assert [seats_of(CLASSIC, side) for side in (0, 1)] == [(0, 2), (1, 3)]
    assert [seats_of(TWO_HANDED, side) for side in (0, 1)] == [(0,), (1,)]


@pytest.mark.parametrize(
    "call",
    [
        lambda: play_order(CLASSIC, 4),
        lambda: next_seat(TWO_HANDED, 2),
        lambda: partner(TWO_HANDED, 3),
        lambda: side_of(CLASSIC, -1),
        lambda: seats_of(CLASSIC, 2),
    ],
)
def test_seating_refuses_a_seat_or_side_out_of_range(call: object) -> None:
    with pytest.raises(SpadesError, match=r"is a number from 0 to [13], not"):
        call()  # type: ignore[operator]


def test_seating_refuses_what_is_not_a_number() -> None:
    with pytest.raises(TypeError, match="a seat is a number from 0 to 3"):
        play_order(CLASSIC, "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a side is a number from 0 to 1"):
        seats_of(CLASSIC, True)


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


# --- two gaps found by mutation ----------------------------------------------------------


@pytest.mark.parametrize("seat", [2, 3])
def test_two_players_have_only_seats_zero_and_one(seat: int) -> None:
    """Rule: rule-two-seats."""
    state = new_game(TWO_HANDED, seed=1)
    message = "a seat is a number from 0 to 1"
    with pytest.raises(SpadesError, match=message):
        is_legal(state, Keep(), seat=seat)
    with pytest.raises(SpadesError, match=message):
        check_move(state, Keep(), seat=seat)
    with pytest.raises(SpadesError, match=message):
        apply(state, Keep(), seat=seat)


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


# --- the tuple does not leak ---------------------------------------------------------------


def test_legal_moves_of_a_view_are_the_views() -> None:
    state = new_game(CLASSIC, seed=4)
    for seat in range(4):
        view = observe(state, seat)
        assert legal_moves(view) == view.legal_moves()
    assert legal_moves(observe(state, 1)) == legal_moves(state)


@pytest.mark.parametrize(
    "call",
    [
        lambda view: apply(view, Bid(3)),
        lambda view: apply(view, Play(C("2C"))),
        lambda view: is_legal(view, Bid(3)),
        lambda view: check_move(view, Bid(3)),
    ],
)
def test_a_view_cannot_move_the_game_on(call: object) -> None:
    view = observe(new_game(CLASSIC, seed=4), 1)
    with pytest.raises(TypeError, match=r"View\.legal_moves\(\)"):
        call(view)  # type: ignore[operator]


@pytest.mark.parametrize("value", [None, 42, (1, 2, 3), "state"])
def test_engine_functions_refuse_what_is_not_a_state(value: object) -> None:
    with pytest.raises(TypeError, match="takes a State"):
        apply(value, Play(C("2C")))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes a State"):
        apply(value, Bid(3))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a legality check takes a State"):
        is_legal(value, Bid(3))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="legal_moves takes a State or a View"):
        legal_moves(value)  # type: ignore[arg-type]


def test_legal_moves_refuses_a_tuple_shaped_like_a_state_with_no_card_to_play() -> None:
    with pytest.raises(TypeError, match="legal_moves takes a State or a View, not tuple"):
        legal_moves((0,) * 10)  # type: ignore[arg-type]


def test_public_classes_and_functions_say_they_are_spades() -> None:
    for package in (spades, records, bots):
        for name in package.__all__:
            value = getattr(package, name)
            if isinstance(value, type) and value.__module__.startswith("spades"):
                assert value.__module__ in {"spades", package.__name__}, name
            elif inspect.isfunction(value):
                assert value.__module__ == package.__name__, name
    assert records.GameRecord.__module__ == "spades.records"
    with pytest.raises(IllegalMoveError) as error:
        apply(new_game(CLASSIC, seed=1), Bid(14))
    assert error.type.__module__ == "spades"
    (line,) = traceback.format_exception_only(error.type, error.value)
    assert line.startswith("spades.IllegalMoveError: 'bid 14' by seat 1 is illegal")


def test_no_method_of_a_public_class_hides_a_doctest() -> None:
    """Doctest finds the examples of a class presented as ``spades.X`` only in its docstring.

    The methods' own docstrings are looked up in the module the class came from, which no
    longer claims it: an example there would silently never run.
    """
    classes = [
        (f"{package.__name__}.{name}", getattr(package, name))
        for package in (spades, records, bots)
        for name in package.__all__
        if isinstance(getattr(package, name), type)
    ]
    for name, value in classes:
        for attribute, member in vars(value).items():
            function = getattr(member, "fget", None) or getattr(member, "__func__", member)
            if inspect.isfunction(function) and function.__module__.startswith("spades"):
                assert ">>>" not in (function.__doc__ or ""), (
                    f"{name}.{attribute}: move its example to {name}'s docstring"
                )


def test_importing_spades_imports_neither_json_nor_the_records() -> None:
    code = (
        "import sys, spades; "
        "print('json' in sys.modules, 'spades.records' in sys.modules); "
        "spades.records.dumps; "
        "print('json' in sys.modules, 'spades.records' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "True", "True"]
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        spades.nothing  # noqa: B018


# --- values declared once ---------------------------------------------------------------


def test_fields_are_declared_once_in_order_with_their_docs() -> None:
    assert State.fields[:3] == ("rules", "phase", "to_move")
    assert "exchanges" in State.fields
    assert SideScore.fields == (
        "contract",
        "tricks",
        "made",
        "contract_points",
        "overtricks",
        "nil_points",
        "nil_bags",
        "bag_penalty",
        "points",
        "bags",
    )
    assert RoundScore.fields == ("bids", "tricks", "sides")
    for kind in (State, SideScore, RoundScore, Trick, CardPass, DrawTurn, CardExchange):
        for name in kind.fields:
            assert getattr(kind, name).__doc__, f"{kind.__name__}.{name}"


def test_tuple_values_are_built_by_name_and_compared_by_type() -> None:
    side = SideScore(
        contract=3,
        tricks=4,
        made=True,
        contract_points=30,
        overtricks=1,
        nil_points=0,
        nil_bags=0,
        bag_penalty=0,
        points=31,
        bags=1,
    )
    assert side.points == 31
    assert side._replace(points=30).points == 30
    assert side != tuple(side)
    assert repr(CardPass(1, None)) == "CardPass(seat=1, cards=None)"
    assert DrawTurn(0, C("2C"), C("3C")) == DrawTurn(seat=0, kept=C("2C"), discarded=C("3C"))
    with pytest.raises(TypeError, match=r"positional argument"):
        SideScore(3, 4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        CardPass(1, None, None)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        SideScore(contract=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="no field 'score'"):
        side._replace(score=3)
    with pytest.raises(TypeError, match="have no order"):
        assert side < side._replace(points=30)


def test_states_have_no_public_constructor_and_pickle_as_values() -> None:
    with pytest.raises(TypeError, match="new_game"):
        State()
    state = apply(new_game(TWO_HANDED, seed=2), Keep())
    for value in (state, state.draws[0], state.tricks, observe(state, 0)):
        assert pickle.loads(pickle.dumps(value)) == value
    assert State._position("bids") == 0  # the first field of the inner tuple


def test_a_view_hides_the_other_players_history_cards() -> None:
    rules = attrs.evolve(TWO_HANDED, blind_nil_deficit=None)
    state = apply(new_game(rules, seed=4), Bid(0, blind=True))
    while state.phase is not Phase.EXCHANGING:
        state = apply(state, Keep())
    state = apply(state, legal_moves(state)[-1])
    mine, theirs = observe(state, 0), observe(state, 1)
    (entry,) = state.exchanges
    assert mine.exchanges == (entry,)
    assert theirs.exchanges == (CardExchange(0, entry.size, None, None),)
    assert all(turn.kept is None for turn in theirs.draws if turn.seat == 0)
    assert isinstance(mine, View)


# --- the bots raise the library's errors -------------------------------------------------


def test_bots_raise_spades_errors() -> None:
    state = new_game(CLASSIC, seed=1)
    with pytest.raises(SpadesError, match="not to move"):
        heuristic_policy()(observe(state, 0))
    with pytest.raises(SpadesError, match="not to move"):
        fallback_move(observe(state, 0))
    with pytest.raises(SpadesError, match="4 players need 4 policies"):
        play_game(CLASSIC, [random_policy(1)], seed=1)
    stopped = play_game(CLASSIC, [fallback_move] * 4, seed=1, max_rounds=2)
    assert len(stopped.rounds) == 2
    assert not stopped.is_over
    assert stopped.round_number == 3
    finished = play_game(Ruleset(round_cap=1), [fallback_move] * 4, seed=1)
    with pytest.raises(SpadesError, match="the game is over"):
        fallback_move(finished)
