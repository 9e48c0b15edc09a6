"""Cards and moves as plain values: a card is its index in the library's order.

The library orders the cards by suit, then rank: clubs, diamonds, hearts, spades, each
from two to ace (docs/rules.md, rule-cards). Here a card is the number ``suit * 13 +
rank`` in that order, so that sorting cards sorts them as the library does; moves stay
in their canonical text ("bid 3", "bid nil", "play AS", "pass 2C 3D", ...).
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
"""The ranks from two (low) to ace (high), as the notation writes them."""
SUITS = "CDHS"
"""The suits in the library's order: clubs, diamonds, hearts, spades."""
SPADES = 3
"""The trump suit's number: spades are always trump."""
LIBRARY_DECK = [rank + suit for suit in SUITS for rank in RANKS]
"""The 52 cards in the library's order: clubs, diamonds, hearts, spades; 2 to ace."""
IN_ORDER = list(range(52))
"""The library's order of the cards (`spades.DECK`) as a deck of plain cards."""
BLIND_NIL = "bid blind nil"
"""Blind nil (four players), or double nil (two players), in move notation."""


def card(text: str) -> int:
    """A card's index in the library's order (suit * 13 + rank), from its canonical text."""
    assert len(text) == 2, f"not a card: {text!r}"
    assert text[0] in RANKS, f"not a card: {text!r}"
    assert text[1] in SUITS, f"not a card: {text!r}"
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def cards(text: str) -> list[int]:
    """The cards of a space-separated text, in the order written."""
    return [card(word) for word in text.split()]


def name(index: int) -> str:
    """A card's canonical text."""
    return LIBRARY_DECK[index]


def names(indexes: list[int]) -> list[str]:
    """The canonical texts of some cards, in the order given."""
    return [LIBRARY_DECK[index] for index in indexes]


def suit(index: int) -> int:
    """A card's suit: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return index // 13


def rank(index: int) -> int:
    """A card's rank: 0 for the two up to 12 for the ace."""
    return index % 13


def cards_of(words: list[str]) -> list[int]:
    """The cards of a pass or an exchange, which must be distinct and in library order."""
    indexes = [card(word) for word in words]
    assert indexes == sorted(set(indexes)), f"cards not in library order: {' '.join(words)}"
    return indexes


def bid_value(text: str) -> tuple[int, bool]:
    """The number and the blindness of a bid's canonical text ("bid 3", "bid nil", ...)."""
    if text == "bid nil":
        return 0, False
    if text == BLIND_NIL:
        return 0, True
    words = text.split()
    assert len(words) == 2, f"not a bid: {text!r}"
    assert words[0] == "bid", f"not a bid: {text!r}"
    assert words[1].lstrip("-").isdigit(), f"not a bid: {text!r}"
    number = int(words[1])
    assert number != 0, f"nil is written 'bid nil', not {text!r}"
    assert str(number) == words[1], f"not canonical: {text!r}"
    return number, False


def check_canonical(move: str) -> None:
    """Fail (with an `AssertionError`) unless ``move`` is a move's canonical text."""
    words = move.split(" ")
    kind = words[0]
    if kind in ("look", "keep", "reject"):
        assert words == [kind], f"not a move: {move!r}"
    elif kind == "bid":
        bid_value(move)
    elif kind == "play":
        assert len(words) == 2, f"not a move: {move!r}"
        card(words[1])
    elif kind in ("pass", "exchange"):
        cards_of(words[1:])
    else:
        raise AssertionError(f"not a move: {move!r}")
