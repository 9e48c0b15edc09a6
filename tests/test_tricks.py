"""Playing the tricks: who wins a trick, what may be played, and spades broken.

The rules are the functions `winning_card`, `trick_winner`, `playable` and
`may_lead_spades`; the engine's hot path keeps inline copies of some, and the tests here
hold the copies to the functions on every step of random games under every preset. The
properties of random games against the tests' reference are in test_properties.py.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import oracle
from helpers import SOURCE_PRESETS, reference_cards
from spades import (
    CLASSIC,
    MINIOKEY,
    PRESETS,
    TWO_HANDED,
    Card,
    Phase,
    Play,
    Ruleset,
    SpadesError,
    SpadesLead,
    State,
    apply,
    cards_in,
    legal_moves,
    may_lead_spades,
    new_game,
    observe,
    play_order,
    playable,
    trick_winner,
    winning_card,
)
from spades._legal import _plays
from spades._rules import MAX_HAND, NEVER_OPEN
from spades.strategies import rulesets

if TYPE_CHECKING:
    from collections.abc import Iterator

    from spades import Move

C = Card.parse


def random_steps(rules: Ruleset, seed: int, moves: int) -> Iterator[tuple[State, Move, State]]:
    """``(before, move, after)`` for up to ``moves`` uniformly random legal moves of a game."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(moves):
        legal = legal_moves(state)
        if not legal:
            return
        move = rng.choice(legal)
        after = apply(state, move)
        yield state, move, after
        state = after


# --- the hot path's copies agree with the named rules --------------------------------------


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_fast_path_keeps_playable_and_the_trick_winner_as_the_functions_say(
    name: str, lead: SpadesLead
) -> None:
    """Rules: rule-follow-suit, rule-spades-broken, reading-spades-lead, rule-trick-winner.

    `apply` computes the cards the next seat may play, and the winner of a finished trick,
    inline; on every step of random games they equal `playable` and `trick_winner`.
    """
    rules = attrs.evolve(PRESETS[name], round_cap=3, losing_floor=None, spades_lead=lead)
    tricks = 0
    for seed in range(6):
        for before, move, after in random_steps(rules, seed, 400):
            if after.phase is Phase.PLAYING:
                assert after.to_move is not None
                hand = after.hand(after.to_move)
                allowed = playable(
                    hand,
                    after.trick,
                    spades_broken=after.spades_broken,
                    rules=rules,
                    tricks_played=len(after.tricks),
                )
                assert cards_in(after._playable) == allowed
            ended = len(after.rounds) > len(before.rounds)
            if isinstance(move, Play) and len(before.trick) == rules.players - 1 and not ended:
                assert before.trick_leader is not None
                trick = after.tricks[-1]
                assert trick.cards == (*before.trick, move.card)
                assert trick.winner == trick_winner(rules, before.trick_leader, trick.cards)
                order = play_order(rules, before.trick_leader)
                winner = trick.cards[order.index(trick.winner)]
                assert winner is winning_card(trick.cards, rules=rules)
                assert after.to_move == after.trick_leader == trick.winner
                tricks += 1
    assert tricks > 50


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_legal_moves_inline_plays_are_the_shared_generators(name: str) -> None:
    """`legal_moves` lists the plays inline; `moves_from`, for views, calls `_plays`.

    Rule: rule-play.
    """
    rules = attrs.evolve(PRESETS[name], round_cap=2, losing_floor=None)
    plays = 0
    for _, _, after in random_steps(rules, 11, 600):
        if after.phase is Phase.PLAYING:
            assert legal_moves(after) == _plays(after._playable)
            assert after.to_move is not None
            assert legal_moves(after) == observe(after, after.to_move).legal_moves()
            plays += 1
    assert plays >= 52  # two rounds of play


@given(rulesets(), st.data())
def test_every_recorded_trick_has_the_winner_of_its_cards(
    rules: Ruleset, data: st.DataObject
) -> None:
    """Rule: rule-trick-winner."""
    seed = data.draw(st.integers(0, 2**32))
    for _, _, after in random_steps(rules, seed, 120):
        for trick in after.tricks:
            assert trick.winner == trick_winner(rules, trick.leader, trick.cards)


# --- the winner of a trick ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("KH AH 2S AD", "2S"),  # the only spade
        ("KH AH 2S 3S", "3S"),  # the highest spade
        ("KH AD QH 2C", "KH"),  # the highest of the suit led
        ("2D AC AH AS", "AS"),
        ("2D", "2D"),  # a trick led so far
        ("TS 2S", "TS"),  # spades led
        ("4C 9C", "9C"),  # two players
    ],
)
def test_winning_card_is_the_highest_spade_else_the_highest_of_the_suit_led(
    cards: str, winner: str
) -> None:
    """Rule: rule-trick-winner."""
    assert winning_card([C(text) for text in cards.split()]) is C(winner)


def test_trick_winner_maps_the_winning_card_to_its_seat() -> None:
    """Rules: rule-trick-winner, rule-direction."""
    cards = [C(text) for text in ["KH", "AH", "3H", "2H"]]  # the second card wins
    assert [trick_winner(CLASSIC, leader, cards) for leader in range(4)] == [1, 2, 3, 0]
    assert [trick_winner(MINIOKEY, leader, cards) for leader in range(4)] == [3, 0, 1, 2]
    assert trick_winner(TWO_HANDED, 1, cards[:2]) == 0


@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ("AS", TypeError, "a trick is a sequence of cards"),
        (["AS"], TypeError, "a trick holds cards"),
        ([], SpadesError, "an empty trick"),
        ([C("AS"), C("AS")], SpadesError, "each card once"),
    ],
)
def test_winning_card_refuses_what_is_not_a_trick(
    cards: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        winning_card(cards)  # type: ignore[arg-type]
    with pytest.raises(error, match=message):
        trick_winner(CLASSIC, 0, cards)  # type: ignore[arg-type]


def test_trick_winner_refuses_more_cards_than_players() -> None:
    with pytest.raises(SpadesError, match="at most 2 cards"):
        trick_winner(TWO_HANDED, 0, [C("2C"), C("3C"), C("4C")])
    with pytest.raises(SpadesError, match="a seat is a number from 0 to 1"):
        trick_winner(TWO_HANDED, 2, [C("2C")])


# --- spades broken -------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_new_round_starts_with_spades_not_broken(name: str) -> None:
    """Rules: rule-spades-broken, rule-two-play."""
    rules = attrs.evolve(PRESETS[name], round_cap=4, losing_floor=None)
    starts = 0
    for _, _, after in random_steps(rules, 5, 2000):
        if after.phase in {Phase.DRAWING, Phase.BIDDING} and not any(after.bids):
            assert after.spades_broken is False
            assert after.trick == ()
            assert after.tricks == ()
            starts += after.round_number > 1
    assert starts >= 2  # later rounds, after spades were broken in the one before


# --- when spades may be led ----------------------------------------------------------------

LEADS = {lead: Ruleset(spades_lead=lead) for lead in SpadesLead}


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
@pytest.mark.parametrize("broken", [False, True])
def test_may_lead_spades_for_every_completed_trick_count(lead: SpadesLead, broken: bool) -> None:
    """Rules: rule-spades-broken, reading-spades-lead.

    Broken spades may always be led. Unbroken: never under ``BROKEN``, always under
    ``ANY_TIME``, from the second trick on (one trick completed) under
    ``AFTER_FIRST_TRICK``; the reference says the same for each of the 13 leads.
    """
    answers = [
        may_lead_spades(LEADS[lead], spades_broken=broken, tricks_played=played)
        for played in range(13)
    ]
    if broken or lead is SpadesLead.ANY_TIME:
        assert answers == [True] * 13
    elif lead is SpadesLead.BROKEN:
        assert answers == [False] * 13
    else:
        assert answers == [False] + [True] * 12
    assert answers == [
        oracle.spades_may_be_led(lead.value, broken=broken, tricks_played=played)
        for played in range(13)
    ]


def test_may_lead_spades_follows_the_sources_by_default() -> None:
    """Every preset waits for broken spades.

    Rules: rule-spades-broken, reading-spades-lead.
    """
    for rules in SOURCE_PRESETS.values():
        assert rules.spades_lead is SpadesLead.BROKEN
        assert not may_lead_spades(rules, spades_broken=False, tricks_played=12)
        assert may_lead_spades(rules, spades_broken=True, tricks_played=0)
    assert Ruleset().spades_lead is SpadesLead.BROKEN
    assert [lead.opens_after for lead in SpadesLead] == [NEVER_OPEN, 0, 1]
    assert NEVER_OPEN > MAX_HAND  # more tricks than any round has (rule-three-players)


def test_may_lead_spades_takes_numpy_integers() -> None:
    """A count of tricks is a whole number, numpy's too.

    Rule: reading-spades-lead.
    """
    after_first = LEADS[SpadesLead.AFTER_FIRST_TRICK]
    assert may_lead_spades(after_first, spades_broken=False, tricks_played=np.int64(1)) is True
    assert may_lead_spades(after_first, spades_broken=False, tricks_played=np.uint8(0)) is False


@pytest.mark.parametrize(
    ("rules", "broken", "played", "error", "message"),
    [
        ("classic", False, 0, TypeError, "may_lead_spades takes a Ruleset, not str"),
        (None, False, 0, TypeError, "may_lead_spades takes a Ruleset, not NoneType"),
        (CLASSIC, 1, 0, TypeError, "spades_broken is True or False, not 1"),
        (CLASSIC, None, 0, TypeError, "spades_broken is True or False, not None"),
        (CLASSIC, np.bool_(True), 0, TypeError, "spades_broken is True or False"),
        (CLASSIC, False, True, TypeError, "tricks_played is a whole number, not True"),
        (CLASSIC, False, np.bool_(False), TypeError, "tricks_played is a whole number"),
        (CLASSIC, False, 1.0, TypeError, "tricks_played is a whole number, not 1.0"),
        (CLASSIC, False, "1", TypeError, "tricks_played is a whole number, not '1'"),
        (CLASSIC, False, -1, SpadesError, "0 to 12, not -1"),
        (CLASSIC, False, 13, SpadesError, "0 to 12, not 13"),
        (CLASSIC, True, np.int64(13), SpadesError, "0 to 12, not 13"),
    ],
)
def test_may_lead_spades_refuses_what_is_no_question(
    rules: object, broken: object, played: object, error: type[Exception], message: str
) -> None:
    """A ruleset, a bool and a count of 0 to 12 tricks.

    Rule: reading-spades-lead.
    """
    with pytest.raises(error, match=message):
        may_lead_spades(rules, spades_broken=broken, tricks_played=played)  # type: ignore[arg-type]


HAND = [C(text) for text in ("3C", "KH", "2S", "AS")]


@pytest.mark.parametrize("lead", list(SpadesLead), ids=lambda lead: lead.value)
def test_playable_leads_a_spade_when_the_ruleset_lets_it(lead: SpadesLead) -> None:
    """Rules: rule-spades-broken, reading-spades-lead.

    `playable` asks `may_lead_spades` with its ``rules`` and ``tricks_played``; a trick
    already led is followed alike under every value, and a hand of spades leads one.
    """
    rules = LEADS[lead]
    for played in range(13):
        for broken in (False, True):
            found = playable(HAND, [], spades_broken=broken, rules=rules, tricks_played=played)
            lead_spade = may_lead_spades(rules, spades_broken=broken, tricks_played=played)
            assert found == (tuple(HAND) if lead_spade else tuple(HAND[:2]))
            expected = oracle.playable(
                reference_cards(HAND),
                [],
                broken=broken,
                lead=lead.value,
                tricks_played=played,
            )
            assert reference_cards(found) == expected
            followed = playable(
                HAND, [C("5H")], spades_broken=broken, rules=rules, tricks_played=played
            )
            assert followed == (C("KH"),)
            only = playable(HAND[2:], [], spades_broken=broken, rules=rules, tricks_played=played)
            assert only == tuple(HAND[2:])


def test_playable_defaults_to_the_sources_rule_at_the_first_trick() -> None:
    """Without ``rules``, CLASSIC at the round's first lead.

    Rule: rule-spades-broken.
    """
    assert playable(HAND, [], spades_broken=False) == playable(
        HAND, [], spades_broken=False, rules=CLASSIC, tricks_played=0
    )
    assert playable(HAND, [], spades_broken=False, tricks_played=12) == tuple(HAND[:2])


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        ({"rules": "classic"}, TypeError, "may_lead_spades takes a Ruleset"),
        ({"tricks_played": 13}, SpadesError, "0 to 12"),
        ({"tricks_played": 1.5}, TypeError, "tricks_played is a whole number"),
        ({"spades_broken": "no"}, TypeError, "spades_broken is True or False"),
    ],
)
def test_playable_checks_its_lead_arguments(
    changes: dict[str, object], error: type[Exception], message: str
) -> None:
    """`playable` checks what it hands `may_lead_spades`.

    Rule: reading-spades-lead.
    """
    arguments: dict[str, object] = {"spades_broken": False, **changes}
    with pytest.raises(error, match=message):
        playable(HAND, [C("5H")], **arguments)  # type: ignore[arg-type]
