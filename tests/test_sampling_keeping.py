"""Two players: deals sampled as if the other player drew by a keep rule.

`spades._sampling.sample_state_keeping` is the search bot's sampler with two players: the
other player kept the top card when it was one of a set (the rule), else took the next
one. Its samples are positions the seat cannot tell from the real one, like those of
`sample_state`, for any rule, also one that her play shows she did not follow. Their
distribution is checked against an oracle that plays her draw forward: the cards of her
turns shuffled, paired and kept by the rule, and the draws her later play rules out
thrown away. Where the rule does not apply (the draw not over, after her exchange, a
rule her play contradicts) the sample is exactly `sample_state`'s.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracle
from helpers import plain
from oracle import sampling
from spades import (
    CLASSIC,
    DECK,
    TWO_HANDED,
    Card,
    Exchange,
    Phase,
    SpadesError,
    State,
    Suit,
    apply,
    legal_moves,
    new_game,
    observe,
    sample_state,
)
from spades._sampling import sample_state_keeping
from spades.bots import heuristic_policy
from spades.bots._bidding import draw_keeps
from test_sampling import PLAIN, TWO_RULES, check_legal_position, play_out

if TYPE_CHECKING:
    from collections.abc import Callable

    from spades import Ruleset, View

FULL = sum(card.bit for card in PLAIN)
"""Every card kept, the jokers too (rule-decks)."""
HEURISTIC = heuristic_policy()
RULES_KEEP = draw_keeps(nil=False)
NIL_KEEP = draw_keeps(nil=True)
SOME = settings(max_examples=max(5, settings().max_examples // 6))


def mover(state: State) -> int:
    assert state.to_move is not None
    return state.to_move


def keeping(view: View, k: int, keeps: int) -> State:
    return sample_state_keeping(view, rng=random.Random(k), keeps=keeps)


def positions(
    rules: Ruleset, seed: int, chooser: Callable[[View, random.Random], object]
) -> list[State]:
    """Every position of the first round of a game, its moves chosen by ``chooser``."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    found = [state]
    while not state.rounds and not state.is_over:
        move = chooser(observe(state, mover(state)), rng)
        state = apply(state, move)  # type: ignore[arg-type]
        found.append(state)
    return found


def by_heuristic(view: View, rng: random.Random) -> object:
    return HEURISTIC(view)


def at_random(view: View, rng: random.Random) -> object:
    return rng.choice(view.legal_moves())


# --- a sample is a legal position the seat cannot tell from the real one ------------------


def check_keeping_sample(state: State, seat: int, k: int, keeps: int) -> None:
    view = observe(state, seat)
    sampled = keeping(view, k, keeps)
    assert observe(sampled, seat) == view
    if view.to_move == seat:
        assert legal_moves(sampled) == view.legal_moves()
    if k % 5 == 0:
        check_legal_position(sampled)
        play_out(sampled, k)


@SOME
@given(
    rules=st.one_of(st.just(TWO_HANDED), TWO_RULES),
    seed=st.integers(0, 2**32 - 1),
    keeps=st.one_of(st.sampled_from([RULES_KEEP, NIL_KEEP, 0, FULL]), st.integers(0, FULL)),
    heuristic=st.booleans(),
)
def test_samples_keeping_any_rule_are_positions_the_seat_cannot_tell_apart(
    rules: Ruleset, seed: int, keeps: int, heuristic: bool
) -> None:
    """Rules: ref-views, ref-sampling, rule-draw, rule-exchange."""
    chooser = by_heuristic if heuristic else at_random
    for index, state in enumerate(positions(rules, seed, chooser)):
        for seat in (0, 1):
            check_keeping_sample(state, seat, 2 * index + seat, keeps)


# --- where the rule does not apply, the sample is sample_state's ---------------------------


def test_before_the_draw_is_over_the_sample_is_uniform() -> None:
    """ref-sampling: the rule reads a whole draw; a draw in progress is sampled uniformly."""
    checked = 0
    for state in positions(TWO_HANDED, 3, by_heuristic):
        if state.phase is Phase.DRAWING:
            view = observe(state, mover(state))
            assert keeping(view, 7, RULES_KEEP) == sample_state(view, rng=random.Random(7))
            checked += 1
    assert checked >= 26  # every turn of the draw


def test_after_her_exchange_the_sample_is_uniform() -> None:
    """ref-sampling, rule-exchange: after she exchanged, her hand is not her draw's."""
    rules = attrs.evolve(TWO_HANDED, blind_nil_deficit=None)
    state = new_game(rules, seed=11, dealer=0)
    her = mover(state)
    state = apply(state, legal_moves(state)[0])  # she declares double nil: blind nil first
    bid = state.bids[her]
    assert bid is not None
    assert bid.blind
    while state.phase is not Phase.PLAYING:
        state = apply(state, HEURISTIC(observe(state, mover(state))))
    assert state.exchanges[0].size > 0
    view = observe(state, 1 - her)
    for k in range(20):
        assert keeping(view, k, NIL_KEEP) == sample_state(view, rng=random.Random(k))


def test_after_her_exchange_of_no_card_the_rule_still_reads_her_draw() -> None:
    """ref-sampling, rule-exchange: an exchange of no card leaves her the draw's hand."""
    rules = attrs.evolve(TWO_HANDED, blind_nil_deficit=None)
    state = new_game(rules, seed=11, dealer=0)
    her = mover(state)
    state = apply(state, legal_moves(state)[0])  # double nil
    while state.phase is not Phase.PLAYING:
        mine = state.phase is Phase.EXCHANGING and mover(state) == her
        state = apply(state, Exchange(()) if mine else HEURISTIC(observe(state, mover(state))))
    assert [entry.size for entry in state.exchanges] == [0]
    view = observe(state, 1 - her)
    ruled = [keeping(view, k, NIL_KEEP) for k in range(20)]
    assert ruled != [sample_state(view, rng=random.Random(k)) for k in range(20)]
    for sampled in ruled:
        check_kept_pairs(sampled, her, NIL_KEEP)


def test_sample_state_keeping_takes_a_two_player_view_and_a_random_random() -> None:
    """ref-sampling: a keep rule reads a two-player draw."""
    four = observe(new_game(CLASSIC, seed=1), 0)
    with pytest.raises(SpadesError, match="two-player draw"):
        keeping(four, 0, RULES_KEEP)
    two = observe(new_game(TWO_HANDED, seed=1), 0)
    with pytest.raises(TypeError, match="sample_state_keeping takes a View"):
        sample_state_keeping(new_game(TWO_HANDED, seed=1), rng=random.Random(0), keeps=0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng is a random\.Random"):
        sample_state_keeping(two, rng=0, keeps=0)  # type: ignore[arg-type]


def check_kept_pairs(sampled: State, her: int, keeps: int) -> None:
    """Each of her draw turns is one the rule allows: she kept a card outside it only
    when the card she discarded was outside it too."""
    for turn in sampled.draws:
        if turn.seat == her:
            assert turn.kept is not None
            assert turn.discarded is not None
            if not turn.kept.bit & keeps:
                assert not turn.discarded.bit & keeps, turn


def test_a_rule_her_plays_contradict_gives_the_uniform_sample() -> None:
    """ref-sampling: she played cards the rule says she could not all have kept."""
    states = positions(TWO_HANDED, 5, by_heuristic)
    late = next(state for state in states if len(state.tricks) == 9 and not state.trick)
    seat = mover(late)
    view = observe(late, seat)
    her_played = sum(card.bit for card in her_plays(late, 1 - seat))
    # Everything but her nine played cards is kept by this rule: she kept one of those only
    # when both cards of her turn were, and nine such turns need eighteen of them.
    for k in range(20):
        sampled = keeping(view, k, FULL & ~her_played)
        assert sampled == sample_state(view, rng=random.Random(k))


# --- the distribution: her draw played forward ------------------------------------------


def her_plays(state: State | View, her: int) -> set[Card]:
    """The cards ``her`` seat has played this round."""
    tricks = [(trick.leader, trick.cards) for trick in state.tricks]
    if state.trick:
        assert state.trick_leader is not None
        tricks.append((state.trick_leader, state.trick))
    return {
        card
        for leader, cards in tricks
        for index, card in enumerate(cards)
        if (leader + index) % 2 == her
    }


def forward_hands(view: View, keeps: int, wanted: int, rng: random.Random) -> list[frozenset[Card]]:
    """Her hands (the other seat's) in ``wanted`` draws played forward by the keep rule.

    Her turns' cards (those the seat did not see in the draw) are shuffled and paired;
    from each pair she keeps the first if the rule keeps it, else the second. A draw is
    kept only if her plays could follow from it: every card she played was kept, and
    what is left holds no card of a suit she showed void in (by the oracle's voids).
    """
    her = 1 - view.seat
    mine = {
        card
        for turn in view.draws
        if turn.seat == view.seat
        for card in (turn.kept, turn.discarded)
    }
    pool = [card for card in DECK if card not in mine]
    played = set(her_plays(view, her))  # a view shows the plays as a state does
    voids = sampling.voids(plain(view))[her]
    hands: list[frozenset[Card]] = []
    while len(hands) < wanted:
        rng.shuffle(pool)
        kept = {
            first if first.bit & keeps else second
            for first, second in zip(pool[0::2], pool[1::2], strict=True)
        }
        held = kept - played
        if played <= kept and not any(oracle.suit(PLAIN[card]) in voids for card in held):
            hands.append(frozenset(held))
    return hands


def homogeneity(first: Counter[int], second: Counter[int]) -> tuple[float, int]:
    """Pearson's statistic that two samples come from one distribution, and its degrees
    of freedom (the cells seen, less one)."""
    cells = sorted(set(first) | set(second))
    sizes = sum(first.values()), sum(second.values())
    statistic = 0.0
    for cell in cells:
        both = first[cell] + second[cell]
        for counts, size in zip((first, second), sizes, strict=True):
            expected = both * size / sum(sizes)
            statistic += (counts[cell] - expected) ** 2 / expected
    return statistic, len(cells) - 1


# The low rule after five tricks is left out: her plays (by the heuristic's draw) are
# then so unlikely under it that the oracle's forward draws would take minutes.
POSITIONS = [
    *((RULES_KEEP, seed, tricks) for seed in (2, 9) for tricks in (0, 2, 5)),
    *((NIL_KEEP, seed, tricks) for seed in (2, 9) for tricks in (0, 2)),
]


@pytest.mark.slow
@pytest.mark.parametrize(("keeps", "seed", "tricks"), POSITIONS)
def test_her_hand_follows_the_keep_rule_played_forward(keeps: int, seed: int, tricks: int) -> None:
    """ref-sampling: how many kept cards she holds, and of which suits, as her draw by the
    rule (every order of her cards equally likely), then her plays, make them."""
    state = next(
        state
        for state in positions(TWO_HANDED, seed, by_heuristic)
        if state.phase is Phase.PLAYING and len(state.tricks) == tricks and not state.trick
    )
    view = observe(state, mover(state))
    her = 1 - view.seat
    size = 4000
    rng = random.Random(seed)
    states = [keeping(view, k, keeps) for k in range(size)]
    for one in states[:200]:
        check_kept_pairs(one, her, keeps)
    sampled = [frozenset(one.hand(her)) for one in states]
    oracle_hands = forward_hands(view, keeps, size, rng)
    for name, measure in (
        ("kept cards", lambda hand: sum(card.bit & keeps > 0 for card in hand)),
        ("spades", lambda hand: sum(card.suit is Suit.SPADES for card in hand)),
        ("hearts", lambda hand: sum(card.suit is Suit.HEARTS for card in hand)),
    ):
        first = Counter(map(measure, sampled))
        second = Counter(map(measure, oracle_hands))
        statistic, df = homogeneity(first, second)
        if df:
            assert statistic <= sampling.critical_value(df), (name, first, second)
    # Against uniform deals, the kept cards differ: the test can tell the two apart.
    uniform = [frozenset(sample_state(view, rng=random.Random(k)).hand(her)) for k in range(size)]
    measure = lambda hand: sum(card.bit & keeps > 0 for card in hand)  # noqa: E731
    statistic, df = homogeneity(Counter(map(measure, uniform)), Counter(map(measure, oracle_hands)))
    assert statistic > sampling.critical_value(df)
