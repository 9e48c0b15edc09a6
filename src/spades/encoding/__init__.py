"""A player's `View` as fixed-size arrays, and one discrete action space for every move.

Every adapter (PettingZoo, Gymnasium, OpenSpiel) encodes the game through this module.
It reads the `View` only, so an observation or a mask cannot show a card the seat may
not see. It needs numpy. The docs page "Spades for reinforcement learning"
(``docs/rl.md``, section ``rl-encoding``) has the tables of the actions and of every
observation slot.

**Seats are relative.** Every per-seat row is by *relative seat*: row ``k`` is
``play_order(view.rules, view.seat)[k]``, so row 0 is the observer, row 1 the next
player after her and, with four players, row 2 her partner (under solo, the player
across). There are always four rows; with three players (rule-three-players) row 3 stays
zero, with two players rows 2 and 3.

**Actions.** `ACTIONS` (96) actions, the same for every ruleset: 0 to 51 a card by the
library's order (``DECK[i]``), played or, in a card pass and the double nil exchange,
chosen; 52 to 65 the bids 0 (nil, or under ``zero_contract`` a contract of
none) to 13; 66 blind nil (two players: double nil); 67 `Look`; 68 `Keep`; 69 `Reject`;
70 `END_EXCHANGE`, which submits the cards chosen so far; 71 to 83 the numbers 1 to 13 bid
blind (`BLIND_NUMBER_ACTIONS`, rule-blind-bids); 84 and 85 the little and the big joker,
played or chosen as the other cards are (`JOKER_ACTIONS`, rule-decks); 86 to 90 the bids
14 to 18 and 91 to 95 the numbers 14 to 18 bid blind, which three players' hands of 17 or
18 cards allow (`HIGH_BID_ACTIONS`, `HIGH_BLIND_NUMBER_ACTIONS`, rule-three-players).
`card_action` gives a card's action and `action_card` reads it back. Decided here: each
switch's actions come after the older ones, so these keep their numbers.

**Moves of several cards** are entered one card at a time; the adapter keeps the cards
chosen so far, ``selected``, in the order chosen, and `advance` returns the longer
selection until the move is complete. A `Pass` is complete when the pass due has its
cards: as many as its side passes (`spades.card_passes`: ``blind_nil_pass`` for a blind
nil, ``nil_pass`` for a nil). An `Exchange` is complete when ``blind_nil_exchange``
cards are chosen, or at `END_EXCHANGE` with fewer (none included). A chosen card is
masked out afterwards. `actions_of` gives the actions of a whole move: its cards in the
library's order, then `END_EXCHANGE` where it is needed. Decided here: a move of no card
at all (a pass where both counts are 0, an exchange under ``blind_nil_exchange=0``,
which the engine never asks for) is `END_EXCHANGE` alone.

**The observation** is `OBSERVATION_SIZE` (1224) float32 numbers in the named `SLOTS`,
the same for every ruleset and player count. A slot of cards has a place for each of the
52 cards and the two jokers, by `Card.index` (the jokers last, 52 and 53), under every
deck (rule-decks). Every one lies from 0 to 1, but the scores, each over the target,
clipped to -1 to 1: `OBSERVATION_LOW` and `OBSERVATION_HIGH` are the exact bounds.
Decided here: the ruleset's numbers are divided by a fixed scale and capped at 1 (a
target over 1000 reads as 1), every field of the `Ruleset` has a slot, and once the game
is over the slots of the round show its last round, as the `View` does.

**Sides.** The scores and the bag counters are by relative seat too, each row the
number of that player's side: partners' rows show the same number, under solo (four
players each on her own, rule-solo) and with three players every row her own (row 3
zero), and with two players rows 2 and 3 stay zero. Rows 0 and 1 are always "ours" and
"theirs" of a game of two sides.

**Refusals.** `advance` refuses an action the mask does not allow with `IllegalMoveError`,
its `Reason` the one the engine gives for the move the action stands for (the rule, and
a message that speaks only of what the seat sees). Decided here: choosing a card already
chosen is `Reason.CARD_NOT_IN_HAND` (a chosen card is set aside, no longer in the hand
to choose from). An action outside 0 to 95 raises `SpadesError`, a non-integer
`TypeError`, a selection that is no choice in progress `SpadesError`; a number of any size
is described in the message, never written out. A `View` built by hand with a field of the
wrong type raises `TypeError`, one of the wrong form (a seat out of range, a phase the
rules do not have, ...) `SpadesError`; whether some game gives the view is not checked
here: the mask and the refusals read the view as it is, as `View.legal_moves` and
`spades.check_move` do, and no hidden state is dealt to explain a refusal.

>>> import numpy as np
>>> from spades import TWO_HANDED, new_game, observe
>>> view = observe(new_game(TWO_HANDED, seed=1), 0)
>>> [move_text(action) for action in np.flatnonzero(action_mask(view))]
['bid blind nil', 'keep', 'reject']
>>> advance(view, (), KEEP), observation(view).shape == (OBSERVATION_SIZE,)
(Keep(), True)
"""

from spades._public import present_as_public
from spades.encoding._actions import (
    ACTIONS,
    BID_ACTIONS,
    BLIND_NIL,
    BLIND_NUMBER_ACTIONS,
    CARD_ACTIONS,
    END_EXCHANGE,
    HIGH_BID_ACTIONS,
    HIGH_BLIND_NUMBER_ACTIONS,
    JOKER_ACTIONS,
    KEEP,
    LOOK,
    REJECT,
    action_card,
    action_mask,
    actions_of,
    advance,
    card_action,
    move_text,
)
from spades.encoding._observation import (
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
    OBSERVATION_SIZE,
    SLOTS,
    Slot,
    observation,
)

__all__ = [
    "ACTIONS",
    "BID_ACTIONS",
    "BLIND_NIL",
    "BLIND_NUMBER_ACTIONS",
    "CARD_ACTIONS",
    "END_EXCHANGE",
    "HIGH_BID_ACTIONS",
    "HIGH_BLIND_NUMBER_ACTIONS",
    "JOKER_ACTIONS",
    "KEEP",
    "LOOK",
    "OBSERVATION_HIGH",
    "OBSERVATION_LOW",
    "OBSERVATION_SIZE",
    "REJECT",
    "SLOTS",
    "Slot",
    "action_card",
    "action_mask",
    "actions_of",
    "advance",
    "card_action",
    "move_text",
    "observation",
]

present_as_public(globals(), __all__)
