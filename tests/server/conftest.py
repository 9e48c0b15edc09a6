"""Fixtures of the server's tests: `spades serve` as a subprocess, Chromium through Playwright.

Playwright is imported only inside the browser fixtures: tests that need no browser run
without it. The tests that run `spades serve` as a process (crashes, Chromium) are marked
``@pytest.mark.system``; the nox session ``system`` runs them, the ``tests`` sessions
leave them out.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import attrs
import pytest

if TYPE_CHECKING:
    from collections.abc import Generator, Iterator

    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

__all__ = ["CHROMIUM", "NewPage", "Serve", "Served", "free_port"]

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium (Playwright's own browser download cannot work on CI's machines)."""

START_SECONDS = 60.0
"""How long a server may take to answer ``GET /api/health`` after it is started."""

STOP_SECONDS = 30.0
"""How long a server may take to exit after Ctrl-C (SIGINT)."""

POLL_SECONDS = 0.05
"""The pause between two looks at a starting server."""

REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()
"""A test's reports by phase ("setup", "call", "teardown"), for the fixtures' teardown."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _answers(url: str) -> bool:
    """Whether ``url`` answers 200 now."""
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


@attrs.define
class Served:
    """``spades serve`` in a subprocess of its own process group, on 127.0.0.1.

    Its standard output and error go to files in ``logs`` (one pair for each start);
    `restart` starts it again on the same database and port.
    """

    port: int
    db: Path
    logs: Path
    extra: tuple[str, ...] = ()
    starts: int = 0
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's address, without a trailing slash: ``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """The protocol's WebSocket address, ``ws://127.0.0.1:PORT/ws``."""
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def command(self) -> list[str]:
        """The command that starts the server."""
        return [
            sys.executable,
            "-m",
            "spades",
            "serve",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--bot-pause",
            "0",
            "--bot-workers",
            "1",
            *self.extra,
        ]

    @property
    def running(self) -> bool:
        """Whether the server's process has not exited."""
        return self.process is not None and self.process.poll() is None

    def output(self) -> str:
        """The server's standard output of its latest start."""
        return (self.logs / f"stdout-{self.starts}.txt").read_text(errors="replace")

    def errors(self) -> str:
        """The server's standard error of its latest start."""
        return (self.logs / f"stderr-{self.starts}.txt").read_text(errors="replace")

    def start(self) -> None:
        """Start the server and wait until it answers ``GET /api/health``."""
        if self.running:
            raise RuntimeError("the server is running: stop or kill it first")
        self.starts += 1
        self.logs.mkdir(parents=True, exist_ok=True)
        with (
            (self.logs / f"stdout-{self.starts}.txt").open("wb") as out,
            (self.logs / f"stderr-{self.starts}.txt").open("wb") as err,
        ):
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                start_new_session=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + START_SECONDS
        while not _answers(f"{self.url}/api/health"):
            code = self.process.poll()
            if code is not None:
                self._fail(f"exited with {code} before it answered")
            if time.monotonic() > deadline:
                self.kill()
                self._fail(f"did not answer GET /api/health within {START_SECONDS:g} s")
            time.sleep(POLL_SECONDS)

    def _fail(self, what: str) -> None:
        pytest.fail(
            f"spades serve {what}: {' '.join(self.command)}\n"
            f"--- its standard error ---\n{self.errors()}",
            pytrace=False,
        )

    def kill(self) -> None:
        """Kill the server and its bot processes at once (SIGKILL to its process group)."""
        if self.process is None:
            return
        _signal_group(self.process, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> int:
        """Stop the server with SIGINT (to the server's process alone); its exit code.

        Its bot processes are the server's to end; `close` kills any it leaves.
        """
        if self.process is None:
            raise RuntimeError("the server was never started")
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.kill()
                self._fail(f"did not stop within {STOP_SECONDS:g} s of SIGINT")
        return self.process.returncode

    def restart(self) -> None:
        """Start the server again on the same database and port (stopped first if running)."""
        if self.running:
            self.stop()
        self.start()

    def close(self) -> None:
        """Stop the server if it runs, and kill whatever of its process group is left."""
        if self.process is None:
            return
        try:
            if self.running:
                self.stop()
        finally:
            _signal_group(self.process, signal.SIGKILL)


def _signal_group(process: subprocess.Popen[bytes], signum: signal.Signals) -> None:
    """Send ``signum`` to the process group that ``process`` leads, if any of it is left."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signum)


class Serve(Protocol):
    """The ``served`` fixture: starts a server with more options; stopped after the test."""

    def __call__(self, *extra: str, db: Path | None = None) -> Served: ...


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Serve]:
    """Start ``spades serve`` on a free port and a database in ``tmp_path``, as often as asked.

    ``served("--move-seconds", "2")`` starts one more with those options (they come after
    the fixture's own, so they may override them) and returns it once it answers; the
    first server's database is ``tmp_path / "db.sqlite3"``. Every server is stopped (and
    its process group killed) after the test.
    """
    servers: list[Served] = []

    def serve(*extra: str, db: Path | None = None) -> Served:
        number = len(servers) + 1
        name = "db.sqlite3" if number == 1 else f"db-{number}.sqlite3"
        server = Served(
            port=free_port(),
            db=tmp_path / name if db is None else db,
            logs=tmp_path / f"server-{number}",
            extra=extra,
        )
        servers.append(server)
        server.start()
        return server

    try:
        yield serve
    finally:
        for server in servers:
            server.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test, so that a fixture knows whether it failed."""
    report = yield
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report


def _failed(request: pytest.FixtureRequest) -> bool:
    """Whether the test of ``request`` failed so far (in its set-up or its call)."""
    reports = request.node.stash.get(REPORTS, {})
    return any(report.failed for report in reports.values())


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, through Playwright's sync API: one for each xdist worker.

    Missing, it fails the test where the CI environment variable is set, else skips it.
    """
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} not found: install Debian's chromium package (as .ci/run does)"
        if "CI" in os.environ:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


class NewPage(Protocol):
    """The ``new_page`` fixture: a page in a browser context of its own (a person of its own)."""

    def __call__(self) -> Page: ...


@pytest.fixture
def new_page(browser: Browser, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[NewPage]:
    """Open pages, each in a new context (its own storage: one person each), as often as asked.

    When the test fails, each page is saved as a screenshot in ``tmp_path``: the first as
    ``failure.png``, the next ones ``failure-2.png`` and on; their paths are printed with
    the errors the page's scripts raised.
    """
    opened: list[tuple[BrowserContext, Page, list[str]]] = []

    def open_page() -> Page:
        context = browser.new_context()
        page = context.new_page()
        errors: list[str] = []

        def console(message: ConsoleMessage) -> None:
            if message.type in {"error", "warning"}:
                errors.append(f"console.{message.type}: {message.text}")

        page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
        page.on("console", console)
        opened.append((context, page, errors))
        return page

    try:
        yield open_page
    finally:
        failed = _failed(request)
        for number, (context, page, errors) in enumerate(opened, start=1):
            try:
                if failed and not page.is_closed():
                    path = tmp_path / ("failure.png" if number == 1 else f"failure-{number}.png")
                    page.screenshot(path=path, full_page=True)
                    print(f"screenshot of page {number} ({page.url}): {path}")
                    for error in errors:
                        print(f"  {error}")
            finally:
                context.close()


@pytest.fixture
def page(new_page: NewPage) -> Page:
    """A page in a new browser context; a screenshot ``tmp_path / "failure.png"`` on failure."""
    return new_page()
