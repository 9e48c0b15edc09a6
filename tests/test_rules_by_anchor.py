"""Rules of docs/rules.md that no other test checked on its own, each cited by its anchor.

Each test states the rule it checks in its docstring and would fail if the engine broke it;
tests/test_docs.py checks that every rule of the page is cited by some test.
"""

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
    Outcome,
    Pass,
    Phase,
    Ruleset,
    State,
    Termination,
    apply,
    is_legal,
    legal_moves,
    new_game,
    observe,
    score_round,
)
from spades.bots import heuristic_policy

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


BLIND = Ruleset(blind_nil=True, blind_nil_deficit=None, blind_nil_pass=2)


def after_blind_nil_by(seat: int) -> State:
    """Dealt from `DECK`, dealer 0: ``seat`` bids blind nil, everybody else looks and bids 3."""
    state = new_game(BLIND, deck=DECK)
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


def expected_outcome(rules: Ruleset, scores: tuple[int, int], rounds: int) -> Outcome | None:
    """The checks of the end of the game, in the page's order: target, floor, round cap."""
    high = 0 if scores[0] > scores[1] else 1
    if max(scores) >= rules.target and scores[0] != scores[1]:
        return Outcome(winner=high, termination=Termination.TARGET)
    floor = rules.losing_floor
    if (
        floor is not None
        and max(scores) < rules.target
        and min(scores) <= floor
        and scores[0] != scores[1]
    ):
        return Outcome(winner=high, termination=Termination.LOSING_FLOOR)
    if rules.round_cap is not None and rounds >= rules.round_cap:
        winner = None if scores[0] == scores[1] else high
        return Outcome(winner=winner, termination=Termination.ROUND_CAP)
    return None


@pytest.mark.parametrize(
    "rules",
    [
        MINIOKEY,
        Ruleset(target=150, round_cap=6),
        Ruleset(target=300, losing_floor=-100, round_cap=8),
        Ruleset(target=10_000, round_cap=3),
    ],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("players", ["random", "heuristic"])
def test_the_game_ends_only_at_the_end_of_a_round_by_the_first_check_that_applies(
    rules: Ruleset, seed: int, players: str
) -> None:
    """The game ends only at the end of a round, after its scores are added; the target,
    the losing floor and the round cap are checked in that order.

    Random players mostly end at the floor or the cap, the heuristic bots at the target.

    Rules: rule-game-end, rule-target, rule-losing-floor, rule-round-cap.
    """
    policy = heuristic_policy()
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while not state.is_over:
        before = len(state.rounds)
        moves = legal_moves(state)
        if state.phase is Phase.BIDDING:  # bids up to 6, so that rounds end either way
            moves = tuple(bid for bid in moves if bid in (Bid(0), *NUMBERED[:6]))
        if players == "heuristic":
            assert state.to_move is not None
            move = policy(observe(state, state.to_move))
        else:
            move = rng.choice(moves)
        state = apply(state, move)
        if len(state.rounds) == before:
            assert not state.is_over  # no end in the middle of a round
            continue
        totals = (
            sum(score.points[0] for score in state.rounds),
            sum(score.points[1] for score in state.rounds),
        )
        assert state.scores == totals
        assert state.outcome == expected_outcome(rules, totals, len(state.rounds))
        if state.outcome is None:
            assert state.phase is Phase.BIDDING
            assert state.round_number == len(state.rounds) + 1
    assert state.phase is Phase.GAME_OVER
    assert legal_moves(state) == ()
