"""`spades._view_check`: each fact of a view that legal play reaches, broken one at a time.

Every view of a real position has no problem (`view_problem` is None: the properties in
``test_view_mutations.py`` hold that over random games). Here each fact is broken by
changing a real view, or building one, and the first problem names the field at fault;
the reader refuses the view's data at that field. A field of the wrong type is a
`TypeError` naming it (`check_view`); a view that is no `View` too.
"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest

from helpers import (
    BLIND,
    BLIND_ANYTIME,
    BLIND_NUMBERS,
    SUICIDE,
    C,
    bid_all,
    cards,
    finished_game,
    passing_state,
)
from spades import (
    CLASSIC,
    DECK,
    TWO_HANDED,
    Bid,
    Bidding,
    CardExchange,
    CardPass,
    DoubleNilTiming,
    DrawTurn,
    InvalidRecordError,
    Keep,
    Look,
    Move,
    Outcome,
    Phase,
    Ruleset,
    SpadesError,
    SpadesLead,
    State,
    Suit,
    Termination,
    Trick,
    View,
    apply,
    blind_numbers,
    legal_moves,
    new_game,
    observe,
    parse_move,
    sample_state,
    score_round,
    trick_winner,
)
from spades._sampling import sample_state_keeping
from spades._view_check import (
    _check_types,
    _typed,
    check_view,
    form_problem,
    is_dealing,
    view_problem,
)
from spades.records import from_data, to_data

# --- real positions ------------------------------------------------------------------------


def _play(state: State, count: int) -> State:
    for _ in range(count):
        state = apply(state, legal_moves(state)[0])
    return state


def _two_player(*, both_blind: bool) -> list[State]:
    """Two players, dealer 0: seat 0 (and with ``both_blind`` seat 1) declares double nil;
    every position from the start to three tricks into the play, in order."""
    state = new_game(TWO_HANDED, seed=4)
    seen = [state]
    while state.phase is not Phase.PLAYING or len(state.tricks) < 3:
        moves: tuple[Move, ...] = legal_moves(state)
        move: Move
        if BLIND in moves and (state.to_move == 0 or both_blind):
            move = BLIND
        elif state.phase is Phase.EXCHANGING:
            move = moves[-1]  # three cards
        else:
            move = moves[len(moves) // 2 if state.phase is Phase.BIDDING else -1]
        state = apply(state, move)
        seen.append(state)
    return seen


TWO_BLIND = _two_player(both_blind=True)
ONE_BLIND = _two_player(both_blind=False)


def _first(states: list[State], phase: Phase) -> State:
    return next(state for state in states if state.phase is phase)


DRAW2 = TWO_BLIND[6]  # three turns each, seat 0 to draw
EXCHANGE2 = _first(TWO_BLIND, Phase.EXCHANGING)  # seat 1 to exchange first
SECOND_EXCHANGE2 = apply(EXCHANGE2, legal_moves(EXCHANGE2)[-1])  # then seat 0
PLAY2 = TWO_BLIND[-1]  # both exchanged, three tricks played
BID2 = _first(ONE_BLIND, Phase.BIDDING)  # seat 0 exchanged; seat 1 to bid
START4 = new_game(CLASSIC, seed=1)  # seat 1 to bid
MID4 = _play(bid_all(new_game(CLASSIC, seed=5)), 6)
OVER4 = finished_game()
UNSEEN4 = new_game(BLIND_ANYTIME, seed=3)  # seat 1 to bid, face down
PASSING4 = passing_state()  # seat 1 bid blind nil and is to pass to seat 3
PASSED4 = apply(PASSING4, legal_moves(PASSING4)[0])  # seat 3 to pass back


def _late_after_passes() -> State:
    """Four players: both passes made, then eleven tricks played."""
    state = apply(PASSED4, legal_moves(PASSED4)[-1])
    return _play(state, 44)


LATE4 = _late_after_passes()


def _view(state: State, seat: int, **changes: Any) -> View:
    return attrs.evolve(observe(state, seat), **changes)


def _synthetic(tricks: list[tuple[int, str]], hand: str, **changes: Any) -> View:
    """Seat 0's view under `CLASSIC`, dealer 0, every bid 3, after ``tricks``: each a
    leader and its cards (winners by the rules), the next leader to lead."""
    done = []
    for leader, text in tricks:
        played = cards(text)
        done.append(Trick(leader, tuple(played), trick_winner(CLASSIC, leader, played)))
    leader = done[-1].winner if done else 1
    fields: dict[str, Any] = {
        "rules": CLASSIC,
        "seat": 0,
        "phase": Phase.PLAYING,
        "to_move": leader,
        "dealer": 0,
        "round_number": 1,
        "hand": tuple(sorted(cards(hand))),
        "hand_sizes": (13 - len(done),) * 4,
        "bids": (Bid(3),) * 4,
        "looked": (False,) * 4,
        "trick": (),
        "trick_leader": leader,
        "tricks": tuple(done),
        "spades_broken": False,
        "scores": (0, 0),
        "bags": (0, 0),
        "rounds": (),
        "outcome": None,
        "passes": (),
        "stock_size": 0,
        "top_card": None,
        "draws": (),
        "exchanges": (),
    }
    return View(**{**fields, **changes})


_ELEVEN = "3C 4C 5C 6C 7C 8C 9C TC JC QC KC"


def _card_not_in(view: View) -> Any:
    shown = set(view.hand or ())
    shown |= {card for trick in view.tricks for card in trick.cards}
    shown |= set(view.trick)
    shown |= {card for turn in view.draws for card in (turn.kept, turn.discarded) if card}
    return next(card for card in DECK if card not in shown)


def test_the_positions_here_are_real() -> None:
    """Each position is the one its name says, and no view of it has a problem.

    Rules: ref-views, rule-team-minimum, reading-zero-bid, rule-suicide.
    """
    assert (DRAW2.phase, DRAW2.to_move, len(DRAW2.draws)) == (Phase.DRAWING, 0, 4)
    assert (EXCHANGE2.to_move, SECOND_EXCHANGE2.to_move) == (1, 0)
    assert BID2.phase is Phase.BIDDING
    assert BID2.to_move == 1
    assert PLAY2.phase is Phase.PLAYING
    assert len(PLAY2.exchanges) == 2
    assert PASSED4.phase is Phase.PASSING
    assert PASSED4.to_move == 3
    assert LATE4.phase is Phase.PLAYING
    assert len(LATE4.tricks) == 11
    for state in (DRAW2, EXCHANGE2, SECOND_EXCHANGE2, PLAY2, BID2, START4, MID4, OVER4):
        for seat in range(state.rules.players):
            assert view_problem(observe(state, seat)) is None
    four = (UNSEEN4, PASSING4, PASSED4, LATE4, SHORT4, SECOND4, BID4, ZERO4, NIL_LATE4, SUICIDE4)
    for state in four:
        for seat in range(4):
            assert view_problem(observe(state, seat)) is None
    assert (SHORT4.to_move, SHORT4.looked, legal_moves(SHORT4)[0]) == (
        3,
        (False, True, True, False),
        Bid(3),
    )
    assert observe(SHORT4, 3).hand == SHORT4.hand(3)
    assert (ZERO4.phase, ZERO4.bids) == (Phase.PLAYING, (Bid(0),) * 4)
    assert (SUICIDE4.phase, SUICIDE4.bids) == (Phase.PLAYING, (Bid(4), Bid(5), Bid(0), Bid(0)))
    assert (NIL_PASSED4.to_move, NIL_PASSED4.passes[0].seat) == (0, 2)
    assert (NIL_LATE4.phase, len(NIL_LATE4.tricks), len(NIL_LATE4.passes)) == (Phase.PLAYING, 2, 2)
    assert (MIXED_PASSED4.to_move, MIXED_PASSED4.passes) == (1, (CardPass(3, (C("4C"),)),))
    for state in (NIL_PASSED4, MIXED_PASSED4):
        for seat in range(4):
            assert view_problem(observe(state, seat)) is None
    assert LATE_DECLARED2.bids == (BLIND, None)
    assert legal_moves(LATE_DECLARED2)[0] == BLIND
    for state in (LATE_START2, LATE_SECOND2, LATE_DECLARED2, apply(LATE_DECLARED2, BLIND)):
        for seat in range(2):
            assert view_problem(observe(state, seat)) is None
    assert (
        view_problem(_synthetic([(1, "2C 3C 4C 5C")], "6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D"))
        is None
    )


def _late(tricks: int) -> State:
    state = apply(PASSED4, legal_moves(PASSED4)[-1])
    return _play(state, 4 * tricks)


LATE12 = _late(12)
MINIMUM = Ruleset(blind_nil=True, blind_nil_deficit=None, team_minimum=4)
"""Blind nil open to all, and a side's bids add up to 4 or more."""
SHORT4 = new_game(MINIMUM, seed=3)
for _move in ("look", "bid 1", "look", "bid 3"):
    SHORT4 = apply(SHORT4, parse_move(_move))
"""Seat 1 looked and bid 1, seat 2 looked and bid 3: seat 3 to bid 3 or more, her hand up."""
SECOND4 = apply(
    apply(new_game(attrs.evolve(MINIMUM, blind_nil=False), seed=3, dealer=1), Bid(1)), Bid(3)
)
"""Dealer 1: seat 2 bid 1 first, seat 3 bid 3; seat 0, seat 2's partner, to bid 3 or more."""
BID4 = apply(SHORT4, Bid(3))
"""Seat 3 bid 3 without a look, which blind nil closed to her would have needed."""
ZERO4 = new_game(Ruleset(nil=False, zero_contract=True), seed=3)
for _move in ("bid 0", "bid 0", "bid 0", "bid 0"):
    ZERO4 = apply(ZERO4, parse_move(_move))
"""Every seat bid a zero contract: the play begins."""
SUICIDE4 = new_game(SUICIDE, seed=3)
for _move in ("bid 5", "bid nil", "bid nil", "bid 4"):
    SUICIDE4 = apply(SUICIDE4, parse_move(_move))
"""Suicide: seat 1 bid 5 and seat 3 nil, seat 2 nil and seat 0 4; the play begins."""


NIL_PASS = Ruleset(nil_pass=3)
NIL_PASSED4 = new_game(NIL_PASS, deck=DECK)
for _move in ("bid 4", "bid nil", "bid 4", "bid 4", "pass 3C 7C JC"):
    NIL_PASSED4 = apply(NIL_PASSED4, parse_move(_move))
"""Under a nil pass of 3, seat 2 bid nil and passed three cards: seat 0 to pass back."""
NIL_LATE4 = _play(apply(NIL_PASSED4, legal_moves(NIL_PASSED4)[-1]), 8)
"""Both passes of three made, then two tricks played."""
MIXED_PASS = Ruleset(blind_nil=True, blind_nil_deficit=None, nil_pass=3, blind_nil_pass=1)
MIXED_PASSED4 = new_game(MIXED_PASS, deck=DECK)
for _move in ("look", "bid nil", "look", "bid 4", "bid blind nil", "look", "bid 4", "pass 4C"):
    MIXED_PASSED4 = apply(MIXED_PASSED4, parse_move(_move))
"""Seat 1 bid nil, then her partner seat 3 blind nil: seat 3 passed one card, as the side's
passer, and seat 1 is to pass one back."""


LATE_TIMING = attrs.evolve(TWO_HANDED, double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE)
LATE_START2 = new_game(LATE_TIMING, seed=1)
"""Double nil after the first draw choice: seat 0 to draw first, before her chance."""
LATE_SECOND2 = apply(apply(LATE_START2, Keep()), Keep())
"""Seat 0 at her second turn to draw: her chance to declare double nil."""
LATE_DECLARED2 = apply(apply(LATE_SECOND2, BLIND), Keep())
"""Seat 0 declared at her second turn; seat 1 at hers, her chance."""


def _no_blind_two_player(phase: Phase) -> State:
    state = new_game(TWO_HANDED, seed=9)
    while state.phase is not phase:
        moves = [move for move in legal_moves(state) if move != BLIND]
        state = apply(state, moves[len(moves) // 2])
    return state


PLAIN_BID2 = _no_blind_two_player(Phase.BIDDING)
PLAIN_PLAY2 = _play(_no_blind_two_player(Phase.PLAYING), 4)


def _over_rounds(view: View) -> tuple[Any, ...]:
    """The rounds of a finished game's view, the last with its tricks changed."""
    last = view.rounds[-1]
    return (*view.rounds[:-1], score_round(CLASSIC, last.bids, (13, 0, 0, 0)))


def _with_draw(view: View, index: int, turn: DrawTurn) -> tuple[DrawTurn, ...]:
    return (*view.draws[:index], turn, *view.draws[index + 1 :])


def _with_exchange(view: View, index: int, **changes: Any) -> tuple[CardExchange, ...]:
    entry = view.exchanges[index]._replace(**changes)
    return (*view.exchanges[:index], entry, *view.exchanges[index + 1 :])


def _discarded(view: View) -> list[Any]:
    return [turn.discarded for turn in view.draws if turn.discarded is not None]


def _kept(view: View) -> list[Any]:
    return [turn.kept for turn in view.draws if turn.kept is not None]


def _replace_discards(view: View, new: list[Any]) -> tuple[DrawTurn, ...]:
    """The seat's draw turns with her first discards replaced by ``new``."""
    turns, left = [], list(new)
    for turn in view.draws:
        if turn.discarded is not None and left:
            turn = DrawTurn(turn.seat, turn.kept, left.pop(0))  # noqa: PLW2901
        turns.append(turn)
    return tuple(turns)


def _her_plays(state: State) -> list[Any]:
    return [card for trick in state.tricks for seat, card in _seats(state, trick) if seat == 1]


def _seats(state: State, trick: Trick) -> list[tuple[int, Any]]:
    order = state.rules.orders_of_play[trick.leader]
    return list(zip(order, trick.cards, strict=True))


_MID0 = observe(MID4, 0)
_LATE1 = observe(LATE4, 1)
_PLAY2 = observe(PLAY2, 0)
_DRAW2 = observe(DRAW2, 0)
_MY_GIVEN = _PLAY2.exchanges[1].given or ()
_MY_DRAWN = _PLAY2.exchanges[1].drawn or ()
_FIRST_TRICKS = [(1, "2C 3C 4C 2D")]  # seat 0 shows no club
_HAND = "5D 6D 7D 8D 9D TD JD QD KD AD 2H 3H"

# Each case: a view, and the field its first problem names.
CASES: dict[str, tuple[View, str]] = {
    # the ranges
    "round numbers count from 1": (_view(START4, 1, round_number=0), "round_number"),
    "one hand size a seat": (_view(START4, 1, hand_sizes=(13, 13, 13)), "hand_sizes"),
    "one score a side": (_view(START4, 1, scores=(0, 0, 0)), "scores"),
    "no bag counter below 0": (_view(START4, 1, bags=(-1, 0)), "bags"),
    "bids of 0 to 13": (_view(START4, 1, bids=(None, Bid(14), None, None)), "bids[1]"),
    "a trick in progress of fewer cards than players": (
        _view(MID4, 0, trick=tuple(DECK[40:44])),
        "trick",
    ),
    "13 tricks a round": (_view(MID4, 0, tricks=MID4.tricks * 14), "tricks"),
    "a hand of 0 to 26 cards": (_view(START4, 1, hand_sizes=(13, 27, 13, 13)), "hand_sizes[1]"),
    "a stock of 0 to 52 cards": (_view(DRAW2, 0, stock_size=53), "stock_size"),
    "an exchange of the rules' size": (
        _view(PLAY2, 0, exchanges=_with_exchange(_PLAY2, 0, size=4)),
        "exchanges[0].size",
    ),
    # the game
    "no pass with two players": (_view(DRAW2, 0, phase=Phase.PASSING), "phase"),
    "the last round's bids once over": (_view(OVER4, 0, bids=(Bid(1),) * 4), "bids"),
    "the last round's tricks once over": (
        _view(OVER4, 0, rounds=_over_rounds(observe(OVER4, 0))),
        "tricks",
    ),
    # the tricks
    "no trick before the play": (_view(START4, 1, trick=(C("2C"),)), "trick"),
    "no leader before the play": (_view(START4, 1, trick_leader=1), "trick_leader"),
    "the round ends with its 13th trick": (_view(MID4, 0, tricks=MID4.tricks * 13), "tricks"),
    "a completed trick of every player's card": (
        _view(MID4, 0, tricks=(Trick(1, MID4.tricks[0].cards[:3], 0),)),
        "tricks[0].cards",
    ),
    "a card played once": (_view(MID4, 0, trick=(MID4.tricks[0].cards[0],)), "trick[0]"),
    "no suit played after a void in it": (
        _synthetic([(1, "2C 3C 4C 2D"), (3, "5H 5C 6H 7H")], _HAND[:-6]),
        "tricks[1].cards[1]",
    ),
    # the bids and the looks
    "blind nil only where the rules and the scores allow it": (
        _view(START4, 1, bids=(None, BLIND, None, None), to_move=2),
        "bids[1]",
    ),
    "nil only where the rules allow it": (
        _view(START4, 1, rules=Ruleset(nil=False), bids=(None, Bid(0), None, None), to_move=2),
        "bids[1]",
    ),
    "a look before a number while blind nil is open": (
        _view(UNSEEN4, 1, bids=(None, Bid(3), None, None), to_move=2, hand=UNSEEN4.hand(1)),
        "looked[1]",
    ),
    "two players never look": (_view(DRAW2, 0, looked=(True, False)), "looked[0]"),
    "a side's bids reach the team minimum": (
        _view(SHORT4, 3, bids=(None, Bid(1), Bid(3), Bid(2)), to_move=0),
        "bids[3]",
    ),
    "a side's bids reach the team minimum, named at its second bidder": (
        _view(SECOND4, 2, bids=(Bid(2), None, Bid(1), Bid(3)), to_move=1),
        "bids[0]",
    ),
    "no blind nil where the team minimum asks more": (
        _view(SHORT4, 3, bids=(None, Bid(1), Bid(3), BLIND), to_move=0, hand=None),
        "bids[3]",
    ),
    "no look where the team minimum closes blind nil": (
        _view(SHORT4, 3, looked=(False, True, True, True)),
        "looked[3]",
    ),
    "a hand face up where the team minimum closes blind nil": (
        _view(SHORT4, 3, hand=None),
        "hand",
    ),
    "under Suicide a first partner bids nil or 4 or more": (
        _view(SUICIDE4, 2, bids=(Bid(4), Bid(3), Bid(0), Bid(0))),
        "bids[1]",
    ),
    "under Suicide a nil's partner bids 4 or more": (
        _view(SUICIDE4, 2, bids=(Bid(0), Bid(5), Bid(0), Bid(0))),
        "bids[0]",
    ),
    "under Suicide a number's partner bids nil": (
        _view(SUICIDE4, 2, bids=(Bid(4), Bid(5), Bid(0), Bid(6))),
        "bids[3]",
    ),
    "no zero bid without nil or a zero contract": (
        _view(ZERO4, 0, rules=attrs.evolve(ZERO4.rules, zero_contract=False)),
        "bids[0]",
    ),
    "a look only while blind nil is open": (
        _view(START4, 1, looked=(False, True, False, False)),
        "looked[1]",
    ),
    "no blind nil after a look": (
        _view(UNSEEN4, 1, bids=(None, BLIND, None, None), looked=(False, True, False, False)),
        "looked[1]",
    ),
    # four players: the turns
    "no stock with four players": (_view(START4, 1, top_card=DECK[0]), "top_card"),
    "the bidding is over when all have bid": (
        _view(START4, 1, bids=(Bid(3),) * 4),
        "phase",
    ),
    "the seat to bid": (_view(START4, 1, to_move=2), "to_move"),
    "every seat has bid in the play": (
        _view(MID4, 0, bids=(Bid(3), None, Bid(3), Bid(3))),
        "bids[1]",
    ),
    "the passes in the rules' order": (
        _view(PASSED4, 0, passes=(CardPass(3, None),)),
        "passes[0].seat",
    ),
    "the seat to pass": (_view(PASSED4, 0, to_move=1), "to_move"),
    "the nil bidder passes before her partner": (
        _view(NIL_PASSED4, 1, passes=(CardPass(0, None),)),
        "passes[0].seat",
    ),
    "a side with a blind nil passes from its blind nil bidder": (
        _view(MIXED_PASSED4, 0, passes=(CardPass(1, None),), hand_sizes=(13, 12, 13, 14)),
        "passes[0].seat",
    ),
    "no pass for a nil without a nil pass": (
        _view(NIL_PASSED4, 1, rules=attrs.evolve(NIL_PASS, nil_pass=0)),
        "passes[0].seat",
    ),
    "the play after the passes": (_view(LATE4, 0, passes=()), "passes"),
    # two players: the turns
    "no passes with two players": (_view(DRAW2, 0, passes=(CardPass(0, None),)), "passes"),
    "26 draw turns a round": (_view(PLAY2, 0, draws=PLAY2.draws + PLAY2.draws[:1]), "draws"),
    "the draw turns alternate": (
        _view(DRAW2, 0, draws=_with_draw(_DRAW2, 1, DrawTurn(0, None, None))),
        "draws[1].seat",
    ),
    "the draw is over after 26 turns": (
        _view(BID2, 1, phase=Phase.DRAWING, to_move=0),
        "phase",
    ),
    "double nil at the seat's turn": (
        _view(new_game(TWO_HANDED, seed=1), 0, bids=(None, BLIND)),
        "bids[1]",
    ),
    "double nil after the first draw choice, under that timing": (
        _view(LATE_START2, 0, bids=(BLIND, None)),
        "bids[0]",
    ),
    "double nil after the first draw choice, at the seat's turn": (
        _view(LATE_SECOND2, 0, bids=(None, BLIND)),
        "bids[1]",
    ),
    "no exchange during the draw": (
        _view(DRAW2, 0, exchanges=(CardExchange(1, 0, None, None),)),
        "exchanges[0].seat",
    ),
    "an exchange only when one is due": (_view(BID2, 1, phase=Phase.EXCHANGING), "phase"),
    "the seat to exchange": (_view(EXCHANGE2, 1, to_move=0), "to_move"),
    "the bidding is over when both have bid": (
        _view(_first(TWO_BLIND, Phase.PLAYING), 0, phase=Phase.BIDDING, trick_leader=None),
        "phase",
    ),
    "the seat to bid, two players": (_view(BID2, 1, to_move=0), "to_move"),
    "the bidding in turn, two players": (
        _view(PLAIN_BID2, 0, bids=(Bid(3), None)),
        "bids[0]",
    ),
    "every seat has bid in the play, two players": (
        _view(PLAIN_PLAY2, 0, bids=(Bid(3), None)),
        "bids[1]",
    ),
    # the hand
    "the hand as large as its size": (
        _view(MID4, 0, hand=MID4.hand(0)[1:]),
        "hand",
    ),
    "a hand in the library's order": (
        _view(MID4, 0, hand=MID4.hand(0)[::-1]),
        "hand[1]",
    ),
    "a card of the hand not played": (
        _view(MID4, 0, hand=tuple(sorted({*MID4.hand(0)[1:], MID4.tricks[0].cards[0]}))),
        "hand[0]",
    ),
    "no card of a suit the seat showed void in": (
        _synthetic(_FIRST_TRICKS, "5C " + _HAND[3:]),
        "hand[0]",
    ),
    "the top card not in the hand": (
        _view(DRAW2, 0, top_card=DRAW2.hand(0)[0]),
        "top_card",
    ),
    # four players: the passes
    "the other side's passes hidden": (
        _view(LATE4, 0, passes=LATE4.passes),
        "passes[0].cards",
    ),
    "a pass of the rules' size": (
        _view(LATE4, 1, passes=(CardPass(1, (C("2C"),)), LATE4.passes[1])),
        "passes[0].cards",
    ),
    "a nil's pass of the nil pass's size": (
        _view(NIL_LATE4, 2, passes=(CardPass(2, (C("3C"), C("7C"))), NIL_LATE4.passes[1])),
        "passes[0].cards",
    ),
    "a pass back of the side's size": (
        _view(MIXED_PASSED4, 3, passes=(CardPass(3, (C("4C"), C("5C"), C("6C"))),)),
        "passes[0].cards",
    ),
    "hand sizes after a pass of the side's size": (
        _view(NIL_PASSED4, 1, rules=attrs.evolve(NIL_PASS, nil_pass=2)),
        "hand_sizes[0]",
    ),
    "a card passed away is not held": (
        _view(LATE4, 1, passes=(CardPass(1, (C("JS"), C("KS"))), LATE4.passes[1])),
        "passes[0].cards",
    ),
    "a card passed to the seat is held or played": (
        _view(LATE4, 1, passes=(LATE4.passes[0], CardPass(3, (C("8H"), C("JH"))))),
        "passes[1].cards",
    ),
    "a card passed to the partner is not played by another": (
        _view(LATE4, 1, passes=(CardPass(1, (C("3D"), C("8H"))), LATE4.passes[1])),
        "tricks[0].cards[3]",
    ),
    "the partner holds no more cards than her hand": (
        _view(LATE12, 1, passes=(CardPass(1, (C("JH"), C("AS"))), LATE12.passes[1])),
        "hand_sizes[3]",
    ),
    "the partner holds no card of a suit she showed void in": (
        _view(LATE4, 1, passes=(CardPass(1, (C("7S"), C("QS"))), LATE4.passes[1])),
        "passes",
    ),
    # two players: the draws and the exchanges
    "the other player's draw turns hidden": (
        _view(DRAW2, 0, draws=_with_draw(_DRAW2, 1, DrawTurn(1, DECK[50], DECK[51]))),
        "draws[1]",
    ),
    "the seat's draw turns shown": (
        _view(DRAW2, 0, draws=_with_draw(_DRAW2, 0, DrawTurn(0, None, None))),
        "draws[0]",
    ),
    "each card drawn once": (
        _view(DRAW2, 0, draws=_with_draw(_DRAW2, 2, DrawTurn(0, _kept(_DRAW2)[0], DECK[51]))),
        "draws[2]",
    ),
    "the top card not drawn before": (
        _view(DRAW2, 0, top_card=_discarded(_DRAW2)[0]),
        "top_card",
    ),
    "the other player's exchange hidden": (
        _view(PLAY2, 0, exchanges=_with_exchange(_PLAY2, 0, given=PLAY2.exchanges[0].given)),
        "exchanges[0].given",
    ),
    "the seat's exchange of its size": (
        _view(PLAY2, 0, exchanges=_with_exchange(_PLAY2, 1, given=_MY_GIVEN[:2])),
        "exchanges[1].given",
    ),
    "each card drawn in an exchange once": (
        _view(PLAY2, 0, exchanges=_with_exchange(_PLAY2, 1, drawn=(C("KS"), C("KS"), C("KH")))),
        "exchanges[1].drawn",
    ),
    "an exchange gives cards kept": (
        _view(
            PLAY2,
            0,
            exchanges=_with_exchange(
                _PLAY2,
                1,
                given=tuple(sorted((*_MY_GIVEN[:2], _discarded(_PLAY2)[0]))),
            ),
        ),
        "exchanges[1].given",
    ),
    "an exchange draws cards discarded": (
        _view(
            PLAY2,
            0,
            exchanges=_with_exchange(_PLAY2, 1, drawn=(*_MY_DRAWN[:2], _kept(_PLAY2)[0])),
        ),
        "exchanges[1].drawn",
    ),
}


_PLAIN2 = observe(PLAIN_PLAY2, 0)
_HERS = _her_plays(PLAY2)
_UNSHOWN = [card for card in _discarded(_PLAY2) if card not in _HERS]
CASES |= {
    "a dealer is a seat": (_view(START4, 1, dealer=4), "dealer"),
    "a trick led and won by seats": (
        _view(MID4, 0, tricks=(Trick(7, MID4.tricks[0].cards, 0),)),
        "tricks[0]",
    ),
    "a pass only under rules that have one": (
        _view(PASSING4, 1, rules=attrs.evolve(PASSING4.rules, blind_nil_pass=0)),
        "phase",
    ),
    "an exchange only under rules that have one": (
        _view(EXCHANGE2, 0, rules=attrs.evolve(TWO_HANDED, blind_nil_exchange=0), exchanges=()),
        "phase",
    ),
    "no stock left with four players": (_view(START4, 1, stock_size=2), "stock_size"),
    "no draw turns with four players": (
        _view(START4, 1, draws=(DrawTurn(1, None, None),)),
        "draws",
    ),
    "a pass only while one is due": (
        _view(PASSED4, 0, passes=(*PASSED4.passes, CardPass(3, (C("2C"), C("3C"))))),
        "phase",
    ),
    "the seat to draw": (_view(DRAW2, 0, to_move=1), "to_move"),
    "an outcome only once the game is over": (
        _view(MID4, 0, outcome=Outcome(winner=0, termination=Termination.TARGET)),
        "outcome",
    ),
    "a finished round of 13 tricks": (_view(OVER4, 0, tricks=OVER4.tricks[:12]), "tricks"),
    "no trick in progress once the game is over": (_view(OVER4, 0, trick=(C("2C"),)), "trick"),
    "no leader once the game is over": (_view(OVER4, 0, trick_leader=0), "trick_leader"),
    "spades broken exactly when a spade was played": (
        _view(MID4, 0, spades_broken=not MID4.spades_broken),
        "spades_broken",
    ),
    "the bidding after the 26 draw turns": (_view(BID2, 1, draws=BID2.draws[:-1]), "draws"),
    "the play after the exchanges": (_view(PLAY2, 0, exchanges=()), "exchanges"),
    "the seat's plays from her hand": (
        _view(
            PLAY2,
            0,
            exchanges=_with_exchange(_PLAY2, 1, drawn=(*_MY_DRAWN[:2], _discarded(_PLAY2)[0])),
        ),
        "tricks[0].cards[1]",
    ),
    "the hand kept and drawn": (
        _view(PLAY2, 0, hand=tuple(sorted((*PLAY2.hand(0)[1:], _UNSHOWN[0])))),
        "hand",
    ),
    "no card the seat discarded in a hand that drew none": (
        _view(PLAIN_PLAY2, 0, draws=_replace_discards(_PLAIN2, _her_plays(PLAIN_PLAY2)[:1])),
        "tricks[0].cards[0]" if PLAIN_PLAY2.tricks[0].leader == 1 else "tricks[0].cards[1]",
    ),
    "no more of the seat's discards than the other drew": (
        _view(
            PLAY2,
            0,
            exchanges=_with_exchange(_PLAY2, 0, size=1),
            draws=_replace_discards(_PLAY2, _HERS[:2]),
        ),
        "tricks[0].cards[0]",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_first_problem_names_the_field_at_fault(name: str) -> None:
    """Ref-views: each fact of a reachable view, broken alone, is named by its field."""
    view, field = CASES[name]
    problem = view_problem(view)
    assert problem is not None
    assert problem[0] == field, problem
    with pytest.raises(SpadesError, match=f"no game gives this view: view.{re.escape(field)}:"):
        check_view(view, "here")


def test_a_broken_suicide_pair_is_refused_in_suicides_words() -> None:
    """A first partner's 3, a nil after a nil, a number after a number; a partner's bid
    still missing leaves the first partner's free.

    Rule: rule-suicide.
    """
    words = "under Suicide one partner of a side bids nil and the other 4 or more"
    for name in CASES:
        if name.startswith("under Suicide"):
            problem = view_problem(CASES[name][0])
            assert problem is not None
            assert problem[1] == words
    bidding = apply(new_game(SUICIDE, seed=3), Bid(5))
    assert view_problem(_view(bidding, 2, bids=(None, Bid(3), None, None))) == ("bids[1]", words)
    assert view_problem(_view(bidding, 2)) is None


_SPADE_FIRST = [(1, "2S 3S 4S 5S"), (0, "6C 7C 8C 9C")]
"""Seat 1 leads 2S to the round's first trick, then plays 7C to the second."""
_SPADE_SECOND = [(1, "AC 3C 4C 5C"), (1, "2S 3S 4S 5S"), (0, "6C 7C 8C 9C")]
"""Seat 1 wins the first trick with AC, leads 2S to the second, then plays 7C to the third."""


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
@pytest.mark.parametrize(
    ("tricks", "hand", "refused"),
    [
        (_SPADE_FIRST, "5D 6D 7D 8D 9D TD JD QD KD AD 2H", "tricks[1].cards[1]"),
        (_SPADE_SECOND, "5D 6D 7D 8D 9D TD JD QD KD AD", "tricks[2].cards[1]"),
    ],
    ids=["first-trick", "second-trick"],
)
def test_a_spade_led_shows_a_hand_of_spades_only_where_the_ruleset_forbade_the_lead(
    lead: SpadesLead, tricks: list[tuple[int, str]], hand: str, refused: str
) -> None:
    """Rules: rule-spades-broken, reading-spades-lead.

    Seat 1 leads an unbroken spade, and later a club. Where her ruleset let only a hand of
    spades lead that spade (at the first trick but under ``ANY_TIME``; at the second
    under ``BROKEN`` alone) she held no club: no game gives the view, and the club is
    the fact at fault. Elsewhere the lead shows nothing and the view is a real one's.
    """
    view = _synthetic(tricks, hand, rules=Ruleset(spades_lead=lead), spades_broken=True)
    first = tricks is _SPADE_FIRST
    forbidden = lead is SpadesLead.BROKEN or (first and lead is SpadesLead.AFTER_FIRST_TRICK)
    problem = view_problem(view)
    if forbidden:
        assert problem is not None
        assert problem[0] == refused, problem
    else:
        assert problem is None
        sampled = sample_state(view, rng=random.Random(1))
        assert observe(sampled, 0) == view


_TYPES = observe(LATE4, 1)
_SCORE = OVER4.rounds[-1]
WRONG_TYPES: dict[str, tuple[View, dict[str, Any]]] = {
    "rules": (_TYPES, {"rules": "classic"}),
    "phase": (_TYPES, {"phase": "playing"}),
    "seat": (_TYPES, {"seat": 1.0}),
    "to_move": (_TYPES, {"to_move": True}),
    "hand[0]": (_TYPES, {"hand": ("JS", "KS")}),
    "hand_sizes": (_TYPES, {"hand_sizes": [2, 2, 2, 2]}),
    "hand_sizes[0]": (_TYPES, {"hand_sizes": (2.0, 2, 2, 2)}),
    "bids[0]": (_TYPES, {"bids": ("bid 3", BLIND, Bid(3), Bid(3))}),
    "looked[0]": (_TYPES, {"looked": (0, False, False, False)}),
    "trick[0]": (_TYPES, {"trick": ("2C",)}),
    "tricks[0]": (_TYPES, {"tricks": ((1, LATE4.tricks[0].cards, 3),)}),
    "tricks[0].leader": (_TYPES, {"tricks": (Trick(None, LATE4.tricks[0].cards, 3),)}),  # type: ignore[arg-type]
    "tricks[0].cards[0]": (_TYPES, {"tricks": (Trick(1, ("2D",), 3),)}),  # type: ignore[arg-type]
    "spades_broken": (_TYPES, {"spades_broken": 1}),
    "rounds[0]": (observe(OVER4, 0), {"rounds": (tuple(_SCORE),)}),
    "rounds[0].bids[0]": (observe(OVER4, 0), {"rounds": (_SCORE._replace(bids=("bid 3",) * 4),)}),
    "rounds[0].tricks[0]": (
        observe(OVER4, 0),
        {"rounds": (_SCORE._replace(tricks=(1.0, 4, 4, 4)),)},
    ),
    "rounds[0].sides": (observe(OVER4, 0), {"rounds": (_SCORE._replace(sides=_SCORE.sides[:1]),)}),
    "rounds[0].sides[0]": (observe(OVER4, 0), {"rounds": (_SCORE._replace(sides=(1, 2)),)}),
    "rounds[0].sides[0].points": (
        observe(OVER4, 0),
        {
            "rounds": (
                _SCORE._replace(sides=(_SCORE.sides[0]._replace(points="1"), _SCORE.sides[1])),
            )
        },
    ),
    "outcome": (_TYPES, {"outcome": "over"}),
    "passes[0]": (_TYPES, {"passes": ((1, None),)}),
    "passes[0].seat": (_TYPES, {"passes": (CardPass("1", None),)}),  # type: ignore[arg-type]
    "passes[0].cards[0]": (_TYPES, {"passes": (CardPass(1, ("2C",)),)}),  # type: ignore[arg-type]
    "top_card": (_DRAW2, {"top_card": "2C"}),
    "spades_broken ": (observe(UNSEEN4, 1), {"spades_broken": None}),
    "top_card ": (observe(LATE4, 0), {"top_card": "2C"}),
    "draws[0]": (_DRAW2, {"draws": ((0, None, None),)}),
    "draws[0].seat": (_DRAW2, {"draws": (DrawTurn(None, None, None),)}),  # type: ignore[arg-type]
    "draws[0].kept": (_DRAW2, {"draws": (DrawTurn(0, "2C", None),)}),  # type: ignore[arg-type]
    "exchanges[0]": (_PLAY2, {"exchanges": ((0, 0, None, None),)}),
    "exchanges[0].seat": (_PLAY2, {"exchanges": (CardExchange(None, 0, None, None),)}),  # type: ignore[arg-type]
    "exchanges[0].size": (_PLAY2, {"exchanges": (CardExchange(0, "0", None, None),)}),  # type: ignore[arg-type]
    "exchanges[0].given[0]": (_PLAY2, {"exchanges": (CardExchange(0, 1, ("2C",), ()),)}),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("field", sorted(WRONG_TYPES))
def test_a_field_of_the_wrong_type_is_a_type_error_naming_it(field: str) -> None:
    """A `View` built by hand: `check_view`, and so the sampler, raise `TypeError`."""
    view, changes = WRONG_TYPES[field]
    field = field.strip()  # two cases of a field: a face-down hand, hidden passes before it
    changed = attrs.evolve(view, **changes)
    with pytest.raises(TypeError, match=f"^view\\.{re.escape(field)} is "):
        check_view(changed, "here")
    with pytest.raises(TypeError, match=f"^view\\.{re.escape(field)} is "):
        sample_state(changed, rng=random.Random(0))


def test_the_quick_check_of_the_types_agrees_with_the_one_that_names_the_field() -> None:
    """`_typed` is `_check_types` at C speed: both pass every real view, both refuse each
    wrong type above."""
    for state in (DRAW2, EXCHANGE2, PLAY2, BID2, START4, MID4, OVER4, UNSEEN4, LATE4):
        for seat in range(state.rules.players):
            view = observe(state, seat)
            assert _typed(view)
            _check_types(view)
    for view, changes in WRONG_TYPES.values():
        assert not _typed(attrs.evolve(view, **changes))


def test_check_view_takes_a_view_and_remembers_the_last_it_passed() -> None:
    with pytest.raises(TypeError, match="here takes a View, not State"):
        check_view(MID4, "here")  # type: ignore[arg-type]
    view = observe(MID4, 0)
    check_view(view, "here")
    check_view(view, "here")  # remembered: the same view is not checked again
    assert view_problem(attrs.evolve(view, to_move=None)) is not None


def test_a_keep_rule_is_a_mask_of_cards_for_a_two_player_view() -> None:
    """`sample_state_keeping`: ``keeps`` a card mask (numpy's integers too), a two-player view."""
    view = observe(PLAY2, 0)
    for wrong in (True, 1.0, "1", None):
        with pytest.raises(TypeError, match="keeps is a mask of cards"):
            sample_state_keeping(view, rng=random.Random(0), keeps=wrong)  # type: ignore[arg-type]
    for outside in (-1, 2**54, 10**5000):
        with pytest.raises(SpadesError, match="keeps is a mask of cards, from 0"):
            sample_state_keeping(view, rng=random.Random(0), keeps=outside)
    with pytest.raises(SpadesError, match="a keep rule reads a two-player draw"):
        sample_state_keeping(observe(MID4, 0), rng=random.Random(0), keeps=0)
    import numpy as np

    sampled = sample_state_keeping(view, rng=random.Random(0), keeps=np.int64(7))
    assert observe(sampled, 0) == view


def test_the_reader_checks_the_history_of_the_scores() -> None:
    """Records: the bags and the outcome of a view follow from its completed rounds."""
    view = observe(OVER4, 0)
    outcome = view.outcome
    assert outcome is not None
    for changes, path in (
        ({"bags": (view.bags[0] + 1, view.bags[1])}, "$.bags"),
        ({"outcome": attrs.evolve(outcome, winner=1 - (outcome.winner or 0))}, "$.outcome"),
    ):
        with pytest.raises(InvalidRecordError) as info:
            from_data(to_data(attrs.evolve(view, **changes)), View)
        assert info.value.path == path


def test_the_reader_names_an_exchange_by_its_data() -> None:
    """Records: a problem of the seat's exchange names ``exchanged`` and ``count``."""
    view = observe(PLAY2, 0)
    bad = _with_exchange(view, 1, drawn=(*_MY_DRAWN[:2], _kept(view)[0]))
    with pytest.raises(InvalidRecordError) as info:
        from_data(to_data(attrs.evolve(view, exchanges=bad)), View)
    assert info.value.path == "$.exchanged.drawn"
    fewer = attrs.evolve(view, rules=attrs.evolve(view.rules, blind_nil_exchange=1))
    with pytest.raises(InvalidRecordError) as info:
        from_data(to_data(fewer), View)
    assert info.value.path == "$.exchanges[0].count"


# --- a deal in progress: the OpenSpiel adapter's chance nodes --------------------------------


def _dealing(state: State, seat: int) -> View:
    """``seat``'s view while ``state``'s round is dealt card by card: nobody to move, no card."""
    players = state.rules.players
    return attrs.evolve(
        observe(state, seat),
        to_move=None,
        hand=(),
        hand_sizes=(0,) * players,
        stock_size=0,
        top_card=None,
    )


@pytest.mark.parametrize(
    "rules", [CLASSIC, BLIND_ANYTIME, TWO_HANDED], ids=["classic", "blind", "two"]
)
def test_a_view_of_a_deal_in_progress_is_read_and_encoded_but_not_sampled(rules: Ruleset) -> None:
    from spades.encoding import OBSERVATION_SIZE, action_mask, observation

    later = new_game(rules, seed=4)
    while later.round_number == 1:
        later = apply(later, legal_moves(later)[0])
    for state in (new_game(rules, seed=4), later):
        view = _dealing(state, 1)
        assert is_dealing(view)
        assert form_problem(view) is None
        assert view_problem(view) == ("to_move", "is null exactly when the game is over")
        assert from_data(to_data(view)) == view
        assert not action_mask(view).any()
        assert observation(view).shape == (OBSERVATION_SIZE,)
        with pytest.raises(SpadesError, match=r"view\.to_move: is null exactly"):
            sample_state(view, rng=random.Random(0))


@pytest.mark.parametrize(
    "change",
    [
        {"hand_sizes": (0, 0, 1, 0)},
        {"round_number": 2},
        {"bids": (None, Bid(3), None, None)},
        {"phase": Phase.PLAYING},
        {"hand": None},
    ],
    ids=["a card dealt", "a round too many", "a bid", "play", "hand face down"],
)
def test_a_view_with_nobody_to_move_is_no_deal_in_progress_once_anything_shows(
    change: dict[str, Any],
) -> None:
    view = attrs.evolve(_dealing(new_game(CLASSIC, seed=4), 1), **change)
    assert not is_dealing(view)
    assert form_problem(view) is not None
    with pytest.raises(InvalidRecordError):
        from_data(to_data(view))


# --- Whiz and Mirror: the counts of spades the bids show --------------------------------


def _spades(cards: Any) -> int:
    return sum(card.suit is Suit.SPADES for card in cards)


def _whiz_pass() -> tuple[State, int]:
    """Whiz with a nil pass of 2: a position in the play where the seat bid a number, her
    partner nil, and their passes changed how many spades the seat holds."""
    rules = Ruleset(bidding=Bidding.WHIZ, nil_pass=2)
    for seed in range(2000):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while state.phase is not Phase.PLAYING:
            state = apply(state, rng.choice(legal_moves(state)))
        for seat in range(4):
            bid, mate = state.bids[seat], state.bids[(seat + 2) % 4]
            assert bid is not None
            assert mate is not None
            if bid.n and not mate.n and _spades(state.hand(seat)) not in (0, bid.n):
                return state, seat
    raise AssertionError("no position found")


WHIZ_PASSED, WHIZ_SEAT = _whiz_pass()


def _mirror_void() -> tuple[State, int, int]:
    """Mirror: a position in the play where a seat other than the viewer showed void in
    spades (she did not follow a spade lead); the viewer and that seat."""
    rules = Ruleset(bidding=Bidding.MIRROR)
    for seed in range(2000):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while state.phase is not Phase.GAME_OVER and len(state.tricks) < 8:
            state = apply(state, rng.choice(legal_moves(state)))
        for trick in state.tricks:
            if trick.cards[0].suit is Suit.SPADES:
                for offset, card in enumerate(trick.cards):
                    if card.suit is not Suit.SPADES:
                        return state, (trick.leader + offset + 1) % 4, (trick.leader + offset) % 4
    raise AssertionError("no position found")


MIRROR_VOID, MIRROR_SEAT, VOID_SEAT = _mirror_void()


def test_a_seats_own_bid_is_held_to_her_hand_at_the_bidding() -> None:
    """Her passes undone: the count her bid shows is her hand's when she bid, not now's; a
    bid her hand now would allow, and not then, is refused at her bid.

    Rules: rule-whiz, rule-card-pass.
    """
    view = observe(WHIZ_PASSED, WHIZ_SEAT)
    bid = view.bids[WHIZ_SEAT]
    assert bid is not None
    now = _spades(view.hand or ())
    assert now not in (0, bid.n)
    assert view_problem(view) is None
    bids = list(view.bids)
    bids[WHIZ_SEAT] = Bid(now)
    assert view_problem(attrs.evolve(view, bids=tuple(bids))) == (
        f"bids[{WHIZ_SEAT}]",
        f"seat {WHIZ_SEAT} held {bid.n} spades when she bid: under Whiz her bid is {bid.n} or nil",
    )


def test_a_seats_own_bid_names_one_spade_in_the_singular() -> None:
    """A seat that held one spade is told so, "1 spade".

    Rule: rule-mirror.
    """
    state = next(
        game
        for seed in range(100)
        for game in (new_game(Ruleset(bidding=Bidding.MIRROR), seed=seed),)
        if _spades(game.hand(game.to_move or 0)) == 1
    )
    seat = state.to_move
    assert seat is not None
    view = observe(apply(state, Bid(1)), seat)
    bids = list(view.bids)
    bids[seat] = Bid(2)
    assert view_problem(attrs.evolve(view, bids=tuple(bids))) == (
        f"bids[{seat}]",
        f"seat {seat} held 1 spade when she bid: under Mirror her bid is 1",
    )


def test_bids_no_deal_of_the_unseen_spades_gives_are_refused_at_the_bids() -> None:
    """Under Mirror a seat that showed void in spades shows one more spade than she played,
    another one fewer (still 13 in all): no deal gives it. A bid showing more spades than
    the seat has not seen is refused too.

    Rules: rule-mirror, rule-follow-suit.
    """
    view = observe(MIRROR_VOID, MIRROR_SEAT)
    assert view_problem(view) is None
    words = "no deal of the spades the seat has not seen gives the counts the bids show"
    others = [seat for seat in range(4) if seat not in (MIRROR_SEAT, VOID_SEAT)]
    giver = next(seat for seat in others if view.bids[seat].n)  # type: ignore[union-attr]
    bids = list(view.bids)
    bids[VOID_SEAT] = Bid(bids[VOID_SEAT].n + 1)  # type: ignore[union-attr]
    bids[giver] = Bid(bids[giver].n - 1)  # type: ignore[union-attr]
    assert view_problem(attrs.evolve(view, bids=tuple(bids))) == ("bids", words)
    game = new_game(Ruleset(bidding=Bidding.MIRROR), seed=1)
    start = observe(apply(game, legal_moves(game)[0]), 0)
    mine = _spades(start.hand or ())
    assert view_problem(start) is None
    assert mine
    too_many = attrs.evolve(start, bids=(None, Bid(13 - mine + 1), None, None))
    assert view_problem(too_many) == ("bids", words)


# --- blind numbers (rule-blind-bids) ------------------------------------------------------

_BLIND7 = apply(new_game(BLIND_NUMBERS, seed=1), Bid(7, blind=True))  # seat 1 bid blind 7
_START_NUMBERS = new_game(BLIND_NUMBERS, seed=1)  # seat 1 to bid, face down


def _team_blind() -> State:
    """A team minimum of 13: seats 1 and 2 bid 2 in view, seat 3 blind 11 (what is left)."""
    rules = attrs.evolve(BLIND_NUMBERS, team_minimum=13)
    state = new_game(rules, seed=1)
    for n in (2, 2):
        state = apply(apply(state, Look()), Bid(n))
    return apply(state, Bid(11, blind=True))


_TEAM_BLIND = _team_blind()
BLIND_NUMBER_CASES: dict[str, tuple[View, str, str]] = {
    "short of the deficit": (
        _view(_BLIND7, 1, rules=attrs.evolve(BLIND_NUMBERS, blind_bid_deficit=100)),
        "bids[1]",
        "a blind 7 was not open to this seat this round",
    ),
    "below the minimum": (
        _view(_BLIND7, 1, rules=attrs.evolve(BLIND_NUMBERS, blind_bid_minimum=8)),
        "bids[1]",
        "a blind 7 was not open to this seat this round",
    ),
    "rules without them": (
        _view(_BLIND7, 1, rules=attrs.evolve(BLIND_NUMBERS, blind_bid_minimum=0)),
        "bids[1]",
        "a blind 7 was not open to this seat this round",
    ),
    "below what the team minimum leaves": (
        _view(_TEAM_BLIND, 3, bids=(None, Bid(2), Bid(2), Bid(10, blind=True))),
        "bids[3]",
        "the side's bids add up to less than the team minimum",
    ),
    "a look before a blind number": (
        _view(_BLIND7, 1, looked=(False, True, False, False)),
        "looked[1]",
        "a seat that looked cannot bid blind",
    ),
    "a bid in sight without a look": (
        _view(_BLIND7, 1, bids=(None, Bid(7), None, None)),
        "looked[1]",
        "a seat that may bid blind looks before a bid in sight",
    ),
    "a look with no blind bid open": (
        _view(
            apply(_START_NUMBERS, Look()),
            1,
            rules=attrs.evolve(BLIND_NUMBERS, blind_bid_deficit=100),
        ),
        "looked[1]",
        "only a seat that may bid blind looks at her hand",
    ),
    "a hand in view while a blind number is open": (
        _view(_START_NUMBERS, 1, hand=_START_NUMBERS.hand(1)),
        "hand",
        "is face down (null) exactly while its seat may still bid blind",
    ),
    "a hand face down with none open": (
        _view(_START_NUMBERS, 1, rules=attrs.evolve(BLIND_NUMBERS, blind_bid_deficit=100)),
        "hand",
        "is face down (null) exactly while its seat may still bid blind",
    ),
}


def test_the_blind_number_positions_here_are_real() -> None:
    """Rule: rule-blind-bids."""
    assert _TEAM_BLIND.bids == (None, Bid(2), Bid(2), Bid(11, blind=True))
    for state in (_BLIND7, _START_NUMBERS, _TEAM_BLIND):
        for seat in range(4):
            view = observe(state, seat)
            assert view_problem(view) is None
            face_down = state.bids[seat] is None and bool(blind_numbers(state, seat))
            assert (view.hand is None) is face_down
    assert observe(_START_NUMBERS, 1).hand is None


@pytest.mark.parametrize("name", sorted(BLIND_NUMBER_CASES))
def test_a_blind_number_not_open_to_a_seat_is_refused_at_its_field(name: str) -> None:
    """A blind number only where the rules, the score and a team minimum opened it to her,
    never after a look; her hand face down exactly while one is open.

    Rule: rule-blind-bids.
    """
    view, field, words = BLIND_NUMBER_CASES[name]
    assert view_problem(view) == (field, words)
