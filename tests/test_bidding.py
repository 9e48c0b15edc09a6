"""Bidding: any bid whatever was bid before, contracts above 13, the card pass between
partners after a blind nil or a nil (who passes how many), the team minimum, the
readings of a bid of zero and Suicide."""

from __future__ import annotations

import random
import re
from itertools import combinations
from typing import Any

import attrs
import numpy as np
import pytest

from helpers import BLIND_NUMBERS, bid_in_view, trailing
from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    CardPass,
    Deck,
    Direction,
    IllegalMoveError,
    Look,
    Pass,
    Phase,
    Reason,
    Ruleset,
    RulesetError,
    SpadesError,
    State,
    Suit,
    allowed_bids,
    apply,
    blind_numbers,
    card_passes,
    check_move,
    is_legal,
    legal_moves,
    lowest_bid,
    may_bid_blind,
    new_game,
    observe,
    parse_move,
    score_round,
)
from spades._legal import bid_moves

C = Card.parse

NUMBERED = tuple(Bid(n) for n in range(1, 14))
BLIND = Bid(0, blind=True)


@pytest.mark.parametrize("rules", [CLASSIC, MINIOKEY])
def test_any_bid_is_allowed_whatever_was_bid_before(rules: Ruleset) -> None:
    """Each player bids once, any number from 1 to 13 or nil, whatever was bid before her.

    A player whose partner bid nil bids normally; both partners may bid nil.

    Rules: rule-bidding, rule-nil.
    """
    rng = random.Random(5)
    for _ in range(20):
        state = new_game(rules, seed=rng.randrange(2**32))
        for _ in range(4):
            assert state.phase is Phase.BIDDING
            assert legal_moves(state) == (Bid(0), *NUMBERED)
            state = apply(state, rng.choice((Bid(0), Bid(13), *NUMBERED)))
        assert state.phase is Phase.PLAYING
        assert all(bid is not None for bid in state.bids)


def test_a_contract_above_13_may_be_bid_and_is_then_missed() -> None:
    """A side's contract may exceed 13; it is then certainly missed.

    Rule: rule-bidding.
    """
    state = new_game(CLASSIC, seed=2)
    for n in (7, 9, 7, 9):
        state = apply(state, Bid(n))
    assert state.phase is Phase.PLAYING
    bids = [bid for bid in state.bids if bid is not None]
    assert [bid.n for bid in bids] == [9, 7, 9, 7]
    for tricks in ([13, 0, 0, 0], [7, 0, 6, 0], [0, 7, 0, 6], [3, 4, 3, 3]):
        score = score_round(CLASSIC, bids, tricks)
        assert [side.contract for side in score.sides] == [18, 14]
        assert not any(side.made for side in score.sides)
        assert score.points == (-180, -140)
        assert score.bags == (0, 0)


# --- the blind nil card pass --------------------------------------------------------------

BLIND_PASS_TWO = Ruleset(blind_nil=True, blind_nil_deficit=None, blind_nil_pass=2)


def after_blind_nil_by(seat: int) -> State:
    """Dealt from `DECK`, dealer 0: ``seat`` bids blind nil, everybody else looks and bids 3."""
    state = new_game(BLIND_PASS_TWO, deck=DECK)
    while state.phase is Phase.BIDDING:
        if state.to_move == seat:
            state = apply(state, Bid(0, blind=True))
        elif Look() in legal_moves(state):
            state = apply(state, Look())
        else:
            state = apply(state, Bid(3))
    return state


def test_the_partner_may_pass_back_the_cards_she_has_just_received() -> None:
    """The bidder passes K cards to her partner; the partner passes back any K she then holds,
    including the cards she just received. The cards change hands at once (the partner holds
    13 + K cards until she passes back), and each hand holds 13 again after the exchange.

    Rule: rule-card-pass.
    """
    state = after_blind_nil_by(1)
    assert state.phase is Phase.PASSING
    assert state.to_move == 1
    before = (state.hand(1), state.hand(3))
    given = Pass(before[0][-2:])
    state = apply(state, given)
    assert (len(state.hand(1)), len(state.hand(3))) == (11, 15)
    assert set(given.cards) <= set(state.hand(3))
    assert not set(given.cards) & set(state.hand(1))
    assert state.to_move == 3
    back = Pass(given.cards)
    assert back in legal_moves(state)
    assert is_legal(state, back)
    state = apply(state, back)
    assert (state.hand(1), state.hand(3)) == before
    assert all(len(state.hand(seat)) == 13 for seat in range(4))
    assert state.passes == (CardPass(1, given.cards), CardPass(3, back.cards))
    assert state.phase is Phase.PLAYING
    assert state.to_move == 1


def test_a_pass_is_exactly_k_cards() -> None:
    """The blind nil bidder passes exactly K cards: fewer or more are illegal.

    Rule: rule-card-pass.
    """
    state = after_blind_nil_by(1)
    hand = state.hand(1)
    assert {len(move.cards) for move in legal_moves(state)} == {2}  # type: ignore[union-attr]
    for size in (0, 1, 3, 13):
        assert not is_legal(state, Pass(hand[:size]))
    assert is_legal(state, Pass(hand[:2]))


# --- who passes how many cards: card_passes ----------------------------------------------

NIL = Bid(0)
BOTH_PASSES = Ruleset(blind_nil=True, blind_nil_deficit=None, nil_pass=3, blind_nil_pass=1)
"""A nil passes 3 cards, a blind nil 1: the counts tell the kinds apart."""


def _bids(**by_seat: Bid) -> tuple[Bid, ...]:
    """Four bids by seat (``s0`` to ``s3``): 4 for the seats not named."""
    return tuple(by_seat.get(f"s{seat}", Bid(4)) for seat in range(4))


@pytest.mark.parametrize(
    ("bids", "first", "expected"),
    [
        (_bids(), 1, ()),
        (_bids(s2=NIL), 1, ((2, 3), (0, 3))),
        (_bids(s2=BLIND), 1, ((2, 1), (0, 1))),
        # Both partners nil: the one who bid first passes, once for the side.
        (_bids(s1=NIL, s3=NIL), 1, ((1, 3), (3, 3))),
        (_bids(s1=NIL, s3=NIL), 2, ((3, 3), (1, 3))),
        # A nil and a blind nil: the side passes as a blind nil side, the blind bidder first.
        (_bids(s1=NIL, s3=BLIND), 1, ((3, 1), (1, 1))),
        (_bids(s1=BLIND, s3=BLIND), 3, ((3, 1), (1, 1))),
        # Both sides: the side whose passer bid first passes first.
        (_bids(s0=NIL, s1=BLIND), 1, ((1, 1), (3, 1), (0, 3), (2, 3))),
        (_bids(s0=NIL, s1=BLIND), 0, ((0, 3), (2, 3), (1, 1), (3, 1))),
        (_bids(s2=NIL, s1=NIL, s3=BLIND), 1, ((2, 3), (0, 3), (3, 1), (1, 1))),
        (_bids(s0=NIL, s1=NIL, s2=NIL, s3=NIL), 2, ((2, 3), (0, 3), (3, 3), (1, 3))),
    ],
    ids=[
        "no nil",
        "a nil",
        "a blind nil",
        "two nils, first",
        "two nils, the other first",
        "nil and blind nil",
        "two blind nils",
        "both sides, blind first",
        "both sides, nil first",
        "the passer of a mixed side is its blind bidder",
        "four nils",
    ],
)
def test_card_passes_name_each_sides_passer_count_and_turn(
    bids: tuple[Bid, ...], first: int, expected: tuple[tuple[int, int], ...]
) -> None:
    """Per side, its first blind nil bidder passes, else its first nil bidder; the count is
    the blind nil's or the nil's; her partner passes back as many; sides go in the order
    their passers bid, from the first bidder.

    Rules: rule-card-pass, reading-card-pass.
    """
    assert card_passes(BOTH_PASSES, bids, first_bidder=first) == expected
    assert card_passes(BOTH_PASSES, list(bids), first_bidder=np.int64(first)) == expected


def test_card_passes_follow_the_bidding_order_counterclockwise() -> None:
    """Bidding runs 3, 2, 1, 0 from seat 3 under counter-clockwise play, so seat 2's side
    passes first though seat 1's nil is blind.

    Rules: rule-card-pass, rule-direction.
    """
    rules = attrs.evolve(BOTH_PASSES, direction=Direction.COUNTERCLOCKWISE)
    bids = _bids(s1=BLIND, s2=NIL)
    assert card_passes(rules, bids, first_bidder=3) == ((2, 3), (0, 3), (1, 1), (3, 1))
    assert card_passes(BOTH_PASSES, bids, first_bidder=3) == ((1, 1), (3, 1), (2, 3), (0, 3))


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (attrs.evolve(BOTH_PASSES, nil_pass=0), ((3, 1), (1, 1))),
        (attrs.evolve(BOTH_PASSES, blind_nil_pass=0), ((0, 3), (2, 3))),
        (attrs.evolve(BOTH_PASSES, nil_pass=0, blind_nil_pass=0), ()),
        (attrs.evolve(BOTH_PASSES, nil_pass=4, blind_nil_pass=4), ((0, 4), (2, 4), (3, 4), (1, 4))),
    ],
    ids=["no nil pass", "no blind nil pass", "neither", "four cards each"],
)
def test_a_side_whose_count_is_zero_does_not_pass(
    rules: Ruleset, expected: tuple[tuple[int, int], ...]
) -> None:
    """Seat 0 bids nil, seat 3 blind nil and seat 1 nil: seat 3's side passes the blind
    nil's count, or not at all when it is 0, though seat 1's nil has a count.

    Rules: rule-card-pass, reading-card-pass.
    """
    bids = _bids(s0=NIL, s1=NIL, s3=BLIND)
    assert card_passes(rules, bids, first_bidder=0) == expected


def _passing(rules: Ruleset, *moves: str) -> State:
    """Dealt from `DECK`, dealer 0 (seat 1 bids first): the bids made in turn, looking
    first when blind nil is open."""
    state = new_game(rules, deck=DECK)
    for move in moves:
        if move != "bid blind nil" and Look() in legal_moves(state):
            state = apply(state, Look())
        state = apply(state, parse_move(move))
    return state


def test_each_pass_is_its_sides_count_and_any_other_size_is_refused() -> None:
    """Seat 1 bids blind nil (1 card), seat 2 nil (3 cards): seats 1 and 3 pass one card
    each, then seats 2 and 0 three. Every legal pass is the count due, from the passer's
    hand, and her view lists the same; any other size is `wrong_pass_size`, whose
    message says the count due.

    Rules: rule-card-pass, ref-reasons.
    """
    state = _passing(BOTH_PASSES, "bid blind nil", "bid nil", "bid 4", "bid 4")
    assert state.phase is Phase.PASSING
    for seat, count in ((1, 1), (3, 1), (2, 3), (0, 3)):
        assert state.to_move == seat
        hand = state.hand(seat)
        moves = legal_moves(state)
        assert moves == tuple(Pass(chosen) for chosen in combinations(hand, count))
        assert legal_moves(observe(state, seat)) == moves
        for size in {0, 1, 2, 3, 4} - {count}:
            with pytest.raises(IllegalMoveError) as info:
                check_move(state, Pass(hand[:size]))
            assert info.value.reason is Reason.WRONG_PASS_SIZE
            assert str(info.value).endswith(
                f"pass exactly {count} {'cards' if count > 1 else 'card'}"
            )
            assert not is_legal(observe(state, seat), Pass(hand[:size]))
        state = apply(state, moves[-1])
    assert state.phase is Phase.PLAYING
    assert [(entry.seat, len(entry.cards or ())) for entry in state.passes] == [
        (1, 1),
        (3, 1),
        (2, 3),
        (0, 3),
    ]


def test_a_pass_of_four_cards_from_a_hand_of_seventeen() -> None:
    """The partner of a four-card passer holds 17 cards and passes back any four of them.

    Rule: rule-card-pass.
    """
    rules = Ruleset(nil_pass=4)
    state = _passing(rules, "bid 4", "bid nil", "bid 4", "bid 4")
    assert card_passes(rules, state.bids, first_bidder=1) == ((2, 4), (0, 4))
    assert len(legal_moves(state)) == 715  # 13 cards, 4 at a time
    state = apply(state, legal_moves(state)[0])
    assert (state.to_move, len(state.hand(0)), len(state.hand(2))) == (0, 17, 9)
    assert len(legal_moves(state)) == 2380  # 17 cards, 4 at a time
    state = apply(state, legal_moves(state)[-1])
    assert [len(hand) for hand in state.hands] == [13] * 4
    assert state.phase is Phase.PLAYING


def test_without_a_nil_pass_a_nil_side_does_not_pass() -> None:
    """The sources' rules: only a blind nil passes (rule-card-pass).

    Rules: rule-card-pass, reading-card-pass.
    """
    rules = attrs.evolve(BOTH_PASSES, nil_pass=0)
    state = _passing(rules, "bid 4", "bid nil", "bid 4", "bid nil")
    assert (state.phase, state.passes, state.to_move) == (Phase.PLAYING, (), 1)
    state = _passing(rules, "bid 4", "bid nil", "bid blind nil", "bid nil")
    assert (state.phase, state.to_move) == (Phase.PASSING, 3)
    assert {len(move.cards) for move in legal_moves(state)} == {1}  # type: ignore[union-attr]


def test_card_passes_before_the_last_bid_and_with_two_players_are_none() -> None:
    """Rules: rule-card-pass, rule-two-ruleset."""
    assert card_passes(BOTH_PASSES, (NIL, NIL, NIL, None), first_bidder=1) == ()
    assert card_passes(BOTH_PASSES, [None] * 4, first_bidder=0) == ()
    assert card_passes(TWO_HANDED, (BLIND, NIL), first_bidder=1) == ()


@pytest.mark.parametrize(
    ("rules", "bids", "first", "error", "message"),
    [
        ("classic", _bids(), 1, TypeError, "card_passes takes a Ruleset, not str"),
        (BOTH_PASSES, _bids()[:3], 1, TypeError, "bids is a tuple or list of 4 bids or None"),
        (TWO_HANDED, _bids(), 1, TypeError, "bids is a tuple or list of 2 bids or None"),
        (BOTH_PASSES, "bid nil", 1, TypeError, "bids is a tuple or list of 4 bids or None"),
        (BOTH_PASSES, iter(_bids()), 1, TypeError, "bids is a tuple or list of 4 bids"),
        (BOTH_PASSES, (0, 4, 4, 4), 1, TypeError, "bids holds a Bid or None for each seat, not 0"),
        (BOTH_PASSES, _bids(), 4, SpadesError, "a first bidder is a number from 0 to 3, not 4"),
        (BOTH_PASSES, _bids(), -1, SpadesError, "a first bidder is a number from 0 to 3"),
        (BOTH_PASSES, _bids(), True, TypeError, "a first bidder is a number from 0 to 3, not True"),
        (BOTH_PASSES, _bids(), 1.0, TypeError, "a first bidder is a number from 0 to 3, not 1.0"),
        (TWO_HANDED, (NIL, None), 2, SpadesError, "a first bidder is a number from 0 to 1, not 2"),
    ],
    ids=[
        "a name for the rules",
        "three bids",
        "four bids for two players",
        "a text",
        "an iterator",
        "a number for a bid",
        "first bidder 4",
        "first bidder -1",
        "a bool",
        "a float",
        "two players' seat 2",
    ],
)
def test_card_passes_checks_its_arguments(
    rules: object, bids: object, first: object, error: type[Exception], message: str
) -> None:
    """Rule: rule-card-pass."""
    with pytest.raises(error, match=re.escape(message)):
        card_passes(rules, bids, first_bidder=first)  # type: ignore[arg-type]


def test_card_passes_takes_its_first_bidder_by_keyword() -> None:
    """Rule: rule-card-pass."""
    with pytest.raises(TypeError):
        card_passes(BOTH_PASSES, _bids(s0=NIL), 1)  # type: ignore[call-arg]


# --- the team minimum ---------------------------------------------------------------------

BLIND_OPEN = Ruleset(blind_nil=True, blind_nil_deficit=None, blind_nil_pass=0)


@pytest.mark.parametrize("minimum", [1, 4, 13])
@pytest.mark.parametrize(
    "rules",
    [CLASSIC, MINIOKEY, Ruleset(nil=False), Ruleset(nil=False, zero_contract=True), BLIND_OPEN],
    ids=["classic", "miniokey", "no nil", "zero contract", "blind nil open"],
)
def test_the_second_bidder_of_a_side_bids_what_is_missing(rules: Ruleset, minimum: int) -> None:
    """Each bidder's legal bids start at `lowest_bid`; every side's bids reach the minimum.

    The first of two partners bids as the rules allow; the second from what the first
    bid leaves missing, nil and blind nil counting as zero, up to 13. Random rounds.

    Rules: rule-team-minimum, rule-bidding, reading-zero-bid.
    """
    rules = attrs.evolve(rules, team_minimum=minimum)
    rng = random.Random(minimum)
    zero = rules.nil or rules.zero_contract
    for _ in range(15):
        state = new_game(rules, seed=rng.randrange(2**32), dealer=rng.randrange(4))
        while state.phase is Phase.BIDDING:
            seat = state.to_move
            assert seat is not None
            mate = state.bids[(seat + 2) % 4]
            missing = 0 if mate is None else max(0, minimum - mate.n)
            assert lowest_bid(rules, state.bids, seat) == missing
            moves = legal_moves(state)
            if moves == (BLIND, Look()):
                assert missing == 0
            else:
                first = missing or (0 if zero else 1)
                assert moves == tuple(Bid(n) for n in range(first, 14))
            state = apply(state, rng.choice(moves))
        for side in (0, 2), (1, 3):
            made = [bid.n for bid in (state.bids[seat] for seat in side) if bid is not None]
            assert len(made) == 2
            assert sum(made) >= minimum


def _after(rules: Ruleset, *moves: str) -> State:
    """Dealt from `DECK`, dealer 0 (seat 1 bids first): the moves made in turn."""
    state = new_game(rules, deck=DECK)
    for move in moves:
        state = apply(state, parse_move(move))
    return state


def test_nil_by_the_second_bidder_only_when_her_partner_reaches_the_minimum() -> None:
    """A nil counts as zero: after a 4 her partner may bid nil, after a 3 she bids 1 or more.

    Rule: rule-team-minimum.
    """
    rules = Ruleset(team_minimum=4)
    reached = _after(rules, "bid 4", "bid 2")
    assert reached.to_move == 3
    assert legal_moves(reached) == (Bid(0), *NUMBERED)
    short = _after(rules, "bid 3", "bid 2")
    assert legal_moves(short) == NUMBERED
    assert not is_legal(short, Bid(0))
    both = _after(rules, "bid nil", "bid 2")  # the first partner's nil leaves the whole 4
    assert legal_moves(both) == NUMBERED[3:]


def test_blind_nil_is_closed_to_the_second_bidder_while_something_is_missing() -> None:
    """Her hand is then in view from her partner's bid: she bids without a look.

    Rules: rule-team-minimum, rule-blind-nil.
    """
    rules = attrs.evolve(BLIND_OPEN, team_minimum=4)
    state = _after(rules, "bid blind nil", "look", "bid 2")
    assert state.to_move == 3
    assert not may_bid_blind(state, 3)
    assert observe(state, 3).hand == state.hand(3)
    assert legal_moves(state) == NUMBERED[3:]
    assert legal_moves(observe(state, 3)) == NUMBERED[3:]
    opened = _after(rules, "look", "bid 4", "look", "bid 2")  # her partner's 4 misses nothing
    assert legal_moves(opened) == (BLIND, Look())
    assert observe(opened, 3).hand is None


def test_no_minimum_leaves_every_bid_legal() -> None:
    """Without a minimum (the default and every preset) the second bidder bids anything.

    Rules: rule-team-minimum, rule-bidding.
    """
    for rules in (CLASSIC, MINIOKEY, Ruleset(team_minimum=0)):
        assert rules.team_minimum == 0
        assert legal_moves(_after(rules, "bid nil", "bid 2")) == (Bid(0), *NUMBERED)
    assert lowest_bid(TWO_HANDED, [Bid(0), None], 1) == 0


def test_two_players_have_no_team_minimum() -> None:
    """Rule: rule-team-minimum."""
    with pytest.raises(RulesetError, match="team_minimum must be 0"):
        Ruleset(players=2, team_minimum=4)
    assert Ruleset(team_minimum=13).team_minimum == 13
    with pytest.raises(RulesetError):
        Ruleset(team_minimum=14)


BAD_BID_ARGUMENTS: dict[str, Any] = {
    "argvalues": [
        ((Bid(1), None, None), 2, TypeError, "bids is a tuple or list of 4 bids or None, by seat"),
        ("bid 1", 2, TypeError, "bids is a tuple or list of 4 bids or None, by seat"),
        ((1, None, None, None), 2, TypeError, "bids holds a Bid or None for each seat, not 1"),
        ((None,) * 4, 4, SpadesError, "a seat is a number from 0 to 3, not 4"),
        ((None,) * 4, True, TypeError, "a seat is a number from 0 to 3, not True"),
    ],
    "ids": ["three bids", "a text", "a number for a bid", "seat 4", "a bool for a seat"],
}
"""Bids and a seat that `lowest_bid` and `allowed_bids` refuse alike, with the error."""


@pytest.mark.parametrize(("bids", "seat", "error", "message"), **BAD_BID_ARGUMENTS)
def test_lowest_bid_checks_its_arguments(
    bids: object, seat: object, error: type[Exception], message: str
) -> None:
    """Rule: rule-team-minimum."""
    with pytest.raises(error, match=re.escape(message)):
        lowest_bid(Ruleset(team_minimum=4), bids, seat)  # type: ignore[arg-type]
    assert lowest_bid(Ruleset(team_minimum=4), [Bid(1), None, None, None], np.int64(2)) == 3


# --- a bid of zero ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 2])
def test_a_zero_contract_is_bid_as_zero_before_the_numbers(players: int) -> None:
    """Zero is nil, refused, or a contract of no tricks, as `nil` and `zero_contract` say.

    Rules: reading-zero-bid, rule-nil.
    """
    zero = Ruleset(players=players, nil=False, blind_nil=False, zero_contract=True)
    refused = Ruleset(players=players, nil=False, blind_nil=False)
    for rules, expected in ((zero, (Bid(0), *NUMBERED)), (refused, NUMBERED)):
        state = new_game(rules, seed=3)
        while state.phase is not Phase.BIDDING:
            state = apply(state, legal_moves(state)[0])  # two players draw first
        assert legal_moves(state) == expected
        assert is_legal(state, Bid(0)) is (rules is zero)
        assert not is_legal(state, BLIND)


# --- Suicide --------------------------------------------------------------------------------

SUICIDE = Ruleset(bidding=Bidding.SUICIDE)
FOUR_UP = tuple(range(4, 14))


@pytest.mark.parametrize(
    ("rules", "bids", "seat", "expected"),
    [
        (CLASSIC, (None, Bid(5), None, None), 3, tuple(range(14))),
        (Ruleset(nil=False), (None,) * 4, 1, tuple(range(1, 14))),
        (Ruleset(nil=False, zero_contract=True), (None,) * 4, 1, tuple(range(14))),
        (Ruleset(team_minimum=4), (None, Bid(1), None, None), 3, tuple(range(3, 14))),
        (Ruleset(team_minimum=4), (None, Bid(0), None, None), 3, FOUR_UP),
        (Ruleset(team_minimum=4), (None, Bid(4), None, None), 3, tuple(range(14))),
        (Ruleset(team_minimum=4), (None, Bid(1), None, None), 2, tuple(range(14))),
        (SUICIDE, (None,) * 4, 1, (0, *FOUR_UP)),
        (SUICIDE, (None, Bid(5), Bid(0), None), 0, FOUR_UP),
        (SUICIDE, (None, Bid(5), Bid(0), None), 3, (0,)),
        (SUICIDE, (None, Bid(0), None, None), 3, FOUR_UP),
        (SUICIDE, (None, Bid(13), None, None), 3, (0,)),
        (SUICIDE, (None, Bid(4), None, None), 2, (0, *FOUR_UP)),
        (TWO_HANDED, (Bid(0), None), 1, tuple(range(14))),
    ],
    ids=[
        "open",
        "no nil",
        "zero contract",
        "minimum, after 1",
        "minimum, after nil",
        "minimum, after 4",
        "minimum, the other side",
        "suicide, first",
        "suicide, after nil",
        "suicide, after 5",
        "suicide, after nil, seat 3",
        "suicide, after 13",
        "suicide, the other side",
        "two players",
    ],
)
def test_allowed_bids_are_each_cases_bids(
    rules: Ruleset, bids: tuple[Bid | None, ...], seat: int, expected: tuple[int, ...]
) -> None:
    """From the team minimum's lowest bid to 13, zero where the rules have one; under
    Suicide nil or 4 to 13 first, then the other part; as `bid_moves` gives them.

    Rules: rule-suicide, rule-team-minimum, reading-zero-bid, rule-bidding.
    """
    assert allowed_bids(rules, bids, seat) == expected
    assert allowed_bids(rules, list(bids), seat) == expected
    assert tuple(bid.n for bid in bid_moves(rules, bids, seat)) == expected


@pytest.mark.parametrize(("bids", "seat", "error", "message"), **BAD_BID_ARGUMENTS)
def test_allowed_bids_checks_its_arguments(
    bids: object, seat: object, error: type[Exception], message: str
) -> None:
    """Rule: rule-suicide."""
    with pytest.raises(error, match=re.escape(message)):
        allowed_bids(SUICIDE, bids, seat)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="allowed_bids takes a Ruleset, not dict"):
        allowed_bids({}, [None] * 4, 0)  # type: ignore[arg-type]
    assert allowed_bids(SUICIDE, [Bid(5), None, None, None], np.int64(2)) == (0,)


@pytest.mark.parametrize("direction", list(Direction), ids=lambda direction: direction.name)
def test_under_suicide_each_side_bids_a_nil_and_four_or_more(direction: Direction) -> None:
    """In random rounds from every dealer, each bidder's legal moves are her allowed bids,
    and whatever she picks each side ends with one nil and one number of 4 or more.

    Rule: rule-suicide.
    """
    rules = attrs.evolve(SUICIDE, direction=direction)
    rng = random.Random(direction.value)
    for _ in range(12):
        state = new_game(rules, seed=rng.randrange(2**32), dealer=rng.randrange(4))
        while state.phase is Phase.BIDDING:
            seat = state.to_move
            assert seat is not None
            allowed = allowed_bids(rules, state.bids, seat)
            assert legal_moves(state) == tuple(Bid(n) for n in allowed)
            assert observe(state, seat).legal_moves() == legal_moves(state)
            state = apply(state, Bid(rng.choice(allowed)))
        for side in (0, 1):
            pair = sorted(state.bids[seat].n for seat in (side, side + 2))  # type: ignore[union-attr]
            assert pair[0] == 0
            assert pair[1] >= 4


def test_suicide_scores_as_open_bidding() -> None:
    """The nil is scored as a nil and the number as the side's contract.

    Rule: rule-suicide.
    """
    bids = [Bid(5), Bid(0), Bid(0), Bid(6)]
    tricks = [6, 0, 1, 6]
    assert score_round(SUICIDE, bids, tricks) == score_round(CLASSIC, bids, tricks)


# --- Whiz and Mirror --------------------------------------------------------------------------

WHIZ = Ruleset(bidding=Bidding.WHIZ)
MIRROR = Ruleset(bidding=Bidding.MIRROR)
WHIZ_ZERO = Ruleset(bidding=Bidding.WHIZ, nil=False, zero_contract=True)
MIRROR_ZERO = Ruleset(bidding=Bidding.MIRROR, nil=False, zero_contract=True)


def _hand(spades: int) -> list[Card]:
    """Thirteen cards, ``spades`` of them spades (from the ace down), hearts and clubs after."""
    cards = [card for card in DECK if card.suit is Suit.SPADES][::-1][:spades]
    return cards + [card for card in DECK if card.suit is not Suit.SPADES][: 13 - spades]


@pytest.mark.parametrize(
    ("rules", "spades", "expected"),
    [
        (WHIZ, 3, (0, 3)),
        (WHIZ, 1, (0, 1)),
        (WHIZ, 13, (0, 13)),
        (WHIZ, 0, (0,)),
        (MIRROR, 3, (3,)),
        (MIRROR, 13, (13,)),
        (MIRROR, 0, (0,)),
        (WHIZ_ZERO, 4, (0, 4)),
        (WHIZ_ZERO, 0, (0,)),
        (MIRROR_ZERO, 0, (0,)),
        (MIRROR_ZERO, 5, (5,)),
    ],
)
def test_allowed_bids_under_whiz_and_mirror_are_her_count_of_spades(
    rules: Ruleset, spades: int, expected: tuple[int, ...]
) -> None:
    """Whiz: her number of spades or nil (nil alone with none); Mirror: her number alone;
    a zero contract takes nil's place; whatever the others bid; as `bid_moves` gives them.

    Rules: rule-whiz, rule-mirror, reading-zero-bid.
    """
    hand = _hand(spades)
    for bids in ((None,) * 4, (None, Bid(0), None, None), (Bid(7), Bid(2), None, None)):
        assert allowed_bids(rules, bids, 2, hand=hand) == expected
        assert allowed_bids(rules, list(bids), 2, hand=tuple(hand[::-1])) == expected
        assert allowed_bids(rules, bids, 2, hand=iter(hand)) == expected
        mask = sum(card.bit for card in hand)
        assert tuple(bid.n for bid in bid_moves(rules, bids, 2, mask)) == expected
    only_spades = [card for card in hand if card.suit is Suit.SPADES]  # fewer cards, same count
    assert allowed_bids(rules, (None,) * 4, 2, hand=only_spades) == expected


@pytest.mark.parametrize("rules", [CLASSIC, Ruleset(bidding=Bidding.SUICIDE), Ruleset(nil=False)])
def test_allowed_bids_ignores_a_hand_outside_whiz_and_mirror(rules: Ruleset) -> None:
    """The other modes read no hand: passing one changes nothing (checked all the same).

    Rules: rule-whiz, rule-bidding.
    """
    bids = (None, Bid(4), None, None)
    assert allowed_bids(rules, bids, 3, hand=_hand(5)) == allowed_bids(rules, bids, 3)
    assert allowed_bids(rules, bids, 3, hand=()) == allowed_bids(rules, bids, 3)
    with pytest.raises(TypeError, match="hand holds cards, not 1"):
        allowed_bids(rules, bids, 3, hand=[1])  # type: ignore[list-item]


@pytest.mark.parametrize(("rules", "name"), [(WHIZ, "Whiz"), (MIRROR, "Mirror")])
def test_whiz_and_mirror_need_the_hand(rules: Ruleset, name: str) -> None:
    """Rules: rule-whiz, rule-mirror."""
    message = f"under {name} a bid is read from the bidder's number of spades: pass her hand="
    with pytest.raises(TypeError, match=re.escape(message)):
        allowed_bids(rules, (None,) * 4, 0)
    with pytest.raises(TypeError, match=re.escape(message)):
        allowed_bids(rules, (None,) * 4, 0, hand=None)


@pytest.mark.parametrize(
    ("hand", "error", "message"),
    [
        ("AS KS", TypeError, "hand is an iterable of cards, not 'AS KS'"),
        (b"AS", TypeError, "hand is an iterable of cards, not b'AS'"),
        (3, TypeError, "hand is an iterable of cards, not 3"),
        ([C("AS"), "KS"], TypeError, "hand holds cards, not 'KS'"),
        ([C("AS"), None], TypeError, "hand holds cards, not None"),
        ([C("AS"), C("KS"), C("AS")], SpadesError, "hand holds AS twice"),
        (list(DECK[:14]), SpadesError, "a hand at the bidding holds 13 cards, not 14"),
        (list(DECK), SpadesError, "a hand at the bidding holds 13 cards, not 52"),
    ],
    ids=["a text", "bytes", "a number", "a text card", "None", "twice", "14 cards", "the deck"],
)
def test_allowed_bids_checks_the_hand(hand: object, error: type[Exception], message: str) -> None:
    """Rule: rule-whiz."""
    for rules in (WHIZ, MIRROR, CLASSIC):
        with pytest.raises(error, match=re.escape(message)):
            allowed_bids(rules, (None,) * 4, 0, hand=hand)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [WHIZ, MIRROR, WHIZ_ZERO, MIRROR_ZERO])
def test_under_whiz_and_mirror_every_bid_is_the_dealt_count_of_spades(rules: Ruleset) -> None:
    """In random rounds from every dealer, each bidder's legal moves are her allowed bids for
    her hand, nil first, her view's too; the bids are scored as open bidding.

    Rules: rule-whiz, rule-mirror.
    """
    rng = random.Random(str(rules.bidding) + str(rules.nil))
    for _ in range(12):
        state = new_game(rules, seed=rng.randrange(2**32), dealer=rng.randrange(4))
        while state.phase is Phase.BIDDING:
            seat = state.to_move
            assert seat is not None
            count = sum(card.suit is Suit.SPADES for card in state.hand(seat))
            allowed = allowed_bids(rules, state.bids, seat, hand=state.hand(seat))
            expected = (count,) if rules.bidding is Bidding.MIRROR or not count else (0, count)
            assert allowed == expected
            assert legal_moves(state) == tuple(Bid(n) for n in allowed)
            assert observe(state, seat).legal_moves() == legal_moves(state)
            state = apply(state, Bid(rng.choice(allowed)))
        if rules.bidding is Bidding.MIRROR:
            assert sum(bid.n for bid in state.bids if bid is not None) == 13
    bids, tricks = [Bid(4), Bid(0), Bid(3), Bid(6)], [4, 1, 3, 5]
    assert score_round(rules, bids, tricks) == score_round(
        attrs.evolve(rules, bidding=Bidding.OPEN), bids, tricks
    )


# --- blind numbers (rule-blind-bids) ------------------------------------------------------

FROM_6 = tuple(range(6, 14))
BLIND_FROM_6 = tuple(Bid(n, blind=True) for n in FROM_6)


def test_a_face_down_hand_may_bid_a_number_blind_from_the_minimum_or_look() -> None:
    """At any score, every seat to bid may bid 6 to 13 blind, or look; once she looks she
    bids in sight, and a blind number is her bid: she never looked.

    Rule: rule-blind-bids.
    """
    state = new_game(BLIND_NUMBERS, seed=1)
    assert [blind_numbers(state, seat) for seat in range(4)] == [FROM_6] * 4
    assert legal_moves(state) == (*BLIND_FROM_6, Look())
    with_nil = new_game(attrs.evolve(BLIND_NUMBERS, blind_nil=True, blind_nil_deficit=None))
    assert legal_moves(with_nil) == (BLIND, *BLIND_FROM_6, Look())
    looked = apply(state, Look())
    assert blind_numbers(looked, 1) == ()
    assert legal_moves(looked) == (Bid(0), *NUMBERED)
    bid = apply(state, Bid(7, blind=True))
    assert (bid.bids[1], bid.looked[1], bid.to_move) == (Bid(7, blind=True), False, 2)
    assert bid.hand(1) == state.hand(1)
    assert legal_moves(bid) == (*BLIND_FROM_6, Look())  # seat 2 is face down too
    with pytest.raises(IllegalMoveError) as info:  # no fast path past a face-down hand
        apply(state, Bid(7))
    assert info.value.reason is Reason.HAND_NOT_SEEN


@pytest.mark.parametrize(
    ("deficit", "open_to_3"), [(None, True), (0, True), (260, True), (261, False)]
)
def test_blind_numbers_need_the_side_to_trail_by_the_deficit(
    deficit: int | None, open_to_3: bool
) -> None:
    """Round 2, side 1 260 points behind: seat 2's side leads and bids in sight (but at any
    score); seat 3 may bid blind where the deficit is met.

    Rules: rule-blind-bids, rule-blind-nil-eligibility.
    """
    state = trailing(Ruleset(blind_bid_minimum=6, blind_bid_deficit=deficit))
    assert blind_numbers(state, 2) == (FROM_6 if deficit is None else ())
    assert blind_numbers(state, 3) == (FROM_6 if open_to_3 else ())
    state = bid_in_view(state, 3)
    assert state.to_move == 3
    assert legal_moves(state) == ((*BLIND_FROM_6, Look()) if open_to_3 else (Bid(0), *NUMBERED))
    assert is_legal(state, Bid(9, blind=True)) is open_to_3


@pytest.mark.parametrize(("minimum", "least"), [(13, 11), (8, 6), (4, 6), (0, 6)])
def test_a_team_minimum_raises_the_least_blind_number(minimum: int, least: int) -> None:
    """Seat 1, whose partner bid 2, may bid blind from the larger of the ruleset's minimum
    and what the team minimum leaves her; her partner, first of the side, from 6.

    Rules: rule-blind-bids, rule-team-minimum.
    """
    rules = Ruleset(blind_bid_minimum=6, team_minimum=minimum)
    state = trailing(rules)
    state = bid_in_view(state, 2)
    assert blind_numbers(state, 3) == FROM_6
    state = bid_in_view(state, 2)
    state = bid_in_view(state, max(minimum - 2, 0))
    assert blind_numbers(state, 1) == tuple(range(least, 14))
    assert legal_moves(state)[0] == Bid(least, blind=True)
    assert blind_numbers(observe(state, 1), 1) == tuple(range(least, 14))


@pytest.mark.parametrize(
    "rules",
    [CLASSIC, Ruleset(blind_nil=True, blind_nil_deficit=None), TWO_HANDED],
    ids=["classic", "blind nil alone", "two players"],
)
def test_rules_without_blind_numbers_open_none(rules: Ruleset) -> None:
    """Rule: rule-blind-bids."""
    state = new_game(rules, seed=1)
    assert all(blind_numbers(state, seat) == () for seat in range(rules.players))
    assert not any(move.blind and move.n for move in legal_moves(state) if isinstance(move, Bid))
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Bid(7, blind=True))
    assert info.value.reason is Reason.BLIND_BID_NOT_ALLOWED


def test_a_view_reads_the_blind_numbers_of_its_own_seat_as_the_state_does() -> None:
    """Rule: rule-blind-bids."""
    for rules in (BLIND_NUMBERS, Ruleset(blind_bid_minimum=9), CLASSIC):
        state = trailing(rules)
        for _ in range(4):
            for seat in range(4):
                assert blind_numbers(observe(state, seat), seat) == blind_numbers(state, seat)
            state = bid_in_view(state, 3)


@pytest.mark.parametrize("value", [CLASSIC, None, (), "state"])
def test_blind_numbers_takes_a_state_or_a_view_and_a_seat(value: object) -> None:
    with pytest.raises(TypeError, match="blind_numbers takes a State or a View, not "):
        blind_numbers(value, 0)  # type: ignore[arg-type]
    state = new_game(BLIND_NUMBERS, seed=1)
    for seat in (4, -1):
        with pytest.raises(SpadesError, match="seat"):
            blind_numbers(state, seat)
    with pytest.raises(TypeError):
        blind_numbers(state, "1")  # type: ignore[arg-type]


def test_allowed_bids_refuses_a_hand_holding_a_card_its_deck_lacks() -> None:
    """A joker under the standard deck, or the 2C under Joker-Joker-Ace, is no card of the
    hand; the deck's own cards are counted.

    Rule: rule-decks.
    """
    whiz = Ruleset(bidding=Bidding.WHIZ)
    texts = ("BJ", "KS", "7S", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH")
    hand = [Card.parse(text) for text in texts]
    with pytest.raises(SpadesError, match="a hand holds BJ, which the standard deck has not"):
        allowed_bids(whiz, [None] * 4, 1, hand=hand)
    jokers = attrs.evolve(whiz, deck=Deck.JOKER_JOKER_ACE)
    assert allowed_bids(jokers, [None] * 4, 1, hand=hand) == (0, 3)
    with pytest.raises(SpadesError, match="a hand holds 2C, which the joker-joker-ace deck"):
        allowed_bids(jokers, [None] * 4, 1, hand=[*hand[1:], Card.parse("2C")])
    with pytest.raises(SpadesError, match="which the standard deck has not"):
        allowed_bids(CLASSIC, [None] * 4, 1, hand=hand)  # checked where it is not read
