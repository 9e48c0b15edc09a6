"""Bots at the tables: computed away from the event loop, and gone with their server."""

from __future__ import annotations

import os

import pytest

from spades.server import _bots

pytestmark = pytest.mark.timeout(60)


def test_a_bot_worker_ends_once_its_server_is_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    """(server-bots): the worker checks its parent, and ends when the parent has changed
    (the server died: the worker was handed to another process)."""
    parents = iter([41, 41, 1])
    monkeypatch.setattr(os, "getppid", lambda: next(parents))
    monkeypatch.setattr(_bots, "PARENT_CHECK_SECONDS", 0.0)
    ended: list[int] = []
    _bots.watch_parent(41, ended.append)
    assert ended == [0]
    assert next(parents, None) is None  # it looked three times: twice alive, once gone
