"""The server's database: tables, seats and moves, through SQLAlchemy Core.

The moves are the truth: a table is its ruleset, seed and first dealer, and the moves
accepted so far, each committed before anyone hears of it. The schema uses only portable
types (text, integers, a float, booleans, timestamps), so that SQLite, the embedded
default, and PostgreSQL hold it alike. Tokens are never stored, only their SHA-256.
"""

from __future__ import annotations

import asyncio
import datetime
from typing import TYPE_CHECKING

import attrs
from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    insert,
    select,
    update,
)
from sqlalchemy.ext.asyncio import create_async_engine

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

__all__ = ["MoveRow", "SavedTable", "SeatRow", "Store", "TableRow", "metadata"]

metadata = MetaData()
"""The schema: the tables ``tables``, ``seats`` and ``moves``."""

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("preset", String(32), nullable=False),
    Column("rules", Text, nullable=False),  # the ruleset's data (`spades.records`), as JSON
    Column("seed", String(40), nullable=False),  # decimal: seeds go up to 2**128
    Column("dealer", Integer, nullable=False),
    Column("clock", Text, nullable=False),  # the clock's settings, as JSON
    Column("bot_pause", Float, nullable=False),
    Column("creator_hash", String(64), nullable=False),
    Column("status", String(8), nullable=False),  # "playing" or "over"
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "open", "player" or "bot"
    Column("bot", String(16)),
    Column("token_hash", String(64)),
    Column("extension_used", Boolean, nullable=False),
)

moves = Table(
    "moves",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),  # the move's number at its table, from 0
    Column("seat", Integer, nullable=False),
    Column("move", String(64), nullable=False),  # the library's move notation
    Column("by", String(8), nullable=False),  # "player", "bot" or "clock"
    Column("at", DateTime(timezone=True), nullable=False),
)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


@attrs.frozen(kw_only=True)
class TableRow:
    """A table as stored: what it plays, and how."""

    id: str
    preset: str
    rules: str
    seed: str
    dealer: int
    clock: str
    bot_pause: float
    creator_hash: str
    status: str = "playing"
    created_at: datetime.datetime = attrs.field(factory=_now)


@attrs.frozen(kw_only=True)
class SeatRow:
    """A seat as stored: who holds it."""

    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None
    extension_used: bool = False


@attrs.frozen(kw_only=True)
class MoveRow:
    """An accepted move as stored."""

    ply: int
    seat: int
    move: str
    by: str


@attrs.frozen(kw_only=True)
class SavedTable:
    """A table with its seats and its moves in order."""

    table: TableRow
    seats: tuple[SeatRow, ...]
    moves: tuple[MoveRow, ...]


class Store:
    """The database behind a server: every write is one committed transaction.

    Writes take turns (SQLite has one writer at a time); a write that fails raises and
    leaves the database as it was.
    """

    def __init__(self, url: str) -> None:
        self._engine: AsyncEngine = create_async_engine(url)
        self._writing = asyncio.Lock()

    async def open(self) -> None:
        """Create the schema's tables that do not exist yet."""
        async with self._engine.begin() as connection:
            await connection.run_sync(metadata.create_all)

    async def close(self) -> None:
        """Close every connection."""
        await self._engine.dispose()

    async def create(self, table: TableRow, seat_rows: Sequence[SeatRow]) -> None:
        """Store a new table and its seats."""
        async with self._writing, self._engine.begin() as connection:
            await connection.execute(insert(tables).values(attrs.asdict(table)))
            await connection.execute(
                insert(seats),
                [{"table_id": table.id, **attrs.asdict(row)} for row in seat_rows],
            )

    async def add_move(self, table_id: str, move: MoveRow, *, over: bool) -> None:
        """Store an accepted move, and the table's end when it ends the game."""
        async with self._writing, self._engine.begin() as connection:
            values = {"table_id": table_id, "at": _now(), **attrs.asdict(move)}
            await connection.execute(insert(moves).values(values))
            if over:
                await connection.execute(
                    update(tables).where(tables.c.id == table_id).values(status="over")
                )

    async def update_seat(self, table_id: str, row: SeatRow) -> None:
        """Store who holds a seat now."""
        async with self._writing, self._engine.begin() as connection:
            await connection.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == row.seat)
                .values(attrs.asdict(row))
            )

    async def unfinished(self) -> list[SavedTable]:
        """Every table whose game is not over, oldest first."""
        async with self._engine.connect() as connection:
            query = select(tables.c.id).where(tables.c.status == "playing")
            ids = (await connection.execute(query.order_by(tables.c.created_at))).scalars()
            return [await _saved(connection, table_id) for table_id in ids.all()]

    async def load(self, table_id: str) -> SavedTable | None:
        """The table ``table_id``, or ``None`` when there is none."""
        async with self._engine.connect() as connection:
            query = select(tables.c.id).where(tables.c.id == table_id)
            if (await connection.execute(query)).first() is None:
                return None
            return await _saved(connection, table_id)


async def _saved(connection: AsyncConnection, table_id: str) -> SavedTable:
    table = (await connection.execute(select(tables).where(tables.c.id == table_id))).one()
    seat_rows = await connection.execute(
        select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    )
    move_rows = await connection.execute(
        select(moves).where(moves.c.table_id == table_id).order_by(moves.c.ply)
    )
    return SavedTable(
        table=TableRow(**{field.name: table._mapping[field.name] for field in _fields(TableRow)}),
        seats=tuple(
            SeatRow(**{field.name: row._mapping[field.name] for field in _fields(SeatRow)})
            for row in seat_rows
        ),
        moves=tuple(
            MoveRow(**{field.name: row._mapping[field.name] for field in _fields(MoveRow)})
            for row in move_rows
        ),
    )


def _fields(kind: type) -> tuple[attrs.Attribute[object], ...]:
    return attrs.fields(kind)  # type: ignore[no-any-return]
