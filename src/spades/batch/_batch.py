"""`Batch`: many games of one ruleset as arrays, moved in lockstep, one action a game.

Moving the games (`Batch.step`) and playing them on (`Batch.play_out`) are one idea: the
play-out moves the batch by its own steps, and sets finished games aside.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import numpy as np

from spades._cards import Card, cards_in
from spades._deal import check_start, checked_deck
from spades._errors import SpadesError, shown
from spades._rules import whole_number
from spades._state import State
from spades.batch._checks import (
    MAX_GAMES,
    check_generator,
    check_size,
    checked_actions,
    checked_games,
    checked_seeds,
)
from spades.batch._codes import DEALING, GAME_OVER, deck_tables, phase_groups
from spades.batch._layout import Draft, allocate, freeze
from spades.batch._legal import (
    actions_of_bits,
    is_set,
    legal_bits,
    local_bits,
    mask_of_bits,
    random_bits,
)
from spades.batch._moves import PHASE_MOVES
from spades.batch._policies import fallback_actions, policy_table
from spades.batch._refusal import refused
from spades.batch._round import deal_due, start_rounds
from spades.batch._rows import arrays_of, read_state
from spades.batch._shuffle import round_decks

if TYPE_CHECKING:
    import numpy.typing as npt

    from spades._rules import Ruleset
    from spades.batch._layout import Arrays

__all__ = ["Batch"]


class Batch:
    """Games of one ruleset held as arrays, each moved by one action a step.

    A batch is a value: `step` returns a new batch and leaves this one as it was. The
    arrays it holds are handed out as read-only views, which numpy will not make writable
    again; the arrays it computes (`legal_mask`, `is_over`, ...) are new on each call, the
    caller's own. It holds from 1 to `MAX_GAMES` games. The actions are the adapters'
    (`spades.encoding`), so a card pass or a double nil exchange is entered a
    card at a time. Every game is the game `spades.apply` would play: `to_states` gives
    the reference states.

    >>> import numpy as np
    >>> from spades import CLASSIC
    >>> rng = np.random.default_rng(7)
    >>> batch = Batch.deal_random(CLASSIC, 1000, rng)
    >>> while not (batch.round_number > 1).all():
    ...     batch = batch.step(batch.random_actions(rng))
    >>> batch.rounds_played.tolist() == [1] * 1000, batch.round_points.shape
    (True, (1000, 2))
    """

    __slots__ = ("_arrays", "_bits", "_dealt", "_groups", "rules")

    rules: Ruleset
    """The ruleset every game of the batch plays."""
    _arrays: Arrays
    _bits: npt.NDArray[np.uint64] | None
    _dealt: Batch | None
    _groups: dict[int, npt.NDArray[np.intp]] | None

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError(
            "batches come from Batch.from_states, from_seeds, from_decks and deal_random"
        )

    @classmethod
    def _of(cls, rules: Ruleset, arrays: Arrays | Draft) -> Batch:
        """The batch of these arrays: a draft's copies, or all of them, made read-only."""
        batch = object.__new__(cls)
        object.__setattr__(batch, "rules", rules)
        frozen = arrays.done() if isinstance(arrays, Draft) else freeze(arrays)
        object.__setattr__(batch, "_arrays", frozen)
        object.__setattr__(batch, "_bits", None)
        object.__setattr__(batch, "_dealt", None)
        object.__setattr__(batch, "_groups", None)
        return batch

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a batch is immutable: step() returns a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a batch is immutable: step() returns a new one")

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (self.rules, {name: self._shown(name) for name in self._arrays}))

    # --- making batches ---------------------------------------------------------------

    @classmethod
    def from_states(cls, states: Sequence[State]) -> Batch:
        """A batch of these states, in order: any reachable states of one ruleset.

        >>> from spades import CLASSIC, new_game
        >>> states = [new_game(CLASSIC, seed=seed) for seed in range(3)]
        >>> Batch.from_states(states).to_states() == states
        True
        """
        if isinstance(states, State) or not isinstance(states, Sequence):
            raise TypeError(f"from_states takes a sequence of states, not {type(states).__name__}")
        if len(states) > MAX_GAMES:
            check_size(len(states))
        listed = list(states)
        if not listed:
            raise SpadesError("a batch needs at least one state: its ruleset comes from them")
        for state in listed:
            if type(state) is not State:
                raise TypeError(f"from_states takes states, not {type(state).__name__}")
        rules = listed[0].rules
        if any(state.rules != rules for state in listed):
            raise SpadesError("the states of a batch play one ruleset; these play several")
        rounds = max(len(state.rounds) for state in listed)
        return cls._of(rules, arrays_of(listed, rules, rounds))

    @classmethod
    def from_seeds(cls, rules: Ruleset, seeds: Sequence[int], *, dealer: int = 0) -> Batch:
        """New games dealt as ``new_game(rules, seed=seed, dealer=dealer)`` deals them."""
        check_start(rules, dealer, "a batch")
        listed = checked_seeds(seeds)
        decks = round_decks(listed, [1] * len(listed), rules.pack)
        return cls._started(rules, decks, listed, dealer)

    @classmethod
    def from_decks(
        cls,
        rules: Ruleset,
        decks: Sequence[Sequence[Card]],
        *,
        seeds: Sequence[int],
        dealer: int = 0,
    ) -> Batch:
        """New games dealt from these decks, as ``new_game(rules, seed=s, dealer=dealer, deck=d)``.

        The seeds decide the later rounds (and, with two players, the exchange draws).
        """
        check_start(rules, dealer, "a batch")
        given: object = decks
        if isinstance(given, str) or not isinstance(given, Sequence):
            raise TypeError(f"decks are a sequence of decks, not {type(decks).__name__}")
        if len(decks) > MAX_GAMES:
            check_size(len(decks))
        listed = checked_seeds(seeds)
        if len(decks) != len(listed):
            raise SpadesError(f"one seed a deck: {len(decks)} decks and {len(listed)} seeds")
        rows = [[card.index for card in checked_deck(deck, rules)] for deck in decks]
        size = len(rules.pack.cards)
        return cls._started(rules, np.array(rows, dtype=np.int8).reshape(-1, size), listed, dealer)

    @classmethod
    def deal_random(
        cls, rules: Ruleset, games: int, rng: np.random.Generator, *, dealer: int = 0
    ) -> Batch:
        """``games`` new games, each deck uniformly shuffled by ``rng``, a numpy `Generator`.

        ``games`` is a whole number (numpy's integers too) from 1 to `MAX_GAMES`. First the
        decks: ``rng.permuted`` of the ruleset's pack (the indices of `Pack.cards` of
        `Ruleset.pack`: 52 cards, or 51 or 54 for three players), row by row; then each
        game's seed,
        ``rng.integers(2**64, dtype=np.uint64)``. The seed deals every later round and
        decides the two-player exchange draws, as for any game (`spades.round_deck`).
        """
        number = checked_games(games)
        check_generator(rng, "deal_random")
        check_start(rules, dealer, "a batch")
        decks = rng.permuted(np.tile(deck_tables(rules.pack).cards, (number, 1)), axis=1)
        seeds = rng.integers(2**64, size=number, dtype=np.uint64).tolist()
        return cls._started(rules, decks, seeds, dealer)

    @classmethod
    def _started(
        cls, rules: Ruleset, decks: npt.NDArray[np.int8], seeds: list[int], dealer: int
    ) -> Batch:
        dealer = check_start(rules, dealer, "a batch")
        if not seeds:
            raise SpadesError("a batch has at least one game")
        d = Draft(allocate(len(seeds), rules))
        d["seeds"][:] = seeds
        d["dealer"][:] = dealer
        start_rounds(d, rules, np.arange(len(seeds)), decks)
        return cls._of(rules, dict(d))  # fresh arrays, not copies: all made read-only

    # --- what it holds ----------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._arrays["phase"])

    def __repr__(self) -> str:
        over = int(self.is_over.sum())
        return f"<Batch of {len(self)} games, {over} over>"

    def _ready(self) -> Batch:
        """The batch with every due deal made (the same games: a deal is no move)."""
        if self._dealt is None:
            if (self._arrays["phase"] == DEALING).any():
                d = Draft(self._arrays)
                deal_due(d, self.rules)
                object.__setattr__(self, "_dealt", Batch._of(self.rules, d))
            else:
                object.__setattr__(self, "_dealt", self)
        return self._dealt  # type: ignore[return-value]

    def _phase_groups(self) -> dict[int, npt.NDArray[np.intp]]:
        """The games in each phase, by phase code (`phase_groups`), found once."""
        if self._groups is None:
            object.__setattr__(self, "_groups", phase_groups(self._arrays["phase"]))
        return self._groups  # type: ignore[return-value]

    def _legal_bits(self) -> npt.NDArray[np.uint64]:
        if self._bits is None:
            bits = legal_bits(self.rules, self._arrays, self._phase_groups())
            object.__setattr__(self, "_bits", bits)
        return self._bits  # type: ignore[return-value]

    def _read(self, name: str) -> npt.NDArray[Any]:
        """Array ``name`` once the due deals are made, as a view (see `_shown`)."""
        return self._ready()._shown(name)

    def _shown(self, name: str) -> npt.NDArray[Any]:
        """Array ``name`` as the batch hands it out: a view of the read-only array.

        numpy lets the owner of an array set ``writeable`` again, never a view of a
        read-only array: so a caller cannot write into this batch, nor into the batches
        that share the array.
        """
        view: npt.NDArray[Any] = self._arrays[name].view()
        return view

    @property
    def phase(self) -> npt.NDArray[np.int8]:
        """Each game's phase, as its index in `PHASES`."""
        return self._read("phase")

    @property
    def is_over(self) -> npt.NDArray[np.bool_]:
        """Whether each game has ended."""
        over: npt.NDArray[np.bool_] = self._arrays["phase"] == GAME_OVER
        return over

    @property
    def to_move(self) -> npt.NDArray[np.int8]:
        """Each game's seat to move; -1 once it is over."""
        return self._read("to_move")

    @property
    def round_number(self) -> npt.NDArray[np.int32]:
        """Each game's round, counted from 1 (once over: its last)."""
        return self._shown("round_number")

    @property
    def scores(self) -> npt.NDArray[np.int64]:
        """Each game's totals after its completed rounds, games by sides.

        A batch plays one ruleset, so its number of sides is fixed: `Ruleset.sides`, two,
        three for three players (rule-three-players), or four when four play solo
        (rule-solo), each seat her own side.
        """
        return self._shown("scores")

    @property
    def bags(self) -> npt.NDArray[np.int64]:
        """Each game's bag counters after its completed rounds, games by sides (`scores`)."""
        return self._shown("bags")

    @property
    def winner(self) -> npt.NDArray[np.int8]:
        """The side that won each game (her seat, three alone or solo); -1 if none, or a draw."""
        return self._shown("winner")

    @property
    def rounds_played(self) -> npt.NDArray[np.int32]:
        """How many rounds each game has completed."""
        return self._arrays["round_number"] - (~self.is_over).astype(np.int32)

    @property
    def round_points(self) -> npt.NDArray[np.int64]:
        """The points of each game's last completed round, games by sides (0 before one)."""
        played = self.rounds_played
        points = self._arrays["past_points"]
        if not points.shape[1]:
            return np.zeros((len(self), self.rules.sides), dtype=np.int64)
        last = points[np.arange(len(self)), np.maximum(played - 1, 0)]
        return np.where((played > 0)[:, None], last, 0)

    @property
    def nbytes(self) -> int:
        """The bytes the batch's arrays hold (each seed counted as 16).

        The arrays of completed rounds grow four rounds at a time, as games need them.
        """
        return sum(
            array.nbytes if array.dtype != object else 16 * len(array)
            for array in self._arrays.values()
        )

    def state(self, game: int) -> State:
        """The reference `State` of game ``game``."""
        index = whole_number(game)
        if index is None:
            raise TypeError(f"a game is a whole number, not {shown(game)}")
        if not -len(self) <= index < len(self):
            raise IndexError(f"game {shown(index)} is not in a batch of {len(self)}")
        ready = self._ready()
        return read_state(ready._arrays, self.rules, index % len(self))

    def to_states(self) -> list[State]:
        """The reference `State` of every game, equal to what `spades.apply` makes.

        A pass or an exchange being chosen card by card shows as the state before it; the
        cards chosen so far are `selections`.
        """
        ready = self._ready()
        return [read_state(ready._arrays, self.rules, game) for game in range(len(self))]

    def selections(self) -> list[tuple[Card, ...]]:
        """The cards chosen so far in each game's pass or exchange (empty elsewhere)."""
        return [cards_in(int(mask)) for mask in self._read("selected").tolist()]

    # --- moving -----------------------------------------------------------------------

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """Which actions each game's seat to move may take: `spades.encoding.ACTIONS` a game.

        The same as `spades.encoding.action_mask` of her view (and the cards chosen so
        far); all False once a game is over.
        """
        ready = self._ready()
        return mask_of_bits(ready._arrays["phase"], ready._legal_bits())

    def random_actions(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """One legal action per game, uniformly at random from ``rng``; -1 once over."""
        check_generator(rng, "random_actions")
        ready = self._ready()
        return actions_of_bits(ready._arrays["phase"], random_bits(ready._legal_bits(), rng))

    def fallback_actions(self) -> npt.NDArray[np.int64]:
        """The action of source B's timeout rule (`spades.bots.fallback_move`) in each game."""
        ready = self._ready()
        return fallback_actions(ready.rules, ready._arrays, ready._legal_bits())

    def step(self, actions: npt.ArrayLike) -> Batch:
        """The batch after one action in each game that goes on; this batch is unchanged.

        ``actions`` holds one whole number per game; a finished game's is ignored. If any
        action of a game that goes on is illegal, nothing moves: `IllegalActionsError`
        says which games and why. A number that is no action raises `SpadesError`.
        """
        ready = self._ready()
        going_on = ready._arrays["phase"] != GAME_OVER
        chosen = checked_actions(actions, going_on)
        local = local_bits(ready._arrays["phase"], np.where(going_on, chosen, 0))
        legal = is_set(ready._legal_bits(), local) | ~going_on
        if not legal.all():
            raise refused(ready._arrays, ready.rules, np.flatnonzero(~legal), chosen)
        return ready._moved(local, going_on)

    def _moved(self, local: npt.NDArray[Any], moving: npt.NDArray[np.bool_]) -> Batch:
        """The batch after the (legal) actions of the ``moving`` games.

        ``local`` are the actions' legal bits, whole numbers of any integer type
        (`local_bits`, `random_bits`): where the actions are cards, a card's index (the
        jokers 52 and 53) or `END_SLOT` for `END_EXCHANGE`.
        """
        d = Draft(self._arrays)
        groups = (
            self._phase_groups() if moving.all() else phase_groups(self._arrays["phase"], moving)
        )
        for code, games in groups.items():
            assert code in PHASE_MOVES, "a moving game is not over, nor waiting for its deal"
            PHASE_MOVES[code](d, self.rules, games, local[games])
        return Batch._of(self.rules, d)

    def play_out(
        self,
        rng: np.random.Generator,
        *,
        until: Literal["round", "game"] = "round",
        policies: str | Sequence[str] = "random",
    ) -> Batch:
        """Every game played on to the end of its current round, or of the game.

        ``policies`` names the policy of every seat, or one a seat: ``"random"`` (a uniform
        legal action from ``rng``) or ``"fallback"`` (`fallback_actions`). The result's
        `round_points`, `scores`, `winner` and `is_over` are the outcome.
        """
        if not isinstance(until, str):
            raise TypeError(f"until is 'round' or 'game', not {type(until).__name__}")
        if until not in {"round", "game"}:
            raise SpadesError(f"play out until the 'round' or the 'game', not {shown(until)}")
        check_generator(rng, "play_out")
        table = policy_table(policies, self.rules.players)
        return self._ready()._played_out(rng, until, table)

    def _played_out(
        self,
        rng: np.random.Generator,
        until: Literal["round", "game"],
        table: npt.NDArray[np.bool_],
    ) -> Batch:
        """`play_out` of a batch with no deal due; ``table`` says which seats play fallback.

        Once most games are done, the rest play on as a smaller batch, and each finished
        game is written back in its place.
        """
        batch = self
        result = Draft(batch._arrays)
        rows = np.arange(len(batch))  # where the games still played sit in the result
        start = batch.round_number
        while True:
            moving = ~batch.is_over
            if until == "round":  # a game whose round is over waits, its next deal not made
                moving &= batch.round_number == start
            elif (batch._arrays["phase"] == DEALING).any():
                batch = batch._ready()
            if not moving.any():
                break
            if 2 * int(moving.sum()) < len(batch) >= _COMPACT_FROM:
                # Most games are done: put them in the result and play on without them.
                _put(result, rows[~moving], batch, ~moving)
                batch, rows, start = batch._take(moving), rows[moving], start[moving]
                moving = moving[moving]
            arrays = batch._arrays
            bits = batch._legal_bits()  # none in a game whose next deal waits
            chosen = random_bits(bits, rng)
            if table.any():
                actions = actions_of_bits(arrays["phase"], chosen)
                fallback = fallback_actions(batch.rules, arrays, bits)
                actions = np.where(table[np.maximum(arrays["to_move"], 0)], fallback, actions)
                local = local_bits(arrays["phase"], np.where(moving, actions, 0))
                batch = batch._moved(local, moving)
            else:  # the legal bits chosen are what the moves take
                batch = batch._moved(chosen, moving)
        _put(result, rows, batch, np.ones(len(batch), dtype=np.bool_))
        return Batch._of(batch.rules, result)

    def _take(self, games: npt.NDArray[np.bool_]) -> Batch:
        """A batch of some of these games, in order (``games`` says which)."""
        return Batch._of(self.rules, {name: array[games] for name, array in self._arrays.items()})


_COMPACT_FROM: Final = 64
"""`Batch.play_out` sets finished games aside once most are, in batches of this size and up."""


def _put(
    result: Draft, rows: npt.NDArray[np.intp], part: Batch, games: npt.NDArray[np.bool_]
) -> None:
    """Write the ``games`` of ``part`` into ``rows`` of ``result``."""
    width = part._arrays["past_bids"].shape[1]
    result.grow_rounds(width)
    for name, array in part._arrays.items():
        if name.startswith("past_"):
            result.w(name)[rows, :width] = array[games]
        else:
            result.w(name)[rows] = array[games]


def _rebuilt(rules: Ruleset, arrays: Arrays) -> Batch:
    """A batch again from its ruleset and arrays: how batches pickle and copy."""
    return Batch._of(rules, {name: np.array(array) for name, array in arrays.items()})
