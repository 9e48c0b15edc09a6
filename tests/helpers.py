"""What several test modules share: card shorthands, decks that deal chosen hands, states
at the blind-nil steps, whole rounds played so that each seat takes chosen tricks; random
legal games move by move, for the property tests; and adapters that put the engine's
states, moves and rulesets to the tests' reference implementation of the rules (`oracle`)
and bring its answers back: the legal moves, the reason for a refusal, who wins a trick,
who plays next, a round's score, the end of the game, the exchange's draw, and a referee
that follows a game move by move (`referee_for`, `assert_agrees`). A test asks these, never
a copy of a rule of its own.

The tests import it as ``from helpers import ...``: pytest puts ``tests/`` on ``sys.path``
(the default ``prepend`` import mode for a folder without ``__init__.py``), and mypy finds
it beside the test modules it is given.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs
from hypothesis import assume
from hypothesis import strategies as st

import oracle
from spades import (
    DECK,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    Deck,
    Direction,
    Exchange,
    InvalidRecordError,
    Keep,
    Look,
    Move,
    Outcome,
    Pass,
    Phase,
    Play,
    Rank,
    Reason,
    Reject,
    RoundScore,
    Ruleset,
    SideScore,
    SpadesLead,
    State,
    Suit,
    Termination,
    apply,
    deal,
    legal_moves,
    new_game,
    observe,
    parse_move,
    records,
)
from spades.strategies import decks, rulesets

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping, Sequence

    from spades import View

C = Card.parse
NIL = Bid(0)
BLIND = Bid(0, blind=True)
ALL_BIDS = tuple(Bid(n) for n in range(14))
"""Every bid a seen hand may make, in `legal_moves` order: nil, then 1 to 13."""
BLIND_ANYTIME = Ruleset(blind_nil=True, blind_nil_deficit=None)
"""Blind nil open to every seat that has not looked, whatever the scores."""
JOKER_DECKS = {
    "joker-joker-ace": Ruleset(deck=Deck.JOKER_JOKER_ACE),
    "joker-joker-deuce-deuce-blind-nil": attrs.evolve(
        BLIND_ANYTIME, deck=Deck.JOKER_JOKER_DEUCE_DEUCE
    ),
    "two-handed-joker-joker-deuce-deuce": attrs.evolve(
        TWO_HANDED, deck=Deck.JOKER_JOKER_DEUCE_DEUCE
    ),
}
"""Each joker deck: four players, with blind nil open to all under Joker-Joker-Deuce-Deuce,
and two (rule-decks)."""


SOURCE_PRESETS = {name: rules for name, rules in PRESETS.items() if name in oracle.SOURCES}
"""The presets of the three sources (classic, miniokey, miniokey-250, two-handed): nil
bids, the standard deck, spades led once broken; the switches combine with each."""


def solo_of(rules: Ruleset) -> Ruleset:
    """``rules`` (not Suicide's) played solo, without what needs a partner (rule-solo): no
    team minimum, nil pass nor blind nil pass."""
    return attrs.evolve(rules, solo=True, team_minimum=0, nil_pass=0, blind_nil_pass=0)


SOLO_PRESETS = {
    f"{name}-solo": solo_of(rules) for name, rules in PRESETS.items() if rules.players == 4
}
"""Each four-player preset played solo (rule-solo): the Trickster tables without their
team minimum."""
SOLO_PRESET_RULES = st.sampled_from(list(SOLO_PRESETS.values()))
"""One of `SOLO_PRESETS`."""


def three_of(rules: Ruleset) -> Ruleset:
    """A four-player ruleset played by three (rule-three-players), without what needs a
    partner: no team minimum, nil pass nor blind nil pass, and open bidding for Suicide."""
    bidding = Bidding.OPEN if rules.bidding is Bidding.SUICIDE else rules.bidding
    return attrs.evolve(
        rules,
        players=3,
        solo=False,
        team_minimum=0,
        nil_pass=0,
        blind_nil_pass=0,
        bidding=bidding,
    )


THREE_PRESETS = {
    f"{name}-three": three_of(rules) for name, rules in PRESETS.items() if rules.players == 4
}
"""Each four-player preset played by three (rule-three-players): the Trickster tables
without their team minimum."""
THREE_PRESET_RULES = st.sampled_from(list(THREE_PRESETS.values()))
"""One of `THREE_PRESETS`."""
THREE = Ruleset(players=3)
"""Three players, the standard deck: 51 cards, 17 each (rule-three-players)."""
THREE_JJDD = Ruleset(
    players=3,
    deck=Deck.JOKER_JOKER_DEUCE_DEUCE,
    blind_nil=True,
    blind_nil_deficit=None,
    blind_bid_minimum=5,
    blind_bid_deficit=None,
)
"""Three players, Joker-Joker-Deuce-Deuce: all 54 cards, 18 each, blind nil and blind numbers
from 5 at any score (the adapters' widest three-player ruleset)."""


_PLAIN = {C(text): index for index, text in enumerate(oracle.CARD_NAMES)}
"""Each card's number in the reference (`oracle`), read once from its notation (the jokers'
too)."""


def _plain(cards: Iterable[Card]) -> list[int]:
    """The reference's cards for the engine's, in the same order."""
    return [_PLAIN[each] for each in cards]


def mover_view(state: State) -> View:
    """The view of the seat to move (the game goes on)."""
    assert state.to_move is not None
    return observe(state, state.to_move)


def spade_played(state: State) -> bool:
    """Whether a spade has been played to a trick of this round, the current one included."""
    played = [card for trick in state.tricks for card in trick.cards] + list(state.trick)
    return oracle.breaks_spades(_plain(played), pack_data(state.rules))


def play_reasons(state: State, card: Card, hand: tuple[Card, ...]) -> set[Reason]:
    """Every rule that forbids playing ``card`` from ``hand`` in ``state``, by the reference.

    At most one: a card not held; else, to a trick already led, not following suit; else,
    leading a spade from a hand of other suits before the ruleset lets her: before spades
    are broken (`spade_played`), or as ``spades_lead`` says (reading-spades-lead).
    """
    reason = oracle.play_problem(
        _plain(hand),
        _plain(state.trick),
        _PLAIN[card],
        broken=spade_played(state),
        lead=state.rules.spades_lead.value,
        tricks_played=len(state.tricks),
        deck=pack_data(state.rules),
    )
    return set() if reason is None else {Reason(reason)}


def may_play(card: Card, before: State) -> bool:
    """Whether the seat to move in ``before`` may play ``card`` from her hand.

    Follow suit when you can; lead a spade only when the ruleset allows it (once broken,
    at any time, or from the second trick on: reading-spades-lead) or from a hand of spades.
    Written from the rules, not from the engine (`oracle.play_problem`): the properties
    check the engine with it.
    """
    assert before.to_move is not None
    return not play_reasons(before, card, before.hand(before.to_move))


# --- building positions -------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    return [C(word) for word in text.split()]


def deck_for(rules: Ruleset, dealer: int, hands: Mapping[int, Sequence[Card]]) -> list[Card]:
    """The deck that deals ``hands`` (by seat) one card at a time from the first bidder:
    four players' or three's (rule-three-players), as many cards a hand as ``hands`` hold."""
    players = rules.players
    step = rules.direction.step
    first = (dealer + step) % players
    size = len(hands[first])
    return [
        hands[(first + offset * step) % players][i]
        for i in range(size)
        for offset in range(players)
    ]


def start(rules: Ruleset, hands: Mapping[int, str], *, dealer: int = 0) -> State:
    """A new game whose first round deals ``hands`` (by seat, as card text)."""
    held = {seat: cards(text) for seat, text in hands.items()}
    return new_game(rules, seed=0, dealer=dealer, deck=deck_for(rules, dealer, held))


def bid_all(state: State, n: int = 3) -> State:
    while state.phase is Phase.BIDDING:
        state = apply(state, Bid(n))
    return state


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, Play(C(text)))
    return state


# Seat 1 leads first (CLASSIC, dealer 0) and holds clubs and one spade.
MIXED = {
    1: "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2S",
    2: "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    3: "AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    0: "AH 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
}


# --- playing on -------------------------------------------------------------------------


def play_out_round(state: State, choose: Callable[[tuple[Move, ...]], Move]) -> State:
    """Play ``choose(legal_moves(state))`` until the round (or the game) is over."""
    number = state.round_number
    while not state.is_over and state.round_number == number:
        state = apply(state, choose(legal_moves(state)))
    return state


def bid_three_play_first(moves: tuple[Move, ...]) -> Move:
    return moves[3] if isinstance(moves[0], Bid) and len(moves) > 3 else moves[0]


def finished_game() -> State:
    """A game over after its one round (``round_cap=1``)."""
    return play_out_round(new_game(Ruleset(round_cap=1), seed=11), bid_three_play_first)


# --- states for the blind nil tests --------------------------------------------------------


def unseen_state() -> State:
    """Seat 1 to bid, who may still bid blind nil and has not looked."""
    return new_game(BLIND_ANYTIME, seed=3)


def looked_state() -> State:
    """Seat 1 to bid, having looked at her hand."""
    return apply(unseen_state(), Look())


def passing_state() -> State:
    """Seat 1 bid blind nil, the others 3 after a look: seat 1 to pass."""
    state = apply(unseen_state(), BLIND)
    for _ in range(3):
        state = apply(state, Look())
        state = apply(state, Bid(3))
    assert state.phase is Phase.PASSING
    return state


# --- the first lead of a round, by each way the play begins ---------------------------------


def first_leads(lead: SpadesLead) -> dict[str, State]:
    """The first lead of a round under ``lead``, reached by each move that starts the play.

    Four players: the last bid (``"bid"``, the engine's fast path), the last bid with blind
    nil on (``"blind nil bid"``, the checked path) and the blind nil pass back (``"pass"``).
    Two players: the last bid after the draw (``"two players bid"``, the fast path), the
    last bid after a double nil and its exchange (``"double nil bid"``), the second double
    nil exchange (``"exchange"``) and the last draw, both having declared double nil without
    an exchange (``"draw"``). In each the leader holds a spade and a card of another suit.
    """
    found = {}
    four = Ruleset(spades_lead=lead)
    found["bid"] = bid_all(start(four, MIXED))
    state = start(attrs.evolve(four, blind_nil=True, blind_nil_deficit=None), MIXED)
    while state.phase is Phase.BIDDING:
        state = apply(apply(state, Look()), Bid(3))
    found["blind nil bid"] = state
    state = apply(new_game(attrs.evolve(BLIND_ANYTIME, spades_lead=lead), seed=3), BLIND)
    while state.phase is Phase.BIDDING:
        state = apply(apply(state, Look()), Bid(3))
    while state.phase is Phase.PASSING:
        assert state.to_move is not None
        state = apply(state, Pass(state.hand(state.to_move)[:2]))
    found["pass"] = state
    two = attrs.evolve(TWO_HANDED, spades_lead=lead)
    state = new_game(attrs.evolve(two, blind_nil=False), deck=DECK, seed=7)
    while state.phase is not Phase.PLAYING:
        state = apply(state, Keep() if state.phase is Phase.DRAWING else Bid(2))
    found["two players bid"] = state
    state = apply(new_game(two, deck=DECK, seed=7), BLIND)
    while state.phase is Phase.DRAWING:
        state = apply(state, Keep())
    found["double nil bid"] = apply(apply(state, Exchange([])), Bid(2))
    for name, rules in (("exchange", two), ("draw", attrs.evolve(two, blind_nil_exchange=0))):
        state = apply(apply(new_game(rules, deck=DECK, seed=7), BLIND), Keep())
        state = apply(state, BLIND)
        while state.phase is not Phase.PLAYING:
            state = apply(state, Keep() if state.phase is Phase.DRAWING else Exchange([]))
        found[name] = state
    for state in found.values():
        assert state.phase is Phase.PLAYING
        assert state.to_move is not None
        assert not state.tricks
        suits = {card.suit for card in state.hand(state.to_move)}
        assert Suit.SPADES in suits
        assert len(suits) > 1
    return found


# Seat 1 leads first (dealer 0) and wins the first trick with AC, no spade played
# (AC JC 2H QD); then she leads the second holding clubs and three spades.
SECOND_LEAD = {
    1: "AC 2C 3C 4C 5C 6C 7C 8C 9C TC 2S 3S 4S",
    2: "JC QC KC 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    3: "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    0: "QD KD AD 5S 6S 7S 8S 9S TS JS QS KS AS",
}


def second_lead(lead: SpadesLead) -> State:
    """Four players under ``lead``: seat 1 to lead the second trick, spades not broken."""
    state = play(bid_all(start(Ruleset(spades_lead=lead), SECOND_LEAD)), "AC", "JC", "2H", "QD")
    assert (state.to_move, len(state.tricks), state.spades_broken) == (1, 1, False)
    return state


# --- a round in which each seat takes a chosen number of tricks ---------------------------

_HIGH_RANKS = [rank for rank in Rank if rank is not Rank.TWO]


def plan_round(winners: Sequence[int]) -> list[dict[int, Card]]:
    """Cards for 13 tricks, by seat, that seats ``winners`` win in turn whoever leads.

    Tricks 1-9 are all clubs, diamonds or hearts (the winner holds the highest); trick 10 is
    the four twos, its leader (the ninth trick's winner) leads 2C and ``winners[9]`` trumps
    with 2S, breaking spades by a discard; tricks 11-13 are all spades.
    """
    assert len(winners) == 13
    assert winners[8] != winners[9]

    def uniform(suit: Suit, group: int, winner: int) -> dict[int, Card]:
        seats = [winner, *(seat for seat in range(4) if seat != winner)]
        ranks = reversed(_HIGH_RANKS[4 * group : 4 * group + 4])
        return {seat: Card(rank, suit) for seat, rank in zip(seats, ranks, strict=True)}

    plain = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    plan = [uniform(plain[k // 3], k % 3, winners[k]) for k in range(9)]
    leader, trumper = winners[8], winners[9]
    others = [seat for seat in range(4) if seat not in (leader, trumper)]
    plan.append({leader: C("2C"), trumper: C("2S"), others[0]: C("2D"), others[1]: C("2H")})
    plan += [uniform(Suit.SPADES, k - 10, winners[k]) for k in range(10, 13)]
    return plan


def winners_for(tricks: Sequence[int]) -> list[int]:
    """A sequence of trick winners giving seat ``s`` ``tricks[s]`` tricks (two seats or more)."""
    takers = [seat for seat in range(4) if tricks[seat]]
    last, before = takers[0], takers[1]
    rest = [seat for seat in range(4) for _ in range(tricks[seat])]
    rest.remove(last)
    rest.remove(before)
    return [*rest[:8], before, last, *rest[8:]]


def play_round(state: State, bids: Sequence[Move], tricks: Sequence[int]) -> State:
    """Deal, bid ``bids`` (by seat) and play a round where seat ``s`` takes ``tricks[s]``.

    A seat that may still bid blind looks first unless its bid is blind; every
    trick's winner is checked against the plan as the round goes.
    """
    winners = winners_for(tricks)
    plan = plan_round(winners)
    hands = {seat: [trick[seat] for trick in plan] for seat in range(4)}
    state = deal(state, deck_for(state.rules, state.dealer, hands))
    while state.phase is Phase.BIDDING:
        bid = bids[state.to_move]  # type: ignore[index]
        if not getattr(bid, "blind", False) and Look() in legal_moves(state):
            state = apply(state, Look())
        state = apply(state, bid)
    for number, trick in enumerate(plan):
        for _ in range(4):
            state = apply(state, Play(trick[state.to_move]))  # type: ignore[index]
        if state.tricks:
            assert state.tricks[number].winner == winners[number]
    return state


def by_seat(side0: tuple[Bid, Bid], side1: tuple[Bid, Bid]) -> list[Bid]:
    """Bids by seat: seats 0 and 2 bid ``side0``, seats 1 and 3 bid ``side1``."""
    return [side0[0], side1[0], side0[1], side1[1]]


def round_bids(side0: tuple[int, int], side1: tuple[int, int]) -> list[Bid]:
    """Numbered bids by seat: seats 0 and 2 bid ``side0``, seats 1 and 3 bid ``side1``."""
    return by_seat((Bid(side0[0]), Bid(side0[1])), (Bid(side1[0]), Bid(side1[1])))


@st.composite
def blind_nil_rulesets(
    draw: st.DrawFn, *, long_games: bool = False, solo: bool = False, players: int = 4
) -> Ruleset:
    """A random ruleset with blind nil on, a deficit often met and any pass sizes (a blind
    nil's and a nil's, rule-card-pass): two partnerships, or with ``solo`` four players each
    on her own, who pass nothing (rule-solo); or with ``players=3`` three players, who pass
    nothing either (rule-three-players).

    With ``long_games`` its games last: no floor, no cap and a target of 300 or more, so
    that later rounds, where one side trails, come up often.
    """
    drawn = draw(rulesets(players=players))
    alone = solo or players == 3
    passes = 0 if alone else 1  # no partner to pass to (rule-solo, rule-three-players)
    rules = attrs.evolve(
        drawn,
        solo=solo,
        team_minimum=0 if alone else drawn.team_minimum,  # nor a team (rule-solo)
        nil=True,
        zero_contract=False,
        blind_nil=True,
        blind_nil_deficit=draw(st.none() | st.integers(0, 150)),
        nil_pass=draw(st.integers(0, 4)) * passes,
        blind_nil_pass=draw(st.integers(0, 4)) * passes,
        bidding=Bidding.OPEN,  # Suicide has no blind nil (rule-suicide)
    )
    if long_games:
        target = draw(st.integers(300, 1000))
        rules = attrs.evolve(rules, target=target, losing_floor=None, round_cap=None)
    return rules


BLIND_NUMBERS = Ruleset(blind_bid_minimum=6, blind_bid_deficit=None)
"""Blind numbers from 6 to 13 at any score (rule-blind-bids)."""


def trailing(rules: Ruleset) -> State:
    """Round 2 under ``rules`` (four players, open bidding, no 10-for-200): side 0 leads
    130 to -130 (13 bid and made, 13 bid and missed); seat 2 is to bid, then seats 3, 0
    and 1, whose side trails by 260.
    """
    state = play_round(new_game(rules, seed=1), round_bids((7, 6), (7, 6)), (9, 0, 4, 0))
    assert (state.scores, state.to_move) == ((130, -130), 2)
    return state


def bid_in_view(state: State, n: int) -> State:
    """The seat to move bids ``n``, looking first where she may still bid blind."""
    if Look() in legal_moves(state):
        state = apply(state, Look())
    return apply(state, Bid(n))


@st.composite
def blind_number_rulesets(draw: st.DrawFn, *, players: int = 4) -> Ruleset:
    """A four-player ruleset with blind numbers from a drawn minimum, a deficit often met
    (None or up to 150), sometimes blind nil, a team minimum, 10-for-200 and solo
    (rule-blind-bids, reading-blind-ten-for-two-hundred, rule-solo); or with ``players=3``
    three players', the minimum up to the cards of a hand (rule-three-players).
    """
    rules = draw(rulesets(players=players))
    nil = rules.nil or rules.bidding is not Bidding.OPEN
    blind_nil = nil and draw(st.booleans())
    alone = rules.solo or players == 3  # no partner to pass to (rule-solo)
    return attrs.evolve(
        rules,
        nil=nil,
        zero_contract=rules.zero_contract and not nil,
        blind_nil=blind_nil,
        blind_nil_pass=0 if alone and blind_nil else rules.blind_nil_pass,
        bidding=Bidding.OPEN,
        blind_bid_minimum=draw(st.integers(1, rules.hand_size)),
        blind_bid_deficit=draw(st.none() | st.integers(0, 150)),
    )


BLIND_NUMBER_RULES = blind_number_rulesets()


def plain(value: State | View) -> dict[str, Any]:
    """A state's or a view's data, as `oracle` reads it."""
    found = records.to_data(value)
    assert isinstance(found, dict)
    return found


def swap_texts(value: Any, texts: dict[str, str]) -> Any:
    """Plain data with every string that is a key of ``texts`` replaced by its value."""
    if isinstance(value, str):
        return texts.get(value, value)
    if isinstance(value, list):
        return [swap_texts(item, texts) for item in value]
    if isinstance(value, dict):
        return {key: swap_texts(item, texts) for key, item in value.items()}
    return value


def swapped(state: State, first: Card, second: Card, seed: int | None) -> State | None:
    """``state`` with two cards swapped everywhere (and another seed), if legal play
    reaches that too; else None."""
    data = swap_texts(plain(state), {str(first): str(second), str(second): str(first)})
    data["hands"] = [sorted(hand, key=oracle.card) for hand in data["hands"]]
    for entry in data["passes"]:
        entry["cards"] = sorted(entry["cards"], key=oracle.card)
    for entry in data["exchanges"]:
        entry["given"] = sorted(entry["given"], key=oracle.card)
    if seed is not None:
        data["seed"] = str(seed)
    try:
        return records.from_data(data, State)
    except InvalidRecordError:
        return None


OPEN_BLIND_NIL = blind_nil_rulesets().map(
    lambda rules: attrs.evolve(
        rules, blind_nil_deficit=None, blind_nil_pass=max(rules.blind_nil_pass, 1)
    )
)  # partnerships: the pass goes to a partner (rule-solo)
"""Four players, blind nil open to every seat that has not looked (but to a second bidder a
team minimum leaves short), one to four cards passed for it (and zero to four for a nil)."""
OPEN_DOUBLE_NIL = rulesets(players=2).map(
    lambda rules: attrs.evolve(
        rules,
        nil=True,
        zero_contract=False,
        blind_nil=True,
        blind_nil_deficit=None,
        blind_nil_exchange=max(rules.blind_nil_exchange, 1),
    )
)
"""Two players, double nil open to both at their first draw turn, one to three cards exchanged."""


# --- the reference's answers, for the engine's values ----------------------------------------
#
# The property tests hold the engine to `oracle`, the tests' one reading of the rules: these
# translate a state, a move or a ruleset into the reference's plain values and its answer back.

_CARDS = [C(text) for text in oracle.CARD_NAMES]
"""The engine's card for each of the reference's card numbers."""


def reference_cards(cards: Iterable[Card]) -> list[int]:
    """The reference's cards (numbers in the library's order) for the engine's."""
    return _plain(cards)


def engine_cards(indexes: Iterable[int]) -> tuple[Card, ...]:
    """The engine's cards for the reference's, in the same order."""
    return tuple(_CARDS[index] for index in indexes)


@functools.cache
def rules_data(rules: Ruleset) -> oracle.Rules:
    """A ruleset as the reference reads it: the fields of the record format."""
    data = records.to_data(rules)
    assert isinstance(data, dict)
    return {key: data[key] for key in oracle.RULESET_ORDER}


def pack_data(rules: Ruleset) -> str:
    """The name of the pack ``rules`` deals, as the reference reads it (`oracle.pack_of`):
    the deck's, or three players' (rule-three-players)."""
    return oracle.pack_of(rules_data(rules))


def position_of(state: State) -> oracle.Position:
    """What legality depends on in ``state``, as the reference reads it.

    The round's first bidder and the passes made name the pass due (`oracle.pass_size`).
    Whether spades are broken comes from the cards played this round (`oracle.breaks_spades`),
    not from the state's own flag, so that the reference checks that flag too.
    """
    played = [card for trick in state.tricks for card in trick.cards] + list(state.trick)
    rules = rules_data(state.rules)
    drew = [0] * state.rules.players
    for turn in state.draws:
        drew[turn.seat] += 1
    return oracle.Position(
        rules=rules,
        phase=state.phase.value,
        to_move=state.to_move,
        hands=[set(_plain(hand)) for hand in state.hands],
        trick=_plain(state.trick),
        spades_broken=oracle.breaks_spades(_plain(played), oracle.pack_of(rules)),
        bids=[None if bid is None else str(bid) for bid in state.bids],
        looked=list(state.looked),
        scores=list(state.scores),
        drew=drew,
        tricks_played=len(state.tricks),
        first=first_seat(state.rules, state.dealer),
        passes_made=len(state.passes),
    )


def expected_moves(state: State) -> tuple[Move, ...]:
    """The legal moves of ``state`` in the documented order, by the reference (ref-move-order)."""
    return tuple(parse_move(text) for text in oracle.legal_moves(position_of(state)))


def expected_reason(state: State, move: Move) -> Reason | None:
    """The reason the reference gives for refusing ``move`` by the seat to move, or None."""
    reason = oracle.problem(position_of(state), str(move))
    return None if reason is None else Reason(reason)


def may_bid_blind_by_reference(state: State, seat: int) -> bool:
    """Whether ``seat`` may still bid blind nil (two players: declare double nil)."""
    return oracle.may_bid_blind(position_of(state), seat)


def expected_winner(rules: Ruleset, leader: int, cards_played: Sequence[Card]) -> int:
    """The seat that wins a complete trick led by ``leader``, by the reference."""
    return oracle.trick_winner(rules_data(rules), leader, _plain(cards_played))


def first_seat(rules: Ruleset, dealer: int) -> int:
    """Who bids first and leads the first trick, by the reference: the player after the dealer."""
    return oracle.first_seat(rules_data(rules), dealer)


def seat_after(rules: Ruleset, seat: int, count: int = 1) -> int:
    """The seat ``count`` places after ``seat`` in the direction of play, by the reference."""
    for _ in range(count):
        seat = oracle.next_seat(rules_data(rules), seat)
    return seat


def expected_outcome(rules: Ruleset, scores: Sequence[int], round_number: int) -> Outcome | None:
    """How a game with these totals after round ``round_number`` ends, by the reference."""
    found = oracle.outcome(rules_data(rules), scores, round_number)
    if found is None:
        return None
    return Outcome(winner=found["winner"], termination=Termination(found["termination"]))


def expected_exchange_draw(state: State, seat: int, count: int) -> tuple[Card, ...]:
    """The cards ``seat`` draws from the discards of ``state`` when she exchanges ``count``."""
    pile = oracle.exchange_draw(state.seed, state.round_number, seat, _plain(state.discards))
    return engine_cards(pile[:count])


def dealt_deck(state: State) -> list[Card]:
    """A deck that deals ``state``'s hands (four, or three: rule-three-players), one card at a
    time from the first bidder."""
    players = state.rules.players
    first = first_seat(state.rules, state.dealer)
    order = [seat_after(state.rules, first, k) for k in range(players)]
    hands = [state.hand(seat) for seat in order]
    cards = sum(len(hand) for hand in hands)
    return [hands[index % players][index // players] for index in range(cards)]


def referee_for(start: State) -> oracle.Referee:
    """The reference at the start of ``start``'s round, dealt the same cards.

    ``start`` is a state before the first move of a round: four players' hands, or two
    players' stock, are what the reference deals.
    """
    referee = oracle.Referee(rules=rules_data(start.rules), seed=start.seed, dealer=start.dealer)
    deck = start.stock if start.rules.players == 2 else dealt_deck(start)
    referee.start_round(_plain(deck))
    referee.round_number = start.round_number
    referee.scores, referee.bags = list(start.scores), list(start.bags)
    return referee


def referee_step(referee: oracle.Referee, move: Move) -> None:
    """Make ``move`` on the reference; after a round that does not end the game, deal the next."""
    referee.apply(str(move))
    if referee.phase == "dealing":
        referee.next_round()


def _hidden(cards: tuple[Card, ...] | None) -> list[int] | None:
    """The reference's form of some cards of a state's history (None, as a view hides
    them, stays None: a state never hides any)."""
    return None if cards is None else _plain(cards)


def _hidden_card(card: Card | None) -> int | None:
    """The reference's form of a card of a state's history (None stays None)."""
    return None if card is None else _PLAIN[card]


def assert_agrees(referee: oracle.Referee, state: State, *, fully: bool = False) -> None:
    """The engine's ``state`` holds what the reference holds: the round in play, card by
    card, and the totals; with ``fully``, every field of its data (the rounds' summaries
    and the outcome too), which costs a record's conversion."""
    if fully:
        engine = plain(state)
        for key, value in referee.state_data().items():
            assert engine[key] == value, f"{key}: the engine has {engine[key]!r}, not {value!r}"
        return
    assert (state.phase.value, state.to_move) == (referee.phase, referee.to_move)
    assert (state.round_number, state.dealer) == (referee.round_number, referee.dealer)
    assert [_plain(hand) for hand in state.hands] == referee.hands
    assert (_plain(state.stock), _plain(state.discards)) == (referee.stock, referee.discards)
    draws = [
        (turn.seat, _hidden_card(turn.kept), _hidden_card(turn.discarded)) for turn in state.draws
    ]
    assert draws == referee.draws
    exchanges = [(turn.seat, _hidden(turn.given), _hidden(turn.drawn)) for turn in state.exchanges]
    assert exchanges == referee.exchanges
    assert [(turn.seat, _hidden(turn.cards)) for turn in state.passes] == referee.passes
    assert [None if bid is None else str(bid) for bid in state.bids] == referee.bids
    assert list(state.looked) == referee.looked
    assert (_plain(state.trick), state.spades_broken) == (referee.trick, referee.spades_broken)
    if state.phase is Phase.PLAYING:
        assert state.trick_leader == referee.trick_leader
    tricks = [(trick.leader, _plain(trick.cards), trick.winner) for trick in state.tricks]
    assert tricks == referee.tricks
    assert (list(state.scores), list(state.bags)) == (referee.scores, referee.bags)


def assert_scored_by_reference(rules: Ruleset, score: RoundScore, bags: Sequence[int]) -> None:
    """``score`` is the reference's score of its bids and tricks, with ``bags`` before it."""
    bids = [str(bid) for bid in score.bids]
    sides = oracle.score_sides(rules_data(rules), bids, list(score.tricks), list(bags))
    for side, expected in zip(score.sides, sides, strict=True):
        assert dict(zip(SideScore.fields, side, strict=True)) == dataclasses.asdict(expected)


# --- random legal games, move by move -----------------------------------------------------


class Step(NamedTuple):
    """One move of a game, with the states before and after it."""

    before: State
    move: Move
    after: State


RandomPolicy = Callable[[State, random.Random], Move]
"""A player for the property tests: the state and a seeded generator in, a legal move out."""


def uniform(state: State, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return rng.choice(legal_moves(state))


def random_play(
    state: State, seed: int, *, rounds: int, policy: RandomPolicy = uniform
) -> Iterator[Step]:
    """Moves from ``state`` until ``rounds`` rounds have ended, or the game."""
    rng = random.Random(seed)
    last = state.round_number + rounds - 1
    while not state.is_over and state.round_number <= last:
        move = policy(state, rng)
        after = apply(state, move)
        yield Step(state, move, after)
        state = after


def ends_round(step: Step) -> bool:
    """Whether ``step`` is the last move of its round (and perhaps of the game)."""
    return step.after.is_over or step.after.round_number != step.before.round_number


def by_round(steps: Iterable[Step]) -> Iterator[list[Step]]:
    """The steps of each round played to its end."""
    current: list[Step] = []
    for step in steps:
        current.append(step)
        if ends_round(step):
            yield current
            current = []


SEEDS = st.integers(0, 2**32 - 1)
"""Any seed of a game or of a random player."""
OPEN_DOUBLE_NIL_RULES = rulesets(players=2).map(
    lambda rules: attrs.evolve(
        rules, nil=True, zero_contract=False, blind_nil=True, blind_nil_deficit=None
    )
)
"""Two players, double nil on and open to both, any exchange size (none too)."""
RULES_BY_PLAYERS: dict[int, st.SearchStrategy[Ruleset]] = {
    4: st.one_of(
        rulesets(presets_only=True, players=4),
        rulesets(players=4),
        blind_nil_rulesets(long_games=True),
        blind_nil_rulesets(long_games=True, solo=True),
        SOLO_PRESET_RULES,
    ),
    3: st.one_of(
        THREE_PRESET_RULES, rulesets(players=3), blind_nil_rulesets(long_games=True, players=3)
    ),
    2: st.one_of(
        rulesets(presets_only=True, players=2), rulesets(players=2), OPEN_DOUBLE_NIL_RULES
    ),
}
"""For each player count: its presets, random valid rulesets (solo among them), and blind nil
(double nil) on; four players also blind nil solo and each preset solo; three players each
four-player preset played by three (rule-three-players)."""


class Game(NamedTuple):
    """A new game and its first moves."""

    start: State
    steps: list[Step]


@st.composite
def starts(draw: st.DrawFn, rules: st.SearchStrategy[Ruleset]) -> State:
    """A new game: any seed and dealer, sometimes dealt from an explicit order of the
    ruleset's pack (rule-decks, rule-three-players)."""
    drawn = draw(rules)
    return new_game(
        drawn,
        seed=draw(SEEDS),
        dealer=draw(st.integers(0, drawn.players - 1)),
        deck=draw(st.none() | decks(deck=drawn.deck, players=drawn.players)),
    )


@st.composite
def random_games(
    draw: st.DrawFn, rules: st.SearchStrategy[Ruleset], *, max_rounds: int = 2
) -> Game:
    """A new game and its first rounds, played by uniformly random legal moves."""
    start = draw(starts(rules))
    steps = list(random_play(start, draw(SEEDS), rounds=draw(st.integers(1, max_rounds))))
    return Game(start, steps)


def assert_every_card_in_one_place(state: State) -> None:
    """Hands, stock, discards, the trick in progress and the completed tricks: the pack's
    cards (52, or three players' 51 or 54: rule-three-players), once each; and as many in
    each place as the phase allows, by the reference."""
    hands = [card for hand in state.hands for card in hand]
    taken = [card for trick in state.tricks for card in trick.cards]
    places = [hands, list(state.stock), list(state.discards), list(state.trick), taken]
    pack = oracle.deck_cards(pack_data(state.rules))
    assert sorted(card for place in places for card in place) == list(engine_cards(pack))
    players = state.rules.players
    size = oracle.hand_size(rules_data(state.rules))
    drawn = len(state.draws)
    if state.phase is Phase.DRAWING:
        assert len(state.stock) == 52 - 2 * drawn
        assert len(state.discards) == drawn
        for seat in (0, 1):
            assert len(state.hand(seat)) == sum(turn.seat == seat for turn in state.draws)
    elif players == 2:
        assert (drawn, len(state.stock), len(state.discards)) == (26, 0, 26)
    else:
        assert (drawn, state.stock, state.discards) == (0, (), ())
    if state.phase in (Phase.DRAWING, Phase.EXCHANGING, Phase.BIDDING, Phase.PASSING):
        assert not state.trick
        assert not state.tricks
    if state.phase in (Phase.EXCHANGING, Phase.BIDDING):
        assert [len(hand) for hand in state.hands] == [size] * players
    if state.phase is Phase.GAME_OVER:
        assert hands == []
        assert not state.trick
        assert len(state.tricks) == size


def assert_outcome_follows_the_rules(state: State) -> None:
    """A finished game ended after the first round after which the reference ends it, as
    the reference says (the target, then the losing floor, then the round cap)."""
    rules = state.rules
    assert state.is_over
    assert state.phase is Phase.GAME_OVER
    assert state.to_move is None
    assert legal_moves(state) == ()
    running = (0,) * rules.sides
    for number, round_score in enumerate(state.rounds, start=1):
        running = tuple(map(operator.add, running, round_score.points))
        ended = expected_outcome(rules, running, number)
        assert (ended is not None) == (number == len(state.rounds))
    assert running == state.scores
    outcome = state.outcome
    assert outcome is not None
    assert outcome == expected_outcome(rules, state.scores, len(state.rounds))
    if outcome.winner is None:
        assert outcome.is_draw
    else:  # the highest total, alone (rule-solo: of four)
        others = [score for side, score in enumerate(state.scores) if side != outcome.winner]
        assert state.scores[outcome.winner] > max(others)


@st.composite
def exchanging_states(draw: st.DrawFn) -> State:
    """A double nil bidder to exchange, after random draw choices (and, when both declared,
    sometimes after the first bidder's exchange)."""
    rules = attrs.evolve(draw(OPEN_DOUBLE_NIL_RULES), blind_nil_exchange=draw(st.integers(1, 3)))
    state = draw(starts(st.just(rules)))
    declarers = draw(st.sampled_from([(0,), (1,), (0, 1)]))
    rng = random.Random(draw(SEEDS))
    choices: list[Move] = [Keep(), Reject()]
    while state.phase is Phase.DRAWING:
        if state.to_move in declarers and BLIND in legal_moves(state):
            state = apply(state, BLIND)
        state = apply(state, rng.choice(choices))
    if len(declarers) == 2 and draw(st.booleans()):
        state = apply(state, rng.choice(legal_moves(state)))
    assert state.phase is Phase.EXCHANGING
    return state


PASSING_RULES = st.builds(
    lambda rules, nil, blind, clockwise: attrs.evolve(
        rules,
        direction=Direction.CLOCKWISE if clockwise else Direction.COUNTERCLOCKWISE,
        nil=True,
        zero_contract=False,
        blind_nil=True,
        blind_nil_deficit=None,
        team_minimum=0,
        bidding=Bidding.OPEN,
        nil_pass=nil,
        blind_nil_pass=blind,
        solo=False,  # the pass goes to a partner (rule-solo)
    ),
    rulesets(players=4),
    st.integers(1, 4),
    st.integers(0, 4),
    st.booleans(),
)
"""Four players who pass 1 to 4 cards for a nil and 0 to 4 for a blind nil, blind nil
open to all, either direction (rule-card-pass)."""


@st.composite
def passing_states(draw: st.DrawFn, *, rules: st.SearchStrategy[Ruleset] = PASSING_RULES) -> State:
    """The passing phase of a game's first round: each seat bids nil, blind nil or 3,
    then some of the passes due are made at random."""
    state = draw(starts(rules))
    rng = random.Random(draw(SEEDS))
    choices = (Bid(0), Bid(0, blind=True), Bid(3))
    while state.phase is Phase.BIDDING:
        bid = rng.choice(choices) if BLIND in legal_moves(state) else rng.choice(choices[::2])
        if not bid.blind and Look() in legal_moves(state):
            state = apply(state, Look())
        state = apply(state, bid)
    assume(state.phase is Phase.PASSING)
    for _ in range(draw(st.integers(0, 3))):
        after = apply(state, rng.choice(legal_moves(state)))
        if after.phase is not Phase.PASSING:
            break
        state = after
    return state


def bidding_switched(least_minimum: int = 0) -> st.SearchStrategy[Ruleset]:
    """Four-player rulesets under a team minimum from ``least_minimum`` to 13, often with a
    zero contract and 10-for-200: the switches that decide what a bot may bid."""
    return st.builds(
        lambda rules, minimum, zero, ten: attrs.evolve(
            rules,
            team_minimum=minimum,
            nil=rules.nil and not zero,
            nil_pass=0 if zero else rules.nil_pass,
            blind_nil=rules.blind_nil and not zero,
            zero_contract=zero,
            ten_for_two_hundred=ten,
            bidding=Bidding.OPEN,  # Suicide decides the bids itself (rule-suicide)
            blind_bid_minimum=0 if ten else rules.blind_bid_minimum,  # rule-blind-bids
            solo=False,  # a team minimum is a partnership's (rule-solo)
        ),
        rulesets(players=4),
        st.integers(least_minimum, 13),
        st.booleans(),
        st.booleans(),
    )


SUICIDE = Ruleset(bidding=Bidding.SUICIDE)
"""The classic rules bid as Suicide asks: each side a nil and a contract of 4 or more."""
SUICIDE_RULES = rulesets(players=4).map(
    lambda rules: attrs.evolve(
        rules,
        nil=True,
        zero_contract=False,
        blind_nil=False,
        team_minimum=0,
        bidding=Bidding.SUICIDE,
        blind_bid_minimum=0,
        solo=False,  # Suicide is a partnership's (rule-solo)
    )
)
"""Four players bidding as Suicide asks, with any other switch it allows (rule-suicide)."""


def suicide_kept(bids: Sequence[Bid | None]) -> bool:
    """Whether each side's bids so far are Suicide's: each nil or 4 to 13, and not two
    nils nor two numbers (rule-suicide)."""
    for side in (0, 1):
        made = [bid.n for bid in (bids[side], bids[side + 2]) if bid is not None]
        if any(0 < number < 4 for number in made) or (len(made) == 2 and made.count(0) != 1):
            return False
    return True


WHIZ = Ruleset(bidding=Bidding.WHIZ)
"""The classic rules bid as Whiz asks: her number of spades, or nil."""
MIRROR = Ruleset(bidding=Bidding.MIRROR)
"""The classic rules bid as Mirror asks: her number of spades, nil with none."""


@st.composite
def by_spades_rulesets(draw: st.DrawFn, *, players: int = 4) -> Ruleset:
    """Four players bidding as Whiz or Mirror asks, with any other switch they allow: no
    blind nil, no team minimum, nil or a zero contract (rule-whiz, rule-mirror); or three
    with ``players=3`` (rule-three-players)."""
    rules = draw(rulesets(players=players))
    return attrs.evolve(
        rules,
        zero_contract=not rules.nil,
        blind_nil=False,
        team_minimum=0,
        blind_bid_minimum=0,
        bidding=draw(st.sampled_from([Bidding.WHIZ, Bidding.MIRROR])),
        solo=False,  # partnerships, whose nil may pass (solo Whiz and Mirror: `rulesets`)
    )


BY_SPADES_RULES = by_spades_rulesets()
"""Whiz or Mirror, with any other switch they allow (rule-whiz, rule-mirror)."""


def bids_by_spades(rules: Ruleset, n: int, hand: Iterable[Card]) -> bool:
    """Whether a bid of ``n`` is the ``hand`` at the bidding's number of spades, or a zero
    under Whiz (rule-whiz, rule-mirror); the jokers and the 2D of Joker-Joker-Deuce-Deuce
    are spades (rule-decks), as the reference counts them (`oracle.spade_count`)."""
    count = oracle.spade_count(_plain(hand), pack_data(rules))
    return n == count or (rules.bidding is Bidding.WHIZ and n == 0)
