"""What a server owner chooses: the database, the bots, the clock, the limits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs

from spades import PRESETS

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["LOCAL_HOSTS", "ClockSettings", "ServerSettings"]


def _seconds(low: float, high: float) -> Any:
    return [
        attrs.validators.instance_of((int, float)),
        attrs.validators.ge(low),
        attrs.validators.le(high),
    ]


LOCAL_HOSTS: Final = ("localhost", "127.0.0.1", "::1")
"""The names of this machine, which a server answers to by default."""


def _kind(kind: type) -> Any:
    return attrs.validators.instance_of(kind)


def _whole(low: int, high: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{attribute.name} is a whole number from {low} to {high}: {value!r}")

    return check


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

    database: str = attrs.field(
        default="sqlite+aiosqlite:///spades-server.sqlite3", validator=_kind(str)
    )
    """The database's SQLAlchemy URL (an async driver's)."""
    bot_workers: int = attrs.field(default=1, validator=_whole(0, 61))
    """The processes that compute bots' moves; 0: threads of the server's process."""
    bot_pause: float = attrs.field(default=1.0, converter=float, validator=_seconds(0, 10))
    """The default pause before a bot moves, in seconds, so that people can follow."""
    clock: ClockSettings = attrs.field(factory=ClockSettings, validator=_kind(ClockSettings))
    """The default clock of new tables."""
    preset: str = attrs.field(default="miniokey", validator=attrs.validators.in_(tuple(PRESETS)))
    """The default preset of new tables: source B's."""
    allowed_origins: tuple[str, ...] = attrs.field(
        default=(),
        converter=_strings,
        validator=attrs.validators.deep_iterable(_kind(str)),
    )
    """Origins besides the server's own whose pages may open a WebSocket."""
    allowed_hosts: tuple[str, ...] = attrs.field(
        default=LOCAL_HOSTS,
        converter=_strings,
        validator=attrs.validators.deep_iterable(_kind(str)),
    )
    """The names a request's Host header may give (``"*"``: any). Only this machine's by
    default, so that no other site's page reaches the server through a name of its own
    that resolves here (DNS rebinding)."""
    max_message_bytes: int = attrs.field(default=16384, validator=_whole(1024, 2**20))
    """The largest message a client may send, in bytes (of UTF-8)."""
    messages_per_second: float = attrs.field(
        default=20.0, converter=float, validator=_seconds(0.1, 1000)
    )
    """The rate of messages a client may keep up."""
    burst: int = attrs.field(default=40, validator=_whole(1, 10000))
    """The messages a client may send at once above that rate."""
    max_tables: int = attrs.field(default=100, validator=_whole(1, 100000))
    """The most tables in play at once."""
