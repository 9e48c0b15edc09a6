"""Bidding: any bid whatever was bid before, contracts above 13, and the blind nil card
pass between partners."""

from __future__ import annotations

import random

import pytest

from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    Bid,
    CardPass,
    Look,
    Pass,
    Phase,
    Ruleset,
    State,
    apply,
    is_legal,
    legal_moves,
    new_game,
    score_round,
)

NUMBERED = tuple(Bid(n) for n in range(1, 14))


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
