"""The command line end to end: ``demo``, ``play`` with typed input, ``simulate``, errors.

`play` is driven by `Person`, a stand-in for standard input that answers each prompt from
what the command printed so far: the moves it marked legal, or a scripted line.
"""

from __future__ import annotations

import importlib
import io
import os
import re
import runpy
import shlex
import subprocess
import sys
from collections import Counter
from types import MappingProxyType
from typing import TYPE_CHECKING, TextIO, cast

import attrs
import pytest

import spades
import spades.bots
from helpers import SOURCE_PRESETS
from spades import (
    CLASSIC,
    PRESETS,
    TWO_HANDED,
    Bid,
    Bidding,
    Card,
    Deck,
    Exchange,
    Look,
    Ruleset,
    View,
    score_round,
)
from spades import _cli as cli
from spades import _table_text as table_text
from spades._cli import demo, games, moves, progress, screen, simulate, terminal, text
from spades._state import evolve_state
from spades.bots import _registry as registry
from spades.bots import fallback_move, game_seed, heuristic_policy, play_game, random_policy
from spades.records import ruleset_text

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from pathlib import Path

    from spades import Move
    from spades.bots import Policy

OUTCOME = re.compile(
    r"(Side [01] \(seats [0-3]\+[0-3]\)|Seat [01]) wins -?\d+ to -?\d+ after \d+ rounds?: .+\."
    r"|The game is drawn .+|Stopped after \d+ rounds? without a winner, scores -?\d+ to -?\d+\."
)
TRICK = re.compile(r"^ +(\d+)  ((?:[0-3]:(?:[2-9TJQKA][CDHS]|[LB]J)[* ]  )+)seat ([0-3]) wins$")
ROW = re.compile(
    r"^  (side [01] \(seats [0-3]\+[0-3]\)|seat [01]) +(\S.*?) +(\d+) +([+-]\d+) +(\d+)"
    r" +(-?\d+) +(\d+|reached)$"
)
ALONE_ROW = re.compile(
    r"^  (seat [0-2](?: \(you\))?) +(\S.*?) +(\d+) +([+-]\d+) +(\d+) +(-?\d+) +(\d+|reached)$"
)
"""A row of three players' round table: a player's (rule-three-players)."""
ALONE_OUTCOME = re.compile(
    r"Seat [0-2] wins -?\d+ to -?\d+ and -?\d+ after \d+ rounds?: .+\."
    r"|The game is drawn -?\d+, -?\d+ and -?\d+, the highest shared, .+\."
)
"""How a game of three players ends (rule-three-players)."""


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def with_bots(monkeypatch: pytest.MonkeyPatch, **makers: Callable[[int], Policy]) -> None:
    """`spades.bots.BOTS` with ``makers`` in it, for the command line and the duels alike."""
    names = MappingProxyType({**registry.BOTS, **makers})
    monkeypatch.setattr(registry, "BOTS", names)
    monkeypatch.setattr(spades.bots, "BOTS", names)


# --- demo ---------------------------------------------------------------------------------


def rounds_of(out: str) -> list[list[str]]:
    """The demo's output cut into rounds, each from its header to its table."""
    blocks = re.split(r"\n(?=Round \d+: )", out)
    return [block.splitlines() for block in blocks[1:]]


def check_round(rules: Ruleset, lines: list[str]) -> tuple[int, ...]:
    """The round's printed hands, tricks and table agree; its totals, one a side.

    A round has ``rules.hand_size`` tricks: 13, or 17 or 18 among three players, whose
    table has a row a player (rule-three-players).
    """
    players = rules.players
    hands = {
        int(match[1]): match[2]
        for line in lines
        if (match := re.fullmatch(r"    seat ([0-3])  (S: .+)", line))
    }
    assert sorted(hands) == list(range(players))
    tricks = [match for line in lines if (match := TRICK.match(line))]
    assert [int(match[1]) for match in tricks] == list(range(1, rules.hand_size + 1))
    played: dict[int, list[Card]] = {seat: [] for seat in range(players)}
    for match in tricks:
        pairs = [text.split(":") for text in match[2].split()]
        assert len(pairs) == players
        for seat, card in pairs:
            played[int(seat)].append(Card.parse(card.rstrip("*")))
        starred = [seat for seat, card in pairs if card.endswith("*")]
        assert starred == [match[3]]
    for seat, cards in played.items():  # each seat played the hand printed for it
        assert table_text.brief_hand(cards, rules.pack) == hands[seat]
    won = Counter(int(match[3]) for match in tricks)
    pattern = ALONE_ROW if rules.players == 3 else ROW
    rows = [match for line in lines if (match := pattern.match(line))]
    assert len(rows) == rules.sides
    totals = []
    for side, row in enumerate(rows):
        seats = spades.seats_of(rules, side)
        assert int(row[3]) == sum(won[seat] for seat in seats)
        total = int(row[6])
        left = rules.target - total
        assert row[7] == (str(left) if left > 0 else "reached")
        totals.append(total)
    return tuple(totals)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_demo_plays_a_whole_game_under_every_preset(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["demo", "--rules", name, "--seed", "2"], capsys)
    assert (code, err) == (0, "")
    rules = PRESETS[name]
    lines = out.splitlines()
    assert lines[0] == f"Spades demo: rules {name}, seed 2; heuristic bots in every seat."
    assert max(map(len, lines)) <= text.WIDTH  # every line fits 100 columns
    (target,) = [line for line in lines if line.startswith("Game to ")]
    assert target.startswith(f"Game to {rules.target} points")
    blocks = rounds_of(out)
    assert blocks
    for number, block in enumerate(blocks, 1):
        assert block[0].startswith(f"Round {number}: ")
        assert any(line.startswith(f"  After round {number} ") for line in block)
        totals = check_round(rules, block)
    assert OUTCOME.fullmatch(lines[-1])
    scores = re.search(r"(-?\d+) to (-?\d+)", lines[-1])
    assert scores is not None
    assert sorted(map(int, scores.groups())) == sorted(totals)
    assert cli.main(["demo", "--rules", name, "--seed", "2"]) == 0
    assert capsys.readouterr().out == out  # the same game for the same seed


def test_demo_target_changes_the_game_s_target(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["demo", "--rules", "source-c", "--seed", "5", "--target", "120"], capsys)
    assert code == 0
    assert "rules two-handed, seed 5" in out
    assert "Game to 120 points." in out
    for block in rounds_of(out):
        check_round(attrs.evolve(TWO_HANDED, target=120), block)


def test_demo_stops_a_game_without_a_round_cap_after_the_round_limit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(games, "ROUND_LIMIT", 2)
    code, out, _ = run(["demo", "--seed", "3"], capsys)  # 500 points take more than 2 rounds
    assert code == 0
    assert len(rounds_of(out)) == 2
    why, last = out.splitlines()[-2:]
    assert why == "These rules have no round cap: the command plays at most 2 rounds."
    assert OUTCOME.fullmatch(last)
    assert last.startswith("Stopped after 2 rounds without a winner, scores ")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_demo_record_loads_and_replays_to_the_printed_result(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    code, out, err = run(["demo", "--rules", name, "--seed", "4", "--record", str(path)], capsys)
    assert (code, err) == (0, "")
    record = spades.records.loads(path.read_text(encoding="utf-8"))
    states = list(record)
    assert states[-1] == record.final_state
    assert len(states) == len(record.moves) + 1
    played, said = out.split("\nThe game's record ")  # (a long path goes on a line of its own)
    assert " ".join(said.split()) == f"({len(record.moves)} moves) is in {path}."
    final = record.final_state
    assert len(final.rounds) == len(rounds_of(out))
    scores = re.search(r"(-?\d+) to (-?\d+)", played.splitlines()[-1])
    assert scores is not None
    assert sorted(map(int, scores.groups())) == sorted(final.scores)
    # The same seed played again without the flag gives the same game as the record.
    replayed = games.run_game(
        PRESETS[name],
        [heuristic_policy() for _ in range(PRESETS[name].players)],
        seed=4,
        limit=None if PRESETS[name].round_cap else games.ROUND_LIMIT,
    )
    assert replayed == final


def test_demo_record_of_a_game_stopped_at_the_round_limit_ends_with_the_next_deal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(games, "ROUND_LIMIT", 2)
    path = tmp_path / "game.json"
    code, _, _ = run(["demo", "--seed", "3", "--record", str(path)], capsys)
    assert code == 0
    record = spades.records.loads(path.read_bytes())
    assert not record.final_state.is_over
    assert len(record.rounds) == 3
    assert record.rounds[-1].moves == ()
    assert record.final_state.round_number == 3


def test_demo_record_to_an_unwritable_path_fails_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "missing" / "game.json"
    code, out, err = run(["demo", "--rules", "miniokey", "--record", str(path)], capsys)
    assert code == 1
    said = f"spades demo: cannot write the record to {str(path)!r}: No such file or directory"
    assert " ".join(err.split()) == said
    assert out == ""  # no game is played for a record that cannot be written
    assert not path.exists()


def test_python_m_spades_runs_the_demo() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "spades", "demo", "--rules", "miniokey", "--seed", "1"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("Spades demo: rules miniokey, seed 1;")
    assert OUTCOME.fullmatch(done.stdout.splitlines()[-1])


def test_the_main_module_runs_main_and_does_nothing_on_import(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["spades", "demo", "--rules", "miniokey-250"])
    monkeypatch.delitem(sys.modules, "spades.__main__", raising=False)
    with pytest.raises(SystemExit) as exit_:
        runpy.run_module("spades", run_name="__main__")
    assert exit_.value.code == 0
    assert "rules miniokey-250" in capsys.readouterr().out
    module = importlib.import_module("spades.__main__")
    assert module.main is cli.main
    assert capsys.readouterr().out == ""


def test_a_closed_pipe_ends_the_command_quietly(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "out"
    with open(path, "w") as file:

        class ClosedPipe(io.StringIO):
            def write(self, text: str) -> int:
                raise BrokenPipeError

            def fileno(self) -> int:
                return file.fileno()

        monkeypatch.setattr(sys, "stdout", ClosedPipe())
        assert cli.main(["demo"]) == 1
        os.write(file.fileno(), b"lost")  # the descriptor now leads to the null device
    with open(path) as file:
        assert file.read() == ""


# --- play ---------------------------------------------------------------------------------


def options(printed: str) -> list[str]:
    """The moves of the last 'Legal moves:' line, each as one would type it."""
    line = re.findall(r"^Legal moves: (.*)$", printed, re.MULTILINE)[-1]
    return [re.split(r" to | \(", item)[0] for item in line.split(", ")]


def plain(moves: list[str]) -> str:
    """A plain player's choice: the first legal move that is not a nil bid."""
    return next(move for move in moves if "nil" not in move)


def bold(moves: list[str]) -> str:
    """The first legal move: nil when she may, blind nil when she may."""
    return moves[0]


class Person:
    """Standard input typed by a person who reads the screen.

    Each line is the next scripted answer (a text, or a function of what was printed so
    far), then ``choose`` of the legal moves printed last; after ``answers`` lines (if
    given), the end of input. ``interrupt`` raises `KeyboardInterrupt` instead.
    """

    def __init__(
        self,
        screen: io.StringIO,
        *,
        script: Iterable[str | Callable[[str], str]] = (),
        choose: Callable[[list[str]], str] = plain,
        answers: int | None = None,
        tty: bool = False,
        interrupt: bool = False,
    ) -> None:
        self.screen, self.script, self.choose = screen, list(script), choose
        self.answers, self.tty, self.interrupt = answers, tty, interrupt
        self.typed: list[str] = []

    def readline(self) -> str:
        if self.interrupt:
            raise KeyboardInterrupt
        if self.answers is not None and len(self.typed) >= self.answers:
            return ""
        printed = self.screen.getvalue()
        if self.script:
            step = self.script.pop(0)
            line = step if isinstance(step, str) else step(printed)
        else:
            line = self.choose(options(printed))
        self.typed.append(line)
        return line + "\n"

    def isatty(self) -> bool:
        return self.tty


def person_plays(
    monkeypatch: pytest.MonkeyPatch,
    rules: Ruleset,
    seed: int,
    seat: int,
    *,
    choose: Callable[[list[str]], str],
) -> str:
    """What a person at ``seat`` saw through a whole game she played by ``choose`` against
    the bots; she wrote nothing to standard error and typed no illegal move."""
    out, errors = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", Person(out, choose=choose))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", errors)
    assert terminal.play(rules, ruleset_text(rules), seed, seat) == 0
    shown = out.getvalue()
    assert errors.getvalue() == ""
    assert "is illegal" not in shown
    return shown


def session(
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    **person: object,
) -> tuple[int, str, str, Person]:
    screen, errors = io.StringIO(), io.StringIO()
    typist = Person(screen, **person)  # type: ignore[arg-type]
    monkeypatch.setattr(sys, "stdin", typist)
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stderr", errors)
    code = cli.main(argv)
    return code, screen.getvalue(), errors.getvalue(), typist


@pytest.mark.parametrize(
    ("name", "seat"), [("classic", 0), ("miniokey", 1), ("two-handed", 1), ("miniokey-250", 3)]
)
def test_a_person_plays_a_whole_game_against_the_bots(
    name: str, seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--rules", name, "--seed", "4", "--seat", str(seat), "--target", "150"]
    code, out, err, person = session(monkeypatch, argv)
    assert (code, err) == (0, "")
    assert out.startswith(
        f"Spades: rules {name}; you are seat {seat}; heuristic bots in the other seats.\n"
    )
    assert "Traceback" not in out
    assert "is illegal" not in out  # every move marked legal was legal
    for line in person.typed:  # piped input is echoed after the prompt
        assert f"your move> {line}\n" in out
    tables = re.findall(r"^  After round (\d+) ", out, re.MULTILINE)
    assert tables == [str(n) for n in range(1, len(tables) + 1)]
    assert "(you)" in out if name == "two-handed" else ", yours)" in out
    before, command, _ = replay(out)  # the outcome, then the command that replays the game
    assert OUTCOME.fullmatch(before[-1])
    assert command == f"--rules {name} --target 150 --seed 4 --seat {seat}".split()
    assert "Stopped" not in out
    assert max(map(len, out.splitlines())) <= text.WIDTH
    check_tricks_seen(PRESETS[name], seat, out, len(tables))


def test_play_fits_an_80_column_terminal_and_leaves_its_round_table_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv = ["play", "--seed", "4", "--seat", "1", "--target", "150"]
    _, piped, _, _ = session(monkeypatch, argv)  # to a pipe: 100 columns, as before
    assert max(map(len, piped.splitlines())) > 80
    monkeypatch.setenv("COLUMNS", "80")
    screen, errors = Terminal(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", Person(screen))
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stderr", errors)
    assert cli.main(argv) == 0
    lines = screen.getvalue().splitlines()
    assert max(map(len, lines)) <= 80
    assert " ".join(screen.getvalue().split()) == " ".join(piped.split())  # only rewrapped
    tables = [n for n, line in enumerate(lines) if line.startswith("  After round ")]
    assert tables
    for n in tables:  # the header and a row a side, each on a line of its own
        assert lines[n].endswith(" tricks points bags total to target")
        assert lines[n + 1].startswith("  side 0 (seats 0+2)  ")
        assert lines[n + 2].startswith("  side 1 (seats 1+3, yours)  ")
        assert all(ROW.match(line.replace(", yours", "")) for line in lines[n + 1 : n + 3])


def test_play_lists_the_legal_cards_in_the_hand_s_order_and_plays_a_lone_one_for_her(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, _, person = session(monkeypatch, ["play", "--seed", "4", "--target", "150"])
    assert code == 0
    turns = re.findall(
        r"^Your hand \(the cards you may play in \[brackets\]\):\n((?:  .*\n)+)"
        r"Legal moves: (.*)$",
        out,
        re.MULTILINE,
    )
    assert turns
    for hand, legal in turns:
        marked = re.findall(r"\[(\S\S)\]", hand)  # top to bottom, left to right
        assert legal.split(", ") == [f"play {card}" for card in marked]
        assert len(marked) > 1  # she is asked only when she has a choice
    alone = re.findall(
        r"^Your only legal move, (play \S\S), is played for you\.\nyou: \1$", out, re.M
    )
    rounds = len(re.findall(r"^  After round ", out, re.M))
    assert len(alone) >= rounds  # the last trick's card at least, each round
    assert len(person.typed) == out.count("your move> ")


SEEN = re.compile(r"^  Trick (\d+): (.+); (you|seat [0-3]) (win|wins) it with (\S\S)\.$")


def check_tricks_seen(rules: Ruleset, you: int, out: str, rounds: int) -> None:
    """Every trick is shown whole when it ends: each seat's card in order, and the winner."""
    seen = [match for line in out.splitlines() if (match := SEEN.match(line))]
    assert [int(match[1]) for match in seen] == list(range(1, rules.hand_size + 1)) * rounds
    for match in seen:
        pairs = [item.rsplit(" ", 1) for item in match[2].split(", ")]
        names = [name for name, _ in pairs]
        seats = [you if name == "you" else int(name.removeprefix("seat ")) for name in names]
        assert seats == list(spades.play_order(rules, seats[0]))  # in playing order
        assert you in seats
        cards = [Card.parse(card) for _, card in pairs]
        best = spades.winning_card(cards, rules=rules)
        assert str(best) == match[5] == dict(pairs)[match[3]]
        assert (match[4] == "win") == (match[3] == "you")
    # ... also a trick that her own card ended, right after it.
    assert re.search(r"^you: play (\S\S)\n  Trick \d+: .+, you \1; ", out, re.M)


def not_held(printed: str) -> str:
    """'play' a card of the trick on the table: surely not in her hand."""
    led = re.findall(r"^Trick \d+ so far: (?:you|seat [0-3]) (\S\S)", printed, re.MULTILINE)
    return f"play {led[-1]}"


def unplayable(printed: str) -> str:
    """A card of her hand that the rules do not let her play now."""
    hand = printed[printed.rindex("Your hand") : printed.rindex("Legal moves:")]
    return str(re.findall(r"(?<![\[\w])([2-9TJQKA][CDHS])(?![\]\w])", hand)[0])


def test_bad_input_is_explained_and_the_game_goes_on_until_the_end_of_input(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    script: list[str | Callable[[str], str]] = ["ZZ", "", "play AS", "14", "bid 14", "garbage in"]
    script += ["keep", "help", "3", "play ZZ", not_held, unplayable, "bid 2", "   "]
    code, out, err, person = session(
        monkeypatch,
        ["play", "--seed", "6"],  # seat 1 leads; seat 0 holds some cards of another suit
        script=script,
        answers=len(script) + 1,
    )
    assert code == 1
    assert err == "End of input: the game stops in round 1, scores 0 to 0.\n"
    assert "Traceback" not in out + err
    assert "by seat" not in out  # she is 'you'
    banner = out[: out.index("your move>")]
    helped = out[out.index("your move> help") : out.index("your move> 3")]
    for other in ("'look'", "'pass", "'keep'", "'reject'", "'exchange", "blind"):
        assert other not in banner + helped  # classic Spades has none of these moves
    said = out[out.index("your move> ZZ") :].lower()
    moves_here = "write 'bid 3', 'bid nil' or 'play AS'"
    expected = [
        f"'ZZ' is not a move in this game; {moves_here}",
        "(A card alone, like AS, plays it; a number alone, like 3, bids it.)",
        "'play AS' is illegal: the game is in the bidding phase",
        "'bid 14' is illegal: a bid is a number of tricks from 0 to 13",
        "'bid 14' is illegal: a bid is a number of tricks from 0 to 13",
        f"'garbage in' is not a move in this game; {moves_here}",
        f"'keep' is not a move in this game; {moves_here}",
        "Type a move: 'bid 3' (or just 3), 'bid nil' or 'play AS' (or just AS).",
        "Legal moves: bid nil, bid 1 to bid 13",
        "you: bid 3",
        "'play ZZ' is not a move: 'ZZ' is not a card",
        f"'{person.typed[10]}' is illegal: you do not hold",
        "were led and you must follow suit with one",
        "'bid 2' is illegal: the game is in the playing phase",
    ]
    flat = " ".join(said.split())  # (a long message is wrapped over lines)
    for message in map(str.lower, expected):  # each message, in order
        assert message in flat, message
        flat = flat[flat.index(message) + len(message) :]
    said = said[said.rindex("the game is in the playing phase") :]
    assert said.startswith("the game is in the playing phase\nyour move>    \nyour move> play ")
    assert "\nyou: play " in said  # the game goes on
    assert out.count("your move> ") == len(person.typed) + 1  # the last met the end of input


@pytest.mark.parametrize(
    ("person", "code", "message"),
    [
        ({"script": ["quit"]}, 0, "You quit: the game stops in round 1"),
        ({"script": ["help", " Exit "]}, 0, "You quit: the game stops in round 1"),
        ({"interrupt": True}, 130, "Interrupted: the game stops in round 1"),
        ({"answers": 0}, 1, "End of input: the game stops in round 1"),
    ],
)
def test_the_person_stops_the_game(
    person: dict[str, object], code: int, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    result, out, err, _ = session(monkeypatch, ["play", "--seed", "1"], **person)
    assert result == code
    assert err.startswith(message)
    assert "Traceback" not in out + err


SECRET = 1316326854766477463
"""The seed of the issue's report: long enough to appear nowhere by chance."""
REPLAY = "Replay this game with:"


def replay(out: str) -> tuple[list[str], list[str], int]:
    """The lines before the replay command, its arguments after ``spades play``, its seed."""
    lines = out.splitlines()
    start = lines.index(REPLAY)
    command = " ".join(lines[start + 1 :]).replace(" \\", "").split()
    assert command[:2] == ["spades", "play"]
    return lines[:start], command[2:], int(command[command.index("--seed") + 1])


@pytest.mark.parametrize("seeded", [True, False], ids=["--seed", "fresh"])
def test_play_shows_the_game_s_seed_only_once_the_game_is_over(
    seeded: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # docs/reference.md, who may see a game's seed: no player while the game is on (the
    # seed deals every hand); afterwards, the command that plays the game again.
    argv = ["play", "--rules", "miniokey", "--target", "150", "--seat", "1"]
    argv += ["--seed", str(SECRET)] if seeded else []
    code, out, err, _ = session(monkeypatch, argv)
    assert (code, err) == (0, "")
    assert out.startswith(
        "Spades: rules miniokey; you are seat 1; heuristic bots in the other seats.\n"
    )
    before, _, seed = replay(out)
    assert seed == SECRET if seeded else seed != SECRET
    expected = f"spades play --rules miniokey --target 150 --seed {seed} --seat 1"
    assert out.endswith(f"\n{REPLAY}\n  {expected}\n")
    assert OUTCOME.fullmatch(before[-1])  # the outcome, then the replay command
    assert all(str(seed) not in line for line in before)  # not at the start, not during


@pytest.mark.parametrize(
    ("person", "code", "why"),
    [
        ({"script": ["3", "quit"]}, 0, "You quit"),
        ({"script": ["3"], "answers": 1}, 1, "End of input"),
        ({"interrupt": True}, 130, "Interrupted"),
    ],
)
def test_a_stopped_game_shows_its_seed_last(
    person: dict[str, object], code: int, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--seat", "1", "--bots", "random"]
    result, out, err, _ = session(monkeypatch, argv, **person)
    assert result == code
    assert err.startswith(f"{why}: the game stops in round 1, scores 0 to 0.\n")
    assert err.count("\n") == 1
    before, command, seed = replay(out)
    assert command == f"--rules classic --seed {seed} --seat 1 --bots random".split()
    assert str(seed) not in err + "\n".join(before)


def test_a_replay_command_too_wide_goes_on_over_lines_a_shell_joins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seed = 2**128 - 1
    argv = ["play", "--rules", "miniokey-250", "--target", "300", "--seed", str(seed)]
    argv += ["--seat", "3", "--bots", "fallback"]
    code, out, _, _ = session(monkeypatch, argv, answers=0)
    assert code == 1
    lines = out.splitlines()
    assert lines[-3:] == [
        REPLAY,
        f"  spades play --rules miniokey-250 --target 300 --seed {seed} \\",
        "    --seat 3 --bots fallback",
    ]
    assert max(map(len, lines)) <= text.WIDTH


def test_the_replay_command_plays_the_same_game_again(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", "--rules", "miniokey", "--target", "120", "--bots", "random"]
    code, first, _, person = session(monkeypatch, argv)
    assert code == 0
    _, command, _ = replay(first)
    code, again, _, replayed = session(monkeypatch, ["play", *command])
    assert code == 0
    assert replayed.typed == person.typed
    assert again == first  # the same deals, the same bots' moves, the same command at the end


def test_ctrl_c_while_a_bot_thinks_stops_the_game_with_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupted(seed: int) -> Policy:
        def move(view: View) -> Move:
            raise KeyboardInterrupt

        return move

    with_bots(monkeypatch, heuristic=interrupted)
    code, out, err, person = session(monkeypatch, ["play", "--seat", "2", "--seed", "5"])
    assert code == 130
    assert person.typed == []  # seat 1 bids first, and is interrupted
    assert err == "Interrupted: the game stops in round 1, scores 0 to 0.\n"
    assert replay(out)[1] == ["--rules", "classic", "--seed", "5", "--seat", "2"]
    assert "Traceback" not in out + err


def test_typed_input_is_not_echoed_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _, _ = session(
        monkeypatch, ["play", "--seed", "1"], script=["bid 4"], answers=1, tty=True
    )
    assert code == 1
    assert "your move> bid 4" not in out
    assert "your move> you: bid 4" in out


def test_read_move_takes_the_notation_a_card_or_a_bid_alone() -> None:
    assert moves.read_move(CLASSIC, "AS") == spades.Play(Card.parse("AS"))
    assert moves.read_move(CLASSIC, " 10h ") == spades.Play(Card.parse("TH"))
    assert moves.read_move(BLIND_ANYTIME, "blind nil") == Bid(0, blind=True)
    assert moves.read_move(CLASSIC, "13") == Bid(13)
    assert moves.read_move(TWO_HANDED, "exchange 2c") == Exchange([Card.parse("2C")])
    with pytest.raises(spades.NotationError, match="'zz' is not a move"):
        moves.read_move(CLASSIC, "zz")


BLIND_ANYTIME = Ruleset(blind_nil=True, blind_nil_deficit=None, target=200, round_cap=3)
DOUBLE_NIL = Ruleset(players=2, target=200, round_cap=3)


def daring() -> Policy:
    """The heuristic bot, but blind (or double) nil whenever she may, and a full exchange."""
    policy = heuristic_policy()

    def choose(view: View) -> Move:
        legal = view.legal_moves()
        if Bid(0, blind=True) in legal:
            return Bid(0, blind=True)
        if view.phase is spades.Phase.EXCHANGING:
            return legal[-1]
        return policy(view)

    return choose


@pytest.mark.parametrize(("rules", "seat"), [(BLIND_ANYTIME, 0), (DOUBLE_NIL, 1)])
def test_blind_nil_card_passes_and_exchanges_show_only_what_the_person_may_see(
    rules: Ruleset, seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_bots(monkeypatch, heuristic=lambda seed: daring())
    screen, errors = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", Person(screen, choose=bold))
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stderr", errors)
    assert terminal.play(rules, ruleset_text(rules), 8, seat) == 0
    out = screen.getvalue()
    assert "is illegal" not in out
    assert OUTCOME.fullmatch(replay(out)[0][-1])
    if rules.players == 4:
        assert "Your cards are face down: bid blind nil now" in out
        assert "Legal moves: bid blind nil, look" in out
        card = "[2-9TJQKA][CDHS]"
        assert re.search(rf"^you: pass {card} {card} to your partner$", out, re.M)
        assert re.search(rf"^seat 2: pass {card} {card} to you$", out, re.M)
        assert re.search(r"^seat 1: pass 2 cards to seat 3$", out, re.M)
        assert re.search(r"^seat 3: pass 2 cards to seat 1$", out, re.M)
        assert "Legal moves: pass " in out
        assert re.search(r"^  your blind nil: (made it|took \d+) ", out, re.M)
        assert re.search(r"^  your partner's blind nil: (made it|took \d+) ", out, re.M)
    else:
        assert "Legal moves: bid blind nil, keep, reject" in out
        assert "you: bid blind nil" in out
        assert "seat 0: bid blind nil" in out
        assert re.search(r"^  your blind nil: (made it|took \d+) ", out, re.M)
        gloss = "'bid blind nil' (double nil; 'bid double nil' works too)"
        flat = " ".join(out.split())  # (the banner is wrapped over lines)
        assert flat.count(gloss) == 1  # the banner's, once: elsewhere it is "bid blind nil"
        assert "double nil" not in flat.replace(gloss, "")
        assert re.search(r"^seat 0: exchange 3 cards with the discards$", out, re.M)
        assert "you give no card, draw no card" in out
        assert "Legal moves: exchange (keeps your hand), or up to 3 of your cards" in out
        assert re.search(r"^you keep [2-9TJQKA][CDHS] and discard [2-9TJQKA][CDHS]$", out, re.M)


@pytest.mark.parametrize("rules", [BLIND_ANYTIME, DOUBLE_NIL])
def test_the_demo_shows_blind_nil_passes_and_exchanges(
    rules: Ruleset, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with_bots(monkeypatch, heuristic=lambda seed: daring())
    assert demo.demo(rules, "custom", 8) == 0
    out = capsys.readouterr().out
    for block in rounds_of(out):
        check_round(rules, block)
    if rules.players == 4:
        assert re.search(r"^  seat [0-3] passes (\S\S )+to its partner$", out, re.M)
        assert re.search(r"Bids: seat 1: blind nil", out)
        assert "'s blind nil: " in out
    else:
        assert re.search(r"^  seat [01] gives (\S\S ){3}and draws (\S\S ?){3}$", out, re.M)
        assert "'s blind nil: " in out
        assert "double nil" not in out


# --- simulate -----------------------------------------------------------------------------


def test_simulate_gives_the_same_summary_whatever_the_worker_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--games", "6", "--rules", "miniokey-250", "--seed", "9"]
    code, one, err = run([*argv, "--workers", "1"], capsys)
    assert (code, err) == (0, "")  # no progress line but on a terminal
    code, two, err = run([*argv, "--workers", "2"], capsys)
    assert (code, err) == (0, "")
    assert one == two
    lines = one.splitlines()
    assert lines[:2] == [
        "Spades simulation: 6 games, rules miniokey-250, seed 9.",
        "Heuristic bots in every seat.",
    ]
    wins = re.search(r"wins +(\d+) \(\S+%\) +(\d+) \(\S+%\)", one)
    draws = re.search(r"draws: (\d+) ", one)
    endings = re.search(
        r"endings: target (\d+), losing floor (\d+), round cap (\d+), stopped 0", one
    )
    assert wins is not None
    assert draws is not None
    assert endings is not None
    assert int(wins[1]) + int(wins[2]) + int(draws[1]) == 6
    assert sum(map(int, endings.groups())) == 6
    for label in ("mean points per round", "nil bids, made", "contracts, made", "bag penalties"):
        assert label in one


def test_simulate_results_are_the_games_of_the_derived_seeds() -> None:
    result = simulate.simulate_game((CLASSIC, game_seed(3, 1), ("heuristic", "random"), None))
    seed = game_seed(3, 1)
    policies = [heuristic_policy(), random_policy(game_seed(seed, 1))]
    policies += [heuristic_policy(), random_policy(game_seed(seed, 3))]
    state = play_game(CLASSIC, policies, seed=seed)
    assert result.scores == state.scores
    assert result.rounds == len(state.rounds)
    assert result.winner == (state.outcome.winner if state.outcome else None)
    assert game_seed(3, 1) != game_seed(3, 2) != game_seed(4, 1)


@pytest.mark.parametrize(("opponents", "number"), [("random", 3), ("fallback", 200)])
def test_simulate_against_other_bots_and_report_stopped_games(
    opponents: str, number: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(games, "ROUND_LIMIT", 1)
    stderr = Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    argv = ["simulate", "--games", str(number), "--opponents", opponents, "--rules", "2p"]
    code, out, _ = run(argv, capsys)
    assert code == 0
    assert f"\nHeuristic bots (side 0) against {opponents} bots (side 1).\n" in out
    assert f"endings: target 0, losing floor 0, round cap 0, stopped {number}" in out
    assert f"stopped: no winner after 1 round in {number} games" in out
    assert "blind nil bids, made" in out
    assert "blind bids, made" in out  # numbers bid blind (rule-blind-bids)
    assert "double nil" not in out
    updates = stderr.getvalue().split("\r")[1:]
    assert updates[0].startswith(f"simulate: 1/{number} games, ")  # from the first game on
    assert re.fullmatch(r"simulate: (\d+)/\1 games in [\w ]+ *\n", updates[-1])
    assert len(updates) == {3: 3, 200: 101}[number]  # about a hundred: each 1%, and game 1
    assert all(re.fullmatch(r"simulate: \d+/\d+ games, [\w ]+ left *", u) for u in updates[:-1])


def test_one_game_is_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["simulate", "--games", "1", "--rules", "2p", "--target", "50"], capsys)
    assert code == 0
    assert out.startswith("Spades simulation: 1 game, rules two-handed, seed 1.\n")


def test_a_game_s_counts_of_nil_bids_contracts_bags_and_penalties() -> None:
    rules = Ruleset(blind_nil=True, blind_nil_deficit=None, bag_limit=1, round_cap=2)

    def bidder(view: View) -> Move:  # seat 0 bids blind nil, seat 2 nil, the others 1
        if view.phase is not spades.Phase.BIDDING:
            return fallback_move(view)
        if view.hand is None:
            return Bid(0, blind=True) if view.seat == 0 else Look()
        return Bid(0) if view.seat == 2 else Bid(1)

    state = play_game(rules, [bidder] * 4, seed=5)
    counts = [
        dict(zip(simulate.COUNTERS, simulate.side_counts(state, side), strict=True))
        for side in (0, 1)
    ]
    rounds = state.rounds
    assert len(rounds) == 2
    assert counts[0] == {
        "nil bids": 2,
        "nils made": sum(score.tricks[2] == 0 for score in rounds),
        "blind nil bids": 2,
        "blind nils made": sum(score.tricks[0] == 0 for score in rounds),
        "blind bids": 0,  # blind nil is no number bid blind
        "blind bids made": 0,
        "contracts": 0,  # nil and blind nil: no contract
        "contracts made": 0,
        "contracts exact": 0,
        "bags": sum(score.tricks[0] + score.tricks[2] for score in rounds),  # counted, over 0
        "bag penalties": sum(score.sides[0].bag_penalty < 0 for score in rounds),
        "penalty points": sum(score.sides[0].bag_penalty for score in rounds),
    }
    penalties = sum(score.sides[1].bag_penalty < 0 for score in rounds)
    assert penalties > 0
    assert counts[1]["contracts"] == 2
    assert counts[1]["contracts made"] == sum(score.sides[1].made for score in rounds)
    assert (counts[1]["bag penalties"], counts[1]["penalty points"]) == (
        penalties,
        -100 * penalties,
    )
    assert counts[1]["nil bids"] == counts[1]["blind nil bids"] == 0


def test_the_summary_counts_nils_penalties_and_endings() -> None:
    side = dict.fromkeys(simulate.COUNTERS, 0)
    made = {**side, "nil bids": 4, "nils made": 3, "contracts": 8, "contracts made": 6}
    made.update({"bags": 12, "bag penalties": 1, "penalty points": -100})
    results = [
        simulate.GameResult(
            0, "target", 5, (510, 300), (tuple(made.values()), tuple(side.values()))
        ),
        simulate.GameResult(None, "round_cap", 3, (10, 10), (tuple(side.values()),) * 2),
    ]
    lines = simulate.summary(CLASSIC, simulate.Totals.of(results), None)
    text = "\n".join(lines)
    assert re.search(r"wins +1 \(50\.0%\) +0 \(0\.0%\)", text)
    assert re.search(r"mean points per round +\+65\.00 +\+38\.75", text)
    assert re.search(r"nil bids, made +4, 3 \(75\.0%\) +0$", text, re.M)
    assert re.search(r"contracts, made +8, 6 \(75\.0%\) +0$", text, re.M)
    assert re.search(r"bags per round +1\.50 +0\.00", text)
    assert re.search(r"bag penalties, points +1, -100 +0, 0", text)
    assert "draws: 1 (50.0%); rounds: 8, 4.0 a game" in text
    assert "endings: target 1, losing floor 0, round cap 1, stopped 0" in text


# --- tables -------------------------------------------------------------------------------


def test_source_b_round_table_of_the_worked_example() -> None:
    # Source B: contract 7 (4 + 3) taking 9 tricks scores 72 with 2 bags; 5 (2 + 3) taking 4
    # loses 50.
    score = score_round(spades.MINIOKEY, [Bid(4), Bid(2), Bid(3), Bid(3)], [5, 2, 4, 2])
    assert table_text.round_table(spades.MINIOKEY, 1, score, (72, -50)) == [
        "  After round 1       bids           tricks points bags total to target",
        "  side 0 (seats 0+2)  4 + 3               9    +72    2    72       428",
        "  side 1 (seats 1+3)  2 + 3               4    -50    0   -50       550",
    ]
    assert table_text.round_notes(spades.MINIOKEY, score) == []


def test_round_table_marks_the_person_s_side_and_notes_nil_and_bag_penalty() -> None:
    score = score_round(
        spades.MINIOKEY, [Bid(0), Bid(4), Bid(3), Bid(3)], [0, 5, 6, 2], bags=(9, 0)
    )
    assert table_text.round_table(spades.MINIOKEY, 4, score, (250, 510), you=2) == [
        "  After round 4              bids           tricks points bags total to target",
        "  side 0 (seats 0+2, yours)  nil + 3             6    +33    2   250       250",
        "  side 1 (seats 1+3)         4 + 3               7    +70    0   510   reached",
    ]
    # The widest table (a side of four players, marked as hers) fits an 80-column terminal.
    widest = table_text.round_table(spades.MINIOKEY, 10, score, (-1000, 1000), you=0)
    assert max(map(len, widest)) <= 78
    assert table_text.round_notes(spades.MINIOKEY, score) == [
        "  seat 0's nil: made it (+100)",
        "  side 0 (seats 0+2): bag penalty -100",
    ]
    missed = score_round(TWO_HANDED, [Bid(0, blind=True), Bid(5)], [1, 12])
    assert table_text.round_notes(TWO_HANDED, missed) == ["  seat 0's blind nil: took 1 (-200)"]


def test_a_drawn_game_and_the_two_player_names() -> None:
    rules = Ruleset(players=2, round_cap=1)
    drawn = next(
        state
        for seed in range(1000)
        if (
            state := play_game(rules, [random_policy(seed), random_policy(-seed)], seed=seed)
        ).scores[0]
        == state.scores[1]
    )
    total = drawn.scores[0]
    assert table_text.outcome_lines(drawn) == [
        f"The game is drawn {total} all after the round cap of 1 round."
    ]
    assert table_text.side_name(rules, 1, you=1) == "seat 1 (you)"
    assert (
        table_text.round_header(rules, 2, 1)
        == "Round 2: seat 1 draws first; seat 0 bids and leads first"
    )


# --- argument errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "the following arguments are required: COMMAND"),
        (["deal"], "invalid choice: 'deal'"),
        (["demo", "--rules", "bridge"], "'bridge' is not a ruleset name; known: classic,"),
        (["demo", "--seed", "-1"], "argument --seed: '-1' is not a seed"),
        (["demo", "--seed", str(2**128)], "is not a seed: a whole number from 0 to 2**128 - 1"),
        (["demo", "--target", "0"], "argument --target: '0' is not a target: a whole number"),
        (["play", "--seat", "4"], "argument --seat: '4' is not a seat: a whole number from 0 to 3"),
        (["play", "--rules", "2p", "--seat", "2"], "'2' is not a seat: a whole number from 0 to 1"),
        (["play", "--seat", "west"], "argument --seat: 'west' is not a seat: a whole number"),
        (["simulate", "--rules", "classic"], "the following arguments are required: --games"),
        (["simulate", "--games", "x"], "argument --games: 'x' is not a number of games: a whole"),
        (["simulate", "--games", "2", "--workers", "0"], "argument --workers: '0' is not"),
        (["simulate", "--games", "2", "--opponents", "human"], "invalid choice: 'human'"),
        (
            ["demo", "--indent", "2"],
            "argument --indent: indents the record: give --record FILE too",
        ),
        (["demo", "--indent", "17"], "argument --indent: '17' is not an indent: a whole number"),
    ],
)
def test_argument_errors_exit_with_the_usage_and_code_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: spades")
    assert message in " ".join(err.split())  # (a long message is wrapped over lines)


HUGE = "9" * 5000
"""A number of more digits than Python converts (4,300): no argument gets so far."""
SHOWN = "'9999999999999999999999999999999999999'..."
"""How a message shows `HUGE`: cut short (`spades._errors.quoted`)."""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # A ruleset field out of the library's range is the usage error, not RulesetError.
        (["demo", "--target", "1000000001"], "'1000000001' is not a target: a whole number"),
        (["play", "--target", str(10**30)], "from 1 to 1000000000"),
        (["simulate", "--games", "1", "--target", HUGE], f"--target: {SHOWN} is not a target"),
        # Counts: up to 10**18 games (or deals), up to 61 worker processes.
        (["simulate", "--games", str(10**18 + 1)], "is not a number of games: a whole number"),
        (["duel", "random", "random", "--games", HUGE], f"{SHOWN} is not a number of deals"),
        (["simulate", "--games", "1", "--workers", "62"], "'62' is not a number of workers: a"),
        (["duel", "random", "random", "--games", "1", "--workers", HUGE], f"{SHOWN} is not a"),
        # Seeds, seats and indents of any length are refused with a short message.
        (["demo", "--seed", HUGE], f"argument --seed: {SHOWN} is not a seed"),
        (["play", "--seed", "٣"], "argument --seed: '٣' is not a seed"),
        (["play", "--seat", HUGE], f"argument --seat: {SHOWN} is not a seat"),
        (["play", "--seat", "-1"], "argument --seat: '-1' is not a seat"),
        (["demo", "--record", "x", "--indent", HUGE], f"--indent: {SHOWN} is not an indent"),
    ],
)
def test_every_out_of_range_argument_is_a_usage_error_with_a_short_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: spades")
    assert message in " ".join(err.split())
    assert len(err) < 1000
    assert "Traceback" not in err


def test_help_exits_with_0(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["simulate", "--help"])
    assert exit_.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "blake2b" in out
    assert f"stops after {games.ROUND_LIMIT} rounds" in out


def test_version_prints_the_library_s_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"spades {spades.__version__}\n"


@pytest.mark.parametrize(
    ("argv", "limit"),
    [(["play", "--seat", "5"], 3), (["play", "--rules", "2p", "--seat", "2"], 1)],
)
def test_a_seat_out_of_range_shows_the_play_command_s_usage(
    argv: list[str], limit: int, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: spades play [-h] ")
    said = f"spades play: error: argument --seat: '{argv[-1]}' is not a seat: a whole number"
    assert f"{said} from 0 to {limit}\n" in err


@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_help_fits_100_columns_even_on_a_wider_terminal(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    with pytest.raises(SystemExit) as exit_:
        cli.main([command, "--help"])
    assert exit_.value.code == 0
    lines = capsys.readouterr().out.splitlines()
    assert 80 < max(map(len, lines)) <= text.WIDTH  # wider than argparse's fallback of 80


def test_an_argument_error_is_wrapped_between_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    with pytest.raises(SystemExit):
        cli.main(["demo", "--seed", str(2**128)])
    err = capsys.readouterr().err
    assert max(map(len, err.splitlines())) <= text.WIDTH
    message = f"spades demo: error: argument --seed: '{2**128}' is not a seed: a whole number "
    said = err[err.index("spades demo: error: ") :]
    assert said.split() == (message + "from 0 to 2**128 - 1").split()
    assert said.count("\n") == 2


# --- text that fits, moves that exist ----------------------------------------------------


@pytest.mark.parametrize(("columns", "width"), [("80", 80), ("300", 100), ("20", 40)])
def test_lines_fit_the_terminal_from_40_to_100_columns_and_100_elsewhere(
    columns: str, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    assert text.width(Terminal()) == width
    assert text.width(io.StringIO()) == text.WIDTH == 100  # a file or a pipe
    assert text.width(cast("TextIO", object())) == text.WIDTH  # (a stream that cannot say)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert text.width() == width
    text.show("word " * 30)
    shown = terminal.getvalue().splitlines()
    assert max(map(len, shown)) <= width < len("word " * 30)


def test_progress_says_the_games_played_and_the_time_left_at_the_pace_so_far() -> None:
    seconds = iter([100.0, 110.0, 130.0, 160.0, 3700.0])
    screen = Terminal()
    line = progress.Progress("simulate", file=screen, clock=lambda: next(seconds))
    line(1, 4)  # 10 s a game so far: 30 s left
    line(2, 4)  # 15 s a game: 30 s left
    line(3, 4)  # 20 s a game: 20 s left
    line(4, 4)  # done, in an hour
    line.end()
    line.end()  # a line is ended once
    assert screen.getvalue().split("\r")[1:] == [
        "simulate: 1/4 games, 30 s left",
        "simulate: 2/4 games, 30 s left",
        "simulate: 3/4 games, 20 s left",
        "simulate: 4/4 games in 1 h 0 min\n",
    ]
    shorter = Terminal()
    one = progress.Progress("duel", file=shorter, clock=iter([0.0, 75.0, 75.0]).__next__)
    one(1, 1)
    one.end()
    assert shorter.getvalue() == "\rduel: 1/1 game in 1 min 15 s\n"


def test_progress_pads_a_line_over_a_longer_one_and_is_silent_off_a_terminal() -> None:
    seconds = iter([0.0, 3600.0 * 5, 3600.0 * 5 + 1])
    screen = Terminal()
    line = progress.Progress("duel", file=screen, clock=lambda: next(seconds))
    line(1, 3)
    line(3, 3)
    first, last = screen.getvalue().split("\r")[1:]
    assert first == "duel: 1/3 games, 10 h 0 min left"
    assert last.rstrip() == "duel: 3/3 games in 5 h 0 min"
    assert len(last) == len(first)  # the longer line before is covered
    log = io.StringIO()
    quiet = progress.Progress("duel", file=log)
    quiet(1, 3)
    quiet.end()
    assert log.getvalue() == ""  # no carriage return in a log, no empty line either
    assert progress.Progress("x").file is sys.stderr


def test_wrap_breaks_a_line_between_words_only() -> None:
    words = [f"word{n}" for n in range(40)] + ["counter-clockwise", "x" * 120, "end"]
    line = "  " + " ".join(words)
    parts = text.wrap(line)
    assert len(parts) > 2
    assert [part for part in parts if len(part) > text.WIDTH] == ["    " + "x" * 120]
    assert " ".join(parts).split() == words  # no word broken, none lost
    assert parts[0].startswith("  word0 ")
    assert all(part.startswith("    ") for part in parts[1:])  # continued: two more
    assert text.wrap("  short   enough  ") == ["  short   enough"]


LISTED = {
    "classic": "'bid 3', 'bid nil' or 'play AS'",
    "no nil": "'bid 3' or 'play AS'",
    "blind nil": "'bid 3', 'bid nil', 'bid blind nil', 'look', 'play AS' or 'pass 2C 3D'",
    "blind nil passing 3": (
        "'bid 3', 'bid nil', 'bid blind nil', 'look', 'play AS' or 'pass 2C 3D 4H'"
    ),
    "blind nil without a pass": "'bid 3', 'bid nil', 'bid blind nil', 'look' or 'play AS'",
    "two-handed": (
        "'bid 3', 'bid nil', 'bid blind nil', 'play AS', 'keep', 'reject' or 'exchange 2C 3D'"
    ),
    "two players without double nil": "'bid 3', 'bid nil', 'play AS', 'keep' or 'reject'",
    "double nil without an exchange": (
        "'bid 3', 'bid nil', 'bid blind nil', 'play AS', 'keep' or 'reject'"
    ),
    "zero contract": "'bid 3', 'bid 0' or 'play AS'",
    "two players, zero contract": "'bid 3', 'bid 0', 'play AS', 'keep' or 'reject'",
    "nil pass": "'bid 3', 'bid nil', 'play AS' or 'pass 2C 3D 4H'",
    "nil pass of 4 and blind nil": (
        "'bid 3', 'bid nil', 'bid blind nil', 'look', 'play AS' or 'pass 2C 3D 4H 5S'"
    ),
    "three players": "'bid 3', 'bid nil' or 'play AS'",
    "three players, blind nil": "'bid 3', 'bid nil', 'bid blind nil', 'look' or 'play AS'",
}
VARIANTS = {
    "classic": CLASSIC,
    "no nil": Ruleset(nil=False),
    "blind nil": BLIND_ANYTIME,
    "blind nil passing 3": Ruleset(blind_nil=True, blind_nil_pass=3),
    "blind nil without a pass": Ruleset(blind_nil=True, blind_nil_pass=0),
    "two-handed": TWO_HANDED,
    "two players without double nil": Ruleset(players=2, blind_nil=False),
    "double nil without an exchange": Ruleset(players=2, blind_nil_exchange=0),
    "zero contract": Ruleset(nil=False, zero_contract=True),
    "two players, zero contract": Ruleset(
        players=2, nil=False, blind_nil=False, zero_contract=True
    ),
    "nil pass": Ruleset(nil_pass=3),
    "nil pass of 4 and blind nil": Ruleset(blind_nil=True, nil_pass=4, blind_nil_pass=1),
    "three players": Ruleset(players=3),  # rule-three-players: no pass, a look
    "three players, blind nil": Ruleset(players=3, blind_nil=True),
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_moves_named_to_the_person_are_those_of_her_rules(variant: str) -> None:
    rules, listed = VARIANTS[variant], LISTED[variant]
    with pytest.raises(spades.NotationError) as error:
        moves.read_move(rules, "zz")
    assert str(error.value) == f"'zz' is not a move in this game; write {listed}"
    helped = " ".join(moves.help_lines(rules))
    for word in ("nil", "blind", "look", "pass", "keep", "reject", "exchange"):
        assert (word in helped) == (word in listed), word
    assert ("double nil" in helped) == (rules.players == 2 and rules.blind_nil)


@pytest.mark.parametrize(
    ("rules", "typed", "message"),
    [
        (CLASSIC, "keep", f"'keep' is not a move in this game; write {LISTED['classic']}"),
        (CLASSIC, "look", f"'look' is not a move in this game; write {LISTED['classic']}"),
        (
            CLASSIC,
            "pass 2C 3D",
            f"'pass 2C 3D' is not a move in this game; write {LISTED['classic']}",
        ),
        (CLASSIC, "pass ZZ", f"'pass ZZ' is not a move in this game; write {LISTED['classic']}"),
        (CLASSIC, "play", f"'play' is not a move in this game; write {LISTED['classic']}"),
        (
            CLASSIC,
            "play AS KS",
            f"'play AS KS' is not a move in this game; write {LISTED['classic']}",
        ),
        (CLASSIC, "play ZZ", "'play ZZ' is not a move: 'ZZ' is not a card"),
        (BLIND_ANYTIME, "pass 2C ZZ", "'pass 2C ZZ' is not a move: 'ZZ' is not a card"),
        (TWO_HANDED, "exchange 2c 2C", "exchange names each card once, not twice"),
        (TWO_HANDED, "look", f"'look' is not a move in this game; write {LISTED['two-handed']}"),
        (
            TWO_HANDED,
            "pass 2C",
            f"'pass 2C' is not a move in this game; write {LISTED['two-handed']}",
        ),
    ],
)
def test_a_move_of_other_rules_is_no_move_and_a_bad_card_is_named(
    rules: Ruleset, typed: str, message: str
) -> None:
    with pytest.raises(spades.NotationError) as error:
        moves.read_move(rules, typed)
    assert message in str(error.value)


@pytest.mark.parametrize("typed", ["bid double nil", "bid blind nil"])
def test_two_players_declare_double_nil_as_bid_blind_nil_or_bid_double_nil(
    typed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--rules", "2p", "--seed", "3"]
    code, out, _, _ = session(monkeypatch, argv, script=[typed], answers=1)
    assert code == 1  # (the end of input, after it)
    assert "is illegal" not in out
    assert "\nyou: bid blind nil\n" in out
    assert str(Bid(0, blind=True)) == "bid blind nil"  # the library's name, in records too


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_help_and_error_texts_fit_100_columns_broken_between_words(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = PRESETS[name]
    other = "keep" if rules.players == 4 else "look"
    script = ["help", "what is this", other]
    code, out, err, _ = session(
        monkeypatch, ["play", "--rules", name, "--seed", "3"], script=script, answers=3
    )
    assert code == 1
    assert max(map(len, (out + err).splitlines())) <= text.WIDTH
    banner = out[out.index("\n") + 1 : out.index("\n\nRound 1: ")]
    expected = [*table_text.rules_lines(rules), *moves.help_lines(rules)]
    assert banner.split() == " ".join(expected).split()  # every word whole
    prompts = [out.index(f"your move> {line}\n") for line in script]
    helped = out[prompts[0] : prompts[1]].split()[3:]
    assert helped[: helped.index("Legal")] == " ".join(moves.help_lines(rules)).split()
    hint = "(A card alone, like AS, plays it; a number alone, like 3, bids it.)"
    for typed, start, end in zip(script[1:], prompts[1:], [*prompts[2:], None], strict=True):
        said = out[start:end].split()[2 + len(typed.split()) :]
        with pytest.raises(spades.NotationError) as error:
            moves.read_move(rules, typed)
        assert " ".join(said).startswith(f"{error.value} {hint}")


def test_demo_record_indent_writes_indented_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    compact, indented = tmp_path / "compact.json", tmp_path / "indented.json"
    argv = ["demo", "--rules", "miniokey-250", "--seed", "4", "--record"]
    assert run([*argv, str(compact)], capsys)[0] == 0
    assert run([*argv, str(indented), "--indent", "2"], capsys)[0] == 0
    record = spades.records.loads(compact.read_text(encoding="utf-8"))
    assert compact.read_text(encoding="utf-8") == spades.records.dumps(record) + "\n"
    assert indented.read_text(encoding="utf-8") == spades.records.dumps(record, indent=2) + "\n"
    assert '\n  "' in indented.read_text(encoding="utf-8")


ZERO_MINIMUM = Ruleset(nil=False, zero_contract=True, team_minimum=4, ten_for_two_hundred=True)


def test_a_zero_contract_is_shown_as_0_not_nil_and_has_no_note() -> None:
    """Rule: reading-zero-bid."""
    zero = Ruleset(nil=False, zero_contract=True)
    assert table_text.bid_text(Bid(0), zero) == "0"
    assert table_text.bid_text(Bid(0)) == table_text.bid_text(Bid(0), CLASSIC) == "nil"
    assert table_text.bid_text(Bid(3), zero) == "3"
    assert table_text.move_words(zero, Bid(0)) == "bid 0"
    assert table_text.move_words(CLASSIC, Bid(0)) == "bid nil"
    assert table_text.move_words(zero, spades.Play(spades.Card.parse("AS"))) == "play AS"
    score = score_round(zero, [Bid(0), Bid(4), Bid(3), Bid(3)], [2, 5, 3, 3])
    assert table_text.round_table(zero, 1, score, score.points)[1].split()[4:7] == ["0", "+", "3"]
    assert table_text.round_notes(zero, score) == []
    assert table_text.round_notes(CLASSIC, score_round(CLASSIC, score.bids, score.tricks)) == [
        "  seat 0's nil: took 2 (-100)"
    ]


@pytest.mark.parametrize(
    ("rules", "gloss"),
    [
        (Ruleset(nil_pass=3), "'pass 2C 3D 4H' (3 cards, after a nil)"),
        (Ruleset(blind_nil=True, blind_nil_pass=1), "'pass 2C' (1 card, after a blind nil)"),
        (
            Ruleset(blind_nil=True, nil_pass=4, blind_nil_pass=1),
            "'pass 2C 3D 4H 5S' (4 cards after a nil, 1 card after a blind nil)",
        ),
        (Ruleset(nil_pass=2, blind_nil_pass=3), "'pass 2C 3D' (2 cards, after a nil)"),
    ],
    ids=["nil", "blind nil", "both", "no blind nil"],
)
def test_the_help_says_how_many_cards_a_pass_takes_after_which_nil(
    rules: Ruleset, gloss: str
) -> None:
    """The example passes the most a side may pass; the gloss says each kind's count (a
    blind nil pass counts only under blind nil).

    Rules: rule-card-pass, reading-card-pass.
    """
    helped = " ".join(moves.help_lines(rules))
    assert f" {gloss}" in helped
    assert helped.count("'pass") == 1


def test_the_pass_hint_says_the_count_due() -> None:
    """A nil side's count, then a blind nil side's: the hint names the passer's own.

    Rules: rule-card-pass, reading-card-pass.
    """
    rules = Ruleset(blind_nil=True, blind_nil_deficit=None, nil_pass=3, blind_nil_pass=1)
    state = spades.new_game(rules, deck=spades.DECK)
    for typed in ("look", "bid nil", "bid blind nil", "look", "bid 4", "look", "bid 4"):
        state = spades.apply(state, spades.parse_move(typed))
    assert state.to_move == 1
    assert screen.legal_text(spades.observe(state, 1)) == (
        "pass 2C 6C TC, or any other 3 of your cards"
    )
    for _ in range(2):  # seat 1's pass, then seat 3's
        state = spades.apply(state, spades.legal_moves(state)[0])
    assert state.to_move == 2
    assert screen.legal_text(spades.observe(state, 2)) == "pass 3C, or any other of your cards"


def test_the_rules_lines_say_the_nil_pass_and_the_late_double_nil() -> None:
    """Rules: rule-card-pass, reading-double-nil-timing."""
    assert table_text.rules_lines(Ruleset(nil_pass=1))[1] == (
        "After a nil, the nil bidder and her partner pass 1 card each way."
    )
    assert table_text.rules_lines(Ruleset(nil_pass=4))[1] == (
        "After a nil, the nil bidder and her partner pass 4 cards each way."
    )
    late = attrs.evolve(TWO_HANDED, double_nil_timing=spades.DoubleNilTiming.AFTER_FIRST_CHOICE)
    assert table_text.rules_lines(late)[1] == (
        "Double nil is declared at a player's second turn to draw, not her first."
    )
    assert len(table_text.rules_lines(attrs.evolve(late, blind_nil=False))) == 2


def test_a_person_plays_a_game_with_nil_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bidding nil whenever she may under a nil pass of 3: she and her partner pass three
    cards each way, which she sees; the others' passes show their size only.

    Rule: rule-card-pass.
    """
    rules = Ruleset(nil_pass=3, target=150, round_cap=3)
    shown = person_plays(monkeypatch, rules, 4, 0, choose=bold)
    assert OUTCOME.fullmatch(replay(shown)[0][-1])
    assert "After a nil, the nil bidder and her partner pass 3 cards each way." in shown
    card = "[2-9TJQKA][CDHS]"
    assert re.search(rf"^you: pass {card} {card} {card} to your partner$", shown, re.M)
    assert re.search(rf"^seat 2: pass {card} {card} {card} to you$", shown, re.M)
    assert re.search(
        r"^Legal moves: pass (\S\S ){2}\S\S, or any other 3 of your cards$", shown, re.M
    )
    assert re.search(r"^seat 3: pass 3 cards to seat 1$", shown, re.M)  # seat 3 bid nil
    assert not re.search(r"pass \d cards? to", shown.replace("3 cards to", ""))


def test_the_rules_lines_say_the_zero_contract_the_team_minimum_and_ten_for_200() -> None:
    """Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred."""
    assert table_text.rules_lines(ZERO_MINIMUM)[1:4] == [
        "No nil: a bid of 0 is a contract of no tricks; its tricks count.",
        "A side's two bids must add up to at least 4.",
        "A contract of 10 or more wins 200 when made and loses 200 when set.",
    ]
    for rules in SOURCE_PRESETS.values():
        assert len(table_text.rules_lines(rules)) == 2


def test_the_legal_bids_hint_says_the_lowest_bid_under_a_team_minimum() -> None:
    """Seat 3, whose partner bid 1, bids from 3; after a 0 her partner, from 4.

    Rules: rule-team-minimum, reading-zero-bid.
    """
    state = spades.new_game(ZERO_MINIMUM, seed=3)
    assert screen.legal_text(spades.observe(state, 1)) == (
        "bid 0, bid 1 to bid 13 (or just the number)"
    )
    state = spades.apply(spades.apply(state, Bid(1)), Bid(0))
    assert screen.legal_text(spades.observe(state, 3)) == (
        "bid 3 to bid 13 (or just the number): your side's bids must add up to at least 4"
    )
    state = spades.apply(state, Bid(5))
    assert screen.legal_text(spades.observe(state, 0)) == (
        "bid 4 to bid 13 (or just the number): your side's bids must add up to at least 4"
    )
    thirteen = Ruleset(team_minimum=13)
    state = spades.apply(spades.new_game(thirteen, seed=3), Bid(0))
    state = spades.apply(state, Bid(5))
    assert screen.legal_text(spades.observe(state, 3)) == (
        "bid 13: your side's bids must add up to at least 13"
    )
    assert screen.legal_text(spades.observe(spades.new_game(CLASSIC, seed=3), 1)) == (
        "bid nil, bid 1 to bid 13 (or just the number)"
    )


def test_a_person_plays_a_zero_contract_and_a_team_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bidding zero whenever she may: every move legal, zero said as 0, the minimum's hint.

    Rules: reading-zero-bid, rule-team-minimum, rule-ten-for-two-hundred.
    """
    rules = attrs.evolve(ZERO_MINIMUM, target=150, round_cap=6)
    shown = person_plays(monkeypatch, rules, 4, 0, choose=bold)
    said = shown.replace("No nil: a bid of 0", "").replace(ruleset_text(rules), "rules")
    assert "nil" not in said
    assert "'bid 0' (a contract of no tricks)" in shown
    assert "\nyou: bid 0\n" in shown
    assert "Legal moves: bid 0, bid 1 to bid 13 (or just the number)\n" in shown
    assert "your side's bids must add up to at least 4\n" in shown


def test_the_rules_lines_and_the_bid_hint_say_what_suicide_asks() -> None:
    """Seat 1 bids first for her side; after seat 1's 5 and seat 2's nil, seat 3 bids nil
    alone and seat 0 from 4.

    Rule: rule-suicide.
    """
    rules = Ruleset(bidding=Bidding.SUICIDE)
    assert table_text.rules_lines(rules)[1] == (
        "Suicide: in each side one partner bids nil and the other 4 or more; "
        "the first of the two to bid chooses."
    )
    state = spades.new_game(rules, seed=3)
    assert screen.legal_text(spades.observe(state, 1)) == (
        "bid nil, bid 4 to bid 13 (or just the number): under Suicide one partner bids nil "
        "and the other 4 or more"
    )
    state = spades.apply(spades.apply(state, Bid(5)), Bid(0))
    assert screen.legal_text(spades.observe(state, 3)) == (
        "bid nil (under Suicide you bid nil after your partner's 5)"
    )
    state = spades.apply(state, Bid(0))
    assert screen.legal_text(spades.observe(state, 0)) == (
        "bid 4 to bid 13 (or just the number): under Suicide you bid 4 or more after your "
        "partner's nil"
    )


@pytest.mark.parametrize("choose", [bold, plain], ids=["nil first", "a number first"])
def test_a_person_plays_suicide(
    monkeypatch: pytest.MonkeyPatch, choose: Callable[[list[str]], str]
) -> None:
    """Typing the first move the hint offers (nil, or the first number): every move legal,
    and each of Suicide's hints shown.

    Rule: rule-suicide.
    """
    rules = Ruleset(bidding=Bidding.SUICIDE, target=150, round_cap=4)
    shown = person_plays(monkeypatch, rules, 4, 0, choose=choose)
    assert "Suicide: in each side one partner bids nil" in shown
    assert "under Suicide one partner bids nil and" in shown  # the lines are wrapped
    assert re.search(
        r"under Suicide you bid (4 or more after your|nil after your partner's \d)", shown
    )


def test_the_rules_lines_and_the_bid_hint_say_what_whiz_and_mirror_ask() -> None:
    """Dealt from the library's deck, seat 1 holds 3 spades; under seed 162 she holds none.

    Rules: rule-whiz, rule-mirror.
    """
    whiz, mirror = Ruleset(bidding=Bidding.WHIZ), Ruleset(bidding=Bidding.MIRROR)
    zero = Ruleset(bidding=Bidding.WHIZ, nil=False, zero_contract=True)
    assert table_text.rules_lines(whiz)[1] == "Whiz: each player bids her number of spades, or nil."
    assert table_text.rules_lines(mirror)[1] == (
        "Mirror: each player bids her number of spades, nil with none."
    )
    assert table_text.rules_lines(zero)[2] == "Whiz: each player bids her number of spades, or 0."
    hints = {
        (whiz, None): "bid nil, bid 3 (you hold 3 spades: under Whiz you bid 3 or nil)",
        (zero, None): "bid 0, bid 3 (you hold 3 spades: under Whiz you bid 3 or 0)",
        (mirror, None): "bid 3 (you hold 3 spades: under Mirror you bid 3)",
        (whiz, 162): "bid nil (you hold no spades: under Whiz you bid nil)",
        (mirror, 162): "bid nil (you hold no spades: under Mirror you bid nil)",
    }
    for (rules, seed), hint in hints.items():
        state = spades.new_game(rules, seed=seed, deck=spades.DECK if seed is None else None)
        assert state.to_move == 1
        assert screen.legal_text(spades.observe(state, 1)) == hint
        # the hint's reason is the refusal's, for a bid it leaves out
        with pytest.raises(spades.IllegalMoveError, match=re.escape(hint.split(" (")[1][:-1])):
            spades.apply(state, Bid(13))
    state = spades.new_game(whiz, deck=spades.DECK)
    assert "spade:" not in screen.legal_text(spades.observe(spades.apply(state, Bid(0)), 2))


@pytest.mark.parametrize(
    ("bidding", "choose"),
    [(Bidding.MIRROR, plain), (Bidding.WHIZ, plain), (Bidding.WHIZ, bold)],
    ids=["mirror", "whiz, her number", "whiz, nil"],
)
def test_a_person_plays_a_whole_game_under_whiz_and_mirror(
    monkeypatch: pytest.MonkeyPatch, bidding: Bidding, choose: Callable[[list[str]], str]
) -> None:
    """Each of her bids comes with the hint's reason, her number of spades: under Mirror
    her one bid is played for her; under Whiz she types her number, or nil. Every move is
    legal.

    Rules: rule-whiz, rule-mirror.
    """
    rules = Ruleset(bidding=bidding, round_cap=3)
    shown = person_plays(monkeypatch, rules, 5, 2, choose=choose)
    mode = bidding.name.title()
    assert f"{mode}: each player bids her number of spades" in shown
    bids = re.findall(
        r"you hold (\d+|no) spades?: under (\w+) you bid [^\n]*\n"
        r"(?:your move> [^\n]*\n)?you: bid (\w+)$",
        shown,
        re.M,
    )
    assert len(bids) == len(re.findall(r"^you: bid ", shown, re.M)) > 1  # each with its hint
    for count, said, bid in bids:
        assert said == mode
        if count == "no" or choose is bold:
            assert bid == "nil"
        else:
            assert bid == count
    forced = re.findall(r"^Your only legal move, bid \S+ \(you hold", shown, re.M)
    assert (len(forced) == len(bids)) is (bidding is Bidding.MIRROR)


def test_round_notes_speak_to_the_person_of_her_nil_and_her_partner_s() -> None:
    rules = Ruleset(blind_nil=True)
    bids = [Bid(0), Bid(0), Bid(0, blind=True), Bid(5)]
    score = score_round(rules, bids, [0, 2, 1, 10])
    assert table_text.round_notes(rules, score, you=0) == [
        "  your nil: made it (+100)",
        "  seat 1's nil: took 2 (-100)",
        "  your partner's blind nil: took 1 (-200)",
    ]
    assert table_text.round_notes(rules, score, you=2) == [
        "  your partner's nil: made it (+100)",
        "  seat 1's nil: took 2 (-100)",
        "  your blind nil: took 1 (-200)",
    ]
    missed = score_round(TWO_HANDED, [Bid(0, blind=True), Bid(5)], [1, 12])
    assert table_text.round_notes(TWO_HANDED, missed, you=0) == ["  your blind nil: took 1 (-200)"]
    assert table_text.round_notes(TWO_HANDED, missed, you=1) == [
        "  seat 0's blind nil: took 1 (-200)"
    ]


def test_demo_record_ending_in_ptn_writes_ptn_that_replays_to_the_printed_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A .ptn record is PTN text: each round a hand, replayed one after another to the
    game's last state.

    Rule: ref-ptn-format.
    """
    path = tmp_path / "game.PTN"
    code, out, err = run(["demo", "--seed", "4", "--record", str(path)], capsys)
    assert (code, err) == (0, "")
    json_path = tmp_path / "game.json"
    assert run(["demo", "--seed", "4", "--record", str(json_path)], capsys)[0] == 0
    final = spades.records.loads(json_path.read_text(encoding="utf-8")).final_state
    hands = spades.records.read_ptn(path.read_text(encoding="utf-8"))
    assert len(hands) == len(final.rounds) == len(rounds_of(out))
    assert hands[0].tags["Event"] == "spades demo, seed 4, hand 1"
    scores: tuple[int, ...] = (0, 0)
    bags: tuple[int, ...] = (0, 0)
    for hand in hands:
        state = hand.replay(scores=scores, bags=bags)
        scores, bags = state.scores, state.bags
    assert (scores, state.outcome) == (final.scores, final.outcome)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--rules", "miniokey"],
            "argument --record: PTN records three or four players playing clockwise",
        ),
        (
            ["--rules", "two-handed"],
            "argument --record: PTN records three or four players playing clockwise",
        ),
        (["--indent", "2"], "argument --indent: indents JSON; a .ptn record is PTN text"),
    ],
)
def test_demo_record_in_ptn_is_refused_where_ptn_cannot_hold_the_game(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule: ref-ptn-format."""
    path = tmp_path / "game.ptn"
    with pytest.raises(SystemExit) as exit_:
        cli.main(["demo", *argv, "--record", str(path)])
    out, err = capsys.readouterr()
    assert (exit_.value.code, out) == (2, "")
    assert err.splitlines()[-1] == f"spades demo: error: {message}"
    assert not path.exists()


BLIND_NUMBERS = Ruleset(blind_bid_minimum=6)
"""Blind numbers from 6, for a side trailing by 100 points or more (rule-blind-bids)."""


def test_the_rules_lines_and_the_help_name_the_blind_numbers() -> None:
    """Rule: rule-blind-bids."""
    assert table_text.rules_lines(BLIND_NUMBERS)[1] == (
        "Blind bids: before looking at her hand, a player whose side trails by 100 points or "
        "more may bid 6 to 13 blind, for 20 points a trick, made or set."
    )
    anytime = Ruleset(blind_bid_minimum=13, blind_bid_deficit=None, blind_nil=True)
    assert table_text.rules_lines(anytime)[1] == (
        "Blind bids: before looking at her hand, a player may bid 13 blind, for 20 points a "
        "trick, made or set."
    )
    assert not any("Blind bids" in line for line in table_text.rules_lines(CLASSIC))
    assert moves.forms(BLIND_NUMBERS) == [
        "'bid 3'",
        "'bid nil'",
        "'bid blind 6'",
        "'look'",
        "'play AS'",
    ]
    assert "'bid blind 6' (6 to 13, before you look), 'look'" in moves.help_lines(BLIND_NUMBERS)[0]
    assert "'bid blind 13' (before you look), 'look'" in moves.help_lines(anytime)[0]
    assert [str(moves.read_move(BLIND_NUMBERS, text)) for text in ("blind 7", "look")] == [
        "bid blind 7",
        "look",
    ]


def face_down(rules: Ruleset, scores: tuple[int, ...] = (0, 0), *bids: Bid) -> View:
    """The view of the seat to bid after ``bids`` (each after a look), dealt from the pack
    in the library's order (`DECK` for four players)."""
    state = evolve_state(spades.new_game(rules, deck=rules.pack.cards), scores=scores)
    for bid in bids:
        if state.phase is spades.Phase.BIDDING and spades.legal_moves(state)[-1] == Look():
            state = spades.apply(state, Look())
        state = spades.apply(state, bid)
    assert state.to_move is not None
    view = spades.observe(state, state.to_move)
    assert view.hand is None
    return view


def test_the_face_down_hint_lists_the_blind_bids_open_and_why() -> None:
    """Seat 1 is first to bid; her side (1) trails by 150 points, or the rules allow blind
    numbers at any score; with blind nil too; under a team minimum of 9 after her
    partner's 2, from 7.

    Rules: rule-blind-bids, rule-blind-nil, rule-team-minimum.
    """
    anytime = attrs.evolve(BLIND_NUMBERS, blind_bid_deficit=None)
    both = attrs.evolve(anytime, blind_nil=True, blind_nil_deficit=None)
    minimum = attrs.evolve(anytime, team_minimum=9)
    cases = {
        face_down(BLIND_NUMBERS, (300, 150)): [
            "Your cards are face down: bid blind 6 to 13 now, or look at them first.",
            "A number bid blind counts 20 points a trick, made or set: your side trails by "
            "150 points (100 or more allows it).",
        ],
        face_down(anytime): [
            "Your cards are face down: bid blind 6 to 13 now, or look at them first.",
            "A number bid blind counts 20 points a trick, made or set: these rules allow it "
            "at any score.",
        ],
        face_down(both): [
            "Your cards are face down: bid blind nil or blind 6 to 13 now, or look at them first.",
            "A number bid blind counts 20 points a trick, made or set: these rules allow it "
            "at any score.",
        ],
        face_down(minimum, (0, 0), Bid(2), Bid(3)): [
            "Your cards are face down: bid blind 7 to 13 now, or look at them first.",
            "A number bid blind counts 20 points a trick, made or set: these rules allow it "
            "at any score.",
            "You bid blind 7 to 13, not from 6: your side's bids must add up to at least 9.",
        ],
        face_down(attrs.evolve(both, blind_bid_deficit=100)): [
            "Your cards are face down: bid blind nil now, or look at them first.",
        ],
    }
    legal = {
        "bid blind 6 to bid blind 13, look",
        "bid blind nil, bid blind 6 to bid blind 13, look",
        "bid blind 7 to bid blind 13, look",
        "bid blind nil, look",
    }
    for view, expected in cases.items():
        lines = screen.turn_lines(view)
        start = lines.index(expected[0])
        assert lines[start : start + len(expected) + 1] == [
            *expected,
            f"Legal moves: {screen.legal_text(view)}",
        ]
        assert screen.legal_text(view) in legal
        # the first of the legal moves, typed as it is, is legal
        first = moves.read_move(view.rules, screen.legal_text(view).split(" to ")[0].split(",")[0])
        assert first in view.legal_moves()
    thirteen = face_down(attrs.evolve(anytime, blind_bid_minimum=13))
    assert screen.legal_text(thirteen) == "bid blind 13, look"
    assert "bid blind 13 now" in screen.turn_lines(thirteen)[-3]


def test_round_notes_say_what_a_number_bid_blind_was_worth() -> None:
    """Rule: rule-blind-bids."""
    bids = [Bid(7, blind=True), Bid(3), Bid(2), Bid(6, blind=True)]
    score = score_round(BLIND_NUMBERS, bids, [8, 2, 2, 1])  # side 0 makes 9, side 1 is set
    assert table_text.round_notes(BLIND_NUMBERS, score, you=2) == [
        "  your partner's blind 7: made, 20 a trick (+140)",
        "  seat 3's blind 6: set, 20 a trick (-120)",
    ]
    assert table_text.round_notes(BLIND_NUMBERS, score) == [
        "  seat 0's blind 7: made, 20 a trick (+140)",
        "  seat 3's blind 6: set, 20 a trick (-120)",
    ]
    row = table_text.round_table(BLIND_NUMBERS, 1, score, score.points, you=0)[1]
    assert "blind 7 + 2" in row


def test_under_ten_for_two_hundred_the_notes_say_ten_more_a_trick_on_top_of_the_200() -> None:
    """The lines, the hint and the notes say it; below 10 a blind number is 20 a trick.

    Rule: reading-blind-ten-for-two-hundred.
    """
    rules = attrs.evolve(BLIND_NUMBERS, blind_bid_deficit=None, ten_for_two_hundred=True)
    worth = "20 points a trick, made or set (in a contract of 10 or more, 10 a trick on top of "
    assert table_text.rules_lines(rules)[1].endswith(f"blind, for {worth}the 200).")
    hint = screen.turn_lines(face_down(rules))
    assert f"A number bid blind counts {worth}the 200): these rules allow it at any score." in hint
    bids = [Bid(7, blind=True), Bid(3), Bid(4), Bid(6, blind=True)]
    score = score_round(rules, bids, [7, 1, 5, 0])  # side 0 makes 11, side 1 misses 9
    assert score.points == (271, -150)
    assert table_text.round_notes(rules, score, you=0) == [
        "  your blind 7: made, 10 more a trick on top of the 200 (+70)",
        "  seat 3's blind 6: set, 20 a trick (-120)",
    ]
    score = score_round(rules, bids, [6, 3, 4, 0])  # side 0 misses 11, side 1 misses 9
    assert table_text.round_notes(rules, score)[0] == (
        "  seat 0's blind 7: set, 10 more a trick on top of the 200 (-70)"
    )


def test_a_person_whose_side_trails_bids_blind() -> None:
    """She types the first move offered that is not a nil: a blind 6 whenever her side
    trails by 100 or more at a round's start, after the hint that says so; every move legal,
    and each blind 6 scored in the round's notes.

    Rule: rule-blind-bids.
    """
    rules = attrs.evolve(BLIND_NUMBERS, round_cap=6, target=300)
    with pytest.MonkeyPatch.context() as monkeypatch:
        shown = person_plays(monkeypatch, rules, 1, 0, choose=plain)
    blind = re.findall(
        r"^Scores: side 0 \(seats 0\+2, yours\) (-?\d+), side 1 \(seats 1\+3\) (-?\d+)\n"
        r"Bids: [^\n]*\n"
        r"Your cards are face down: bid blind 6 to 13 now, or look at them first\.\n"
        r"A number bid blind counts 20 points a trick, made or set: your side trails by\s+"
        r"(\d+)\s+points\s+\(100\s+or\s+more\s+allows\s+it\)\.\n"
        r"Legal moves: bid blind 6 to bid blind 13, look\n"
        r"your move> bid blind 6\n"
        r"you: bid blind 6$",
        shown,
        re.M,
    )
    assert len(blind) == len(re.findall(r"^you: bid blind", shown, re.M)) >= 2
    for ours, theirs, behind in blind:
        assert int(theirs) - int(ours) == int(behind) >= 100
    notes = re.findall(r"^  your blind 6: (made|set), 20 a trick \(([+-]120)\)$", shown, re.M)
    assert len(notes) == len(blind)
    assert all((said == "made") is (points == "+120") for said, points in notes)


JOKER_DECKS = (Deck.JOKER_JOKER_ACE, Deck.JOKER_JOKER_DEUCE_DEUCE)


def test_the_table_text_shows_jokers_and_the_deuce_of_diamonds_among_the_spades() -> None:
    """A hand shows each card in the row of the suit it plays as, at its rank there: the
    jokers above the ace of spades, and Joker-Joker-Deuce-Deuce's 2D between the little
    joker and the 2S; the banner names a joker deck's spades and the help its jokers.

    Rule: rule-decks.
    """
    cards = [Card.parse(text) for text in ["2S", "AS", "2D", "3D", "LJ", "BJ", "KH"]]
    jja, jjdd = JOKER_DECKS
    assert table_text.brief_hand(cards[:1] + cards[3:], jja) == "S: BJ LJ 2  H: K  D: 3  C: -"
    assert table_text.brief_hand(cards, jjdd) == "S: BJ LJ 2D 2 A  H: K  D: 3  C: -"
    order = [str(card) for card in table_text.hand_order(cards, jjdd)]
    assert order == ["BJ", "LJ", "2D", "2S", "AS", "KH", "3D"]
    assert table_text.rules_lines(Ruleset(deck=jjdd))[1] == (
        "Joker-Joker-Deuce-Deuce deck: no 2C or 2H; its spades, highest first: "
        "BJ, LJ, 2D, 2S, AS, KS ... 3S."
    )
    assert table_text.rules_lines(Ruleset(deck=jja))[1] == (
        "Joker-Joker-Ace deck: no 2C or 2D; its spades, highest first: BJ, LJ, AS, KS ... 2S."
    )
    assert len(table_text.rules_lines(CLASSIC)) == 2
    assert "the jokers are BJ and LJ" in moves.help_lines(Ruleset(deck=jja))[0]
    assert "joker" not in moves.help_lines(CLASSIC)[0]


@pytest.mark.parametrize("deck", JOKER_DECKS, ids=lambda deck: deck.name.lower())
def test_demo_plays_a_whole_game_with_jokers(
    deck: Deck, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every round deals the deck's 52 cards once, jokers among them, and each trick's star
    is on the card the deck makes win (a joker over the ace, the 2D over the 2S).

    Rule: rule-decks.
    """
    rules = Ruleset(deck=deck, target=150)
    assert demo.demo(rules, "custom", 3, record=None, indent=None, bots="heuristic") == 0
    out = capsys.readouterr().out
    banner = out[out.index("\n") + 1 : out.index("\n\nRound 1: ")]
    assert banner.split() == " ".join(table_text.rules_lines(rules)).split()
    blocks = rounds_of(out)
    assert len(blocks) > 1
    for block in blocks:
        check_round(rules, block)
        tricks = [match[2].split() for line in block if (match := TRICK.match(line))]
        played = [Card.parse(pair.split(":")[1].rstrip("*")) for trick in tricks for pair in trick]
        assert sorted(played) == list(deck.cards)
        for trick in tricks:
            cards = [Card.parse(pair.split(":")[1].rstrip("*")) for pair in trick]
            (best,) = (pair for pair in trick if pair.endswith("*"))
            assert best.split(":")[1] == f"{spades.winning_card(cards, rules=rules)}*"


def joker_player(moves: list[str]) -> str:
    """A player who types a joker, or a 2D, alone whenever she may play one."""
    for card in ("BJ", "LJ", "2D"):
        if f"play {card}" in moves:
            return card
    return plain(moves)


def test_a_person_plays_a_whole_game_with_jokers_under_whiz(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Her hand shows the jokers and the 2D in her spades, her Whiz bid counts them, and
    she plays them by typing them.

    Rules: rule-decks, rule-whiz.
    """
    rules = Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE, bidding=Bidding.WHIZ, round_cap=4)
    shown = person_plays(monkeypatch, rules, 1, 2, choose=joker_player)
    assert "the jokers are BJ and LJ" in shown
    typed = {"you: play BJ", "you: play LJ", "you: play 2D"} & set(shown.splitlines())
    assert len(typed) > 1
    rows = re.findall(r"^  (\w+) +(.*)$", shown, re.M)
    for suit, cards in rows:
        held = {card.strip("[ ]") for card in cards.split()}
        assert bool(held & {"BJ", "LJ", "2D"}) <= (suit == "spades"), (suit, cards)
    counted = re.findall(
        r"^  spades +(.*)\n(?:  \w+ .*\n)*Legal moves: .*\(you hold (\d+|no) spade", shown, re.M
    )
    assert len(counted) > 1
    assert any("2D" in cards or "J " in cards + " " for cards, _ in counted)
    for cards, count in counted:
        assert len(cards.split()) == (0 if count == "no" else int(count))
    tricks = re.findall(r"^  Trick \d+: (.*); .* with (\S+)\.$", shown, re.M)
    assert len(tricks) == 13 * 4
    for played, best in tricks:
        cards = [Card.parse(item.split()[-1]) for item in played.split(", ")]
        assert best == str(spades.winning_card(cards, rules=rules))


# --- three players ------------------------------------------------------------------------


THREE_JJA = Ruleset(
    players=3, deck=Deck.JOKER_JOKER_ACE, blind_nil=True, blind_bid_minimum=6, target=300
)
"""Three players dealt the whole Joker-Joker-Ace deck, with blind nil and blind numbers."""

THREE_RULES = {
    "standard": Ruleset(players=3, target=250),
    "jja": THREE_JJA,
    "jjdd-counterclockwise": Ruleset(
        players=3,
        deck=Deck.JOKER_JOKER_DEUCE_DEUCE,
        direction=spades.Direction.COUNTERCLOCKWISE,
        bidding=Bidding.WHIZ,
        target=250,
    ),
}


def test_the_rules_lines_say_three_players_their_pack_and_their_bids() -> None:
    """Who plays, the cards dealt (51, the 2C out, or all 54 of a joker deck), a hand, the
    tricks of a round and the highest bid; a joker deck's line names no missing deuce.

    Rule: rule-three-players.
    """
    assert table_text.rules_lines(THREE_RULES["standard"]) == [
        "Three players, each on her own: seats 0, 1 and 2; play runs clockwise.",
        "51 cards, the 2C out: 17 each, 17 tricks a round; bids up to 17.",
        "Game to 250 points.",
    ]
    assert table_text.rules_lines(THREE_RULES["jjdd-counterclockwise"])[:4] == [
        "Three players, each on her own: seats 0, 1 and 2; play runs counter-clockwise.",
        "All 54 cards: 18 each, 18 tricks a round; bids up to 18.",
        "Joker-Joker-Deuce-Deuce deck, every card: its spades, highest first: "
        "BJ, LJ, 2D, 2S, AS, KS ... 3S.",
        "Whiz: each player bids her number of spades, or nil.",
    ]
    assert table_text.rules_lines(THREE_JJA)[1:4] == [
        "All 54 cards: 18 each, 18 tricks a round; bids up to 18.",
        "Joker-Joker-Ace deck, every card: its spades, highest first: BJ, LJ, AS, KS ... 2S.",
        "Blind bids: before looking at her hand, a player who trails the leading other player "
        "by 100 points or more may bid 6 to 18 blind, for 20 points a trick, made or set.",
    ]
    assert table_text.rules_lines(Ruleset(solo=True))[0] == (  # four alone, beside three
        "Four players, each on her own: seats 0, 1, 2 and 3; play runs clockwise."
    )
    assert table_text.deck_line(Deck.JOKER_JOKER_ACE) == (  # four players: as before
        "Joker-Joker-Ace deck: no 2C or 2D; its spades, highest first: BJ, LJ, AS, KS ... 2S."
    )
    assert table_text.round_header(THREE_JJA, 2, 1) == (
        "Round 2: seat 1 deals; seat 2 bids and leads first"
    )
    counter = THREE_RULES["jjdd-counterclockwise"]
    assert table_text.round_header(counter, 1, 0).endswith("seat 2 bids and leads first")
    assert "'bid blind 6' (6 to 18, before you look), 'look'" in moves.help_lines(THREE_JJA)[0]
    assert "the jokers are BJ and LJ" in moves.help_lines(THREE_JJA)[0]
    alone = Ruleset(players=3, blind_bid_minimum=17, blind_bid_deficit=None)
    assert "'bid blind 17' (before you look), 'look'" in moves.help_lines(alone)[0]
    assert table_text.blind_bids_line(alone).endswith(
        "a player may bid 17 blind, for 20 points a trick, made or set."
    )


def test_the_table_text_of_three_players_a_row_each_and_the_winner_against_two() -> None:
    """A round table of three rows, one a player, her nil's tricks her bags; a hand of the
    joker pack in its suits, its deuces back; the winner against two totals, a draw of
    three (rule-three-players).
    """
    rules = Ruleset(players=3, round_cap=1)
    score = score_round(rules, [Bid(5), Bid(0), Bid(8)], [6, 1, 10])
    assert table_text.round_table(rules, 1, score, score.points, you=1) == [
        "  After round 1  bids           tricks points bags total to target",
        "  seat 0         5                   6    +51    1    51       449",
        "  seat 1 (you)   nil                 1    -99    1   -99       599",
        "  seat 2         8                  10    +82    2    82       418",
    ]
    assert table_text.round_notes(rules, score, you=1) == ["  your nil: took 1 (-100)"]
    pack = Deck.JOKER_JOKER_ACE.for_players(3)
    cards = [Card.parse(text) for text in ("2C", "2D", "BJ", "AS", "3C")]
    assert table_text.brief_hand(cards, pack) == "S: BJ A  H: -  D: 2  C: 3 2"
    games_over: dict[bool, spades.State] = {}
    for seed in range(200):
        state = play_game(rules, [random_policy(seed + seat) for seat in range(3)], seed=seed)
        best = max(state.scores)
        games_over.setdefault(state.scores.count(best) > 1, state)
        if len(games_over) == 2:
            break
    won, drawn = games_over[False], games_over[True]
    assert won.outcome is not None
    assert won.outcome.winner is not None
    others = [score for seat, score in enumerate(won.scores) if seat != won.outcome.winner]
    assert table_text.outcome_lines(won) == [
        f"Seat {won.outcome.winner} wins {max(won.scores)} to {others[0]} and {others[1]} "
        "after 1 round: the highest score at the round cap."
    ]
    a, b, c = drawn.scores
    assert table_text.outcome_lines(drawn) == [
        f"The game is drawn {a}, {b} and {c}, the highest shared, after the round cap of 1 round."
    ]
    assert all(
        ALONE_OUTCOME.fullmatch(table_text.outcome_lines(state)[0]) for state in (won, drawn)
    )


@pytest.mark.parametrize("name", sorted(THREE_RULES))
def test_demo_plays_a_whole_game_of_three_players(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every round deals the pack once, 17 or 18 cards a hand, in as many tricks of three
    cards, each starred on the card the pack makes win; a row a player; the winner against
    two totals (rule-three-players).
    """
    rules = THREE_RULES[name]
    assert demo.demo(rules, "custom", 5, record=None, indent=None, bots="heuristic") == 0
    out = capsys.readouterr().out
    banner = out[out.index("\n") + 1 : out.index("\n\nRound 1: ")]
    assert banner.split() == " ".join(table_text.rules_lines(rules)).split()
    blocks = rounds_of(out)
    assert len(blocks) > 1
    for block in blocks:
        totals = check_round(rules, block)
        hands = [line.split("  ", 3)[-1] for line in block if line.startswith("    seat ")]
        assert [len(re.findall(r"\b(?:[2-9TJQKA]|BJ|LJ|2D)\b", hand)) for hand in hands] == [
            rules.hand_size
        ] * 3
        tricks = [match[2].split() for line in block if (match := TRICK.match(line))]
        played = [Card.parse(pair.split(":")[1].rstrip("*")) for trick in tricks for pair in trick]
        assert sorted(played) == sorted(rules.pack.cards)
        for trick in tricks:
            cards = [Card.parse(pair.split(":")[1].rstrip("*")) for pair in trick]
            (best,) = (pair for pair in trick if pair.endswith("*"))
            assert best.split(":")[1] == f"{spades.winning_card(cards, rules=rules)}*"
    last = out.splitlines()[-1]
    assert ALONE_OUTCOME.fullmatch(last)
    assert sorted(map(int, re.findall(r"-?\d+(?= to| and| after)", last))) == sorted(totals)


def test_a_person_plays_a_whole_game_of_three_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """At seat 2 of three with the whole Joker-Joker-Ace deck, bidding blind and nil when
    she may: three scores on her screen, 18 cards in her hand, her bids offered to 18,
    each trick of three cards seen whole, a row a player after each round, and the end.

    Rule: rule-three-players.
    """
    rules = attrs.evolve(THREE_JJA, round_cap=3)
    shown = person_plays(monkeypatch, rules, 2, 2, choose=bold)
    scores = re.findall(
        r"^Scores: seat 0 (-?\d+), seat 1 (-?\d+), seat 2 \(you\) (-?\d+)$", shown, re.M
    )
    assert len(scores) == shown.count("\n-- Your turn")
    hands = re.findall(r"^Your hand:\n((?:  \w+ .*\n){4})", shown, re.M)
    assert hands
    assert all(len(hand.split()) - 4 == 18 for hand in hands)  # her cards before any play
    assert "Legal moves: bid nil, bid 1 to bid 18 (or just the number)" in shown
    tables = re.findall(r"^  After round \d+ .*\n((?:  seat .*\n){3})", shown, re.M)
    assert len(tables) == 3
    assert all(all(ALONE_ROW.match(row) for row in table.splitlines()) for table in tables)
    check_tricks_seen(rules, 2, shown, 3)
    before, command, _ = replay(shown)
    assert ALONE_OUTCOME.fullmatch(before[-1])
    assert command[:2] == ["--rules", shlex.quote(ruleset_text(rules))]
    assert shown.endswith(
        f" \\\n    --rules {shlex.quote(ruleset_text(rules))} \\\n    --seed 2 --seat 2\n"
    )


def test_the_hints_of_three_players_bids_and_blind_bids() -> None:
    """Her bids run to the hand size; blind numbers to it too, open to a player who trails
    the leading other player by the deficit, whoever that is (rule-three-players).
    """
    view = spades.observe(spades.new_game(Ruleset(players=3), seed=1), 1)
    assert screen.legal_text(view) == "bid nil, bid 1 to bid 17 (or just the number)"
    rules = Ruleset(players=3, blind_bid_minimum=6)
    for scores in ((300, 150, 0), (0, 150, 300)):  # seat 1 trails the leader by 150
        lines = screen.turn_lines(face_down(rules, scores))
        start = lines.index(
            "Your cards are face down: bid blind 6 to 17 now, or look at them first."
        )
        assert lines[start + 1 :] == [
            "A number bid blind counts 20 points a trick, made or set: you trail the leading "
            "other player by 150 points (100 or more allows it).",
            "Legal moves: bid blind 6 to bid blind 17, look",
        ]
        assert lines[2] == f"Scores: seat 0 {scores[0]}, seat 1 (you) 150, seat 2 {scores[2]}"
    last = face_down(Ruleset(players=3, blind_bid_minimum=17, blind_bid_deficit=None), (0,) * 3)
    assert screen.legal_text(last) == "bid blind 17, look"
    assert "bid blind 17 now" in screen.turn_lines(last)[-3]


def test_a_stopped_game_of_three_players_says_three_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule: rule-three-players."""
    argv = ["play", "--rules", "classic;players:3", "--seat", "1", "--bots", "random"]
    code, out, err, _ = session(monkeypatch, argv, script=["3", "quit"])
    assert code == 0
    assert err == "You quit: the game stops in round 1, scores 0, 0 and 0.\n"
    assert "Scores: seat 0 0, seat 1 (you) 0, seat 2 0" in out
