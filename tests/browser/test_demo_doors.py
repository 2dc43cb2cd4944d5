"""Issue 29, "a living demo" and "findable doors", as browser journeys on `serve --demo` (the
real server over the demo it builds, at 360 and 1280 px):

- the home page lists the events in progress and says how to log in (demo mode only);
- a demo player logs in from the home page and reaches a Bao game board within three clicks;
- the Mwamuzi (arbiter) reaches the console from the header;
- outside demo mode (`serve` without --demo) the home page has no hint and the database no
  demo account.

Screenshots: var/screenshots/demo-*-{360,1280}.png."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.browser.conftest import DEMO_PASSWORD as PASSWORD
from tests.browser.conftest import Site, Visit, new_site, serving

from mashindano.app.demo import DEMO_PEOPLE, demo_email

# A whole journey through a real server (tens of seconds): `make test-slow`.
pytestmark = pytest.mark.slow

WIDTHS = (360, 1280)


def _fits(visit: Visit) -> None:
    width = visit.page.evaluate("document.documentElement.scrollWidth")
    assert width <= visit.width, f"{visit.page.url} is {width} px wide at {visit.width} px"


def _log_in(visit: Visit, username: str) -> int:
    """From the home page: the hint's "log in" link, the form sent. Returns the clicks."""
    visit.page.locator(".demo-hint a", has_text="log in").click()
    visit.page.wait_for_url("**/account/login/**")
    visit.page.locator("input[name=login]").fill(demo_email(username))
    visit.page.locator("input[name=password]").fill(PASSWORD)
    visit.page.locator("main form button[type=submit]").first.click()
    visit.page.wait_for_load_state()
    return 2


@pytest.mark.parametrize("width", WIDTHS)
def test_demo_home_lists_events_in_progress_and_the_login_hint(
    browser: Any, demo: Site, width: int
) -> None:
    visit = Visit(browser, demo, width)
    try:
        assert visit.open("/").status == 200
        hint = visit.page.locator(".demo-hint")
        expect(hint).to_be_visible()
        for username in DEMO_PEOPLE.usernames:
            expect(hint).to_contain_text(demo_email(username))
        expect(hint).to_contain_text("make run")
        assert PASSWORD not in visit.page.content()
        running = visit.page.locator("section", has=visit.page.locator("h2", has_text="Running"))
        expect(running).to_contain_text("KIBA Bao open (group stage, live)")
        expect(running).to_contain_text("Club Swiss (between rounds)")
        upcoming = visit.page.locator("section", has=visit.page.locator("h2", has_text="Upcoming"))
        expect(upcoming).to_contain_text("Spring round robin (registration open)")
        _fits(visit)
        visit.screenshot("demo-home")
        assert not visit.outside
    finally:
        visit.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_demo_player_reaches_a_bao_board_within_three_clicks(
    browser: Any, demo: Site, width: int
) -> None:
    visit = Visit(browser, demo, width, 740 if width < 600 else 900)
    try:
        visit.open("/")
        clicks = _log_in(visit, DEMO_PEOPLE.players[0])
        assert visit.page.url.endswith("/me/"), visit.page.url
        visit.screenshot("demo-player-me")
        visit.page.locator(".todo a.play").first.click()
        clicks += 1
        visit.page.wait_for_url("**/play/demo-kiba-bao-live/*/")
        assert clicks <= 3
        expect(visit.page.locator("svg.bao-board").first).to_be_visible()
        expect(visit.page.locator("svg.bao-board a.choosable").first).to_be_visible()
        _fits(visit)
        visit.screenshot("demo-player-board")
        assert not visit.outside
    finally:
        visit.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_mwamuzi_reaches_the_console_from_the_header(
    browser: Any, demo: Site, width: int
) -> None:
    visit = Visit(browser, demo, width)
    try:
        visit.open("/")
        _log_in(visit, DEMO_PEOPLE.arbiter)
        door = visit.page.locator("header.site a.door-console")
        expect(door).to_be_visible()
        door.click()
        visit.page.wait_for_url("**/console/")
        expect(visit.page.locator("main")).to_contain_text("KIBA Bao open (group stage, live)")
        _fits(visit)
        visit.screenshot("demo-mwamuzi-console")
        assert not visit.outside
    finally:
        visit.close()


def test_outside_demo_mode_no_hint_and_no_demo_accounts(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    site = new_site(Site, tmp_path_factory, "plain")
    with serving(site, "--no-worker", patience=300):
        visit = Visit(browser, site, 1280)
        try:
            assert visit.open("/").status == 200
            assert visit.page.locator(".demo-hint").count() == 0
            assert "demo-organiser" not in visit.page.content()
        finally:
            visit.close()
    with sqlite3.connect(site.db) as db:
        found = db.execute(
            "select count(*) from auth_user where username like 'demo-%'"
        ).fetchone()[0]
    assert found == 0
