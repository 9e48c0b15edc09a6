"""The numbers the batch engine stores: phases, bids, outcomes, and the tables of bits."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

import attrs
import numpy as np

from spades._cards import ALL_CARDS, Suit
from spades._decks import Deck
from spades._moves import BIDS, BLIND_BIDS, Bid
from spades._rules import MAX_HAND, Ruleset
from spades._state import Phase, Termination
from spades.encoding import (
    ACTIONS,
    END_EXCHANGE,
    JOKER_ACTIONS,
    KEEP,
    LOOK,
    REJECT,
    actions_of,
)

if TYPE_CHECKING:
    import numpy.typing as npt

    from spades._decks import Pack

__all__ = [
    "ACTION_OF_SLOT",
    "BID_OF",
    "BLIND",
    "CARD_BIT",
    "CARD_PHASE",
    "CARD_SLOTS",
    "CHOOSING",
    "DEALING",
    "DRAW_TURNS",
    "END_BIT",
    "END_SLOT",
    "KEEP_SLOT",
    "LOOK_SLOT",
    "LOSING_FLOOR",
    "NONE",
    "PHASES",
    "PHASE_CODE",
    "REJECT_SLOT",
    "ROUND_CAP",
    "SELECT8",
    "SLOT_OF_ACTION",
    "TARGET",
    "TERMINATIONS",
    "DeckTables",
    "bid_code",
    "bids_from",
    "deck_tables",
    "orders_of",
    "phase_groups",
]

PHASES: Final = (
    Phase.DRAWING,
    Phase.EXCHANGING,
    Phase.BIDDING,
    Phase.PASSING,
    Phase.PLAYING,
    Phase.GAME_OVER,
)
"""The phases by the code a batch stores for them (`Batch.phase`)."""
PHASE_CODE: Final = {phase: code for code, phase in enumerate(PHASES)}
DRAWING, EXCHANGING, BIDDING, PASSING, PLAYING, GAME_OVER = range(6)
CHOOSING: Final = (EXCHANGING, PASSING)
"""The phases in which cards are chosen one at a time, for a pass or an exchange."""
DEALING: Final = 6
"""Internal: the round has been scored and the next one is due, its deck not shuffled yet."""
CARD_PHASE: Final = np.array([False, True, False, True, True, False, False])
"""Whether a phase's actions are cards (then bit ``i`` of its legal bits is card ``i``, the
jokers 52 and 53 included, and bit `END_SLOT` is `END_EXCHANGE`); otherwise bit ``j`` of
the legal bits is action ``52 + j``."""
CARD_SLOTS: Final = len(ALL_CARDS)
"""The cards' bits in a hand and in the legal bits of a card phase: 54, the jokers last."""
END_SLOT: Final = CARD_SLOTS
"""Where a card phase's legal bits hold `END_EXCHANGE`: above every card, the jokers too."""
END_BIT: Final = np.uint64(1 << END_SLOT)

NONE: Final = -1
"""The code of a missing value: no seat, no bid yet, no card, no winner."""
BLIND: Final = MAX_HAND + 1
"""The code of blind nil (two players: double nil): 19. The numbered bids are 0 to 18 (three
players bid up to their hand of 17 or 18, rule-three-players), and ``BLIND + n`` (20 to
37) is the number ``n`` bid blind (rule-blind-bids)."""
BID_OF: Final[tuple[Bid, ...]] = (*BIDS, *BLIND_BIDS)
"""The bid of each code: `BIDS`, then `spades._moves.BLIND_BIDS` from blind nil on."""
assert len(BIDS) == BLIND == len(BLIND_BIDS), "a code for every bid, blind or not"


def bid_code(bid: Bid | None) -> int:
    """The code a batch stores for ``bid``."""
    if bid is None:
        return NONE
    return BLIND + bid.n if bid.blind else bid.n


TERMINATIONS: Final = (Termination.TARGET, Termination.LOSING_FLOOR, Termination.ROUND_CAP)
"""The terminations by the code a batch stores for them."""
TARGET, LOSING_FLOOR, ROUND_CAP = map(TERMINATIONS.index, TERMINATIONS)
"""The codes of `Termination.TARGET`, `Termination.LOSING_FLOOR` and `Termination.ROUND_CAP`."""

DRAW_TURNS: Final = 26
"""Two players: the draw turns of a round, each taking two cards off the 52 of the stock."""

CARD_BIT: Final = np.left_shift(np.uint64(1), np.arange(CARD_SLOTS, dtype=np.uint64))
"""Each card's bit, by card index (the jokers' too)."""

_NOWHERE: Final = 63
"""A legal bit no phase ever sets: where an action that cannot be legal is looked up."""


def _bid_bit(bid: Bid) -> tuple[int, int]:
    """The action of ``bid`` (the encoding's) and its legal bit (see `SLOT_OF_ACTION`)."""
    (action,) = actions_of(bid, _LONGEST)
    code = bid_code(bid)
    return action, code + 1 if code > BLIND else code


_LONGEST: Final = Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE)
"""A ruleset of the longest hands, 18 cards: every bid has its action under it."""
assert _LONGEST.hand_size == MAX_HAND
LOOK_SLOT: Final = BLIND + 1
"""The legal bit of `LOOK` in the bidding (20): above the open bids and blind nil, below
the blind numbers, in the order of their actions (so that a uniform choice among the set
bits picks as it always has, `spades.batch._legal.random_bits`)."""
KEEP_SLOT: Final = 2 * BLIND + 1
"""The legal bit of `KEEP` in the draw (39), above every bid's."""
REJECT_SLOT: Final = KEEP_SLOT + 1
"""The legal bit of `REJECT` in the draw (40)."""


def _slots() -> npt.NDArray[np.int64]:
    """`SLOT_OF_ACTION`: row 0 for the phases whose actions are not cards, row 1 for those."""
    slots = np.full((2, ACTIONS), _NOWHERE, dtype=np.int64)
    for bid in (*BIDS, *BLIND_BIDS):
        action, bit = _bid_bit(bid)
        slots[0, action] = bit
    slots[0, [LOOK, KEEP, REJECT]] = [LOOK_SLOT, KEEP_SLOT, REJECT_SLOT]
    slots[1, :52] = np.arange(52)
    slots[1, JOKER_ACTIONS.start : JOKER_ACTIONS.stop] = np.arange(52, CARD_SLOTS)
    slots[1, END_EXCHANGE] = END_SLOT
    return slots


SLOT_OF_ACTION: Final = _slots().astype(np.uint64)
"""``SLOT_OF_ACTION[CARD_PHASE[phase], action]``: the action's bit in the legal bits of a
game in that phase (63, a bit never set, for an action no game in it takes). The card
actions 0 to 51 are bits 0 to 51, the jokers' actions (`JOKER_ACTIONS`) bits 52 and 53.
Where the actions are not cards, bid ``n`` is bit ``n`` (0 to 18: its code, `bid_code`),
blind nil bit `BLIND` (19), `LOOK` bit `LOOK_SLOT` (20), the number ``n`` bid blind bit
``LOOK_SLOT + n`` (its code plus one), then `KEEP_SLOT` and `REJECT_SLOT`: the order of
the actions for four and two players, the bids 14 to 18 of three between. Read flat (``np.take`` at
``ACTIONS * row + action``), which numpy does fastest."""
ACTION_OF_SLOT: Final = np.full((2, 65), NONE, dtype=np.int64)
"""``ACTION_OF_SLOT[CARD_PHASE[phase], bit]``: the action of a legal bit, the inverse of
`SLOT_OF_ACTION`. Its rows end in -1, no action: read flat at ``65 * row + bit``, bit -1
(no bit set) lands on the entry before the row's, or the last, both -1."""
for _row in (0, 1):
    _placed = SLOT_OF_ACTION[_row] != _NOWHERE
    ACTION_OF_SLOT[_row, SLOT_OF_ACTION[_row, _placed]] = np.flatnonzero(_placed)
ACTION_OF_SLOT.flags.writeable = False
SLOT_OF_ACTION.flags.writeable = False


@functools.cache
def bids_from(hand_size: int) -> npt.NDArray[np.uint64]:
    """``bids_from(h)[n]``: the bits of the bids from ``n`` to ``h``, read-only.

    A hand of ``h`` cards bids 0 to ``h`` (13, or 17 or 18 for three players,
    rule-three-players); bid ``n`` is bit ``n``.

    >>> [hex(int(bits)) for bits in bids_from(13)[[0, 1, 13]]]
    ['0x3fff', '0x3ffe', '0x2000']
    """
    top = (1 << (hand_size + 1)) - 1
    bits = np.array([top & ~((1 << n) - 1) for n in range(hand_size + 1)], dtype=np.uint64)
    bits.flags.writeable = False
    return bits


@attrs.frozen(eq=False)
class DeckTables:
    """One pack's rules as arrays by card index: what `spades.Pack` says of each card.

    Computed once a pack (`deck_tables`), for the batch's forms of the follow, lead,
    breaking and trick rules under every deck and number of players (rule-decks,
    rule-three-players). A card the pack lacks reads as a card of no suit (-1), no spade.
    """

    pack: Pack
    cards: npt.NDArray[np.int8]
    """The pack's cards by index, in `Pack.cards` order: what its shuffles permute (52, or
    51 or 54 for three players)."""
    spades: np.uint64
    """The bits of the pack's spades (`Pack.spades`)."""
    not_spades: np.uint64
    """The bits of every card of a hand but the pack's spades."""
    suit_bits: npt.NDArray[np.uint64]
    """By card index, the bits of the suit the card plays as (`Pack.suit_bits`)."""
    suit: npt.NDArray[np.int16]
    """By card index, the suit the card plays as (`Pack.suit_of`), -1 if not in the pack."""
    order: npt.NDArray[np.int16]
    """By card index, where the card ranks within that suit, 0 lowest (`Pack.rank_order`)."""
    code: npt.NDArray[np.int16]
    """By card index, ``16 * suit + order``: the suit it plays as and its rank in one (a
    suit has at most 16 cards); ``code >> 4`` is the suit."""
    is_spade: npt.NDArray[np.bool_]
    """By card index, whether the card plays as a spade."""


@functools.cache
def deck_tables(pack: Pack) -> DeckTables:
    """The tables of ``pack`` (a `Deck`, or the pack it deals three), made once, read-only."""
    suit = np.full(CARD_SLOTS, NONE, dtype=np.int16)
    order = np.zeros(CARD_SLOTS, dtype=np.int16)
    for card in pack.cards:
        suit[card.index] = pack.suit_of(card).value
        order[card.index] = pack.rank_order(card)
    tables = DeckTables(
        pack=pack,
        cards=np.array([card.index for card in pack.cards], dtype=np.int8),
        spades=np.uint64(pack.spades),
        not_spades=np.uint64(((1 << CARD_SLOTS) - 1) & ~pack.spades),
        suit_bits=np.array(pack.suit_bits, dtype=np.uint64),
        suit=suit,
        order=order,
        code=(16 * suit + order).astype(np.int16),
        is_spade=suit == Suit.SPADES.value,
    )
    arrays = (tables.cards, tables.suit_bits, tables.suit, tables.order, tables.code)
    for array in (*arrays, tables.is_spade):
        array.flags.writeable = False
    return tables


SELECT8: Final = np.array(
    [
        [([i for i in range(8) if byte >> i & 1] + [0] * 8)[k] for k in range(8)]
        for byte in range(256)
    ],
    dtype=np.uint8,
)
"""``SELECT8[byte, k]``: the position of the ``k``-th set bit of ``byte``, from the lowest."""


@functools.lru_cache(maxsize=64)
def orders_of(rules: Ruleset) -> npt.NDArray[np.int8]:
    """`Ruleset.orders_of_play` as a read-only array: row ``seat`` is `play_order` from it."""
    orders = np.array(rules.orders_of_play, dtype=np.int8)
    orders.flags.writeable = False
    return orders


def phase_groups(
    phase: npt.NDArray[np.int8], moving: npt.NDArray[np.bool_] | None = None
) -> dict[int, npt.NDArray[np.intp]]:
    """The games in each phase (of those ``moving``, if given), by phase code.

    One count tells which phases occur, so a batch all in one phase costs one lookup.
    """
    codes = phase if moving is None else np.where(moving, phase, DEALING + 1)
    counts = np.bincount(codes, minlength=DEALING + 2)[: DEALING + 1]
    groups: dict[int, npt.NDArray[np.intp]] = {}
    for code in np.flatnonzero(counts).tolist():
        if counts[code] == len(phase):
            groups[code] = np.arange(len(phase))
        else:
            groups[code] = np.flatnonzero(codes == code)
    return groups
