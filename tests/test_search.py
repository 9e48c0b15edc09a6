"""The search bot: `search_policy`, its play-outs (`play_out`, `rollout_play`) and its match
equity (`win_chance`).

The search must make a legal move at every decision of every ruleset, decide the same way
every time and from its seat's view alone, return a forced move without searching and
search only one of each run of plays that are equal. Its play-outs must reach the next
round (or the end) by legal moves, a nil bidder in them ducking whenever she can; its
equity must be a chance that grows with the score. Four named positions with a clear right
answer pin what the search is for: covering a partner's nil, not overtaking a partner once
the contract is made, bidding just what ends the game, dumping a bag on a side at 9 bags.

The property tests search with a small budget (``FAST``: at least 8 deals a candidate,
which is the least the search plays) and few examples: a round of searched decisions
costs about half a second. The named positions search at the default budget.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import oracle
from helpers import (
    BLIND,
    BY_SPADES_RULES,
    NIL,
    OPEN_BLIND_NIL,
    OPEN_DOUBLE_NIL,
    SUICIDE,
    SUICIDE_RULES,
    C,
    bidding_switched,
    cards,
    deck_for,
    mover_view,
    passing_state,
    plain,
    play,
    play_round,
    round_bids,
    swapped,
    unseen_state,
)
from oracle import sampling
from spades import (
    CLASSIC,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    Deck,
    DoubleNilTiming,
    Keep,
    Look,
    Outcome,
    Phase,
    Play,
    Ruleset,
    SpadesError,
    SpadesLead,
    State,
    Suit,
    Termination,
    View,
    apply,
    deal,
    legal_moves,
    new_game,
    observe,
    sample_state,
    winning_card,
)
from spades._sampling import sample_state_keeping
from spades._state import evolve_state
from spades.bots import _rollout, _search, heuristic_policy, play_game, search_policy
from spades.bots._bidding import draw_keeps
from spades.bots._equity import win_chance
from spades.bots._rollout import play_out, rollout_play
from spades.bots._search import _distinct_plays
from spades.strategies import rulesets, states
from test_sampling_keeping import late_double_nil

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from spades import Move
    from spades.bots import Policy

HEURISTIC = heuristic_policy()
FAST = search_policy(playouts=24)
"""The search at a small budget: 24 play-outs a decision, but at least 8 deals a candidate."""
# A round of searched decisions costs about half a second: these tests run a tenth of the
# profile's examples (at least 4); the one-decision properties a third.
FEW = settings(max_examples=max(4, settings().max_examples // 10))
SOME = settings(max_examples=max(8, settings().max_examples // 3))


def fill(hands: Mapping[int, str], deck: Deck = Deck.STANDARD) -> dict[int, list[Card]]:
    """Four hands of 13 from partial ones: the missing cards of ``deck`` go round in library
    order."""
    held = {seat: cards(hands.get(seat, "")) for seat in range(4)}
    rest = [card for card in deck.cards if all(card not in hand for hand in held.values())]
    for seat in range(4):
        while len(held[seat]) < 13:
            held[seat].append(rest.pop(0))
    assert not rest
    return held


def position(
    before: State, hands: Mapping[int, str], bids: Mapping[int, Bid], *plays: str
) -> State:
    """``before``, a round not yet begun, dealt ``hands``, bid ``bids`` (by seat), then played."""
    state = deal(before, deck_for(before.rules, before.dealer, fill(hands, before.rules.deck)))
    while state.phase is Phase.BIDDING:
        assert state.to_move is not None
        state = apply(state, bids[state.to_move])
    return play(state, *plays)


def search_at(state: State) -> Move:
    """The search's move at the default budget, for the seat to move."""
    return search_policy()(mover_view(state))


# --- legal at every decision, the heuristic's outside the bidding and the play --------------


def check_search_round(state: State, choose: Policy = FAST, *, until: Phase | None = None) -> None:
    """The search's move is legal here, and so on for every seat to the round's end (or,
    with ``until``, to that phase).

    Outside the bidding and the play it is the heuristic bot's move, or, where double nil
    may be declared, double nil.
    """
    number = state.round_number
    while not state.is_over and state.round_number == number and state.phase is not until:
        view = mover_view(state)
        move = choose(view)
        assert move in view.legal_moves()
        assert move in legal_moves(state)
        if state.phase not in (Phase.BIDDING, Phase.PLAYING):
            assert move in (HEURISTIC(view), BLIND)
        state = apply(state, move)


@pytest.mark.slow
@FEW
@given(states(rules=rulesets(presets_only=True)))
def test_search_moves_are_legal_under_every_preset(state: State) -> None:
    """Rules: rule-bidding, rule-follow-suit, rule-spades-broken, rule-draw."""
    check_search_round(state)


@pytest.mark.slow
@FEW
@given(states(rules=rulesets(players=4)))
def test_search_moves_are_legal_under_four_player_rulesets(state: State) -> None:
    """Rules: rule-bidding, rule-follow-suit, rule-spades-broken."""
    check_search_round(state)


@pytest.mark.slow
@FEW
@given(states(rules=rulesets(players=2)))
def test_search_moves_are_legal_under_two_player_rulesets(state: State) -> None:
    """Rules: rule-two-bidding, rule-two-play, rule-draw."""
    check_search_round(state)


@pytest.mark.slow
@FEW
@given(states(rules=OPEN_BLIND_NIL, phases={Phase.BIDDING, Phase.PASSING}))
def test_search_moves_are_legal_with_blind_nil_and_the_pass(state: State) -> None:
    """Rules: rule-blind-nil, rule-card-pass."""
    check_search_round(state, until=Phase.PLAYING)  # the play is the other tests'.


@pytest.mark.slow
@FEW
@given(states(rules=OPEN_DOUBLE_NIL, phases={Phase.DRAWING, Phase.EXCHANGING}))
def test_search_moves_are_legal_with_double_nil_and_the_exchange(state: State) -> None:
    """Rules: rule-double-nil, rule-exchange."""
    check_search_round(state)


SWITCHED_RULES = bidding_switched(1)
"""Four players under a team minimum, often a zero contract and 10-for-200 too."""


@pytest.mark.slow
@FEW
@given(states(rules=SWITCHED_RULES, max_moves=8, phases={Phase.BIDDING}))
def test_search_moves_are_legal_under_a_team_minimum_and_a_zero_contract(state: State) -> None:
    """The first round's bidding and its play.

    Rules: rule-team-minimum, reading-zero-bid, rule-ten-for-two-hundred.
    """
    check_search_round(state)


@pytest.mark.slow
@FEW
@given(states(rules=SUICIDE_RULES, max_moves=4, phases={Phase.BIDDING}))
def test_search_moves_are_legal_under_suicide(state: State) -> None:
    """The first round's bidding and its play.

    Rule: rule-suicide.
    """
    check_search_round(state)


WHIZ_PASS = Ruleset(bidding=Bidding.WHIZ, nil_pass=2)
"""Whiz with two cards passed after a nil: the sampler undoes hidden passes."""


@pytest.mark.slow
@FEW
@given(states(rules=BY_SPADES_RULES, max_moves=4, phases={Phase.BIDDING}))
def test_search_moves_are_legal_under_whiz_and_mirror(state: State) -> None:
    """The first round's bidding and its play, sampled from the counts the bids show.

    Rules: rule-whiz, rule-mirror.
    """
    check_search_round(state)


def test_search_bids_nil_or_its_spades_under_whiz_and_plays_the_round() -> None:
    """Under Whiz she searches nil and her number of spades, the two bids she has, and
    plays the round legally after a nil and its card pass; under Mirror she bids her one
    bid.

    Rules: rule-whiz, rule-mirror.
    """
    state = new_game(WHIZ_PASS, seed=5)
    view = mover_view(state)
    count = sum(card.suit is Suit.SPADES for card in view.hand or ())
    assert count > 0
    assert _search._bids_to_try(view, legal_moves(state)) == [Bid(0), Bid(count)]
    state = apply(state, NIL)
    check_search_round(state)
    state = new_game(Ruleset(bidding=Bidding.MIRROR), seed=5)
    assert FAST(mover_view(state)) == Bid(count)


def test_search_bids_its_part_under_suicide() -> None:
    """Seat 3 searches numbers from 4 up after her partner's nil, and bids nil without a
    search after her partner's number.

    Rule: rule-suicide.
    """
    state = apply(apply(new_game(SUICIDE, seed=2), NIL), Bid(5))
    tried = _search._bids_to_try(mover_view(state), legal_moves(state))
    assert tried
    assert all(isinstance(bid, Bid) and bid.n >= 4 for bid in tried)
    move = FAST(mover_view(state))
    assert isinstance(move, Bid)
    assert move.n >= 4
    state = apply(apply(new_game(SUICIDE, seed=2), Bid(4)), Bid(5))
    assert FAST(mover_view(state)) == NIL


def test_search_bids_at_least_what_the_team_minimum_leaves_missing() -> None:
    """Seat 3, whose partner bid 1 under a minimum of 4, searches bids from 3 up.

    Rule: rule-team-minimum.
    """
    state = apply(apply(new_game(Ruleset(team_minimum=4), seed=2), Bid(1)), Bid(2))
    assert state.to_move == 3
    move = FAST(mover_view(state))
    assert isinstance(move, Bid)
    assert move.n >= 3
    tried = _search._bids_to_try(mover_view(state), legal_moves(state))
    assert tried
    assert all(isinstance(bid, Bid) and bid.n >= 3 for bid in tried)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_search_plays_a_whole_round_of_every_preset(name: str) -> None:
    """Rule: rule-play."""
    check_search_round(new_game(PRESETS[name], seed=7, dealer=1))


def test_search_bids_blind_nil_or_looks_when_blind_nil_is_open() -> None:
    """Rule: rule-blind-nil."""
    state = unseen_state()
    assert legal_moves(state) == (BLIND, Look())
    assert FAST(mover_view(state)) in (BLIND, Look())
    check_search_round(state)


BLIND_NUMBERS = Ruleset(blind_bid_minimum=6, blind_nil=True, target=500)
"""Blind numbers from 6 and blind nil, for a side trailing by 100 or more (rule-blind-bids)."""


def test_search_tries_every_blind_bid_against_a_look_when_face_down() -> None:
    """Seat 1's side trails 150 to 300: face down, her moves are blind nil, blind 6 to 13
    and a look; the search tries them all, picks one of them, and the round goes on legally.

    Rules: rule-blind-bids, rule-blind-nil.
    """
    state = evolve_state(new_game(BLIND_NUMBERS, seed=2), scores=(300, 150))
    legal = legal_moves(state)
    assert legal == (BLIND, *(Bid(n, blind=True) for n in range(6, 14)), Look())
    view = mover_view(state)
    assert _search._bids_to_try(view, legal) == list(legal)
    assert FAST(view) in legal
    check_search_round(state)


def test_search_looks_at_an_even_score_and_bids_blind_far_behind_at_the_end() -> None:
    """With blind numbers at any score, at 0 to 0 a blind bid throws away what a look
    tells; 290 behind a side at 490 of 500, whose next contract ends the game, only a
    doubled contract keeps a chance, and the search bids one.

    Rule: rule-blind-bids.
    """
    rules = attrs.evolve(BLIND_NUMBERS, blind_nil=False, blind_bid_deficit=None)
    choose = search_policy()
    even = new_game(rules, seed=1)
    assert choose(mover_view(even)) == Look()
    behind = evolve_state(new_game(rules, seed=1), scores=(490, 200))
    move = choose(mover_view(behind))
    assert isinstance(move, Bid)
    assert move.blind
    assert move.n >= 6


def test_search_plays_whole_games_with_blind_numbers() -> None:
    """Search bots against heuristic ones, blind numbers and blind nil open at a deficit
    of 100: every move legal (`play_game` applies each), the game played out.

    Rule: rule-blind-bids.
    """
    rules = attrs.evolve(BLIND_NUMBERS, target=300, round_cap=4)
    state = play_game(rules, [FAST, HEURISTIC] * 2, seed=3)
    assert state.is_over


def test_search_passes_as_the_heuristic_after_a_blind_nil() -> None:
    """Rule: rule-card-pass."""
    state = passing_state()
    for _ in range(2):  # the blind nil bidder's pass, then her partner's
        assert state.phase is Phase.PASSING
        move = FAST(mover_view(state))
        assert move == HEURISTIC(mover_view(state))
        state = apply(state, move)
    assert state.phase is Phase.PLAYING


def test_search_draws_and_exchanges_as_the_heuristic() -> None:
    """Rules: rule-draw, rule-double-nil, rule-exchange."""
    state = new_game(TWO_HANDED, seed=4)
    assert BLIND in legal_moves(state)  # the double nil declaration is open
    assert FAST(mover_view(state)) in (HEURISTIC(mover_view(state)), BLIND)
    state = apply(state, BLIND)
    while state.phase is Phase.DRAWING:
        assert FAST(mover_view(state)) == HEURISTIC(mover_view(state))
        state = apply(state, Keep() if Keep() in legal_moves(state) else legal_moves(state)[0])
    assert state.phase is Phase.EXCHANGING
    move = FAST(mover_view(state))
    assert move == HEURISTIC(mover_view(state))
    assert move in legal_moves(state)


@pytest.mark.parametrize("seed", range(3))
def test_search_declares_double_nil_when_nothing_else_can_win(seed: int) -> None:
    """rule-double-nil, rule-two-game-end: we have 320, she has 460 of 500. No contract of ours
    reaches 500 this round (13 tricks make 450 at most) and her next made contract ends
    the game; a double nil made (+200, 520) beats whatever she makes reaching 500. The
    search declares it; the heuristic never does."""
    state = evolve_state(new_game(TWO_HANDED, seed=20 + seed, dealer=0), scores=(460, 320))
    state = apply(state, HEURISTIC(mover_view(state)))  # she draws first, the dealer
    view = mover_view(state)
    assert view.seat == 1
    assert BLIND in view.legal_moves()
    assert HEURISTIC(view) != BLIND
    assert search_policy(seed=seed)(view) == BLIND


@pytest.mark.parametrize("seed", range(3))
def test_search_draws_rather_than_gamble_on_double_nil_at_an_even_start(seed: int) -> None:
    """rule-double-nil: at 0 to 0 a double nil declared before the first card is seen is
    too great a gamble for what it gains: the search draws as the heuristic does."""
    state = new_game(TWO_HANDED, seed=20 + seed, dealer=0)
    view = mover_view(state)
    assert BLIND in view.legal_moves()
    assert search_policy(seed=seed)(view) == HEURISTIC(view)


LATE_TIMING = DoubleNilTiming.AFTER_FIRST_CHOICE
LATE = attrs.evolve(TWO_HANDED, double_nil_timing=LATE_TIMING)
"""Double nil declared at the second turn of the draw, right after the first choice."""


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_search_declares_double_nil_at_its_chance_after_the_first_choice(seed: int) -> None:
    """Rules: rule-double-nil, reading-double-nil-timing.

    The position of `test_search_declares_double_nil_when_nothing_else_can_win` under
    `AFTER_FIRST_CHOICE`: at her first turn she may not declare, and the search draws as
    the heuristic does; at her second, a card in hand, it declares in these deals. (In
    others it draws on: her first card is one a nil fears, 6S, AD, or the search's deals
    find a contract that wins often enough.)
    """
    state = evolve_state(new_game(LATE, seed=20 + seed, dealer=0), scores=(460, 320))
    for _ in range(2):  # the dealer's first turn, then seat 1's
        view = mover_view(state)
        assert BLIND not in view.legal_moves()
        assert search_policy(seed=seed)(view) == HEURISTIC(view)
        state = apply(state, HEURISTIC(view))
    assert BLIND in legal_moves(state)  # the dealer's second turn, her chance
    state = apply(state, HEURISTIC(mover_view(state)))
    view = mover_view(state)
    assert (view.seat, len(view.hand or ())) == (1, 1)
    assert BLIND in view.legal_moves()
    assert search_policy(seed=seed)(view) == BLIND
    state = apply(state, BLIND)
    check_search_round(state, FAST, until=Phase.BIDDING)


LATE_RULES = OPEN_DOUBLE_NIL.map(lambda rules: attrs.evolve(rules, double_nil_timing=LATE_TIMING))
"""Two players, double nil open to both at their second draw turn."""


@pytest.mark.slow
@FEW
@given(states(rules=LATE_RULES, max_moves=6, phases={Phase.DRAWING}))
def test_search_moves_are_legal_with_double_nil_after_the_first_choice(state: State) -> None:
    """Rules: rule-double-nil, reading-double-nil-timing."""
    check_search_round(state)


# --- refusals ---------------------------------------------------------------------------------


def test_search_refuses_a_seat_not_to_move_and_a_finished_game() -> None:
    state = new_game(CLASSIC, seed=1)
    assert state.to_move == 1
    for seat in (0, 2, 3):
        with pytest.raises(SpadesError, match="not to move"):
            FAST(observe(state, seat))
    over = play_game(Ruleset(round_cap=1), [HEURISTIC] * 4, seed=2)
    assert over.is_over
    for seat in range(4):
        with pytest.raises(SpadesError, match="not to move"):
            FAST(observe(over, seat))


@pytest.mark.parametrize("playouts", [0, -1, -240, 1.5, 24.0, "24", None, True, False])
def test_search_budget_is_a_positive_whole_number(playouts: Any) -> None:
    with pytest.raises(SpadesError, match="playouts"):
        search_policy(playouts=playouts)


def test_search_takes_any_positive_budget() -> None:
    view = mover_view(new_game(CLASSIC, seed=1))
    for playouts in (1, 8, 24):
        assert search_policy(playouts=playouts)(view) in view.legal_moves()


# --- deterministic, and from the view alone --------------------------------------------------


def decisions() -> list[View]:
    """Views of a seeded CLASSIC round: its first bid, a bid later, a lead and a follow."""
    state = new_game(CLASSIC, seed=12)
    views = [mover_view(state)]
    state = apply(apply(state, Bid(3)), Bid(2))
    views.append(mover_view(state))
    while state.phase is Phase.BIDDING:
        state = apply(state, HEURISTIC(mover_view(state)))
    views.append(mover_view(state))
    state = apply(state, HEURISTIC(mover_view(state)))
    views.append(mover_view(state))
    return views


def test_search_is_deterministic_whatever_it_was_asked_before() -> None:
    views = decisions()
    forward = search_policy(playouts=48, seed=3)
    first = [forward(view) for view in views]
    backward = search_policy(playouts=48, seed=3)
    assert [backward(view) for view in reversed(views)] == first[::-1]
    assert [forward(view) for view in views] == first  # asked again, after the others
    assert [forward(views[-1]), forward(views[0])] == [first[-1], first[0]]


def test_search_leaves_the_global_generator_alone() -> None:
    random.seed(2024)
    before = random.getstate()
    choose = search_policy(playouts=24, seed=9)
    for view in decisions():
        choose(view)
    check_search_round(new_game(TWO_HANDED, seed=3), choose)
    assert random.getstate() == before


@pytest.mark.slow
@SOME
@given(
    states(rules=st.one_of(rulesets(presets_only=True), OPEN_BLIND_NIL, OPEN_DOUBLE_NIL)),
    st.randoms(use_true_random=False),
)
def test_search_decides_from_the_view_alone(state: State, rng: random.Random) -> None:
    """Rule: ref-views."""
    # Two cards the seat to move cannot place, swapped through the whole state, and a new
    # seed unless a double nil exchange drew by it: another legal state, the same view.
    assume(not state.is_over)
    view = mover_view(state)
    hidden = [Card.parse(oracle.CARD_NAMES[card]) for card in sampling.unseen(plain(view))]
    assume(len(hidden) >= 2)
    rng.shuffle(hidden)
    reseed = None if any(entry.size for entry in state.exchanges) else rng.getrandbits(32)
    twin = None
    for first, second in zip(hidden[::2], hidden[1::2], strict=False):
        twin = swapped(state, first, second, reseed)
        if twin is not None and (twin.hands, twin.stock) != (state.hands, state.stock):
            break
    assume(twin is not None and (twin.hands, twin.stock) != (state.hands, state.stock))
    assert twin is not None
    assert observe(twin, view.seat) == view
    assert FAST(mover_view(twin)) == FAST(view)


# --- no search where there is nothing to choose ----------------------------------------------


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any deal or play-out of the search fail the test."""

    def refuse(*args: object, **kwargs: object) -> State:
        raise AssertionError("the search searched")

    monkeypatch.setattr(_search, "sample_state", refuse)
    monkeypatch.setattr(_search, "sample_state_keeping", refuse)
    monkeypatch.setattr(_search, "play_out", refuse)


def last_trick(rules: Ruleset = CLASSIC) -> State:
    """A heuristic round played to its last trick: every seat holds one card."""
    state = new_game(rules, seed=5)
    while not (state.phase is Phase.PLAYING and len(state.tricks) == 12):
        state = apply(state, HEURISTIC(mover_view(state)))
    return state


BIDS_3 = {seat: Bid(3) for seat in range(4)}
CLUBS_AND_2H = "2H 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
REDS = "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"
"""Twelve cards, no heart: with one heart more, a hand."""


@pytest.mark.usefixtures("no_search")
def test_search_plays_a_forced_move_without_searching() -> None:
    """Rule: rule-follow-suit."""
    for rules in (CLASSIC, TWO_HANDED):
        state = last_trick(rules)
        while not state.is_over and state.round_number == 1:
            (only,) = legal_moves(state)
            assert search_policy()(mover_view(state)) == only
            state = apply(state, only)
    # One card of the suit led, beside cards of other suits: forced by following suit.
    hands = {1: CLUBS_AND_2H, 2: f"9H {REDS}"}
    state = play(position(new_game(CLASSIC, seed=0), hands, BIDS_3), "2H")
    assert state.to_move == 2
    assert legal_moves(state) == (Play(C("9H")),)
    assert search_policy()(mover_view(state)) == Play(C("9H"))


@pytest.mark.usefixtures("no_search")
def test_search_does_not_search_among_equal_plays() -> None:
    # Seat 2 follows to a heart with 7H 8H 9H only: one play, whichever card.
    hands = {1: CLUBS_AND_2H, 2: "7H 8H 9H " + " ".join(REDS.split()[:10])}
    state = play(position(new_game(CLASSIC, seed=0), hands, BIDS_3), "2H")
    assert len(legal_moves(state)) == 3
    assert search_policy()(mover_view(state)) == Play(C("7H"))


@pytest.mark.usefixtures("no_search")
def test_search_draws_without_searching() -> None:
    """Rule: rule-draw."""
    state = new_game(TWO_HANDED, seed=6)
    for _ in range(2):  # each seat's first turn, where double nil may be declared
        assert BLIND in legal_moves(state)
        state = apply(state, HEURISTIC(mover_view(state)))
    for _ in range(6):
        assert search_policy()(mover_view(state)) == HEURISTIC(mover_view(state))
        state = apply(state, HEURISTIC(mover_view(state)))


@pytest.mark.parametrize("double_nil", [False, True])
def test_two_player_search_reads_her_draw_by_the_heuristic_keep_rule(
    monkeypatch: pytest.MonkeyPatch, double_nil: bool
) -> None:
    """ref-sampling, rule-draw: with two players the search deals her the hands the
    heuristic's draw would keep (strong cards; low ones after her double nil, here with
    no exchange to follow, which would leave her hand to uniform deals), and each deal it
    plays out is one of those, not the uniform one."""
    rules = attrs.evolve(TWO_HANDED, blind_nil_deficit=None, blind_nil_exchange=0)
    state = new_game(rules, seed=8, dealer=0)
    her = state.to_move
    if double_nil:
        state = apply(state, BLIND)
    while state.phase is not Phase.PLAYING or state.to_move == her:
        state = apply(state, HEURISTIC(mover_view(state)))
    rules_read: list[tuple[int, int | None]] = []
    dealt: list[State] = []

    def spy(view: View, *, rng: random.Random, keeps: int, first_keeps: int | None) -> State:
        rules_read.append((keeps, first_keeps))
        sampled = sample_state_keeping(view, rng=rng, keeps=keeps, first_keeps=first_keeps)
        dealt.append(sampled)
        return sampled

    monkeypatch.setattr(_search, "sample_state_keeping", spy)
    monkeypatch.setattr(_search, "sample_state", None)  # never the uniform deal
    view = mover_view(state)
    assert len(_search._distinct_plays(view, view.legal_moves())) > 1
    assert search_policy(playouts=40)(view) in view.legal_moves()
    assert set(rules_read) == {(draw_keeps(nil=double_nil), None)}
    assert len(dealt) >= 8
    assert all(observe(sampled, view.seat) == view for sampled in dealt)
    uniform = [sample_state(view, rng=random.Random(k)) for k in range(8)]
    ruled = [
        sample_state_keeping(view, rng=random.Random(k), keeps=rules_read[0][0]) for k in range(8)
    ]
    assert uniform != ruled  # the rule applies here


def test_two_player_search_reads_her_first_turn_before_a_late_double_nil_as_ordinary() -> None:
    """Rules: ref-sampling, rule-double-nil.
    Rule: reading-double-nil-timing.

    Under `AFTER_FIRST_CHOICE` she declared double nil at her second turn: her first turn
    drew by the heuristic's ordinary rule, the others by the double nil's. Here she has
    led seven high hearts, one more than the double nil's rule gives her: her first turn
    kept one, and the rest of her hand is low (`test_sampling_keeping`'s position).
    """
    view = observe(late_double_nil(), 0)
    for k in range(20):
        sampled = _search._sample_two(view, random.Random(k))
        assert observe(sampled, 0) == view
        assert all(card.bit & draw_keeps(nil=True) for card in sampled.hand(1))


def plays_of(moves: list[Move]) -> str:
    """The cards of ``moves`` (plays), as text."""
    return " ".join(str(move.card) for move in moves if isinstance(move, Play))


# Seat 1 leads 4C; 8C, TC and QC follow: seat 0 wins with QC and leads the second trick.
EQUAL_HANDS = {
    1: "4C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    2: "8C 3D 6D 7D 8D 9D TD JD QD KD AD AH 4S",
    3: "TC",
    0: "QC 2C 3C 5C 7C 9C JC AC 2D 4D 5D 2S 3S",
}


def test_distinct_plays_keep_one_of_each_run_of_equal_cards() -> None:
    state = position(new_game(CLASSIC, seed=0), EQUAL_HANDS, BIDS_3, "4C", "8C", "TC", "QC")
    assert state.to_move == 0
    assert not state.trick
    view = mover_view(state)
    legal = list(view.legal_moves())
    assert plays_of(legal) == "2C 3C 5C 7C 9C JC AC 2D 4D 5D"
    # 2C and 3C touch, 4C 8C TC QC were played, 6C KC 3D are unseen: 2C 3C 5C are one,
    # 7C 9C JC one, AC one; AC and 2D touch in the library's order, but not in a suit;
    # 4D and 5D touch. The lowest card of each run is kept.
    assert plays_of(_distinct_plays(view, legal)) == "2C 7C AC 2D 4D"


def test_distinct_plays_when_following_and_discarding() -> None:
    # The same deal: seat 0 leads 2C to the second trick; seat 1, void in clubs, may
    # discard any card: her twelve hearts, 2H to KH, are one run.
    state = position(new_game(CLASSIC, seed=0), EQUAL_HANDS, BIDS_3, "4C", "8C", "TC", "QC")
    state = play(state, "2C")
    view = mover_view(state)
    assert view.seat == 1
    assert plays_of(_distinct_plays(view, list(view.legal_moves()))) == "2H"
    # Seat 2, void in clubs too, holds 3D 6D-AD AH 4S: 4D and 5D, between 3D and 6D, are
    # seat 0's, which she cannot see.
    state = play(state, "2H")
    view = mover_view(state)
    assert plays_of(_distinct_plays(view, list(view.legal_moves()))) == "3D 6D AH 4S"


def test_distinct_plays_keep_cards_a_card_in_the_trick_lies_between() -> None:
    # 2H led, partner's KH, 4H: QH loses to the king, AH beats it. Not equal in play.
    state = cover_position("AH QH 3H")
    view = mover_view(state)
    assert plays_of(_distinct_plays(view, list(view.legal_moves()))) == "3H QH AH"


JJDD = Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE, spades_lead=SpadesLead.ANY_TIME)


def test_distinct_plays_follow_the_decks_ranks() -> None:
    """Under Joker-Joker-Deuce-Deuce the AS, 2S, 2D, LJ and BJ are one run of spades, the
    3D and 4D the lowest diamonds, and the 3S and 4S the lowest spades.

    Rule: rule-decks.
    """
    hands = {1: "3D 4D 6D 3S 4S AS 2S 2D LJ BJ 3H 5H 7H"}
    state = position(new_game(JJDD, seed=0), hands, BIDS_3)
    view = mover_view(state)
    legal = list(view.legal_moves())
    assert plays_of(legal) == "2D 3D 4D 6D 3H 5H 7H 2S 3S 4S AS LJ BJ"
    assert plays_of(_distinct_plays(view, legal)) == "3D 6D 3H 5H 7H 3S AS"


def test_rollout_leads_a_low_diamond_not_the_deuce_under_jjdd() -> None:
    """Every contract is of zero tricks, so the play-out ducks: it leads its lowest card,
    and the 2D is a high spade, not the lowest diamond.

    Rule: rule-decks.
    """
    rules = attrs.evolve(JJDD, nil=False, zero_contract=True)
    hands = {1: "2D 5D 6D 7D 9H TH JH QH KH 3S 4S 5S 6S"}
    state = position(new_game(rules, seed=0), hands, {seat: Bid(0) for seat in range(4)})
    assert rollout_play(state) == Play(C("5D"))


@pytest.mark.parametrize(
    "rules",
    [Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE), Ruleset(players=2, deck=Deck.JOKER_JOKER_ACE)],
    ids=["jjdd", "jja, 2 players"],
)
def test_search_plays_a_game_under_a_joker_deck(rules: Ruleset) -> None:
    """The search bot against the heuristic: a whole game of one round, every move legal.

    Rule: rule-decks.
    """
    rules = attrs.evolve(rules, round_cap=1)
    played: list[Move] = []

    def on_move(before: State, move: Move, after: State) -> None:
        played.append(move)

    mix = [FAST, HEURISTIC, FAST, HEURISTIC][: rules.players]
    state = play_game(rules, mix, seed=2, on_move=on_move)
    assert state.is_over
    assert {move.card for move in played if isinstance(move, Play)} <= set(rules.deck.cards)


# --- play_out and rollout_play ---------------------------------------------------------------


class CheckedApply:
    """`apply` that first checks the move is legal, counting the moves."""

    def __init__(self) -> None:
        self.moves = 0

    def __call__(self, state: State, move: Move) -> State:
        assert move in legal_moves(state), (state, move)
        self.moves += 1
        return apply(state, move)


def checked_play_out(state: State) -> tuple[State, int]:
    """`play_out`, every move it makes checked legal; and how many it made."""
    checked = CheckedApply()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rollout, "apply", checked)
        end = play_out(state)
    return end, checked.moves


def check_play_out(state: State) -> None:
    end, moves = checked_play_out(state)
    if state.is_over:
        assert end == state
        assert moves == 0
        return
    assert moves > 0
    assert len(end.rounds) == len(state.rounds) + 1
    assert end.rounds[: len(state.rounds)] == state.rounds
    if end.is_over:
        assert end.to_move is None
        return
    # The first state of the next round: dealt, nobody has moved.
    first = Phase.DRAWING if state.rules.players == 2 else Phase.BIDDING
    assert end.round_number == state.round_number + 1
    assert end.phase is first
    assert not any(end.bids)
    assert not end.tricks
    assert not end.trick
    assert not end.draws


@given(states(rules=rulesets()))
def test_play_out_reaches_the_next_round_by_legal_moves(state: State) -> None:
    """Rules: rule-play, rule-game-end."""
    check_play_out(state)


@SOME
@given(states(rules=st.one_of(OPEN_BLIND_NIL, OPEN_DOUBLE_NIL)))
def test_play_out_passes_draws_and_exchanges_too(state: State) -> None:
    """Rules: rule-card-pass, rule-draw, rule-exchange."""
    check_play_out(state)


def test_play_out_of_a_finished_game_is_the_game() -> None:
    """Rule: rule-game-end."""
    over = play_game(Ruleset(round_cap=1), [HEURISTIC] * 4, seed=3)
    check_play_out(over)
    last = new_game(Ruleset(round_cap=1), seed=3)
    end, _ = checked_play_out(last)
    assert end.is_over


def playing_round(state: State) -> Iterator[tuple[State, Move]]:
    """Each state of ``state``'s round from here on, with `rollout_play`'s card, while
    the round is in its play."""
    number = state.round_number
    while state.phase is Phase.PLAYING and state.round_number == number:
        move = rollout_play(state)
        yield state, move
        state = apply(state, move)


def check_rollout_plays(state: State) -> None:
    for now, move in playing_round(state):
        assert move in legal_moves(now)


@given(states(rules=rulesets(presets_only=True), phases={Phase.PLAYING}))
def test_rollout_plays_are_legal_under_every_preset(state: State) -> None:
    """Rules: rule-follow-suit, rule-spades-broken."""
    check_rollout_plays(state)


@given(states(rules=rulesets(), phases={Phase.PLAYING}))
def test_rollout_plays_are_legal_under_random_rulesets(state: State) -> None:
    """Rules: rule-follow-suit, rule-spades-broken, rule-two-play."""
    check_rollout_plays(state)


def wins_now(state: State, card: Card) -> bool:
    """Whether ``card``, played to the trick in progress now, wins the trick so far."""
    return winning_card((*state.trick, card), rules=state.rules) == card


def nil_heavy_play(rules: Ruleset, seed: int) -> State:
    """A seeded game's first round to its first trick: nil bid half the time it is open,
    blind nil (double nil) half the time, the other moves at random."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=seed % rules.players)
    while state.phase is not Phase.PLAYING:
        legal = legal_moves(state)
        wanted = [move for move in (BLIND, NIL) if move in legal]
        state = apply(state, wanted[0] if wanted and rng.random() < 0.5 else rng.choice(legal))
    return state


@given(
    rulesets().map(lambda rules: attrs.evolve(rules, nil=True, zero_contract=False)),
    st.integers(0, 2**32),
)
def test_a_nil_bidder_in_the_play_out_loses_every_trick_she_can(rules: Ruleset, seed: int) -> None:
    """Rules: rule-nil, rule-trick-winner."""
    for now, move in playing_round(nil_heavy_play(rules, seed)):
        seat = now.to_move
        assert seat is not None
        bid = now.bids[seat]
        assert bid is not None
        assert isinstance(move, Play)
        if bid.n or now.tricks_taken[seat] or not now.trick:
            continue
        allowed = [legal.card for legal in legal_moves(now) if isinstance(legal, Play)]
        if any(not wins_now(now, card) for card in allowed):
            assert not wins_now(now, move.card), (now.trick, allowed, move)


def test_a_nil_bidder_in_the_play_out_plays_her_highest_losing_card() -> None:
    """Rule: rule-nil."""
    hearts = {1: "9H 2H 3H 4H", 2: "5H 8H KH", 3: "6H 7H TH", 0: "JH QH AH"}
    state = position(new_game(CLASSIC, seed=0), hearts, {1: Bid(3), 2: NIL, 3: Bid(3), 0: Bid(3)})
    state = play(state, "9H")
    assert rollout_play(state) == Play(C("8H"))


def test_rollout_overtakes_a_partners_nil_that_holds_the_trick() -> None:
    """Rule: rule-nil."""
    # Seat 2 bid nil and her king holds the trick; seat 0 plays last: only the ace saves her.
    assert rollout_play(cover_position("AH 3H")) == Play(C("AH"))


def test_rollout_covers_a_partners_nil_that_plays_after_her() -> None:
    """Rule: rule-nil."""
    # Seat 1 leads 3H; seat 2 plays before seat 3 (6H-9H) and her partner seat 0, who bid
    # nil and holds JH QH KH: with every hand in view, only the ace covers her.
    hearts = {1: "3H 2H 4H", 2: "5H TH AH", 3: "6H 7H 8H 9H", 0: "JH QH KH"}
    state = position(new_game(CLASSIC, seed=0), hearts, {**BIDS_3, 0: NIL}, "3H")
    assert state.to_move == 2
    assert rollout_play(state) == Play(C("AH"))


# --- win_chance ----------------------------------------------------------------------------


@given(rulesets())
def test_win_chance_is_a_half_at_the_start(rules: Ruleset) -> None:
    state = new_game(rules, seed=1)
    assert win_chance(state, 0) == win_chance(state, 1) == 0.5


@given(states(rules=rulesets()))
def test_win_chance_is_a_chance_and_the_sides_chances_add_up(state: State) -> None:
    """Two sides' chances add up to one; solo, each player races the strongest other, so
    no two are above a half.

    Rule: rule-solo.
    """
    chances = [win_chance(state, side) for side in range(state.rules.sides)]
    assert all(0.0 <= chance <= 1.0 for chance in chances)
    if state.rules.sides == 2:
        assert abs(sum(chances) - 1.0) <= 1e-9
    else:
        assert sum(chance > 0.5 for chance in chances) <= 1


def test_win_chance_of_a_finished_game_is_its_outcome() -> None:
    """Rules: rule-game-end, rule-round-cap."""
    for rules in (Ruleset(round_cap=1), Ruleset(players=2, round_cap=1)):
        over = play_game(rules, [HEURISTIC] * rules.players, seed=4)
        assert over.outcome is not None
        winner = over.outcome.winner
        assert winner is not None
        assert win_chance(over, winner) == 1.0
        assert win_chance(over, 1 - winner) == 0.0
    # Both sides bid 8 and miss, 6 and 7 tricks: -80 each after the only round, a draw.
    drawn = play_round(
        new_game(Ruleset(round_cap=1), seed=0), round_bids((4, 4), (4, 4)), (3, 4, 3, 3)
    )
    assert drawn.outcome == Outcome(winner=None, termination=Termination.ROUND_CAP)
    assert win_chance(drawn, 0) == win_chance(drawn, 1) == 0.5


SCORES = st.integers(-1000, 1500)


def with_scores(rules: Ruleset, scores: tuple[int, int], bags: tuple[int, int] = (0, 0)) -> State:
    """A new game under ``rules`` with these scores and bag counters."""
    return evolve_state(new_game(rules, seed=1), scores=scores, bags=bags)


@given(rulesets(), SCORES, SCORES, st.integers(0, 300))
def test_win_chance_grows_with_the_score(rules: Ruleset, ours: int, theirs: int, more: int) -> None:
    base = win_chance(with_scores(rules, (ours, theirs)), 0)
    assert win_chance(with_scores(rules, (ours + more, theirs)), 0) >= base
    assert win_chance(with_scores(rules, (ours, theirs + more)), 0) <= base


def test_win_chance_grows_with_a_lead() -> None:
    chances = [win_chance(with_scores(CLASSIC, (lead, 0)), 0) for lead in (-50, 0, 50, 200)]
    assert chances == sorted(chances)
    assert len(set(chances)) == len(chances)
    assert chances[1] == 0.5


@given(rulesets(), SCORES, SCORES, st.data())
def test_win_chance_falls_with_bags_owed(
    rules: Ruleset, ours: int, theirs: int, data: st.DataObject
) -> None:
    """Rule: rule-bag-limit."""
    fewer = data.draw(st.integers(0, rules.bag_limit - 1))
    more = data.draw(st.integers(fewer, rules.bag_limit - 1))
    other = data.draw(st.integers(0, rules.bag_limit - 1))
    base = win_chance(with_scores(rules, (ours, theirs), (fewer, other)), 0)
    assert win_chance(with_scores(rules, (ours, theirs), (more, other)), 0) <= base
    assert win_chance(with_scores(rules, (ours, theirs), (other, more)), 0) >= win_chance(
        with_scores(rules, (ours, theirs), (other, fewer)), 0
    )


def test_win_chance_counts_the_bags_a_side_owes() -> None:
    """Rule: rule-bag-limit."""
    clean = win_chance(with_scores(CLASSIC, (200, 200)), 0)
    assert win_chance(with_scores(CLASSIC, (200, 200), (9, 0)), 0) < clean
    assert win_chance(with_scores(CLASSIC, (200, 200), (0, 9)), 0) > clean
    free = attrs.evolve(CLASSIC, bag_penalty=0)
    assert win_chance(with_scores(free, (200, 200), (9, 0)), 0) == 0.5


@given(
    rulesets(),
    st.integers(-1000, 900),
    st.integers(1, 400),
    st.integers(1, 30),
    st.integers(0, 30),
)
def test_win_chance_of_a_lead_grows_as_the_round_cap_nears(
    rules: Ruleset, theirs: int, lead: int, near: int, further: int
) -> None:
    """Rule: rule-round-cap."""
    state = with_scores(rules, (theirs + lead, theirs))
    played = len(state.rounds)

    def capped(cap: int | None) -> float:
        return win_chance(evolve_state(state, rules=attrs.evolve(rules, round_cap=cap)), 0)

    assert capped(played + near) >= capped(played + near + further) >= capped(None)


def test_win_chance_of_a_lead_is_worth_more_with_a_round_cap_near() -> None:
    """Rule: rule-round-cap."""
    lead = (150, 100)
    uncapped = win_chance(with_scores(CLASSIC, lead), 0)
    far = win_chance(with_scores(Ruleset(round_cap=4), lead), 0)
    near = win_chance(with_scores(Ruleset(round_cap=1), lead), 0)
    assert 0.5 < uncapped < far < near < 1.0
    # Trailing, a near cap is worth less.
    assert win_chance(with_scores(Ruleset(round_cap=1), lead), 1) < 1 - uncapped


# --- named positions -------------------------------------------------------------------------


PADDING = ("AS", "KS", "QS", "JS", "AC", "KC", "QC", "JC", "TC", "AD", "TS")


def cover_position(ours: str) -> State:
    """Partner (seat 2) bid nil and must play her only heart, the king, on seat 1's 2H; seat 3
    plays 4H; seat 0, last, holds ``ours`` in hearts, the ace among them."""
    held = ours.split()
    hands = {
        1: "2H 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D 8D 9D",
        2: "KH 2C 7C 8C 9C TD JD QD KD 2S 3S 4S 5S",
        3: "4H",
        0: " ".join([*held, *PADDING][:13]),
    }
    bids = {1: Bid(3), 2: NIL, 3: Bid(3), 0: Bid(4)}
    return position(new_game(CLASSIC, seed=0), hands, bids, "2H", "KH", "4H")


@pytest.mark.parametrize(
    "ours",
    [
        "AH 3H",
        "AH 5H 3H",
        pytest.param(
            "AH QH 3H",
        ),
    ],
)
def test_search_covers_a_partners_nil_with_a_high_card(ours: str) -> None:
    """Partner bid nil and played the king, winning the trick unless we overtake: only the
    ace saves her nil, and it is the play.

    Rule: rule-nil-scoring.
    """
    state = cover_position(ours)
    assert state.to_move == 0
    assert plays_of(list(legal_moves(state))) == " ".join(sorted(ours.split(), key=C))
    assert search_at(state) == Play(C("AH"))


def no_overtake_position() -> State:
    """Everyone bid 1: seat 1 took the first two tricks, seat 2 the next two, so both
    contracts are made. Seat 2 leads 9H, seat 3 plays 2H; seat 0, void in hearts, may
    trump with 2S (her only spade) or discard; seat 1 plays last."""
    hands = {
        1: "AC KC 2D 7D",
        2: "2C 5C AD KD 9H",
        3: "3C 6C 3D 5D 2H",
        0: "4C 7C 8C 9C TC 4D 6D 8D 9D TD JD QD 2S",
    }
    tricks = "AC 2C 3C 4C KC 5C 6C 7C 2D AD 3D 4D KD 5D 6D 7D"
    return position(
        new_game(CLASSIC, seed=0), hands, {s: Bid(1) for s in range(4)}, *tricks.split(), "9H", "2H"
    )


def test_search_does_not_overtake_its_partner_once_the_contract_is_made() -> None:
    """Both contracts are made: every trick more is a bag. Partner's nine holds the trick
    so far; trumping it would make the trick surely ours, a discard leaves it to seat 1,
    who likely beats the nine. The search does not trump.

    Rule: rule-bags.
    """
    state = no_overtake_position()
    assert state.to_move == 0
    assert state.tricks_taken == (0, 2, 2, 0)
    assert Play(C("2S")) in legal_moves(state)
    chosen = search_at(state)
    assert isinstance(chosen, Play)
    assert not wins_now(state, chosen.card)


NEAR_TARGET = attrs.evolve(CLASSIC, target=150)


def near_target_bidding(hand: str) -> State:
    """Target 150. Round 1: side 1 bid 5 + 5 and made it (100), side 0 made 3 (30). Round 2
    (dealer 1): seat 2 bids 3, seat 1's partner seat 3 bids 2, seat 0 bids 3; seat 1, last,
    holds ``hand``. A contract of 5 (a bid of 3) ends the game, won."""
    first = play_round(new_game(NEAR_TARGET, seed=0), round_bids((1, 2), (5, 5)), (1, 5, 2, 5))
    assert first.scores == (30, 100)
    state = deal(first, deck_for(NEAR_TARGET, first.dealer, fill({1: hand})))
    for bid in (3, 2, 3):
        state = apply(state, Bid(bid))
    assert state.to_move == 1
    return state


@pytest.mark.parametrize(
    "hand",
    [
        # Four sure spades: the heuristic bot bids 4 (a contract of 6), more than needed.
        "AS KS QS JS 7H 5H 4H 6D 3D 2D 5C 3C 2C",
        # Three sure spades: just what ends the game, with the partner's 2.
        "AS KS QS 7H 5H 4H 6D 3D 2D 7C 5C 3C 2C",
    ],
)
def test_search_bids_what_ends_the_game_when_one_more_contract_does(hand: str) -> None:
    """Near the target, a made contract of 5 wins the game: the search bids 3, enough to
    end it and no more, rather than what the hand might take.

    Rule: rule-target.
    """
    assert search_at(near_target_bidding(hand)) == Bid(3)


def dump_position() -> State:
    """Round 1: side 1 bid 1 + 1 and took 11 tricks, 9 bags (limit 10). Round 2, everyone
    bid 1: seat 2 took two tricks, seat 3 two, so both contracts are made. Seat 3 leads 9H,
    seat 0 plays 3H, seat 1 4H; seat 2, last, holds AH and 2H."""
    first = play_round(new_game(CLASSIC, seed=0), round_bids((1, 1), (1, 1)), (1, 6, 1, 5))
    assert first.bags == (0, 9)
    hands = {
        2: "AC KC QC 2D AH 2H JC TC 9C 7S 8S 9S TS",
        3: "3C 4C AD KD 9H",
        0: "5C 6C 3D 4D 3H",
        1: "7C 8C 5D 6D 4H",
    }
    tricks = "AC 3C 5C 7C KC 4C 6C 8C 2D AD 3D 5D KD 4D 6D QC"
    return position(first, hands, {s: Bid(1) for s in range(4)}, *tricks.split(), "9H", "3H", "4H")


def test_search_dumps_a_bag_on_a_side_at_nine_bags() -> None:
    """Both contracts are made and the other side sits at 9 bags of 10: one more trick
    costs them the bag penalty, 100 points. The search lets their nine win.

    Rule: rule-bag-limit.
    """
    state = dump_position()
    assert state.to_move == 2
    assert state.bags == (0, 9)
    assert state.tricks_taken == (0, 0, 2, 2)
    assert search_at(state) == Play(C("2H"))
