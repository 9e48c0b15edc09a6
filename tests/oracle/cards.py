"""Cards and moves as plain values: a card is its index in the library's order.

The library orders the cards by suit, then rank: clubs, diamonds, hearts, spades, each
from two to ace (docs/rules.md, rule-cards), then the little joker and the big joker
(rule-decks). Here a card is the number ``suit * 13 + rank`` in that order, the jokers 52
("LJ") and 53 ("BJ"), so that sorting cards sorts them as the library does; moves stay in
their canonical text ("bid 3", "bid nil", "play AS", "play BJ", "pass 2C 3D", ...). Which
texts are moves at all is the grammar of docs/porting.md (porting-move-grammar): `is_move`.

A ruleset's ``deck`` (rule-decks) and its number of players decide which cards a round
holds (`deck_cards`), which of them are spades and how the spades rank (`spade_cards`): the
suit a card plays as (`suit`) and its rank within that suit (`rank`) read them; every rule
here that reads a suit or a rank goes through those two. What a deck deals is named a
*pack* (`pack_of`): the deck's own name for two and four players, its 52 cards; the deck's
name and `` for three`` for three players (rule-three-players), who are dealt the standard
deck without the 2C (51 cards) or a joker deck whole (54 cards), 17 or 18 each
(`hand_size`). Wherever a function here takes a ``deck`` it takes a pack's name.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping

RANKS = "23456789TJQKA"
"""The ranks from two (low) to ace (high), as the notation writes them."""
SUITS = "CDHS"
"""The suits in the library's order: clubs, diamonds, hearts, spades."""
SPADES = 3
"""The trump suit's number: spades are always trump."""
LITTLE_JOKER = 52
"""The little joker ("LJ"), after the ace of spades in the library's order (rule-decks)."""
BIG_JOKER = 53
"""The big joker ("BJ"), the library's last card (rule-decks)."""
LIBRARY_DECK = [rank + suit for suit in SUITS for rank in RANKS]
"""The standard deck's 52 cards in the library's order: clubs, diamonds, hearts, spades; 2
to ace."""
CARD_NAMES = [*LIBRARY_DECK, "LJ", "BJ"]
"""Every card's text, by its number: the standard deck's 52, then the little and the big
joker (rule-decks)."""
IN_ORDER = list(range(52))
"""The library's order of the standard deck's cards (`spades.DECK`) as plain cards."""
DECKS = ("standard", "joker_joker_ace", "joker_joker_deuce_deuce")
"""The values of a ruleset's ``deck`` (rule-decks)."""
FOR_THREE = " for three"
"""What a deck's name takes on to name the pack it deals three players (rule-three-players)."""
PACKS = (*DECKS, *(deck + FOR_THREE for deck in DECKS))
"""The packs: each deck as two and four players are dealt it, then as three are."""
BLIND_NIL = "bid blind nil"
"""Blind nil (three and four players), or double nil (two players), in move notation."""
BLIND = "bid blind "
"""How a blind bid's text begins: blind nil, or a blind number ("bid blind 7",
rule-blind-bids)."""

_INDEX = {text: index for index, text in enumerate(CARD_NAMES)}


def _of(texts: str) -> list[int]:
    return [_INDEX[text] for text in texts.split()]


_LEFT_OUT = {
    "standard": _of("LJ BJ"),
    "joker_joker_ace": _of("2C 2D"),
    "joker_joker_deuce_deuce": _of("2C 2H"),
    "standard for three": _of("2C LJ BJ"),
    "joker_joker_ace for three": [],
    "joker_joker_deuce_deuce for three": [],
}
"""The cards each pack lacks of the 54 (rule-decks): the standard deck has no joker;
Joker-Joker-Ace puts them in for the 2C and the 2D, Joker-Joker-Deuce-Deuce for the 2C
and the 2H. Three players (rule-three-players): the standard deck without the 2C too, and
a joker deck whole, its two deuces back."""
_SPADE_ORDER = {
    "standard": _of("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"),
    "joker_joker_ace": _of("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS LJ BJ"),
    "joker_joker_deuce_deuce": _of("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S 2D LJ BJ"),
}
"""Each deck's spades, lowest first (rule-decks): the jokers rank above the ace, the big
over the little; under Joker-Joker-Deuce-Deuce the 2D, then the 2S, rank below the little
joker and above the ace, and the 2D is a spade in every rule. Three players have the same
spades (rule-three-players): the deuces that come back are plain cards of their suits, and
Joker-Joker-Deuce-Deuce's 2D stays a spade."""
_SPADE_ORDER |= {deck + FOR_THREE: _SPADE_ORDER[deck] for deck in DECKS}


def _plays_as(deck: str) -> tuple[dict[int, int], dict[int, int]]:
    """The suit each card of ``deck`` (a pack) plays as, and its rank within that suit: its
    printed suit and rank, but the pack's spades (`_SPADE_ORDER`) are spades ranked in that
    order."""
    held = [index for index in range(54) if index not in _LEFT_OUT[deck]]
    assert len(held) in (51, 52, 54), deck
    suits = {index: index // 13 for index in held}
    ranks = {index: index % 13 for index in held}
    for order, spade in enumerate(_SPADE_ORDER[deck]):
        suits[spade], ranks[spade] = SPADES, order
    return suits, ranks


_SUIT = {deck: _plays_as(deck)[0] for deck in PACKS}
"""By pack, the suit each of its cards plays as."""
_RANK = {deck: _plays_as(deck)[1] for deck in PACKS}
"""By pack, each of its cards' rank within the suit it plays as: higher beats lower."""


def pack_of(rules: Mapping[str, Any]) -> str:
    """The name of the pack a ruleset deals: its ``deck``, or with three players the deck's
    name and `` for three`` (rule-three-players).

    >>> pack_of({"deck": "standard", "players": 3}), pack_of({"deck": "standard", "players": 2})
    ('standard for three', 'standard')
    """
    deck: str = rules["deck"]
    return deck + FOR_THREE if rules["players"] == 3 else deck


def hand_size(rules: Mapping[str, Any]) -> int:
    """The cards a hand holds, and so the tricks of a round: 13 (four players are dealt 52,
    two draw 13 each), or with three players the third of the pack: 17 or 18
    (rule-three-players).

    >>> [hand_size({"deck": deck, "players": 3}) for deck in DECKS]
    [17, 18, 18]
    """
    if rules["players"] != 3:
        return 13
    return len(deck_cards(pack_of(rules))) // 3


def deck_cards(deck: str = "standard") -> list[int]:
    """The cards of a pack (a ruleset's ``deck``, or the pack it deals three players), in the
    library's order: 52, or 51 or 54 for three (rule-decks, rule-three-players).

    >>> [len(deck_cards(pack)) for pack in PACKS]
    [52, 52, 52, 51, 54, 54]
    """
    return sorted(_SUIT[deck])


def spade_cards(deck: str = "standard") -> list[int]:
    """The cards that play as spades in a pack, lowest first: 13, or 15 with the jokers, or 16
    with the jokers and the 2D of Joker-Joker-Deuce-Deuce (rule-decks); the same for three
    players (rule-three-players).

    >>> " ".join(names(spade_cards("joker_joker_deuce_deuce")))
    '3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S 2D LJ BJ'
    >>> names(spade_cards("joker_joker_ace")[-3:]), len(deck_cards("joker_joker_ace"))
    (['AS', 'LJ', 'BJ'], 52)
    """
    return list(_SPADE_ORDER[deck])


def card(text: str) -> int:
    """A card's number in the library's order (suit * 13 + rank; the jokers 52 and 53),
    from its canonical text."""
    assert text in _INDEX, f"not a card: {text!r}"
    return _INDEX[text]


def cards(text: str) -> list[int]:
    """The cards of a space-separated text, in the order written."""
    return [card(word) for word in text.split()]


def name(index: int) -> str:
    """A card's canonical text."""
    return CARD_NAMES[index]


def names(indexes: list[int]) -> list[str]:
    """The canonical texts of some cards, in the order given."""
    return [CARD_NAMES[index] for index in indexes]


def suit(index: int, deck: str = "standard") -> int:
    """The suit a card plays as in ``deck``: 0 clubs, 1 diamonds, 2 hearts, 3 spades.

    Its printed suit, but a joker, and the 2D of Joker-Joker-Deuce-Deuce, are spades
    (rule-decks). A card the pack lacks has none: a `KeyError`.

    >>> deuce, joker = card("2D"), card("LJ")
    >>> suit(deuce), suit(deuce, "joker_joker_deuce_deuce"), suit(joker, "joker_joker_ace")
    (1, 3, 3)
    >>> suit(deuce, "joker_joker_ace for three"), suit(deuce, "joker_joker_deuce_deuce for three")
    (1, 3)
    """
    return _SUIT[deck][index]


def rank(index: int, deck: str = "standard") -> int:
    """A card's rank within the suit it plays as in ``deck``: a higher rank beats a lower.

    0 for the two up to 12 for the ace; among the spades, their place in the deck's order
    from the lowest (rule-decks). A card the pack lacks has none: a `KeyError`.
    """
    return _RANK[deck][index]


def cards_of(words: list[str]) -> list[int]:
    """The cards of a pass or an exchange, which must be distinct and in library order."""
    indexes = [card(word) for word in words]
    assert indexes == sorted(set(indexes)), f"cards not in library order: {' '.join(words)}"
    return indexes


_CARD = "(?:[2-9TJQKA][CDHS]|LJ|BJ)"
MOVE_GRAMMAR = re.compile(
    "|".join(
        [
            "bid (?:blind )?(?:-?[1-9][0-9]{0,2}|nil)",  # -999 to 999, never 0; blind too
            "look",
            f"play {_CARD}",
            f"pass(?: {_CARD}){{0,54}}",
            "keep",
            "reject",
            f"exchange(?: {_CARD}){{0,54}}",
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
