"""What a view can be: the facts every view of a position that legal play reaches keeps.

`observe` makes views of real states; a `View` can also be built by hand or read from
data, and then it may describe a position no game reaches: a four-player view in the
draw, a trick without a leader, a seat to move after the game is over. `view_problem`
states what a possible view is, and names the first field that breaks it; the records
reader refuses such data with it (`InvalidRecordError`), and `check_view` refuses such a
view (`SpadesError`) before the sampler deals from it. `form_problem` states the first of
those facts, the form every reader of a view needs (the seats, the counts, the phase):
the encoding checks only these, at every step.

Not checked here: that the scores follow from the rounds by the rules (the records reader
checks the history), and that the suits the plays show void in leave a deal of the cards
the seat has not seen (the sampler counts the deals, and refuses when there are none).
"""

from __future__ import annotations

import weakref
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, NoReturn

from spades._card_pass import pass_order, passed_to_partner, passes_of
from spades._cards import ALL_CARDS, Card, Suit
from spades._errors import SpadesError, shown
from spades._history import CardExchange, CardPass, DrawTurn, Trick
from spades._legal import (
    bid_moves,
    blind_moves,
    least_bid,
    spades_in,
    trails_by,
    trails_enough,
)
from spades._moves import Bid
from spades._rules import BIDS_BY_SPADES, Bidding, Ruleset
from spades._scoring import RoundScore, SideScore
from spades._spades_shown import spade_weights
from spades._state import Outcome, Phase
from spades._trick import spades_open, winning_card
from spades._uniform_deal import splits

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spades._view import View

__all__ = ["check_view", "form_problem", "is_dealing", "view_problem"]

_SPADE: Final = Suit.SPADES.value
_ALL_BUT_SPADES: Final = 0b0111
"""A set of suits as bits by `Suit` value: every suit but spades."""
_TWO_PLAYER_PHASES: Final = (Phase.DRAWING, Phase.EXCHANGING)
_IN_PLAY: Final = (Phase.PLAYING, Phase.GAME_OVER)


class _ProblemError(Exception):
    """The first fact a view breaks: the field (``tricks[2].winner``) and what is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(field, message)
        self.field = field
        self.message = message


def _fail(field: str, message: str) -> NoReturn:
    raise _ProblemError(field, message)


_last_checked: tuple[weakref.ref[View], bool] | None = None
"""The view `check_view` passed last, and whether it was checked whole: the search bot
samples one view many times, and an environment encodes one view twice (mask and
observation)."""


def check_view(view: View, doing: str, *, whole: bool = True) -> None:
    """Raise unless ``view`` is a view of a position that legal play reaches.

    `TypeError` for a field of the wrong type, `SpadesError` for a view no game gives (see
    `view_problem`); ``doing`` names the caller in the message. Not ``whole``: only the
    view's form, what reading it needs (`form_problem`). The view passed last is
    remembered (views are frozen), so checking it again costs nothing.
    """
    global _last_checked  # noqa: PLW0603  (a cache of one view, by identity)
    from spades._view import View  # noqa: PLC0415  (_view imports the rules this reads)

    if not isinstance(view, View):
        raise TypeError(f"{doing} takes a View, not {type(view).__name__}")
    if _last_checked is not None and _last_checked[0]() is view and _last_checked[1] >= whole:
        return
    if not _typed(view):
        _check_types(view)
    problem = view_problem(view) if whole else form_problem(view)
    if problem is not None:
        field, message = problem
        raise SpadesError(f"{doing}: no game gives this view: view.{field}: {message}")
    _last_checked = (weakref.ref(view), whole)


def form_problem(view: View) -> tuple[str, str] | None:
    """The first fact of a view's form that ``view`` breaks, or None.

    These are `view_problem`'s first facts, those every reader of a view needs. The
    seats are seats and each per-seat field has one entry a seat; the bids are of 0 to 13
    tricks; the counts are in their ranges (the hand sizes, the stock, a trick of fewer
    cards than players, at most 13 tricks, each of a card a player); the phase is one the
    player count and the rules have; a seat is to move exactly until the game is over,
    but in a view of a deal in progress (`is_dealing`), which has nothing else to check.
    """
    try:
        _check_form(view, dealing=True)
    except _ProblemError as problem:
        return problem.field, problem.message
    return None


def view_problem(view: View) -> tuple[str, str] | None:
    """The first fact of a reachable position that ``view`` breaks, or None.

    A pair: the field at fault, as a path from the view (``tricks[2].winner``), and what
    is wrong with it. The fields must have the types `View` declares. The facts: those of
    its form (`form_problem`); the seat to move is ``None`` exactly when the game is
    over, and is the seat whose turn it is; the round number follows the completed
    rounds; each trick was led by the winner of the one before (the first by the first
    bidder) and won by its best card; no card shows twice, and no seat plays a suit
    after showing void in it; spades are broken exactly when a spade was played; the
    bids, looks, card passes, draw turns and exchanges come in the order of the rules
    and only when the rules and the scores allow them; the hand is face down exactly
    when its seat may still bid blind nil; the hand sizes, the stock and the cards shown
    add up; the top card shows only to the seat to draw.
    """
    try:
        _check_form(view)
        _check(view)
    except _ProblemError as problem:
        return problem.field, problem.message
    return None


# --- the types of the fields ----------------------------------------------------------------


_INT: Final = frozenset({int})
_CARD: Final = frozenset({Card})
_TUPLE: Final = frozenset({tuple})
_OPTIONAL_CARDS: Final = frozenset({tuple, type(None)})
_OPTIONAL_CARD: Final = frozenset({Card, type(None)})
_OPTIONAL_INT: Final = frozenset({int, type(None)})
_OPTIONAL_BID: Final = frozenset({Bid, type(None)})
_OPTIONAL_OUTCOME: Final = frozenset({Outcome, type(None)})
_BOOL: Final = frozenset({bool})
_BID: Final = frozenset({Bid})
_ROUND: Final = frozenset({RoundScore})
_TRICK, _PASS, _DRAW, _EXCHANGE = (
    frozenset({kind}) for kind in (Trick, CardPass, DrawTurn, CardExchange)
)
_SIDE: Final = frozenset({SideScore})
_SIDE_LENGTH: Final = frozenset({len(SideScore.fields)})
_FIRST, _SECOND, _THIRD, _FOURTH = (itemgetter(index) for index in range(4))


def _typed(view: View) -> bool:
    """Whether every field of ``view`` has its type: `_check_types`, quick, for the good case.

    A few sets of the types found, made at C speed, stand for the loops over the entries:
    a number, a tuple, a card, a card or ``None``. (A history entry built by
    `TupleValue`'s constructor has its length.)
    """
    v: Any = view  # any value at all may sit in a field of a view built by hand
    tricks, passes, draws, exchanges = v.tricks, v.passes, v.draws, v.exchanges
    hand, trick = v.hand or (), v.trick
    return (
        type(v.rules) is Ruleset
        and type(v.phase) is Phase
        and type(v.spades_broken) is bool
        and type(v.to_move) in _OPTIONAL_INT
        and type(v.trick_leader) in _OPTIONAL_INT
        and type(v.hand) in _OPTIONAL_CARDS
        and type(v.outcome) in _OPTIONAL_OUTCOME
        and {
            type(v.hand_sizes),
            type(v.bids),
            type(v.looked),
            type(trick),
            type(tricks),
            type(v.scores),
            type(v.bags),
            type(v.rounds),
            type(passes),
            type(draws),
            type(exchanges),
        }
        <= _TUPLE
        and {*map(type, tricks)} <= _TRICK
        and {*map(type, passes)} <= _PASS
        and {*map(type, draws)} <= _DRAW
        and {*map(type, exchanges)} <= _EXCHANGE
        and {*map(type, v.bids)} <= _OPTIONAL_BID
        and {*map(type, v.looked)} <= _BOOL
        and {*map(type, v.rounds)} <= _ROUND
        and {
            type(v.seat),
            type(v.dealer),
            type(v.round_number),
            type(v.stock_size),
            *map(type, v.hand_sizes),
            *map(type, v.scores),
            *map(type, v.bags),
            *map(type, map(_FIRST, tricks)),
            *map(type, map(_THIRD, tricks)),
            *map(type, map(_FIRST, passes)),
            *map(type, map(_FIRST, draws)),
            *map(type, map(_FIRST, exchanges)),
            *map(type, map(_SECOND, exchanges)),
        }
        <= _INT
        and {
            *map(type, map(_SECOND, tricks)),
            *map(type, map(_SECOND, passes)),
            *map(type, map(_THIRD, exchanges)),
            *map(type, map(_FOURTH, exchanges)),
        }
        <= _OPTIONAL_CARDS
        and {
            *map(type, hand),
            *map(type, trick),
            *map(type, chain.from_iterable(map(_SECOND, tricks))),
            *map(type, chain.from_iterable(filter(None, map(_SECOND, passes)))),
            *map(type, chain.from_iterable(filter(None, map(_THIRD, exchanges)))),
            *map(type, chain.from_iterable(filter(None, map(_FOURTH, exchanges)))),
        }
        <= _CARD
        and {type(v.top_card), *map(type, map(_SECOND, draws)), *map(type, map(_THIRD, draws))}
        <= _OPTIONAL_CARD
        and (v.phase is not Phase.GAME_OVER or not v.rounds or _last_round_typed(v.rounds[-1]))
    )


def _last_round_typed(score: RoundScore) -> bool:
    """Whether the last round's score has the types a finished game's view reads."""
    bids, tricks, sides = score.bids, score.tricks, score.sides
    sides_: Any = sides  # a pair by its type, but any tuple in a score built by hand
    return (
        {type(bids), type(tricks), type(sides)} <= _TUPLE
        and {*map(type, bids)} <= _BID
        and {*map(type, tricks)} <= _INT
        and len(sides_) == 2
        and {*map(type, sides)} <= _SIDE
        and {*map(len, sides)} <= _SIDE_LENGTH
        and {*(type(side.points) for side in sides), *(type(side.bags) for side in sides)} <= _INT
    )


def _check_types(view: View) -> None:
    """`TypeError` for a field of ``view`` that is not of the type `View` declares."""
    if not isinstance(view.rules, Ruleset):
        _wrong("rules", "a Ruleset", view.rules)
    for name in ("seat", "dealer", "round_number", "stock_size"):
        _whole(name, getattr(view, name))
    if not isinstance(view.phase, Phase):
        _wrong("phase", "a Phase", view.phase)
    for name in ("to_move", "trick_leader"):
        value = getattr(view, name)
        if value is not None:
            _whole(name, value)
    if view.hand is not None:
        _cards("hand", view.hand)
    for name in ("hand_sizes", "scores", "bags"):
        numbers = getattr(view, name)
        _tuple(name, numbers)
        for index, number in enumerate(numbers):
            _whole(f"{name}[{index}]", number)
    _tuple("bids", view.bids)
    for index, bid in enumerate(view.bids):
        if bid is not None and type(bid) is not Bid:
            _wrong(f"bids[{index}]", "a Bid or None", bid)
    _tuple("looked", view.looked)
    for index, flag in enumerate(view.looked):
        _flag(f"looked[{index}]", flag)
    _cards("trick", view.trick)
    _tuple("tricks", view.tricks)
    for index, trick in enumerate(view.tricks):
        _entry(f"tricks[{index}]", trick, Trick)
        _whole(f"tricks[{index}].leader", trick.leader)
        _cards(f"tricks[{index}].cards", trick.cards)
        _whole(f"tricks[{index}].winner", trick.winner)
    _flag("spades_broken", view.spades_broken)
    _tuple("rounds", view.rounds)
    for index, score in enumerate(view.rounds):
        _entry(f"rounds[{index}]", score, RoundScore)
    if view.rounds:  # the last round's score is read once the game is over
        _round_score(f"rounds[{len(view.rounds) - 1}]", view.rounds[-1], view.rules.sides)
    if view.outcome is not None and not isinstance(view.outcome, Outcome):
        _wrong("outcome", "an Outcome or None", view.outcome)
    _tuple("passes", view.passes)
    for index, entry in enumerate(view.passes):
        _entry(f"passes[{index}]", entry, CardPass)
        _whole(f"passes[{index}].seat", entry.seat)
        if entry.cards is not None:
            _cards(f"passes[{index}].cards", entry.cards)
    if view.top_card is not None:
        _card("top_card", view.top_card)
    _tuple("draws", view.draws)
    for index, turn in enumerate(view.draws):
        _entry(f"draws[{index}]", turn, DrawTurn)
        _whole(f"draws[{index}].seat", turn.seat)
        for name in ("kept", "discarded"):
            if getattr(turn, name) is not None:
                _card(f"draws[{index}].{name}", getattr(turn, name))
    _tuple("exchanges", view.exchanges)
    for index, exchange in enumerate(view.exchanges):
        _entry(f"exchanges[{index}]", exchange, CardExchange)
        _whole(f"exchanges[{index}].seat", exchange.seat)
        _whole(f"exchanges[{index}].size", exchange.size)
        for name in ("given", "drawn"):
            if getattr(exchange, name) is not None:
                _cards(f"exchanges[{index}].{name}", getattr(exchange, name))


def _round_score(field: str, score: RoundScore, sides: int) -> None:
    """The types of a round's score: a `SideScore` for each of ``sides`` (rule-solo)."""
    _tuple(f"{field}.bids", score.bids)
    for index, bid in enumerate(score.bids):
        if type(bid) is not Bid:
            _wrong(f"{field}.bids[{index}]", "a Bid", bid)
    _tuple(f"{field}.tricks", score.tricks)
    for index, number in enumerate(score.tricks):
        _whole(f"{field}.tricks[{index}]", number)
    _tuple(f"{field}.sides", score.sides)
    if len(score.sides) != sides:
        kind = "a pair of SideScore" if sides == 2 else f"{sides} SideScore, one a side"
        _wrong(f"{field}.sides", kind, score.sides)
    for index, side in enumerate(score.sides):
        _entry(f"{field}.sides[{index}]", side, SideScore)
        for name in ("points", "bags"):
            _whole(f"{field}.sides[{index}].{name}", getattr(side, name))


def _wrong(field: str, kind: str, value: object) -> NoReturn:
    raise TypeError(f"view.{field} is {kind}, not {type(value).__name__}")


def _whole(field: str, value: object) -> None:
    if type(value) is not int:
        _wrong(field, "a whole number", value)


def _flag(field: str, value: object) -> None:
    if type(value) is not bool:
        _wrong(field, "True or False", value)


def _tuple(field: str, value: object) -> None:
    if type(value) is not tuple:
        _wrong(field, "a tuple", value)


def _entry(field: str, value: object, kind: type) -> None:
    if type(value) is not kind or len(value) != len(kind.fields):  # type: ignore[arg-type, attr-defined]
        _wrong(field, f"a {kind.__name__}", value)


def _card(field: str, value: object) -> None:
    if not isinstance(value, Card):
        _wrong(field, "a Card", value)


def _cards(field: str, value: tuple[object, ...]) -> None:
    _tuple(field, value)
    for index, card in enumerate(value):
        _card(f"{field}[{index}]", card)


# --- what a view can be -----------------------------------------------------------------------


def _check_form(view: View, *, dealing: bool = False) -> None:
    """The view's form; with ``dealing``, a view of a deal in progress passes too."""
    _check_ranges(view)
    if dealing and is_dealing(view):
        return
    _check_phase(view)


def is_dealing(view: View) -> bool:
    """Whether ``view`` shows a deal in progress: the round's first phase, nobody to move.

    No position of a game is one: the library deals a round whole. The OpenSpiel adapter
    deals card by card, as chance nodes, and shows each player this view meanwhile: the
    scores and the completed rounds, no card anywhere, nothing done yet this round. The
    encoding and the reader of data take it; the sampler refuses it: it has no cards.
    """
    first = Phase.DRAWING if view.rules.players == 2 else Phase.BIDDING
    return (
        view.to_move is None
        and view.outcome is None
        and view.phase is first
        and view.round_number == len(view.rounds) + 1
        and view.hand == ()
        and not any(view.hand_sizes)
        and view.stock_size == 0
        and view.top_card is None
        and view.trick_leader is None
        and not any(view.bids)
        and not any(view.looked)
        and not (view.trick or view.tricks or view.passes or view.draws or view.exchanges)
    )


def _check(view: View) -> None:
    _check_deck(view)
    over = _check_game(view)
    played, voids = _check_tricks(view, over)
    _check_turns(view, over)
    _check_hand(view, played, voids)
    if view.rules.partnerships:
        at_bidding = _check_passes(view, played, voids)
    else:
        at_bidding = _mask(view.hand or ()) | played[view.seat]
    if view.rules.players != 2:
        if view.rules.bidding in BIDS_BY_SPADES:
            _check_spades_shown(view, played, voids, at_bidding)
    else:
        _check_draws(view, played)


def _check_deck(view: View) -> None:
    """Every card the view shows is one of its deck's (rule-decks).

    No joker shows in a standard game, no 2♣ in a joker game.
    """
    deck = view.rules.pack
    shown_cards: list[tuple[str, tuple[Card, ...]]] = [
        ("hand", view.hand or ()),
        ("trick", view.trick),
        *((f"tricks[{number}].cards", trick.cards) for number, trick in enumerate(view.tricks)),
        *((f"passes[{index}].cards", entry.cards or ()) for index, entry in enumerate(view.passes)),
        *(
            (f"draws[{index}]", tuple(card for card in turn[1:] if card is not None))
            for index, turn in enumerate(view.draws)
        ),
        *(
            (f"exchanges[{index}]", (*(entry.given or ()), *(entry.drawn or ())))
            for index, entry in enumerate(view.exchanges)
        ),
        ("top_card", () if view.top_card is None else (view.top_card,)),
    ]
    for where, cards in shown_cards:
        for card in cards:
            if not card.bit & deck.mask:
                _fail(where, f"holds {card}, which {deck.described} has not")


def _check_ranges(view: View) -> None:
    """The seats and numbers within their ranges, the per-seat fields one entry a seat.

    The seats of the tricks, passes, draws and exchanges are checked with their order.
    """
    players = view.rules.players
    for name, value in (
        ("seat", view.seat),
        ("dealer", view.dealer),
        ("to_move", view.to_move),
        ("trick_leader", view.trick_leader),
    ):
        if value is not None and not 0 <= value < players:
            _fail(name, f"is a seat from 0 to {players - 1}, not {shown(value)}")
    if view.round_number < 1:
        _fail("round_number", f"counts from 1, not {shown(view.round_number)}")
    for name, entries in (
        ("hand_sizes", view.hand_sizes),
        ("bids", view.bids),
        ("looked", view.looked),
    ):
        if len(entries) != players:
            _fail(name, f"has one entry a seat, {players}, not {len(entries)}")
    pairs: tuple[tuple[str, tuple[int, ...]], ...] = (("scores", view.scores), ("bags", view.bags))
    sides = view.rules.sides
    for name, pair in pairs:
        if len(pair) != sides:
            _fail(name, f"has one number a side, {sides}, not {len(pair)}")
    if min(view.bags) < 0:
        _fail("bags", "a bag counter is never below 0")
    most = view.rules.hand_size
    for seat, bid in enumerate(view.bids):
        if bid is not None and not 0 <= bid.n <= most:
            _fail(f"bids[{seat}]", f"is a bid of 0 to {most} tricks, not {shown(bid.n)}")
    if len(view.trick) >= players:
        _fail("trick", f"a trick in progress has at most {players - 1} cards")
    if len(view.tricks) > most:
        _fail("tricks", f"a round has {most} tricks")
    for index, (leader, played, winner) in enumerate(view.tricks):
        if len(played) != players:
            _fail(f"tricks[{index}].cards", f"a completed trick has {players} cards")
        if not (0 <= leader < players and 0 <= winner < players):
            _fail(f"tricks[{index}]", f"its leader and winner are seats from 0 to {players - 1}")
    for index, size in enumerate(view.hand_sizes):
        if not 0 <= size <= 26:
            _fail(f"hand_sizes[{index}]", f"a hand holds 0 to 26 cards, not {shown(size)}")
    if not 0 <= view.stock_size <= 52:
        _fail("stock_size", f"the stock holds 0 to 52 cards, not {shown(view.stock_size)}")
    most = view.rules.blind_nil_exchange
    for index, exchange in enumerate(view.exchanges):
        if not 0 <= exchange.size <= most:
            _fail(f"exchanges[{index}].size", f"the rules exchange 0 to {most} cards")


def _check_phase(view: View) -> None:
    """The phase is one the player count and the rules have; a seat is to move till the end."""
    phase, rules = view.phase, view.rules
    two = rules.players == 2
    if not two and phase in _TWO_PLAYER_PHASES:
        _fail("phase", f"the {phase.value} phase is for two players")
    if two and phase is Phase.PASSING:
        _fail("phase", "the passing phase is for four players")
    if phase is Phase.PASSING and not (rules.blind_nil_pass or rules.nil_pass):
        _fail("phase", "these rules pass no cards")
    if phase is Phase.EXCHANGING and not rules.blind_nil_exchange:
        _fail("phase", "these rules exchange no cards")
    if (view.to_move is None) != (phase is Phase.GAME_OVER):
        _fail("to_move", "is null exactly when the game is over")


def _check_game(view: View) -> bool:
    """The game is over exactly when it says so. Whether it is over."""
    over = view.phase is Phase.GAME_OVER
    if (view.outcome is not None) != over:
        _fail("outcome", "is set exactly when the game is over")
    rounds = len(view.rounds) + (0 if over else 1)
    if view.round_number != rounds:
        _fail("round_number", f"is {rounds} after {len(view.rounds)} completed rounds")
    if over:
        last = view.rounds[-1]
        if last.bids != view.bids:
            _fail("bids", "once the game is over, they are the last round's")
        seats = range(view.rules.players)
        takes = tuple(sum(trick.winner == seat for trick in view.tricks) for seat in seats)
        if len(view.tricks) == view.rules.hand_size and last.tricks != takes:
            _fail("tricks", "once the game is over, they are the last round's")
    return over


def _first_bidder(view: View) -> int:
    """The seat that bids, and leads, first: the dealer's next one."""
    return view.rules.orders_of_play[view.dealer][1]


def _check_tricks(view: View, over: bool) -> tuple[list[int], list[int]]:
    """The tricks: leaders, winners, each card once, voids kept and spades broken.

    The winners are `winning_card`'s, trick by trick; spades are broken once a card of the
    pack's spades is played (`Pack.spades`, as `spades_broken_by` reads them); a spade led
    while `spades_open` forbade it shows a hand of spades alone (rule-trick-winner,
    rule-spades-broken).

    Returns each seat's played cards (a mask) and the suits each showed void in (a set of
    `Suit` values as bits).
    """
    players = view.rules.players
    played, voids = [0] * players, [0] * players
    if view.phase not in _IN_PLAY:
        for name in ("tricks", "trick"):
            if getattr(view, name):
                _fail(name, f"no card is played in the {view.phase.value} phase")
        if view.trick_leader is not None:
            _fail("trick_leader", f"is null in the {view.phase.value} phase")
        if view.spades_broken:
            _fail("spades_broken", "spades break only when a spade is played")
        return played, voids
    tricks = view.tricks
    most = view.rules.hand_size
    if over and len(tricks) != most:
        _fail("tricks", f"the game ends after a round's {most} tricks")
    if over and (view.trick or view.trick_leader is not None):
        _fail("trick" if view.trick else "trick_leader", "no trick is in progress: game over")
    if not over and len(tricks) == most:
        _fail("tricks", f"a round ends with its {most}th trick")
    orders = view.rules.orders_of_play
    leader = _first_bidder(view)
    seen = 0
    broken = False
    spades = view.rules.pack.spades
    for number in range(len(tricks) + (0 if over else 1)):
        if number < len(tricks):
            given, cards, winner = tricks[number]
        else:
            given, cards, winner = view.trick_leader, view.trick, -1
        if given != leader:
            why = "who won the trick before" if number else "who bids and leads first"
            _fail(_leader_path(view, number), f"is seat {leader}, {why}")
        if not cards:
            break
        suit_of = view.rules.pack.suit_numbers  # the suit each card plays as (rule-decks)
        led = suit_of[cards[0].index]
        if led == _SPADE and not spades_open(view.rules, broken, number):
            voids[leader] |= _ALL_BUT_SPADES  # she held nothing but spades (her card is one)
        for offset, (seat, card) in enumerate(zip(orders[leader], cards, strict=False)):
            bit = card.bit
            suit = suit_of[card.index]
            if seen & bit:
                _fail(_card_path(view, number, offset), f"{card} is played twice")
            if voids[seat] >> suit & 1:
                where = _card_path(view, number, offset)
                _fail(where, f"seat {seat} showed she held no {Suit(suit)} before")
            if suit != led:
                voids[seat] |= 1 << led
            seen |= bit
            played[seat] |= bit
        broken = bool(seen & spades)  # every card played so far this round
        if number == len(tricks):
            break
        best = winning_card(cards, rules=view.rules)
        leader = orders[leader][cards.index(best)]
        if winner != leader:
            _fail(f"tricks[{number}].winner", f"is seat {leader}, whose {best} won the trick")
    if not over and view.to_move != orders[leader][len(view.trick)]:
        _fail("to_move", f"is seat {orders[leader][len(view.trick)]}, whose turn it is to play")
    if view.spades_broken != broken:
        _fail("spades_broken", f"is {'true' if broken else 'false'} after the cards played")
    return played, voids


def _leader_path(view: View, number: int) -> str:
    return f"tricks[{number}].leader" if number < len(view.tricks) else "trick_leader"


def _card_path(view: View, number: int, offset: int) -> str:
    """Where the card at ``offset`` of trick ``number`` (the trick in progress last) is."""
    if number < len(view.tricks):
        return f"tricks[{number}].cards[{offset}]"
    return f"trick[{offset}]"


def _where(view: View, card: Card) -> str:
    """Where ``card``, a card played this round, is in ``view``."""
    tricks = [*(trick.cards for trick in view.tricks), view.trick]
    number = next(number for number, cards in enumerate(tricks) if card in cards)
    return _card_path(view, number, tricks[number].index(card))


def _mask(cards: Sequence[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= card.bit
    return bits


def _in_order(field: str, cards: Sequence[Card]) -> None:
    """The cards are listed in the library's order, each once, as moves and hands list them."""
    indices = [card.index for card in cards]
    for index in range(1, len(indices)):
        if indices[index - 1] >= indices[index]:
            _fail(f"{field}[{index}]", "cards are listed in the library's order, each once")


def _round_start_scores(view: View, over: bool) -> tuple[int, ...]:
    """The scores the round in view started from (once the game is over: its last round)."""
    if not over:
        return view.scores
    points = view.rounds[-1].points
    return tuple(total - won for total, won in zip(view.scores, points, strict=True))


def _check_turns(view: View, over: bool) -> None:
    """The bids and the looks, each allowed by the rules; the turns, in the rules' order."""
    rules, phase = view.rules, view.phase
    dealt, paired = rules.players != 2, rules.partnerships
    scores = _round_start_scores(view, over)
    order = rules.orders_of_play[_first_bidder(view)]
    for seat, (bid, looked) in enumerate(zip(view.bids, view.looked, strict=True)):
        may_blind = rules.blind_nil and trails_enough(rules, scores, seat)
        least = rules.blind_bid_minimum  # the least blind number open to her, 0 for none
        if least and not trails_by(rules.blind_bid_deficit, scores, seat):
            least = 0
        blind = may_blind or least
        if blind and paired and order.index(seat) > order.index((seat + 2) % 4):  # mate first
            lowest = least_bid(rules, view.bids, seat)
            may_blind = may_blind and not lowest
            least = least and max(least, lowest)
        if bid is not None:
            if bid.blind and not bid.n and not may_blind:
                _fail(f"bids[{seat}]", "blind nil was not open to this seat this round")
            if bid.blind and bid.n and not 0 < least <= bid.n:
                _fail(f"bids[{seat}]", f"a blind {bid.n} was not open to this seat this round")
            if bid.n == 0 and not rules.nil and not rules.zero_contract:
                _fail(f"bids[{seat}]", "these rules have no nil")
            mate = view.bids[(seat + 2) % 4] if paired else None
            if mate is not None and seat < 2 and bid.n + mate.n < rules.team_minimum:
                second = max(seat, seat + 2, key=order.index)  # the side's second bidder
                _fail(f"bids[{second}]", "the side's bids add up to less than the team minimum")
            if rules.bidding is Bidding.SUICIDE:
                first = mate is None or order.index(seat) < order.index((seat + 2) % 4)
                if bid not in bid_moves(rules, (None,) * 4 if first else view.bids, seat):
                    _fail(
                        f"bids[{seat}]",
                        "under Suicide one partner of a side bids nil and the other 4 or more",
                    )
            if dealt and (may_blind or least) and not bid.blind and not looked:
                _fail(f"looked[{seat}]", "a seat that may bid blind looks before a bid in sight")
        if looked:
            if not dealt:
                _fail(f"looked[{seat}]", "two players never look: no hand is face down")
            if not may_blind and not least:
                _fail(f"looked[{seat}]", "only a seat that may bid blind looks at her hand")
            if bid is not None and bid.blind:
                _fail(f"looked[{seat}]", "a seat that looked cannot bid blind")
            if bid is None and not (phase is Phase.BIDDING and view.to_move == seat):
                _fail(f"looked[{seat}]", "a seat looks at her turn to bid, and then bids")
    if dealt:
        _check_dealt_turns(view, order)
    else:
        _check_two_turns(view, order)


def _check_dealt_turns(view: View, order: tuple[int, ...]) -> None:
    """Three and four players: the bidding in turn, then the card passes, then the play."""
    phase, bids = view.phase, view.bids
    for name in ("draws", "exchanges"):
        if getattr(view, name):
            _fail(name, "only two players draw and exchange")
    if view.stock_size:
        _fail("stock_size", "three and four players deal every card: no stock is left")
    if view.top_card is not None:
        _fail("top_card", "three and four players deal every card: no stock is left")
    if phase is Phase.BIDDING:
        made = 0
        while made < len(order) and bids[order[made]] is not None:
            made += 1
        if made == len(order):
            _fail("phase", "every seat has bid: the bidding is over")
        for seat in order[made:]:
            if bids[seat] is not None:
                _fail(f"bids[{seat}]", f"seat {order[made]} bids before seat {seat}, and has not")
        if view.to_move != order[made]:
            _fail("to_move", f"is seat {order[made]}, whose turn it is to bid")
        if view.passes:
            _fail("passes", "cards are passed after the bidding")
        return
    for seat in order:
        if bids[seat] is None:
            _fail(f"bids[{seat}]", f"every seat has bid in the {phase.value} phase")
    passers = [seat for seat, _ in pass_order(view.rules, bids, order[0])]
    for index, entry in enumerate(view.passes):
        if index >= len(passers) or entry.seat != passers[index]:
            _fail(
                f"passes[{index}].seat",
                "each side's nil bidder passes, followed by her partner, in the bidding order",
            )
    made = len(view.passes)
    if phase is Phase.PASSING:
        if made == len(passers):
            _fail("phase", "no card pass is due")
        if view.to_move != passers[made]:
            _fail("to_move", f"is seat {passers[made]}, whose turn it is to pass")
    elif made != len(passers):
        _fail("passes", f"the play starts after {len(passers)} card passes, not {made}")


def _check_two_turns(view: View, order: tuple[int, ...]) -> None:
    """Two players: the draw in turn, the double nil exchanges, the bidding, the play."""
    phase, bids, dealer = view.phase, view.bids, view.dealer
    if view.passes:
        _fail("passes", "two players pass no cards")
    turns = len(view.draws)
    if turns > 26:
        _fail("draws", "a round has 26 draw turns")
    for index, turn in enumerate(view.draws):
        if turn.seat != (dealer + index) % 2:
            _fail(f"draws[{index}].seat", "the draw turns alternate, the dealer's first")
    drawing = phase is Phase.DRAWING
    if drawing and turns == 26:
        _fail("phase", "the draw is over after 26 turns")
    if drawing and view.to_move != (dealer + turns) % 2:
        _fail("to_move", f"is seat {(dealer + turns) % 2}, whose turn it is to draw")
    if not drawing and turns != 26:
        _fail("draws", f"the {phase.value} phase comes after the 26 draw turns")
    if view.stock_size != 52 - 2 * turns:
        _fail("stock_size", f"is {52 - 2 * turns} after {turns} draw turns")
    if (view.top_card is not None) != (drawing and view.to_move == view.seat):
        _fail("top_card", "shows exactly while the seat is to draw")
    before = view.rules.double_nil_timing.choices_before
    for seat, bid in enumerate(bids):
        if bid is None:
            continue
        if phase in _TWO_PLAYER_PHASES and not bid.blind:
            _fail(f"bids[{seat}]", "numbered bids come after the draw and the exchanges")
        chosen = sum(turn.seat == seat for turn in view.draws)
        if drawing and chosen < before:
            _fail(f"bids[{seat}]", "double nil is declared after the seat's first draw choice")
        if drawing and chosen == before and view.to_move != seat:
            _fail(f"bids[{seat}]", "double nil is declared at the seat's turn to draw")
    blind = [seat for seat in order if (bid := bids[seat]) is not None and bid.blind]
    exchangers = blind if view.rules.blind_nil_exchange else []
    for index, entry in enumerate(view.exchanges):
        if drawing or index >= len(exchangers) or entry.seat != exchangers[index]:
            _fail(
                f"exchanges[{index}].seat",
                "after the draw, the double nil bidders exchange in the bidding order",
            )
    made = len(view.exchanges)
    if phase is Phase.EXCHANGING:
        if made == len(exchangers):
            _fail("phase", "no exchange is due")
        if view.to_move != exchangers[made]:
            _fail("to_move", f"is seat {exchangers[made]}, whose turn it is to exchange")
    elif not drawing and made != len(exchangers):
        _fail("exchanges", f"the {phase.value} phase comes after {len(exchangers)} exchanges")
    if phase is Phase.BIDDING:
        waiting = [seat for seat in order if bids[seat] is None]
        if not waiting:
            _fail("phase", "every seat has bid: the bidding is over")
        if view.to_move != waiting[0]:
            _fail("to_move", f"is seat {waiting[0]}, whose turn it is to bid")
        for seat in order[order.index(waiting[0]) + 1 :]:
            if (bid := bids[seat]) is not None and not bid.blind:
                _fail(f"bids[{seat}]", f"seat {waiting[0]} bids before seat {seat}, and has not")
    elif phase in _IN_PLAY:
        for seat in order:
            if bids[seat] is None:
                _fail(f"bids[{seat}]", f"every seat has bid in the {phase.value} phase")


def _check_hand(view: View, played: list[int], voids: list[int]) -> None:
    """The hand, face down exactly when it may be; the hand sizes; the top card."""
    rules, me = view.rules, view.seat
    face_down = (
        rules.players != 2
        and (rules.blind_nil or rules.blind_bid_minimum > 0)
        and view.phase is Phase.BIDDING
        and view.bids[me] is None
        and bool(blind_moves(view, me))
    )
    if (view.hand is None) != face_down:
        _fail("hand", "is face down (null) exactly while its seat may still bid blind")
    if rules.players != 2:
        sizes = [rules.hand_size - mask.bit_count() for mask in played]
        if view.passes:
            for entry, (_, count) in zip(view.passes, passes_of(view), strict=False):
                sizes[entry.seat] -= count
                sizes[(entry.seat + 2) % 4] += count
    else:
        sizes = [-mask.bit_count() for mask in played]
        for turn in view.draws:
            sizes[turn.seat] += 1
    for seat, size in enumerate(sizes):
        if view.hand_sizes[seat] != size:
            _fail(f"hand_sizes[{seat}]", f"is {size} after what seat {seat} drew, passed, played")
    hand = view.hand or ()
    if view.hand is not None and len(hand) != view.hand_sizes[me]:
        _fail("hand", f"holds {len(hand)} cards, but hand_sizes says {view.hand_sizes[me]}")
    _in_order("hand", hand)
    held = _mask(hand)
    everyone = 0
    for mask in played:
        everyone |= mask
    if held & everyone:
        card = _first(held & everyone)
        _fail(f"hand[{hand.index(card)}]", f"{card} is also in {_where(view, card)}")
    void = voids[me] and held & _suit_cards(rules, voids[me])
    if void:
        card = _first(void)
        suit = rules.pack.suit_of(card)
        _fail(f"hand[{hand.index(card)}]", f"seat {me} showed she held no {suit}")
    top = view.top_card
    if top is not None and top.bit & (held | everyone):
        where = "hand" if top.bit & held else _where(view, top)
        _fail("top_card", f"{top} is also in {where}")


def _suit_cards(rules: Ruleset, suits: int) -> int:
    """The cards of a set of suits (`Suit` values as bits) under the deck, as a mask."""
    masks = rules.pack.suit_masks
    return sum(masks[suit.value] for suit in Suit if suits >> suit.value & 1)


def _check_passes(view: View, played: list[int], voids: list[int]) -> int:
    """Four players: the cards of the seat's side's passes, where the seat saw them go.

    Returns the hand the seat held when she bid (a mask).
    """
    me, mate = view.seat, (view.seat + 2) % 4
    for index, (entry, (_, size)) in enumerate(zip(view.passes, passes_of(view), strict=False)):
        ours = entry.seat in (me, mate)
        if (entry.cards is not None) != ours:
            _fail(f"passes[{index}].cards", "show exactly for the passes of the seat's side")
        if entry.cards is not None:
            if len(entry.cards) != size:
                noun = "card" if size == 1 else "cards"
                _fail(f"passes[{index}].cards", f"this pass is {size} {noun} under these rules")
            _in_order(f"passes[{index}].cards", entry.cards)
    # Going back from what the seat holds and played: she held what her partner passed
    # her, and not what she passed away (unless it came back).
    held = _mask(view.hand or ()) | played[me]
    for index in reversed(range(len(view.passes))):
        seat, cards = view.passes[index]
        if cards is None:
            continue
        mask = _mask(cards)
        if seat == me and held & mask:
            _fail(f"passes[{index}].cards", f"seat {me} passed {_first(held & mask)} away")
        if seat == mate and mask & ~held:
            card = _first(mask & ~held)
            _fail(f"passes[{index}].cards", f"seat {me} got {card} and neither holds nor played it")
        held = held | mask if seat == me else held & ~mask
    # Going forward: her partner holds, or played, what the seat passed her and she kept.
    known = passed_to_partner(view, played)
    elsewhere = known & (played[0] | played[1] | played[2] | played[3])
    if elsewhere:
        card = ALL_CARDS[elsewhere.bit_length() - 1]
        _fail(_where(view, card), f"seat {mate} holds {card}, which seat {me} passed her")
    if known.bit_count() > view.hand_sizes[mate]:
        _fail(
            f"hand_sizes[{mate}]", f"seat {mate} holds the {known.bit_count()} cards passed to her"
        )
    for suit in Suit:
        cards = known & view.rules.pack.suit_masks[suit.value]
        if cards and voids[mate] >> suit.value & 1:
            card = _first(cards)
            _fail(
                "passes", f"seat {mate} holds {card}, passed to her, yet showed she held no {suit}"
            )
    return held


def _check_spades_shown(view: View, played: list[int], voids: list[int], at_bidding: int) -> None:
    """Whiz and Mirror: the bids show spade counts the cards keep (rule-whiz, rule-mirror).

    The seat's own bid is one her hand allowed when she bid, and some deal of the spades
    she has not seen gives every other bidder the count her bid shows, after the card
    passes as they may have run (`spades._spades_shown.spade_weights`).
    """
    rules, me = view.rules, view.seat
    mate = (me + 2) % 4 if rules.partnerships else None
    seats = range(rules.players)
    bid = view.bids[me]
    if bid is not None and bid not in bid_moves(rules, view.bids, me, at_bidding):
        count = spades_in(at_bidding, rules)
        allowed = " or ".join(
            "nil" if rules.nil and not move.n else str(move.n)
            for move in reversed(bid_moves(rules, view.bids, me, at_bidding))
        )
        _fail(
            f"bids[{me}]",
            f"seat {me} held {count} spade{'' if count == 1 else 's'} when she bid: under "
            f"{rules.bidding.name.title()} her bid is {allowed}",
        )
    passed = passed_to_partner(view, played) if mate is not None else 0
    own = _mask(view.hand or ())
    known = [
        played[seat] | (passed if seat == mate else 0) | (own if seat == me else 0)
        for seat in seats
    ]
    hidden = [seat for seat in seats if seat != me]
    weigh = spade_weights(view, played, known, hidden)
    unseen = len(rules.pack.spade_cards) - sum(spades_in(mask, rules) for mask in known)
    room = tuple(view.hand_sizes[seat] - (seat == mate) * passed.bit_count() for seat in hidden)
    open_to = tuple(not voids[seat] >> _SPADE & 1 for seat in hidden)
    if not any(weigh(split) for split in splits(unseen, room, open_to)):
        _fail("bids", "no deal of the spades the seat has not seen gives the counts the bids show")


def _first(mask: int) -> Card:
    """The first card of ``mask`` in the library's order."""
    return ALL_CARDS[(mask & -mask).bit_length() - 1]


def _check_draws(view: View, played: list[int]) -> None:
    """Two players: the seat's draw turns and exchange account for her hand."""
    me, her = view.seat, 1 - view.seat
    kept = discarded = 0
    for index, (seat, keep, discard) in enumerate(view.draws):
        if seat != me:
            if keep is not None or discard is not None:
                _fail(f"draws[{index}]", "shows its cards only on the seat's own draw turns")
            continue
        if keep is None or discard is None:
            _fail(f"draws[{index}]", "shows its cards on the seat's own draw turns")
        if (keep.bit | discard.bit) & (kept | discarded) or keep is discard:
            _fail(f"draws[{index}]", f"{keep} or {discard} was drawn before")
        kept |= keep.bit
        discarded |= discard.bit
    top = view.top_card
    if top is not None and top.bit & (kept | discarded):
        _fail("top_card", f"{top} was drawn before")
    given = drawn = 0
    mine_at = hers_at = -1
    her_size = 0
    for index, exchange in enumerate(view.exchanges):
        mine = exchange.seat == me
        for name in ("given", "drawn"):
            cards = getattr(exchange, name)
            if (cards is not None) != mine:
                _fail(f"exchanges[{index}].{name}", "shows exactly in the seat's own exchange")
            if cards is not None and len(cards) != exchange.size:
                _fail(f"exchanges[{index}].{name}", f"the exchange was of {exchange.size} cards")
        if exchange.given is None or exchange.drawn is None:
            hers_at, her_size = index, exchange.size
            continue
        mine_at = index
        _in_order(f"exchanges[{index}].given", exchange.given)
        given, drawn = _mask(exchange.given), _mask(exchange.drawn)
        if drawn.bit_count() != len(exchange.drawn):
            _fail(f"exchanges[{index}].drawn", "draws each card once")
        if given & ~kept:
            _fail(f"exchanges[{index}].given", f"seat {me} did not keep {_first(given & ~kept)}")
        if drawn & kept:
            _fail(f"exchanges[{index}].drawn", f"{_first(drawn & kept)} was kept, not discarded")
    held = (kept & ~given) | drawn
    if played[me] & ~held:
        card = _first(played[me] & ~held)
        _fail(_where(view, card), f"seat {me} never held {card}")
    if _mask(view.hand or ()) != held & ~played[me]:
        _fail("hand", "is what the seat kept and drew, less what she gave up and played")
    # The cards the seat put on the discards reach the other player's hand only through
    # her exchange: those there when she exchanged.
    reachable = 0
    if hers_at >= 0:
        reachable = discarded & ~drawn
        if 0 <= mine_at < hers_at:
            reachable |= given
    stray = played[her] & ((discarded | given) & ~held) & ~reachable
    if stray:
        card = _first(stray)
        _fail(_where(view, card), f"seat {her} could not hold {card}, which seat {me} discarded")
    taken = played[her] & reachable
    if taken.bit_count() > her_size:
        card = ALL_CARDS[taken.bit_length() - 1]
        _fail(_where(view, card), f"seat {her} drew {her_size} cards from the discards, not more")
