"""`spades.batch` under hostile input: the documented exception every time, and no way in.

Issue 20 found that `Batch.deal_random` with a huge count failed inside numpy
(`MemoryError`, `OverflowError`, "negative dimensions"), that a number too large to write
turned an error into Python's own `ValueError`, and that the arrays a batch hands out could
be made writable again (``a.flags.writeable = True``), a write then changing every batch
that shares the array. These tests hold the fixes:

- every count of games is a whole number from 1 to `MAX_GAMES`, checked before numpy
  sees it (`SpadesError` beyond, `TypeError` for no whole number);
- numbers too large to write are described in messages, never formatted;
- the arrays a batch holds are handed out as views of read-only arrays, which numpy will
  not make writable; the arrays it computes are the caller's own, and no write through
  anything handed out changes any batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import pytest

from helpers import finished_game
from spades import (
    CLASSIC,
    DECK,
    PRESETS,
    Bid,
    Card,
    Deck,
    Ruleset,
    SpadesError,
    State,
    apply,
    new_game,
)
from spades._errors import SHOWN_LIMIT, shown
from spades.batch import MAX_GAMES, Batch

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    import numpy.typing as npt

HUGE = 10**5000
"""A number Python refuses to write out (more than 4,300 digits)."""
LONG = "x" * 10**6
"""A value whose repr would make a message of a million characters."""


def short(error: BaseException) -> bool:
    """Whether an error's message is short, as `spades._errors.shown` keeps it."""
    return len(str(error)) < 4 * SHOWN_LIMIT + 200


# --- counts of games ----------------------------------------------------------------------


def test_max_games_is_two_to_the_24_so_flat_indices_fit_32_bits() -> None:
    """`MAX_GAMES`: 2**24 games; a game's cards played times it fit a 32-bit index: 52, or
    54 when three play a joker deck (rule-three-players)."""
    assert MAX_GAMES == 2**24
    widest = Batch.from_seeds(Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE), [1])
    assert widest._arrays["played"].shape == (1, 54)
    assert MAX_GAMES * 54 < 2**31


@pytest.mark.parametrize(
    "games",
    [
        MAX_GAMES + 1,
        10**12,
        10**18,
        2**63,
        2**64,
        HUGE,
        np.int64(2**62),
        np.uint64(2**63),
        np.uint64(2**64 - 1),
    ],
    ids=shown,
)
def test_deal_random_refuses_more_games_than_max_games_before_numpy(games: Any) -> None:
    """Issue 20: a huge count was numpy's MemoryError, OverflowError or "negative dimensions"."""
    with pytest.raises(SpadesError, match=r"at most 16,777,216 games \(MAX_GAMES\)") as caught:
        Batch.deal_random(CLASSIC, games, np.random.default_rng(0))
    assert short(caught.value)


def test_deal_random_takes_any_integer_that_operator_index_takes() -> None:
    """numpy integers of any kind count games, as Python ints do; bools count nothing."""
    for games in (np.int64(3), np.uint8(3), np.int32(3)):
        batch = Batch.deal_random(CLASSIC, games, np.random.default_rng(5))
        assert len(batch) == 3
        assert (
            batch.to_states() == Batch.deal_random(CLASSIC, 3, np.random.default_rng(5)).to_states()
        )
    for games in (True, np.True_, 3.0, np.float64(3), "3", None, [3]):
        with pytest.raises(TypeError, match="the number of games is a whole number"):
            Batch.deal_random(CLASSIC, games, np.random.default_rng(0))  # type: ignore[arg-type]
    for games in (0, -1, np.int64(-1), -HUGE):
        with pytest.raises(SpadesError, match="a batch has at least one game") as caught:
            Batch.deal_random(CLASSIC, games, np.random.default_rng(0))
        assert short(caught.value)


class Many(Sequence[Any]):
    """A sequence that says it is longer than any batch, and holds one thing throughout."""

    def __init__(self, item: object, length: int = MAX_GAMES + 1) -> None:
        self.item, self.length = item, length

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self.item] * len(range(*index.indices(self.length)))
        if not -self.length <= index < self.length:
            raise IndexError(index)
        return self.item

    def __iter__(self) -> Iterator[Any]:  # pragma: no cover  (the length is checked first)
        raise AssertionError("a sequence longer than MAX_GAMES is refused before it is read")


@pytest.mark.parametrize(
    "make",
    [
        lambda: Batch.from_seeds(CLASSIC, Many(1)),
        lambda: Batch.from_decks(CLASSIC, Many(DECK), seeds=Many(1)),
        lambda: Batch.from_states(Many(new_game(CLASSIC, seed=1))),
    ],
    ids=["from_seeds", "from_decks", "from_states"],
)
def test_every_constructor_refuses_more_than_max_games_before_reading_them(
    make: Callable[[], Batch],
) -> None:
    """The limit holds for seeds, decks and states too, checked on the length alone."""
    with pytest.raises(SpadesError, match=r"at most 16,777,216 games \(MAX_GAMES\)"):
        make()


def test_seeds_and_dealers_are_any_integer_operator_index_takes_as_for_new_game() -> None:
    """As `new_game` (issue 20: seats and seeds take numpy's integers): the same games."""
    batch = Batch.from_seeds(CLASSIC, [np.int64(3), np.uint64(4)], dealer=np.int8(2))
    assert batch.to_states() == [new_game(CLASSIC, seed=seed, dealer=2) for seed in (3, 4)]
    assert [type(state.seed) for state in batch.to_states()] == [int, int]
    dealt = Batch.deal_random(CLASSIC, 2, np.random.default_rng(1), dealer=np.int64(3))
    assert dealt.to_states()[0].dealer == 3
    for dealer in (HUGE, -HUGE):
        with pytest.raises(SpadesError, match="the dealer is a seat from 0 to 3") as caught:
            Batch.from_seeds(CLASSIC, [1], dealer=dealer)
        assert short(caught.value)


def test_a_huge_seed_is_a_spades_error_with_a_short_message() -> None:
    """Seeds are checked as `new_game` checks them; a huge one is described, not written."""
    for seeds in ([HUGE], [1, -HUGE]):
        with pytest.raises(SpadesError, match="a seed is a whole number from 0") as caught:
            Batch.from_seeds(CLASSIC, seeds)
        assert short(caught.value)
    with pytest.raises(TypeError, match="a seed is a whole number"):
        Batch.from_seeds(CLASSIC, [LONG])  # type: ignore[list-item]
    with pytest.raises(SpadesError, match="one seed a deck: 1 decks and 2 seeds"):
        Batch.from_decks(CLASSIC, [DECK], seeds=[1, 2])


# --- game numbers, actions, policies ------------------------------------------------------


def test_state_of_a_game_too_large_to_write_is_an_index_error_that_describes_it() -> None:
    """Issue 20: ``state(10**5000)`` raised Python's ValueError while writing the number."""
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    for game in (HUGE, -HUGE):
        with pytest.raises(IndexError, match="number of 5,001 digits is not in a batch of 2"):
            batch.state(game)
    assert batch.state(np.int64(1)) == new_game(CLASSIC, seed=2)
    for flag in (True, np.True_):
        with pytest.raises(TypeError, match="a game is a whole number, not"):
            batch.state(flag)  # type: ignore[arg-type]


def test_a_step_with_python_ints_too_large_for_int64_is_refused_as_no_action() -> None:
    """A list of whole numbers, one too large for int64, is a SpadesError (not "object")."""
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    for actions, described in (
        ([55, HUGE], "game 1 has a number of 5,001 digits"),
        ([-(2**70), 55], "game 0 has a negative number of 22 digits"),
        ([2**64, 55], "game 0 has a number of 20 digits"),
    ):
        with pytest.raises(SpadesError, match=described) as caught:
            batch.step(actions)
        assert short(caught.value)
    for wrong in ([55, None], [55, 1.5], [55, True], [55, "55"], [55, np.float64(55)]):
        with pytest.raises(TypeError, match="actions are whole numbers, one a game"):
            batch.step(np.array(wrong, dtype=object))
    mixed = np.array([np.int64(55), 56], dtype=object)
    assert batch.step(mixed).to_states() == [
        apply(new_game(CLASSIC, seed=1), Bid(3)),
        apply(new_game(CLASSIC, seed=2), Bid(4)),
    ]


def test_a_finished_games_action_is_ignored_even_too_large_for_int64() -> None:
    """ "A finished game's action is ignored, whatever the number": also past int64."""
    over = finished_game()
    fresh = new_game(over.rules, seed=1)
    batch = Batch.from_states([over, fresh])
    for ignored in (HUGE, -(2**70), 2**64):
        assert batch.step([ignored, 55]).to_states() == [over, apply(fresh, Bid(3))]


def test_a_uint64_action_past_int64_is_shown_as_given() -> None:
    """An unsigned action of 2**63 or more is described as itself, not wrapped to a negative."""
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    with pytest.raises(SpadesError, match="game 0 has a number of 19 digits"):
        batch.step(np.array([2**63, 55], dtype=np.uint64))
    with pytest.raises(SpadesError, match="game 1 has 999"):
        batch.step(np.array([55, 999], dtype=np.uint64))


def test_a_ragged_step_is_a_spades_error_not_numpys_value_error() -> None:
    """Rows of different lengths cannot be an array: the documented SpadesError."""
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    with pytest.raises(SpadesError, match="one action for each of the 2 games"):
        batch.step([[55], [55, 56]])


def test_play_out_refuses_wrong_types_and_keeps_its_messages_short() -> None:
    """``until`` and ``policies`` of the wrong type are TypeErrors; long ones are cut short."""
    batch = Batch.from_seeds(CLASSIC, [1])
    rng = np.random.default_rng(0)
    for until in (["round"], None, 1, b"round"):
        with pytest.raises(TypeError, match="until is 'round' or 'game', not"):
            batch.play_out(rng, until=until)  # type: ignore[arg-type]
    for policies in (123, None, b"random", {"random"}):
        with pytest.raises(TypeError, match="policies are a name or a sequence of names, not"):
            batch.play_out(rng, policies=policies)  # type: ignore[arg-type]
    calls: list[Callable[[], Batch]] = [
        lambda: batch.play_out(rng, until=LONG),  # type: ignore[arg-type]
        lambda: batch.play_out(rng, policies=LONG),
        lambda: batch.play_out(rng, policies=[LONG] * 4),
        lambda: batch.play_out(rng, policies=[HUGE] * 4),  # type: ignore[list-item]
    ]
    for call in calls:
        with pytest.raises(SpadesError) as caught:
            call()
        assert short(caught.value)


# --- nothing handed out writes into a batch -----------------------------------------------

HELD = ("phase", "to_move", "round_number", "scores", "bags", "winner")
"""The properties that hand out arrays a batch holds (and may share with other batches)."""
COMPUTED: dict[str, Callable[[Batch], npt.NDArray[Any]]] = {
    "is_over": lambda batch: batch.is_over,
    "rounds_played": lambda batch: batch.rounds_played,
    "round_points": lambda batch: batch.round_points,
    "legal_mask()": lambda batch: batch.legal_mask(),
    "random_actions()": lambda batch: batch.random_actions(np.random.default_rng(0)),
    "fallback_actions()": lambda batch: batch.fallback_actions(),
}
"""What a batch computes afresh on each call: arrays of the caller's own."""


def batches() -> list[Batch]:
    """Batches of every preset: new, mid-round, a deal due, over; some sharing arrays."""
    found = []
    for rules in PRESETS.values():
        rng = np.random.default_rng(3)
        batch = Batch.deal_random(rules, 5, rng)
        found.append(batch)
        for step in range(140):
            batch = batch.step(batch.random_actions(rng))
            if step % 35 == 0:
                found.append(batch)
    found.append(Batch.from_states([finished_game()]))
    return found


Snapshot = tuple[
    list[State],
    list[tuple[Card, ...]],
    dict[str, "npt.NDArray[Any]"],
    dict[str, "npt.NDArray[Any]"],
]


def snapshot(batch: Batch) -> Snapshot:
    """Everything a batch shows, copied."""
    return (
        batch.to_states(),
        batch.selections(),
        {name: getattr(batch, name).copy() for name in HELD},
        {name: make(batch).copy() for name, make in COMPUTED.items() if "random" not in name},
    )


def same(a: Snapshot, b: Snapshot) -> bool:
    states_a, selections_a, held_a, computed_a = a
    states_b, selections_b, held_b, computed_b = b
    return (
        states_a == states_b
        and selections_a == selections_b
        and all(np.array_equal(held_a[k], held_b[k]) for k in held_a)
        and all(np.array_equal(computed_a[k], computed_b[k]) for k in computed_a)
    )


def test_no_array_a_batch_holds_can_be_made_writable_again() -> None:
    """Issue 20: ``a.flags.writeable = True`` worked, and a write changed every batch sharing
    the array. A held array is now a view of a read-only array: numpy refuses the flag."""
    for batch in batches():
        for name in HELD:
            array = getattr(batch, name)
            assert not array.flags.writeable, name
            with pytest.raises(ValueError, match="cannot set WRITEABLE flag"):
                array.flags.writeable = True
            with pytest.raises(ValueError, match="read-only"):
                array[...] = 0


def test_no_write_through_anything_a_batch_hands_out_changes_any_batch() -> None:
    """Held arrays refuse writes; computed ones are the caller's own, and writing them
    (or the arrays of a batch's pickle state) changes no batch, nor batches sharing arrays."""
    found = batches()
    before = [snapshot(batch) for batch in found]
    for batch in found:
        for name in HELD:
            array = getattr(batch, name)
            with pytest.raises(ValueError, match="cannot set WRITEABLE flag"):
                array.flags.writeable = True
        for make in COMPUTED.values():
            array = make(batch)
            array.flags.writeable = True
            array[...] = 1
        rebuild, (rules, arrays) = cast("Any", batch.__reduce__())
        for array in arrays.values():
            with pytest.raises(ValueError, match="cannot set WRITEABLE flag"):
                array.flags.writeable = True
        arrays.clear()
        assert len(rebuild(rules, cast("Any", batch.__reduce__())[1][1])) == len(batch)
    assert all(same(a, snapshot(b)) for a, b in zip(before, found, strict=True))


def test_every_array_inside_a_batch_is_read_only_down_to_its_base() -> None:
    """What numpy checks before it lets a view be made writable: no writable array under it."""
    for batch in batches():
        for name, array in batch._arrays.items():
            chain = [array]
            while isinstance(chain[-1].base, np.ndarray):
                chain.append(chain[-1].base)
            assert not any(link.flags.writeable for link in chain), name


def test_steps_still_share_the_arrays_they_do_not_change() -> None:
    """Copy-on-write stays: a bid changes no score, and the two batches share the scores."""
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    after = batch.step([55, 55])
    assert np.shares_memory(batch.scores, after.scores)
    assert not np.shares_memory(batch.to_move, after.to_move)
