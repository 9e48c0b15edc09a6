"""The clock of source B, and the bots' pause, on a clock that moves only by hand.

(server-clock) Each move has its move time; when it runs out an extension starts, once a
move or once a game for each seat; when that runs out too the server plays
`spades.bots.fallback_move` for the seat, whoever holds it (a player, a player who left,
nobody). (server-bots) Bots move after the table's pause, and a bot that fails is replaced
by the clock's move. No test waits for real time: each moves the server's `ManualClock`
and reads what the server says then.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from typing import TYPE_CHECKING, Any

import pytest

from spades import Move, observe, parse_move
from spades.bots import fallback_move
from spades.server import _bots, _tables

from .server_client import running

if TYPE_CHECKING:
    from pathlib import Path

    from spades import View

    from .server_client import Connection, Server

pytestmark = pytest.mark.timeout(120)


def quiet(connection: Connection) -> None:
    """Nothing came meanwhile: the next message is the answer to the next request."""
    connection.send({"type": "list_tables", "id": "quiet"})
    assert connection.receive()["type"] == "tables"


def on_the_clock(message: dict[str, Any], seat: int) -> bool:
    return message["clock"] is not None and message["clock"]["seat"] == seat


def turn_of(
    connection: Connection, seat: int, last: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The message in which ``seat`` is to move on the clock: ``last``, or a later one."""
    if last is not None and on_the_clock(last, seat):
        return last
    return connection.table(lambda message: on_the_clock(message, seat))


def timed_out(
    server: Server, connection: Connection, seat: int, turn: dict[str, Any]
) -> dict[str, Any]:
    """Let the move time and the extension of ``seat``'s ``turn`` run out: the clock moves."""
    table_id = turn["table"]
    expected = the_fallback(server, table_id, seat)
    clock = clock_of(turn)
    server.clock.advance(clock["remaining_ms"] / 1000)
    if clock["extension_available"]:
        extension = connection.receive()
        assert extension["ply"] == turn["ply"]
        assert clock_of(extension)["stage"] == "extension"
        server.clock.advance(clock_of(extension)["remaining_ms"] / 1000)
    moved = connection.receive()
    assert moved["ply"] == turn["ply"] + 1
    assert moved["last_move"] == {"seat": seat, "move": expected, "by": "clock"}
    return moved


def the_fallback(server: Server, table_id: str, seat: int) -> str:
    """The clock's move for ``seat`` now."""
    return str(fallback_move(observe(server.table(table_id).state, seat)))


def clock_of(message: dict[str, Any]) -> dict[str, Any]:
    clock: dict[str, Any] = message["clock"]
    return clock


def stored_moves(server: Server, table_id: str) -> list[tuple[int, str, str]]:
    with contextlib.closing(sqlite3.connect(server.database)) as database:
        rows = database.execute(
            "SELECT seat, move, by FROM moves WHERE table_id = ? ORDER BY ply", (table_id,)
        ).fetchall()
    return [(int(seat), str(move), str(by)) for seat, move, by in rows]


def extensions_used(server: Server, table_id: str) -> list[bool]:
    with contextlib.closing(sqlite3.connect(server.database)) as database:
        rows = database.execute(
            "SELECT extension_used FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ).fetchall()
    return [bool(used) for (used,) in rows]


def test_the_extension_follows_the_move_time_and_then_the_clock_moves(tmp_path: Path) -> None:
    """(server-clock) 30 seconds, 30 more, then the fallback move, by the clock."""
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(round_cap=1)
        player.join(table_id, 0)
        turn = turn_of(player, 0)
        assert turn["legal"]
        assert turn["clock"] == {
            "seat": 0,
            "stage": "move",
            "remaining_ms": 30000,
            "extension_available": True,
        }
        expected = the_fallback(server, table_id, 0)
        server.clock.advance(29)
        quiet(player)
        server.clock.advance(1)
        extension = player.receive()
        assert extension["type"] == "table"
        assert extension["ply"] == turn["ply"]
        assert extension["legal"] == turn["legal"]
        assert extension["clock"] == {
            "seat": 0,
            "stage": "extension",
            "remaining_ms": 30000,
            "extension_available": False,
        }
        server.clock.advance(29.5)
        quiet(player)
        server.clock.advance(0.5)
        moved = player.receive()
        assert moved["ply"] == turn["ply"] + 1
        assert moved["last_move"] == {"seat": 0, "move": expected, "by": "clock"}
        assert stored_moves(server, table_id)[turn["ply"]] == (0, expected, "clock")
        # The bots go on, and the seat's next move has its own time again.
        again = turn_of(player, 0)
        assert clock_of(again)["remaining_ms"] == 30000
        assert clock_of(again)["extension_available"]


def test_the_clock_counts_down_in_each_message(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(clock={"move_seconds": 20, "extension_seconds": 5})
        player.join(table_id, 0)
        assert clock_of(turn_of(player, 0))["remaining_ms"] == 20000
        server.clock.advance(12.25)
        with server.connect() as spectator:
            spectator.send({"type": "watch", "table": table_id})
            assert clock_of(spectator.table())["remaining_ms"] == 7750
        server.clock.advance(10)
        extension = player.table(lambda message: clock_of(message)["stage"] == "extension")
        assert clock_of(extension)["remaining_ms"] == 5000


def test_a_move_in_time_stops_the_clock(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(round_cap=1)
        player.join(table_id, 0)
        turn = turn_of(player, 0)
        server.clock.advance(20)
        player.send({"type": "move", "table": table_id, "move": "bid 3", "ply": turn["ply"]})
        # The bots lead and follow; the seat's next move starts its time at 20.
        bid = turn["ply"]
        turn = player.table(lambda message: message["ply"] > bid and message["legal"])
        assert clock_of(turn)["remaining_ms"] == 30000
        server.clock.advance(15)  # 35: the first move's time would have run out at 30
        quiet(player)
        server.clock.advance(14)
        quiet(player)
        server.clock.advance(1)  # 50: this move's time runs out
        extension = player.receive()
        assert extension["ply"] == turn["ply"]
        assert clock_of(extension)["stage"] == "extension"
        assert clock_of(extension)["remaining_ms"] == 30000
        assert [by for seat, _, by in stored_moves(server, table_id) if seat == 0] == ["player"]


def test_a_move_in_the_extension_stops_the_clock(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(round_cap=1)
        player.join(table_id, 0)
        turn = turn_of(player, 0)
        server.clock.advance(30)
        assert clock_of(player.receive())["stage"] == "extension"
        server.clock.advance(29)
        player.send({"type": "move", "table": table_id, "move": "bid 2"})
        moved = player.table(lambda message: message["ply"] == turn["ply"] + 1)
        assert moved["last_move"] == {"seat": 0, "move": "bid 2", "by": "player"}
        turn = player.table(lambda message: message["legal"])
        server.clock.advance(29)  # 88: the extension would have run out at 60
        quiet(player)
        assert len(stored_moves(server, table_id)) == turn["ply"]


def test_extension_game_gives_each_seat_one_extension_a_game(tmp_path: Path) -> None:
    """(server-clock) Used up the moment it starts, also if the player then moves at once."""
    clock = {"move_seconds": 10, "extension_seconds": 20, "extension": "game"}
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(round_cap=1, clock=clock)
        player.join(table_id, 0)
        turn = turn_of(player, 0)
        assert clock_of(turn)["extension_available"]
        assert extensions_used(server, table_id) == [False] * 4
        server.clock.advance(10)
        extension = player.receive()
        assert clock_of(extension) == {
            "seat": 0,
            "stage": "extension",
            "remaining_ms": 20000,
            "extension_available": False,
        }
        player.send({"type": "move", "table": table_id, "move": "bid 3"})
        bid = turn["ply"]
        turn = player.table(lambda message: message["ply"] > bid and message["legal"])
        assert clock_of(turn) == {
            "seat": 0,
            "stage": "move",
            "remaining_ms": 10000,
            "extension_available": False,
        }
        assert extensions_used(server, table_id) == [True, False, False, False]
        expected = the_fallback(server, table_id, 0)
        server.clock.advance(10)  # straight to the clock's move
        moved = player.receive()
        assert moved["ply"] == turn["ply"] + 1
        assert moved["last_move"] == {"seat": 0, "move": expected, "by": "clock"}
        turn_of(player, 0, moved)


def test_extension_move_gives_every_move_its_extension(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(round_cap=1, clock={"move_seconds": 5, "extension_seconds": 7})
        player.join(table_id, 0)
        message = None
        for _ in range(3):
            turn = turn_of(player, 0, message)
            assert clock_of(turn) == {
                "seat": 0,
                "stage": "move",
                "remaining_ms": 5000,
                "extension_available": True,
            }
            message = timed_out(server, player, 0, turn)
        turn_of(player, 0, message)
        assert extensions_used(server, table_id) == [False] * 4


def test_no_extension_when_its_seconds_are_0(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(clock={"move_seconds": 3, "extension_seconds": 0})
        player.join(table_id, 0)
        turn = turn_of(player, 0)
        assert clock_of(turn) == {
            "seat": 0,
            "stage": "move",
            "remaining_ms": 3000,
            "extension_available": False,
        }
        turn_of(player, 0, timed_out(server, player, 0, turn))  # the bots have moved


def test_a_seat_nobody_joined_is_played_by_the_clock(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as spectator:
        table_id = spectator.new_table(seats=["open", "heuristic", "open", "heuristic"])
        spectator.send({"type": "watch", "table": table_id})
        message = None
        for seat in (2, 0, 2):  # counterclockwise from the dealer, seat 0: 3, 2, 1, 0, 3, 2
            message = timed_out(server, spectator, seat, turn_of(spectator, seat, message))
            assert message["seats"][seat] == {
                "seat": seat,
                "kind": "open",
                "bot": None,
                "connected": False,
            }
        turn_of(spectator, 0, message)
        assert [by for _, _, by in stored_moves(server, table_id)] == ["bot", "clock"] * 3 + ["bot"]


@pytest.mark.parametrize("how", ["disconnects", "leaves"])
def test_a_seat_whose_player_went_keeps_being_played_by_the_clock(tmp_path: Path, how: str) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as spectator:
        with server.connect() as player:
            table_id = player.new_table(round_cap=1)
            player.join(table_id, 0)
            turn_of(player, 0)
            spectator.send({"type": "watch", "table": table_id})
            assert spectator.table()["seats"][0]["connected"]
            if how == "leaves":
                assert player.reply({"type": "leave", "table": table_id})["type"] == "left"
        message = spectator.table()
        assert message["seats"][0] == {"seat": 0, "kind": "player", "bot": None, "connected": False}
        for _ in range(3):
            message = timed_out(server, spectator, 0, turn_of(spectator, 0, message))
            assert message["seats"][0]["kind"] == "player"
            assert not message["seats"][0]["connected"]
        turn_of(spectator, 0, message)
        assert [by for seat, _, by in stored_moves(server, table_id) if seat == 0] == ["clock"] * 3


def test_bots_move_after_the_table_s_pause(tmp_path: Path) -> None:
    """(server-bots) A bot waits the pause; its turn shows no clock."""
    with running(tmp_path / "db.sqlite3") as server, server.connect() as spectator:
        table_id = spectator.new_table(bot_pause=2.5)
        spectator.send({"type": "watch", "table": table_id})
        waiting = spectator.table()
        assert waiting["ply"] == 0
        assert waiting["public"]["to_move"] == 3
        assert waiting["clock"] is None
        server.clock.advance(2)
        quiet(spectator)
        server.clock.advance(0.5)
        moved = spectator.table()
        assert moved["ply"] == 1
        assert moved["last_move"]["seat"] == 3
        assert moved["last_move"]["by"] == "bot"
        assert moved["clock"] is None  # the next bot's pause
        server.clock.advance(2.5)
        assert spectator.table()["last_move"]["seat"] == 2


@pytest.mark.parametrize("failure", ["raises", "illegal"])
def test_a_bot_that_fails_gets_the_clock_s_move(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    failure: str,
) -> None:
    """(server-bots) Logged, and the fallback move is made for the bot, by the bot."""
    seen: list[View] = []

    def broken(bot: str, view: View, seed: int) -> str:
        seen.append(view)
        if failure == "raises":
            raise RuntimeError("the bot is broken")
        return "bid 14"

    monkeypatch.setattr(_bots, "bot_move", broken)
    with running(tmp_path / "db.sqlite3") as server, server.connect() as spectator:
        table_id = spectator.new_table()
        spectator.send({"type": "watch", "table": table_id})
        turn_of(spectator, 0)  # the three bots have bid
        made: list[Move] = [parse_move(move) for _, move, _ in stored_moves(server, table_id)]
        assert made == [fallback_move(view) for view in seen]
        assert [view.seat for view in seen] == [3, 2, 1]
        assert [by for _, _, by in stored_moves(server, table_id)] == ["bot"] * 3
    words = "bot failed" if failure == "raises" else "bot chose an illegal move"
    assert sum(words in record.getMessage() for record in caplog.records) == 3


def test_a_turn_that_fails_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(view: object) -> Move:
        raise RuntimeError("no move")

    caplog.set_level(logging.ERROR, logger="spades.server")
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(clock={"move_seconds": 1, "extension_seconds": 0})
        player.join(table_id, 0)
        turn = turn_of(player, 0)
        monkeypatch.setattr(_tables, "fallback_move", broken)
        server.clock.advance(1)

        def logged() -> bool:
            return any("a turn failed" in record.getMessage() for record in caplog.records)

        server.settle(logged)
        assert len(server.table(table_id).moves) == turn["ply"]
        # The player may still move.
        player.send({"type": "move", "table": table_id, "move": "bid 4"})
        moved = player.table(lambda message: message["ply"] == turn["ply"] + 1)
        assert moved["last_move"] == {"seat": 0, "move": "bid 4", "by": "player"}
        turn_of(player, 0)


def test_bots_in_a_worker_process_play_a_game_to_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """(server-bots) With a worker process, the bots think there, not on the event loop.

    A policy broken in this process only shows that no bot's move is computed here.
    """

    def broken(bot: str, seed: int) -> object:
        raise AssertionError("a bot's move was computed in the server's process")

    monkeypatch.setattr(_bots, "make_bot", broken)
    seats = ["heuristic", "random", "heuristic", "random"]
    with running(tmp_path / "db.sqlite3", bot_workers=1) as server, server.connect() as spectator:
        table_id = spectator.new_table(seats=seats, round_cap=1)
        spectator.send({"type": "watch", "table": table_id})
        over = spectator.table(lambda message: message["status"] == "over")
        assert over["ply"] == 56
        assert over["public"]["outcome"] is not None
        assert {by for _, _, by in stored_moves(server, table_id)} == {"bot"}
    assert not [record for record in caplog.records if "bot failed" in record.getMessage()]


def test_every_bot_the_welcome_names_makes_its_move(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as spectator:
        bots = spectator.welcome["bots"]
        assert sorted(bots) == ["heuristic", "random", "search"]
        table_id = spectator.new_table(seats=["open", *bots])
        spectator.send({"type": "watch", "table": table_id})
        turn_of(spectator, 0)
        moves = stored_moves(server, table_id)
        assert [(seat, by) for seat, _, by in moves] == [(3, "bot"), (2, "bot"), (1, "bot")]
        assert all(move.startswith("bid ") for _, move, _ in moves)
