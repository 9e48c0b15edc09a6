"""One action in each of many games: the play, the bidding, the draw, choosing cards.

Each function moves the games it is given by the rules of their phase, written as array
operations on a `Draft`; the reference engine's `spades.apply` is the specification, and
the differential tests hold every function to it. The array forms of single rules
(breaking spades, the trick's winner, the draw turn) name their reference functions, and
``tests/test_rule_forms.py`` holds each to it on random inputs. Completing a card pass
or a double nil exchange is rare, so it goes to `spades.apply` itself, one game at a
time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from spades._card_pass import pass_order
from spades._cards import Suit, cards_in
from spades._decks import Deck, Pack
from spades._engine import apply
from spades._moves import Exchange, Pass
from spades._state import Phase
from spades.batch._codes import (
    BID_OF,
    BIDDING,
    BLIND,
    CARD_BIT,
    DRAW_TURNS,
    DRAWING,
    END_SLOT,
    EXCHANGING,
    KEEP_SLOT,
    PASSING,
    PLAYING,
    deck_tables,
    orders_of,
)
from spades.batch._legal import BLIND_BIT, BLIND_NUMBER_SHIFT, LOOK_BIT
from spades.batch._round import end_round
from spades.batch._rows import read_state, write_state

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy.typing as npt

    from spades._rules import Ruleset
    from spades.batch._layout import Draft

__all__ = ["bid", "choose", "draw", "play"]

_LOOK: Final = int(LOOK_BIT).bit_length() - 1
_BLIND: Final = int(BLIND_BIT).bit_length() - 1
_KEEP: Final = KEEP_SLOT
_BLIND_SHIFT: Final = int(BLIND_NUMBER_SHIFT) - BLIND
"""A blind number's legal bit less this is its bid code (`BLIND` + n)."""
SPADES: Final = Suit.SPADES.value
"""The suit code of the spades in `DeckTables.suit`."""
_LED_KEY: Final = 64
"""`trick_keys`: what lifts a card of the suit led above every card of another plain suit
(a card's code, ``16 * suit + order``, is below 64)."""
_SPADE_KEY: Final = 2 * _LED_KEY
"""`trick_keys`: what lifts a spade above every card of the suit led."""


def breaks_spades(
    cards: npt.NDArray[np.int64], deck: Pack = Deck.STANDARD
) -> npt.NDArray[np.bool_]:
    """Whether each card (an index) breaks spades: `spades.spades_broken_by` of one card.

    The spades are the pack's (`Pack.spades`, ``deck`` a `Deck` or the pack it deals three):
    the jokers too, and the 2♦ of Joker-Joker-Deuce-Deuce (rule-spades-broken, rule-decks).
    """
    broken: npt.NDArray[np.bool_] = deck_tables(deck).is_spade[cards]
    return broken


def trick_keys(trick: npt.NDArray[np.int16], deck: Pack = Deck.STANDARD) -> npt.NDArray[np.int16]:
    """Each card's key in its trick (games by cards): the highest key wins the trick.

    `spades.winning_card` on arrays (rule-trick-winner): spades above the suit led above
    the rest; within each, the higher card, by the suits and ranks of the pack
    (`Pack.suit_of`, `Pack.rank_order`: big joker > little joker > 2♦ > 2♠ > A♠ under
    Joker-Joker-Deuce-Deuce, rule-decks).
    """
    code = deck_tables(deck).code[trick]  # 16 * suit + order: the order within
    suit = code >> 4
    lift = np.where(suit == SPADES, _SPADE_KEY, np.where(suit == suit[:, :1], _LED_KEY, 0))
    keys: npt.NDArray[np.int16] = code + lift
    return keys


def drawn_cards(
    top: npt.NDArray[np.int8], below: npt.NDArray[np.int8], keep: npt.NDArray[np.bool_]
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The cards each draw turn keeps and discards: `spades.draw_from_stock` on arrays.

    Keeping the top card discards the one below it; rejecting it keeps the one below
    (rule-draw).
    """
    return np.where(keep, top, below), np.where(keep, below, top)


def play(
    d: Draft, rules: Ruleset, games: npt.NDArray[np.intp], cards: npt.NDArray[np.int64]
) -> None:
    """Each seat to move in ``games`` plays her card; the trick's last card ends it.

    The trick goes to the highest spade, else the highest card of the suit led
    (`trick_keys`, for `spades.trick_winner`); its winner leads the next. A spade breaks
    spades (`breaks_spades`). Both read the ruleset's pack. The next seat is
    `spades.next_seat`, read from `Ruleset.orders_of_play`. The round's last trick (the
    thirteenth, or with three players the seventeenth or eighteenth) ends the round
    (`end_round`).
    """
    players = rules.players
    orders = orders_of(rules)
    seats = d.take("to_move", games)
    # Flat positions: numpy indexes one dimension faster than two.
    d.w("hands").reshape(-1)[games * players + seats] ^= CARD_BIT[cards]
    count = d.take("n_played", games) + 1
    width = d["played"].shape[1]
    d.w("played").reshape(-1)[games * width + count - 1] = cards
    d.put("n_played", games, count)
    d.put("broken", games, d.take("broken", games) | breaks_spades(cards, rules.pack))
    ends = count % players == 0
    d.put("to_move", games, orders[seats, 1])  # a trick's winner is set below
    if not ends.any():
        return
    done = games[ends]
    count = count[ends].astype(np.intp)
    positions = (done * width + count - players)[:, None] + np.arange(players)
    trick = d["played"].reshape(-1)[positions].astype(np.int16)
    winner = orders[d["leader"][done], trick_keys(trick, rules.pack).argmax(axis=1)]
    number = count // players - 1
    tricks = rules.hand_size
    d.w("winners").reshape(-1)[done * tricks + number] = winner
    last = number == tricks - 1
    going_on = done[~last]
    d.w("to_move")[going_on] = winner[~last]
    d.w("leader")[going_on] = winner[~last]
    if last.any():
        end_round(d, rules, done[last])


def side_passes(rules: Ruleset, bids: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """The cards each side passes after the bidding, games by sides (rule-card-pass).

    `spades.card_passes` on arrays, its counts: a side with a blind nil passes
    ``blind_nil_pass`` cards, else a side with a nil ``nil_pass``, else none; 0 is no pass.
    ``bids`` are each game's complete bid codes by seat (four players; side ``seat % 2``).
    """
    sides = bids.reshape(len(bids), 2, 2)  # seats 0 and 2 are side 0, seats 1 and 3 side 1
    blind = (sides == BLIND).any(axis=1)
    nil = (sides == 0).any(axis=1)  # nil_pass is 0 where a bid of zero is no nil
    counts: npt.NDArray[np.int64] = np.where(
        blind, rules.blind_nil_pass, np.where(nil, rules.nil_pass, 0)
    )
    return counts


def bid(d: Draft, rules: Ruleset, games: npt.NDArray[np.intp], bits: npt.NDArray[np.int64]) -> None:
    """Each seat to move in ``games`` bids or looks, as ``bits`` say (their legal bits).

    Bit ``n`` bids ``n``, 0 to 18 (three players bid up to their hand, rule-three-players),
    `BLIND` blind nil, `BLIND_NUMBER_SHIFT` + n the number n blind (rule-blind-bids), whose
    code is `BLIND` + n (`spades.batch._codes.SLOT_OF_ACTION`). After a look she bids.
    After a bid the next seat without a bid bids; once every seat has bid, a side that passes cards
    (`side_passes`) starts the pass, its passer first (`spades._card_pass.pass_order`),
    else the first bidder leads: `spades.apply`'s bidding.
    """
    orders = orders_of(rules)
    seats = d["to_move"][games]
    looks = bits == _LOOK
    d.w("looked")[games[looks], seats[looks]] = True
    games, seats = games[~looks], seats[~looks]
    codes = bits[~looks]
    if rules.blind_bid_minimum:  # a blind number's bit, as its code
        codes = np.where(codes > _LOOK, codes - _BLIND_SHIFT, codes)
    d.w("bids")[games, seats] = codes.astype(np.int8)
    following = orders[seats, 1]
    waiting = d["bids"][games, following] < 0
    d.w("to_move")[games[waiting]] = following[waiting]
    all_in = games[~waiting]
    if not all_in.size:
        return
    if rules.partnerships and (rules.blind_nil_pass or rules.nil_pass):
        passing = side_passes(rules, d["bids"][all_in]).any(axis=1)
        for game in all_in[passing].tolist():
            first = rules.orders_of_play[int(d["dealer"][game])][1]
            bids = tuple(BID_OF[code] for code in d["bids"][game].tolist())
            d.w("phase")[game] = PASSING
            d.w("to_move")[game] = pass_order(rules, bids, first)[0][0]
        all_in = all_in[~passing]
    lead(d, rules, all_in)


def lead(d: Draft, rules: Ruleset, games: npt.NDArray[np.intp]) -> None:
    """Every bid is in (and every card passed): the first bidder leads the first trick."""
    first = orders_of(rules)[d["dealer"][games], 1]
    d.w("phase")[games] = PLAYING
    d.w("to_move")[games] = first
    d.w("leader")[games] = first
    d.w("broken")[games] = False


def draw(
    d: Draft, rules: Ruleset, games: npt.NDArray[np.intp], bits: npt.NDArray[np.int64]
) -> None:
    """Two players: declare double nil, or keep the top card of the stock, or reject it.

    A kept top card leaves the next one discarded; a rejected one is discarded and the
    next one kept. After the 26th turn the double nil bidders exchange, then the others bid.
    """
    seats = d["to_move"][games]
    declares = bits == _BLIND
    d.w("bids")[games[declares], seats[declares]] = BLIND
    games, seats, keep = games[~declares], seats[~declares], bits[~declares] == _KEEP
    turn = d["n_drawn"][games].astype(np.intp)
    top = d["deck"][games, 2 * turn]
    below = d["deck"][games, 2 * turn + 1]
    kept, discarded = drawn_cards(top, below, keep)
    d.w("hands")[games, seats] |= CARD_BIT[kept]
    d.w("draw_kept")[games, turn] = kept
    d.w("draw_discarded")[games, turn] = discarded
    d.w("discards")[games, turn] = discarded
    d.w("n_drawn")[games] = turn + 1
    more = turn + 1 < DRAW_TURNS
    d.w("to_move")[games[more]] = 1 - seats[more]
    done = games[~more]
    if done.size:
        _after_draw(d, rules, done)


def _after_draw(d: Draft, rules: Ruleset, games: npt.NDArray[np.intp]) -> None:
    """Two players, the draw over: a double nil bidder exchanges; else the bidding, or the lead.

    The other player (not the dealer) comes first in each: `spades.apply`'s order after
    the draw (``spades._engine._after_draw``).
    """
    dealer = d["dealer"][games].astype(np.intp)
    rows = np.arange(len(games))
    order = (1 - dealer, dealer)
    bids = d["bids"][games]
    left = np.ones(len(games), dtype=np.bool_)
    if rules.blind_nil_exchange:
        for seat in order:
            exchanges = left & (bids[rows, seat] == BLIND)
            d.w("phase")[games[exchanges]] = EXCHANGING
            d.w("to_move")[games[exchanges]] = seat[exchanges]
            left &= ~exchanges
    for seat in order:
        bidding = left & (bids[rows, seat] < 0)
        d.w("phase")[games[bidding]] = BIDDING
        d.w("to_move")[games[bidding]] = seat[bidding]
        left &= ~bidding
    lead(d, rules, games[left])


def _most_chosen(d: Draft, rules: Ruleset, games: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """The cards each game's choice takes at most: the pass due, or the exchange's most.

    In the pass both partners pass the count of their side (`side_passes`); four players
    pass, and two exchange, so a batch has one kind of choice or the other.
    """
    if rules.players == 2:
        return np.full(len(games), rules.blind_nil_exchange, dtype=np.int64)
    seats = d["to_move"][games].astype(np.intp)
    return side_passes(rules, d["bids"][games])[np.arange(len(games)), seats % 2]


def choose(
    d: Draft, rules: Ruleset, games: npt.NDArray[np.intp], bits: npt.NDArray[np.int64]
) -> None:
    """Choose a card for a card pass or the double nil exchange, or submit the choice.

    ``bits`` are the actions' legal bits: a card's index, or `END_SLOT` for
    `END_EXCHANGE`. The card that makes the choice whole (as many as the side's pass,
    `side_passes`, or the exchange's most), or `END_EXCHANGE`, completes the move, which
    `spades.apply` makes (one game at a time: the move is rare).
    """
    ending = bits == END_SLOT
    chosen = d["selected"][games] | np.where(
        ending, np.uint64(0), CARD_BIT[np.minimum(bits, END_SLOT - 1)]
    )
    size = np.bitwise_count(chosen)
    most = _most_chosen(d, rules, games)
    complete = ending | (size == most)
    d.w("selected")[games[~complete]] = chosen[~complete]
    for game, cards in zip(games[complete].tolist(), chosen[complete].tolist(), strict=True):
        state = read_state(d, rules, game)
        chosen_cards = cards_in(int(cards))
        move = Pass(chosen_cards) if state.phase is Phase.PASSING else Exchange(chosen_cards)
        write_state(d, game, apply(state, move))


PHASE_MOVES: Final[dict[int, Callable[[Draft, Ruleset, npt.NDArray[np.intp], Any], None]]] = {
    PLAYING: play,
    BIDDING: bid,
    DRAWING: draw,
    PASSING: choose,
    EXCHANGING: choose,
}
"""The move of each phase, each given the actions' legal bits (where the actions are cards,
a card's bit is its index)."""
