"""The documented shuffle of every round's deck and of the double nil exchange (rule-seeded-deal).

The 512-bit BLAKE2b digest of a text is read as a little-endian number ``x``; then
Fisher-Yates from the top: for ``i`` from the last index down to 1, ``x, j = divmod(x,
i + 1)`` and items ``i`` and ``j`` swap. Round *r* of a game with seed *s* is dealt from
the shuffle, with the text ``f"{s}:{r}"``, of the cards of the ruleset's pack in the
library's order (rule-decks: the standard deck's 52, or a joker deck's, whose jokers come
last; three players' 51 or 54, rule-three-players); a double nil exchange by seat *p*
draws from the discards shuffled with ``f"{s}:{r}:exchange:{p}"``.
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

from oracle.cards import deck_cards, pack_of
from oracle.rules import CLASSIC, Rules

T = TypeVar("T")


def digest_number(text: str) -> int:
    """The 512-bit BLAKE2b digest of ``text`` (UTF-8) as a little-endian number."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=64).digest(), "little")


def shuffled(number: int, items: list[T]) -> list[T]:
    """``items`` shuffled Fisher-Yates from the top with the digits of ``number``."""
    pile = list(items)
    for i in range(len(pile) - 1, 0, -1):
        number, j = divmod(number, i + 1)
        pile[i], pile[j] = pile[j], pile[i]
    return pile


def exchange_draw(seed: int, round_number: int, seat: int, discards: list[int]) -> list[int]:
    """The order in which a double nil exchange draws from the discards (rule-exchange)."""
    return shuffled(digest_number(f"{seed}:{round_number}:exchange:{seat}"), discards)


def round_deck(seed: int, round_number: int, *, rules: Rules = CLASSIC) -> list[int]:
    """The deck of round ``round_number`` (from 1) of a seeded game under ``rules``: its
    pack's cards (`pack_of`) in the library's order, shuffled (rule-seeded-deal,
    rule-decks, rule-three-players)."""
    assert round_number >= 1
    return shuffled(digest_number(f"{seed}:{round_number}"), deck_cards(pack_of(rules)))
