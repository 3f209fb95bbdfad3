"""The browser face in a real Chromium (issue 16): a live `albion serve` on a free port and
Debian's Chromium driven by Playwright (no browser download). `.ci/run` installs Chromium
and sets ALBION_TEST_CHROMIUM, so these tests always run in CI; elsewhere they run when a
`chromium` is on the PATH and are skipped with a line that says so otherwise."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.serving import free_port, start_server

SCREENSHOTS = Path(os.environ.get("ALBION_SCREENSHOTS", "build/screenshots"))
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


def chromium_path() -> str | None:
    wanted = os.environ.get("ALBION_TEST_CHROMIUM")
    if wanted:
        if not Path(wanted).exists():
            raise pytest.UsageError(f"ALBION_TEST_CHROMIUM={wanted} does not exist")
        return wanted
    return shutil.which("chromium") or shutil.which("chromium-browser")


CHROMIUM = chromium_path()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium (set ALBION_TEST_CHROMIUM or install Debian's "
    "chromium): the browser tests are skipped; .ci/run installs it")


class LiveServer:
    """One `albion serve` process with its own SQLite file and quick bots."""

    def __init__(self, directory: Path, bot_delay: float = 0.05,
                 env: dict[str, str] | None = None, options: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = start_server(
            self.port, "--db", f"sqlite:///{directory / 'albion.db'}", "--bot-workers", "2",
            "--bot-delay", str(bot_delay), *options, env=env)

    def create(self, game: str, players: list[str], **extra: Any) -> dict[str, Any]:
        """POST /api/tables; the CreatedTable answer."""
        answer = httpx.post(f"{self.url}/api/tables",
                            json={"game": game, "players": players, **extra}, timeout=10)
        assert answer.status_code == 201, answer.text
        created: dict[str, Any] = answer.json()
        return created

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    with tempfile.TemporaryDirectory() as directory:
        live = LiveServer(Path(directory))
        yield live
        live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM,
                                              args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """new_page(width=1280, height=900) → a Page in a context of its own (its own
    cookies and storage: one person). Closed after the test."""
    contexts: list[Any] = []

    def make(width: int = DESKTOP["width"], height: int = DESKTOP["height"]) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.append(message.text)
                if message.type == "error" and "Content Security Policy" in message.text
                else None)  # an inline style or script the policy blocked
        page.js_errors = errors  # checked by assert_no_js_errors
        return page

    yield make
    for context in contexts:
        context.close()


def assert_no_js_errors(page: Any) -> None:
    """The page threw nothing uncaught."""
    assert page.js_errors == [], page.js_errors


def screenshot(page: Any, name: str) -> Path:
    """Write build/screenshots/NAME.png (or under ALBION_SCREENSHOTS)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def wait_until(page: Any, expression: str, seconds: float = 15) -> Any:
    """Poll a JavaScript expression until it is truthy (its value). Playwright's own
    wait_for_function evaluates strings with eval, which the pages' CSP forbids."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{expression} stayed false for {seconds} s")
