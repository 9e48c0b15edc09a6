"""Hostile arguments to the core and the bots: the documented exception, a short message.

Issue 20, "Text from untrusted input" and "The documented exception, every time":

- a message shows a value from outside cut short (`spades._errors.shown`), so a
  million-character string or a huge list gives a message of a few dozen characters;
- an integer past Python's 4,300 digits (``10**5000``) is refused with the documented
  `SpadesError` (a bad value) or `TypeError` (a bad type), never the plain `ValueError`
  Python raises when it is asked to write one;
- a value that is not a `Ruleset`, `State` or `View` where one is needed raises a
  `TypeError` naming its type, never an `AttributeError`; a tuple with a state's items is
  not a state;
- a seat, a dealer, a bid, a round number and a seed may be any integer that
  `operator.index` takes (numpy's, say ``batch.to_move[i]``), bools refused, and are
  kept as plain ints;
- every count and seed of `play_game` and of the bot factories is checked.
"""

from __future__ import annotations

import math
import operator
import random
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import pytest
from hypothesis.errors import InvalidArgument

from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    Exchange,
    IllegalMoveError,
    NotationError,
    Pass,
    Phase,
    Play,
    Rank,
    Reason,
    Ruleset,
    RulesetError,
    SpadesError,
    Suit,
    allowed_bids,
    apply,
    blind_numbers,
    card_passes,
    check_move,
    deal,
    find_ruleset,
    is_legal,
    legal_moves,
    lowest_bid,
    may_lead_spades,
    new_game,
    next_seat,
    observe,
    partner,
    play_order,
    round_deck,
    score_round,
    seats_of,
    side_of,
    trick_winner,
    winning_card,
)
from spades.batch import Batch
from spades.bots import fallback_move, heuristic_policy, play_game, random_policy, search_policy
from spades.strategies import rulesets, states

if TYPE_CHECKING:
    from collections.abc import Callable

HUGE = 10**5000
"""Past the 4,300 digits Python agrees to write: ``str(HUGE)`` raises `ValueError`."""
LONG_TEXT = "x" * 10**6
LONG_LIST = [0] * 10**6
LONGEST_MESSAGE = 300
THREES = [Bid(3)] * 4
TRICKS = [4, 3, 3, 3]


def _refused(call: Callable[[], object], kind: type[Exception]) -> Exception:
    """The error ``call`` raises: exactly of ``kind`` (or a subclass), with a short message."""
    with pytest.raises(Exception) as caught:  # noqa: PT011  (the kind is checked below)
        call()
    error = caught.value
    assert isinstance(error, kind), f"{type(error).__name__}: {str(error)[:200]}"
    if kind is not TypeError:
        assert not isinstance(error, TypeError)
    assert len(str(error)) < LONGEST_MESSAGE, str(error)[:LONGEST_MESSAGE]
    return error


def _game() -> Any:
    return new_game(CLASSIC, seed=1)


def _playing() -> Any:
    state = _game()
    while state.phase is not Phase.PLAYING:
        state = apply(state, Bid(3))
    return state


# --- every value from outside, shown cut short ---------------------------------------


@pytest.mark.parametrize(
    "value",
    [LONG_TEXT, LONG_LIST, HUGE, -HUGE, [HUGE], (-HUGE, 1)],
    ids=["text", "list", "10**5000", "-10**5000", "[10**5000]", "(-10**5000, 1)"],
)
@pytest.mark.parametrize(
    ("name", "call", "kind"),
    [
        ("Ruleset.players", lambda v: Ruleset(players=v), RulesetError),
        ("Ruleset.target", lambda v: Ruleset(target=v), RulesetError),
        ("Ruleset.round_cap", lambda v: Ruleset(round_cap=v), RulesetError),
        ("Ruleset.blind_nil_deficit", lambda v: Ruleset(blind_nil_deficit=v), RulesetError),
        ("Ruleset.losing_floor", lambda v: Ruleset(losing_floor=v), RulesetError),
        ("Ruleset.nil", lambda v: Ruleset(nil=v), RulesetError),
        ("Ruleset.direction", lambda v: Ruleset(direction=v), RulesetError),
        ("Ruleset.spades_lead", lambda v: Ruleset(spades_lead=v), RulesetError),
        ("Ruleset.zero_contract", lambda v: Ruleset(nil=False, zero_contract=v), RulesetError),
        ("Ruleset.ten_for_two_hundred", lambda v: Ruleset(ten_for_two_hundred=v), RulesetError),
        ("Ruleset.nil_pass", lambda v: Ruleset(nil_pass=v), RulesetError),
        ("Ruleset.double_nil_timing", lambda v: Ruleset(double_nil_timing=v), RulesetError),
        ("Ruleset.bidding", lambda v: Ruleset(bidding=v), RulesetError),
        ("Ruleset.blind_bid_minimum", lambda v: Ruleset(blind_bid_minimum=v), RulesetError),
        ("Ruleset.blind_bid_deficit", lambda v: Ruleset(blind_bid_deficit=v), RulesetError),
        ("allowed_bids.bids", lambda v: allowed_bids(CLASSIC, v, 0), TypeError),
        ("allowed_bids.bid", lambda v: allowed_bids(CLASSIC, [None, v, None, None], 3), TypeError),
        (
            "allowed_bids.hand",
            lambda v: allowed_bids(Ruleset(bidding=Bidding.WHIZ), [None] * 4, 0, hand=v),
            TypeError,
        ),
        ("lowest_bid.bids", lambda v: lowest_bid(CLASSIC, v, 0), TypeError),
        ("card_passes.bids", lambda v: card_passes(CLASSIC, v, first_bidder=0), TypeError),
        (
            "card_passes.bid",
            lambda v: card_passes(CLASSIC, [None, v, None, None], first_bidder=0),
            TypeError,
        ),
        ("lowest_bid.bid", lambda v: lowest_bid(CLASSIC, [None, v, None, None], 3), TypeError),
        (
            "may_lead_spades.spades_broken",
            lambda v: may_lead_spades(CLASSIC, spades_broken=v, tricks_played=0),
            TypeError,
        ),
        ("Bid.blind", lambda v: Bid(0, blind=v), TypeError),
        ("Play", Play, TypeError),
        ("Pass", lambda v: Pass([v]), TypeError),
        ("Exchange", lambda v: Exchange([v]), TypeError),
        ("Card.rank", lambda v: Card(v, Suit.SPADES), TypeError),
        ("Card.suit", lambda v: Card(Rank.ACE, v), TypeError),
        ("new_game.deck", lambda v: new_game(CLASSIC, deck=[v] * 52), TypeError),
        ("deal", lambda v: deal(_game(), [v] * 52), TypeError),
        ("apply.move", lambda v: apply(_game(), v), TypeError),
        ("check_move.move", lambda v: check_move(_game(), v), TypeError),
        ("is_legal.move", lambda v: is_legal(_game(), v), TypeError),
        ("score_round.bids", lambda v: score_round(CLASSIC, [v] * 4, TRICKS), TypeError),
        ("winning_card", lambda v: winning_card([v]), TypeError),
    ],
)
def test_a_bad_value_of_any_size_gets_the_documented_error_and_a_short_message(
    name: str, call: Callable[[object], object], kind: type[Exception], value: object
) -> None:
    """Findings "Error messages embed the bad value whole" and "Integers past 4,300 digits"."""
    _refused(lambda: call(value), kind)


# Where a whole number is wanted: a huge one is out of range (SpadesError), anything that
# is no whole number (a long text, a list, a huge one in a list) is the wrong type.
_WHOLE_NUMBER_ARGUMENTS: list[tuple[str, Callable[[object], object]]] = [
    ("observe", lambda v: observe(_game(), v)),  # type: ignore[arg-type]
    ("State.hand", lambda v: _game().hand(v)),
    ("apply.seat (bid)", lambda v: apply(_game(), Bid(3), seat=v)),  # type: ignore[arg-type]
    ("apply.seat (play)", lambda v: apply(_playing(), legal_moves(_playing())[0], seat=v)),  # type: ignore[arg-type]
    ("check_move.seat", lambda v: check_move(_game(), Bid(3), seat=v)),  # type: ignore[arg-type]
    ("is_legal.seat", lambda v: is_legal(_game(), Bid(3), seat=v)),  # type: ignore[arg-type]
    ("new_game.dealer", lambda v: new_game(CLASSIC, dealer=v)),  # type: ignore[arg-type]
    ("new_game.seed", lambda v: new_game(CLASSIC, seed=v)),  # type: ignore[arg-type]
    ("round_deck.seed", lambda v: round_deck(v, 1)),  # type: ignore[arg-type]
    ("round_deck.round_number", lambda v: round_deck(1, v)),  # type: ignore[arg-type]
    ("play_order", lambda v: play_order(CLASSIC, v)),  # type: ignore[arg-type]
    ("next_seat", lambda v: next_seat(MINIOKEY, v)),  # type: ignore[arg-type]
    ("partner", lambda v: partner(CLASSIC, v)),  # type: ignore[arg-type]
    ("side_of", lambda v: side_of(TWO_HANDED, v)),  # type: ignore[arg-type]
    ("seats_of", lambda v: seats_of(CLASSIC, v)),  # type: ignore[arg-type]
    ("trick_winner", lambda v: trick_winner(CLASSIC, v, [DECK[0]])),  # type: ignore[arg-type]
    (
        "may_lead_spades.tricks_played",
        lambda v: may_lead_spades(CLASSIC, spades_broken=False, tricks_played=v),  # type: ignore[arg-type]
    ),
    ("Bid", lambda v: Bid(v)),  # type: ignore[arg-type]  # noqa: PLW0108  (typed as the others)
    ("Ruleset.bag_limit", lambda v: Ruleset(bag_limit=v)),  # type: ignore[arg-type]
    ("Ruleset.team_minimum", lambda v: Ruleset(team_minimum=v)),  # type: ignore[arg-type]
    ("Ruleset.blind_bid_minimum", lambda v: Ruleset(blind_bid_minimum=v)),  # type: ignore[arg-type]
    ("blind_numbers.seat", lambda v: blind_numbers(_game(), v)),  # type: ignore[arg-type]
    ("lowest_bid.seat", lambda v: lowest_bid(CLASSIC, [None] * 4, v)),  # type: ignore[arg-type]
    ("allowed_bids.seat", lambda v: allowed_bids(CLASSIC, [None] * 4, v)),  # type: ignore[arg-type]
    ("card_passes.first_bidder", lambda v: card_passes(CLASSIC, [None] * 4, first_bidder=v)),  # type: ignore[arg-type]
    ("score_round.tricks", lambda v: score_round(CLASSIC, THREES, [v, 3, 3, 3])),  # type: ignore[list-item]
    ("score_round.bags", lambda v: score_round(CLASSIC, THREES, TRICKS, (v, 0))),  # type: ignore[arg-type]
    ("play_game.seed", lambda v: play_game(CLASSIC, [fallback_move] * 4, seed=v)),  # type: ignore[arg-type]
    ("play_game.dealer", lambda v: play_game(CLASSIC, [fallback_move] * 4, seed=1, dealer=v)),  # type: ignore[arg-type]
    ("search_policy.playouts", lambda v: search_policy(playouts=v)),  # type: ignore[arg-type]
]
_OUT_OF_RANGE = {
    "Ruleset.bag_limit": RulesetError,
    "Ruleset.team_minimum": RulesetError,
    "Ruleset.blind_bid_minimum": RulesetError,
}
_WRONG_TYPE = {"Ruleset": RulesetError, "search_policy": SpadesError}
"""A ruleset refuses every bad field with `RulesetError`, of the wrong type too; the
search bot its budget with `SpadesError` (``tests/test_search.py`` pins both)."""


@pytest.mark.parametrize("value", [HUGE, -HUGE], ids=["10**5000", "-10**5000"])
@pytest.mark.parametrize(("name", "call"), _WHOLE_NUMBER_ARGUMENTS)
def test_a_whole_number_past_4300_digits_is_out_of_range(
    name: str, call: Callable[[object], object], value: int
) -> None:
    """Finding "Integers past 4,300 digits turn documented errors into a plain ValueError"."""
    if name == "score_round.tricks":  # the tricks must add up to 13 whatever the first
        _refused(lambda: score_round(CLASSIC, THREES, [value, 13 - value, 0, 0]), SpadesError)
    elif name == "score_round.bags" and value > 0:  # a large bag count scores (#20: kept)
        assert score_round(CLASSIC, THREES, TRICKS, (value, 0)).bags[0] == 0
    else:
        _refused(lambda: call(value), _OUT_OF_RANGE.get(name, SpadesError))


@pytest.mark.parametrize(
    "value",
    [LONG_TEXT, LONG_LIST, [HUGE], (-HUGE,), {HUGE: HUGE}, 1.5, math.nan, True, np.bool_(True)],
    ids=["text", "list", "[10**5000]", "(-10**5000,)", "dict", "1.5", "nan", "True", "np.True_"],
)
@pytest.mark.parametrize(("name", "call"), _WHOLE_NUMBER_ARGUMENTS)
def test_a_value_that_is_no_whole_number_is_the_wrong_type(
    name: str, call: Callable[[object], object], value: object
) -> None:
    """Anything but a whole number: `TypeError` (a ruleset: `RulesetError`), a short message."""
    _refused(lambda: call(value), _WRONG_TYPE.get(name.split(".", maxsplit=1)[0], TypeError))


def test_a_losing_floor_far_out_of_range_is_described() -> None:
    for value in (HUGE, -HUGE):
        error = _refused(lambda v=value: Ruleset(losing_floor=v), RulesetError)  # type: ignore[misc]
        assert "digits" in str(error)


def test_find_ruleset_quotes_a_long_name_cut_short() -> None:
    """Finding "find_ruleset("x" * 10**6) gives a message of a million characters"."""
    error = _refused(lambda: find_ruleset(LONG_TEXT), NotationError)
    assert str(error).startswith("'xxx")
    assert "known: classic" in str(error)
    error = _refused(lambda: find_ruleset("\x1b[2J\nfake"), NotationError)
    assert "\x1b" not in str(error)
    assert "\n" not in str(error)


@pytest.mark.parametrize(
    "value", [LONG_LIST, HUGE, -HUGE, [HUGE], None], ids=["list", "huge", "-huge", "[huge]", "None"]
)
def test_find_ruleset_refuses_a_value_that_is_no_name(value: object) -> None:
    _refused(lambda: find_ruleset(value), TypeError)  # type: ignore[arg-type]


def test_a_bid_names_its_number_cut_short() -> None:
    _refused(lambda: Bid(LONG_TEXT), TypeError)  # type: ignore[arg-type]
    _refused(lambda: Bid(LONG_LIST), TypeError)  # type: ignore[arg-type]


def test_score_round_shows_tricks_and_bags_cut_short() -> None:
    _refused(lambda: score_round(CLASSIC, THREES, LONG_LIST), SpadesError)  # too many
    _refused(lambda: score_round(CLASSIC, THREES, [*LONG_LIST[:-1], "x"]), TypeError)  # type: ignore[list-item]
    _refused(lambda: score_round(CLASSIC, THREES, [HUGE, 13 - HUGE, 0, 0]), SpadesError)
    _refused(lambda: score_round(CLASSIC, THREES, [HUGE, 0, 0, 0]), SpadesError)
    _refused(lambda: score_round(CLASSIC, THREES, TRICKS, (-HUGE, 0)), SpadesError)
    _refused(lambda: score_round(CLASSIC, THREES, TRICKS, (0, 0, *LONG_LIST)), SpadesError)


def test_the_move_given_as_a_pass_or_exchange_is_shown_cut_short() -> None:
    _refused(lambda: Pass(LONG_TEXT), TypeError)  # type: ignore[arg-type]
    _refused(lambda: Exchange(LONG_TEXT), TypeError)  # type: ignore[arg-type]


def test_a_field_name_that_is_no_field_is_shown_cut_short() -> None:
    score = score_round(CLASSIC, THREES, TRICKS)
    error = _refused(lambda: score._replace(**{LONG_TEXT: 1}), TypeError)
    assert str(error).startswith("RoundScore has no field 'xxx")


def test_the_strategies_show_a_bad_argument_cut_short() -> None:
    for call in (
        lambda: rulesets(players=LONG_TEXT),  # type: ignore[arg-type]
        lambda: rulesets(players=HUGE),
        lambda: states(max_moves=-HUGE),
    ):
        with pytest.raises(InvalidArgument) as caught:
            call()
        assert len(str(caught.value)) < LONGEST_MESSAGE


def test_a_card_that_is_no_card_is_shown_cut_short_when_set() -> None:
    with pytest.raises(AttributeError) as caught:
        setattr(DECK[0], LONG_TEXT, 1)
    assert len(str(caught.value)) < LONGEST_MESSAGE


# --- the object a function works on: a TypeError naming its type ------------------------


@pytest.mark.parametrize("value", [5, "classic", None, (), _game])
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda v: deal(v, DECK), "deal takes a State, not "),
        (lambda v: play_order(v, 0), "play_order takes a Ruleset, not "),
        (lambda v: next_seat(v, 0), "next_seat takes a Ruleset, not "),
        (lambda v: partner(v, 0), "partner takes a Ruleset, not "),
        (lambda v: side_of(v, 0), "side_of takes a Ruleset, not "),
        (lambda v: seats_of(v, 0), "seats_of takes a Ruleset, not "),
        (lambda v: trick_winner(v, 0, [DECK[0]]), "trick_winner takes a Ruleset, not "),
        (
            lambda v: may_lead_spades(v, spades_broken=True, tricks_played=0),
            "may_lead_spades takes a Ruleset, not ",
        ),
        (lambda v: lowest_bid(v, [None] * 4, 0), "lowest_bid takes a Ruleset, not "),
        (lambda v: allowed_bids(v, [None] * 4, 0), "allowed_bids takes a Ruleset, not "),
        (lambda v: card_passes(v, [None] * 4, first_bidder=0), "card_passes takes a Ruleset, not "),
        (lambda v: play_game(v, [fallback_move] * 4, seed=1), "play_game takes a Ruleset, not "),
        (fallback_move, "fallback_move takes a View or a State, not "),
        (lambda v: blind_numbers(v, 1), "blind_numbers takes a State or a View, not "),
        (heuristic_policy(), "a policy takes a View, not "),
        (search_policy(), "a policy takes a View, not "),
        (random_policy(1), "a policy takes a View, not "),
    ],
)
def test_a_value_that_is_not_the_object_needed_raises_type_error_naming_its_type(
    call: Callable[[object], object], message: str, value: object
) -> None:
    """Finding "a value that is not a Ruleset/State/View ... raises AttributeError"."""
    error = _refused(lambda: call(value), TypeError)
    assert str(error) == message + type(value).__name__


def test_a_policy_given_a_state_is_told_to_observe_it() -> None:
    for choose in (heuristic_policy(), search_policy(), random_policy(1)):
        error = _refused(lambda c=choose: c(_game()), TypeError)  # type: ignore[misc]
        assert "a policy takes a View, not State: observe(state, seat)" in str(error)


def test_deal_given_a_view_raises_type_error() -> None:
    _refused(lambda: deal(observe(_game(), 1), DECK), TypeError)  # type: ignore[arg-type]


# --- a tuple of a state's items is no state ----------------------------------------------


@pytest.mark.parametrize("shape", [tuple, list], ids=["tuple", "list"])
def test_the_play_fast_path_takes_only_a_state(shape: type) -> None:
    """Finding "apply's play fast path takes any 10-item tuple as a state"."""
    state = _playing()
    copy = shape(state)
    move = legal_moves(state)[0]
    for call in (
        lambda: apply(copy, move),
        lambda: apply(copy, move, seat=state.to_move),
        lambda: apply(copy, Bid(3)),
    ):
        error = _refused(call, TypeError)
        assert str(error).endswith(f"takes a State, not {shape.__name__}")
    for check in (lambda: check_move(copy, move), lambda: is_legal(copy, move)):
        error = _refused(check, TypeError)
        assert str(error) == f"a legality check takes a State or a View, not {shape.__name__}"
    legal_moves_error = _refused(lambda: legal_moves(copy), TypeError)
    assert str(legal_moves_error) == f"legal_moves takes a State or a View, not {shape.__name__}"


def test_a_tuple_of_a_state_is_refused_before_its_seat_is_read() -> None:
    copy = tuple(_game())
    for call in (
        lambda: check_move(copy, Bid(3), seat=1),  # type: ignore[arg-type]
        lambda: is_legal(copy, Bid(3), seat=1),  # type: ignore[arg-type]
    ):
        error = _refused(call, TypeError)
        assert str(error) == "a legality check takes a State or a View, not tuple"


def test_a_tuple_of_a_bidding_state_is_no_state_either() -> None:
    copy = tuple(_game())
    _refused(lambda: legal_moves(copy), TypeError)  # type: ignore[arg-type]
    _refused(lambda: apply(copy, Bid(3)), TypeError)  # type: ignore[arg-type]


# --- numpy's integers: seats, dealers, bids, round numbers, seeds ------------------------

_INTEGERS = [np.int64(1), np.uint8(1), np.int8(1), np.intp(1)]
_INTEGER_IDS = ["int64", "uint8", "int8", "intp"]


def _plain(value: object) -> None:
    assert type(value) is int


@pytest.mark.parametrize("one", _INTEGERS, ids=_INTEGER_IDS)
def test_a_seat_may_be_any_integer_operator_index_takes(one: Any) -> None:
    """Finding "Seats refuse numpy integers, even batch.to_move[i]"."""
    state = _game()
    view = observe(state, one)
    _plain(view.seat)
    assert view == observe(state, 1)
    assert state.hand(one) == state.hand(1)
    assert play_order(MINIOKEY, one) == play_order(MINIOKEY, 1)
    assert next_seat(CLASSIC, one) == 2
    assert partner(CLASSIC, one) == 3
    _plain(partner(CLASSIC, one))
    assert side_of(CLASSIC, one) == 1
    _plain(side_of(CLASSIC, one))
    assert seats_of(CLASSIC, one) == (1, 3)
    _plain(seats_of(TWO_HANDED, one)[0])
    assert trick_winner(CLASSIC, one, [DECK[0]]) == 1
    assert is_legal(state, Bid(3), seat=one)
    check_move(state, Bid(3), seat=one)
    assert apply(state, Bid(3), seat=one) == apply(state, Bid(3))
    playing = _playing()
    mover = playing.to_move
    card = legal_moves(playing)[0]
    assert apply(playing, card, seat=type(one)(mover)) == apply(playing, card)


@pytest.mark.parametrize("one", _INTEGERS, ids=_INTEGER_IDS)
def test_an_illegal_move_by_a_numpy_seat_names_a_plain_seat(one: Any) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        apply(_game(), Bid(3), seat=type(one)(2))
    assert caught.value.reason is Reason.NOT_YOUR_TURN
    _plain(caught.value.seat)
    assert caught.value.seat == 2
    assert "by seat 2 is illegal" in str(caught.value)


def test_the_seat_to_move_of_a_batch_is_a_seat() -> None:
    """``Batch.from_seeds(CLASSIC, [1]).to_move[0]``, a numpy int8, is a seat."""
    batch = Batch.from_seeds(CLASSIC, [1])
    seat = batch.to_move[0]
    assert not isinstance(seat, int)
    state = batch.state(0)
    assert observe(state, seat) == observe(state, int(seat))
    assert apply(state, Bid(3), seat=seat) == apply(state, Bid(3))
    assert side_of(CLASSIC, seat) == int(seat) % 2
    assert new_game(CLASSIC, seed=1, dealer=batch.to_move[0]).dealer == int(seat)


@pytest.mark.parametrize("kind", [np.int64, np.uint8, np.int16, np.uint64])
def test_a_dealer_bid_round_number_and_seed_may_be_numpy_integers(kind: Any) -> None:
    state = new_game(CLASSIC, seed=kind(5), dealer=kind(2))
    assert state == new_game(CLASSIC, seed=5, dealer=2)
    _plain(state.seed)
    _plain(state.dealer)
    bid = Bid(kind(3))
    assert bid == Bid(3)
    _plain(bid.n)
    assert Bid(kind(0), blind=True) == Bid(0, blind=True)
    assert round_deck(kind(7), kind(2)) == round_deck(7, 2)
    assert play_game(
        TWO_HANDED, [fallback_move] * 2, seed=kind(4), dealer=kind(1), max_rounds=kind(1)
    ) == play_game(TWO_HANDED, [fallback_move] * 2, seed=4, dealer=1, max_rounds=1)
    score = score_round(CLASSIC, THREES, [kind(4), 3, 3, 3], (kind(2), 0))
    assert score == score_round(CLASSIC, THREES, TRICKS, (2, 0))
    _plain(score.tricks[0])
    _plain(score.bags[0])


@pytest.mark.parametrize("kind", [np.int64, np.uint16])
def test_a_rulesets_numbers_may_be_numpy_integers(kind: Any) -> None:
    rules = Ruleset(target=kind(300), round_cap=kind(9), losing_floor=np.int64(-200))
    assert rules == Ruleset(target=300, round_cap=9, losing_floor=-200)
    _plain(rules.target)
    _plain(rules.losing_floor)
    assert Ruleset(players=kind(2)) == TWO_HANDED
    assert attrs.evolve(CLASSIC, bag_limit=kind(5)).bag_limit == 5


@pytest.mark.parametrize("value", [True, False, np.bool_(True), 1.0, "1"])
def test_a_bool_is_no_seat_dealer_bid_or_seed(value: Any) -> None:
    """As actions refuse bools (`spades.encoding`), so do seats and numbers."""
    for call in (
        lambda: observe(_game(), value),
        lambda: new_game(CLASSIC, dealer=value),
        lambda: new_game(CLASSIC, seed=value),
        lambda: Bid(value),
        lambda: round_deck(1, value),
        lambda: play_order(CLASSIC, value),
    ):
        _refused(call, TypeError)
    _refused(lambda: Ruleset(target=value), RulesetError)


def test_an_object_whose_index_raises_is_the_wrong_type() -> None:
    class Broken:
        def __index__(self) -> int:
            raise ValueError("no")

    class Wrong:
        def __index__(self) -> Any:
            return "1"  # noqa: PLE0305  (the point: not an int)

    values: list[Any] = [Broken(), Wrong()]
    for value in values:
        _refused(lambda v=value: observe(_game(), v), TypeError)  # type: ignore[misc]
        _refused(lambda v=value: Bid(v), TypeError)  # type: ignore[misc]
        _refused(lambda v=value: Ruleset(target=v), RulesetError)  # type: ignore[misc]


def test_operator_index_is_what_a_seat_may_be() -> None:
    """A subclass of int counts as its value, as `operator.index` gives it."""

    class Seat(int):
        pass

    view = observe(_game(), Seat(3))
    _plain(view.seat)
    assert view == observe(_game(), operator.index(Seat(3)))


# --- play_game and the bot factories: every argument checked -----------------------------


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (1.5, TypeError),
        (math.nan, TypeError),
        (True, TypeError),
        ("2", TypeError),
        (-1, SpadesError),
        (-HUGE, SpadesError),
    ],
    ids=["1.5", "nan", "True", "text", "-1", "-10**5000"],
)
def test_play_game_refuses_a_round_limit_that_is_no_count(value: object, kind: type) -> None:
    """Finding "play_game(..., max_rounds=1.5) is accepted"."""
    _refused(
        lambda: play_game(CLASSIC, [fallback_move] * 4, seed=1, max_rounds=value),  # type: ignore[arg-type]
        kind,
    )


@pytest.mark.parametrize("limit", [0, 1, HUGE, np.int64(1)], ids=["0", "1", "10**5000", "int64"])
def test_play_game_takes_any_round_limit_from_zero(limit: int) -> None:
    rules = attrs.evolve(CLASSIC, round_cap=2)
    state = play_game(rules, [fallback_move] * 4, seed=1, max_rounds=limit)
    assert len(state.rounds) == min(int(limit), 2)


@pytest.mark.parametrize(
    ("policies", "message"),
    [
        (5, "play_game takes a sequence of policies, not int"),
        ("abcd", "play_game takes a sequence of policies, not str"),
        ([fallback_move, 5, fallback_move, fallback_move], "a policy is a callable, not 5"),
        ([fallback_move] * 3 + [LONG_TEXT], "a policy is a callable, not 'xxx"),
    ],
)
def test_play_game_refuses_policies_that_are_no_policies(policies: Any, message: str) -> None:
    error = _refused(lambda: play_game(CLASSIC, policies, seed=1), TypeError)
    assert str(error).startswith(message)


def test_play_game_refuses_an_on_move_that_cannot_be_called() -> None:
    error = _refused(
        lambda: play_game(CLASSIC, [fallback_move] * 4, seed=1, on_move=5),  # type: ignore[arg-type]
        TypeError,
    )
    assert str(error) == "on_move is a callable or None, not 5"


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (1.5, SpadesError),
        (math.nan, SpadesError),
        (True, SpadesError),
        ("240", SpadesError),
        (None, SpadesError),
        (0, SpadesError),
        (-1, SpadesError),
        (10**9 + 1, SpadesError),
        (HUGE, SpadesError),
    ],
    ids=["1.5", "nan", "True", "text", "None", "0", "-1", "10**9+1", "10**5000"],
)
def test_search_policy_refuses_a_number_of_playouts_out_of_range(value: object, kind: type) -> None:
    _refused(lambda: search_policy(playouts=value), kind)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [1.5, math.nan, True, "7", None, [1]])
def test_bot_seeds_are_whole_numbers(value: object) -> None:
    _refused(lambda: search_policy(seed=value), TypeError)  # type: ignore[arg-type]
    _refused(lambda: random_policy(value), TypeError)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "seed", [HUGE, -HUGE, -1, 2**200], ids=["10**5000", "-10**5000", "-1", "2**200"]
)
def test_a_search_bot_takes_any_whole_seed_even_a_huge_one(seed: int) -> None:
    choose = search_policy(playouts=8, seed=seed)
    view = observe(_game(), 1)
    move = choose(view)
    assert move in view.legal_moves()
    assert choose(view) == move
    assert random_policy(seed)(view) in view.legal_moves()


def test_a_bots_numpy_seed_is_its_plain_value() -> None:
    view = observe(_playing(), _playing().to_move)
    assert search_policy(playouts=np.int64(16), seed=np.uint8(3))(view) == search_policy(
        playouts=16, seed=3
    )(view)
    first, second = random_policy(np.int64(3)), random_policy(3)
    assert [first(view) for _ in range(5)] == [second(view) for _ in range(5)]
    assert random_policy(random.Random(3))(view) == random_policy(3)(view)
