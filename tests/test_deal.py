"""Starting a game and dealing: one card at a time from the first bidder, seeded decks."""

from __future__ import annotations

import random

import pytest

import oracle
from helpers import (
    BLIND_ANYTIME,
    C,
    bid_all,
    engine_cards,
    play_out_round,
    reference_cards,
    rules_data,
)
from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    Bid,
    Card,
    Look,
    Ruleset,
    SpadesError,
    State,
    apply,
    deal,
    new_game,
    round_deck,
)


def dealt_by_seat(deck: list[Card], rules: Ruleset, dealer: int) -> list[set[Card]]:
    """Each seat's cards as the tests' reference deals ``deck``: card ``i`` goes to the
    ``i % 4``-th seat from the first bidder."""
    hands = oracle.deal(rules_data(rules), dealer, reference_cards(deck))
    return [set(engine_cards(hand)) for hand in hands]


def blake2b_deck(seed: int, round_number: int) -> tuple[Card, ...]:
    """`round_deck` as the tests' reference writes it out from its documentation."""
    return engine_cards(oracle.round_deck(seed, round_number))


@pytest.mark.parametrize(
    ("rules", "seats"),
    [
        # Left of the dealer (seat 1) gets the first card, then seats 2, 3 and the dealer.
        (CLASSIC, (1, 2, 3, 0)),
        # Right of the dealer (seat 3) gets the first card, then seats 2, 1 and the dealer.
        (MINIOKEY, (3, 2, 1, 0)),
    ],
    ids=["classic", "miniokey"],
)
def test_deck_in_order_dealer_0_exact_hands(rules: Ruleset, seats: tuple[int, ...]) -> None:
    """Rule: rule-deal."""
    state = new_game(rules, seed=0, dealer=0, deck=DECK)
    for offset, seat in enumerate(seats):
        assert state.hand(seat) == DECK[offset::4]
    assert state.hand(seats[0])[:4] == (C("2C"), C("6C"), C("TC"), C("AC"))
    assert state.hand(0)[-2:] == (C("TS"), C("AS"))


@pytest.mark.parametrize("rules", [CLASSIC, MINIOKEY])
@pytest.mark.parametrize("dealer", range(4))
def test_deal_goes_one_card_at_a_time_from_the_first_bidder_in_the_direction_of_play(
    rules: Ruleset, dealer: int
) -> None:
    """Rule: rule-deal."""
    deck = list(DECK)
    random.Random(dealer).shuffle(deck)
    state = new_game(rules, seed=0, dealer=dealer, deck=deck)
    assert [set(hand) for hand in state.hands] == dealt_by_seat(deck, rules, dealer)
    first = (dealer + rules.direction.step) % 4
    assert state.to_move == first
    assert deck[0] in state.hand(first)
    assert deck[3] in state.hand(dealer)
    assert deck[51] in state.hand(dealer)


def test_every_card_is_dealt_once_13_to_a_seat() -> None:
    """Rule: rule-deal."""
    state = new_game(CLASSIC, seed=3)
    assert [len(hand) for hand in state.hands] == [13, 13, 13, 13]
    assert sorted(card for hand in state.hands for card in hand) == list(DECK)
    masks = state.hand_masks
    assert masks[0] | masks[1] | masks[2] | masks[3] == (1 << 52) - 1
    assert sum(masks) == (1 << 52) - 1


def test_same_seed_same_game() -> None:
    """Rule: rule-seeded-deal."""
    assert new_game(CLASSIC, seed=42) == new_game(CLASSIC, seed=42)
    assert new_game(CLASSIC, seed=42).hands != new_game(CLASSIC, seed=43).hands


def test_without_a_deck_the_first_round_is_dealt_from_round_deck_of_the_seed() -> None:
    """Rule: rule-seeded-deal."""
    for seed in (0, 1, 2**70, 2**128 - 1):
        state = new_game(MINIOKEY, seed=seed, dealer=1)
        assert state.seed == seed
        assert state == new_game(MINIOKEY, seed=seed, dealer=1, deck=round_deck(seed, 1))


@pytest.mark.parametrize("seed", [-1, -5, 2**128, 10**5000], ids=["-1", "-5", "2**128", "10**5000"])
def test_a_seed_is_a_whole_number_from_0_below_2_to_the_128(seed: int) -> None:
    with pytest.raises(SpadesError, match=r"from 0 to 2\*\*128 - 1"):
        new_game(CLASSIC, seed=seed)
    with pytest.raises(SpadesError, match=r"from 0 to 2\*\*128 - 1"):
        round_deck(seed, 2)


@pytest.mark.parametrize(
    ("number", "error"), [(0, SpadesError), (-1, SpadesError), (1.0, TypeError)]
)
def test_rounds_count_from_1(number: int, error: type[Exception]) -> None:
    with pytest.raises(error, match="round"):
        round_deck(5, number)


def test_round_deck_is_a_seeded_shuffle_of_the_deck() -> None:
    """Rule: rule-seeded-deal."""
    for number in (1, 2, 3, 25):
        assert round_deck(7, number) == blake2b_deck(7, number)
    for number in (1, 2, 3, 25):
        assert sorted(round_deck(7, number)) == list(DECK)
    assert round_deck(7, 2) == round_deck(7, 2)
    assert len({round_deck(7, number) for number in (1, 2, 3, 4)}) == 4
    assert round_deck(7, 1) != round_deck(8, 1)


def test_round_deck_is_pinned() -> None:
    """Rule: rule-seeded-deal."""
    # Decks must not change between versions: a game started from a seed is that game.
    # Round 1 changed once, with the data format's version 2: it was Python's
    # random.Random(seed).shuffle, and is now the BLAKE2b shuffle of every later round.
    assert [str(card) for card in round_deck(0, 1)[:6]] == ["QS", "3C", "2D", "6S", "KS", "TS"]
    assert [str(card) for card in round_deck(0, 2)[:6]] == ["QC", "4D", "AH", "TS", "3S", "2D"]


def test_without_a_seed_a_fresh_one_is_drawn_and_kept() -> None:
    """Rule: rule-seeded-deal."""
    state = new_game(CLASSIC)
    assert type(state.seed) is int
    assert 0 <= state.seed < 2**64
    assert state == new_game(CLASSIC, seed=state.seed)
    assert new_game(CLASSIC).seed != state.seed  # two 64-bit draws


def test_a_given_deck_keeps_the_seed_for_later_rounds() -> None:
    """Rule: rule-own-deal."""
    state = new_game(CLASSIC, seed=99, deck=DECK)
    assert state.seed == 99
    assert state.hand(1) == DECK[0::4]


@pytest.mark.parametrize("rules", ["classic", None, 4])
def test_new_game_takes_a_ruleset(rules: object) -> None:
    with pytest.raises(TypeError, match="new_game takes a Ruleset"):
        new_game(rules, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("dealer", [-1, 4, 7])
def test_dealer_is_a_seat_from_0_to_3(dealer: int) -> None:
    with pytest.raises(SpadesError, match="the dealer is a seat from 0 to 3"):
        new_game(CLASSIC, seed=1, dealer=dealer)


@pytest.mark.parametrize("dealer", [True, False, "0", 1.0, None])
def test_dealer_is_a_seat_number(dealer: object) -> None:
    with pytest.raises(TypeError, match="the dealer is a seat number"):
        new_game(CLASSIC, seed=1, dealer=dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", ["1", 1.5, True, b"1", (1,)])
def test_seed_is_a_whole_number(seed: object) -> None:
    with pytest.raises(TypeError, match="a seed is a whole number"):
        new_game(CLASSIC, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "deck",
    ["2C 3C", " ".join(map(str, DECK)), set(DECK), frozenset(DECK), iter(DECK), 52, 1.5],
)
def test_deck_is_a_sequence(deck: object) -> None:
    with pytest.raises(TypeError, match="a deck is a sequence of 52 cards"):
        new_game(CLASSIC, seed=1, deck=deck)  # type: ignore[arg-type]


@pytest.mark.parametrize("stranger", ["AS", None, 51, Bid(3)])
def test_deck_holds_cards(stranger: object) -> None:
    deck: list[object] = [*DECK[:51], stranger]
    with pytest.raises(TypeError, match="a deck holds cards"):
        new_game(CLASSIC, seed=1, deck=deck)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deck", "counts"),
    [
        (DECK[:51], "51 of 51"),
        ((*DECK, DECK[0]), "52 of 53"),
        ((*DECK[:51], DECK[0]), "51 of 52"),
        ((), "0 of 0"),
    ],
)
def test_deck_is_52_distinct_cards(deck: tuple[Card, ...], counts: str) -> None:
    with pytest.raises(SpadesError, match=f"a deck is 52 distinct cards; this one has {counts}"):
        new_game(CLASSIC, seed=1, deck=deck)


def test_deal_replaces_the_cards_before_the_first_move() -> None:
    """Rule: rule-own-deal."""
    state = new_game(CLASSIC, seed=5, dealer=2)
    dealt = deal(state, DECK)
    assert dealt.hands != state.hands
    assert dealt == new_game(CLASSIC, seed=5, dealer=2, deck=DECK)
    assert dealt.hand(3) == DECK[0::4]
    assert (dealt.dealer, dealt.round_number, dealt.seed) == (2, 1, 5)
    assert dealt.to_move == 3
    assert deal(state, list(DECK)) == dealt


def test_deal_in_a_later_round_keeps_scores_bags_and_rounds() -> None:
    """Rule: rule-own-deal."""
    state = play_out_round(
        new_game(CLASSIC, seed=5),
        lambda moves: moves[4] if isinstance(moves[0], Bid) else moves[0],
    )
    dealt = deal(state, DECK)
    assert dealt.round_number == 2
    assert dealt.dealer == 1
    assert dealt.hand(2) == DECK[0::4]
    assert (dealt.scores, dealt.bags, dealt.rounds) == (state.scores, state.bags, state.rounds)
    assert state.rounds


def _refused(state: State) -> None:
    with pytest.raises(SpadesError, match="only before its first move"):
        deal(state, DECK)


def test_deal_is_refused_after_a_bid() -> None:
    """Rule: rule-own-deal."""
    _refused(apply(new_game(CLASSIC, seed=5), Bid(3)))


def test_deal_is_refused_after_a_look() -> None:
    """Rule: rule-own-deal."""
    state = new_game(BLIND_ANYTIME, seed=5)
    _refused(apply(state, Look()))


def test_deal_is_refused_during_play_and_after_the_game() -> None:
    """Rule: rule-own-deal."""
    state = bid_all(new_game(Ruleset(round_cap=1), seed=5))
    _refused(state)
    state = play_out_round(state, lambda moves: moves[0])
    assert state.is_over
    _refused(state)


def test_deal_checks_the_deck() -> None:
    state = new_game(CLASSIC, seed=5)
    with pytest.raises(TypeError):
        deal(state, "2C 3C")  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="52 distinct cards"):
        deal(state, DECK[:40])
