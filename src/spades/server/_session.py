"""One client's connection: what it may send, what it holds, and what it is told.

A session reads each message against the protocol, answers it or refuses it with an
``error`` message (a machine-readable reason and a sentence for people), and never lets a
refused message change a table. It holds a seat only through the seat's token: `join`
gives one, `resume` takes one back.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any, Final

import attrs

import spades
from spades import (
    PRESETS,
    IllegalMoveError,
    NotationError,
    Ruleset,
    SpadesError,
    parse_move,
    records,
)
from spades.server._bots import BOTS
from spades.server._protocol import PROTOCOL_VERSION, ProtocolError, read_message
from spades.server._settings import ClockSettings
from spades.server._tables import TableOptions

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from spades.server._settings import ServerSettings
    from spades.server._tables import Lobby

__all__ = ["OUTBOX_SIZE", "Session", "welcome"]

OUTBOX_SIZE: Final = 256
"""The messages a session may have waiting to be sent; a client that falls further behind
is disconnected rather than let the server's memory grow."""

FLOOD_LIMIT: Final = 100
"""The messages refused for rate in a row after which a session is closed."""

CLOSE: Final = None
"""The outbox's last item: close the connection."""


def welcome(settings: ServerSettings) -> dict[str, Any]:
    """The first message of every connection: the protocol, the choices, the limits."""
    return {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "server": f"spades {spades.__version__}",
        "presets": list(PRESETS),
        "preset_rules": {name: records.to_data(rules) for name, rules in PRESETS.items()},
        "bots": list(BOTS),
        "defaults": {
            "preset": settings.preset,
            "clock": settings.clock.data(),
            "bot_pause": settings.bot_pause,
        },
        "limits": {
            "max_message_bytes": settings.max_message_bytes,
            "messages_per_second": settings.messages_per_second,
            "burst": settings.burst,
        },
    }


class Session:
    """A client's connection to the server's tables."""

    def __init__(self, lobby: Lobby, settings: ServerSettings) -> None:
        self._lobby = lobby
        self._settings = settings
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(OUTBOX_SIZE)
        self.closing = False
        """Whether the server closes this connection (it floods, or reads too slowly)."""
        self._held: dict[str, int | None] = {}  # the tables followed: the seat, or None
        self._allowance = float(settings.burst)
        self._checked = time.monotonic()
        self._refused = 0
        self._handlers: dict[str, Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]]]
        self._handlers = {
            "list_tables": self._list_tables,
            "create_table": self._create_table,
            "join": self._join,
            "resume": self._resume,
            "watch": self._watch,
            "move": self._move,
            "hand_to_bot": self._hand_to_bot,
            "leave": self._leave,
        }

    # Sending

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a client too far behind is disconnected instead."""
        if self.closing:
            return
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.close_soon()

    def close_soon(self) -> None:
        """Drop what waits to be sent, and close the connection instead."""
        self.closing = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.outbox.put_nowait(CLOSE)

    def seated(self, table: str, seat: int | None) -> None:
        """Note the seat this session holds at ``table`` (``None``: it watches)."""
        self._held[table] = seat

    def refuse(self, reason: str, message: str, reply_to: object = None) -> None:
        """Send an ``error`` message."""
        error: dict[str, Any] = {"type": "error", "reason": reason, "message": message}
        if reply_to is not None:
            error["reply_to"] = reply_to
        self.send(error)

    # Receiving

    def admit(self) -> bool:
        """Whether the rate limit lets one more message in (a token bucket)."""
        now = time.monotonic()
        rate, burst = self._settings.messages_per_second, self._settings.burst
        self._allowance = min(burst, self._allowance + (now - self._checked) * rate)
        self._checked = now
        if self._allowance < 1:
            self._refused += 1
            return False
        self._allowance -= 1
        self._refused = 0
        return True

    @property
    def flooding(self) -> bool:
        """Whether the client keeps sending past its rate: time to close."""
        return self._refused >= FLOOD_LIMIT

    async def handle(self, text: str) -> None:
        """Answer the client's message ``text``, or refuse it."""
        reply_to = None
        try:
            data = read_message(text)
            reply_to = data.get("id")
            reply = await self._handlers[data["type"]](data)
        except ProtocolError as error:
            self.refuse(error.reason, str(error), reply_to)
        except IllegalMoveError as error:
            self.refuse(error.reason.value, str(error), reply_to)
        except NotationError as error:
            self.refuse("bad_notation", str(error), reply_to)
        else:
            if reply is not None:
                if reply_to is not None:
                    reply["reply_to"] = reply_to
                self.send(reply)

    def close(self) -> None:
        """Stop following every table (the connection is gone)."""
        for table_id in self._held:  # a followed table stays in the lobby
            self._lobby.tables[table_id].unfollow(self)
        self._held.clear()

    # The messages

    async def _list_tables(self, data: dict[str, Any]) -> dict[str, Any]:
        tables = [table.summary() for table in self._lobby.tables.values()]
        return {"type": "tables", "tables": tables}

    async def _create_table(self, data: dict[str, Any]) -> dict[str, Any]:
        table, token = await self._lobby.create(self._options(data))
        return {"type": "created", "table": table.id, "creator_token": token}

    def _options(self, data: dict[str, Any]) -> TableOptions:
        settings = self._settings
        # The schema has checked every value against the ranges the ruleset and the clock
        # take (a preset, a target, a round cap, the clock's seconds).
        preset, base = _chosen_rules(data, settings.preset)
        changes: dict[str, Any] = {
            name: data[name] for name in ("target", "round_cap") if name in data
        }
        rules = attrs.evolve(base, **_whole_numbers(changes))
        clock = ClockSettings(**{**settings.clock.data(), **data.get("clock", {})})
        players = rules.players
        seats = tuple(data.get("seats", ["open"] + ["heuristic"] * (players - 1)))
        if len(seats) != players:
            named = data.get("rules", preset)
            raise ProtocolError(
                "invalid_message", f"create_table.seats: {named} seats {players} players"
            )
        bot_pause = float(data.get("bot_pause", settings.bot_pause))
        return TableOptions(
            preset=preset, rules=rules, seats=seats, clock=clock, bot_pause=bot_pause
        )

    async def _join(self, data: dict[str, Any]) -> None:
        table = await self._lobby.get(data["table"])
        if self._held.get(table.id) is not None:
            raise ProtocolError("already_seated", "you hold a seat at this table already")
        seat = int(data["seat"])
        token = await table.join(seat)
        self._joined(table.id, seat, token, data)
        table.follow(self, seat)

    async def _resume(self, data: dict[str, Any]) -> None:
        table = await self._lobby.get(data["table"])
        seat = table.resume(data["token"])
        self._joined(table.id, seat, data["token"], data)
        table.follow(self, seat)

    def _joined(self, table: str, seat: int, token: str, data: dict[str, Any]) -> None:
        message = {"type": "joined", "table": table, "seat": seat, "token": token}
        if "id" in data:
            message["reply_to"] = data["id"]
        self.send(message)

    async def _watch(self, data: dict[str, Any]) -> None:
        table = await self._lobby.get(data["table"])
        message: dict[str, Any] = {"type": "watching", "table": table.id}
        if "id" in data:
            message["reply_to"] = data["id"]
        self.send(message)
        table.follow(self, None)

    async def _move(self, data: dict[str, Any]) -> None:
        table = await self._lobby.get(data["table"])
        seat = self._held.get(table.id)
        if seat is None:
            raise ProtocolError("not_seated", "join or resume a seat at this table to move")
        move = parse_move(data["move"])
        ply = data.get("ply")
        await table.play(seat, move, "player", ply=None if ply is None else int(ply))

    async def _hand_to_bot(self, data: dict[str, Any]) -> None:
        table = await self._lobby.get(data["table"])
        await table.hand_to_bot(int(data["seat"]), data["bot"], data["creator_token"])

    async def _leave(self, data: dict[str, Any]) -> dict[str, Any]:
        table = await self._lobby.get(data["table"])
        table.unfollow(self)
        self._held.pop(table.id, None)
        return {"type": "left", "table": table.id}


def _chosen_rules(data: dict[str, Any], default: str) -> tuple[str, Ruleset]:
    """The preset's name and the ruleset a ``create_table`` asks for.

    ``"rules"``, a ruleset as one line of text (`spades.records.ruleset_from_text`), is
    the other way to name a ruleset than ``"preset"``: one of them, not both. The table's
    preset is then the one that text is nearest to (`spades.records.ruleset_text`).
    """
    text = data.get("rules")
    if text is None:
        preset = data.get("preset", default)
        return preset, PRESETS[preset]
    if "preset" in data:
        raise ProtocolError(
            "preset_and_rules",
            "create_table: give a preset or rules, not both (rules name their preset first)",
        )
    try:
        rules = records.ruleset_from_text(text)
    except SpadesError as error:
        raise ProtocolError("bad_rules", f"create_table.rules: {error}") from None
    return records.ruleset_text(rules).partition(";")[0], rules


def _whole_numbers(values: dict[str, Any]) -> dict[str, Any]:
    """JSON's whole numbers as `int` (the schema lets ``3.0`` be an integer)."""
    return {name: value if value is None else int(value) for name, value in values.items()}
