"""Properties of random legal two-player games (source C) that four players do not have: the
draw from the stock, double nil and the exchange with the discards; and whole games to 500
between bots that bid sensibly.

Games are played from a new game with a seeded `random.Random` choosing among the legal
moves, so that every move can be checked against the state before it. The rules come from
the tests' reference (`oracle`, through `helpers`), never from the engine. The properties
that hold for any number of players (legal moves, refusals, tricks, scores, the end of the
game, reproducibility) are in test_properties.py, run there for two players and four.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import (
    BLIND,
    OPEN_DOUBLE_NIL_RULES,
    RULES_BY_PLAYERS,
    SEEDS,
    Game,
    assert_agrees,
    assert_outcome_follows_the_rules,
    ends_round,
    exchanging_states,
    expected_exchange_draw,
    expected_outcome,
    expected_reason,
    first_seat,
    may_bid_blind_by_reference,
    random_games,
    random_play,
    referee_for,
    referee_step,
    seat_after,
    starts,
)
from spades import (
    DECK,
    TWO_HANDED,
    Bid,
    Card,
    DoubleNilTiming,
    DrawTurn,
    Exchange,
    IllegalMoveError,
    Keep,
    Move,
    Phase,
    Play,
    Rank,
    Reason,
    Reject,
    Ruleset,
    State,
    Suit,
    Termination,
    apply,
    is_legal,
    legal_moves,
    new_game,
    observe,
)

if TYPE_CHECKING:
    import random

RULES = RULES_BY_PLAYERS[2]
DOUBLE_NIL_RULES = RULES.map(
    lambda rules: attrs.evolve(rules, nil=True, zero_contract=False, blind_nil=True)
)
"""Double nil on, whatever else the ruleset says (a deficit too, sometimes)."""


def games(
    rules: st.SearchStrategy[Ruleset] = RULES, *, max_rounds: int = 2
) -> st.SearchStrategy[Game]:
    """A new two-player game and its first rounds, played by uniformly random legal moves."""
    return random_games(rules, max_rounds=max_rounds)


# ---------------------------------------------------------------------------------------
# The draw


@given(games(max_rounds=1))
def test_each_player_ends_the_draw_with_13_cards_and_26_discards(game: Game) -> None:
    """Rule: rule-draw."""
    rules = game.start.rules
    ends = [
        step
        for step in game.steps
        if step.before.phase is Phase.DRAWING and step.after.phase is not Phase.DRAWING
    ]
    assert len(ends) == 1
    after = ends[0].after
    assert [len(hand) for hand in after.hands] == [13, 13]
    assert len(after.discards) == 26
    assert after.stock == ()
    assert len(after.draws) == 26
    drawers = [seat_after(rules, game.start.dealer, turn) for turn in range(26)]
    assert [seat for seat, _, _ in after.draws] == drawers
    kept = {seat: sorted(card for who, card, _ in after.draws if who == seat) for seat in (0, 1)}
    assert kept == {seat: list(after.hand(seat)) for seat in (0, 1)}
    assert after.discards == tuple(card for _, _, card in after.draws)


@given(games())
def test_each_draw_turn_moves_one_card_to_the_hand_and_one_to_the_discards(game: Game) -> None:
    """Rule: rule-draw."""
    referee = referee_for(game.start)
    turns = 0
    for before, move, after in game.steps:
        referee_step(referee, move)
        if not isinstance(move, (Keep, Reject)):
            continue
        turns += 1
        seat = before.to_move
        assert seat is not None
        top, below = before.stock[:2]
        kept, thrown = (top, below) if isinstance(move, Keep) else (below, top)
        assert after.stock == before.stock[2:]
        assert after.hand(seat) == tuple(sorted([*before.hand(seat), kept]))
        assert after.hand(1 - seat) == before.hand(1 - seat)
        assert after.discards == (*before.discards, thrown)
        assert after.draws == (*before.draws, DrawTurn(seat, kept, thrown))
        assert after.bids == before.bids
        if after.stock:
            assert (after.phase, after.to_move) == (Phase.DRAWING, 1 - seat)
        else:  # the draw is over: the exchanges, the bids or the first lead, as the reference
            assert (after.phase.value, after.to_move) == (referee.phase, referee.to_move)
    assert turns == 26 * sum(map(ends_round, game.steps))  # every round played had 26


# ---------------------------------------------------------------------------------------
# Double nil and the exchange


@st.composite
def exchange_games(draw: st.DrawFn) -> Game:
    """A first round in which double nil is always on offer and declared by one seat or both
    (or neither), with an exchange of one to three cards; otherwise random legal moves."""
    rules = attrs.evolve(
        draw(OPEN_DOUBLE_NIL_RULES), blind_nil_exchange=draw(st.integers(1, 3)), round_cap=None
    )
    start = draw(starts(st.just(rules)))
    declarers = draw(st.sampled_from([(0,), (1,), (0, 1), ()]))

    def policy(state: State, rng: random.Random) -> Move:
        moves = legal_moves(state)
        seat = state.to_move
        if seat in declarers and state.bids[seat] is None and BLIND in moves:
            return BLIND
        if BLIND in moves:
            return rng.choice(moves[1:])
        return rng.choice(moves)

    return Game(start, list(random_play(start, draw(SEEDS), rounds=1, policy=policy)))


@given(exchange_games())
def test_the_exchange_keeps_13_cards_and_draws_only_from_the_discards(game: Game) -> None:
    """Rule: rule-exchange."""
    declared = {seat for seat, bid in enumerate(game.steps[-1].before.bids) if bid == BLIND}
    referee = referee_for(game.start)
    exchanged = []
    for before, move, after in game.steps:
        referee_step(referee, move)
        if not isinstance(move, Exchange):
            continue
        seat = before.to_move
        assert seat is not None
        exchanged.append(seat)
        assert before.phase is Phase.EXCHANGING
        assert before.bids[seat] == BLIND
        assert len(move.cards) <= before.rules.blind_nil_exchange
        ((who, size, given_cards, drawn),) = after.exchanges[len(before.exchanges) :]
        assert (who, size, given_cards) == (seat, len(move.cards), move.cards)
        assert drawn is not None
        assert drawn == expected_exchange_draw(before, seat, len(move.cards))
        assert set(drawn) <= set(before.discards)
        assert set(given_cards) <= set(before.hand(seat))
        hand = sorted({*before.hand(seat)} - set(given_cards) | set(drawn))
        assert list(after.hand(seat)) == hand
        assert len(after.hand(seat)) == 13
        assert after.hand(1 - seat) == before.hand(1 - seat)
        assert len(after.discards) == 26
        assert after.discards == (*(c for c in before.discards if c not in drawn), *given_cards)
        assert_agrees(referee, after)
    # Every declarer exchanged once, in bidding order: the one after the dealer first.
    first = first_seat(game.start.rules, game.start.dealer)
    order = [seat for seat in (first, 1 - first) if seat in declared]
    assert exchanged == order


CHANCE = {DoubleNilTiming.BEFORE_FIRST_CHOICE: 0, DoubleNilTiming.AFTER_FIRST_CHOICE: 1}
"""The player's own draw choices of the round at her one chance to declare double nil, as
the rules page has it (reading-double-nil-timing): none, or her first."""


def choices_made(state: State, seat: int) -> int:
    """How many draw choices ``seat`` has made this round."""
    return sum(turn.seat == seat for turn in state.draws)


@given(games(st.one_of(OPEN_DOUBLE_NIL_RULES, DOUBLE_NIL_RULES, RULES)))
def test_double_nil_is_legal_only_at_the_players_one_chance_of_the_draw(game: Game) -> None:
    """Her turn to draw before her first choice, or under `AFTER_FIRST_CHOICE` right after
    it; before that chance the declaration is `not_yet_drawn`, after it `already_drawn`.

    Rules: rule-double-nil, reading-double-nil-timing.
    """
    for before, move, _ in game.steps:
        seat = before.to_move
        assert seat is not None
        rules = before.rules
        offered = BLIND in legal_moves(before)
        assert offered is may_bid_blind_by_reference(before, seat)
        assert is_legal(before, BLIND) is offered
        chosen = choices_made(before, seat)
        chance = CHANCE[rules.double_nil_timing]
        if offered:
            assert before.phase is Phase.DRAWING
            assert chosen == chance
            assert before.bids[seat] is None
            assert legal_moves(before)[0] == BLIND
        elif rules.blind_nil and before.bids[seat] is None and before.phase is Phase.DRAWING:
            with pytest.raises(IllegalMoveError) as info:
                apply(before, BLIND)
            assert info.value.reason is expected_reason(before, BLIND)
            if chosen != chance:
                late = chosen > chance
                assert info.value.reason is (Reason.ALREADY_DRAWN if late else Reason.NOT_YET_DRAWN)
        if move == BLIND:
            assert offered


@given(
    OPEN_DOUBLE_NIL_RULES.map(
        lambda rules: attrs.evolve(rules, double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE)
    ),
    SEEDS,
    st.integers(0, 1),
)
def test_after_the_first_choice_double_nil_is_declared_at_the_second_turn_in_a_full_hand(
    rules: Ruleset, seed: int, dealer: int
) -> None:
    """Each player's second turn offers it, when she holds her first kept card; she still
    makes that turn's draw choice, and the view of her seat offers the same.

    Rules: reading-double-nil-timing, rule-double-nil.
    """
    state = new_game(rules, seed=seed, dealer=dealer)
    offers = []
    while state.phase is Phase.DRAWING:
        seat = state.to_move
        assert seat is not None
        moves = legal_moves(state)
        assert legal_moves(observe(state, seat)) == moves
        if BLIND in moves:
            offers.append((seat, len(state.hand(seat))))
            state = apply(state, BLIND)
            assert (state.to_move, state.bids[seat]) == (seat, BLIND)
            assert legal_moves(state) == (Keep(), Reject())
        state = apply(state, Keep())
    assert offers == [(dealer, 1), (1 - dealer, 1)]
    assert state.bids == (BLIND, BLIND)


@given(exchanging_states(), st.data())
def test_an_exchange_is_legal_exactly_when_it_gives_at_most_the_limit_of_her_cards(
    state: State, data: st.DataObject
) -> None:
    """Rule: rule-exchange."""
    seat = state.to_move
    assert seat is not None
    hand = state.hand(seat)
    limit = state.rules.blind_nil_exchange
    own = data.draw(st.lists(st.sampled_from(hand), unique=True, max_size=limit + 2))
    others = [card for card in DECK if card not in hand]
    foreign = data.draw(st.lists(st.sampled_from(others), unique=True, max_size=2))
    move = Exchange([*own, *foreign])
    legal = not foreign and len(own) <= limit
    assert is_legal(state, move) is legal
    assert (move in legal_moves(state)) is legal
    assert (expected_reason(state, move) is None) is legal
    if legal:
        after = apply(state, move)
        assert len(after.hand(seat)) == 13
        assert (after.exchanges[-1].seat, after.exchanges[-1].given) == (seat, move.cards)
    else:
        with pytest.raises(IllegalMoveError) as error:
            apply(state, move)
        assert error.value.reason is expected_reason(state, move)
        if len(move.cards) > limit:
            assert error.value.reason is Reason.TOO_MANY_EXCHANGED
        else:
            assert error.value.reason is Reason.CARD_NOT_IN_HAND


# ---------------------------------------------------------------------------------------
# Whole games to 500


def _beats(card: Card, led: Card) -> bool:
    if card.suit is led.suit:
        return card.rank > led.rank
    return card.suit is Suit.SPADES


def _cheapness(card: Card) -> tuple[bool, int]:
    return (card.suit is Suit.SPADES, card.rank)


def sensible(state: State, rng: random.Random) -> Move:
    """A bot that keeps high cards and spades, bids about what it will take and plays to
    win, except that now and then it declares double nil, exchanges its highest cards and
    ducks."""
    moves = legal_moves(state)
    seat = state.to_move
    assert seat is not None
    if state.phase is Phase.DRAWING:
        if BLIND in moves and rng.random() < 0.02:
            return BLIND
        top = state.stock[0]
        wanted = top.suit is Suit.SPADES or top.rank >= Rank.QUEEN
        if state.bids[seat] == BLIND:
            wanted = not wanted
        return Keep() if wanted else Reject()
    if state.phase is Phase.EXCHANGING:
        count = state.rules.blind_nil_exchange
        return Exchange(sorted(state.hand(seat), key=_cheapness)[13 - count :])
    if state.phase is Phase.BIDDING:
        hand = state.hand(seat)
        sure = sum(
            card.rank >= (Rank.TEN if card.suit is Suit.SPADES else Rank.KING) for card in hand
        )
        return Bid(min(13, sure + 1))  # about one more trick than the sure ones
    plays = [move.card for move in moves]  # type: ignore[union-attr]
    if state.bids[seat] == BLIND:
        if state.trick:
            losers = [card for card in plays if not _beats(card, state.trick[0])]
            return Play(max(losers or plays, key=_cheapness))
        return Play(min(plays, key=_cheapness))
    if state.trick:
        winners = [card for card in plays if _beats(card, state.trick[0])]
        return Play(min(winners or plays, key=_cheapness))
    return Play(max(plays, key=lambda card: (card.suit is not Suit.SPADES, card.rank)))


@settings(max_examples=max(10, settings().max_examples // 3))
@given(starts(st.just(TWO_HANDED)), SEEDS)
def test_every_game_to_500_ends_when_the_bots_bid_sensibly(start: State, seed: int) -> None:
    """Rules: rule-two-game-end, rule-target."""
    steps = list(random_play(start, seed, rounds=100, policy=sensible))
    last = steps[-1].after
    assert last.is_over
    assert_outcome_follows_the_rules(last)
    assert last.outcome is not None
    assert last.outcome.termination is Termination.TARGET
    assert max(last.scores) >= 500
    # Every earlier round ended with the game going on, as the reference says.
    running = (0, 0)
    for number, score in enumerate(last.rounds[:-1], start=1):
        running = (running[0] + score.points[0], running[1] + score.points[1])
        assert expected_outcome(last.rules, running, number) is None
    # The dealer alternates: round r is dealt by the start's dealer when r is odd.
    for before, _, _ in steps:
        assert before.dealer == seat_after(start.rules, start.dealer, before.round_number - 1)
