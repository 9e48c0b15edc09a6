"""``spades serve``'s options, and what it hands to uvicorn (server-run); no server runs.

`uvicorn.run` is replaced by a function that keeps its arguments, and
`spades.server.create_app` by one that keeps the settings it is given.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

import attrs
import pytest
import uvicorn

import spades.server
from spades._cli import main
from spades.server import ClockSettings, ServerSettings

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.timeout(60)


def words(text: str) -> str:
    """``text`` with its lines, wrapped to the terminal's width, joined again."""
    assert text.endswith("\n")
    return " ".join(text.split())


@attrs.define
class Started:
    """What ``spades serve`` started: the app's settings, and uvicorn's arguments."""

    settings: list[ServerSettings] = attrs.field(factory=list)
    runs: list[dict[str, Any]] = attrs.field(factory=list)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Started:
    kept = Started()
    app = object()

    def create_app(settings: ServerSettings) -> object:
        kept.settings.append(settings)
        return app

    def run(application: object, **options: Any) -> None:
        assert application is app
        kept.runs.append(options)

    monkeypatch.setattr(spades.server, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", run)
    return kept


def test_serve_runs_the_app_on_uvicorn_with_the_defaults(
    started: Started, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve"]) == 0
    out, err = capsys.readouterr()
    assert words(out) == (
        "spades serve: open http://127.0.0.1:8000/ in a browser "
        "(database spades-server.sqlite3; Ctrl-C stops)"
    )
    assert err == ""
    (settings,) = started.settings
    assert settings.database == "sqlite+aiosqlite:///spades-server.sqlite3"
    assert settings.bot_pause == 1.0
    assert settings.bot_workers == 1
    assert settings.clock == ClockSettings()
    assert settings.allowed_origins == ()
    assert started.runs == [
        {
            "host": "127.0.0.1",
            "port": 8000,
            "ws": "websockets-sansio",
            "ws_max_size": 4 * 16384,
            "log_level": "info",
        }
    ]


def test_serve_takes_every_option(
    started: Started, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = tmp_path / "tables.sqlite3"
    argv = [
        "serve",
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--db",
        str(database),
        "--bot-pause",
        "0",
        "--bot-workers",
        "0",
        "--move-seconds",
        "12.5",
        "--extension-seconds",
        "0",
        "--extension",
        "game",
        "--allow-origin",
        "https://example.org",
        "--allow-origin",
        "http://localhost:3000",
    ]
    assert main(argv) == 0
    assert words(capsys.readouterr().out) == (
        f"spades serve: open http://0.0.0.0:0/ in a browser (database {database}; Ctrl-C stops)"
    )
    (settings,) = started.settings
    assert settings.database == f"sqlite+aiosqlite:///{database}"
    assert settings.bot_pause == 0.0
    assert settings.bot_workers == 0
    assert settings.clock == ClockSettings(move_seconds=12.5, extension_seconds=0, extension="game")
    assert settings.allowed_origins == ("https://example.org", "http://localhost:3000")
    (run,) = started.runs
    assert (run["host"], run["port"]) == ("0.0.0.0", 0)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--port", "65536", "'65536' is not a port: a whole number from 0 to 65535"),
        ("--port", "-1", "'-1' is not a port"),
        ("--port", "http", "'http' is not a port"),
        ("--bot-pause", "10.5", "'10.5' is not a time: seconds from 0 to 10"),
        ("--bot-pause", "-0.1", "'-0.1' is not a time"),
        ("--bot-pause", "nan", "'nan' is not a time"),
        ("--bot-pause", "soon", "'soon' is not a time"),
        ("--move-seconds", "0.5", "'0.5' is not a time: seconds from 1 to 600"),
        ("--move-seconds", "601", "'601' is not a time: seconds from 1 to 600"),
        ("--move-seconds", "inf", "'inf' is not a time"),
        ("--extension-seconds", "-1", "'-1' is not a time: seconds from 0 to 600"),
        ("--extension-seconds", "600.01", "'600.01' is not a time"),
        ("--bot-workers", "62", "'62' is not a number of workers: a whole number from 0 to 61"),
        ("--bot-workers", "1.5", "'1.5' is not a number of workers"),
        ("--extension", "round", "invalid choice: 'round'"),
    ],
)
def test_a_bad_value_exits_2_with_a_message(
    started: Started,
    capsys: pytest.CaptureFixture[str],
    option: str,
    value: str,
    message: str,
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", option, value])
    assert exited.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: spades serve")
    assert f"argument {option}: {message}" in words(err)
    assert started.runs == []


@pytest.mark.parametrize("missing", [("uvicorn",), ("starlette", "aiosqlite")])
def test_without_the_extra_serve_says_what_to_install(
    started: Started,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    missing: tuple[str, ...],
) -> None:
    find_spec = importlib.util.find_spec

    def find(name: str, package: str | None = None) -> object:
        return None if name in missing else find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find)
    assert main(["serve"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert words(err) == (
        f"spades serve: the server needs {', '.join(missing)}: install the extra, "
        "pip install 'spades[server]'"
    )
    assert started.runs == []
    assert started.settings == []
