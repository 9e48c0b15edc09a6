"""Rulesets: every variant the library plays is a value of `Ruleset`, never a subclass."""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, SupportsIndex, cast

import attrs

from spades._decks import Deck, Pack
from spades._errors import NotationError, RulesetError, SpadesError, shown

__all__ = [
    "CLASSIC",
    "MINIOKEY",
    "PRESETS",
    "TWO_HANDED",
    "BagOverflow",
    "Direction",
    "NilTricks",
    "Ruleset",
    "SpadesLead",
    "check_rules",
    "check_seat",
    "count_or_none",
    "find_ruleset",
    "next_seat",
    "partner",
    "play_order",
    "seats_of",
    "side_of",
    "whole_number",
]


class Direction(enum.Enum):
    """Who bids and leads first, and which way play, bidding and the deal move.

    Seats are numbered clockwise from 0, so "left of the dealer" is ``dealer + 1``.
    """

    CLOCKWISE = 1
    """The player left of the dealer bids and leads first; play runs clockwise (source A)."""
    COUNTERCLOCKWISE = 3
    """The player right of the dealer bids and leads first; play runs counter-clockwise
    (source B)."""

    step: int
    """What a seat number grows by, modulo 4, from one player to the next (its value); three
    players count modulo 3, counter-clockwise by 2."""


for _direction in Direction:
    _direction.step = _direction.value  # a plain attribute: the engine's hot path reads it
del _direction


class NilTricks(enum.Enum):
    """What the tricks a nil (or blind nil) bidder takes do for her side."""

    COUNT = "count"
    """They count toward the side's contract like the partner's (source A)."""
    BAGS = "bags"
    """They do not count toward the contract; each is a bag, worth one point (source B)."""


class BagOverflow(enum.Enum):
    """What the bag counter does when it reaches the bag limit."""

    RESET = "reset"
    """The penalty is paid once and the counter goes back to zero (source A)."""
    CARRY = "carry"
    """The penalty is paid for every full limit and the rest carries over (source B)."""


class SpadesLead(enum.Enum):
    """When a player who holds a card of another suit may lead a spade (rule-spades-broken).

    A player who holds nothing but spades may lead one at any time, under every value.
    """

    BROKEN = "broken"
    """Once spades are broken: a spade has been played to a trick of the round (every
    source)."""
    ANY_TIME = "any_time"
    """At any time, the round's first trick included (Trickster's "lead spades anytime")."""
    AFTER_FIRST_TRICK = "after_first_trick"
    """From the round's second trick on, or earlier once spades are broken."""

    opens_after: int
    """How many completed tricks open spades to a lead without their being broken:
    99 (more than any round has: never by the count), 0 or 1."""


NEVER_OPEN: Final = 99
"""More tricks than any round has (13, 17 or 18): spades never open to a lead by the count."""
MAX_HAND: Final = 18
"""The most cards a hand holds: three players dealt a joker deck's 54 (rule-three-players)."""

SpadesLead.BROKEN.opens_after = NEVER_OPEN  # plain attributes: the engine's hot path reads them
SpadesLead.ANY_TIME.opens_after = 0
SpadesLead.AFTER_FIRST_TRICK.opens_after = 1


class Bidding(enum.Enum):
    """How a player chooses her bid (rule-suicide, rule-whiz, rule-mirror)."""

    OPEN = "open"
    """Any number her ruleset allows (every source)."""
    SUICIDE = "suicide"
    """In each partnership one partner bids nil and the other 4 or more: the first of the
    two to bid chooses which, and the second must do the other (four players)."""
    WHIZ = "whiz"
    """Her number of spades, or nil (four players)."""
    MIRROR = "mirror"
    """Her number of spades, nil when she holds none: she has no choice (four players)."""


BIDS_BY_SPADES: Final = frozenset({Bidding.WHIZ, Bidding.MIRROR})
"""The bidding modes in which a bid shows the bidder's number of spades."""


class DoubleNilTiming(enum.Enum):
    """Two players: when a player may declare double nil during the draw (rule-double-nil).

    Source C's brief reads "before she chooses her first card"; its original text reads
    "after" (reading-double-nil-timing).
    """

    BEFORE_FIRST_CHOICE = "before_first_choice"
    """At her first turn to draw, before she keeps or rejects its card (the brief)."""
    AFTER_FIRST_CHOICE = "after_first_choice"
    """At her second turn to draw, once she has made her first choice (the original)."""

    choices_before: int
    """How many of her own draw choices come before her one chance to declare: 0 or 1."""


DoubleNilTiming.BEFORE_FIRST_CHOICE.choices_before = 0
DoubleNilTiming.AFTER_FIRST_CHOICE.choices_before = 1


_Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


MAX_NUMBER: Final = 10**9
"""The largest number a ruleset's field may hold, and the deepest losing floor (negated):
scores then stay far inside the 64-bit integers of other languages."""


def whole_number(value: object) -> int | None:
    """``value`` as a plain `int` when it is a whole number, else None.

    A whole number is what ``operator.index`` takes: an `int` or numpy's integers, say; a
    bool is not one (nor is numpy's), as it is no action of the encoding either. What
    comes back is a plain `int`, so values built from it compare and print as usual.

    >>> from fractions import Fraction
    >>> whole_number(3), whole_number(True), whole_number(3.0), whole_number(Fraction(3))
    (3, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool) or type(value).__name__ in _NUMPY_BOOLS:
        return None
    try:
        return operator.index(cast("SupportsIndex", value))  # always a plain int
    except (TypeError, ValueError):  # no __index__, or one that fails
        return None


def count_or_none(value: object, what: str) -> int | None:
    """``value`` as a plain `int` of 0 or more (a `whole_number`), or None; ``what`` names it.

    `TypeError` for anything else than a whole number or None, `SpadesError` below 0.
    """
    if value is None:
        return None
    number = whole_number(value)
    if number is None:
        raise TypeError(f"{what} is a whole number or None, not {shown(value)}")
    if number < 0:
        raise SpadesError(f"{what} is a whole number of 0 or more, or None, not {shown(number)}")
    return number


_NUMPY_BOOLS: Final = frozenset({"bool_", "bool"})
"""numpy's bool by the name of its type (``numpy.bool`` from numpy 2 on): refused without
importing numpy, which older numpys would still turn into 0 or 1."""


def _plain_number(value: SupportsIndex) -> int:
    """A ruleset's number as a plain `int` if it is a whole number (numpy's too), else as is.

    What is no whole number stays as it is, for the field's check to refuse.
    """
    number = whole_number(value)
    return cast("int", value) if number is None else number


def _plain_optional(value: SupportsIndex | None) -> int | None:
    """`_plain_number` for a field that may be ``None``."""
    return None if value is None else _plain_number(value)


def _whole(low: int, high: int = MAX_NUMBER, *, optional: bool = False) -> _Validator:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if type(value) is not int:
            raise RulesetError(f"{attribute.name} must be a whole number, not {shown(value)}")
        if not low <= value <= high:
            if high != MAX_NUMBER:
                bounds = f"from {low} to {high}"
            else:
                bounds = f"at least {low}" if value < low else f"at most {MAX_NUMBER}"
            raise RulesetError(f"{attribute.name} must be {bounds}, not {shown(value)}")

    return check


def _kind(kind: type) -> _Validator:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not kind:
            raise RulesetError(f"{attribute.name} must be a {kind.__name__}, not {shown(value)}")

    return check


_PASS: Final = 2
"""The cards each way of a blind nil's pass in partnerships, by default (sources A and B)."""


def _in_partnerships(players: object, solo: object) -> bool:
    """Whether the seats play in two partnerships: four players, not solo (rule-seats)."""
    return players == 4 and not solo


def _for_players(four: object, two: object) -> Any:
    """A default that depends on the number of players: source C's for two, else source A's."""
    return attrs.Factory(lambda rules: two if rules.players == 2 else four, takes_self=True)


@attrs.frozen(kw_only=True, cache_hash=True)
class Ruleset:
    """A variant of Spades: every switch the rules depend on.

    The defaults are source A for four players and source C for two: ``Ruleset()`` is
    `CLASSIC` and ``Ruleset(players=2)`` is `TWO_HANDED`. Every field is checked here, and
    so is every combination: a ruleset that exists describes a playable game. Numbers are
    at most ``10**9`` (a billion), and a losing floor at least ``-10**9``; a number may be
    any integer ``operator.index`` takes (numpy's too), but not a bool, and is kept as a
    plain `int`. Anything else raises `RulesetError`, whatever is wrong with it.

    >>> Ruleset(target=250).target
    250
    >>> Ruleset(players=2) == TWO_HANDED
    True
    >>> Ruleset(losing_floor=0)
    Traceback (most recent call last):
    ...
    spades.RulesetError: losing_floor must be below zero, where every game starts, not 0

    `sides` counts the sides and `partnerships` says whether four play in two:

    >>> CLASSIC.sides, TWO_HANDED.sides, Ruleset(solo=True).sides
    (2, 2, 4)
    >>> CLASSIC.partnerships, TWO_HANDED.partnerships, Ruleset(solo=True).partnerships
    (True, False, False)
    """

    players: int = attrs.field(default=4, converter=_plain_number)
    """Four players in two partnerships, two players each on her own (source C), or three
    each on her own (rule-three-players)."""
    deck: Deck = attrs.field(default=Deck.STANDARD, validator=_kind(Deck))
    """The deck dealt and how its cards rank: the standard deck (every source) or a joker
    deck (rule-decks); three players deal it as `Ruleset.pack` says."""
    solo: bool = attrs.field(default=False, validator=_kind(bool))
    """Four players each on her own, four sides, rather than two partnerships (rule-solo);
    two and three players always play each on her own, and keep the default."""
    direction: Direction = attrs.field(default=Direction.CLOCKWISE, validator=_kind(Direction))
    """Who bids and leads first and the direction of play, bidding and the deal (four
    players; two players simply alternate, and keep the default)."""
    nil: bool = attrs.field(default=True, validator=_kind(bool))
    """Whether a bid of zero is nil (scored on its own, win or lose; every source)."""
    zero_contract: bool = attrs.field(default=False, validator=_kind(bool))
    """Without nil: whether a bid of zero is an ordinary contract of no tricks (Trickster's
    "no Nil"), rather than refused (reading-zero-bid)."""
    nil_value: int = attrs.field(default=100, converter=_plain_number, validator=_whole(0))
    """Points won for a nil that takes no trick, and lost for one that takes any."""
    nil_tricks: NilTricks = attrs.field(
        default=_for_players(NilTricks.COUNT, NilTricks.BAGS), validator=_kind(NilTricks)
    )
    """What a nil bidder's tricks do for her side (two players: always bags)."""
    blind_nil: bool = attrs.field(default=_for_players(False, True), validator=_kind(bool))
    """Whether a player may bid blind nil before she sees her cards (two players: double
    nil, declared before her first draw choice)."""
    blind_nil_value: int = attrs.field(default=200, converter=_plain_number, validator=_whole(0))
    """Points won for a blind nil that takes no trick, and lost for one that takes any."""
    blind_nil_deficit: int | None = attrs.field(
        default=_for_players(100, None),
        converter=_plain_optional,
        validator=_whole(0, optional=True),
    )
    """Blind nil only for a side trailing by at least this many points; ``None``: always."""
    nil_pass: int = attrs.field(default=0, converter=_plain_number, validator=_whole(0, 4))
    """Cards a nil bidder passes to her partner after the bidding, and the partner passes
    back (rule-card-pass); 0: no pass for a nil (four players only)."""
    blind_nil_pass: int = attrs.field(
        default=attrs.Factory(
            lambda rules: _PASS if _in_partnerships(rules.players, rules.solo) else 0,
            takes_self=True,
        ),
        converter=_plain_number,
        validator=_whole(0, 4),
    )
    """Cards a blind nil bidder passes to her partner, and the partner passes back (four
    players in partnerships only)."""
    blind_nil_exchange: int = attrs.field(
        default=_for_players(0, 3), converter=_plain_number, validator=_whole(0, 3)
    )
    """Cards a double nil bidder may exchange for cards drawn at random from the discards
    (two players only)."""
    double_nil_timing: DoubleNilTiming = attrs.field(
        default=DoubleNilTiming.BEFORE_FIRST_CHOICE, validator=_kind(DoubleNilTiming)
    )
    """Two players: whether double nil is declared before the player's first draw choice or
    after it (reading-double-nil-timing)."""
    team_minimum: int = attrs.field(default=0, converter=_plain_number, validator=_whole(0, 13))
    """The least a partnership's two bids may add up to, a nil counting as zero; its second
    bidder must make up what is missing (rule-team-minimum). 0: no minimum (four players
    only)."""
    bidding: Bidding = attrs.field(default=Bidding.OPEN, validator=_kind(Bidding))
    """How a player chooses her bid: freely, as Suicide asks (rule-suicide), or from her
    number of spades under Whiz and Mirror (rule-whiz, rule-mirror)."""
    blind_bid_minimum: int = attrs.field(default=0, converter=_plain_number)
    """The least number a player may bid blind, before she looks, up to the cards of a hand
    (13; 17 or 18 with three players); its tricks count double, made or set
    (rule-blind-bids). 0: no blind numbers (not for two players)."""
    blind_bid_deficit: int | None = attrs.field(
        default=100, converter=_plain_optional, validator=_whole(0, optional=True)
    )
    """Blind numbers only for a side trailing by at least this many points; ``None``:
    always (rule-blind-bids)."""
    spades_lead: SpadesLead = attrs.field(default=SpadesLead.BROKEN, validator=_kind(SpadesLead))
    """When a player who holds another suit may lead a spade: once spades are broken (every
    source), at any time, or from the second trick on."""
    bag_limit: int = attrs.field(default=10, converter=_plain_number, validator=_whole(1))
    """Bags that cost the bag penalty."""
    bag_penalty: int = attrs.field(default=100, converter=_plain_number, validator=_whole(0))
    """Points lost each time the bag counter reaches the limit."""
    bag_overflow: BagOverflow = attrs.field(
        default=_for_players(BagOverflow.RESET, BagOverflow.CARRY), validator=_kind(BagOverflow)
    )
    """What the bag counter does at the limit."""
    ten_for_two_hundred: bool = attrs.field(default=False, validator=_kind(bool))
    """Whether a side whose bids add up to 10 or more wins 200 points for making them and
    loses 200 for missing them, in place of ten a trick (rule-ten-for-two-hundred)."""
    target: int = attrs.field(default=500, converter=_plain_number, validator=_whole(1))
    """Points that win the game, checked at the end of each round."""
    losing_floor: int | None = attrs.field(default=None, converter=_plain_optional)
    """A side at or below this score at the end of a round loses; ``None``: no floor."""
    round_cap: int | None = attrs.field(
        default=None, converter=_plain_optional, validator=_whole(1, optional=True)
    )
    """After this many rounds the higher score wins, or the game is drawn; ``None``: no cap."""
    pack: Pack = attrs.field(init=False, eq=False, repr=False)
    """Derived: the cards dealt and how they rank, `Deck.for_players` of the deck: the deck
    itself for two and four players (rule-decks, rule-three-players).

    >>> len(CLASSIC.pack.cards), len(Ruleset(players=3).pack.cards)
    (52, 51)
    """
    hand_size: int = attrs.field(init=False, eq=False, repr=False)
    """Derived: the cards of a hand, and so the tricks of a round: 13, or with three players
    17 (the standard deck) or 18 (a joker deck).

    >>> CLASSIC.hand_size, Ruleset(players=3).hand_size
    (13, 17)
    """
    orders_of_play: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """Derived: for each seat, `play_order` from it. `play_order` and `next_seat` read this
    table with their seat checked; code that must be fast (the engine's) reads it directly.

    >>> CLASSIC.orders_of_play[3], MINIOKEY.orders_of_play[3]
    ((3, 0, 1, 2), (3, 2, 1, 0))
    """
    _standard_orders: tuple[tuple[int, ...], ...] | None = attrs.field(
        init=False, eq=False, repr=False
    )
    """Derived, for `apply`'s fast path alone: `orders_of_play` under the standard deck,
    whose order of bits is its order of ranks; ``None`` under a joker deck, whose plays
    take the path that reads the pack. One attribute read answers both."""
    partnerships: bool = attrs.field(init=False, eq=False, repr=False)
    """Derived: whether the seats play in two partnerships: four players, not solo
    (rule-seats)."""
    sides: int = attrs.field(init=False, eq=False, repr=False)
    """Derived: the number of sides. Two partnerships are two sides, and so are two
    players; four playing solo are four (rule-solo), three players three
    (rule-three-players)."""
    free_bids: range = attrs.field(init=False, eq=False, repr=False)
    """Derived: the numbers every bidder may bid at every turn of the bidding, whatever
    was bid before her: from 0 (where a bid of zero exists: nil or a zero contract) or 1
    up to the cards of a hand, where the bidding is open, with no team minimum and no
    blind bid. Empty where the bids depend on the round: a team minimum, Suicide, Whiz,
    Mirror, blind nil or blind numbers. `legal_moves` and `apply` read it: a form of
    `allowed_bids`.

    >>> CLASSIC.free_bids, Ruleset(nil=False).free_bids, Ruleset(team_minimum=4).free_bids
    (range(0, 14), range(1, 14), range(0, 0))
    """

    @players.validator
    def _check_players(self, attribute: attrs.Attribute[int], value: object) -> None:
        if type(value) is not int or value not in {2, 3, 4}:
            raise RulesetError(
                "players must be 4 (two partnerships), 3 or 2 (each on her own), not "
                f"{shown(value)}"
            )

    @blind_bid_minimum.validator
    def _check_blind_minimum(self, attribute: attrs.Attribute[int], value: object) -> None:
        cards = self.deck.for_players(self.players).cards if type(self.players) is int else ()
        _whole(0, len(cards) // self.players if self.players == 3 else 13)(self, attribute, value)

    @losing_floor.validator
    def _check_floor(self, attribute: attrs.Attribute[int | None], value: int | None) -> None:
        if value is None:
            return
        if type(value) is not int:
            raise RulesetError(f"losing_floor must be a whole number or None, not {shown(value)}")
        if value >= 0:
            raise RulesetError(
                f"losing_floor must be below zero, where every game starts, not {shown(value)}"
            )
        if value < -MAX_NUMBER:
            raise RulesetError(f"losing_floor must be at least -{MAX_NUMBER}, not {shown(value)}")

    def __attrs_post_init__(self) -> None:
        partnerships = _in_partnerships(self.players, self.solo)
        object.__setattr__(self, "partnerships", partnerships)
        object.__setattr__(self, "sides", 2 if partnerships else self.players)
        if self.blind_nil and not self.nil:
            raise RulesetError("blind nil is a nil bid: it needs nil=True (or blind_nil=False)")
        if self.bidding is not Bidding.OPEN:
            _check_bidding(self)
        if self.nil_pass and not self.nil:
            raise RulesetError("nil_pass is the pass after a nil bid: it needs nil=True")
        if self.zero_contract and self.nil:
            raise RulesetError(
                "a bid of zero is either nil or an ordinary contract: zero_contract needs nil=False"
            )
        if self.players == 2:
            _check_two_players(self)
        else:
            if self.blind_nil_exchange:
                raise RulesetError(
                    "blind_nil_exchange is the two-player double nil exchange; three and four "
                    "players are dealt their cards and exchange none: set it to 0"
                )
            if self.double_nil_timing is not DoubleNilTiming.BEFORE_FIRST_CHOICE:
                raise RulesetError(
                    "double_nil_timing is the two-player draw's: three and four players bid "
                    "blind nil before they look; leave it at DoubleNilTiming.BEFORE_FIRST_CHOICE"
                )
        if self.solo:
            _check_solo(self)
        if self.players == 3:
            _check_no_partner(self, who="three players", when="with three players")
        players = self.players
        step = 1 if self.direction is Direction.CLOCKWISE else players - 1
        order = tuple(
            tuple((seat + i * step) % players for i in range(players)) for seat in range(players)
        )
        pack = self.deck.for_players(players)
        object.__setattr__(self, "pack", pack)
        object.__setattr__(self, "hand_size", len(pack.cards) // players if players == 3 else 13)
        object.__setattr__(self, "orders_of_play", order)
        object.__setattr__(self, "_standard_orders", order if self.deck is Deck.STANDARD else None)
        object.__setattr__(self, "free_bids", _free_bids(self))


def _free_bids(rules: Ruleset) -> range:
    """`allowed_bids` where the ruleset alone decides it: `Ruleset.free_bids`.

    Under open bidding with no team minimum, no blind nil and no blind numbers, every
    bidder at every turn may bid from 0 (nil or a zero contract, where the ruleset has a
    bid of zero) or 1 up to the cards of a hand, and has no blind bid to make first
    (rule-bidding, reading-zero-bid). Any other ruleset gets an empty range.
    """
    free = (
        rules.bidding is Bidding.OPEN
        and not rules.team_minimum
        and not rules.blind_nil
        and not rules.blind_bid_minimum
    )
    least = 0 if rules.nil or rules.zero_contract else 1
    return range(least, rules.hand_size + 1) if free else range(0)


# --- seating: who plays after whom, partners and sides -----------------------------------


def check_seat(seat: object, players: int = 4, *, what: str = "seat") -> int:
    """``seat`` as a plain `int` when it is a seat from 0 to ``players - 1``; else raise.

    A seat is a `whole_number` (numpy's integers too, bools not). `TypeError` for a value
    that is not one, `SpadesError` for one out of range; ``what`` names the number in the
    message (a ``"side"`` is checked with ``players=2``).
    """
    if type(seat) is not int:
        number = whole_number(seat)
        if number is None:
            raise TypeError(f"a {what} is a number from 0 to {players - 1}, not {shown(seat)}")
        seat = number
    if not 0 <= seat < players:
        raise SpadesError(f"a {what} is a number from 0 to {players - 1}, not {shown(seat)}")
    return seat


def check_rules(rules: object, doing: str) -> Ruleset:
    """``rules`` itself when it is a `Ruleset`, else `TypeError`; ``doing`` names the caller."""
    if not isinstance(rules, Ruleset):
        raise TypeError(f"{doing} takes a Ruleset, not {type(rules).__name__}")
    return rules


def play_order(rules: Ruleset, leader: int) -> tuple[int, ...]:
    """The seats in the order they play to a trick led by ``leader``, ``leader`` first.

    Play runs in the ruleset's direction: clockwise, seat numbers growing by one, or
    counter-clockwise, by three (modulo four); two players alternate. Bidding runs the same
    way from the first bidder, and the deal passes the same way.

    >>> play_order(CLASSIC, 3), play_order(MINIOKEY, 3), play_order(TWO_HANDED, 1)
    ((3, 0, 1, 2), (3, 2, 1, 0), (1, 0))
    """
    rules = check_rules(rules, "play_order")
    return rules.orders_of_play[check_seat(leader, rules.players)]


def next_seat(rules: Ruleset, seat: int) -> int:
    """The seat that plays (and bids) after ``seat``; the deal passes to it, too.

    So the dealer's next seat bids first and leads the first trick: left of the dealer
    under `Direction.CLOCKWISE`, right of her under `Direction.COUNTERCLOCKWISE`; with two
    players, the one who did not draw first.

    >>> next_seat(CLASSIC, 3), next_seat(MINIOKEY, 3), next_seat(TWO_HANDED, 0)
    (0, 2, 1)
    """
    rules = check_rules(rules, "next_seat")
    return rules.orders_of_play[check_seat(seat, rules.players)][1]


def partner(rules: Ruleset, seat: int) -> int | None:
    """Four players: ``seat``'s partner, who sits opposite; two players have none.

    >>> partner(CLASSIC, 1), partner(TWO_HANDED, 1) is None
    (3, True)
    """
    rules = check_rules(rules, "partner")
    seat = check_seat(seat, rules.players)
    return (seat + 2) % 4 if rules.partnerships else None


def side_of(rules: Ruleset, seat: int) -> int:
    """The side ``seat`` plays for: seats 0 and 2 are side 0, seats 1 and 3 side 1.

    With two or three players, and four playing solo, each seat is its own side, numbered
    as the seat.

    >>> side_of(CLASSIC, 2), side_of(CLASSIC, 3), side_of(TWO_HANDED, 1)
    (0, 1, 1)
    >>> side_of(Ruleset(solo=True), 2)
    2
    """
    rules = check_rules(rules, "side_of")
    seat = check_seat(seat, rules.players)
    return seat % 2 if rules.partnerships else seat


def seats_of(rules: Ruleset, side: int) -> tuple[int, ...]:
    """The seats of ``side``: ``side`` and its partner, or ``side`` alone.

    ``side`` is alone with two or three players, and when four play solo.

    >>> seats_of(CLASSIC, 1), seats_of(TWO_HANDED, 1), seats_of(Ruleset(solo=True), 3)
    ((1, 3), (1,), (3,))
    """
    rules = check_rules(rules, "seats_of")
    side = check_seat(side, rules.sides, what="side")
    return (side, side + 2) if rules.partnerships else (side,)


def _check_bidding(rules: Ruleset) -> None:
    """Reject what a bidding mode rules out: it decides the nils and the sides' bids."""
    mode = rules.bidding.value
    if rules.players == 2 and rules.bidding is Bidding.SUICIDE:
        raise RulesetError(f"bidding={mode} is for partnerships: it needs four players")
    if rules.players == 2:
        raise RulesetError(f"bidding={mode} is for three or four players: it needs a deal")
    if rules.bidding in BIDS_BY_SPADES:
        if not rules.nil and not rules.zero_contract:
            raise RulesetError(
                f"bidding={mode} bids zero with no spades: it needs nil=True or zero_contract=True"
            )
    elif not rules.nil:
        raise RulesetError(f"bidding={mode} is played with nil bids: it needs nil=True")
    if rules.blind_nil:
        raise RulesetError(f"bidding={mode} has no blind nil: set blind_nil=False")
    if rules.blind_bid_minimum:
        raise RulesetError(f"bidding={mode} has no blind bids: blind_bid_minimum must be 0")
    if rules.team_minimum:
        raise RulesetError(
            f"bidding={mode} decides what a side bids itself: team_minimum must be 0"
        )


def _check_solo(rules: Ruleset) -> None:
    """Solo is four players each on her own (rule-solo): two and three players always are."""
    if rules.players != 4:
        raise RulesetError(
            "solo is four players each on her own: two and three players always are, so solo "
            f"must be False with players={rules.players}"
        )
    _check_no_partner(rules, who="solo players", when="when four play solo")


def _check_no_partner(rules: Ruleset, who: str, when: str) -> None:
    """Reject what needs a partner where each plays on her own (rule-solo, rule-three-players)."""
    for name, what in (
        ("team_minimum", "a partnership's two bids"),
        ("nil_pass", "the pass between partners after a nil"),
        ("blind_nil_pass", "the pass between partners after a blind nil"),
    ):
        if getattr(rules, name) and (name != "blind_nil_pass" or rules.blind_nil):
            raise RulesetError(f"{name} is {what}: {who} have no partner, so it must be 0")
    if rules.bidding is Bidding.SUICIDE:
        raise RulesetError(
            f"bidding must not be Bidding.SUICIDE {when}: Suicide gives each "
            f"partnership a nil and a contract, and {who} have no partner"
        )


def _check_two_players(rules: Ruleset) -> None:
    """Reject the four-player switches that mean nothing with two players."""
    if rules.direction is not Direction.CLOCKWISE:
        raise RulesetError(
            "two players simply alternate: direction applies to four players; leave it "
            "at Direction.CLOCKWISE"
        )
    if rules.nil_tricks is not NilTricks.BAGS:
        raise RulesetError(
            "a two-player nil bidder has no partner to count her tricks: nil_tricks must "
            "be NilTricks.BAGS"
        )
    if rules.blind_nil_pass:
        raise RulesetError(
            "a two-player double nil bidder has no partner to pass cards to: "
            "blind_nil_pass must be 0 (blind_nil_exchange is her exchange)"
        )
    if rules.nil_pass:
        raise RulesetError(
            "a two-player nil bidder has no partner to pass cards to: nil_pass must be 0"
        )
    if rules.team_minimum:
        raise RulesetError(
            "a team minimum is a partnership's: two players each bid alone, so "
            "team_minimum must be 0"
        )
    if rules.blind_bid_minimum:
        raise RulesetError(
            "two players see their cards as they draw them, so nobody bids a number blind: "
            "blind_bid_minimum must be 0 (double nil is their blind bid)"
        )


CLASSIC: Final = Ruleset()
"""Source A, classic partnership Spades: left of the dealer starts, play runs clockwise, a nil
bidder's tricks count for her side, ten bags cost 100 and reset the counter, game to 500."""

MINIOKEY: Final = Ruleset(
    direction=Direction.COUNTERCLOCKWISE,
    nil_tricks=NilTricks.BAGS,
    bag_overflow=BagOverflow.CARRY,
    losing_floor=-200,
    round_cap=25,
)
"""Source B, an online platform's rules: right of the dealer starts, play runs
counter-clockwise, a nil bidder's tricks are bags, bags past ten carry over, game to 500,
a side at -200 loses, at most 25 rounds."""

TWO_HANDED: Final = Ruleset(players=2)
"""Source C, two-player Spades: no deal but a draw from the stock, the other player bids
and leads first, nil and double nil (worth 200, with an exchange of up to three cards with
the discards), a nil bidder's tricks are bags, bags past ten carry over, game to 500."""

_TRICKSTER_JOKER_ACE: Final = Ruleset(
    deck=Deck.JOKER_JOKER_ACE,
    nil=False,
    zero_contract=True,
    team_minimum=4,
    spades_lead=SpadesLead.ANY_TIME,
    bag_penalty=0,
    ten_for_two_hundred=True,
    target=350,
    losing_floor=-200,
)
"""Trickster Cards' table "Join Spades - Team 2v2 Joker-Joker-Ace to 350/-200, -10x bid if
set, min bid 4, 10-for-200, no Nil, no bags, lead spades anytime" (the public record of
TricksterBots issue 231, options ``variation`` 1, ``gameOverScore`` 350, ``mercyRule`` 1,
``failBidScoring`` 1, ``tenBagsPenalty`` false, ``leadSpades`` 2, ``minBid`` 4,
``tenForTwoHundred``, ``nilOrZero`` 1): the Joker-Joker-Ace deck, zero an ordinary
contract, a side's bids at least 4, spades led at any time, bags cost nothing, 10-for-200,
game to 350, a side at -200 loses."""

_TRICKSTER_JOKER_DEUCE: Final = Ruleset(
    deck=Deck.JOKER_JOKER_DEUCE_DEUCE,
    nil=False,
    zero_contract=True,
    team_minimum=4,
    blind_bid_minimum=6,
    blind_bid_deficit=250,
    ten_for_two_hundred=True,
)
"""Trickster Cards' table "Play Spades - 2v2 Joker-Joker-Deuce-Deuce to 500, -10x bid if set,
min bid 4, 1st hand bids itself, 10-for-200, no Nil, Blind 6+ if losing by 250" (the public
record of TricksterBots issue 335, options ``variation`` 3, ``failBidScoring`` 1, ``minBid``
4, ``tenForTwoHundred``, ``blindNonNilBids`` 4, ``nilOrZero`` 1): the Joker-Joker-Deuce-Deuce
deck, zero an ordinary contract, a side's bids at least 4, blind bids of 6 to 13 for a side
250 behind, 10-for-200, game to 500. The table's ``firstHandBidsItself`` is not played:
every hand here is bid, the first too (no public record shows that first hand)."""

PRESETS: Final[Mapping[str, Ruleset]] = MappingProxyType(
    {
        "classic": CLASSIC,
        "miniokey": MINIOKEY,
        "miniokey-250": attrs.evolve(MINIOKEY, target=250),
        "two-handed": TWO_HANDED,
        "trickster-jja": _TRICKSTER_JOKER_ACE,
        "trickster-jjdd": _TRICKSTER_JOKER_DEUCE,
    }
)
"""The named rulesets, by canonical name: the three sources' and two tables of Trickster
Cards, the app with the most rule options whose records are public."""

_ALIASES: Final = {
    "a": "classic",
    "source-a": "classic",
    "partnership": "classic",
    "standard": "classic",
    "b": "miniokey",
    "source-b": "miniokey",
    "online": "miniokey",
    "miniokey-500": "miniokey",
    "c": "two-handed",
    "source-c": "two-handed",
    "two-player": "two-handed",
    "two-players": "two-handed",
    "2p": "two-handed",
}


def find_ruleset(name: str) -> Ruleset:
    """The preset called ``name`` or one of its aliases, in any case.

    >>> find_ruleset("Classic") is CLASSIC, find_ruleset("miniokey-250").target
    (True, 250)
    """
    if not isinstance(name, str):
        raise TypeError(f"find_ruleset takes a name, not {shown(name)}")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise NotationError(f"{shown(name)} is not a ruleset name; known: {known}") from None
