"""The server's parts on their own: clocks, settings, a session's outbox, the bots' moves."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TypeVar, cast

import pytest

from spades import CLASSIC, new_game, observe, parse_move
from spades.server import ManualClock, ServerSettings, SystemClock, _bots, _clock
from spades.server._session import CLOSE, OUTBOX_SIZE, Session

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from spades.server._tables import Lobby

pytestmark = pytest.mark.timeout(60)

_T = TypeVar("_T")


def in_a_loop(coroutine: Coroutine[Any, Any, _T]) -> _T:
    """``asyncio.run`` in a thread of its own: a browser test may hold this thread's loop."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def test_the_system_clock_is_monotonic_time() -> None:
    """(server-clock): ``spades serve`` runs on the machine's monotonic clock."""
    clock = SystemClock()

    async def wait() -> tuple[float, float]:
        start = clock.now()
        await clock.sleep(0.01)
        return start, clock.now()

    start, end = in_a_loop(wait())
    assert end >= start + 0.01


def test_a_manual_clock_wakes_a_sleeper_only_once() -> None:
    """A sleeper cancelled while its wake-up was on its way stays cancelled."""

    async def run() -> bool:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        future.cancel()
        _clock._wake(future)
        return future.cancelled()

    assert in_a_loop(run())


def test_a_manual_clock_wakes_sleepers_when_their_time_comes() -> None:
    clock = ManualClock()

    async def run() -> list[str]:
        woken: list[str] = []

        async def sleep(name: str, seconds: float) -> None:
            await clock.sleep(seconds)
            woken.append(name)

        tasks = [asyncio.create_task(sleep(name, s)) for name, s in [("a", 5), ("b", 10)]]
        await asyncio.sleep(0)
        assert clock.sleepers == 2
        clock.advance(6)
        await asyncio.sleep(0.01)
        assert woken == ["a"]
        clock.advance(4)
        await asyncio.gather(*tasks)
        await clock.sleep(0)  # a sleep of nothing returns at once
        return woken

    assert in_a_loop(run()) == ["a", "b"]
    assert clock.now() == 10


@pytest.mark.parametrize(
    "wrong",
    [
        {"bot_workers": -1},
        {"bot_workers": True},
        {"max_tables": 0},
        {"burst": 1.5},
        {"preset": "bridge"},
        {"bot_pause": 11},
        {"allowed_hosts": [3]},
    ],
)
def test_server_settings_refuse_what_no_server_can_run(wrong: dict[str, Any]) -> None:
    with pytest.raises((ValueError, TypeError)):
        ServerSettings(**wrong)


def test_a_client_too_far_behind_is_closed_not_queued_for() -> None:
    """(server-limits): a session whose outbox is full drops it and closes."""

    async def run() -> Session:
        session = Session(cast("Lobby", SimpleNamespace(tables={})), ServerSettings())
        for number in range(OUTBOX_SIZE + 1):
            session.send({"type": "tables", "tables": [], "number": number})
        session.send({"type": "tables", "tables": []})  # after the close: dropped
        return session

    session = in_a_loop(run())
    assert session.closing
    assert session.outbox.qsize() == 1
    assert session.outbox.get_nowait() is CLOSE


@pytest.mark.parametrize("bot", _bots.BOTS)
def test_every_bot_answers_a_legal_move_in_notation(bot: str) -> None:
    """(server-bots): a view in, a move out, as a worker process computes it."""
    state = new_game(CLASSIC, seed=3)
    assert state.to_move is not None
    view = observe(state, state.to_move)
    assert parse_move(_bots.bot_move(bot, view, 7)) in view.legal_moves()


def test_a_bot_worker_starts_watching_its_server(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[tuple[object, tuple[object, ...]]] = []

    class Thread:
        def __init__(self, *, target: object, args: tuple[object, ...], **_: object) -> None:
            started.append((target, args))

        def start(self) -> None:
            started.append(("started", ()))

    monkeypatch.setattr(threading, "Thread", Thread)
    _bots._follow_parent(1234)
    assert started == [(_bots.watch_parent, (1234,)), ("started", ())]
