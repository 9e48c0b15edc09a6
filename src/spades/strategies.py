"""Hypothesis strategies for testing code built on `spades`.

This module needs `hypothesis <https://hypothesis.readthedocs.io/>`_, an optional extra
(``pip install "spades[strategies]"``); ``import spades`` alone never imports it.

Every strategy returns a `hypothesis.strategies.SearchStrategy` and takes its options as
keyword arguments: `cards` and `decks`, `rulesets`, `states` (positions reached by legal
play from a new game), and `moves` and `illegal_moves` for a given state. Drawing a
position and then a move for it looks like this in a test::

    from hypothesis import given, strategies as st
    from spades import CLASSIC, apply
    from spades.strategies import moves, states

    @given(st.data())
    def test_a_legal_move_changes_the_state(data):
        state = data.draw(states(rules=CLASSIC, max_moves=60))
        if not state.is_over:
            assert apply(state, data.draw(moves(state))) != state

The same in a quick run:

>>> from hypothesis import given, settings
>>> from spades import CLASSIC, legal_moves
>>> @settings(max_examples=5, derandomize=True, database=None)
... @given(states(rules=CLASSIC, max_moves=8))
... def check(state):
...     assert state.round_number == 1 and len(legal_moves(state)) > 0
>>> check()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from spades import apply, legal_moves
from spades._cards import ALL_CARDS, Card
from spades._deal import new_game
from spades._decks import Deck
from spades._errors import shown
from spades._moves import Bid, Exchange, Keep, Look, Move, Pass, Play, Reject
from spades._rules import (
    PRESETS,
    BagOverflow,
    Bidding,
    Direction,
    DoubleNilTiming,
    NilTricks,
    Ruleset,
    SpadesLead,
)
from spades._state import Phase, State

if TYPE_CHECKING:
    from collections.abc import Collection

    from hypothesis.strategies import SearchStrategy

__all__ = ["cards", "decks", "illegal_moves", "moves", "rulesets", "states"]


def cards(*, deck: Deck | None = Deck.STANDARD) -> SearchStrategy[Card]:
    """Any of the 52 cards of ``deck``, by default the standard deck's.

    With ``None``, any of the 54 cards, the jokers among them (rule-decks).
    """
    return st.sampled_from(ALL_CARDS if deck is None else deck.cards)


def decks(*, deck: Deck = Deck.STANDARD, players: int = 4) -> SearchStrategy[tuple[Card, ...]]:
    """A deck: the cards of ``deck`` in any order, as `new_game` and `deal` take it.

    ``deck`` is a `Deck`, the standard one by default: rules of a joker deck are dealt its
    own cards (rule-decks). With ``players=3`` they are the cards three players are dealt,
    `Deck.for_players` (rule-three-players): 51 or 54.
    """
    if players not in {2, 3, 4}:
        raise InvalidArgument(f"players must be 2, 3 or 4, not {shown(players)}")
    return st.permutations(deck.for_players(players).cards).map(tuple)


def rulesets(*, presets_only: bool = False, players: int | None = None) -> SearchStrategy[Ruleset]:
    """A valid `Ruleset`, every field drawn; with ``presets_only``, one of the `PRESETS`.

    ``players`` (2, 3 or 4) keeps to rulesets for that many players; by default each
    comes, four players half the time.
    Blind nil is drawn only when nil is on, and a zero contract only when it is off, as
    `Ruleset` requires; the switches that belong to the other number of players keep the
    values `Ruleset` requires of them. Four players sometimes bid as Suicide (with nil),
    Whiz or Mirror (with nil or a zero contract) ask, then without blind nil or a team
    minimum. Three and four players bidding openly sometimes bid numbers blind. Every
    `Deck` comes, the standard one about half the time (rule-decks).

    About one four-player ruleset in four is ``solo``, each player on her own (rule-solo),
    and then has nothing that needs a partner, as `Ruleset` requires: no team minimum, no
    nil pass, no Suicide, and no blind nil pass when blind nil is on (with blind nil off
    its size is drawn all the same, as it is idle). Three players have nothing that needs a
    partner either, and bid Whiz and Mirror as four do (rule-three-players).

    Numbers are drawn from ranges that keep games playable: values and penalties up to
    500, bag limits up to 20, targets up to 1000, losing floors down to -1000, round caps
    up to 30, blind nil and blind number deficits up to 500, team minimums up to 13 and
    blind number minimums up to the cards of a hand (often none); optional fields are often
    ``None``.
    """
    if players not in {None, 2, 3, 4}:
        raise InvalidArgument(f"players must be 2, 3, 4 or None, not {shown(players)}")
    counts = (2, 4, 4, 3) if players is None else (players,)
    if presets_only:
        chosen = [rules for rules in PRESETS.values() if rules.players in counts]
        if not chosen:
            raise InvalidArgument(f"no preset is for {players} players: drop presets_only")
        return st.sampled_from(chosen)
    return st.sampled_from(counts).flatmap(_rulesets)


@st.composite
def _rulesets(draw: st.DrawFn, players: int) -> Ruleset:
    nil = draw(st.booleans())
    dealt = players != 2  # three and four players are dealt their cards
    solo = players == 4 and draw(st.sampled_from(_SOLO))
    partners = players == 4 and not solo  # a team minimum, a nil pass and Suicide need them
    zero_contract = not nil and draw(st.booleans())
    bidding = Bidding.OPEN
    if dealt and (nil or zero_contract):  # Suicide needs nil and partners, Whiz and Mirror a 0
        bidding = draw(st.sampled_from((Bidding.OPEN,) * 5 + _MODES[(not partners) or not nil :]))
    moded = bidding is not Bidding.OPEN  # every mode refuses blind nil and a minimum
    ten_for_two_hundred = draw(st.booleans())
    blind_numbers = dealt and not moded  # rule-blind-bids
    blind_nil = nil and not moded and draw(st.booleans())
    deck = draw(st.sampled_from((Deck.STANDARD, Deck.STANDARD, *Deck)))
    hand = len(deck.for_players(players).cards) // players if players == 3 else 13
    return Ruleset(
        players=players,
        deck=deck,
        solo=solo,
        direction=draw(st.sampled_from(Direction)) if dealt else Direction.CLOCKWISE,
        nil=nil,
        zero_contract=zero_contract,
        nil_value=draw(st.integers(0, 500)),
        nil_tricks=draw(st.sampled_from(NilTricks)) if dealt else NilTricks.BAGS,
        blind_nil=blind_nil,
        blind_nil_value=draw(st.integers(0, 500)),
        blind_nil_deficit=draw(st.none() | st.integers(0, 500)),
        nil_pass=draw(st.just(0) | st.integers(1, 4)) if partners and nil else 0,
        blind_nil_pass=draw(st.integers(0, 4)) if partners or (dealt and not blind_nil) else 0,
        blind_nil_exchange=0 if dealt else draw(st.integers(0, 3)),
        double_nil_timing=(
            DoubleNilTiming.BEFORE_FIRST_CHOICE if dealt else draw(st.sampled_from(DoubleNilTiming))
        ),
        team_minimum=draw(st.just(0) | st.integers(1, 13)) if partners and not moded else 0,
        bidding=bidding,
        blind_bid_minimum=draw(st.just(0) | st.integers(1, hand)) if blind_numbers else 0,
        blind_bid_deficit=draw(st.none() | st.integers(0, 500)),
        spades_lead=draw(st.sampled_from(SpadesLead)),
        bag_limit=draw(st.integers(1, 20)),
        bag_penalty=draw(st.integers(0, 500)),
        bag_overflow=draw(st.sampled_from(BagOverflow)),
        ten_for_two_hundred=ten_for_two_hundred,
        target=draw(st.integers(1, 1000)),
        losing_floor=draw(st.none() | st.integers(-1000, -1)),
        round_cap=draw(st.none() | st.integers(1, 30)),
    )


_MODES: Final = (Bidding.SUICIDE, Bidding.WHIZ, Bidding.MIRROR)
"""The bidding modes other than open: Suicide first, as it alone needs nil (and partners)."""
_SOLO: Final = (False, False, False, True)
"""Whether four play solo: one time in four (rule-solo); partnerships first, to shrink to."""


def states(
    *,
    rules: Ruleset | SearchStrategy[Ruleset] | None = None,
    max_moves: int = 200,
    phases: Collection[Phase] | None = None,
) -> SearchStrategy[State]:
    """A state reached by legal play: a new game, then up to ``max_moves`` legal moves.

    The game starts from a drawn seed, dealer and (sometimes) order of the ruleset's
    deck (`decks`), under ``rules``: that
    ruleset, a ruleset drawn from that strategy, or by default one from `rulesets`. Each
    move is drawn from the state's `legal_moves`, bids uniformly, so games under the usual
    targets rarely end within a few hundred moves. With ``phases`` the state is in one of
    them: the walk goes on past its drawn length until it reaches one, and draws that never
    do are rejected, so ask for `Phase.PASSING` or `Phase.GAME_OVER` only under rules and
    a ``max_moves`` that make them reachable.
    """
    if max_moves < 0:
        raise InvalidArgument(f"max_moves must be at least 0, not {shown(max_moves)}")
    wanted = frozenset(Phase if phases is None else phases)
    if not wanted:
        raise InvalidArgument("phases must name at least one phase, or be None for any")
    if rules is None:
        rules = rulesets()
    elif isinstance(rules, Ruleset):
        rules = st.just(rules)
    return _walks(rules, max_moves, wanted)


@st.composite
def _walks(
    draw: st.DrawFn, rules: SearchStrategy[Ruleset], max_moves: int, wanted: frozenset[Phase]
) -> State:
    ruleset = draw(rules)
    state = new_game(
        ruleset,
        seed=draw(st.integers(0, 2**64 - 1)),
        dealer=draw(st.integers(0, ruleset.players - 1)),
        deck=draw(st.none() | decks(deck=ruleset.deck, players=ruleset.players)),
    )
    length = draw(st.integers(0, max_moves))
    for done in range(max_moves):
        if state.is_over or (done >= length and state.phase in wanted):
            break
        legal = legal_moves(state)  # drawn by index: twice as fast as `moves(state)`
        state = apply(state, legal[draw(st.integers(0, len(legal) - 1))])
    assume(state.phase in wanted)
    return state


def moves(state: State) -> SearchStrategy[Move]:
    """One of the legal moves in ``state`` (any of `legal_moves`, uniformly).

    Raises `hypothesis.errors.InvalidArgument` for a finished game, which has none.
    """
    legal = legal_moves(state)
    if not legal:
        raise InvalidArgument("a finished game has no legal moves")
    return st.sampled_from(legal)


_WORDS: Final[tuple[Bid | Look | Keep | Reject, ...]] = (
    *(Bid(n) for n in range(-1, 20)),
    *(Bid(n, blind=True) for n in range(-1, 20)),
    Look(),
    Keep(),
    Reject(),
)


def illegal_moves(state: State) -> SearchStrategy[Move]:
    """A well-formed move that is not legal in ``state``.

    One of five kinds, about equally often: a bid from -1 to 19, in sight or blind, `Look`,
    `Keep` or `Reject`; a `Play` of one of the mover's own cards (following suit and
    leading spades are tried here); a `Play` of any other card, of the 54 (the jokers, and
    the deuces a joker deck lacks, among them: rule-decks); a `Pass` of one to five
    cards, often her own; or an `Exchange` of none to four cards, often her own.
    """
    legal = frozenset(legal_moves(state))
    own = state.hand(state.to_move) if state.to_move is not None else ()
    card = st.sampled_from(own) | cards(deck=None) if own else cards(deck=None)
    passes = st.lists(card, min_size=1, max_size=5, unique=True).map(Pass)
    exchanges = st.lists(card, max_size=4, unique=True).map(Exchange)
    return st.one_of(
        st.sampled_from([move for move in _WORDS if move not in legal]),
        _any_of([Play(card) for card in own if Play(card) not in legal]),
        st.sampled_from([Play(card) for card in ALL_CARDS if card not in own]),
        passes.filter(lambda move: move not in legal),
        exchanges.filter(lambda move: move not in legal),
    )


def _any_of(options: list[Play]) -> SearchStrategy[Play]:
    """One of ``options``; nothing when there are none (then `one_of` skips it)."""
    return st.sampled_from(options) if options else st.nothing()
