"""The decks with jokers: the cards, the suits and ranks each deck gives, and the engine.

The rules are docs/rules.md's rule-decks: the jokers are spades above the ace, and under
Joker-Joker-Deuce-Deuce the 2♦ is a spade ranked with the 2♠ above the ace. The trick
rules' functions read the deck; `apply`'s joker path is held here to its standard fast
path, and the engine to the tests' oracle by the property tests.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

from helpers import bid_all, play, start
from spades import (
    CLASSIC,
    DECK,
    JOKERS,
    Bidding,
    Card,
    Deck,
    IllegalMoveError,
    Phase,
    Play,
    Rank,
    Reason,
    Ruleset,
    SpadesError,
    State,
    Suit,
    allowed_bids,
    apply,
    legal_moves,
    new_game,
    observe,
    playable,
    round_deck,
    sample_state,
    spades_broken_by,
    winning_card,
)
from spades._cards import ALL_CARDS
from spades._engine import _play_any_deck
from spades._view_check import view_problem

JJA, JJDD = Deck.JOKER_JOKER_ACE, Deck.JOKER_JOKER_DEUCE_DEUCE


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_the_jokers_are_written_lj_and_bj_and_are_spades_after_the_ace() -> None:
    """Rule: rule-decks."""
    little, big = JOKERS
    assert (str(little), str(big)) == ("LJ", "BJ")
    assert (Card.parse("lj"), Card.parse(" BJ ")) == (little, big)
    assert (little.index, big.index) == (52, 53)
    assert little.suit is big.suit is Suit.SPADES
    assert (little.rank, big.rank) == (Rank.LITTLE_JOKER, Rank.BIG_JOKER)
    assert (*DECK, little, big) == ALL_CARDS
    assert repr(big) == "Card.parse('BJ')"
    with pytest.raises(SpadesError, match="a joker is a spade"):
        Card(Rank.BIG_JOKER, Suit.HEARTS)


@pytest.mark.parametrize(
    ("deck", "removed", "spades"),
    [
        (Deck.STANDARD, "", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),
        (JJA, "2C 2D", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS LJ BJ"),
        (JJDD, "2C 2H", "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S 2D LJ BJ"),
    ],
)
def test_each_deck_has_52_cards_and_its_spades_in_order(
    deck: Deck, removed: str, spades: str
) -> None:
    """Each deck's cards, and its spades from the lowest to the highest.

    Rule: rule-decks.
    """
    assert len(deck.cards) == 52
    assert set(ALL_CARDS) - set(deck.cards) == set(cards(removed)) | (
        set() if deck.jokers else set(JOKERS)
    )
    assert deck.spade_cards == tuple(cards(spades))
    assert [deck.suit_of(card) is Suit.SPADES for card in deck.cards].count(True) == len(
        deck.spade_cards
    )
    for lower, higher in itertools.pairwise(deck.spade_cards):
        assert deck.rank_order(lower) < deck.rank_order(higher)
        assert winning_card([lower, higher], rules=Ruleset(deck=deck)) is higher
        assert winning_card([higher, lower], rules=Ruleset(deck=deck)) is higher


def test_the_two_of_diamonds_is_a_spade_under_joker_joker_deuce_deuce() -> None:
    """It follows a spade lead, cannot follow a diamond lead, breaks spades, trumps.

    Rule: rule-decks.
    """
    rules = Ruleset(deck=JJDD)
    hand = cards("2D KH")
    assert playable(hand, cards("5S"), spades_broken=True, rules=rules) == (Card.parse("2D"),)
    assert playable(hand, cards("5D"), spades_broken=True, rules=rules) == tuple(hand)
    assert playable(cards("2D 5D"), cards("AD"), spades_broken=True, rules=rules) == (
        Card.parse("5D"),
    )
    assert playable(cards("2D 5D"), [], spades_broken=False, rules=rules) == (Card.parse("5D"),)
    assert spades_broken_by(cards("AH 2D"), rules=rules)
    assert not spades_broken_by(cards("AH 2D"))
    assert winning_card(cards("AD KD 2D"), rules=rules) == Card.parse("2D")
    assert winning_card(cards("3D AD KD"), rules=rules) == Card.parse("AD")
    assert winning_card(cards("3D AD 2D"), rules=CLASSIC) == Card.parse("AD")


def test_a_joker_is_led_only_once_spades_are_broken() -> None:
    """Rules: rule-decks, rule-spades-broken."""
    rules = Ruleset(deck=JJA)
    assert playable(cards("5H BJ"), [], spades_broken=False, rules=rules) == (Card.parse("5H"),)
    assert playable(cards("LJ BJ"), [], spades_broken=False, rules=rules) == tuple(cards("LJ BJ"))
    assert playable(cards("5H BJ"), cards("5S"), spades_broken=False, rules=rules) == (
        Card.parse("BJ"),
    )


@pytest.mark.parametrize(
    ("deck", "trick", "wins"),
    [
        (JJA, "AS LJ KS", "LJ"),
        (JJA, "LJ BJ AS", "BJ"),
        (JJA, "KH 2S AH", "2S"),
        (JJDD, "AS 2S KS", "2S"),
        (JJDD, "2S 2D AS", "2D"),
        (JJDD, "2D LJ 2S", "LJ"),
        (JJDD, "KH LJ BJ", "BJ"),
    ],
)
def test_the_jokers_and_the_deuces_win_as_the_spades_they_rank_as(
    deck: Deck, trick: str, wins: str
) -> None:
    """Rules: rule-decks, rule-trick-winner."""
    assert winning_card(cards(trick), rules=Ruleset(deck=deck)) == Card.parse(wins)


def test_a_card_outside_the_deck_is_refused() -> None:
    """A deck order, a hand and a trick hold only the ruleset's cards.

    Rule: rule-decks.
    """
    rules = Ruleset(deck=JJDD)
    with pytest.raises(SpadesError, match="has no 2C"):
        new_game(rules, deck=DECK)
    with pytest.raises(SpadesError, match="2H, which the joker-joker-deuce-deuce deck has not"):
        playable(cards("2H 3H"), [], spades_broken=False, rules=rules)
    with pytest.raises(SpadesError, match="BJ, which the standard deck has not"):
        winning_card(cards("AS BJ"))
    with pytest.raises(SpadesError, match="LJ, which the standard deck has not"):
        spades_broken_by(cards("LJ"))
    with pytest.raises(SpadesError, match="the joker-joker-ace deck has no 2D"):
        Deck.JOKER_JOKER_ACE.rank_order(Card.parse("2D"))


def test_round_deck_shuffles_the_decks_own_cards() -> None:
    """Rules: rule-decks, rule-seeded-deal."""
    for deck in Deck:
        rules = Ruleset(deck=deck)
        order = round_deck(7, 2, rules=rules)
        assert sorted(order) == list(deck.cards)
        assert (
            new_game(rules, seed=7).hands
            == new_game(rules, deck=round_deck(7, 1, rules=rules)).hands
        )
    assert round_deck(7, 2) == round_deck(7, 2, rules=CLASSIC)


def test_whiz_and_mirror_count_the_jokers_and_the_two_of_diamonds() -> None:
    """Rules: rule-decks, rule-whiz, rule-mirror."""
    hand = cards("BJ 2D 5S 2S 3H 4H 5H 6H 7H 8H 9H TH JH")
    for deck, count in ((JJDD, 4), (JJA, 3)):
        if deck is JJA:
            hand = cards("BJ LJ 5S 3H 4H 5H 6H 7H 8H 9H TH JH QH")
        whiz = Ruleset(deck=deck, bidding=Bidding.WHIZ)
        mirror = Ruleset(deck=deck, bidding=Bidding.MIRROR)
        assert allowed_bids(whiz, [None] * 4, 1, hand=hand) == (0, count)
        assert allowed_bids(mirror, [None] * 4, 1, hand=hand) == (count,)


SPADES_TO_SEAT_1 = {
    1: "BJ LJ 2D 2S AS KS QS JS TS 9S 8S 7S 6S",
    2: "5S 4S 3S 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    3: "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KD",
    0: "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
}


def _first_trick_played(state: State) -> State:
    return play(bid_all(state), "6S", "3S", "3C", "3H")


def test_seats_void_in_spades_are_dealt_no_joker_nor_two_of_diamonds() -> None:
    """`sample_state` deals the unseen spades of a joker deck to the seats that may hold them.

    Seats 3 and 0 showed void in spades on seat 1's spade lead, so every sample gives seat
    1's hidden spades (the jokers and the 2♦ among them) back to seat 1.

    Rules: rule-decks, rule-follow-suit.
    """
    state = _first_trick_played(start(Ruleset(deck=JJDD), SPADES_TO_SEAT_1))
    assert state.tricks[0].winner == 1
    view = observe(state, 2)
    rng = random.Random(3)
    spades = Deck.JOKER_JOKER_DEUCE_DEUCE.spades
    for _ in range(20):
        sampled = sample_state(view, rng=rng)
        assert observe(sampled, 2) == view
        for seat in (3, 0):
            assert not any(card.bit & spades for card in sampled.hand(seat))


def test_the_view_check_refuses_a_card_outside_the_deck() -> None:
    """Rule: rule-decks."""
    view = observe(_first_trick_played(start(Ruleset(deck=JJDD), SPADES_TO_SEAT_1)), 1)
    assert view_problem(view) is None
    problem = view_problem(attrs.evolve(view, rules=Ruleset()))
    assert problem == ("hand", "holds LJ, which the standard deck has not")
    with pytest.raises(SpadesError, match="no game gives this view"):
        sample_state(attrs.evolve(view, rules=Ruleset()), rng=random.Random(1))


def test_illegal_plays_of_a_joker_deck_name_the_suit_the_card_plays_as() -> None:
    """A diamond lead is not followed with the 2♦ of Joker-Joker-Deuce-Deuce.

    Rule: rule-decks.
    """
    state = start(
        Ruleset(deck=JJDD),
        {
            1: "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            2: "2D 3D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
            3: "BJ LJ 2S AS KS QS JS TS 9S 8S 7S 6S 5S",
            0: "4S 3S 4D 5D 6D 7D 8D 9D TD JD QD KD AC",
        },
    )
    state = play(bid_all(state), "AD")
    assert legal_moves(state) == (Play(Card.parse("3D")),)
    with pytest.raises(IllegalMoveError, match="diamonds were led") as raised:
        apply(state, Play(Card.parse("2D")))
    assert raised.value.reason is Reason.MUST_FOLLOW_SUIT
    state = apply(state, Play(Card.parse("3D")))
    assert len(legal_moves(state)) == 13  # seat 3 holds no diamond: her spades all trump
    state = apply(state, Play(Card.parse("5S")))
    state = apply(state, Play(Card.parse("4D")))
    assert state.tricks[0].winner == 3
    assert state.spades_broken
    assert state.phase is Phase.PLAYING


@pytest.mark.parametrize("seed", range(6))
def test_play_any_deck_is_the_fast_path_on_the_standard_deck(seed: int) -> None:
    """`_play_any_deck`, the joker decks' form of a play, gives `apply`'s fast path's state.

    Random legal games under the standard deck: at every play both forms agree.

    Rules: rule-decks, rule-follow-suit, rule-trick-winner, rule-spades-broken.
    """
    rng = random.Random(seed)
    state = new_game(CLASSIC, seed=seed)
    plays = 0
    while not state.is_over and plays < 200:
        move = rng.choice(legal_moves(state))
        after = apply(state, move)
        if isinstance(move, Play):
            assert _play_any_deck(state, move.card) == after
            plays += 1
        state = after
    assert plays == 200
