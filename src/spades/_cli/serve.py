"""``spades serve``: the reference server (`spades.server`) on uvicorn, on this machine."""

from __future__ import annotations

import importlib.util
import sys
from typing import Final

from spades import SpadesError
from spades._cli.text import show

__all__ = ["serve"]

SERVER_MODULES: Final = ("starlette", "uvicorn", "sqlalchemy", "aiosqlite", "jsonschema")
"""What the extra ``spades[server]`` installs, by the modules ``spades serve`` imports."""

ANY_ADDRESS: Final = ("0.0.0.0", "::", "")
"""The addresses that listen on every interface: no name of the machine's own."""

MESSAGE_FRAMES: Final = 4
"""uvicorn cuts a frame this many times the protocol's largest message: the server refuses
a message above that limit in words, and never reads one far above it."""


def serve(
    *,
    host: str,
    port: int,
    db: str,
    bot_pause: float,
    bot_workers: int,
    move_seconds: float,
    extension_seconds: float,
    extension: str,
    allowed_origins: tuple[str, ...],
    allowed_hosts: tuple[str, ...],
) -> int:
    """Run the server until Ctrl-C; the exit code."""
    missing = [name for name in SERVER_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        raise SpadesError(
            f"the server needs {', '.join(missing)}: install the extra, "
            "pip install 'spades[server]'"
        )
    import uvicorn  # noqa: PLC0415  (the extra's: imported only when the command runs)

    from spades.server import ClockSettings, ServerSettings, create_app  # noqa: PLC0415

    hosts = ServerSettings().allowed_hosts  # this machine's names
    if host not in ANY_ADDRESS:
        hosts += (host,)
    settings = ServerSettings(
        database=f"sqlite+aiosqlite:///{db}",
        bot_pause=bot_pause,
        bot_workers=bot_workers,
        clock=ClockSettings(
            move_seconds=move_seconds, extension_seconds=extension_seconds, extension=extension
        ),
        allowed_origins=allowed_origins,
        allowed_hosts=hosts + allowed_hosts,
    )
    show(f"spades serve: open http://{host}:{port}/ in a browser (database {db}; Ctrl-C stops)")
    sys.stdout.flush()
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=settings.max_message_bytes * MESSAGE_FRAMES,
        log_level="info",
    )
    return 0
