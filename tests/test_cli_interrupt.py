"""Ctrl-C and huge counts in ``spades simulate`` and ``spades duel``: the runs of `spades._runs`.

The real thing first: the command runs in a process of its own (``python -m spades``), in
a session of its own, its stderr a terminal (a pseudo-terminal, so that it shows its
progress line), and once it has shown progress it gets SIGINT as a terminal sends it, to
the whole process group (its pool's processes too). It stops at once: exit code
130, one line after the progress line, no traceback from it or its workers. The timeout
of `subprocess` only keeps a hung command from hanging the tests. Then the same paths in
this process, and the laziness of the tasks: a count of 10**18 starts playing at once
and holds no list.
"""

from __future__ import annotations

import io
import itertools
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import threading
import time
from typing import TYPE_CHECKING

import pytest

from spades import CLASSIC
from spades import _cli as cli
from spades import _runs as runs
from spades._cli import simulate
from spades.bots import _duel as duels
from spades.bots import game_seed

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and sessions")

GUARD = 120
"""Seconds after which a command that never shows progress, or never stops, fails the test:
a guard against a hang, far beyond what the command takes."""


AS_A_FOREGROUND_JOB = (
    "import runpy, signal, sys\n"
    "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
    "sys.argv[0] = 'spades'\n"
    "runpy.run_module('spades', run_name='__main__', alter_sys=True)\n"
)
"""``python -m spades``, with Ctrl-C as a terminal's foreground job has it, even where the
tests run as a background job, which ignores SIGINT (and Python then keeps ignoring it)."""


def read_all(master: int) -> bytes:
    """What is left to read from a pseudo-terminal whose other end is closed."""
    data = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the other end is closed, and everything was read
            return data
        if not chunk:
            return data
        data += chunk


def progress_then_interrupt(argv: list[str]) -> tuple[int, str, str]:
    """Run ``spades argv``; once it has shown a game's progress, Ctrl-C; what it did."""
    master, terminal = pty.openpty()
    modes = termios.tcgetattr(terminal)
    modes[1] &= ~termios.OPOST  # its output as it is written: no "\r" added before "\n"
    termios.tcsetattr(terminal, termios.TCSANOW, modes)
    process = subprocess.Popen(
        [sys.executable, "-c", AS_A_FOREGROUND_JOB, *argv],
        stdout=subprocess.PIPE,
        stderr=terminal,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    os.close(terminal)
    seen = b""
    deadline = time.monotonic() + GUARD
    try:
        while not re.search(rb": [1-9]\d*/\d+ games", seen):
            ready, _, _ = select.select([master], [], [], deadline - time.monotonic())
            assert ready, f"no progress shown: {seen!r}"
            chunk = os.read(master, 4096)
            assert chunk, f"ended before any progress: {seen!r}"
            seen += chunk
        os.killpg(process.pid, signal.SIGINT)  # to the command and its workers, as Ctrl-C does
        out, _ = process.communicate(timeout=20)  # it stops at once, well within this
        seen += read_all(master)
    finally:  # a command that failed the test is not left running
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
        os.close(master)
    return process.returncode, out.decode(), seen.decode()


@pytest.mark.parametrize(
    ("argv", "what"),
    [
        (["simulate", "--games", "1000000000000000000", "--workers", "1"], "simulation"),
        (["simulate", "--games", "30000000", "--workers", "2"], "simulation"),
        (["duel", "heuristic", "random", "--games", "30000000"], "duel"),
        (
            ["duel", "heuristic", "random", "--games", "1000000000000000000", "--workers", "2"],
            "duel",
        ),
        (["simulate", "--games", "2000", "--workers", "2"], "simulation"),
        (["duel", "heuristic", "heuristic", "--games", "1000"], "duel"),
    ],
    ids=["simulate-1", "simulate-2", "duel-1", "duel-2", "simulate-2-short", "duel-1-short"],
)
def test_ctrl_c_stops_a_run_at_once_with_one_line_and_code_130(argv: list[str], what: str) -> None:
    # Huge counts too: the games are made as they are played, so the run starts at once.
    code, out, err = progress_then_interrupt(argv)
    assert code == 130
    assert out == ""
    assert "Traceback" not in err
    assert "KeyboardInterrupt" not in err
    *progress, said, end = err.split("\n")
    assert end == ""
    total = int(argv[argv.index("--games") + 1]) * (2 if what == "duel" else 1)
    command = argv[0]
    assert re.fullmatch(rf"(\r{command}: \d+/{total} games, [\w ]+ left *)+", "\n".join(progress))
    last = int(progress[0].rpartition("\r")[2].split()[1].split("/")[0])
    match = re.fullmatch(rf"Interrupted: the {what} stops after (\d+) of {total} games\.", said)
    assert match is not None, said
    assert int(match[1]) >= last  # the games played, the last shown among them


# --- in this process ----------------------------------------------------------------------


def test_an_interrupted_simulation_says_how_far_it_got(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played = simulate.simulate_game

    def interrupted_at_the_third(task: tuple[object, int, tuple[str, str], int | None]) -> object:
        if task[1] == game_seed(1, 2):
            raise KeyboardInterrupt
        return played(task)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate, "simulate_game", interrupted_at_the_third)
    code = cli.main(["simulate", "--games", "5", "--target", "50"])
    out, err = capsys.readouterr()
    assert (code, out) == (130, "")
    assert err == "Interrupted: the simulation stops after 2 of 5 games.\n"


@pytest.mark.parametrize("command", ["simulate", "duel"])
def test_an_interrupt_before_the_first_game_is_the_line_alone(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(task: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "simulate_game", interrupted)
    monkeypatch.setattr(duels, "duel_game", interrupted)
    argv = ["--games", "3"] if command == "simulate" else ["random", "random", "--games", "3"]
    code = cli.main([command, *argv])
    out, err = capsys.readouterr()
    assert (code, out) == (130, "")
    what, games = ("simulation", 3) if command == "simulate" else ("duel", 6)
    assert err == f"Interrupted: the {what} stops after 0 of {games} games.\n"


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_an_interrupted_duel_says_how_far_it_got_after_its_progress_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played = duels.duel_game
    calls = itertools.count()

    def interrupted_at_the_fourth(task: tuple[object, int, tuple[str, str], int | None]) -> object:
        if next(calls) == 3:
            raise KeyboardInterrupt
        return played(task)  # type: ignore[arg-type]

    monkeypatch.setattr(duels, "duel_game", interrupted_at_the_fourth)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = cli.main(["duel", "random", "fallback", "--games", "10", "--target", "50"])
    assert (code, capsys.readouterr().out) == (130, "")
    *progress, said, end = terminal.getvalue().split("\n")
    assert (said, end) == ("Interrupted: the duel stops after 3 of 20 games.", "")
    assert re.fullmatch(r"(\rduel: [123]/20 games, [\w ]+ left *){3}", "\n".join(progress))


# --- lazy tasks ---------------------------------------------------------------------------


def test_the_tasks_of_a_huge_count_are_made_as_they_are_asked_for() -> None:
    sides = ("heuristic", "random")
    tasks = simulate.game_tasks(CLASSIC, 7, sides, None, 10**18)
    assert not isinstance(tasks, (list, tuple))
    assert list(itertools.islice(tasks, 3)) == [
        (CLASSIC, game_seed(7, game), sides, None) for game in range(3)
    ]
    pairs = duels.game_tasks(CLASSIC, ("search", "random"), seed=7, deals=10**18, limit=None)
    assert not isinstance(pairs, (list, tuple))
    assert [task[1:3] for task in itertools.islice(pairs, 4)] == [
        (game_seed(7, 0), ("search", "random")),
        (game_seed(7, 0), ("random", "search")),
        (game_seed(7, 1), ("search", "random")),
        (game_seed(7, 1), ("random", "search")),
    ]


def counted(limit: int | None = None) -> tuple[Iterator[int], list[int]]:
    """The numbers from 0 (to ``limit``), and the list of those read so far."""
    read: list[int] = []

    def numbers() -> Iterator[int]:
        for n in itertools.count() if limit is None else range(limit):
            read.append(n)
            yield n

    return numbers(), read


def test_chunks_read_their_tasks_only_as_they_are_made() -> None:
    tasks, read = counted()
    parts = runs.chunks(tasks, 8)
    first = [[0], [1, 2], [3, 4, 5, 6], list(range(7, 15)), list(range(15, 23))]
    assert [next(parts) for _ in range(5)] == first
    assert read == list(range(23))


def test_at_most_a_window_of_chunks_is_handed_over_at_a_time() -> None:
    tasks, read = counted()
    handed: list[list[int]] = []
    cancelled: list[list[int]] = []

    def submit(chunk: list[int]) -> list[int]:
        handed.append(chunk)
        return chunk

    def gather(chunk: list[int]) -> list[int]:
        assert len(handed) - len(gathered) <= 3  # never more than the window of 3 out
        gathered.append(chunk)
        return [-n for n in chunk]

    gathered: list[list[int]] = []
    results = runs.in_order(submit, gather, runs.chunks(tasks, 4), 3, cancel=cancelled.append)
    assert [next(results) for _ in range(4)] == [0, -1, -2, -3]
    assert handed == [[0], [1, 2], [3, 4, 5, 6], [7, 8, 9, 10], [11, 12, 13, 14]]
    results.close()  # leaving early cancels what was handed over and not gathered
    assert cancelled == [[7, 8, 9, 10], [11, 12, 13, 14]]
    assert read == list(range(15))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_run_of_10_to_the_18_games_plays_its_first_games_at_once(workers: int) -> None:
    tasks = simulate.game_tasks(CLASSIC, 3, ("fallback", "fallback"), 1, 10**18)
    with runs.played(simulate.simulate_game, tasks, count=10**18, workers=workers) as results:
        first = list(itertools.islice(results, 3))
    expected = [
        simulate.simulate_game((CLASSIC, game_seed(3, game), ("fallback",) * 2, 1))
        for game in range(3)
    ]
    assert first == expected


def test_the_pool_s_processes_are_started_with_ctrl_c_ignored_from_the_main_thread() -> None:
    before = signal.getsignal(signal.SIGINT)
    seen: list[object] = []
    with runs._interrupts_ignored():
        seen.append(signal.getsignal(signal.SIGINT))
    assert seen == [signal.SIG_IGN]
    assert signal.getsignal(signal.SIGINT) is before

    def elsewhere() -> None:  # another thread sets no handler, and needs none
        with runs._interrupts_ignored():
            seen.append("in a thread")

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen[-1] == "in a thread"
    assert signal.getsignal(signal.SIGINT) is before


def test_a_pool_process_ignores_ctrl_c() -> None:
    before = signal.getsignal(signal.SIGINT)
    try:
        runs._ignore_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
