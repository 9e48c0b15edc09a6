"""The command line's bots by name (`spades.bots.BOTS`): the registry and ``--bots`` everywhere.

The search bot is slow (about 0.1 s a move at its default budget, four-handed; with two
players it plays the heuristic bot's moves, quickly). Only the checks across worker counts
play it as the registry has it, since a registry patched in the test process does not reach
spawned workers: a game or two of four players to 50 points, a round each. The other tests
put in its place the same bot on a budget of 8 play-outs (`cheap_search`).
"""

from __future__ import annotations

import re
import sys
from types import MappingProxyType
from typing import TYPE_CHECKING

import attrs
import pytest

import spades.bots
from spades import CLASSIC, TWO_HANDED, Card, SpadesError, new_game, observe, side_of
from spades import _cli as cli
from spades import _table_text as table_text
from spades._cli import bots, games, simulate, terminal, text
from spades.bots import _registry as registry
from spades.bots import (
    fallback_move,
    game_seed,
    make_bot,
    play_game,
    random_policy,
    search_policy,
    seat_policies,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from spades import Move, Ruleset, View
    from spades.bots import BotMaker, Policy

NAMES = ["heuristic", "search", "random", "fallback"]
SHORT_TWO = ["--rules", "2p", "--target", "50"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def untimed(out: str) -> str:
    """A duel's output without the lines of times per move, the only ones that vary."""
    return "\n".join(line for line in out.splitlines() if "ms per move" not in line)


def cheap(seed: int) -> Policy:
    """The registry's search bot on a budget of 8 play-outs, seeded as the registry seeds it."""
    return search_policy(playouts=8, seed=seed)


def with_bots(monkeypatch: pytest.MonkeyPatch, **makers: Callable[[int], Policy]) -> None:
    """`spades.bots.BOTS` with ``makers`` in it, for the command line and the duels alike."""
    names = MappingProxyType({**registry.BOTS, **makers})
    monkeypatch.setattr(registry, "BOTS", names)
    monkeypatch.setattr(spades.bots, "BOTS", names)


@pytest.fixture
def cheap_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry's ``search`` is `cheap`, in this process (not in spawned workers)."""
    with_bots(monkeypatch, search=cheap)


# --- the registry -------------------------------------------------------------------------


def test_the_registry_names_four_bots_the_heuristic_first_and_default() -> None:
    assert list(spades.bots.BOTS) == NAMES
    assert bots.DEFAULT == "heuristic"
    for name in NAMES:
        assert name in bots.HELP
    assert make_bot("fallback", 1) is fallback_move
    with pytest.raises(SpadesError, match="'human' is not a bot; known: heuristic, search, r"):
        make_bot("human")
    with pytest.raises(SpadesError, match="'Search' is not a bot"):
        seat_policies(CLASSIC, 1, ("heuristic", "Search"))


def test_seeded_bots_are_seeded_by_game_and_seat_and_search_plays_its_default_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[tuple[str, object]] = []

    def searching(**options: int) -> Policy:
        made.append(("search", options))
        return fallback_move

    def randomly(seed: int) -> Policy:
        made.append(("random", seed))
        return fallback_move

    monkeypatch.setattr(registry, "search_policy", searching)
    monkeypatch.setattr(registry, "random_policy", randomly)
    assert seat_policies(CLASSIC, 5, ("search", "random")) == [fallback_move] * 4
    assert made == [
        ("search", {"seed": game_seed(5, 0)}),
        ("random", game_seed(5, 1)),
        ("search", {"seed": game_seed(5, 2)}),
        ("random", game_seed(5, 3)),
    ]


def test_the_registry_s_search_bot_is_search_policy_seeded_by_game_and_seat() -> None:
    state = new_game(CLASSIC, seed=3)  # seat 1 bids first
    view = observe(state, 1)
    chosen = spades.bots.BOTS["search"](game_seed(11, 1))(view)
    assert chosen == search_policy(seed=game_seed(11, 1))(view)
    assert chosen in view.legal_moves()


@pytest.mark.parametrize("rules", [CLASSIC, TWO_HANDED], ids=["four", "two"])
def test_policies_give_each_side_its_bot(rules: Ruleset) -> None:
    def named(name: str) -> BotMaker:
        def make(seed: int) -> Policy:
            def move(view: View) -> Move:
                return fallback_move(view)

            move.__name__ = f"{name}:{seed}"
            return move

        return make

    with pytest.MonkeyPatch.context() as patch:
        with_bots(patch, a=named("a"), b=named("b"))
        made = seat_policies(rules, 9, ("a", "b"))
    assert [policy.__name__ for policy in made] == [
        f"{'ab'[side_of(rules, seat)]}:{game_seed(9, seat)}" for seat in range(rules.players)
    ]


# --- demo ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_demo_plays_the_bots_named(
    name: str, cheap_search: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["demo", "--bots", name, *SHORT_TWO, "--seed", "3"], capsys)
    assert (code, err) == (0, "")
    assert out.startswith(f"Spades demo: rules two-handed, seed 3; {name} bots in every seat.\n")
    rules = attrs.evolve(TWO_HANDED, target=50)
    limit = games.round_limit(rules)
    policies = seat_policies(rules, 3, (name, name))  # the registry's, as documented
    state = games.run_game(rules, policies, seed=3, limit=limit)
    ending = table_text.outcome_lines(state, limit)
    assert out.splitlines()[-len(ending) :] == ending
    assert len(re.findall(r"^  After round \d+ ", out, re.M)) == len(state.rounds)


def test_demo_with_the_search_bot_is_the_same_game_for_the_same_seed(
    cheap_search: None, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["demo", "--bots", "search", "--target", "50", "--seed", "2"]  # four-handed
    code, first, _ = run(argv, capsys)
    assert code == 0
    assert run(argv, capsys)[1] == first
    assert "search bots in every seat" in first
    assert "Traceback" not in first


def test_demo_s_default_is_the_heuristic_bot(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["demo", "--rules", "miniokey-250", "--seed", "5"]
    _, default, _ = run(argv, capsys)
    _, named, _ = run([*argv, "--bots", "heuristic"], capsys)
    assert default == named
    assert "; heuristic bots in every seat." in default.splitlines()[0]


# --- play ---------------------------------------------------------------------------------


class Typist:
    """Standard input: of the legal moves printed last, the lowest card, or the first move
    that is not a nil bid (if another is).

    After ``answers`` lines (if given), the end of input.
    """

    def __init__(self, screen: list[str], answers: int | None = None) -> None:
        self.screen, self.answers = screen, answers

    def readline(self) -> str:
        if self.answers is not None:
            if not self.answers:
                return ""
            self.answers -= 1
        printed = "".join(self.screen)
        line = re.findall(r"^Legal moves: (.*)$", printed, re.MULTILINE)[-1]
        moves = [re.split(r" to | \(", item)[0] for item in line.split(", ")]
        cards = [Card.parse(move.removeprefix("play ")) for move in moves if move[:5] == "play "]
        if cards:  # the lowest card (the list is in the hand's order, spades first)
            return f"play {min(cards)}\n"
        return next((move for move in moves if "nil" not in move), moves[0]) + "\n"

    def isatty(self) -> bool:
        return False


class Screen:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def session(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> tuple[int, str]:
    screen = Screen()
    monkeypatch.setattr(sys, "stdin", Typist(screen.parts))
    monkeypatch.setattr(sys, "stdout", screen)
    code = cli.main(argv)
    return code, "".join(screen.parts)


@pytest.mark.parametrize("name", NAMES)
def test_play_against_the_bots_named(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = session(monkeypatch, ["play", "--bots", name, *SHORT_TWO, "--seed", "4"])
    assert code == 0
    assert out.startswith(
        f"Spades: rules two-handed; you are seat 0; {name} bots in the other seats.\n"
    )
    assert "is illegal" not in out
    *_, outcome, said, command = out.splitlines()
    assert re.search(r"(wins -?\d+ to -?\d+ after \d+ rounds?|drawn)", outcome)
    assert said == "Replay this game with:"
    bots_flag = "" if name == bots.DEFAULT else f" --bots {name}"
    assert command == f"  spades play --rules two-handed --target 50 --seed 4 --seat 0{bots_flag}"
    assert max(map(len, out.splitlines())) <= text.WIDTH


def test_play_s_bots_fill_every_seat_but_hers_seeded_from_the_game_s_seed(
    cheap_search: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[int] = []
    asked: set[int] = set()

    def recording(seed: int) -> Policy:
        made.append(seed)
        policy = spades.bots.BOTS["search"](seed)

        def move(view: View) -> Move:
            asked.add(view.seat)
            return policy(view)

        return move

    with_bots(monkeypatch, mine=recording)
    code, out = session(monkeypatch, ["play", "--bots", "mine", "--target", "50", "--seat", "2"])
    assert out.startswith("Spades: rules classic; you are seat 2; mine bots in")
    seed = re.search(r"\n  spades play --rules classic --target 50 --seed (\d+) --seat 2", out)
    assert seed is not None  # a fresh seed, said once the game is over
    assert code == 0
    assert made == [game_seed(int(seed[1]), seat) for seat in range(4)]
    assert asked == {0, 1, 3}


def test_terminal_play_takes_the_bots_by_keyword(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = Screen()
    monkeypatch.setattr(sys, "stdin", Typist(screen.parts, answers=3))
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stderr", Screen())
    assert terminal.play(TWO_HANDED, "two-handed", 2, 1, bots="fallback") == 1  # the end of input
    assert "fallback bots in the other seats" in "".join(screen.parts)


# --- simulate -----------------------------------------------------------------------------


def test_simulate_with_a_seeded_bot_is_the_same_whatever_the_worker_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # One game: on a pool of one spawned process with --workers 2, in this one with 1. The
    # random bot draws on its seed as the search bot does, at a thousandth of the cost.
    argv = ["simulate", "--games", "1", "--opponents", "random", "--target", "50", "--seed", "6"]
    code, one, err = run([*argv, "--workers", "1"], capsys)
    assert (code, err) == (0, "")
    code, two, _ = run([*argv, "--workers", "2"], capsys)
    assert code == 0
    assert one == two
    assert one.splitlines()[:2] == [
        "Spades simulation: 1 game, rules classic, seed 6.",
        "Heuristic bots (side 0) against random bots (side 1).",
    ]
    endings = re.search(r"endings: target (\d+), losing floor (\d+), round cap 0, stopped 0", one)
    assert endings is not None
    assert sum(map(int, endings.groups())) == 1


@pytest.mark.parametrize(
    ("sides", "said"),
    [
        (["--bots", "random"], "Random bots (side 0) against heuristic bots (side 1)."),
        (["--bots", "search", "--opponents", "search"], "Search bots in every seat."),
        (["--bots", "fallback", "--opponents", "random"], "Fallback bots (side 0) against random"),
        ([], "Heuristic bots in every seat."),
    ],
)
def test_simulate_s_bots_play_side_0_and_its_opponents_side_1(
    sides: list[str], said: str, cheap_search: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["simulate", "--games", "2", "--target", "50", *sides], capsys)
    assert code == 0
    assert out.splitlines()[1].startswith(said)


def test_a_simulated_game_is_the_game_of_the_registry_s_bots(cheap_search: None) -> None:
    rules = attrs.evolve(CLASSIC, target=50)
    seed = game_seed(8, 0)
    result = simulate.simulate_game((rules, seed, ("search", "random"), None))
    policies = [cheap(game_seed(seed, 0)), random_policy(game_seed(seed, 1))]
    policies += [cheap(game_seed(seed, 2)), random_policy(game_seed(seed, 3))]
    state = play_game(rules, policies, seed=seed)
    assert (result.scores, result.rounds) == (state.scores, len(state.rounds))


def test_simulate_refuses_an_unknown_bot_before_it_plays() -> None:
    with pytest.raises(SpadesError, match="'human' is not a bot"):
        simulate.simulate(CLASSIC, "classic", seed=1, games=1, workers=2, opponents="human")
    with pytest.raises(SpadesError, match="'human' is not a bot"):
        simulate.simulate(
            CLASSIC, "classic", seed=1, games=1, workers=1, opponents="random", bots="human"
        )


SOLO = "classic;solo:true"


def test_simulate_under_solo_has_a_column_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """Each seat is her own side: her wins, points and counts in a column of her own; the
    bots named play the even and the odd seats.

    Rule: rule-solo.
    """
    argv = ["simulate", "--games", "3", "--rules", SOLO, "--target", "100", "--seed", "2"]
    code, out, err = run([*argv, "--opponents", "random"], capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:4] == [
        "Spades simulation: 3 games, rules classic;solo:true, seed 2.",
        "Heuristic bots (seats 0 and 2) against random bots (seats 1 and 3).",
        "Four players, each on her own: seats 0, 1, 2 and 3; play runs clockwise.",
        "Game to 100 points.",
    ]
    assert lines[4].split() == ["seat", "0", "seat", "1", "seat", "2", "seat", "3"]
    assert max(map(len, lines)) <= text.WIDTH
    wins = re.fullmatch(r"  wins" + r" +(\d+) \(\S+%\)" * 4, lines[5])
    draws = re.search(r"draws: (\d+) ", out)
    assert wins is not None
    assert draws is not None
    assert sum(map(int, wins.groups())) + int(draws[1]) == 3
    points = re.fullmatch(r"  mean points per round" + r" +([-+]\d+\.\d\d)" * 4, lines[6])
    assert points is not None
    assert "endings: target 3, losing floor 0, round cap 0, stopped 0" in out


def test_a_simulated_solo_game_is_the_game_of_the_registry_s_bots() -> None:
    """Rule: rule-solo."""
    rules = attrs.evolve(CLASSIC, solo=True, target=100)
    seed = game_seed(5, 0)
    result = simulate.simulate_game((rules, seed, ("heuristic", "random"), None))
    state = play_game(rules, seat_policies(rules, seed, ("heuristic", "random")), seed=seed)
    assert state.outcome is not None
    assert (result.winner, result.scores) == (state.outcome.winner, state.scores)
    assert len(result.scores) == 4
    assert result.counts == tuple(simulate.side_counts(state, side) for side in range(4))


def test_the_summary_of_solo_games_is_by_seat() -> None:
    """Made-up games: seat 2 wins one, the other is drawn; each seat's points and counts.

    Rule: rule-solo.
    """
    rules = attrs.evolve(CLASSIC, solo=True)
    none = dict.fromkeys(simulate.COUNTERS, 0)
    nils = {**none, "nil bids": 2, "nils made": 1}
    contracts = {**none, "contracts": 4, "contracts made": 3, "bags": 8}
    penalties = {**none, "bag penalties": 1, "penalty points": -100}
    counts = tuple(tuple(c.values()) for c in (none, nils, contracts, penalties))
    results = [
        simulate.GameResult(2, "target", 3, (100, -20, 520, 300), counts),
        simulate.GameResult(None, "round_cap", 1, (40, 40, -20, 20), counts),
    ]
    lines = simulate.summary(rules, simulate.Totals.of(results, sides=4), None)

    def row(label: str, *values: str) -> str:
        return f"  {label:<24}" + "".join(f"{value:>18}" for value in values)

    assert lines == [
        row("", "seat 0", "seat 1", "seat 2", "seat 3"),
        row("wins", "0 (0.0%)", "0 (0.0%)", "1 (50.0%)", "0 (0.0%)"),
        row("mean points per round", "+35.00", "+5.00", "+125.00", "+80.00"),
        row("nil bids, made", "0", "4, 2 (50.0%)", "0", "0"),
        row("blind nil bids, made", "0", "0", "0", "0"),
        row("blind bids, made", "0", "0", "0", "0"),
        row("contracts, made", "0", "0", "8, 6 (75.0%)", "0"),
        row("bags per round", "0.00", "0.00", "4.00", "0.00"),
        row("bag penalties, points", "0, 0", "0, 0", "0, 0", "2, -200"),
        "  draws: 1 (50.0%); rounds: 4, 2.0 a game",
        "  endings: target 1, losing floor 0, round cap 1, stopped 0",
    ]
    assert max(map(len, lines)) <= text.WIDTH


# --- duel ---------------------------------------------------------------------------------


def test_duel_of_a_seeded_bot_is_the_same_whatever_the_worker_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["duel", "random", "heuristic", "--games", "1", "--target", "50", "--seed", "1"]
    code, one, err = run([*argv, "--workers", "1"], capsys)
    assert (code, err) == (0, "")
    code, two, _ = run([*argv, "--workers", "2"], capsys)
    assert code == 0
    assert untimed(one) == untimed(two)
    lines = one.splitlines()
    assert (
        lines[0] == "Spades duel: random (A) against heuristic (B), 1 deal, rules classic, seed 1."
    )
    assert lines[4].split() == ["A:", "random", "B:", "heuristic"]


def test_the_search_bot_against_itself_scores_exactly_a_half(cheap_search: None) -> None:
    rules = attrs.evolve(CLASSIC, target=50)
    result = spades.bots.duel("search", "search", rules, deals=1, seed=4)
    assert result.pair_scores == (0.5,)
    assert attrs.evolve(result.first, mean_ms=0.0, median_ms=0.0) == attrs.evolve(
        result.second, mean_ms=0.0, median_ms=0.0
    )


# --- help and errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("demo", ["--bots NAME the bots in every seat: heuristic, search, random, fallback"]),
        ("play", ["--bots NAME the bots in the other seats: heuristic, search, random, fallback"]),
        (
            "simulate",
            [
                "--bots NAME the bots of seats 0 and 2 (two players: seat 0): heuristic, search,",
                "--opponents NAME the bots of seats 1 and 3 (two and three players: seat 1):",
            ],
        ),
        ("duel", ["a bot: heuristic, search, random, fallback"]),
    ],
)
def test_help_lists_the_bots(
    command: str,
    said: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    with pytest.raises(SystemExit) as exit_:
        cli.main([command, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert max(map(len, out.splitlines())) <= text.WIDTH
    flat = " ".join(out.split())
    for words in said:
        assert words in flat
    assert f"The bots: {bots.HELP}." in flat
    assert "(default: heuristic)" in flat or command == "duel"


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--bots", "human"],
        ["play", "--bots", "human"],
        ["simulate", "--games", "1", "--bots", "human"],
        ["simulate", "--games", "1", "--opponents", "human"],
        ["duel", "human", "search", "--games", "1"],
    ],
)
def test_an_unknown_bot_is_an_argument_error(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = " ".join(capsys.readouterr().err.split())
    said = err[err.index("invalid choice: 'human' (choose from ") :]
    assert said.replace("'", "").endswith("(choose from heuristic, search, random, fallback)")
