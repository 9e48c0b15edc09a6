"""A whole game as a record: the ruleset, the seed, each round's deck and moves; and its data.

A record is checked by replaying it: constructing one plays every move through `apply`,
so a `GameRecord` that exists is a game legal play produced.
"""

from __future__ import annotations

from functools import partial
from itertools import accumulate, chain
from typing import TYPE_CHECKING, Any

import attrs

from spades._deal import SEED_LIMIT, deal, new_game, round_deck
from spades._engine import apply
from spades._errors import IllegalMoveError, SpadesError
from spades._rules import Ruleset
from spades.records._plain import (
    MAX_ROUNDS,
    Data,
    card_list,
    cards_data,
    fail,
    integer,
    items,
    move_from,
    outcome_data,
    record_fields,
    ruleset_data,
    ruleset_from,
    seed_data,
    seed_from,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence

    from spades._cards import Card
    from spades._moves import Move
    from spades._state import State

__all__ = ["MAX_MOVES", "GameRecord", "RoundRecord", "record_data", "record_from"]

MAX_MOVES = 200
"""The most moves a round of a record may hold (a round has at most about 60)."""
_TRICKS = {13: "thirteen", 17: "seventeen", 18: "eighteen"}
"""The tricks of a round (`Ruleset.hand_size`) in words."""


def _cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(value)


def _moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class RoundRecord:
    """One round of a record: the deck it was dealt from, and its moves in order.

    Three and four players: the deck (the ruleset's `Ruleset.pack`, 51 or 54 cards for
    three, rule-three-players) is dealt one card at a time from the first bidder on, in the
    direction of play, as `new_game` and `deal` deal it. Two players: it is the stock, top
    first.
    """

    deck: tuple[Card, ...] = attrs.field(converter=_cards)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves)


def _rounds(value: Iterable[RoundRecord]) -> tuple[RoundRecord, ...]:
    return tuple(value)


@attrs.frozen(kw_only=True)
class GameRecord:
    """A whole game: its ruleset, seed and first dealer, and every round's deck and moves.

    Creating a record replays it, and raises `InvalidRecordError` (with the path of the
    bad part, such as ``$.rounds[2].moves[5]``) if any move is illegal, a round stops short
    or a deck is not a deck. A game that is over ends with its last move; one that goes on
    ends with the round in progress, whose moves may be none yet. Iterating a record
    yields its states in order: the first deal, then the state after every move (a move
    that ends a round yields the next round as this record deals it).

    >>> from spades import CLASSIC, Bid
    >>> record = GameRecord.from_moves(CLASSIC, [Bid(3), Bid(4)], seed=7)
    >>> [state.bids for state in record][-1]
    (None, Bid(n=3, blind=False), Bid(n=4, blind=False), None)
    """

    rules: Ruleset
    """The ruleset of the game."""
    seed: int
    """The game's seed (`State.seed`): double nil exchanges draw by it."""
    dealer: int = 0
    """The first round's dealer."""
    rounds: tuple[RoundRecord, ...] = attrs.field(converter=_rounds)
    """Every round, in order."""
    final_state: State = attrs.field(init=False, eq=False, repr=False)
    """The state after the last move."""

    def __attrs_post_init__(self) -> None:
        for state in self._replay():
            final = state
        object.__setattr__(self, "final_state", final)

    def __iter__(self) -> Iterator[State]:
        return self._replay()

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the game, in order."""
        return tuple(chain.from_iterable(played.moves for played in self.rounds))

    @classmethod
    def from_moves(
        cls,
        rules: Ruleset,
        moves: Iterable[Move],
        *,
        seed: int,
        dealer: int = 0,
        decks: Sequence[Sequence[Card]] | None = None,
    ) -> GameRecord:
        """The record of a game played with ``moves`` from ``new_game(rules, seed=seed, ...)``.

        ``decks`` are the rounds' decks, in order, when they were dealt by the caller (with
        `new_game`'s ``deck`` and `deal`); by default each round's deck is `round_deck` of
        the seed and the ruleset's deck, as the engine deals. A move that ends a round
        without ending the game starts the next, so its deck is needed too. An illegal move
        raises `IllegalMoveError`; too few ``decks`` raise `SpadesError`, and a game longer
        than `MAX_ROUNDS` rounds `InvalidRecordError`.
        """

        def deck_of(number: int) -> tuple[Card, ...]:
            if decks is None:
                return round_deck(seed, number, rules=rules)
            if number > len(decks):
                raise SpadesError(
                    f"the moves reach round {number}, but only {len(decks)} decks were given"
                )
            return tuple(decks[number - 1])

        first = deck_of(1)
        state = new_game(rules, seed=seed, dealer=dealer, deck=first)
        rounds: list[tuple[tuple[Card, ...], list[Move]]] = [(first, [])]
        for move in moves:
            state = apply(state, move)
            rounds[-1][1].append(move)
            if state.round_number > len(rounds):
                deck = deck_of(state.round_number)
                state = deal(state, deck)
                rounds.append((deck, []))
        return cls(
            rules=rules,
            seed=seed,
            dealer=dealer,
            rounds=[RoundRecord(deck=deck, moves=played) for deck, played in rounds],
        )

    def _replay(self) -> Iterator[State]:
        rules, rounds = self.rules, self.rounds
        if not isinstance(rules, Ruleset):
            raise TypeError(f"a record's rules are a Ruleset, not {type(rules).__name__}")
        for name, value in (("seed", self.seed), ("dealer", self.dealer)):
            if type(value) is not int:
                raise TypeError(f"a record's {name} is a whole number, not {type(value).__name__}")
        integer(self.seed, "$.seed", 0, SEED_LIMIT - 1)
        integer(self.dealer, "$.dealer", 0, rules.players - 1)
        items(list(rounds), "$.rounds", MAX_ROUNDS)
        if not rounds:
            fail("$.rounds", "a record has at least one round")
        state = _dealt(
            lambda deck: new_game(rules, seed=self.seed, dealer=self.dealer, deck=deck), rounds, 0
        )
        yield state
        for index, played in enumerate(rounds):
            here = f"$.rounds[{index}]"
            items(list(played.moves), f"{here}.moves", MAX_MOVES)
            for number, move in enumerate(played.moves):
                path = f"{here}.moves[{number}]"
                if state.is_over:
                    fail(path, "the game is over: no move follows its last")
                if state.round_number != index + 1:
                    tricks = _TRICKS[rules.hand_size]
                    fail(path, f"round {index + 1} is over: its {tricks} tricks are played")
                try:
                    state = apply(state, move)
                except IllegalMoveError as error:
                    fail(path, str(error))
                if state.round_number > index + 1:
                    if index + 1 == len(rounds):
                        fail(
                            "$.rounds",
                            f"round {index + 1} ended and the game goes on, "
                            f"but the record has no round {index + 2}",
                        )
                    state = _dealt(partial(deal, state), rounds, index + 1)
                yield state
            if index + 1 < len(rounds):
                if state.is_over:
                    fail(f"$.rounds[{index + 1}]", "the game ended in the round before")
                if state.round_number == index + 1:
                    fail(
                        f"{here}.moves",
                        "the round is not over after its moves, yet another round follows",
                    )


def _dealt(
    dealing: Callable[[tuple[Card, ...]], State], rounds: tuple[RoundRecord, ...], index: int
) -> State:
    """The state ``dealing`` makes from round ``index``'s deck, errors given its path."""
    played = rounds[index]
    if not isinstance(played, RoundRecord):
        raise TypeError(f"a record's rounds are RoundRecord values, not {type(played).__name__}")
    try:
        state: State = dealing(played.deck)
    except SpadesError as error:
        fail(f"$.rounds[{index}].deck", str(error))
    return state


# --- data -----------------------------------------------------------------------------------

RECORD_FIELDS = ("rules", "seed", "dealer", "rounds", "result")
_SUMMARY_FIELDS = ("tricks", "points", "bags", "scores")


def record_data(record: GameRecord) -> dict[str, Data]:
    """The record as plain data, with each round's summary and the result written out."""
    summaries = _summaries(record.final_state, len(record.rounds))
    return {
        "rules": ruleset_data(record.rules),
        "seed": seed_data(record.seed),
        "dealer": record.dealer,
        "rounds": [
            {
                "deck": cards_data(played.deck),
                "moves": [str(move) for move in played.moves],
                "summary": summary,
            }
            for played, summary in zip(record.rounds, summaries, strict=True)
        ],
        "result": _result(record.final_state),
    }


def _summaries(final: State, rounds: int) -> list[Data]:
    """Each round's tricks, points, bags and running scores; ``None`` for one unfinished."""
    totals = accumulate(
        final.rounds,
        lambda total, score: tuple(
            before + won for before, won in zip(total, score.points, strict=True)
        ),
        initial=(0,) * final.rules.sides,  # a total a side: four when four play solo
    )
    next(totals)  # the scores before the first round
    summaries: list[Data] = [
        {
            "tricks": list(score.tricks),
            "points": list(score.points),
            "bags": list(score.bags),
            "scores": list(total),
        }
        for score, total in zip(final.rounds, totals, strict=True)
    ]
    return summaries + [None] * (rounds - len(summaries))


def _result(final: State) -> Data:
    return {
        "scores": list(final.scores),
        "bags": list(final.bags),
        "outcome": outcome_data(final.outcome),
    }


def record_from(found: dict[str, Any], version: int) -> GameRecord:
    """The record ``found`` (`to_data`'s, without its type and ``version``) describes."""
    record_fields(found, "$", RECORD_FIELDS)
    rules = ruleset_from(found["rules"], "$.rules", version)
    seed = seed_from(found["seed"], "$.seed", version)
    dealer = integer(found["dealer"], "$.dealer", 0, rules.players - 1)
    cards = len(rules.pack.cards)  # 52, or 51 or 54 for three players (rule-three-players)
    deck_name = "a deck" if rules.pack is rules.deck else rules.pack.described
    rounds = []
    summaries = []
    for index, entry in enumerate(items(found["rounds"], "$.rounds", MAX_ROUNDS)):
        here = f"$.rounds[{index}]"
        fields = record_fields(entry, here, ("deck", "moves", "summary"))
        deck = card_list(fields["deck"], f"{here}.deck", cards)
        if len(deck) != cards:
            fail(f"{here}.deck", f"{deck_name} has {cards} cards, not {len(deck)}")
        moves = [
            move_from(move, f"{here}.moves[{number}]")
            for number, move in enumerate(items(fields["moves"], f"{here}.moves", MAX_MOVES))
        ]
        rounds.append(RoundRecord(deck=deck, moves=moves))
        summaries.append(fields["summary"])
    record = GameRecord(rules=rules, seed=seed, dealer=dealer, rounds=rounds)
    replayed = _summaries(record.final_state, len(rounds))
    for index, (summary, expected) in enumerate(zip(summaries, replayed, strict=True)):
        _same(summary, expected, f"$.rounds[{index}].summary")
    _same(found["result"], _result(record.final_state), "$.result")
    return record


def _same(given: object, replayed: Data, path: str) -> None:
    """Fail at the first place where ``given`` differs from what the replay gives."""
    if type(replayed) is dict:
        if replayed and type(given) is dict:
            record_fields(given, path, tuple(replayed))
            for key, value in replayed.items():
                _same(given[key], value, f"{path}.{key}")
            return
    elif type(replayed) is list and type(given) is list and len(given) == len(replayed):
        for index, (one, other) in enumerate(zip(given, replayed, strict=True)):
            _same(one, other, f"{path}[{index}]")
        return
    if given != replayed or type(given) is not type(replayed):
        fail(
            path,
            f"the moves give {replayed!r}"
            if type(replayed) is not dict
            else "the moves give another value",
        )
