"""The rules of Spades, exactly: a pure, typed, immutable rules engine.

A game is a `State`; `legal_moves` lists what the seat to move may do, and `apply` returns
the state after a move, leaving its input unchanged:

>>> import spades
>>> state = spades.new_game(spades.CLASSIC, seed=7)
>>> state = spades.apply(state, spades.Bid(3))
>>> state.bids
(None, Bid(n=3, blind=False), None, None)
"""

import importlib
from typing import TYPE_CHECKING, Any

from spades._card_pass import card_passes
from spades._cards import DECK, JOKERS, Card, Rank, Suit, cards_in
from spades._deal import deal, draw_from_stock, new_game, round_deck
from spades._decks import Deck, Pack
from spades._ending import outcome_after
from spades._engine import apply
from spades._errors import (
    IllegalMoveError,
    InvalidRecordError,
    NotationError,
    Reason,
    RulesetError,
    SpadesError,
)
from spades._history import CardExchange, CardPass, DrawTurn, Trick
from spades._legal import (
    allowed_bids,
    blind_numbers,
    check_move,
    is_legal,
    legal_moves,
    lowest_bid,
    may_bid_blind,
)
from spades._moves import Bid, Exchange, Keep, Look, Move, Pass, Play, Reject, parse_move
from spades._public import present_as_public
from spades._rules import (
    CLASSIC,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    BagOverflow,
    Bidding,
    Direction,
    DoubleNilTiming,
    NilTricks,
    Ruleset,
    SpadesLead,
    find_ruleset,
    next_seat,
    partner,
    play_order,
    seats_of,
    side_of,
)
from spades._sampling import sample_state
from spades._scoring import RoundScore, SideScore, bag_penalty, nil_points, score_round
from spades._state import Outcome, Phase, State, Termination
from spades._trick import (
    may_lead_spades,
    playable,
    spades_broken_by,
    trick_winner,
    winning_card,
)
from spades._view import View, observe

__version__ = "0.1.0.dev0"
"""The version of this library, as its package metadata gives it."""

__all__ = [
    "CLASSIC",
    "DECK",
    "JOKERS",
    "MINIOKEY",
    "PRESETS",
    "TWO_HANDED",
    "BagOverflow",
    "Bid",
    "Bidding",
    "Card",
    "CardExchange",
    "CardPass",
    "Deck",
    "Direction",
    "DoubleNilTiming",
    "DrawTurn",
    "Exchange",
    "IllegalMoveError",
    "InvalidRecordError",
    "Keep",
    "Look",
    "Move",
    "NilTricks",
    "NotationError",
    "Outcome",
    "Pack",
    "Pass",
    "Phase",
    "Play",
    "Rank",
    "Reason",
    "Reject",
    "RoundScore",
    "Ruleset",
    "RulesetError",
    "SideScore",
    "SpadesError",
    "SpadesLead",
    "State",
    "Suit",
    "Termination",
    "Trick",
    "View",
    "allowed_bids",
    "apply",
    "bag_penalty",
    "blind_numbers",
    "card_passes",
    "cards_in",
    "check_move",
    "deal",
    "draw_from_stock",
    "find_ruleset",
    "is_legal",
    "legal_moves",
    "lowest_bid",
    "may_bid_blind",
    "may_lead_spades",
    "new_game",
    "next_seat",
    "nil_points",
    "observe",
    "outcome_after",
    "parse_move",
    "partner",
    "play_order",
    "playable",
    "records",
    "round_deck",
    "sample_state",
    "score_round",
    "seats_of",
    "side_of",
    "spades_broken_by",
    "trick_winner",
    "winning_card",
]

if TYPE_CHECKING:
    # What type checkers see; at run time `__getattr__` imports each when it is first used.
    from spades import adapters, batch, bots, encoding, records  # noqa: F401

_SUBPACKAGES = frozenset({"adapters", "batch", "bots", "encoding", "records"})
"""The subpackages ``spades.<name>`` finds without an import of its own, imported when first used.

``import spades`` imports none of them: `spades.batch` and `spades.encoding` need numpy, and
the adapters their frameworks only when their own modules are imported.
"""


def __getattr__(name: str) -> Any:
    if name in _SUBPACKAGES:
        return importlib.import_module(f"spades.{name}")
    raise AttributeError(f"module 'spades' has no attribute {name!r}")


present_as_public(globals(), __all__)
