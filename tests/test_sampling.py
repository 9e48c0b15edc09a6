"""`spades.sample_state`: a whole state that the view's seat cannot tell from the real one.

The tests know the sampler by its contract only. A sample is seen by the seat exactly as
the view says (``observe(sample, seat) == view``), gives the seat to move the same legal
moves, and is a legal position: reading it back from its data replays it move by move, and
play goes on from it to the end of the round. Nobody in it holds a card of a suit she
showed void in, and the seat's partner holds the cards the seat passed her. Its hidden
cards are uniform over the deals the view allows: a chi-square test against every such
deal, enumerated by brute force (`oracle.sampling`, which shares no code with the
sampler), checked itself on samplers known to be uniform and biased. The seed is fresh,
``rng`` its only randomness, and the view its only input.

Positions: every decision of a round of random games, for every seat, under every preset
and random rulesets of both player counts (the blind nil pass and the double nil exchange
included); late positions found by seeded searches for the chi-square tests; and built
positions for the named cases.
"""

from __future__ import annotations

import random
from itertools import count
from math import comb
from typing import TYPE_CHECKING, Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import oracle
from helpers import (
    BLIND,
    BLIND_ANYTIME,
    BLIND_NUMBERS,
    OPEN_BLIND_NIL,
    OPEN_DOUBLE_NIL,
    PASSING_RULES,
    C,
    bid_all,
    blind_nil_rulesets,
    passing_state,
    passing_states,
    plain,
    start,
    swapped,
    unseen_state,
)
from helpers import play as play_cards
from oracle import sampling
from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Bid,
    Card,
    InvalidRecordError,
    Keep,
    Look,
    Pass,
    Phase,
    Ruleset,
    SpadesError,
    SpadesLead,
    State,
    Suit,
    Trick,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
    records,
    sample_state,
)
from spades.strategies import rulesets, states

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from oracle.sampling import Deal

SEEDS = st.integers(0, 2**32 - 1)
# A round checked at every decision, for every seat, costs some 0.1 s: these tests run a
# sixth of the profile's examples (each preset, and each player count, is a test of its own).
FEW = settings(max_examples=max(5, settings().max_examples // 6))

FOUR_RULES = st.one_of(rulesets(players=4), blind_nil_rulesets(), OPEN_BLIND_NIL, PASSING_RULES)
TWO_RULES = st.one_of(rulesets(players=2), OPEN_DOUBLE_NIL)

PLAIN = {Card.parse(text): index for index, text in enumerate(oracle.CARD_NAMES)}
"""Each card's number in the tests' reference (`oracle`), the jokers included (rule-decks)."""
CARD = {index: card for card, index in PLAIN.items()}


def plain_hand(state: State, seat: int) -> frozenset[int]:
    return frozenset(PLAIN[card] for card in state.hand(seat))


def deal_in(state: State, view: dict[str, Any]) -> Deal:
    """The hidden hands of ``state``, as `oracle.sampling` lists them for ``view``."""
    return tuple(plain_hand(state, seat) for seat in sampling.hidden_seats(view))


def draw(view: View, k: int) -> State:
    return sample_state(view, rng=random.Random(k))


# --- a sample is a legal position the seat cannot tell from the real one ------------------


def deck_of(state: State) -> list[Card]:
    """The 52 cards of ``state``'s deck in the library's order, by the reference (rule-decks)."""
    return [CARD[index] for index in oracle.deck_cards(state.rules.deck.value)]


def check_every_card_once(state: State) -> None:
    placed = [card for hand in state.hands for card in hand]
    placed += [*state.stock, *state.discards, *state.trick]
    placed += [card for trick in state.tricks for card in trick.cards]
    assert sorted(placed) == deck_of(state)


def check_draw_history(state: State) -> None:
    """Two players: the draw turns, the exchanges and the plays account for the hands.

    For samples with an exchange, whose drawn cards the (fresh) seed would not draw, so
    that reading the sample back from its data cannot replay it: the turns alternate from
    the dealer and hold, with the stock, every card once; each exchange gives up cards
    its seat then held and draws as many from the discards as they then were; the
    discards are what the rules make of them; each play follows suit and leads a spade
    only when allowed, from the hand its seat then held.
    """
    dealer = state.dealer
    assert [turn.seat for turn in state.draws] == [
        (dealer + index) % 2 for index in range(len(state.draws))
    ]
    hands: list[set[Card]] = [set(), set()]
    discards: list[Card] = []
    for turn in state.draws:
        assert turn.kept is not None
        assert turn.discarded is not None
        hands[turn.seat].add(turn.kept)
        discards.append(turn.discarded)
    assert sorted([*hands[0], *hands[1], *discards, *state.stock]) == deck_of(state)
    for exchange in state.exchanges:
        given, drawn = exchange.given or (), exchange.drawn or ()
        assert len(given) == len(drawn) == exchange.size
        assert set(given) <= hands[exchange.seat]
        assert set(drawn) <= set(discards)
        hands[exchange.seat] = hands[exchange.seat] - set(given) | set(drawn)
        discards = [card for card in discards if card not in drawn] + sorted(given)
    assert tuple(discards) == state.discards
    broken = False
    tricks = [(trick.leader, trick.cards) for trick in state.tricks]
    if state.trick:
        assert state.trick_leader is not None
        tricks.append((state.trick_leader, state.trick))
    for number, (leader, cards) in enumerate(tricks):
        for offset, card in enumerate(cards):
            seat = (leader + offset) % 2
            problem = oracle.play_problem(
                [PLAIN[held] for held in hands[seat]],
                [PLAIN[earlier] for earlier in cards[:offset]],
                PLAIN[card],
                broken=broken,
                lead=state.rules.spades_lead.value,
                tricks_played=number,
                deck=state.rules.deck.value,
            )
            assert problem is None, (seat, card, problem)
            hands[seat].remove(card)
            broken = (
                broken or oracle.suit(PLAIN[card], deck=state.rules.deck.value) == oracle.SPADES
            )
    assert [frozenset(hand) for hand in hands] == [frozenset(hand) for hand in state.hands]


def check_legal_position(state: State) -> None:
    """``state`` is a position legal play reaches (in its round, from its seed's history)."""
    check_every_card_once(state)
    if state.rules.players == 2:
        check_draw_history(state)
    if not any(exchange.size for exchange in state.exchanges):
        # Reading a state rebuilds its round's start, replays every move through `apply`
        # and accepts the data only if the replay arrives at exactly that state.
        assert records.from_data(records.to_data(state), State) == state


def play_out(state: State, seed: int) -> None:
    """Random legal moves from ``state`` to the end of its round, or of the game."""
    rng = random.Random(seed)
    ended = state.is_over
    number, rounds = state.round_number, len(state.rounds)
    while not state.is_over and state.round_number == number:
        state = apply(state, rng.choice(legal_moves(state)))
    assert len(state.rounds) == rounds + (0 if ended else 1)


def check_sample(state: State, seat: int, k: int, *, deep: bool) -> State:
    """Sample ``seat``'s view of ``state`` with ``Random(k)`` and check the sample."""
    view = observe(state, seat)
    sampled = draw(view, k)
    assert isinstance(sampled, State)
    assert observe(sampled, seat) == view
    if view.to_move == seat:
        assert legal_moves(sampled) == view.legal_moves()
    data = plain(view)
    voids = sampling.voids(data)
    deck = state.rules.deck.value
    for other in range(state.rules.players):
        for held in (state, sampled):  # the real state too: the voids are derived right
            suits = {oracle.suit(card, deck=deck) for card in plain_hand(held, other)}
            assert not suits & voids[other], (other, voids[other], held.hand(other))
    for other, cards in sampling.known_cards(data).items():
        assert cards <= plain_hand(state, other)
        assert cards <= plain_hand(sampled, other)
    if deep:
        check_legal_position(sampled)
        play_out(sampled, k)
    return sampled


@attrs.frozen
class Walk:
    """One round of a random game, the first or the second of the game: every position of
    it (its first, one after each move, and the next round's start or the end of the
    game), uniformly random legal moves chosen by ``Random(policy)``."""

    rules: Ruleset
    seed: int
    dealer: int
    policy: int
    round_number: int

    def positions(self) -> list[State]:
        state = new_game(self.rules, seed=self.seed, dealer=self.dealer)
        rng = random.Random(self.policy)
        while not state.is_over and state.round_number < self.round_number:
            state = apply(state, rng.choice(legal_moves(state)))
        found = [state]
        while not state.is_over and state.round_number == found[0].round_number:
            state = apply(state, rng.choice(legal_moves(state)))
            found.append(state)
        return found


@st.composite
def walks(draw: st.DrawFn, rules: st.SearchStrategy[Ruleset]) -> Walk:
    ruleset = draw(rules)
    dealer = draw(st.integers(0, ruleset.players - 1))
    return Walk(ruleset, draw(SEEDS), dealer, draw(SEEDS), draw(st.integers(1, 2)))


def check_round(walk: Walk) -> None:
    """Every seat's view of every position sampled and checked; at each position one seat's
    sample (in turn) also read back from its data and played out."""
    for index, state in enumerate(walk.positions()):
        players = state.rules.players
        for seat in range(players):
            k = index * players + seat
            try:
                check_sample(state, seat, k, deep=seat == index % players)
            except AssertionError as error:
                where = f"position {index} of {walk}, seat {seat}, Random({k})"
                raise AssertionError(f"{error}\n{where}") from error


@pytest.mark.slow
@FEW
@pytest.mark.parametrize("name", sorted(PRESETS))
@given(data=st.data())
def test_samples_are_legal_positions_the_seat_cannot_tell_apart_under_the_presets(
    name: str, data: st.DataObject
) -> None:
    """Rules: ref-views, rule-follow-suit, rule-spades-broken."""
    check_round(data.draw(walks(st.just(PRESETS[name]))))


@pytest.mark.slow
@FEW
@given(walks(FOUR_RULES))
def test_samples_are_legal_positions_under_random_four_player_rulesets(walk: Walk) -> None:
    """Rules: ref-views, rule-follow-suit, rule-spades-broken, rule-card-pass."""
    check_round(walk)


@pytest.mark.slow
@FEW
@given(walks(TWO_RULES))
def test_samples_are_legal_positions_under_random_two_player_rulesets(walk: Walk) -> None:
    """Rules: ref-views, rule-two-play, rule-draw, rule-exchange."""
    check_round(walk)


@given(states(rules=st.one_of(FOUR_RULES, TWO_RULES), max_moves=300), SEEDS)
def test_samples_of_any_reachable_position_are_legal(state: State, k: int) -> None:
    """Rule: ref-views."""
    for seat in range(state.rules.players):
        check_sample(state, seat, k + seat, deep=True)


@given(states(rules=FOUR_RULES, max_moves=8, phases={Phase.BIDDING}), SEEDS)
def test_samples_of_the_first_rounds_bids_are_legal(state: State, k: int) -> None:
    """Partners' bids made: a team minimum's second bidder sees her hand, blind nil closed.

    Rules: ref-views, rule-team-minimum.
    """
    for seat in range(4):
        check_sample(state, seat, k + seat, deep=True)


# --- the distribution: uniform over the deals the view allows -----------------------------
#
# `oracle.sampling.deals` enumerates every deal of the cards the seat cannot place to the
# hands she does not see that the view allows: each hand as large as the view says, none
# holding a suit its seat showed void in, the seat's partner holding the cards the seat
# passed her, and with two players the other's hand (the rest being her discards) holding
# at most as many of the seat's discards as her exchange drew. Samples are counted by deal
# and Pearson's statistic compared with its critical value at p = 0.001 (Wilson-Hilferty:
# see `oracle.sampling.critical_value`). The seeds are fixed, so each test gives the same
# answer every run: a uniform sampler fails one with probability 0.001 per seed, once.


@attrs.frozen
class Search:
    """What a late position to look for looks like."""

    name: str
    rules: Ruleset
    tricks: int
    """Completed tricks."""
    cards: int = 0
    """Cards of the trick in progress."""
    offset: int = 0
    """The seat whose view is sampled: this many seats after the seat to move."""
    least: int = 20
    """The fewest deals allowed."""
    most: int = 400
    """The most deals allowed (the samples are about ten times as many)."""
    exchange: bool | None = None
    """Two players: the other player exchanged cards (True), did not (False)."""
    passed: bool = False
    """Four players: cards the seat's side passed are known to be in a hidden hand."""


SEARCHES = [
    Search("classic-after-11", CLASSIC, tricks=11, offset=0),
    Search("classic-after-10-other-seat", CLASSIC, tricks=10, offset=2, most=700),
    Search("miniokey-in-trick-11", MINIOKEY, tricks=10, cards=2, offset=0),
    Search("miniokey-in-trick-12-leader", MINIOKEY, tricks=11, cards=1, offset=3),
    Search("blind-nil-pass", BLIND_ANYTIME, tricks=10, offset=1, most=700, passed=True),
    Search("two-handed-after-11", TWO_HANDED, tricks=11, exchange=False),
    Search("two-handed-in-trick-12", TWO_HANDED, tricks=11, cards=1, least=8, exchange=False),
    Search("two-handed-after-their-exchange", TWO_HANDED, tricks=11, offset=1, exchange=True),
]


def unconstrained(view: dict[str, Any]) -> int:
    """How many deals the hand sizes and known cards alone allow (no voids)."""
    sizes = view["hand_sizes"]
    known = sampling.known_cards(view)
    seats = sampling.hidden_seats(view)
    free = len(sampling.unseen(view))
    if view["rules"]["players"] == 2:
        pool, _ = sampling.exchange_pool(view)
        return comb(free + len(pool), sizes[seats[0]])
    total = 1
    for seat in seats:
        need = sizes[seat] - len(known.get(seat, ()))
        total *= comb(free, need)
        free -= need
    return total


def found(search: Search, state: State, seat: int) -> list[Deal] | None:
    """The deals the view allows, if the position is one ``search`` looks for."""
    view = plain(observe(state, seat))
    if search.passed and not sampling.known_cards(view):
        return None
    if search.exchange is not None:
        pool, drawn = sampling.exchange_pool(view)
        if search.exchange != bool(drawn >= 2 and pool) or (not search.exchange and drawn):
            return None  # she exchanged, or not, as asked: without, she drew none
    cells = sampling.deals(view)
    if not search.least <= len(cells) <= search.most or len(cells) == unconstrained(view):
        return None  # too few or too many deals, or no void that rules some out
    return cells


def late_position(search: Search) -> tuple[State, int, list[Deal]]:
    """The first position of seeded random play that ``search`` describes."""
    players = search.rules.players
    for seed in count():
        assert seed < 2000, f"no position for {search.name}"
        rng = random.Random(seed)
        state = new_game(search.rules, seed=seed)
        while not (
            state.phase is Phase.PLAYING
            and len(state.tricks) == search.tricks
            and len(state.trick) == search.cards
        ):
            state = apply(state, rng.choice(legal_moves(state)))
        assert state.to_move is not None
        seat = (state.to_move + search.offset) % players
        cells = found(search, state, seat)
        if cells is not None:
            return state, seat, cells
    raise AssertionError("unreachable")


def samples_of(view: View, size: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    data = plain(view)
    return [deal_in(sample_state(view, rng=rng), data) for _ in range(size)]


def sample_size(cells: Sequence[Deal]) -> int:
    """Enough samples that every deal is expected ten times (at least 2000)."""
    return max(2000, 10 * len(cells))


@pytest.mark.slow
@pytest.mark.parametrize("search", SEARCHES, ids=[search.name for search in SEARCHES])
def test_samples_are_uniform_over_the_deals_the_view_allows(search: Search) -> None:
    """Rules: ref-views, rule-follow-suit, rule-card-pass, rule-exchange."""
    state, seat, cells = late_position(search)
    view = observe(state, seat)
    assert deal_in(state, plain(view)) in cells  # the real deal is one of them
    samples = samples_of(view, sample_size(cells), seed=len(cells))
    weights = [sampling.weight(plain(view), cell) for cell in cells]
    statistic, df = sampling.chi_square(samples, cells, weights)  # every one an allowed deal
    assert statistic <= sampling.critical_value(df), (
        f"{search.name}: chi-square {statistic:.1f} on {df} degrees of freedom, critical "
        f"{sampling.critical_value(df):.1f}; most and least frequent deals: "
        f"{_extremes(samples, cells)}"
    )


def _extremes(samples: Sequence[Deal], cells: Sequence[Deal]) -> str:
    tally = dict.fromkeys(cells, 0)
    for sample in samples:
        tally[sample] += 1
    ordered = sorted(tally.items(), key=lambda item: item[1])

    def show(deal: Deal) -> str:
        return " | ".join(" ".join(oracle.names(sorted(hand))) for hand in deal)

    return f"{show(ordered[-1][0])}: {ordered[-1][1]}, {show(ordered[0][0])}: {ordered[0][1]}"


def uniform_sampler(cells: Sequence[Deal]) -> Callable[[random.Random], Deal]:
    """A sampler known to be uniform: one of the allowed deals, chosen by ``rng``."""
    return lambda rng: rng.choice(cells)


def first_card_sampler(cells: Sequence[Deal]) -> Callable[[random.Random], Deal]:
    """A biased sampler: the first card whose place the view leaves open always goes to
    the first hidden hand that may hold it; the rest of the deal is uniform."""
    for card in sorted({card for deal in cells for hand in deal for card in hand}):
        for index in range(len(cells[0])):
            favoured = [deal for deal in cells if card in deal[index]]
            if 0 < len(favoured) < len(cells):
                return lambda rng: rng.choice(favoured)
    raise AssertionError("the view leaves no card's place open")


def test_critical_values_follow_the_chi_square_table() -> None:
    # Upper 0.001 points of the chi-square distribution (any table): the approximation
    # errs high (lenient), by 3 % at 1 degree of freedom, under 1 % from 10 on and under
    # 0.1 % from 50 on.
    table = {1: 10.828, 2: 13.816, 5: 20.515, 10: 29.588, 50: 86.661, 100: 149.449, 500: 603.446}
    for df, exact in table.items():
        approximate = sampling.critical_value(df)
        assert exact <= approximate <= exact * (1.04 if df < 10 else 1.01 if df < 50 else 1.001)


@pytest.mark.parametrize("search", SEARCHES, ids=[search.name for search in SEARCHES])
def test_the_chi_square_check_accepts_uniform_samples_and_rejects_biased_ones(
    search: Search,
) -> None:
    # The check above, fed samplers whose distribution is known: it passes one that is
    # uniform and fails one that favours a card's place, with as many samples, so that it
    # can tell the sampler's bias where there is one.
    _, _, cells = late_position(search)
    size = sample_size(cells)

    def run(sampler: Callable[[random.Random], Deal]) -> bool:
        rng = random.Random(len(cells))
        return sampling.fits_uniform([sampler(rng) for _ in range(size)], cells)

    assert run(uniform_sampler(cells))
    assert not run(first_card_sampler(cells))


def test_two_players_the_stock_below_the_top_is_in_uniform_order() -> None:
    """Rules: rule-draw, rule-stock."""
    # Before any draw the seat not to draw has seen nothing: the sampled stock's top card
    # is any of the 52, equally often. In the draw, for the seat to draw, the top card is
    # the one she sees and the next any card she has not seen.
    state = new_game(TWO_HANDED, seed=3)
    for seat, position in ((1, 0), (0, 1)):
        view = observe(state, seat)
        rng = random.Random(seat)
        cells = [(frozenset({card}),) for card in sorted(sampling.unseen(plain(view)))]
        assert len(cells) == 52 - position
        samples = [
            (frozenset({PLAIN[sample_state(view, rng=rng).stock[position]]}),)
            for _ in range(40 * len(cells))
        ]
        assert sampling.fits_uniform(samples, cells)
    for _ in range(9):
        state = apply(state, Keep())
    view = observe(state, state.to_move or 0)
    cells = [(frozenset({card}),) for card in sorted(sampling.unseen(plain(view)))]
    rng = random.Random(9)
    samples = [
        (frozenset({PLAIN[sample_state(view, rng=rng).stock[1]]}),) for _ in range(40 * len(cells))
    ]
    assert sampling.fits_uniform(samples, cells)


def test_a_face_down_hand_is_dealt_uniformly_too() -> None:
    """Rules: ref-views, rule-blind-nil."""
    # Seat 1 may bid blind nil and has not looked: she has seen no card, so the ace of
    # spades is in each hand a quarter of the time, hers included.
    state = unseen_state()
    view = observe(state, 1)
    assert view.hand is None
    rng = random.Random(1)
    ace = C("AS")
    cells = [(frozenset({seat}),) for seat in range(4)]
    samples = []
    for _ in range(2000):
        sampled = sample_state(view, rng=rng)
        (holder,) = (seat for seat in range(4) if ace in sampled.hand(seat))
        samples.append((frozenset({holder}),))
    assert sampling.fits_uniform(samples, cells)


# --- named cases ----------------------------------------------------------------------------


def test_the_sampled_seed_is_fresh() -> None:
    """Rule: ref-views."""
    # Not the game's (which the view hides), and another with each sample.
    for rules in (CLASSIC, TWO_HANDED):
        state = new_game(rules, seed=12345)
        for seat in range(rules.players):
            seeds = {draw(observe(state, seat), k).seed for k in range(20)}
            assert state.seed not in seeds
            assert len(seeds) == 20


def test_the_same_rng_seed_gives_the_same_sample() -> None:
    state = apply(new_game(MINIOKEY, seed=8), Bid(3))
    for seat in range(4):
        view = observe(state, seat)
        assert draw(view, 4) == draw(view, 4)
        assert draw(view, 4) != draw(view, 5)
        rng = random.Random(4)
        first, second = sample_state(view, rng=rng), sample_state(view, rng=rng)
        assert first == draw(view, 4)
        assert second != first  # it drew from ``rng``, which moved on


def test_the_global_random_state_is_untouched() -> None:
    views = [
        observe(state, seat)
        for state in (new_game(CLASSIC, seed=1), new_game(TWO_HANDED, seed=1), unseen_state())
        for seat in range(state.rules.players)
    ]
    random.seed(2024)
    before = random.getstate()
    samples = [draw(view, 7) for view in views]
    assert random.getstate() == before
    random.seed(99)  # another global state: the same samples
    assert [draw(view, 7) for view in views] == samples


def test_a_face_down_hand_is_sampled_too() -> None:
    """Rules: ref-views, rule-blind-nil."""
    state = unseen_state()
    assert state.to_move == 1
    view = observe(state, 1)
    assert view.hand is None
    assert view.legal_moves() == (BLIND, Look())
    hands = set()
    for k in range(30):
        sampled = check_sample(state, 1, k, deep=True)
        assert len(sampled.hand(1)) == 13
        assert observe(sampled, 1).hand is None
        hands.add(sampled.hand(1))
    assert len(hands) == 30  # her own hand is drawn anew each time, not the real one kept
    assert state.hand(1) not in hands


# Seat 1 leads the first trick (CLASSIC, dealer 0).
VOID_DEAL = {
    1: "2C 3C 4C 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    2: "5C 6C 7C 8C QD KD AD 2H 3H 4H 5H 6H 7H",
    3: "8H 9H TH JH QH KH AH 2S 3S 4S 5S 6S 7S",
    0: "9C TC JC QC KC AC 8S 9S TS JS QS KS AS",
}


def test_a_seat_that_did_not_follow_suit_is_sampled_without_that_suit() -> None:
    """Rule: rule-follow-suit."""
    # Seat 3 plays a heart to the club lead: she has no club. Seat 2 sees the seven clubs
    # left, 3C 4C with seat 1 and TC to AC with seat 0, go to seats 1 and 0 in any split.
    state = bid_all(start(CLASSIC, VOID_DEAL))
    state = play_cards(state, "2C", "5C", "8H", "9C")
    assert state.to_move == 0
    view = observe(state, 2)
    assert sampling.voids(plain(view))[3] == {0}
    clubs = {card for card in DECK if card.suit is C("2C").suit} - set(view.hand or ())
    clubs -= {card for trick in view.tricks for card in trick.cards}
    assert len(clubs) == 7
    holders = {0: 0, 1: 0}
    for k in range(200):
        sampled = check_sample(state, 2, k, deep=k < 20)
        assert not clubs & set(sampled.hand(3))
        assert clubs <= set(sampled.hand(0)) | set(sampled.hand(1))
        holders[0] += len(clubs & set(sampled.hand(0)))
        holders[1] += len(clubs & set(sampled.hand(1)))
    assert holders[0] > 0
    assert holders[1] > 0


# Seat 1 wins four club tricks and then holds only spades.
SPADES_DEAL = {
    1: "JC QC KC AC 2S 3S 4S 5S 6S 7S 8S 9S TS",
    2: "2C 3C 4C JS QS 2D 3D 4D 5D 6D 7D 8D 9D",
    3: "5C 6C 7C KS TD JD QD KD AD 2H 3H 4H 5H",
    0: "8C 9C TC AS 6H 7H 8H 9H TH JH QH KH AH",
}


def test_a_seat_that_led_a_spade_before_spades_were_broken_is_sampled_with_spades_only() -> None:
    """Rule: rule-spades-broken."""
    state = bid_all(start(CLASSIC, SPADES_DEAL))
    state = play_cards(state, "AC", "2C", "5C", "8C", "KC", "3C", "6C", "9C")
    state = play_cards(state, "QC", "4C", "7C", "TC", "JC", "2D", "2H", "6H")
    assert not state.spades_broken
    state = play_cards(state, "2S")  # seat 1 leads a spade from a hand of spades only
    assert state.to_move == 2
    view = observe(state, 2)
    assert sampling.voids(plain(view))[1] == {0, 1, 2}
    hands = set()
    for k in range(200):
        sampled = check_sample(state, 2, k, deep=k < 20)
        held = sampled.hand(1)
        assert len(held) == 8
        assert all(card.suit is C("2S").suit for card in held)
        hands.add(held)
    assert len(hands) > 10  # eight of the ten spades seat 2 cannot place, in any choice


# Seat 1 leads first (dealer 0) and holds nothing but spades.
ALL_SPADES_LEADER = {
    1: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    2: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    3: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    0: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
}
# Seat 1 wins the first trick with AC (AC 2C 2D 2H), then holds nothing but spades.
SPADES_AFTER_ONE_TRICK = {
    1: "AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    2: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AS",
    3: "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    0: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
}


def spade_lead_samples(state: State, shows: bool) -> None:
    """Seat 1 has just led a spade, holding only spades: her void in the other suits shows
    to seat 2 (``shows``) when no hand with another suit could have led it; then every
    sample gives her spades alone, else some sample gives her another suit."""
    assert state.to_move == 2
    assert state.trick[0].suit is Suit.SPADES
    view = observe(state, 2)
    assert sampling.voids(plain(view))[1] == ({0, 1, 2} if shows else set())
    mixed = 0
    for k in range(40):
        sampled = check_sample(state, 2, k, deep=k < 3)
        mixed += any(card.suit is not Suit.SPADES for card in sampled.hand(1))
    assert (mixed == 0) is shows


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
def test_a_spade_led_to_the_first_trick_shows_spades_only_unless_led_any_time(
    lead: SpadesLead,
) -> None:
    """Rules: rule-spades-broken, reading-spades-lead.

    Under ``BROKEN`` and ``AFTER_FIRST_TRICK`` only a hand of spades leads one to the
    round's first trick, so the sampler gives seat 1 spades alone; under ``ANY_TIME`` any
    hand may, and the lead tells nothing.
    """
    state = bid_all(start(Ruleset(spades_lead=lead), ALL_SPADES_LEADER))
    state = play_cards(state, "2S")
    spade_lead_samples(state, shows=lead is not SpadesLead.ANY_TIME)


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
def test_a_spade_led_to_the_second_trick_shows_spades_only_only_when_broken_is_awaited(
    lead: SpadesLead,
) -> None:
    """Rules: rule-spades-broken, reading-spades-lead.

    One trick completed and no spade played: under ``AFTER_FIRST_TRICK`` (and
    ``ANY_TIME``) any hand may lead a spade now, so the lead tells nothing; under
    ``BROKEN`` it still shows a hand of spades alone.
    """
    state = bid_all(start(Ruleset(spades_lead=lead), SPADES_AFTER_ONE_TRICK))
    state = play_cards(state, "AC", "2C", "2D", "2H", "2S")
    assert len(state.tricks) == 1
    spade_lead_samples(state, shows=lead is SpadesLead.BROKEN)


def test_the_partner_holds_the_cards_the_seat_passed_her() -> None:
    """Rules: rule-card-pass, ref-views."""
    state = passing_state()  # seat 1 bid blind nil; she passes two cards to seat 3
    given = state.hand(1)[:2]
    state = apply(state, Pass(given))
    for k in range(50):
        assert set(given) <= set(check_sample(state, 1, k, deep=k < 10).hand(3))
    # Seat 3 passes back one of them and one of her own: seat 1 knows where all four are.
    back = (given[0], next(card for card in state.hand(3) if card not in given))
    state = apply(state, Pass(sorted(back)))
    assert state.phase is Phase.PLAYING
    for k in range(50):
        for seat, mate, kept in ((1, 3, {given[1]}), (3, 1, set(back))):
            sampled = check_sample(state, seat, k, deep=k < 10)
            assert kept <= set(sampled.hand(mate))
        # The other side sees that the passes were made, not their cards: the sample
        # makes up passes that fit its hands (check_sample reads it back, replaying them).
        sampled = check_sample(state, 0, k, deep=True)
        assert [entry.seat for entry in sampled.passes] == [1, 3]
        assert all(len(entry.cards or ()) == 2 for entry in sampled.passes)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_hidden_passes_are_made_up_with_each_sides_count(count: int) -> None:
    """Seat 1 bids nil and passes ``count`` cards, seat 2 blind nil and passes 5 - ``count``:
    each seat sees her own side's passes and only the sizes of the other's, and every
    sample makes up the other side's passes with their sizes, from the cards their
    receivers then held.

    Rules: rule-card-pass, ref-views.
    """
    rules = Ruleset(
        blind_nil=True, blind_nil_deficit=None, nil_pass=count, blind_nil_pass=5 - count
    )
    state = new_game(rules, seed=count)
    for move in (Look(), Bid(0), BLIND, Look(), Bid(3), Look(), Bid(3)):
        state = apply(state, move)
    sizes = [(1, count), (3, count), (2, 5 - count), (0, 5 - count)]
    for made in range(5):
        for seat in range(4):
            for k in range(3):
                sampled = check_sample(state, seat, k, deep=k == 0)
                assert [(e.seat, len(e.cards or ())) for e in sampled.passes] == sizes[:made]
        if made < 4:
            state = apply(state, legal_moves(state)[made * 7 % len(legal_moves(state))])
    assert state.phase is Phase.PLAYING


@settings(max_examples=max(10, settings().max_examples // 3))
@given(passing_states(), SEEDS)
def test_samples_of_passing_positions_are_legal(state: State, k: int) -> None:
    """Some passes made, of a nil's count or a blind nil's, the next one due.

    Rules: rule-card-pass, ref-views.
    """
    for seat in range(4):
        sampled = check_sample(state, seat, k + seat, deep=True)
        assert [len(e.cards or ()) for e in sampled.passes] == [
            len(e.cards or ()) for e in state.passes
        ]


def test_two_players_the_top_card_shown_to_the_drawer_tops_the_sampled_stock() -> None:
    """Rules: rule-draw, rule-stock, ref-views."""
    state = new_game(TWO_HANDED, seed=5)
    rng = random.Random(5)
    for turn in range(20):
        seat = state.to_move
        assert seat is not None
        view = observe(state, seat)
        assert view.top_card is not None
        below = set()
        for k in range(10):
            sampled = check_sample(state, seat, 100 * turn + k, deep=k == 0)
            assert sampled.stock[0] == view.top_card
            below.add(sampled.stock[1:])
        assert len(below) == 10
        state = apply(state, rng.choice(legal_moves(state)))


def test_two_players_her_exchange_may_have_drawn_the_seats_discards() -> None:
    """Rules: rule-exchange, ref-views."""
    # Seat 0 declares double nil and exchanges three cards; seat 1 never sees which. The
    # cards seat 1 discarded lay in the discards then: seat 0's hand may hold some of them.
    state = apply(new_game(TWO_HANDED, seed=21), BLIND)
    while state.phase is Phase.DRAWING:
        state = apply(state, Keep())
    state = apply(state, legal_moves(state)[-1])  # she gives up three cards
    assert state.exchanges[0].size == 3
    view = observe(state, 1)
    mine = {turn.discarded for turn in view.draws if turn.discarded is not None}
    assert len(mine) == 13
    taken = [len(mine & set(check_sample(state, 1, k, deep=k < 10).hand(0))) for k in range(300)]
    assert max(taken) <= 3
    # Of the 26 discards she drew 3 at random, 13 of them seat 1's: most samples hold one.
    assert sum(1 for number in taken if number) > 150


def test_a_finished_game_is_sampled_as_it_ended() -> None:
    """Rule: ref-views."""
    state = new_game(Ruleset(round_cap=1), seed=11)
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    for seat in range(4):
        sampled = check_sample(state, seat, seat, deep=True)
        assert sampled.is_over
        assert sampled.hands == ((), (), (), ())


def test_sample_state_takes_a_view_and_a_random_random() -> None:
    state = new_game(CLASSIC, seed=1)
    view = observe(state, 0)
    with pytest.raises(TypeError):
        sample_state(state, rng=random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        sample_state(plain(view), rng=random.Random(1))  # type: ignore[arg-type]
    for wrong in (None, 1, "1", random, random.Random):
        with pytest.raises(TypeError):
            sample_state(view, rng=wrong)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        sample_state(view, random.Random(1))  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        sample_state(view)  # type: ignore[call-arg]


# --- the view is the sampler's only input -----------------------------------------------


@given(
    states(rules=st.one_of(FOUR_RULES, TWO_RULES, st.sampled_from(list(PRESETS.values())))),
    st.data(),
)
def test_states_that_give_the_same_view_give_the_same_samples(
    state: State, data: st.DataObject
) -> None:
    """Rule: ref-views."""
    # Two cards the seat cannot place, swapped through the whole state (and a new seed,
    # unless an exchange drew by the seed): another state, legal too, with the same view.
    seat = data.draw(st.integers(0, state.rules.players - 1))
    view = observe(state, seat)
    hidden = sorted(CARD[card] for card in sampling.unseen(plain(view)))
    assume(len(hidden) >= 2)
    reseed = None if any(entry.size for entry in state.exchanges) else data.draw(SEEDS)
    pairs = data.draw(st.permutations(hidden))
    twin = None
    for first, second in zip(pairs[::2], pairs[1::2], strict=False):
        twin = swapped(state, first, second, reseed)
        if twin is not None and twin != state:
            break
    assume(twin is not None and twin != state)
    assert twin is not None
    twin_view = observe(twin, seat)
    assert twin_view == view
    for k in range(3):
        assert sample_state(twin_view, rng=random.Random(k)) == draw(view, k)


def _view_after_tricks(rules: Ruleset, tricks: int) -> View:
    """Seat 0's view of seeded random play after ``tricks`` completed tricks."""
    rng = random.Random(4)
    state = new_game(rules, seed=4)
    while not (state.phase is Phase.PLAYING and len(state.tricks) == tricks and not state.trick):
        state = apply(state, rng.choice(legal_moves(state)))
    return observe(state, 0)


def _void_everywhere(view: View) -> View:
    """``view`` with its completed tricks made again from the same cards, so that seat 1
    has failed to follow each suit led: she holds cards, but none of any suit."""
    players = view.rules.players
    cards = sorted(card for trick in view.tricks for card in trick.cards)
    firsts = []
    for led in Suit:
        lead = next(card for card in cards if card.suit is led)
        off = next(card for card in cards if card.suit is not led and card != lead)
        cards.remove(lead)
        cards.remove(off)
        firsts.append((lead, off))
    tricks = []
    for lead, off in firsts:
        rest = [cards.pop() for _ in range(players - 2)]
        tricks.append(Trick(0, (lead, off, *rest), 0))
    while cards:
        tricks.append(Trick(0, tuple(cards.pop() for _ in range(players)), 0))
    return attrs.evolve(view, tricks=tuple(tricks), trick_leader=0, to_move=0)


def _spade_led_unbroken(rules: Ruleset) -> View:
    """Seat 0's view at the first lead, seat 1 (who leads) having led a spade before spades
    were broken: so she holds nothing but spades, more of them than seat 0 leaves unseen.

    Every fact of a view holds (the turn, the counts, the cards shown once); only no deal
    of the cards seat 0 has not seen gives seat 1 a hand of spades alone.
    """
    rng = random.Random(4)
    for seed in count():
        state = new_game(rules, seed=seed)
        while state.phase is not Phase.PLAYING:
            state = apply(state, rng.choice(legal_moves(state)))
        view = observe(state, 0)
        if state.to_move != 1 or not any(card.suit is Suit.SPADES for card in view.hand or ()):
            continue
        mine = {card for turn in view.draws for card in (turn.kept, turn.discarded)}
        lead = next(
            card
            for card in reversed(DECK)
            if card.suit is Suit.SPADES and card not in mine and card not in (view.hand or ())
        )
        sizes = (view.hand_sizes[0], view.hand_sizes[1] - 1, *view.hand_sizes[2:])
        return attrs.evolve(
            view,
            trick=(lead,),
            to_move=rules.orders_of_play[1][1],
            spades_broken=True,
            hand_sizes=sizes,
        )
    raise AssertionError("unreachable")  # pragma: no cover


@pytest.mark.parametrize("rules", [CLASSIC, TWO_HANDED], ids=["four", "two"])
def test_a_view_that_no_deal_fits_is_refused(rules: Ruleset) -> None:
    """A view whose every fact holds but whose voids no deal keeps: `SpadesError`."""
    view = _spade_led_unbroken(rules)
    with pytest.raises(SpadesError, match="no deal is consistent with this view"):
        sample_state(view, rng=random.Random(1))
    with pytest.raises(InvalidRecordError) as info:  # and reading it back refuses it
        records.from_data(records.to_data(view), View)
    assert info.value.path == "$.tricks"
    assert "no deal" in info.value.problem


@pytest.mark.parametrize("rules", [CLASSIC, TWO_HANDED], ids=["four", "two"])
def test_a_view_no_game_gives_is_refused_before_it_is_sampled(rules: Ruleset) -> None:
    """Tricks whose leaders and winners break the rules, or hand sizes that do not add up:
    `SpadesError` naming the field, before any deal is tried."""
    view = _view_after_tricks(rules, 8 if rules.players == 4 else 12)
    with pytest.raises(SpadesError, match=r"no game gives this view: view\.tricks\[0\]\.leader"):
        sample_state(_void_everywhere(view), rng=random.Random(1))
    sizes = (*view.hand_sizes[:-1], view.hand_sizes[-1] - 1)
    with pytest.raises(SpadesError, match=r"view\.hand_sizes\[\d\]: is \d+ after what"):
        sample_state(attrs.evolve(view, hand_sizes=sizes), rng=random.Random(1))


def test_the_uniform_deal_refuses_hand_sizes_that_do_not_add_up_to_the_cards() -> None:
    """`deal_uniformly` checks its own precondition: the sampler's view check makes the
    counts add up before it is called, so only a direct call reaches this refusal."""
    from spades._uniform_deal import deal_uniformly

    every_card = (1 << 52) - 1
    with pytest.raises(SpadesError, match="the hand sizes do not add up"):
        deal_uniformly(every_card, [13, 13, 13], [0, 0, 0], random.Random(0))


def test_a_face_down_hand_under_blind_numbers_is_sampled_and_its_records_round_trip() -> None:
    """Seat 1 to bid, face down under blind numbers (with and without blind nil), and seat 2
    after her blind 7: each sample shows the view, plays on, and reads back from its data.

    Rules: ref-views, rule-blind-bids.
    """
    for rules in (BLIND_NUMBERS, attrs.evolve(BLIND_NUMBERS, blind_nil=True)):
        state = new_game(rules, seed=4)
        for position, seat in ((state, 1), (apply(state, Bid(7, blind=True)), 2)):
            view = observe(position, seat)
            assert view.hand is None
            assert view.legal_moves()[-1] == Look()
            for k in range(10):
                sampled = check_sample(position, seat, k, deep=k < 3)
                assert observe(sampled, seat) == view
                assert records.from_data(records.to_data(sampled), State) == sampled
