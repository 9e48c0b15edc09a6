"""What the database holds, and what survives a restart (server-durability).

(server-commit) Every accepted move is committed before anyone hears of it; a write the
database refuses changes nothing. (server-restart) A restarted server (a new `running` on
the same file) takes up every unfinished table as its moves left it. (server-tokens)
Tokens are stored only hashed. (server-seed) The seed stays on the server until the end.
The database file is read with `sqlite3`, as any tool would.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import json
import logging
import re
import sqlite3
from typing import TYPE_CHECKING, Any, Final

import attrs
import pytest
from sqlalchemy.exc import OperationalError

from spades import MINIOKEY, Deck, Play, Ruleset, View, parse_move, records
from spades.bots import fallback_move
from spades.server import ClockSettings
from spades.server._store import Store
from spades.server._tables import TableOptions
from test_record_versions import NEW_IN_3

from .server_client import running

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from .server_client import Connection, Server

pytestmark = pytest.mark.timeout(120)

CARD: Final = re.compile(r"(?<![\w-])[2-9TJQKA][CDHS](?![\w-])")
"""A card's notation standing alone in a text."""


def query(server: Server, sql: str, *parameters: object) -> list[tuple[Any, ...]]:
    with contextlib.closing(sqlite3.connect(server.database)) as database:
        return list(database.execute(sql, parameters).fetchall())


def stored(server: Server, table_id: str) -> list[tuple[int, str, str]]:
    """The table's moves in the database: seat, notation, maker."""
    rows = query(
        server, "SELECT seat, move, by FROM moves WHERE table_id = ? ORDER BY ply", table_id
    )
    return [(int(seat), str(move), str(by)) for seat, move, by in rows]


def seed_of(server: Server, table_id: str) -> str:
    ((seed,),) = query(server, "SELECT seed FROM tables WHERE id = ?", table_id)
    return str(seed)


def failing(what: str) -> Callable[..., Any]:
    async def fail(*args: object, **kwargs: object) -> None:
        raise OperationalError(what, {}, Exception("disk I/O error"))

    return fail


def our_turn(connection: Connection) -> dict[str, Any]:
    """The next ``table`` message in which this connection's seat is to move."""
    return connection.table(lambda message: bool(message["legal"]))


def fallback_of(message: dict[str, Any]) -> str:
    """The fallback move of the view in ``message``."""
    return str(fallback_move(records.from_data(message["view"], View)))


def play(connection: Connection, message: dict[str, Any]) -> None:
    """Make the fallback move of the seat's view in ``message``."""
    connection.send({"type": "move", "table": message["table"], "move": fallback_of(message)})


# Committed before anyone hears of it


def test_every_move_is_stored_before_anyone_hears_of_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """(server-commit) A player's, a bot's and the clock's moves alike."""
    caplog.set_level(logging.INFO, logger="spades.server")
    seats = ["open", "heuristic", "open", "random"]
    clock = {"move_seconds": 1, "extension_seconds": 0}
    with (
        running(tmp_path / "db.sqlite3") as server,
        server.connect() as player,
        server.connect() as spectator,
    ):
        created = player.create(seats=seats, round_cap=1, clock=clock)
        table_id = created["table"]
        token = player.join(table_id, 0)["token"]
        spectator.send({"type": "watch", "table": table_id})

        def check(message: dict[str, Any]) -> None:
            """The database holds the moves ``message`` tells of, the last one as told."""
            held = stored(server, table_id)
            assert len(held) >= message["ply"]
            if message["ply"]:
                last = message["last_move"]
                assert (last["seat"], last["move"], last["by"]) == held[message["ply"] - 1]

        timed: set[int] = set()
        watched = 0
        message = player.table()
        while True:
            check(message)
            while watched < message["ply"]:
                seen = spectator.table()
                check(seen)
                watched = seen["ply"]
            if message["status"] == "over":
                break
            if message["legal"]:
                play(player, message)
            elif message["public"]["to_move"] == 2 and message["ply"] not in timed:
                timed.add(message["ply"])  # seat 2, open, is played by the clock
                server.clock.advance(1)
            message = player.table()
        assert {by for _, _, by in stored(server, table_id)} == {"player", "bot", "clock"}
        assert query(server, "SELECT status FROM tables WHERE id = ?", table_id) == [("over",)]
    # The server's log tells moves by number, seat and maker: never a card, a seed, a token.
    seed = seed_of(server, table_id)
    logged = [record.getMessage() for record in caplog.records]
    assert any(f"table {table_id}: move 55 by seat" in line for line in logged)
    for line in logged:
        assert not CARD.search(line), line
        assert seed not in line
        assert token not in line
        assert created["creator_token"] not in line


def test_a_move_the_database_refuses_is_refused_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(round_cap=1)
        player.join(table_id, 0)
        turn = our_turn(player)
        table = server.table(table_id)
        before, moves = table.state, stored(server, table_id)
        monkeypatch.setattr(Store, "add_move", failing("INSERT"))
        error = player.reply({"type": "move", "table": table_id, "move": "bid 3", "id": 1})
        assert error == {
            "type": "error",
            "reason": "storage_failed",
            "message": "the server could not store this; nothing changed: try again",
            "reply_to": 1,
        }
        assert table.state is before
        assert len(table.moves) == turn["ply"]
        assert stored(server, table_id) == moves
        monkeypatch.undo()
        player.send({"type": "move", "table": table_id, "move": "bid 3", "ply": turn["ply"]})
        moved = player.table(lambda message: message["ply"] == turn["ply"] + 1)
        assert moved["last_move"] == {"seat": 0, "move": "bid 3", "by": "player"}
        our_turn(player)


def test_seats_and_tables_the_database_refuses_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as creator:
        created = creator.create(seats=["open"] * 4)
        table_id = created["table"]
        monkeypatch.setattr(Store, "create", failing("INSERT"))
        error = creator.reply({"type": "create_table", "id": "t"})
        assert error["reason"] == "storage_failed"
        assert error["reply_to"] == "t"
        assert list(server.lobby.tables) == [table_id]
        assert query(server, "SELECT id FROM tables") == [(table_id,)]
        monkeypatch.setattr(Store, "update_seat", failing("UPDATE"))
        error = creator.reply({"type": "join", "table": table_id, "seat": 1})
        assert error["reason"] == "storage_failed"
        handed = {"seat": 2, "bot": "random", "creator_token": created["creator_token"]}
        error = creator.reply({"type": "hand_to_bot", "table": table_id, **handed})
        assert error["reason"] == "storage_failed"
        assert [row.kind for row in server.table(table_id).seats] == ["open"] * 4
        assert query(server, "SELECT kind, token_hash FROM seats") == [("open", None)] * 4
        monkeypatch.undo()
        assert creator.join(table_id, 1)["seat"] == 1


def test_a_game_extension_the_database_refuses_is_given_all_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = {"move_seconds": 5, "extension_seconds": 5, "extension": "game"}
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table(clock=clock)
        player.join(table_id, 0)
        our_turn(player)
        monkeypatch.setattr(Store, "update_seat", failing("UPDATE"))
        server.clock.advance(5)
        extension = player.table()
        assert extension["clock"]["stage"] == "extension"
        assert query(server, "SELECT extension_used FROM seats WHERE seat = 0") == [(0,)]


@pytest.mark.parametrize("maker", ["bot", "clock"])
def test_a_bot_s_or_the_clock_s_move_the_database_refuses_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, maker: str
) -> None:
    """(server-commit) The turn starts over a second later."""
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        seats = ["open", "open", "open", "heuristic" if maker == "bot" else "open"]
        clock = {"move_seconds": 2, "extension_seconds": 0}
        monkeypatch.setattr(Store, "add_move", failing("INSERT"))
        table_id = player.new_table(seats=seats, clock=clock)
        table = server.table(table_id)
        if maker == "clock":
            server.settle(lambda: server.clock.sleepers == 1)  # seat 3's move time
            server.clock.advance(2)
        server.settle(lambda: server.clock.sleepers == 1)  # the pause before a second try
        assert table.moves == []
        assert stored(server, table_id) == []
        monkeypatch.undo()
        server.clock.advance(1)
        if maker == "clock":  # a fresh move time
            server.settle(lambda: server.clock.sleepers == 1)
            server.clock.advance(2)
        player.send({"type": "watch", "table": table_id})
        moved = player.table(lambda message: message["ply"] == 1)
        assert moved["last_move"]["seat"] == 3
        assert moved["last_move"]["by"] == maker
        assert stored(server, table_id)[0][2] == maker


# A restart


def test_a_restart_takes_up_the_table_where_its_moves_left_it(tmp_path: Path) -> None:
    """(server-restart) The same state, the seat's token, a fresh move time, to the end."""
    database = tmp_path / "db.sqlite3"
    with running(database) as server, server.connect() as player:
        created = player.create(round_cap=1)
        table_id = created["table"]
        token = player.join(table_id, 0)["token"]
        for _ in range(3):  # a bid and two cards
            play(player, our_turn(player))
        turn = our_turn(player)
        server.clock.advance(20)
        state, moves = server.table(table_id).state, stored(server, table_id)
        assert len(moves) == turn["ply"]
    with running(database) as server:
        table = server.table(table_id)
        assert table.state == state
        assert len(table.moves) == turn["ply"]
        assert [str(move) for move in table.moves] == [move for _, move, _ in moves]
        assert table.last_move is not None
        with server.connect() as player:
            player.send({"type": "watch", "table": table_id})
            watched = player.table()
            assert watched["seats"][0] == {
                "seat": 0,
                "kind": "player",
                "bot": None,
                "connected": False,
            }
            assert watched["last_move"] == {**turn["last_move"]}
            joined = player.reply({"type": "resume", "table": table_id, "token": token})
            assert joined == {"type": "joined", "table": table_id, "seat": 0, "token": token}
            resumed = player.table()
            assert resumed["ply"] == turn["ply"]
            assert resumed["view"] == turn["view"]
            assert resumed["legal"] == turn["legal"]
            assert resumed["clock"] == {
                "seat": 0,
                "stage": "move",
                "remaining_ms": 30000,
                "extension_available": True,
            }
            message = resumed
            while message["status"] != "over":
                if message["legal"]:
                    play(player, message)
                message = player.table()
            response = server.client.get(message["record"])
            assert response.status_code == 200
            record = records.loads(response.text)
            assert [str(move) for move in record.moves] == [
                move for _, move, _ in stored(server, table_id)
            ]
            assert list(record.moves[: len(moves)]) == [parse_move(move) for _, move, _ in moves]
            assert record.seed == int(seed_of(server, table_id))
            # The creator's token still counts (for nothing, now that the game is over).
            handed = {"type": "hand_to_bot", "table": table_id, "seat": 0, "bot": "random"}
            error = player.reply({**handed, "creator_token": token})
            assert error["reason"] == "not_creator"
            error = player.reply({**handed, "creator_token": created["creator_token"]})
            assert error["reason"] == "game_over"


def test_a_bot_to_move_at_a_restart_moves_after_its_pause(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    with running(database) as server, server.connect() as spectator:
        table_id = spectator.new_table(bot_pause=3)
        spectator.send({"type": "watch", "table": table_id})
        server.clock.advance(3)
        assert spectator.table(lambda message: message["ply"] == 1)["public"]["to_move"] == 2
    with running(database) as server, server.connect() as spectator:
        spectator.send({"type": "watch", "table": table_id})
        assert spectator.table()["ply"] == 1
        server.clock.advance(2)
        spectator.send({"type": "list_tables"})
        assert spectator.receive()["type"] == "tables"
        server.clock.advance(1)
        moved = spectator.table()
        assert moved["ply"] == 2
        assert moved["last_move"]["seat"] == 2


def test_a_game_extension_used_stays_used_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    clock = {"move_seconds": 10, "extension_seconds": 10, "extension": "game"}
    with running(database) as server, server.connect() as player:
        created = player.create(clock=clock, round_cap=1)
        table_id = created["table"]
        token = player.join(table_id, 0)["token"]
        turn = our_turn(player)
        server.settle(lambda: server.clock.sleepers == 1)  # the move time is running
        server.clock.advance(10)
        assert player.table()["clock"]["stage"] == "extension"
        player.send({"type": "move", "table": table_id, "move": "bid 3", "ply": turn["ply"]})
        assert our_turn(player)["clock"]["extension_available"] is False
    with running(database) as server, server.connect() as player:
        player.send({"type": "resume", "table": table_id, "token": token})
        turn = our_turn(player)
        assert turn["clock"] == {
            "seat": 0,
            "stage": "move",
            "remaining_ms": 10000,
            "extension_available": False,
        }
        expected = fallback_of(turn)
        server.settle(lambda: server.clock.sleepers == 1)  # the move time is running again
        server.clock.advance(10)
        moved = player.table()
        assert moved["ply"] == turn["ply"] + 1
        assert moved["last_move"] == {"seat": 0, "move": expected, "by": "clock"}
        # The game goes on to seat 0's next turn. When her card ends the trick and wins it,
        # that turn is the message of the move itself: no other message comes until her
        # move time runs out, so waiting for one would wait for ever.
        assert moved["legal"] or our_turn(player)["legal"]


def finished(server: Server, connection: Connection) -> tuple[str, str]:
    """A table of bots that played one round to the end; its id and its record."""
    table_id = connection.new_table(
        seats=["heuristic", "random", "random", "heuristic"], round_cap=1
    )
    connection.send({"type": "watch", "table": table_id})
    over = connection.table(lambda message: message["status"] == "over")
    response = server.client.get(over["record"])
    assert response.status_code == 200
    assert connection.reply({"type": "leave", "table": table_id})["type"] == "left"
    return table_id, response.text


def test_a_finished_game_s_record_is_served_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    with running(database) as server, server.connect() as connection:
        table_id, record = finished(server, connection)
    with running(database) as server, server.connect() as connection:
        assert table_id not in server.lobby.tables  # over: not taken up again
        assert connection.reply({"type": "list_tables"})["tables"] == []
        response = server.client.get(f"/api/tables/{table_id}/record")
        assert response.status_code == 200
        assert response.text == record
        assert response.headers["content-disposition"] == (
            f'attachment; filename="spades-{table_id}.json"'
        )
        assert records.loads(record).rules == attrs.evolve(MINIOKEY, round_cap=1)


def test_a_finished_table_that_leaves_memory_still_has_its_record(tmp_path: Path) -> None:
    with running(tmp_path / "db.sqlite3") as server, server.connect() as connection:
        table_id, record = finished(server, connection)
        assert table_id in server.lobby.tables
        other = connection.new_table(seats=["open"] * 4)  # finished tables nobody follows go
        assert list(server.lobby.tables) == [other]
        response = server.client.get(f"/api/tables/{table_id}/record")
        assert response.status_code == 200
        assert response.text == record
        # It is read back from the database to be watched.
        watching = connection.reply({"type": "watch", "table": table_id})
        assert watching == {"type": "watching", "table": table_id}
        watched = connection.table()
        assert watched["status"] == "over"
        assert watched["record"] == f"/api/tables/{table_id}/record"
        assert sorted(server.lobby.tables) == sorted([table_id, other])


@pytest.mark.parametrize("text", ["bid 14", "dance"])
def test_a_table_whose_moves_no_longer_replay_is_left_out(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, text: str
) -> None:
    """(server-restart) A database changed by hand: logged, and the other tables go on."""
    database = tmp_path / "db.sqlite3"
    with running(database) as server, server.connect() as connection:
        broken = connection.new_table(seats=["open"] * 4)
        kept = connection.new_table(seats=["open"] * 4)

        def bid(table_id: str) -> None:
            connection.join(table_id, 3)
            connection.send({"type": "move", "table": table_id, "move": "bid 2"})
            connection.table(lambda message: message["table"] == table_id and message["ply"] == 1)

        bid(broken)
        bid(kept)
    with contextlib.closing(sqlite3.connect(database)) as changed:
        changed.execute("UPDATE moves SET move = ? WHERE table_id = ?", (text, broken))
        changed.commit()
    with running(database) as server, server.connect() as connection:
        assert list(server.lobby.tables) == [kept]
        assert len(server.table(kept).moves) == 1
        error = connection.reply({"type": "watch", "table": broken})
        assert error["reason"] == "no_such_table"
        response = server.client.get(f"/api/tables/{broken}/record")
        assert response.status_code == 404
        assert response.json()["reason"] == "no_such_table"
    assert any(
        f"table {broken} cannot be restored" in record.getMessage() for record in caplog.records
    )


def test_a_table_stored_under_version_2_of_the_data_is_taken_up(tmp_path: Path) -> None:
    """(server-restart, server-versions) A database of a server before version 3 of the
    data: its rulesets hold none of the fields of version 3, and read with the rules of
    the sources (spades led once broken, no zero contract, no nil pass, double nil before
    the first draw choice, no team minimum, open bidding, ten a trick); the table's
    messages then carry the ruleset as version 3.

    Rules: reading-spades-lead, reading-zero-bid.
    Rules: rule-team-minimum, rule-ten-for-two-hundred.
    Rules: reading-card-pass, reading-double-nil-timing.
    Rule: rule-suicide.
    """
    database = tmp_path / "db.sqlite3"
    with running(database) as server, server.connect() as connection:
        table_id = connection.new_table(preset="miniokey", round_cap=1)
        connection.join(table_id, 0)
        play(connection, our_turn(connection))
        turn = our_turn(connection)
        state = server.table(table_id).state
        assert turn["ply"] == len(stored(server, table_id)) > 1
    ((text,),) = query(server, "SELECT rules FROM tables WHERE id = ?", table_id)
    rules = json.loads(text)
    assert (rules["version"], rules["spades_lead"]) == (records.VERSION, "broken")
    assert (rules["zero_contract"], rules["team_minimum"], rules["ten_for_two_hundred"]) == (
        False,
        0,
        False,
    )
    assert (rules["nil_pass"], rules["double_nil_timing"]) == (0, "before_first_choice")
    assert rules["bidding"] == "open"
    for name in NEW_IN_3:
        del rules[name]
    with contextlib.closing(sqlite3.connect(database)) as changed:
        changed.execute(
            "UPDATE tables SET rules = ? WHERE id = ?",
            (json.dumps({**rules, "version": 2}), table_id),
        )
        changed.commit()
    with running(database) as server, server.connect() as connection:
        table = server.table(table_id)
        assert table.rules == attrs.evolve(MINIOKEY, round_cap=1)
        assert table.state == state
        connection.send({"type": "watch", "table": table_id})
        watched = connection.table()
        assert watched["rules"] == records.to_data(table.rules)
        assert watched["ply"] == turn["ply"]
        assert watched["rules"]["version"] == 3
        assert watched["rules"]["spades_lead"] == "broken"
        assert watched["rules"]["team_minimum"] == watched["rules"]["nil_pass"] == 0
        assert watched["rules"]["double_nil_timing"] == "before_first_choice"
        assert watched["rules"]["bidding"] == "open"


def test_the_server_stops_its_tables_before_it_closes_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    running_turns: list[str] = []
    close = Store.close

    async def closing(self: Store) -> None:
        for task in asyncio.all_tasks():
            name = getattr(task.get_coro(), "__qualname__", "")
            if name.startswith("Table.") and not task.done():
                running_turns.append(name)
        await close(self)

    monkeypatch.setattr(Store, "close", closing)
    with running(tmp_path / "db.sqlite3") as server, server.connect() as player:
        table_id = player.new_table()
        player.join(table_id, 0)
        our_turn(player)  # seat 0's clock runs
    assert running_turns == []


def three_moves_on(connection: Connection) -> int:
    """The ply of the table three moves after the next ``table`` message."""
    start = connection.table()["ply"]
    later: int = connection.table(lambda message: message["ply"] >= start + 3)["ply"]
    return later


def test_a_server_stopped_while_its_bots_play_stops_and_loses_nothing(tmp_path: Path) -> None:
    """(server-restart) Stopped mid-game, a bot's move likely being stored: it stops, leaves
    no connection open, and the next server replays every move anyone was told of."""
    database = tmp_path / "db.sqlite3"
    for _ in range(3):
        with running(database) as server, server.connect() as spectator:
            tables = list(server.lobby.tables)
            table_id = tables[0] if tables else spectator.new_table(seats=["heuristic"] * 4)
            spectator.send({"type": "watch", "table": table_id})
            told = three_moves_on(spectator)
        gc.collect()  # an unclosed database connection would warn here
        with contextlib.closing(sqlite3.connect(database)) as opened:
            (count,) = opened.execute("SELECT count(*) FROM moves").fetchone()
        assert count >= told


# Secrets


def test_tokens_are_stored_only_hashed(tmp_path: Path) -> None:
    """(server-tokens) The database file holds each token's SHA-256, never the token."""
    database = tmp_path / "db.sqlite3"
    with running(database) as server, server.connect() as connection:
        created = connection.create(seats=["open"] * 4)
        table_id = created["table"]
        tokens = [created["creator_token"]]
        tokens += [connection.join(table_id, 1)["token"]]
        with server.connect() as other:
            tokens += [other.join(table_id, 2)["token"]]
        connection.send({"type": "resume", "table": table_id, "token": tokens[2]})
        connection.table(lambda message: message["you"] == 2)
    files = [path for path in tmp_path.iterdir() if path.name.startswith("db.sqlite3")]
    content = b"".join(path.read_bytes() for path in files)
    for token in tokens:
        assert token.encode() not in content
        assert hashlib.sha256(token.encode()).hexdigest().encode() in content
    with contextlib.closing(sqlite3.connect(database)) as opened:
        hashes = opened.execute("SELECT token_hash FROM seats ORDER BY seat").fetchall()
        (creator,) = opened.execute("SELECT creator_hash FROM tables").fetchone()
    assert creator == hashlib.sha256(tokens[0].encode()).hexdigest()
    assert [row[0] for row in hashes] == [
        None,
        hashlib.sha256(tokens[1].encode()).hexdigest(),
        hashlib.sha256(tokens[2].encode()).hexdigest(),
        None,
    ]


def test_the_seed_is_in_no_message_before_the_end(tmp_path: Path) -> None:
    """(server-seed) Nor in an error or a refused record; the record has it at the end."""
    with (
        running(tmp_path / "db.sqlite3") as server,
        server.connect() as player,
        server.connect() as spectator,
    ):
        table_id = player.new_table(round_cap=1)
        seed = seed_of(server, table_id)
        assert len(seed) > 6
        player.join(table_id, 0)
        spectator.send({"type": "watch", "table": table_id})
        texts = [json.dumps(player.welcome)]
        message = our_turn(player)
        for request in (
            {"type": "list_tables"},
            {"type": "move", "table": table_id, "move": "bid 14"},
            {"type": "move", "table": table_id, "move": "play 2C"},
            {"type": "join", "table": table_id, "seat": 0},
        ):
            texts.append(json.dumps(player.reply(request)))
        response = server.client.get(f"/api/tables/{table_id}/record")
        assert response.status_code == 409
        texts.append(response.text)
        while message["status"] != "over":
            texts.append(json.dumps(message))
            if message["legal"]:
                play(player, message)
            message = player.table()
        while True:
            watched = spectator.table()
            if watched["status"] == "over":
                break
            texts.append(json.dumps(watched))
        for text in texts:
            assert seed not in text
        assert seed in server.client.get(message["record"]).text


def _joker_move(message: dict[str, Any]) -> str:
    """A joker's play when the seat may make one, else its first legal move."""
    legal: list[str] = message["legal"]
    return next((move for move in legal if move in {"play BJ", "play LJ"}), legal[0])


def test_a_table_with_a_joker_deck_is_stored_restarted_and_played_to_its_record(
    tmp_path: Path,
) -> None:
    """(server-restart) A table of Joker-Joker-Deuce-Deuce rules: its messages carry the
    deck and the jokers (valid, as every message the test client reads), the database its
    ruleset; after a restart the table holds the same rules and state, and its game goes
    on to a record of that deck.

    Rule: rule-decks.
    """
    database = tmp_path / "db.sqlite3"
    rules = Ruleset(deck=Deck.JOKER_JOKER_DEUCE_DEUCE, round_cap=1)
    options = TableOptions(
        preset="classic",
        rules=rules,
        seats=("open", "random", "random", "random"),
        clock=ClockSettings(),
        bot_pause=0.0,
    )
    seen: set[str] = set()
    with running(database) as server, server.connect() as player:
        assert server.client.portal is not None
        table, _ = server.client.portal.call(server.lobby.create, options)
        token = player.join(table.id, 0)["token"]
        for _ in range(4):  # a bid and three cards
            message = our_turn(player)
            assert message["view"]["rules"]["deck"] == "joker_joker_deuce_deuce"
            seen.update(message["view"]["hand"])
            player.send({"type": "move", "table": table.id, "move": _joker_move(message)})
        turn = our_turn(player)
        state = server.table(table.id).state
    ((saved,),) = query(server, "SELECT rules FROM tables WHERE id = ?", table.id)
    assert json.loads(saved)["deck"] == "joker_joker_deuce_deuce"
    with running(database) as server:
        assert server.table(table.id).rules == rules
        assert server.table(table.id).state == state
        with server.connect() as player:
            player.reply({"type": "resume", "table": table.id, "token": token})
            message = player.table()
            assert message["view"] == turn["view"]
            while message["status"] != "over":
                if message["legal"]:
                    player.send({"type": "move", "table": table.id, "move": _joker_move(message)})
                message = player.table()
                for trick in message["view"]["tricks"]:
                    seen.update(trick["cards"])
            record = records.loads(server.client.get(message["record"]).text)
    assert record.rules == rules
    assert {"BJ", "LJ", "2D"} <= seen
    assert not {"2C", "2H"} & seen


def test_a_solo_table_is_stored_restarted_and_played_to_its_record(tmp_path: Path) -> None:
    """(server-restart) A solo table made from rules text: the database holds its ruleset
    with solo on; after a restart the table holds the same rules, preset and state, four
    scores, and its game goes on to a record of four sides.

    Rule: rule-solo.
    """
    database = tmp_path / "db.sqlite3"
    text = "classic;solo:true;round_cap:1"
    rules = records.ruleset_from_text(text)
    with running(database) as server, server.connect() as player:
        created = player.create(rules=text, seats=["open", "random", "random", "random"])
        table_id, token = created["table"], player.join(created["table"], 0)["token"]
        for _ in range(3):  # a bid and two cards
            play(player, our_turn(player))
        turn = our_turn(player)
        state = server.table(table_id).state
    ((saved, preset),) = query(server, "SELECT rules, preset FROM tables WHERE id = ?", table_id)
    assert json.loads(saved)["solo"] is True
    assert preset == "classic"
    with running(database) as server:
        table = server.table(table_id)
        assert (table.rules, table.preset, table.state) == (rules, "classic", state)
        with server.connect() as player:
            player.reply({"type": "resume", "table": table_id, "token": token})
            message = player.table()
            assert message["view"] == turn["view"]
            assert message["rules_text"] == text
            while message["status"] != "over":
                if message["legal"]:
                    play(player, message)
                message = player.table()
            record = records.loads(server.client.get(message["record"]).text)
    assert record.rules == rules
    assert len(record.final_state.scores) == 4
    assert list(record.final_state.scores) == message["public"]["scores"]


def test_a_three_player_table_is_stored_restarted_and_played_to_its_record(
    tmp_path: Path,
) -> None:
    """(server-restart) A three-player table of the whole Joker-Joker-Deuce-Deuce deck: the
    database holds its ruleset of three players and its three seats; after a restart the
    table holds the same rules and state, 18 cards a hand, and its game goes on to a record
    of three sides in which every card of the deck was played.

    Rule: rule-three-players.
    """
    database = tmp_path / "db.sqlite3"
    text = "classic;players:3;deck:joker_joker_deuce_deuce;round_cap:1"
    rules = records.ruleset_from_text(text)
    with running(database) as server, server.connect() as player:
        created = player.create(rules=text, seats=["random", "open", "random"])
        table_id, token = created["table"], player.join(created["table"], 1)["token"]
        for _ in range(3):  # a bid and two cards
            play(player, our_turn(player))
        turn = our_turn(player)
        state = server.table(table_id).state
    ((saved,),) = query(server, "SELECT rules FROM tables WHERE id = ?", table_id)
    assert json.loads(saved)["players"] == 3
    assert len(query(server, "SELECT seat FROM seats WHERE table_id = ?", table_id)) == 3
    with running(database) as server:
        table = server.table(table_id)
        assert (table.rules, table.state) == (rules, state)
        with server.connect() as player:
            player.reply({"type": "resume", "table": table_id, "token": token})
            message = player.table()
            assert message["view"] == turn["view"]
            assert message["public"]["hand_sizes"] == [
                len(hand) for hand in state.hands
            ]  # 18 each, less what was played
            assert message["rules_text"] == text
            while message["status"] != "over":
                if message["legal"]:
                    play(player, message)
                message = player.table()
            record = records.loads(server.client.get(message["record"]).text)
    assert record.rules == rules
    final = record.final_state
    assert list(final.scores) == message["public"]["scores"]
    assert len(final.scores) == len(final.bags) == 3
    played = [made.card for made in record.moves if isinstance(made, Play)]
    assert sorted(played) == sorted(record.rounds[0].deck) == sorted(rules.pack.cards)
