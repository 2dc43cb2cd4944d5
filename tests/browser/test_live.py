"""The live view shows a result reported through the app layer within 2 seconds, without a
reload, and rotates its panels."""

from __future__ import annotations

import time

from playwright.sync_api import expect
from tests.browser.conftest import LIVE_EVENT, Site, Visit


def test_live_view_shows_a_new_result_within_two_seconds(site: Site, desktop: Visit) -> None:
    desktop.open(f"/e/{LIVE_EVENT}/live/?rotate=600")
    cell = desktop.page.locator('#live [data-panel="pairings"] td.result[data-board="1"]')
    assert cell.is_visible()
    assert cell.inner_text().strip() == "–"
    desktop.page.evaluate("window.__notReloaded = true")
    site.data("report", LIVE_EVENT, "1", "1", "1-0")  # returns once the result is committed
    recorded = time.monotonic()
    expect(cell).to_have_text("1-0", timeout=2000)
    elapsed = time.monotonic() - recorded
    assert elapsed <= 2.0
    assert desktop.page.evaluate("window.__notReloaded") is True  # no reload happened
    desktop.screenshot("live-club-live")


def test_live_view_rotates_between_pairings_and_standings(site: Site, desktop: Visit) -> None:
    desktop.open(f"/e/{LIVE_EVENT}/live/?rotate=3")
    pairings = desktop.page.locator('#live [data-panel="pairings"]')
    standings = desktop.page.locator('#live [data-panel="standings-1"]')
    assert pairings.is_visible()
    assert not standings.is_visible()
    standings.wait_for(state="visible", timeout=6000)
    assert not pairings.is_visible()
