"""How long a move of `spades serve` takes to reach the other pages: a person's and a bot's.

    python benchmarks/server_latency.py [--moves N] [--spectators K] [--bot heuristic|search]
                                        [--workers W] [--think SECONDS] [--db-dir DIR]
                                        [--rules TEXT]

Starts ``spades serve`` as a subprocess (``--bot-pause 0``, ``--bot-workers W``, default 1
as the command's own default, a move time of 600 s so the clock never plays) on a new
SQLite file in ``DIR`` (default: the system's temporary directory; say where the disk is,
since every accepted move is committed there before anyone hears of it). It connects one
player and ``K`` spectators (default 3), each on a WebSocket of its own (websockets' sync
client, each spectator reading in a thread of its own). The player creates a miniokey
table, sits at seat 0 with the bot ``--bot`` at the three other seats, and, when its turn
comes, waits ``--think`` seconds (default 0.1: a person is slower than the server's rate
limit of 20 messages a second) and plays a random legal move (seeded), until it has made
``N`` moves (default 200; a game that ends is followed by a new table). The bots make
about three moves for each of the player's. ``--rules`` plays another ruleset, given as
one line of text, at a table of its players (``'classic;players:3'``: three players, the
bot at seats 1 and 2, rule-three-players).

Measured at each spectator, on this process's monotonic clock (client and server share the
machine's clock and its cores):

- a person's move: from the player's ``send`` of the move to the spectator's receipt of the
  ``table`` message of that ply: the server reads and checks the move, commits it to the
  database, builds each follower's message and sends it;
- a bot's move: from the spectator's receipt of the ``table`` message that gives the bot
  its turn (the ply before) to its receipt of the bot's move, less the bot pause (0 here):
  the bot's thinking in a worker process, the commit and the broadcast.

Each (move, spectator) pair is a sample; the table gives the median, the 90th and 99th
percentiles and the mean in milliseconds, and the median of a bot's move over a person's.
For scale, the last rows time, in this process once the server is gone, the bot's
thinking alone (as a worker does it, a new policy each move, on up to 200 views of
miniokey games the bot plays) and a bare SQLite commit of one row in ``DIR`` (Python's
``sqlite3``, SQLite's defaults as the server has them: a rollback journal, synchronous
FULL). Wall-clock figures of one machine under its own load (the header gives the load
average at the end): to compare, not to promise.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spades import MINIOKEY, Ruleset, apply, new_game, observe, parse_move
from spades.records import ruleset_from_text
from spades.server._bots import bot_move

if TYPE_CHECKING:
    from collections.abc import Iterator

    from websockets.sync.client import ClientConnection

START_SECONDS = 60.0
"""How long the server may take to answer ``GET /api/health``."""
WAIT_SECONDS = 30.0
"""How long any one awaited message may take before the run gives up."""
COMMITS = 200
"""The bare SQLite commits timed for scale."""
THINKING_MOVES = 200
"""The most bot moves timed in this process for scale."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def server(db: Path, port: int, workers: int) -> Iterator[str]:
    """``spades serve`` on ``db`` and ``port`` until the block ends; its WebSocket URL."""
    command = [
        sys.executable, "-m", "spades", "serve", "--port", str(port), "--db", str(db),
        "--bot-pause", "0", "--bot-workers", str(workers), "--move-seconds", "600",
    ]  # fmt: skip
    with (db.parent / "server.log").open("wb") as log:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True
        )
    try:
        deadline = time.monotonic() + START_SECONDS
        while not answers(f"http://127.0.0.1:{port}/api/health"):
            if process.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"spades serve did not start: see {db.parent / 'server.log'}")
            time.sleep(0.05)
        yield f"ws://127.0.0.1:{port}/ws"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def answers(url: str) -> bool:
    """Whether ``url`` answers 200 now."""
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


@attrs.frozen
class Receipt:
    """A spectator's first ``table`` message of a ply: when, and who made its last move."""

    at: float
    by: str | None


class Spectator(threading.Thread):
    """A page that watches the player's tables, noting when each ply first reaches it."""

    def __init__(self, socket: ClientConnection) -> None:
        super().__init__(daemon=True)
        self.socket = socket
        self.receipts: dict[tuple[str, int], Receipt] = {}
        self.watching: dict[str, threading.Event] = {}
        self._lock = threading.Lock()

    def watch(self, table: str) -> None:
        """Watch ``table`` (from the main thread; this thread reads the answers)."""
        with self._lock:
            self.watching[table] = threading.Event()
        self.socket.send(json.dumps({"type": "watch", "table": table}))

    def run(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            for text in self.socket:
                at = time.perf_counter()
                message = json.loads(text)
                if message["type"] != "table":
                    continue
                key = (message["table"], message["ply"])
                if key not in self.receipts:
                    last = message["last_move"]
                    self.receipts[key] = Receipt(at, None if last is None else last["by"])
                with self._lock:
                    self.watching[message["table"]].set()


class Player:
    """The seated page: creates tables, sits at seat 0, plays random legal moves."""

    def __init__(
        self, socket: ClientConnection, bot: str, think: float, seed: int, rules: str | None
    ) -> None:
        self.socket = socket
        self.bot = bot
        self.rules = rules
        self.think = think
        self.rng = random.Random(seed)
        self.sent: dict[tuple[str, int], float] = {}
        self.first_ply: dict[str, int] = {}
        self.receive()  # the welcome

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=WAIT_SECONDS))
        if message["type"] == "error":
            sys.exit(f"the server refused a message: {message}")
        return message

    def request(self, message: dict[str, Any], answer: str) -> dict[str, Any]:
        """Send ``message``; the first message of type ``answer`` that follows."""
        self.socket.send(json.dumps(message))
        while (received := self.receive())["type"] != answer:
            pass
        return received

    def new_table(self) -> str:
        """A new table, the bot at every seat but 0 (open)."""
        ruleset = {"preset": "miniokey"} if self.rules is None else {"rules": self.rules}
        players = 4 if self.rules is None else ruleset_from_text(self.rules).players
        created = self.request(
            {
                "type": "create_table",
                **ruleset,
                "seats": ["open"] + [self.bot] * (players - 1),
                "bot_pause": 0,
                "clock": {"move_seconds": 600, "extension_seconds": 0},
            },
            "created",
        )
        table: str = created["table"]
        return table

    def play(self, table: str, moves: int) -> int:
        """Sit at ``table`` and play until the game ends or ``moves`` are made; those made."""
        self.request({"type": "join", "table": table, "seat": 0}, "joined")
        made = 0
        while made < moves:
            message = self.receive()
            if message["type"] != "table":
                continue
            if message["status"] == "over":
                break
            ply = message["ply"]
            if message["legal"] and (table, ply) not in self.sent:
                self.first_ply.setdefault(table, ply)
                move = self.rng.choice(message["legal"])
                time.sleep(self.think)
                data = json.dumps({"type": "move", "table": table, "move": move, "ply": ply})
                self.sent[table, ply] = time.perf_counter()
                self.socket.send(data)
                made += 1
        self.socket.send(json.dumps({"type": "leave", "table": table}))
        return made


def run(args: argparse.Namespace, db: Path) -> tuple[list[float], list[float], int, int]:
    """Play the moves; the person's and the bots' samples in seconds, and their move counts."""
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(server(db, free_port(), args.workers))
        socket = stack.enter_context(connect(url))
        player = Player(socket, args.bot, args.think, args.seed, args.rules)
        spectators = [Spectator(stack.enter_context(connect(url))) for _ in range(args.spectators)]
        for spectator in spectators:
            spectator.start()
        started = time.monotonic()
        made = 0
        while made < args.moves:
            table = player.new_table()
            for spectator in spectators:
                spectator.watch(table)
            for spectator in spectators:
                if not spectator.watching[table].wait(WAIT_SECONDS):
                    sys.exit("a spectator got no table message")
            made += player.play(table, args.moves - made)
            print(f"  {made} of the player's moves made", file=sys.stderr)
        last = max(player.sent, key=player.sent.__getitem__)
        deadline = time.monotonic() + WAIT_SECONDS
        while not all((last[0], last[1] + 1) in s.receipts for s in spectators):
            if time.monotonic() > deadline:
                sys.exit("the player's last move never reached the spectators")
            time.sleep(0.01)
        player.socket.close()
        for spectator in spectators:
            spectator.socket.close()
            spectator.join()
        print(f"  played in {time.monotonic() - started:.1f} s", file=sys.stderr)
    person = [
        spectator.receipts[table, ply + 1].at - sent
        for (table, ply), sent in player.sent.items()
        for spectator in spectators
    ]
    bots: list[float] = []
    bot_moves: set[tuple[str, int]] = set()
    for spectator in spectators:
        for (table, ply), receipt in spectator.receipts.items():
            before = spectator.receipts.get((table, ply - 1))
            measured = table in player.first_ply and ply - 1 >= player.first_ply[table]
            if receipt.by == "bot" and before is not None and measured:
                bots.append(receipt.at - before.at - 0.0)  # less the bot pause, 0
                bot_moves.add((table, ply))
    return person, bots, len(player.sent), len(bot_moves)


def thinking_seconds(bot: str, count: int, seed: int, rules: Ruleset = MINIOKEY) -> list[float]:
    """The times the bot ``bot`` takes for ``count`` moves in this process, as a server's
    worker makes them (`bot_move`: a new policy each move), in games of ``rules`` it plays
    (miniokey's by default)."""
    rng = random.Random(seed)
    times: list[float] = []
    state = new_game(rules, seed=rng.getrandbits(64))
    while len(times) < count:
        if state.to_move is None:
            state = new_game(rules, seed=rng.getrandbits(64))
            continue
        view = observe(state, state.to_move)
        start = time.perf_counter()
        move = bot_move(bot, view, rng.getrandbits(64))
        times.append(time.perf_counter() - start)
        state = apply(state, parse_move(move))
    return times


def commit_seconds(directory: Path) -> list[float]:
    """The times of `COMMITS` bare SQLite commits of one row each, in ``directory``."""
    path = directory / "commits.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("CREATE TABLE moves (ply INTEGER PRIMARY KEY, move TEXT)")
        times = []
        for ply in range(COMMITS):
            start = time.perf_counter()
            connection.execute("BEGIN")
            connection.execute("INSERT INTO moves VALUES (?, ?)", (ply, "play QS"))
            connection.execute("COMMIT")
            times.append(time.perf_counter() - start)
        return times
    finally:
        connection.close()


def figures(samples: list[float]) -> tuple[float, float, float, float]:
    """The median, 90th and 99th percentiles and mean of ``samples``, in milliseconds."""
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return (
        statistics.median(samples) * 1000,
        cuts[89] * 1000,
        cuts[98] * 1000,
        statistics.fmean(samples) * 1000,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="the player's moves (200)")
    parser.add_argument("--spectators", type=int, default=3, help="pages watching (3)")
    parser.add_argument("--bot", choices=("heuristic", "search"), default="heuristic")
    parser.add_argument("--workers", type=int, default=1, help="the bots' processes (1)")
    parser.add_argument("--think", type=float, default=0.1, help="the player's pause (0.1 s)")
    parser.add_argument("--seed", type=int, default=1, help="the player's choices (1)")
    parser.add_argument("--db-dir", type=Path, default=None, help="where the database goes")
    parser.add_argument("--rules", default=None, help="a ruleset as text (miniokey's preset)")
    args = parser.parse_args()
    if args.moves < 2 or args.spectators < 1:
        parser.error("--moves must be 2 or more and --spectators 1 or more")
    with tempfile.TemporaryDirectory(dir=args.db_dir, prefix="server-latency-") as name:
        directory = Path(name)
        person, bots, person_moves, bot_moves = run(args, directory / "db.sqlite3")
        rules = MINIOKEY if args.rules is None else ruleset_from_text(args.rules)
        thinking = thinking_seconds(args.bot, min(bot_moves, THINKING_MOVES), args.seed, rules)
        commits = commit_seconds(directory)
        load = os.getloadavg()[0]
        print(
            f"spades serve: bot pause 0, {args.workers} bot worker(s), SQLite in {directory}; "
            f"{args.spectators} spectator(s), the player pausing {args.think:g} s a move; "
            f"rules {args.rules or 'miniokey'}; "
            f"load average {load:.1f} on {os.cpu_count()} CPUs"
        )
        print(f"{'ms to reach each spectator':<38} {'moves':>6} {'samples':>8} "
              f"{'median':>7} {'p90':>7} {'p99':>7} {'mean':>7}")  # fmt: skip
        rows = [
            ("a person's move", person_moves, person),
            (f"a bot's move ({args.bot})", bot_moves, bots),
            (f"(the {args.bot} bot's thinking alone)", len(thinking), thinking),
            ("(a bare SQLite commit, one row)", len(commits), commits),
        ]
        for label, moves, samples in rows:
            median, p90, p99, mean = figures(samples)
            print(
                f"{label:<38} {moves:>6} {len(samples):>8} "
                f"{median:>7.2f} {p90:>7.2f} {p99:>7.2f} {mean:>7.2f}"
            )
        ratio = statistics.median(bots) / statistics.median(person)
        print(f"a bot's move over a person's (medians): {ratio:.2f}")


if __name__ == "__main__":
    main()
