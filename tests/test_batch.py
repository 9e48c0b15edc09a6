"""`spades.batch`: the batch engine's API, by its contract.

The differential tests (``tests/test_batch_differential.py``) hold every step to
`spades.apply`; these check the rest of what `Batch` promises:

- a batch is a value: `Batch.step` makes a new one, the old one's arrays are read-only,
  its inputs are left as they were, and nothing is set on it;
- the constructors deal what `spades.new_game` deals (`Batch.from_seeds`,
  `Batch.from_decks`), or uniformly shuffled decks that one `numpy.random.Generator`
  reproduces (`Batch.deal_random`), and refuse every bad input with `TypeError` or
  `SpadesError`;
- a step refuses an array that is no actions (`TypeError`, `SpadesError`) and illegal
  actions (`IllegalActionsError`: which games, each reason as the engine gives it, a
  message that shows only what the players may see), changing nothing; a finished game's
  action is ignored;
- `Batch.random_actions` picks uniformly among the legal actions, `Batch.fallback_actions`
  is `spades.bots.fallback_move` card by card, and `Batch.play_out` plays to the end of
  the round or the game, each seat by its policy;
- the accessors (`round_points`, `rounds_played`, `winner`, `nbytes`, `state`,
  `selections`, ...) agree with the reference states.

Games: random play from `Batch.deal_random` under every preset, four-player rulesets with a
blind nil pass of one to four cards open to every seat, and with a pass for a nil (of four
cards, and of three beside a blind nil's one), two-player ones with a double nil exchange
of one to three and double nil declared right after the first draw choice, rulesets of zero
contracts, a team minimum, 10-for-200, Suicide, Whiz and Mirror (with a pass for a nil
too), solo games (four players each on her own: four scores, four bag counters, four
sides' points a round; with blind nil and blind numbers, a joker deck, Whiz and 10-for-200),
and short games (a small target or a round cap) that end.
Rule: rule-solo.
Chi-square checks use a fixed numpy seed and fail a uniform sampler with probability 0.001.
"""

from __future__ import annotations

import copy
import pickle
import random
import re
import subprocess
import sys
import types
from functools import partial
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from helpers import (
    BLIND_ANYTIME,
    MIXED,
    C,
    bid_all,
    cards,
    deck_for,
    finished_game,
    looked_state,
    mover_view,
    passing_state,
    plain,
    play,
    start,
    unseen_state,
)
from oracle.sampling import critical_value
from spades import (
    CLASSIC,
    DECK,
    JOKERS,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    Deck,
    Direction,
    DoubleNilTiming,
    Exchange,
    IllegalMoveError,
    Keep,
    Look,
    Pass,
    Phase,
    Play,
    Reason,
    Reject,
    Ruleset,
    SpadesError,
    State,
    Termination,
    apply,
    new_game,
    observe,
    round_deck,
)
from spades._card_pass import pass_due
from spades.batch import PHASES, POLICIES, Batch, IllegalActionsError
from spades.batch._codes import ACTION_OF_SLOT, SLOT_OF_ACTION, bid_code
from spades.batch._policies import lowest_cards
from spades.batch._shuffle import round_decks
from spades.bots import fallback_move
from spades.encoding import (
    ACTIONS,
    BLIND_NIL,
    END_EXCHANGE,
    KEEP,
    LOOK,
    actions_of,
    advance,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    import numpy.typing as npt

    from spades import Move

PASSING_RULES = {
    **{f"pass-{size}": attrs.evolve(BLIND_ANYTIME, blind_nil_pass=size) for size in (1, 2, 3, 4)},
    "nil-pass-4": Ruleset(nil_pass=4),
    "nil-pass-3-blind-1": attrs.evolve(BLIND_ANYTIME, nil_pass=3, blind_nil_pass=1),
}
"""Four players: blind nil open to every seat that has not looked, one to four cards passed;
four cards passed for a nil; and three for a nil beside one for a blind nil
(rule-card-pass)."""
EXCHANGE_RULES = {
    f"exchange-{size}": attrs.evolve(TWO_HANDED, blind_nil_exchange=size) for size in (1, 2, 3)
}
"""Two players, double nil open to both (as in `TWO_HANDED`), one to three cards exchanged."""
NO_EXCHANGE = attrs.evolve(TWO_HANDED, blind_nil_exchange=0)
"""Two players, double nil without an exchange: the draw goes straight on to the bidding."""
LATE_DOUBLE_NIL = attrs.evolve(TWO_HANDED, double_nil_timing=DoubleNilTiming.AFTER_FIRST_CHOICE)
"""Two players, double nil declared right after the first draw choice
(reading-double-nil-timing)."""
SUICIDE = Ruleset(bidding=Bidding.SUICIDE)
"""Each side a nil and a contract of 4 or more (rule-suicide)."""
WHIZ = Ruleset(bidding=Bidding.WHIZ)
"""Each bid her number of spades, or nil (rule-whiz)."""
MIRROR = Ruleset(bidding=Bidding.MIRROR)
"""Each bid her number of spades, nil with none (rule-mirror)."""
JJA = Ruleset(deck=Deck.JOKER_JOKER_ACE)
"""The jokers above the ace of spades, the 2♣ and 2♦ out (rule-decks)."""
JJDD = Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE)
"""The jokers, the 2♦ and the 2♠ above the ace of spades, the 2♣ and 2♥ out (rule-decks)."""
SWITCH_RULES = {
    "zero-contract": Ruleset(nil=False, zero_contract=True),
    "team-minimum-5": attrs.evolve(BLIND_ANYTIME, team_minimum=5),
    "two-handed-zero-contract-200": attrs.evolve(
        TWO_HANDED, nil=False, blind_nil=False, zero_contract=True, ten_for_two_hundred=True
    ),
    "suicide": SUICIDE,
    "whiz": WHIZ,
    "mirror-nil-pass-2": attrs.evolve(MIRROR, nil_pass=2),
    "joker-joker-ace": JJA,
    "jjdd-whiz-nil-pass-3": attrs.evolve(JJDD, bidding=Bidding.WHIZ, nil_pass=3),
    "two-handed-jjdd": attrs.evolve(TWO_HANDED, deck=Deck.JOKER_JOKER_DEUCE_DEUCE),
}
"""A bid of zero as a contract, a team minimum with blind nil open, 10-for-200 with zero
contracts for two players, Suicide, Whiz, and Mirror with a pass for a nil; the joker decks,
Joker-Joker-Deuce-Deuce under Whiz with a pass for a nil and for two players
(reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred, rule-suicide, rule-whiz,
rule-mirror, rule-decks)."""
SOLO = Ruleset(solo=True)
"""Four players each on her own: four sides (rule-solo); her nil's tricks are her bags
although the classic default counts a nil's tricks toward a contract."""
SOLO_RULES = {
    "solo": SOLO,
    "solo-blind-nil-and-numbers": Ruleset(
        solo=True, blind_nil=True, blind_nil_deficit=None, blind_bid_minimum=5
    ),
    "solo-jjdd-whiz-200": Ruleset(
        solo=True, deck=Deck.JOKER_JOKER_DEUCE_DEUCE, bidding=Bidding.WHIZ, ten_for_two_hundred=True
    ),
    "solo-miniokey": attrs.evolve(MINIOKEY, solo=True),
}
"""Solo games: classic, blind nil and blind numbers open to all, Joker-Joker-Deuce-Deuce
under Whiz and 10-for-200, and counterclockwise (rule-solo)."""
THREE_RULES = {
    "three": Ruleset(players=3),
    "three-blind-nil-and-numbers-counterclockwise": Ruleset(
        players=3,
        direction=Direction.COUNTERCLOCKWISE,
        blind_nil=True,
        blind_nil_deficit=None,
        blind_bid_minimum=5,
    ),
    "three-jja-mirror": Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE, bidding=Bidding.MIRROR),
    "three-jjdd-whiz-200": Ruleset(
        players=3, deck=Deck.JOKER_JOKER_DEUCE_DEUCE, bidding=Bidding.WHIZ, ten_for_two_hundred=True
    ),
}
"""Three players, each on her own (rule-three-players): the standard deck without the 2C
(17 cards each), blind nil and blind numbers counterclockwise, and both joker decks whole
(18 each) under Mirror, and Whiz with 10-for-200."""
EVERY_RULES = {
    **PRESETS,
    **PASSING_RULES,
    **EXCHANGE_RULES,
    "no-exchange": NO_EXCHANGE,
    "late-double-nil": LATE_DOUBLE_NIL,
    **SWITCH_RULES,
    **SOLO_RULES,
    **THREE_RULES,
}
ONE_ROUND = Ruleset(round_cap=1)
"""The ruleset of `helpers.finished_game`: the game ends after its first round."""
SHORT = attrs.evolve(CLASSIC, target=100, round_cap=6)
"""Classic games that end within six rounds: ten bags cost 100, so a target alone may
never be reached."""
SHORT_TWO = attrs.evolve(TWO_HANDED, target=100, round_cap=6)
SHORT_RULES = {
    "classic-100": SHORT,
    "miniokey-100": attrs.evolve(MINIOKEY, target=100, round_cap=6),
    "two-handed-100": SHORT_TWO,
    "pass-2-100": attrs.evolve(PASSING_RULES["pass-2"], target=100, round_cap=4),
    "one-round": ONE_ROUND,
    "team-minimum-4-100": attrs.evolve(SHORT, team_minimum=4, ten_for_two_hundred=True),
    "suicide-100": attrs.evolve(SHORT, bidding=Bidding.SUICIDE),
    "whiz-zero-contract-100": attrs.evolve(
        SHORT, bidding=Bidding.WHIZ, nil=False, zero_contract=True
    ),
    "mirror-100": attrs.evolve(SHORT, bidding=Bidding.MIRROR),
    "jjdd-mirror-100": attrs.evolve(SHORT, bidding=Bidding.MIRROR, deck=JJDD.deck),
    "two-handed-jja-100": attrs.evolve(SHORT_TWO, deck=JJA.deck),
    "solo-100": attrs.evolve(SHORT, solo=True),
    "solo-blind-100": attrs.evolve(
        SOLO_RULES["solo-blind-nil-and-numbers"], target=100, round_cap=6
    ),
    **{
        f"{name}-100": attrs.evolve(rules, target=100, round_cap=6)
        for name, rules in THREE_RULES.items()
    },
}
FIRST_MOVES: tuple[Move, ...] = (
    *(Play(card) for card in DECK),
    *(Bid(n) for n in range(14)),
    Bid(0, blind=True),
    Look(),
    Keep(),
    Reject(),
)
ACTION_MOVES: dict[int, Move] = {
    **dict(enumerate(FIRST_MOVES)),
    **{70 + n: Bid(n, blind=True) for n in range(1, 14)},
    **{84 + k: Play(joker) for k, joker in enumerate(JOKERS)},
    **{72 + n: Bid(n) for n in range(14, 19)},  # three players' bids (rule-three-players)
    **{77 + n: Bid(n, blind=True) for n in range(14, 19)},
}
"""The move of each action but `END_EXCHANGE`, as the encoding's table gives them: the bids
14 to 18 that three players may make are actions 86 to 90, blind 91 to 95."""
CARD_OF_ACTION = {**dict(enumerate(DECK)), 84: JOKERS[0], 85: JOKERS[1]}
"""The card of each card action: 0 to 51, the little and the big joker 84 and 85."""
CARD_TEXT = re.compile(r"\b(?:(?:10|[2-9TJQKA])[CDHS]|LJ|BJ)\b")


# --- positions and the reference ---------------------------------------------------------


def random_play(rules: Ruleset, games: int, steps: int, seed: int) -> Iterator[Batch]:
    """Every batch of ``games`` games of random play from `Batch.deal_random`, ``steps`` steps.

    A seat offered blind nil (double nil) takes it half (a third) of the time: the legal
    actions are then blind nil and the look (and the two draw choices).
    """
    rng = np.random.default_rng(seed)
    batch = Batch.deal_random(rules, games, rng)
    for _ in range(steps):
        yield batch
        batch = batch.step(batch.random_actions(rng))
    yield batch


def held(state: State) -> tuple[Card, ...]:
    """The hand of the seat to move, who sees it."""
    hand = mover_view(state).hand
    assert hand is not None
    return hand


def by_fallback(state: State, *, round_only: bool = False) -> State:
    """``state`` played on by `fallback_move` to the end of the game, or of its round."""
    number = state.round_number
    while not state.is_over and (not round_only or state.round_number == number):
        state = apply(state, fallback_move(state))
    return state


def reference_fallback(state: State, selected: tuple[Card, ...]) -> int:
    """The action of `fallback_move` in ``state`` after the cards ``selected``; -1 if over.

    A pass or an exchange: the first of its cards not chosen yet, else `END_EXCHANGE`.
    """
    if state.is_over:
        return -1
    move = fallback_move(state)
    if isinstance(move, (Pass, Exchange)):
        left = [card for card in move.cards if card not in selected]
        return actions_of(Play(left[0]), state.rules)[0] if left else END_EXCHANGE
    (action,) = actions_of(move, state.rules)
    return action


def engine_error(state: State, move: Move) -> IllegalMoveError:
    """The reference engine's error for ``move`` in ``state``."""
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move)
    return caught.value


def whole_move(state: State, selected: tuple[Card, ...], action: int) -> Move | None:
    """The whole move that ``action`` after ``selected`` stands for, if it is one."""
    if action == END_EXCHANGE:  # outside a pass, the exchange of the cards chosen: none
        return Pass(selected) if state.phase is Phase.PASSING else Exchange(selected)
    if state.phase not in (Phase.PASSING, Phase.EXCHANGING):
        return ACTION_MOVES[action]
    most = pass_due(state)[1] if state.phase is Phase.PASSING else state.rules.blind_nil_exchange
    card = CARD_OF_ACTION.get(action)
    if card is None or card in selected or len(selected) + 1 != most:
        return None  # a choice in progress, or a card chosen twice: no move of the engine's
    cards_chosen = (*selected, card)
    return Pass(cards_chosen) if state.phase is Phase.PASSING else Exchange(cards_chosen)


def visible_cards(state: State) -> set[str]:
    """The cards the seat to move sees: every card named in her view's data."""
    found: set[str] = set()

    def collect(value: object) -> None:
        if isinstance(value, str):
            found.update(CARD_TEXT.findall(value))
        elif isinstance(value, list):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)

    collect(plain(mover_view(state)))
    return found


def uniform(counts: npt.NDArray[np.int64]) -> bool:
    """Whether ``counts`` pass Pearson's chi-square test of uniformity at p = 0.001."""
    expected = counts.sum() / len(counts)
    statistic = float(((counts - expected) ** 2 / expected).sum())
    return statistic <= critical_value(len(counts) - 1, 0.001)


def refusal(batch: Batch, actions: Sequence[int]) -> IllegalActionsError:
    """The error of a step with ``actions``, the batch checked unchanged after it."""
    before, selections = batch.to_states(), batch.selections()
    with pytest.raises(IllegalActionsError) as caught:
        batch.step(np.array(actions))
    assert batch.to_states() == before
    assert batch.selections() == selections
    return caught.value


# --- a batch is a value -------------------------------------------------------------------


def test_a_step_makes_a_new_batch_and_leaves_the_old_one_and_its_inputs_as_they_were() -> None:
    """A step returns a new batch; the old one, its states and the actions are unchanged."""
    states = [new_game(ONE_ROUND, seed=seed) for seed in range(3)] + [finished_game()]
    listed = list(states)
    batch = Batch.from_states(states)
    assert states == listed
    assert all(a is b for a, b in zip(states, listed, strict=True))
    actions = batch.fallback_actions()
    kept = actions.copy()
    after = batch.step(actions)
    assert after is not batch
    assert batch.to_states() == states
    assert after.to_states() == [
        state if state.is_over else apply(state, fallback_move(state)) for state in states
    ]
    np.testing.assert_array_equal(actions, kept)
    frozen = kept.copy()
    frozen.flags.writeable = False
    assert batch.step(frozen).to_states() == after.to_states()
    assert batch.step(kept.tolist()).to_states() == after.to_states()


def arrays_of(batch: Batch) -> dict[str, npt.NDArray[Any]]:
    """The arrays a batch shows, by name."""
    names = ("phase", "to_move", "round_number", "scores", "bags", "winner")
    return {name: getattr(batch, name) for name in names}


def test_the_arrays_of_a_batch_are_read_only_also_when_its_next_deal_is_due() -> None:
    """Writing into an array a batch shows raises ValueError, a deal due or not."""
    batches = list(random_play(CLASSIC, 3, 70, seed=1))
    due = next(batch for batch in batches if (batch.rounds_played == 1).any())
    for batch in (batches[0], batches[30], due):
        for name, array in arrays_of(batch).items():
            with pytest.raises(ValueError, match="read-only"):
                array[...] = 0
            assert not array.flags.writeable, name
    assert [state.round_number for state in due.to_states()] == (due.rounds_played + 1).tolist()


def test_a_batch_is_made_by_its_constructors_and_sets_nothing() -> None:
    """``Batch(...)`` is a TypeError and setting an attribute an AttributeError."""
    with pytest.raises(TypeError, match=r"batches come from Batch\.from_states"):
        Batch()
    with pytest.raises(TypeError, match=r"batches come from Batch\.from_states"):
        Batch(CLASSIC, [1])
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    with pytest.raises(AttributeError, match="a batch is immutable"):
        batch.rules = TWO_HANDED
    with pytest.raises(AttributeError, match="a batch is immutable"):
        batch.games = 3
    assert batch.rules is CLASSIC
    assert batch.to_states() == [new_game(CLASSIC, seed=1), new_game(CLASSIC, seed=2)]


def test_a_batch_deletes_nothing() -> None:
    """A value: ``del`` is refused as setting is (attrs' frozen classes refuse both)."""
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    with pytest.raises(AttributeError):
        del batch.rules
    assert batch.rules is CLASSIC


def test_a_batch_copies_and_pickles_as_the_same_games() -> None:
    """A value, like `State`: `copy` and `pickle` give the same games (as for Ray)."""
    batch = next(batch for k, batch in enumerate(random_play(TWO_HANDED, 3, 40, 2)) if k == 40)
    for made in (
        lambda: copy.copy(batch),
        lambda: copy.deepcopy(batch),
        lambda: pickle.loads(pickle.dumps(batch)),
    ):
        twin = made()
        assert twin.to_states() == batch.to_states()
        assert twin.selections() == batch.selections()


def test_a_solo_batch_holds_a_score_bags_and_round_points_for_each_player() -> None:
    """Four players each on her own are four sides: the scores, the bag counters and a
    round's points have four columns, before the first round as after it; the games copy,
    pickle and read back (`to_states`, `from_states`) with four.

    Rule: rule-solo.
    """
    batch = Batch.from_seeds(SOLO, [1, 2, 3])
    assert batch.scores.shape == batch.bags.shape == batch.round_points.shape == (3, 4)
    played = batch.play_out(np.random.default_rng(2), policies="fallback")
    states = played.to_states()
    assert played.round_points.tolist() == [list(state.rounds[-1].points) for state in states]
    assert played.scores.tolist() == [list(state.scores) for state in states]
    assert played.bags.tolist() == [list(state.bags) for state in states]
    assert all(len(state.scores) == len(state.rounds[-1].sides) == 4 for state in states)
    assert Batch.from_states(states).to_states() == states
    assert pickle.loads(pickle.dumps(played)).to_states() == states


@pytest.mark.parametrize("rules", THREE_RULES.values(), ids=THREE_RULES.keys())
def test_a_three_player_batch_deals_the_pack_and_holds_three_sides(rules: Ruleset) -> None:
    """Three players are dealt the pack (51 cards, 17 each, with the standard deck; 54, 18
    each, with a joker deck) as `new_game` deals it, from seeds, decks and a generator,
    by every dealer; the scores, the bag counters and a round's points have three columns;
    the games copy, pickle and read back with three. A deck of four players' 52 cards is
    refused as `new_game` refuses it.

    Rules: rule-three-players, rule-seeded-deal, rule-own-deal.
    """
    pack, size = rules.pack, rules.hand_size
    assert len(pack.cards) == 3 * size
    rnd = random.Random(3)
    decks = [tuple(rnd.sample(pack.cards, len(pack.cards))) for _ in range(3)]
    for dealer in range(3):
        batch = Batch.from_seeds(rules, SEEDS, dealer=dealer)
        assert batch.to_states() == [new_game(rules, seed=seed, dealer=dealer) for seed in SEEDS]
        dealt = Batch.from_decks(rules, decks, seeds=[1, 2, 3], dealer=dealer)
        assert dealt.to_states() == [
            new_game(rules, seed=seed, dealer=dealer, deck=deck)
            for deck, seed in zip(decks, [1, 2, 3], strict=True)
        ]
    drawn = Batch.deal_random(rules, 200, np.random.default_rng(4))
    for state in drawn.to_states():
        hands = [state.hand(seat) for seat in range(3)]
        assert [len(hand) for hand in hands] == [size] * 3
        assert sorted(card.index for hand in hands for card in hand) == sorted(
            card.index for card in pack.cards
        )
    assert drawn.scores.shape == drawn.bags.shape == drawn.round_points.shape == (200, 3)
    played = drawn.play_out(np.random.default_rng(2), policies="fallback")
    states = played.to_states()
    assert played.round_points.tolist() == [list(state.rounds[-1].points) for state in states]
    assert played.scores.tolist() == [list(state.scores) for state in states]
    assert all(sum(state.rounds[-1].tricks) == size for state in states)
    assert Batch.from_states(states).to_states() == states
    assert pickle.loads(pickle.dumps(played)).to_states() == states
    four = tuple(rnd.sample(DECK, 52))
    with pytest.raises(SpadesError) as refused:
        new_game(rules, seed=1, deck=four)
    with pytest.raises(SpadesError, match=re.escape(str(refused.value))):
        Batch.from_decks(rules, [four], seeds=[1])


def test_the_bids_legal_bits_are_their_codes_and_read_back_as_their_actions() -> None:
    """In the bidding bid ``n`` is legal bit ``n``, its code (`bid_code`), to 18; blind nil
    bit 19, its code; the look 20; blind ``n`` ``20 + n``, its code plus one: the bits rise
    as the actions do for four players, so that a uniform choice picks as it did. Each
    action's bit reads back as the action, for every action there is (rule-three-players:
    the bids above 13 are the encoding's later actions)."""
    for n in range(19):
        for bid in (Bid(n), Bid(n, blind=True)):
            (action,) = actions_of(bid, Ruleset(players=3, deck=Deck.JOKER_JOKER_ACE))
            assert int(SLOT_OF_ACTION[0, action]) == bid_code(bid) + (bid.blind and n > 0)
    assert int(SLOT_OF_ACTION[0, LOOK]) == 20
    bidding = [*range(52, 68), *range(71, 84)]  # four players' bids, blind nil, the look
    drawing = [BLIND_NIL, KEEP, KEEP + 1]  # and the draw's, double nil among them
    for actions in (bidding, drawing):
        assert (np.diff(SLOT_OF_ACTION[0, actions].astype(np.int64)) > 0).all()
    for row in (0, 1):
        placed = SLOT_OF_ACTION[row] != 63
        assert (ACTION_OF_SLOT[row, SLOT_OF_ACTION[row, placed]] == np.flatnonzero(placed)).all()
        assert len(set(SLOT_OF_ACTION[row, placed].tolist())) == int(placed.sum())
    assert ((SLOT_OF_ACTION != 63).sum(axis=0) == 1).all()  # every action in one kind of phase


# --- making batches -----------------------------------------------------------------------

SEEDS = [0, 1, 7, 2**64 - 1, 2**64 + 5, 2**128 - 1]
THREE_PRESETS = pytest.mark.parametrize(
    "rules", [CLASSIC, MINIOKEY, TWO_HANDED], ids=["classic", "miniokey", "two-handed"]
)


@THREE_PRESETS
def test_from_seeds_deals_as_new_game_for_every_dealer(rules: Ruleset) -> None:
    """Each game is ``new_game(rules, seed=seed, dealer=dealer)``, for every dealer.

    Rule: rule-seeded-deal.
    """
    for dealer in range(rules.players):
        batch = Batch.from_seeds(rules, SEEDS, dealer=dealer)
        assert batch.to_states() == [new_game(rules, seed=seed, dealer=dealer) for seed in SEEDS]
        assert len(batch) == len(SEEDS)
    assert (
        Batch.from_seeds(rules, tuple(SEEDS)).to_states()
        == Batch.from_seeds(rules, SEEDS, dealer=0).to_states()
    )


@THREE_PRESETS
def test_from_decks_deals_as_new_game_with_the_deck(rules: Ruleset) -> None:
    """Each game is ``new_game(rules, seed=seed, dealer=dealer, deck=deck)``.

    Rule: rule-own-deal.
    """
    rng = random.Random(5)
    decks = [tuple(rng.sample(DECK, 52)) for _ in range(4)]
    seeds = [rng.getrandbits(64) for _ in decks]
    for dealer in range(rules.players):
        batch = Batch.from_decks(rules, decks, seeds=seeds, dealer=dealer)
        assert batch.to_states() == [
            new_game(rules, seed=seed, dealer=dealer, deck=deck)
            for deck, seed in zip(decks, seeds, strict=True)
        ]


@THREE_PRESETS
def test_deal_random_is_reproducible_and_its_later_rounds_deal_from_the_seed(
    rules: Ruleset,
) -> None:
    """One generator seed, one batch; a later round deals `round_deck` of the game's seed.

    Rules: rule-deal, rule-seeded-deal.
    """
    first = Batch.deal_random(rules, 6, np.random.default_rng(11), dealer=1)
    again = Batch.deal_random(rules, 6, np.random.default_rng(11), dealer=1)
    other = Batch.deal_random(rules, 6, np.random.default_rng(12), dealer=1)
    states = first.to_states()
    assert again.to_states() == states
    assert other.to_states() != states
    seeds = [state.seed for state in states]
    assert len(set(seeds)) == 6
    assert all(0 <= seed < 2**64 for seed in seeds)
    for state in states:
        assert (state.dealer, state.round_number) == (1, 1)
        if rules.players == 4:
            assert [len(hand) for hand in state.hands] == [13] * 4
            assert sorted(card for hand in state.hands for card in hand) == sorted(DECK)
        else:
            assert sorted(state.stock) == sorted(DECK)
            assert state.hands == ((), ())
    played = first.play_out(np.random.default_rng(0), policies="fallback")
    for state, after in zip(states, played.to_states(), strict=True):
        assert after == by_fallback(state, round_only=True)
        assert after.round_number == 2
        dealt = new_game(
            rules, seed=after.seed, dealer=after.dealer, deck=round_deck(after.seed, 2)
        )
        assert after.hands == dealt.hands
        assert after.stock == dealt.stock


@given(st.randoms(use_true_random=False), st.integers(1, 300))
@example(random.Random(0), 3)  # one game at a time
@example(random.Random(0), 200)  # on arrays
def test_the_batch_shuffles_every_round_as_round_deck_does(rnd: random.Random, games: int) -> None:
    """The batch's shuffle (`spades.batch._shuffle`), game by game for a few games and on
    arrays for many, deals `round_deck`'s decks ({ref}`rule-seeded-deal`), for seeds up to
    2**128 - 1 and any round."""
    seeds = [rnd.getrandbits(rnd.choice([8, 64, 128])) for _ in range(games)]
    numbers = [rnd.randint(1, 10_000) for _ in range(games)]
    decks = round_decks(seeds, numbers)
    for seed, number, deck in zip(seeds, numbers, decks, strict=True):
        assert deck.tolist() == [card.index for card in round_deck(seed, number)]


def test_deal_random_takes_a_numpy_count_and_a_refusal_draws_nothing() -> None:
    """A numpy integer counts games; a refused call leaves the caller's generator as it was."""
    rng = np.random.default_rng(5)
    assert len(Batch.deal_random(CLASSIC, np.int64(3), rng)) == 3
    before = rng.bit_generator.state
    for bad in ({"rules": "classic"}, {"dealer": 9}, {"games": 0}):
        arguments: dict[str, Any] = {"rules": CLASSIC, "games": 2, "dealer": 0, **bad}
        with pytest.raises((TypeError, SpadesError)):
            Batch.deal_random(
                arguments["rules"], arguments["games"], rng, dealer=arguments["dealer"]
            )
    assert rng.bit_generator.state == before


def test_deal_random_deals_uniform_decks() -> None:
    """The seat of the ace of spades, with the king's, and the place of 2C in the stock."""
    rng = np.random.default_rng(2024)
    states = Batch.deal_random(CLASSIC, 8000, rng).to_states()
    ace, king = C("AS"), C("KS")
    seats = np.zeros((4, 4), dtype=np.int64)
    for state in states:
        holder = [
            next(seat for seat in range(4) if card in state.hands[seat]) for card in (ace, king)
        ]
        seats[holder[0], holder[1]] += 1
    assert uniform(seats.sum(axis=1))
    assert uniform(seats[~np.eye(4, dtype=np.bool_)])  # in two hands
    assert uniform(np.diag(seats))  # in one
    places = np.zeros(52, dtype=np.int64)
    for state in Batch.deal_random(TWO_HANDED, 8000, rng).to_states():
        places[state.stock.index(C("2C"))] += 1
    assert uniform(places)


def seeded(seeds: Any, *, rules: Any = CLASSIC, dealer: Any = 0) -> Batch:
    return Batch.from_seeds(rules, seeds, dealer=dealer)


def decked(decks: Any, seeds: Any = (1,), *, rules: Any = CLASSIC, dealer: Any = 0) -> Batch:
    return Batch.from_decks(rules, decks, seeds=seeds, dealer=dealer)


def dealt(games: Any = 2, rng: Any = None, *, rules: Any = CLASSIC, dealer: Any = 0) -> Batch:
    generator = np.random.default_rng(0) if rng is None else rng
    return Batch.deal_random(rules, games, generator, dealer=dealer)


def stated(states: Any) -> Batch:
    return Batch.from_states(states)


def a_state() -> State:
    return new_game(CLASSIC, seed=1)


TEXTS = [str(card) for card in DECK]
BAD_INPUTS: dict[str, tuple[Callable[[], object], type[Exception], str]] = {
    "rules str": (partial(seeded, [1], rules="classic"), TypeError, "takes a Ruleset, not str"),
    "rules None": (partial(dealt, rules=None), TypeError, "a Ruleset, not NoneType"),
    "rules int": (partial(decked, [DECK], rules=4), TypeError, "a Ruleset, not int"),
    "rng Random": (partial(dealt, 2, random.Random(1)), TypeError, "a numpy Generator, not Random"),
    "rng legacy": (partial(dealt, 2, np.random.RandomState(1)), TypeError, "not RandomState"),
    "rng int": (partial(dealt, 2, 7), TypeError, "deal_random takes a numpy Generator"),
    "no games": (partial(dealt, 0), SpadesError, "a batch has at least one game, not 0"),
    "games < 0": (partial(dealt, -2), SpadesError, "at least one game, not -2"),
    "games str": (partial(dealt, "5"), TypeError, "the number of games is a whole number"),
    "games bool": (partial(dealt, True), TypeError, "the number of games is a whole number"),
    "games float": (partial(dealt, 5.0), TypeError, "a whole number, not 5.0"),
    "seeds int": (partial(seeded, 12), TypeError, "seeds are a sequence of whole numbers, not int"),
    "seeds str": (partial(seeded, "12"), TypeError, "sequence of whole numbers, not str"),
    "seeds iterator": (partial(seeded, iter([1])), TypeError, "sequence of whole numbers"),
    "seed float": (partial(seeded, [1, 2.0]), TypeError, "a seed is a whole number, not 2.0"),
    "seed bool": (partial(seeded, [True]), TypeError, "a seed is a whole number, not True"),
    "seed < 0": (
        partial(seeded, [-1]),
        SpadesError,
        r"a seed is a whole number from 0 to 2\*\*128",
    ),
    "seed too big": (partial(seeded, [2**128]), SpadesError, r"from 0 to 2\*\*128 - 1"),
    "no seeds": (partial(seeded, []), SpadesError, "a batch has at least one game"),
    "deck seed float": (partial(decked, [DECK], [1.5]), TypeError, "a seed is a whole number"),
    "dealer 4": (partial(seeded, [1], dealer=4), SpadesError, "a seat from 0 to 3, not 4"),
    "dealer -1": (partial(seeded, [1], dealer=-1), SpadesError, "a seat from 0 to 3, not -1"),
    "dealer 2 of 2": (
        partial(seeded, [1], rules=TWO_HANDED, dealer=2),
        SpadesError,
        "a seat from 0 to 1, not 2",
    ),
    "dealer random": (partial(dealt, 1, dealer=9), SpadesError, "from 0 to 3, not 9"),
    "dealer deck": (
        partial(decked, [DECK], rules=TWO_HANDED, dealer=3),
        SpadesError,
        "from 0 to 1, not 3",
    ),
    "decks str": (partial(decked, "AS KS"), TypeError, "decks are a sequence of decks, not str"),
    "decks int": (partial(decked, 3), TypeError, "a sequence of decks, not int"),
    "decks and seeds": (partial(decked, [DECK, DECK]), SpadesError, "one seed a deck: 2 decks"),
    "no decks": (partial(decked, [], []), SpadesError, "a batch has at least one game"),
    "deck short": (partial(decked, [DECK[:51]]), SpadesError, "52 distinct cards; .* 51 of 51"),
    "deck twice": (partial(decked, [(*DECK[:51], DECK[0])]), SpadesError, "has 51 of 52"),
    "deck texts": (partial(decked, [TEXTS]), TypeError, "a deck holds cards, not '2C'"),
    "deck set": (partial(decked, [set(DECK)]), TypeError, "a sequence of 52 cards, not set"),
    "one deck": (partial(decked, DECK, [1] * 52), TypeError, "52 cards, not Card"),
    "no states": (partial(stated, []), SpadesError, "a batch needs at least one state"),
    "a state": (partial(stated, a_state()), TypeError, "a sequence of states, not State"),
    "states iterator": (partial(stated, iter([a_state()])), TypeError, "sequence of states"),
    "states None": (partial(stated, None), TypeError, "sequence of states, not NoneType"),
    "state str": (partial(stated, [a_state(), "x"]), TypeError, "takes states, not str"),
    "state view": (partial(stated, [a_state(), observe(a_state(), 0)]), TypeError, "not View"),
    "two rulesets": (
        partial(stated, [a_state(), new_game(MINIOKEY, seed=1)]),
        SpadesError,
        "the states of a batch play one ruleset; these play several",
    ),
    "random rng": (
        partial(seeded([1]).random_actions, random.Random(0)),  # type: ignore[arg-type]
        TypeError,
        "random_actions takes a numpy Generator, not Random",
    ),
    "state float": (
        partial(seeded([1]).state, 0.0),  # type: ignore[arg-type]
        TypeError,
        "a game is a whole number, not 0.0",
    ),
    "state 2 of 2": (partial(seeded([1, 2]).state, 2), IndexError, "game 2 is not in a batch of 2"),
    "state -3": (partial(seeded([1, 2]).state, -3), IndexError, "game -3 is not in a batch of 2"),
}


@pytest.mark.parametrize(("call", "error", "message"), BAD_INPUTS.values(), ids=BAD_INPUTS.keys())
def test_bad_inputs_are_refused(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    """A wrong type is a `TypeError`, a wrong value of the right type a `SpadesError`."""
    with pytest.raises(error, match=message):
        call()


def test_a_dealer_that_is_no_number_is_a_type_error_as_for_new_game() -> None:
    """`from_seeds` deals "as new_game deals them": its wrong types are its errors too."""
    for dealer in ("0", 1.0, True, None):
        with pytest.raises(TypeError, match="the dealer is a seat number"):
            new_game(CLASSIC, seed=1, dealer=dealer)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            Batch.from_seeds(CLASSIC, [1], dealer=dealer)  # type: ignore[arg-type]


# --- refused steps ------------------------------------------------------------------------


def test_a_step_takes_one_whole_number_a_game() -> None:
    """Floats, bools, text or the wrong shape are refused; any integer dtype is taken."""
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    before = batch.to_states()
    for wrong in (
        [55.0, 55.0],
        [True, False],
        np.array([55, 55], dtype=np.float32),
        ["55", "55"],
        None,
        [],
    ):
        with pytest.raises(TypeError, match="actions are whole numbers, one a game"):
            batch.step(wrong)  # type: ignore[arg-type]
    for shape in ([55], [55, 55, 55], [[55, 55]], np.int64(55), [[55], [55]]):
        with pytest.raises(SpadesError, match="one action for each of the 2 games, not shape"):
            batch.step(shape)
    assert batch.step(np.array([55, 56], dtype=np.uint8)).to_states() == [
        apply(state, Bid(n)) for state, n in zip(before, (3, 4), strict=True)
    ]
    assert batch.to_states() == before


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (
            [-1, 55],
            f"1 of 2 actions are no action .the actions are 0 to {ACTIONS - 1}.: game 0 has -1",
        ),
        ([55, ACTIONS], f"1 of 2 actions are no action .*: game 1 has {ACTIONS}"),
        ([999, -5], "2 of 2 actions are no action .*: game 0 has 999"),
        (np.array([2**64 - 1, 55], dtype=np.uint64), "game 0 has a number of 20 digits"),
    ],
)
def test_a_number_that_is_no_action_is_refused_in_a_game_that_goes_on(
    actions: Sequence[int], message: str
) -> None:
    """Outside 0 to ``ACTIONS - 1`` is a SpadesError, not an IllegalActionsError, and nothing
    moves."""
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    with pytest.raises(SpadesError, match=message) as caught:
        batch.step(actions)
    assert not isinstance(caught.value, IllegalActionsError)
    assert batch.to_states() == [new_game(CLASSIC, seed=1), new_game(CLASSIC, seed=2)]


def test_a_finished_games_action_is_ignored_whatever_the_number() -> None:
    """A game over keeps its state whatever its number in the step."""
    over = finished_game()
    batch = Batch.from_states([over, new_game(ONE_ROUND, seed=1), over])
    for ignored in (-1, 999, 0, 55, 2**40, -(2**40)):
        after = batch.step([ignored, 55, ignored])
        assert after.to_states() == [over, apply(new_game(ONE_ROUND, seed=1), Bid(3)), over]
    assert Batch.from_states([over]).step([12345]).to_states() == [over]


def cases() -> list[tuple[str, State, tuple[int, ...], int, Reason]]:
    """Positions, actions chosen before (a pass or exchange in progress), an illegal action
    and its reason."""
    mixed = bid_all(start(CLASSIC, MIXED))  # seat 1 leads: clubs and 2S
    led = play(mixed, "2C")  # seat 2: AC and diamonds
    first_draw = new_game(TWO_HANDED, seed=4)
    drawn = apply(apply(first_draw, Keep()), Keep())  # seat 0 again, after her first draw
    late_first = new_game(LATE_DOUBLE_NIL, seed=4)
    late_second = apply(apply(late_first, Keep()), Keep())  # her one chance, under the timing
    late_third = apply(apply(late_second, Keep()), Keep())
    nil_passing = new_game(attrs.evolve(BLIND_ANYTIME, nil_pass=3), seed=3)
    nil_passing = apply(nil_passing, Bid(0, blind=True))  # seat 1, then seat 2 bids nil
    nil_passing = apply(apply(nil_passing, Look()), Bid(0))
    for _ in range(2):
        nil_passing = apply(apply(nil_passing, Look()), Bid(3))
    nil_passing = apply(nil_passing, Pass(held(nil_passing)[:2]))  # seat 1 passes two
    nil_passing = apply(nil_passing, Pass(held(nil_passing)[:2]))  # seat 3 passes two back
    assert pass_due(nil_passing) == (2, 3)  # the nil side's count
    declared = apply(first_draw, Bid(0, blind=True))
    exchanging = declared
    while exchanging.phase is not Phase.EXCHANGING:
        exchanging = apply(exchanging, Keep())
    outside = next(card for card in DECK if card not in held(exchanging))
    minimum = new_game(attrs.evolve(BLIND_ANYTIME, team_minimum=4), seed=1)
    for bid in (Bid(1), Bid(3)):  # seats 1 and 2 look and bid: seat 3 bids 3 or more
        minimum = apply(apply(minimum, Look()), bid)
    suicide = new_game(SUICIDE, seed=1)  # seat 1 bids first: nil or 4 to 13
    after_nil = apply(apply(suicide, Bid(0)), Bid(5))  # seat 3, after her partner's nil
    after_number = apply(after_nil, Bid(4))  # seat 0, after her partner's 5
    whiz = new_game(WHIZ, deck=DECK)  # seat 1 holds three spades: 3 or nil
    mirror = new_game(MIRROR, deck=DECK)  # 3 alone
    suits = {seat: DECK[13 * k : 13 * k + 13] for k, seat in enumerate((1, 2, 3, 0))}
    void = new_game(WHIZ, deck=deck_for(WHIZ, 0, suits))  # seat 1 holds clubs: nil alone
    passing = passing_state()  # seat 1 passes two cards
    hand = held(passing)
    not_held = next(card for card in DECK if card not in hand)
    return [
        ("card in the bidding", new_game(CLASSIC, seed=1), (), 0, Reason.WRONG_PHASE),
        ("keep in the bidding", new_game(CLASSIC, seed=1), (), KEEP, Reason.WRONG_PHASE),
        ("end in the bidding", new_game(CLASSIC, seed=1), (), END_EXCHANGE, Reason.WRONG_PHASE),
        ("blind nil off", new_game(CLASSIC, seed=1), (), BLIND_NIL, Reason.BLIND_NIL_NOT_ALLOWED),
        ("look, seen", new_game(CLASSIC, seed=1), (), LOOK, Reason.HAND_ALREADY_SEEN),
        ("nil off", new_game(Ruleset(nil=False), seed=1), (), 52, Reason.NIL_NOT_ALLOWED),
        ("bid unseen", unseen_state(), (), 55, Reason.HAND_NOT_SEEN),
        ("blind after a look", looked_state(), (), BLIND_NIL, Reason.HAND_ALREADY_SEEN),
        (
            "blind, not trailing",
            new_game(Ruleset(blind_nil=True), seed=1),
            (),
            BLIND_NIL,
            Reason.BLIND_NIL_NOT_ELIGIBLE,
        ),
        ("below a team minimum", minimum, (), 54, Reason.BELOW_TEAM_MINIMUM),
        ("nil below a team minimum", minimum, (), 52, Reason.BELOW_TEAM_MINIMUM),
        ("blind nil below a team minimum", minimum, (), BLIND_NIL, Reason.BELOW_TEAM_MINIMUM),
        ("suicide 3 first", suicide, (), 55, Reason.BIDDING_MODE),
        ("suicide nil after a nil", after_nil, (), 52, Reason.BIDDING_MODE),
        ("suicide 3 after a nil", after_nil, (), 55, Reason.BIDDING_MODE),
        ("suicide 4 after a number", after_number, (), 56, Reason.BIDDING_MODE),
        ("whiz 4 of 3 spades", whiz, (), 56, Reason.BIDDING_MODE),
        ("whiz 2 of 3 spades", whiz, (), 54, Reason.BIDDING_MODE),
        ("whiz 1 of no spades", void, (), 53, Reason.BIDDING_MODE),
        ("mirror nil of 3 spades", mirror, (), 52, Reason.BIDDING_MODE),
        ("mirror 4 of 3 spades", mirror, (), 56, Reason.BIDDING_MODE),
        ("lead a spade", mixed, (), C("2S").index, Reason.SPADES_NOT_BROKEN),
        ("play another's card", mixed, (), C("AC").index, Reason.CARD_NOT_IN_HAND),
        ("bid in the play", mixed, (), 55, Reason.WRONG_PHASE),
        ("revoke", led, (), C("3D").index, Reason.MUST_FOLLOW_SUIT),
        ("bid in the draw", first_draw, (), 55, Reason.WRONG_PHASE),
        ("card in the draw", first_draw, (), 0, Reason.WRONG_PHASE),
        ("double nil after a draw", drawn, (), BLIND_NIL, Reason.ALREADY_DRAWN),
        ("late double nil before a draw", late_first, (), BLIND_NIL, Reason.NOT_YET_DRAWN),
        ("late double nil after two draws", late_third, (), BLIND_NIL, Reason.ALREADY_DRAWN),
        ("double nil twice", declared, (), BLIND_NIL, Reason.ALREADY_BID),
        ("exchange a card not held", exchanging, (), outside.index, Reason.CARD_NOT_IN_HAND),
        ("keep in the exchange", exchanging, (), KEEP, Reason.WRONG_PHASE),
        ("pass a card not held", passing, (), not_held.index, Reason.CARD_NOT_IN_HAND),
        ("pass a card twice", passing, (hand[0].index,), hand[0].index, Reason.CARD_NOT_IN_HAND),
        ("pass too few", passing, (hand[0].index,), END_EXCHANGE, Reason.WRONG_PASS_SIZE),
        (
            "nil pass too few",
            nil_passing,
            tuple(card.index for card in held(nil_passing)[:2]),
            END_EXCHANGE,
            Reason.WRONG_PASS_SIZE,
        ),
        ("bid in the pass", passing, (), 55, Reason.WRONG_PHASE),
    ]


CASES = cases()


@pytest.mark.parametrize(
    ("position", "chosen", "action", "reason"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_an_illegal_action_is_refused_with_the_engines_reason(
    position: State, chosen: tuple[int, ...], action: int, reason: Reason
) -> None:
    """The reason is the engine's for the move; the message names only what she may see.

    Rules: ref-reasons, ref-views.
    Rule: rule-team-minimum.
    Rule: rule-suicide.
    Rules: rule-whiz, rule-mirror.
    """
    batch = Batch.from_states([position, position])
    for card in chosen:
        batch = batch.step([card, card])
    selected = tuple(DECK[card] for card in chosen)
    assert batch.selections() == [selected, selected]
    legal = batch.fallback_actions()[1]
    error = refusal(batch, [legal, action])
    assert error.games == (1,)
    assert error.reasons == (reason,)
    (each,) = error.errors
    assert each.seat == position.to_move
    assert str(error) == f"1 of 2 actions are illegal: game 1: {each}"
    assert str(each).startswith(f"action {action}: ")
    move = whole_move(position, selected, action)
    if move is not None:
        assert engine_error(position, move).reason is reason
        assert each.move == move
    assert CARD_TEXT.findall(str(error)) == CARD_TEXT.findall(str(each))
    assert set(CARD_TEXT.findall(str(error))) <= visible_cards(position) | (
        {str(CARD_OF_ACTION[action])} if action in CARD_OF_ACTION else set()
    )


def test_the_message_names_three_games_then_how_many_more() -> None:
    """The games in order, the first three in the message, then 'and N more'."""
    games = [new_game(CLASSIC, seed=seed) for seed in range(7)]
    batch = Batch.from_states(games)
    error = refusal(batch, [55, 0, 1, 55, 66, 67, 68])
    assert error.games == (1, 2, 4, 5, 6)
    assert error.reasons == (
        Reason.WRONG_PHASE,
        Reason.WRONG_PHASE,
        Reason.BLIND_NIL_NOT_ALLOWED,
        Reason.HAND_ALREADY_SEEN,
        Reason.WRONG_PHASE,
    )
    shown = "; ".join(f"game {game}: {error.errors[k]}" for k, game in enumerate((1, 2, 4)))
    assert str(error) == f"5 of 7 actions are illegal: {shown}; and 2 more"
    three = refusal(batch, [0, 0, 55, 0, 55, 55, 55])
    assert three.games == (0, 1, 3)
    assert "more" not in str(three)
    assert str(three).startswith("3 of 7 actions are illegal: game 0: action 0: ")
    assert isinstance(three, SpadesError)


def test_the_error_pickles_with_its_games_reasons_and_message() -> None:
    """An IllegalActionsError comes back from pickle with its games, errors and message."""
    batch = Batch.from_states([new_game(CLASSIC, seed=seed) for seed in range(5)])
    error = refusal(batch, [0, 1, 2, 3, 55])
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalActionsError
    assert (again.games, again.reasons, str(again)) == (error.games, error.reasons, str(error))
    assert [(e.reason, e.seat, e.move, str(e)) for e in again.errors] == [
        (e.reason, e.seat, e.move, str(e)) for e in error.errors
    ]
    assert "and 1 more" in str(again)


@pytest.mark.parametrize(
    "rules",
    [
        CLASSIC,
        TWO_HANDED,
        PASSING_RULES["pass-3"],
        EXCHANGE_RULES["exchange-2"],
        attrs.evolve(JJDD, nil_pass=2),
        SOLO_RULES["solo-blind-nil-and-numbers"],
    ],
    ids=["classic", "two-handed", "pass-3", "exchange-2", "jjdd-pass-2", "solo"],
)
def test_random_illegal_actions_are_refused_as_the_encoding_refuses_them(rules: Ruleset) -> None:
    """Every game of the step is refused with the reason of the encoding's `advance` (and
    of the engine, for a whole move), in a message that names no card its player cannot see.

    Rules: ref-reasons, ref-views.
    """
    rng = np.random.default_rng(3)
    for number, batch in enumerate(random_play(rules, 12, 130, seed=5)):
        if number % 5:
            continue
        mask = batch.legal_mask()
        going_on = np.flatnonzero(~batch.is_over).tolist()
        if not going_on:
            continue
        actions = [-1] * len(batch)
        for game in going_on:
            actions[game] = int(rng.choice(np.flatnonzero(~mask[game])))
        error = refusal(batch, actions)
        assert error.games == tuple(going_on)
        states, selections = batch.to_states(), batch.selections()
        for game, each in zip(error.games, error.errors, strict=True):
            state, selected, action = states[game], selections[game], actions[game]
            with pytest.raises(IllegalMoveError) as caught:
                advance(mover_view(state), selected, action)
            assert (each.reason, each.move, str(each)) == (
                caught.value.reason,
                caught.value.move,
                str(caught.value),
            )
            move = whole_move(state, selected, action)
            if move is not None:
                assert engine_error(state, move).reason is each.reason
            named = set(CARD_TEXT.findall(str(each)))
            assert named <= visible_cards(state) | {str(card) for card in selected} | (
                {str(CARD_OF_ACTION[action])} if action in CARD_OF_ACTION else set()
            ), (str(each), named)


# --- policies -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("rules", EVERY_RULES.values(), ids=EVERY_RULES.keys())
def test_random_actions_are_legal_and_fallback_actions_are_the_fallback_move(
    rules: Ruleset,
) -> None:
    """Each random action is in the mask, -1 once over; each fallback action is
    `fallback_move`'s, card by card in a pass or an exchange. The accessors agree with the
    reference states."""
    capped = attrs.evolve(rules, round_cap=1)
    for played in (rules, capped):
        rng = np.random.default_rng(17)
        for batch in random_play(played, 16, 140 if played is rules else 100, seed=9):
            states, selections = batch.to_states(), batch.selections()
            over = batch.is_over
            actions = batch.random_actions(rng)
            mask = batch.legal_mask()
            assert mask.shape == (len(batch), ACTIONS)
            assert (actions[over] == -1).all()
            assert not mask[over].any()
            assert mask[~over, actions[~over]].all()
            assert batch.fallback_actions().tolist() == [
                reference_fallback(state, selected)
                for state, selected in zip(states, selections, strict=True)
            ]
            assert [PHASES[code] for code in batch.phase] == [state.phase for state in states]
            assert batch.to_move.tolist() == [
                -1 if state.to_move is None else state.to_move for state in states
            ]
            assert over.tolist() == [state.is_over for state in states]
            assert batch.rounds_played.tolist() == [len(state.rounds) for state in states]
            assert batch.round_number.tolist() == [state.round_number for state in states]
            assert batch.scores.tolist() == [list(state.scores) for state in states]
            assert batch.bags.tolist() == [list(state.bags) for state in states]
            assert batch.round_points.tolist() == [
                list(state.rounds[-1].points) if state.rounds else [0] * rules.sides
                for state in states
            ]
            assert batch.winner.tolist() == [
                -1
                if state.outcome is None or state.outcome.winner is None
                else state.outcome.winner
                for state in states
            ]
            for game, selected in enumerate(selections):
                choosing = states[game].phase in (Phase.PASSING, Phase.EXCHANGING)
                assert choosing or selected == ()
                assert set(selected) <= set(states[game].hand(states[game].to_move or 0))
        assert batch.is_over.all() or played is rules


def replicated(state: State, games: int) -> Batch:
    return Batch.from_states([state] * games)


def spread_hands() -> State:
    """Seat 1 leads the first trick with 13 cards of clubs, diamonds and hearts."""
    mine = cards("2C 5C 9C KC 3D 8D JD AD 4H 7H TH QH AH")
    rest = [card for card in DECK if card not in mine]
    hands = {1: mine, 2: rest[:13], 3: rest[13:26], 0: rest[26:]}
    return bid_all(new_game(CLASSIC, seed=0, deck=deck_for(CLASSIC, 0, hands)))


@pytest.mark.parametrize(
    ("position", "legal"),
    [
        (new_game(CLASSIC, seed=1), 14),
        (spread_hands(), 13),
        (new_game(TWO_HANDED, seed=1), 3),
        (unseen_state(), 2),
        (passing_state(), 13),
    ],
    ids=["bids", "plays", "draw", "blind", "pass"],
)
def test_random_actions_are_uniform_over_the_legal_actions(position: State, legal: int) -> None:
    """Every legal action as often as the others (chi-square), none illegal, per seed."""
    batch = replicated(position, 1000 * legal)
    mask = batch.legal_mask()[0]
    assert int(mask.sum()) == legal
    actions = batch.random_actions(np.random.default_rng(99))
    counts = np.bincount(actions, minlength=ACTIONS)
    assert counts[~mask].sum() == 0
    assert uniform(counts[mask])
    again = batch.random_actions(np.random.default_rng(99))
    np.testing.assert_array_equal(again, actions)


def test_fallback_actions_enter_the_pass_card_by_card_and_then_play_it() -> None:
    """The blind nil bidder's strongest cards, one action each, make the reference pass.

    Rule: rule-card-pass.
    """
    state = passing_state()
    batch = Batch.from_states([state])
    move = fallback_move(state)
    assert isinstance(move, Pass)
    entered = []
    while batch.phase[0] == PHASES.index(Phase.PASSING) and batch.to_move[0] == 1:
        action = int(batch.fallback_actions()[0])
        entered.append(action)
        batch = batch.step([action])
    assert entered == [card.index for card in move.cards]
    assert batch.to_states() == [apply(state, move)]
    assert batch.selections() == [()]


def test_fallback_completes_a_pass_begun_with_other_cards() -> None:
    """After a card the rule would not pass, the fallback action is the rule's first card."""
    state = passing_state()
    move = fallback_move(state)
    assert isinstance(move, Pass)
    other = next(card for card in held(state) if card not in move.cards)
    batch = Batch.from_states([state]).step([other.index])
    assert batch.selections() == [(other,)]
    assert batch.fallback_actions().tolist() == [move.cards[0].index]
    batch = batch.step(batch.fallback_actions())
    assert batch.to_states() == [apply(state, Pass((other, move.cards[0])))]


# --- playing out --------------------------------------------------------------------------


@pytest.mark.parametrize("rules", EVERY_RULES.values(), ids=EVERY_RULES.keys())
def test_play_out_a_round_ends_every_games_current_round(rules: Ruleset) -> None:
    """Each game that goes on completes one round and stands at the next deal, or ends."""
    rng = np.random.default_rng(4)
    starts = [
        batch for number, batch in enumerate(random_play(rules, 10, 80, 6)) if number in (0, 30, 80)
    ]
    for batch in starts:
        before = batch.to_states()
        after = batch.play_out(
            rng, policies=["random", "fallback", "random", "fallback"][: rules.players]
        )
        for old, new in zip(before, after.to_states(), strict=True):
            if old.is_over:
                assert new == old
                continue
            assert new.is_over or len(new.rounds) == len(old.rounds) + 1
            if not new.is_over:
                assert new.round_number == old.round_number + 1
                assert new.phase in (Phase.BIDDING, Phase.DRAWING)
                assert (new.tricks, new.trick) == ((), ())
                assert set(new.bids) == {None}
            assert new.rounds[: len(old.rounds)] == old.rounds
        assert after.play_out(rng, until="round").rounds_played.tolist() == [
            played + (not over)
            for played, over in zip(after.rounds_played, after.is_over, strict=True)
        ]


@pytest.mark.parametrize("rules", SHORT_RULES.values(), ids=SHORT_RULES.keys())
def test_play_out_the_game_by_the_fallback_rule_is_the_reference_game(rules: Ruleset) -> None:
    """The fallback policy in every seat plays the games `fallback_move` plays."""
    batch = Batch.from_seeds(rules, [3, 4, 5], dealer=rules.players - 1)
    played = batch.play_out(np.random.default_rng(0), until="game", policies="fallback")
    assert played.is_over.all()
    games = [by_fallback(state) for state in batch.to_states()]
    assert played.to_states() == games
    again = batch.play_out(
        np.random.default_rng(1), until="game", policies=["fallback"] * rules.players
    )
    assert again.to_states() == games


@pytest.mark.parametrize("rules", SHORT_RULES.values(), ids=SHORT_RULES.keys())
def test_play_out_the_game_ends_every_game_reproducibly(rules: Ruleset) -> None:
    """Every game ends; one seed plays the same games; a finished batch plays no more."""
    batch = Batch.deal_random(rules, 40, np.random.default_rng(8))
    played = batch.play_out(np.random.default_rng(3), until="game")
    assert played.is_over.all()
    assert played.to_move.tolist() == [-1] * 40
    assert not played.legal_mask().any()
    assert played.random_actions(np.random.default_rng(0)).tolist() == [-1] * 40
    assert played.fallback_actions().tolist() == [-1] * 40
    states = played.to_states()
    assert all(state.outcome is not None for state in states)
    assert batch.play_out(np.random.default_rng(3), until="game").to_states() == states
    assert played.play_out(np.random.default_rng(5), until="game").to_states() == states
    assert played.play_out(np.random.default_rng(5)).to_states() == states
    assert repr(played) == "<Batch of 40 games, 40 over>"


@pytest.mark.parametrize("until", ["round", "game"])
@pytest.mark.parametrize(
    "rules",
    [SHORT, SHORT_TWO, SHORT_RULES["solo-100"]],
    ids=["classic-100", "two-handed-100", "solo-100"],
)
def test_play_out_keeps_each_game_in_its_place_when_most_are_done(
    rules: Ruleset, until: Any
) -> None:
    """Games of many lengths (some over, some rounds ahead), 64 and more, the batch playing
    on without those done: each is the reference game of the fallback rule, in order."""
    positions = [
        state
        for number, batch in enumerate(random_play(rules, 8, 150, seed=13))
        if number % 15 == 0
        for state in batch.to_states()
    ]
    positions += [by_fallback(state) for state in positions[:4]]  # over already
    assert len(positions) >= 64
    batch = Batch.from_states(positions)
    played = batch.play_out(np.random.default_rng(0), until=until, policies="fallback")
    expected = [by_fallback(state, round_only=until == "round") for state in positions]
    assert played.to_states() == expected
    assert played.rounds_played.tolist() == [len(state.rounds) for state in expected]
    assert played.round_points.tolist() == [
        list(state.rounds[-1].points) if state.rounds else [0] * rules.sides for state in expected
    ]
    assert batch.to_states() == positions


def test_play_out_takes_a_numpy_generator() -> None:
    """As `random_actions` and `deal_random`: another generator is a TypeError that says so."""
    batch = Batch.from_seeds(CLASSIC, [1, 2])
    for rng in (random.Random(0), None, 5):
        with pytest.raises(TypeError, match="numpy Generator"):
            batch.play_out(rng)  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("rules", [SHORT, SHORT_TWO], ids=["classic-100", "two-handed-100"])
def test_a_fallback_side_beats_a_random_side_in_most_games(rules: Ruleset) -> None:
    """Random bids (any of nil to 13) fail their contracts; the fallback's bid of 1 seldom
    does: in trials the fallback side won some 96 % of these games."""
    rng = np.random.default_rng(21)
    policies = ["fallback", "random"] * (rules.players // 2)
    played = Batch.deal_random(rules, 150, rng).play_out(rng, until="game", policies=policies)
    assert played.is_over.all()
    assert (played.winner == 0).mean() > 0.8
    swapped = Batch.deal_random(rules, 150, rng).play_out(
        rng, until="game", policies=policies[::-1]
    )
    assert (swapped.winner == 1).mean() > 0.8


@pytest.mark.parametrize(
    ("until", "policies", "message"),
    [
        ("trick", "random", "until the 'round' or the 'game', not 'trick'"),
        ("Game", "random", "not 'Game'"),
        ("round", "heuristic", "policies are 'random' or 'fallback', .* not 'heuristic'"),
        ("round", ["random", "fallback"], "each of the 4 seats, not \\['random', 'fallback'\\]"),
        ("game", ["random"] * 5, "of the 4 seats"),
        ("game", ["random", "random", "fallback", "Fallback"], "not \\['random'"),
        ("game", [], "of the 4 seats"),
    ],
)
def test_play_out_refuses_an_unknown_end_or_policy(until: Any, policies: Any, message: str) -> None:
    """A bad ``until``, an unknown policy or a wrong number of them is a SpadesError."""
    batch = Batch.from_seeds(CLASSIC, [1])
    with pytest.raises(SpadesError, match=message):
        batch.play_out(np.random.default_rng(0), until=until, policies=policies)
    assert POLICIES == ("random", "fallback")
    with pytest.raises(SpadesError, match="of the 2 seats"):
        Batch.from_seeds(TWO_HANDED, [1]).play_out(
            np.random.default_rng(0), policies=["random"] * 4
        )


# --- what a batch holds -------------------------------------------------------------------


def test_round_points_are_zero_before_a_round_and_the_last_rounds_points_after() -> None:
    """The last completed round's points per side, zero before one; mixed batches too."""
    fresh = Batch.from_seeds(CLASSIC, [1, 2, 3])
    assert fresh.round_points.tolist() == [[0, 0]] * 3
    assert fresh.round_points.dtype == np.int64
    assert fresh.rounds_played.tolist() == [0] * 3
    rng = np.random.default_rng(6)
    once = fresh.play_out(rng)
    twice = once.play_out(rng)
    for batch in (once, twice):
        assert batch.round_points.tolist() == [
            list(state.rounds[-1].points) for state in batch.to_states()
        ]
    assert twice.rounds_played.tolist() == [2] * 3
    mixed = Batch.from_states([*twice.to_states(), new_game(CLASSIC, seed=4), *once.to_states()])
    assert mixed.round_points.tolist() == [
        *twice.round_points.tolist(),
        [0, 0],
        *once.round_points.tolist(),
    ]
    assert mixed.rounds_played.tolist() == [2, 2, 2, 0, 1, 1, 1]


def test_the_winner_is_the_side_ahead_and_none_for_a_draw_or_a_game_that_goes_on() -> None:
    """A round cap reached with equal scores is a draw: no winner (-1), as before the end.

    Rule: rule-round-cap.
    """
    rules = attrs.evolve(CLASSIC, round_cap=1)
    rng = np.random.default_rng(0)
    batch = Batch.deal_random(rules, 500, rng)
    assert batch.winner.tolist() == [-1] * 500
    played = batch.play_out(rng, until="game")
    scores = played.scores
    tied = scores[:, 0] == scores[:, 1]
    assert 0 < tied.sum() < 500
    assert (played.winner[tied] == -1).all()
    assert (played.winner[~tied] == np.where(scores[~tied, 0] > scores[~tied, 1], 0, 1)).all()
    for state, draw in zip(played.to_states(), tied, strict=True):
        assert state.outcome is not None
        assert state.outcome.termination is Termination.ROUND_CAP
        assert (state.outcome.winner is None) == draw


def test_nbytes_grow_in_proportion_to_the_games() -> None:
    """Twice the games, twice the bytes; seeds count 16 bytes whatever their size."""
    one = Batch.from_seeds(CLASSIC, [1] * 10)
    two = Batch.from_seeds(CLASSIC, [1] * 20)
    assert one.nbytes > 0
    assert two.nbytes == 2 * one.nbytes
    huge = Batch.from_seeds(CLASSIC, [2**127] * 10)
    assert huge.nbytes == one.nbytes
    assert Batch.from_seeds(TWO_HANDED, [1] * 10).nbytes > 0
    played = one.play_out(np.random.default_rng(0))
    assert played.nbytes > one.nbytes  # room for the completed rounds


def test_len_repr_and_state_by_index() -> None:
    """``len``, ``repr`` and `state` by index from either end."""
    states = [finished_game(), new_game(ONE_ROUND, seed=5), new_game(ONE_ROUND, seed=6)]
    batch = Batch.from_states(states)
    assert len(batch) == 3
    assert repr(batch) == "<Batch of 3 games, 1 over>"
    assert [batch.state(game) for game in range(3)] == states
    assert [batch.state(game) for game in (-3, -2, -1)] == states
    assert batch.state(np.int64(1)) == states[1]
    assert Batch.from_states(tuple(states)).to_states() == states
    assert repr(Batch.from_seeds(TWO_HANDED, [1])) == "<Batch of 1 games, 0 over>"


def test_selections_show_the_cards_chosen_in_a_pass_or_exchange_in_progress() -> None:
    """The cards chosen so far, in order; `to_states` shows the state before the move.

    Rules: rule-card-pass, rule-exchange.
    """
    rules = PASSING_RULES["pass-3"]
    state = new_game(rules, seed=3)
    state = apply(state, Bid(0, blind=True))
    while state.phase is Phase.BIDDING:
        state = apply(state, fallback_move(state))
    assert state.phase is Phase.PASSING
    exchanging = new_game(TWO_HANDED, seed=8)
    exchanging = apply(exchanging, Bid(0, blind=True))
    while exchanging.phase is not Phase.EXCHANGING:
        exchanging = apply(exchanging, fallback_move(exchanging))
    plays = new_game(CLASSIC, seed=2)
    batch = Batch.from_states([state])
    hand = held(state)
    two = Batch.from_states([exchanging])
    drawn = held(exchanging)
    first = batch.step([hand[5].index]).step([hand[0].index])
    assert first.selections() == [(hand[0], hand[5])]
    assert first.to_states() == [state]
    assert first.legal_mask()[0].sum() == 11
    done = first.step([hand[12].index])
    assert done.selections() == [()]
    assert done.to_states() == [apply(state, Pass((hand[0], hand[5], hand[12])))]
    chosen = two.step([drawn[3].index])
    assert chosen.selections() == [(drawn[3],)]
    assert chosen.to_states() == [exchanging]
    ended = chosen.step([END_EXCHANGE])
    assert ended.to_states() == [apply(exchanging, Exchange((drawn[3],)))]
    assert Batch.from_states([plays]).selections() == [()]


def test_without_numpy_the_batch_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`import spades.batch` without numpy, or with a numpy before 2.0, names the extra."""
    batch_modules = [name for name in sys.modules if name.startswith("spades.batch")]
    for name in batch_modules:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'spades\[batch\]'") as info:
        import spades.batch
    assert info.value.name == "numpy"
    monkeypatch.setitem(sys.modules, "numpy", types.SimpleNamespace(__version__="1.26.4"))
    with pytest.raises(ImportError, match=r"numpy 2.0 or newer, not 1.26.4"):
        import spades.batch  # noqa: F401


def test_import_spades_imports_no_numpy_until_the_batch_is_imported() -> None:
    """The batch engine is an optional extra: `import spades` leaves numpy out."""
    code = (
        "import sys, spades; print('numpy' in sys.modules); "
        "import spades.batch; print('numpy' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True"]


@pytest.mark.parametrize(
    ("legal", "lowest"),
    [("2D 5H 3C", "3C"), ("LJ 2D", "2D"), ("2S AS", "AS"), ("BJ 4H", "4H"), ("3D 3C", "3C")],
)
def test_the_batch_fallback_plays_the_lowest_card_as_the_joker_deck_ranks_it(
    legal: str, lowest: str
) -> None:
    """Under Joker-Joker-Deuce-Deuce the 2♦ is a spade above the 2♠ and the ace, below the
    jokers; a spade only when nothing else is legal; clubs first among equal ranks.

    Rule: rule-decks.
    """
    deck = Deck.JOKER_JOKER_DEUCE_DEUCE
    bits = np.array([sum(Card.parse(text).bit for text in legal.split())], dtype=np.uint64)
    assert lowest_cards(deck, bits).tolist() == [Card.parse(lowest).index]
