"""The reference server: source B's online table, played in a browser (``spades serve``).

`create_app` builds the server as an ASGI application (Starlette) from `ServerSettings`;
``spades serve`` runs it on uvicorn. Clients speak the protocol of version
`PROTOCOL_VERSION`, JSON over one WebSocket each, which the documentation's server page
describes message by message with its JSON Schema. Every accepted move is committed to the
database (SQLite by default) before anyone hears of it, and a restarted server takes up
every unfinished table by replaying its moves. It needs the extra ``spades[server]``.

>>> from spades.server import ClockSettings, ServerSettings, create_app
>>> app = create_app(ServerSettings(database="sqlite+aiosqlite:///:memory:"))
>>> ClockSettings().move_seconds, ClockSettings().extension
(30.0, 'move')
"""

from spades._public import present_as_public

try:
    from spades.server._app import create_app
except ModuleNotFoundError as error:
    raise ModuleNotFoundError(
        f"spades.server needs {error.name}, which is missing: pip install 'spades[server]'",
        name=error.name,
    ) from error
from spades.server._clock import Clock, ManualClock, SystemClock
from spades.server._protocol import PROTOCOL_VERSION
from spades.server._settings import ClockSettings, ServerSettings

__all__ = [
    "PROTOCOL_VERSION",
    "Clock",
    "ClockSettings",
    "ManualClock",
    "ServerSettings",
    "SystemClock",
    "create_app",
]

present_as_public(globals(), __all__)
