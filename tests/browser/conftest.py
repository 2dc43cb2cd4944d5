"""Browser tests: the real server (`mashindano serve`, granian) over a database built once per
session (the demo events plus a running club Swiss for the live view), driven by Debian's
chromium through Playwright. Every page blocks and records requests that would leave
127.0.0.1; each test asserts there were none. Screenshots go to var/screenshots/."""

from __future__ import annotations

import json
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
GUIDE_PICTURES = REPOSITORY / "docs" / "guide" / "img"
GUIDE = {
    # screenshot name and width -> the picture in docs/guide/img (docs/guide/*.md show them)
    "demo-home-360": "player-home",
    "accounts-signup-360": "player-signup",
    "demo-player-me-360": "player-me",
    "demo-player-board-360": "player-board",
    "console-desk-1280": "organiser-desk",
    "console-draft-1280": "organiser-draft",
    "console-grid-done-1280": "organiser-grid",
    "console-draft-swiss-import-1280": "organiser-import",
    "console-draft-swiss-roles-1280": "organiser-roles",
    "console-audit-1280": "organiser-audit",
    "demo-mwamuzi-console-1280": "arbiter-console",
    "console-queues-dispute-1280": "arbiter-dispute",
    "console-correction-refused-1280": "arbiter-correction",
    "console-draft-swiss-do-player.sanction-1280": "arbiter-sanction",
    "player-join-360": "player-join",
    "times-me-360": "player-times",
    "game-talk-360": "player-talk",
    "report-form-360": "player-report-mwamuzi",
    "console-reports-1280": "arbiter-reports",
}
"""The screenshots the audience guides show: taking one also refreshes the guide's copy."""
SITE_DATA = Path(__file__).resolve().parent / "site_data.py"
LIVE_EVENT = "live-club"


class Site:
    script = SITE_DATA
    """The script `data` runs: site_data.py, or a test module's own."""

    def __init__(self, url: str, db: Path) -> None:
        self.url = url
        self.db = db

    def env(self) -> dict[str, str]:
        """The environment of the server and of the script."""
        return _env(self.db)

    def data(self, *args: str) -> str:
        """Run the site's script against the server's database (a separate process, so the
        documents and the app write exactly as any other client would); what it printed."""
        done = subprocess.run(
            [sys.executable, str(self.script), str(self.db), *args],
            check=True,
            capture_output=True,
            text=True,
            env=self.env(),
        )
        return done.stdout.strip()


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
    site: Site, *options: str, env: dict[str, str] | None = None, patience: float = 120
) -> Iterator[Site]:
    """`mashindano serve` (granian) at the site's URL over its database (with the site's
    environment unless `env`), until the block ends; yields the site once it answers. Its
    output goes to a file beside the database (a full pipe would block the server), quoted
    when it does not start."""
    url = site.url
    log = site.db.with_suffix(".log")
    command = [sys.executable, "-m", "mashindano.cli.main", "serve", "--db", str(site.db)]
    with log.open("wb") as output:
        server = subprocess.Popen(
            [*command, "--port", str(urlsplit(url).port), *options],
            env=env if env is not None else site.env(),
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
        yield site
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def new_site[S: Site](kind: type[S], factory: pytest.TempPathFactory, name: str) -> S:
    """A site of `kind` on a free port, its database in a new folder `name`; chromium must be
    there to test it."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    return kind(f"http://127.0.0.1:{_free_port()}", factory.mktemp(name) / "site.sqlite3")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    site = new_site(Site, tmp_path_factory, "site")
    site.data("demo")
    site.data("live-setup", LIVE_EVENT)
    with serving(site):
        yield site


DEMO_PASSWORD = "browser-demo-29"
"""The demo accounts' password on the `demo` site (`MASHINDANO_DEMO_PASSWORD`)."""


@pytest.fixture(scope="session")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """`serve --demo` over a new database: the finished events, the events in progress and the
    demo accounts (password `DEMO_PASSWORD`); built once per session and shared by the modules
    that need the living demo (test_demo_doors, test_accessibility)."""
    site = new_site(Site, tmp_path_factory, "demo")
    env = {**site.env(), "MASHINDANO_DEMO_PASSWORD": DEMO_PASSWORD}
    # The first start builds every finished event (no cache yet beside this database).
    with serving(site, "--demo", "--no-worker", env=env, patience=600):
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

    def __init__(
        self, browser: Any, site: Site, width: int, height: int = 900, **options: Any
    ) -> None:
        """`options` go to the browser context as they are (e.g. `timezone_id`)."""
        self.site = site
        self.outside: list[str] = []
        self.context = browser.new_context(viewport={"width": width, "height": height}, **options)
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
        refresh_guide(self.page, name, self.width)

    def close(self) -> None:
        self.context.close()
        assert self.outside == [], f"requests left 127.0.0.1: {self.outside}"


def refresh_guide(page: Any, name: str, width: int) -> None:
    """When the screenshot `name` at `width` is one the guides show, refresh the guide's copy
    (with MASHINDANO_REFRESH_GUIDE=1, e.g. `MASHINDANO_REFRESH_GUIDE=1 make test-all`: a test
    run leaves the tracked pictures alone otherwise)."""
    guide = GUIDE.get(f"{name}-{width}")
    if guide is not None and os.environ.get("MASHINDANO_REFRESH_GUIDE") == "1":
        guide_picture(page, guide)


def guide_picture(page: Any, name: str) -> Path:
    """The page's first screen as docs/guide/img/`name`.png, kept small: a phone screen as it
    is, a wider one at half scale."""
    from io import BytesIO

    from PIL import Image

    GUIDE_PICTURES.mkdir(parents=True, exist_ok=True)
    image: Image.Image = Image.open(BytesIO(page.screenshot(full_page=False)))
    if image.width > 600:
        image = image.resize((image.width // 2, image.height // 2), Image.Resampling.LANCZOS)
    target = GUIDE_PICTURES / f"{name}.png"
    image.convert("RGB").quantize(colors=128).save(target, optimize=True)
    return target


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


# -- the player journeys' site: own database, a clock the test sets ---------------------------
# (tests/browser/test_player_journeys.py, test_gomoku_arbiter.py; player_data.py sets it up)


DATA = Path(__file__).resolve().parent / "player_data.py"
CLOCK_DIR = Path(__file__).resolve().parent / "clock"


class JourneySite(Site):
    script = DATA

    @property
    def clock(self) -> Path:
        return self.db.parent / "clock"

    def env(self) -> dict[str, str]:
        return {
            **super().env(),
            "MASHINDANO_TEST_CLOCK": str(self.clock),
            "PYTHONPATH": os.pathsep.join(
                [str(CLOCK_DIR), str(REPOSITORY), os.environ.get("PYTHONPATH", "")]
            ),
        }

    def set_clock(self, instant: str) -> None:
        self.clock.write_text(instant, encoding="utf-8")


@contextmanager
def journey_site[S: JourneySite](
    kind: type[S], factory: pytest.TempPathFactory, name: str, clock: str, *setup: str
) -> Iterator[S]:
    """A site of `kind` in a new folder `name`, its clock at `clock`, set up by its script
    (`setup` with the arguments `setup`) and served until the block ends."""
    site = new_site(kind, factory, name)
    site.set_clock(clock)
    site.data("setup", *setup)
    with serving(site):
        yield site


@pytest.fixture(scope="module")
def journeys(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JourneySite]:
    clock = "2026-03-10T10:00:00+00:00"
    with journey_site(JourneySite, tmp_path_factory, "journeys", clock) as site:
        yield site


def signed_in(browser: Any, site: Site, session: str | None, width: int) -> Visit:
    """A visit at `width` (a phone's height below 600 px) with the session cookie `session`
    (None: anonymous)."""
    visit = Visit(browser, site, width, 740 if width < 600 else 900)
    if session is not None:
        visit.context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    return visit


def as_user(browser: Any, site: Site, user: str, width: int = 1280) -> Visit:
    return signed_in(browser, site, site.data("login", user), width)


def fits(visit: Visit) -> None:
    """No horizontal scrolling at the visit's width."""
    width = visit.page.evaluate("document.documentElement.scrollWidth")
    assert width <= visit.width, f"{visit.page.url} is {width}px wide at {visit.width}px"


def shot(visit: Visit, folder: Path, name: str) -> None:
    """The whole page as `folder`/`name`-`width`.png, checked for horizontal scrolling below
    600 px."""
    folder.mkdir(parents=True, exist_ok=True)
    if visit.width < 600:
        fits(visit)
    visit.page.screenshot(path=str(folder / f"{name}-{visit.width}.png"), full_page=True)


LOOK = Path("/tmp/shots/look")
"""Screenshots of the pages looked at in English and Persian side by side."""


def speak(visit: Visit, language: str) -> None:
    """The visit's pages in `language` (the switcher's cookie)."""
    visit.context.add_cookies(
        [{"name": "django_language", "value": language, "url": visit.site.url}]
    )


def look(visit: Visit, name: str, language: str) -> None:
    """The page as `name`-`language`-width.png in /tmp/shots/look, checked at a phone's width
    for sideways scrolling (and in Persian for reading right to left)."""
    visit.page.wait_for_load_state("load")
    if visit.width < 600:
        fits(visit)
    if language == "fa":
        assert visit.page.locator("html").get_attribute("dir") == "rtl"
    LOOK.mkdir(parents=True, exist_ok=True)
    path = LOOK / f"{name}-{language}-{visit.width}.png"
    visit.page.screenshot(path=str(path), full_page=True)


LEFT_EDGES = """(element, wanted) => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const seen = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      if (node.data[i] === '\\u200e') continue;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      seen.push([node.data[i], range.getBoundingClientRect().left]);
    }
  }
  const at = seen.map((c) => c[0]).join('').indexOf(wanted);
  return at < 0 ? null : seen.slice(at, at + wanted.length).map((c) => c[1]);
}"""


def reads_left_to_right(element: Any, wanted: str) -> None:
    """`wanted` ("2½", "2–0", "2026-03-14 10:00") is in the element's text and shows on the
    screen in that order, left to right, on a right-to-left page too (within one line)."""
    lefts = element.evaluate(LEFT_EDGES, wanted)
    assert lefts is not None, f"{wanted!r} is not in {element.inner_text()!r}"
    assert lefts == sorted(lefts), f"{wanted!r} is reordered on the screen: {lefts}"


def shots(
    browser: Any, site: Site, user: str | None, path: str, name: str, prefix: str = "player"
) -> None:
    """The page at 360 px (checked for horizontal scrolling) and 1280 px, as `user` (None:
    anonymous), saved as `prefix`-`name`."""
    for width in (360, 1280):
        if user is None:
            visit = Visit(browser, site, width, 740 if width < 600 else 900)
        else:
            visit = as_user(browser, site, user, width)
        try:
            visit.open(path)
            fits(visit)
            visit.screenshot(f"{prefix}-{name}")
        finally:
            visit.close()


def facts(site: JourneySite, slug: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(site.data("facts", slug))
    return found
