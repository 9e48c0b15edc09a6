"""Views that no game gives: refused when read, refused when sampled or encoded.

A view read from data (`spades.records.from_data`) is one that some position legal play
reaches, or the read fails with `InvalidRecordError`: so whatever data comes in, either it
is refused, or the view it gives keeps every promise made of real views:
``observe(sample_state(view, rng=rng), view.seat) == view`` (ref-sampling), the sample's
legal moves are the view's, and the encoding's mask, observation and `advance` of every
action the mask sets raise nothing. A view built by hand is not read, so the sampler and
the encoding check it themselves: `SpadesError` (or `TypeError` for a field of the wrong
type), never a bare assertion, `IndexError` or `KeyError`.

The views are those of random legal games under the presets and random rulesets (the blind
nil pass, the double nil exchange and the end of the game included), mutated field by
field: another plausible value, a phase swapped, a turn or a leader set or cleared, a hand
face down, a count shifted, a trick, card, pass, draw or exchange dropped or added.
"""

from __future__ import annotations

import copy
import random
import re
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import pytest
from hypothesis import event, given, note
from hypothesis import strategies as st

from helpers import (
    OPEN_BLIND_NIL,
    OPEN_DOUBLE_NIL,
    bid_all,
    finished_game,
    looked_state,
    swap_texts,
    unseen_state,
)
from spades import (
    CLASSIC,
    DECK,
    MINIOKEY,
    TWO_HANDED,
    Bid,
    Card,
    CardPass,
    InvalidRecordError,
    Phase,
    SpadesError,
    State,
    Suit,
    Trick,
    View,
    apply,
    legal_moves,
    new_game,
    observe,
    sample_state,
)
from spades._cards import ALL_CARDS
from spades._sampling import sample_state_keeping
from spades._view_check import form_problem, view_problem
from spades.encoding import (
    OBSERVATION_HIGH,
    OBSERVATION_LOW,
    OBSERVATION_SIZE,
    action_mask,
    advance,
    observation,
)
from spades.records import from_data, to_data
from spades.strategies import rulesets, states

if TYPE_CHECKING:
    from collections.abc import Callable

Json = Any

SOURCE_RULES = st.one_of(
    st.sampled_from([CLASSIC, MINIOKEY, TWO_HANDED]),
    rulesets(),
    OPEN_BLIND_NIL,
    OPEN_DOUBLE_NIL,
)
CARD_TEXTS = [str(card) for card in ALL_CARDS]
"""Every card's text, the jokers' too: a swap may bring in a card the deck lacks."""
PHASES = [phase.name.lower() for phase in Phase]
BID_TEXTS = [None, "bid nil", "bid 1", "bid 3", "bid 13", "bid blind nil"]


@st.composite
def real_views(draw: st.DrawFn) -> View:
    """The view of one seat of a position random legal play reaches."""
    state = draw(states(rules=SOURCE_RULES, max_moves=300))
    seat = draw(st.integers(0, state.rules.players - 1))
    return observe(state, seat)


# --- mutations of view data ------------------------------------------------------------------


def _in_order(texts: list[str]) -> list[str]:
    return sorted(set(texts), key=CARD_TEXTS.index)


def _shift(draw: st.DrawFn, number: int, low: int = 0) -> int:
    return max(low, number + draw(st.sampled_from([-2, -1, 1, 2])))


def _seat_or_none(draw: st.DrawFn, data: Json) -> int | None:
    return draw(st.none() | st.integers(0, data["rules"]["players"] - 1))


def _set_scalar(draw: st.DrawFn, data: Json) -> str:
    players = data["rules"]["players"]
    name = draw(
        st.sampled_from(
            [
                "phase",
                "to_move",
                "trick_leader",
                "dealer",
                "seat",
                "round_number",
                "spades_broken",
                "stock_size",
                "top_card",
                "outcome",
                "exchanged",
            ]
        )
    )
    value: Json
    if name == "phase":
        value = draw(st.sampled_from(PHASES))
    elif name in {"to_move", "trick_leader"}:
        value = _seat_or_none(draw, data)
    elif name in {"dealer", "seat"}:
        value = draw(st.integers(0, players - 1))
    elif name in {"round_number", "stock_size"}:
        value = min(
            52 if name == "stock_size" else 1000,
            _shift(draw, data[name], 0 + 1 * (name == "round_number")),
        )
    elif name == "spades_broken":
        value = not data[name]
    elif name == "top_card":
        value = draw(st.none() | st.sampled_from(CARD_TEXTS))
    elif name == "outcome":
        value = draw(
            st.none()
            | st.fixed_dictionaries(
                {
                    "winner": st.sampled_from([0, 1]),
                    "termination": st.sampled_from(["target", "losing_floor", "round_cap"]),
                }
            )
        )
    else:
        size = draw(st.integers(0, 3))
        value = draw(
            st.none()
            | st.fixed_dictionaries(
                {
                    "given": st.lists(
                        st.sampled_from(CARD_TEXTS), min_size=size, max_size=size, unique=True
                    ).map(_in_order),
                    "drawn": st.lists(
                        st.sampled_from(CARD_TEXTS), min_size=size, max_size=size, unique=True
                    ),
                }
            )
        )
    data[name] = value
    return f"{name} = {value!r}"


def _set_per_seat(draw: st.DrawFn, data: Json) -> str:
    seat = draw(st.integers(0, data["rules"]["players"] - 1))
    name = draw(st.sampled_from(["hand_sizes", "bids", "looked"]))
    if name == "hand_sizes":
        data[name][seat] = min(26, _shift(draw, data[name][seat]))
    elif name == "bids":
        data[name][seat] = draw(st.sampled_from(BID_TEXTS))
    else:
        data[name][seat] = not data[name][seat]
    return f"{name}[{seat}] = {data[name][seat]!r}"


def _change_cards(draw: st.DrawFn, data: Json) -> str:
    """The hand or the trick in progress: face down, emptied, a card dropped, added, replaced."""
    name = draw(st.sampled_from(["hand", "trick"]))
    cards: list[str] | None = data[name]
    how = draw(st.sampled_from(["none", "empty", "drop", "add", "replace"]))
    if how == "none" and name == "hand":
        data[name] = None
    elif how == "empty" or cards is None:
        data[name] = []
    elif how == "drop" and cards:
        cards.pop(draw(st.integers(0, len(cards) - 1)))
    elif how in {"add", "replace"}:
        if how == "replace" and cards:
            cards.pop(draw(st.integers(0, len(cards) - 1)))
        cards.append(draw(st.sampled_from(CARD_TEXTS)))
        if name == "hand":
            data[name] = _in_order(cards)
    return f"{name}: {how}"


def _change_tricks(draw: st.DrawFn, data: Json) -> str:
    tricks: list[Json] = data["tricks"]
    how = draw(st.sampled_from(["drop", "copy", "leader", "winner", "swap", "card"]))
    if not tricks or how == "copy":
        players = data["rules"]["players"]
        cards = draw(
            st.lists(st.sampled_from(CARD_TEXTS), min_size=players, max_size=players, unique=True)
        )
        tricks.append(
            {"leader": 0, "cards": cards, "winner": 0} if not tricks else copy.deepcopy(tricks[-1])
        )
        return "tricks: one added"
    index = draw(st.integers(0, len(tricks) - 1))
    trick = tricks[index]
    if how == "drop":
        tricks.pop(index)
    elif how in {"leader", "winner"}:
        trick[how] = draw(st.integers(0, data["rules"]["players"] - 1))
    elif how == "swap":
        trick["cards"].reverse()
    else:
        trick["cards"][draw(st.integers(0, len(trick["cards"]) - 1))] = draw(
            st.sampled_from(CARD_TEXTS)
        )
    return f"tricks[{index}]: {how}"


def _change_history(draw: st.DrawFn, data: Json) -> str:
    """The passes, the draws, the exchanges: dropped, added, their cards hidden or shown."""
    name = draw(st.sampled_from(["passes", "draws", "exchanges"]))
    entries: list[Json] = data[name]
    players = data["rules"]["players"]
    how = draw(st.sampled_from(["drop", "add", "cards"]))
    if how == "drop" and entries:
        entries.pop(draw(st.integers(0, len(entries) - 1)))
        return f"{name}: one dropped"
    seat = draw(st.integers(0, players - 1))
    entry: Json
    if how == "add" or not entries:
        if name == "passes":
            entry = {
                "seat": seat,
                "cards": draw(
                    st.none()
                    | st.just(
                        draw(
                            st.lists(
                                st.sampled_from(CARD_TEXTS), min_size=2, max_size=2, unique=True
                            ).map(_in_order)
                        )
                    )
                ),
            }
        elif name == "draws":
            pair = draw(
                st.none()
                | st.lists(st.sampled_from(CARD_TEXTS), min_size=2, max_size=2, unique=True)
            )
            entry = {"seat": seat, "kept": pair and pair[0], "discarded": pair and pair[1]}
        else:
            entry = {"seat": seat, "count": draw(st.integers(0, 3))}
        entries.insert(draw(st.integers(0, len(entries))), entry)
        return f"{name}: {entry!r} added"
    entry = entries[draw(st.integers(0, len(entries) - 1))]
    if name == "passes":
        entry["cards"] = None if entry["cards"] is not None else ["2C", "3C"]
    elif name == "draws":
        entry["kept"], entry["discarded"] = entry["discarded"], entry["kept"]
    else:
        entry["count"] = min(3, _shift(draw, entry["count"]))
    return f"{name}: {entry!r} changed"


def _change_numbers(draw: st.DrawFn, data: Json) -> str:
    name = draw(st.sampled_from(["scores", "bags", "rounds"]))
    if name == "rounds":
        if data[name]:
            data[name].pop()
        return "rounds: the last dropped"
    side = draw(st.integers(0, 1))
    data[name][side] += draw(st.sampled_from([-10, -1, 1, 10]))
    return f"{name}[{side}] shifted"


def _swap_cards(draw: st.DrawFn, data: Json) -> str:
    """Two cards swapped everywhere in the data (the hand kept in order)."""
    first, second = draw(st.lists(st.sampled_from(CARD_TEXTS), min_size=2, max_size=2, unique=True))
    played = {key: value for key, value in data.items() if key != "rules"}
    swapped = swap_texts(played, {first: second, second: first})
    data.update(swapped)
    if data["hand"] is not None:
        data["hand"] = _in_order(data["hand"])
    return f"{first} and {second} swapped"


MUTATIONS: list[Callable[[st.DrawFn, Json], str]] = [
    _set_scalar,
    _set_per_seat,
    _change_cards,
    _change_tricks,
    _change_history,
    _change_numbers,
    _swap_cards,
]


@st.composite
def mutated_view_data(draw: st.DrawFn) -> Json:
    """A real view's data, with one to three mutations."""
    data = to_data(draw(real_views()))
    for _ in range(draw(st.integers(1, 3))):
        note(draw(st.sampled_from(MUTATIONS))(draw, data))
    return data


# --- what a view that is accepted must do ------------------------------------------------------


def check_keeps_its_promises(view: View, k: int) -> None:
    """The sampler, the legal moves and the encoding, on a view that some game gives."""
    sampled = sample_state(view, rng=random.Random(k))
    assert observe(sampled, view.seat) == view
    if view.rules.players == 2:
        kept = sample_state_keeping(view, rng=random.Random(k), keeps=Suit.SPADES.mask)
        assert observe(kept, view.seat) == view
    if view.to_move == view.seat:
        assert legal_moves(sampled) == view.legal_moves()
    mask = action_mask(view)
    assert observation(view).shape == (OBSERVATION_SIZE,)
    for action in np.flatnonzero(mask):
        result = advance(view, (), int(action))
        while isinstance(result, tuple):  # a pass or an exchange, entered card by card
            step = action_mask(view, result)
            assert step.any()
            result = advance(view, result, int(np.flatnonzero(step)[-1]))
        apply(sampled, result, seat=view.seat)


@given(mutated_view_data(), st.integers(0, 2**32 - 1))
def test_view_data_is_refused_or_keeps_every_promise_of_a_view(data: Json, k: int) -> None:
    """A view is read only if some game gives it, and then keeps every promise.

    Rules: ref-views, ref-sampling.
    """
    try:
        view = from_data(data, View)
    except InvalidRecordError as error:
        event(f"refused at {re.sub(r'[0-9]+', 'i', error.path)}")
        return
    event("read")
    assert to_data(view) == data
    check_keeps_its_promises(view, k)


@given(real_views(), st.integers(0, 2**32 - 1))
def test_real_views_are_read_and_keep_every_promise(view: View, k: int) -> None:
    """The other half: no view of a real position is refused."""
    assert from_data(to_data(view), View) == view
    check_keeps_its_promises(view, k)


# --- views built by hand --------------------------------------------------------------------


@st.composite
def mutated_views(draw: st.DrawFn) -> View:
    """A real view with one field changed directly, as a caller building a `View` might."""
    view = draw(real_views())
    players = view.rules.players
    seat_or_none = st.none() | st.integers(0, players - 1)
    changes: dict[str, st.SearchStrategy[Any]] = {
        "phase": st.sampled_from(Phase),
        "to_move": seat_or_none,
        "trick_leader": seat_or_none,
        "hand": st.sampled_from([None, (), (view.hand or ())[1:]]),
        "hand_sizes": st.just(tuple(size + 1 for size in view.hand_sizes)),
        "trick": st.sampled_from([(), view.trick[:-1], (*view.trick, DECK[0])]),
        "tricks": st.sampled_from([view.tricks[:-1], (*view.tricks, Trick(0, DECK[:players], 0))]),
        "spades_broken": st.just(not view.spades_broken),
        "stock_size": st.integers(0, 60),
        "top_card": st.sampled_from([None, DECK[0], DECK[51]]),
        "passes": st.just(view.passes[:-1]),
        "draws": st.just(view.draws[:-1]),
        "exchanges": st.just(view.exchanges[:-1]),
        "looked": st.just(tuple(not flag for flag in view.looked)),
        "dealer": st.integers(0, players - 1),
        "round_number": st.integers(1, 3),
    }
    name = draw(st.sampled_from(sorted(changes)))
    value = draw(changes[name])
    note(f"{name} = {value!r}")
    return attrs.evolve(view, **{name: value})


def _read_back(view: View) -> bool:
    """Whether the reader takes the view's data: then it is one some game gives."""
    try:
        from_data(to_data(view), View)
    except InvalidRecordError:
        return False
    return True


@given(mutated_views(), st.integers(0, 2**32 - 1))
def test_a_view_built_by_hand_is_refused_with_spades_error_or_keeps_every_promise(
    view: View, k: int
) -> None:
    """Without the reader: the sampler and the encoding raise `SpadesError` or work.

    The sampler refuses a view whose facts do not hold (`view_problem`), and samples one
    whose history the reader refuses only if a deal keeps its voids. The encoding refuses
    a view whose form does not hold (`form_problem`), and encodes any other.
    """
    if _read_back(view):
        check_keeps_its_promises(view, k)
        return
    impossible = view_problem(view) is not None
    try:
        sampled = sample_state(view, rng=random.Random(k))
    except SpadesError:
        pass
    else:
        assert not impossible
        assert observe(sampled, view.seat) == view
    if form_problem(view) is None:
        check_the_encoding_of(view)
        return
    calls: list[Callable[[], object]] = [
        lambda: action_mask(view),
        lambda: observation(view),
        lambda: advance(view, (), 0),
    ]
    for call in calls:
        with pytest.raises(SpadesError):
            call()


# --- the findings, one by one ------------------------------------------------------------------


def _mid_trick() -> State:
    state = bid_all(new_game(CLASSIC, seed=5))
    for _ in range(6):  # a trick and two cards of the next
        state = apply(state, legal_moves(state)[0])
    return state


def _drawing() -> State:
    state = new_game(TWO_HANDED, seed=5)
    for _ in range(4):
        state = apply(state, legal_moves(state)[-1])
    return state


MID_TRICK = _mid_trick()
DRAWING = _drawing()
FINISHED = finished_game()
LOOKED = looked_state()


def _unseen_card(view: View) -> Card:
    seen = set(view.hand or ())
    seen |= {card for turn in view.draws for card in (turn.kept, turn.discarded) if card}
    return next(card for card in DECK if card not in seen)


@attrs.frozen
class Finding:
    """A view no game gives, as the probe found them: a real view with fields changed."""

    name: str
    view: View
    changes: dict[str, Any]
    path: str
    """Where the reader refuses it."""
    sampled: bool = True
    """Whether the sampler refuses it too (it does not read the history of the scores)."""

    def changed(self) -> View:
        return attrs.evolve(self.view, **self.changes)


_START = observe(new_game(CLASSIC, seed=1), 1)
_MID = observe(MID_TRICK, 0)
_DRAW = observe(DRAWING, 0)
_WAITING = observe(DRAWING, 1)
_OVER = observe(FINISHED, 0)
_UNSEEN = observe(unseen_state(), 2)
_FIRST = _MID.tricks[0]
FINDINGS = [
    Finding("a four-player view in the drawing phase", _START, {"phase": Phase.DRAWING}, "$.phase"),
    Finding("a trick in progress with no leader", _MID, {"trick_leader": None}, "$.trick_leader"),
    Finding("a seat to move once the game is over", _OVER, {"to_move": 0}, "$.to_move"),
    Finding("no seat to move while the game goes on", _MID, {"to_move": None}, "$.to_move"),
    Finding("the wrong seat to move", _MID, {"to_move": (_MID.to_move or 0) ^ 1}, "$.to_move"),
    Finding("a two-player hand face down", _DRAW, {"hand": None}, "$.hand"),
    Finding("a hand face down after its seat looked", observe(LOOKED, 1), {"hand": None}, "$.hand"),
    Finding(
        "a hand shown while its seat may bid blind nil",
        _UNSEEN,
        {"hand": unseen_state().hand(2)},
        "$.hand",
    ),
    Finding(
        "hand sizes that the tricks played do not give",
        _MID,
        {"hand_sizes": (_MID.hand_sizes[0], *(size - 1 for size in _MID.hand_sizes[1:]))},
        "$.hand_sizes[1]",
    ),
    Finding("a stock the draw turns do not leave", _DRAW, {"stock_size": 46}, "$.stock_size"),
    Finding(
        "the top card shown to the seat that does not draw",
        _WAITING,
        {"top_card": _unseen_card(_WAITING)},
        "$.top_card",
    ),
    Finding("the top card hidden from the seat to draw", _DRAW, {"top_card": None}, "$.top_card"),
    Finding("a numbered bid during the draw", _DRAW, {"bids": (Bid(3), None)}, "$.bids[0]"),
    Finding("a bid out of turn", _START, {"bids": (None, None, Bid(3), None)}, "$.bids[2]"),
    Finding(
        "a look by a seat not to move, without a bid",
        observe(LOOKED, 1),
        {"looked": (False, True, True, False)},
        "$.looked[2]",
    ),
    Finding(
        "a card pass during the bidding",
        observe(LOOKED, 1),
        {"passes": (CardPass(3, None),)},
        "$.passes",
    ),
    Finding(
        "a trick won by a card that does not win it",
        _MID,
        {"tricks": (Trick(_FIRST.leader, _FIRST.cards, (_FIRST.winner + 1) % 4),)},
        "$.tricks[0].winner",
    ),
    Finding(
        "spades broken with no spade played", _START, {"spades_broken": True}, "$.spades_broken"
    ),
    Finding("a round number the rounds do not give", _MID, {"round_number": 2}, "$.round_number"),
    Finding(
        "scores the completed rounds do not add up to",
        _OVER,
        {"scores": (_OVER.scores[0] + 10, _OVER.scores[1])},
        "$.scores",
        sampled=False,
    ),
]
SAMPLED = [finding for finding in FINDINGS if finding.sampled]


@pytest.mark.parametrize("finding", FINDINGS, ids=[finding.name for finding in FINDINGS])
def test_the_reader_refuses_a_view_no_game_gives(finding: Finding) -> None:
    """Records: a view is read only if some game gives it; the path names the field."""
    assert from_data(to_data(finding.view), View) == finding.view
    with pytest.raises(InvalidRecordError) as info:
        from_data(to_data(finding.changed()), View)
    assert info.value.path == finding.path, str(info.value)


@pytest.mark.parametrize("finding", SAMPLED, ids=[finding.name for finding in SAMPLED])
def test_the_sampler_refuses_a_view_no_game_gives(finding: Finding) -> None:
    """Ref-sampling: `SpadesError` naming the field, never an assertion or a wrong sample."""
    view = finding.changed()
    field = re.escape("view." + finding.path.removeprefix("$."))
    with pytest.raises(SpadesError, match=f"no game gives this view: {field}:"):
        sample_state(view, rng=random.Random(1))
    if form_problem(view) is None:
        check_the_encoding_of(view)
        return
    for call in (action_mask, observation):
        with pytest.raises(SpadesError, match=f"no game gives this view: {field}:"):
            call(view)


def check_the_encoding_of(view: View) -> None:
    """The encoding of a well-formed view that no game gives: it reads what it shows, and
    `advance` refuses every action the mask refuses with `SpadesError` (the engine's reason
    needs a state, which the sampler refuses to make up)."""
    mask = action_mask(view)
    values = observation(view)
    assert (values >= OBSERVATION_LOW).all()
    assert (values <= OBSERVATION_HIGH).all()
    for action in np.flatnonzero(mask == 0):
        with pytest.raises(SpadesError):
            advance(view, (), int(action))
