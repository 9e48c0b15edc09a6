"""What each player may see of a state, as view data (ref-views, porting-views).

`view_of` computes a seat's view data from state data by the documented rules alone:

- public: the ruleset, the phase, the seat to move, the dealer, the round number, the
  bids, who has looked, the trick in progress and the completed tricks, whether spades
  are broken, how many cards each player holds, the scores, the bags, the completed
  rounds and the outcome; with two players also the stock's size, whose turn each draw
  was and how many cards each exchange gave up;
- her hand, except while it is face down (`face_down`): three or four players, she has neither
  looked nor bid this round, and blind nil or a blind number is open to her;
- a card pass's cards only to the side that gave and received them;
- the top card of the stock only to the seat to draw, and of the draw turns only her own;
- of her exchange the cards she gave up and drew, of the other's only how many she gave up.

Nothing else: no other hand, no stock below its top, no discards, no seed.
"""

from __future__ import annotations

from typing import Any

from oracle.data import VERSION
from oracle.legality import blind_numbers, lowest_bid, position_from, trails_enough

VIEW_FIELDS = (
    "type",
    "version",
    "rules",
    "seat",
    "phase",
    "to_move",
    "dealer",
    "round_number",
    "hand",
    "hand_sizes",
    "bids",
    "looked",
    "trick",
    "trick_leader",
    "tricks",
    "spades_broken",
    "scores",
    "bags",
    "rounds",
    "outcome",
    "passes",
    "stock_size",
    "top_card",
    "draws",
    "exchanges",
    "exchanged",
)
"""The fields of view data, in the order porting-views lists them (and the library writes)."""
PUBLIC = (
    "rules",
    "phase",
    "to_move",
    "dealer",
    "round_number",
    "bids",
    "looked",
    "trick",
    "trick_leader",
    "tricks",
    "spades_broken",
    "scores",
    "bags",
    "rounds",
    "outcome",
)
"""The fields a view copies from the state: every player sees them."""


def face_down(data: dict[str, Any], seat: int) -> bool:
    """Whether ``seat``'s hand is face down in the state ``data`` (ref-views).

    While she may still bid blind: three or four players, the bidding, she has not bid, and she
    has not made a ``look`` move; then either blind nil is on, no team minimum asks more
    of her than zero (rule-team-minimum) and her side trails by the deficit (or there is
    none), or a blind number is open to her (`blind_numbers`, rule-blind-bids). Two
    players see every card as they draw it.
    """
    rules = data["rules"]
    if rules["players"] == 2 or data["phase"] != "bidding":
        return False
    if data["looked"][seat] or data["bids"][seat] is not None:
        return False
    if blind_numbers(position_from(data), seat):
        return True
    if not rules["blind_nil"] or lowest_bid(rules, data["bids"], seat) > 0:
        return False
    return trails_enough(rules, data["scores"], seat)


def same_side(players: int, seat: int, other: int, *, solo: bool = False) -> bool:
    """Whether two seats play for the same side: partners, or the same player (two
    players, three (rule-three-players), or four ``solo``: rule-solo)."""
    return seat % 2 == other % 2 if players == 4 and not solo else seat == other


def view_of(data: dict[str, Any], seat: int) -> dict[str, Any]:
    """The view data of ``seat`` in the state data ``data``, its fields in order."""
    players, solo = data["rules"]["players"], data["rules"]["solo"]
    assert 0 <= seat < players, seat
    public = {key: data[key] for key in PUBLIC}
    own = [entry for entry in data["exchanges"] if entry["seat"] == seat]
    assert len(own) <= 1, "a seat exchanges once a round"
    drawing = data["phase"] == "drawing" and data["to_move"] == seat and data["stock"]

    def mine(other: int) -> bool:
        return same_side(players, seat, other, solo=solo)

    view = public | {
        "type": "view",
        "version": VERSION,
        "seat": seat,
        "hand": None if face_down(data, seat) else data["hands"][seat],
        "hand_sizes": [len(hand) for hand in data["hands"]],
        "passes": [
            {
                "seat": entry["seat"],
                "cards": entry["cards"] if mine(entry["seat"]) else None,
            }
            for entry in data["passes"]
        ],
        "stock_size": len(data["stock"]),
        "top_card": data["stock"][0] if drawing else None,
        "draws": [
            entry
            if entry["seat"] == seat
            else {"seat": entry["seat"], "kept": None, "discarded": None}
            for entry in data["draws"]
        ],
        "exchanges": [
            {"seat": entry["seat"], "count": len(entry["given"])} for entry in data["exchanges"]
        ],
        "exchanged": {"given": own[0]["given"], "drawn": own[0]["drawn"]} if own else None,
    }
    return {key: view[key] for key in VIEW_FIELDS}
