"""`spades.encoding`: a view as fixed-size arrays, and one action space for every move.

The tests know the encoding by its contract, the table of actions restated here
(`ACTION_MOVES`) and the slots of the docs page ``docs/rl.md``:

- every legal move of random games, entered as `actions_of` gives it, action by action
  through `advance`, each action allowed by the mask on the way, comes back exactly;
- the moves that the mask reaches, by every sequence of allowed actions, are exactly the
  legal moves: a pass or an exchange by its cards in every order, each other move by one
  action; a seat not to move has no action;
- an action the mask refuses raises `IllegalMoveError` with the reason the engine gives
  for the move it stands for on the real state, and leaves its inputs as they were;
- every observation has one shape and dtype and lies within the bounds;
- states that differ only in cards the seat cannot see encode equally for her, and a
  card she sees, moved, changes her observation;
- the docs' table of the slots is `SLOTS`, and its table of the actions the actions;
- under every deck the mask is exactly the legal moves' actions (the jokers' 84 and 85),
  and the card slots show the jokers at 52 and 53;
- ``import spades`` and ``import spades.adapters`` import no numpy.

Games: the first round of random games, every decision checked, under every preset, random
rulesets of every player count, random solo rulesets (four players each on her own), random
three-player rulesets with blind nil and blind numbers open to all, and rulesets that reach
the blind nil pass and the double nil exchange, each under every deck; half of them end
after that round. Positions: `spades.strategies.states` deep into games, for the scores,
the bags and the refusals.

Rules: ref-views, rule-card-pass, rule-exchange, rule-double-nil, rule-blind-nil.
Rules: reading-card-pass, reading-double-nil-timing.
Rule: rule-suicide.
Rules: rule-whiz, rule-mirror.
Rule: rule-blind-bids.
Rule: rule-decks.
Rule: rule-solo.
Rule: rule-three-players.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections import Counter
from itertools import pairwise
from math import factorial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import oracle
from helpers import (
    BLIND,
    BLIND_ANYTIME,
    OPEN_BLIND_NIL,
    OPEN_DOUBLE_NIL,
    THREE,
    THREE_JJDD,
    C,
    bid_all,
    deck_for,
    finished_game,
    mover_view,
    passing_state,
    plain,
    swapped,
    unseen_state,
)
from oracle import sampling
from spades import (
    CLASSIC,
    DECK,
    JOKERS,
    MINIOKEY,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    Deck,
    Direction,
    DoubleNilTiming,
    Exchange,
    IllegalMoveError,
    Keep,
    Look,
    Pass,
    Phase,
    Play,
    Reason,
    Reject,
    Ruleset,
    SpadesError,
    SpadesLead,
    State,
    Suit,
    View,
    apply,
    check_move,
    legal_moves,
    new_game,
    observe,
    parse_move,
    play_order,
    sample_state,
)
from spades._card_pass import pass_due
from spades.encoding import (
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
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
    OBSERVATION_SIZE,
    REJECT,
    SLOTS,
    action_card,
    action_mask,
    actions_of,
    advance,
    card_action,
    move_text,
    observation,
)
from spades.strategies import rulesets, states

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    import numpy.typing as npt

    from spades import Move

DOCS = Path(__file__).resolve().parent.parent / "docs"
SEEDS = st.integers(0, 2**32 - 1)
# A round checked at every decision costs some 0.1 s to 1 s (the passes and exchanges are
# entered in every order): these tests run a sixth of the profile's examples.
FEW = settings(max_examples=max(5, settings().max_examples // 6))

SOLO = Ruleset(solo=True)
COUNTER = Direction.COUNTERCLOCKWISE


def as_solo(rules: Ruleset) -> Ruleset:
    """A four-player ruleset played solo, what needs a partner left out (rule-solo)."""
    bidding = Bidding.OPEN if rules.bidding is Bidding.SUICIDE else rules.bidding
    return attrs.evolve(
        rules, solo=True, team_minimum=0, nil_pass=0, blind_nil_pass=0, bidding=bidding
    )


SOLO_RULES = rulesets(players=4).map(as_solo)
"""Random solo rulesets: every switch that needs no partner drawn (blind bids, jokers, ...)."""


def blind_open(rules: Ruleset) -> Ruleset:
    """``rules`` with blind nil (where nil is bid) and the blind numbers from 1 up open to
    every player, whatever the scores, where the bidding is open (rule-blind-bids)."""
    if rules.bidding is not Bidding.OPEN:
        return rules
    minimum = rules.blind_bid_minimum or 1
    return attrs.evolve(
        rules,
        blind_nil=rules.nil,
        blind_nil_deficit=None,
        blind_nil_pass=0,
        blind_bid_minimum=minimum,
        blind_bid_deficit=None,
    )


BASE = {2: TWO_HANDED, 3: THREE, 4: CLASSIC}
"""The ruleset each number of players starts from, where a test changes a field."""
THREE_RULES = st.one_of(rulesets(players=3), rulesets(players=3).map(blind_open))
"""Random three-player rulesets, half of them with every blind bid open to all."""
ANY_RULES = st.one_of(
    rulesets(presets_only=True),
    rulesets(players=4),
    rulesets(players=2),
    SOLO_RULES,
    THREE_RULES,
    OPEN_BLIND_NIL,
    OPEN_DOUBLE_NIL,
)
CHOOSING_RULES = st.one_of(OPEN_BLIND_NIL, OPEN_DOUBLE_NIL)
"""Rulesets with a blind nil pass or a double nil exchange open to every player."""
GAME_RULES = (
    st.one_of(ANY_RULES, CHOOSING_RULES)
    .flatmap(lambda rules: st.sampled_from([rules, attrs.evolve(rules, round_cap=1)]))
    .flatmap(lambda rules: st.sampled_from(_under_every_deck(rules)))
)
"""Any ruleset, those with a pass or an exchange often, under any deck (rule-decks); half
of them end the game after one round, so that its end is reached."""


def _under_every_deck(rules: Ruleset) -> list[Ruleset]:
    """``rules`` under each deck, its blind minimum held to that deck's hand.

    Three players hold 17 cards of the standard deck, 18 of a joker deck: a blind minimum
    of 18 comes down to 17 (rule-three-players, rule-blind-bids).
    """
    changed = []
    for deck in Deck:
        hand = attrs.evolve(rules, deck=deck, blind_bid_minimum=0).hand_size
        least = min(rules.blind_bid_minimum, hand)
        changed.append(attrs.evolve(rules, deck=deck, blind_bid_minimum=least))
    return changed


POSITIONS = st.one_of(
    states(rules=ANY_RULES, max_moves=200),
    states(rules=OPEN_BLIND_NIL, max_moves=150, phases={Phase.PASSING}),
    states(rules=OPEN_DOUBLE_NIL, max_moves=200, phases={Phase.EXCHANGING}),
)

FIRST_MOVES: tuple[Move, ...] = (
    *(Play(card) for card in DECK),
    *(Bid(n) for n in range(14)),
    Bid(0, blind=True),
    Look(),
    Keep(),
    Reject(),
)
ACTION_MOVES: dict[int, Move] = {
    **dict(enumerate(FIRST_MOVES)),
    **{70 + n: Bid(n, blind=True) for n in range(1, 14)},
    84: Play(Card.parse("LJ")),
    85: Play(Card.parse("BJ")),
    **{72 + n: Bid(n) for n in range(14, 19)},
    **{77 + n: Bid(n, blind=True) for n in range(14, 19)},
}
"""The move of each action but `END_EXCHANGE` (70), as the docs' table gives them."""
CARD_OF_ACTION: dict[int, Card] = {
    action: move.card for action, move in ACTION_MOVES.items() if isinstance(move, Play)
}
"""The card of each card action, the 52 cards and the two jokers, read from the table."""
ACTION_OF_CARD: dict[Card, int] = {card: action for action, card in CARD_OF_ACTION.items()}


def first_round(rules: Ruleset, seed: int) -> Iterator[State]:
    """Every position of a random game's first round, and the one after it.

    Under an even seed every blind nil (double nil) offered is taken, so that the passes
    and the exchanges come up.
    """
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while True:
        yield state
        if state.is_over or state.round_number > 1:
            return
        moves = legal_moves(state)
        blind = seed % 2 == 0 and BLIND in moves
        state = apply(state, BLIND if blind else rng.choice(moves))


def entered(view: View, actions: Sequence[int]) -> Move:
    """The move ``actions`` enter through `advance`, each checked against the mask first."""
    selected: tuple[Card, ...] = ()
    for number, action in enumerate(actions, 1):
        assert action_mask(view, selected)[action] == 1, (action, selected)
        result = advance(view, selected, action)
        if not isinstance(result, tuple):
            assert number == len(actions), "the move came before its last action"
            return result
        selected = result
    raise AssertionError(f"{actions} leave the selection {selected} unfinished")


def reachable(view: View, selected: tuple[Card, ...] = ()) -> Iterator[Move]:
    """The move at the end of every sequence of actions the mask allows, one per sequence."""
    for action in np.flatnonzero(action_mask(view, selected)):
        result = advance(view, selected, int(action))
        if isinstance(result, tuple):
            assert result[: len(selected)] == selected
            assert len(result) == len(selected) + 1
            yield from reachable(view, result)
        else:
            yield result


def hand(view: View) -> tuple[Card, ...]:
    """The view's hand, which is not face down."""
    assert view.hand is not None
    return view.hand


# --- actions and moves ---------------------------------------------------------------------


@FEW
@given(GAME_RULES, SEEDS)
def test_every_legal_move_comes_back_from_its_actions_through_the_mask(
    rules: Ruleset, seed: int
) -> None:
    """Rules: rule-card-pass, rule-exchange."""
    for state in first_round(rules, seed):
        if state.is_over:
            continue
        view = mover_view(state)
        for move in legal_moves(state):
            actions = actions_of(move, rules)
            assert entered(view, actions) == move
            if isinstance(move, (Pass, Exchange)):
                assert list(actions[: len(move.cards)]) == [
                    ACTION_OF_CARD[card] for card in move.cards
                ]


@FEW
@given(GAME_RULES, SEEDS)
def test_the_mask_reaches_exactly_the_legal_moves_by_every_order_of_their_cards(
    rules: Ruleset, seed: int
) -> None:
    """Rules: rule-card-pass, rule-exchange."""
    for state in first_round(rules, seed):
        for seat in range(rules.players):
            view = observe(state, seat)
            if seat != state.to_move:
                assert not action_mask(view).any()
                continue
            found = Counter(reachable(view))
            assert set(found) == set(legal_moves(state))
            for move, ways in found.items():
                cards = move.cards if isinstance(move, (Pass, Exchange)) else ()
                assert ways == factorial(len(cards)), move


def test_the_actions_are_the_table_of_the_docs() -> None:
    """Rules: ref-notation, rule-blind-bids.
    Rule: rule-decks.
    """
    assert ACTIONS == 96 == len(ACTION_MOVES) + 1
    assert (range(52), range(52, 66)) == (CARD_ACTIONS, BID_ACTIONS)
    assert (range(71, 84), range(84, 86)) == (BLIND_NUMBER_ACTIONS, JOKER_ACTIONS)
    assert (range(86, 91), range(91, 96)) == (HIGH_BID_ACTIONS, HIGH_BLIND_NUMBER_ACTIONS)
    assert (BLIND_NIL, LOOK, KEEP, REJECT, END_EXCHANGE) == (66, 67, 68, 69, 70)
    for action, move in ACTION_MOVES.items():
        if isinstance(move, Play):
            assert move_text(action) == f"{move} / choose {move.card}"
        else:
            assert parse_move(move_text(action)) == move
        assert actions_of(move, THREE_JJDD) == (action,)  # 18 cards a hand: every bid
        if isinstance(move, Bid) and move.n > 13:  # rule-three-players
            for rules in (CLASSIC, TWO_HANDED):
                with pytest.raises(SpadesError, match="has no action under these rules"):
                    actions_of(move, rules)
            continue
        assert actions_of(move, CLASSIC) == (action,)
        assert actions_of(move, TWO_HANDED) == (action,)
    assert move_text(END_EXCHANGE) == "submit the chosen cards"
    rows = table("rl-actions")
    assert [row[0] for row in rows] == [
        "0 to 51",
        "52 to 65",
        "66",
        "67",
        "68",
        "69",
        "70",
        "71 to 83",
        "84, 85",
        "86 to 90",
        "91 to 95",
    ]
    assert [code(row[1]) for row in rows] == [
        ["CARD_ACTIONS"],
        ["BID_ACTIONS"],
        ["BLIND_NIL"],
        ["LOOK"],
        ["KEEP"],
        ["REJECT"],
        ["END_EXCHANGE"],
        ["BLIND_NUMBER_ACTIONS"],
        ["JOKER_ACTIONS"],
        ["HIGH_BID_ACTIONS"],
        ["HIGH_BLIND_NUMBER_ACTIONS"],
    ]


def test_a_pass_or_an_exchange_is_its_cards_then_the_end_unless_it_is_whole() -> None:
    """Rules: rule-card-pass, rule-exchange."""
    three = cards_of("2C 5D AS")
    rules = attrs.evolve(BLIND_ANYTIME, blind_nil_pass=3)
    assert actions_of(Pass(three), rules) == (0, 16, 51)
    assert actions_of(Exchange(three), TWO_HANDED) == (0, 16, 51)
    assert actions_of(Exchange(three[:2]), TWO_HANDED) == (0, 16, END_EXCHANGE)
    assert actions_of(Exchange(()), TWO_HANDED) == (END_EXCHANGE,)
    # A move of no card at all, which the engine never asks for, is the end alone.
    assert actions_of(Pass(()), attrs.evolve(rules, blind_nil_pass=0)) == (END_EXCHANGE,)
    no_exchange = attrs.evolve(TWO_HANDED, blind_nil_exchange=0)
    assert actions_of(Exchange(()), no_exchange) == (END_EXCHANGE,)


def test_a_move_of_no_card_is_entered_by_the_end_action() -> None:
    """Rule: rule-card-pass.

    A pass of no card is `END_EXCHANGE` alone; no game asks for
    one, so a view in the pass under rules that pass no card is refused as impossible
    (it was once masked and entered)."""
    assert actions_of(Pass(()), attrs.evolve(BLIND_ANYTIME, blind_nil_pass=0)) == (END_EXCHANGE,)
    assert actions_of(Exchange(()), TWO_HANDED) == (END_EXCHANGE,)
    view = observe(passing_state(), 1)
    view = attrs.evolve(view, rules=attrs.evolve(view.rules, blind_nil_pass=0))
    with pytest.raises(SpadesError, match=r"no game gives this view: view.phase"):
        action_mask(view)
    with pytest.raises(SpadesError, match=r"no game gives this view: view.phase"):
        advance(view, (), END_EXCHANGE)


def test_moves_without_actions_are_refused() -> None:
    """A bid above the hand size has no action under the rules: 13, or with three players
    17 under the standard deck and 18 under a joker deck.

    Rule: rule-three-players.
    """
    with pytest.raises(SpadesError, match="'bid 14' has no action"):
        actions_of(Bid(14), CLASSIC)
    with pytest.raises(SpadesError, match=r"'bid 18' has no action .*the bids are 0 to 17"):
        actions_of(Bid(18), THREE)
    with pytest.raises(SpadesError, match=r"'bid blind 18' has no action .*0 to 17"):
        actions_of(Bid(18, blind=True), THREE)
    with pytest.raises(SpadesError, match=r"'bid 19' has no action .*the bids are 0 to 18"):
        actions_of(Bid(19), THREE_JJDD)
    assert actions_of(Bid(17), THREE) == (89,)
    with pytest.raises(SpadesError, match="a pass is exactly 2 cards"):
        actions_of(Pass(cards_of("2C")), BLIND_ANYTIME)
    with pytest.raises(SpadesError, match="an exchange is at most 3 cards"):
        actions_of(Exchange(cards_of("2C 3C 4C 5C")), TWO_HANDED)
    with pytest.raises(TypeError, match="not a move"):
        actions_of("bid 3", CLASSIC)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes a Ruleset"):
        actions_of(Bid(3), "classic")  # type: ignore[arg-type]


NIL_AND_BLIND = attrs.evolve(BLIND_ANYTIME, nil_pass=3)
"""Blind nil open to all, passing two cards (the default), and a nil passing three."""


def nil_passing_state() -> State:
    """Seat 1 bid blind nil and seat 2 nil: seat 1 and seat 3 have passed two cards, and
    seat 2 passes three, her side's count."""
    state = apply(new_game(NIL_AND_BLIND, seed=3), BLIND)  # seat 1
    state = apply(apply(state, Look()), Bid(0))  # seat 2
    for _ in range(2):
        state = apply(apply(state, Look()), Bid(3))
    for _ in range(2):  # seat 1 passes two, her partner two back
        state = apply(state, Pass(hand(mover_view(state))[:2]))
    assert pass_due(state) == (2, 3)
    return state


def test_a_pass_takes_its_sides_count_of_cards() -> None:
    """A pass is complete with as many cards as its side passes: two for the blind nil side,
    three for the nil side; a selection of three is a whole move there, of two is not; a
    pass is entered by its cards alone at either size, and at no other.

    Rules: rule-card-pass, reading-card-pass.
    """
    view = observe(nil_passing_state(), 2)
    three = hand(view)[:3]
    assert advance(view, three[:1], three[1].index) == three[:2]
    assert advance(view, three[:2], three[2].index) == Pass(three)
    assert np.flatnonzero(action_mask(view, three[:2])).tolist() == [
        card.index for card in hand(view)[2:]
    ]
    assert entered(view, actions_of(Pass(three), view.rules)) == Pass(three)
    with pytest.raises(IllegalMoveError, match="pass exactly 3 cards") as caught:
        advance(view, three[:2], END_EXCHANGE)
    assert caught.value.reason is Reason.WRONG_PASS_SIZE
    with pytest.raises(SpadesError, match="a whole move already"):
        action_mask(view, three)
    assert actions_of(Pass(three[:2]), NIL_AND_BLIND) == tuple(c.index for c in three[:2])
    with pytest.raises(SpadesError, match="a pass is exactly 2 or 3 cards"):
        actions_of(Pass(three[:1]), NIL_AND_BLIND)
    with pytest.raises(SpadesError, match="a pass is exactly 3 cards"):
        actions_of(Pass(three[:2]), attrs.evolve(NIL_AND_BLIND, blind_nil_pass=0))
    blind = observe(passing_state(), 1)  # the blind nil side passes two
    assert advance(blind, hand(blind)[:1], hand(blind)[1].index) == Pass(hand(blind)[:2])


def test_double_nil_is_offered_at_its_one_chance_under_each_timing() -> None:
    """Two players: the mask offers double nil at her first turn to draw, or under
    `DoubleNilTiming.AFTER_FIRST_CHOICE` at her second; before it the action is refused as
    not yet drawn, after it as already drawn.

    Rules: rule-double-nil, reading-double-nil-timing.
    """
    offered = {BLIND_NIL, KEEP, REJECT}
    for timing in DoubleNilTiming:
        state = new_game(attrs.evolve(TWO_HANDED, double_nil_timing=timing), seed=7)
        for turn in range(3):  # the seat to move's first three turns
            view = mover_view(state)
            allowed = set(np.flatnonzero(action_mask(view)).tolist())
            if turn == timing.choices_before:
                assert allowed == offered, (timing, turn)
                assert advance(view, (), BLIND_NIL) == BLIND
            else:
                assert allowed == offered - {BLIND_NIL}, (timing, turn)
                late = turn > timing.choices_before
                with pytest.raises(IllegalMoveError) as caught:
                    advance(view, (), BLIND_NIL)
                assert caught.value.reason is (
                    Reason.ALREADY_DRAWN if late else Reason.NOT_YET_DRAWN
                )
            state = apply(apply(state, Keep()), Keep())


def test_an_action_is_a_whole_number_of_the_action_space() -> None:
    view = mover_view(new_game(CLASSIC, seed=1))
    assert advance(view, (), np.int64(55)) == Bid(3)
    assert move_text(np.int8(52)) == "bid nil"
    for wrong in (True, np.bool_(True), 3.0, "55", None):
        with pytest.raises(TypeError, match="an action is a whole number from 0 to 95"):
            advance(view, (), wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="an action is a whole number from 0 to 95"):
            action_card(wrong)  # type: ignore[arg-type]
    for outside, text in ((-1, "-1"), (96, "96"), (10**20, "a number of 21 digits")):
        with pytest.raises(SpadesError, match=f"{text} is not an action"):
            advance(view, (), outside)
        for read in (move_text, action_card):
            with pytest.raises(SpadesError, match="the actions are 0 to 95"):
                read(outside)


HUGE = 10**5000
"""Past the 4,300 digits Python writes: formatting it raises a plain `ValueError`."""


def test_huge_numbers_give_the_documented_errors_not_pythons_formatting_error() -> None:
    """An action, a selection or a move that is a number of any size: `SpadesError` for a
    number that is no action, `TypeError` for a number where cards or a move belong; the
    message describes the number, never writes it out."""
    view = mover_view(passing_state())
    for number in (HUGE, -HUGE, 2**64):
        with pytest.raises(SpadesError, match="digits is not an action: the actions are 0"):
            move_text(number)
        with pytest.raises(SpadesError, match="digits is not an action"):
            advance(view, (), number)
        with pytest.raises(TypeError, match="a sequence of cards, not int"):
            action_mask(view, number)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a sequence of cards, not int"):
            advance(view, number, 0)  # type: ignore[arg-type]
        for call in (action_mask, observation):
            with pytest.raises(TypeError, match=r"are cards, not a .*number of"):
                call(view, [number])  # type: ignore[list-item]
        with pytest.raises(TypeError, match=r"number of .* digits is not a move, but int"):
            actions_of(number, CLASSIC)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="takes a Ruleset, not int"):
            actions_of(Bid(3), number)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"reads a View .*, not int"):
            observation(number)  # type: ignore[arg-type]


def test_every_public_function_takes_numpy_integers_and_refuses_bools_and_other_types() -> None:
    view = mover_view(passing_state())
    card = view.hand[0] if view.hand else DECK[0]
    for number in (np.int64(card.index), np.int8(card.index), np.uint16(card.index)):
        assert move_text(number) == f"play {card} / choose {card}"
        assert advance(view, (), number) == (card,)
    for wrong in (True, False, np.bool_(False), 0.0, "0", None, [0], Bid(3)):
        with pytest.raises(TypeError, match="an action is a whole number"):
            move_text(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="an action is a whole number"):
            advance(view, (), wrong)  # type: ignore[arg-type]
    for wrong_view in (None, 3, plain(view), passing_state()):
        for call in (action_mask, observation):
            with pytest.raises(TypeError, match="reads a View"):
                call(wrong_view)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="reads a View"):
            advance(wrong_view, (), 0)  # type: ignore[arg-type]
    for wrong_move in (None, "bid 3", 55, np.int64(55), Card.parse("2C")):
        with pytest.raises(TypeError, match="is not a move"):
            actions_of(wrong_move, CLASSIC)  # type: ignore[arg-type]


def test_a_view_whose_fields_have_the_wrong_types_is_refused_with_type_error() -> None:
    """A `View` built by hand: a field of the wrong type is a `TypeError` naming it."""
    view = mover_view(passing_state())
    wrong = {
        "seat": np.int64(view.seat),
        "hand_sizes": list(view.hand_sizes),
        "bids": (*view.bids[:3], "bid 3"),
        "looked": (*view.looked[:3], 1),
        "trick": ("2C",),
        "scores": (HUGE, 0.5),
        "top_card": "2C",
    }
    for name, value in wrong.items():
        changed = attrs.evolve(view, **{name: value})
        for call in (action_mask, observation):
            with pytest.raises(TypeError, match=rf"view\.{name}(\[\d\])? is "):
                call(changed)


def test_a_view_of_huge_numbers_is_refused_or_encoded_without_formatting_them() -> None:
    """Huge numbers in a view built by hand: a seat or a count out of its range is refused
    (`SpadesError`, the number described); the scores and the bags, which the encoding
    clips, and the round number, which it does not read, are encoded, and the sampler
    refuses the round number as one no game reaches."""
    view = mover_view(passing_state())
    for name, value in (
        ("to_move", HUGE),
        ("dealer", -HUGE),
        ("stock_size", HUGE),
        ("hand_sizes", (HUGE, 13, 13, 13)),
    ):
        changes: dict[str, Any] = {name: value}
        with pytest.raises(SpadesError, match=f"view\\.{name}.*a (negative )?number of"):
            action_mask(attrs.evolve(view, **changes))
    late = attrs.evolve(view, round_number=HUGE)
    assert action_mask(late).sum() == action_mask(view).sum()
    with pytest.raises(SpadesError, match=r"view\.round_number: is 1 after 0 completed rounds"):
        sample_state(late, rng=random.Random(0))
    values = observation(attrs.evolve(view, scores=(HUGE, -HUGE), bags=(HUGE, 0)))
    slot = {slot.name: slot for slot in SLOTS}
    # seat 1's rows are seats 1, 2, 3 and 0: sides 1, 0, 1 and 0
    assert list(values[slot["scores"].start : slot["scores"].stop]) == [-1.0, 1.0, -1.0, 1.0]
    assert list(values[slot["bags"].start : slot["bags"].stop]) == [0.0, 1.0, 0.0, 1.0]


def test_the_cards_selected_are_a_choice_in_progress() -> None:
    """Rule: rule-card-pass."""
    state = passing_state()  # seat 1 passes two cards
    view = observe(state, 1)
    held, other = hand(view)[0], next(card for card in DECK if card not in hand(view))
    for wrong in ("2C", held, 7):
        with pytest.raises(TypeError, match="a sequence of cards"):
            action_mask(view, wrong)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="are cards"):
        observation(view, ["2C"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="reads a View"):
        action_mask(state)  # type: ignore[arg-type]
    problems: dict[str, list[tuple[View, Sequence[Card]]]] = {
        "distinct cards of the hand": [(view, [held, held]), (view, [other])],
        "a whole move already": [(view, hand(view)[:2])],
        "no choice of cards is in progress for seat 3": [(observe(state, 3), [held])],
        "no choice of cards is in progress for seat 1": [
            (observe(apply(unseen_state(), BLIND), 1), [held])
        ],
    }
    for message, cases in problems.items():
        for seen, selected in cases:
            for encode in (action_mask, observation):
                with pytest.raises(SpadesError, match=message):
                    encode(seen, selected)
            with pytest.raises(SpadesError, match=message):
                advance(seen, selected, 0)


@given(POSITIONS, st.data())
def test_a_refused_action_raises_the_engines_reason_and_changes_nothing(
    state: State, data: st.DataObject
) -> None:
    """Rules: ref-reasons, ref-views."""
    if state.is_over:
        view = observe(state, 0)
        refused(view, [], data.draw(st.integers(0, ACTIONS - 1)), state, Reason.GAME_OVER)
        return
    mover = state.to_move
    assert mover is not None
    other = data.draw(
        st.sampled_from([seat for seat in range(state.rules.players) if seat != mover])
    )
    refused(
        observe(state, other),
        [],
        data.draw(st.integers(0, ACTIONS - 1)),
        state,
        Reason.NOT_YOUR_TURN,
    )
    view = observe(state, mover)
    selections: list[list[Card]] = [[]]
    if state.phase in (Phase.PASSING, Phase.EXCHANGING) and most_chosen(view) > 1:
        selections.append([data.draw(st.sampled_from(hand(view)))])
    for selected in selections:
        mask = action_mask(view, selected)
        for action in np.flatnonzero(mask == 0):
            refused(view, selected, int(action), state)


def refused(
    view: View, selected: list[Card], action: int, state: State, reason: Reason | None = None
) -> None:
    """Check that ``action`` is refused with the reason the engine gives (or ``reason``)."""
    before = list(selected)
    with pytest.raises(IllegalMoveError) as caught:
        advance(view, selected, action)
    error = caught.value
    assert selected == before
    assert error.seat == view.seat
    assert str(error).startswith(f"action {action}: ")
    choosing = state.phase in (Phase.PASSING, Phase.EXCHANGING) and view.seat == state.to_move
    card = CARD_OF_ACTION.get(action)
    if choosing and card is not None and (card in selected or card not in hand(view)):
        assert error.reason is Reason.CARD_NOT_IN_HAND
        what = "have already chosen" if card in selected else "do not hold"
        assert str(error).endswith(f"you {what} {card}")
        kind = Pass if state.phase is Phase.PASSING else Exchange
        assert error.move == kind({*selected, card})
        return
    move = nominal(state.phase, selected, action)
    assert error.move == move
    with pytest.raises(IllegalMoveError) as engine:
        check_move(state, move, seat=view.seat)
    assert error.reason is (reason or engine.value.reason)
    assert engine.value.reason is error.reason
    assert str(error) == f"action {action}: {engine.value}"


def nominal(phase: Phase, selected: list[Card], action: int) -> Move:
    """The whole move an action stands for: a card adds to the pass or exchange chosen."""
    kind = Pass if phase is Phase.PASSING else Exchange
    if action == END_EXCHANGE:
        return kind(selected)
    if action in CARD_OF_ACTION and phase in (Phase.PASSING, Phase.EXCHANGING):
        return kind([*selected, CARD_OF_ACTION[action]])
    return ACTION_MOVES[action]


def most_chosen(view: View) -> int:
    """The cards the move in progress takes: the pass due's, or the exchange's most."""
    return pass_due(view)[1] if view.phase is Phase.PASSING else view.rules.blind_nil_exchange


def test_a_card_not_held_or_chosen_twice_is_refused_by_name() -> None:
    """Rules: rule-card-pass, rule-exchange."""
    view = observe(passing_state(), 1)
    held = hand(view)[0]
    other = next(card for card in DECK if card not in hand(view))
    with pytest.raises(IllegalMoveError, match=f"you do not hold {other}$") as caught:
        advance(view, [held], other.index)
    assert caught.value.move == Pass([held, other])
    state = apply(new_game(TWO_HANDED, deck=DECK, seed=7), BLIND)
    while state.phase is Phase.DRAWING:
        state = apply(state, Keep())
    view = observe(state, 0)
    mine = hand(view)[0]
    with pytest.raises(IllegalMoveError, match=f"you have already chosen {mine}$") as caught:
        advance(view, [mine], mine.index)
    assert caught.value.reason is Reason.CARD_NOT_IN_HAND
    assert caught.value.move == Exchange([mine])


def test_a_card_chosen_out_of_turn_is_refused_as_the_pass_or_exchange_it_starts() -> None:
    """A seat that is not choosing cards is told it is not her turn, and the move named is
    the pass or exchange of the card she chose (not a play).

    The property test above draws this case among others; here it is pinned, so that the
    branch does not rest on the examples drawn. Rules: rule-card-pass, rule-exchange,
    ref-reasons.
    """
    passing = passing_state()
    assert passing.to_move == 1
    view = observe(passing, 2)
    card = hand(view)[0]
    with pytest.raises(IllegalMoveError, match=r"it is seat 1's turn$") as caught:
        advance(view, [], card.index)
    assert (caught.value.reason, caught.value.move) == (Reason.NOT_YOUR_TURN, Pass([card]))
    exchanging = apply(new_game(TWO_HANDED, deck=DECK, seed=7), BLIND)
    while exchanging.phase is Phase.DRAWING:
        exchanging = apply(exchanging, Keep())
    assert (exchanging.phase, exchanging.to_move) == (Phase.EXCHANGING, 0)
    view = observe(exchanging, 1)
    card = hand(view)[0]
    with pytest.raises(IllegalMoveError, match=r"it is seat 0's turn$") as caught:
        advance(view, [], card.index)
    assert (caught.value.reason, caught.value.move) == (Reason.NOT_YOUR_TURN, Exchange([card]))


def test_a_refusal_asks_the_view_and_deals_no_hidden_state() -> None:
    """`advance` explains a refusal from the view itself, as
    `check_move` judges a view: a view of the right form that no game gives (a round
    number its rounds do not reach), which the sampler refuses to deal from, still gets
    its reason.

    Rules: ref-reasons, ref-views.
    """
    state = bid_all(new_game(CLASSIC, seed=1))
    view = attrs.evolve(mover_view(state), round_number=5)
    with pytest.raises(SpadesError, match=r"view\.round_number"):
        sample_state(view, rng=random.Random(0))
    spade = next(card for card in hand(view) if card.suit is Suit.SPADES)
    with pytest.raises(IllegalMoveError, match="spades are not broken") as caught:
        advance(view, [], spade.index)
    assert caught.value.reason is Reason.SPADES_NOT_BROKEN
    with pytest.raises(IllegalMoveError, match="it is seat") as caught:
        advance(attrs.evolve(view, seat=(view.seat + 1) % 4, hand=()), [], spade.index)
    assert caught.value.reason is Reason.NOT_YOUR_TURN


# --- the observation -----------------------------------------------------------------------


def slot(values: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
    (found,) = (each for each in SLOTS if each.name == name)
    return values[found.start : found.stop]


def rows(values: npt.NDArray[np.float32], name: str) -> list[list[int]]:
    """The slot ``name`` as four rows, each as the indices of its ones."""
    return [list(np.flatnonzero(row)) for row in slot(values, name).reshape(4, -1)]


def check_bounds(values: npt.NDArray[np.float32]) -> None:
    assert values.shape == (OBSERVATION_SIZE,)
    assert values.dtype == np.float32
    assert (values >= OBSERVATION_LOW).all()
    assert (values <= OBSERVATION_HIGH).all()


@FEW
@given(GAME_RULES, SEEDS)
def test_every_observation_of_a_round_lies_within_the_bounds(rules: Ruleset, seed: int) -> None:
    for state in first_round(rules, seed):
        for seat in range(rules.players):
            check_bounds(observation(observe(state, seat)))


@given(POSITIONS)
def test_observations_deep_into_games_lie_within_the_bounds(state: State) -> None:
    for seat in range(state.rules.players):
        view = observe(state, seat)
        values = observation(view)
        check_bounds(values)
        assert list(np.flatnonzero(slot(values, "hand"))) == [c.index for c in view.hand or ()]


def test_the_bounds_are_0_to_1_but_the_scores_and_cannot_be_changed() -> None:
    assert OBSERVATION_LOW.shape == OBSERVATION_HIGH.shape == (OBSERVATION_SIZE,)
    assert list(slot(OBSERVATION_LOW, "scores")) == [-1, -1, -1, -1]
    assert OBSERVATION_LOW.sum() == -4
    assert (OBSERVATION_HIGH == 1).all()
    with pytest.raises(ValueError, match="read-only"):
        OBSERVATION_LOW[0] = 5


@given(POSITIONS, st.data())
def test_states_the_seat_cannot_tell_apart_encode_equally(
    state: State, data: st.DataObject
) -> None:
    """Rule: ref-views."""
    seat = data.draw(st.integers(0, state.rules.players - 1))
    view = observe(state, seat)
    selected = choice_in_progress(view, data)
    values, mask = observation(view, selected), action_mask(view, selected)
    sampled = observe(sample_state(view, rng=random.Random(data.draw(SEEDS))), seat)
    twins = [sampled]
    # Two cards the seat cannot place, swapped through the whole state: another state,
    # legal too, that she cannot tell from this one.
    pairs = data.draw(st.permutations(hidden_cards(view)))
    for first, second in zip(pairs[::2], pairs[1::2], strict=False):
        twin = swapped(state, first, second, None)
        if twin is not None and twin != state:
            twins.append(observe(twin, seat))
            break
    for twin_view in twins:
        assert np.array_equal(observation(twin_view, selected), values)
        assert np.array_equal(action_mask(twin_view, selected), mask)


def hidden_cards(view: View) -> list[Card]:
    """The cards the seat has never seen, by the tests' reference (`oracle.sampling`)."""
    return sorted(C(oracle.CARD_NAMES[index]) for index in sampling.unseen(plain(view)))


def choice_in_progress(view: View, data: st.DataObject) -> list[Card]:
    """Some cards chosen, when the seat is entering a pass or an exchange of several."""
    if view.phase not in (Phase.PASSING, Phase.EXCHANGING) or view.to_move != view.seat:
        return []
    size = data.draw(st.integers(0, most_chosen(view) - 1))
    return data.draw(st.permutations(hand(view)))[:size]


@given(POSITIONS, st.data())
def test_a_card_the_seat_sees_moved_changes_her_observation(
    state: State, data: st.DataObject
) -> None:
    """Rule: ref-views."""
    seat = data.draw(st.integers(0, state.rules.players - 1))
    view = observe(state, seat)
    hidden = hidden_cards(view)
    assume(view.hand and hidden)
    seen, unseen = data.draw(st.sampled_from(hand(view))), data.draw(st.sampled_from(hidden))
    twin = swapped(state, seen, unseen, None)
    assume(twin is not None)
    assert twin is not None
    assert not np.array_equal(observation(observe(twin, seat)), observation(view))


def test_seats_are_relative_to_the_observer_in_the_direction_of_play() -> None:
    """Rules: rule-seats, rule-direction."""
    state = new_game(CLASSIC, seed=1)  # seat 1 bids first
    state = apply(state, Bid(4))
    for seat, row in ((0, 1), (1, 0), (2, 3), (3, 2)):
        values = observation(observe(state, seat))
        assert rows(values, "bids")[row] == [5]  # bid 4
        assert [list(np.flatnonzero(slot(values, "to_move")))] == [[(row + 1) % 4]]
    state = apply(new_game(MINIOKEY, seed=1), Bid(2))  # seat 3 bids first, then seat 2
    values = observation(observe(state, 0))
    assert rows(values, "bids") == [[0], [3], [0], [0]]  # row 1 is seat 3, the next to play
    assert list(np.flatnonzero(slot(values, "to_move"))) == [2]  # seat 2: her partner


def test_the_trick_the_cards_played_and_the_tricks_taken_are_by_relative_seat() -> None:
    """Rules: rule-play, rule-trick-winner."""
    state = new_game(CLASSIC, deck=DECK)  # seat 1 leads
    for _ in range(4):
        state = apply(state, Bid(3))
    leader = state.to_move
    assert leader == 1
    for _ in range(6):  # one whole trick, and two cards of the next
        state = apply(state, legal_moves(state)[0])
    values = observation(observe(state, 3))
    (done,) = state.tricks
    order = [3, 0, 1, 2]  # seat 3's rows
    played: list[list[int]] = [[], [], [], []]
    for offset, card in enumerate(done.cards):
        played[order.index((1 + offset) % 4)].append(card.index)
    trick: list[list[int]] = [[], [], [], []]
    assert state.trick_leader is not None
    for offset, card in enumerate(state.trick):
        row = order.index((state.trick_leader + offset) % 4)
        played[row].append(card.index)
        trick[row].append(card.index)
    assert rows(values, "played") == [sorted(cards) for cards in played]
    assert rows(values, "trick") == trick
    assert list(np.flatnonzero(slot(values, "trick_leader"))) == [order.index(state.trick_leader)]
    taken = [[0], [0], [0], [0]]
    taken[order.index(done.winner)] = [1]
    assert rows(values, "tricks_taken") == taken
    assert slot(values, "phase")[list(Phase).index(Phase.PLAYING)] == 1


def test_a_face_down_hand_shows_no_card_and_blind_nil_has_its_own_bid() -> None:
    """Rule: rule-blind-nil."""
    view = observe(unseen_state(), 1)
    values = observation(view)
    assert not slot(values, "hand").any()
    assert list(slot(values, "face_down")) == [1]
    assert list(np.flatnonzero(action_mask(view))) == [BLIND_NIL, LOOK]
    state = apply(unseen_state(), BLIND)
    values = observation(observe(state, 1))
    assert rows(values, "bids") == [[20], [0], [0], [0]]
    assert list(slot(values, "face_down")) == [0]
    looked = observation(observe(apply(state, Look()), 3))  # seat 2 looked: row 3 of seat 3
    assert list(slot(looked, "looked")) == [0, 0, 0, 1]


def test_the_pass_shows_its_cards_to_the_side_that_made_it() -> None:
    """Rules: rule-card-pass, ref-views."""
    state = passing_state()
    given_cards = cards_of(" ".join(str(card) for card in state.hand(1)[:2]))
    state = apply(state, Pass(given_cards))
    returned = state.hand(3)[-2:]
    state = apply(state, Pass(returned))
    for seat, passed, received in ((1, given_cards, returned), (3, returned, given_cards)):
        values = observation(observe(state, seat))
        assert list(np.flatnonzero(slot(values, "passed"))) == [c.index for c in passed]
        assert list(np.flatnonzero(slot(values, "received"))) == sorted(c.index for c in received)
    for seat in (0, 2):
        values = observation(observe(state, seat))
        assert not slot(values, "passed").any()
        assert not slot(values, "received").any()


def test_two_players_the_draw_and_the_exchange_show_the_observers_own_cards() -> None:
    """Rules: rule-draw, rule-exchange, rule-two-seats."""
    state = new_game(TWO_HANDED, deck=DECK, seed=7)
    values = observation(observe(state, 0))
    assert list(np.flatnonzero(slot(values, "top_card"))) == [C("2C").index]
    state = apply(state, Keep())  # keeps 2C, discards 3C
    mine, theirs = observation(observe(state, 0)), observation(observe(state, 1))
    assert list(np.flatnonzero(slot(mine, "kept"))) == [C("2C").index]
    assert list(np.flatnonzero(slot(mine, "discarded"))) == [C("3C").index]
    assert not slot(mine, "top_card").any()
    assert list(np.flatnonzero(slot(theirs, "top_card"))) == [C("4C").index]
    assert not slot(theirs, "kept").any()
    assert not slot(theirs, "discarded").any()
    assert slot(theirs, "stock_size")[0] == np.float32(50 / 52)
    for name in ("bids", "tricks_taken", "played"):
        assert not any(rows(theirs, name)[2:])  # no rows 2 and 3 with two players
    state = apply(new_game(TWO_HANDED, deck=DECK, seed=7), BLIND)
    while state.phase is Phase.DRAWING:
        state = apply(state, Keep())
    state = apply(state, parse_move("exchange KD QH JS"))  # draws AS 9H 8S
    mine, theirs = observation(observe(state, 0)), observation(observe(state, 1))
    assert list(np.flatnonzero(slot(mine, "exchange_given"))) == indices("QH KD JS")
    assert list(np.flatnonzero(slot(mine, "exchange_drawn"))) == indices("9H 8S AS")
    assert list(slot(theirs, "other_exchange")) == [1]
    assert not slot(theirs, "exchange_given").any()
    assert list(slot(mine, "other_exchange")) == [0]


def test_the_end_of_the_game_has_no_seat_to_move() -> None:
    """Rules: rule-round-cap, rule-game-end."""
    state = finished_game()  # round_cap=1
    values = observation(observe(state, 0))
    assert not slot(values, "to_move").any()
    assert not action_mask(observe(state, 0)).any()
    assert slot(values, "phase")[list(Phase).index(Phase.GAME_OVER)] == 1
    assert list(slot(values, "rounds")) == [1]
    target = state.rules.target
    ours, theirs = (np.float32(score / target) for score in state.scores)
    assert list(slot(values, "scores")) == [ours, theirs, ours, theirs]  # seats 0, 1, 2, 3


def test_scores_are_over_the_target_clipped_and_bags_over_the_limit() -> None:
    view = observe(new_game(CLASSIC, seed=1), 1)  # side 1 is ours
    view = attrs.evolve(view, scores=(800, -2000), bags=(3, 7))
    values = observation(view)
    # By relative seat, each row her side's: seats 1, 2, 3 and 0, partners alike.
    assert list(slot(values, "scores")) == [-1, 1, -1, 1]
    assert list(slot(values, "bags")) == [np.float32(0.7), np.float32(0.3)] * 2
    assert list(slot(values, "rounds")) == [0]  # no round cap
    two = attrs.evolve(observe(new_game(TWO_HANDED, seed=1), 1), scores=(-50, 250))
    assert list(slot(observation(two), "scores")) == [0.5, -0.1, 0, 0]  # rows 2, 3 stay 0


def test_solo_scores_and_bags_are_each_players_own_by_relative_seat() -> None:
    """Rules: rule-solo, rule-seats, rule-direction."""
    for rules, seats in (
        (SOLO, (2, 3, 0, 1)),
        (attrs.evolve(SOLO, direction=COUNTER), (2, 1, 0, 3)),
    ):
        view = observe(new_game(rules, seed=1), 2)
        view = attrs.evolve(view, scores=(100, -200, 300, 5000), bags=(1, 2, 3, 4))
        values = observation(view)
        target = rules.target
        assert list(slot(values, "scores")) == [
            np.float32(min(1, view.scores[seat] / target)) for seat in seats
        ]
        assert list(slot(values, "bags")) == [np.float32(seat + 1) / 10 for seat in seats]
        assert list(slot(values, "rules.solo")) == [1]
    for rules in (CLASSIC, TWO_HANDED):
        assert list(slot(observation(observe(new_game(rules, seed=1), 0)), "rules.solo")) == [0]


def test_every_field_of_the_ruleset_has_a_slot_and_the_presets_differ() -> None:
    # In the order of the fields, but solo (rule-solo) right after players: both say
    # who plays, and who with whom.
    fields = [field.name for field in attrs.fields(Ruleset) if field.init and field.name != "solo"]
    fields.insert(fields.index("players") + 1, "solo")
    assert [each.name for each in SLOTS if each.name.startswith("rules.")] == [
        f"rules.{name}" for name in fields
    ]
    classic, miniokey, two = (
        observation(observe(new_game(rules, seed=1), 0))
        for rules in (CLASSIC, MINIOKEY, TWO_HANDED)
    )
    assert list(slot(classic, "rules.target")) == [0.5]
    assert list(slot(classic, "rules.losing_floor")) == [0, 0]
    assert list(slot(miniokey, "rules.losing_floor")) == [1, np.float32(0.2)]
    assert list(slot(miniokey, "rules.round_cap")) == [1, np.float32(0.25)]
    assert list(slot(miniokey, "rules.direction")) == [1]
    assert list(slot(two, "rules.players")) == [1, 0, 0]
    assert list(slot(classic, "rules.players")) == [0, 0, 1]
    three = observation(observe(new_game(THREE, seed=1), 0))
    assert list(slot(three, "rules.players")) == [0, 1, 0]  # rule-three-players
    assert list(slot(two, "rules.blind_nil_deficit")) == [0, 0]
    assert list(slot(classic, "rules.blind_nil_deficit")) == [1, np.float32(0.2)]
    huge = Ruleset(target=10**9, bag_limit=10**9, nil_value=10**9, round_cap=10**9)
    values = observation(observe(new_game(huge, seed=1), 0))
    for name in ("rules.target", "rules.bag_limit", "rules.nil_value"):
        assert list(slot(values, name)) == [1]
    assert list(slot(values, "rules.round_cap")) == [1, 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_spades_lead_slot_is_one_hot_in_the_order_of_spades_lead(players: int) -> None:
    """``rules.spades_lead`` shows the reading of the lead of spades, one position for each
    `SpadesLead` in its order, the other slots of the rules unchanged (reading-spades-lead)."""
    base = BASE[players]
    broken = observation(observe(new_game(base, seed=3), 0))  # the default, BROKEN
    for k, lead in enumerate(SpadesLead):
        values = observation(observe(new_game(attrs.evolve(base, spades_lead=lead), seed=3), 0))
        assert list(slot(values, "rules.spades_lead")) == [int(k == n) for n in range(3)]
        changed = np.flatnonzero(values != broken).tolist()
        start = next(each.start for each in SLOTS if each.name == "rules.spades_lead")
        assert set(changed) <= {start, start + k}


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"nil_pass": 3}, {"rules.nil_pass": [0.75]}),
        (
            {"nil_pass": 4, "blind_nil_pass": 4},
            {"rules.nil_pass": [1], "rules.blind_nil_pass": [1]},
        ),
        ({"blind_nil_pass": 1}, {"rules.blind_nil_pass": [0.25]}),
    ],
    ids=["nil pass 3", "both 4", "blind nil pass 1"],
)
def test_the_pass_counts_have_their_slots_over_four(
    changes: dict[str, Any], expected: dict[str, list[float]]
) -> None:
    """``rules.nil_pass`` and ``rules.blind_nil_pass`` read each count over 4, the most a
    side passes, and change nothing else (classic passes two for a blind nil, none for a
    nil). Four players only: two players refuse a nil pass.

    Rule: rule-card-pass.
    """
    before = observation(observe(new_game(CLASSIC, seed=3), 0))
    assert list(slot(before, "rules.nil_pass")) == [0]
    assert list(slot(before, "rules.blind_nil_pass")) == [0.5]
    values = observation(observe(new_game(attrs.evolve(CLASSIC, **changes), seed=3), 0))
    changed = {
        each.name: list(values[each.start : each.stop])
        for each in SLOTS
        if (values[each.start : each.stop] != before[each.start : each.stop]).any()
    }
    assert changed == expected
    with pytest.raises(SpadesError, match="nil_pass must be 0"):
        attrs.evolve(TWO_HANDED, nil_pass=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_double_nil_timing_slot_is_one_hot_in_the_order_of_double_nil_timing(
    players: int,
) -> None:
    """``rules.double_nil_timing`` shows when double nil is declared, one position for each
    `DoubleNilTiming` in its order, the other slots unchanged; three and four players keep
    the default (reading-double-nil-timing, rule-three-players)."""
    base = BASE[players]
    before = observation(observe(new_game(base, seed=3), 0))
    assert list(slot(before, "rules.double_nil_timing")) == [1, 0]
    if players != 2:
        with pytest.raises(SpadesError, match="double_nil_timing"):
            attrs.evolve(base, double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE)
        return
    start = next(each.start for each in SLOTS if each.name == "rules.double_nil_timing")
    for k, timing in enumerate(DoubleNilTiming):
        rules = attrs.evolve(base, double_nil_timing=timing)
        values = observation(observe(new_game(rules, seed=3), 0))
        assert list(slot(values, "rules.double_nil_timing")) == [int(k == n) for n in range(2)]
        assert set(np.flatnonzero(values != before).tolist()) <= {start, start + 1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bidding_slot_is_one_hot_in_the_order_of_bidding(players: int) -> None:
    """``rules.bidding`` shows the bidding mode, one position for each `Bidding` in its
    order (open, Suicide, Whiz, Mirror), the other slots unchanged; two players keep open
    bidding, three bid all but Suicide.

    Rules: rule-suicide, rule-whiz, rule-mirror, rule-three-players.
    """
    base = BASE[players]
    before = observation(observe(new_game(base, seed=3), 0))
    assert list(slot(before, "rules.bidding")) == [1, 0, 0, 0]
    if players == 2:
        with pytest.raises(SpadesError, match="bidding=suicide is for partnerships"):
            attrs.evolve(base, bidding=Bidding.SUICIDE)
        return
    start = next(each.start for each in SLOTS if each.name == "rules.bidding")
    assert [mode.value for mode in Bidding] == ["open", "suicide", "whiz", "mirror"]
    for k, mode in enumerate(Bidding):
        if players == 3 and mode is Bidding.SUICIDE:
            with pytest.raises(SpadesError, match="three players have no partner"):
                attrs.evolve(base, bidding=mode)
            continue
        values = observation(observe(new_game(attrs.evolve(base, bidding=mode), seed=3), 0))
        assert list(slot(values, "rules.bidding")) == [int(k == n) for n in range(4)]
        assert set(np.flatnonzero(values != before).tolist()) <= set(range(start, start + 4))


def test_the_mask_offers_what_suicide_leaves_each_bidder() -> None:
    """Under Suicide the first of two partners to bid may bid nil or 4 to 13 (actions 52
    and 56 to 65), her partner then 4 to 13 after a nil and nil after a number; the other
    bids are refused for the bidding mode, with what Suicide asks of her.

    Rule: rule-suicide.
    """
    state = new_game(Ruleset(bidding=Bidding.SUICIDE), seed=1)
    nil, four = BID_ACTIONS.start, BID_ACTIONS.start + 4
    expected = {
        1: ([nil, *range(four, BID_ACTIONS.stop)], "bid nil or 4 to 13"),
        2: ([nil, *range(four, BID_ACTIONS.stop)], "bid nil or 4 to 13"),
        3: (list(range(four, BID_ACTIONS.stop)), "your partner bid nil: under Suicide you bid 4"),
        0: ([nil], "your partner bid 5: under Suicide you bid nil"),
    }
    for seat, bid in zip((1, 2, 3, 0), (Bid(0), Bid(5), Bid(4), Bid(0)), strict=True):
        view = observe(state, seat)
        allowed, message = expected[seat]
        assert np.flatnonzero(action_mask(view)).tolist() == allowed, seat
        for action in sorted(set(BID_ACTIONS) - set(allowed)):
            with pytest.raises(IllegalMoveError, match=message) as caught:
                advance(view, (), action)
            assert caught.value.reason is Reason.BIDDING_MODE, (seat, action)
        assert advance(view, (), actions_of(bid, view.rules)[0]) == bid
        state = apply(state, bid)
    assert state.phase is Phase.PLAYING


BY_SUIT = {seat: DECK[13 * k : 13 * k + 13] for k, seat in enumerate((1, 2, 3, 0))}
"""A deal by suit: seat 1 the clubs (no spades), 2 the diamonds, 3 the hearts, 0 the
spades (thirteen)."""


@pytest.mark.parametrize("zero", ["nil", "zero contract"])
@pytest.mark.parametrize("mode", [Bidding.WHIZ, Bidding.MIRROR], ids=["whiz", "mirror"])
@pytest.mark.parametrize("deal", ["DECK", "by suit"])
def test_the_mask_offers_what_whiz_and_mirror_leave_each_bidder(
    mode: Bidding, zero: str, deal: str
) -> None:
    """Under Whiz each bidder may bid her number of spades or nil (a zero contract in its
    place), under Mirror her number alone, nil with no spades; the other bids are
    refused for the bidding mode, with her count and what the mode asks of her.

    Rules: rule-whiz, rule-mirror, reading-zero-bid.
    """
    contract = zero == "zero contract"
    rules = Ruleset(bidding=mode, nil=not contract, zero_contract=contract)
    deck = DECK if deal == "DECK" else deck_for(rules, 0, BY_SUIT)
    state = new_game(rules, deck=deck)
    counts = {"DECK": {1: 3, 2: 3, 3: 3, 0: 4}, "by suit": {1: 0, 2: 0, 3: 0, 0: 13}}[deal]
    word = "nil" if zero == "nil" else "0"
    name = mode.name.title()
    for seat in (1, 2, 3, 0):
        count, view = counts[seat], observe(state, seat)
        whiz = mode is Bidding.WHIZ and count
        allowed = [BID_ACTIONS.start, BID_ACTIONS.start + count] if whiz else [52 + count]
        held = "no spades" if not count else f"{count} spades"
        asked = f"{count} or {word}" if whiz else str(count) if count else word
        assert np.flatnonzero(action_mask(view)).tolist() == allowed, seat
        for action in sorted(set(BID_ACTIONS) - set(allowed)):
            with pytest.raises(IllegalMoveError) as caught:
                advance(view, (), action)
            assert caught.value.reason is Reason.BIDDING_MODE, (seat, action)
            assert str(caught.value).endswith(f"you hold {held}: under {name} you bid {asked}")
        bid = Bid(count)
        assert advance(view, (), actions_of(bid, rules)[0]) == bid
        state = apply(state, bid)
    assert state.phase is Phase.PLAYING


SWITCH_SLOTS = {
    "zero contract": ("zero_contract", {"nil": False, "blind_nil": False}, True, [1]),
    "team minimum 4": ("team_minimum", {}, 4, [np.float32(4 / 13)]),
    "team minimum 13": ("team_minimum", {}, 13, [1]),
    "10-for-200": ("ten_for_two_hundred", {}, True, [1]),
}
"""Each switch's field, the other changes it needs, its value and what its slot reads."""


@pytest.mark.parametrize("name", list(SWITCH_SLOTS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_zero_contracts_team_minimums_and_ten_for_two_hundred_have_their_slots(
    name: str, players: int
) -> None:
    """Each switch shows in its own slot (0 by default), and changes nothing but the slots of
    the fields it changes. A team minimum is four players' only.

    Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred, rule-three-players.
    """
    field, needs, value, expected = SWITCH_SLOTS[name]
    changes: dict[str, Any] = {**needs, field: value}
    base = BASE[players]
    if players != 4 and field == "team_minimum":
        with pytest.raises(SpadesError, match=r"so it must be 0|team_minimum must be 0"):
            attrs.evolve(base, **changes)
        return
    before = observation(observe(new_game(base, seed=3), 0))
    values = observation(observe(new_game(attrs.evolve(base, **changes), seed=3), 0))
    assert list(slot(before, f"rules.{field}")) == [0]
    assert list(slot(values, f"rules.{field}")) == expected
    changed = {
        each.name
        for each in SLOTS
        if (values[each.start : each.stop] != before[each.start : each.stop]).any()
    }
    assert changed == {f"rules.{key}" for key in changes if getattr(base, key) != changes[key]}


@pytest.mark.parametrize(
    ("changes", "minimum", "deficit"),
    [
        ({}, [0], [1, 0.2]),
        ({"blind_bid_minimum": 6}, [np.float32(6 / 13)], [1, 0.2]),
        ({"blind_bid_minimum": 13, "blind_bid_deficit": 1000}, [1], [1, 1]),
        ({"blind_bid_minimum": 1, "blind_bid_deficit": None}, [np.float32(1 / 13)], [0, 0]),
    ],
)
def test_the_blind_numbers_have_their_slots(
    changes: dict[str, Any], minimum: list[float], deficit: list[float]
) -> None:
    """``rules.blind_bid_minimum`` reads the minimum / 13 (0: none) and
    ``rules.blind_bid_deficit`` whether there is a deficit and the deficit / 500, at most
    1. Where a seat may bid a number blind, her hand is face down; else nothing but the
    slots of the fields changes.

    Rule: rule-blind-bids.
    """
    rules = attrs.evolve(CLASSIC, **changes)
    before = observation(observe(new_game(CLASSIC, seed=3), 0))
    values = observation(observe(new_game(rules, seed=3), 0))
    assert list(slot(values, "rules.blind_bid_minimum")) == minimum
    assert list(slot(values, "rules.blind_bid_deficit")) == deficit
    down = rules.blind_bid_minimum > 0 and rules.blind_bid_deficit is None
    assert list(slot(values, "face_down")) == [down]
    assert bool(slot(values, "hand").any()) is not down
    changed = {
        each.name
        for each in SLOTS
        if (values[each.start : each.stop] != before[each.start : each.stop]).any()
    }
    fields = {f"rules.{key}" for key in changes if getattr(CLASSIC, key) != changes[key]}
    assert changed == fields | ({"face_down", "hand"} if down else set())


@pytest.mark.parametrize("blind_nil", [False, True], ids=["numbers", "numbers-and-nil"])
def test_the_mask_while_face_down_offers_the_blind_bids_and_look(blind_nil: bool) -> None:
    """While her hand is face down a seat's mask is blind nil (where open), the numbers from
    the minimum to 13 blind, and look; a bid in sight is refused as unseen, a blind number
    below the minimum as not allowed, and after a look a blind number as already seen.
    A blind number is shown in her bids row, after blind nil.

    Rules: rule-blind-bids, rule-blind-nil.
    """
    rules = Ruleset(
        blind_bid_minimum=6, blind_bid_deficit=None, blind_nil=blind_nil, blind_nil_deficit=None
    )
    state = new_game(rules, deck=DECK)
    view = observe(state, 1)
    blind = [BLIND_NUMBER_ACTIONS.start + n - 1 for n in range(6, 14)]
    expected = sorted([*([BLIND_NIL] if blind_nil else []), LOOK, *blind])
    assert np.flatnonzero(action_mask(view)).tolist() == expected
    assert [move_text(action) for action in blind] == [f"bid blind {n}" for n in range(6, 14)]
    for action, reason in (
        (BID_ACTIONS.start + 3, Reason.HAND_NOT_SEEN),
        (BLIND_NUMBER_ACTIONS.start, Reason.BLIND_BID_NOT_ALLOWED),
        (BLIND_NUMBER_ACTIONS.start + 4, Reason.BLIND_BID_NOT_ALLOWED),
    ):
        with pytest.raises(IllegalMoveError) as caught:
            advance(view, (), action)
        assert caught.value.reason is reason, action
    assert advance(view, (), BLIND_NUMBER_ACTIONS.start + 6) == Bid(7, blind=True)
    state = apply(state, Bid(7, blind=True))
    row = rows(observation(observe(state, 3)), "bids")
    assert row[2] == [7 + 20]  # seat 1 is seat 3's partner: her row 2
    looked = observe(apply(state, Look()), 2)
    assert not action_mask(looked)[BLIND_NUMBER_ACTIONS].any()
    with pytest.raises(IllegalMoveError) as caught:
        advance(looked, (), BLIND_NUMBER_ACTIONS.start + 6)
    assert caught.value.reason is Reason.HAND_ALREADY_SEEN


def test_the_mask_offers_a_zero_contract_and_no_bid_below_a_team_minimum() -> None:
    """A bid of zero is action 52 under ``zero_contract`` as nil is under ``nil``, refused
    where neither; under a team minimum of 4, after her partner's 1, a player's mask holds
    the bids from 3 up, and her nil and blind nil are refused for the minimum.

    Rules: reading-zero-bid, rule-team-minimum.
    """
    zero = Ruleset(nil=False, blind_nil=False, zero_contract=True)
    view = observe(new_game(zero, seed=1), 1)
    assert np.flatnonzero(action_mask(view)).tolist() == list(BID_ACTIONS)
    assert advance(view, (), BID_ACTIONS.start) == Bid(0)
    refused = observe(new_game(Ruleset(nil=False), seed=1), 1)
    assert np.flatnonzero(action_mask(refused)).tolist() == list(BID_ACTIONS)[1:]
    with pytest.raises(IllegalMoveError) as caught:
        advance(refused, (), BID_ACTIONS.start)
    assert caught.value.reason is Reason.NIL_NOT_ALLOWED
    minimum = Ruleset(team_minimum=4, blind_nil=True, blind_nil_deficit=None)
    state = apply(apply(new_game(minimum, seed=1), Look()), Bid(1))  # seat 1 bids 1
    state = apply(apply(state, Look()), Bid(5))  # seat 2
    assert state.to_move == 3
    view = observe(state, 3)  # she has not looked, but blind nil would leave 3 missing:
    assert view.hand is not None  # she sees her hand and bids
    assert np.flatnonzero(action_mask(view)).tolist() == list(BID_ACTIONS)[3:]
    for action in (BID_ACTIONS.start, BID_ACTIONS.start + 2, BLIND_NIL):
        with pytest.raises(IllegalMoveError) as caught:
            advance(view, (), action)
        assert caught.value.reason is Reason.BELOW_TEAM_MINIMUM, action
    assert advance(view, (), BID_ACTIONS.start + 3) == Bid(3)


def test_the_selection_in_progress_has_its_slot() -> None:
    view = observe(passing_state(), 1)
    held = hand(view)[3]
    assert list(np.flatnonzero(slot(observation(view, [held]), "selected"))) == [held.index]
    assert not slot(observation(view), "selected").any()


# --- three players (rule-three-players) ----------------------------------------------------

PER_SEAT = ("played", "trick", "trick_leader", "bids", "tricks_taken", "to_move", "looked")
"""The slots of a row for each relative seat, besides the scores and the bags."""


def three_deck(rules: Ruleset, dealer: int, hands: dict[int, Sequence[Card]]) -> list[Card]:
    """The pack that deals ``hands`` (by seat) to three players, a card at a time round the
    seats from the first bidder (rule-three-players, rule-deal)."""
    first = play_order(rules, dealer)[1]
    seats = play_order(rules, first)
    return [hands[seats[k % 3]][k // 3] for k in range(3 * rules.hand_size)]


@pytest.mark.parametrize("direction", list(Direction), ids=lambda way: way.name.lower())
def test_three_players_have_rows_0_to_2_by_relative_seat_and_row_3_empty(
    direction: Direction,
) -> None:
    """With three players row ``k`` is the ``k``-th seat in the order of play from the
    observer, clockwise or counter-clockwise (seat + 1 or seat + 2 modulo 3); row 3 of
    every slot by relative seat stays zero, deep into a round.

    Rules: rule-three-players, rule-seats, rule-direction.
    """
    rules = attrs.evolve(THREE_JJDD, direction=direction)
    rng = random.Random(5)
    state = new_game(rules, seed=5)
    bids: dict[int, Bid] = {}
    while state.phase is not Phase.PLAYING or len(state.tricks) < 6:
        seat, move = state.to_move, rng.choice(legal_moves(state))
        state = apply(state, move)
        if isinstance(move, Bid):
            assert seat is not None
            bids[seat] = move
    state = apply(state, legal_moves(state)[0])  # a card of the seventh trick
    for seat in range(3):
        step = 1 if direction is Direction.CLOCKWISE else 2
        order = [(seat + k * step) % 3 for k in range(3)]
        assert order == list(play_order(rules, seat))
        values = observation(observe(state, seat))
        check_bounds(values)
        for name in PER_SEAT:
            assert not rows(values, name)[3], name
        assert rows(values, "bids")[:3] == [[index(bids[other])] for other in order]
        assert rows(values, "tricks_taken")[:3] == [[state.tricks_taken[o]] for o in order]
        assert state.to_move is not None
        assert rows(values, "to_move")[order.index(state.to_move)] == [0]
        assert sum(map(len, rows(values, "played"))) == 3 * 6 + 1
        for name in ("scores", "bags"):
            assert slot(values, name)[3] == 0


def index(bid: Bid) -> int:
    """A bid's place in its row, as the docs' table gives it: not yet, 0 to 18, blind nil,
    1 to 18 blind."""
    return 20 + bid.n if bid.blind else 1 + bid.n


def test_three_players_scores_and_bags_are_each_players_own_by_relative_seat() -> None:
    """Each of rows 0 to 2 shows that player's own score and bag counter; row 3 nothing.

    Rules: rule-three-players, rule-seats, rule-direction.
    """
    for rules, seats in (
        (THREE, (1, 2, 0)),
        (attrs.evolve(THREE, direction=COUNTER), (1, 0, 2)),
    ):
        view = observe(new_game(rules, seed=1), 1)
        view = attrs.evolve(view, scores=(100, -200, 5000), bags=(1, 2, 3))
        values = observation(view)
        assert list(slot(values, "scores")) == [
            np.float32(min(1, view.scores[seat] / rules.target)) for seat in seats
        ] + [0]
        assert list(slot(values, "bags")) == [np.float32(seat + 1) / 10 for seat in seats] + [0]
        assert list(slot(values, "rules.solo")) == [0]


def test_a_bid_of_17_and_17_tricks_have_their_places() -> None:
    """A hand of the 13 spades, the aces of hearts, diamonds and clubs and the king of hearts
    takes every trick: her bid of 17 is action 89, at 18 in her row of the bids, and her 17
    tricks at 17 in her row of the tricks taken once the game ends with the round.

    Rules: rule-three-players, rule-bidding.
    """
    rules = attrs.evolve(THREE, round_cap=1)
    top = [*(card for card in DECK if card.suit is Suit.SPADES), *cards_of("AH KH AD AC")]
    rest = [card for card in rules.pack.cards if card not in top]
    state = new_game(
        rules, seed=0, deck=three_deck(rules, 0, {0: top, 1: rest[::2], 2: rest[1::2]})
    )
    for seat, bid in ((1, Bid(0)), (2, Bid(1))):
        assert state.to_move == seat
        state = apply(state, bid)
    view = observe(state, 0)
    assert np.flatnonzero(action_mask(view)).tolist() == [*BID_ACTIONS, *HIGH_BID_ACTIONS[:4]]
    assert advance(view, (), 89) == Bid(17)
    state = apply(state, Bid(17))
    while not state.is_over:
        moves = legal_moves(state)
        led = state.trick[0].suit if state.trick else None
        trumps = [
            move for move in moves if isinstance(move, Play) and move.card.suit is Suit.SPADES
        ]
        follows = [move for move in moves if isinstance(move, Play) and move.card.suit is led]
        state = apply(state, follows[0] if follows else trumps[0] if trumps else moves[0])
    assert state.rounds[0].points[0] == 170
    for seat in range(3):
        values = observation(observe(state, seat))
        row = (0 - seat) % 3  # clockwise: seat 0's row in seat's view
        assert rows(values, "bids")[row] == [18]
        assert rows(values, "tricks_taken")[row] == [17]


def test_a_hand_of_18_bids_to_18_and_blind_to_18() -> None:
    """Under a joker deck three players hold 18 cards: face down, the first bidder's mask
    is blind nil, look and the numbers from the minimum (5) to 18 blind (actions 75 to 83,
    then 91 to 95); blind 18 sits at 38 of her row of the bids. After a look the next
    bidder's mask is the bids 0 to 18, 18 being action 90.

    Rules: rule-three-players, rule-blind-bids.
    """
    state = new_game(THREE_JJDD, seed=4)
    first = state.to_move
    assert first is not None
    view = observe(state, first)
    assert view.hand is None
    blind = [
        *range(BLIND_NUMBER_ACTIONS.start + 4, BLIND_NUMBER_ACTIONS.stop),
        *HIGH_BLIND_NUMBER_ACTIONS,
    ]
    assert np.flatnonzero(action_mask(view)).tolist() == [BLIND_NIL, LOOK, *blind]
    assert [move_text(action) for action in blind] == [f"bid blind {n}" for n in range(5, 19)]
    assert advance(view, (), 95) == Bid(18, blind=True)
    state = apply(state, Bid(18, blind=True))
    assert rows(observation(observe(state, first)), "bids")[0] == [38]
    state = apply(state, Look())
    view = observe(state, state.to_move)  # type: ignore[arg-type]
    assert np.flatnonzero(action_mask(view)).tolist() == [*BID_ACTIONS, *HIGH_BID_ACTIONS]
    assert advance(view, (), 90) == Bid(18)
    standard = observe(new_game(THREE, seed=4), 1)
    with pytest.raises(IllegalMoveError, match="from 0 to 17") as caught:
        advance(standard, (), 90)
    assert caught.value.reason is Reason.BID_OUT_OF_RANGE


def test_the_players_slot_and_the_blind_minimum_over_the_hand_size() -> None:
    """``rules.players`` is one-hot for two, three and four players; ``rules.blind_bid_minimum``
    is the minimum over the hand size, so that it reads 1 at its most, 17 or 18 cards too.

    Rules: rule-three-players, rule-blind-bids.
    """
    for rules, players, minimum in (
        (TWO_HANDED, [1, 0, 0], [0]),
        (attrs.evolve(THREE, blind_bid_minimum=17), [0, 1, 0], [1]),
        (THREE_JJDD, [0, 1, 0], [np.float32(5 / 18)]),
        (attrs.evolve(CLASSIC, blind_bid_minimum=13), [0, 0, 1], [1]),
    ):
        values = observation(observe(new_game(rules, seed=2), 0))
        assert list(slot(values, "rules.players")) == players
        assert list(slot(values, "rules.blind_bid_minimum")) == minimum
        check_bounds(values)


# --- decks with jokers ---------------------------------------------------------------------

JOKER_DECKS = (Deck.JOKER_JOKER_ACE, Deck.JOKER_JOKER_DEUCE_DEUCE)
CHOOSING_BY_PLAYERS = {
    4: Ruleset(blind_nil=True, blind_nil_deficit=None, nil_pass=1),
    2: attrs.evolve(TWO_HANDED, blind_nil_deficit=None, blind_nil_exchange=3),
    3: attrs.evolve(THREE_JJDD, deck=Deck.STANDARD),
}
"""A blind nil open to every seat with a pass of two (one for a nil), and double nil
open to both players with an exchange of three: rules whose rounds choose cards. Three
players choose none: blind nil and the blind numbers from 5 open to all."""


def test_a_card_action_is_read_back_as_its_card() -> None:
    """The 52 cards are their index, the little joker 84 and the big one 85, and no other
    action is a card's.

    Rule: rule-decks.
    """
    assert [card_action(card) for card in (*DECK, *JOKERS)] == [*range(52), 84, 85]
    for action in range(ACTIONS):
        assert action_card(np.int16(action)) == CARD_OF_ACTION.get(action)
    for card in (*DECK, *JOKERS):
        assert action_card(card_action(card)) is card
        assert move_text(card_action(card)) == f"play {card} / choose {card}"
    for wrong in ("LJ", 52, None):
        with pytest.raises(TypeError, match="card_action takes a Card"):
            card_action(wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [4, 3, 2])
@pytest.mark.parametrize("deck", list(Deck), ids=lambda deck: deck.value)
def test_under_every_deck_the_mask_is_the_legal_moves_actions(deck: Deck, players: int) -> None:
    """Every decision of random first rounds (every blind nil taken, so that cards are
    passed or exchanged): the mask of the seat to move holds exactly the actions of her
    legal moves, read from the table, and its cards reach exactly the legal passes and
    exchanges; the other seats have none. The cards the pack lacks are never offered, and
    under a joker deck the jokers are played and chosen (three players choose none, and
    are dealt the pack of three: the 2C out of the standard deck, a joker deck whole).

    Rules: rule-decks, rule-three-players.
    """
    rules = attrs.evolve(CHOOSING_BY_PLAYERS[players], deck=deck)
    offered: set[int] = set()
    chosen: set[Card] = set()
    for seed in range(0, 12, 2):
        for state in first_round(rules, seed):
            for seat in range(players):
                view = observe(state, seat)
                mask = set(np.flatnonzero(action_mask(view)).tolist())
                offered |= mask
                if seat != state.to_move:
                    assert not mask
                elif state.phase in (Phase.PASSING, Phase.EXCHANGING):
                    moves = set(reachable(view))
                    assert moves == set(legal_moves(state))
                    chosen.update(
                        card
                        for move in moves
                        if isinstance(move, (Pass, Exchange))
                        for card in move.cards
                    )
                else:
                    expected = {ACTION_MOVES_BY_MOVE[move] for move in legal_moves(state)}
                    assert mask == expected
    dealt = {ACTION_OF_CARD[card] for card in rules.pack.cards}
    assert len(dealt) == {2: 52, 3: 54 if deck.jokers else 51, 4: 52}[players]
    assert offered & set(ACTION_OF_CARD.values()) == dealt
    if players == 3:
        assert not chosen
    else:
        assert set(JOKERS) <= chosen if deck.jokers else not set(JOKERS) & chosen


ACTION_MOVES_BY_MOVE: dict[Move, int] = {move: action for action, move in ACTION_MOVES.items()}


@pytest.mark.parametrize("deck", JOKER_DECKS, ids=lambda deck: deck.value)
def test_the_card_slots_show_the_jokers(deck: Deck) -> None:
    """A joker is position 52 (little) or 53 (big) of a card slot: in its holder's hand,
    and once played in its player's row of the cards played and of the trick.

    Rule: rule-decks.
    """
    state = new_game(Ruleset(deck=deck, spades_lead=SpadesLead.ANY_TIME), deck=deck.cards)
    for _ in range(4):
        state = apply(state, Bid(3))
    holders = {card: seat for seat in range(4) for card in state.hand(seat) if card in JOKERS}
    assert set(holders) == set(JOKERS)
    for joker, seat in holders.items():
        assert 52 + (joker is JOKERS[1]) in np.flatnonzero(slot(mine(state, seat), "hand"))
    while not {Play(joker) for joker in JOKERS} & set(legal_moves(state)):
        state = apply(state, legal_moves(state)[0])
    player = state.to_move
    assert player is not None
    joker = next(card for card in JOKERS if holders[card] == player)
    state = apply(state, Play(joker))
    for seat in range(4):
        row = (player - seat) % 4  # clockwise: her row in seat's view
        values = mine(state, seat)
        assert joker.index in rows(values, "played")[row]
        assert rows(values, "trick")[row] == [joker.index]
        assert not slot(values, "hand")[joker.index]


def mine(state: State, seat: int) -> npt.NDArray[np.float32]:
    return observation(observe(state, seat))


@pytest.mark.parametrize("deck", JOKER_DECKS, ids=lambda deck: deck.value)
def test_two_players_see_a_joker_on_the_stock_and_keep_it(deck: Deck) -> None:
    """The top card, the cards kept and discarded show a joker at 52 or 53.

    Rule: rule-decks.
    """
    big, little = JOKERS[1], JOKERS[0]
    rest = [card for card in deck.cards if card not in JOKERS]
    state = new_game(attrs.evolve(TWO_HANDED, deck=deck), deck=(big, little, *rest))
    drawer = state.to_move
    assert drawer is not None
    assert np.flatnonzero(slot(mine(state, drawer), "top_card")).tolist() == [53]
    state = apply(state, Reject())  # the big joker discarded, the little one kept
    values = mine(state, drawer)
    assert np.flatnonzero(slot(values, "discarded")).tolist() == [53]
    assert np.flatnonzero(slot(values, "kept")).tolist() == [52]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deck_slot_is_one_hot_in_the_order_of_deck(players: int) -> None:
    """``rules.deck`` shows the deck, one position for each `Deck` in its order; no other
    slot of the rules changes.

    Rules: rule-decks, rule-three-players.
    """
    base = BASE[players]
    assert [deck.value for deck in Deck] == [
        "standard",
        "joker_joker_ace",
        "joker_joker_deuce_deuce",
    ]
    before = mine(new_game(base, seed=3), 0)
    for k, deck in enumerate(Deck):
        values = mine(new_game(attrs.evolve(base, deck=deck), seed=3), 0)
        assert list(slot(values, "rules.deck")) == [int(k == n) for n in range(3)]
        for each in SLOTS:
            if each.name.startswith("rules.") and each.name != "rules.deck":
                assert np.array_equal(slot(values, each.name), slot(before, each.name))


# --- the layout and the docs ---------------------------------------------------------------


def table(anchor: str) -> list[list[str]]:
    """The rows (cells stripped, the header and the rule dropped) of the first table under
    ``anchor`` on the docs page ``rl.md``."""
    text = (DOCS / "rl.md").read_text(encoding="utf-8")
    lines = text[text.index(f"({anchor})=\n") :].splitlines()
    first = next(number for number, line in enumerate(lines) if line.startswith("|"))
    found = []
    for line in lines[first + 2 :]:
        if not line.startswith("|"):
            break
        found.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return found


def code(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def test_the_slots_follow_each_other_and_fill_the_observation() -> None:
    assert SLOTS[0].start == 0
    for before, after in pairwise(SLOTS):
        assert after.start == before.stop
    assert SLOTS[-1].stop == OBSERVATION_SIZE == 1224
    assert len({each.name for each in SLOTS}) == len(SLOTS)
    assert all(each.size > 0 and each.meaning for each in SLOTS)


def test_the_docs_table_of_the_observation_is_the_slots() -> None:
    documented = [(code(row[0]), row[1], row[2], row[3]) for row in table("rl-observation")]
    assert documented == [
        ([each.name], str(each.start), str(each.size), each.meaning) for each in SLOTS
    ]


def test_importing_spades_or_its_adapters_does_not_import_numpy() -> None:
    code = (
        "import sys, spades, spades.adapters; print('numpy' in sys.modules); "
        "import spades.encoding; print('numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def cards_of(text: str) -> tuple[Card, ...]:
    return tuple(C(word) for word in text.split())


def indices(text: str) -> list[int]:
    return sorted(card.index for card in cards_of(text))
