"""Player views: `spades.observe` and `spades.View`, what one seat may know and nothing else.

The rule is on the reference page, section ``ref-views``. The tests below recompute, from the
state and independently of `spades._view`, the cards each seat is entitled to see (its
own hand unless face down, the tricks, its side's blind nil passes, its own draws, the top
card of the stock while it draws, its own exchange) and check that:

- a view shows exactly those cards;
- relabelling any of the other cards, consistently through the whole state, and changing
  the seed, leaves every view of that seat unchanged, and so do the legal moves and the
  error a move by that seat raises;
- relabelling a card the seat sees changes its view;
- ``View.legal_moves`` is `spades.legal_moves` for the seat to move, and empty otherwise;
- an `IllegalMoveError` names no card the player cannot see.

Positions come from `spades.strategies.states` under every preset, random rulesets of
both player counts, and rulesets that reach the blind nil pass, the double nil exchange,
the face-down bidding and the end of the game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import oracle
from helpers import (
    BLIND,
    BLIND_ANYTIME,
    SUICIDE_RULES,
    C,
    blind_nil_rulesets,
    expected_moves,
    finished_game,
    first_leads,
    passing_state,
    passing_states,
    second_lead,
)
from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    TWO_HANDED,
    Bid,
    Card,
    CardExchange,
    CardPass,
    DrawTurn,
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
    View,
    apply,
    cards_in,
    check_move,
    is_legal,
    legal_moves,
    new_game,
    observe,
    parse_move,
)
from spades._state import SHIFT
from spades._view_check import view_problem
from spades.strategies import illegal_moves, rulesets, states

SPADES = 3
"""The reference's number for spades (`oracle.suit`)."""

if TYPE_CHECKING:
    from spades import Move

ALL_CARDS = [Card.parse(name) for name in oracle.CARD_NAMES]
"""The 54 cards, by number: the standard deck's 52 and the two jokers (rule-decks)."""

# --- positions ---------------------------------------------------------------------------

OPEN_BLIND_NIL = blind_nil_rulesets().map(lambda rules: attrs.evolve(rules, blind_nil_deficit=None))
"""Four players, blind nil open to every seat that has not looked (but to a second bidder a
team minimum leaves short), any pass size."""
PASSING_RULES = OPEN_BLIND_NIL.map(
    lambda rules: attrs.evolve(rules, blind_nil_pass=max(rules.blind_nil_pass, 1))
)
OPEN_DOUBLE_NIL = rulesets(players=2).map(
    lambda rules: attrs.evolve(
        rules, nil=True, zero_contract=False, blind_nil=True, blind_nil_deficit=None
    )
)
"""Two players, double nil open to both at their first draw turn, any exchange size."""
EXCHANGE_RULES = OPEN_DOUBLE_NIL.map(
    lambda rules: attrs.evolve(rules, blind_nil_exchange=max(rules.blind_nil_exchange, 1))
)
ANY_RULES = st.one_of(
    rulesets(presets_only=True),
    rulesets(players=4),
    rulesets(players=2),
    OPEN_BLIND_NIL,
    OPEN_DOUBLE_NIL,
)
ONE_ROUND = ANY_RULES.map(lambda rules: attrs.evolve(rules, round_cap=1))

POSITIONS = st.one_of(
    states(rules=ANY_RULES, max_moves=200),
    states(rules=OPEN_BLIND_NIL, max_moves=8, phases={Phase.BIDDING}),
    states(rules=rulesets(players=4), max_moves=6, phases={Phase.BIDDING}),
    states(rules=SUICIDE_RULES, max_moves=4, phases={Phase.BIDDING}),
    states(rules=PASSING_RULES, max_moves=150, phases={Phase.PASSING}),
    passing_states(),
    states(rules=EXCHANGE_RULES, max_moves=200, phases={Phase.EXCHANGING}),
    states(rules=ONE_ROUND, max_moves=120, phases={Phase.GAME_OVER}),
)
"""Any position, with the blind nil bidding, the first round's bidding (a team minimum, a
zero contract or Suicide decides bids there), the pass (after a blind nil or a nil), the
exchange and the end of a game each drawn on purpose (random play reaches them only now and
then)."""


# --- what a seat is entitled to see, recomputed from the state ---------------------------


def hand_face_down(state: State, seat: int) -> bool:
    """Four players: she may still bid blind, nil or a number, and has not looked (ref-views).

    A team minimum her partner's bid leaves unmet closes blind nil to her (rule-team-minimum),
    not the blind numbers, which reach 13 (rule-blind-bids).
    """
    rules = state.rules
    if rules.players != 4 or state.bids[seat] is not None or state.looked[seat]:
        return False
    side = seat % 2
    behind = state.scores[1 - side] - state.scores[side]
    numbers = rules.blind_bid_minimum and (
        rules.blind_bid_deficit is None or behind >= rules.blind_bid_deficit
    )
    if numbers:
        return True
    if not rules.blind_nil:
        return False
    mate = state.bids[(seat + 2) % 4]
    if mate is not None and mate.n < rules.team_minimum:
        return False
    deficit = rules.blind_nil_deficit
    return deficit is None or behind >= deficit


def entitled(state: State, seat: int) -> frozenset[Card]:
    """Every card ``seat`` may see in ``state``, by the rule, not by `observe`."""
    seen = set(state.trick)
    for trick in state.tricks:
        seen.update(trick.cards)
    if not hand_face_down(state, seat):
        seen.update(state.hand(seat))
    if state.rules.players == 4:
        for passer, passed in state.passes:
            if passer % 2 == seat % 2:  # her own pass, or her partner's
                seen.update(passed or ())
        return frozenset(seen)
    for drawer, kept, discarded in state.draws:
        if drawer == seat:
            seen.update((kept, discarded))
    if state.phase is Phase.DRAWING and state.to_move == seat:
        seen.add(state.stock[0])
    for exchanger, _, gave, drew in state.exchanges:
        if exchanger == seat:
            seen.update((gave or ()) + (drew or ()))
    return frozenset(seen)


def shown(view: View) -> frozenset[Card]:
    """Every card that appears anywhere in ``view``."""
    seen = set(view.hand or ()) | set(view.trick)
    for trick in view.tricks:
        seen.update(trick.cards)
    for _, passed in view.passes:
        seen.update(passed or ())
    for _, kept, discarded in view.draws:
        seen.update(card for card in (kept, discarded) if card is not None)
    if view.top_card is not None:
        seen.add(view.top_card)
    for _, _, gave, drew in view.exchanges:
        seen.update((gave or ()) + (drew or ()))
    return frozenset(seen)


# --- changing cards in a state ------------------------------------------------------------
#
# A `State` declares its fields once (`State.fields`); `State._build` makes one from all
# of them by name, as the engine's cold paths do, without deriving anything.
# `_packed_hands` holds 54 bits per seat (`SHIFT`), seat 0 lowest; `_tricks` holds plain (leader,
# cards, winner) tuples. `relabel` reads every field through the public properties and
# rebuilds the state from them; that it gives back the very same state when nothing
# changes is checked in every property below.
#
# `_playable` is the mask of the cards the seat to move may play (0 outside the play). It
# is derived from the mover's hand, so it goes stale when the mover's hand changes: that
# happens whenever the seat whose view is compared is not the mover. `relabel` recomputes
# it with the follow and lead rules (the reference's, not the engine's), so that the
# changed state is a well-formed state that `legal_moves`, `check_move` and `apply` read
# correctly, not just something `observe` happens to accept. The view never reads
# `_playable`: the test that compares views across a change of the mover's hand would
# pass either way, but the legal moves and errors compared with it would not.
#
# The changed state keeps every card in a place: relabelling is a bijection of the deck
# applied to the hands, the stock, the discards, the tricks, the passes, the draws and the
# exchanges alike. It need not be reachable by legal play (a player who showed out of a
# suit may now hold one): a view must not depend on the hidden cards at all.


def follow_mask(hand: int, trick: tuple[Card, ...], state: State) -> int:
    """The cards of ``hand`` that may be played to ``trick`` in ``state``'s round.

    Follow suit when you can (rule-follow-suit); lead a spade from a hand with other suits
    only once the ruleset opens spades to a lead, which the reference says
    (rule-spades-broken, reading-spades-lead).
    """
    deck = state.rules.deck.value
    if trick:
        led = oracle.suit(trick[0].index, deck=deck)
        return hand & suit_mask(deck, led) or hand
    lead = state.rules.spades_lead.value
    if oracle.spades_may_be_led(lead, broken=state.spades_broken, tricks_played=len(state.tricks)):
        return hand
    return hand & ~suit_mask(deck, SPADES) or hand


def suit_mask(deck: str, suit: int) -> int:
    """The bits of the cards of ``deck`` that play as ``suit``, by the reference (rule-decks)."""
    return sum(
        1 << card for card in oracle.deck_cards(deck) if oracle.suit(card, deck=deck) == suit
    )


def deck_of(state: State) -> list[Card]:
    """The 52 cards of ``state``'s deck in the library's order, by the reference (rule-decks)."""
    return [ALL_CARDS[card] for card in oracle.deck_cards(state.rules.deck.value)]


def relabel(state: State, mapping: dict[Card, Card], *, seed: int | None = None) -> State:
    """``state`` with every card ``c`` replaced by ``mapping.get(c, c)`` (and a new seed)."""

    def card(old: Card) -> Card:
        return mapping.get(old, old)

    def cards(old: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(map(card, old))

    masks = [sum(card(held).bit for held in cards_in(mask)) for mask in state.hand_masks]
    packed = sum(mask << SHIFT[seat] for seat, mask in enumerate(masks))
    trick = cards(state.trick)
    mover = state.to_move
    playable = 0
    if state.phase is Phase.PLAYING:
        assert mover is not None
        playable = follow_mask(masks[mover], trick, state)
    relabelled: State = State._build(
        rules=state.rules,
        phase=state.phase,
        to_move=mover,
        _packed_hands=packed,
        trick=trick,
        trick_leader=state.trick_leader,
        spades_broken=state.spades_broken,
        _tricks=tuple((t.leader, cards(t.cards), t.winner) for t in state.tricks),
        _playable=playable,
        bids=state.bids,
        dealer=state.dealer,
        round_number=state.round_number,
        scores=state.scores,
        bags=state.bags,
        rounds=state.rounds,
        outcome=state.outcome,
        seed=state.seed if seed is None else seed,
        looked=state.looked,
        passes=tuple(
            CardPass(passer, tuple(sorted(cards(passed or ())))) for passer, passed in state.passes
        ),
        stock=cards(state.stock),
        discards=cards(state.discards),
        draws=tuple(DrawTurn(drawer, card(kept), card(gone)) for drawer, kept, gone in state.draws),
        exchanges=tuple(
            CardExchange(who, size, tuple(sorted(cards(gave or ()))), cards(drew or ()))
            for who, size, gave, drew in state.exchanges
        ),
    )
    return relabelled


def placed(state: State) -> list[Card]:
    """Every card in a place: hands, stock, discards, the trick and the tricks."""
    found = [card for hand in state.hands for card in hand]
    found += [*state.stock, *state.discards, *state.trick]
    found += [card for trick in state.tricks for card in trick.cards]
    return sorted(found)


def check_well_formed(state: State) -> None:
    assert placed(state) == deck_of(state)
    assert relabel(state, {}) == state  # the layout `relabel` rebuilds is the state's


@st.composite
def cycles(draw: st.DrawFn, pool: frozenset[Card]) -> dict[Card, Card]:
    """A relabelling that moves between 2 and all of ``pool``'s cards, each to another."""
    order = draw(st.permutations(sorted(pool)))
    size = draw(st.integers(2, len(order)))
    moved = order[:size]
    return {old: moved[(i + 1) % size] for i, old in enumerate(moved)}


def outcome_of(state: State, move: Move, seat: int | None) -> tuple[object, ...] | None:
    """What `check_move` says of ``move`` by ``seat``: nothing, or the error's fields."""
    try:
        check_move(state, move, seat=seat)
    except IllegalMoveError as error:
        return (error.reason, error.seat, error.move, str(error))
    return None


# --- the layout relabel relies on --------------------------------------------------------


def test_relabel_rebuilds_states_and_moves_cards_everywhere() -> None:
    state = new_game(TWO_HANDED, deck=DECK, seed=7)
    state = apply(apply(state, BLIND), Keep())
    check_well_formed(state)
    swapped = relabel(state, {C("2C"): C("AS"), C("AS"): C("2C")}, seed=8)
    check_well_formed(swapped)
    assert swapped.hand(0) == (C("AS"),)
    assert swapped.draws == (DrawTurn(0, C("AS"), C("3C")),)
    assert swapped.stock[-1] == C("2C")
    assert swapped.seed == 8
    assert swapped.bids == state.bids


def test_relabel_recomputes_the_movers_playable_cards() -> None:
    state = new_game(CLASSIC, deck=DECK)
    for _ in range(4):
        state = apply(state, Bid(3))
    state = apply(state, Play(C("2C")))  # seat 2 to follow: 3C 7C JC
    swapped = relabel(state, {C("3C"): C("3D"), C("3D"): C("3C")})  # seat 2's 3C, seat 3's 3D
    check_well_formed(swapped)
    assert C("3D") in swapped.hand(2)
    assert C("3C") in swapped.hand(3)
    assert [str(move) for move in legal_moves(swapped)] == ["play 7C", "play JC"]
    assert is_legal(swapped, Play(C("7C")))
    assert not is_legal(swapped, Play(C("3D")))


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
def test_the_leaders_cards_are_rebuilt_alike_at_the_first_and_second_lead(
    lead: SpadesLead,
) -> None:
    """Rules: rule-spades-broken, reading-spades-lead.

    At the round's first lead, however the play began, and at the second, the engine's
    playable cards are those the reference's lead rule gives (`relabel` rebuilds the
    state equal), and the leader's view lists the same moves.
    """
    leads = first_leads(lead)
    leads["second trick"] = second_lead(lead)
    for name, state in leads.items():
        check_well_formed(state)
        seat = state.to_move
        assert seat is not None
        moves = legal_moves(state)
        assert observe(state, seat).legal_moves() == moves == expected_moves(state), name
        spades = [
            move
            for move in moves
            if oracle.suit(move.card.index, deck=state.rules.deck.value) == SPADES  # type: ignore[union-attr]
        ]
        if lead is SpadesLead.ANY_TIME or (lead is SpadesLead.AFTER_FIRST_TRICK and state.tricks):
            assert spades, name
        else:
            assert not spades, name


# --- a view shows exactly what the seat may see -------------------------------------------


@given(POSITIONS)
def test_a_view_shows_exactly_the_cards_the_seat_may_see(state: State) -> None:
    for seat in range(state.rules.players):
        assert shown(observe(state, seat)) == entitled(state, seat)


@given(POSITIONS)
def test_a_view_states_the_public_facts(state: State) -> None:
    for seat in range(state.rules.players):
        view = observe(state, seat)
        assert view.seat == seat
        assert view.rules is state.rules
        assert (view.phase, view.to_move, view.dealer) == (state.phase, state.to_move, state.dealer)
        assert (view.round_number, view.bids, view.looked) == (
            state.round_number,
            state.bids,
            state.looked,
        )
        assert (view.trick, view.trick_leader, view.tricks) == (
            state.trick,
            state.trick_leader,
            state.tricks,
        )
        assert view.spades_broken == state.spades_broken
        assert (view.scores, view.bags, view.rounds, view.outcome) == (
            state.scores,
            state.bags,
            state.rounds,
            state.outcome,
        )
        assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert view.stock_size == len(state.stock)


@given(POSITIONS, st.data())
def test_cards_a_seat_cannot_see_do_not_change_its_view(state: State, data: st.DataObject) -> None:
    check_well_formed(state)
    seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
    hidden = frozenset(deck_of(state)) - entitled(state, seat)
    mapping = data.draw(cycles(hidden), label="mapping") if len(hidden) > 1 else {}
    seed = data.draw(st.integers(0, 2**64 - 1), label="seed")
    changed = relabel(state, mapping, seed=seed)
    check_well_formed(changed)
    view = observe(changed, seat)
    assert view == observe(state, seat)
    if state.to_move == seat:
        assert view.legal_moves() == legal_moves(changed) == legal_moves(state)
    # The same move by this seat is legal, or illegal with the same reason and message,
    # whatever the cards it cannot see.
    moves = list(legal_moves(state)[:3])
    if not state.is_over:
        moves.append(data.draw(illegal_moves(state), label="illegal"))
    moves.append(Play(data.draw(st.sampled_from(ALL_CARDS), label="card")))
    for move in moves:
        assert outcome_of(changed, move, seat) == outcome_of(state, move, seat)


def test_swapping_two_opponents_cards_changes_only_their_views() -> None:
    state = new_game(CLASSIC, deck=DECK)
    for _ in range(4):
        state = apply(state, Bid(3))
    state = apply(state, Play(C("2C")))
    swap = {C("7C"): C("3D"), C("3D"): C("7C")}  # seat 2's 7C, seat 3's 3D
    changed = relabel(state, swap, seed=99)
    assert changed != state
    assert observe(changed, 0) == observe(state, 0)
    assert observe(changed, 1) == observe(state, 1)
    assert observe(changed, 2) != observe(state, 2)
    assert observe(changed, 3) != observe(state, 3)


def test_source_c_the_stock_below_the_top_card_is_hidden_from_the_drawer() -> None:
    state = apply(new_game(TWO_HANDED, deck=DECK, seed=7), Keep())  # seat 1 sees 4C on top
    below = relabel(state, {C("5C"): C("AS"), C("AS"): C("5C")})
    assert below.stock[:2] == (C("4C"), C("AS"))
    assert observe(below, 1) == observe(state, 1)
    assert observe(below, 0) == observe(state, 0)
    top = relabel(state, {C("4C"): C("AS"), C("AS"): C("4C")})
    assert observe(top, 1).top_card == C("AS")
    assert observe(top, 0) == observe(state, 0)
    mine = relabel(state, {C("3C"): C("AS"), C("AS"): C("3C")})  # seat 0's own discard
    assert observe(mine, 0) != observe(state, 0)
    assert observe(mine, 1) == observe(state, 1)


@given(POSITIONS, st.data())
def test_a_card_the_seat_sees_changes_its_view(state: State, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1), label="seat")
    seen = entitled(state, seat)
    hidden = frozenset(deck_of(state)) - seen
    if not seen or not hidden:
        # Nothing to swap: her hand is face down and no card is out yet, or (four players)
        # the others have played their last cards, so she sees all 52.
        assert not seen or all(not hand for other, hand in enumerate(state.hands) if other != seat)
        return
    known = data.draw(st.sampled_from(sorted(seen)), label="seen")
    other = data.draw(st.sampled_from(sorted(hidden)), label="hidden")
    changed = relabel(state, {known: other, other: known})
    check_well_formed(changed)
    assert observe(changed, seat) != observe(state, seat)


# --- legal moves from the view -------------------------------------------------------------


@given(POSITIONS)
def test_view_legal_moves_are_the_engines_for_the_seat_to_move(state: State) -> None:
    for seat in range(state.rules.players):
        moves = observe(state, seat).legal_moves()
        assert moves == (legal_moves(state) if seat == state.to_move else ())


def test_view_legal_moves_in_every_phase() -> None:
    cases: list[State] = [new_game(Ruleset(nil=False), seed=1), new_game(CLASSIC, seed=1)]
    cases.append(new_game(BLIND_ANYTIME, seed=3))  # face down: blind nil or look
    cases.append(passing_state())
    state = new_game(TWO_HANDED, deck=DECK, seed=7)
    cases.append(state)  # may declare double nil
    cases.append(apply(state, Keep()))  # seat 1's first turn
    state = apply(state, BLIND)
    cases.append(state)  # declared: keep or reject only
    while state.phase is Phase.DRAWING:
        state = apply(state, Keep())
    cases.append(state)  # the exchange
    cases.append(apply(state, Exchange([])))  # seat 1 bids
    cases.append(apply(apply(apply(state, Exchange([])), Bid(2)), Play(C("4C"))))  # play
    cases.append(finished_game())
    phases = set()
    for case in cases:
        phases.add(case.phase)
        for seat in range(case.rules.players):
            moves = observe(case, seat).legal_moves()
            assert moves == (legal_moves(case) if seat == case.to_move else ())
    assert phases == set(Phase)
    assert observe(cases[0], 1).legal_moves()[0] == Bid(1)
    assert observe(cases[2], 1).legal_moves() == (BLIND, Look())
    assert observe(cases[5], 1).legal_moves() == (BLIND, Keep(), Reject())
    assert observe(cases[6], 0).legal_moves() == (Keep(), Reject())


# --- the face-down hand ----------------------------------------------------------------------


@given(st.one_of(POSITIONS, states(rules=blind_nil_rulesets(long_games=True), max_moves=300)))
def test_a_hand_is_face_down_exactly_while_a_blind_bid_is_open_to_her(state: State) -> None:
    for seat in range(state.rules.players):
        hand = observe(state, seat).hand
        assert hand == (None if hand_face_down(state, seat) else state.hand(seat))


def test_a_hand_comes_into_view_on_a_look_or_a_bid() -> None:
    state = new_game(BLIND_ANYTIME, deck=DECK)  # seat 1 bids first
    assert [observe(state, seat).hand for seat in range(4)] == [None] * 4
    looked = apply(state, Look())
    assert observe(looked, 1).hand == state.hand(1)
    assert [observe(looked, seat).hand for seat in (0, 2, 3)] == [None] * 3
    numbered = apply(looked, Bid(4))
    assert observe(numbered, 1).hand == state.hand(1)
    assert observe(numbered, 2).hand is None
    blind = apply(state, BLIND)
    assert observe(blind, 1).hand == state.hand(1)  # she bid: her cards are hers to see
    assert observe(blind, 1).legal_moves() == ()
    assert observe(blind, 2).hand is None
    assert observe(blind, 2).legal_moves() == (BLIND, Look())


def test_a_hand_is_in_view_from_the_deal_when_the_deficit_rules_blind_nil_out() -> None:
    rules = Ruleset(blind_nil=True)  # a deficit of 100: nobody trails in the first round
    state = new_game(rules, deck=DECK, seed=1)
    assert [observe(state, seat).hand for seat in range(4)] == list(state.hands)
    assert observe(state, 1).legal_moves()[0] == Bid(0)
    while state.round_number == 1:
        move = Bid(3) if state.phase is Phase.BIDDING else legal_moves(state)[0]
        state = apply(state, move)
    assert state.scores == (64, -60)  # side 1 trails by 124: seats 1 and 3 may bid blind
    assert state.to_move == 2
    views = [observe(state, seat) for seat in range(4)]
    assert [view.hand for view in views] == [state.hand(0), None, state.hand(2), None]
    assert views[2].legal_moves()[0] == Bid(0)
    assert views[1].legal_moves() == ()


def test_two_players_never_hold_a_face_down_hand() -> None:
    state = new_game(TWO_HANDED, deck=DECK, seed=7)
    assert [observe(state, seat).hand for seat in (0, 1)] == [(), ()]
    state = apply(apply(state, BLIND), Keep())
    assert observe(state, 0).hand == (C("2C"),)


# --- no card leaks through an error ---------------------------------------------------------

CARD_TOKEN = re.compile(r"\b(?:(?:10|[2-9TJQKA])[CDHS]|[LB]J)\b")


def named_cards(text: str) -> set[Card]:
    return {C(token) for token in CARD_TOKEN.findall(text)}


def move_cards(move: Move) -> set[Card]:
    if isinstance(move, Play):
        return {move.card}
    if isinstance(move, (Pass, Exchange)):
        return set(move.cards)
    return set()


def check_error_leaks_nothing(state: State, move: Move, seat: int | None) -> None:
    with pytest.raises(IllegalMoveError) as raised:
        apply(state, move, seat=seat)
    error = raised.value
    with pytest.raises(IllegalMoveError) as checked:
        check_move(state, move, seat=seat)
    assert (checked.value.reason, checked.value.seat, str(checked.value)) == (
        error.reason,
        error.seat,
        str(error),
    )
    assert error.move == move
    assert error.seat == (state.to_move if seat is None else seat)
    message = str(error)
    assert move_cards(move) <= named_cards(message)  # the parser finds the cards it should
    allowed = move_cards(move)
    if error.seat is not None:
        allowed |= entitled(state, error.seat)
    assert named_cards(message) <= allowed, (message, state)
    assert not CARD_TOKEN.search(error.reason.value.upper())


@given(POSITIONS, st.data())
def test_an_illegal_move_names_only_cards_the_player_may_see(
    state: State, data: st.DataObject
) -> None:
    if state.is_over:
        check_error_leaks_nothing(state, Play(data.draw(st.sampled_from(ALL_CARDS))), None)
        return
    for _ in range(3):
        move = data.draw(illegal_moves(state), label="illegal")
        assert not is_legal(state, move)
        check_error_leaks_nothing(state, move, None)
        check_error_leaks_nothing(state, move, state.to_move)
    legal = legal_moves(state)
    for seat in range(state.rules.players):
        if seat != state.to_move:
            move = data.draw(st.sampled_from(legal) | illegal_moves(state), label="move")
            check_error_leaks_nothing(state, move, seat)


def test_the_card_parser_reads_every_card_in_a_message() -> None:
    text = " ".join(f"'play {card}'" for card in ALL_CARDS) + " 10H"
    assert named_cards(text) == set(ALL_CARDS)
    assert named_cards("it is seat 2's turn; spades are not broken; exchange at most 3") == set()


def test_errors_about_a_face_down_hand_name_no_card_of_it() -> None:
    state = new_game(BLIND_ANYTIME, deck=DECK)  # seat 1 to bid, face down
    held = state.hand(1)
    for move in (Play(held[0]), Pass(held[:2]), Bid(3), Keep(), Exchange(held[:1])):
        check_error_leaks_nothing(state, move, 1)
    with pytest.raises(IllegalMoveError) as raised:
        apply(state, Play(held[0]))
    assert raised.value.reason is Reason.WRONG_PHASE


# --- two players: the draw and the exchange ----------------------------------------------


TWO_PLAYER_POSITIONS = st.one_of(
    states(rules=st.one_of(st.just(TWO_HANDED), rulesets(players=2), OPEN_DOUBLE_NIL)),
    states(rules=EXCHANGE_RULES, max_moves=200, phases={Phase.EXCHANGING, Phase.BIDDING}),
)


@given(TWO_PLAYER_POSITIONS)
def test_two_players_see_their_own_draws_and_the_count_of_each_exchange(state: State) -> None:
    for seat in (0, 1):
        view = observe(state, seat)
        drawing = state.phase is Phase.DRAWING and state.to_move == seat
        assert view.top_card == (state.stock[0] if drawing else None)
        assert view.draws == tuple(
            DrawTurn(who, kept, gone) if who == seat else DrawTurn(who, None, None)
            for who, kept, gone in state.draws
        )
        assert view.exchanges == tuple(
            CardExchange(who, size, gave, drew)
            if who == seat
            else CardExchange(who, size, None, None)
            for who, size, gave, drew in state.exchanges
        )
        assert all(size == len(gave or ()) for _, size, gave, _ in state.exchanges)
        assert view.passes == ()


def test_source_c_each_player_sees_her_own_draws_only() -> None:
    state = new_game(TWO_HANDED, deck=DECK, seed=7)
    dealer, other = observe(state, 0), observe(state, 1)
    assert (dealer.top_card, other.top_card) == (C("2C"), None)
    assert dealer.stock_size == other.stock_size == 52
    state = apply(state, Keep())  # seat 0 keeps 2C, 3C goes to the discards
    dealer, other = observe(state, 0), observe(state, 1)
    assert dealer.draws == (DrawTurn(0, C("2C"), C("3C")),)
    assert other.draws == (DrawTurn(0, None, None),)
    assert (dealer.top_card, other.top_card) == (None, C("4C"))
    assert other.hand_sizes == (1, 0)
    assert other.stock_size == 50
    state = apply(state, Reject())  # seat 1 rejects 4C and takes 5C
    assert observe(state, 1).draws == (DrawTurn(0, None, None), DrawTurn(1, C("5C"), C("4C")))
    assert observe(state, 0).draws == (DrawTurn(0, C("2C"), C("3C")), DrawTurn(1, None, None))
    assert observe(state, 0).top_card == C("6C")


def test_source_c_the_exchange_shows_its_cards_to_the_exchanger_only() -> None:
    state = apply(new_game(TWO_HANDED, deck=DECK, seed=7), BLIND)
    while state.phase is Phase.DRAWING:
        state = apply(state, Keep())
    assert observe(state, 0).exchanges == ()
    after = apply(state, parse_move("exchange KD QH JS"))
    gave, drew = (C("KD"), C("QH"), C("JS")), (C("AS"), C("9H"), C("8S"))
    mine, theirs = observe(after, 0), observe(after, 1)
    assert mine.exchanges == (CardExchange(0, 3, gave, drew),)
    assert theirs.exchanges == (CardExchange(0, 3, None, None),)
    assert set(drew) <= set(mine.hand or ())
    # Seat 1 discarded AS in her own draw turn, so she has seen it, but not that seat 0
    # drew it; she never handled KD, QH, JS, 9H or 8S.
    assert DrawTurn(1, C("KS"), C("AS")) in theirs.draws
    assert (set(gave) | set(drew)) & shown(theirs) == {C("AS")}
    assert shown(theirs) == entitled(after, 1)


# --- four players: the card pass -------------------------------------------------------------


FOUR_PLAYER_POSITIONS = st.one_of(
    states(rules=st.one_of(rulesets(players=4), PASSING_RULES), max_moves=150),
    states(rules=PASSING_RULES, max_moves=150, phases={Phase.PASSING}),
    passing_states(),
)


@given(FOUR_PLAYER_POSITIONS)
def test_four_players_see_the_passes_of_their_own_side_only(state: State) -> None:
    for seat in range(4):
        assert observe(state, seat).passes == tuple(
            CardPass(passer, passed if passer % 2 == seat % 2 else None)
            for passer, passed in state.passes
        )
        view = observe(state, seat)
        assert (view.stock_size, view.top_card, view.draws) == (0, None, ())
        assert view.exchanges == ()


def test_the_blind_nil_pass_is_shown_to_the_partners() -> None:
    state = apply(new_game(BLIND_ANYTIME, deck=DECK), BLIND)
    for text in ("look", "bid 4", "look", "bid 3", "look", "bid 5", "pass AC KD"):
        state = apply(state, parse_move(text))
    assert (
        observe(state, 3).passes == observe(state, 1).passes == (CardPass(1, (C("AC"), C("KD"))),)
    )
    assert observe(state, 0).passes == observe(state, 2).passes == (CardPass(1, None),)
    assert C("AC") in (observe(state, 3).hand or ())
    assert observe(state, 3).legal_moves() == legal_moves(state)
    state = apply(state, parse_move("pass 2H AC"))
    partners = (CardPass(1, (C("AC"), C("KD"))), CardPass(3, (C("AC"), C("2H"))))
    assert observe(state, 1).passes == observe(state, 3).passes == partners
    assert observe(state, 0).passes == (CardPass(1, None), CardPass(3, None))
    assert state.phase is Phase.PLAYING


def test_the_nil_pass_is_shown_to_the_partners_and_its_size_to_all() -> None:
    """Seat 2 bids nil under a nil pass of 3: she and seat 0 see the cards of their passes;
    seats 1 and 3 see two passes of three cards they cannot see, in the hand sizes; the
    view of the seat to pass lists the engine's passes of three.

    Rules: rule-card-pass, ref-views.
    """
    state = new_game(Ruleset(nil_pass=3), deck=DECK)
    for text in ("bid 4", "bid nil", "bid 3", "bid 5"):
        state = apply(state, parse_move(text))
    assert observe(state, 2).legal_moves() == legal_moves(state)
    assert len(legal_moves(state)) == 286  # 13 cards, 3 at a time
    given = state.hand(2)[:3]
    state = apply(state, Pass(given))
    assert observe(state, 0).legal_moves() == legal_moves(state)
    assert observe(state, 0).hand_sizes == observe(state, 1).hand_sizes == (16, 13, 10, 13)
    assert observe(state, 0).passes == observe(state, 2).passes == (CardPass(2, given),)
    assert observe(state, 1).passes == observe(state, 3).passes == (CardPass(2, None),)
    back = state.hand(0)[-3:]
    state = apply(state, Pass(back))
    assert observe(state, 2).passes == (CardPass(2, given), CardPass(0, back))
    assert observe(state, 3).passes == (CardPass(2, None), CardPass(0, None))
    assert observe(state, 3).hand_sizes == (13, 13, 13, 13)
    assert state.phase is Phase.PLAYING


def test_a_view_built_by_hand_whose_passing_phase_has_no_pass_due_has_no_legal_pass() -> None:
    """Every seat bid nil, but these rules pass for a blind nil only: no pass is due, so
    no pass is legal, not even one of no cards (the check of a view refuses the view).

    Rules: rule-card-pass, ref-views.
    """
    state = new_game(CLASSIC, seed=2)
    for _ in range(4):
        state = apply(state, Bid(0))
    view = attrs.evolve(observe(state, 1), phase=Phase.PASSING, to_move=1, trick_leader=None)
    assert view.legal_moves() == ()
    for move in (Pass(()), Pass(view.hand[:2] if view.hand else ())):
        assert not is_legal(view, move)
        with pytest.raises(IllegalMoveError) as info:
            check_move(view, move)
        assert info.value.reason is Reason.WRONG_PASS_SIZE
        assert str(info.value).endswith("no card pass is due")
    assert view_problem(view) == ("phase", "no card pass is due")


# --- bad arguments and the end of the game --------------------------------------------------


def test_observe_takes_a_state_and_a_seat() -> None:
    state = new_game(CLASSIC, seed=1)
    with pytest.raises(TypeError, match="observe takes a State, not tuple"):
        observe(tuple(state), 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not 'one'"):
        observe(state, "one")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        observe(state, True)
    with pytest.raises(SpadesError, match="a seat is a number from 0 to 3, not 4"):
        observe(state, 4)
    with pytest.raises(SpadesError, match="from 0 to 1, not 2"):
        observe(new_game(TWO_HANDED, seed=1), 2)
    with pytest.raises(SpadesError):
        observe(state, -1)


def test_observe_a_finished_game() -> None:
    state = finished_game()
    for seat in range(4):
        view = observe(state, seat)
        assert (view.phase, view.to_move, view.outcome) == (
            Phase.GAME_OVER,
            None,
            state.outcome,
        )
        assert view.hand == ()
        assert view.hand_sizes == (0, 0, 0, 0)
        assert len(view.tricks) == 13
        assert view.legal_moves() == ()
        assert view.scores == state.scores
        assert view.rounds == state.rounds


def test_views_are_frozen_values() -> None:
    state = new_game(MINIOKEY, seed=5)
    view = observe(state, 0)
    assert view == observe(state, 0)
    assert hash(view) == hash(observe(state, 0))
    assert view != observe(state, 1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]


def test_a_view_of_a_game_over_has_no_legal_moves_even_with_a_seat_to_move() -> None:
    """A view built by hand that is over but names a seat to move offers no move (it offered
    the two-player exchange, the phase the legal moves took for any other)."""
    state = new_game(CLASSIC, seed=2)
    view = attrs.evolve(observe(state, 1), phase=Phase.GAME_OVER)
    assert view.to_move == 1
    assert view.legal_moves() == ()
