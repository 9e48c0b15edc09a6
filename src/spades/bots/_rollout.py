"""Fast play-outs of a round for search: every hand in view, card sense on bit masks.

A search bot deals the cards it cannot see (`spades.sample_state`) and plays each deal
to the end of the round many times. Those play-outs see every hand, as a double dummy
does, and must be cheap: a few microseconds a card. `rollout_play` picks a card by the
aims of the heuristic bot (keep one's nil, cover a partner's, win the tricks one's side
still needs or can set the other side with, else duck), judged exactly from the hands
rather than guessed; the other phases go to the heuristic bot.

The play-outs hold bit forms of three rules, each named where it is written and held to
its reference by ``tests/test_rule_forms.py``: the follow and lead rule (`playable`, on
masks: `playable_bits` and ``hand & led or hand``), the trick's winner (`winning_card`:
`_winning_bit` and `_beaters`) and the tricks that count toward a contract
(`score_round`: `counted_tricks`). The ruleset's pack says which cards are spades and how
cards rank (rule-decks, rule-three-players): its `DeckBits`, looked up once a card, the
standard deck's by identity.

Three players (rule-three-players) each play alone, a round of 17 or 18 tricks: a seat
takes tricks while her own contract is short or while one of the other two can still be
set by them, each counted on her own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spades._cards import ALL_CARDS
from spades._decks import STANDARD_DECK, Deck, Pack
from spades._engine import apply
from spades._moves import PLAYS
from spades._rules import NilTricks, partner, play_order
from spades._state import Phase
from spades._trick import playable_bits, spades_open
from spades._view import observe
from spades.bots._heuristic import heuristic_policy

if TYPE_CHECKING:
    from collections.abc import Callable

    from spades._moves import Bid, Move
    from spades._rules import Ruleset
    from spades._state import State

__all__ = ["counted_tricks", "play_out", "rollout_play"]

_HEURISTIC: Final = heuristic_policy()


def _lowest(mask: int) -> int:
    return mask & -mask


def _highest(mask: int) -> int:
    return 1 << (mask.bit_length() - 1)


class DeckBits:
    """A pack's cards as the play-outs read them, by card index (a card's bit's position).

    With the standard deck and Joker-Joker-Ace a higher card of a suit has a higher bit
    (the jokers' bits lie above the ace of spades'); Joker-Joker-Deuce-Deuce ranks four
    spades above the order of their bits (`Deck.promoted`), and its ``lowest`` and
    ``highest`` read them in their place (rule-decks).
    """

    __slots__ = ("beaters", "highest", "lowest", "spades", "suit_of")

    def __init__(self, deck: Pack) -> None:
        self.spades = deck.spades
        """The bits of the pack's spades."""
        self.suit_of = deck.suit_bits
        """By card index, the bits of the suit the card plays as."""
        self.beaters = tuple(_beaters_of(deck, card) for card in range(len(deck.suit_bits)))
        """By card index, the cards that beat it when it wins a trick (`_beaters`)."""
        self.lowest: Callable[[int], int] = _lowest
        """The lowest card of a mask: of the lowest suit, the lowest there."""
        self.highest: Callable[[int], int] = _highest
        """The highest card of a mask: a spade if there is one, the highest there."""
        if deck.promoted:
            self.lowest, self.highest = _promoted_ends(deck.promoted)


def _beaters_of(deck: Pack, index: int) -> int:
    """The cards of ``deck`` that beat card ``index`` when it wins a trick.

    The higher ones of the suit it plays as, and every spade if it is not one
    (rule-trick-winner, rule-decks): `winning_card`'s rule on bits.
    """
    suit = deck.suit_bits[index]
    if not suit:
        return 0  # not in the deck
    order = deck.rank_order(ALL_CARDS[index])
    higher = sum(c.bit for c in deck.cards if c.bit & suit and deck.rank_order(c) > order)
    return higher if suit == deck.spades else higher | deck.spades


def _promoted_ends(promoted: tuple[int, ...]) -> tuple[Callable[[int], int], Callable[[int], int]]:
    """``lowest`` and ``highest`` for a deck whose ``promoted`` spades top their bits' order."""
    above = sum(promoted)
    rising = tuple(reversed(promoted))

    def lowest(mask: int) -> int:
        plain = mask & ~above
        if plain:
            return plain & -plain
        return next(bit for bit in rising if mask & bit)

    def highest(mask: int) -> int:
        for bit in promoted:
            if mask & bit:
                return bit
        return 1 << (mask.bit_length() - 1)

    return lowest, highest


_STANDARD: Final = DeckBits(STANDARD_DECK)
DECK_BITS: Final[dict[Pack, DeckBits]] = {
    pack: _STANDARD if pack is STANDARD_DECK else DeckBits(pack)
    for deck in Deck
    for pack in (deck, deck.for_players(3))
}
"""Each pack's `DeckBits`: each deck's, and the packs of three players (rule-three-players)."""


def _bits_of(rules: Ruleset) -> DeckBits:
    """The `DeckBits` of the ruleset's pack; the standard deck's without a look-up."""
    pack = rules.pack
    return _STANDARD if pack is STANDARD_DECK else DECK_BITS[pack]


def _beaters(card_bit: int, bits: DeckBits) -> int:
    """The cards that beat ``card_bit`` when it wins a trick: `winning_card`'s rule on bits.

    The higher ones of the suit it plays as, and every spade if it is not one
    (rule-trick-winner, rule-decks).
    """
    return bits.beaters[card_bit.bit_length() - 1]


def _winning_bit(trick: tuple[int, ...], bits: DeckBits) -> int:
    """The bit of the card winning the trick so far (cards as bits, in playing order).

    `winning_card` on bits (rule-trick-winner): each card that beats the best so far
    (`_beaters`) takes its place.
    """
    beaters = bits.beaters
    best = trick[0]
    for bit in trick[1:]:
        if bit & beaters[best.bit_length() - 1]:
            best = bit
    return best


def _cheapest(mask: int, bits: DeckBits) -> int:
    """The lowest card of ``mask``, a card of another suit than spades if there is one."""
    plain = mask & ~bits.spades
    return bits.lowest(plain or mask)


def rollout_play(state: State) -> Move:
    """The card the seat to move plays in a play-out: exact card sense on open hands."""
    rules = state.rules
    seat = state.to_move
    assert seat is not None, "a play-out plays while the round goes on"
    masks = state.hand_masks
    led_freely = spades_open(rules, state.spades_broken, len(state._tricks))
    allowed = playable_bits(rules.pack, masks[seat], state.trick, led_freely)
    if allowed & (allowed - 1) == 0:  # one card
        return PLAYS[allowed.bit_length() - 1]
    bits = _bits_of(rules)
    bids = state.bids
    taken = state.tricks_taken
    mate = partner(rules, seat)
    mine = (seat,) if mate is None else (seat, mate)
    theirs = tuple(other for other in range(rules.players) if other not in mine)
    bid = bids[seat]
    assert bid is not None, "every seat has bid before the play"
    nil = rules.nil  # without it a bid of zero is a contract (reading-zero-bid)
    if nil and bid.n == 0 and taken[seat] == 0:
        return PLAYS[_duck(state, seat, allowed, bits).bit_length() - 1]
    contract = sum((bids[other] or bid).n for other in mine)
    made = counted_tricks(rules, bids, taken, mine)
    left = rules.hand_size - sum(taken)
    mate_bid = None if mate is None else bids[mate]
    mate_nil = nil and mate is not None and mate_bid is not None and mate_bid.n == 0
    if mate is not None and mate_nil and taken[mate] == 0:
        return PLAYS[_cover_nil(state, seat, mate, allowed, masks, bits=bits).bit_length() - 1]
    nils = [other for other in theirs if nil and (bids[other] or bid).n == 0 and not taken[other]]
    if nils:
        return PLAYS[_set_nil(state, nils[0], allowed, bits).bit_length() - 1]
    if made < contract:
        wants = True
    elif rules.players == 3:
        wants = _can_set_one(rules, bids, taken, theirs, left)
    else:  # the other side, or under solo the other three together: a set in reach
        their_made = counted_tricks(rules, bids, taken, theirs)
        wants = their_made < sum((bids[other] or bid).n for other in theirs) <= their_made + left
    if wants:
        return PLAYS[_take(state, seat, allowed, masks, bits).bit_length() - 1]
    return PLAYS[_duck(state, seat, allowed, bits).bit_length() - 1]


def _can_set_one(
    rules: Ruleset,
    bids: tuple[Bid | None, ...],
    taken: tuple[int, ...],
    others: tuple[int, ...],
    left: int,
) -> bool:
    """Three players: whether one of ``others`` is short of her bid by ``left`` tricks at most.

    Each plays alone (rule-three-players): her set is in reach while she needs tricks and
    could still take them all.
    """
    for other in others:
        bid = bids[other]
        assert bid is not None, "every seat has bid before the play"
        made = counted_tricks(rules, bids, taken, (other,))
        if made < bid.n <= made + left:
            return True
    return False


def counted_tricks(
    rules: Ruleset, bids: tuple[Bid | None, ...], taken: tuple[int, ...], seats: tuple[int, ...]
) -> int:
    """The tricks of ``seats`` (one side) that count toward its contract so far.

    `score_round`'s count (rule-contract, rule-nil-tricks): a numbered bidder's tricks
    count, and a zero contract's (reading-zero-bid); a nil bidder's count too under
    `NilTricks.COUNT` in partnerships, and not under `NilTricks.BAGS` nor alone (her bags,
    rule-solo). So under ``COUNT`` a failed nil's tricks help her side's contract, in the
    play-outs as in the score.
    """
    count = (rules.partnerships and rules.nil_tricks is NilTricks.COUNT) or rules.zero_contract
    return sum(taken[seat] for seat in seats if count or (bid := bids[seat]) is None or bid.n)


def _cover_nil(
    state: State, seat: int, mate: int, allowed: int, masks: tuple[int, ...], *, bits: DeckBits
) -> int:
    """Keep the partner's nil: overtake her card when it wins; win the trick before she plays.

    When she has played and her card wins the trick so far, play the lowest card that
    beats it (one that holds if there is one). When she is still to play, play the lowest
    card that no later player, she included, can beat, else the highest. When she has
    played and another card wins, she is safe: play as for the contract.
    """
    trick = tuple(played.bit for played in state.trick)
    later = _later(state, seat)
    lowest = bits.lowest
    if trick and mate not in later:
        leader = state.trick_leader
        assert leader is not None
        winner_bit = _winning_bit(trick, bits)
        if play_order(state.rules, leader)[trick.index(winner_bit)] != mate:
            return _take(state, seat, allowed, masks, bits)
        over = allowed & _beaters(winner_bit, bits)
        rest = over
        while rest:
            card = lowest(rest)
            if _holds(state, seat, card, masks, bits):
                return card
            rest ^= card
        return lowest(over) if over else _cheapest(allowed, bits)
    suit_of = bits.suit_of
    led = suit_of[trick[0].bit_length() - 1] if trick else 0
    rest = allowed
    while rest:
        card = lowest(rest)
        suit = led or suit_of[card.bit_length() - 1]
        if _winning_bit((*trick, card), bits) == card and not any(
            (masks[other] & suit or masks[other]) & _beaters(card, bits) for other in later
        ):
            return card
        rest ^= card
    return bits.highest(allowed)


def _set_nil(state: State, nil: int, allowed: int, bits: DeckBits) -> int:
    """Make the nil bidder ``nil`` win a trick: under her winning card, else low.

    When her card wins the trick so far, play the highest card that does not beat it;
    otherwise (she is still to play, or she is beaten) play low, to leave her the trick.
    """
    if state.trick:
        leader = state.trick_leader
        assert leader is not None
        trick = tuple(played.bit for played in state.trick)
        winner_bit = _winning_bit(trick, bits)
        if play_order(state.rules, leader)[trick.index(winner_bit)] == nil:
            under = allowed & ~_beaters(winner_bit, bits)
            if under:
                return bits.highest(under & ~bits.spades or under)
    return bits.lowest(allowed)


def _later(state: State, seat: int) -> tuple[int, ...]:
    """The seats still to play to the trick after ``seat``."""
    order = play_order(state.rules, seat)
    return order[1 : state.rules.players - len(state.trick)]


def _holds(state: State, seat: int, card: int, masks: tuple[int, ...], bits: DeckBits) -> bool:
    """Whether ``card``, played now, wins the trick whatever the later players play."""
    trick = (*(played.bit for played in state.trick), card)
    if _winning_bit(trick, bits) != card:
        return False
    mate = partner(state.rules, seat)
    beaters = _beaters(card, bits)
    led = bits.suit_of[trick[0].bit_length() - 1]
    for other in _later(state, seat):
        if other == mate:
            continue
        hand = masks[other]
        options = hand & led or hand  # they must follow if they can
        if options & beaters:
            return False
    return True


def _take(state: State, seat: int, allowed: int, masks: tuple[int, ...], bits: DeckBits) -> int:
    """Win the trick cheaply: the lowest card that holds; if partner holds it, play low."""
    if state.trick:
        trick = tuple(played.bit for played in state.trick)
        winner_bit = _winning_bit(trick, bits)
        leader = state.trick_leader
        assert leader is not None
        winner_seat = play_order(state.rules, leader)[trick.index(winner_bit)]
        mate = partner(state.rules, seat)
        if winner_seat == mate and not any(
            (masks[other] & bits.suit_of[trick[0].bit_length() - 1] or masks[other])
            & _beaters(winner_bit, bits)
            for other in _later(state, seat)
        ):
            return _cheapest(allowed, bits)
    lowest = bits.lowest
    rest = allowed
    while rest:
        card = lowest(rest)
        if _holds(state, seat, card, masks, bits):
            return card
        rest ^= card
    return _cheapest(allowed, bits)  # no card holds: play low, from a plain suit if one can


def _duck(state: State, seat: int, allowed: int, bits: DeckBits) -> int:
    """Lose the trick: the highest card that does not win it now; else the lowest."""
    if not state.trick:
        return bits.lowest(allowed)
    trick = tuple(played.bit for played in state.trick)
    winner_bit = _winning_bit(trick, bits)
    losers = allowed & ~_beaters(winner_bit, bits)
    if losers:
        return bits.highest(losers & ~bits.spades or losers)
    return bits.lowest(allowed)


def play_out(state: State) -> State:
    """``state`` played to the end of its round: the next round's first state, or the end.

    `rollout_play` plays the cards; the heuristic bot makes the other decisions.
    """
    number = state.round_number
    while state.round_number == number and state.to_move is not None:
        if state.phase is Phase.PLAYING:
            move = rollout_play(state)
        else:
            move = _HEURISTIC(observe(state, state.to_move))
        state = apply(state, move)
    return state
