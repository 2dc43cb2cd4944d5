"""Browser tests: the real server (`mashindano serve`, granian) over a database built once per
session (the demo events plus a running club Swiss for the live view), driven by Debian's
chromium through Playwright. Every page blocks and records requests that would leave
127.0.0.1; each test asserts there were none. Screenshots go to var/screenshots/."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
REPOSITORY = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPOSITORY / "var" / "screenshots"
SITE_DATA = Path(__file__).resolve().parent / "site_data.py"
LIVE_EVENT = "live-club"


class Site:
    def __init__(self, url: str, db: Path) -> None:
        self.url = url
        self.db = db

    def data(self, *args: str) -> str:
        """Run site_data.py against the server's database (a separate process, so the
        documents and the app write exactly as any other client would)."""
        done = subprocess.run(
            [sys.executable, str(SITE_DATA), str(self.db), *args],
            check=True,
            capture_output=True,
            text=True,
            env=_env(self.db),
        )
        return done.stdout


def _env(db: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["MASHINDANO_DATABASE_URL"] = str(db)
    env["DJANGO_SETTINGS_MODULE"] = "mashindano.config.settings"
    env.pop("MASHINDANO_CACHE_URL", None)
    # E-mail (sign-up, password reset) as files beside the database, for the tests to read.
    env["MASHINDANO_MAIL_DIR"] = str(db.parent / "mail")
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serving(
    db: Path, port: int, env: dict[str, str], *options: str, patience: float = 120
) -> Iterator[str]:
    """`mashindano serve` (granian) on `port` over `db` with `env`, until the block ends;
    yields its URL once it answers. Its output goes to a file beside the database (a full
    pipe would block the server), quoted when it does not start."""
    url = f"http://127.0.0.1:{port}"
    log = db.with_suffix(".log")
    command = [sys.executable, "-m", "mashindano.cli.main", "serve", "--db", str(db)]
    with log.open("wb") as output:
        server = subprocess.Popen(
            [*command, "--port", str(port), *options],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        # Generous: on a loaded 2-core machine granian's workers take a while to import Django.
        deadline = time.monotonic() + patience
        while True:
            try:
                urllib.request.urlopen(url + "/", timeout=5).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    server.kill()
                    error = log.read_text(errors="replace")
                    pytest.fail(f"the server did not start on {url}: {error[-2000:]}")
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def require_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    require_chromium()
    db = tmp_path_factory.mktemp("site") / "site.sqlite3"
    port = _free_port()
    site = Site(f"http://127.0.0.1:{port}", db)
    site.data("demo")
    site.data("live-setup", LIVE_EVENT)
    with serving(db, port, _env(db)):
        yield site


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


class Visit:
    """A browser context at one viewport that refuses (and remembers) requests leaving
    127.0.0.1."""

    def __init__(self, browser: Any, site: Site, width: int, height: int = 900) -> None:
        self.site = site
        self.outside: list[str] = []
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.context.route("**/*", self._guard)
        self.page = self.context.new_page()
        self.width = width

    def _guard(self, route: Any) -> None:
        host = urlsplit(route.request.url).hostname
        if host in ("127.0.0.1",) or route.request.url.startswith("data:"):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def open(self, path: str) -> Any:
        response = self.page.goto(self.site.url + path)
        assert response is not None
        return response

    def screenshot(self, name: str) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}-{self.width}.png"), full_page=True)

    def close(self) -> None:
        self.context.close()
        assert self.outside == [], f"requests left 127.0.0.1: {self.outside}"


@pytest.fixture
def phone(browser: Any, site: Site) -> Iterator[Visit]:
    visit = Visit(browser, site, 360, 740)
    yield visit
    visit.close()


@pytest.fixture
def desktop(browser: Any, site: Site) -> Iterator[Visit]:
    visit = Visit(browser, site, 1280)
    yield visit
    visit.close()
