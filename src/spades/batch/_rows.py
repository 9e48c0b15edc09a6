"""One game of a batch as a reference `State`, and a `State` written into a batch.

These are the batch engine's bridge to the reference engine: `Batch.from_states` and
`Batch.to_states` are built on them, and so is the slow path that hands a rare move (a
blind nil pass, a double nil exchange) to `spades.apply`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from spades._cards import DECK
from spades._history import CardExchange, CardPass, DrawTurn
from spades._scoring import score_unchecked
from spades._state import Outcome, State, build_state
from spades.batch._codes import (
    BID_OF,
    GAME_OVER,
    NONE,
    PHASE_CODE,
    PHASES,
    TERMINATIONS,
    bid_code,
)
from spades.batch._layout import FIELDS

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from spades._rules import Ruleset
    from spades._scoring import RoundScore
    from spades.batch._layout import Arrays, Draft

__all__ = ["arrays_of", "read_state", "write_state"]


def _cards(indices: object) -> tuple:  # type: ignore[type-arg]
    return tuple(DECK[int(index)] for index in indices)  # type: ignore[attr-defined]


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
        packed |= int(a["hands"][seat]) << (52 * seat)
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
        scores=(int(a["scores"][0]), int(a["scores"][1])),
        bags=(int(a["bags"][0]), int(a["bags"][1])),
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
                DECK[int(a["draw_kept"][turn])],
                DECK[int(a["draw_discarded"][turn])],
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
    bags = (0, 0)
    for number in range(completed):
        bids = _bids(a["past_bids"][number])
        tricks = tuple(int(count) for count in a["past_taken"][number])
        score = score_unchecked(rules, bids, tricks, bags)
        rounds.append(score)
        bags = score.bags
    return tuple(rounds)


def arrays_of(states: Sequence[State], rules: Ruleset, rounds: int) -> Arrays:
    """The arrays of a batch of ``states`` (all of ``rules``), with room for ``rounds`` rounds."""
    players = rules.players
    columns: dict[str, list[object]] = {name: [] for name in FIELDS}
    for state in states:
        for name, value in _entries(state, players, rounds):
            columns[name].append(value)
    arrays: Arrays = {}
    for name, (dtype, shape, _) in FIELDS.items():
        dims = tuple(rounds if dim == "R" else dim for dim in shape(players))
        if dtype is object:
            array = np.empty(len(states), dtype=object)
            array[:] = columns[name]
        else:
            array = np.array(columns[name], dtype=dtype).reshape(len(states), *dims)
        arrays[name] = array
    return arrays


def _padded(values: list[int], length: int) -> list[int]:
    return values + [NONE] * (length - len(values))


def _entries(state: State, players: int, rounds: int) -> Iterator[tuple[str, object]]:
    """The value of each field of `FIELDS` for ``state``, by name."""
    yield "phase", PHASE_CODE[state.phase]
    yield "to_move", NONE if state.to_move is None else state.to_move
    yield "hands", list(state.hand_masks)
    yield "selected", 0
    yield "bids", [bid_code(bid) for bid in state.bids]
    yield "looked", list(state.looked)
    tricks = state._tricks
    cards = [card.index for _, trick, _ in tricks for card in trick]
    cards += [card.index for card in state.trick]
    yield "played", _padded(cards, 52)
    yield "n_played", len(cards)
    yield "leader", NONE if state.trick_leader is None else state.trick_leader
    yield "winners", _padded([winner for _, _, winner in tricks], 13)
    yield "broken", state.spades_broken
    yield "dealer", state.dealer
    yield "round_number", state.round_number
    yield "scores", list(state.scores)
    yield "bags", list(state.bags)
    outcome = state.outcome
    if outcome is None:
        yield "winner", NONE
        yield "termination", NONE
    else:
        yield "winner", NONE if outcome.winner is None else outcome.winner
        yield "termination", TERMINATIONS.index(outcome.termination)
    yield "seeds", state.seed
    past = state.rounds
    blank = [[NONE] * players] * (rounds - len(past))
    yield "past_bids", [[bid_code(bid) for bid in score.bids] for score in past] + blank
    yield (
        "past_taken",
        [list(score.tricks) for score in past] + [[0] * players] * (rounds - len(past)),
    )
    yield "past_points", [list(score.points) for score in past] + [[0, 0]] * (rounds - len(past))
    yield "past_bags", [list(score.bags) for score in past] + [[0, 0]] * (rounds - len(past))
    passes = state.passes if players == 4 else ()
    yield "pass_seats", _padded([card_pass.seat for card_pass in passes], 4 if players == 4 else 0)
    chosen = [_padded([card.index for card in card_pass.cards or ()], 3) for card_pass in passes]
    yield "passed", chosen + [[NONE] * 3] * ((4 if players == 4 else 0) - len(passes))
    yield "n_passes", len(passes)
    two = players == 2
    draws = state.draws
    yield "deck", [NONE] * (2 * len(draws)) + [card.index for card in state.stock] if two else []
    yield "n_drawn", len(draws)
    # a state sees every card: a draw turn's are never None
    yield "draw_kept", _padded([draw.kept.index for draw in draws], 26) if two else []  # type: ignore[union-attr]
    yield "draw_discarded", _padded([draw.discarded.index for draw in draws], 26) if two else []  # type: ignore[union-attr]
    yield "discards", _padded([card.index for card in state.discards], 26) if two else []
    exchanges = state.exchanges
    width = 2 if two else 0
    yield "ex_seats", _padded([exchange.seat for exchange in exchanges], width)
    yield "ex_sizes", [exchange.size for exchange in exchanges] + [0] * (width - len(exchanges))
    blank_cards = [[NONE] * 3] * (width - len(exchanges))
    yield (
        "ex_given",
        [_padded([c.index for c in e.given or ()], 3) for e in exchanges] + blank_cards,
    )
    yield (
        "ex_drawn",
        [_padded([c.index for c in e.drawn or ()], 3) for e in exchanges] + blank_cards,
    )
    yield "n_exchanges", len(exchanges)


def write_state(draft: Draft, game: int, state: State) -> None:
    """Write ``state`` into row ``game`` of the draft (whose arrays have room for its rounds)."""
    rows = arrays_of([state], state.rules, draft["past_bids"].shape[1])
    for name, array in rows.items():
        draft.w(name)[game] = array[0]
