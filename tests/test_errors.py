"""Errors: one root, malformed versus illegal, and every illegal-move reason with its message."""

from __future__ import annotations

import contextlib
import copy
import pickle
import re
from typing import TYPE_CHECKING

import attrs
import pytest

from helpers import (
    BLIND,
    BLIND_NUMBERS,
    MIRROR,
    MIXED,
    SUICIDE,
    WHIZ,
    C,
    bid_all,
    bid_in_view,
    cards,
    finished_game,
    looked_state,
    passing_state,
    play,
    start,
    trailing,
    unseen_state,
)
from spades import (
    CLASSIC,
    DECK,
    TWO_HANDED,
    Bid,
    Card,
    DoubleNilTiming,
    Exchange,
    IllegalMoveError,
    Keep,
    Look,
    Move,
    NotationError,
    Pass,
    Phase,
    Play,
    Reason,
    Ruleset,
    RulesetError,
    SpadesError,
    SpadesLead,
    State,
    Suit,
    apply,
    check_move,
    is_legal,
    legal_moves,
    new_game,
    observe,
)

if TYPE_CHECKING:
    from collections.abc import Callable

CARD_TOKEN = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
AFTER = DoubleNilTiming.AFTER_FIRST_CHOICE


# --- the exception classes ----------------------------------------------------------------


def test_every_error_is_a_spades_error_and_a_value_error() -> None:
    for kind in (NotationError, RulesetError, IllegalMoveError):
        assert issubclass(kind, SpadesError)
        assert issubclass(kind, ValueError)
    assert issubclass(SpadesError, ValueError)
    assert not issubclass(NotationError, RulesetError)
    assert not issubclass(IllegalMoveError, NotationError)


def test_malformed_input_and_illegal_moves_are_told_apart() -> None:
    with pytest.raises(NotationError):
        Card.parse("1S")
    with pytest.raises(RulesetError):
        Ruleset(target=0)
    with pytest.raises(IllegalMoveError):
        apply(new_game(CLASSIC, seed=1), Play(DECK[0]))


def test_illegal_move_error_carries_reason_seat_and_move() -> None:
    error = IllegalMoveError(Reason.NOT_YOUR_TURN, 2, Bid(3), "'bid 3' by seat 2 is illegal")
    assert error.reason is Reason.NOT_YOUR_TURN
    assert error.seat == 2
    assert error.move == Bid(3)
    assert str(error) == "'bid 3' by seat 2 is illegal"
    assert error.args == ("'bid 3' by seat 2 is illegal",)


@pytest.mark.parametrize("seat", [None, 0, 3])
def test_illegal_move_error_survives_pickle_and_copy(seat: int | None) -> None:
    error = IllegalMoveError(Reason.CARD_NOT_IN_HAND, seat, Play(C("AS")), "you do not hold AS")
    for clone in (pickle.loads(pickle.dumps(error)), copy.copy(error), copy.deepcopy(error)):
        assert type(clone) is IllegalMoveError
        assert (clone.reason, clone.seat, clone.move) == (error.reason, seat, error.move)
        assert str(clone) == str(error)


def test_an_error_raised_by_apply_survives_pickle() -> None:
    with pytest.raises(IllegalMoveError) as info:
        apply(new_game(CLASSIC, seed=1), Bid(14))
    clone = pickle.loads(pickle.dumps(info.value))
    assert (clone.reason, clone.seat, clone.move) == (Reason.BID_OUT_OF_RANGE, 1, Bid(14))
    assert str(clone) == str(info.value)


def test_reason_values_are_stable_strings() -> None:
    assert {reason.name.lower() for reason in Reason} == {reason.value for reason in Reason}
    assert Reason("must_follow_suit") is Reason.MUST_FOLLOW_SUIT
    assert len(Reason) == 21


# --- every reason, with the right seat, move and message ----------------------------------


# reason -> (state, move, seat argument, expected seat, words the message must contain)
REASON_CASES: dict[Reason, Callable[[], tuple[State, Move, int | None, int | None, str]]] = {
    Reason.GAME_OVER: lambda: (finished_game(), Bid(3), None, None, "the game is over"),
    Reason.NOT_YOUR_TURN: lambda: (new_game(CLASSIC, seed=1), Bid(3), 2, 2, "it is seat 1's turn"),
    Reason.WRONG_PHASE: lambda: (
        new_game(CLASSIC, seed=1),
        Play(DECK[0]),
        None,
        1,
        "the game is in the bidding phase",
    ),
    Reason.BID_OUT_OF_RANGE: lambda: (
        new_game(CLASSIC, seed=1),
        Bid(14),
        None,
        1,
        "a bid is a number of tricks from 0 to 13",
    ),
    Reason.NIL_NOT_ALLOWED: lambda: (
        new_game(Ruleset(nil=False), seed=1),
        Bid(0),
        None,
        1,
        "these rules have no nil bid",
    ),
    Reason.BELOW_TEAM_MINIMUM: lambda: (
        _short_of_the_minimum(Ruleset(team_minimum=4)),
        Bid(2),
        None,
        3,
        "your side's bids must add up to at least 4: bid 3 or more",
    ),
    Reason.BIDDING_MODE: lambda: (
        new_game(SUICIDE, seed=1),
        Bid(3),
        None,
        1,
        "under Suicide one partner bids nil and the other 4 or more: bid nil or 4 to 13",
    ),
    Reason.BLIND_NIL_NOT_ALLOWED: lambda: (
        new_game(CLASSIC, seed=1),
        BLIND,
        None,
        1,
        "these rules have no blind nil",
    ),
    Reason.BLIND_NIL_NOT_ELIGIBLE: lambda: (
        new_game(Ruleset(blind_nil=True), seed=1),
        BLIND,
        None,
        1,
        "blind nil needs your side to trail by 100 points or more",
    ),
    Reason.BLIND_BID_NOT_ALLOWED: lambda: (
        new_game(BLIND_NUMBERS, seed=1),
        Bid(5, blind=True),
        None,
        1,
        "a blind bid is a number from 6 to 13",
    ),
    Reason.BLIND_BID_NOT_ELIGIBLE: lambda: (
        new_game(Ruleset(blind_bid_minimum=6), seed=1),
        Bid(7, blind=True),
        None,
        1,
        "a blind bid needs your side to trail by 100 points or more",
    ),
    Reason.HAND_ALREADY_SEEN: lambda: (
        looked_state(),
        BLIND,
        None,
        1,
        "you have already looked at your hand",
    ),
    Reason.HAND_NOT_SEEN: lambda: (
        unseen_state(),
        Bid(4),
        None,
        1,
        "bid blind nil, or look at your hand before you bid",
    ),
    Reason.CARD_NOT_IN_HAND: lambda: (
        bid_all(start(CLASSIC, MIXED)),
        Play(C("AC")),
        1,
        1,
        "you do not hold AC",
    ),
    Reason.WRONG_PASS_SIZE: lambda: (
        passing_state(),
        Pass([passing_state().hand(1)[0]]),
        None,
        1,
        "pass exactly 2 cards",
    ),
    Reason.MUST_FOLLOW_SUIT: lambda: (
        play(bid_all(start(CLASSIC, MIXED)), "2C"),
        Play(C("KD")),
        None,
        2,
        "clubs were led and you must follow suit with one",
    ),
    Reason.SPADES_NOT_BROKEN: lambda: (
        bid_all(start(CLASSIC, MIXED)),
        Play(C("2S")),
        None,
        1,
        "spades are not broken: you may lead a spade only once a spade has been played "
        "or when you hold nothing else",
    ),
    Reason.ALREADY_DRAWN: lambda: (
        apply(apply(new_game(TWO_HANDED, seed=1), Keep()), Keep()),
        BLIND,
        None,
        0,
        "blind nil (double nil) is declared before your first draw choice of the round",
    ),
    Reason.NOT_YET_DRAWN: lambda: (
        new_game(attrs.evolve(TWO_HANDED, double_nil_timing=AFTER), seed=1),
        BLIND,
        None,
        0,
        "blind nil (double nil) is declared after your first draw choice of the round",
    ),
    Reason.ALREADY_BID: lambda: (
        apply(new_game(TWO_HANDED, seed=1), BLIND),
        BLIND,
        None,
        0,
        "you have already declared blind nil (double nil)",
    ),
    Reason.TOO_MANY_EXCHANGED: lambda: (
        _exchanging_state(),
        Exchange(_exchanging_state().hand(0)[:4]),
        None,
        0,
        "exchange at most 3 cards",
    ),
}


def _short_of_the_minimum(rules: Ruleset) -> State:
    """Dealer 0: seat 1 bids 1 and seat 2 bids 3; seat 3 is to bid, 3 missing of a minimum of 4.

    Seats that may bid blind nil look first.
    """
    state = new_game(rules, seed=1)
    for bid in (1, 3):
        if Look() in legal_moves(state):
            state = apply(state, Look())
        state = apply(state, Bid(bid))
    return state


def _exchanging_state() -> State:
    """Two players: seat 0 declared double nil and the draw is over (all cards kept)."""
    state = apply(new_game(TWO_HANDED, seed=1), BLIND)
    for _ in range(26):
        state = apply(state, Keep())
    return state


def test_every_reason_has_a_case() -> None:
    """Reference: ref-reasons."""
    assert set(REASON_CASES) == set(Reason)


def _message_prefix(move: Move, seat: int | None) -> str:
    who = "" if seat is None else f" by seat {seat}"
    return f"'{move}'{who} is illegal: "


@pytest.mark.parametrize("reason", list(Reason), ids=lambda reason: reason.value)
def test_every_reason_is_reported_with_seat_move_and_a_message_naming_the_rule(
    reason: Reason,
) -> None:
    """Reference: ref-reasons."""
    state, move, seat, expected_seat, words = REASON_CASES[reason]()
    assert not is_legal(state, move, seat=seat)
    if seat is None or seat == state.to_move:
        assert move not in legal_moves(state)
    with pytest.raises(IllegalMoveError) as info:
        check_move(state, move, seat=seat)
    error = info.value
    assert error.reason is reason
    assert error.seat == expected_seat
    assert error.move == move
    assert str(error).startswith(_message_prefix(move, expected_seat))
    assert words in str(error)


@pytest.mark.parametrize("reason", list(Reason), ids=lambda reason: reason.value)
def test_apply_raises_what_check_move_raises(reason: Reason) -> None:
    state, move, seat, _, _ = REASON_CASES[reason]()
    with pytest.raises(IllegalMoveError) as checked:
        check_move(state, move, seat=seat)
    with pytest.raises(IllegalMoveError) as applied:
        apply(state, move, seat=seat)
    assert applied.value.reason is checked.value.reason
    assert applied.value.seat == checked.value.seat
    assert applied.value.move == checked.value.move
    assert str(applied.value) == str(checked.value)


@pytest.mark.parametrize("reason", list(Reason), ids=lambda reason: reason.value)
def test_messages_name_no_card_but_the_moves_own(reason: Reason) -> None:
    state, move, seat, _, _ = REASON_CASES[reason]()
    with pytest.raises(IllegalMoveError) as info:
        check_move(state, move, seat=seat)
    named = set(CARD_TOKEN.findall(str(info.value)))
    own = {str(card) for card in getattr(move, "cards", (getattr(move, "card", None),)) if card}
    assert named <= own


def test_follow_suit_and_spades_messages_do_not_list_other_players_cards() -> None:
    state = play(bid_all(start(CLASSIC, MIXED)), "2C")
    for card in cards(MIXED[2])[1:]:
        with pytest.raises(IllegalMoveError) as info:
            apply(state, Play(card))
        assert CARD_TOKEN.findall(str(info.value)) == [str(card)]
        assert "AC" not in str(info.value)


def test_a_refused_spade_lead_says_when_the_ruleset_opens_spades() -> None:
    """Rules: ref-reasons, reading-spades-lead.

    The reason stays ``spades_not_broken``; after the first trick, the message says that
    from the second trick on a spade may be led.
    """
    rules = Ruleset(spades_lead=SpadesLead.AFTER_FIRST_TRICK)
    state = bid_all(start(rules, MIXED))
    with pytest.raises(IllegalMoveError) as info:
        check_move(state, Play(C("2S")))
    assert info.value.reason is Reason.SPADES_NOT_BROKEN
    assert str(info.value) == (
        "'play 2S' by seat 1 is illegal: spades are not broken: you may lead a spade from the "
        "second trick on, or once a spade has been played, or when you hold nothing else"
    )
    assert is_legal(bid_all(start(Ruleset(spades_lead=SpadesLead.ANY_TIME), MIXED)), Play(C("2S")))


MINIMUM_BLIND = Ruleset(team_minimum=4, blind_nil=True)
"""A team minimum of 4, and blind nil for a side 100 points behind: nobody, in the first round."""


@pytest.mark.parametrize(
    ("rules", "move", "reason"),
    [
        (MINIMUM_BLIND, BLIND, Reason.BELOW_TEAM_MINIMUM),  # before not eligible
        (attrs.evolve(MINIMUM_BLIND, blind_nil_deficit=None), BLIND, Reason.BELOW_TEAM_MINIMUM),
        (MINIMUM_BLIND, Bid(0), Reason.BELOW_TEAM_MINIMUM),
        (MINIMUM_BLIND, Look(), Reason.HAND_ALREADY_SEEN),
        (MINIMUM_BLIND, Bid(14), Reason.BID_OUT_OF_RANGE),  # before the minimum
        (Ruleset(team_minimum=4, nil=False), Bid(0), Reason.NIL_NOT_ALLOWED),  # likewise
        (Ruleset(team_minimum=4, nil=False, zero_contract=True), Bid(0), Reason.BELOW_TEAM_MINIMUM),
        (Ruleset(team_minimum=1), Bid(0), None),  # her partner's 1 leaves nothing missing
        (Ruleset(team_minimum=2), Bid(1), None),  # it leaves 1
    ],
    ids=[
        "blind nil, not eligible",
        "blind nil, eligible",
        "nil",
        "look",
        "bid 14",
        "zero without nil",
        "zero contract",
        "nil, nothing missing",
        "what is missing",
    ],
)
def test_the_team_minimums_reason_comes_in_the_documented_order(
    rules: Ruleset, move: Move, reason: Reason | None
) -> None:
    """Seat 3, whose partner bid 1: blind nil, nil and numbers below what is missing.

    Blind nil is refused below the minimum before its deficit; a bid out of range and a
    zero the rules do not allow before the minimum.

    Rules: ref-reasons, rule-team-minimum, reading-zero-bid.
    """
    state = _short_of_the_minimum(rules)
    assert (state.to_move, state.bids[1]) == (3, Bid(1))
    if reason is None:
        check_move(state, move)
        return
    with pytest.raises(IllegalMoveError) as info:
        check_move(state, move)
    assert info.value.reason is reason


@pytest.mark.parametrize(
    ("bids", "move", "reason", "words"),
    [
        ((), Bid(14), Reason.BID_OUT_OF_RANGE, "a bid is a number of tricks from 0 to 13"),
        ((), BLIND, Reason.BLIND_NIL_NOT_ALLOWED, "these rules have no blind nil"),
        ((), Look(), Reason.HAND_ALREADY_SEEN, "your hand is already in view"),
        ((), Bid(3), Reason.BIDDING_MODE, "one partner bids nil and the other 4 or more"),
        ((0, 5), Bid(0), Reason.BIDDING_MODE, "your partner bid nil: under Suicide you bid 4 or"),
        ((0, 5), Bid(3), Reason.BIDDING_MODE, "your partner bid nil: under Suicide you bid 4 or"),
        ((6, 0), Bid(4), Reason.BIDDING_MODE, "your partner bid 6: under Suicide you bid nil"),
        ((6, 0), Bid(14), Reason.BID_OUT_OF_RANGE, "a bid is a number of tricks from 0 to 13"),
    ],
    ids=[
        "first, 14",
        "first, blind nil",
        "first, look",
        "first, 3",
        "after nil, nil",
        "after nil, 3",
        "after a number, 4",
        "after a number, 14",
    ],
)
def test_suicides_reason_comes_after_the_range_and_says_what_suicide_asks(
    bids: tuple[int, ...], move: Move, reason: Reason, words: str
) -> None:
    """Seat 1 bids first for her side, or seat 3 after seats 1 and 2 bid ``bids``.

    Rules: ref-reasons, rule-suicide.
    """
    state = new_game(SUICIDE, seed=1)
    for bid in bids:
        state = apply(state, Bid(bid))
    with pytest.raises(IllegalMoveError) as info:
        check_move(state, move)
    assert (info.value.reason, info.value.seat) == (reason, state.to_move)
    assert words in str(info.value)


@pytest.mark.parametrize("timing", list(DoubleNilTiming), ids=lambda timing: timing.value)
def test_double_nil_before_or_after_its_one_chance_is_refused_with_its_reason(
    timing: DoubleNilTiming,
) -> None:
    """Seat 0's turns of the draw, then the bidding: before her chance `not_yet_drawn`,
    after it `already_drawn`, whose message says when the chance was.

    Rules: ref-reasons, rule-double-nil, reading-double-nil-timing.
    """
    state = new_game(attrs.evolve(TWO_HANDED, double_nil_timing=timing), seed=1)
    when = {0: "before", 1: "right after"}[timing.choices_before]
    choices = 0
    while state.phase is Phase.DRAWING:
        if state.to_move == 0:
            if choices == timing.choices_before:
                check_move(state, BLIND)
            else:
                with pytest.raises(IllegalMoveError) as info:
                    check_move(state, BLIND)
                early = choices < timing.choices_before
                assert info.value.reason is (
                    Reason.NOT_YET_DRAWN if early else Reason.ALREADY_DRAWN
                )
                said = "after" if early else when
                assert str(info.value).endswith(
                    f"blind nil (double nil) is declared {said} your first draw choice of the round"
                )
            choices += 1
        state = apply(state, Keep())
    assert state.phase is Phase.BIDDING
    for seat in (state.to_move, None):
        with pytest.raises(IllegalMoveError) as info:
            check_move(state, BLIND, seat=seat)
        assert info.value.reason is Reason.ALREADY_DRAWN
        assert f"declared {when} your first" in str(info.value)


def test_an_illegal_move_leaves_the_state_unchanged() -> None:
    state = play(bid_all(start(CLASSIC, MIXED)), "2C")
    same = play(bid_all(start(CLASSIC, MIXED)), "2C")
    with pytest.raises(IllegalMoveError):
        apply(state, Play(C("KD")))
    assert state == same


# --- seat, type and phase checks ----------------------------------------------------------


def test_seat_argument_must_be_the_seat_to_move() -> None:
    state = new_game(CLASSIC, seed=1)
    assert state.to_move == 1
    assert is_legal(state, Bid(3), seat=1)
    assert not is_legal(state, Bid(3), seat=0)
    assert apply(state, Bid(3), seat=1) == apply(state, Bid(3))
    check_move(state, Bid(3), seat=1)


def test_seat_argument_during_play() -> None:
    state = bid_all(start(CLASSIC, MIXED))
    assert apply(state, Play(C("2C")), seat=1) == apply(state, Play(C("2C")))
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Play(C("AC")), seat=2)
    assert (info.value.reason, info.value.seat) == (Reason.NOT_YOUR_TURN, 2)
    assert "it is seat 1's turn" in str(info.value)


def test_seat_argument_during_passing() -> None:
    state = passing_state()
    move = legal_moves(state)[0]
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move, seat=3)
    assert (info.value.reason, info.value.seat) == (Reason.NOT_YOUR_TURN, 3)
    assert apply(state, move, seat=1) == apply(state, move)


@pytest.mark.parametrize("value", ["bid 3", None, 3, C("AS"), (Bid(3),)])
def test_a_value_that_is_not_a_move_raises_type_error(value: object) -> None:
    for state in (new_game(CLASSIC, seed=1), bid_all(new_game(CLASSIC, seed=1)), finished_game()):
        with pytest.raises(TypeError, match="is not a move"):
            apply(state, value)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="is not a move"):
            is_legal(state, value)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="is not a move"):
            check_move(state, value)  # type: ignore[arg-type]


PHASE_STATES: dict[str, Callable[[], State]] = {
    "bidding": lambda: new_game(CLASSIC, seed=1),
    "playing": lambda: bid_all(new_game(CLASSIC, seed=1)),
    "passing": passing_state,
}
PASS_2C_3C = Pass([C("2C"), C("3C")])


@pytest.mark.parametrize(
    ("phase", "move"),
    [
        # Plays and passes are wrong during bidding.
        ("bidding", Play(C("2C"))),
        ("bidding", PASS_2C_3C),
        # Moves other than plays are wrong during play.
        ("playing", Bid(3)),
        ("playing", Look()),
        ("playing", BLIND),
        ("playing", PASS_2C_3C),
        # Only passes during the pass.
        ("passing", Bid(3)),
        ("passing", Look()),
        ("passing", BLIND),
        ("passing", Play(C("2C"))),
    ],
    ids=str,
)
def test_a_move_of_another_phase_is_wrong_and_the_message_names_the_phase(
    phase: str, move: Move
) -> None:
    state = PHASE_STATES[phase]()
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move)
    assert info.value.reason is Reason.WRONG_PHASE
    assert f"{phase} phase" in str(info.value)


@pytest.mark.parametrize("move", [Bid(3), Look(), Play(C("2C")), PASS_2C_3C])
def test_no_move_is_legal_once_the_game_is_over(move: Move) -> None:
    state = finished_game()
    assert state.is_over
    assert legal_moves(state) == ()
    assert not is_legal(state, move)
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move, seat=2)
    assert (info.value.reason, info.value.seat) == (Reason.GAME_OVER, 2)
    assert str(info.value) == f"'{move}' by seat 2 is illegal: the game is over"


WHIZ_ZERO = attrs.evolve(WHIZ, nil=False, zero_contract=True)
MIRROR_ZERO = attrs.evolve(MIRROR, nil=False, zero_contract=True)


def _spades_dealt(rules: Ruleset, count: int, seed: int = 0) -> State:
    """A new game under ``rules`` whose first bidder (seat 1) holds ``count`` spades."""
    for tried in range(seed, seed + 5000):
        state = new_game(rules, seed=tried)
        if sum(card.suit is Suit.SPADES for card in state.hand(1)) == count:
            return state
    raise AssertionError(f"no deal gives seat 1 {count} spades")


@pytest.mark.parametrize(
    ("rules", "count", "move", "reason", "words"),
    [
        (WHIZ, 3, Bid(4), Reason.BIDDING_MODE, "you hold 3 spades: under Whiz you bid 3 or nil"),
        (WHIZ, 3, Bid(2), Reason.BIDDING_MODE, "you hold 3 spades: under Whiz you bid 3 or nil"),
        (WHIZ, 1, Bid(13), Reason.BIDDING_MODE, "you hold 1 spade: under Whiz you bid 1 or nil"),
        (WHIZ, 0, Bid(1), Reason.BIDDING_MODE, "you hold no spades: under Whiz you bid nil"),
        (WHIZ_ZERO, 2, Bid(1), Reason.BIDDING_MODE, "you hold 2 spades: under Whiz you bid 2 or 0"),
        (WHIZ_ZERO, 0, Bid(2), Reason.BIDDING_MODE, "you hold no spades: under Whiz you bid 0"),
        (MIRROR, 3, Bid(0), Reason.BIDDING_MODE, "you hold 3 spades: under Mirror you bid 3"),
        (MIRROR, 1, Bid(2), Reason.BIDDING_MODE, "you hold 1 spade: under Mirror you bid 1"),
        (MIRROR, 0, Bid(3), Reason.BIDDING_MODE, "you hold no spades: under Mirror you bid nil"),
        (MIRROR_ZERO, 0, Bid(1), Reason.BIDDING_MODE, "you hold no spades: under Mirror you bid 0"),
        (MIRROR, 3, Bid(14), Reason.BID_OUT_OF_RANGE, "a bid is a number of tricks from 0 to 13"),
        (MIRROR, 3, BLIND, Reason.BLIND_NIL_NOT_ALLOWED, "these rules have no blind nil"),
        (WHIZ, 3, Look(), Reason.HAND_ALREADY_SEEN, "your hand is already in view"),
        (WHIZ_ZERO, 0, BLIND, Reason.BLIND_NIL_NOT_ALLOWED, "blind nil"),
    ],
    ids=[
        "whiz 3, 4",
        "whiz 3, 2",
        "whiz 1, 13",
        "whiz none, 1",
        "whiz zero contract 2, 1",
        "whiz zero contract none, 2",
        "mirror 3, nil",
        "mirror 1, 2",
        "mirror none, 3",
        "mirror zero contract none, 1",
        "mirror 14",
        "mirror blind nil",
        "whiz look",
        "whiz zero contract blind nil",
    ],
)
def test_whiz_and_mirrors_reason_says_her_count_after_the_range(
    rules: Ruleset, count: int, move: Move, reason: Reason, words: str
) -> None:
    """Seat 1, the first bidder, holds ``count`` spades; the range and blind nil come first.

    Rules: ref-reasons, rule-whiz, rule-mirror.
    """
    state = _spades_dealt(rules, count)
    with pytest.raises(IllegalMoveError) as info:
        check_move(state, move)
    assert (info.value.reason, info.value.seat, info.value.move) == (reason, 1, move)
    assert words in str(info.value)
    view = observe(state, 1)
    with pytest.raises(IllegalMoveError) as seen:
        check_move(view, move)
    assert (seen.value.reason, str(seen.value)) == (reason, str(info.value))


MINIMUM_NUMBERS = Ruleset(blind_bid_minimum=6, team_minimum=13, blind_nil=True)
"""Blind numbers from 6 and blind nil for a side 100 points behind, a team minimum of 13."""


def _blind_number_refusal(rules: Ruleset, move: Move, *, look: bool) -> Reason | None:
    """The reason seat 1 in `trailing`'s round 2 may not make ``move`` after seats 2, 3 and
    0 bid 2, 2 and 11 in view, or None; with ``look`` she looks first."""
    state = trailing(rules)
    for n in (2, 2, 11):
        state = bid_in_view(state, n)
    if look:
        state = apply(state, Look())
    assert state.to_move == 1
    refused = not is_legal(state, move)
    with pytest.raises(IllegalMoveError) if refused else contextlib.nullcontext() as info:
        check_move(state, move)
    return info.value.reason if info else None


@pytest.mark.parametrize(
    ("rules", "move", "look", "reason"),
    [
        (CLASSIC, Bid(7, blind=True), False, Reason.BLIND_BID_NOT_ALLOWED),
        (CLASSIC, Bid(14, blind=True), False, Reason.BID_OUT_OF_RANGE),  # before no blind bids
        (MINIMUM_NUMBERS, Bid(14, blind=True), False, Reason.BID_OUT_OF_RANGE),
        (MINIMUM_NUMBERS, Bid(5, blind=True), True, Reason.BLIND_BID_NOT_ALLOWED),  # before
        (MINIMUM_NUMBERS, Bid(7, blind=True), True, Reason.HAND_ALREADY_SEEN),  # before
        (MINIMUM_NUMBERS, Bid(7, blind=True), False, Reason.BELOW_TEAM_MINIMUM),
        (MINIMUM_NUMBERS, Bid(11, blind=True), False, None),
        (
            attrs.evolve(MINIMUM_NUMBERS, blind_bid_deficit=261),
            Bid(7, blind=True),
            False,
            Reason.BELOW_TEAM_MINIMUM,
        ),  # before not eligible
        (
            attrs.evolve(MINIMUM_NUMBERS, blind_bid_deficit=261),
            Bid(11, blind=True),
            False,
            Reason.BLIND_BID_NOT_ELIGIBLE,
        ),
        (attrs.evolve(MINIMUM_NUMBERS, blind_bid_deficit=260), Bid(11, blind=True), False, None),
        (MINIMUM_NUMBERS, Bid(11), False, Reason.HAND_NOT_SEEN),
        (MINIMUM_NUMBERS, BLIND, False, Reason.BELOW_TEAM_MINIMUM),
    ],
    ids=[
        "no blind numbers",
        "14, no blind numbers",
        "14",
        "below the minimum, looked",
        "looked",
        "below the team minimum",
        "what the team minimum leaves",
        "below the team minimum, not eligible",
        "not eligible",
        "the deficit met",
        "in sight",
        "blind nil below the team minimum",
    ],
)
def test_a_blind_numbers_reason_comes_in_the_documented_order(
    rules: Ruleset, move: Move, look: bool, reason: Reason | None
) -> None:
    """Seat 1, whose side trails by 260 and whose partner bid 2: a blind bid out of range,
    then where the rules have none or below their minimum, after a look, below what the
    team minimum leaves, then short of the deficit.

    Rules: ref-reasons, rule-blind-bids, rule-team-minimum.
    """
    assert _blind_number_refusal(rules, move, look=look) is reason


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (BLIND_NUMBERS, "bid blind 6 to 13, or look at your hand before you bid"),
        (
            attrs.evolve(BLIND_NUMBERS, blind_nil=True, blind_nil_deficit=None),
            "bid blind (nil, or 6 to 13), or look at your hand before you bid",
        ),
        (
            attrs.evolve(BLIND_NUMBERS, blind_bid_minimum=13),
            "bid blind 13, or look at your hand before you bid",
        ),
        (
            attrs.evolve(
                BLIND_NUMBERS, blind_nil=True, blind_nil_deficit=None, blind_bid_deficit=1
            ),
            "bid blind nil, or look at your hand before you bid",
        ),
    ],
    ids=["numbers", "nil and numbers", "13", "nil only"],
)
def test_a_bid_in_sight_before_looking_names_the_blind_bids_open_to_her(
    rules: Ruleset, words: str
) -> None:
    """Every bid in sight by a seat whose hand is face down is refused, naming what she
    may bid blind.

    Rules: rule-blind-bids, rule-blind-nil.
    """
    state = new_game(rules, seed=1)
    for n in range(14):
        with pytest.raises(IllegalMoveError) as info:
            check_move(state, Bid(n))
        assert info.value.reason is Reason.HAND_NOT_SEEN
        assert str(info.value) == f"'bid {'nil' if n == 0 else n}' by seat 1 is illegal: {words}"


def test_no_blind_number_rules_say_they_have_none_and_two_players_too() -> None:
    """Rules without blind numbers refuse them as such, saying whether blind nil is open;
    two players, who have none but double nil, too.

    Rule: rule-blind-bids.
    """
    cases = (
        (new_game(CLASSIC, seed=1), "these rules have no blind bids"),
        (new_game(TWO_HANDED, seed=1), "these rules have no blind bid but blind nil"),
    )
    for state, words in cases:
        with pytest.raises(IllegalMoveError) as info:
            check_move(state, Bid(6, blind=True))
        assert info.value.reason is Reason.BLIND_BID_NOT_ALLOWED
        assert str(info.value).endswith(words)
