"""The engine: legal moves, every illegal-move reason, tricks, blind nil, rounds and game end."""

from __future__ import annotations

import copy
import pickle
import random
from itertools import combinations
from typing import TYPE_CHECKING

import attrs
import pytest

from helpers import (
    ALL_BIDS,
    BLIND,
    BLIND_ANYTIME,
    MIXED,
    SUICIDE,
    C,
    bid_all,
    bid_three_play_first,
    cards,
    expected_moves,
    expected_reason,
    finished_game,
    first_leads,
    looked_state,
    passing_state,
    play,
    play_out_round,
    play_round,
    round_bids,
    second_lead,
    start,
    unseen_state,
)
from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    CardPass,
    IllegalMoveError,
    Look,
    Move,
    Outcome,
    Pass,
    Phase,
    Play,
    Reason,
    Ruleset,
    SpadesLead,
    State,
    Suit,
    Termination,
    Trick,
    View,
    apply,
    check_move,
    deal,
    is_legal,
    legal_moves,
    new_game,
    observe,
    round_deck,
    sample_state,
    score_round,
)
from spades._ending import outcome_after as _outcome
from spades.bots import play_game

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

# Seat 0 will trump clubs and keep a diamond besides her spades.
TRUMPER_KEEPS_A_DIAMOND = {
    1: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
    2: "AC 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    3: "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2S",
    0: "2D 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
}
# Seat 1 leads first and holds nothing but spades.
ONE_SUIT_EACH = {
    1: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    2: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    3: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    0: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
}


def test_helpers_deal_the_hands_they_are_given() -> None:
    for rules in (CLASSIC, MINIOKEY):
        for dealer in range(4):
            state = start(rules, MIXED, dealer=dealer)
            assert state.hands == tuple(tuple(sorted(cards(MIXED[seat]))) for seat in range(4))


# --- bidding ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "step"),
    [(CLASSIC, 1), (MINIOKEY, -1)],
    ids=["classic-left-of-dealer-clockwise", "miniokey-right-of-dealer-counterclockwise"],
)
@pytest.mark.parametrize("dealer", range(4))
def test_first_bidder_sits_next_to_the_dealer_and_bidding_runs_in_the_direction_of_play(
    rules: Ruleset, step: int, dealer: int
) -> None:
    """Rules: rule-direction, rule-bidding."""
    state = new_game(rules, seed=1, dealer=dealer)
    order = []
    while state.phase is Phase.BIDDING:
        order.append(state.to_move)
        state = apply(state, Bid(3))
    assert order == [(dealer + k * step) % 4 for k in (1, 2, 3, 4)]


@pytest.mark.parametrize(("rules", "first"), [(CLASSIC, 3), (MINIOKEY, 1)])
def test_first_bidder_leads_the_first_trick(rules: Ruleset, first: int) -> None:
    """Rules: rule-bidding, rule-play."""
    state = bid_all(new_game(rules, seed=4, dealer=2))
    assert state.phase is Phase.PLAYING
    assert state.to_move == first
    assert state.trick_leader == first
    assert state.trick == ()


def test_bids_are_recorded_by_seat() -> None:
    """Rules: rule-seats, rule-bidding."""
    state = new_game(CLASSIC, seed=2)
    for n in (3, 1, 4, 4):
        state = apply(state, Bid(n))
    assert state.bids == (Bid(4), Bid(3), Bid(1), Bid(4))


def test_legal_bids_are_nil_to_13_in_order() -> None:
    """Rules: rule-bidding, rule-nil."""
    assert legal_moves(new_game(CLASSIC, seed=3)) == ALL_BIDS


def test_without_nil_legal_bids_are_1_to_13() -> None:
    """Rule: rule-nil."""
    state = new_game(Ruleset(nil=False), seed=3)
    assert legal_moves(state) == ALL_BIDS[1:]
    assert not is_legal(state, Bid(0))
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Bid(0))
    assert info.value.reason is Reason.NIL_NOT_ALLOWED


def test_apply_holds_every_bid_to_suicide() -> None:
    """Numbers its fast path for open bidding would take are refused: 1 to 3 first, nil
    after a nil, any number after a number; the rest are bid as `legal_moves` says.

    Rule: rule-suicide.
    """
    state = new_game(SUICIDE, seed=4)
    for bid, refused in ((5, (1, 3)), (0, (1, 2, 3)), (0, (4, 13)), (7, (0, 3))):
        for number in refused:
            with pytest.raises(IllegalMoveError) as info:
                apply(state, Bid(number))
            assert info.value.reason is Reason.BIDDING_MODE
        state = apply(state, Bid(bid))
    assert state.phase is Phase.PLAYING
    assert state.bids == (Bid(7), Bid(5), Bid(0), Bid(0))


@pytest.mark.parametrize("rules", [CLASSIC, Ruleset(blind_nil=True)])
@pytest.mark.parametrize("n", [14, 15, -1, 100])
def test_bids_outside_0_to_13_are_out_of_range(rules: Ruleset, n: int) -> None:
    """Rule: rule-bidding."""
    state = new_game(rules, seed=3)
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Bid(n))
    assert info.value.reason is Reason.BID_OUT_OF_RANGE
    assert not is_legal(state, Bid(n))


def test_a_round_without_blind_nil_is_4_bids_then_52_plays() -> None:
    """Rule: rule-play."""
    state = new_game(CLASSIC, seed=5)
    kinds = []
    while state.round_number == 1:
        moves = legal_moves(state)
        assert len({type(move) for move in moves}) == 1
        kinds.append(type(moves[0]))
        state = apply(state, bid_three_play_first(moves))
    assert kinds == [Bid] * 4 + [Play] * 52


# --- playing ------------------------------------------------------------------------------


def test_leader_may_not_lead_a_spade_before_spades_are_broken() -> None:
    """Rule: rule-spades-broken."""
    state = bid_all(start(CLASSIC, MIXED))
    assert state.to_move == 1
    assert legal_moves(state) == tuple(Play(card) for card in cards(MIXED[1])[:12])
    assert not is_legal(state, Play(C("2S")))
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Play(C("2S")))
    assert info.value.reason is Reason.SPADES_NOT_BROKEN


def test_leader_holding_only_spades_may_lead_one_and_that_breaks_spades() -> None:
    """Rule: rule-spades-broken."""
    state = bid_all(start(CLASSIC, ONE_SUIT_EACH))
    assert not state.spades_broken
    assert legal_moves(state) == tuple(Play(card) for card in cards(ONE_SUIT_EACH[1]))
    state = play(state, "2S")
    assert state.spades_broken
    state = play(state, "2C", "2D", "2H")
    assert state.tricks[-1] == Trick(1, (C("2S"), C("2C"), C("2D"), C("2H")), 1)


def test_must_follow_suit_when_able() -> None:
    """Rule: rule-follow-suit."""
    state = play(bid_all(start(CLASSIC, MIXED)), "2C")
    assert legal_moves(state) == (Play(C("AC")),)
    for card in cards(MIXED[2])[1:]:
        assert not is_legal(state, Play(card))
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Play(C("2D")))
    assert info.value.reason is Reason.MUST_FOLLOW_SUIT


def test_void_in_the_suit_led_may_play_any_card_a_spade_included() -> None:
    """Rule: rule-follow-suit."""
    state = play(bid_all(start(CLASSIC, MIXED)), "2C", "AC")
    assert legal_moves(state) == tuple(Play(card) for card in sorted(cards(MIXED[3])))
    state = play(state, "KH")
    assert legal_moves(state) == tuple(Play(card) for card in sorted(cards(MIXED[0])))


def test_off_suit_cards_never_win_and_highest_of_the_suit_led_does() -> None:
    """Rule: rule-trick-winner."""
    state = play(bid_all(start(CLASSIC, MIXED)), "2C", "AC", "KH", "AH")
    assert state.tricks == (Trick(1, (C("2C"), C("AC"), C("KH"), C("AH")), 2),)
    assert state.tricks_taken == (0, 0, 1, 0)
    assert state.to_move == 2
    assert state.trick_leader == 2
    assert not state.spades_broken


def test_a_spade_trumps_the_suit_led_and_the_highest_spade_wins() -> None:
    """Rules: rule-trick-winner, rule-cards."""
    state = play(bid_all(start(CLASSIC, MIXED)), "2C", "AC", "KH", "AH")
    state = play(state, "2D", "AD", "3S", "2S")
    assert state.tricks[-1] == Trick(2, (C("2D"), C("AD"), C("3S"), C("2S")), 0)
    assert state.tricks_taken == (1, 0, 1, 0)
    assert state.to_move == 0
    assert state.spades_broken


def test_spades_broken_by_a_discard_let_a_mixed_hand_lead_a_spade() -> None:
    """Rule: rule-spades-broken."""
    state = play(bid_all(start(CLASSIC, TRUMPER_KEEPS_A_DIAMOND)), "2C", "AC", "AH")
    assert not state.spades_broken
    state = play(state, "3S")
    assert state.spades_broken
    assert state.tricks[-1].winner == 0
    assert legal_moves(state) == tuple(
        Play(card) for card in cards(TRUMPER_KEEPS_A_DIAMOND[0]) if card != C("3S")
    )
    state = play(state, "4S", "2H", "3D")
    assert legal_moves(state) == (Play(C("2S")),)
    state = play(state, "2S")
    assert state.tricks[-1] == Trick(0, (C("4S"), C("2H"), C("3D"), C("2S")), 0)


def test_a_game_that_ends_on_the_first_spade_keeps_spades_broken() -> None:
    """The state after the game's last card includes that card.

    Rule: rule-spades-broken.
    """

    def spades_last(view: View) -> Move:
        moves = view.legal_moves()
        plays = [move for move in moves if isinstance(move, Play)]
        if not plays:
            return moves[-1] if isinstance(moves[0], Bid) else moves[0]
        return next((move for move in plays if move.card.suit is not Suit.SPADES), plays[0])

    rules = attrs.evolve(TWO_HANDED, round_cap=1)
    end = play_game(rules, [spades_last, spades_last], seed=3620)
    *earlier, last = end.tricks
    assert not [card for trick in earlier for card in trick.cards if card.suit is Suit.SPADES]
    assert last.cards == (C("AH"), C("JS"))  # the spade is the game's last card
    assert end.is_over
    assert end.spades_broken
    assert observe(end, 0).spades_broken  # and the view of it passes the sampler's check
    assert sample_state(observe(end, 1), rng=random.Random(0)).spades_broken


# --- when spades may be led: the ruleset's spades_lead ---------------------------------------


def lead_id(lead: SpadesLead) -> str:
    return str(lead.value)


NOT_YET = {
    SpadesLead.BROKEN: "spades are not broken: you may lead a spade only once a spade has been "
    "played or when you hold nothing else",
    SpadesLead.AFTER_FIRST_TRICK: "spades are not broken: you may lead a spade from the second "
    "trick on, or once a spade has been played, or when you hold nothing else",
}
"""The message of a refused spade lead, by the ruleset's value (none under ANY_TIME)."""


def spade_leads(state: State) -> list[Card]:
    """The spades among the legal moves of ``state``."""
    return [
        move.card
        for move in legal_moves(state)
        if isinstance(move, Play) and move.card.suit is Suit.SPADES
    ]


def check_refused_lead(state: State, card: Card, lead: SpadesLead) -> None:
    """Leading ``card`` is refused for spades not broken, with ``lead``'s message."""
    assert not is_legal(state, Play(card))
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Play(card))
    assert info.value.reason is Reason.SPADES_NOT_BROKEN
    assert (info.value.seat, info.value.move) == (state.to_move, Play(card))
    assert str(info.value) == f"'play {card}' by seat {state.to_move} is illegal: {NOT_YET[lead]}"


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lead_id)
def test_the_first_lead_of_a_mixed_hand_takes_a_spade_only_any_time(lead: SpadesLead) -> None:
    """Rules: rule-spades-broken, reading-spades-lead.

    Seat 1 leads the round's first trick from clubs and 2S: under ``ANY_TIME`` the spade
    too, under ``BROKEN`` and ``AFTER_FIRST_TRICK`` the clubs only.
    """
    state = bid_all(start(Ruleset(spades_lead=lead), MIXED))
    assert state.to_move == 1
    assert not state.tricks
    if lead is SpadesLead.ANY_TIME:
        assert legal_moves(state) == tuple(Play(card) for card in cards(MIXED[1]))
        after = apply(state, Play(C("2S")))
        assert after.spades_broken
        assert after.trick == (C("2S"),)
    else:
        assert legal_moves(state) == tuple(Play(card) for card in cards(MIXED[1])[:12])
        check_refused_lead(state, C("2S"), lead)


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lead_id)
def test_the_second_lead_takes_a_spade_unless_the_ruleset_waits_for_broken(
    lead: SpadesLead,
) -> None:
    """Rules: rule-spades-broken, reading-spades-lead.

    One trick completed, no spade played: ``AFTER_FIRST_TRICK`` and ``ANY_TIME`` let
    seat 1 lead 2S, 3S or 4S; ``BROKEN`` does not.
    """
    state = second_lead(lead)
    if lead is SpadesLead.BROKEN:
        assert spade_leads(state) == []
        for card in cards("2S 3S 4S"):
            check_refused_lead(state, card, lead)
    else:
        assert spade_leads(state) == cards("2S 3S 4S")
        after = apply(state, Play(C("3S")))
        assert after.spades_broken
        assert legal_moves(after) == tuple(Play(card) for card in after.hand(2))  # no spade
    assert legal_moves(state) == expected_moves(state)


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lead_id)
def test_a_hand_of_spades_leads_one_under_every_value(lead: SpadesLead) -> None:
    """Rules: rule-spades-broken, reading-spades-lead."""
    state = bid_all(start(Ruleset(spades_lead=lead), ONE_SUIT_EACH))
    assert legal_moves(state) == tuple(Play(card) for card in cards(ONE_SUIT_EACH[1]))
    assert apply(state, Play(C("AS"))).spades_broken


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lead_id)
def test_broken_spades_may_be_led_under_every_value(lead: SpadesLead) -> None:
    """A spade discarded to a trick opens spades to every lead.

    Rules: rule-spades-broken, reading-spades-lead.
    """
    rules = Ruleset(spades_lead=lead)
    state = play(bid_all(start(rules, TRUMPER_KEEPS_A_DIAMOND)), "2C", "AC", "AH", "3S")
    assert state.spades_broken
    assert (state.to_move, len(state.tricks)) == (0, 1)
    assert spade_leads(state) == cards("4S 5S 6S 7S 8S 9S TS JS QS KS AS")


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lead_id)
def test_the_first_lead_after_every_way_into_the_play_reads_the_ruleset(lead: SpadesLead) -> None:
    """Rules: rule-spades-broken, reading-spades-lead, rule-card-pass, rule-draw, rule-exchange.

    The play starts after the last bid (four and two players), the blind nil pass, a
    double nil exchange or the draw; each computes the leader's cards, and each lets a mixed
    hand lead a spade under ``ANY_TIME`` only. Every card of her hand is judged as the
    tests' reference judges it.
    """
    for name, state in first_leads(lead).items():
        assert legal_moves(state) == expected_moves(state), name
        assert bool(spade_leads(state)) is (lead is SpadesLead.ANY_TIME), name
        assert state.to_move is not None
        for card in state.hand(state.to_move):
            expected = expected_reason(state, Play(card))
            if expected is None:
                check_move(state, Play(card))
            else:
                assert expected is Reason.SPADES_NOT_BROKEN, (name, card)
                check_refused_lead(state, card, lead)


def test_a_play_of_a_card_not_in_hand_is_rejected() -> None:
    state = bid_all(start(CLASSIC, MIXED))
    for card in cards(MIXED[0] + " " + MIXED[2] + " " + MIXED[3]):
        assert not is_legal(state, Play(card))
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Play(C("AC")))
    assert info.value.reason is Reason.CARD_NOT_IN_HAND


@pytest.mark.parametrize("rules", [CLASSIC, MINIOKEY])
def test_trick_winner_and_next_leader_in_both_directions(rules: Ruleset) -> None:
    """Rules: rule-play, rule-trick-winner."""
    tricks = (4, 3, 3, 3)
    state = new_game(rules, seed=9)
    # play_round checks every trick's winner against the plan as it goes.
    state = play_round(state, [Bid(3)] * 4, tricks)
    assert state.rounds[0].tricks == tricks


def test_play_order_runs_counterclockwise_under_miniokey() -> None:
    """Rule: rule-direction."""
    state = bid_all(new_game(MINIOKEY, seed=6, dealer=0))
    order = []
    for _ in range(4):
        order.append(state.to_move)
        state = apply(state, legal_moves(state)[0])
    assert order == [3, 2, 1, 0]
    assert state.tricks[0].leader == 3


def test_trick_fields_and_repr() -> None:
    trick = Trick(1, (C("2C"), C("AC"), C("KH"), C("AH")), 2)
    assert (trick.leader, trick.winner) == (1, 2)
    assert trick.cards == (C("2C"), C("AC"), C("KH"), C("AH"))
    assert repr(trick) == "Trick(leader=1, cards=(2C AC KH AH), winner=2)"
    assert trick == Trick(1, (C("2C"), C("AC"), C("KH"), C("AH")), 2)
    assert trick != Trick(1, (C("2C"), C("AC"), C("KH"), C("AH")), 3)
    assert hash(trick) == hash(Trick(1, (C("2C"), C("AC"), C("KH"), C("AH")), 2))


def test_trick_survives_pickle_and_deepcopy() -> None:
    trick = Trick(1, (C("2C"), C("AC"), C("KH"), C("AH")), 2)
    assert pickle.loads(pickle.dumps(trick)) == trick
    assert copy.deepcopy(trick) == trick


def _winners_counted(state: State) -> tuple[int, ...]:
    winners = [trick.winner for trick in state.tricks]
    return tuple(winners.count(seat) for seat in range(4))


@pytest.mark.parametrize("rules", [CLASSIC, MINIOKEY, BLIND_ANYTIME])
def test_tricks_taken_counts_the_winners_of_the_rounds_completed_tricks(rules: Ruleset) -> None:
    state = new_game(rules, seed=23)
    assert state.tricks_taken == (0, 0, 0, 0)
    # The winner of each trick leads the next: tally them apart from `state.tricks`.
    tally = [0, 0, 0, 0]
    while state.round_number == 1:
        before = state
        moves = legal_moves(state)
        state = apply(state, moves[len(state.tricks) % len(moves)])
        if state.round_number == 1 and len(state.tricks) > len(before.tricks):
            assert state.trick_leader is not None
            tally[state.trick_leader] += 1
        assert state.tricks_taken == _winners_counted(state)
        if state.round_number == 1:
            assert state.tricks_taken == tuple(tally)
            assert sum(state.tricks_taken) == len(state.tricks)
    # The last trick of the round went to one more seat, and the next round starts at zero.
    assert sum(tally) == 12
    gained = [total - counted for total, counted in zip(state.rounds[0].tricks, tally, strict=True)]
    assert sorted(gained) == [0, 0, 0, 1]
    assert state.tricks == ()
    assert state.tricks_taken == (0, 0, 0, 0)


def test_tricks_taken_at_the_end_of_the_game_are_the_last_rounds() -> None:
    state = play_round(new_game(Ruleset(round_cap=1), seed=1), [Bid(3)] * 4, (2, 5, 4, 2))
    assert state.is_over
    assert state.tricks_taken == (2, 5, 4, 2) == _winners_counted(state)


def test_legal_moves_agree_with_is_legal_for_every_card_through_a_round() -> None:
    state = new_game(MINIOKEY, seed=21)
    state = bid_all(state)
    while state.phase is Phase.PLAYING:
        legal = legal_moves(state)
        assert list(legal) == sorted(legal, key=lambda move: move.card)  # type: ignore[union-attr]
        assert {Play(card) for card in DECK if is_legal(state, Play(card))} == set(legal)
        seat = state.to_move
        assert seat is not None
        assert all(move.card in state.hand(seat) for move in legal)  # type: ignore[union-attr]
        state = apply(state, legal[-1])


# --- blind nil ----------------------------------------------------------------------------


def test_apply_returns_a_new_state_and_leaves_its_input_alone() -> None:
    """Reference: ref-states."""
    state = new_game(CLASSIC, seed=8)
    twin = new_game(CLASSIC, seed=8)
    after = apply(state, Bid(2))
    assert after is not state
    assert state == twin
    assert state.bids == (None, None, None, None)
    assert after.bids == (None, Bid(2), None, None)


def test_blind_nil_is_not_offered_without_the_rule() -> None:
    """Rule: rule-blind-nil."""
    state = new_game(CLASSIC, seed=1)
    assert BLIND not in legal_moves(state)
    assert Look() not in legal_moves(state)
    for move, reason in ((BLIND, Reason.BLIND_NIL_NOT_ALLOWED), (Look(), Reason.HAND_ALREADY_SEEN)):
        assert not is_legal(state, move)
        with pytest.raises(IllegalMoveError) as info:
            check_move(state, move)
        assert info.value.reason is reason
    with pytest.raises(IllegalMoveError) as info:
        apply(state, Look())
    assert info.value.reason is Reason.HAND_ALREADY_SEEN


def test_apply_refuses_blind_nil_without_the_rule() -> None:
    """Rule: rule-blind-nil."""
    state = new_game(CLASSIC, seed=1)
    with pytest.raises(IllegalMoveError) as info:
        apply(state, BLIND)
    assert info.value.reason is Reason.BLIND_NIL_NOT_ALLOWED


def test_blind_nil_with_no_deficit_is_offered_to_everyone_before_looking() -> None:
    """Rules: rule-blind-nil, rule-blind-nil-eligibility."""
    state = new_game(BLIND_ANYTIME, seed=1)
    for seat in (1, 2, 3, 0):
        assert state.to_move == seat
        assert legal_moves(state) == (BLIND, Look())
        state = apply(state, Look())
        assert state.looked[seat]
        assert state.to_move == seat
        assert legal_moves(state) == ALL_BIDS
        state = apply(state, Bid(3))
    assert state.phase is Phase.PLAYING


def test_a_numbered_bid_before_looking_is_refused() -> None:
    """Rule: rule-blind-nil."""
    state = unseen_state()
    for n in range(14):
        with pytest.raises(IllegalMoveError) as info:
            apply(state, Bid(n))
        assert info.value.reason is Reason.HAND_NOT_SEEN


def test_after_looking_no_blind_nil_and_no_second_look() -> None:
    """Rule: rule-blind-nil."""
    state = looked_state()
    assert state.looked == (False, True, False, False)
    assert legal_moves(state) == ALL_BIDS
    for move in (BLIND, Look()):
        with pytest.raises(IllegalMoveError) as info:
            apply(state, move)
        assert info.value.reason is Reason.HAND_ALREADY_SEEN


def test_blind_nil_needs_the_deficit_a_side_that_does_not_trail_just_bids() -> None:
    """Rule: rule-blind-nil-eligibility."""
    state = new_game(Ruleset(blind_nil=True), seed=1)
    assert legal_moves(state) == ALL_BIDS
    for move, reason in (
        (BLIND, Reason.BLIND_NIL_NOT_ELIGIBLE),
        (Look(), Reason.HAND_ALREADY_SEEN),
    ):
        with pytest.raises(IllegalMoveError) as info:
            apply(state, move)
        assert info.value.reason is reason


@pytest.mark.parametrize(
    ("deficit", "eligible"), [(150, True), (149, True), (151, False), (0, True), (1000, False)]
)
def test_blind_nil_for_a_side_trailing_by_at_least_the_deficit(
    deficit: int, eligible: bool
) -> None:
    """Rule: rule-blind-nil-eligibility."""
    rules = Ruleset(blind_nil=True, blind_nil_deficit=deficit, bag_limit=50)
    state = new_game(rules, seed=1)
    # Side 0 bids 7 + 6 and takes every trick: 130; side 1 bids 1 + 1 and takes none: -20.
    state = play_round(state, round_bids((7, 6), (1, 1)), (9, 0, 4, 0))
    assert state.scores == (130, -20)
    assert state.to_move == 2
    # The leading side may not bid blind nil, whatever the deficit.
    assert legal_moves(state) == ALL_BIDS
    state = apply(state, Bid(3))
    assert state.to_move == 3
    assert (legal_moves(state) == (BLIND, Look())) is eligible
    assert is_legal(state, BLIND) is eligible
    assert is_legal(state, Bid(3)) is not eligible


def _bid_round(
    rules: Ruleset, moves: Mapping[int, Move], *, dealer: int = 0, seed: int = 3
) -> State:
    """Bid a round: a seat in ``moves`` bids that (after a look unless it is blind nil)."""
    state = new_game(rules, seed=seed, dealer=dealer)
    while state.phase is Phase.BIDDING:
        seat = state.to_move
        assert seat is not None
        move = moves.get(seat, Bid(3))
        if move != BLIND and Look() in legal_moves(state):
            state = apply(state, Look())
        state = apply(state, move)
    return state


def test_pass_phase_blind_bidder_passes_then_partner_passes_back() -> None:
    """Rule: rule-card-pass."""
    before = new_game(BLIND_ANYTIME, seed=3)
    state = _bid_round(BLIND_ANYTIME, {1: BLIND})
    assert state.phase is Phase.PASSING
    assert state.bids == (Bid(3), BLIND, Bid(3), Bid(3))
    assert state.to_move == 1
    assert state.hands == before.hands
    legal = legal_moves(state)
    assert len(legal) == 78  # 13 cards, 2 at a time
    assert len(set(legal)) == 78
    assert list(legal) == [Pass(pair) for pair in combinations(state.hand(1), 2)]
    assert all(isinstance(move, Pass) and len(move.cards) == 2 for move in legal)
    out = Pass(state.hand(1)[-2:])
    state = apply(state, out)
    assert state.phase is Phase.PASSING
    assert state.to_move == 3
    assert len(state.hand(1)) == 11
    assert len(state.hand(3)) == 15
    assert set(out.cards) <= set(state.hand(3))
    assert len(legal_moves(state)) == 105  # 15 cards, 2 at a time
    back = Pass([before.hand(3)[0], out.cards[0]])
    state = apply(state, back)
    assert state.passes == (CardPass(1, out.cards), CardPass(3, back.cards))
    assert set(state.hand(1)) == (set(before.hand(1)) - set(out.cards)) | set(back.cards)
    assert set(state.hand(3)) == (set(before.hand(3)) | set(out.cards)) - set(back.cards)
    assert state.hand(0) == before.hand(0)
    assert state.hand(2) == before.hand(2)
    assert state.phase is Phase.PLAYING
    assert state.to_move == 1
    assert state.trick_leader == 1


@pytest.mark.parametrize(
    ("rules", "blind", "order", "leader"),
    [
        # One exchange per side, in bidding order (seats 1, 2, 3, 0): side 1 first.
        (BLIND_ANYTIME, (3, 0), [3, 1, 0, 2], 1),
        # Both partners blind nil: one exchange, the first blind bidder passes first.
        (BLIND_ANYTIME, (1, 3), [1, 3], 1),
        # Bidding runs seats 3, 2, 1, 0 under MINIOKEY, so seat 1 passes before seat 0.
        (attrs.evolve(MINIOKEY, blind_nil=True, blind_nil_deficit=None), (0, 1), [1, 3, 0, 2], 3),
    ],
    ids=["one-exchange-per-side", "both-partners-blind-one-exchange", "miniokey-counterclockwise"],
)
def test_pass_order_follows_bidding_order_and_the_first_bidder_then_leads(
    rules: Ruleset, blind: tuple[int, ...], order: list[int], leader: int
) -> None:
    """Rule: rule-card-pass."""
    state = _bid_round(rules, dict.fromkeys(blind, BLIND))
    seen = []
    while state.phase is Phase.PASSING:
        seen.append(state.to_move)
        state = apply(state, legal_moves(state)[0])
    assert seen == order
    assert [seat for seat, _ in state.passes] == order
    assert state.phase is Phase.PLAYING
    assert state.to_move == leader
    assert state.trick_leader == leader


def test_no_pass_phase_when_the_pass_is_zero_cards() -> None:
    """Rule: rule-card-pass."""
    state = _bid_round(attrs.evolve(BLIND_ANYTIME, blind_nil_pass=0), {1: BLIND})
    assert state.phase is Phase.PLAYING
    assert state.passes == ()
    assert state.to_move == 1


def test_three_card_pass() -> None:
    """Rule: rule-card-pass."""
    state = _bid_round(attrs.evolve(BLIND_ANYTIME, blind_nil_pass=3), {2: BLIND})
    assert state.to_move == 2
    assert len(legal_moves(state)) == 286  # 13 cards, 3 at a time
    for size in (2, 4):
        with pytest.raises(IllegalMoveError) as info:
            apply(state, Pass(state.hand(2)[:size]))
        assert info.value.reason is Reason.WRONG_PASS_SIZE
        assert "pass exactly 3 cards" in str(info.value)
    state = apply(state, Pass(state.hand(2)[:3]))
    assert len(state.hand(0)) == 16


@pytest.mark.parametrize("count", [1, 2, 3, 4])
@pytest.mark.parametrize("blind_count", [0, 2])
def test_a_nil_side_passes_its_count_and_the_hands_follow_each_pass(
    count: int, blind_count: int
) -> None:
    """Under ``nil_pass`` seat 2's nil makes a passing phase: seat 2 passes ``count`` cards
    to seat 0, who holds 13 + ``count`` until she passes as many back; the other hands do
    not move, and the first bidder leads.

    Rule: rule-card-pass.
    """
    rules = Ruleset(nil_pass=count, blind_nil_pass=blind_count)
    before = new_game(rules, seed=3)
    state = _bid_round(rules, {2: Bid(0)})
    assert (state.phase, state.to_move) == (Phase.PASSING, 2)
    assert state.hands == before.hands
    out = Pass(state.hand(2)[:count])
    state = apply(state, out)
    assert (state.phase, state.to_move) == (Phase.PASSING, 0)
    assert set(state.hand(2)) == set(before.hand(2)) - set(out.cards)
    assert set(state.hand(0)) == set(before.hand(0)) | set(out.cards)
    assert len(state.hand(0)) == 13 + count
    back = Pass(state.hand(0)[-count:])
    state = apply(state, back)
    assert state.passes == (CardPass(2, out.cards), CardPass(0, back.cards))
    assert set(state.hand(0)) == (set(before.hand(0)) | set(out.cards)) - set(back.cards)
    assert set(state.hand(2)) == (set(before.hand(2)) - set(out.cards)) | set(back.cards)
    assert (state.hand(1), state.hand(3)) == (before.hand(1), before.hand(3))
    assert (state.phase, state.to_move, state.trick_leader) == (Phase.PLAYING, 1, 1)


def test_a_nil_pass_of_zero_cards_makes_no_passing_phase() -> None:
    """Rule: rule-card-pass."""
    for rules in (CLASSIC, Ruleset(nil_pass=0, blind_nil_pass=0)):
        state = _bid_round(rules, {1: Bid(0), 2: Bid(0)})
        assert (state.phase, state.passes, state.to_move) == (Phase.PLAYING, (), 1)


def test_both_sides_pass_their_own_counts_in_the_order_their_passers_bid() -> None:
    """Seat 1 bids nil (3 cards), seat 2 blind nil (1 card): seat 1's side passes first.

    Rules: rule-card-pass, reading-card-pass.
    """
    rules = attrs.evolve(BLIND_ANYTIME, nil_pass=3, blind_nil_pass=1)
    state = _bid_round(rules, {1: Bid(0), 2: BLIND})
    sizes = []
    while state.phase is Phase.PASSING:
        seat = state.to_move
        assert seat is not None
        move = legal_moves(state)[0]
        assert isinstance(move, Pass)
        sizes.append((seat, len(move.cards)))
        held = len(state.hand(seat))
        state = apply(state, move)
        assert len(state.hand(seat)) == held - len(move.cards)
    assert sizes == [(1, 3), (3, 3), (2, 1), (0, 1)]
    assert [len(hand) for hand in state.hands] == [13] * 4


def test_passing_a_card_not_in_hand_is_refused() -> None:
    """Rule: rule-card-pass."""
    state = passing_state()
    stranger = state.hand(0)[0]
    move = Pass([state.hand(1)[0], stranger])
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move)
    assert info.value.reason is Reason.CARD_NOT_IN_HAND
    assert str(info.value) == f"'{move}' by seat 1 is illegal: you do not hold {stranger}"


@pytest.mark.parametrize(
    ("tricks", "nil_points", "points"), [((7, 0, 6, 0), 200, 190), ((6, 1, 6, 0), -200, -190)]
)
def test_blind_nil_made_scores_200_and_missed_loses_200_in_a_game(
    tricks: tuple[int, ...], nil_points: int, points: int
) -> None:
    """Rule: rule-nil-scoring."""
    rules = attrs.evolve(BLIND_ANYTIME, blind_nil_pass=0)
    bids = [Bid(3), BLIND, Bid(3), Bid(1)]
    state = play_round(new_game(rules, seed=1), bids, tricks)
    score = state.rounds[0]
    assert score.bids == (Bid(3), BLIND, Bid(3), Bid(1))
    assert score.sides[1].nil_points == nil_points
    assert state.scores[1] == points


def test_a_blind_nil_round_with_its_pass_is_scored_by_score_round() -> None:
    state = _bid_round(BLIND_ANYTIME, {2: BLIND})
    state = play_out_round(state, lambda moves: moves[0])
    score = state.rounds[0]
    assert score.bids[2] == BLIND
    assert score == score_round(BLIND_ANYTIME, score.bids, score.tricks)
    assert score.sides[0].nil_points == (200 if score.tricks[2] == 0 else -200)


# --- rounds and the game ------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "dealers"), [(CLASSIC, [2, 3, 0, 1]), (MINIOKEY, [2, 1, 0, 3])])
def test_dealer_moves_each_round_in_the_direction_of_play(
    rules: Ruleset, dealers: list[int]
) -> None:
    """Rule: rule-direction."""
    state = new_game(attrs.evolve(rules, round_cap=None, losing_floor=None), seed=13, dealer=2)
    seen = []
    for number in (1, 2, 3, 4):
        assert state.round_number == number
        seen.append(state.dealer)
        assert state.to_move == (state.dealer + rules.direction.step) % 4
        state = play_out_round(state, bid_three_play_first)
    assert seen == dealers


def test_later_rounds_are_dealt_from_round_deck_of_the_seed() -> None:
    """Rule: rule-seeded-deal."""
    state = play_out_round(new_game(CLASSIC, seed=13, dealer=2), bid_three_play_first)
    assert state.round_number == 2
    assert state.dealer == 3
    expected = deal(state, round_deck(13, 2))
    assert state == expected
    assert state.hands == expected.hands


def test_a_new_round_starts_clean_and_carries_scores_and_bags() -> None:
    """Rules: rule-play, rule-spades-broken, rule-bags."""
    state = play_round(new_game(CLASSIC, seed=1), round_bids((3, 3), (2, 2)), (4, 3, 4, 2))
    assert state.round_number == 2
    assert state.phase is Phase.BIDDING
    assert state.scores == (62, 41)
    assert state.bags == (2, 1)
    assert state.bids == (None, None, None, None)
    assert state.tricks == ()
    assert state.tricks_taken == (0, 0, 0, 0)
    assert state.trick == ()
    assert state.trick_leader is None
    assert not state.spades_broken
    assert state.looked == (False, False, False, False)
    assert state.passes == ()
    assert len(state.rounds) == 1
    assert all(len(hand) == 13 for hand in state.hands)


@pytest.mark.parametrize("rules", [CLASSIC, MINIOKEY, Ruleset(nil_tricks=MINIOKEY.nil_tricks)])
def test_totals_are_the_sums_of_score_round_results(rules: Ruleset) -> None:
    """Rule: rule-scoring."""
    state = new_game(attrs.evolve(rules, round_cap=6), seed=17)

    def choose(moves: tuple[Move, ...]) -> Move:
        # Bid nil now and then, and otherwise a small number; play the last legal card.
        if isinstance(moves[0], Bid):
            return moves[(state.round_number * 5 + len(moves)) % 4]
        return moves[-1]

    while not state.is_over:
        state = play_out_round(state, choose)
    bags: tuple[int, ...] = (0, 0)
    totals = [0, 0]
    for score in state.rounds:
        assert score == score_round(state.rules, score.bids, score.tricks, bags)
        bags = score.bags
        totals = [totals[0] + score.points[0], totals[1] + score.points[1]]
    assert state.scores == tuple(totals)
    assert state.bags == bags


def test_game_over_state() -> None:
    state = finished_game()
    assert state.phase is Phase.GAME_OVER
    assert state.to_move is None
    assert state.hands == ((), (), (), ())
    assert state.hand_masks == (0, 0, 0, 0)
    assert state.trick == ()
    assert state.trick_leader is None
    assert len(state.tricks) == 13
    assert sum(state.tricks_taken) == 13
    assert state.tricks_taken == state.rounds[-1].tricks
    assert state.outcome is not None
    assert state.is_over
    assert state.outcome.termination is Termination.ROUND_CAP
    assert "game_over" in repr(state)


SIDE = Ruleset(target=100, bag_limit=50)


def test_game_ends_when_a_side_reaches_the_target() -> None:
    """Rule: rule-target."""
    state = play_round(new_game(SIDE, seed=1), round_bids((7, 6), (1, 1)), (9, 0, 4, 0))
    assert state.scores == (130, -20)
    assert state.outcome == Outcome(winner=0, termination=Termination.TARGET)
    assert state.tricks[-1].winner in (0, 2)


def test_both_sides_reach_the_target_the_higher_total_wins() -> None:
    """Rule: rule-target."""
    # Side 0: 6 made + nil = 160; side 1: 7 made + nil = 170.
    bids = [Bid(6), Bid(7), Bid(0), Bid(0)]
    state = play_round(new_game(SIDE, seed=1), bids, (6, 7, 0, 0))
    assert state.scores == (160, 170)
    assert state.outcome == Outcome(winner=1, termination=Termination.TARGET)


def test_both_sides_reach_the_target_equal_another_round_is_played() -> None:
    """Rule: rule-target."""
    # Side 0: 2 made + nil = 120; side 1: 1 made with 10 overtricks + nil = 120.
    bids = [Bid(2), Bid(1), Bid(0), Bid(0)]
    state = play_round(new_game(SIDE, seed=1), bids, (2, 11, 0, 0))
    assert state.scores == (120, 120)
    assert state.outcome is None
    assert state.phase is Phase.BIDDING
    assert state.round_number == 2
    state = play_round(state, round_bids((1, 1), (1, 1)), (7, 0, 6, 0))
    assert state.scores == (151, 100)
    assert state.outcome == Outcome(winner=0, termination=Termination.TARGET)


def test_a_side_at_the_losing_floor_loses() -> None:
    """Rule: rule-losing-floor."""
    rules = Ruleset(losing_floor=-100, bag_limit=50)
    state = play_round(new_game(rules, seed=1), round_bids((1, 1), (5, 5)), (7, 0, 6, 0))
    assert state.scores == (31, -100)
    assert state.outcome == Outcome(winner=0, termination=Termination.LOSING_FLOOR)


def test_reaching_the_target_beats_the_floor() -> None:
    """Rules: rule-game-end, rule-losing-floor."""
    rules = Ruleset(target=100, losing_floor=-100, bag_limit=50)
    state = play_round(new_game(rules, seed=1), round_bids((7, 6), (6, 6)), (7, 0, 6, 0))
    assert state.scores == (130, -120)
    assert state.outcome == Outcome(winner=0, termination=Termination.TARGET)


def test_both_sides_below_the_floor_the_higher_wins() -> None:
    """Rule: rule-losing-floor."""
    rules = Ruleset(losing_floor=-100, bag_limit=50)
    state = play_round(new_game(rules, seed=1), round_bids((7, 7), (6, 6)), (3, 4, 3, 3))
    assert state.scores == (-140, -120)
    assert state.outcome == Outcome(winner=1, termination=Termination.LOSING_FLOOR)


def test_both_sides_equal_below_the_floor_another_round_is_played() -> None:
    """Rule: rule-losing-floor."""
    rules = Ruleset(losing_floor=-50, bag_limit=50)
    state = play_round(new_game(rules, seed=1), round_bids((4, 4), (4, 4)), (3, 4, 3, 3))
    assert state.scores == (-80, -80)
    assert state.outcome is None
    assert state.round_number == 2


def test_round_cap_reached_with_equal_scores_is_a_draw() -> None:
    """Rule: rule-round-cap."""
    rules = Ruleset(round_cap=2)
    state = play_round(new_game(rules, seed=1), round_bids((3, 3), (3, 3)), (4, 3, 3, 3))
    assert state.outcome is None
    assert state.scores == (61, 60)
    state = play_round(state, round_bids((3, 3), (3, 3)), (3, 3, 3, 4))
    assert state.scores == (121, 121)
    assert state.outcome == Outcome(winner=None, termination=Termination.ROUND_CAP)
    assert state.outcome.is_draw


def test_round_cap_reached_the_higher_score_wins() -> None:
    """Rule: rule-round-cap."""
    state = play_round(
        new_game(Ruleset(round_cap=1), seed=1), round_bids((3, 3), (3, 3)), (4, 3, 3, 3)
    )
    assert state.outcome == Outcome(winner=0, termination=Termination.ROUND_CAP)
    assert not state.outcome.is_draw


def test_round_cap_draw_with_equal_negative_scores() -> None:
    """Rule: rule-round-cap."""
    rules = Ruleset(round_cap=1)
    state = play_round(new_game(rules, seed=1), round_bids((4, 4), (4, 4)), (3, 4, 3, 3))
    assert state.scores == (-80, -80)
    assert state.outcome == Outcome(winner=None, termination=Termination.ROUND_CAP)
    assert state.outcome.is_draw


FLOOR_CAP = Ruleset(target=500, losing_floor=-200, round_cap=25)


@pytest.mark.parametrize(
    ("rules", "scores", "rounds", "expected"),
    [
        (FLOOR_CAP, (100, 50), 1, None),
        (FLOOR_CAP, (500, 300), 1, Outcome(winner=0, termination=Termination.TARGET)),
        (FLOOR_CAP, (499, 500), 1, Outcome(winner=1, termination=Termination.TARGET)),
        (FLOOR_CAP, (520, 510), 1, Outcome(winner=0, termination=Termination.TARGET)),
        (FLOOR_CAP, (510, 620), 1, Outcome(winner=1, termination=Termination.TARGET)),
        (FLOOR_CAP, (510, 510), 1, None),
        (FLOOR_CAP, (510, 510), 25, Outcome(winner=None, termination=Termination.ROUND_CAP)),
        (FLOOR_CAP, (-200, 100), 1, Outcome(winner=1, termination=Termination.LOSING_FLOOR)),
        (FLOOR_CAP, (100, -250), 1, Outcome(winner=0, termination=Termination.LOSING_FLOOR)),
        (FLOOR_CAP, (-199, 0), 1, None),
        (FLOOR_CAP, (500, -300), 1, Outcome(winner=0, termination=Termination.TARGET)),
        (FLOOR_CAP, (-300, 500), 25, Outcome(winner=1, termination=Termination.TARGET)),
        (FLOOR_CAP, (-250, -300), 1, Outcome(winner=0, termination=Termination.LOSING_FLOOR)),
        (FLOOR_CAP, (-300, -210), 1, Outcome(winner=1, termination=Termination.LOSING_FLOOR)),
        (FLOOR_CAP, (-250, -250), 1, None),
        (FLOOR_CAP, (-250, -250), 25, Outcome(winner=None, termination=Termination.ROUND_CAP)),
        (FLOOR_CAP, (-250, 0), 25, Outcome(winner=1, termination=Termination.LOSING_FLOOR)),
        (FLOOR_CAP, (100, 50), 24, None),
        (FLOOR_CAP, (100, 50), 25, Outcome(winner=0, termination=Termination.ROUND_CAP)),
        (FLOOR_CAP, (50, 100), 26, Outcome(winner=1, termination=Termination.ROUND_CAP)),
        (FLOOR_CAP, (0, 0), 25, Outcome(winner=None, termination=Termination.ROUND_CAP)),
        (CLASSIC, (-1000, 0), 1, None),
        (CLASSIC, (0, 0), 1000, None),
        (CLASSIC, (499, 0), 1, None),
        (CLASSIC, (500, 499), 1, Outcome(winner=0, termination=Termination.TARGET)),
        (CLASSIC, (500, 500), 1, None),
    ],
)
def test_outcome_table(
    rules: Ruleset, scores: tuple[int, int], rounds: int, expected: Outcome | None
) -> None:
    """Rules: rule-game-end, rule-target, rule-losing-floor, rule-round-cap."""
    assert _outcome(rules, scores, rounds) == expected


def test_outcome_is_draw_and_frozen() -> None:
    draw = Outcome(winner=None, termination=Termination.ROUND_CAP)
    assert draw.is_draw
    assert not Outcome(winner=0, termination=Termination.TARGET).is_draw
    assert not Outcome(winner=1, termination=Termination.LOSING_FLOOR).is_draw
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        draw.winner = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        Outcome(None, Termination.ROUND_CAP)  # type: ignore[call-arg]


# --- the State value ----------------------------------------------------------------------


def test_new_state_fields() -> None:
    state = new_game(CLASSIC, seed=5, dealer=3)
    assert state.rules is CLASSIC
    assert state.phase is Phase.BIDDING
    assert state.to_move == 0
    assert state.dealer == 3
    assert state.round_number == 1
    assert state.trick == ()
    assert state.trick_leader is None
    assert state.tricks_taken == (0, 0, 0, 0)
    assert not state.spades_broken
    assert state.tricks == ()
    assert state.bids == (None, None, None, None)
    assert state.scores == (0, 0)
    assert state.bags == (0, 0)
    assert state.rounds == ()
    assert state.outcome is None
    assert not state.is_over
    assert state.seed == 5
    assert state.looked == (False, False, False, False)
    assert state.passes == ()


def test_state_hands_hand_and_hand_masks_agree() -> None:
    state = play(bid_all(start(CLASSIC, MIXED)), "2C", "AC")
    assert state.hands == tuple(state.hand(seat) for seat in range(4))
    for seat in range(4):
        assert state.hand_masks[seat] == sum(card.bit for card in state.hand(seat))
        assert list(state.hand(seat)) == sorted(state.hand(seat))
    assert len(state.hand(1)) == 12
    assert len(state.hand(2)) == 12
    assert len(state.hand(3)) == 13
    assert state.trick == (C("2C"), C("AC"))
    assert state.trick_leader == 1


def test_state_repr() -> None:
    assert repr(new_game(CLASSIC, seed=5)) == "<State round 1, bidding, to move: 1, scores 0:0>"
    state = play_round(new_game(CLASSIC, seed=1), round_bids((3, 3), (2, 2)), (4, 3, 4, 2))
    assert repr(state) == "<State round 2, bidding, to move: 2, scores 62:41>"


def test_state_equality_and_hash_are_by_value() -> None:
    """Reference: ref-states."""
    one = new_game(CLASSIC, seed=5)
    two = new_game(CLASSIC, seed=5)
    assert one == two
    assert not one != two  # noqa: SIM202
    assert hash(one) == hash(two)
    assert len({one, two, apply(one, Bid(3))}) == 2
    assert one != new_game(CLASSIC, seed=6)
    assert one != apply(one, Bid(3))
    assert apply(one, Bid(3)) == apply(two, Bid(3))


def test_state_is_not_equal_to_a_plain_tuple() -> None:
    state = new_game(CLASSIC, seed=5)
    plain = tuple(state)
    assert state != plain
    assert plain != state
    assert not state == plain  # noqa: SIM201
    assert state != "state"


def test_states_are_not_orderable() -> None:
    one = new_game(CLASSIC, seed=5)
    two = new_game(CLASSIC, seed=6)
    comparisons: list[Callable[[], object]] = [
        lambda: one < two,
        lambda: one <= two,
        lambda: one > two,
        lambda: one >= two,
    ]
    for compare in comparisons:
        with pytest.raises(TypeError):
            compare()
    with pytest.raises(TypeError):
        sorted([one, two])


def test_states_are_not_orderable_against_plain_tuples() -> None:
    one = new_game(CLASSIC, seed=5)
    with pytest.raises(TypeError):
        _ = one < tuple(new_game(CLASSIC, seed=6))


@pytest.mark.parametrize("moves", [0, 2, 6])
def test_state_pickle_and_copy_round_trip(moves: int) -> None:
    state = new_game(CLASSIC, seed=5)
    for _ in range(moves):
        state = apply(state, bid_three_play_first(legal_moves(state)))
    assert state.tricks == ()
    for clone in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert type(clone) is State
        assert clone == state
        assert hash(clone) == hash(state)
        assert legal_moves(clone) == legal_moves(state)


def test_state_with_completed_tricks_pickle_round_trip() -> None:
    state = play(bid_all(start(CLASSIC, MIXED)), "2C", "AC", "KH", "AH")
    assert pickle.loads(pickle.dumps(state)) == state


def test_state_is_immutable() -> None:
    state = new_game(CLASSIC, seed=5)
    with pytest.raises(AttributeError):
        state.phase = Phase.PLAYING  # type: ignore[misc]
    with pytest.raises(TypeError):
        state[1] = Phase.PLAYING  # type: ignore[index]


def test_tricks_are_values_of_their_own_unordered_type() -> None:
    trick = Trick(1, (C("2C"), C("AC"), C("KH"), C("AH")), 2)
    assert trick != tuple(trick)
    assert tuple(trick) != trick
    with pytest.raises(TypeError, match="Trick values have no order"):
        assert trick < Trick(0, (), 0)


@pytest.mark.parametrize("mode", [Bidding.WHIZ, Bidding.MIRROR], ids=["whiz", "mirror"])
def test_apply_holds_every_bid_to_the_bidders_spades(mode: Bidding) -> None:
    """Every number but hers (and nil under Whiz) is refused, though its fast path for open
    bidding would take it; hers is bid, and the round goes on to the play.

    Rules: rule-whiz, rule-mirror.
    """
    state = new_game(Ruleset(bidding=mode), seed=4)
    while state.phase is Phase.BIDDING:
        seat = state.to_move
        assert seat is not None
        count = sum(card.suit is Suit.SPADES for card in state.hand(seat))
        allowed = {count} | ({0} if mode is Bidding.WHIZ else set())
        for number in range(14):
            if number not in allowed:
                with pytest.raises(IllegalMoveError) as info:
                    apply(state, Bid(number))
                assert info.value.reason is Reason.BIDDING_MODE
        state = apply(state, Bid(count))
    assert state.phase is Phase.PLAYING
