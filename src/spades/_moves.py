"""Moves: the decisions a player makes, as frozen values with a text form that round-trips.

The table of every kind of move, its text and when it is made is on the reference page of
the docs, section ``ref-notation`` (``docs/reference.md``); ``tests/test_docs.py`` checks
it against this module.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final, SupportsIndex, TypeAlias, cast

import attrs

from spades._cards import ALL_CARDS, Card
from spades._errors import NotationError, SpadesError, quoted, shown
from spades._rules import MAX_HAND, whole_number

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["Bid", "Exchange", "Keep", "Look", "Move", "Pass", "Play", "Reject", "parse_move"]


def _plain_bid(value: SupportsIndex) -> int:
    """A bid's number as a plain `int` if it is a whole number (numpy's too), else as is.

    What is no whole number stays as it is, for `_bid_number` to refuse.
    """
    number = whole_number(value)
    return cast("int", value) if number is None else number


def _bid_number(instance: Bid, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise TypeError(f"a bid is a whole number of tricks, not {shown(value)}")
    if not -999 <= value <= 999:
        raise SpadesError(
            "a bid is a number of tricks from 0 to the cards of a hand; this one is far out of "
            "range"
        )


def _flag(instance: Bid, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise TypeError(f"blind must be True or False, not {shown(value)}")


@attrs.frozen
class Bid:
    """A bid of ``n`` tricks; ``Bid(0)`` is nil and ``Bid(0, blind=True)`` blind nil.

    A blind number, ``Bid(7, blind=True)``, is bid before looking where the ruleset has
    blind bids (rule-blind-bids).

    >>> str(Bid(4)), str(Bid(0)), str(Bid(0, blind=True)), str(Bid(7, blind=True))
    ('bid 4', 'bid nil', 'bid blind nil', 'bid blind 7')
    """

    n: int = attrs.field(converter=_plain_bid, validator=_bid_number)
    blind: bool = attrs.field(default=False, kw_only=True, validator=_flag)

    @property
    def is_nil(self) -> bool:
        """Whether this is nil or blind nil: a promise to take no trick."""
        return self.n == 0

    def __str__(self) -> str:
        if self.blind:
            return "bid blind nil" if self.n == 0 else f"bid blind {self.n}"
        return "bid nil" if self.n == 0 else f"bid {self.n}"


@attrs.frozen
class Look:
    """Look at one's hand at one's turn to bid, giving up blind bids for this round."""

    def __str__(self) -> str:
        return "look"


def _card(instance: Play, attribute: attrs.Attribute[Card], value: object) -> None:
    if not isinstance(value, Card):
        raise TypeError(f"Play takes a Card, not {shown(value)}; try Play(Card.parse(...))")


@attrs.frozen
class Play:
    """Play ``card`` to the current trick.

    >>> Play(Card.parse("10h"))
    Play(card=Card.parse('TH'))
    """

    card: Card = attrs.field(validator=_card)

    def __str__(self) -> str:
        return f"play {self.card}"


def _distinct_cards(value: Iterable[Card], kind: str) -> tuple[Card, ...]:
    """``value`` as distinct cards in the library's order, for the move called ``kind``."""
    if isinstance(value, (str, Card)):
        raise TypeError(f"{kind} takes a collection of cards, not {shown(value)}")
    cards = tuple(value)
    for card in cards:
        if not isinstance(card, Card):
            raise TypeError(f"{kind} takes cards, not {shown(card)}")
    if len(set(cards)) != len(cards):
        named = " ".join(map(str, cards))
        raise SpadesError(f"{kind.lower()} cannot name a card twice: {named}")
    return tuple(sorted(cards))


def _pass_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return _distinct_cards(value, "Pass")


def _exchange_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return _distinct_cards(value, "Exchange")


@attrs.frozen
class Pass:
    """Pass these cards to one's partner in the card pass after a nil, in the library's order.

    The side's blind nil or nil bidder passes first; then her partner passes back as many
    (`spades.card_passes`).

    >>> str(Pass([Card.parse("3d"), Card.parse("2c")]))
    'pass 2C 3D'
    """

    cards: tuple[Card, ...] = attrs.field(converter=_pass_cards)

    def __str__(self) -> str:
        return " ".join(["pass", *map(str, self.cards)])


@attrs.frozen
class Keep:
    """Two players, drawing: keep the top card of the stock; the next card is discarded."""

    def __str__(self) -> str:
        return "keep"


@attrs.frozen
class Reject:
    """Two players, drawing: discard the top card of the stock and take the next one."""

    def __str__(self) -> str:
        return "reject"


@attrs.frozen
class Exchange:
    """Two players, after the draw: a double nil bidder's exchange with the discards.

    She gives up these cards (none, up to the ruleset's ``blind_nil_exchange``) for as
    many drawn at random from the discards.

    >>> str(Exchange([Card.parse("as"), Card.parse("2c")])), str(Exchange([]))
    ('exchange 2C AS', 'exchange')
    """

    cards: tuple[Card, ...] = attrs.field(converter=_exchange_cards)

    def __str__(self) -> str:
        return " ".join(["exchange", *map(str, self.cards)])


Move: TypeAlias = "Bid | Look | Play | Pass | Keep | Reject | Exchange"
"""Any move."""

BIDS: Final = tuple(Bid(n) for n in range(MAX_HAND + 1))
"""Nil, then the numbers 1 to 18, the most a hand holds (rule-three-players)."""
BLIND_BIDS: Final = tuple(Bid(n, blind=True) for n in range(MAX_HAND + 1))
"""Blind nil, then the blind numbers 1 to 18 (rule-blind-bids)."""
BLIND_NIL: Final = BLIND_BIDS[0]
LOOK: Final = Look()
PLAYS: Final = tuple(Play(card) for card in ALL_CARDS)
KEEP: Final = Keep()
REJECT: Final = Reject()


def parse_move(text: str) -> Move:
    """Read a move from its text form; any case, extra spaces allowed.

    >>> parse_move("play 10h"), parse_move("BID NIL"), parse_move("bid 7")
    (Play(card=Card.parse('TH')), Bid(n=0, blind=False), Bid(n=7, blind=False))

    Raises `NotationError` naming the input when the text is not a move.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_move takes a string, not {type(text).__name__}")
    words = text.lower().split()
    match words:
        case ["bid", "nil"]:
            return BIDS[0]
        case ["bid", "blind" | "double", "nil"]:
            return BLIND_NIL
        case ["bid", number] if re.fullmatch(r"-?[0-9]{1,3}", number):
            return Bid(int(number))
        case ["bid", "blind", number] if re.fullmatch(r"-?[0-9]{1,3}", number):
            return Bid(int(number), blind=True)
        case ["look"]:
            return LOOK
        case ["play", card]:
            return Play(_card_in(card, text))
        case ["keep"]:
            return KEEP
        case ["reject"]:
            return REJECT
        case [("pass" | "exchange") as kind, *cards]:
            chosen = [_card_in(card, text) for card in cards]
            if len(set(chosen)) < len(chosen):
                raise NotationError(
                    f"{quoted(text)} is not a move: {kind} names each card once, not twice"
                )
            return Pass(chosen) if kind == "pass" else Exchange(chosen)
    raise NotationError(
        f"{quoted(text)} is not a move; write 'bid 3', 'bid nil', 'bid blind nil', 'bid blind 7', "
        "'look', "
        "'play AS', 'pass 2C 3D', 'keep', 'reject' or 'exchange 2C 3D'"
    )


def _card_in(word: str, text: str) -> Card:
    """The card ``word`` names (``word`` is lowercased from ``text``, which is quoted)."""
    try:
        return Card.parse(word)
    except NotationError:
        typed = next((part for part in text.split() if part.lower() == word), word)
        raise NotationError(
            f"{quoted(text)} is not a move: {quoted(typed)} is not a card"
        ) from None
