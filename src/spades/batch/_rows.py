"""One game of a batch as a reference `State`, and a `State` written into a batch.

These are the batch engine's bridge to the reference engine: `Batch.from_states` and
`Batch.to_states` are built on them, and so is the slow path that hands a rare move (a
card pass, a double nil exchange) to `spades.apply`.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from spades._cards import ALL_CARDS
from spades._history import CardExchange, CardPass, DrawTurn
from spades._scoring import SideScore, score_unchecked
from spades._state import FULL_DECK, SHIFT, Outcome, State, build_state
from spades.batch._codes import (
    BID_OF,
    GAME_OVER,
    NONE,
    PHASE_CODE,
    PHASES,
    TERMINATIONS,
    bid_code,
)
from spades.batch._layout import allocate

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spades._moves import Bid
    from spades._rules import Ruleset
    from spades._scoring import RoundScore
    from spades.batch._layout import Arrays, Draft

__all__ = ["arrays_of", "read_state", "write_state"]


def _cards(indices: object) -> tuple:  # type: ignore[type-arg]
    return tuple(ALL_CARDS[int(index)] for index in indices)  # type: ignore[attr-defined]


def _bids(codes: object) -> tuple:  # type: ignore[type-arg]
    return tuple(None if code == NONE else BID_OF[int(code)] for code in codes)  # type: ignore[attr-defined]


def read_state(arrays: Arrays, rules: Ruleset, game: int) -> State:
    """The reference state of game ``game`` (its next deal, if due, already made)."""
    a = {name: array[game] for name, array in arrays.items()}
    players = rules.players
    phase_code = int(a["phase"])
    count = int(a["n_played"])
    played = a["played"]
    done = count // players
    first = rules.orders_of_play[int(a["dealer"])][1]
    tricks = []
    for number in range(done):
        leader = first if number == 0 else int(a["winners"][number - 1])
        cards = _cards(played[number * players : (number + 1) * players])
        tricks.append((leader, cards, int(a["winners"][number])))
    over = phase_code == GAME_OVER
    completed = int(a["round_number"]) - (0 if over else 1)
    termination = int(a["termination"])
    outcome = None
    if termination != NONE:
        winner = int(a["winner"])
        outcome = Outcome(
            winner=None if winner == NONE else winner, termination=TERMINATIONS[termination]
        )
    to_move = int(a["to_move"])
    leader = int(a["leader"])
    drawn = int(a["n_drawn"])
    packed = 0
    for seat in range(players):
        packed |= int(a["hands"][seat]) << SHIFT[seat]
    return build_state(
        rules=rules,
        phase=PHASES[phase_code],
        to_move=None if to_move == NONE else to_move,
        _packed_hands=packed,
        trick=_cards(played[done * players : count]),
        trick_leader=None if leader == NONE else leader,
        spades_broken=bool(a["broken"]),
        _tricks=tuple(tricks),
        bids=_bids(a["bids"]),
        dealer=int(a["dealer"]),
        round_number=int(a["round_number"]),
        scores=tuple(a["scores"].tolist()),
        bags=tuple(a["bags"].tolist()),
        rounds=_rounds(a, rules, completed),
        outcome=outcome,
        seed=int(a["seeds"]),
        looked=tuple(bool(flag) for flag in a["looked"]),
        passes=tuple(
            CardPass(int(a["pass_seats"][k]), _cards(c for c in a["passed"][k] if c != NONE))
            for k in range(int(a["n_passes"]))
        ),
        stock=_cards(a["deck"][2 * drawn :]) if players == 2 else (),
        discards=_cards(a["discards"][:drawn]) if players == 2 else (),
        draws=tuple(
            DrawTurn(
                (int(a["dealer"]) + turn) % 2,
                ALL_CARDS[int(a["draw_kept"][turn])],
                ALL_CARDS[int(a["draw_discarded"][turn])],
            )
            for turn in range(drawn)
        ),
        exchanges=tuple(
            CardExchange(
                int(a["ex_seats"][k]),
                int(a["ex_sizes"][k]),
                _cards(a["ex_given"][k][: int(a["ex_sizes"][k])]),
                _cards(a["ex_drawn"][k][: int(a["ex_sizes"][k])]),
            )
            for k in range(int(a["n_exchanges"]))
        ),
    )


def _rounds(a: Arrays, rules: Ruleset, completed: int) -> tuple[RoundScore, ...]:
    """The scores of the completed rounds, scored again from their bids and tricks."""
    rounds = []
    bags: tuple[int, ...] = (0,) * rules.sides
    for number in range(completed):
        bids = _bids(a["past_bids"][number])
        tricks = tuple(int(count) for count in a["past_taken"][number])
        score = score_unchecked(rules, bids, tricks, bags)
        rounds.append(score)
        bags = score.bags
    return tuple(rounds)


def arrays_of(states: Sequence[State], rules: Ruleset, rounds: int) -> Arrays:
    """The arrays of a batch of ``states`` (all of ``rules``), with room for ``rounds`` rounds.

    States in a row that differ only in their hands and seeds, as the deals sampled of one
    view do (`spades.sample_state`), are converted once, and only their hands and seeds
    are read again.
    """
    distinct: list[State] = []
    rows: list[int] = []
    for state in states:
        if not distinct or not _same_but_hands(state, distinct[-1]):
            distinct.append(state)
        rows.append(len(distinct) - 1)
    a = _converted(distinct, rules, rounds)
    if len(distinct) == len(states):
        return a
    index = np.array(rows)
    a = {name: array[index] for name, array in a.items()}
    shifts = SHIFT[: rules.players]
    hands = [state._packed_hands >> shift & FULL_DECK for state in states for shift in shifts]
    a["hands"][...] = np.array(hands, dtype=np.uint64).reshape(a["hands"].shape)
    a["seeds"][:] = [state.seed for state in states]
    return a


_SEED: Final = State._position("seed")


def _same_but_hands(state: State, other: State) -> bool:
    """Whether the two states differ at most in their hands and seeds.

    Most fields of sampled states are the very same objects, so the comparison is quick.
    """
    inner, others = state[-1], other[-1]
    return (
        state[1:3] == other[1:3]  # the phase and the seat to move
        and state[4:8] == other[4:8]  # the trick, its leader, spades broken, the tricks
        and inner[:_SEED] == others[:_SEED]
        and inner[_SEED + 1 :] == others[_SEED + 1 :]
    )


def _converted(states: Sequence[State], rules: Ruleset, rounds: int) -> Arrays:
    """The arrays of ``states``, column by column.

    The fields every state has go in with one numpy call each; the records that most
    states lack (the outcome, passes, the draw) game by game.
    """
    games, players = len(states), rules.players
    a = allocate(games, rules, rounds)

    def column(name: str, values: list[Any]) -> None:
        a[name][...] = np.array(values, dtype=a[name].dtype).reshape(a[name].shape)

    column("phase", [PHASE_CODE[state.phase] for state in states])
    column("to_move", [_code(state.to_move) for state in states])
    shifts = SHIFT[:players]
    column(
        "hands",
        [
            packed >> shift & FULL_DECK
            for state in states
            for packed in (state._packed_hands,)
            for shift in shifts
        ],
    )
    column("bids", [bid_code(bid) for state in states for bid in state.bids])
    column("looked", [flag for state in states for flag in state.looked])
    played: list[int] = []
    winners: list[int] = []
    counts: list[int] = []
    width = a["played"].shape[1]
    for state in states:
        tricks = state._tricks
        cards = [card.index for _, trick, _ in tricks for card in trick]
        cards += [card.index for card in state.trick]
        counts.append(len(cards))
        played += cards
        played += _BLANK[: width - len(cards)]
        winners += [winner for _, _, winner in tricks]
        winners += _BLANK[: rules.hand_size - len(tricks)]
    column("played", played)
    column("n_played", counts)
    column("winners", winners)
    column("leader", [_code(state.trick_leader) for state in states])
    column("broken", [state.spades_broken for state in states])
    column("dealer", [state.dealer for state in states])
    column("round_number", [state.round_number for state in states])
    column("scores", [score for state in states for score in state.scores])
    column("bags", [bag for state in states for bag in state.bags])
    a["seeds"][:] = [state.seed for state in states]
    if rounds:
        _write_rounds(a, states)
    for game, state in enumerate(states):
        if state.outcome is not None or state.passes or players == 2:
            _write_records(a, game, state)
    return a


def _write_rounds(a: Arrays, states: Sequence[State]) -> None:
    """Write the completed rounds of every state, one numpy call a field.

    Their points and bags have one entry a side (`Ruleset.sides`). The rounds' bids,
    tricks and sides are gathered first, then written field by field to the rows of the
    rounds played; the rows of the rounds not played keep their fill values (`allocate`).
    """
    bids: list[Bid] = []
    taken: list[int] = []
    breakdowns: list[SideScore] = []
    games: list[int] = []
    numbers: list[int] = []
    for game, state in enumerate(states):
        done = state.rounds
        for score in done:
            bids += score.bids
            taken += score.tricks
            breakdowns += score.sides
        games += [game] * len(done)
        numbers += range(len(done))
    where = (np.array(games, dtype=np.intp), np.array(numbers, dtype=np.intp))
    for name, values in (
        ("past_bids", list(map(bid_code, bids))),
        ("past_taken", taken),
        ("past_points", list(map(_POINTS, breakdowns))),
        ("past_bags", list(map(_BAGS, breakdowns))),
    ):
        array = a[name]
        array[where] = np.array(values, dtype=array.dtype).reshape(len(games), array.shape[2])


_POINTS, _BAGS = itemgetter(SideScore._position("points")), itemgetter(SideScore._position("bags"))
"""A `SideScore`'s points and bags, read straight from its tuple."""


_BLANK: Final = [NONE] * 54


def _code(seat: int | None) -> int:
    return NONE if seat is None else seat


def _write_records(a: Arrays, game: int, state: State) -> None:
    """Write what only some states have: the outcome, the passes, the draw, the exchanges."""
    outcome = state.outcome
    if outcome is not None:
        a["winner"][game] = _code(outcome.winner)
        a["termination"][game] = TERMINATIONS.index(outcome.termination)
    for k, card_pass in enumerate(state.passes):
        a["pass_seats"][game, k] = card_pass.seat
        chosen = [card.index for card in card_pass.cards or ()]
        a["passed"][game, k, : len(chosen)] = chosen
    a["n_passes"][game] = len(state.passes)
    if state.rules.players != 2:
        return
    draws = state.draws
    a["n_drawn"][game] = len(draws)
    a["deck"][game, 2 * len(draws) :] = [card.index for card in state.stock]
    if draws:  # a state sees every card: a draw turn's are never None
        a["draw_kept"][game, : len(draws)] = [draw.kept.index for draw in draws]  # type: ignore[union-attr]
        a["draw_discarded"][game, : len(draws)] = [draw.discarded.index for draw in draws]  # type: ignore[union-attr]
        a["discards"][game, : len(draws)] = [card.index for card in state.discards]
    for k, exchange in enumerate(state.exchanges):
        a["ex_seats"][game, k] = exchange.seat
        a["ex_sizes"][game, k] = exchange.size
        a["ex_given"][game, k, : exchange.size] = [card.index for card in exchange.given or ()]
        a["ex_drawn"][game, k, : exchange.size] = [card.index for card in exchange.drawn or ()]
    a["n_exchanges"][game] = len(state.exchanges)


def write_state(draft: Draft, game: int, state: State) -> None:
    """Write ``state`` into row ``game`` of the draft (whose arrays have room for its rounds)."""
    rows = arrays_of([state], state.rules, draft["past_bids"].shape[1])
    for name, array in rows.items():
        draft.w(name)[game] = array[0]
