"""The observation: a view, and the cards chosen so far, as fixed-size numbers in named slots."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

import attrs
import numpy as np

from spades._cards import ALL_CARDS
from spades._decks import Deck
from spades._rules import (
    MAX_HAND,
    BagOverflow,
    Bidding,
    Direction,
    DoubleNilTiming,
    NilTricks,
    Ruleset,
    SpadesLead,
    play_order,
    side_of,
)
from spades._state import Phase
from spades.encoding._actions import checked_selection

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    import numpy.typing as npt

    from spades._cards import Card
    from spades._moves import Bid
    from spades._view import View

__all__ = [
    "OBSERVATION_HIGH",
    "OBSERVATION_LOW",
    "OBSERVATION_SIZE",
    "SLOTS",
    "Slot",
    "observation",
]


@attrs.frozen(kw_only=True)
class Slot:
    """One named part of the observation: ``observation(view)[slot.start : slot.stop]``."""

    name: str
    """The slot's name, as the docs table gives it."""
    start: int
    """Its first position in the observation."""
    size: int
    """How many positions it takes."""
    meaning: str
    """What its values say."""

    @property
    def stop(self) -> int:
        """The position after its last."""
        return self.start + self.size


_CARDS: Final = len(ALL_CARDS)
"""A card slot's width: a place for each card by `Card.index`, the jokers last (54)."""
_BID_ROW: Final = 2 * MAX_HAND + 3
"""A row of the bids: not yet, 0 to 18, blind nil, 1 to 18 blind (39; rule-three-players)."""
_BLIND_AT: Final = MAX_HAND + 2
"""Where blind nil sits in a row of the bids, after not yet and the bids 0 to 18 (20)."""
_LAYOUT: Final = (
    ("hand", _CARDS, "1 for each card the observer holds; all 0 while her hand is face down"),
    (
        "played",
        4 * _CARDS,
        "by relative seat, the cards each played this round, this trick too",
    ),
    ("trick", 4 * _CARDS, "by relative seat, the card each played to the trick in progress"),
    ("trick_leader", 4, "one-hot relative seat that led the trick in progress, or leads next"),
    (
        "bids",
        4 * _BID_ROW,
        "by relative seat, one-hot: not yet, 0 (nil), 1 to 18, blind nil, 1 to 18 bid blind",
    ),
    (
        "tricks_taken",
        4 * (MAX_HAND + 1),
        "by relative seat, one-hot: tricks taken this round, 0 to 18",
    ),
    ("to_move", 4, "one-hot relative seat to move; all 0 once the game is over"),
    ("phase", 6, "one-hot phase: drawing, exchanging, bidding, passing, playing, game over"),
    ("looked", 4, "by relative seat, 1 if she made the Look move this round"),
    ("spades_broken", 1, "1 once a spade has been played this round"),
    (
        "scores",
        4,
        "by relative seat, the score of her side / target, clipped to -1 to 1",
    ),
    ("bags", 4, "by relative seat, the bag counter of her side / bag_limit"),
    ("rounds", 1, "completed rounds / round_cap; 0 without a round cap"),
    ("rules.players", 3, "one-hot: two, three, or four players"),
    ("rules.solo", 1, "1 for four players each on her own, 0 for partnerships, two and three"),
    ("rules.deck", 3, "one-hot: the standard deck, Joker-Joker-Ace, Joker-Joker-Deuce-Deuce"),
    ("rules.direction", 1, "1 for counter-clockwise play, 0 for clockwise"),
    ("rules.nil", 1, "1 if nil may be bid"),
    ("rules.zero_contract", 1, "1 if a bid of zero is an ordinary contract (without nil)"),
    ("rules.nil_value", 1, "nil_value / 500, at most 1"),
    ("rules.nil_tricks", 2, "one-hot: a nil bidder's tricks count, or are bags"),
    ("rules.blind_nil", 1, "1 if blind nil (two players: double nil) may be bid"),
    ("rules.blind_nil_value", 1, "blind_nil_value / 500, at most 1"),
    ("rules.blind_nil_deficit", 2, "1 if blind nil needs a deficit; the deficit / 500, at most 1"),
    ("rules.nil_pass", 1, "nil_pass / 4"),
    ("rules.blind_nil_pass", 1, "blind_nil_pass / 4"),
    ("rules.blind_nil_exchange", 1, "blind_nil_exchange / 3"),
    ("rules.double_nil_timing", 2, "one-hot: double nil before, or after, her first draw"),
    ("rules.team_minimum", 1, "team_minimum / 13: the least a side's two bids add up to"),
    ("rules.bidding", 4, "one-hot: open bidding, Suicide, Whiz, or Mirror"),
    (
        "rules.blind_bid_minimum",
        1,
        "blind_bid_minimum / the hand size (13, 17 or 18): the least number bid blind",
    ),
    (
        "rules.blind_bid_deficit",
        2,
        "1 if blind numbers need a deficit; the deficit / 500, at most 1",
    ),
    ("rules.spades_lead", 3, "one-hot: a spade may be led once broken, any time, or from trick 2"),
    ("rules.bag_limit", 1, "bag_limit / 20, at most 1"),
    ("rules.bag_penalty", 1, "bag_penalty / 500, at most 1"),
    ("rules.bag_overflow", 2, "one-hot: the bag counter resets, or carries over"),
    ("rules.ten_for_two_hundred", 1, "1 if a contract of 10 or more is worth 200"),
    ("rules.target", 1, "target / 1000, at most 1"),
    ("rules.losing_floor", 2, "1 if there is a losing floor; -floor / 1000, at most 1"),
    ("rules.round_cap", 2, "1 if there is a round cap; round_cap / 100, at most 1"),
    (
        "face_down",
        1,
        "1 while the observer's hand is face down (she may bid blind nil or a blind number)",
    ),
    ("top_card", _CARDS, "two players: the top card of the stock, while the observer draws"),
    ("kept", _CARDS, "two players: the cards the observer kept in this round's draw"),
    ("discarded", _CARDS, "two players: the cards the observer discarded in this round's draw"),
    ("stock_size", 1, "two players: cards left in the stock / 52"),
    ("exchange_given", _CARDS, "two players: the cards the observer gave up in her exchange"),
    ("exchange_drawn", _CARDS, "two players: the cards the observer drew in her exchange"),
    ("other_exchange", 1, "two players: how many cards the other player exchanged / 3"),
    ("passed", _CARDS, "four players: the cards the observer passed to her partner"),
    ("received", _CARDS, "four players: the cards the observer's partner passed to her"),
    ("selected", _CARDS, "the cards chosen so far for the pass or exchange being entered"),
)


def _slots() -> tuple[Slot, ...]:
    slots: list[Slot] = []
    for name, size, meaning in _LAYOUT:
        start = slots[-1].stop if slots else 0
        slots.append(Slot(name=name, start=start, size=size, meaning=meaning))
    return tuple(slots)


SLOTS: Final = _slots()
"""The observation's slots in order, the table the docs give."""
OBSERVATION_SIZE: Final = SLOTS[-1].stop
"""How many values an observation holds, for every ruleset."""
_AT: Final = {slot.name: slot.start for slot in SLOTS}
_ROW: Final = {slot.name: slot.size // 4 for slot in SLOTS}
"""The width of one seat's row, for the slots by relative seat (four rows each)."""


def _at(name: str, row: int = 0) -> int:
    """Where row ``row`` (a relative seat) of the slot ``name`` starts."""
    return _AT[name] + _ROW[name] * row


def _bounds(everywhere: float, scores: float) -> npt.NDArray[np.float32]:
    """A read-only array of ``everywhere``, but ``scores`` in the slot ``scores``."""
    bounds = np.full(OBSERVATION_SIZE, everywhere, dtype=np.float32)
    bounds[_AT["scores"] : _AT["scores"] + _ROW["scores"] * 4] = scores
    bounds.flags.writeable = False
    return bounds


OBSERVATION_LOW: Final = _bounds(0.0, -1.0)
"""The least value of each position: 0, but -1 for the scores (read-only)."""
OBSERVATION_HIGH: Final = _bounds(1.0, 1.0)
"""The greatest value of each position: 1 (read-only)."""
_PHASES: Final = {phase: index for index, phase in enumerate(Phase)}


def observation(view: View, selected: Sequence[Card] = ()) -> npt.NDArray[np.float32]:
    """The view, and the cards ``selected`` so far, as `OBSERVATION_SIZE` numbers (float32).

    Each lies between `OBSERVATION_LOW` and `OBSERVATION_HIGH`; `SLOTS` says what they are.

    >>> from spades import CLASSIC, new_game, observe
    >>> values = observation(observe(new_game(CLASSIC, seed=1), 0))
    >>> int(values[:52].sum()), values.dtype.name
    (13, 'float32')
    """
    chosen = checked_selection(view, selected)
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    rules = view.rules
    row = {seat: k for k, seat in enumerate(play_order(rules, view.seat))}
    _put_table(out, view, row)
    _put_scores(out, view, _row_sides(rules, view.seat))
    out[_AT["rules.players"] : _AT["face_down"]] = _rules_values(rules)
    out[_AT["face_down"]] = view.hand is None
    if rules.players == 2:
        _put_draw_and_exchange(out, view)
    else:
        _put_passes(out, view)
    _put_cards(out, "selected", chosen)
    return out


def _put_cards(
    out: npt.NDArray[np.float32], name: str, cards: Iterable[Card | None], row: int = 0
) -> None:
    """Set the positions of ``cards`` in row ``row`` of the card slot ``name``.

    ``None``, a card the view does not show, is skipped.
    """
    start = _at(name, row)
    out[[start + card.index for card in cards if card is not None]] = 1


def _put_table(out: npt.NDArray[np.float32], view: View, row: dict[int, int]) -> None:
    """The hand, the cards played, the trick, bids, tricks taken and turns, by relative seat."""
    rules = view.rules
    _put_cards(out, "hand", view.hand or ())
    played = [  # each card at its player's row: the trick's order of play from its leader
        _at("played", row[seat]) + card.index
        for trick in view.tricks
        for seat, card in zip(play_order(rules, trick.leader), trick.cards, strict=True)
    ]
    if view.trick_leader is not None:
        out[_at("trick_leader", row[view.trick_leader])] = 1
        for seat, card in zip(play_order(rules, view.trick_leader), view.trick, strict=False):
            played.append(_at("played", row[seat]) + card.index)
            out[_at("trick", row[seat]) + card.index] = 1
    out[played] = 1
    taken = view.tricks_taken
    for seat, bid in enumerate(view.bids):
        out[_at("bids", row[seat]) + _bid_index(bid)] = 1
        out[_at("tricks_taken", row[seat]) + taken[seat]] = 1
        out[_at("looked", row[seat])] = view.looked[seat]
    if view.to_move is not None:
        out[_at("to_move", row[view.to_move])] = 1
    out[_AT["phase"] + _PHASES[view.phase]] = 1
    out[_AT["spades_broken"]] = view.spades_broken


def _bid_index(bid: Bid | None) -> int:
    """A bid's place in its one-hot row: not yet 0, ``n`` at ``n + 1``, blind ``n`` at ``n + 20``.

    Nil at 1, 18 at 19, blind nil at 20, the numbers bid blind after it (rule-blind-bids,
    rule-three-players).
    """
    if bid is None:
        return 0
    return bid.n + _BLIND_AT if bid.blind else bid.n + 1


@functools.lru_cache(maxsize=256)
def _row_sides(rules: Ruleset, seat: int) -> tuple[int, ...]:
    """By relative seat of ``seat``, the side of that player (`spades.side_of`).

    Partners share a side, so their rows show the same score; two players have rows 0
    and 1 only, three players rows 0 to 2 (rule-seats, rule-solo, rule-three-players).
    """
    return tuple(side_of(rules, other) for other in play_order(rules, seat))


def _put_scores(out: npt.NDArray[np.float32], view: View, sides: tuple[int, ...]) -> None:
    """Scores and bags by relative seat, each her side's, and the rounds against the cap.

    ``sides`` is `_row_sides` of the view's seat: the side of each row.
    """
    rules = view.rules
    target, limit, scores, bags = rules.target, rules.bag_limit, view.scores, view.bags
    at_scores, at_bags = _AT["scores"], _AT["bags"]
    for k, side in enumerate(sides):  # one number at a time: faster than a slice here
        out[at_scores + k] = _clipped(scores[side], target)
        out[at_bags + k] = _clipped(bags[side], limit)
    if rules.round_cap is not None:
        out[_AT["rounds"]] = _clipped(len(view.rounds), rules.round_cap)


def _clipped(number: int, scale: int) -> float:
    """``number / scale`` clipped to -1 to 1, for numbers of any size (`scale` above 0)."""
    if number >= scale:
        return 1.0
    if number <= -scale:
        return -1.0
    return number / scale


@functools.lru_cache(maxsize=64)
def _rules_values(rules: Ruleset) -> tuple[float, ...]:
    """The ``rules.*`` slots, in order: every field of the ruleset, each between 0 and 1."""
    deficit, floor, cap = rules.blind_nil_deficit, rules.losing_floor, rules.round_cap
    blind_deficit = rules.blind_bid_deficit
    return (
        rules.players == 2,
        rules.players == 3,
        rules.players == 4,
        rules.solo,
        *(rules.deck is deck for deck in Deck),
        rules.direction is Direction.COUNTERCLOCKWISE,
        rules.nil,
        rules.zero_contract,
        min(1.0, rules.nil_value / 500),
        rules.nil_tricks is NilTricks.COUNT,
        rules.nil_tricks is NilTricks.BAGS,
        rules.blind_nil,
        min(1.0, rules.blind_nil_value / 500),
        deficit is not None,
        0.0 if deficit is None else min(1.0, deficit / 500),
        rules.nil_pass / 4,
        rules.blind_nil_pass / 4,
        rules.blind_nil_exchange / 3,
        rules.double_nil_timing is DoubleNilTiming.BEFORE_FIRST_CHOICE,
        rules.double_nil_timing is DoubleNilTiming.AFTER_FIRST_CHOICE,
        rules.team_minimum / 13,
        rules.bidding is Bidding.OPEN,
        rules.bidding is Bidding.SUICIDE,
        rules.bidding is Bidding.WHIZ,
        rules.bidding is Bidding.MIRROR,
        rules.blind_bid_minimum / rules.hand_size,
        blind_deficit is not None,
        0.0 if blind_deficit is None else min(1.0, blind_deficit / 500),
        rules.spades_lead is SpadesLead.BROKEN,
        rules.spades_lead is SpadesLead.ANY_TIME,
        rules.spades_lead is SpadesLead.AFTER_FIRST_TRICK,
        min(1.0, rules.bag_limit / 20),
        min(1.0, rules.bag_penalty / 500),
        rules.bag_overflow is BagOverflow.RESET,
        rules.bag_overflow is BagOverflow.CARRY,
        rules.ten_for_two_hundred,
        min(1.0, rules.target / 1000),
        floor is not None,
        0.0 if floor is None else min(1.0, -floor / 1000),
        cap is not None,
        0.0 if cap is None else min(1.0, cap / 100),
    )


def _put_draw_and_exchange(out: npt.NDArray[np.float32], view: View) -> None:
    """Two players: what the observer saw of the stock and the discards, and her exchange."""
    _put_cards(out, "top_card", (view.top_card,))
    _put_cards(out, "kept", (draw.kept for draw in view.draws))  # the other's are not shown
    _put_cards(out, "discarded", (draw.discarded for draw in view.draws))
    out[_AT["stock_size"]] = view.stock_size / 52
    for exchange in view.exchanges:
        if exchange.seat == view.seat:
            _put_cards(out, "exchange_given", exchange.given or ())
            _put_cards(out, "exchange_drawn", exchange.drawn or ())
        else:
            out[_AT["other_exchange"]] = exchange.size / 3


def _put_passes(out: npt.NDArray[np.float32], view: View) -> None:
    """Four players: the cards of the card passes between the observer and her partner.

    Her partner's pass is the one she received; the other side's passes show no cards.
    Three players pass none (rule-three-players).
    """
    for entry in view.passes:
        _put_cards(out, "passed" if entry.seat == view.seat else "received", entry.cards or ())
