"""The numbers the batch engine stores: phases, bids, outcomes, and the tables of bits."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

import numpy as np

from spades._cards import Suit
from spades._moves import BIDS, BLIND_BIDS, Bid
from spades._state import Phase, Termination
from spades._trick import FIRST_SPADE
from spades._trick import NOT_SPADES as _NOT_SPADES

if TYPE_CHECKING:
    import numpy.typing as npt

    from spades._rules import Ruleset

__all__ = [
    "BID_OF",
    "BLIND",
    "CARD_BIT",
    "CARD_PHASE",
    "CHOOSING",
    "DEALING",
    "DRAW_TURNS",
    "END_BIT",
    "FIRST_SPADE",
    "LOSING_FLOOR",
    "NONE",
    "NOT_SPADES",
    "PHASES",
    "PHASE_CODE",
    "ROUND_CAP",
    "SELECT8",
    "SPADE_SUIT",
    "SUIT_MASKS",
    "TARGET",
    "TERMINATIONS",
    "TRICKS",
    "bid_code",
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
"""Whether a phase's actions are cards (then bit 52 of its legal bits is `END_EXCHANGE`);
otherwise bit ``j`` of the legal bits is action ``52 + j``."""
END_BIT: Final = np.uint64(1 << 52)

NONE: Final = -1
"""The code of a missing value: no seat, no bid yet, no card, no winner."""
BLIND: Final = 14
"""The code of blind nil (two players: double nil); 0 to 13 are the numbered bids, and
``BLIND + n`` (15 to 27) the number ``n`` bid blind (rule-blind-bids)."""
BID_OF: Final[tuple[Bid, ...]] = (*BIDS, *BLIND_BIDS)
"""The bid of each code: `BIDS`, then `spades._moves.BLIND_BIDS` from blind nil on."""


def bid_code(bid: Bid | None) -> int:
    """The code a batch stores for ``bid``."""
    if bid is None:
        return NONE
    return BLIND + bid.n if bid.blind else bid.n


TERMINATIONS: Final = (Termination.TARGET, Termination.LOSING_FLOOR, Termination.ROUND_CAP)
"""The terminations by the code a batch stores for them."""
TARGET, LOSING_FLOOR, ROUND_CAP = map(TERMINATIONS.index, TERMINATIONS)
"""The codes of `Termination.TARGET`, `Termination.LOSING_FLOOR` and `Termination.ROUND_CAP`."""

TRICKS: Final = 13
"""The tricks of a round: the thirteenth ends it."""
DRAW_TURNS: Final = 26
"""Two players: the draw turns of a round, each taking two cards off the 52 of the stock."""
SPADE_SUIT: Final = Suit.SPADES.value
"""A card's suit is its index // 13; spades are suit 3."""

CARD_BIT: Final = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
"""Each card's bit, by card index."""
SUIT_MASKS: Final = np.array([0x1FFF << (13 * suit) for suit in range(4)], dtype=np.uint64)
NOT_SPADES: Final = np.uint64(_NOT_SPADES)
"""The bits of every card but the spades (``spades._trick.NOT_SPADES``)."""

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
