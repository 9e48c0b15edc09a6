"""Simple policies for every game at once: source B's fallback rule, as array operations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from spades._decks import Deck, Pack
from spades._errors import SpadesError, shown
from spades._moves import Exchange, Pass
from spades._rules import Bidding
from spades.batch._codes import (
    ACTION_OF_SLOT,
    BIDDING,
    CARD_SLOTS,
    DRAWING,
    EXCHANGING,
    PASSING,
    PLAYING,
    bids_from,
    deck_tables,
)
from spades.batch._legal import LOOK_BIT
from spades.batch._rows import read_state
from spades.encoding import KEEP, LOOK, REJECT

if TYPE_CHECKING:
    import numpy.typing as npt

    from spades._rules import Ruleset
    from spades.batch._layout import Arrays

__all__ = ["POLICIES", "fallback_actions", "policy_table"]

POLICIES: Final = ("random", "fallback")
"""The policies `Batch.play_out` knows, by name."""

_LOWEST13: Final = np.array(
    [13] + [(value & -value).bit_length() - 1 for value in range(1, 1 << 13)], dtype=np.int64
)
"""The lowest set bit of each 13-bit value (13 for none): a suit's lowest card."""
_SUIT: Final = np.uint64(0x1FFF)
_ONE: Final = np.uint64(1)
_BID_ZERO: Final = 52
_BID_ONE: Final = _BID_ZERO + 1
_NONE: Final = np.uint64(0)
_TEN: Final = 8
"""A card's rank less 2 from the ten up: ``index % 13 >= _TEN`` ranks ten or higher."""
_UNHELD: Final = np.int64(1 << 20)
"""`lowest_cards`: the key of a card not legal, above every card's."""


_FALLBACK_KEYS: Final[dict[Pack, npt.NDArray[np.int64]]] = {}
"""By pack, then by card index, the order in which the fallback plays the cards, lowest
first: every other card before the pack's spades; then the lower card: by rank among the
other suits (a 2♥ before a 3♣), by the pack's order among the spades (`Pack.rank_order`:
the 2♦ of Joker-Joker-Deuce-Deuce above the 2♠ and the ace); then clubs, diamonds,
hearts. The packs of every deck, for four players and for three (rule-three-players)."""
for _pack in (pack for deck in Deck for pack in (deck, deck.for_players(3))):
    _tables = deck_tables(_pack)
    _index = np.arange(CARD_SLOTS)
    _rank = np.where(_tables.is_spade, _tables.order, _index % 13)
    _keys: npt.NDArray[np.int64] = _tables.is_spade * 256 + _rank * 4 + np.minimum(_index // 13, 3)
    _keys.flags.writeable = False
    _FALLBACK_KEYS[_pack] = _keys


def lowest_cards(deck: Pack, legal: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """The card the fallback plays from each game's legal cards (bits) under a joker deck.

    `spades.bots.fallback_move`'s play, by the suits and ranks of ``deck`` (a `Deck`, or the
    pack it deals three players; rule-decks):
    the lowest card by rank (the spades as the deck ranks them), clubs first among
    equals, a spade (a joker, the 2♦ of Joker-Joker-Deuce-Deuce) only when she has
    nothing else legal (`_FALLBACK_KEYS`).
    """
    held = np.unpackbits(
        legal.astype("<u8").view(np.uint8).reshape(len(legal), 8), axis=1, bitorder="little"
    )[:, :CARD_SLOTS].view(np.bool_)
    lowest: npt.NDArray[np.int64] = np.where(held, _FALLBACK_KEYS[deck], _UNHELD).argmin(axis=1)
    return lowest


def policy_table(policies: object, players: int) -> npt.NDArray[np.bool_]:
    """Whether each seat plays the fallback rule (else uniformly at random)."""
    named: list[object]
    if isinstance(policies, str):
        named = [policies] * players
    elif isinstance(policies, Sequence) and not isinstance(policies, (bytes, bytearray)):
        named = list(policies)
    else:
        raise TypeError(
            f"policies are a name or a sequence of names, not {type(policies).__name__}"
        )
    if len(named) != players or any(name not in POLICIES for name in named):
        raise SpadesError(
            f"policies are {' or '.join(map(repr, POLICIES))}, one for all or one for each "
            f"of the {players} seats, not {shown(policies)}"
        )
    return np.array([name == "fallback" for name in named])


def least_numbered(rules: Ruleset, bits: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """The action of the least bid from 1 up that each bidder's legal bits allow, else nil's.

    The fallback's bid (`spades.bots.fallback_move`): 1, or the least a team minimum
    leaves her if it is more; under Suicide 4, or nil after her partner's number; under
    Whiz and Mirror her number of spades (above 13 for three players, rule-three-players),
    nil when she holds none. Bid ``n`` is bit ``n``: the least is the lowest bit from 1 up.
    """
    numbered = bits & bids_from(rules.hand_size)[1]
    lowest = np.bitwise_count((numbered & (~numbered + _ONE)) - _ONE).astype(np.int64)
    least: npt.NDArray[np.int64] = ACTION_OF_SLOT[0, np.where(numbered != _NONE, lowest, 0)]
    return least


def fallback_actions(
    rules: Ruleset, a: Arrays, bits: npt.NDArray[np.uint64]
) -> npt.NDArray[np.int64]:
    """`spades.bots.fallback_move` in each game, as actions; -1 once a game is over.

    Bidding: look first if her hand is face down (she may bid blind nil or a blind
    number, rule-blind-bids), then bid 1 (or, under a team minimum,
    Suicide, Whiz or Mirror, the least bid from 1 up she may make, nil if none:
    `least_numbered`).
    Playing: her lowest legal card by rank, clubs first among equals, a spade only when
    she has nothing else; under a joker deck by the deck's suits and ranks
    (`lowest_cards`).
    Drawing: keep a spade (the deck's) or a card from ten up. The pass and the exchange, rare, ask
    the reference rule, one game at a time, and enter its cards in order.
    """
    phase = a["phase"]
    actions = np.full(len(phase), -1, dtype=np.int64)
    games = np.flatnonzero(phase == PLAYING)
    if games.size and rules.pack.jokers:
        actions[games] = ACTION_OF_SLOT[1, lowest_cards(rules.pack, bits[games])]
    elif games.size:
        legal = bits[games]
        lowest = np.stack(
            [_LOWEST13[(legal >> np.uint64(13 * suit)) & _SUIT] for suit in range(4)], axis=1
        )
        suit = lowest[:, :3].argmin(axis=1)
        plain = lowest[np.arange(len(games)), suit]
        actions[games] = np.where(plain < 13, 13 * suit + plain, 39 + lowest[:, 3])
    games = np.flatnonzero(phase == BIDDING)
    bid: int | npt.NDArray[np.int64] = _BID_ONE
    if rules.team_minimum or rules.bidding is not Bidding.OPEN:
        bid = least_numbered(rules, bits[games])
    actions[games] = np.where(bits[games] & LOOK_BIT != 0, LOOK, bid)
    games = np.flatnonzero(phase == DRAWING)
    if games.size:
        top = a["deck"][games, 2 * a["n_drawn"][games].astype(np.intp)]
        keep = deck_tables(rules.pack).is_spade[top] | (top % 13 >= _TEN)
        actions[games] = np.where(keep, KEEP, REJECT)
    from spades.bots import fallback_move  # noqa: PLC0415  (when first needed: bots import much)

    for game in np.flatnonzero((phase == PASSING) | (phase == EXCHANGING)).tolist():
        move = fallback_move(read_state(a, rules, game))
        assert isinstance(move, (Pass, Exchange)), "the pass or the exchange"
        chosen = int(a["selected"][game])
        # Fewer cards than the move has are chosen (the last completes it): one is left.
        card = next(card.index for card in move.cards if not chosen >> card.index & 1)
        actions[game] = ACTION_OF_SLOT[1, card]  # a joker's is its action, 84 or 85
    return actions
