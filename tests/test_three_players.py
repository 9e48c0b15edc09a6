"""Three players (rule-three-players): the core's rules, one by one.

Each test states a rule of docs/rules.md's section on three players and holds the engine
to it: the pack a deck deals them, the deal, the hand size, the seats and sides both ways
round, the engine's two paths of the play, the bids and blind numbers up to the hand size
with the reasons for the others, what three players may not play, the scores of three
sides, the end of the game, the views and the sampler; and the arguments refused.
"""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracle
from helpers import engine_cards, random_play, reference_cards, rules_data
from spades import (
    DECK,
    JOKERS,
    Bid,
    Bidding,
    Card,
    Deck,
    Direction,
    DoubleNilTiming,
    IllegalMoveError,
    Look,
    NilTricks,
    Pack,
    Phase,
    Play,
    Reason,
    Ruleset,
    RulesetError,
    SpadesError,
    Suit,
    Termination,
    allowed_bids,
    apply,
    blind_numbers,
    check_move,
    legal_moves,
    new_game,
    next_seat,
    observe,
    outcome_after,
    partner,
    play_order,
    round_deck,
    sample_state,
    score_round,
    seats_of,
    side_of,
)
from spades._engine import _play_any_deck
from spades._state import evolve_state
from spades.strategies import decks, rulesets

C = Card.parse
THREE = Ruleset(players=3)
"""The classic rules played by three: the standard deck without the 2C."""
JJA = Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE)
JJDD = Ruleset(players=3, deck=Deck.JOKER_JOKER_DEUCE_DEUCE)
ALL_54 = (*DECK, *JOKERS)


def names(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)


# --- the pack -----------------------------------------------------------------------------


def test_the_standard_deck_deals_three_players_51_cards_without_the_two_of_clubs() -> None:
    """Rule: rule-three-players."""
    pack = THREE.pack
    assert isinstance(pack, Pack)
    assert pack.cards == tuple(card for card in DECK if card != C("2C"))
    assert len(pack.cards) == 51
    assert not pack.jokers
    assert not pack.mask & C("2C").bit
    assert pack.deck is Deck.STANDARD
    assert pack.described == "the standard deck for three players"
    assert pack.spade_cards == Deck.STANDARD.spade_cards
    assert pack is Deck.STANDARD.for_players(3)
    assert THREE.deck is Deck.STANDARD  # the ruleset's field stays the deck


@pytest.mark.parametrize("deck", [Deck.JOKER_JOKER_ACE, Deck.JOKER_JOKER_DEUCE_DEUCE])
def test_a_joker_deck_deals_three_players_all_54_cards(deck: Deck) -> None:
    """Its two deuces come back as plain cards of their suits, lowest of them; the jokers
    and the spades rank as with four.

    Rule: rule-three-players.
    """
    pack = Ruleset(players=3, deck=deck).pack
    assert pack.cards == ALL_54
    assert pack.jokers
    assert pack.spade_cards == deck.spade_cards
    back = {Deck.JOKER_JOKER_ACE: ("2C", "2D"), Deck.JOKER_JOKER_DEUCE_DEUCE: ("2C", "2H")}[deck]
    for text in back:
        card = C(text)
        assert not deck.mask & card.bit  # four players do not see it
        assert pack.suit_of(card) is card.suit
        assert pack.rank_order(card) == 0
    assert pack.described == f"the {deck.value.replace('_', '-')} deck for three players"


def test_joker_joker_deuce_deuces_two_of_diamonds_stays_a_spade_for_three() -> None:
    """Rule: rule-three-players."""
    pack = JJDD.pack
    two = C("2D")
    assert pack.suit_of(two) is Suit.SPADES
    assert names(pack.spade_cards[-4:]) == "2S 2D LJ BJ"
    assert pack.rank_order(C("3D")) == 0  # diamonds begin at the 3
    assert JJA.pack.suit_of(two) is Suit.DIAMONDS


@pytest.mark.parametrize("deck", list(Deck))
def test_the_pack_is_the_references(deck: Deck) -> None:
    """The cards and the spades of each pack, as the tests' reference reads the rules page;
    two and four players are dealt the deck itself.

    Rules: rule-three-players, rule-decks.
    """
    rules = Ruleset(players=3, deck=deck)
    pack = oracle.pack_of(rules_data(rules))
    assert reference_cards(rules.pack.cards) == oracle.deck_cards(pack)
    assert reference_cards(rules.pack.spade_cards) == oracle.spade_cards(pack)
    for players in (2, 4):
        assert deck.for_players(players) is deck
    assert Ruleset(deck=deck).pack is deck


# --- the deal and the hand size --------------------------------------------------------------


def test_the_hand_size_is_a_third_of_the_pack() -> None:
    """17 cards with the standard deck, 18 with a joker deck; a round has as many tricks.

    Rule: rule-three-players.
    """
    assert (THREE.hand_size, JJA.hand_size, JJDD.hand_size) == (17, 18, 18)
    for rules in (THREE, JJA, JJDD):
        state = new_game(rules, seed=5)
        assert [len(hand) for hand in state.hands] == [rules.hand_size] * 3
        assert len(round_deck(5, 1, rules=rules)) == 3 * rules.hand_size
        assert sorted(round_deck(5, 2, rules=rules)) == list(rules.pack.cards)


def test_the_deal_from_a_given_deck_is_one_card_at_a_time_from_the_first_bidder() -> None:
    """Clockwise from the dealer's left; counter-clockwise from her right, seat + 2.

    Rule: rule-three-players, rule-deal.
    """
    deck = list(THREE.pack.cards)
    state = new_game(THREE, deck=deck, dealer=0)
    assert names(state.hand(1)) == names(deck[0::3])
    assert names(state.hand(2)) == names(deck[1::3])
    assert names(state.hand(0)) == names(deck[2::3])
    assert names(state.hand(0)) == "5C 8C JC AC 4D 7D TD KD 3H 6H 9H QH 2S 5S 8S JS AS"
    backwards = attrs.evolve(THREE, direction=Direction.COUNTERCLOCKWISE)
    state = new_game(backwards, deck=deck, dealer=0)
    assert names(state.hand(2)) == names(deck[0::3])
    assert names(state.hand(1)) == names(deck[1::3])
    assert names(state.hand(0)) == names(deck[2::3])
    assert state.to_move == 2


@given(st.sampled_from([THREE, JJA, JJDD]), st.data())
def test_any_deck_order_deals_as_the_reference_deals(rules: Ruleset, data: st.DataObject) -> None:
    """Rule: rule-three-players."""
    rules = attrs.evolve(rules, direction=data.draw(st.sampled_from(Direction)))
    deck = data.draw(decks(deck=rules.deck, players=3))
    dealer = data.draw(st.integers(0, 2))
    state = new_game(rules, deck=deck, dealer=dealer)
    hands = oracle.deal(rules_data(rules), dealer, reference_cards(deck))
    assert state.hands == tuple(engine_cards(hand) for hand in hands)


# --- seats and sides ---------------------------------------------------------------------


@pytest.mark.parametrize("direction", list(Direction))
def test_seats_sides_and_the_order_of_play_both_ways(direction: Direction) -> None:
    """Each seat her own side, without a partner; play goes seat + 1 modulo 3, or seat + 2
    counter-clockwise; the dealer's next seat bids and leads first.

    Rule: rule-three-players.
    """
    rules = attrs.evolve(THREE, direction=direction)
    step = 1 if direction is Direction.CLOCKWISE else 2
    assert (rules.sides, rules.partnerships, rules.solo) == (3, False, False)
    for seat in range(3):
        assert partner(rules, seat) is None
        assert side_of(rules, seat) == seat
        assert seats_of(rules, seat) == (seat,)
        assert next_seat(rules, seat) == (seat + step) % 3
        assert play_order(rules, seat) == tuple((seat + k * step) % 3 for k in range(3))
        state = new_game(rules, seed=1, dealer=seat)
        assert state.to_move == (seat + step) % 3
    with pytest.raises(SpadesError):
        side_of(rules, 3)


# --- the two paths of the play -----------------------------------------------------------


@settings(max_examples=30)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_the_standard_decks_fast_path_is_the_joker_path(seed: int, moves: int) -> None:
    """With the standard deck `apply` plays tricks of three cards inline; the path every
    joker deck takes gives the same state for every legal card of every play.

    Rule: rule-three-players.
    """
    start = new_game(THREE, seed=seed)
    for step in random_play(start, moves, rounds=1):
        before = step.before
        if before.phase is Phase.PLAYING:
            for move in legal_moves(before):
                assert isinstance(move, Play)
                assert apply(before, move) == _play_any_deck(before, move.card)


# --- the bids ----------------------------------------------------------------------------


def test_bids_run_from_nil_to_the_hand_size() -> None:
    """18 is out of range with the standard deck (17 cards a hand), a bid with a joker deck.

    Rule: rule-three-players.
    """
    state = new_game(THREE, seed=2)
    assert legal_moves(state) == tuple(Bid(n) for n in range(18))
    assert allowed_bids(THREE, (None,) * 3, 1) == tuple(range(18))
    with pytest.raises(IllegalMoveError, match="a bid is a number of tricks from 0 to 17") as out:
        check_move(state, Bid(18))
    assert out.value.reason is Reason.BID_OUT_OF_RANGE
    jokers = new_game(JJA, seed=2)
    assert legal_moves(jokers)[-1] == Bid(18)
    assert apply(jokers, Bid(18)).bids[jokers.to_move] == Bid(18)  # type: ignore[index]
    with pytest.raises(IllegalMoveError, match="from 0 to 18") as out:
        check_move(jokers, Bid(19))
    assert out.value.reason is Reason.BID_OUT_OF_RANGE
    no_nil = attrs.evolve(THREE, nil=False)
    assert legal_moves(new_game(no_nil, seed=2)) == tuple(Bid(n) for n in range(1, 18))


@pytest.mark.parametrize(("rules", "most"), [(THREE, 17), (JJA, 18), (JJDD, 18)])
def test_blind_numbers_run_to_the_hand_size(rules: Ruleset, most: int) -> None:
    """Rules: rule-three-players, rule-blind-bids."""
    blind = attrs.evolve(rules, blind_bid_minimum=5, blind_bid_deficit=None)
    state = new_game(blind, seed=3)
    seat = state.to_move
    assert seat is not None
    assert blind_numbers(state, seat) == tuple(range(5, most + 1))
    assert legal_moves(state) == (*(Bid(n, blind=True) for n in range(5, most + 1)), Look())
    assert observe(state, seat).hand is None
    with pytest.raises(IllegalMoveError, match=f"from 0 to {most}") as out:
        check_move(state, Bid(most + 1, blind=True))
    assert out.value.reason is Reason.BID_OUT_OF_RANGE
    top = attrs.evolve(blind, blind_bid_minimum=most)
    assert blind_numbers(new_game(top, seed=3), seat) == (most,)
    with pytest.raises(RulesetError, match=f"blind_bid_minimum must be from 0 to {most}, not"):
        attrs.evolve(blind, blind_bid_minimum=most + 1)


def test_blind_nil_goes_to_a_player_trailing_the_leading_other_player() -> None:
    """Rules: rule-three-players, rule-blind-nil-eligibility."""
    rules = attrs.evolve(THREE, blind_nil=True, blind_nil_deficit=100)
    state = new_game(rules, seed=4)
    seat = state.to_move
    assert seat == 1
    assert legal_moves(state)[0] == Bid(0)  # nobody trails
    behind = evolve_state(state, scores=(150, 40, 0))  # 110 behind seat 0: she may
    assert legal_moves(behind) == (Bid(0, blind=True), Look())
    close = evolve_state(state, scores=(0, 40, 120))  # 80 behind seat 2: she may not
    assert Bid(0, blind=True) not in legal_moves(close)


def test_whiz_and_mirror_bid_the_spades_of_seventeen_or_eighteen_cards() -> None:
    """Rules: rule-three-players, rule-whiz, rule-mirror."""
    for deck in Deck:
        for mode in (Bidding.WHIZ, Bidding.MIRROR):
            rules = Ruleset(players=3, deck=deck, bidding=mode)
            state = new_game(rules, seed=6)
            seat = state.to_move
            assert seat is not None
            count = sum(rules.pack.suit_of(card) is Suit.SPADES for card in state.hand(seat))
            expected = (count,) if mode is Bidding.MIRROR or not count else (0, count)
            assert legal_moves(state) == tuple(Bid(n) for n in expected)


# --- what three players may not play -------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"team_minimum": 4}, "team_minimum is a partnership's two bids: three players have"),
        ({"nil_pass": 2}, "nil_pass is the pass between partners after a nil: three players"),
        (
            {"blind_nil": True, "blind_nil_pass": 2},
            "blind_nil_pass is the pass between partners after a blind nil: three players",
        ),
        ({"bidding": Bidding.SUICIDE}, "must not be Bidding.SUICIDE with three players"),
        ({"solo": True}, "two and three players always are, so solo must be False with players=3"),
        ({"blind_nil_exchange": 2}, "blind_nil_exchange is the two-player double nil exchange"),
        (
            {"double_nil_timing": DoubleNilTiming.AFTER_FIRST_CHOICE},
            "double_nil_timing is the two-player draw's",
        ),
    ],
)
def test_what_needs_a_partner_or_two_players_is_refused(
    changes: dict[str, object], message: str
) -> None:
    """Rule: rule-three-players."""
    with pytest.raises(RulesetError, match=message):
        Ruleset(players=3, **changes)  # type: ignore[arg-type]
    data = rules_data(THREE) | {
        key: value.value if hasattr(value, "value") else value for key, value in changes.items()
    }
    assert oracle.three_players_problem(data) is not None


def test_an_idle_blind_nil_pass_whiz_mirror_and_every_deck_are_allowed() -> None:
    """Rule: rule-three-players."""
    assert Ruleset(players=3, blind_nil_pass=2).blind_nil_pass == 2  # blind nil is off
    for mode in (Bidding.WHIZ, Bidding.MIRROR):
        assert Ruleset(players=3, bidding=mode).bidding is mode
    for deck in Deck:
        assert Ruleset(players=3, deck=deck, ten_for_two_hundred=True).deck is deck


@given(rulesets(players=3))
def test_every_drawn_three_player_ruleset_is_one_the_reference_allows(rules: Ruleset) -> None:
    """Rule: rule-three-players."""
    data = rules_data(rules)
    assert oracle.three_players_problem(data) is None
    assert oracle.bidding_problem(data) is None
    assert oracle.blind_bid_problem(data) is None


# --- scores and the end of the game ------------------------------------------------------


def test_a_nil_bidders_tricks_are_her_bags_whatever_nil_tricks_says() -> None:
    """Rules: rule-three-players, rule-nil-tricks."""
    for mode in NilTricks:
        rules = attrs.evolve(THREE, nil_tricks=mode)
        score = score_round(rules, [Bid(5), Bid(0), Bid(8)], [6, 1, 10])
        assert score.points == (51, -99, 82)
        assert score.bags == (1, 1, 2)
        assert score.sides[1].tricks == 0


def test_ten_for_two_hundred_is_a_players_own_ten() -> None:
    """A bid of 10 or more alone is worth 200, made or set; a blind number ten more a trick.

    Rules: rule-three-players, rule-ten-for-two-hundred, rule-blind-bids.
    """
    rules = attrs.evolve(THREE, ten_for_two_hundred=True, blind_bid_minimum=12)
    made = score_round(rules, [Bid(10), Bid(3), Bid(2)], [11, 3, 3])
    assert made.points == (201, 30, 21)
    set_ = score_round(rules, [Bid(15), Bid(1), Bid(1)], [14, 2, 1])
    assert set_.points[0] == -200
    blind = score_round(rules, [Bid(12, blind=True), Bid(2), Bid(2)], [12, 3, 2])
    assert blind.points[0] == 200 + 120


def test_a_round_scores_three_sides_and_the_totals_add_up() -> None:
    """Rules: rule-three-players, rule-scoring."""
    state = new_game(attrs.evolve(THREE, round_cap=1), seed=9)
    for step in random_play(state, 9, rounds=1):
        state = step.after
    assert state.is_over
    (score,) = state.rounds
    assert len(score.sides) == 3
    assert sum(score.tricks) == 17
    assert state.scores == score.points
    assert state.bags == score.bags


@pytest.mark.parametrize(
    ("totals", "rounds", "expected"),
    [
        ((510, 530, -40), 3, (1, Termination.TARGET)),
        ((530, 530, -40), 3, None),  # a shared highest plays on
        ((530, 530, -40), 10, (None, Termination.ROUND_CAP)),  # and draws at the cap
        ((300, 120, -250), 3, (0, Termination.LOSING_FLOOR)),
        ((300, 300, -250), 3, None),
        ((300, 100, 100), 10, (0, Termination.ROUND_CAP)),  # shared below the highest
    ],
)
def test_the_highest_total_alone_wins_among_three(
    totals: tuple[int, int, int], rounds: int, expected: tuple[int | None, Termination] | None
) -> None:
    """Rules: rule-three-players, rule-game-end."""
    rules = attrs.evolve(THREE, losing_floor=-200, round_cap=10)
    outcome = outcome_after(rules, totals, rounds)
    got = None if outcome is None else (outcome.winner, outcome.termination)
    assert got == expected
    reference = oracle.outcome(rules_data(rules), totals, rounds)
    assert (reference is None) == (expected is None)
    with pytest.raises(TypeError):
        outcome_after(rules, (0, 0), 1)


# --- views and the sampler ---------------------------------------------------------------


@settings(max_examples=20)
@given(st.sampled_from([THREE, JJA, JJDD]), st.integers(0, 2**32 - 1), st.integers(0, 60))
def test_views_and_sampled_states_keep_the_hands_and_their_sizes(
    rules: Ruleset, seed: int, moves: int
) -> None:
    """Each seat sees her own 17 or 18 cards and the others' sizes; a sampled state keeps
    her hand, the sizes and the cards played, and deals the rest from the pack.

    Rules: rule-three-players, ref-views.
    """
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = apply(state, rng.choice(legal_moves(state)))
    for seat in range(3):
        view = observe(state, seat)
        assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert view.hand in (None, state.hand(seat))
        sampled = sample_state(view, rng=rng)
        assert observe(sampled, seat) == view
        assert tuple(len(hand) for hand in sampled.hands) == view.hand_sizes
        held = [card for hand in sampled.hands for card in hand]
        played = [card for trick in sampled.tricks for card in trick.cards]
        assert sorted([*held, *played, *sampled.trick]) == list(rules.pack.cards)


# --- arguments refused ------------------------------------------------------------------


def test_a_deck_of_another_size_or_another_pack_is_refused() -> None:
    """A three-player game is dealt its pack: 51 cards without the 2C, or a joker deck's 54.

    Rules: rule-three-players, rule-deal.
    """
    with pytest.raises(SpadesError, match="a deck is 51 distinct cards; this one has 52 of 52"):
        new_game(THREE, deck=list(DECK))
    with_two = [*THREE.pack.cards[:-1], C("2C")]
    with pytest.raises(SpadesError, match="the standard deck for three players has no 2C"):
        new_game(THREE, deck=with_two)
    with pytest.raises(SpadesError, match="a deck is 54 distinct cards"):
        new_game(JJA, deck=list(Deck.JOKER_JOKER_ACE.cards))
    with pytest.raises(SpadesError, match="a deck is 52 distinct cards"):
        new_game(Ruleset(), deck=list(THREE.pack.cards))


def test_score_round_takes_three_bids_and_tricks_adding_up_to_the_hand_size() -> None:
    """Rules: rule-three-players, rule-scoring."""
    with pytest.raises(SpadesError, match="under rules for 3 players each on her own"):
        score_round(THREE, [Bid(3)] * 4, [4, 4, 4, 5])
    with pytest.raises(SpadesError, match="the tricks of a round add up to 17, not"):
        score_round(THREE, [Bid(3)] * 3, [4, 4, 5])
    with pytest.raises(SpadesError, match="a bid is a number of tricks from 0 to 17"):
        score_round(THREE, [Bid(18), Bid(0), Bid(0)], [17, 0, 0])
    assert score_round(JJA, [Bid(18), Bid(0), Bid(0)], [18, 0, 0]).points[0] == 180


@pytest.mark.parametrize("deck", list(Deck), ids=lambda deck: deck.value)
def test_a_three_player_ruleset_survives_pickle_and_copy(deck: Deck) -> None:
    """A copied ruleset deals the same pack, the very object (rule-three-players).

    The engine looks a pack up by identity: a pickled ruleset (a worker process's) must
    deal as the original does.
    """
    rules = Ruleset(players=3, deck=deck)
    for clone in (pickle.loads(pickle.dumps(rules)), copy.deepcopy(rules), copy.copy(rules)):
        assert clone == rules
        assert clone.pack is rules.pack is deck.for_players(3)
        assert new_game(clone, seed=5) == new_game(rules, seed=5)
    assert pickle.loads(pickle.dumps(rules.pack)) is rules.pack
