"""The bots: the heuristic player, source B's fallback move, the random policy, play_game.

The heuristic must only ever make legal moves, decide the same way every time and from its
seat's view alone, and beat random players; its main ideas (counting tricks, nil, covering
and setting a nil, ducking bags, the draw, the pass and the exchange) are pinned on chosen
deals. Every rule in `fallback_move`'s docstring has a test of its own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import oracle
from helpers import (
    BLIND,
    BLIND_ANYTIME,
    BY_SPADES_RULES,
    MIRROR,
    NIL,
    SUICIDE,
    SUICIDE_RULES,
    WHIZ,
    C,
    bidding_switched,
    cards,
    mover_view,
    passing_states,
    play,
    play_round,
    position_of,
    round_bids,
    start,
    suicide_kept,
)
from spades import (
    CLASSIC,
    DECK,
    JOKERS,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    Deck,
    Exchange,
    IllegalMoveError,
    Keep,
    Look,
    NilTricks,
    Pass,
    Phase,
    Play,
    Reason,
    Reject,
    Ruleset,
    SpadesLead,
    State,
    Suit,
    apply,
    deal,
    legal_moves,
    new_game,
    observe,
)
from spades._state import SHIFT, evolve_state
from spades.bots import fallback_move, heuristic_policy, play_game, random_policy, search_policy
from spades.bots._bidding import FOUR, likely_tricks
from spades.bots._playing import Table
from spades.strategies import rulesets, states

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from spades import Move, View
    from spades.bots import Policy

HEURISTIC = heuristic_policy()


def capped(rules: Ruleset, cap: int = 100) -> Ruleset:
    """``rules`` with a round cap, so that games between weak players end."""
    return rules if rules.round_cap is not None else attrs.evolve(rules, round_cap=cap)


def decide(state: State, policy: Policy = HEURISTIC) -> Move:
    """What ``policy`` plays for the seat to move, from that seat's view."""
    return policy(mover_view(state))


# --- building positions -------------------------------------------------------------------


def fill(hands: Mapping[int, str], deck: Deck = Deck.STANDARD) -> dict[int, str]:
    """Four hands of 13 from partial ones: the missing cards of ``deck`` go round in library
    order."""
    held = {seat: cards(hands.get(seat, "")) for seat in range(4)}
    rest = [card for card in deck.cards if all(card not in hand for hand in held.values())]
    for seat in range(4):
        while len(held[seat]) < 13:
            held[seat].append(rest.pop(0))
    assert not rest
    return {seat: " ".join(map(str, hand)) for seat, hand in held.items()}


def position(
    hands: Mapping[int, str],
    bids: Mapping[int, Bid],
    *plays: str,
    rules: Ruleset = CLASSIC,
) -> State:
    """A CLASSIC deal (dealer 0: seat 1 bids and leads first), ``bids``, then ``plays``."""
    state = start(rules, fill(hands, rules.deck))
    while state.phase is Phase.BIDDING:
        assert state.to_move is not None
        state = apply(state, bids[state.to_move])
    return play(state, *plays)


def two_player_stock(top: str) -> list[Card]:
    """A two-player stock with ``top`` first, the rest in library order."""
    first = cards(top)
    return first + [card for card in DECK if card not in first]


def two_player_start(hands: Mapping[int, str], *, rules: Ruleset = TWO_HANDED) -> State:
    """A two-player game (dealer 0) whose draw, every top card kept, gives these hands."""
    held = {seat: cards(text) for seat, text in hands.items()}
    rest = [card for card in DECK if all(card not in hand for hand in held.values())]
    stock: list[Card] = []
    for i in range(13):
        stock += [held[0][i], rest[2 * i], held[1][i], rest[2 * i + 1]]
    return new_game(rules, seed=0, dealer=0, deck=stock)


def keep_all(state: State) -> State:
    while state.phase is Phase.DRAWING:
        state = apply(state, Keep())
    return state


def swap_hidden(state: State, rng: random.Random) -> State | None:
    """``state`` with two cards the seat to move cannot see swapped, or None if there are none.

    Three and four players: a card of one other hand for a card of another. Two players: a
    card of the other hand for one of the stock below its top or of the other player's
    discards.
    """
    seat = state.to_move
    assert seat is not None
    hands = [list(hand) for hand in state.hands]
    changes: dict[str, object] = {}
    if state.rules.players != 2:
        others = [other for other in range(state.rules.players) if other != seat and hands[other]]
        if len(others) < 2:
            return None
        first, second = rng.sample(others, 2)
        given, taken = rng.choice(hands[first]), rng.choice(hands[second])
    else:
        other = 1 - seat
        seen = {draw.discarded for draw in state.draws if draw.seat == seat}
        seen |= {
            card for entry in state.exchanges if entry.seat == seat for card in entry.given or ()
        }
        pool = [*state.stock[1:], *(card for card in state.discards if card not in seen)]
        if not hands[other] or not pool:
            return None
        given, taken = rng.choice(hands[other]), rng.choice(pool)
        first, second = other, None
        swap = {given: taken, taken: given}
        changes["stock"] = tuple(swap.get(card, card) for card in state.stock)
        changes["discards"] = tuple(swap.get(card, card) for card in state.discards)
    packed = state._packed_hands
    for holder, out, into in ((first, given, taken), (second, taken, given)):
        if holder is not None:
            packed ^= (out.bit | into.bit) << SHIFT[holder]
    changed = evolve_state(state, _packed_hands=packed, **changes)
    assert changed.hands != state.hands
    return changed


# --- the heuristic: legal, deterministic, from the view alone ------------------------------


def check_heuristic_move(state: State) -> None:
    """The heuristic's move is legal here, and so on for every seat to the round's end."""
    number = state.round_number
    while not state.is_over and state.round_number == number:
        move = decide(state)
        assert move in legal_moves(state)
        if state.phase is Phase.DRAWING:
            assert not isinstance(move, Bid)  # never double nil
        if state.phase is Phase.BIDDING:
            assert move != BLIND  # never blind nil
        state = apply(state, move)


@given(states(rules=rulesets(presets_only=True)))
def test_heuristic_moves_are_legal_under_every_preset(state: State) -> None:
    check_heuristic_move(state)


@given(states(rules=rulesets(players=4)))
def test_heuristic_moves_are_legal_under_four_player_rulesets(state: State) -> None:
    check_heuristic_move(state)


@given(states(rules=rulesets(players=2)))
def test_heuristic_moves_are_legal_under_two_player_rulesets(state: State) -> None:
    check_heuristic_move(state)


BIDDING_RULES = bidding_switched(0)
"""Four players, often under a team minimum, a zero contract or 10-for-200."""
FIRST_BIDS = states(rules=BIDDING_RULES, max_moves=8, phases={Phase.BIDDING})
"""The bidding of a game's first round: partners' bids made, and some missing."""


@given(FIRST_BIDS)
def test_heuristic_bids_legally_under_a_team_minimum_and_a_zero_contract(state: State) -> None:
    """Rules: rule-team-minimum, reading-zero-bid, rule-ten-for-two-hundred."""
    check_heuristic_move(state)


@given(FIRST_BIDS)
def test_fallback_bids_legally_under_a_team_minimum_and_a_zero_contract(state: State) -> None:
    """Rules: rule-team-minimum, reading-zero-bid."""
    move = fallback_move(state)
    assert move in legal_moves(state)


def spades_held(state: State, seat: int) -> int:
    """How many spades ``seat`` holds in ``state``: the deck's (rule-decks)."""
    return sum(state.rules.deck.suit_of(card) is Suit.SPADES for card in state.hand(seat))


@given(states(rules=BY_SPADES_RULES, max_moves=4, phases={Phase.BIDDING}))
def test_heuristic_and_fallback_bid_legally_under_whiz_and_mirror(state: State) -> None:
    """The heuristic to the round's end, and the fallback at the first bid: her number of
    spades, or nil under Whiz.

    Rules: rule-whiz, rule-mirror.
    """
    seat = state.to_move
    assert seat is not None
    count = spades_held(state, seat)
    move = fallback_move(state)
    assert move in legal_moves(state)
    assert move == Bid(count)  # her count, nil (or 0) when she holds no spade
    move = decide(state)
    assert isinstance(move, Bid)
    assert move.n in ((0, count) if state.rules.bidding is Bidding.WHIZ else (count,))
    check_heuristic_move(state)


SUICIDE_BIDS = states(rules=SUICIDE_RULES, max_moves=4, phases={Phase.BIDDING})
"""The bidding of a game's first round under Suicide: some partners' bids made."""


@given(SUICIDE_BIDS)
def test_heuristic_and_fallback_bid_legally_under_suicide(state: State) -> None:
    """The heuristic to the round's end, and the fallback at the first bid.

    Rule: rule-suicide.
    """
    assert fallback_move(state) in legal_moves(state)
    check_heuristic_move(state)


@settings(max_examples=max(10, settings().max_examples // 3))
@given(st.integers(0, 2**32), st.integers(1, 4), st.integers(0, 4))
def test_heuristic_passes_are_legal(seed: int, count: int, nil_count: int) -> None:
    """Random seats bid blind nil half the time, sometimes nil; the heuristic makes every
    pass, of a blind nil's count or a nil's.

    Rule: rule-card-pass.
    """
    rules = attrs.evolve(BLIND_ANYTIME, blind_nil_pass=count, nil_pass=nil_count)
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAYING:
        if state.phase is Phase.PASSING:
            check_heuristic_move(state)
            state = apply(state, decide(state))
        else:
            state = apply(state, rng.choice(legal_moves(state)))


SEARCH = search_policy(playouts=8)
"""The search at its least budget: it passes as the heuristic does, without searching."""


@given(passing_states())
def test_the_bots_pass_the_count_due(state: State) -> None:
    """The heuristic, the search and the fallback pass as many cards as the side's pass
    asks (the reference's count), from the passer's hand: a nil bidder her strongest.

    Rules: rule-card-pass, reading-card-pass.
    """
    count = oracle.pass_size(position_of(state))
    seat = state.to_move
    assert seat is not None
    for policy in (HEURISTIC, SEARCH, fallback_move):
        move = decide(state, policy)
        assert move in legal_moves(state)
        assert isinstance(move, Pass)
        assert len(move.cards) == count
    assert decide(state, SEARCH) == decide(state)


@given(states(rules=rulesets(presets_only=True)), st.randoms(use_true_random=False))
def test_heuristic_decides_from_the_view_alone(state: State, rng: random.Random) -> None:
    assume(not state.is_over)
    changed = swap_hidden(state, rng)
    assume(changed is not None)
    assert changed is not None
    seat = state.to_move
    assert seat is not None
    assert observe(changed, seat) == observe(state, seat)
    assert decide(changed) == decide(state)


@given(states(rules=rulesets(presets_only=True)))
def test_heuristic_is_deterministic(state: State) -> None:
    assume(not state.is_over)
    view = mover_view(state)
    assert HEURISTIC(view) == HEURISTIC(view) == heuristic_policy()(view)


def test_heuristic_games_repeat_exactly() -> None:
    for rules in PRESETS.values():
        players = [heuristic_policy() for _ in range(rules.players)]
        first = play_game(rules, players, seed=5, dealer=1)
        assert play_game(rules, players, seed=5, dealer=1) == first
        assert first.is_over


def test_heuristic_refuses_a_view_whose_seat_is_not_to_move() -> None:
    with pytest.raises(ValueError, match="not to move"):
        HEURISTIC(observe(new_game(CLASSIC, seed=1), 0))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_heuristic_beats_random_players(name: str) -> None:
    # A strength smoke test, not the benchmark (benchmarks/bots.py): a handful of games.
    rules = capped(PRESETS[name])
    for seed in range(4):
        players: list[Policy] = [
            HEURISTIC if seat % 2 == 0 else random_policy(seed * 10 + seat)
            for seat in range(rules.players)
        ]
        state = play_game(rules, players, seed=seed, dealer=seed % rules.players)
        assert state.outcome is not None
        assert state.outcome.winner == 0, (name, seed, state.scores)


def test_heuristic_beats_the_fallback() -> None:
    for rules in PRESETS.values():
        players = [HEURISTIC if seat % 2 == 0 else fallback_move for seat in range(rules.players)]
        state = play_game(rules, players, seed=9)
        assert state.outcome is not None
        assert state.outcome.winner == 0


# --- the heuristic: bidding ----------------------------------------------------------------

STRONG = "AS KS QS JS TS AH KH QH AD KD AC KC 2C"
NIL_HAND = "2S 3S 9S 2H 3H 4H QH 2D 3D 4D 6D 2C 3C"
WEAK = "2S 3S 9S 2H 3H 4H QH 2D 3D 4D 6D 2C AC"


def first_bid(hand: str, rules: Ruleset = CLASSIC) -> Move:
    return decide(start(rules, fill({1: hand})))


def bid_number(move: Move) -> int:
    assert isinstance(move, Bid)
    return move.n


def test_heuristic_counts_aces_kings_and_long_spades() -> None:
    assert bid_number(first_bid(STRONG)) >= 10
    assert bid_number(first_bid("AS 4S 3S 2S AH 5H 4H KD 7D 6D 5C 4C 3C")) in (3, 4)


def hand_worth(hand: str) -> float:
    held = cards(hand)
    return likely_tricks(held, frozenset(DECK) - set(held), FOUR)


def test_heuristic_counts_a_king_under_an_unseen_ace_only_with_a_guard() -> None:
    rest = "9S 8S 7S 5D 4D 3D 2D 5C 4C 3C 2C"
    guarded = hand_worth(f"KH 2H {rest}") - hand_worth(f"3H 2H {rest}")
    assert guarded == pytest.approx(FOUR.side[1])
    alone = hand_worth(f"KH 6C {rest}") - hand_worth(f"3H 6C {rest}")
    assert alone == 0
    with_ace = hand_worth(f"KH AH {rest}") - hand_worth(f"3H AH {rest}")
    assert with_ace == pytest.approx(FOUR.side[0])


def test_heuristic_counts_voids_with_spades_to_ruff() -> None:
    balanced = first_bid("6S 5S 4S 3S 8H 7H 6H 8D 7D 6D 8C 7C 6C")
    void = first_bid("6S 5S 4S 3S 8H 7H 6H 5H 4H 8D 7D 6D 5D")  # no clubs
    assert bid_number(void) > bid_number(balanced)


def test_heuristic_bids_nil_with_a_nil_hand() -> None:
    assert first_bid(NIL_HAND) == NIL
    assert first_bid(WEAK) == Bid(1)  # an ace: no nil, and at least one
    assert first_bid(NIL_HAND, Ruleset(nil=False)) == Bid(1)


@pytest.mark.parametrize("partner_bid", [NIL, Bid(1), Bid(2)])
def test_heuristic_bids_nil_only_beside_a_partner_who_can_cover(partner_bid: Bid) -> None:
    # Seat 3 bids third: her partner, seat 1, has bid.
    state = start(CLASSIC, fill({3: NIL_HAND}))
    state = apply(apply(state, partner_bid), Bid(3))
    assert decide(state) != NIL
    state = apply(apply(start(CLASSIC, fill({3: NIL_HAND})), Bid(4)), Bid(3))
    assert decide(state) == NIL


MINIMUM = Ruleset(team_minimum=4)
ZERO = Ruleset(nil=False, zero_contract=True)
TEN = Ruleset(ten_for_two_hundred=True)


def test_heuristic_bids_at_least_what_the_team_minimum_leaves_missing() -> None:
    """Seat 3's partner bid 1: a weak hand bids 3, a nil hand no nil; after a 4, nil again.

    After a 3, which would cover a nil, the nil hand bids the 1 missing.

    Rule: rule-team-minimum.
    """
    for hand, free in ((WEAK, Bid(1)), (NIL_HAND, NIL)):
        state = apply(apply(start(MINIMUM, fill({3: hand})), Bid(1)), Bid(3))
        assert decide(state) == Bid(3)
        state = apply(apply(start(MINIMUM, fill({3: hand})), Bid(4)), Bid(3))
        assert decide(state) == free
    state = apply(apply(start(CLASSIC, fill({3: NIL_HAND})), Bid(3)), Bid(3))
    assert decide(state) == NIL
    state = apply(apply(start(MINIMUM, fill({3: NIL_HAND})), Bid(3)), Bid(3))
    assert decide(state) == Bid(1)


def test_heuristic_bids_zero_as_a_contract_only_where_zero_is_one() -> None:
    """A hand that counts no trick bids nil, or zero as a contract, or one where zero is
    refused; a nil hand that counts one trick bids one as a contract.

    Rule: reading-zero-bid.
    """
    lowest = "2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C"
    assert (first_bid(lowest), first_bid(lowest, ZERO)) == (NIL, Bid(0))
    assert first_bid(lowest, Ruleset(nil=False)) == Bid(1)
    assert (first_bid(NIL_HAND), first_bid(NIL_HAND, ZERO)) == (NIL, Bid(1))


def test_heuristic_bids_no_more_than_ten_for_its_side_under_ten_for_200() -> None:
    """Ten or more is worth 200 whatever its size: no trick over ten is bid.

    Rule: rule-ten-for-two-hundred.
    """
    assert bid_number(first_bid(STRONG)) > 10
    assert first_bid(STRONG, TEN) == Bid(10)
    state = apply(apply(start(TEN, fill({3: STRONG})), Bid(6)), Bid(3))
    assert decide(state) == Bid(4)
    state = apply(apply(start(TEN, fill({3: STRONG})), Bid(12)), Bid(3))
    assert decide(state) == Bid(1)
    assert first_bid(WEAK, TEN) == first_bid(WEAK)


def test_heuristic_bids_its_part_under_suicide() -> None:
    """The first partner of a side bids nil with a nil hand or one counting below 3
    tricks, else her count and at least 4; the second does the other part.

    Seat 1 bids first for side 1, seat 3 after her partner.

    Rule: rule-suicide.
    """
    three = "AS 4S 3S 2S AH 5H 4H KD 7D 6D 5C 4C 3C"  # counts 3 tricks
    assert (first_bid(three), first_bid(WEAK)) == (Bid(3), Bid(1))
    assert (first_bid(NIL_HAND, SUICIDE), first_bid(WEAK, SUICIDE)) == (NIL, NIL)
    assert (first_bid(three, SUICIDE), first_bid(STRONG, SUICIDE)) == (Bid(4), first_bid(STRONG))
    for hand, after_nil in ((WEAK, Bid(4)), (NIL_HAND, Bid(4)), (STRONG, first_bid(STRONG))):
        state = apply(apply(start(SUICIDE, fill({3: hand})), NIL), Bid(4))
        assert decide(state) == after_nil
        state = apply(apply(start(SUICIDE, fill({3: hand})), Bid(5)), Bid(4))
        assert decide(state) == NIL


def test_fallback_bids_four_or_nil_under_suicide() -> None:
    """The least she may bid from 1 up: 4, and nil after her partner's number.

    Rule: rule-suicide.
    """
    state = new_game(SUICIDE, seed=1)
    assert fallback_move(state) == Bid(4)
    state = apply(apply(state, NIL), Bid(5))
    assert fallback_move(state) == Bid(4)
    assert fallback_move(apply(state, Bid(4))) == NIL


VOID = "AH KH QH JH TH 9H 8H AD KD QD AC KC QC"
"""A hand of no spade."""


def test_heuristic_bids_nil_or_its_spades_under_whiz() -> None:
    """Nil for a nil hand, else her number of spades, whatever she counts in tricks; nil
    alone with no spade; her count beside her partner's nil. Under a zero contract, her
    count, 0 only with no spade.

    Rule: rule-whiz.
    """
    assert first_bid(NIL_HAND) == NIL
    assert first_bid(NIL_HAND, WHIZ) == NIL
    assert (first_bid(WEAK), first_bid(WEAK, WHIZ)) == (Bid(1), Bid(3))  # 3 spades, no nil
    assert bid_number(first_bid(STRONG)) >= 10
    assert first_bid(STRONG, WHIZ) == Bid(5)
    assert first_bid(VOID, WHIZ) == NIL
    state = apply(start(WHIZ, fill({3: NIL_HAND})), NIL)
    state = apply(state, fallback_move(state))
    assert decide(state) == Bid(3)  # her partner's nil: no second nil
    zero = Ruleset(bidding=Bidding.WHIZ, nil=False, zero_contract=True)
    assert (first_bid(NIL_HAND, zero), first_bid(VOID, zero)) == (Bid(3), Bid(0))


def test_heuristic_bids_its_spades_under_mirror() -> None:
    """Her number of spades, nil with none: the one bid she has.

    Rule: rule-mirror.
    """
    bids = [first_bid(hand, MIRROR) for hand in (NIL_HAND, WEAK, STRONG, VOID)]
    assert bids == [Bid(3), Bid(3), Bid(5), NIL]


def test_fallback_bids_its_spades_under_whiz_and_mirror() -> None:
    """The least she may bid from 1 up: her number of spades, nil with none.

    Rules: rule-whiz, rule-mirror.
    """
    for rules in (WHIZ, MIRROR):
        for hand, expected in ((NIL_HAND, Bid(3)), (STRONG, Bid(5)), (VOID, NIL)):
            assert decide(start(rules, fill({1: hand})), fallback_move) == expected


def test_heuristic_plays_a_zero_contract_as_a_contract_not_a_nil() -> None:
    """No nil to keep, cover or set: a zero bidder's tricks count toward her side's need.

    Rule: reading-zero-bid.
    """
    bids = {0: Bid(4), 1: Bid(0), 2: Bid(3), 3: Bid(2)}
    hands = {1: "AC 2D", 2: "2C", 3: "3C", 0: "4C"}
    for rules, nil in ((ZERO, False), (CLASSIC, True)):
        state = position(hands, bids, "2D", rules=rules)  # seat 1 has led, seat 2 to play
        table = Table(mover_view(state))
        assert table.nil_stands(1) is nil
        assert table.side_need(1) == 2
    won = position(hands, bids, "AC", "2C", "3C", "4C", rules=ZERO)
    table = Table(mover_view(won))  # seat 1 took a trick: it counts for her side
    assert (table.taken[1], table.side_need(1)) == (1, 1)
    table = Table(mover_view(position(hands, bids, "AC", "2C", "3C", "4C")))
    assert (table.taken[1], table.side_need(1)) == (1, 1)  # CLASSIC counts nil tricks too
    bags = position(hands, bids, "AC", "2C", "3C", "4C", rules=Ruleset(nil_tricks=NilTricks.BAGS))
    assert Table(mover_view(bags)).side_need(1) == 2  # a nil's tricks as bags count not


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [
        MINIMUM,
        attrs.evolve(MINIMUM, blind_nil=True, blind_nil_deficit=None),
        attrs.evolve(ZERO, team_minimum=6),
        attrs.evolve(TEN, team_minimum=13),
        Ruleset(
            players=2, nil=False, blind_nil=False, zero_contract=True, ten_for_two_hundred=True
        ),
    ],
    ids=["minimum 4", "and blind nil", "zero contract, minimum 6", "10-for-200, minimum 13", "2p"],
)
def test_the_bots_play_whole_games_under_a_minimum_a_zero_contract_and_ten_for_200(
    rules: Ruleset,
) -> None:
    """The heuristic, the fallback and random players, in many games: every move legal.

    Rules: rule-team-minimum, reading-zero-bid, rule-ten-for-two-hundred.
    """
    rules = capped(rules, 12)
    for seed in range(12):
        mixes: list[Sequence[Policy]] = [
            [HEURISTIC] * rules.players,
            [HEURISTIC, fallback_move, HEURISTIC, random_policy(seed)][: rules.players],
        ]
        for players in mixes:
            state = play_game(rules, players, seed=seed, dealer=seed % rules.players)
            assert state.is_over
            for score in state.rounds:
                for side in (0, 1) if rules.players == 4 else ():
                    bids = [score.bids[seat].n for seat in (side, side + 2)]
                    assert sum(bids) >= rules.team_minimum


@pytest.mark.slow
def test_the_bots_play_whole_games_under_suicide() -> None:
    """The heuristic, the fallback and random players, in many games: every move legal and
    every side bids a nil and 4 or more.

    Rule: rule-suicide.
    """
    rules = capped(SUICIDE, 12)
    for seed in range(12):
        mixes: list[Sequence[Policy]] = [
            [HEURISTIC] * 4,
            [HEURISTIC, fallback_move, random_policy(seed), HEURISTIC],
        ]
        for players in mixes:
            state = play_game(rules, players, seed=seed, dealer=seed % 4)
            assert state.is_over
            assert all(suicide_kept(score.bids) for score in state.rounds)


@pytest.mark.parametrize(
    "rules",
    [
        WHIZ,
        MIRROR,
        attrs.evolve(WHIZ, nil_pass=2),
        attrs.evolve(MIRROR, nil=False, zero_contract=True),
        attrs.evolve(WHIZ, deck=Deck.JOKER_JOKER_ACE),
        attrs.evolve(MIRROR, deck=Deck.JOKER_JOKER_DEUCE_DEUCE),
    ],
    ids=[
        "whiz",
        "mirror",
        "whiz, pass 2 after a nil",
        "mirror, zero contract",
        "whiz, joker-joker-ace",
        "mirror, joker-joker-deuce-deuce",
    ],
)
def test_the_bots_play_whole_games_under_whiz_and_mirror(rules: Ruleset) -> None:
    """The heuristic, the fallback and random players, in many games: every move legal and
    every bid her number of spades as dealt (the deck's spades), or nil under Whiz.

    Rules: rule-whiz, rule-mirror, rule-decks.
    """
    rules = capped(rules, 12)
    bids: list[tuple[Bid, int]] = []

    def on_move(before: State, move: Move, after: State) -> None:
        if before.phase is Phase.BIDDING:
            assert isinstance(move, Bid)
            assert before.to_move is not None
            bids.append((move, spades_held(before, before.to_move)))

    for seed in range(6):
        mixes: list[Sequence[Policy]] = [
            [HEURISTIC] * 4,
            [HEURISTIC, fallback_move, random_policy(seed), HEURISTIC],
        ]
        for players in mixes:
            state = play_game(rules, players, seed=seed, dealer=seed % 4, on_move=on_move)
            assert state.is_over
    nils = [count for bid, count in bids if bid.n != count]
    assert all(bid.n in (0, count) for bid, count in bids)
    if rules.bidding is Bidding.MIRROR:
        assert not nils
    else:
        assert nils  # Whiz: some nil in place of a count


def test_heuristic_looks_instead_of_bidding_blind_nil() -> None:
    state = new_game(BLIND_ANYTIME, seed=3)
    assert legal_moves(state) == (BLIND, Look())
    assert decide(state) == Look()


@pytest.mark.parametrize("blind_nil", [False, True], ids=["numbers", "and blind nil"])
def test_heuristic_and_fallback_look_when_blind_numbers_are_open(blind_nil: bool) -> None:
    """Face down, with blind numbers from 6 at any score (and blind nil), both look, then
    bid in sight; so does every seat of the round, whose every move is legal.

    Rule: rule-blind-bids.
    """
    rules = Ruleset(
        blind_bid_minimum=6, blind_bid_deficit=None, blind_nil=blind_nil, blind_nil_deficit=None
    )
    state = new_game(rules, seed=3)
    blinds = tuple(Bid(n, blind=True) for n in range(6, 14))
    assert legal_moves(state) == ((BLIND,) if blind_nil else ()) + blinds + (Look(),)
    for policy in (HEURISTIC, fallback_move):
        assert decide(state, policy) == Look()
        bid = decide(apply(state, Look()), policy)
        assert isinstance(bid, Bid)
        assert not bid.blind
    for policy in (HEURISTIC, fallback_move):
        played, looks = state, 0
        while played.round_number == 1:
            move = decide(played, policy)
            assert move in legal_moves(played)
            assert not (isinstance(move, Bid) and move.blind)
            looks += move == Look()
            played = apply(played, move)
        assert looks == 4  # at any score every seat's cards start face down


def test_heuristic_bids_more_at_a_table_where_its_side_takes_more_than_it_bids() -> None:
    deck = list(DECK)
    fresh = deal(new_game(CLASSIC, seed=2, dealer=1), deck)
    # Round 1: side 0 bid 2 and took 10; round 2 is dealt by seat 1, like `fresh`.
    state = play_round(new_game(CLASSIC, seed=2), round_bids((1, 1), (1, 1)), [5, 1, 5, 2])
    state = deal(state, deck)
    assert state.round_number == 2
    assert state.dealer == fresh.dealer
    while state.to_move != 0:
        state = apply(state, Bid(3))
        fresh = apply(fresh, Bid(3))
    assert bid_number(decide(state)) > bid_number(decide(fresh))


# --- the heuristic: two players -------------------------------------------------------------


@pytest.mark.parametrize(("top", "kept"), [("AS", True), ("2S", True), ("AH", True), ("3C", False)])
def test_heuristic_keeps_high_cards_and_spades_in_the_draw(top: str, kept: bool) -> None:
    state = new_game(TWO_HANDED, seed=0, dealer=0, deck=two_player_stock(top))
    assert BLIND in legal_moves(state)
    assert decide(state) == (Keep() if kept else Reject())


@pytest.mark.parametrize(("top", "kept"), [("AS", False), ("AH", False), ("3C", True)])
def test_heuristic_after_double_nil_keeps_low_cards(top: str, kept: bool) -> None:
    state = new_game(TWO_HANDED, seed=0, dealer=0, deck=two_player_stock(top))
    state = apply(state, BLIND)
    assert decide(state) == (Keep() if kept else Reject())


def test_heuristic_exchanges_its_strongest_cards_after_double_nil() -> None:
    hands = {
        0: "AS 8S 2S QH 3H 2H 4D 3D 2D 5C 4C 3C 2C",
        1: "KS QS JS AH KH JH AD KD QD AC KC QC JC",
    }
    state = two_player_start(hands)
    state = keep_all(apply(state, BLIND))
    assert state.phase is Phase.EXCHANGING
    assert decide(state) == Exchange(cards("AS QH 8S"))
    few = two_player_start(hands, rules=attrs.evolve(TWO_HANDED, blind_nil_exchange=1))
    assert decide(keep_all(apply(few, BLIND))) == Exchange(cards("AS"))
    # Then she plays her nil: under the other player's lead whenever she can.
    state = apply(apply(state, decide(state)), Bid(3))
    while not state.is_over and state.round_number == 1:
        if state.to_move == 0 and state.trick:
            move = decide(state)
            assert isinstance(move, Play)
            plays = [m.card for m in legal_moves(state) if isinstance(m, Play)]
            lead = state.trick[0]
            losers = [c for c in plays if not (c.suit is lead.suit and c.rank > lead.rank)]
            losers = [c for c in losers if c.suit is lead.suit or c.suit is not Suit.SPADES]
            if losers:  # the highest card that loses
                assert move.card in losers
                assert move.card.rank == max(card.rank for card in losers)
        state = apply(state, decide(state) if state.to_move == 0 else fallback_move(state))


def test_heuristic_bids_nil_alone_only_under_every_unseen_card() -> None:
    low = "2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C"
    state = keep_all(two_player_start({0: low, 1: "AS KS QS JS TS 9S 8S 7S 6S AH KH QH JH"}))
    assert state.to_move == 1
    state = apply(state, Bid(9))
    assert decide(state) == NIL
    # The same shape, but the other player holds 2C, which she has not seen: no nil.
    higher = "2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 3C 4C 5C"
    state = keep_all(two_player_start({0: higher, 1: "AS KS QS JS TS 9S 8S 7S 6S AH KH QH 2C"}))
    assert decide(apply(state, Bid(9))) == Bid(1)


def test_heuristic_two_player_bid_counts_the_draw() -> None:
    weak = "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 5D 3C 4C"
    strong = keep_all(two_player_start({1: STRONG, 0: weak}))
    assert bid_number(decide(strong)) >= 9


# --- the heuristic: the blind nil pass -------------------------------------------------------

PASSING_HANDS = {
    1: "AS 2S 3S KH 2H 3H 4H 2D 3D 5D 2C 4C 5C",
    3: "5S 6S 7S AH QH 8H 6H 9D 7D 4D 3C 6C 7C",
}


def passing(hands: Mapping[int, str] = PASSING_HANDS) -> State:
    """Seat 1 bids blind nil, the others look and bid 3: seat 1 to pass two cards."""
    state = apply(start(BLIND_ANYTIME, fill(hands)), BLIND)
    while state.phase is Phase.BIDDING:
        state = apply(apply(state, Look()), Bid(3))
    assert state.phase is Phase.PASSING
    assert state.to_move == 1
    return state


def test_heuristic_blind_nil_bidder_passes_her_strongest_and_gets_the_weakest() -> None:
    state = passing()
    assert decide(state) == Pass(cards("KH AS"))
    state = apply(state, decide(state))
    assert state.to_move == 3
    assert decide(state) == Pass(cards("3C 4D"))


def nil_passing(count: int) -> State:
    """Under a nil pass of ``count``, seat 1 bids nil, the others 3: seat 1 to pass."""
    state = start(Ruleset(nil_pass=count), fill(PASSING_HANDS))
    for move in (NIL, Bid(3), Bid(3), Bid(3)):
        state = apply(state, move)
    assert (state.phase, state.to_move) == (Phase.PASSING, 1)
    return state


@pytest.mark.parametrize(
    ("count", "given", "back"),
    [(1, "AS", "3C"), (3, "5D KH AS", "3C 4D 5D"), (4, "5C 5D KH AS", "3C 5C 4D 5D")],
)
def test_the_nil_bidder_passes_her_strongest_and_gets_the_weakest(
    count: int, given: str, back: str
) -> None:
    """The heuristic's pass after a plain nil, of the nil pass's count each way: the cards
    likeliest to take a trick go, the partner's least likely come back (the cards just
    received among them, when they are among her weakest).

    Rules: rule-card-pass, reading-card-pass.
    """
    state = nil_passing(count)
    assert decide(state) == Pass(cards(given))
    state = apply(state, decide(state))
    assert state.to_move == 3
    assert decide(state) == Pass(cards(back))
    state = apply(state, decide(state))
    assert state.phase is Phase.PLAYING


# --- the heuristic: playing ------------------------------------------------------------------

HEARTS = {1: "9H 2H 3H 4H", 2: "5H 8H KH", 3: "6H 7H TH", 0: "JH QH AH"}
BIDS = {1: Bid(3), 2: Bid(3), 3: Bid(3), 0: Bid(3)}


def test_heuristic_nil_plays_her_highest_losing_card() -> None:
    state = position(HEARTS, {**BIDS, 2: NIL}, "9H")
    assert decide(state) == Play(C("8H"))


def test_heuristic_nil_that_cannot_lose_plays_the_card_likeliest_to_be_beaten() -> None:
    state = position({1: "2H 3H 4H 6H", 2: "5H KH", 3: "7H 8H 9H TH"}, {**BIDS, 2: NIL}, "2H")
    assert decide(state) == Play(C("5H"))
    # Last to play, every card wins: the nil is lost, so she sheds her highest.
    hearts = {1: "2H 6H 7H 8H", 2: "3H 9H TH", 3: "4H JH QH AH", 0: "5H KH"}
    state = position(hearts, {**BIDS, 0: NIL}, "2H", "3H", "4H")
    assert decide(state) == Play(C("KH"))


def test_heuristic_nil_leads_the_card_likeliest_to_lose() -> None:
    state = position({1: "2H 9H 8D QC AS KS QS JS TS 9S 8S 7S 6S"}, {**BIDS, 1: NIL})
    assert decide(state) == Play(C("2H"))


def test_heuristic_nil_discards_her_most_dangerous_card() -> None:
    state = position({1: "2C", 2: "AH KD 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"}, {**BIDS, 2: NIL}, "2C")
    assert decide(state) == Play(C("AH"))


def test_heuristic_covers_her_partners_nil() -> None:
    # The partner (seat 0) plays after her: she plays high, leaving room under it.
    state = position({1: "3H 2H 4H", 2: "5H TH AH", 3: "6H 7H 8H 9H"}, {**BIDS, 0: NIL}, "3H")
    assert decide(state) == Play(C("AH"))
    # The nil bidder (seat 2) is winning the trick: she takes it off her, cheaply.
    hearts = {1: "3H 2H 6H 7H", 2: "9H", 3: "4H 8H JH QH AH", 0: "5H TH KH"}
    state = position(hearts, {**BIDS, 2: NIL}, "3H", "9H", "4H")
    assert decide(state) == Play(C("TH"))
    # Leading: her surest winner.
    state = position({1: "AC 2C 3C 2D 3D 4D 2H 3H 4H 5H 2S 3S 4S"}, {**BIDS, 3: NIL})
    assert decide(state) == Play(C("AC"))


def test_heuristic_leaves_a_covered_nil_alone() -> None:
    # An opponent already holds the trick with the ace: the partner is safe, so no cover.
    state = position({1: "AH 2H 4H 6H", 2: "3H 5H TH KH", 3: "7H 8H 9H"}, {**BIDS, 0: NIL}, "AH")
    assert decide(state) == Play(C("3H"))


def test_heuristic_sets_an_opponents_nil() -> None:
    # The nil bidder (seat 2) is winning: stay under her.
    state = position({1: "3H 2H 4H", 2: "9H", 3: "5H 8H KH"}, {**BIDS, 2: NIL}, "3H", "9H")
    assert decide(state) == Play(C("8H"))
    # The nil bidder (seat 3) plays after her: play low.
    state = position({1: "4H 3H 5H", 2: "2H 9H AH", 3: "6H 7H 8H"}, {**BIDS, 3: NIL}, "4H")
    assert decide(state) == Play(C("2H"))
    # Void in the suit led before her: no trump, a low card of another suit.
    void = {1: "4H 2H 3H 5H 6H 7H", 2: "5C 9C AD KD QD 2S 3S 4S 5S 6S 7S 8S 9S", 3: "8H 9H TH"}
    state = position(void, {**BIDS, 3: NIL}, "4H")
    assert decide(state) == Play(C("5C"))
    # Leading: the lowest card, in a suit she is not known to lack.
    state = position({1: "2D 3C AH KS 4C 5C 6C 7C 8C 9C TC JC QC"}, {**BIDS, 2: NIL})
    assert decide(state) == Play(C("2D"))


MADE = {
    1: "2C 4D 2H 3H 4H 6H 7H JH QH KH",
    2: "AC AD 5H",
    3: "3C 2D 9H",
    0: "4C 3D 8H TH AH",
}
TWO_TRICKS = ("2C", "AC", "3C", "4C", "AD", "2D", "3D", "4D", "5H", "9H")


def test_heuristic_ducks_once_its_contract_is_made() -> None:
    # Side 0 bid 1 + 1 and took the first two tricks: seat 0 plays under the nine.
    state = position(MADE, {**BIDS, 2: Bid(1), 0: Bid(1)}, *TWO_TRICKS)
    assert state.tricks_taken[0] + state.tricks_taken[2] == 2
    assert decide(state) == Play(C("8H"))


def test_heuristic_takes_tricks_while_its_contract_is_short() -> None:
    state = position(MADE, {**BIDS, 2: Bid(4), 0: Bid(4)}, *TWO_TRICKS)
    assert decide(state) == Play(C("AH"))


def test_heuristic_keeps_taking_when_a_set_is_in_reach() -> None:
    # Made, but the other side needs 10 of the last 11 tricks: one more sets them.
    state = position(MADE, {1: Bid(5), 2: Bid(1), 3: Bid(5), 0: Bid(1)}, *TWO_TRICKS)
    assert decide(state) == Play(C("AH"))


def test_heuristic_last_to_play_wins_as_cheaply_as_it_can() -> None:
    hearts = {1: "5H 3H 4H 6H", 2: "2H 7H 8H", 3: "9H JH QH", 0: "TH KH AH"}
    state = position(hearts, BIDS, "5H", "2H", "9H")
    assert decide(state) == Play(C("TH"))


def test_heuristic_saves_its_cards_when_the_partner_holds_the_trick() -> None:
    hearts = {1: "3H 2H 6H 7H", 2: "AH 8H 9H", 3: "4H TH JH QH", 0: "5H KH"}
    state = position(hearts, BIDS, "3H", "AH", "4H")
    assert decide(state) == Play(C("5H"))


def test_heuristic_leads_a_sure_winner() -> None:
    state = position({1: "AC 2C 3C 5D 4D 6H 2H 3H 4H 2S 3S 4S 5S"}, BIDS)
    assert decide(state) == Play(C("AC"))


# --- the bots under the joker decks ----------------------------------------------------------

JJA = Ruleset(deck=Deck.JOKER_JOKER_ACE)
JJDD = Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE)
TOP_SPADES = {  # the four highest spades of each deck, and nine low cards of other suits
    Deck.STANDARD: "AS KS QS JS",
    Deck.JOKER_JOKER_ACE: "BJ LJ AS KS",
    Deck.JOKER_JOKER_DEUCE_DEUCE: "BJ LJ 2D 2S",
}


@pytest.mark.parametrize("deck", list(Deck))
def test_heuristic_bids_the_top_spades_of_each_deck_as_sure_tricks(deck: Deck) -> None:
    """The jokers, and under Joker-Joker-Deuce-Deuce the 2♦ and 2♠, are its top spades.

    Rule: rule-decks.
    """
    hand = f"{TOP_SPADES[deck]} 4H 5H 6H 3D 4D 5C 6C 7C 8C"
    rules = Ruleset(deck=deck)
    assert bid_number(decide(start(rules, fill({1: hand}, deck)))) >= 4
    held = cards(hand)
    worth = likely_tricks(held, frozenset(deck.cards) - set(held), FOUR, deck=deck)
    assert worth >= 4 * FOUR.spade[0] + FOUR.base


def test_heuristic_counts_the_deuce_of_diamonds_as_a_spade_not_a_diamond() -> None:
    """Under Joker-Joker-Deuce-Deuce a hand whose only diamond is the 2♦ is void in
    diamonds, with one more spade to ruff them.

    Rule: rule-decks.
    """
    rest = "3S 4S 5S 6H 7H 8H 9H 6C 7C 8C 9C TC"
    held = cards(f"2D {rest}")
    unseen = frozenset(JJDD.deck.cards) - set(held)
    void = likely_tricks(held, unseen, FOUR, deck=JJDD.deck)
    plain = cards(f"3D {rest}")
    with_diamond = likely_tricks(
        plain, frozenset(JJDD.deck.cards) - set(plain), FOUR, deck=JJDD.deck
    )
    assert void - with_diamond >= FOUR.void + FOUR.spade[2]


def test_heuristic_discards_no_trump_on_its_partners_trick_under_jjdd() -> None:
    """Void in hearts behind her partner's ace, she throws a low club, not the 2♦ (a spade
    under Joker-Joker-Deuce-Deuce, above the 2♠) nor the little joker.

    Rule: rule-decks.
    """
    hands = {
        1: "AH KH QH 3S 4S 5S 6S 7S 8S 9S TS JS QS",
        2: "3H 4H 5H 6H 7H 8H 9H TH JH AC KC QC JC",
        3: "2D LJ 3C 4C 5C 3D 4D 5D 6D 7D 8D 9D TD",
    }
    state = position(hands, {1: Bid(5), 2: Bid(3), 3: Bid(5), 0: Bid(3)}, "AH", "3H", rules=JJDD)
    assert decide(state) == Play(C("3C"))


@pytest.mark.parametrize(("bid", "led"), [(0, "4H"), (5, "9C")], ids=["ducking", "taking"])
def test_heuristic_leads_no_top_spade_as_a_low_card_under_jjdd(bid: int, led: str) -> None:
    """Spades may be led at any time; leading low, to duck or to find her partner, she leads
    neither her 2♦ (a singleton diamond by its face, a spade above the 2♠ in the deck) nor
    the little joker.

    Rule: rule-decks.
    """
    rules = attrs.evolve(JJDD, nil=False, zero_contract=True, spades_lead=SpadesLead.ANY_TIME)
    hand = "2D LJ 4H 5H 6H 7H 9C TC JC 6S 7S 8S 9S"
    state = position({1: hand}, {1: Bid(bid), 2: Bid(3), 3: Bid(bid), 0: Bid(3)}, rules=rules)
    assert Play(C("2D")) in legal_moves(state)
    assert decide(state) == Play(C(led))


@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize("deck", list(Deck))
def test_the_bots_play_whole_games_under_every_deck(deck: Deck, players: int) -> None:
    """The heuristic, the fallback and random players: every move legal, the deck's cards
    played, and the heuristic beats random players.

    Rule: rule-decks.
    """
    rules = capped(Ruleset(deck=deck, players=players), 4)
    played: set[Card] = set()

    def on_move(before: State, move: Move, after: State) -> None:
        if isinstance(move, Play):
            played.add(move.card)

    mixes: list[Sequence[Policy]] = [
        [HEURISTIC] * players,
        [HEURISTIC, fallback_move, random_policy(1), fallback_move][:players],
    ]
    for seed, mix in enumerate(mixes):
        state = play_game(rules, mix, seed=seed, dealer=seed % players, on_move=on_move)
        assert state.is_over
    assert played <= set(deck.cards)
    assert played & set(JOKERS) if deck.jokers else not played & set(JOKERS)
    won = 0
    for seed in range(2):
        mix = [HEURISTIC if seat % 2 == 0 else random_policy(seed) for seat in range(players)]
        state = play_game(rules, mix, seed=seed)
        won += state.scores[0] > state.scores[1]
    assert won == 2


# --- the fallback move: source B's timeout rule ----------------------------------------------


def test_fallback_bids_one() -> None:
    assert fallback_move(new_game(CLASSIC, seed=1)) == Bid(1)
    assert fallback_move(mover_view(new_game(CLASSIC, seed=1))) == Bid(1)


def test_fallback_bids_what_a_team_minimum_leaves_missing() -> None:
    """Rule: rule-team-minimum."""
    state = apply(apply(new_game(MINIMUM, seed=1), Bid(1)), Bid(2))
    assert fallback_move(state) == Bid(3)
    state = apply(apply(new_game(MINIMUM, seed=1), Bid(4)), Bid(2))
    assert fallback_move(state) == Bid(1)


def test_fallback_looks_when_it_could_bid_blind_nil() -> None:
    state = new_game(BLIND_ANYTIME, seed=3)
    assert fallback_move(state) == Look()
    assert fallback_move(apply(state, Look())) == Bid(1)


ONE_SUIT_EACH = {
    1: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    2: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2S",
    3: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    0: "AD 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
}


def test_fallback_plays_the_lowest_legal_card_keeping_spades() -> None:
    state = position(ONE_SUIT_EACH, BIDS)
    expected = ["2C", "2D", "2H", "AD", "3C", "3D", "3H", "3S"]
    for text in expected:
        move = fallback_move(state)
        assert move == Play(C(text))
        state = apply(state, move)


@pytest.mark.parametrize(("top", "kept"), [("2S", True), ("TH", True), ("AC", True), ("9H", False)])
def test_fallback_keeps_spades_and_tens_or_higher_in_the_draw(top: str, kept: bool) -> None:
    state = new_game(TWO_HANDED, seed=0, dealer=0, deck=two_player_stock(top))
    assert BLIND in legal_moves(state)  # it never declares double nil
    assert fallback_move(state) == (Keep() if kept else Reject())


def test_fallback_exchanges_its_strongest_cards_spades_first() -> None:
    hands = {
        0: "AS 3S 2S AH KH 2H 4D 3D 2D 5C 4C 3C 2C",
        1: "KS QS JS QH JH TH AD KD QD AC KC QC JC",
    }
    state = keep_all(apply(two_player_start(hands), BLIND))
    assert fallback_move(state) == Exchange(cards("2S 3S AS"))
    two = attrs.evolve(TWO_HANDED, blind_nil_exchange=2)
    state = keep_all(apply(two_player_start(hands, rules=two), BLIND))
    assert fallback_move(state) == Exchange(cards("3S AS"))


def test_fallback_blind_nil_pass_strongest_then_weakest_back() -> None:
    state = passing()
    assert fallback_move(state) == Pass(cards("3S AS"))  # spades first, then by rank
    state = apply(state, fallback_move(state))
    assert fallback_move(state) == Pass(cards("3C 4D"))


def test_fallback_nil_pass_strongest_then_weakest_back() -> None:
    """Rule: rule-card-pass."""
    state = nil_passing(4)
    assert fallback_move(state) == Pass(cards("AS 3S 2S KH"))  # spades first, then by rank
    state = apply(state, fallback_move(state))
    assert fallback_move(state) == Pass(cards("3C 6C 4D 6H"))


def test_fallback_has_no_move_for_a_finished_game_or_a_seat_not_to_move() -> None:
    over = play_game(Ruleset(round_cap=1), [fallback_move] * 4, seed=1)
    assert over.is_over
    with pytest.raises(ValueError, match="game is over"):
        fallback_move(over)
    with pytest.raises(ValueError, match="not to move"):
        fallback_move(observe(new_game(CLASSIC, seed=1), 0))


@given(states(rules=rulesets()))
def test_fallback_moves_are_legal(state: State) -> None:
    if not state.is_over:
        assert fallback_move(state) in legal_moves(state)


# --- the random policy -----------------------------------------------------------------------


def test_random_policy_is_reproducible_from_its_seed() -> None:
    rules = capped(CLASSIC, 5)
    first = play_game(rules, [random_policy(seat) for seat in range(4)], seed=4)
    again = play_game(rules, [random_policy(seat) for seat in range(4)], seed=4)
    other = play_game(rules, [random_policy(seat + 10) for seat in range(4)], seed=4)
    assert first == again
    assert first != other


def test_random_policy_leaves_the_global_generator_alone() -> None:
    random.seed(12345)
    before = random.getstate()
    play_game(capped(TWO_HANDED, 3), [random_policy(1), random_policy(2)], seed=8)
    assert random.getstate() == before


def test_random_policy_uses_a_generator_it_is_given() -> None:
    rng = random.Random(6)
    state = random.Random(6).getstate()
    choose = random_policy(rng)
    choose(mover_view(new_game(CLASSIC, seed=1)))
    assert rng.getstate() != state
    assert random_policy(random.Random(6))(mover_view(new_game(CLASSIC, seed=1))) == (
        random_policy(6)(mover_view(new_game(CLASSIC, seed=1)))
    )


@given(states(rules=rulesets()), st.integers(0, 2**32))
def test_random_policy_moves_are_legal(state: State, seed: int) -> None:
    if not state.is_over:
        assert random_policy(seed)(mover_view(state)) in legal_moves(state)


# --- play_game -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_play_game_plays_whole_games_under_every_preset(name: str) -> None:
    rules = capped(PRESETS[name])
    mixes: list[Sequence[Policy]] = [
        [random_policy(1), fallback_move] * (rules.players // 2),
        [HEURISTIC, random_policy(2)] * (rules.players // 2),
    ]
    for players in mixes:
        state = play_game(rules, players, seed=21, dealer=rules.players - 1)
        assert state.is_over
        assert state.outcome is not None
        assert state.to_move is None


def test_play_game_rejects_a_wrong_number_of_policies() -> None:
    with pytest.raises(ValueError, match="4 players need 4 policies, not 2"):
        play_game(CLASSIC, [HEURISTIC, HEURISTIC], seed=1)
    with pytest.raises(ValueError, match="2 players need 2 policies, not 4"):
        play_game(TWO_HANDED, [HEURISTIC] * 4, seed=1)


def test_play_game_raises_for_an_illegal_move() -> None:
    def cheat(view: View) -> Move:
        return Bid(14)

    with pytest.raises(IllegalMoveError) as raised:
        play_game(CLASSIC, [cheat] * 4, seed=1)
    assert raised.value.reason is Reason.BID_OUT_OF_RANGE

    def foreign_card(view: View) -> Move:  # plays a card she does not hold
        if view.phase is not Phase.PLAYING:
            return fallback_move(view)
        return Play(next(card for card in DECK if card not in (view.hand or ())))

    with pytest.raises(IllegalMoveError) as raised:
        play_game(TWO_HANDED, [HEURISTIC, foreign_card], seed=1)
    assert raised.value.reason is Reason.CARD_NOT_IN_HAND
    assert raised.value.seat == 1


def test_play_game_calls_on_move_with_each_step() -> None:
    steps: list[tuple[State, Move, State]] = []
    rules = Ruleset(round_cap=2)
    final = play_game(
        rules,
        [HEURISTIC, fallback_move] * 2,
        seed=13,
        on_move=lambda before, move, after: steps.append((before, move, after)),
    )
    assert steps
    assert steps[0][0] == new_game(rules, seed=13)
    assert steps[-1][2] == final
    for (before, move, after), following in zip(steps, [*steps[1:], None], strict=True):
        assert after == apply(before, move, seat=before.to_move)
        if following is not None:
            assert following[0] == after


def test_play_game_shows_each_policy_only_its_own_seat() -> None:
    seen: list[tuple[int, int | None]] = []

    def watch(view: View) -> Move:
        seen.append((view.seat, view.to_move))
        return fallback_move(view)

    play_game(Ruleset(round_cap=1), [watch] * 4, seed=2)
    assert seen
    assert all(seat == to_move for seat, to_move in seen)
