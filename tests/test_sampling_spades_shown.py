"""`spades.sample_state` under Whiz and Mirror, where each bid shows how many spades its
bidder held when she bid (rule-whiz, rule-mirror).

A sample is a position the seat cannot tell from the real one, whose replay (reading it
back from its data) holds every bid to the hand it was made from; with a nil pass, the
other side's passes, which the seat did not see, are made up too. Its distribution is
uniform over every (deal of the unseen cards, history of the hidden passes) the view
allows: the exact weights of the current deals come from a brute force written here from
the rules, which reads nothing of the sampler. Then `spades._spades_shown`, whose counts
the sampler and the view check read, unit by unit.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, count
from math import comb
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import BY_SPADES_RULES, MIRROR, WHIZ, bids_by_spades
from oracle import sampling
from spades import (
    DECK,
    Bid,
    Bidding,
    Card,
    Phase,
    Ruleset,
    SpadesError,
    SpadesLead,
    State,
    Suit,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
    records,
    sample_state,
)
from spades._rules import next_seat
from spades._spades_shown import (
    histories,
    history_problem,
    last_pass_undone,
    shown_spades,
)
from spades._uniform_deal import SUITS, deal_uniformly
from spades.strategies import states

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

SEEDS = st.integers(0, 2**32 - 1)
FEW = settings(max_examples=max(5, settings().max_examples // 4))


def by_spades_positions() -> st.SearchStrategy[State]:
    """Any position of a game under Whiz or Mirror, and the card pass after a nil on purpose."""
    passing = BY_SPADES_RULES.map(
        lambda rules: rules if not rules.nil else attrs.evolve(rules, nil_pass=2)
    )
    return st.one_of(
        states(rules=BY_SPADES_RULES, max_moves=60),
        states(rules=passing, max_moves=60, phases={Phase.PASSING, Phase.PLAYING}),
    )


@FEW
@given(by_spades_positions(), st.integers(0, 3), SEEDS)
def test_samples_are_positions_the_seat_cannot_tell_apart_whose_bids_fit_their_hands(
    state: State, seat: int, seed: int
) -> None:
    """The sample's view is the view, its data replays (every bid checked against the hand
    it came from), and the hands at the bidding give the bids; so for the other side's
    hidden passes after a nil.

    Rules: rule-whiz, rule-mirror, rule-card-pass.
    """
    view = observe(state, seat)
    sample = sample_state(view, rng=random.Random(seed))
    assert observe(sample, seat) == view
    assert records.from_data(records.to_data(sample)) == sample
    assert legal_moves(sample) == legal_moves(state) or sample.to_move != seat
    for bidder, hand in enumerate(hands_at_bidding(sample)):
        bid = sample.bids[bidder]
        if bid is not None:
            assert bids_by_spades(sample.rules, bid.n, hand), (bidder, bid, hand)


def hands_at_bidding(state: State) -> list[set[Card]]:
    """Each seat's hand when she bid: what she holds and played, the passes undone."""
    hands = [set(state.hand(seat)) for seat in range(4)]
    for trick in (*state.tricks, None):
        leader = state.trick_leader if trick is None else trick.leader
        cards = state.trick if trick is None else trick.cards
        seat = leader
        for card in cards:
            assert seat is not None
            hands[seat].add(card)
            seat = next_seat(state.rules, seat)
    for entry in reversed(state.passes):
        assert entry.cards is not None
        hands[(entry.seat + 2) % 4] -= set(entry.cards)
        hands[entry.seat] |= set(entry.cards)
    return hands


# --- the exact distribution, by brute force ---------------------------------------------
#
# A position late in a round under Whiz with a nil pass of one card, the spades led at any
# time (so that following suit is the only rule of play a deal must keep): the seat sees
# her hand, the play and her side's passes; the other side passed one card each way out of
# her sight. Every (deal of the cards she cannot place, cards of each hidden pass) is tried:
# the hands are rebuilt to the bidding by undoing the play and the passes, and kept if
# every card played followed suit when its player could and every bid is the count of
# spades its hand held (or nil). A deal weighs as many histories as keep it.

EXACT = Ruleset(bidding=Bidding.WHIZ, nil_pass=1, spades_lead=SpadesLead.ANY_TIME)


def _played_by(view: View) -> list[list[tuple[int, Card, Suit | None]]]:
    """Each seat's plays in order: the trick, the card, and the suit led to it."""
    plays: list[list[tuple[int, Card, Suit | None]]] = [[], [], [], []]
    tricks = [(trick.leader, trick.cards) for trick in view.tricks]
    if view.trick:
        assert view.trick_leader is not None
        tricks.append((view.trick_leader, view.trick))
    for number, (leader, cards) in enumerate(tricks):
        for offset, card in enumerate(cards):
            plays[(leader + offset) % 4].append(
                (number, card, None if not offset else cards[0].suit)
            )
    return plays


def exact_weights(view: View) -> dict[tuple[frozenset[Card], ...], int]:
    """Each deal of the hidden hands the view allows, with the number of pass histories."""
    me, mate = view.seat, (view.seat + 2) % 4
    plays = _played_by(view)
    played = [{card for _, card, _ in seat_plays} for seat_plays in plays]
    own = set(view.hand or ())
    given: set[Card] = set()
    for entry in view.passes:
        if entry.cards is not None:
            if entry.seat == me:
                given |= set(entry.cards)
            else:
                given -= set(entry.cards)
    known_mate = given - played[mate]
    seen = own | known_mate | set().union(*played)
    unseen = [card for card in DECK if card not in seen]
    hidden = [seat for seat in range(4) if seat != me]
    room = [view.hand_sizes[seat] - (len(known_mate) if seat == mate else 0) for seat in hidden]
    weights: dict[tuple[frozenset[Card], ...], int] = {}
    for deal in _deals(unseen, room):
        hands = [set(own) if seat == me else set() for seat in range(4)]
        for seat, cards in zip(hidden, deal, strict=True):
            hands[seat] = set(cards) | (known_mate if seat == mate else set())
        if not all(_followed(hands[seat], plays[seat]) for seat in range(4)):
            continue
        after_pass = [hands[seat] | played[seat] for seat in range(4)]
        ways = sum(_bids_fit(view, before) for before in _undone(view, after_pass))
        if ways:
            weights[tuple(frozenset(hands[seat]) for seat in hidden)] = ways
    return weights


def _deals(cards: Sequence[Card], room: Sequence[int]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    if not room:
        yield ()
        return
    for first in combinations(cards, room[0]):
        rest = [card for card in cards if card not in first]
        for others in _deals(rest, room[1:]):
            yield (first, *others)


def _followed(now: set[Card], seat_plays: Sequence[tuple[int, Card, Suit | None]]) -> bool:
    """Whether each card was a legal play from the hand then: ``now`` and the later plays."""
    held = now | {card for _, card, _ in seat_plays}
    for _, card, led in seat_plays:
        if led is not None and card.suit is not led and any(c.suit is led for c in held):
            return False
        held = held - {card}
    return True


def _undone(view: View, hands: list[set[Card]]) -> Iterator[list[set[Card]]]:
    """The hands before the round's passes, one list for each way the hidden passes ran."""
    states = [[set(hand) for hand in hands]]
    for entry in reversed(view.passes):
        taker = (entry.seat + 2) % 4
        after: list[list[set[Card]]] = []
        for held in states:
            options = (
                [entry.cards]
                if entry.cards is not None
                else list(combinations(sorted(held[taker]), view.rules.nil_pass))
            )
            for cards in options:
                if not set(cards) <= held[taker]:
                    continue
                before = [set(hand) for hand in held]
                before[taker] -= set(cards)
                before[entry.seat] |= set(cards)
                after.append(before)
        states = after
    yield from states


def _bids_fit(view: View, hands: Sequence[set[Card]]) -> bool:
    return all(
        bid is not None and bids_by_spades(view.rules, bid.n, hands[seat])
        for seat, bid in enumerate(view.bids)
    )


def exact_position() -> tuple[State, int, dict[tuple[frozenset[Card], ...], int]]:
    """Seeded random play to a position after 11 tricks where the other side, a nil and a
    number, passed out of the seat's sight, and the deals weigh differently."""
    for seed in count():
        assert seed < 3000, "no position found"
        rng = random.Random(seed)
        state = new_game(EXACT, seed=seed)
        while not (state.phase is Phase.PLAYING and len(state.tricks) == 11):
            state = apply(state, rng.choice(legal_moves(state)))
        seat = state.to_move
        assert seat is not None
        view = observe(state, seat)
        other = sorted(bid.n for bid in state.bids[(seat + 1) % 2 :: 2] if bid is not None)
        if other[0] == 0 < other[1] and any(entry.cards is None for entry in view.passes):
            weights = exact_weights(view)
            if 10 <= len(weights) <= 300 and len(set(weights.values())) > 1:
                return state, seat, weights
    raise AssertionError("unreachable")


def test_whiz_samples_follow_the_exact_weights_of_deals_and_hidden_passes() -> None:
    """The sampled current deals against the brute force's weights (chi-square, p = 0.001).

    Rules: rule-whiz, rule-card-pass.
    """
    state, seat, weights = exact_position()
    view = observe(state, seat)
    hidden = [other for other in range(4) if other != seat]
    real = tuple(frozenset(state.hand(other)) for other in hidden)
    assert real in weights
    cells = [_numbered(deal) for deal in weights]
    rng = random.Random(7)
    size = max(3000, 30 * len(cells))
    samples = [
        _numbered(tuple(frozenset(sample.hand(other)) for other in hidden))
        for sample in (sample_state(view, rng=rng) for _ in range(size))
    ]
    statistic, df = sampling.chi_square(samples, cells, list(weights.values()))
    assert statistic <= sampling.critical_value(df), (statistic, df, len(cells))
    uniform, _ = sampling.chi_square(samples, cells)  # the samples tell the weights apart
    assert uniform > sampling.critical_value(df), (uniform, df)


def _numbered(deal: tuple[frozenset[Card], ...]) -> tuple[frozenset[int], ...]:
    """A deal as `oracle.sampling` counts deals: each hand's cards by number."""
    return tuple(frozenset(DECK.index(card) for card in hand) for hand in deal)


# --- spades._spades_shown, unit by unit ------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "bid", "shown"),
    [
        (WHIZ, Bid(3), 3),
        (WHIZ, Bid(0), None),
        (WHIZ, None, None),
        (MIRROR, Bid(0), 0),
        (MIRROR, Bid(13), 13),
        (Ruleset(bidding=Bidding.MIRROR, nil=False, zero_contract=True), Bid(0), 0),
        (Ruleset(), Bid(4), None),
        (Ruleset(bidding=Bidding.SUICIDE), Bid(4), None),
    ],
    ids=["whiz 3", "whiz nil", "no bid", "mirror nil", "mirror 13", "mirror 0", "open", "suicide"],
)
def test_a_bid_shows_the_spades_whiz_and_mirror_make_it_show(
    rules: Ruleset, bid: Bid | None, shown: int | None
) -> None:
    """A Whiz number, every Mirror bid; not a Whiz nil, nor a bid of another mode.

    Rules: rule-whiz, rule-mirror.
    """
    assert shown_spades(rules, bid) == shown


@pytest.mark.parametrize(
    ("rules", "bids", "problem"),
    [
        (MIRROR, (3, 4, 0, 6), None),
        (MIRROR, (3, 4, 0, 5), "the bids show 12 spades, and the 13 spades were all dealt"),
        (MIRROR, (3, 4, 1, 6), "the bids show 14 spades, and there are 13"),
        (WHIZ, (3, 4, 0, 5), None),
        (WHIZ, (3, 4, 1, 4), "the bids show 12 spades, and the 13 spades were all dealt"),
        (WHIZ, (7, 4, 0, 5), "the bids show 16 spades, and there are 13"),
        (WHIZ, (0, 0, 0, 0), None),
        (Ruleset(), (5, 5, 5, 5), None),
    ],
    ids=[
        "mirror 13",
        "mirror 12",
        "mirror 14",
        "whiz with a nil",
        "whiz 12",
        "whiz 16",
        "whiz all nil",
        "open",
    ],
)
def test_a_rounds_shown_spades_add_up_to_13_at_most_and_13_when_every_bid_shows(
    rules: Ruleset, bids: tuple[int, ...], problem: str | None
) -> None:
    """Rules: rule-whiz, rule-mirror."""
    assert history_problem(rules, [Bid(n) for n in bids]) == problem


def test_histories_count_the_ways_the_passes_ran_from_the_shown_counts() -> None:
    """Seat 0 bid 3 under Whiz and her partner nil; they passed one card each way out of
    sight, and now hold 3 and 2 spades: 120 histories moved no spade back, 9 one.

    Rules: rule-whiz, rule-card-pass.
    """
    passes = ((0, 1, None), (2, 1, None))
    held, sizes, targets = (3, 4, 2, 4), (13, 13, 13, 13), (3, 4, None, 4)
    assert last_pass_undone(passes, held, sizes, targets) == [(120, (0,)), (9, (1,))]
    assert histories(passes, held, sizes, targets) == 129
    assert histories((), (3, 4, 2, 4), sizes, (3, None, None, 4)) == 1
    assert histories((), (3, 4, 2, 4), sizes, (2, None, None, 4)) == 0
    assert histories(((2, 1, 1),), held, sizes, (2, 4, 3, 4)) == 1  # a pass she saw
    assert histories(((2, 1, 1),), held, sizes, (3, 4, 2, 4)) == 0
    assert last_pass_undone(((2, 2, None),), (0, 4, 2, 4), sizes, (None,) * 4) == [
        (comb(13, 2), (0,))
    ]


def _mask(text: str) -> int:
    return sum(Card.parse(word).bit for word in text.split())


def test_deal_uniformly_weighs_each_split_of_the_spades() -> None:
    """A spade weight of 0 rules a split out, and one that rules all out is refused.

    Rules: rule-whiz, rule-mirror.
    """
    unseen = _mask("AS KS QS 2H 3H 4H")
    rng = random.Random(1)
    for _ in range(20):
        hands = deal_uniformly(
            unseen, [2, 2, 2], [0, 0, 0], rng, lambda split: int(tuple(split) == (0, 2, 1))
        )
        assert [(hand & _mask("AS KS QS")).bit_count() for hand in hands] == [0, 2, 1]
        assert sum(hands) == unseen
    seen = Counter(
        tuple((hand & _mask("AS KS QS")).bit_count() for hand in hands)
        for hands in (
            deal_uniformly(unseen, [2, 2, 2], [0, 0, 0], rng, lambda split: 1 + split[0])
            for _ in range(300)
        )
    )
    assert seen[(2, 1, 0)] > seen[(0, 1, 2)]  # weighed 3 to 1, after the deals behind it
    with pytest.raises(SpadesError, match="the spades its bids show cannot be dealt"):
        deal_uniformly(unseen, [2, 2, 2], [0, 0, 0], rng, lambda split: 0)
    void = 1 << SUITS.index(Suit.SPADES)  # the first two hands hold no spade
    with pytest.raises(SpadesError, match="the spades its bids show cannot be dealt"):
        deal_uniformly(unseen, [2, 2, 2], [void, void, 0], rng, lambda split: int(split[0] > 0))
