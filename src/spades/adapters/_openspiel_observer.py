"""What a player of ``python_spades`` observes: the shared encoding's tensor, and two strings.

OpenSpiel asks a Python game for an observer of each kind it needs (the information
state, with perfect recall, and the observation, without) and writes its tensors and
strings through it. Both tensors are the encoding's observation of the player's view;
the information state string is the view's data as JSON, the observation string the
table as the player sees it. Only numpy is imported here, not OpenSpiel.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Protocol

import numpy as np

from spades._table_text import bid_text, brief_hand, cards_text, played_text, side_name
from spades.encoding import OBSERVATION_SIZE, SLOTS, observation
from spades.records import to_data

if TYPE_CHECKING:
    from spades._cards import Card
    from spades._view import View

__all__ = ["Observer", "information_text", "observation_text"]


class Seen(Protocol):
    """A state of ``python_spades``, as its observer reads it."""

    def _seen_by(self, player: int) -> tuple[View, tuple[Card, ...], int | None]: ...


class Observer:
    """OpenSpiel's Python observer of one player: `tensor`, its slots in `dict`, a string."""

    def __init__(self, *, perfect_recall: bool) -> None:
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        """The last observation `set_from` wrote."""
        self.dict = {slot.name: self.tensor[slot.start : slot.stop] for slot in SLOTS}
        """The slots of `tensor` by name (``SLOTS``), as views of it."""
        self._perfect_recall = perfect_recall

    def set_from(self, state: Seen, player: int) -> None:
        """Write ``player``'s observation of ``state`` into `tensor` (and so `dict`)."""
        view, chosen, _ = state._seen_by(player)
        self.tensor[:] = observation(view, chosen)

    def string_from(self, state: Seen, player: int) -> str:
        """``player``'s information state string, or her observation string."""
        view, chosen, chance = state._seen_by(player)
        if self._perfect_recall:
            return information_text(view, chosen, chance)
        return observation_text(view, chosen)


def information_text(view: View, chosen: tuple[Card, ...], chance: int | None) -> str:
    """The information state string: the view's data, the cards chosen, the chance run."""
    data = {"view": to_data(view), "selected": [str(card) for card in chosen], "chance": chance}
    return json.dumps(data, separators=(",", ":"))


def observation_text(view: View, chosen: tuple[Card, ...]) -> str:
    """The observation string: the table as the view's seat sees it, a few lines of text."""
    rules, seat = view.rules, view.seat
    turn = "dealing" if view.to_move is None and not view.is_over else view.phase.value
    if view.to_move is not None:
        turn += f", seat {view.to_move} to move"
    lines = [
        f"Seat {seat}, round {view.round_number}: {turn}",
        "Scores: "
        + ", ".join(
            f"{side_name(rules, side, seat)} {view.scores[side]} ({view.bags[side]} bags)"
            for side in (0, 1)
        ),
        "Hand: face down" if view.hand is None else f"Hand: {brief_hand(view.hand)}",
        "Bids: "
        + ", ".join(
            f"seat {other} {'-' if bid is None else bid_text(bid)}"
            for other, bid in enumerate(view.bids)
        ),
    ]
    if view.tricks:
        taken = view.tricks_taken
        lines.append(
            "Tricks taken: "
            + ", ".join(f"seat {other} {count}" for other, count in enumerate(taken))
        )
    if view.trick:
        assert view.trick_leader is not None, "a trick in progress has a leader"
        lines.append(f"Trick: {played_text(rules, view.trick_leader, view.trick, seat)}")
    if view.top_card is not None:
        lines.append(f"Top of the stock: {view.top_card}")
    if chosen:
        lines.append(f"Chosen so far: {cards_text(chosen)}")
    return "\n".join(lines)
