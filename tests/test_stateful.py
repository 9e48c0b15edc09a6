"""A stateful test: legal and illegal moves interleaved, with the game's invariants after each.

The machine starts a game under a drawn ruleset (a preset, a four-player preset played
solo or by three, any valid ruleset of four or three players, or one with blind nil on),
then mixes legal moves, illegal moves, moves for a seat that is not to move, re-deals at
the start of a round, and random play to the end of the round. Three players
(rule-three-players) are held to the same invariants, with three seats, three sides and the
cards of their pack (17 or 18 a hand).
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest
from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import oracle
from helpers import (
    BLIND_NUMBER_RULES,
    BY_SPADES_RULES,
    SOLO_PRESET_RULES,
    SUICIDE_RULES,
    THREE_PRESET_RULES,
    assert_outcome_follows_the_rules,
    assert_scored_by_reference,
    bids_by_spades,
    blind_nil_rulesets,
    blind_number_rulesets,
    by_spades_rulesets,
    engine_cards,
    expected_moves,
    first_seat,
    pack_data,
    reference_cards,
    rules_data,
    seat_after,
    suicide_kept,
)
from spades import (
    Bid,
    Bidding,
    IllegalMoveError,
    Phase,
    Reason,
    Ruleset,
    State,
    apply,
    blind_numbers,
    deal,
    is_legal,
    legal_moves,
    new_game,
    observe,
)
from spades._rules import BIDS_BY_SPADES
from spades._spades_shown import history_problem
from spades.strategies import decks, illegal_moves, moves, rulesets


def at_round_start(state: State) -> bool:
    unbid = (None,) * state.rules.players
    return state.phase is Phase.BIDDING and state.bids == unbid and not any(state.looked)


def hand_size(state: State) -> int:
    """The cards of a hand, and the tricks of a round, by the reference: 13, or 17 or 18 for
    three players (rule-three-players)."""
    return oracle.hand_size(rules_data(state.rules))


RULES = st.one_of(
    rulesets(presets_only=True, players=4),
    rulesets(players=4),
    blind_nil_rulesets(),
    SUICIDE_RULES,
    BY_SPADES_RULES,
    BLIND_NUMBER_RULES,
    SOLO_PRESET_RULES,
    THREE_PRESET_RULES,
    rulesets(players=3),
    blind_nil_rulesets(players=3),
    by_spades_rulesets(players=3),
    blind_number_rulesets(players=3),
)
"""The rulesets the machine plays: four players, and three (rule-three-players)."""


class SpadesGame(RuleBasedStateMachine):
    """One game, driven by the rules below; ``state`` is the game so far."""

    state: State

    @initialize(rules=RULES, seed=st.integers(0, 2**64 - 1), data=st.data())
    def start(self, rules: Ruleset, seed: int, data: st.DataObject) -> None:
        dealer = data.draw(st.integers(0, rules.players - 1), label="dealer")
        packs = decks(deck=rules.deck, players=rules.players)  # rule-decks, rule-three-players
        deck = data.draw(st.none() | packs, label="deck")
        self.state = new_game(rules, seed=seed, dealer=dealer, deck=deck)

    @precondition(lambda self: self.state.is_over)
    @rule(rules=RULES, seed=st.integers(0, 2**64 - 1))
    def start_again(self, rules: Ruleset, seed: int) -> None:
        assert legal_moves(self.state) == ()
        self.state = new_game(rules, seed=seed)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        before = self.state
        pickled = pickle.dumps(before)
        move = data.draw(moves(before), label="move")
        assert is_legal(before, move)
        after = apply(before, move)
        assert pickle.dumps(before) == pickled
        assert after != before
        if before.rules.bidding in BIDS_BY_SPADES and isinstance(move, Bid):  # rule-whiz
            assert before.to_move is not None
            assert bids_by_spades(before.rules, move.n, before.hand(before.to_move))
        if isinstance(move, Bid) and move.blind and move.n:  # rule-blind-bids
            assert before.to_move is not None
            assert move.n in blind_numbers(before, before.to_move)
            assert observe(before, before.to_move).hand is None
            event("a blind number")
        self.state = after

    @rule(data=st.data())
    def illegal_move(self, data: st.DataObject) -> None:
        before = self.state
        pickled, hashed, copied = pickle.dumps(before), hash(before), copy.deepcopy(before)
        move = data.draw(illegal_moves(before), label="move")
        assert not is_legal(before, move)
        with pytest.raises(IllegalMoveError) as caught:
            apply(before, move)
        assert isinstance(caught.value.reason, Reason)
        assert caught.value.move == move
        assert before == copied
        assert pickle.dumps(before) == pickled
        assert hash(before) == hashed

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def move_out_of_turn(self, data: st.DataObject) -> None:
        before = self.state
        assert before.to_move is not None
        players = before.rules.players
        offset = data.draw(st.integers(1, players - 1), label="offset")
        seat = (before.to_move + offset) % players
        pickled = pickle.dumps(before)
        move = data.draw(moves(before), label="move")
        with pytest.raises(IllegalMoveError) as caught:
            apply(before, move, seat=seat)
        assert caught.value.reason is Reason.NOT_YOUR_TURN
        assert caught.value.seat == seat
        assert pickle.dumps(before) == pickled

    @precondition(lambda self: at_round_start(self.state))
    @rule(data=st.data())
    def deal_again(self, data: st.DataObject) -> None:
        rules = self.state.rules
        deck = data.draw(decks(deck=rules.deck, players=rules.players), label="deck")
        dealt = deal(self.state, deck)
        hands = oracle.deal(rules_data(dealt.rules), dealt.dealer, reference_cards(deck))
        assert dealt.hands == tuple(engine_cards(hand) for hand in hands)
        assert dealt.rules == self.state.rules
        assert (dealt.scores, dealt.bags, dealt.rounds) == (
            self.state.scores,
            self.state.bags,
            self.state.rounds,
        )
        self.state = dealt

    @precondition(lambda self: not self.state.is_over)
    @rule(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 60))
    def play_on(self, seed: int, count: int) -> None:
        rng = random.Random(seed)
        state = self.state
        for _ in range(count):
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_moves(state)))
        self.state = state

    @precondition(lambda self: not self.state.is_over)
    @rule(seed=st.integers(0, 2**32 - 1))
    def play_out_the_round(self, seed: int) -> None:
        rng = random.Random(seed)
        state = self.state
        number = state.round_number
        while not state.is_over and state.round_number == number:
            state = apply(state, rng.choice(legal_moves(state)))
        assert state.is_over or at_round_start(state)
        assert len(state.rounds) == number
        self.state = state

    @invariant()
    def every_card_is_accounted_for(self) -> None:
        """The hands and the cards played this round are the pack's, once each: no card the
        deck lacks (a joker of the standard deck, a deuce a joker deck removes, the 2C for
        three players), the reference's pack.

        Rules: rule-cards, rule-decks, rule-three-players.
        """
        state = self.state
        hands = [card for hand in state.hands for card in hand]
        played = list(state.trick) + [card for trick in state.tricks for card in trick.cards]
        assert sorted(hands + played) == list(
            engine_cards(oracle.deck_cards(pack_data(state.rules)))
        )
        if state.phase in (Phase.BIDDING, Phase.PASSING):
            assert not played
        if state.phase is Phase.PLAYING:
            assert state.trick_leader is not None
            size = hand_size(state) - len(state.tricks)
            for offset in range(state.rules.players):
                seat = seat_after(state.rules, state.trick_leader, offset)
                assert len(state.hand(seat)) == size - (offset < len(state.trick))

    @invariant()
    def tricks_taken_are_the_tricks_won(self) -> None:
        won = Counter(trick.winner for trick in self.state.tricks)
        players = self.state.rules.players
        assert self.state.tricks_taken == tuple(won[seat] for seat in range(players))

    @invariant()
    def scores_are_the_sums_of_round_points(self) -> None:
        """A total and a bag counter a side: two, three for three players (rule-three-players),
        or four solo (rule-solo)."""
        rounds = self.state.rounds
        sides = self.state.rules.sides
        assert self.state.scores == tuple(
            sum(r.points[side] for r in rounds) for side in range(sides)
        )
        assert self.state.bags == (rounds[-1].bags if rounds else (0,) * sides)
        assert all(sum(r.tricks) == hand_size(self.state) for r in rounds)

    @invariant()
    def the_last_round_is_scored_and_the_game_ended_as_the_reference_has_it(self) -> None:
        """The last round's score by side, from the bags before it; a finished game's
        outcome after the first round after which the reference ends it.

        Rules: rule-scoring, rule-game-end, rule-solo, rule-three-players.
        """
        state = self.state
        rounds = state.rounds
        if rounds:
            before = rounds[-2].bags if len(rounds) > 1 else (0,) * state.rules.sides
            assert_scored_by_reference(state.rules, rounds[-1], before)
        if state.is_over:
            assert_outcome_follows_the_rules(state)

    @invariant()
    def every_sides_bids_reach_the_team_minimum(self) -> None:
        """Once both partners have bid, this round and every completed one; nobody has a
        minimum without a partner.

        Rules: rule-team-minimum, rule-solo, rule-three-players.
        """
        state = self.state
        minimum = state.rules.team_minimum
        if not state.rules.partnerships:
            assert minimum == 0
            return
        for bids in (state.bids, *(score.bids for score in state.rounds)):
            for side in (0, 1):
                pair = (bids[side], bids[side + 2])
                if None not in pair:
                    assert sum(bid.n for bid in pair if bid is not None) >= minimum

    @invariant()
    def every_side_bids_as_suicide_asks(self) -> None:
        """Under Suicide a nil and 4 or more a side, this round and every completed one.

        Rule: rule-suicide.
        """
        state = self.state
        if state.rules.bidding is Bidding.SUICIDE:
            for bids in (state.bids, *(score.bids for score in state.rounds)):
                assert suicide_kept(bids)

    @invariant()
    def every_round_shows_spades_whiz_and_mirror_allow(self) -> None:
        """Under Whiz and Mirror the counts a round's bids show fit one deal: the pack's
        spades at most, all of them when every bid shows one; each bid was her count as dealt
        (`legal_move`).

        Rules: rule-whiz, rule-mirror, rule-three-players.
        """
        state = self.state
        for score in state.rounds:
            assert history_problem(state.rules, score.bids) is None

    @invariant()
    def the_legal_moves_are_the_references(self) -> None:
        """The engine's legal moves, in order, are those of the tests' reference.

        Rules: rule-play, rule-follow-suit, rule-spades-broken, reading-spades-lead.
        Rules: rule-team-minimum, reading-zero-bid.
        Rule: rule-card-pass.
        Rule: rule-suicide.
        Rules: rule-whiz, rule-mirror.
        Rule: rule-blind-bids.
        """
        state = self.state
        if not state.is_over:
            assert legal_moves(state) == expected_moves(state)

    @invariant()
    def the_phase_and_the_seat_to_move_agree(self) -> None:
        """The bidders in turn; the passes due, who passes and what each hand holds; the play.

        Rules: rule-bidding, rule-card-pass, rule-play, rule-three-players.
        """
        state = self.state
        event(f"phase: {state.phase.value}")
        bids = state.bids
        if state.phase is Phase.GAME_OVER:
            assert state.to_move is None
            assert state.outcome is not None
            assert legal_moves(state) == ()
            return
        assert state.to_move is not None
        assert state.outcome is None
        assert legal_moves(state)
        assert state.round_number == len(state.rounds) + 1
        if state.phase is Phase.BIDDING:
            made = sum(bid is not None for bid in bids)
            first = first_seat(state.rules, state.dealer)
            players = state.rules.players
            bidders = [seat_after(state.rules, first, offset) for offset in range(players)]
            assert [bids[seat] is not None for seat in bidders] == [True] * made + [False] * (
                players - made
            )
            assert state.to_move == bidders[made]
            assert not any(state.looked[seat] for seat in bidders[made + 1 :])
            return
        assert None not in bids
        if state.phase is Phase.PASSING:
            first = first_seat(state.rules, state.dealer)
            due = oracle.card_passes(rules_data(state.rules), [str(bid) for bid in bids], first)
            made = len(state.passes)
            assert made < len(due)
            assert [(entry.seat, len(entry.cards or ())) for entry in state.passes] == due[:made]
            seat, count = due[made]
            assert state.to_move == seat
            sizes = [13] * 4
            if made % 2:  # her partner passed her ``count`` cards: she passes as many back
                sizes[seat] += count
                sizes[oracle.partner(seat)] -= count
            assert [len(hand) for hand in state.hands] == sizes
            return
        assert state.trick_leader is not None
        assert state.to_move == seat_after(state.rules, state.trick_leader, len(state.trick))
        assert len(state.trick) < state.rules.players
        assert len(state.tricks) < hand_size(state)


TestSpadesGame = SpadesGame.TestCase
