"""Two-player Spades (source C): the draw from the stock, roles, double nil and its exchange
with the discards, two-card tricks, scoring by seat and the end of the game.

Positions come from stocks built so that each player, keeping every top card, ends the draw
with the hand a test names; whole rounds are played so that each seat takes chosen tricks.
"""

from __future__ import annotations

import pickle
from itertools import combinations
from typing import TYPE_CHECKING

import attrs
import pytest

from helpers import BLIND, NIL, C, expected_exchange_draw
from spades import (
    DECK,
    TWO_HANDED,
    BagOverflow,
    Bid,
    Card,
    CardExchange,
    DoubleNilTiming,
    DrawTurn,
    Exchange,
    IllegalMoveError,
    Keep,
    Look,
    Outcome,
    Phase,
    Play,
    Reason,
    Reject,
    Ruleset,
    SpadesError,
    SpadesLead,
    State,
    Termination,
    View,
    apply,
    check_move,
    deal,
    legal_moves,
    new_game,
    observe,
    outcome_after,
    parse_move,
    round_deck,
    score_round,
)

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from spades import Move

NO_EXCHANGE = attrs.evolve(TWO_HANDED, blind_nil_exchange=0)


def cards(text: str) -> list[Card]:
    return [C(word) for word in text.split()]


# --- building positions -------------------------------------------------------------------


def stock_for(
    hands: Mapping[int, Sequence[Card]], dealer: int, discards: Sequence[Card] | None = None
) -> list[Card]:
    """The stock (top first) after which two players who always keep hold ``hands``.

    Each turn takes two cards: the mover keeps the first and discards the second. The dealer
    draws first. The discards are ``discards``, or the other 26 cards in library order.
    """
    held = {card for hand in hands.values() for card in hand}
    assert len(held) == 26
    rest = list(discards) if discards is not None else [c for c in DECK if c not in held]
    assert len(rest) == 26
    other = 1 - dealer
    stock: list[Card] = []
    for i in range(13):
        stock += [hands[dealer][i], rest[2 * i], hands[other][i], rest[2 * i + 1]]
    return stock


def keep_all(state: State, *, declare: Sequence[int] = ()) -> State:
    """Draw to the end keeping every top card; seats in ``declare`` declare double nil first."""
    while state.phase is Phase.DRAWING:
        if state.to_move in declare and BLIND in legal_moves(state):
            state = apply(state, BLIND)
        state = apply(state, Keep())
    return state


def start(
    hands: Mapping[int, str],
    *,
    dealer: int = 0,
    rules: Ruleset = TWO_HANDED,
    declare: Sequence[int] = (),
) -> State:
    """A new game whose first draw, all cards kept, gives each seat ``hands[seat]``."""
    held = {seat: cards(text) for seat, text in hands.items()}
    state = new_game(rules, seed=0, dealer=dealer, deck=stock_for(held, dealer))
    return keep_all(state, declare=declare)


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, Play(C(text)))
    return state


# Thirteen tricks of two cards of one suit each; the winner of a trick holds its higher card.
# Spades come last, so whoever leads them holds nothing else.
_PAIRS = [
    cards(text)
    for text in (
        "2C 3C",
        "4C 5C",
        "6C 7C",
        "8C 9C",
        "2D 3D",
        "4D 5D",
        "6D 7D",
        "8D 9D",
        "2H 3H",
        "4H 5H",
        "2S 3S",
        "4S 5S",
        "6S 7S",
    )
]


def plan_round(tricks: Sequence[int]) -> list[dict[int, Card]]:
    """Cards for 13 tricks, by seat, in which seat ``s`` wins ``tricks[s]`` tricks."""
    assert sum(tricks) == 13
    winners = [0] * tricks[0] + [1] * tricks[1]
    return [{w: high, 1 - w: low} for w, (low, high) in zip(winners, _PAIRS, strict=True)]


def play_round(
    state: State, bids: Sequence[Bid], tricks: Sequence[int], *, exchange: bool = True
) -> State:
    """Deal, draw, bid ``bids`` (by seat) and play a round where seat ``s`` takes ``tricks[s]``.

    A seat whose bid is double nil declares it at her first draw turn and exchanges nothing.
    """
    plan = plan_round(tricks)
    hands = {seat: [trick[seat] for trick in plan] for seat in range(2)}
    state = deal(state, stock_for(hands, state.dealer))
    state = keep_all(state, declare=[seat for seat in range(2) if bids[seat] == BLIND])
    while state.phase is Phase.EXCHANGING:
        assert exchange
        state = apply(state, Exchange([]))
    while state.phase is Phase.BIDDING:
        state = apply(state, bids[state.to_move])  # type: ignore[index]
    assert state.phase is Phase.PLAYING
    number = state.round_number
    for trick in plan:
        for _ in range(2):
            state = apply(state, Play(trick[state.to_move]))  # type: ignore[index]
    last = state.rounds[-1]
    assert state.is_over or state.round_number == number + 1
    assert last.tricks == tuple(tricks)
    return state


def play_out_round(state: State) -> State:
    """Keep, exchange nothing, bid nil (or the first legal bid) and play the first legal card."""
    number = state.round_number
    while not state.is_over and state.round_number == number:
        moves = legal_moves(state)
        move = Keep() if Keep() in moves else moves[0]
        state = apply(state, move)
    return state


def reason_of(state: State, move: Move) -> Reason:
    with pytest.raises(IllegalMoveError) as info:
        apply(state, move)
    return info.value.reason


# --- the helpers themselves ------------------------------------------------------------------


def test_helpers_give_each_seat_the_hand_they_are_given() -> None:
    hands = {
        0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        1: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    }
    for dealer in (0, 1):
        state = start(hands, dealer=dealer)
        assert state.hands == (tuple(cards(hands[0])), tuple(cards(hands[1])))


# --- source C's worked examples ---------------------------------------------------------------


def test_source_c_bid_7_with_8_tricks_scores_71() -> None:
    """Rule: rule-two-scoring."""
    score = score_round(TWO_HANDED, [Bid(7), Bid(5)], [8, 5])
    seat = score.sides[0]
    assert (seat.contract, seat.tricks, seat.made, seat.overtricks) == (7, 8, True, 1)
    assert (seat.contract_points, seat.points, seat.bags) == (70, 71, 1)
    assert score.points == (71, 50)
    assert score.bags == (1, 0)


def test_source_c_bid_7_with_8_tricks_scores_71_in_a_played_round() -> None:
    """Rule: rule-two-scoring."""
    state = play_round(new_game(TWO_HANDED, seed=5), [Bid(5), Bid(7)], (5, 8))
    assert state.scores == (50, 71)
    assert state.bags == (0, 1)


# Bonnie (seat 0) bids 4, 3 and 4 and wins 7, 6 and 9; her opponent makes her bids exactly.
SOURCE_C_BAG_ROUNDS = [
    ([Bid(4), Bid(6)], (7, 6)),
    ([Bid(3), Bid(7)], (6, 7)),
    ([Bid(4), Bid(4)], (9, 4)),
]


def test_source_c_bags_3_3_5_reach_11_cost_100_and_1_bag_carries() -> None:
    """Rules: rule-two-scoring, rule-bag-limit."""
    bags: tuple[int, ...] = (0, 0)
    history = []
    for bids, tricks in SOURCE_C_BAG_ROUNDS:
        score = score_round(TWO_HANDED, bids, tricks, bags)
        bags = score.bags
        seat = score.sides[0]
        history.append((seat.overtricks, seat.bag_penalty, score.points[0], bags[0]))
    assert history == [(3, 0, 43, 3), (3, 0, 33, 6), (5, -100, 40 + 5 - 100, 1)]
    # "If Bonnie wins 9 more bags she gets another penalty": the carried bag counts.
    score = score_round(TWO_HANDED, [Bid(4), NIL], [13, 0], bags)
    assert (score.sides[0].overtricks, score.sides[0].bag_penalty) == (9, -100)
    assert score.points == (40 + 9 - 100, 100)
    assert score.bags == (0, 0)


def test_source_c_bags_example_played_over_three_hands() -> None:
    """Rule: rule-two-scoring."""
    state = new_game(TWO_HANDED, seed=2)
    for bids, tricks in SOURCE_C_BAG_ROUNDS:
        state = play_round(state, bids, tricks)
    assert [score.bags for score in state.rounds] == [(3, 0), (6, 0), (1, 0)]
    assert [score.sides[0].bag_penalty for score in state.rounds] == [0, 0, -100]
    assert [score.points for score in state.rounds] == [(43, 60), (33, 70), (-55, 40)]
    assert state.scores == (43 + 33 - 55, 170)
    assert state.bags == (1, 0)
    assert state.outcome is None
    assert state.round_number == 4


def test_source_c_bidding_example_megan_8_then_drew_6_contracts_per_player() -> None:
    """Rules: rule-two-bidding, rule-two-scoring."""
    # Drew (seat 1) deals and draws first; Megan (seat 0) bids first.
    megan, drew = 0, 1
    plan = plan_round((8, 5))
    hands = {seat: [trick[seat] for trick in plan] for seat in range(2)}
    state = keep_all(new_game(TWO_HANDED, seed=0, dealer=drew, deck=stock_for(hands, drew)))
    assert state.phase is Phase.BIDDING
    assert state.to_move == megan
    state = apply(state, Bid(8))
    assert state.to_move == drew
    assert state.bids == (Bid(8), None)
    state = apply(state, Bid(6))
    assert state.bids == (Bid(8), Bid(6))
    assert state.phase is Phase.PLAYING
    assert state.to_move == megan
    # Megan takes 8 and makes her 8; Drew takes 5 and misses his 6: no joint contract.
    for trick in plan:
        for _ in range(2):
            state = apply(state, Play(trick[state.to_move]))
    assert state.rounds[0].tricks == (8, 5)
    assert state.scores == (80, -60)
    assert [side.contract for side in state.rounds[0].sides] == [8, 6]


# --- scoring by seat --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "tricks", "points", "bags"),
    [
        ([Bid(6), Bid(4)], [5, 8], (-60, 44), (0, 4)),  # missed: -10 per bid trick, no bag
        ([Bid(13), Bid(1)], [12, 1], (-130, 10), (0, 0)),
        ([NIL, Bid(5)], [0, 13], (100, 58), (0, 8)),  # nil made
        ([NIL, Bid(5)], [2, 11], (-100 + 2, 56), (2, 6)),  # nil missed: its tricks are bags
        ([BLIND, Bid(5)], [0, 13], (200, 58), (0, 8)),  # double nil made
        ([Bid(3), BLIND], [10, 3], (37, -200 + 3), (7, 3)),  # double nil missed: bags too
        ([NIL, BLIND], [13, 0], (-100 + 13 - 100, 200), (3, 0)),  # 13 bags: -100, 3 carry
    ],
)
def test_two_player_round_scores(
    bids: list[Bid], tricks: list[int], points: tuple[int, int], bags: tuple[int, int]
) -> None:
    """Rule: rule-two-scoring."""
    score = score_round(TWO_HANDED, bids, tricks)
    assert score.points == points
    assert score.bags == bags
    assert score.bids == tuple(bids)
    assert score.tricks == tuple(tricks)


def test_nil_bidders_tricks_are_bags_with_bags_before() -> None:
    """Rule: rule-two-scoring."""
    score = score_round(TWO_HANDED, [NIL, Bid(10)], [2, 11], (8, 0))
    nil_seat = score.sides[0]
    assert (nil_seat.nil_points, nil_seat.nil_bags, nil_seat.contract) == (-100, 2, 0)
    assert (nil_seat.bag_penalty, nil_seat.points, nil_seat.bags) == (-100, -100 + 2 - 100, 0)


def test_bags_past_two_limits_in_one_round_cost_two_penalties_and_the_rest_carries() -> None:
    """Rules: rule-two-scoring, rule-bag-limit."""
    # 9 bags before, then a missed nil's 13 tricks: 22 bags, -200, 2 carry.
    score = score_round(TWO_HANDED, [NIL, BLIND], [13, 0], (9, 0))
    assert (score.sides[0].bag_penalty, score.sides[0].bags) == (-200, 2)
    assert score.points == (-100 + 13 - 200, 200)
    reset = attrs.evolve(TWO_HANDED, bag_overflow=BagOverflow.RESET)
    score = score_round(reset, [NIL, BLIND], [13, 0], (9, 0))
    assert (score.sides[0].bag_penalty, score.sides[0].bags) == (-100, 0)


def test_nil_and_double_nil_values_come_from_the_ruleset() -> None:
    """Rule: rule-two-scoring."""
    rules = attrs.evolve(TWO_HANDED, nil_value=50, blind_nil_value=300)
    assert score_round(rules, [NIL, BLIND], [0, 13]).points == (50, -300 + 13 - 100)
    assert score_round(rules, [BLIND, NIL], [0, 13]).points == (300, -50 + 13 - 100)


@pytest.mark.parametrize(
    ("bids", "tricks", "points"),
    [
        ([NIL, Bid(6)], (0, 13), (100, 67)),
        ([NIL, Bid(6)], (1, 12), (-99, 66)),
        ([BLIND, Bid(6)], (0, 13), (200, 67)),
        ([Bid(6), BLIND], (12, 1), (66, -199)),
        ([Bid(7), Bid(7)], (6, 7), (-70, 70)),
    ],
)
def test_nil_and_double_nil_in_played_rounds(
    bids: list[Bid], tricks: tuple[int, int], points: tuple[int, int]
) -> None:
    """Rule: rule-two-scoring."""
    state = play_round(new_game(TWO_HANDED, seed=4), bids, tricks)
    assert state.scores == points
    assert state.rounds[0] == score_round(TWO_HANDED, bids, list(tricks))


# --- the draw ---------------------------------------------------------------------------------

KNOWN = round_deck(123, 1)


def test_draw_starts_with_the_whole_stock_and_the_dealer_to_move() -> None:
    """Rules: rule-draw, rule-two-seats."""
    for dealer in (0, 1):
        state = new_game(TWO_HANDED, seed=1, dealer=dealer, deck=KNOWN)
        assert state.phase is Phase.DRAWING
        assert state.to_move == dealer
        assert state.stock == KNOWN
        assert state.hands == ((), ())
        assert state.discards == ()
        assert state.draws == ()
        assert state.bids == (None, None)


def test_keep_takes_the_top_card_and_discards_the_next() -> None:
    """Rule: rule-draw."""
    state = apply(new_game(TWO_HANDED, seed=1, dealer=0, deck=KNOWN), Keep())
    assert state.hand(0) == (KNOWN[0],)
    assert state.hand(1) == ()
    assert state.discards == (KNOWN[1],)
    assert state.stock == KNOWN[2:]
    assert state.draws == (DrawTurn(0, KNOWN[0], KNOWN[1]),)
    assert state.to_move == 1


def test_reject_discards_the_top_card_and_takes_the_next() -> None:
    """Rule: rule-draw."""
    state = apply(new_game(TWO_HANDED, seed=1, dealer=0, deck=KNOWN), Reject())
    assert state.hand(0) == (KNOWN[1],)
    assert state.discards == (KNOWN[0],)
    assert state.stock == KNOWN[2:]
    assert state.draws == (DrawTurn(0, KNOWN[1], KNOWN[0]),)
    assert state.to_move == 1


@pytest.mark.parametrize("dealer", [0, 1])
def test_26_alternating_draw_turns_give_13_each_and_26_discards(dealer: int) -> None:
    """Rules: rule-draw, rule-stock."""
    state = new_game(TWO_HANDED, seed=1, dealer=dealer, deck=KNOWN)
    choices = [Keep() if turn % 3 else Reject() for turn in range(26)]
    for turn, choice in enumerate(choices):
        assert state.phase is Phase.DRAWING
        assert state.to_move == (dealer + turn) % 2
        assert legal_moves(state)[-2:] == (Keep(), Reject())
        state = apply(state, choice)
    expected_draws = []
    for turn, choice in enumerate(choices):
        top, below = KNOWN[2 * turn], KNOWN[2 * turn + 1]
        kept, thrown = (top, below) if isinstance(choice, Keep) else (below, top)
        expected_draws.append(DrawTurn((dealer + turn) % 2, kept, thrown))
    assert state.draws == tuple(expected_draws)
    assert state.stock == ()
    assert state.discards == tuple(thrown for _, _, thrown in expected_draws)
    for seat in (0, 1):
        kept_cards = sorted(kept for who, kept, _ in expected_draws if who == seat)
        assert list(state.hand(seat)) == kept_cards
        assert len(state.hand(seat)) == 13
    assert sorted([*state.hands[0], *state.hands[1], *state.discards]) == list(DECK)
    assert state.phase is Phase.BIDDING
    assert state.to_move == 1 - dealer
    assert legal_moves(state) == tuple(Bid(n) for n in range(14))


def test_without_a_deck_the_stock_is_round_deck_of_the_seed() -> None:
    """Rules: rule-stock, rule-seeded-deal."""
    assert new_game(TWO_HANDED, seed=77).stock == round_deck(77, 1)
    assert new_game(TWO_HANDED, seed=77) == new_game(TWO_HANDED, seed=77)


def test_a_draw_turn_offers_keep_and_reject_and_nothing_else() -> None:
    """Rule: rule-draw."""
    state = apply(new_game(NO_EXCHANGE, seed=1), Keep())
    assert legal_moves(state) == (BLIND, Keep(), Reject())
    state = apply(state, Reject())
    assert legal_moves(state) == (Keep(), Reject())
    for move in (Play(state.hand(0)[0]), Look(), Exchange([])):
        assert reason_of(state, move) is Reason.WRONG_PHASE


@pytest.mark.parametrize("move", [Bid(3), NIL, Bid(13)])
def test_a_numbered_bid_during_the_draw_is_the_wrong_phase(move: Bid) -> None:
    """Rule: rule-draw."""
    state = new_game(TWO_HANDED, seed=1)
    with pytest.raises(
        IllegalMoveError, match="during the draw the only bid is blind nil \\(double nil\\)"
    ) as e:
        apply(state, move)
    assert e.value.reason is Reason.WRONG_PHASE
    assert reason_of(apply(state, Keep()), move) is Reason.WRONG_PHASE


# --- roles ------------------------------------------------------------------------------------


def test_roles_swap_each_round_dealer_draws_first_other_bids_and_leads() -> None:
    """Rules: rule-two-seats, rule-two-game-end."""
    state = new_game(TWO_HANDED, seed=9, dealer=0)
    for number, dealer in ((1, 0), (2, 1), (3, 0)):
        assert state.round_number == number
        assert state.dealer == dealer
        assert state.phase is Phase.DRAWING
        assert state.to_move == dealer
        state = keep_all(state)
        assert state.phase is Phase.BIDDING
        assert state.to_move == 1 - dealer
        state = apply(state, Bid(3))
        assert state.to_move == dealer
        assert state.phase is Phase.BIDDING
        state = apply(state, Bid(3))
        assert state.phase is Phase.PLAYING
        assert state.to_move == 1 - dealer
        assert state.trick_leader == 1 - dealer
        assert not state.spades_broken
        state = play_out_round(state)
        assert state.rounds[-1].bids == (Bid(3), Bid(3))


def test_a_trick_winner_leads_the_next_trick() -> None:
    """Rule: rule-two-play."""
    state = start(
        {0: "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD", 1: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD"}
    )
    state = apply(apply(state, Bid(1)), Bid(1))
    state = play(state, "2C")
    assert state.to_move == 0
    state = play(state, "AC")
    assert state.tricks[0].leader == 1
    assert state.tricks[0].winner == 0
    assert state.to_move == 0
    assert state.trick_leader == 0


# --- double nil ---------------------------------------------------------------------------------


def test_double_nil_offered_at_each_players_first_draw_turn_only() -> None:
    """Rule: rule-double-nil."""
    state = new_game(TWO_HANDED, seed=1, dealer=0)
    assert legal_moves(state) == (BLIND, Keep(), Reject())  # dealer, first turn
    state = apply(state, Keep())
    assert legal_moves(state) == (BLIND, Keep(), Reject())  # non-dealer, first turn
    state = apply(state, Reject())
    assert legal_moves(state) == (Keep(), Reject())  # dealer, second turn
    assert reason_of(state, BLIND) is Reason.ALREADY_DRAWN
    state = apply(state, Keep())
    assert legal_moves(state) == (Keep(), Reject())
    assert reason_of(state, BLIND) is Reason.ALREADY_DRAWN


def test_after_the_first_choice_double_nil_is_offered_at_each_players_second_turn_only() -> None:
    """Rules: rule-double-nil, reading-double-nil-timing."""
    late = attrs.evolve(TWO_HANDED, double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE)
    state = new_game(late, seed=1, dealer=0, deck=KNOWN)
    expected = [
        ((Keep(), Reject()), Reason.NOT_YET_DRAWN),  # the dealer's first turn
        ((Keep(), Reject()), Reason.NOT_YET_DRAWN),  # the non-dealer's first
        ((BLIND, Keep(), Reject()), None),  # the dealer's second: her chance
        ((BLIND, Keep(), Reject()), None),  # the non-dealer's second
        ((Keep(), Reject()), Reason.ALREADY_DRAWN),  # the dealer's third
        ((Keep(), Reject()), Reason.ALREADY_DRAWN),
    ]
    for moves, reason in expected:
        assert legal_moves(state) == moves
        if reason is None:
            check_move(state, BLIND)
        else:
            assert reason_of(state, BLIND) is reason
        state = apply(state, Keep())
    assert [len(hand) for hand in state.hands] == [3, 3]
    declared = new_game(late, seed=1, dealer=0, deck=KNOWN)
    declared = apply(apply(apply(declared, Keep()), Keep()), BLIND)
    assert (declared.bids, declared.to_move, declared.hand(0)) == ((BLIND, None), 0, (KNOWN[0],))
    assert legal_moves(declared) == (Keep(), Reject())  # she still draws at that turn
    assert reason_of(declared, BLIND) is Reason.ALREADY_BID


def test_declaring_double_nil_is_her_bid_and_she_still_draws() -> None:
    """Rule: rule-double-nil."""
    state = new_game(TWO_HANDED, seed=1, dealer=0, deck=KNOWN)
    declared = apply(state, BLIND)
    assert declared.bids == (BLIND, None)
    assert declared.phase is Phase.DRAWING
    assert declared.to_move == 0
    assert declared.stock == KNOWN
    assert declared.hands == ((), ())
    assert legal_moves(declared) == (Keep(), Reject())
    assert reason_of(declared, BLIND) is Reason.ALREADY_BID
    assert reason_of(declared, Bid(2)) is Reason.WRONG_PHASE
    after = apply(declared, Reject())
    assert after.hand(0) == (KNOWN[1],)
    assert after.to_move == 1
    assert after.bids == (BLIND, None)
    assert reason_of(after, Bid(2)) is Reason.WRONG_PHASE


def test_double_nil_not_offered_after_the_draw() -> None:
    """Rule: rule-double-nil."""
    state = start(
        {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", 1: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"}
    )
    assert state.phase is Phase.BIDDING
    assert BLIND not in legal_moves(state)
    assert reason_of(state, BLIND) is Reason.ALREADY_DRAWN
    assert reason_of(state, Look()) is Reason.HAND_ALREADY_SEEN


def test_double_nil_not_allowed_without_the_rule() -> None:
    """Rule: rule-double-nil."""
    rules = attrs.evolve(TWO_HANDED, blind_nil=False)
    state = new_game(rules, seed=1)
    assert legal_moves(state) == (Keep(), Reject())
    assert reason_of(state, BLIND) is Reason.BLIND_NIL_NOT_ALLOWED
    state = keep_all(state)
    assert reason_of(state, BLIND) is Reason.BLIND_NIL_NOT_ALLOWED
    assert legal_moves(state) == tuple(Bid(n) for n in range(14))


def test_without_nil_the_bids_are_1_to_13() -> None:
    """Rule: rule-two-bidding."""
    rules = attrs.evolve(TWO_HANDED, nil=False, blind_nil=False)
    state = keep_all(new_game(rules, seed=1))
    assert legal_moves(state) == tuple(Bid(n) for n in range(1, 14))
    assert reason_of(state, NIL) is Reason.NIL_NOT_ALLOWED
    assert reason_of(state, Bid(14)) is Reason.BID_OUT_OF_RANGE


def test_double_nil_needs_the_deficit_none_trails_at_the_start() -> None:
    """Rule: rule-double-nil."""
    rules = attrs.evolve(TWO_HANDED, blind_nil_deficit=100)
    state = new_game(rules, seed=1)
    assert legal_moves(state) == (Keep(), Reject())
    assert reason_of(state, BLIND) is Reason.BLIND_NIL_NOT_ELIGIBLE
    state = apply(state, Keep())
    assert reason_of(state, BLIND) is Reason.BLIND_NIL_NOT_ELIGIBLE


@pytest.mark.parametrize(("deficit", "eligible"), [(0, True), (140, True), (141, False)])
def test_double_nil_for_a_player_trailing_by_at_least_the_deficit(
    deficit: int, eligible: bool
) -> None:
    """Rule: rule-double-nil."""
    rules = attrs.evolve(TWO_HANDED, blind_nil_deficit=deficit)
    # Round 1 (dealer 0): seat 0 bids 10 and takes 10, seat 1 bids 4 and takes 3.
    state = play_round(new_game(rules, seed=3, dealer=0), [Bid(10), Bid(4)], (10, 3))
    assert state.scores == (100, -40)
    assert state.dealer == 1
    assert state.to_move == 1  # the trailing seat draws first in round 2
    offered = BLIND in legal_moves(state)
    assert offered is eligible
    if eligible:
        declared = apply(state, BLIND)
        assert declared.bids == (None, BLIND)
    else:
        assert reason_of(state, BLIND) is Reason.BLIND_NIL_NOT_ELIGIBLE
    # The leading seat trails by -140, short of every deficit, 0 included.
    state = apply(state, Keep())
    assert state.to_move == 0
    assert BLIND not in legal_moves(state)
    assert reason_of(state, BLIND) is Reason.BLIND_NIL_NOT_ELIGIBLE


def test_the_double_nil_bidder_is_skipped_in_the_bidding_dealer_declares() -> None:
    """Rule: rule-two-bidding."""
    state = keep_all(new_game(NO_EXCHANGE, seed=6, dealer=0), declare=[0])
    assert state.phase is Phase.BIDDING
    assert state.to_move == 1
    assert state.bids == (BLIND, None)
    state = apply(state, Bid(4))
    assert state.phase is Phase.PLAYING
    assert state.bids == (BLIND, Bid(4))
    assert state.to_move == 1
    assert state.trick_leader == 1


def test_the_double_nil_bidder_is_skipped_in_the_bidding_non_dealer_declares() -> None:
    """Rule: rule-two-bidding."""
    state = keep_all(new_game(NO_EXCHANGE, seed=6, dealer=0), declare=[1])
    assert state.phase is Phase.BIDDING
    assert state.to_move == 0
    state = apply(state, Bid(4))
    assert state.phase is Phase.PLAYING
    assert state.bids == (Bid(4), BLIND)
    assert state.to_move == 1  # the non-dealer still leads


@pytest.mark.parametrize("dealer", [0, 1])
def test_both_declare_double_nil_exchanges_in_bidding_order_then_play_starts(dealer: int) -> None:
    """Rules: rule-exchange, rule-two-bidding."""
    state = keep_all(new_game(TWO_HANDED, seed=6, dealer=dealer), declare=[0, 1])
    assert state.bids == (BLIND, BLIND)
    assert state.phase is Phase.EXCHANGING
    assert state.to_move == 1 - dealer
    state = apply(state, Exchange([]))
    assert state.phase is Phase.EXCHANGING
    assert state.to_move == dealer
    state = apply(state, Exchange([]))
    assert state.phase is Phase.PLAYING
    assert state.to_move == 1 - dealer
    assert [entry.seat for entry in state.exchanges] == [1 - dealer, dealer]


def test_both_declare_double_nil_without_exchange_play_starts_after_the_draw() -> None:
    """Rules: rule-exchange, rule-two-bidding."""
    state = keep_all(new_game(NO_EXCHANGE, seed=6, dealer=1), declare=[0, 1])
    assert state.phase is Phase.PLAYING
    assert state.to_move == 0
    assert state.exchanges == ()
    assert state.bids == (BLIND, BLIND)


# --- the exchange -------------------------------------------------------------------------------


def exchanging(seed: int = 1, dealer: int = 0, rules: Ruleset = TWO_HANDED) -> State:
    """The dealer declared double nil and every card was kept: she is to exchange."""
    state = keep_all(new_game(rules, seed=seed, dealer=dealer), declare=[dealer])
    assert state.phase is Phase.EXCHANGING
    assert state.to_move == dealer
    return state


@pytest.mark.parametrize(
    ("limit", "count"), [(1, 1 + 13), (2, 1 + 13 + 78), (3, 1 + 13 + 78 + 286)]
)
def test_exchange_legal_moves_none_first_then_each_size_in_card_order(
    limit: int, count: int
) -> None:
    """Rules: rule-exchange, ref-move-order."""
    state = exchanging(rules=attrs.evolve(TWO_HANDED, blind_nil_exchange=limit))
    moves = legal_moves(state)
    assert len(moves) == count
    hand = state.hand(0)
    expected = [
        Exchange(chosen) for size in range(limit + 1) for chosen in combinations(hand, size)
    ]
    assert list(moves) == expected
    assert moves[0] == Exchange([])
    assert moves[1] == Exchange([hand[0]])


def test_no_exchange_phase_when_the_exchange_is_zero_cards() -> None:
    """Rule: rule-exchange."""
    state = keep_all(new_game(NO_EXCHANGE, seed=1, dealer=0), declare=[0])
    assert state.phase is Phase.BIDDING
    assert state.to_move == 1
    assert state.exchanges == ()


@pytest.mark.parametrize("k", [1, 2, 3])
def test_exchange_gives_k_cards_and_draws_k_from_the_discards(k: int) -> None:
    """Rule: rule-exchange."""
    state = exchanging(seed=8)
    hand = state.hand(0)
    given = tuple(hand[1 : 1 + k])
    before = state.discards
    after = apply(state, Exchange(given))
    ((seat, size, gave, drawn),) = after.exchanges
    assert (seat, size, gave) == (0, k, given)
    assert drawn is not None
    assert len(drawn) == k
    assert set(drawn) <= set(before)
    assert drawn == expected_exchange_draw(state, 0, k)
    assert sorted(after.hand(0)) == sorted([c for c in hand if c not in given] + list(drawn))
    assert len(after.hand(0)) == 13
    assert len(after.discards) == 26
    assert after.discards == (*(c for c in before if c not in drawn), *given)
    assert not set(drawn) & set(after.discards)
    assert after.hand(1) == state.hand(1)
    assert after.phase is Phase.BIDDING
    assert after.to_move == 1
    assert sorted([*after.hand(0), *after.hand(1), *after.discards]) == list(DECK)


def test_exchange_of_nothing_keeps_the_hand_and_the_discards() -> None:
    """Rule: rule-exchange."""
    state = exchanging(seed=8)
    after = apply(state, Exchange([]))
    assert after.hands == state.hands
    assert after.discards == state.discards
    assert after.exchanges == (CardExchange(0, 0, (), ()),)
    assert after.phase is Phase.BIDDING


def test_exchange_draw_follows_the_seed() -> None:
    """Rule: rule-exchange."""
    draws = set()
    for seed in range(6):
        state = exchanging(seed=seed)
        given = state.hand(0)[:3]
        first = apply(state, Exchange(given)).exchanges[0].drawn
        again = apply(exchanging(seed=seed), Exchange(given)).exchanges[0].drawn
        assert first == again
        draws.add(first)
    assert len(draws) > 1


def test_exchange_draw_depends_on_the_seed_not_only_on_the_discards() -> None:
    """Rules: rule-exchange, rule-stock, rule-seeded-deal."""
    # Same stock, same choices, different seeds: the same discards, different draws.
    stock = round_deck(5, 1)
    results = set()
    for seed in range(6):
        state = keep_all(new_game(TWO_HANDED, seed=seed, dealer=0, deck=stock), declare=[0])
        after = apply(state, Exchange(state.hand(0)[:3]))
        results.add(after.exchanges[0].drawn)
        assert after.exchanges[0].drawn == expected_exchange_draw(state, 0, 3)
    assert len(results) > 1


def test_exchange_of_too_many_cards_is_refused() -> None:
    """Rule: rule-exchange."""
    state = exchanging()
    assert reason_of(state, Exchange(state.hand(0)[:4])) is Reason.TOO_MANY_EXCHANGED
    one = exchanging(rules=attrs.evolve(TWO_HANDED, blind_nil_exchange=1))
    assert reason_of(one, Exchange(one.hand(0)[:2])) is Reason.TOO_MANY_EXCHANGED
    assert apply(one, Exchange(one.hand(0)[:1])).phase is Phase.BIDDING


def test_exchange_of_a_card_not_in_hand_is_refused() -> None:
    """Rule: rule-exchange."""
    state = exchanging()
    not_held = state.discards[0]
    assert reason_of(state, Exchange([not_held])) is Reason.CARD_NOT_IN_HAND
    assert reason_of(state, Exchange([state.hand(0)[0], state.hand(1)[0]])) is (
        Reason.CARD_NOT_IN_HAND
    )


def test_exchange_only_in_the_exchange_phase() -> None:
    """Rule: rule-exchange."""
    state = exchanging()
    for move in (Keep(), Reject(), Bid(2), BLIND, Play(state.hand(0)[0])):
        assert reason_of(state, move) is Reason.WRONG_PHASE
    bidding = apply(state, Exchange([]))
    assert reason_of(bidding, Exchange([])) is Reason.WRONG_PHASE


def test_non_dealer_declarer_exchanges_then_the_dealer_bids() -> None:
    """Rules: rule-exchange, rule-two-bidding."""
    state = keep_all(new_game(TWO_HANDED, seed=3, dealer=0), declare=[1])
    assert state.phase is Phase.EXCHANGING
    assert state.to_move == 1
    state = apply(state, Exchange(state.hand(1)[-2:]))
    assert state.phase is Phase.BIDDING
    assert state.to_move == 0
    state = apply(state, Bid(5))
    assert state.phase is Phase.PLAYING
    assert state.to_move == 1


# --- the play ------------------------------------------------------------------------------------

# Seat 1 (non-dealer) leads; seat 0 has no clubs; seat 1 has one spade.
MIXED = {
    0: "2D 3D 4D 5D 6D 7D 8D 9D 2H 3H 4H 5S AS",
    1: "2C 3C 4C 5C 6C 7C TD JD QD KD 5H 6H 2S",
}


def mixed() -> State:
    state = start(MIXED)
    return apply(apply(state, Bid(3)), Bid(3))


def test_tricks_have_two_cards_and_alternate_between_the_seats() -> None:
    """Rules: rule-two-play, rule-two-seats."""
    state = play(mixed(), "TD")
    assert state.trick == (C("TD"),)
    assert state.to_move == 0
    state = play(state, "2D")
    assert state.trick == ()
    assert len(state.tricks) == 1
    trick = state.tricks[0]
    assert (trick.leader, trick.cards, trick.winner) == (1, (C("TD"), C("2D")), 1)
    assert state.tricks_taken == (0, 1)


def test_must_follow_suit() -> None:
    """Rules: rule-two-play, rule-follow-suit."""
    state = play(mixed(), "5H")
    assert reason_of(state, Play(C("2D"))) is Reason.MUST_FOLLOW_SUIT
    assert reason_of(state, Play(C("AS"))) is Reason.MUST_FOLLOW_SUIT
    assert legal_moves(state) == (Play(C("2H")), Play(C("3H")), Play(C("4H")))


def test_void_may_play_anything_and_a_spade_trumps_and_breaks_spades() -> None:
    """Rules: rule-two-play, rule-follow-suit, rule-spades-broken."""
    state = play(mixed(), "2C")
    assert len(legal_moves(state)) == 13
    state = play(state, "5S")
    assert state.tricks[0].winner == 0
    assert state.spades_broken
    assert state.to_move == 0
    state = play(state, "AS")  # led now that spades are broken
    assert reason_of(state, Play(C("TD"))) is Reason.MUST_FOLLOW_SUIT
    state = play(state, "2S")
    assert state.tricks[1].winner == 0


def test_off_suit_never_wins_and_the_higher_card_of_the_suit_led_does() -> None:
    """Rules: rule-two-play, rule-trick-winner."""
    state = play(mixed(), "3C", "9D")
    assert state.tricks[0].winner == 1
    state = play(state, "JD", "2D")
    assert state.tricks[1].winner == 1
    state = play(state, "5H", "2H")
    assert state.tricks[2].winner == 1
    state = play(state, "6H", "4H")
    assert state.tricks[3].winner == 1


def test_higher_card_of_the_suit_led_wins_for_the_follower() -> None:
    """Rules: rule-two-play, rule-trick-winner."""
    state = start(
        {0: "2D 3D 4D 5D 6D 7D 8D 9D 2H 3H 4H 5S AS", 1: "2C 3C 4C 5C 6C 7C TD JD QD KD 5H 6H 2S"},
        dealer=1,
    )
    state = apply(apply(state, Bid(3)), Bid(3))
    assert state.to_move == 0
    state = play(state, "2H", "6H")
    assert state.tricks[0].winner == 1


def test_spades_may_not_be_led_before_broken_unless_only_spades() -> None:
    """Rules: rule-two-play, rule-spades-broken."""
    state = mixed()
    assert reason_of(state, Play(C("2S"))) is Reason.SPADES_NOT_BROKEN
    assert Play(C("2S")) not in legal_moves(state)
    only_spades = start(
        {0: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", 1: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"}
    )
    only_spades = apply(apply(only_spades, Bid(1)), Bid(13))
    assert len(legal_moves(only_spades)) == 13
    state = play(only_spades, "2S")
    assert state.spades_broken
    state = play(state, "2C")
    assert state.tricks[0].winner == 1


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
def test_the_ruleset_may_open_spades_to_a_lead_before_they_are_broken(lead: SpadesLead) -> None:
    """Under ANY_TIME from the first trick, under AFTER_FIRST_TRICK from the second.

    Rules: rule-two-play, rule-spades-broken, reading-spades-lead.
    """
    state = start(MIXED, rules=attrs.evolve(TWO_HANDED, spades_lead=lead))
    state = apply(apply(state, Bid(3)), Bid(3))
    first = Play(C("2S")) in legal_moves(state)
    assert first is (lead is SpadesLead.ANY_TIME)
    if not first:
        assert reason_of(state, Play(C("2S"))) is Reason.SPADES_NOT_BROKEN
    state = play(state, "TD", "2D")  # seat 1 wins the first trick, no spade played
    assert (state.to_move, state.spades_broken) == (1, False)
    second = Play(C("2S")) in legal_moves(state)
    assert second is (lead is not SpadesLead.BROKEN)
    if second:
        state = play(state, "2S")
        assert state.spades_broken
        assert legal_moves(state) == (Play(C("5S")), Play(C("AS")))  # seat 0 follows
    else:
        assert reason_of(state, Play(C("2S"))) is Reason.SPADES_NOT_BROKEN


def test_a_round_is_13_tricks_then_scored_and_the_next_round_dealt() -> None:
    """Rules: rule-two-players, rule-two-game-end."""
    state = mixed()
    plays = 0
    while state.round_number == 1:
        state = apply(state, legal_moves(state)[0])
        plays += 1
    assert plays == 26
    score = state.rounds[0]
    assert sum(score.tricks) == 13
    assert score == score_round(TWO_HANDED, [Bid(3), Bid(3)], list(score.tricks))
    assert state.scores == score.points
    assert state.phase is Phase.DRAWING
    assert state.to_move == 1
    assert len(state.stock) == 52


def test_totals_are_the_sums_of_score_round_results() -> None:
    rules = attrs.evolve(TWO_HANDED, round_cap=6)
    state = new_game(rules, seed=21)
    bids = [NIL, Bid(2), Bid(4), Bid(6)]
    index = 0
    while not state.is_over:
        moves = legal_moves(state)
        if BLIND in moves and index % 4:
            move: Move = moves[1 + index % 2]  # keep or reject
        elif state.phase is Phase.DRAWING:
            move = moves[index % len(moves)]  # double nil when offered, else keep or reject
        elif state.phase is Phase.BIDDING:
            move = bids[index % 4]
        else:
            move = moves[index % len(moves)]
        index += 1
        state = apply(state, move)
    assert len(state.rounds) == 6
    bags: tuple[int, ...] = (0, 0)
    totals = (0, 0)
    for score in state.rounds:
        assert score == score_round(rules, score.bids, score.tricks, bags)
        bags = score.bags
        totals = (totals[0] + score.points[0], totals[1] + score.points[1])
    assert state.scores == totals
    assert state.bags == bags
    assert any(bid.blind for score in state.rounds for bid in score.bids)


def test_apply_never_changes_its_input() -> None:
    state = apply(new_game(TWO_HANDED, seed=12), BLIND)
    snapshots = []
    while state.round_number == 1:
        frozen = pickle.dumps(state)
        moves = legal_moves(state)
        after = apply(state, moves[len(moves) // 2])
        assert pickle.dumps(state) == frozen
        assert after != state
        snapshots.append((state, frozen))
        state = after
    for old, frozen in snapshots:
        assert pickle.loads(frozen) == old
    assert {old.phase for old, _ in snapshots} >= {
        Phase.DRAWING,
        Phase.EXCHANGING,
        Phase.PLAYING,
    }


@pytest.mark.parametrize("moves", [0, 1, 5, 26, 27, 30, 55])
def test_two_player_state_pickle_round_trip(moves: int) -> None:
    state = new_game(TWO_HANDED, seed=13)
    state = apply(state, BLIND)
    for _ in range(moves):
        state = apply(state, legal_moves(state)[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert hash(copy) == hash(state)
    assert copy.stock == state.stock
    assert copy.discards == state.discards
    assert copy.draws == state.draws
    assert copy.exchanges == state.exchanges
    assert legal_moves(copy) == legal_moves(state)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("keep", Keep()),
        ("KEEP", Keep()),
        ("reject", Reject()),
        (" Reject ", Reject()),
        ("exchange 2C 3D", Exchange([C("2C"), C("3D")])),
        ("exchange 3d 2c", Exchange([C("2C"), C("3D")])),
        ("exchange", Exchange([])),
        ("bid double nil", BLIND),
        ("bid blind nil", BLIND),
    ],
)
def test_parse_two_player_moves(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Keep(), "keep"),
        (Reject(), "reject"),
        (Exchange([C("AS"), C("2C"), C("TD")]), "exchange 2C TD AS"),
        (Exchange([]), "exchange"),
        (BLIND, "bid blind nil"),
    ],
)
def test_two_player_moves_text_round_trip(move: Move, text: str) -> None:
    assert str(move) == text
    assert parse_move(str(move)) == move


def test_every_legal_move_of_a_two_player_round_round_trips_through_text() -> None:
    state = new_game(TWO_HANDED, seed=14)
    state = apply(state, BLIND)
    while state.round_number == 1:
        for move in legal_moves(state):
            assert parse_move(str(move)) == move
        state = apply(state, legal_moves(state)[-1])


# --- the end of the game -------------------------------------------------------------------------


def test_game_ends_at_500_and_no_move_is_legal_after() -> None:
    """Rule: rule-two-game-end."""
    state = new_game(TWO_HANDED, seed=30)
    for number in range(1, 5):
        state = play_round(state, [Bid(13), Bid(1)], (13, 0))
        assert state.scores == (130 * number, -10 * number)
        assert state.is_over is (number == 4)
    assert state.scores == (520, -40)
    assert state.outcome == Outcome(winner=0, termination=Termination.TARGET)
    assert state.phase is Phase.GAME_OVER
    assert state.to_move is None
    assert legal_moves(state) == ()
    assert state.hands == ((), ())
    for move in (Keep(), Reject(), BLIND, Exchange([]), Bid(3)):
        assert reason_of(state, move) is Reason.GAME_OVER


def test_both_over_500_equal_plays_another_hand_then_the_higher_wins() -> None:
    """Rule: rule-two-game-end."""
    state = new_game(TWO_HANDED, seed=31)
    bids = ([Bid(7), Bid(6)], (7, 6)), ([Bid(6), Bid(7)], (6, 7))
    for number in range(1, 9):
        state = play_round(state, *bids[(number - 1) % 2])
        assert state.outcome is None
    assert state.scores == (520, 520)  # both past the target, equal: another hand
    assert state.round_number == 9
    assert state.phase is Phase.DRAWING
    state = play_round(state, [Bid(7), Bid(6)], (7, 6))
    assert state.scores == (590, 580)
    assert state.outcome == Outcome(winner=0, termination=Termination.TARGET)


def test_both_over_500_in_the_same_hand_the_higher_wins() -> None:
    """Rule: rule-two-game-end."""
    state = new_game(TWO_HANDED, seed=32)
    for _ in range(3):
        state = play_round(state, [Bid(7), Bid(6)], (7, 6))
        state = play_round(state, [Bid(6), Bid(7)], (6, 7))
    assert state.scores == (390, 390)
    state = play_round(state, [Bid(10), Bid(1)], (11, 2))
    assert state.scores == (491, 401)
    state = play_round(state, [Bid(1), Bid(12)], (1, 12))
    assert state.scores == (501, 521)
    assert state.outcome == Outcome(winner=1, termination=Termination.TARGET)


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ((499, 498), None),
        ((500, 0), Outcome(winner=0, termination=Termination.TARGET)),
        ((-30, 510), Outcome(winner=1, termination=Termination.TARGET)),
        ((530, 520), Outcome(winner=0, termination=Termination.TARGET)),
        ((520, 530), Outcome(winner=1, termination=Termination.TARGET)),
        ((520, 520), None),
        ((-5000, -4000), None),  # no floor in source C
    ],
)
def test_outcome_after_under_two_handed(scores: tuple[int, int], expected: Outcome | None) -> None:
    assert outcome_after(TWO_HANDED, scores, 100) == expected


# --- deal -----------------------------------------------------------------------------------------


def test_deal_sets_the_stock_before_the_first_move() -> None:
    """Rules: rule-stock, rule-own-deal."""
    state = new_game(TWO_HANDED, seed=40, dealer=1)
    dealt = deal(state, KNOWN)
    assert dealt.stock == KNOWN
    assert dealt.phase is Phase.DRAWING
    assert dealt.to_move == 1
    assert dealt.dealer == 1
    assert dealt.seed == 40
    assert dealt == new_game(TWO_HANDED, seed=40, dealer=1, deck=KNOWN)
    assert apply(dealt, Keep()).hand(1) == (KNOWN[0],)


def test_deal_is_refused_after_a_draw_or_a_double_nil() -> None:
    """Rule: rule-own-deal."""
    state = new_game(TWO_HANDED, seed=40)
    for moved in (apply(state, Keep()), apply(state, Reject()), apply(state, BLIND)):
        with pytest.raises(SpadesError, match="only before its first move"):
            deal(moved, KNOWN)


def test_deal_in_a_later_round_keeps_the_scores_and_the_new_dealer() -> None:
    state = play_round(new_game(TWO_HANDED, seed=41), [Bid(4), Bid(4)], (5, 8))
    dealt = deal(state, KNOWN)
    assert dealt.stock == KNOWN
    assert dealt.round_number == 2
    assert dealt.dealer == 1
    assert dealt.to_move == 1
    assert dealt.scores == state.scores == (41, 44)
    assert dealt.bags == state.bags == (1, 4)


def test_a_view_hides_the_other_players_history_cards() -> None:
    """A player sees her own draw choices and exchange; of the other's, neither the cards
    kept nor the cards exchanged, only how many (reading-two-sees-both).

    Rules: rule-draw, rule-exchange.
    """
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
