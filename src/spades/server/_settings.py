"""What a server owner chooses: the database, the bots, the clock, the limits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["ClockSettings", "ServerSettings"]


def _seconds(low: float, high: float) -> Any:
    return [
        attrs.validators.instance_of((int, float)),
        attrs.validators.ge(low),
        attrs.validators.le(high),
    ]


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@attrs.frozen(kw_only=True)
class ClockSettings:
    """Source B's clock: the time for a move, an extension, and how often it comes.

    >>> ClockSettings()
    ClockSettings(move_seconds=30.0, extension_seconds=30.0, extension='move')
    """

    move_seconds: float = attrs.field(default=30.0, converter=float, validator=_seconds(1, 600))
    """The time for each move, in seconds."""
    extension_seconds: float = attrs.field(
        default=30.0, converter=float, validator=_seconds(0, 600)
    )
    """The extension that follows when the move time runs out (0: none)."""
    extension: str = attrs.field(default="move", validator=attrs.validators.in_(("move", "game")))
    """``"move"``: an extension every move; ``"game"``: one per seat per game."""

    def data(self) -> dict[str, Any]:
        """These settings as the protocol writes them."""
        return attrs.asdict(self)


@attrs.frozen(kw_only=True)
class ServerSettings:
    """How a server runs: `create_app` takes them, ``spades serve`` sets them from options."""

    database: str = "sqlite+aiosqlite:///spades-server.sqlite3"
    """The database's SQLAlchemy URL (an async driver's)."""
    bot_workers: int = 1
    """The processes that compute bots' moves; 0: threads of the server's process."""
    bot_pause: float = 1.0
    """The default pause before a bot moves, in seconds, so that people can follow."""
    clock: ClockSettings = ClockSettings()
    """The default clock of new tables."""
    preset: str = "miniokey"
    """The default preset of new tables: source B's."""
    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    """Origins besides the server's own whose pages may open a WebSocket."""
    max_message_bytes: int = 16384
    """The largest message a client may send."""
    messages_per_second: float = 20.0
    """The rate of messages a client may keep up."""
    burst: int = 40
    """The messages a client may send at once above that rate."""
    max_tables: int = 100
    """The most tables in play at once."""
