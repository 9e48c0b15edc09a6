"""The search bot plays to win the game, not the round: positions where the two disagree.

`search_policy` judges each play-out by its side's chance of winning the game from the score
the round leaves (`win_chance`), not by the round's points. Each main position here has a
clear right answer that the round's points get wrong, and the last test checks that: the
same search judging by the round's points alone plays each of them the other way. Each comes
with a control, the same cards under other scores or bags, in which the search plays the
other card, as it should: it reads the score and the bags.

Every position is one deal (`endgame`) played to the twelfth trick, which seat 0, last to
play, must answer with one of her two cards: the 2S, which trumps it, or the 2D, a discard
that leaves it to seat 1. The cards she cannot see are placed by what the play has shown, so
every deal the search samples plays out alike: each choice has one result, which the tests
check by playing it out. The decision is checked at the default budget with seeds 0 to 4.
Target 500 (CLASSIC); the scores and bags the game has reached are set as the round begins.

Not here: bidding just what ends the game is `test_search.py`'s
``test_search_bids_what_ends_the_game_when_one_more_contract_does``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

from helpers import NIL, C, cards, deck_for
from spades import (
    CLASSIC,
    Bid,
    Outcome,
    Phase,
    Play,
    State,
    Termination,
    apply,
    deal,
    legal_moves,
    new_game,
    observe,
    sample_state,
)
from spades._state import evolve_state
from spades.bots import _search, search_policy

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from spades import Move

SEEDS = range(5)
TRUMP = Play(C("2S"))
"""Seat 0 takes the twelfth trick: our side takes one trick more, theirs one fewer."""
DISCARD = Play(C("2D"))
"""Seat 0 lets seat 1's 5H take the twelfth trick."""
THEY_WIN = Outcome(winner=1, termination=Termination.TARGET)
WE_WIN = Outcome(winner=0, termination=Termination.TARGET)


# --- the deal -----------------------------------------------------------------------------------


def uniform(suit: str, ranks: str, winner: int) -> dict[int, str]:
    """A trick of four cards of ``suit``, one of each of ``ranks``; ``winner`` holds the top one."""
    others = [seat for seat in range(4) if seat != winner]
    trick = {seat: rank + suit for seat, rank in zip(others, ranks[:3], strict=True)}
    return {**trick, winner: ranks[3] + suit}


def endgame_tricks(winners: Sequence[int]) -> list[dict[int, str]]:
    """The first eleven tricks (cards by seat), won by ``winners`` in turn.

    1-2. Clubs 7C-TC, then JC-AC, everyone following.
    3.   4C 5C 6C from seats 0, 2 and 3 (the 6C wins, seat 0's or 2's); seat 1, out of
         clubs, discards the 6H.
    4.   Seat 0's 2C and seat 2's 3C; seats 1 and 3, out of clubs, trump with the 4S and
         5S: spades are broken, the 5S wins.
    5-6. Spades 6S-9S, then TS-KS.
    7-8. Diamonds 7D-TD, then JD-AD.
    9.   4D 5D 6D from seats 0, 1 and 2; seat 3, out of diamonds, trumps with the AS.
    10-11. Hearts 7H-TH, then JH-AH, which seat 1 holds.
    """
    assert len(winners) == 11
    assert winners[1] in {0, 2, 3}  # leads clubs to trick 3, which seat 1 cannot follow
    assert winners[2] in {0, 2}  # leads the 2C or 3C to trick 4
    assert winners[3] in {1, 3}
    assert winners[7] in {0, 1, 2}  # leads diamonds to trick 9, which seat 3 cannot follow
    assert (winners[8], winners[10]) == (3, 1)
    losers = [seat for seat in (0, 2, 3) if seat != winners[2]]
    low_clubs = dict(zip(losers, ["4C", "5C"], strict=True))
    return [
        uniform("C", "789T", winners[0]),
        uniform("C", "JQKA", winners[1]),
        {**low_clubs, winners[2]: "6C", 1: "6H"},
        {0: "2C", 2: "3C", winners[3]: "5S", 4 - winners[3]: "4S"},
        uniform("S", "6789", winners[4]),
        uniform("S", "TJQK", winners[5]),
        uniform("D", "789T", winners[6]),
        uniform("D", "JQKA", winners[7]),
        {0: "4D", 1: "5D", 2: "6D", 3: "AS"},
        uniform("H", "789T", winners[9]),
        uniform("H", "JQKA", 1),
    ]


LAST_TWO = {0: "2S 2D", 1: "5H 4H", 2: "3D 3S", 3: "2H 3H"}
"""The cards of the last two tricks, by seat; the first of each (but seat 0's) goes to trick 12."""
PARTNER_TAKES = (2, 2, 2, 3, 2, 2, 2, 2, 3, 2, 1)
"""Seat 2 takes eight of the first eleven tricks; seat 0 none, seat 1 one, seat 3 two."""
SPLIT = (3, 2, 2, 3, 1, 0, 2, 0, 3, 3, 1)
"""Tricks 1-11 by seat: 2, 2, 3, 4; our side five, theirs six."""


def scored(scores: tuple[int, int], bags: tuple[int, int]) -> State:
    """A CLASSIC game (target 500) come to a round with these totals and bag counters."""
    return evolve_state(new_game(CLASSIC, seed=0), scores=scores, bags=bags)


def endgame(before: State, winners: Sequence[int], bids: Mapping[int, Bid]) -> State:
    """``before``'s round dealt, bid ``bids`` (by seat) and played to seat 0's card to trick 12.

    Tricks 1-11 are `endgame_tricks` of ``winners``. Trick 12: seat 1 leads the 5H, seat 2,
    out of hearts, discards the 3D, seat 3 plays the 2H; seat 0 holds the 2S and the 2D.
    The cards she cannot see are the 4H, the 3H and the 3S, and seat 2, out of hearts, holds
    the 3S: whether seat 0 trumps (and leads the 2D) or discards (and keeps the 2S), seat
    2's 3S takes trick 13. Her card decides trick 12 alone.
    """
    tricks = endgame_tricks(winners)
    hands = {
        seat: cards(" ".join([trick[seat] for trick in tricks] + [LAST_TWO[seat]]))
        for seat in range(4)
    }
    state = deal(before, deck_for(before.rules, before.dealer, hands))
    while state.phase is Phase.BIDDING:
        assert state.to_move is not None
        state = apply(state, bids[state.to_move])
    for trick in tricks:
        for _ in range(4):
            assert state.to_move is not None
            state = apply(state, Play(C(trick[state.to_move])))
    for card in ("5H", "3D", "2H"):
        state = apply(state, Play(C(card)))
    assert state.to_move == 0
    assert set(legal_moves(state)) == {TRUMP, DISCARD}
    return state


def finish(state: State, move: Move) -> State:
    """``move``, then the round played out: after trick 12 every move is forced."""
    state = apply(state, move)
    while state.phase is Phase.PLAYING:
        (only,) = legal_moves(state)
        state = apply(state, only)
    return state


def searched(state: State) -> set[Move]:
    """The search's moves at the default budget, one for each of `SEEDS`."""
    view = observe(state, 0)
    return {search_policy(seed=seed)(view) for seed in SEEDS}


# --- setting a side about to win ----------------------------------------------------------------

# Both sides' bids: ours 1 + 7 (made: seat 2 has taken eight tricks), theirs 2 + 2 (three taken).
CONTRACTS = {0: Bid(1), 2: Bid(7), 1: Bid(2), 3: Bid(2)}


def set_position(ours: int, theirs: int) -> State:
    """We have ``ours`` points and 8 bags, they ``theirs``; contracts 8 (made) and 4 (3 taken)."""
    state = endgame(scored((ours, theirs), (8, 0)), PARTNER_TAKES, CONTRACTS)
    assert state.tricks_taken == (0, 1, 8, 2)
    return state


def test_takes_a_bag_to_set_a_side_about_to_win() -> None:
    """They have 460 of 500 and a contract of 4 with three tricks: the twelfth makes it, and
    wins them the game. We have 300 and 8 bags, and have made our 8. Trumping sets them
    (420), and its trick is our second overtrick, our tenth bag (-100: 282); discarding
    lets them make it: 500 to our 381, game over.

    The round's points say discard: the bag costs us 99 and their set wins back 80 (22
    against 41). The game says trump: it is the only way not to lose now.

    Rule: rule-target.
    """
    state = set_position(300, 460)
    assert finish(state, DISCARD).outcome == THEY_WIN
    trumped = finish(state, TRUMP)
    assert not trumped.is_over
    assert (trumped.scores, trumped.bags) == ((282, 420), (0, 0))
    assert searched(state) == {TRUMP}


def test_ducks_the_bag_when_the_round_already_wins_the_game() -> None:
    """The control: the same cards, but we have 490. Discarding lets them make their 4 (500),
    but we make 571 and win. Trumping sets them, and the bag penalty takes us back to 472:
    the game goes on.

    Rule: rule-target.
    """
    state = set_position(490, 460)
    assert finish(state, DISCARD).outcome == WE_WIN
    trumped = finish(state, TRUMP)
    assert not trumped.is_over
    assert trumped.scores == (472, 420)
    assert searched(state) == {DISCARD}


# --- a nil that cannot change the result ---------------------------------------------------------

# Seat 0 bid nil and has taken no trick; seat 2 bid 8 and has taken eight; they bid 2 + 2.
NIL_BIDS = {0: NIL, 2: Bid(8), 1: Bid(2), 3: Bid(2)}


def nil_position(theirs: int) -> State:
    """Seat 0's nil is whole; we have 300, they ``theirs`` and a contract of 4 with three."""
    state = endgame(scored((300, theirs), (0, 0)), PARTNER_TAKES, NIL_BIDS)
    assert state.tricks_taken == (0, 1, 8, 2)
    return state


def test_does_not_play_for_a_nil_that_cannot_change_the_result() -> None:
    """They have 460 of 500 and a contract of 4 with three tricks; seat 0 bid nil and has
    taken no trick. Discarding keeps her nil (+100) and our side's 8 (+81: 481), but lets
    them make their 4: 500, and they win. Whether her nil is made cannot change that.
    Trumping breaks the nil (-100, and +82: 282) and sets them (420): the game goes on.

    The round's points say keep the nil (141 against 22). The game says give it up.

    Rules: rule-nil-scoring, rule-target.
    """
    state = nil_position(460)
    kept = finish(state, DISCARD)
    assert kept.outcome == THEY_WIN
    assert kept.scores == (481, 500)
    broken = finish(state, TRUMP)
    assert not broken.is_over
    assert broken.scores == (282, 420)
    assert searched(state) == {TRUMP}


def test_does_not_play_for_a_nil_that_cannot_change_the_result_when_little_hope_is_left() -> None:
    """The main position with 8 bags of ours: breaking the nil now also makes our tenth bag,
    so it leaves us 182 to their 420, little hope, but some; keeping it loses at once, as
    before (481 to 500). A slim chance beats none: seat 0 trumps.

    Rules: rule-nil-scoring, rule-bag-limit, rule-target.
    """
    state = endgame(scored((300, 460), (8, 0)), PARTNER_TAKES, NIL_BIDS)
    assert finish(state, DISCARD).outcome == THEY_WIN
    broken = finish(state, TRUMP)
    assert not broken.is_over
    assert (broken.scores, broken.bags) == ((182, 420), (0, 0))
    assert searched(state) == {TRUMP}


def test_keeps_its_nil_when_setting_them_does_not_decide_the_game() -> None:
    """The control: the same cards, but they have 100. Setting their 4 is worth 80 points,
    keeping the nil 199 (its 200, less the trick's point); neither ends the game. Seat 0
    keeps her nil.

    Rule: rule-nil-scoring.
    """
    state = nil_position(100)
    kept, broken = finish(state, DISCARD), finish(state, TRUMP)
    assert not kept.is_over
    assert not broken.is_over
    assert (kept.scores, broken.scores) == ((481, 140), (282, 60))
    assert searched(state) == {DISCARD}


# --- dumping a bag on a side at nine bags --------------------------------------------------------

# Ours 3 + 4 (five taken: the twelfth trick makes it), theirs 3 + 3 (six taken: made).
DUMP_BIDS = {0: Bid(3), 2: Bid(4), 1: Bid(3), 3: Bid(3)}


def dump_position(theirs: int, their_bags: int) -> State:
    """We have 350 and a contract of 7 with five tricks; they ``theirs``, ``their_bags`` bags
    and a contract of 6, made exactly."""
    state = endgame(scored((350, theirs), (0, their_bags)), SPLIT, DUMP_BIDS)
    assert state.tricks_taken == (2, 2, 3, 4)
    return state


def test_dumps_a_bag_on_opponents_at_nine_bags() -> None:
    """They have 450 of 500, 9 bags, and their contract of 6 made exactly; we have 350 and a
    contract of 7 with five tricks. Trumping makes our 7 (420), but they score their 6:
    510, and win. Discarding gives them the trick: their tenth bag costs them 100 (411),
    and our contract is set (280), but the game goes on.

    The round's points say trump: our contract is worth 140, their penalty 99 (10
    against -31). The game says dump the bag on them.

    Rules: rule-bag-limit, rule-target.
    """
    state = dump_position(450, 9)
    assert finish(state, TRUMP).outcome == THEY_WIN
    dumped = finish(state, DISCARD)
    assert not dumped.is_over
    assert (dumped.scores, dumped.bags) == ((280, 411), (0, 0))
    assert searched(state) == {DISCARD}


def test_makes_its_contract_when_the_opponents_have_no_bags_to_lose() -> None:
    """The control at no bags: the same cards and scores, but their bag counter is 0. They
    win whatever seat 0 plays: trumping, with 510; discarding, with 511, an overtrick
    that costs them nothing. Nothing is left but the points, and our contract is worth
    140: she trumps.

    Under the same scores no control at 0 bags can make trumping win more than points:
    with the trick theirs at 0 bags they have one point more than with it ours, so if
    ours they reach the target (as the main position needs), theirs they reach it too.

    Rules: rule-bag-limit, rule-target.
    """
    state = dump_position(450, 0)
    assert finish(state, TRUMP).outcome == THEY_WIN
    dumped = finish(state, DISCARD)
    assert dumped.outcome == THEY_WIN
    assert dumped.scores == (280, 511)
    assert searched(state) == {TRUMP}


def test_makes_its_contract_when_the_tenth_bag_does_not_decide_the_game() -> None:
    """The control far from the target: they have 150 and 9 bags. Trumping makes our 7
    (420) and leaves them at 210 with their 9 bags; discarding sets us (280) and costs them
    100 with their tenth bag (111), clearing their counter. Neither ends the game, and our
    contract is worth more than their penalty, a penalty their 9 bags already owe: she
    trumps.

    Rule: rule-bag-limit.
    """
    state = dump_position(150, 9)
    trumped, dumped = finish(state, TRUMP), finish(state, DISCARD)
    assert not trumped.is_over
    assert not dumped.is_over
    assert (trumped.scores, trumped.bags) == ((420, 210), (0, 9))
    assert (dumped.scores, dumped.bags) == ((280, 111), (0, 0))
    assert searched(state) == {TRUMP}


# --- every deal the search samples, and the round's points alone ---------------------------------


def round_points(end: State, side: int, start: State) -> float:
    """A judge of the round's points alone: what ``side`` gained less what the other did."""
    ours = end.scores[side] - start.scores[side]
    return float(ours - (end.scores[1 - side] - start.scores[1 - side]))


MAIN_POSITIONS: dict[str, tuple[Callable[[], State], Move]] = {
    "set a side about to win": (lambda: set_position(300, 460), TRUMP),
    "a nil that cannot change the result": (lambda: nil_position(460), TRUMP),
    "a bag on a side at nine bags": (lambda: dump_position(450, 9), DISCARD),
}
"""Each main position and the search's move in it."""
CONTROLS: dict[str, Callable[[], State]] = {
    "the round already wins the game": lambda: set_position(490, 460),
    "setting them does not decide the game": lambda: nil_position(100),
    "no bags to lose": lambda: dump_position(450, 0),
    "the tenth bag does not decide the game": lambda: dump_position(150, 9),
}


@pytest.mark.parametrize("name", sorted(MAIN_POSITIONS) + sorted(CONTROLS))
def test_every_deal_the_search_samples_plays_out_alike(name: str) -> None:
    """Seat 0's view places every card that matters: whatever deal is sampled from it, each
    of her cards ends the round with the same scores as in the real deal."""
    state = MAIN_POSITIONS[name][0]() if name in MAIN_POSITIONS else CONTROLS[name]()
    view = observe(state, 0)
    rng = random.Random(0)
    ends = {move: finish(state, move) for move in (TRUMP, DISCARD)}
    for _ in range(20):
        sampled = sample_state(view, rng=rng)
        for move, end in ends.items():
            again = finish(sampled, move)
            assert (again.scores, again.bags, again.outcome) == (end.scores, end.bags, end.outcome)


@pytest.mark.parametrize("name", sorted(MAIN_POSITIONS))
def test_round_points_alone_would_play_each_position_the_other_way(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same search judging each play-out by the round's points, not by the chance of
    winning the game, plays the other card in every main position here."""
    build, right = MAIN_POSITIONS[name]
    state = build()
    monkeypatch.setattr(_search, "_judge", round_points)
    (wrong,) = {move for move in legal_moves(state) if move != right}
    assert searched(state) == {wrong}
