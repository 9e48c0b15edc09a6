"""Time for the server's clocks: the system's, or one the caller moves by hand.

The server reads time only through a `Clock`: `now` for what a seat has left, `sleep` to
wait for a move time to run out or for a bot's pause. Tests hand the server a
`ManualClock` and move it forward, so that no test sleeps out a 30-second clock.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Protocol

import attrs

__all__ = ["Clock", "ManualClock", "SystemClock"]


class Clock(Protocol):
    """A source of time: seconds that only go forward, and a way to wait for them."""

    def now(self) -> float:
        """The time in seconds, from an arbitrary start."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` have passed on this clock."""
        ...


class SystemClock:
    """The machine's monotonic clock: what ``spades serve`` runs on."""

    def now(self) -> float:
        """``time.monotonic()``."""
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        """``asyncio.sleep(seconds)``."""
        await asyncio.sleep(seconds)


@attrs.frozen(eq=False)  # each sleeper is itself, whatever its deadline
class _Sleeper:
    deadline: float
    loop: asyncio.AbstractEventLoop
    wake: asyncio.Future[None]


class ManualClock:
    """A clock that stands still until `advance` moves it: for tests.

    `advance` may be called from any thread (a test drives the server's event loop from
    another one); the sleepers whose time has come wake on their own loop.
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = float(start)
        self._lock = threading.Lock()
        self._sleepers: list[_Sleeper] = []

    def now(self) -> float:
        """The time this clock shows."""
        with self._lock:
            return self._now

    @property
    def sleepers(self) -> int:
        """How many tasks wait on this clock."""
        with self._lock:
            return len(self._sleepers)

    async def sleep(self, seconds: float) -> None:
        """Return once `advance` has moved the clock ``seconds`` on from now."""
        loop = asyncio.get_running_loop()
        with self._lock:
            sleeper = _Sleeper(self._now + max(seconds, 0.0), loop, loop.create_future())
            due = seconds <= 0
            if not due:
                self._sleepers.append(sleeper)
        if due:
            await asyncio.sleep(0)
            return
        try:
            await sleeper.wake
        finally:
            with self._lock:
                if sleeper in self._sleepers:
                    self._sleepers.remove(sleeper)

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` forward, waking whoever's time has come."""
        with self._lock:
            self._now += seconds
            due = [sleeper for sleeper in self._sleepers if sleeper.deadline <= self._now]
            self._sleepers = [sleeper for sleeper in self._sleepers if sleeper not in due]
        for sleeper in due:
            sleeper.loop.call_soon_threadsafe(_wake, sleeper.wake)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():  # a sleeper cancelled meanwhile stays cancelled
        future.set_result(None)
