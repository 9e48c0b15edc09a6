"""Cards and moves as plain values: a card is its index in the library's order.

The library orders the cards by suit, then rank: clubs, diamonds, hearts, spades, each
from two to ace (docs/rules.md, rule-cards). Here a card is the number ``suit * 13 +
rank`` in that order, so that sorting cards sorts them as the library does; moves stay
in their canonical text ("bid 3", "bid nil", "play AS", "pass 2C 3D", ...). Which texts
are moves at all is the grammar of docs/porting.md (porting-move-grammar): `is_move`.
"""

from __future__ import annotations

import re

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
BLIND = "bid blind "
"""How a blind bid's text begins: blind nil, or a blind number ("bid blind 7",
rule-blind-bids)."""


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


_CARD = "[2-9TJQKA][CDHS]"
MOVE_GRAMMAR = re.compile(
    "|".join(
        [
            "bid (?:blind )?(?:-?[1-9][0-9]{0,2}|nil)",  # -999 to 999, never 0; blind too
            "look",
            f"play {_CARD}",
            f"pass(?: {_CARD}){{0,52}}",
            "keep",
            "reject",
            f"exchange(?: {_CARD}){{0,52}}",
        ]
    ),
    re.ASCII,
)
"""The move grammar of docs/porting.md (porting-move-grammar), matched against a whole text."""


def is_move(text: str) -> bool:
    """Whether ``text`` is a move's canonical text, by the grammar (porting-move-grammar).

    The ABNF rules, case-sensitive, single spaces, no leading zero, no sign but ``-``, a bid
    of -999 to 999 but never 0; and the one condition the grammar cannot say: the cards of
    a pass or an exchange are distinct and in library order. Whether the move is legal
    anywhere (``bid 14`` never is) is not the grammar's business.
    """
    if MOVE_GRAMMAR.fullmatch(text) is None:
        return False
    kind, *words = text.split(" ")
    if kind in ("pass", "exchange"):
        indexes = [card(word) for word in words]
        return indexes == sorted(set(indexes))
    return True


def bid_value(text: str) -> tuple[int, bool]:
    """The number and the blindness of a bid's canonical text ("bid 3", "bid nil",
    "bid blind nil", "bid blind 7")."""
    assert text.startswith("bid "), f"not a bid: {text!r}"
    assert is_move(text), f"not a bid: {text!r}"
    blind = text.startswith(BLIND)
    number = text.removeprefix(BLIND if blind else "bid ")
    return (0 if number == "nil" else int(number)), blind


def check_canonical(move: str) -> None:
    """Fail (with an `AssertionError`) unless ``move`` is a move's canonical text."""
    assert isinstance(move, str), f"a move is a text, not {move!r}"
    assert is_move(move), f"not a move: {move!r}"
