"""Cards: the 52 singletons, their order, and the short notation that round-trips."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from spades import DECK, Card, NotationError, Rank, SpadesError, Suit, cards_in


def test_deck_is_52_distinct_cards_clubs_to_spades_two_to_ace() -> None:
    """Rule: rule-cards."""
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert [card.suit for card in DECK[::13]] == list(Suit)
    assert [card.rank for card in DECK[:13]] == list(Rank)[:13]  # the jokers' ranks follow
    assert [card.index for card in DECK] == list(range(52))


@pytest.mark.parametrize("card", DECK, ids=str)
def test_str_round_trips_through_parse_for_every_card(card: Card) -> None:
    """Rule: rule-cards."""
    text = str(card)
    assert len(text) == 2
    assert Card.parse(text) is card
    assert Card.parse(text.lower()) is card
    assert repr(card) == f"Card.parse({text!r})"


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", Rank.ACE, Suit.SPADES),
        ("as", Rank.ACE, Suit.SPADES),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("TD", Rank.TEN, Suit.DIAMONDS),
        ("td", Rank.TEN, Suit.DIAMONDS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("  qs\n", Rank.QUEEN, Suit.SPADES),
        ("\tJd ", Rank.JACK, Suit.DIAMONDS),
        ("K♠", Rank.KING, Suit.SPADES),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("3♦", Rank.THREE, Suit.DIAMONDS),
        ("a♣", Rank.ACE, Suit.CLUBS),
    ],
)
def test_parse_reads_rank_then_suit_any_case_ten_as_t_or_10_and_suit_symbols(
    text: str, rank: Rank, suit: Suit
) -> None:
    """Rule: rule-cards."""
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "A",
        "S",
        "1S",
        "11S",
        "AX",
        "ASS",
        "S A",
        "A S",
        "1 0H",
        "10",
        "♠",
        "ZZ",
        "0S",
        "AS,",
    ],
)
def test_malformed_card_text_raises_notation_error_quoting_the_input(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, SpadesError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 14, b"AS", Card.parse("AS")])
def test_parse_of_a_non_string_raises_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="string"):
        Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "suit"),
    [(14, Suit.SPADES), (Rank.ACE, 3), ("A", "S"), (Suit.SPADES, Rank.ACE), (None, None)],
)
def test_card_constructor_takes_a_rank_and_a_suit(rank: object, suit: object) -> None:
    with pytest.raises(TypeError, match="Rank and a Suit"):
        Card(rank, suit)  # type: ignore[arg-type]


def test_cards_are_singletons() -> None:
    assert Card(Rank.ACE, Suit.SPADES) is Card.parse("AS") is DECK[51]
    assert Card(Rank.TWO, Suit.CLUBS) is DECK[0]


JOKER_BITS = 0b11 << 52
"""The jokers' bits: a spade's suit bits hold them (rule-decks)."""


def test_card_index_bit_and_suit_bits() -> None:
    for card in DECK:
        assert card.index == 13 * card.suit.value + card.rank.value - 2
        assert card.bit == 1 << card.index
        assert card.suit_bits == card.suit.mask | (JOKER_BITS if card.suit is Suit.SPADES else 0)
        assert card.suit_bits & card.bit


def test_cards_are_ordered_by_suit_then_rank() -> None:
    """Rule: rule-cards."""
    shuffled = list(DECK)
    random.Random(5).shuffle(shuffled)
    assert sorted(shuffled) == list(DECK)
    assert Card.parse("AC") < Card.parse("2D") < Card.parse("2H") < Card.parse("2S")
    assert Card.parse("3S") < Card.parse("AS")
    assert Card.parse("AS") > Card.parse("KS") >= Card.parse("KS")
    assert Card.parse("2C") <= Card.parse("2C")
    assert not Card.parse("5H") < Card.parse("5H")
    assert max(DECK) is Card.parse("AS")
    assert min(DECK) is Card.parse("2C")


def test_cards_compare_by_value_and_never_equal_other_types() -> None:
    assert Card.parse("10s") == Card.parse("TS")
    assert Card.parse("TS") != Card.parse("TH")
    assert Card.parse("TS") != "TS"  # type: ignore[comparison-overlap]
    assert hash(Card.parse("TS")) == hash(Card.parse("ts"))
    with pytest.raises(TypeError):
        _ = Card.parse("TS") < "TS"  # type: ignore[operator]


def test_cards_are_immutable() -> None:
    card = Card.parse("QH")
    with pytest.raises(AttributeError, match="immutable"):
        card.rank = Rank.KING
    with pytest.raises(AttributeError, match="immutable"):
        card.extra = 1
    with pytest.raises(AttributeError, match="immutable"):
        del card.suit
    assert card.rank is Rank.QUEEN
    assert card.suit is Suit.HEARTS


def test_cards_survive_pickle_and_copy_as_the_same_singleton() -> None:
    for card in DECK:
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(DECK)) == DECK


def test_suit_and_rank_notation() -> None:
    assert [suit.letter for suit in Suit] == ["C", "D", "H", "S"]
    assert [str(suit) for suit in Suit] == ["clubs", "diamonds", "hearts", "spades"]
    assert [rank.symbol for rank in Rank] == [*"23456789TJQKA", "LJ", "BJ"]
    assert "".join(map(str, Rank)) == "23456789TJQKALJBJ"
    assert sum(suit.mask for suit in Suit) == (1 << 52) - 1
    assert Rank.ACE > Rank.KING > Rank.TWO
    assert int(Rank.TEN) == 10


def test_cards_in_lists_the_cards_of_a_mask_in_library_order() -> None:
    assert cards_in(0) == ()
    assert cards_in((1 << 52) - 1) == DECK
    picked = [Card.parse("AS"), Card.parse("2C"), Card.parse("TH")]
    assert cards_in(sum(card.bit for card in picked)) == tuple(sorted(picked))
    assert cards_in(Suit.HEARTS.mask) == DECK[26:39]
