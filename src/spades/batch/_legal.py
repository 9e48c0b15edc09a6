"""The legal actions of every game at once, as one 64-bit mask a game.

Where the actions are cards (the play, the card pass, the double nil exchange), bit
``i`` of a game's legal bits is card ``i`` (`Card.index`: the jokers are bits 52 and 53,
actions `JOKER_ACTIONS`) and bit `END_SLOT` (54) is `END_EXCHANGE`; in the other phases
(the bidding and the draw) bit ``j`` is action ``52 + j``. One mask a game keeps the
check of a step and the choice of a random action to a few array operations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np

from spades._rules import BIDS_BY_SPADES, Bidding
from spades.batch._codes import (
    ACTION_OF_SLOT,
    BIDDING,
    BLIND,
    CARD_PHASE,
    DRAWING,
    END_BIT,
    EXCHANGING,
    KEEP_SLOT,
    LOOK_SLOT,
    NONE,
    PASSING,
    PLAYING,
    REJECT_SLOT,
    SELECT8,
    SLOT_OF_ACTION,
    bids_from,
    deck_tables,
)
from spades.encoding import (
    ACTIONS,
)

if TYPE_CHECKING:
    import numpy.typing as npt

    from spades._rules import Ruleset
    from spades.batch._layout import Arrays

__all__ = [
    "actions_of_bits",
    "bid_bits",
    "blind_number_bits",
    "draw_choices",
    "legal_bits",
    "local_bits",
    "lowest_bids",
    "mask_of_bits",
    "may_bid_blind",
    "numbered_bits",
    "random_bits",
    "spades_bits",
    "spades_led_freely",
    "suicide_bits",
]

_ONE: Final = np.uint64(1)
BLIND_BIT: Final = np.uint64(1 << BLIND)
LOOK_BIT: Final = np.uint64(1 << LOOK_SLOT)
DRAW_BITS: Final = np.uint64((1 << KEEP_SLOT) | (1 << REJECT_SLOT))
BLIND_NUMBER_SHIFT: Final = np.uint64(LOOK_SLOT)
"""The bids' bits shifted up by this many are the same numbers' blind bids' bits: bit
``BLIND_NUMBER_SHIFT + n`` bids ``n`` blind, 1 to 18 (`SLOT_OF_ACTION`)."""
_SUICIDE_BITS: Final = np.array([0x3FF1, 0x3FF0, 0x0001], dtype=np.uint64)
"""Suicide's bids as bits: the first partner's (nil or 4 to 13), after her partner's nil
(4 to 13), after her partner's number (nil)."""
_CARD_ROW: Final = CARD_PHASE.astype(np.intp)
"""`CARD_PHASE` as the row of `SLOT_OF_ACTION` and `ACTION_OF_SLOT` to read."""
_SLOTS: Final = SLOT_OF_ACTION.reshape(-1)
_SLOT_INDEX: Final = SLOT_OF_ACTION.astype(np.intp)
_ACTIONS_OF: Final = ACTION_OF_SLOT.reshape(-1)
_ROW: Final = ACTION_OF_SLOT.shape[1]


def trails_enough(
    rules: Ruleset, scores: npt.NDArray[np.int64], seats: npt.NDArray[Any]
) -> npt.NDArray[np.bool_]:
    """Whether each seat's side trails by the blind nil deficit (rule-blind-nil-eligibility).

    Part of `spades.may_bid_blind`, on arrays.
    """
    return trails_by(rules.blind_nil_deficit, scores, seats)


def trails_by(
    deficit: int | None, scores: npt.NDArray[np.int64], seats: npt.NDArray[Any]
) -> npt.NDArray[np.bool_]:
    """Whether each seat's side trails the leading other side by ``deficit`` points or more.

    ``None``: always. ``scores`` are games by sides: two (a seat's side is ``seat % 2``), or
    three or four when each seat is her own side (three players, or four playing solo:
    rule-three-players, rule-solo), where the leading other side is the best of the others.
    ``spades._legal.trails_by`` on arrays.
    """
    if deficit is None:
        return np.ones(len(seats), dtype=np.bool_)
    sides = scores.shape[1]
    side = seats % sides
    rows = np.arange(len(seats))
    if sides == 2:
        leading = scores[rows, 1 - side]
    else:
        others = scores.copy()
        others[rows, side] = np.iinfo(np.int64).min
        leading = others.max(axis=1)
    trailing: npt.NDArray[np.bool_] = leading - scores[rows, side] >= deficit
    return trailing


def may_bid_blind(rules: Ruleset, a: Arrays, games: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
    """Whether the seat to move in each of ``games`` may still bid blind nil (double nil).

    `spades.may_bid_blind` on arrays: three or four players, bidding: she has not looked at
    her hand. Two players, drawing: she has not declared it, and her draw choices of the round
    (`draw_choices`) are ``rules.double_nil_timing.choices_before``: none before her first
    choice, one right after it. And her side trails enough.
    """
    if not rules.blind_nil:
        return np.zeros(len(games), dtype=np.bool_)
    seats = a["to_move"][games].astype(np.intp)
    if rules.players != 2:
        fresh = ~a["looked"][games, seats]
        if rules.team_minimum:  # blind nil counts as zero (rule-team-minimum)
            fresh &= lowest_bids(rules, a["bids"][games], seats) == 0
    else:
        made = draw_choices(a["n_drawn"][games])
        fresh = (a["bids"][games, seats] < 0) & (made == rules.double_nil_timing.choices_before)
    allowed: npt.NDArray[np.bool_] = fresh & trails_enough(rules, a["scores"][games], seats)
    return allowed


def blind_number_bits(
    rules: Ruleset, a: Arrays, games: npt.NDArray[np.intp]
) -> npt.NDArray[np.uint64]:
    """The numbers the seat to move in each of ``games`` may bid blind, as legal bits.

    `spades.blind_numbers` on arrays (rule-blind-bids): three or four players, bidding, she
    has not looked at her hand and her side trails by ``blind_bid_deficit`` (``trails_by``);
    then every number from ``blind_bid_minimum`` (or the least a team minimum leaves her,
    `lowest_bids`, if more) to the hand size (13, or 17 or 18 for three players), at bit
    ``BLIND_NUMBER_SHIFT + n``. None elsewhere.
    """
    least = rules.blind_bid_minimum
    if not least:
        return np.zeros(len(games), dtype=np.uint64)
    seats = a["to_move"][games].astype(np.intp)
    fresh = ~a["looked"][games, seats] & trails_by(
        rules.blind_bid_deficit, a["scores"][games], seats
    )
    lowest = np.maximum(lowest_bids(rules, a["bids"][games], seats), least)
    numbers: npt.NDArray[np.uint64] = np.where(
        fresh, bids_from(rules.hand_size)[lowest] << BLIND_NUMBER_SHIFT, np.uint64(0)
    )
    return numbers


def draw_choices(n_drawn: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """How many draw choices the seat to draw has made, ``n_drawn`` turns into the draw.

    Two players (rule-draw): the dealer draws first and the two take turns, so at a
    player's turn half the turns made are hers.
    """
    made: npt.NDArray[np.int64] = n_drawn.astype(np.int64) // 2
    return made


def lowest_bids(
    rules: Ruleset, bids: npt.NDArray[np.int8], seats: npt.NDArray[Any]
) -> npt.NDArray[np.int64]:
    """The least each of ``seats`` may bid: `spades.lowest_bid` on arrays (rule-team-minimum).

    ``bids`` are each game's bid codes by seat (games by seats), ``seats`` the bidder of
    each game. Under a team minimum, what her partner's bid leaves missing of it, nil and
    blind nil counting as zero and a blind number as its number; nothing while her partner
    has not bid, nor without a team minimum (four players only), as
    `spades._legal.least_bid` reads it.
    """
    if not rules.team_minimum or rules.players != 4:
        return np.zeros(len(seats), dtype=np.int64)
    partners = bids[np.arange(len(seats)), (seats + 2) % 4].astype(np.int64)
    counted = np.where(partners >= BLIND, partners - BLIND, partners)
    missing = np.maximum(0, rules.team_minimum - counted)
    lowest: npt.NDArray[np.int64] = np.where(partners == NONE, 0, missing)
    return lowest


def bid_bits(rules: Ruleset, lowest: npt.NDArray[np.int64] | None) -> npt.NDArray[np.uint64]:
    """The numbered bids each bidder may make, as legal bits (bit ``n`` bids ``n``).

    Every bid from ``lowest`` (`lowest_bids`; None: from zero in every game) to the hand
    size (13, or 17 or 18 for three players, rule-three-players), zero only where
    the ruleset has a bid of zero: nil, or an ordinary contract of none under
    ``zero_contract`` (reading-zero-bid). `spades.legal_moves`' bids on arrays.
    """
    bids = bids_from(rules.hand_size)
    every = bids[0] if rules.nil or rules.zero_contract else bids[1]
    if lowest is None:
        return np.array(every)
    allowed: npt.NDArray[np.uint64] = every & bids[lowest]
    return allowed


def suicide_bits(bids: npt.NDArray[np.int8], seats: npt.NDArray[Any]) -> npt.NDArray[np.uint64]:
    """The bids each of ``seats`` may make under Suicide, as legal bits (rule-suicide).

    `spades.allowed_bids` under `Bidding.SUICIDE`, on arrays, from her partner's bid among
    each game's bid codes (games by seats): while her partner has not bid, nil or 4 to 13;
    after her partner's nil, 4 to 13; after her partner's number, nil. (A partner's blind
    nil, which Suicide rules out, reads as her nil, as `spades._legal.bid_moves` reads it.)
    """
    partners = bids[np.arange(len(seats)), (seats + 2) % 4]
    after = np.where(partners == NONE, 0, np.where((partners == 0) | (partners == BLIND), 1, 2))
    allowed: npt.NDArray[np.uint64] = _SUICIDE_BITS[after]
    return allowed


def spades_bits(
    rules: Ruleset, hands: npt.NDArray[np.uint64], seats: npt.NDArray[Any]
) -> npt.NDArray[np.uint64]:
    """The bids each of ``seats`` may make under Whiz or Mirror, as legal bits.

    `spades.allowed_bids` under `Bidding.WHIZ` and `Bidding.MIRROR`, on arrays, from her
    number of spades in each game's hands (games by seats; in the bidding her hand is as
    dealt, no card passed yet): under Whiz that number or nil (rule-whiz), under Mirror
    that number alone (rule-mirror); nil alone with no spades. Bit 0 is the bid of zero,
    nil or a zero contract alike. Her spades are the pack's (`spades._legal.spades_in`):
    the jokers too, and the 2♦ of Joker-Joker-Deuce-Deuce (rule-decks); three players may
    hold more than 13 (rule-three-players).
    """
    spades = hands[np.arange(len(seats)), seats] & deck_tables(rules.pack).spades
    count = np.bitwise_count(spades).astype(np.uint64)
    allowed: npt.NDArray[np.uint64] = _ONE << count
    if rules.bidding is Bidding.WHIZ:
        allowed |= _ONE
    return allowed


def numbered_bits(rules: Ruleset, a: Arrays, games: npt.NDArray[np.intp]) -> npt.NDArray[np.uint64]:
    """The numbered bids the seat to move in each of ``games`` may make, once she has looked.

    `spades.allowed_bids` on arrays: `suicide_bits` under `Bidding.SUICIDE`,
    `spades_bits` under `Bidding.WHIZ` and `Bidding.MIRROR`, else `bid_bits` from
    `lowest_bids` (the same bits in every game without a team minimum).
    """
    if rules.bidding is Bidding.SUICIDE:
        return suicide_bits(a["bids"][games], a["to_move"][games].astype(np.intp))
    if rules.bidding in BIDS_BY_SPADES:
        return spades_bits(rules, a["hands"][games], a["to_move"][games].astype(np.intp))
    if rules.team_minimum:
        seats = a["to_move"][games].astype(np.intp)
        return bid_bits(rules, lowest_bids(rules, a["bids"][games], seats))
    return bid_bits(rules, None)


def spades_led_freely(
    rules: Ruleset, broken: npt.NDArray[np.bool_], n_played: npt.NDArray[np.int8]
) -> npt.NDArray[np.bool_]:
    """Whether a spade may be led in each game, ``n_played`` cards into its round.

    `spades.may_lead_spades` on arrays, unchecked as `spades._trick.spades_open` is
    (rule-spades-broken, reading-spades-lead): once spades are broken, or once the round's
    completed tricks, ``n_played // players``, reach ``rules.spades_lead.opens_after``
    (never under `SpadesLead.BROKEN`: no round has that many). A player who holds only spades
    leads one whatever this says (`legal_bits`).
    """
    opens_after = rules.spades_lead.opens_after
    if opens_after >= rules.hand_size:  # never before they are broken: the arrays as they are
        return broken
    opened: npt.NDArray[np.bool_] = broken | (n_played // rules.players >= opens_after)
    return opened


def legal_bits(
    rules: Ruleset, a: Arrays, groups: dict[int, npt.NDArray[np.intp]]
) -> npt.NDArray[np.uint64]:
    """Every game's legal actions as bits (see the module); zero once a game is over.

    ``groups`` are the games in each phase (`phase_groups`). `spades.legal_moves` on
    arrays; in the play, `spades.playable` (rule-follow-suit, rule-spades-broken), with
    `spades_led_freely` for the lead, and the suits as the ruleset's deck has them
    (`spades._trick.playable_bits`, rule-decks).
    """
    phase = a["phase"]
    bits = np.zeros(len(phase), dtype=np.uint64)
    players = rules.players
    games = groups.get(PLAYING)
    if games is not None:
        whole = len(games) == len(phase)  # then no game's entries need picking out
        seats = a["to_move"] if whole else a["to_move"][games]
        hand = a["hands"].reshape(-1)[games * players + seats]  # flat: faster to index
        count = a["n_played"] if whole else a["n_played"][games]
        in_trick = count % players
        played = a["played"]
        led = played.reshape(-1)[games * played.shape[1] + count - in_trick]  # the trick's first
        deck = deck_tables(rules.pack)
        follow = hand & deck.suit_bits[led]  # at a lead, -1: a row read but not used
        following = np.where(follow != 0, follow, hand)
        others = hand & deck.not_spades
        broken = a["broken"] if whole else a["broken"][games]
        leading = np.where(spades_led_freely(rules, broken, count) | (others == 0), hand, others)
        playing = np.where(in_trick == 0, leading, following)
        if whole:
            return playing
        bits[games] = playing
    games = groups.get(BIDDING)
    if games is not None:
        may = may_bid_blind(rules, a, games)
        numbered = numbered_bits(rules, a, games)
        if rules.blind_bid_minimum:  # while a blind bid is open, her hand is face down
            blind = np.where(may, BLIND_BIT, np.uint64(0)) | blind_number_bits(rules, a, games)
            bits[games] = np.where(blind != 0, blind | LOOK_BIT, numbered)
        else:
            bits[games] = np.where(may, BLIND_BIT | LOOK_BIT, numbered)
    games = groups.get(DRAWING)
    if games is not None:
        blind = may_bid_blind(rules, a, games)
        bits[games] = np.where(blind, DRAW_BITS | BLIND_BIT, DRAW_BITS)
    for code in (PASSING, EXCHANGING):
        games = groups.get(code)
        if games is not None:  # a card not chosen yet (the last one completes the move)
            hand = a["hands"][games, a["to_move"][games]]
            free = hand & ~a["selected"][games]
            bits[games] = free | END_BIT if code == EXCHANGING else free
    return bits


def local_bits(
    phase: npt.NDArray[np.int8], actions: npt.NDArray[np.int64]
) -> npt.NDArray[np.uint64]:
    """Where each game's action (0 to `ACTIONS` - 1) sits in its legal bits.

    A card action at its card's bit, the jokers' at 52 and 53, `END_EXCHANGE` at
    `END_SLOT`; bit 63, which no phase sets, for an action no game in its phase takes.
    """
    slots: npt.NDArray[np.uint64] = _SLOTS[_CARD_ROW[phase] * ACTIONS + actions]
    return slots


def actions_of_bits(
    phase: npt.NDArray[np.int8], bit: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """The actions that legal bits ``bit`` stand for; -1 stays -1 (no action)."""
    actions: npt.NDArray[np.int64] = _ACTIONS_OF[_CARD_ROW[phase] * _ROW + bit]
    return actions


def is_set(bits: npt.NDArray[np.uint64], where: npt.NDArray[np.uint64]) -> npt.NDArray[np.bool_]:
    """Whether bit ``where`` of each of ``bits`` is set."""
    found: npt.NDArray[np.bool_] = (bits >> where) & _ONE != 0
    return found


def mask_of_bits(
    phase: npt.NDArray[np.int8], bits: npt.NDArray[np.uint64]
) -> npt.NDArray[np.bool_]:
    """The legal bits as a boolean array of games by `ACTIONS`.

    Each action's bit is read where `SLOT_OF_ACTION` puts it in the game's phase.
    """
    games = len(bits)
    flat = np.unpackbits(
        bits.astype("<u8").view(np.uint8).reshape(games, 8), axis=1, bitorder="little"
    ).view(np.bool_)
    mask: npt.NDArray[np.bool_] = np.take_along_axis(flat, _SLOT_INDEX[_CARD_ROW[phase]], axis=1)
    return mask


def random_bits(bits: npt.NDArray[np.uint64], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One set bit of each mask, uniformly at random; -1 where no bit is set.

    Bit tricks on each 64-bit mask as eight bytes: numpy counts each byte's bits, one
    multiply sums them up to each byte, a uniform number picks the ``k``-th set bit,
    a subtraction finds its byte, and a table finds it within the byte. A few operations
    a game, and one random number.
    """
    octets = bits.astype("<u8", copy=False).view(np.uint8)
    counts = np.bitwise_count(octets).view("<u8")  # each byte holds its own count
    running = counts * _BYTES  # each byte holds the count up to it, the top byte the total
    total = running >> _TOP
    k = (rng.random(len(bits)) * total).astype(np.uint64)
    # A byte's top bit stays set where the count up to it exceeds k: the bytes below
    # the chosen bit's byte are those where it does not.
    above = (((running | _HIGH_BITS) - (k + _ONE) * _BYTES) & _HIGH_BITS) >> _SEVEN
    byte = np.minimum(_EIGHT - ((above * _BYTES) >> _TOP), _SEVEN)
    shift = byte * _EIGHT
    before = np.where(byte > 0, (running << (_SIXTY_FOUR - shift)) >> _TOP, 0)
    octet = (bits >> shift) & _BYTE
    within = SELECT8[octet, k - before].astype(np.int64)
    return np.where(total > 0, shift.astype(np.int64) + within, -1)


_SEVEN: Final = np.uint64(7)
_EIGHT: Final = np.uint64(8)
_TOP: Final = np.uint64(56)
_SIXTY_FOUR: Final = np.uint64(64)
_BYTE: Final = np.uint64(0xFF)
_BYTES: Final = np.uint64(0x0101010101010101)
_HIGH_BITS: Final = np.uint64(0x8080808080808080)
