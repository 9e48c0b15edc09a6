"""The server as an ASGI application (Starlette): the page, the WebSocket, the records.

Routes: ``/`` and ``/tables/{id}`` serve the page, ``/static/...`` its files,
``/api/health`` says the server is up, ``/api/tables/{id}/record`` gives a finished game's
record, and ``/ws`` speaks the protocol, one WebSocket per client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from importlib import resources
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from spades import records
from spades.server._bots import BotRunner
from spades.server._clock import SystemClock
from spades.server._protocol import PROTOCOL_VERSION, ProtocolError
from spades.server._session import CLOSE, Session, welcome
from spades.server._settings import ServerSettings
from spades.server._store import Store
from spades.server._tables import Lobby, Services

if TYPE_CHECKING:
    from collections.abc import AsyncIterator, Mapping

    from starlette.requests import Request

    from spades.server._clock import Clock

__all__ = ["create_app", "origin_allowed"]

log = logging.getLogger("spades.server")

POLICY_VIOLATION = 1008
"""The WebSocket close code for a client that broke the rules (RFC 6455)."""


def create_app(settings: ServerSettings | None = None, *, clock: Clock | None = None) -> Starlette:
    """The server, as an ASGI application to run on uvicorn (or any ASGI server).

    On start it opens the database (creating its tables where missing) and takes up every
    unfinished table; ``clock`` is the system's unless a test hands in a `ManualClock`.
    """
    settings = settings or ServerSettings()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.database)
        await store.open()
        bots = BotRunner(settings.bot_workers)
        services = Services(store=store, bots=bots, clock=clock or SystemClock())
        lobby = Lobby(services, max_tables=settings.max_tables)
        await lobby.restore()
        app.state.lobby = lobby
        try:
            yield
        finally:
            await lobby.close()  # before the database: no turn may write to it after
            bots.close()
            await store.close()

    async def websocket(socket: WebSocket) -> None:
        await _serve(socket, socket.app.state.lobby, settings)

    page = resources.files("spades.server").joinpath("static").joinpath("index.html")

    async def index(request: Request) -> Response:
        return HTMLResponse(page.read_text("utf-8"))

    return Starlette(
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=settings.allowed_hosts)],
        routes=[
            Route("/", index),
            Route("/tables/{table}", index),
            Mount("/static", StaticFiles(packages=[("spades.server", "static")]), name="static"),
            Route("/api/health", _health),
            Route("/api/tables/{table}/record", _record),
            WebSocketRoute("/ws", websocket),
        ],
        lifespan=lifespan,
    )


async def _health(request: Request) -> Response:
    return JSONResponse({"status": "ok", "protocol": PROTOCOL_VERSION})


TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table's id may be (the protocol's schema says the same)."""


async def _record(request: Request) -> Response:
    lobby: Lobby = request.app.state.lobby
    table_id = request.path_params["table"]
    try:
        if not TABLE_ID.fullmatch(table_id):
            raise ProtocolError("no_such_table", "there is no table of that name")
        record = await lobby.record(table_id)
    except ProtocolError as error:
        return JSONResponse({"reason": error.reason, "message": str(error)}, status_code=404)
    if record is None:
        message = "the record shows every hand: it is given once the game is over"
        return JSONResponse({"reason": "game_not_over", "message": message}, status_code=409)
    name = f"spades-{table_id}.json"
    return Response(
        records.dumps(record),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def origin_allowed(headers: Mapping[str, str], allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket handshake's Origin is the server's own or an allowed one.

    A handshake without an Origin is let in: browsers always send one, and the check
    protects browsers' users from other sites' pages, not the server from programs.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    return origin in allowed or urlsplit(origin).netloc == headers.get("host")


async def _serve(socket: WebSocket, lobby: Lobby, settings: ServerSettings) -> None:
    if not origin_allowed(socket.headers, settings.allowed_origins):
        log.warning("WebSocket refused: origin %.200r", socket.headers.get("origin"))
        await socket.close(code=POLICY_VIOLATION)  # before accepting: an HTTP 403
        return
    await socket.accept()
    session = Session(lobby, settings)
    session.send(welcome(settings))
    writer = asyncio.create_task(_write(socket, session))
    try:
        while True:
            received = await socket.receive()
            if received["type"] == "websocket.disconnect":
                break
            text = received.get("text")
            if not session.admit():  # every frame counts, whatever it holds
                if session.flooding:
                    log.warning("WebSocket closed: the client keeps flooding")
                    session.close_soon()
                    break
                session.refuse("rate_limited", "too many messages: slow down")
            elif text is None:
                session.refuse("invalid_message", "messages are JSON text, not binary frames")
            elif len(text.encode()) > settings.max_message_bytes:
                limit = settings.max_message_bytes
                session.refuse("message_too_large", f"a message may hold {limit} bytes at most")
            else:
                await session.handle(text)
    finally:
        session.close()
        if session.closing:  # the writer sends what is queued, then closes
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(writer, timeout=CLOSE_SECONDS)
        writer.cancel()


CLOSE_SECONDS = 1.0
"""How long a connection the server closes may take to receive its last messages."""


async def _write(socket: WebSocket, session: Session) -> None:
    """Send the session's messages in order, until a close or a client gone."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            message: dict[str, Any] | None = await session.outbox.get()
            if message is CLOSE:
                await socket.close(code=POLICY_VIOLATION)
                return
            await socket.send_text(json.dumps(message))
