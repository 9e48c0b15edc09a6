"""Every rule's reference function, and every other form of it held to it pair by pair.

A rule has one reference function in the core (``docs/forms-of-rules.md`` lists them with their
anchors); the engine's fast path, the search rollout's bit forms, the batch engine's array
forms and the encoding's masks are other forms of some rules. Each test here draws random
inputs (hands, tricks, bids, scores, rulesets; not only positions of played games) and
asks the reference and the other form the same question. The first tests state each
reference's rule in plain Python, so that the reference is held to the rules page too.
Three players (rule-three-players) are drawn beside two and four: their pack (51 or 54
cards), hands of 17 or 18 cards, bids to the hand size and tricks of three cards.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

import attrs
import numpy as np
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

import oracle
from helpers import BY_SPADES_RULES, by_spades_rulesets, passing_states, rules_data, three_of
from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    TWO_HANDED,
    BagOverflow,
    Bid,
    Bidding,
    Card,
    Deck,
    IllegalMoveError,
    NilTricks,
    Phase,
    Play,
    Ruleset,
    SpadesError,
    SpadesLead,
    Suit,
    Termination,
    allowed_bids,
    apply,
    bag_penalty,
    blind_numbers,
    card_passes,
    cards_in,
    draw_from_stock,
    is_legal,
    legal_moves,
    lowest_bid,
    may_bid_blind,
    may_lead_spades,
    new_game,
    next_seat,
    nil_points,
    observe,
    outcome_after,
    play_order,
    playable,
    round_deck,
    score_round,
    spades_broken_by,
    trick_winner,
    winning_card,
)
from spades._card_pass import pass_due, pass_order, passes_of
from spades._cards import ALL_CARDS
from spades._deal import discards_after_exchange, exchange_with_discards
from spades._history import DrawTurn
from spades._legal import bid_moves, blind_moves, blind_number_moves, least_bid
from spades._moves import LOOK
from spades._rules import _free_bids
from spades._spades_shown import shown_spades
from spades._state import SHIFT, State, build_state, evolve_state
from spades._trick import playable_bits, spades_open
from spades.batch import Batch
from spades.batch._codes import BLIND, NONE, TERMINATIONS, bid_code
from spades.batch._legal import (
    BLIND_NUMBER_SHIFT,
    blind_number_bits,
    lowest_bids,
    spades_bits,
    spades_led_freely,
    suicide_bits,
)
from spades.batch._legal import may_bid_blind as batch_may_bid_blind
from spades.batch._moves import breaks_spades, drawn_cards, side_passes, trick_keys
from spades.batch._round import contract_worth, nil_bids, outcomes, score_sides
from spades.batch._rows import arrays_of
from spades.batch._shuffle import round_decks
from spades.bots import _rollout
from spades.bots._rollout import (
    DECK_BITS,
    _beaters,
    _holds,
    _winning_bit,
    counted_tricks,
    rollout_play,
)
from spades.encoding import action_mask, actions_of
from spades.strategies import rulesets, states

if TYPE_CHECKING:
    from collections.abc import Sequence

SPADE_CARDS = frozenset(card for card in DECK if card.suit is Suit.SPADES)

cards_sets = st.sets(st.sampled_from(DECK), max_size=13)


@st.composite
def hands_and_tricks(draw: st.DrawFn) -> tuple[list[Card], list[Card], bool]:
    """A hand, a trick in progress (0 to 3 other cards) and whether spades are broken."""
    deck = draw(st.permutations(DECK))
    size = draw(st.integers(0, 13))
    played = draw(st.integers(0, 3))
    return list(deck[:size]), list(deck[size : size + played]), draw(st.booleans())


@st.composite
def tricks(draw: st.DrawFn, *, sizes: Sequence[int] = (1, 2, 3, 4)) -> list[Card]:
    """The cards of a trick, in the order played: distinct cards, any of them."""
    size = draw(st.sampled_from(sizes))
    return list(draw(st.permutations(DECK))[:size])


# --- the references state their rules ------------------------------------------------------


LEAD_RULES = {lead: Ruleset(spades_lead=lead) for lead in SpadesLead}
leads = st.sampled_from(SpadesLead)
tricks_played = st.integers(0, 12)


@given(hands_and_tricks(), leads, tricks_played)
def test_playable_states_the_follow_and_lead_rules(
    drawn: tuple[list[Card], list[Card], bool], lead: SpadesLead, played: int
) -> None:
    """Follow if you can; lead a spade only when the ruleset lets you, or from spades alone.

    Rules: rule-follow-suit, rule-spades-broken, reading-spades-lead.
    """
    hand, trick, broken = drawn
    rules = LEAD_RULES[lead]
    allowed = set(playable(hand, trick, spades_broken=broken, rules=rules, tricks_played=played))
    if trick:
        led = [card for card in hand if card.suit is trick[0].suit]
        assert allowed == set(led or hand)
    elif may_lead_spades(rules, spades_broken=broken, tricks_played=played):
        assert allowed == set(hand)
    else:
        plain = [card for card in hand if card.suit is not Suit.SPADES]
        assert allowed == set(plain or hand)
    assert list(
        playable(hand, trick, spades_broken=broken, rules=rules, tricks_played=played)
    ) == sorted(allowed)


@given(leads, st.booleans(), tricks_played)
def test_may_lead_spades_states_the_rule(lead: SpadesLead, broken: bool, played: int) -> None:
    """Once broken; under ANY_TIME always; under AFTER_FIRST_TRICK from the second trick.

    Rules: rule-spades-broken, reading-spades-lead.
    """
    expected = (
        broken
        or lead is SpadesLead.ANY_TIME
        or (lead is SpadesLead.AFTER_FIRST_TRICK and played >= 1)
    )
    rules = LEAD_RULES[lead]
    assert may_lead_spades(rules, spades_broken=broken, tricks_played=played) is expected


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=20))
def test_spades_broken_by_states_the_rule(played: list[Card]) -> None:
    """Broken once any spade has been played this round.

    Rules: rule-spades-broken.
    """
    assert spades_broken_by(played) == any(card in SPADE_CARDS for card in played)


@given(tricks())
def test_winning_card_states_the_rule(cards: list[Card]) -> None:
    """The highest spade, else the highest card of the suit led.

    Rules: rule-trick-winner.
    """
    spades = [card for card in cards if card.suit is Suit.SPADES]
    led = [card for card in cards if card.suit is cards[0].suit]
    assert winning_card(cards) == max(spades or led, key=lambda card: card.rank)


@given(rulesets(), st.booleans(), st.data())
def test_nil_points_states_the_rule(rules: Ruleset, blind: bool, data: st.DataObject) -> None:
    """Plus the value with no trick, minus it with any; numbered bids and zero contracts zero.
    A player takes up to the cards of her hand (17 or 18 with three players).

    Rules: rule-nil-scoring, reading-zero-bid, rule-three-players.
    """
    taken = data.draw(st.integers(0, hand_size(rules)))
    value = rules.blind_nil_value if blind else rules.nil_value
    expected = 0 if rules.zero_contract else (value if taken == 0 else -value)
    assert nil_points(rules, Bid(0, blind=blind), taken) == expected
    assert nil_points(rules, Bid(max(taken, 1)), taken) == 0


@st.composite
def bids_at_a_seat(draw: st.DrawFn) -> tuple[Ruleset, tuple[Bid | None, ...], int]:
    """A ruleset (partnerships: any team minimum, often one; solo players have none), any
    bids by seat and a seat."""
    rules = draw(rulesets())
    if rules.partnerships and rules.bidding is Bidding.OPEN:  # Suicide has no minimum
        rules = attrs.evolve(rules, team_minimum=draw(st.integers(0, 13)))
    kinds = [None, *(Bid(n) for n in range(hand_size(rules) + 1)), Bid(0, blind=True)]
    bids = tuple(draw(st.sampled_from(kinds)) for _ in range(rules.players))
    return rules, bids, draw(st.integers(0, rules.players - 1))


def hand_size(rules: Ruleset) -> int:
    """The cards of a hand and the tricks of a round, as the tests' reference reads the
    rules: 13, or 17 or 18 for three players (rule-three-players)."""
    return oracle.hand_size(rules_data(rules))


def pack_cards(rules: Ruleset) -> list[Card]:
    """The cards the ruleset deals, as the tests' reference reads rule-decks and
    rule-three-players: 52, or three players' 51 or 54."""
    return [ALL_CARDS[index] for index in oracle.deck_cards(oracle.pack_of(rules_data(rules)))]


@given(bids_at_a_seat())
def test_lowest_bid_states_the_rule(drawn: tuple[Ruleset, tuple[Bid | None, ...], int]) -> None:
    """What her partner's bid leaves missing of the minimum, nil counting as zero; else 0,
    as for a player without a partner (two players, or four solo).

    Its unchecked form, ``least_bid``, gives the same.

    Rules: rule-team-minimum, rule-solo.
    """
    rules, bids, seat = drawn
    mate = bids[(seat + 2) % 4] if rules.partnerships else None
    expected = 0 if mate is None else max(0, rules.team_minimum - mate.n)
    assert lowest_bid(rules, bids, seat) == expected
    assert lowest_bid(rules, list(bids), seat) == expected
    assert least_bid(rules, bids, seat) == expected  # unchecked: `legal_moves`', views', bots'


@st.composite
def blind_number_positions(draw: st.DrawFn) -> State:
    """Four players with blind numbers (and often blind nil; partnerships often a team
    minimum, one game in four solo), or three players (one game in four: their blind
    numbers reach 17 or 18, rule-three-players), any scores, the first seats of the bidding
    having looked and bid."""
    players = draw(st.sampled_from((4, 4, 4, 3)))
    solo = players == 4 and draw(st.sampled_from((False, False, False, True)))
    deck = draw(st.sampled_from(Deck)) if players == 3 else Deck.STANDARD
    most = len(deck.for_players(3).cards) // 3 if players == 3 else 13
    alone = solo or players == 3
    rules = Ruleset(
        players=players,
        deck=deck,
        solo=solo,
        blind_bid_minimum=draw(st.integers(1, most)),
        blind_bid_deficit=draw(st.none() | st.integers(0, 300)),
        blind_nil=draw(st.booleans()),
        blind_nil_deficit=draw(st.none() | st.integers(0, 300)),
        blind_nil_pass=0 if alone else 2,
        team_minimum=0 if alone else draw(st.integers(0, 13)),
    )
    scores = tuple(draw(st.integers(-400, 400)) for _ in range(rules.sides))
    state = evolve_state(new_game(rules, seed=draw(st.integers(0, 99))), scores=scores)
    for _ in range(draw(st.integers(0, 3))):
        if legal_moves(state)[-1] == LOOK:
            state = apply(state, LOOK)
        state = apply(state, draw(st.sampled_from(legal_moves(state))))
    return state


@given(blind_number_positions())
def test_blind_numbers_states_the_rule(state: State) -> None:
    """From the minimum, or what a team minimum leaves missing if more, to 13 (or the 17 or
    18 cards of a hand with three players), while she has not looked and her side trails
    the leading other side by the deficit (or at any score). Its forms give the same:
    ``blind_number_moves`` as bids, ``blind_moves`` after blind nil where `may_bid_blind`;
    a view of her seat reads the same.

    Rules: rule-blind-bids, rule-solo, rule-three-players.
    """
    rules, seat = state.rules, state.to_move
    assert seat is not None
    mate = state.bids[(seat + 2) % 4] if rules.partnerships else None
    least = max(rules.blind_bid_minimum, rules.team_minimum - mate.n if mate else 0)
    side = seat % rules.sides
    others = [score for other, score in enumerate(state.scores) if other != side]
    behind = max(others) - state.scores[side]
    deficit = rules.blind_bid_deficit
    open_ = not state.looked[seat] and (deficit is None or behind >= deficit)
    expected = tuple(range(least, hand_size(rules) + 1)) if open_ else ()
    assert blind_numbers(state, seat) == expected
    assert blind_numbers(observe(state, seat), seat) == expected
    numbers = tuple(Bid(n, blind=True) for n in expected)
    assert blind_number_moves(state, seat) == numbers
    nil = (Bid(0, blind=True),) if may_bid_blind(state, seat) else ()
    assert blind_moves(state, seat) == nil + numbers
    assert (observe(state, seat).hand is None) is bool(nil + numbers)


@given(blind_number_positions())
def test_batch_blind_number_bits_is_blind_numbers(state: State) -> None:
    """The batch engine's array form of the blind numbers, from the state's arrays.

    Rules: rule-blind-bids.
    """
    rules, seat = state.rules, state.to_move
    assert seat is not None
    bits = int(blind_number_bits(rules, arrays_of([state], rules, 0), np.arange(1))[0])
    shift = int(BLIND_NUMBER_SHIFT)
    numbers = tuple(n for n in range(1, hand_size(rules) + 1) if bits >> (shift + n) & 1)
    assert numbers == blind_numbers(state, seat)
    assert not bits & ((1 << (shift + 1)) - 1)  # nothing below the blind numbers' bits


@given(st.lists(bids_at_a_seat(), min_size=1, max_size=6))
def test_batch_lowest_bids_is_lowest_bid(
    drawn: list[tuple[Ruleset, tuple[Bid | None, ...], int]],
) -> None:
    """The batch engine's array form, one bidder a game, under the first game's ruleset.

    Rules: rule-team-minimum.
    """
    rules = drawn[0][0]
    games = [(bids, seat) for other, bids, seat in drawn if other.players == rules.players]
    codes = np.array([[bid_code(bid) for bid in bids] for bids, _ in games], dtype=np.int8)
    seats = np.array([seat for _, seat in games], dtype=np.intp)
    expected = [lowest_bid(rules, bids, seat) for bids, seat in games]
    assert lowest_bids(rules, codes, seats).tolist() == expected


@st.composite
def bids_and_a_hand(
    draw: st.DrawFn,
) -> tuple[Ruleset, tuple[Bid | None, ...], int, list[Card]]:
    """`bids_at_a_seat`, its ruleset often bid by Whiz or Mirror (four players or three), and
    the seat's hand: up to 13 cards (17 or 18 for three players), any number of them
    spades."""
    rules, bids, seat = draw(bids_at_a_seat())
    if draw(st.booleans()):
        rules = draw(BY_SPADES_RULES | by_spades_rulesets(players=3))
        kinds = [None, *(Bid(n) for n in range(hand_size(rules) + 1))]
        bids = tuple(draw(st.sampled_from(kinds)) for _ in range(rules.players))
        seat = draw(st.integers(0, rules.players - 1))
    size = hand_size(rules)
    spades = draw(st.just(0) | st.integers(0, size))  # often none: nil alone
    spade_cards = sorted(deck_spades(rules))
    others = [card for card in pack_cards(rules) if card not in deck_spades(rules)]
    hand = draw(st.permutations(spade_cards))[:spades]
    hand += draw(st.permutations(others))[: draw(st.integers(0, size - len(hand)))]
    return rules, bids, seat, hand


def deck_spades(rules: Ruleset) -> frozenset[Card]:
    """The spades of the ruleset's pack, as the tests' reference reads rule-decks (the same
    for three players, rule-three-players)."""
    pack = oracle.pack_of(rules_data(rules))
    return frozenset(ALL_CARDS[index] for index in oracle.spade_cards(pack))


@given(bids_and_a_hand())
def test_allowed_bids_states_the_rule(
    drawn: tuple[Ruleset, tuple[Bid | None, ...], int, list[Card]],
) -> None:
    """Under Suicide nil or 4 to 13 while her partner has not bid, 4 to 13 after her nil
    (a blind one too), nil after her number; under Whiz her number of spades or 0, 0 alone
    with none; under Mirror her number of spades alone; else from `lowest_bid` up to 13
    (the 17 or 18 cards of a hand with three players), with 0 where nothing is missing and
    the rules have a bid of zero. Only Whiz and Mirror read her hand.

    Its unchecked form, ``bid_moves``, gives the same as moves.

    Rules: rule-suicide, rule-team-minimum, rule-whiz, rule-mirror, rule-three-players.
    """
    rules, bids, seat, hand = drawn
    count = sum(card in deck_spades(rules) for card in hand)
    if rules.bidding is Bidding.SUICIDE:
        mate = bids[(seat + 2) % 4]
        numbers: Sequence[int] = range(4, 14) if mate is None or mate.n == 0 else ()
        zero = mate is None or mate.n > 0
    elif rules.bidding is Bidding.WHIZ:
        numbers, zero = (count,) if count else (), True
    elif rules.bidding is Bidding.MIRROR:
        numbers, zero = (count,) if count else (), not count
    else:
        lowest = lowest_bid(rules, bids, seat)
        numbers = range(max(lowest, 1), hand_size(rules) + 1)
        zero = lowest == 0 and (rules.nil or rules.zero_contract)
    expected = (0, *numbers) if zero else tuple(numbers)
    assert allowed_bids(rules, bids, seat, hand=hand) == expected
    mask = sum(card.bit for card in hand)
    assert bid_moves(rules, bids, seat, mask) == tuple(Bid(n) for n in expected)
    if rules.bidding not in (Bidding.WHIZ, Bidding.MIRROR):
        assert allowed_bids(rules, bids, seat) == expected
        assert bid_moves(rules, bids, seat) == tuple(Bid(n) for n in expected)


@given(st.lists(bids_at_a_seat(), min_size=1, max_size=6))
def test_batch_suicide_bits_is_allowed_bids(
    drawn: list[tuple[Ruleset, tuple[Bid | None, ...], int]],
) -> None:
    """The batch engine's array form of Suicide's bids, one bidder a game.

    Rule: rule-suicide.
    """
    rules = Ruleset(bidding=Bidding.SUICIDE)
    games = [(bids, seat) for other, bids, seat in drawn if other.players == 4]
    assume(games)
    codes = np.array([[bid_code(bid) for bid in bids] for bids, _ in games], dtype=np.int8)
    seats = np.array([seat for _, seat in games], dtype=np.intp)
    got = suicide_bits(codes, seats).tolist()
    expected = [allowed_bids(rules, bids, seat) for bids, seat in games]
    assert [tuple(n for n in range(14) if bits >> n & 1) for bits in got] == expected


@given(bids_and_a_hand())
def test_shown_spades_states_the_rule(
    drawn: tuple[Ruleset, tuple[Bid | None, ...], int, list[Card]],
) -> None:
    """A bid shows how many spades its bidder held where her bidding mode makes it her
    number of spades: every bid under Mirror, a number under Whiz; a nil under Whiz, no
    bid yet and every bid of the other modes show nothing. So every bid `allowed_bids`
    leaves her that shows a number shows her own.

    Rules: rule-whiz, rule-mirror.
    """
    rules, bids, seat, hand = drawn
    count = sum(card in deck_spades(rules) for card in hand)
    for n in range(hand_size(rules) + 1):
        shows = rules.bidding is Bidding.MIRROR or (rules.bidding is Bidding.WHIZ and n > 0)
        assert shown_spades(rules, Bid(n)) == (n if shows else None)
    assert shown_spades(rules, None) is None
    for n in allowed_bids(rules, bids, seat, hand=hand):
        assert shown_spades(rules, Bid(n)) in (None, count)


@given(st.lists(bids_and_a_hand(), min_size=1, max_size=6), st.booleans())
def test_batch_spades_bits_is_allowed_bids(
    drawn: list[tuple[Ruleset, tuple[Bid | None, ...], int, list[Card]]], whiz: bool
) -> None:
    """The batch engine's array form of Whiz's and Mirror's bids, from each bidder's hand
    (the hands of the first one's deck, dealt to as many players: four, three, or two read as
    four).

    Rules: rule-whiz, rule-mirror, rule-decks, rule-three-players.
    """
    deck, players = drawn[0][0].deck, 3 if drawn[0][0].players == 3 else 4
    mode = Bidding.WHIZ if whiz else Bidding.MIRROR
    rules = Ruleset(players=players, bidding=mode, deck=deck)
    games = [
        (seat % players, hand)
        for drawn_rules, _, seat, hand in drawn
        if drawn_rules.deck is deck and (drawn_rules.players == 3) == (players == 3)
    ]
    hands = np.zeros((len(games), players), dtype=np.uint64)
    for game, (seat, hand) in enumerate(games):
        hands[game, seat] = sum(card.bit for card in hand)
    seats = np.array([seat for seat, _ in games], dtype=np.intp)
    got = spades_bits(rules, hands, seats).tolist()
    expected = [allowed_bids(rules, [None] * players, seat, hand=hand) for seat, hand in games]
    bids = range(hand_size(rules) + 1)
    assert [tuple(n for n in bids if bits >> n & 1) for bits in got] == expected


@st.composite
def passing_bids(draw: st.DrawFn) -> tuple[Ruleset, tuple[Bid | None, ...], int]:
    """A ruleset (two players, or partnerships: any pass counts, both directions), any bids
    and a first bidder: nils and blind nils often, sometimes a bid still missing.

    Card passes are between partners: solo rulesets, which have none (rule-solo), are left
    out; three players (rule-three-players) come with nils, and pass nothing.
    """
    rules = draw(rulesets().filter(lambda rules: not rules.solo))
    if rules.players == 4:
        rules = attrs.evolve(
            rules,
            nil=True,
            zero_contract=False,
            nil_pass=draw(st.integers(0, 4)),
            blind_nil_pass=draw(st.integers(0, 4)),
        )
    kinds = [Bid(0), Bid(0, blind=True), Bid(3)]
    bids: tuple[Bid | None, ...] = tuple(draw(st.sampled_from(kinds)) for _ in range(rules.players))
    if draw(st.integers(0, 9)) == 0:
        bids = (*bids[:-1], None)
    return rules, bids, draw(st.integers(0, rules.players - 1))


@given(passing_bids())
def test_card_passes_states_the_rule(drawn: tuple[Ruleset, tuple[Bid | None, ...], int]) -> None:
    """Per side: its first blind nil bidder in the bidding, else its first nil bidder,
    passes the count of her kind, then her partner as many; sides in their passers' order.

    Its unchecked form, ``pass_order``, gives the same for four players' complete bids.
    Without a partner (two players, three) nobody passes.

    Rules: rule-card-pass, reading-card-pass, rule-three-players.
    """
    rules, bids, first = drawn
    found = card_passes(rules, bids, first_bidder=first)
    if not rules.partnerships or None in bids:
        assert found == ()
        return
    bidding = [(first + step * rules.direction.step) % 4 for step in range(4)]
    passers = []
    for side in (0, 1):
        seats = [seat for seat in bidding if seat % 2 == side]
        blind = [seat for seat in seats if bids[seat] == Bid(0, blind=True)]
        nil = [seat for seat in seats if bids[seat] == Bid(0)]
        count = rules.blind_nil_pass if blind else rules.nil_pass
        if (blind or nil) and count:
            passers.append(((blind or nil)[0], count))
    passers.sort(key=lambda passer: bidding.index(passer[0]))
    expected = tuple(
        turn for seat, count in passers for turn in ((seat, count), ((seat + 2) % 4, count))
    )
    assert found == expected
    assert pass_order(rules, bids, first) == expected  # unchecked: the engine's, the views'


@given(st.lists(passing_bids(), min_size=1, max_size=6))
def test_batch_side_passes_is_card_passes(
    drawn: list[tuple[Ruleset, tuple[Bid | None, ...], int]],
) -> None:
    """The batch engine's counts by side, complete four-player bids, under the first
    game's ruleset: what each side passes by `card_passes` (0 for none), whoever bid first.

    Rule: rule-card-pass.
    """
    rules = drawn[0][0]
    games = [bids for other, bids, _ in drawn if other.players == 4 and None not in bids]
    if rules.players != 4 or not games:
        return
    codes = np.array([[bid_code(bid) for bid in bids] for bids in games], dtype=np.int8)
    expected = []
    for bids in games:
        counts = [0, 0]
        for first in range(4):
            for seat, count in card_passes(rules, bids, first_bidder=first):
                counts[seat % 2] = count
        expected.append(counts)
    assert side_passes(rules, codes).tolist() == expected


@given(passing_states())
def test_pass_due_is_card_passes_next_turn(state: State) -> None:
    """The pass due in a passing position (the engine's, the views' and the bots' question)
    is the next of `card_passes`; outside the phase none is due.

    Rule: rule-card-pass.
    """
    order = card_passes(state.rules, state.bids, first_bidder=next_seat(state.rules, state.dealer))
    made = len(state.passes)
    assert state.phase is Phase.PASSING
    assert passes_of(state) == order
    assert pass_due(state) == order[made]
    assert state.to_move == order[made][0]
    for seat in range(4):
        assert pass_due(observe(state, seat)) == order[made]
    assert [entry.seat for entry in state.passes] == [seat for seat, _ in order[:made]]
    assert [len(entry.cards or ()) for entry in state.passes] == [n for _, n in order[:made]]
    assert pass_due(new_game(state.rules, seed=1)) == (-1, 0)
    assert passes_of(new_game(state.rules, seed=1)) == ()


@st.composite
def bidding_positions(draw: st.DrawFn, *, often_free: bool = False) -> State:
    """Four players in the bidding, or three (rule-three-players): any ruleset (often Whiz
    or Mirror, sometimes solo) and team minimum (partnerships only), any bids made before.

    The hands are dealt from a shuffled pack; the seat to move, the other seats' bids
    (blind nil among them), the looks and the scores are drawn on their own, so positions
    no played game reaches come up as well.
    """
    rules = draw(
        rulesets(players=4) | BY_SPADES_RULES | rulesets(players=3) | by_spades_rulesets(players=3)
    )
    moded = rules.bidding is not Bidding.OPEN  # no mode has a minimum (rule-suicide)
    alone = not rules.partnerships  # rule-solo, rule-three-players
    rules = attrs.evolve(
        rules,
        team_minimum=0 if moded or alone else draw(st.integers(0, 13)),
        blind_nil_deficit=draw(st.none() | st.integers(0, 100)),
    )
    if often_free and draw(st.booleans()):  # no minimum, no blind bid: `Ruleset.free_bids`
        rules = attrs.evolve(rules, team_minimum=0, blind_nil=False, blind_bid_minimum=0)
    players, size = rules.players, hand_size(rules)
    deck = draw(st.permutations(pack_cards(rules)))
    seat = draw(st.integers(0, players - 1))
    least = 0 if rules.nil or rules.zero_contract else 1
    kinds = [None, *(Bid(n) for n in range(least, size + 1))]
    if rules.blind_nil:
        kinds.append(Bid(0, blind=True))
    bids = tuple(
        None if other == seat else draw(st.sampled_from(kinds)) for other in range(players)
    )
    return build_state(
        rules=rules,
        phase=Phase.BIDDING,
        to_move=seat,
        _packed_hands=sum(
            sum(card.bit for card in deck[size * other : size * other + size]) << SHIFT[other]
            for other in range(players)
        ),
        trick=(),
        trick_leader=None,
        spades_broken=False,
        _tricks=(),
        bids=bids,
        dealer=draw(st.integers(0, players - 1)),
        round_number=1,
        scores=tuple(draw(st.integers(-300, 300)) for _ in range(rules.sides)),
        bags=(0,) * rules.sides,
        rounds=(),
        outcome=None,
        seed=1,
        looked=tuple(draw(st.booleans()) for _ in range(players)),
        passes=(),
        stock=(),
        discards=(),
        draws=(),
        exchanges=(),
    )


@given(bidding_positions())
def test_apply_bid_fast_path_is_check_move(state: State) -> None:
    """`apply`'s inline bid (no blind nil, no team minimum): legal exactly as `check_move` says.

    A seat given as a numpy integer takes the checked path; both give the same state or
    the same refusal, for every bid.

    Rules: rule-bidding, rule-nil, reading-zero-bid, rule-team-minimum, rule-suicide.
    Rules: rule-whiz, rule-mirror, rule-solo, rule-three-players.
    """
    seat = state.to_move
    assert seat is not None
    slow = np.int64(seat)
    for bid in (*(Bid(n) for n in range(20)), Bid(0, blind=True)):
        if is_legal(state, bid):
            assert apply(state, bid) == apply(state, bid, seat=slow)
            continue
        with pytest.raises(IllegalMoveError) as checked:
            apply(state, bid, seat=slow)
        with pytest.raises(IllegalMoveError) as fast:
            apply(state, bid)
        assert (fast.value.reason, str(fast.value)) == (checked.value.reason, str(checked.value))


@given(bidding_positions(often_free=True))
def test_free_bids_are_allowed_bids(state: State) -> None:
    """`Ruleset.free_bids` (`_free_bids`), where it is not empty: the seat to move has no
    blind bid, and her legal moves are exactly its numbers, as `allowed_bids` gives them.

    Rules: rule-bidding, rule-nil, reading-zero-bid, rule-team-minimum, rule-blind-nil.
    Rules: rule-blind-bids, rule-three-players.
    """
    rules, seat = state.rules, state.to_move
    assert seat is not None
    assert rules.free_bids == _free_bids(rules)
    if rules.free_bids:
        expected = tuple(rules.free_bids)
        assert allowed_bids(rules, state.bids, seat) == expected
        assert not may_bid_blind(state, seat)
        assert blind_numbers(state, seat) == ()
        assert legal_moves(state) == tuple(Bid(n) for n in expected)
    else:  # the bids read the round: a mode, a team minimum or a blind bid
        tied = rules.bidding is not Bidding.OPEN or rules.team_minimum
        assert tied or rules.blind_nil or rules.blind_bid_minimum


@pytest.mark.parametrize(
    ("rules", "free"),
    [
        (CLASSIC, range(14)),
        (Ruleset(nil=False), range(1, 14)),
        (Ruleset(nil=False, zero_contract=True), range(14)),
        (Ruleset(players=3), range(18)),
        (Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE), range(19)),
        (Ruleset(solo=True), range(14)),
        (Ruleset(team_minimum=4), range(0)),
        (Ruleset(blind_nil=True), range(0)),
        (Ruleset(blind_bid_minimum=6), range(0)),
        (Ruleset(bidding=Bidding.SUICIDE), range(0)),
        (TWO_HANDED, range(0)),
    ],
)
def test_free_bids_of_known_rulesets(rules: Ruleset, free: range) -> None:
    """Nil (or a zero contract) or 1 up to the cards of a hand; none where the round decides.

    Rules: rule-bidding, reading-zero-bid, rule-three-players, rule-team-minimum.
    """
    assert rules.free_bids == free
    if free:
        first = new_game(rules, seed=3)
        assert legal_moves(first) == tuple(Bid(n) for n in free)
        assert allowed_bids(rules, first.bids, first.to_move or 0) == tuple(free)


@given(bidding_positions())
def test_batch_bid_bits_are_legal_moves(state: State) -> None:
    """The batch engine's bids (`bid_bits` from `lowest_bids`), blind nil by its own form.

    Rules: rule-bidding, reading-zero-bid, rule-team-minimum, rule-suicide.
    Rules: rule-whiz, rule-mirror, rule-solo, rule-three-players.
    """
    assert_masks_are_legal_moves(state)


@given(rulesets(), st.integers(0, 200))
def test_bag_penalty_states_the_rule(rules: Ruleset, bags: int) -> None:
    """Short of the limit nothing; RESET once and empty; CARRY per full limit.

    Rules: rule-bag-limit.
    """
    limit, price = rules.bag_limit, rules.bag_penalty
    if bags < limit:
        expected = (0, bags)
    elif rules.bag_overflow is BagOverflow.RESET:
        expected = (-price, 0)
    else:
        expected = (-price * (bags // limit), bags % limit)
    assert bag_penalty(rules, bags) == expected


@st.composite
def games_totals(draw: st.DrawFn, *, max_games: int = 1) -> tuple[Ruleset, list[tuple[int, ...]]]:
    """A ruleset and one to ``max_games`` games' totals under it: one a side (two, or four
    when four play solo), any of them, often at the target or the floor so that they tie."""
    rules = draw(rulesets())
    edges = st.sampled_from([rules.target, rules.target + 1, rules.losing_floor or 0, 0])
    total = st.integers(-1500, 1500) | edges
    totals = st.tuples(*(total for _ in range(rules.sides)))
    return rules, draw(st.lists(totals, min_size=1, max_size=max_games))


SOLO_ENDS = Ruleset(solo=True, target=500, losing_floor=-200, round_cap=10)
THREE_ENDS = Ruleset(players=3, target=500, losing_floor=-200, round_cap=10)


@given(games_totals(), st.integers(0, 40))
@example((SOLO_ENDS, [(510, 180, 530, -40)]), 3)  # the highest at the target wins
@example((SOLO_ENDS, [(530, 180, 530, -40)]), 3)  # a shared highest plays on
@example((SOLO_ENDS, [(530, 180, 530, -40)]), 10)  # and draws at the cap
@example((SOLO_ENDS, [(300, 300, 100, -250)]), 3)  # at the floor too
@example((SOLO_ENDS, [(300, 100, 100, -250)]), 3)  # shared below the highest: no matter
@example((THREE_ENDS, [(510, 530, -40)]), 3)  # three players: the highest at the target
@example((THREE_ENDS, [(530, 530, -40)]), 10)  # a shared highest draws at the cap
@example((THREE_ENDS, [(300, 300, -250)]), 3)  # and plays on at the floor
def test_outcome_after_states_the_rule(
    drawn: tuple[Ruleset, list[tuple[int, ...]]], rounds: int
) -> None:
    """The target, the losing floor and the round cap, in that order, after a round: the
    highest total wins unless another side shares it, and a shared one draws at the cap.

    Rules: rule-game-end, rule-target, rule-losing-floor, rule-round-cap, rule-solo.
    Rule: rule-three-players.
    """
    rules, (totals,) = drawn
    outcome = outcome_after(rules, totals, rounds)
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    leader = leaders[0] if len(leaders) == 1 else None  # a shared highest: nobody leads
    floor = rules.losing_floor
    if best >= rules.target and leader is not None:
        assert (outcome.winner, outcome.termination) == (leader, Termination.TARGET)  # type: ignore[union-attr]
    elif best < rules.target and floor is not None and min(totals) <= floor and leader is not None:
        assert (outcome.winner, outcome.termination) == (leader, Termination.LOSING_FLOOR)  # type: ignore[union-attr]
    elif rules.round_cap is not None and rounds >= rules.round_cap:
        assert (outcome.winner, outcome.termination) == (leader, Termination.ROUND_CAP)  # type: ignore[union-attr]
    else:
        assert outcome is None


@given(st.permutations(DECK), st.integers(0, 25), st.integers(0, 3), st.integers(1, 2**64))
def test_exchange_with_discards_states_the_rule(
    deck: list[Card], start: int, count: int, seed: int
) -> None:
    """As many drawn from the discards as given; drawn out, given in, sorted.

    Rules: rule-exchange.
    """
    discards, hand = deck[:26], deck[26:39]
    given = sorted(random.Random(start).sample(hand, count))
    drawn, after = exchange_with_discards(discards, given, seed=seed, round_number=1, seat=0)
    assert len(drawn) == count
    assert set(drawn) <= set(discards)
    assert after == (*(card for card in discards if card not in drawn), *given)
    assert after == discards_after_exchange(discards, given=given, drawn=drawn)
    assert len(after) == 26


@given(st.permutations(DECK), st.booleans())
def test_draw_from_stock_states_the_rule(stock: list[Card], keep: bool) -> None:
    """Keep the top card and discard the next, or reject it and keep the next.

    Rules: rule-draw.
    """
    kept, discarded = draw_from_stock(stock, keep=keep)
    assert {kept, discarded} == set(stock[:2])
    assert kept is (stock[0] if keep else stock[1])


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: playable(["2C"], [], spades_broken=False), TypeError),  # type: ignore[list-item]
        (lambda: playable([], ["2C"], spades_broken=False), TypeError),  # type: ignore[list-item]
        (lambda: spades_broken_by(["2S"]), TypeError),  # type: ignore[list-item]
        (lambda: nil_points("classic", Bid(0), 0), TypeError),  # type: ignore[arg-type]
        (lambda: nil_points(CLASSIC, (0, False), 0), TypeError),  # type: ignore[arg-type]
        (lambda: nil_points(CLASSIC, Bid(0), 1.0), TypeError),  # type: ignore[arg-type]
        (lambda: nil_points(CLASSIC, Bid(0), 14), SpadesError),
        (lambda: bag_penalty(None, 3), TypeError),  # type: ignore[arg-type]
        (lambda: bag_penalty(CLASSIC, "3"), TypeError),  # type: ignore[arg-type]
        (lambda: bag_penalty(CLASSIC, -1), SpadesError),
        (lambda: outcome_after(None, (0, 0), 1), TypeError),  # type: ignore[arg-type]
        (lambda: outcome_after(CLASSIC, (0, 0, 0), 1), TypeError),
        (lambda: outcome_after(CLASSIC, (0, 0, 0, 0), 1), TypeError),
        (lambda: outcome_after(SOLO_ENDS, (0, 0), 1), TypeError),
        (lambda: outcome_after(CLASSIC, "00", 1), TypeError),  # type: ignore[arg-type]
        (lambda: outcome_after(CLASSIC, (0, True), 1), TypeError),
        (lambda: outcome_after(CLASSIC, (0, 0), None), TypeError),  # type: ignore[arg-type]
        (lambda: outcome_after(CLASSIC, (0, 0), -1), SpadesError),
        (lambda: draw_from_stock("2C3C", keep=True), TypeError),  # type: ignore[arg-type]
        (lambda: draw_from_stock(DECK, keep=1), TypeError),  # type: ignore[arg-type]
        (lambda: draw_from_stock(DECK[:1], keep=True), SpadesError),
        (lambda: draw_from_stock(["2C", "3C"], keep=True), TypeError),  # type: ignore[list-item]
        (lambda: may_bid_blind("state", 0), TypeError),  # type: ignore[arg-type]
        (lambda: may_bid_blind(apply_first_bid(), 4), SpadesError),
    ],
)
def test_the_public_rule_functions_refuse_what_is_no_input(call: Any, error: type) -> None:
    with pytest.raises(error):
        call()


def apply_first_bid() -> State:
    from spades import new_game

    return apply(new_game(CLASSIC, seed=1), Bid(3))


def test_the_public_rule_functions_take_numpy_integers_and_views() -> None:
    assert outcome_after(CLASSIC, (np.int64(510), np.int32(2)), np.int8(3)) is not None
    assert nil_points(CLASSIC, Bid(0), np.int64(0)) == 100
    assert bag_penalty(MINIOKEY, np.int64(25)) == (-200, 5)
    from spades import new_game

    state = new_game(TWO_HANDED, seed=3)
    assert may_bid_blind(observe(state, 0), 0) is may_bid_blind(state, 0) is True


# --- the other forms, pair by pair ---------------------------------------------------------


@given(rulesets(), st.booleans(), st.data())
def test_spades_open_is_may_lead_spades(rules: Ruleset, broken: bool, data: st.DataObject) -> None:
    """The unchecked form the engine, views, sampler, view check and rollouts call, up to a
    round's last trick (the 17th or 18th with three players).

    Rules: rule-spades-broken, reading-spades-lead, rule-three-players.
    """
    played = data.draw(st.integers(0, hand_size(rules) - 1))
    expected = may_lead_spades(rules, spades_broken=broken, tricks_played=played)
    assert spades_open(rules, broken, played) is expected


@given(hands_and_tricks(), leads, tricks_played)
def test_playable_bits_is_playable(
    drawn: tuple[list[Card], list[Card], bool], lead: SpadesLead, played: int
) -> None:
    """The engine's mask form of `playable`, told `spades_open`'s answer.

    Rules: rule-follow-suit, rule-spades-broken, reading-spades-lead.
    """
    hand, trick, broken = drawn
    rules = LEAD_RULES[lead]
    mask = sum(card.bit for card in hand)
    assert cards_in(
        playable_bits(rules.deck, mask, trick, spades_open(rules, broken, played))
    ) == playable(hand, trick, spades_broken=broken, rules=rules, tricks_played=played)


@given(
    leads,
    st.sampled_from([2, 3, 4]),
    st.lists(st.tuples(st.booleans(), st.integers(0, 53)), min_size=1, max_size=8),
)
def test_batch_spades_led_freely_is_may_lead_spades(
    lead: SpadesLead, players: int, games: list[tuple[bool, int]]
) -> None:
    """The batch engine's array form, ``n_played`` cards into each game's round.

    Rules: rule-spades-broken, reading-spades-lead, rule-three-players.
    """
    rules = Ruleset(players=players, spades_lead=lead)
    games = [(broken, played % (hand_size(rules) * players)) for broken, played in games]
    broken = np.array([flag for flag, _ in games], dtype=np.bool_)
    n_played = np.array([played for _, played in games], dtype=np.int8)
    expected = [
        may_lead_spades(rules, spades_broken=flag, tricks_played=played // players)
        for flag, played in games
    ]
    assert spades_led_freely(rules, broken, n_played).tolist() == expected


@st.composite
def playing_positions(draw: st.DrawFn) -> State:
    """A random position of the play: any hands, trick in progress, spades broken or not.

    The ruleset is a preset (classic and miniokey also played by three, rule-three-players)
    with any ``spades_lead`` and any `Deck`. The hands are drawn from a shuffled pack, not
    played to; the completed tricks before them take cards of the rest of it and give each
    seat a trick count (their winners drawn, not played out), and spades broken is drawn
    on its own, so the fast path meets positions no played game would reach as well.
    """
    presets = [CLASSIC, MINIOKEY, TWO_HANDED, three_of(CLASSIC), three_of(MINIOKEY)]
    preset = draw(st.sampled_from(presets))
    rules = attrs.evolve(preset, spades_lead=draw(leads), deck=draw(st.sampled_from(Deck)))
    players, most = rules.players, hand_size(rules)
    deck = list(draw(st.permutations(pack_cards(rules))))
    size = draw(st.integers(1, most))  # the cards of a seat that has not played to the trick
    leader = draw(st.integers(0, players - 1))
    played = draw(st.integers(0, players - 1))
    order = play_order(rules, leader)
    trick = tuple(deck.pop() for _ in range(played))
    hands = [0] * players
    for position, seat in enumerate(order):
        for _ in range(size - 1 if position < played else size):
            hands[seat] |= deck.pop().bit
    done_count = most - size
    winners = draw(st.lists(st.integers(0, players - 1), min_size=done_count, max_size=done_count))
    done = [tuple(deck.pop() for _ in range(players)) for _ in winners]
    if trick:
        broken = draw(st.booleans()) or any(card in deck_spades(rules) for card in trick)
    else:
        broken = draw(st.booleans())
    return build_state(
        rules=rules,
        phase=Phase.PLAYING,
        to_move=order[played],
        _packed_hands=sum(hand << SHIFT[seat] for seat, hand in enumerate(hands)),
        trick=trick,
        trick_leader=leader,
        spades_broken=broken,
        _tricks=tuple((winner, cards, winner) for winner, cards in zip(winners, done, strict=True)),
        bids=tuple(Bid(draw(st.integers(0, 6))) for _ in range(players)),
        dealer=0,
        round_number=1,
        scores=tuple(draw(st.integers(-300, 480)) for _ in range(rules.sides)),
        bags=(0,) * rules.sides,
        rounds=(),
        outcome=None,
        seed=draw(st.integers(0, 2**64)),
        looked=(False,) * players,
        passes=(),
        stock=(),
        discards=(),
        draws=(),
        exchanges=(),
    )


@given(playing_positions(), st.data())
def test_apply_fast_path_holds_to_the_references(state: State, data: st.DataObject) -> None:
    """`apply`'s inline forms: `playable`, `spades_open`, `spades_broken_by`, `winning_card`,
    `next_seat`.

    Rules: rule-follow-suit, rule-spades-broken, reading-spades-lead.
    Rules: rule-trick-winner, rule-direction, rule-three-players.
    """
    mover = state.to_move
    assert mover is not None
    rules = state.rules
    allowed = playable_now(state)
    assert legal_moves(state) == tuple(Play(card) for card in allowed)
    card = data.draw(st.sampled_from(allowed))
    after = apply(state, Play(card))
    cards = (*state.trick, card)
    same_round = after.round_number == state.round_number
    if same_round:  # a finished game keeps its last round, its last card included
        assert after.spades_broken == (state.spades_broken or spades_broken_by([card], rules=rules))
    if len(cards) < rules.players:
        assert after.to_move == next_seat(rules, mover)
        assert after.trick == cards
    else:
        leader = state.trick_leader
        assert leader is not None
        winner = trick_winner(rules, leader, cards)
        if len(state.tricks) < hand_size(rules) - 1:
            assert after.tricks[-1].winner == winner
            assert after.to_move == winner
        else:  # the last trick: the round's score counts it for the winner
            counts = [trick.winner for trick in state.tricks] + [winner]
            taken = tuple(counts.count(seat) for seat in range(rules.players))
            assert after.rounds[-1].tricks == taken
    if after.phase is Phase.PLAYING:
        assert after._playable == sum(card.bit for card in playable_now(after))


def playable_now(state: State) -> tuple[Card, ...]:
    """The cards the seat to move in ``state`` may play, by `playable` with the lead rule."""
    seat = state.to_move
    assert seat is not None
    return playable(
        state.hand(seat),
        state.trick,
        spades_broken=state.spades_broken,
        rules=state.rules,
        tricks_played=len(state.tricks),
    )


@given(playing_positions())
def test_build_state_reads_playable_and_spades_open(state: State) -> None:
    """`build_state` makes the playable cards of every state the cold paths build.

    Rules: rule-follow-suit, rule-spades-broken, reading-spades-lead.
    """
    assert cards_in(state._playable) == playable_now(state)
    assert evolve_state(state) == state


@st.composite
def last_bids(draw: st.DrawFn) -> tuple[State, Bid]:
    """A bidding position with one bid to come, and that bid: any hands and ``spades_lead``.

    Blind nil on or off, so that the bid takes `apply`'s fast path or its checked one; every
    hand seen, so that a number is legal. Four players, three (any deck: 17 or 18 cards a
    hand, rule-three-players), or two after the draw.
    """
    players = draw(st.sampled_from([2, 3, 4]))
    rules = Ruleset(
        players=players,
        deck=draw(st.sampled_from(Deck)) if players == 3 else Deck.STANDARD,
        spades_lead=draw(leads),
        blind_nil=draw(st.booleans()),
        blind_nil_deficit=None,
        blind_nil_pass=2 if players == 4 else 0,
        blind_nil_exchange=2 if players == 2 else 0,
    )
    size = hand_size(rules)
    deck = list(draw(st.permutations(pack_cards(rules))))
    hands = [
        sum(card.bit for card in deck[size * seat : size * seat + size]) for seat in range(players)
    ]
    dealer = draw(st.integers(0, players - 1))
    last = dealer  # the first bidder sits after the dealer: the dealer bids last
    made = [Bid(draw(st.integers(1, size))) for _ in range(players)]
    state = build_state(
        rules=rules,
        phase=Phase.BIDDING,
        to_move=last,
        _packed_hands=sum(hand << SHIFT[seat] for seat, hand in enumerate(hands)),
        trick=(),
        trick_leader=None,
        spades_broken=False,
        _tricks=(),
        bids=tuple(None if seat == last else bid for seat, bid in enumerate(made)),
        dealer=dealer,
        round_number=1,
        scores=(0,) * rules.sides,
        bags=(0,) * rules.sides,
        rounds=(),
        outcome=None,
        seed=1,
        looked=(players != 2,) * players,
        passes=(),
        stock=(),
        discards=deck[26:] if players == 2 else (),
        draws=(),
        exchanges=(),
    )
    return state, made[last]


@given(last_bids())
def test_the_first_lead_after_the_last_bid_is_build_states(drawn: tuple[State, Bid]) -> None:
    """`apply`'s last bid computes the leader's cards itself: `playable` with `spades_open`.

    Rules: rule-play, rule-spades-broken, reading-spades-lead, rule-three-players.
    """
    state, bid = drawn
    after = apply(state, bid)
    assert after.phase is Phase.PLAYING
    assert not after.tricks
    assert cards_in(after._playable) == playable_now(after)
    assert evolve_state(after) == after  # the cold paths' `build_state` makes the same


@given(playing_positions())
def test_rollout_plays_from_playable_with_spades_open(state: State) -> None:
    """The rollout's cards to choose from are `playable`'s, its lead by `spades_open`.

    Rules: rule-follow-suit, rule-spades-broken, reading-spades-lead.
    """
    seen = []

    def recorded(deck: Deck, hand: int, trick: Sequence[Card], led_freely: bool) -> int:
        allowed = playable_bits(deck, hand, trick, led_freely)
        seen.append(allowed)
        return allowed

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_rollout, "playable_bits", recorded)
        move = rollout_play(state)
    assert seen == [sum(card.bit for card in playable_now(state))]
    assert move in legal_moves(state)


@given(tricks(sizes=(2, 4)))
def test_batch_trick_keys_is_winning_card(cards: list[Card]) -> None:
    """The batch engine's keys pick `winning_card`.

    Rules: rule-trick-winner.
    """
    indices = np.array([[card.index for card in cards]], dtype=np.int16)
    assert cards[int(trick_keys(indices).argmax(axis=1)[0])] is winning_card(cards)


@st.composite
def deck_tricks(draw: st.DrawFn) -> tuple[Ruleset, list[Card]]:
    """A ruleset of any `Deck`, four players or three (rule-three-players), and the cards of
    a trick from the pack it deals, in the order played."""
    players = draw(st.sampled_from((4, 4, 3)))
    rules = Ruleset(players=players, deck=draw(st.sampled_from(Deck)))
    size = draw(st.integers(1, players))
    return rules, list(draw(st.permutations(pack_cards(rules)))[:size])


@given(deck_tricks())
@example((Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE), [Card.parse(t) for t in ("AS", "2S", "3D")]))
@example((Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE), [Card.parse(t) for t in ("3D", "2D", "4D")]))
@example((Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE), [Card.parse(t) for t in ("2C", "3C")]))
@example((Ruleset(players=3, deck=Deck.JOKER_JOKER_DEUCE_DEUCE), [Card.parse(t) for t in ("2H",)]))
def test_rollout_winning_bit_is_winning_card(drawn: tuple[Ruleset, list[Card]]) -> None:
    """The rollout's `_winning_bit` and `_beaters` on bits, under every deck and pack.

    Rules: rule-trick-winner, rule-decks, rule-three-players.
    """
    rules, cards = drawn
    bits = DECK_BITS[rules.pack]
    best = winning_card(cards, rules=rules)
    assert _winning_bit(tuple(card.bit for card in cards), bits) == best.bit
    for other in pack_cards(rules):
        if other not in cards:
            beats = winning_card([*cards, other], rules=rules) is other
            assert bool(_beaters(best.bit, bits) & other.bit) == beats


@given(st.sampled_from(Deck), st.data())
def test_rollout_lowest_and_highest_follow_the_decks_ranks(deck: Deck, data: st.DataObject) -> None:
    """The rollout's lowest card of a mask is of its lowest suit (clubs, diamonds, hearts,
    spades, each as the deck plays it) the lowest there by `Deck.rank_order`; its highest
    is the highest spade if it holds one, else the highest card of its highest suit.

    Rule: rule-decks.
    """
    held = data.draw(st.sets(st.sampled_from(deck.cards), min_size=1, max_size=13))
    bits = DECK_BITS[deck]
    mask = sum(card.bit for card in held)

    def place(card: Card) -> tuple[int, int]:
        return deck.suit_of(card).value, deck.rank_order(card)

    assert bits.lowest(mask) == min(held, key=place).bit
    assert bits.highest(mask) == max(held, key=place).bit


@given(playing_positions(), st.data())
def test_rollout_holds_reads_playable_and_winning_card(state: State, data: st.DataObject) -> None:
    """The rollout's ``hand & led or hand`` is `playable`, its winner `winning_card`'s.

    A card holds when it wins the trick now and no later player but the partner has a
    playable card that would win it instead.

    Rules: rule-follow-suit, rule-trick-winner.
    """
    seat = state.to_move
    assert seat is not None
    rules = state.rules
    allowed = playable_now(state)
    card = data.draw(st.sampled_from(allowed))
    cards = [*state.trick, card]
    later = play_order(rules, seat)[1 : rules.players - len(state.trick)]
    mate = (seat + 2) % 4 if rules.players == 4 else None
    holds = winning_card(cards, rules=rules) is card and not any(
        winning_card([*cards, answer], rules=rules) is answer
        for other in later
        if other != mate
        for answer in playable(state.hand(other), cards, spades_broken=True, rules=rules)
    )
    assert _holds(state, seat, card.bit, state.hand_masks, DECK_BITS[rules.pack]) == holds


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=52))
def test_batch_breaks_spades_is_spades_broken_by(played: list[Card]) -> None:
    """The batch engine's per-card form, folded over a round.

    Rules: rule-spades-broken.
    """
    indices = np.array([card.index for card in played], dtype=np.int64)
    assert bool(breaks_spades(indices).any()) == spades_broken_by(played)


@st.composite
def rounds_scored(draw: st.DrawFn) -> tuple[Ruleset, list[Bid], list[int], tuple[int, ...]]:
    """A ruleset, each seat's bid (nil, blind nil and blind numbers among them), tricks and
    each side's bags before (four sides solo, three for three players: their bids and
    tricks up to 17 or 18, rule-three-players)."""
    rules = draw(rulesets())
    players, size = rules.players, hand_size(rules)
    kinds = [Bid(n) for n in range(size + 1)]
    if rules.nil:
        kinds.append(Bid(0, blind=True))
    if rules.blind_bid_minimum:  # numbers bid blind, whose tricks count twice
        kinds += [Bid(n, blind=True) for n in range(rules.blind_bid_minimum, size + 1)]
    bids = draw(st.lists(st.sampled_from(kinds), min_size=players, max_size=players))
    cuts = sorted(draw(st.lists(st.integers(0, size), min_size=players - 1, max_size=players - 1)))
    tricks = [high - low for low, high in zip([0, *cuts], [*cuts, size], strict=True)]
    limit = rules.bag_limit
    bags = tuple(draw(st.integers(0, limit - 1)) for _ in range(rules.sides))
    return rules, bids, tricks, bags


@given(rounds_scored())
def test_batch_score_sides_is_score_round(drawn: Any) -> None:
    """Arrays and reference, a side's seats ``seat % rules.sides`` (each her own solo).

    Rules: rule-scoring, rule-nil-scoring, rule-nil-tricks, rule-bag-limit, rule-blind-bids.
    Rule: rule-solo.
    """
    rules, bids, tricks, bags = drawn
    score = score_round(rules, bids, tricks, bags)
    codes = np.array([[bid_code(bid) for bid in bids]])
    points, after = score_sides(rules, codes, np.array([tricks]), np.array([bags], np.int64))
    assert tuple(points[0].tolist()) == score.points
    assert tuple(after[0].tolist()) == score.bags
    for number, side in enumerate(score.sides):  # the named parts add up in the reference too
        seats = [seat for seat in range(rules.players) if seat % rules.sides == number]
        nils = [nil_points(rules, bids[seat], tricks[seat]) for seat in seats if bids[seat].n == 0]
        assert side.nil_points == sum(nils)


TEN_FOR_200 = Ruleset(ten_for_two_hundred=True)
ZERO_BAGS = Ruleset(nil=False, zero_contract=True, nil_tricks=NilTricks.BAGS)
THREE_TEN_FOR_200 = Ruleset(players=3, ten_for_two_hundred=True, blind_bid_minimum=12)


@given(rounds_scored())
@example((TEN_FOR_200, [Bid(6), Bid(2), Bid(4), Bid(1)], [5, 2, 5, 1], (0, 0)))  # 10 made
@example((TEN_FOR_200, [Bid(6), Bid(2), Bid(4), Bid(1)], [4, 3, 5, 1], (0, 0)))  # 10 set
@example((ZERO_BAGS, [Bid(0), Bid(3), Bid(4), Bid(3)], [2, 3, 3, 5], (0, 0)))  # zero's tricks
@example((THREE_TEN_FOR_200, [Bid(10), Bid(2), Bid(3)], [11, 3, 3], (0, 0, 0)))  # 10 alone
@example((THREE_TEN_FOR_200, [Bid(14, blind=True), Bid(1), Bid(1)], [13, 2, 2], (0, 0, 0)))
def test_contract_points_state_the_rule(drawn: Any) -> None:
    """Ten a trick of the contract, 200 for ten or more under 10-for-200, and ten more a
    trick bid blind on top of either; won or lost.

    The contract adds up the numbered bids; a zero contract's tricks count toward it.

    A side is a partnership, or a player alone (two players, three, or four solo).

    Rules: rule-contract, rule-contract-points, rule-ten-for-two-hundred, reading-zero-bid.
    Rule: rule-blind-bids.
    Rule: reading-blind-ten-for-two-hundred.
    Rules: rule-solo, rule-three-players.
    """
    rules, bids, tricks, bags = drawn
    score = score_round(rules, bids, tricks, bags)
    for number, side in enumerate(score.sides):
        seats = [seat for seat in range(rules.players) if seat % rules.sides == number]
        assert side.contract == sum(bids[seat].n for seat in seats)
        if rules.zero_contract:  # no nil: every bid is a contract and every trick counts
            assert side.tricks == sum(tricks[seat] for seat in seats)
        assert side.made == (side.tricks >= side.contract)
        big = rules.ten_for_two_hundred and side.contract >= 10
        blind = sum(bids[seat].n for seat in seats if bids[seat].blind)
        worth = (200 if big else 10 * side.contract) + 10 * blind
        assert side.contract_points == (worth if side.made else -worth)


@given(rounds_scored())
def test_batch_contract_worth_is_score_rounds(drawn: Any) -> None:
    """The batch engine's worth of each side's contract, made or missed; the tricks of
    numbers bid blind count twice. Each side's, four of them solo.

    Rules: rule-contract-points, rule-ten-for-two-hundred, rule-blind-bids, rule-solo.
    """
    rules, bids, tricks, bags = drawn
    score = score_round(rules, bids, tricks, bags)
    contracts = np.array([side.contract for side in score.sides], dtype=np.int64)
    sides = rules.sides
    blind = np.array(
        [
            sum(bid.n for seat, bid in enumerate(bids) if bid.blind and seat % sides == side)
            for side in range(sides)
        ],
        dtype=np.int64,
    )
    expected = [abs(side.contract_points) for side in score.sides]
    assert contract_worth(rules, contracts, blind).tolist() == expected


@given(rounds_scored())
def test_batch_nil_bids_is_nil_points(drawn: Any) -> None:
    """The batch engine's nil bids are those `nil_points` scores (a zero contract not).

    Rules: rule-nil-scoring, reading-zero-bid.
    """
    rules, bids, _, _ = drawn
    counted = attrs.evolve(rules, nil_value=1, blind_nil_value=1)  # a nil scores: not 0
    codes = np.array([bid_code(bid) for bid in bids], dtype=np.int64)
    expected = [nil_points(counted, bid, 0) != 0 for bid in bids]
    assert nil_bids(rules, codes).tolist() == expected


@given(rounds_scored())
def test_rollout_counted_tricks_is_score_rounds_count(drawn: Any) -> None:
    """The rollout counts as `score_round` (a failed nil too, and a zero contract), side by
    side (four solo).

    Rules: rule-contract, rule-nil-tricks, reading-zero-bid, rule-solo.
    """
    rules, bids, tricks, bags = drawn
    score = score_round(rules, bids, tricks, bags)
    for side in range(rules.sides):
        seats = tuple(seat for seat in range(rules.players) if seat % rules.sides == side)
        assert counted_tricks(rules, tuple(bids), tuple(tricks), seats) == score.sides[side].tricks


def test_the_rollout_counts_a_solo_nils_tricks_as_bags() -> None:
    """A solo nil bidder's tricks are her bags whatever ``nil_tricks`` says: none count.

    Rules: rule-solo, rule-nil-tricks.
    """
    rules = Ruleset(solo=True, nil_tricks=NilTricks.COUNT)
    bids, taken = (Bid(0), Bid(4), Bid(3), Bid(4)), (2, 4, 1, 6)
    assert score_round(rules, bids, taken).sides[0].tricks == 0
    assert counted_tricks(rules, bids, taken, (0,)) == 0


def test_the_rollout_counts_a_failed_nil_only_where_the_score_does() -> None:
    """A nil bidder who took two tricks helps her side's contract under COUNT.

    Rules: rule-nil-tricks.
    """
    bids = (Bid(0), Bid(4), Bid(3), Bid(4))
    taken = (2, 0, 1, 0)
    assert counted_tricks(CLASSIC, bids, taken, (0, 2)) == 3
    assert CLASSIC.nil_tricks is NilTricks.COUNT
    assert counted_tricks(MINIOKEY, bids, taken, (0, 2)) == 1


def test_the_rollout_counts_a_zero_contracts_tricks_as_the_score_does() -> None:
    """A zero contract's two tricks help her side's contract whatever ``nil_tricks`` says.

    Rules: reading-zero-bid, rule-contract.
    """
    bids = (Bid(0), Bid(4), Bid(3), Bid(4))
    taken = (2, 4, 1, 6)
    for nil_tricks in NilTricks:
        rules = Ruleset(nil=False, zero_contract=True, nil_tricks=nil_tricks)
        assert counted_tricks(rules, bids, taken, (0, 2)) == 3
        assert score_round(rules, bids, taken).sides[0].tricks == 3


SOLO_TOTALS: Final = [
    (510, 180, 530, -40),  # the highest at the target wins
    (530, 180, 530, -40),  # a shared highest plays on, and draws at the cap
    (300, 300, 100, -250),  # at the floor too
    (300, 100, 100, -250),  # shared below the highest: no matter
]


@given(games_totals(max_games=20), st.integers(1, 40))
@example((SOLO_ENDS, SOLO_TOTALS), 3)
@example((SOLO_ENDS, SOLO_TOTALS), 10)
def test_batch_outcomes_is_outcome_after(
    drawn: tuple[Ruleset, list[tuple[int, ...]]], rounds: int
) -> None:
    """The batch engine's termination codes and winners, games by sides (four solo).

    Rules: rule-game-end, rule-solo.
    """
    rules, scores = drawn
    winners, codes = outcomes(rules, np.array(scores, dtype=np.int64), np.full(len(scores), rounds))
    for totals, winner, code in zip(scores, winners.tolist(), codes.tolist(), strict=True):
        outcome = outcome_after(rules, totals, rounds)
        if outcome is None:
            assert (winner, code) == (NONE, NONE)
        else:
            assert TERMINATIONS[code] is outcome.termination
            assert winner == (NONE if outcome.winner is None else outcome.winner)


@st.composite
def blind_nil_questions(draw: st.DrawFn) -> State:
    """A position of the four-player bidding (solo too), of the three-player bidding
    (rule-three-players) or of the two-player draw, scores (one a side) and looks drawn."""
    rules = draw(rulesets().filter(lambda rules: rules.blind_nil))
    players = rules.players
    scores = tuple(draw(st.integers(-600, 600)) for _ in range(rules.sides))
    dealer = draw(st.integers(0, players - 1))
    fields: dict[str, Any] = {
        "rules": rules,
        "trick": (),
        "trick_leader": None,
        "spades_broken": False,
        "_tricks": (),
        "dealer": dealer,
        "round_number": 1,
        "scores": scores,
        "bags": (0,) * rules.sides,
        "rounds": (),
        "outcome": None,
        "seed": 1,
        "passes": (),
        "exchanges": (),
    }
    deck = list(draw(st.permutations(pack_cards(rules))))
    if players != 2:
        looked = tuple(draw(st.lists(st.booleans(), min_size=players, max_size=players)))
        hands = [sum(card.bit for card in deck[seat::players]) for seat in range(players)]
        return build_state(
            **fields,
            phase=Phase.BIDDING,
            to_move=draw(st.integers(0, players - 1)),
            _packed_hands=sum(hand << SHIFT[seat] for seat, hand in enumerate(hands)),
            bids=(None,) * players,
            looked=looked,
            stock=(),
            discards=(),
            draws=(),
        )
    turns = draw(st.integers(0, 3))
    draws, hands = [], [0, 0]
    for turn in range(turns):
        seat = (dealer + turn) % 2
        kept, discarded = deck.pop(), deck.pop()
        draws.append(DrawTurn(seat, kept, discarded))
        hands[seat] |= kept.bit
    declared = draw(st.lists(st.booleans(), min_size=2, max_size=2))
    return build_state(
        **fields,
        phase=Phase.DRAWING,
        to_move=(dealer + turns) % 2,
        _packed_hands=hands[0] | hands[1] << SHIFT[1],
        bids=tuple(Bid(0, blind=True) if flag else None for flag in declared),
        looked=(False, False),
        stock=tuple(deck),
        discards=tuple(turn.discarded for turn in draws),
        draws=tuple(draws),
    )


@given(blind_nil_questions())
def test_batch_may_bid_blind_is_may_bid_blind(state: State) -> None:
    """The batch's array form, seat to move, against the leading other side.

    Rules: rule-blind-nil-eligibility, rule-double-nil, rule-solo, rule-three-players.
    """
    seat = state.to_move
    assert seat is not None
    arrays = arrays_of([state], state.rules, 0)
    batch = batch_may_bid_blind(state.rules, arrays, np.array([0]))
    assert bool(batch[0]) == may_bid_blind(state, seat)
    assert int(arrays["bids"][0, seat]) in {NONE, BLIND}


@given(st.lists(st.permutations(DECK), min_size=1, max_size=5), st.data())
def test_batch_drawn_cards_is_draw_from_stock(
    stocks: list[list[Card]], data: st.DataObject
) -> None:
    """The batch engine's draw turn, kept and discarded cards.

    Rules: rule-draw.
    """
    keep = data.draw(st.lists(st.booleans(), min_size=len(stocks), max_size=len(stocks)))
    top = np.array([stock[0].index for stock in stocks], dtype=np.int8)
    below = np.array([stock[1].index for stock in stocks], dtype=np.int8)
    kept, discarded = drawn_cards(top, below, np.array(keep))
    for stock, flag, one, other in zip(
        stocks, keep, kept.tolist(), discarded.tolist(), strict=True
    ):
        assert (DECK[one], DECK[other]) == draw_from_stock(stock, keep=flag)


@given(
    st.lists(st.integers(0, 2**128 - 1), min_size=1, max_size=3),
    st.integers(1, 2**40),
    st.sampled_from([1, 130]),
)
def test_batch_round_decks_is_round_deck(seeds: list[int], number: int, copies: int) -> None:
    """The batch's shuffle, one game at a time and on arrays (128 and up).

    Rules: rule-seeded-deal.
    """
    listed = (seeds * copies)[: max(len(seeds), copies)]
    decks = round_decks(listed, [number] * len(listed))
    for seed, deck in zip(listed, decks.tolist(), strict=True):
        assert deck == [card.index for card in round_deck(seed, number)]


@given(playing_positions().filter(lambda state: state.rules.players == 4))
def test_batch_legal_bits_are_legal_moves(state: State) -> None:
    """The batch engine's mask of the play, its lead by `spades_led_freely`.

    Rules: rule-follow-suit, rule-spades-broken, reading-spades-lead.
    """
    expected = sorted(
        action for move in legal_moves(state) for action in actions_of(move, state.rules)
    )
    assert np.flatnonzero(Batch.from_states([state]).legal_mask()[0]).tolist() == expected


@given(states(max_moves=80, phases=[Phase.DRAWING, Phase.BIDDING, Phase.PLAYING]))
def test_batch_and_encoding_masks_are_legal_moves(state: State) -> None:
    """The batch's and the encoding's masks of a position are its legal moves.

    The positions are random walks of random rulesets; the mask's actions are those of
    the seat's legal moves.

    Rules: rule-play, rule-bidding, rule-draw.
    """
    assert_masks_are_legal_moves(state)


def assert_masks_are_legal_moves(state: State) -> None:
    """The batch's mask and the encoding's of ``state`` are the actions of its legal moves."""
    seat = state.to_move
    assert seat is not None
    expected = sorted(
        action for move in legal_moves(state) for action in actions_of(move, state.rules)
    )
    assert np.flatnonzero(Batch.from_states([state]).legal_mask()[0]).tolist() == expected
    assert np.flatnonzero(action_mask(observe(state, seat))).tolist() == expected
