"""Which moves are legal, and why the others are not."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Final

from spades._card_pass import pass_due
from spades._cards import Card, Suit, cards_in
from spades._errors import IllegalMoveError, Reason, SpadesError, shown
from spades._moves import (
    BIDS,
    BLIND_BIDS,
    BLIND_NIL,
    KEEP,
    LOOK,
    PLAYS,
    REJECT,
    Bid,
    Exchange,
    Keep,
    Look,
    Move,
    Pass,
    Play,
    Reject,
)
from spades._rules import BIDS_BY_SPADES, Bidding, SpadesLead, check_rules, check_seat
from spades._state import HANDS, PHASE, PLAYABLE, TO_MOVE, Phase, State, hand_of
from spades._trick import check_in_deck, playable_bits, spades_open

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spades._rules import Ruleset
    from spades._view import View

__all__ = [
    "blind_numbers",
    "check_move",
    "is_legal",
    "legal_moves",
    "lowest_bid",
    "may_bid_blind",
    "moves_from",
    "not_a_state",
]
_CLUBS, _DIAMONDS, _HEARTS, _SPADES_AND_JOKERS = (
    card.suit_bits
    for card in (Card.parse("2C"), Card.parse("2D"), Card.parse("2H"), Card.parse("2S"))
)
_MOVE_TYPES: Final = (Bid, Look, Play, Pass, Keep, Reject, Exchange)
_KINDS_BY_PHASE: Final = {
    Phase.DRAWING: (Keep, Reject, Bid),
    Phase.EXCHANGING: (Exchange,),
    Phase.BIDDING: (Bid, Look),
    Phase.PASSING: (Pass,),
    Phase.PLAYING: (Play,),
}
_DRAWS: Final = (KEEP, REJECT)
_BLIND_OR_DRAWS: Final = (BLIND_NIL, KEEP, REJECT)
_BIDS_UP_TO: Final = {size: BIDS[: size + 1] for size in range(len(BIDS))}
"""By the cards of a hand, the bids from nil up to them."""
_NUMBERS_UP_TO: Final = {size: bids[1:] for size, bids in _BIDS_UP_TO.items()}
"""By the cards of a hand, the bids from 1 up to them (no bid of zero)."""
# The phases as plain names: looking a member up on its enum class costs more.
_PLAYING, _BIDDING, _DRAWING, _PASSING = (
    Phase.PLAYING,
    Phase.BIDDING,
    Phase.DRAWING,
    Phase.PASSING,
)


class _PlaysWithinASuit(dict[int, tuple[Play, ...]]):
    """The `Play` moves of any cards of one suit, keyed by their mask, made on first use."""

    def __missing__(self, mask: int) -> tuple[Play, ...]:
        plays = self[mask] = tuple(PLAYS[card.index] for card in cards_in(mask))
        return plays


_PLAYS_OF: Final = _PlaysWithinASuit()


def legal_moves(state: State | View) -> tuple[Move, ...]:
    """Every legal move of the seat to move, in the library's fixed order.

    Bids come from nil up to the cards of a hand (13; 17 or 18 with three players). A player
    who may still bid blind nil has exactly two: blind nil, then `Look`. Plays and passes
    come in the library's card order, clubs to spades, two to ace. With two players a draw
    turn offers `Keep` then `Reject`, after double nil (blind nil) while she may still
    declare it; an exchange offers giving no card, then one, two and three cards, each size
    in card order. A finished game has none. A `View` gives its seat's legal moves, as
    `View.legal_moves` does.

    >>> from spades import CLASSIC, new_game
    >>> [str(move) for move in legal_moves(new_game(CLASSIC, seed=1))][:3]
    ['bid nil', 'bid 1', 'bid 2']
    """
    if type(state) is not State:
        from spades._view import View  # noqa: PLC0415  (a cold path; _view imports this)

        if isinstance(state, View):
            return state.legal_moves()
        raise TypeError(f"legal_moves takes a State or a View, not {type(state).__name__}")
    allowed = state[PLAYABLE]
    if allowed:  # the play: `_plays`, inline (a call costs a seventh of this function)
        plays = _PLAYS_OF.get(allowed)
        if plays is None:
            plays = (
                _PLAYS_OF[allowed & _CLUBS]
                + _PLAYS_OF[allowed & _DIAMONDS]
                + _PLAYS_OF[allowed & _HEARTS]
                + _PLAYS_OF[allowed & _SPADES_AND_JOKERS]
            )
        return plays
    mover = state[TO_MOVE]
    if mover is None:
        return ()
    rules = state.rules
    phase = state[PHASE]
    if phase is _BIDDING and rules.free_bids:  # the same bids at every turn, none blind
        free = rules.free_bids
        return BIDS[free.start : free.stop]
    blinds = blind_moves(state, mover) if rules.blind_nil or rules.blind_bid_minimum else ()
    if phase is _BIDDING:  # a bid reads no hand, but under Whiz and Mirror
        if blinds:
            numbered: tuple[Bid, ...] = ()
        elif rules.bidding is _WHIZ or rules.bidding is _MIRROR:  # `is`: quicker than `in`
            numbered = bid_moves(rules, state.bids, mover, hand_of(state[HANDS], mover))
        else:
            numbered = bid_moves(rules, state.bids, mover)
        return moves_from(rules, phase, 0, 0, blinds, numbered)
    passing = pass_due(state)[1] if phase is _PASSING else 0
    return moves_from(rules, phase, hand_of(state[HANDS], mover), 0, blinds, (), passing)


def moves_from(  # noqa: PLR0917  (what the seat to move knows)
    rules: Ruleset,
    phase: Phase,
    hand: int,
    allowed: int,
    blinds: tuple[Bid, ...],
    numbered: tuple[Bid, ...] = (),
    passing: int = 0,
) -> tuple[Move, ...]:
    """The legal moves of the seat to move, from what she knows, in `legal_moves`' order.

    ``hand`` is her cards' mask, ``allowed`` the mask of those she may play (in the play),
    ``blinds`` the blind bids she may still make (`blind_moves`), ``numbered`` the bids
    she may make once she has looked (`bid_moves`), ``passing`` the cards she passes
    (`card_passes`). States and views both list their moves through this one generator.
    """
    if phase is _PLAYING:
        return _plays(allowed)
    if phase is _BIDDING:
        return (*blinds, LOOK) if blinds else numbered
    if phase is _DRAWING:
        return _BLIND_OR_DRAWS if blinds else _DRAWS
    cards = cards_in(hand)
    if phase is Phase.PASSING:  # no pass due (0) only in a view no game gives: no moves
        return tuple(Pass(chosen) for chosen in combinations(cards, passing)) if passing else ()
    sizes = range(rules.blind_nil_exchange + 1)  # the exchange, the only phase left
    return tuple(Exchange(chosen) for size in sizes for chosen in combinations(cards, size))


def _plays(allowed: int) -> tuple[Play, ...]:
    """The `Play` moves of the cards in the mask ``allowed``, in card order."""
    plays = _PLAYS_OF.get(allowed)
    if plays is None:
        plays = (
            _PLAYS_OF[allowed & _CLUBS]
            + _PLAYS_OF[allowed & _DIAMONDS]
            + _PLAYS_OF[allowed & _HEARTS]
            + _PLAYS_OF[allowed & _SPADES_AND_JOKERS]
        )
    return plays


def may_bid_blind(game: State | View, seat: int) -> bool:
    """Whether ``seat`` may still bid blind nil (with two players: declare double nil).

    Blind nil eligibility (rule-blind-nil, rule-blind-nil-eligibility, rule-double-nil):
    the rules must allow it, and her side must trail by at least the required deficit.
    With four players it must be the bidding, before her bid, and she must not have looked
    at her hand. With two players it must be
    the draw, at her turn before her first draw choice (after it, under
    `DoubleNilTiming.AFTER_FIRST_CHOICE`), and she must not have declared it already.
    A `View` of her seat knows all of this, so it reads the same.

    >>> from spades import TWO_HANDED, Keep, apply, new_game
    >>> state = new_game(TWO_HANDED, seed=1)  # seat 0 draws first
    >>> may_bid_blind(state, 0), may_bid_blind(apply(state, Keep()), 0)
    (True, False)
    """
    if type(game) is not State:
        from spades._view import View  # noqa: PLC0415  (a cold path; _view imports this)

        if not isinstance(game, View):
            raise TypeError(f"may_bid_blind takes a State or a View, not {type(game).__name__}")
    seat = check_seat(seat, game.rules.players)
    rules = game.rules
    if not rules.blind_nil:
        return False
    if rules.players == 2:
        if game.phase is not Phase.DRAWING or game.bids[seat] is not None:
            return False
        chosen = sum(draw.seat == seat for draw in game.draws)
        if chosen != rules.double_nil_timing.choices_before:
            return False
    elif game.phase is not Phase.BIDDING or game.bids[seat] is not None or game.looked[seat]:
        return False
    if least_bid(rules, game.bids, seat):  # blind nil counts as zero (rule-team-minimum)
        return False
    return trails_enough(rules, game.scores, seat)


def blind_numbers(game: State | View, seat: int) -> tuple[int, ...]:
    """The numbers ``seat`` may still bid blind, before she looks (rule-blind-bids).

    From the ruleset's ``blind_bid_minimum`` (or the least a team minimum leaves her, if
    more) up to the cards of a hand, in the bidding before her bid, while she has not looked
    at her hand and her side trails by ``blind_bid_deficit`` points or more; none where the
    ruleset has no blind numbers (0), and for two players. A blind number's tricks count
    double, made or set. A `View` of her seat knows all of this, so it reads the same.

    >>> from spades import Ruleset, new_game
    >>> rules = Ruleset(blind_bid_minimum=6, blind_bid_deficit=None)
    >>> blind_numbers(new_game(rules, seed=1), 1)
    (6, 7, 8, 9, 10, 11, 12, 13)
    """
    if type(game) is not State:
        from spades._view import View  # noqa: PLC0415  (a cold path; _view imports this)

        if not isinstance(game, View):
            raise TypeError(f"blind_numbers takes a State or a View, not {type(game).__name__}")
    seat = check_seat(seat, game.rules.players)
    return tuple(bid.n for bid in blind_number_moves(game, seat))


def blind_number_moves(game: State | View, seat: int) -> tuple[Bid, ...]:
    """`blind_numbers` unchecked, as the `Bid` moves."""
    rules = game.rules
    least = rules.blind_bid_minimum
    if not least or game.phase is not Phase.BIDDING or game.bids[seat] is not None:
        return ()
    if game.looked[seat] or not trails_by(rules.blind_bid_deficit, game.scores, seat):
        return ()
    return BLIND_BIDS[max(least, least_bid(rules, game.bids, seat)) : rules.hand_size + 1]


def blind_moves(game: State | View, seat: int) -> tuple[Bid, ...]:
    """Every blind bid ``seat`` may still make, blind nil first, then the blind numbers.

    From `may_bid_blind` and `blind_numbers`. While there is one, her hand is face down.
    """
    numbers = blind_number_moves(game, seat)
    if game.rules.blind_nil and may_bid_blind(game, seat):
        return (BLIND_NIL, *numbers)
    return numbers


def lowest_bid(rules: Ruleset, bids: Sequence[Bid | None], seat: int) -> int:
    """The least ``seat`` may bid, nil and blind nil counting as zero (rule-team-minimum).

    Under a team minimum, a side's bids must add up to at least ``team_minimum``: the
    partner who bids second must bid at least what her partner's bid leaves missing. The
    first of the two, and every bidder without a team minimum, may bid from zero (where
    the ruleset allows a bid of zero at all). ``bids`` are the round's bids by seat,
    ``None`` for a seat that has not bid.

    >>> from spades import Bid, Ruleset
    >>> rules = Ruleset(team_minimum=4)
    >>> lowest_bid(rules, [Bid(1), None, None, None], 2), lowest_bid(rules, [None] * 4, 2)
    (3, 0)
    """
    rules = check_rules(rules, "lowest_bid")
    return least_bid(rules, _checked_bids(rules, bids), check_seat(seat, rules.players))


def _checked_bids(rules: Ruleset, bids: object) -> tuple[Bid | None, ...]:
    """``bids`` as a tuple when it is a tuple or list of a `Bid` or None for each seat."""
    if not isinstance(bids, (tuple, list)) or len(bids) != rules.players:
        raise TypeError(f"bids is a tuple or list of {rules.players} bids or None, by seat")
    for bid in bids:
        if bid is not None and type(bid) is not Bid:
            raise TypeError(f"bids holds a Bid or None for each seat, not {shown(bid)}")
    return tuple(bids)


def allowed_bids(
    rules: Ruleset,
    bids: Sequence[Bid | None],
    seat: int,
    *,
    hand: Iterable[Card] | None = None,
) -> tuple[int, ...]:
    """The numbers ``seat`` may bid once she has looked at her ``hand``, 0 being nil.

    From `lowest_bid` up to the cards of a hand (13; 17 or 18 with three players), 0 only
    where the ruleset has a bid of zero (nil, or a zero contract); under `Bidding.SUICIDE`
    nil or 4 to 13 for the first partner of a side to bid, then 4 to 13 after her partner's
    nil and nil after her partner's number (rule-suicide); under `Bidding.WHIZ` her number
    of spades or nil (rule-whiz), and under `Bidding.MIRROR` her number of spades alone
    (rule-mirror), which is why these two read her ``hand`` (the others do not; a card the
    deck lacks is a `SpadesError`). Blind nil, before she looks, is `may_bid_blind`'s.
    ``bids`` are the round's bids by seat, ``None`` for a seat that has not bid.

    >>> from spades import Bid, Bidding, Card, Ruleset
    >>> suicide = Ruleset(bidding=Bidding.SUICIDE)
    >>> allowed_bids(suicide, [None] * 4, 1)
    (0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    >>> allowed_bids(suicide, [Bid(5), None, None, None], 2)
    (0,)
    >>> hand = [Card.parse(text) for text in "AS KS 7S 2H 3H 4H 5H 6H 7H 8H 9H TH JH".split()]
    >>> whiz, mirror = Ruleset(bidding=Bidding.WHIZ), Ruleset(bidding=Bidding.MIRROR)
    >>> allowed_bids(whiz, [None] * 4, 1, hand=hand), allowed_bids(mirror, [None] * 4, 1, hand=hand)
    ((0, 3), (3,))
    """
    rules = check_rules(rules, "allowed_bids")
    bids = _checked_bids(rules, bids)
    seat = check_seat(seat, rules.players)
    cards = 0
    if hand is not None:
        cards = _checked_hand(hand, rules.hand_size)
        check_in_deck(rules.pack, cards, "a hand")
    elif rules.bidding in BIDS_BY_SPADES:
        raise TypeError(
            f"under {rules.bidding.name.title()} a bid is read from the bidder's number of "
            "spades: pass her hand=, her cards"
        )
    return tuple(bid.n for bid in bid_moves(rules, bids, seat, cards))


def _checked_hand(hand: object, size: int) -> int:
    """``hand``, an iterable of distinct cards, as a mask; else `TypeError` or `SpadesError`."""
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
        raise TypeError(f"hand is an iterable of cards, not {shown(hand)}")
    mask = 0
    for card in hand:
        if type(card) is not Card:
            raise TypeError(f"hand holds cards, not {shown(card)}")
        if mask & card.bit:
            raise SpadesError(f"hand holds {card} twice")
        mask |= card.bit
    if mask.bit_count() > size:
        raise SpadesError(f"a hand at the bidding holds {size} cards, not {mask.bit_count()}")
    return mask


def bid_moves(
    rules: Ruleset, bids: Sequence[Bid | None], seat: int, hand: int = 0
) -> tuple[Bid, ...]:
    """`allowed_bids` unchecked, as the `Bid` moves: the form legal moves and views read.

    ``hand`` is the bidder's cards as a mask, read only under Whiz and Mirror.
    """
    if rules.team_minimum:
        lowest = least_bid(rules, bids, seat)
        if lowest:
            return BIDS[lowest : rules.hand_size + 1]
    elif rules.bidding is not _OPEN:
        if rules.bidding is _SUICIDE:
            mate = bids[(seat + 2) % 4]
            return _SUICIDE_BIDS[0 if mate is None else 1 if mate.n == 0 else 2]
        count = spades_in(hand, rules)
        if rules.bidding is _MIRROR or not count:
            return (BIDS[count],)
        return (BIDS[0], BIDS[count])
    if rules.nil or rules.zero_contract:
        return _BIDS_UP_TO[rules.hand_size]
    return _NUMBERS_UP_TO[rules.hand_size]


def spades_in(hand: int, rules: Ruleset) -> int:
    """The number of spades in ``hand`` (a mask): what a Whiz or Mirror bid shows.

    The ruleset's deck says which cards are spades: the jokers, and the 2♦ of
    Joker-Joker-Deuce-Deuce (rule-decks).
    """
    return (hand & rules.pack.spades).bit_count()


_OPEN, _SUICIDE, _WHIZ, _MIRROR = Bidding.OPEN, Bidding.SUICIDE, Bidding.WHIZ, Bidding.MIRROR
_SUICIDE_BIDS: Final = ((BIDS[0], *BIDS[4:14]), BIDS[4:14], (BIDS[0],))
"""Suicide's bids: the first partner's, after her partner's nil, after her partner's number."""


def least_bid(rules: Ruleset, bids: Sequence[Bid | None], seat: int) -> int:
    """`lowest_bid` unchecked: the form `legal_moves`, `check_move` and views read."""
    minimum = rules.team_minimum
    if not minimum or rules.players != 4:
        return 0
    partners_bid = bids[(seat + 2) % 4]
    return 0 if partners_bid is None else max(0, minimum - partners_bid.n)


def trails_enough(rules: Ruleset, scores: tuple[int, ...], seat: int) -> bool:
    """Whether ``seat``'s side trails by the ruleset's blind nil deficit (if it has one)."""
    return trails_by(rules.blind_nil_deficit, scores, seat)


def trails_by(deficit: int | None, scores: tuple[int, ...], seat: int) -> bool:
    """Whether ``seat``'s side trails the leading other side by ``deficit`` points or more.

    ``None``: always. ``scores`` has a total a side: two (seat % 2 is the seat's side), or
    four when four play solo (the seat is its side).
    """
    if deficit is None:
        return True
    side = seat % len(scores)
    best = max(score for other, score in enumerate(scores) if other != side)
    return best - scores[side] >= deficit


def is_legal(state: State | View, move: Move, *, seat: int | None = None) -> bool:
    """Whether `apply` would accept ``move`` (made by ``seat``, when given).

    A `View` answers for its own seat exactly as its state would (`check_move`).
    Raises `TypeError` for a ``state`` that is neither a `State` nor a `View` or a ``move``
    that is not a move, and for a ``seat`` that is no whole number; `SpadesError` for a
    seat out of range, another seat than a view's, or a view of no game's form.

    >>> from spades import CLASSIC, Bid, new_game, observe
    >>> state = new_game(CLASSIC, seed=1)  # seat 1 bids first
    >>> is_legal(observe(state, 1), Bid(3)), is_legal(observe(state, 2), Bid(3))
    (True, False)
    """
    if seat is not None:
        seat = _checked_seat(state, seat)
    return _problem(state, move, seat) is None


def check_move(state: State | View, move: Move, *, seat: int | None = None) -> None:
    """Raise `IllegalMoveError` if ``move`` (by ``seat``, when given) is illegal.

    ``seat`` may be any integer ``operator.index`` takes (numpy's too), but not a bool; the
    error's ``seat`` is then a plain `int`. Bad arguments raise as `is_legal` says.

    A `View` judges its own seat's moves: the same reason and message as
    ``check_move(state, move, seat=view.seat)`` on the state it shows, since every reason
    rests on public facts and the mover's own hand. So a seat not to move gets
    `Reason.NOT_YOUR_TURN`, as it would from the state, and a view of a deal in
    progress (`spades.adapters.openspiel`'s, nobody to move) too. ``seat`` may name only
    the view's seat: a view does not know another seat's hand.

    >>> from spades import CLASSIC, Bid, IllegalMoveError, new_game, observe
    >>> try:
    ...     check_move(observe(new_game(CLASSIC, seed=1), 2), Bid(3))
    ... except IllegalMoveError as error:
    ...     print(error.reason.value, error)
    not_your_turn 'bid 3' by seat 2 is illegal: it is seat 1's turn
    """
    if seat is not None:
        seat = _checked_seat(state, seat)
    problem = _problem(state, move, seat)
    if problem is not None:
        reason, why = problem
        if seat is None:
            seat = state.to_move if isinstance(state, State) else state.seat
        who = "" if seat is None else f" by seat {seat}"
        raise IllegalMoveError(reason, seat, move, f"'{move}'{who} is illegal: {why}")


def _checked_seat(state: State | View, seat: object) -> int:
    """``seat`` checked as a seat of ``state``'s game (a view's own), a plain `int`."""
    if type(state) is State:
        return check_seat(seat, state.rules.players)
    view = _checked_view(state)
    checked = check_seat(seat, view.rules.players)
    if checked != view.seat:
        raise SpadesError(
            f"a view of seat {view.seat} judges that seat's moves only, not seat {checked}'s: "
            "it does not show another seat's hand"
        )
    return checked


def _checked_view(value: object) -> View:
    """``value`` as a `View` whose form a legality check can read (`check_view`)."""
    from spades._view import View  # noqa: PLC0415  (a cold path; _view imports this)
    from spades._view_check import check_view  # noqa: PLC0415  (it imports this module)

    if not isinstance(value, View):
        raise TypeError(f"a legality check takes a State or a View, not {type(value).__name__}")
    check_view(value, "a legality check", whole=False)
    return value


def _problem(state: State | View, move: Move, seat: int | None) -> tuple[Reason, str] | None:
    """The reason and an explanation for the player, or None when the move is legal.

    ``seat``, if any, is already checked (`_checked_seat`). A view speaks for its seat,
    and it shows that seat's hand whenever the move could need it: a hand is face down
    only in the four-player bidding, where no move reads it.
    """
    if type(state) is not State:
        seat = _checked_view(state).seat
    if type(move) not in _MOVE_TYPES:
        raise TypeError(
            f"{shown(move)} is not a move; moves are Bid, Look, Play, Pass, Keep, Reject and "
            "Exchange"
        )
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return Reason.GAME_OVER, "the game is over"
    mover = state.to_move
    if mover is None:  # only a view: of a deal in progress, which has no seat to move yet
        return Reason.NOT_YOUR_TURN, "the cards are being dealt"
    if seat is not None and seat != mover:
        return Reason.NOT_YOUR_TURN, f"it is seat {mover}'s turn"
    if not isinstance(move, _KINDS_BY_PHASE[phase]):
        return Reason.WRONG_PHASE, f"the game is in the {phase.value} phase"
    if isinstance(state, State):
        hand = hand_of(state[HANDS], mover)
    else:
        hand = sum(card.bit for card in state.hand or ())
    if isinstance(move, Play):
        led_freely = spades_open(state.rules, state.spades_broken, len(state.tricks))
        return _play_problem(move.card, hand, state.trick, led_freely, state.rules)
    if isinstance(move, Pass):
        return _pass_problem(pass_due(state)[1], move, hand)
    if isinstance(move, Exchange):
        return _exchange_problem(state.rules, move, hand)
    if isinstance(move, (Keep, Reject)):
        return None  # every draw turn may keep or reject
    return _bid_problem(state, move, mover, hand)


def not_a_state(doing: str, value: object) -> TypeError:
    """The error for ``value`` given where a `State` is needed; a view is told its moves."""
    from spades._view import View  # noqa: PLC0415  (a cold path; _view imports this)

    if isinstance(value, View):
        return TypeError(
            f"{doing} takes a State, not a View: a view hides cards, so it cannot move the "
            "game on; its seat's legal moves are View.legal_moves()"
        )
    return TypeError(f"{doing} takes a State, not {type(value).__name__}")


def _play_problem(
    card: Card, hand: int, trick: tuple[Card, ...], led_freely: bool, rules: Ruleset
) -> tuple[Reason, str] | None:
    if not hand & card.bit:
        return Reason.CARD_NOT_IN_HAND, f"you do not hold {card}"
    if playable_bits(rules.pack, hand, trick, led_freely) & card.bit:
        return None
    if trick:
        led = Suit.SPADES if rules.pack.spades & trick[0].bit else trick[0].suit
        return Reason.MUST_FOLLOW_SUIT, f"{led} were led and you must follow suit with one"
    if rules.spades_lead is SpadesLead.AFTER_FIRST_TRICK:
        when = "from the second trick on, or once a spade has been played,"
    else:
        when = "only once a spade has been played"
    return (
        Reason.SPADES_NOT_BROKEN,
        f"spades are not broken: you may lead a spade {when} or when you hold nothing else",
    )


def _pass_problem(count: int, move: Pass, hand: int) -> tuple[Reason, str] | None:
    if not count:  # a view no game gives: its passing phase has no pass due
        return Reason.WRONG_PASS_SIZE, "no card pass is due"
    if len(move.cards) != count:
        return Reason.WRONG_PASS_SIZE, f"pass exactly {count} {'card' if count == 1 else 'cards'}"
    for card in move.cards:
        if not hand & card.bit:
            return Reason.CARD_NOT_IN_HAND, f"you do not hold {card}"
    return None


def _exchange_problem(rules: Ruleset, move: Exchange, hand: int) -> tuple[Reason, str] | None:
    if len(move.cards) > rules.blind_nil_exchange:
        return (
            Reason.TOO_MANY_EXCHANGED,
            f"exchange at most {rules.blind_nil_exchange} cards",
        )
    for card in move.cards:
        if not hand & card.bit:
            return Reason.CARD_NOT_IN_HAND, f"you do not hold {card}"
    return None


def _bid_problem(
    state: State | View, move: Bid | Look, seat: int, hand: int
) -> tuple[Reason, str] | None:
    rules = state.rules
    blinds = blind_moves(state, seat) if rules.blind_nil or rules.blind_bid_minimum else ()
    if isinstance(move, Look):
        if blinds:
            return None
        return Reason.HAND_ALREADY_SEEN, "your hand is already in view: bid a number"
    if move.blind and move.n:
        return _blind_number_problem(state, move, seat, blinds)
    if move.blind:
        if BLIND_NIL in blinds:
            return None
        if not rules.blind_nil:
            return Reason.BLIND_NIL_NOT_ALLOWED, "these rules have no blind nil"
        if rules.players == 2:
            if state.bids[seat] is not None:
                return Reason.ALREADY_BID, "you have already declared blind nil (double nil)"
            chosen = sum(draw.seat == seat for draw in state.draws)
            if state.phase is Phase.DRAWING and chosen < rules.double_nil_timing.choices_before:
                return (
                    Reason.NOT_YET_DRAWN,
                    "blind nil (double nil) is declared after your first draw choice of the round",
                )
            if state.phase is not Phase.DRAWING or chosen > rules.double_nil_timing.choices_before:
                when = "before" if rules.double_nil_timing.choices_before == 0 else "right after"
                return (
                    Reason.ALREADY_DRAWN,
                    f"blind nil (double nil) is declared {when} your first draw choice of the "
                    "round",
                )
        elif state.looked[seat]:
            return Reason.HAND_ALREADY_SEEN, "you have already looked at your hand"
        lowest = least_bid(rules, state.bids, seat)
        if lowest:
            return _below_minimum(rules, lowest)
        return (
            Reason.BLIND_NIL_NOT_ELIGIBLE,
            f"blind nil needs your side to trail by {rules.blind_nil_deficit} points or more",
        )
    if state.phase is Phase.DRAWING:
        return (
            Reason.WRONG_PHASE,
            "the bidding comes after the draw; during the draw the only bid is blind nil "
            "(double nil)",
        )
    if not 0 <= move.n <= rules.hand_size:
        return Reason.BID_OUT_OF_RANGE, f"a bid is a number of tricks from 0 to {rules.hand_size}"
    if move.n == 0 and not rules.nil and not rules.zero_contract:
        return Reason.NIL_NOT_ALLOWED, "these rules have no nil bid"
    lowest = least_bid(rules, state.bids, seat)
    if move.n < lowest:
        return _below_minimum(rules, lowest)
    if rules.bidding is Bidding.SUICIDE and move not in bid_moves(rules, state.bids, seat):
        return Reason.BIDDING_MODE, _suicide_problem(state.bids[(seat + 2) % 4])
    if rules.bidding in BIDS_BY_SPADES and move not in bid_moves(rules, state.bids, seat, hand):
        return Reason.BIDDING_MODE, _spades_problem(rules, spades_in(hand, rules))
    if blinds:
        choices = _blind_choices(blinds)
        return Reason.HAND_NOT_SEEN, f"{choices}, or look at your hand before you bid"
    return None


def _blind_choices(blinds: tuple[Bid, ...]) -> str:
    """The blind bids a seat may make, in words: "bid blind nil", "bid blind (6 to 13)"."""
    numbers = [bid.n for bid in blinds if bid.n]
    if not numbers:
        return "bid blind nil"
    span = f"{numbers[0]} to {numbers[-1]}" if len(numbers) > 1 else f"{numbers[0]}"
    return f"bid blind (nil, or {span})" if blinds[0].n == 0 else f"bid blind {span}"


def _blind_number_problem(
    state: State | View, move: Bid, seat: int, blinds: tuple[Bid, ...]
) -> tuple[Reason, str] | None:
    """Why a blind number may not be bid, or None (rule-blind-bids)."""
    if move in blinds:
        return None
    rules = state.rules
    least = rules.blind_bid_minimum
    most = rules.hand_size
    if not 0 < move.n <= most:
        return Reason.BID_OUT_OF_RANGE, f"a bid is a number of tricks from 0 to {most}"
    if not least:
        if rules.blind_nil:
            return Reason.BLIND_BID_NOT_ALLOWED, "these rules have no blind bid but blind nil"
        return Reason.BLIND_BID_NOT_ALLOWED, "these rules have no blind bids"
    if move.n < least:
        return (
            Reason.BLIND_BID_NOT_ALLOWED,
            f"a blind bid is nil or a number from {least} to {most}"
            if rules.blind_nil
            else f"a blind bid is a number from {least} to {most}",
        )
    if state.phase is Phase.BIDDING and state.looked[seat]:
        return Reason.HAND_ALREADY_SEEN, "you have already looked at your hand"
    lowest = least_bid(rules, state.bids, seat)
    if move.n < lowest:
        return _below_minimum(rules, lowest)
    return (
        Reason.BLIND_BID_NOT_ELIGIBLE,
        f"a blind bid needs your side to trail by {rules.blind_bid_deficit} points or more",
    )


def _spades_problem(rules: Ruleset, count: int) -> str:
    """What Whiz or Mirror asks of a seat holding ``count`` spades (rule-whiz, rule-mirror)."""
    zero = "nil" if rules.nil else "0"
    if not count:
        return f"you hold no spades: under {rules.bidding.name.title()} you bid {zero}"
    noun = "spade" if count == 1 else "spades"
    if rules.bidding is Bidding.MIRROR:
        return f"you hold {count} {noun}: under Mirror you bid {count}"
    return f"you hold {count} {noun}: under Whiz you bid {count} or {zero}"


def _suicide_problem(mate: Bid | None) -> str:
    """What Suicide asks of a seat whose partner bid ``mate`` (rule-suicide)."""
    if mate is None:
        return "under Suicide one partner bids nil and the other 4 or more: bid nil or 4 to 13"
    if mate.n == 0:
        return "your partner bid nil: under Suicide you bid 4 or more"
    return f"your partner bid {mate.n}: under Suicide you bid nil"


def _below_minimum(rules: Ruleset, lowest: int) -> tuple[Reason, str]:
    return (
        Reason.BELOW_TEAM_MINIMUM,
        f"your side's bids must add up to at least {rules.team_minimum}: bid {lowest} or more",
    )
