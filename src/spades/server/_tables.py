"""The tables in play: a game each, its seats, its clock and its bots.

A table's moves are the truth. A move, whoever makes it (a person, a bot, the clock), goes
through `Table.play`: checked by `spades.apply`, committed to the database, and only then
applied and told to the table's followers, so that nobody hears of a move the database
does not hold. The table then waits for the next move: a bot's, computed away from the
event loop after the table's pause, or a person's, against the clock of source B (the
move time, then one extension, then `spades.bots.fallback_move`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any, Final, Protocol

import attrs
from sqlalchemy.exc import SQLAlchemyError

from spades import (
    Bid,
    Look,
    Play,
    Ruleset,
    SpadesError,
    apply,
    new_game,
    observe,
    parse_move,
    records,
)
from spades.bots import fallback_move
from spades.server._protocol import ProtocolError, public_data, seat_data
from spades.server._settings import ClockSettings
from spades.server._store import MoveRow, SavedTable, SeatRow, TableRow

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from spades import Move, State
    from spades.server._bots import BotRunner
    from spades.server._clock import Clock
    from spades.server._store import Store

__all__ = ["Follower", "Lobby", "Services", "Table", "TableOptions", "token_hash"]

log = logging.getLogger("spades.server")

SEED_BITS: Final = 128
"""A table's seed is drawn from this many random bits: `spades.new_game` takes up to 2**128."""

RETRY_SECONDS: Final = 1.0
"""How long a bot's or the clock's move waits when the database refused it, to try again."""

_PUBLIC_MOVES: Final = (Bid, Look, Play)
"""The moves every seat sees made; passes, draws and exchanges show only to their seat."""


class Follower(Protocol):
    """Whoever follows a table: hears of every change, without waiting on the table."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for this follower."""
        ...

    def seated(self, table: str, seat: int | None) -> None:
        """Note that this follower now holds ``seat`` at ``table`` (``None``: watches)."""
        ...


@attrs.frozen(kw_only=True)
class Services:
    """What every table uses: the database, the bots, the clock."""

    store: Store
    bots: BotRunner
    clock: Clock


def token_hash(token: str) -> str:
    """What is stored of a seat or creator token: its SHA-256, in hexadecimal."""
    return hashlib.sha256(token.encode()).hexdigest()


@attrs.frozen
class _Turn:
    seat: int
    stage: str  # "bot", "move" or "extension"
    deadline: float | None = None


class Table:
    """One game, its seats and its followers."""

    def __init__(self, saved: SavedTable, services: Services) -> None:
        row = saved.table
        self.id = row.id
        self.preset = row.preset
        self.rules: Ruleset = records.from_data(json.loads(row.rules), Ruleset)
        self.rules_text = records.ruleset_text(self.rules)
        self.clock_settings = ClockSettings(**json.loads(row.clock))
        self.bot_pause = row.bot_pause
        self._row = row
        self._services = services
        self.seats = list(saved.seats)
        self.state: State = new_game(self.rules, seed=int(row.seed), dealer=row.dealer)
        self.moves: list[Move] = []
        self.last_move: tuple[int, Move, str] | None = None
        for stored in saved.moves:
            move = parse_move(stored.move)
            self.state = apply(self.state, move, seat=stored.seat)
            self.moves.append(move)
            self.last_move = (stored.seat, move, stored.by)
        self.followers: dict[Follower, int | None] = {}
        self.turn: _Turn | None = None
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()

    # Moves

    async def play(self, seat: int, move: Move, by: str, *, ply: int | None = None) -> None:
        """Make ``move`` for ``seat``: checked, committed, then told to every follower.

        Raises `spades.IllegalMoveError` for an illegal move, `ProtocolError` when ``ply``
        is not the table's move count (``"stale_ply"``) or the database fails
        (``"storage_failed"``); the table is then as it was.
        """
        async with self._lock:
            if ply is not None and ply != len(self.moves):
                raise ProtocolError(
                    "stale_ply",
                    f"the table is at move {len(self.moves)}, not {ply}: look again and retry",
                )
            after = apply(self.state, move, seat=seat)
            stored = MoveRow(ply=len(self.moves), seat=seat, move=str(move), by=by)
            await self._store(self._services.store.add_move(self.id, stored, over=after.is_over))
            self.state = after
            self.moves.append(move)
            self.last_move = (seat, move, by)
            log.info("table %s: move %d by seat %d (%s)", self.id, stored.ply, seat, by)
            self._next_turn()
            self.broadcast()

    async def _store(self, write: Coroutine[Any, Any, None]) -> None:
        try:
            await write
        except SQLAlchemyError:
            log.exception("table %s: the database refused a write", self.id)
            raise ProtocolError(
                "storage_failed", "the server could not store this; nothing changed: try again"
            ) from None

    def start(self) -> None:
        """Wait for the first move to come (after a restart: the next one)."""
        self._next_turn()

    def close(self) -> asyncio.Task[None] | None:
        """Stop waiting for moves (the server stops); the turn stopped, if one ran."""
        if self._task is not None:
            self._task.cancel()
        return self._task

    def _next_turn(self) -> None:
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        self._task = None
        self.turn = None
        mover = self.state.to_move
        if mover is None:
            return
        ply = len(self.moves)
        if self.seats[mover].kind == "bot":
            self.turn = _Turn(mover, "bot")
            self._task = asyncio.create_task(self._bot_turn(mover, ply))
        else:
            deadline = self._services.clock.now() + self.clock_settings.move_seconds
            self.turn = _Turn(mover, "move", deadline)
            self._task = asyncio.create_task(self._clock_turn(mover, ply))
        self._task.add_done_callback(self._turn_ended)

    def _turn_ended(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: a turn failed", self.id, exc_info=task.exception())

    async def _bot_turn(self, seat: int, ply: int) -> None:
        await self._services.clock.sleep(self.bot_pause)
        view = observe(self.state, seat)
        bot = self.seats[seat].bot or "heuristic"
        try:
            move = await self._services.bots.move(bot, view)
        except Exception:  # a bot that fails must not stop the table
            log.exception("table %s: the %s bot failed; the clock's move is played", self.id, bot)
            move = fallback_move(view)
        if move not in view.legal_moves():
            log.error(
                "table %s: the %s bot chose an illegal move; the clock's is played", self.id, bot
            )
            move = fallback_move(view)
        await self._play_for(seat, move, "bot", ply)

    async def _clock_turn(self, seat: int, ply: int) -> None:
        clock = self._services.clock
        await clock.sleep(self.clock_settings.move_seconds)
        if self._extension_available(seat):
            if self.clock_settings.extension == "game":
                row = attrs.evolve(self.seats[seat], extension_used=True)
                self.seats[seat] = row
                with contextlib.suppress(ProtocolError):  # the extension is given all the same
                    await self._store(self._services.store.update_seat(self.id, row))
            deadline = clock.now() + self.clock_settings.extension_seconds
            self.turn = _Turn(seat, "extension", deadline)
            self.broadcast()
            await clock.sleep(self.clock_settings.extension_seconds)
        await self._play_for(seat, fallback_move(observe(self.state, seat)), "clock", ply)

    def _extension_available(self, seat: int) -> bool:
        settings = self.clock_settings
        once = settings.extension == "game" and self.seats[seat].extension_used
        return settings.extension_seconds > 0 and not once

    async def _play_for(self, seat: int, move: Move, by: str, ply: int) -> None:
        # A move by anyone else first cancels this turn: the ply is still the table's, and
        # only the database can refuse the move.
        try:
            await self.play(seat, move, by, ply=ply)
        except ProtocolError as error:
            log.warning("table %s: the %s's move waits: %s", self.id, by, error)
            await self._services.clock.sleep(RETRY_SECONDS)  # a move meanwhile cancels this
            async with self._lock:
                self._next_turn()
                self.broadcast()  # the turn's clock starts again

    # Seats

    async def join(self, seat: int) -> str:
        """Give the open ``seat`` a player; the seat's new token, which alone acts for it."""
        async with self._lock:
            if not 0 <= seat < len(self.seats):
                raise ProtocolError("no_such_seat", f"this table has no seat {seat}")
            if self.seats[seat].kind != "open":
                raise ProtocolError("seat_taken", f"seat {seat} is taken: choose an open one")
            if self.state.is_over:
                raise ProtocolError("game_over", "the game at this table is over: watch it")
            token = secrets.token_urlsafe(32)
            row = attrs.evolve(self.seats[seat], kind="player", token_hash=token_hash(token))
            await self._store(self._services.store.update_seat(self.id, row))
            self.seats[seat] = row
            return token

    def resume(self, token: str) -> int:
        """The seat ``token`` holds at this table."""
        wanted = token_hash(token)
        for row in self.seats:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, wanted):
                return row.seat
        raise ProtocolError("bad_token", "this token holds no seat at this table")

    async def hand_to_bot(self, seat: int, bot: str, creator_token: str) -> None:
        """Give ``seat`` to the bot ``bot``, as the table's creator asks."""
        async with self._lock:
            if not hmac.compare_digest(self._row.creator_hash, token_hash(creator_token)):
                raise ProtocolError(
                    "not_creator", "only the table's creator may hand seats to bots"
                )
            if not 0 <= seat < len(self.seats):
                raise ProtocolError("no_such_seat", f"this table has no seat {seat}")
            if self.state.is_over:
                raise ProtocolError("game_over", "the game at this table is over")
            if self.seats[seat].kind == "bot":
                raise ProtocolError("seat_taken", f"seat {seat} is a bot's already")
            row = SeatRow(
                seat=seat, kind="bot", bot=bot, extension_used=self.seats[seat].extension_used
            )
            await self._store(self._services.store.update_seat(self.id, row))
            self.seats[seat] = row
            for follower, held in list(self.followers.items()):
                if held == seat:
                    self.followers[follower] = None
                    follower.seated(self.id, None)
            if self.state.to_move == seat:
                self._next_turn()
            self.broadcast()

    def follow(self, follower: Follower, seat: int | None) -> None:
        """Tell ``follower`` of every change, as ``seat`` sees it (``None``: as everyone)."""
        self.followers[follower] = seat
        follower.seated(self.id, seat)
        self.broadcast()

    def unfollow(self, follower: Follower) -> None:
        """Stop telling ``follower`` of changes."""
        if self.followers.pop(follower, None) is not None:
            self.broadcast()  # the seat is no longer connected

    # What followers hear

    def broadcast(self) -> None:
        """Tell every follower how the table is now, as each may see it."""
        public = public_data(self.state)
        for follower, seat in self.followers.items():
            follower.send(self.message(seat, public))

    def message(self, seat: int | None, public: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``table`` message for a reader at ``seat`` (``None``: a spectator)."""
        view, legal = seat_data(self.state, seat) if seat is not None else (None, [])
        over = self.state.is_over
        return {
            "type": "table",
            "table": self.id,
            "status": "over" if over else "playing",
            "ply": len(self.moves),
            "preset": self.preset,
            "rules": records.to_data(self.rules),
            "rules_text": self.rules_text,
            "you": seat,
            "seats": self.seats_data(),
            "public": public_data(self.state) if public is None else public,
            "view": view,
            "legal": legal,
            "clock": self._clock_data(),
            "last_move": self._last_move_data(seat),
            "record": f"/api/tables/{self.id}/record" if over else None,
        }

    def seats_data(self) -> list[dict[str, Any]]:
        """Who holds each seat, and whether a player is connected there."""
        held = set(self.followers.values())
        return [
            {"seat": row.seat, "kind": row.kind, "bot": row.bot, "connected": row.seat in held}
            for row in self.seats
        ]

    def _clock_data(self) -> dict[str, Any] | None:
        turn = self.turn
        if turn is None or turn.deadline is None:
            return None
        left = max(turn.deadline - self._services.clock.now(), 0.0)
        return {
            "seat": turn.seat,
            "stage": turn.stage,
            "remaining_ms": round(left * 1000),
            "extension_available": turn.stage == "move" and self._extension_available(turn.seat),
        }

    def _last_move_data(self, reader: int | None) -> dict[str, Any] | None:
        if self.last_move is None:
            return None
        seat, move, by = self.last_move
        shown = isinstance(move, _PUBLIC_MOVES) or seat == reader
        return {"seat": seat, "move": str(move) if shown else None, "by": by}

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {
            "table": self.id,
            "preset": self.preset,
            "rules_text": self.rules_text,
            "target": self.rules.target,
            "players": self.rules.players,
            "status": "over" if self.state.is_over else "playing",
            "round_number": self.state.round_number,
            "scores": list(self.state.scores),
            "seats": self.seats_data(),
        }

    def record(self) -> records.GameRecord:
        """The game's record so far (its seed deals every hand: for after the game)."""
        return records.GameRecord.from_moves(
            self.rules, self.moves, seed=int(self._row.seed), dealer=self._row.dealer
        )


@attrs.frozen(kw_only=True)
class TableOptions:
    """What a table's creator chose."""

    preset: str
    rules: Ruleset
    seats: tuple[str, ...]
    clock: ClockSettings
    bot_pause: float


class Lobby:
    """Every table this server holds, by id."""

    def __init__(self, services: Services, *, max_tables: int) -> None:
        self._services = services
        self._max_tables = max_tables
        self.tables: dict[str, Table] = {}

    async def restore(self) -> None:
        """Take up every unfinished table of the database, as its moves left it."""
        for saved in await self._services.store.unfinished():
            try:
                table = Table(saved, self._services)
            except (SpadesError, ValueError):  # a row changed by hand: the table is left out
                log.exception("table %s cannot be restored", saved.table.id)
                continue
            self.tables[table.id] = table
            table.start()
            log.info("table %s restored at move %d", table.id, len(table.moves))

    async def create(self, options: TableOptions) -> tuple[Table, str]:
        """A new table as ``options`` say, and its creator's token."""
        self._forget_finished()
        playing = len(self.tables)
        if playing >= self._max_tables:
            raise ProtocolError("server_busy", "this server holds all the tables it can: try later")
        token = secrets.token_urlsafe(32)
        row = TableRow(
            id=secrets.token_urlsafe(6),
            preset=options.preset,
            rules=json.dumps(records.to_data(options.rules)),
            seed=str(secrets.randbits(SEED_BITS)),
            dealer=0,
            clock=json.dumps(options.clock.data()),
            bot_pause=options.bot_pause,
            creator_hash=token_hash(token),
        )
        seat_rows = tuple(
            SeatRow(seat=seat, kind="open")
            if kind == "open"
            else SeatRow(seat=seat, kind="bot", bot=kind)
            for seat, kind in enumerate(options.seats)
        )
        try:
            await self._services.store.create(row, seat_rows)
        except SQLAlchemyError:
            log.exception("the database refused a new table")
            raise ProtocolError(
                "storage_failed", "the server could not store the table: try again"
            ) from None
        table = Table(SavedTable(table=row, seats=seat_rows, moves=()), self._services)
        self.tables[table.id] = table
        table.start()
        log.info("table %s created (%s)", table.id, options.preset)
        return table, token

    def _forget_finished(self) -> None:
        """Drop the finished tables nobody follows (their records stay in the database)."""
        for table_id, table in list(self.tables.items()):
            if table.state.is_over and not table.followers:
                del self.tables[table_id]

    async def get(self, table_id: str) -> Table:
        """The table ``table_id``; `ProtocolError` when there is none.

        A finished table nobody followed any more is read back from the database.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        self._forget_finished()  # so that reading old tables back holds no more of them
        saved = await self._services.store.load(table_id)
        if saved is None or saved.table.status != "over":  # unfinished: it failed to restore
            raise ProtocolError("no_such_table", f"there is no table {table_id}")
        table = Table(saved, self._services)
        self.tables[table_id] = table
        return table

    async def record(self, table_id: str) -> records.GameRecord | None:
        """The record of the game at ``table_id`` once it is over, else ``None``.

        Raises `ProtocolError` when there is no such table, here or in the database.
        """
        table = await self.get(table_id)
        return table.record() if table.state.is_over else None

    async def close(self) -> None:
        """Stop every table's clock and bot, and wait until they have stopped."""
        turns = [turn for table in self.tables.values() if (turn := table.close()) is not None]
        await asyncio.gather(*turns, return_exceptions=True)
