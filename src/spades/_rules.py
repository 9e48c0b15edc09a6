"""Rulesets: every variant the library plays is a value of `Ruleset`, never a subclass."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

import attrs

from spades._errors import NotationError, RulesetError

__all__ = [
    "CLASSIC",
    "MINIOKEY",
    "PRESETS",
    "BagOverflow",
    "Direction",
    "NilTricks",
    "Ruleset",
    "find_ruleset",
]


class Direction(enum.Enum):
    """Who bids and leads first, and which way play, bidding and the deal move.

    Seats are numbered 0 to 3 clockwise, so "left of the dealer" is ``dealer + 1``.
    """

    CLOCKWISE = 1
    """The player left of the dealer bids and leads first; play runs clockwise (source A)."""
    COUNTERCLOCKWISE = 3
    """The player right of the dealer bids and leads first; play runs counter-clockwise
    (source B)."""

    step: int
    """What a seat number grows by, modulo 4, from one player to the next."""
    following: tuple[int, int, int, int]
    """The next player after each seat."""


for _direction in Direction:
    _direction.step = _direction.value
    _direction.following = tuple((seat + _direction.value) % 4 for seat in range(4))
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


_Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def _whole(low: int, high: int | None = None, *, optional: bool = False) -> _Validator:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and optional:
            return
        if type(value) is not int:
            raise RulesetError(f"{attribute.name} must be a whole number, not {value!r}")
        if value < low or (high is not None and value > high):
            bounds = f"at least {low}" if high is None else f"from {low} to {high}"
            raise RulesetError(f"{attribute.name} must be {bounds}, not {value}")

    return check


def _kind(kind: type) -> _Validator:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not kind:
            raise RulesetError(f"{attribute.name} must be a {kind.__name__}, not {value!r}")

    return check


@attrs.frozen(kw_only=True, cache_hash=True)
class Ruleset:
    """A variant of Spades: every switch the rules depend on. The defaults are source A.

    >>> Ruleset(target=250).target
    250
    >>> Ruleset(losing_floor=0)
    Traceback (most recent call last):
    ...
    spades._errors.RulesetError: losing_floor must be below zero, where every game starts, not 0
    """

    players: int = attrs.field(default=4, validator=_whole(1))
    """Four players in two partnerships. (Two-player Spades is not supported yet.)"""
    direction: Direction = attrs.field(default=Direction.CLOCKWISE, validator=_kind(Direction))
    """Who bids and leads first and the direction of play, bidding and the deal."""
    nil: bool = attrs.field(default=True, validator=_kind(bool))
    """Whether a bid of zero (nil) is allowed."""
    nil_value: int = attrs.field(default=100, validator=_whole(0))
    """Points won for a nil that takes no trick, and lost for one that takes any."""
    nil_tricks: NilTricks = attrs.field(default=NilTricks.COUNT, validator=_kind(NilTricks))
    """What a nil bidder's tricks do for her side."""
    blind_nil: bool = attrs.field(default=False, validator=_kind(bool))
    """Whether a player may bid blind nil, before looking at her hand."""
    blind_nil_value: int = attrs.field(default=200, validator=_whole(0))
    """Points won for a blind nil that takes no trick, and lost for one that takes any."""
    blind_nil_deficit: int | None = attrs.field(
        default=100,
        validator=_whole(0, optional=True),
    )
    """Blind nil only for a side trailing by at least this many points; ``None``: always."""
    blind_nil_pass: int = attrs.field(default=2, validator=_whole(0, 3))
    """Cards a blind nil bidder passes to her partner, and the partner passes back."""
    bag_limit: int = attrs.field(default=10, validator=_whole(1))
    """Bags that cost the bag penalty."""
    bag_penalty: int = attrs.field(default=100, validator=_whole(0))
    """Points lost each time the bag counter reaches the limit."""
    bag_overflow: BagOverflow = attrs.field(default=BagOverflow.RESET, validator=_kind(BagOverflow))
    """What the bag counter does at the limit."""
    target: int = attrs.field(default=500, validator=_whole(1))
    """Points that win the game, checked at the end of each round."""
    losing_floor: int | None = attrs.field(default=None)
    """A side at or below this score at the end of a round loses; ``None``: no floor."""
    round_cap: int | None = attrs.field(default=None, validator=_whole(1, optional=True))
    """After this many rounds the higher score wins, or the game is drawn; ``None``: no cap."""

    @losing_floor.validator
    def _check_floor(self, attribute: attrs.Attribute[int | None], value: int | None) -> None:
        if value is None:
            return
        if type(value) is not int:
            raise RulesetError(f"losing_floor must be a whole number or None, not {value!r}")
        if value >= 0:
            raise RulesetError(
                f"losing_floor must be below zero, where every game starts, not {value}"
            )

    def __attrs_post_init__(self) -> None:
        if self.players == 2:
            raise RulesetError("two-player Spades is not supported yet; use players=4")
        if self.players != 4:
            raise RulesetError(f"players must be 4, in two partnerships, not {self.players}")
        if self.blind_nil and not self.nil:
            raise RulesetError("blind nil is a nil bid: it needs nil=True")


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

PRESETS: Final[Mapping[str, Ruleset]] = MappingProxyType(
    {
        "classic": CLASSIC,
        "miniokey": MINIOKEY,
        "miniokey-250": attrs.evolve(MINIOKEY, target=250),
    }
)
"""The named rulesets, by canonical name."""

_ALIASES: Final = {
    "a": "classic",
    "source-a": "classic",
    "partnership": "classic",
    "standard": "classic",
    "b": "miniokey",
    "source-b": "miniokey",
    "online": "miniokey",
    "miniokey-500": "miniokey",
}


def find_ruleset(name: str) -> Ruleset:
    """The preset called ``name`` or one of its aliases, in any case.

    >>> find_ruleset("Classic") is CLASSIC, find_ruleset("miniokey-250").target
    (True, 250)
    """
    if not isinstance(name, str):
        raise TypeError(f"find_ruleset takes a name, not {name!r}")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise NotationError(f"{name!r} is not a ruleset name; known: {known}") from None
