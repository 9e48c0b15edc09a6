"""The state of a game: a frozen, hashable value; the engine makes new ones, never edits."""

from __future__ import annotations

import enum
from operator import itemgetter
from typing import TYPE_CHECKING

import attrs

from spades._cards import Card, cards_in
from spades._rules import check_seat
from spades._tuple_value import TupleValue

FULL_DECK = (1 << 52) - 1
_NEW = tuple.__new__

if TYPE_CHECKING:
    from spades._moves import Bid, Pass
    from spades._rules import Ruleset
    from spades._scoring import RoundScore

__all__ = ["Outcome", "Phase", "State", "Termination", "Trick"]


class Phase(enum.Enum):
    """What the game is waiting for."""

    DRAWING = "drawing"
    """Two players: in turn, each keeps or rejects the top card of the stock."""
    EXCHANGING = "exchanging"
    """Two players: each double nil bidder may exchange cards with the discards."""
    BIDDING = "bidding"
    """Each player in turn looks at her hand and bids, or bids blind nil."""
    PASSING = "passing"
    """After a blind nil bid: the bidder passes cards to her partner, who passes back."""
    PLAYING = "playing"
    """The thirteen tricks."""
    GAME_OVER = "game_over"
    """The game has ended; `State.outcome` says how."""


class Termination(enum.Enum):
    """How a game ended."""

    TARGET = "target"
    """A side reached the target, with more points than the other side."""
    LOSING_FLOOR = "losing_floor"
    """A side fell to the losing floor (and the other side did not reach the target)."""
    ROUND_CAP = "round_cap"
    """The round cap was reached: the higher score won, or the game was drawn."""


@attrs.frozen(kw_only=True)
class Outcome:
    """How a game ended: the winning side, or ``None`` for a draw, and why."""

    winner: int | None
    termination: Termination

    @property
    def is_draw(self) -> bool:
        """Whether neither side won."""
        return self.winner is None


class Trick(TupleValue):
    """A completed trick: who led it, its cards in the order played, and who won it."""

    __slots__ = ()

    leader: int = property(itemgetter(0))  # type: ignore[assignment]
    cards: tuple[Card, ...] = property(itemgetter(1))  # type: ignore[assignment]
    winner: int = property(itemgetter(2))  # type: ignore[assignment]

    def __new__(cls, leader: int, cards: tuple[Card, ...], winner: int) -> Trick:
        """A trick led by ``leader``, with ``cards`` in playing order, won by ``winner``."""
        return tuple.__new__(cls, (leader, cards, winner))

    def __getnewargs__(self) -> tuple[int, tuple[Card, ...], int]:
        return (self.leader, self.cards, self.winner)

    def __repr__(self) -> str:
        cards = " ".join(map(str, self.cards))
        return f"Trick(leader={self.leader}, cards=({cards}), winner={self.winner})"


PLAY_FIELDS = {
    "rules": "The ruleset of the game.",
    "phase": "What the game is waiting for.",
    "to_move": "The seat to move; ``None`` once the game is over.",
    "_packed_hands": "The four hands, 52 bits a seat (see `hand_masks`).",
    "trick": "The cards of the trick in progress, in the order they were played.",
    "trick_leader": "The seat that leads, or led, the trick in progress; ``None`` outside "
    "the playing phase.",
    "spades_broken": "Whether a spade has been played to a trick this round.",
    "_tricks": "The completed tricks as plain ``(leader, cards, winner)`` tuples (see `tricks`).",
    "_playable": "The cards the seat to move may play, as a mask; 0 outside the playing phase.",
}
"""The fields of the hot path (every play reads them, most plays change some), stored first
and flat; the fields of the round and the game sit in one inner tuple after them."""
ROUND_FIELDS = {
    "bids": "Each seat's bid this round; ``None`` until the seat has bid.",
    "dealer": "The seat that dealt this round.",
    "round_number": "The round being played, counted from 1.",
    "scores": "Each side's total after the completed rounds.",
    "bags": "Each side's bag counter after the completed rounds.",
    "rounds": "The score of every completed round, in order.",
    "outcome": "How the game ended; ``None`` while it goes on.",
    "seed": "The game's seed: `round_deck` shuffles every round not dealt explicitly.",
    "looked": "Whether each seat has made the `Look` move this round.",
    "passes": "This round's blind nil card passes, in order: the seat and its `Pass`.",
    "stock": "Two players: the cards still to draw, top first.",
    "discards": "Two players: the discarded cards, in the order they were discarded (the "
    "double nil exchange takes its cards out and puts the given ones last).",
    "draws": "Two players: every draw turn this round, in order: the seat, the card she "
    "kept and the card she discarded.",
    "exchanges": "Two players: this round's double nil exchanges, in order: the seat, the "
    "cards she gave and the cards she drew.",
}
"""The fields of the round and the game: bids, scores and the like, which no play but a
round's last changes."""


_WINNER = itemgetter(2)


def trick_counts(
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...], players: int = 4
) -> tuple[int, ...]:
    """How many of ``tricks`` (leader, cards and winner each) each seat won, by seat."""
    winners = list(map(_WINNER, tricks))
    if players == 4:
        return (winners.count(0), winners.count(1), winners.count(2), winners.count(3))
    return (winners.count(0), winners.count(1))


class State(TupleValue):
    """Everything about a game at one moment, as a frozen value compared by value.

    States come from `new_game` and `apply`; treat the constructor as private. With four
    players, seats are 0 to 3 clockwise; side 0 is seats 0 and 2, side 1 is seats 1 and 3.
    With two players, seats 0 and 1 are also sides 0 and 1.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        rules: Ruleset
        phase: Phase
        to_move: int | None
        _packed_hands: int
        trick: tuple[Card, ...]
        trick_leader: int | None
        spades_broken: bool
        _tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
        _playable: int
        bids: tuple[Bid | None, ...]
        dealer: int
        round_number: int
        scores: tuple[int, int]
        bags: tuple[int, int]
        rounds: tuple[RoundScore, ...]
        outcome: Outcome | None
        seed: int
        looked: tuple[bool, ...]
        passes: tuple[tuple[int, Pass], ...]
        stock: tuple[Card, ...]
        discards: tuple[Card, ...]
        draws: tuple[tuple[int, Card, Card], ...]
        exchanges: tuple[tuple[int, tuple[Card, ...], tuple[Card, ...]], ...]
    else:
        for _index, (_name, _doc) in enumerate(PLAY_FIELDS.items()):
            locals()[_name] = property(itemgetter(_index), doc=_doc)
        for _index, (_name, _doc) in enumerate(ROUND_FIELDS.items()):
            _get = itemgetter(len(PLAY_FIELDS))
            locals()[_name] = property(
                lambda self, _get=_get, _index=_index: _get(self)[_index], doc=_doc
            )
        del _index, _name, _doc, _get

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's cards as a mask of card bits (see `Card.bit`)."""
        packed = self._packed_hands
        return tuple((packed >> (52 * seat)) & FULL_DECK for seat in range(self.rules.players))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, in the library's order (clubs to spades, two to ace)."""
        return tuple(cards_in(mask) for mask in self.hand_masks)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in the library's order."""
        seat = check_seat(seat, self.rules.players)
        return cards_in((self._packed_hands >> (52 * seat)) & FULL_DECK)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The round's completed tricks in order (once the game is over: its last round's)."""
        return tuple([_NEW(Trick, trick) for trick in self._tricks])

    @property
    def tricks_taken(self) -> tuple[int, ...]:
        """How many of this round's completed tricks each seat won."""
        return trick_counts(self._tricks, self.rules.players)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome is not None

    def __new__(cls, *args: object, **kwargs: object) -> State:
        """States come from `new_game` and `apply`; there is no public constructor."""
        raise TypeError("states come from new_game() and apply(), not from State()")

    def __repr__(self) -> str:
        return (
            f"<State round {self.round_number}, {self.phase.value}, to move: {self.to_move}, "
            f"scores {self.scores[0]}:{self.scores[1]}>"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (tuple(self),))


def _rebuild(fields: tuple[object, ...]) -> State:
    return tuple.__new__(State, fields)
