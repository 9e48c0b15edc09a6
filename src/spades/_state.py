"""The state of a game: a frozen, hashable value; the engine makes new ones, never edits."""

from __future__ import annotations

import enum
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

import attrs

from spades._cards import Card, cards_in
from spades._history import CardExchange, CardPass, DrawTurn, Trick
from spades._rules import check_seat
from spades._trick import playable_bits, spades_open
from spades._tuple_value import TupleValue, field

FULL_DECK: Final = (1 << 54) - 1
"""Every card's bit, the jokers' too: a mask of a seat's share of the packed hands."""
_NEW = tuple.__new__

if TYPE_CHECKING:
    from spades._moves import Bid
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
    """The tricks: 13, or 17 or 18 with three players."""
    GAME_OVER = "game_over"
    """The game has ended; `State.outcome` says how."""


class Termination(enum.Enum):
    """How a game ended; `outcome_after` decides every member, after each round."""

    TARGET = "target"
    """A side reached the target, with more points than the other side (`outcome_after`,
    rule-target)."""
    LOSING_FLOOR = "losing_floor"
    """A side fell to the losing floor and the other side did not reach the target
    (`outcome_after`, rule-losing-floor)."""
    ROUND_CAP = "round_cap"
    """The round cap was reached: the higher score won, or the game was drawn
    (`outcome_after`, rule-round-cap)."""


@attrs.frozen(kw_only=True)
class Outcome:
    """How a game ended: the winning side, or ``None`` for a draw, and why."""

    winner: int | None
    termination: Termination

    @property
    def is_draw(self) -> bool:
        """Whether neither side won."""
        return self.winner is None


def trick_counts(
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...], players: int = 4
) -> tuple[int, ...]:
    """How many of ``tricks`` (leader, cards and winner each) each seat won, by seat."""
    winners = list(map(_WINNER, tricks))
    if players == 4:
        return (winners.count(0), winners.count(1), winners.count(2), winners.count(3))
    return tuple([winners.count(seat) for seat in range(players)])


_WINNER = itemgetter(2)


class State(TupleValue, init=False, nested_from="bids"):
    """Everything about a game at one moment, as a frozen value compared by value.

    States come from `new_game` and `apply`; there is no public constructor. With four
    players, seats are 0 to 3 clockwise; side 0 is seats 0 and 2, side 1 is seats 1 and 3.
    With two or three players, and four solo, each seat is also the side of that number.
    """

    __slots__ = ()

    # The fields of the hot path, which every play reads and most plays change, are
    # stored first and flat; those of the round and the game, from `bids` on, sit in one
    # inner tuple after them, which no play but a round's last changes.
    rules: Ruleset = field("The ruleset of the game.")
    phase: Phase = field("What the game is waiting for.")
    to_move: int | None = field("The seat to move; ``None`` once the game is over.")
    _packed_hands: int = field("Every seat's hand, 54 bits a seat (see `hand_masks`).")
    trick: tuple[Card, ...] = field(
        "The cards of the trick in progress, in the order they were played; empty between "
        "tricks and outside the playing phase."
    )
    trick_leader: int | None = field(
        "The seat that leads, or led, the trick in progress; ``None`` during the draw, the "
        "exchanges, the bidding and the card pass, and once the game is over."
    )
    spades_broken: bool = field("Whether a spade has been played to a trick this round.")
    _tricks: tuple[tuple[int, tuple[Card, ...], int], ...] = field(
        "The completed tricks as plain ``(leader, cards, winner)`` tuples (see `tricks`)."
    )
    _playable: int = field(
        "The cards the seat to move may play, as a mask; 0 outside the playing phase."
    )
    bids: tuple[Bid | None, ...] = field(
        "Each seat's bid this round, by seat; ``None`` until the seat has bid (once the game "
        "is over: the last round's bids). With two players, a double nil declared during "
        "the draw is there at once."
    )
    dealer: int = field(
        "The seat that dealt this round (with two players: the one who drew first)."
    )
    round_number: int = field("The round being played, counted from 1.")
    scores: tuple[int, ...] = field(
        "Each side's total after the completed rounds, by side (with two players, and four "
        "solo, by seat)."
    )
    bags: tuple[int, ...] = field(
        "Each side's bag counter after the completed rounds, by side (with two players, and "
        "four solo, by seat)."
    )
    rounds: tuple[RoundScore, ...] = field("The score of every completed round, in order.")
    outcome: Outcome | None = field("How the game ended; ``None`` while it goes on.")
    seed: int = field(
        "The game's seed: `round_deck` shuffles every round not dealt explicitly from it; "
        "with two players it also decides the cards a double nil exchange draws."
    )
    looked: tuple[bool, ...] = field(
        "Whether each seat has made the `Look` move this round, by seat (two players: never)."
    )
    passes: tuple[CardPass, ...] = field(
        "Four players: this round's blind nil card passes, in order (each `CardPass` with "
        "its cards)."
    )
    stock: tuple[Card, ...] = field(
        "Two players: the cards still to draw this round, top first: all 52 at the start "
        "of a round, none after the draw; always empty with three and four players."
    )
    discards: tuple[Card, ...] = field(
        "Two players: the discarded cards, in the order they were discarded; a double nil "
        "exchange takes the cards it draws out and puts the cards given up last, in the "
        "library's order. Always empty with three and four players."
    )
    draws: tuple[DrawTurn, ...] = field(
        "Two players: every draw turn of this round, in order: who kept which card and "
        "discarded which."
    )
    exchanges: tuple[CardExchange, ...] = field(
        "Two players: this round's double nil exchanges, in order (the cards drawn in the "
        "order drawn)."
    )

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's cards as a mask of card bits (see `Card.bit`)."""
        packed = self._packed_hands
        return tuple((packed >> SHIFT[seat]) & FULL_DECK for seat in range(self.rules.players))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, in the library's order (clubs to spades, two to ace)."""
        return tuple(cards_in(mask) for mask in self.hand_masks)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in the library's order."""
        seat = check_seat(seat, self.rules.players)
        return cards_in(hand_of(self._packed_hands, seat))

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
            f"scores {':'.join(map(str, self.scores))}>"
        )


# Where the hot paths find the fields they read: positions in the state, and (from
# `State.bids` on) in its inner tuple.
PHASE, TO_MOVE, HANDS, PLAYABLE = map(
    State._position, ("phase", "to_move", "_packed_hands", "_playable")
)
BIDS, DEALER = map(State._position, ("bids", "dealer"))

SHIFT: Final = (0, 54, 108, 162)
"""Where each seat's 54 bits start in the packed hands."""


def hand_of(packed: int, seat: int) -> int:
    """The mask of ``seat``'s cards in the packed hands of a state."""
    return (packed >> SHIFT[seat]) & FULL_DECK


def build_state(**fields: Any) -> State:
    """A state from its fields by name, every one but ``_playable``, which follows from them.

    For the cold paths (the deal, the rarer moves, reading data); `apply`'s plays and bids
    build their states in place.
    """
    mover = fields["to_move"]
    if fields["phase"] is Phase.PLAYING:
        hand = hand_of(fields["_packed_hands"], mover)
        led_freely = spades_open(fields["rules"], fields["spades_broken"], len(fields["_tricks"]))
        fields["_playable"] = playable_bits(fields["rules"].pack, hand, fields["trick"], led_freely)
    else:
        fields["_playable"] = 0
    return State._build(**fields)  # type: ignore[no-any-return]


def evolve_state(state: State, **changes: Any) -> State:
    """``state`` with some fields changed by name, its playable cards made anew."""
    fields = dict(zip(State.fields, state._values(), strict=True))
    del fields["_playable"]
    return build_state(**{**fields, **changes})
