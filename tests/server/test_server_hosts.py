"""The server answers only to its own names, and refuses what a finished game cannot take."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse

import spades.server
from spades._cli import main
from spades.server import ServerSettings, create_app

from .server_client import running

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.timeout(120)


def test_a_request_to_a_name_not_the_servers_is_refused(tmp_path: Path) -> None:
    """(server-origin): a Host the server does not answer to gets 400, page and WebSocket
    alike, so that a page of another site whose name resolves here (DNS rebinding) reaches
    nothing."""
    settings = ServerSettings(database=f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite3'}")
    with TestClient(create_app(settings), base_url="http://localhost:8000") as client:
        assert client.get("/api/health").status_code == 200
        assert client.get("/api/health", headers={"host": "evil.example"}).status_code == 400
        with (
            pytest.raises(WebSocketDenialResponse) as denied,
            client.websocket_connect("/ws", headers={"host": "evil.example:8000"}),
        ):
            pass  # pragma: no cover (the handshake is refused)
        assert denied.value.status_code == 400
        with client.websocket_connect("/ws", headers={"host": "127.0.0.1:8000"}) as socket:
            assert socket.receive_json()["type"] == "welcome"


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ([], ("localhost", "127.0.0.1", "::1", "127.0.0.1")),
        (["--host", "0.0.0.0"], ("localhost", "127.0.0.1", "::1")),
        (
            ["--host", "192.0.2.7", "--allow-host", "spades.example"],
            ("localhost", "127.0.0.1", "::1", "192.0.2.7", "spades.example"),
        ),
    ],
)
def test_spades_serve_answers_to_this_machine_and_its_host(
    monkeypatch: pytest.MonkeyPatch, options: list[str], expected: tuple[str, ...]
) -> None:
    """(server-run): this machine's names, the --host it listens on, and --allow-host."""
    seen: list[ServerSettings] = []

    def capture(settings: ServerSettings, **_: Any) -> object:
        seen.append(settings)
        return object()

    monkeypatch.setattr(spades.server, "create_app", capture)
    monkeypatch.setattr("uvicorn.run", lambda app, **_: None)
    assert main(["serve", *options]) == 0
    assert seen[0].allowed_hosts == expected


def test_a_finished_tables_seats_are_not_handed_to_bots(tmp_path: Path) -> None:
    """(server-tables): once the game is over, nothing at its table changes."""
    with running(tmp_path / "db.sqlite3") as server, server.connect() as client:
        created = client.create(round_cap=1, seats=["heuristic"] * 4)
        client.send({"type": "watch", "table": created["table"]})
        client.table(lambda message: message["status"] == "over")
        reply = client.reply(
            {
                "type": "hand_to_bot",
                "table": created["table"],
                "seat": 0,
                "bot": "random",
                "creator_token": created["creator_token"],
            }
        )
        assert reply["type"] == "error"
        assert reply["reason"] == "game_over"


def test_an_unknown_type_is_quoted_cut_short(tmp_path: Path) -> None:
    """(server-errors): the error's message stays short, whatever the type sent."""
    with running(tmp_path / "db.sqlite3") as server, server.connect() as client:
        reply = client.reply({"type": "x" * 5000})
        assert reply["reason"] == "unknown_type"
        assert len(reply["message"]) <= 300
