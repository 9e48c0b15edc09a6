"""The server in this process, for tests: Starlette's test client and a hand-moved clock.

Every message a test receives is checked against the protocol's JSON Schema first, so that
each test checks the schema on every message it sees.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import TYPE_CHECKING, Any, cast

import attrs
from starlette.testclient import TestClient

from spades.server import ManualClock, ServerSettings, create_app
from spades.server._protocol import check_sent

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from starlette.applications import Starlette
    from starlette.testclient import WebSocketTestSession

    from spades.server._tables import Lobby, Table

__all__ = ["Connection", "Server", "running"]

LIMIT = 500
"""The most messages `Connection.until` reads before it gives up."""


@attrs.define
class Connection:
    """One client's WebSocket: messages in and out as dicts, each one checked."""

    socket: WebSocketTestSession
    welcome: dict[str, Any] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.welcome = self.receive()
        assert self.welcome["type"] == "welcome"

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send_text(json.dumps(message))

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.socket.receive_json()
        check_sent(message)
        return message

    def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first message that is ``wanted``, reading past the others."""
        for _ in range(LIMIT):
            message = self.receive()
            if wanted(message):
                return message
        raise AssertionError(f"no wanted message in {LIMIT}")

    def reply(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` and return the first message that is not a ``table`` update."""
        self.send(message)
        return self.until(lambda received: received["type"] != "table")

    def table(self, wanted: Callable[[dict[str, Any]], bool] = lambda _: True) -> dict[str, Any]:
        """The next ``table`` message that is ``wanted``."""
        return self.until(lambda received: received["type"] == "table" and wanted(received))

    def create(self, **options: Any) -> dict[str, Any]:
        """Create a table; the ``created`` message."""
        created = self.reply({"type": "create_table", **options})
        assert created["type"] == "created", created
        return created

    def new_table(self, **options: Any) -> str:
        """Create a table; its id."""
        table_id: str = self.create(**options)["table"]
        return table_id

    def join(self, table: str, seat: int) -> dict[str, Any]:
        """Sit at ``seat``; the ``joined`` message (a ``table`` message follows)."""
        joined = self.reply({"type": "join", "table": table, "seat": seat})
        assert joined["type"] == "joined", joined
        return joined


@attrs.define
class Server:
    """A server on a test client, with its clock and its database file."""

    client: TestClient
    clock: ManualClock
    database: Path

    @contextlib.contextmanager
    def connect(self, **headers: str) -> Iterator[Connection]:
        with self.client.websocket_connect("/ws", headers=headers) as socket:
            yield Connection(socket)

    @property
    def lobby(self) -> Lobby:
        """The server's tables, as the app holds them."""
        app = cast("Starlette", self.client.app)
        held: Lobby = app.state.lobby
        return held

    def table(self, table_id: str) -> Table:
        """The table ``table_id`` in the server's memory."""
        return self.lobby.tables[table_id]

    def settle(self, condition: Callable[[], bool]) -> None:
        """Let the server's event loop run until ``condition`` holds (the clock stands)."""

        async def wait() -> None:
            while not condition():
                await asyncio.sleep(0)

        assert self.client.portal is not None
        self.client.portal.call(wait)


@contextlib.contextmanager
def running(database: Path, **settings: Any) -> Iterator[Server]:
    """A server on the SQLite file ``database``; bots without a pause, in threads."""
    clock = ManualClock()
    options: dict[str, Any] = {
        "bot_pause": 0.0,
        "bot_workers": 0,
        "allowed_hosts": ("testserver",),  # the test client's host
        **settings,
    }
    app = create_app(
        ServerSettings(database=f"sqlite+aiosqlite:///{database}", **options), clock=clock
    )
    with TestClient(app) as client:
        yield Server(client, clock, database)
