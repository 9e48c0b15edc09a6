"""Records of the nil rules of version 3: the card pass after a nil, and double nil's timing.

A state's, a view's or a record's round must be one that legal play reaches, so:

- card passes of up to 4 cards (``nil_pass``, and ``blind_nil_pass`` up to 4) read and
  round trip in states, views and records, a plain nil's side passing as a blind nil's
  does (rule-card-pass, reading-card-pass);
- passes whose seats or sizes do not follow `spades.card_passes` are refused at the
  pass, in a state (replayed through `apply`), a view (`spades.check_view`'s order) and
  a record (its moves replayed);
- a two-player double nil is replayed at its one chance, which
  ``double_nil_timing`` sets (rule-double-nil, reading-double-nil-timing): a state
  holds no moment of the declaration, so it reads under either timing once the chance
  has come, and is refused at the bid before it has; a record holds the moment, and a
  declaration too early or too late for its timing is refused at that move.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from spades import (
    DECK,
    TWO_HANDED,
    Bid,
    DoubleNilTiming,
    InvalidRecordError,
    Keep,
    Pass,
    Phase,
    Ruleset,
    State,
    View,
    apply,
    card_passes,
    legal_moves,
    new_game,
    observe,
    parse_move,
)
from spades.records import GameRecord, dumps, from_data, loads, to_data

Json = Any
"""Plain data as the tests edit it."""

BLIND = Bid(0, blind=True)
BEFORE = DoubleNilTiming.BEFORE_FIRST_CHOICE
AFTER = DoubleNilTiming.AFTER_FIRST_CHOICE
BOTH_PASS = Ruleset(blind_nil=True, blind_nil_deficit=None, nil_pass=4, blind_nil_pass=4)
"""Blind nil open to all, and both kinds of nil passing 4 cards."""


def data_of(value: State | View | GameRecord) -> Json:
    """`to_data` of ``value``, typed loosely for the tests' edits."""
    return to_data(value)


def refused(data: Json, path: str, words: str = "") -> InvalidRecordError:
    """``data`` is refused at ``path``, the message holding ``words``."""
    with pytest.raises(InvalidRecordError) as info:
        from_data(json.loads(json.dumps(data)))
    assert info.value.path == path, str(info.value)
    assert words in info.value.problem
    return info.value


def round_trips(value: State | View | GameRecord) -> None:
    data = data_of(value)
    assert from_data(json.loads(json.dumps(data))) == value


def bid(rules: Ruleset, *moves: str, dealer: int = 0) -> State:
    """A game dealt from `DECK` with ``moves`` made from the first bidder on."""
    state = new_game(rules, deck=DECK, dealer=dealer, seed=0)
    for text in moves:
        state = apply(state, parse_move(text))
    return state


def passed(state: State) -> tuple[State, list[str]]:
    """``state`` after its card passes, each passing her first legal cards, and the moves."""
    made = []
    while state.phase is Phase.PASSING:
        move = legal_moves(state)[0]
        state = apply(state, move)
        made.append(str(move))
    return state, made


# --- card passes of up to four cards --------------------------------------------------------

NIL_SIDE = ("bid nil", "bid 4", "bid 3", "bid 5")
"""Seat 1 bids nil first; nobody bids blind nil."""
BOTH_SIDES = ("look", "bid nil", "bid blind nil", "look", "bid 4", "look", "bid 5")
"""Seat 1 looks and bids nil, seat 2 bids blind nil: seat 1's side passes first."""


@pytest.mark.parametrize(
    ("rules", "moves", "order"),
    [
        (Ruleset(nil_pass=4), NIL_SIDE, ((1, 4), (3, 4))),
        (Ruleset(nil_pass=1), NIL_SIDE, ((1, 1), (3, 1))),
        (BOTH_PASS, BOTH_SIDES, ((1, 4), (3, 4), (2, 4), (0, 4))),
        (attrs.evolve(BOTH_PASS, nil_pass=2), BOTH_SIDES, ((1, 2), (3, 2), (2, 4), (0, 4))),
        (attrs.evolve(BOTH_PASS, nil_pass=0), BOTH_SIDES, ((2, 4), (0, 4))),
        (attrs.evolve(BOTH_PASS, blind_nil_pass=0), BOTH_SIDES, ((1, 4), (3, 4))),
    ],
)
def test_passes_of_up_to_four_cards_round_trip_in_states_views_and_records(
    rules: Ruleset, moves: tuple[str, ...], order: tuple[tuple[int, int], ...]
) -> None:
    """Every position of the passing phase and the play after it reads back.

    Rules: rule-card-pass, reading-card-pass.
    """
    state = bid(rules, *moves)
    assert card_passes(rules, state.bids, first_bidder=1) == order
    after, made = passed(state)
    assert [(entry.seat, len(entry.cards or ())) for entry in after.passes] == list(order)
    record = GameRecord.from_moves(
        rules, [*map(parse_move, moves), *map(parse_move, made)], seed=0, decks=[DECK]
    )
    assert loads(dumps(record)) == record
    assert record.final_state == after
    for position in list(record)[len(moves) :]:
        round_trips(position)
        for seat in range(4):
            round_trips(observe(position, seat))


def test_a_version_3_state_and_view_read_a_pass_of_four_cards_and_no_more() -> None:
    """A list of five cards is refused as a list, before any replay.

    Rule: rule-card-pass.
    """
    state, _ = passed(bid(Ruleset(nil_pass=4), *NIL_SIDE))
    data = data_of(state)
    data["passes"][0]["cards"].append("AS")
    refused(data, "$.passes[0].cards", "expected at most 4 items, not 5")
    data = data_of(observe(state, 1))
    data["passes"][0]["cards"].append("AS")
    refused(data, "$.passes[0].cards", "expected at most 4 items, not 5")


def with_rules(data: Json, **changes: object) -> Json:
    """``data`` (a state, view or record) with ``changes`` made to its ruleset."""
    data = json.loads(json.dumps(data))
    data["rules"].update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"nil_pass": 3}, "pass exactly 3 cards"),
        ({"nil_pass": 0}, "not a legal move here"),
        ({"nil_pass": 0, "blind_nil_pass": 4}, "not a legal move here"),
    ],
)
def test_a_state_whose_passes_the_rules_do_not_ask_for_is_refused_at_the_first(
    changes: dict[str, object], words: str
) -> None:
    """Seat 1's nil side passed 4 cards: under 3 the pass is the wrong size, under none
    (with blind nil passing, or not) there is nothing to pass.

    Rules: rule-card-pass, reading-card-pass.
    """
    state, _ = passed(bid(Ruleset(nil_pass=4), *NIL_SIDE))
    data = data_of(state)
    from_data(data)
    refused(with_rules(data, **changes), "$.passes[0]", words)


def test_a_state_whose_sides_pass_out_of_the_bidding_order_is_refused() -> None:
    """Seat 1 bid nil before seat 2 bid blind nil, so her side passes first; a state whose
    blind nil side passed first is refused at its first pass, the seat not the passer.

    Rules: rule-card-pass, reading-card-pass.
    """
    rules = attrs.evolve(BOTH_PASS, nil_pass=2)
    state, _ = passed(bid(rules, *BOTH_SIDES))
    data = data_of(state)
    first, second = data["passes"][:2], data["passes"][2:]
    data["passes"] = [*second, *first]
    error = refused(data, "$.passes[0]", "not a legal move here")
    assert "seat 2" in error.problem


def test_a_state_whose_side_passes_partner_first_is_refused() -> None:
    """The nil bidder passes first, then her partner: the other way round is refused.
    Each passes cards she was dealt, so the deal is the same either way round.

    Rule: rule-card-pass.
    """
    state = bid(Ruleset(nil_pass=4), *NIL_SIDE)
    dealt = state.hands
    for seat in (1, 3):
        own = [card for card in state.hand(seat) if card in dealt[seat]]
        state = apply(state, Pass(own[:4]))
    assert state.phase is Phase.PLAYING
    data = data_of(state)
    from_data(data)
    data["passes"].reverse()
    refused(data, "$.passes[0]", "by seat 3 is illegal: it is seat 1's turn")


def test_a_view_whose_passes_do_not_follow_the_order_is_refused_at_the_pass() -> None:
    """Its pass seats and sizes are `spades.card_passes`'s, in its order.

    Rules: rule-card-pass, reading-card-pass.
    """
    state, _ = passed(bid(attrs.evolve(BOTH_PASS, nil_pass=2), *BOTH_SIDES))
    data = data_of(observe(state, 1))
    from_data(data)
    data["passes"][0], data["passes"][2] = data["passes"][2], data["passes"][0]
    refused(data, "$.passes[0].seat", "each side's nil bidder passes")
    data = data_of(observe(state, 1))
    refused(with_rules(data, nil_pass=3), "$.passes[0].cards", "pass is 3 cards under these rules")


def test_a_record_passes_as_its_rules_say_or_is_refused_at_the_pass() -> None:
    """A pass of the wrong size, and a pass where the rules ask none, are illegal moves.

    Rules: rule-card-pass, reading-card-pass.
    """
    state = bid(Ruleset(nil_pass=4), *NIL_SIDE)
    _, made = passed(state)
    record = GameRecord.from_moves(
        Ruleset(nil_pass=4), [*map(parse_move, NIL_SIDE + tuple(made))], seed=0, decks=[DECK]
    )
    data = data_of(record)
    loads(json.dumps(data))
    error = refused(with_rules(data, nil_pass=3), "$.rounds[0].moves[4]", "pass exactly 3 cards")
    assert "by seat 1" in error.problem
    refused(with_rules(data, nil_pass=0), "$.rounds[0].moves[4]", "by seat 1 is illegal")
    three = json.loads(json.dumps(data))
    three["rounds"][0]["moves"][4] = " ".join(made[0].split()[:4])  # three of the cards
    refused(three, "$.rounds[0].moves[4]", "pass exactly 4 cards")


# --- double nil at its one chance ------------------------------------------------------------


def two(timing: DoubleNilTiming) -> Ruleset:
    return attrs.evolve(TWO_HANDED, double_nil_timing=timing)


def drawn(rules: Ruleset, *moves: str) -> State:
    """A two-player game from `DECK` (seat 0 deals and draws first) after ``moves``."""
    state = new_game(rules, deck=DECK, seed=7)
    for text in moves:
        state = apply(state, parse_move(text))
    return state


DECLARED_AT_CHANCE = {
    BEFORE: ("keep", "bid blind nil", "keep", "reject", "keep"),
    AFTER: ("keep", "keep", "keep", "bid blind nil", "keep", "reject", "keep"),
}
"""Seat 1 declares at her chance under each timing, and the draw goes on."""


@pytest.mark.parametrize("timing", DoubleNilTiming, ids=lambda timing: timing.value)
def test_a_double_nil_at_its_chance_round_trips(timing: DoubleNilTiming) -> None:
    """Every position from the deal through the draw, the declaration and the rest of the
    round reads back, as a state, each seat's view and a record.

    Rules: rule-double-nil, reading-double-nil-timing.
    """
    rules = two(timing)
    moves = [parse_move(text) for text in DECLARED_AT_CHANCE[timing]]
    state = drawn(rules, *DECLARED_AT_CHANCE[timing])
    while state.phase is not Phase.PLAYING:
        move = legal_moves(state)[-1]
        state = apply(state, move)
        moves.append(move)
    record = GameRecord.from_moves(rules, moves, seed=7, decks=[DECK])
    assert record.final_state == state
    assert state.bids[1] == BLIND
    round_trips(record)
    for position in record:
        round_trips(position)
        round_trips(observe(position, 0))
        round_trips(observe(position, 1))


DECLARATIONS = [
    (BEFORE, 0, 0, None),
    (BEFORE, 0, 2, "declared before your first draw choice"),
    (BEFORE, 1, 1, None),
    (BEFORE, 1, 3, "declared before your first draw choice"),
    (AFTER, 0, 0, "declared after your first draw choice"),
    (AFTER, 0, 2, None),
    (AFTER, 0, 4, "declared right after your first draw choice"),
    (AFTER, 1, 1, "declared after your first draw choice"),
    (AFTER, 1, 3, None),
    (AFTER, 1, 5, "declared right after your first draw choice"),
]
"""Under each timing, a seat declaring after so many draw choices of both seats (seat 0
draws first): at her chance (``None``), or too early or too late, with the reason."""


@pytest.mark.parametrize(
    ("timing", "seat", "choices", "words"),
    DECLARATIONS,
    ids=[f"{timing.value}-seat {seat}-{choices}" for timing, seat, choices, _ in DECLARATIONS],
)
def test_a_record_s_declaration_too_early_or_too_late_is_refused_at_it(
    timing: DoubleNilTiming, seat: int, choices: int, words: str | None
) -> None:
    """Seat 0's chance is her first turn to draw ("before") or her second ("after"), seat
    1's likewise after seat 0's choice; a declaration at any other turn is refused at its
    move, with the reason.

    Rules: rule-double-nil, reading-double-nil-timing.
    """
    rules = two(timing)
    record = GameRecord.from_moves(rules, [Keep()] * choices, seed=7, decks=[DECK])
    assert record.final_state.to_move == seat
    data = data_of(record)
    data["rounds"][0]["moves"] += ["bid blind nil", "keep"]
    if words is None:
        assert loads(json.dumps(data)).final_state.bids[seat] == BLIND
        return
    refused(
        data,
        f"$.rounds[0].moves[{choices}]",
        f"'bid blind nil' by seat {seat} is illegal: blind nil (double nil) is {words}",
    )


@pytest.mark.parametrize("timing", DoubleNilTiming, ids=lambda timing: timing.value)
def test_a_state_holds_no_moment_of_the_declaration_once_its_chance_has_come(
    timing: DoubleNilTiming,
) -> None:
    """A state shows that a seat declared, not when: it is replayed at her chance, so the
    state of a declaration under one timing reads under the other too, once the seat has
    made the draw choices the other asks before it.

    Rules: rule-double-nil, reading-double-nil-timing.
    """
    state = drawn(two(timing), *DECLARED_AT_CHANCE[timing])
    data = data_of(state)
    other = AFTER if timing is BEFORE else BEFORE
    read = from_data(with_rules(data, double_nil_timing=other.value))
    assert isinstance(read, State)
    assert read.bids == state.bids
    assert read.draws == state.draws
    assert read.rules.double_nil_timing is other


def test_a_state_declared_before_its_chance_is_refused_at_the_bid() -> None:
    """Seat 0 declared at her first turn, as "before" asks: under "after" her chance has
    not come, and the state is refused at her bid; so is the view of it.

    Rules: rule-double-nil, reading-double-nil-timing.
    """
    state = drawn(two(BEFORE), "bid blind nil")
    assert state.to_move == 0
    data = data_of(state)
    from_data(data)
    refused(
        with_rules(data, double_nil_timing="after_first_choice"),
        "$.bids[0]",
        "declared after your first draw choice",
    )
    view = data_of(observe(state, 0))
    from_data(view)
    refused(
        with_rules(view, double_nil_timing="after_first_choice"),
        "$.bids[0]",
        "double nil is declared after the seat's first draw choice",
    )


@pytest.mark.parametrize("timing", DoubleNilTiming, ids=lambda timing: timing.value)
def test_a_state_declared_by_the_seat_not_to_draw_is_refused_at_the_bid(
    timing: DoubleNilTiming,
) -> None:
    """At the deal seat 0 is to draw: seat 1 has had no chance under either timing.

    Rules: rule-double-nil, reading-double-nil-timing.
    """
    data = data_of(drawn(two(timing)))
    data["bids"][1] = "bid blind nil"
    refused(data, "$.bids[1]", "not a legal move here")
