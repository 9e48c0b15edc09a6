"""Duels in duplicate (`spades.bots.duel`): the pairs, the figures, the interval, the CLI.

The games are short (to 100 points) so that the file runs in seconds; the aggregation and
the table are checked on hand-made games (a stand-in for the worker's `duel_game`).
"""

from __future__ import annotations

import io
import math
import re
import statistics
from collections import Counter
from types import MappingProxyType
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import spades.bots
from spades import CLASSIC, TWO_HANDED, SpadesError, new_game
from spades import _cli as cli
from spades._cli import games, text
from spades.bots import (
    ROUND_LIMIT,
    DuelResult,
    PolicyStats,
    duel,
    fallback_move,
    game_seed,
    heuristic_policy,
    play_game,
    random_policy,
    wilson_interval,
)
from spades.bots import _duel as duels
from spades.bots import _registry as registry

if TYPE_CHECKING:
    from collections.abc import Callable

    from spades import Card, Move, Ruleset, State, View
    from spades.bots import BotMaker, Policy

SHORT = attrs.evolve(CLASSIC, target=100)
SHORT_TWO = attrs.evolve(TWO_HANDED, target=100)
CAPPED = attrs.evolve(SHORT, round_cap=6)
CAPPED_TWO = attrs.evolve(SHORT_TWO, round_cap=6)
LABELS = [
    "win rate, 95% CI",
    "wins, losses, draws",
    "points per round",
    "contracts, made",
    "contracts, made exactly",
    "their contracts, set",
    "nil bids, made",
    "blind nil bids, made",
    "blind bids, made",
    "bags per round",
    "bag penalties, points",
    "moves",
    "ms per move, mean",
    "ms per move, median",
]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def row(label: str, a: str, b: str) -> str:
    """A row of the table: the label in 24 columns, each bot's figure right in 22."""
    return f"  {label:<24}{a:>22}{b:>22}"


def untimed(out: str) -> str:
    """The output without the lines of times per move, the only ones that vary."""
    return "\n".join(line for line in out.splitlines() if "ms per move" not in line)


def untimed_stats(stats: PolicyStats) -> PolicyStats:
    return attrs.evolve(stats, mean_ms=0.0, median_ms=0.0)


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


# --- the duplicate structure --------------------------------------------------------------


def test_each_deal_is_played_twice_and_each_bot_gets_the_other_s_cards() -> None:
    # A maker gets the seed game_seed(game's seed, seat): from it, the game and the seat.
    seeds = [game_seed(7, deal) for deal in range(3)]
    seats = {game_seed(seed, seat): (seed, seat) for seed in seeds for seat in range(4)}
    hands: dict[tuple[str, int, int, int], tuple[Card, ...]] = {}
    made: Counter[tuple[str, int, int]] = Counter()

    def recording(name: str, make: Callable[[int], Policy]) -> BotMaker:
        def maker(seed: int) -> Policy:
            game, seat = seats[seed]
            made[name, game, seat] += 1
            policy = make(seed)

            def move(view: View) -> Move:  # the hand of each round, as the seat first sees it
                assert view.seat == seat
                if view.hand is not None:
                    hands.setdefault((name, game, seat, view.round_number), view.hand)
                return policy(view)

            return move

        maker.__name__ = name
        return maker

    left = recording("left", lambda seed: heuristic_policy())
    right = recording("right", random_policy)
    result = duel(left, right, SHORT, deals=3, seed=7)
    assert (result.deals, result.games) == (3, 6)
    assert (result.first.name, result.second.name) == ("left", "right")
    # Each seed makes one game with left on side 0 and one with left on side 1.
    assert made == {
        (name, seed, seat): 1 for name in ("left", "right") for seed in seeds for seat in range(4)
    }
    compared = 0
    for seed in seeds:
        dealt = new_game(SHORT, seed=seed).hands
        for seat in range(4):
            assert hands["left", seed, seat, 1] == hands["right", seed, seat, 1] == dealt[seat]
        reached = {key[3] for key in hands if key[1] == seed}
        for number in reached:  # a later round is dealt alike too, in both games that reach it
            for seat in range(4):
                mine = hands.get(("left", seed, seat, number))
                theirs = hands.get(("right", seed, seat, number))
                if mine is not None and theirs is not None:
                    assert mine == theirs
                    compared += 1
    assert compared > 12  # more than the first rounds
    assert result.first.points != result.second.points


def test_the_games_of_a_pair_are_the_games_of_the_deal_s_seed_sides_swapped() -> None:
    seed = game_seed(4, 0)
    first = duels.duel_game((SHORT_TWO, seed, ("heuristic", "random"), None))
    second = duels.duel_game((SHORT_TWO, seed, ("random", "heuristic"), None))
    for result, policies in (
        (first, [heuristic_policy(), random_policy(game_seed(seed, 1))]),
        (second, [random_policy(game_seed(seed, 0)), heuristic_policy()]),
    ):
        moves: list[int] = []

        def count(before: State, move: Move, after: State, moves: list[int] = moves) -> None:
            assert before.to_move is not None
            moves.append(before.to_move)

        state = play_game(SHORT_TWO, policies, seed=seed, on_move=count)
        seats = Counter(moves)
        assert state.outcome is not None
        assert (result.winner, result.stopped) == (state.outcome.winner, False)
        assert (result.rounds, result.scores) == (len(state.rounds), state.scores)
        assert result.counts == (duels.side_counts(state, 0), duels.side_counts(state, 1))
        assert [len(times) for times in result.times] == [seats[0], seats[1]]  # a time a move
    assert first[:4] != second[:4]


def test_a_game_s_counts_of_nils_contracts_exact_contracts_bags_and_penalties() -> None:
    state = play_game(SHORT, [heuristic_policy(), random_policy(3)] * 2, seed=5)
    for side in (0, 1):
        counts = dict(zip(duels.COUNTERS, duels.side_counts(state, side), strict=True))
        details = [score.sides[side] for score in state.rounds]
        bids = [
            bid
            for score in state.rounds
            for seat, bid in enumerate(score.bids)
            if seat % 2 == side and bid.n == 0
        ]
        assert counts["contracts"] == sum(detail.contract > 0 for detail in details)
        assert counts["contracts made"] == sum(d.made for d in details if d.contract)
        exact = sum(d.contract > 0 and d.tricks == d.contract for d in details)
        assert counts["contracts exact"] == exact
        assert counts["nil bids"] + counts["blind nil bids"] == len(bids)
        assert counts["bags"] == sum(d.overtricks + d.nil_bags for d in details)
        assert counts["penalty points"] == sum(d.bag_penalty for d in details)
        assert counts["bag penalties"] * CLASSIC.bag_penalty == counts["penalty points"]


def test_a_number_bid_blind_counts_as_a_blind_bid_made_with_its_side_s_contract() -> None:
    """Seat 1 bids blind 7 every round, the others look and bid as the fallback does: side
    1 counts a blind bid a round, made when its contract is; side 0 none.

    Rule: rule-blind-bids.
    """
    rules = spades.Ruleset(blind_bid_minimum=6, blind_bid_deficit=None, round_cap=4)

    def bidder(view: View) -> Move:
        if view.hand is None:
            return spades.Bid(7, blind=True) if view.seat == 1 else spades.Look()
        return fallback_move(view)

    state = play_game(rules, [bidder] * 4, seed=6)
    made = [score.sides[1].made for score in state.rounds]
    assert len(made) == 4
    assert 0 < sum(made) < 4  # both kinds of round
    theirs, ours = (
        dict(zip(duels.COUNTERS, duels.side_counts(state, side), strict=True)) for side in (0, 1)
    )
    assert (ours["blind bids"], ours["blind bids made"]) == (4, sum(made))
    assert (ours["contracts"], ours["contracts made"]) == (4, sum(made))
    assert ours["blind nil bids"] == ours["nil bids"] == 0
    assert (theirs["blind bids"], theirs["blind bids made"]) == (0, 0)


def test_a_zero_contract_counts_as_a_contract_not_a_nil() -> None:
    """Under a zero contract every round is a contract of the side's bids, zero too.

    The same rounds under nil count their zeros as nils, and a side of two nils as no
    contract.

    Rule: reading-zero-bid.
    """
    zero = spades.Ruleset(nil=False, zero_contract=True, round_cap=3)
    bids = [spades.Bid(0), spades.Bid(2), spades.Bid(0), spades.Bid(3)]
    for rules, nils, contracts in ((zero, 0, 3), (attrs.evolve(CLASSIC, round_cap=3), 6, 0)):
        state = new_game(rules, seed=4)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            bidding = state.phase is spades.Phase.BIDDING
            state = spades.apply(state, bids[seat] if bidding else spades.legal_moves(state)[0])
        counts = dict(zip(duels.COUNTERS, duels.side_counts(state, 0), strict=True))
        assert (counts["nil bids"], counts["contracts"]) == (nils, contracts)
        made = sum(score.sides[0].made for score in state.rounds)
        assert counts["contracts made"] == (made if contracts else 0)
        tricks = sum(score.tricks[0] + score.tricks[2] for score in state.rounds)
        assert counts["bags"] == tricks  # a contract of zero, or two nils: every trick a bag


@pytest.mark.parametrize("rules", [CAPPED, CAPPED_TWO], ids=["classic", "two-handed"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_a_bot_against_itself_scores_exactly_a_half_in_every_pair(bot: str, rules: Ruleset) -> None:
    # The second game of a pair is the first move for move (the same deterministic or
    # seat-seeded policies in every seat), with the sides' names swapped.
    seed = game_seed(2, 1)
    task = (rules, seed, (bot, bot), None)
    assert duels.duel_game(task)[:5] == duels.duel_game(task)[:5]
    result = duel(bot, bot, rules, deals=4, seed=2)
    assert result.pair_scores == (0.5,) * 4
    assert result.win_rate == 0.5
    assert result.interval == wilson_interval([0.5] * 4)
    assert untimed_stats(result.first) == attrs.evolve(
        untimed_stats(result.second), low=result.first.low, high=result.first.high
    )
    assert result.first.wins == result.first.losses
    assert result.limit is None  # the round cap ends every game


def test_heuristic_beats_random_with_confidence() -> None:
    result = duel("heuristic", "random", SHORT, deals=6, seed=1)
    a, b = result.first, result.second
    assert result.interval[0] > 0.5
    assert b.high < 0.5
    assert a.win_rate + b.win_rate == 1
    assert (a.low, a.high) == pytest.approx((1 - b.high, 1 - b.low))
    assert a.win_rate == (a.wins + (result.games - a.wins - a.losses) / 2) / result.games
    assert (a.wins, a.losses, a.draws) == (b.losses, b.wins, b.draws)
    assert a.contracts_made > b.contracts_made
    assert a.sets == b.contracts - b.contracts_made
    assert a.contracts == b.their_contracts
    assert 0 <= a.contracts_exact <= a.contracts_made <= a.contracts
    assert a.points > b.points
    assert result.limit == ROUND_LIMIT == 200


def test_the_seed_defaults_to_0_and_the_round_limit_is_a_keyword() -> None:
    result = duel("fallback", "random", SHORT, deals=1, max_rounds=1)
    assert result.seed == 0
    assert (result.limit, result.stopped, result.rounds) == (1, 2, 2)
    assert result.pair_scores == (0.5,)  # stopped games score a half each
    assert (result.first.wins, result.first.losses, result.first.draws) == (0, 0, 0)


def test_a_maker_is_a_bot_and_on_workers_it_must_pickle() -> None:
    # random_policy is a maker (seed -> policy) that pickles: the random bot, by another name.
    here = duel(random_policy, "random", SHORT, deals=2, seed=3)
    there = duel(random_policy, "random", SHORT, deals=2, seed=3, workers=2)
    assert here.first.name == "random_policy"
    assert here.pair_scores == there.pair_scores == (0.5, 0.5)
    assert untimed_stats(here.first) == untimed_stats(there.first)
    with pytest.raises(SpadesError, match=r"the maker <lambda> cannot be sent to worker proc"):
        duel(lambda seed: heuristic_policy(), "random", SHORT, deals=1, workers=2)


def test_a_maker_without_a_name_is_named_by_its_repr() -> None:
    class Maker:
        def __call__(self, seed: int) -> Policy:
            return random_policy(seed)

        def __repr__(self) -> str:
            return "Maker()"

    result = duel(Maker(), "fallback", CAPPED, deals=1)
    assert result.first.name == "Maker()"


def test_bad_bots_and_counts_are_spades_errors() -> None:
    known = "known: heuristic, search, random, fallback"
    with pytest.raises(SpadesError, match=f"^'human' is not a bot; {known}$"):
        duel("heuristic", "human", SHORT, deals=1)
    names = "heuristic, search, random, fallback"
    with pytest.raises(SpadesError, match=f"^3 is not a bot: a name \\({names}\\) or a maker$"):
        duel(3, "random", SHORT, deals=1)  # type: ignore[arg-type]
    message = "a duel needs a deal, a worker and a round at least, not "
    with pytest.raises(SpadesError, match=f"{message}0, 1 and 200"):
        duel("heuristic", "random", SHORT, deals=0)
    with pytest.raises(SpadesError, match=f"{message}1, 0 and 200"):
        duel("heuristic", "random", SHORT, deals=1, workers=0)
    with pytest.raises(SpadesError, match=f"{message}1, 1 and 0"):
        duel("heuristic", "random", SHORT, deals=1, max_rounds=0)


def test_seat_policies_give_each_side_its_bot_seeded_by_game_and_seat() -> None:
    made: list[tuple[str, int]] = []

    def named(name: str) -> BotMaker:
        def maker(seed: int) -> Policy:
            made.append((name, seed))
            return random_policy(seed)

        return maker

    for rules in (CLASSIC, TWO_HANDED):
        made.clear()
        policies = spades.bots.seat_policies(rules, 9, (named("a"), named("b")))
        assert len(policies) == rules.players
        assert made == [
            ("ab"[spades.side_of(rules, seat)], game_seed(9, seat)) for seat in range(rules.players)
        ]


# --- the interval -------------------------------------------------------------------------


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval, solved as the quadratic it is (a second derivation)."""
    p = successes / n
    # |p - q| = z * sqrt(q (1 - q) / n)  <=>  (1 + z²/n) q² - (2p + z²/n) q + p² = 0
    a, b, c = 1 + z * z / n, -(2 * p + z * z / n), p * p
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


def test_the_interval_of_50_pairs_all_won_is_not_a_point() -> None:
    """The issue's report: 50 of 50 pairs won printed 100.0% [100.0, 100.0].

    docs/bots.md, bots-duel-interval: Wilson's interval is [n / (n + 1.96²), 1] there.
    """
    low, high = wilson_interval([1.0] * 50)
    assert high == 1.0
    assert low == pytest.approx(50 / (50 + 1.96**2))
    assert 0.92 < low < 0.93
    assert wilson_interval([0.0] * 50) == pytest.approx((0.0, 1 - low))
    for n in range(1, 1001):  # the ends exactly, not within a rounding
        assert wilson_interval([1.0] * n)[1] == 1.0
        assert wilson_interval([0.0] * n)[0] == 0.0


def test_the_interval_is_wilson_s_score_interval_of_the_mean() -> None:
    """docs/bots.md, bots-duel-interval: the p within 1.96 standard errors of the mean."""
    for scores in ([0.0, 0.25, 0.5, 1.0], [1, 0.5, 1, 1], [0.75] * 3, [0.5] * 100, [1.0]):
        low, high = wilson_interval(scores)
        assert (low, high) == pytest.approx(wilson(sum(scores), len(scores)))
    assert wilson_interval([0.5, 0.5, 0.5, 0.5]) == pytest.approx((0.1500, 0.8500), abs=1e-4)
    assert wilson_interval([1.0], z=1.0) == pytest.approx((0.5, 1.0))
    assert wilson_interval([]) == (0.0, 1.0)  # no pair says nothing


@given(st.lists(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]), min_size=1, max_size=300))
def test_the_interval_holds_the_mean_is_never_a_point_and_mirrors(scores: list[float]) -> None:
    low, high = wilson_interval(scores)
    mean = statistics.fmean(scores)
    assert 0 <= low <= mean + 1e-12
    assert mean - 1e-12 <= high <= 1
    assert high - low > 0.001  # never a point, whatever the scores
    mirrored = wilson_interval([1 - score for score in scores])
    assert mirrored == pytest.approx((1 - high, 1 - low))


# --- aggregation and the table, on hand-made games ----------------------------------------


def counts(**values: int) -> tuple[int, ...]:
    return tuple(values.get(name.replace(" ", "_"), 0) for name in duels.COUNTERS)


MADE_UP = [
    # pair 0: A (side 0) wins, then A (side 1) draws
    duels.DuelGame(
        0,
        False,
        4,
        (300, 100),
        (
            counts(
                nil_bids=2, nils_made=1, contracts=4, contracts_made=3, contracts_exact=2, bags=6
            ),
            counts(
                blind_nil_bids=1,
                blind_bids=2,
                blind_bids_made=1,
                contracts=5,
                contracts_made=2,
                contracts_exact=1,
                bags=1,
            ),
        ),
        ((0.001, 0.003), (0.002,)),
    ),
    duels.DuelGame(
        None,
        False,
        2,
        (150, 150),
        (counts(contracts=2), counts(contracts=2, contracts_exact=1, blind_bids=1)),
        ((0.004,), (0.005,)),
    ),
    # pair 1: A (side 0) loses, then A (side 1) is stopped without a winner
    duels.DuelGame(
        1,
        False,
        3,
        (-40, 110),
        (
            counts(contracts=3, bag_penalties=1, penalty_points=-100),
            counts(contracts=3, contracts_made=3, contracts_exact=3),
        ),
        ((0.006,), (0.007, 0.009)),
    ),
    duels.DuelGame(None, True, 1, (20, -10), (counts(), counts(contracts=1)), ((0.008,), (0.010,))),
]


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Ruleset, int, tuple[object, ...]]]:
    """The worker's `duel_game` replaced: it plays `MADE_UP` in turn (the tasks it got)."""
    tasks: list[tuple[Ruleset, int, tuple[object, ...]]] = []

    def fake(task: duels.Task) -> duels.DuelGame:
        tasks.append(task[:3])
        return MADE_UP[(len(tasks) - 1) % len(MADE_UP)]

    monkeypatch.setattr(duels, "duel_game", fake)
    return tasks


def test_the_figures_add_up_each_bot_s_own_sides(
    made_up: list[tuple[Ruleset, int, tuple[object, ...]]],
) -> None:
    seen: list[tuple[int, ...]] = []
    result = duel(
        "heuristic", "random", CLASSIC, deals=2, seed=5, progress=lambda *n: seen.append(n)
    )
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    s0, s1 = game_seed(5, 0), game_seed(5, 1)
    assert made_up == [
        (CLASSIC, s0, ("heuristic", "random")),
        (CLASSIC, s0, ("random", "heuristic")),
        (CLASSIC, s1, ("heuristic", "random")),
        (CLASSIC, s1, ("random", "heuristic")),
    ]
    assert result.pair_scores == (0.75, 0.25)
    assert (result.rounds, result.stopped, result.limit, result.seed) == (10, 1, 200, 5)
    low, high = wilson_interval([0.75, 0.25])
    assert result.interval == (low, high)
    a = result.first  # side 0 in games 0 and 2, side 1 in games 1 and 3
    assert untimed_stats(a) == PolicyStats(
        name="heuristic",
        win_rate=0.5,
        low=low,
        high=high,
        wins=1,
        losses=1,
        draws=1,
        points=300 + 150 - 40 - 10,
        contracts=4 + 2 + 3 + 1,
        contracts_made=3,
        contracts_exact=2 + 1 + 0 + 0,
        their_contracts=5 + 2 + 3 + 0,
        sets=5 - 2 + 2 + 3 - 3,
        nil_bids=2,
        nils_made=1,
        blind_nil_bids=0,
        blind_nils_made=0,
        blind_bids=1,
        blind_bids_made=0,
        bags=6,
        bag_penalties=1,
        penalty_points=-100,
        moves=5,
        mean_ms=0.0,
        median_ms=0.0,
    )
    assert a.mean_ms == pytest.approx(5.0)  # of 1, 3, 5, 6 and 10 ms
    assert a.median_ms == pytest.approx(5.0)
    b = result.second
    assert (b.name, b.win_rate) == ("random", 0.5)
    assert (b.low, b.high) == pytest.approx((1 - high, 1 - low))
    assert (b.wins, b.losses, b.draws, b.points) == (1, 1, 1, 100 + 150 + 110 + 20)
    assert (b.contracts, b.contracts_made, b.contracts_exact) == (10, 5, 1 + 0 + 3 + 0)
    assert (b.their_contracts, b.sets) == (10, 7)
    assert (b.blind_nil_bids, b.bags, b.moves) == (1, 1, 5)
    assert (b.blind_bids, b.blind_bids_made) == (2, 1)
    assert b.mean_ms == pytest.approx(6.0)  # of 2, 4, 7, 9 and 8 ms
    assert b.median_ms == pytest.approx(7.0)
    assert isinstance(result, DuelResult)


def test_the_table_of_made_up_games(
    made_up: list[tuple[Ruleset, int, tuple[object, ...]]], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["duel", "heuristic", "random", "--games", "2", "--seed", "5"], capsys)
    assert code == 0
    assert err == ""  # no progress line but on a terminal
    expected = [
        "Spades duel: heuristic (A) against random (B), 2 deals, rules classic, seed 5.",
        "Each deal is played twice (4 games): A as side 0 (seats 0+2), then as side 1 (seats 1+3).",
        "Four players: seats 0 and 2 (side 0) against seats 1 and 3 (side 1); play runs clockwise.",
        "Game to 500 points.",
        "                                    A: heuristic             B: random",
        row("win rate, 95% CI", "50.0% [9.5, 90.5]", "50.0% [9.5, 90.5]"),
        row("wins, losses, draws", "1, 1, 1", "1, 1, 1"),
        row("points per round", "+40.00", "+38.00"),
        row("contracts, made", "10, 3 (30.0%)", "10, 5 (50.0%)"),
        row("contracts, made exactly", "10, 3 (30.0%)", "10, 4 (40.0%)"),
        row("their contracts, set", "10, 5 (50.0%)", "10, 7 (70.0%)"),
        row("nil bids, made", "2, 1 (50.0%)", "0"),
        row("blind nil bids, made", "0", "1, 0 (0.0%)"),
        row("blind bids, made", "1, 0 (0.0%)", "2, 1 (50.0%)"),
        row("bags per round", "0.60", "0.10"),
        row("bag penalties, points", "1, -100", "0, 0"),
        row("moves", "5", "5"),
        row("ms per move, mean", "5.000", "6.000"),
        row("ms per move, median", "5.000", "7.000"),
        "  pairs: 2, scoring for A 1: 0, 0.75: 1, 0.5: 0, 0.25: 1, 0: 0",
        "  rounds: 10, 2.5 a game",
        "  stopped: no winner after 200 rounds in 1 game, each scored a half",
    ]
    assert out.splitlines() == expected


def test_one_deal_is_a_deal(
    made_up: list[tuple[Ruleset, int, tuple[object, ...]]], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["duel", "heuristic", "random", "--games", "1"], capsys)
    assert code == 0
    assert out.startswith("Spades duel: heuristic (A) against random (B), 1 deal, rules classic")
    assert "(2 games)" in out


def test_the_progress_line_is_on_a_terminal_only_about_a_hundred_times_with_the_time_left(
    made_up: list[tuple[Ruleset, int, tuple[object, ...]]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    code, out, _ = run(["duel", "random", "fallback", "--games", "150"], capsys)
    assert code == 0
    updates = terminal.getvalue().split("\r")[1:]
    assert len(updates) == 102  # every third game of 300, and the first two
    assert re.fullmatch(r"duel: 1/300 games, [\w ]+ left *", updates[0])
    assert updates[1].startswith("duel: 2/300 games, ")
    assert re.fullmatch(r"duel: 300/300 games in [\w ]+ *\n", updates[-1])
    assert "  pairs: 150, scoring for A 1: 0, 0.75: 75, 0.5: 0, 0.25: 75, 0: 0" in out


# --- the command line ---------------------------------------------------------------------


def test_the_figures_are_the_same_whatever_the_worker_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["duel", "heuristic", "random", "--games", "3", "--target", "100", "--seed", "4"]
    code, one, err = run([*argv, "--workers", "1"], capsys)
    assert (code, err) == (0, "")
    code, two, err = run([*argv, "--workers", "2"], capsys)
    assert (code, err) == (0, "")
    assert untimed(one) == untimed(two)
    assert one != untimed(one)
    lines = one.splitlines()
    assert lines[:4] == [
        "Spades duel: heuristic (A) against random (B), 3 deals, rules classic, seed 4.",
        "Each deal is played twice (6 games): A as side 0 (seats 0+2), then as side 1 (seats 1+3).",
        "Four players: seats 0 and 2 (side 0) against seats 1 and 3 (side 1); play runs clockwise.",
        "Game to 100 points.",
    ]
    assert max(map(len, lines)) <= text.WIDTH
    assert lines[4].split() == ["A:", "heuristic", "B:", "random"]
    assert [line[2:26].rstrip() for line in lines[5:19]] == LABELS
    assert re.fullmatch(
        r"  pairs: 3, scoring for A 1: \d, 0.75: \d, 0.5: \d, 0.25: \d, 0: \d", lines[19]
    )
    assert re.fullmatch(r"  rounds: \d+, \d+\.\d a game", lines[20])
    assert len(lines) == 21  # no game stopped
    rate = re.fullmatch(
        r"  win rate, 95% CI +(\S+)% \[(\S+), (\S+)\] +(\S+)% \[(\S+), (\S+)\]", lines[5]
    )
    assert rate is not None
    a, a_low, a_high, b, b_low, b_high = map(float, rate.groups())
    assert a_low <= a <= a_high
    assert (a + b, a_low + b_high, a_high + b_low) == pytest.approx((100, 100, 100), abs=0.11)
    assert a_low < a_high  # never a point, even at 100%
    for line in lines[16:18]:  # the times: two numbers of milliseconds, plausible ones
        times = [float(value) for value in line[26:].split()]
        assert len(times) == 2
        assert all(0 <= ms < 1000 for ms in times)


def test_two_players_and_games_stopped_at_the_round_limit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(games, "ROUND_LIMIT", 1)
    code, out, _ = run(["duel", "fallback", "random", "--games", "2", "--rules", "2p"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "Each deal is played twice (4 games): A as seat 0, then as seat 1."
    assert lines[4].split() == ["A:", "fallback", "B:", "random"]
    low, high = (f"{100 * end:.1f}" for end in wilson_interval([0.5, 0.5]))
    assert row("win rate, 95% CI", f"50.0% [{low}, {high}]", f"50.0% [{low}, {high}]") in lines
    assert row("wins, losses, draws", "0, 0, 0", "0, 0, 0") in lines
    assert lines[-1] == "  stopped: no winner after 1 round in 4 games, each scored a half"
    assert lines[-2] == "  rounds: 4, 1.0 a game"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["duel", "heuristic", "--games", "2"], "the following arguments are required: B"),
        (["duel", "heuristic", "random"], "the following arguments are required: --games"),
        (["duel", "heuristic", "smart", "--games", "2"], "argument B: invalid choice: 'smart'"),
        (["duel", "human", "random", "--games", "2"], "argument A: invalid choice: 'human'"),
        (["duel", "random", "random", "--games", "0"], "argument --games: '0' is not a number of"),
        (["duel", "random", "random", "--games", "1", "--workers", "0"], "--workers: '0' is"),
        (["duel", "random", "random", "--games", "1", "--seed", "-1"], "'-1' is not a seed"),
        (["duel", "random", "random", "--games", "1", "--rules", "x"], "'x' is not a ruleset"),
    ],
)
def test_argument_errors_exit_with_the_usage_and_code_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: spades duel")
    assert message in " ".join(err.split())


def test_help_names_the_bots_and_the_interval_and_fits_100_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    with pytest.raises(SystemExit) as exit_:
        cli.main(["duel", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert 80 < max(map(len, out.splitlines())) <= text.WIDTH
    said = " ".join(out.split())
    assert "a bot: heuristic, search, random, fallback" in said
    assert "95% confidence interval is over the deals" in said
    assert "Wilson's score interval, which stays honest at 0% and 100%" in said
    assert f"stops after {games.ROUND_LIMIT} rounds" in said
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "duel" in capsys.readouterr().out


def test_a_bot_added_to_the_registry_is_one_the_command_line_takes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The command line and the duel read the one registry, spades.bots.BOTS.
    names = MappingProxyType({**registry.BOTS, "cautious": lambda seed: heuristic_policy()})
    monkeypatch.setattr(registry, "BOTS", names)
    monkeypatch.setattr(spades.bots, "BOTS", names)
    code, out, _ = run(["duel", "cautious", "heuristic", "--games", "1", "--rules", "2p"], capsys)
    assert code == 0
    assert "A: cautious" in out
    assert "  pairs: 1, scoring for A 1: 0, 0.75: 0, 0.5: 1, 0.25: 0, 0: 0" in out


def test_side_counts_takes_a_state_and_a_side() -> None:
    """side_counts refuses what is no state, and a side other than 0 or 1."""
    state = spades.new_game(CLASSIC, seed=1)
    assert duels.side_counts(state, 1) == (0,) * len(duels.COUNTERS)  # no round played yet
    with pytest.raises(TypeError, match="side_counts takes a State, not View"):
        duels.side_counts(spades.observe(state, 0), 0)  # type: ignore[arg-type]
    with pytest.raises(spades.SpadesError, match="a side is a number from 0 to 1, not 2"):
        duels.side_counts(state, 2)


# --- solo: four players each on her own, two a bot ----------------------------------------

SOLO_SHORT = attrs.evolve(SHORT, solo=True)
SOLO_ONE_ROUND = attrs.evolve(CLASSIC, solo=True, round_cap=1)
SOLO_TEXT = "classic;solo:true"


def test_a_solo_duel_seats_the_first_bot_at_seats_0_and_2_then_at_1_and_3() -> None:
    """Each deal is played twice: the first bot at the even seats, then at the odd ones.

    Each seat is a player on her own; each seat's cards are played by both bots, one in
    each game.

    Rule: rule-solo.
    """
    seeds = [game_seed(3, deal) for deal in range(2)]
    seats = {game_seed(seed, seat): (seed, seat) for seed in seeds for seat in range(4)}
    made: list[tuple[str, int, int]] = []
    hands: dict[tuple[str, int, int], tuple[Card, ...]] = {}

    def recording(name: str, make: Callable[[int], Policy]) -> BotMaker:
        def maker(seed: int) -> Policy:
            game, seat = seats[seed]
            made.append((name, game, seat))
            policy = make(seed)

            def move(view: View) -> Move:
                assert view.seat == seat
                if view.hand is not None and view.round_number == 1:
                    hands.setdefault((name, game, seat), view.hand)
                return policy(view)

            return move

        maker.__name__ = name
        return maker

    left = recording("left", lambda seed: heuristic_policy())
    right = recording("right", random_policy)
    result = duel(left, right, SOLO_SHORT, deals=2, seed=3)
    assert (result.deals, result.games) == (2, 4)
    first, second = ("left", "right", "left", "right"), ("right", "left", "right", "left")
    assert made == [
        (name, seed, seat)
        for seed in seeds
        for names in (first, second)
        for seat, name in enumerate(names)
    ]
    for seed in seeds:
        dealt = new_game(SOLO_SHORT, seed=seed).hands
        for seat in range(4):
            assert hands["left", seed, seat] == hands["right", seed, seat] == dealt[seat]


def test_a_solo_game_s_figures_are_each_bot_s_two_players_added_up() -> None:
    """A worker's solo game: the winner is the bot whose player won, and each bot's
    scores, counts and times are its two seats' together.

    Rule: rule-solo.
    """
    winners: set[int] = set()
    for number in range(4):
        seed = game_seed(8, number // 2)
        bots = ("heuristic", "random")[:: 1 if number % 2 == 0 else -1]
        result = duels.duel_game((SOLO_SHORT, seed, (bots[0], bots[1]), None))
        moves: list[int] = []

        def count(before: State, move: Move, after: State, moves: list[int] = moves) -> None:
            assert before.to_move is not None
            moves.append(before.to_move)

        policies = spades.bots.seat_policies(SOLO_SHORT, seed, (bots[0], bots[1]))
        state = play_game(SOLO_SHORT, policies, seed=seed, on_move=count)
        assert state.outcome is not None
        assert state.outcome.winner is not None
        winners.add(state.outcome.winner)
        even = state.outcome.winner in (0, 2)
        assert (result.winner, result.stopped) == (0 if even else 1, False)
        scores = state.scores
        assert result.scores == (scores[0] + scores[2], scores[1] + scores[3])
        for bot, (one, other) in enumerate(((0, 2), (1, 3))):
            mine, partner = duels.side_counts(state, one), duels.side_counts(state, other)
            assert result.counts[bot] == tuple(a + b for a, b in zip(mine, partner, strict=True))
        seat_moves = Counter(moves)
        assert [len(times) for times in result.times] == [
            seat_moves[0] + seat_moves[2],
            seat_moves[1] + seat_moves[3],
        ]
    assert winners & {2, 3}  # a side above 1 won, and was counted as its bot's


def test_a_solo_game_is_won_by_a_player_not_by_her_bot_s_two_totals() -> None:
    """Deal 0 of this duel, one round: in the first game a random player has the highest
    total, though the fallback's two players have more together (1 against -106); in the
    second, two players share the highest (a draw, a half).

    Rule: rule-solo.
    """
    result = duel("fallback", "random", SOLO_ONE_ROUND, deals=1, seed=11)
    assert result.pair_scores == (0.25,)  # lost, then drawn
    a, b = result.first, result.second
    assert (a.wins, a.losses, a.draws) == (0, 1, 1)
    assert (b.wins, b.losses, b.draws) == (1, 0, 1)
    assert (a.points, b.points) == (1 + 26, -106 - 240)  # each game's two players together


def test_a_solo_draw_is_a_draw_even_between_two_players_of_one_bot() -> None:
    """A shared highest total at the round cap draws the game (rule-round-cap), even when
    both players are the same bot's: the duel scores it a half, not a win.

    Rule: rule-solo.
    """
    state = play_game(
        SOLO_ONE_ROUND,
        spades.bots.seat_policies(SOLO_ONE_ROUND, 14, ("fallback", "random")),
        seed=14,
    )
    assert state.outcome is not None
    assert state.outcome.winner is None
    best = max(state.scores)
    assert [seat for seat in range(4) if state.scores[seat] == best] == [0, 2]  # both fallback
    game = duels.duel_game((SOLO_ONE_ROUND, 14, ("fallback", "random"), None))
    assert (game.winner, game.stopped) == (None, False)
    both = duel("fallback", "random", SOLO_ONE_ROUND, deals=1, seed=1)  # both games drawn
    assert both.pair_scores == (0.5,)
    assert (both.first.wins, both.first.losses, both.first.draws) == (0, 0, 2)
    assert (both.second.wins, both.second.losses, both.second.draws) == (0, 0, 2)


def test_a_bot_against_itself_under_solo_scores_exactly_a_half_in_every_pair() -> None:
    """The second game of a pair is the first, the bots' names swapped: whichever player
    wins, she is one bot's in one game and the other's in the other.

    Rule: rule-solo.
    """
    rules = attrs.evolve(SOLO_SHORT, round_cap=6)
    result = duel("heuristic", "heuristic", rules, deals=3, seed=2)
    assert result.pair_scores == (0.5,) * 3
    assert result.first.wins == result.first.losses == result.second.wins > 0
    assert untimed_stats(result.first) == attrs.evolve(
        untimed_stats(result.second), low=result.first.low, high=result.first.high
    )


def test_the_heuristic_bot_beats_random_under_solo() -> None:
    """Rule: rule-solo."""
    result = duel("heuristic", "random", SOLO_SHORT, deals=4, seed=1)
    a, b = result.first, result.second
    assert result.interval[0] > 0.5
    assert (a.wins, a.losses, a.draws) == (b.losses, b.wins, b.draws)
    assert (a.contracts, b.contracts) == (b.their_contracts, a.their_contracts)
    assert a.sets == b.contracts - b.contracts_made  # the other bot's two players' sets
    assert a.points > b.points


def test_side_counts_under_solo_count_a_seat() -> None:
    """Under solo a side is a seat: four of them, each counting its own player's bids.

    Rule: rule-solo.
    """
    state = play_game(SOLO_SHORT, [fallback_move] * 4, seed=3, max_rounds=6)
    for side in range(4):
        counts = dict(zip(duels.COUNTERS, duels.side_counts(state, side), strict=True))
        bids = [score.bids[side] for score in state.rounds]
        assert counts["contracts"] == sum(bid.n > 0 for bid in bids)
        assert counts["nil bids"] == sum(bid.n == 0 for bid in bids)
    with pytest.raises(spades.SpadesError, match="a side is a number from 0 to 3, not 4"):
        duels.side_counts(state, 4)


def test_the_table_of_a_solo_duel(capsys: pytest.CaptureFixture[str]) -> None:
    """Rule: rule-solo."""
    argv = ["duel", "heuristic", "random", "--games", "2", "--target", "100", "--seed", "3"]
    code, out, err = run([*argv, "--rules", SOLO_TEXT], capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:4] == [
        "Spades duel: heuristic (A) against random (B), 2 deals, rules classic;solo:true, seed 3.",
        "Each deal is played twice (4 games): A at seats 0 and 2, then at seats 1 and 3.",
        "Four players, each on her own: seats 0, 1, 2 and 3; play runs clockwise.",
        "Game to 100 points.",
    ]
    assert max(map(len, lines)) <= text.WIDTH
    assert lines[4].split() == ["A:", "heuristic", "B:", "random"]
    assert [line[2:26].rstrip() for line in lines[5:19]] == LABELS
    result = duel("heuristic", "random", SOLO_SHORT, deals=2, seed=3)
    a, b = result.first, result.second
    assert (
        row("wins, losses, draws", *(f"{s.wins}, {s.losses}, {s.draws}" for s in (a, b))) in lines
    )
    assert a.wins + a.losses + a.draws == 4
