"""``spades duel``: pairs of games on the same deals, the sides swapped; the figures, the CLI.

The games are short (to 100 points) so that the file runs in seconds; the aggregation and
the table are checked on hand-made games (a stand-in for `duel.duel_game`).
"""

from __future__ import annotations

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

from spades import CLASSIC, TWO_HANDED, SpadesError, new_game
from spades import _cli as cli
from spades._cli import bots, duel, games, text
from spades._cli.simulate import COUNTERS, GameResult, game_seed, side_counts
from spades.bots import heuristic_policy, play_game, random_policy

if TYPE_CHECKING:
    from collections.abc import Callable

    from spades import Card, Move, Ruleset, State, View
    from spades.bots import Policy

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


# --- the duplicate structure --------------------------------------------------------------


def test_each_deal_is_played_twice_and_each_bot_gets_the_other_s_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands: dict[tuple[str, int, int, int], tuple[Card, ...]] = {}
    made: Counter[tuple[str, int, int]] = Counter()

    def recording(name: str, make: Callable[[int], Policy]) -> bots.BotFactory:
        def factory(seed: int, seat: int) -> Policy:
            made[name, seed, seat] += 1
            policy = make(seat)

            def move(view: View) -> Move:  # the hand of each round, as the seat first sees it
                if view.hand is not None:
                    hands.setdefault((name, seed, seat, view.round_number), view.hand)
                return policy(view)

            return move

        return factory

    recorders = {
        "left": recording("left", lambda seat: heuristic_policy()),
        "right": recording("right", random_policy),
    }
    monkeypatch.setattr(bots, "BOTS", MappingProxyType({**bots.BOTS, **recorders}))
    result = duel.duel(SHORT, "left", "right", pairs=3, seed=7)
    seeds = [game_seed(7, pair) for pair in range(3)]
    assert result.pairs == 3
    assert result.games == 6
    # Each seed makes one game with left on side 0 and one with left on side 1.
    assert made == {
        (name, seed, seat): 1 for name in recorders for seed in seeds for seat in range(4)
    }
    compared = 0
    for seed in seeds:
        dealt = new_game(SHORT, seed=seed).hands
        for seat in range(4):
            assert hands["left", seed, seat, 1] == hands["right", seed, seat, 1] == dealt[seat]
        reached = {key[3] for key in hands if key[1] == seed}
        for number in reached:  # a later round is dealt alike too, in both games that reach it
            for seat in range(4):
                left = hands.get(("left", seed, seat, number))
                right = hands.get(("right", seed, seat, number))
                if left is not None and right is not None:
                    assert left == right
                    compared += 1
    assert compared > 12  # more than the first rounds
    assert result.a.points != result.b.points


def test_the_games_of_a_pair_are_the_games_of_the_deal_s_seed_sides_swapped() -> None:
    seed = game_seed(4, 0)
    first = duel.duel_game((SHORT_TWO, seed, ("heuristic", "random"), None))
    second = duel.duel_game((SHORT_TWO, seed, ("random", "heuristic"), None))
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
        assert result.result == GameResult(
            winner=state.outcome.winner if state.outcome else None,
            ending=state.outcome.termination.value if state.outcome else "stopped",
            rounds=len(state.rounds),
            scores=state.scores,
            counts=(side_counts(state, 0), side_counts(state, 1)),
        )
        exact = [
            sum(
                score.sides[side].tricks == score.sides[side].contract > 0 for score in state.rounds
            )
            for side in (0, 1)
        ]
        assert result.exact == (exact[0], exact[1])
        assert [len(times) for times in result.times] == [seats[0], seats[1]]  # a time a move
    assert first.result != second.result


@pytest.mark.parametrize("rules", [CAPPED, CAPPED_TWO], ids=["classic", "two-handed"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_a_bot_against_itself_scores_exactly_a_half_in_every_pair(bot: str, rules: Ruleset) -> None:
    # The second game of a pair is the first move for move (the same deterministic or
    # seat-seeded policies in every seat), with the sides' names swapped.
    seed = game_seed(2, 1)
    task = (rules, seed, (bot, bot), games.round_limit(rules))
    first, second = duel.duel_game(task), duel.duel_game(task)
    assert (first.result, first.exact) == (second.result, second.exact)
    result = duel.duel(rules, bot, bot, pairs=4, seed=2)
    assert result.pair_scores == (0.5,) * 4
    assert (result.a.win_rate, result.a.low, result.a.high) == (0.5, 0.5, 0.5)
    untimed_a = attrs.evolve(result.a, mean_ms=0.0, median_ms=0.0)
    assert untimed_a == attrs.evolve(result.b, mean_ms=0.0, median_ms=0.0)
    assert result.a.wins == result.a.losses


def test_heuristic_beats_random_with_confidence() -> None:
    result = duel.duel(SHORT, "heuristic", "random", pairs=6, seed=1)
    a, b = result.a, result.b
    assert a.low > 0.5
    assert b.high < 0.5
    assert a.win_rate + b.win_rate == 1
    assert (a.low, a.high) == (1 - b.high, 1 - b.low)
    assert a.win_rate == (a.wins + (result.games - a.wins - a.losses) / 2) / result.games
    assert (a.wins, a.losses, a.draws) == (b.losses, b.wins, b.draws)
    assert a.contracts_made > b.contracts_made
    assert a.sets == b.their_contracts - b.contracts_made
    assert a.contracts == b.their_contracts
    assert 0 <= a.contracts_exact <= a.contracts_made <= a.contracts
    assert a.points > b.points
    assert result.limit == games.ROUND_LIMIT


def test_bad_names_and_counts_are_spades_errors() -> None:
    known = "known: heuristic, search, random, fallback"
    with pytest.raises(SpadesError, match=f"'human' is not a bot; {known}"):
        duel.duel(SHORT, "heuristic", "human", pairs=1, seed=1)
    with pytest.raises(SpadesError, match="a duel needs a pair and a worker at least, not 0"):
        duel.duel(SHORT, "heuristic", "random", pairs=0, seed=1)
    with pytest.raises(SpadesError, match="not 1 and 0"):
        duel.duel(SHORT, "heuristic", "random", pairs=1, seed=1, workers=0)


# --- the confidence interval --------------------------------------------------------------


def test_the_interval_is_the_mean_give_or_take_1_96_standard_errors_clipped() -> None:
    scores = [0.0, 0.25, 0.5, 1.0]
    mean = 1.75 / 4
    sd = math.sqrt(((0 - mean) ** 2 + (0.25 - mean) ** 2 + (0.5 - mean) ** 2 + (1 - mean) ** 2) / 3)
    low, high = duel.interval(scores)
    assert low == pytest.approx(mean - 1.96 * sd / 2)
    assert high == pytest.approx(mean + 1.96 * sd / 2)
    assert duel.interval([1, 0.5, 1, 1]) == pytest.approx((0.875 - 0.245, 1.0))  # clipped
    assert duel.interval([0, 0, 0.5]) == pytest.approx((0.0, 1 / 6 + 1.96 * math.sqrt(1 / 12 / 3)))
    assert duel.interval([0.75, 0.75]) == (0.75, 0.75)
    assert duel.interval([0.25]) == (0.0, 1.0)  # one pair: no spread to speak of
    assert duel.Z95 == 1.96


@given(st.lists(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]), min_size=2))
def test_the_interval_holds_the_mean_within_0_and_1(scores: list[float]) -> None:
    low, high = duel.interval(scores)
    mean = statistics.fmean(scores)
    assert 0 <= low <= high <= 1
    assert low <= mean + 1e-12
    assert mean - 1e-12 <= high


# --- aggregation and the table, on hand-made games ----------------------------------------


def counts(**values: int) -> tuple[int, ...]:
    return tuple(values.get(name.replace(" ", "_"), 0) for name in COUNTERS)


MADE_UP = [
    # pair 0: A (side 0) wins, then A (side 1) draws
    duel.DuelGame(
        GameResult(
            0,
            "target",
            4,
            (300, 100),
            (
                counts(nil_bids=2, nils_made=1, contracts=4, contracts_made=3, bags=6),
                counts(blind_nil_bids=1, contracts=5, contracts_made=2, bags=1),
            ),
        ),
        (2, 1),
        ((0.001, 0.003), (0.002,)),
    ),
    duel.DuelGame(
        GameResult(None, "round_cap", 2, (150, 150), (counts(contracts=2), counts(contracts=2))),
        (0, 1),
        ((0.004,), (0.005,)),
    ),
    # pair 1: A (side 0) loses, then A (side 1) is stopped without a winner
    duel.DuelGame(
        GameResult(
            1,
            "target",
            3,
            (-40, 110),
            (
                counts(contracts=3, bag_penalties=1, penalty_points=-100),
                counts(contracts=3, contracts_made=3, blind_nils_made=0),
            ),
        ),
        (0, 3),
        ((0.006,), (0.007, 0.009)),
    ),
    duel.DuelGame(
        GameResult(None, "stopped", 1, (20, -10), (counts(), counts(contracts=1))),
        (0, 0),
        ((0.008,), (0.010,)),
    ),
]


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Ruleset, int, tuple[str, str]]]:
    """`duel.duel_game` replaced: it plays `MADE_UP` in turn (the tasks it got, in order)."""
    tasks: list[tuple[Ruleset, int, tuple[str, str]]] = []

    def fake(task: tuple[Ruleset, int, tuple[str, str], int | None]) -> duel.DuelGame:
        tasks.append(task[:3])
        return MADE_UP[(len(tasks) - 1) % len(MADE_UP)]

    monkeypatch.setattr(duel, "duel_game", fake)
    return tasks


def test_the_figures_add_up_each_bot_s_own_sides(
    made_up: list[tuple[Ruleset, int, tuple[str, str]]],
) -> None:
    seen: list[tuple[int, ...]] = []
    result = duel.duel(
        CLASSIC, "heuristic", "random", pairs=2, seed=5, progress=lambda *n: seen.append(n)
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
    low, high = duel.interval([0.75, 0.25])
    assert high - low == pytest.approx(2 * 1.96 * 0.5 / math.sqrt(2) / math.sqrt(2))
    a = result.a  # side 0 in games 0 and 2, side 1 in games 1 and 3
    assert attrs.evolve(a, mean_ms=0.0, median_ms=0.0) == duel.PolicyStats(
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
        bags=6,
        bag_penalties=1,
        penalty_points=-100,
        moves=5,
        mean_ms=0.0,
        median_ms=0.0,
    )
    assert a.mean_ms == pytest.approx(5.0)  # of 1, 3, 5, 6 and 10 ms
    assert a.median_ms == pytest.approx(5.0)
    b = result.b
    assert (b.name, b.win_rate, b.low, b.high) == ("random", 0.5, 1 - high, 1 - low)
    assert (b.wins, b.losses, b.draws, b.points) == (1, 1, 1, 100 + 150 + 110 + 20)
    assert (b.contracts, b.contracts_made, b.contracts_exact) == (10, 5, 1 + 0 + 3 + 0)
    assert (b.their_contracts, b.sets) == (10, 7)
    assert (b.blind_nil_bids, b.bags, b.moves) == (1, 1, 5)
    assert b.mean_ms == pytest.approx(6.0)  # of 2, 4, 7, 9 and 8 ms
    assert b.median_ms == pytest.approx(7.0)


def test_the_table_of_made_up_games(
    made_up: list[tuple[Ruleset, int, tuple[str, str]]], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["duel", "heuristic", "random", "--games", "2", "--seed", "5"], capsys)
    assert code == 0
    assert err == "\rduel: 1/4 games\rduel: 2/4 games\rduel: 3/4 games\rduel: 4/4 games\n"
    expected = [
        "Spades duel: heuristic (A) against random (B), 2 deals, rules classic, seed 5.",
        "Each deal is played twice (4 games): A as side 0 (seats 0+2), then as side 1 (seats 1+3).",
        "Four players: seats 0 and 2 (side 0) against seats 1 and 3 (side 1); play runs clockwise.",
        "Game to 500 points.",
        "                                    A: heuristic             B: random",
        row("win rate, 95% CI", "50.0% [1.0, 99.0]", "50.0% [1.0, 99.0]"),
        row("wins, losses, draws", "1, 1, 1", "1, 1, 1"),
        row("points per round", "+40.00", "+38.00"),
        row("contracts, made", "10, 3 (30.0%)", "10, 5 (50.0%)"),
        row("contracts, made exactly", "10, 3 (30.0%)", "10, 4 (40.0%)"),
        row("their contracts, set", "10, 5 (50.0%)", "10, 7 (70.0%)"),
        row("nil bids, made", "2, 1 (50.0%)", "0"),
        row("blind nil bids, made", "0", "1, 0 (0.0%)"),
        row("bags per round", "0.60", "0.10"),
        row("bag penalties, points", "1, -100", "0, 0"),
        row("moves", "5", "5"),
        row("ms per move, mean", "5.000", "6.000"),
        row("ms per move, median", "5.000", "7.000"),
        "  pairs: 2, scoring for A 1: 0, 0.75: 1, 0.5: 0, 0.25: 1, 0: 0",
        "  rounds: 10, 2.5 a game",
        "  stopped: no winner after 200 rounds in 1 games, each scored a half",
    ]
    assert out.splitlines() == expected


def test_the_progress_line_is_updated_about_a_hundred_times(
    made_up: list[tuple[Ruleset, int, tuple[str, str]]], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["duel", "random", "fallback", "--games", "150"], capsys)
    assert code == 0
    updates = err.split("\r")[1:]
    assert len(updates) == 102  # every third game of 300, and the first two
    assert updates[:3] == ["duel: 1/300 games", "duel: 2/300 games", "duel: 3/300 games"]
    assert updates[-1] == "duel: 300/300 games\n"
    assert "  pairs: 150, scoring for A 1: 0, 0.75: 75, 0.5: 0, 0.25: 75, 0: 0" in out


# --- the command line ---------------------------------------------------------------------


def test_the_figures_are_the_same_whatever_the_worker_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["duel", "heuristic", "random", "--games", "3", "--target", "100", "--seed", "4"]
    code, one, err = run([*argv, "--workers", "1"], capsys)
    assert code == 0
    assert err.endswith("\rduel: 6/6 games\n")
    code, two, err = run([*argv, "--workers", "2"], capsys)
    assert code == 0
    assert err.endswith("duel: 6/6 games\n")
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
    assert [line[2:26].rstrip() for line in lines[5:18]] == LABELS
    assert re.fullmatch(
        r"  pairs: 3, scoring for A 1: \d, 0.75: \d, 0.5: \d, 0.25: \d, 0: \d", lines[18]
    )
    assert re.fullmatch(r"  rounds: \d+, \d+\.\d a game", lines[19])
    assert len(lines) == 20  # no game stopped
    rate = re.fullmatch(
        r"  win rate, 95% CI +(\S+)% \[(\S+), (\S+)\] +(\S+)% \[(\S+), (\S+)\]", lines[5]
    )
    assert rate is not None
    a, a_low, a_high, b, b_low, b_high = map(float, rate.groups())
    assert a_low <= a <= a_high
    assert (a + b, a_low + b_high, a_high + b_low) == pytest.approx((100, 100, 100), abs=0.11)
    assert a_low > 50
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
    assert row("win rate, 95% CI", "50.0% [50.0, 50.0]", "50.0% [50.0, 50.0]") in lines
    assert row("wins, losses, draws", "0, 0, 0", "0, 0, 0") in lines
    assert lines[-1] == "  stopped: no winner after 1 rounds in 4 games, each scored a half"
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


def test_help_names_the_bots_and_fits_100_columns(
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
    assert f"stops after {games.ROUND_LIMIT} rounds" in said
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "duel" in capsys.readouterr().out
