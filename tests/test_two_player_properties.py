"""Properties of random legal two-player games (source C), under `TWO_HANDED` and random
two-player rulesets.

Games are played from a new game with a seeded `random.Random` choosing among the legal
moves, so that every move can be checked against the state before it; positions for the
illegal-move checks come from `spades.strategies.states`. The checks recompute each rule
(the draw, double nil, the exchange and its documented random draw, the play, the scoring and
the end of the game) independently of the engine.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import NamedTuple

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import BLIND, may_play, play_reasons, spade_played
from spades import (
    DECK,
    TWO_HANDED,
    Bid,
    Card,
    DrawTurn,
    Exchange,
    IllegalMoveError,
    Keep,
    Look,
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
    check_move,
    is_legal,
    legal_moves,
    new_game,
    round_deck,
    score_round,
)
from spades.strategies import decks, illegal_moves, rulesets, states

SEEDS = st.integers(0, 2**32 - 1)

# Double nil on, whatever else the ruleset says; and often with no deficit, so it is offered.
DOUBLE_NIL_RULES = rulesets(players=2).map(
    lambda rules: attrs.evolve(rules, nil=True, blind_nil=True)
)
OPEN_DOUBLE_NIL_RULES = DOUBLE_NIL_RULES.map(
    lambda rules: attrs.evolve(rules, blind_nil_deficit=None)
)
RULES = st.one_of(st.just(TWO_HANDED), rulesets(players=2), OPEN_DOUBLE_NIL_RULES)
# At most three rounds: uniformly random games under these end quickly.
CAPPED_RULES = RULES.map(lambda rules: attrs.evolve(rules, round_cap=min(rules.round_cap or 3, 3)))


# ---------------------------------------------------------------------------------------
# The rules, recomputed independently of the engine


def bidding_order(state: State) -> tuple[int, int]:
    """The non-dealer bids first."""
    return (1 - state.dealer, state.dealer)


def has_drawn(state: State, seat: int) -> bool:
    return any(who == seat for who, _, _ in state.draws)


def may_declare(state: State, seat: int) -> bool:
    """Double nil: during the draw, before her first draw choice, once, deficit permitting."""
    rules = state.rules
    if not rules.blind_nil or state.phase is not Phase.DRAWING:
        return False
    if state.bids[seat] is not None or has_drawn(state, seat):
        return False
    trailing_by = state.scores[1 - seat] - state.scores[seat]
    return rules.blind_nil_deficit is None or trailing_by >= rules.blind_nil_deficit


def expected_legal_moves(state: State) -> tuple[Move, ...]:
    """The documented moves and order of each phase."""
    if state.to_move is None:
        return ()
    seat = state.to_move
    hand = tuple(sorted(state.hand(seat)))
    rules = state.rules
    if state.phase is Phase.DRAWING:
        draws: tuple[Move, ...] = (Keep(), Reject())
        return (BLIND, *draws) if may_declare(state, seat) else draws
    if state.phase is Phase.EXCHANGING:
        sizes = range(rules.blind_nil_exchange + 1)
        return tuple(Exchange(chosen) for size in sizes for chosen in combinations(hand, size))
    if state.phase is Phase.BIDDING:
        return tuple(Bid(n) for n in range(0 if rules.nil else 1, 14))
    assert state.phase is Phase.PLAYING
    broken = spade_played(state)
    return tuple(Play(card) for card in hand if may_play(card, hand, state.trick, broken))


def rules_broken(state: State, move: Move) -> set[Reason]:
    """Every rule that forbids ``move`` in ``state`` (empty when it is legal)."""
    if state.to_move is None:
        return {Reason.GAME_OVER}
    kinds: dict[Phase, tuple[type, ...]] = {
        Phase.DRAWING: (Keep, Reject, Bid),
        Phase.EXCHANGING: (Exchange,),
        Phase.BIDDING: (Bid, Look),
        Phase.PLAYING: (Play,),
    }
    if not isinstance(move, kinds[state.phase]):
        return {Reason.WRONG_PHASE}
    seat = state.to_move
    rules = state.rules
    hand = state.hand(seat)
    broken: set[Reason] = set()
    if isinstance(move, Play):
        broken |= play_reasons(state, move.card, hand)
    elif isinstance(move, Exchange):
        if len(move.cards) > rules.blind_nil_exchange:
            broken.add(Reason.TOO_MANY_EXCHANGED)
        if any(card not in hand for card in move.cards):
            broken.add(Reason.CARD_NOT_IN_HAND)
    elif isinstance(move, Look):
        broken.add(Reason.HAND_ALREADY_SEEN)  # two players always see what they draw
    elif isinstance(move, Bid) and move.blind:
        if not rules.blind_nil:
            broken.add(Reason.BLIND_NIL_NOT_ALLOWED)
        elif state.bids[seat] is not None:
            broken.add(Reason.ALREADY_BID)
        elif state.phase is not Phase.DRAWING or has_drawn(state, seat):
            broken.add(Reason.ALREADY_DRAWN)
        elif not may_declare(state, seat):
            broken.add(Reason.BLIND_NIL_NOT_ELIGIBLE)
    elif isinstance(move, Bid):
        if state.phase is Phase.DRAWING:
            broken.add(Reason.WRONG_PHASE)
        else:
            if not 0 <= move.n <= 13:
                broken.add(Reason.BID_OUT_OF_RANGE)
            if move.n == 0 and not rules.nil:
                broken.add(Reason.NIL_NOT_ALLOWED)
    return broken


def exchange_draw(state: State, seat: int, count: int) -> tuple[Card, ...]:
    """The documented draw: the discards shuffled by BLAKE2b-512 of the seed, round and seat
    (little-endian), Fisher-Yates from the top; the first ``count``."""
    text = f"{state.seed}:{state.round_number}:exchange:{seat}"
    x = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=64).digest(), "little")
    pile = list(state.discards)
    for i in range(len(pile) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        pile[i], pile[j] = pile[j], pile[i]
    return tuple(pile[:count])


def next_after_draw(state: State) -> tuple[Phase, int]:
    """Who moves once the draw (or an exchange) is over, and in which phase."""
    exchanged = {entry.seat for entry in state.exchanges}
    if state.rules.blind_nil_exchange:
        for seat in bidding_order(state):
            if state.bids[seat] == BLIND and seat not in exchanged:
                return Phase.EXCHANGING, seat
    for seat in bidding_order(state):
        if state.bids[seat] is None:
            return Phase.BIDDING, seat
    return Phase.PLAYING, 1 - state.dealer


def ends_after(rules: Ruleset, scores: tuple[int, int], rounds: int) -> Termination | None:
    apart = scores[0] != scores[1]
    if apart and max(scores) >= rules.target:
        return Termination.TARGET
    floor = rules.losing_floor
    if apart and floor is not None and min(scores) <= floor:
        return Termination.LOSING_FLOOR
    if rules.round_cap is not None and rounds >= rules.round_cap:
        return Termination.ROUND_CAP
    return None


def assert_every_card_in_one_place(state: State) -> None:
    """Hands, stock, discards, the trick in progress and the completed tricks: 52, once each."""
    hands = [card for hand in state.hands for card in hand]
    taken = [card for trick in state.tricks for card in trick.cards]
    places = [hands, list(state.stock), list(state.discards), list(state.trick), taken]
    everywhere = [card for place in places for card in place]
    assert sorted(everywhere) == list(DECK)
    drawn = len(state.draws)
    if state.phase is Phase.DRAWING:
        assert len(state.stock) == 52 - 2 * drawn
        assert len(state.discards) == drawn
        for seat in (0, 1):
            assert len(state.hand(seat)) == sum(who == seat for who, _, _ in state.draws)
        assert not taken
        assert not state.trick
    else:
        assert drawn == 26
        assert state.stock == ()
        assert len(state.discards) == 26
    if state.phase in (Phase.EXCHANGING, Phase.BIDDING):
        assert [len(hand) for hand in state.hands] == [13, 13]
    if state.phase is Phase.GAME_OVER:
        assert hands == []
        assert not state.trick
        assert len(state.tricks) == 13


# ---------------------------------------------------------------------------------------
# Games played with a seeded random policy


class Step(NamedTuple):
    before: State
    move: Move
    after: State


Policy = Callable[[State, random.Random], Move]


def uniform(state: State, rng: random.Random) -> Move:
    return rng.choice(legal_moves(state))


def play(state: State, seed: int, *, rounds: int, policy: Policy = uniform) -> Iterator[Step]:
    """Moves from ``state`` until ``rounds`` rounds have ended, or the game."""
    rng = random.Random(seed)
    last = state.round_number + rounds - 1
    while not state.is_over and state.round_number <= last:
        move = policy(state, rng)
        after = apply(state, move)
        yield Step(state, move, after)
        state = after


def new_round(step: Step) -> bool:
    return step.after.is_over or step.after.round_number != step.before.round_number


class Game(NamedTuple):
    start: State
    steps: list[Step]


@st.composite
def starts(draw: st.DrawFn, rules: st.SearchStrategy[Ruleset] = RULES) -> State:
    """A new two-player game: any ruleset, seed and dealer, sometimes an explicit stock."""
    return new_game(
        draw(rules),
        seed=draw(SEEDS),
        dealer=draw(st.integers(0, 1)),
        deck=draw(st.none() | decks()),
    )


@st.composite
def games(draw: st.DrawFn, rules: st.SearchStrategy[Ruleset] = RULES, max_rounds: int = 2) -> Game:
    """A new game and its first rounds, played by uniformly random legal moves."""
    start = draw(starts(rules))
    steps = list(play(start, draw(SEEDS), rounds=draw(st.integers(1, max_rounds))))
    return Game(start, steps)


@st.composite
def finished_games(draw: st.DrawFn) -> Game:
    """A whole game, at most three rounds long, played by uniformly random legal moves."""
    start = draw(starts(CAPPED_RULES))
    steps = list(play(start, draw(SEEDS), rounds=4))
    return Game(start, steps)


# ---------------------------------------------------------------------------------------
# The strategies


@given(rulesets(players=2))
def test_strategies_two_player_rulesets_are_valid(rules: Ruleset) -> None:
    assert rules.players == 2
    assert attrs.evolve(rules) == rules  # validates every field again
    assert rules.blind_nil_pass == 0
    assert 0 <= rules.blind_nil_exchange <= 3


# ---------------------------------------------------------------------------------------
# Cards


@given(games())
def test_every_card_is_in_exactly_one_place_at_every_step(game: Game) -> None:
    assert_every_card_in_one_place(game.start)
    for step in game.steps:
        assert_every_card_in_one_place(step.after)


@given(games(max_rounds=1))
def test_each_player_ends_the_draw_with_13_cards_and_26_discards(game: Game) -> None:
    """Rule: rule-draw."""
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
    assert [seat for seat, _, _ in after.draws] == [(game.start.dealer + t) % 2 for t in range(26)]
    kept = {seat: sorted(card for who, card, _ in after.draws if who == seat) for seat in (0, 1)}
    assert kept == {seat: list(after.hand(seat)) for seat in (0, 1)}
    assert after.discards == tuple(card for _, _, card in after.draws)


@given(games())
def test_each_draw_turn_moves_one_card_to_the_hand_and_one_to_the_discards(game: Game) -> None:
    """Rule: rule-draw."""
    turns = 0
    for before, move, after in game.steps:
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
        else:
            assert (after.phase, after.to_move) == next_after_draw(after)
    assert turns == 26 * sum(map(new_round, game.steps))  # every round played had 26


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

    return Game(start, list(play(start, draw(SEEDS), rounds=1, policy=policy)))


@given(exchange_games())
def test_the_exchange_keeps_13_cards_and_draws_only_from_the_discards(game: Game) -> None:
    """Rule: rule-exchange."""
    declared = {seat for seat, bid in enumerate(game.steps[-1].before.bids) if bid == BLIND}
    exchanged = []
    for before, move, after in game.steps:
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
        assert drawn == exchange_draw(before, seat, len(move.cards))
        assert set(drawn) <= set(before.discards)
        assert set(given_cards) <= set(before.hand(seat))
        hand = sorted({*before.hand(seat)} - set(given_cards) | set(drawn))
        assert list(after.hand(seat)) == hand
        assert len(after.hand(seat)) == 13
        assert after.hand(1 - seat) == before.hand(1 - seat)
        assert len(after.discards) == 26
        assert after.discards == (*(c for c in before.discards if c not in drawn), *given_cards)
        assert (after.phase, after.to_move) == next_after_draw(after)
    # Every declarer exchanged once, in bidding order: the non-dealer first.
    order = [seat for seat in (1 - game.start.dealer, game.start.dealer) if seat in declared]
    assert exchanged == order


@given(games(rules=st.one_of(OPEN_DOUBLE_NIL_RULES, DOUBLE_NIL_RULES, RULES)))
def test_double_nil_is_legal_only_before_the_players_first_draw_choice(game: Game) -> None:
    """Rule: rule-double-nil."""
    for before, move, _ in game.steps:
        seat = before.to_move
        assert seat is not None
        offered = BLIND in legal_moves(before)
        assert offered is may_declare(before, seat)
        assert is_legal(before, BLIND) is offered
        if offered:
            assert before.phase is Phase.DRAWING
            assert not has_drawn(before, seat)
            assert legal_moves(before)[0] == BLIND
        if move == BLIND:
            assert offered


@given(games())
def test_legal_moves_are_the_rules_at_every_step(game: Game) -> None:
    """Rules: rule-two-players, ref-move-order."""
    for before, move, after in game.steps:
        assert legal_moves(before) == expected_legal_moves(before)
        assert not rules_broken(before, move)
        if isinstance(move, Play):
            assert len(after.trick) in (1, 0)
        if before.phase is Phase.BIDDING:
            assert before.to_move == next_after_draw(before)[1]
    assert legal_moves(game.steps[-1].after) == expected_legal_moves(game.steps[-1].after)


def trick_winner(leader: int, first: Card, second: Card) -> int:
    """The highest spade wins, else the higher card of the suit led."""
    spades = [card for card in (first, second) if card.suit is Suit.SPADES]
    followers = [card for card in (first, second) if card.suit is first.suit]
    best = max(spades or followers, key=lambda card: card.rank)
    return leader if best is first else 1 - leader


@given(games(max_rounds=1))
def test_tricks_are_two_cards_won_by_the_highest_spade_or_card_of_the_suit_led(
    game: Game,
) -> None:
    """Rule: rule-two-play."""
    for before, move, after in game.steps:
        if not isinstance(move, Play) or not before.trick:
            continue
        leader = before.trick_leader
        assert leader is not None
        assert before.to_move == 1 - leader
        first, second = before.trick[0], move.card
        winner = trick_winner(leader, first, second)
        if new_round(Step(before, move, after)) and not after.is_over:
            taken = list(before.tricks_taken)
            taken[winner] += 1
            assert after.rounds[-1].tricks == tuple(taken)
            continue
        assert len(after.tricks) == len(before.tricks) + 1
        trick = after.tricks[-1]
        assert (trick.leader, trick.cards, trick.winner) == (leader, (first, second), winner)
        if not after.is_over:
            assert after.to_move == winner
            assert after.trick_leader == winner


# ---------------------------------------------------------------------------------------
# Scores and the end of the game


@given(finished_games())
def test_totals_are_the_sums_of_score_round_results(game: Game) -> None:
    """Rule: rule-two-scoring."""
    last = game.steps[-1].after
    assert last.is_over
    bags = (0, 0)
    totals = (0, 0)
    round_steps = [step for step in game.steps if new_round(step)]
    assert len(round_steps) == len(last.rounds)
    for step, score in zip(round_steps, last.rounds, strict=True):
        before, move = step.before, step.move
        assert isinstance(move, Play)
        assert None not in before.bids
        assert before.trick_leader is not None
        counts = list(before.tricks_taken)
        counts[trick_winner(before.trick_leader, before.trick[0], move.card)] += 1
        assert score.bids == before.bids
        assert score.tricks == tuple(counts)
        assert score == score_round(last.rules, list(score.bids), counts, bags)
        bags = score.bags
        totals = (totals[0] + score.points[0], totals[1] + score.points[1])
        assert step.after.scores == totals
        assert step.after.bags == bags
    assert last.scores == totals


@given(finished_games())
def test_every_capped_game_ends_as_the_rules_say(game: Game) -> None:
    """Rule: rule-two-game-end."""
    last = game.steps[-1].after
    rules = last.rules
    assert last.is_over
    assert rules.round_cap is not None
    assert 1 <= len(last.rounds) <= rules.round_cap
    assert last.phase is Phase.GAME_OVER
    assert last.to_move is None
    assert legal_moves(last) == ()
    running = (0, 0)
    for number, score in enumerate(last.rounds, start=1):
        running = (running[0] + score.points[0], running[1] + score.points[1])
        assert (ends_after(rules, running, number) is not None) == (number == len(last.rounds))
    outcome = last.outcome
    assert outcome is not None
    assert outcome.termination is ends_after(rules, last.scores, len(last.rounds))
    if outcome.winner is None:
        assert last.scores[0] == last.scores[1]
        assert outcome.termination is Termination.ROUND_CAP
    else:
        assert last.scores[outcome.winner] > last.scores[1 - outcome.winner]


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
    steps = list(play(start, seed, rounds=100, policy=sensible))
    last = steps[-1].after
    assert last.is_over
    assert last.outcome is not None
    assert last.outcome.termination is Termination.TARGET
    assert max(last.scores) >= 500
    assert last.scores[0] != last.scores[1]
    assert last.scores[last.outcome.winner] == max(last.scores)  # type: ignore[index]
    # Every earlier round ended with no one at the target, or with both tied there.
    running = (0, 0)
    for score in last.rounds[:-1]:
        running = (running[0] + score.points[0], running[1] + score.points[1])
        assert max(running) < 500 or running[0] == running[1]
    # The dealer alternates: round r is dealt by the start's dealer when r is odd.
    for step in steps:
        assert step.before.dealer == (start.dealer + step.before.round_number - 1) % 2


# ---------------------------------------------------------------------------------------
# Reproducibility and illegal moves


@given(games(), SEEDS)
def test_the_same_seed_and_choices_reproduce_the_game_exactly(game: Game, seed: int) -> None:
    start = game.start
    again = new_game(start.rules, seed=start.seed, dealer=start.dealer)
    if again.stock != start.stock:  # the start was dealt from an explicit stock
        again = new_game(start.rules, seed=start.seed, dealer=start.dealer, deck=start.stock)
    assert again == start
    state = again
    for before, move, after in game.steps:
        assert state == before
        state = apply(state, move)
        assert state == after
    # A second game from the same seed and policy seed is the same game, move for move.
    first = list(play(start, seed, rounds=2))
    second = list(play(again, seed, rounds=2))
    assert first == second


@given(games(max_rounds=3))
def test_each_rounds_stock_is_round_deck_of_the_seed(game: Game) -> None:
    """Round 1 without an explicit stock, and every later round, come from the seed alone.

    Rule: rule-stock.
    """
    start = game.start
    if new_game(start.rules, seed=start.seed, dealer=start.dealer) == start:
        assert start.stock == round_deck(start.seed, 1)
    for step in game.steps:
        if new_round(step) and not step.after.is_over:
            assert step.after.stock == round_deck(start.seed, step.after.round_number)
            assert step.after.dealer == 1 - step.before.dealer


@st.composite
def exchanging_states(draw: st.DrawFn) -> State:
    """A double nil bidder to exchange, after random draw choices (and, when both declared,
    sometimes after the first bidder's exchange)."""
    rules = attrs.evolve(draw(OPEN_DOUBLE_NIL_RULES), blind_nil_exchange=draw(st.integers(1, 3)))
    state = draw(starts(st.just(rules)))
    declarers = draw(st.sampled_from([(0,), (1,), (0, 1)]))
    rng = random.Random(draw(SEEDS))
    choices: list[Move] = [Keep(), Reject()]
    while state.phase is Phase.DRAWING:
        if state.to_move in declarers and BLIND in legal_moves(state):
            state = apply(state, BLIND)
        state = apply(state, rng.choice(choices))
    if len(declarers) == 2 and draw(st.booleans()):
        state = apply(state, rng.choice(legal_moves(state)))
    assert state.phase is Phase.EXCHANGING
    return state


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
    assert (not rules_broken(state, move)) is legal
    if legal:
        after = apply(state, move)
        assert len(after.hand(seat)) == 13
        assert (after.exchanges[-1].seat, after.exchanges[-1].given) == (seat, move.cards)
    else:
        with pytest.raises(IllegalMoveError) as error:
            apply(state, move)
        assert error.value.reason in rules_broken(state, move)
        if not foreign:
            assert error.value.reason is Reason.TOO_MANY_EXCHANGED
        elif len(move.cards) <= limit:
            assert error.value.reason is Reason.CARD_NOT_IN_HAND


POSITIONS = st.one_of(
    states(rules=RULES, max_moves=120),
    states(rules=RULES, max_moves=120, phases={Phase.BIDDING}),
    states(rules=RULES, max_moves=120, phases={Phase.PLAYING}),
    exchanging_states(),
)
"""Any position; the bidding, the play and the exchange also on purpose."""


@given(st.data())
def test_every_move_not_in_legal_moves_is_rejected_with_its_reason(data: st.DataObject) -> None:
    state = data.draw(POSITIONS)
    move = data.draw(illegal_moves(state))
    assert move not in legal_moves(state)
    assert not is_legal(state, move)
    broken = rules_broken(state, move)
    assert broken
    with pytest.raises(IllegalMoveError) as applied:
        apply(state, move)
    assert applied.value.reason in broken
    assert applied.value.move == move
    assert applied.value.seat == state.to_move
    with pytest.raises(IllegalMoveError) as checked:
        check_move(state, move)
    assert checked.value.reason is applied.value.reason


@given(st.data())
def test_every_legal_move_is_accepted_and_breaks_no_rule(data: st.DataObject) -> None:
    state = data.draw(POSITIONS)
    if state.is_over:
        return
    moves = legal_moves(state)
    assert moves == expected_legal_moves(state)
    move = data.draw(st.sampled_from(moves))
    assert is_legal(state, move)
    assert not rules_broken(state, move)
    after = apply(state, move)
    assert after != state
    assert_every_card_in_one_place(after)
