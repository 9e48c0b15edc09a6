"""The limits on what a client sends: a message's size, the rate of messages, the Origin.

Each test runs the hostile tests' arena (`build`: a table in play with two players, a
spectator and a stranger, and a second table) beside the client that breaks a limit, and
ends with every table intact and the other connections served. The rate is a token bucket
on the real time; the tests set a rate so slow that it refills nothing while they send.
"""

from __future__ import annotations

import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any, Final

import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from spades.server._protocol import check_sent
from spades.server._session import FLOOD_LIMIT

from .server_client import running
from .test_server_hostile import FOREVER, UNLIMITED, build, seen

if TYPE_CHECKING:
    from pathlib import Path

    from .conftest import Serve
    from .test_server_hostile import Seen

pytestmark = pytest.mark.timeout(120)

BURST: Final = 5
"""The burst of the tests' rate limit: messages a client may send at once."""

SLOW: Final = {"messages_per_second": 0.1, "burst": BURST}
"""The slowest rate a server takes: one message more every 10 seconds, none while a test's
messages go out at once."""

POLICY_VIOLATION: Final = 1008
"""The close code of a handshake refused, or of a client closed for flooding."""

WAIT: Final = 30.0
"""The longest a real socket waits for a message (a hung server fails, never hangs)."""


def list_tables(number: int) -> dict[str, Any]:
    return {"type": "list_tables", "id": number}


def next_error(client: Seen, frame: str | bytes) -> str:
    """The reason of the error ``frame`` gets."""
    return str(client.error(frame)["reason"])


# Size


def test_a_message_at_the_size_limit_is_read_and_one_byte_more_is_not(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="spades.server")
    with (
        running(tmp_path / "db.sqlite3", clock=FOREVER) as server,
        contextlib.ExitStack() as stack,
    ):
        arena = build(server, stack)
        client = arena.stranger
        limit = client.welcome["limits"]["max_message_bytes"]
        head = '{"type": "list_tables", "id": "at-the-limit"'
        at_limit = head + " " * (limit - len(head) - 1) + "}"
        assert len(at_limit.encode()) == limit
        client.frame(at_limit)
        reply = client.until(lambda message: message["type"] != "table")
        assert (reply["type"], reply["reply_to"]) == ("tables", "at-the-limit")
        assert next_error(client, at_limit[:-1] + " }") == "message_too_large"
        # At the limit the schema judges the message: an id that long is too long.
        long_id = '{"type": "list_tables", "id": "' + "x" * limit
        long_id = long_id[: limit - 2] + '"}'
        assert len(long_id.encode()) == limit
        assert next_error(client, long_id) == "invalid_message"
        # Bytes, not characters: two bytes each, half as many characters are over the limit.
        wide = '{"type": "list_tables", "id": "' + "\u00e9" * (limit // 2) + '"}'
        assert len(wide) < limit < len(wide.encode())
        assert next_error(client, wide) == "message_too_large"
        # Far over: a megabyte, and a table asked for past the limit is not created.
        assert next_error(client, "x" * 2**20) == "message_too_large"
        padded = json.dumps({"type": "create_table", "id": 1}) + " " * limit
        assert next_error(client, padded) == "message_too_large"
        client.answered()
        arena.check_intact(caplog, every=True)


# Rate


def test_messages_past_the_burst_are_rate_limited_and_dropped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="spades.server")
    with (
        running(tmp_path / "db.sqlite3", clock=FOREVER, **SLOW) as server,
        contextlib.ExitStack() as stack,
    ):
        arena = build(server, stack)
        with seen(server) as client:
            assert client.welcome["limits"]["burst"] == BURST
            for number in range(BURST + 3):
                client.send(list_tables(number))
            replies = [client.receive() for _ in range(BURST + 3)]
            assert [reply["type"] for reply in replies] == ["tables"] * BURST + ["error"] * 3
            assert [reply.get("reply_to") for reply in replies[:BURST]] == list(range(BURST))
            assert {reply["reason"] for reply in replies[BURST:]} == {"rate_limited"}
            # Over the rate, a message is dropped unread (no table is created), and the
            # connection stays open: each message gets its error, none a close.
            assert next_error(client, json.dumps({"type": "create_table"})) == "rate_limited"
            assert next_error(client, "{") == "rate_limited"
        arena.check_intact(caplog, every=True)


def test_a_flood_closes_the_connection_and_spares_every_other(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="spades.server")
    with (
        running(tmp_path / "db.sqlite3", clock=FOREVER, **SLOW) as server,
        contextlib.ExitStack() as stack,
    ):
        arena = build(server, stack)
        with seen(server) as flooder:
            for number in range(BURST + FLOOD_LIMIT + 50):
                flooder.send(list_tables(number))
            with pytest.raises(WebSocketDisconnect) as closed:
                flooder.until(lambda _: False)
            assert closed.value.code == POLICY_VIOLATION
            received = [json.loads(text) for text, _ in flooder.received[1:]]
            assert [message["type"] for message in received[:BURST]] == ["tables"] * BURST
            assert {message.get("reason") for message in received[BURST:]} <= {"rate_limited"}
            assert len(received) < BURST + FLOOD_LIMIT
        arena.check_intact(caplog, every=True)


@pytest.mark.parametrize("oversize", [False, True], ids=["binary-frames", "oversize-frames"])
def test_a_flood_of_refused_frames_is_limited_like_any_flood(
    tmp_path: Path, oversize: bool
) -> None:
    limit = 1024  # the smallest limit a server takes
    frame: str | bytes = "x" * (limit + 1) if oversize else b"x"
    settings = {**SLOW, "max_message_bytes": limit}
    with running(tmp_path / "db.sqlite3", **settings) as server, seen(server) as flooder:
        for _ in range(BURST + FLOOD_LIMIT):
            flooder.frame(frame)
        flooder.send({"type": "list_tables", "id": "after"})
        with pytest.raises(WebSocketDisconnect) as closed:
            flooder.until(lambda message: message.get("reply_to") == "after")
        assert closed.value.code == POLICY_VIOLATION


# Depth


def test_a_message_nested_10000_deep_is_an_error(tmp_path: Path) -> None:
    with (
        running(tmp_path / "db.sqlite3", max_message_bytes=2**16, **UNLIMITED) as server,
        seen(server) as client,
    ):
        for text in ("[" * 10000 + "]" * 10000, '{"a":' * 10000 + "1" + "}" * 10000):
            # Python's decoders stop at different depths: read whole, a list is no message.
            assert next_error(client, text) in {"malformed_json", "invalid_message"}
        client.answered()


def test_nesting_up_to_the_decoder_s_depth_gets_an_error(tmp_path: Path) -> None:
    """Every depth the decoder reads, up to its last, is answered with an error.

    Just under the decoder's depth, the schema's validator (which describes a value in
    its errors) runs out of depth first: that is an error too, not a failed connection.
    """
    limit = 2**16
    with (
        running(tmp_path / "db.sqlite3", max_message_bytes=limit, **UNLIMITED) as server,
        seen(server) as client,
    ):

        def reason(depth: int) -> str:
            text = '{"type": "list_tables", "id": ' + "[" * depth + "]" * depth + "}"
            return next_error(client, text)

        # The deepest nesting the server decodes (deeper: malformed_json), found by halves.
        low, high = 1, (limit - 40) // 2
        while low < high:
            middle = (low + high + 1) // 2
            low, high = (low, middle - 1) if reason(middle) == "malformed_json" else (middle, high)
        reasons = {reason(depth) for depth in range(max(low - 100, 1), low + 1)}
        assert reasons <= {"invalid_message", "malformed_json"}
        client.answered()


# Origin

CROSS_SITE: Final = [
    "http://evil.example",
    "https://evil.example",
    "null",
    "http://testserver.evil.example",
    "http://evil.example/http://testserver",
    "http://testserver@evil.example",
    "http://testserver:8000",
    "http://allowed.example.evil",
]


@pytest.mark.parametrize("origin", CROSS_SITE)
def test_a_handshake_from_another_site_is_refused(tmp_path: Path, origin: str) -> None:
    allowed = {"allowed_origins": ("http://allowed.example",)}
    with running(tmp_path / "db.sqlite3", **allowed) as server:
        with pytest.raises(WebSocketDisconnect) as refused, seen(server, origin=origin):
            pass
        assert refused.value.code == POLICY_VIOLATION
        with seen(server) as client:
            client.answered()
            assert client.reply({"type": "list_tables"})["tables"] == []


@pytest.mark.parametrize(
    "origin",
    [None, "http://testserver", "http://allowed.example", "http://also-allowed.example:8080"],
)
def test_a_handshake_from_the_server_s_own_or_an_allowed_origin_or_none_is_let_in(
    tmp_path: Path, origin: str | None
) -> None:
    allowed = {"allowed_origins": ("http://allowed.example", "http://also-allowed.example:8080")}
    headers = {} if origin is None else {"origin": origin}
    with running(tmp_path / "db.sqlite3", **allowed) as server, seen(server, **headers) as client:
        client.answered()


@pytest.mark.system
def test_a_real_server_refuses_another_site_with_403_and_cuts_huge_frames(
    served: Serve,
) -> None:
    """Through uvicorn: the refused handshake is an HTTP 403; a huge frame closes with 1009."""
    server = served("--allow-origin", "http://allowed.example")
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws_url, origin=Origin("http://evil.example"), open_timeout=WAIT)
    assert refused.value.response.status_code == 403
    for origin in (None, server.url, "http://allowed.example"):
        with connect(
            server.ws_url, origin=None if origin is None else Origin(origin), open_timeout=WAIT
        ) as socket:
            welcome = json.loads(socket.recv(timeout=WAIT))
            check_sent(welcome)
    limit = welcome["limits"]["max_message_bytes"]
    with connect(server.ws_url, open_timeout=WAIT) as socket:
        socket.recv(timeout=WAIT)
        socket.send("x" * (limit + 1))
        error = json.loads(socket.recv(timeout=WAIT))
        check_sent(error)
        assert error["reason"] == "message_too_large"
        socket.send("x" * (limit * 100))
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=WAIT)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1009  # message too big
    assert server.running
