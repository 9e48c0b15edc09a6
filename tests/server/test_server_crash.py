"""Crash tests: ``spades serve`` killed with SIGKILL mid-game loses no accepted move.

A real server (the ``served`` fixture, a subprocess) runs a miniokey table: seat 0 a
person (this test's client, websockets' sync client), the other seats heuristic bots
without a pause, so that bots are often mid-move when the server dies; a spectator
watches. At chosen moments the server's process group is killed (``kill -9``), the
database is read as the crash left it, and the server is started again on it; the person
resumes her seat with her token and plays on to the end. Then the game's record must be
the record of the same moves played without a crash, and hold every move anyone was told
of, at its ply: every accepted move is committed before anyone hears of it, and a restarted
server replays the committed moves.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import sqlite3
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import attrs
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spades import MINIOKEY, Ruleset, apply, new_game, observe, parse_move, records
from spades.server._protocol import check_sent

if TYPE_CHECKING:
    from websockets.sync.client import ClientConnection

    from .conftest import Serve, Served

pytestmark = [pytest.mark.system, pytest.mark.timeout(300)]

WAIT_SECONDS: Final = 60.0
"""The longest wait for one message: a busy machine's server may be slow, never silent."""

SEATS: Final = ["open", "heuristic", "heuristic", "heuristic"]
"""The person at seat 0, heuristic bots at the others."""

ORPHAN_SECONDS: Final = 10.0
"""How long a bot worker may take to notice that its server was killed, and end (the
workers look every second)."""

PLIES_A_ROUND: Final = 56
"""A round of miniokey: 4 bids and 52 cards."""

Entry = tuple[int, str | None, str]
"""A move as a ``table`` message tells it: the seat, the notation (None: hidden), by whom."""

Stored = tuple[int, str, str]
"""A move as the database holds it: the seat, the notation, by whom."""


@attrs.define
class Told:
    """Every move some client was told of, by its ply (from 1: the table's move count after it)."""

    moves: dict[int, Entry] = attrs.field(factory=dict)

    def note(self, message: dict[str, Any]) -> None:
        """Note the last move of the ``table`` message ``message``; a second telling agrees."""
        ply, last = message["ply"], message["last_move"]
        assert (last is None) == (ply == 0), message
        if last is None:
            return
        entry: Entry = (last["seat"], last["move"], last["by"])
        known = self.moves.setdefault(ply, entry)
        assert known[0] == entry[0], (ply, known, entry)
        assert known[2] == entry[2], (ply, known, entry)
        assert None in (known[1], entry[1]) or known[1] == entry[1], (ply, known, entry)
        if known[1] is None:
            self.moves[ply] = entry

    @property
    def ply(self) -> int:
        """The latest ply anyone was told of."""
        return max(self.moves, default=0)


@attrs.define
class Client:
    """A page's WebSocket: every message it receives is checked against the schema."""

    socket: ClientConnection
    told: Told

    def receive(self, timeout: float = WAIT_SECONDS) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=timeout))
        check_sent(message)
        assert message["type"] != "error", message
        if message["type"] == "table":
            self.told.note(message)
        return message

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def request(self, message: dict[str, Any], answer: str) -> dict[str, Any]:
        """Send ``message``; the first message of type ``answer`` after it."""
        self.send(message)
        while (received := self.receive())["type"] != answer:
            pass
        return received

    def table(self) -> dict[str, Any]:
        """The next ``table`` message."""
        while (received := self.receive())["type"] != "table":
            pass
        return received

    def read_waiting(self) -> None:
        """Read the messages that have arrived, without waiting for more."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.receive(timeout=0)

    def read_to_the_end(self) -> None:
        """Read what the server sent before it died, to the connection's end."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                self.receive()


@attrs.frozen
class Kill:
    """When to kill the server: at the first moment ``how`` happens at ``ply`` or later.

    ``how``: ``"seen"``, on a ``table`` message (bots may be mid-move); ``"sent"``, right
    after the person sends a move (it may or may not be accepted); ``"accepted"``, right
    after the person hears her move accepted (the bots then move).
    """

    ply: int
    how: str


@attrs.frozen
class Crash:
    """What the database held after a kill, and the person's move then in flight, if any."""

    committed: tuple[Stored, ...]
    seed: int
    sent: tuple[int, str] | None


def read_database(db: Path, table: str) -> tuple[tuple[Stored, ...], int]:
    """The moves the database holds for ``table`` (read after a kill), and the table's seed."""
    connection = sqlite3.connect(db)
    try:
        rows = connection.execute(
            "SELECT ply, seat, move, by FROM moves WHERE table_id = ? ORDER BY ply", (table,)
        ).fetchall()
        (seed,) = connection.execute("SELECT seed FROM tables WHERE id = ?", (table,)).fetchone()
    finally:
        connection.close()
    assert [row[0] for row in rows] == list(range(len(rows)))
    return tuple((seat, move, by) for _, seat, move, by in rows), int(seed)


def play(
    server: Served,
    person: Client,
    spectator: Client,
    first: dict[str, Any],
    *,
    kill: Kill | None,
    rng: random.Random,
) -> tuple[dict[str, Any] | None, tuple[int, str] | None]:
    """Play seat 0 with random legal moves, from the ``table`` message ``first``, until the
    game ends (its last ``table`` message) or ``kill`` comes (None, and the person's move
    then in flight)."""
    moved: set[int] = set()
    message = first
    while True:
        spectator.read_waiting()
        if message["status"] == "over":
            return message, None
        ply = message["ply"]
        if kill is not None and kill.how == "seen" and ply >= kill.ply:
            server.kill()
            return None, None
        if message["legal"] and ply not in moved:
            move = rng.choice(message["legal"])
            person.send({"type": "move", "table": message["table"], "move": move, "ply": ply})
            moved.add(ply)
            if kill is not None and kill.how == "sent" and ply >= kill.ply:
                server.kill()
                return None, (ply, move)
            if kill is not None and kill.how == "accepted" and ply >= kill.ply:
                while person.table()["ply"] <= ply:
                    pass
                assert person.told.moves[ply + 1] == (0, move, "player")
                server.kill()
                return None, None
        message = person.table()


def check_committed(told: Told, committed: tuple[Stored, ...]) -> None:
    """Every move anyone was told of is in the database, at its ply."""
    assert told.ply <= len(committed), (told.ply, len(committed))
    for ply, (seat, move, by) in told.moves.items():
        held = committed[ply - 1]
        assert (held[0], held[2]) == (seat, by), (ply, held, told.moves[ply])
        assert move in (None, held[1]), (ply, held, told.moves[ply])


def check_resumed(resumed: dict[str, Any], rules: Ruleset, crash: Crash) -> None:
    """The restarted table holds every committed move; when the person was to move, it
    stands where the database left it, and she sees what she saw."""
    committed = crash.committed
    assert resumed["ply"] >= len(committed), (resumed["ply"], len(committed))
    if crash.sent is not None:  # the move in flight was taken whole, or not at all
        ply, move = crash.sent
        if len(committed) > ply:
            assert committed[ply] == (0, move, "player")
        else:
            assert len(committed) == ply
    state = new_game(rules, seed=crash.seed, dealer=0)
    for _, notation, _ in committed:
        state = apply(state, parse_move(notation))
    if state.to_move == 0:  # nobody else may move: the table waits for her
        view = observe(state, 0)
        assert resumed["ply"] == len(committed)
        assert resumed["view"] == records.to_data(view)
        assert resumed["legal"] == [str(move) for move in view.legal_moves()]


def check_record(
    server: Served, final: dict[str, Any], rules: Ruleset, told: Told, crashes: list[Crash]
) -> None:
    """The game's record is the record of its moves played without a crash, and it holds
    every move anyone was told of and every move the database held at each crash."""
    address = f"{server.url}/api/tables/{final['table']}/record"
    with urllib.request.urlopen(address, timeout=WAIT_SECONDS) as response:
        text = response.read().decode()
    record = records.loads(text)
    assert record.rules == rules
    assert (record.seed, record.dealer) == (crashes[0].seed, 0)
    assert len(record.moves) == final["ply"]
    state = new_game(record.rules, seed=record.seed, dealer=record.dealer)
    made: list[tuple[int | None, str]] = []
    for move in record.moves:
        made.append((state.to_move, str(move)))
        state = apply(state, move)
    assert state.is_over
    assert state == record.final_state
    for ply, (seat, notation, by) in told.moves.items():
        assert made[ply - 1][0] == seat, (ply, made[ply - 1], told.moves[ply])
        assert notation in (None, made[ply - 1][1]), (ply, made[ply - 1], told.moves[ply])
        assert by == ("player" if seat == 0 else "bot"), (ply, told.moves[ply])
    for crash in crashes:
        assert [(seat, move) for seat, move, _ in crash.committed] == made[: len(crash.committed)]
    without_a_crash = records.GameRecord.from_moves(
        rules, record.moves, seed=record.seed, dealer=record.dealer
    )
    assert record == without_a_crash
    assert text == records.dumps(without_a_crash)


def game_with_kills(
    serve: Serve, kills: list[Kill], *, round_cap: int, seed: int, bot_workers: int
) -> None:
    """A game of seat 0 against three bots, the server killed and restarted at ``kills``;
    the person's moves are random, from ``seed``."""
    server = serve(
        "--move-seconds", "600", "--extension-seconds", "0", "--bot-workers", str(bot_workers)
    )
    rules = attrs.evolve(MINIOKEY, round_cap=round_cap)
    rng = random.Random(seed)
    told = Told()
    crashes: list[Crash] = []
    table = token = ""
    final: dict[str, Any] | None = None
    while final is None:
        kill = kills[len(crashes)] if len(crashes) < len(kills) else None
        with connect(server.ws_url) as person_socket, connect(server.ws_url) as watching:
            person, spectator = Client(person_socket, told), Client(watching, told)
            assert person.receive()["type"] == spectator.receive()["type"] == "welcome"
            if not crashes:
                created = person.request(
                    {
                        "type": "create_table",
                        "preset": "miniokey",
                        "round_cap": round_cap,
                        "seats": SEATS,
                        "bot_pause": 0,
                        "clock": {"move_seconds": 600, "extension_seconds": 0},
                    },
                    "created",
                )
                table = created["table"]
                joined = person.request({"type": "join", "table": table, "seat": 0}, "joined")
                token = joined["token"]
                first = person.table()
            else:
                joined = person.request(
                    {"type": "resume", "table": table, "token": token}, "joined"
                )
                assert (joined["seat"], joined["token"]) == (0, token)
                first = person.table()
                check_resumed(first, rules, crashes[-1])
            assert records.from_data(first["rules"], Ruleset) == rules
            spectator.request({"type": "watch", "table": table}, "watching")
            final, sent = play(server, person, spectator, first, kill=kill, rng=rng)
            if final is None:  # what the server sent before it died
                person.read_to_the_end()
                spectator.read_to_the_end()
        if final is None:
            committed, table_seed = read_database(server.db, table)
            check_committed(told, committed)
            crashes.append(Crash(committed, table_seed, sent))
            server.start()
    assert len(crashes) == len(kills), "the game ended before every kill came"
    check_record(server, final, rules, told, crashes)


def test_a_kill_right_after_an_accepted_move(served: Serve) -> None:
    """(server-commit, server-restart) A kill -9 as soon as the person hears her move
    accepted, the bots then moving (in a worker process, as by default), and a restart:
    the game goes on from every committed move, and its record is that of the same moves
    played without a crash."""
    kills = [Kill(PLIES_A_ROUND // 2 - 5, "accepted")]
    game_with_kills(served, kills, round_cap=1, seed=1, bot_workers=1)


def test_three_kills_in_one_game(served: Serve) -> None:
    """(server-commit, server-restart) Three kills -9 at random moments of a game of two
    rounds, one in each third of it: on a ``table`` message, with the person's move in
    flight, and right after her move is accepted, in a random order. The bots think in
    threads of the server (a worker process takes seconds to start, four times here)."""
    rng = random.Random(21)
    third = 2 * PLIES_A_ROUND // 3
    plies = [rng.randrange(part * third + 1, (part + 1) * third - 8) for part in range(3)]
    hows = rng.sample(["seen", "sent", "accepted"], 3)
    game_with_kills(served, list(map(Kill, plies, hows)), round_cap=2, seed=21, bot_workers=0)


def process_status(pid: int) -> tuple[str, int] | None:
    """The state and parent of the process ``pid``, from ``/proc`` (None: gone)."""
    try:
        fields = (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def running(pids: set[int]) -> set[int]:
    """Those of ``pids`` that run still: neither gone nor a zombie."""
    return {pid for pid in pids if (status := process_status(pid)) and status[0] != "Z"}


def children(pid: int) -> set[int]:
    """The running processes whose parent is ``pid``."""
    numbers = [int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit()]
    return running({number for number in numbers if parent(number) == pid})


def parent(pid: int) -> int | None:
    """The parent of the process ``pid`` (None: gone)."""
    status = process_status(pid)
    return None if status is None else status[1]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_the_bot_workers_end_with_a_killed_server(served: Serve) -> None:
    """(server-bots, server-durability) kill -9 of the server's process alone, not its
    process group, leaves no bot worker running: a worker of a pool waits for work for
    ever, and each crash and restart would leave more of them behind."""
    server = served("--bot-workers", "2")
    assert server.process is not None
    deadline = time.monotonic() + WAIT_SECONDS
    while len(workers := children(server.process.pid)) < 2:  # the workers, the tracker
        assert time.monotonic() < deadline, "the server started no bot worker"
        time.sleep(0.05)
    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait()
    deadline = time.monotonic() + ORPHAN_SECONDS
    while running(workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(workers), "bot workers outlived their server"
