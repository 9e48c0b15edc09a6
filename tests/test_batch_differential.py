"""`spades.batch` against the reference engine: the same games, compared at every step.

A `Batch` must play exactly the games `spades.apply` plays. `Lockstep` holds a batch and
its games as reference states (with the cards chosen so far in each pass or exchange)
and moves both by the same actions; after every step

- each game's legal actions (`Batch.legal_mask`) are the encoding's `action_mask` of the
  view of the seat to move after the cards chosen so far, and none once the game is over;
- `Batch.to_states` are the reference states and `Batch.selections` the cards chosen;
- `is_over`, `to_move`, `phase`, `scores`, `bags`, `round_number`, `winner`,
  `rounds_played` and `round_points` read what the states say (the points of the last
  completed round, zeros before one).

Games: every preset to its end (with a target of 150 and a losing floor, so that games
end), random rulesets from `spades.strategies.rulesets`, and rulesets where the rare
moves come up: blind nil with a pass of one to three cards, double nil with an exchange
of none to three, no nil, losing floors and round caps; and every ``spades_lead``, four
players both ways round and two players, whose runs must lead spades unbroken exactly
where the reading allows (`spades.batch._legal.spades_led_freely` is also compared with
`spades._trick.spades_open` on every input); and zero contracts, team minimums and
10-for-200, four players both ways round and two players where the switch is theirs,
whose runs must bid a zero contract, bid the lowest a team minimum leaves, go without
blind nil for a minimum, and make and miss contracts of 10 or more, as the switch has it
(`spades.batch._legal.lowest_bids` and `bid_bits` are also compared with `lowest_bid` and
the reference's bids on every input, and `spades.batch._round.score_sides` with
`score_round` on random rounds under the switches); and the card pass after a nil
(`nil_pass`) and a blind nil (`blind_nil_pass` up to 4), four players both ways round,
whose runs must pass for a nil, for a blind nil, for both sides and for a side of both
kinds as the counts say (`spades.batch._moves.side_passes` is also compared with
`card_passes` on random bids), and two players under both readings of when double nil is
declared, whose runs must declare it at that chance only; and Suicide, four players both
ways round, whose runs must bid nil first and a number first, then the other
(`spades.batch._legal.suicide_bits` is also compared with `allowed_bids` on every
input); and Whiz and Mirror, with a card pass after a nil and under a zero contract too,
whose runs must bid the bidder's number of spades, nil (Whiz) and nil with no spades
(`spades.batch._legal.spades_bits` is also compared with `allowed_bids` on every holding
of spades); and blind numbers (with and without blind nil, under a team minimum, with
deficits met and not met), whose runs must bid them, make and miss them (their tricks
counting twice) and look (`spades.batch._legal.blind_number_bits` is also compared with
`blind_numbers` on every input, and `score_sides` with `score_round` on blind numbers);
and both joker decks with Whiz, Mirror, a card pass after a nil, spades led any time and
after the first trick, four players both ways round and two players, the fallback played
at some seats, whose runs must lead, follow, trump, break spades and win with the jokers
and the 2♦ of Joker-Joker-Deuce-Deuce (`trick_keys`, `breaks_spades`, the shuffle and
`spades_bits` are also compared with `winning_card`, `spades_broken_by`, `round_deck` and
`allowed_bids` under every deck on random inputs); and solo games (four players each on
her own: four sides), over every source preset four play and under blind nil, blind
numbers, 10-for-200, zero contracts and the joker decks with Whiz and Mirror, both ways
round, whose runs must make and set a solo nil (her tricks her bags even where a nil's
tricks count toward a partner's contract), open blind nil to a player who trails the
leading other player but is not the last, and close it to one who is not the leader but
trails it by less (`score_sides`, `outcomes` and `trails_by` are also compared with
`score_round`, `outcome_after` and `spades._legal.trails_by` on random four-side inputs);
and three players (each on her own: three sides) under every deck to the end of the game,
and under blind nil, blind numbers from 1 and from 14, Whiz with 10-for-200, Mirror with
spades led any time and zero contracts, both ways round, whose runs must deal 17 or 18
cards from the pack of 51 or 54, bid above 13 open and blind, make and set nils (her
tricks her bags) and play the cards four do not deal; a hand of 16 spades bids 16
(`score_sides`, `trails_by` and the shuffle are also compared with `score_round`,
`spades._legal.trails_by` and `round_deck` on three-player inputs and vectors).
Fixed runs of named rulesets check that the passes, the exchanges, blind nil and
double nil really come up, so that the tests cannot quietly stop playing them; planned
rounds tie at the target, at the floor and at the round cap. Positions: `Batch.from_states`
of positions `spades.strategies.states` reaches (over, mid-trick, mid-draw, in the exchange, after a
pass) reads back and plays on in lockstep. `Batch.play_out` and `Batch.deal_random` play
and deal what the same actions and the same generator would, and the fallback actions are
`spades.bots.fallback_move`'s.

The conformance vectors (``conformance/*.json``) pass through the batch: each legal
case's legal actions, its moves entered action by action, the refusals of its illegal
moves; each scoring case by the batch's own scoring (`spades.batch._round.score_sides`);
each first-round deck of a seed; and every recorded game, move by move.

Sizes follow the hypothesis profile (``HYPOTHESIS_PROFILE``): ``thorough`` plays more.

Rules: rule-card-pass, rule-double-nil, rule-exchange, rule-blind-nil.
Rules: rule-spades-broken, reading-spades-lead.
Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
Rules: reading-card-pass, reading-double-nil-timing.
Rule: rule-suicide.
Rules: rule-whiz, rule-mirror.
Rule: rule-blind-bids.
Rule: rule-decks.
Rule: rule-solo.
Rule: rule-three-players.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import (
    OPEN_BLIND_NIL,
    OPEN_DOUBLE_NIL,
    SOURCE_PRESETS,
    blind_nil_rulesets,
    deck_for,
    plan_round,
    winners_for,
)
from spades import (
    CLASSIC,
    DECK,
    JOKERS,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    BagOverflow,
    Bid,
    Bidding,
    Card,
    Deck,
    Direction,
    DoubleNilTiming,
    Exchange,
    Look,
    NilTricks,
    Outcome,
    Pass,
    Phase,
    Play,
    Ruleset,
    SpadesError,
    SpadesLead,
    State,
    Suit,
    Termination,
    allowed_bids,
    apply,
    card_passes,
    lowest_bid,
    new_game,
    observe,
    parse_move,
    records,
    round_deck,
    score_round,
    seats_of,
    spades_broken_by,
    winning_card,
)
from spades._card_pass import pass_due
from spades._cards import ALL_CARDS
from spades._legal import bid_moves, blind_number_moves, trails_by, trails_enough
from spades._trick import spades_open
from spades.batch import PHASES, Batch, IllegalActionsError
from spades.batch._codes import BID_OF, BLIND, NONE
from spades.batch._legal import (
    BLIND_NUMBER_SHIFT,
    bid_bits,
    blind_number_bits,
    lowest_bids,
    spades_bits,
    spades_led_freely,
    suicide_bits,
)
from spades.batch._legal import trails_by as batch_trails_by
from spades.batch._moves import breaks_spades, side_passes, trick_keys
from spades.batch._round import score_sides
from spades.batch._shuffle import round_decks
from spades.bots import fallback_move
from spades.encoding import (
    ACTIONS,
    BID_ACTIONS,
    BLIND_NIL,
    BLIND_NUMBER_ACTIONS,
    END_EXCHANGE,
    LOOK,
    action_mask,
    actions_of,
    advance,
)
from spades.records import GameRecord
from spades.strategies import rulesets, states

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    import numpy.typing as npt
    from hypothesis.strategies import SearchStrategy

    from spades import Move

    Actions = npt.NDArray[np.int64]
    Policy = Callable[[Batch, np.random.Generator], Actions]

VECTORS = Path(__file__).resolve().parent.parent / "conformance"
SCALE = max(1, settings().max_examples // 100)
"""How many times the fixed runs' games are played: 1 under dev and ci, 20 under thorough."""


WAYS = ("clockwise", "counterclockwise")
"""The two ways round of four (and three) players' runs."""


def runs(names: Sequence[str], ways: Sequence[str] = WAYS) -> list[Any]:
    """Parameters (name, way) of each of ``names`` each way of ``ways``, ids "name way".

    Of each name's runs both ways round, one is quick (clockwise for the first name, then
    the ways alternate) and the other is among the ``slow`` tests: the batch turns the
    seats alike under every switch, so the second way round adds volume, not reach
    (tests/conftest.py). Other ways (two players) are always quick.
    """
    params = []
    for index, name in enumerate(names):
        for way in ways:
            slow = way in WAYS and way != WAYS[index % 2]
            marks = [pytest.mark.slow] if slow else []
            params.append(pytest.param(name, way, id=f"{name} {way}", marks=marks))
    return params


# A step checked against the reference costs some 0.3 ms a game (to_states, a view and
# a mask each): the hypothesis tests run a fifth of the profile's examples.
FEW = settings(max_examples=max(5, settings().max_examples // 5))
SEEDS = st.integers(0, 2**64)
"""Game seeds, up to the first that numpy's 64-bit integers do not hold."""
CHOOSING = (Phase.PASSING, Phase.EXCHANGING)
ROUND_STEPS = 130
"""Steps enough for two rounds (a round is 52 plays and at most 8 bids, or 26 draws)."""


# --- the lockstep ------------------------------------------------------------------------


def by_index(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.index))


def same_states(got: Sequence[State], expected: Sequence[State], where: str) -> None:
    """The batch's states are the reference's: else the first game that differs, and how."""
    assert len(got) == len(expected), where
    for game, (mine, theirs) in enumerate(zip(got, expected, strict=True)):
        if mine != theirs:
            ours, reference = records.to_data(mine), records.to_data(theirs)
            assert isinstance(ours, dict)
            assert isinstance(reference, dict)
            fields = [name for name in reference if ours.get(name) != reference[name]]
            pytest.fail(f"{where}, game {game}: the batch's state differs in {fields}")


def readings(states: Sequence[State]) -> dict[str, list[Any]]:
    """What each of `Batch`'s properties should read for these states, by property."""
    return {
        "is_over": [state.is_over for state in states],
        "to_move": [-1 if state.to_move is None else state.to_move for state in states],
        "phase": [PHASES.index(state.phase) for state in states],
        "scores": [list(state.scores) for state in states],
        "bags": [list(state.bags) for state in states],
        "round_number": [state.round_number for state in states],
        "winner": [
            -1 if state.outcome is None or state.outcome.winner is None else state.outcome.winner
            for state in states
        ],
        "rounds_played": [len(state.rounds) for state in states],
        "round_points": [
            list(state.rounds[-1].points) if state.rounds else [0] * state.rules.sides
            for state in states
        ],
    }


def check_readings(batch: Batch, states: Sequence[State], where: str) -> None:
    for name, values in readings(states).items():
        np.testing.assert_array_equal(
            getattr(batch, name), np.array(values), err_msg=f"{name}, {where}"
        )


def expected_masks(
    states: Sequence[State], selections: Sequence[tuple[Card, ...]]
) -> npt.NDArray[np.bool_]:
    """The encoding's mask for the seat to move in each game; all False once it is over."""
    masks = np.zeros((len(states), ACTIONS), dtype=np.bool_)
    for game, (state, selected) in enumerate(zip(states, selections, strict=True)):
        if state.to_move is not None:
            masks[game] = action_mask(observe(state, state.to_move), selected) == 1
    return masks


def check_masks(got: npt.NDArray[np.bool_], expected: npt.NDArray[np.bool_], where: str) -> None:
    assert got.shape == expected.shape, where
    assert got.dtype == np.bool_, where
    for game in np.flatnonzero((got != expected).any(axis=1)).tolist():
        pytest.fail(
            f"{where}, game {game}: the batch allows {np.flatnonzero(got[game]).tolist()}, "
            f"the encoding {np.flatnonzero(expected[game]).tolist()}"
        )


def events(state: State, action: int, move: Move | None, after: State | None) -> list[str]:
    """What an action in ``state`` went through: its phase, and the rare moves by name.

    ``move`` is the move the action completed and ``after`` the state it made (both None
    while a choice of cards goes on).
    """
    found = [state.phase.value]
    rules = state.rules
    if action == BLIND_NIL:
        found.append("double nil" if state.phase is Phase.DRAWING else "blind nil")
    if state.phase is Phase.BIDDING and action == BID_ACTIONS.start:
        found.append("a zero contract" if rules.zero_contract else "nil")
    if state.phase is Phase.BIDDING and rules.team_minimum:
        found += minimum_events(state, action)
    if isinstance(move, Bid) and rules.bidding is Bidding.SUICIDE:
        found.append(suicide_event(state, move))
    if isinstance(move, Bid) and rules.bidding in (Bidding.WHIZ, Bidding.MIRROR):
        found.append(spades_event(state, move))
    if rules.blind_bid_minimum and state.phase is Phase.BIDDING:
        found += blind_number_events(state, move)
    if after is not None and rules.blind_bid_minimum and len(after.rounds) > len(state.rounds):
        score = after.rounds[-1]
        found += [
            "a blind number " + ("made" if score.sides[side].made else "set")
            for side in range(rules.sides)
            if any(score.bids[seat].blind and score.bids[seat].n for seat in seats_of(rules, side))
        ]
        found += [  # reading-blind-ten-for-two-hundred: ten a blind trick on top of the 200
            "a blind number in a contract of 10 or more " + ("made" if side.made else "set")
            for number, side in enumerate(score.sides)
            if rules.ten_for_two_hundred
            and side.contract >= 10
            and any(
                score.bids[seat].blind and score.bids[seat].n for seat in seats_of(rules, number)
            )
        ]
    if after is not None and rules.ten_for_two_hundred and len(after.rounds) > len(state.rounds):
        found += [
            f"a contract of {side.contract} " + ("made" if side.made else "set")
            for side in after.rounds[-1].sides
            if side.contract >= 10
        ]
    if action == BLIND_NIL and state.phase is Phase.DRAWING:
        chosen = sum(turn.seat == state.to_move for turn in state.draws)
        found.append(f"double nil after {chosen} draw choices")
    last_bid = after is not None and after.phase is not Phase.BIDDING
    if rules.partnerships and state.phase is Phase.BIDDING and last_bid:
        assert after is not None
        found += pass_events(after)
    if isinstance(move, Pass):
        found.append(f"a pass of {len(move.cards)} for a {passing_kind(state)}")
    if isinstance(move, Exchange):
        found.append(f"an exchange of {len(move.cards)} of {state.rules.blind_nil_exchange}")
    if isinstance(move, Play) and rules.pack.jokers:
        found += deck_events(state, move.card, after)
    if isinstance(move, Play) and led_freely(state, move.card):
        found.append(
            "a spade led unbroken in " + ("trick 1" if not state.tricks else "a later trick")
        )
    if after is not None and state.phase in CHOOSING and after.phase is Phase.PLAYING:
        found.append(f"play after the {state.phase.value}")
    if rules.solo:
        found += solo_events(state, action, after)
    if rules.players == 3:
        found += three_events(state, action, move, after)
    if after is not None and after.outcome is not None:
        found.append(f"ended by {after.outcome.termination.value}")
    elif after is not None and after.round_number > state.round_number:
        found.append("a next round")
    return found


TWO_OF_DIAMONDS = Card.parse("2D")


def deck_events(state: State, card: Card, after: State | None) -> list[str]:
    """What a card played under a joker deck went through: a joker, or the 2♦ of
    Joker-Joker-Deuce-Deuce, led, played to a trick led in spades or in another suit (a
    trump), breaking spades, and winning the trick (over which spades)."""
    deck = state.rules.pack
    two_of_diamonds = card == TWO_OF_DIAMONDS and card.bit & deck.spades
    special = "a joker" if card in JOKERS else "the 2D" if two_of_diamonds else None
    if special is None:
        return []
    if not state.trick:
        found = [f"{special} led"]
    elif deck.suit_of(state.trick[0]) is Suit.SPADES:
        found = [f"{special} played to spades"]
    else:
        found = [f"{special} trumps"]
    if not state.spades_broken:
        found.append(f"{special} breaks spades")
    if after is not None and len(state.trick) == state.rules.players - 1:
        cards = (*state.trick, card)
        if winning_card(cards, rules=state.rules) is card:
            beaten = [held for held in cards if held is not card and held.bit & deck.spades]
            found.append(f"{special} wins over {'a spade' if beaten else 'no spade'}")
    return found


def passing_kind(state: State) -> str:
    """The kind of nil the side of the seat to move passes for: a blind nil if it has one."""
    seat = state.to_move
    assert seat is not None
    bids = [state.bids[seat], state.bids[(seat + 2) % 4]]
    return "blind nil" if Bid(0, blind=True) in bids else "nil"


def pass_events(state: State) -> list[str]:
    """What the four bids of a round went through: how many sides pass cards, a side whose
    blind nil and nil pass as one, and a nil or blind nil left without a pass."""
    passes = card_passes(
        state.rules, state.bids, first_bidder=state.rules.orders_of_play[state.dealer][1]
    )
    found = [f"{len(passes) // 2} sides pass"]
    passing = {seat % 2 for seat, _ in passes}
    for side in (0, 1):
        bids = {state.bids[side], state.bids[side + 2]}
        if {Bid(0), Bid(0, blind=True)} <= bids:
            found.append("a side of a blind nil and a nil")
        if bids & {Bid(0), Bid(0, blind=True)} and side not in passing:
            found.append("a nil side that passes no card")
    return found


def minimum_events(state: State, action: int) -> list[str]:
    """What a bid (or a look) under a team minimum went through: the least its bidder might
    bid, and whether the minimum closed blind nil to a bidder who had not looked."""
    seat = state.to_move
    assert seat is not None
    lowest = lowest_bid(state.rules, state.bids, seat)
    found = []
    if lowest and action == BID_ACTIONS.start + lowest:
        found.append("the lowest bid a team minimum leaves")
    partner = state.bids[(seat + 2) % 4]
    if not lowest and partner is not None and action == BID_ACTIONS.start and state.rules.nil:
        found.append("nil, the partner's bid reaching the minimum")
    if lowest and state.rules.blind_nil and not state.looked[seat]:
        found.append("blind nil closed by a team minimum")
    return found


def blind_number_events(state: State, move: Move | None) -> list[str]:
    """What a bid or a look went through where the rules have blind numbers: a blind
    number (at the least a team minimum leaves, or by a side trailing by the deficit), a
    look while one was open, and blind numbers closed by the score."""
    seat = state.to_move
    assert seat is not None
    rules = state.rules
    found = []
    trailing = trails_by(rules.blind_bid_deficit, state.scores, seat)
    if isinstance(move, Bid) and move.blind and move.n:
        found.append("a blind number")
        least = lowest_bid(rules, state.bids, seat)
        if least > rules.blind_bid_minimum and move.n == least:
            found.append("a blind number at the least a team minimum leaves")
        if rules.blind_bid_deficit:
            found.append("a blind number by a side trailing by the deficit")
    if move == Look() and blind_number_moves(state, seat):
        found.append("a look while blind numbers are open")
    if not state.looked[seat] and not trailing:
        found.append("blind numbers closed by the score")
    return found


def suicide_event(state: State, bid: Bid) -> str:
    """What a bid under Suicide was: nil or a number, first of her side or after her
    partner's nil or number."""
    assert state.to_move is not None
    partner = state.bids[(state.to_move + 2) % 4]
    kind = "nil" if bid.n == 0 else "a number" if bid.n >= 4 else f"a bid of {bid.n}"
    if partner is None:
        return f"suicide: {kind} first"
    return f"suicide: {kind} after " + ("a nil" if partner.n == 0 else "a number")


def spades_event(state: State, bid: Bid) -> str:
    """What a bid under Whiz or Mirror was: nil (a bid of zero), her number of spades, or
    another number, and whether she held no spades."""
    assert state.to_move is not None
    deck = state.rules.pack
    count = sum(deck.suit_of(card) is Suit.SPADES for card in state.hand(state.to_move))
    kind = "nil" if bid.n == 0 else "her number" if bid.n == count else "another number"
    void = ", holding no spades" if not count else ""
    return f"{state.rules.bidding.value}: {kind}{void}"


def solo_events(state: State, action: int, after: State | None) -> list[str]:
    """What a solo game went through (rule-solo): a nil made, or set with her tricks as her
    bags; blind nil open to a player who trails the leading other player by the deficit
    but is not the last, or closed to one who is not the leader but trails it by less;
    a round after which the highest total is shared."""
    rules, seat, found = state.rules, state.to_move, []
    assert seat is not None
    if state.phase is Phase.BIDDING and rules.blind_nil and not state.looked[seat]:
        mine, others = state.scores[seat], [s for n, s in enumerate(state.scores) if n != seat]
        if trails_enough(rules, state.scores, seat) and mine > min(others):
            found.append("blind nil open to a player above the last")
        if not trails_enough(rules, state.scores, seat) and mine < max(others):
            found.append("blind nil closed to a player trailing by less")
        if action == BLIND_NIL:
            found.append("a solo blind nil")
    if after is not None and len(after.rounds) > len(state.rounds):
        score = after.rounds[-1]
        for bid, taken, side in zip(score.bids, score.tricks, score.sides, strict=True):
            if bid.n == 0 and not rules.zero_contract:
                found.append("a solo nil set, her tricks her bags" if taken else "a solo nil made")
                assert side.nil_bags == taken  # rule-solo, whatever nil_tricks says
        if after.scores.count(max(after.scores)) > 1:
            found.append("a shared highest total")
    return found


def led_freely(state: State, card: Card) -> bool:
    """Whether ``card`` leads a spade before spades are broken from a hand of other suits
    too: what only `SpadesLead.ANY_TIME` and `SpadesLead.AFTER_FIRST_TRICK` allow."""
    deck = state.rules.pack
    if state.trick or state.spades_broken or deck.suit_of(card) is not Suit.SPADES:
        return False
    assert state.to_move is not None
    return any(deck.suit_of(held) is not Suit.SPADES for held in state.hand(state.to_move))


class Lockstep:
    """A batch and the same games by the reference engine, moved by the same actions.

    ``selections[i]`` are the cards chosen so far in game ``i``'s pass or exchange, in
    the order chosen, as the encoding's `advance` returns them; ``seen`` counts what the
    actions went through (`events`). Made, and after every step, it checks the batch
    against the states (`check`).
    """

    def __init__(self, batch: Batch, states: Sequence[State]) -> None:
        self.batch = batch
        self.states = list(states)
        self.selections: list[tuple[Card, ...]] = [()] * len(self.states)
        self.seen: Counter[str] = Counter()
        self.steps = 0
        self.check()

    @classmethod
    def of_seeds(cls, rules: Ruleset, seeds: Sequence[int], *, dealer: int = 0) -> Lockstep:
        return cls(
            Batch.from_seeds(rules, seeds, dealer=dealer),
            [new_game(rules, seed=seed, dealer=dealer) for seed in seeds],
        )

    def check(self) -> None:
        """The batch's masks, states, selections and readings are the reference's."""
        batch, where = self.batch, f"after {self.steps} steps"
        assert len(batch) == len(self.states), where
        same_states(batch.to_states(), self.states, where)
        assert batch.selections() == [by_index(cards) for cards in self.selections], where
        check_masks(batch.legal_mask(), expected_masks(self.states, self.selections), where)
        check_readings(batch, self.states, where)

    def step(self, actions: Actions) -> None:
        """Move every game that goes on by its action, in the batch and by the reference."""
        before, old = self.batch, list(self.states)
        self.batch = before.step(actions)
        for game, state in enumerate(old):
            if state.to_move is None:
                continue
            action, selected = int(actions[game]), self.selections[game]
            result = advance(observe(state, state.to_move), selected, action)
            if isinstance(result, tuple):
                self.seen.update(events(state, action, None, None))
                self.selections[game] = result
            else:
                after = apply(state, result)
                self.seen.update(events(state, action, result, after))
                self.states[game], self.selections[game] = after, ()
        if self.steps == 0:  # a step leaves the batch it was taken from as it was
            same_states(before.to_states(), old, "the batch stepped from")
        self.steps += 1

    def run(
        self, rng: np.random.Generator, *, steps: int, policy: Policy | None = None
    ) -> Lockstep:
        """Up to ``steps`` steps of ``policy`` (uniform legal actions), checked after each."""
        choose = policy or (lambda batch, generator: batch.random_actions(generator))
        for _ in range(steps):
            if self.batch.is_over.all():
                break
            self.step(choose(self.batch, rng))
            self.check()
        return self


def steady(batch: Batch, rng: np.random.Generator) -> Actions:
    """Uniform legal actions, but modest bids: from nil to 3 in even games; from 1 to 3 in
    odd games, which never bid blind nil or double nil either. Odd games mostly end at the
    target, even ones at the floor."""
    actions = batch.random_actions(rng)
    mask = batch.legal_mask()
    for game in np.flatnonzero(~batch.is_over).tolist():
        allowed = mask[game].copy()
        bids = np.zeros(ACTIONS, dtype=np.bool_)
        bids[BID_ACTIONS.start + game % 2 : BID_ACTIONS.start + 4] = True
        if game % 2 and allowed[BLIND_NIL]:
            allowed[BLIND_NIL] = False
        elif not (allowed & bids).any():
            continue
        if (allowed & bids).any():
            allowed &= bids
        actions[game] = int(rng.choice(np.flatnonzero(allowed)))
    return actions


def eager(batch: Batch, rng: np.random.Generator) -> Actions:
    """Uniform legal actions, but blind nil (double nil) wherever it is allowed in even
    games, and the end of an exchange wherever it is allowed half of the time: the rare
    moves come up in a few games."""
    actions = batch.random_actions(rng)
    mask = batch.legal_mask()
    blind = mask[:, BLIND_NIL] & (np.arange(len(batch)) % 2 == 0)
    actions[blind] = BLIND_NIL
    ending = mask[:, END_EXCHANGE] & (rng.random(len(batch)) < 0.5)
    actions[ending] = END_EXCHANGE
    return actions


def by_seat(policies: str | Sequence[str]) -> Policy:
    """The actions `Batch.play_out` takes for ``policies``, from the same generator.

    The fallback actions are checked on the way: where the seat to move plays the
    fallback rule, each is the next action of `fallback_move` in the game's state (its
    cards in order); elsewhere it is legal.
    """

    def policy(batch: Batch, rng: np.random.Generator) -> Actions:
        names = [policies] * batch.rules.players if isinstance(policies, str) else list(policies)
        table = np.array([name == "fallback" for name in names])
        fallback = batch.fallback_actions()
        mask = batch.legal_mask()
        games = zip(batch.to_states(), batch.selections(), strict=True)
        for game, (state, chosen) in enumerate(games):
            if state.to_move is None:
                assert fallback[game] == -1
            elif table[state.to_move]:
                expected = actions_of(fallback_move(state), batch.rules)[len(chosen)]
                assert fallback[game] == expected, (game, state.phase, chosen)
            else:
                assert mask[game, fallback[game]], (game, state.phase, chosen)
        if not table.any():
            return batch.random_actions(rng)
        random = batch.random_actions(rng) if not table.all() else fallback
        return np.where(table[np.maximum(batch.to_move, 0)], fallback, random)

    return policy


@attrs.frozen
class Start:
    """New games as `new_game` deals them: the rules, each game's seed, the dealer, and
    each game's first deck when it is not its seed's."""

    rules: Ruleset
    seeds: tuple[int, ...]
    dealer: int
    decks: tuple[tuple[Card, ...], ...] | None

    def lockstep(self) -> Lockstep:
        if self.decks is None:
            return Lockstep.of_seeds(self.rules, self.seeds, dealer=self.dealer)
        batch = Batch.from_decks(self.rules, self.decks, seeds=self.seeds, dealer=self.dealer)
        games = [
            new_game(self.rules, seed=seed, dealer=self.dealer, deck=deck)
            for seed, deck in zip(self.seeds, self.decks, strict=True)
        ]
        return Lockstep(batch, games)


@st.composite
def starts(draw: st.DrawFn, rules: SearchStrategy[Ruleset]) -> Start:
    """One to three new games of a drawn ruleset, from seeds or (sometimes) drawn decks."""
    ruleset = draw(rules)
    seeds = tuple(draw(st.lists(SEEDS, min_size=1, max_size=3)))
    dealer = draw(st.integers(0, ruleset.players - 1))
    dealt = draw(st.booleans())
    own = tuple(draw(st.permutations(ruleset.pack.cards).map(tuple)) for _ in seeds)
    return Start(ruleset, seeds, dealer, own if dealt else None)


def ending_soon(rules: SearchStrategy[Ruleset]) -> SearchStrategy[Ruleset]:
    """These rulesets, and as often the same capped at one or two rounds (so games end)."""
    return rules.flatmap(
        lambda drawn: st.sampled_from(
            [drawn, attrs.evolve(drawn, round_cap=1), attrs.evolve(drawn, round_cap=2)]
        )
    )


# --- whole games and random rulesets -----------------------------------------------------


def short(rules: Ruleset) -> Ruleset:
    """``rules`` with a target of 150 and, if it has none, a losing floor of -150."""
    floor = -150 if rules.losing_floor is None else rules.losing_floor
    return attrs.evolve(rules, target=150, losing_floor=floor)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_plays_whole_games_as_the_reference(name: str) -> None:
    """Every step of whole games under each preset (to 150) is the reference's."""
    rules = short(PRESETS[name])
    seeds = [2**64 - 1 - game for game in range(3 * SCALE)]
    lock = Lockstep.of_seeds(rules, seeds, dealer=1).run(
        np.random.default_rng(11), steps=3000, policy=steady
    )
    assert lock.batch.is_over.all()
    assert lock.seen["a next round"] > 0


def test_the_preset_games_end_both_at_the_target_and_at_the_floor() -> None:
    """Whole games reach both ends of the game, so that the scoring of both is compared,
    from seeds up to 2**128 - 1 (their later rounds dealt from the seed, as the first).

    Rules: rule-target, rule-losing-floor, rule-seeded-deal.
    """
    seen: Counter[str] = Counter()
    for rules in (short(CLASSIC), short(MINIOKEY), short(TWO_HANDED)):
        seeds = [5, 2**64, 2**100, 2**128 - 1]
        lock = Lockstep.of_seeds(rules, seeds, dealer=rules.players - 1).run(
            np.random.default_rng(2), steps=3000, policy=steady
        )
        assert lock.batch.is_over.all()
        seen += lock.seen
    assert seen["ended by target"] > 0
    assert seen["ended by losing_floor"] > 0


@FEW
@given(starts(ending_soon(rulesets())), st.integers(0, 2**32 - 1))
def test_random_rulesets_play_as_the_reference(start: Start, seed: int) -> None:
    """Two rounds (or the game) of random rulesets, seeds and dealers, in lockstep."""
    lock = start.lockstep().run(np.random.default_rng(seed), steps=ROUND_STEPS)
    assert lock.steps > 0


# --- leading spades ------------------------------------------------------------------------


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
@pytest.mark.parametrize("players", [2, 4])
def test_batch_spades_led_freely_is_spades_open_on_every_input(
    lead: SpadesLead, players: int
) -> None:
    """The batch's form of the lead rule, for every count of cards a round has played while
    it goes on (13 tricks of ``players`` cards), broken or not, is `spades_open` of the
    completed tricks (rule-spades-broken, reading-spades-lead)."""
    rules = attrs.evolve(TWO_HANDED if players == 2 else CLASSIC, spades_lead=lead)
    counts = range(13 * players)
    for broken in (False, True):
        flags = np.full(len(counts), broken)
        got = spades_led_freely(rules, flags, np.array(counts, dtype=np.int8))
        expected = [spades_open(rules, broken, count // players) for count in counts]
        assert got.tolist() == expected, broken


LEADS = {
    "broken": (SpadesLead.BROKEN, set(), {"trick 1", "a later trick"}),
    "any time": (SpadesLead.ANY_TIME, {"trick 1", "a later trick"}, set()),
    "after the first trick": (SpadesLead.AFTER_FIRST_TRICK, {"a later trick"}, {"trick 1"}),
}
"""Each ``spades_lead``: where spades are led unbroken from a hand of other suits, and where
never."""


@pytest.mark.parametrize(
    "base", [CLASSIC, MINIOKEY, TWO_HANDED], ids=["clockwise", "counterclockwise", "two players"]
)
@pytest.mark.parametrize("name", list(LEADS))
def test_every_spades_lead_plays_as_the_reference(name: str, base: Ruleset) -> None:
    """Two rounds of games under each ``spades_lead``, four players both ways round and two
    players, in lockstep: spades are led before they are broken, from hands of other suits
    too, exactly where the reading allows (so that these runs cannot quietly stop leading
    them), in the round's first trick or a later one.

    Rules: rule-spades-broken, reading-spades-lead.
    """
    lead, must, never = LEADS[name]
    rules = attrs.evolve(base, spades_lead=lead)
    lock = Lockstep.of_seeds(rules, [300 + game for game in range(12 * SCALE)]).run(
        np.random.default_rng(len(name)), steps=ROUND_STEPS
    )
    seen = {
        kind
        for kind in ("trick 1", "a later trick")
        if lock.seen[f"a spade led unbroken in {kind}"]
    }
    assert must <= seen, f"never came up: {sorted(must - seen)}; seen {dict(lock.seen)}"
    assert not never & seen, f"came up: {sorted(never & seen)}"
    assert lock.seen["a next round"] > 0


# --- zero contracts, team minimums, 10-for-200 --------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_batch_lowest_bids_is_lowest_bid_on_every_input(players: int) -> None:
    """The batch's form of the team minimum, for every minimum, seat and partner's bid
    (none yet, nil to 13, blind nil), is `lowest_bid` of the same bids; two players (who
    have no minimum) may always bid from zero.

    Rule: rule-team-minimum.
    """
    codes = [NONE, *range(14), BLIND]
    minimums = range(14) if players == 4 else [0]
    for minimum in minimums:
        base = TWO_HANDED if players == 2 else CLASSIC
        rules = attrs.evolve(base, team_minimum=minimum)
        rows, seats, expected = [], [], []
        for seat in range(players):
            for code in codes:
                row = [NONE] * players
                if players == 4:
                    row[(seat + 2) % 4] = code
                rows.append(row)
                seats.append(seat)
                bids = [None if each == NONE else BID_OF[each] for each in row]
                expected.append(lowest_bid(rules, bids, seat))
        got = lowest_bids(rules, np.array(rows, dtype=np.int8), np.array(seats))
        assert got.tolist() == expected, minimum


ZERO_READINGS = {
    "nil": Ruleset(),
    "zero contract": Ruleset(nil=False, zero_contract=True),
    "no zero bid": Ruleset(nil=False),
}


@pytest.mark.parametrize("reading", list(ZERO_READINGS))
def test_batch_bid_bits_are_the_references_bids_from_every_lowest(reading: str) -> None:
    """The batch's numbered bids, from every lowest bid a team minimum may leave (and from
    none), are the bids the reference lists (`spades._legal.bid_moves`, under a minimum of
    13 after each bid of the partner's, and without a minimum): zero where it is nil or a
    contract.

    Rules: reading-zero-bid, rule-team-minimum.
    """
    free = ZERO_READINGS[reading]
    rules = attrs.evolve(free, team_minimum=13)
    lowest = np.arange(14)
    bits = [*bid_bits(rules, lowest).tolist(), int(bid_bits(free, None))]
    references = [bid_moves(rules, [None, None, Bid(13 - n), None], 0) for n in range(14)]
    references.append(bid_moves(free, [None] * 4, 0))
    for n, (allowed, moves) in enumerate(zip(bits, references, strict=True)):
        assert [bit for bit in range(14) if allowed >> bit & 1] == [move.n for move in moves], n


def test_batch_suicide_bits_are_allowed_bids_on_every_input() -> None:
    """The batch's form of Suicide, for every seat, every bid of her partner's (none yet,
    nil to 13, blind nil) and the opponents' bids around them, is `allowed_bids` of the
    same bids: nil or 4 to 13 first, 4 to 13 after a nil, nil after a number.

    Rule: rule-suicide.
    """
    rules = Ruleset(bidding=Bidding.SUICIDE)
    codes = [NONE, *range(14), BLIND]
    others = [NONE, 0, 5, 13]
    rows, seats, expected = [], [], []
    for seat in range(4):
        for partner in codes:
            for left in others:
                for right in others:
                    row = [NONE] * 4
                    row[(seat + 2) % 4] = partner
                    row[(seat + 1) % 4], row[(seat + 3) % 4] = left, right
                    rows.append(row)
                    seats.append(seat)
                    bids = [None if code == NONE else BID_OF[code] for code in row]
                    expected.append(allowed_bids(rules, bids, seat))
    got = suicide_bits(np.array(rows, dtype=np.int8), np.array(seats))
    assert [tuple(n for n in range(14) if bits >> n & 1) for bits in got.tolist()] == expected
    assert {expected[0], expected[16], expected[48]} == {
        (0, *range(4, 14)),
        tuple(range(4, 14)),
        (0,),
    }


@st.composite
def switched_rounds(draw: st.DrawFn) -> tuple[Ruleset, list[Bid], list[int], list[int]]:
    """A ruleset with zero contracts or 10-for-200 (or both), four players, three or two
    (solo too, when `rulesets` draws it), and a round's bids, tricks and bags before,
    contracts of 10 and more often among them; bids and tricks to the hand size (13, or
    17 or 18 for three, rule-three-players)."""
    rules = draw(rulesets())
    zero = draw(st.booleans())
    if zero:
        rules = attrs.evolve(
            rules,
            nil=False,
            blind_nil=False,
            nil_pass=0,
            zero_contract=True,
            bidding=Bidding.OPEN,
        )
    ten = not zero or draw(st.booleans())  # blind numbers: blind_rounds
    rules = attrs.evolve(rules, blind_bid_minimum=0, ten_for_two_hundred=ten)
    players, hand = rules.players, rules.hand_size
    high = st.integers(10 // (players // 2), hand)
    numbers = st.integers(0, hand)
    numbers = st.one_of(numbers, high) if rules.zero_contract else numbers
    kinds = [Bid(0, blind=True)] if rules.blind_nil else []
    bids = draw(
        st.lists(
            st.one_of(numbers.map(Bid), st.sampled_from(kinds or [Bid(1)])),
            min_size=players,
            max_size=players,
        )
    )
    cuts = sorted(draw(st.lists(st.integers(0, hand), min_size=players - 1, max_size=players - 1)))
    tricks = [high_ - low for low, high_ in zip([0, *cuts], [*cuts, hand], strict=True)]
    limit = rules.bag_limit
    bags = [draw(st.integers(0, limit - 1)) for _ in range(rules.sides)]
    return rules, bids, tricks, bags


def assert_scored_as_score_round(
    rules: Ruleset, bids: list[Bid], tricks: list[int], bags: list[int]
) -> None:
    """The batch scores the round as `score_round` does: the points and the bags after."""
    score = score_round(rules, bids, tricks, tuple(bags))
    codes = np.array([[BID_OF.index(bid) for bid in bids]])
    points, after = score_sides(rules, codes, np.array([tricks]), np.array([bags], np.int64))
    assert tuple(points[0].tolist()) == score.points
    assert tuple(after[0].tolist()) == score.bags


@given(switched_rounds())
def test_batch_score_sides_is_score_round_under_zero_contracts_and_ten_for_two_hundred(
    drawn: tuple[Ruleset, list[Bid], list[int], list[int]],
) -> None:
    """The batch's scoring of a round, pair by pair with `score_round`, where a bid of zero
    is a contract and contracts of 10 or more are worth 200.

    Rules: reading-zero-bid, rule-ten-for-two-hundred, rule-bags.
    """
    assert_scored_as_score_round(*drawn)


MODEST_BIDS = 4
"""Modest bidders bid one of the four lowest bids open to them."""


def modest(batch: Batch, rng: np.random.Generator) -> Actions:
    """Uniform legal actions, but bids among the `MODEST_BIDS` lowest open: zero contracts,
    and the lowest a team minimum leaves, come up often."""
    actions = batch.random_actions(rng)
    mask = batch.legal_mask()
    bidding = np.flatnonzero(mask[:, BID_ACTIONS].any(axis=1)).tolist()
    for game in bidding:
        open_bids = np.flatnonzero(mask[game, BID_ACTIONS])[:MODEST_BIDS] + BID_ACTIONS.start
        if not mask[game, BLIND_NIL] or rng.random() < 0.5:
            actions[game] = int(rng.choice(open_bids))
    return actions


def ambitious(batch: Batch, rng: np.random.Generator) -> Actions:
    """One side of each game (side ``game % 2``) bids 10 or more between them and plays its
    highest legal card, the other bids low and plays its lowest: contracts of 10 and more
    are made and missed. No blind nil, no double nil."""
    actions = batch.random_actions(rng)
    mask = batch.legal_mask()
    players = batch.rules.players  # a solo player bids 10 alone
    for game, state in enumerate(batch.to_states()):
        seat = state.to_move
        if seat is None or state.phase in CHOOSING:
            continue
        allowed = mask[game].copy()
        allowed[BLIND_NIL] = False
        bold = seat % 2 == game % 2
        if allowed[BID_ACTIONS].any():
            open_bids = np.flatnonzero(allowed[BID_ACTIONS])
            want = (10 if players == 2 or batch.rules.solo else 5) if bold else 1
            actions[game] = BID_ACTIONS.start + int(open_bids[open_bids >= want].min(initial=13))
        elif state.phase is Phase.PLAYING:
            cards = np.flatnonzero(allowed[:52])
            actions[game] = int(cards.max() if bold else cards.min())
        else:
            actions[game] = int(rng.choice(np.flatnonzero(allowed)))
    return actions


SWITCHES: dict[str, tuple[dict[str, Any], Policy, set[str], set[str]]] = {
    "zero contract": (
        {"nil": False, "blind_nil": False, "zero_contract": True},
        modest,
        {"a zero contract"},
        {"nil", "blind nil", "double nil"},
    ),
    "team minimum 2": (
        {"team_minimum": 2},
        modest,
        {"the lowest bid a team minimum leaves", "nil, the partner's bid reaching the minimum"},
        set(),
    ),
    "team minimum 13, blind nil": (
        {"team_minimum": 13, "blind_nil": True, "blind_nil_deficit": None},
        modest,
        {"the lowest bid a team minimum leaves", "blind nil closed by a team minimum", "blind nil"},
        set(),
    ),
    "team minimum 6, zero contract": (
        {"team_minimum": 6, "nil": False, "blind_nil": False, "zero_contract": True},
        modest,
        {"the lowest bid a team minimum leaves", "a zero contract"},
        {"nil"},
    ),
    "10-for-200": (
        {"ten_for_two_hundred": True},
        ambitious,
        {"a contract of 10 made", "a contract of 10 set"},
        set(),
    ),
    "10-for-200, team minimum 10": (
        {"ten_for_two_hundred": True, "team_minimum": 10},
        ambitious,
        {"a contract of 10 made", "a contract of 10 set"},
        set(),
    ),
}
"""Each switch (and some together): the changes to the ruleset, the policy of its runs,
what the runs must go through and what never."""


BASES = {"clockwise": CLASSIC, "counterclockwise": MINIOKEY, "two players": TWO_HANDED}
SWITCH_RUNS = [
    *runs([name for name, (changes, *_) in SWITCHES.items() if "team_minimum" in changes]),
    *runs(
        [name for name, (changes, *_) in SWITCHES.items() if "team_minimum" not in changes],
        list(BASES),
    ),
]
"""Each switch, four players both ways round, and two players where it is theirs."""


@pytest.mark.parametrize(("name", "base"), SWITCH_RUNS)
def test_zero_contracts_team_minimums_and_ten_for_two_hundred_play_as_the_reference(
    name: str, base: str
) -> None:
    """Two rounds of games under each switch, four players both ways round and two players
    where the switch is theirs (a team minimum is not), in lockstep: the bids, the masks
    and the scores are the reference's, and the runs go through what the switch changes
    (so that they cannot quietly stop doing it).

    Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
    """
    changes, policy, must, never = SWITCHES[name]
    rules = attrs.evolve(BASES[base], **changes)
    lock = Lockstep.of_seeds(rules, [500 + game for game in range(12 * SCALE)]).run(
        np.random.default_rng(len(name)), steps=ROUND_STEPS, policy=policy
    )
    seen = set(lock.seen)
    assert not must - seen, f"never came up: {sorted(must - seen)}; seen {dict(lock.seen)}"
    assert not never & seen, f"came up: {sorted(never & seen)}"
    assert lock.seen["a next round"] > 0


SUICIDE_BIDS = {
    "suicide: nil first",
    "suicide: a number first",
    "suicide: a number after a nil",
    "suicide: nil after a number",
}
"""What Suicide allows: each kind of a side's first bid, and the other after it."""


@pytest.mark.parametrize("base", ["clockwise", "counterclockwise"])
def test_suicide_bids_play_as_the_reference(base: str) -> None:
    """Two rounds of games under Suicide, four players both ways round, in lockstep: the
    masks offer each bidder what Suicide leaves her, and the runs bid nil first and a
    number first, then the other, and never anything else (so that they cannot quietly
    stop doing it).

    Rule: rule-suicide.
    """
    rules = attrs.evolve(BASES[base], bidding=Bidding.SUICIDE)
    lock = Lockstep.of_seeds(rules, [600 + game for game in range(12 * SCALE)]).run(
        np.random.default_rng(23), steps=ROUND_STEPS, policy=nil_happy
    )
    bids = {kind for kind in lock.seen if kind.startswith("suicide: ")}
    assert bids == SUICIDE_BIDS, dict(lock.seen)
    assert lock.seen["a next round"] > 0


BY_SPADES = {
    "whiz": Ruleset(bidding=Bidding.WHIZ),
    "mirror": Ruleset(bidding=Bidding.MIRROR),
    "whiz zero contract": Ruleset(bidding=Bidding.WHIZ, nil=False, zero_contract=True),
    "mirror zero contract": Ruleset(bidding=Bidding.MIRROR, nil=False, zero_contract=True),
}
"""Whiz and Mirror, with nil and with a zero contract in nil's place (rule-whiz,
rule-mirror, reading-zero-bid)."""


@pytest.mark.parametrize("name", list(BY_SPADES))
def test_batch_spades_bits_are_allowed_bids_on_every_holding_of_spades(name: str) -> None:
    """The batch's form of Whiz and Mirror, for every set of spades a bidder may hold (the
    8192 of them, the rest of her 13 cards of other suits), at every seat and whoever has
    bid before her, is `allowed_bids` of her hand: her number of spades, or nil too under
    Whiz; nil (a bid of zero) alone with no spades.

    Rules: rule-whiz, rule-mirror.
    """
    rules = BY_SPADES[name]
    spades = [card for card in DECK if card.suit is Suit.SPADES]
    others = [card for card in DECK if card.suit is not Suit.SPADES]
    rng = np.random.default_rng(len(name))
    hands = np.zeros((1 << 13, 4), dtype=np.uint64)
    seats = np.arange(1 << 13) % 4
    expected = []
    for subset in range(1 << 13):
        held = [card for k, card in enumerate(spades) if subset >> k & 1]
        fill = rng.permutation(len(others))[: 13 - len(held)]
        hand = held + [others[k] for k in fill.tolist()]
        hands[subset, seats[subset]] = sum(card.bit for card in hand)
        bids = [Bid(subset % 14) if seat < seats[subset] else None for seat in range(4)]
        expected.append(allowed_bids(rules, bids, int(seats[subset]), hand=hand))
    got = spades_bits(rules, hands, seats)
    assert [tuple(n for n in range(14) if bits >> n & 1) for bits in got.tolist()] == expected
    whiz = rules.bidding is Bidding.WHIZ
    assert expected[0] == (0,)
    assert expected[0b111] == ((0, 3) if whiz else (3,))
    assert expected[-1] == ((0, 13) if whiz else (13,))


CLUBS, REST = DECK[:13], DECK[13:]
WITHOUT_SPADES = {1: CLUBS, 2: REST[0::3], 3: REST[1::3], 0: REST[2::3]}
"""Seat 1 holds the clubs and no spades: the one bid of zero is all Whiz and Mirror leave
her. The others share the rest."""
SPADES_RUNS: dict[str, tuple[dict[str, Any], set[str]]] = {
    "whiz": ({}, {"whiz: nil", "whiz: her number", "whiz: nil, holding no spades"}),
    "mirror": ({}, {"mirror: her number", "mirror: nil, holding no spades"}),
    "whiz nil pass 2": (
        {"nil_pass": 2},
        {"whiz: nil", "whiz: her number", "whiz: nil, holding no spades", "a pass of 2 for a nil"},
    ),
    "mirror nil pass 2": (
        {"nil_pass": 2},
        {"mirror: her number", "mirror: nil, holding no spades", "a pass of 2 for a nil"},
    ),
    "whiz zero contract": (
        {"nil": False, "zero_contract": True},
        {"whiz: nil", "whiz: her number", "whiz: nil, holding no spades", "a zero contract"},
    ),
    "mirror zero contract": (
        {"nil": False, "zero_contract": True},
        {"mirror: her number", "mirror: nil, holding no spades", "a zero contract"},
    ),
}
"""Whiz and Mirror, with a card pass after a nil and with a zero contract: the changes to
the ruleset and what the runs must go through (of the bids, nothing else)."""


@pytest.mark.parametrize(("name", "base"), runs(list(SPADES_RUNS)))
def test_whiz_and_mirror_bids_play_as_the_reference(name: str, base: str) -> None:
    """Two rounds of games under Whiz and Mirror, four players both ways round, with a card
    pass after a nil and with a zero contract, in lockstep (one game dealt seat 1 no
    spades): the masks offer each bidder what her spades leave her, and the runs bid her
    number of spades, nil under Whiz, the one zero with no spades, pass for the nil as
    the ruleset says, and never another bid (so that they cannot quietly stop doing it).

    Rules: rule-whiz, rule-mirror, rule-card-pass, reading-zero-bid.
    """
    changes, must = SPADES_RUNS[name]
    mode = Bidding.WHIZ if name.startswith("whiz") else Bidding.MIRROR
    rules = attrs.evolve(BASES[base], bidding=mode, **changes)
    games = [new_game(rules, seed=800 + game) for game in range(12 * SCALE)]
    games.append(new_game(rules, seed=0, deck=deck_for(rules, 0, WITHOUT_SPADES)))
    lock = Lockstep(Batch.from_states(games), games).run(
        np.random.default_rng(len(name)), steps=ROUND_STEPS, policy=nil_happy
    )
    seen = {kind for kind in lock.seen if kind.startswith(f"{mode.value}: ")}
    seen |= {kind for kind in lock.seen if kind.startswith(("a pass of", "a zero contract"))}
    assert seen == must, dict(lock.seen)
    assert lock.seen["a next round"] > 0


# --- decks with jokers -----------------------------------------------------------------


JOKER_DECKS = [Deck.JOKER_JOKER_ACE, Deck.JOKER_JOKER_DEUCE_DEUCE]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("deck", list(Deck), ids=lambda deck: deck.value)
def test_batch_trick_keys_and_breaks_spades_are_the_references_under_every_deck(
    deck: Deck, players: int
) -> None:
    """The batch's forms of the trick and breaking rules under each deck, on random tricks of
    its cards and on each card: the highest key is `winning_card`'s card (big joker > little
    joker > 2♦ > 2♠ > ace under Joker-Joker-Deuce-Deuce), and a card breaks spades as
    `spades_broken_by` says (the jokers and that 2♦ do).

    Rules: rule-decks, rule-trick-winner, rule-spades-broken.
    """
    rules = Ruleset(deck=deck)
    cards = [card.index for card in deck.cards]
    rng = np.random.default_rng(players)
    tricks = np.array([rng.choice(cards, players, replace=False) for _ in range(3000)])
    spades = [card.index for card in deck.spade_cards]
    tricks[:500, 0] = rng.choice(spades, 500)  # tricks led in spades, as often as needed
    tricks = tricks[[len(set(trick)) == players for trick in tricks.tolist()]]
    keys = trick_keys(tricks.astype(np.int16), deck).argmax(axis=1)
    for trick, key in zip(tricks.tolist(), keys.tolist(), strict=True):
        played = [ALL_CARDS[index] for index in trick]
        assert played[key] is winning_card(played, rules=rules), played
    broken = breaks_spades(np.array(cards), deck).tolist()
    assert broken == [spades_broken_by([ALL_CARDS[index]], rules=rules) for index in cards]
    assert sum(broken) == len(deck.spade_cards)


@pytest.mark.parametrize("deck", list(Deck), ids=lambda deck: deck.value)
def test_batch_round_decks_are_round_deck_under_every_deck(deck: Deck) -> None:
    """The batch's shuffle of each deck, game by game (a few games) and on arrays (from 128),
    deals `round_deck` of the ruleset's deck; `Batch.deal_random` deals the deck's 52 cards.

    Rules: rule-decks, rule-seeded-deal.
    """
    rules = Ruleset(deck=deck)
    for games in (3, 130):
        seeds = [2**127 + 7 * game for game in range(games)]
        numbers = [1 + game % 5 for game in range(games)]
        expected = [
            [card.index for card in round_deck(seed, number, rules=rules)]
            for seed, number in zip(seeds, numbers, strict=True)
        ]
        assert round_decks(seeds, numbers, deck).tolist() == expected
    for state in Batch.deal_random(rules, 4, np.random.default_rng(1)).to_states():
        assert sorted(card for hand in state.hands for card in hand) == list(deck.cards)


@pytest.mark.parametrize("bidding", [Bidding.WHIZ, Bidding.MIRROR], ids=lambda mode: mode.value)
@pytest.mark.parametrize("deck", JOKER_DECKS, ids=lambda deck: deck.value)
def test_batch_spades_bits_count_the_decks_spades(deck: Deck, bidding: Bidding) -> None:
    """The batch's Whiz and Mirror under a joker deck offer what `allowed_bids` offers, on
    random hands of the deck and on hands of none to all of its spades: the bidder's spades
    are the deck's, the jokers (and the 2♦ of Joker-Joker-Deuce-Deuce) among them.

    Rules: rule-decks, rule-whiz, rule-mirror.
    """
    rules = Ruleset(deck=deck, bidding=bidding)
    spades = list(deck.spade_cards)[::-1]  # the highest first
    others = [card for card in deck.cards if card not in spades]
    rng = np.random.default_rng(5)
    hands = [[*spades[:count], *others[: 13 - count]] for count in range(14)]
    hands += [
        [deck.cards[k] for k in rng.choice(52, 13, replace=False).tolist()] for _ in range(400)
    ]
    seats = np.arange(len(hands)) % 4
    masks = np.zeros((len(hands), 4), dtype=np.uint64)
    for row, hand in enumerate(hands):
        masks[row, seats[row]] = sum(card.bit for card in hand)
    got = spades_bits(rules, masks, seats)
    expected = [
        allowed_bids(rules, [None] * 4, int(seats[row]), hand=hand)
        for row, hand in enumerate(hands)
    ]
    assert [tuple(n for n in range(14) if bits >> n & 1) for bits in got.tolist()] == expected
    assert expected[13][-1] == 13  # thirteen of the deck's spades: a bid of 13


DECK_RUNS: dict[str, tuple[dict[str, Any], Policy | None]] = {
    "four players": ({}, None),
    "counterclockwise, whiz, nil pass 2": (
        {"direction": MINIOKEY.direction, "bidding": Bidding.WHIZ, "nil_pass": 2},
        None,
    ),
    "mirror, the fallback at seats 0 and 2": (
        {"bidding": Bidding.MIRROR},
        by_seat(["fallback", "random", "fallback", "random"]),
    ),
    "spades led any time": ({"spades_lead": SpadesLead.ANY_TIME}, None),
    "spades led after the first trick": ({"spades_lead": SpadesLead.AFTER_FIRST_TRICK}, None),
    "two players, the fallback at seat 1": ({"players": 2}, by_seat(["random", "fallback"])),
}
"""A joker deck with the other switches: the changes to CLASSIC (or TWO_HANDED) and the
policy of the run (uniform random actions if None)."""
DECK_MUST: set[str] = {
    "a joker led",
    "a joker played to spades",
    "a joker trumps",
    "a joker breaks spades",
    "a joker wins over a spade",
    "a joker wins over no spade",
}
"""What the runs of each deck must go through, counted over its runs."""
DECK_MUST_2D: set[str] = {
    "the 2D led",
    "the 2D played to spades",
    "the 2D trumps",
    "the 2D wins over a spade",
}
"""What the runs of Joker-Joker-Deuce-Deuce must go through besides: its 2♦ as a spade."""


@pytest.mark.parametrize("deck", JOKER_DECKS, ids=lambda deck: deck.value)
def test_joker_decks_play_as_the_reference_with_every_switch(deck: Deck) -> None:
    """Two rounds of games under each joker deck, with Whiz and a card pass after a nil, with
    Mirror, with spades led any time and after the first trick, four players both ways
    round and two players, in lockstep (states, scores, masks, with the fallback played at
    some seats): the runs lead, follow, trump, break spades and win with the jokers (and the
    2♦ of Joker-Joker-Deuce-Deuce), so that they cannot quietly stop playing them.

    Rules: rule-decks, rule-whiz, rule-mirror, rule-card-pass, reading-spades-lead.
    """
    seen: Counter[str] = Counter()
    for name, (changes, policy) in DECK_RUNS.items():
        base = TWO_HANDED if changes.get("players") == 2 else CLASSIC
        rules = attrs.evolve(base, deck=deck, **changes)
        lock = Lockstep.of_seeds(rules, [900 + game for game in range(6 * SCALE)]).run(
            np.random.default_rng(len(name)), steps=ROUND_STEPS, policy=policy or nil_happy
        )
        assert lock.seen["a next round"] > 0, name
        seen += lock.seen
    must = DECK_MUST | (DECK_MUST_2D if deck is Deck.JOKER_JOKER_DEUCE_DEUCE else set())
    assert must <= set(seen), f"never came up: {sorted(must - set(seen))}"
    assert not any(kind.startswith("the 2D") for kind in seen) or (
        deck is Deck.JOKER_JOKER_DEUCE_DEUCE
    )


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("deck", JOKER_DECKS, ids=lambda deck: deck.value)
def test_joker_deck_games_play_to_their_end_as_the_reference(deck: Deck, players: int) -> None:
    """Whole games (to 150) under each joker deck, in lockstep, with modest bids.

    Rule: rule-decks.
    """
    rules = short(attrs.evolve(CLASSIC if players == 4 else TWO_HANDED, deck=deck))
    seeds = [2**64 - 1 - game for game in range(3 * SCALE)]
    lock = Lockstep.of_seeds(rules, seeds, dealer=1).run(
        np.random.default_rng(13), steps=3000, policy=steady
    )
    assert lock.batch.is_over.all()
    assert lock.seen["a joker wins over a spade"] + lock.seen["a joker wins over no spade"] > 0


# --- the card pass after a nil, and when double nil is declared ----------------------------


# --- blind numbers ----------------------------------------------------------------------


def test_batch_blind_number_bits_is_blind_numbers_on_every_input() -> None:
    """The batch's form of the blind numbers, for every minimum (none too), deficit, team
    minimum, seat, partner's bid (none yet, nil, numbers, blind nil, blind numbers), look
    and score, is `spades._legal.blind_number_moves` (`blind_numbers` unchecked) of the
    same: from the minimum, or the least a team minimum leaves, to 13, while she has not
    looked and her side trails by the deficit.

    Rules: rule-blind-bids, rule-team-minimum.
    """
    partners = [NONE, 0, 1, 5, 13, BLIND, BLIND + 1, BLIND + 6, BLIND + 13]
    scores = [(0, 0), (0, 99), (0, 100), (100, 0), (-250, 30), (30, -250)]
    for minimum in (0, 1, 6, 13):
        for deficit in (None, 0, 100):
            for team in (0, 4, 13):
                rules = Ruleset(
                    blind_bid_minimum=minimum, blind_bid_deficit=deficit, team_minimum=team
                )
                rows: dict[str, list[Any]] = defaultdict(list)
                expected = []
                for seat in range(4):
                    for partner in partners:
                        for looked in (False, True):
                            for score in scores:
                                bids = [NONE] * 4
                                bids[(seat + 2) % 4] = partner
                                flags = [not looked] * 4
                                flags[seat] = looked
                                rows["to_move"].append(seat)
                                rows["bids"].append(bids)
                                rows["looked"].append(flags)
                                rows["scores"].append(score)
                                game = SimpleNamespace(
                                    rules=rules,
                                    phase=Phase.BIDDING,
                                    bids=[None if code == NONE else BID_OF[code] for code in bids],
                                    looked=flags,
                                    scores=score,
                                )
                                moves = blind_number_moves(cast("State", game), seat)
                                expected.append(tuple(bid.n for bid in moves))
                a = {
                    "to_move": np.array(rows["to_move"], dtype=np.int8),
                    "bids": np.array(rows["bids"], dtype=np.int8),
                    "looked": np.array(rows["looked"], dtype=np.bool_),
                    "scores": np.array(rows["scores"], dtype=np.int64),
                }
                got = blind_number_bits(rules, a, np.arange(len(expected)))
                at = int(BLIND_NUMBER_SHIFT)
                numbers = [tuple(n for n in range(1, 14) if bits >> (at + n) & 1) for bits in got]
                assert numbers == expected, (minimum, deficit, team)
                assert not minimum or any(expected), (minimum, deficit, team)


@st.composite
def blind_rounds(draw: st.DrawFn) -> tuple[Ruleset, list[Bid], list[int], list[int]]:
    """A ruleset with blind numbers (nil, blind nil, zero contracts and 10-for-200 as drawn)
    and a round's bids, some of them numbers bid blind, tricks and bags before."""
    zero = draw(st.sampled_from(["nil", "zero contract", "no zero bid"]))
    rules = Ruleset(
        blind_bid_minimum=draw(st.integers(1, 13)),
        nil=zero == "nil",
        zero_contract=zero == "zero contract",
        blind_nil=zero == "nil" and draw(st.booleans()),
        nil_tricks=draw(st.sampled_from(list(NilTricks))),
        bag_limit=draw(st.integers(1, 10)),
        ten_for_two_hundred=draw(st.booleans()),
    )
    kinds = [Bid(n) for n in range(14)] + [Bid(n, blind=True) for n in range(1, 14)]
    if rules.blind_nil:
        kinds.append(Bid(0, blind=True))
    bids = draw(st.lists(st.sampled_from(kinds), min_size=4, max_size=4))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    tricks = [high - low for low, high in zip([0, *cuts], [*cuts, 13], strict=True)]
    bags = [draw(st.integers(0, rules.bag_limit - 1)) for _ in range(2)]
    return rules, bids, tricks, bags


@given(blind_rounds())
def test_batch_score_sides_is_score_round_with_blind_numbers(
    drawn: tuple[Ruleset, list[Bid], list[int], list[int]],
) -> None:
    """The batch's scoring of a round with numbers bid blind, pair by pair with
    `score_round`: their tricks count twice, made or set, on top of the 200 under
    10-for-200 too; overtricks are bags.

    Rules: rule-blind-bids, rule-contract-points.
    Rule: reading-blind-ten-for-two-hundred.
    """
    assert_scored_as_score_round(*drawn)


def blind_modest(batch: Batch, rng: np.random.Generator) -> Actions:
    """Uniform legal actions, but a blind number most of the times one is open (the least
    in even games, any in odd ones), and once she has looked a bid among the
    `MODEST_BIDS` lowest open: blind numbers are made as well as set."""
    actions = batch.random_actions(rng)
    mask = batch.legal_mask()
    for game in np.flatnonzero(~batch.is_over).tolist():
        blind = np.flatnonzero(mask[game, BLIND_NUMBER_ACTIONS]) + BLIND_NUMBER_ACTIONS.start
        open_bids = np.flatnonzero(mask[game, BID_ACTIONS])[:MODEST_BIDS] + BID_ACTIONS.start
        if blind.size and rng.random() < 0.7:
            actions[game] = int(blind[0] if game % 2 == 0 else rng.choice(blind))
        elif open_bids.size:
            actions[game] = int(rng.choice(open_bids))
    return actions


def blind_ambitious(batch: Batch, rng: np.random.Generator) -> Actions:
    """One side of each game (side ``game % 2``) bids the least blind number open and,
    after a look or blind, 4 or more beside it, and plays its highest card; the other side
    looks, bids low and plays its lowest: blind numbers in contracts of 10 or more are made
    and set."""
    actions = batch.random_actions(rng)
    mask = batch.legal_mask()
    for game, state in enumerate(batch.to_states()):
        seat = state.to_move
        if seat is None or state.phase not in (Phase.BIDDING, Phase.PLAYING):
            continue
        bold = seat % 2 == game % 2
        blind = np.flatnonzero(mask[game, BLIND_NUMBER_ACTIONS]) + BLIND_NUMBER_ACTIONS.start
        open_bids = np.flatnonzero(mask[game, BID_ACTIONS])
        if state.phase is Phase.PLAYING:
            cards = np.flatnonzero(mask[game, :52])
            actions[game] = int(cards.max() if bold else cards.min())
        elif blind.size and bold and rng.random() < 0.7:
            actions[game] = int(blind[0])
        elif mask[game, LOOK]:
            actions[game] = LOOK
        elif open_bids.size:
            want = 4 if bold else 1
            actions[game] = BID_ACTIONS.start + int(open_bids[open_bids >= want].min(initial=13))
    return actions


BLIND_ANY_SCORE = {"blind_bid_minimum": 6, "blind_bid_deficit": None}
BLIND_NUMBERS: dict[str, tuple[dict[str, Any], Policy, set[str], set[str]]] = {
    "from 6": (
        BLIND_ANY_SCORE,
        blind_modest,
        {"a blind number", "a blind number made", "a blind number set"},
        {"blind nil", "blind numbers closed by the score"},
    ),
    "from 6, blind nil": (
        {**BLIND_ANY_SCORE, "blind_nil": True, "blind_nil_deficit": None, "blind_nil_pass": 2},
        blind_modest,
        {"a blind number", "blind nil", "a blind number made", "a blind number set"},
        set(),
    ),
    "from 1, team minimum 10": (
        {"blind_bid_minimum": 1, "blind_bid_deficit": None, "team_minimum": 10},
        blind_modest,
        {"a blind number", "a blind number at the least a team minimum leaves"},
        set(),
    ),
    "from 6, deficit 100": (
        {"blind_bid_minimum": 6, "blind_bid_deficit": 100},
        blind_modest,
        {"a blind number by a side trailing by the deficit", "blind numbers closed by the score"},
        set(),
    ),
    "from 6, 10-for-200": (
        {**BLIND_ANY_SCORE, "ten_for_two_hundred": True},
        blind_ambitious,
        {
            "a blind number",
            "a blind number in a contract of 10 or more made",
            "a blind number in a contract of 10 or more set",
        },
        set(),
    ),
    "from 6, fallback": (
        BLIND_ANY_SCORE,
        by_seat(["fallback", "random", "fallback", "random"]),
        {"a look while blind numbers are open", "a blind number"},
        set(),
    ),
}
"""Blind numbers (and some switches with them): the changes to the ruleset, the policy of
its runs, what the runs must go through and what never."""


@pytest.mark.parametrize(("name", "base"), runs(list(BLIND_NUMBERS)))
def test_blind_numbers_play_as_the_reference(name: str, base: str) -> None:
    """Three rounds of games with blind numbers, four players both ways round, in lockstep:
    the masks while face down (blind nil, the blind numbers, look), the bids and the
    doubled scores are the reference's, and the runs bid blind numbers, make and miss them
    (in contracts of 10 or more under 10-for-200 too), meet a team minimum's least and a
    deficit, and (the fallback) look.

    Rules: rule-blind-bids, rule-team-minimum, rule-blind-nil.
    Rule: reading-blind-ten-for-two-hundred.
    """
    changes, policy, must, never = BLIND_NUMBERS[name]
    rules = attrs.evolve(BASES[base], losing_floor=None, **changes)  # doubled losses go on
    lock = Lockstep.of_seeds(rules, [700 + game for game in range(12 * SCALE)]).run(
        np.random.default_rng(len(name)), steps=3 * ROUND_STEPS, policy=policy
    )
    seen = set(lock.seen)
    assert not must - seen, f"never came up: {sorted(must - seen)}; seen {dict(lock.seen)}"
    assert not never & seen, f"came up: {sorted(never & seen)}"
    assert lock.seen["a next round"] > 0


PASS_CODES = [0, BLIND, 3]
"""The bids that decide a pass: nil, blind nil, and a number (any other number is alike)."""


@pytest.mark.parametrize("base", [CLASSIC, MINIOKEY], ids=["clockwise", "counterclockwise"])
def test_batch_side_passes_is_card_passes_on_every_input(base: Ruleset) -> None:
    """The batch's form of the pass's counts, for every count of a nil's pass and a blind
    nil's (0 to 4) and all bids of nil, blind nil or a number by the four seats, is
    `card_passes` of the same bids, side by side: each passing side's count, 0 for a side
    that does not pass. Under a zero contract a bid of zero passes nothing.

    Rule: rule-card-pass.
    """
    rows = np.array(
        [
            [a, b, c, d]
            for a in PASS_CODES
            for b in PASS_CODES
            for c in PASS_CODES
            for d in PASS_CODES
        ],
        dtype=np.int8,
    )
    for nil_pass in range(5):
        for blind_nil_pass in range(5):
            rules = attrs.evolve(
                base, blind_nil=True, nil_pass=nil_pass, blind_nil_pass=blind_nil_pass
            )
            got = side_passes(rules, rows).tolist()
            for row, counts in zip(rows.tolist(), got, strict=True):
                bids = [BID_OF[code] for code in row]
                expected = [0, 0]
                for seat, count in card_passes(rules, bids, first_bidder=1):
                    expected[seat % 2] = count
                assert counts == expected, (nil_pass, blind_nil_pass, row)
    contract = Ruleset(nil=False, zero_contract=True)
    assert not side_passes(contract, np.zeros((1, 4), dtype=np.int8)).any()


def nil_happy(batch: Batch, rng: np.random.Generator) -> Actions:
    """Uniform legal actions, but blind nil a fifth of the time where it may be bid (else a
    look) and nil half of the time where it may: passes for a nil and for a blind nil, by
    one side and by both, and sides of both kinds come up often."""
    actions = batch.random_actions(rng)
    mask = batch.legal_mask()
    draws = rng.random(len(batch))
    actions[mask[:, LOOK]] = LOOK
    actions[mask[:, BLIND_NIL] & (draws < 0.2)] = BLIND_NIL
    actions[mask[:, BID_ACTIONS.start] & (draws < 0.5)] = BID_ACTIONS.start
    return actions


CARD_PASSES: dict[str, tuple[dict[str, Any], set[str], set[str]]] = {
    "nil pass 1": (
        {"nil_pass": 1},
        {"a pass of 1 for a nil", "1 sides pass", "2 sides pass", "play after the passing"},
        {"blind nil", "a nil side that passes no card"},
    ),
    "nil pass 4": (
        {"nil_pass": 4},
        {"a pass of 4 for a nil", "2 sides pass", "play after the passing"},
        {"blind nil", "a nil side that passes no card"},
    ),
    "nil pass 3, blind nil pass 1": (
        {"nil_pass": 3, "blind_nil": True, "blind_nil_deficit": None, "blind_nil_pass": 1},
        {
            "a pass of 3 for a nil",
            "a pass of 1 for a blind nil",
            "a side of a blind nil and a nil",
            "2 sides pass",
        },
        {"a pass of 3 for a blind nil", "a nil side that passes no card"},
    ),
    "nil pass 2, blind nil pass 0": (
        {"nil_pass": 2, "blind_nil": True, "blind_nil_deficit": None, "blind_nil_pass": 0},
        {"a pass of 2 for a nil", "a nil side that passes no card"},
        {"a pass of 2 for a blind nil"},
    ),
    "blind nil pass 4": (
        {"blind_nil": True, "blind_nil_deficit": None, "blind_nil_pass": 4},
        {"a pass of 4 for a blind nil", "a nil side that passes no card", "2 sides pass"},
        {"a pass of 4 for a nil"},
    ),
}
"""Each count of the card pass, for a nil, a blind nil or both: the changes to the
ruleset, what the runs must go through and what never."""


@pytest.mark.parametrize(("name", "base"), runs(list(CARD_PASSES)))
def test_card_passes_after_a_nil_play_as_the_reference(name: str, base: str) -> None:
    """Two rounds of games under each count of the card pass, four players both ways round,
    in lockstep: the passes, their sizes by side, the masks and the play after them are the
    reference's, and the runs pass for a nil, a blind nil and both as the counts say (so
    that they cannot quietly stop doing it).

    Rules: rule-card-pass, reading-card-pass.
    """
    changes, must, never = CARD_PASSES[name]
    rules = attrs.evolve(BASES[base], **changes)
    lock = Lockstep.of_seeds(rules, [700 + game for game in range(12 * SCALE)]).run(
        np.random.default_rng(len(name)), steps=ROUND_STEPS, policy=nil_happy
    )
    seen = set(lock.seen)
    assert not must - seen, f"never came up: {sorted(must - seen)}; seen {dict(lock.seen)}"
    assert not never & seen, f"came up: {sorted(never & seen)}"
    assert lock.seen["a next round"] > 0


@pytest.mark.parametrize("timing", list(DoubleNilTiming), ids=lambda timing: timing.value)
def test_double_nil_is_declared_at_its_one_chance_as_the_reference(
    timing: DoubleNilTiming,
) -> None:
    """Two rounds of two-player games under each reading of when double nil is declared, in
    lockstep: the mask offers it at the player's one chance, before her first draw choice
    or right after it, and the runs declare it there and never elsewhere.

    Rules: rule-double-nil, reading-double-nil-timing.
    """
    rules = attrs.evolve(TWO_HANDED, double_nil_timing=timing)
    lock = Lockstep.of_seeds(rules, [800 + game for game in range(12 * SCALE)]).run(
        np.random.default_rng(5), steps=ROUND_STEPS, policy=eager
    )
    chance = f"double nil after {timing.choices_before} draw choices"
    other = f"double nil after {1 - timing.choices_before} draw choices"
    assert lock.seen[chance] > 0, dict(lock.seen)
    assert lock.seen[other] == 0, dict(lock.seen)
    assert lock.seen["exchanging"] > 0
    assert lock.seen["a next round"] > 0


RARE_RULES = st.one_of(
    OPEN_BLIND_NIL,
    blind_nil_rulesets(),
    OPEN_DOUBLE_NIL,
    rulesets(players=2).map(
        lambda rules: attrs.evolve(rules, nil=True, zero_contract=False, blind_nil=True)
    ),
    rulesets().map(
        lambda rules: attrs.evolve(
            rules, nil=False, blind_nil=False, nil_pass=0, bidding=Bidding.OPEN
        )
    ),
)
"""Blind nil with any pass and deficit, double nil with any exchange, and no nil at all."""


@FEW
@given(starts(ending_soon(RARE_RULES)), st.integers(0, 2**32 - 1))
def test_blind_nil_double_nil_and_no_nil_rulesets_play_as_the_reference(
    start: Start, seed: int
) -> None:
    """Rules: rule-blind-nil, rule-card-pass, rule-double-nil, rule-exchange."""
    lock = start.lockstep().run(np.random.default_rng(seed), steps=ROUND_STEPS)
    assert lock.steps > 0


def open_blind_nil(rules: Ruleset, *, cards: int) -> Ruleset:
    """``rules`` with blind nil open to every seat that has not looked, passing ``cards``."""
    return attrs.evolve(rules, blind_nil=True, blind_nil_deficit=None, blind_nil_pass=cards)


SWITCHED: dict[str, tuple[Ruleset, set[str], set[str]]] = {
    "blind nil, pass 1": (
        open_blind_nil(CLASSIC, cards=1),
        {"blind nil", "passing", "play after the passing"},
        set(),
    ),
    "blind nil, pass 2, counterclockwise": (
        open_blind_nil(MINIOKEY, cards=2),
        {"blind nil", "passing", "play after the passing"},
        set(),
    ),
    "blind nil, pass 3": (
        open_blind_nil(Ruleset(round_cap=2), cards=3),
        {"blind nil", "passing", "play after the passing", "ended by round_cap"},
        set(),
    ),
    "blind nil, no pass": (open_blind_nil(CLASSIC, cards=0), {"blind nil"}, {"passing"}),
    "blind nil behind by 50": (
        Ruleset(blind_nil=True, blind_nil_deficit=50, losing_floor=-300),
        {"blind nil", "passing", "a next round"},
        set(),
    ),
    "no blind nil": (CLASSIC, {"nil"}, {"blind nil", "passing"}),
    "no nil": (
        Ruleset(nil=False, losing_floor=-50),
        {"ended by losing_floor"},
        {"nil", "blind nil"},
    ),
    "double nil, no exchange": (
        attrs.evolve(TWO_HANDED, blind_nil_exchange=0),
        {"double nil"},
        {"exchanging"},
    ),
    "double nil, exchange 1": (
        attrs.evolve(TWO_HANDED, blind_nil_exchange=1),
        {
            "exchanging",
            "an exchange of 0 of 1",
            "an exchange of 1 of 1",
            "play after the exchanging",
        },
        set(),
    ),
    "double nil, exchange 2": (
        attrs.evolve(TWO_HANDED, blind_nil_exchange=2, round_cap=1),
        {
            "an exchange of 0 of 2",
            "an exchange of 1 of 2",
            "an exchange of 2 of 2",
            "ended by round_cap",
        },
        set(),
    ),
    "double nil, exchange 3": (
        TWO_HANDED,
        {"an exchange of 0 of 3", "an exchange of 3 of 3", "bidding", "nil"},
        set(),
    ),
    "two players, no double nil": (
        attrs.evolve(TWO_HANDED, blind_nil=False),
        {"drawing", "bidding"},
        {"double nil", "exchanging"},
    ),
    "two players, no nil": (
        attrs.evolve(TWO_HANDED, nil=False, blind_nil=False, round_cap=2),
        {"ended by round_cap"},
        {"nil", "double nil"},
    ),
    "nil tricks as bags, bag limit 2": (
        attrs.evolve(CLASSIC, bag_limit=2, nil_tricks=MINIOKEY.nil_tricks),
        {"nil", "a next round"},
        set(),
    ),
}
"""Rulesets of the rare moves, what their fixed runs must go through, and what never."""


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SWITCHED))
def test_the_rare_moves_come_up_and_play_as_the_reference(name: str) -> None:
    """Fixed runs under rulesets of the rare moves: each goes through the phases and moves
    named for it (so that these tests cannot quietly stop playing them), and never through
    those its rules forbid, in lockstep throughout.

    Rules: rule-blind-nil, rule-card-pass, rule-double-nil, rule-exchange, rule-draw.
    """
    rules, must, never = SWITCHED[name]
    lock = Lockstep.of_seeds(rules, [100 + game for game in range(4 * SCALE)]).run(
        np.random.default_rng(len(name)), steps=2 * ROUND_STEPS, policy=eager
    )
    seen = set(lock.seen)
    assert not must - seen, f"never came up: {sorted(must - seen)}; seen {dict(lock.seen)}"
    assert not never & seen, f"came up: {sorted(never & seen)}"


def test_the_fixed_runs_name_every_phase_and_every_rare_move() -> None:
    """The table of fixed runs asks for every phase and every kind of rare move."""
    named = set().union(*(must for _, must, _ in SWITCHED.values()))
    phases = {phase.value for phase in Phase if phase is not Phase.GAME_OVER}
    assert phases <= named | {"playing"}  # every run plays
    rare = {"blind nil", "double nil", "play after the passing", "play after the exchanging"}
    assert rare | {"an exchange of 0 of 1", "ended by round_cap"} <= named


def test_deal_random_deals_the_decks_and_seeds_of_its_generator() -> None:
    """`Batch.deal_random`: the decks are ``rng.permuted`` rows, then the seeds, as documented."""
    for rules in (CLASSIC, TWO_HANDED):
        batch = Batch.deal_random(rules, 4, np.random.default_rng(9), dealer=1)
        rng = np.random.default_rng(9)
        rows = rng.permuted(np.tile(np.arange(52, dtype=np.int8), (4, 1)), axis=1)
        seeds = rng.integers(2**64, size=4, dtype=np.uint64).tolist()
        games = [
            new_game(rules, seed=seed, dealer=1, deck=[DECK[index] for index in row])
            for seed, row in zip(seeds, rows.tolist(), strict=True)
        ]
        Lockstep(batch, games).run(np.random.default_rng(3), steps=ROUND_STEPS)


# --- play_out ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "policies"),
    [
        (short(MINIOKEY), "random"),
        (attrs.evolve(CLASSIC, target=100, losing_floor=-100), "fallback"),
        (short(CLASSIC), ("fallback", "random", "random", "fallback")),
        (short(TWO_HANDED), ("random", "fallback")),
        (open_blind_nil(short(CLASSIC), cards=2), ("random", "random", "fallback", "fallback")),
        (
            attrs.evolve(short(MINIOKEY), spades_lead=SpadesLead.ANY_TIME),
            ("fallback", "random", "fallback", "random"),
        ),
        (
            attrs.evolve(short(CLASSIC), team_minimum=5, ten_for_two_hundred=True),
            ("fallback", "random", "fallback", "random"),
        ),
    ],
    ids=[
        "random",
        "fallback",
        "by seat",
        "two players",
        "blind nil passed back",
        "spades led any time",
        "a team minimum",
    ],
)
def test_play_out_to_the_end_of_the_game_plays_what_the_same_actions_would(
    rules: Ruleset, policies: str | tuple[str, ...]
) -> None:
    """`Batch.play_out` to the end of the game: the games that stepping its policies' actions
    from the same generator plays, in lockstep; its fallback actions are `fallback_move`'s."""
    seeds = [21, 22, 23]
    lock = Lockstep.of_seeds(rules, seeds).run(
        np.random.default_rng(4), steps=5000, policy=by_seat(policies)
    )
    assert lock.batch.is_over.all()
    played = Batch.from_seeds(rules, seeds).play_out(
        np.random.default_rng(4), until="game", policies=policies
    )
    same_states(played.to_states(), lock.states, "played out")
    check_readings(played, lock.states, "played out")


@pytest.mark.parametrize("rules", [CLASSIC, TWO_HANDED, attrs.evolve(TWO_HANDED, round_cap=1)])
def test_play_out_to_the_end_of_the_round_stops_each_game_there(rules: Ruleset) -> None:
    """`Batch.play_out` to the end of the round: each game as the same actions leave it when
    its round ends (or the game does), the next round dealt and not begun."""
    seeds = [31, 32, 33, 34]
    lock = Lockstep.of_seeds(rules, seeds)
    ends: dict[int, State] = {}
    rng = np.random.default_rng(8)
    while len(ends) < len(seeds):
        lock.run(rng, steps=1)
        for game, state in enumerate(lock.states):
            if game not in ends and (state.is_over or state.round_number > 1):
                ends[game] = state
    played = Batch.from_seeds(rules, seeds).play_out(np.random.default_rng(8), until="round")
    expected = [ends[game] for game in range(len(seeds))]
    same_states(played.to_states(), expected, "played out")
    check_readings(played, expected, "played out")
    assert played.rounds_played.tolist() == [1] * len(seeds)


# --- ties --------------------------------------------------------------------------------


def planned(bids: Sequence[Bid], plan: Sequence[dict[int, Card]]) -> Policy:
    """One game's actions: ``bids`` by seat, then the cards of ``plan`` (`plan_round`)."""

    def policy(batch: Batch, rng: np.random.Generator) -> Actions:
        state = batch.state(0)
        assert state.to_move is not None
        if state.phase is Phase.BIDDING:
            move: Move = bids[state.to_move]
        else:
            move = Play(plan[len(state.tricks)][state.to_move])
        return np.array(actions_of(move, batch.rules))

    return policy


TIE_AT_20 = ([Bid(1), Bid(1), Bid(1), Bid(0)], [1, 11, 1, 0])
"""Seats 0 and 2 make 2 of 2 (20), seats 1 and 3 make 1 of 11 and a nil worth 0 (20)."""
TIE_AT_MINUS_80 = ([Bid(4)] * 4, [3, 4, 3, 3])
"""Both sides miss a contract of 8 (-80 each)."""
SOLO_TIE_AT_30 = ([Bid(3), Bid(3), Bid(1), Bid(1)], [3, 3, 6, 1])
"""Solo: seats 0 and 1 make 3 (30 each), seat 2 makes 1 with 5 bags (15), seat 3 1 (10)."""
SOLO_TIE_AT_13 = ([Bid(4), Bid(4), Bid(1), Bid(1)], [3, 2, 4, 4])
"""Solo: seats 0 and 1 miss 4 (-40 each), seats 2 and 3 make 1 with 3 bags (13 each)."""
SOLO_ALONE_AT_30 = ([Bid(3), Bid(3), Bid(1), Bid(1)], [3, 2, 7, 1])
"""Solo: seat 0 makes 3 (30), seat 1 misses 3 (-30), seat 2 15 + 1 (16), seat 3 10."""
SOLO_TIE_BELOW = ([Bid(4), Bid(3), Bid(1), Bid(4)], [3, 3, 4, 3])
"""Solo: seats 0 and 3 miss 4 (-40 each, a shared lowest), seat 1 makes 3 (30), seat 2
makes 1 with 3 bags (13)."""


@pytest.mark.parametrize(
    ("rules", "round_", "scores", "outcome"),
    [
        (Ruleset(nil_value=0, bag_limit=20, target=20), TIE_AT_20, (20, 20), None),
        (Ruleset(losing_floor=-50), TIE_AT_MINUS_80, (-80, -80), None),
        (
            Ruleset(nil_value=0, bag_limit=20, round_cap=1),
            TIE_AT_20,
            (20, 20),
            Outcome(winner=None, termination=Termination.ROUND_CAP),
        ),
        (Ruleset(solo=True, target=30), SOLO_TIE_AT_30, (30, 30, 15, 10), None),
        (Ruleset(solo=True, losing_floor=-40), SOLO_TIE_AT_13, (-40, -40, 13, 13), None),
        (
            Ruleset(solo=True, round_cap=1),
            SOLO_TIE_AT_13,
            (-40, -40, 13, 13),
            Outcome(winner=None, termination=Termination.ROUND_CAP),
        ),
        (
            Ruleset(solo=True, target=30),
            SOLO_ALONE_AT_30,
            (30, -30, 16, 10),
            Outcome(winner=0, termination=Termination.TARGET),
        ),
        (
            Ruleset(solo=True, losing_floor=-40),
            SOLO_TIE_BELOW,
            (-40, 30, 13, -40),
            Outcome(winner=1, termination=Termination.LOSING_FLOOR),
        ),
    ],
    ids=[
        "at the target",
        "below the floor",
        "at the round cap",
        "solo at the target",
        "solo below the floor",
        "solo at the round cap",
        "solo alone at the target",
        "solo alone above the floor",
    ],
)
def test_a_tie_plays_on_at_the_target_and_the_floor_and_draws_at_the_cap(
    rules: Ruleset,
    round_: tuple[list[Bid], list[int]],
    scores: tuple[int, ...],
    outcome: Outcome | None,
) -> None:
    """Equal totals at the target, or both at the floor, play another round; at the round
    cap they draw: a round that ties so, played in lockstep. Solo, the highest total must
    be one player's: two sharing it play on, though the others are below it; a highest of
    one player's wins, though two others share a total.

    Rules: rule-target, rule-losing-floor, rule-round-cap.
    Rule: rule-solo.
    """
    bids, tricks = round_
    plan = plan_round(winners_for(tricks))
    deck = deck_for(rules, 0, {seat: [trick[seat] for trick in plan] for seat in range(4)})
    lock = Lockstep(
        Batch.from_decks(rules, [deck], seeds=[5]), [new_game(rules, seed=5, deck=deck)]
    ).run(np.random.default_rng(0), steps=4 + 52, policy=planned(bids, plan))
    (state,) = lock.states
    assert state.scores == scores
    assert state.outcome == outcome
    assert state.round_number == (1 if outcome else 2)
    assert lock.batch.is_over.tolist() == [outcome is not None]


# --- solo --------------------------------------------------------------------------------


def solo(rules: Ruleset, **changes: Any) -> Ruleset:
    """``rules`` played by four each on her own (rule-solo), without the blind nil pass
    (no partner to pass to), with ``changes``."""
    return attrs.evolve(rules, solo=True, blind_nil_pass=0, **changes)


SOLO_PRESETS = {
    name: solo(short(rules)) for name, rules in SOURCE_PRESETS.items() if rules.players == 4
}
"""The source presets four play, solo, to 150 or a floor of -150."""


@pytest.mark.parametrize("name", sorted(SOLO_PRESETS))
def test_every_source_preset_plays_solo_games_as_the_reference(name: str) -> None:
    """Whole solo games under each source preset four play, every step the reference's:
    four scores, four bag counters, four sides' round points, the end by the highest
    total; the positions read back (`Batch.from_states`) and play on alike.

    Rule: rule-solo.
    """
    rules = SOLO_PRESETS[name]
    seeds = [2**64 - 7 - game for game in range(3 * SCALE)]
    lock = Lockstep.of_seeds(rules, seeds, dealer=3).run(
        np.random.default_rng(5), steps=150, policy=steady
    )
    again = Lockstep(Batch.from_states(lock.states), lock.states)
    again.run(np.random.default_rng(6), steps=3000, policy=steady)
    assert again.batch.is_over.all()
    assert again.batch.scores.shape == (len(seeds), 4)
    assert lock.seen["a next round"] > 0


SOLO_SWITCHES: dict[str, tuple[dict[str, Any], Policy, set[str], set[str]]] = {
    "nil": (
        {},
        nil_happy,
        {"a solo nil made", "a solo nil set, her tricks her bags"},
        {"blind nil"},
    ),
    "blind nil, deficit 30": (
        {"blind_nil": True, "blind_nil_deficit": 30, "target": 300},
        eager,
        {
            "a solo blind nil",
            "blind nil open to a player above the last",
            "blind nil closed to a player trailing by less",
        },
        set(),
    ),
    "blind numbers from 5, deficit 30": (
        {"blind_bid_minimum": 5, "blind_bid_deficit": 30, "target": 300},
        blind_modest,
        {"a blind number", "a blind number made", "a blind number set"},
        set(),
    ),
    "10-for-200": (
        {"ten_for_two_hundred": True},
        ambitious,
        {"a contract of 10 set"},
        set(),
    ),
    "zero contract": (
        {"nil": False, "zero_contract": True},
        modest,
        {"a zero contract"},
        {"nil", "a solo nil made", "a solo nil set, her tricks her bags"},
    ),
    "joker-joker-deuce-deuce, whiz, spades any time": (
        {
            "deck": Deck.JOKER_JOKER_DEUCE_DEUCE,
            "bidding": Bidding.WHIZ,
            "spades_lead": SpadesLead.ANY_TIME,
        },
        steady,
        {"whiz: nil", "whiz: her number", "a joker wins over a spade", "the 2D trumps"},
        set(),
    ),
    "joker-joker-ace, mirror": (
        {"deck": Deck.JOKER_JOKER_ACE, "bidding": Bidding.MIRROR},
        steady,
        {"mirror: her number", "a joker trumps"},
        set(),
    ),
}
"""Switches with solo: the changes to the ruleset, the policy of its runs, what the runs
must go through and what never."""


@pytest.mark.parametrize(("name", "base"), runs(list(SOLO_SWITCHES)))
def test_solo_games_play_as_the_reference_with_the_switches(name: str, base: str) -> None:
    """Three rounds of solo games under each switch, both ways round, in lockstep: nils
    made and set (her tricks her bags, though classic counts a nil's tricks toward a
    partner's contract), blind nil and blind numbers open to a player trailing the leading
    other player (not the player of the other partnership), contracts of 10 and more bid
    alone, zero contracts, the joker decks with Whiz and Mirror; the runs go through what
    the switch changes.

    Rules: rule-solo, rule-blind-nil-eligibility, rule-blind-bids.
    """
    changes, policy, must, never = SOLO_SWITCHES[name]
    rules = solo(BASES[base], losing_floor=None, **changes)
    lock = Lockstep.of_seeds(rules, [900 + game for game in range(12 * SCALE)]).run(
        np.random.default_rng(len(name)), steps=3 * ROUND_STEPS, policy=policy
    )
    seen = set(lock.seen)
    assert not must - seen, f"never came up: {sorted(must - seen)}; seen {dict(lock.seen)}"
    assert not never & seen, f"came up: {sorted(never & seen)}"
    assert lock.seen["a next round"] > 0


@st.composite
def solo_rounds(draw: st.DrawFn) -> tuple[Ruleset, list[Bid], list[int], list[int]]:
    """A solo ruleset (nil or a zero contract, blind nil, blind numbers, 10-for-200, nil
    tricks counted or not, the bag limit and its overflow as drawn), four bids, tricks and
    four bag counters before."""
    zero = draw(st.sampled_from(["nil", "zero contract", "no zero bid"]))
    rules = Ruleset(
        solo=True,
        nil=zero == "nil",
        zero_contract=zero == "zero contract",
        blind_nil=zero == "nil" and draw(st.booleans()),
        blind_nil_pass=0,
        blind_bid_minimum=draw(st.sampled_from([0, 1, 6])),
        nil_tricks=draw(st.sampled_from(list(NilTricks))),
        bag_limit=draw(st.integers(1, 10)),
        bag_overflow=draw(st.sampled_from(list(BagOverflow))),
        ten_for_two_hundred=draw(st.booleans()),
    )
    kinds = [Bid(n) for n in range(14)]
    kinds += [Bid(n, blind=True) for n in range(max(rules.blind_bid_minimum, 1), 14)]
    if rules.blind_nil:
        kinds.append(Bid(0, blind=True))
    if not rules.nil and not rules.zero_contract:
        kinds.remove(Bid(0))
    if not rules.blind_bid_minimum:
        kinds = [bid for bid in kinds if not (bid.blind and bid.n)]
    bids = draw(st.lists(st.sampled_from(kinds), min_size=4, max_size=4))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    tricks = [high - low for low, high in zip([0, *cuts], [*cuts, 13], strict=True)]
    bags = [draw(st.integers(0, rules.bag_limit - 1)) for _ in range(4)]
    return rules, bids, tricks, bags


@given(solo_rounds())
def test_batch_score_sides_is_score_round_for_four_solo_players(
    drawn: tuple[Ruleset, list[Bid], list[int], list[int]],
) -> None:
    """The batch's scoring of a solo round, pair by pair with `score_round`: each player
    her own contract, nil, blind bids and bags; a nil bidder's tricks her bags whatever
    ``nil_tricks`` says.

    Rules: rule-solo, rule-nil-tricks.
    """
    assert_scored_as_score_round(*drawn)


@pytest.mark.parametrize(("sides", "seed"), [(4, 23), (3, 29)], ids=["solo", "three players"])
def test_batch_trails_by_is_trails_by_for_each_player(sides: int, seed: int) -> None:
    """Whether a player who is her own side (solo, or one of three) trails the leading other
    player by a deficit, for every seat and deficit, on random totals (from a few values, so
    that they tie), as `spades._legal.trails_by` says: the best of the others, not a
    partner's side.

    Rules: rule-solo, rule-three-players, rule-blind-nil-eligibility.
    """
    rng = np.random.default_rng(seed)
    scores = rng.choice(np.array([-200, -50, 0, 40, 90, 300]), size=(400, sides)).astype(np.int64)
    seats = np.resize(np.arange(sides), 400)
    answers: set[bool] = set()
    for deficit in (None, 0, 40, 50, 100, 250):
        got = batch_trails_by(deficit, scores, seats).tolist()
        expected = [
            trails_by(deficit, tuple(row), seat)
            for row, seat in zip(scores.tolist(), seats.tolist(), strict=True)
        ]
        assert got == expected, deficit
        answers |= set(expected)
    assert answers == {True, False}


# --- three players -----------------------------------------------------------------------


def three(**changes: Any) -> Ruleset:
    """Three players, each on her own (rule-three-players), to 150 or a floor of -150, with
    ``changes``."""
    return Ruleset(players=3, **{"target": 150, "losing_floor": -150, **changes})


LONGEST_HANDS = Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE)
"""Three players dealt a joker deck: hands of 18, the most bids."""


def bid_action(bid: Bid) -> int:
    """The action of ``bid``: the encoding's, under the longest hands (18 cards)."""
    (action,) = actions_of(bid, LONGEST_HANDS)
    return action


HIGH_BIDS = [bid_action(Bid(n)) for n in range(14, 19)]
"""The actions of the bids 14 to 18, which only three players' hands allow."""
HIGH_BLIND = [bid_action(Bid(n, blind=True)) for n in range(14, 19)]
"""The actions of the numbers 14 to 18 bid blind."""
ALL_BID_ACTIONS = np.array([bid_action(Bid(n)) for n in range(19)])
"""The actions of the bids nil to 18, in order."""
ALL_BLIND_ACTIONS = np.array([bid_action(Bid(n, blind=True)) for n in range(1, 19)])
"""The actions of the numbers 1 to 18 bid blind, in order."""


def three_bidder(batch: Batch, rng: np.random.Generator) -> Actions:
    """Uniform legal actions, but in the bidding: blind nil where open in even games, the
    highest blind number open a third of the time (else a look), then the highest bid open
    a fifth of the time, nil a fifth, else one of the four lowest; in the play, a nil
    bidder plays her lowest card by rank and the others their highest: bids above 13, open
    and blind, and nils made and set come up."""
    actions = batch.random_actions(rng)
    mask = batch.legal_mask()
    draws = rng.random(len(batch))
    bids, blind = ALL_BID_ACTIONS, ALL_BLIND_ACTIONS
    for game, state in enumerate(batch.to_states()):
        allowed, seat = mask[game], state.to_move
        if seat is None:
            continue
        if state.phase is Phase.PLAYING:
            bid = state.bids[seat]
            cards = [
                card for card in state.hand(seat) if allowed[actions_of(Play(card), state.rules)[0]]
            ]
            rank = (min if bid is not None and bid.n == 0 else max)(
                cards, key=lambda card: card.rank
            )
            actions[game] = actions_of(Play(rank), state.rules)[0]
            continue
        open_bids, open_blind = bids[allowed[bids]], blind[allowed[blind]]
        if allowed[BLIND_NIL] and game % 2 == 0:
            actions[game] = BLIND_NIL
        elif open_blind.size:
            actions[game] = int(open_blind.max()) if draws[game] < 0.35 else LOOK
        elif allowed[LOOK]:
            actions[game] = LOOK
        elif open_bids.size and draws[game] < 0.2:
            actions[game] = int(open_bids.max())
        elif allowed[BID_ACTIONS.start] and (draws[game] < 0.3 or weak(state, seat)):
            actions[game] = BID_ACTIONS.start
        elif open_bids.size:
            actions[game] = int(rng.choice(open_bids[:MODEST_BIDS]))
    return actions


def weak(state: State, seat: int) -> bool:
    """Whether her hand has no spade above the 9 and no card above the jack: a nil hand."""
    spades = state.rules.pack.spades
    return all(card.rank < (10 if card.bit & spades else 12) for card in state.hand(seat))


def three_events(state: State, action: int, move: Move | None, after: State | None) -> list[str]:
    """What a three-player game went through (rule-three-players): its hands of 17 or 18
    from 51 or 54 cards, bids above 13 (open and blind), nils made and set with her tricks
    her bags, a deuce a joker deck of four leaves out played, a shared highest total."""
    rules, found = state.rules, []
    if state.phase is Phase.BIDDING and not any(state.bids):
        sizes = {len(state.hand(seat)) for seat in range(3)}
        found.append(f"hands of {sorted(sizes)} from {len(rules.pack.cards)} cards")
    if isinstance(move, Bid) and move.n > 13:
        found.append("a blind number above 13" if move.blind else "a bid above 13")
    if isinstance(move, Play) and move.card.bit & ~rules.deck.mask:
        found.append(f"{move.card}, which four do not deal, played")
    if after is not None and len(after.rounds) > len(state.rounds):
        score = after.rounds[-1]
        assert len(score.tricks) == 3
        assert sum(score.tricks) == rules.hand_size
        for bid, taken, side in zip(score.bids, score.tricks, score.sides, strict=True):
            if bid.n == 0 and not rules.zero_contract:
                kind = "blind nil" if bid.blind else "nil"
                found.append(f"a {kind} set, her tricks her bags" if taken else f"a {kind} made")
                assert side.nil_bags == taken  # rule-three-players, whatever nil_tricks says
            if bid.n > 13:
                found.append("a contract above 13 " + ("made" if taken >= bid.n else "set"))
        if after.scores.count(max(after.scores)) > 1:
            found.append("a shared highest total")
    return found


THREE_SWITCHES: dict[str, tuple[dict[str, Any], Policy, set[str], set[str]]] = {
    "standard, nil": (
        {},
        three_bidder,
        {
            "hands of [17] from 51 cards",
            "a bid above 13",
            "a contract above 13 set",
            "a nil made",
            "a nil set, her tricks her bags",
        },
        {"blind nil", "2C, which four do not deal, played"},
    ),
    "standard, blind nil and blind numbers from 1": (
        {"blind_nil": True, "blind_nil_deficit": None, "blind_bid_minimum": 1},
        three_bidder,
        {"blind nil", "a blind nil made", "a blind nil set, her tricks her bags"},
        set(),
    ),
    "standard, blind numbers from 14": (
        {"blind_bid_minimum": 14, "blind_bid_deficit": None},
        three_bidder,
        {"a blind number above 13", "a contract above 13 set", "a blind number set"},
        {"blind nil"},
    ),
    "joker-joker-ace, whiz, 10-for-200": (
        {"deck": Deck.JOKER_JOKER_ACE, "bidding": Bidding.WHIZ, "ten_for_two_hundred": True},
        three_bidder,
        {
            "hands of [18] from 54 cards",
            "whiz: nil",
            "whiz: her number",
            "2C, which four do not deal, played",
            "2D, which four do not deal, played",
            "a joker trumps",
        },
        set(),
    ),
    "joker-joker-deuce-deuce, mirror, spades any time": (
        {
            "deck": Deck.JOKER_JOKER_DEUCE_DEUCE,
            "bidding": Bidding.MIRROR,
            "spades_lead": SpadesLead.ANY_TIME,
        },
        three_bidder,
        {
            "hands of [18] from 54 cards",
            "mirror: her number",
            "2C, which four do not deal, played",
            "2H, which four do not deal, played",
            "the 2D trumps",
            "a spade led unbroken in trick 1",
        },
        set(),
    ),
    "joker-joker-deuce-deuce, zero contract, spades after the first trick": (
        {
            "deck": Deck.JOKER_JOKER_DEUCE_DEUCE,
            "nil": False,
            "zero_contract": True,
            "spades_lead": SpadesLead.AFTER_FIRST_TRICK,
        },
        three_bidder,
        {"a zero contract", "a bid above 13", "a spade led unbroken in a later trick"},
        {"nil", "a nil made", "a nil set, her tricks her bags"},
    ),
}
"""Switches with three players: the changes to the ruleset, the policy of its runs, what the
runs must go through and what never."""


@pytest.mark.parametrize(("name", "direction"), runs(list(THREE_SWITCHES)))
def test_three_player_games_play_as_the_reference_with_the_switches(
    name: str, direction: str
) -> None:
    """Three rounds of three-player games under each deck and switch, both ways round, in
    lockstep: hands of 17 (the 2C out) or 18 (every card of a joker deck), bids above 13
    open and blind, nils made and set (her tricks her bags), blind nil, Whiz and Mirror,
    10-for-200, zero contracts, spades led early; three scores, three bag counters.

    Rules: rule-three-players, rule-decks, rule-blind-bids, rule-whiz, rule-mirror.
    """
    changes, policy, must, never = THREE_SWITCHES[name]
    rules = three(direction=Direction[direction.upper()], losing_floor=None, **changes)
    lock = Lockstep.of_seeds(rules, [700 + game for game in range(12 * SCALE)], dealer=2).run(
        np.random.default_rng(len(name)), steps=3 * ROUND_STEPS, policy=policy
    )
    seen = set(lock.seen)
    assert not must - seen, f"never came up: {sorted(must - seen)}; seen {dict(lock.seen)}"
    assert not never & seen, f"came up: {sorted(never & seen)}"
    assert lock.seen["a next round"] > 0
    assert lock.batch.scores.shape == lock.batch.bags.shape == (len(lock.states), 3)


@pytest.mark.parametrize("deck", list(Deck), ids=lambda deck: deck.value)
def test_three_player_games_play_to_their_end_as_the_reference(deck: Deck) -> None:
    """Whole three-player games under each deck, every step the reference's, to the target
    or the floor (the highest total alone wins, a shared one plays on); the positions read
    back (`Batch.from_states`) and play on alike; the fallback at one seat.

    Rules: rule-three-players, rule-game-end.
    """
    rules = three(deck=deck, blind_nil=True)
    seeds = [2**64 - 3 - game for game in range(4 * SCALE)]
    lock = Lockstep.of_seeds(rules, seeds, dealer=1).run(
        np.random.default_rng(3), steps=120, policy=steady
    )
    again = Lockstep(Batch.from_states(lock.states), lock.states)
    again.run(
        np.random.default_rng(4), steps=3000, policy=by_seat(["random", "fallback", "random"])
    )
    assert again.batch.is_over.all()
    assert (again.batch.winner >= 0).all()  # no draw without a round cap
    ends = {state.outcome.termination for state in again.states if state.outcome}
    assert ends <= {Termination.TARGET, Termination.LOSING_FLOOR}


def test_a_hand_of_more_than_13_spades_bids_them_under_whiz_and_mirror() -> None:
    """A first bidder dealt every one of the pack's 16 spades (Joker-Joker-Deuce-Deuce for
    three: 13, the 2D and the jokers) bids 16 under Mirror, 16 or nil under Whiz, in
    lockstep; the fallback bids 16 (rule-three-players, rule-whiz, rule-mirror)."""
    for bidding in (Bidding.WHIZ, Bidding.MIRROR):
        rules = three(deck=Deck.JOKER_JOKER_DEUCE_DEUCE, bidding=bidding)
        pack = rules.pack
        spades = [card for card in pack.cards if card.bit & pack.spades]
        others = [card for card in pack.cards if not card.bit & pack.spades]
        assert len(spades) == 16
        deck = []  # the first bidder is dealt the first card, and every third
        for position in range(len(pack.cards)):
            deck.append(spades.pop() if position % 3 == 0 and spades else others.pop())
        lock = Lockstep(
            Batch.from_decks(rules, [deck], seeds=[5], dealer=0),
            [new_game(rules, seed=5, dealer=0, deck=deck)],
        )
        allowed = np.flatnonzero(lock.batch.legal_mask()[0]).tolist()
        sixteen = bid_action(Bid(16))
        assert allowed == ([52, sixteen] if bidding is Bidding.WHIZ else [sixteen])
        assert lock.batch.fallback_actions().tolist() == [sixteen]
        lock.step(np.array([sixteen]))
        lock.check()
        assert lock.batch.to_states()[0].bids[1] == Bid(16)


@st.composite
def three_rounds(draw: st.DrawFn) -> tuple[Ruleset, list[Bid], list[int], list[int]]:
    """A three-player ruleset (any deck; nil or a zero contract, blind nil, blind numbers,
    10-for-200, nil tricks counted or not, the bag limit and its overflow as drawn), three
    bids to the hand size, tricks adding up to it and three bag counters before."""
    zero = draw(st.sampled_from(["nil", "zero contract", "no zero bid"]))
    rules = Ruleset(
        players=3,
        deck=draw(st.sampled_from(list(Deck))),
        nil=zero == "nil",
        zero_contract=zero == "zero contract",
        blind_nil=zero == "nil" and draw(st.booleans()),
        blind_bid_minimum=draw(st.sampled_from([0, 1, 6, 14])),
        nil_tricks=draw(st.sampled_from(list(NilTricks))),
        bag_limit=draw(st.integers(1, 10)),
        bag_overflow=draw(st.sampled_from(list(BagOverflow))),
        ten_for_two_hundred=draw(st.booleans()),
    )
    hand = rules.hand_size
    kinds = [Bid(n) for n in range(hand + 1)]
    kinds += [Bid(n, blind=True) for n in range(max(rules.blind_bid_minimum, 1), hand + 1)]
    if rules.blind_nil:
        kinds.append(Bid(0, blind=True))
    if not rules.nil and not rules.zero_contract:
        kinds.remove(Bid(0))
    if not rules.blind_bid_minimum:
        kinds = [bid for bid in kinds if not (bid.blind and bid.n)]
    bids = draw(st.lists(st.sampled_from(kinds), min_size=3, max_size=3))
    cuts = sorted(draw(st.lists(st.integers(0, hand), min_size=2, max_size=2)))
    tricks = [high - low for low, high in zip([0, *cuts], [*cuts, hand], strict=True)]
    bags = [draw(st.integers(0, rules.bag_limit - 1)) for _ in range(3)]
    return rules, bids, tricks, bags


@given(three_rounds())
def test_batch_score_sides_is_score_round_for_three_players(
    drawn: tuple[Ruleset, list[Bid], list[int], list[int]],
) -> None:
    """The batch's scoring of a three-player round, pair by pair with `score_round`: each
    player her own contract (to 18), nil, blind bids and bags; a nil bidder's tricks her
    bags whatever ``nil_tricks`` says.

    Rules: rule-three-players, rule-nil-tricks.
    """
    assert_scored_as_score_round(*drawn)


@pytest.mark.parametrize("deck", list(Deck), ids=lambda deck: deck.value)
@pytest.mark.parametrize("games", [3, 200], ids=["one by one", "on arrays"])
def test_batch_round_decks_are_round_deck_for_three_players(deck: Deck, games: int) -> None:
    """The shuffle of a three-player pack (51 cards, or 54) is `round_deck`'s, game by
    game and on arrays.

    Rules: rule-three-players, rule-seeded-deal.
    """
    rules = Ruleset(players=3, deck=deck)
    seeds = [2**128 - 1 - game * 7919 for game in range(games)]
    numbers = [1 + game % 5 for game in range(games)]
    got = round_decks(seeds, numbers, rules.pack).tolist()
    expected = [
        [card.index for card in round_deck(seed, number, rules=rules)]
        for seed, number in zip(seeds, numbers, strict=True)
    ]
    assert got == expected
    assert {len(row) for row in got} == {len(rules.pack.cards)}


# --- positions ---------------------------------------------------------------------------


@attrs.frozen
class Positions:
    """A kind of position: games under a ruleset from ``rules``, walked as `states` walks
    them (at most ``max_moves``, ending in one of ``phases``), kept when ``keep`` says;
    up to ``most`` of them in a batch (a walk that misses its phase rejects the example)."""

    rules: SearchStrategy[Ruleset]
    max_moves: int
    phases: frozenset[Phase] | None
    keep: Callable[[State], bool]
    most: int = 3


def anything(state: State) -> bool:
    return True


KINDS = {
    "deep in games": Positions(rulesets(), 200, None, anything),
    "over": Positions(
        rulesets().map(lambda rules: attrs.evolve(rules, round_cap=1)),
        120,
        frozenset({Phase.GAME_OVER}),
        anything,
    ),
    "mid-trick": Positions(
        rulesets(), 100, frozenset({Phase.PLAYING}), lambda state: bool(state.trick), most=2
    ),
    "mid-draw": Positions(
        rulesets(players=2), 26, frozenset({Phase.DRAWING}), lambda state: bool(state.draws)
    ),
    # A double nil is declared in five games of nine, after which the exchange comes at
    # move 27 or 28; blind nil is bid in 15 rounds of 16, and the pass begins by move 8.
    "in the exchange": Positions(
        OPEN_DOUBLE_NIL, 30, frozenset({Phase.EXCHANGING}), anything, most=1
    ),
    "in the pass": Positions(OPEN_BLIND_NIL, 8, frozenset({Phase.PASSING}), anything, most=2),
    "after the pass": Positions(
        OPEN_BLIND_NIL, 20, frozenset({Phase.PLAYING}), lambda state: bool(state.passes), most=2
    ),
}


@st.composite
def position_batches(draw: st.DrawFn, kind: Positions) -> list[State]:
    """One to ``kind.most`` positions of this kind, of one ruleset."""
    ruleset = draw(kind.rules)
    walks = states(rules=ruleset, max_moves=kind.max_moves, phases=kind.phases).filter(kind.keep)
    return draw(st.lists(walks, min_size=1, max_size=kind.most))


SOME = settings(max_examples=max(3, settings().max_examples // 20))


@pytest.mark.parametrize("kind", sorted(KINDS))
@SOME
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_a_batch_of_reachable_positions_reads_back_and_plays_on_as_the_reference(
    kind: str, data: st.DataObject, seed: int
) -> None:
    """`Batch.from_states` of one to three positions of a kind that legal play reaches:
    `to_states` and `state` give them back, `phase` says their phase, the fallback actions
    begin `fallback_move`'s moves (a blind nil bidder's pass, a double nil exchange: moves
    the fallback rule never leads to itself), and the games go on in lockstep."""
    positions = data.draw(position_batches(KINDS[kind]))
    batch = Batch.from_states(positions)
    assert batch.to_states() == positions
    assert [batch.state(game) for game in range(len(positions))] == positions
    assert batch.state(-1) == positions[-1]
    wanted = KINDS[kind].phases
    if wanted is not None:
        assert {PHASES[code] for code in batch.phase.tolist()} <= wanted
    fallback = [
        -1 if state.is_over else actions_of(fallback_move(state), state.rules)[0]
        for state in positions
    ]
    assert batch.fallback_actions().tolist() == fallback
    Lockstep(batch, positions).run(np.random.default_rng(seed), steps=40)


# --- the conformance vectors ---------------------------------------------------------------


def vector_files(pattern: str) -> list[Path]:
    found = sorted(VECTORS.glob(pattern))
    assert found, pattern
    return found


def file_cases(path: Path) -> list[dict[str, Any]]:
    """The cases of a vector file, each with its file's ``version`` (which its data has)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return [{**case, "version": data["version"]} for case in data["cases"]]


def cases_of(pattern: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for path in vector_files(pattern):
        cases += file_cases(path)
    return cases


def rules_of(case: dict[str, Any]) -> Ruleset:
    """A case's ruleset data (which has no ``type`` of its own) as a `Ruleset`, read as
    data of its file's version (a version 2 file's rules hold no ``spades_lead``)."""
    data = {"type": "ruleset", "version": case["version"], **case["rules"]}
    return records.from_data(data, Ruleset)


def start_of(case: dict[str, Any]) -> tuple[Ruleset, int, int, list[Card]]:
    """A legal case's game: its rules, seed, dealer and first deck."""
    return (
        rules_of(case),
        int(case["seed"]),
        case["dealer"],
        [Card.parse(text) for text in case["deck"]],
    )


def replayed(case: dict[str, Any]) -> State:
    """A legal case's position, its moves applied by the reference engine."""
    rules, seed, dealer, deck = start_of(case)
    state = new_game(rules, seed=seed, dealer=dealer, deck=deck)
    for text in case["moves"]:
        state = apply(state, parse_move(text))
    return state


def first_actions(move: Move, rules: Ruleset) -> set[int]:
    """The actions that may begin entering ``move``: any card of a pass or an exchange
    (they are chosen in any order), the end action alone for a choice of no card; else
    its one action."""
    if isinstance(move, (Pass, Exchange)):
        return {card.index for card in move.cards} or {END_EXCHANGE}
    return set(actions_of(move, rules))


def entered(batch: Batch, actions: Iterable[int]) -> Batch:
    """A one-game batch after ``actions``, each allowed by its mask first."""
    for action in actions:
        assert batch.legal_mask()[0, action], (action, batch.state(0).phase)
        batch = batch.step(np.array([action]))
    return batch


LEGAL = cases_of("legal-*.json")


@pytest.mark.parametrize("case", LEGAL, ids=[case["id"] for case in LEGAL])
def test_the_legal_cases_legal_actions_and_moves_through_the_batch(case: dict[str, Any]) -> None:
    """A legal case's position, as a batch, allows exactly the actions that begin its legal
    moves; its moves, entered action by action from its deal, reach its position.

    Rules: reading-zero-bid, rule-team-minimum.
    """
    rules, seed, dealer, deck = start_of(case)
    state = replayed(case)
    assert state == records.from_data(case["position"], State)
    expected = np.zeros((1, ACTIONS), dtype=np.bool_)
    for text in case["legal"]:
        expected[0, sorted(first_actions(parse_move(text), rules))] = True
    check_masks(Batch.from_states([state]).legal_mask(), expected, "the position as a batch")
    batch = Batch.from_decks(rules, [deck], seeds=[seed], dealer=dealer)
    for text in case["moves"]:
        batch = entered(batch, actions_of(parse_move(text), rules))
    same_states(batch.to_states(), [state], "the moves entered")
    check_masks(batch.legal_mask(), expected, "the moves entered")
    check_readings(batch, [state], "the moves entered")


ENOUGH = 4
"""The illegal moves checked of each reason in a case (some cases have 40 of one)."""


@pytest.mark.parametrize("path", vector_files("legal-*.json"), ids=lambda path: path.name)
def test_the_legal_cases_illegal_moves_are_refused_for_their_reasons(path: Path) -> None:
    """The illegal moves of the legal cases, as actions in their phase: a move of one
    action is refused, in a batch of copies of the position (and one legal action, which
    is not), for the case's reason, and nothing moves; a pass or an exchange is refused at
    its first action the mask refuses, for the case's reason. A pass of another size than
    the one due has no actions there (its first cards would make the pass due). A finished
    game ignores any action."""
    reasons: Counter[str] = Counter()
    for case in file_cases(path):
        state = replayed(case)
        batch = Batch.from_states([state])
        singles: list[tuple[int, str]] = []
        counted: Counter[str] = Counter()
        for entry in case["illegal"]:
            move, reason = parse_move(entry["move"]), entry["reason"]
            if isinstance(move, (Pass, Exchange)) != (state.phase in CHOOSING):
                continue  # a card action there is the other kind of move
            if isinstance(move, Pass) and len(move.cards) != pass_due(state)[1]:
                continue
            try:
                actions = actions_of(move, state.rules)
            except SpadesError:  # no actions (a bid above the hand, a pass of the wrong size)
                continue
            counted[reason] += 1
            if counted[reason] > ENOUGH:
                continue
            reasons[reason] += 1
            if state.is_over:
                assert batch.step(np.array([actions[0]])).to_states() == [state]
            elif len(actions) == 1:
                singles.append((actions[0], reason))
            else:
                with pytest.raises(IllegalActionsError) as refused:
                    entered_until_refused(batch, actions)
                assert refused.value.games == (0,)
                assert [error.reason.value for error in refused.value.errors] == [reason]
        if singles:
            legal = int(np.flatnonzero(batch.legal_mask()[0])[0])
            copies = Batch.from_states([state] * (len(singles) + 1))
            with pytest.raises(IllegalActionsError) as refused:
                copies.step(np.array([action for action, _ in singles] + [legal]))
            assert refused.value.games == tuple(range(len(singles)))
            assert [reason.value for reason in refused.value.reasons] == [
                reason for _, reason in singles
            ]
            assert copies.to_states() == [state] * (len(singles) + 1)
    assert sum(reasons.values()) > 10, reasons


def entered_until_refused(batch: Batch, actions: Sequence[int]) -> None:
    """Step ``actions`` one by one until the batch refuses one (which raises)."""
    for action in actions:
        batch = batch.step(np.array([action]))
    pytest.fail(f"every action of {actions} was taken")


def bid_code(text: str) -> int:
    """The batch's code of a bid's text: 0 to 18, blind nil 19 (`BLIND`), blind numbers 19 + n."""
    bid = parse_move(text)
    assert isinstance(bid, Bid), text
    return BLIND + bid.n if bid.blind else bid.n


@pytest.mark.parametrize("path", vector_files("scoring-*.json"), ids=lambda path: path.name)
def test_the_scoring_cases_score_so_by_the_batch(path: Path) -> None:
    """The batch's scoring of a round (every case of a ruleset in one call) gives each
    case's points and bags.

    Rules: rule-scoring, rule-nil-scoring, rule-bag-limit, rule-two-scoring.
    Rules: reading-zero-bid, rule-ten-for-two-hundred.
    """
    by_rules: defaultdict[Ruleset, list[dict[str, Any]]] = defaultdict(list)
    for case in file_cases(path):
        by_rules[rules_of(case)].append(case)
    for rules, cases in by_rules.items():
        bids = [[bid_code(text) for text in case["bids"]] for case in cases]
        tricks = [case["tricks"] for case in cases]
        bags = [case["bags"] for case in cases]
        points, after = score_sides(
            rules, np.array(bids), np.array(tricks), np.array(bags, dtype=np.int64)
        )
        for row, case in enumerate(cases):
            given = {"points": points[row].tolist(), "bags": after[row].tolist()}
            assert given == case["expected"], case["id"]


def test_the_first_round_decks_of_the_vectors_are_the_batchs_deals() -> None:
    """`Batch.from_seeds` deals a seed's first round from the deck its vector gives, for
    seeds at every edge up to 2**128 - 1, all in one batch.

    Rules: rule-seeded-deal, rule-stock.
    """
    cases = [case for case in cases_of("deal-round-decks.json") if case["round"] == 1]
    assert len(cases) > 10
    seeds = [int(case["seed"]) for case in cases]
    decks = [[Card.parse(text) for text in case["deck"]] for case in cases]
    four = Batch.from_seeds(CLASSIC, seeds).to_states()
    assert four == [
        new_game(CLASSIC, seed=seed, deck=deck) for seed, deck in zip(seeds, decks, strict=True)
    ]
    two = Batch.from_seeds(TWO_HANDED, seeds).to_states()
    assert [list(state.stock) for state in two] == decks


@pytest.mark.parametrize(
    "deck", [deck for deck in Deck if deck.jokers], ids=lambda deck: deck.value
)
def test_the_first_round_decks_of_the_joker_vectors_are_the_batchs_deals(deck: Deck) -> None:
    """Under each joker deck `Batch.from_seeds` deals a seed's first round from the deck
    its vector gives (deal-joker-decks.json), four players and two.

    Rules: rule-decks, rule-seeded-deal.
    """
    cases = [
        case
        for case in cases_of("deal-joker-decks.json")
        if case["round"] == 1 and case["rules_deck"] == deck.value
    ]
    assert len(cases) > 10
    seeds = [int(case["seed"]) for case in cases]
    decks = [[Card.parse(text) for text in case["deck"]] for case in cases]
    for preset in (CLASSIC, TWO_HANDED):
        rules = attrs.evolve(preset, deck=deck)
        states = Batch.from_seeds(rules, seeds).to_states()
        assert states == [
            new_game(rules, seed=seed, deck=cards) for seed, cards in zip(seeds, decks, strict=True)
        ]


@pytest.mark.parametrize("deck", list(Deck), ids=lambda deck: deck.value)
def test_the_three_player_deal_vectors_are_the_batchs_shuffles_and_deals(deck: Deck) -> None:
    """Under each deck, every round's deck of a three-player vector (deal-three-players.json:
    the pack's 51 or 54 cards) is the batch's shuffle of its seed and round, and the first
    rounds' are what `Batch.from_seeds` deals, 17 or 18 a hand.

    Rules: rule-three-players, rule-seeded-deal.
    """
    cases = [
        case
        for case in cases_of("deal-three-players.json")
        if case["rules_players"] == 3 and case.get("rules_deck", "standard") == deck.value
    ]
    assert len(cases) > 10
    rules = Ruleset(players=3, deck=deck)
    seeds = [int(case["seed"]) for case in cases]
    decks = [[Card.parse(text).index for text in case["deck"]] for case in cases]
    numbers = [case["round"] for case in cases]
    assert round_decks(seeds, numbers, rules.pack).tolist() == decks
    first = [
        (seed, deck)
        for seed, deck, number in zip(seeds, decks, numbers, strict=True)
        if number == 1
    ]
    states = Batch.from_seeds(rules, [seed for seed, _ in first]).to_states()
    assert states == [
        new_game(rules, seed=seed, deck=[ALL_CARDS[index] for index in cards])
        for seed, cards in first
    ]
    assert {len(state.hand(0)) for state in states} == {rules.hand_size}


GAMES = cases_of("games-*.json")


@pytest.mark.slow
@pytest.mark.parametrize("case", GAMES, ids=[case["id"] for case in GAMES])
def test_the_recorded_games_replay_through_the_batch(case: dict[str, Any]) -> None:
    """Every move of a recorded game, entered action by action in lockstep, reaches the
    record's state after it; a round dealt from a deck of its own (not its seed's) goes on
    from that state."""
    record = records.from_data(case["record"], GameRecord)
    rules = record.rules
    expected = iter(record)
    first = next(expected)
    lock = Lockstep(
        Batch.from_decks(rules, [record.rounds[0].deck], seeds=[record.seed], dealer=record.dealer),
        [first],
    )
    own_decks = 0
    for move, after in zip(record.moves, expected, strict=True):
        for action in actions_of(move, rules):
            lock.step(np.array([action]))
            lock.check()
        if lock.states[0] != after:  # the next round, dealt from the record's deck
            assert after.round_number == lock.states[0].round_number > 1
            assert after.phase is lock.states[0].phase
            assert record.rounds[after.round_number - 1].deck != round_deck(
                record.seed, after.round_number, rules=rules
            )
            lock = Lockstep(Batch.from_states([after]), [after])
            own_decks += 1
    assert lock.states[0] == record.final_state
    deals = [played.deck for played in record.rounds[1:]]
    assert own_decks == sum(
        deck != round_deck(record.seed, number, rules=rules) for number, deck in enumerate(deals, 2)
    )
