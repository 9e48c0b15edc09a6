"""The exceptions: one root, then unparseable text, bad rulesets, illegal moves, bad records."""

from __future__ import annotations

import enum
import math
import reprlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spades._moves import Move

__all__ = [
    "IllegalMoveError",
    "InvalidRecordError",
    "NotationError",
    "Reason",
    "RulesetError",
    "SpadesError",
]


SHOWN_LIMIT = 40
"""How many characters of a value from outside an error message shows at most."""

_LARGEST_SHOWN = 10**12
"""Numbers beyond this are described by their size, not written out: Python refuses to
write an integer of more than 4,300 digits, and a message has no use for one."""


class _Shown(reprlib.Repr):
    """`reprlib.Repr` whose numbers past `_LARGEST_SHOWN` are described, never formatted."""

    def repr_int(self, x: int, level: int) -> str:
        if -_LARGEST_SHOWN <= x <= _LARGEST_SHOWN:
            return repr(x)
        digits = math.floor(math.log10(abs(x))) + 1
        sign = "negative " if x < 0 else ""
        return f"a {sign}number of {digits:,} digits"


_SHOWN = _Shown()
_SHOWN.maxlevel = 2
_SHOWN.maxother = _SHOWN.maxstring = SHOWN_LIMIT
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxdict = _SHOWN.maxset = _SHOWN.maxfrozenset = 4


def shown(value: object) -> str:
    r"""``value`` as an error message shows it: its repr, safe for any value from outside.

    The repr is cut to about `SHOWN_LIMIT` characters (a container to its first items),
    control and invisible characters are escaped as `repr` escapes them, a number too large
    to write is described, and a repr that raises gives ``<Type instance at ...>``. So a
    message stays short, prints on any terminal and never fails, whatever the caller passed.

    >>> shown("x" * 1000)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    >>> shown(10**5000), shown([1, 2, 3, 4, 5, 6]), shown(-(10**20))
    ('a number of 5,001 digits', '[1, 2, 3, 4, ...]', 'a negative number of 21 digits')
    >>> print(shown("\x1b[2J\n"))
    '\x1b[2J\n'
    """
    return _SHOWN.repr(value)


def quoted(text: str, limit: int = SHOWN_LIMIT) -> str:
    r"""``text`` as a quoted literal for a message, cut short past ``limit`` characters.

    The limit holds for the text as written, escapes included, so that no text, however
    strange its characters, makes a long message:

    >>> quoted("bid 3"), quoted("x" * 50)
    ("'bid 3'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'...")
    >>> len(quoted("\U0001123f" * 50)) <= 40 + 3
    True
    """
    kept = text[:limit]
    written = repr(kept)
    if len(kept) == len(text) and len(written) <= limit + 2:
        return written
    while len(written) > limit - 1:
        kept = kept[:-1]
        written = repr(kept)
    return written + "..."


class SpadesError(ValueError):
    """The root of every error this library raises on purpose; also a `ValueError`."""


class NotationError(SpadesError):
    """Text that is not a card, a move or a ruleset name; the message quotes it."""


class RulesetError(SpadesError):
    """A `Ruleset` whose fields cannot describe a playable game."""


class Reason(enum.Enum):
    """Why a well-formed move is illegal in a state: the machine-readable half of the error.

    The values are stable strings, meant for logs, wire formats and translations.
    `check_move` gives every reason; each member names the rule function behind it.
    """

    GAME_OVER = "game_over"
    """The game has ended; no move is legal any more (`outcome_after` ended it)."""
    NOT_YOUR_TURN = "not_your_turn"
    """The move was made for a seat that is not the seat to move (`next_seat` and
    `trick_winner` say who moves)."""
    WRONG_PHASE = "wrong_phase"
    """The kind of move does not belong to this phase (a card during the bidding, a
    numbered bid during the two-player draw, ...): `check_move`, by `State.phase`."""
    BID_OUT_OF_RANGE = "bid_out_of_range"
    """A bid outside 0 to the cards of a hand: 13, or 17 or 18 with three players
    (`check_move`)."""
    NIL_NOT_ALLOWED = "nil_not_allowed"
    """A bid of zero under a ruleset without nil or a zero contract (`check_move`, by
    `Ruleset.nil` and `Ruleset.zero_contract`)."""
    BELOW_TEAM_MINIMUM = "below_team_minimum"
    """A bid (nil and blind nil counting as zero) that leaves the side's bids short of the
    ruleset's team minimum, by its second bidder (`lowest_bid`)."""
    BIDDING_MODE = "bidding_mode"
    """A bid the ruleset's bidding mode does not allow: under Suicide, anything but nil or 4
    or more for the first partner of a side to bid, and anything but the other for the
    second; under Whiz, anything but her number of spades or nil; under Mirror, anything
    but her number of spades (`allowed_bids`)."""
    BLIND_NIL_NOT_ALLOWED = "blind_nil_not_allowed"
    """Blind nil under a ruleset without blind nil (`may_bid_blind`)."""
    BLIND_NIL_NOT_ELIGIBLE = "blind_nil_not_eligible"
    """Blind nil by a side that does not trail by the ruleset's required deficit
    (`may_bid_blind`)."""
    BLIND_BID_NOT_ALLOWED = "blind_bid_not_allowed"
    """A blind number under a ruleset without blind numbers, or below its
    ``blind_bid_minimum`` (`blind_numbers`)."""
    BLIND_BID_NOT_ELIGIBLE = "blind_bid_not_eligible"
    """A blind number by a side that does not trail by the ruleset's ``blind_bid_deficit``
    (`blind_numbers`)."""
    HAND_ALREADY_SEEN = "hand_already_seen"
    """A blind bid by a player who has looked at her hand; a look by a player whose hand is
    already in view (she has looked, or she may bid nothing blind): `may_bid_blind`,
    `blind_numbers`."""
    HAND_NOT_SEEN = "hand_not_seen"
    """A bid in sight by a player who may still bid blind and has not looked at her hand
    yet (`may_bid_blind`, `blind_numbers`)."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """A card, played, passed or exchanged, that the player does not hold (`check_move`)."""
    WRONG_PASS_SIZE = "wrong_pass_size"
    """A blind nil pass with a number of cards other than the ruleset's (`check_move`, by
    `Ruleset.blind_nil_pass`)."""
    MUST_FOLLOW_SUIT = "must_follow_suit"
    """A card of another suit while the player holds a card of the suit led (`playable`)."""
    SPADES_NOT_BROKEN = "spades_not_broken"
    """A spade led, by a player who holds another suit, before the ruleset's
    ``spades_lead`` allows it: by default before spades are broken (`playable`, with
    `may_lead_spades`)."""
    ALREADY_DRAWN = "already_drawn"
    """Two players: double nil declared after the player's first draw choice of the round
    (`may_bid_blind`)."""
    NOT_YET_DRAWN = "not_yet_drawn"
    """Two players, under `DoubleNilTiming.AFTER_FIRST_CHOICE`: double nil declared before
    the player's first draw choice of the round (`may_bid_blind`)."""
    ALREADY_BID = "already_bid"
    """Two players: double nil declared by a player who has already declared it
    (`may_bid_blind`)."""
    TOO_MANY_EXCHANGED = "too_many_exchanged"
    """Two players: a double nil exchange of more cards than the ruleset allows
    (`check_move`, by `Ruleset.blind_nil_exchange`)."""


class IllegalMoveError(SpadesError):
    """A well-formed move that the rules forbid in the given state.

    ``reason`` says which rule, ``seat`` who tried and ``move`` what. The message is meant
    for the player and speaks only of her own hand and of public facts.
    """

    def __init__(self, reason: Reason, seat: int | None, move: Move, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.seat = seat
        self.move = move

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.reason, self.seat, self.move, str(self)))


class InvalidRecordError(SpadesError):
    """Data or a record that does not describe a valid game; ``path`` says where.

    ``path`` points at the bad field, JSONPath style from ``$``, the top of the data:
    ``$.rounds[2].moves[5]``. The message starts with it. A field whose name is not an
    identifier is written ``$['name']`` with RFC 9535's escapes, so a path is always
    printable ASCII, whatever names the data holds.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.problem = message

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.path, self.problem))
