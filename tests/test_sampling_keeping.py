"""Two players: deals sampled as if the other player drew by a keep rule.

`spades._sampling.sample_state_keeping` is the search bot's sampler with two players: the
other player kept the top card when it was one of a set (the rule), else took the next
one. Its samples are positions the seat cannot tell from the real one, like those of
`sample_state`, for any rule, also one that her play shows she did not follow. Their
distribution is checked against an oracle that plays her draw forward: the cards of her
turns shuffled, paired and kept by the rule, and the draws her later play rules out
thrown away. Where the rule does not apply (the draw not over, after her exchange, a
rule her play contradicts) the sample is exactly `sample_state`'s. Her first turn may
have a rule of its own (double nil declared after her first choice): the weights are
checked exactly against every order of a few cards, and a position shows the card that
turn kept read by its own rule.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any

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
    Bid,
    Card,
    DoubleNilTiming,
    Exchange,
    Keep,
    Phase,
    Play,
    Reject,
    SpadesError,
    State,
    Suit,
    apply,
    legal_moves,
    new_game,
    observe,
    sample_state,
)
from spades._keep_rule import _counts, _first_turns, _kinds, _two_rule_weights
from spades._sampling import sample_state_keeping
from spades.bots import heuristic_policy
from spades.bots._bidding import draw_keeps
from test_sampling import PLAIN, TWO_RULES, check_legal_position, play_out

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

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


def keeping(view: View, k: int, keeps: int, first: int | None = None) -> State:
    return sample_state_keeping(view, rng=random.Random(k), keeps=keeps, first_keeps=first)


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


def check_keeping_sample(state: State, seat: int, k: int, keeps: int, first: int | None) -> None:
    view = observe(state, seat)
    sampled = keeping(view, k, keeps, first)
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
    first=st.one_of(st.none(), st.sampled_from([RULES_KEEP, NIL_KEEP]), st.integers(0, FULL)),
    heuristic=st.booleans(),
)
def test_samples_keeping_any_rule_are_positions_the_seat_cannot_tell_apart(
    rules: Ruleset, seed: int, keeps: int, first: int | None, heuristic: bool
) -> None:
    """Rules: ref-views, ref-sampling, rule-draw, rule-exchange.

    Any rule, and any other rule for her first turn.
    """
    chooser = by_heuristic if heuristic else at_random
    for index, state in enumerate(positions(rules, seed, chooser)):
        for seat in (0, 1):
            check_keeping_sample(state, seat, 2 * index + seat, keeps, first)


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


def check_kept_pairs(sampled: State, her: int, keeps: int, first: int | None = None) -> None:
    """Each of her draw turns is one its rule allows (``first`` her first turn's, when
    given): she kept a card outside it only when the card she discarded was outside it too."""
    for number, turn in enumerate(turn for turn in sampled.draws if turn.seat == her):
        rule = first if number == 0 and first is not None else keeps
        assert turn.kept is not None
        assert turn.discarded is not None
        if not turn.kept.bit & rule:
            assert not turn.discarded.bit & rule, (number, turn)


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


def forward_hands(
    view: View, keeps: int, wanted: int, rng: random.Random, first: int | None = None
) -> list[frozenset[Card]]:
    """Her hands (the other seat's) in ``wanted`` draws played forward by the keep rule.

    Her turns' cards (those the seat did not see in the draw) are shuffled and paired;
    from each pair she keeps the first if its turn's rule keeps it (``first`` for the
    first pair when given, else ``keeps``), else the second. A draw is
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
        rules = [keeps if first is None else first] + [keeps] * (len(pool) // 2 - 1)
        kept = {
            top if top.bit & rule else under
            for top, under, rule in zip(pool[0::2], pool[1::2], rules, strict=True)
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
# The low rule after an ordinary first turn is double nil declared after the first choice.
POSITIONS = [
    *((RULES_KEEP, None, seed, tricks) for seed in (2, 9) for tricks in (0, 2, 5)),
    *((NIL_KEEP, None, seed, tricks) for seed in (2, 9) for tricks in (0, 2)),
    *((NIL_KEEP, RULES_KEEP, seed, tricks) for seed in (2, 9) for tricks in (0, 2)),
]


@pytest.mark.slow
@pytest.mark.parametrize(("keeps", "first_rule", "seed", "tricks"), POSITIONS)
def test_her_hand_follows_the_keep_rule_played_forward(
    keeps: int, first_rule: int | None, seed: int, tricks: int
) -> None:
    """ref-sampling: how many kept cards she holds, and of which suits, as her draw by the
    rule (every order of her cards equally likely), then her plays, make them.

    Rule: reading-double-nil-timing.
    """
    state = next(
        state
        for state in positions(TWO_HANDED, seed, by_heuristic)
        if state.phase is Phase.PLAYING and len(state.tricks) == tricks and not state.trick
    )
    view = observe(state, mover(state))
    her = 1 - view.seat
    size = 4000
    rng = random.Random(seed)
    states = [keeping(view, k, keeps, first_rule) for k in range(size)]
    for one in states[:200]:
        check_kept_pairs(one, her, keeps, first_rule)
    sampled = [frozenset(one.hand(her)) for one in states]
    oracle_hands = forward_hands(view, keeps, size, rng, first_rule)
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


# --- her first turn under its own rule: double nil declared after her first choice --------


def orders_kept(cards: int, first: set[int], later: set[int]) -> Counter[frozenset[int]]:
    """Every order of ``cards`` cards (0 to ``cards - 1``) drawn in pairs: how often each set
    is kept, the first pair by the rule ``first``, the others by ``later``."""
    found: Counter[frozenset[int]] = Counter()
    for order in itertools.permutations(range(cards)):
        rules = [first] + [later] * (cards // 2 - 1)
        pairs = zip(order[0::2], order[1::2], rules, strict=True)
        found[frozenset(top if top in rule else under for top, under, rule in pairs)] += 1
    return found


def bits(cards: Iterable[int]) -> int:
    """Cards numbered from 0, as a mask."""
    return sum(1 << card for card in cards)


def shares(weights: Mapping[Any, int]) -> dict[Any, Fraction]:
    total = sum(weights.values())
    return {key: Fraction(weight, total) for key, weight in weights.items() if weight}


RULE_PAIRS = [
    (6, {0, 1, 2}, {2, 3}),
    (6, {4}, {0, 1, 2, 3, 4}),
    (6, set(), {0, 1, 2}),
    (8, {0, 1, 2, 3, 4, 5, 6, 7}, {5, 6}),
    (8, {0, 5}, {1, 2, 3, 5}),
]


@pytest.mark.parametrize(("cards", "first", "later"), RULE_PAIRS)
def test_two_rules_weigh_each_hand_as_every_order_of_the_cards_does(
    cards: int, first: set[int], later: set[int]
) -> None:
    """The weights of her hands (by kind) and of her first turn's cards are those of every
    order of her turns' cards counted, each card she holds known or free.

    Rules: ref-sampling, rule-draw.
    Rule: reading-double-nil-timing.
    """
    orders = orders_kept(cards, first, later)
    kinds = _kinds(bits(range(cards)), bits(later), bits(first))
    pool = _counts(kinds, -1)
    rng = random.Random(cards)
    for hand in list(orders)[:6]:
        known = frozenset(rng.sample(sorted(hand), rng.randrange(len(hand) + 1)))
        free = frozenset(range(cards)) - known
        counted: Counter[object] = Counter()
        for kept, count in orders.items():
            if known <= kept:
                counted[_counts(kinds, bits(kept - known))] += count
        weighted = _two_rule_weights(
            pool, _counts(kinds, bits(known)), _counts(kinds, bits(free)), len(hand) - len(known)
        )
        assert shares({split: weight for weight, split in weighted}) == shares(counted)
    # Her first turn's kept and discarded card, by kind, given what she holds.
    by_hand: dict[frozenset[int], Counter[object]] = {}
    kind_of = {card: next(k for k in range(4) if kinds[k] >> card & 1) for card in range(cards)}
    for order in itertools.permutations(range(cards)):
        top, under = order[:2]
        taken = top if top in first else under
        held = frozenset(
            one if one in later else two for one, two in zip(order[2::2], order[3::2], strict=True)
        )
        pair = (kind_of[taken], kind_of[under if taken == top else top])
        by_hand.setdefault(held | {taken}, Counter())[pair] += 1
    for held, pairs in by_hand.items():
        turns = _first_turns(pool, _counts(kinds, bits(held)))
        assert shares({pair: weight for weight, pair in turns}) == shares(pairs)


LATE = attrs.evolve(
    TWO_HANDED,
    blind_nil_deficit=None,
    blind_nil_exchange=0,
    double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE,
)
"""Double nil at her second turn, and no exchange after it: her hand stays her draw's."""
HER_TURNS = [
    ("AH", "2H"),  # her first turn, by the ordinary rule: she keeps the ace
    *(("AD", "KH"), ("KD", "QH"), ("QD", "JH"), ("JD", "TH"), ("TD", "9H"), ("9D", "8H")),
    *((f"{rank}C", f"{rank}D") for rank in "234567"),
]
"""Seat 1's turns, top card first. From her second, a double nil's: she rejects a high
card and takes the next, she keeps a low one. She keeps seven cards of eight and higher,
though there are thirteen among her twenty-six: one from her first turn."""
SEAT_TURNS = [
    *((f"{rank}H", f"{spade}S") for rank, spade in zip("34567", "23456", strict=True)),
    *((f"{rank}C", f"{spade}S") for rank, spade in zip("89TJQKA", "789TJQK", strict=True)),
    ("8D", "AS"),
]
"""Seat 0's turns, the dealer's: it keeps the top card, five hearts, seven clubs and 8D."""


def late_double_nil() -> State:
    """Seat 1 declared double nil after her first choice and led her seven high hearts."""
    stock = [
        Card.parse(card)
        for mine, hers in zip(SEAT_TURNS, HER_TURNS, strict=True)
        for card in (*mine, *hers)
    ]
    state = new_game(LATE, deck=stock, seed=1, dealer=0)
    for number, (top, _) in enumerate(HER_TURNS):
        state = apply(state, Keep())  # the seat's turn
        if number == 1:
            state = apply(state, Bid(0, blind=True))  # her one chance, at her second turn
        state = apply(state, Keep() if top in ("AH", *(f"{r}C" for r in "234567")) else Reject())
    state = apply(state, Bid(4))
    for high, low in zip("AKQJT98", "34567CC", strict=True):
        led = Play(Card.parse(f"{high}H"))
        state = apply(state, led)
        follow = f"{low}H" if low != "C" else str(state.hand(0)[0])
        state = apply(state, Play(Card.parse(follow)))
    return state


def test_her_first_kept_card_is_read_by_the_rule_of_its_turn() -> None:
    """After seven tricks she has shown seven cards of eight and higher: the double nil's
    rule alone gives her at most six (of thirteen such cards each kept one lay on
    another), so it reads her draw as not hers and deals uniformly. Her first turn, drawn
    by the ordinary rule, kept a high heart over a low card: then the rest of her hand is
    low, and her first turn is that one.

    Rules: ref-sampling, rule-double-nil.
    Rule: reading-double-nil-timing.
    """
    state = late_double_nil()
    assert state.bids[1] == Bid(0, blind=True)
    assert state.draws[1].kept == Card.parse("AH")
    assert len(state.tricks) == 7
    assert all(card.bit & NIL_KEEP for card in state.hand(1))
    view = observe(state, 0)
    for k in range(30):
        assert keeping(view, k, NIL_KEEP) == sample_state(view, rng=random.Random(k))
        sampled = keeping(view, k, NIL_KEEP, RULES_KEEP)
        assert observe(sampled, 0) == view
        assert all(card.bit & NIL_KEEP for card in sampled.hand(1)), sampled.hand(1)
        check_kept_pairs(sampled, 1, NIL_KEEP, RULES_KEEP)
        first = next(turn for turn in sampled.draws if turn.seat == 1)
        assert first.kept is not None
        assert first.kept.suit is Suit.HEARTS
        assert not first.kept.bit & NIL_KEEP
        assert first.discarded is not None
        assert first.discarded.bit & NIL_KEEP
    check_legal_position(sampled)
    play_out(sampled, 0)


def test_a_first_turn_rule_that_cannot_give_her_plays_gives_the_uniform_sample() -> None:
    """Rules: ref-sampling, reading-double-nil-timing.

    Her first turn by a rule that keeps no high heart (the double nil's and AD): it too
    leaves her at most six high cards, and she has shown seven.
    """
    view = observe(late_double_nil(), 0)
    first = NIL_KEEP | Card.parse("AD").bit
    for k in range(10):
        assert keeping(view, k, NIL_KEEP, first) == sample_state(view, rng=random.Random(k))


def test_a_first_turn_rule_like_the_others_is_one_rule() -> None:
    """Rules: ref-sampling, reading-double-nil-timing.

    A first turn's rule that keeps the same of her cards as the others' changes nothing.
    """
    view = observe(late_double_nil(), 0)
    seen = sum(card.bit for card in DECK if card.bit & ~NIL_KEEP and card.suit is Suit.SPADES)
    for state in positions(TWO_HANDED, 4, by_heuristic)[-30:]:
        two = observe(state, mover(state))
        for k in range(5):
            assert keeping(two, k, RULES_KEEP, RULES_KEEP) == keeping(two, k, RULES_KEEP)
    # The spades of eight and up are all the seat's here: a rule that adds them is the same.
    for k in range(5):
        assert keeping(view, k, NIL_KEEP, NIL_KEEP | seen) == keeping(view, k, NIL_KEEP)


@pytest.mark.parametrize("name", ["keeps", "first_keeps"])
def test_each_keep_rule_is_a_mask_of_cards(name: str) -> None:
    """Rule: ref-sampling."""
    view = observe(late_double_nil(), 0)

    def sample(value: object) -> State:
        rules = {"keeps": NIL_KEEP, "first_keeps": RULES_KEEP, name: value}
        return sample_state_keeping(view, rng=random.Random(0), **rules)  # type: ignore[arg-type]

    for wrong in (True, 1.0, "1"):
        with pytest.raises(TypeError, match=f"^{name} is a mask of cards, a whole number"):
            sample(wrong)
    for outside in (-1, 2**54):
        with pytest.raises(SpadesError, match=f"^{name} is a mask of cards, from 0"):
            sample(outside)
    assert observe(sample(FULL), 0) == view
