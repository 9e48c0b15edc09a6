"""What several test modules share: card shorthands, decks that deal chosen hands, states
at the blind-nil steps, whole rounds played so that each seat takes chosen tricks, and
adapters that ask the tests' reference implementation of the rules (`oracle`) whether a
card may be played.

The tests import it as ``from helpers import ...``: pytest puts ``tests/`` on ``sys.path``
(the default ``prepend`` import mode for a folder without ``__init__.py``), and mypy finds
it beside the test modules it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
from hypothesis import strategies as st

import oracle
from spades import (
    Bid,
    Card,
    InvalidRecordError,
    Look,
    Phase,
    Play,
    Rank,
    Reason,
    Ruleset,
    State,
    Suit,
    apply,
    deal,
    legal_moves,
    new_game,
    observe,
    records,
)
from spades.strategies import rulesets

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from spades import Move, View

C = Card.parse
NIL = Bid(0)
BLIND = Bid(0, blind=True)
ALL_BIDS = tuple(Bid(n) for n in range(14))
"""Every bid a seen hand may make, in `legal_moves` order: nil, then 1 to 13."""
BLIND_ANYTIME = Ruleset(blind_nil=True, blind_nil_deficit=None)
"""Blind nil open to every seat that has not looked, whatever the scores."""


_PLAIN = {C(text): index for index, text in enumerate(oracle.LIBRARY_DECK)}
"""Each card's number in the reference (`oracle`), read once from its notation."""


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
    return oracle.breaks_spades(_plain(played))


def play_reasons(state: State, card: Card, hand: tuple[Card, ...]) -> set[Reason]:
    """Every rule that forbids playing ``card`` from ``hand`` in ``state``, by the reference.

    At most one: a card not held; else, to a trick already led, not following suit; else,
    leading a spade before spades are broken (`spade_played`) from a hand of other suits.
    """
    broken = spade_played(state)
    reason = oracle.play_problem(_plain(hand), _plain(state.trick), _PLAIN[card], broken=broken)
    return set() if reason is None else {Reason(reason)}


def may_play(card: Card, hand: tuple[Card, ...], trick: tuple[Card, ...], broken: bool) -> bool:
    """Follow suit when you can; lead a spade only once broken or from a hand of spades.

    Written from the rules, not from the engine (`oracle.play_problem`): the properties
    check the engine with it.
    """
    return oracle.play_problem(_plain(hand), _plain(trick), _PLAIN[card], broken=broken) is None


# --- building positions -------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    return [C(word) for word in text.split()]


def deck_for(rules: Ruleset, dealer: int, hands: Mapping[int, Sequence[Card]]) -> list[Card]:
    """The deck that deals ``hands`` (by seat) one card at a time from the first bidder."""
    step = rules.direction.step
    first = (dealer + step) % 4
    return [hands[(first + offset * step) % 4][i] for i in range(13) for offset in range(4)]


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

    A seat that may still bid blind nil looks first unless its bid is blind nil; every
    trick's winner is checked against the plan as the round goes.
    """
    winners = winners_for(tricks)
    plan = plan_round(winners)
    hands = {seat: [trick[seat] for trick in plan] for seat in range(4)}
    state = deal(state, deck_for(state.rules, state.dealer, hands))
    while state.phase is Phase.BIDDING:
        bid = bids[state.to_move]  # type: ignore[index]
        if bid != BLIND and Look() in legal_moves(state):
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
def blind_nil_rulesets(draw: st.DrawFn, *, long_games: bool = False) -> Ruleset:
    """A random ruleset with blind nil on, a deficit often met and any pass size.

    With ``long_games`` its games last: no floor, no cap and a target of 300 or more, so
    that later rounds, where one side trails, come up often.
    """
    rules = attrs.evolve(
        draw(rulesets(players=4)),
        nil=True,
        blind_nil=True,
        blind_nil_deficit=draw(st.none() | st.integers(0, 150)),
        blind_nil_pass=draw(st.integers(0, 3)),
    )
    if long_games:
        target = draw(st.integers(300, 1000))
        rules = attrs.evolve(rules, target=target, losing_floor=None, round_cap=None)
    return rules


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
)
"""Four players, blind nil open to every seat that has not looked, one to three cards passed."""
OPEN_DOUBLE_NIL = rulesets(players=2).map(
    lambda rules: attrs.evolve(
        rules,
        nil=True,
        blind_nil=True,
        blind_nil_deficit=None,
        blind_nil_exchange=max(rules.blind_nil_exchange, 1),
    )
)
"""Two players, double nil open to both at their first draw turn, one to three cards exchanged."""
